//! Generalised Sprague–Grundy values of positions in games with cycles.
//!
//! Smith (1966) extended the nim-value to finite game graphs with cycles: a position either has a
//! finite value, which behaves exactly like a nim-value, or the value `∞(K)`, where `K` is the set of
//! finite values among its followers. A position `∞(K)` is a win for the player to move when `0 ∈ K`
//! (move to a follower of value 0) and a draw otherwise. Fraenkel and Yesha (1986) give the
//! algorithm implemented in [`crate::solve::retrograde`].

use std::fmt;

use super::{Nimber, Outcome};

/// A generalised nim-value: finite, or `∞(K)` with `K` the finite values of the followers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LoopyValue {
    /// A finite value, which behaves as an ordinary nim-value.
    Finite(Nimber),
    /// `∞(K)`: the position may be drawn.
    /// Invariant: sorted ascending, no duplicates.
    Infinite(Vec<Nimber>),
}

impl LoopyValue {
    /// An infinite value with the given finite follower values, sorted and deduplicated here.
    pub fn infinite(mut followers: Vec<Nimber>) -> LoopyValue {
        followers.sort_unstable();
        followers.dedup();
        LoopyValue::Infinite(followers)
    }

    /// The finite value, if it is one.
    pub fn finite(&self) -> Option<Nimber> {
        match self {
            LoopyValue::Finite(v) => Some(*v),
            LoopyValue::Infinite(_) => None,
        }
    }

    /// The outcome of a single position with this value.
    pub fn outcome(&self) -> Outcome {
        match self {
            LoopyValue::Finite(v) if v.is_zero() => Outcome::P,
            LoopyValue::Finite(_) => Outcome::N,
            LoopyValue::Infinite(k) if k.contains(&Nimber::ZERO) => Outcome::N,
            LoopyValue::Infinite(_) => Outcome::D,
        }
    }
}

impl fmt::Display for LoopyValue {
    /// Finite values print as their number; infinite ones as `∞{0,2}` (`∞{}` for `K = ∅`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyValue::Finite(v) => write!(f, "{v}"),
            LoopyValue::Infinite(k) => {
                write!(f, "∞{{")?;
                for (idx, v) in k.iter().enumerate() {
                    if idx > 0 {
                        write!(f, ",")?;
                    }
                    write!(f, "{v}")?;
                }
                write!(f, "}}")
            }
        }
    }
}
