//! `sprague staircase`.

use serde_json::json;

use crate::{assert_contains, assert_errors, bad_input, json, numbers, sprague, stdout};

#[test]
fn json_lists_moves_from_odd_and_even_steps() {
    assert_eq!(
        json(&["staircase", "0", "5", "3"], ""),
        json!({"game":"staircase","position":"0 5 3","outcome":"N","nim_value":3,"remoteness":17,
               "winning_moves":[{"move":"step 2: 3 coins -> step 1","to":"3 2 3","remoteness":16},
                                {"move":"step 3: 3 coins -> step 2","to":"0 8 0","remoteness":16}]})
    );
    let v = json(&["staircase", "2", "9", "2"], "");
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["nim_value"], 0);
    assert_eq!(v["winning_moves"], json!([]));
    let v = json(&["staircase", "1"], "");
    assert_eq!(
        v["winning_moves"],
        json!([{"move":"step 1: 1 coin -> off the board","to":"0","remoteness":0}])
    );
}

#[test]
fn text_output() {
    let text = stdout(&["staircase", "0", "5", "3"]);
    assert_contains(
        &text,
        &[
            "outcome:   N (the player to move wins)",
            "nim-value: 3",
            "step 2: 3 coins -> step 1",
        ],
    );
}

/// Whether the player to move wins, by plain search.
fn brute_wins(steps: &[u64]) -> bool {
    (0..steps.len()).any(|i| {
        (1..=steps[i]).any(|c| {
            let mut after = steps.to_vec();
            after[i] -= c;
            if i > 0 {
                after[i - 1] += c;
            }
            !brute_wins(&after)
        })
    })
}

#[test]
fn all_moves_agree_with_plain_search() {
    let v = json(&["staircase", "1", "2", "1", "--all-moves"], "");
    let all = v["all_moves"].as_array().unwrap();
    assert_eq!(all.len(), 4);
    for m in all {
        let lost = !brute_wins(&numbers(m["to"].as_str().unwrap()));
        assert_eq!(m["outcome"], if lost { "P" } else { "N" }, "{m}");
    }
    assert!(bad_input(&["staircase", "999999", "2", "--all-moves"], "")
        .contains("--all-moves would list 1000001 moves"));
}

#[test]
fn batch_and_huge_counts() {
    let big = format!("1{}", "0".repeat(50));
    let out = sprague()
        .args(["staircase", "--batch"])
        .write_stdin(format!("{big} 7 {big}\n1 -1\n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // Steps 1 and 3 cancel: a lost position, checked on the raw text.
    assert!(
        lines[0].contains(r#""outcome":"P","nim_value":0"#),
        "{}",
        lines[0]
    );
    let second: serde_json::Value = serde_json::from_str(lines[1]).unwrap();
    assert_eq!(
        second["error"],
        "step 2: `-1` is negative; expected a non-negative integer"
    );
}

#[test]
fn bad_input_is_one_line() {
    #[rustfmt::skip]
    assert_errors("", &[
        (&["staircase", "1", "x"], "error: step 2: `x` is not a non-negative integer"),
        (&["staircase", "-2"], "error: step 1: `-2` is negative; expected a non-negative integer"),
    ]);
    assert!(bad_input(&["staircase"], "").contains("required"));
}
