//! `sprague book connect4`: a book built whole and one stopped and resumed give the same bytes;
//! the progress file, its errors; the shipped book read by `solve connect4`.

use std::path::Path;
use std::process::Output;

use crate::{bad_input, json, scratch, sprague};

const BOOK: &[&str] = &[
    "book", "connect4", "--width", "5", "--height", "4", "--depth", "5", "--out",
];

/// Builds the 5×4 book of depth 5 into `out`, with `SPRAGUE_STOP_AFTER` when `stop_after`.
fn build(out: &Path, stop_after: Option<&str>) -> Output {
    build_with(out, stop_after, &[])
}

/// [`build`] with more flags.
fn build_with(out: &Path, stop_after: Option<&str>, flags: &[&str]) -> Output {
    let mut cmd = sprague();
    cmd.args(BOOK).arg(out).arg("--json").args(flags);
    if let Some(n) = stop_after {
        cmd.env("SPRAGUE_STOP_AFTER", n);
    }
    cmd.output().unwrap()
}

/// The summary of a build that succeeded.
fn summary(out: &Output) -> serde_json::Value {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_stopped_build_resumes_to_the_same_book() {
    let dir = scratch("book-resume");
    let whole = dir.join("whole.book");
    let first = summary(&build(&whole, None));
    assert_eq!(first["resumed"], 0);
    assert_eq!(first["solved"], first["frontier"]);
    assert!(!dir.join("whole.book.progress").exists());

    // Stopped after 10 positions: exit 130, the progress file holds them.
    let resumed = dir.join("resumed.book");
    let out = build(&resumed, Some("10"));
    assert_eq!(out.status.code(), Some(130));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("interrupted with 10 of"), "{stderr}");
    let progress = dir.join("resumed.book.progress");
    let text = std::fs::read_to_string(&progress).unwrap();
    assert_eq!(text.lines().count(), 11, "{text}");
    assert!(!resumed.exists());
    // A last line cut short (killed while writing) is left out and solved again.
    std::fs::write(&progress, text.clone() + "12").unwrap();
    assert_eq!(summary(&build(&resumed, None))["resumed"], 10);
    assert_eq!(
        std::fs::read(&whole).unwrap(),
        std::fs::read(&resumed).unwrap()
    );
    assert!(!progress.exists());

    // Three positions solved at once: the same book; stopped after 7 and resumed on two: the
    // same again.
    let threaded = dir.join("threaded.book");
    summary(&build_with(
        &threaded,
        None,
        &["--threads", "3", "--memory", "3M"],
    ));
    assert_eq!(
        std::fs::read(&whole).unwrap(),
        std::fs::read(&threaded).unwrap()
    );
    let stopped = dir.join("stopped.book");
    let out = build_with(&stopped, Some("7"), &["--threads", "2"]);
    assert_eq!(out.status.code(), Some(130));
    let text = std::fs::read_to_string(dir.join("stopped.book.progress")).unwrap();
    assert_eq!(text.lines().count(), 8, "{text}");
    assert_eq!(
        summary(&build_with(&stopped, None, &["--threads", "2"]))["resumed"],
        7
    );
    assert_eq!(
        std::fs::read(&whole).unwrap(),
        std::fs::read(&stopped).unwrap()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_progress_file_of_another_book_or_a_bad_out_is_one_error_line() {
    let dir = scratch("book-errors");
    let out = dir.join("b.book");
    std::fs::write(
        dir.join("b.book.progress"),
        "sprague connect4 book 5 4 4\n1111 0\n",
    )
    .unwrap();
    let line = bad_input(&[BOOK, &[out.to_str().unwrap()]].concat(), "");
    assert!(line.contains("another book"), "{line}");
    // A progress file longer than the book could write is not read.
    std::fs::write(dir.join("b.book.progress"), vec![b'1'; 1 << 20]).unwrap();
    let line = bad_input(&[BOOK, &[out.to_str().unwrap()]].concat(), "");
    assert!(
        line.contains("more than a book of this depth writes"),
        "{line}"
    );
    let line = bad_input(
        &[BOOK, &[dir.join("no/such/folder").to_str().unwrap()]].concat(),
        "",
    );
    assert!(line.contains("--out"), "{line}");
    let line = bad_input(&["book", "connect4", "--depth", "13", "--out", "x"], "");
    assert!(line.contains("13"), "{line}");
    let line = bad_input(
        &[
            "book", "connect4", "--width", "9", "--height", "7", "--depth", "1", "--out", "x",
        ],
        "",
    );
    assert!(line.contains("9×7"), "{line}");
    // `play` always reads the book: the flag that measures the solver is refused there.
    let line = bad_input(&["play", "connect4", "--no-book"], "");
    assert!(line.contains("--no-book"), "{line}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_shipped_book_answers_the_empty_board_at_once() {
    let v = json(&["solve", "connect4", "", "--stats"], "");
    assert_eq!(v["score"], 1);
    assert_eq!(v["best_moves"][0]["move"], "4");
    // The score from the book, the best move found by one search per move, each a position
    // the book holds or a short one: far from the 10^9 positions of the search.
    assert!(v["stats"]["nodes"].as_u64().unwrap() < 100_000_000, "{v}");
}

#[test]
fn a_book_built_for_another_board_is_read_with_book_file() {
    let dir = scratch("book-given");
    let book = dir.join("small.book");
    summary(&build(&book, None));
    let path = book.to_str().unwrap();
    let board = ["--width", "5", "--height", "4"];
    // Every position of at most 5 stones is in it: answered at once, with the searched score.
    for seq in ["", "3", "33", "3214"] {
        let read = json(
            &[
                &["solve", "connect4"][..],
                &board,
                &["--stats", "--book", path, seq],
            ]
            .concat(),
            "",
        );
        let searched = json(
            &[
                &["solve", "connect4"][..],
                &board,
                &["--stats", "--no-book", seq],
            ]
            .concat(),
            "",
        );
        assert_eq!(read["score"], searched["score"], "{seq}");
        assert_eq!(read["best_moves"], searched["best_moves"], "{seq}");
        assert!(
            read["stats"]["nodes"].as_u64().unwrap() < searched["stats"]["nodes"].as_u64().unwrap(),
            "{seq}: {read} {searched}"
        );
    }
    let line = bad_input(&["solve", "connect4", "--book", path, "4"], "");
    assert!(
        line.contains("the book is for a 5×4 board, not 7×6"),
        "{line}"
    );
    let line = bad_input(&["solve", "connect4", "--book", "/dev/zero", "4"], "");
    assert!(
        line.contains("longer than the 256.0 MiB a book may take"),
        "{line}"
    );
    let line = bad_input(&["solve", "connect4", "--book", "Cargo.toml", "4"], "");
    assert!(line.contains("not a sprague Connect Four book"), "{line}");
    // Served, no file is read.
    let out = sprague()
        .env("SPRAGUE_SERVED", "1")
        .args([
            "solve", "connect4", "--book", path, "--width", "5", "--height", "4", "4",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(
        text.contains("the server reads none of its files"),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
