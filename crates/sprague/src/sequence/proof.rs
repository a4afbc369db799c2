//! Periods of a heap game proved from its computed values: the periodicity theorem of Guy and
//! Smith for octal and hexadecimal codes ([`values_to_prove`]), the smallest period it proves
//! within a table, and [`period`], which reports that one, else one seen, else an arithmetic one
//! ([`arithmetic`]). Beside `period.rs` (what is seen in a slice), apart from `table/` (which
//! only computes the values); the names are public as `sequence::table::{period, …}`.

use crate::games::octal::HeapRule;
use crate::sequence::{arithmetic, smallest_period_by, Period};

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
    smallest_proved_period_with(rule, values, LONG_RUN)
}

/// Runs of equal values [`smallest_proved_period`] steps over: only runs this long are listed,
/// so the list stays small beside the table (an index of every value's run would triple the
/// table's memory).
const LONG_RUN: usize = 4096;

/// [`smallest_proved_period`], stepping over runs of at least `long_run` equal values.
fn smallest_proved_period_with(rule: &HeapRule, values: &[u16], long_run: usize) -> Option<Period> {
    const SPOT: usize = 16;
    let len = values.len() as u64;
    let base = values_to_prove(rule, 0, 0)?;
    // values_to_prove is a·p + b·q + t: a and b read off the rule.
    let a = values_to_prove(rule, 1, 0)? - base;
    let b = values_to_prove(rule, 0, 1)? - base;
    let holds = |n: usize, q: usize| values[n] == values[n + q];
    // The long runs of equal values, (start, end), in order. Across a stretch where both n and
    // n + q stay in one long run the relation holds without looking, so checking it from p_max
    // costs the long runs crossed, not their values: a long constant stretch (a take set
    // {821185} is 0 for 821185 values) was compared value by value for every q, seconds of work
    // after the table itself was done.
    let mut long_runs: Vec<(usize, usize)> = Vec::new();
    let mut start = 0;
    for n in 1..=values.len() {
        if n == values.len() || values[n] != values[start] {
            if n - start >= long_run {
                long_runs.push((start, n));
            }
            start = n;
        }
    }
    // The end of the long run holding n, if one does.
    let run_end = |n: usize| {
        let i = long_runs.partition_point(|&(s, _)| s <= n);
        i.checked_sub(1)
            .map(|i| long_runs[i])
            .filter(|&(_, e)| n < e)
            .map(|(_, e)| e)
    };
    let holds_from = |from: usize, q: usize| {
        let end = values.len() - q;
        let mut n = from;
        while n < end {
            if values[n] != values[n + q] {
                return false;
            }
            if let (Some(e1), Some(e2)) = (run_end(n), run_end(n + q)) {
                let same = e1.min(e2 - q);
                if same > n + 1 {
                    n = same;
                    continue;
                }
            }
            // No long run to step over: a block compared at once (vectorised).
            let stop = (n + 64).min(end);
            if values[n..stop] != values[n + q..stop + q] {
                return false;
            }
            n = stop;
        }
        true
    };
    let mut q = 1u64;
    while base + b * q <= len {
        let p_max = ((len - base - b * q) / a) as usize;
        let qu = q as usize;
        let end = values.len() - qu;
        // The relation must hold from p_max to the end: checked forwards (a wrong q fails
        // soon after p_max) and long run by long run (see `long_runs`), where a scan back from the end
        // walked every matching value first (12 s for a take set {821185}).
        if p_max < end
            && (p_max..(p_max + SPOT).min(end)).all(|n| holds(n, qu))
            && holds_from(p_max, qu)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::table::tests::{codes, valid_rules};
    use crate::sequence::table::{values, Method};

    /// The smallest proved period the plain way: every q, every preperiod the values can prove,
    /// every value compared.
    fn smallest_proved_period_plainly(rule: &HeapRule, values: &[u16]) -> Option<(u64, u64)> {
        let len = values.len() as u64;
        (1..=len).find_map(|q| {
            (0..len)
                .filter(|&p| values_to_prove(rule, p, q).is_some_and(|need| need <= len))
                .find(|&p| (p..len - q).all(|n| values[n as usize] == values[(n + q) as usize]))
                .map(|p| (p, q))
        })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

        /// Runs of equal values (long and short, where the search steps over runs) and blocks
        /// that repeat: the period and preperiod found are the plain search's.
        #[test]
        fn the_smallest_proved_period_is_the_plain_searchs(
            pieces in proptest::collection::vec((0u16..4, 1usize..40), 1..12),
            block in proptest::collection::vec(0u16..4, 1..6),
            repeats in 0usize..120,
        ) {
            let mut values: Vec<u16> = pieces
                .iter()
                .flat_map(|&(v, run)| std::iter::repeat_n(v, run))
                .collect();
            for _ in 0..repeats {
                values.extend_from_slice(&block);
            }
            let rule = HeapRule::octal("0.07").unwrap();
            let plainly = smallest_proved_period_plainly(&rule, &values);
            // Runs stepped over from 2 values, from 8, and from the default (none here).
            for long_run in [2, 8, LONG_RUN] {
                let found = smallest_proved_period_with(&rule, &values, long_run)
                    .map(|p| (p.preperiod, p.period));
                proptest::prop_assert_eq!(found, plainly, "runs from {}", long_run);
            }
        }
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
        for (code, rule) in valid_rules(more) {
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
}
