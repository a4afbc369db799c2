//! Short partizan games: Conway's algebra of games in which Left and Right have different moves.
//!
//! Placeholder documentation; see the pieces below.

pub mod canonical;
pub mod dyadic;
pub mod notation;
#[cfg(test)]
mod tests;
pub mod thermograph;

pub use canonical::{GameId, GameOrdering, GameStore, Nus, PartizanOutcome};
pub use dyadic::Dyadic;
pub use notation::ParseError;
pub use thermograph::{Thermograph, Trajectory};
