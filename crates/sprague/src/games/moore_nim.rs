//! Moore's Nim_k: heaps of tokens; a move takes any positive number of tokens from each of at
//! least one and at most k heaps (Nim_1 is Nim). Whoever cannot move loses.
//!
//! Moore's theorem (E. H. Moore, "A generalization of the game called Nim", *Annals of
//! Mathematics* 11 (1910), 93–94; also *Winning Ways*, ch. 15): write the heaps in binary; the
//! position is a P-position exactly when, in every bit column, the number of heaps with a 1 there
//! is divisible by k + 1. In misère play (whoever takes the last token loses) the P-positions are
//! the same, except among positions whose heaps are all 0 or 1: those are P exactly when the
//! number of 1s is ≡ 1 (mod k + 1) (Moore, same paper). Both rules and the winning moves below
//! are checked against a plain search of every position of up to four heaps of at most 7 for
//! k = 1, 2, 3 (`crates/sprague/tests/integration/moore_nim.rs`).
//!
//! Moore's Nim_k is not a sum of its heaps (one move touches several), so a position's nim-value
//! is not the XOR of anything; [`MooreNim`] is the ruleset for a search of small positions.
//!
//! # Every winning move
//!
//! A winning move leaves every column's count divisible by k + 1. [`WinningSearch`] finds every
//! one by deciding the new heaps bit by bit from the top. A heap is *tight* while its new bits
//! equal its old ones, *free* once a new bit 0 has stood under an old 1 (it is then smaller,
//! whatever follows); a move may free at most k heaps. In a column, each tight heap keeps its
//! bit or (where the bit is 1) is freed; each free heap takes 0 or 1. The count needed is
//! reachable in every column once a heap is free (with f free heaps and t tight 1s, the counts
//! reachable run over max(0, t − (k − f)) ..= t + f: k + 1 consecutive numbers, or 0), and before
//! that the first column whose count is not divisible by k + 1 must free exactly count mod (k + 1)
//! of its 1s. So the search never meets a dead end in an N-position: each step leads to a move,
//! and listing m moves costs O(m + bits) steps, each O(k) or O(n) (when a heap may still be
//! freed). Counting them all ([`WinningMoves::count`]) is a dynamic program over the sets of
//! free heaps, run within a budget.

use std::collections::HashMap;

use num_bigint::BigUint;
use num_traits::{One, Zero};

use crate::Impartial;

/// Moore's Nim_k as a ruleset: a position is the multiset of heap sizes, kept sorted (the order of
/// heaps does not change a value), for searches of small positions.
#[derive(Clone, Copy, Debug)]
pub struct MooreNim {
    /// The most heaps a move may take from (k ≥ 1; with k = 0 there is no move).
    pub k: usize,
}

impl Impartial for MooreNim {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>, options: &mut Vec<Vec<u64>>) {
        for_each_move(heaps, self.k, |changes| {
            let mut after = heaps.clone();
            for &(heap, to) in changes {
                after[heap] = to;
            }
            after.sort_unstable();
            options.push(after);
        });
    }
}

/// Calls `visit` with every move of Moore's Nim_k from `heaps`: the changed heaps (0-based,
/// increasing) with their new sizes. There are e₁ + … + e_k of them, eᵢ the i-th elementary
/// symmetric polynomial of the heap sizes ([`move_count`]).
pub fn for_each_move(heaps: &[u64], k: usize, mut visit: impl FnMut(&[(usize, u64)])) {
    let nonempty: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
    for size in 1..=k.min(nonempty.len()) {
        let mut chosen: Vec<usize> = (0..size).collect();
        loop {
            // Every choice of smaller sizes for the chosen heaps, as an odometer.
            let mut changes: Vec<(usize, u64)> = chosen.iter().map(|&c| (nonempty[c], 0)).collect();
            'sizes: loop {
                visit(&changes);
                for change in changes.iter_mut().rev() {
                    change.1 += 1;
                    if change.1 < heaps[change.0] {
                        continue 'sizes;
                    }
                    change.1 = 0;
                }
                break;
            }
            if !next_combination(&mut chosen, nonempty.len()) {
                break;
            }
        }
    }
}

