//! Acyclic games: the memoised solver and the graph solver against the naive recursive search,
//! on random DAGs, with and without moves that split a game into a sum.

use std::collections::HashMap;

use proptest::prelude::*;
use sprague::games::graph::analyse_tokens;
use sprague::solve::{naive, GameGraph, MemoSolver, SolveError};
use sprague::value::{Nimber, Outcome};
use sprague::Impartial;

use crate::common::Rules;

/// A random DAG as a ruleset: a position is a vertex; edges go from lower to higher numbers.
#[derive(Debug, Clone)]
struct Dag {
    followers: Vec<Vec<u32>>,
}

impl Impartial for Dag {
    type Position = u32;
    fn options(&self, v: &u32, options: &mut Vec<u32>) {
        options.extend_from_slice(&self.followers[*v as usize]);
    }
}

/// The vertices above `v` (of `n`) that `picks` name: none when `v` is the top one.
fn above(n: usize, v: usize, picks: &[prop::sample::Index]) -> Vec<u32> {
    let above = n - v - 1;
    if above == 0 {
        Vec::new()
    } else {
        picks
            .iter()
            .map(|i| (v + 1 + i.index(above)) as u32)
            .collect()
    }
}

fn dag(max_vertices: usize) -> impl Strategy<Value = Dag> {
    (1..=max_vertices).prop_flat_map(|n| {
        prop::collection::vec(prop::collection::vec(any::<prop::sample::Index>(), 0..5), n)
            .prop_map(move |rows| Dag {
                followers: rows
                    .into_iter()
                    .enumerate()
                    .map(|(v, picks)| above(n, v, &picks))
                    .collect(),
            })
    })
}

/// A ruleset whose moves split: a position is a sorted list of tokens on a DAG (a sum); a move
/// replaces one token by zero, one or two tokens on vertices above it.
#[derive(Debug, Clone)]
struct SplittingDag {
    // For each vertex, its options, each a list of the vertices the token becomes.
    moves: Vec<Vec<Vec<u32>>>,
}

impl Impartial for SplittingDag {
    type Position = Vec<u32>;
    fn options(&self, position: &Vec<u32>, options: &mut Vec<Vec<u32>>) {
        // Called on single components only.
        let v = position[0] as usize;
        for parts in &self.moves[v] {
            let mut option = parts.clone();
            option.sort_unstable();
            options.push(option);
        }
    }
    fn components(&self, position: &Vec<u32>, components: &mut Vec<Vec<u32>>) {
        components.extend(position.iter().map(|&v| vec![v]));
    }
}

fn splitting_dag(max_vertices: usize) -> impl Strategy<Value = SplittingDag> {
    (1..=max_vertices).prop_flat_map(|n| {
        prop::collection::vec(
            prop::collection::vec(
                prop::collection::vec(any::<prop::sample::Index>(), 0..3),
                0..4,
            ),
            n,
        )
        .prop_map(move |rows| SplittingDag {
            moves: rows
                .into_iter()
                .enumerate()
                .map(|(v, moves)| moves.iter().map(|parts| above(n, v, parts)).collect())
                .collect(),
        })
    })
}

