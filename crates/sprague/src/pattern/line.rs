//! Formulas for a sequence of points (x, y): a table's G(n) over n, or a grid's values as a
//! function of `a ^ b`, `a + b`, … (the grid finder hands its points here).
//!
//! Each shape is a *base* f(x) (x itself, `(x + c) / k`, `(x + c) % k`, `ctz(x + c)`, `popcount`,
//! …) under a *transform* whose constants are read off two points: `f`, `f + d`, `k * f + d`,
//! `f ^ d`, `1 << f`. A candidate is checked against the points in order and dropped at the first
//! miss, so the thousands of shapes cost little more than the few that survive.

use super::expr::{Expr, Func, Op, Point, Var};
use super::{Formula, FormulaKind, MAX_FORMULAS, MAX_MISSED};
use crate::sequence::Period;

/// The shortest series any formula is offered for.
const MIN_POINTS: usize = 12;
/// The largest divisor, modulus or period a shape may have.
const MAX_SCALE: i64 = 64;
/// A near fit may miss at most one value in this many (and at least a few).
const NEAR_FIT_RATIO: usize = 200;
/// Near fits are looked for on series up to this length.
const MAX_NEAR_FIT_LEN: usize = 1 << 20;
/// The points at the end of a series a near fit must pass before it is counted everywhere.
const NEAR_FIT_TAIL: usize = 1024;

/// A shape with its evidence requirement and, where it has one, its arithmetic period.
#[derive(Clone, Debug)]
pub(crate) struct Shape {
    pub expr: Expr,
    /// The period, divisor or modulus of the shape: it needs at least `2 * scale + 8` points.
    scale: i64,
    /// `Some((q, s))` when the expression satisfies F(x + q) = F(x) + s for every x ≥ 0.
    pub period: Option<(i64, i64)>,
}

fn n() -> Expr {
    Expr::var(Var::N)
}

fn at(x: i64) -> Point {
    Point {
        n: x,
        ..Point::default()
    }
}

/// The bases over `n`, with the scale each needs and its arithmetic period: built once (about
/// 2,900 expressions; every table asks for them two or three times).
fn bases() -> &'static [Shape] {
    static BASES: std::sync::OnceLock<Vec<Shape>> = std::sync::OnceLock::new();
    BASES.get_or_init(build_bases)
}

fn build_bases() -> Vec<Shape> {
    let mut out = Vec::new();
    let mut push = |expr: Expr, scale: i64, period: Option<(i64, i64)>| {
        out.push(Shape {
            expr,
            scale,
            period,
        })
    };
    push(n(), 1, Some((1, 1)));
    for k in 2..=MAX_SCALE {
        for c in 0..k {
            push(
                Expr::bin(Op::Rem, n().plus(c), Expr::int(k)),
                k,
                Some((k, 0)),
            );
        }
    }
    for k in 2..=MAX_SCALE / 2 {
        for c in 0..k {
            push(
                Expr::bin(Op::Div, n().plus(c), Expr::int(k)),
                k,
                Some((k, 1)),
            );
        }
    }
    for k in 2..=8 {
        for c in 0..k {
            for m in 2..=8 {
                push(
                    Expr::bin(
                        Op::Rem,
                        Expr::bin(Op::Div, n().plus(c), Expr::int(k)),
                        Expr::int(m),
                    ),
                    k * m,
                    Some((k * m, 0)),
                );
            }
        }
    }
    let popcount = |x: Expr| Expr::call(Func::Popcount, vec![x]);
    for c in 0..=3 {
        push(Expr::call(Func::Ctz, vec![n().plus(c + 1)]), 4, None);
        push(popcount(n().plus(c)), 4, None);
        push(
            Expr::bin(Op::Rem, popcount(n().plus(c)), Expr::int(2)),
            4,
            None,
        );
    }
    // The lowest set bit, the ruler function's power of two.
    push(Expr::bin(Op::And, n(), Expr::Neg(Box::new(n()))), 4, None);
    push(Expr::call(Func::ZeckendorfMin, vec![n()]), 8, None);
    push(Expr::call(Func::Isqrt, vec![n()]), 8, None);
    // Two terms: 2n plus a parity (the odious and evil numbers, values of coin-turning games).
    let parity = Expr::bin(Op::Rem, popcount(n()), Expr::int(2));
    push(Expr::bin(Op::Add, n().times(2), parity.clone()), 4, None);
    push(Expr::bin(Op::Sub, n().times(2).plus(1), parity), 4, None);
    out
}

