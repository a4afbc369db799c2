//! The genus of an impartial game (Conway, On Numbers and Games, ch. 12): what a game does in
//! misère sums.
//!
//! The genus of `G` is `g^γ0γ1γ2…`, where `g` is the normal-play nim-value and `γk` the misère
//! nim-value of `G + 2 + … + 2` (k nim heaps of 2). The misère nim-value `G⁻` is 1 for a game with
//! no move and the mex of the options' misère values otherwise; `G` is a misère P-position iff
//! `γ0 = 0`. The superscripts become 2-periodic (they alternate) and are written up to where the
//! alternation starts, as CGSuite writes them: Kayles' heap 5 is `4^146` (γ = 1, 4, 6, 4, 6, …).
//! A nim heap `*n` has genus `0^120`, `1^031` or `n^(n)(n⊕2)`; a genus equal to a nim heap's is
//! written as the bare number (`2`).
//!
//! The genus of a game follows from its options' genera (no search of the sums with 2s):
//! `g` and `γ0` are mexes of the options' `g` and `γ0`, and for k ≥ 1
//! `γk = mex({γk of each option} ∪ {γ(k−1), γ(k−1) ⊕ 1})`: the options of `G + 2·k` are the
//! options of `G` plus `2·k`, then `G + 2·(k−1)` (a 2 taken whole) and `G + 2·(k−1) + 1` (a 2
//! reduced to 1), whose misère value is `γ(k−1) ⊕ 1` because adding a nim heap of 1 flips the last
//! bit of every misère nim-value (by induction on the options, the empty game aside).

use std::fmt;

use super::{MexSet, Outcome};

/// A genus `g^γ0γ1…`: the normal nim-value and the misère superscripts up to where they alternate.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    normal: u64,
    // Invariant: at least two digits; past the last, digits alternate between the last two
    // (`misere[k] = misere[k - 2]`); the last differs from the one two before it, if any.
    misere: Vec<u64>,
}

impl Genus {
    /// The genus of the nim heap `*n`: `0^120`, `1^031`, `n^(n)(n⊕2)` for n ≥ 2.
    pub fn nim_heap(n: u64) -> Genus {
        let misere = match n {
            0 => vec![1, 2, 0],
            1 => vec![0, 3, 1],
            n => vec![n, n ^ 2],
        };
        Genus { normal: n, misere }
    }

    /// The genus of a game whose options have the genera `options`; the empty list is the game with
    /// no move (genus `0^120`).
    pub fn from_options<'a>(options: impl IntoIterator<Item = &'a Genus>) -> Genus {
        let options: Vec<&Genus> = options.into_iter().collect();
        if options.is_empty() {
            return Genus::nim_heap(0);
        }
        let mut set = MexSet::new();
        let count = options.len() + 2;
        let normal = set.mex(count, options.iter().map(|g| g.normal));
        // Past the longest option's written digits, every option alternates; the sequence then
        // settles into alternation within two more digits (its values lie among two mexes per
        // parity), so a margin of six is ample and checked below.
        let longest = options.iter().map(|g| g.misere.len()).max().unwrap_or(2);
        let len = longest + 6;
        let mut digits = Vec::with_capacity(len);
        digits.push(set.mex(count, options.iter().map(|g| g.digit(0))));
        for k in 1..len {
            let previous = digits[k - 1];
            let next = set.mex(
                count,
                options
                    .iter()
                    .map(|g| g.digit(k))
                    .chain([previous, previous ^ 1]),
            );
            digits.push(next);
        }
        debug_assert!(digits[len - 1] == digits[len - 3] && digits[len - 2] == digits[len - 4]);
        while digits.len() > 2 && digits[digits.len() - 1] == digits[digits.len() - 3] {
            digits.pop();
        }
        Genus {
            normal,
            misere: digits,
        }
    }

    /// The normal-play nim-value `g`.
    pub fn normal(&self) -> u64 {
        self.normal
    }

    /// The misère nim-value `γ0`: 0 exactly when the game is a misère P-position.
    pub fn misere(&self) -> u64 {
        self.misere[0]
    }

    /// The superscript `γk` for any k.
    pub fn digit(&self, k: usize) -> u64 {
        let len = self.misere.len();
        if k < len {
            self.misere[k]
        } else {
            self.misere[len - 2 + ((len ^ k) & 1)]
        }
    }

    /// The superscripts as written: up to where they start to alternate (at least two).
    pub fn superscripts(&self) -> &[u64] {
        &self.misere
    }

    /// Whether this is the genus of a nim heap (then it is written as the bare number).
    pub fn is_nim_heap(&self) -> bool {
        *self == Genus::nim_heap(self.normal)
    }

    /// Whether the genus is one of the tame genera: the *fickle* `0^120` and `1^031` (those of the
    /// nim heaps 0 and 1), or the *firm* `0^02`, `1^13` and `a^(a)(a⊕2)` for a ≥ 2.
    pub fn is_tame(&self) -> bool {
        self.is_fickle() || self.is_firm()
    }

    /// `0^120` or `1^031`: a tame game that plays like a nim heap of 0 or 1 in misère sums.
    pub fn is_fickle(&self) -> bool {
        self.normal < 2 && *self == Genus::nim_heap(self.normal)
    }

    /// `0^02`, `1^13` or `a^(a)(a⊕2)`: a tame game that plays like a nim heap of 2 or more.
    pub fn is_firm(&self) -> bool {
        self.misere == [self.normal, self.normal ^ 2]
    }

    /// The misère outcome of a sum of hereditarily tame games (each game and every position it
    /// can reach has a tame genus) with these genera, by Conway's rule: the sum is tame, its
    /// nim-value the XOR of theirs, fickle when every part is fickle (then it is a misère
    /// P-position iff that XOR is 1) and firm otherwise (P iff the XOR is 0). Misère Nim is the
    /// case of nim heaps; the contest form for Anti-SG games ("SJ") is the case where every part
    /// with a nim-value of 0 or 1 is fickle. `None` when a genus is not tame.
    ///
    /// Only the genera are looked at: the caller must know that every follower of each part is
    /// tame too (the genus search records it).
    pub fn tame_sum_outcome<'a>(parts: impl IntoIterator<Item = &'a Genus>) -> Option<Outcome> {
        let mut xor = 0;
        let mut fickle = true;
        for g in parts {
            if !g.is_tame() {
                return None;
            }
            xor ^= g.normal;
            fickle &= g.is_fickle();
        }
        let lost = if fickle { xor == 1 } else { xor == 0 };
        Some(if lost { Outcome::P } else { Outcome::N })
    }
}

