//! Tokens on a directed game graph: a move slides one token along an edge; a player who cannot
//! move loses. The graph may have cycles, in which case play can go on for ever (a draw).
//!
//! Each token is an independent component, so the position is the sum of one-token games. On an
//! acyclic graph the nim-value is the XOR of the tokens' vertex values; with cycles the generalised
//! values of Smith add by [`loopy_sum`] (Fraenkel–Yesha), which decides the outcome of the sum:
//! all finite, by XOR; one `∞(K)` with the others XOR-ing to `a`, `N` when `a ∈ K` and `D` otherwise;
//! two or more `∞`, `D`.

use crate::solve::{retrograde, GameGraph, Vertex};
use crate::value::{loopy_sum, LoopyValue, Nimber, Outcome};

/// A winning move: token `token` (0-based, in the order given) slides from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct TokenMove {
    /// Index of the token moved.
    pub token: usize,
    /// Where it stands.
    pub from: Vertex,
    /// Where it goes.
    pub to: Vertex,
}

/// The analysis of a sum of tokens on a graph.
#[derive(Clone, Debug)]
pub struct TokenAnalysis {
    /// The outcome for the player to move.
    pub outcome: Outcome,
    /// The (generalised) nim-value of the sum.
    pub value: LoopyValue,
    /// Every move to a position lost for the opponent, by token, then follower order.
    pub winning_moves: Vec<TokenMove>,
    /// Whether a cycle was reachable, so the loopy solver ran.
    pub used_loopy_solver: bool,
}

/// Analyses the sum of `tokens` on `graph`: outcome, value and every winning move.
///
/// Runs the acyclic search from the tokens first (O(V + E) over what they reach) and falls back to
/// the generalised values of [`retrograde::generalized_values`] when a cycle is reachable.
///
/// # Panics
///
/// When a token is not a vertex of the graph.
pub fn analyse_tokens(graph: &GameGraph, tokens: &[Vertex]) -> TokenAnalysis {
    if let Some(values) = graph.acyclic_values(tokens) {
        let value_of = |v: Vertex| {
            Nimber::new(
                values
                    .value(v)
                    .expect("followers of a reached vertex are reached"),
            )
        };
        let finite: Vec<Option<Nimber>> = tokens.iter().map(|&v| Some(value_of(v))).collect();
        return finish(graph, tokens, &finite, |v| Some(value_of(v)), None, false);
    }
    let values = retrograde::generalized_values(graph);
    let finite: Vec<Option<Nimber>> = tokens.iter().map(|&v| values.finite(v)).collect();
    let infinite_values: Vec<LoopyValue> = tokens
        .iter()
        .filter(|&&v| values.finite(v).is_none())
        .map(|&v| values.value(v))
        .collect();
    finish(
        graph,
        tokens,
        &finite,
        |v| values.finite(v),
        Some(infinite_values),
        true,
    )
}

fn finish(
    graph: &GameGraph,
    tokens: &[Vertex],
    finite: &[Option<Nimber>],
    value_of: impl Fn(Vertex) -> Option<Nimber>,
    infinite_values: Option<Vec<LoopyValue>>,
    used_loopy_solver: bool,
) -> TokenAnalysis {
    let finite_sum = finite
        .iter()
        .flatten()
        .fold(Nimber::ZERO, |acc, &v| acc ^ v);
    let n_infinite = finite.iter().filter(|v| v.is_none()).count();
    let mut parts = infinite_values.unwrap_or_default();
    parts.push(LoopyValue::Finite(finite_sum));
    let value = loopy_sum(&parts);
    // A move wins exactly when every token then has a finite value and they XOR to zero: with one
    // infinite token, that token must move; with none, any token may.
    let mut winning_moves = Vec::new();
    if n_infinite <= 1 {
        for (token, (&from, own)) in tokens.iter().zip(finite).enumerate() {
            let target = match (n_infinite, own) {
                (0, Some(own)) => finite_sum ^ *own,
                (1, None) => finite_sum,
                _ => continue,
            };
            for &to in graph.followers(from) {
                if value_of(to) == Some(target) {
                    winning_moves.push(TokenMove { token, from, to });
                }
            }
        }
    }
    TokenAnalysis {
        outcome: value.outcome(),
        value,
        winning_moves,
        used_loopy_solver,
    }
}
