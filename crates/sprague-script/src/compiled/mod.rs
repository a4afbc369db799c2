//! The fast path: a script's functions compiled once into Rust closures.
//!
//! Rhai walks its syntax tree with a dynamic value at every node, and a table of a game spends
//! nearly all its time there (a scripted Kayles table ran at 0.3 M moves/s, a fifth of a plain
//! Python program). Here the same tree is turned, once, into nested closures over numbered
//! variable slots: names are resolved when the script is compiled, integers are not boxed, and a
//! call builds its result without the interpreter's bookkeeping.
//!
//! The compiled code covers the part of the language games are written in: integers, booleans,
//! arrays, ranges, `split`, `let`/`const`, assignment (also to `a[i]` and with `+=` and the other
//! operators), `if`, `for`, `while`, `loop`, `do`, `break`, `continue`, `return`, the operators,
//! calls of the script's own functions, and the functions games use (`min`, `max`, `abs`, `len`,
//! `push`, `pop`, `contains`, `sort`, `reverse`, `is_empty`, `sorted`, the formula functions). A function
//! that uses anything else is not compiled, and every call that would reach it goes to Rhai.
//!
//! The compiled code never decides an error. When it meets something it does not handle the way
//! Rhai would (an overflow, an index out of range, a value of an unexpected type, the operation
//! budget spent), it gives up on the whole call ([`Trap`]) and the caller asks Rhai for the same
//! call, which gives the answer or the error exactly as before: a script function sees no state
//! but its arguments and the parameters, so calling it again is the same call.
//!
//! Files: `value.rs` the values, `ops.rs` the operators, functions and array methods applied to
//! them, and this file the compiler. It is longer than the project's 1,200 lines on purpose:
//! `Compiler` is one recursive walk over Rhai's syntax tree (statements, expressions, integer and
//! boolean expressions, fused statements, loops), whose parts call one another at every level and
//! share its scope and type guesses; split across files it would read as a maze of `pub(super)`.

use std::collections::HashMap;
use std::rc::Rc;

use std::time::Instant;

use rhai::{Dynamic, Expr, FnCallExpr, Stmt, AST};

use crate::{MemoryMeter, ParamValue, ScriptParams};

mod emit;
pub(crate) mod moves;
mod ops;
mod value;

use ops::{BinaryOp, Method, UnaryOp};
pub(crate) use value::{Items, Value};

/// The compiled code gave up on a call: Rhai must make it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Trap;

/// How a statement ended other than normally. The value of a `break` or `return` waits in the
/// frame's `carry`, so that this stays one byte and statements return in a register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Trap,
    Break,
    Continue,
    Return,
}

impl From<Trap> for Flow {
    fn from(_: Trap) -> Flow {
        Flow::Trap
    }
}

