//! `sprague wythoff`.

use std::time::{Duration, Instant};

use num_bigint::BigUint;
use num_integer::Integer;
use serde_json::json;

use crate::{
    assert_contains, assert_errors, bad_input, batch, json, numbers, sprague, stdout, strings,
};

#[test]
fn json_lists_the_move_from_both_heaps_and_from_one() {
    // HDU 2177: from (5, 8) the winning moves reach (4, 7) and (3, 5).
    assert_eq!(
        json(&["wythoff", "5", "8"], ""),
        json!({"game":"wythoff","position":"5 8","outcome":"N","nim_value":2,"remoteness":5,
               "winning_moves":[{"move":"both: take 1 -> 4 7","to":"4 7","remoteness":6},
                                {"move":"heap 2: 8 -> 3","to":"5 3","heap":2,"remoteness":4}]})
    );
    let v = json(&["wythoff", "2", "2"], "");
    assert_eq!(strings(&v["winning_moves"], "to"), ["0 0", "1 2", "2 1"]);
}

#[test]
fn hdu_1527_samples() {
    for (a, b, lost) in [
        ("2", "1", true),
        ("8", "4", false),
        ("4", "7", true),
        ("1", "2", true),
    ] {
        let v = json(&["wythoff", a, b], "");
        assert_eq!(v["outcome"], if lost { "P" } else { "N" }, "{a} {b}");
        assert_eq!(v["winning_moves"].as_array().unwrap().is_empty(), lost);
    }
}

#[test]
fn text_output_names_outcome_value_and_moves() {
    let text = stdout(&["wythoff", "5", "8"]);
    assert_contains(
        &text,
        &[
            "outcome:   N (the player to move wins)",
            "nim-value: 2",
            "both: take 1 -> 4 7",
            "heap 2: 8 -> 3",
        ],
    );
}

#[test]
fn all_moves_and_batch() {
    let v = json(&["wythoff", "3", "5", "--all-moves"], "");
    let all = v["all_moves"].as_array().unwrap();
    assert_eq!(all.len(), 3 + 5 + 3);
    assert!(all.iter().all(|m| m["outcome"] == "N"));
    assert!(
        bad_input(&["wythoff", "1000000", "1000000", "--all-moves"], "")
            .contains("--all-moves would list 3000000 moves")
    );

    let lines = batch(&["wythoff", "--batch"], "1 2\n3\n6 10\n", 2);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["outcome"], "P");
    assert_eq!(lines[1]["error"], "wythoff: expected two heaps, got 1");
    assert_eq!(lines[2]["outcome"], "P");
}

#[test]
fn bad_positions() {
    #[rustfmt::skip]
    assert_errors("", &[
        (&["wythoff", "3"], "error: wythoff: expected two heaps, got 1"),
        (&["wythoff", "3", "4", "5"], "error: wythoff: expected two heaps, got 3"),
        (&["wythoff", "3", "-4"], "error: heap 2: `-4` is negative; expected a non-negative integer"),
        (&["wythoff", "x", "4"], "error: heap 1: `x` is not a non-negative integer"),
    ]);
    assert!(bad_input(&["wythoff"], "").contains("required"));
}

/// ⌊kφ⌋ from two convergents F_{n+1}/F_n of φ on either side of it, with no square root; panics
/// if they do not pin it down.
fn floor_k_phi(k: &BigUint) -> BigUint {
    let (mut f, mut g) = (BigUint::from(0u32), BigUint::from(1u32)); // F_0, F_1
    let digits = k.to_string().len();
    // F_n ≈ φ^n/√5 gains 0.2 digits per step; make F_n² exceed k by 100 digits.
    let n = (digits + 100) * 5 / 2 * 2 + 1; // odd
    for _ in 0..n {
        let h = &f + &g;
        f = g;
        g = h;
    }
    // Now (f, g) = (F_n, F_{n+1}) with n odd: F_{n+1}/F_n < φ < F_{n+2}/F_{n+1}.
    let h = &f + &g;
    let below = k * &g / &f;
    let above = (k * &h).div_ceil(&g) - 1u32;
    assert_eq!(below, above, "convergents too coarse");
    below
}

#[test]
fn a_thousand_digit_position_is_answered_exactly_and_fast() {
    let k: BigUint = BigUint::parse_bytes(format!("3{}7", "1".repeat(998)).as_bytes(), 10).unwrap();
    let a = floor_k_phi(&k);
    let b = &a + &k;
    assert_eq!(b.to_string().len(), 1000);

    let start = Instant::now();
    let out = sprague()
        .args(["wythoff", &a.to_string(), &b.to_string(), "--json"])
        .output()
        .unwrap();
    assert!(start.elapsed() < Duration::from_secs(5));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["nim_value"], serde_json::Value::Null);
    assert!(v["note"].as_str().unwrap().contains("no known closed form"));
    assert_eq!(v["winning_moves"], json!([]));

    // Seven more in each heap, the larger heap first: taking 7 from both wins, and any other
    // winning move listed must land on a P-position too.
    let (x, y) = (&b + 7u32, &a + 7u32);
    let v = json(&["wythoff", &x.to_string(), &y.to_string()], "");
    assert_eq!(v["outcome"], "N");
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves[0]["move"], format!("both: take 7 -> {b} {a}"));
    assert_eq!(moves[0]["to"], format!("{b} {a}"));
    for m in &moves[1..] {
        // A single-heap move lands on a P-position: check it by the independent ⌊kφ⌋.
        let to: Vec<BigUint> = numbers(m["to"].as_str().unwrap());
        let (small, large) = (
            to[0].clone().min(to[1].clone()),
            to[0].clone().max(to[1].clone()),
        );
        assert_eq!(floor_k_phi(&(&large - &small)), small, "{m}");
    }
    // One more token on the larger heap: heap 1 goes back to b.
    let v = json(&["wythoff", &(&b + 1u32).to_string(), &a.to_string()], "");
    assert_eq!(v["outcome"], "N");
    assert!(v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["to"] == format!("{b} {a}") && m["heap"] == 1));
}
