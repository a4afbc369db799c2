//! Tests of the table: against brute force, published values and the naive method, by the
//! definition on long tables, across thread counts, resumed, filled from a proved period, and
//! of the refusal of values too large. The periods' own tests are in `sequence/proof.rs`.

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
pub(crate) fn codes() -> Vec<String> {
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

/// The valid codes of `codes`, each with its rule (the others are skipped).
pub(crate) fn valid_rules(codes: Vec<String>) -> impl Iterator<Item = (String, HeapRule)> {
    codes
        .into_iter()
        .filter_map(|code| HeapRule::octal(&code).ok().map(|rule| (code, rule)))
}

/// The rules of `codes`, which must all be valid, each with its code.
fn rules_of(codes: &[&str]) -> Vec<(String, HeapRule)> {
    codes
        .iter()
        .map(|&code| (code.to_owned(), HeapRule::octal(code).unwrap()))
        .collect()
}

/// For each rule, `method`'s table of `len` values is `reference`'s.
fn check_tables(
    rules: impl IntoIterator<Item = (String, HeapRule)>,
    len: usize,
    method: Method,
    reference: impl Fn(&HeapRule, usize) -> Vec<u16>,
) {
    for (code, rule) in rules {
        assert_eq!(
            values(&rule, len, method).unwrap(),
            reference(&rule, len),
            "{code}"
        );
    }
}

/// The naive method's table of `len` values.
fn naive(rule: &HeapRule, len: usize) -> Vec<u16> {
    values(rule, len, Method::Naive).unwrap()
}

#[test]
fn the_naive_table_agrees_with_brute_force_on_many_codes() {
    check_tables(valid_rules(codes()), 60, Method::Naive, brute);
    let hexadecimal = rules_of(&["0.8", "0.F", "0.B4", "4.8", "0.1C"]);
    check_tables(hexadecimal, 30, Method::Naive, brute);
    assert_eq!(naive(&HeapRule::Grundy, 80), brute(&HeapRule::Grundy, 80));
}

#[test]
fn the_sparse_method_equals_the_naive_one_value_for_value() {
    check_tables(valid_rules(codes()), 3000, Method::Sparse, naive);
    let long = rules_of(&["0.6", "0.16", "0.007", "0.26", "4.7"]);
    check_tables(long, 20_000, Method::Sparse, naive);
    let mut table = HeapTable::new(HeapRule::Grundy, Method::Sparse);
    table.extend_to(30_000).unwrap();
    assert!(table.rare_count() > 0 && table.rare_count() < 2000);
    assert_eq!(table.values(), naive(&HeapRule::Grundy, 30_000));
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
        assert_eq!(one[..5000], naive(&rule, 5000)[..]);
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

/// Flammenkamp's table of Grundy's game: 256 is first reached at n = 7250049, and the
/// rare heaps under the best mask grow by 13 between n = 4.7·10^7 and 4.9·10^7. Minutes of
/// work: only with SPRAGUE_SLOW=1.
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

/// OEIS b-files in prefix: A002186 (Kayles), A002187 (Dawson's chess, 0.137), A002188
/// (Grundy's game).
#[test]
fn published_values() {
    let kayles = values(&HeapRule::octal("0.77").unwrap(), 36, Method::Sparse).unwrap();
    assert_eq!(
        kayles,
        [
            0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5,
            4, 7, 2, 1, 8, 6, 7
        ]
    );
    let dawson = values(&HeapRule::octal("0.137").unwrap(), 36, Method::Sparse).unwrap();
    assert_eq!(
        dawson,
        [
            0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0,
            4, 5, 2, 7, 4, 0, 1
        ]
    );
    let grundy = values(&HeapRule::Grundy, 40, Method::Sparse).unwrap();
    assert_eq!(
        grundy,
        [
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1,
            2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4
        ]
    );
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
