//! `sprague.table(…)`: Grundy sequences as NumPy arrays, computed as `sprague table` computes them.
//!
//! Heap games (octal codes, take sets, the named games) run as the command line's long runs
//! (`long_run::run`: chunks of a quarter second, the time and memory budgets, the period proved
//! on the way), stopped by Ctrl-C after the chunk they are on. Their values are two bytes each,
//! and the array takes over the table's vector: no value is copied.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use numpy::PyArray1;
use pyo3::exceptions::{PyKeyboardInterrupt, PyTypeError, PyValueError};
use pyo3::prelude::*;
use sprague_api::tables::long_run::{self, RunEnd};
use sprague_api::{catalogue, octal, parse, tables, Error, Limits};

use crate::{interruptible, ints, limits, to_py_err};

/// The heap game's rule and the family as the report names it.
fn heap_rule(
    family: &str,
    code: Option<&str>,
    take_set: Option<&str>,
) -> Result<(octal::HeapRule, String), Error> {
    match (family, code, take_set) {
        ("octal", Some(code), None) => Ok((parse::parse_code(code)?, format!("octal {code}"))),
        ("octal", None, Some(set)) => parse::parse_take_set(set),
        ("octal", None, None) => Err(Error::bad_input(
            "an octal table needs its code (`0.77`) or a take set (take_set=\"2,5\")",
        )),
        ("octal", Some(_), Some(_)) => Err(Error::bad_input(
            "give an octal table its code or its take set, not both",
        )),
        (name, None, None) => Ok((parse::named_rule(name)?, name.to_owned())),
        (name, _, _) => Err(Error::bad_input(format!(
            "{name} takes neither a code nor a take set"
        ))),
    }
}

/// G(0..=upto) of a table family (the catalogue's `table` names: `octal` with its code or take
/// set, the named heap games, `subtraction`, `bash`, `lasker`), with its report (family, upto,
/// period, note, formulas) as JSON: a heap game's values as a `uint16` array, the others' as
/// `uint64`.
#[pyfunction]
#[pyo3(signature = (family, code=None, take_set=None, parameters=HashMap::new(), upto=None, until_proved=false, seconds=None, memory=None))]
#[allow(clippy::too_many_arguments)]
fn table<'py>(
    py: Python<'py>,
    family: &str,
    code: Option<String>,
    take_set: Option<String>,
    parameters: HashMap<String, String>,
    upto: Option<&Bound<'py, PyAny>>,
    until_proved: bool,
    seconds: Option<&Bound<'py, PyAny>>,
    memory: Option<&Bound<'py, PyAny>>,
) -> PyResult<(String, Bound<'py, PyAny>)> {
    let mut families: Vec<&str> = catalogue::games().iter().filter_map(|g| g.table).collect();
    families.dedup();
    if !families.contains(&family) {
        return Err(PyValueError::new_err(format!(
            "there is no table family `{family}`: the families are {}",
            families.join(", ")
        )));
    }
    let upto = ints::whole_opt(upto, "upto", u64::MAX)?.unwrap_or(1000);
    let limits = limits(seconds, memory)?;
    // A heap game (octal's codes and take sets, and the games named after an octal code) runs
    // as the command line's long runs; the others' tables are computed at once.
    if family == "octal" || parse::named_rule(family).is_ok() {
        if !parameters.is_empty() {
            let mut names: Vec<&str> = parameters.keys().map(String::as_str).collect();
            names.sort_unstable();
            return Err(PyTypeError::new_err(format!(
                "table('{family}') takes no {}",
                names.join(", ")
            )));
        }
        let (report, values) = heap_table(py, family, code, take_set, upto, until_proved, limits)?;
        Ok((report, values.into_any()))
    } else {
        if code.is_some() || take_set.is_some() {
            return Err(PyTypeError::new_err(format!(
                "table('{family}') takes neither a code nor a take set"
            )));
        }
        let (report, values) = other_table(py, family, parameters, upto, until_proved, limits)?;
        Ok((report, values.into_any()))
    }
}

