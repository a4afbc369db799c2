//! Positions that are arrays of arrays: parsed, printed, bounded, valued, and kept as multisets
//! by `sorted`, the same in the compiled code and in Rhai.

use proptest::prelude::*;
use sprague::solve::MemoSolver;

use super::*;

fn example(name: &str) -> String {
    let path = format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn game(source: &str) -> ScriptGame {
    ScriptGame::compile(source, ScriptLimits::default()).unwrap()
}

fn rhai_only(source: &str) -> ScriptGame {
    let mut game = game(source);
    game.interpret_only();
    game
}

fn value(game: &ScriptGame, solver: &mut MemoSolver<'_, ScriptGame>, text: &str) -> u64 {
    let p = game.parse_position(text).unwrap();
    solver.grundy_value(&p).unwrap().value()
}

#[test]
fn nested_positions_parse_print_and_stay_canonical() {
    let g = game("fn moves(p) { [] }");
    for (typed, shown) in [
        ("[[1,2],[3]]", "[[1, 2], [3]]"),
        ("[ [ 1 , 2 ] , [ ] ]", "[[1, 2], []]"),
        ("[[[-4]], 5]", "[[[-4]], 5]"),
        ("[[1, 2]] + 3", "3 + [[1, 2]]"),
        ("[1, 2]", "[1, 2]"),
        ("[]", "[]"),
    ] {
        assert_eq!(
            g.parse_position(typed).unwrap().to_string(),
            shown,
            "{typed}"
        );
    }
    // An array of integers is always the flat atom, whatever way it was reached.
    assert_eq!(
        Atom::array(vec![Atom::Int(1), Atom::Int(2)]),
        Atom::Array(vec![1, 2])
    );
    assert!(matches!(
        g.parse_position("[[1]]").unwrap().atoms(),
        [Atom::Nested(_)]
    ));
    for bad in [
        "[[1, 2]",
        "[1, [2]",
        "[1,,2]",
        "[1, 2]]",
        "[[1] [2]]",
        "[x]",
        "[[1], 2,]",
    ] {
        let err = g.parse_position(bad).unwrap_err().to_string();
        assert!(err.contains("is not a position"), "{bad}: {err}");
    }
    // Nesting and size are bounded as a script's values are.
    let deep = |d: usize| format!("{}1{}", "[".repeat(d), "]".repeat(d));
    assert!(g.parse_position(&deep(MAX_NESTING)).is_ok());
    assert!(g.parse_position(&deep(MAX_NESTING + 1)).is_err());
    // A long bad position is quoted in part: the error stays one short line.
    let err = g.parse_position(&deep(40)).unwrap_err().to_string();
    assert!(
        err.starts_with("`[[[[") && err.contains("...` is not a position"),
        "{err}"
    );
    let huge = "[".repeat(5000);
    assert!(g.parse_position(&huge).unwrap_err().to_string().len() < 300);
    let limit = g.limits().max_position_len;
    let wide = |n: usize| format!("[{}]", vec!["[1]"; n].join(","));
    assert!(g.parse_position(&wide(limit / 2)).is_ok());
    assert!(g.parse_position(&wide(limit / 2 + 1)).is_err());
}

#[test]
fn a_table_of_bars_is_worth_the_xor_of_its_bars() {
    // chocolate-table.rhai keeps every bar in one nested position; chocolate.rhai splits them into
    // a sum. By the Sprague–Grundy theorem the values must agree, in the compiled code and in
    // Rhai alike.
    let single = game(&example("chocolate.rhai"));
    let mut single_solver = MemoSolver::new(&single);
    let mut bar = |w: i64, h: i64| value(&single, &mut single_solver, &format!("[{w}, {h}]"));
    let bars: Vec<(i64, i64)> = (1..=5).flat_map(|w| (1..=5).map(move |h| (w, h))).collect();
    let singles: Vec<u64> = bars.iter().map(|&(w, h)| bar(w, h)).collect();
    let compiled = game(&example("chocolate-table.rhai"));
    assert!(compiled.is_compiled());
    // Rhai is some ten times slower: it checks the smaller bars.
    for (table, sides) in [
        (compiled, 5),
        (rhai_only(&example("chocolate-table.rhai")), 3),
    ] {
        let mut solver = MemoSolver::new(&table);
        let within = |&(w, h): &(i64, i64)| w <= sides && h <= sides;
        for (i, &(w, h)) in bars.iter().enumerate().filter(|(_, b)| within(b)) {
            assert_eq!(
                value(&table, &mut solver, &format!("[[{w}, {h}]]")),
                singles[i]
            );
            for (j, &(x, y)) in bars.iter().enumerate().skip(i).filter(|(_, b)| within(b)) {
                let both = value(&table, &mut solver, &format!("[[{w}, {h}], [{x}, {y}]]"));
                assert_eq!(both, singles[i] ^ singles[j], "[{w}, {h}] and [{x}, {y}]");
            }
        }
        let three = value(&table, &mut solver, "[[3, 2], [1, 3], [3, 3]]");
        assert_eq!(three, bar(2, 3) ^ bar(1, 3) ^ bar(3, 3));
        // The order of the bars, and of a bar's sides, is not part of the position.
        let a = table.parse_position("[[4, 3], [2, 1]]").unwrap();
        let b = table.parse_position("[[1, 2], [3, 4]]").unwrap();
        assert_eq!(a, b);
    }
}

#[test]
fn sorted_orders_positions_and_refuses_anything_else() {
    let g = rhai_only("fn moves(p) { [] } fn normalize(p) { sorted(p) }");
    let p = g
        .parse_position("[[3], 2, [1, 5], [[0]], -1, [1]]")
        .unwrap();
    // Integers by value, then arrays of integers item by item, then arrays holding arrays.
    assert_eq!(p.to_string(), "[-1, 2, [1], [1, 5], [3], [[0]]]");
    let bad = game("fn moves(p) { [] } fn normalize(p) { sorted([p, \"x\"]) }");
    let err = bad.parse_position("1").unwrap_err().to_string();
    assert!(err.contains("sorted: the item at index 1"), "{err}");
}

/// A random nested array, as text.
fn nested_text() -> impl Strategy<Value = String> {
    let leaf = (-3i64..4).prop_map(|n| n.to_string());
    leaf.prop_recursive(3, 16, 4, |inner| {
        proptest::collection::vec(inner, 0..4).prop_map(|items| format!("[{}]", items.join(", ")))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The compiled `sorted` and Rhai's give the same normal form, and the moves of a nested
    /// position (take one item out of the top array) are the same both ways.
    #[test]
    fn compiled_and_rhai_agree_on_nested_positions(items in proptest::collection::vec(nested_text(), 0..5)) {
        let source = "fn moves(p) { let r = []; for i in 0..p.len() { let q = []; \
                      for j in 0..p.len() { if j != i { q.push(p[j]); } } r.push(q); } r } \
                      fn normalize(p) { sorted(p) }";
        let fast = game(source);
        prop_assert!(fast.is_compiled());
        let slow = rhai_only(source);
        let text = format!("[{}]", items.join(", "));
        let a = fast.parse_position(&text).unwrap();
        let b = slow.parse_position(&text).unwrap();
        prop_assert_eq!(&a, &b);
        let atom = &a.atoms()[0];
        let fast_moves = fast.component_moves(atom).map_err(|e| e.to_string());
        let slow_moves = slow.component_moves(atom).map_err(|e| e.to_string());
        prop_assert_eq!(fast_moves, slow_moves);
        // And the value: taking items one at a time from k items is worth k mod 2.
        let k = items.len() as u64;
        prop_assert_eq!(MemoSolver::new(&fast).grundy_value(&a).unwrap().value(), k % 2);
    }
}
