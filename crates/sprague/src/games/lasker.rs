//! Lasker's Nim: heaps of tokens; a move either takes any positive number of tokens from one heap,
//! or splits one heap into two non-empty heaps. Whoever cannot move loses.
//!
//! A split turns one heap into a sum of two, so a position is a multiset of heaps and its nim-value
//! is the XOR of the heaps' values (the Sprague–Grundy theorem; Multi-SG). The values of a single
//! heap have a closed form (Lasker, 1931; Winning Ways, ch. 4, "Lasker's Nim"):
//! G(0) = 0 and, for n ≥ 1,
//!
//! | n mod 4 | 1 | 2 | 3 | 0 |
//! | --- | --- | --- | --- | --- |
//! | G(n) | n | n | n + 1 | n − 1 |
//!
//! so G swaps 4k + 3 and 4k + 4 and fixes every other number: it is its own inverse. It is checked
//! here against memoised search on every heap up to 200.
//!
//! # Winning splits of a big heap
//!
//! A split a + b = h wins when G(a) ⊕ G(b) = t, with t = G(h) ⊕ X and X the value of the position.
//! Heaps may be far too big to try every a, and the number of winning splits can be exponential in
//! the number of digits, so they are found by arithmetic. Write u = G(a), w = G(b), so a = G(u),
//! b = G(w), and G(x) = x + δ(x mod 4) with δ = −1, 0, 0, +1 for residues 0, 1, 2, 3 (x ≥ 1). For
//! each choice of u mod 4 (then w mod 4 is fixed by u ⊕ w = t), d = δ(u) + δ(w) is known and the
//! conditions become u ⊕ w = t and u + w = h − d. As u + w = (u ⊕ w) + 2(u ∧ w), the common bits
//! are c = (h − d − t)/2, which must be a non-negative integer with c ∧ t = 0 and with low bits
//! agreeing with the residues. The solutions are then u = c ∨ x, w = c ∨ (t ⊕ x), for x over the
//! submasks of t with the residues' low bits: 2^(bits of t above the last two) per residue class,
//! less the ones where u or w is 0. They are counted exactly and listed lazily in increasing a.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

use crate::Impartial;

/// Lasker's Nim as a ruleset over machine-word heaps, for the generic solvers. A position is a
/// multiset of heaps, kept sorted with no empty heap; each heap is a component, so a split yields
/// a sum of two.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lasker;

impl Lasker {
    /// The position of a list of heaps: sorted, empty heaps dropped.
    pub fn position(heaps: &[u64]) -> Vec<u64> {
        super::sorted_heaps(heaps)
    }
}

impl Impartial for Lasker {
    type Position = Vec<u64>;

    fn options(&self, position: &Vec<u64>, options: &mut Vec<Vec<u64>>) {
        for (idx, &heap) in position.iter().enumerate() {
            let mut rest = position.clone();
            rest.remove(idx);
            for smaller in 0..heap {
                let mut next = rest.clone();
                next.push(smaller);
                options.push(Lasker::position(&next));
            }
            for part in 1..=heap / 2 {
                let mut next = rest.clone();
                next.extend([part, heap - part]);
                options.push(Lasker::position(&next));
            }
        }
    }

