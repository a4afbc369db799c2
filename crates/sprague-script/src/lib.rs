//! # sprague-script: your own game, written as a script
//!
//! A game's rules are a [Rhai](https://rhai.rs) script that defines `fn moves(p)`, returning the
//! positions reachable from `p` in one move. A position is an integer or an array of integers
//! (`7`, `[4, 7]`); a move that splits the game into independent parts returns `split([a, b])`, and
//! the engine then values each part on its own and adds the values by XOR (Lasker's Nim, Grundy's
//! game and Kayles are written this way). Optional hooks: `fn normalize(p)` maps a position to a
//! canonical one (symmetry), `fn terminal(p)` says that a position has no moves without calling
//! `moves`.
//!
//! [`ScriptGame`] implements [`sprague::Impartial`], so every solver of the engine runs on a script:
//! the memoised search for nim-values, the misère search, and the loopy solvers when a position can
//! be reached from itself. Each position's moves are asked of the script once and memoised by the
//! solver; the script is compiled once.
//!
//! The script runs sandboxed: Rhai has no file system or network access, `import` is disabled, and
//! printing goes nowhere. Each call may run at most a set number of operations, so a script that
//! loops for ever stops with an error.
//!
//! ```
//! use sprague::solve::MemoSolver;
//! use sprague_script::ScriptGame;
//!
//! let game = ScriptGame::compile("fn moves(n) { let r = []; for t in [1, 3, 4] { if t <= n { r.push(n - t); } } r }",
//!     Default::default()).unwrap();
//! let p = game.parse_position("7").unwrap();
//! assert_eq!(MemoSolver::new(&game).grundy_value(&p).unwrap().value(), 0);
//! ```
//!
//! This file (some 1,300 lines, over the project's 1,200) holds `ScriptGame` whole: compiling,
//! the budgets of a call, the moves of a position by the compiled code or by Rhai, and the words
//! of every error a script can meet, which refer to one another; the compiled code
//! (`compiled/`), the tables (`tabulate.rs`) and the tests live apart.

#![deny(missing_docs)]

mod compiled;
mod immediate;
mod tabulate;

pub use immediate::EveryMove;

use std::cell::RefCell;
use std::fmt;

use rhai::{Array, Dynamic, Engine, EvalAltResult, Scope, AST, INT};
use sprague::Impartial;

/// One component of a scripted position: an integer, an array of integers, or an array holding
/// arrays (nested at most [`MAX_NESTING`] deep).
///
/// Invariant: an array whose items are all integers is always `Array`, never `Nested`, so that
/// equal positions are equal atoms.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Atom {
    /// An integer position, e.g. a heap.
    Int(i64),
    /// An array position, e.g. a Wythoff pair or a board written as numbers.
    Array(Vec<i64>),
    /// An array with at least one array among its items, e.g. a row of heaps of coins
    /// `[[1, 2], [3]]` or a collection of parts kept in order by `normalize` (a multiset).
    Nested(Vec<Atom>),
}

/// How deep arrays may nest in a position: `[[1]]` is 2 deep.
pub const MAX_NESTING: usize = 16;

impl Atom {
    /// An array of these items: `Array` when they are all integers, `Nested` otherwise.
    pub fn array(items: Vec<Atom>) -> Atom {
        if items.iter().all(|a| matches!(a, Atom::Int(_))) {
            Atom::Array(
                items
                    .into_iter()
                    .map(|a| match a {
                        Atom::Int(n) => n,
                        _ => unreachable!("checked above"),
                    })
                    .collect(),
            )
        } else {
            Atom::Nested(items)
        }
    }

    /// Integers and arrays in this atom, itself excluded: what the length limit counts.
    fn items_within(&self) -> usize {
        match self {
            Atom::Int(_) => 0,
            Atom::Array(v) => v.len(),
            Atom::Nested(v) => v.iter().map(|a| 1 + a.items_within()).sum(),
        }
    }
}

/// A scripted position: a sum of [`Atom`]s (one atom for a plain position, none for a finished
/// game). Invariant: atoms are sorted, so that equal sums compare equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ScriptPosition(Vec<Atom>);

impl ScriptPosition {
    /// A position made of these components, in canonical order.
    pub fn new(mut atoms: Vec<Atom>) -> ScriptPosition {
        atoms.sort_unstable();
        ScriptPosition(atoms)
    }

    /// The components.
    pub fn atoms(&self) -> &[Atom] {
        &self.0
    }

    /// The integer, for a position that is a single integer.
    pub fn as_int(&self) -> Option<i64> {
        match self.0.as_slice() {
            [Atom::Int(n)] => Some(*n),
            _ => None,
        }
    }

    /// The array, for a position that is a single array.
    pub fn as_array(&self) -> Option<&[i64]> {
        match self.0.as_slice() {
            [Atom::Array(a)] => Some(a),
            _ => None,
        }
    }
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        /// `[a, b, …]`.
        fn list<T: fmt::Display>(f: &mut fmt::Formatter<'_>, items: &[T]) -> fmt::Result {
            write!(f, "[")?;
            for (idx, v) in items.iter().enumerate() {
                if idx > 0 {
                    write!(f, ", ")?;
                }
                write!(f, "{v}")?;
            }
            write!(f, "]")
        }
        match self {
            Atom::Int(n) => write!(f, "{n}"),
            Atom::Array(a) => list(f, a),
            Atom::Nested(a) => list(f, a),
        }
    }
}

impl fmt::Display for ScriptPosition {
    /// `7`, `[4, 7]`, a sum as `3 + [1, 2]`, the empty sum as `()`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return write!(f, "()");
        }
        for (idx, atom) in self.0.iter().enumerate() {
            if idx > 0 {
                write!(f, " + ")?;
            }
            write!(f, "{atom}")?;
        }
        Ok(())
    }
}

/// Why a script could not be compiled or run: one line, with the line and column in the script
/// where there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    message: String,
    budget: Option<Spent>,
}

/// The budget a script was stopped at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spent {
    /// Its time: a call's, the request's, or the operations a call may run.
    Time,
    /// Its memory: a call's or the run's.
    Memory,
}

impl ScriptError {
    fn new(message: impl Into<String>) -> ScriptError {
        ScriptError {
            message: message.into(),
            budget: None,
        }
    }

    /// An error of a script stopped by a budget (time, memory, operations), not by a fault.
    fn past_budget(spent: Spent, message: impl Into<String>) -> ScriptError {
        ScriptError {
            budget: Some(spent),
            ..ScriptError::new(message)
        }
    }

    /// True when a budget (time, memory, operations) stopped the script, rather than a fault of
    /// its own.
    pub fn is_budget(&self) -> bool {
        self.budget.is_some()
    }

