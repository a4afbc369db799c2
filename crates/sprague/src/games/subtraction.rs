//! Subtraction games (S-Nim): heaps of tokens and a finite set S of positive integers; a move takes
//! exactly s tokens from one heap, for some s ∈ S with s at most the heap. Whoever cannot move
//! loses.
//!
//! There is no closed form in general (seeds, 000 §5 "S-Nim"; HDU 1536): the nim-value of a heap is
//! computed by its definition, G(n) = mex{G(n − s) : s ∈ S, s ≤ n}, and a position of several heaps
//! has the XOR of its heaps' values. Two facts make this fast:
//! - one table G(0..n) per set serves every heap of every position asked about that set (the seeds'
//!   point: the test cases of a batch share the set, so the table is never cleared between them);
//! - the sequence is ultimately periodic (Winning Ways, ch. 4, "Subtraction games"; Berlekamp,
//!   Conway, Guy): G(n) depends only on the s_max values before it, so once G(n + q) = G(n) holds
//!   for s_max consecutive n starting at p, it holds for every n ≥ p, by induction. With the period
//!   found, a heap of any size is answered: G(n) = G(p + (n − p) mod q) for n ≥ p.
//!
//! Memory: two bytes per value (a nim-value is at most |S|, and sets are limited to 65,535
//! elements), so the table for heaps 0..n takes 2(n + 1) bytes. Finding the period needs at least
//! p + q + s_max values.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::ToPrimitive;

use crate::value::{smallest_period, Period};
use crate::value::{MexSet, Nimber};
use crate::Impartial;

/// The most elements a set may have: nim-values are at most |S| and are stored in two bytes.
pub const MAX_SET_LEN: usize = u16::MAX as usize;

/// Why a list of numbers is not a subtraction set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubtractionSetError {
    /// The set has no element: no move is ever possible.
    Empty,
    /// 0 is in the set: taking no token would be a move, and the game would never end.
    Zero,
    /// More than [`MAX_SET_LEN`] elements.
    TooManyElements(usize),
}

impl std::fmt::Display for SubtractionSetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SubtractionSetError::Empty => write!(f, "the subtraction set is empty"),
            SubtractionSetError::Zero => write!(
                f,
                "0 is in the subtraction set; every move must take at least one token"
            ),
            SubtractionSetError::TooManyElements(n) => write!(
                f,
                "the subtraction set has {n} elements, more than the {MAX_SET_LEN} supported"
            ),
        }
    }
}

impl std::error::Error for SubtractionSetError {}

/// A validated subtraction set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SubtractionSet {
    // Invariant: sorted, no duplicates, non-empty, no 0, at most MAX_SET_LEN elements.
    elements: Vec<u64>,
}

impl SubtractionSet {
    /// Validates a list of numbers (in any order, duplicates allowed) as a set.
    ///
    /// # Errors
    ///
    /// An empty list, a 0 in it, or more than [`MAX_SET_LEN`] distinct elements.
    pub fn new(mut elements: Vec<u64>) -> Result<SubtractionSet, SubtractionSetError> {
        elements.sort_unstable();
        elements.dedup();
        match elements.first() {
            None => Err(SubtractionSetError::Empty),
            Some(0) => Err(SubtractionSetError::Zero),
            Some(_) if elements.len() > MAX_SET_LEN => {
                Err(SubtractionSetError::TooManyElements(elements.len()))
            }
            Some(_) => Ok(SubtractionSet { elements }),
        }
    }

    /// The elements, increasing.
    pub fn elements(&self) -> &[u64] {
        &self.elements
    }

    /// The largest element, s_max.
    pub fn max(&self) -> u64 {
        *self.elements.last().expect("a set is non-empty")
    }
}

impl std::fmt::Display for SubtractionSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let words: Vec<String> = self.elements.iter().map(u64::to_string).collect();
        f.write_str(&words.join(","))
    }
}

/// S-Nim as a ruleset over machine-word heaps, for the generic solvers. A position is the list of
/// heap sizes; each non-empty heap is a component.
#[derive(Clone, Debug)]
pub struct Subtraction {
    /// The subtraction set.
    pub set: SubtractionSet,
}

impl Impartial for Subtraction {
    type Position = Vec<u64>;

    fn options(&self, position: &Vec<u64>, options: &mut Vec<Vec<u64>>) {
        for (idx, &heap) in position.iter().enumerate() {
            for &take in self.set.elements().iter().take_while(|&&s| s <= heap) {
                let mut next = position.clone();
                next[idx] = heap - take;
                options.push(next);
            }
        }
    }

