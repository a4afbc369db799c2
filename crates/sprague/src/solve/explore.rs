//! Turns a ruleset and a start position into an explicit [`GameGraph`] of every position reachable
//! from it, so that the graph solvers (and the loopy ones in [`super::retrograde`]) can run on any
//! game with finitely many reachable positions.
//!
//! Positions are explored whole: options are taken with [`Impartial::options`] on the position
//! itself, so this suits rulesets whose positions are single components.

use std::collections::HashMap;

use super::{GameGraph, SolveError, Vertex};
use crate::Impartial;

/// The positions reachable from a start, numbered in the order they were found (the start is 0),
/// and the graph of moves between them.
#[derive(Clone, Debug)]
pub struct Explored<P> {
    /// The positions; vertex `v` of `graph` is `positions[v]`.
    pub positions: Vec<P>,
    /// The moves between them.
    pub graph: GameGraph,
}

/// Explores every position reachable from `start`, breadth first.
///
/// # Errors
///
/// [`SolveError::TooManyPositions`] when more than `max_positions` positions are reachable.
pub fn reachable_graph<G: Impartial>(
    game: &G,
    start: &G::Position,
    max_positions: usize,
) -> Result<Explored<G::Position>, SolveError> {
    reachable_graph_within(game, start, max_positions, usize::MAX, |_| 0)
}

/// Explores every position reachable from `start`, breadth first, storing at most
/// `max_positions` positions whose sizes, as `bytes` measures them, add up to at most
/// `max_bytes`: a game whose positions grow as it is explored (sums that gain a component at
/// every move) is stopped by its size, not only by its count.
///
/// # Errors
///
/// [`SolveError::TooManyPositions`] when more than `max_positions` positions are reachable,
/// [`SolveError::TooManyBytes`] when they take more than `max_bytes`.
pub fn reachable_graph_within<G: Impartial>(
    game: &G,
    start: &G::Position,
    max_positions: usize,
    max_bytes: usize,
    bytes: impl Fn(&G::Position) -> usize,
) -> Result<Explored<G::Position>, SolveError> {
    let mut index: HashMap<G::Position, Vertex> = HashMap::new();
    let mut held = bytes(start);
    let mut positions = vec![start.clone()];
    index.insert(start.clone(), 0);
    let mut offsets = vec![0usize];
    let mut targets: Vec<Vertex> = Vec::new();
    let mut options = Vec::new();
    let mut next = 0;
    while next < positions.len() {
        options.clear();
        game.options(&positions[next], &mut options);
        for option in options.drain(..) {
            let id = match index.get(&option) {
                Some(&id) => id,
                None => {
                    if positions.len() >= max_positions.min(Vertex::MAX as usize - 2) {
                        return Err(SolveError::TooManyPositions {
                            limit: max_positions,
                        });
                    }
                    held = held.saturating_add(bytes(&option));
                    if held > max_bytes {
                        return Err(SolveError::TooManyBytes { limit: max_bytes });
                    }
                    let id = positions.len() as Vertex;
                    index.insert(option.clone(), id);
                    positions.push(option);
                    id
                }
            };
            targets.push(id);
        }
        offsets.push(targets.len());
        next += 1;
    }
    let graph = GameGraph::from_rows(offsets, targets).expect("every target was numbered");
    Ok(Explored { positions, graph })
}
