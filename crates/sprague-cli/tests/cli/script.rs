//! `sprague script`: the shipped examples through the command line, and bad scripts.

use std::io::Write;

use crate::{assert_refusals, bad_input, batch, example, json};

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
}
