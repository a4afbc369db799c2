//! Tests of the Connect Four solver: the parallel bisection's tests, mirror keys, table entries,
//! agreement with the generic engine (two threads, 64-bit keys), the growing table, the node
//! limit and the table's generations.

use super::*;
use crate::games::connect4::Connect4;
use crate::minimax::{Negamax, NegamaxConfig};

/// A solver with a table of `2^table_bits` entries on `threads` threads.
fn new_solver(table_bits: u32, threads: usize) -> Solver {
    Solver::new(SolverConfig {
        table_bits,
        threads,
        ..SolverConfig::default()
    })
}

#[test]
fn parallel_tests_split_the_bracket_and_never_repeat() {
    for low in -8..=8 {
        for high in low + 1..=9 {
            // The first test is the single thread's.
            assert_eq!(next_test(low, high, &[]), Some(test_value(low, high)));
            let mut testing = Vec::new();
            while let Some(test) = next_test(low, high, &testing) {
                assert!((low..high).contains(&test), "{low}..={high}: {test}");
                assert!(!testing.contains(&test), "{low}..={high}: {test} again");
                testing.push(test);
            }
            // Idle only when every value of the bracket is told apart.
            assert_eq!(testing.len(), (high - low) as usize, "{low}..={high}");
            // Tests outside the bracket do not count.
            assert!(next_test(low, high, &[low - 1, high]).is_some());
        }
    }
}

/// The bisection closes on the value from every bracket, every test telling two of its values
/// apart, whether the searches' results are as tight as can be or as loose (fail-soft results
/// anywhere between the test and the value).
#[test]
fn the_bisection_closes_on_the_value_from_any_bracket() {
    for low in -12..=12 {
        for high in low + 1..=13 {
            for value in low..=high {
                for loose in [false, true] {
                    let mut bisection = Bisection::new(low, high);
                    let mut tests = 0;
                    while !bisection.is_closed() {
                        let test = bisection.test();
                        assert!(bisection.splits(test), "{low}..={high} at {value}: {test}");
                        let result = match (value > test, loose) {
                            (true, false) => test + 1,
                            (false, false) => test,
                            (_, true) => value,
                        };
                        bisection.record(test, result);
                        tests += 1;
                        assert!(tests <= high - low, "{low}..={high} at {value}: no end");
                    }
                    assert_eq!(bisection.low, value, "{low}..={high}");
                }
            }
        }
    }
}

/// Once the bracket is narrow, the tests walk from 0, each next to the last bound, and other
/// threads join the walk's test; while it is wide, they split the bracket.
#[test]
fn narrow_brackets_walk_from_zero_and_threads_join_the_walk() {
    // The empty board's tests with the results of its searches: four of Pons', then 0 and 1.
    let mut bisection = Bisection::new(-21, 21);
    let mut tests = Vec::new();
    for (result_above, result) in [(true, -9), (false, 10), (true, -3), (false, 5)] {
        let test = bisection.test();
        assert_eq!(result > test, result_above);
        tests.push(test);
        bisection.record(test, result);
    }
    assert_eq!(tests, [-10, 10, -4, 5]);
    assert_eq!((bisection.low, bisection.high), (-3, 5));
    assert_eq!(bisection.test(), 0);
    assert_eq!(bisection.next_test(&[]), Some(0));
    assert_eq!(bisection.next_test(&[0]), None, "the second thread joins");
    bisection.record(0, 1);
    assert_eq!(bisection.test(), 1, "above 0: next to the new lower bound");
    bisection.record(1, 1);
    assert!(bisection.is_closed());
    assert_eq!(bisection.low, 1);
    // Below the last test, the walk goes down: the bracket's top less one.
    let mut down = Bisection::new(-4, 3);
    down.record(0, -2);
    assert_eq!((down.low, down.high, down.test()), (-4, -2, -3));
    // A bracket away from 0 starts at its nearer end.
    assert_eq!(Bisection::new(3, 9).test(), 3);
    assert_eq!(Bisection::new(-9, -3).test(), -4);
    // Wide: a second thread takes another part of the bracket.
    let wide = Bisection::new(-21, 21);
    let first = wide.next_test(&[]).unwrap();
    let second = wide.next_test(&[first]).unwrap();
    assert_ne!(first, second);
}

