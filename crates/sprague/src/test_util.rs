//! Helpers shared by the unit tests.

use num_bigint::BigUint;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::ops::RangeInclusive;

/// A big integer from a machine word.
pub(crate) fn big(n: u64) -> BigUint {
    BigUint::from(n)
}

/// Big heaps from machine-word heaps.
pub(crate) fn bigs(heaps: &[u64]) -> Vec<BigUint> {
    heaps.iter().map(|&h| BigUint::from(h)).collect()
}

/// The Nim positions of three heaps, the first two of at most 4 and the third of at most 3.
pub(crate) fn three_small_heaps() -> impl Iterator<Item = Vec<u64>> {
    (0..5u64).flat_map(|a| (0..5u64).flat_map(move |b| (0..4u64).map(move |c| vec![a, b, c])))
}

/// A random multigraph (loops allowed): its vertex count, drawn from `vertices`, and its edges,
/// as many as drawn from `edges`.
pub(crate) fn random_multigraph(
    rng: &mut ChaCha8Rng,
    vertices: RangeInclusive<usize>,
    edges: RangeInclusive<u32>,
) -> (usize, Vec<(u32, u32)>) {
    let n = rng.gen_range(vertices);
    let m = rng.gen_range(edges);
    let edges = (0..m)
        .map(|_| (rng.gen_range(0..n as u32), rng.gen_range(0..n as u32)))
        .collect();
    (n, edges)
}
