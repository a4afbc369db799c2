//! Phase one of the fast method, for every heap of a block at once and on all threads: the
//! splits whose parts are both before the block, marked a byte per value, and the checked rare
//! heaps only compared, by vector, with the few common values each heap's marks miss. The hot
//! loops of the method, apart from the control flow that runs them.

use super::sparse::{Lanes, RareSplit};
use super::{bytes_to_bits, View, FRONT, LANES, PARALLEL_WORK, SUB, WANTED};

/// What phase one of a block reads: the values before the block and the rare heaps among them.
pub(super) struct Known<'a> {
    pub(super) g: View<'a>,
    pub(super) bits: u32,
    pub(super) n0: usize,
    pub(super) removals: &'a [usize],
    pub(super) unequal: bool,
    pub(super) sparse: bool,
    pub(super) rare_heaps: &'a [u32],
    pub(super) rare_values: &'a [u16],
    // Phase one's split of the rare heaps, and the common values' bit set.
    pub(super) split: &'a RareSplit,
    pub(super) common_bits: &'a [u64],
}

impl Known<'_> {
    /// Phase one for the whole block: [`Known::mark`] by groups of [`SUB`] heaps, shared among
    /// threads when the work is large enough; returns whether it was.
    /// `exact[i]`: the common values up to which heap i's marks are complete
    /// ([`Known::check_group`]).
    pub(super) fn mark_block(&self, marks: &mut [u64], exact: &mut [u32], words: usize) -> bool {
        use rayon::prelude::*;
        let count = marks.len() / words;
        let per_heap = if self.sparse {
            self.rare_heaps.len() + FRONT
        } else {
            self.n0 / 2
        };
        let parallel = count * per_heap * self.removals.len() > PARALLEL_WORK;
        if parallel {
            marks
                .par_chunks_mut(words * SUB)
                .zip(exact.par_chunks_mut(SUB))
                .enumerate()
                .for_each(|(j, (out, exact))| self.mark(self.n0 + j * SUB, words, out, exact));
        } else {
            for (j, (out, exact)) in marks
                .chunks_mut(words * SUB)
                .zip(exact.chunks_mut(SUB))
                .enumerate()
            {
                self.mark(self.n0 + j * SUB, words, out, exact);
            }
        }
        parallel
    }

    /// Marks, in `out` (`words` words per heap), the two-heap options of the heaps from `s` on
    /// (one per `words` words of `out`) whose parts are both before the block: all of them, or
    /// (sparse) those with a rare part and those whose smaller part is at most [`FRONT`].
    ///
    /// A row of bytes a heap, a byte per value: plain stores there do not wait on one another as
    /// read-modify-writes of one bit-set word would. A rare heap r far enough from the block
    /// pairs with the same run of values for every heap here, G(s − k − r + i), read in order.
    fn mark(&self, s: usize, words: usize, out: &mut [u64], exact: &mut [u32]) {
        // A row of S = max(64, 2^bits) bytes a heap: every value marked is below 2^bits, and
        // indexing by `v & (S - 1)` in a row of a known size needs no bounds check.
        match (1usize << self.bits).max(64) {
            64 => self.mark_rows::<64>(s, words, out, exact),
            128 => self.mark_rows::<128>(s, words, out, exact),
            256 => self.mark_rows::<256>(s, words, out, exact),
            512 => self.mark_rows::<512>(s, words, out, exact),
            1024 => self.mark_rows::<1024>(s, words, out, exact),
            2048 => self.mark_rows::<2048>(s, words, out, exact),
            4096 => self.mark_rows::<4096>(s, words, out, exact),
            8192 => self.mark_rows::<8192>(s, words, out, exact),
            16384 => self.mark_rows::<16384>(s, words, out, exact),
            32768 => self.mark_rows::<32768>(s, words, out, exact),
            _ => self.mark_rows::<65536>(s, words, out, exact),
        }
    }

    /// [`Known::mark`] with rows of `S` bytes.
    fn mark_rows<const S: usize>(
        &self,
        s: usize,
        words: usize,
        out: &mut [u64],
        exact: &mut [u32],
    ) {
        let count = out.len() / words;
        // A full group leaves the checked rare heaps to `check_group`: (k, their range).
        let splitting = self.sparse && count == SUB && !self.split.checked_heaps.is_empty();
        let mut checks = Vec::new();
        let rows = &mut vec![[0u8; S]; count][..];
        let g = self.g;
        for &k in self.removals {
            for (i, row) in rows.iter_mut().enumerate() {
                let n = s + i;
                if k + 2 > n {
                    continue;
                }
                let m = n - k;
                let half = if self.unequal { (m - 1) / 2 } else { m / 2 };
                // The larger part m − a is before the block when a > m − n0.
                let lo = (m + 1).saturating_sub(self.n0).max(1);
                let hi = if self.sparse { half.min(FRONT) } else { half };
                if lo <= hi {
                    let low = g.slice(lo, hi + 1);
                    let high = g.slice(m - hi, m - lo + 1);
                    for (x, y) in low.iter().zip(high.iter().rev()) {
                        row[usize::from(x ^ y) & (S - 1)] = 1;
                    }
                }
            }
            if !self.sparse || s + count < k + 3 {
                continue;
            }
            // Rare r pairs with every heap here when m − n0 < r < m for the first and last heap.
            let last_m = s + count - 1 - k;
            let first_m = s.saturating_sub(k);
            // In a sorted list of rare heaps, those that pair with every heap here.
            let range = |heaps: &[u32]| {
                let from = heaps.partition_point(|&r| r as usize + self.n0 <= last_m);
                from..heaps.partition_point(|&r| (r as usize) < first_m).max(from)
            };
            let std::ops::Range {
                start: all_from,
                end: all_to,
            } = range(self.rare_heaps);
            // The first heap's m. A block that starts below k (a removal longer than the heaps
            // before the block, as in take set {10, 733}) has no rare heap pairing with all of
            // it (every range above is empty), and m0 is then never read.
            let m0 = s.saturating_sub(k);
            let split = self.split;
            if splitting {
                let marked = range(&split.marked_heaps);
                let after = split.len.clamp(all_from, all_to)..all_to;
                let checked = range(&split.checked_heaps);
                // Grundy's game: a rare heap whose equal split is a heap here is marked.
                let cut = if self.unequal {
                    checked.start
                        + split.checked_heaps[checked.clone()]
                            .partition_point(|&r| 2 * r as usize + k < s)
                } else {
                    checked.end
                };
                for (heaps, values) in [
                    (
                        &split.marked_heaps[marked.clone()],
                        &split.marked_values[marked],
                    ),
                    (&self.rare_heaps[after.clone()], &self.rare_values[after]),
                    (
                        &split.checked_heaps[cut..checked.end],
                        &split.checked_values[cut..checked.end],
                    ),
                ] {
                    mark_runs(rows, g, m0, self.unequal, heaps, values);
                }
                checks.push((k, checked.start..cut));
            } else {
                mark_runs(
                    rows,
                    g,
                    m0,
                    self.unequal,
                    &self.rare_heaps[all_from..all_to],
                    &self.rare_values[all_from..all_to],
                );
            }
            // The other rare heaps, heap by heap.
            for (i, row) in rows.iter_mut().enumerate() {
                let n = s + i;
                if k + 2 > n {
                    continue;
                }
                let m = n - k;
                let start = self
                    .rare_heaps
                    .partition_point(|&r| r as usize + self.n0 <= m);
                let stop = self.rare_heaps.partition_point(|&r| (r as usize) < m);
                for range in [
                    start..all_from.max(start).min(stop),
                    all_to.max(start)..stop,
                ] {
                    for (&r, &rv) in self.rare_heaps[range.clone()]
                        .iter()
                        .zip(&self.rare_values[range])
                    {
                        let r = r as usize;
                        if !(self.unequal && 2 * r == m) {
                            row[usize::from(rv ^ g.get(m - r)) & (S - 1)] = 1;
                        }
                    }
                }
            }
        }
        // Bytes to bits. Words past the row (the bit of 2^bits, never an option) stay zero.
        for (heap, row) in out.chunks_mut(words).zip(rows.iter()) {
            heap.fill(0);
            for (word, bytes) in heap.iter_mut().zip(row.chunks_exact(64)) {
                *word = bytes_to_bits(bytes);
            }
        }
        exact.fill(u32::MAX);
        if !checks.is_empty() {
            self.check_group(s, words, out, exact, &checks);
        }
    }

    /// Phase one's checked rare heaps ([`RareSplit`]) for the full group of heaps from `s` on
    /// (bit sets in `out`, `words` words a heap; `checks`: for each k, the range of the checked
    /// heaps that pair with every heap here). Instead of marking their pairs, each heap's
    /// [`WANTED`] smallest common values not marked are compared with them, [`LANES`] heaps at
    /// a time (a loop the compiler vectorises; the values wanted and given stay in registers
    /// across the rare heaps), and marked when a pair gives them. A heap's marks are then
    /// complete for the common values up to `exact[i]`, the last wanted: its c is right when at
    /// most that, and [`PhaseTwo::settle`] marks every checked pair otherwise.
    ///
    /// [`PhaseTwo::settle`]: super::phase2::PhaseTwo::settle
    fn check_group(
        &self,
        s: usize,
        words: usize,
        out: &mut [u64],
        exact: &mut [u32],
        checks: &[(usize, std::ops::Range<usize>)],
    ) {
        // No pair gives a value of 2^bits or more (bits < 16 here): a free slot wants that.
        let limit = 1usize << self.bits;
        let mut wanted = [[limit as u16; SUB]; WANTED];
        for (i, heap) in out.chunks(words).enumerate() {
            let mut found = 0;
            'words: for (w, (&bits, &common)) in heap.iter().zip(self.common_bits).enumerate() {
                let mut free = !bits & common;
                while free != 0 {
                    let v = w * 64 + free.trailing_zeros() as usize;
                    if v >= limit {
                        break 'words;
                    }
                    wanted[found][i] = v as u16;
                    found += 1;
                    if found == WANTED {
                        exact[i] = v as u32;
                        break 'words;
                    }
                    free &= free - 1;
                }
            }
        }
        let g = self.g;
        let split = self.split;
        let mut given = [[0u16; SUB]; WANTED];
        for first in (0..SUB).step_by(LANES) {
            let want: [[u16; LANES]; WANTED] =
                std::array::from_fn(|c| std::array::from_fn(|i| wanted[c][first + i]));
            // All ones in a lane once a pair gives the value wanted there.
            let mut got = [[0u16; LANES]; WANTED];
            for (k, range) in checks {
                let m0 = s - k + first;
                let heaps = &split.checked_heaps[range.clone()];
                let lanes = &split.checked_lanes[range.clone()];
                // The runs past the table's end are read from the values computed ahead.
                let seam = heaps.partition_point(|&r| (r as usize) + g.done.len() < m0 + LANES);
                compare_runs(&mut got, &want, g, m0, &heaps[..seam], &lanes[..seam]);
                compare_runs(&mut got, &want, g, m0, &heaps[seam..], &lanes[seam..]);
            }
            for c in 0..WANTED {
                given[c][first..first + LANES].copy_from_slice(&got[c]);
            }
        }
        for (i, heap) in out.chunks_mut(words).enumerate() {
            for c in 0..WANTED {
                let v = usize::from(wanted[c][i]);
                if given[c][i] != 0 && v < limit {
                    heap[v / 64] |= 1 << (v % 64);
                }
            }
        }
    }
}

