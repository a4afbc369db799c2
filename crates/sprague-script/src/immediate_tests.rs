//! Moves that win at once (`win()`): sprague's answer (won when a part wins at once, else the
//! nim-value of the game without the moves into such parts) against a plain search over whole sums
//! of the game as written, compiled and in Rhai alike.

use std::collections::HashMap;

use proptest::prelude::*;
use sprague::solve::MemoSolver;

use super::*;

fn example(name: &str) -> String {
    let path = format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn game(source: &str, compiled: bool) -> ScriptGame {
    let mut game = ScriptGame::compile(source, ScriptLimits::default()).unwrap();
    if !compiled {
        game.interpret_only();
    }
    game
}

/// Whether the player to move wins `position`, a whole sum, searched over every legal move: a
/// move that wins at once wins, a position with no move is lost. No values, no sums split.
fn brute_wins(
    game: &ScriptGame,
    position: &ScriptPosition,
    memo: &mut HashMap<ScriptPosition, bool>,
) -> bool {
    if let Some(&known) = memo.get(position) {
        return known;
    }
    let every = game.every_move(position).unwrap();
    let wins = !every.winning_parts.is_empty()
        || every
            .options
            .iter()
            .any(|option| !brute_wins(game, option, memo));
    memo.insert(position.clone(), wins);
    wins
}

/// sprague's answer: won when a part wins at once, else by the nim-value of the sum.
fn sprague_wins(
    game: &ScriptGame,
    solver: &mut MemoSolver<'_, ScriptGame>,
    position: &ScriptPosition,
) -> bool {
    game.winning_part(position).unwrap().is_some()
        || !solver.grundy_value(position).unwrap().is_zero()
}

fn position(game: &ScriptGame, text: &str) -> ScriptPosition {
    game.parse_position(text).unwrap()
}

#[test]
fn the_cutting_game_answers_like_a_plain_search_on_every_small_sum() {
    for compiled in [true, false] {
        let game = game(&example("cutting.rhai"), compiled);
        assert!(game.uses_win());
        let mut solver = MemoSolver::new(&game);
        let mut memo = HashMap::new();
        // POJ 2311's sample: 2×2 and 3×2 are lost for the player to move, 4×2 won.
        for (sheet, wins) in [("[2, 2]", false), ("[3, 2]", false), ("[4, 2]", true)] {
            assert_eq!(
                sprague_wins(&game, &mut solver, &position(&game, sheet)),
                wins
            );
        }
        let sheets: Vec<String> = (1..=5)
            .flat_map(|a| (a..=5).map(move |b| format!("[{a}, {b}]")))
            .collect();
        let mut won = 0;
        for (i, x) in sheets.iter().enumerate() {
            for y in &sheets[i..] {
                for text in [x.clone(), format!("{x} + {y}")] {
                    let p = position(&game, &text);
                    let wins = brute_wins(&game, &p, &mut memo);
                    assert_eq!(sprague_wins(&game, &mut solver, &p), wins, "{text}");
                    won += usize::from(wins);
                }
            }
        }
        // Both outcomes occur: the check can fail either way.
        assert!(won > 0 && won < 2 * sheets.len() * (sheets.len() + 1) / 2);
        assert!(game.take_error().is_none());
    }
}

#[test]
fn a_part_that_wins_at_once_is_left_out_of_the_game_the_solvers_value() {
    // Take 1 or 2; at 3 the mover may instead win at once.
    let game = game(
        "fn moves(n) { let r = []; if n == 3 { r.push(win()); } \
         for t in [1, 2] { if t <= n { r.push(n - t); } } r }",
        true,
    );
    // 4's moves: to 3 (the opponent wins at once: left out) and to 2; so G(4) = mex{G(2)} = 0.
    let moves = game.component_moves(&Atom::Int(4)).unwrap();
    assert_eq!(moves, vec![position(&game, "2")]);
    let every = game.every_component_move(&Atom::Int(3)).unwrap();
    assert!(every.wins_at_once);
    assert_eq!(every.options.len(), 2);
    let mut solver = MemoSolver::new(&game);
    let values: Vec<u64> = [0, 1, 2, 4, 5, 6, 7]
        .iter()
        .map(|n| {
            solver
                .grundy_value(&position(&game, &n.to_string()))
                .unwrap()
                .value()
        })
        .collect();
    assert_eq!(values, [0, 1, 2, 0, 1, 2, 0]);
    // In a sum: 4 + 3 has a part that wins at once (the parts are kept sorted); 4 + 4 has none.
    let sum = position(&game, "4 + 3");
    let part = game.winning_part(&sum).unwrap().expect("3 wins at once");
    assert_eq!(sum.atoms()[part], Atom::Int(3));
    assert_eq!(game.winning_part(&position(&game, "4 + 4")).unwrap(), None);
}

#[test]
fn a_script_without_win_pays_nothing_and_a_hidden_win_is_refused() {
    let plain = game("fn moves(n) { if n > 0 { [n - 1] } else { [] } }", true);
    assert!(!plain.uses_win());
    // `win` reached through a function pointer is not seen before the game runs: refused when met.
    let hidden = game(r#"fn moves(n) { let f = Fn("win"); [f.call()] }"#, false);
    assert!(!hidden.uses_win());
    let err = hidden.component_moves(&Atom::Int(1)).unwrap_err();
    assert!(err.message().contains("call `win()` by its name"), "{err}");
    // `win()` in a split is no position.
    let err = game("fn moves(n) { [split([win(), 1])] }", true)
        .component_moves(&Atom::Int(1))
        .unwrap_err();
    assert!(err.message().contains("not a position"), "{err}");
}

/// A random game on heaps: take any of `take`, or break a heap into two after taking one when
/// `breaks`; a heap in `wins` may instead be won at once.
fn heap_game(take: &[u8], breaks: bool, wins: &[u8]) -> String {
    let list = |xs: &[u8]| {
        xs.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "fn moves(n) {{ let r = []; if [{}].contains(n) {{ r.push(win()); }} \
         for t in [{}] {{ if t <= n {{ r.push(n - t); }} }} \
         if {breaks} {{ for a in 1..n - 1 {{ r.push(split([a, n - 1 - a])); }} }} r }}",
        list(wins),
        list(take)
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_heap_games_with_wins_answer_like_a_plain_search(
        take in proptest::collection::btree_set(1u8..=4, 1..=3),
        breaks in any::<bool>(),
        wins in proptest::collection::btree_set(1u8..=10, 0..=3),
    ) {
        let take: Vec<u8> = take.into_iter().collect();
        let wins: Vec<u8> = wins.into_iter().collect();
        let source = heap_game(&take, breaks, &wins);
        let compiled = game(&source, true);
        let rhai = game(&source, false);
        let mut solver = MemoSolver::new(&compiled);
        let mut memo = HashMap::new();
        for a in 0..=10 {
            prop_assert_eq!(
                compiled.every_component_move(&Atom::Int(a)).unwrap(),
                rhai.every_component_move(&Atom::Int(a)).unwrap()
            );
            for b in a..=10 {
                let p = position(&compiled, &format!("{a} + {b}"));
                let wins = brute_wins(&compiled, &p, &mut memo);
                prop_assert_eq!(sprague_wins(&compiled, &mut solver, &p), wins, "{} + {}", a, b);
            }
        }
    }
}
