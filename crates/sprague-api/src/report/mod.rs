//! What a request gets back: plain data with the JSON field names of `shared/design/cli.md`.
//!
//! - [`analysis`]: [`analysis::Analysis`], the report of an impartial game's position, its
//!   [`analysis::MoveReport`]s (also the best moves of a scoring game), [`analysis::NimValue`];
//! - [`listing`]: how many winning moves a report lists, and the all-moves listing with its
//!   refusals.

pub mod analysis;
pub mod listing;
