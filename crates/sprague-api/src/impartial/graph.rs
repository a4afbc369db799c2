//! The game-graph file of the seeds (000 §4): a first line `n m k`, then `m` directed edges `u v`
//! (vertices 1..n), then the `k` vertices that hold a token (on one line or several).
//!
//! Parsing is one pass over the bytes, with line numbers kept for errors; the memory the graph will
//! need is estimated from `n m k` and checked against [`Limits`] before anything is allocated.

use sprague::games::graph::analyse_tokens;
use sprague::solve::{GameGraph, Vertex};

use crate::report::analysis::{Analysed, Analysis, MovePlace, MoveReport, NimValue};
use crate::report::listing::check_listing;
use crate::request::error::Error;
use crate::request::limits::Limits;
use crate::request::options::AnalysisOptions;
use crate::request::parse::Numbers;

/// Above this many tokens, moves carry no `to` (each would repeat the whole token list).
pub const MAX_TOKENS_FOR_TO: usize = 1000;

/// A parsed game-graph file: the graph (vertices numbered from 0) and the token vertices.
#[derive(Clone, Debug)]
pub struct GraphInput {
    /// The graph, vertex `v` of the file being `v - 1` here.
    pub graph: GameGraph,
    /// The token vertices, 0-based, in file order.
    pub tokens: Vec<Vertex>,
}

/// Bytes a graph with these counts needs at most while being parsed and solved (CSR rows, the edge
/// list while building, reversed rows and labels for the loopy solver, the search stack).
pub fn estimate_memory(n_vertices: u64, n_edges: u64, n_tokens: u64) -> u64 {
    n_vertices
        .saturating_mul(64)
        .saturating_add(n_edges.saturating_mul(20))
        .saturating_add(n_tokens.saturating_mul(4))
}

/// Parses a game-graph file.
///
/// # Errors
///
/// A bad-input [`Error`] naming the line for a non-number, a negative count, a vertex out of range,
/// input cut short or left over; a refusal with the estimate when the graph would need more memory
/// than `limits.memory_bytes`.
pub fn parse(bytes: &[u8], limits: &Limits) -> Result<GraphInput, Error> {
    let mut numbers = Numbers {
        bytes,
        pos: 0,
        line: 1,
    };
    let n = numbers.expect(&|| "the vertex count n".into(), &|| {
        "expected the header `n m k`".into()
    })?;
    let m = numbers.expect(&|| "the edge count m".into(), &|| {
        "expected the header `n m k`".into()
    })?;
    let k = numbers.expect(&|| "the token count k".into(), &|| {
        "expected the header `n m k`".into()
    })?;
    if n >= (Vertex::MAX - 2) as u64 {
        return Err(Error::too_large(
            crate::request::error::Budget::Size,
            format!(
                "{n} vertices is more than the {} supported",
                Vertex::MAX - 3
            ),
        ));
    }
    let estimate = estimate_memory(n, m, k);
    limits.check_memory(
        estimate,
        format_args!("a graph of {n} vertices, {m} edges and {k} tokens"),
    )?;
    // The counts passed the memory check, so they fit in usize on any machine that runs this.
    let (n, m, k) = (n as usize, m as usize, k as usize);
    let edges = numbers.read_edges(n, m, ("start", "end"))?;
    let mut tokens = Vec::with_capacity(k);
    for token in 1..=k {
        tokens.push(numbers.read_vertex(n, ("token", token, k), "")?);
    }
    if let Some(extra) = numbers.next(&|| "after the tokens".into())? {
        return Err(Error::bad_input(format!(
            "line {}: unexpected `{extra}` after the {k} tokens",
            numbers.line
        )));
    }
    let graph = GameGraph::from_edge_vec(n, edges).expect("vertices were checked while parsing");
    Ok(GraphInput { graph, tokens })
}

