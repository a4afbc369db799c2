//! Memoised search for acyclic games whose positions can be hashed.
//!
//! Every component reached is valued once and kept in a hash map; a position that is a sum is
//! valued by XOR of its components (Multi-SG), so a move that splits a heap costs no more than the
//! heaps it leaves. The search runs on an explicit stack, so a game ten million moves deep needs
//! heap memory, not call-stack depth.
//!
//! Cost: one map entry per distinct component reached, and time proportional to the moves
//! examined. [`MemoSolver::outcome`] stops at the first winning option of a single-component
//! position, which can leave most of the game unexplored. For an explicit graph,
//! [`GameGraph`](super::GameGraph) is faster; for games with cycles, use
//! [`explore`](super::explore) and [`retrograde`](super::retrograde).

// FxHash: the keys are positions the game generates, and SipHash took an eighth of the time of
// a Kayles table written in Python (0.90 s to 0.79 s; one lookup per part of every option).
use rustc_hash::FxHashMap as HashMap;

use super::SolveError;
use crate::value::{nim_sum, MexSet, Nimber, Outcome};
use crate::Impartial;

/// A winning move found by [`MemoSolver::winning_moves`]: which component to move in, and the
/// option of that component to move to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningMove<P> {
    /// Index of the component in the order [`Impartial::components`] gave.
    pub component: usize,
    /// The option of that component the move goes to (itself possibly a sum).
    pub option: P,
}

#[derive(Clone, Copy)]
enum Slot {
    InProgress,
    Done(Nimber),
}

#[derive(Clone, Copy)]
enum WinSlot {
    InProgress,
    Done(bool),
}

/// A memoising solver for one ruleset. Keep it alive across positions of the same ruleset: the
/// values it has learnt are reused (the seeds' point about not clearing the table between cases).
pub struct MemoSolver<'g, G: Impartial> {
    game: &'g G,
    values: HashMap<G::Position, Slot>,
    wins: HashMap<G::Position, WinSlot>,
    max_positions: usize,
    mex_set: MexSet,
}

struct Frame<P> {
    component: P,
    // The options, each already split into components, flattened; `ends[i]` is where option i's
    // components end in `parts`.
    parts: Vec<P>,
    ends: Vec<usize>,
    next_part: usize,
    // The values of `parts[..next_part]`, read as the search passes them (one lookup a part).
    part_values: Vec<Nimber>,
}

/// What a [`MemoSolver`] has learnt, kept apart from the game it borrows: a front end whose solver
/// cannot outlive one call (the Python package's games, whose rules are Python functions) hands
/// it from one solver to the next with [`MemoSolver::into_memo`] and [`MemoSolver::with_memo`].
pub struct Memo<P> {
    values: HashMap<P, Slot>,
    wins: HashMap<P, WinSlot>,
}

impl<P> Default for Memo<P> {
    fn default() -> Self {
        Memo {
            values: HashMap::default(),
            wins: HashMap::default(),
        }
    }
}

