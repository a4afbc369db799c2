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
mod trust;
mod turning;
mod wythoff;

use std::io::Read;
use std::process::{Child, Stdio};

use assert_cmd::Command;

/// The binary with a clean environment as a plain `std::process::Command`, for tests that need
/// the pipes themselves.
pub fn sprague_std() -> std::process::Command {
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("sprague"));
    cmd.env_remove("SPRAGUE_MEMORY_LIMIT")
        .env_remove("SPRAGUE_STOP_AFTER")
        .env_remove("SPRAGUE_PROGRESS");
    cmd
}

/// The `sprague` binary with a clean environment.
pub fn sprague() -> Command {
    Command::from_std(sprague_std())
}

/// Starts `sprague ARGS` with this standard input and output, and its stderr piped.
pub fn spawn(args: &[&str], stdin: Stdio, stdout: Stdio) -> Child {
    sprague_std()
        .args(args)
        .stdin(stdin)
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// All that `child` writes on its stderr (piped).
pub fn read_stderr(child: &mut Child) -> String {
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    stderr
}

/// A fresh empty directory for one test.
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sprague-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `cmd` (a [`sprague`] with its arguments) to its end, expecting exit code `code`; returns
/// what it printed on stdout and on stderr.
pub fn finish(cmd: &mut Command, code: i32) -> (String, String) {
    let out = cmd.output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(code), "{cmd:?}: {stderr}");
    (String::from_utf8(out.stdout).unwrap(), stderr)
}

/// Runs `cmd`, expecting success, and returns what it printed.
pub fn succeeds(cmd: &mut Command) -> String {
    finish(cmd, 0).0
}

/// Runs `sprague ARGS`, expecting success, and returns what it printed.
pub fn stdout(args: &[&str]) -> String {
    succeeds(sprague().args(args))
}

/// Plays `sprague play ARGS` with `moves` typed, and returns what it printed.
pub fn play(args: &[&str], moves: &str) -> String {
    succeeds(sprague().arg("play").args(args).write_stdin(moves))
}

/// Runs `sprague ARGS --json` (with `stdin`) and parses the single JSON object printed.
pub fn json(args: &[&str], stdin: &str) -> serde_json::Value {
    let text = succeeds(sprague().args(args).arg("--json").write_stdin(stdin));
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

/// Each line of `text` parsed as one JSON object.
pub fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Runs `sprague ARGS` (a `--batch` run) on `stdin`, expecting exit code `code`, and parses each line
/// printed as one JSON object.
pub fn batch(args: &[&str], stdin: &str, code: i32) -> Vec<serde_json::Value> {
    json_lines(&finish(sprague().args(args).write_stdin(stdin), code).0)
}

/// Runs `cmd` expecting exit 2 and exactly one stderr line starting `error:`; returns it.
pub fn refused(cmd: &mut Command) -> String {
    let (stdout, stderr) = finish(cmd, 2);
    assert!(stdout.is_empty(), "nothing on stdout expected: {stdout}");
    assert_eq!(
        stderr.lines().count(),
        1,
        "one stderr line expected: {stderr}"
    );
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr.trim_end().to_owned()
}

/// Runs `sprague ARGS` on `stdin` expecting exit 2 and one `error:` line (see [`refused`]); returns
/// it.
pub fn bad_input(args: &[&str], stdin: &str) -> String {
    refused(sprague().args(args).write_stdin(stdin))
}

/// Checks that each `sprague ARGS` (on `stdin`) is refused with exactly the error line given.
pub fn assert_errors(stdin: &str, cases: &[(&[&str], &str)]) {
    for (args, line) in cases {
        assert_eq!(bad_input(args, stdin), *line, "sprague {args:?}");
    }
}

/// Checks that `sprague ARGS` on each standard input given is refused with exactly the error line
/// given.
pub fn assert_input_errors(args: &[&str], cases: &[(&str, &str)]) {
    for (stdin, line) in cases {
        assert_eq!(
            bad_input(args, stdin),
            *line,
            "sprague {args:?} on {stdin:?}"
        );
    }
}

/// Checks that `text` contains each of `parts`.
pub fn assert_contains(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "{part:?} expected in:\n{text}");
    }
}

/// Checks that each `sprague ARGS` is refused (see [`refused`]) with a line containing the part
/// given.
pub fn assert_refusals(cases: &[(&[&str], &str)]) {
    for (args, part) in cases {
        let line = bad_input(args, "");
        assert!(line.contains(part), "sprague {args:?}: {line}");
    }
}

/// Runs `sprague ARGS` with `SPRAGUE_MEMORY_LIMIT=limit`, expecting a refusal (see [`refused`]);
/// returns its line.
pub fn refused_with_memory(limit: &str, args: &[&str]) -> String {
    refused(sprague().args(args).env("SPRAGUE_MEMORY_LIMIT", limit))
}

/// Checks that `report` has each field of `expected` (a JSON object) with the value given.
pub fn assert_fields(report: &serde_json::Value, expected: serde_json::Value) {
    for (field, value) in expected.as_object().unwrap() {
        assert_eq!(&report[field], value, "{field} of {report}");
    }
}

/// The string `field` of each item of the JSON array `list`.
pub fn strings<'a>(list: &'a serde_json::Value, field: &str) -> Vec<&'a str> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|item| item[field].as_str().unwrap())
        .collect()
}

/// The numbers in `text`, separated by spaces.
pub fn numbers<T: std::str::FromStr>(text: &str) -> Vec<T>
where
    T::Err: std::fmt::Debug,
{
    text.split(' ').map(|w| w.parse().unwrap()).collect()
}

/// The names in `dir`, sorted (to see, say, that no temporary file was left behind).
pub fn names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The path of a file of the shipped `examples/`.
pub fn example(name: &str) -> String {
    format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"))
}
