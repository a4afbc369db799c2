//! `moves` compiled to write its moves into a [`MoveList`] (see [`super::moves`]).
//!
//! The shape recognised: among the body's top-level statements a `let R = [];`, the body's last
//! statement `R` (or `return R;`), and every other use of `R`, at any depth, a statement
//! `R.push(x);` or `return R;`. `R` is then only ever the list of moves, so pushing a move can
//! write its parts instead, and returning `R` returns the list. Any other use (`R.len()`, `R` passed
//! to a function, a `return` of something else) leaves `moves` to its ordinary compiled form.

use rhai::{Expr, Stmt};

use super::moves::{push_parts, Key, MoveList};
use super::{Compiled, Compiler, Flow, Frame, Node, Scoped, Trap, Ty, Unit, Unsupported, Value};
use super::{IntNode, MAX_DEPTH};

/// The result variable while `moves` is compiled to write its moves.
pub(super) struct Emit {
    /// Its slot, once declared (`usize::MAX` before).
    pub(super) slot: std::cell::Cell<usize>,
    /// Read other than by `push` or `return`: the shape does not hold.
    pub(super) misused: std::cell::Cell<bool>,
}

/// One part of a move, as it is written.
enum Part {
    /// An integer expression.
    Int(IntNode),
    /// `[x, y]`: a pair when both are integers, else the array. `ints`: both compiled to give
    /// integers, tried first, when neither has side effects (a trap there, a value that is not an
    /// integer, is then no harm: the values are computed again).
    Pair {
        x: Node,
        y: Node,
        ints: Option<(IntNode, IntNode)>,
    },
    /// Any other value: its parts as [`push_parts`] finds them.
    Value(Node),
}

/// What a `push` writes: the parts of one move.
enum Written {
    /// `split(a)` of a variable: its items, read where they are.
    SplitOfSlot(usize),
    /// `split([p, q, …])`: each item a part (or, for an item that is itself a `split`, its parts).
    SplitOf(Vec<Part>),
    /// Any other value.
    One(Part),
}

/// The move list of the running call; compiled code only reaches this when compiled to write.
#[inline]
fn list<'f>(f: &'f mut Frame<'_>) -> Result<&'f mut MoveList, Trap> {
    f.moves.as_deref_mut().ok_or(Trap)
}

impl Part {
    /// Evaluates the part and writes it at `depth` (0: a whole move, 1: an item of a `split`).
    #[inline]
    fn write(&self, f: &mut Frame<'_>, depth: usize) -> Result<(), Flow> {
        match self {
            Part::Int(n) => {
                let n = n(f)?;
                list(f)?.parts.push(Key::Int(n));
            }
            Part::Pair { x, y, ints } => {
                if let Some((ix, iy)) = ints {
                    if let (Ok(a), Ok(b)) = (ix(f), iy(f)) {
                        return Ok(write_int_pair(f, a, b)?);
                    }
                }
                Part::write_pair(f, x, y, depth)?;
            }
            Part::Value(v) => {
                let v = v(f)?;
                write_value(f, &v, depth)?;
            }
        }
        Ok(())
    }

    fn write_pair(f: &mut Frame<'_>, x: &Node, y: &Node, depth: usize) -> Result<(), Flow> {
        match (x(f)?, y(f)?) {
            (Value::Int(a), Value::Int(b)) => write_int_pair(f, a, b)?,
            (a, b) => {
                Value::may_nest(&a)?;
                Value::may_nest(&b)?;
                let pair = Value::array(vec![a, b]);
                write_value(f, &pair, depth)?;
            }
        }
        Ok(())
    }
}

/// Writes the pair `[a, b]` (a position of two items, which the script's limit must allow).
#[inline]
fn write_int_pair(f: &mut Frame<'_>, a: i64, b: i64) -> Result<(), Trap> {
    let list = list(f)?;
    if list.max_len < 2 {
        return Err(Trap);
    }
    list.parts.push(Key::Pair(a, b));
    Ok(())
}

/// Writes a value's parts, with the checks `push` and `split` make on what they are given.
fn write_value(f: &mut Frame<'_>, v: &Value, depth: usize) -> Result<(), Trap> {
    // `res.push(x)` checks that x nests within MAX_DEPTH - 1; `split([…, x, …])` that its array
    // does, so x within one less.
    if matches!(v, Value::Array(_) | Value::Split(_)) && !v.nests_within(MAX_DEPTH - 1 - depth) {
        return Err(Trap);
    }
    let list = list(f)?;
    push_parts(v, list.max_len, depth, &mut list.parts)
}