/// A table's period, verified over every computed n past its preperiod: G(n + q) = G(n) + s for
/// n ≥ p. A shape with a period of its own that divides it (and the matching saltus) repeats as
/// the table does, so it fits every point once it fits the first p + q: the rest are not looked at.
#[derive(Clone, Copy, Debug)]
struct Window {
    len: usize,
    period: i64,
    saltus: i64,
}

impl Window {
    fn of(period: Option<&Period>, points: usize) -> Option<Window> {
        let p = period?;
        let len = usize::try_from(p.preperiod.checked_add(p.period)?).ok()?;
        (p.period > 0 && len <= points).then_some(Window {
            len,
            period: i64::try_from(p.period).ok()?,
            saltus: i64::try_from(p.saltus).ok()?,
        })
    }

    /// The points `shape` must be checked on: the first p + q when it repeats with the table
    /// (for P-position rules, `zeros`, without a saltus on either side), else all of them.
    fn span(
        window: Option<Window>,
        points: &[(i64, i64)],
        period: Option<(i64, i64)>,
        zeros: bool,
    ) -> &[(i64, i64)] {
        let (Some(w), Some((q1, s1))) = (window, period) else {
            return points;
        };
        let repeats = q1 > 0
            && w.period % q1 == 0
            && if zeros {
                w.saltus == 0 && s1 == 0
            } else {
                w.saltus == s1 * (w.period / q1)
            };
        if repeats {
            &points[..w.len.min(points.len())]
        } else {
            points
        }
    }
}

/// A change of a base's values that `transforms` proposes, applied to the base's value at a
/// point without building the expression (most candidates fail at their first points); the
/// expression is built for those that fit. Each gives what evaluating its expression gives.
#[derive(Clone, Copy, Debug)]
enum Tweak {
    Same,
    /// `base + c` (`base - |c|`, or `base` for 0: [`Expr::plus`]).
    Plus(i64),
    /// `base ^ c`.
    Xor(i64),
    /// `k * base + d` (k ≠ 1).
    Affine(i64, i64),
    /// `1 << base`.
    PowerOfTwo,
}

impl Tweak {
    fn apply(self, v: i64) -> Option<i64> {
        let plus = |v: i64, c: i64| match c {
            0 => Some(v),
            c if c < 0 => Op::Sub.apply(v, c.checked_neg()?),
            c => Op::Add.apply(v, c),
        };
        match self {
            Tweak::Same => Some(v),
            Tweak::Plus(c) => plus(v, c),
            Tweak::Xor(c) => Op::Xor.apply(v, c),
            Tweak::Affine(k, d) => plus(Op::Mul.apply(k, v)?, d),
            Tweak::PowerOfTwo => Op::Shl.apply(1, v),
        }
    }

    fn expr(self, base: &Expr) -> Expr {
        let base = base.clone();
        match self {
            Tweak::Same => base,
            Tweak::Plus(c) => base.plus(c),
            Tweak::Xor(c) => Expr::bin(Op::Xor, base, Expr::int(c)),
            Tweak::Affine(k, d) => base.times(k).plus(d),
            Tweak::PowerOfTwo => Expr::bin(Op::Shl, Expr::int(1), base),
        }
    }
}

/// One candidate of a base: its tweak and arithmetic period.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    tweak: Tweak,
    period: Option<(i64, i64)>,
}

impl Candidate {
    /// Its value at x, the base's expression being `base`.
    fn eval(self, base: &Expr, x: i64) -> Option<i64> {
        self.tweak.apply(base.eval(&at(x))?)
    }

    fn shape(self, base: &Shape) -> Shape {
        Shape {
            expr: self.tweak.expr(&base.expr),
            scale: base.scale,
            period: self.period,
        }
    }
}

