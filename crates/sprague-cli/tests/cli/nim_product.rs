//! `sprague nim-product A B`: a calculation of the catalogue (its subcommand is made from its
//! entry), one line of text, `{"value"}` as JSON.

use serde_json::json;

use crate::{bad_input, batch, json, sprague};

#[test]
fn one_line_of_text_and_the_value_as_json() {
    let out = sprague()
        .args(["nim-product", "16", "16"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "16 ⊗ 16 = 24\n");
    assert_eq!(json(&["nim-product", "16", "16"], ""), json!({"value": 24}));
    // 2^64 ⊗ 2^64 = 3 · 2^63, exact past a machine word.
    let x = "18446744073709551616";
    let out = sprague()
        .args(["nim-product", x, x, "--json"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "{\"value\":27670116110564327424}\n"
    );
}

#[test]
fn a_batch_multiplies_every_line() {
    let lines = batch(&["nim-product", "--batch"], "2 2\n4 4\n8 x\n", 2);
    assert_eq!(lines[0], json!({"value": 3}));
    assert_eq!(lines[1], json!({"value": 6}));
    assert!(lines[2]["error"]
        .as_str()
        .unwrap()
        .contains("second factor"));
    // A factor typed on the command line comes first on every line.
    let lines = batch(&["nim-product", "2", "--batch"], "2\n3\n", 0);
    assert_eq!(lines, [json!({"value": 3}), json!({"value": 1})]);
}

#[test]
fn bad_input_is_one_line() {
    assert_eq!(
        bad_input(&["nim-product", "-1", "2"], ""),
        "error: the first factor: `-1` is negative; expected a non-negative integer"
    );
    assert!(bad_input(&["nim-product", "3"], "").contains("got one number"));
    assert!(bad_input(&["nim-product", "3", "4", "--all-moves"], "").contains("--all-moves"));
    assert!(bad_input(&["nim-product", "3", "4", "--misere"], "").contains("--misere"));
}
