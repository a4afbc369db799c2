//! `sprague play`, driven through a pipe as the tests of every playable game do.

use crate::sprague;

fn play(args: &[&str], moves: &str) -> String {
    let out = sprague()
        .arg("play")
        .args(args)
        .write_stdin(moves)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_user_wins_by_playing_the_winning_moves() {
    let text = play(&["nim", "1", "2"], "heap 2: 2 -> 1\n0 0\n");
    assert!(text.contains("you: heap 2: 2 -> 1"), "{text}");
    // The engine, lost, stalls by taking one token from the largest heap.
    assert!(text.contains("engine: heap 2: 1 -> 0"), "{text}");
    assert!(
        text.trim_end()
            .ends_with("game over: the engine cannot move; you win"),
        "{text}"
    );
}

#[test]
fn the_engine_punishes_a_losing_move_and_explains_it() {
    let text = play(&["nim", "3", "4", "5"], "heap 1: 3 -> 2\n");
    assert!(text.contains("engine: heap 1: 2 -> 1"), "{text}");
    assert!(text.contains("leaves nim-value 0"), "{text}");
    assert!(
        text.trim_end().ends_with("input ended: game abandoned"),
        "{text}"
    );
}

#[test]
fn illegal_moves_are_refused_with_the_reason_and_the_game_goes_on() {
    let text = play(
        &["nim", "3", "4"],
        "heap 1: 3 -> 5\nheap 7: 1 -> 0\n3 4\n1 1\nheap 1: 2 -> 1\nquit\n",
    );
    assert!(
        text.contains("illegal move: heap 1 has 3 tokens: a move must leave fewer"),
        "{text}"
    );
    assert!(text.contains("illegal move: there is no heap 7"), "{text}");
    assert!(
        text.contains("illegal move: that is the same position"),
        "{text}"
    );
    assert!(
        text.contains("illegal move: a move takes tokens from one heap only"),
        "{text}"
    );
    assert!(
        text.contains("illegal move: heap 1 has 3 tokens, not 2"),
        "{text}"
    );
    assert!(text.trim_end().ends_with("game abandoned"), "{text}");
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
    assert!(text.contains("you: both: take 1 -> 4 7"), "{text}");
    assert!(text.contains("no winning move here"), "{text}");
    // Bash with max 3: from 10 the engine (moving first) takes 2, leaving a multiple of 4.
    let text = play(&["bash", "10", "--max", "3", "--first", "engine"], "");
    assert!(text.contains("engine: take 2 -> 8"), "{text}");
    // Staircase: the position after a move is accepted, and an impossible one refused.
    let text = play(&["staircase", "1", "1"], "0 0\n2 0\n");
    assert!(
        text.contains("illegal move: 0 0 cannot be reached from 1 1 in one move"),
        "{text}"
    );
    assert!(text.contains("you: step 2: 1 coin -> step 1"), "{text}");
    // Lasker: a split typed as the analysis words it.
    let text = play(&["lasker", "8"], "heap 1: 8 -> 4 + 4\n");
    assert!(text.contains("you: heap 1: 8 -> 4 + 4"), "{text}");
    // Subtraction {1, 3, 4}: 8 -> 7 leaves G(7) = 0 to the engine.
    let text = play(&["subtraction", "8", "--set", "1,3,4"], "7\n");
    assert!(text.contains("position: 7   (P"), "{text}");
    let text = play(&["subtraction", "8", "--set", "1,3,4"], "heap 1: 8 -> 6\n");
    assert!(text.contains("illegal move"), "{text}");
}
