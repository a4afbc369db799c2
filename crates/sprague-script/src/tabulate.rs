//! Tables of a scripted game by the compiled code: the fast path of `table script`.
//!
//! The general solver keeps every position as a sorted list of parts in a hash map, and asks the
//! game for whole positions; a table of a game of integers or pairs pays for that on every move.
//! Here the values of the integers `0..=N` (or of the pairs of a grid) live in a plain array, a
//! move's value is read straight from the compiled `moves`' result (an integer, a pair, or a
//! `split` of them, XOR-ed), and `normalize` is asked once per position met rather than once per
//! move: the value of a position is the value of its normal form, kept under the position as
//! written.
//!
//! It answers only when it can answer exactly as the general solver would: at the first trap of
//! the compiled code, a position reached from itself, or more positions than allowed, it gives up
//! and the caller runs the general solver, which words any error.

use std::collections::HashMap;

use crate::compiled::{Trap, Value};
use crate::{Atom, ScriptGame};

/// A position as the table keys it: integers and pairs without allocating.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Int(i64),
    Pair(i64, i64),
    Other(Atom),
}

impl Key {
    fn to_atom(&self) -> Atom {
        match self {
            Key::Int(n) => Atom::Int(*n),
            Key::Pair(a, b) => Atom::Array(vec![*a, *b]),
            Key::Other(atom) => atom.clone(),
        }
    }

    fn of_atom(atom: &Atom) -> Key {
        match atom {
            Atom::Int(n) => Key::Int(*n),
            Atom::Array(v) if v.len() == 2 => Key::Pair(v[0], v[1]),
            other => Key::Other(other.clone()),
        }
    }
}

const UNKNOWN: u32 = u32::MAX;
const IN_PROGRESS: u32 = u32::MAX - 1;

/// The positions whose values live in arrays.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Dense {
    /// The integers `0..=upto`.
    Ints(u64),
    /// The pairs `[a, b]`, `0 ≤ a ≤ rows`, `0 ≤ b ≤ cols`.
    Pairs(u64, u64),
}

/// A position being valued: its options as parts (`ends[i]` closes option i), and how far the
/// search through them has come.
struct Open {
    key: Key,
    parts: Vec<Key>,
    ends: Vec<u32>,
    cursor: usize,
}

pub(crate) struct Tabulator<'g> {
    game: &'g ScriptGame,
    dense: Dense,
    values: Vec<u32>,
    sparse: HashMap<Key, u32>,
    /// Positions met (dense and sparse), against `max_positions`.
    met: usize,
    max_positions: usize,
    /// Buffers kept between positions (no allocation per position): finished `Open`s, the
    /// search's stack, the mex's marks.
    spare: Vec<Open>,
    stack: Vec<Open>,
    seen: Vec<bool>,
}

