//! The parts of sums, each numbered once and valued: what the solvers that search sums of parts
//! share (Every-SG's steps in [`super::every`], the remoteness in [`super::remoteness`]).
//!
//! A part is a component of [`Impartial::components`]. Valuing one splits each of its options
//! into parts, numbers them (valuing them first, on an explicit stack), and keeps each option as
//! the sorted numbers of the parts it leaves that still have a move, with their nim-values' XOR;
//! the part's own nim-value is the mex of those. A sum is then known by the sorted numbers of its
//! parts that have a move (a part with none adds no move to a sum).

// FxHash: the keys are parts the game generates and short lists of part numbers.
use rustc_hash::FxHashMap as HashMap;

use super::SolveError;
use crate::Impartial;

/// A part as the solvers know it, by its number.
pub(super) type Id = u32;

/// A part on the valuing path: its number, its options each split into parts, the next option
/// and the next part of it to look at.
type PartFrame<P> = (Id, Vec<Vec<P>>, usize, usize);

/// A part known to the solver.
pub(super) struct Part {
    /// Each option: the parts it leaves that still have a move (sorted), and their nim-values'
    /// XOR. A part with no option is finished (nim-value 0) and left out of every sum.
    pub(super) options: Vec<(Box<[Id]>, u64)>,
    /// The nim-value: the mex of the options' XORs.
    pub(super) value: u64,
    /// False while its options are being valued (a repeat is a cycle).
    done: bool,
}

/// When a solver counts a part's options in [`Budget::units`] (each solver its own way: what
/// the count bounds differs).
#[derive(Clone, Copy)]
pub(super) enum OptionUnits {
    /// As stored once valued: 6 units an option and one for every two parts it leaves.
    Valued,
    /// As generated, on the valuing path too: 4 units an option and 2 a part it leaves.
    Generated,
}

/// What a sum solver may keep and do: at most `max_positions` parts and sums, with `units` (of
/// about 10 bytes, 16 to a position) for the options and keys they hold, and at most `max_work`
/// options looked at.
pub(super) struct Budget {
    pub(super) max_positions: usize,
    pub(super) units: usize,
    pub(super) work: u64,
    pub(super) max_work: u64,
}

impl Budget {
    /// Room for `max_positions` positions, no bound on the work.
    pub(super) fn new(max_positions: usize) -> Budget {
        Budget {
            max_positions,
            units: 0,
            work: 0,
            max_work: u64::MAX,
        }
    }

    /// The positions `stored` (parts and sums), with the units counted in.
    pub(super) fn len(&self, stored: usize) -> usize {
        stored + self.units / 16
    }

    /// An error when `stored` positions leave no room for another.
    pub(super) fn check_room(&self, stored: usize) -> Result<(), SolveError> {
        if self.len(stored) >= self.max_positions {
            return Err(SolveError::TooManyPositions {
                limit: self.max_positions,
            });
        }
        Ok(())
    }

    /// Counts `options` more looked at; an error past `max_work`.
    pub(super) fn add_work(&mut self, options: usize) -> Result<(), SolveError> {
        self.work = self.work.saturating_add(options as u64);
        if self.work > self.max_work {
            return Err(SolveError::TooMuchWork {
                limit: self.max_work,
            });
        }
        Ok(())
    }
}

/// The parts met so far, numbered in the order they were first met.
pub(super) struct Parts<'g, G: Impartial> {
    game: &'g G,
    ids: HashMap<G::Position, Id>,
    parts: Vec<Part>,
    counting: OptionUnits,
}

impl<'g, G: Impartial> Parts<'g, G> {
    /// No part yet; options counted in the budget's units as `counting` says.
    pub(super) fn new(game: &'g G, counting: OptionUnits) -> Self {
        Parts {
            game,
            ids: HashMap::default(),
            parts: Vec::new(),
            counting,
        }
    }

