//! The fast method's rare/common state ([`Sparse`], with phase one's split of the rare heaps,
//! [`RareSplit`]) and what is learned from the table at each review: the mask with the fewest
//! rare values, the order in which phase three looks at its first splits, and which rare heaps
//! phase one marks. Any mask, order or split gives the same values; a good one gives speed.

use super::{
    parity_even, words_for, HeapTable, Method, FRONT, ORDER_CHUNK, ORDER_SAMPLE, SPLIT_MIN,
};

/// The rare/common state of the fast method.
#[derive(Clone, Debug)]
pub(super) struct Sparse {
    // The mask: v is rare when (v & mask) has an even number of bits; 0 means "not sparse here"
    // (every split is examined, as in naive, but by blocks and on every core).
    pub(super) mask: u16,
    // Heaps r ≥ 1 whose value is rare, increasing, and their values.
    pub(super) rare_heaps: Vec<u32>,
    pub(super) rare_values: Vec<u16>,
    // Next table length at which the mask is chosen again.
    pub(super) review_at: usize,
    // The value width at the last review.
    pub(super) review_bits: u32,
    // Bit sets over values (words): which values are rare / common under `mask`.
    pub(super) rare_bits: Vec<u64>,
    pub(super) common_bits: Vec<u64>,
    // Phase three's first splits: the starts of chunks of `ORDER_CHUNK` splits covering
    // `FRONT + 1..order_end`, most useful first (learned from the table at each review; empty
    // when the table is too short to learn from).
    pub(super) order: Vec<u32>,
    pub(super) order_end: usize,
    // The smaller parts' values of the learned chunks, in the learned order, each chunk
    // backwards: G(f + ORDER_CHUNK − 1 − i) at t·ORDER_CHUNK + i for the chunk t from f. A
    // split's two values are then both read forwards (no reversal by vector shuffles), the
    // smaller parts in the order they are used.
    pub(super) order_values: Vec<u16>,
    // Phase one's split of the rare heaps (learned at each review, `HeapTable::learn_split`).
    pub(super) split: RareSplit,
}

/// Phase one's split of the first `len` rare heaps in two: those whose pairs it marks, and those
/// whose pairs it only compares with the few common values each heap's marks miss
/// ([`Known::check_group`]). Each list increasing, with the heaps' values. The rare heaps after
/// the first `len` (found after the split was learned) are marked.
///
/// [`Known::check_group`]: super::phase1::Known::check_group
#[derive(Clone, Debug, Default)]
pub(super) struct RareSplit {
    pub(super) marked_heaps: Vec<u32>,
    pub(super) marked_values: Vec<u16>,
    pub(super) checked_heaps: Vec<u32>,
    pub(super) checked_values: Vec<u16>,
    // The checked heaps' values, each in every lane of a vector.
    pub(super) checked_lanes: Vec<Lanes>,
    pub(super) len: usize,
}

/// A value in each of eight lanes, aligned for a vector operand (the compares of phase one XOR
/// it with runs of [`LANES`](super::LANES) values, a vector of eight at a time).
#[derive(Clone, Copy, Debug)]
#[repr(align(16))]
pub(super) struct Lanes(pub(super) [u16; 8]);

/// The end of phase three's learned chunks (exclusive) over smaller parts up to `reach`.
fn order_end(reach: usize) -> usize {
    FRONT + 1 + (reach - FRONT) / ORDER_CHUNK * ORDER_CHUNK
}