/// The candidates a base gives when its constants are read off the points `anchors`.
fn transforms(base: &Shape, anchors: &[(i64, i64)]) -> Vec<Candidate> {
    // The base at the anchors, lazily: only the first value and the first that differs from it
    // are read (a base is evaluated at two or three points, not at every anchor).
    let mut values = anchors
        .iter()
        .filter_map(|&(x, y)| Some((base.expr.eval(&at(x))?, y)));
    let Some((f0, y0)) = values.next() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let with = |tweak: Tweak, period: Option<(i64, i64)>| Candidate { tweak, period };
    out.push(with(Tweak::Same, base.period));
    // Constants that overflow give no candidate (no value of a table is near i64's ends, but a
    // base's may be).
    if y0 != f0 {
        if let Some(c) = y0.checked_sub(f0) {
            out.push(with(Tweak::Plus(c), base.period));
        }
        if (y0 ^ f0) > 0 && base.period.is_some_and(|(_, s)| s == 0) {
            out.push(with(Tweak::Xor(y0 ^ f0), base.period));
        } else if y0 ^ f0 > 0 {
            out.push(with(Tweak::Xor(y0 ^ f0), None));
        }
    }
    let affine = |(f1, y1): (i64, i64)| -> Option<Candidate> {
        let (dy, df) = (y1.checked_sub(y0)?, f1.checked_sub(f0)?);
        if dy.checked_rem(df)? != 0 {
            return None;
        }
        let k = dy / df;
        if k == 0 || k == 1 || k.abs() > MAX_SCALE {
            return None;
        }
        let d = y0.checked_sub(k.checked_mul(f0)?)?;
        let period = match base.period {
            Some((q, s)) => Some((q, k.checked_mul(s)?)),
            None => None,
        };
        Some(with(Tweak::Affine(k, d), period))
    };
    if let Some(candidate) = values.find(|(f, _)| *f != f0).and_then(affine) {
        out.push(candidate);
    }
    if (0..63).contains(&f0) && y0 == 1 << f0 {
        out.push(with(Tweak::PowerOfTwo, None));
    }
    out
}

fn fits(expr: &Expr, points: &[(i64, i64)]) -> bool {
    points.iter().all(|&(x, y)| expr.eval(&at(x)) == Some(y))
}

/// How many points a candidate misses, stopping once past `cap`.
fn misses(candidate: Candidate, base: &Expr, points: &[(i64, i64)], cap: usize) -> usize {
    let mut missed = 0;
    for &(x, y) in points {
        if candidate.eval(base, x) != Some(y) {
            missed += 1;
            if missed > cap {
                break;
            }
        }
    }
    missed
}

fn enough(shape: &Shape, len: usize) -> bool {
    len >= MIN_POINTS && len as i64 >= 2 * shape.scale + 8
}

/// Every value shape (over `n`) that equals y at every point, simplest first, at most
/// [`MAX_FORMULAS`]; `points` are sorted by x.
pub(crate) fn value_shapes(points: &[(i64, i64)]) -> Vec<Shape> {
    value_shapes_with(points, Vec::new(), None)
}

/// As [`value_shapes`], with more bases to try (a table's own long period as a modulus).
fn value_shapes_with(
    points: &[(i64, i64)],
    extra: Vec<Shape>,
    window: Option<Window>,
) -> Vec<Shape> {
    if points.len() < MIN_POINTS {
        return Vec::new();
    }
    let anchors = &points[..points.len().min(64)];
    let mut found: Vec<Shape> = Vec::new();
    let y0 = points[0].1;
    if points.iter().all(|&(_, y)| y == y0) {
        found.push(Shape {
            expr: Expr::int(y0),
            scale: 1,
            period: Some((1, 0)),
        });
    }
    for base in bases().iter().chain(&extra) {
        if !enough(base, points.len()) {
            continue;
        }
        for candidate in transforms(base, anchors) {
            let span = Window::span(window, points, candidate.period, false);
            if span
                .iter()
                .all(|&(x, y)| candidate.eval(&base.expr, x) == Some(y))
            {
                found.push(candidate.shape(base));
            }
        }
    }
    simplest(found)
}

/// The simplest shapes first, each expression once, at most [`MAX_FORMULAS`].
fn simplest(mut found: Vec<Shape>) -> Vec<Shape> {
    found.sort_by_key(|s| (s.expr.size(), s.expr.to_string().len()));
    let mut seen = std::collections::HashSet::new();
    found.retain(|s| seen.insert(s.expr.to_string()));
    // Alternatives only when they read about as simply as the best (`n % 4` makes
    // `((n + 2) % 4) ^ 2` noise).
    let best = found.first().map_or(0, |s| s.expr.size());
    found.retain(|s| s.expr.size() <= best + ALTERNATIVE_SLACK);
    found.truncate(MAX_FORMULAS);
    found
}

/// How much larger than the simplest formula an alternative may be.
const ALTERNATIVE_SLACK: usize = 2;