    fn components(&self, position: &Vec<u64>, components: &mut Vec<Vec<u64>>) {
        components.extend(position.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
    }
}

/// A move of S-Nim: take `take` tokens from heap `heap` (0-based), leaving `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubtractionMove {
    /// Which heap, 0-based.
    pub heap: usize,
    /// How many tokens are taken (an element of the set).
    pub take: u64,
    /// The heap's size after the move.
    pub to: BigUint,
}

/// The nim-values G(0), G(1), … of one subtraction set, computed once and extended on demand, with
/// the period once it is proven. Keep one table per set for a whole run.
///
/// # Examples
///
/// ```
/// use num_bigint::BigUint;
/// use sprague::games::subtraction::{SubtractionSet, SubtractionTable};
///
/// let mut table = SubtractionTable::new(SubtractionSet::new(vec![1, 2, 3]).unwrap());
/// let period = table.find_period(1 << 20).unwrap();
/// assert_eq!((period.preperiod, period.period, period.proved), (0, 4, true));
/// // Bash: G(n) = n mod 4, for a heap of any size.
/// let heap = BigUint::from(10u32).pow(30) + 3u32;
/// assert_eq!(table.grundy_value(&heap).unwrap().value(), 3);
/// ```
#[derive(Clone, Debug)]
pub struct SubtractionTable {
    set: SubtractionSet,
    // Invariant: values[n] = G(n) for every n < values.len().
    values: Vec<u16>,
    mex_set: MexSet,
    // The proven period, once found; it stays valid as the table grows.
    period: Option<Period>,
    // The table length at the last unsuccessful period search, to avoid repeating it.
    searched_len: usize,
}

impl SubtractionTable {
    /// Bytes of memory per stored value.
    pub const BYTES_PER_VALUE: u64 = 2;

    /// An empty table for `set`.
    pub fn new(set: SubtractionSet) -> SubtractionTable {
        SubtractionTable {
            set,
            values: Vec::new(),
            mex_set: MexSet::new(),
            period: None,
            searched_len: 0,
        }
    }

    /// The set.
    pub fn set(&self) -> &SubtractionSet {
        &self.set
    }

    /// How many values are computed: G(0..len).
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether nothing is computed yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Bytes held by the computed values.
    pub fn memory_usage(&self) -> u64 {
        self.values.capacity() as u64 * Self::BYTES_PER_VALUE
    }

    /// The fewest values a period search needs before it can prove anything: a period q ≥ 1 with
    /// a run of s_max, so at least s_max + 2 values. Useful for refusing absurd sets up front.
    pub fn min_values_for_period(&self) -> u64 {
        self.set.max().saturating_add(2)
    }

    /// Computes values until G(0..len) are known. Cost: O(|S|) per new value, 2 bytes each.
    pub fn extend_to(&mut self, len: usize) {
        if len <= self.values.len() {
            return;
        }
        self.values.reserve(len - self.values.len());
        for n in self.values.len()..len {
            let n64 = n as u64;
            let count = self.set.elements.partition_point(|&s| s <= n64);
            let values = &self.values;
            let followers = self.set.elements[..count]
                .iter()
                .map(|&s| values[(n64 - s) as usize] as u64);
            let g = self.mex_set.mex(count, followers);
            self.values.push(g as u16);
        }
    }

    /// G(0), …, G(`upto`), computing what is missing.
    pub fn values(&mut self, upto: usize) -> &[u16] {
        self.extend_to(upto + 1);
        &self.values[..=upto]
    }

    /// The values computed so far.
    pub fn computed(&self) -> &[u16] {
        &self.values
    }

    /// The proven period, if the values computed so far prove one: the smallest period q and its
    /// smallest preperiod p, with a run of s_max verified matches (hence `proved: true`).
    pub fn period(&mut self) -> Option<Period> {
        if self.period.is_none() && self.searched_len < self.values.len() {
            let min_run = usize::try_from(self.set.max()).unwrap_or(usize::MAX);
            self.period =
                smallest_period(&self.values, 0, min_run).map(|p| Period { proved: true, ..p });
            self.searched_len = self.values.len();
        }
        self.period
    }

    /// The proven period found so far by [`SubtractionTable::period`] or
    /// [`SubtractionTable::find_period`], without searching.
    pub fn known_period(&self) -> Option<Period> {
        self.period
    }

