//! Python ints across the boundary, at any size and never narrowed silently.
//!
//! Python refuses to turn an int of more than `sys.get_int_max_str_digits()` digits (4300 by
//! default) into decimal text or back, while the engine takes positions of any size as the
//! command line's words and writes its answers' numbers as JSON digits. The package converts
//! such ints here, bit for bit through `BigInt`, leaving the interpreter's setting alone.

use num_bigint::BigInt;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// How many digits a number may have to be quoted whole in a message.
const QUOTED_DIGITS: u64 = 40;

/// `n` as a message quotes it: its digits, or for a long one its size (a message stays one
/// short line).
pub(crate) fn quoted(n: &BigInt) -> String {
    // bits · log10(2), rounded up: at most one more than the number of digits.
    let digits = n.bits() * 30103 / 100_000 + 1;
    if digits <= QUOTED_DIGITS {
        n.to_string()
    } else {
        let sign = if n.sign() == num_bigint::Sign::Minus {
            "-"
        } else {
            ""
        };
        format!("{sign}a number of about {digits} digits")
    }
}

/// The decimal digits of the int `n`, at any size (`str(n)` refuses past
/// `sys.get_int_max_str_digits()`).
#[pyfunction]
fn decimal(n: BigInt) -> String {
    n.to_string()
}

/// The int whose decimal digits (with an optional sign) are `digits`, at any size: what the
/// package's `json.loads` calls for a long integer of an answer.
#[pyfunction]
fn parse_int(digits: &str) -> PyResult<BigInt> {
    digits
        .parse()
        .map_err(|_| PyValueError::new_err("not an integer in decimal digits"))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(decimal, m)?)?;
    m.add_function(wrap_pyfunction!(parse_int, m)?)?;
    Ok(())
}
