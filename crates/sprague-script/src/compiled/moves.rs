//! Moves written straight into a list: what the table's fast path reads from `moves`.
//!
//! A `moves` written the usual way (`let res = []; … res.push(x); … res`) builds an array of
//! moves, each often an array or a `split` of arrays, only for the table to take it apart again.
//! When the result array is used for nothing else (see [`super::Compiler::emitting_body`]),
//! `moves` is compiled a second time so that each `res.push(x)` writes the parts of `x` straight
//! into a [`MoveList`]: integers and pairs of integers as [`Key`]s, without building the arrays.
//! The list it writes is the one [`push_parts`] reads from the array the first form returns, part
//! for part; a call that traps leaves the list to be thrown away.

use super::{Trap, Value};
use crate::Atom;

/// A position as a table keys it: integers and pairs without allocating.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Key {
    Int(i64),
    Pair(i64, i64),
    /// Boxed: move lists hold many keys, and integers and pairs are the common case.
    Other(Box<Atom>),
}

impl Key {
    pub(crate) fn to_atom(&self) -> Atom {
        match self {
            Key::Int(n) => Atom::Int(*n),
            Key::Pair(a, b) => Atom::Array(vec![*a, *b]),
            Key::Other(atom) => Atom::clone(atom),
        }
    }

    pub(crate) fn of_atom(atom: &Atom) -> Key {
        match atom {
            Atom::Int(n) => Key::Int(*n),
            Atom::Array(v) if v.len() == 2 => Key::Pair(v[0], v[1]),
            other => Key::Other(Box::new(other.clone())),
        }
    }

    /// The value compiled code is called with for this position.
    pub(crate) fn to_value(&self) -> Value {
        match self {
            Key::Int(n) => Value::Int(*n),
            Key::Pair(a, b) => Value::ints(&[*a, *b]),
            Key::Other(atom) => crate::atom_to_value(atom),
        }
    }
}

/// The moves of one position: the parts of move `i` are `parts[ends[i - 1]..ends[i]]`.
#[derive(Debug, Default)]
pub(crate) struct MoveList {
    pub(crate) parts: Vec<Key>,
    pub(crate) ends: Vec<u32>,
    /// Items a position may have in all (the script's limit), as [`push_parts`] is told.
    pub(crate) max_len: usize,
}

impl MoveList {
    /// Closes the move whose parts were pushed last.
    #[inline]
    pub(crate) fn end_move(&mut self) -> Result<(), Trap> {
        // `res.push` traps at this length; so does the list.
        if self.ends.len() >= super::MAX_ARRAY_LEN {
            return Err(Trap);
        }
        self.ends
            .push(u32::try_from(self.parts.len()).map_err(|_| Trap)?);
        Ok(())
    }
}

/// The parts of one move (an integer, an array, or a `split` of them), as keys.
pub(crate) fn push_parts(
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
        } if max_len >= 2 => parts.push(Key::Pair(*a, *b)),
        array => parts.push(match crate::value_to_atom(array, max_len).ok_or(Trap)? {
            Atom::Array(ints) if ints.len() == 2 => Key::Pair(ints[0], ints[1]),
            other => Key::Other(Box::new(other)),
        }),
    }
    Ok(())
}
