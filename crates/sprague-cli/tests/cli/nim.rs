//! `sprague nim`.

use serde_json::json;

use crate::{assert_contains, assert_fields, batch, json, sprague, stdout};

#[test]
fn contract_example() {
    assert_eq!(
        json(&["nim", "3", "4", "5"], ""),
        json!({"game":"nim","position":"3 4 5","outcome":"N","nim_value":2,"remoteness":11,
               "winning_moves":[{"move":"heap 1: 3 -> 1","to":"1 4 5","heap":1,"remoteness":10}]})
    );
}

#[test]
fn text_output_names_outcome_value_and_moves() {
    let text = stdout(&["nim", "3", "4", "5"]);
    assert_contains(
        &text,
        &[
            "outcome:   N (the player to move wins)",
            "nim-value: 2",
            "heap 1: 3 -> 1",
        ],
    );
}

#[test]
fn text_output_gives_the_remoteness_when_known() {
    assert_eq!(
        stdout(&["nim", "3", "4", "5"]),
        "nim 3 4 5\n\
         outcome:   N (the player to move wins)\n\
         nim-value: 2\n\
         remoteness: 11 (the player to move wins in 11 moves)\n\
         winning moves (1):\n  \
         heap 1: 3 -> 1               leaves 1 4 5\n"
    );
    let line = |args: &[&str]| {
        let text = stdout(args);
        text.lines()
            .find(|l| l.starts_with("remoteness:"))
            .map(str::to_owned)
    };
    assert_eq!(
        line(&["nim", "1", "2", "3"]).as_deref(),
        Some("remoteness: 6 (the player to move loses in 6 moves, at the slowest)")
    );
    assert_eq!(
        line(&["nim", "7"]).as_deref(),
        Some("remoteness: 1 (the player to move wins in 1 move)")
    );
    assert_eq!(
        line(&["nim", "0"]).as_deref(),
        Some("remoteness: 0 (the game is over: the player to move has lost)")
    );
    // Unknown: misère play, and positions past the search's budget.
    assert_eq!(line(&["nim", "1", "2", "3", "--misere"]), None);
    assert_eq!(line(&["nim", "1000", "1000", "1000"]), None);
    // Every move of a listing with the remoteness of the position it leaves (1 2 -> 1 1 is
    // lost in 2; the others leave a single heap, won in 1), and without it where unknown.
    assert_eq!(
        stdout(&["nim", "1", "2", "--all-moves"]),
        "nim 1 2\n\
         outcome:   N (the player to move wins)\n\
         nim-value: 3\n\
         remoteness: 3 (the player to move wins in 3 moves)\n\
         moves (3):\n  \
         heap 1: 1 -> 0   -> N, nim-value 2, remoteness 1\n  \
         heap 2: 2 -> 1   -> P, nim-value 0, remoteness 2  wins\n  \
         heap 2: 2 -> 0   -> N, nim-value 1, remoteness 1\n"
    );
    let far = stdout(&["nim", "1000", "1000", "--all-moves"]);
    assert!(
        far.contains("  heap 1: 1000 -> 999   -> N, nim-value 15\n"),
        "{far}"
    );
}

#[test]
fn a_lost_position_has_no_winning_move() {
    assert_fields(
        &json(&["nim", "1", "2", "3"], ""),
        json!({"outcome": "P", "nim_value": 0, "winning_moves": []}),
    );
}

#[test]
fn huge_heaps_are_exact() {
    let a = "340282366920938463463374607431768211457"; // 2^128 + 1
    let text = stdout(&["nim", a, "1", "--json"]);
    // Checked on the raw text: a JSON parser would read the number into a float.
    assert_contains(
        &text,
        &[
            r#""nim_value":340282366920938463463374607431768211456,"#,
            r#""to":"1 1""#,
        ],
    );
}

#[test]
fn misere_follows_the_anti_nim_rule() {
    let v = json(&["nim", "1", "1", "--misere"], "");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["nim_value"], serde_json::Value::Null);
    let v = json(&["nim", "1", "1", "1", "--misere"], "");
    assert_eq!(v["outcome"], "P");
    let v = json(&["nim", "5", "1", "--misere"], "");
    assert_eq!(
        v["winning_moves"],
        json!([{"move":"heap 1: 5 -> 0","to":"0 1","heap":1}])
    );
}

#[test]
fn all_moves_lists_every_move_with_its_result() {
    let v = json(&["nim", "2", "3", "--all-moves"], "");
    let all = v["all_moves"].as_array().unwrap();
    assert_eq!(all.len(), 5);
    let winning: Vec<_> = all.iter().filter(|m| m["outcome"] == "P").collect();
    assert_eq!(winning.len(), 1);
    assert_eq!(winning[0]["to"], "2 2");
}

#[test]
fn batch_answers_each_line_and_goes_on_past_a_bad_one() {
    let lines = batch(&["nim", "--batch"], "3 4 5\n1 x\n\n7 7\n", 2);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["nim_value"], 2);
    assert_eq!(
        lines[1]["error"],
        "heap 2: `x` is not a non-negative integer"
    );
    assert_eq!(lines[1]["line"], 2);
    assert_eq!(lines[2]["outcome"], "P");
}

#[test]
fn help_and_version_explain_and_exit_zero() {
    let out = sprague().arg("--help").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("sprague nim 3 4 5"), "{text}");
    let out = sprague().args(["nim", "--help"]).output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8(out.stdout).unwrap().contains("Example:"));
    let out = sprague().arg("--version").output().unwrap();
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .starts_with("sprague "));
}