/// The number of moves from `heaps`: the sum over every set of 1..=k heaps of the product of
/// their sizes.
pub fn move_count(heaps: &[BigUint], k: usize) -> BigUint {
    // by_size[s]: the sum over sets of s heaps seen so far of their products.
    let mut by_size = vec![BigUint::zero(); k + 1];
    by_size[0] = BigUint::one();
    for heap in heaps.iter().filter(|h| !h.is_zero()) {
        for s in (1..=k).rev() {
            let grown = &by_size[s - 1] * heap;
            by_size[s] += grown;
        }
    }
    by_size[1..].iter().sum()
}

/// Steps `combination` (increasing indices below `m`) to the next in lexicographic order; `false`
/// after the last.
fn next_combination(combination: &mut [usize], m: usize) -> bool {
    let r = combination.len();
    for i in (0..r).rev() {
        if combination[i] < m - r + i {
            combination[i] += 1;
            for l in i + 1..r {
                combination[l] = combination[l - 1] + 1;
            }
            return true;
        }
    }
    false
}

/// The heaps as 64-bit limbs, with the number of 1s in each bit column.
struct Columns {
    limbs: Vec<Vec<u64>>,
    // counts[j]: how many heaps have bit j set. Invariant: its length is the longest heap's bits.
    counts: Vec<usize>,
}

impl Columns {
    fn new(heaps: &[BigUint]) -> Columns {
        let limbs: Vec<Vec<u64>> = heaps.iter().map(BigUint::to_u64_digits).collect();
        let n_bits = heaps.iter().map(BigUint::bits).max().unwrap_or(0) as usize;
        let mut counts = vec![0usize; n_bits];
        for heap in &limbs {
            for (idx, &limb) in heap.iter().enumerate() {
                let mut rest = limb;
                while rest != 0 {
                    counts[idx * 64 + rest.trailing_zeros() as usize] += 1;
                    rest &= rest - 1;
                }
            }
        }
        Columns { limbs, counts }
    }

    fn bit(&self, heap: usize, j: usize) -> bool {
        self.limbs[heap]
            .get(j / 64)
            .is_some_and(|limb| limb >> (j % 64) & 1 == 1)
    }

    fn n_bits(&self) -> usize {
        self.counts.len()
    }
}

/// The count a column needs from its free heaps when `t` tight heaps keep a 1 there: the
/// smallest o ≥ 0 with t + o divisible by `modulus`.
fn needed(t: usize, modulus: usize) -> usize {
    (modulus - t % modulus) % modulus
}

/// Whether the player to move loses Moore's Nim_k (normal play): every bit column's count of 1s
/// is divisible by k + 1.
pub fn is_lost(heaps: &[BigUint], k: usize) -> bool {
    let modulus = k + 1;
    Columns::new(heaps).counts.iter().all(|c| c % modulus == 0)
}

/// Whether the player to move loses misère Moore's Nim_k (whoever takes the last token loses):
/// as in normal play when some heap has two tokens or more; otherwise exactly when the number of
/// heaps of one token is ≡ 1 (mod k + 1).
pub fn misere_is_lost(heaps: &[BigUint], k: usize) -> bool {
    let one = BigUint::one();
    if heaps.iter().all(|h| *h <= one) {
        let ones = heaps.iter().filter(|h| **h == one).count();
        ones % (k + 1) == 1 % (k + 1)
    } else {
        is_lost(heaps, k)
    }
}

/// A move of Moore's Nim_k: the heaps it takes from, each with its new size.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct MooreMove {
    /// The changed heaps (0-based, increasing), each with its size after the move.
    pub changes: Vec<(usize, BigUint)>,
}

