//! # sprague: a combinatorial game engine
//!
//! sprague answers the questions asked of a combinatorial game: who wins (the outcome `P`, `N` or,
//! in games with cycles, `D`), the nim-value (Sprague–Grundy value) that lets positions be added,
//! and every winning move. This crate is the engine: rules and algorithms, with no I/O, no printing
//! and no serialisation; the `sprague-api` crate turns its answers into reports and the `sprague`
//! command line prints them.
//!
//! The pieces:
//! - [`Impartial`]: a ruleset, i.e. positions and their options, and how a position splits into
//!   independent components (a sum).
//! - [`value`]: [`Nimber`](value::Nimber), [`Outcome`](value::Outcome),
//!   [`LoopyValue`](value::LoopyValue) and how values of a sum combine.
//! - [`solve`]: the algorithms, which see only the traits or an explicit
//!   [`GameGraph`](solve::GameGraph).
//! - [`games`]: the rulesets, each with its closed form where one exists.
//! - [`minimax`]: scoring games (points per move, extra moves allowed) and win/draw/loss games,
//!   by negamax with alpha-beta and a transposition table.
//!
//! # Example
//!
//! ```
//! use sprague::games::nim::Nim;
//! use sprague::solve::MemoSolver;
//! use sprague::value::Outcome;
//!
//! let mut solver = MemoSolver::new(&Nim);
//! let position = vec![3, 4, 5];
//! assert_eq!(solver.grundy_value(&position).unwrap().value(), 2);
//! assert_eq!(solver.outcome(&position).unwrap(), Outcome::N);
//! let moves = solver.winning_moves(&position).unwrap();
//! assert_eq!(moves.len(), 1);
//! assert_eq!(moves[0].option, vec![1]); // heap 3 becomes 1
//! ```
//!
//! # Available games
//!
//! - [`games::nim`]: Nim, by Bouton's XOR rule; heaps are big integers.
//! - Any explicit directed graph ([`solve::GameGraph`]), cycles allowed.
//! - Any ruleset written against [`Impartial`].
//! - Scoring games: [`games::triangle_war`], [`games::tictactoe`], [`games::connect4`], and any
//!   game written against [`minimax::Scoring`].
//!
//! # Available solvers
//!
//! See [`solve`] for the table of solvers with their costs. In short: [`solve::MemoSolver`] for
//! rulesets, [`solve::GameGraph::acyclic_values`] for explicit acyclic graphs, [`solve::retrograde`]
//! for graphs with cycles, and [`solve::naive`] as the reference every fast path is tested against.
//! For scoring games, [`minimax::Negamax`]: exact values and best moves; cost from `b^(d/2)`
//! (best move first) to `b^d` positions, bounded by the number of distinct positions when the
//! table holds them all; memory: the table (8 bytes a slot, fixed) and a stack of depth `d`.

#![deny(missing_docs)]

mod game;
pub mod games;
pub mod minimax;
pub mod solve;
pub mod value;

pub use game::Impartial;
