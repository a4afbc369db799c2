//! The nim-value sequence G(0), G(1), … of a heap game ([`HeapRule`]: an octal or hexadecimal
//! code, or Grundy's game), computed by its definition, G(n) = mex of the values of the options of
//! a heap of n, an option leaving heaps a, b, … having the value G(a) ⊕ G(b) ⊕ ….
//!
//! Two methods fill the same table and give the same values (tested value for value):
//! - naive: every option of every heap, the mex taken in a bit set (a register while values fit in
//!   6 bits). A move leaving two heaps of m tokens has ⌊m/2⌋ splits, so the table to N costs
//!   O(N²) (O(N³) with three-heap moves);
//! - fast ([`Method::Sparse`], the default): the rare/common split of Flammenkamp and
//!   Gangolli–Plambeck, by blocks of heaps and on every core. For a mask M, a value v is *rare*
//!   when v & M has an even number of bits, *common* otherwise; rare ⊕ rare and common ⊕ common
//!   are rare, rare ⊕ common is common. In many games (0.6, 0.16, Grundy's game) all but a few
//!   hundred values are common. A split with a rare part is enumerated from the list of rare
//!   heaps (few); it gives every common option, hence the smallest common value c that is not an
//!   option. G(n) = c unless a rare value below c is missing too, which the other splits
//!   (common ⊕ common) decide: they are scanned only until every rare value below c has been
//!   seen, usually after a few thousand splits. The mask is chosen again (the one with the fewest
//!   rare values so far) each time the table doubles or the values need one more bit, so it
//!   adapts as the values grow; any mask gives the right values, a good one gives speed. When no
//!   mask makes the values sparse (0.007), every split is examined, as in naive.
//!
//!   The heaps of a block (128) are settled in three phases: (1) for every heap at once, on all
//!   threads, the splits whose parts are both before the block, marked a byte per value (plain
//!   stores, no read-modify-write chains; a rare heap's run of partners is read in order for all
//!   the block's heaps; once the table is long enough, only the more useful half of the rare
//!   heaps is marked, the other half's pairs only compared, by vector, with the three smallest
//!   common values each heap's marks miss, `HeapTable::learn_split`); (2) heap by heap, the
//!   splits that touch the block and the mex among common values, taken on trust; (3) for every
//!   heap at once, on all threads, the check that no rare value below it is missing, looking
//!   first at the chunks of splits that most often give the rare values few splits give (learned
//!   from the table, `HeapTable::learn_order`). The first heap where one is gets that rare value,
//!   and phases 2 and 3 are done again after it. Once no trusted value has been wrong for `CALM`
//!   heaps, the phases run as a pipeline (`HeapTable::fill_pipelined`): phases one and two run
//!   ahead over up to 64 blocks while phase three checks the step before, both at once (one
//!   `rayon::join`, each task shared among threads when the other is done); a wrong value cuts
//!   the table there and drops the work done ahead of it, and the block path goes on for `CALM`
//!   heaps. Threads change the speed, never the values.
//!
//! Memory: two bytes per value (values must stay below 2^16; the table refuses to go on otherwise),
//! plus six bytes per rare heap and a bit set per heap settled ahead of phase three (at most
//! `AHEAD_BYTES` for the pending heaps and as much for those ahead of them).

use crate::games::octal::HeapRule;
use crate::sequence::{arithmetic, smallest_period_by, Period};

/// The largest value the table stores (two bytes per value).
pub const MAX_VALUE: u64 = u16::MAX as u64;

/// How the table is filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Every option of every heap.
    Naive,
    /// The rare/common split for two-heap moves (the other moves as in naive).
    Sparse,
}

/// Why the table cannot go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueTooLarge {
    /// The heap whose value does not fit in two bytes.
    pub heap: u64,
}

impl std::fmt::Display for ValueTooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the value of heap {} is larger than {MAX_VALUE}, the largest stored",
            self.heap
        )
    }
}

impl std::error::Error for ValueTooLarge {}

/// The rare/common state of the fast method.
#[derive(Clone, Debug)]
struct Sparse {
    // The mask: v is rare when (v & mask) has an even number of bits; 0 means "not sparse here"
    // (every split is examined, as in naive, but by blocks and on every core).
    mask: u16,
    // Heaps r ≥ 1 whose value is rare, increasing, and their values.
    rare_heaps: Vec<u32>,
    rare_values: Vec<u16>,
    // Next table length at which the mask is chosen again.
    review_at: usize,
    // The value width at the last review.
    review_bits: u32,
    // Bit sets over values (words): which values are rare / common under `mask`.
    rare_bits: Vec<u64>,
    common_bits: Vec<u64>,
    // Phase three's first splits: the starts of chunks of `ORDER_CHUNK` splits covering
    // `FRONT + 1..order_end`, most useful first (learned from the table at each review; empty
    // when the table is too short to learn from).
    order: Vec<u32>,
    order_end: usize,
    // The smaller parts' values of the learned chunks, in the learned order, each chunk
    // backwards: G(f + ORDER_CHUNK − 1 − i) at t·ORDER_CHUNK + i for the chunk t from f. A
    // split's two values are then both read forwards (no reversal by vector shuffles), the
    // smaller parts in the order they are used.
    order_values: Vec<u16>,
    // Phase one's split of the rare heaps (learned at each review, `HeapTable::learn_split`).
    split: RareSplit,
}

/// Phase one's split of the first `len` rare heaps in two: those whose pairs it marks, and those
/// whose pairs it only compares with the few common values each heap's marks miss
/// ([`Known::check_group`]). Each list increasing, with the heaps' values. The rare heaps after
/// the first `len` (found after the split was learned) are marked.
#[derive(Clone, Debug, Default)]
struct RareSplit {
    marked_heaps: Vec<u32>,
    marked_values: Vec<u16>,
    checked_heaps: Vec<u32>,
    checked_values: Vec<u16>,
    // The checked heaps' values, each in every lane of a vector.
    checked_lanes: Vec<Lanes>,
    len: usize,
}

/// A value in each of eight lanes, aligned for a vector operand (the compares of phase one XOR
/// it with runs of [`LANES`] values, a vector of eight at a time).
#[derive(Clone, Copy, Debug)]
#[repr(align(16))]
struct Lanes([u16; 8]);

