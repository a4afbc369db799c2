//! `sprague octal`, the named heap games, and their tables.

use crate::{bad_input, json, table_values};

#[test]
fn kayles_and_octal_agree_and_winning_moves_lose() {
    let named = json(&["kayles", "5", "7"], "");
    let coded = json(&["octal", "0.77", "5", "7"], "");
    assert_eq!(named["nim_value"], coded["nim_value"]);
    // Kayles: G(5) = 4, G(7) = 2 (OEIS A002186).
    assert_eq!(named["nim_value"], 6);
    for m in named["winning_moves"].as_array().unwrap() {
        let to: Vec<&str> = m["to"].as_str().unwrap().split(' ').collect();
        let mut args = vec!["kayles"];
        args.extend(to);
        assert_eq!(json(&args, "")["outcome"], "P", "{m}");
    }
}

#[test]
fn bad_codes_and_heaps_are_refused_in_one_line() {
    assert!(bad_input(&["octal", "077", "3"], "").contains("point"));
    assert!(bad_input(&["octal", "0.7g", "3"], "").contains("'g'"));
    assert!(bad_input(&["octal", "2.7", "3"], "").contains("pass"));
    assert!(bad_input(&["kayles", "-3"], "").contains("-3"));
    assert!(bad_input(&["table", "octal", "0.", "--upto", "5"], "").contains("no move"));
}