    /// The budget that stopped the script, if one did.
    pub fn budget(&self) -> Option<Spent> {
        self.budget
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ScriptError {}

/// The memory the process holds, as its allocator counts it, and a ceiling the allocator enforces
/// while a script call runs (a step past it ends the process with one error line: no call may
/// allocate without bound in one step, as `a.pad(1000000000, 0)` or `s += s` would).
///
/// The `sprague` binary installs such an allocator; without one (a library user's process), the
/// limits on time, operations, positions and position sizes still hold, the memory ones do not.
pub trait MemoryMeter: Sync {
    /// Bytes allocated and not yet freed.
    fn allocated(&self) -> usize;
    /// Sets the ceiling (`usize::MAX`: none).
    fn set_ceiling(&self, bytes: usize);
}

/// Limits on what a script may do.
#[derive(Clone, Copy)]
pub struct ScriptLimits {
    /// Operations one call of a hook may run before it is stopped.
    pub max_operations_per_call: u64,
    /// Positions one call of `moves` may return.
    pub max_moves_per_position: usize,
    /// Integers one position (one array) may hold, and parts one sum may have.
    pub max_position_len: usize,
    /// Seconds one call of a hook may run (a loop of few operations that each copy much, like a
    /// nested array rebuilt deeper each time, is stopped by this rather than by the operation
    /// count).
    pub max_seconds_per_call: u64,
    /// Bytes one call may hold besides what the process held before it: the call is stopped with
    /// an error past it (looked at every 64 operations), and the process ends with one error
    /// line if a single step would go past it.
    pub max_bytes_per_call: usize,
    /// Bytes the whole process may hold while a script runs (the positions kept included).
    pub max_total_bytes: usize,
    /// Seconds one request (an analysis, a table, a grid: from [`ScriptGame::start_request`])
    /// may run, all its calls together.
    pub max_seconds_per_request: u64,
    /// The allocator's meter, when the process has one.
    pub meter: Option<&'static dyn MemoryMeter>,
}

impl fmt::Debug for ScriptLimits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScriptLimits")
            .field("max_operations_per_call", &self.max_operations_per_call)
            .field("max_moves_per_position", &self.max_moves_per_position)
            .field("max_position_len", &self.max_position_len)
            .field("max_seconds_per_call", &self.max_seconds_per_call)
            .field("max_bytes_per_call", &self.max_bytes_per_call)
            .field("max_total_bytes", &self.max_total_bytes)
            .field("max_seconds_per_request", &self.max_seconds_per_request)
            .field("metered", &self.meter.is_some())
            .finish()
    }
}

impl Default for ScriptLimits {
    fn default() -> ScriptLimits {
        ScriptLimits {
            max_operations_per_call: 1_000_000,
            max_moves_per_position: 1_000_000,
            max_position_len: 4096,
            max_seconds_per_call: 10,
            max_bytes_per_call: 512 << 20,
            max_total_bytes: usize::MAX,
            max_seconds_per_request: 600,
            meter: None,
        }
    }
}

/// What a call of the script is checked against while it runs (see `ScriptGame::call`).
#[derive(Clone, Copy)]
struct CallBudget {
    started: std::time::Instant,
    // Past this many bytes allocated, the call is stopped with an error.
    soft_ceiling: usize,
}

thread_local! {
    // The budget of the script call running on this thread, if any.
    static CALL: std::cell::Cell<Option<CallBudget>> = const { std::cell::Cell::new(None) };
}

/// Why the progress callback stopped a call.
const STOPPED_FOR_TIME: &str = "time";
const STOPPED_FOR_CALL_MEMORY: &str = "call memory";
const STOPPED_FOR_TOTAL_MEMORY: &str = "total memory";

/// A parameter's value: an integer, or a list of integers (an array in the script).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamValue {
    /// `K=3`.
    Int(i64),
    /// `S=1,3,4`.
    List(Vec<i64>),
}

impl ParamValue {
    fn to_dynamic(&self) -> Dynamic {
        match self {
            ParamValue::Int(n) => Dynamic::from(*n),
            ParamValue::List(items) => {
                Dynamic::from_array(items.iter().map(|&n| Dynamic::from(n)).collect())
            }
        }
    }
}

/// The parameters a script is compiled with (`--param K=3 --param S=1,3,4`): constants its
/// functions see, so that one file serves every value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScriptParams {
    values: Vec<(String, ParamValue)>,
}

impl ScriptParams {
    /// Parses `NAME=VALUE` settings: NAME a script identifier (a letter or `_`, then letters,
    /// digits and `_`), VALUE an integer or integers separated by commas (a list, even of one:
    /// `S=5,`); a name given twice keeps its last value.
    ///
    /// # Errors
    ///
    /// A setting without `=`, a bad name, or a value that is not integers.
    pub fn parse<S: AsRef<str>>(settings: &[S]) -> Result<ScriptParams, ScriptError> {
        let mut values: Vec<(String, ParamValue)> = Vec::new();
        for setting in settings {
            let setting = setting.as_ref();
            let (name, value) = setting.split_once('=').ok_or_else(|| {
                ScriptError::new(format!(
                    "parameter `{setting}`: expected NAME=VALUE, like K=3 or S=1,3,4"
                ))
            })?;
            let name = name.trim();
            let valid = name
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !valid {
                return Err(ScriptError::new(format!(
                    "parameter `{setting}`: `{name}` is not a name a script can use (a letter \
                     or _, then letters, digits and _)"
                )));
            }
            let int = |word: &str| -> Result<i64, ScriptError> {
                word.trim().parse::<i64>().map_err(|_| {
                    ScriptError::new(format!(
                        "parameter {name}: `{}` is not an integer (scripts use 64-bit integers; \
                         a list is integers separated by commas)",
                        word.trim()
                    ))
                })
            };
            let value = if value.contains(',') {
                let items: Vec<&str> = value.split(',').collect();
                let items = match items.split_last() {
                    Some((last, rest)) if last.trim().is_empty() => rest,
                    _ => &items[..],
                };
                ParamValue::List(items.iter().map(|w| int(w)).collect::<Result<_, _>>()?)
            } else {
                ParamValue::Int(int(value)?)
            };
            values.retain(|(n, _)| n != name);
            values.push((name.to_owned(), value));
        }
        Ok(ScriptParams { values })
    }

    /// The parameters, by name, in the order given.
    pub fn values(&self) -> &[(String, ParamValue)] {
        &self.values
    }
}

/// The hooks that run compiled (see [`compiled`]), by their function's index.
#[derive(Clone, Copy, Debug)]
struct FastHooks {
    moves: Option<usize>,
    normalize: Option<usize>,
    terminal: Option<usize>,
}

