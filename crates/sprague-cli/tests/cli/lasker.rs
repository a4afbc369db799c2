//! `sprague lasker`.

use serde_json::json;

use crate::{bad_input, batch, json, stdout, strings};

#[test]
fn takes_and_splits_are_winning_moves() {
    let v = json(&["lasker", "1", "8", "1"], "");
    assert_eq!(v["game"], "lasker");
    assert_eq!(v["nim_value"], 7);
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"],
        json!([
            {"move":"heap 2: 8 -> 0","to":"1 0 1","heap":2,"remoteness":2},
            {"move":"heap 2: 8 -> 4 + 4","to":"1 4 4 1","heap":2,"remoteness":12}
        ])
    );
    let v = json(&["lasker", "4", "4", "1", "1"], "");
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["winning_moves"], json!([]));
}

#[test]
fn every_listed_move_leaves_a_lost_position() {
    for position in ["7", "3 5 6", "10 2", "13 9 4"] {
        let words: Vec<&str> = std::iter::once("lasker")
            .chain(position.split(' '))
            .collect();
        let v = json(&words, "");
        for m in v["winning_moves"].as_array().unwrap() {
            let mut after = vec!["lasker"];
            after.extend(m["to"].as_str().unwrap().split(' '));
            assert_eq!(json(&after, "")["outcome"], "P", "{position}: {m}");
        }
    }
}

#[test]
fn huge_heaps_are_exact() {
    // 2^128 + 3 = 3 (mod 4): its value is one more.
    let heap = "340282366920938463463374607431768211459";
    let text = stdout(&["lasker", heap, "--json"]);
    assert!(
        text.contains(r#""nim_value":340282366920938463463374607431768211460"#),
        "{text}"
    );
}

#[test]
fn all_moves_lists_takes_and_splits() {
    let v = json(&["lasker", "4", "--all-moves"], "");
    assert_eq!(
        strings(&v["all_moves"], "move"),
        [
            "heap 1: 4 -> 3",
            "heap 1: 4 -> 2",
            "heap 1: 4 -> 1",
            "heap 1: 4 -> 0",
            "heap 1: 4 -> 1 + 3",
            "heap 1: 4 -> 2 + 2"
        ]
    );
    assert!(bad_input(&["lasker", "1000000", "--all-moves"], "").contains("--all-moves would list"));
}

#[test]
fn batch_and_bad_input() {
    let lines = batch(&["lasker", "--batch"], "3\nx\n4 4\n", 2);
    assert_eq!(lines[0]["nim_value"], 4);
    assert_eq!(
        lines[1]["error"],
        "heap 1: `x` is not a non-negative integer"
    );
    assert_eq!(lines[2]["outcome"], "P");
    assert_eq!(
        bad_input(&["lasker", "3", "-1"], ""),
        "error: heap 2: `-1` is negative; expected a non-negative integer"
    );
}

#[test]
fn help_explains_with_an_example() {
    for game in ["lasker", "subtraction"] {
        let text = stdout(&[game, "--help"]);
        assert!(text.contains(&format!("sprague {game} ")), "{text}");
    }
}