    /// Extends the table (doubling its length) until a period is proven or `max_len` values are
    /// computed; returns the period if found.
    pub fn find_period(&mut self, max_len: usize) -> Option<Period> {
        // A period q ≤ s_max + 2 with a preperiod of at most 2 is proved by 2·s_max + 4 values
        // (p + q + a run of s_max): the common case, found by the first search.
        let start = usize::try_from(self.set.max().saturating_mul(2).saturating_add(4))
            .unwrap_or(usize::MAX)
            .max(64);
        self.fill_below_largest(usize::MAX, max_len);
        let mut len = self.values.len().max(start.min(max_len));
        loop {
            self.extend_to(len);
            if let Some(period) = self.period() {
                return Some(period);
            }
            if len >= max_len {
                return None;
            }
            len = len.saturating_mul(2).min(max_len);
        }
    }

    /// Computes values until G(0..len) are known, as [`SubtractionTable::extend_to`], but copies
    /// those below a large s_max from the period of the set without it (see
    /// [`SubtractionTable::find_period`]), searched within `max_len` values.
    pub fn extend_to_within(&mut self, len: usize, max_len: usize) {
        self.fill_below_largest(len, max_len);
        self.extend_to(len);
    }

    /// Below its largest element s_max a set plays as the set without it: when s_max is large,
    /// G(0..min(s_max, upto)) is copied from that smaller set's proved period (found within
    /// `max_len` values) instead of computed, which halves the work of a first period search.
    fn fill_below_largest(&mut self, upto: usize, max_len: usize) {
        let Ok(largest) = usize::try_from(self.set.max()) else {
            return;
        };
        if self.set.elements.len() < 2 || largest < 1 << 16 || self.values.len() >= largest {
            return;
        }
        let smaller = SubtractionSet {
            elements: self.set.elements[..self.set.elements.len() - 1].to_vec(),
        };
        let mut below = SubtractionTable::new(smaller);
        let Some(p) = below.find_period(max_len.min(largest)) else {
            return;
        };
        let (p, q) = (p.preperiod as usize, p.period as usize);
        let target = largest.min(max_len).min(upto);
        self.values
            .reserve(target.saturating_sub(self.values.len()));
        // The preperiod and one period as computed, then whole periods copied.
        let known = below.values.len().min(p + q);
        if self.values.len() < known {
            let from = self.values.len();
            self.values
                .extend_from_slice(&below.values[from..known.min(target)]);
        }
        while self.values.len() < target {
            let n = self.values.len();
            let start = p + (n - p) % q;
            let take = (p + q - start).min(target - n);
            self.values.extend_from_within(start..start + take);
        }
    }

    /// The nim-value of a heap of any size: from the table, or through the period. `None` when the
    /// heap is past the table and no period is proven yet.
    pub fn grundy_value(&self, heap: &BigUint) -> Option<Nimber> {
        if let Some(h) = heap.to_usize() {
            if h < self.values.len() {
                return Some(Nimber::new(self.values[h] as u64));
            }
        }
        let period = self.period?;
        let index = period.preperiod
            + (heap - period.preperiod)
                .mod_floor(&BigUint::from(period.period))
                .to_u64()
                .expect("smaller than the period");
        self.values
            .get(index as usize)
            .map(|&v| Nimber::new(v as u64))
    }

    /// The nim-value of a position of several heaps (the XOR of theirs), or `None` as for
    /// [`SubtractionTable::grundy_value`].
    pub fn position_value(&self, heaps: &[BigUint]) -> Option<Nimber> {
        heaps
            .iter()
            .try_fold(Nimber::ZERO, |acc, h| Some(acc ^ self.grundy_value(h)?))
    }

    /// Every move from a position, in heap order and, within a heap, by increasing take.
    pub fn moves(&self, heaps: &[BigUint]) -> Vec<SubtractionMove> {
        let mut res = Vec::new();
        for (idx, heap) in heaps.iter().enumerate() {
            for &take in &self.set.elements {
                if BigUint::from(take) > *heap {
                    break;
                }
                res.push(SubtractionMove {
                    heap: idx,
                    take,
                    to: heap - take,
                });
            }
        }
        res
    }