/// For [`Known::check_group`], [`LANES`] heaps whose splits leave m0, m0 + 1, …: sets all ones
/// in the lanes of `got` where a rare heap r of `heaps` (values `lanes`) and the heap's partner
/// G(m0 − r + i) give the value wanted there. The runs read must all be on one side of `g`'s
/// seam.
#[inline(always)]
fn compare_runs(
    got: &mut [[u16; LANES]; WANTED],
    want: &[[u16; LANES]; WANTED],
    g: View<'_>,
    m0: usize,
    heaps: &[u32],
    lanes: &[Lanes],
) {
    let (Some(&r_min), Some(&r_max)) = (heaps.first(), heaps.last()) else {
        return;
    };
    // Every run read lies in one window: one bounds check a run, and no seam test.
    let window = g.slice(m0 - r_max as usize, m0 - r_min as usize + LANES);
    for (&r, rv) in heaps.iter().zip(lanes) {
        let at = (r_max - r) as usize;
        let run: &[u16; LANES] = window[at..at + LANES].try_into().expect("lanes");
        let x: [u16; LANES] = std::array::from_fn(|i| run[i] ^ rv.0[i % 8]);
        for c in 0..WANTED {
            for i in 0..LANES {
                got[c][i] |= u16::from(x[i] == want[c][i]).wrapping_neg();
            }
        }
    }
}