    fn components(&self, position: &Vec<u64>, components: &mut Vec<Vec<u64>>) {
        components.extend(position.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
    }
}

/// The nim-value of one heap, by the closed form. Its own inverse: `grundy_value(grundy_value(n))
/// == n`.
///
/// # Examples
///
/// ```
/// use num_bigint::BigUint;
/// use sprague::games::lasker::grundy_value;
/// let values: Vec<BigUint> = (0u32..9).map(|n| grundy_value(&BigUint::from(n))).collect();
/// assert_eq!(values, [0u32, 1, 2, 4, 3, 5, 6, 8, 7].map(BigUint::from));
/// ```
pub fn grundy_value(heap: &BigUint) -> BigUint {
    if heap.is_zero() {
        return BigUint::zero();
    }
    match low_bits(heap) {
        3 => heap + 1u32,
        0 => heap - 1u32,
        _ => heap.clone(),
    }
}

/// [`grundy_value`] on a machine word, for tables of G(0..N): the same closed form, no allocation.
///
/// # Panics
///
/// For `u64::MAX`, whose value 2^64 does not fit ([`grundy_value`] takes any heap).
///
/// # Examples
///
/// ```
/// use sprague::games::lasker::heap_value;
/// assert_eq!((0..9).map(heap_value).collect::<Vec<_>>(), [0, 1, 2, 4, 3, 5, 6, 8, 7]);
/// ```
pub fn heap_value(heap: u64) -> u64 {
    match heap % 4 {
        0 if heap > 0 => heap - 1,
        3 => heap
            .checked_add(1)
            .expect("G(2^64 - 1) = 2^64 fits in no u64"),
        _ => heap,
    }
}

/// The nim-value of a position: the XOR of its heaps' values.
pub fn nim_value(heaps: &[BigUint]) -> BigUint {
    let mut res = BigUint::zero();
    for heap in heaps {
        res ^= grundy_value(heap);
    }
    res
}

/// A move of Lasker's Nim in heap `heap` (0-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LaskerMove {
    /// Take tokens from the heap, leaving `to` (possibly 0).
    Take {
        /// Which heap, 0-based.
        heap: usize,
        /// Its size after the move.
        to: BigUint,
    },
    /// Split the heap into two non-empty heaps `smaller` ≤ `larger`.
    Split {
        /// Which heap, 0-based.
        heap: usize,
        /// The smaller part.
        smaller: BigUint,
        /// The larger part.
        larger: BigUint,
    },
}

impl LaskerMove {
    /// The heap moved in, 0-based.
    pub fn heap(&self) -> usize {
        match self {
            LaskerMove::Take { heap, .. } | LaskerMove::Split { heap, .. } => *heap,
        }
    }
}

/// The winning moves of a position, with the winning splits listed only up to a limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningMoves {
    /// The moves listed: per heap in heap order, the take (at most one) then the splits by
    /// increasing smaller part.
    pub moves: Vec<LaskerMove>,
    /// The exact number of winning moves, listed or not.
    pub count: BigUint,
}

/// The winning moves of a position, listing at most `max_splits` winning splits in all (takes are
/// always listed: at most one per heap). Empty when the position is lost.
///
/// # Examples
///
/// ```
/// use num_bigint::BigUint;
/// use sprague::games::lasker::{winning_moves, LaskerMove};
/// // A heap of 7 (value 8) against a heap of 4 (value 3): 7 -> 4 wins, and so do two splits.
/// let heaps = [7u32, 4].map(BigUint::from);
/// let res = winning_moves(&heaps, 10);
/// assert_eq!(res.moves[0], LaskerMove::Take { heap: 0, to: BigUint::from(4u32) });
/// assert_eq!(res.count, BigUint::from(res.moves.len()));
/// ```
pub fn winning_moves(heaps: &[BigUint], max_splits: usize) -> WinningMoves {
    let total = nim_value(heaps);
    let mut res = WinningMoves {
        moves: Vec::new(),
        count: BigUint::zero(),
    };
    if total.is_zero() {
        return res;
    }
    let mut listed_splits = 0usize;
    for (idx, heap) in heaps.iter().enumerate() {
        let target = grundy_value(heap) ^ &total;
        let to = grundy_value(&target);
        if to < *heap {
            res.moves.push(LaskerMove::Take { heap: idx, to });
            res.count += 1u32;
        }
        res.count += count_winning_splits(heap, &target);
        for (smaller, larger) in WinningSplits::new(heap, &target) {
            if listed_splits == max_splits {
                break;
            }
            listed_splits += 1;
            res.moves.push(LaskerMove::Split {
                heap: idx,
                smaller,
                larger,
            });
        }
    }
    res
}

