//! Closed forms as expressions: integer arithmetic over `n` (a table) or `a`, `b` (a grid),
//! evaluated exactly and printed in the script language's syntax so that a user can paste one
//! back into a script.
//!
//! Evaluation follows the script language (Rhai, 64-bit integers) to the letter: `/` and `%`
//! truncate toward zero, and anything that would overflow, divide by zero or shift by more than
//! 63 places has no value (`None`), which makes the formula miss there rather than wrap.
//! Comparisons give 0 or 1 internally; the printer only puts them where the language takes a
//! boolean (the top of a P-position form, either side of `||` and `&&`).

use std::fmt;

/// A variable of a formula.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Var {
    /// The heap (or position) of a table.
    N,
    /// The first coordinate of a grid.
    A,
    /// The second coordinate of a grid.
    B,
}

/// A binary operator. The order is the script language's: see [`Op::precedence`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`, truncating toward zero.
    Div,
    /// `%`, with the sign of the dividend.
    Rem,
    /// `^` (exclusive or, the nim-sum).
    Xor,
    /// `&`
    And,
    /// `|`
    Or,
    /// `<<`
    Shl,
    /// `>>`
    Shr,
    /// `==`
    Eq,
    /// `<`
    Lt,
    /// `>=`
    Ge,
    /// Boolean or (`||`).
    Either,
    /// Boolean and (`&&`).
    Both,
}

impl Op {
    fn symbol(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "*",
            Op::Div => "/",
            Op::Rem => "%",
            Op::Xor => "^",
            Op::And => "&",
            Op::Or => "|",
            Op::Shl => "<<",
            Op::Shr => ">>",
            Op::Eq => "==",
            Op::Lt => "<",
            Op::Ge => ">=",
            Op::Either => "||",
            Op::Both => "&&",
        }
    }

    /// Rhai's binding strength (its tokenizer's table): unlike C, `<<` binds tighter than `*`,
    /// and `^` and `|` are one level below `&`, itself below `==`.
    fn precedence(self) -> u8 {
        match self {
            Op::Either | Op::Xor | Op::Or => 30,
            Op::Both | Op::And => 60,
            Op::Eq => 90,
            Op::Lt | Op::Ge => 130,
            Op::Add | Op::Sub => 150,
            Op::Mul | Op::Div | Op::Rem => 180,
            Op::Shl | Op::Shr => 210,
        }
    }

    /// Whether `x op (y op z)` equals `(x op y) op z`, so that the right operand needs no
    /// brackets when it is the same operator.
    fn associative(self) -> bool {
        matches!(
            self,
            Op::Add | Op::Mul | Op::Xor | Op::And | Op::Or | Op::Either | Op::Both
        )
    }

    pub(crate) fn apply(self, x: i64, y: i64) -> Option<i64> {
        match self {
            Op::Add => x.checked_add(y),
            Op::Sub => x.checked_sub(y),
            Op::Mul => x.checked_mul(y),
            Op::Div => x.checked_div(y),
            Op::Rem => x.checked_rem(y),
            Op::Xor => Some(x ^ y),
            Op::And => Some(x & y),
            Op::Or => Some(x | y),
            Op::Shl => u32::try_from(y).ok().filter(|&s| s < 64).map(|s| x << s),
            Op::Shr => u32::try_from(y).ok().filter(|&s| s < 64).map(|s| x >> s),
            Op::Eq => Some(i64::from(x == y)),
            Op::Lt => Some(i64::from(x < y)),
            Op::Ge => Some(i64::from(x >= y)),
            Op::Either => Some(i64::from(x != 0 || y != 0)),
            Op::Both => Some(i64::from(x != 0 && y != 0)),
        }
    }
}

/// A function a formula may call. `ctz`, `popcount`, `isqrt` and `zeckendorf_min` are not part of
/// the script language itself: sprague's script engine defines them with these meanings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Func {
    /// The smaller of two.
    Min,
    /// The larger of two.
    Max,
    /// Trailing zeros of the two's complement (64 for 0).
    Ctz,
    /// Ones in the two's complement.
    Popcount,
    /// ⌊√x⌋ for x ≥ 0.
    Isqrt,
    /// The smallest term of x's Zeckendorf representation (x ≥ 1).
    ZeckendorfMin,
}

