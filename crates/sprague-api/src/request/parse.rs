//! Parsing what a user typed, shared by every game: natural numbers of any size, heaps, the
//! rules of heap games (octal codes, take sets, the named games, subtraction sets, Bash's bounds),
//! and the tokenizer of the files of numbers (game graphs, edge lists).
//!
//! Each parser names the bad value and where it was; the game modules parse their own syntax on
//! top of these.

use num_bigint::BigUint;
use sprague::games::octal::{HeapRule, NamedGame, OctalCode};
use sprague::solve::Vertex;

use crate::request::error::{Error, Message};

/// Heaps longer than this many digits are refused (parsing is quadratic in the length).
const MAX_DIGITS: usize = 100_000;

/// Parses one non-negative integer of any size; `what` names it in errors (e.g. `heap 2`, or a
/// parameter: `Message::param("max")`).
///
/// # Errors
///
/// A bad-input [`Error`] for anything but decimal digits, and a refusal past 100,000 digits.
pub fn parse_natural(word: &str, what: impl Into<Message>) -> Result<BigUint, Error> {
    if word.starts_with('-') && word.len() > 1 && word[1..].bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::bad_input(what.into().then(format!(
            ": `{word}` is negative; expected a non-negative integer"
        ))));
    }
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::bad_input(
            what.into()
                .then(format!(": `{word}` is not a non-negative integer")),
        ));
    }
    if word.len() > MAX_DIGITS {
        return Err(Error::too_large(
            crate::request::error::Budget::Size,
            what.into().then(format!(
                ": {} digits is more than the {MAX_DIGITS} accepted",
                word.len()
            )),
        ));
    }
    if word.len() <= 19 {
        return Ok(BigUint::from(
            word.parse::<u64>().expect("19 digits fit in u64"),
        ));
    }
    Ok(BigUint::parse_bytes(word.as_bytes(), 10).expect("checked: only digits"))
}

/// Parses the heaps of a Nim-like position.
///
/// # Errors
///
/// As [`parse_natural`], naming the 1-based heap.
pub fn parse_heaps<S: AsRef<str>>(words: &[S]) -> Result<Vec<BigUint>, Error> {
    words
        .iter()
        .enumerate()
        .map(|(idx, w)| parse_natural(w.as_ref(), format!("heap {}", idx + 1)))
        .collect()
}

/// The rule of `octal CODE`.
///
/// # Errors
///
/// A code that is not valid, with the reason.
pub fn parse_code(code: &str) -> Result<HeapRule, Error> {
    code.parse::<OctalCode>().map(HeapRule::Octal).map_err(|e| {
        // A code of thousands of digits is not echoed whole.
        let shown: String = code.chars().take(24).collect();
        let more = if shown.len() < code.len() { "…" } else { "" };
        Error::bad_input(format!("code `{shown}{more}`: {e}"))
    })
}

/// The rule "take s consecutive tokens from a row, s in S", S typed as `1,70,150`: the code
/// whose digit is 7 at each s (see [`OctalCode::take_set`]), and the name it is reported by.
///
/// # Errors
///
/// A set that is not positive integers separated by commas, or an element past the longest code.
pub fn parse_take_set(text: &str) -> Result<(HeapRule, String), Error> {
    let mut takes = Vec::new();
    for (idx, word) in text.split(',').enumerate() {
        let word = word.trim();
        let take: usize = word.parse().map_err(|_| {
            Error::bad_input(Message::param("take_set").then(format!(
                " element {}: `{word}` is not a positive integer (expected a list like 1,2,5)",
                idx + 1
            )))
        })?;
        if take == 0 {
            return Err(Error::bad_input(Message::param("take_set").then(format!(
                " element {}: taking 0 tokens would be a pass",
                idx + 1
            ))));
        }
        takes.push(take);
    }
    let code = OctalCode::take_set(&takes).map_err(|e| {
        Error::bad_input(Message::param("take_set").then(format!(" `{text}`: {e}")))
    })?;
    takes.sort_unstable();
    takes.dedup();
    let set: Vec<String> = takes.iter().map(usize::to_string).collect();
    Ok((
        HeapRule::Octal(code),
        format!("octal --take-set {}", set.join(",")),
    ))
}

/// The rule of a named game (`kayles`, `dawson`, `dawsons-chess`, `guiles`, `treblecross`,
/// `grundys-game`).
///
/// # Errors
///
/// An unknown name.
pub fn named_rule(name: &str) -> Result<HeapRule, Error> {
    NamedGame::by_name(name)
        .map(|g| g.rule())
        .ok_or_else(|| Error::bad_input(format!("no heap game is named `{name}`")))
}

