//! `sprague solve triangle-war | tictactoe | connect4`.

use serde_json::json;

use crate::{assert_contains, assert_errors, bad_input, batch, json, stdout};

#[test]
fn triangle_war_from_the_empty_board_b_wins_6_to_3() {
    let v = json(&["solve", "triangle-war", "--stats"], "");
    assert_eq!(v["value"], -3);
    assert_eq!(v["winner"], "B");
    assert_eq!(v["to_move"], "A");
    assert!(v["stats"]["nodes"].as_u64().unwrap() > 0);
    assert!(v["stats"]["time_ms"].as_f64().is_some());
    assert!(
        v["stats"].get("forced").is_none(),
        "Connect Four's count only"
    );
    assert!(!v["best_moves"].as_array().unwrap().is_empty());
}

#[test]
fn triangle_war_poj_1085_sample() {
    let games = [
        ("2-4 4-5 5-9 3-6 2-5 3-5", "B"),
        ("2-4 4-5 5-9 3-6 2-5 3-5 7-8", "A"),
        ("1-2 2-3 1-3 2-4 2-5 4-5", "A"),
        ("1-2 2-5 3-6 5-8 4-7 6-10 2-4 4-5 4-8 7-8", "B"),
    ];
    for (moves, winner) in games {
        let v = json(&["solve", "triangle-war", "--moves", moves], "");
        assert_eq!(v["winner"], winner, "{moves}");
    }
    let v = json(
        &[
            "solve",
            "triangle-war",
            "--moves",
            "2-4 4-5 5-9 3-6 2-5 3-5",
        ],
        "",
    );
    assert_eq!(
        v,
        json!({"game":"triangle-war","position":"2-4 4-5 5-9 3-6 2-5 3-5","to_move":"B",
               "value":-5,"winner":"B","triangles":[1,0],
               "best_moves":[{"move":"2-3","to":"2-4 4-5 5-9 3-6 2-5 3-5 2-3"},
                             {"move":"5-6","to":"2-4 4-5 5-9 3-6 2-5 3-5 5-6"}]})
    );
}

#[test]
fn triangle_war_text_and_batch() {
    let text = stdout(&["solve", "triangle-war", "--moves", "1-2,2-3,1-3"]);
    assert_contains(&text, &["so far:   A 1, B 0", "to move:  A"]);
    let lines = batch(&["solve", "triangle-war", "--batch"], "1-2\n\n1-4\n", 2);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["position"], "1-2");
    assert_eq!(lines[1]["line"], 3);
    assert_eq!(lines[1]["error"], "move 1 `1-4`: there is no line 1-4");
}

#[test]
fn tictactoe_values() {
    let v = json(&["solve", "tictactoe"], "");
    assert_eq!(v["value"], 0);
    assert_eq!(v["position"], ".........");
    let v = json(&["solve", "tictactoe", "xx.oo...."], "");
    assert_eq!(v["value"], 1);
    assert_eq!(v["remoteness"], 1);
    assert_eq!(
        v["best_moves"],
        json!([{"move":"x in cell 3","to":"xxxoo....","remoteness":0}])
    );
    let text = stdout(&["solve", "tictactoe", "xx.oo...."]);
    assert!(
        text.contains("\nremoteness: 1 (the player to move wins in 1 move)\n"),
        "{text}"
    );
    // A draw has none.
    assert_eq!(v_remoteness(&["solve", "tictactoe"]), None);
    // o to move, x threatens cells 3 and 7: lost.
    let v = json(&["solve", "tictactoe", "xx.xo...o"], "");
    assert_eq!(v["value"], -1);
    assert_eq!(v["to_move"], "o");
    // Opposite corners against the centre: o draws by playing an edge.
    let v = json(&["solve", "tictactoe", "x...o...x"], "");
    assert_eq!(v["value"], 0);
    // A finished game: x has a line, o to move has lost.
    let v = json(&["solve", "tictactoe", "xxxoo...."], "");
    assert_eq!(v["value"], -1);
    assert_eq!(v["to_move"], serde_json::Value::Null);
    assert_eq!(v["best_moves"], json!([]));
}

