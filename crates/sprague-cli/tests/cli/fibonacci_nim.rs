//! `sprague fibonacci-nim`: a game with no command-line code of its own (its subcommand is made
//! from its catalogue entry).

use serde_json::json;

use crate::{bad_input, batch, json};

#[test]
fn the_start_the_take_before_and_a_batch() {
    assert_eq!(
        json(&["fibonacci-nim", "100"], ""),
        json!({"game":"fibonacci-nim","position":"100","outcome":"N","nim_value":12,
               "remoteness":69,
               "winning_moves":[{"move":"take 3 -> 97","to":"97 3","remoteness":74},
                                {"move":"take 11 -> 89","to":"89 11","remoteness":68}]})
    );
    // A move's `to` typed back, or the take before as --last: the same position.
    assert_eq!(
        json(&["fibonacci-nim", "89", "11"], ""),
        json(&["fibonacci-nim", "89", "--last", "11"], "")
    );
    assert_eq!(json(&["fibonacci-nim", "89", "11"], "")["outcome"], "P");
    // Starts at Fibonacci numbers are lost, at any size (F(301) has 63 digits).
    let f301 = "359579325206583560961765665172189099052367214309267232255589801";
    let v = json(&["fibonacci-nim", f301], "");
    assert_eq!(v["outcome"], "P");
    assert!(v["note"].as_str().unwrap().contains("exact at any size"));
    let outcomes: Vec<_> = batch(&["fibonacci-nim", "--batch"], "8\n9\n", 0)
        .iter()
        .map(|v| v["outcome"].clone())
        .collect();
    assert_eq!(outcomes, [json!("P"), json!("N")]);
}

#[test]
fn bad_input_is_one_line() {
    assert!(bad_input(&["fibonacci-nim", "5", "1", "--last", "2"], "").contains("given twice"));
    assert!(bad_input(&["fibonacci-nim", "x"], "").contains("the heap"));
    assert!(bad_input(&["fibonacci-nim", "5", "--misere"], "").contains("--misere"));
}
