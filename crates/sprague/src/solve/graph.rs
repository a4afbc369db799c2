//! An explicit game graph in compressed sparse row form, and the nim-values of its acyclic part.

use std::fmt;

use crate::value::MexSet;

/// A vertex of a [`GameGraph`], numbered from 0.
pub type Vertex = u32;

/// A directed game graph: a token on a vertex moves along an out-edge; a vertex with no out-edge
/// is a finished game. Cycles are allowed (see [`super::retrograde`] for those).
///
/// Stored as compressed sparse rows: the followers of `v` are `targets[offsets[v]..offsets[v+1]]`.
/// Memory: 4 bytes per edge and 8 per vertex.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameGraph {
    // Invariant: offsets.len() == n + 1, offsets[0] == 0, non-decreasing, last == targets.len().
    offsets: Vec<usize>,
    // Invariant: every target < n.
    targets: Vec<Vertex>,
}

/// Why a graph could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphError {
    /// An edge names a vertex that does not exist.
    VertexOutOfRange {
        /// Index of the edge in the list given.
        edge: usize,
        /// The bad vertex.
        vertex: Vertex,
        /// The number of vertices.
        n_vertices: usize,
    },
    /// More vertices than a [`Vertex`] can number.
    TooManyVertices(usize),
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphError::VertexOutOfRange {
                edge,
                vertex,
                n_vertices,
            } => write!(
                f,
                "edge {} names vertex {vertex}, but the vertices are 0..{n_vertices}",
                edge + 1
            ),
            GraphError::TooManyVertices(n) => {
                write!(
                    f,
                    "{n} vertices is more than the {} supported",
                    Vertex::MAX - 1
                )
            }
        }
    }
}

impl std::error::Error for GraphError {}

/// Marks a vertex whose value is not known yet.
const UNKNOWN: u32 = u32::MAX;
/// Marks a vertex on the current search path.
const ON_PATH: u32 = u32::MAX - 1;

impl GameGraph {
    /// Builds the graph with `n_vertices` vertices from `(from, to)` edges, keeping their order
    /// within each vertex's follower list. Parallel edges and loops are kept.
    ///
    /// # Errors
    ///
    /// [`GraphError`] when a vertex is out of range or there are too many vertices.
    pub fn from_edges(
        n_vertices: usize,
        edges: &[(Vertex, Vertex)],
    ) -> Result<GameGraph, GraphError> {
        if n_vertices >= ON_PATH as usize {
            return Err(GraphError::TooManyVertices(n_vertices));
        }
        let mut offsets = vec![0usize; n_vertices + 1];
        for (idx, &(u, v)) in edges.iter().enumerate() {
            for w in [u, v] {
                if w as usize >= n_vertices {
                    return Err(GraphError::VertexOutOfRange {
                        edge: idx,
                        vertex: w,
                        n_vertices,
                    });
                }
            }
            offsets[u as usize + 1] += 1;
        }
        for idx in 0..n_vertices {
            offsets[idx + 1] += offsets[idx];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0; edges.len()];
        for &(u, v) in edges {
            targets[fill[u as usize]] = v;
            fill[u as usize] += 1;
        }
        Ok(GameGraph { offsets, targets })
    }

    /// Builds a graph from ready-made rows: `offsets` of length n + 1 and `targets`.
    ///
    /// # Errors
    ///
    /// [`GraphError`] when a target is out of range.
    ///
    /// # Panics
    ///
    /// When `offsets` is not a valid row index into `targets` (empty, not starting at 0,
    /// decreasing, or not ending at `targets.len()`).
    pub fn from_rows(offsets: Vec<usize>, targets: Vec<Vertex>) -> Result<GameGraph, GraphError> {
        assert!(
            !offsets.is_empty() && offsets[0] == 0 && offsets[offsets.len() - 1] == targets.len()
        );
        assert!(offsets.windows(2).all(|w| w[0] <= w[1]));
        let n_vertices = offsets.len() - 1;
        if n_vertices >= ON_PATH as usize {
            return Err(GraphError::TooManyVertices(n_vertices));
        }
        if let Some(idx) = targets.iter().position(|&t| t as usize >= n_vertices) {
            return Err(GraphError::VertexOutOfRange {
                edge: idx,
                vertex: targets[idx],
                n_vertices,
            });
        }
        Ok(GameGraph { offsets, targets })
    }

