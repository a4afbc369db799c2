//! Phase three of the fast method, for many heaps at once and on all threads: the check that no
//! rare value below a heap's trusted value is missing, the learned chunks of splits first, with
//! its scratch space kept per thread. Phase three of a heap reads nothing at or after it, so the
//! first heap it finds wrong is wrong, whatever the heaps after it were given.

use super::sparse::Sparse;
use super::{bytes_to_bits, HeapTable, BLOCK, FRONT, ORDER_CHUNK};

impl HeapTable {
    /// Phase three of `heaps`, settled on trust by blocks of [`BLOCK`] from heap `first` on
    /// (`marks`: their bit sets from phase two, `words` words a heap, heap `first`'s first): the
    /// first heap whose trusted value is wrong, with its value. `g` holds at least the values
    /// before each heap, those of `heaps` on trust; phase three of a heap reads nothing at or
    /// after it, so the first heap found wrong is wrong (the heaps before it are right) whatever
    /// the heaps after it were given.
    pub(super) fn first_wrong(
        &self,
        marks: &[u64],
        words: usize,
        first: usize,
        heaps: std::ops::Range<usize>,
        g: &[u16],
        parallel: bool,
    ) -> Option<(usize, u16)> {
        use rayon::prelude::*;
        let three = PhaseThree {
            g,
            removals: &self.removals[2],
            unequal: self.unequal,
            sp: &self.sparse,
            words,
        };
        let scan = |n: usize| -> Option<(usize, u16)> {
            let i = n - first;
            let n0 = first + i / BLOCK * BLOCK;
            HITS.with(|hits| {
                three.rare_missing(
                    &marks[i * words..(i + 1) * words],
                    n,
                    n0,
                    &mut hits.borrow_mut(),
                )
            })
            .map(|v| (n, v))
        };
        if parallel {
            heaps
                .into_par_iter()
                .with_min_len(8)
                .map(scan)
                .find_first(Option::is_some)
                .flatten()
        } else {
            heaps.into_iter().find_map(scan)
        }
    }
}

/// What phase three reads, the same for every heap it checks: the values (at least those before
/// each heap), the two-heap moves, and the rare/common state. Bit sets of `words` words.
struct PhaseThree<'a> {
    g: &'a [u16],
    removals: &'a [usize],
    unequal: bool,
    sp: &'a Sparse,
    words: usize,
}

