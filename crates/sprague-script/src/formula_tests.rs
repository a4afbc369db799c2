//! The pattern finder's formulas, pasted into the script language, give the values the finder
//! computed: the printer's brackets and the evaluator's arithmetic agree with Rhai's.

use proptest::prelude::*;
use rhai::{Engine, Scope};
use sprague::pattern::{table_formulas, Expr, Func, Op, Point, Var};
use sprague::sequence::Period;

fn engine() -> Engine {
    let mut engine = Engine::new();
    super::register_formula_functions(&mut engine);
    engine
}

/// The formula's value in Rhai at n (a boolean as 0 or 1), or `None` where Rhai fails.
fn in_rhai(engine: &Engine, expr: &str, point: Point) -> Option<i64> {
    let mut scope = Scope::new();
    scope
        .push("n", point.n)
        .push("a", point.a)
        .push("b", point.b);
    let value = engine
        .eval_expression_with_scope::<rhai::Dynamic>(&mut scope, expr)
        .ok()?;
    value
        .as_int()
        .ok()
        .or_else(|| value.as_bool().ok().map(i64::from))
}

fn check_table(values: &[u64], period: Option<Period>) -> usize {
    let engine = engine();
    let formulas = table_formulas(values, period.as_ref());
    for f in &formulas {
        let text = f.expr.to_string();
        for (n, &v) in values.iter().enumerate() {
            let got = in_rhai(
                &engine,
                &text,
                Point {
                    n: n as i64,
                    a: 0,
                    b: 0,
                },
            );
            let want = match f.kind {
                sprague::pattern::FormulaKind::Value => v as i64,
                sprague::pattern::FormulaKind::PPositions => i64::from(v == 0),
            };
            if f.fits {
                assert_eq!(got, Some(want), "{text} at n = {n}");
            }
        }
    }
    formulas.len()
}

#[test]
fn formulas_of_known_tables_paste_back() {
    let table = |f: &dyn Fn(u64) -> u64| (0..300).map(f).collect::<Vec<u64>>();
    assert!(check_table(&table(&|n| n), None) > 0);
    assert!(check_table(&table(&|n| n % 5), None) > 0);
    assert!(check_table(&table(&|n| (n + 1).trailing_zeros() as u64), None) > 0);
    assert!(
        check_table(
            &table(&|n| 2 * n + u64::from(n.count_ones() % 2 == 0)),
            None
        ) > 0
    );
    // S = {1, 3, 4}: period 7, proved.
    let p = Some(Period {
        preperiod: 0,
        period: 7,
        saltus: 0,
        proved: true,
    });
    assert!(check_table(&table(&|n| [0, 1, 0, 1, 2, 3, 2][(n % 7) as usize]), p) > 0);
    // Lasker's Nim: a preperiod and a saltus.
    let lasker = table(&|n| match n % 4 {
        _ if n == 0 => 0,
        3 => n + 1,
        0 => n - 1,
        _ => n,
    });
    let p = Some(Period {
        preperiod: 1,
        period: 4,
        saltus: 4,
        proved: true,
    });
    assert!(check_table(&lasker, p) > 0);
    // Fibonacci numbers as P-positions.
    let fib = |n: u64| {
        let (mut x, mut y) = (0u64, 1u64);
        while x < n {
            (x, y) = (y, x + y);
        }
        x == n
    };
    assert!(check_table(&table(&|n| u64::from(!fib(n))), None) > 0);
}

fn leaf() -> impl Strategy<Value = Expr> {
    prop_oneof![
        Just(Expr::var(Var::N)),
        Just(Expr::var(Var::A)),
        (-20i64..20).prop_map(Expr::int),
    ]
}

fn expr() -> impl Strategy<Value = Expr> {
    leaf().prop_recursive(4, 24, 3, |inner| {
        let ops = [
            Op::Add,
            Op::Sub,
            Op::Mul,
            Op::Div,
            Op::Rem,
            Op::Xor,
            Op::And,
            Op::Or,
            Op::Shl,
            Op::Shr,
        ];
        prop_oneof![
            (0..ops.len(), inner.clone(), inner.clone())
                .prop_map(move |(i, x, y)| Expr::bin(ops[i], x, y)),
            inner.clone().prop_map(|x| Expr::Neg(Box::new(x))),
            (inner.clone(), inner.clone()).prop_map(|(x, y)| Expr::call(Func::Max, vec![x, y])),
            inner
                .clone()
                .prop_map(|x| Expr::call(Func::Popcount, vec![x])),
            inner.prop_map(|x| Expr::call(Func::Ctz, vec![x])),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    /// Any expression the printer writes reads back in Rhai as the same value.
    #[test]
    fn printed_expressions_mean_the_same_in_rhai(e in expr(), n in -50i64..50, a in -50i64..50) {
        let point = Point { n, a, b: 0 };
        if let Some(want) = e.eval(&point) {
            let got = in_rhai(&engine(), &e.to_string(), point);
            prop_assert_eq!(got, Some(want), "{}", e);
        }
    }
}
