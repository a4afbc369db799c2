//! # sprague-api: requests in, reports out
//!
//! The boundary between the engine (`sprague`, which knows games and algorithms) and its faces
//! (the `sprague` command line now, a web server later). Both must give the very same answers, so
//! everything they share lives here:
//! - parsing what a user typed into validated positions, with errors that name the bad value
//!   ([`Error`]), and refusing requests too large for the machine before allocating ([`Limits`]);
//! - the file formats (the game graph of [`graph`]);
//! - the reports, plain data that serialise to the JSON of `shared/design/cli.md`
//!   ([`Analysis`], [`MoveReport`], [`NimValue`]).
//!
//! This crate does no I/O: callers read files and standard input and hand over the bytes.

#![deny(missing_docs)]

mod books;
mod impartial;
mod report;
mod request;
mod scoring;
mod scripts;

pub mod catalogue;
pub mod tables;

pub use books::connect4 as book;
pub use impartial::{
    bash, every, fibonacci_nim, geography, graph, hackenbush, lasker, misere, moore_nim, nim,
    nim_product, octal, play, split, staircase, subtraction, turning, wythoff,
};
pub use report::analysis::{Analysed, Analysis, FactorReport, MoveReport, NimValue, ValueReport};
pub use report::listing::{listing_limit, MAX_LISTED_DIGITS, MAX_LISTED_PLACES};
pub use request::error::{one_line, Budget, Error, ErrorKind, OverBudget, Remedy};
pub use request::limits::{human_bytes, human_seconds, Limits};
pub use request::options::AnalysisOptions;
pub use request::{machine, parse};
pub use scoring::cursors;
pub use scoring::play as score_play;
pub use scoring::solver as solve;
pub use scoring::solver::{
    ColumnScore, ScoreReport, ScoreSolver, ScoreValue, SearchReport, SolveOptions,
};
pub use scripts::session as script;
/// Who wins, as every report says it (`Analysis::outcome`).
pub use sprague::value::Outcome;
