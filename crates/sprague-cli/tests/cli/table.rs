//! `sprague table`: sequences and grids of scripted games.

use crate::{assert_refusals, bad_input, example, json, table_values};

#[test]
fn a_scripted_sequence_and_its_period() {
    let v = json(
        &[
            "table",
            "script",
            &example("subtraction-1-3-4.rhai"),
            "--upto",
            "40",
        ],
        "",
    );
    let values = table_values(&v);
    assert_eq!(values.len(), 41);
    assert_eq!(&values[..7], &[0, 1, 0, 1, 2, 3, 2]);
    assert_eq!(v["period"]["period"], 7);
    assert_eq!(v["period"]["proved"], false);
    let v = json(
        &["table", "script", &example("lasker.rhai"), "--upto", "40"],
        "",
    );
    assert_eq!(
        (
            v["period"]["preperiod"].as_u64(),
            v["period"]["period"].as_u64(),
            v["period"]["saltus"].as_u64()
        ),
        (Some(1), Some(4), Some(4))
    );
    // The built-in table of Lasker's Nim (closed form) gives the script's values (search), and
    // its period is proved.
    let built_in = json(&["table", "lasker", "--upto", "40"], "");
    assert_eq!(table_values(&built_in), table_values(&v));
    assert_eq!(v["period"]["proved"], false);
    assert_eq!(built_in["period"]["proved"], true);
    assert_eq!(
        built_in["period"],
        serde_json::json!({"preperiod": 1, "period": 4, "saltus": 4, "proved": true})
    );
    let short = json(&["table", "lasker", "--upto", "1000", "--until-proved"], "");
    assert_eq!(table_values(&short), [0, 1, 2, 4, 3, 5, 6, 8, 7]);
}

#[test]
fn a_wythoff_grid_lists_the_p_positions_and_their_rules() {
    let v = json(
        &[
            "table",
            "script",
            &example("wythoff.rhai"),
            "--grid",
            "20,20",
        ],
        "",
    );
    let p: Vec<(u64, u64)> = v["p_positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| (x[0].as_u64().unwrap(), x[1].as_u64().unwrap()))
        .collect();
    // The closed form: (⌊kφ⌋, ⌊kφ⌋ + k) and mirror images, inside the 21×21 grid.
    let mut expected = Vec::new();
    for k in 0..20u64 {
        let a = (k + (5 * k * k).isqrt()) / 2;
        for (x, y) in [(a, a + k), (a + k, a)] {
            if x <= 20 && y <= 20 && !expected.contains(&(x, y)) {
                expected.push((x, y));
            }
        }
    }
    expected.sort();
    assert_eq!(p, expected);
    let patterns: Vec<&str> = v["patterns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    assert!(
        patterns.iter().any(|p| p.starts_with("b_k − a_k = k")),
        "{patterns:?}"
    );
    assert_eq!(v["grid"].as_array().unwrap().len(), 21);
}

#[test]
fn bad_table_requests() {
    let (wythoff, lasker) = (example("wythoff.rhai"), example("lasker.rhai"));
    #[rustfmt::skip]
    assert_refusals(&[
        (&["table", "script", &wythoff, "--grid", "3"], "expected two"),
        (&["table", "script", &lasker, "--upto", "100", "--max-positions", "50"], "raise --max-positions"),
        (&["table", "script", &example("loopy-ring.rhai"), "--upto", "5"], "reached from itself"),
    ]);
}

#[test]
fn a_grid_is_drawn_to_png_and_svg() {
    let wythoff = example("wythoff.rhai");
    let dir = std::env::temp_dir();
    for ext in ["png", "svg"] {
        let path = dir.join(format!("sprague-grid-{}.{ext}", std::process::id()));
        let _ = json(
            &[
                "table",
                "script",
                &wythoff,
                "--grid",
                "30,30",
                "--plot",
                path.to_str().unwrap(),
            ],
            "",
        );
        let bytes = std::fs::read(&path).unwrap();
        if ext == "png" {
            assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        } else {
            assert!(String::from_utf8_lossy(&bytes).contains("<svg"));
        }
        std::fs::remove_file(&path).unwrap();
    }
    let gif = [
        "table",
        "script",
        &wythoff,
        "--grid",
        "3,3",
        "--plot",
        "/tmp/x.gif",
    ];
    assert!(bad_input(&gif, "").contains(".svg or .png"));
}
