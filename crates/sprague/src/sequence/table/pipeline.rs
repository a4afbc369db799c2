//! The fast method once the rare values settle: phases one and two run ahead on trust while
//! phase three checks the step before, the two joined once a step, and a wrong trusted value
//! cuts the table there. Apart from the block path (`block.rs`): it keeps the heaps a step
//! leaves for the next one to check ([`Pending`]).

use super::phase1::Known;
use super::phase2::PhaseTwo;
use super::{
    words_for, HeapTable, ValueTooLarge, View, AHEAD_BYTES, BLOCK, CALM, FRONT, MAX_AHEAD,
};

/// Heaps settled on trust by phases one and two, waiting for phase three: the table's values
/// from `from` on.
#[derive(Clone, Debug, Default)]
pub(super) struct Pending {
    pub(super) from: usize,
    // The bit sets of phases one and two, `words_for(bits)` words a heap.
    pub(super) marks: Vec<u64>,
    // The value width before `from` (restored when a pending value is wrong).
    pub(super) bits: u32,
}

/// What a step of the pipeline computed ahead: trusted values and their marks.
struct Ahead {
    values: Vec<u64>,
    // `words_for(bits)` words a heap, `bits` the table's width when the step began.
    marks: Vec<u64>,
}

impl HeapTable {
    /// Whether the fast method runs as a pipeline: sparse values, no three-heap move, the mask
    /// up to date, and no wrong trusted value in the last [`CALM`] heaps (a wrong value costs the
    /// pipeline a whole step, [`HeapTable::fill_block`] only the rest of its block).
    pub(super) fn pipelined(&self) -> bool {
        let n = self.values.len();
        self.sparse.mask != 0
            && n - self.last_fix.min(n) >= CALM
            && self.removals[3].is_empty()
            && n < self.sparse.review_at
            && self.sparse.review_bits == self.bits
    }

    /// The fast method as a two-stage pipeline, until the table has `len` values or the mask must
    /// be chosen again (then with nothing pending).
    ///
    /// Each step runs two tasks at once: phases one and two of the next heaps, on trust (their
    /// common value), in [`HeapTable::run_ahead`]; and phase three of the heaps the step before
    /// settled ([`HeapTable::check_pending`]). Phase three of a heap reads only the values before
    /// it, so the first heap it finds wrong is truly wrong: the table is cut there, that heap
    /// gets its rare value, and the work done ahead of it is dropped. The steps grow as the
    /// table goes on without a wrong heap (up to [`MAX_AHEAD`] heaps), so dropped work stays
    /// small where rare values are frequent. Threads change the speed, never the values.
    pub(super) fn fill_pipelined(&mut self, len: usize) -> Result<(), ValueTooLarge> {
        loop {
            let n = self.values.len();
            let ahead = n < len && self.pipelined();
            if !ahead && self.pending.marks.is_empty() {
                return Ok(());
            }
            let end = if ahead {
                let calm = (n - self.last_fix.min(n)) / 4;
                let most = AHEAD_BYTES / (8 * words_for(self.bits));
                let step = calm.min(most).clamp(BLOCK, MAX_AHEAD) / BLOCK * BLOCK;
                (n + step).min(len).min(self.sparse.review_at)
            } else {
                n
            };
            let this = &*self;
            let (done_ahead, wrong) = rayon::join(
                || ahead.then(|| this.run_ahead(end)),
                || this.check_pending(),
            );
            let pending = std::mem::take(&mut self.pending);
            if let Some((i, value)) = wrong {
                // Now fewer than CALM heaps since a wrong value: `fill_block` goes on.
                self.cut(i, pending.bits, value)?;
                return Ok(());
            }
            if let Some(mut done_ahead) = done_ahead {
                let words = words_for(self.bits);
                if let Some(i) = done_ahead.values.iter().position(|&v| v > self.max_value) {
                    // Maybe not the heap's value: a rare one may be missing. The heaps before it
                    // are checked first (the pipeline pauses as after a wrong value), then
                    // `fill_block` settles it and says whether it is too large.
                    done_ahead.values.truncate(i);
                    done_ahead.marks.truncate(i * words);
                    self.last_fix = n + i;
                }
                self.pending = Pending {
                    from: n,
                    marks: done_ahead.marks,
                    bits: self.bits,
                };
                for (i, value) in done_ahead.values.into_iter().enumerate() {
                    self.push(n + i, value)?;
                }
            }
        }
    }

    /// Phases one and two of the heaps from `len()` to `end`, on trust, by blocks of [`BLOCK`];
    /// stops early after a value that needs one more bit.
    fn run_ahead(&self, end: usize) -> Ahead {
        let start = self.values.len();
        let removals = &self.removals[2];
        // Phase one reads back at most k + FRONT + SUB values from a block's start; a margin.
        let reach = removals.iter().max().copied().unwrap_or(0) + 2 * BLOCK + FRONT;
        let base = start.saturating_sub(reach);
        let done = &self.values[..start];
        let mut recent = self.values[base..].to_vec();
        let words = words_for(self.bits);
        let mut seen = vec![0u64; words + 1];
        let mut out = Ahead {
            values: Vec::with_capacity(end - start),
            marks: Vec::with_capacity((end - start) * words),
        };
        let mut marks = Vec::new();
        let mut exact = Vec::new();
        // A trusted value is common: no rare heap is found ahead, all are before `start`.
        let rares_before = self.sparse.rare_heaps.len();
        let mut n0 = start;
        while n0 < end {
            let count = (end - n0).min(BLOCK);
            let known = Known {
                g: View {
                    done,
                    base,
                    recent: &recent,
                },
                bits: self.bits,
                n0,
                removals,
                unequal: self.unequal,
                sparse: true,
                rare_heaps: &self.sparse.rare_heaps,
                rare_values: &self.sparse.rare_values,
                split: &self.sparse.split,
                common_bits: &self.sparse.common_bits,
            };
            marks.clear();
            marks.resize(count * words, 0);
            exact.clear();
            exact.resize(count, u32::MAX);
            known.mark_block(&mut marks, &mut exact, words);
            for i in 0..count {
                let n = n0 + i;
                seen[..words].copy_from_slice(&marks[i * words..(i + 1) * words]);
                let g = View {
                    done,
                    base,
                    recent: &recent,
                };
                let value = PhaseTwo {
                    g,
                    n0,
                    removals: &self.removals,
                    unequal: self.unequal,
                    sp: &self.sparse,
                    rares_before,
                    words,
                }
                .settle(&mut seen, n, exact[i]);
                out.marks.extend_from_slice(&seen[..words]);
                seen.fill(0);
                out.values.push(value);
                if value >> self.bits != 0 {
                    return out;
                }
                recent.push(value as u16);
            }
            n0 += count;
        }
        out
    }

    /// Phase three of the pending heaps: the first whose trusted value is wrong, with its value.
    fn check_pending(&self) -> Option<(usize, u16)> {
        let p = &self.pending;
        if p.marks.is_empty() {
            return None;
        }
        let words = words_for(p.bits);
        let heaps = p.from..p.from + p.marks.len() / words;
        self.first_wrong(&p.marks, words, p.from, heaps, &self.values, true)
    }
}
