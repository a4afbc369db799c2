//! Bash's game (巴什博弈) and its take-range form: one heap; a move takes between `min` and `max`
//! tokens (plain Bash: `min` = 1). When fewer than `min` tokens are left, the player to move must
//! take them all. In normal play whoever takes the last token wins; in misère play (HDU 2897,
//! 邂逅明下) whoever takes the last token loses.
//!
//! Write q = min + max. The closed forms (Bash's rule is folklore, seeds 000 §2 and 001; the
//! take-range forms are proved by induction on the heap and checked below against brute force):
//! - normal play: n is a P-position iff n mod q ∈ {0} ∪ {max + 1, …, max + min − 1}, that is,
//!   iff (n − max − 1) mod q < min. Plain Bash: iff n mod (max + 1) = 0.
//! - misère play: n is a P-position iff n mod q ∈ {1, …, min}, that is, iff (n − 1) mod q < min
//!   (HDU 2897; plain misère Bash: iff n mod (max + 1) = 1).
//! - the nim-value in normal play: 0 for n = 0; otherwise, with r = (n − 1) mod q, it is
//!   ⌊r / min⌋ + 1 when r < max and 0 when r ≥ max. Plain Bash: n mod (max + 1).
//! - the remoteness in normal play (the moves left when the winner hurries and the loser
//!   stalls): with m = n + min − 1, it is 2⌊m / q⌋ for a P-position (m mod q < min) and
//!   2⌊m / q⌋ + 1 otherwise. Plain Bash: 2⌊n / (max + 1)⌋, plus 1 unless max + 1 divides n.
//!   Proof: the P-positions are 0 and the windows W_k = [kq − min + 1, kq] (k ≥ 1), the
//!   N-positions the gaps G_k = [kq + 1, (k + 1)q − min] (k ≥ 0), and ⌊m / q⌋ = k on both. A
//!   heap of G_0 (at most max) can be taken whole: 1. From G_k, k ≥ 1, the options
//!   [n − max, n − min] lie above W_(k−1) (n − max ≥ (k − 1)q + min + 1) and below W_(k+1), so
//!   its lost options are in W_k: 2k + 1. From W_k every option is won and the options lie in
//!   G_(k−1) (n − max ≥ (k − 1)q + 1 and n − min < kq − min + 1): 2(k − 1) + 2 = 2k. Induction
//!   on k does the rest.
//!
//! In both plays the P-positions are one window of `min` consecutive residues modulo q, so the
//! positions a move can reach from n (the interval [n − max, n − min], or 0 alone when n < min)
//! meet the P-positions in at most one run: the window is followed by a gap of max ≥ max − min + 1
//! residues. The winning moves are therefore one range of takes, found with a few divisions on
//! [`BigUint`], whatever the size of the heap or of the bounds.

use num_bigint::BigUint;
use num_traits::{One, Zero};

use crate::Impartial;

/// The take-range game over a machine-word heap in normal play, for the generic solvers.
#[derive(Clone, Copy, Debug)]
pub struct Bash {
    /// The fewest tokens a move takes (unless fewer are left). At least 1.
    pub min: u64,
    /// The most tokens a move takes. At least `min`.
    pub max: u64,
}

impl Impartial for Bash {
    type Position = u64;

    fn options(&self, &heap: &u64, options: &mut Vec<u64>) {
        if heap == 0 {
            return;
        }
        if heap < self.min {
            options.push(0);
            return;
        }
        options.extend((self.min..=self.max.min(heap)).map(|take| heap - take));
    }
}

/// The rules of a take-range game on big integers: take `min..=max` tokens, all that is left when
/// fewer than `min` are left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BashRules {
    // Invariant: 1 <= min <= max.
    min: BigUint,
    max: BigUint,
}

