//! What every target shares: small limits, so that any input runs in well under a second or is
//! refused by the same budgets the command line enforces.

#![allow(dead_code)]

use sprague_api::Limits;

pub fn limits() -> Limits {
    Limits {
        memory_bytes: 256 << 20,
        max_listed_moves: 10_000,
        max_seconds: 2,
    }
}

/// The input as text (lossy), split at its first newline into a head and the rest.
pub fn head_and_rest(data: &[u8]) -> (String, String) {
    let text = String::from_utf8_lossy(data);
    match text.split_once('\n') {
        Some((head, rest)) => (head.to_owned(), rest.to_owned()),
        None => (text.into_owned(), String::new()),
    }
}
