//! Coin-turning games against a plain search of every position of up to 12 coins (a bit mask per
//! position, values in increasing order of the mask: a move turns its rightmost coin from heads to
//! tails, so it always leads to a smaller mask): the values of single heads, the XOR rule, and the
//! exact set of winning moves. Then big places against the rule.

use std::collections::BTreeSet;

use num_bigint::BigUint;
use proptest::prelude::*;
use sprague::games::coin_turning::{
    nim_value, winning_moves, CoinTurning, TurningMove, TurningRule,
};
use sprague::solve::MemoSolver;

const COINS: u32 = 12;

/// The masks of the coins every move turns whose rightmost coin is at `place` (1-based), from the
/// rules as Winning Ways states them.
fn turned(rule: TurningRule, place: u32) -> Vec<u32> {
    let head = 1u32 << (place - 1);
    let below = place - 1; // the places 1..place, as bits 0..below
    match rule {
        TurningRule::Twins => (0..below).map(|q| head | 1 << q).collect(),
        TurningRule::Ruler => (0..place).map(|first| (head << 1) - (1 << first)).collect(),
        TurningRule::MockTurtles => {
            let mut res = vec![head];
            for q in 0..below {
                res.push(head | 1 << q);
                for r in 0..q {
                    res.push(head | 1 << q | 1 << r);
                }
            }
            res
        }
    }
}

/// Every position's nim-value, by the mex of its options' values.
fn values(rule: TurningRule) -> Vec<u64> {
    let mut g = vec![0u64; 1 << COINS];
    for mask in 1u32..1 << COINS {
        let mut seen = BTreeSet::new();
        for place in 1..=COINS {
            if mask >> (place - 1) & 1 == 1 {
                for t in turned(rule, place) {
                    seen.insert(g[(mask ^ t) as usize]);
                }
            }
        }
        g[mask as usize] = (0..).find(|v| !seen.contains(v)).unwrap();
    }
    g
}

fn heads_of(mask: u32) -> Vec<BigUint> {
    (1..=COINS)
        .filter(|p| mask >> (p - 1) & 1 == 1)
        .map(BigUint::from)
        .collect()
}

fn mask_of(m: &TurningMove) -> u32 {
    let small = |p: &BigUint| u32::try_from(p).unwrap();
    match m {
        TurningMove::Coins(coins) => coins.iter().fold(0, |acc, p| acc | 1 << (small(p) - 1)),
        TurningMove::Run { first, last } => {
            (small(first)..=small(last)).fold(0, |acc, p| acc | 1 << (p - 1))
        }
    }
}

#[test]
fn every_position_of_twelve_coins_agrees_with_plain_search() {
    for rule in TurningRule::ALL {
        let g = values(rule);
        // A single head's value is the rule's.
        for place in 1..=COINS {
            assert_eq!(
                BigUint::from(g[1 << (place - 1)]),
                rule.value(&BigUint::from(place)),
                "{} place {place}",
                rule.name()
            );
            assert_eq!(
                rule.move_count(&BigUint::from(place)),
                BigUint::from(turned(rule, place).len())
            );
        }
        for mask in 0u32..1 << COINS {
            let heads = heads_of(mask);
            assert_eq!(nim_value(rule, &heads), BigUint::from(g[mask as usize]));
            let mut searched = BTreeSet::new();
            for place in 1..=COINS {
                if mask >> (place - 1) & 1 == 1 {
                    for t in turned(rule, place) {
                        if g[(mask ^ t) as usize] == 0 {
                            searched.insert(t);
                        }
                    }
                }
            }
            let found = winning_moves(rule, &heads, usize::MAX);
            let found_set: BTreeSet<u32> = found.moves.iter().map(mask_of).collect();
            assert_eq!(
                found_set.len(),
                found.moves.len(),
                "{} {mask:b}",
                rule.name()
            );
            assert_eq!(found_set, searched, "{} {mask:b}", rule.name());
            assert_eq!(found.count, BigUint::from(searched.len()));
            // The rightmost coin of each is a head.
            for m in &found.moves {
                assert!(heads.contains(m.head()));
            }
            // Listing fewer counts them all the same.
            let short = winning_moves(rule, &heads, 1);
            assert_eq!(short.count, found.count);
            assert_eq!(short.moves.len(), searched.len().min(1));
        }
    }
}

#[test]
fn the_ruleset_agrees_with_the_values() {
    for rule in TurningRule::ALL {
        let g = values(rule);
        let game = CoinTurning { rule };
        let mut solver = MemoSolver::new(&game);
        for mask in 0u32..1 << 9 {
            let value = solver.grundy_value(&u64::from(mask)).unwrap().value();
            assert_eq!(value, g[mask as usize], "{} {mask:b}", rule.name());
        }
    }
}

fn value_after(rule: TurningRule, heads: &[BigUint], m: &TurningMove) -> BigUint {
    let mut set: BTreeSet<BigUint> = heads.iter().cloned().collect();
    for c in m.coins() {
        if !set.remove(&c) {
            set.insert(c);
        }
    }
    nim_value(rule, &set.into_iter().collect::<Vec<_>>())
}

proptest! {
    #[test]
    fn winning_moves_of_big_places_leave_value_zero(
        places in prop::collection::btree_set(1u64..u64::MAX, 1..6),
        shift in 0u32..100,
    ) {
        let heads: Vec<BigUint> = places.iter().map(|&p| BigUint::from(p) << shift).collect();
        for rule in [TurningRule::Twins, TurningRule::MockTurtles] {
            let found = winning_moves(rule, &heads, 20);
            prop_assert_eq!(found.count == BigUint::default(), nim_value(rule, &heads) == BigUint::default());
            for m in &found.moves {
                prop_assert!(heads.contains(m.head()));
                prop_assert_eq!(value_after(rule, &heads, m), BigUint::default());
            }
        }
    }

    #[test]
    fn ruler_runs_leave_value_zero(places in prop::collection::btree_set(1u64..5000, 1..6)) {
        let heads: Vec<BigUint> = places.iter().map(|&p| BigUint::from(p)).collect();
        let found = winning_moves(TurningRule::Ruler, &heads, usize::MAX);
        prop_assert_eq!(found.count == BigUint::default(), nim_value(TurningRule::Ruler, &heads) == BigUint::default());
        for m in &found.moves {
            prop_assert_eq!(value_after(TurningRule::Ruler, &heads, m), BigUint::default());
        }
    }

    #[test]
    fn mock_turtles_count_every_winning_move(places in prop::collection::btree_set(1u64..120, 1..5)) {
        let heads: Vec<BigUint> = places.iter().map(|&p| BigUint::from(p)).collect();
        let found = winning_moves(TurningRule::MockTurtles, &heads, usize::MAX);
        let mut searched = 0u64;
        for &x in &places {
            TurningRule::MockTurtles.for_each_move(x, |coins| {
                let m = TurningMove::Coins(coins.iter().map(|&c| BigUint::from(c)).collect());
                if value_after(TurningRule::MockTurtles, &heads, &m) == BigUint::default() {
                    searched += 1;
                }
            });
        }
        prop_assert_eq!(found.count, BigUint::from(searched));
        prop_assert_eq!(found.moves.len() as u64, searched);
    }
}
