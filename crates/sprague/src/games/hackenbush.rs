//! Green Hackenbush: a graph standing on the ground; a move cuts one edge, and everything that no
//! longer reaches the ground falls away. Whoever cannot cut loses.
//!
//! The graph is any undirected multigraph, loops and parallel edges allowed; vertex 0 is the
//! ground (vertex 1 in files).
//!
//! # Theorems
//!
//! - *Colon principle* (Winning Ways, ch. 7; Berlekamp, Conway, Guy): on a rooted tree, the value
//!   of a vertex is the XOR over its children of (child's value + 1). A stalk of k edges is *k.
//! - *Fusion principle* (Winning Ways, ch. 7): the two ends of any cycle may be fused into one
//!   vertex without changing the value; the cycle's edges become loops, each worth *1 as a leaf
//!   edge. Fusing repeatedly, every two-edge-connected component becomes one vertex carrying one
//!   loop per edge inside it (XOR: their number mod 2), and the bridges form a tree solved by the
//!   colon principle. Parts not joined to the ground do not count.
//!
//! # Algorithm and cost
//!
//! One iterative depth-first search from the ground (no recursion: paths of a million edges occur)
//! finds the bridges by Tarjan's low-link rule, with the parent edge skipped by *edge id* so that a
//! parallel edge counts as a cycle of length 2. In preorder the vertices get their components; in
//! reverse preorder each vertex gets the XOR of its component-subtree (the parity of the edges it
//! owns, plus (value + 1) of each component hanging from it by a bridge). O(n + m) time and about
//! 60 bytes per edge.
//!
//! Winning moves, without re-solving per edge: a top-down pass gives, per component, the value it
//! would need for the whole graph to become 0 (`need`), exactly like the tree rule walked upwards.
//! Cutting a bridge is then an O(1) check. Cutting an edge `e` inside a component leaves the
//! component connected; its new bridges are exactly the edges `f` with {e, f} a 2-edge cut. These
//! classes are found with random 128-bit labels on the non-tree edges (a tree edge's label is the
//! XOR of the labels of the non-tree edges covering it; two edges form a cut exactly when their
//! label vectors agree, and a wrong agreement of the random labels has probability about 2^-128
//! per pair). An edge in no 2-edge cut leaves the component 2-edge-connected with one loop fewer:
//! its value flips bit 0. A class of k edges cuts the component into k pieces in a cycle; each
//! piece's own value comes in O(1) from the subtree XORs, and each of the k cuts is valued by
//! walking the two chains of pieces; a run of pieces worth 0 adds its length in one step, so a cut
//! costs O(z + 1) with z the pieces of the class worth something. Total: O(m log m + Σ k·(z + 1))
//! over the classes that matter, bounded by a budget given by the caller; cuts beyond the budget
//! are reported as not examined. A plain cycle of 10^6 edges costs 10^6 steps; the worst case is a
//! long cycle with something hanging from every vertex (k·z = 10^12 for k = 10^6).

use std::collections::HashMap;

use crate::Impartial;

const NONE: u32 = u32::MAX;

/// A Green Hackenbush position: vertices `0..n_vertices` (0 is the ground) and edges, each an
/// unordered pair; loops and parallel edges allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hackenbush {
    n_vertices: usize,
    // Invariant: both ends are < n_vertices, and n_vertices < u32::MAX, edges.len() < u32::MAX.
    edges: Vec<(u32, u32)>,
}

impl Hackenbush {
    /// The position with these edges, or `None` when an end is not a vertex, there is no vertex
    /// (the ground must exist), or there are `u32::MAX` or more vertices or edges.
    pub fn new(n_vertices: usize, edges: Vec<(u32, u32)>) -> Option<Hackenbush> {
        if n_vertices == 0 || n_vertices >= NONE as usize || edges.len() >= NONE as usize {
            return None;
        }
        if edges
            .iter()
            .any(|&(u, v)| u as usize >= n_vertices || v as usize >= n_vertices)
        {
            return None;
        }
        Some(Hackenbush { n_vertices, edges })
    }

    /// The number of vertices, the ground included.
    pub fn n_vertices(&self) -> usize {
        self.n_vertices
    }

