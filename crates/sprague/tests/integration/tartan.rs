//! Products of coin-turning games against a plain search of every position of small boxes: the
//! Tartan theorem's values, the XOR rule, and the exact set of winning moves. Positions are bit
//! masks in row-major order; a move turns its corner (the largest coin of the box it turns, so
//! the largest bit) from heads to tails, so it always leads to a smaller mask.

use std::collections::BTreeSet;

use num_bigint::BigUint;
use proptest::prelude::*;
use sprague::games::coin_turning::{TurningMove, TurningRule};
use sprague::games::tartan::{
    nim_value, search_size, winning_moves, ProductCoinTurning, ProductMove, ProductRule,
};
use sprague::solve::MemoSolver;

/// The sets of places a one-dimensional move with rightmost coin `place` turns, from the rules
/// as Winning Ways states them.
fn sets(rule: TurningRule, place: u64) -> Vec<Vec<u64>> {
    match rule {
        TurningRule::Twins => (1..place).map(|q| vec![q, place]).collect(),
        TurningRule::Ruler => (1..=place).map(|first| (first..=place).collect()).collect(),
        TurningRule::MockTurtles => {
            let mut res = vec![vec![place]];
            for q in 1..place {
                res.push(vec![q, place]);
                for r in 1..q {
                    res.push(vec![r, q, place]);
                }
            }
            res
        }
    }
}

/// Every choice of one item from each list, the first list's varying slowest.
fn product<T: Clone>(lists: &[Vec<T>]) -> Vec<Vec<T>> {
    let mut all = vec![Vec::new()];
    for list in lists {
        all = all
            .into_iter()
            .flat_map(|chosen: Vec<T>| {
                list.iter().map(move |item| {
                    let mut next = chosen.clone();
                    next.push(item.clone());
                    next
                })
            })
            .collect();
    }
    all
}

/// A box of coins with one rule a coordinate: its masks' values by the mex of their options.
struct Board {
    rules: Vec<TurningRule>,
    sides: Vec<u64>,
    coins: Vec<Vec<u64>>,
}

impl Board {
    fn new(rules: &[TurningRule], sides: &[u64]) -> Board {
        let ranges: Vec<Vec<u64>> = sides.iter().map(|&side| (1..=side).collect()).collect();
        Board {
            rules: rules.to_vec(),
            sides: sides.to_vec(),
            coins: product(&ranges),
        }
    }

    fn bit(&self, coin: &[u64]) -> u64 {
        coin.iter()
            .zip(&self.sides)
            .fold(0, |index, (&c, &side)| index * side + (c - 1))
    }

    /// Every move with corner `coin`, as the mask of the coins it turns.
    fn turned(&self, coin: &[u64]) -> Vec<u64> {
        let choices: Vec<Vec<Vec<u64>>> = self
            .rules
            .iter()
            .zip(coin)
            .map(|(&rule, &x)| sets(rule, x))
            .collect();
        product(&choices)
            .iter()
            .map(|factors| self.mask_of_box(factors))
            .collect()
    }

    /// The mask of the box that is the product of `factors`, one set of places a coordinate.
    fn mask_of_box(&self, factors: &[Vec<u64>]) -> u64 {
        product(factors)
            .iter()
            .fold(0, |mask, c| mask ^ 1 << self.bit(c))
    }