impl HeapTable {
    /// Chooses the mask with the fewest rare values so far, and rebuilds the rare list.
    pub(super) fn review(&mut self) {
        let n = self.values.len();
        self.sparse.review_at = (n.max(32) * 2).max(self.sparse.review_at);
        self.sparse.review_bits = self.bits;
        let old_mask = std::mem::take(&mut self.sparse.mask);
        self.sparse.rare_heaps.clear();
        self.sparse.rare_values.clear();
        self.sparse.split = RareSplit::default();
        let old_order = (
            std::mem::take(&mut self.sparse.order),
            std::mem::take(&mut self.sparse.order_end),
            std::mem::take(&mut self.sparse.order_values),
        );
        if self.method != Method::Sparse || self.removals[2].is_empty() || self.bits == 0 {
            return;
        }
        let size = 1usize << self.bits;
        let mut hist = vec![0u64; size];
        for &v in &self.values[1..] {
            hist[usize::from(v)] += 1;
        }
        let mut best = (u64::MAX, 0u16);
        for mask in 1..size {
            let rare: u64 = hist
                .iter()
                .enumerate()
                .filter(|&(v, _)| parity_even(v as u64, mask as u16))
                .map(|(_, &c)| c)
                .sum();
            if rare < best.0 {
                best = (rare, mask as u16);
            }
        }
        // Not sparse: more than a quarter of the values rare under every mask.
        let total = (n.max(1) - 1) as u64;
        if best.0 * 4 > total || n < 64 {
            return;
        }
        let mask = best.1;
        self.sparse.mask = mask;
        for (i, &v) in self.values.iter().enumerate().skip(1) {
            if parity_even(u64::from(v), mask) {
                self.sparse.rare_heaps.push(i as u32);
                self.sparse.rare_values.push(v);
            }
        }
        let words = words_for(self.bits) + 1;
        self.sparse.rare_bits = vec![0; words];
        self.sparse.common_bits = vec![0; words];
        for v in 0..words * 64 {
            let set = if parity_even(v as u64, mask) {
                &mut self.sparse.rare_bits
            } else {
                &mut self.sparse.common_bits
            };
            set[v / 64] |= 1 << (v % 64);
        }
        // An order learned over the full reach under the same mask is kept: it changes little
        // along the table (learned near 2.6·10^5, it does as well near 9·10^5 on 0.6).
        if mask == old_mask && old_order.1 == order_end(self.order_reach) {
            (
                self.sparse.order,
                self.sparse.order_end,
                self.sparse.order_values,
            ) = old_order;
        } else {
            self.learn_order();
        }
        self.learn_split();
    }

    /// The items `0..len` best first, by the scores `score_heap(h, scores)` adds up over the
    /// table's sample heaps: [`ORDER_SAMPLE`] heaps spread over its second half, common ones only
    /// (a rare heap has no phase three, and its c is not a common value). On all threads.
    fn rank_by_sample(
        &self,
        len: usize,
        score_heap: impl Fn(usize, &mut [u64]) + Sync,
    ) -> Vec<usize> {
        use rayon::prelude::*;
        let n = self.values.len();
        let k = self.removals[2].first().copied().unwrap_or(0);
        let sample: Vec<usize> = (0..ORDER_SAMPLE)
            .map(|i| n / 2 + i * (n / 2) / ORDER_SAMPLE)
            .filter(|&h| h > k + 1 && !parity_even(u64::from(self.values[h]), self.sparse.mask))
            .collect();
        let score = sample
            .par_iter()
            .fold(
                || vec![0u64; len],
                |mut score, &h| {
                    score_heap(h, &mut score);
                    score
                },
            )
            .reduce(
                || vec![0u64; len],
                |mut a, b| {
                    a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                    a
                },
            );
        let mut order: Vec<usize> = (0..len).collect();
        order.sort_by_key(|&j| std::cmp::Reverse(score[j]));
        order
    }