impl BashRules {
    /// The rules taking `min..=max`; `None` unless 1 ≤ `min` ≤ `max`.
    ///
    /// # Examples
    ///
    /// ```
    /// use num_bigint::BigUint;
    /// use sprague::games::bash::BashRules;
    /// let rules = BashRules::new(BigUint::from(1u32), BigUint::from(3u32)).unwrap();
    /// assert!(rules.is_p_position(&BigUint::from(8u32), false));
    /// assert!(BashRules::new(BigUint::from(0u32), BigUint::from(3u32)).is_none());
    /// ```
    pub fn new(min: BigUint, max: BigUint) -> Option<BashRules> {
        (!min.is_zero() && min <= max).then_some(BashRules { min, max })
    }

    /// The fewest tokens a move takes.
    pub fn min(&self) -> &BigUint {
        &self.min
    }

    /// The most tokens a move takes.
    pub fn max(&self) -> &BigUint {
        &self.max
    }

    fn period(&self) -> BigUint {
        &self.min + &self.max
    }

    /// (n − c) mod q, where the P-positions are those with this below `min`: c = max + 1 in
    /// normal play, 1 in misère play.
    fn residue(&self, n: &BigUint, misere: bool) -> BigUint {
        let q = self.period();
        let c = if misere {
            BigUint::one()
        } else {
            &self.max + 1u32
        };
        let shift = (&q - (c % &q)) % &q;
        (n + shift) % q
    }

    /// Whether a heap of `n` is a P-position (the player to move loses).
    pub fn is_p_position(&self, n: &BigUint, misere: bool) -> bool {
        self.residue(n, misere) < self.min
    }

    /// The nim-value of a heap of `n` in normal play.
    ///
    /// # Examples
    ///
    /// ```
    /// use num_bigint::BigUint;
    /// use sprague::games::bash::BashRules;
    /// let bash = BashRules::new(BigUint::from(1u32), BigUint::from(3u32)).unwrap();
    /// assert_eq!(bash.nim_value(&BigUint::from(10u32)), BigUint::from(2u32)); // 10 mod 4
    /// ```
    pub fn nim_value(&self, n: &BigUint) -> BigUint {
        if n.is_zero() {
            return BigUint::zero();
        }
        let r = (n - 1u32) % self.period();
        if r < self.max {
            r / &self.min + 1u32
        } else {
            BigUint::zero()
        }
    }

    /// The remoteness of a heap of `n` in normal play: the moves the game lasts when the winner
    /// plays to win as fast as possible and the loser to lose as slowly as possible (odd exactly
    /// when the player to move wins). See the module notes for the closed form.
    ///
    /// # Examples
    ///
    /// ```
    /// use num_bigint::BigUint;
    /// use sprague::games::bash::BashRules;
    /// let bash = BashRules::new(BigUint::from(1u32), BigUint::from(3u32)).unwrap();
    /// // 10: take 2, leaving 8; then each round of two moves takes four tokens.
    /// assert_eq!(bash.remoteness(&BigUint::from(10u32)), BigUint::from(5u32));
    /// assert_eq!(bash.remoteness(&BigUint::from(8u32)), BigUint::from(4u32));
    /// ```
    pub fn remoteness(&self, n: &BigUint) -> BigUint {
        let q = self.period();
        let m = n + &self.min - 1u32;
        let rounds = (&m / &q) * 2u32;
        if m % q < self.min {
            rounds
        } else {
            rounds + 1u32
        }
    }

    /// The takes allowed from a heap of `n`, as an inclusive range; `None` for the empty heap.
    pub fn takes(&self, n: &BigUint) -> Option<(BigUint, BigUint)> {
        if n.is_zero() {
            None
        } else if *n < self.min {
            Some((n.clone(), n.clone()))
        } else {
            Some((self.min.clone(), n.min(&self.max).clone()))
        }
    }

