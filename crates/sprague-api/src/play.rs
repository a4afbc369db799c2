//! Playing a game move by move against the engine: the game-specific part of `sprague play`.
//!
//! A game that can be played implements [`Playable`] over positions written as they are typed (the
//! `position` and `to` strings of the reports), so the loop that drives a game, in the terminal or a
//! web page, knows nothing of any particular game.

use crate::{Analysis, Error, MoveReport};

/// A game the user can play against the engine.
pub trait Playable {
    /// The game's name as typed (`nim`, `wythoff`, …).
    fn name(&self) -> &str;

    /// Whether the player who cannot move wins (misère play) rather than loses.
    fn is_misere(&self) -> bool {
        false
    }

    /// The full analysis of a position, with its winning moves.
    ///
    /// # Errors
    ///
    /// When the position does not parse.
    fn analyse(&self, position: &str) -> Result<Analysis, Error>;

    /// Checks the move the user typed, either in the words the analysis prints (`heap 1: 3 -> 1`)
    /// or as the position after it (`1 4 5`), and returns the move with `to` set.
    ///
    /// # Errors
    ///
    /// A bad-input error saying why the move is not legal; the position is unchanged.
    fn user_move(&self, position: &str, input: &str) -> Result<MoveReport, Error>;

    /// The engine's move when it has no winning move: one that makes the opponent's win as hard as
    /// is cheap to know (the longest game, where that is easy). `None` when there is no move at all.
    ///
    /// # Errors
    ///
    /// When the position does not parse.
    fn stalling_move(&self, position: &str) -> Result<Option<MoveReport>, Error>;
}

/// The engine's choice in a position: the first winning move if there is one, else a stalling
/// move, with a sentence saying why. `None` when there is no move.
///
/// # Errors
///
/// When the position does not parse.
pub fn engine_move(
    game: &dyn Playable,
    position: &str,
) -> Result<Option<(MoveReport, String)>, Error> {
    let analysis = game.analyse(position)?;
    if let Some(best) = analysis.winning_moves.first() {
        let why = match &analysis.nim_value {
            crate::NimValue::Number(_) => format!(
                "the position had nim-value {}; this move leaves nim-value 0, a lost position for you",
                analysis.nim_value
            ),
            _ => "this move leaves you a lost position".to_owned(),
        };
        return Ok(Some((best.clone(), why)));
    }
    let why = match &analysis.nim_value {
        crate::NimValue::Number(_) => {
            "no winning move here (nim-value 0), so I make the game last as long as I can"
                .to_owned()
        }
        _ => "no winning move here, so I make the game last as long as I can".to_owned(),
    };
    Ok(game.stalling_move(position)?.map(|m| (m, why)))
}