    /// The edges, in the order given.
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// The nim-value, by the fusion and colon principles, in O(n + m).
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague::games::hackenbush::Hackenbush;
    /// // A triangle on the ground: an odd cycle fuses to a loop, *1.
    /// let triangle = Hackenbush::new(3, vec![(0, 1), (1, 2), (2, 0)]).unwrap();
    /// assert_eq!(triangle.grundy_value(), 1);
    /// // A stalk of two edges, and a loop at its top: 2 xor ... = the top has value 1, so 1 + 1.
    /// let stalk = Hackenbush::new(3, vec![(0, 1), (1, 2), (2, 2)]).unwrap();
    /// assert_eq!(stalk.grundy_value(), 3);
    /// ```
    pub fn grundy_value(&self) -> u64 {
        Structure::build(self).total()
    }
}

/// What cutting one edge does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// The edge is not joined to the ground: cutting it changes nothing.
    Detached,
    /// The whole graph's nim-value after the cut.
    Value(u64),
    /// Not examined: the work would pass the budget.
    NotExamined,
}

/// The answer for a position: its nim-value and every winning cut.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HackenbushAnalysis {
    /// The nim-value.
    pub value: u64,
    /// Every edge (0-based index) whose cut leaves a position of value 0, ascending.
    pub winning_edges: Vec<usize>,
    /// How many edges were not examined because of the budget (0 when the list is complete).
    pub not_examined: usize,
}

/// The value and every winning cut. `budget` bounds Σ k·(z + 1) over the classes of 2-edge cuts
/// that must be walked (see the module docs); cuts beyond it are counted in
/// [`HackenbushAnalysis::not_examined`].
pub fn analyse(game: &Hackenbush, budget: u64) -> HackenbushAnalysis {
    let structure = Structure::build(game);
    let value = structure.total();
    if value == 0 {
        return HackenbushAnalysis {
            value,
            winning_edges: Vec::new(),
            not_examined: 0,
        };
    }
    let need = structure.needs();
    let wanted: Vec<bool> = need.iter().map(Option::is_some).collect();
    let mut winning_edges = Vec::new();
    let mut not_examined = 0;
    for (edge, cut) in structure
        .local_cuts(&wanted, budget)
        .into_iter()
        .enumerate()
    {
        match cut {
            LocalCut::Component { comp, value } => {
                if need[comp as usize] == Some(value) {
                    winning_edges.push(edge);
                }
            }
            LocalCut::NotExamined => not_examined += 1,
            LocalCut::Skipped | LocalCut::Detached => {}
        }
    }
    HackenbushAnalysis {
        value,
        winning_edges,
        not_examined,
    }
}

/// The value after every single cut, or `None` when the work (the walks up the tree of components
/// plus Σ k·(z + 1)) would pass `budget`.
pub fn values_after_cuts(game: &Hackenbush, budget: u64) -> Option<Vec<Cut>> {
    let structure = Structure::build(game);
    // Each cut walks from its component up to the ground's.
    let depth = structure.comp_depths();
    let walk: u64 = game
        .edges
        .iter()
        .map(|&(u, _)| match structure.comp[u as usize] {
            NONE => 0,
            c => depth[c as usize] as u64 + 1,
        })
        .sum();
    if walk > budget {
        return None;
    }
    let wanted = vec![true; structure.heads.len()];
    let mut res = Vec::with_capacity(game.edges.len());
    for cut in structure.local_cuts(&wanted, budget - walk) {
        res.push(match cut {
            LocalCut::Detached => Cut::Detached,
            LocalCut::Skipped | LocalCut::NotExamined => return None,
            LocalCut::Component { comp, value } => Cut::Value(structure.walk_up(comp, value)),
        });
    }
    Some(res)
}

/// What a cut does to the component it changes.
#[derive(Clone, Copy, Debug)]
enum LocalCut {
    Detached,
    /// The component was not asked for.
    Skipped,
    NotExamined,
    /// The component `comp` (of the fused tree) gets value `value`; every other component keeps
    /// its own part, so the total follows by walking up.
    Component {
        comp: u32,
        value: u64,
    },
}

