//! `sprague hackenbush`: the judges' samples, big inputs, and bad files.

use serde_json::json;

use crate::{assert_fields, assert_input_errors, bad_input, json};

#[test]
fn poj_3710_sample_sally_wins() {
    // POJ 3710 (Christmas Game) sample: two trees, `2 1 / 1 2` and `4 4 / 1 2 / 2 3 / 2 4 / 3 4`,
    // answer "Sally" (the first player wins). A sum of games on one ground: glue the roots.
    assert_fields(
        &json(&["hackenbush", "-"], "5 5\n1 2\n1 3\n3 4\n3 5\n4 5\n"),
        json!({
            "outcome": "N",
            // 1 (an edge) xor 2 (a triangle on a stalk).
            "nim_value": 3,
            // The only cut to 0 is the triangle's edge away from the stalk: the second tree
            // becomes a fork, (1 xor 1) + 1 = 1, and 1 xor 1 = 0.
            "winning_moves": [{"move": "cut edge 5: 4-5", "edge": 5, "remoteness": 4}]
        }),
    );
}

#[test]
fn all_moves_lists_every_cut_with_its_value() {
    let v = json(
        &["hackenbush", "-", "--all-moves"],
        "4 4\n1 2\n2 3\n3 4\n4 2\n",
    );
    let all = v["all_moves"].as_array().unwrap();
    assert_eq!(all.len(), 4);
    // Cutting the stalk leaves nothing; cutting a triangle edge at the stalk leaves a path of
    // three (3); cutting the far edge leaves a fork ((1 xor 1) + 1 = 1).
    let values: Vec<u64> = all
        .iter()
        .map(|m| m["nim_value"].as_u64().unwrap())
        .collect();
    assert_eq!(values, [0, 3, 1, 3]);
    assert_eq!(all[0]["outcome"], "P");
    // Cutting the stalk ends the game; every other cut leaves a graph on a stalk, won by
    // cutting the stalk.
    let remoteness: Vec<u64> = all
        .iter()
        .map(|m| m["remoteness"].as_u64().unwrap())
        .collect();
    assert_eq!(remoteness, [0, 1, 1, 1]);
    assert_eq!(v["remoteness"], 1);
    assert_eq!(
        v["winning_moves"],
        json!([{"move": "cut edge 1: 1-2", "edge": 1, "remoteness": 0}])
    );
}

#[test]
fn a_million_edges_are_answered() {
    // A path of 10^6 edges from the ground (depth 10^6: no recursion), value 10^6.
    let n = 1_000_000u32;
    let mut input = format!("{} {}\n", n + 1, n);
    for v in 1..=n {
        input.push_str(&format!("{v} {}\n", v + 1));
    }
    let v = json(&["hackenbush", "-"], &input);
    assert_eq!(v["nim_value"], n);
    assert_eq!(
        v["winning_moves"],
        json!([{"move": "cut edge 1: 1-2", "edge": 1}])
    );
}

#[test]
fn bad_files_give_one_error_line() {
    #[rustfmt::skip]
    assert_input_errors(&["hackenbush", "-"], &[
        ("3 1\n1 4\n", "error: -: line 2: edge 1: second vertex 4 is not in 1..=3"),
        ("3 -1\n", "error: -: line 1: the edge count m: `-1` is negative; expected a non-negative integer"),
        ("3 1\n1 x\n", "error: -: line 2: edge 1: `x` is not a non-negative integer"),
        ("0 0\n", "error: -: line 1: the vertex count n is 0; expected at least 1"),
    ]);
    assert!(bad_input(&["hackenbush", "-"], "100000000000 1\n").contains("supported"));
}

#[test]
fn hdu_3094_sample_alice_bob_alice() {
    // HDU 3094 (A tree game) sample: three trees rooted at 1; answers Alice, Bob, Alice
    // (N, P, N for the player to move).
    let cases = [
        ("3 2\n1 2\n2 3\n", "N"),
        ("3 2\n1 2\n1 3\n", "P"),
        ("10 9\n6 2\n4 3\n8 4\n9 5\n8 6\n2 7\n5 8\n1 9\n6 10\n", "N"),
    ];
    for (input, outcome) in cases {
        assert_eq!(
            json(&["hackenbush", "-"], input)["outcome"],
            outcome,
            "{input}"
        );
    }
}
