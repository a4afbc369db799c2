//! How to analyse a position, common to every game ([`AnalysisOptions`]).

use crate::request::error::Error;

/// How to analyse a position, common to every game.
#[derive(Clone, Copy, Debug, Default)]
pub struct AnalysisOptions {
    /// List every move with the outcome and nim-value it leads to, not only the winning ones.
    pub all_moves: bool,
    /// Misère play: the player who makes the last move loses.
    pub misere: bool,
    /// Every-SG: each turn moves once in every component (each game given) that can move, a split
    /// staying in its component (heap games and scripts).
    pub every: bool,
}

impl AnalysisOptions {
    /// Refuses misère play of `game` (as the request names it: `wythoff`, `octal 0.77`), analysed
    /// in normal play only: one wording for every game, which names no front end's flag.
    pub(crate) fn refuse_misere(&self, game: &str) -> Result<(), Error> {
        if self.misere {
            return Err(Error::bad_input(format!(
                "misère play of {game} is not supported (only normal play: the last move wins)"
            )));
        }
        Ok(())
    }
}