/// Marks, for each rare heap r (values `values`), its pairs with a run of heaps: row i (the heap
/// whose splits leave m0 + i) gets G(r) ⊕ G(m0 + i − r), every pair but Grundy's game's equal
/// split.
#[inline(always)]
fn mark_runs<const S: usize>(
    rows: &mut [[u8; S]],
    g: View<'_>,
    m0: usize,
    unequal: bool,
    heaps: &[u32],
    values: &[u16],
) {
    let count = rows.len();
    // No software prefetch of the runs ahead: the loads it added cost more than they saved
    // (0.6 and Grundy's game 5–15% faster without, to 4·10^6).
    for (&r, &rv) in heaps.iter().zip(values) {
        let r = r as usize;
        let run = g.slice(m0 - r, m0 - r + count);
        // Grundy's game forbids the equal split: heap i with m = 2r.
        let skip = if unequal && 2 * r >= m0 {
            2 * r - m0
        } else {
            usize::MAX
        };
        if skip >= count {
            // The hot loop: one load, one XOR, one store per pair. A full group is unrolled
            // whole (fixed offsets, no loop counter): a quarter faster.
            match (
                <&mut [[u8; S]; SUB]>::try_from(&mut *rows),
                <&[u16; SUB]>::try_from(run),
            ) {
                (Ok(rows), Ok(run)) => {
                    // Four values a 64-bit word, one XOR for the four: four instructions a
                    // pair instead of five, a fifth faster (the loop is bound by its
                    // instruction count here, measured alone).
                    let rv4 = u64::from(rv) * 0x0001_0001_0001_0001;
                    for q in 0..SUB / 4 {
                        let word = u64::from(run[4 * q])
                            | u64::from(run[4 * q + 1]) << 16
                            | u64::from(run[4 * q + 2]) << 32
                            | u64::from(run[4 * q + 3]) << 48;
                        let x = word ^ rv4;
                        for j in 0..4 {
                            rows[4 * q + j][(x >> (16 * j)) as usize & (S - 1)] = 1;
                        }
                    }
                }
                _ => {
                    for (row, &x) in rows.iter_mut().zip(run) {
                        row[usize::from(rv ^ x) & (S - 1)] = 1;
                    }
                }
            }
        } else {
            for (i, (row, &x)) in rows.iter_mut().zip(run).enumerate() {
                if i != skip {
                    row[usize::from(rv ^ x) & (S - 1)] = 1;
                }
            }
        }
    }
}