/// What `split([a, b, …])` returns in a script: a move to a sum of independent positions.
#[derive(Clone, Debug)]
struct Split(Array);

/// What `win()` returns in a script: as an item of `moves`, a move that wins the game at once.
#[derive(Clone, Copy, Debug)]
struct Win;

/// The moves of one component as the script lists them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ComponentMoves {
    /// Whether `win()` is among them: the player to move wins at once.
    pub wins_at_once: bool,
    /// The other moves, each to a sum of normalised atoms, in the script's order.
    pub options: Vec<ScriptPosition>,
}

/// A game whose moves are given by a compiled script.
pub struct ScriptGame {
    engine: Engine,
    ast: AST,
    has_normalize: bool,
    has_terminal: bool,
    limits: ScriptLimits,
    // The functions compiled for speed, and the hooks among them that run compiled.
    program: compiled::Program,
    fast_hooks: FastHooks,
    fast_calls: std::cell::Cell<u64>,
    // When the running request started (see `start_request`).
    request_started: std::cell::Cell<Option<std::time::Instant>>,
    // The first error met inside `Impartial::options`, which cannot return one; solvers' results are
    // discarded when it is set.
    error: RefCell<Option<ScriptError>>,
    // What the script was compiled from, for the threads of a table, which compile their own
    // copy (a game holds `Rc`s and cells: it stays on its thread).
    source: String,
    params: ScriptParams,
    // Threads a table may use (see `set_threads`), and whether this copy's calls set the memory
    // meter's hard ceiling (only one thread may: the ceiling is the process's).
    threads: usize,
    /// Parts per position (on average over the first ones) from which a table lists on the
    /// other threads: below it handing positions over costs more than listing them.
    min_parts_for_threads: usize,
    sets_ceiling: bool,
    // Whether the script calls `win()`, and then which parts have a move that wins at once.
    immediate: immediate::Immediate,
}

impl ScriptGame {
    /// Compiles a script.
    ///
    /// # Errors
    ///
    /// A [`ScriptError`] naming the line and column when the script does not parse, or when it
    /// defines no `fn moves(p)`.
    pub fn compile(source: &str, limits: ScriptLimits) -> Result<ScriptGame, ScriptError> {
        ScriptGame::compile_with_params(source, limits, &ScriptParams::default())
    }

    /// Compiles a script that sees `params` as constants: `K` in any function is the parameter's
    /// value, unless a variable of that name is in scope there.
    ///
    /// # Errors
    ///
    /// As [`ScriptGame::compile`].
    pub fn compile_with_params(
        source: &str,
        limits: ScriptLimits,
        params: &ScriptParams,
    ) -> Result<ScriptGame, ScriptError> {
        let mut engine = Engine::new();
        if !params.values.is_empty() {
            let values: std::collections::HashMap<String, Dynamic> = params
                .values
                .iter()
                .map(|(name, value)| (name.clone(), value.to_dynamic()))
                .collect();
            // Functions see no outer scope in Rhai; the resolver hands them the parameters. A
            // variable of the same name in scope (an argument, a `let`) is left alone.
            #[allow(deprecated)]
            engine.on_var(move |name, _, context| {
                if context.scope().contains(name) {
                    return Ok(None);
                }
                Ok(values.get(name).cloned())
            });
        }
        engine.set_max_operations(limits.max_operations_per_call);
        engine.set_max_call_levels(256);
        // No size checks on arrays and strings: Rhai re-measures a whole array after every push,
        // which made `moves` quadratic in the number of moves (a third of the time of a Lasker
        // table). The operation limit already bounds what one call can build.
        engine.set_max_expr_depths(256, 256);
        // Time and memory, checked every 64 operations against the running call's budget.
        let meter = limits.meter;
        let (max_seconds, max_total) = (limits.max_seconds_per_call, limits.max_total_bytes);
        engine.on_progress(move |ops| {
            if ops % 64 != 0 {
                return None;
            }
            let budget = CALL.with(std::cell::Cell::get)?;
            if budget.started.elapsed().as_secs() >= max_seconds {
                return Some(STOPPED_FOR_TIME.into());
            }
            let held = meter?.allocated();
            if held > budget.soft_ceiling {
                return Some(STOPPED_FOR_CALL_MEMORY.into());
            }
            (held > max_total).then(|| STOPPED_FOR_TOTAL_MEMORY.into())
        });
        // No file system: `import` resolves nothing, and printing goes nowhere.
        engine.set_module_resolver(rhai::module_resolvers::DummyModuleResolver::new());
        engine.on_print(|_| {});
        engine.on_debug(|_, _, _| {});
        engine.register_type_with_name::<Split>("Split");
        engine.register_fn("split", Split);
        engine.register_type_with_name::<Win>("Win");
        engine.register_fn("win", || Win);
        register_formula_functions(&mut engine);
        let ast = engine.compile(source).map_err(|err| {
            let pos = err.position();
            let line = pos.line().unwrap_or(0);
            let hint = if line_has_decimal_point(source, line) {
                " (numbers in a script are integers: no decimal point; divide with `/`, which \
                 rounds down, and take remainders with `%`)"
            } else {
                ""
            };
            ScriptError::new(format!(
                "the script does not parse: line {line}, column {}: {}{hint}",
                pos.position().unwrap_or(0),
                err.err_type()
            ))
        })?;
        let has = |name: &str| {
            ast.iter_functions()
                .any(|f| f.name == name && f.params.len() == 1)
        };
        if !has("moves") {
            return Err(ScriptError::new("the script defines no `fn moves(p)`"));
        }
        let has_normalize = has("normalize");
        let has_terminal = has("terminal");
        let immediate = immediate::Immediate::new(&ast);
        let program = compiled::Program::compile(&ast, params);
        let fast_hooks = FastHooks {
            moves: program.hook("moves"),
            normalize: program.hook("normalize"),
            terminal: program.hook("terminal"),
        };
        Ok(ScriptGame {
            engine,
            ast,
            has_normalize,
            has_terminal,
            limits,
            program,
            fast_hooks,
            fast_calls: std::cell::Cell::new(0),
            request_started: std::cell::Cell::new(None),
            error: RefCell::new(None),
            source: source.to_owned(),
            params: params.clone(),
            threads: 1,
            min_parts_for_threads: tabulate::MIN_PARTS_FOR_THREADS,
            sets_ceiling: true,
            immediate,
        })
    }