/// The shape that misses fewest points when its constants are read off the last points, if it
/// misses at most one point in [`NEAR_FIT_RATIO`]: a rule that settles after some exceptions.
pub(crate) fn near_shape(points: &[(i64, i64)]) -> Option<(Shape, usize)> {
    if points.len() < MIN_POINTS * 4 || points.len() > MAX_NEAR_FIT_LEN {
        return None;
    }
    let cap = (points.len() / NEAR_FIT_RATIO).max(2);
    let anchors = &points[points.len().saturating_sub(64)..];
    // A shape is counted over the whole series only if it passes the last points first, with
    // the same ratio of misses: most shapes fail there within a few points.
    let tail = &points[points.len().saturating_sub(NEAR_FIT_TAIL)..];
    let tail_cap = (tail.len() / NEAR_FIT_RATIO).max(2);
    let mut best: Option<(&Shape, Candidate, usize)> = None;
    for base in bases() {
        if !enough(base, points.len()) {
            continue;
        }
        for candidate in transforms(base, anchors) {
            if misses(candidate, &base.expr, tail, tail_cap) > tail_cap {
                continue;
            }
            let limit = best.as_ref().map_or(cap, |&(_, _, m)| m.min(cap));
            let m = misses(candidate, &base.expr, points, limit);
            if m > 0 && m <= limit && best.as_ref().is_none_or(|&(_, _, b)| m < b) {
                best = Some((base, candidate, m));
            }
        }
    }
    best.map(|(base, candidate, m)| (candidate.shape(base), m))
}

/// P-position rules (`expr` holds exactly where y = 0), simplest first.
pub(crate) fn zero_shapes(points: &[(i64, i64)]) -> Vec<Shape> {
    zero_shapes_in(points, None)
}

/// As [`zero_shapes`], for a table whose period is `window`'s.
fn zero_shapes_in(points: &[(i64, i64)], window: Option<Window>) -> Vec<Shape> {
    let len = points.len();
    let zeros = points.iter().filter(|&&(_, y)| y == 0).count();
    if len < MIN_POINTS || zeros == 0 || zeros == len {
        return Vec::new();
    }
    let is_zero = |shape: &Shape| {
        Window::span(window, points, shape.period, true)
            .iter()
            .all(|&(x, y)| shape.expr.eval(&at(x)).map(|v| v != 0) == Some(y == 0))
    };
    let mut found = Vec::new();
    let mut consider = |expr: Expr, scale: i64, period: Option<(i64, i64)>| {
        let shape = Shape {
            expr,
            scale,
            period,
        };
        if enough(&shape, len) && is_zero(&shape) {
            found.push(shape);
        }
    };
    if zeros == 1 {
        let x = points.iter().find(|p| p.1 == 0).map(|p| p.0).unwrap_or(0);
        consider(Expr::bin(Op::Eq, n(), Expr::int(x)), 1, None);
    }
    // Residue classes: membership decided by x mod k, for the smallest such k.
    if points.iter().all(|&(x, _)| x >= 0) {
        for k in 2..=MAX_SCALE {
            if (len as i64) < 3 * k + 8 {
                break;
            }
            let mut class = vec![None; k as usize];
            let periodic = points.iter().all(|&(x, y)| {
                let slot = &mut class[(x % k) as usize];
                *slot.get_or_insert(y == 0) == (y == 0)
            });
            if !periodic {
                continue;
            }
            let residues: Vec<i64> = (0..k)
                .filter(|&r| class[r as usize] == Some(true))
                .collect();
            if residues.len() <= 4 {
                let test =
                    |r: i64| Expr::bin(Op::Eq, Expr::bin(Op::Rem, n(), Expr::int(k)), Expr::int(r));
                let expr = residues
                    .iter()
                    .map(|&r| test(r))
                    .reduce(|x, y| Expr::bin(Op::Either, x, y));
                if let Some(expr) = expr {
                    consider(expr, k, Some((k, 0)));
                }
            }
            break;
        }
    }
    // Powers of two (n + c for a small c).
    for c in 0..=2 {
        let m = n().plus(c);
        let power = Expr::bin(
            Op::Eq,
            Expr::bin(Op::And, m.clone(), m.clone().plus(-1)),
            Expr::int(0),
        );
        consider(power.clone(), 8, None);
        consider(
            Expr::bin(Op::Both, Expr::bin(Op::Ge, m, Expr::int(1)), power),
            8,
            None,
        );
    }
    // Fibonacci numbers: 5n² + 4 or 5n² − 4 is a square (Gessel's test).
    let five_n2 = Expr::bin(Op::Mul, Expr::bin(Op::Mul, Expr::int(5), n()), n());
    let square = |t: Expr| {
        let root = Expr::call(Func::Isqrt, vec![t.clone()]);
        Expr::bin(Op::Eq, Expr::bin(Op::Mul, root.clone(), root), t)
    };
    consider(
        Expr::bin(
            Op::Either,
            square(five_n2.clone().plus(4)),
            square(five_n2.plus(-4)),
        ),
        8,
        None,
    );
    simplest(found)
}