fn low_bits(n: &BigUint) -> u8 {
    (n.iter_u64_digits().next().unwrap_or(0) & 3) as u8
}

/// δ(x) = G(x) − x for x ≥ 1, by the residue of x mod 4.
fn delta(residue: u8) -> i8 {
    match residue {
        0 => -1,
        3 => 1,
        _ => 0,
    }
}

/// One residue class of solutions: u = c ∨ low ∨ x for x over the submasks of `free`.
#[derive(Clone, Debug)]
struct SplitClass {
    // u = base | x, w = base | (t ^ x): base = c | (u's low bits not in c).
    common: BigUint,
    low_u: u8,
    // The submask of t (above bit 1) still to visit; None when done.
    next: Option<BigUint>,
    // t with its two low bits cleared: the bits x ranges over.
    free: BigUint,
    // All ones over free's bit length, to step to the next submask.
    ones: BigUint,
}

impl SplitClass {
    fn u_of(&self, x: &BigUint) -> BigUint {
        &self.common | BigUint::from(self.low_u) | x
    }

    fn advance(&mut self) {
        let x = self.next.take().expect("only advanced while active");
        if x == self.free {
            return;
        }
        // The next larger submask: set every bit outside `free`, add one, keep `free`'s bits.
        let outside = &self.ones ^ &self.free;
        self.next = Some(((x | outside) + 1u32) & &self.free);
    }
}

/// The solution classes of G(a) ⊕ G(b) = t, a + b = h, in u = G(a).
fn split_classes(heap: &BigUint, target: &BigUint) -> Vec<SplitClass> {
    let t_low = low_bits(target);
    let free = target >> 2u32 << 2u32;
    let ones = (BigUint::one() << free.bits()) - 1u32;
    let mut res = Vec::new();
    for low_u in 0..4u8 {
        let low_w = low_u ^ t_low;
        let d = delta(low_u) + delta(low_w);
        // h − d − t, computed without going negative.
        let shifted = heap + BigUint::from((2 - d) as u32);
        let needed = target + 2u32;
        if shifted < needed {
            continue;
        }
        let diff = shifted - needed;
        if diff.is_odd() {
            continue;
        }
        let common = diff >> 1u32;
        if !(&common & target).is_zero() || low_bits(&common) != low_u & low_w {
            continue;
        }
        res.push(SplitClass {
            common,
            low_u: low_u & !low_w,
            next: Some(BigUint::zero()),
            free: free.clone(),
            ones: ones.clone(),
        });
    }
    res
}

/// The winning splits (a, b), a ≤ b, a + b = `heap`, G(a) ⊕ G(b) = `target`, by increasing a,
/// computed lazily (see the module documentation for the arithmetic).
#[derive(Clone, Debug)]
pub struct WinningSplits {
    heap: BigUint,
    classes: Vec<SplitClass>,
}

impl WinningSplits {
    /// The splits of `heap` whose parts' values XOR to `target`.
    pub fn new(heap: &BigUint, target: &BigUint) -> WinningSplits {
        WinningSplits {
            heap: heap.clone(),
            classes: split_classes(heap, target),
        }
    }
}

impl Iterator for WinningSplits {
    type Item = (BigUint, BigUint);

    fn next(&mut self) -> Option<(BigUint, BigUint)> {
        loop {
            // The class whose next u gives the smallest a (a = G(u) increases with u in a class).
            let mut best: Option<(usize, BigUint)> = None;
            for (idx, class) in self.classes.iter().enumerate() {
                if let Some(x) = &class.next {
                    let a = grundy_value(&class.u_of(x));
                    if !matches!(&best, Some((_, b)) if *b <= a) {
                        best = Some((idx, a));
                    }
                }
            }
            let (idx, smaller) = best?;
            let class = &mut self.classes[idx];
            let x = class.next.clone().expect("active");
            let u = class.u_of(&x);
            class.advance();
            if u.is_zero() {
                continue;
            }
            if (&smaller << 1u32) > self.heap {
                // Every later a is larger still: the splits with a ≤ b are exhausted.
                self.classes.clear();
                return None;
            }
            let larger = &self.heap - &smaller;
            if larger.is_zero() {
                continue;
            }
            return Some((smaller, larger));
        }
    }
}

