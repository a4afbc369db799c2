//! The scoring games, solved by minimax: Triangle War, tic-tac-toe, Connect Four, and the cursor
//! game.
//!
//! - [`solver`]: [`solver::ScoreSolver`] and its [`solver::ScoreReport`] (`sprague solve …`);
//! - [`play`]: playing a scoring game against the engine;
//! - [`cursors`]: the cursor game's final score.
//!
//! Connect Four's opening books come from `books`.

pub mod cursors;
pub mod play;
pub mod solver;