    /// Lets `table` and `grid` (the compiled path, [`ScriptGame::fast_table`]) list positions'
    /// moves on `threads` threads: each compiles its own copy of the script and lists every
    /// `threads`-th position of the range ahead of the search, which values them in order as
    /// before. The values never depend on it. 1 (the default) uses this thread only.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Lists on the other threads whatever the number of moves (tests reach the threads with
    /// small games so).
    #[cfg(test)]
    pub(crate) fn always_list_ahead(&mut self) {
        self.min_parts_for_threads = 0;
    }

    /// A copy of this game for a worker thread of a table: compiled anew from the same source,
    /// limits and parameters, its calls under the same budgets but leaving the process's hard
    /// memory ceiling to the main thread.
    pub(crate) fn worker_copy(
        source: &str,
        limits: ScriptLimits,
        params: &ScriptParams,
    ) -> Option<ScriptGame> {
        let mut game = ScriptGame::compile_with_params(source, limits, params).ok()?;
        game.sets_ceiling = false;
        game.start_request();
        Some(game)
    }

    /// Parses a position as typed: `7`, `[4, 7]`, `[[1, 2], [3]]`, a sum `3 + [1, 2]`, or `()` for
    /// the empty sum; the script's `normalize` is applied to each part.
    ///
    /// # Errors
    ///
    /// When the text is not a position, or `normalize` fails.
    pub fn parse_position(&self, text: &str) -> Result<ScriptPosition, ScriptError> {
        let text = text.trim();
        if text == "()" {
            return Ok(ScriptPosition::new(Vec::new()));
        }
        let mut atoms = Vec::new();
        for part in split_sum(text) {
            let atom = parse_atom(part.trim(), self.limits.max_position_len)?;
            atoms.push(self.normalize(atom)?);
        }
        Ok(ScriptPosition::new(atoms))
    }

    /// Whether `moves` runs as compiled code (see the `compiled` module: the part of the language
    /// games are written in is compiled once into closures; a script using anything else runs
    /// in Rhai, with the same answers).
    pub fn is_compiled(&self) -> bool {
        self.fast_hooks.moves.is_some()
    }

    /// Runs every call in Rhai from now on, never the compiled code: to compare the two, and to
    /// measure what compiling gains.
    pub fn interpret_only(&mut self) {
        self.fast_hooks = FastHooks {
            moves: None,
            normalize: None,
            terminal: None,
        };
    }

    /// The limits the script runs under.
    pub fn limits(&self) -> &ScriptLimits {
        &self.limits
    }

    /// Starts the clock of a request: its calls together may run at most
    /// `limits.max_seconds_per_request` seconds from now.
    pub fn start_request(&self) {
        self.request_started.set(Some(std::time::Instant::now()));
    }

    /// Takes the error met while the solver was asking for moves, if any.
    pub fn take_error(&self) -> Option<ScriptError> {
        self.error.borrow_mut().take()
    }

    fn call(&self, name: &str, atom: &Atom) -> Result<Dynamic, ScriptError> {
        // Every move of a request passes here: a request whose positions keep growing (sums that
        // gain a part at each move) is stopped by its time as well as by its positions.
        if let Some(started) = self.request_started.get() {
            if started.elapsed().as_secs() >= self.limits.max_seconds_per_request {
                return Err(ScriptError::past_budget(
                    Spent::Time,
                    format!(
                        "the request ran more than the {} s allowed (SPRAGUE_TIME_LIMIT), at \
                     {name}({})",
                        self.limits.max_seconds_per_request,
                        short(atom)
                    ),
                ));
            }
        }
        let mut scope = Scope::new();
        let arg = atom_to_dynamic(atom);
        let held = self.limits.meter.map_or(0, |m| m.allocated());
        // A call too small to reach a progress check (64 operations) still finds the process
        // past its total: positions kept by the solver grow between calls, not in them.
        if held > self.limits.max_total_bytes {
            return Err(self.total_memory_error(name, atom));
        }
        let per_call = self.limits.max_bytes_per_call;
        CALL.with(|c| {
            c.set(Some(CallBudget {
                started: std::time::Instant::now(),
                soft_ceiling: held.saturating_add(per_call),
            }))
        });
        if let Some(meter) = self.limits.meter {
            meter.set_ceiling(held.saturating_add(per_call));
        }
        let res = self
            .engine
            .call_fn::<Dynamic>(&mut scope, &self.ast, name, (arg,));
        // The values the call built are dropped here, still under its ceiling.
        drop(scope);
        let res = res.map_err(|err| self.runtime_error(name, atom, &err));
        if let Some(meter) = self.limits.meter {
            meter.set_ceiling(usize::MAX);
        }
        CALL.with(|c| c.set(None));
        res
    }

    fn total_memory_error(&self, name: &str, atom: &Atom) -> ScriptError {
        ScriptError::past_budget(
            Spent::Memory,
            format!(
            "the run held more than {} MiB (nine tenths of SPRAGUE_MEMORY_LIMIT) in {name}({}): the positions \
             kept and the script's values fill it (a position of one or two integers takes \
             about {} bytes); lower --max-positions or raise the limit",
            self.limits.max_total_bytes >> 20,
            short(atom),
            POSITION_BYTES
        ))
    }

    fn runtime_error(&self, name: &str, atom: &Atom, err: &EvalAltResult) -> ScriptError {
        if let EvalAltResult::ErrorTerminated(why, _) = err {
            let why = why.clone().into_string().unwrap_or_default();
            let limits = &self.limits;
            let spent = if why == STOPPED_FOR_TIME {
                Spent::Time
            } else {
                Spent::Memory
            };
            return ScriptError::past_budget(
                spent,
                match why.as_str() {
                    STOPPED_FOR_TIME => format!(
                    "the script ran more than {} s in {name}({}): one call may run at most that \
                     long",
                    limits.max_seconds_per_call,
                    short(atom)
                ),
                    STOPPED_FOR_CALL_MEMORY => format!(
                    "the script held more than {} MiB in {name}({}), the most one call may hold \
                     (an eighth of SPRAGUE_MEMORY_LIMIT, at most 512 MiB)",
                    limits.max_bytes_per_call >> 20,
                    short(atom),
                ),
                    _ => return self.total_memory_error(name, atom),
                },
            );
        }
        if let EvalAltResult::ErrorTooManyOperations(_) = err {
            return ScriptError::past_budget(
                Spent::Time,
                format!(
                    "the script ran more than {} operations in {name}({}): it may loop for ever \
                 (raise the limit with --max-operations)",
                    self.limits.max_operations_per_call,
                    short(atom)
                ),
            );
        }
        let pos = err.position();
        let place = match (pos.line(), pos.position()) {
            (Some(l), Some(c)) => format!(" at line {l}, column {c}"),
            (Some(l), None) => format!(" at line {l}"),
            _ => String::new(),
        };
        // Rhai's message ends with its own "(line x, position y)"; keep the first line only.
        let text = err.to_string();
        let mut text = text.lines().next().unwrap_or("").to_owned();
        if let Some(cut) = text.rfind(" (line ") {
            text.truncate(cut);
        }
        if let Some(op) = bits_on_a_comparison(&text) {
            text.push_str(&format!(
                " (Rhai compares before it combines bits: `x {op} 1 == 0` is `x {op} (1 == 0)`; \
                 write `(x {op} 1) == 0`)"
            ));
        }
        if let Some(var) = missing_variable(err) {
            text.push_str(&format!(
                " (`{var}` is no variable in scope there, nor a parameter the script was given)"
            ));
        }
        ScriptError::new(format!(
            "the script failed in {name}({}){place}: {text}",
            short(atom)
        ))
    }

