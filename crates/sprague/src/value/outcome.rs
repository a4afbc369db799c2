//! Outcome classes: who wins with perfect play.

use std::fmt;

/// The outcome class of a position under perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move loses (a previous-player win): nim-value 0.
    P,
    /// The player to move wins (a next-player win).
    N,
    /// Neither player can force a win: play goes on for ever (loopy games only).
    D,
}

impl Outcome {
    /// `N` when the player to move wins, `P` when not (games without draws).
    pub const fn from_win(win: bool) -> Outcome {
        if win {
            Outcome::N
        } else {
            Outcome::P
        }
    }

    /// The outcome letter, `P`, `N` or `D`.
    pub const fn letter(self) -> char {
        match self {
            Outcome::P => 'P',
            Outcome::N => 'N',
            Outcome::D => 'D',
        }
    }

    /// The outcome in words, from the point of view of the player to move.
    pub const fn describe(self) -> &'static str {
        match self {
            Outcome::P => "the player to move loses",
            Outcome::N => "the player to move wins",
            Outcome::D => "a draw: neither player can force a win",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}
