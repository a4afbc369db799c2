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
        GameGraph::from_edge_vec(n_vertices, edges.to_vec())
    }

    /// [`GameGraph::from_edges`], taking the edge list by value so its memory is reused.
    ///
    /// The edges are grouped by their start with a stable least-significant-digit radix sort
    /// (digits of at most 11 bits, so two passes up to 4 million vertices): each pass reads and
    /// writes the list in order, where a counting sort over all vertices at once would touch
    /// memory at random for every edge, which is what costs time on large graphs.
    ///
    /// Memory: the list and one scratch list of the same size (8 bytes per edge each), then
    /// 4 bytes per edge and 8 per vertex for the graph.
    ///
    /// # Errors
    ///
    /// [`GraphError`] when a vertex is out of range or there are too many vertices.
    pub fn from_edge_vec(
        n_vertices: usize,
        edges: Vec<(Vertex, Vertex)>,
    ) -> Result<GameGraph, GraphError> {
        if n_vertices >= ON_PATH as usize {
            return Err(GraphError::TooManyVertices(n_vertices));
        }
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
        }
        let edges = sort_by_start(edges, n_vertices, MAX_DIGIT_BITS);
        let mut offsets = vec![0usize; n_vertices + 1];
        // The starts are sorted, so this walks `offsets` in order.
        for &(u, _) in &edges {
            offsets[u as usize + 1] += 1;
        }
        for idx in 0..n_vertices {
            offsets[idx + 1] += offsets[idx];
        }
        let targets = edges.iter().map(|&(_, v)| v).collect();
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
        let mut stack: Vec<Frame> = Vec::new();
        let mut mex_set = MexSet::new();
        let frame = |v: Vertex| Frame {
            vertex: v,
            next: self.offsets[v as usize],
            end: self.offsets[v as usize + 1],
            seen: 0,
        };
        for &start in starts {
            if values[start as usize] != UNKNOWN {
                continue;
            }
            values[start as usize] = ON_PATH;
            stack.push(frame(start));
            while let Some(top) = stack.last_mut() {
                let mut descend = None;
                while top.next < top.end {
                    let w = self.targets[top.next];
                    match values[w as usize] {
                        UNKNOWN => {
                            descend = Some(w);
                            break;
                        }
                        ON_PATH => return None,
                        value => {
                            // Values of 64 and more only matter when the degree is 64 or more,
                            // and then the mex is taken again below with the full set.
                            if value < 64 {
                                top.seen |= 1 << value;
                            }
                            top.next += 1;
                        }
                    }
                }
                if let Some(w) = descend {
                    values[w as usize] = ON_PATH;
                    stack.push(frame(w));
                    continue;
                }
                let v = top.vertex;
                let followers = self.followers(v);
                let value = if followers.len() < 64 {
                    // The mex of fewer than 64 values is below 64: the bits seen settle it.
                    (!top.seen).trailing_zeros() as u64
                } else {
                    mex_set.mex(
                        followers.len(),
                        followers.iter().map(|&w| values[w as usize] as u64),
                    )
                };
                values[v as usize] = value as u32;
                stack.pop();
            }
        }
        Some(AcyclicValues { values })
    }
}

/// The widest digit [`sort_by_start`] uses: 2048 counters, which stay in the first-level cache.
const MAX_DIGIT_BITS: u32 = 11;

/// Sorts edges by their start, stably (edges with the same start keep their order), by a
/// least-significant-digit radix sort with digits of at most `max_digit_bits` bits. Every start
/// must be below `n_vertices`.
fn sort_by_start(
    mut edges: Vec<(Vertex, Vertex)>,
    n_vertices: usize,
    max_digit_bits: u32,
) -> Vec<(Vertex, Vertex)> {
    let key_bits = usize::BITS - n_vertices.saturating_sub(1).leading_zeros();
    if key_bits == 0 || edges.len() < 2 {
        return edges;
    }
    let passes = key_bits.div_ceil(max_digit_bits);
    // Spread the key evenly over the passes: fewer counters, same number of passes.
    let digit_bits = key_bits.div_ceil(passes);
    let mask = (1usize << digit_bits) - 1;
    let mut scratch = vec![(0, 0); edges.len()];
    let mut counts = vec![0usize; mask + 1];
    for pass in 0..passes {
        let shift = pass * digit_bits;
        let digit = |u: Vertex| (u as usize >> shift) & mask;
        counts.fill(0);
        for &(u, _) in &edges {
            counts[digit(u)] += 1;
        }
        let mut next = 0;
        for count in counts.iter_mut() {
            let here = *count;
            *count = next;
            next += here;
        }
        for &edge in &edges {
            let slot = &mut counts[digit(edge.0)];
            scratch[*slot] = edge;
            *slot += 1;
        }
        std::mem::swap(&mut edges, &mut scratch);
    }
    edges
}

/// A vertex on the search path of [`GameGraph::acyclic_values`].
struct Frame {
    vertex: Vertex,
    /// Index in `targets` of the next follower to look at.
    next: usize,
    /// End of the vertex's row in `targets`.
    end: usize,
    /// Bit `x` set when a follower looked at so far has value `x < 64`.
    seen: u64,
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
    use proptest::prelude::*;

