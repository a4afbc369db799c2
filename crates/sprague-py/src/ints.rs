//! Python ints across the boundary, at any size and never narrowed silently.
//!
//! Python refuses to turn an int of more than `sys.get_int_max_str_digits()` digits (4300 by
//! default) into decimal text or back, while the engine takes positions of any size as the
//! command line's words and writes its answers' numbers as JSON digits. The package converts
//! such ints here, bit for bit through `BigInt`, leaving the interpreter's setting alone.
//! A size or budget narrowed to a machine word is checked here too: out of range is a
//! `ValueError` naming the range, never an `OverflowError`, a wrapped value or an empty result.

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

/// The whole number `value` of argument `name` in 0..=`max`: a `ValueError` naming the range
/// when it is negative or larger, a `TypeError` when it is not an int.
pub(crate) fn whole(value: &Bound<'_, PyAny>, name: &str, max: u64) -> PyResult<u64> {
    let n: BigInt = value.extract()?;
    match u64::try_from(&n) {
        Ok(small) if small <= max => Ok(small),
        _ => Err(PyValueError::new_err(format!(
            "{name} must be a whole number from 0 to {max}, not {}",
            quoted(&n)
        ))),
    }
}

/// [`whole`] of an optional argument (`None` stays `None`).
pub(crate) fn whole_opt(
    value: Option<&Bound<'_, PyAny>>,
    name: &str,
    max: u64,
) -> PyResult<Option<u64>> {
    value.map(|v| whole(v, name, max)).transpose()
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