    fn normalize(&self, atom: Atom) -> Result<Atom, ScriptError> {
        if !self.has_normalize {
            return Ok(atom);
        }
        if let Some(done) = self.fast_normalize(&atom) {
            return Ok(done);
        }
        let value = self.call("normalize", &atom)?;
        match dynamic_to_parts(&value, self.limits.max_position_len) {
            Some(parts) if parts.len() == 1 && !value.is::<Split>() => {
                Ok(parts.into_iter().next().expect("one part"))
            }
            _ => Err(ScriptError::new(format!(
                "normalize({}) returned {}, which is not a position ({})",
                short(&atom),
                describe(&value),
                position_shape(self.limits.max_position_len)
            ))),
        }
    }

    /// The options of one component, each a sum of normalised atoms: every move the script lists,
    /// but in a script that calls `win()`, a move that wins at once and a move that leaves a part
    /// where the opponent can win at once are left out (see [`ScriptGame::every_component_move`]
    /// for every legal move, and the module `immediate` for why this is the game to value).
    pub fn component_moves(&self, atom: &Atom) -> Result<Vec<ScriptPosition>, ScriptError> {
        let listed = self.every_component_move(atom)?;
        if !self.immediate.used() {
            return Ok(listed.options);
        }
        self.without_winning_parts(listed.options)
    }

    /// Every move of one component as the script lists it: the options, each a sum of normalised
    /// atoms, and whether `win()` is among them.
    pub fn every_component_move(&self, atom: &Atom) -> Result<ComponentMoves, ScriptError> {
        let listed = match self.fast_component_moves(atom) {
            Some(moves) => moves,
            None => self.rhai_component_moves(atom)?,
        };
        if listed.wins_at_once && !self.immediate.used() {
            return Err(ScriptError::new(format!(
                "moves({}) returned win() reached through a function pointer: call `win()` by its \
                 name in the script, so that sprague knows the game has moves that win at once",
                short(atom)
            )));
        }
        self.immediate.remember(atom, listed.wins_at_once);
        Ok(listed)
    }

    fn rhai_component_moves(&self, atom: &Atom) -> Result<ComponentMoves, ScriptError> {
        let mut res = ComponentMoves::default();
        if self.has_terminal {
            let terminal = self.call("terminal", atom)?;
            match terminal.as_bool() {
                Ok(true) => return Ok(res),
                Ok(false) => {}
                Err(kind) => {
                    return Err(ScriptError::new(format!(
                        "terminal({}) returned a {kind}, not true or false",
                        short(atom)
                    )))
                }
            }
        }
        let value = self.call("moves", atom)?;
        let Some(list) = value.read_lock::<Array>() else {
            return Err(ScriptError::new(format!(
                "moves({}) returned {} ({}), not an array of positions",
                short(atom),
                describe(&value),
                value.type_name()
            )));
        };
        if list.len() > self.limits.max_moves_per_position {
            return Err(ScriptError::new(format!(
                "moves({}) returned {} positions, more than the {} allowed",
                short(atom),
                list.len(),
                self.limits.max_moves_per_position
            )));
        }
        res.options.reserve(list.len());
        for (idx, item) in list.iter().enumerate() {
            if item.is::<Win>() {
                res.wins_at_once = true;
                continue;
            }
            let Some(parts) = dynamic_to_parts(item, self.limits.max_position_len) else {
                return Err(ScriptError::new(format!(
                    "moves({}) returned {} at index {idx}, which is not a position: a position \
                     is {}, or split([...]) or win()",
                    short(atom),
                    describe(item),
                    position_shape(self.limits.max_position_len)
                )));
            };
            let mut atoms = Vec::with_capacity(parts.len());
            for part in parts {
                atoms.push(self.normalize(part)?);
            }
            res.options.push(ScriptPosition::new(atoms));
        }
        Ok(res)
    }

    /// Calls a compiled hook under the call's budgets, as [`ScriptGame::call`] does for Rhai.
    /// `Err(Trap)` sends the call to Rhai, which answers or words the error.
    fn fast_call(&self, id: usize, atom: &Atom) -> Result<compiled::Value, compiled::Trap> {
        let arg = atom_to_value(atom);
        self.budgeted(|budget| self.program.call(id, arg, budget))
    }

    /// Runs compiled code under one call's budgets (see [`ScriptGame::fast_call`]).
    fn budgeted<T>(
        &self,
        run: impl FnOnce(&compiled::Budget) -> Result<T, compiled::Trap>,
    ) -> Result<T, compiled::Trap> {
        // The request's clock, read every 64 calls (a call is often shorter than reading it).
        let calls = self.fast_calls.get().wrapping_add(1);
        self.fast_calls.set(calls);
        if calls % 64 == 0 {
            if let Some(started) = self.request_started.get() {
                if started.elapsed().as_secs() >= self.limits.max_seconds_per_request {
                    return Err(compiled::Trap);
                }
            }
        }
        let held = self.limits.meter.map_or(0, |m| m.allocated());
        if held > self.limits.max_total_bytes {
            // Rhai runs the call again and words the error.
            return Err(compiled::Trap);
        }
        let per_call = self.limits.max_bytes_per_call;
        let budget = compiled::Budget::new(
            self.limits.max_operations_per_call,
            self.limits.max_seconds_per_call,
            self.limits.meter,
            held.saturating_add(per_call)
                .min(self.limits.max_total_bytes),
        );
        let meter = self.limits.meter.filter(|_| self.sets_ceiling);
        if let Some(meter) = meter {
            meter.set_ceiling(held.saturating_add(per_call));
        }
        let res = run(&budget);
        if let Some(meter) = meter {
            meter.set_ceiling(usize::MAX);
        }
        res
    }

    /// Whether `moves` is compiled to write its moves into a list (see [`compiled::moves`]).
    pub(crate) fn writes_moves(&self) -> bool {
        self.fast_hooks.moves.is_some() && self.program.writes_moves()
    }

