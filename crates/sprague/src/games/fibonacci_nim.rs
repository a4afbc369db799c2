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

/// The terms of n's Zeckendorf sum (distinct, non-consecutive Fibonacci numbers 1, 2, 3, 5, …),
/// smallest first; empty for 0.
pub fn zeckendorf(n: &BigUint) -> Vec<BigUint> {
    let mut fibs = vec![BigUint::one(), BigUint::from(2u32)];
    while fibs.last().expect("two to start") <= n {
        let next = &fibs[fibs.len() - 1] + &fibs[fibs.len() - 2];
        fibs.push(next);
    }
    let mut rest = n.clone();
    let mut terms = Vec::new();
    for f in fibs.iter().rev() {
        if *f <= rest {
            rest -= f;
            terms.push(f.clone());
        }
    }
    terms.reverse();
    terms
}

/// Whether the player to move loses at `heap` tokens, allowed to take at most `most`.
pub fn is_lost(heap: &BigUint, most: &BigUint) -> bool {
    zeckendorf(heap)
        .first()
        .is_none_or(|smallest| smallest > most)
}

/// Every take that wins at `heap` tokens with at most `most` allowed, smallest first: the sums
/// of the smallest Zeckendorf terms that are allowed and leave the opponent lost.
pub fn winning_takes(heap: &BigUint, most: &BigUint) -> Vec<BigUint> {
    let terms = zeckendorf(heap);
    let mut takes = Vec::new();
    let mut take = BigUint::zero();
    for (k, term) in terms.iter().enumerate() {
        take += term;
        if take > *most {
            break;
        }
        // Left: the terms after k, so the opponent's smallest term is the next one.
        let lost_after = terms.get(k + 1).is_none_or(|next| *next > &take * 2u32);
        if lost_after {
            takes.push(take.clone());
        }
    }
    takes
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