#[test]
fn tables_give_the_proved_periods() {
    let v = json(&["table", "octal", "0.07", "--upto", "200"], "");
    assert_eq!(v["family"], "octal 0.07");
    assert_eq!(v["values"].as_array().unwrap().len(), 201);
    assert_eq!(v["period"]["preperiod"], 53);
    assert_eq!(v["period"]["period"], 34);
    assert_eq!(v["period"]["proved"], true);
    let v = json(
        &["table", "dawson", "--upto", "100000", "--until-proved"],
        "",
    );
    assert_eq!(v["upto"], 175);
    let v = json(&["table", "grundys-game", "--upto", "20"], "");
    let values = table_values(&v);
    // OEIS A002188.
    assert_eq!(
        values,
        [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
    );
    // Officers (0.6): OEIS A046695, from n = 0.
    let v = json(&["table", "officers", "--upto", "101"], "");
    assert_eq!(v["family"], "officers");
    assert_eq!(
        table_values(&v),
        [
            0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2, 1, 3, 2, 1, 0, 2, 1, 4, 5, 1, 4, 5, 1,
            2, 0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 1, 0, 2, 8, 4, 5, 3, 4, 5, 6, 2, 5, 1,
            2, 3, 1, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3, 0, 2, 3, 4, 5, 3, 4, 5, 6, 4, 5, 6, 2, 3, 1,
            2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3, 0, 2, 3, 4
        ]
    );
    assert_eq!(
        json(&["officers", "5", "7"], "")["nim_value"],
        json(&["octal", "0.6", "5", "7"], "")["nim_value"]
    );
    let v = json(
        &["table", "subtraction", "--set", "1,3,4", "--upto", "20"],
        "",
    );
    assert_eq!(v["period"]["period"], 7);
    let v = json(&["table", "bash", "--max", "3", "--upto", "20"], "");
    assert_eq!(v["period"]["period"], 4);
}

#[test]
fn out_writes_the_values_file_and_json_omits_them() {
    let dir = std::env::temp_dir().join(format!("sprague-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("g.bin");
    std::fs::write(&path, b"old").unwrap();
    let v = json(
        &[
            "table",
            "grundys-game",
            "--upto",
            "39",
            "--out",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert!(v.get("values").is_none());
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(&bytes[..9], b"SPRGSEQ1\x01");
    assert_eq!(u64::from_le_bytes(bytes[16..24].try_into().unwrap()), 40);
    // OEIS A002188 from n = 13.
    assert_eq!(&bytes[24 + 13..24 + 20], &[3, 2, 1, 3, 2, 4, 3]);
    assert!(!dir.join("g.bin.part").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tables_give_arithmetic_periods_with_their_saltus() {
    // 0.28 (take one; or take two and leave three heaps): G(n + 53) = G(n) + 16 from n = 1.
    let v = json(&["table", "octal", "0.28", "--upto", "400"], "");
    let values = table_values(&v);
    assert!((1..=400 - 53).all(|n| values[n + 53] == values[n] + 16));
    assert_eq!(v["period"]["preperiod"], 1);
    assert_eq!(v["period"]["period"], 53);
    assert_eq!(v["period"]["saltus"], 16);
    assert_eq!(v["period"]["proved"], true);
    // 0.3F: G(n + 6) = G(n) + 3, seen but outside the saltus test.
    let v = json(&["table", "octal", "0.3F", "--upto", "100"], "");
    assert_eq!(v["period"]["saltus"], 3);
    assert_eq!(v["period"]["proved"], false);
    // 0.8: G(n) = ⌊(n − 1)/3⌋ for n ≥ 1, so a heap of 10^24 has 333…333 (24 digits).
    let out = super::sprague()
        .args(["octal", "0.8", "1000000000000000000000000", "--json"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let exact = format!("\"nim_value\":{},", "3".repeat(24));
    assert!(text.contains(&exact), "{text}");
}

#[test]
fn misere_heap_games_carry_the_genus_and_their_winning_moves_lose() {
    // Winning Ways / CGSuite: Kayles' heap 5 has genus 4^146, Grundy's game's heap 13 3^1431.
    let v = json(&["kayles", "5", "--misere"], "");
    assert_eq!(v["genus"], "4^146");
    assert_eq!(v["nim_value"], serde_json::Value::Null);
    assert_eq!(
        json(&["grundys-game", "13", "--misere"], "")["genus"],
        "3^1431"
    );
    assert_eq!(json(&["octal", "0.77", "2", "--misere"], "")["genus"], "2");
    // A sum: no genus; every winning move leaves a misère P-position.
    let v = json(&["octal", "0.77", "3", "4", "5", "--misere"], "");
    assert!(v.get("genus").is_none());
    assert_eq!(v["outcome"], "N");
    for m in v["winning_moves"].as_array().unwrap() {
        let mut args = vec!["octal", "0.77"];
        args.extend(m["to"].as_str().unwrap().split(' '));
        args.push("--misere");
        assert_eq!(json(&args, "")["outcome"], "P", "{m}");
    }
    // Dawson's Kayles' small heaps are tame: the sum is decided from the genera.
    let v = json(&["dawson", "8", "9", "--misere"], "");
    assert!(v["note"].as_str().unwrap().contains("Conway"), "{v}");
    assert!(bad_input(&["treblecross", "5", "--misere"], "").contains("misère"));
}

#[test]
fn every_sg_moves_a_split_heap_inside_its_component() {
    // Issue #39: a lone heap is plain Kayles under Every-SG, and Kayles 3 is won (the middle
    // pin leaves 1+1, one component that moves once a turn: two more turns).
    let v = json(&["kayles", "3", "--every"], "");
    assert_eq!(
        (v["outcome"].as_str(), v["steps"].as_u64()),
        (Some("N"), Some(3))
    );
    assert_eq!(v["winning_moves"][0]["to"], "1+1");
    let after = json(&["kayles", "1+1", "--every"], "");
    assert_eq!(
        (after["outcome"].as_str(), after["steps"].as_u64()),
        (Some("P"), Some(2))
    );
    // The same component typed with spaces, and through octal.
    assert_eq!(
        json(&["octal", "0.77", "1", "+", "1", "--every"], "")["position"],
        "1+1"
    );
    // Every move given leaves a lost position, pasted back as it is written.
    for position in [["5", "7"], ["2+3", "6"], ["4", "1+1"]] {
        let mut args = vec!["kayles"];
        args.extend(position);
        args.push("--every");
        let v = json(&args, "");
        if v["outcome"] == "N" {
            let to = v["winning_moves"][0]["to"].as_str().unwrap().to_owned();
            let mut args = vec!["kayles"];
            args.extend(to.split(' '));
            args.push("--every");
            assert_eq!(json(&args, "")["outcome"], "P", "{position:?} -> {to}");
        }
    }
    assert!(bad_input(&["kayles", "3+", "--every"], "").contains("a `+` needs a heap"));
}
