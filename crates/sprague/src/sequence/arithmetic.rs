//! Arithmetic periodicity of heap games: G(n + q) = G(n) + s for every n ≥ p, with a saltus
//! s > 0, as many hexadecimal games show (0.8: G(n) = ⌊(n − 1)/3⌋ for n ≥ 1, and 0.28: p = 1,
//! q = 53, s = 16, both proved here; 0.8B: p = 7, q = 7, s = 4, and 0.3F: p = 0, q = 6, s = 3,
//! only seen).
//!
//! Detection ([`smallest_arithmetic_period`]): for each candidate period q, in increasing order,
//! the only saltus that can hold at the end of the table is s = G(len − 1) − G(len − 1 − q); it is
//! read there (no assumption on its form) and the relation is scanned backwards to its smallest
//! preperiod, as [`smallest_period_by`](crate::sequence::smallest_period_by) does for a fixed
//! saltus.
//!
//! Proof ([`values_to_prove`]): the saltus test below, for octal and hexadecimal codes (moves
//! leaving at most three heaps). It is our own formulation of the idea of Austin's
//! arithmetic-periodicity test (R. B. Austin, M.Sc. thesis, University of Calgary, 1976, as cited
//! by the next paper) and of Howse & Nowakowski, *Periodicity and
//! arithmetic-periodicity in hexadecimal games*, Theoretical Computer Science 313 (2004): when the
//! saltus is a power of two 2^r above every value of the preperiod and first period, a value
//! splits into a low part (below 2^r, periodic) and a high part (the number of periods), and the
//! high parts of the heaps left by a move are combined by XOR like Nim heaps. We could not read
//! the papers' exact statements, so the test implemented here is stated and proved in full in
//! [`values_to_prove`]; it is checked against long naive tables in the tests.
//!
//! A saltus that is not a power of two (0.3F: period 6, saltus 3) is reported, never proved.

use crate::games::octal::{HeapRule, OctalCode};
use crate::sequence::period::smallest_preperiod;
use crate::sequence::Period;

/// The smallest period q with a positive saltus (and for it the smallest preperiod p) seen in
/// `values`: G(n + q) = G(n) + s for every p ≤ n < len − q, where s = G(len − 1) − G(len − 1 − q)
/// is read at the end of the slice, and `enough(p, q)` accepts the evidence (the verified run is
/// `len − q − p` long). `proved` is false.
///
/// Cost: candidate periods in increasing order, each scanned backwards until its first mismatch.
///
/// # Examples
///
/// ```
/// use sprague::sequence::arithmetic::smallest_arithmetic_period;
/// // 0.8: G(n) = ⌊(n − 1)/3⌋ for n ≥ 1.
/// let values: Vec<u64> = (0..40).map(|n: u64| n.saturating_sub(1) / 3).collect();
/// let p = smallest_arithmetic_period(&values, |p, q| values.len() - q - p >= q.max(8)).unwrap();
/// assert_eq!((p.preperiod, p.period, p.saltus), (1, 3, 1));
/// ```
pub fn smallest_arithmetic_period<T: Copy + Into<u64>>(
    values: &[T],
    mut enough: impl FnMut(usize, usize) -> bool,
) -> Option<Period> {
    let len = values.len();
    for period in 1..len {
        let last = len - 1;
        let (low, high): (u64, u64) = (values[last - period].into(), values[last].into());
        if high <= low {
            continue;
        }
        let saltus = high - low;
        let preperiod = smallest_preperiod(values, period, saltus);
        if enough(preperiod, period) {
            return Some(Period::seen(preperiod, period, saltus));
        }
    }
    None
}

/// The most option visits [`values_to_prove`] spends on one period, over all the multiples it
/// tries (beyond it, no proof).
pub const MAX_PROOF_WORK: u64 = 40_000_000;

/// The largest saltus 2^r the test tries: its rows must hold all 2^r low values.
const MAX_SALTUS: u64 = 1 << 16;

