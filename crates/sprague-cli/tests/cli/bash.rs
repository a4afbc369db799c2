//! `sprague bash`.

use serde_json::json;

use crate::{
    assert_contains, assert_errors, assert_fields, bad_input, batch, json, stdout, strings,
};

#[test]
fn json_output_for_plain_bash() {
    assert_eq!(
        json(&["bash", "15", "--max", "3"], ""),
        json!({"game":"bash","position":"15","outcome":"N","nim_value":3,"remoteness":7,
               "winning_moves":[{"move":"take 3 -> 12","to":"12","remoteness":6}]})
    );
    assert_fields(
        &json(&["bash", "12", "--max", "3"], ""),
        json!({"outcome": "P", "nim_value": 0, "winning_moves": []}),
    );
}

#[test]
fn text_output() {
    let text = stdout(&["bash", "7", "--min", "2", "--max", "4", "--misere"]);
    assert_contains(
        &text,
        &[
            "outcome:   P (the player to move loses)",
            "nim-value: none",
            "misère play",
            "winning moves: none",
        ],
    );
}

/// The take-range game by plain search: whether the player to move wins a heap of `n`.
fn brute_wins(n: u64, min: u64, max: u64, misere: bool) -> Vec<bool> {
    let mut wins = vec![false; n as usize + 1];
    wins[0] = misere;
    for h in 1..=n {
        let options: Vec<u64> = if h < min {
            vec![0]
        } else {
            (min..=max.min(h)).map(|t| h - t).collect()
        };
        wins[h as usize] = options.iter().any(|&o| !wins[o as usize]);
    }
    wins
}

#[test]
fn batch_agrees_with_plain_search_in_both_plays() {
    let input: String = (0..=60).map(|n| format!("{n}\n")).collect();
    for misere in [false, true] {
        let mut args = vec!["bash", "--batch", "--min", "3", "--max", "5"];
        if misere {
            args.push("--misere");
        }
        let lines = batch(&args, &input, 0);
        let wins = brute_wins(60, 3, 5, misere);
        for (n, v) in lines.iter().enumerate() {
            assert_eq!(v["position"], n.to_string());
            assert_eq!(
                v["outcome"],
                if wins[n] { "N" } else { "P" },
                "{n} {misere}"
            );
            for m in v["winning_moves"].as_array().unwrap() {
                let to: usize = m["to"].as_str().unwrap().parse().unwrap();
                assert!(!wins[to], "{n} -> {to}");
            }
        }
    }
}

#[test]
fn judge_samples() {
    // HDU 2149: price 4, raises up to 2: bid 1; price 3: none.
    let v = json(&["bash", "4", "--max", "2"], "");
    assert_eq!(
        v["winning_moves"],
        json!([{"move":"take 1 -> 3","to":"3","remoteness":2}])
    );
    assert_eq!(json(&["bash", "3", "--max", "2"], "")["outcome"], "P");
    // HDU 2188: Grass wins 8 with donations 1..10, Rabbit wins 11.
    assert_eq!(json(&["bash", "8", "--max", "10"], "")["outcome"], "N");
    assert_eq!(json(&["bash", "11", "--max", "10"], "")["outcome"], "P");
    // HDU 2897: 7 2 4 is LOST, 6 2 4 is WIN.
    let range = ["--min", "2", "--max", "4", "--misere"];
    assert_eq!(
        json(&[&["bash", "7"], &range[..]].concat(), "")["outcome"],
        "P"
    );
    assert_eq!(
        json(&[&["bash", "6"], &range[..]].concat(), "")["outcome"],
        "N"
    );
}

#[test]
fn all_moves_and_huge_numbers() {
    let v = json(
        &["bash", "9", "--min", "2", "--max", "4", "--all-moves"],
        "",
    );
    assert_eq!(strings(&v["all_moves"], "to"), ["7", "6", "5"]);
    // 10^40 mod 4 = 0: lost; one more is won by taking 1.
    let big = format!("1{}", "0".repeat(40));
    assert_eq!(json(&["bash", &big, "--max", "3"], "")["outcome"], "P");
    let big_plus = format!("1{}1", "0".repeat(39));
    let v = json(&["bash", &big_plus, "--max", "3"], "");
    assert_eq!(v["winning_moves"][0]["to"], big);
}

#[test]
fn bad_input_is_one_line() {
    #[rustfmt::skip]
    assert_errors("", &[
        (&["bash", "5", "--max", "0"], "error: --max: `0` takes nothing; expected at least 1"),
        (&["bash", "5", "--max", "3", "--min", "4"], "error: --min: `4` is more than --max `3`"),
        (&["bash", "5", "--max", "3", "--min", "0"], "error: --min: `0` would allow taking nothing; expected at least 1"),
        (&["bash", "-5", "--max", "3"], "error: heap: `-5` is negative; expected a non-negative integer"),
        (&["bash", "five", "--max", "3"], "error: heap: `five` is not a non-negative integer"),
        (&["bash", "5", "--max", "-3"], "error: --max: `-3` is negative; expected a non-negative integer"),
        (&["bash", "5", "6", "--max", "3"], "error: bash: expected one heap, got 2"),
    ]);
    assert!(bad_input(&["bash", "5"], "").contains("--max"));
}