/// The forced positions are counted among the positions, on one thread or two, and reset with
/// them: a position whose one move not losing at once is a block counts.
#[test]
fn forced_positions_are_counted_among_the_positions() {
    // "12121": the second player must block column 1 (a search bounded for the test's time).
    for (moves, threads) in [("12121", 1), ("12121", 2), (SAMPLE_MOVES, 1), ("", 2)] {
        let mut solver = new_solver(16, threads);
        let board = Board::from_moves(moves).unwrap();
        solver.set_node_limit(Some(100_000));
        solver.solve(&board);
        let (nodes, forced) = (solver.nodes(), solver.forced_nodes());
        assert!(0 < forced && forced < nodes, "{moves}: {forced} of {nodes}");
        solver.reset_nodes();
        assert_eq!((solver.nodes(), solver.forced_nodes()), (0, 0));
    }
}

#[test]
fn mirror_key_is_the_key_of_the_mirror_image() {
    for moves in ["", "1", "1234567", "11223", "4455667", "7654321123"] {
        let board = Board::from_moves(moves).unwrap();
        let mirrored: String = moves
            .chars()
            .map(|c| char::from(b'8' - (c as u8 - b'0')))
            .collect();
        let image = Board::from_moves(&mirrored).unwrap();
        let general = Layout::new(Shape::STANDARD);
        assert_eq!(Standard.mirror_key(board.key()), image.key(), "{moves}");
        assert_eq!(general.mirror_key(board.key()), image.key(), "{moves}");
        assert_eq!(
            Standard.mirror_key(Standard.mirror_key(board.key())),
            board.key()
        );
    }
    // Other shapes, by the general loop: 5 wide and 9 wide.
    for (width, moves) in [(5, "1125"), (9, "1,9,2,8,8,3")] {
        let shape = Shape::new(width, 4).unwrap();
        let board = Board::from_moves_on(shape, moves).unwrap();
        let mirrored: Vec<String> = moves
            .split(',')
            .flat_map(|w| {
                if moves.contains(',') {
                    vec![w.to_owned()]
                } else {
                    w.chars().map(String::from).collect()
                }
            })
            .map(|c| (width + 1 - c.parse::<u32>().unwrap()).to_string())
            .collect();
        let image = Board::from_moves_on(shape, &mirrored.join(",")).unwrap();
        assert_eq!(
            Layout::new(shape).mirror_key(board.key()),
            image.key(),
            "{moves}"
        );
    }
}

#[test]
fn table_entries_round_trip_and_never_hit_falsely() {
    let table = Table::new(Shape::STANDARD, 13);
    let entry = Entry {
        lower: -18,
        upper: 21,
        best: Some(6),
    };
    // Keys sharing a slot: their hashes differ only below the slot bits.
    table.store(12_345, 1, entry);
    let got = table.load(12_345, 1).unwrap();
    assert_eq!((got.lower, got.upper, got.best), (-18, 21, Some(6)));
    assert!(table.load(12_345, 2).is_none(), "another generation");
    let (slot, _) = table.locate(12_345);
    let mut others = 0;
    for key in 1..200_000u64 {
        if key != 12_345 && table.locate(key).0 == slot {
            assert!(table.load(key, 1).is_none(), "false hit for {key}");
            others += 1;
        }
    }
    assert!(others > 0);
}

/// The moves at `board` whose worth has the sign `sign` or better (the moves keeping the weak
/// value), by the generic engine.
fn generic_sign_keepers(generic: &mut Negamax<Connect4>, board: &Board, sign: i32) -> Vec<u8> {
    (0..7u8)
        .filter(|&c| board.can_play(c))
        .filter(|&c| {
            let child = board.play(c);
            let worth = if child.is_lost() {
                1
            } else {
                -generic.best_moves(&child).0.signum()
            };
            worth >= sign
        })
        .collect()
}

#[test]
fn agrees_with_the_generic_engine_and_with_itself_on_two_threads() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
    let mut generic = Negamax::new(&Connect4, NegamaxConfig::default());
    let mut one = new_solver(16, 1);
    let mut two = new_solver(16, 2);
    let mut tested = 0;
    while tested < 40 {
        let target = rng.gen_range(14..=30);
        let mut board = Board::default();
        while u32::from(board.stones) < target && !board.is_over() {
            let col = rng.gen_range(0..7);
            if board.can_play(col) {
                board = board.play(col);
            }
        }
        if board.is_over() {
            continue;
        }
        let expected = generic.best_moves(&board);
        assert_eq!(one.best_moves(&board), expected, "{board:?}");
        assert_eq!(two.best_moves(&board), expected, "{board:?}");
        assert_eq!(one.solve_within(&board, -1, 1), expected.0.signum());
        assert_eq!(two.solve_within(&board, -1, 1), expected.0.signum());
        // The engine's one move: the exact score and one of the moves keeping it, also when
        // the table holds a move for the position (the second call) and when it does not.
        for solver in [&mut one, &mut two] {
            for _ in 0..2 {
                let (value, chosen) = solver.a_best_move_within(&board, i32::MIN / 4, i32::MAX / 4);
                assert_eq!(value, expected.0, "{board:?}");
                let chosen = chosen.expect("a game not over has a best move");
                assert!(expected.1.contains(&chosen), "{board:?}: {chosen}");
            }
            let (sign, chosen) = solver.a_best_move_within(&board, -1, 1);
            assert_eq!(sign, expected.0.signum());
            let keeping = generic_sign_keepers(&mut generic, &board, sign);
            assert!(keeping.contains(&chosen.unwrap()), "{board:?}");
        }
        one.clear_table();
        two.clear_table();
        assert_eq!(one.solve(&board), expected.0);
        assert_eq!(two.solve(&board), expected.0);
        tested += 1;
    }
}

