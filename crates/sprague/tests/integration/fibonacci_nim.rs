//! Fibonacci Nim's rule (Zeckendorf) and its winning takes against a plain search of every
//! position.

use num_bigint::BigUint;
use sprague::games::fibonacci_nim::{
    is_fibonacci, is_lost, smallest_term, winning_takes, winning_takes_within, zeckendorf,
    FibonacciNim, GrundyTable,
};
use sprague::solve::MemoSolver;
use sprague::value::Nimber;

const MAX_HEAP: u64 = 200;

fn big(n: u64) -> BigUint {
    BigUint::from(n)
}

/// The nim-value of `heap` with at most `most` to take (at most the heap), by plain search.
fn searched(solver: &mut MemoSolver<FibonacciNim>, heap: u64, most: u64) -> Nimber {
    solver.grundy_value(&(heap, most.min(heap))).unwrap()
}

#[test]
fn the_zeckendorf_rule_decides_every_position() {
    let mut solver = MemoSolver::new(&FibonacciNim);
    for heap in 0..=MAX_HEAP {
        for most in 0..=heap + 2 {
            let lost = searched(&mut solver, heap, most).is_zero();
            assert_eq!(
                is_lost(&big(heap), &big(most)),
                lost,
                "heap {heap}, most {most}"
            );
            let walked = winning_takes_within(&big(heap), &big(most.min(heap)), 0);
            assert_eq!(walked.lost, lost, "heap {heap}, most {most}");
        }
    }
}

#[test]
fn the_winning_takes_are_every_winning_take() {
    let mut solver = MemoSolver::new(&FibonacciNim);
    for heap in 1..=MAX_HEAP {
        for most in 1..=heap {
            let mut wins = Vec::new();
            for take in 1..=most {
                let left = heap - take;
                if searched(&mut solver, left, 2 * take).is_zero() {
                    wins.push(big(take));
                }
            }
            assert_eq!(
                winning_takes(&big(heap), &big(most)),
                wins,
                "heap {heap}, most {most}"
            );
        }
    }
}

#[test]
fn the_table_agrees_with_the_search() {
    let table = GrundyTable::new(150);
    let mut solver = MemoSolver::new(&FibonacciNim);
    for heap in 0..=150u64 {
        for most in 0..=heap + 1 {
            assert_eq!(
                u64::from(table.value(heap, most).unwrap()),
                searched(&mut solver, heap, most).value(),
                "({heap}, {most})"
            );
        }
    }
    assert_eq!(table.value(151, 3), None);
}

#[test]
fn the_start_is_lost_exactly_at_fibonacci_numbers() {
    let fibs = [
        1u64, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987,
    ];
    for n in 1..=1000u64 {
        assert_eq!(is_lost(&big(n), &big(n - 1)), fibs.contains(&n), "{n}");
    }
}

#[test]
fn zeckendorf_sums_are_of_non_consecutive_fibonacci_numbers() {
    assert_eq!(zeckendorf(&big(100)), [big(3), big(8), big(89)]);
    assert!(zeckendorf(&big(0)).is_empty());
    let fibs: Vec<BigUint> = {
        let mut f = vec![big(1), big(2)];
        while f.len() < 400 {
            let next = &f[f.len() - 1] + &f[f.len() - 2];
            f.push(next);
        }
        f
    };
    let huge: BigUint = "9".repeat(60).parse().unwrap();
    for n in (1..=3000u64).map(big).chain([huge]) {
        let terms = zeckendorf(&n);
        assert_eq!(terms.iter().sum::<BigUint>(), n);
        let idx: Vec<usize> = terms
            .iter()
            .map(|t| fibs.iter().position(|f| f == t).unwrap())
            .collect();
        assert!(idx.windows(2).all(|w| w[1] >= w[0] + 2), "{n}: {idx:?}");
    }
    // 100 with room to take 11: both 3 and 3 + 8 win (89 > 22).
    assert_eq!(winning_takes(&big(100), &big(11)), [big(3), big(11)]);
}

#[test]
fn a_capped_listing_keeps_the_first_takes_and_counts_them_all() {
    // Terms three indices apart: every allowed prefix of the sum wins.
    let mut f = vec![big(1), big(2)];
    while f.len() < 3000 {
        let next = &f[f.len() - 1] + &f[f.len() - 2];
        f.push(next);
    }
    let heap: BigUint = f.iter().step_by(3).sum();
    let most = &heap - 1u32;
    let all = winning_takes(&heap, &most);
    assert_eq!(all.len(), 999);
    let capped = winning_takes_within(&heap, &most, 10);
    assert_eq!(capped.takes, all[..10]);
    assert_eq!(capped.count, 999);
    assert_eq!(smallest_term(&heap), Some(big(1)));
    assert!(is_fibonacci(&f[2999]) && !is_fibonacci(&heap));
    for n in 0..=3000u64 {
        let terms = zeckendorf(&big(n));
        assert_eq!(smallest_term(&big(n)), terms.first().cloned(), "{n}");
        assert_eq!(is_fibonacci(&big(n)), terms.len() == 1, "{n}");
        for cap in [0, 1, 2] {
            let within = winning_takes_within(&big(n), &big(n), cap);
            let every = winning_takes(&big(n), &big(n));
            assert_eq!(within.count as usize, every.len());
            assert_eq!(within.lost, is_lost(&big(n), &big(n)), "{n}");
            assert_eq!(within.takes, every[..cap.min(every.len())]);
        }
    }
}