/// ⌊m/α⌋ for α = (u + √v)/w > 1 irrational, as an expression over `m` that pastes into a
/// script: 1/α = w(√v − u)/(v − u²), and for a positive integer d, ⌊(x − c)/d⌋ = ⌊(⌊x⌋ − c)/d⌋.
/// With v > u², ⌊x⌋ = isqrt(w²v·m²); with v < u² the root is subtracted, and its ceiling is
/// isqrt + min(m, 1) (v is no square, so w²v·m² is one only at m = 0). Every numerator is ≥ 0,
/// so `/` (truncating) floors.
fn floor_over_alpha(m: Expr, u: i64, v: i64, w: i64) -> Expr {
    let d = v - u * u;
    // When w divides d the fraction reduces to (√v − u)/(d/w); else the root is of w²v·m².
    let (uu, vv, d) = if d % w == 0 {
        (u, v, d / w)
    } else {
        (w * u, w * w * v, d)
    };
    let root = super::isqrt_of_scaled_square(vv, &m);
    let (numerator, divisor) = if d > 0 {
        // root − uu·m
        let numerator = match uu {
            0 => root,
            uu if uu > 0 => Expr::bin(Op::Sub, root, m.times(uu)),
            uu => Expr::bin(Op::Add, root, m.times(-uu)),
        };
        (numerator, d)
    } else {
        // uu·m − ⌈root⌉
        let ceiling = Expr::bin(
            Op::Add,
            root,
            Expr::call(Func::Min, vec![m.clone(), Expr::int(1)]),
        );
        (Expr::bin(Op::Sub, m.times(uu), ceiling), -d)
    };
    if divisor == 1 {
        numerator
    } else {
        Expr::bin(Op::Div, numerator, Expr::int(divisor))
    }
}

/// Whether the gaps between `terms` look like an irrational Beatty sequence's: two consecutive
/// values, each at least twice, in no short period. An irrational α close to a rational fits
/// the first terms of a periodic sequence too (α ≈ 4 fits 4, 8, …, 100), so a sequence that a
/// residue class or a period describes must not be called Beatty.
fn sturmian_gaps(terms: &[i64]) -> bool {
    let gaps: Vec<i64> = terms.windows(2).map(|w| w[1] - w[0]).collect();
    let (Some(&low), Some(&high)) = (gaps.iter().min(), gaps.iter().max()) else {
        return false;
    };
    let count = |g: i64| gaps.iter().filter(|&&x| x == g).count();
    if high != low + 1 || count(low) < 2 || count(high) < 2 {
        return false;
    }
    // No period q ≤ len/4 repeats the gaps (a Sturmian word is aperiodic).
    (1..=gaps.len() / 4).all(|q| gaps.iter().zip(&gaps[q..]).any(|(a, b)| a != b))
}

/// P-positions that are a Beatty sequence: the n > 0 with G(n) = 0 are ⌊kα⌋, k = 1, 2, 3, …,
/// for a quadratic irrational α > 1 found by search. The rule: n is a term exactly when
/// ⌊(n + 1)/α⌋ − ⌊n/α⌋ = 1 (⌊m/α⌋ counts the terms below m); n = 0 joins when G(0) = 0.
fn beatty_terms(points: &[(i64, i64)]) -> Option<(Expr, String)> {
    if points.first()?.0 != 0 {
        return None;
    }
    let terms: Vec<i64> = points
        .iter()
        .filter(|&&(x, y)| y == 0 && x > 0)
        .map(|&(x, _)| x)
        .collect();
    if terms.len() < 8 || !sturmian_gaps(&terms) {
        return None;
    }
    let (u, v, w) = super::find_beatty(&terms, 1)?;
    let count = |m: Expr| floor_over_alpha(m, u, v, w);
    let mut rule = Expr::bin(
        Op::Eq,
        Expr::bin(Op::Sub, count(n().plus(1)), count(n())),
        Expr::int(1),
    );
    if points[0].1 == 0 {
        rule = Expr::bin(Op::Either, Expr::bin(Op::Eq, n(), Expr::int(0)), rule);
    }
    let holds = points
        .iter()
        .all(|&(x, y)| rule.eval(&at(x)).map(|r| r != 0) == Some(y == 0));
    if !holds {
        return None;
    }
    let known = match (u, v, w) {
        (1, 5, 2) => {
            "; the lower Wythoff numbers (OEIS A000201): equivalently, n's smallest Zeckendorf \
             term is 1, 3, 8, 21, … (an even-indexed Fibonacci number)"
        }
        (3, 5, 2) => "; the upper Wythoff numbers (OEIS A001950)",
        _ => "",
    };
    Some((
        rule,
        format!(
            "the Beatty sequence ⌊kα⌋, {} ({} terms in the table){known}",
            super::alpha_name(u, v, w),
            terms.len()
        ),
    ))
}