/// A growing table G(0..len) of a heap game.
#[derive(Clone, Debug)]
pub struct HeapTable {
    rule: HeapRule,
    method: Method,
    values: Vec<u16>,
    // k for moves leaving 0, 1, 2, 3 heaps.
    removals: [Vec<usize>; 4],
    // Grundy's game: the two parts must differ.
    unequal: bool,
    // All values so far are below 2^bits.
    bits: u32,
    // The mex bit set of the heap being settled (all zero between heaps in the naive method).
    seen: Vec<u64>,
    sparse: Sparse,
    // The fast method's first phase: one bit set of `words_for(bits)` words per heap of a block.
    marks: Vec<u64>,
    // The table's last heaps, settled on trust and not yet checked (empty between calls).
    pending: Pending,
    // The last heap whose trusted value was wrong: how far ahead the next step may go.
    last_fix: usize,
    // The largest value the table takes: MAX_VALUE (lower in tests, to reach the refusal).
    max_value: u64,
    // Heaps that phase two settles on trust before phase three checks them, on the block path:
    // halved at each wrong value, doubled after a round without (SPAN_MIN..=BLOCK).
    span: usize,
    // Phase three's learned order covers the smaller parts up to about this: ORDER_REACH
    // (lower in tests, so that short tables learn it).
    order_reach: usize,
    // The share of the rare heaps phase one marks, in percent: SPLIT_PERCENT (lower in tests,
    // so that heaps whose wanted values are all given are frequent).
    split_percent: usize,
}

/// Heaps settled on trust by phases one and two, waiting for phase three: the table's values
/// from `from` on.
#[derive(Clone, Debug, Default)]
struct Pending {
    from: usize,
    // The bit sets of phases one and two, `words_for(bits)` words a heap.
    marks: Vec<u64>,
    // The value width before `from` (restored when a pending value is wrong).
    bits: u32,
}

/// What a step of the pipeline computed ahead: trusted values and their marks.
struct Ahead {
    values: Vec<u64>,
    // `words_for(bits)` words a heap, `bits` the table's width when the step began.
    marks: Vec<u64>,
}

/// The end of phase three's learned chunks (exclusive) over smaller parts up to `reach`.
fn order_end(reach: usize) -> usize {
    FRONT + 1 + (reach - FRONT) / ORDER_CHUNK * ORDER_CHUNK
}

fn parity_even(v: u64, mask: u16) -> bool {
    (v & u64::from(mask)).count_ones() % 2 == 0
}

/// Words of a bit set holding the values 0..=2^bits (a mex is at most 2^bits when every value
/// is below 2^bits: the XOR of such values is too).
fn words_for(bits: u32) -> usize {
    (1usize << bits) / 64 + 1
}

/// Heaps settled per block by the fast method: the first phase of a block reads only values
/// before it, so its heaps are independent; the second phase settles them in order.
const BLOCK: usize = 128;
/// Splits a ≤ FRONT of every heap are marked in the first phase (the third phase would look at
/// them first anyway; marking them together is cheaper).
const FRONT: usize = 32;
/// Splits per chunk of phase three's learned order ([`HeapTable::learn_order`]); a divisor of
/// [`CHUNK`].
const ORDER_CHUNK: usize = 64;
const _: () = assert!(CHUNK % ORDER_CHUNK == 0);
/// The smaller parts that phase three looks at in its learned order: up to about this.
const ORDER_REACH: usize = 1 << 14;
/// Heaps the order is learned from.
const ORDER_SAMPLE: usize = 128;
/// Pair visits per block above which the first phase is shared among threads.
const PARALLEL_WORK: usize = 1 << 16;
/// Heaps marked together in phase one (their byte rows stay in the first-level cache).
const SUB: usize = 32;
/// The common values per heap that phase one compares with the pairs of its checked rare heaps
/// ([`RareSplit`]).
const WANTED: usize = 3;
/// The heaps [`Known::check_group`] compares at a time.
const LANES: usize = 16;
/// The share of the rare heaps phase one marks, in percent (the rest it compares). Measured on
/// 0.6 to 10^6 with [`WANTED`] = 3: the heaps whose wanted values are all given (every checked
/// pair marked then) are 0.5% of them at 60%, 2.2% at 50%, 13.6% at 40%; 40% and 60% were no
/// faster than 50%.
const SPLIT_PERCENT: usize = 50;
/// The fewest rare heaps for which phase one splits them.
const SPLIT_MIN: usize = 64;
/// The fewest heaps phase two settles at a time on the block path.
const SPAN_MIN: usize = 8;
/// Heaps without a wrong trusted value after which the pipeline is used.
const CALM: usize = 8 * BLOCK;
/// The most heaps a step of the pipeline settles ahead of phase three.
const MAX_AHEAD: usize = 64 * BLOCK;
/// The most bytes of bit sets a step of the pipeline keeps for phase three.
const AHEAD_BYTES: usize = 8 << 20;
/// Every value free (the mex of a table that is not sparse).
const ALL_ONES: [u64; 1] = [u64::MAX];

/// The values G(0..len) as phases one and two of a block read them: the table itself, or, while
/// phase three checks the table's last heaps on another thread, the table (borrowed, shared) and
/// the values computed ahead of it (owned by the step), with a copy of the table's last few so
/// that every run that is read crosses no seam.
#[derive(Clone, Copy)]
struct View<'a> {
    // G(0..done.len()).
    done: &'a [u16],
    // G(base..base + recent.len()), base ≤ done.len().
    base: usize,
    recent: &'a [u16],
}

impl<'a> View<'a> {
    /// The whole of `g`.
    fn whole(g: &'a [u16]) -> View<'a> {
        View {
            done: g,
            base: g.len(),
            recent: &[],
        }
    }

    /// G(from..to): from `done` when it holds them, else from `recent` (so `from ≥ base`).
    #[inline]
    fn slice(&self, from: usize, to: usize) -> &'a [u16] {
        if to <= self.done.len() {
            &self.done[from..to]
        } else {
            &self.recent[from - self.base..to - self.base]
        }
    }

    /// G(i).
    #[inline]
    fn get(&self, i: usize) -> u16 {
        if i < self.done.len() {
            self.done[i]
        } else {
            self.recent[i - self.base]
        }
    }
}

impl HeapTable {
    /// An empty table for `rule`, filled by `method` (three-heap moves always naively).
    pub fn new(rule: HeapRule, method: Method) -> HeapTable {
        let (removals, unequal) = match &rule {
            HeapRule::Octal(code) => ([0, 1, 2, 3].map(|h| code.removals(h)), false),
            HeapRule::Grundy => ([vec![], vec![], vec![0], vec![]], true),
        };
        HeapTable {
            rule,
            method,
            values: Vec::new(),
            removals,
            unequal,
            bits: 0,
            seen: vec![0; 2],
            sparse: Sparse {
                mask: 0,
                rare_heaps: Vec::new(),
                rare_values: Vec::new(),
                review_at: 64,
                review_bits: 0,
                rare_bits: Vec::new(),
                common_bits: Vec::new(),
                order: Vec::new(),
                order_end: 0,
                order_values: Vec::new(),
                split: RareSplit::default(),
            },
            marks: Vec::new(),
            pending: Pending::default(),
            last_fix: 0,
            max_value: MAX_VALUE,
            order_reach: ORDER_REACH,
            split_percent: SPLIT_PERCENT,
            span: BLOCK,
        }
    }

