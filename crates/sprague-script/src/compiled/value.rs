//! The values compiled code computes with.

use std::rc::Rc;

use super::{Trap, MAX_ARRAY_LEN, MAX_DEPTH};

/// An array's items: two inline (a split into two parts, a pair of pairs costs one allocation,
/// the shared box).
pub(crate) type Items = smallvec::SmallVec<[Value; 2]>;

/// A value of the compiled code. Arrays are values, as in Rhai; they are shared until written
/// (`Rc::make_mut`), so that reading a variable or passing it to `split` does not copy it.
///
/// An array of at most two integers is kept inline ([`Value::Small`]): a move `[a - k, b]`, or the
/// parts of a split, then cost no allocation. Code reading arrays goes through
/// [`Value::array_len`], [`Value::item`] and [`Value::array_mut`], which see both forms alike.
#[derive(Clone, Debug)]
pub(crate) enum Value {
    Unit,
    Bool(bool),
    Int(i64),
    Array(Rc<Items>),
    /// An array of `len` ≤ 2 integers (`items[len..]` are 0), or with `split` the result of
    /// `split` on one.
    Small {
        len: u8,
        items: [i64; 2],
        split: bool,
    },
    /// What `split([…])` returns.
    Split(Rc<Items>),
    /// `a..b` (end excluded).
    Range(i64, i64),
    /// What `win()` returns: a move that wins at once.
    Win,
}

impl Value {
    pub(super) fn small(ints: &[i64]) -> Value {
        let mut items = [0; 2];
        items[..ints.len()].copy_from_slice(ints);
        Value::Small {
            len: ints.len() as u8,
            items,
            split: false,
        }
    }

    /// An array of these integers, inline when it can be.
    pub(crate) fn ints(ints: &[i64]) -> Value {
        if ints.len() <= 2 {
            Value::small(ints)
        } else {
            Value::Array(Rc::new(ints.iter().map(|&n| Value::Int(n)).collect()))
        }
    }

    /// An array of these values, inline when they are at most two integers.
    pub(crate) fn array(values: Vec<Value>) -> Value {
        match values[..] {
            [] => Value::small(&[]),
            [Value::Int(a)] => Value::small(&[a]),
            [Value::Int(a), Value::Int(b)] => Value::small(&[a, b]),
            _ => Value::Array(Rc::new(Items::from_vec(values))),
        }
    }

    /// The length, for an array.
    pub(crate) fn array_len(&self) -> Option<usize> {
        match self {
            Value::Array(items) => Some(items.len()),
            Value::Small {
                len, split: false, ..
            } => Some(usize::from(*len)),
            _ => None,
        }
    }

    /// Item `i` of an array.
    pub(crate) fn item(&self, i: usize) -> Option<Value> {
        match self {
            Value::Array(items) => items.get(i).cloned(),
            Value::Small {
                len,
                items,
                split: false,
            } => (i < usize::from(*len)).then(|| Value::Int(items[i])),
            _ => None,
        }
    }

    /// Integer item `i` of an array, without copying anything.
    #[inline]
    pub(super) fn int_item(&self, i: i64) -> Option<i64> {
        let i = usize::try_from(i).ok()?;
        match self {
            Value::Array(items) => match items.get(i) {
                Some(Value::Int(n)) => Some(*n),
                _ => None,
            },
            Value::Small {
                len,
                items,
                split: false,
            } => (i < usize::from(*len)).then(|| items[i]),
            _ => None,
        }
    }

    /// The items of an array, to write (an inline array is moved to the heap first).
    pub(super) fn array_mut(&mut self) -> Option<&mut Items> {
        if let Value::Small {
            len,
            items,
            split: false,
        } = *self
        {
            *self = Value::Array(Rc::new(
                items[..usize::from(len)]
                    .iter()
                    .map(|&n| Value::Int(n))
                    .collect(),
            ));
        }
        match self {
            Value::Array(items) => Some(Rc::make_mut(items)),
            _ => None,
        }
    }

    /// Whether arrays nest at most `limit` deep in this value (an integer is depth 0).
    pub(super) fn nests_within(&self, limit: usize) -> bool {
        match self {
            Value::Array(items) | Value::Split(items) => {
                limit > 0 && items.iter().all(|i| i.nests_within(limit - 1))
            }
            Value::Small { .. } => limit > 0,
            _ => true,
        }
    }

    /// Checks that `x` may go inside an array.
    #[inline]
    pub(super) fn may_nest(x: &Value) -> Result<(), Trap> {
        match x {
            Value::Array(_) | Value::Split(_) if !x.nests_within(MAX_DEPTH - 1) => Err(Trap),
            _ => Ok(()),
        }
    }

    /// `a.push(n)` of an integer: written in place into an inline array with room.
    #[inline]
    pub(super) fn push_int(&mut self, n: i64) -> Result<(), Trap> {
        if let Value::Small {
            len,
            items,
            split: false,
        } = self
        {
            if *len < 2 {
                items[usize::from(*len)] = n;
                *len += 1;
                return Ok(());
            }
        }
        self.push(Value::Int(n))
    }

    /// `a.push(x)`.
    pub(super) fn push(&mut self, x: Value) -> Result<(), Trap> {
        if let (
            Value::Small {
                len,
                items,
                split: false,
            },
            Value::Int(n),
        ) = (&mut *self, &x)
        {
            if *len < 2 {
                items[usize::from(*len)] = *n;
                *len += 1;
                return Ok(());
            }
        }
        Value::may_nest(&x)?;
        let items = self.array_mut().ok_or(Trap)?;
        if items.len() >= MAX_ARRAY_LEN {
            return Err(Trap);
        }
        items.push(x);
        Ok(())
    }

    /// The integers of an array of integers.
    pub(crate) fn int_items(&self) -> Option<Vec<i64>> {
        (0..self.array_len()?)
            .map(|i| match self.item(i) {
                Some(Value::Int(n)) => Some(n),
                _ => None,
            })
            .collect()
    }
}
