//! Maximum matchings in undirected graphs, and which vertices every maximum matching covers.
//!
//! - [`Matching::hopcroft_karp`]: bipartite graphs (grids), O(E √V) (Hopcroft, Karp 1973), with
//!   an iterative depth-first search.
//! - [`Matching::edmonds`]: any graph, by Edmonds' blossom search (1965) from each exposed vertex
//!   after a greedy start; one search is O(V + E) plus O(V) per blossom shrunk, so the whole is
//!   O(V · (V + E)) at worst. Use it when the graph is not bipartite.
//! - [`Matching::search`]: one blossom search from an exposed vertex with some vertices removed,
//!   applied or only tested; it answers "is `v` in every maximum matching?" without re-running the
//!   matching: with `v` matched to `u`, drop the pair and look for an augmenting path from `u` in
//!   the graph without `v` (Berge: the maximum drops iff there is none).
//! - [`Matching::avoidable_bipartite`]: in a bipartite graph, the set D(G) of vertices some maximum
//!   matching leaves exposed, in one alternating breadth-first search from every exposed vertex
//!   (Gallai–Edmonds; in a bipartite graph a vertex is in D(G) iff an even alternating path from
//!   an exposed vertex reaches it).

use std::collections::VecDeque;

const NONE: u32 = u32::MAX;

/// An undirected graph as adjacency rows (loops and repeated edges allowed, ignored by matching).
#[derive(Clone, Debug)]
pub struct UndirectedGraph {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl UndirectedGraph {
    /// The graph on `n` vertices with these edges.
    ///
    /// # Panics
    ///
    /// If an end is not below `n`, or there are 2^31 or more edges.
    pub fn new(n: usize, edges: &[(u32, u32)]) -> UndirectedGraph {
        assert!(edges.len() < (1 << 31));
        let mut offsets = vec![0u32; n + 1];
        for &(u, v) in edges {
            if u != v {
                offsets[u as usize + 1] += 1;
                offsets[v as usize + 1] += 1;
            }
        }
        for idx in 0..n {
            offsets[idx + 1] += offsets[idx];
        }
        let mut fill: Vec<u32> = offsets[..n].to_vec();
        let mut targets = vec![0u32; offsets[n] as usize];
        for &(u, v) in edges {
            if u != v {
                targets[fill[u as usize] as usize] = v;
                fill[u as usize] += 1;
                targets[fill[v as usize] as usize] = u;
                fill[v as usize] += 1;
            }
        }
        UndirectedGraph { offsets, targets }
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Whether there is no vertex.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The neighbours of `v` (loops left out).
    pub fn neighbours(&self, v: usize) -> &[u32] {
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// A 2-colouring (`false`/`true` per vertex) if the graph is bipartite.
    pub fn two_colouring(&self) -> Option<Vec<bool>> {
        let n = self.len();
        let mut colour = vec![u8::MAX; n];
        let mut queue = VecDeque::new();
        for start in 0..n {
            if colour[start] != u8::MAX {
                continue;
            }
            colour[start] = 0;
            queue.push_back(start as u32);
            while let Some(v) = queue.pop_front() {
                for &w in self.neighbours(v as usize) {
                    if colour[w as usize] == u8::MAX {
                        colour[w as usize] = 1 - colour[v as usize];
                        queue.push_back(w);
                    } else if colour[w as usize] == colour[v as usize] {
                        return None;
                    }
                }
            }
        }
        Some(colour.into_iter().map(|c| c == 1).collect())
    }
}

/// A matching: each vertex's partner, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matching {
    mate: Vec<u32>,
}

impl Matching {
    /// The partner of `v`.
    pub fn mate(&self, v: usize) -> Option<usize> {
        (self.mate[v] != NONE).then(|| self.mate[v] as usize)
    }

    /// Drops the pair `v`–`u` from the matching.
    ///
    /// # Panics
    ///
    /// If they are not partners.
    pub fn unmatch(&mut self, v: usize, u: usize) {
        assert!(self.mate[v] == u as u32 && self.mate[u] == v as u32);
        self.mate[v] = NONE;
        self.mate[u] = NONE;
    }

    /// The number of matched pairs.
    pub fn size(&self) -> usize {
        self.mate.iter().filter(|&&m| m != NONE).count() / 2
    }

