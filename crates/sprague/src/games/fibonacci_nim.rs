//! Fibonacci Nim (Whinihan, 1963): one heap of n tokens; the first move takes at least one token
//! but not all of them, every later move at most twice what the move before it took; whoever
//! takes the last token wins.
//!
//! A position is the heap and the most the player to move may take, `most`. The rule, from
//! Zeckendorf's theorem (every n is one sum of non-consecutive Fibonacci numbers): the player to
//! move loses exactly when the smallest term of n's sum is larger than `most`. So the start is
//! lost exactly when n is a Fibonacci number (its one term is n, and `most` is n − 1). The
//! winning takes are the sums of the smallest terms, z₁ + … + zₖ, that are allowed and leave a
//! heap whose smallest term is larger than twice the take (what remains is zₖ₊₁ + …, whose sum it
//! is). Both facts are checked against a plain search of every position up to 200 tokens
//! (`crates/sprague/tests/integration/fibonacci_nim.rs`); the first is the classical theorem.

use num_bigint::BigUint;
use num_traits::{One, Zero};

use crate::Impartial;

/// The indices of n's Zeckendorf terms, smallest first, where the Fibonacci numbers are
/// numbered F₁ = 1, F₂ = 2, F₃ = 3, F₄ = 5, …; empty for 0.
///
/// Memory stays linear in n's size: the walk up to the largest term and back down keeps two
/// consecutive Fibonacci numbers and the rest of n, never the whole run of them (which for a
/// number of d digits is about 4.8·d numbers of up to d digits each). Time is about 9.6·d steps
/// of d-digit additions: [`zeckendorf_work`].
pub fn zeckendorf_indices(n: &BigUint) -> Vec<u32> {
    if n.is_zero() {
        return Vec::new();
    }
    // (low, high) = (F_index, F_index+1), walked up until high passes n.
    let (mut low, mut high) = (BigUint::one(), BigUint::from(2u32));
    let mut index = 1u32;
    while high <= *n {
        let next = &low + &high;
        low = std::mem::replace(&mut high, next);
        index += 1;
    }
    let mut rest = n.clone();
    let mut terms = Vec::new();
    loop {
        if low <= rest {
            rest -= &low;
            terms.push(index);
            if rest.is_zero() {
                break;
            }
        }
        if index == 1 {
            break;
        }
        // One step down: (F_i, F_i+1) to (F_i−1, F_i).
        let below = &high - &low;
        high = std::mem::replace(&mut low, below);
        index -= 1;
    }
    terms.reverse();
    terms
}

/// The work of [`zeckendorf_indices`] on a number of `bits` bits, in 64-bit word operations:
/// about 1.44 Fibonacci steps a bit (log_φ 2), each way, each over a number of up to that many
/// words. For estimates before a big heap is analysed.
pub fn zeckendorf_work(bits: u64) -> u128 {
    let steps = u128::from(bits) * 3 + 4;
    let words = u128::from(bits / 64 + 1);
    steps * words
}

/// The terms of n's Zeckendorf sum (distinct, non-consecutive Fibonacci numbers 1, 2, 3, 5, …),
/// smallest first; empty for 0. Their digits together can be quadratic in n's: the analysis
/// uses [`zeckendorf_indices`].
pub fn zeckendorf(n: &BigUint) -> Vec<BigUint> {
    let indices = zeckendorf_indices(n);
    let mut terms = Vec::with_capacity(indices.len());
    let (mut low, mut high) = (BigUint::one(), BigUint::from(2u32));
    let mut at = 1u32;
    for &i in &indices {
        while at < i {
            let next = &low + &high;
            low = std::mem::replace(&mut high, next);
            at += 1;
        }
        terms.push(low.clone());
    }
    terms
}

/// The smallest term of n's Zeckendorf sum; `None` for 0.
pub fn smallest_term(n: &BigUint) -> Option<BigUint> {
    let first = *zeckendorf_indices(n).first()?;
    let (mut low, mut high) = (BigUint::one(), BigUint::from(2u32));
    for _ in 1..first {
        let next = &low + &high;
        low = std::mem::replace(&mut high, next);
    }
    Some(low)
}

/// Whether n is a Fibonacci number (1, 2, 3, 5, 8, …): the starts that are lost.
pub fn is_fibonacci(n: &BigUint) -> bool {
    zeckendorf_indices(n).len() == 1
}

/// Whether the player to move loses at `heap` tokens, allowed to take at most `most`.
pub fn is_lost(heap: &BigUint, most: &BigUint) -> bool {
    smallest_term(heap).is_none_or(|smallest| smallest > *most)
}

