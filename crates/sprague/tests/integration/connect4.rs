//! Connect Four against the standard test sets (Pons), a sample of each fast set: every score
//! exact, and the weak solver's sign.

use sprague::games::connect4::{Board, Connect4};
use sprague::minimax::{Negamax, NegamaxConfig};

/// Checks the first `count` lines of the test set `name` (`moves score` per line).
fn check_set(name: &str, count: usize) {
    let path = format!("{}/tests/data/connect4/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let config = NegamaxConfig {
        table_slots: 1 << 20,
        ..NegamaxConfig::default()
    };
    let mut search = Negamax::new(&Connect4, config);
    for line in text.lines().take(count) {
        let (moves, score) = line.split_once(' ').unwrap();
        let expected: i32 = score.parse().unwrap();
        let board = Board::from_moves(moves).unwrap();
        assert_eq!(search.solve(&board), expected, "{name}: {moves}");
        assert_eq!(
            search.solve_within(&board, -1, 1),
            expected.signum(),
            "{name} weak: {moves}"
        );
    }
}

#[test]
fn end_easy_sample_scores_are_exact() {
    check_set("Test_L3_R1", 100);
}

#[test]
fn middle_easy_sample_scores_are_exact() {
    check_set("Test_L2_R1", 100);
}

#[test]
fn begin_easy_sample_scores_are_exact() {
    check_set("Test_L1_R1", 100);
}

#[test]
fn middle_medium_sample_scores_are_exact() {
    check_set("Test_L2_R2", 40);
}