#[test]
fn boards_of_64_key_bits_agree_with_the_generic_engine() {
    // 8×7 (and 32×1): keys of all 64 bits, a table at its smallest (2^26 slots) and no
    // near table; random positions 20 (14) stones from the end, against the generic engine.
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(64);
    for (width, height, left) in [(8, 7, 20), (32, 1, 14)] {
        let shape = Shape::new(width, height).unwrap();
        assert_eq!(shape.key_bits(), 64);
        assert!(!uses_near_table(shape));
        let config = SolverConfig {
            table_bits: 0,
            threads: 1,
            shape,
            ..SolverConfig::default()
        };
        assert_eq!(config.clamped_table_bits(), 26);
        assert_eq!(config.estimate_memory(), (8 << 26) + 8);
        let mut solver = Solver::new(config);
        let mut generic = Negamax::new(&Connect4, NegamaxConfig::default());
        let mut tested = 0;
        while tested < 12 {
            let mut board = Board::empty(shape);
            while board.stones() + left < shape.cells() && !board.is_over() {
                let col = rng.gen_range(0..width as u8);
                if board.can_play(col) {
                    board = board.play(col);
                }
            }
            if board.is_over() {
                continue;
            }
            assert_eq!(
                solver.best_moves(&board),
                generic.best_moves(&board),
                "{board:?}"
            );
            tested += 1;
        }
    }
}

#[test]
fn a_long_search_grows_the_table_and_keeps_its_answers() {
    // Middle-game positions of a few thousand positions each: a table of 2^12 slots that
    // grows to 2^16 after 2,000 positions gives the scores of a fixed table, and grows once.
    let positions = ["274552224131661", "3642756176227637211322", "444444"];
    for threads in [1, 2] {
        let mut fixed = new_solver(16, threads);
        let config = SolverConfig {
            table_bits: 12,
            threads,
            grow_table_bits: 16,
            grow_after_nodes: 2_000,
            ..SolverConfig::default()
        };
        assert_eq!(
            config.estimate_memory(),
            (8 << 16) + threads as u64 * (8 << NEAR_TABLE_BITS)
        );
        let mut growing = Solver::new(config);
        assert_eq!(growing.table_bits(), 12);
        for moves in positions {
            let board = Board::from_moves(moves).unwrap();
            assert_eq!(
                growing.best_moves(&board),
                fixed.best_moves(&board),
                "{moves}"
            );
        }
        assert_eq!(growing.table_bits(), 16, "grown");
        assert_eq!(
            growing.memory_usage() as u64,
            config.estimate_memory(),
            "the near tables grown with it"
        );
        assert_eq!(
            growing.config(),
            config,
            "the configuration it was made with"
        );
    }
    // Never past a fixed table, nor when asked for a smaller one.
    let config = SolverConfig {
        table_bits: 14,
        grow_table_bits: 12,
        ..SolverConfig::default()
    };
    assert_eq!(config.clamped_grow_bits(), 0);
    assert_eq!(config.estimate_memory(), (8 << 14) + (8 << NEAR_TABLE_BITS));
}

/// A position of Test_L2_R2 and its score there (about 20,000 positions to solve).
const SAMPLE_MOVES: &str = "274552224131661";
const SAMPLE_SCORE: i32 = 0;

