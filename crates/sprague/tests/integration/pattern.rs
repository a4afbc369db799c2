//! The pattern finder on games whose rules are known, each table computed here by plain search
//! from the rules, and on random tables, where it must not invent a rule.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sprague::games::subtraction::{SubtractionSet, SubtractionTable};
use sprague::pattern::{grid_formulas, table_formulas, Formula, FormulaKind, Point};
use sprague::sequence::Period;

fn mex(seen: impl IntoIterator<Item = u64>) -> u64 {
    let seen: std::collections::BTreeSet<u64> = seen.into_iter().collect();
    (0..)
        .find(|v| !seen.contains(v))
        .expect("a finite set misses a number")
}

/// G(0..len) of the subtraction game with moves `set`, by plain mex.
fn subtraction(set: &[u64], len: usize) -> Vec<u64> {
    let mut g = Vec::with_capacity(len);
    for n in 0..len as u64 {
        let options = set
            .iter()
            .filter(|&&s| s <= n)
            .map(|&s| g[(n - s) as usize]);
        let v = mex(options.collect::<Vec<u64>>());
        g.push(v);
    }
    g
}

/// G(a, b) for 0 ≤ a, b < side of a game on two numbers, by plain mex over `options`.
fn grid(side: usize, options: impl Fn(usize, usize) -> Vec<(usize, usize)>) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; side]; side];
    for a in 0..side {
        for b in 0..side {
            g[a][b] = mex(options(a, b).into_iter().map(|(x, y)| g[x][y]));
        }
    }
    g
}

fn exact(formulas: &[Formula], kind: FormulaKind) -> Vec<String> {
    formulas
        .iter()
        .filter(|f| f.fits && f.kind == kind)
        .map(|f| f.expr.to_string())
        .collect()
}

/// `f` gives the value `v` at `point`: the value itself, or whether it is 0 for a rule of the
/// P-positions.
fn check_at(f: &Formula, point: &Point, v: u64) {
    let got = f.expr.eval(point);
    match f.kind {
        FormulaKind::Value => assert_eq!(got, Some(v as i64), "{} at {point:?}", f.expr),
        FormulaKind::PPositions => {
            assert_eq!(got.map(|x| x != 0), Some(v == 0), "{} at {point:?}", f.expr)
        }
    }
}

/// Every formula said to fit does, at every point (the finder's claim checked independently).
fn check_claims(formulas: &[Formula], values: &[u64]) {
    for f in formulas.iter().filter(|f| f.fits) {
        for (n, &v) in values.iter().enumerate() {
            let point = Point {
                n: n as i64,
                a: 0,
                b: 0,
            };
            check_at(f, &point, v);
        }
    }
}

#[test]
fn bash_games_are_n_mod_k_plus_one_and_proved() {
    for k in 1..=9u64 {
        let set: Vec<u64> = (1..=k).collect();
        let mut table = SubtractionTable::new(SubtractionSet::new(set.clone()).unwrap());
        table.extend_to(500);
        let period = table.period().expect("a subtraction game's period");
        let values = subtraction(&set, 500);
        let formulas = table_formulas(&values, Some(&period));
        check_claims(&formulas, &values);
        let first = &formulas[0];
        assert_eq!(first.expr.to_string(), format!("n % {}", k + 1));
        assert!(first.fits && first.proved, "{first:?}");
        assert!(exact(&formulas, FormulaKind::PPositions).contains(&format!("n % {} == 0", k + 1)));
    }
}

#[test]
fn subtraction_1_3_4_gets_its_p_positions_proved() {
    let values = subtraction(&[1, 3, 4], 300);
    let period = Period {
        preperiod: 0,
        period: 7,
        saltus: 0,
        proved: true,
    };
    let formulas = table_formulas(&values, Some(&period));
    check_claims(&formulas, &values);
    let rule = formulas
        .iter()
        .find(|f| f.kind == FormulaKind::PPositions)
        .expect("a P-position rule");
    assert_eq!(rule.expr.to_string(), "n % 7 == 0 || n % 7 == 2");
    assert!(rule.proved);
    // Without a proved period the same rule is a conjecture.
    let seen = table_formulas(&values, None);
    assert!(seen.iter().all(|f| !f.proved));
}

#[test]
fn the_seeds_powers_of_two_game_is_n_mod_3() {
    // HDU 1847: take 1, 2, 4, 8, … cards.
    let powers: Vec<u64> = (0..12).map(|i| 1 << i).collect();
    let values = subtraction(&powers, 1000);
    let formulas = table_formulas(&values, None);
    check_claims(&formulas, &values);
    assert_eq!(formulas[0].expr.to_string(), "n % 3");
    assert!(!formulas[0].proved);
}