#[test]
fn connect4_scores_of_the_test_sets() {
    // First lines of Test_L3_R1, Test_L2_R1 and Test_L1_R1.
    for (seq, score) in [
        ("2252576253462244111563365343671351441", -1i64),
        ("7422341735647741166133573473242566", 1),
        ("23163416124767223154467471272416755633", 0),
    ] {
        let v = json(&["solve", "connect4", seq], "");
        assert_eq!(v["score"], score, "{seq}");
        let v = json(&["solve", "connect4", seq, "--weak", "--score-only"], "");
        assert_eq!(v["score"], score.signum(), "{seq}");
        assert!(v.get("best_moves").is_none());
    }
    let lines = batch(
        &["solve", "connect4", "--batch", "--score-only", "--stats"],
        "2252576253462244111563365343671351441\n7422341735647741166133573473242566\n",
        0,
    );
    let scores: Vec<i64> = lines.iter().map(|v| v["score"].as_i64().unwrap()).collect();
    assert_eq!(scores, [-1, 1]);
}

#[test]
fn connect4_on_two_threads() {
    // The first line of Test_L2_R2 and the second of Test_L1_R2, with their scores.
    for (seq, score) in [("274552224131661", 0i64), ("335662333565", -2)] {
        let v = json(&["solve", "connect4", seq, "--threads", "2", "--stats"], "");
        assert_eq!(v["score"], score, "{seq}");
        let nodes = v["stats"]["nodes"].as_u64().unwrap();
        let forced = v["stats"]["forced"].as_u64().unwrap();
        assert!(0 < forced && forced < nodes, "{seq}: {forced} of {nodes}");
    }
    let error = bad_input(&["solve", "connect4", "4", "--threads", "0"], "");
    assert!(error.contains("--threads"), "{error}");
}

#[test]
fn connect4_immediate_win_and_finished_game() {
    // Three stones of the first player stacked in column 1: it wins now with its 4th stone.
    let v = json(&["solve", "connect4", "121212"], "");
    assert_eq!(v["score"], 18);
    assert_eq!(v["remoteness"], 1);
    assert_eq!(
        v["best_moves"],
        json!([{"move":"1","to":"1212121","remoteness":0}])
    );
    let v = json(&["solve", "connect4", "1212121"], "");
    assert_eq!(v["score"], -18);
    assert_eq!(v["remoteness"], 0);
    // The score -2 after 4453: the opponent wins with its second-last stone, move 40 of 42,
    // 36 moves from here; with --weak only the sign is known, and no remoteness.
    assert_eq!(v_remoteness(&["solve", "connect4", "4453"]), Some(36));
    assert_eq!(v_remoteness(&["solve", "connect4", "4453", "--weak"]), None);
    assert_eq!(v["to_move"], serde_json::Value::Null);
    // --all-moves: the win at once scores 18; every other move loses.
    let v = json(&["solve", "connect4", "121212", "--all-moves"], "");
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 7);
    assert_eq!(moves[0], json!({"column": 1, "score": 18}));
    for m in &moves[1..] {
        assert!(m["score"].as_i64().unwrap() < 0, "{m}");
    }
    let text = stdout(&["solve", "connect4", "121212", "--all-moves"]);
    assert!(text.contains("moves:    1: 18, 2: -"), "{text}");
    // A finished game has no moves.
    let v = json(&["solve", "connect4", "1212121", "--all-moves"], "");
    assert_eq!(v["moves"], json!([]));
}

