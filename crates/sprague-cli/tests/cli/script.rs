//! `sprague script`: the shipped examples through the command line, and bad scripts.

use std::io::Write;

use crate::{assert_refusals, bad_input, batch, example, json, stdout};

fn script_file(source: &str) -> tempfile_path::TempScript {
    tempfile_path::TempScript::new(source)
}

mod tempfile_path {
    pub struct TempScript(pub std::path::PathBuf);
    impl TempScript {
        pub fn new(source: &str) -> TempScript {
            use std::sync::atomic::{AtomicUsize, Ordering};
            static COUNT: AtomicUsize = AtomicUsize::new(0);
            let path = std::env::temp_dir().join(format!(
                "sprague-script-{}-{}.rhai",
                std::process::id(),
                COUNT.fetch_add(1, Ordering::Relaxed)
            ));
            let mut file = std::fs::File::create(&path).unwrap();
            super::Write::write_all(&mut file, source.as_bytes()).unwrap();
            TempScript(path)
        }
        pub fn path(&self) -> &str {
            self.0.to_str().unwrap()
        }
    }
    impl Drop for TempScript {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }
}

#[test]
fn examples_answer_like_the_built_in_games() {
    let v = json(&["script", &example("subtraction-1-3-4.rhai"), "7"], "");
    assert_eq!(
        (v["outcome"].as_str(), v["nim_value"].as_u64()),
        (Some("P"), Some(0))
    );
    let v = json(&["script", &example("wythoff.rhai"), "[3,", "6]"], "");
    assert_eq!(v["position"], "[3, 6]");
    assert_eq!(v["winning_moves"][0]["to"], "[3, 5]");
    // A sum typed on the command line: Lasker heaps 3 and 4 have values 4 and 3.
    let v = json(&["script", &example("lasker.rhai"), "3", "+", "4"], "");
    assert_eq!(v["nim_value"], 7);
    assert!(v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["move"] == "3 -> 1 + 2"));
}

#[test]
fn a_loopy_script_is_solved_with_generalised_values() {
    let v = json(&["script", &example("loopy-ring.rhai"), "1"], "");
    assert!(v["note"].as_str().unwrap().contains("reached from itself"));
    assert!(v["nim_value"].as_str().unwrap().starts_with('∞'));
}

#[test]
fn batch_reuses_the_compiled_script() {
    let lines = batch(
        &["script", &example("hdu1847-powers-of-two.rhai"), "--batch"],
        "3\n4\nx\n6\n",
        2,
    );
    let outcomes: Vec<&str> = lines
        .iter()
        .map(|l| l["outcome"].as_str().unwrap_or("error"))
        .collect();
    assert_eq!(outcomes, ["P", "N", "error", "P"]);
}

#[test]
fn bad_scripts_give_one_error_line() {
    // Each script, the arguments after its path, and what its error line says.
    #[rustfmt::skip]
    let cases: [(&str, &[&str], &str); 5] = [
        ("fn moves(n) {\n    let x = ;\n}\n", &["3"], "does not parse: line 2, column"),
        ("fn moves(n) { [\"a\"] }", &["3"], "which is not a position"),
        ("fn moves(n) { while true { } [] }", &["3", "--max-operations", "10000"], "ran more than 10000 operations"),
        ("import \"/etc/passwd\" as secrets;\nfn moves(n) { [] }", &["3"], "script failed"),
        ("fn moves(n) { [n + 1] }", &["0", "--max-positions", "1000"], "more than 1000 positions"),
    ];
    for (source, args, says) in cases {
        let s = script_file(source);
        let err = bad_input(&[&["script", s.path()][..], args].concat(), "");
        assert!(err.contains(says), "{source}: {err}");
    }
    assert_refusals(&[
        (
            &["script", &example("lasker.rhai"), "seven"],
            "`seven` is not a position",
        ),
        (&["script", "/no/such.rhai", "1"], "cannot read"),
    ]);
}

#[test]
fn misere_scripts_carry_the_genus_and_agree_with_the_built_in_code() {
    let kayles = example("kayles.rhai");
    let v = json(&["script", &kayles, "5", "--misere"], "");
    assert_eq!(v["genus"], "4^146");
    // The positions the winning moves leave, as sorted heaps.
    let leaves = |v: &serde_json::Value| {
        let mut all: Vec<Vec<u64>> = v["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                let mut heaps: Vec<u64> = m["to"]
                    .as_str()
                    .unwrap()
                    .split(|c: char| !c.is_ascii_digit())
                    .filter_map(|w| w.parse().ok())
                    .filter(|&h| h > 0)
                    .collect();
                heaps.sort_unstable();
                heaps
            })
            .collect();
        all.sort();
        all.dedup();
        all
    };
    for sum in [["3", "4", "5"], ["1", "5", "9"], ["2", "6", "7"]] {
        let script = json(&["script", &kayles, &sum.join(" + "), "--misere"], "");
        let mut args = vec!["octal", "0.77"];
        args.extend(sum);
        args.push("--misere");
        let octal = json(&args, "");
        assert_eq!(script["outcome"], octal["outcome"], "{sum:?}");
        assert_eq!(leaves(&script), leaves(&octal), "{sum:?}");
        assert!(script.get("genus").is_none());
    }
}

