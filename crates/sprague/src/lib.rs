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
//!   [`LoopyValue`](value::LoopyValue), how values of a sum combine, and nim multiplication
//!   ([`nim_product`](value::nim_product)), the product of the field of nimbers.
//! - [`solve`]: the algorithms, which see only the traits or an explicit
//!   [`GameGraph`](solve::GameGraph).
//! - [`games`]: the rulesets, each with its closed form where one exists.
//! - [`sequence`]: sequences G(0), G(1), … and their ultimate period ([`sequence::Period`]).
//! - [`pattern`]: closed forms fitted to tables and grids (the pattern finder).
//! - [`partizan`]: short partizan games (Conway's algebra): canonical forms, hash-consed, with
//!   sums, comparison, outcomes, stops, thermographs, and CGSuite's notation.
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
//! - [`games::wythoff`]: Wythoff's game, P-positions by Beatty's ⌊kφ⌋ in exact integer arithmetic
//!   (any size), at most three winning moves; nim-values by a table for small heaps only.
//! - [`games::bash`]: Bash's game with a take range and the take-all rule, normal and misère; closed
//!   forms on big integers.
//! - [`games::staircase`]: Staircase Nim, the XOR of the odd steps; counts are big integers.
//! - [`games::subtraction`]: subtraction games (S-Nim); one table of nim-values per set, two bytes
//!   a value, extended until its period is proven, then heaps of any size.
//! - [`games::lasker`]: Lasker's Nim (take, or split a heap in two), by its closed form; winning
//!   splits of heaps of any size found by arithmetic, counted exactly and listed lazily.
//! - [`games::fibonacci_nim`]: Fibonacci Nim by Zeckendorf's theorem, heaps of any size.
//! - [`games::moore_nim`]: Moore's Nim_k (take from up to k heaps), normal and misère, by Moore's
//!   bit-column theorem; every winning move by a search from the top bit, O(bits + moves) steps,
//!   and their number by a budgeted count. Not a sum: nim-values by search only.
//! - [`games::coin_turning`]: Twins, Ruler and Mock Turtles, by the coin-turning theorem; every
//!   winning move by arithmetic, places of any size.
//! - [`games::hackenbush`]: Green Hackenbush on any multigraph, by the colon and fusion
//!   principles in O(n + m); winning cuts by classes of 2-edge cuts.
//! - [`games::split`]: the splitting game (HNOI2007); bean values in O(n²), counts of any size.
//! - [`games::geography`]: undirected vertex geography, by maximum matchings
//!   ([`solve::matching`]: Hopcroft–Karp, Edmonds' blossoms).
//! - [`games::cursors`]: the cursor game of the seed notes, a scoring game solved by binary search
//!   and the matching theorem.
//! - Any explicit directed graph ([`solve::GameGraph`]), cycles allowed.
//! - Any ruleset written against [`Impartial`].
//! - Scoring games: [`games::triangle_war`], [`games::tictactoe`], [`games::connect4`] (with its
//!   dedicated [`games::connect4::solver`]), and any game written against [`minimax::Scoring`].
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
pub mod partizan;
pub mod pattern;
pub mod progress;
pub mod sequence;
pub mod solve;
#[cfg(test)]
mod test_util;
pub mod value;

pub use game::Impartial;
