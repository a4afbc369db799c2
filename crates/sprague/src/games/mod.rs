//! Rulesets, one module per family. Each gives the rules in words, the theorem that solves it
//! when there is one (the fast path), and an [`Impartial`](crate::Impartial) ruleset so the
//! generic solvers can check the fast path by brute force.

pub mod bash;
pub mod graph;
pub mod lasker;
pub mod nim;
pub mod octal;
pub mod staircase;
pub mod subtraction;
pub mod wythoff;