    /// A table continuing from `values` (a prefix of this rule's sequence, e.g. a checkpoint).
    ///
    /// The values are trusted: they must be the rule's, or later values will be wrong.
    pub fn resume(rule: HeapRule, method: Method, values: Vec<u16>) -> HeapTable {
        let mut table = HeapTable::new(rule, method);
        table.bits = values
            .iter()
            .map(|&v| 64 - u64::from(v).leading_zeros())
            .max()
            .unwrap_or(0);
        table.values = values;
        table.seen = vec![0; words_for(table.bits) + 1];
        table.review();
        table
    }

    /// The same table refusing values above `max` (at most [`MAX_VALUE`]): the refusal's paths
    /// can then be tested on small tables.
    #[cfg(test)]
    fn with_max_value(mut self, max: u64) -> HeapTable {
        self.max_value = max.min(MAX_VALUE);
        self
    }

    /// The same table with phase one marking `percent` % of the rare heaps ([`RareSplit`]), for
    /// tests of the heaps whose wanted values are all given.
    #[cfg(test)]
    fn with_split_percent(mut self, percent: usize) -> HeapTable {
        self.split_percent = percent;
        self
    }

    /// The same table learning phase three's order over smaller parts up to `reach` (and so
    /// from tables of `4 * reach` values on), for tests on short tables.
    #[cfg(test)]
    fn with_order_reach(mut self, reach: usize) -> HeapTable {
        self.order_reach = reach;
        self
    }

    /// The rule.
    pub fn rule(&self) -> &HeapRule {
        &self.rule
    }

    /// The values computed so far, G(0..len).
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// Gives the values up, leaving an empty table.
    pub fn into_values(self) -> Vec<u16> {
        self.values
    }

    /// The number of values computed.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no value is computed yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The number of heaps with a rare value under the current mask (0 when the sparse method is
    /// not in use).
    pub fn rare_count(&self) -> usize {
        if self.sparse.mask == 0 {
            0
        } else {
            self.sparse.rare_heaps.len()
        }
    }

    /// The current rare/common mask (0 when the sparse method is not in use).
    pub fn mask(&self) -> u16 {
        self.sparse.mask
    }