    /// A maximum matching of a bipartite graph; `side[v]` is the colour of `v`.
    pub fn hopcroft_karp(graph: &UndirectedGraph, side: &[bool]) -> Matching {
        let n = graph.len();
        let mut mate = vec![NONE; n];
        let left: Vec<u32> = (0..n as u32).filter(|&v| !side[v as usize]).collect();
        let mut dist = vec![u32::MAX; n];
        let mut next = vec![0u32; n];
        let mut queue = VecDeque::new();
        let mut stack: Vec<u32> = Vec::new();
        let mut via: Vec<u32> = Vec::new();
        loop {
            // Layers from the exposed left vertices.
            queue.clear();
            for &u in &left {
                if mate[u as usize] == NONE {
                    dist[u as usize] = 0;
                    queue.push_back(u);
                } else {
                    dist[u as usize] = u32::MAX;
                }
            }
            let mut found = false;
            while let Some(u) = queue.pop_front() {
                for &v in graph.neighbours(u as usize) {
                    let w = mate[v as usize];
                    if w == NONE {
                        found = true;
                    } else if dist[w as usize] == u32::MAX {
                        dist[w as usize] = dist[u as usize] + 1;
                        queue.push_back(w);
                    }
                }
            }
            if !found {
                break;
            }
            for &u in &left {
                next[u as usize] = graph.offsets[u as usize];
            }
            for &root in &left {
                if mate[root as usize] != NONE {
                    continue;
                }
                stack.clear();
                via.clear();
                stack.push(root);
                while let Some(&x) = stack.last() {
                    let xi = x as usize;
                    if next[xi] == graph.offsets[xi + 1] {
                        dist[xi] = u32::MAX;
                        stack.pop();
                        via.pop();
                        continue;
                    }
                    let v = graph.targets[next[xi] as usize];
                    next[xi] += 1;
                    let w = mate[v as usize];
                    if w == NONE {
                        via.push(v);
                        for (&a, &b) in stack.iter().zip(&via) {
                            mate[a as usize] = b;
                            mate[b as usize] = a;
                        }
                        break;
                    }
                    if dist[w as usize] == dist[xi].wrapping_add(1) && dist[xi] != u32::MAX {
                        via.push(v);
                        stack.push(w);
                    }
                }
            }
        }
        Matching { mate }
    }

    /// A maximum matching of any graph: greedy, then one blossom search per exposed vertex.
    pub fn edmonds(graph: &UndirectedGraph) -> Matching {
        let n = graph.len();
        let mut matching = Matching {
            mate: vec![NONE; n],
        };
        for v in 0..n {
            if matching.mate[v] != NONE {
                continue;
            }
            if let Some(&w) = graph
                .neighbours(v)
                .iter()
                .find(|&&w| matching.mate[w as usize] == NONE)
            {
                matching.mate[v] = w;
                matching.mate[w as usize] = v as u32;
            }
        }
        let removed = vec![false; n];
        let mut search = BlossomSearch::new(n);
        for v in 0..n {
            // An isolated vertex has no augmenting path, and each search clears arrays of n
            // entries: skipping them keeps a few edges among many vertices cheap (fuzzing found
            // a triangle among 41,848 vertices taking 0.7 s).
            if matching.mate[v] == NONE && !graph.neighbours(v).is_empty() {
                search.run(graph, &mut matching.mate, &removed, v, true);
            }
        }
        matching
    }

    /// Looks for an augmenting path from the exposed vertex `root` avoiding the `removed`
    /// vertices; with `apply`, flips it into the matching. Returns whether one was found.
    pub fn search(
        &mut self,
        graph: &UndirectedGraph,
        removed: &[bool],
        root: usize,
        apply: bool,
    ) -> bool {
        BlossomSearch::new(graph.len()).run(graph, &mut self.mate, removed, root, apply)
    }

    /// Whether some maximum matching of the graph without the `removed` vertices leaves `v`
    /// exposed, given that `self` is a maximum matching of that graph (`v` not removed).
    pub fn is_avoidable(
        &mut self,
        graph: &UndirectedGraph,
        removed: &mut [bool],
        v: usize,
    ) -> bool {
        let u = self.mate[v];
        if u == NONE {
            return true;
        }
        self.mate[v] = NONE;
        self.mate[u as usize] = NONE;
        removed[v] = true;
        let found = self.search(graph, removed, u as usize, false);
        removed[v] = false;
        self.mate[v] = u;
        self.mate[u as usize] = v as u32;
        found
    }

    /// For a maximum matching of a bipartite graph without the `removed` vertices: which vertices
    /// some maximum matching leaves exposed (D(G)).
    pub fn avoidable_bipartite(&self, graph: &UndirectedGraph, removed: &[bool]) -> Vec<bool> {
        let n = graph.len();
        let mut even = vec![false; n];
        let mut queue = VecDeque::new();
        for v in 0..n {
            if !removed[v] && self.mate[v] == NONE {
                even[v] = true;
                queue.push_back(v as u32);
            }
        }
        while let Some(x) = queue.pop_front() {
            for &y in graph.neighbours(x as usize) {
                if removed[y as usize] {
                    continue;
                }
                let z = self.mate[y as usize];
                if z != NONE && z != x && !even[z as usize] {
                    even[z as usize] = true;
                    queue.push_back(z);
                }
            }
        }
        even
    }
}

/// The arrays of one blossom search (kept to avoid reallocating).
struct BlossomSearch {
    parent: Vec<u32>,
    base: Vec<u32>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    on_path: Vec<bool>,
    queue: VecDeque<u32>,
}

impl BlossomSearch {
    fn new(n: usize) -> BlossomSearch {
        BlossomSearch {
            parent: vec![NONE; n],
            base: (0..n as u32).collect(),
            used: vec![false; n],
            blossom: vec![false; n],
            on_path: vec![false; n],
            queue: VecDeque::new(),
        }
    }