    /// The game the parts are of.
    pub(super) fn game(&self) -> &'g G {
        self.game
    }

    /// The parts stored.
    pub(super) fn len(&self) -> usize {
        self.parts.len()
    }

    /// Forgets every part (after a failed search: those on its path are unfinished).
    pub(super) fn clear(&mut self) {
        self.ids.clear();
        self.parts.clear();
    }

    /// The key of a sum of `parts` (each a component): the sorted numbers of those with a move.
    /// `sums`: the sums the solver stores besides the parts (for the room left in `budget`).
    pub(super) fn key_of(
        &mut self,
        parts: &[G::Position],
        sums: usize,
        budget: &mut Budget,
    ) -> Result<Box<[Id]>, SolveError> {
        let mut key = Vec::with_capacity(parts.len());
        for p in parts {
            let id = self.part(p, sums, budget)?;
            if !self.parts[id as usize].options.is_empty() {
                key.push(id);
            }
        }
        key.sort_unstable();
        Ok(key.into_boxed_slice())
    }

    /// The number of part `p`, valuing it and every part it reaches first (explicit stack).
    fn part(
        &mut self,
        p: &G::Position,
        sums: usize,
        budget: &mut Budget,
    ) -> Result<Id, SolveError> {
        if let Some(&id) = self.ids.get(p) {
            return if self.parts[id as usize].done {
                Ok(id)
            } else {
                Err(SolveError::Loop)
            };
        }
        let mut stack: Vec<PartFrame<G::Position>> = vec![self.open(p.clone(), sums, budget)?];
        loop {
            let mut descend = None;
            {
                let (_, options, next, within) = stack.last_mut().expect("not empty");
                'options: while *next < options.len() {
                    while *within < options[*next].len() {
                        let q = &options[*next][*within];
                        match self.ids.get(q) {
                            Some(&id) if self.parts[id as usize].done => *within += 1,
                            Some(_) => return Err(SolveError::Loop),
                            None => {
                                descend = Some(q.clone());
                                break 'options;
                            }
                        }
                    }
                    *next += 1;
                    *within = 0;
                }
            }
            if let Some(q) = descend {
                let frame = self.open(q, sums, budget)?;
                stack.push(frame);
                continue;
            }
            let (id, options, _, _) = stack.pop().expect("not empty");
            let mut valued: Vec<(Box<[Id]>, u64)> = Vec::with_capacity(options.len());
            for option in &options {
                let mut key = Vec::with_capacity(option.len());
                let mut xor = 0;
                for q in option {
                    let q_id = self.ids[q];
                    let q_part = &self.parts[q_id as usize];
                    xor ^= q_part.value;
                    if !q_part.options.is_empty() {
                        key.push(q_id);
                    }
                }
                key.sort_unstable();
                valued.push((key.into_boxed_slice(), xor));
            }
            let mut seen: Vec<u64> = valued.iter().map(|&(_, v)| v).collect();
            seen.sort_unstable();
            seen.dedup();
            let value = seen
                .iter()
                .enumerate()
                .find(|&(i, &v)| v != i as u64)
                .map_or(seen.len() as u64, |(i, _)| i as u64);
            if let OptionUnits::Valued = self.counting {
                budget.units += valued
                    .iter()
                    .map(|(left, _)| 6 + left.len() / 2)
                    .sum::<usize>();
            }
            let part = &mut self.parts[id as usize];
            part.options = valued;
            part.value = value;
            part.done = true;
            if stack.is_empty() {
                return Ok(id);
            }
        }
    }

    /// Numbers `p`, its options generated and split, once the budget has room.
    fn open(
        &mut self,
        p: G::Position,
        sums: usize,
        budget: &mut Budget,
    ) -> Result<PartFrame<G::Position>, SolveError> {
        budget.check_room(self.parts.len() + sums)?;
        let mut options = Vec::new();
        self.game.options(&p, &mut options);
        budget.add_work(options.len())?;
        let split: Vec<Vec<G::Position>> = options
            .iter()
            .map(|o| {
                let mut parts = Vec::new();
                self.game.components(o, &mut parts);
                parts
            })
            .collect();
        if let OptionUnits::Generated = self.counting {
            budget.units = budget
                .units
                .saturating_add(split.iter().map(|parts| 4 + 2 * parts.len()).sum());
        }
        let id = Id::try_from(self.parts.len()).map_err(|_| SolveError::TooManyPositions {
            limit: budget.max_positions,
        })?;
        self.ids.insert(p, id);
        self.parts.push(Part {
            options: Vec::new(),
            value: 0,
            done: false,
        });
        Ok((id, split, 0, 0))
    }
}

impl<G: Impartial> std::ops::Index<Id> for Parts<'_, G> {
    type Output = Part;

    fn index(&self, id: Id) -> &Part {
        &self.parts[id as usize]
    }
}