/// The winning moves of a position: some or all of them, and how many there are.
#[derive(Clone, Debug)]
pub struct WinningMoves {
    /// The moves listed: all of them when there are at most the number asked for, else that many,
    /// the first ones [`WinningSearch`] finds.
    pub moves: Vec<MooreMove>,
    /// How many winning moves there are; `None` when they are more than those listed and too many
    /// to count within the budget of the count.
    pub count: Option<BigUint>,
}

/// One column's decision in [`WinningSearch`]: which tight 1s are freed, which free heaps take a 1.
struct Frame {
    bit: usize,
    // How many heaps were free above this column (the free heaps' list up to here).
    free_before: usize,
    // The tight heaps with a 1 in this column: how many, and (once a heap may be freed) which.
    tight_ones: usize,
    tight_list: Vec<usize>,
    // The choice: `dropped` indexes `tight_list`, `ones` indexes the free heaps' list.
    dropped: Vec<usize>,
    ones: Vec<usize>,
}

/// Every winning move of a normal-play position, one at a time (see the module's documentation),
/// as an iterator. Moves come in the order of a search from the top bit that keeps heaps tight
/// before freeing them.
pub struct WinningSearch {
    columns: Columns,
    k: usize,
    // The free heaps, in the order they were freed; `values` holds their new limbs.
    free: Vec<usize>,
    values: Vec<Vec<u64>>,
    stack: Vec<Frame>,
    started: bool,
    exhausted: bool,
}

impl WinningSearch {
    /// The search of the winning moves of Moore's Nim_k (normal play) from `heaps`.
    pub fn new(heaps: &[BigUint], k: usize) -> WinningSearch {
        let columns = Columns::new(heaps);
        let values = vec![Vec::new(); heaps.len()];
        WinningSearch {
            columns,
            k,
            free: Vec::new(),
            values,
            stack: Vec::new(),
            started: false,
            exhausted: k == 0,
        }
    }

    /// The frame of column `bit` under the current free heaps, at its first choice if it has one.
    fn frame(&self, bit: usize) -> Option<Frame> {
        let free_ones = self
            .free
            .iter()
            .filter(|&&i| self.columns.bit(i, bit))
            .count();
        let mut frame = Frame {
            bit,
            free_before: self.free.len(),
            tight_ones: self.columns.counts[bit] - free_ones,
            tight_list: Vec::new(),
            dropped: Vec::new(),
            ones: Vec::new(),
        };
        let modulus = self.k + 1;
        let o = needed(frame.tight_ones, modulus);
        if o <= frame.free_before {
            frame.ones = (0..o).collect();
            return Some(frame);
        }
        self.next_drop_count(&mut frame).then_some(frame)
    }

    /// Moves `frame` to its next choice; `false` when it has none left.
    fn advance(&self, frame: &mut Frame) -> bool {
        if next_combination(&mut frame.ones, frame.free_before) {
            return true;
        }
        if next_combination(&mut frame.dropped, frame.tight_list.len()) {
            frame.ones = (0..frame.ones.len()).collect();
            return true;
        }
        self.next_drop_count(frame)
    }

    /// Moves `frame` to the first choice that frees more tight 1s than it does now.
    fn next_drop_count(&self, frame: &mut Frame) -> bool {
        let most = frame
            .tight_ones
            .min(self.k.saturating_sub(frame.free_before));
        if frame.tight_list.is_empty() && most > 0 {
            frame.tight_list = (0..self.columns.limbs.len())
                .filter(|i| !self.free.contains(i) && self.columns.bit(*i, frame.bit))
                .collect();
        }
        let modulus = self.k + 1;
        for d in frame.dropped.len() + 1..=most {
            let o = needed(frame.tight_ones - d, modulus);
            if o <= frame.free_before {
                frame.dropped = (0..d).collect();
                frame.ones = (0..o).collect();
                return true;
            }
        }
        false
    }

