//! Benchmarks of the graph solvers alone (no file, no parsing): nim-values of a random DAG of a
//! million vertices and four million edges, and Smith's generalised values of a random graph with
//! cycles of a hundred thousand vertices. The end-to-end benchmark against the seed's program is
//! `bench/graph.sh`; figures are in BENCHMARKS.md.

use std::time::Duration;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sprague::solve::{retrograde, GameGraph, Vertex};

/// `m` random edges on `n` vertices without self-loops; with `acyclic`, each edge goes up in a
/// random order of the vertices (so the graph is a DAG that is not sorted by number).
fn random_edges(n: usize, m: usize, acyclic: bool, seed: u64) -> Vec<(Vertex, Vertex)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut rank: Vec<u32> = (0..n as u32).collect();
    rank.shuffle(&mut rng);
    (0..m)
        .map(|_| {
            let a = rng.gen_range(0..n as Vertex);
            let mut b = rng.gen_range(0..n as Vertex - 1);
            if b >= a {
                b += 1;
            }
            if acyclic && rank[a as usize] > rank[b as usize] {
                (b, a)
            } else {
                (a, b)
            }
        })
        .collect()
}

fn bench_graph(c: &mut Criterion) {
    let mut group = c.benchmark_group("graph");
    // Ten samples and a short warm-up keep the whole run under a minute on a small machine.
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));

    let n = 1_000_000;
    let edges = random_edges(n, 4 * n, true, 1);
    group.bench_function("build_csr_1e6_vertices_4e6_edges", |b| {
        b.iter(|| GameGraph::from_edge_vec(n, black_box(edges.clone())).unwrap())
    });
    let dag = GameGraph::from_edge_vec(n, edges).unwrap();
    let starts: Vec<Vertex> = (0..n as Vertex).collect();
    group.bench_function("acyclic_values_1e6_vertices_4e6_edges", |b| {
        b.iter(|| dag.acyclic_values(black_box(&starts)).unwrap())
    });
    drop(dag);

    let n = 100_000;
    let loopy = GameGraph::from_edge_vec(n, random_edges(n, 4 * n, false, 2)).unwrap();
    group.bench_function("generalized_values_1e5_vertices_4e5_edges", |b| {
        b.iter(|| retrograde::generalized_values(black_box(&loopy)).memory_usage())
    });
    group.finish();
}

criterion_group!(benches, bench_graph);
criterion_main!(benches);