/// The winning takes of a position: the first few, and how many there are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningTakes {
    /// Whether the player to move loses (then there are no winning takes).
    pub lost: bool,
    /// The smallest winning takes, at most the number asked for, smallest first.
    pub takes: Vec<BigUint>,
    /// How many winning takes there are in all.
    pub count: u64,
}

/// Every take that wins at `heap` tokens with at most `most` allowed, smallest first: the sums
/// of the smallest Zeckendorf terms that are allowed and leave the opponent lost.
pub fn winning_takes(heap: &BigUint, most: &BigUint) -> Vec<BigUint> {
    winning_takes_within(heap, most, usize::MAX).takes
}

/// Whether the player to move loses at `heap` tokens with at most `most` allowed, the first
/// `most_listed` winning takes, and their number, from one Zeckendorf walk. A heap of d digits can have thousands of winning takes of d digits each; the
/// walk keeps only those listed and a few d-digit numbers.
pub fn winning_takes_within(heap: &BigUint, most: &BigUint, most_listed: usize) -> WinningTakes {
    let indices = zeckendorf_indices(heap);
    let mut lost = true;
    let mut takes = Vec::new();
    let mut count = 0u64;
    let mut take = BigUint::zero();
    let (mut low, mut high) = (BigUint::one(), BigUint::from(2u32));
    let mut at = 1u32;
    for (k, &i) in indices.iter().enumerate() {
        while at < i {
            let next = &low + &high;
            low = std::mem::replace(&mut high, next);
            at += 1;
        }
        // low = F_i, the term taken now.
        take += &low;
        if take > *most {
            break;
        }
        // The smallest term can be taken: the player to move wins.
        lost = false;
        // Left: the terms after k, so the opponent's smallest term is the next one, F_j, and
        // the opponent is lost when it is more than twice the take. The take is below F_i+1, so
        // F_j ≥ F_i+3 > 2·F_i+1 always is; only F_i+2 = F_i + F_i+1 needs the comparison.
        let lost_after = match indices.get(k + 1) {
            None => true,
            Some(&j) if j >= i + 3 => true,
            Some(_) => &low + &high > &take * 2u32,
        };
        if lost_after {
            count += 1;
            if takes.len() < most_listed {
                takes.push(take.clone());
            }
        }
    }
    WinningTakes { lost, takes, count }
}

/// Fibonacci Nim on small heaps as a ruleset: a position is `(heap, most)`. For the plain search
/// that checks the rule.
#[derive(Clone, Copy, Debug, Default)]
pub struct FibonacciNim;

impl Impartial for FibonacciNim {
    type Position = (u64, u64);

    fn options(&self, &(heap, most): &(u64, u64), options: &mut Vec<(u64, u64)>) {
        for take in 1..=most.min(heap) {
            let left = heap - take;
            options.push((left, (2 * take).min(left)));
        }
    }
}

/// The nim-values G(n, m) of every position with n ≤ `max_heap` (m ≤ n: more than the heap is
/// the same as the heap), each heap's row grown one allowed take at a time: the options of
/// (n, m) are those of (n, m − 1) and one more. O(max_heap²) time, two bytes a value.
pub struct GrundyTable {
    // Row n holds G(n, 0..=n), starting at rows[n].
    values: Vec<u16>,
    starts: Vec<usize>,
}

impl GrundyTable {
    /// The table for heaps 0..=`max_heap` (at most 65535: a value is below its heap + 1).
    pub fn new(max_heap: u16) -> GrundyTable {
        let n_max = usize::from(max_heap);
        let mut values = Vec::with_capacity((n_max + 1) * (n_max + 2) / 2);
        let mut starts = Vec::with_capacity(n_max + 1);
        // The values the options of (n, m) reach, and their mex, kept as m grows.
        let mut seen = vec![false; n_max + 2];
        for n in 0..=n_max {
            starts.push(values.len());
            seen[..=n + 1].fill(false);
            let mut mex = 0usize;
            values.push(0); // G(n, 0): no move.
            for m in 1..=n {
                let left = n - m;
                let most = (2 * m).min(left);
                // A value is below its heap's options count + 1, so it fits `seen`.
                seen[usize::from(values[starts[left] + most])] = true;
                while seen[mex] {
                    mex += 1;
                }
                values.push(mex as u16);
            }
        }
        GrundyTable { values, starts }
    }

    /// G(heap, most), if the table covers the heap.
    pub fn value(&self, heap: u64, most: u64) -> Option<u16> {
        let start = *self.starts.get(usize::try_from(heap).ok()?)?;
        let most = most.min(heap) as usize;
        self.values.get(start + most).copied()
    }
}