    /// The winning takes from a heap of `n`, as an inclusive range `(least, most)`; `None` when
    /// there is none (the heap is a P-position, or empty). Every take in the range wins and no
    /// other does (see the module notes).
    ///
    /// # Examples
    ///
    /// ```
    /// use num_bigint::BigUint;
    /// use sprague::games::bash::BashRules;
    /// let b = |n: u32| BigUint::from(n);
    /// // HDU 2897: take 2..4, whoever takes the last token loses; from 9, leave 7 (7 mod 6 = 1).
    /// let rules = BashRules::new(b(2), b(4)).unwrap();
    /// assert_eq!(rules.winning_takes(&b(9), true), Some((b(2), b(2))));
    /// ```
    pub fn winning_takes(&self, n: &BigUint, misere: bool) -> Option<(BigUint, BigUint)> {
        let (least_take, most_take) = self.takes(n)?;
        // The reachable heaps are the interval [low, high].
        let (low, high) = (n - &most_take, n - &least_take);
        let r = self.residue(&high, misere);
        // The largest P-position at most `high`: `high` itself, or the last of the window before.
        let top = if r < self.min {
            high
        } else {
            let back = &r - (&self.min - 1u32);
            if back > high {
                return None;
            }
            high - back
        };
        if top < low {
            return None;
        }
        // The start of the window holding `top`, clipped to the interval.
        let offset = self.residue(&top, misere);
        let bottom = if offset > top {
            low
        } else {
            (&top - offset).max(low)
        };
        Some((n - top, n - bottom))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MemoSolver;
    use crate::value::Outcome;
    use std::collections::HashMap;

    fn b(n: u64) -> BigUint {
        BigUint::from(n)
    }

    #[test]
    fn remoteness_agrees_with_the_search() {
        for min in 1..=5u64 {
            for max in min..=9 {
                let game = Bash { min, max };
                let rules = BashRules::new(b(min), b(max)).unwrap();
                let mut solver = crate::solve::remoteness::RemotenessSolver::new(&game, 1 << 16);
                for n in 0..=120u64 {
                    assert_eq!(
                        rules.remoteness(&b(n)),
                        b(solver.remoteness(&n).unwrap()),
                        "{min}..{max} {n}"
                    );
                }
            }
        }
        // Any size: a P-position of plain Bash (max + 1 divides it), lost in two moves a round.
        let rules = BashRules::new(b(1), b(3)).unwrap();
        let huge: BigUint = "400000000000000000000000000000000000000000"
            .parse()
            .unwrap();
        assert_eq!(rules.remoteness(&huge), &huge / 2u32);
        assert_eq!(rules.remoteness(&(&huge + 1u32)), &huge / 2u32 + 1u32);
    }

    /// The options of a heap of `n` in the take-range game (the same in both plays).
    fn options(min: u64, max: u64, n: u64) -> Vec<u64> {
        let mut res = Vec::new();
        Bash { min, max }.options(&n, &mut res);
        res
    }

    /// Misère play by plain search: with no token left, the player to move has won.
    fn misere_win(min: u64, max: u64, n: u64, memo: &mut HashMap<u64, bool>) -> bool {
        if n == 0 {
            return true;
        }
        if let Some(&w) = memo.get(&n) {
            return w;
        }
        let win = options(min, max, n)
            .into_iter()
            .any(|o| !misere_win(min, max, o, memo));
        memo.insert(n, win);
        win
    }

    fn expected_takes(n: u64, mut wins: impl FnMut(u64) -> bool, opts: &[u64]) -> Vec<u64> {
        let mut takes: Vec<u64> = opts.iter().filter(|&&o| !wins(o)).map(|&o| n - o).collect();
        takes.sort_unstable();
        takes
    }

    fn range_to_vec(range: Option<(BigUint, BigUint)>) -> Vec<u64> {
        match range {
            None => Vec::new(),
            Some((lo, hi)) => {
                let (lo, hi): (u64, u64) = (lo.try_into().unwrap(), hi.try_into().unwrap());
                assert!(lo <= hi);
                (lo..=hi).collect()
            }
        }
    }

    #[test]
    fn closed_forms_agree_with_brute_force() {
        for max in 1..=10u64 {
            for min in 1..=max {
                let rules = BashRules::new(b(min), b(max)).unwrap();
                let game = Bash { min, max };
                let mut solver = MemoSolver::new(&game);
                let mut misere_memo = HashMap::new();
                for n in 0..=200u64 {
                    let opts = options(min, max, n);
                    let value = solver.grundy_value(&n).unwrap().value();
                    assert_eq!(rules.nim_value(&b(n)), b(value), "{min}..{max}, {n}");
                    let lost = solver.outcome(&n).unwrap() == Outcome::P;
                    assert_eq!(rules.is_p_position(&b(n), false), lost, "{min}..{max} {n}");
                    let misere_lost = !misere_win(min, max, n, &mut misere_memo);
                    assert_eq!(rules.is_p_position(&b(n), true), misere_lost, "{n}");

                    let normal =
                        expected_takes(n, |o| solver.outcome(&o).unwrap() == Outcome::N, &opts);
                    assert_eq!(range_to_vec(rules.winning_takes(&b(n), false)), normal);
                    let misere =
                        expected_takes(n, |o| misere_win(min, max, o, &mut misere_memo), &opts);
                    assert_eq!(
                        range_to_vec(rules.winning_takes(&b(n), true)),
                        misere,
                        "misère {min}..{max}, {n}"
                    );
                    let all: Vec<u64> = opts.iter().map(|o| n - o).collect();
                    assert_eq!(range_to_vec(rules.takes(&b(n))), all);
                }
            }
        }
    }

    #[test]
    fn huge_heaps_and_bounds() {
        let ten = |e: u32| BigUint::from(10u32).pow(e);
        let rules = BashRules::new(b(1), ten(30)).unwrap();
        let n = ten(60) + 7u32;
        // 10^60 + 7 mod (10^30 + 1): 10^30 ≡ −1, so 10^60 ≡ 1 and the residue is 8.
        assert_eq!(rules.nim_value(&n), b(8));
        assert_eq!(rules.winning_takes(&n, false), Some((b(8), b(8))));
        assert_eq!(rules.winning_takes(&n, true), Some((b(7), b(7))));
    }

    #[test]
    fn judge_samples() {
        let plain = |max: u64| BashRules::new(b(1), b(max)).unwrap();
        // HDU 1846 / the seeds' rule: n = 15, m = 3 is won, by taking 3.
        assert_eq!(plain(3).winning_takes(&b(15), false), Some((b(3), b(3))));
        // The seeds' misère example (001): n = 15, m = 3 is won by taking 2 (leave 13 ≡ 1 mod 4).
        assert_eq!(plain(3).winning_takes(&b(15), true), Some((b(2), b(2))));
        // HDU 2149: price 4, raises 1..2: bid 1; price 3, raises 1..2: none.
        assert_eq!(plain(2).winning_takes(&b(4), false), Some((b(1), b(1))));
        assert_eq!(plain(2).winning_takes(&b(3), false), None);
        // HDU 2188: 8 with 1..10 is won (Grass), 11 with 1..10 is lost (Rabbit).
        assert!(!plain(10).is_p_position(&b(8), false));
        assert!(plain(10).is_p_position(&b(11), false));
        // HDU 2897: n p q = 7 2 4 is LOST, 6 2 4 is WIN.
        let range = BashRules::new(b(2), b(4)).unwrap();
        assert!(range.is_p_position(&b(7), true));
        assert!(!range.is_p_position(&b(6), true));
    }

    #[test]
    fn hdu_1847_powers_of_two_play_like_bash_with_max_2() {
        // Take any power of two: a subtraction game whose outcomes are those of Bash with max 2,
        // since powers of two are 1 or 2 mod 3 (samples: 1 is Kiki's win, 3 is Cici's).
        let mut lost = vec![true; 1001];
        for n in 1..=1000usize {
            lost[n] = !(0..10).map(|e| 1usize << e).any(|t| t <= n && lost[n - t]);
        }
        let bash = BashRules::new(b(1), b(2)).unwrap();
        for (n, &is_lost) in lost.iter().enumerate() {
            assert_eq!(bash.is_p_position(&b(n as u64), false), is_lost, "{n}");
        }
        assert!(!lost[1] && lost[3]);
    }
}
