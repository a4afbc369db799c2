//! Games with cycles: retrograde outcomes and generalised nim-values against a brute-force
//! fixed point over the product graph of one, two and three tokens.

use proptest::prelude::*;
use sprague::games::graph::analyse_tokens;
use sprague::solve::{explore, retrograde, GameGraph, SolveError};
use sprague::value::{LoopyValue, Outcome};

use crate::common::Rules;

fn loopy_graph(max_vertices: usize) -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
    (1..=max_vertices).prop_flat_map(|n| {
        prop::collection::vec((0..n as u32, 0..n as u32), 0..=2 * n)
            .prop_map(move |edges| (n, edges))
    })
}

/// Outcomes of every tuple of `k` tokens, by iterating the definitions to a fixed point:
/// lost when every move leads to a won tuple, won when some move leads to a lost one, and drawn
/// when neither ever becomes true. Tuples are numbered in base n.
fn brute_force_outcomes(n: usize, followers: &[Vec<u32>], k: usize) -> Vec<Outcome> {
    let size = n.pow(k as u32);
    let decode = |mut code: usize| -> Vec<usize> {
        let mut tokens = vec![0; k];
        for t in tokens.iter_mut() {
            *t = code % n;
            code /= n;
        }
        tokens
    };
    let encode = |tokens: &[usize]| tokens.iter().rev().fold(0, |acc, &t| acc * n + t);
    let moves: Vec<Vec<usize>> = (0..size)
        .map(|code| {
            let tokens = decode(code);
            let mut res = Vec::new();
            for idx in 0..k {
                for &w in &followers[tokens[idx]] {
                    let mut after = tokens.clone();
                    after[idx] = w as usize;
                    res.push(encode(&after));
                }
            }
            res
        })
        .collect();
    let mut state: Vec<Option<Outcome>> = vec![None; size];
    loop {
        let mut changed = false;
        for code in 0..size {
            if state[code].is_some() {
                continue;
            }
            if moves[code].iter().any(|&m| state[m] == Some(Outcome::P)) {
                state[code] = Some(Outcome::N);
                changed = true;
            } else if moves[code].iter().all(|&m| state[m] == Some(Outcome::N)) {
                state[code] = Some(Outcome::P);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    state.into_iter().map(|s| s.unwrap_or(Outcome::D)).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn retrograde_outcomes_agree_with_brute_force((n, edges) in loopy_graph(9)) {
        let graph = GameGraph::from_edges(n, &edges).unwrap();
        let followers: Vec<Vec<u32>> = (0..n as u32).map(|v| graph.followers(v).to_vec()).collect();
        let expected = brute_force_outcomes(n, &followers, 1);
        prop_assert_eq!(retrograde::outcomes(&graph), expected.clone());
        let values = retrograde::generalized_values(&graph);
        let from_values: Vec<Outcome> = (0..n as u32).map(|v| values.value(v).outcome()).collect();
        prop_assert_eq!(from_values, expected);
    }

    #[test]
    fn generalized_values_decide_sums_of_two_and_three_tokens((n, edges) in loopy_graph(6), k in 2usize..=3) {
        let graph = GameGraph::from_edges(n, &edges).unwrap();
        let followers: Vec<Vec<u32>> = (0..n as u32).map(|v| graph.followers(v).to_vec()).collect();
        let expected = brute_force_outcomes(n, &followers, k);
        let size = n.pow(k as u32);
        for code in 0..size {
            let mut tokens = Vec::new();
            let mut c = code;
            for _ in 0..k {
                tokens.push((c % n) as u32);
                c /= n;
            }
            let analysis = analyse_tokens(&graph, &tokens);
            prop_assert_eq!(analysis.outcome, expected[code], "tokens {:?}", tokens);
            // The winning moves are exactly the moves to tuples lost for the opponent.
            let mut want = Vec::new();
            for (idx, &from) in tokens.iter().enumerate() {
                for &to in graph.followers(from) {
                    let mut after = tokens.clone();
                    after[idx] = to;
                    let after_code = after.iter().rev().fold(0usize, |acc, &t| acc * n + t as usize);
                    if expected[after_code] == Outcome::P {
                        want.push((idx, from, to));
                    }
                }
            }
            let got: Vec<(usize, u32, u32)> = analysis.winning_moves.iter().map(|m| (m.token, m.from, m.to)).collect();
            prop_assert_eq!(got, want, "tokens {:?}", tokens);
        }
    }
}

#[test]
fn explore_builds_the_graph_of_a_loopy_ruleset() {
    // A token on a ring of 5 cells that may step forward 1 or 2, except that cell 0 is a dead end.
    let ring = Rules(|p: &u8, options: &mut Vec<u8>| {
        if *p != 0 {
            options.push((p + 1) % 5);
            options.push((p + 2) % 5);
        }
    });
    let explored = explore::reachable_graph(&ring, &1, 100).unwrap();
    assert_eq!(explored.positions.len(), 5);
    let values = retrograde::generalized_values(&explored.graph);
    let value_of =
        |p: u8| values.value(explored.positions.iter().position(|&q| q == p).unwrap() as u32);
    // 4 and 3 can reach 0 (value 0) directly; 4 -> 0 and 3 -> 0 make them 1.
    assert_eq!(
        value_of(0),
        LoopyValue::Finite(sprague::value::Nimber::new(0))
    );
    assert_eq!(value_of(4).outcome(), Outcome::N);
    assert_eq!(value_of(3).outcome(), Outcome::N);
    assert!(explore::reachable_graph(&ring, &1, 3).is_err());
}

#[test]
fn exploring_stops_at_the_bytes_its_positions_may_take() {
    // A game whose positions grow without end: n -> n + 1.
    let climb = Rules(|p: &u64, options: &mut Vec<u64>| options.push(p + 1));
    // Positions weigh their own number: 1 + 2 + ... + 44 = 990 fits in 1000, 45 more does not.
    let res = explore::reachable_graph_within(&climb, &1, usize::MAX, 1000, |&p| p as usize);
    assert_eq!(res.unwrap_err(), SolveError::TooManyBytes { limit: 1000 });
    // The count limit still applies first when it is the smaller.
    let res = explore::reachable_graph_within(&climb, &1, 10, 1000, |&p| p as usize);
    assert_eq!(res.unwrap_err(), SolveError::TooManyPositions { limit: 10 });
    // A finite game within both limits is explored whole.
    let cycle = Rules(|p: &u64, options: &mut Vec<u64>| options.push((p + 1) % 5));
    let explored = explore::reachable_graph_within(&cycle, &1, 100, 40, |_| 8).unwrap();
    assert_eq!(explored.positions.len(), 5);
    let res = explore::reachable_graph_within(&cycle, &1, 100, 39, |_| 8);
    assert_eq!(res.unwrap_err(), SolveError::TooManyBytes { limit: 39 });
}
