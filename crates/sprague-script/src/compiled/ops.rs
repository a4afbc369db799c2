//! The operators, functions and array methods compiled code applies to values: each answers as
//! Rhai's does, or gives up (`Trap`) where Rhai would fail or its answer would differ.

use super::*;

#[derive(Clone, Copy)]
pub(super) enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Pow,
    Shl,
    Shr,
    And,
    Or,
    Xor,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Range,
    RangeInclusive,
    Min,
    Max,
}

impl BinaryOp {
    pub(super) fn from_name(name: &str) -> Option<BinaryOp> {
        Some(match name {
            "+" => BinaryOp::Add,
            "-" => BinaryOp::Sub,
            "*" => BinaryOp::Mul,
            "/" => BinaryOp::Div,
            "%" => BinaryOp::Rem,
            "**" => BinaryOp::Pow,
            "<<" => BinaryOp::Shl,
            ">>" => BinaryOp::Shr,
            "&" => BinaryOp::And,
            "|" => BinaryOp::Or,
            "^" => BinaryOp::Xor,
            "==" => BinaryOp::Eq,
            "!=" => BinaryOp::Ne,
            "<" => BinaryOp::Lt,
            "<=" => BinaryOp::Le,
            ">" => BinaryOp::Gt,
            ">=" => BinaryOp::Ge,
            ".." => BinaryOp::Range,
            "..=" => BinaryOp::RangeInclusive,
            "min" => BinaryOp::Min,
            "max" => BinaryOp::Max,
            _ => return None,
        })
    }

    #[inline]
    pub(super) fn apply(self, x: Value, y: Value) -> Result<Value, Trap> {
        let (a, b) = match (&x, &y) {
            (Value::Int(a), Value::Int(b)) => (*a, *b),
            _ => return self.apply_other(x, y),
        };
        Ok(match self {
            BinaryOp::Add => Value::Int(a.checked_add(b).ok_or(Trap)?),
            BinaryOp::Sub => Value::Int(a.checked_sub(b).ok_or(Trap)?),
            BinaryOp::Mul => Value::Int(a.checked_mul(b).ok_or(Trap)?),
            BinaryOp::Div => Value::Int(a.checked_div(b).ok_or(Trap)?),
            BinaryOp::Rem => Value::Int(a.checked_rem(b).ok_or(Trap)?),
            BinaryOp::Pow => {
                let e = u32::try_from(b).map_err(|_| Trap)?;
                Value::Int(a.checked_pow(e).ok_or(Trap)?)
            }
            // Rhai's results for shifts by 0..=63; other amounts go to Rhai.
            BinaryOp::Shl if (0..64).contains(&b) => Value::Int(a << b),
            BinaryOp::Shr if (0..64).contains(&b) => Value::Int(a >> b),
            BinaryOp::Shl | BinaryOp::Shr => return Err(Trap),
            BinaryOp::And => Value::Int(a & b),
            BinaryOp::Or => Value::Int(a | b),
            BinaryOp::Xor => Value::Int(a ^ b),
            BinaryOp::Eq => Value::Bool(a == b),
            BinaryOp::Ne => Value::Bool(a != b),
            BinaryOp::Lt => Value::Bool(a < b),
            BinaryOp::Le => Value::Bool(a <= b),
            BinaryOp::Gt => Value::Bool(a > b),
            BinaryOp::Ge => Value::Bool(a >= b),
            BinaryOp::Range => Value::Range(a, b),
            BinaryOp::RangeInclusive => Value::Range(a, b.checked_add(1).ok_or(Trap)?),
            BinaryOp::Min => Value::Int(a.min(b)),
            BinaryOp::Max => Value::Int(a.max(b)),
        })
    }

    /// Operators on values other than two integers: arrays joined with `+`, compared with `==`;
    /// booleans compared. Anything else goes to Rhai.
    fn apply_other(self, x: Value, y: Value) -> Result<Value, Trap> {
        match (self, x, y) {
            (BinaryOp::Add, mut a, b) if a.array_len().is_some() && b.array_len().is_some() => {
                let (la, lb) = (a.array_len().unwrap_or(0), b.array_len().unwrap_or(0));
                if la + lb > MAX_ARRAY_LEN {
                    return Err(Trap);
                }
                Value::may_nest(&b)?;
                let items = a.array_mut().ok_or(Trap)?;
                items.extend((0..lb).filter_map(|i| b.item(i)));
                Ok(a)
            }
            (BinaryOp::Eq | BinaryOp::Ne, a, b)
                if a.array_len().is_some() && b.array_len().is_some() =>
            {
                // Rhai compares arrays item by item with `==`; for integers that is equality.
                let (Some(a), Some(b)) = (a.int_items(), b.int_items()) else {
                    return Err(Trap);
                };
                Ok(Value::Bool((a == b) == matches!(self, BinaryOp::Eq)))
            }
            (BinaryOp::Eq, Value::Bool(a), Value::Bool(b)) => Ok(Value::Bool(a == b)),
            (BinaryOp::Ne, Value::Bool(a), Value::Bool(b)) => Ok(Value::Bool(a != b)),
            _ => Err(Trap),
        }
    }
}

#[derive(Clone, Copy)]
pub(super) enum UnaryOp {
    Neg,
    Plus,
    Not,
    Abs,
    Ctz,
    Popcount,
    Isqrt,
    ZeckendorfMin,
    Split,
    Sorted,
}