/// Reads whitespace-separated unsigned integers from bytes, keeping the line number.
pub(crate) struct Numbers<'a> {
    pub(crate) bytes: &'a [u8],
    pub(crate) pos: usize,
    pub(crate) line: usize,
}

impl Numbers<'_> {
    /// Reads `m` edges `u v` on vertices 1..=n, numbered from 0 on return; `names` are the two
    /// ends' names in errors (`start`/`end` for directed edges).
    pub(crate) fn read_edges(
        &mut self,
        n: usize,
        m: usize,
        names: (&str, &str),
    ) -> Result<Vec<(Vertex, Vertex)>, Error> {
        let mut edges = Vec::with_capacity(m);
        for edge in 1..=m {
            let u = self.read_vertex(n, ("edge", edge, m), &format!("{} ", names.0))?;
            let v = self.read_vertex(n, ("edge", edge, m), &format!("{} ", names.1))?;
            edges.push((u, v));
        }
        Ok(edges)
    }

    /// Reads a vertex in 1..=n, numbered from 0 on return: the one `which` names (`start `, or
    /// nothing) of `item` `idx` of the `count` expected (`("token", 2, 3)`), as errors say.
    pub(crate) fn read_vertex(
        &mut self,
        n: usize,
        (item, idx, count): (&str, usize, usize),
        which: &str,
    ) -> Result<Vertex, Error> {
        let v = self.expect(&|| format!("{item} {idx}"), &|| {
            format!("expected {count} {item}s, found {}", idx - 1)
        })?;
        if v == 0 || v > n as u64 {
            return Err(Error::bad_input(format!(
                "line {}: {item} {idx}: {which}vertex {v} is not in 1..={n}",
                self.line
            )));
        }
        Ok((v - 1) as Vertex)
    }

    /// The next number, `None` at the end of the input.
    #[inline]
    pub(crate) fn next(&mut self, what: &dyn Fn() -> String) -> Result<Option<u64>, Error> {
        match self.next_plain() {
            Some(value) => Ok(Some(value)),
            None => self.next_checked(what),
        }
    }

    /// The fast path of [`Numbers::next`]: after whitespace, at most 18 digits followed by
    /// whitespace or the end. Anything else (the end of the input, a bad word, a long number)
    /// returns `None` and leaves the position alone, for [`Numbers::next_checked`] to handle.
    #[inline]
    fn next_plain(&mut self) -> Option<u64> {
        let bytes = self.bytes;
        let mut pos = self.pos;
        let mut line = self.line;
        loop {
            match bytes.get(pos) {
                Some(b'\n') => line += 1,
                Some(b' ' | b'\t' | b'\r' | b'\x0c') => {}
                _ => break,
            }
            pos += 1;
        }
        let start = pos;
        let mut value: u64 = 0;
        while let Some(&byte) = bytes.get(pos) {
            let digit = byte.wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            // Wraps only past 19 digits, and those are refused below.
            value = value.wrapping_mul(10).wrapping_add(digit as u64);
            pos += 1;
        }
        if pos == start || pos - start > 18 {
            return None;
        }
        if let Some(byte) = bytes.get(pos) {
            if !byte.is_ascii_whitespace() {
                return None;
            }
        }
        self.pos = pos;
        self.line = line;
        Some(value)
    }

    /// The slow path of [`Numbers::next`], exact on every input, with the error messages.
    pub(crate) fn next_checked(&mut self, what: &dyn Fn() -> String) -> Result<Option<u64>, Error> {
        let bytes = self.bytes;
        while self.pos < bytes.len() && bytes[self.pos].is_ascii_whitespace() {
            if bytes[self.pos] == b'\n' {
                self.line += 1;
            }
            self.pos += 1;
        }
        if self.pos == bytes.len() {
            return Ok(None);
        }
        let start = self.pos;
        let mut value: u64 = 0;
        let mut overflow = false;
        while self.pos < bytes.len() && bytes[self.pos].is_ascii_digit() {
            let digit = (bytes[self.pos] - b'0') as u64;
            match value.checked_mul(10).and_then(|v| v.checked_add(digit)) {
                Some(v) => value = v,
                None => overflow = true,
            }
            self.pos += 1;
        }
        if self.pos == start || (self.pos < bytes.len() && !bytes[self.pos].is_ascii_whitespace()) {
            let end = bytes[self.pos..]
                .iter()
                .position(|b| b.is_ascii_whitespace())
                .map_or(bytes.len(), |p| self.pos + p);
            let word = String::from_utf8_lossy(&bytes[start..end]);
            let kind = if word.starts_with('-') && word[1..].bytes().all(|b| b.is_ascii_digit()) {
                "is negative; expected a non-negative integer"
            } else {
                "is not a non-negative integer"
            };
            return Err(Error::bad_input(format!(
                "line {}: {}: `{word}` {kind}",
                self.line,
                what()
            )));
        }
        if overflow {
            return Err(Error::bad_input(format!(
                "line {}: {}: the number is too large",
                self.line,
                what()
            )));
        }
        Ok(Some(value))
    }

    pub(crate) fn expect(
        &mut self,
        what: &dyn Fn() -> String,
        missing: &dyn Fn() -> String,
    ) -> Result<u64, Error> {
        self.next(what)?
            .ok_or_else(|| Error::bad_input(format!("the input ends early: {}", missing())))
    }
}

