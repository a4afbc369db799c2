//! Reading the user's files and standard input with bounds, so that an endless or huge input
//! (`yes 1 | sprague graph -`, `--a @/dev/zero`) ends in one error line instead of filling memory.
//!
//! The game files begin with counts (`n m k` or `n m`) that say how long the rest may be; the
//! reader stops once the input is longer than those counts allow. Text inputs (scripts, number
//! lists) have a fixed ceiling.

use std::io::{self, Read};

use sprague_api::{human_bytes, Limits};

use crate::failure::Failure;

/// The most bytes a game file's whitespace and numbers take per number its header promises: a
/// 20-digit number and generous spacing.
const BYTES_PER_NUMBER: u64 = 32;
/// Room for what a header does not count (blank lines, a final newline, a bad header the parser
/// will name).
const SLACK: u64 = 1 << 20;

/// Where the bytes come from, named as the user typed it (`-` is standard input).
fn open(path: &str) -> Result<Box<dyn Read>, Failure> {
    if path == "-" {
        return Ok(Box::new(io::stdin().lock()));
    }
    crate::failure::refuse_file("file", std::path::Path::new(path))?;
    let file = std::fs::File::open(path)
        .map_err(|e| Failure::bad_input(format!("cannot read `{path}`: {e}")))?;
    Ok(Box::new(file))
}

fn name(path: &str) -> String {
    if path == "-" {
        "standard input".to_owned()
    } else {
        format!("`{path}`")
    }
}

/// Reads a game file that starts with its counts (`n m k`, `n m`): at most as many bytes as
/// those counts allow (three header numbers and twice their sum), and never more than half the
/// memory limit. Past that it stops reading and refuses the input.
pub fn read_counted(path: &str, limits: &Limits) -> Result<Vec<u8>, Failure> {
    let mut source = open(path)?;
    let ceiling = (limits.memory_bytes / 2).max(SLACK);
    let mut bytes = Vec::new();
    let mut cap: Option<u64> = None;
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        let read = match source.read(&mut chunk) {
            Ok(0) => return Ok(bytes),
            Ok(read) => read,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => {
                return Err(Failure::bad_input(format!(
                    "cannot read {}: {e}",
                    name(path)
                )))
            }
        };
        bytes.extend_from_slice(&chunk[..read]);
        if cap.is_none() {
            cap = header_allowance(&bytes);
        }
        let allowed = cap.unwrap_or(SLACK).min(ceiling);
        if bytes.len() as u64 > allowed {
            let header = header_words(&bytes).join(" ");
            return Err(Failure::bad_input(if cap.is_some() && allowed < ceiling {
                format!(
                    "{} is longer than its header `{header}` allows ({}); stopped reading",
                    name(path),
                    human_bytes(allowed)
                )
            } else {
                format!(
                    "{} is longer than the {} that may be read; stopped reading",
                    name(path),
                    human_bytes(allowed)
                )
            }));
        }
    }
}

/// The first three whitespace-separated words, each complete (followed by more input).
fn header_words(bytes: &[u8]) -> Vec<&str> {
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default(),
    };
    let mut words: Vec<&str> = text.split_ascii_whitespace().take(4).collect();
    // The last word may be cut by the end of the chunk: count it only when more follows.
    if words.len() < 4 && !text.ends_with(|c: char| c.is_ascii_whitespace()) {
        words.pop();
    }
    words.truncate(3);
    words
}

/// How many bytes the header allows, once its three numbers are read (`None` before); a header
/// that is not numbers allows only the slack (the parser then names what is wrong).
fn header_allowance(bytes: &[u8]) -> Option<u64> {
    let words = header_words(bytes);
    if words.iter().any(|w| w.parse::<u64>().is_err()) {
        return Some(SLACK);
    }
    if words.len() < 3 {
        return None;
    }
    let sum = words
        .iter()
        .map(|w| w.parse::<u64>().unwrap_or(u64::MAX))
        .fold(0u64, u64::saturating_add);
    Some(
        sum.saturating_mul(2)
            .saturating_add(3)
            .saturating_mul(BYTES_PER_NUMBER)
            .saturating_add(SLACK),
    )
}

/// Reads an input of at most `max_bytes` (a binary file: an opening book); past that it stops
/// reading and refuses the input.
pub fn read_bytes(path: &str, max_bytes: u64, what: &str) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    open(path)?
        .take(max_bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::bad_input(format!("cannot read {}: {e}", name(path))))?;
    if bytes.len() as u64 > max_bytes {
        return Err(Failure::bad_input(format!(
            "{} is longer than the {} a {what} may take; stopped reading",
            name(path),
            human_bytes(max_bytes)
        )));
    }
    Ok(bytes)
}

/// Reads a text input (a script, a list of numbers) of at most `max_bytes`; past that it stops
/// reading and refuses the input.
pub fn read_text(path: &str, max_bytes: u64, what: &str) -> Result<String, Failure> {
    let bytes = read_bytes(path, max_bytes, what)?;
    String::from_utf8(bytes).map_err(|e| {
        Failure::bad_input(format!(
            "{} is not UTF-8 text (byte {})",
            name(path),
            e.utf8_error().valid_up_to() + 1
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_bounds_what_is_read() {
        assert_eq!(header_allowance(b"3 2"), None);
        assert_eq!(header_allowance(b"3 2 1"), None);
        assert_eq!(
            header_allowance(b"3 2 1\n"),
            Some((2 * 6 + 3) * BYTES_PER_NUMBER + SLACK)
        );
        assert_eq!(header_allowance(b"x 2 1\n"), Some(SLACK));
        assert_eq!(
            header_allowance(b"1\n1\n1\n1\n"),
            Some((2 * 3 + 3) * BYTES_PER_NUMBER + SLACK)
        );
        assert!(header_allowance(b"99999999999999999999999 1 1\n") == Some(SLACK));
    }
}
