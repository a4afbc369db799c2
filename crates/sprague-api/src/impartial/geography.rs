//! Undirected vertex geography from an edge-list file (`n m`, then `m` lines `u v`) and a start
//! vertex: the outcome by the matching theorem, every winning move (`"vertex"`: where the token
//! goes), and with [`analyse_all`] the outcome from every start at once (JSOI2009).

use sprague::games::geography::Geography;
use sprague::value::Outcome;

use crate::report::analysis::{Analysed, Analysis, MovePlace, MoveReport, NimValue};
use crate::request::edge_list::{self, Costs};
use crate::request::error::Error;
use crate::request::limits::Limits;
use crate::request::options::AnalysisOptions;
use crate::request::parse::parse_natural;

/// A graph that is not bipartite is solved by blossom searches, O(V · (V + E)) at worst; above
/// this many steps it is refused.
pub const GENERAL_WORK_LIMIT: u64 = 3_000_000_000;

const COSTS: Costs = Costs {
    game: "geography graph",
    bytes_per_vertex: 120,
    bytes_per_edge: 40,
};

/// A parsed geography file.
#[derive(Clone, Debug)]
pub struct GeographyInput {
    n_vertices: usize,
    edges: Vec<(u32, u32)>,
}

/// Parses a geography file.
///
/// # Errors
///
/// A bad-input [`Error`] naming the line for a non-number, a negative count, a vertex out of
/// range, input cut short or left over; a refusal with the estimate past the memory limit.
pub fn parse(bytes: &[u8], limits: &Limits) -> Result<GeographyInput, Error> {
    let list = edge_list::parse(bytes, limits, &COSTS)?;
    Ok(GeographyInput {
        n_vertices: list.n_vertices,
        edges: list.edges,
    })
}

/// Parses the start vertex (1-based) as typed after `--start`.
///
/// # Errors
///
/// A bad-input [`Error`] for a non-number or a vertex not in `1..=n`.
pub fn parse_start(word: &str, input: &GeographyInput) -> Result<usize, Error> {
    let n = input.n_vertices;
    let v = parse_natural(word, crate::request::error::Message::param("start"))?;
    let index = u64::try_from(&v).ok().filter(|&v| v >= 1 && v <= n as u64);
    index.map(|v| v as usize - 1).ok_or_else(|| {
        Error::bad_input(
            crate::request::error::Message::param("start")
                .then(format!(": vertex {v} is not in 1..={n}")),
        )
    })
}

fn board(input: &GeographyInput) -> Result<Geography, Error> {
    check_size(input)?;
    Ok(Geography::new(input.n_vertices, &input.edges))
}

fn check_size(input: &GeographyInput) -> Result<(), Error> {
    // Bipartiteness is cheap to test; the general matching is refused above the limit before
    // it runs.
    let n = input.n_vertices as u64;
    let work = n.saturating_mul(n + input.edges.len() as u64);
    if work > GENERAL_WORK_LIMIT {
        let graph = sprague::solve::matching::UndirectedGraph::new(input.n_vertices, &input.edges);
        if graph.two_colouring().is_none() {
            return Err(Error::too_large(
                crate::request::error::Budget::Time,
                format!(
                "the graph is not bipartite: the blossom matching costs up to {n} x ({n} + {}) \
                 steps, more than the {GENERAL_WORK_LIMIT} allowed",
                input.edges.len()
            ),
            ));
        }
    }
    Ok(())
}

const NOTE: &str = "geography is not valued by nim-values here: the outcome comes from the \
                    matching theorem (the mover wins iff the start is in every maximum matching)";