impl fmt::Display for Genus {
    /// `4^146`; a superscript of two or more digits puts them in brackets with commas
    /// (`5^(10,8)`); a nim heap's genus is the bare number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.normal)?;
        if self.is_nim_heap() {
            return Ok(());
        }
        let digits: Vec<String> = self.misere.iter().map(u64::to_string).collect();
        if self.misere.iter().any(|&d| d >= 10) {
            write!(f, "^({})", digits.join(","))
        } else {
            write!(f, "^{}", digits.concat())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Misère nim-values of `G + 2·k` by plain search, G a game tree.
    #[derive(Clone)]
    struct Tree(Vec<Tree>);

    fn misere_value(trees: &[Tree], twos: usize) -> u64 {
        let mut options = Vec::new();
        for i in 0..trees.len() {
            for o in &trees[i].0 {
                let mut next = trees.to_vec();
                next[i] = o.clone();
                options.push(misere_value(&next, twos));
            }
        }
        if twos > 0 {
            let mut with_one = trees.to_vec();
            with_one.push(Tree(vec![Tree(vec![])]));
            options.push(misere_value(&with_one, twos - 1));
            options.push(misere_value(trees, twos - 1));
        }
        if options.is_empty() {
            1
        } else {
            (0..).find(|x| !options.contains(x)).unwrap()
        }
    }

    fn genus_of(tree: &Tree) -> Genus {
        let options: Vec<Genus> = tree.0.iter().map(genus_of).collect();
        Genus::from_options(&options)
    }

    fn nim(n: usize) -> Tree {
        Tree((0..n).map(nim).collect())
    }

    #[test]
    fn nim_heaps_have_their_textbook_genera_from_the_recursion() {
        for n in 0..6 {
            assert_eq!(genus_of(&nim(n)), Genus::nim_heap(n as u64), "*{n}");
            assert_eq!(genus_of(&nim(n)).to_string(), n.to_string());
        }
        assert_eq!(Genus::nim_heap(0).superscripts(), &[1, 2, 0]);
        assert_eq!(Genus::nim_heap(1).superscripts(), &[0, 3, 1]);
    }

    #[test]
    fn the_recursion_agrees_with_searching_the_sums_with_twos() {
        // Every game tree of small birthday: built from the trees of the day before.
        let mut trees = vec![Tree(vec![])];
        for _ in 0..3 {
            let mut next = Vec::new();
            let n = trees.len().min(5);
            for mask in 0u32..(1 << n) {
                next.push(Tree(
                    (0..n)
                        .filter(|i| mask >> i & 1 == 1)
                        .map(|i| trees[i].clone())
                        .collect(),
                ));
            }
            trees = next;
        }
        for tree in &trees {
            let genus = genus_of(tree);
            for k in 0..5 {
                assert_eq!(
                    genus.digit(k),
                    misere_value(std::slice::from_ref(tree), k),
                    "γ{k} of {genus}"
                );
            }
        }
    }

    #[test]
    fn the_contest_sj_rule_is_the_tame_rule_on_nim_heap_genera() {
        // SJ (Anti-SG): the player to move wins iff the XOR is not 0 and some part's value is
        // above 1, or the XOR is 0 and none is.
        for a in 0..6u64 {
            for b in 0..6u64 {
                for c in 0..6u64 {
                    let parts = [a, b, c].map(Genus::nim_heap);
                    let xor = a ^ b ^ c;
                    let big = [a, b, c].iter().any(|&v| v > 1);
                    let sj_wins = (xor != 0 && big) || (xor == 0 && !big);
                    let rule = Genus::tame_sum_outcome(&parts).unwrap();
                    assert_eq!(rule == Outcome::N, sj_wins, "{a} {b} {c}");
                }
            }
        }
    }

    #[test]
    fn written_as_cgsuite_writes_it() {
        let g = Genus {
            normal: 4,
            misere: vec![1, 4, 6],
        };
        assert_eq!(g.to_string(), "4^146");
        assert_eq!(g.digit(3), 4);
        assert_eq!(g.digit(4), 6);
        let wide = Genus {
            normal: 5,
            misere: vec![10, 8],
        };
        assert_eq!(wide.to_string(), "5^(10,8)");
        let zero_zero = Genus {
            normal: 0,
            misere: vec![0, 2],
        };
        assert_eq!(zero_zero.to_string(), "0^02");
    }
}
