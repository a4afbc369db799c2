//! Playing a game move by move against the engine: the game-specific part of `sprague play`.
//!
//! A game that can be played implements [`Playable`] over positions written as they are typed (the
//! `position` and `to` strings of the reports), so the loop that drives a game, in the terminal or a
//! web page, knows nothing of any particular game.

use crate::report::analysis::{Analysed, MoveReport, NimValue};
use crate::request::error::Error;
use crate::request::options::AnalysisOptions;
use crate::request::parse;

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
    fn analyse(&self, position: &str) -> Analysed;

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

/// The engine's choice in a position: a winning move if there is one (the fastest where the
/// remoteness is known, else the first), else a stalling move, with a sentence saying why. `None`
/// when there is no move.
///
/// # Errors
///
/// When the position does not parse.
pub fn engine_move(
    game: &dyn Playable,
    position: &str,
) -> Result<Option<(MoveReport, String)>, Error> {
    let analysis = game.analyse(position)?;
    // The least remoteness left to the opponent is the fastest win; without it, the first move.
    let fastest = analysis
        .winning_moves
        .iter()
        .min_by_key(|m| m.remoteness.unwrap_or(u64::MAX));
    if let Some(best) = fastest {
        let why = match &analysis.nim_value {
            _ if best.to.is_none() => "a move that wins at once".to_owned(),
            NimValue::Number(_) => format!(
                "the position had nim-value {}; this move leaves nim-value 0, a lost position for you",
                analysis.nim_value
            ),
            _ => "this move leaves you a lost position".to_owned(),
        };
        let why = match best.remoteness {
            Some(left) if best.to.is_some() => {
                format!("{why}; the game ends within {left} more moves")
            }
            _ => why,
        };
        return Ok(Some((best.clone(), why)));
    }
    let why = match &analysis.nim_value {
        NimValue::Number(_) => {
            "no winning move here (nim-value 0), so I make the game last as long as I can"
                .to_owned()
        }
        _ => "no winning move here, so I make the game last as long as I can".to_owned(),
    };
    Ok(game.stalling_move(position)?.map(|m| (m, why)))
}

/// A function that analyses a position typed as text, with the options asked.
pub type AnalyseFn<'a> = Box<dyn FnMut(&str, &AnalysisOptions) -> Analysed + 'a>;

/// The moves of a game checked one at a time, for positions whose moves are too many to list.
pub trait MoveChecker {
    /// The move the user typed in `position`, in the words the analysis prints or as the position
    /// after it, with `to` set.
    ///
    /// # Errors
    ///
    /// A bad-input error saying why it is not a legal move.
    fn move_to(&self, position: &str, input: &str) -> Result<MoveReport, Error>;

    /// A legal move that keeps the game long (taking one token, say), found without listing the
    /// moves; `None` when there is no move.
    ///
    /// # Errors
    ///
    /// When the position does not parse.
    fn small_move(&self, position: &str) -> Result<Option<MoveReport>, Error>;
}

/// Any game with an analysis that can list every move (`--all-moves`), played through that list:
/// a typed move is accepted when it matches a listed move's words or the position after it.
///
/// Positions whose moves are too many to list (past
/// [`crate::request::limits::Limits::max_listed_moves`]) are played through the game's
/// [`MoveChecker`], when it has one (Lasker's Nim and Wythoff's game on heaps of any size); without
/// one the error says so. Nim has its own [`Playable`].
pub struct ListedPlay<'a> {
    name: String,
    misere: bool,
    analyse: std::cell::RefCell<AnalyseFn<'a>>,
    checker: Option<Box<dyn MoveChecker + 'a>>,
}

