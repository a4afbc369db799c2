//! Formulas for a grid G(a, b): a value that is a function of one combination of `a` and `b`
//! (`a ^ b`, `a + b`, `min`, `max`, `a | b`, …) fitted as a table, a value that splits as
//! `f(a) ^ g(b)`, and P-positions as a relation between `a` and `b` or as Beatty pairs
//! (⌊kα⌋, ⌊kα⌋ + c·k) with α found and named.

use std::collections::HashMap;

use super::expr::{Expr, Func, Op, Point, Var};
use super::line::{value_shapes, zero_shapes};
use super::{Formula, FormulaKind, MAX_FORMULAS};

fn a() -> Expr {
    Expr::var(Var::A)
}

fn b() -> Expr {
    Expr::var(Var::B)
}

/// The combinations of the coordinates a value may depend on alone.
fn combinations() -> Vec<Expr> {
    let two = |op: Op| Expr::bin(op, a(), b());
    vec![
        a(),
        b(),
        two(Op::Xor),
        two(Op::Add),
        two(Op::Or),
        two(Op::And),
        Expr::call(Func::Min, vec![a(), b()]),
        Expr::call(Func::Max, vec![a(), b()]),
        two(Op::Sub),
        Expr::call(Func::Max, vec![two(Op::Sub), Expr::bin(Op::Sub, b(), a())]),
        two(Op::Mul),
    ]
}

/// The points (x, G) of a grid seen as a function of `x = combination(a, b)`, if it is one
/// (every cell with the same x has the same value after `map`).
fn as_function(
    cells: &[(i64, i64, i64)],
    combination: &Expr,
    map: impl Fn(i64) -> i64,
) -> Option<Vec<(i64, i64)>> {
    let mut seen: HashMap<i64, i64> = HashMap::new();
    for &(a, b, y) in cells {
        let x = combination.eval(&Point { n: 0, a, b })?;
        let y = map(y);
        if *seen.entry(x).or_insert(y) != y {
            return None;
        }
    }
    let mut points: Vec<(i64, i64)> = seen.into_iter().collect();
    points.sort_unstable();
    Some(points)
}

fn holds_on_grid(expr: &Expr, cells: &[(i64, i64, i64)], zeros: bool) -> bool {
    cells.iter().all(|&(a, b, y)| {
        let v = expr.eval(&Point { n: 0, a, b });
        if zeros {
            v.map(|v| v != 0) == Some(y == 0)
        } else {
            v == Some(y)
        }
    })
}

/// The formulas of a grid `grid[a][b]` = G(a, b), simplest first: value formulas, then
/// P-position rules. None is proved: the finder knows no theorem about grids.
pub fn grid_formulas(grid: &[Vec<u64>]) -> Vec<Formula> {
    let mut cells = Vec::new();
    for (a, row) in grid.iter().enumerate() {
        for (b, &v) in row.iter().enumerate() {
            let Ok(v) = i64::try_from(v) else {
                return Vec::new();
            };
            cells.push((a as i64, b as i64, v));
        }
    }
    let count = cells.len();
    let note = |what: &str| format!("{what}fits all {count} cells; a conjecture beyond them");
    let formula = |expr: Expr, kind: FormulaKind, note: String| Formula {
        expr,
        kind,
        fits: true,
        proved: false,
        note,
        missed: Vec::new(),
        misses: 0,
    };
    let mut values = Vec::new();
    let mut zeros = Vec::new();
    for combination in combinations() {
        if let Some(points) = as_function(&cells, &combination, |y| y) {
            for shape in value_shapes(&points) {
                let expr = shape.expr.substitute(Var::N, &combination);
                values.push(formula(expr, FormulaKind::Value, note("")));
            }
        }
        if let Some(points) = as_function(&cells, &combination, |y| i64::from(y != 0)) {
            for shape in zero_shapes(&points) {
                let expr = simplify_relation(shape.expr.substitute(Var::N, &combination));
                zeros.push(formula(expr, FormulaKind::PPositions, note("")));
            }
        }
    }
    if values.is_empty() {
        if let Some(expr) = split_xor(grid, &cells) {
            values.push(formula(
                expr,
                FormulaKind::Value,
                note("G(a, b) = f(a) ^ g(b), f and g fitted as tables: "),
            ));
        }
    }
    if let Some((expr, what)) = beatty_pairs(grid, &cells) {
        zeros.push(formula(expr, FormulaKind::PPositions, note(&what)));
    }
    let mut out = simplest(values);
    out.extend(simplest(zeros));
    out
}

fn simplest(mut found: Vec<Formula>) -> Vec<Formula> {
    found.sort_by_key(|f| (f.expr.size(), f.expr.to_string().len()));
    let mut seen = std::collections::HashSet::new();
    found.retain(|f| seen.insert(f.expr.to_string()));
    let best = found.first().map_or(0, |f| f.expr.size());
    found.retain(|f| f.expr.size() <= best + 2);
    found.truncate(MAX_FORMULAS);
    found
}

/// `a - b == 0` reads better as `a == b`.
fn simplify_relation(expr: Expr) -> Expr {
    if let Expr::Bin(Op::Eq, x, y) = &expr {
        if let (Expr::Bin(Op::Sub, p, q), Expr::Const(0)) = (x.as_ref(), y.as_ref()) {
            return Expr::bin(Op::Eq, (**p).clone(), (**q).clone());
        }
    }
    expr
}

