//! Tables: G(0..N) of a family, and everything a table needs around it.
//!
//! - [`report`]: what `table` answers (values, period, formulas, grid patterns) and the
//!   observations made on a computed range;
//! - [`estimate`]: a heap table's memory and time, refused before it starts;
//! - [`values_file`]: the compact binary file of `--out`, read back by `--resume`;
//! - [`heap`]: whole tables of heap games (octal codes, take sets, the named games) and the search
//!   for a proved period that answers a heap too large for a table;
//! - [`games`]: the tables of subtraction sets, Bash's game and Lasker's Nim;
//! - [`long_run`]: heap tables computed in chunks, with progress, a stop flag and checkpoints.
//!
//! The modules depend on one another in that order only (a long run reads the estimates, the
//! values file and the reports; a whole heap table is a long run nothing stops), and none of them
//! on the per-game analysis modules: those read their heap values from here.

pub mod estimate;
pub mod games;
pub mod heap;
pub mod long_run;
pub mod report;
pub mod values_file;

pub use estimate::{check_memory, check_time, estimate_bytes, estimate_seconds};
pub use games::{bash_table, lasker_table, subtraction_table};
pub use heap::{heap_table_note, table, MAX_PROOF_SEARCH};
pub use report::{
    grid_formulas, grid_patterns, observed_period, table_formulas, FormulaReport, GridReport,
    PeriodReport, TableReport, TableView, MAX_VALUES_FOR_FORMULAS,
};
pub use values_file::{decode_values, encode_values, write_values, VALUES_MAGIC};
