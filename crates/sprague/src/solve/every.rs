//! Every-SG: on each turn the player to move makes a move in *every* component that still has one;
//! whoever makes the last move wins (Winning Ways, ch. 9: the continued conjunctive compound).
//!
//! Nim-values say nothing here; what decides is how long each component lasts. The winner of a
//! component wants it to last, the loser wants it over: a component's *steps* (its suspense
//! number) are 0 with no move; otherwise, when some option has an even number of steps (a
//! component lost for the player then to move), the largest such plus one (won: taken slow);
//! else the smallest of all plus one (lost: taken fast). A sum lasts as long as its longest
//! component, so its steps are the largest of its components', and the player to move wins iff
//! that number is odd. An option that leaves several components is scored the same way, by the
//! largest of their steps.

use std::collections::HashMap;

use super::SolveError;
use crate::Impartial;

/// The steps of positions already scored, shared between calls.
pub struct StepMemo<P> {
    // `None` while on the search path (a repeat is a cycle).
    steps: HashMap<P, Option<u64>>,
}

impl<P: Clone + Eq + std::hash::Hash> StepMemo<P> {
    /// An empty memo.
    pub fn new() -> StepMemo<P> {
        StepMemo {
            steps: HashMap::new(),
        }
    }
}

impl<P: Clone + Eq + std::hash::Hash> Default for StepMemo<P> {
    fn default() -> Self {
        StepMemo::new()
    }
}

/// The steps of `position` (a sum: the largest of its components' steps); odd means the player
/// to move wins the Every-SG game.
///
/// # Errors
///
/// [`SolveError::Loop`] on a cycle, [`SolveError::TooManyPositions`] past `max_positions`
/// components stored.
pub fn steps<G: Impartial>(
    game: &G,
    position: &G::Position,
    memo: &mut StepMemo<G::Position>,
    max_positions: usize,
) -> Result<u64, SolveError> {
    let mut components = Vec::new();
    game.components(position, &mut components);
    let mut most = 0;
    for c in &components {
        most = most.max(component_steps(game, c, memo, max_positions)?);
    }
    Ok(most)
}

/// The steps of one component.
///
/// # Errors
///
/// As [`steps`].
pub fn component_steps<G: Impartial>(
    game: &G,
    component: &G::Position,
    memo: &mut StepMemo<G::Position>,
    max_positions: usize,
) -> Result<u64, SolveError> {
    if let Some(known) = memo.steps.get(component) {
        return known.ok_or(SolveError::Loop);
    }
    // Explicit stack: (component, its options each split into components, next option).
    type Frame<P> = (P, Vec<Vec<P>>, usize);
    let open = |memo: &mut StepMemo<G::Position>, p: G::Position| -> Result<Frame<_>, _> {
        if memo.steps.len() >= max_positions {
            return Err(SolveError::TooManyPositions {
                limit: max_positions,
            });
        }
        let mut options = Vec::new();
        game.options(&p, &mut options);
        let split = options
            .iter()
            .map(|o| {
                let mut parts = Vec::new();
                game.components(o, &mut parts);
                parts
            })
            .collect();
        memo.steps.insert(p.clone(), None);
        Ok((p, split, 0))
    };
    let mut stack: Vec<Frame<G::Position>> = Vec::new();
    let result = (|| {
        stack.push(open(memo, component.clone())?);
        loop {
            let mut descend = None;
            {
                let (_, options, next) = stack.last_mut().expect("not empty");
                'options: while *next < options.len() {
                    for part in &options[*next] {
                        match memo.steps.get(part) {
                            Some(Some(_)) => {}
                            Some(None) => return Err(SolveError::Loop),
                            None => {
                                descend = Some(part.clone());
                                break 'options;
                            }
                        }
                    }
                    *next += 1;
                }
            }
            if let Some(child) = descend {
                let frame = open(memo, child)?;
                stack.push(frame);
                continue;
            }
            let (p, options, _) = stack.pop().expect("not empty");
            let option_steps = options.iter().map(|parts| {
                parts
                    .iter()
                    .map(|c| memo.steps[c].expect("finished"))
                    .max()
                    .unwrap_or(0)
            });
            let s = steps_from_options(option_steps);
            memo.steps.insert(p, Some(s));
            if stack.is_empty() {
                return Ok(s);
            }
        }
    })();
    if result.is_err() {
        for (p, _, _) in &stack {
            memo.steps.remove(p);
        }
    }
    result
}

/// A component's steps from its options' (each option's the largest of its parts'): 0 with no
/// option; the largest even one plus one when there is an even one; else the smallest plus one.
pub fn steps_from_options(options: impl IntoIterator<Item = u64>) -> u64 {
    let mut any = false;
    let mut longest_even: Option<u64> = None;
    let mut shortest = u64::MAX;
    for s in options {
        any = true;
        if s % 2 == 0 {
            longest_even = Some(longest_even.map_or(s, |e| e.max(s)));
        }
        shortest = shortest.min(s);
    }
    match (any, longest_even) {
        (false, _) => 0,
        (true, Some(e)) => e + 1,
        (true, None) => shortest + 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::lasker::Lasker;
    use crate::games::nim::Nim;

    /// The Every-SG game played out: a position is a list of heaps; a turn moves in every heap
    /// that can move (`moves` of each heap, each leaving a list of heaps); true when the player to
    /// move wins.
    fn brute_force(heaps: &[u64], moves: &dyn Fn(u64) -> Vec<Vec<u64>>) -> bool {
        let live: Vec<u64> = heaps
            .iter()
            .copied()
            .filter(|&h| !moves(h).is_empty())
            .collect();
        if live.is_empty() {
            return false;
        }
        // Every joint move: one option per live heap.
        let mut joint: Vec<Vec<u64>> = vec![Vec::new()];
        for &h in &live {
            let mut next = Vec::new();
            for partial in &joint {
                for option in moves(h) {
                    let mut p = partial.clone();
                    p.extend(option);
                    next.push(p);
                }
            }
            joint = next;
        }
        joint.iter().any(|after| !brute_force(after, moves))
    }

    #[test]
    fn the_steps_rule_agrees_with_playing_every_sg_out() {
        let nim_moves = |h: u64| (0..h).map(|k| vec![k]).collect::<Vec<_>>();
        let lasker_moves = |h: u64| {
            let mut res: Vec<Vec<u64>> = (0..h).map(|k| vec![k]).collect();
            for a in 1..=h / 2 {
                if a < h {
                    res.push(vec![a, h - a]);
                }
            }
            res
        };
        let mut memo = StepMemo::new();
        let mut lasker_memo = StepMemo::new();
        for a in 0..5u64 {
            for b in 0..5u64 {
                for c in 0..4u64 {
                    let heaps = vec![a, b, c];
                    let s = steps(&Nim, &heaps, &mut memo, 1 << 20).unwrap();
                    assert_eq!(s % 2 == 1, brute_force(&heaps, &nim_moves), "nim {heaps:?}");
                    let s = steps(&Lasker, &heaps, &mut lasker_memo, 1 << 20).unwrap();
                    assert_eq!(
                        s % 2 == 1,
                        brute_force(&heaps, &lasker_moves),
                        "lasker {heaps:?}"
                    );
                }
            }
        }
    }
}