impl Compiler<'_> {
    /// The body of `moves` compiled to write its moves, when it has the shape (see the module's
    /// comment); `Unsupported` otherwise.
    pub(super) fn emitting_body(
        &mut self,
        statements: &[Stmt],
        scoped: &mut Scoped,
    ) -> Compiled<Node> {
        let (last, rest) = statements.split_last().ok_or(Unsupported)?;
        let result = match last {
            Stmt::Expr(e) => self.variable(e),
            Stmt::Return(Some(e), flags, _) if !flags.contains(rhai::ASTFlags::BREAK) => {
                self.variable(e)
            }
            _ => None,
        }
        .ok_or(Unsupported)?;
        let declared = rest
            .iter()
            .position(|s| match s {
                Stmt::Var(decl, flags, _) => {
                    decl.0.name.as_str() == result
                        && !flags.contains(rhai::ASTFlags::CONSTANT)
                        && is_empty_array(&decl.1)
                }
                _ => false,
            })
            .ok_or(Unsupported)?;
        self.emit = Some(Emit {
            slot: std::cell::Cell::new(usize::MAX),
            misused: std::cell::Cell::new(false),
        });
        let mut units: Vec<Unit> = Vec::with_capacity(rest.len());
        for (i, stmt) in rest.iter().enumerate() {
            if i == declared {
                let slot = self.declare(scoped, result, Ty::Array);
                self.emit.as_ref().expect("set above").slot.set(slot);
                continue;
            }
            units.push(self.stmt_unit(stmt, scoped)?);
        }
        let emit = self.emit.take().expect("set above");
        if emit.misused.get() || self.emit_target(scoped, result, &emit) != Some(true) {
            return Err(Unsupported);
        }
        Ok(Box::new(move |f| {
            for unit in &units {
                match unit(f) {
                    Ok(()) => {}
                    Err(Flow::Return) => break,
                    Err(other) => return Err(other),
                }
            }
            Ok(Value::Unit)
        }))
    }

    /// Whether `name` is the result variable here (`None` when not compiling to write).
    fn emit_target(&self, scoped: &Scoped, name: &str, emit: &Emit) -> Option<bool> {
        let slot = scoped
            .names
            .iter()
            .rev()
            .find(|(n, _, _)| n == name)
            .map(|&(_, slot, _)| slot)?;
        Some(slot == emit.slot.get())
    }

    /// `R.push(x)` on the result variable, compiled to write x's parts: `None` when `e` is not
    /// such a push.
    pub(super) fn emitting_push(
        &mut self,
        e: &Expr,
        scoped: &mut Scoped,
    ) -> Compiled<Option<Unit>> {
        let Some(emit) = &self.emit else {
            return Ok(None);
        };
        let Expr::Dot(chain, _, _) = e else {
            return Ok(None);
        };
        let Some(name) = self.variable(&chain.lhs) else {
            return Ok(None);
        };
        if self.emit_target(scoped, name, emit) != Some(true) {
            return Ok(None);
        }
        // A method of the result variable other than a plain `push` breaks the shape.
        let Some((_, arg)) = super::push_call(e) else {
            emit.misused.set(true);
            return Err(Unsupported);
        };
        let split_of = split_argument(arg).filter(|_| !self.user_split());
        let split_slot = split_of
            .and_then(|a| self.variable(a))
            .and_then(|name| self.local(scoped, name));
        let written = match (split_slot, split_of) {
            (Some(slot), _) => Written::SplitOfSlot(slot),
            (None, Some(Expr::Array(items, _))) => Written::SplitOf(
                items
                    .iter()
                    .map(|i| self.part(i, scoped))
                    .collect::<Compiled<_>>()?,
            ),
            _ => Written::One(self.part(arg, scoped)?),
        };
        Ok(Some(match written {
            Written::One(part) => Box::new(move |f| {
                part.write(f, 0)?;
                list(f)?.end_move()?;
                Ok(())
            }),
            Written::SplitOfSlot(slot) => Box::new(move |f| {
                let Frame { slots, moves, .. } = f;
                let list = moves.as_deref_mut().ok_or(Trap)?;
                match &slots[slot] {
                    // What `split` takes: an array (a `split` value is not one).
                    Value::Small {
                        len,
                        items,
                        split: false,
                    } => list
                        .parts
                        .extend(items[..usize::from(*len)].iter().map(|&n| Key::Int(n))),
                    array @ Value::Array(items) => {
                        if !array.nests_within(MAX_DEPTH - 1) {
                            return Err(Flow::Trap);
                        }
                        for item in items.iter() {
                            push_parts(item, list.max_len, 1, &mut list.parts)?;
                        }
                    }
                    _ => return Err(Flow::Trap),
                }
                list.end_move()?;
                Ok(())
            }),
            Written::SplitOf(parts) => Box::new(move |f| {
                for part in &parts {
                    part.write(f, 1)?;
                }
                list(f)?.end_move()?;
                Ok(())
            }),
        }))
    }

    /// `return R;` of the result variable: ends the call, its moves written. `None` when `value`
    /// is not the result variable (a `return` of anything else is a misuse).
    pub(super) fn emitting_return(
        &mut self,
        value: Option<&Expr>,
        scoped: &Scoped,
    ) -> Option<Unit> {
        let emit = self.emit.as_ref()?;
        let is_result = value
            .and_then(|e| self.variable(e))
            .and_then(|name| self.emit_target(scoped, name, emit))
            == Some(true);
        if !is_result {
            emit.misused.set(true);
            return None;
        }
        Some(Box::new(|_| Err(Flow::Return)))
    }

    /// Whether `e` surely has no side effect (it may still fail): constants, variables, items
    /// of them, and the operators and functions of `ty`'s list on such expressions.
    fn pure(&self, e: &Expr) -> bool {
        match e {
            Expr::IntegerConstant(..) | Expr::BoolConstant(..) => true,
            Expr::Variable(..) => self.variable(e).is_some(),
            Expr::Index(chain, _, _) => self.pure(&chain.lhs) && self.pure(&chain.rhs),
            Expr::FnCall(call, _) => {
                let user = self
                    .ids
                    .contains_key(&(call.name.to_string(), call.args.len()));
                let known = matches!(
                    (call.name.as_str(), call.args.len()),
                    (
                        "+" | "-"
                            | "*"
                            | "/"
                            | "%"
                            | "**"
                            | "<<"
                            | ">>"
                            | "&"
                            | "|"
                            | "^"
                            | "min"
                            | "max",
                        2
                    ) | ("-" | "abs", 1)
                );
                known
                    && !user
                    && call.namespace.is_empty()
                    && call.args.iter().all(|a| self.pure(a))
            }
            _ => false,
        }
    }

    /// Whether the script defines its own `split` of one argument (which calls then reach).
    fn user_split(&self) -> bool {
        self.ids.contains_key(&("split".to_owned(), 1))
    }

    fn part(&mut self, e: &Expr, scoped: &mut Scoped) -> Compiled<Part> {
        if self.ty(e, scoped) == Ty::Int {
            if let Some(n) = self.int_expr(e, scoped)? {
                return Ok(Part::Int(n));
            }
        }
        if let Expr::Array(items, _) = e {
            if let [x, y] = &items[..] {
                let ints = if self.pure(x) && self.pure(y) {
                    match (self.int_expr(x, scoped)?, self.int_expr(y, scoped)?) {
                        (Some(ix), Some(iy)) => Some((ix, iy)),
                        _ => None,
                    }
                } else {
                    None
                };
                return Ok(Part::Pair {
                    x: self.expr(x, scoped)?,
                    y: self.expr(y, scoped)?,
                    ints,
                });
            }
        }
        Ok(Part::Value(self.expr(e, scoped)?))
    }
}

/// The argument of `split(x)`, when `e` is that call.
fn split_argument(e: &Expr) -> Option<&Expr> {
    let Expr::FnCall(call, _) = e else {
        return None;
    };
    (call.name.as_str() == "split"
        && call.args.len() == 1
        && call.namespace.is_empty()
        && call.op_token.is_none())
    .then(|| &call.args[0])
}

/// `[]`, as written or as Rhai folds it.
pub(super) fn is_empty_array(e: &Expr) -> bool {
    match e {
        Expr::Array(items, _) => items.is_empty(),
        Expr::DynamicConstant(d, _) => d.read_lock::<rhai::Array>().is_some_and(|a| a.is_empty()),
        _ => false,
    }
}
