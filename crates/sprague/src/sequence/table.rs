//! The nim-value sequence G(0), G(1), … of a heap game ([`HeapRule`]: an octal or hexadecimal
//! code, or Grundy's game), computed by its definition, G(n) = mex of the values of the options of
//! a heap of n, an option leaving heaps a, b, … having the value G(a) ⊕ G(b) ⊕ ….
//!
//! Two methods fill the same table and give the same values (tested value for value):
//! - naive: every option of every heap, the mex taken in a bit set (a register while values fit in
//!   6 bits). A move leaving two heaps of m tokens has ⌊m/2⌋ splits, so the table to N costs
//!   O(N²) (O(N³) with three-heap moves);
//! - sparse ([`Method::Sparse`], the default for two-heap moves): the rare/common split of
//!   Flammenkamp and Gangolli–Plambeck. For a mask M, a value v is *rare* when v & M has an even
//!   number of bits, *common* otherwise; rare ⊕ rare and common ⊕ common are rare, rare ⊕ common is
//!   common. In many games (0.6, 0.16, Grundy's game) all but a few hundred values are common. A
//!   split with a rare part is enumerated from the list of rare heaps (few); it gives every
//!   common option, hence the smallest common value c that is not an option. G(n) = c unless a rare
//!   value below c is missing too, which the other splits (common ⊕ common) decide: they are
//!   scanned only until every rare value below c has been seen, usually after a handful of splits.
//!   The mask is chosen again (the one with the fewest rare values so far) each time the table
//!   doubles or the values need one more bit, so it adapts as the values grow. Any mask gives the
//!   right values; a good one gives speed.
//!
//! Memory: two bytes per value (values must stay below 2^16; the table refuses to go on otherwise),
//! plus four bytes per rare heap.

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

/// The rare/common state of the sparse method.
#[derive(Clone, Debug)]
struct Sparse {
    // The mask: v is rare when (v & mask) has an even number of bits; 0 means "not sparse here"
    // (every pair is scanned, as in naive).
    mask: u16,
    // Heaps r ≥ 1 whose value is rare, increasing.
    rare: Vec<u32>,
    // Next table length at which the mask is chosen again.
    review_at: usize,
    // The value width at the last review.
    review_bits: u32,
    // Bit sets over values (words): which values are rare / common under `mask`.
    rare_bits: Vec<u64>,
    common_bits: Vec<u64>,
}

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
    // The mex bit set (all zero between steps).
    seen: Vec<u64>,
    sparse: Sparse,
}

fn parity_even(v: u64, mask: u16) -> bool {
    (v & u64::from(mask)).count_ones() % 2 == 0
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
                rare: Vec::new(),
                review_at: 64,
                review_bits: 0,
                rare_bits: Vec::new(),
                common_bits: Vec::new(),
            },
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
        table.seen = vec![0; (1usize << table.bits) / 64 + 2];
        table.review();
        table
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
            self.sparse.rare.len()
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
        while self.values.len() < len {
            let n = self.values.len();
            if self.method == Method::Sparse && n >= self.sparse.review_at {
                self.review();
            }
            let value = self.step(n);
            if value > MAX_VALUE {
                return Err(ValueTooLarge { heap: n as u64 });
            }
            self.values.push(value as u16);
            if value >> self.bits != 0 {
                while value >> self.bits != 0 {
                    self.bits += 1;
                }
                let words = (1usize << self.bits) / 64 + 2;
                if self.seen.len() < words {
                    self.seen.resize(words, 0);
                }
                if self.method == Method::Sparse {
                    self.review();
                }
            }
            if self.sparse.mask != 0
                && n > 0
                && parity_even(value, self.sparse.mask)
                && self.sparse.rare.last() != Some(&(n as u32))
            {
                self.sparse.rare.push(n as u32);
            }
        }
        Ok(())
    }

    /// Chooses the mask with the fewest rare values so far, and rebuilds the rare list.
    fn review(&mut self) {
        let n = self.values.len();
        self.sparse.review_at = (n.max(32) * 2).max(self.sparse.review_at);
        self.sparse.review_bits = self.bits;
        if self.method != Method::Sparse || self.removals[2].is_empty() || self.bits == 0 {
            self.sparse.mask = 0;
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
            self.sparse.mask = 0;
            self.sparse.rare.clear();
            return;
        }
        let mask = best.1;
        self.sparse.mask = mask;
        self.sparse.rare = (1..n)
            .filter(|&i| parity_even(u64::from(self.values[i]), mask))
            .map(|i| i as u32)
            .collect();
        let words = size / 64 + 2;
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
    }

    /// The value of a heap of `n`, all smaller ones known.
    fn step(&mut self, n: usize) -> u64 {
        let g = &self.values;
        // Small values: the mex in a register (XORs of values below 2^6 stay below 2^6).
        if self.bits <= 6 && self.removals[3].is_empty() && self.sparse.mask == 0 {
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
        let set = |seen: &mut Vec<u64>, v: u64| seen[(v >> 6) as usize] |= 1 << (v & 63);
        for &k in &self.removals[0] {
            if k == n && k > 0 {
                set(seen, 0);
            }
        }
        for &k in &self.removals[1] {
            if k < n && k > 0 {
                set(seen, u64::from(g[n - k]));
            }
        }
        for &k in &self.removals[3] {
            if k + 3 <= n {
                let m = n - k;
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        set(seen, u64::from(g[a] ^ g[b] ^ g[m - a - b]));
                    }
                }
            }
        }
        let words = (1usize << self.bits) / 64 + 1;
        let mask = self.sparse.mask;
        if mask == 0 {
            for &k in &self.removals[2] {
                if k + 2 <= n {
                    let m = n - k;
                    let half = if self.unequal { (m - 1) / 2 } else { m / 2 };
                    pairs_into(seen, g, m, 1, half + 1);
                }
            }
        } else {
            // Every split with a rare part.
            for &k in &self.removals[2] {
                if k + 2 > n {
                    continue;
                }
                let m = n - k;
                for &r in &self.sparse.rare {
                    let r = r as usize;
                    if r >= m {
                        break;
                    }
                    if self.unequal && 2 * r == m {
                        continue;
                    }
                    set(seen, u64::from(g[r] ^ g[m - r]));
                }
            }
            // The smallest common value missing.
            let common = &self.sparse.common_bits;
            let rare = &self.sparse.rare_bits;
            let mut c_word = words;
            for w in 0..words {
                if !seen[w] & common[w] != 0 {
                    c_word = w;
                    break;
                }
            }
            let c = if c_word < words {
                c_word * 64 + (!seen[c_word] & common[c_word]).trailing_zeros() as usize
            } else {
                words * 64
            };
            // The rare values below c still missing (at most NEED_MAX + 1 of them listed).
            let collect_need = |seen: &[u64], need: &mut Vec<u16>| {
                need.clear();
                for w in 0..=c / 64 {
                    let below = if w == c / 64 {
                        (1u64 << (c % 64)) - 1
                    } else {
                        u64::MAX
                    };
                    let mut bits = !seen[w] & rare[w] & below;
                    while bits != 0 {
                        if need.len() > NEED_MAX {
                            return;
                        }
                        need.push((w * 64) as u16 + bits.trailing_zeros() as u16);
                        bits &= bits - 1;
                    }
                }
            };
            let mut need: Vec<u16> = Vec::with_capacity(NEED_MAX + 1);
            collect_need(seen, &mut need);
            // The other splits (common ⊕ common), until no rare value below c is missing: while
            // many are, every split is marked in the bit set; once few are, they are looked for
            // many splits at a time.
            'scan: for &k in &self.removals[2] {
                if need.is_empty() {
                    break;
                }
                if k + 2 > n {
                    continue;
                }
                let m = n - k;
                let half = if self.unequal { (m - 1) / 2 } else { m / 2 };
                let mut a = 1;
                while a <= half {
                    if need.len() > NEED_MAX {
                        let end = (a + 64).min(half + 1);
                        pairs_into(seen, g, m, a, end);
                        a = end;
                        collect_need(seen, &mut need);
                    } else {
                        let end = (a + CHUNK).min(half + 1);
                        let found = find_among(g, m, a, end, &need);
                        a = end;
                        if found != 0 {
                            let mut i = 0;
                            need.retain(|&v| {
                                let keep = found >> i & 1 == 0;
                                if !keep {
                                    set(seen, u64::from(v));
                                }
                                i += 1;
                                keep
                            });
                        }
                    }
                    if need.is_empty() {
                        break 'scan;
                    }
                }
            }
        }
        let mut res = (words * 64) as u64;
        for (w, word) in seen[..words].iter().enumerate() {
            if *word != u64::MAX {
                res = (w * 64) as u64 + u64::from((!word).trailing_zeros());
                break;
            }
        }
        seen[..words + 1].fill(0);
        res
    }
}