type Run = Result<Value, Flow>;
type Node = Box<dyn Fn(&mut Frame<'_>) -> Run>;
/// A statement whose value nobody reads.
type Unit = Box<dyn Fn(&mut Frame<'_>) -> Result<(), Flow>>;

/// Items an array may reach inside compiled code; past it the call goes to Rhai, whose memory
/// budget then decides.
const MAX_ARRAY_LEN: usize = 1 << 22;
/// Arrays nest at most this deep in compiled code (deeper ones go to Rhai: dropping or copying a
/// value walks its depth on the stack).
const MAX_DEPTH: usize = 24;
/// Nodes the compiler may visit for one function (a few times its size for any script written by
/// hand).
const MAX_COMPILE_WORK: usize = 2_000_000;
/// Script-function calls nested at most this deep (Rhai's limit is set to the same).
const MAX_CALL_DEPTH: usize = 256;

/// The running call's variables and budget.
pub(crate) struct Frame<'p> {
    slots: Vec<Value>,
    /// The value of the last `break` or `return`; a loop that ends by its condition leaves `()`.
    carry: Value,
    program: &'p Program,
    budget: &'p Budget,
    depth: usize,
    /// Where `moves` compiled to write its moves writes them (see [`moves`]); `None` in every
    /// other call.
    moves: Option<&'p mut moves::MoveList>,
}

/// What a call may spend: the same operation limit Rhai has, counted on loop turns and calls
/// (Rhai counts every node, so compiled code never stops before Rhai would), and the time and
/// memory of the call, looked at every 64 operations.
pub(crate) struct Budget {
    ops: std::cell::Cell<u64>,
    max_ops: u64,
    // Read at the first check rather than at every call: most calls end before one.
    started: std::cell::Cell<Option<Instant>>,
    max_seconds: u64,
    meter: Option<&'static dyn MemoryMeter>,
    soft_ceiling: usize,
}

impl Budget {
    pub(crate) fn new(
        max_ops: u64,
        max_seconds: u64,
        meter: Option<&'static dyn MemoryMeter>,
        soft_ceiling: usize,
    ) -> Budget {
        Budget {
            ops: std::cell::Cell::new(0),
            max_ops,
            started: std::cell::Cell::new(None),
            max_seconds,
            meter,
            soft_ceiling,
        }
    }

    #[inline]
    fn tick(&self) -> Result<(), Trap> {
        let ops = self.ops.get() + 1;
        self.ops.set(ops);
        if ops > self.max_ops {
            return Err(Trap);
        }
        if ops & 63 == 0 {
            match self.started.get() {
                None => self.started.set(Some(Instant::now())),
                Some(t) if t.elapsed().as_secs() >= self.max_seconds => return Err(Trap),
                Some(_) => {}
            }
            if self
                .meter
                .is_some_and(|m| m.allocated() > self.soft_ceiling)
            {
                return Err(Trap);
            }
        }
        Ok(())
    }
}

/// One function of the script.
struct Function {
    name: String,
    arity: usize,
    slots: usize,
    body: Option<Node>,
    /// Functions this one calls (indices), to know which can run compiled.
    callees: Vec<usize>,
    /// Compiled, and so is every function it may call.
    runnable: bool,
}

/// A script's functions, compiled.
pub(crate) struct Program {
    functions: Vec<Function>,
    // Statements outside any function, which Rhai runs before every call (an `import` that
    // fails, a loop): such a script runs in Rhai only.
    top_level_code: bool,
    // A frame's slots kept from the last call, so that a call allocates none.
    spare_slots: std::cell::Cell<Vec<Value>>,
    /// `moves` compiled to write its moves into a list, and its slot count, when its body has
    /// the shape for it (see [`moves`]).
    moves_writer: Option<(Node, usize)>,
    /// The slots `moves_writer` ran in last (see [`Program::write_moves`]).
    writer_slots: std::cell::Cell<Vec<Value>>,
}

impl Program {
    /// Compiles what can be compiled of the script's functions.
    pub(crate) fn compile(ast: &AST, params: &ScriptParams) -> Program {
        let defs: Vec<_> = ast.iter_fn_def().collect();
        let ids: HashMap<(String, usize), usize> = defs
            .iter()
            .enumerate()
            .map(|(idx, def)| ((def.name.to_string(), def.params.len()), idx))
            .collect();
        let constants: HashMap<&str, Value> = params
            .values()
            .iter()
            .map(|(name, value)| {
                let value = match value {
                    ParamValue::Int(n) => Value::Int(*n),
                    ParamValue::List(items) => Value::ints(items),
                };
                (name.as_str(), value)
            })
            .collect();
        // Rhai does not export the type of a function's body, but its walk over the tree visits
        // each body's statements in order: a statement at depth one inside a function's braces
        // is one of that function's.
        let spans: Vec<((usize, usize), (usize, usize))> = defs
            .iter()
            .map(|def| {
                (
                    place(def.body.start_position()),
                    place(def.body.end_position()),
                )
            })
            .collect();
        // The statements are copied out of the walk (its callback cannot keep references) and
        // compiled once each function's are all known: the last gives the function's value.
        let mut statements: Vec<Vec<Stmt>> = vec![Vec::new(); defs.len()];
        ast.walk(&mut |path: &[rhai::ASTNode]| {
            let [rhai::ASTNode::Stmt(stmt)] = path else {
                return true;
            };
            let at = place(stmt.position());
            if let Some(idx) = spans.iter().position(|&(a, b)| a <= at && at <= b) {
                statements[idx].push((*stmt).clone());
            }
            true
        });
        let functions: Vec<Function> = defs
            .iter()
            .zip(&statements)
            .map(|(def, body)| {
                let mut scoped = Scoped {
                    names: def
                        .params
                        .iter()
                        .enumerate()
                        .map(|(i, p)| (p.to_string(), i, Ty::Unknown))
                        .collect(),
                };
                let mut compiler = Compiler {
                    work: std::cell::Cell::new(0),
                    ids: &ids,
                    constants: &constants,
                    slots: def.params.len(),
                    callees: Vec::new(),
                    emit: None,
                };
                let body = compiler.block(body, &mut scoped).ok();
                Function {
                    name: def.name.to_string(),
                    arity: def.params.len(),
                    slots: compiler.slots,
                    body,
                    callees: compiler.callees,
                    runnable: false,
                }
            })
            .collect();
        let mut functions = functions;
        // A function runs compiled when it and all it may call are compiled: the greatest such
        // set, found by striking out until nothing changes.
        for f in &mut functions {
            f.runnable = f.body.is_some();
        }
        loop {
            let strike: Vec<usize> = (0..functions.len())
                .filter(|&i| {
                    functions[i].runnable
                        && functions[i].callees.iter().any(|&c| !functions[c].runnable)
                })
                .collect();
            if strike.is_empty() {
                break;
            }
            for i in strike {
                functions[i].runnable = false;
            }
        }
        let moves_writer = defs
            .iter()
            .zip(&statements)
            .enumerate()
            .find(|(i, (def, _))| {
                def.name.as_str() == "moves" && def.params.len() == 1 && functions[*i].runnable
            })
            .and_then(|(_, (def, body))| {
                let mut scoped = Scoped {
                    names: vec![(def.params[0].to_string(), 0, Ty::Unknown)],
                };
                let mut compiler = Compiler {
                    work: std::cell::Cell::new(0),
                    ids: &ids,
                    constants: &constants,
                    slots: 1,
                    callees: Vec::new(),
                    emit: None,
                };
                let body = compiler.emitting_body(body, &mut scoped).ok()?;
                Some((body, compiler.slots))
            });
        Program {
            functions,
            top_level_code: !ast.statements().is_empty(),
            spare_slots: std::cell::Cell::new(Vec::new()),
            moves_writer,
            writer_slots: std::cell::Cell::new(Vec::new()),
        }
    }

    /// Whether `moves` can write its moves into a list ([`Program::write_moves`]).
    pub(crate) fn writes_moves(&self) -> bool {
        self.moves_writer.is_some() && !self.top_level_code
    }

    /// Calls `moves(arg)` compiled to write its moves into `list` (appended to what it holds).
    /// At a trap, what the call wrote is left in `list` for the caller to throw away.
    pub(crate) fn write_moves(
        &self,
        arg: Value,
        budget: &Budget,
        list: &mut moves::MoveList,
    ) -> Result<(), Trap> {
        let (body, slots) = self.moves_writer.as_ref().ok_or(Trap)?;
        budget.tick()?;
        // The slots of the last call, as it left them: compiled code writes a variable before it
        // reads it (a `let` is its first use), so only the argument needs writing (in place,
        // see `set_int`); refilling every slot cost more than a small `moves` itself.
        let mut kept = self.writer_slots.take();
        if kept.len() != *slots {
            kept.clear();
            kept.resize(*slots, Value::Unit);
        }
        match (&mut kept[0], arg) {
            (Value::Int(x), Value::Int(n)) => *x = n,
            (slot, arg) => *slot = arg,
        }
        let mut frame = Frame {
            slots: kept,
            carry: Value::Unit,
            program: self,
            budget,
            depth: 0,
            moves: Some(list),
        };
        let res = match body(&mut frame) {
            Ok(_) => Ok(()),
            Err(_) => Err(Trap),
        };
        self.writer_slots.set(frame.slots);
        res
    }

    /// The function of this name taking one argument, when it runs compiled.
    pub(crate) fn hook(&self, name: &str) -> Option<usize> {
        if self.top_level_code {
            return None;
        }
        self.functions
            .iter()
            .position(|f| f.name == name && f.arity == 1 && f.runnable)
    }

    /// Calls function `id` with one argument.
    pub(crate) fn call(&self, id: usize, arg: Value, budget: &Budget) -> Result<Value, Trap> {
        // One argument, straight into the frame (no vector of arguments to allocate).
        self.call_with(id, std::iter::once(arg), budget, 0)
    }

    fn call_with(
        &self,
        id: usize,
        args: impl IntoIterator<Item = Value>,
        budget: &Budget,
        depth: usize,
    ) -> Result<Value, Trap> {
        let function = &self.functions[id];
        let body = function.body.as_ref().ok_or(Trap)?;
        if depth >= MAX_CALL_DEPTH {
            return Err(Trap);
        }
        budget.tick()?;
        // The frame's slots, from the spare left by the last call when there is one.
        let mut slots = self.spare_slots.take();
        slots.clear();
        slots.extend(args);
        slots.resize(function.slots, Value::Unit);
        let mut frame = Frame {
            slots,
            carry: Value::Unit,
            program: self,
            budget,
            depth,
            moves: None,
        };
        let res = match body(&mut frame) {
            Ok(v) => Ok(v),
            Err(Flow::Return) => Ok(std::mem::replace(&mut frame.carry, Value::Unit)),
            Err(_) => Err(Trap),
        };
        let mut slots = frame.slots;
        slots.clear();
        self.spare_slots.set(slots);
        res
    }
}

/// Why a function is not compiled (the reason is not kept: Rhai runs it).
struct Unsupported;

type Compiled<T> = Result<T, Unsupported>;

struct Compiler<'a> {
    /// Nodes visited so far: a script whose compiling would take long (an expression of many
    /// thousands of terms is tried as integers, then as values) is left to Rhai.
    work: std::cell::Cell<usize>,
    ids: &'a HashMap<(String, usize), usize>,
    constants: &'a HashMap<&'a str, Value>,
    slots: usize,
    callees: Vec<usize>,
    /// Compiling `moves` to write its moves: its result variable (see [`emit`]).
    emit: Option<emit::Emit>,
}

/// The names in scope, innermost last: name, slot, and what the slot is known to hold.
struct Scoped {
    names: Vec<(String, usize, Ty)>,
}

/// What an expression is known to give before the script runs. Only a guide for choosing the
/// integer closures: every value is checked when read, and a surprise sends the call to Rhai.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ty {
    Int,
    Bool,
    Array,
    Unknown,
}