    /// The number of vertices.
    pub fn n_vertices(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The number of edges.
    pub fn n_edges(&self) -> usize {
        self.targets.len()
    }

    /// The followers of `v` (with repeats for parallel edges).
    pub fn followers(&self, v: Vertex) -> &[Vertex] {
        &self.targets[self.offsets[v as usize]..self.offsets[v as usize + 1]]
    }

    /// The graph with every edge reversed: the followers of `v` there are its predecessors here.
    pub fn reversed(&self) -> GameGraph {
        let n = self.n_vertices();
        let mut offsets = vec![0usize; n + 1];
        for &t in &self.targets {
            offsets[t as usize + 1] += 1;
        }
        for idx in 0..n {
            offsets[idx + 1] += offsets[idx];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0; self.targets.len()];
        for u in 0..n as Vertex {
            for &v in self.followers(u) {
                targets[fill[v as usize]] = u;
                fill[v as usize] += 1;
            }
        }
        GameGraph { offsets, targets }
    }

    /// Bytes of heap memory held.
    pub fn memory_usage(&self) -> usize {
        self.offsets.capacity() * std::mem::size_of::<usize>()
            + self.targets.capacity() * std::mem::size_of::<Vertex>()
    }

    /// The nim-values of every vertex reachable from `starts`, by one iterative depth-first search
    /// (no recursion: a path of ten million vertices is fine). Vertices not reached get `None`.
    ///
    /// Returns `None` when a cycle is reachable from `starts`; the loopy solvers in
    /// [`super::retrograde`] handle that case.
    ///
    /// Cost: O(V + E) time over the part reached; 4 bytes per vertex plus the search stack.
    pub fn acyclic_values(&self, starts: &[Vertex]) -> Option<AcyclicValues> {
        let n = self.n_vertices();
        let mut values = vec![UNKNOWN; n];
        // Each entry: a vertex and the index of its next follower to look at.
        let mut stack: Vec<(Vertex, usize)> = Vec::new();
        let mut mex_set = MexSet::new();
        for &start in starts {
            if values[start as usize] != UNKNOWN {
                continue;
            }
            values[start as usize] = ON_PATH;
            stack.push((start, self.offsets[start as usize]));
            while let Some(top) = stack.last_mut() {
                let (v, ref mut next) = *top;
                let end = self.offsets[v as usize + 1];
                let mut descend = None;
                while *next < end {
                    let w = self.targets[*next];
                    match values[w as usize] {
                        UNKNOWN => {
                            descend = Some(w);
                            break;
                        }
                        ON_PATH => return None,
                        _ => *next += 1,
                    }
                }
                if let Some(w) = descend {
                    values[w as usize] = ON_PATH;
                    stack.push((w, self.offsets[w as usize]));
                    continue;
                }
                let followers = self.followers(v);
                let value = mex_set.mex(
                    followers.len(),
                    followers.iter().map(|&w| values[w as usize] as u64),
                );
                values[v as usize] = value as u32;
                stack.pop();
            }
        }
        Some(AcyclicValues { values })
    }
}

/// Nim-values of the vertices reached by [`GameGraph::acyclic_values`].
#[derive(Clone, Debug)]
pub struct AcyclicValues {
    values: Vec<u32>,
}

impl AcyclicValues {
    /// The nim-value of `v`, or `None` when `v` was not reached.
    pub fn value(&self, v: Vertex) -> Option<u64> {
        match self.values[v as usize] {
            UNKNOWN | ON_PATH => None,
            value => Some(value as u64),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_of_ten_million_vertices_needs_no_call_stack() {
        let n = 10_000_000usize;
        let offsets: Vec<usize> = (0..=n).map(|v| v.min(n - 1)).collect();
        let targets: Vec<Vertex> = (1..n as Vertex).collect();
        let graph = GameGraph::from_rows(offsets, targets).unwrap();
        let values = graph.acyclic_values(&[0]).unwrap();
        // The last vertex has no move (value 0); values alternate 1, 0 back to the start.
        assert_eq!(values.value(n as Vertex - 1), Some(0));
        assert_eq!(values.value(0), Some(((n - 1) % 2) as u64));
    }

    #[test]
    fn a_reachable_cycle_is_reported() {
        let graph = GameGraph::from_edges(3, &[(0, 1), (1, 2), (2, 1)]).unwrap();
        assert!(graph.acyclic_values(&[0]).is_none());
        let graph = GameGraph::from_edges(3, &[(0, 1), (2, 2)]).unwrap();
        assert_eq!(graph.acyclic_values(&[0]).unwrap().value(0), Some(1));
    }
}
