//! `sprague nim --moore K`: Moore's Nim_K, text, JSON, batch, play and bad input.

use serde_json::json;

use crate::{bad_input, batch, json, sprague, stdout};

#[test]
fn text_and_json_give_every_winning_move() {
    let v = json(&["nim", "--moore", "2", "1", "2", "3"], "");
    assert_eq!(v["game"], "nim");
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"],
        json!([{"move": "heap 2: 2 -> 1, heap 3: 3 -> 1", "to": "1 1 1", "heaps": [2, 3],
                "remoteness": 2}])
    );
    // 1 1 1 in Nim_2 is lost in two moves (take one heap or two, then the rest).
    assert_eq!(v["remoteness"], 3);
    assert!(v["nim_value"].as_u64().is_some());
    assert!(v["note"].as_str().unwrap().starts_with("Moore's Nim_2"));
    let text = stdout(&["nim", "--moore", "2", "1", "2", "3"]);
    assert!(
        text.contains("heap 2: 2 -> 1, heap 3: 3 -> 1 leaves 1 1 1"),
        "{text}"
    );
    // Each winning move's `to` is lost for the opponent.
    let v = json(&["nim", "--moore", "3", "5", "9", "12", "6", "3"], "");
    assert_eq!(v["outcome"], "N");
    for m in v["winning_moves"].as_array().unwrap() {
        let mut args = vec!["nim", "--moore", "3"];
        args.extend(m["to"].as_str().unwrap().split(' '));
        assert_eq!(json(&args, "")["outcome"], "P", "{m}");
    }
    // K = 1 is Nim.
    assert_eq!(
        json(&["nim", "--moore", "1", "3", "4", "5"], ""),
        json(&["nim", "3", "4", "5"], "")
    );
}

#[test]
fn misere_all_moves_and_batch() {
    let v = json(&["nim", "--moore", "2", "--misere", "1", "1", "1", "1"], "");
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["nim_value"], json!(null));
    let v = json(&["nim", "--moore", "2", "--all-moves", "1", "2"], "");
    // Heap 1 to 0; heap 2 to 0 or 1; both at once, two more.
    assert_eq!(v["all_moves"].as_array().unwrap().len(), 5);
    let lines = batch(&["nim", "--moore", "2", "--batch"], "1 1 1\n1 1\nx\n", 2);
    assert_eq!(lines[0]["outcome"], "P");
    assert_eq!(lines[1]["outcome"], "N");
    assert!(lines[2]["error"].as_str().unwrap().contains("heap 1"));
}

#[test]
fn play_moores_nim() {
    // The engine moves first from 1 2 3 and wins: it takes the position to 1 1 1.
    let out = sprague()
        .args([
            "play", "nim", "--moore", "2", "--first", "engine", "1", "2", "3",
        ])
        .write_stdin("heap 1: 1 -> 0\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("heap 2: 2 -> 1, heap 3: 3 -> 1"), "{text}");
}

#[test]
fn bad_input_is_one_line() {
    assert_eq!(
        bad_input(&["nim", "--moore", "0", "3"], ""),
        "error: Moore's Nim: K = 0 lets a move take from no heap; K must be at least 1"
    );
    assert!(bad_input(&["nim", "--moore", "x", "3"], "").contains("`x`"));
    assert!(bad_input(&["nim", "--moore", "2", "3", "-1"], "").contains("heap 2"));
}