type IntNode = Box<dyn Fn(&mut Frame<'_>) -> Result<i64, Trap>>;
type BoolNode = Box<dyn Fn(&mut Frame<'_>) -> Result<bool, Trap>>;

impl Compiler<'_> {
    fn declare(&mut self, scoped: &mut Scoped, name: &str, ty: Ty) -> usize {
        let slot = self.slots;
        self.slots += 1;
        scoped.names.push((name.to_owned(), slot, ty));
        slot
    }

    fn local_ty(&self, scoped: &Scoped, name: &str) -> Option<(usize, Ty)> {
        let found = scoped
            .names
            .iter()
            .rev()
            .find(|(n, _, _)| n == name)
            .map(|&(_, slot, ty)| (slot, ty));
        // The result variable of `moves` compiled to write is read only by `push` and `return`,
        // which look it up themselves; any other read breaks the shape.
        if let (Some((slot, _)), Some(emit)) = (found, &self.emit) {
            if slot == emit.slot.get() {
                emit.misused.set(true);
            }
        }
        found
    }

    /// What `e` gives, as far as its form says.
    fn ty(&self, e: &Expr, scoped: &Scoped) -> Ty {
        self.work.set(self.work.get() + 1);
        match e {
            Expr::IntegerConstant(..) => Ty::Int,
            Expr::BoolConstant(..) | Expr::And(..) | Expr::Or(..) => Ty::Bool,
            Expr::Array(..) => Ty::Array,
            Expr::DynamicConstant(d, _) => match from_dynamic(d, 0) {
                Some(Value::Int(_)) => Ty::Int,
                Some(Value::Bool(_)) => Ty::Bool,
                Some(Value::Array(_) | Value::Small { .. }) => Ty::Array,
                _ => Ty::Unknown,
            },
            Expr::Variable(..) => {
                let Some(name) = self.variable(e) else {
                    return Ty::Unknown;
                };
                if let Some((_, ty)) = self.local_ty(scoped, name) {
                    return ty;
                }
                match self.constants.get(name) {
                    Some(Value::Int(_)) => Ty::Int,
                    Some(Value::Array(_) | Value::Small { .. }) => Ty::Array,
                    _ => Ty::Unknown,
                }
            }
            Expr::FnCall(call, _) => {
                let user = self
                    .ids
                    .contains_key(&(call.name.to_string(), call.args.len()));
                if user && call.op_token.is_none() {
                    return Ty::Unknown;
                }
                match (call.name.as_str(), call.args.len()) {
                    ("+", 2) => {
                        let (a, b) = (
                            self.ty(&call.args[0], scoped),
                            self.ty(&call.args[1], scoped),
                        );
                        if a == Ty::Array || b == Ty::Array {
                            Ty::Array
                        } else if a == Ty::Int || b == Ty::Int {
                            Ty::Int
                        } else {
                            Ty::Unknown
                        }
                    }
                    (
                        "-" | "*" | "/" | "%" | "**" | "<<" | ">>" | "&" | "|" | "^" | "min"
                        | "max",
                        2,
                    )
                    | ("-" | "abs" | "ctz" | "popcount" | "isqrt" | "zeckendorf_min" | "len", 1) => {
                        Ty::Int
                    }
                    ("sorted", 1) => Ty::Array,
                    ("==" | "!=" | "<" | "<=" | ">" | ">=" | "contains", 2) | ("!", 1) => Ty::Bool,
                    _ => Ty::Unknown,
                }
            }
            Expr::Dot(chain, _, _) => match &chain.rhs {
                Expr::Property(p, _) if p.2.as_str() == "len" => Ty::Int,
                Expr::MethodCall(c, _) if c.name.as_str() == "len" => Ty::Int,
                Expr::MethodCall(c, _) if matches!(c.name.as_str(), "contains" | "is_empty") => {
                    Ty::Bool
                }
                _ => Ty::Unknown,
            },
            _ => Ty::Unknown,
        }
    }

    /// `e` compiled to give an integer, when its form says it gives one (or may: an item of an
    /// array, a variable of unknown kind); `None` when it surely does not or the form is not one
    /// of these.
    fn int_expr(&mut self, e: &Expr, scoped: &mut Scoped) -> Compiled<Option<IntNode>> {
        self.spend()?;
        let ty = self.ty(e, scoped);
        if matches!(ty, Ty::Bool | Ty::Array) {
            return Ok(None);
        }
        Ok(Some(match e {
            Expr::IntegerConstant(n, _) => {
                let n = *n;
                Box::new(move |_| Ok(n))
            }
            Expr::Variable(..) => {
                let name = self.variable(e).ok_or(Unsupported)?;
                if let Some((slot, _)) = self.local_ty(scoped, name) {
                    Box::new(move |f| match f.slots[slot] {
                        Value::Int(n) => Ok(n),
                        _ => Err(Trap),
                    })
                } else if let Some(&Value::Int(n)) = self.constants.get(name) {
                    Box::new(move |_| Ok(n))
                } else {
                    return Ok(None);
                }
            }
            Expr::Index(chain, flags, _) if !flags.contains(rhai::ASTFlags::NEGATED) => {
                let Some((slot, _)) = self
                    .variable(&chain.lhs)
                    .and_then(|n| self.local_ty(scoped, n))
                else {
                    return Ok(None);
                };
                if matches!(chain.rhs, Expr::Index(..) | Expr::Dot(..)) {
                    return Ok(None);
                }
                let Some(i) = self.int_expr(&chain.rhs, scoped)? else {
                    return Ok(None);
                };
                Box::new(move |f| {
                    let i = i(f)?;
                    f.slots[slot].int_item(i).ok_or(Trap)
                })
            }
            Expr::FnCall(call, _) if ty == Ty::Int => {
                if !call.namespace.is_empty() || call.capture_parent_scope {
                    return Err(Unsupported);
                }
                let name = call.name.as_str();
                if call.args.len() == 2 {
                    let Some(op) = BinaryOp::from_name(name) else {
                        return Ok(None);
                    };
                    let Some((a, b)) = self.int_operands(&call.args, scoped)? else {
                        return Ok(None);
                    };
                    match op {
                        BinaryOp::Add => int_op(a, b, i64::checked_add),
                        BinaryOp::Sub => int_op(a, b, i64::checked_sub),
                        BinaryOp::Mul => int_op(a, b, i64::checked_mul),
                        BinaryOp::Div => int_op(a, b, i64::checked_div),
                        BinaryOp::Rem => int_op(a, b, i64::checked_rem),
                        BinaryOp::And => int_op(a, b, |x, y| Some(x & y)),
                        BinaryOp::Or => int_op(a, b, |x, y| Some(x | y)),
                        BinaryOp::Xor => int_op(a, b, |x, y| Some(x ^ y)),
                        BinaryOp::Min => int_op(a, b, |x, y| Some(x.min(y))),
                        BinaryOp::Max => int_op(a, b, |x, y| Some(x.max(y))),
                        _ => int_op(a, b, move |x, y| {
                            match op.apply(Value::Int(x), Value::Int(y)) {
                                Ok(Value::Int(n)) => Some(n),
                                _ => None,
                            }
                        }),
                    }
                } else if call.args.len() == 1 {
                    if name == "len" {
                        return Ok(None);
                    }
                    let Some(op) = UnaryOp::from_name(name) else {
                        return Ok(None);
                    };
                    let Some(a) = self.int_expr(&call.args[0], scoped)? else {
                        return Ok(None);
                    };
                    Box::new(move |f| match op.apply(Value::Int(a(f)?))? {
                        Value::Int(n) => Ok(n),
                        _ => Err(Trap),
                    })
                } else {
                    return Ok(None);
                }
            }
            _ => return Ok(None),
        }))
    }

    /// An integer operand: a constant or a variable is read in place by the operator's own
    /// closure, one call less than a closure of its own.
    fn int_operand(&mut self, e: &Expr, scoped: &mut Scoped) -> Compiled<Option<Operand>> {
        if let Expr::IntegerConstant(n, _) = e {
            return Ok(Some(Operand::Const(*n)));
        }
        if let Some(name) = self.variable(e) {
            if let Some((slot, ty)) = self.local_ty(scoped, name) {
                if matches!(ty, Ty::Array | Ty::Bool) {
                    return Ok(None);
                }
                return Ok(Some(Operand::Slot(slot)));
            }
            if let Some(&Value::Int(n)) = self.constants.get(name) {
                return Ok(Some(Operand::Const(n)));
            }
        }
        Ok(self.int_expr(e, scoped)?.map(Operand::Node))
    }

    /// The two arguments of an operator as integer operands, when both can be.
    fn int_operands(
        &mut self,
        args: &[Expr],
        scoped: &mut Scoped,
    ) -> Compiled<Option<(Operand, Operand)>> {
        let [x, y] = args else {
            return Ok(None);
        };
        let (Some(a), Some(b)) = (self.int_operand(x, scoped)?, self.int_operand(y, scoped)?)
        else {
            return Ok(None);
        };
        Ok(Some((a, b)))
    }

    /// `x <op> y` of two integers, as operands, for the fused statements.
    fn comparison(
        &mut self,
        e: &Expr,
        scoped: &mut Scoped,
    ) -> Compiled<Option<(Operand, Operand, &'static str)>> {
        let Expr::FnCall(call, _) = e else {
            return Ok(None);
        };
        let name: &'static str = match call.name.as_str() {
            "==" => "==",
            "!=" => "!=",
            "<" => "<",
            "<=" => "<=",
            ">" => ">",
            ">=" => ">=",
            _ => return Ok(None),
        };
        if call.args.len() != 2 || call.op_token.is_none() || !call.namespace.is_empty() {
            return Ok(None);
        }
        let (ta, tb) = (
            self.ty(&call.args[0], scoped),
            self.ty(&call.args[1], scoped),
        );
        // `==` also compares arrays and booleans: one side must be a known integer and neither
        // an array or a boolean. An ordering of anything but integers is an error, which the
        // closure leaves to Rhai.
        let ints = match name {
            "==" | "!=" => {
                (ta == Ty::Int || tb == Ty::Int)
                    && !matches!(ta, Ty::Array | Ty::Bool)
                    && !matches!(tb, Ty::Array | Ty::Bool)
            }
            _ => ta != Ty::Array && tb != Ty::Array,
        };
        if !ints {
            return Ok(None);
        }
        let Some((a, b)) = self.int_operands(&call.args, scoped)? else {
            return Ok(None);
        };
        Ok(Some((a, b, name)))
    }

    /// `x <op> y` of two integers, an arithmetic operator, as operands.
    fn int_binary(
        &mut self,
        e: &Expr,
        scoped: &mut Scoped,
    ) -> Compiled<Option<(Operand, Operand, BinaryOp)>> {
        let Expr::FnCall(call, _) = e else {
            return Ok(None);
        };
        if call.args.len() != 2 || call.op_token.is_none() || !call.namespace.is_empty() {
            return Ok(None);
        }
        let op = match BinaryOp::from_name(call.name.as_str()) {
            Some(
                op
                @ (BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem),
            ) => op,
            _ => return Ok(None),
        };
        if self.ty(e, scoped) != Ty::Int {
            return Ok(None);
        }
        let Some((a, b)) = self.int_operands(&call.args, scoped)? else {
            return Ok(None);
        };
        Ok(Some((a, b, op)))
    }

    /// `a.push(x)` as a statement, `a` a variable: one closure.
    fn push_unit(&mut self, e: &Expr, scoped: &mut Scoped) -> Compiled<Option<Unit>> {
        let Some((object, arg)) = push_call(e) else {
            return Ok(None);
        };
        let Some(slot) = self.variable(object).and_then(|n| self.local(scoped, n)) else {
            return Ok(None);
        };
        if self.ty(arg, scoped) == Ty::Int {
            if let Some(n) = self.int_operand(arg, scoped)? {
                return Ok(Some(match n {
                    Operand::Slot(i) => Box::new(move |f| {
                        let n = read_int(f, i)?;
                        f.slots[slot].push_int(n)?;
                        Ok(())
                    }),
                    n => {
                        let n = n.into_node();
                        Box::new(move |f| {
                            let n = n(f)?;
                            f.slots[slot].push_int(n)?;
                            Ok(())
                        })
                    }
                }));
            }
        }
        let value = self.expr(arg, scoped)?;
        Ok(Some(Box::new(move |f| {
            let v = value(f)?;
            f.slots[slot].push(v)?;
            Ok(())
        })))
    }

    /// `e` compiled to give a boolean: comparisons of integers, `!`, `&&`, `||`, constants.
    fn bool_expr(&mut self, e: &Expr, scoped: &mut Scoped) -> Compiled<Option<BoolNode>> {
        self.spend()?;
        Ok(Some(match e {
            Expr::BoolConstant(b, _) => {
                let b = *b;
                Box::new(move |_| Ok(b))
            }
            Expr::And(list, _) | Expr::Or(list, _) => {
                let and = matches!(e, Expr::And(..));
                let mut terms = Vec::with_capacity(list.len());
                for t in list.iter() {
                    let Some(t) = self.bool_expr(t, scoped)? else {
                        return Ok(None);
                    };
                    terms.push(t);
                }
                Box::new(move |f| {
                    for t in &terms {
                        if t(f)? != and {
                            return Ok(!and);
                        }
                    }
                    Ok(and)
                })
            }
            Expr::FnCall(call, _) if call.namespace.is_empty() && !call.capture_parent_scope => {
                let name = call.name.as_str();
                if self.ids.contains_key(&(name.to_owned(), call.args.len()))
                    && call.op_token.is_none()
                {
                    return Ok(None);
                }
                if name == "!" && call.args.len() == 1 {
                    let Some(a) = self.bool_expr(&call.args[0], scoped)? else {
                        return Ok(None);
                    };
                    return Ok(Some(Box::new(move |f| Ok(!a(f)?))));
                }
                let Some((a, b, cmp)) = self.comparison(e, scoped)? else {
                    return Ok(None);
                };
                match cmp {
                    "==" => compare(a, b, |x, y| x == y),
                    "!=" => compare(a, b, |x, y| x != y),
                    "<" => compare(a, b, |x, y| x < y),
                    "<=" => compare(a, b, |x, y| x <= y),
                    ">" => compare(a, b, |x, y| x > y),
                    _ => compare(a, b, |x, y| x >= y),
                }
            }
            _ => return Ok(None),
        }))
    }

    /// A condition: the boolean closure when there is one, else the value checked.
    fn condition(&mut self, e: &Expr, scoped: &mut Scoped) -> Compiled<BoolNode> {
        if let Some(b) = self.bool_expr(e, scoped)? {
            return Ok(b);
        }
        let v = self.expr(e, scoped)?;
        Ok(Box::new(move |f| match v(f) {
            Ok(Value::Bool(b)) => Ok(b),
            _ => Err(Trap),
        }))
    }

    /// A block whose value is read: the value of its last statement.
    fn block(&mut self, statements: &[Stmt], scoped: &mut Scoped) -> Compiled<Node> {
        let mark = scoped.names.len();
        let Some((last, rest)) = statements.split_last() else {
            return Ok(Box::new(|_| Ok(Value::Unit)));
        };
        let rest: Vec<Unit> = rest
            .iter()
            .map(|s| self.stmt_unit(s, scoped))
            .collect::<Compiled<_>>()?;
        let last = self.stmt(last, scoped)?;
        scoped.names.truncate(mark);
        Ok(sequence(rest, last))
    }

    /// A block whose value nobody reads (a loop's body, a branch of a statement `if`).
    fn block_unit(&mut self, statements: &[Stmt], scoped: &mut Scoped) -> Compiled<Unit> {
        let mark = scoped.names.len();
        let mut units: Vec<Unit> = statements
            .iter()
            .map(|s| self.stmt_unit(s, scoped))
            .collect::<Compiled<_>>()?;
        scoped.names.truncate(mark);
        Ok(match units.pop() {
            None => Box::new(|_| Ok(())),
            Some(last) => sequence(units, last),
        })
    }

    /// A statement whose value is read (the last of a block): `if` and loops give a value.
    fn stmt(&mut self, stmt: &Stmt, scoped: &mut Scoped) -> Compiled<Node> {
        Ok(match stmt {
            Stmt::Expr(e) => self.expr(e, scoped)?,
            Stmt::FnCall(call, _) => self.call(call, scoped)?,
            Stmt::Block(block) => self.block(block.statements(), scoped)?,
            Stmt::If(flow, _) => {
                let cond = self.condition(&flow.expr, scoped)?;
                let body = self.block(flow.body.statements(), scoped)?;
                let branch = self.block(flow.branch.statements(), scoped)?;
                Box::new(move |f| if cond(f)? { body(f) } else { branch(f) })
            }
            Stmt::While(..) | Stmt::Do(..) | Stmt::For(..) => {
                let unit = self.stmt_unit(stmt, scoped)?;
                Box::new(move |f| {
                    unit(f)?;
                    Ok(std::mem::replace(&mut f.carry, Value::Unit))
                })
            }
            _ => {
                let unit = self.stmt_unit(stmt, scoped)?;
                Box::new(move |f| {
                    unit(f)?;
                    Ok(Value::Unit)
                })
            }
        })
    }

    /// A statement whose value nobody reads.
    fn stmt_unit(&mut self, stmt: &Stmt, scoped: &mut Scoped) -> Compiled<Unit> {
        Ok(match stmt {
            Stmt::Noop(_) => Box::new(|_| Ok(())),
            Stmt::Expr(e) => {
                if let Some(push) = self.emitting_push(e, scoped)? {
                    return Ok(push);
                }
                if let Some(push) = self.push_unit(e, scoped)? {
                    return Ok(push);
                }
                let node = self.expr(e, scoped)?;
                Box::new(move |f| node(f).map(drop))
            }
            Stmt::FnCall(call, _) => {
                let node = self.call(call, scoped)?;
                Box::new(move |f| node(f).map(drop))
            }
            Stmt::Block(block) => self.block_unit(block.statements(), scoped)?,
            Stmt::Var(decl, _, _) => {
                let (ident, value, _) = &**decl;
                if emit::is_empty_array(value) {
                    // `let a = [];`, often in a loop: the slot's array emptied in place when it
                    // holds one of its own (see `set_int` on why not a new value copied in).
                    let slot = self.declare(scoped, &ident.name, Ty::Array);
                    return Ok(Box::new(move |f| {
                        match &mut f.slots[slot] {
                            Value::Small { len, items, split } => {
                                *len = 0;
                                *items = [0; 2];
                                *split = false;
                            }
                            other => *other = Value::small(&[]),
                        }
                        Ok(())
                    }));
                }
                let ty = self.ty(value, scoped);
                if ty == Ty::Int {
                    if let Some((a, b, op)) = self.int_binary(value, scoped)? {
                        let slot = self.declare(scoped, &ident.name, Ty::Int);
                        return Ok(match op {
                            BinaryOp::Add => store_op(slot, a, b, i64::checked_add),
                            BinaryOp::Sub => store_op(slot, a, b, i64::checked_sub),
                            BinaryOp::Mul => store_op(slot, a, b, i64::checked_mul),
                            _ => store_op(slot, a, b, move |x, y| {
                                match op.apply(Value::Int(x), Value::Int(y)) {
                                    Ok(Value::Int(n)) => Some(n),
                                    _ => None,
                                }
                            }),
                        });
                    }
                    if let Some(n) = self.int_expr(value, scoped)? {
                        let slot = self.declare(scoped, &ident.name, Ty::Int);
                        return Ok(Box::new(move |f| {
                            let n = n(f)?;
                            set_int(f, slot, n);
                            Ok(())
                        }));
                    }
                }
                let value = self.expr(value, scoped)?;
                let slot = self.declare(scoped, &ident.name, ty);
                Box::new(move |f| {
                    f.slots[slot] = value(f)?;
                    Ok(())
                })
            }
            Stmt::Assignment(assign) => self.assignment(&assign.0, &assign.1, scoped)?,
            Stmt::If(flow, _) => {
                if flow.branch.statements().is_empty() {
                    if let Some((a, b, cmp)) = self.comparison(&flow.expr, scoped)? {
                        let body = self.block_unit(flow.body.statements(), scoped)?;
                        return Ok(match cmp {
                            "==" => if_compare(a, b, |x, y| x == y, body),
                            "!=" => if_compare(a, b, |x, y| x != y, body),
                            "<" => if_compare(a, b, |x, y| x < y, body),
                            "<=" => if_compare(a, b, |x, y| x <= y, body),
                            ">" => if_compare(a, b, |x, y| x > y, body),
                            _ => if_compare(a, b, |x, y| x >= y, body),
                        });
                    }
                }
                let cond = self.condition(&flow.expr, scoped)?;
                let body = self.block_unit(flow.body.statements(), scoped)?;
                if flow.branch.statements().is_empty() {
                    return Ok(Box::new(move |f| if cond(f)? { body(f) } else { Ok(()) }));
                }
                let branch = self.block_unit(flow.branch.statements(), scoped)?;
                Box::new(move |f| if cond(f)? { body(f) } else { branch(f) })
            }
            Stmt::While(flow, _) => {
                let forever = matches!(flow.expr, Expr::Unit(_));
                let cond: BoolNode = if forever {
                    Box::new(|_| Ok(true))
                } else {
                    self.condition(&flow.expr, scoped)?
                };
                let body = self.block_unit(flow.body.statements(), scoped)?;
                Box::new(move |f| loop {
                    f.budget.tick()?;
                    if !cond(f)? {
                        f.carry = Value::Unit;
                        return Ok(());
                    }
                    if !turn(&body, f)? {
                        return Ok(());
                    }
                })
            }
            Stmt::Do(flow, flags, _) => {
                let until = flags.contains(rhai::ASTFlags::NEGATED);
                let cond = self.condition(&flow.expr, scoped)?;
                let body = self.block_unit(flow.body.statements(), scoped)?;
                Box::new(move |f| loop {
                    f.budget.tick()?;
                    if !turn(&body, f)? {
                        return Ok(());
                    }
                    if cond(f)? == until {
                        f.carry = Value::Unit;
                        return Ok(());
                    }
                })
            }
            Stmt::For(for_loop, _) => {
                let (var, counter, flow) = &**for_loop;
                if counter.is_none() {
                    if let Some(node) = self.range_loop(&var.name, flow, scoped)? {
                        return Ok(node);
                    }
                    // Over integers known before the script runs (a parameter `S=1,3,4`, a
                    // literal `[1, 2]`): no array to read at each turn.
                    if let Some(ints) = self.constant_ints(&flow.expr, scoped) {
                        let mark = scoped.names.len();
                        let slot = self.declare(scoped, &var.name, Ty::Int);
                        let body = self.block_unit(flow.body.statements(), scoped)?;
                        scoped.names.truncate(mark);
                        return Ok(Box::new(move |f| {
                            count_loop(f, slot, &body, ints.iter().copied())
                        }));
                    }
                }
                let iterable = self.expr(&flow.expr, scoped)?;
                let mark = scoped.names.len();
                let var = self.declare(scoped, &var.name, Ty::Unknown);
                let counter = counter
                    .as_ref()
                    .map(|c| self.declare(scoped, &c.name, Ty::Int));
                let body = self.block_unit(flow.body.statements(), scoped)?;
                scoped.names.truncate(mark);
                Box::new(move |f| {
                    // Ok(false): broken out of, the loop's value in `carry`.
                    // The item goes into the loop's slot as `set_int` writes integers (most
                    // loops are over numbers).
                    let step = |f: &mut Frame<'_>, idx: usize, item: Result<i64, Value>| {
                        f.budget.tick()?;
                        match item {
                            Ok(n) => set_int(f, var, n),
                            Err(v) => f.slots[var] = v,
                        }
                        if let Some(c) = counter {
                            set_int(f, c, idx as i64);
                        }
                        turn(&body, f)
                    };
                    match iterable(f)? {
                        Value::Range(a, b) => {
                            for (idx, n) in (a..b).enumerate() {
                                if !step(f, idx, Ok(n))? {
                                    return Ok(());
                                }
                            }
                        }
                        items => {
                            let len = items.array_len().ok_or(Trap)?;
                            for idx in 0..len {
                                let item = match items.int_item(idx as i64) {
                                    Some(n) => Ok(n),
                                    None => Err(items.item(idx).ok_or(Trap)?),
                                };
                                if !step(f, idx, item)? {
                                    return Ok(());
                                }
                            }
                        }
                    }
                    f.carry = Value::Unit;
                    Ok(())
                })
            }
            Stmt::BreakLoop(value, flags, _) => {
                if !flags.contains(rhai::ASTFlags::BREAK) {
                    return Ok(Box::new(|_| Err(Flow::Continue)));
                }
                self.jump(value.as_deref(), Flow::Break, scoped)?
            }
            Stmt::Return(value, flags, _) => {
                if flags.contains(rhai::ASTFlags::BREAK) {
                    // `throw`: an error, which Rhai words.
                    return Ok(Box::new(|_| Err(Flow::Trap)));
                }
                self.jump(value.as_deref(), Flow::Return, scoped)?
            }
            _ => return Err(Unsupported),
        })
    }

    /// `break value` or `return value`: the value waits in `carry`, the flow goes up.
    fn jump(&mut self, value: Option<&Expr>, flow: Flow, scoped: &mut Scoped) -> Compiled<Unit> {
        if flow == Flow::Return && self.emit.is_some() {
            return self.emitting_return(value, scoped).ok_or(Unsupported);
        }
        let value = match value {
            Some(e) => Some(self.expr(e, scoped)?),
            None => None,
        };
        Ok(Box::new(move |f| {
            f.carry = match &value {
                Some(e) => e(f)?,
                None => Value::Unit,
            };
            Err(flow)
        }))
    }

    /// The integers of `e` when it is an array of integers known before the script runs: a
    /// parameter (not shadowed), or a literal of integer constants.
    fn constant_ints(&self, e: &Expr, scoped: &Scoped) -> Option<Vec<i64>> {
        match e {
            Expr::Variable(..) => {
                let name = self.variable(e)?;
                if scoped.names.iter().any(|(n, _, _)| n == name) {
                    return None;
                }
                self.constants.get(name)?.int_items()
            }
            Expr::Array(items, _) => items
                .iter()
                .map(|i| match i {
                    Expr::IntegerConstant(n, _) => Some(*n),
                    _ => None,
                })
                .collect(),
            Expr::DynamicConstant(d, _) => from_dynamic(d, 0)?.int_items(),
            _ => None,
        }
    }

    fn local(&self, scoped: &Scoped, name: &str) -> Option<usize> {
        self.local_ty(scoped, name).map(|(slot, _)| slot)
    }

    /// `for x in a..b { … }` (or `a..=b`) with integer ends: the loop variable is an integer.
    fn range_loop(
        &mut self,
        var: &str,
        flow: &rhai::FlowControl,
        scoped: &mut Scoped,
    ) -> Compiled<Option<Unit>> {
        let Expr::FnCall(call, _) = &flow.expr else {
            return Ok(None);
        };
        if !call.namespace.is_empty() || call.capture_parent_scope {
            return Ok(None);
        }
        let user = self
            .ids
            .contains_key(&(call.name.to_string(), call.args.len()));
        let inclusive = match (call.name.as_str(), call.args.len()) {
            ("..", 2) => false,
            ("..=", 2) => true,
            // `range(a, b)` is `a..b`; `range(a, b, step)` steps (see `stepped`).
            ("range", 2 | 3) if !user && call.op_token.is_none() => false,
            _ => return Ok(None),
        };
        let mut ends = Vec::with_capacity(3);
        for arg in call.args.iter() {
            let Some(n) = self.int_expr(arg, scoped)? else {
                return Ok(None);
            };
            ends.push(n);
        }
        let step = if ends.len() == 3 { ends.pop() } else { None };
        let end = ends.pop().expect("two ends");
        let start = ends.pop().expect("two ends");
        let mark = scoped.names.len();
        let slot = self.declare(scoped, var, Ty::Int);
        let body = self.block_unit(flow.body.statements(), scoped)?;
        scoped.names.truncate(mark);
        if let Some(step) = step {
            return Ok(Some(Box::new(move |f| {
                let (a, b, s) = (start(f)?, end(f)?, step(f)?);
                count_loop(f, slot, &body, stepped(a, b, s)?)
            })));
        }
        Ok(Some(Box::new(move |f| {
            let a = start(f)?;
            let b = end(f)?;
            let b = if inclusive {
                b.checked_add(1).ok_or(Trap)?
            } else {
                b
            };
            count_loop(f, slot, &body, a..b)
        })))
    }

    fn variable<'e>(&self, e: &'e Expr) -> Option<&'e str> {
        match e {
            Expr::Variable(v, _, _) if v.2.is_empty() => Some(v.1.as_str()),
            _ => None,
        }
    }

    fn assignment(
        &mut self,
        op: &rhai::OpAssignment,
        target: &rhai::BinaryExpr,
        scoped: &mut Scoped,
    ) -> Compiled<Unit> {
        let binary = match op.get_op_assignment_info() {
            Some((_, _, _, _, _, syntax)) => Some(BinaryOp::from_name(syntax).ok_or(Unsupported)?),
            None => None,
        };
        match &target.lhs {
            Expr::Variable(..) => {
                let name = self.variable(&target.lhs).ok_or(Unsupported)?;
                let (slot, slot_ty) = self.local_ty(scoped, name).ok_or(Unsupported)?;
                let rhs_ty = self.ty(&target.rhs, scoped);
                let int_op = match binary {
                    None => None,
                    Some(BinaryOp::Add) => Some(i64::checked_add as fn(i64, i64) -> Option<i64>),
                    Some(BinaryOp::Sub) => Some(i64::checked_sub as fn(i64, i64) -> Option<i64>),
                    Some(BinaryOp::Mul) => Some(i64::checked_mul as fn(i64, i64) -> Option<i64>),
                    Some(_) => None,
                };
                if slot_ty == Ty::Int && rhs_ty == Ty::Int {
                    if let Some(n) = self.int_expr(&target.rhs, scoped)? {
                        match (binary, int_op) {
                            (None, _) => {
                                return Ok(Box::new(move |f| {
                                    let n = n(f)?;
                                    set_int(f, slot, n);
                                    Ok(())
                                }))
                            }
                            (Some(_), Some(op)) => {
                                return Ok(Box::new(move |f| {
                                    let y = n(f)?;
                                    let Value::Int(x) = f.slots[slot] else {
                                        return Err(Flow::Trap);
                                    };
                                    set_int(f, slot, op(x, y).ok_or(Trap)?);
                                    Ok(())
                                }))
                            }
                            _ => {}
                        }
                    }
                }
                // The slot may now hold something else: later reads are compiled for any kind.
                let new_ty = match binary {
                    None => rhs_ty,
                    Some(_) if slot_ty == rhs_ty => slot_ty,
                    Some(_) => Ty::Unknown,
                };
                if new_ty != slot_ty {
                    if let Some(entry) = scoped.names.iter_mut().rev().find(|(n, _, _)| n == name) {
                        entry.2 = Ty::Unknown;
                    }
                }
                let value = self.expr(&target.rhs, scoped)?;
                Ok(Box::new(move |f| {
                    let v = value(f)?;
                    let new = match binary {
                        None => v,
                        Some(op) => {
                            let old = std::mem::replace(&mut f.slots[slot], Value::Unit);
                            op.apply(old, v)?
                        }
                    };
                    f.slots[slot] = new;
                    Ok(())
                }))
            }
            Expr::Index(chain, flags, _) if !flags.contains(rhai::ASTFlags::NEGATED) => {
                let value = self.expr(&target.rhs, scoped)?;
                let name = self.variable(&chain.lhs).ok_or(Unsupported)?;
                let slot = self.local(scoped, name).ok_or(Unsupported)?;
                let indices = self.index_chain(&chain.rhs, scoped)?;
                Ok(Box::new(move |f| {
                    let v = value(f)?;
                    let idx: Vec<i64> = indices
                        .iter()
                        .map(|i| match i(f)? {
                            Value::Int(n) => Ok(n),
                            _ => Err(Flow::Trap),
                        })
                        .collect::<Result<_, Flow>>()?;
                    let mut place = &mut f.slots[slot];
                    for &i in &idx {
                        place = usize::try_from(i)
                            .ok()
                            .and_then(|i| place.array_mut()?.get_mut(i))
                            .ok_or(Flow::Trap)?;
                    }
                    Value::may_nest(&v)?;
                    let new = match binary {
                        None => v,
                        Some(op) => op.apply(std::mem::replace(place, Value::Unit), v)?,
                    };
                    *place = new;
                    Ok(())
                }))
            }
            _ => Err(Unsupported),
        }
    }

    /// The index expressions of `[i][j]…`: Rhai nests them to the right.
    fn index_chain(&mut self, mut rhs: &Expr, scoped: &mut Scoped) -> Compiled<Vec<Node>> {
        let mut res = Vec::new();
        loop {
            match rhs {
                Expr::Index(inner, _, _) => {
                    res.push(self.expr(&inner.lhs, scoped)?);
                    rhs = &inner.rhs;
                }
                Expr::Dot(..) => return Err(Unsupported),
                last => {
                    res.push(self.expr(last, scoped)?);
                    return Ok(res);
                }
            }
        }
    }

    /// Counts compiling work; past a bound the function is not compiled.
    fn spend(&self) -> Compiled<()> {
        let work = self.work.get() + 1;
        self.work.set(work);
        if work > MAX_COMPILE_WORK {
            return Err(Unsupported);
        }
        Ok(())
    }

    fn expr(&mut self, e: &Expr, scoped: &mut Scoped) -> Compiled<Node> {
        self.spend()?;
        match self.ty(e, scoped) {
            Ty::Int => {
                if let Some(n) = self.int_expr(e, scoped)? {
                    return Ok(Box::new(move |f| Ok(Value::Int(n(f)?))));
                }
            }
            Ty::Bool => {
                if let Some(b) = self.bool_expr(e, scoped)? {
                    return Ok(Box::new(move |f| Ok(Value::Bool(b(f)?))));
                }
            }
            _ => {}
        }
        Ok(match e {
            Expr::IntegerConstant(n, _) => {
                let n = *n;
                Box::new(move |_| Ok(Value::Int(n)))
            }
            Expr::BoolConstant(b, _) => {
                let b = *b;
                Box::new(move |_| Ok(Value::Bool(b)))
            }
            Expr::Unit(_) => Box::new(|_| Ok(Value::Unit)),
            Expr::DynamicConstant(d, _) => {
                let v = from_dynamic(d, 0).ok_or(Unsupported)?;
                Box::new(move |_| Ok(v.clone()))
            }
            Expr::Array(items, _) => {
                let items: Vec<Node> = items
                    .iter()
                    .map(|i| self.expr(i, scoped))
                    .collect::<Compiled<_>>()?;
                if items.is_empty() {
                    return Ok(Box::new(|_| Ok(Value::small(&[]))));
                }
                // `[x, y]` of integers, the commonest array in a game, is built inline.
                if items.len() == 2 {
                    let mut items = items.into_iter();
                    let (x, y) = (items.next().expect("two"), items.next().expect("two"));
                    let pair: Node = Box::new(move |f| match (x(f)?, y(f)?) {
                        (Value::Int(a), Value::Int(b)) => Ok(Value::small(&[a, b])),
                        (a, b) => {
                            Value::may_nest(&a)?;
                            Value::may_nest(&b)?;
                            Ok(Value::Array(Rc::new(smallvec::smallvec![a, b])))
                        }
                    });
                    return Ok(pair);
                }
                Box::new(move |f| {
                    let mut res = Vec::with_capacity(items.len());
                    for item in &items {
                        let item = item(f)?;
                        Value::may_nest(&item)?;
                        res.push(item);
                    }
                    Ok(Value::array(res))
                })
            }
            Expr::Variable(..) => {
                let name = self.variable(e).ok_or(Unsupported)?;
                if let Some(slot) = self.local(scoped, name) {
                    Box::new(move |f| Ok(f.slots[slot].clone()))
                } else if let Some(v) = self.constants.get(name) {
                    let v = v.clone();
                    Box::new(move |_| Ok(v.clone()))
                } else {
                    return Err(Unsupported);
                }
            }
            Expr::Stmt(block) => self.block(block.statements(), scoped)?,
            Expr::FnCall(call, _) => self.call(call, scoped)?,
            Expr::And(list, _) | Expr::Or(list, _) => {
                let and = matches!(e, Expr::And(..));
                let terms: Vec<Node> = list
                    .iter()
                    .map(|t| self.expr(t, scoped))
                    .collect::<Compiled<_>>()?;
                Box::new(move |f| {
                    for term in &terms {
                        match term(f)? {
                            Value::Bool(b) if b != and => return Ok(Value::Bool(b)),
                            Value::Bool(_) => {}
                            _ => return Err(Flow::Trap),
                        }
                    }
                    Ok(Value::Bool(and))
                })
            }
            Expr::Index(chain, flags, _) if !flags.contains(rhai::ASTFlags::NEGATED) => {
                let indices = self.index_chain(&chain.rhs, scoped)?;
                let base = self
                    .variable(&chain.lhs)
                    .and_then(|n| self.local(scoped, n));
                let object = self.expr(&chain.lhs, scoped)?;
                Box::new(move |f| {
                    let mut idx = [0i64; 8];
                    if indices.len() > idx.len() {
                        return Err(Flow::Trap);
                    }
                    for (k, i) in indices.iter().enumerate() {
                        idx[k] = match i(f)? {
                            Value::Int(n) => n,
                            _ => return Err(Flow::Trap),
                        };
                    }
                    let idx = &idx[..indices.len()];
                    // A local array is read in place, not copied whole for one item.
                    if let Some(slot) = base {
                        return index(&f.slots[slot], idx);
                    }
                    let whole = object(f)?;
                    index(&whole, idx)
                })
            }
            Expr::Dot(chain, flags, _) if !flags.contains(rhai::ASTFlags::NEGATED) => {
                match &chain.rhs {
                    Expr::Property(prop, _) => {
                        let name = prop.2.as_str();
                        let method = Method::from_name(name, 0).ok_or(Unsupported)?;
                        if method.mutates() {
                            return Err(Unsupported);
                        }
                        self.method(method, &chain.lhs, &[], scoped)?
                    }
                    Expr::MethodCall(call, _) => {
                        if !call.namespace.is_empty() || call.capture_parent_scope {
                            return Err(Unsupported);
                        }
                        let method =
                            Method::from_name(&call.name, call.args.len()).ok_or(Unsupported)?;
                        self.method(method, &chain.lhs, &call.args, scoped)?
                    }
                    _ => return Err(Unsupported),
                }
            }
            _ => return Err(Unsupported),
        })
    }

    fn method(
        &mut self,
        method: Method,
        object: &Expr,
        args_exprs: &[Expr],
        scoped: &mut Scoped,
    ) -> Compiled<Node> {
        let slot = self.variable(object).and_then(|n| self.local(scoped, n));
        if let (Method::Push, Some(slot), [arg]) = (method, slot, args_exprs) {
            if self.ty(arg, scoped) == Ty::Int {
                if let Some(n) = self.int_operand(arg, scoped)? {
                    let n = n.into_node();
                    return Ok(Box::new(move |f| {
                        let n = n(f)?;
                        f.slots[slot].push(Value::Int(n))?;
                        Ok(Value::Unit)
                    }));
                }
            }
        }
        let args: Vec<Node> = args_exprs
            .iter()
            .map(|a| self.expr(a, scoped))
            .collect::<Compiled<_>>()?;
        if method.mutates() {
            let slot = slot.ok_or(Unsupported)?;
            return Ok(Box::new(move |f| {
                let arg = match args.first() {
                    Some(a) => Some(a(f)?),
                    None => None,
                };
                method.apply_mut(&mut f.slots[slot], arg)
            }));
        }
        let object = self.expr(object, scoped)?;
        Ok(Box::new(move |f| {
            let arg = match args.first() {
                Some(a) => Some(a(f)?),
                None => None,
            };
            match slot {
                Some(slot) => method.apply(&f.slots[slot], arg),
                None => method.apply(&object(f)?, arg),
            }
        }))
    }

    fn call(&mut self, call: &FnCallExpr, scoped: &mut Scoped) -> Compiled<Node> {
        if !call.namespace.is_empty() || call.capture_parent_scope {
            return Err(Unsupported);
        }
        let name = call.name.as_str();
        // `print` and `debug` print nothing in the sandbox: with a plain text, nothing to do;
        // any other argument is still evaluated (it may fail, as in Rhai).
        let user = self.ids.contains_key(&(name.to_owned(), call.args.len()));
        if matches!(name, "print" | "debug") && call.args.len() == 1 && !user {
            if let Expr::StringConstant(..) = &call.args[0] {
                return Ok(Box::new(|_| Ok(Value::Unit)));
            }
            let arg = self.expr(&call.args[0], scoped)?;
            return Ok(Box::new(move |f| {
                arg(f)?;
                Ok(Value::Unit)
            }));
        }
        if name == "win" && call.args.is_empty() && !user {
            return Ok(Box::new(|_| Ok(Value::Win)));
        }
        let mut args: Vec<Node> = call
            .args
            .iter()
            .map(|a| self.expr(a, scoped))
            .collect::<Compiled<_>>()?;
        let user = self.ids.get(&(name.to_owned(), args.len())).copied();
        if call.op_token.is_none() {
            if let Some(id) = user {
                self.callees.push(id);
                return Ok(Box::new(move |f| {
                    let mut values = Vec::with_capacity(args.len());
                    for a in &args {
                        values.push(a(f)?);
                    }
                    Ok(f.program.call_with(id, values, f.budget, f.depth + 1)?)
                }));
            }
        }
        if args.len() == 2 {
            if let Some(op) = BinaryOp::from_name(name) {
                let b = args.pop().expect("two");
                let a = args.pop().expect("two");
                return Ok(Box::new(move |f| {
                    let x = a(f)?;
                    let y = b(f)?;
                    Ok(op.apply(x, y)?)
                }));
            }
        }
        if args.len() == 1 {
            if let Some(op) = UnaryOp::from_name(name) {
                let a = args.pop().expect("one");
                return Ok(Box::new(move |f| Ok(op.apply(a(f)?)?)));
            }
        }
        if name == "contains" && args.len() == 2 {
            let x = args.pop().expect("two");
            let a = args.pop().expect("two");
            return Ok(Box::new(move |f| {
                let container = a(f)?;
                let item = x(f)?;
                Method::Contains.apply(&container, Some(item))
            }));
        }
        if name == "len" && args.len() == 1 {
            let a = args.pop().expect("one");
            return Ok(Box::new(move |f| Method::Len.apply(&a(f)?, None)));
        }
        Err(Unsupported)
    }
}