    /// Splits the rare heaps in two for phase one ([`RareSplit`]): those whose pairs most often
    /// give a common value that few other pairs give are marked, the others only compared with
    /// the [`WANTED`](super::WANTED) smallest common values each heap's marks miss, by vector.
    ///
    /// Why: c, the smallest common value missing, needs every common value below it given, but
    /// most are given many times over. Simulated on 0.6 near 9·10^5, from the table's values:
    /// with the more useful half of the rare heaps marked, a heap's marks miss no common value
    /// below c in 77% of the heaps. A compare of eight heaps' pairs with one value is three
    /// vector instructions, a mark one store a pair. Any split gives the same values (a heap whose
    /// wanted values are all given marks every pair, [`PhaseTwo::settle`]); a good one is faster.
    ///
    /// [`PhaseTwo::settle`]: super::phase2::PhaseTwo::settle
    fn learn_split(&mut self) {
        let n = self.values.len();
        let sp = &self.sparse;
        let rares = sp.rare_heaps.len();
        let Some(&k) = self.removals[2].first() else {
            return;
        };
        if sp.mask == 0 || rares < SPLIT_MIN || self.bits >= 16 || n < 8 * rares {
            return;
        }
        let g = &self.values;
        let mut order = self.rank_by_sample(rares, |h, score| {
            let m = h - k;
            let c = usize::from(g[h]);
            let given = |j: usize| {
                let r = sp.rare_heaps[j] as usize;
                (r < m && !(self.unequal && 2 * r == m))
                    .then(|| usize::from(sp.rare_values[j] ^ g[m - r]))
            };
            let mut count = vec![0u64; 1 << self.bits];
            for j in 0..rares {
                if let Some(v) = given(j) {
                    count[v] += 1;
                }
            }
            // A common value below c counts the more the fewer pairs give it.
            for (j, s) in score.iter_mut().enumerate() {
                if let Some(v) = given(j) {
                    if v < c && !parity_even(v as u64, sp.mask) {
                        *s += (1 << 40) / (count[v] * count[v]);
                    }
                }
            }
        });
        let marked_count = rares * self.split_percent / 100;
        let (marked, checked) = order.split_at_mut(marked_count);
        marked.sort_unstable();
        checked.sort_unstable();
        let heaps = |list: &[usize]| list.iter().map(|&j| sp.rare_heaps[j]).collect();
        let values = |list: &[usize]| list.iter().map(|&j| sp.rare_values[j]).collect();
        self.sparse.split = RareSplit {
            marked_heaps: heaps(marked),
            marked_values: values(marked),
            checked_heaps: heaps(checked),
            checked_values: values(checked),
            checked_lanes: checked
                .iter()
                .map(|&j| Lanes([sp.rare_values[j]; 8]))
                .collect(),
            len: rares,
        };
    }

    /// Learns the order in which phase three looks at its first splits, from the table's last
    /// values: the chunks of [`ORDER_CHUNK`] splits (smaller part from `FRONT + 1` to
    /// [`ORDER_REACH`]) that most often give the rare values that few splits give.
    ///
    /// Why: phase three stops when every rare value below c has been seen, so its cost is the
    /// wait for the hardest of them. In 0.6 these are given by a few small parts only (the same
    /// ones across the table), not by splits at random. Simulated on 0.6 near 9·10^5, from the
    /// table's values, the learned order sees every rare value after about 1,100 splits against
    /// 1,800 for the fixed order. Any order gives the same values; this one is only faster.
    ///
    /// [`ORDER_REACH`]: super::ORDER_REACH
    fn learn_order(&mut self) {
        let n = self.values.len();
        let Some(&k) = self.removals[2].first() else {
            return;
        };
        // Over a quarter of the table at most, so that the sample's splits exist.
        let reach = self.order_reach.min(n / 4);
        if reach < FRONT + 4 * ORDER_CHUNK {
            return;
        }
        let sp = &self.sparse;
        let g = &self.values;
        let chunks = (reach - FRONT) / ORDER_CHUNK;
        let end = order_end(reach);
        let order = self.rank_by_sample(chunks, |h, score| {
            let m = h - k;
            let c = usize::from(g[h]);
            let mut count = vec![0u64; 1 << self.bits];
            for a in FRONT + 1..end {
                count[usize::from(g[a] ^ g[m - a])] += 1;
            }
            // A rare value below c counts the more the fewer splits give it.
            let weight: Vec<u64> = count
                .iter()
                .enumerate()
                .map(|(v, &cnt)| {
                    if v < c && cnt > 0 && parity_even(v as u64, sp.mask) {
                        (1 << 40) / (cnt * cnt)
                    } else {
                        0
                    }
                })
                .collect();
            for (j, s) in score.iter_mut().enumerate() {
                let from = FRONT + 1 + j * ORDER_CHUNK;
                *s += (from..from + ORDER_CHUNK)
                    .map(|a| weight[usize::from(g[a] ^ g[m - a])])
                    .sum::<u64>();
            }
        });
        self.sparse.order = order
            .into_iter()
            .map(|j| (FRONT + 1 + j * ORDER_CHUNK) as u32)
            .collect();
        self.sparse.order_end = end;
        let values = &self.values;
        self.sparse.order_values = self
            .sparse
            .order
            .iter()
            .flat_map(|&f| {
                values[f as usize..f as usize + ORDER_CHUNK]
                    .iter()
                    .rev()
                    .copied()
            })
            .collect();
    }
}