impl PhaseThree<'_> {
    /// Phase three of the fast method for heap `n` of the block starting at `n0`, sparse: `seen`
    /// marks every common option (a common value comes only from a split with a rare part) and
    /// the splits in and near the block, and c is the smallest common value missing. Returns the
    /// smallest rare value below c missing as well, if any, looking at the other splits (both
    /// parts before the block) until no rare value below c is missing: while many are, each split
    /// marks a byte per value; once few are, they are looked for many splits at a time
    /// ([`find_among`]). `hits`: the thread's scratch space.
    fn rare_missing(&self, seen: &[u64], n: usize, n0: usize, hits: &mut Hits) -> Option<u16> {
        let &PhaseThree {
            g,
            removals,
            unequal,
            sp,
            words,
        } = self;
        let common = &sp.common_bits;
        let rare = &sp.rare_bits;
        let c = (0..words)
            .find(|&w| !seen[w] & common[w] != 0)
            .map_or(words * 64, |w| {
                w * 64 + (!seen[w] & common[w]).trailing_zeros() as usize
            });
        // The rare values below c still missing: listed (increasing) at once when few, else after
        // the first splits, which leave far fewer to list ([`Xors::examine`]).
        let Hits {
            hit,
            need,
            missing,
            xors,
        } = hits;
        xors.len = 0;
        need.clear();
        missing.clear();
        let mut count = 0;
        for w in 0..=(c / 64).min(words - 1) {
            let below = if w == c / 64 {
                (1u64 << (c % 64)) - 1
            } else {
                u64::MAX
            };
            let bits = !seen[w] & rare[w] & below;
            count += bits.count_ones() as usize;
            missing.push(bits);
        }
        if count == 0 {
            return None;
        }
        if count <= NEED_MAX {
            list_into(need, missing, |_| 0);
            missing.clear();
        }
        let hit = &mut hit[..];
        hit[..(words * 64).min(1 << 16)].fill(0);
        for &k in removals {
            if k + 2 > n {
                continue;
            }
            let m = n - k;
            let half = if unequal { (m - 1) / 2 } else { m / 2 };
            let lo = FRONT.max(m.saturating_sub(n0)).min(half) + 1;
            if lo > half {
                continue;
            }
            // First the learned chunks ([`HeapTable::learn_order`]), whole, from FRONT + 1 on:
            // those below `lo` are splits of the block's own heaps, marked by phase two already,
            // looked at again (`g` holds the values up to n), which costs less than cutting the
            // chunks there.
            // Then the rest.
            let mut lo = lo;
            if !sp.order.is_empty() && half >= sp.order_end {
                for (&from, low) in sp
                    .order
                    .iter()
                    .zip(sp.order_values.chunks_exact(ORDER_CHUNK))
                {
                    let high = m + 1 - from as usize - ORDER_CHUNK;
                    xors.push_learned(low, &g[high..high + ORDER_CHUNK]);
                    if xors.len == CHUNK && xors.examine(need, missing, hit) {
                        return None;
                    }
                }
                if xors.examine(need, missing, hit) {
                    return None;
                }
                lo = lo.max(sp.order_end);
            }
            if lo > half {
                continue;
            }
            // The splits go by chunks, alternately from two regions. The first EARLY splits, whose
            // smaller part is a small heap, in order: the values of small heaps are the most
            // varied, and a value that few splits give is most often given there. The others in a
            // scattered order: neighbouring splits give alike values, so a chunk far from the last
            // one more often gives a value still missing. Neither region alone does as well as the
            // two taken in turn. `step` is prime to the number of late chunks, so each is visited
            // once. Simulated on 0.6 near 9·10^5 (300 heaps, from the table's values): 1,700 splits
            // a heap on average (at most 15,000), against 3,100 (at most 73,000) scattered only and
            // 2,500 (at most 7,700) in order.
            let early_end = (lo + EARLY).min(half + 1);
            let early = (early_end - lo).div_ceil(CHUNK);
            let late = (half + 1 - early_end).div_ceil(CHUNK);
            let step = [37, 41, 43, 47, 53]
                .into_iter()
                .find(|p| late % p != 0)
                .unwrap_or(1);
            for j in 0..early.max(late) {
                for (a, end) in [
                    (j < early).then(|| {
                        let a = lo + j * CHUNK;
                        (a, (a + CHUNK).min(early_end))
                    }),
                    (j < late).then(|| {
                        let a = early_end + (j * step) % late * CHUNK;
                        (a, (a + CHUNK).min(half + 1))
                    }),
                ]
                .into_iter()
                .flatten()
                {
                    xors.push(g, m, a, end);
                    if xors.examine(need, missing, hit) {
                        return None;
                    }
                }
            }
        }
        need.first().copied()
    }
}

/// The values G(a) ⊕ G(m − a) of some splits, gathered for phase three.
struct Xors {
    buf: [u16; CHUNK],
    len: usize,
}

impl Xors {
    /// Adds the splits (a, m − a) for `from ≤ a < to` (at most `CHUNK - len` of them).
    #[inline]
    fn push(&mut self, g: &[u16], m: usize, from: usize, to: usize) {
        let low = &g[from..to];
        let high = &g[m + 1 - to..=m - from];
        let len = to - from;
        let buf = &mut self.buf[self.len..self.len + len];
        // By whole vectors of eight: a loop left to the compiler ends with up to 16 splits one
        // at a time, whose narrow stores then stall the wide loads of `examine` (they cannot be
        // forwarded); that tail took a quarter of phase three (profiled on 0.6).
        let whole = len / 8 * 8;
        for ((b, x), y) in buf[..whole]
            .chunks_exact_mut(8)
            .zip(low[..whole].chunks_exact(8))
            .zip(high[len - whole..].rchunks_exact(8))
        {
            for j in 0..8 {
                b[j] = x[j] ^ y[7 - j];
            }
        }
        for ((b, x), y) in buf[whole..]
            .iter_mut()
            .zip(&low[whole..])
            .zip(high[..len - whole].iter().rev())
        {
            *b = x ^ y;
        }
        self.len += len;
    }