/// Analyses the game with the token on `start` (0-based).
///
/// # Errors
///
/// `--misere` is refused, and so is a non-bipartite graph above [`GENERAL_WORK_LIMIT`].
pub fn analyse(input: &GeographyInput, start: usize, options: &AnalysisOptions) -> Analysed {
    options.refuse_misere("geography")?;
    let mut game = board(input)?;
    let wins = game.wins_from(start);
    let winning = game.winning_moves(start);
    let report = |w: usize| {
        MoveReport::new(
            format!("token {} -> {}", start + 1, w + 1),
            None,
            MovePlace::Vertex {
                vertex: w as u64 + 1,
            },
        )
    };
    let all_moves = options.all_moves.then(|| {
        let mut targets: Vec<usize> = input
            .edges
            .iter()
            .filter_map(|&(u, v)| {
                let (u, v) = (u as usize, v as usize);
                if u == start && v != start {
                    Some(v)
                } else if v == start && u != start {
                    Some(u)
                } else {
                    None
                }
            })
            .collect();
        targets.sort_unstable();
        targets.dedup();
        targets
            .into_iter()
            .map(|w| {
                let mut r = report(w);
                r.outcome = Some(Outcome::from_win(winning.binary_search(&w).is_err()));
                r.nim_value = Some(NimValue::None);
                r
            })
            .collect()
    });
    Ok(Analysis {
        winning_moves: winning.into_iter().map(report).collect(),
        all_moves,
        note: Some(NOTE.to_owned()),
        ..Analysis::new(
            "geography",
            format!("start {}", start + 1),
            Outcome::from_win(wins),
            NimValue::None,
        )
    })
}

/// The outcome from every start vertex.
#[derive(Clone, Debug, serde::Serialize)]
pub struct AllStarts {
    /// `geography`.
    pub game: String,
    /// The number of vertices.
    pub vertices: usize,
    /// Whether the graph is bipartite (one pass) or not (one search per vertex).
    pub bipartite: bool,
    /// The size of a maximum matching.
    pub matching: usize,
    /// The 1-based vertices from which the player to move wins, ascending.
    pub winning_starts: Vec<usize>,
    /// The 1-based vertices from which the player to move loses, ascending.
    pub losing_starts: Vec<usize>,
}

/// Every start's outcome at once.
///
/// # Errors
///
/// A non-bipartite graph above [`GENERAL_WORK_LIMIT`] is refused.
pub fn analyse_all(input: &GeographyInput) -> Result<AllStarts, Error> {
    let mut game = board(input)?;
    let wins = game.winning_starts();
    Ok(AllStarts {
        game: "geography".to_owned(),
        vertices: input.n_vertices,
        bipartite: game.is_bipartite(),
        matching: game.matching_size(),
        winning_starts: (0..wins.len())
            .filter(|&v| wins[v])
            .map(|v| v + 1)
            .collect(),
        losing_starts: (0..wins.len())
            .filter(|&v| !wins[v])
            .map(|v| v + 1)
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_of_three() {
        let input = parse(b"3 2\n1 2\n2 3\n", &Limits::default()).unwrap();
        let start = parse_start("2", &input).unwrap();
        let report = analyse(&input, start, &AnalysisOptions::default()).unwrap();
        let json = serde_json::to_string(&report).unwrap();
        assert!(json.starts_with(
            r#"{"game":"geography","position":"start 2","outcome":"N","nim_value":null,"winning_moves":[{"move":"token 2 -> 1","vertex":1},{"move":"token 2 -> 3","vertex":3}]"#
        ), "{json}");
        let all = analyse_all(&input).unwrap();
        assert_eq!(all.winning_starts, [2]);
        assert_eq!(all.losing_starts, [1, 3]);
    }

    #[test]
    fn a_bad_start_is_named() {
        let input = parse(b"3 2\n1 2\n2 3\n", &Limits::default()).unwrap();
        assert_eq!(
            parse_start("4", &input).unwrap_err().to_string(),
            "`start`: vertex 4 is not in 1..=3"
        );
        let err = parse_start("0", &input).unwrap_err();
        assert_eq!(
            crate::request::error::cli_words(&err),
            "--start: vertex 0 is not in 1..=3"
        );
        assert_eq!(
            parse_start("x", &input).unwrap_err().to_string(),
            "`start`: `x` is not a non-negative integer"
        );
    }
}