/// G(0..=upto) of a heap game, with its report (family, upto, period, note) as JSON.
fn heap_table<'py>(
    py: Python<'py>,
    family: &str,
    code: Option<String>,
    take_set: Option<String>,
    upto: u64,
    until_proved: bool,
    limits: Limits,
) -> PyResult<(String, Bound<'py, PyArray1<u16>>)> {
    let (rule, family) =
        heap_rule(family, code.as_deref(), take_set.as_deref()).map_err(to_py_err)?;
    let stop = Arc::new(AtomicBool::new(false));
    let watched = Arc::clone(&stop);
    let run = interruptible(py, Some(stop), move || {
        let mut hooks = long_run::Hooks::new(&watched);
        let end = long_run::run(
            &family,
            &rule,
            upto,
            until_proved,
            Vec::new(),
            &limits,
            &mut hooks,
        )?;
        let RunEnd::Finished(mut seq) = end else {
            return Ok(None);
        };
        if let Some(note) = tables::heap_table_note(&family) {
            seq.note = Some(match seq.note.take() {
                Some(more) => format!("{note}; {more}"),
                None => note,
            });
        }
        let report = serde_json::to_string(&seq.report(false))
            .map_err(|e| Error::bad_input(e.to_string()))?;
        Ok(Some((report, seq.values)))
    })?;
    match run.map_err(to_py_err)? {
        Some((report, values)) => Ok((report, PyArray1::from_vec(py, values))),
        None => Err(PyKeyboardInterrupt::new_err("the table was interrupted")),
    }
}

/// G(0..=upto) of a game whose entry computes its table whole (subtraction, Bash, Lasker's Nim),
/// with its report as JSON.
fn other_table<'py>(
    py: Python<'py>,
    family: &str,
    parameters: HashMap<String, String>,
    upto: u64,
    until_proved: bool,
    limits: Limits,
) -> PyResult<(String, Bound<'py, PyArray1<u64>>)> {
    let family = family.to_owned();
    let run = interruptible(py, None, move || {
        let game = sprague_api::catalogue::game(&family)
            .filter(|game| game.whole_table())
            .ok_or_else(|| {
                Error::bad_input(format!("the table of {family} is not computed here"))
            })?;
        let request = sprague_api::catalogue::Request {
            parameters: parameters
                .iter()
                .map(|(name, value)| (name.as_str(), value.as_str()))
                .collect(),
            ..Default::default()
        };
        let report = game
            .tabulate(&request, upto, until_proved, &limits)
            .expect("a game with a whole table tabulates")?;
        let mut report = report;
        let values = report.values.take().unwrap_or_default();
        let json = serde_json::to_string(&report).map_err(|e| Error::bad_input(e.to_string()))?;
        Ok((json, values))
    })?;
    let (json, values) = run.map_err(to_py_err)?;
    Ok((json, PyArray1::from_vec(py, values)))
}

/// The period seen in `values` (two whole periods at the end of the range; never proved), as
/// JSON, or `null`.
#[pyfunction]
fn observed_period(values: Vec<u64>) -> PyResult<String> {
    let period = tables::observed_period(&values).map(tables::PeriodReport::from);
    serde_json::to_string(&period).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The patterns the P-positions of a grid of values show (rows, columns, diagonals), in words.
#[pyfunction]
fn grid_patterns(grid: Vec<Vec<u64>>) -> Vec<String> {
    tables::grid_patterns(&grid)
}

/// The pattern finder's formulas for `values` = G(0..), given the period found (JSON or
/// `null`), as the JSON list of `table … --json`'s `"formulas"`.
#[pyfunction]
fn table_formulas(values: Vec<u64>, period: &str) -> PyResult<String> {
    let period: Option<tables::PeriodReport> =
        serde_json::from_str(period).map_err(|e| PyValueError::new_err(e.to_string()))?;
    serde_json::to_string(&tables::table_formulas(&values, period))
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The pattern finder's formulas for a grid, as JSON.
#[pyfunction]
fn grid_formulas(grid: Vec<Vec<u64>>) -> PyResult<String> {
    serde_json::to_string(&tables::grid_formulas(&grid))
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(table, m)?)?;
    m.add_function(wrap_pyfunction!(observed_period, m)?)?;
    m.add_function(wrap_pyfunction!(grid_patterns, m)?)?;
    m.add_function(wrap_pyfunction!(table_formulas, m)?)?;
    m.add_function(wrap_pyfunction!(grid_formulas, m)?)?;
    Ok(())
}