    /// Computes values until the table has `len` of them.
    ///
    /// # Errors
    ///
    /// A value above [`MAX_VALUE`]; the table keeps the values before it.
    pub fn extend_to(&mut self, len: usize) -> Result<(), ValueTooLarge> {
        self.values.reserve(len.saturating_sub(self.values.len()));
        if self.method == Method::Sparse && rayon::current_thread_index().is_none() {
            // The pipeline's steps join two tasks many times a second: from a thread of the
            // pool, a join is a push on its own queue, not a wake-up of another thread.
            return rayon::scope(|_| self.extend_to(len));
        }
        while self.values.len() < len {
            match self.method {
                Method::Naive => {
                    let n = self.values.len();
                    let value = self.naive_step(n);
                    self.push(n, value)?;
                }
                Method::Sparse => {
                    if self.pipelined() {
                        self.fill_pipelined(len)?;
                    } else {
                        self.fill_block(len)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether the fast method runs as a pipeline: sparse values, no three-heap move, the mask
    /// up to date, and no wrong trusted value in the last [`CALM`] heaps (a wrong value costs the
    /// pipeline a whole step, [`HeapTable::fill_block`] only the rest of its block).
    fn pipelined(&self) -> bool {
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
    fn fill_pipelined(&mut self, len: usize) -> Result<(), ValueTooLarge> {
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
                let value = settle(
                    &mut seen,
                    g,
                    n,
                    n0,
                    &self.removals,
                    self.unequal,
                    &self.sparse,
                    rares_before,
                    exact[i],
                    words,
                );
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

    /// Phase three of `heaps`, settled on trust by blocks of [`BLOCK`] from heap `first` on
    /// (`marks`: their bit sets from phase two, `words` words a heap, heap `first`'s first): the
    /// first heap whose trusted value is wrong, with its value. `g` holds at least the values
    /// before each heap, those of `heaps` on trust; phase three of a heap reads nothing at or
    /// after it, so the first heap found wrong is wrong (the heaps before it are right) whatever
    /// the heaps after it were given.
    fn first_wrong(
        &self,
        marks: &[u64],
        words: usize,
        first: usize,
        heaps: std::ops::Range<usize>,
        g: &[u16],
        parallel: bool,
    ) -> Option<(usize, u16)> {
        use rayon::prelude::*;
        let scan = |n: usize| -> Option<(usize, u16)> {
            let i = n - first;
            let n0 = first + i / BLOCK * BLOCK;
            HITS.with(|hits| {
                rare_missing(
                    &marks[i * words..(i + 1) * words],
                    g,
                    &self.removals[2],
                    self.unequal,
                    n,
                    n0,
                    words,
                    &self.sparse,
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

    /// Cuts the table at heap `i`, whose trusted value was wrong, and gives it `value` (rare);
    /// `bits` is the value width before the heaps cut. True when `value` needs one more bit.
    fn cut(&mut self, i: usize, bits: u32, value: u16) -> Result<bool, ValueTooLarge> {
        self.values.truncate(i);
        let keep = self
            .sparse
            .rare_heaps
            .partition_point(|&r| (r as usize) < i);
        self.sparse.rare_heaps.truncate(keep);
        self.sparse.rare_values.truncate(keep);
        if keep < self.sparse.split.len {
            // Rare heaps the split covers are cut: it no longer matches the list.
            self.sparse.split = RareSplit::default();
        }
        self.bits = bits;
        self.last_fix = i;
        self.push(i, u64::from(value))
    }

    /// Appends G(n) = `value`; true when the values need one more bit than before.
    fn push(&mut self, n: usize, value: u64) -> Result<bool, ValueTooLarge> {
        if value > self.max_value {
            return Err(ValueTooLarge { heap: n as u64 });
        }
        self.values.push(value as u16);
        if self.sparse.mask != 0 && n > 0 && parity_even(value, self.sparse.mask) {
            self.sparse.rare_heaps.push(n as u32);
            self.sparse.rare_values.push(value as u16);
        }
        if value >> self.bits == 0 {
            return Ok(false);
        }
        while value >> self.bits != 0 {
            self.bits += 1;
        }
        let words = words_for(self.bits) + 1;
        if self.seen.len() < words {
            self.seen.resize(words, 0);
        }
        Ok(true)
    }

    /// Chooses the mask with the fewest rare values so far, and rebuilds the rare list.
    fn review(&mut self) {
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
    /// the [`WANTED`] smallest common values each heap's marks miss, by vector.
    ///
    /// Why: c, the smallest common value missing, needs every common value below it given, but
    /// most are given many times over. Simulated on 0.6 near 9·10^5, from the table's values:
    /// with the more useful half of the rare heaps marked, a heap's marks miss no common value
    /// below c in 77% of the heaps. A compare of eight heaps' pairs with one value is three
    /// vector instructions, a mark one store a pair. Any split gives the same values (a heap
    /// whose wanted values are all given marks every pair, [`settle`]); a good one is faster.
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

    /// The fast method: settles the heaps from `len()` to the end of a block (at most `len`).
    ///
    /// Phase one, for every heap of the block at once (shared among threads): the splits whose
    /// parts are both before the block — every one when the values are not sparse, else those
    /// with a rare part and the first [`FRONT`] — marked in one bit set per heap.
    ///
    /// Phase two, heap by heap in order: the moves that touch the block itself, then the mex;
    /// when the values are sparse, the mex among common values c only (cheap), taken for G(n) on
    /// trust. Phase three checks the trust, for every heap at once (shared among threads): G(n)
    /// is c unless a rare value below c is missing too, which only the splits with both parts
    /// common decide, all of them before the block. The first heap where one is missing gets that
    /// value (rare) instead, and phases two and three go on after it (the heaps after it were
    /// settled with a wrong value). A block also ends when a value needs one more bit.
    fn fill_block(&mut self, len: usize) -> Result<(), ValueTooLarge> {
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
                let value = settle(
                    &mut self.seen,
                    View::whole(&self.values),
                    n,
                    n0,
                    &self.removals,
                    self.unequal,
                    &self.sparse,
                    rares_before,
                    exact[i],
                    words,
                );
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

    /// The value of a heap of `n`, all smaller ones known, by every option.
    fn naive_step(&mut self, n: usize) -> u64 {
        let g = &self.values;
        // Small values: the mex in a register (XORs of values below 2^6 stay below 2^6).
        if self.bits <= 6 && self.removals[3].is_empty() {
            let mut seen = 0u64;
            for &k in &self.removals[0] {
                if k == n && k > 0 {
                    seen |= 1;
                }
            }
            for &k in &self.removals[1] {
                if k < n && k > 0 {
                    seen |= 1 << g[n - k];
                }
            }
            for &k in &self.removals[2] {
                if k + 2 <= n {
                    let m = n - k;
                    let half = if self.unequal { (m - 1) / 2 } else { m / 2 };
                    for a in 1..=half {
                        seen |= 1 << (g[a] ^ g[m - a]);
                    }
                }
            }
            return u64::from((!seen).trailing_zeros());
        }
        let seen = &mut self.seen;
        mark_other_moves(seen, View::whole(g), n, &self.removals);
        for &k in &self.removals[2] {
            if k + 2 <= n {
                let m = n - k;
                let half = if self.unequal { (m - 1) / 2 } else { m / 2 };
                pairs_into(seen, View::whole(g), m, 1, half + 1, false);
            }
        }
        let words = words_for(self.bits);
        let mut res = (words * 64) as u64;
        for (w, word) in seen[..words].iter().enumerate() {
            if *word != u64::MAX {
                res = (w * 64) as u64 + u64::from((!word).trailing_zeros());
                break;
            }
        }
        seen[..words].fill(0);
        res
    }
}

/// What phase one of a block reads: the values before the block and the rare heaps among them.
struct Known<'a> {
    g: View<'a>,
    bits: u32,
    n0: usize,
    removals: &'a [usize],
    unequal: bool,
    sparse: bool,
    rare_heaps: &'a [u32],
    rare_values: &'a [u16],
    // Phase one's split of the rare heaps, and the common values' bit set.
    split: &'a RareSplit,
    common_bits: &'a [u64],
}

impl Known<'_> {
    /// Phase one for the whole block: [`Known::mark`] by groups of [`SUB`] heaps, shared among
    /// threads when the work is large enough; returns whether it was.
    /// `exact[i]`: the common values up to which heap i's marks are complete
    /// ([`Known::check_group`]).
    fn mark_block(&self, marks: &mut [u64], exact: &mut [u32], words: usize) -> bool {
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
    /// most that, and [`settle`] marks every checked pair otherwise.
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

/// Phase two of the fast method for heap `n` of the block starting at `n0`: `seen` holds the
/// marks of phase one; adds every move not marked there and returns the mex, or (sparse) the
/// smallest common value missing. The rare heaps from `rares_before` on are in the block.
/// Phase one's marks are complete for the common values up to `exact` ([`Known::check_group`]).
#[allow(clippy::too_many_arguments)]
fn settle(
    seen: &mut [u64],
    g: View<'_>,
    n: usize,
    n0: usize,
    removals: &[Vec<usize>; 4],
    unequal: bool,
    sp: &Sparse,
    rares_before: usize,
    exact: u32,
    words: usize,
) -> u64 {
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

/// Marks the options of heap `n` that leave no heap, one heap, or three heaps (by every triple).
fn mark_other_moves(seen: &mut [u64], g: View<'_>, n: usize, removals: &[Vec<usize>; 4]) {
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

/// Phase three of the fast method for heap `n` of the block starting at `n0`, sparse: `seen`
/// marks every common option (a common value comes only from a split with a rare part) and the
/// splits in and near the block, and c is the smallest common value missing. Returns the
/// smallest rare value below c missing as well, if any, looking at the other splits (both parts
/// before the block) until no rare value below c is missing: while many are, each split marks a
/// byte per value; once few are, they are looked for many splits at a time ([`find_among`]).
#[allow(clippy::too_many_arguments)]
fn rare_missing(
    seen: &[u64],
    g: &[u16],
    removals: &[usize],
    unequal: bool,
    n: usize,
    n0: usize,
    words: usize,
    sp: &Sparse,
    hits: &mut Hits,
) -> Option<u16> {
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
        // First the learned chunks ([`HeapTable::learn_order`]), whole, from FRONT + 1 on: those
        // below `lo` are splits of the block's own heaps, marked by phase two already, looked at
        // again (`g` holds the values up to n), which costs less than cutting the chunks there.
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
        // smaller part is a small heap, in order: the values of small heaps are the most varied,
        // and a value that few splits give is most often given there. The others in a scattered
        // order: neighbouring splits give alike values, so a chunk far from the last one more
        // often gives a value still missing. Neither region alone does as well as the two
        // taken in turn. `step` is prime to the number of late chunks, so each is
        // visited once. Simulated on 0.6 near 9·10^5 (300 heaps, from the table's values): 1,700
        // splits a heap on average (at most 15,000), against 3,100 (at most 73,000) scattered
        // only and 2,500 (at most 7,700) in order.
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

/// Sixty-four bytes of 0/1 to a word, byte i to bit i: eight bytes at a time, byte j landing on
/// bit 56 + j of the product, with no carries.
#[inline]
fn bytes_to_bits(bytes: &[u8]) -> u64 {
    let mut bits = 0u64;
    for (j, chunk) in bytes.chunks_exact(8).enumerate() {
        let chunk = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        bits |= (chunk.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (j * 8);
    }
    bits
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
    /// A byte a value for [`settle`]'s heaps whose wanted values phase one all found (zero
    /// between uses; every u16 indexes it).
    static FALLBACK: std::cell::RefCell<Box<[u8]>> =
        std::cell::RefCell::new(vec![0; 1 << 16].into_boxed_slice());
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
const CHUNK: usize = 256;

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

/// Marks G(a) ⊕ G(m − a) for `from ≤ a < to` in the bit set.
///
/// `small`: every value is below 64, so every mark lands in the first word: they are gathered in
/// a register rather than through memory (one chain of loads and stores on one word otherwise).
#[inline]
fn pairs_into(seen: &mut [u64], g: View<'_>, m: usize, from: usize, to: usize, small: bool) {
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

/// G(0..len) of `rule`, by `method`.
///
/// # Errors
///
/// A value above [`MAX_VALUE`].
///
/// # Examples
///
/// ```
/// use sprague::games::octal::HeapRule;
/// use sprague::sequence::table::{values, Method};
/// // Kayles (0.77): OEIS A002186.
/// let kayles = values(&HeapRule::octal("0.77").unwrap(), 12, Method::Naive).unwrap();
/// assert_eq!(kayles, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// ```
pub fn values(rule: &HeapRule, len: usize, method: Method) -> Result<Vec<u16>, ValueTooLarge> {
    let mut table = HeapTable::new(rule.clone(), method);
    table.extend_to(len)?;
    Ok(table.into_values())
}

/// The number of values the periodicity theorem needs to prove a period (p, q) of `rule`, or
/// `None` when no theorem applies (Grundy's game).
///
/// Guy and Smith (Winning Ways, ch. 4; Guy & Smith 1956): for an octal game whose moves remove at
/// most t tokens and leave at most two heaps, if G(n + q) = G(n) for every p ≤ n < 2p + q + t, then
/// for every n ≥ p. (Induction: a heap of N + q ≥ 2p + 2q + t, less k ≤ t, splits into parts whose
/// larger b has b ≥ p + q, so G(b) = G(b − q) and the options of N + q and of N have the same
/// values.) Checking n + q up to 2p + 2q + t − 1 takes 2p + 2q + t values. With three-heap moves
/// the largest part is only a third of the heap, and the same argument needs n < 3p + 2q + t.
/// Grundy's game is left out: moving b to b − q may make its two parts equal, which it forbids.
pub fn values_to_prove(rule: &HeapRule, preperiod: u64, period: u64) -> Option<u64> {
    match rule {
        HeapRule::Grundy => None,
        HeapRule::Octal(code) => {
            let t = code.max_removed() as u64;
            let (p, q) = (preperiod, period);
            Some(if code.has_three_heap_moves() {
                3 * p + 3 * q + t
            } else {
                2 * p + 2 * q + t
            })
        }
    }
}

/// The shortest verified run that makes a period seen (not proved) worth reporting: a run of this
/// many values and of two whole periods. A shorter repetition happens by chance in long tables
/// (0.16 at 10^6 values repeats with period 3 over its last ten values).
pub const MIN_SEEN_RUN: usize = 32;

/// The period of the computed values: the smallest period (for it the smallest preperiod) that the
/// periodicity theorem proves within the slice, else the smallest one seen with a verified run of
/// two periods and at least [`MIN_SEEN_RUN`] values (`proved: false`). When no pure period is
/// found, the smallest arithmetic one (a saltus s > 0), proved by the saltus test of
/// [`arithmetic::values_to_prove`] or seen with the same evidence.
///
/// A proved period always wins over one merely seen, so a longer slice never reports less than a
/// shorter one did: a period proved within n values is proved within every longer slice, and it is
/// the sequence's smallest, since a smaller one found proved would hold for every n too.
///
/// # Examples
///
/// ```
/// use sprague::games::octal::HeapRule;
/// use sprague::sequence::table::{period, values, Method};
/// // Dawson's Kayles (0.07): preperiod 53, period 34, proved by 2·53 + 2·34 + 2 = 176 values.
/// let rule = HeapRule::octal("0.07").unwrap();
/// let p = period(&rule, &values(&rule, 176, Method::Naive).unwrap()).unwrap();
/// assert_eq!((p.preperiod, p.period, p.proved), (53, 34, true));
/// ```
pub fn period(rule: &HeapRule, values: &[u16]) -> Option<Period> {
    let len = values.len();
    if let Some(found) = smallest_proved_period(rule, values) {
        return Some(found);
    }
    let seen = |p: usize, q: usize| len - q - p >= (2 * q).max(MIN_SEEN_RUN);
    if let Some(found) = smallest_period_by(values, 0, seen) {
        return Some(found);
    }
    let enough = |p: usize, q: usize| len - q - p >= q.max(8);
    let found = arithmetic::smallest_arithmetic_period(values, enough)?;
    if arithmetic::is_proved(rule, values, &found) {
        return Some(Period {
            proved: true,
            ..found
        });
    }
    // Unproved, a saltus is easily seen by chance (any steady rise fits q = 1 for a while): ask
    // then for the evidence of a pure period seen.
    let found = arithmetic::smallest_arithmetic_period(values, seen)?;
    let proved = arithmetic::is_proved(rule, values, &found);
    Some(Period { proved, ..found })
}

/// The smallest pure period that [`values_to_prove`] proves within `values`, with its smallest
/// preperiod.
///
/// For each q the proof needs the relation from some p ≤ p_max(q), the largest preperiod whose
/// proof fits in the slice. A few values at p_max(q) are compared first: a q that merely repeats
/// near the end (a multiple of a period seen, with a long preperiod) fails there at once instead
/// of after a scan of the whole run, so the search stays about O(len).
fn smallest_proved_period(rule: &HeapRule, values: &[u16]) -> Option<Period> {
    const SPOT: usize = 16;
    let len = values.len() as u64;
    let base = values_to_prove(rule, 0, 0)?;
    // values_to_prove is a·p + b·q + t: a and b read off the rule.
    let a = values_to_prove(rule, 1, 0)? - base;
    let b = values_to_prove(rule, 0, 1)? - base;
    let holds = |n: usize, q: usize| values[n] == values[n + q];
    let mut q = 1u64;
    while base + b * q <= len {
        let p_max = ((len - base - b * q) / a) as usize;
        let qu = q as usize;
        let end = values.len() - qu;
        // The relation must hold from p_max to the end: one slice comparison (vectorised)
        // rejects a q at once, where a scan back from the end walked every matching value
        // first (a long constant tail made that O(len) a q: 12 s for a take set {821185}).
        if p_max < end
            && (p_max..(p_max + SPOT).min(end)).all(|n| holds(n, qu))
            && values[p_max..end] == values[p_max + qu..]
        {
            let mut pre = p_max;
            while pre > 0 && holds(pre - 1, qu) {
                pre -= 1;
            }
            return Some(Period {
                preperiod: pre as u64,
                period: q,
                saltus: 0,
                proved: true,
            });
        }
        q += 1;
    }
    None
}

/// Extends `values` to `len` values by a proved period: G(n) = G(n − q) + s for n ≥ p + q. This is
/// what makes the rest of a table free once its period is proved.
///
/// # Errors
///
/// A value past the two bytes a table holds (an arithmetic period grows without bound); the
/// values up to that heap are kept.
///
/// # Panics
///
/// When the period is not proved, or `values` does not reach p + q.
pub fn extend_by_period(
    values: &mut Vec<u16>,
    period: &Period,
    len: usize,
) -> Result<(), ValueTooLarge> {
    assert!(
        period.proved,
        "only a proved period may stand for values not computed"
    );
    let q = period.period as usize;
    assert!(
        values.len() >= period.preperiod as usize + q,
        "the values must reach p + q"
    );
    values.reserve(len.saturating_sub(values.len()));
    if period.saltus == 0 {
        while values.len() < len {
            let from = values.len() - q;
            let take = (len - values.len()).min(q);
            values.extend_from_within(from..from + take);
        }
        return Ok(());
    }
    while values.len() < len {
        let n = values.len();
        let v = u64::from(values[n - q]) + period.saltus;
        if v > MAX_VALUE {
            return Err(ValueTooLarge { heap: n as u64 });
        }
        values.push(v as u16);
    }
    Ok(())
}

/// G(0..len) of `rule` as [`values`] gives them, with the table grown by doubling from 1024 values
/// and its period looked for each time: once a period is proved, the rest comes from it by
/// [`extend_by_period`] at the cost of a copy. Returns the period proved, if any.
///
/// # Errors
///
/// A value past two bytes (computed, or reached by an arithmetic period).
pub fn values_with_period(
    rule: &HeapRule,
    len: usize,
    method: Method,
) -> Result<(Vec<u16>, Option<Period>), ValueTooLarge> {
    let mut table = HeapTable::new(rule.clone(), method);
    let mut step = 1024usize.min(len);
    loop {
        table.extend_to(step)?;
        if values_to_prove(rule, 0, 0).is_some() {
            if let Some(p) = period(rule, table.values()).filter(|p| p.proved) {
                let mut values = table.into_values();
                extend_by_period(&mut values, &p, len)?;
                return Ok((values, Some(p)));
            }
        }
        if step == len {
            return Ok((table.into_values(), None));
        }
        step = step.saturating_mul(2).min(len);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::games::octal::HeapGame;
    use crate::solve::MemoSolver;

    /// G(0..len) by plain memoised search over every move (the reference for the tables).
    pub(crate) fn brute(rule: &HeapRule, len: usize) -> Vec<u16> {
        let game = HeapGame { rule: rule.clone() };
        let mut solver = MemoSolver::new(&game);
        (0..len as u64)
            .map(|n| {
                solver
                    .grundy_value(&HeapGame::position(&[n]))
                    .unwrap()
                    .value() as u16
            })
            .collect()
    }

    #[test]
    fn a_removal_longer_than_the_heaps_before_a_block_is_marked_right() {
        // Found by fuzzing (`octal --take-set 10,733 30000`): a block starting below the long
        // removal computed its first m as s - k, which overflowed (harmless in release, where no
        // rare heap pairs with such a block, but a panic with overflow checks).
        for takes in [&[10, 733][..], &[3, 150], &[1, 70, 150, 300]] {
            let rule = HeapRule::Octal(crate::games::octal::OctalCode::take_set(takes).unwrap());
            let len = 2500;
            let mut sparse = HeapTable::new(rule.clone(), Method::Sparse);
            sparse.extend_to(len).unwrap();
            let mut naive = HeapTable::new(rule.clone(), Method::Naive);
            naive.extend_to(len).unwrap();
            assert_eq!(sparse.values(), naive.values(), "take set {takes:?}");
        }
    }

    /// Every code with these digits after the point (d0 = 0 or 4).
    fn codes() -> Vec<String> {
        let mut codes = Vec::new();
        for d0 in ["0", "4"] {
            for d1 in 0..8 {
                for d2 in 0..8 {
                    codes.push(format!("{d0}.{d1}{d2}"));
                }
            }
        }
        for three in [
            "0.137", "0.007", "0.165", "0.714", "0.352", "0.777", "0.051", "0.404", "4.217",
        ] {
            codes.push(three.to_owned());
        }
        codes
    }

    #[test]
    fn the_naive_table_agrees_with_brute_force_on_many_codes() {
        for code in codes() {
            let Ok(rule) = HeapRule::octal(&code) else {
                continue;
            };
            let len = 60;
            assert_eq!(
                values(&rule, len, Method::Naive).unwrap(),
                brute(&rule, len),
                "{code}"
            );
        }
        for code in ["0.8", "0.F", "0.B4", "4.8", "0.1C"] {
            let rule = HeapRule::octal(code).unwrap();
            assert_eq!(
                values(&rule, 30, Method::Naive).unwrap(),
                brute(&rule, 30),
                "{code}"
            );
        }
        assert_eq!(
            values(&HeapRule::Grundy, 80, Method::Naive).unwrap(),
            brute(&HeapRule::Grundy, 80)
        );
    }

    #[test]
    fn the_sparse_method_equals_the_naive_one_value_for_value() {
        for code in codes() {
            let Ok(rule) = HeapRule::octal(&code) else {
                continue;
            };
            let len = 3000;
            assert_eq!(
                values(&rule, len, Method::Sparse).unwrap(),
                values(&rule, len, Method::Naive).unwrap(),
                "{code}"
            );
        }
        for code in ["0.6", "0.16", "0.007", "0.26", "4.7"] {
            let rule = HeapRule::octal(code).unwrap();
            assert_eq!(
                values(&rule, 20_000, Method::Sparse).unwrap(),
                values(&rule, 20_000, Method::Naive).unwrap(),
                "{code}"
            );
        }
        let mut table = HeapTable::new(HeapRule::Grundy, Method::Sparse);
        table.extend_to(30_000).unwrap();
        assert!(table.rare_count() > 0 && table.rare_count() < 2000);
        assert_eq!(
            table.values(),
            values(&HeapRule::Grundy, 30_000, Method::Naive).unwrap()
        );
    }

    #[test]
    fn an_unproved_saltus_needs_two_periods_of_evidence() {
        // 0.6E to 1500 ends in a run where G rises by 1 at each step, 17 values long: with the
        // evidence asked of pure periods (a run of max(q, 8)) it passed for p = 1483, q = 1,
        // s = 1. An unproved arithmetic period needs a run of max(2q, 32).
        let rule = HeapRule::octal("0.6E").unwrap();
        let all = values(&rule, 1501, Method::Sparse).unwrap();
        assert_eq!(period(&rule, &all), None);
        // A proved one is unaffected: 0.8 (p = 1, q = 3, s = 1).
        let rule = HeapRule::octal("0.8").unwrap();
        let found = period(&rule, &values(&rule, 200, Method::Sparse).unwrap()).unwrap();
        assert_eq!(
            (found.preperiod, found.period, found.saltus, found.proved),
            (1, 3, 1, true)
        );
    }

    #[test]
    fn threads_change_nothing() {
        // Large enough that phases one and three run on the pool; 0.6 has rare heaps whose
        // trusted common value is wrong, which phase three must catch in order.
        for rule in [HeapRule::octal("0.6").unwrap(), HeapRule::Grundy] {
            let on = |threads: usize| {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap();
                pool.install(|| values(&rule, 40_000, Method::Sparse).unwrap())
            };
            let one = on(1);
            assert_eq!(one, on(2));
            assert_eq!(one, on(3));
            assert_eq!(one[..5000], values(&rule, 5000, Method::Naive).unwrap()[..]);
        }
    }

    /// Every value of `values` from `from` on is the mex of its options' values, read from the
    /// table itself (a heap's options in 0.6 and Grundy's game: one heap of n − 1 for 0.6, and
    /// the splits of n − 1, resp. of n into unequal parts).
    fn check_by_definition(rule: &HeapRule, values: &[u16], from: usize) {
        let (m_of, unequal, one) = match rule {
            HeapRule::Grundy => (0, true, false),
            HeapRule::Octal(_) => (1, false, true),
        };
        let mut seen = vec![false; 1 << 16];
        for n in from.max(2)..values.len() {
            seen.fill(false);
            let m = n - m_of;
            if one {
                seen[usize::from(values[n - 1])] = true;
            }
            let half = if unequal { (m - 1) / 2 } else { m / 2 };
            for a in 1..=half {
                seen[usize::from(values[a] ^ values[m - a])] = true;
            }
            let mex = seen.iter().position(|&s| !s).unwrap();
            assert_eq!(usize::from(values[n]), mex, "heap {n}");
        }
    }

    #[test]
    fn the_pipeline_gives_the_values_of_the_definition() {
        // 0.6 has no rare heap after 20,627, Grundy's game a few in this range: the pipeline
        // settles these heaps, cutting the table at each wrong trusted value.
        let officers = HeapRule::octal("0.6").unwrap();
        let mut table = HeapTable::new(officers.clone(), Method::Sparse);
        table.extend_to(45_000).unwrap();
        assert_eq!(table.rare_count(), 1583);
        check_by_definition(&officers, table.values(), 20_000);
        let mut table = HeapTable::new(HeapRule::Grundy, Method::Sparse);
        table.extend_to(60_000).unwrap();
        check_by_definition(&HeapRule::Grundy, table.values(), 30_000);
    }

    /// Flammenkamp's table of Grundy's game: 256 is first reached at n = 7250049, and the
    /// rare heaps under the best mask grow by 13 between n = 4.7·10^7 and 4.9·10^7. Minutes of
    /// work: only with SPRAGUE_SLOW=1.
    #[test]
    fn the_learned_order_of_phase_three_changes_no_value() {
        // Learned from 2,048 values on (the default waits for 65,536): the scan goes by the
        // learned chunks, cut at each heap's first and last split, then on from their end.
        let officers = HeapRule::octal("0.6").unwrap();
        let mut table = HeapTable::new(officers.clone(), Method::Sparse).with_order_reach(512);
        table.extend_to(45_000).unwrap();
        assert_eq!(
            table.sparse.order_end,
            FRONT + 1 + (512 - FRONT) / ORDER_CHUNK * ORDER_CHUNK
        );
        check_by_definition(&officers, table.values(), 2_000);
        let mut table = HeapTable::new(HeapRule::Grundy, Method::Sparse).with_order_reach(512);
        table.extend_to(60_000).unwrap();
        assert!(!table.sparse.order.is_empty());
        check_by_definition(&HeapRule::Grundy, table.values(), 2_000);
    }

    #[test]
    fn phase_one_s_split_of_the_rare_heaps_changes_no_value() {
        // From 16,384 values on, 0.6 marks half of its rare heaps and compares the others; with
        // a tenth marked, the heaps whose wanted values are all given (every pair marked then)
        // are many.
        let officers = HeapRule::octal("0.6").unwrap();
        for percent in [SPLIT_PERCENT, 10] {
            let mut table =
                HeapTable::new(officers.clone(), Method::Sparse).with_split_percent(percent);
            table.extend_to(45_000).unwrap();
            assert!(table.sparse.split.checked_heaps.len() > 700);
            check_by_definition(&officers, table.values(), 15_000);
            let mut table =
                HeapTable::new(HeapRule::Grundy, Method::Sparse).with_split_percent(percent);
            table.extend_to(60_000).unwrap();
            assert!(!table.sparse.split.checked_heaps.is_empty());
            check_by_definition(&HeapRule::Grundy, table.values(), 15_000);
        }
    }

    #[test]
    fn grundys_game_first_reaches_256_at_7250049() {
        if std::env::var_os("SPRAGUE_SLOW").is_none() {
            return;
        }
        let mut table = HeapTable::new(HeapRule::Grundy, Method::Sparse);
        table.extend_to(7_250_050).unwrap();
        let values = table.values();
        assert_eq!(values[7_250_049], 256);
        assert!(values[..7_250_049].iter().all(|&v| v < 256));
    }

    #[test]
    fn a_value_too_large_is_refused_at_the_first_heap_that_has_one() {
        // A trusted value above the ceiling is not the heap's value when a rare value below it
        // is missing: the refusal must wait for phase three (refusing at once, 0.6 under 8 was
        // refused at heap 110 instead of 152). Low ceilings reach the block path (0.6 above 8 to
        // 256 first at 152 to 10,673, where trusted values are often wrong; Grundy's game) and
        // the pipeline (0.6 above 284 first at 89,634, long after its last rare heap).
        for (rule, len, ceilings) in [
            (
                HeapRule::octal("0.6").unwrap(),
                90_000,
                &[8, 16, 32, 64, 128, 200, 256, 284][..],
            ),
            (HeapRule::Grundy, 43_000, &[8, 32, 128, 200][..]),
        ] {
            let whole = values(&rule, len, Method::Sparse).unwrap();
            for &max in ceilings {
                let first = whole.iter().position(|&v| u64::from(v) > max).unwrap();
                let mut table = HeapTable::new(rule.clone(), Method::Sparse).with_max_value(max);
                let refused = table.extend_to(len);
                assert_eq!(
                    refused,
                    Err(ValueTooLarge { heap: first as u64 }),
                    "{rule:?} {max}"
                );
                assert_eq!(table.values(), &whole[..first]);
            }
        }
    }

    #[test]
    fn resuming_from_a_prefix_gives_the_same_values() {
        for (rule, cut) in [
            (HeapRule::Grundy, 5000),
            (HeapRule::octal("0.6").unwrap(), 777),
        ] {
            let whole = values(&rule, 9000, Method::Sparse).unwrap();
            let mut table = HeapTable::resume(rule, Method::Sparse, whole[..cut].to_vec());
            table.extend_to(9000).unwrap();
            assert_eq!(table.values(), whole);
        }
    }

    #[test]
    fn known_periods_are_found_and_proved_exactly_when_the_theorem_holds() {
        // Kayles 0.77: p = 71, q = 12 (Guy & Smith); Dawson's Kayles 0.07: p = 53, q = 34.
        for (code, p, q) in [("0.77", 71, 12), ("0.07", 53, 34), ("0.137", 52, 34)] {
            let rule = HeapRule::octal(code).unwrap();
            let needed = values_to_prove(&rule, p, q).unwrap() as usize;
            let all = values(&rule, needed + 200, Method::Sparse).unwrap();
            let found = period(&rule, &all[..needed]).unwrap();
            assert_eq!(
                (found.preperiod, found.period, found.proved),
                (p, q, true),
                "{code}"
            );
            let found = period(&rule, &all[..needed - 1]).unwrap();
            assert_eq!(
                (found.preperiod, found.period, found.proved),
                (p, q, false),
                "{code}"
            );
            // The proof is right: the relation holds on every computed value.
            assert!((p as usize..all.len() - q as usize).all(|n| all[n] == all[n + q as usize]));
        }
        // Grundy's game has no theorem.
        let grundy = values(&HeapRule::Grundy, 2000, Method::Sparse).unwrap();
        assert!(period(&HeapRule::Grundy, &grundy).is_none_or(|p| !p.proved));
    }

    /// OEIS b-files in prefix: A002186 (Kayles), A002187 (Dawson's chess, 0.137), A002188
    /// (Grundy's game).
    #[test]
    fn published_values() {
        let kayles = values(&HeapRule::octal("0.77").unwrap(), 36, Method::Sparse).unwrap();
        assert_eq!(
            kayles,
            [
                0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8,
                5, 4, 7, 2, 1, 8, 6, 7
            ]
        );
        let dawson = values(&HeapRule::octal("0.137").unwrap(), 36, Method::Sparse).unwrap();
        assert_eq!(
            dawson,
            [
                0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
                0, 4, 5, 2, 7, 4, 0, 1
            ]
        );
        let grundy = values(&HeapRule::Grundy, 40, Method::Sparse).unwrap();
        assert_eq!(
            grundy,
            [
                0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4,
                1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4
            ]
        );
    }

    /// Issue 17: a longer table never reports a weaker period. Over many codes and lengths: a
    /// period proved at n is the same proved period at every longer length; a period seen but
    /// not proved always has a verified run of two periods and `MIN_SEEN_RUN` values.
    #[test]
    fn issue_17_a_longer_table_never_reports_a_weaker_period() {
        let mut more = codes();
        for code in [
            "0.16", "0.35", "0.56", "0.27", "0.123", "0.7", "0.8", "0.28", "0.3F",
        ] {
            more.push(code.to_owned());
        }
        for code in more {
            let Ok(rule) = HeapRule::octal(&code) else {
                continue;
            };
            let three = matches!(&rule, HeapRule::Octal(c) if c.has_three_heap_moves());
            let len = if three { 600 } else { 3000 };
            let Ok(all) = values(&rule, len, Method::Sparse) else {
                continue;
            };
            let mut proved: Option<(usize, Period)> = None;
            for n in (1..=len).step_by(7).chain([len]) {
                let found = period(&rule, &all[..n]);
                if let Some((at, p)) = proved {
                    assert_eq!(found, Some(p), "{code}: proved at {at}, then at {n}");
                }
                match found {
                    Some(p) if p.proved => {
                        proved.get_or_insert((n, p));
                    }
                    Some(p) => {
                        let (pre, q) = (p.preperiod as usize, p.period as usize);
                        assert!(
                            n - q - pre >= (2 * q).max(MIN_SEEN_RUN),
                            "{code} at {n}: {p:?}"
                        );
                        let wide: Vec<u64> = all[..n].iter().map(|&v| u64::from(v)).collect();
                        assert!(
                            crate::sequence::period::tests::holds(&wide, p.saltus, pre, q),
                            "{code} at {n}"
                        );
                    }
                    None => {}
                }
            }
        }
    }

    /// Issue 17: 0.16 proves its period (105351, 149459) with 509622 values; at 10^6 values its
    /// last ten repeat with period 3, which used to be reported instead.
    #[test]
    fn issue_17_a_period_proved_within_the_table_beats_a_coincidence_at_its_end() {
        let rule = HeapRule::octal("0.16").unwrap();
        let all = values(&rule, 1_000_001, Method::Sparse).unwrap();
        for n in [509_622, 600_001, 1_000_001] {
            let p = period(&rule, &all[..n]).unwrap();
            assert_eq!(
                (p.preperiod, p.period, p.saltus, p.proved),
                (105_351, 149_459, 0, true)
            );
        }
        assert!(period(&rule, &all[..509_621]).is_none_or(|p| !p.proved));
    }

    /// Issue 17: once a period is proved, the rest of the table is copied from it, equal to the
    /// values computed.
    #[test]
    fn issue_17_values_from_a_proved_period_equal_those_computed() {
        for (code, len) in [
            ("0.07", 20_000),
            ("0.77", 20_000),
            ("0.35", 20_000),
            ("0.137", 20_000),
            ("0.16", 20_000),
            // Three-heap moves: O(n^3) to compute, and an arithmetic period.
            ("0.8", 2_500),
        ] {
            let rule = HeapRule::octal(code).unwrap();
            let computed = values(&rule, len, Method::Sparse);
            let filled = values_with_period(&rule, len, Method::Sparse);
            match (computed, filled) {
                (Ok(computed), Ok((filled, _))) => assert_eq!(computed, filled, "{code}"),
                (Err(a), Err(b)) => assert_eq!(a, b, "{code}"),
                (a, b) => panic!("{code}: {a:?} against {b:?}"),
            }
        }
    }
}
