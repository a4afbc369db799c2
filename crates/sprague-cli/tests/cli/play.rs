//! `sprague play`, driven through a pipe as the tests of every playable game do.

use crate::{assert_contains, example, play};

/// Checks that a game's transcript ends with `last`.
fn assert_ends(text: &str, last: &str) {
    assert!(text.trim_end().ends_with(last), "{text}");
}

#[test]
fn the_user_wins_by_playing_the_winning_moves() {
    let text = play(&["nim", "1", "2"], "heap 2: 2 -> 1\n0 0\n");
    assert!(text.contains("you: heap 2: 2 -> 1"), "{text}");
    // The engine, lost, stalls by taking one token from the largest heap.
    assert!(text.contains("engine: heap 2: 1 -> 0"), "{text}");
    assert_ends(&text, "game over: the engine cannot move; you win");
}

#[test]
fn the_engine_punishes_a_losing_move_and_explains_it() {
    let text = play(&["nim", "3", "4", "5"], "heap 1: 3 -> 2\n");
    assert_contains(&text, &["engine: heap 1: 2 -> 1", "leaves nim-value 0"]);
    assert_ends(&text, "input ended: game abandoned");
}

#[test]
fn illegal_moves_are_refused_with_the_reason_and_the_game_goes_on() {
    let text = play(
        &["nim", "3", "4"],
        "heap 1: 3 -> 5\nheap 7: 1 -> 0\n3 4\n1 1\nheap 1: 2 -> 1\nquit\n",
    );
    assert_contains(
        &text,
        &[
            "illegal move: heap 1 has 3 tokens: a move must leave fewer",
            "illegal move: there is no heap 7",
            "illegal move: that is the same position",
            "illegal move: a move takes tokens from one heap only",
            "illegal move: heap 1 has 3 tokens, not 2",
        ],
    );
    assert_ends(&text, "game abandoned");
}

#[test]
fn the_engine_can_move_first_and_plays_misere() {
    let text = play(&["nim", "2", "--misere", "--first", "engine"], "");
    // Misère Nim with one heap of 2: take 1, leaving the last token to the user.
    assert!(text.contains("engine: heap 1: 2 -> 1"), "{text}");
    let text = play(&["nim", "1", "--misere"], "1 -> 0\nheap 1: 1 -> 0\n");
    assert!(
        text.contains("game over: the engine cannot move; the engine wins"),
        "{text}"
    );
}

#[test]
fn every_classic_game_can_be_played_through_a_pipe() {
    // Wythoff: (5, 8) -> the user leaves (4, 7), a lost position; the engine must then stall.
    let text = play(&["wythoff", "5", "8"], "both: take 1 -> 4 7\n");
    assert_contains(&text, &["you: both: take 1 -> 4 7", "no winning move here"]);
    // Bash with max 3: from 10 the engine (moving first) takes 2, leaving a multiple of 4.
    let text = play(&["bash", "10", "--max", "3", "--first", "engine"], "");
    assert!(text.contains("engine: take 2 -> 8"), "{text}");
    // Staircase: the position after a move is accepted, and an impossible one refused.
    let text = play(&["staircase", "1", "1"], "0 0\n2 0\n");
    assert_contains(
        &text,
        &[
            "illegal move: 0 0 cannot be reached from 1 1 in one move",
            "you: step 2: 1 coin -> step 1",
        ],
    );
    // Lasker: a split typed as the analysis words it.
    let text = play(&["lasker", "8"], "heap 1: 8 -> 4 + 4\n");
    assert!(text.contains("you: heap 1: 8 -> 4 + 4"), "{text}");
    // Subtraction {1, 3, 4}: 8 -> 7 leaves G(7) = 0 to the engine.
    let text = play(&["subtraction", "8", "--set", "1,3,4"], "7\n");
    assert!(text.contains("position: 7   (P"), "{text}");
    let text = play(&["subtraction", "8", "--set", "1,3,4"], "heap 1: 8 -> 6\n");
    assert!(text.contains("illegal move"), "{text}");
}

/// Every move of a game typed in a fixed order, over and over: each turn the user plays the first
/// one still legal (the others are refused and the game goes on).
fn stubborn(moves: &[&str]) -> String {
    moves.join("\n").repeat(12) + "\n"
}

#[test]
fn the_engine_never_loses_tic_tac_toe() {
    let orders: [&[&str]; 4] = [
        &["1", "2", "3", "4", "5", "6", "7", "8", "9"],
        &["9", "8", "7", "6", "5", "4", "3", "2", "1"],
        &["5", "1", "9", "3", "7", "2", "8", "4", "6"],
        &["2", "4", "6", "8", "1", "3", "5", "7", "9"],
    ];
    for order in orders {
        for first in ["me", "engine"] {
            let text = play(&["tictactoe", "--first", first], &stubborn(order));
            let last = text.trim_end().lines().last().unwrap();
            assert!(last.starts_with("game over: "), "{text}");
            assert!(!last.ends_with("you win"), "{text}");
            assert!(text.contains("(it keeps the value: "), "{text}");
        }
    }
    // A mistake is punished: x takes 1 and 2, o must block at 3, then x wins with best play.
    let text = play(&["tictactoe", "x...o....", "--first", "engine"], "2\n");
    assert!(text.contains("engine (x): "), "{text}");
    let text = play(&["tictactoe", "xx..o....", "--first", "engine"], "");
    assert!(text.contains("engine (o): o in cell 3"), "{text}");
    // Illegal cells are refused with the reason.
    let text = play(&["tictactoe", "x........"], "1\n10\nquit\n");
    assert_contains(
        &text,
        &[
            "illegal move: cell 1 is taken already; try again",
            "illegal move: `10` is not a cell: type 1 to 9, row by row",
        ],
    );
}

