//! The trait every impartial ruleset implements: positions, their options, and how a position
//! splits into a sum of independent components.

use std::hash::Hash;

/// An impartial ruleset: both players have the same moves from every position, and a player
/// who cannot move loses (normal play).
///
/// A ruleset describes positions and their options; it knows nothing of the algorithms that
/// solve it (see [`crate::solve`]).
///
/// # Sums and moves that split a game
///
/// A position may be a *sum* of independent components (Lasker's Nim: a multiset of heaps; a
/// move that splits a heap in two yields a position with one more component). The solvers never
/// look inside a position: they ask [`Impartial::components`] for its components, value each one
/// once, and combine the values by XOR. A ruleset without sums keeps the default, under which every
/// position is its own single component.
///
/// # Examples
///
/// A subtraction game where a move takes 1 or 2 tokens from one heap, written from scratch:
///
/// ```
/// use sprague::{Impartial, solve::MemoSolver};
///
/// struct TakeOneOrTwo;
/// impl Impartial for TakeOneOrTwo {
///     type Position = u64;
///     fn options(&self, heap: &u64, options: &mut Vec<u64>) {
///         options.extend((1..=2).filter(|&t| t <= *heap).map(|t| heap - t));
///     }
/// }
///
/// let mut solver = MemoSolver::new(&TakeOneOrTwo);
/// assert_eq!(solver.grundy_value(&7).unwrap().value(), 1);
/// assert_eq!(solver.grundy_value(&9).unwrap().value(), 0);
/// ```
pub trait Impartial {
    /// A position of the game. Equal positions must have equal options.
    type Position: Clone + Eq + Hash;

    /// Appends every option of `position` (every position one move away) to `options`.
    ///
    /// `position` is always a single component: the solvers split positions with
    /// [`Impartial::components`] before asking for options.
    fn options(&self, position: &Self::Position, options: &mut Vec<Self::Position>);

    /// Appends the independent components whose sum `position` is; appends nothing for the empty
    /// sum (a finished game).
    ///
    /// Invariant: the components of a component are that component alone. The default treats every
    /// position as a single component.
    fn components(&self, position: &Self::Position, components: &mut Vec<Self::Position>) {
        components.push(position.clone());
    }
}
