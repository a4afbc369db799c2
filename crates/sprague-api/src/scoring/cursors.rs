//! The cursor game of the seed notes (002) as typed: `--a 5,3,1 --b 4,2 --start 1,1`. The value
//! is the final score under optimal play (the first player minimises).
//!
//! Non-increasing sequences take the fast path of [`sprague::games::cursors::value_sorted`] (any
//! length that fits in memory); sequences in any other order are accepted only while the explicit
//! graph of cells stays small ([`MAX_EXPLICIT_WORK`]), and refused beyond with a message naming
//! the first place the order breaks.

use sprague::games::cursors;

use crate::request::error::{Error, Message};
use crate::request::limits::Limits;

/// Unsorted sequences: at most this many steps (n·m·(n + m), the edges of the graph of cells).
pub const MAX_EXPLICIT_WORK: u64 = 2_000_000;

/// The answer: the final score under optimal play.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CursorsReport {
    /// `cursors`.
    pub game: String,
    /// The position: the sequences' lengths and the start, e.g. `a: 3 values, b: 2 values, start
    /// 1,1`.
    pub position: String,
    /// The final score a_C + b_D under optimal play.
    pub value: i128,
    /// `sorted` (the O(n + m) per threshold path) or `explicit` (the graph of cells).
    pub method: String,
}

/// Parses a sequence: integers separated by commas and/or whitespace, the value of the parameter
/// `parameter` (`a`), which errors name.
///
/// # Errors
///
/// A bad-input [`Error`] naming the position of a non-integer or an empty sequence.
pub fn parse_sequence(
    text: &str,
    parameter: &'static str,
    limits: &Limits,
) -> Result<Vec<i64>, Error> {
    let what = || Message::param(parameter);
    let words: Vec<&str> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        return Err(Error::bad_input(what().then(": the sequence is empty")));
    }
    let bytes = words.len() as u64 * 64;
    if bytes > limits.memory_bytes {
        return Err(Error::too_large(
            crate::request::error::Budget::Memory,
            what().then(format!(
                ": {} values need about {} bytes, more than allowed",
                words.len(),
                bytes
            )),
        ));
    }
    words
        .iter()
        .enumerate()
        .map(|(idx, w)| {
            w.parse::<i64>().map_err(|_| {
                let all_digits = w
                    .trim_start_matches(['-', '+'])
                    .bytes()
                    .all(|b| b.is_ascii_digit());
                if all_digits && !w.trim_start_matches(['-', '+']).is_empty() {
                    Error::too_large(
                        crate::request::error::Budget::Size,
                        what().then(format!(
                            ": value {}: `{w}` does not fit in 64 bits",
                            idx + 1
                        )),
                    )
                } else {
                    Error::bad_input(
                        what().then(format!(": value {}: `{w}` is not an integer", idx + 1)),
                    )
                }
            })
        })
        .collect()
}

/// Parses the start `C,D` (1-based) against the lengths.
///
/// # Errors
///
/// A bad-input [`Error`] for a malformed pair or a cursor out of range.
pub fn parse_start(text: &str, n: usize, m: usize) -> Result<(usize, usize), Error> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let [c, d] = parts[..] else {
        return Err(Error::bad_input(
            Message::param("start").then(format!(": `{text}` is not a pair `C,D`")),
        ));
    };
    let cursor = |word: &str, len: usize, name: &str| -> Result<usize, Error> {
        let v: u64 = word.parse().map_err(|_| {
            Error::bad_input(
                Message::param("start")
                    .then(format!(": {name} `{word}` is not a positive integer")),
            )
        })?;
        if v == 0 || v > len as u64 {
            return Err(Error::bad_input(
                Message::param("start").then(format!(": {name} {v} is not in 1..={len}")),
            ));
        }
        Ok(v as usize - 1)
    };
    Ok((cursor(c, n, "C")?, cursor(d, m, "D")?))
}

/// Where a sequence first goes up, for the refusal message.
fn first_rise(values: &[i64]) -> Option<usize> {
    values.windows(2).position(|w| w[0] < w[1])
}

/// Solves the cursor game.
///
/// # Errors
///
/// Sequences not non-increasing beyond [`MAX_EXPLICIT_WORK`] are refused, naming where the
/// order breaks.
pub fn solve(a: &[i64], b: &[i64], start: (usize, usize)) -> Result<CursorsReport, Error> {
    let (x, y) = start;
    let sorted = cursors::is_non_increasing(a) && cursors::is_non_increasing(b);
    let value = if sorted {
        cursors::value_sorted(a, b, x, y)
    } else {
        let (n, m) = (a.len() as u64, b.len() as u64);
        let work = n.saturating_mul(m).saturating_mul(n + m);
        if work > MAX_EXPLICIT_WORK {
            let (name, seq) = if first_rise(a).is_some() {
                ("a", a)
            } else {
                ("b", b)
            };
            let i = first_rise(seq).expect("one sequence rises");
            return Err(Error::bad_input(Message::param(name).then(format!(
                " is not non-increasing (value {} = {} < value {} = {}); sequences in \
                 another order are solved only up to n·m·(n + m) = {MAX_EXPLICIT_WORK}, this \
                 input needs {work}",
                i + 1,
                seq[i],
                i + 2,
                seq[i + 1]
            ))));
        }
        cursors::value_explicit(a, b, x, y)
    };
    Ok(CursorsReport {
        game: "cursors".to_owned(),
        position: format!(
            "a: {} values, b: {} values, start {},{}",
            a.len(),
            b.len(),
            x + 1,
            y + 1
        ),
        value,
        method: if sorted { "sorted" } else { "explicit" }.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parsing_and_errors() {
        let limits = Limits::default();
        assert_eq!(parse_sequence("5, 3,1", "a", &limits).unwrap(), [5, 3, 1]);
        assert_eq!(
            parse_sequence("5,x", "a", &limits).unwrap_err().to_string(),
            "`a`: value 2: `x` is not an integer"
        );
        let err = parse_start("2,9", 3, 4).unwrap_err();
        assert_eq!(err.to_string(), "`start`: D 9 is not in 1..=4");
        assert_eq!(
            crate::request::error::cli_words(&err),
            "--start: D 9 is not in 1..=4"
        );
        assert_eq!(parse_start("2,4", 3, 4).unwrap(), (1, 3));
        let big: Vec<i64> = (0..2000).collect();
        let err = solve(&big, &[1, 0], (0, 0)).unwrap_err().to_string();
        assert!(
            err.starts_with("`a` is not non-increasing (value 1 = 0 < value 2 = 1)"),
            "{err}"
        );
        let report = solve(&[0], &[5, 3, 1], (0, 0)).unwrap();
        assert_eq!(
            serde_json::to_string(&report).unwrap(),
            r#"{"game":"cursors","position":"a: 1 values, b: 3 values, start 1,1","value":3,"method":"sorted"}"#
        );
        assert_eq!(solve(&[0], &[1, 3, 5], (0, 2)).unwrap().value, 3);
    }
}