/// `(a, x)` when `e` is the plain method call `a.push(x)`.
fn push_call(e: &Expr) -> Option<(&Expr, &Expr)> {
    let Expr::Dot(chain, flags, _) = e else {
        return None;
    };
    let Expr::MethodCall(call, _) = &chain.rhs else {
        return None;
    };
    let plain = !flags.contains(rhai::ASTFlags::NEGATED)
        && call.name.as_str() == "push"
        && call.args.len() == 1
        && call.namespace.is_empty()
        && !call.capture_parent_scope;
    plain.then(|| (&chain.lhs, &call.args[0]))
}

/// An operand of an integer operator.
enum Operand {
    Const(i64),
    Slot(usize),
    Node(IntNode),
}

/// Writes an integer to a slot. A slot that holds an integer gets only its number written: a
/// whole `Value` built and copied in would be read back in one piece right after it was written
/// in two (its tag and its number), which stalls the processor's store forwarding on every turn
/// of a loop.
#[inline(always)]
fn set_int(f: &mut Frame<'_>, slot: usize, n: i64) {
    match &mut f.slots[slot] {
        Value::Int(x) => *x = n,
        other => *other = Value::Int(n),
    }
}

#[inline(always)]
fn read_int(f: &Frame<'_>, slot: usize) -> Result<i64, Trap> {
    match f.slots[slot] {
        Value::Int(n) => Ok(n),
        _ => Err(Trap),
    }
}

