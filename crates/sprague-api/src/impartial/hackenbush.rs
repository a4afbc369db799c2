//! Green Hackenbush from an edge-list file (`n m`, then `m` lines `u v`; vertex 1 is the ground;
//! loops and parallel edges allowed): the value by the fusion and colon principles, and every
//! winning cut, each carrying `"edge"`, its 1-based index among the file's edges.

use sprague::games::hackenbush::{self, Cut, Hackenbush};
use sprague::value::Outcome;

use crate::impartial::remoteness;
use crate::report::analysis::{Analysed, Analysis, MovePlace, MoveReport, NimValue};
use crate::report::listing::check_listing;
use crate::request::edge_list::{self, Costs};
use crate::request::error::Error;
use crate::request::limits::Limits;
use crate::request::options::AnalysisOptions;

/// The work allowed for the cuts inside cycles (Σ k·(z + 1) over the classes of 2-edge cuts, see
/// [`sprague::games::hackenbush`]), and for the walks of `--all-moves`; about a second.
pub const WORK_BUDGET: u64 = 300_000_000;

/// Bytes per vertex and per edge the parser and solver need at most (edges, adjacency, labels,
/// classes, per-edge answers).
const COSTS: Costs = Costs {
    game: "hackenbush graph",
    bytes_per_vertex: 80,
    bytes_per_edge: 120,
};

/// Parses a Hackenbush file.
///
/// # Errors
///
/// A bad-input [`Error`] naming the line for a non-number, a negative count, a vertex out of
/// range, no vertex at all, input cut short or left over; a refusal with the estimate when the
/// graph would need more memory than `limits.memory_bytes`.
pub fn parse(bytes: &[u8], limits: &Limits) -> Result<Hackenbush, Error> {
    let list = edge_list::parse(bytes, limits, &COSTS)?;
    Ok(Hackenbush::new(list.n_vertices, list.edges).expect("vertices were checked while parsing"))
}

fn describe(game: &Hackenbush) -> String {
    format!(
        "{} vertices, {} edges",
        game.n_vertices(),
        game.edges().len()
    )
}

fn report(game: &Hackenbush, edge: usize) -> MoveReport {
    let (u, v) = game.edges()[edge];
    MoveReport::new(
        format!("cut edge {}: {}-{}", edge + 1, u + 1, v + 1),
        None,
        MovePlace::Edge { edge: edge + 1 },
    )
}

/// Analyses a Hackenbush position: outcome, nim-value, every winning cut.
///
/// # Errors
///
/// `--misere` is refused; with `all_moves`, a refusal when the listing would pass
/// `limits.max_listed_moves` or the work budget.
pub fn analyse(game: &Hackenbush, options: &AnalysisOptions, limits: &Limits) -> Analysed {
    options.refuse_misere("hackenbush")?;
    let analysis = hackenbush::analyse(game, WORK_BUDGET);
    let winning_moves = analysis
        .winning_edges
        .iter()
        .map(|&e| report(game, e))
        .collect();
    let all_moves = if options.all_moves {
        let count = game.edges().len() as u64;
        check_listing(&count.into(), limits)?;
        let cuts = hackenbush::values_after_cuts(game, WORK_BUDGET).ok_or_else(|| {
            Error::too_large(
                crate::request::error::Budget::Time,
                crate::request::error::Message::param("all_moves").then(format!(
                    " on this graph needs more than {WORK_BUDGET} steps (deep trees of cycles or \
                 long cycles)"
                )),
            )
            .with_remedy(crate::request::error::Remedy::WithoutAllMoves)
        })?;
        let listed = cuts
            .iter()
            .enumerate()
            .map(|(e, cut)| {
                let value = match *cut {
                    Cut::Value(v) => v,
                    // A part not joined to the ground: cutting it changes nothing.
                    _ => analysis.value,
                };
                report(game, e).leading_to(Outcome::from_win(value != 0), NimValue::from_u64(value))
            })
            .collect();
        Some(listed)
    } else {
        None
    };
    let note = (analysis.not_examined > 0).then(|| {
        format!(
            "{} edges lie in long decorated cycles whose cuts were not examined (more than \
             {WORK_BUDGET} steps); the winning moves listed are only those found among the \
             other edges",
            analysis.not_examined
        )
    });
    let mut report = Analysis {
        winning_moves,
        all_moves,
        note,
        ..Analysis::new(
            "hackenbush",
            describe(game),
            Outcome::from_win(analysis.value != 0),
            NimValue::from_u64(analysis.value),
        )
    };
    // The engine's ruleset takes the standing edges as a mask, at most 64; each option walks the
    // graph for what still reaches the ground, so the search looks at fewer options.
    if game.edges().len() <= 64 {
        let rules = hackenbush::HackenbushRules::new(game.clone());
        let start = rules.start();
        remoteness::fill_within(
            &mut report,
            &rules,
            &start,
            limits,
            remoteness::Budget {
                max_work: remoteness::MAX_WORK / 16,
                weight: 1,
            },
            |m| {
                let MovePlace::Edge { edge } = m.place else {
                    return None;
                };
                // An edge already fallen is no move: no position after it.
                let bit = 1u64 << (edge - 1);
                (start & bit != 0).then(|| rules.grounded(start & !bit))
            },
        );
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> String {
        let game = parse(text.as_bytes(), &Limits::default()).unwrap();
        let report = analyse(&game, &AnalysisOptions::default(), &Limits::default()).unwrap();
        serde_json::to_string(&report).unwrap()
    }

    #[test]
    fn two_triangles_sharing_an_edge() {
        // One 2-edge-connected component of 5 edges: *1. Every cut leaves 0: cutting the shared
        // edge leaves a square (*0); cutting another leaves a triangle with a pendant edge (1 ^ 1).
        // Either way four edges stand, so at most four moves are left (a cut takes one edge or
        // more): the loser makes it four, five in all.
        let json = run("4 5\n1 2\n2 3\n1 3\n3 4\n4 1\n");
        assert!(json.starts_with(
            r#"{"game":"hackenbush","position":"4 vertices, 5 edges","outcome":"N","nim_value":1,"remoteness":5,"winning_moves":[{"move":"cut edge 1: 1-2","edge":1,"remoteness":4},"#
        ), "{json}");
        assert_eq!(json.matches("\"edge\"").count(), 5);
    }

    #[test]
    fn errors_name_the_line() {
        let err = |t: &str| {
            parse(t.as_bytes(), &Limits::default())
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            err("2 1\n1 3\n"),
            "line 2: edge 1: second vertex 3 is not in 1..=2"
        );
        assert_eq!(
            err("0 0\n"),
            "line 1: the vertex count n is 0; expected at least 1"
        );
        assert_eq!(
            err("2 2\n1 2\n"),
            "the input ends early: expected 2 edges, found 1"
        );
        assert!(err("1000000000 1000000000").contains("needs about"));
    }
}