/// Parses a subtraction set typed as comma-separated positive integers (`1,3,4`).
///
/// # Errors
///
/// A bad-input [`Error`] naming the bad element for an empty set or element, a negative number,
/// anything but digits, a number past 64 bits, a 0, or more than 65,535 elements.
pub fn parse_set(text: &str) -> Result<sprague::games::subtraction::SubtractionSet, Error> {
    if text.trim().is_empty() {
        return Err(Error::bad_input(Message::param("set").then(
            ": the subtraction set is empty; expected positive integers like 1,3,4",
        )));
    }
    let mut elements = Vec::new();
    for (idx, word) in text.split(',').enumerate() {
        let word = word.trim();
        let what = || Message::param("set").then(format!(" element {}", idx + 1));
        if word.is_empty() {
            return Err(Error::bad_input(what().then(
                " is empty; expected positive integers separated by commas, like 1,3,4",
            )));
        }
        if word.starts_with('-') {
            return Err(Error::bad_input(what().then(format!(
                ": `{word}` is negative; expected a positive integer"
            ))));
        }
        if !word.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Error::bad_input(
                what().then(format!(": `{word}` is not a positive integer")),
            ));
        }
        let value: u64 = word.parse().map_err(|_| {
            Error::too_large(
                crate::request::error::Budget::Size,
                what().then(format!(": `{word}` does not fit in 64 bits")),
            )
        })?;
        elements.push(value);
    }
    if elements.len() > sprague::games::subtraction::MAX_SET_LEN {
        return Err(Error::too_large(
            crate::request::error::Budget::Size,
            Message::param("set").then(format!(
                ": {} elements is more than the {} supported",
                elements.len(),
                sprague::games::subtraction::MAX_SET_LEN
            )),
        ));
    }
    sprague::games::subtraction::SubtractionSet::new(elements)
        .map_err(|e| Error::bad_input(Message::param("set").then(format!(" `{text}`: {e}"))))
}

/// Parses the rules: `--max M` and, optionally, `--min P` (1 by default).
///
/// # Errors
///
/// A bad-input [`Error`] for a bound that is not a non-negative integer, `--max 0`, `--min 0`,
/// or `--min` above `--max`.
pub fn parse_rules(max: &str, min: Option<&str>) -> Result<sprague::games::bash::BashRules, Error> {
    let max_value = parse_natural(max, Message::param("max"))?;
    let min_value = match min {
        Some(word) => parse_natural(word, Message::param("min"))?,
        None => BigUint::from(1u32),
    };
    if max_value == BigUint::from(0u32) {
        return Err(Error::bad_input(
            Message::param("max").then(": `0` takes nothing; expected at least 1"),
        ));
    }
    if min_value == BigUint::from(0u32) {
        return Err(Error::bad_input(
            Message::param("min").then(": `0` would allow taking nothing; expected at least 1"),
        ));
    }
    sprague::games::bash::BashRules::new(min_value.clone(), max_value.clone()).ok_or_else(|| {
        Error::bad_input(
            Message::param("min")
                .then(format!(": `{min_value}` is more than "))
                .then_param("max")
                .then(format!(" `{max_value}`")),
        )
    })
}

/// The Connect Four board of `width` × `height` (the solver's, the book's and play's).
///
/// # Errors
///
/// A board whose bitboard does not fit.
pub(crate) fn connect4_shape(
    width: u32,
    height: u32,
) -> Result<sprague::games::connect4::Shape, Error> {
    sprague::games::connect4::Shape::new(width, height).map_err(|e| Error::bad_input(e.to_string()))
}
