//! Algorithms that solve impartial games. Each sees only the [`Impartial`](crate::Impartial)
//! trait or an explicit [`GameGraph`], never a particular game.
//!
//! | solver | games | answers | cost |
//! | --- | --- | --- | --- |
//! | [`naive`] | acyclic, small | nim-value, winning moves | exponential: no memo; the reference for tests |
//! | [`MemoSolver`] | acyclic, positions hashable | nim-value, outcome (stops at the first winning move), winning moves | one hash-map entry per component reached; explicit stack, any depth |
//! | [`GameGraph::acyclic_values`] | explicit graph, acyclic part | nim-values of the vertices reached | O(V + E) time, 4 bytes per vertex |
//! | [`retrograde`] | explicit graph, cycles allowed | P/N/D outcomes; generalised nim-values `∞(K)` | O(V + E) for outcomes; O((V + E)·(g + 1)) for values, g the largest finite value |
//! | [`misere`] | acyclic, whole positions | misère outcome and winning moves | one entry per whole position (sums do not split) |
//! | [`every`] | acyclic, components | Every-SG (move in every given component; a split stays in its component): each component's steps (suspense number) over the sums it reaches, the outcome by the longest | one entry per part and per sum of parts reached (won sums open only their lost options) |
//! | [`remoteness`] | acyclic, components | remoteness: the moves left when the winner hurries and the loser stalls (odd: the player to move wins) | one entry per part and per sum of parts reached (won sums open only their lost options); bounded by the caller in entries and options looked at |
//! | [`genus`] | acyclic, whole positions | the misère genus `g^γ0γ1…` (misère outcome, behaviour in sums) | one entry per whole position, each a few words |
//! | [`matching`] | undirected graphs (vertex geography, bipartite games) | maximum matching; whether a vertex is in every maximum matching | Hopcroft–Karp O(E √V) on bipartite graphs; blossom O(V·(V + E)) otherwise |
//! | [`explore`] | any ruleset with finitely many reachable positions | the explicit graph of a position, for the loopy solvers | one entry per position |

pub mod every;
pub mod explore;
pub mod genus;
mod graph;
pub mod matching;
mod memo;
pub mod misere;
pub mod naive;
mod parts;
pub mod remoteness;
pub mod retrograde;

pub use graph::{GameGraph, GraphError, Vertex};
pub use memo::{Memo, MemoSolver, WinningMove};

use std::fmt;

/// Why a solver stopped without an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// A position was reached from itself: the game is loopy and needs [`retrograde`].
    Loop,
    /// More positions than the configured limit would have to be stored.
    TooManyPositions {
        /// The limit that was reached.
        limit: usize,
    },
    /// The positions to be stored would take more than the configured number of bytes.
    TooManyBytes {
        /// The limit that was reached, in bytes.
        limit: usize,
    },
    /// More steps of work (options looked at) than the configured limit: the search would take
    /// longer than allowed though what it stores fits.
    TooMuchWork {
        /// The limit that was reached, in options looked at.
        limit: u64,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Loop => write!(
                f,
                "the game has a cycle: a position can be reached from itself"
            ),
            SolveError::TooManyPositions { limit } => {
                write!(f, "more than {limit} positions would have to be stored")
            }
            SolveError::TooManyBytes { limit } => write!(
                f,
                "the positions to be stored would take more than {} MiB",
                limit >> 20
            ),
            SolveError::TooMuchWork { limit } => {
                write!(f, "more than {limit} options would have to be looked at")
            }
        }
    }
}

impl std::error::Error for SolveError {}