/// The formulas of a table G(0), …, G(N): value formulas, the period as a list, P-position
/// rules, and, when no value formula fits, the nearest one. `period` is the period the caller
/// found (proved or seen); a formula is proved when that period is proved and the formula has
/// the same arithmetic period.
pub fn table_formulas(values: &[u64], period: Option<&Period>) -> Vec<Formula> {
    let Ok(points) = values
        .iter()
        .enumerate()
        .map(|(x, &y)| Ok((x as i64, i64::try_from(y)?)))
        .collect::<Result<Vec<(i64, i64)>, std::num::TryFromIntError>>()
    else {
        return Vec::new();
    };
    let count = values.len();
    let last = count.saturating_sub(1);
    let proves = |shape: &Shape, zeros: bool| -> bool {
        let (Some(p), Some((q1, s1))) = (period, shape.period) else {
            return false;
        };
        let (q, s) = (p.period as i64, p.saltus as i64);
        p.proved && q1 > 0 && q % q1 == 0 && if zeros { s == 0 } else { s == s1 * (q / q1) }
    };
    let seen = |proved: bool| {
        match period {
        Some(p) if proved => format!(
            "fits all {count} values (n = 0..{last}), and every n: it has the table's proved period {}",
            p.period
        ),
        _ => format!("fits all {count} values (n = 0..{last}); a conjecture beyond them"),
    }
    };
    let mut out = Vec::new();
    // A period longer than the bases' moduli is tried as a modulus of its own (Bash's game with
    // a large maximum take is `n % (M + 1)`).
    let extra = match period {
        Some(p) if p.period as i64 > MAX_SCALE && p.preperiod == 0 && p.saltus == 0 => {
            let q = p.period as i64;
            vec![Shape {
                expr: Expr::bin(Op::Rem, n(), Expr::int(q)),
                scale: q,
                period: Some((q, 0)),
            }]
        }
        _ => Vec::new(),
    };
    let window = Window::of(period, points.len());
    let values_found = value_shapes_with(&points, extra, window);
    for shape in &values_found {
        let proved = proves(shape, false);
        out.push(Formula {
            expr: shape.expr.clone(),
            kind: FormulaKind::Value,
            fits: true,
            proved,
            note: seen(proved),
            missed: Vec::new(),
            misses: 0,
        });
    }
    // The period written out, when nothing shorter says it.
    if let Some(lookup) = period
        .filter(|_| values_found.is_empty())
        .and_then(|p| period_lookup(values, p))
    {
        // The lookup repeats with the table's own period from its preperiod on.
        if fits(&lookup, &points[..window.map_or(points.len(), |w| w.len)]) {
            let p = period.expect("a lookup comes from a period");
            out.push(Formula {
                expr: lookup,
                kind: FormulaKind::Value,
                fits: true,
                proved: p.proved,
                note: if p.proved {
                    format!("the proved period written out: fits all {count} values, and every n")
                } else {
                    format!("the period seen, written out: fits all {count} values; a conjecture beyond them")
                },
                missed: Vec::new(),
                misses: 0,
            });
        }
    }
    for shape in zero_shapes_in(&points, window) {
        let proved = proves(&shape, true);
        out.push(Formula {
            expr: shape.expr,
            kind: FormulaKind::PPositions,
            fits: true,
            proved,
            note: seen(proved),
            missed: Vec::new(),
            misses: 0,
        });
    }
    if let Some((expr, what)) = beatty_terms(&points) {
        out.push(Formula {
            expr,
            kind: FormulaKind::PPositions,
            fits: true,
            proved: false,
            note: format!("{what}: {}", seen(false)),
            missed: Vec::new(),
            misses: 0,
        });
    }
    if values_found.is_empty() {
        if let Some((shape, m)) = near_shape(&points) {
            let missed: Vec<u64> = points
                .iter()
                .filter(|&&(x, y)| shape.expr.eval(&at(x)) != Some(y))
                .take(MAX_MISSED)
                .map(|&(x, _)| x as u64)
                .collect();
            let listed: Vec<String> = missed.iter().take(8).map(u64::to_string).collect();
            out.push(Formula {
                expr: shape.expr,
                kind: FormulaKind::Value,
                fits: false,
                proved: false,
                note: format!(
                    "a near fit: right on {} of {count} values; it misses n = {}{}",
                    count - m,
                    listed.join(", "),
                    if m > 8 { ", …" } else { "" }
                ),
                missed,
                misses: m as u64,
            });
        }
    }
    out
}