impl<P> Memo<P> {
    /// How many components have a stored nim-value or outcome.
    pub fn len(&self) -> usize {
        self.values.len() + self.wins.len()
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl<'g, G: Impartial> MemoSolver<'g, G> {
    /// A solver that starts from `memo`, learnt by an earlier solver of the same ruleset, and
    /// stores at most `max_positions` components.
    pub fn with_memo(game: &'g G, memo: Memo<G::Position>, max_positions: usize) -> Self {
        MemoSolver {
            game,
            values: memo.values,
            wins: memo.wins,
            max_positions,
            mex_set: MexSet::new(),
        }
    }

    /// What this solver has learnt, for a later solver of the same ruleset. Searches cut short by
    /// an error leave nothing behind: only finished values are kept.
    pub fn into_memo(self) -> Memo<G::Position> {
        let mut values = self.values;
        let mut wins = self.wins;
        values.retain(|_, slot| matches!(slot, Slot::Done(_)));
        wins.retain(|_, slot| matches!(slot, WinSlot::Done(_)));
        Memo { values, wins }
    }

    /// A solver with no limit on the positions stored.
    pub fn new(game: &'g G) -> Self {
        MemoSolver::with_limit(game, usize::MAX)
    }

    /// A solver that gives up with [`SolveError::TooManyPositions`] rather than store more than
    /// `max_positions` components.
    pub fn with_limit(game: &'g G, max_positions: usize) -> Self {
        MemoSolver {
            game,
            values: HashMap::default(),
            wins: HashMap::default(),
            max_positions,
            mex_set: MexSet::new(),
        }
    }

    /// How many components have a stored nim-value or outcome.
    pub fn len(&self) -> usize {
        self.values.len() + self.wins.len()
    }

    /// Whether nothing is stored yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Splits a position into its components.
    pub fn components(&self, position: &G::Position) -> Vec<G::Position> {
        let mut res = Vec::new();
        self.game.components(position, &mut res);
        res
    }

    /// The nim-value of `position`.
    ///
    /// # Errors
    ///
    /// [`SolveError::Loop`] when a position is reachable from itself, and
    /// [`SolveError::TooManyPositions`] past the limit.
    pub fn grundy_value(&mut self, position: &G::Position) -> Result<Nimber, SolveError> {
        let components = self.components(position);
        let mut res = Nimber::ZERO;
        for c in &components {
            res ^= self.component_value(c)?;
        }
        Ok(res)
    }

    /// The nim-value of a single component.
    pub fn component_value(&mut self, component: &G::Position) -> Result<Nimber, SolveError> {
        match self.values.get(component) {
            Some(Slot::Done(v)) => return Ok(*v),
            Some(Slot::InProgress) => return Err(SolveError::Loop),
            None => {}
        }
        let mut stack = vec![self.open_frame(component.clone())?];
        while let Some(frame) = stack.last_mut() {
            // Descend into the first part whose value is still unknown.
            let mut child = None;
            while frame.next_part < frame.parts.len() {
                match self.values.get(&frame.parts[frame.next_part]) {
                    Some(Slot::Done(v)) => {
                        frame.part_values.push(*v);
                        frame.next_part += 1;
                    }
                    Some(Slot::InProgress) => {
                        self.abandon(&stack);
                        return Err(SolveError::Loop);
                    }
                    None => {
                        child = Some(frame.parts[frame.next_part].clone());
                        break;
                    }
                }
            }
            if let Some(child) = child {
                match self.open_frame(child) {
                    Ok(f) => stack.push(f),
                    Err(e) => {
                        self.abandon(&stack);
                        return Err(e);
                    }
                }
                continue;
            }
            let frame = stack.pop().expect("the stack is not empty");
            let mut option_values = Vec::with_capacity(frame.ends.len());
            let mut start = 0;
            for &end in &frame.ends {
                option_values.push(nim_sum(frame.part_values[start..end].iter().copied()));
                start = end;
            }
            let value = Nimber::new(
                self.mex_set
                    .mex(option_values.len(), option_values.iter().map(|v| v.value())),
            );
            self.values.insert(frame.component, Slot::Done(value));
        }
        Ok(self.known(component))
    }

    fn known(&self, component: &G::Position) -> Nimber {
        match self.values.get(component) {
            Some(Slot::Done(v)) => *v,
            _ => unreachable!("every part is valued before its parent"),
        }
    }

    fn open_frame(&mut self, component: G::Position) -> Result<Frame<G::Position>, SolveError> {
        if self.len() >= self.max_positions {
            return Err(SolveError::TooManyPositions {
                limit: self.max_positions,
            });
        }
        let mut options = Vec::new();
        self.game.options(&component, &mut options);
        let mut parts = Vec::with_capacity(options.len());
        let mut ends = Vec::with_capacity(options.len());
        for option in &options {
            self.game.components(option, &mut parts);
            ends.push(parts.len());
        }
        self.values.insert(component.clone(), Slot::InProgress);
        let part_values = Vec::with_capacity(parts.len());
        Ok(Frame {
            component,
            parts,
            ends,
            next_part: 0,
            part_values,
        })
    }

    // Forgets the components left in progress, so the solver stays usable after an error.
    fn abandon(&mut self, stack: &[Frame<G::Position>]) {
        for frame in stack {
            self.values.remove(&frame.component);
        }
    }

    /// The outcome of `position`: `N` if the player to move wins, else `P`.
    ///
    /// A single-component position is searched for a winning option and the search stops at the
    /// first one found; a sum is decided by the nim-values of its components.
    ///
    /// # Errors
    ///
    /// As [`MemoSolver::grundy_value`].
    pub fn outcome(&mut self, position: &G::Position) -> Result<Outcome, SolveError> {
        let components = self.components(position);
        let win = match components.len() {
            0 => false,
            1 => self.component_wins(&components[0])?,
            _ => !self.grundy_value(position)?.is_zero(),
        };
        Ok(if win { Outcome::N } else { Outcome::P })
    }

    // Whether the player to move in a single component wins; early exit at the first lost option.
    fn component_wins(&mut self, component: &G::Position) -> Result<bool, SolveError> {
        if let Some(Slot::Done(v)) = self.values.get(component) {
            return Ok(!v.is_zero());
        }
        match self.wins.get(component) {
            Some(WinSlot::Done(w)) => return Ok(*w),
            Some(WinSlot::InProgress) => return Err(SolveError::Loop),
            None => {}
        }
        // Each frame: the component and its options (unsplit), and the next option to look at.
        let mut stack: Vec<(G::Position, Vec<G::Position>, usize)> = Vec::new();
        let open = |solver: &mut Self, c: G::Position| {
            if solver.len() >= solver.max_positions {
                return Err(SolveError::TooManyPositions {
                    limit: solver.max_positions,
                });
            }
            let mut options = Vec::new();
            solver.game.options(&c, &mut options);
            solver.wins.insert(c.clone(), WinSlot::InProgress);
            Ok((c, options, 0))
        };
        stack.push(open(self, component.clone())?);
        let mut failure = None;
        // `child_result` carries the outcome of the frame just popped to its parent.
        let mut child_result: Option<bool> = None;
        while let Some((_, options, next)) = stack.last_mut() {
            if let Some(child_wins) = child_result.take() {
                if !child_wins {
                    let (c, _, _) = stack.pop().expect("not empty");
                    self.wins.insert(c, WinSlot::Done(true));
                    child_result = Some(true);
                    continue;
                }
                *next += 1;
            }
            let mut descend = None;
            let mut won = false;
            while *next < options.len() {
                let mut parts = Vec::new();
                self.game.components(&options[*next], &mut parts);
                let option_wins = match parts.len() {
                    0 => Some(false),
                    1 => {
                        if let Some(Slot::Done(v)) = self.values.get(&parts[0]) {
                            Some(!v.is_zero())
                        } else {
                            match self.wins.get(&parts[0]) {
                                Some(WinSlot::Done(w)) => Some(*w),
                                Some(WinSlot::InProgress) => {
                                    failure = Some(SolveError::Loop);
                                    break;
                                }
                                None => {
                                    descend = parts.pop();
                                    None
                                }
                            }
                        }
                    }
                    _ => {
                        let mut total = Nimber::ZERO;
                        for p in &parts {
                            match self.component_value(p) {
                                Ok(v) => total ^= v,
                                Err(e) => {
                                    failure = Some(e);
                                    break;
                                }
                            }
                        }
                        if failure.is_some() {
                            break;
                        }
                        Some(!total.is_zero())
                    }
                };
                match option_wins {
                    Some(false) => {
                        won = true;
                        break;
                    }
                    Some(true) => *next += 1,
                    None => break,
                }
            }
            if failure.is_some() {
                break;
            }
            if let Some(child) = descend {
                match open(self, child) {
                    Ok(frame) => stack.push(frame),
                    Err(e) => {
                        failure = Some(e);
                        break;
                    }
                }
                continue;
            }
            let (c, _, _) = stack.pop().expect("not empty");
            self.wins.insert(c, WinSlot::Done(won));
            child_result = Some(won);
        }
        if let Some(e) = failure {
            for (c, _, _) in &stack {
                self.wins.remove(c);
            }
            return Err(e);
        }
        Ok(child_result.expect("the root frame was decided"))
    }

    /// Every winning move from `position`: each (component, option) after which the whole sum has
    /// nim-value 0, in the order of the components and of the ruleset's options.
    ///
    /// # Errors
    ///
    /// As [`MemoSolver::grundy_value`].
    pub fn winning_moves(
        &mut self,
        position: &G::Position,
    ) -> Result<Vec<WinningMove<G::Position>>, SolveError> {
        let components = self.components(position);
        let mut res = Vec::new();
        if components.len() == 1 {
            // One component: the winning options are the lost ones, found without nim-values.
            let mut options = Vec::new();
            self.game.options(&components[0], &mut options);
            for option in options {
                if self.outcome(&option)? == Outcome::P {
                    res.push(WinningMove {
                        component: 0,
                        option,
                    });
                }
            }
            return Ok(res);
        }
        let mut values = Vec::with_capacity(components.len());
        for c in &components {
            values.push(self.component_value(c)?);
        }
        let total = nim_sum(values.iter().copied());
        if total.is_zero() {
            return Ok(res);
        }
        for (idx, c) in components.iter().enumerate() {
            let target = values[idx] ^ total;
            let mut options = Vec::new();
            self.game.options(c, &mut options);
            for option in options {
                if self.grundy_value(&option)? == target {
                    res.push(WinningMove {
                        component: idx,
                        option,
                    });
                }
            }
        }
        Ok(res)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct TakeOneTwoThree;
    impl Impartial for TakeOneTwoThree {
        type Position = u64;
        fn options(&self, heap: &u64, options: &mut Vec<u64>) {
            options.extend((1..=3).filter(|&t| t <= *heap).map(|t| heap - t));
        }
    }

    #[test]
    fn a_memo_handed_on_keeps_its_values() {
        let game = TakeOneTwoThree;
        let mut first = MemoSolver::new(&game);
        assert_eq!(first.grundy_value(&10).unwrap().value(), 2);
        let learnt = first.len();
        let memo = first.into_memo();
        assert_eq!(memo.len(), learnt);
        let second = MemoSolver::with_memo(&game, memo, usize::MAX);
        assert_eq!(second.len(), learnt);
        // Known values are read, not searched: the limit of one more position is not reached.
        let mut third = MemoSolver::with_memo(&game, second.into_memo(), learnt);
        assert_eq!(third.grundy_value(&9).unwrap().value(), 1);
        assert!(third.grundy_value(&12).is_err());
    }
}