/// Builds `body(x, y)` for each form of the two operands, so that reading a variable or a
/// constant costs no call.
macro_rules! by_operands {
    ($a:expr, $b:expr, |$f:ident, $x:ident, $y:ident| $body:expr) => {
        match ($a, $b) {
            (Operand::Slot(i), Operand::Const($y)) => Box::new(move |$f: &mut Frame<'_>| {
                let $x = read_int($f, i)?;
                $body
            }),
            (Operand::Slot(i), Operand::Slot(j)) => Box::new(move |$f: &mut Frame<'_>| {
                let $x = read_int($f, i)?;
                let $y = read_int($f, j)?;
                $body
            }),
            (Operand::Const($x), Operand::Slot(j)) => Box::new(move |$f: &mut Frame<'_>| {
                let $y = read_int($f, j)?;
                $body
            }),
            (Operand::Node(a), Operand::Slot(j)) => Box::new(move |$f: &mut Frame<'_>| {
                let $x = a($f)?;
                let $y = read_int($f, j)?;
                $body
            }),
            (Operand::Node(a), Operand::Const($y)) => Box::new(move |$f: &mut Frame<'_>| {
                let $x = a($f)?;
                $body
            }),
            (a, b) => {
                let a = a.into_node();
                let b = b.into_node();
                Box::new(move |$f: &mut Frame<'_>| {
                    let $x = a($f)?;
                    let $y = b($f)?;
                    $body
                })
            }
        }
    };
}