    /// The moves of `key` written into `list` by `moves` compiled to write them (see
    /// [`compiled::moves`]), after `terminal` if the script has it: `None` when `moves` has not
    /// the shape for it, or at a trap or more moves than allowed (`list` then holds a part of
    /// them). `Some(())` with `list` untouched for a position `terminal` ends.
    pub(crate) fn fast_write_moves(
        &self,
        key: &compiled::moves::Key,
        list: &mut compiled::moves::MoveList,
    ) -> Option<()> {
        if !self.writes_moves() {
            return None;
        }
        if self.fast_terminal(&key.to_atom())? {
            return Some(());
        }
        let before = list.ends.len();
        self.budgeted(|budget| self.program.write_moves(key.to_value(), budget, list))
            .ok()?;
        (list.ends.len() - before <= self.limits.max_moves_per_position).then_some(())
    }

    /// Whether `terminal(atom)` ends the game there (false for a script without `terminal`), by
    /// the compiled code; `None` when it cannot answer.
    fn fast_terminal(&self, atom: &Atom) -> Option<bool> {
        if !self.has_terminal {
            return Some(false);
        }
        match self.fast_call(self.fast_hooks.terminal?, atom).ok()? {
            compiled::Value::Bool(ended) => Some(ended),
            _ => None,
        }
    }

    /// `normalize(atom)` by the compiled code, when it can answer.
    fn fast_normalize(&self, atom: &Atom) -> Option<Atom> {
        let value = self.fast_call(self.fast_hooks.normalize?, atom).ok()?;
        value_to_atom(&value, self.limits.max_position_len)
    }

    /// What the compiled `moves` returns (after `terminal`, if the script has it), unchecked.
    fn fast_raw_moves(&self, atom: &Atom) -> Option<std::rc::Rc<compiled::Items>> {
        if self.fast_terminal(atom)? {
            return Some(std::rc::Rc::default());
        }
        let list = match self.fast_call(self.fast_hooks.moves?, atom).ok()? {
            compiled::Value::Array(list) => list,
            small @ compiled::Value::Small { split: false, .. } => std::rc::Rc::new(
                (0..small.array_len()?)
                    .filter_map(|i| small.item(i))
                    .collect(),
            ),
            _ => return None,
        };
        (list.len() <= self.limits.max_moves_per_position).then_some(list)
    }

    /// The values of `0..=upto` by the compiled code (see [`tabulate`]), or `None` when the
    /// general solver must make the table: a script not compiled, a loop, an error, or more
    /// than `max_positions` positions.
    pub fn fast_table(&self, upto: u64, max_positions: usize) -> Option<Vec<u64>> {
        self.fast_hooks.moves.filter(|_| !self.immediate.used())?;
        tabulate::Tabulator::new(self, tabulate::Dense::Ints(upto), max_positions)?.run()
    }

    /// The values of `[a, b]` for `0 ≤ a ≤ rows`, `0 ≤ b ≤ cols`, row by row, as
    /// [`ScriptGame::fast_table`] does for integers.
    pub fn fast_grid(&self, rows: u64, cols: u64, max_positions: usize) -> Option<Vec<u64>> {
        self.fast_hooks.moves.filter(|_| !self.immediate.used())?;
        tabulate::Tabulator::new(self, tabulate::Dense::Pairs(rows, cols), max_positions)?.run()
    }

    /// The moves of one component by the compiled code, when it can answer them all.
    fn fast_component_moves(&self, atom: &Atom) -> Option<ComponentMoves> {
        let list = self.fast_raw_moves(atom)?;
        let mut res = ComponentMoves {
            wins_at_once: false,
            options: Vec::with_capacity(list.len()),
        };
        let mut parts = Vec::new();
        for item in list.iter() {
            if let compiled::Value::Win = item {
                res.wins_at_once = true;
                continue;
            }
            parts.clear();
            value_to_parts(item, self.limits.max_position_len, 0, &mut parts)?;
            let mut atoms = Vec::with_capacity(parts.len());
            for part in parts.drain(..) {
                atoms.push(if self.has_normalize {
                    self.fast_normalize(&part)?
                } else {
                    part
                });
            }
            res.options.push(ScriptPosition::new(atoms));
        }
        Some(res)
    }

    /// `position` with its part `idx` replaced by the parts of `option` (a move in that part).
    ///
    /// # Errors
    ///
    /// A sum of more parts than allowed: a sum that gains parts at every move (a loopy game
    /// explored whole) would otherwise grow until the memory runs out.
    fn replace_part(
        &self,
        position: &ScriptPosition,
        idx: usize,
        option: ScriptPosition,
    ) -> Result<ScriptPosition, ScriptError> {
        if position.0.len() == 1 {
            return Ok(option);
        }
        let parts = position.0.len() - 1 + option.0.len();
        if parts > self.limits.max_position_len {
            return Err(ScriptError::new(format!(
                "a move in {} makes a sum of {parts} parts, more than the {} allowed",
                short(&position.0[idx]),
                self.limits.max_position_len
            )));
        }
        let mut atoms: Vec<Atom> = position.0[..idx].to_vec();
        atoms.extend(option.0);
        atoms.extend_from_slice(&position.0[idx + 1..]);
        Ok(ScriptPosition::new(atoms))
    }

    fn record(&self, err: ScriptError) {
        let mut slot = self.error.borrow_mut();
        if slot.is_none() {
            *slot = Some(err);
        }
    }
}

impl fmt::Debug for ScriptGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScriptGame")
            .field("has_normalize", &self.has_normalize)
            .field("has_terminal", &self.has_terminal)
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

impl Impartial for ScriptGame {
    type Position = ScriptPosition;

    /// The moves of a whole position: a move in any one of its components.
    fn options(&self, position: &ScriptPosition, options: &mut Vec<ScriptPosition>) {
        if self.error.borrow().is_some() {
            return;
        }
        for (idx, atom) in position.0.iter().enumerate() {
            // Equal parts (kept side by side) have the same moves, and a move in either leaves
            // the same sum: each is asked for once.
            if idx > 0 && position.0[idx - 1] == *atom {
                continue;
            }
            let moves = match self.component_moves(atom) {
                Ok(m) => m,
                Err(e) => {
                    self.record(e);
                    return;
                }
            };
            if position.0.len() == 1 {
                options.extend(moves);
                continue;
            }
            for option in moves {
                match self.replace_part(position, idx, option) {
                    Ok(whole) => options.push(whole),
                    Err(e) => {
                        self.record(e);
                        return;
                    }
                }
            }
        }
    }