#[test]
fn every_sg_scripts_agree_with_the_built_in_code() {
    let kayles = example("kayles.rhai");
    for sum in [
        ["3", "4", "5"],
        ["1", "5", "9"],
        ["2", "6", "7"],
        ["8", "8", "1"],
    ] {
        let script = json(&["script", &kayles, &sum.join(" + "), "--every"], "");
        let mut args = vec!["kayles"];
        args.extend(sum);
        args.push("--every");
        let built_in = json(&args, "");
        assert_eq!(script["outcome"], built_in["outcome"], "{sum:?}");
        assert_eq!(script["steps"], built_in["steps"], "{sum:?}");
        // The move given leaves a position of even steps: lost for the opponent.
        if script["outcome"] == "N" {
            let to = script["winning_moves"][0]["to"]
                .as_str()
                .unwrap()
                .to_owned();
            let after = json(&["script", &kayles, &to, "--every"], "");
            assert_eq!(after["outcome"], "P", "{sum:?} -> {to}");
        }
    }
    // A component that is a sum is written in parentheses, as the move given writes it.
    let script = json(&["script", &kayles, "3", "--every"], "");
    assert_eq!(
        (script["outcome"].as_str(), script["steps"].as_u64()),
        (Some("N"), Some(3))
    );
    assert_eq!(script["winning_moves"][0]["to"], "(1 + 1)");
    for (typed, heaps) in [
        ("(1 + 1)", "1+1"),
        ("(2 + 3) + 6", "2+3 6"),
        ("() + (1 + 4)", "0 1+4"),
    ] {
        let script = json(&["script", &kayles, typed, "--every"], "");
        let mut args = vec!["kayles", "--every"];
        args.extend(heaps.split(' '));
        let built_in = json(&args, "");
        assert_eq!(script["outcome"], built_in["outcome"], "{typed}");
        assert_eq!(script["steps"], built_in["steps"], "{typed}");
    }
    assert!(bad_input(&["kayles", "3", "--every", "--misere"], "").contains("--every"));
}

#[test]
fn parameters_reach_the_script_as_constants() {
    let file = example("subtraction.rhai");
    // One file, two sets: {1, 3, 4} has period 7 with P at 0 and 2 (mod 7); {1, 2} is n % 3.
    let v = json(&["script", &file, "7", "--param", "S=1,3,4"], "");
    assert_eq!(
        (v["outcome"].as_str(), v["nim_value"].as_u64()),
        (Some("P"), Some(0))
    );
    let v = json(&["script", &file, "7", "--param", "S=1,2"], "");
    assert_eq!(v["nim_value"], 1);
    let v = json(
        &[
            "table", "script", &file, "--upto", "60", "--param", "S=1,3,4",
        ],
        "",
    );
    let built_in = json(
        &["table", "subtraction", "--set", "1,3,4", "--upto", "60"],
        "",
    );
    assert_eq!(v["values"], built_in["values"]);
    // A missing or bad parameter is one line, naming it.
    let err = bad_input(&["script", &file, "7"], "");
    assert!(
        err.contains("`S` is no variable in scope there, nor a parameter"),
        "{err}"
    );
    let err = bad_input(&["script", &file, "7", "--param", "S=1,x"], "");
    assert!(err.contains("parameter S: `x` is not an integer"), "{err}");
}

