//! The game's own checks: positions parsed and printed, hooks' errors worded, budgets kept.

use super::*;
use sprague::solve::{naive, MemoSolver};

#[test]
fn the_common_mistakes_are_explained() {
    let err = game("fn moves(n) { let r = []; if n & 1 == 0 { r.push(n - 1); } r }")
        .component_moves(&Atom::Int(4))
        .unwrap_err();
    assert!(err.message().contains("write `(x & 1) == 0`"), "{err}");
    let err = game("fn moves(n) { let r = []; if n | 2 == 3 { r.push(0); } r }")
        .component_moves(&Atom::Int(4))
        .unwrap_err();
    assert!(err.message().contains("write `(x | 1) == 0`"), "{err}");
    let err = ScriptGame::compile("fn moves(n) {\n  [n / 2.0]\n}", ScriptLimits::default())
        .err()
        .unwrap();
    assert!(
        err.message()
            .starts_with("the script does not parse: line 2"),
        "{err}"
    );
    assert!(
        err.message().contains("numbers in a script are integers"),
        "{err}"
    );
    // Other parse errors carry no such hint.
    let err = ScriptGame::compile("fn moves(n) { [n }", ScriptLimits::default())
        .err()
        .unwrap();
    assert!(!err.message().contains("integers"), "{err}");
}

#[test]
fn parameters_are_constants_every_function_sees() {
    let params = ScriptParams::parse(&["K=3", "S=1,3,4", "ONE=5,", "K=2"]).unwrap();
    assert_eq!(
        params.values(),
        &[
            ("S".to_owned(), ParamValue::List(vec![1, 3, 4])),
            ("ONE".to_owned(), ParamValue::List(vec![5])),
            ("K".to_owned(), ParamValue::Int(2)),
        ]
    );
    // Take up to K, or any s of S; `n` the argument is never a parameter's.
    let source = "fn moves(n) { let r = []; for t in 1..=K { if t <= n { r.push(n - t); } } \
                  for t in S { if t <= n { r.push(n - t); } } r }";
    let with = |settings: &[&str]| {
        ScriptGame::compile_with_params(
            source,
            ScriptLimits::default(),
            &ScriptParams::parse(settings).unwrap(),
        )
        .unwrap()
    };
    let take_two = with(&["K=2", "S=9,", "n=100"]);
    let mut solver = MemoSolver::new(&take_two);
    // Take 1 or 2 (9 never fits): Bash's game, G(n) = n % 3.
    for n in 0..9 {
        let p = ScriptPosition::new(vec![Atom::Int(n)]);
        assert_eq!(solver.grundy_value(&p).unwrap().value(), (n % 3) as u64);
    }
    assert!(take_two.take_error().is_none());
    // Without S the script fails, naming the missing constant.
    let without = ScriptGame::compile(source, ScriptLimits::default()).unwrap();
    let err = without.component_moves(&Atom::Int(3)).unwrap_err();
    assert!(
        err.message()
            .contains("`K` is no variable in scope there, nor a parameter"),
        "{err}"
    );
    for (bad, says) in [
        ("K", "expected NAME=VALUE"),
        ("2K=1", "is not a name a script can use"),
        ("K=x", "`x` is not an integer"),
        ("S=1,,3", "`` is not an integer"),
        ("K=1.5", "`1.5` is not an integer"),
    ] {
        let err = ScriptParams::parse(&[bad]).unwrap_err();
        assert!(err.message().contains(says), "{bad}: {err}");
    }
}

fn game(source: &str) -> ScriptGame {
    ScriptGame::compile(source, ScriptLimits::default()).unwrap()
}

