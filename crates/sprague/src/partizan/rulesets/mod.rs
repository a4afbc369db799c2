//! Partizan rulesets valued by canonical forms: the [`Partizan`] trait, the [`CanonicalSolver`]
//! that values positions as [`GameId`]s of a [`GameStore`], and the first rulesets
//! ([`Domineering`], [`Clobber`], [`Cutcake`], [`ToadsAndFrogs`]).
//!
//! (The module is `partizan::rulesets`, not `games`, so that it is not confused with the impartial
//! rulesets of [`crate::games`], whose values are nimbers.)
//!
//! # How a position is valued
//!
//! The value of a position `P` of a short partizan game is the canonical form of
//! `{ values of Left's options | values of Right's options }` ([`GameStore::from_options`]
//! removes dominated options and bypasses reversible ones). The solver does that by the
//! definition, with two savings that do not change the value:
//!
//! - **Components.** When a ruleset says a position is a sum of independent components
//!   ([`Partizan::components`]: no move in one ever changes the moves of another), its value is the
//!   sum of their values (a move in the sum is a move in exactly one component: this is the
//!   definition of the disjunctive sum). Each component is valued once, then the values are added
//!   with [`GameStore::sum`].
//! - **Symmetries.** [`Partizan::normal_form`] maps a component to a representative of its class
//!   under the board's symmetries, with a flag saying whether the symmetry swaps the roles of Left
//!   and Right. A symmetry that maps Left's moves onto Left's moves (a reflection of a Domineering
//!   board) maps the game tree onto an isomorphic one, so the value is the same; one that maps
//!   Left's moves onto Right's (the transpose in Domineering, swapping the colours in Clobber)
//!   maps `G` onto `-G` (the negative is the game with the roles swapped, recursively). The memo is
//!   keyed by normal forms, and a value found for the representative is negated when the flag is
//!   set.
//!
//! The solver is iterative (an explicit stack, so a deep game cannot overflow the thread's
//! stack), memoised, and bounded: [`CanonicalSolver::with_budget`] caps the number of distinct
//! components it values, past which it returns [`SolveError::Budget`].
//!
//! Costs: the solver's memo holds one entry per distinct component met (in normal form); most of
//! the memory goes to the [`GameStore`], which keeps every canonical game made and the memos of its
//! sums and comparisons. The empty Domineering 5×5 takes about 16,000 components and a fraction
//! of a second, 5×6 about 360,000 and some 16 s (`cargo run --release -p sprague --example
//! partizan_values`).
//!
//! # Positions as text
//!
//! Each ruleset has a `parse` function reading positions as CGSuite writes them (grids with rows
//! joined by `|`); errors are one-line messages, never panics, and boards are capped at
//! [`MAX_CELLS`] cells.
//!
//! # Example
//!
//! ```
//! use sprague::partizan::rulesets::{CanonicalSolver, Domineering};
//!
//! let mut solver = CanonicalSolver::new(&Domineering);
//! let board = Domineering::parse("..|..").unwrap();
//! let g = solver.value(&board).unwrap();
//! assert_eq!(solver.store_mut().display(g), "+-1");
//! ```

use std::fmt;
use std::hash::Hash;

use rustc_hash::FxHashMap;

use super::{GameId, GameStore};

pub mod clobber;
pub mod cutcake;
pub mod domineering;
mod grid;
pub mod toads_frogs;

#[cfg(test)]
mod tests;

pub use clobber::{Clobber, ClobberBoard};
pub use cutcake::{Cake, Cutcake};
pub use domineering::{Domineering, DomineeringBoard};
pub use grid::MAX_CELLS;
pub use toads_frogs::{Strip, ToadsAndFrogs};

/// A short partizan ruleset under normal play: Left and Right have their own moves from every
/// position, and a player who cannot move loses.
///
/// The partizan analogue of [`crate::Impartial`]: a ruleset describes positions, their options
/// for each player, how a position splits into a sum, and the symmetries of its boards; the
/// [`CanonicalSolver`] does the rest. Every game must be short (finitely many positions, no
/// position repeats along a play).
pub trait Partizan {
    /// A position of the game. Equal positions must have equal options.
    type Position: Clone + Eq + Hash;

    /// Appends every option of Left from `position` to `options`.
    ///
    /// Must accept any position, not only a single component (the tests value whole positions
    /// without splitting them, to check the splitting).
    fn left_options(&self, position: &Self::Position, options: &mut Vec<Self::Position>);

    /// Appends every option of Right from `position` to `options`.
    fn right_options(&self, position: &Self::Position, options: &mut Vec<Self::Position>);

    /// Appends the independent components whose disjunctive sum `position` is; appends nothing for
    /// a position worth 0 as a whole (for example a board where nobody can move). A component may
    /// also be left out when it is worth 0.
    ///
    /// Invariant: the components of a component are that component alone. The default treats every
    /// position as a single component.
    fn components(&self, position: &Self::Position, components: &mut Vec<Self::Position>) {
        components.push(position.clone());
    }

    /// A representative of the class of the component `position` under the board's symmetries,
    /// and whether the symmetry taking `position` to it swaps Left and Right (then the value of
    /// `position` is the negative of the representative's). The representative must be a
    /// component again, with the same representative. Default: the position itself, not negated.
    fn normal_form(&self, position: &Self::Position) -> (Self::Position, bool) {
        (position.clone(), false)
    }
}