/// The depth-first search and the fused tree.
struct Structure<'g> {
    game: &'g Hackenbush,
    /// Reached vertices in preorder; `disc[v]` is the index of `v` here (NONE: not reached).
    order: Vec<u32>,
    disc: Vec<u32>,
    /// The tree edge to the parent (NONE for the ground and unreached vertices).
    parent_edge: Vec<u32>,
    is_bridge: Vec<bool>,
    /// Component of each vertex (NONE: not reached); components numbered in preorder of heads.
    comp: Vec<u32>,
    /// The first vertex of each component in preorder (the ground for component 0).
    heads: Vec<u32>,
    /// XOR over the vertex's descendants in its own component of: the parity of the non-bridge
    /// edges each owns (an edge is owned by its end found later), and (value + 1) of each
    /// component hanging below by a bridge. At a head it is the component's value.
    sc: Vec<u64>,
}

impl<'g> Structure<'g> {
    fn build(game: &'g Hackenbush) -> Structure<'g> {
        let n = game.n_vertices;
        let edges = &game.edges;
        let mut offsets = vec![0u32; n + 1];
        for &(u, v) in edges {
            offsets[u as usize + 1] += 1;
            offsets[v as usize + 1] += 1;
        }
        for idx in 0..n {
            offsets[idx + 1] += offsets[idx];
        }
        let mut fill: Vec<u32> = offsets[..n].to_vec();
        let mut adjacency = vec![0u32; edges.len() * 2];
        for (e, &(u, v)) in edges.iter().enumerate() {
            adjacency[fill[u as usize] as usize] = e as u32;
            fill[u as usize] += 1;
            adjacency[fill[v as usize] as usize] = e as u32;
            fill[v as usize] += 1;
        }
        // `fill` becomes the next adjacency slot to look at.
        fill.copy_from_slice(&offsets[..n]);
        let other = |e: u32, v: u32| {
            let (a, b) = edges[e as usize];
            if a == v {
                b
            } else {
                a
            }
        };
        let mut disc = vec![NONE; n];
        let mut low = vec![0u32; n];
        let mut parent_edge = vec![NONE; n];
        let mut is_bridge = vec![false; edges.len()];
        let mut order = Vec::new();
        let mut stack = vec![0u32];
        disc[0] = 0;
        low[0] = 0;
        order.push(0);
        while let Some(&v) = stack.last() {
            let vi = v as usize;
            if fill[vi] < offsets[vi + 1] {
                let e = adjacency[fill[vi] as usize];
                fill[vi] += 1;
                if e == parent_edge[vi] {
                    continue;
                }
                let w = other(e, v) as usize;
                if disc[w] == NONE {
                    disc[w] = order.len() as u32;
                    low[w] = disc[w];
                    parent_edge[w] = e;
                    order.push(w as u32);
                    stack.push(w as u32);
                } else if disc[w] < low[vi] {
                    low[vi] = disc[w];
                }
            } else {
                stack.pop();
                if let Some(&p) = stack.last() {
                    let p = p as usize;
                    if low[vi] < low[p] {
                        low[p] = low[vi];
                    }
                    if low[vi] > disc[p] {
                        is_bridge[parent_edge[vi] as usize] = true;
                    }
                }
            }
        }
        drop((adjacency, offsets, fill, low, stack));
        let mut comp = vec![NONE; n];
        let mut heads = vec![0u32];
        comp[0] = 0;
        for &v in &order[1..] {
            let pe = parent_edge[v as usize];
            let p = other(pe, v);
            comp[v as usize] = if is_bridge[pe as usize] {
                heads.push(v);
                heads.len() as u32 - 1
            } else {
                comp[p as usize]
            };
        }
        let mut sc = vec![0u64; n];
        for (e, &(u, v)) in edges.iter().enumerate() {
            if disc[u as usize] == NONE || is_bridge[e] {
                continue;
            }
            let owner = if disc[u as usize] > disc[v as usize] {
                u
            } else {
                v
            };
            sc[owner as usize] ^= 1;
        }
        for &v in order[1..].iter().rev() {
            let pe = parent_edge[v as usize];
            let p = other(pe, v) as usize;
            let part = sc[v as usize];
            if is_bridge[pe as usize] {
                sc[p] ^= part + 1;
            } else {
                sc[p] ^= part;
            }
        }
        Structure {
            game,
            order,
            disc,
            parent_edge,
            is_bridge,
            comp,
            heads,
            sc,
        }
    }

    fn total(&self) -> u64 {
        self.sc[0]
    }

    fn other(&self, e: u32, v: u32) -> u32 {
        let (a, b) = self.game.edges[e as usize];
        if a == v {
            b
        } else {
            a
        }
    }

    fn value(&self, comp: u32) -> u64 {
        self.sc[self.heads[comp as usize] as usize]
    }

    /// The component above `comp` in the fused tree (`comp` != 0).
    fn parent_comp(&self, comp: u32) -> u32 {
        let head = self.heads[comp as usize];
        self.comp[self.other(self.parent_edge[head as usize], head) as usize]
    }

    /// Per component, the value it would need for the whole graph to be worth 0, the rest being
    /// unchanged (`None`: no value will do).
    fn needs(&self) -> Vec<Option<u64>> {
        let mut need = vec![None; self.heads.len()];
        need[0] = Some(0);
        for c in 1..self.heads.len() as u32 {
            let parent = self.parent_comp(c);
            if let Some(x) = need[parent as usize] {
                let t = x ^ self.value(parent) ^ (self.value(c) + 1);
                need[c as usize] = t.checked_sub(1);
            }
        }
        need
    }

    fn comp_depths(&self) -> Vec<u32> {
        let mut depth = vec![0u32; self.heads.len()];
        for c in 1..self.heads.len() as u32 {
            depth[c as usize] = depth[self.parent_comp(c) as usize] + 1;
        }
        depth
    }

    /// The total after component `comp` takes value `value`.
    fn walk_up(&self, mut comp: u32, mut value: u64) -> u64 {
        while comp != 0 {
            let parent = self.parent_comp(comp);
            value = self.value(parent) ^ (self.value(comp) + 1) ^ (value + 1);
            comp = parent;
        }
        value
    }

    /// For each edge, the component whose value its cut changes and that new value, for the
    /// components with `wanted` set.
    fn local_cuts(&self, wanted: &[bool], budget: u64) -> Vec<LocalCut> {
        let edges = &self.game.edges;
        let mut cuts = vec![LocalCut::Skipped; edges.len()];
        // Labels of the non-tree edges, and per vertex the XOR of labels of non-tree edges
        // ending there; summed over subtrees they label the tree edges.
        let mut mark = vec![0u128; self.game.n_vertices];
        let mut labels: Vec<u128> = vec![0; edges.len()];
        let mut rng = SplitMix(0x005e_ed0f_6ac4_e4b5);
        for (e, &(u, v)) in edges.iter().enumerate() {
            let (du, dv) = (self.disc[u as usize], self.disc[v as usize]);
            if du == NONE {
                cuts[e] = LocalCut::Detached;
                continue;
            }
            if self.is_bridge[e] {
                let child = if du > dv { u } else { v };
                let c = self.comp[child as usize];
                let parent = self.parent_comp(c);
                if wanted[parent as usize] {
                    cuts[e] = LocalCut::Component {
                        comp: parent,
                        value: self.value(parent) ^ (self.value(c) + 1),
                    };
                }
                continue;
            }
            let is_tree = self.parent_edge[u as usize] == e as u32
                || self.parent_edge[v as usize] == e as u32;
            if !is_tree {
                let label = (rng.next() as u128) << 64 | rng.next() as u128;
                mark[u as usize] ^= label;
                mark[v as usize] ^= label;
                labels[e] = label;
            }
        }
        for &v in self.order[1..].iter().rev() {
            let pe = self.parent_edge[v as usize];
            let p = self.other(pe, v);
            let below = mark[v as usize];
            mark[p as usize] ^= below;
        }
        // Group the non-bridge edges of wanted components by label.
        let mut classes: Vec<(u128, u32, u32)> = Vec::new();
        for (e, &(u, v)) in edges.iter().enumerate() {
            if self.disc[u as usize] == NONE || self.is_bridge[e] {
                continue;
            }
            let comp = self.comp[u as usize];
            if !wanted[comp as usize] {
                continue;
            }
            let is_tree = self.parent_edge[u as usize] == e as u32
                || self.parent_edge[v as usize] == e as u32;
            let label = if is_tree {
                let child = if self.disc[u as usize] > self.disc[v as usize] {
                    u
                } else {
                    v
                };
                mark[child as usize]
            } else {
                labels[e]
            };
            classes.push((label, e as u32, comp));
        }
        drop((mark, labels));
        classes.sort_unstable();
        let mut remaining = budget;
        let mut start = 0;
        while start < classes.len() {
            let mut end = start + 1;
            while end < classes.len() && classes[end].0 == classes[start].0 {
                end += 1;
            }
            let comp = classes[start].2;
            if end == start + 1 {
                // The component stays 2-edge-connected with one loop fewer.
                cuts[classes[start].1 as usize] = LocalCut::Component {
                    comp,
                    value: self.value(comp) ^ 1,
                };
                start = end;
                continue;
            }
            let class: Vec<u32> = classes[start..end].iter().map(|&(_, e, _)| e).collect();
            start = end;
            match self.class_cuts(comp, &class, &mut remaining) {
                Some(values) => {
                    for (&e, value) in class.iter().zip(values) {
                        cuts[e as usize] = LocalCut::Component { comp, value };
                    }
                }
                None => {
                    for &e in &class {
                        cuts[e as usize] = LocalCut::NotExamined;
                    }
                }
            }
        }
        cuts
    }

    /// The component's value after each cut of one class of 2-edge cuts (`class`: its edges), in
    /// the order of `class`; `None` if the class is not shaped as a true class must be (possible
    /// only after a collision of random labels).
    fn class_cuts(&self, comp: u32, class: &[u32], remaining: &mut u64) -> Option<Vec<u64>> {
        let edges = &self.game.edges;
        // Tree edges by the depth of their lower end; at most one non-tree edge.
        let mut tree: Vec<(u32, u32)> = Vec::new();
        let mut back = None;
        for &e in class {
            let (u, v) = edges[e as usize];
            if self.parent_edge[u as usize] == e {
                tree.push((self.disc[u as usize], e));
            } else if self.parent_edge[v as usize] == e {
                tree.push((self.disc[v as usize], e));
            } else if back.replace(e).is_some() {
                return None;
            }
        }
        tree.sort_unstable();
        let lower: Vec<usize> = tree
            .iter()
            .map(|&(d, _)| self.order[d as usize] as usize)
            .collect();
        let m = lower.len();
        if m == 0 {
            return None;
        }
        let head = self.heads[comp as usize] as usize;
        let sc = &self.sc;
        // Pieces: T (above the first tree edge), then P_i between tree edges i and i + 1.
        let top = sc[head] ^ sc[lower[0]];
        let piece = |i: usize| -> u64 {
            if i + 1 < m {
                sc[lower[i]] ^ sc[lower[i + 1]] ^ 1
            } else {
                sc[lower[i]] ^ 1 ^ u64::from(back.is_some())
            }
        };
        // The cycle of pieces Q_0 (holding the head) .. Q_{k-1} and its edges e_1 .. e_k, e_j
        // joining Q_{j-1} and Q_j (Q_k = Q_0).
        let mut pieces = Vec::with_capacity(m + 1);
        let mut ring: Vec<u32> = tree.iter().map(|&(_, e)| e).collect();
        if let Some(b) = back {
            pieces.push(top);
            pieces.extend((0..m).map(piece));
            ring.push(b);
        } else {
            if m < 2 {
                return None;
            }
            pieces.push(top ^ piece(m - 1));
            pieces.extend((0..m - 1).map(piece));
        }
        let k = pieces.len();
        // Pieces worth 0 only add 1 to a chain passing through them, so a run of them is one
        // addition: each cut costs O(number of nonzero pieces).
        let nonzero: Vec<usize> = (1..k).filter(|&i| pieces[i] != 0).collect();
        let cost = (k as u64).saturating_mul(nonzero.len() as u64 + 1);
        if cost > *remaining {
            return None;
        }
        *remaining -= cost;
        let mut by_edge: HashMap<u32, u64> = HashMap::with_capacity(k);
        for j in 1..=k {
            // Pieces 1..j-1, from the far end (j - 1) down to 1.
            let split = nonzero.partition_point(|&i| i < j);
            let mut clockwise = 0u64;
            let mut top = j - 1;
            for &q in nonzero[..split].iter().rev() {
                clockwise += (top - q) as u64;
                clockwise = (pieces[q] ^ clockwise) + 1;
                top = q - 1;
            }
            clockwise += top as u64;
            // Pieces j..k-1, from the far end (j) up to k - 1.
            let mut counter = 0u64;
            let mut bottom = j;
            for &q in &nonzero[split..] {
                counter += (q - bottom) as u64;
                counter = (pieces[q] ^ counter) + 1;
                bottom = q + 1;
            }
            counter += (k - bottom) as u64;
            by_edge.insert(ring[j - 1], pieces[0] ^ clockwise ^ counter);
        }
        class.iter().map(|e| by_edge.get(e).copied()).collect()
    }
}

/// SplitMix64 (Steele, Lea, Flood 2014): a fixed-seed source of labels, so answers repeat.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// Green Hackenbush as a ruleset for the generic solvers, on graphs of at most 64 edges: a position
/// is the set of edges still standing, as a bit mask.
#[derive(Clone, Debug)]
pub struct HackenbushRules {
    game: Hackenbush,
}

impl HackenbushRules {
    /// The ruleset on this graph.
    ///
    /// # Panics
    ///
    /// If the graph has more than 64 edges.
    pub fn new(game: Hackenbush) -> HackenbushRules {
        assert!(game.edges.len() <= 64, "the ruleset takes at most 64 edges");
        HackenbushRules { game }
    }

