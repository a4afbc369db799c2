//! Misère play: the player who makes the last move loses.
//!
//! Nim-values do not add up under misère play, so a sum cannot be split into components: this
//! solver searches whole positions, asking [`Impartial::options`] of the whole position (the
//! ruleset must then give the moves of every component, as rulesets over sums do). Memoised,
//! iterative (explicit stack), and it stops at the first winning option. Cost: one map entry per
//! whole position reached — exponentially more than normal play for sums, so it carries a limit.

use std::collections::HashMap;

use super::SolveError;
use crate::progress::SearchProgress;
use crate::value::Outcome;
use crate::Impartial;

/// The misère outcome of `position`: `N` when the player to move can force the opponent to make
/// the last move.
///
/// # Errors
///
/// [`SolveError::Loop`] when a position is reachable from itself, and
/// [`SolveError::TooManyPositions`] past `max_positions`.
pub fn outcome<G: Impartial>(
    game: &G,
    position: &G::Position,
    max_positions: usize,
) -> Result<Outcome, SolveError> {
    let win = MisereSolver::new(game, max_positions).wins(position, &mut |_| None)?;
    Ok(if win { Outcome::N } else { Outcome::P })
}

/// Every option of `position` that is lost for the player then to move under misère play.
///
/// # Errors
///
/// As [`outcome`].
pub fn winning_moves<G: Impartial>(
    game: &G,
    position: &G::Position,
    max_positions: usize,
) -> Result<Vec<G::Position>, SolveError> {
    let mut solver = MisereSolver::new(game, max_positions);
    let mut options = Vec::new();
    game.options(position, &mut options);
    let mut res = Vec::new();
    for option in options {
        if !solver.wins(&option, &mut |_| None)? {
            res.push(option);
        }
    }
    Ok(res)
}

/// A misère search whose memo is kept between questions (the options of one position share most
/// of their followers).
pub struct MisereSolver<'g, G: Impartial> {
    game: &'g G,
    memo: HashMap<G::Position, Option<bool>>,
    max_positions: usize,
    progress: Option<&'static SearchProgress>,
}

impl<'g, G: Impartial> MisereSolver<'g, G> {
    /// A solver that stores at most `max_positions` positions.
    pub fn new(game: &'g G, max_positions: usize) -> Self {
        MisereSolver {
            game,
            memo: HashMap::new(),
            max_positions,
            progress: None,
        }
    }

    /// Counts the positions the searches store in `progress` (for a progress line).
    pub fn set_progress(&mut self, progress: Option<&'static SearchProgress>) {
        self.progress = progress;
    }

    /// Whether the player to move at `position` wins under misère play. `known` may answer a
    /// position without a search (`Some(true)`: won), e.g. by a theorem on its parts; the search
    /// asks it of every position before opening it.
    ///
    /// # Errors
    ///
    /// As [`outcome`].
    pub fn wins(
        &mut self,
        position: &G::Position,
        known: &mut dyn FnMut(&G::Position) -> Option<bool>,
    ) -> Result<bool, SolveError> {
        is_win(
            self.game,
            position,
            &mut self.memo,
            self.max_positions,
            self.progress,
            known,
        )
    }

    /// The number of positions stored.
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }
}

/// `memo`: `Some(win)` when decided, `None` while on the search path.
fn is_win<G: Impartial>(
    game: &G,
    position: &G::Position,
    memo: &mut HashMap<G::Position, Option<bool>>,
    max_positions: usize,
    progress: Option<&'static SearchProgress>,
    known: &mut dyn FnMut(&G::Position) -> Option<bool>,
) -> Result<bool, SolveError> {
    if let Some(known) = memo.get(position) {
        return known.ok_or(SolveError::Loop);
    }
    if let Some(win) = known(position) {
        return Ok(win);
    }
    let open = |memo: &mut HashMap<G::Position, Option<bool>>, p: G::Position| {
        if memo.len() >= max_positions {
            return Err(SolveError::TooManyPositions {
                limit: max_positions,
            });
        }
        if let Some(progress) = progress.filter(|_| memo.len() as u64 % SearchProgress::STEP == 0) {
            progress.add_positions(SearchProgress::STEP);
        }
        let mut options = Vec::new();
        game.options(&p, &mut options);
        memo.insert(p.clone(), None);
        Ok((p, options, 0usize))
    };
    let mut stack = vec![open(memo, position.clone())?];
    let mut result = false;
    let mut returning: Option<bool> = None;
    while let Some((_, options, next)) = stack.last_mut() {
        if let Some(child_wins) = returning.take() {
            if !child_wins {
                let (p, _, _) = stack.pop().expect("not empty");
                memo.insert(p, Some(true));
                returning = Some(true);
                result = true;
                continue;
            }
            *next += 1;
        }
        let mut descend = None;
        let mut won = false;
        // With no option at all, the player to move has won: the opponent made the last move.
        let no_moves = options.is_empty();
        while *next < options.len() {
            match memo.get(&options[*next]) {
                Some(Some(true)) => *next += 1,
                Some(Some(false)) => {
                    won = true;
                    break;
                }
                Some(None) => {
                    for (p, _, _) in &stack {
                        memo.remove(p);
                    }
                    return Err(SolveError::Loop);
                }
                None => match known(&options[*next]) {
                    Some(true) => *next += 1,
                    Some(false) => {
                        won = true;
                        break;
                    }
                    None => {
                        descend = Some(options[*next].clone());
                        break;
                    }
                },
            }
        }
        if let Some(child) = descend {
            match open(memo, child) {
                Ok(frame) => stack.push(frame),
                Err(e) => {
                    for (p, _, _) in &stack {
                        memo.remove(p);
                    }
                    return Err(e);
                }
            }
            continue;
        }
        let win = won || no_moves;
        let (p, _, _) = stack.pop().expect("not empty");
        memo.insert(p, Some(win));
        returning = Some(win);
        result = win;
    }
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nim::{misere_is_win, Nim};
    use crate::test_util::{bigs, three_small_heaps};

    #[test]
    fn misere_search_agrees_with_the_anti_nim_rule() {
        for position in three_small_heaps() {
            let expected = if misere_is_win(&bigs(&position)) {
                Outcome::N
            } else {
                Outcome::P
            };
            assert_eq!(
                outcome(&Nim, &position, 1 << 20).unwrap(),
                expected,
                "{position:?}"
            );
        }
    }
}
