//! The pattern finder: closed forms that fit every computed value of a table G(0..=N) or a grid
//! G(a, b), simplest first, each an expression a user can paste back into a script.
//!
//! Most games have no formula until someone tabulates them and spots one; this module does the
//! spotting. It proposes shapes (linear and floor forms, residues, bit forms such as trailing
//! zeros and popcount, periodic lists, functions of `a ^ b`, `a + b`, `min`, `max`, …, a value
//! that splits as `f(a) ^ g(b)`, and P-positions as residue classes, powers of two, Fibonacci
//! numbers or Beatty pairs), fits their constants to the first values, and keeps a shape only if
//! it equals **every** value. Seeing is not proving: a formula is `proved` only when it follows
//! from a theorem the caller vouches for (a table's proved period, which the formula shares).
//!
//! A formula must also have enough evidence: a shape with a period or scale L is considered only
//! on tables of at least 2L + 8 values, so that a short or random table gives no rule.

pub mod expr;
mod grid;
mod line;

pub use expr::{Expr, Func, Op, Point, Var};
pub use grid::grid_formulas;
pub use line::table_formulas;

/// What a formula describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormulaKind {
    /// The nim-value itself: `G = expr`.
    Value,
    /// The P-positions: `G = 0` exactly where `expr` holds.
    PPositions,
}

/// A closed form proposed for a table or a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Formula {
    /// The expression, over `n` (a table) or `a`, `b` (a grid).
    pub expr: Expr,
    /// A value formula or a P-position rule.
    pub kind: FormulaKind,
    /// True only when the formula equals every computed value.
    pub fits: bool,
    /// True only when a theorem makes it hold beyond the computed range.
    pub proved: bool,
    /// How it was found and how far it holds, in a sentence.
    pub note: String,
    /// The positions where it fails (the first [`MAX_MISSED`]), when it does not fit.
    pub missed: Vec<u64>,
    /// How many computed values it misses.
    pub misses: u64,
}

/// The most missed positions a near fit lists.
pub const MAX_MISSED: usize = 64;

/// The most formulas of each kind offered.
pub const MAX_FORMULAS: usize = 4;

/// α = (u + √v)/w in words, named where it has a name (the golden ratio φ, φ², √2, the silver
/// ratio).
pub(crate) fn alpha_name(u: i64, v: i64, w: i64) -> String {
    match (u, v, w) {
        (1, 5, 2) => "α = (1 + √5)/2, the golden ratio φ".to_owned(),
        (3, 5, 2) => "α = (3 + √5)/2 = φ²".to_owned(),
        (0, 2, 1) => "α = √2".to_owned(),
        (1, 2, 1) => "α = 1 + √2, the silver ratio".to_owned(),
        (0, v, 1) => format!("α = √{v}"),
        (u, v, 1) => format!("α = {u} + √{v}"),
        (u, v, w) => format!("α = ({u} + √{v})/{w}"),
    }
}

/// `isqrt(c * x * x)`: ⌊x·√c⌋ for x ≥ 0, in integers.
pub(crate) fn isqrt_of_scaled_square(c: i64, x: &Expr) -> Expr {
    Expr::call(
        Func::Isqrt,
        vec![Expr::bin(
            Op::Mul,
            Expr::bin(Op::Mul, Expr::int(c), x.clone()),
            x.clone(),
        )],
    )
}

/// The constants (u, v, w) with α = (u + √v)/w > 1 (v not a square, |u| ≤ 8, v ≤ 30, w ≤ 4) for
/// which ⌊kα⌋ = `terms[i]` at k = `first_k` + i for every i: the first found, by smallest w, then
/// v, then u.
pub(crate) fn find_beatty(terms: &[i64], first_k: i64) -> Option<(i64, i64, i64)> {
    let floor_k_alpha = |k: i64, u: i64, v: i64, w: i64| -> Option<i64> {
        let root = expr::isqrt(k.checked_mul(k)?.checked_mul(v)?)?;
        Some((k.checked_mul(u)?.checked_add(root)?).div_euclid(w))
    };
    for w in 1..=4i64 {
        for v in 2..=30i64 {
            if expr::isqrt(v)?.pow(2) == v {
                continue;
            }
            for u in -8..=8i64 {
                // α > 1: u + √v > w.
                let above_one = u >= w || (w - u) * (w - u) < v;
                if above_one
                    && terms
                        .iter()
                        .enumerate()
                        .all(|(i, &t)| floor_k_alpha(first_k + i as i64, u, v, w) == Some(t))
                {
                    return Some((u, v, w));
                }
            }
        }
    }
    None
}