    use super::*;

    /// Nim-values by plain recursion with a memo, the test reference.
    fn values_by_recursion(followers: &[Vec<Vertex>]) -> Vec<u64> {
        fn value(v: usize, followers: &[Vec<Vertex>], memo: &mut [Option<u64>]) -> u64 {
            if let Some(x) = memo[v] {
                return x;
            }
            let seen: Vec<u64> = followers[v]
                .iter()
                .map(|&w| value(w as usize, followers, memo))
                .collect();
            let x = (0..).find(|x| !seen.contains(x)).unwrap();
            memo[v] = Some(x);
            x
        }
        let mut memo = vec![None; followers.len()];
        (0..followers.len())
            .map(|v| value(v, followers, &mut memo))
            .collect()
    }

    /// A DAG on `n` vertices, edges from lower to higher numbers; `picks[v]` chooses v's
    /// followers (with repeats).
    fn dag_rows(n: usize, picks: &[Vec<prop::sample::Index>]) -> Vec<Vec<Vertex>> {
        (0..n)
            .map(|v| {
                let above = n - v - 1;
                if above == 0 {
                    return Vec::new();
                }
                picks[v]
                    .iter()
                    .map(|i| (v + 1 + i.index(above)) as Vertex)
                    .collect()
            })
            .collect()
    }

    fn edges_of(rows: &[Vec<Vertex>]) -> Vec<(Vertex, Vertex)> {
        rows.iter()
            .enumerate()
            .flat_map(|(v, row)| row.iter().map(move |&w| (v as Vertex, w)))
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Degrees up to 150 and values past 64 exercise both ways the search takes a mex.
        #[test]
        fn acyclic_values_agree_with_recursion_on_dense_dags(
            n in 1usize..160,
            picks in prop::collection::vec(prop::collection::vec(any::<prop::sample::Index>(), 0..150), 160),
        ) {
            let rows = dag_rows(n, &picks);
            // Shuffle the edge list so the rows are built from unsorted input.
            let mut edges = edges_of(&rows);
            edges.reverse();
            let graph = GameGraph::from_edges(n, &edges).unwrap();
            let expected = values_by_recursion(
                &(0..n as Vertex).map(|v| graph.followers(v).to_vec()).collect::<Vec<_>>(),
            );
            let values = graph.acyclic_values(&[0]).unwrap();
            let all = graph.acyclic_values(&(0..n as Vertex).rev().collect::<Vec<_>>()).unwrap();
            for (v, &x) in expected.iter().enumerate() {
                prop_assert_eq!(all.value(v as Vertex), Some(x));
                if let Some(reached) = values.value(v as Vertex) {
                    prop_assert_eq!(reached, x);
                }
            }
            prop_assert_eq!(values.value(0), Some(expected[0]));
        }

        /// The radix sort is a stable sort by start, whatever the digit width and pass count.
        #[test]
        fn sorting_by_start_is_a_stable_sort(
            n in 1usize..3000,
            raw in prop::collection::vec((any::<prop::sample::Index>(), any::<u32>()), 0..400),
            digit_bits in 1u32..=MAX_DIGIT_BITS,
        ) {
            let edges: Vec<(Vertex, Vertex)> =
                raw.iter().map(|(i, tag)| (i.index(n) as Vertex, *tag)).collect();
            let mut expected = edges.clone();
            expected.sort_by_key(|e| e.0);
            prop_assert_eq!(sort_by_start(edges, n, digit_bits), expected);
        }

        /// The graph built by the radix sort is the one a counting sort builds.
        #[test]
        fn rows_keep_the_order_of_the_edge_list(
            n in 1usize..3000,
            raw in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>()), 0..400),
        ) {
            let edges: Vec<(Vertex, Vertex)> = raw
                .iter()
                .map(|(a, b)| (a.index(n) as Vertex, b.index(n) as Vertex))
                .collect();
            let graph = GameGraph::from_edge_vec(n, edges.clone()).unwrap();
            let mut rows = vec![Vec::new(); n];
            for &(u, v) in &edges {
                rows[u as usize].push(v);
            }
            let offsets: Vec<usize> = std::iter::once(0)
                .chain(rows.iter().scan(0, |acc, row| {
                    *acc += row.len();
                    Some(*acc)
                }))
                .collect();
            let expected = GameGraph::from_rows(offsets, rows.concat()).unwrap();
            prop_assert_eq!(graph, expected);
        }
    }

    #[test]
    fn bad_edges_are_reported_before_sorting() {
        assert_eq!(
            GameGraph::from_edge_vec(3, vec![(0, 1), (1, 3)]),
            Err(GraphError::VertexOutOfRange {
                edge: 1,
                vertex: 3,
                n_vertices: 3
            })
        );
        assert_eq!(GameGraph::from_edge_vec(0, vec![]).unwrap().n_vertices(), 0);
        assert_eq!(
            GameGraph::from_edge_vec(1, vec![(0, 0)]).unwrap().n_edges(),
            1
        );
    }

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