#[test]
fn the_engine_wins_triangle_war_as_b() {
    // Every line in order: the user (A) draws the first one still free; completing a triangle
    // gives the same player another move, so turns do not simply alternate.
    let lines = [
        "1-2", "1-3", "2-3", "2-4", "2-5", "3-5", "3-6", "4-5", "5-6", "4-7", "4-8", "5-8", "5-9",
        "6-9", "6-10", "7-8", "8-9", "9-10",
    ];
    let text = play(&["triangle-war"], &stubborn(&lines));
    assert_contains(
        &text,
        &[
            "(it keeps the value: B wins by ",
            "is already drawn; try again",
        ],
    );
    let last = text.trim_end().lines().last().unwrap();
    assert!(last.starts_with("game over: B wins "), "{text}");
    assert!(last.ends_with("the engine wins"), "{text}");
    // Two moves in a row: A closes triangle 1-2-3 and moves again.
    let text = play(&["triangle-war", "--moves", "1-2 2-3"], "1-3\n2-4\n");
    assert!(
        text.contains(
            "you (A): 1-3\nposition: 1-2 2-3 1-3   (score A 1, B 0)\nyour move (A)> you (A): 2-4"
        ),
        "{text}"
    );
    let text = play(&["triangle-war"], "1-4\n");
    assert!(
        text.contains("illegal move: there is no line 1-4"),
        "{text}"
    );
}

#[test]
fn connect_four_is_played_and_guesses_are_labelled() {
    // A full column is refused; a position from the test sets is solved and explained.
    let text = play(&["connect4", "444444"], "4\n8\nquit\n");
    assert_contains(
        &text,
        &[
            "illegal move: column 4 is full",
            "illegal move: `8` is not a column: type 1 to 7",
        ],
    );
    let text = play(
        &[
            "connect4",
            "2252576253462244111563365343671351441",
            "--first",
            "engine",
        ],
        "",
    );
    assert!(
        text.contains("(it keeps the score -1: player 1 wins"),
        "{text}"
    );
    // The hint gives every column's score (the test sets' convention) when all are proven.
    let text = play(&["connect4", "274552224131661"], "hint\nquit\n");
    assert!(
        text.contains("hint: each column's score for you: 1: -9, 2: -11, 3: -12, 4: 0, 5: -11, 6: -11, 7: -11"),
        "{text}"
    );
    // Another board: 5 × 4 is a draw (published), the board drawn 5 wide, the moves 1-5.
    let text = play(
        &["connect4", "--width", "5", "--height", "4"],
        "6\n3\nquit\n",
    );
    assert_contains(
        &text,
        &[
            "Type a column 1-5",
            "illegal move: `6` is not a column: type 1 to 5",
            "  ..X..\n  12345\n",
            "a draw with best play",
        ],
    );
    // 6 × 4 from the empty board: the engine moves first and loses, on the last move (24, the
    // second player's twelfth stone).
    let text = play(
        &[
            "connect4", "--width", "6", "--height", "4", "--first", "engine",
        ],
        "quit\n",
    );
    assert!(
        text.contains("player 2 wins with best play, with its stone 12 at the latest"),
        "{text}"
    );
    // Player 1 with three in a row on the bottom wins at once.
    let text = play(&["connect4", "112233", "--first", "engine"], "");
    assert!(text.contains("engine (1): 4"), "{text}");
    assert_ends(&text, "game over: player 1 wins; the engine wins");
}

#[test]
fn a_scripted_game_is_played_from_its_positions() {
    // G(8) = 1 under take 1, 3 or 4: 7 (value 0) is the winning reply.
    let file = &example("subtraction.rhai");
    let text = play(&["script", file, "8", "--param", "S=1,3,4"], "7\n");
    assert_contains(&text, &["you: 8 -> 7", "engine: 7 -> "]);
    // A position that is not one move away is refused, and the game goes on.
    let text = play(&["script", file, "8", "--param", "S=1,3,4"], "2\n7\n");
    assert_contains(
        &text,
        &["cannot be reached from 8 in one move", "you: 8 -> 7"],
    );
    // The engine moves first and wins from a won position.
    let text = play(
        &[
            "--first", "engine", "script", file, "8", "--param", "S=1,3,4",
        ],
        "",
    );
    assert!(text.contains("engine: 8 -> 7"), "{text}");
}

#[test]
fn a_move_that_wins_at_once_ends_the_game() {
    let file = &example("cutting.rhai");
    // 2×3 is lost: every cut leaves a strip of width 1, and the engine cuts a square off it.
    let text = play(&["script", file, "[2, 3]"], "[1, 3] + [1, 3]\n");
    assert_ends(
        &text,
        "game over: a move that wins at once; the engine wins",
    );
    assert!(text.contains("engine: [1, 3] -> win"), "{text}");
    // From 2×4 the user halves it, and wins at once (typed `win`) after the engine's forced cut.
    let text = play(&["script", file, "[2, 4]"], "[2, 2] + [2, 2]\nwin\n");
    assert_ends(&text, "game over: a move that wins at once; you win");
}
