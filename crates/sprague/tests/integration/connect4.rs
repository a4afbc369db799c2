//! Connect Four against the standard test sets (Pons), a sample of each set: every score exact
//! with the dedicated solver (one and two threads) and with the generic engine, and the weak
//! solver's sign.

use sprague::games::connect4::solver::{Solver, SolverConfig};
use sprague::games::connect4::{Board, Connect4};
use sprague::minimax::{Negamax, NegamaxConfig};

/// The first `count` lines of the test set `name`: positions and their scores.
fn read_set(name: &str, count: usize) -> Vec<(Board, i32, String)> {
    let path = format!("{}/tests/data/connect4/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .take(count)
        .map(|line| {
            let (moves, score) = line.split_once(' ').unwrap();
            (
                Board::from_moves(moves).unwrap(),
                score.parse().unwrap(),
                moves.to_owned(),
            )
        })
        .collect()
}

/// Checks the first `count` lines of `name` with the dedicated solver on `threads` threads, and
/// the first `generic` lines with the generic engine.
fn check_set(name: &str, count: usize, threads: usize, generic: usize) {
    let mut solver = Solver::new(SolverConfig {
        table_bits: 20,
        threads,
    });
    for (board, expected, moves) in read_set(name, count) {
        solver.clear_table();
        assert_eq!(solver.solve(&board), expected, "{name}: {moves}");
        assert_eq!(
            solver.solve_within(&board, -1, 1),
            expected.signum(),
            "{name} weak: {moves}"
        );
    }
    let config = NegamaxConfig {
        table_slots: 1 << 20,
        ..NegamaxConfig::default()
    };
    let mut search = Negamax::new(&Connect4, config);
    for (board, expected, moves) in read_set(name, generic) {
        assert_eq!(search.solve(&board), expected, "{name} generic: {moves}");
    }
}

#[test]
fn end_easy_sample_scores_are_exact() {
    check_set("Test_L3_R1", 200, 1, 50);
}

#[test]
fn middle_easy_sample_scores_are_exact() {
    check_set("Test_L2_R1", 200, 2, 50);
}

#[test]
fn begin_easy_sample_scores_are_exact() {
    check_set("Test_L1_R1", 200, 1, 50);
}

#[test]
fn middle_medium_sample_scores_are_exact() {
    check_set("Test_L2_R2", 40, 2, 10);
}

#[test]
fn begin_medium_sample_scores_are_exact() {
    check_set("Test_L1_R2", 3, 1, 0);
}