    fn lca(&mut self, mate: &[u32], mut a: u32, mut b: u32) -> u32 {
        self.on_path.iter_mut().for_each(|x| *x = false);
        loop {
            a = self.base[a as usize];
            self.on_path[a as usize] = true;
            if mate[a as usize] == NONE {
                break;
            }
            a = self.parent[mate[a as usize] as usize];
        }
        loop {
            b = self.base[b as usize];
            if self.on_path[b as usize] {
                return b;
            }
            b = self.parent[mate[b as usize] as usize];
        }
    }

    fn mark_path(&mut self, mate: &[u32], mut v: u32, b: u32, mut child: u32) {
        while self.base[v as usize] != b {
            let m = mate[v as usize];
            self.blossom[self.base[v as usize] as usize] = true;
            self.blossom[self.base[m as usize] as usize] = true;
            self.parent[v as usize] = child;
            child = m;
            v = self.parent[m as usize];
        }
    }

    fn run(
        &mut self,
        graph: &UndirectedGraph,
        mate: &mut [u32],
        removed: &[bool],
        root: usize,
        apply: bool,
    ) -> bool {
        let n = graph.len();
        self.parent.iter_mut().for_each(|x| *x = NONE);
        self.used.iter_mut().for_each(|x| *x = false);
        for (idx, b) in self.base.iter_mut().enumerate() {
            *b = idx as u32;
        }
        self.queue.clear();
        self.used[root] = true;
        self.queue.push_back(root as u32);
        while let Some(v) = self.queue.pop_front() {
            for &to in graph.neighbours(v as usize) {
                let ti = to as usize;
                if removed[ti] || self.base[v as usize] == self.base[ti] || mate[v as usize] == to {
                    continue;
                }
                let outer =
                    ti == root || (mate[ti] != NONE && self.parent[mate[ti] as usize] != NONE);
                if outer {
                    let current = self.lca(mate, v, to);
                    self.blossom.iter_mut().for_each(|x| *x = false);
                    self.mark_path(mate, v, current, to);
                    self.mark_path(mate, to, current, v);
                    for i in 0..n {
                        if self.blossom[self.base[i] as usize] {
                            self.base[i] = current;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push_back(i as u32);
                            }
                        }
                    }
                } else if self.parent[ti] == NONE {
                    self.parent[ti] = v;
                    if mate[ti] == NONE {
                        if apply {
                            let mut x = to;
                            while x != NONE {
                                let px = self.parent[x as usize];
                                let next = mate[px as usize];
                                mate[x as usize] = px;
                                mate[px as usize] = x;
                                x = next;
                            }
                        }
                        return true;
                    }
                    let m = mate[ti];
                    self.used[m as usize] = true;
                    self.queue.push_back(m);
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::random_multigraph;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// The maximum matching size by trying every subset of edges (small graphs).
    fn brute_size(n: usize, edges: &[(u32, u32)], removed: &[bool]) -> usize {
        fn go(idx: usize, edges: &[(u32, u32)], used: &mut Vec<bool>, removed: &[bool]) -> usize {
            if idx == edges.len() {
                return 0;
            }
            let mut best = go(idx + 1, edges, used, removed);
            let (u, v) = edges[idx];
            let (u, v) = (u as usize, v as usize);
            if u != v && !used[u] && !used[v] && !removed[u] && !removed[v] {
                used[u] = true;
                used[v] = true;
                best = best.max(1 + go(idx + 1, edges, used, removed));
                used[u] = false;
                used[v] = false;
            }
            best
        }
        go(0, edges, &mut vec![false; n], removed)
    }

    #[test]
    fn matchings_are_maximum_and_avoidable_sets_are_right() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..400 {
            let (n, edges) = random_multigraph(&mut rng, 1..=8, 0..=12);
            let graph = UndirectedGraph::new(n, &edges);
            let none = vec![false; n];
            let best = brute_size(n, &edges, &none);
            let mut matching = Matching::edmonds(&graph);
            assert_eq!(matching.size(), best, "{edges:?}");
            let colouring = graph.two_colouring();
            let bipartite = colouring
                .as_ref()
                .map(|side| Matching::hopcroft_karp(&graph, side));
            if let Some(hk) = &bipartite {
                assert_eq!(hk.size(), best, "{edges:?}");
            }
            let mut removed = vec![false; n];
            for v in 0..n {
                let mut without = vec![false; n];
                without[v] = true;
                let expected = brute_size(n, &edges, &without) == best;
                assert_eq!(matching.is_avoidable(&graph, &mut removed, v), expected);
                if let Some(hk) = &bipartite {
                    assert_eq!(hk.avoidable_bipartite(&graph, &none)[v], expected);
                }
            }
        }
    }
}
