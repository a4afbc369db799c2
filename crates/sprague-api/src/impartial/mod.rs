//! The impartial games' analyses: each module parses a game's position, asks the engine and
//! answers with an [`Analysis`](crate::report::analysis::Analysis) (outcome, nim-value, winning
//! moves); [`nim_product`] is a calculation on numbers. Besides the games:
//!
//! - [`misere`] and [`every`]: misère play and Every-SG of heap games (and of scripts);
//! - [`play`]: playing an impartial game move by move against the engine.
//!
//! The heap games read their tables from `tables`.

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
pub mod remoteness;
pub mod split;
pub mod staircase;
pub mod subtraction;
#[cfg(test)]
pub(crate) mod testing;
pub mod turning;
pub mod wythoff;
