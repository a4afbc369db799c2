//! Scripted games.

pub mod session;
