//! Moore's Nim_k against a plain search: every position of four heaps of at most 7 (so every
//! position of up to four heaps), k = 1, 2, 3, normal and misère play: the outcome and the exact
//! set of winning moves. Then the winning moves of big positions against the rule, and their
//! count against the listing.

use std::collections::{BTreeSet, HashMap};

use num_bigint::BigUint;
use proptest::prelude::*;
use sprague::games::moore_nim::{
    count_winning_moves, is_lost, misere_is_lost, misere_winning_moves, move_count, winning_moves,
    MooreMove, MooreNim,
};
use sprague::solve::MemoSolver;

use crate::common::from_limbs;

const MAX_HEAP: u64 = 7;

/// Every move from `heaps` taking from 1..=k heaps: the changed heaps and their new sizes.
fn moves(heaps: &[u64], k: usize) -> Vec<Vec<(usize, u64)>> {
    let n = heaps.len();
    let mut res = Vec::new();
    for mask in 1u32..1 << n {
        let chosen: Vec<usize> = (0..n).filter(|&i| mask >> i & 1 == 1).collect();
        if chosen.len() > k || chosen.iter().any(|&i| heaps[i] == 0) {
            continue;
        }
        let mut sizes = vec![0u64; chosen.len()];
        'sizes: loop {
            res.push(chosen.iter().copied().zip(sizes.iter().copied()).collect());
            for idx in (0..chosen.len()).rev() {
                sizes[idx] += 1;
                if sizes[idx] < heaps[chosen[idx]] {
                    continue 'sizes;
                }
                sizes[idx] = 0;
            }
            break;
        }
    }
    res
}

fn after(heaps: &[u64], change: &[(usize, u64)]) -> Vec<u64> {
    let mut next = heaps.to_vec();
    for &(i, to) in change {
        next[i] = to;
    }
    next
}

/// Whether the player to move wins, by plain search (memoised on the sorted heaps). In misère
/// play a player with no move has won.
fn wins(heaps: &[u64], k: usize, misere: bool, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let options = moves(heaps, k);
    let w = if options.is_empty() {
        misere
    } else {
        options
            .iter()
            .any(|m| !wins(&after(heaps, m), k, misere, memo))
    };
    memo.insert(key, w);
    w
}

fn big(heaps: &[u64]) -> Vec<BigUint> {
    heaps.iter().map(|&h| BigUint::from(h)).collect()
}

fn as_set(moves: &[MooreMove]) -> BTreeSet<Vec<(usize, u64)>> {
    moves
        .iter()
        .map(|m| {
            m.changes
                .iter()
                .map(|(i, to)| (*i, u64::try_from(to).unwrap()))
                .collect()
        })
        .collect()
}

/// Every position of `n` heaps of at most [`MAX_HEAP`], the last heap counting fastest.
fn positions(n: usize) -> impl Iterator<Item = Vec<u64>> {
    let base = MAX_HEAP + 1;
    (0..base.pow(n as u32)).map(move |code| {
        (0..n as u32)
            .rev()
            .map(|place| code / base.pow(place) % base)
            .collect()
    })
}

#[test]
fn the_rules_and_every_winning_move_agree_with_plain_search() {
    for k in 1..=3usize {
        for misere in [false, true] {
            let mut memo = HashMap::new();
            for n in 1..=4 {
                for heaps in positions(n) {
                    let won = wins(&heaps, k, misere, &mut memo);
                    let lost_by_rule = if misere {
                        misere_is_lost(&big(&heaps), k)
                    } else {
                        is_lost(&big(&heaps), k)
                    };
                    assert_eq!(lost_by_rule, !won, "k {k}, misère {misere}, {heaps:?}");
                    let searched: BTreeSet<Vec<(usize, u64)>> = moves(&heaps, k)
                        .into_iter()
                        .filter(|m| !wins(&after(&heaps, m), k, misere, &mut memo))
                        .collect();
                    let found = if misere {
                        misere_winning_moves(&big(&heaps), k, usize::MAX, u64::MAX)
                    } else {
                        winning_moves(&big(&heaps), k, usize::MAX, u64::MAX)
                    };
                    assert_eq!(found.moves.len(), as_set(&found.moves).len(), "{heaps:?}");
                    assert_eq!(
                        as_set(&found.moves),
                        searched,
                        "k {k}, misère {misere}, {heaps:?}"
                    );
                    assert_eq!(found.count, Some(BigUint::from(searched.len())));
                    // Listing fewer counts them all the same.
                    if searched.len() > 1 {
                        let short = if misere {
                            misere_winning_moves(&big(&heaps), k, 1, u64::MAX)
                        } else {
                            winning_moves(&big(&heaps), k, 1, u64::MAX)
                        };
                        assert_eq!(short.moves.len(), 1);
                        assert!(searched.contains(as_set(&short.moves).first().unwrap()));
                        assert_eq!(
                            short.count, found.count,
                            "k {k}, misère {misere}, {heaps:?}"
                        );
                    }
                    if !misere {
                        assert_eq!(
                            count_winning_moves(&big(&heaps), k, u64::MAX),
                            Some(BigUint::from(searched.len()))
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn the_ruleset_and_the_move_count_agree_with_plain_search() {
    for k in 1..=3usize {
        let game = MooreNim { k };
        let mut solver = MemoSolver::new(&game);
        let mut memo = HashMap::new();
        for heaps in positions(3) {
            let mut sorted = heaps.clone();
            sorted.sort_unstable();
            let value = solver.grundy_value(&sorted).unwrap();
            assert_eq!(
                value.is_zero(),
                !wins(&heaps, k, false, &mut memo),
                "{heaps:?}"
            );
            assert_eq!(
                move_count(&big(&heaps), k),
                BigUint::from(moves(&heaps, k).len())
            );
        }
    }
}

#[test]
fn nim_1_is_nim() {
    for heaps in positions(3) {
        let xor = heaps.iter().fold(0, |a, h| a ^ h);
        assert_eq!(is_lost(&big(&heaps), 1), xor == 0);
    }
}

proptest! {
    #[test]
    fn winning_moves_of_big_positions_leave_p_positions(
        heaps in prop::collection::vec(prop::collection::vec(any::<u64>(), 0..4), 1..6),
        k in 1usize..4,
    ) {
        let heaps: Vec<BigUint> = heaps.iter().map(|l| from_limbs(l)).collect();
        let found = winning_moves(&heaps, k, 50, 1 << 22);
        prop_assert_eq!(found.moves.is_empty(), is_lost(&heaps, k));
        for m in &found.moves {
            prop_assert!(!m.changes.is_empty() && m.changes.len() <= k);
            let mut next = heaps.clone();
            for (i, to) in &m.changes {
                prop_assert!(*to < heaps[*i]);
                next[*i] = to.clone();
            }
            prop_assert!(is_lost(&next, k));
        }
        if let Some(count) = found.count {
            prop_assert!(count >= BigUint::from(found.moves.len()));
        }
    }

    #[test]
    fn the_count_is_the_number_of_moves_listed(
        heaps in prop::collection::vec(0u64..1 << 10, 1..6),
        k in 1usize..4,
    ) {
        let heaps = big(&heaps);
        let all = winning_moves(&heaps, k, usize::MAX, u64::MAX);
        prop_assert_eq!(
            count_winning_moves(&heaps, k, u64::MAX),
            Some(BigUint::from(all.moves.len()))
        );
        let all = misere_winning_moves(&heaps, k, usize::MAX, u64::MAX);
        let short = misere_winning_moves(&heaps, k, 3, u64::MAX);
        prop_assert_eq!(short.count, Some(BigUint::from(all.moves.len())));
    }
}