    /// Adds the splits of a learned chunk: `low` the values of its smaller parts backwards,
    /// `high` those of its larger parts forwards ([`ORDER_CHUNK`] each).
    #[inline]
    fn push_learned(&mut self, low: &[u16], high: &[u16]) {
        let low: &[u16; ORDER_CHUNK] = low.try_into().expect("a learned chunk");
        let high: &[u16; ORDER_CHUNK] = high.try_into().expect("a learned chunk");
        let buf = &mut self.buf[self.len..self.len + ORDER_CHUNK];
        for ((b, x), y) in buf.iter_mut().zip(low).zip(high) {
            *b = x ^ y;
        }
        self.len += ORDER_CHUNK;
    }

    /// Removes from `need` the values gathered, and empties the gathering; true when no value
    /// is needed any more. While many values are missing, each split marks a byte per value in
    /// `hit`; once few are, they are looked for among all the splits at once ([`find_among`]).
    #[inline]
    fn examine(&mut self, need: &mut Vec<u16>, missing: &mut Vec<u64>, hit: &mut [u8]) -> bool {
        let buf = &self.buf[..self.len];
        self.len = 0;
        if !missing.is_empty() {
            // Not listed yet (many missing): the bit sets, less what these splits give.
            for &v in buf {
                hit[usize::from(v)] = 1;
            }
            list_into(need, missing, |w| {
                hit.get(w * 64..w * 64 + 64).map_or(0, bytes_to_bits)
            });
            missing.clear();
        } else if need.len() > NEED_MAX {
            // The XORs first, by vector (in `push`), then a byte store each: 1.0–1.2 ns a
            // split on 0.6 against 1.4–1.5 with both in one loop (timed in the code).
            for &v in buf {
                hit[usize::from(v)] = 1;
            }
            // The values still missing, kept without a branch per value (it would be
            // mispredicted often).
            let mut kept = 0;
            for i in 0..need.len() {
                let v = need[i];
                need[kept] = v;
                kept += usize::from(hit[usize::from(v)] == 0);
            }
            need.truncate(kept);
        } else {
            let found = find_among(buf, need);
            if found != 0 {
                let mut i = 0;
                need.retain(|_| {
                    let keep = found >> i & 1 == 0;
                    i += 1;
                    keep
                });
            }
        }
        need.is_empty()
    }
}

/// Lists in `need` the values of the bit set `missing` (word w: values 64w..64w + 63) that are
/// not in `given(w)`, increasing.
#[inline]
fn list_into(need: &mut Vec<u16>, missing: &[u64], given: impl Fn(usize) -> u64) {
    for (w, &bits) in missing.iter().enumerate() {
        let mut bits = bits & !given(w);
        while bits != 0 {
            need.push((w * 64) as u16 + bits.trailing_zeros() as u16);
            bits &= bits - 1;
        }
    }
}

/// Phase three's scratch space, kept from heap to heap.
struct Hits {
    /// A byte a value, set when a split gives it (every u16 indexes it without a bounds check).
    hit: Box<[u8; 1 << 16]>,
    /// The rare values still missing, increasing.
    need: Vec<u16>,
    /// Or, before they are listed, as a bit set.
    missing: Vec<u64>,
    /// The splits gathered (kept here: zeroing it for every heap was measurable).
    xors: Xors,
}

thread_local! {
    /// Each thread's [`Hits`], made once (64 KiB: not per task of the pool).
    static HITS: std::cell::RefCell<Hits> = std::cell::RefCell::new(Hits::default());
}

impl Default for Hits {
    fn default() -> Hits {
        Hits {
            hit: Box::new([0; 1 << 16]),
            need: Vec::new(),
            missing: Vec::new(),
            xors: Xors {
                buf: [0; CHUNK],
                len: 0,
            },
        }
    }
}

/// Splits of phase three taken in order from the smallest part on (alternating with the others).
const EARLY: usize = 1 << 13;
/// The most missing rare values searched for by [`find_among`].
const NEED_MAX: usize = 16;
/// Splits examined at a time by [`find_among`].
pub(super) const CHUNK: usize = 256;

/// Which of `need` (at most [`NEED_MAX`]) are among `xors` (at most [`CHUNK`]): bit i is set
/// when `need[i]` is. Each wanted value is compared with all of them, a loop the compiler
/// vectorises.
#[inline]
fn find_among(xors: &[u16], need: &[u16]) -> u32 {
    let mut found = 0u32;
    for (i, &v) in need.iter().enumerate() {
        if xors.iter().fold(false, |acc, &x| acc | (x == v)) {
            found |= 1 << i;
        }
    }
    found
}