    fn components(&self, position: &ScriptPosition, components: &mut Vec<ScriptPosition>) {
        components.extend(position.0.iter().map(|a| ScriptPosition(vec![a.clone()])));
    }
}

fn atom_to_dynamic(atom: &Atom) -> Dynamic {
    match atom {
        Atom::Int(n) => Dynamic::from_int(*n as INT),
        Atom::Array(a) => {
            Dynamic::from_array(a.iter().map(|&v| Dynamic::from_int(v as INT)).collect())
        }
        Atom::Nested(a) => Dynamic::from_array(a.iter().map(atom_to_dynamic).collect()),
    }
}

pub(crate) fn atom_to_value(atom: &Atom) -> compiled::Value {
    match atom {
        Atom::Int(n) => compiled::Value::Int(*n),
        Atom::Array(a) => compiled::Value::ints(a),
        Atom::Nested(a) => compiled::Value::array(a.iter().map(atom_to_value).collect()),
    }
}

/// The atom of a Rhai value that is a position: an integer, or an array of positions nested at
/// most [`MAX_NESTING`] deep whose items (at every depth) number at most `*room`, which is
/// charged for them.
fn dynamic_to_atom(value: &Dynamic, room: &mut usize, depth: usize) -> Option<Atom> {
    if let Ok(n) = value.as_int() {
        return Some(Atom::Int(n));
    }
    let array = value.read_lock::<Array>()?;
    if depth >= MAX_NESTING || array.len() > *room {
        return None;
    }
    *room -= array.len();
    if let Some(ints) = array
        .iter()
        .map(|v| v.as_int().ok())
        .collect::<Option<Vec<i64>>>()
    {
        return Some(Atom::Array(ints));
    }
    let items = array
        .iter()
        .map(|v| dynamic_to_atom(v, room, depth + 1))
        .collect::<Option<Vec<Atom>>>()?;
    Some(Atom::array(items))
}

/// The atoms a value stands for: one for an integer or an array of at most `max_len` integers,
/// the parts of a `split(…)` (flattened, nested at most 16 deep), `None` for anything else.
fn dynamic_to_parts(value: &Dynamic, max_len: usize) -> Option<Vec<Atom>> {
    fn parts(value: &Dynamic, max_len: usize, depth: usize, res: &mut Vec<Atom>) -> Option<()> {
        if let Ok(n) = value.as_int() {
            res.push(Atom::Int(n));
            return Some(());
        }
        if let Some(split) = value.read_lock::<Split>() {
            if depth >= 16 {
                return None;
            }
            for part in split.0.iter() {
                parts(part, max_len, depth + 1, res)?;
            }
            return Some(());
        }
        let mut room = max_len;
        res.push(dynamic_to_atom(value, &mut room, 0)?);
        Some(())
    }
    let mut res = Vec::new();
    parts(value, max_len, 0, &mut res)?;
    Some(res)
}

/// The atom a compiled value stands for, as [`dynamic_to_atom`] reads a Rhai value: an
/// integer, or an array of positions with at most `max_len` items in all.
pub(crate) fn value_to_atom(value: &compiled::Value, max_len: usize) -> Option<Atom> {
    fn atom(value: &compiled::Value, room: &mut usize, depth: usize) -> Option<Atom> {
        if let compiled::Value::Int(n) = value {
            return Some(Atom::Int(*n));
        }
        let len = value.array_len()?;
        if depth >= MAX_NESTING || len > *room {
            return None;
        }
        *room -= len;
        if let Some(ints) = value.int_items() {
            return Some(Atom::Array(ints));
        }
        let items = (0..len)
            .map(|i| atom(&value.item(i)?, room, depth + 1))
            .collect::<Option<Vec<Atom>>>()?;
        Some(Atom::array(items))
    }
    let mut room = max_len;
    atom(value, &mut room, 0)
}

/// The atoms a compiled value stands for, as [`dynamic_to_parts`] reads a Rhai value.
fn value_to_parts(
    value: &compiled::Value,
    max_len: usize,
    depth: usize,
    res: &mut Vec<Atom>,
) -> Option<()> {
    match value {
        compiled::Value::Split(parts) => {
            if depth >= 16 {
                return None;
            }
            for part in parts.iter() {
                value_to_parts(part, max_len, depth + 1, res)?;
            }
            return Some(());
        }
        compiled::Value::Small {
            len,
            items,
            split: true,
        } => {
            res.extend(items[..usize::from(*len)].iter().map(|&n| Atom::Int(n)));
            return Some(());
        }
        _ => {}
    }
    res.push(value_to_atom(value, max_len)?);
    Some(())
}

/// The bit operator of "Function not found: & (i64, bool)": a bit operation on a comparison's
/// result, the precedence trap of `x & 1 == 0`.
fn bits_on_a_comparison(message: &str) -> Option<&'static str> {
    let rest = message.split("Function not found: ").nth(1)?;
    let op = ["&", "|", "^"]
        .into_iter()
        .find(|op| rest.starts_with(&format!("{op} (")))?;
    rest.contains("bool").then_some(op)
}

/// Whether line `line` (1-based) of `source` holds a number with a decimal point (`2.0`), which
/// a script without floating point cannot parse.
fn line_has_decimal_point(source: &str, line: usize) -> bool {
    let Some(text) = source.lines().nth(line.saturating_sub(1)) else {
        return false;
    };
    let bytes = text.as_bytes();
    bytes
        .windows(3)
        .any(|w| w[0].is_ascii_digit() && w[1] == b'.' && w[2].is_ascii_digit())
}

/// The variable an error, or the error inside a function call, says is not found.
fn missing_variable(err: &EvalAltResult) -> Option<String> {
    match err {
        EvalAltResult::ErrorVariableNotFound(name, _) => Some(name.clone()),
        EvalAltResult::ErrorInFunctionCall(_, _, inner, _) => missing_variable(inner),
        _ => None,
    }
}

/// A value named for an error message without printing it whole (it may be huge, or nested
/// deeper than printing can go): an integer, or what kind of value it is and how long.
fn describe(value: &Dynamic) -> String {
    if let Ok(n) = value.as_int() {
        return format!("`{n}`");
    }
    if let Some(array) = value.read_lock::<Array>() {
        let flat = array.len() <= 8 && array.iter().all(|v| v.as_int().is_ok());
        if flat {
            return format!("`{value}`");
        }
        return format!("an array of {} items", array.len());
    }
    if let Some(text) = value.read_lock::<rhai::ImmutableString>() {
        if text.len() <= 40 {
            return format!("`{value}` (a string)");
        }
        return format!("a string of {} bytes", text.len());
    }
    format!("a {}", value.type_name())
}

