//! `sprague subtraction`.

use serde_json::json;

use crate::{bad_input, batch, json};

#[test]
fn values_and_winning_moves_of_one_four_three() {
    // S = {1,3,4}: G = 0 1 0 1 2 3 2, repeating with period 7 (Winning Ways, ch. 4).
    let v = json(&["subtraction", "4", "12", "--set", "4,1,3,1"], "");
    assert_eq!(v["game"], "subtraction");
    assert_eq!(v["position"], "4 12");
    assert_eq!(v["nim_value"], 2 ^ 3); // G(4) = 2, G(12) = G(5) = 3
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"],
        json!([{"move":"heap 2: 12 -> 11","to":"4 11","heap":2,"remoteness":10}])
    );
    assert!(v["note"].as_str().unwrap().contains("period 7"), "{v}");
}

#[test]
fn huge_heaps_are_answered_through_the_period() {
    // 10^40 = 4 (mod 7) since 10 = 3 and 3^6 = 1 (mod 7): 10^40 = 3^4 = 81 = 4; G(4) = 2.
    let heap = format!("1{}", "0".repeat(40));
    let v = json(&["subtraction", &heap, "--set", "1,3,4"], "");
    assert_eq!(v["nim_value"], 2);
    let moves = v["winning_moves"].as_array().unwrap();
    // Each listed move must reach a lost position, checked by asking again.
    for m in moves {
        let to = m["to"].as_str().unwrap();
        let w = json(&["subtraction", to, "--set", "1,3,4"], "");
        assert_eq!(w["outcome"], "P", "{m}");
    }
    assert!(!moves.is_empty());
}

#[test]
fn batch_shares_the_set_and_reproduces_the_hdu_1536_sample() {
    let lines = batch(
        &["subtraction", "--set", "2,5", "--batch"],
        "5 12\n2 4 7\n2 3 7 12\n",
        0,
    );
    let letters: String = lines
        .iter()
        .map(|v| if v["outcome"] == "N" { 'W' } else { 'L' })
        .collect();
    assert_eq!(letters, "LWW");
}

#[test]
fn batch_goes_on_past_a_bad_line() {
    let lines = batch(
        &["subtraction", "--set", "1,2,3", "--batch"],
        "4\n-1\n5\n",
        2,
    );
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["outcome"], "P");
    assert_eq!(lines[1]["line"], 2);
    assert_eq!(lines[2]["nim_value"], 1);
}

#[test]
fn all_moves_lists_each_take() {
    let v = json(&["subtraction", "5", "--set", "1,3,4", "--all-moves"], "");
    let all = v["all_moves"].as_array().unwrap();
    let tos: Vec<&str> = all.iter().map(|m| m["to"].as_str().unwrap()).collect();
    assert_eq!(tos, ["4", "2", "1"]);
}

#[test]
fn bad_sets_are_one_error_line() {
    assert!(bad_input(&["subtraction", "3", "--set", ""], "").contains("empty"));
    assert!(bad_input(&["subtraction", "3", "--set", "1,0"], "").contains("0 is in the"));
    assert!(bad_input(&["subtraction", "3", "--set", "1,-2"], "").contains("negative"));
    assert!(bad_input(&["subtraction", "3", "--set", "-2"], "").contains("negative"));
    assert!(bad_input(&["subtraction", "3", "--set", "a"], "").contains("not a positive integer"));
    assert!(bad_input(&["subtraction", "x", "--set", "1"], "").contains("heap 1"));
    assert!(bad_input(&["subtraction", "3"], "").contains("required"));
    assert!(bad_input(
        &[
            "subtraction",
            "199999999999999",
            "--set",
            "1,99999999999999"
        ],
        ""
    )
    .contains("more than the"));
}

#[test]
fn every_sg_sums_report_their_steps() {
    // S = {1, 3, 4}: heap 7 has 2 steps, heap 12 has 5; the longest decides, odd wins.
    let v = json(&["subtraction", "7", "12", "--set", "1,3,4", "--every"], "");
    assert_eq!(
        (v["outcome"].as_str(), v["steps"].as_u64()),
        (Some("N"), Some(5))
    );
    assert_eq!(v["winning_moves"][0]["to"], "4 9");
    // The move takes every heap one step nearer its end: the heaps after it have 4 steps.
    let after = json(&["subtraction", "4", "9", "--set", "1,3,4", "--every"], "");
    assert_eq!(
        (after["outcome"].as_str(), after["steps"].as_u64()),
        (Some("P"), Some(4))
    );
    // Lasker's Nim: every heap can be taken whole, so every heap has one step.
    let v = json(&["lasker", "5", "9", "--every"], "");
    assert_eq!(v["steps"], 1);
}