impl Func {
    fn name(self) -> &'static str {
        match self {
            Func::Min => "min",
            Func::Max => "max",
            Func::Ctz => "ctz",
            Func::Popcount => "popcount",
            Func::Isqrt => "isqrt",
            Func::ZeckendorfMin => "zeckendorf_min",
        }
    }
}

/// ⌊√x⌋ exactly, for x ≥ 0.
pub fn isqrt(x: i64) -> Option<i64> {
    if x < 0 {
        return None;
    }
    Some(u64::try_from(x).ok()?.isqrt() as i64)
}

/// The smallest term of the Zeckendorf representation of x ≥ 1 (the greedy sum of
/// non-consecutive Fibonacci numbers 1, 2, 3, 5, …).
pub fn zeckendorf_min(x: i64) -> Option<i64> {
    if x < 1 {
        return None;
    }
    let mut fibs = vec![1i64, 2];
    while let Some(next) = fibs[fibs.len() - 1].checked_add(fibs[fibs.len() - 2]) {
        if next > x {
            break;
        }
        fibs.push(next);
    }
    let mut rest = x;
    let mut smallest = x;
    for &f in fibs.iter().rev() {
        if f <= rest {
            rest -= f;
            smallest = f;
        }
    }
    Some(smallest)
}

/// An expression over integers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    /// A variable.
    Var(Var),
    /// An integer.
    Const(i64),
    /// `-x`
    Neg(Box<Expr>),
    /// `x op y`
    Bin(Op, Box<Expr>, Box<Expr>),
    /// `f(x, …)`
    Call(Func, Vec<Expr>),
    /// `[v0, v1, …][index]`: a periodic pattern's values.
    Lookup(Vec<i64>, Box<Expr>),
    /// `if cond { then } else { otherwise }`.
    If(Box<Expr>, Box<Expr>, Box<Expr>),
}

/// The values of the variables at one point.
#[derive(Clone, Copy, Debug, Default)]
pub struct Point {
    /// `n`
    pub n: i64,
    /// `a`
    pub a: i64,
    /// `b`
    pub b: i64,
}

impl Expr {
    /// A variable.
    pub fn var(v: Var) -> Expr {
        Expr::Var(v)
    }

    /// An integer.
    pub fn int(c: i64) -> Expr {
        Expr::Const(c)
    }

    /// `x op y`.
    pub fn bin(op: Op, x: Expr, y: Expr) -> Expr {
        Expr::Bin(op, Box::new(x), Box::new(y))
    }

    /// `f(args…)`.
    pub fn call(f: Func, args: Vec<Expr>) -> Expr {
        Expr::Call(f, args)
    }

    /// `self + c`, or `self - |c|`, or `self` when c is 0.
    pub fn plus(self, c: i64) -> Expr {
        match c {
            0 => self,
            c if c < 0 => Expr::bin(Op::Sub, self, Expr::int(-c)),
            c => Expr::bin(Op::Add, self, Expr::int(c)),
        }
    }

    /// `k * self`, simplified for k = 1.
    pub fn times(self, k: i64) -> Expr {
        if k == 1 {
            self
        } else {
            Expr::bin(Op::Mul, Expr::int(k), self)
        }
    }