impl<'a> ListedPlay<'a> {
    /// A game called `name`, analysed by `analyse`.
    pub fn new(name: impl Into<String>, misere: bool, analyse: AnalyseFn<'a>) -> ListedPlay<'a> {
        ListedPlay {
            name: name.into(),
            misere,
            analyse: std::cell::RefCell::new(analyse),
            checker: None,
        }
    }

    /// This game, with moves checked one at a time where there are too many to list.
    pub fn with_checker(mut self, checker: Box<dyn MoveChecker + 'a>) -> ListedPlay<'a> {
        self.checker = Some(checker);
        self
    }

    fn run(&self, position: &str, all_moves: bool) -> Analysed {
        let options = AnalysisOptions {
            all_moves,
            misere: self.misere,
            ..AnalysisOptions::default()
        };
        (self.analyse.borrow_mut())(position, &options)
    }

    fn all_moves(&self, position: &str) -> Result<Vec<MoveReport>, Error> {
        let analysis = self.run(position, true).map_err(|e| {
            Error::bad_input(format!(
                "cannot list the moves of {position} to check yours ({e}); play from a smaller position"
            ))
        })?;
        Ok(analysis.all_moves.unwrap_or_default())
    }
}

fn normalise(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

impl Playable for ListedPlay<'_> {
    fn name(&self) -> &str {
        &self.name
    }

    fn is_misere(&self) -> bool {
        self.misere
    }

    fn analyse(&self, position: &str) -> Analysed {
        self.run(position, false)
    }

    fn user_move(&self, position: &str, input: &str) -> Result<MoveReport, Error> {
        if let Some(checker) = &self.checker {
            return checker.move_to(position, input);
        }
        let moves = self.all_moves(position)?;
        let typed = normalise(input);
        if let Some(m) = moves.iter().find(|m| normalise(&m.text) == typed) {
            return Ok(m.clone());
        }
        // A move that wins at once (a script's `win()`, listed as `part -> win`) may be typed as
        // `win`.
        if typed == "win" {
            if let Some(m) = moves.iter().find(|m| m.to.is_none()) {
                return Ok(m.clone());
            }
        }
        // The position after the move, written as the game's positions are typed.
        if let Ok(after) = self.run(input, false) {
            if let Some(m) = moves
                .iter()
                .find(|m| m.to.as_deref() == Some(after.position.as_str()))
            {
                return Ok(m.clone());
            }
            return Err(Error::bad_input(format!(
                "{} cannot be reached from {position} in one move",
                after.position
            )));
        }
        let example = moves
            .first()
            .map(|m| format!(" (e.g. `{}`)", m.text))
            .unwrap_or_default();
        Err(Error::bad_input(format!(
            "`{}` is not a move here: type a move as the analysis words it{example}, or the position after it",
            input.trim()
        )))
    }

    fn stalling_move(&self, position: &str) -> Result<Option<MoveReport>, Error> {
        let moves = match (self.all_moves(position), &self.checker) {
            (Ok(moves), _) => moves,
            (Err(_), Some(checker)) => return checker.small_move(position),
            (Err(e), None) => return Err(e),
        };
        // The move that leaves the opponent the fewest winning replies: the hardest win to find.
        // Each candidate is a whole analysis (Wythoff's nim-value table is 2000 × 2000 at most),
        // so the search is cut at STALLING_SEARCH_TIME and plays the best move seen by then.
        let started = std::time::Instant::now();
        let mut best: Option<(usize, &MoveReport)> = None;
        for m in moves.iter().take(2000) {
            if best.is_some() && started.elapsed() > STALLING_SEARCH_TIME {
                break;
            }
            let Some(to) = &m.to else { continue };
            let replies = self.run(to, false)?.winning_moves.len();
            if best.is_none_or(|(fewest, _)| replies < fewest) {
                best = Some((replies, m));
            }
        }
        Ok(best
            .map(|(_, m)| m.clone())
            .or_else(|| moves.first().cloned()))
    }
}

/// How long [`ListedPlay`] looks for the stalling move that leaves the fewest winning replies.
const STALLING_SEARCH_TIME: std::time::Duration = std::time::Duration::from_millis(500);

/// A move typed in the words the analyses print, `heap I: A -> B` or `heap I: A -> B + C` (the
/// `A ->` may be left out): the 0-based heap, the size typed before the arrow, and the parts after.
/// `None` when the input does not start with `heap`.
///
/// # Errors
///
/// Input that starts with `heap` but is not such a move.
pub fn parse_heap_move(input: &str) -> Option<Result<HeapMoveWords, Error>> {
    let rest = input.trim().strip_prefix("heap")?;
    let bad = || Error::bad_input("write a move as `heap 1: 7 -> 3` (or `heap 1: 7 -> 3 + 4`)");
    let parse = || -> Result<HeapMoveWords, Error> {
        let (index, sizes) = match rest.split_once(':') {
            Some((index, sizes)) => (index, sizes),
            None => rest
                .split_once("->")
                .map(|(i, _)| (i, rest))
                .ok_or_else(bad)?,
        };
        let index: usize = index
            .trim()
            .parse()
            .map_err(|_| Error::bad_input(format!("`{}` is not a heap number", index.trim())))?;
        let (from, to) = sizes.rsplit_once("->").ok_or_else(bad)?;
        let from = from.trim();
        let from = if from.is_empty() || !from.starts_with(|c: char| c.is_ascii_digit()) {
            None
        } else {
            Some(parse::parse_natural(from, "the heap's size")?)
        };
        let parts = to
            .split('+')
            .map(|w| parse::parse_natural(w.trim(), "the heap's new size"))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(HeapMoveWords {
            heap: index
                .checked_sub(1)
                .ok_or_else(|| Error::bad_input("heaps are numbered from 1"))?,
            from,
            parts,
        })
    };
    Some(parse())
}

/// A move typed as `heap I: A -> B [+ C]` (see [`parse_heap_move`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapMoveWords {
    /// The heap, 0-based.
    pub heap: usize,
    /// The size typed before the arrow, if any.
    pub from: Option<num_bigint::BigUint>,
    /// The sizes typed after it.
    pub parts: Vec<num_bigint::BigUint>,
}

impl HeapMoveWords {
    /// Checks the heap number and the size typed against `heaps`.
    ///
    /// # Errors
    ///
    /// No such heap, or a size that is not the heap's.
    pub fn check(&self, heaps: &[num_bigint::BigUint]) -> Result<(), Error> {
        let Some(size) = heaps.get(self.heap) else {
            return Err(Error::bad_input(format!(
                "there is no heap {}: the heaps are 1..={}",
                self.heap + 1,
                heaps.len()
            )));
        };
        match &self.from {
            Some(from) if from != size => Err(Error::bad_input(format!(
                "heap {} has {size} tokens, not {from}",
                self.heap + 1
            ))),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::wythoff;
    use crate::request::limits::Limits;
    use crate::request::options::AnalysisOptions;

    /// Fuzz finding 8: from a Wythoff P-position near the nim-value table's bound every candidate
    /// stalling move is a 2000 × 2000 table; the whole search took minutes before it was cut.
    #[test]
    fn stalling_in_a_large_wythoff_p_position_is_cut_short() {
        let limits = Limits::default();
        let analyse = move |p: &str, o: &AnalysisOptions| {
            wythoff::analyse(&p.split_whitespace().collect::<Vec<_>>(), o, &limits)
        };
        let game = ListedPlay::new("wythoff", false, Box::new(analyse))
            .with_checker(Box::new(wythoff::WythoffMoves));
        // (⌊763φ⌋, ⌊763φ²⌋) is a P-position: there is no winning move, so the engine stalls.
        assert!(game.analyse("1234 1997").unwrap().winning_moves.is_empty());
        let chosen = game.stalling_move("1234 1997").unwrap().expect("a move");
        let to = chosen.to.expect("the position after the move");
        assert!(!game.analyse(&to).unwrap().winning_moves.is_empty());
    }
}
