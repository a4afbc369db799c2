//! Rulesets, one module per family. Each gives the rules in words, the theorem that solves it
//! when there is one (the fast path), and an [`Impartial`](crate::Impartial) ruleset so the
//! generic solvers can check the fast path by brute force.

pub mod bash;
pub mod coin_turning;
pub mod connect4;
pub mod cursors;
pub mod fibonacci_nim;
pub mod geography;
pub mod graph;
pub mod hackenbush;
pub mod lasker;
pub mod moore_nim;
pub mod nim;
pub mod octal;
pub mod split;
pub mod staircase;
pub mod subtraction;
pub mod tartan;
pub mod tictactoe;
pub mod triangle_war;
pub mod wythoff;

/// A position of a game whose heaps are its components: the heaps sorted, empty heaps dropped.
#[inline]
fn sorted_heaps(heaps: &[u64]) -> Vec<u64> {
    let mut res: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    res.sort_unstable();
    res
}
