//! Short partizan games: Conway's algebra of games in which Left and Right have different moves.
//!
//! Placeholder documentation; see the pieces below.

pub mod dyadic;

pub use dyadic::Dyadic;