    /// Writes `frame`'s choice: the free heaps' bits, and the freed heaps (their new bits above
    /// this column are their old ones, and a 0 here).
    fn apply(&mut self, frame: &Frame) {
        let (limb, shift) = (frame.bit / 64, frame.bit % 64);
        let mut ones = frame.ones.iter().peekable();
        for p in 0..frame.free_before {
            let value = &mut self.values[self.free[p]];
            if ones.next_if(|&&q| q == p).is_some() {
                value[limb] |= 1 << shift;
            } else {
                value[limb] &= !(1 << shift);
            }
        }
        for &d in &frame.dropped {
            let heap = frame.tight_list[d];
            let value = &mut self.values[heap];
            value.clone_from(&self.columns.limbs[heap]);
            value[limb] &= !(1 << shift);
            self.free.push(heap);
        }
    }

    /// Undoes the deepest frame and moves back up to the first frame with another choice;
    /// `false` when there is none.
    fn backtrack(&mut self) -> bool {
        while let Some(mut frame) = self.stack.pop() {
            self.free.truncate(frame.free_before);
            if self.advance(&mut frame) {
                self.apply(&frame);
                self.stack.push(frame);
                return true;
            }
        }
        false
    }

    fn leaf(&self) -> MooreMove {
        let mut changes: Vec<(usize, BigUint)> = self
            .free
            .iter()
            .map(|&heap| {
                let digits: Vec<u32> = self.values[heap]
                    .iter()
                    .flat_map(|&l| [l as u32, (l >> 32) as u32])
                    .collect();
                (heap, BigUint::from_slice(&digits))
            })
            .collect();
        changes.sort();
        MooreMove { changes }
    }
}

impl Iterator for WinningSearch {
    type Item = MooreMove;

    fn next(&mut self) -> Option<MooreMove> {
        if self.exhausted {
            return None;
        }
        if self.started && !self.backtrack() {
            self.exhausted = true;
            return None;
        }
        self.started = true;
        loop {
            let depth = self.stack.len();
            if depth == self.columns.n_bits() {
                if !self.free.is_empty() {
                    return Some(self.leaf());
                }
                // Nothing changed: the position is a P-position, the only way to get here.
            } else {
                let bit = self.columns.n_bits() - 1 - depth;
                if let Some(frame) = self.frame(bit) {
                    self.apply(&frame);
                    self.stack.push(frame);
                    continue;
                }
            }
            if !self.backtrack() {
                self.exhausted = true;
                return None;
            }
        }
    }
}

/// The bytes one state of [`count_winning_moves`] may hold besides 2 a heap of it: its entry
/// in the map (key, count, control byte, spare capacity) and the allocations of its set and count.
pub const COUNT_STATE_BYTES: u64 = 160;

/// Binomial coefficients, kept as they are asked for.
#[derive(Default)]
struct Binomials(HashMap<(usize, usize), BigUint>);

impl Binomials {
    fn get(&mut self, n: usize, r: usize) -> BigUint {
        if r > n {
            return BigUint::zero();
        }
        let r = r.min(n - r);
        if let Some(v) = self.0.get(&(n, r)) {
            return v.clone();
        }
        let mut v = BigUint::one();
        for i in 0..r {
            v = v * (n - i) / (i + 1);
        }
        self.0.insert((n, r), v.clone());
        v
    }
}

