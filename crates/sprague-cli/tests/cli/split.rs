//! `sprague split`: the HNOI2007 sample, big counts, batch, and bad input.

use serde_json::json;

use crate::{assert_errors, batch, json};

#[test]
fn the_hnoi_2007_sample() {
    // HNOI2007 sample input `4 / 1 0 1 5000` and `3 / 0 0 1`; output `0 2 3 / 1` and
    // `-1 -1 -1 / 0` (0-based bottles, then the number of winning moves).
    let v = json(&["split", "1", "0", "1", "5000"], "");
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"],
        json!([{"move": "bottle 1 -> 3, 4", "to": "0 0 2 5001", "i": 1, "j": 3, "k": 4,
                "remoteness": 2}])
    );
    let v = json(&["split", "0", "0", "1"], "");
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["winning_moves"], json!([]));
}

#[test]
fn counts_of_any_size_only_matter_by_parity() {
    let big = "1145141919810000000000000000000000001";
    let v = json(&["split", big, "0", "1", "5000"], "");
    assert_eq!(v["nim_value"], 5);
    assert_eq!(
        v["winning_moves"][0]["to"],
        "1145141919810000000000000000000000000 0 2 5001"
    );
}

#[test]
fn batch_answers_each_line() {
    let lines = batch(&["split", "--batch"], "1 0 1 5000\n0 0 1\n", 0);
    assert_eq!(lines.len(), 2);
}

#[test]
fn bad_counts_give_one_error_line() {
    #[rustfmt::skip]
    assert_errors("", &[
        (&["split", "1", "-3"], "error: bottle 2: `-3` is negative; expected a non-negative integer"),
        (&["split", "1", "two"], "error: bottle 2: `two` is not a non-negative integer"),
    ]);
}

#[test]
fn both_beans_may_go_into_one_bottle() {
    // Two bottles: the bean in bottle 1 (value 1) splits into two beans in bottle 2.
    let v = json(&["split", "1", "0"], "");
    assert_eq!(
        v["winning_moves"],
        json!([{"move": "bottle 1 -> 2, 2", "to": "0 2", "i": 1, "j": 2, "k": 2, "remoteness": 0}])
    );
}