/// The exact number of winning splits of `heap` for `target` (see [`WinningSplits`]), without
/// listing them.
pub fn count_winning_splits(heap: &BigUint, target: &BigUint) -> BigUint {
    let t_low = low_bits(target);
    // Ordered solutions (a, b) with a, b ≥ 1: each class has one per submask x of its free bits,
    // less u = 0 (nothing set but x, and x = 0) and w = u ⊕ t = 0 (u = t, i.e. x = all free bits).
    let mut ordered = BigUint::zero();
    for class in split_classes(heap, target) {
        ordered += BigUint::one() << class.free.count_ones();
        if class.common.is_zero() && class.low_u == 0 {
            ordered -= 1u32;
        }
        if class.common.is_zero() && class.low_u == t_low {
            ordered -= 1u32;
        }
    }
    // Swapping a and b maps solutions to solutions; only a = b = h/2 (when t = 0) is its own image.
    let diagonal = target.is_zero() && heap.is_even() && !heap.is_zero();
    (ordered + u32::from(diagonal)) >> 1u32
}

/// Every move from a position, for `--all-moves`: per heap, the takes by decreasing size left, then
/// the splits by increasing smaller part. Callers bound the count first (see [`moves_count`]).
pub fn moves(heaps: &[BigUint]) -> Vec<LaskerMove> {
    let mut res = Vec::new();
    for (idx, heap) in heaps.iter().enumerate() {
        let h = heap.to_u64().expect("bounded by the caller");
        for to in (0..h).rev() {
            res.push(LaskerMove::Take {
                heap: idx,
                to: BigUint::from(to),
            });
        }
        for part in 1..=h / 2 {
            res.push(LaskerMove::Split {
                heap: idx,
                smaller: BigUint::from(part),
                larger: BigUint::from(h - part),
            });
        }
    }
    res
}