    /// The mask of every edge, less those not joined to the ground.
    pub fn start(&self) -> u64 {
        let all = if self.game.edges.len() == 64 {
            u64::MAX
        } else {
            (1u64 << self.game.edges.len()) - 1
        };
        self.grounded(all)
    }

    /// The edges of `mask` still joined to the ground.
    pub fn grounded(&self, mask: u64) -> u64 {
        let mut reached = vec![false; self.game.n_vertices];
        reached[0] = true;
        let mut res = 0u64;
        let mut changed = true;
        while changed {
            changed = false;
            for (e, &(u, v)) in self.game.edges.iter().enumerate() {
                if mask >> e & 1 == 1
                    && res >> e & 1 == 0
                    && (reached[u as usize] || reached[v as usize])
                {
                    reached[u as usize] = true;
                    reached[v as usize] = true;
                    res |= 1 << e;
                    changed = true;
                }
            }
        }
        res
    }
}

impl Impartial for HackenbushRules {
    type Position = u64;

    fn options(&self, mask: &u64, options: &mut Vec<u64>) {
        for e in 0..self.game.edges.len() {
            if mask >> e & 1 == 1 {
                options.push(self.grounded(mask & !(1 << e)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MemoSolver;
    use crate::test_util::random_multigraph;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn game(n: usize, edges: &[(u32, u32)]) -> Hackenbush {
        Hackenbush::new(n, edges.to_vec()).unwrap()
    }

    /// Value, winning edges and every cut's value, by search over the sets of standing edges.
    fn brute(game: &Hackenbush) -> (u64, Vec<usize>, Vec<Cut>) {
        let rules = HackenbushRules::new(game.clone());
        let mut solver = MemoSolver::new(&rules);
        let start = rules.start();
        let value = solver.grundy_value(&start).unwrap().value();
        let mut winning = Vec::new();
        let mut cuts = Vec::new();
        for e in 0..game.edges.len() {
            if start >> e & 1 == 0 {
                cuts.push(Cut::Detached);
                continue;
            }
            let after = rules.grounded(start & !(1 << e));
            let v = solver.grundy_value(&after).unwrap().value();
            cuts.push(Cut::Value(v));
            if v == 0 {
                winning.push(e);
            }
        }
        (value, winning, cuts)
    }

    fn check(game: &Hackenbush) {
        let (value, winning, cuts) = brute(game);
        let analysis = analyse(game, u64::MAX);
        assert_eq!(analysis.value, value, "{game:?}");
        assert_eq!(analysis.winning_edges, winning, "{game:?}");
        assert_eq!(analysis.not_examined, 0);
        let after = values_after_cuts(game, u64::MAX).unwrap();
        // A detached edge's cut leaves the value as it was.
        let after: Vec<Cut> = after
            .into_iter()
            .map(|c| if c == Cut::Detached { Cut::Detached } else { c })
            .collect();
        assert_eq!(after, cuts, "{game:?}");
    }

    #[test]
    fn small_shapes_have_their_known_values() {
        assert_eq!(game(1, &[]).grundy_value(), 0);
        assert_eq!(game(1, &[(0, 0)]).grundy_value(), 1);
        assert_eq!(game(2, &[(0, 1), (0, 1)]).grundy_value(), 0);
        // A stalk of 3: *3; a triangle: *1; a square: *0 (even cycle fuses to a point).
        assert_eq!(game(4, &[(0, 1), (1, 2), (2, 3)]).grundy_value(), 3);
        assert_eq!(game(3, &[(0, 1), (1, 2), (2, 0)]).grundy_value(), 1);
        assert_eq!(game(4, &[(0, 1), (1, 2), (2, 3), (3, 0)]).grundy_value(), 0);
        // A triangle off the ground on a stalk of one: (1) + 1 = 2.
        assert_eq!(game(4, &[(0, 1), (1, 2), (2, 3), (3, 1)]).grundy_value(), 2);
        // Edges not joined to the ground do not count.
        assert_eq!(game(4, &[(2, 3), (3, 3)]).grundy_value(), 0);
    }

    #[test]
    fn agrees_with_search_on_every_small_shape() {
        // Every multigraph of up to 5 edges on 4 vertices (edges as unordered pairs with loops).
        let pairs: Vec<(u32, u32)> = (0..4).flat_map(|u| (u..4).map(move |v| (u, v))).collect();
        let mut count = 0;
        for m in 0..=5usize {
            let mut idx = vec![0usize; m];
            loop {
                let edges: Vec<(u32, u32)> = idx.iter().map(|&i| pairs[i]).collect();
                check(&game(4, &edges));
                count += 1;
                // Next multiset in non-decreasing order.
                let mut pos = m;
                loop {
                    if pos == 0 {
                        break;
                    }
                    pos -= 1;
                    if idx[pos] + 1 < pairs.len() {
                        idx[pos] += 1;
                        for later in pos + 1..m {
                            idx[later] = idx[pos];
                        }
                        break;
                    }
                    if pos == 0 {
                        pos = usize::MAX;
                        break;
                    }
                }
                if pos == usize::MAX || m == 0 {
                    break;
                }
            }
        }
        assert_eq!(count, 3003);
    }

    #[test]
    fn agrees_with_search_on_random_multigraphs() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for round in 0..3000 {
            let (n, mut edges) = random_multigraph(&mut rng, 1..=7, 0..=11);
            if round % 3 == 0 {
                // Fewer loops, more cycles: a random tree plus a few extra edges.
                edges = (1..n as u32).map(|v| (rng.gen_range(0..v), v)).collect();
                for _ in 0..rng.gen_range(0..5) {
                    edges.push((rng.gen_range(0..n as u32), rng.gen_range(0..n as u32)));
                }
            }
            check(&game(n, &edges));
        }
    }

    #[test]
    fn a_budget_leaves_big_classes_unexamined() {
        // A square on the ground with a leaf: N; the square's edges form one class of 4, whose
        // cuts cost 4 x (1 + the pieces worth something) steps.
        let g = game(5, &[(0, 1), (1, 2), (2, 3), (3, 0), (2, 4)]);
        let full = analyse(&g, u64::MAX);
        let cut = analyse(&g, 3);
        assert_eq!(full.not_examined, 0);
        assert_eq!(cut.not_examined, 4);
        assert_eq!(cut.value, full.value);
        assert!(values_after_cuts(&g, 6).is_none());
    }

    #[test]
    fn a_long_odd_cycle_is_won_by_cutting_its_middle_edge() {
        // Cutting edge e of a cycle of L edges through the ground leaves stalks of e and
        // L - 1 - e edges; for odd L only the middle edge makes them equal.
        let len = 200_001u32;
        let cycle: Vec<(u32, u32)> = (0..len).map(|v| (v, (v + 1) % len)).collect();
        let analysis = analyse(&game(len as usize, &cycle), 2 * len as u64);
        assert_eq!(analysis.value, 1);
        assert_eq!(analysis.winning_edges, vec![(len as usize - 1) / 2]);
        assert_eq!(analysis.not_examined, 0);
    }

    #[test]
    fn a_long_path_and_a_long_cycle_need_no_recursion() {
        let n = 300_000u32;
        let path: Vec<(u32, u32)> = (0..n).map(|v| (v, v + 1)).collect();
        let g = game(n as usize + 1, &path);
        let analysis = analyse(&g, 0);
        assert_eq!(analysis.value, n as u64);
        assert_eq!(analysis.winning_edges, vec![0]);
        let mut cycle = path.clone();
        cycle.push((n, 0));
        // A cycle of n + 1 edges: odd when n is even.
        assert_eq!(game(n as usize + 1, &cycle).grundy_value(), 1);
    }
}
