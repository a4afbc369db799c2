//! `sprague graph`: the seed's input shape, cycles, and large inputs.

use std::io::Write;
use std::process::Stdio;

use serde_json::json;

use crate::{assert_fields, assert_input_errors, bad_input, json, spawn};

#[test]
fn a_path_and_two_tokens() {
    let v = json(&["graph", "-"], "3 2 2\n1 2\n2 3\n1 2\n");
    assert_fields(&v, json!({"outcome": "N", "nim_value": 1}));
    assert_eq!(
        v["winning_moves"][1],
        json!({"move":"token 2: 2 -> 3","to":"1 3","token":2,"from":2,"vertex":3})
    );
}

#[test]
fn the_seed_example_shape_is_read_with_tokens_on_several_lines() {
    // Vertices 1..6; 1 -> 2, 1 -> 3, 2 -> 4, 3 -> 4, 4 -> 5, 5 -> 6 (values: 6:0 5:1 4:0 3:1 2:1 1:0).
    let input = "6 6 3\n1 2\n1 3\n2 4\n3 4\n4 5\n5 6\n1\n2\n5\n";
    let v = json(&["graph", "-"], input);
    assert_eq!(v["nim_value"], 0);
    assert_eq!(v["outcome"], "P");
}

#[test]
fn a_cycle_gives_a_draw_and_the_generalised_value() {
    let v = json(&["graph", "-"], "2 2 1\n1 2\n2 1\n1\n");
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["nim_value"], "∞{}");
    // A cycle with an exit: 1 <-> 2, 2 -> 3. Vertex 2 has value 1, vertex 1 value 0.
    let v = json(&["graph", "-"], "3 3 2\n1 2\n2 1\n2 3\n2 2\n");
    assert_eq!(v["outcome"], "P");
    // Token on a loop with an exit to a finished vertex: ∞{0}, a win by leaving the loop.
    let v = json(&["graph", "-"], "2 2 1\n1 1\n1 2\n1\n");
    assert_eq!(v["nim_value"], "∞{0}");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["vertex"], 2);
}

#[test]
fn a_file_is_read_from_disk() {
    let mut file = tempfile();
    file.1.write_all(b"2 1 1\n1 2\n1\n").unwrap();
    let v = json(&["graph", file.0.to_str().unwrap()], "");
    assert_eq!(v["outcome"], "N");
    std::fs::remove_file(file.0).unwrap();
}

#[test]
fn a_path_of_a_million_vertices_is_answered() {
    let n = 1_000_000;
    let mut input = format!("{n} {} 1\n", n - 1);
    for v in 1..n {
        input.push_str(&format!("{v} {}\n", v + 1));
    }
    input.push_str("1\n");
    let v = json(&["graph", "-"], &input);
    assert_eq!(v["nim_value"], 1);
}

#[test]
fn bad_graph_files_give_one_error_line() {
    #[rustfmt::skip]
    assert_input_errors(&["graph", "-"], &[
        ("3 1 1\n1 9\n1\n", "error: -: line 2: edge 1: end vertex 9 is not in 1..=3"),
        ("3 2 1\n1 2\n", "error: -: the input ends early: expected 2 edges, found 1"),
        ("3 -1 1\n", "error: -: line 1: the edge count m: `-1` is negative; expected a non-negative integer"),
        ("3 1 1\n1 two\n1\n", "error: -: line 2: edge 1: `two` is not a non-negative integer"),
    ]);
    assert!(bad_input(&["graph", "/no/such/file"], "")
        .starts_with("error: cannot read `/no/such/file`"));
    let refusal = bad_input(&["graph", "-"], "1000000000 100000000000 1\n");
    assert!(refusal.contains("needs about"), "{refusal}");
}

fn tempfile() -> (std::path::PathBuf, std::fs::File) {
    let path = std::env::temp_dir().join(format!("sprague-test-{}.txt", std::process::id()));
    let file = std::fs::File::create(&path).unwrap();
    (path, file)
}

#[test]
fn a_reader_that_stops_early_gets_exit_0_and_no_message() {
    // A star: vertex 1 moves to any of 20 000 finished vertices, so all 20 000 moves win and the
    // JSON (about 2 MB) is far longer than a pipe holds.
    let leaves = 20_000;
    let mut input = format!("{} {leaves} 1\n", leaves + 1);
    for v in 2..=leaves + 1 {
        input.push_str(&format!("1 {v}\n"));
    }
    input.push_str("1\n");
    let mut child = spawn(&["graph", "-", "--json"], Stdio::piped(), Stdio::piped());
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut start = [0u8; 10];
    std::io::Read::read_exact(&mut stdout, &mut start).unwrap();
    assert_eq!(&start, b"{\"game\":\"g");
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
}