/// The number of values the saltus test needs to prove the arithmetic period `period` of `rule`,
/// `values` being the rule's first values (at least through the first period), or `None` when
/// the test does not apply.
///
/// **Theorem** (the saltus test). Let G be the nim-sequence of an octal or hexadecimal code whose
/// moves remove at most t tokens and leave at most three heaps, and let p ≥ 1, q ≥ 1, r ≥ 0 with
/// (A) G(n) < 2^r for every n < p + q. Let h₁ = 3 + ⌈(2p + t)/q⌉. Define for every n the
/// *candidate* F(n) = Λ(n) + 2^r·H(n), with Λ(n) = G(n) and H(n) = 0 for n < p, and
/// Λ(n) = G(p + (n − p) mod q) and H(n) = ⌊(n − p)/q⌋ for n ≥ p (so F = G below p + q, and
/// Λ < 2^r). For each residue c < q, classify every option of the heap x_c = p + c + h₁q by its
/// *type* (ℓ, j, δ): ℓ = XOR of Λ over the heaps left, j = the number of heaps left that are
/// ≥ p, δ = h₁ − (sum of H over the heaps left). Suppose
/// (B) G(n + q) = G(n) + 2^r for every p ≤ n < p + (h₁ − 1)q, i.e. G = F below p + h₁q;
/// (C) for each c: the lows of the types with δ = 0 include every ℓ < Λ(p + c) but not Λ(p + c);
/// (D) for each c and each 1 ≤ d ≤ δ_max + 2 (δ_max the largest δ of c's types), every
///     ℓ < 2^r is the low of a type with j ≤ 2 and δ = d, or of a type with j = 3, δ ≤ d and
///     δ ≡ d (mod 2).
/// Then G = F everywhere, i.e. G(n + q) = G(n) + 2^r for every n ≥ p.
///
/// *Proof*, by induction on x ≥ p + h₁q, G = F below x (true below p + h₁q by (B)). Write
/// x = p + c + hq with h ≥ h₁. Since Λ < 2^r, the value of an option is the XOR of the lows plus
/// 2^r times the XOR X of the high parts. A heap left is *small* (< p, H = 0) or ≥ p; the latter
/// is p + ρ + mq with ρ < q, m = H ≥ 0. Fix the move (tokens removed k ≤ t, number of heaps, the
/// small heaps, the residues ρ of the others): its heaps ≥ p take every m₁, …, m_j ≥ 0 with
/// Σ m = h − δ, where qδ = Σ(p + ρ) + Σ small + k − p − c does not depend on h, and all these
/// are legal options (every heap is ≥ 1 as p ≥ 1). As qδ ≤ 2p + 3q + t − 3, δ < h₁ ≤ h: every
/// move type of x_c occurs at every such x with the same (ℓ, j, δ), no other does, and no option
/// leaves only small heaps (x − t > 3p). The XOR X of m₁, …, m_j summing to M satisfies X ≤ M;
/// X = M is reached (m = (M, 0, 0)); with j = 3 every X ≤ M with X ≡ M (mod 2) is reached
/// (m = (X, w, w), w = (M − X)/2). So the options of x have high parts at most h; those with
/// high part h come exactly from the types with δ = 0, so by (C) the row h holds every
/// ℓ + 2^r·h with ℓ < Λ(p + c) and not Λ(p + c) + 2^r·h. The row h − d (1 ≤ d ≤ h) holds every
/// low of (D): for d > δ_max + 2 only the types with j = 3 count, and they depend on the parity
/// of d only, which d = δ_max + 1 and δ_max + 2 cover. Every value below 2^r·h is therefore an
/// option, and G(x) = mex = Λ(p + c) + 2^r·h = F(x). ∎
///
/// The test runs on the period found (q, s) if s is a power of two, and otherwise on the
/// multiples (2^e·q, 2^e·s) that make (A) hold (the preperiod's values may then be larger): if
/// G(n + 2^e q) = G(n) + 2^e s for every n ≥ p and G(n + q) = G(n) + s on p ≤ n < p + 2^e q
/// (computed), then G(n + q) = G(n) + s for every n ≥ p. The count returned covers both.
///
/// `None`: Grundy's game (parts must differ), p = 0, a saltus that is not a power of two, (A),
/// (C) or (D) failing for every multiple tried, `values` too short to hold the first period, or
/// more than [`MAX_PROOF_WORK`] option visits.
pub fn values_to_prove<T: Copy + Into<u64>>(
    rule: &HeapRule,
    values: &[T],
    period: &Period,
) -> Option<u64> {
    let HeapRule::Octal(code) = rule else {
        return None;
    };
    let (p, q, s) = (period.preperiod, period.period, period.saltus);
    if p == 0 || q == 0 || !s.is_power_of_two() {
        return None;
    }
    let mut budget = MAX_PROOF_WORK;
    for e in 0..16u32 {
        let (big_q, big_s) = (q.checked_shl(e)?, s.checked_shl(e)?);
        if big_s > MAX_SALTUS || p.checked_add(big_q)? > values.len() as u64 {
            return None;
        }
        let first: Vec<u64> = values[..(p + big_q) as usize]
            .iter()
            .map(|&v| v.into())
            .collect();
        if first.iter().any(|&v| v >= big_s) {
            continue;
        }
        if let Some(needed) = saltus_test(code, &first, p, big_q, big_s, &mut budget) {
            // The relation for q must also be seen on p ≤ n < p + 2^e q, i.e. through n + q.
            return Some(needed.max(p + big_q + q));
        }
    }
    None
}