    /// The value at a point, or `None` where the script language would fail (overflow, division by
    /// zero, a function outside its domain, an index outside the list).
    pub fn eval(&self, at: &Point) -> Option<i64> {
        match self {
            Expr::Var(Var::N) => Some(at.n),
            Expr::Var(Var::A) => Some(at.a),
            Expr::Var(Var::B) => Some(at.b),
            Expr::Const(c) => Some(*c),
            Expr::Neg(x) => x.eval(at)?.checked_neg(),
            // `||` and `&&` look at their right side only when they must, as the language does
            // (a Fibonacci test asks for the root of 5n² − 4 only when n > 0).
            Expr::Bin(Op::Either, x, _) if x.eval(at)? != 0 => Some(1),
            Expr::Bin(Op::Both, x, _) if x.eval(at)? == 0 => Some(0),
            Expr::Bin(op, x, y) => op.apply(x.eval(at)?, y.eval(at)?),
            Expr::Call(f, args) => {
                let x = args.first()?.eval(at)?;
                match f {
                    Func::Min => Some(x.min(args.get(1)?.eval(at)?)),
                    Func::Max => Some(x.max(args.get(1)?.eval(at)?)),
                    Func::Ctz => Some(i64::from(x.trailing_zeros())),
                    Func::Popcount => Some(i64::from(x.count_ones())),
                    Func::Isqrt => isqrt(x),
                    Func::ZeckendorfMin => zeckendorf_min(x),
                }
            }
            Expr::Lookup(values, index) => {
                let i = usize::try_from(index.eval(at)?).ok()?;
                values.get(i).copied()
            }
            Expr::If(cond, then, otherwise) => {
                if cond.eval(at)? != 0 {
                    then.eval(at)
                } else {
                    otherwise.eval(at)
                }
            }
        }
    }

    /// How complex the expression reads: its nodes, a list counting each entry. Formulas are
    /// offered simplest first.
    pub fn size(&self) -> usize {
        match self {
            Expr::Var(_) | Expr::Const(_) => 1,
            Expr::Neg(x) => 1 + x.size(),
            Expr::Bin(_, x, y) => 1 + x.size() + y.size(),
            Expr::Call(_, args) => 1 + args.iter().map(Expr::size).sum::<usize>(),
            Expr::Lookup(values, index) => 1 + values.len() + index.size(),
            Expr::If(c, t, e) => 1 + c.size() + t.size() + e.size(),
        }
    }

    /// The expression with every variable `v` replaced by `by` (a table's formula over `n` used
    /// for a grid's `a ^ b`, say).
    pub fn substitute(&self, v: Var, by: &Expr) -> Expr {
        match self {
            Expr::Var(w) if *w == v => by.clone(),
            Expr::Var(_) | Expr::Const(_) => self.clone(),
            Expr::Neg(x) => Expr::Neg(Box::new(x.substitute(v, by))),
            Expr::Bin(op, x, y) => Expr::bin(*op, x.substitute(v, by), y.substitute(v, by)),
            Expr::Call(f, args) => {
                Expr::Call(*f, args.iter().map(|x| x.substitute(v, by)).collect())
            }
            Expr::Lookup(values, index) => {
                Expr::Lookup(values.clone(), Box::new(index.substitute(v, by)))
            }
            Expr::If(c, t, e) => Expr::If(
                Box::new(c.substitute(v, by)),
                Box::new(t.substitute(v, by)),
                Box::new(e.substitute(v, by)),
            ),
        }
    }

    fn binding(&self) -> u8 {
        match self {
            Expr::Bin(op, _, _) => op.precedence(),
            // `if` must be bracketed inside any operator.
            Expr::If(..) => 0,
            _ => u8::MAX,
        }
    }
}