#[test]
fn connect4_on_other_boards() {
    // 6 × 4: the second player wins on the last move (published), score −1; every first move
    // keeps that value.
    let v = json(&["solve", "connect4", "--width", "6", "--height", "4"], "");
    assert_eq!(v["score"], -1);
    assert_eq!(
        (v["width"].as_u64(), v["height"].as_u64()),
        (Some(6), Some(4))
    );
    assert_eq!(v["best_moves"].as_array().unwrap().len(), 6);
    // The standard board's answer has no width or height fields.
    let v = json(&["solve", "connect4", "121212", "--score-only"], "");
    assert!(v.get("width").is_none() && v.get("height").is_none());
    // A board wider than 9: columns as numbers with commas, and so are the positions after.
    let args = [
        "solve", "connect4", "--width", "10", "--height", "2", "10,1",
    ];
    let v = json(&args, "");
    assert_eq!(v["score"], 0);
    for mv in v["best_moves"].as_array().unwrap() {
        let to = mv["to"].as_str().unwrap();
        assert_eq!(to, format!("10,1,{}", mv["move"].as_str().unwrap()));
        // Each position after a best move keeps the draw for the other player.
        let mut after = args.to_vec();
        after[6] = to;
        let w = json(&[&after[..], &["--score-only"]].concat(), "");
        assert_eq!(w["score"], 0, "{to}");
    }
    // On a board wider than 9 a lone `10` is one move, in column 10.
    let v = json(
        &[
            "solve",
            "connect4",
            "--width",
            "10",
            "--height",
            "2",
            "10",
            "--score-only",
        ],
        "",
    );
    assert_eq!(
        (v["position"].as_str(), v["to_move"].as_str()),
        (Some("10"), Some("2"))
    );
    // --batch on another board, and --memory.
    let lines = batch(
        &[
            "solve", "connect4", "--width", "5", "--height", "4", "--batch", "--json", "--memory",
            "64K",
        ],
        "3\n33\n1\n",
        0,
    );
    let scores: Vec<i64> = lines.iter().map(|v| v["score"].as_i64().unwrap()).collect();
    // After an edge opening the second player wins (score 1 for the player to move).
    assert_eq!(scores, [0, 0, 1]);
    #[rustfmt::skip]
    assert_errors("", &[
        (&["solve", "connect4", "--width", "8", "--height", "8"], "error: no 8×8 board: each side at least 1, and width × (height + 1) at most 64 (the bitboard's bits)"),
        (&["solve", "connect4", "--width", "5", "--height", "5", "16"], "error: connect4 `16`: move 2 is '6', expected a column 1-5"),
        (&["solve", "connect4", "--memory", "lots", "44"], "error: --memory `lots`: expected bytes, or a number with K, M or G"),
    ]);
    assert!(bad_input(&["solve", "connect4", "--memory", "100", "44"], "").contains("too small"));
}

#[test]
fn bad_positions() {
    #[rustfmt::skip]
    assert_errors("", &[
        (&["solve", "triangle-war", "--moves", "1-4"], "error: move 1 `1-4`: there is no line 1-4"),
        (&["solve", "triangle-war", "--moves", "1-2 3-2 2-1"], "error: move 3 `2-1`: line 2-1 is drawn twice"),
        (&["solve", "triangle-war", "--moves", "1-2 3"], "error: move 2 `3`: expected a line as two dots, like 2-4"),
        (&["solve", "connect4", "4444444"], "error: connect4 `4444444`: move 7: column 4 is full"),
        (&["solve", "connect4", "1238"], "error: connect4 `1238`: move 4 is '8', expected a column 1-7"),
        (&["solve", "connect4", "10"], "error: connect4 `10`: move 2 is '0', expected a column 1-7"),
        (&["solve", "connect4", "12121212"], "error: connect4 `12121212`: move 8: the game is over, move 7 made four in a row"),
        (&["solve", "tictactoe", "x.o"], "error: board `x.o`: a board has 9 cells, not 3"),
    ]);
    assert!(bad_input(&["solve", "tictactoe", "xx......."], "").contains("impossible board"));
    assert!(bad_input(&["solve", "tictactoe", "xxxooo..."], "").contains("impossible board"));
    assert!(bad_input(&["solve", "chess"], "").contains("unrecognized subcommand"));
}

/// The remoteness of `sprague ARGS --json`'s report, when it has one.
fn v_remoteness(args: &[&str]) -> Option<u64> {
    json(args, "")["remoteness"].as_u64()
}
