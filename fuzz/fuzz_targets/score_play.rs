//! `sprague play` for the scoring games (Triangle War, tic-tac-toe, Connect Four), as its loop
//! drives them: the first byte picks the game, the first line is the start, each further line a
//! typed move (or `hint`) followed by the engine's reply. Connect Four searches within a small
//! budget of positions (as `play` does, smaller), so any position is quick; Triangle War is
//! searched only once at least eight lines are drawn. Every accepted or engine move must lead to a
//! position the game reads back.
#![no_main]

use sprague_api::score_play::{ScoreGame, ScorePlay};

#[path = "common.rs"]
#[macro_use]
mod common;

fn lines_drawn(position: &str) -> usize {
    position
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .count()
}

fuzz_picking!(|pick, data| {
    let kind = match pick % 4 {
        0 => ScoreGame::TriangleWar,
        1 => ScoreGame::TicTacToe,
        2 => ScoreGame::CONNECT4,
        // Small boards of other shapes: quick to solve.
        _ => {
            let (width, height) = common::SMALL_BOARDS[usize::from(pick / 4) % 8];
            ScoreGame::Connect4 { width, height }
        }
    };
    let limits = common::limits();
    let Ok(mut play) = ScorePlay::new(kind, &limits) else {
        return;
    };
    play.set_budget(20_000);
    let text = String::from_utf8_lossy(data);
    let mut lines = text.split('\n');
    let Ok(state) = play.state(lines.next().unwrap_or("")) else {
        return;
    };
    let _ = (play.name(), play.move_syntax());
    let mut position = state.position;
    let searchable = |p: &str| kind != ScoreGame::TriangleWar || lines_drawn(p) >= 8;
    for input in lines.take(6) {
        let state = play
            .state(&position)
            .expect("a position reached reads back");
        if state.to_move.is_none() {
            return;
        }
        if input.trim() == "hint" {
            if searchable(&position) {
                let (moves, _why) = play.hints(&position).expect("hints at a live position");
                for m in moves {
                    play.state(&m.to)
                        .expect("a hinted move leads to a position");
                }
            }
            continue;
        }
        if let Ok(m) = play.user_move(&position, input) {
            play.state(&m.to).unwrap_or_else(|e| {
                panic!("`{}` from `{position}` leads to `{}`: {e}", m.text, m.to)
            });
            position = m.to;
        }
        let state = play
            .state(&position)
            .expect("a position reached reads back");
        if state.to_move.is_none() || !searchable(&position) {
            continue;
        }
        let chosen = play
            .engine_move(&position)
            .expect("the engine moves at a live position")
            .expect("a live position has a move");
        let typed = play
            .user_move(&position, &chosen.played.text)
            .unwrap_or_else(|e| {
                panic!(
                    "the engine's `{}` at `{position}` typed back: {e}",
                    chosen.played.text
                )
            });
        assert_eq!(
            typed.to, chosen.played.to,
            "the engine's move typed back leads elsewhere"
        );
        play.state(&chosen.played.to)
            .expect("the engine's move leads to a position");
        position = chosen.played.to;
    }
});