impl Operand {
    fn into_node(self) -> IntNode {
        match self {
            Operand::Const(n) => Box::new(move |_| Ok(n)),
            Operand::Slot(i) => Box::new(move |f| read_int(f, i)),
            Operand::Node(n) => n,
        }
    }
}

/// An integer operator (`None` from `op`: overflow or the like, for Rhai to word).
fn int_op(
    a: Operand,
    b: Operand,
    op: impl Fn(i64, i64) -> Option<i64> + Copy + 'static,
) -> IntNode {
    by_operands!(a, b, |_f, x, y| op(x, y).ok_or(Trap))
}

/// `if x <op> y { body }` in one closure.
fn if_compare(
    a: Operand,
    b: Operand,
    op: impl Fn(i64, i64) -> bool + Copy + 'static,
    body: Unit,
) -> Unit {
    by_operands!(a, b, |f, x, y| if op(x, y) { body(f) } else { Ok(()) })
}

/// A `for` over integers: each in the loop's slot, the body run on it, until the body breaks.
#[inline]
fn count_loop(
    f: &mut Frame<'_>,
    slot: usize,
    body: &Unit,
    values: impl Iterator<Item = i64>,
) -> Result<(), Flow> {
    for n in values {
        f.budget.tick()?;
        set_int(f, slot, n);
        if !turn(body, f)? {
            return Ok(());
        }
    }
    f.carry = Value::Unit;
    Ok(())
}