/// Plain play of a whole sum, memoised on the sorted list of tokens, with no nim-values: the
/// independent check of the Sprague–Grundy theorem for moves that split.
fn sum_is_win(game: &SplittingDag, position: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    if let Some(&win) = memo.get(position) {
        return win;
    }
    let mut win = false;
    for idx in 0..position.len() {
        for parts in &game.moves[position[idx] as usize] {
            let mut after: Vec<u32> = position
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != idx)
                .map(|(_, &v)| v)
                .collect();
            after.extend_from_slice(parts);
            after.sort_unstable();
            if !sum_is_win(game, &after, memo) {
                win = true;
            }
        }
    }
    memo.insert(position.to_vec(), win);
    win
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn memo_agrees_with_naive_on_random_dags(game in dag(14)) {
        let mut solver = MemoSolver::new(&game);
        for v in 0..game.followers.len() as u32 {
            let value = naive::grundy_value(&game, &v);
            prop_assert_eq!(solver.grundy_value(&v).unwrap(), value);
            let expected = if value.is_zero() { Outcome::P } else { Outcome::N };
            // A fresh solver, so the outcome search runs without the nim-values already stored.
            prop_assert_eq!(MemoSolver::new(&game).outcome(&v).unwrap(), expected);
            let moves: Vec<u32> = MemoSolver::new(&game).winning_moves(&v).unwrap().into_iter().map(|m| m.option).collect();
            let expected: Vec<u32> = naive::winning_moves(&game, &v).into_iter().map(|(_, o)| o).collect();
            prop_assert_eq!(moves, expected);
        }
    }

    #[test]
    fn memo_agrees_with_naive_when_moves_split_the_game(game in splitting_dag(9), picks in prop::collection::vec(any::<prop::sample::Index>(), 1..3)) {
        let n = game.moves.len();
        let mut position: Vec<u32> = picks.iter().map(|i| i.index(n) as u32).collect();
        position.sort_unstable();
        let mut solver = MemoSolver::new(&game);
        let value = solver.grundy_value(&position).unwrap();
        prop_assert_eq!(value, naive::grundy_value(&game, &position));
        // The Sprague–Grundy theorem itself: plain play of the whole sum agrees with the XOR.
        prop_assert_eq!(sum_is_win(&game, &position, &mut HashMap::new()), !value.is_zero());
        prop_assert_eq!(solver.outcome(&position).unwrap() == Outcome::N, !value.is_zero());
        let moves: Vec<(usize, Vec<u32>)> = solver.winning_moves(&position).unwrap().into_iter().map(|m| (m.component, m.option)).collect();
        prop_assert_eq!(moves, naive::winning_moves(&game, &position));
    }

    #[test]
    fn graph_solver_agrees_with_naive_on_random_dags(game in dag(30), picks in prop::collection::vec(any::<prop::sample::Index>(), 1..5)) {
        let n = game.followers.len();
        let edges: Vec<(u32, u32)> = game.followers.iter().enumerate()
            .flat_map(|(v, fs)| fs.iter().map(move |&w| (v as u32, w))).collect();
        let graph = GameGraph::from_edges(n, &edges).unwrap();
        let tokens: Vec<u32> = picks.iter().map(|i| i.index(n) as u32).collect();
        let values = graph.acyclic_values(&tokens).unwrap();
        let mut total = Nimber::ZERO;
        for &t in &tokens {
            let value = naive::grundy_value(&game, &t);
            prop_assert_eq!(values.value(t), Some(value.value()));
            total ^= value;
        }
        let analysis = analyse_tokens(&graph, &tokens);
        prop_assert_eq!(analysis.value.finite(), Some(total));
        prop_assert!(!analysis.used_loopy_solver);
        // Every winning move, checked by valuing the sum after each possible move.
        let mut expected = Vec::new();
        for (token, &from) in tokens.iter().enumerate() {
            for &to in &game.followers[from as usize] {
                let after = total ^ naive::grundy_value(&game, &from) ^ naive::grundy_value(&game, &to);
                if after.is_zero() {
                    expected.push((token, from, to));
                }
            }
        }
        let got: Vec<(usize, u32, u32)> = analysis.winning_moves.iter().map(|m| (m.token, m.from, m.to)).collect();
        prop_assert_eq!(got, expected);
    }
}

#[test]
fn memo_reports_a_loop_and_stays_usable() {
    let cycle = Rules(|p: &u8, options: &mut Vec<u8>| match p {
        0 => options.push(1),
        1 => options.push(0),
        2 => {}
        _ => options.push(2),
    });
    let mut solver = MemoSolver::new(&cycle);
    assert_eq!(solver.grundy_value(&0), Err(SolveError::Loop));
    assert_eq!(solver.outcome(&1), Err(SolveError::Loop));
    assert_eq!(solver.grundy_value(&3).unwrap().value(), 1);
    assert_eq!(solver.grundy_value(&0), Err(SolveError::Loop));
}

#[test]
fn memo_refuses_past_its_limit() {
    let game = Dag {
        followers: (0..100u32)
            .map(|v| if v < 99 { vec![v + 1] } else { vec![] })
            .collect(),
    };
    let mut solver = MemoSolver::with_limit(&game, 10);
    assert_eq!(
        solver.grundy_value(&0),
        Err(SolveError::TooManyPositions { limit: 10 })
    );
}

#[test]
fn memo_walks_a_game_a_million_moves_deep() {
    let countdown = Rules(|p: &u32, options: &mut Vec<u32>| {
        if *p > 0 {
            options.push(p - 1);
        }
    });
    let mut solver = MemoSolver::new(&countdown);
    assert_eq!(solver.grundy_value(&1_000_001).unwrap().value(), 1);
    assert_eq!(
        MemoSolver::new(&countdown).outcome(&1_000_000).unwrap(),
        Outcome::P
    );
}