impl<'g> Tabulator<'g> {
    pub(crate) fn new(
        game: &'g ScriptGame,
        dense: Dense,
        max_positions: usize,
    ) -> Option<Tabulator<'g>> {
        let cells = match dense {
            Dense::Ints(upto) => upto.checked_add(1)?,
            Dense::Pairs(rows, cols) => rows.checked_add(1)?.checked_mul(cols.checked_add(1)?)?,
        };
        if cells > max_positions as u64 {
            return None;
        }
        Some(Tabulator {
            game,
            dense,
            values: vec![UNKNOWN; usize::try_from(cells).ok()?],
            sparse: HashMap::new(),
            met: 0,
            max_positions,
            spare: Vec::new(),
            stack: Vec::new(),
            seen: Vec::new(),
        })
    }

    fn slot(&self, key: &Key) -> Option<usize> {
        match (self.dense, key) {
            (Dense::Ints(upto), Key::Int(n)) if (0..=upto as i64).contains(n) => Some(*n as usize),
            (Dense::Pairs(rows, cols), Key::Pair(a, b))
                if (0..=rows as i64).contains(a) && (0..=cols as i64).contains(b) =>
            {
                Some(*a as usize * (cols as usize + 1) + *b as usize)
            }
            _ => None,
        }
    }

    fn get(&self, key: &Key) -> u32 {
        match self.slot(key) {
            Some(i) => self.values[i],
            None => self.sparse.get(key).copied().unwrap_or(UNKNOWN),
        }
    }

    fn set(&mut self, key: &Key, value: u32) {
        match self.slot(key) {
            Some(i) => self.values[i] = value,
            None => {
                self.sparse.insert(key.clone(), value);
            }
        }
    }

    /// The dense positions' values, in order; `None` when the compiled code cannot give them all.
    pub(crate) fn run(mut self) -> Option<Vec<u64>> {
        let keys: Box<dyn Iterator<Item = Key>> = match self.dense {
            Dense::Ints(upto) => Box::new((0..=upto as i64).map(Key::Int)),
            Dense::Pairs(rows, cols) => Box::new(
                (0..=rows as i64)
                    .flat_map(move |a| (0..=cols as i64).map(move |b| Key::Pair(a, b))),
            ),
        };
        for key in keys {
            self.value(key)?;
        }
        Some(self.values.iter().map(|&v| u64::from(v)).collect())
    }

    /// Opens a position: its normal form's value stands for it, or its options are listed.
    /// `as_normal`: the position is another's normal form, and must be its own (a `normalize`
    /// that is not idempotent is left to the general solver).
    fn open(&mut self, key: Key, as_normal: bool) -> Option<Open> {
        self.met += 1;
        if self.met > self.max_positions {
            return None;
        }
        self.set(&key, IN_PROGRESS);
        let atom = key.to_atom();
        if self.game.has_normalize {
            let normal = Key::of_atom(&self.game.fast_normalize(&atom)?);
            if normal != key {
                // The normal form must be its own (as the general solver assumes, keeping
                // positions in normal form): a `normalize` that is not idempotent is left to it.
                if as_normal
                    || Key::of_atom(&self.game.fast_normalize(&normal.to_atom())?) != normal
                {
                    return None;
                }
                // One option, the normal form: its value is this position's (a mex of one value
                // would not be), so mark it as an alias.
                let mut open = self.fresh(key);
                open.parts.push(normal);
                return Some(open);
            }
        }
        let list = self.game.fast_raw_moves(&atom)?;
        let mut open = self.fresh(key);
        for item in list.iter() {
            push_parts(item, self.game.limits.max_position_len, 0, &mut open.parts).ok()?;
            open.ends.push(u32::try_from(open.parts.len()).ok()?);
        }
        Some(open)
    }

    /// An empty `Open` for `key`, from the spares when there is one.
    fn fresh(&mut self, key: Key) -> Open {
        match self.spare.pop() {
            Some(mut open) => {
                open.key = key;
                open.parts.clear();
                open.ends.clear();
                open.cursor = 0;
                open
            }
            None => Open {
                key,
                parts: Vec::new(),
                ends: Vec::new(),
                cursor: 0,
            },
        }
    }

    /// The value of one position, searching depth first with an explicit stack.
    fn value(&mut self, key: Key) -> Option<u32> {
        let known = self.get(&key);
        if known == IN_PROGRESS {
            return None;
        }
        if known != UNKNOWN {
            return Some(known);
        }
        let first = self.open(key, false)?;
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(first);
        let res = self.search(&mut stack);
        self.spare.append(&mut stack);
        self.stack = stack;
        res
    }

    fn search(&mut self, stack: &mut Vec<Open>) -> Option<u32> {
        loop {
            let top = stack.last_mut().expect("a position open");
            // Skip the parts already valued; open the first that is not.
            let mut next = None;
            while top.cursor < top.parts.len() {
                let v = match self.slot(&top.parts[top.cursor]) {
                    Some(i) => self.values[i],
                    None => self
                        .sparse
                        .get(&top.parts[top.cursor])
                        .copied()
                        .unwrap_or(UNKNOWN),
                };
                if v == IN_PROGRESS {
                    // Reached from itself: a loopy game, for the general solver.
                    return None;
                }
                if v == UNKNOWN {
                    next = Some(top.parts[top.cursor].clone());
                    break;
                }
                top.cursor += 1;
            }
            if let Some(next) = next {
                let alias = top.ends.is_empty();
                let open = self.open(next, alias)?;
                stack.push(open);
                continue;
            }
            let done = stack.pop().expect("a position open");
            let value = if done.ends.is_empty() && !done.parts.is_empty() {
                self.get(&done.parts[0])
            } else {
                self.mex(&done)
            };
            self.set(&done.key, value);
            self.spare.push(done);
            if stack.is_empty() {
                return Some(value);
            }
        }
    }

    fn mex(&mut self, open: &Open) -> u32 {
        let mut seen = std::mem::take(&mut self.seen);
        seen.clear();
        seen.resize(open.ends.len() + 1, false);
        let mut start = 0;
        for &end in &open.ends {
            let mut v = 0u32;
            for part in &open.parts[start..end as usize] {
                v ^= self.get(part);
            }
            if let Some(s) = seen.get_mut(v as usize) {
                *s = true;
            }
            start = end as usize;
        }
        let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
        self.seen = seen;
        mex
    }
}

/// The parts of one move (an integer, an array, or a `split` of them).
fn push_parts(
    value: &Value,
    max_len: usize,
    depth: usize,
    parts: &mut Vec<Key>,
) -> Result<(), Trap> {
    match value {
        Value::Int(n) => parts.push(Key::Int(*n)),
        Value::Split(items) => {
            if depth >= 16 {
                return Err(Trap);
            }
            for item in items.iter() {
                push_parts(item, max_len, depth + 1, parts)?;
            }
        }
        Value::Small {
            len,
            items,
            split: true,
        } => parts.extend(items[..usize::from(*len)].iter().map(|&n| Key::Int(n))),
        Value::Small {
            len: 2,
            items: [a, b],
            split: false,
        } => parts.push(Key::Pair(*a, *b)),
        array => parts.push(match crate::value_to_atom(array, max_len).ok_or(Trap)? {
            Atom::Array(ints) if ints.len() == 2 => Key::Pair(ints[0], ints[1]),
            other => Key::Other(other),
        }),
    }
    Ok(())
}