/// The number of winning moves (normal play), by a dynamic program over the bit columns from the
/// top whose states are the sets of free heaps (see the module's documentation); `None` when it
/// would take more than `budget` steps (a step: one state's choice in one column, plus a step per
/// four heaps of its state and per 64 bits of its count). A step keeps at most one state, of
/// about [`COUNT_STATE_BYTES`] bytes and 2 bytes a heap: the budget bounds memory as well as time.
pub fn count_winning_moves(heaps: &[BigUint], k: usize, budget: u64) -> Option<BigUint> {
    if k == 0 {
        return Some(BigUint::zero());
    }
    let columns = Columns::new(heaps);
    let modulus = k + 1;
    let mut binomials = Binomials::default();
    let mut spent = 0u64;
    let mut states: HashMap<Vec<usize>, BigUint> = HashMap::from([(Vec::new(), BigUint::one())]);
    for bit in (0..columns.n_bits()).rev() {
        let mut next: HashMap<Vec<usize>, BigUint> = HashMap::new();
        for (free, ways) in &states {
            let f = free.len();
            let tight: Vec<usize> = (0..heaps.len())
                .filter(|i| free.binary_search(i).is_err() && columns.bit(*i, bit))
                .collect();
            let t = tight.len();
            for d in 0..=t.min(k - f) {
                let o = needed(t - d, modulus);
                if o > f {
                    continue;
                }
                let by = binomials.get(f, o) * ways;
                let mut dropped: Vec<usize> = (0..d).collect();
                loop {
                    let mut after = free.clone();
                    after.extend(dropped.iter().map(|&x| tight[x]));
                    // The step's cost grows with its state (copied, sorted, hashed, and kept when
                    // new): a step stores at most one state, so the budget bounds the memory too.
                    spent += 1 + after.len() as u64 / 4 + by.bits() / 64;
                    if spent > budget {
                        return None;
                    }
                    after.sort_unstable();
                    *next.entry(after).or_default() += &by;
                    if !next_combination(&mut dropped, t) {
                        break;
                    }
                }
            }
        }
        states = next;
    }
    Some(
        states
            .into_iter()
            .filter(|(free, _)| !free.is_empty())
            .map(|(_, ways)| ways)
            .sum(),
    )
}

/// Every winning move of Moore's Nim_k in normal play, or the first `max_listed` that
/// [`WinningSearch`] finds, and their number (counted within `count_budget` when more than those
/// listed: see [`count_winning_moves`]).
pub fn winning_moves(
    heaps: &[BigUint],
    k: usize,
    max_listed: usize,
    count_budget: u64,
) -> WinningMoves {
    let mut moves: Vec<MooreMove> = WinningSearch::new(heaps, k)
        .take(max_listed.saturating_add(1))
        .collect();
    let count = if moves.len() > max_listed {
        moves.truncate(max_listed);
        count_winning_moves(heaps, k, count_budget)
    } else {
        Some(BigUint::from(moves.len()))
    };
    WinningMoves { moves, count }
}