impl UnaryOp {
    pub(super) fn from_name(name: &str) -> Option<UnaryOp> {
        Some(match name {
            "-" => UnaryOp::Neg,
            "+" => UnaryOp::Plus,
            "!" => UnaryOp::Not,
            "abs" => UnaryOp::Abs,
            "ctz" => UnaryOp::Ctz,
            "popcount" => UnaryOp::Popcount,
            "isqrt" => UnaryOp::Isqrt,
            "zeckendorf_min" => UnaryOp::ZeckendorfMin,
            "split" => UnaryOp::Split,
            "sorted" => UnaryOp::Sorted,
            _ => return None,
        })
    }

    pub(super) fn apply(self, x: Value) -> Result<Value, Trap> {
        use sprague::pattern::expr;
        match (self, x) {
            (UnaryOp::Neg, Value::Int(a)) => Ok(Value::Int(a.checked_neg().ok_or(Trap)?)),
            (UnaryOp::Plus, Value::Int(a)) => Ok(Value::Int(a)),
            (UnaryOp::Not, Value::Bool(b)) => Ok(Value::Bool(!b)),
            (UnaryOp::Abs, Value::Int(a)) => Ok(Value::Int(a.checked_abs().ok_or(Trap)?)),
            (UnaryOp::Ctz, Value::Int(a)) => Ok(Value::Int(i64::from(a.trailing_zeros()))),
            (UnaryOp::Popcount, Value::Int(a)) => Ok(Value::Int(i64::from(a.count_ones()))),
            (UnaryOp::Isqrt, Value::Int(a)) => Ok(Value::Int(expr::isqrt(a).ok_or(Trap)?)),
            (UnaryOp::ZeckendorfMin, Value::Int(a)) => {
                Ok(Value::Int(expr::zeckendorf_min(a).ok_or(Trap)?))
            }
            (UnaryOp::Split, Value::Array(parts)) => {
                let parts = Value::Array(parts);
                Value::may_nest(&parts)?;
                match parts {
                    Value::Array(parts) => Ok(Value::Split(parts)),
                    _ => Err(Trap),
                }
            }
            (
                UnaryOp::Split,
                Value::Small {
                    len,
                    items,
                    split: false,
                },
            ) => Ok(Value::Small {
                len,
                items,
                split: true,
            }),
            (UnaryOp::Sorted, small @ Value::Small { split: false, .. }) => {
                let Value::Small { len, mut items, .. } = small else {
                    unreachable!("matched above")
                };
                items[..usize::from(len)].sort_unstable();
                Ok(Value::Small {
                    len,
                    items,
                    split: false,
                })
            }
            (UnaryOp::Sorted, Value::Array(items)) => {
                // The order of positions (`Atom`'s): what Rhai's `sorted` sorts by.
                let mut keyed = items
                    .iter()
                    .map(|item| Some((crate::value_to_atom(item, MAX_ARRAY_LEN)?, item.clone())))
                    .collect::<Option<Vec<_>>>()
                    .ok_or(Trap)?;
                keyed.sort_by(|a, b| a.0.cmp(&b.0));
                Ok(Value::array(keyed.into_iter().map(|(_, v)| v).collect()))
            }
            _ => Err(Trap),
        }
    }
}

/// The array methods compiled code knows.
#[derive(Clone, Copy)]
pub(super) enum Method {
    Len,
    IsEmpty,
    Contains,
    Push,
    Pop,
    Sort,
    Reverse,
}

impl Method {
    pub(super) fn from_name(name: &str, args: usize) -> Option<Method> {
        Some(match (name, args) {
            ("len", 0) => Method::Len,
            ("is_empty", 0) => Method::IsEmpty,
            ("contains", 1) => Method::Contains,
            ("push", 1) => Method::Push,
            ("pop", 0) => Method::Pop,
            ("sort", 0) => Method::Sort,
            ("reverse", 0) => Method::Reverse,
            _ => return None,
        })
    }

    pub(super) fn mutates(self) -> bool {
        matches!(
            self,
            Method::Push | Method::Pop | Method::Sort | Method::Reverse
        )
    }

    pub(super) fn apply(self, object: &Value, arg: Option<Value>) -> Run {
        let Some(len) = object.array_len() else {
            return match (self, object, arg) {
                (Method::Contains, Value::Range(a, b), Some(Value::Int(x))) => {
                    Ok(Value::Bool((*a..*b).contains(&x)))
                }
                _ => Err(Flow::Trap),
            };
        };
        match (self, arg) {
            (Method::Len, None) => Ok(Value::Int(len as i64)),
            (Method::IsEmpty, None) => Ok(Value::Bool(len == 0)),
            (Method::Contains, Some(Value::Int(x))) => {
                let items = object.int_items().ok_or(Trap)?;
                Ok(Value::Bool(items.contains(&x)))
            }
            _ => Err(Flow::Trap),
        }
    }

    pub(super) fn apply_mut(self, object: &mut Value, arg: Option<Value>) -> Run {
        if let (Method::Push, Some(x)) = (self, &arg) {
            object.push(x.clone())?;
            return Ok(Value::Unit);
        }
        let items = object.array_mut().ok_or(Trap)?;
        match (self, arg) {
            (Method::Pop, None) => Ok(items.pop().unwrap_or(Value::Unit)),
            (Method::Reverse, None) => {
                items.reverse();
                Ok(Value::Unit)
            }
            (Method::Sort, None) => {
                if !items.iter().all(|i| matches!(i, Value::Int(_))) {
                    return Err(Flow::Trap);
                }
                items.sort_unstable_by_key(|i| match i {
                    Value::Int(n) => *n,
                    _ => 0,
                });
                Ok(Value::Unit)
            }
            _ => Err(Flow::Trap),
        }
    }
}