    fn values(&self) -> Vec<u64> {
        let moves: Vec<(u64, Vec<u64>)> = self
            .coins
            .iter()
            .map(|c| (self.bit(c), self.turned(c)))
            .collect();
        let mut g = vec![0u64; 1 << self.coins.len()];
        for mask in 1u64..1 << self.coins.len() {
            let mut seen = BTreeSet::new();
            for (bit, turned) in &moves {
                if mask >> bit & 1 == 1 {
                    for t in turned {
                        seen.insert(g[(mask ^ t) as usize]);
                    }
                }
            }
            g[mask as usize] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
        g
    }

    fn heads(&self, mask: u64) -> Vec<Vec<BigUint>> {
        self.coins
            .iter()
            .filter(|c| mask >> self.bit(c) & 1 == 1)
            .map(|c| c.iter().map(|&x| BigUint::from(x)).collect())
            .collect()
    }

    fn mask_of(&self, m: &ProductMove) -> u64 {
        let factors: Vec<Vec<u64>> = m.factors.iter().map(places).collect();
        self.mask_of_box(&factors)
    }
}

fn places(m: &TurningMove) -> Vec<u64> {
    let small = |p: &BigUint| u64::try_from(p).unwrap();
    match m {
        TurningMove::Coins(coins) => coins.iter().map(small).collect(),
        TurningMove::Run { first, last } => (small(first)..=small(last)).collect(),
    }
}

fn check_board(rules: &[TurningRule], sides: &[u64]) {
    let board = Board::new(rules, sides);
    let rule = ProductRule::new(rules.to_vec()).unwrap();
    let g = board.values();
    let name = format!("{} on {sides:?}", rule.name());
    for coin in &board.coins {
        let big: Vec<BigUint> = coin.iter().map(|&x| BigUint::from(x)).collect();
        assert_eq!(
            rule.value(&big),
            BigUint::from(g[1 << board.bit(coin)]),
            "{name} {coin:?}"
        );
        assert_eq!(
            rule.move_count(&big),
            BigUint::from(board.turned(coin).len())
        );
    }
    for mask in 0u64..1 << board.coins.len() {
        let heads = board.heads(mask);
        assert_eq!(nim_value(&rule, &heads), BigUint::from(g[mask as usize]));
        let mut searched = BTreeSet::new();
        for coin in &board.coins {
            if mask >> board.bit(coin) & 1 == 1 {
                for t in board.turned(coin) {
                    if g[(mask ^ t) as usize] == 0 {
                        searched.insert(t);
                    }
                }
            }
        }
        let found = winning_moves(&rule, &heads, usize::MAX);
        let found_set: BTreeSet<u64> = found.moves.iter().map(|m| board.mask_of(m)).collect();
        assert_eq!(found_set.len(), found.moves.len(), "{name} {mask:b}");
        assert_eq!(found_set, searched, "{name} {mask:b}");
        assert_eq!(
            found.count,
            BigUint::from(searched.len()),
            "{name} {mask:b}"
        );
        for m in &found.moves {
            assert!(heads.contains(&m.corner()));
        }
        let short = winning_moves(&rule, &heads, 1);
        assert_eq!(short.count, found.count);
        assert_eq!(short.moves.len(), searched.len().min(1));
    }
}

#[test]
fn every_position_of_three_by_four_grids_agrees_with_plain_search() {
    for first in TurningRule::ALL {
        for second in TurningRule::ALL {
            check_board(&[first, second], &[3, 4]);
        }
    }
}

#[test]
fn every_position_of_two_by_two_by_three_boxes_agrees_with_plain_search() {
    use TurningRule::*;
    for rules in [
        [Twins, Twins, Twins],
        [Ruler, MockTurtles, Twins],
        [MockTurtles, MockTurtles, Ruler],
    ] {
        check_board(&rules, &[2, 2, 3]);
    }
}

#[test]
fn the_ruleset_agrees_with_the_theorem() {
    let rule = ProductRule::new(vec![TurningRule::MockTurtles, TurningRule::Ruler]).unwrap();
    let game = ProductCoinTurning {
        rule: rule.clone(),
        sides: vec![3, 3],
    };
    let mut solver = MemoSolver::new(&game);
    for mask in 0u64..1 << 9 {
        let heads: Vec<Vec<BigUint>> = game
            .coins()
            .into_iter()
            .filter(|c| mask >> game.bit(c) & 1 == 1)
            .map(|c| c.into_iter().map(BigUint::from).collect())
            .collect();
        let value = solver.grundy_value(&mask).unwrap().value();
        assert_eq!(nim_value(&rule, &heads), BigUint::from(value), "{mask:b}");
    }
}

/// The value after turning the product of `m`'s factors.
fn value_after(rule: &ProductRule, heads: &[Vec<BigUint>], m: &ProductMove) -> BigUint {
    let mut set: BTreeSet<Vec<BigUint>> = heads.iter().cloned().collect();
    let factors: Vec<Vec<BigUint>> = m
        .factors
        .iter()
        .map(|f| places(f).into_iter().map(BigUint::from).collect())
        .collect();
    let corners = product(&factors);
    for c in corners {
        if !set.remove(&c) {
            set.insert(c);
        }
    }
    nim_value(rule, &set.into_iter().collect::<Vec<_>>())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn winning_moves_of_wider_boards_leave_value_zero(
        coins in prop::collection::btree_set((1u64..60, 1u64..60), 1..5),
        first in 0usize..3,
        second in 0usize..3,
    ) {
        let rule = ProductRule::new(vec![TurningRule::ALL[first], TurningRule::ALL[second]]).unwrap();
        let heads: Vec<Vec<BigUint>> = coins
            .iter()
            .map(|&(a, b)| vec![BigUint::from(a), BigUint::from(b)])
            .collect();
        prop_assert!(search_size(&rule, &heads) < BigUint::from(10_000u32));
        let found = winning_moves(&rule, &heads, 50);
        let total = nim_value(&rule, &heads);
        prop_assert_eq!(found.count == BigUint::default(), total == BigUint::default());
        for m in &found.moves {
            prop_assert!(heads.contains(&m.corner()));
            prop_assert_eq!(value_after(&rule, &heads, m), BigUint::default());
        }
    }
}
