//! The impartial games' analyses.

pub mod bash;
pub mod every;
pub mod fibonacci_nim;
pub mod geography;
pub mod graph;
pub mod hackenbush;
pub mod lasker;
pub mod misere;
pub mod moore_nim;
pub mod nim;
pub mod nim_product;
pub mod octal;
pub mod play;
pub mod split;
pub mod staircase;
pub mod subtraction;
#[cfg(test)]
pub(crate) mod testing;
pub mod turning;
pub mod wythoff;
