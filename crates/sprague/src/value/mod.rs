//! Values of positions: nim-values ([`Nimber`]), outcomes ([`Outcome`]), generalised
//! nim-values of loopy positions ([`LoopyValue`]), how the values of a sum combine, and the
//! product of nim-values ([`nim_product`]: the field of nimbers), and the misère genus
//! ([`Genus`]).

mod genus;
mod loopy;
mod nim_product;
mod nimber;
mod outcome;
pub mod period;
mod sum;

pub use genus::Genus;
pub use loopy::LoopyValue;
pub use nim_product::{nim_inverse, nim_inverse_u64, nim_product, nim_product_u64};
pub use nimber::{mex, MexSet, Nimber};
pub use outcome::Outcome;
pub use period::{smallest_period, smallest_period_by, Period};
pub use sum::{loopy_sum, nim_sum};
