//! The `sprague` binary tested as a user runs it: text, JSON, batch, and one `error:` line with
//! exit code 2 for each kind of bad input.

mod bash;
mod book;
mod catalogue;
mod cursors;
mod edges;
mod errors;
mod fibonacci_nim;
mod geography;
mod graph;
mod hackenbush;
mod lasker;
mod long_run;
mod moore_nim;
mod nim;
mod nim_product;
mod octal;
mod play;
mod script;
mod solve;
mod split;
mod staircase;
mod subtraction;
mod table;
mod turning;
mod wythoff;

use assert_cmd::Command;

/// The `sprague` binary with a clean environment.
pub fn sprague() -> Command {
    let mut cmd = Command::cargo_bin("sprague").unwrap();
    cmd.env_remove("SPRAGUE_MEMORY_LIMIT")
        .env_remove("SPRAGUE_STOP_AFTER")
        .env_remove("SPRAGUE_PROGRESS");
    cmd
}

/// A fresh empty directory for one test.
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sprague-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `sprague ARGS`, expecting success, and returns what it printed.
pub fn stdout(args: &[&str]) -> String {
    let out = sprague().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "sprague {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs `sprague ARGS --json` (with `stdin`) and parses the single JSON object printed.
pub fn json(args: &[&str], stdin: &str) -> serde_json::Value {
    let out = sprague()
        .args(args)
        .arg("--json")
        .write_stdin(stdin)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "sprague {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "one line of JSON expected: {text}");
    serde_json::from_str(&text).unwrap()
}

/// The `values` of a table's JSON report, as numbers.
pub fn table_values(report: &serde_json::Value) -> Vec<u64> {
    report["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

/// Runs `sprague ARGS` (a `--batch` run) on `stdin`, expecting exit code `code`, and parses each line
/// printed as one JSON object.
pub fn batch(args: &[&str], stdin: &str, code: i32) -> Vec<serde_json::Value> {
    let out = sprague().args(args).write_stdin(stdin).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(code),
        "sprague {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Runs `sprague ARGS` expecting exit 2 and exactly one stderr line starting `error:`; returns it.
pub fn bad_input(args: &[&str], stdin: &str) -> String {
    let out = sprague().args(args).write_stdin(stdin).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "sprague {args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "nothing on stdout expected");
    assert_eq!(
        stderr.lines().count(),
        1,
        "one stderr line expected: {stderr}"
    );
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr.trim_end().to_owned()
}