/// Whether `period`, seen in `values`, is proved by [`values_to_prove`] on these values: the
/// test applies, the table is long enough, and the relation holds on all of it.
pub fn is_proved<T: Copy + Into<u64>>(rule: &HeapRule, values: &[T], period: &Period) -> bool {
    let (p, q, s) = (
        period.preperiod as usize,
        period.period as usize,
        period.saltus,
    );
    let holds = (p..values.len().saturating_sub(q))
        .all(|n| values[n].into().checked_add(s) == Some(values[n + q].into()));
    holds && values_to_prove(rule, values, period).is_some_and(|n| values.len() as u64 >= n)
}

/// Conditions (C) and (D) of [`values_to_prove`] for p, q, saltus 2^r = `saltus`, with
/// `first` = G(0..p + q) all below the saltus; the count p + h₁q of (B), or `None` (also when
/// the option visits would exceed what is left of `budget`, which they are taken from).
fn saltus_test(
    code: &OctalCode,
    first: &[u64],
    p: u64,
    q: u64,
    saltus: u64,
    budget: &mut u64,
) -> Option<u64> {
    let t = code.max_removed() as u64;
    let h1 = 3 + (2 * p + t).div_ceil(q);
    let needed = p.checked_add(h1.checked_mul(q)?)?;
    // Option visits: q heaps of about `needed` tokens, each with about x²/12 three-heap splits
    // (x/2 two-heap splits) per number of tokens removed.
    let x = u128::from(needed) + u128::from(q);
    let per_heap = if code.has_three_heap_moves() {
        x * x / 12
    } else {
        x / 2 + 1
    };
    let work = u128::from(q) * per_heap * u128::from(t + 1);
    if work > u128::from(*budget) {
        *budget = 0;
        return None;
    }
    *budget -= work as u64;
    let low = |a: u64| -> u64 {
        if a < p {
            first[a as usize]
        } else {
            first[(p + (a - p) % q) as usize]
        }
    };
    let high = |a: u64| if a < p { 0 } else { (a - p) / q };
    let lows = saltus as usize;
    for c in 0..q {
        let x = p + c + h1 * q;
        // For each δ: the lows of the types with j ≤ 2 heaps ≥ p, and with j = 3.
        let mut pairs: Vec<Vec<bool>> = Vec::new();
        let mut triples: Vec<Vec<bool>> = Vec::new();
        let mut broken = false;
        let mut note = |parts: &[u64]| {
            let l = parts.iter().fold(0, |acc, &a| acc ^ low(a)) as usize;
            let j = parts.iter().filter(|&&a| a >= p).count();
            let sum: u64 = parts.iter().map(|&a| high(a)).sum();
            let Some(delta) = h1.checked_sub(sum).map(|d| d as usize) else {
                broken = true;
                return;
            };
            if j == 0 {
                broken = true;
                return;
            }
            let rows = if j == 3 { &mut triples } else { &mut pairs };
            if rows.len() <= delta {
                rows.resize(delta + 1, Vec::new());
            }
            if rows[delta].is_empty() {
                rows[delta] = vec![false; lows];
            }
            rows[delta][l] = true;
        };
        // x > t: every move leaves at least one token, so no option is the empty position.
        code.for_each_option(x, &mut note);
        if broken {
            return None;
        }
        let at = |rows: &Vec<Vec<bool>>, delta: usize, l: usize| {
            rows.get(delta).is_some_and(|r| !r.is_empty() && r[l])
        };
        // (C): the row h.
        let target = first[(p + c) as usize] as usize;
        let top = |l: usize| at(&pairs, 0, l) || at(&triples, 0, l);
        if top(target) || !(0..target).all(top) {
            return None;
        }
        // (D): the rows below, each full.
        let delta_max = pairs.len().max(triples.len()).saturating_sub(1);
        for d in 1..=delta_max + 2 {
            let full = (0..lows).all(|l| {
                at(&pairs, d, l) || (d % 2..=d).step_by(2).any(|delta| at(&triples, delta, l))
            });
            if !full {
                return None;
            }
        }
    }
    Some(needed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::period::{self, tests::built_sequences};
    use crate::sequence::table::tests::brute;
    use crate::sequence::table::{self, values, Method};
    use proptest::prelude::*;

    fn holds(values: &[u16], p: usize, q: usize, s: u64) -> bool {
        (p..values.len() - q).all(|n| u64::from(values[n]) + s == u64::from(values[n + q]))
    }

    proptest! {
        #[test]
        fn built_arithmetic_sequences_are_found_with_their_smallest_period(
            (values, cycle_len, _) in built_sequences(0..6, 0..12, 1..7, 1..9, 3..7),
        ) {
            let len = values.len();
            let found = smallest_arithmetic_period(&values, |p, q| len - q - p >= q.max(2))
                .unwrap();
            let (p, q, s) = (found.preperiod as usize, found.period as usize, found.saltus);
            prop_assert!(s > 0 && !found.proved);
            prop_assert!(period::tests::holds(&values, s, p, q));
            prop_assert!(len - q - p >= q.max(2));
            prop_assert!(q <= cycle_len);
            prop_assert!(p == 0 || values[p - 1] + s != values[p - 1 + q]);
            // No smaller period, with any positive saltus, has that much evidence.
            for q2 in 1..q {
                for s2 in 1..=values[len - 1] {
                    for p2 in 0..len - q2 {
                        let ok = period::tests::holds(&values, s2, p2, q2);
                        prop_assert!(!(ok && len - q2 - p2 >= q2.max(2)));
                    }
                }
            }
        }

        #[test]
        fn sequences_that_never_grow_have_no_saltus_period(
            values in proptest::collection::vec(0u64..4, 0..60),
        ) {
            let mut sorted_down = values.clone();
            sorted_down.sort_unstable_by(|a, b| b.cmp(a));
            prop_assert_eq!(smallest_arithmetic_period(&sorted_down, |_, _| true), None);
        }
    }

    #[test]
    fn a_non_arithmetic_sequence_gives_no_saltus_period() {
        // Kayles is purely periodic (and not arithmetic); the squares grow but faster each time.
        let kayles = values(&HeapRule::octal("0.77").unwrap(), 400, Method::Naive).unwrap();
        assert_eq!(
            smallest_arithmetic_period(&kayles, |p, q| 400 - q - p >= q.max(8)),
            None
        );
        let squares: Vec<u64> = (0..200).map(|n| n * n).collect();
        assert_eq!(
            smallest_arithmetic_period(&squares, |p, q| 200 - q - p >= q.max(8)),
            None
        );
        let grundy = values(&HeapRule::Grundy, 2000, Method::Naive).unwrap();
        let p = table::period(&HeapRule::Grundy, &grundy);
        assert!(p.is_none_or(|p| !p.proved), "{p:?}");
    }

    /// Codes whose tables are arithmetic-periodic with (p, q, s) as the naive table shows them
    /// (found by scanning the one- and two-digit hexadecimal codes), and which the saltus test
    /// proves.
    const PROVED: [(&str, u64, u64, u64); 8] = [
        ("0.8", 1, 3, 1),
        ("0.C", 1, 2, 1),
        ("0.48", 1, 2, 1),
        ("0.08", 1, 4, 1),
        ("0.A8", 1, 4, 2),
        ("0.AA", 1, 1, 1),
        ("0.E8", 1, 1, 1),
        ("0.28", 1, 53, 16),
    ];

    /// Arithmetic periods seen but outside the test: the first period has values at or above
    /// the saltus (0.8B: 6 ≥ 4), p = 0 (0.FF: G(n) = n), or a saltus of 3 (0.3F).
    const SEEN: [(&str, u64, u64, u64); 6] = [
        ("0.8B", 7, 7, 4),
        ("0.89", 3, 4, 2),
        ("0.C9", 3, 3, 2),
        ("0.9E", 4, 3, 2),
        ("0.FF", 0, 1, 1),
        ("0.3F", 0, 6, 3),
    ];

    #[test]
    fn the_naive_tables_agree_with_brute_force_on_the_arithmetic_codes() {
        for (code, ..) in PROVED.iter().chain(&SEEN) {
            let rule = HeapRule::octal(code).unwrap();
            assert_eq!(
                values(&rule, 26, Method::Naive).unwrap(),
                brute(&rule, 26),
                "{code}"
            );
        }
    }

    #[test]
    fn proved_arithmetic_periods_hold_on_much_longer_tables() {
        for (code, p, q, s) in PROVED {
            let rule = HeapRule::octal(code).unwrap();
            let long = values(&rule, 1200, Method::Naive).unwrap();
            let found = table::period(&rule, &long[..300]).unwrap();
            assert_eq!(
                (found.preperiod, found.period, found.saltus, found.proved),
                (p, q, s, true),
                "{code}"
            );
            let needed = values_to_prove(&rule, &long, &found).unwrap();
            // Proved on the first `needed` values (or as many as the evidence rule needs to see
            // the period), not on fewer.
            let needed = needed.max(p + q + q.max(8)) as usize;
            let at = table::period(&rule, &long[..needed]).unwrap();
            assert_eq!(at, found, "{code}");
            let before = table::period(&rule, &long[..needed - 1]);
            assert!(before.is_none_or(|b| !b.proved), "{code}");
            // And the relation holds on the whole long table.
            assert!(holds(&long, p as usize, q as usize, s), "{code}");
        }
        for (code, p, q, s) in SEEN {
            let rule = HeapRule::octal(code).unwrap();
            let long = values(&rule, 600, Method::Naive).unwrap();
            let found = table::period(&rule, &long).unwrap();
            assert_eq!(
                (found.preperiod, found.period, found.saltus, found.proved),
                (p, q, s, false),
                "{code}"
            );
            assert_eq!(values_to_prove(&rule, &long, &found), None, "{code}");
        }
    }

    #[test]
    fn a_saltus_that_is_not_a_power_of_two_is_seen_but_not_proved() {
        // 0.3F: G(n + 6) = G(n) + 3 from n = 0.
        let rule = HeapRule::octal("0.3F").unwrap();
        let all = values(&rule, 400, Method::Naive).unwrap();
        let found = table::period(&rule, &all).unwrap();
        assert_eq!(
            (found.preperiod, found.period, found.saltus, found.proved),
            (0, 6, 3, false)
        );
        assert_eq!(values_to_prove(&rule, &all, &found), None);
    }

    #[test]
    fn a_false_candidate_is_not_proved() {
        // The sequence of 0.C, ⌊(n − 1)/2⌋, offered as 0.8's: (A) and (B) hold, but a heap
        // 1 + 2h of 0.8 leaves three heaps whose high parts sum to h − 2 or h − 3, so nothing
        // fills the row h − 1 and (D) fails.
        let rule = HeapRule::octal("0.8").unwrap();
        let fake: Vec<u16> = (0..200u16).map(|n| n.saturating_sub(1) / 2).collect();
        let period = smallest_arithmetic_period(&fake, |p, q| 200 - q - p >= q.max(8)).unwrap();
        assert_eq!((period.preperiod, period.period, period.saltus), (1, 2, 1));
        assert_eq!(values_to_prove(&rule, &fake, &period), None);
        assert!(!is_proved(&rule, &fake, &period));
        // The same sequence is 0.C's, and proved there.
        let rule = HeapRule::octal("0.C").unwrap();
        assert!(is_proved(&rule, &fake, &period));
        // A saltus below the first period's values, which no multiple helps.
        let period = Period {
            preperiod: 1,
            period: 3,
            saltus: 2,
            proved: false,
        };
        let climbing: Vec<u16> = (0..200u16).collect();
        assert_eq!(values_to_prove(&rule, &climbing, &period), None);
    }
}
