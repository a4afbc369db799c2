//! What a request is made of and what it may use: the bottom floor, which imports no other
//! folder of this crate.
//!
//! - [`parse`]: the parsers every game shares (natural numbers of any size, heaps, heap rules,
//!   subtraction sets, Bash's bounds, the tokenizer of files of numbers);
//! - [`edge_list`]: the undirected edge-list file of Hackenbush and Geography;
//! - [`error`]: [`error::Error`], what every request can fail with, and the budgets of a refusal;
//! - [`limits`]: [`limits::Limits`], what a request may use, and the figures of a refusal as a
//!   person reads them;
//! - [`options`]: [`options::AnalysisOptions`], how to analyse a position (all moves, misère,
//!   Every-SG);
//! - [`machine`]: the memory this machine lets the process use, which sizes the limits.

pub(crate) mod edge_list;
pub mod error;
pub mod limits;
pub mod machine;
pub mod options;
pub mod parse;