/// A position for an error message: at most 60 characters of it.
fn short(atom: &Atom) -> String {
    short_text(&atom.to_string())
}

/// Text for an error message: at most 60 characters of it.
fn short_text(text: &str) -> String {
    if text.chars().count() <= 60 {
        return text.to_owned();
    }
    let cut: String = text.chars().take(57).collect();
    format!("{cut}...")
}

/// Bytes one position kept by the solver takes, measured at the peak of the process (its entry in
/// the memo table, its share of the table's growth, and its frame while it is on the search's
/// path, each allocation as the system allocator lays it out): 170 for integers in a table
/// (examples/subtraction-1-3-4.rhai to 10^6, 168 MB), 200 for pairs (a 1000 × 1000 grid,
/// 204 MB), and up to 520 in the worst case, a chain whose every position is on the path at
/// once (`fn moves(n) { [n + 1] }` to 2·10^6 positions: 877 MB resident, and more counted when
/// the path's vector doubles).
pub const POSITION_BYTES: usize = 600;

impl ScriptPosition {
    /// The bytes this position takes once stored by a solver: [`POSITION_BYTES`] for one
    /// integer or pair, and more for each further component (a sum) or integer (an array), kept
    /// twice (the position and its key).
    pub fn stored_bytes(&self) -> usize {
        let extra_atoms = self.0.len().saturating_sub(1);
        let ints: usize = self
            .0
            .iter()
            .map(|a| match a {
                Atom::Int(_) => 0,
                Atom::Array(v) => v.len().saturating_sub(2),
                // An item of a nested array is an atom (an array of its own when it is one).
                nested => nested.items_within() * std::mem::size_of::<Atom>() / 8,
            })
            .sum();
        POSITION_BYTES + 2 * (extra_atoms * std::mem::size_of::<Atom>() + ints * 8)
    }
}

fn split_sum(text: &str) -> Vec<&str> {
    let mut res = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (idx, c) in text.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            '+' if depth == 0 && idx > start && !text[start..idx].trim().is_empty() => {
                res.push(&text[start..idx]);
                start = idx + 1;
            }
            _ => {}
        }
    }
    res.push(&text[start..]);
    res
}

/// What a position may be, as errors say it: the limits of [`parse_item`] and
/// [`dynamic_to_parts`] named.
fn position_shape(max_len: usize) -> String {
    format!(
        "an integer of 64 bits or an array of them, arrays nested at most {MAX_NESTING} deep \
         and at most {max_len} items in all"
    )
}

fn parse_atom(text: &str, max_len: usize) -> Result<Atom, ScriptError> {
    let bad = || {
        ScriptError::new(format!(
            "`{}` is not a position: write an integer (`7`), an array (`[4, 7]`, nested as \
             `[[1, 2], [3]]`), or a sum (`3 + 4`); a part is {}",
            short_text(text),
            position_shape(max_len)
        ))
    };
    let mut rest = text.trim();
    let mut room = max_len;
    let atom = parse_item(&mut rest, &mut room, 0).ok_or_else(bad)?;
    if !rest.trim().is_empty() {
        return Err(bad());
    }
    Ok(atom)
}

/// Reads one integer or (nested) array from the front of `rest`, as [`dynamic_to_atom`] bounds
/// a script's value: at most [`MAX_NESTING`] deep, at most `*room` items in all.
fn parse_item(rest: &mut &str, room: &mut usize, depth: usize) -> Option<Atom> {
    *rest = rest.trim_start();
    let Some(inner) = rest.strip_prefix('[') else {
        let end = rest
            .find(|c: char| c == ',' || c == ']' || c.is_whitespace())
            .unwrap_or(rest.len());
        let n = rest[..end].parse::<i64>().ok()?;
        *rest = &rest[end..];
        return Some(Atom::Int(n));
    };
    if depth >= MAX_NESTING {
        return None;
    }
    *rest = inner.trim_start();
    let mut items = Vec::new();
    if let Some(after) = rest.strip_prefix(']') {
        *rest = after;
        return Some(Atom::Array(Vec::new()));
    }
    loop {
        *room = room.checked_sub(1)?;
        items.push(parse_item(rest, room, depth + 1)?);
        *rest = rest.trim_start();
        if let Some(after) = rest.strip_prefix(',') {
            *rest = after;
        } else if let Some(after) = rest.strip_prefix(']') {
            *rest = after;
            return Some(Atom::array(items));
        } else {
            return None;
        }
    }
}

/// `sorted(a)`: a copy of the array `a` with its items in the order positions compare (integers
/// by value before arrays, arrays item by item), the normal form of a multiset of parts:
/// `fn normalize(p) { sorted(p) }`. Rhai's own `sort` cannot order arrays of arrays.
fn sorted(array: Array) -> Result<Array, Box<EvalAltResult>> {
    let mut keyed = Vec::with_capacity(array.len());
    for (idx, item) in array.into_iter().enumerate() {
        let mut room = usize::MAX;
        let Some(atom) = dynamic_to_atom(&item, &mut room, 0) else {
            return Err(format!(
                "sorted: the item at index {idx} is {}, not a position (an integer or an array)",
                describe(&item)
            )
            .into());
        };
        keyed.push((atom, item));
    }
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(keyed.into_iter().map(|(_, item)| item).collect())
}

/// The functions the pattern finder's formulas use beyond the language's own (`min` and `max` are
/// Rhai's): `ctz` (trailing zeros, 64 for 0), `popcount`, `isqrt` (⌊√x⌋) and `zeckendorf_min`
/// (the smallest term of x's Zeckendorf representation), so a formula pastes into a script as is.
fn register_formula_functions(engine: &mut Engine) {
    use sprague::pattern::expr;
    engine.register_fn("ctz", |x: i64| i64::from(x.trailing_zeros()));
    engine.register_fn("popcount", |x: i64| i64::from(x.count_ones()));
    engine.register_fn("isqrt", |x: i64| -> Result<i64, Box<rhai::EvalAltResult>> {
        expr::isqrt(x)
            .ok_or_else(|| format!("isqrt({x}): the argument must not be negative").into())
    });
    engine.register_fn("sorted", sorted);
    engine.register_fn(
        "zeckendorf_min",
        |x: i64| -> Result<i64, Box<rhai::EvalAltResult>> {
            expr::zeckendorf_min(x).ok_or_else(|| {
                format!("zeckendorf_min({x}): the argument must be at least 1").into()
            })
        },
    );
}

#[cfg(test)]
mod compiled_tests;
#[cfg(test)]
mod formula_tests;
#[cfg(test)]
mod immediate_tests;
#[cfg(test)]
mod nested_tests;

#[cfg(test)]
mod tests;
