//! Ultimate periodicity of a computed sequence: the smallest period, and for it the smallest
//! preperiod.
//!
//! A sequence G is *ultimately (arithmetic-)periodic* with preperiod p, period q and saltus s when
//! G(n + q) = G(n) + s for every n ≥ p (s = 0 for plain periodicity). The convention is that of
//! ogsolve and CGSuite: report the smallest q, and for that q the smallest p.
//!
//! From a finite slice alone periodicity can only be *seen*, never proven: the caller supplies the
//! evidence rule (how long a verified run must be), and a theorem about the game turns the evidence
//! into a proof. For a subtraction game with largest element s_max, a run of s_max consecutive n
//! suffices (each value depends only on the previous s_max); for octal games, the periodicity
//! theorem of Guy and Smith asks for a run up to 2p + q + t (Winning Ways, ch. 4).
//!
//! Cost: [`smallest_period`] without saltus is O(len): a run of `min_run` for a period q means the
//! last `min_run` values occur again q places earlier, so one backward pass of a rolling hash finds
//! the smallest q, and one backward scan its preperiod. Otherwise ([`smallest_period_by`], or a
//! saltus) candidate periods are tried in increasing order, each scanned backwards from the end
//! until its first mismatch: close to O(len) when wrong periods fail fast, O(len²/q) at worst.
//! Neither allocates.

/// An ultimate period of a sequence: G(n + `period`) = G(n) + `saltus` for every n ≥ `preperiod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Period {
    /// The smallest p for which the relation holds from p on.
    pub preperiod: u64,
    /// The smallest q ≥ 1 for which the relation holds.
    pub period: u64,
    /// The constant added over one period (0 for plain periodicity).
    pub saltus: u64,
    /// Whether a theorem makes the relation hold for every n, not only for those computed.
    pub proved: bool,
}

impl Period {
    /// A period seen in computed values, not proved: G(n + `period`) = G(n) + `saltus` from
    /// `preperiod` on.
    pub fn seen(preperiod: usize, period: usize, saltus: u64) -> Period {
        Period {
            preperiod: preperiod as u64,
            period: period as u64,
            saltus,
            proved: false,
        }
    }
}

/// The smallest period (and its smallest preperiod) of `values` whose verified run, the number of
/// n with p ≤ n and n + q < `values.len()`, is at least `min_run`.
///
/// Returns `proved: false`; the caller sets it when its theorem applies. `None` when no period has
/// that much evidence in the slice.
///
/// # Examples
///
/// ```
/// use sprague::sequence::smallest_period;
/// let values = [5u16, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1];
/// let period = smallest_period(&values, 0, 3).unwrap();
/// assert_eq!((period.preperiod, period.period), (1, 3));
/// ```
pub fn smallest_period<T: Copy + Into<u64>>(
    values: &[T],
    saltus: u64,
    min_run: usize,
) -> Option<Period> {
    if saltus != 0 || min_run == 0 {
        return smallest_period_by(values, saltus, |preperiod, period| {
            values.len() - period - preperiod >= min_run
        });
    }
    // A run of `min_run` for q means that the last `min_run` values occur again q places earlier:
    // the smallest q is the latest earlier occurrence of that window, found in one pass.
    let period = latest_repeat_of_last_window(values, min_run)?;
    Some(Period::seen(
        smallest_preperiod(values, period, 0),
        period,
        0,
    ))
}

/// The smallest q ≥ 1 such that `values[len - m - q .. len - q] == values[len - m ..]`, by a
/// rolling hash (modulo the prime 2^61 − 1) over the windows from the end backwards, each hash hit
/// verified: O(len) time, no allocation.
fn latest_repeat_of_last_window<T: Copy + Into<u64>>(values: &[T], m: usize) -> Option<usize> {
    const MODULUS: u64 = (1 << 61) - 1;
    const BASE: u64 = 1_000_003;
    // Multiplication modulo the Mersenne prime: fold the high bits onto the low ones.
    let mul = |a: u64, b: u64| {
        let x = a as u128 * b as u128;
        let folded = (x as u64 & MODULUS) + (x >> 61) as u64;
        let folded = (folded & MODULUS) + (folded >> 61);
        if folded >= MODULUS {
            folded - MODULUS
        } else {
            folded
        }
    };
    // Sums of two residues stay below 2^62: one conditional subtraction reduces them (a `%`
    // here cost half the search's time on long tables).
    let add = |a: u64, b: u64| {
        let x = a + b;
        if x >= MODULUS {
            x - MODULUS
        } else {
            x
        }
    };
    let digit = |v: T| {
        let v: u64 = v.into();
        if v < MODULUS - 1 {
            v + 1
        } else {
            (v % MODULUS + 1) % MODULUS
        }
    };
    let len = values.len();
    if m == 0 || m >= len {
        return None;
    }
    // hash(s) = sum over i < m of digit(values[s + i]) * BASE^i.
    let hash = |start: usize| {
        values[start..start + m]
            .iter()
            .rev()
            .fold(0u64, |acc, &v| add(mul(acc, BASE), digit(v)))
    };
    let top = (1..m).fold(1u64, |acc, _| mul(acc, BASE));
    let target = hash(len - m);
    let window = &values[len - m..];
    let mut start = len - m - 1;
    let mut h = hash(start);
    loop {
        if h == target
            && values[start..start + m]
                .iter()
                .zip(window)
                .all(|(&a, &b)| a.into() == b.into())
        {
            return Some(len - m - start);
        }
        if start == 0 {
            return None;
        }
        // Drop the last element of the window, shift, and take in the one before it.
        let last = mul(digit(values[start + m - 1]), top);
        let without = add(h, MODULUS - last);
        start -= 1;
        h = add(mul(without, BASE), digit(values[start]));
    }
}