/// The most missing rare values searched for by [`find_among`].
const NEED_MAX: usize = 8;
/// Splits examined at a time by [`find_among`].
const CHUNK: usize = 256;

/// Which of `need` (at most [`NEED_MAX`]) are among G(a) ⊕ G(m − a) for `from ≤ a < to`
/// (at most [`CHUNK`] splits): bit i is set when `need[i]` is. The XORs go to a buffer, then each
/// wanted value is compared with all of them, a loop the compiler vectorises.
#[inline]
fn find_among(g: &[u16], m: usize, from: usize, to: usize, need: &[u16]) -> u32 {
    let mut buf = [0u16; CHUNK];
    let len = to - from;
    let low = &g[from..to];
    let high = &g[m + 1 - to..=m - from];
    for ((b, x), y) in buf[..len].iter_mut().zip(low).zip(high.iter().rev()) {
        *b = x ^ y;
    }
    let mut found = 0u32;
    for (i, &v) in need.iter().enumerate() {
        if buf[..len].iter().fold(false, |acc, &x| acc | (x == v)) {
            found |= 1 << i;
        }
    }
    found
}

/// Marks G(a) ⊕ G(m − a) for `from ≤ a < to` in the bit set.
#[inline]
fn pairs_into(seen: &mut [u64], g: &[u16], m: usize, from: usize, to: usize) {
    if from >= to {
        return;
    }
    let low = &g[from..to];
    let high = &g[m + 1 - to..=m - from];
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

/// The smallest period of the computed values (for it the smallest preperiod), with `proved` set
/// when [`values_to_prove`] holds for it. A period is reported only with a verified run at least
/// as long as itself (and at least 8 values), so that a repetition that merely happens is not
/// taken for one. When no pure period is seen, the smallest arithmetic one (a saltus s > 0, same
/// evidence rule) is reported, proved by the saltus test of
/// [`arithmetic::values_to_prove`](crate::sequence::arithmetic::values_to_prove).
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
    let enough = |p: usize, q: usize| len - q - p >= q.max(8);
    let Some(mut found) = smallest_period_by(values, 0, enough) else {
        let found = arithmetic::smallest_arithmetic_period(values, enough)?;
        let proved = arithmetic::is_proved(rule, values, &found);
        return Some(Period { proved, ..found });
    };
    found.proved = values_to_prove(rule, found.preperiod, found.period)
        .is_some_and(|needed| len as u64 >= needed);
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::HeapGame;
    use crate::solve::MemoSolver;

    fn brute(rule: &HeapRule, len: usize) -> Vec<u16> {
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
}