#[test]
fn until_proved_tables_a_script_by_the_theorem_of_its_code() {
    let v = json(
        &[
            "table",
            "script",
            &example("subtraction.rhai"),
            "--param",
            "S=2,5,6",
            "--upto",
            "100000",
            "--until-proved",
        ],
        "",
    );
    // The same table `table octal` gives for the code the script plays.
    let octal = json(
        &[
            "table",
            "octal",
            "0.030033",
            "--upto",
            "100000",
            "--until-proved",
        ],
        "",
    );
    assert_eq!(v["values"], octal["values"], "{v}");
    assert_eq!(v["period"], octal["period"]);
    assert_eq!(v["period"]["proved"], true);
    let note = v["note"].as_str().unwrap();
    assert!(
        note.contains("octal 0.030033 on every heap 0..=512"),
        "{note}"
    );
    let err = bad_input(
        &[
            "table",
            "script",
            &example("lasker.rhai"),
            "--upto",
            "1000",
            "--until-proved",
        ],
        "",
    );
    assert!(err.contains("no code of fixed length"), "{err}");
    // Positions that are pairs: the reason is that they are not heaps, with the script's error.
    let err = bad_input(
        &[
            "table",
            "script",
            &example("wythoff.rhai"),
            "--upto",
            "100",
            "--until-proved",
        ],
        "",
    );
    assert!(
        err.contains("the script fails on heap 0, so its positions are not heaps"),
        "{err}"
    );
}

#[test]
fn a_move_that_wins_at_once_is_written_win_and_decides_every_sum() {
    let file = &example("cutting.rhai");
    // POJ 2311's sample: 2×2 and 3×2 lose, 4×2 wins (by cutting it into two 2×2 sheets).
    for (sheet, outcome) in [("[2, 2]", "P"), ("[3, 2]", "P"), ("[4, 2]", "N")] {
        assert_eq!(
            json(&["script", file, sheet], "")["outcome"],
            outcome,
            "{sheet}"
        );
    }
    assert_eq!(
        json(&["script", file, "[4, 2]"], "")["winning_moves"][0]["to"],
        "[2, 2] + [2, 2]"
    );
    // A strip of width 1 wins at once in any sum: no nim-value, the move is `-> win`, with no
    // position after it.
    let v = json(&["script", file, "[2, 2] + [1, 5]"], "");
    assert_eq!(
        (v["outcome"].as_str(), v["nim_value"].is_null()),
        (Some("N"), true)
    );
    assert_eq!(v["winning_moves"][0]["move"], "[1, 5] -> win");
    assert!(v["winning_moves"][0].get("to").is_none(), "{v}");
    // Listing every move: the win first, and moves into a sheet that wins at once lead to N.
    let v = json(&["script", file, "[2, 2]", "--all-moves"], "");
    let all = v["all_moves"].as_array().unwrap();
    assert!(all.iter().all(|m| m["outcome"] == "N"), "{v}");
    let text = stdout(&["script", file, "[1, 3]", "--all-moves"]);
    assert!(text.contains("[1, 3] -> win   wins at once"), "{text}");
    assert_refusals(&[
        (&["script", file, "[2, 2]", "--misere"], "normal play only"),
        (&["script", file, "[2, 2]", "--every"], "normal play only"),
        (
            &["table", "script", file, "--upto", "10", "--until-proved"],
            "moves that win at once",
        ),
        (
            &["table", "script", file, "--grid", "3,3", "--plot", "g.svg"],
            "--out and --plot are for tables of values only",
        ),
    ]);
}

#[test]
fn tables_leave_the_positions_that_win_at_once_without_a_value() {
    let v = json(
        &["table", "script", &example("cutting.rhai"), "--grid", "3,3"],
        "",
    );
    assert_eq!(
        v["grid"],
        serde_json::json!([
            [0, 0, 1, 0],
            [0, 0, null, null],
            [1, null, 0, 0],
            [0, null, 0, 0]
        ])
    );
    assert_eq!(
        v["wins_at_once"],
        serde_json::json!([[1, 2], [1, 3], [2, 1], [3, 1]])
    );
    assert!(!v["p_positions"]
        .as_array()
        .unwrap()
        .contains(&serde_json::json!([1, 2])));
    let text = stdout(&["table", "script", &example("cutting.rhai"), "--grid", "3,3"]);
    assert!(text.contains("   1: * * W W"), "{text}");
    // Take 1 or 2, and 3 may be won at once: G(4) = mex{G(2)} = 0, then period 3 again.
    let take = script_file(
        "fn moves(n) { let r = []; if n == 3 { r.push(win()); } \
         for t in [1, 2] { if t <= n { r.push(n - t); } } r }",
    );
    let v = json(&["table", "script", take.path(), "--upto", "30"], "");
    let values = v["values"].as_array().unwrap();
    assert!(values[3].is_null());
    assert_eq!(
        values[4..10],
        serde_json::json!([0, 1, 2, 0, 1, 2]).as_array().unwrap()[..]
    );
    assert_eq!(v["wins_at_once"], serde_json::json!([3]));
    assert_eq!(
        (
            v["period"]["period"].as_u64(),
            v["period"]["preperiod"].as_u64()
        ),
        (Some(3), Some(4))
    );
}
