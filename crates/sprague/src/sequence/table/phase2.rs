//! Phase two of the fast method, heap by heap in order: the moves phase one left out (splits
//! touching the block, moves leaving no, one or three heaps) and the mex among common values,
//! taken on trust. The pair marking here is shared with the naive method.

use super::sparse::Sparse;
use super::{bytes_to_bits, View, ALL_ONES};

/// What phase two reads for a heap of the block starting at `n0`: the values before the heap, the
/// moves, and the rare/common state, whose rare heaps from `rares_before` on are in the block.
/// Bit sets of `words` words.
pub(super) struct PhaseTwo<'a> {
    pub(super) g: View<'a>,
    pub(super) n0: usize,
    pub(super) removals: &'a [Vec<usize>; 4],
    pub(super) unequal: bool,
    pub(super) sp: &'a Sparse,
    pub(super) rares_before: usize,
    pub(super) words: usize,
}

impl PhaseTwo<'_> {
    /// Phase two of the fast method for heap `n`: `seen` holds the marks of phase one; adds every
    /// move not marked there and returns the mex, or (sparse) the smallest common value missing.
    /// Phase one's marks are complete for the common values up to `exact`
    /// ([`Known::check_group`]).
    ///
    /// [`Known::check_group`]: super::phase1::Known::check_group
    pub(super) fn settle(&self, seen: &mut [u64], n: usize, exact: u32) -> u64 {
        let &PhaseTwo {
            g,
            n0,
            removals,
            unequal,
            sp,
            rares_before,
            words,
        } = self;
        mark_other_moves(seen, g, n, removals);
        let set = |seen: &mut [u64], v: u64| seen[(v >> 6) as usize] |= 1 << (v & 63);
        for &k in &removals[2] {
            if k + 2 > n {
                continue;
            }
            let m = n - k;
            let half = if unequal { (m - 1) / 2 } else { m / 2 };
            // Splits whose larger part is in the block (values below 64 when two words hold them).
            let in_block = m.saturating_sub(n0).min(half) + 1;
            pairs_into(seen, g, m, 1, in_block, words <= 2);
            if sp.mask != 0 {
                // Splits with a rare part found in this block.
                for (&r, &rv) in sp.rare_heaps[rares_before..]
                    .iter()
                    .zip(&sp.rare_values[rares_before..])
                {
                    let r = r as usize;
                    if r >= m {
                        break;
                    }
                    if !(unequal && 2 * r == m) {
                        set(seen, u64::from(rv ^ g.get(m - r)));
                    }
                }
            }
        }
        let free = if sp.mask != 0 {
            &sp.common_bits[..words]
        } else {
            &ALL_ONES[..]
        };
        let mex = |seen: &[u64]| {
            for (w, (word, f)) in seen[..words].iter().zip(free.iter().cycle()).enumerate() {
                if !word & f != 0 {
                    return (w * 64) as u64 + u64::from((!word & f).trailing_zeros());
                }
            }
            (words * 64) as u64
        };
        let c = mex(seen);
        if c <= u64::from(exact) {
            return c;
        }
        // Past the values phase one compared with its checked rare heaps: their every pair (those
        // marked already are marked again), a byte a value (plain stores, as in phase one), then
        // the mex again.
        let split = &sp.split;
        FALLBACK.with(|bytes| {
            let bytes = &mut bytes.borrow_mut()[..];
            let size = (words * 64).min(bytes.len());
            for &k in &removals[2] {
                if k + 2 > n {
                    continue;
                }
                let m = n - k;
                for (&r, &rv) in split.checked_heaps.iter().zip(&split.checked_values) {
                    let r = r as usize;
                    if r >= m {
                        break;
                    }
                    if !(unequal && 2 * r == m) {
                        bytes[usize::from(rv ^ g.get(m - r))] = 1;
                    }
                }
            }
            for (word, chunk) in seen[..words]
                .iter_mut()
                .zip(bytes[..size].chunks_exact_mut(64))
            {
                *word |= bytes_to_bits(chunk);
                chunk.fill(0);
            }
        });
        mex(seen)
    }
}

/// Marks the options of heap `n` that leave no heap, one heap, or three heaps (by every triple).
pub(super) fn mark_other_moves(
    seen: &mut [u64],
    g: View<'_>,
    n: usize,
    removals: &[Vec<usize>; 4],
) {
    let mut set = |v: u16| seen[usize::from(v >> 6)] |= 1 << (v & 63);
    if removals[0].iter().any(|&k| k == n && k > 0) {
        set(0);
    }
    for &k in &removals[1] {
        if k < n && k > 0 {
            set(g.get(n - k));
        }
    }
    for &k in &removals[3] {
        if k + 3 <= n {
            let m = n - k;
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    set(g.get(a) ^ g.get(b) ^ g.get(m - a - b));
                }
            }
        }
    }
}

thread_local! {
    /// A byte a value for [`PhaseTwo::settle`]'s heaps whose wanted values phase one all found
    /// (zero between uses; every u16 indexes it).
    static FALLBACK: std::cell::RefCell<Box<[u8]>> =
        std::cell::RefCell::new(vec![0; 1 << 16].into_boxed_slice());
}

/// Marks G(a) ⊕ G(m − a) for `from ≤ a < to` in the bit set.
///
/// `small`: every value is below 64, so every mark lands in the first word: they are gathered in
/// a register rather than through memory (one chain of loads and stores on one word otherwise).
#[inline]
pub(super) fn pairs_into(
    seen: &mut [u64],
    g: View<'_>,
    m: usize,
    from: usize,
    to: usize,
    small: bool,
) {
    if from >= to {
        return;
    }
    let low = g.slice(from, to);
    let high = g.slice(m + 1 - to, m + 1 - from);
    if small {
        // Four registers, each its own chain of ORs: in one register they were a single chain
        // (0.16: its share of the run fell by a sixth).
        let mut marks = [0u64; 4];
        let whole = low.len() / 4 * 4;
        for (x, y) in low[..whole]
            .chunks_exact(4)
            .zip(high[low.len() - whole..].rchunks_exact(4))
        {
            for j in 0..4 {
                marks[j] |= 1 << ((x[j] ^ y[3 - j]) & 63);
            }
        }
        for (x, y) in low[whole..]
            .iter()
            .zip(high[..low.len() - whole].iter().rev())
        {
            marks[0] |= 1 << ((x ^ y) & 63);
        }
        seen[0] |= marks[0] | marks[1] | marks[2] | marks[3];
        return;
    }
    for (x, y) in low.iter().zip(high.iter().rev()) {
        let v = x ^ y;
        seen[usize::from(v >> 6)] |= 1 << (v & 63);
    }
}
