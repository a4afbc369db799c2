//! Values of positions: nim-values ([`Nimber`]), outcomes ([`Outcome`]), generalised
//! nim-values of loopy positions ([`LoopyValue`]), and how the values of a sum combine.

mod loopy;
mod nimber;
mod outcome;
mod sum;

pub use loopy::LoopyValue;
pub use nimber::{mex, MexSet, Nimber};
pub use outcome::Outcome;
pub use sum::{loopy_sum, nim_sum};
