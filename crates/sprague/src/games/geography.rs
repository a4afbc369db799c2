//! Undirected vertex geography: a token on a vertex of an undirected graph; a move slides it to a
//! neighbour not visited before (the start counts as visited); whoever cannot move loses.
//!
//! # Theorem
//!
//! The player to move from `v` wins iff `v` is covered by every maximum matching of the graph
//! (Fraenkel, Scheinerman, Ullman 1993, "Undirected edge geography"; seed notes 002 for the
//! bipartite board games, JSOI2009 and BZOJ 2463). The winner's strategy: always move along the
//! matching edge; if some maximum matching leaves `v` exposed, the opponent plays that strategy.
//!
//! A move to `w` leaves the game on the graph without `v`, token on `w`: it wins iff `w` is *not* in
//! every maximum matching of `G − v`.
//!
//! # Cost
//!
//! One maximum matching (Hopcroft–Karp if the graph is bipartite, else Edmonds' blossoms, see
//! [`crate::solve::matching`]). Then: the start's outcome is one search from its partner; the
//! winning moves reuse the matching (dropping the start and re-augmenting once gives a maximum
//! matching of `G − v`), then one alternating search (bipartite: one breadth-first pass for all
//! neighbours; otherwise one blossom search per neighbour). Every start at once: one pass on a
//! bipartite graph, one search per vertex otherwise.

use crate::solve::matching::{Matching, UndirectedGraph};

/// A geography board: the graph and one maximum matching of it.
#[derive(Clone, Debug)]
pub struct Geography {
    graph: UndirectedGraph,
    side: Option<Vec<bool>>,
    matching: Matching,
}

impl Geography {
    /// The board on vertices `0..n` with these undirected edges (loops and repeated edges are
    /// allowed and change nothing: a loop never leads to an unvisited vertex).
    ///
    /// # Panics
    ///
    /// If an end is not below `n`.
    pub fn new(n: usize, edges: &[(u32, u32)]) -> Geography {
        let graph = UndirectedGraph::new(n, edges);
        let side = graph.two_colouring();
        let matching = match &side {
            Some(side) => Matching::hopcroft_karp(&graph, side),
            None => Matching::edmonds(&graph),
        };
        Geography {
            graph,
            side,
            matching,
        }
    }

    /// Whether the graph is bipartite (the fast paths apply).
    pub fn is_bipartite(&self) -> bool {
        self.side.is_some()
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.graph.len()
    }

    /// Whether the board has no vertex.
    pub fn is_empty(&self) -> bool {
        self.graph.is_empty()
    }

    /// The size of a maximum matching.
    pub fn matching_size(&self) -> usize {
        self.matching.size()
    }

    /// Whether the player to move wins with the token on `start` (visited).
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague::games::geography::Geography;
    /// // A path 0 - 1 - 2: from an end the mover goes to the middle, the opponent to the other
    /// // end, and the mover is stuck; from the middle the mover goes to an end and wins.
    /// let mut path = Geography::new(3, &[(0, 1), (1, 2)]);
    /// assert!(!path.wins_from(0));
    /// assert!(path.wins_from(1));
    /// ```
    pub fn wins_from(&mut self, start: usize) -> bool {
        let mut removed = vec![false; self.graph.len()];
        !self.matching.is_avoidable(&self.graph, &mut removed, start)
    }

    /// The winning moves from `start`: the neighbours (ascending, each once) to which moving
    /// leaves the opponent lost.
    pub fn winning_moves(&self, start: usize) -> Vec<usize> {
        let n = self.graph.len();
        let mut removed = vec![false; n];
        removed[start] = true;
        let mut matching = self.matching.clone();
        if let Some(u) = matching.mate(start) {
            matching.unmatch(start, u);
            matching.search(&self.graph, &removed, u, true);
        }
        let mut targets: Vec<usize> = self
            .graph
            .neighbours(start)
            .iter()
            .map(|&w| w as usize)
            .collect();
        targets.sort_unstable();
        targets.dedup();
        if self.is_bipartite() {
            let avoidable = matching.avoidable_bipartite(&self.graph, &removed);
            targets.retain(|&w| avoidable[w]);
        } else {
            targets.retain(|&w| matching.is_avoidable(&self.graph, &mut removed, w));
        }
        targets
    }

    /// For every vertex, whether the player to move wins with the token starting there.
    pub fn winning_starts(&mut self) -> Vec<bool> {
        let n = self.graph.len();
        let removed = vec![false; n];
        if self.is_bipartite() {
            let avoidable = self.matching.avoidable_bipartite(&self.graph, &removed);
            return avoidable.into_iter().map(|a| !a).collect();
        }
        (0..n).map(|v| self.wins_from(v)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::random_multigraph;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Whether the mover wins from `v` with `visited` (a bit mask, `v` in it), by plain search.
    fn brute(adjacent: &[Vec<usize>], v: usize, visited: u32) -> bool {
        adjacent[v]
            .iter()
            .any(|&w| visited >> w & 1 == 0 && !brute(adjacent, w, visited | 1 << w))
    }

    fn check(n: usize, edges: &[(u32, u32)]) {
        let mut adjacent = vec![Vec::new(); n];
        for &(u, v) in edges {
            adjacent[u as usize].push(v as usize);
            adjacent[v as usize].push(u as usize);
        }
        let mut game = Geography::new(n, edges);
        let starts = game.winning_starts();
        for v in 0..n {
            let wins = brute(&adjacent, v, 1 << v);
            assert_eq!(game.wins_from(v), wins, "{edges:?} from {v}");
            assert_eq!(starts[v], wins, "{edges:?} --all at {v}");
            let mut expected: Vec<usize> = adjacent[v]
                .iter()
                .copied()
                .filter(|&w| w != v && !brute(&adjacent, w, 1 << v | 1 << w))
                .collect();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(game.winning_moves(v), expected, "{edges:?} from {v}");
        }
    }

    #[test]
    fn agrees_with_search_on_random_graphs() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for round in 0..600 {
            let (n, mut edges) = random_multigraph(&mut rng, 1..=9, 0..=14);
            if round % 2 == 0 {
                // Bipartite: even to odd only.
                for (u, v) in &mut edges {
                    *v = (*v & !1) | (!*u & 1);
                    if *v as usize >= n {
                        *v = *u;
                    }
                }
            }
            check(n, &edges);
        }
    }

    #[test]
    fn bzoj_2463_corner_of_an_n_by_n_board() {
        // BZOJ 2463: the first player wins from a corner of an n × n board iff n is even.
        for side in 1..=6usize {
            let id = |r: usize, c: usize| (r * side + c) as u32;
            let mut edges = Vec::new();
            for r in 0..side {
                for c in 0..side {
                    if r + 1 < side {
                        edges.push((id(r, c), id(r + 1, c)));
                    }
                    if c + 1 < side {
                        edges.push((id(r, c), id(r, c + 1)));
                    }
                }
            }
            let mut game = Geography::new(side * side, &edges);
            assert_eq!(game.wins_from(0), side % 2 == 0, "{side}");
        }
    }
}