    /// Every winning move: heap h becomes h − s with G(h − s) = G(h) ⊕ X, X the value of the
    /// position. Empty when the position is lost; `None` as for
    /// [`SubtractionTable::grundy_value`].
    pub fn winning_moves(&self, heaps: &[BigUint]) -> Option<Vec<SubtractionMove>> {
        let total = self.position_value(heaps)?;
        if total.is_zero() {
            return Some(Vec::new());
        }
        let mut res = Vec::new();
        for m in self.moves(heaps) {
            let target = self.grundy_value(&heaps[m.heap])? ^ total;
            if self.grundy_value(&m.to)? == target {
                res.push(m);
            }
        }
        Some(res)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{naive, MemoSolver};
    use crate::test_util::bigs as big;
    use proptest::prelude::*;
    use std::collections::HashMap;

    fn table(set: &[u64]) -> SubtractionTable {
        SubtractionTable::new(SubtractionSet::new(set.to_vec()).unwrap())
    }

    #[test]
    fn sets_are_validated_and_normalised() {
        assert_eq!(SubtractionSet::new(vec![]), Err(SubtractionSetError::Empty));
        assert_eq!(
            SubtractionSet::new(vec![3, 0]),
            Err(SubtractionSetError::Zero)
        );
        let set = SubtractionSet::new(vec![4, 1, 3, 1]).unwrap();
        assert_eq!(set.elements(), &[1, 3, 4]);
        assert_eq!(set.to_string(), "1,3,4");
        assert_eq!(set.max(), 4);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn values_agree_with_memoised_search(
            set in proptest::collection::vec(1u64..=8, 1..5),
        ) {
            let set = SubtractionSet::new(set).unwrap();
            let game = Subtraction { set: set.clone() };
            let mut solver = MemoSolver::new(&game);
            let mut table = SubtractionTable::new(set);
            let values = table.values(60).to_vec();
            for heap in 0..=60u64 {
                prop_assert_eq!(
                    values[heap as usize] as u64,
                    solver.grundy_value(&vec![heap]).unwrap().value()
                );
            }
        }

        #[test]
        fn winning_moves_agree_with_plain_search(
            set in proptest::collection::vec(1u64..=6, 1..4),
            heaps in proptest::collection::vec(0u64..=14, 1..4),
        ) {
            let set = SubtractionSet::new(set).unwrap();
            let game = Subtraction { set: set.clone() };
            let mut table = SubtractionTable::new(set);
            table.extend_to(15);
            prop_assert_eq!(
                table.position_value(&big(&heaps)).unwrap(),
                MemoSolver::new(&game).grundy_value(&heaps).unwrap()
            );
            // The brute-force moves, as (heap index, size after), in the table's order.
            let mut memo = HashMap::new();
            let mut expected = Vec::new();
            for (idx, &h) in heaps.iter().enumerate() {
                for &s in game.set.elements().iter().filter(|&&s| s <= h) {
                    let mut after = heaps.clone();
                    after[idx] = h - s;
                    if !plain_win(&game, &after, &mut memo) {
                        expected.push((idx, BigUint::from(h - s)));
                    }
                }
            }
            let got: Vec<(usize, BigUint)> = table
                .winning_moves(&big(&heaps))
                .unwrap()
                .into_iter()
                .map(|m| (m.heap, m.to))
                .collect();
            prop_assert_eq!(got, expected);
        }

        #[test]
        fn the_proven_period_holds_far_beyond_the_evidence(
            set in proptest::collection::vec(1u64..=12, 1..5),
        ) {
            let mut searched = table(&set);
            let period = searched.find_period(1 << 16).unwrap();
            prop_assert!(period.proved);
            prop_assert!(searched.len() < 10_000);
            let (p, q) = (period.preperiod as usize, period.period as usize);
            let mut reference = table(&set);
            let values = reference.values(10_000 + q).to_vec();
            for n in p..=10_000 {
                prop_assert_eq!(values[n + q], values[n], "n = {}", n);
            }
            // Smallest q, and smallest p for it, over the long range too.
            for q2 in 1..q {
                prop_assert!((5_000..=10_000).any(|n| values[n + q2] != values[n]));
            }
            if p > 0 {
                prop_assert_ne!(values[p - 1 + q], values[p - 1]);
            }
            // Heaps past the table are answered through the period.
            for heap in (0..=100_000u64).step_by(997) {
                let direct = reference.values(heap as usize)[heap as usize] as u64;
                prop_assert_eq!(
                    searched.grundy_value(&BigUint::from(heap)).unwrap().value(),
                    direct
                );
            }
        }
    }

    #[test]
    fn bash_has_period_four_and_huge_heaps_are_exact() {
        let mut t = table(&[1, 2, 3]);
        let period = t.find_period(1 << 20).unwrap();
        assert_eq!((period.preperiod, period.period), (0, 4));
        let heap = BigUint::from(7u32).pow(100);
        let expected = (&heap % 4u32).to_u64().unwrap();
        assert_eq!(t.grundy_value(&heap).unwrap().value(), expected);
        // A winning move from a huge heap takes G(h) tokens.
        let moves = t.winning_moves(std::slice::from_ref(&heap)).unwrap();
        assert_eq!(moves.len(), usize::from(expected != 0));
        if let Some(m) = moves.first() {
            assert_eq!(m.take, expected);
        }
    }

    #[test]
    fn period_of_two_five_six_matches_a_direct_check() {
        let mut t = table(&[2, 5, 6]);
        let period = t.find_period(1 << 20).unwrap();
        let mut reference = table(&[2, 5, 6]);
        let values = reference.values(2_000).to_vec();
        let (p, q) = (period.preperiod as usize, period.period as usize);
        assert!((p..2_000 - q).all(|n| values[n + q] == values[n]));
        assert!((1..q).all(|q2| (p..2_000 - q2).any(|n| values[n + q2] != values[n])));
        // And the first values by hand from the definition.
        let game = Subtraction {
            set: SubtractionSet::new(vec![2, 5, 6]).unwrap(),
        };
        for heap in 0..25u64 {
            assert_eq!(
                values[heap as usize] as u64,
                naive::grundy_value(&game, &vec![heap]).value()
            );
        }
    }

    /// Whether the player to move wins, by memoised search over whole positions (no nim-values).
    fn plain_win(game: &Subtraction, heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        let mut key = heaps.to_vec();
        key.sort_unstable();
        if let Some(&win) = memo.get(&key) {
            return win;
        }
        let mut options = Vec::new();
        game.options(&key, &mut options);
        let win = options.iter().any(|o| !plain_win(game, o, memo));
        memo.insert(key, win);
        win
    }

    /// The judge sample of HDU 1536 "S-Nim": each test gives k and the set, then m positions, each
    /// as the number of heaps followed by the heaps; the answer is one letter per position, W when
    /// the player to move wins, else L. The input ends with 0.
    #[test]
    fn hdu_1536_sample_is_reproduced_and_agrees_with_plain_search() {
        let input = "2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n\
                     5 1 2 3 4 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n0\n";
        let mut numbers = input.split_whitespace().map(|w| w.parse::<u64>().unwrap());
        let mut answers = Vec::new();
        loop {
            let k = numbers.next().unwrap() as usize;
            if k == 0 {
                break;
            }
            let set: Vec<u64> = (0..k).map(|_| numbers.next().unwrap()).collect();
            let game = Subtraction {
                set: SubtractionSet::new(set.clone()).unwrap(),
            };
            let mut t = table(&set);
            let mut memo = HashMap::new();
            let m = numbers.next().unwrap();
            let mut line = String::new();
            for _ in 0..m {
                let l = numbers.next().unwrap() as usize;
                let heaps: Vec<u64> = (0..l).map(|_| numbers.next().unwrap()).collect();
                t.extend_to(13);
                let win = !t.position_value(&big(&heaps)).unwrap().is_zero();
                assert_eq!(
                    win,
                    plain_win(&game, &heaps, &mut memo),
                    "{set:?} {heaps:?}"
                );
                line.push(if win { 'W' } else { 'L' });
            }
            answers.push(line);
        }
        assert_eq!(answers, ["LWW", "WWL"]);
    }

    #[test]
    fn heaps_past_the_table_without_a_period_are_not_answered() {
        let t = table(&[1, 2]);
        assert_eq!(t.grundy_value(&BigUint::from(5u32)), None);
        let mut t = table(&[1, 2]);
        t.extend_to(3);
        assert_eq!(t.period(), None);
        assert_eq!(
            t.find_period(10),
            Some(Period {
                preperiod: 0,
                period: 3,
                saltus: 0,
                proved: true
            })
        );
    }

    #[test]
    fn values_below_a_large_element_copied_from_the_smaller_set_equal_those_computed() {
        for set in [
            &[1, 2, 70_000][..],
            &[1, 2, 65_538],
            &[3, 5, 65_543],
            &[2, 7, 100_003],
            &[1, 4, 9, 80_000],
            &[5, 6, 90_001, 131_072],
        ] {
            let mut found = table(set);
            let period = found.find_period(1 << 22);
            let mut plain = table(set);
            plain.extend_to(found.len());
            assert_eq!(found.computed(), plain.computed(), "{set:?}");
            let mut part = table(set);
            part.extend_to_within(set[set.len() - 1] as usize + 3, 1 << 22);
            assert_eq!(part.computed(), &plain.computed()[..part.len()], "{set:?}");
            // The period found holds on the plain table too (the last set shows none so soon).
            let Some(p) = period else {
                assert_eq!(set.len(), 4, "{set:?}: a period within 2^22");
                continue;
            };
            let v = plain.computed();
            for n in p.preperiod as usize..v.len() - p.period as usize {
                assert_eq!(v[n], v[n + p.period as usize], "{set:?} at {n}");
            }
        }
    }
}
