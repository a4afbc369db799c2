//! What every target shares: small limits, so that any input runs in well under a second or is
//! refused by the same budgets the command line enforces.

#![allow(dead_code, unused_macros)]

use sprague_api::Limits;

/// `fuzz_target!` for a target whose first byte picks what to test: `fuzz_picking!(|pick, data|
/// { … })` runs the block with that byte as `pick` and the bytes after it as `data`; an empty
/// input is skipped. (Defined before anything else here, and the module included with
/// `#[macro_use]`, so that the target sees it.)
macro_rules! fuzz_picking {
    (|$pick:ident, $data:ident| $body:block) => {
        libfuzzer_sys::fuzz_target!(|input: &[u8]| {
            let Some((&$pick, $data)) = input.split_first() else {
                return;
            };
            $body
        });
    };
}

pub fn limits() -> Limits {
    Limits {
        // Small: a request's work is linear in what its memory estimate admits, and the fuzz
        // build runs some fifty times slower than release (a 3.9-million-vertex graph admitted
        // by 256 MiB took 34 s, past the timeout, and 3.6 s in release).
        memory_bytes: 32 << 20,
        max_listed_moves: 10_000,
        max_seconds: 2,
        ..Limits::default()
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

/// Connect Four boards of other shapes small enough (at most 20 cells) that any position solves
/// in a moment: one wider than 9 (columns with commas), narrow and flat ones.
pub const SMALL_BOARDS: [(u32, u32); 8] = [
    (10, 2),
    (5, 4),
    (4, 5),
    (2, 9),
    (9, 2),
    (3, 6),
    (1, 20),
    (20, 1),
];
