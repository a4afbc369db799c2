//! The scoring games.

pub mod cursors;
pub mod play;
pub mod solver;