/// `let v = x <op> y` (or `v = …`) in one closure.
fn store_op(
    slot: usize,
    a: Operand,
    b: Operand,
    op: impl Fn(i64, i64) -> Option<i64> + Copy + 'static,
) -> Unit {
    by_operands!(a, b, |f, x, y| {
        set_int(f, slot, op(x, y).ok_or(Trap)?);
        Ok(())
    })
}

/// An integer comparison.
fn compare(a: Operand, b: Operand, op: impl Fn(i64, i64) -> bool + Copy + 'static) -> BoolNode {
    by_operands!(a, b, |_f, x, y| Ok(op(x, y)))
}

/// A position as (line, column), for comparing.
fn place(pos: rhai::Position) -> (usize, usize) {
    (pos.line().unwrap_or(0), pos.position().unwrap_or(0))
}

/// Statements run in order; the value of the last is the value of all (Rhai's rule for blocks),
/// a `Value` or, for a block whose value nobody reads, `()`.
#[allow(clippy::type_complexity)]
fn sequence<T: 'static>(
    mut rest: Vec<Unit>,
    last: Box<dyn Fn(&mut Frame<'_>) -> Result<T, Flow>>,
) -> Box<dyn Fn(&mut Frame<'_>) -> Result<T, Flow>> {
    match rest.len() {
        0 => last,
        1 => {
            let first = rest.pop().expect("one");
            Box::new(move |f| {
                first(f)?;
                last(f)
            })
        }
        _ => Box::new(move |f| {
            for unit in &rest {
                unit(f)?;
            }
            last(f)
        }),
    }
}

