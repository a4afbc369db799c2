//! Sequences of nim-values indexed by a heap size: G(0), G(1), …, and what can be said about
//! their ultimate periodicity.

pub mod arithmetic;
pub mod period;
pub mod table;

pub use period::{smallest_period, smallest_period_by, Period};
