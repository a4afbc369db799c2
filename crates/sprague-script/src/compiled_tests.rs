//! The compiled code against Rhai: the same moves, values and errors, on the shipped examples,
//! on generated rule sets, and on expressions chosen to hit every trap (overflow, division by
//! zero, shifts, indices out of range, values of the wrong kind, loops, deep nesting).

use proptest::prelude::*;
use sprague::solve::MemoSolver;

use super::*;
use crate::compiled::moves::{push_parts, Key, MoveList};
use crate::compiled::Trap;

fn example(name: &str) -> String {
    let path = format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The script compiled twice: once as it runs, once in Rhai only.
fn both(source: &str, params: &[&str]) -> (ScriptGame, ScriptGame) {
    let params = ScriptParams::parse(params).unwrap();
    let fast = ScriptGame::compile_with_params(source, ScriptLimits::default(), &params).unwrap();
    let mut slow =
        ScriptGame::compile_with_params(source, ScriptLimits::default(), &params).unwrap();
    slow.interpret_only();
    (fast, slow)
}

fn same_moves(fast: &ScriptGame, slow: &ScriptGame, atom: &Atom) {
    let a = fast.component_moves(atom).map_err(|e| e.to_string());
    let b = slow.component_moves(atom).map_err(|e| e.to_string());
    assert_eq!(a, b, "moves of {atom}");
}

fn values(game: &ScriptGame, positions: &[&str]) -> Vec<u64> {
    let mut solver = MemoSolver::new(game);
    positions
        .iter()
        .map(|p| {
            let p = game.parse_position(p).unwrap();
            solver.grundy_value(&p).unwrap().value()
        })
        .collect()
}

#[test]
fn every_example_compiles_and_answers_as_rhai_does() {
    let cases: &[(&str, &[&str], bool)] = &[
        ("kayles.rhai", &[], false),
        ("grundys-game.rhai", &[], false),
        ("lasker.rhai", &[], false),
        ("subtraction-1-3-4.rhai", &[], false),
        ("subtraction.rhai", &["S=2,5,6"], false),
        ("hdu1847-powers-of-two.rhai", &[], false),
        ("mock-turtles.rhai", &[], false),
        ("loopy-ring.rhai", &[], false),
        ("wythoff.rhai", &[], true),
        ("hdu2147-kiki.rhai", &[], true),
        ("chocolate.rhai", &[], true),
    ];
    for &(name, params, pairs) in cases {
        let (fast, slow) = both(&example(name), params);
        assert!(fast.is_compiled(), "{name} does not compile");
        assert!(!slow.is_compiled());
        let atoms: Vec<Atom> = if pairs {
            (0..9)
                .flat_map(|a| (0..9).map(move |b| Atom::Array(vec![a, b])))
                .collect()
        } else {
            (0..40).map(Atom::Int).collect()
        };
        for atom in &atoms {
            same_moves(&fast, &slow, atom);
        }
    }
}

#[test]
fn tables_by_the_compiled_code_equal_the_general_solver() {
    for (name, params) in [
        ("kayles.rhai", &[][..]),
        ("grundys-game.rhai", &[]),
        ("lasker.rhai", &[]),
        ("subtraction.rhai", &["S=1,3,4"]),
        ("hdu1847-powers-of-two.rhai", &[]),
    ] {
        let (fast, slow) = both(&example(name), params);
        let table = fast.fast_table(300, 1 << 20).expect("compiled table");
        let positions: Vec<String> = (0..=300).map(|n| n.to_string()).collect();
        let refs: Vec<&str> = positions.iter().map(String::as_str).collect();
        assert_eq!(table, values(&slow, &refs), "{name}");
    }
    for name in ["wythoff.rhai", "chocolate.rhai"] {
        let (fast, slow) = both(&example(name), &[]);
        let grid = fast.fast_grid(12, 15, 1 << 20).expect("compiled grid");
        let positions: Vec<String> = (0..=12)
            .flat_map(|a| (0..=15).map(move |b| format!("[{a}, {b}]")))
            .collect();
        let refs: Vec<&str> = positions.iter().map(String::as_str).collect();
        assert_eq!(grid, values(&slow, &refs), "{name}");
    }
    // Published values: Kayles (A002186) and Grundy's game (A002188) begin so.
    let (kayles, _) = both(&example("kayles.rhai"), &[]);
    assert_eq!(
        kayles.fast_table(12, 100).unwrap(),
        [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    );
    let (grundy, _) = both(&example("grundys-game.rhai"), &[]);
    assert_eq!(
        grundy.fast_table(12, 100).unwrap(),
        [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]
    );
}

#[test]
fn the_compiled_table_gives_up_where_the_general_solver_must_answer() {
    // A loop, more positions than allowed, a `normalize` that is not idempotent.
    let (ring, _) = both(&example("loopy-ring.rhai"), &[]);
    assert_eq!(ring.fast_table(5, 1000), None);
    let (kayles, _) = both(&example("kayles.rhai"), &[]);
    assert_eq!(kayles.fast_table(100, 50), None);
    let (odd, slow) = both(
        "fn moves(n) { if n > 0 { [n - 1] } else { [] } } fn normalize(n) { if n > 3 { n - 1 } else { n } }",
        &[],
    );
    assert_eq!(odd.fast_table(10, 1000), None);
    let _ = slow;
}

#[test]
fn traps_are_answered_by_rhai_with_its_own_errors() {
    let bodies = [
        "[n * 9223372036854775807]",
        "[n / (n - n)]",
        "[n % 0]",
        "[n ** 70]",
        "[n ** -1]",
        "[n << 70, n << -1, n >> 64]",
        "[-n, abs(-n), 9223372036854775807 + n]",
        "let a = [1, 2]; [a[n]]",
        "let a = [1, 2, 3]; [a[-1]]",
        "[[n, 1] + [2], [n] == [n], [n] != [1, 2, 3]]",
        "let a = [3, 1, 2]; a.sort(); a.reverse(); [a, a.len(), a.pop()]",
        "let a = []; for i in 0..n { a.push([i, [i]]); } a",
        "if n { [] } else { [1] }",
        "[n && true]",
        "let x = 0; while x < n { x += 1; if x == 3 { break; } } [x]",
        "let x = 0; loop { x += 1; if x > n { break; } continue; } [x]",
        "let x = 0; do { x += 2; } until x >= n; [x]",
        "let x = n; do { x -= 1; } while x > 0; [x]",
        "for (v, i) in [5, 6, 7] { if i == n { return [v]; } } []",
        "let a = [[1, 2], [3, 4]]; a[1][0] = n; [a[1][0], a[0][1], a[1]]",
        "let s = \"text\"; [s]",
        "[split([1, [2, 3]]), split([]), split([split([n])])]",
        "throw \"no\";",
        "let a = []; for i in 0..30 { a = [a]; } [1]",
        "[ctz(n), popcount(n), isqrt(n), zeckendorf_min(n), min(n, 3), max(n, 3)]",
        "[isqrt(-n - 1)]",
        "[n in [1, 2, 3], 2 in 0..n]",
        "let x = n; x = [x]; x",
        "let y = 1; y = y << n; [y]",
        "[helper(n), helper(n + 1)]",
        "let a = [n]; a += [1]; a += 2; a",
        "[-9223372036854775807 - 1 - n]",
        "[n.len()]",
        "[[1, 2, 3].contains(n), [n, 1].is_empty(), [].len]",
        // The fused statements: a comparison in an `if`, an operator stored, a push.
        "let a = [1]; if a < n { return [1]; } []",
        "let b = true; if b == n { return [1]; } []",
        "let p = [n, 2]; if p[0] <= p[1] { return [p[1]]; } [p[0]]",
        "let x = n / 0; [x]",
        "let x = n - 9223372036854775807 - 10; [x]",
        "let x = n % 3; let y = x * n; [y]",
        "let a = 5; a.push(1); [a]",
        "let a = []; a.push(n); a.push([n]); a.push(split([n])); a",
        "let a = [1, 2]; let c = 0; for x in a { if x > c { c = x; } } [c]",
        "print(n); debug(n * 2); print(\"moves\"); [n]",
        "print(n * 9223372036854775807); [n]",
        // `range` with and without a step, forwards, backwards, empty, zero, overflowing.
        "let r = []; for i in range(0, n) { r.push(i); } r",
        "let r = []; for i in range(0, n, 2) { r.push(i); } r",
        "let r = []; for i in range(n, 0, -3) { r.push(i); } r",
        "let r = []; for i in range(n, 0, 1) { r.push(i); } r",
        "let r = []; for i in range(0, n, 0) { r.push(i); } r",
        "let r = []; for i in range(9223372036854775800, 9223372036854775807, n + 1) { r.push(i - 9223372036854775800); } r",
        "let r = []; for i in range(-9223372036854775800, -9223372036854775808, -n - 1) { r.push(n); } r",
    ];
    for body in bodies {
        let source = format!(
            "fn helper(k) {{ if k > 2 {{ k * 2 }} else {{ k }} }}\nfn moves(n) {{ {body} }}"
        );
        let Ok((fast, slow)) = std::panic::catch_unwind(|| both(&source, &[])) else {
            panic!("{body} does not compile");
        };
        // Everything here but strings is in the compiled part of the language.
        assert!(
            fast.is_compiled() || body.contains('"'),
            "{body} runs in Rhai"
        );
        for n in [0, 1, 2, 3, 5, 64] {
            same_moves(&fast, &slow, &Atom::Int(n));
        }
    }
}

#[test]
fn a_script_with_top_level_statements_runs_in_rhai() {
    let (game, _) = both("let x = 1;\nfn moves(n) { [] }", &[]);
    assert!(!game.is_compiled());
}

/// A random take-and-break rule written as a script: take t ∈ S tokens from a heap, and when
/// `split` is set, the rest may also be left as two heaps.
fn rule_script(takes: &[i64], split: bool) -> String {
    let set: Vec<String> = takes.iter().map(i64::to_string).collect();
    format!(
        "fn moves(n) {{
            let res = [];
            for t in [{}] {{
                if t <= n {{
                    res.push(n - t);
                    if {split} {{
                        for a in 1..(n - t) {{
                            let b = n - t - a;
                            if a <= b {{ res.push(split([a, b])); }}
                        }}
                    }}
                }}
            }}
            res
        }}",
        set.join(", ")
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn random_rule_sets_give_the_same_table(
        takes in proptest::collection::btree_set(1i64..9, 1..4),
        split in any::<bool>(),
    ) {
        let takes: Vec<i64> = takes.into_iter().collect();
        let source = rule_script(&takes, split);
        let (fast, slow) = both(&source, &[]);
        prop_assert!(fast.is_compiled());
        let table = fast.fast_table(60, 1 << 16).expect("compiled table");
        let positions: Vec<String> = (0..=60).map(|n| n.to_string()).collect();
        let refs: Vec<&str> = positions.iter().map(String::as_str).collect();
        prop_assert_eq!(&table, &values(&slow, &refs));
        // And against a plain mex written here, for the same rule.
        let mut g = vec![0u64; 61];
        for n in 0..=60i64 {
            let mut seen = std::collections::BTreeSet::new();
            for &t in &takes {
                if t <= n {
                    seen.insert(g[(n - t) as usize]);
                    if split {
                        for a in 1..(n - t) {
                            let b = n - t - a;
                            if a <= b {
                                seen.insert(g[a as usize] ^ g[b as usize]);
                            }
                        }
                    }
                }
            }
            g[n as usize] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
        prop_assert_eq!(table, g);
    }

    #[test]
    fn random_expressions_give_the_same_moves_or_errors(
        ops in proptest::collection::vec((0usize..14, -3i64..70), 1..6),
        n in -5i64..40,
    ) {
        // An expression over n built from random operators and constants.
        let names = ["+", "-", "*", "/", "%", "**", "<<", ">>", "&", "|", "^", "min", "max", "abs"];
        let mut expr = "n".to_owned();
        for (op, c) in ops {
            expr = match names[op] {
                "min" | "max" => format!("{}({expr}, {c})", names[op]),
                "abs" => format!("abs({expr} - {c})"),
                o => format!("({expr} {o} {c})"),
            };
        }
        let source = format!("fn moves(n) {{ let x = {expr}; if x >= 0 && x < n {{ [x] }} else {{ [] }} }}");
        let (fast, slow) = both(&source, &[]);
        prop_assert!(fast.is_compiled());
        let a = fast.component_moves(&Atom::Int(n)).map_err(|e| e.to_string());
        let b = slow.component_moves(&Atom::Int(n)).map_err(|e| e.to_string());
        prop_assert_eq!(a, b);
    }
}

/// Tables listed on several threads equal the table of one: for integers and grids, with
/// `normalize` (aliases across the grid), with moves that reach above the range and positions
/// outside it, and when the search must give up part way (a loop beyond the first positions).
#[test]
fn tables_on_several_threads_equal_the_table_of_one() {
    let jumpy = "fn moves(n) { let r = []; if n >= 3 { r.push(n - 3); } \
                 if n % 7 == 5 { r.push(n + 11); } if n >= 2 { r.push(split([n / 2, n / 3])); } r }";
    let late_loop = "fn moves(n) { if n == 3000 { [3001] } else if n == 3001 { [3000] } \
                     else if n > 0 { [n - 1] } else { [] } }";
    for (source, params, upto) in [
        (example("kayles.rhai"), &[][..], 2500),
        (example("subtraction.rhai"), &["S=2,5,6"][..], 5000),
        (jumpy.to_owned(), &[][..], 4000),
        (late_loop.to_owned(), &[][..], 3500),
    ] {
        let (mut fast, _) = both(&source, params);
        fast.always_list_ahead();
        let one = fast.fast_table(upto, 1 << 20);
        for threads in [2, 3, 5] {
            fast.set_threads(threads);
            assert_eq!(
                fast.fast_table(upto, 1 << 20),
                one,
                "{threads} threads: {source}"
            );
        }
    }
    for name in ["chocolate.rhai", "wythoff.rhai"] {
        let (mut fast, _) = both(&example(name), &[]);
        fast.always_list_ahead();
        let one = fast.fast_grid(60, 45, 1 << 20).expect("compiled grid");
        fast.set_threads(3);
        assert_eq!(
            fast.fast_grid(60, 45, 1 << 20).as_ref(),
            Some(&one),
            "{name}"
        );
    }
}

/// The moves `moves` writes into a list (compiled to write, see `compiled::moves`) against the
/// array it returns taken apart part by part: the same parts, or a trap in both.
fn written_and_returned(
    game: &ScriptGame,
    arg: &Atom,
) -> (Result<MoveList, Trap>, Result<MoveList, Trap>) {
    let budget = || compiled::Budget::new(1 << 24, 60, None, usize::MAX);
    let max_len = game.limits.max_position_len;
    let mut list = MoveList {
        parts: Vec::new(),
        ends: Vec::new(),
        max_len,
    };
    let written = game
        .program
        .write_moves(atom_to_value(arg), &budget(), &mut list)
        .map(|()| list);
    let id = game.fast_hooks.moves.expect("compiled moves");
    let returned = game
        .program
        .call(id, atom_to_value(arg), &budget())
        .and_then(|v| {
            let mut list = MoveList {
                parts: Vec::new(),
                ends: Vec::new(),
                max_len,
            };
            for i in 0..v.array_len().ok_or(Trap)? {
                push_parts(&v.item(i).ok_or(Trap)?, max_len, 0, &mut list.parts)?;
                list.ends.push(list.parts.len() as u32);
            }
            Ok(list)
        });
    (written, returned)
}

#[test]
fn moves_written_into_a_list_equal_the_array_returned() {
    // Every form a move is written in: integers, pairs (integers or not), `split` of a literal
    // (pairs, integers, a nested split, an array of three), `split` of a variable (inline or
    // not), values of other kinds, an early `return res`.
    let forms = "fn moves(p) {
        let res = [];
        let a = p[0];
        let b = p[1];
        if a == b { return res; }
        res.push(a);
        res.push([a, b]);
        res.push(split([[a, b], b, split([a, [b, a]])]));
        res.push(split([a, b, a]));
        let two = [];
        two.push(b);
        two.push(a);
        res.push(split(two));
        let deep = [[a], [b], [a, b]];
        res.push(split(deep));
        res.push(split([]));
        res.push([a, b, a]);
        res
    }";
    let game = ScriptGame::compile(forms, ScriptLimits::default()).unwrap();
    assert!(game.writes_moves(), "the forms script has the shape");
    let args = [
        "[1, 2]",
        "[3, 3]",
        "[[1, 2], 3]",
        "[[1], [2, [3]]]",
        "[0, []]",
        "[[], 1]",
    ];
    for arg in args {
        let atom = game.parse_position(arg).unwrap().0.remove(0);
        let (written, returned) = written_and_returned(&game, &atom);
        let show = |r: &Result<MoveList, Trap>| {
            r.as_ref()
                .map(|l| (l.parts.clone(), l.ends.clone()))
                .map_err(|_| ())
        };
        assert_eq!(show(&written), show(&returned), "moves({arg})");
    }
    // Shapes that are not written: the result read, returned as something else, passed on,
    // a constant, a script's own `split`; each still tabulated as Rhai does.
    let not_written = [
        "fn moves(n) { let res = []; for k in 1..=n { if res.len() < 3 { res.push(n - k); } } res }",
        "fn moves(n) { let res = []; if n == 1 { return []; } for k in 1..=n { res.push(n - k); } res }",
        "fn last(r) { r } fn moves(n) { let res = []; for k in 1..=n { res.push(n - k); } last(res) }",
        "fn moves(n) { let res = []; for k in 1..=n { res.push(n - k); } res + [] }",
        "fn moves(n) { const res = []; res }",
        "fn moves(n) { let res = []; for k in 1..=n { res.push(n - k); } let res = []; if n > 0 { res.push(n - 1); } res }",
    ];
    for source in not_written {
        let (fast, slow) = both(source, &[]);
        assert!(!fast.writes_moves(), "{source}");
        let positions: Vec<String> = (0..=12).map(|n| n.to_string()).collect();
        let refs: Vec<&str> = positions.iter().map(String::as_str).collect();
        let mut solver = MemoSolver::new(&slow);
        let expected: Option<Vec<u64>> = refs
            .iter()
            .map(|p| {
                let p = slow.parse_position(p).unwrap();
                solver.grundy_value(&p).ok().map(|v| v.value())
            })
            .collect();
        // A table the compiled code gives is Rhai's (where Rhai fails, it gives none).
        if let Some(table) = fast.fast_table(12, 1 << 16) {
            assert_eq!(Some(table), expected, "{source}");
        }
    }
    // A script's own `split` is called, not taken for the built-in one.
    let own_split = "fn split(x) { [x[0], 7] } fn moves(n) { let res = []; for k in 1..=n { res.push(split([n - k])); } res }";
    let game = ScriptGame::compile(own_split, ScriptLimits::default()).unwrap();
    assert!(game.writes_moves());
    for n in 0..5 {
        let (written, returned) = written_and_returned(&game, &Atom::Int(n));
        let (written, returned) = (written.unwrap(), returned.unwrap());
        assert_eq!(
            (&written.parts, &written.ends),
            (&returned.parts, &returned.ends)
        );
        assert!(written.parts.iter().all(|k| matches!(k, Key::Pair(_, 7))));
    }
    // Shapes that are: an early `return res`, `res` declared after other statements, pushes in
    // nested loops and branches; the tables equal Rhai's.
    let written = [
        "fn moves(n) { let res = []; if n == 0 { return res; } for k in 1..=min(n, 3) { res.push(n - k); } res }",
        "fn moves(n) { let m = n / 2; let res = []; for a in 1..n { for b in a..n { if a + b < n && a != b { res.push(split([a, b, n - a - b])); } } } if m > 0 { res.push(m); } return res; }",
    ];
    for source in written {
        let (fast, slow) = both(source, &[]);
        assert!(fast.writes_moves(), "{source}");
        let positions: Vec<String> = (0..=25).map(|n| n.to_string()).collect();
        let refs: Vec<&str> = positions.iter().map(String::as_str).collect();
        assert_eq!(
            fast.fast_table(25, 1 << 16).unwrap(),
            values(&slow, &refs),
            "{source}"
        );
    }
    // The shipped examples written the usual way have the shape.
    for name in [
        "kayles.rhai",
        "grundys-game.rhai",
        "chocolate.rhai",
        "wythoff.rhai",
        "lasker.rhai",
    ] {
        let (fast, _) = both(&example(name), &[]);
        assert!(fast.writes_moves(), "{name}");
    }
}