/// How many moves a position has: h takes and ⌊h/2⌋ splits per heap h.
pub fn moves_count(heaps: &[BigUint]) -> BigUint {
    heaps.iter().map(|h| h + (h >> 1u32)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MemoSolver;
    use crate::test_util::bigs;
    use proptest::prelude::*;

    fn g(n: u64) -> u64 {
        grundy_value(&BigUint::from(n)).to_u64().unwrap()
    }

    /// The winning splits by trying every a, with the closed form (itself checked below).
    fn splits_by_scan(heap: u64, target: u64) -> Vec<(BigUint, BigUint)> {
        (1..=heap / 2)
            .filter(|&a| g(a) ^ g(heap - a) == target)
            .map(|a| (BigUint::from(a), BigUint::from(heap - a)))
            .collect()
    }

    #[test]
    fn closed_form_agrees_with_memoised_search_up_to_200() {
        let mut solver = MemoSolver::new(&Lasker);
        for heap in 0..=200u64 {
            let expected = solver.grundy_value(&Lasker::position(&[heap])).unwrap();
            assert_eq!(g(heap), expected.value(), "heap {heap}");
            assert_eq!(g(g(heap)), heap, "G is an involution");
            assert_eq!(heap_value(heap), g(heap), "heap {heap} on a machine word");
        }
    }

    #[test]
    fn winning_moves_agree_with_memoised_search_on_sums_of_up_to_three_heaps() {
        let mut solver = MemoSolver::new(&Lasker);
        let mut positions: Vec<Vec<u64>> = Vec::new();
        for a in 0..=60u64 {
            for b in a..=60 {
                positions.push(vec![a, b]);
            }
        }
        for a in 1..=24u64 {
            for b in a..=24 {
                for c in b..=24 {
                    positions.push(vec![a, b, c]);
                }
            }
        }
        for heaps in positions {
            let position = Lasker::position(&heaps);
            let big = bigs(&heaps);
            assert_eq!(
                nim_value(&big).to_u64().unwrap(),
                solver.grundy_value(&position).unwrap().value()
            );
            // Both sides as the sorted list of positions reached.
            let mut expected: Vec<Vec<u64>> = solver
                .winning_moves(&position)
                .unwrap()
                .into_iter()
                .map(|m| {
                    let mut after = position.clone();
                    after.remove(m.component);
                    after.extend(m.option);
                    Lasker::position(&after)
                })
                .collect();
            expected.sort();
            let res = winning_moves(&big, usize::MAX);
            let mut got: Vec<Vec<u64>> = res
                .moves
                .iter()
                .map(|m| {
                    let mut after = heaps.clone();
                    match m {
                        LaskerMove::Take { heap, to } => after[*heap] = to.to_u64().unwrap(),
                        LaskerMove::Split {
                            heap,
                            smaller,
                            larger,
                        } => {
                            after[*heap] = smaller.to_u64().unwrap();
                            after.push(larger.to_u64().unwrap());
                        }
                    }
                    Lasker::position(&after)
                })
                .collect();
            assert_eq!(res.count, BigUint::from(got.len()), "{heaps:?}");
            got.sort();
            // Equal heaps give the same positions twice over; compare as multisets anyway.
            assert_eq!(got, expected, "{heaps:?}");
        }
    }

    #[test]
    fn winning_splits_agree_with_scanning_for_every_heap_up_to_200() {
        for heap in 0..=200u64 {
            for target in 0..512u64 {
                let (h, t) = (BigUint::from(heap), BigUint::from(target));
                let expected = splits_by_scan(heap, target);
                let got: Vec<_> = WinningSplits::new(&h, &t).collect();
                assert_eq!(got, expected, "heap {heap}, target {target}");
                assert_eq!(
                    count_winning_splits(&h, &t),
                    BigUint::from(expected.len()),
                    "heap {heap}, target {target}"
                );
            }
        }
    }

    proptest! {
        #[test]
        fn winning_splits_agree_with_scanning_on_larger_heaps(
            heap in 200u64..20_000,
            a in 1u64..100,
            noise in 0u64..4,
        ) {
            // A target that has at least one solution, or a nearby one that may have none.
            let target = (g(a) ^ g(heap - a)) ^ noise;
            let (h, t) = (BigUint::from(heap), BigUint::from(target));
            let expected = splits_by_scan(heap, target);
            let got: Vec<_> = WinningSplits::new(&h, &t).collect();
            prop_assert_eq!(count_winning_splits(&h, &t), BigUint::from(expected.len()));
            prop_assert_eq!(got, expected);
        }

        #[test]
        fn splits_of_huge_heaps_are_correct_and_counted(
            high in 1u64..u64::MAX,
            a in 1u64..1_000_000,
        ) {
            let heap = (BigUint::from(high) << 64u32) + 12_345u32;
            let smaller = BigUint::from(a);
            let target = grundy_value(&smaller) ^ grundy_value(&(&heap - &smaller));
            let count = count_winning_splits(&heap, &target);
            let mut previous = BigUint::zero();
            let mut listed = 0u32;
            let mut found = false;
            for (x, y) in WinningSplits::new(&heap, &target).take(5_000) {
                prop_assert!(x > previous && x <= y && &x + &y == heap);
                prop_assert_eq!(grundy_value(&x) ^ grundy_value(&y), target.clone());
                found |= x == smaller;
                previous = x;
                listed += 1;
            }
            if count <= BigUint::from(5_000u32) {
                prop_assert_eq!(count, BigUint::from(listed));
                prop_assert!(found);
            } else {
                prop_assert_eq!(listed, 5_000);
            }
        }
    }

    #[test]
    fn all_moves_are_counted() {
        let heaps = [0u32, 1, 7].map(BigUint::from);
        assert_eq!(moves(&heaps).len(), 1 + 7 + 3);
        assert_eq!(moves_count(&heaps), BigUint::from(11u32));
    }
}
