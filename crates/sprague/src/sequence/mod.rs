//! Sequences of nim-values indexed by a heap size: G(0), G(1), …, and what can be said about
//! their ultimate periodicity.
//!
//! Which theorem proves what: a pure period of an octal or hexadecimal code by the periodicity
//! theorem of Guy and Smith ([`table::values_to_prove`]); an arithmetic period (a saltus s > 0)
//! of such a code by the saltus test ([`arithmetic::values_to_prove`]: s a power of two above
//! every value before p + q, p ≥ 1, and a finite check of the options of one heap per residue);
//! a subtraction game's period by its own argument (`games::subtraction`). Grundy's game has no
//! theorem: its periods are only seen.

pub mod arithmetic;
pub use crate::value::period;
mod proof;
pub mod table;

pub use period::{smallest_period, smallest_period_by, Period};