/// One turn of a loop's body: `Ok(false)` when a `break` ends the loop (its value in `carry`).
#[inline]
fn turn(body: &Unit, f: &mut Frame<'_>) -> Result<bool, Flow> {
    match body(f) {
        Ok(()) | Err(Flow::Continue) => Ok(true),
        Err(Flow::Break) => Ok(false),
        Err(other) => Err(other),
    }
}

/// `range(from, to, step)` as Rhai iterates it: forwards while below `to` for a positive step,
/// backwards while above it for a negative one, empty otherwise; a step of 0 is an error (left to
/// Rhai), and an overflowing step ends the iteration before the value it would follow.
fn stepped(from: i64, to: i64, step: i64) -> Result<impl Iterator<Item = i64>, Trap> {
    if step == 0 {
        return Err(Trap);
    }
    let mut dir = match from.checked_add(step) {
        Some(n) if from < to && n > from => 1,
        Some(n) if from > to && n < from => -1,
        _ => 0,
    };
    let mut next = from;
    Ok(std::iter::from_fn(move || {
        if dir == 0 {
            return None;
        }
        let v = next;
        next = next.checked_add(step)?;
        if (dir > 0 && next >= to) || (dir < 0 && next <= to) {
            dir = 0;
        }
        Some(v)
    }))
}

/// The item at `idx` (one index per level) of an array.
fn index(mut value: &Value, idx: &[i64]) -> Result<Value, Flow> {
    let (&last, path) = idx.split_last().ok_or(Flow::Trap)?;
    for &i in path {
        value = match value {
            Value::Array(items) => usize::try_from(i)
                .ok()
                .and_then(|i| items.get(i))
                .ok_or(Flow::Trap)?,
            _ => return Err(Flow::Trap),
        };
    }
    usize::try_from(last)
        .ok()
        .and_then(|i| value.item(i))
        .ok_or(Flow::Trap)
}

fn from_dynamic(d: &Dynamic, depth: usize) -> Option<Value> {
    if depth > 16 {
        return None;
    }
    if let Ok(n) = d.as_int() {
        return Some(Value::Int(n));
    }
    if let Ok(b) = d.as_bool() {
        return Some(Value::Bool(b));
    }
    if d.is_unit() {
        return Some(Value::Unit);
    }
    if let Some(r) = d.read_lock::<std::ops::Range<i64>>() {
        return Some(Value::Range(r.start, r.end));
    }
    if let Some(r) = d.read_lock::<std::ops::RangeInclusive<i64>>() {
        return Some(Value::Range(*r.start(), r.end().checked_add(1)?));
    }
    if let Some(items) = d.read_lock::<rhai::Array>() {
        return items
            .iter()
            .map(|i| from_dynamic(i, depth + 1))
            .collect::<Option<Vec<_>>>()
            .map(Value::array);
    }
    None
}
