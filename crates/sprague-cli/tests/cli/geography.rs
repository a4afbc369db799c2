//! `sprague geography`: the judges' boards (BZOJ 2463, JSOI2009), a big grid, and bad input.

use serde_json::json;

use crate::{assert_errors, bad_input, json, sprague};

/// The edge list of a board (`.` free, `#` hole), free cells numbered row by row from 1, and each
/// free cell's number.
fn board(rows: &[&str]) -> (String, Vec<Vec<usize>>) {
    let mut id = vec![vec![0usize; rows[0].len()]; rows.len()];
    let mut n = 0;
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.bytes().enumerate() {
            if ch == b'.' {
                n += 1;
                id[r][c] = n;
            }
        }
    }
    let mut edges = Vec::new();
    for r in 0..rows.len() {
        for c in 0..rows[0].len() {
            if id[r][c] == 0 {
                continue;
            }
            if r + 1 < rows.len() && id[r + 1][c] != 0 {
                edges.push((id[r][c], id[r + 1][c]));
            }
            if c + 1 < rows[0].len() && id[r][c + 1] != 0 {
                edges.push((id[r][c], id[r][c + 1]));
            }
        }
    }
    let mut text = format!("{n} {}\n", edges.len());
    for (u, v) in edges {
        text.push_str(&format!("{u} {v}\n"));
    }
    (text, id)
}

#[test]
fn bzoj_2463_the_first_player_wins_from_a_corner_iff_n_is_even() {
    for n in 1..=8 {
        let rows = vec![".".repeat(n); n];
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let (text, _) = board(&rows);
        let v = json(&["geography", "-", "--start", "1"], &text);
        let expected = if n % 2 == 0 { "N" } else { "P" };
        assert_eq!(v["outcome"], expected, "n = {n}");
    }
}

#[test]
fn jsoi_2009_sample_losing_starts() {
    // JSOI2009 (游戏) sample board; the answer lists the cells (2,3) and (3,2), from which the
    // player to move loses.
    let (text, id) = board(&[".##", "...", "#.#"]);
    let v = json(&["geography", "-", "--all"], &text);
    assert_eq!(v["losing_starts"], json!([id[1][2], id[2][1]]));
    assert_eq!(v["bipartite"], true);
}

#[test]
fn a_triangle_is_not_bipartite_and_still_answered() {
    // A triangle with a tail 3 - 4: every maximum matching (size 2) covers 3.
    let v = json(
        &["geography", "-", "--start", "3"],
        "4 4\n1 2\n2 3\n3 1\n3 4\n",
    );
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"],
        json!([{"move": "token 3 -> 4", "vertex": 4}])
    );
}

#[test]
fn a_grid_of_300_by_300_with_holes_is_answered() {
    let side = 300;
    let rows: Vec<String> = (0..side)
        .map(|r| {
            (0..side)
                .map(|c| if (r * 7 + c * 13) % 29 == 0 { '#' } else { '.' })
                .collect()
        })
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let (text, _) = board(&rows);
    let out = sprague()
        .args(["geography", "-", "--all", "--json"])
        .write_stdin(text.clone())
        .output()
        .unwrap();
    assert!(out.status.success());
    let v = json(&["geography", "-", "--start", "1"], &text);
    assert!(v["outcome"] == "N" || v["outcome"] == "P");
}

#[test]
fn bad_input_gives_one_error_line() {
    // A path 1 - 2 - 3.
    #[rustfmt::skip]
    assert_errors("3 2\n1 2\n2 3\n", &[
        (&["geography", "-", "--start", "4"], "error: --start: vertex 4 is not in 1..=3"),
        (&["geography", "-", "--start", "-1"], "error: --start: `-1` is negative; expected a non-negative integer"),
        (&["geography", "-"], "error: geography: give --start V (or --all)"),
    ]);
    assert_eq!(
        bad_input(&["geography", "-", "--start", "1"], "3 2\n1 2\n2 5\n"),
        "error: -: line 3: edge 2: second vertex 5 is not in 1..=3"
    );
}
