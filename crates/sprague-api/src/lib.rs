//! # sprague-api: requests in, reports out
//!
//! The boundary between the engine (`sprague`, which knows games and algorithms) and its faces
//! (the `sprague` command line, the web server, the Python package). They must give the very same
//! answers, so everything they share lives here:
//! - parsing what a user typed into validated positions, with errors that name the bad value
//!   ([`Error`]), and refusing requests too large for the machine before allocating ([`Limits`]);
//! - the file formats (the game graph of [`graph`]);
//! - the reports, plain data that serialise to the JSON of `shared/design/cli.md`
//!   ([`Analysis`], [`MoveReport`], [`NimValue`]).
//!
//! This crate does no I/O: callers read files and standard input and hand over the bytes.
//!
//! ## Where things live
//!
//! - `request/`: what a request is made of and what it may use: the parsers every game shares,
//!   [`Error`], [`Limits`], [`AnalysisOptions`], the memory this machine grants, edge-list files.
//! - `report/`: what a request gets back: [`Analysis`], [`MoveReport`], [`NimValue`], and how
//!   many moves a report lists.
//! - `tables/`: tables of a family's values, their periods, estimates, files and long runs.
//! - `books/`: Connect Four opening books.
//! - `impartial/`: the impartial games' analyses (Nim, octal games, Wythoff, coin turning, game
//!   graphs, …), misère play, Every-SG, and playing them against the engine.
//! - `scoring/`: the scoring games (Triangle War, tic-tac-toe, Connect Four, cursors): the
//!   minimax solver and playing them against the engine.
//! - `scripts/`: games written as scripts.
//! - `catalogue.rs`: the one list of games every front end reads.
//!
//! ## Layers
//!
//! Each floor imports only from the floors below it, never from one beside it or above it (the
//! folders of a floor do not import one another):
//!
//! 1. `request`
//! 2. `report`, `tables`, `books`
//! 3. `impartial`, `scoring`
//! 4. `scripts`
//! 5. `catalogue`
//!
//! Inside the crate, a module imports a thing from the module that defines it
//! (`crate::request::limits::Limits`), never through the re-exports below: those keep the public
//! paths the front ends use (`sprague_api::Limits`, `sprague_api::nim`).
//! `tests/layers.rs` reads the floors from this list and checks every file of `src/` against them.

#![deny(missing_docs)]

mod books;
mod impartial;
mod report;
mod request;
mod scoring;
mod scripts;

pub mod catalogue;
pub mod tables;

// The public paths, as they were before the folders: the front ends use them.
pub use books::connect4 as book;
pub use impartial::{
    bash, every, fibonacci_nim, geography, graph, hackenbush, lasker, misere, moore_nim, nim,
    nim_product, octal, play, split, staircase, subtraction, turning, wythoff,
};
pub use report::analysis::{
    Analysed, Analysis, FactorReport, MovePlace, MoveReport, NimValue, ValueReport,
};
pub use report::listing::{listing_limit, LISTED_MOVE_BYTES, MAX_LISTED_DIGITS, MAX_LISTED_PLACES};
pub use request::error::{one_line, Budget, Error, ErrorKind, Message, OverBudget, Remedy};
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
pub use sprague::progress::SearchProgress;
/// Who wins, as every report says it (`Analysis::outcome`).
pub use sprague::value::Outcome;