#[test]
fn fibonacci_nims_first_positions_are_lost_at_the_fibonacci_numbers() {
    // The player to move at the start (any take but all) loses exactly at a Fibonacci number:
    // the table of outcomes by plain search over (heap, most).
    let size = 300usize;
    let mut lost = vec![vec![false; size + 1]; size + 1];
    for heap in 0..=size {
        for most in 0..=size {
            lost[heap][most] = (1..=most.min(heap)).all(|t| !lost[heap - t][(2 * t).min(size)]);
        }
    }
    let values: Vec<u64> = (0..=size)
        .map(|n| u64::from(!lost[n][n.saturating_sub(1)]))
        .collect();
    let formulas = table_formulas(&values, None);
    check_claims(&formulas, &values);
    let rules = exact(&formulas, FormulaKind::PPositions);
    assert!(
        rules.iter().any(|r| r.contains("isqrt(5 * n * n + 4)")),
        "{rules:?}"
    );
}

#[test]
fn two_heap_nim_is_a_xor_b() {
    let g = grid(24, |a, b| {
        (0..a)
            .map(|x| (x, b))
            .chain((0..b).map(|y| (a, y)))
            .collect()
    });
    let formulas = grid_formulas(&g);
    assert_eq!(exact(&formulas, FormulaKind::Value)[0], "a ^ b");
    assert!(exact(&formulas, FormulaKind::PPositions).contains(&"a == b".to_owned()));
}

/// Wythoff's game with the diagonal move "take x from one heap and y from the other, |x − y| <
/// c" (c = 1: Wythoff's own): P-positions (⌊kα⌋, ⌊kα⌋ + ck) with α = (2 − c + √(c² + 4))/2.
fn wythoff(c: usize, side: usize) -> Vec<Vec<u64>> {
    grid(side, |a, b| {
        let mut o: Vec<(usize, usize)> = (0..a)
            .map(|x| (x, b))
            .chain((0..b).map(|y| (a, y)))
            .collect();
        for x in 1..=a {
            for y in 1..=b {
                if x.abs_diff(y) < c {
                    o.push((a - x, b - y));
                }
            }
        }
        o
    })
}

#[test]
fn wythoffs_p_positions_are_beatty_pairs_of_the_golden_ratio() {
    let g = wythoff(1, 80);
    let formulas = grid_formulas(&g);
    let rule = formulas
        .iter()
        .find(|f| f.kind == FormulaKind::PPositions)
        .expect("a P-position rule");
    assert!(rule.fits && !rule.proved);
    assert!(rule.note.contains("golden ratio"), "{}", rule.note);
    for (a, row) in g.iter().enumerate() {
        for (b, &v) in row.iter().enumerate() {
            let holds = rule
                .expr
                .eval(&Point {
                    n: 0,
                    a: a as i64,
                    b: b as i64,
                })
                .unwrap();
            assert_eq!(holds != 0, v == 0, "({a}, {b})");
        }
    }
    // c = 2: α = √2, found, not assumed.
    let formulas = grid_formulas(&wythoff(2, 70));
    let rule = formulas
        .iter()
        .find(|f| f.kind == FormulaKind::PPositions)
        .expect("a P-position rule");
    assert!(rule.note.contains("α = √2"), "{}", rule.note);
}

#[test]
fn kikis_board_is_lost_when_both_sides_are_odd() {
    // HDU 2147: a coin moves one cell left, down, or down-left on an n × m board; g[i][j] is the
    // board of i + 1 by j + 1 cells. The first player loses exactly when n and m are both odd.
    let g = grid(40, |i, j| {
        let mut o = Vec::new();
        if i > 0 {
            o.push((i - 1, j));
        }
        if j > 0 {
            o.push((i, j - 1));
        }
        if i > 0 && j > 0 {
            o.push((i - 1, j - 1));
        }
        o
    });
    let formulas = grid_formulas(&g);
    let rules = exact(&formulas, FormulaKind::PPositions);
    assert!(rules.contains(&"(a | b) % 2 == 0".to_owned()), "{rules:?}");
    for f in &formulas {
        for (a, row) in g.iter().enumerate() {
            for (b, &v) in row.iter().enumerate() {
                let point = Point {
                    n: 0,
                    a: a as i64,
                    b: b as i64,
                };
                check_at(f, &point, v);
            }
        }
    }
}

#[test]
fn a_rule_with_exceptions_is_a_near_fit_that_names_them() {
    let mut values: Vec<u64> = (0..1000).map(|n| n % 5).collect();
    values[3] = 7;
    values[11] = 0;
    let formulas = table_formulas(&values, None);
    let near = formulas.iter().find(|f| !f.fits).expect("a near fit");
    assert_eq!(near.expr.to_string(), "n % 5");
    assert_eq!(near.missed, vec![3, 11]);
    assert_eq!(near.misses, 2);
    assert!(!near.proved);
}

#[test]
fn random_tables_give_no_rule() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for round in 0..30 {
        let len = rng.gen_range(20..3000);
        let range = rng.gen_range(2..20u64);
        let values: Vec<u64> = (0..len).map(|_| rng.gen_range(0..range)).collect();
        let formulas = table_formulas(&values, None);
        assert!(formulas.is_empty(), "round {round}: {formulas:?}");
        let side = rng.gen_range(5..40);
        let g: Vec<Vec<u64>> = (0..side)
            .map(|_| (0..side).map(|_| rng.gen_range(0..range)).collect())
            .collect();
        let formulas = grid_formulas(&g);
        assert!(formulas.is_empty(), "round {round}: {formulas:?}");
    }
}