/// G(a, b) = f(a) ^ g(b), with f(a) = G(a, 0) and g(b) = G(0, b) ^ G(0, 0), when both have a
/// formula of their own.
fn split_xor(grid: &[Vec<u64>], cells: &[(i64, i64, i64)]) -> Option<Expr> {
    let g00 = *grid.first()?.first()?;
    let splits = grid.iter().all(|row| {
        row.iter()
            .enumerate()
            .all(|(b, &v)| v ^ g00 == row[0] ^ grid[0][b])
    });
    if !splits {
        return None;
    }
    let column: Vec<(i64, i64)> = grid
        .iter()
        .enumerate()
        .map(|(a, row)| Some((a as i64, i64::try_from(row[0]).ok()?)))
        .collect::<Option<_>>()?;
    let row: Vec<(i64, i64)> = grid[0]
        .iter()
        .enumerate()
        .map(|(b, &v)| Some((b as i64, i64::try_from(v ^ g00).ok()?)))
        .collect::<Option<_>>()?;
    let f = value_shapes(&column).into_iter().next()?.expr;
    let g = value_shapes(&row).into_iter().next()?.expr;
    let expr = Expr::bin(
        Op::Xor,
        f.substitute(Var::N, &a()),
        g.substitute(Var::N, &b()),
    );
    holds_on_grid(&expr, cells, false).then_some(expr)
}

/// The P-positions as pairs (a_k, b_k) = (⌊kα⌋, ⌊kα⌋ + c·k), k = 0, 1, 2, …, with α = (u + √v)/w
/// found among small u, v, w and checked exactly, as Wythoff's game has them with α the golden
/// ratio and c = 1. Returns the rule over a, b and a sentence naming α.
fn beatty_pairs(grid: &[Vec<u64>], cells: &[(i64, i64, i64)]) -> Option<(Expr, String)> {
    let side = grid.len().min(grid.first()?.len());
    let mut pairs: Vec<(i64, i64)> = Vec::new();
    for (a, row) in grid.iter().enumerate().take(side) {
        for (b, &v) in row.iter().enumerate().take(side) {
            if v == 0 && a <= b {
                pairs.push((a as i64, b as i64));
            }
        }
    }
    if pairs.len() < 8 {
        return None;
    }
    let c = pairs[1].1 - pairs[1].0;
    if c < 1
        || !pairs
            .iter()
            .enumerate()
            .all(|(k, &(a, b))| b - a == c * k as i64)
    {
        return None;
    }
    let lows: Vec<i64> = pairs.iter().map(|&(a, _)| a).collect();
    let found = super::find_beatty(&lows, 0);
    let (u, v, w) = found?;
    // k from the pair: |a − b| = c·k.
    let distance = Expr::call(
        Func::Max,
        vec![Expr::bin(Op::Sub, a(), b()), Expr::bin(Op::Sub, b(), a())],
    );
    let k = if c == 1 {
        distance.clone()
    } else {
        Expr::bin(Op::Div, distance.clone(), Expr::int(c))
    };
    let root = super::isqrt_of_scaled_square(v, &k);
    let mut numerator = root;
    if u != 0 {
        numerator = Expr::bin(Op::Add, k.times(u), numerator);
    }
    let low = if w == 1 {
        numerator
    } else {
        Expr::bin(Op::Div, numerator, Expr::int(w))
    };
    let mut rule = Expr::bin(Op::Eq, Expr::call(Func::Min, vec![a(), b()]), low);
    if c > 1 {
        rule = Expr::bin(
            Op::Both,
            Expr::bin(
                Op::Eq,
                Expr::bin(Op::Rem, distance, Expr::int(c)),
                Expr::int(0),
            ),
            rule,
        );
    }
    if !holds_on_grid(&rule, cells, true) {
        return None;
    }
    let alpha = super::alpha_name(u, v, w);
    let step = if c == 1 {
        "k".to_owned()
    } else {
        format!("{c}k")
    };
    Some((
        rule,
        format!(
            "the Beatty pairs (⌊kα⌋, ⌊kα⌋ + {step}), {alpha} ({} pairs in the square): ",
            pairs.len()
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exprs(grid: &[Vec<u64>]) -> Vec<String> {
        grid_formulas(grid)
            .into_iter()
            .map(|f| f.expr.to_string())
            .collect()
    }

    #[test]
    fn finds_nim_of_two_heaps() {
        let grid: Vec<Vec<u64>> = (0..20).map(|a| (0..20).map(|b| a ^ b).collect()).collect();
        let found = exprs(&grid);
        assert_eq!(found[0], "a ^ b");
        assert!(found.contains(&"a == b".to_owned()), "{found:?}");
    }

    #[test]
    fn finds_a_sum_of_two_subtraction_games() {
        let grid: Vec<Vec<u64>> = (0..30)
            .map(|a| (0..30).map(|b| (a % 3) ^ (b % 5)).collect())
            .collect();
        assert_eq!(exprs(&grid)[0], "(a % 3) ^ (b % 5)");
    }
}
