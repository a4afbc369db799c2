//! `sprague turning RULE H…`: the coin-turning games (a subcommand made from the catalogue entry).

use serde_json::json;

use crate::{assert_contains, bad_input, example, json, sprague, stdout};

#[test]
fn each_rule_in_text_and_json() {
    assert_eq!(
        json(&["turning", "twins", "6", "3"], ""),
        json!({"game": "turning twins", "position": "3 6", "outcome": "N", "nim_value": 7,
               "remoteness": 1,
               "winning_moves": [{"move": "turn 3, 6", "to": "", "coins": [3, 6], "remoteness": 0}]})
    );
    let v = json(&["turning", "ruler", "4", "6"], "");
    assert_eq!(v["nim_value"], 6);
    assert_eq!(
        v["winning_moves"],
        json!([{"move": "turn 1 to 4", "to": "1 2 3 6", "run": [1, 4], "remoteness": 8},
               {"move": "turn 3 to 6", "to": "3 5", "run": [3, 6], "remoteness": 6}])
    );
    let text = stdout(&["turning", "mock-turtles", "1", "4", "7"]);
    assert!(text.starts_with("turning mock-turtles 1 4 7\n"), "{text}");
    assert_contains(
        &text,
        &[
            "nim-value: 11",
            "turn 1, 4, 7                 leaves nothing\n",
        ],
    );
    // Every winning move's `to` is a P-position.
    for rule in ["mock-turtles", "ruler", "twins"] {
        let v = json(&["turning", rule, "2", "5", "9", "12"], "");
        for m in v["winning_moves"].as_array().unwrap() {
            let mut args = vec!["turning", rule];
            args.extend(m["to"].as_str().unwrap().split_whitespace());
            assert_eq!(json(&args, "")["outcome"], "P", "{rule} {m}");
        }
    }
}

#[test]
fn big_places_and_all_moves() {
    // 2^100 alone is worth 2^100; turning it alone wins. The numbers are exact in the JSON text.
    let two_100 = "1267650600228229401496703205376";
    let out = sprague()
        .args(["turning", "ruler", two_100, "--json"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!(
            "{{\"game\":\"turning ruler\",\"position\":\"{two_100}\",\"outcome\":\"N\",\
             \"nim_value\":{two_100},\"winning_moves\":[{{\"move\":\"turn {two_100}\",\
             \"to\":\"\",\"run\":[{two_100},{two_100}]}}]}}\n"
        )
    );
    let v = json(&["turning", "mock-turtles", "--all-moves", "3"], "");
    // A head at 3: turn it alone, with 1 or 2, or with both.
    assert_eq!(v["all_moves"].as_array().unwrap().len(), 4);
}

#[test]
fn bad_input_is_one_line() {
    assert_eq!(
        bad_input(&["turning", "foo", "1"], ""),
        "error: turning: `foo` is not a coin-turning rule; the rules are mock-turtles, ruler and twins"
    );
    assert!(bad_input(&["turning", "ruler", "0"], "").contains("numbered from 1"));
    assert!(bad_input(&["turning", "twins", "2", "2"], "").contains("given twice"));
    assert!(bad_input(&["turning", "twins", "2", "--misere"], "").contains("--misere"));
}

#[test]
fn products_on_grids_by_the_tartan_theorem() {
    // Turning Corners (twins,twins): (a, b) is worth (a − 1) ⊗ (b − 1); 4 ⊗ 4 = 6.
    let v = json(&["turning", "twins,twins", "5,5"], "");
    assert_eq!(v["game"], "turning twins,twins");
    assert_eq!(v["nim_value"], 6);
    // Every winning move leaves a P-position, for every pair of rules and a few heads.
    for rule in [
        "twins,twins",
        "ruler,ruler",
        "mock-turtles,twins",
        "ruler,mock-turtles",
    ] {
        let v = json(&["turning", rule, "2,5", "4,3", "6,6"], "");
        let moves = v["winning_moves"].as_array().unwrap();
        assert_eq!(moves.is_empty(), v["outcome"] == "P", "{rule} {v}");
        for m in moves {
            assert_eq!(m["factors"].as_array().unwrap().len(), 2, "{m}");
            let mut args = vec!["turning", rule];
            args.extend(m["to"].as_str().unwrap().split_whitespace());
            assert_eq!(json(&args, "")["outcome"], "P", "{rule} {m}");
        }
    }
    // Text names the product of the factors.
    let text = stdout(&["turning", "ruler,ruler", "2,2", "1,2"]);
    assert!(text.contains("turn {2} × {1 to 2}"), "{text}");
    assert!(
        bad_input(&["turning", "twins,twins", "3"], "").contains("2 coordinates joined by commas"),
    );
}

#[test]
fn a_rule_written_as_a_script_agrees_with_the_built_in_one() {
    // examples/mock-turtles.rhai: one head a position, the heads a move leaves as a sum. By the
    // coin-turning theorem the sum of the heads has the row's value.
    let file = example("mock-turtles.rhai");
    for heads in [
        vec!["1"],
        vec!["3"],
        vec!["1", "4", "7"],
        vec!["2", "5", "9", "12"],
        vec!["6", "10", "11"],
    ] {
        let sum = heads.join(" + ");
        let scripted = json(&["script", &file, &sum], "");
        let mut args = vec!["turning", "mock-turtles"];
        args.extend(&heads);
        let built_in = json(&args, "");
        assert_eq!(scripted["nim_value"], built_in["nim_value"], "{sum}");
        assert_eq!(scripted["outcome"], built_in["outcome"], "{sum}");
        assert_eq!(
            scripted["winning_moves"].as_array().unwrap().len(),
            built_in["winning_moves"].as_array().unwrap().len(),
            "{sum}"
        );
    }
}
