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
//!
//! The files: `sparse` (the rare/common state, and what each review of the mask learns),
//! `phase1`, `phase2`, `phase3` (the three phases), `block` and `pipeline` (the two ways the
//! phases are run), `naive` (the naive method). Here: the table, its public API, and what the
//! files share (constants, the view of the values, bit sets).

mod block;
mod naive;
mod phase1;
mod phase2;
mod phase3;
mod pipeline;
mod sparse;

use crate::games::octal::HeapRule;
use crate::sequence::Period;
use phase3::CHUNK;
use pipeline::Pending;
use sparse::{RareSplit, Sparse};

pub use super::proof::{period, values_to_prove, MIN_SEEN_RUN};

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
/// The heaps [`Known::check_group`](phase1::Known::check_group) compares at a time.
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
pub(crate) mod tests;
