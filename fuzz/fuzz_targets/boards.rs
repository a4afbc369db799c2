//! Move sequences of the scoring games (Connect Four from 24 moves on, so that each solve is
//! short; tic-tac-toe and Triangle War whole) and the sequences of the cursors game.
#![no_main]

use sprague_api::cursors;
use sprague_api::solve::{ScoreSolver, SolveOptions};

#[path = "common.rs"]
#[macro_use]
mod common;

fuzz_picking!(|pick, data| {
    let limits = common::limits();
    let text = String::from_utf8_lossy(data);
    let options = SolveOptions {
        best_moves: pick & 0x80 != 0,
        threads: 1,
        ..SolveOptions::default()
    };
    let mut solver = ScoreSolver::new(limits);
    match pick % 4 {
        0 => {
            if text.trim().len() >= 24 {
                let _ = solver.connect4(&text, &options);
            }
            // The same text on a small board of another shape (columns with commas past 9).
            let (width, height) = common::SMALL_BOARDS[usize::from(pick >> 2) % 8];
            let small = SolveOptions {
                width,
                height,
                ..options
            };
            let _ = solver.connect4(&text, &small);
        }
        1 => {
            let _ = solver.tictactoe(&text, &options);
        }
        2 => {
            if text.split([' ', ',']).filter(|w| !w.is_empty()).count() >= 8 {
                let _ = solver.triangle_war(&text, &options);
            }
        }
        _ => {
            let (a, b) = common::head_and_rest(data);
            let a = cursors::parse_sequence(&a, "a", &limits);
            let b = cursors::parse_sequence(&b, "b", &limits);
            if let (Ok(a), Ok(b)) = (a, b) {
                if a.len() * b.len() <= 1 << 16 {
                    if let Ok(start) = cursors::parse_start("1,1", a.len(), b.len()) {
                        let _ = cursors::solve(&a, &b, start);
                    }
                }
            }
        }
    }
});
