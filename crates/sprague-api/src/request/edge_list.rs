//! The undirected edge-list file shared by `hackenbush` and `geography`: a first line `n m`, then
//! `m` lines `u v` (vertices 1..n). Errors name the line; the memory is estimated from `n m` and
//! checked against [`Limits`] before anything is allocated.

use crate::request::error::Error;
use crate::request::limits::Limits;
use crate::request::parse::Numbers;

/// A parsed edge list: the vertex count and the edges, vertices numbered from 0.
#[derive(Clone, Debug)]
pub(crate) struct EdgeList {
    pub(crate) n_vertices: usize,
    pub(crate) edges: Vec<(u32, u32)>,
}

/// What the caller's solver needs per vertex and per edge, for the estimate.
pub(crate) struct Costs {
    /// The game's name, for the refusal message.
    pub(crate) game: &'static str,
    pub(crate) bytes_per_vertex: u64,
    pub(crate) bytes_per_edge: u64,
}

/// Parses the file; `n` must be at least 1.
pub(crate) fn parse(bytes: &[u8], limits: &Limits, costs: &Costs) -> Result<EdgeList, Error> {
    let mut numbers = Numbers {
        bytes,
        pos: 0,
        line: 1,
    };
    let header = || "expected the header `n m`".to_owned();
    let n = numbers.expect(&|| "the vertex count n".into(), &header)?;
    let m = numbers.expect(&|| "the edge count m".into(), &header)?;
    if n == 0 {
        return Err(Error::bad_input(
            "line 1: the vertex count n is 0; expected at least 1",
        ));
    }
    if n >= u32::MAX as u64 || m >= u32::MAX as u64 {
        return Err(Error::too_large(
            crate::request::error::Budget::Size,
            format!(
                "a {} of {n} vertices and {m} edges: at most {} of each are supported",
                costs.game,
                u32::MAX - 1
            ),
        ));
    }
    let estimate = n
        .saturating_mul(costs.bytes_per_vertex)
        .saturating_add(m.saturating_mul(costs.bytes_per_edge));
    limits.check_memory(
        estimate,
        format_args!("a {} of {n} vertices and {m} edges", costs.game),
    )?;
    let (n, m) = (n as usize, m as usize);
    let edges = numbers.read_edges(n, m, ("first", "second"))?;
    if let Some(extra) = numbers.next(&|| "after the edges".into())? {
        return Err(Error::bad_input(format!(
            "line {}: unexpected `{extra}` after the {m} edges",
            numbers.line
        )));
    }
    Ok(EdgeList {
        n_vertices: n,
        edges,
    })
}