/// Why a [`CanonicalSolver`] gave up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// More distinct components than the budget allows would have to be valued.
    Budget {
        /// The budget that was exceeded.
        limit: usize,
    },
    /// The game went deeper than the depth limit: a ruleset whose games are not short, or a
    /// position far larger than the ones this solver is meant for.
    Depth {
        /// The depth limit that was exceeded.
        limit: usize,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Budget { limit } => {
                write!(f, "more than {limit} positions to value: budget exceeded")
            }
            SolveError::Depth { limit } => {
                write!(
                    f,
                    "the game is deeper than {limit} moves: depth limit exceeded"
                )
            }
        }
    }
}

impl std::error::Error for SolveError {}

/// The default budget of [`CanonicalSolver`]: distinct components valued.
pub const DEFAULT_BUDGET: usize = 20_000_000;

/// The depth limit of [`CanonicalSolver`]: the longest chain of moves it follows.
pub const MAX_DEPTH: usize = 100_000;

/// One position being valued: its options, split into components, and where we are in them.
struct Frame<P> {
    /// The normal form being valued.
    position: P,
    /// For each of Left's then Right's options: the range of its components in `parts`.
    option_ranges: Vec<(usize, usize)>,
    /// How many of `option_ranges` are Left's.
    left_count: usize,
    /// Every component of every option, as (normal form, negated).
    parts: Vec<(P, bool)>,
    /// The next part whose value is not known yet.
    next: usize,
}

/// Values positions of a [`Partizan`] ruleset as canonical games, memoised by the normal forms of
/// their components. Owns the [`GameStore`] its ids live in ([`store_mut`](Self::store_mut)).
pub struct CanonicalSolver<'a, G: Partizan> {
    game: &'a G,
    store: GameStore,
    memo: FxHashMap<G::Position, GameId>,
    budget: usize,
}

impl<'a, G: Partizan> CanonicalSolver<'a, G> {
    /// A solver for `game` with a fresh store and the [`DEFAULT_BUDGET`].
    pub fn new(game: &'a G) -> Self {
        Self::with_store(game, GameStore::new())
    }

    /// A solver for `game` whose values are made in `store`.
    pub fn with_store(game: &'a G, store: GameStore) -> Self {
        CanonicalSolver {
            game,
            store,
            memo: FxHashMap::default(),
            budget: DEFAULT_BUDGET,
        }
    }

    /// Sets the budget: the most distinct components this solver will value over its life.
    pub fn with_budget(mut self, budget: usize) -> Self {
        self.budget = budget;
        self
    }

    /// The store the values live in.
    pub fn store(&self) -> &GameStore {
        &self.store
    }

    /// The store the values live in, to print, compare or add them.
    pub fn store_mut(&mut self) -> &mut GameStore {
        &mut self.store
    }

    /// Gives the store back (the ids returned stay valid in it).
    pub fn into_store(self) -> GameStore {
        self.store
    }

    /// How many distinct components (normal forms) have been valued.
    pub fn positions_valued(&self) -> usize {
        self.memo.len()
    }

    /// The value of `position`: the sum of the values of its components.
    pub fn value(&mut self, position: &G::Position) -> Result<GameId, SolveError> {
        let parts = self.split(position);
        for (part, _) in &parts {
            self.value_component(part)?;
        }
        Ok(self.sum_parts(&parts))
    }

    /// The components of `position` as (normal form, negated).
    fn split(&self, position: &G::Position) -> Vec<(G::Position, bool)> {
        let mut components = Vec::new();
        self.game.components(position, &mut components);
        components
            .iter()
            .map(|c| self.game.normal_form(c))
            .collect()
    }

    /// The sum of the values of `parts`, all in the memo.
    fn sum_parts(&mut self, parts: &[(G::Position, bool)]) -> GameId {
        let mut total = self.store.zero();
        for (part, negated) in parts {
            let mut v = self.memo[part];
            if *negated {
                v = self.store.neg(v);
            }
            total = self.store.sum(total, v);
        }
        total
    }

    fn frame(&self, position: G::Position) -> Frame<G::Position> {
        let mut left = Vec::new();
        let mut right = Vec::new();
        self.game.left_options(&position, &mut left);
        self.game.right_options(&position, &mut right);
        let mut parts = Vec::new();
        let mut option_ranges = Vec::with_capacity(left.len() + right.len());
        for option in left.iter().chain(&right) {
            let start = parts.len();
            parts.extend(self.split(option));
            option_ranges.push((start, parts.len()));
        }
        Frame {
            position,
            option_ranges,
            left_count: left.len(),
            parts,
            next: 0,
        }
    }

    /// Values the normal form `component` (and everything below it), iteratively.
    fn value_component(&mut self, component: &G::Position) -> Result<GameId, SolveError> {
        if let Some(&v) = self.memo.get(component) {
            return Ok(v);
        }
        let mut stack = vec![self.frame(component.clone())];
        while let Some(top) = stack.last_mut() {
            // Skip the parts already valued.
            while top.next < top.parts.len() && self.memo.contains_key(&top.parts[top.next].0) {
                top.next += 1;
            }
            if top.next < top.parts.len() {
                let child = top.parts[top.next].0.clone();
                if stack.len() >= MAX_DEPTH {
                    return Err(SolveError::Depth { limit: MAX_DEPTH });
                }
                let frame = self.frame(child);
                stack.push(frame);
                continue;
            }
            let frame = stack.pop().expect("the stack is not empty");
            if self.memo.len() >= self.budget {
                return Err(SolveError::Budget { limit: self.budget });
            }
            let mut values = Vec::with_capacity(frame.option_ranges.len());
            for &(start, end) in &frame.option_ranges {
                values.push(self.sum_parts(&frame.parts[start..end]));
            }
            let (left, right) = values.split_at(frame.left_count);
            let v = self.store.from_options(left, right);
            self.memo.insert(frame.position, v);
        }
        Ok(self.memo[component])
    }
}
