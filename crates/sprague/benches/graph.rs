//! Benchmarks of the graph solver (placeholder until the benchmark lands).

fn main() {}
