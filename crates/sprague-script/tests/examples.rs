//! Every example script in `examples/` runs, and its values equal an independent computation:
//! a closed form or a brute force written here in Rust.

use std::path::Path;

use sprague::solve::MemoSolver;
use sprague_script::{ScriptGame, ScriptLimits};

fn example(name: &str) -> ScriptGame {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name);
    let source = std::fs::read_to_string(&path).unwrap();
    ScriptGame::compile(&source, ScriptLimits::default()).unwrap()
}

fn values(game: &ScriptGame, positions: impl IntoIterator<Item = String>) -> Vec<u64> {
    let mut solver = MemoSolver::new(game);
    let res = positions
        .into_iter()
        .map(|p| {
            solver
                .grundy_value(&game.parse_position(&p).unwrap())
                .unwrap()
                .value()
        })
        .collect();
    assert!(game.take_error().is_none());
    res
}

fn mex(values: &[u64]) -> u64 {
    (0..).find(|v| !values.contains(v)).unwrap()
}

/// Nim-values of a heap game where a move leaves one or two heaps, by plain mex in Rust.
fn heap_game(upto: usize, moves: impl Fn(usize) -> Vec<Vec<usize>>) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(upto + 1);
    for n in 0..=upto {
        let options: Vec<u64> = moves(n)
            .iter()
            .map(|parts| parts.iter().fold(0, |x, &p| x ^ g[p]))
            .collect();
        g.push(mex(&options));
    }
    g
}

#[test]
fn subtraction_example_matches_plain_mex() {
    let expected = heap_game(80, |n| {
        [1, 3, 4]
            .iter()
            .filter(|&&t| t <= n)
            .map(|&t| vec![n - t])
            .collect()
    });
    assert_eq!(
        values(
            &example("subtraction-1-3-4.rhai"),
            (0..=80).map(|n| n.to_string())
        ),
        expected
    );
}

#[test]
fn lasker_example_matches_the_closed_form() {
    let closed = |n: u64| match n % 4 {
        0 if n > 0 => n - 1,
        3 => n + 1,
        _ => n,
    };
    let got = values(&example("lasker.rhai"), (0..=60).map(|n| n.to_string()));
    assert_eq!(got, (0..=60).map(closed).collect::<Vec<_>>());
}

#[test]
fn grundys_game_example_matches_plain_mex() {
    let expected = heap_game(60, |n| {
        (1..n)
            .filter(|&a| a < n - a)
            .map(|a| vec![a, n - a])
            .collect()
    });
    assert_eq!(
        values(
            &example("grundys-game.rhai"),
            (0..=60).map(|n| n.to_string())
        ),
        expected
    );
    // OEIS A002188 begins 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0.
    assert_eq!(
        &expected[..21],
        &[0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
    );
}

#[test]
fn kayles_example_matches_plain_mex() {
    let expected = heap_game(70, |n| {
        let mut res = Vec::new();
        for width in 1..=2 {
            for left in 0..=n.saturating_sub(width) {
                if left + width <= n {
                    res.push(vec![left, n - width - left]);
                }
            }
        }
        res
    });
    assert_eq!(
        values(&example("kayles.rhai"), (0..=70).map(|n| n.to_string())),
        expected
    );
    // OEIS A002186 begins 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6.
    assert_eq!(&expected[..12], &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
}

#[test]
fn wythoff_example_p_positions_are_the_golden_pairs() {
    let game = example("wythoff.rhai");
    let mut solver = MemoSolver::new(&game);
    // a_k = ⌊kφ⌋ = (k + ⌊√(5k²)⌋) / 2 in integers; b_k = a_k + k.
    let mut p_positions = Vec::new();
    for k in 0..12u64 {
        let a = (k + (5 * k * k).isqrt()) / 2;
        p_positions.push((a, a + k));
    }
    for a in 0..=20u64 {
        for b in a..=20u64 {
            let v = solver
                .grundy_value(&game.parse_position(&format!("[{a}, {b}]")).unwrap())
                .unwrap();
            assert_eq!(v.is_zero(), p_positions.contains(&(a, b)), "[{a}, {b}]");
        }
    }
}

#[test]
fn hdu_1847_example_loses_on_multiples_of_three() {
    let got = values(
        &example("hdu1847-powers-of-two.rhai"),
        (0..=100).map(|n| n.to_string()),
    );
    for (n, v) in got.iter().enumerate() {
        assert_eq!(*v == 0, n % 3 == 0, "n = {n}");
    }
}

#[test]
fn hdu_2147_example_loses_when_both_sides_are_odd() {
    // On the 8-row board of the example, a coin on [r, c] is a board of (8 - r + 1) rows and c columns.
    let game = example("hdu2147-kiki.rhai");
    let mut solver = MemoSolver::new(&game);
    for r in 1..=8 {
        for c in 1..=9 {
            let v = solver
                .grundy_value(&game.parse_position(&format!("[{r}, {c}]")).unwrap())
                .unwrap();
            let rows = 8 - r + 1;
            assert_eq!(v.is_zero(), rows % 2 == 1 && c % 2 == 1, "[{r}, {c}]");
        }
    }
}

#[test]
fn loopy_example_is_reported_as_a_loop() {
    let game = example("loopy-ring.rhai");
    let mut solver = MemoSolver::new(&game);
    let err = solver
        .grundy_value(&game.parse_position("1").unwrap())
        .unwrap_err();
    assert_eq!(err, sprague::solve::SolveError::Loop);
}
