//! The fast method a block of [`BLOCK`] heaps at a time: phase one for the whole block, then
//! phases two and three by spans of heaps that shrink where trusted values are often wrong. The
//! path taken at a review of the mask and near a wrong value, until the pipeline takes over.

use super::phase1::Known;
use super::phase2::PhaseTwo;
use super::{words_for, HeapTable, ValueTooLarge, View, BLOCK, SPAN_MIN};

impl HeapTable {
    /// The fast method: settles the heaps from `len()` to the end of a block (at most `len`).
    ///
    /// Phase one, for every heap of the block at once (shared among threads): the splits whose
    /// parts are both before the block — every one when the values are not sparse, else those
    /// with a rare part and the first [`FRONT`](super::FRONT) — marked in one bit set per heap.
    ///
    /// Phase two, heap by heap in order: the moves that touch the block itself, then the mex;
    /// when the values are sparse, the mex among common values c only (cheap), taken for G(n) on
    /// trust. Phase three checks the trust, for every heap at once (shared among threads): G(n)
    /// is c unless a rare value below c is missing too, which only the splits with both parts
    /// common decide, all of them before the block. The first heap where one is missing gets that
    /// value (rare) instead, and phases two and three go on after it (the heaps after it were
    /// settled with a wrong value). A block also ends when a value needs one more bit.
    pub(super) fn fill_block(&mut self, len: usize) -> Result<(), ValueTooLarge> {
        let n0 = self.values.len();
        if n0 >= self.sparse.review_at || self.sparse.review_bits != self.bits {
            self.review();
        }
        let end = (n0 + BLOCK).min(len).min(self.sparse.review_at.max(n0 + 1));
        let words = words_for(self.bits);
        let count = end - n0;
        let sparse = self.sparse.mask != 0;
        let known = Known {
            g: View::whole(&self.values),
            bits: self.bits,
            n0,
            removals: &self.removals[2],
            unequal: self.unequal,
            sparse,
            rare_heaps: &self.sparse.rare_heaps,
            rare_values: &self.sparse.rare_values,
            split: &self.sparse.split,
            common_bits: &self.sparse.common_bits,
        };
        self.marks.clear();
        self.marks.resize(count * words, 0);
        let mut exact = vec![u32::MAX; count];
        let parallel = known.mark_block(&mut self.marks, &mut exact, words);
        let rares_before = self.sparse.rare_heaps.len();
        let mut settled = vec![0u64; count * words];
        let mut from = 0;
        while from < count {
            // Phase two from heap `from` on, `self.span` heaps (values after it are on trust).
            let bits = self.bits;
            let limit = count.min(from + self.span);
            let mut upto = limit;
            let mut wider = false;
            // A trusted value too large to store: not pushed, and refused only if phase three
            // finds no rare value missing below it.
            let mut too_large = None;
            for i in from..limit {
                let n = n0 + i;
                self.seen[..words].copy_from_slice(&self.marks[i * words..(i + 1) * words]);
                let value = PhaseTwo {
                    g: View::whole(&self.values),
                    n0,
                    removals: &self.removals,
                    unequal: self.unequal,
                    sp: &self.sparse,
                    rares_before,
                    words,
                }
                .settle(&mut self.seen, n, exact[i]);
                settled[i * words..(i + 1) * words].copy_from_slice(&self.seen[..words]);
                self.seen[..words].fill(0);
                if value > self.max_value && sparse {
                    too_large = Some(n);
                    upto = i + 1;
                    break;
                }
                if self.push(n, value)? {
                    upto = i + 1;
                    wider = true;
                    break;
                }
            }
            if !sparse {
                if wider || upto == count {
                    return Ok(());
                }
                from = upto;
                continue;
            }
            // Phase three: the first heap whose trusted value is wrong.
            let heaps = n0 + from..n0 + upto;
            let wrong = self.first_wrong(&settled, words, n0, heaps, &self.values, parallel);
            let Some((n, value)) = wrong else {
                if let Some(n) = too_large {
                    return Err(ValueTooLarge { heap: n as u64 });
                }
                if wider || upto == count {
                    return Ok(());
                }
                self.span = (self.span * 2).min(BLOCK);
                from = upto;
                continue;
            };
            // Undo the heaps from n on, and settle heap n with its rare value. Wrong values
            // come close together where rare values appear: phase two then settles fewer heaps
            // at a time, so that less of its work is undone.
            self.span = (self.span / 2).max(SPAN_MIN);
            if self.cut(n, bits, value)? {
                return Ok(());
            }
            from = n - n0 + 1;
        }
        Ok(())
    }
}