/// The period as an expression: `[…][n % q]` (plus `n / q * s` with a saltus), behind an `if` and
/// a list of the first values when there is a preperiod; only for short periods and preperiods.
fn period_lookup(values: &[u64], p: &Period) -> Option<Expr> {
    let (pre, q, s) = (
        usize::try_from(p.preperiod).ok()?,
        usize::try_from(p.period).ok()?,
        i64::try_from(p.saltus).ok()?,
    );
    if q == 0 || q > MAX_SCALE as usize || pre > 32 || values.len() < pre + q {
        return None;
    }
    let list = |range: std::ops::Range<usize>| -> Option<Vec<i64>> {
        values[range]
            .iter()
            .map(|&v| i64::try_from(v).ok())
            .collect()
    };
    let shifted = if pre == 0 {
        n()
    } else {
        n().plus(-(pre as i64))
    };
    let q_expr = Expr::int(q as i64);
    let mut tail = Expr::Lookup(
        list(pre..pre + q)?,
        Box::new(Expr::bin(Op::Rem, shifted.clone(), q_expr.clone())),
    );
    if s != 0 {
        tail = Expr::bin(Op::Add, tail, Expr::bin(Op::Div, shifted, q_expr).times(s));
    }
    if pre == 0 {
        return Some(tail);
    }
    Some(Expr::If(
        Box::new(Expr::bin(Op::Lt, n(), Expr::int(pre as i64))),
        Box::new(Expr::Lookup(list(0..pre)?, Box::new(n()))),
        Box::new(tail),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exprs(values: &[u64], period: Option<&Period>) -> Vec<String> {
        table_formulas(values, period)
            .into_iter()
            .filter(|f| f.fits)
            .map(|f| f.expr.to_string())
            .collect()
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// A candidate valued without its expression gives what its expression gives, for every
        /// base, with constants read off random anchors (large ones too, where `+` and `*`
        /// overflow).
        #[test]
        fn candidates_value_as_their_expressions_do(
            anchors in proptest::collection::vec((-3i64..200, proptest::prelude::any::<i64>()), 2..6),
            small in proptest::collection::vec((0i64..200, -70i64..70), 2..6),
        ) {
            for anchors in [&anchors, &small] {
                let mut anchors = anchors.clone();
                anchors.sort();
                for base in bases() {
                    for candidate in transforms(base, &anchors) {
                        let expr = candidate.shape(base).expr;
                        for x in (-3..40).chain([1 << 20, i64::MAX / 3, i64::MAX]) {
                            proptest::prop_assert_eq!(
                                candidate.eval(&base.expr, x),
                                expr.eval(&at(x)),
                                "{} at {}", expr, x
                            );
                        }
                    }
                }
            }
        }

        /// The formulas of a table with its period given (checked on one period only) are the
        /// formulas found without it (checked on every value), and each fits every value.
        #[test]
        fn formulas_checked_on_one_period_fit_every_value(
            pre in proptest::collection::vec(0u64..6, 0..6),
            cycle in proptest::collection::vec(0u64..6, 1..9),
            saltus in 0u64..3,
            len in 60usize..400,
        ) {
            let q = cycle.len();
            let values: Vec<u64> = (0..len)
                .map(|n| match n.checked_sub(pre.len()) {
                    None => pre[n],
                    Some(k) => cycle[k % q] + (k / q) as u64 * saltus,
                })
                .collect();
            let period = Period {
                preperiod: pre.len() as u64,
                period: q as u64,
                saltus,
                proved: false,
            };
            let with: Vec<Formula> = table_formulas(&values, Some(&period));
            for f in with.iter().filter(|f| f.fits) {
                for (n, &v) in values.iter().enumerate() {
                    let got = f.expr.eval(&at(n as i64));
                    let right = match f.kind {
                        FormulaKind::Value => got == Some(v as i64),
                        FormulaKind::PPositions => got.map(|g| g != 0) == Some(v == 0),
                    };
                    proptest::prop_assert!(right, "{} at n = {n}", f.expr);
                }
            }
        }
    }

    #[test]
    fn finds_nim_and_bash() {
        let nim: Vec<u64> = (0..200).collect();
        assert_eq!(exprs(&nim, None)[0], "n");
        let bash: Vec<u64> = (0..200).map(|n| n % 4).collect();
        let found = exprs(&bash, None);
        assert_eq!(found[0], "n % 4");
        assert!(found.contains(&"n % 4 == 0".to_owned()), "{found:?}");
    }

    #[test]
    fn beatty_sequences_of_p_positions_are_found_and_named() {
        // G(n) = 0 exactly at 0 and the lower Wythoff numbers ⌊kφ⌋, 1 elsewhere; then at the
        // upper ones ⌊kφ²⌋; then at ⌊k√2⌋ with G(0) = 1.
        let beatty = |alpha: f64, zero: bool| -> Vec<u64> {
            let terms: std::collections::HashSet<u64> = (1..400)
                .map(|k| (k as f64 * alpha).floor() as u64)
                .collect();
            (0..300u64)
                .map(|n| u64::from(!(terms.contains(&n) || (n == 0 && zero))))
                .collect()
        };
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        for (values, name) in [
            (beatty(phi, true), "the golden ratio φ"),
            (beatty(phi * phi, true), "φ²"),
            (beatty(2f64.sqrt(), false), "α = √2"),
        ] {
            let found = table_formulas(&values, None);
            let rule = found
                .iter()
                .find(|f| f.kind == FormulaKind::PPositions && f.note.contains("Beatty"))
                .unwrap_or_else(|| panic!("{name}: {found:?}"));
            assert!(rule.note.contains(name), "{}", rule.note);
            assert!(rule.fits && !rule.proved);
            for (n, &g) in values.iter().enumerate() {
                assert_eq!(rule.expr.eval(&at(n as i64)).map(|r| r != 0), Some(g == 0));
            }
        }
        let golden = table_formulas(&beatty(phi, true), None);
        assert!(golden.iter().any(|f| f.note.contains("Zeckendorf")));
        // The note's Zeckendorf form, checked: n > 0 is a lower Wythoff number exactly when its
        // smallest Zeckendorf term is an even-indexed Fibonacci number.
        let lower = beatty(phi, true);
        let even_indexed = [1, 3, 8, 21, 55, 144, 377];
        for n in 1..300i64 {
            let z = Expr::call(Func::ZeckendorfMin, vec![super::n()])
                .eval(&at(n))
                .unwrap();
            assert_eq!(even_indexed.contains(&z), lower[n as usize] == 0, "{n}");
        }
        // Multiples of k (Bash's game), or a period of gaps 2, 3 (residues 0 and 2 mod 5), are no
        // Beatty sequence, though an irrational α near k fits their first terms.
        for k in 2..8u64 {
            let bash: Vec<u64> = (0..101).map(|n| n % k).collect();
            assert!(
                table_formulas(&bash, None)
                    .iter()
                    .all(|f| !f.note.contains("Beatty")),
                "{k}"
            );
        }
        let residues: Vec<u64> = (0..300)
            .map(|n| u64::from(n % 5 != 0 && n % 5 != 2))
            .collect();
        assert!(table_formulas(&residues, None)
            .iter()
            .all(|f| !f.note.contains("Beatty")));
        // A random 0/1 table is no Beatty sequence.
        let mut x = 12345u64;
        let random: Vec<u64> = (0..300)
            .map(|_| {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
                (x >> 62) & 1
            })
            .collect();
        assert!(table_formulas(&random, None)
            .iter()
            .all(|f| !f.note.contains("Beatty")));
    }

    #[test]
    fn a_short_or_random_table_gives_no_rule() {
        assert!(table_formulas(&[0, 1, 2], None).is_empty());
        let mut x: u64 = 12345;
        let random: Vec<u64> = (0..2000)
            .map(|_| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (x >> 60) % 8
            })
            .collect();
        assert!(table_formulas(&random, None).is_empty());
    }
}