fn write_operand(f: &mut fmt::Formatter<'_>, parent: Op, child: &Expr, right: bool) -> fmt::Result {
    let bracket = match child {
        Expr::Bin(op, _, _) => {
            let (p, c) = (parent.precedence(), op.precedence());
            // Tighter children need no brackets, with one exception kept for readers who know C:
            // bit operations and shifts mixed with other operators are always bracketed.
            let bitwise = |o: Op| matches!(o, Op::Xor | Op::And | Op::Or | Op::Shl | Op::Shr);
            if c > p {
                bitwise(*op) != bitwise(parent) && (bitwise(*op) || bitwise(parent))
            } else if c == p {
                let arithmetic = |o: Op| {
                    matches!(o, Op::Add | Op::Sub) && matches!(parent, Op::Add | Op::Sub)
                        || matches!(o, Op::Mul | Op::Div | Op::Rem)
                            && matches!(parent, Op::Mul | Op::Div | Op::Rem)
                };
                if right {
                    *op != parent || !parent.associative()
                } else {
                    *op != parent && !arithmetic(*op)
                }
            } else {
                true
            }
        }
        Expr::If(..) => true,
        _ => false,
    };
    if bracket {
        write!(f, "({child})")
    } else {
        write!(f, "{child}")
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Var(Var::N) => f.write_str("n"),
            Expr::Var(Var::A) => f.write_str("a"),
            Expr::Var(Var::B) => f.write_str("b"),
            Expr::Const(c) if *c < 0 => write!(f, "({c})"),
            Expr::Const(c) => write!(f, "{c}"),
            // `--n` is not a double negation to the language: bracket a negated negation.
            Expr::Neg(x) if x.binding() == u8::MAX && !matches!(**x, Expr::Neg(_)) => {
                write!(f, "-{x}")
            }
            Expr::Neg(x) => write!(f, "-({x})"),
            Expr::Bin(op, x, y) => {
                write_operand(f, *op, x, false)?;
                write!(f, " {} ", op.symbol())?;
                write_operand(f, *op, y, true)
            }
            Expr::Call(func, args) => {
                write!(f, "{}(", func.name())?;
                for (i, x) in args.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str(")")
            }
            Expr::Lookup(values, index) => {
                f.write_str("[")?;
                for (i, v) in values.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{v}")?;
                }
                write!(f, "][{index}]")
            }
            Expr::If(c, t, e) => write!(f, "if {c} {{ {t} }} else {{ {e} }}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n() -> Expr {
        Expr::var(Var::N)
    }

    #[test]
    fn prints_with_the_brackets_the_script_language_needs() {
        // Rhai reads `n & 1 == 0` as `n & (1 == 0)`: the printer must bracket the `&`.
        let e = Expr::bin(Op::Eq, Expr::bin(Op::And, n(), Expr::int(1)), Expr::int(0));
        assert_eq!(e.to_string(), "(n & 1) == 0");
        // `<<` binds tighter than `*` in Rhai, but a reader from C expects the opposite.
        let e = Expr::bin(Op::Mul, Expr::int(3), Expr::bin(Op::Shl, n(), Expr::int(2)));
        assert_eq!(e.to_string(), "3 * (n << 2)");
        let e = Expr::bin(
            Op::Rem,
            Expr::bin(Op::Div, n().plus(1), Expr::int(3)),
            Expr::int(2),
        );
        assert_eq!(e.to_string(), "(n + 1) / 3 % 2");
        let e = Expr::bin(Op::Sub, n(), Expr::bin(Op::Sub, n(), Expr::int(2)));
        assert_eq!(e.to_string(), "n - (n - 2)");
        assert_eq!(
            e.eval(&Point {
                n: 9,
                ..Point::default()
            }),
            Some(2)
        );
    }

    #[test]
    fn evaluates_as_the_script_language_does() {
        let at = Point {
            n: -7,
            ..Point::default()
        };
        assert_eq!(Expr::bin(Op::Div, n(), Expr::int(2)).eval(&at), Some(-3));
        assert_eq!(Expr::bin(Op::Rem, n(), Expr::int(2)).eval(&at), Some(-1));
        assert_eq!(Expr::bin(Op::Div, n(), Expr::int(0)).eval(&at), None);
        assert_eq!(
            Expr::bin(Op::Shl, Expr::int(1), Expr::int(64)).eval(&at),
            None
        );
        assert_eq!(
            Expr::call(Func::Ctz, vec![Expr::int(12)]).eval(&at),
            Some(2)
        );
        assert_eq!(
            Expr::call(Func::Isqrt, vec![Expr::int(99)]).eval(&at),
            Some(9)
        );
        assert_eq!(zeckendorf_min(100), Some(3)); // 100 = 89 + 8 + 3
        assert_eq!(zeckendorf_min(89), Some(89));
    }
}
