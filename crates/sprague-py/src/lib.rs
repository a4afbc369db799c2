//! `sprague._sprague`, the native half of the `sprague` Python package (the other half, in
//! `python/sprague/`, turns what this returns into Python objects with attributes).
//!
//! - Every game of the catalogue (`sprague_api::catalogue`) is answered as the command line
//!   answers it, and returned as the JSON text `sprague … --json` prints: the package reads it
//!   with `json.loads`, its long integers parsed by [`ints`] (Python refuses int ↔ str past
//!   `sys.get_int_max_str_digits()`), so a nim-value of 100,000 digits stays an exact `int`.
//! - Tables are NumPy arrays that take over the table's own buffer (no copy per value).
//! - Scoring games give their legal moves and positions for a small state API.
//! - Games whose rules are Python functions are solved by the engine ([`pygame`]).
//!
//! Long requests run on a thread of their own with the interpreter released, and the calling
//! thread looks for Ctrl-C every 50 ms, so a notebook's interrupt button works: a table stops
//! after its current chunk; any other request is abandoned to finish within its time limit.

mod ints;
mod pygame;
mod scoring;
mod tables;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sprague_api::{catalogue, Error, ErrorKind, Limits, Remedy};

pyo3::create_exception!(
    _sprague,
    TooLargeError,
    PyValueError,
    "A request past its memory or time budget, or past a size the engine allows; the message gives the estimate."
);

/// The Python exception of an API error: `TooLargeError` (a `ValueError`) for a request past a
/// budget, with `budget`, `needed` and `allowed` attributes when the error has figures and
/// `remedy` (`"more_positions"`, `"table_until_proved"`, `"without_all_moves"`) when the caller
/// can lift it; `ValueError` for bad input. The message speaks of the request: a parameter it
/// names is worded as the keyword that gives it (`` `set` ``, `` `all_moves` ``), never as a
/// command-line flag, and is the exception's `parameter` attribute.
pub(crate) fn to_py_err(e: Error) -> PyErr {
    // The neutral wording names a parameter by the API's name, which is its keyword.
    let mut message = e.message().to_owned();
    if e.remedy() == Some(Remedy::WithoutAllMoves) {
        message.push_str("; call without `all_moves` for the winning moves alone");
    }
    let err = match e.kind() {
        ErrorKind::TooLarge => TooLargeError::new_err(message),
        ErrorKind::BadInput => PyValueError::new_err(message),
    };
    Python::attach(|py| {
        let value = err.value(py);
        if let Some(parameter) = e.parameter() {
            let _ = value.setattr("parameter", parameter);
        }
        if let Some(over) = e.over() {
            let _ = value.setattr("budget", over.budget.name());
            let _ = value.setattr("needed", over.needed);
            let _ = value.setattr("allowed", over.allowed);
        }
        if let Some(remedy) = e.remedy() {
            let _ = value.setattr("remedy", remedy.name());
        }
    });
    err
}

/// The limits of one request: the time (seconds) and memory (bytes) given, else the command
/// line's defaults (memory: four fifths of what the machine has available). A budget that is
/// not a whole number of 64 bits is a `ValueError` naming `time_limit` or `memory_limit`, as the
/// package's functions call them.
pub(crate) fn limits(
    seconds: Option<&Bound<'_, PyAny>>,
    memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<Limits> {
    let seconds = ints::whole_opt(seconds, "time_limit", u64::MAX)?;
    let memory = ints::whole_opt(memory, "memory_limit", u64::MAX)?;
    let mut limits = Limits::default();
    if let Some(s) = seconds {
        limits.max_seconds = s;
    }
    let memory = match memory {
        Some(m) => Some(sprague_api::machine::within_hard_limits(m)),
        None => sprague_api::machine::default_memory_limit(),
    };
    if let Some(m) = memory {
        limits.memory_bytes = m;
    }
    Ok(limits)
}

/// Runs `work` on a thread of its own while the interpreter is released, watching for Ctrl-C.
/// On an interrupt `stop` is set (a table stops after its chunk, and is waited for); without
/// `stop` the work is left to finish on its own, within its time limit.
pub(crate) fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    stop: Option<Arc<AtomicBool>>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let (sender, receiver) = mpsc::channel();
    let handle = std::thread::Builder::new()
        .name("sprague".into())
        .spawn(move || {
            let _ = sender.send(work());
        })
        .map_err(|e| PyValueError::new_err(format!("cannot start a thread: {e}")))?;
    let mut receiver = receiver;
    loop {
        let (back, got) = py.detach(move || {
            let got = receiver.recv_timeout(Duration::from_millis(50));
            (receiver, got)
        });
        receiver = back;
        match got {
            Ok(value) => {
                let _ = py.detach(|| handle.join());
                return Ok(value);
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(PyValueError::new_err(
                    "the computation ended without an answer (a panic in the engine)",
                ))
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Err(interrupt) = py.check_signals() {
                    if let Some(stop) = stop {
                        stop.store(true, Ordering::SeqCst);
                        let _ = py.detach(|| handle.join());
                    }
                    return Err(interrupt);
                }
            }
        }
    }
}

/// The catalogue as JSON: every game's name, rule, position syntax, example and parameters.
#[pyfunction]
fn games_json() -> PyResult<String> {
    serde_json::to_string(catalogue::games()).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// How each game of the catalogue is drawn (`catalogue::Page`, as the web page reads it), as JSON
/// by name.
#[pyfunction]
fn pages_json() -> PyResult<String> {
    let pages: std::collections::BTreeMap<&str, catalogue::Page> = catalogue::games()
        .iter()
        .map(|game| (game.name, game.page()))
        .collect();
    serde_json::to_string(&pages).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Answers a catalogue game's request given in the command line's words (`["3", "4", "5"]`,
/// `["--set", "1,3,4", "10"]`), with a file game's text; returns the JSON object
/// `sprague NAME … --json` prints.
#[pyfunction]
#[pyo3(signature = (name, args, text=None, seconds=None, memory=None))]
fn answer(
    py: Python<'_>,
    name: &str,
    args: Vec<String>,
    text: Option<Vec<u8>>,
    seconds: Option<&Bound<'_, PyAny>>,
    memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let game = catalogue::game(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "there is no game `{name}`: sprague.games() lists them"
        ))
    })?;
    let limits = limits(seconds, memory)?;
    let answered = interruptible(py, None, move || {
        let words: Vec<&str> = args.iter().map(String::as_str).collect();
        let request = game.request(&words, text.as_deref())?;
        let report = game.answer(&request, &limits)?;
        serde_json::to_string(&report).map_err(|e| Error::bad_input(e.to_string()))
    })?;
    answered.map_err(to_py_err)
}

#[pymodule]
fn _sprague(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("TooLargeError", m.py().get_type::<TooLargeError>())?;
    m.add_function(wrap_pyfunction!(games_json, m)?)?;
    m.add_function(wrap_pyfunction!(pages_json, m)?)?;
    m.add_function(wrap_pyfunction!(answer, m)?)?;
    ints::register(m)?;
    tables::register(m)?;
    scoring::register(m)?;
    pygame::register(m)?;
    Ok(())
}