/// Analyses the sum of the tokens: outcome, (generalised) nim-value, every winning move.
///
/// # Errors
///
/// With `all_moves`, a refusal when the listing would pass `limits.max_listed_moves`; misère play is
/// refused (it is not defined for loopy graphs here).
pub fn analyse(input: &GraphInput, options: &AnalysisOptions, limits: &Limits) -> Analysed {
    options.refuse_misere("game graphs")?;
    let graph = &input.graph;
    let tokens = &input.tokens;
    let analysis = analyse_tokens(graph, tokens);
    let with_to = tokens.len() <= MAX_TOKENS_FOR_TO;
    let report = |token: usize, from: Vertex, to: Vertex| {
        let after = with_to.then(|| {
            let words: Vec<String> = tokens
                .iter()
                .enumerate()
                .map(|(idx, &v)| (if idx == token { to } else { v } + 1).to_string())
                .collect();
            words.join(" ")
        });
        MoveReport::new(
            format!("token {}: {} -> {}", token + 1, from + 1, to + 1),
            after,
            MovePlace::Token {
                token: token + 1,
                from: from as u64 + 1,
                vertex: to as u64 + 1,
            },
        )
    };
    let winning_moves = analysis
        .winning_moves
        .iter()
        .map(|m| report(m.token, m.from, m.to))
        .collect();
    let all_moves = if options.all_moves {
        let count: u64 = tokens
            .iter()
            .map(|&v| graph.followers(v).len() as u64)
            .sum();
        check_listing(&count.into(), limits)?;
        let mut listed = Vec::new();
        let mut after = tokens.clone();
        for (token, &from) in tokens.iter().enumerate() {
            for &to in graph.followers(from) {
                after[token] = to;
                let next = analyse_tokens(graph, &after);
                let r = report(token, from, to);
                listed.push(r.leading_to(next.outcome, NimValue::from_loopy(&next.value)));
            }
            after[token] = from;
        }
        Some(listed)
    } else {
        None
    };
    let mut notes = Vec::new();
    if analysis.used_loopy_solver {
        notes.push(
            "the graph has a reachable cycle: values are Smith's generalised nim-values".to_owned(),
        );
    }
    if !with_to {
        notes.push(format!(
            "more than {MAX_TOKENS_FOR_TO} tokens: moves carry no `to` list"
        ));
    }
    let position = if with_to {
        let words: Vec<String> = tokens.iter().map(|v| (v + 1).to_string()).collect();
        words.join(" ")
    } else {
        format!("{} tokens", tokens.len())
    };
    Ok(Analysis {
        winning_moves,
        all_moves,
        note: (!notes.is_empty()).then(|| notes.join("; ")),
        ..Analysis::new(
            "graph",
            position,
            analysis.outcome,
            NimValue::from_loopy(&analysis.value),
        )
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Every number (or the error) `Numbers` reads, with the line after it.
    fn read_all(text: &[u8], fast: bool) -> Vec<Result<(Option<u64>, usize), String>> {
        let mut numbers = Numbers {
            bytes: text,
            pos: 0,
            line: 1,
        };
        let mut out = Vec::new();
        loop {
            let what = || "the number".to_owned();
            let next = if fast {
                numbers.next(&what)
            } else {
                numbers.next_checked(&what)
            };
            match next {
                Ok(value) => {
                    out.push(Ok((value, numbers.line)));
                    if value.is_none() {
                        return out;
                    }
                }
                Err(e) => {
                    out.push(Err(e.to_string()));
                    return out;
                }
            }
        }
    }

    proptest! {
        /// The fast path reads exactly what the checked path reads, errors included.
        #[test]
        fn the_fast_number_reader_agrees_with_the_checked_one(
            pieces in prop::collection::vec(
                prop::sample::select(vec![
                    "0", "7", "42", "999999999999999999", "1000000000000000000",
                    "18446744073709551615", "18446744073709551616", "123456789012345678901",
                    " ", "  ", "\n", "\r\n", "\t", "\x0c", "-", "-3", "x", "1x", "+1", "\u{e9}",
                ]),
                0..30,
            )
        ) {
            let text = pieces.concat();
            prop_assert_eq!(read_all(text.as_bytes(), true), read_all(text.as_bytes(), false));
        }
    }

    #[test]
    fn long_numbers_take_the_checked_path() {
        let text = b"18446744073709551615 18446744073709551616";
        assert_eq!(read_all(text, true)[0], Ok((Some(u64::MAX), 1)));
        assert_eq!(
            read_all(text, true)[1],
            Err("line 1: the number: the number is too large".to_owned())
        );
    }

    fn parse_err(text: &str) -> String {
        parse(text.as_bytes(), &Limits::default())
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn errors_name_the_line_and_the_value() {
        assert_eq!(
            parse_err("3 x 1"),
            "line 1: the edge count m: `x` is not a non-negative integer"
        );
        assert_eq!(
            parse_err("3 -2 1"),
            "line 1: the edge count m: `-2` is negative; expected a non-negative integer"
        );
        assert_eq!(
            parse_err("3 1 1\n1 4\n1"),
            "line 2: edge 1: end vertex 4 is not in 1..=3"
        );
        assert_eq!(
            parse_err("3 2 1\n1 2\n"),
            "the input ends early: expected 2 edges, found 1"
        );
        assert_eq!(
            parse_err("3 1 2\n1 2\n1"),
            "the input ends early: expected 2 tokens, found 1"
        );
        assert_eq!(
            parse_err("3 1 1\n1 2\n1\n7"),
            "line 4: unexpected `7` after the 1 tokens"
        );
        assert_eq!(
            parse_err(""),
            "the input ends early: expected the header `n m k`"
        );
        assert!(parse_err("4294967295 1 1").contains("supported"));
        assert!(parse_err("1000000000 100000000000 1").contains("needs about"));
    }

    #[test]
    fn a_small_graph_is_analysed() {
        // 1 -> 2 -> 3, tokens on 1 and 2: values 0 ^ 1 = 1; either token may move on.
        let input = parse(b"3 2 2\n1 2\n2 3\n1 2\n", &Limits::default()).unwrap();
        let report = analyse(&input, &AnalysisOptions::default(), &Limits::default()).unwrap();
        let json = serde_json::to_string(&report).unwrap();
        assert_eq!(
            json,
            r#"{"game":"graph","position":"1 2","outcome":"N","nim_value":1,"winning_moves":[{"move":"token 1: 1 -> 2","to":"2 2","token":1,"from":1,"vertex":2},{"move":"token 2: 2 -> 3","to":"1 3","token":2,"from":2,"vertex":3}]}"#
        );
    }
}