/// Every winning move of misère Moore's Nim_k, or the first `max_listed`, and their number.
///
/// With every heap at most 1, a winning move empties j heaps of one token, j ≡ (ones − 1)
/// (mod k + 1), 1 ≤ j ≤ k. Otherwise the moves are those of normal play that leave a heap of two
/// or more, and those that leave only heaps of 0 or 1 with a number of 1s ≡ 1 (mod k + 1): such a
/// move empties or leaves 1 in each of the b heaps of two or more (b ≤ k) and may empty up to
/// k − b heaps of one token. The moves listed are those of the second kind first, then the first
/// kind's in the search's order, skipping a normal-play move that leaves only 0s and 1s (at most
/// `max_listed` of those are skipped: past them the listing stops short).
pub fn misere_winning_moves(
    heaps: &[BigUint],
    k: usize,
    max_listed: usize,
    count_budget: u64,
) -> WinningMoves {
    let one = BigUint::one();
    let singles: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] == one).collect();
    let big: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > one).collect();
    let modulus = k + 1;
    let mut binomials = Binomials::default();
    if k == 0 || misere_is_lost(heaps, k) {
        return WinningMoves {
            moves: Vec::new(),
            count: Some(BigUint::zero()),
        };
    }
    // Moves to positions of 0s and 1s only, with ones ≡ `target` (mod k + 1) after them.
    let to_small_count = |target: usize, binomials: &mut Binomials| -> BigUint {
        if big.len() > k {
            return BigUint::zero();
        }
        let mut count = BigUint::zero();
        for emptied in 0..=singles.len().min(k - big.len()) {
            if big.is_empty() && emptied == 0 {
                continue;
            }
            for kept in 0..=big.len() {
                if (kept + singles.len() - emptied) % modulus == target % modulus {
                    count += binomials.get(singles.len(), emptied) * binomials.get(big.len(), kept);
                }
            }
        }
        count
    };
    let mut moves = Vec::new();
    // Whether `moves` holds every winning move: the listing stops one past `max_listed`.
    let mut complete = true;
    // The moves of the second kind: each big heap to 0 or 1, some singles emptied.
    if big.len() <= k {
        'emptied: for emptied in 0..=singles.len().min(k - big.len()) {
            if big.is_empty() && emptied == 0 {
                continue;
            }
            for kept in 0..=big.len() {
                if (kept + singles.len() - emptied) % modulus != 1 % modulus {
                    continue;
                }
                let mut emptied_idx: Vec<usize> = (0..emptied).collect();
                loop {
                    let mut kept_idx: Vec<usize> = (0..kept).collect();
                    loop {
                        if moves.len() > max_listed {
                            complete = false;
                            break 'emptied;
                        }
                        let mut changes: Vec<(usize, BigUint)> = emptied_idx
                            .iter()
                            .map(|&e| (singles[e], BigUint::zero()))
                            .collect();
                        for (b, &heap) in big.iter().enumerate() {
                            changes.push((heap, BigUint::from(u32::from(kept_idx.contains(&b)))));
                        }
                        changes.sort();
                        moves.push(MooreMove { changes });
                        if !next_combination(&mut kept_idx, big.len()) {
                            break;
                        }
                    }
                    if !next_combination(&mut emptied_idx, singles.len()) {
                        break;
                    }
                }
            }
        }
    }
    // The normal-play moves that leave a heap of two or more.
    if complete && !big.is_empty() {
        let mut skipped = 0usize;
        for m in WinningSearch::new(heaps, k) {
            if moves.len() > max_listed || skipped > max_listed {
                complete = false;
                break;
            }
            let leaves_big = m.changes.iter().any(|(_, to)| *to > one)
                || (0..heaps.len())
                    .any(|i| heaps[i] > one && m.changes.iter().all(|(heap, _)| *heap != i));
            if leaves_big {
                moves.push(m);
            } else {
                skipped += 1;
            }
        }
    }
    let count = if complete {
        Some(BigUint::from(moves.len()))
    } else if big.is_empty() {
        Some(to_small_count(1, &mut binomials))
    } else {
        count_winning_moves(heaps, k, count_budget).map(|normal| {
            normal - to_small_count(0, &mut binomials) + to_small_count(1, &mut binomials)
        })
    };
    moves.truncate(max_listed);
    WinningMoves { moves, count }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::bigs as big;

    #[test]
    fn columns_divisible_by_k_plus_one_are_lost() {
        assert!(is_lost(&big(&[1, 1, 1]), 2));
        assert!(!is_lost(&big(&[1, 1]), 2));
        assert!(is_lost(&big(&[1, 1]), 1));
        assert!(is_lost(&big(&[5, 6, 3]), 1));
        assert!(!is_lost(&big(&[5, 6, 3]), 2));
        assert!(is_lost(&big(&[6, 5, 7, 3]), 2));
    }

    #[test]
    fn the_search_lists_each_move_once() {
        let heaps = big(&[5, 6, 7, 9]);
        let moves: Vec<MooreMove> = WinningSearch::new(&heaps, 2).collect();
        let mut sorted = moves.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), moves.len());
        assert_eq!(
            count_winning_moves(&heaps, 2, u64::MAX),
            Some(BigUint::from(moves.len()))
        );
    }
}
