//! Misère play: the player who makes the last move loses.
//!
//! Nim-values do not add up under misère play, so a sum cannot be split into components: this
//! solver searches whole positions, asking [`Impartial::options`] of the whole position (the
//! ruleset must then give the moves of every component, as rulesets over sums do). Memoised,
//! iterative (explicit stack), and it stops at the first winning option. Cost: one map entry per
//! whole position reached — exponentially more than normal play for sums, so it carries a limit.

use std::collections::HashMap;

use super::SolveError;
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
    let mut memo = HashMap::new();
    let win = is_win(game, position, &mut memo, max_positions)?;
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
    let mut memo = HashMap::new();
    let mut options = Vec::new();
    game.options(position, &mut options);
    let mut res = Vec::new();
    for option in options {
        if !is_win(game, &option, &mut memo, max_positions)? {
            res.push(option);
        }
    }
    Ok(res)
}

/// `memo`: `Some(win)` when decided, `None` while on the search path.
fn is_win<G: Impartial>(
    game: &G,
    position: &G::Position,
    memo: &mut HashMap<G::Position, Option<bool>>,
    max_positions: usize,
) -> Result<bool, SolveError> {
    if let Some(known) = memo.get(position) {
        return known.ok_or(SolveError::Loop);
    }
    let open = |memo: &mut HashMap<G::Position, Option<bool>>, p: G::Position| {
        if memo.len() >= max_positions {
            return Err(SolveError::TooManyPositions {
                limit: max_positions,
            });
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
                None => {
                    descend = Some(options[*next].clone());
                    break;
                }
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
    use num_bigint::BigUint;

    #[test]
    fn misere_search_agrees_with_the_anti_nim_rule() {
        for a in 0..5u64 {
            for b in 0..5u64 {
                for c in 0..4u64 {
                    let position = vec![a, b, c];
                    let big: Vec<BigUint> = position.iter().map(|&h| BigUint::from(h)).collect();
                    let expected = if misere_is_win(&big) {
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
    }
}