/// The smallest p such that `values[n + period] = values[n] + saltus` for every
/// p ≤ n < len − `period`, scanning back from the end of the slice (`period` < len).
#[inline]
pub(crate) fn smallest_preperiod<T: Copy + Into<u64>>(
    values: &[T],
    period: usize,
    saltus: u64,
) -> usize {
    let mut preperiod = values.len() - period;
    while preperiod > 0 {
        let n = preperiod - 1;
        let (low, high): (u64, u64) = (values[n].into(), values[n + period].into());
        if low.checked_add(saltus) != Some(high) {
            break;
        }
        preperiod = n;
    }
    preperiod
}

/// As [`smallest_period`], with the evidence rule given as a predicate on (preperiod, period): the
/// first period q (in increasing order) whose smallest preperiod p in the slice satisfies
/// `enough(p, q)` is returned. The verified run of (p, q) is `values.len() - q - p` long.
pub fn smallest_period_by<T: Copy + Into<u64>>(
    values: &[T],
    saltus: u64,
    mut enough: impl FnMut(usize, usize) -> bool,
) -> Option<Period> {
    let len = values.len();
    for period in 1..len {
        let preperiod = smallest_preperiod(values, period, saltus);
        if preperiod < len - period && enough(preperiod, period) {
            return Some(Period::seen(preperiod, period, saltus));
        }
    }
    None
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use proptest::collection::vec;
    use proptest::prelude::*;
    use std::ops::Range;

    /// Checks (p, q) directly against the definition on the slice.
    pub(crate) fn holds(values: &[u64], saltus: u64, p: usize, q: usize) -> bool {
        (p..values.len().saturating_sub(q)).all(|n| values[n] + saltus == values[n + q])
    }

    /// `prefix`, then `cycle` `repeats` times, each repeat `saltus` above the one before.
    fn built(prefix: &[u64], cycle: &[u64], saltus: u64, repeats: usize) -> Vec<u64> {
        let mut values = prefix.to_vec();
        for r in 0..repeats {
            values.extend(cycle.iter().map(|v| v + saltus * r as u64));
        }
        values
    }

    /// Sequences [`built`] from a prefix and a cycle of values in `value`, of lengths in `prefix`
    /// and `cycle`, with a saltus in `saltus` and `repeats` repeats: the values, the cycle's
    /// length and the saltus.
    pub(crate) fn built_sequences(
        value: Range<u64>,
        prefix: Range<usize>,
        cycle: Range<usize>,
        saltus: Range<u64>,
        repeats: Range<usize>,
    ) -> impl Strategy<Value = (Vec<u64>, usize, u64)> {
        let parts = (vec(value.clone(), prefix), vec(value, cycle));
        (parts, saltus, repeats).prop_map(|((prefix, cycle), saltus, repeats)| {
            (built(&prefix, &cycle, saltus, repeats), cycle.len(), saltus)
        })
    }

    proptest! {
        #[test]
        fn finds_the_smallest_period_and_preperiod_of_built_sequences(
            (values, cycle_len, saltus) in built_sequences(0..4, 0..20, 1..8, 0..3, 3..6),
        ) {
            let min_run = cycle_len;
            let found = smallest_period(&values, saltus, min_run).unwrap();
            let (p, q) = (found.preperiod as usize, found.period as usize);
            prop_assert!(holds(&values, saltus, p, q));
            prop_assert!(values.len() - q - p >= min_run);
            prop_assert!(q <= cycle_len);
            // No smaller period has the evidence, and no smaller preperiod works for q.
            for q2 in 1..q {
                for p2 in 0..values.len() - q2 {
                    prop_assert!(!(holds(&values, saltus, p2, q2) && values.len() - q2 - p2 >= min_run));
                }
            }
            prop_assert!(p == 0 || !holds(&values, saltus, p - 1, q));
        }
    }

    proptest! {
        #[test]
        fn the_window_search_agrees_with_trying_every_period(
            values in proptest::collection::vec(0u16..3, 0..80),
            min_run in 1usize..10,
        ) {
            let fast = smallest_period(&values, 0, min_run);
            let slow = smallest_period_by(&values, 0, |p, q| values.len() - q - p >= min_run);
            prop_assert_eq!(fast, slow);
        }
    }

    #[test]
    fn a_slice_without_enough_evidence_has_no_period() {
        let values = [0u16, 1, 2, 3, 4, 5, 0];
        assert_eq!(smallest_period(&values, 0, 2), None);
        assert_eq!(smallest_period(&values, 0, 1).map(|p| p.period), Some(6));
        assert_eq!(smallest_period::<u16>(&[], 0, 0), None);
    }
}
