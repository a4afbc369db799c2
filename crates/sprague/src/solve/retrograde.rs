//! Games with cycles: outcomes by retrograde analysis, and Smith's generalised nim-values.
//!
//! Retrograde analysis works backwards from the finished positions: a vertex with no move is lost
//! (`P`); a vertex with a lost follower is won (`N`); a vertex all of whose followers are won is lost;
//! whatever is never labelled can be kept from ending by both players, a draw (`D`). O(V + E).
//!
//! Outcomes of a single token do not add up over a sum of tokens; generalised nim-values do.
//! [`generalized_values`] computes them by the algorithm of Fraenkel and Yesha ("The generalized
//! Sprague–Grundy function and its invariance under certain mappings", J. Combin. Theory A 43,
//! 1986), one round per finite value `m`:
//!
//! 1. while some unlabelled vertex `u` has no follower labelled `m`, and each of its followers that
//!    is unlabelled or labelled `∞` has a follower labelled `m`, label `u` with `m`;
//! 2. label `∞` every unlabelled vertex with no follower labelled `m`;
//! 3. go on with `m + 1` while unlabelled vertices remain.
//!
//! Each round is linear with counters (a vertex waits for its last uncovered follower to become
//! covered), so the cost is O((V + E)·(g + 1)) with `g` the largest finite value, which is at
//! most about `sqrt(2E)`.

use super::GameGraph;
use crate::value::{LoopyValue, Nimber, Outcome};

/// The outcome of a single token on each vertex: `P`, `N` or `D`.
pub fn outcomes(graph: &GameGraph) -> Vec<Outcome> {
    let n = graph.n_vertices();
    let reverse = graph.reversed();
    // 0 unknown, 1 lost (P), 2 won (N).
    let mut state = vec![0u8; n];
    let mut waiting: Vec<usize> = (0..n as u32).map(|v| graph.followers(v).len()).collect();
    let mut queue: Vec<u32> = (0..n as u32)
        .filter(|&v| waiting[v as usize] == 0)
        .collect();
    for &v in &queue {
        state[v as usize] = 1;
    }
    while let Some(v) = queue.pop() {
        let lost = state[v as usize] == 1;
        for &p in reverse.followers(v) {
            if state[p as usize] != 0 {
                continue;
            }
            if lost {
                state[p as usize] = 2;
                queue.push(p);
            } else {
                waiting[p as usize] -= 1;
                if waiting[p as usize] == 0 {
                    state[p as usize] = 1;
                    queue.push(p);
                }
            }
        }
    }
    state
        .into_iter()
        .map(|s| match s {
            1 => Outcome::P,
            2 => Outcome::N,
            _ => Outcome::D,
        })
        .collect()
}

const UNLABELLED: u32 = u32::MAX;
const INFINITE: u32 = u32::MAX - 1;

/// Generalised nim-values of every vertex of a graph, from [`generalized_values`].
#[derive(Clone, Debug)]
pub struct LoopyValues<'g> {
    graph: &'g GameGraph,
    // Invariant: a finite value, or INFINITE.
    labels: Vec<u32>,
}

impl LoopyValues<'_> {
    /// The finite value of `v`, or `None` for `∞`.
    pub fn finite(&self, v: u32) -> Option<Nimber> {
        match self.labels[v as usize] {
            INFINITE => None,
            value => Some(Nimber::new(value as u64)),
        }
    }

    /// The generalised value of `v`: finite, or `∞(K)` with `K` the finite values of its followers.
    pub fn value(&self, v: u32) -> LoopyValue {
        match self.finite(v) {
            Some(value) => LoopyValue::Finite(value),
            None => LoopyValue::infinite(
                self.graph
                    .followers(v)
                    .iter()
                    .filter_map(|&w| self.finite(w))
                    .collect(),
            ),
        }
    }

    /// Bytes of heap memory held.
    pub fn memory_usage(&self) -> usize {
        self.labels.capacity() * 4
    }
}

/// The generalised nim-value of every vertex (see the module documentation for the algorithm).
pub fn generalized_values(graph: &GameGraph) -> LoopyValues<'_> {
    let n = graph.n_vertices();
    let reverse = graph.reversed();
    let mut labels = vec![UNLABELLED; n];
    // covered[v] == round + 1 when v has a follower labelled with this round's value.
    let mut covered = vec![0u32; n];
    // For an unlabelled vertex: its followers that are unlabelled or ∞ and not yet covered.
    let mut waiting = vec![0u32; n];
    let mut remaining: Vec<u32> = (0..n as u32).collect();
    let mut queue = Vec::new();
    let mut round = 0u32;
    while !remaining.is_empty() {
        let stamp = round + 1;
        for &u in &remaining {
            let count = graph
                .followers(u)
                .iter()
                .filter(|&&w| matches!(labels[w as usize], UNLABELLED | INFINITE))
                .count();
            waiting[u as usize] = count as u32;
            if count == 0 {
                queue.push(u);
            }
        }
        while let Some(u) = queue.pop() {
            if labels[u as usize] != UNLABELLED || covered[u as usize] == stamp {
                continue;
            }
            labels[u as usize] = round;
            for &p in reverse.followers(u) {
                if covered[p as usize] == stamp {
                    continue;
                }
                covered[p as usize] = stamp;
                if matches!(labels[p as usize], UNLABELLED | INFINITE) {
                    for &q in reverse.followers(p) {
                        if labels[q as usize] == UNLABELLED {
                            waiting[q as usize] -= 1;
                            if waiting[q as usize] == 0 && covered[q as usize] != stamp {
                                queue.push(q);
                            }
                        }
                    }
                }
            }
        }
        remaining.retain(|&u| {
            if labels[u as usize] != UNLABELLED {
                return false;
            }
            if covered[u as usize] != stamp {
                labels[u as usize] = INFINITE;
                return false;
            }
            true
        });
        round += 1;
    }
    LoopyValues { graph, labels }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(u32, u32)]) -> GameGraph {
        GameGraph::from_edges(n, edges).unwrap()
    }

    #[test]
    fn a_lone_self_loop_is_a_draw() {
        let g = graph(1, &[(0, 0)]);
        assert_eq!(outcomes(&g), vec![Outcome::D]);
        assert_eq!(
            generalized_values(&g).value(0),
            LoopyValue::Infinite(vec![])
        );
    }

    #[test]
    fn a_cycle_with_an_exit_to_a_lost_vertex_is_won() {
        // 0 <-> 1, and 1 -> 2 where 2 is finished.
        let g = graph(3, &[(0, 1), (1, 0), (1, 2)]);
        assert_eq!(outcomes(&g), vec![Outcome::P, Outcome::N, Outcome::P]);
        let values = generalized_values(&g);
        assert_eq!(values.value(0), LoopyValue::Finite(Nimber::new(0)));
        assert_eq!(values.value(1), LoopyValue::Finite(Nimber::new(1)));
    }
}
