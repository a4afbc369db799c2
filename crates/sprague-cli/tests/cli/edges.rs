//! Regressions of issue 17 ("Trust at the edges"): what a new or hostile user finds first.

use std::io::Read;
use std::process::{Command as StdCommand, Stdio};

use crate::{bad_input, sprague};

/// The binary as a plain `std::process::Command`, for tests that need the pipes themselves.
fn sprague_std() -> StdCommand {
    let mut cmd = StdCommand::new(assert_cmd::cargo::cargo_bin("sprague"));
    cmd.env_remove("SPRAGUE_MEMORY_LIMIT")
        .env_remove("SPRAGUE_STOP_AFTER")
        .env_remove("SPRAGUE_PROGRESS");
    cmd
}

/// Runs `sprague ARGS` with its output read for one byte and then closed, as `| head -c1` does.
fn exit_after_closed_pipe(args: &[&str]) -> (Option<i32>, String) {
    let mut child = sprague_std()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 1];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    (child.wait().unwrap().code(), stderr)
}

#[test]
fn issue_17_a_closed_pipe_is_exit_zero_and_silent_for_every_command() {
    // Each prints far more than a pipe holds, so the write after the close fails.
    let long_moves = "1 ".repeat(30_000);
    let commands: Vec<Vec<&str>> = vec![
        vec!["table", "octal", "0.07", "--upto", "200000", "--json"],
        vec!["table", "octal", "0.07", "--upto", "200000"],
        vec![
            "table",
            "subtraction",
            "--set",
            "1,3,4",
            "--upto",
            "200000",
            "--json",
        ],
        vec!["table", "bash", "--max", "3", "--upto", "200000", "--json"],
        vec!["table", "lasker", "--upto", "200000", "--json"],
        vec!["nim", "1000", "--all-moves", "--json"],
        vec!["nim", "1000", "--all-moves"],
        vec!["lasker", "100000", "--all-moves", "--json"],
        vec!["nim", &long_moves, "--json"],
    ];
    for args in commands {
        let args: Vec<&str> = args
            .iter()
            .flat_map(|a| a.split(' '))
            .filter(|a| !a.is_empty())
            .collect();
        let (code, stderr) = exit_after_closed_pipe(&args);
        assert_eq!(
            code,
            Some(0),
            "sprague {:?}: {stderr}",
            &args[..args.len().min(6)]
        );
        assert!(
            stderr.is_empty(),
            "sprague {:?}: {stderr}",
            &args[..args.len().min(6)]
        );
    }
}

#[test]
fn issue_17_a_full_disk_is_one_error_line() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // Not every system has /dev/full; the closed-pipe test covers the path.
    };
    let out = sprague_std()
        .args(["table", "octal", "0.07", "--upto", "100000", "--json"])
        .stdout(full)
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("error: output failed:"), "{stderr}");
}

#[test]
fn issue_17_a_missing_subcommand_is_one_line_with_a_pointer_to_help() {
    for (args, listed) in [
        (vec![], "nim"),
        (vec!["play"], "connect4"),
        (vec!["table"], "octal"),
        (vec!["solve"], "tictactoe"),
    ] {
        let line = bad_input(&args, "");
        let command = ["sprague"]
            .into_iter()
            .chain(args.iter().copied())
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            line.contains(&format!("`{command}` needs a command")),
            "{line}"
        );
        assert!(line.contains(listed), "{line}");
        assert!(line.ends_with(&format!("see `{command} --help`")), "{line}");
    }
    // The help itself still goes to stdout with exit 0.
    let out = sprague().args(["play", "--help"]).output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .contains("Usage: sprague play"));
}
