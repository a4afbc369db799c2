//! Bad input of every kind: one `error:` line on stderr, exit code 2, never a panic.

use crate::{assert_contains, assert_errors, bad_input, refused, sprague};

#[test]
fn bad_command_lines() {
    #[rustfmt::skip]
    assert_errors("", &[
        (&["nim", "3", "x"], "error: heap 2: `x` is not a non-negative integer"),
        (&["nim", "-3"], "error: heap 1: `-3` is negative; expected a non-negative integer"),
        (&["nim", "3.5"], "error: heap 1: `3.5` is not a non-negative integer"),
        (&["chess"], "error: unrecognized subcommand 'chess'"),
        (&["nim", "1", "--frobnicate"], "error: unexpected argument '--frobnicate' found"),
    ]);
    assert!(bad_input(&["nim"], "").contains("required"));
    let digits = "9".repeat(100_001);
    assert!(bad_input(&["nim", &digits], "").contains("digits is more than"));
    assert!(bad_input(&["nim", "1000000000", "--all-moves"], "").contains("--all-moves would list"));
}

#[test]
fn memory_refusals_carry_the_estimate() {
    let line = refused(
        sprague()
            .args(["graph", "-"])
            .env("SPRAGUE_MEMORY_LIMIT", "1M")
            .write_stdin("100000 400000 1\n"),
    );
    assert_contains(&line, &["needs about", "1.0 MiB available"]);
}
