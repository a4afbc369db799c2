//! The genus of a position ([`Genus`]): a memoised search of whole positions, each position's
//! genus computed from its options' (see [`Genus::from_options`]), so no sum with nim heaps of 2
//! is ever searched.
//!
//! Like [`super::misere`], it asks [`Impartial::options`] of whole positions (misère values do not
//! add up, so a sum is not split). One map entry per whole position reached, each holding its
//! genus (a few words); iterative, any depth.

use std::collections::HashMap;
use std::hash::Hash;

use super::SolveError;
use crate::progress::SearchProgress;
use crate::value::Genus;
use crate::Impartial;

/// A position on the search path: the position, its options, the next option to look at.
type Frame<P> = (P, Vec<P>, usize);

/// Genera already computed, shared between calls (the heaps of one game, the components of a sum).
pub struct GenusMemo<P> {
    // `None` while the position is on the search path (a repeat is a cycle); else the genus and
    // whether the position is hereditarily tame (its genus and every follower's are tame).
    genera: HashMap<P, Option<(Genus, bool)>>,
    progress: Option<&'static SearchProgress>,
}

impl<P: Clone + Eq + Hash> GenusMemo<P> {
    /// An empty memo.
    pub fn new() -> GenusMemo<P> {
        GenusMemo {
            genera: HashMap::new(),
            progress: None,
        }
    }

    /// Counts the positions the searches store in `progress` (for a progress line).
    pub fn set_progress(&mut self, progress: Option<&'static SearchProgress>) {
        self.progress = progress;
    }

    /// The number of positions whose genus is stored.
    pub fn len(&self) -> usize {
        self.genera.len()
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.genera.is_empty()
    }

    /// Whether `position` (already searched) is hereditarily tame: its genus and the genus of
    /// every position it can reach are tame ([`Genus::is_tame`]). `None` if not searched.
    pub fn hereditarily_tame(&self, position: &P) -> Option<bool> {
        self.genera.get(position)?.as_ref().map(|(_, tame)| *tame)
    }
}

impl<P: Clone + Eq + Hash> Default for GenusMemo<P> {
    fn default() -> Self {
        GenusMemo::new()
    }
}

/// The genus of `position`.
///
/// # Errors
///
/// [`SolveError::Loop`] when a position is reachable from itself, and
/// [`SolveError::TooManyPositions`] when the memo would hold more than `max_positions`.
pub fn genus<G: Impartial>(
    game: &G,
    position: &G::Position,
    max_positions: usize,
) -> Result<Genus, SolveError> {
    genus_with(game, position, &mut GenusMemo::new(), max_positions)
}

/// [`genus`] with a memo kept between calls.
///
/// # Errors
///
/// As [`genus`]; on an error the memo keeps only finished positions.
pub fn genus_with<G: Impartial>(
    game: &G,
    position: &G::Position,
    memo: &mut GenusMemo<G::Position>,
    max_positions: usize,
) -> Result<Genus, SolveError> {
    if let Some(known) = memo.genera.get(position) {
        return known
            .as_ref()
            .map(|(g, _)| g.clone())
            .ok_or(SolveError::Loop);
    }
    let mut stack: Vec<Frame<G::Position>> = Vec::new();
    let result = search(game, position, memo, max_positions, &mut stack);
    if result.is_err() {
        for (p, _, _) in &stack {
            memo.genera.remove(p);
        }
    }
    result
}

fn search<G: Impartial>(
    game: &G,
    position: &G::Position,
    memo: &mut GenusMemo<G::Position>,
    max_positions: usize,
    stack: &mut Vec<Frame<G::Position>>,
) -> Result<Genus, SolveError> {
    let open = |memo: &mut GenusMemo<G::Position>, p: G::Position| {
        if memo.genera.len() >= max_positions {
            return Err(SolveError::TooManyPositions {
                limit: max_positions,
            });
        }
        let stored = memo.genera.len() as u64;
        if let Some(progress) = memo.progress.filter(|_| stored % SearchProgress::STEP == 0) {
            progress.add_positions(SearchProgress::STEP);
        }
        let mut options = Vec::new();
        game.options(&p, &mut options);
        memo.genera.insert(p.clone(), None);
        Ok((p, options, 0usize))
    };
    stack.push(open(memo, position.clone())?);
    loop {
        let (_, options, next) = stack.last_mut().expect("not empty");
        let mut descend = None;
        while *next < options.len() {
            match memo.genera.get(&options[*next]) {
                Some(Some(_)) => *next += 1,
                Some(None) => return Err(SolveError::Loop),
                None => {
                    descend = Some(options[*next].clone());
                    break;
                }
            }
        }
        if let Some(child) = descend {
            let frame = open(memo, child)?;
            stack.push(frame);
            continue;
        }
        let (p, options, _) = stack.pop().expect("not empty");
        let finished = |o: &G::Position| memo.genera[o].as_ref().expect("finished");
        let genus = Genus::from_options(options.iter().map(|o| &finished(o).0));
        let tame = genus.is_tame() && options.iter().all(|o| finished(o).1);
        memo.genera.insert(p, Some((genus.clone(), tame)));
        if stack.is_empty() {
            return Ok(genus);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nim::Nim;
    use crate::solve::misere;
    use crate::test_util::three_small_heaps;
    use crate::value::Outcome;

    #[test]
    fn the_genus_of_nim_positions_gives_the_misere_outcome() {
        for position in three_small_heaps() {
            let g = genus(&Nim, &position, 1 << 20).unwrap();
            assert_eq!(g.normal(), position[0] ^ position[1] ^ position[2]);
            let outcome = misere::outcome(&Nim, &position, 1 << 20).unwrap();
            assert_eq!(g.misere() == 0, outcome == Outcome::P, "{position:?}");
        }
    }
}