#[test]
fn lasker_written_with_split_matches_the_closed_form() {
    let g = game(
        "fn moves(n) { let r = []; for k in 1..=n { r.push(n - k); } \
         for a in 1..n { if a <= n - a { r.push(split([a, n - a])); } } r }",
    );
    let mut solver = MemoSolver::new(&g);
    for n in 0..40i64 {
        let expected = match n % 4 {
            0 if n > 0 => n - 1,
            3 => n + 1,
            _ => n,
        };
        let p = g.parse_position(&n.to_string()).unwrap();
        assert_eq!(
            solver.grundy_value(&p).unwrap().value() as i64,
            expected,
            "heap {n}"
        );
    }
    assert!(g.take_error().is_none());
    // A sum typed by the user is valued by XOR of its parts.
    let sum = g.parse_position("3 + 4").unwrap();
    assert_eq!(solver.grundy_value(&sum).unwrap().value(), 4 ^ 3);
}

#[test]
fn memo_agrees_with_naive_on_a_two_dimensional_script() {
    // Wythoff: positions [a, b].
    let g = game(
        "fn moves(p) { let a = p[0]; let b = p[1]; let r = []; \
         for k in 1..=a { r.push([a - k, b]); } for k in 1..=b { r.push([a, b - k]); } \
         for k in 1..=min(a, b) { r.push([a - k, b - k]); } r }",
    );
    let mut solver = MemoSolver::new(&g);
    for a in 0..6 {
        for b in 0..6 {
            let p = g.parse_position(&format!("[{a}, {b}]")).unwrap();
            assert_eq!(
                solver.grundy_value(&p).unwrap(),
                naive::grundy_value(&g, &p)
            );
        }
    }
    let p = g.parse_position("[3, 5]").unwrap();
    assert!(solver.grundy_value(&p).unwrap().is_zero());
}

#[test]
fn errors_point_at_the_script() {
    let err =
        ScriptGame::compile("fn moves(n) {\n  let x = ;\n}", ScriptLimits::default()).unwrap_err();
    assert!(
        err.message()
            .starts_with("the script does not parse: line 2, column"),
        "{err}"
    );
    let err = ScriptGame::compile("fn other(n) { [] }", ScriptLimits::default()).unwrap_err();
    assert_eq!(err.message(), "the script defines no `fn moves(p)`");
    let g = game("fn moves(n) { [\"seven\"] }");
    let err = g.component_moves(&Atom::Int(3)).unwrap_err();
    assert!(
        err.message()
            .contains("at index 0, which is not a position"),
        "{err}"
    );
    let g = game("fn moves(n) { loop { } }");
    let err = g.component_moves(&Atom::Int(3)).unwrap_err();
    assert!(err.message().contains("operations"), "{err}");
    let g = game("import \"/etc/passwd\" as p;\nfn moves(n) { [] }");
    let err = g.component_moves(&Atom::Int(3)).unwrap_err();
    assert!(err.message().contains("failed"), "{err}");
}

#[test]
fn one_call_is_bounded_in_time_and_in_the_size_of_what_it_returns() {
    let limits = ScriptLimits {
        max_seconds_per_call: 1,
        max_position_len: 8,
        ..ScriptLimits::default()
    };
    let slow = ScriptGame::compile(
        "fn moves(n) { let a = []; for i in 0..100000 { a = [a]; } [] }",
        limits,
    )
    .unwrap();
    let err = slow.component_moves(&Atom::Int(3)).unwrap_err();
    assert!(
        err.message().contains("ran more than 1 s in moves(3)"),
        "{err}"
    );
    let long = ScriptGame::compile("fn moves(n) { let a = []; a.pad(9, 0); [a] }", limits).unwrap();
    let err = long.component_moves(&Atom::Int(3)).unwrap_err();
    assert!(
        err.message().contains("returned an array of 9 items"),
        "{err}"
    );
    assert!(err.message().contains("at most 8 items in all"), "{err}");
    let nested = ScriptGame::compile(
        "fn moves(n) { let s = split([1]); for i in 0..20 { s = split([s]); } [s] }",
        limits,
    )
    .unwrap();
    assert!(nested.component_moves(&Atom::Int(3)).is_err());
    let text = ScriptGame::compile(
        "fn moves(n) { let s = \"x\"; s.pad(100, \"y\"); [s] }",
        limits,
    )
    .unwrap();
    let err = text.component_moves(&Atom::Int(3)).unwrap_err();
    assert!(err.message().contains("a string of 100 bytes"), "{err}");
}