#[test]
fn the_near_table_grows_with_a_large_table() {
    let config = SolverConfig {
        table_bits: 12,
        grow_table_bits: LONG_TABLE_BITS,
        grow_after_nodes: 1_000,
        ..SolverConfig::default()
    };
    assert_eq!(
        config.estimate_memory(),
        (8 << LONG_TABLE_BITS) + (8 << NEAR_GROWN_BITS)
    );
    let mut solver = Solver::new(config);
    assert_eq!(solver.memory_usage(), (8 << 12) + (8 << NEAR_TABLE_BITS));
    let board = Board::from_moves(SAMPLE_MOVES).unwrap();
    assert_eq!(solver.solve(&board), SAMPLE_SCORE);
    assert!(solver.nodes() > 1_000);
    assert_eq!(solver.memory_usage() as u64, config.estimate_memory());
}

#[test]
fn a_search_out_of_budget_stops_and_the_table_stays_correct() {
    let board = Board::from_moves("274552224131661").unwrap();
    let mut solver = new_solver(18, 1);
    for budget in [1, 10, 100, 1000] {
        solver.set_node_limit(Some(budget));
        let _ = solver.solve(&board);
        assert!(solver.aborted(), "budget {budget}");
    }
    solver.set_node_limit(None);
    assert_eq!(solver.solve(&board), 0);
    assert!(!solver.aborted());
}

#[test]
fn clearing_wraps_the_generation() {
    let board = Board::from_moves("2252576253462244111563365343671351441").unwrap();
    let mut solver = new_solver(12, 1);
    for _ in 0..300 {
        assert_eq!(solver.solve(&board), -1);
        solver.clear_table();
    }
}

#[test]
fn claimeven_bounds_the_exact_score_of_the_first_player() {
    // Random positions with an even number of stones on boards of even height: the generic
    // engine's exact score never exceeds the claimeven bound, and the bound often applies.
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(42);
    let mut generic = Negamax::new(&Connect4, NegamaxConfig::default());
    let (mut bounded, mut below_zero) = (0, 0);
    for (width, height, left) in [(4, 4, 16), (5, 4, 14), (6, 4, 14), (7, 6, 16), (4, 6, 18)] {
        let shape = Shape::new(width, height).unwrap();
        let layout = Layout::new(shape);
        let mut tested = 0;
        while tested < 60 {
            let mut board = Board::empty(shape);
            let target = shape.cells().saturating_sub(left) + rng.gen_range(0..=left / 2);
            while board.stones() < target && !board.is_over() {
                let col = rng.gen_range(0..width as u8);
                if board.can_play(col) {
                    board = board.play(col);
                }
            }
            if board.is_over() || board.stones() % 2 == 1 {
                continue;
            }
            tested += 1;
            let Some(bound) = layout.evens_bound(board.current, board.mask) else {
                continue;
            };
            let exact = generic.best_moves(&board).0;
            assert!(exact <= bound, "{board:?}: score {exact} above {bound}");
            bounded += 1;
            below_zero += usize::from(bound < 0);
        }
    }
    assert!(
        bounded > 30 && below_zero > 0,
        "{bounded} bounded, {below_zero} below 0"
    );
}

#[test]
fn the_engines_one_move_found_in_slices_keeps_the_score() {
    // Opening positions (Test_L1_R2), some of whose moves take more than the first slice of
    // positions to prove or refute: the one move found keeps the set's score, as the list of
    // every best move says, on a cold table and on the warm one.
    let text = include_str!("../../../../tests/data/connect4/Test_L1_R2");
    let mut one = new_solver(20, 1);
    let mut all = new_solver(20, 1);
    let (mut sliced, mut stopped) = (0, 0);
    for line in text.lines().take(8) {
        let (seq, score) = line.split_once(' ').unwrap();
        let board = Board::from_moves(seq).unwrap();
        let score: i32 = score.parse().unwrap();
        let (value, best) = all.best_moves(&board);
        assert_eq!(value, score, "{seq}");
        one.clear_table();
        for _ in 0..2 {
            let before = one.nodes();
            let (value, chosen) = one.a_best_move_within(&board, i32::MIN / 4, i32::MAX / 4);
            assert_eq!(value, score, "{seq}");
            assert!(
                best.contains(&chosen.unwrap()),
                "{seq}: {chosen:?} not in {best:?}"
            );
            if one.nodes() - before > 1 << 16 {
                sliced += 1;
            }
        }
        // Out of budget: no move, and the solver says so.
        one.clear_table();
        one.set_node_limit(Some(20));
        let (_, chosen) = one.a_best_move_within(&board, i32::MIN / 4, i32::MAX / 4);
        if one.aborted() {
            assert!(chosen.is_none(), "{seq}: {chosen:?}");
            stopped += 1;
        }
        one.set_node_limit(None);
    }
    assert!(sliced > 0, "no position needed a second slice");
    assert!(stopped > 0, "no position ran out of 20 positions");
}
