//! Minimax for two-player zero-sum scoring games: negamax with alpha-beta, a transposition table
//! of bounds, and null-window (MTD-style) bisection for exact values.
//!
//! A scoring game is one where the two players alternately (or not: see [`Step::again`]) make
//! moves, each move may score points for the player who makes it, and the game ends with a score
//! difference that one player wants high and the other low. The value of a position is, under
//! optimal play by both, the points the player to move will still win minus the points the
//! opponent will still win (the points already scored do not enter, so the value of a Triangle War
//! position depends only on the lines drawn). Games with a win/draw/loss result score it at the
//! end ([`Scoring::static_value`]).
//!
//! The search is the max/min search of the seed notes (000, section 7; 003), in the negamax form:
//! with `v(p)` the value for the player to move at `p`, a move `m` with gain `g` to `q` is worth
//! `g + v(q)` when the same player moves again at `q` and `g - v(q)` otherwise, and `v(p)` is the
//! best of these. Alpha-beta (Knuth and Moore, "An analysis of alpha-beta pruning", Artificial
//! Intelligence 6, 1975) prunes it; see [`negamax`] for the details and costs.

pub mod negamax;
pub mod table;

pub use negamax::{Negamax, NegamaxConfig, SearchStats};
pub use table::TranspositionTable;

/// The result of one move: the position it leads to, the points it scores for its mover, and
/// whether the mover moves again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step<P> {
    /// The position after the move.
    pub position: P,
    /// The points the move scores for the player who made it (may be negative).
    pub gain: i32,
    /// True if the same player moves next (Triangle War, Dots-and-Boxes: a completed triangle or
    /// box earns another move); false if the opponent does.
    pub again: bool,
}

impl<P> Step<P> {
    /// A move that scores nothing and passes the turn (games scored only at their end).
    #[inline]
    pub fn plain(position: P) -> Step<P> {
        Step {
            position,
            gain: 0,
            again: false,
        }
    }
}

/// A two-player zero-sum scoring game, seen from the player to move.
///
/// Values are `i32` points for the player to move (see the module docs); every position must
/// have a finite game tree (no cycles).
pub trait Scoring {
    /// A position of the game.
    type Position: Clone;
    /// A move.
    type Move: Copy + Eq;

    /// Every legal move, best first where the game can tell: the order is the move-ordering hook
    /// (alpha-beta prunes most when the best move is tried first). Must be empty exactly when
    /// [`static_value`](Scoring::static_value) says the game is over, i.e. never empty for a
    /// position without a static value.
    fn moves(&self, position: &Self::Position, moves: &mut Vec<Self::Move>);

    /// The moves the search needs to try, best first. By default all of [`moves`](Scoring::moves);
    /// a game may leave out moves it knows to be no better than one it keeps (Connect Four leaves
    /// out moves that let the opponent win at once), as long as at least one move stays.
    fn search_moves(&self, position: &Self::Position, moves: &mut Vec<Self::Move>) {
        self.moves(position, moves);
    }

    /// Plays `mv` (one of [`moves`](Scoring::moves)) at `position`.
    fn play(&self, position: &Self::Position, mv: Self::Move) -> Step<Self::Position>;

    /// The value of the position if it is known without search: always `Some` when the game is
    /// over (no moves), and optionally when the game can see it (a win on the next move).
    fn static_value(&self, position: &Self::Position) -> Option<i32>;

    /// Bounds `(low, high)` on the value of a position that has no static value. Tight bounds
    /// make the null-window bisection shorter.
    fn value_bounds(&self, position: &Self::Position) -> (i32, i32);

    /// A key for the transposition table, equal for positions of equal value and (ideally)
    /// different otherwise; `None` to keep the position out of the table.
    fn key(&self, position: &Self::Position) -> Option<u64>;

    /// How many distinct keys there can be, when that is small enough to give every key its own
    /// slot (full memoisation): then keys must lie in `0..key_space`.
    fn key_space(&self) -> Option<u64> {
        None
    }
}
