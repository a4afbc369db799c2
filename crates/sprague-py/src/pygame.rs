//! Games whose rules are Python functions (`sprague.Game(moves=…)`), solved by the engine.
//!
//! A position crosses into Rust once, as a [`Pos`]: an int, a str, a tuple, a frozenset, or a
//! [`Sum`] of independent parts. The engine hashes and compares positions without the
//! interpreter, remembers every component it values (kept from call to call in the game's
//! [`Memo`]), values a sum by XOR of its parts' values, solves a game with cycles by retrograde
//! analysis (generalised nim-values, draws) and misère play by search over whole positions.
//! Python is called once per component whose moves are needed.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::{self, ThreadId};
use std::time::Duration;

use num_bigint::{BigInt, Sign};
use numpy::{PyArray1, PyArray2};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFrozenSet, PyInt, PyList, PySet, PyString, PyTuple};
use pyo3::Borrowed;
use sprague::solve::{explore, misere, retrograde, Memo, MemoSolver, SolveError};
use sprague::value::{LoopyValue, Nimber, Outcome};
use sprague::Impartial;

/// How deep tuples, frozensets and sums may nest in a position.
const MAX_DEPTH: usize = 256;

/// The most positions a game keeps unless told (`max_positions`).
const DEFAULT_MAX_POSITIONS: usize = 50_000_000;

/// The most options one position may have (an iterator from `moves` is read up to it).
const MAX_OPTIONS: usize = 1 << 22;

/// A position as the engine keeps it. Sums are flat (no sum inside a sum), their parts sorted,
/// and never of a single part; a sum of two ints is always a `Pair`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Pos {
    Int(i64),
    /// The sum of two ints, the smaller first: the option of every game that splits a heap in
    /// two, kept without an allocation.
    Pair(i64, i64),
    Str(Box<str>),
    Tuple(Box<[Pos]>),
    /// A tuple of two ints (a two-number game's position), kept without an allocation.
    Point(i64, i64),
    Set(Box<[Pos]>),
    Sum(Box<[Pos]>),
}

impl Pos {
    /// The sum of `parts`: nested sums flattened, parts sorted, one part alone left as itself.
    fn sum_of(parts: Vec<Pos>) -> Pos {
        // Most sums hold no sum: sorted in place, no second vector.
        let mut flat = if parts.iter().any(Pos::is_sum) {
            let mut flat = Vec::with_capacity(parts.len() + 1);
            for part in parts {
                match part {
                    Pos::Sum(inner) => flat.extend(inner.into_vec()),
                    Pos::Pair(a, b) => flat.extend([Pos::Int(a), Pos::Int(b)]),
                    other => flat.push(other),
                }
            }
            flat
        } else {
            parts
        };
        match flat.as_slice() {
            [_] => flat.pop().expect("one part"),
            &[Pos::Int(a), Pos::Int(b)] => Pos::Pair(a.min(b), a.max(b)),
            _ => {
                flat.sort_unstable();
                Pos::Sum(flat.into_boxed_slice())
            }
        }
    }

    /// A tuple of `items` (of two ints, a `Point`).
    fn tuple_of(items: Vec<Pos>) -> Pos {
        match items.as_slice() {
            &[Pos::Int(a), Pos::Int(b)] => Pos::Point(a, b),
            _ => Pos::Tuple(items.into_boxed_slice()),
        }
    }

    fn is_sum(&self) -> bool {
        matches!(self, Pos::Sum(_) | Pos::Pair(..))
    }

    /// The parts of a sum, or the position alone.
    fn parts(&self) -> std::borrow::Cow<'_, [Pos]> {
        match self {
            Pos::Sum(parts) => std::borrow::Cow::Borrowed(parts),
            &Pos::Pair(a, b) => std::borrow::Cow::Owned(vec![Pos::Int(a), Pos::Int(b)]),
            other => std::borrow::Cow::Borrowed(std::slice::from_ref(other)),
        }
    }

    fn from_py(obj: &Bound<'_, PyAny>) -> PyResult<Pos> {
        Pos::from_py_at(obj, 0)
    }

    /// `from_py` of an object nested `depth` levels deep in a position.
    fn from_py_at(obj: &Bound<'_, PyAny>, depth: usize) -> PyResult<Pos> {
        // The conversion recurses once a level: a bound keeps a hostile nesting off the stack.
        if depth > MAX_DEPTH {
            return Err(PyValueError::new_err(format!(
                "a position nests more than {MAX_DEPTH} levels of tuples, frozensets and sums"
            )));
        }
        // Type checks first: a failed extraction builds a Python exception, which costs more
        // than the rest of the conversion.
        if let Ok(int) = obj.cast::<PyInt>() {
            // bool is an int in Python; True is 1 here.
            return int.extract::<i64>().map(Pos::Int).map_err(|_| {
                // Quoted through `BigInt`: `str()` of a long int fails in Python itself.
                let n = int.extract::<BigInt>().unwrap_or_default();
                PyValueError::new_err(format!(
                    "the integer {} does not fit in 64 bits: a position's integers must \
                     (from -2^63 to 2^63 - 1)",
                    crate::ints::quoted(&n)
                ))
            });
        }
        if let Ok(sum) = obj.cast::<Sum>() {
            return sum.get().position_at(obj.py(), depth);
        }
        if let Ok(s) = obj.cast::<PyString>() {
            return Ok(Pos::Str(s.to_str()?.into()));
        }
        if let Ok(t) = obj.cast::<PyTuple>() {
            if t.len() == 2 {
                let (a, b) = (t.get_borrowed_item(0)?, t.get_borrowed_item(1)?);
                if let (Ok(a), Ok(b)) = (a.cast::<PyInt>(), b.cast::<PyInt>()) {
                    if let (Ok(a), Ok(b)) = (a.extract::<i64>(), b.extract::<i64>()) {
                        return Ok(Pos::Point(a, b));
                    }
                }
            }
            return t
                .iter()
                .map(|x| Pos::from_py_at(&x, depth + 1))
                .collect::<PyResult<Vec<_>>>()
                .map(Pos::tuple_of);
        }
        if let Ok(l) = obj.cast::<PyList>() {
            return l
                .iter()
                .map(|x| Pos::from_py_at(&x, depth + 1))
                .collect::<PyResult<Vec<_>>>()
                .map(Pos::tuple_of);
        }
        if obj.cast::<PyFrozenSet>().is_ok() || obj.cast::<PySet>().is_ok() {
            let mut items = obj
                .try_iter()?
                .map(|x| Pos::from_py_at(&x?, depth + 1))
                .collect::<PyResult<Vec<_>>>()?;
            items.sort_unstable();
            return Ok(Pos::Set(items.into()));
        }
        Err(PyTypeError::new_err(format!(
            "{} is not a position: positions are ints, strs, tuples (or lists) and frozensets of \
             positions, or a sprague.Sum of them",
            obj.repr()
                .map_or_else(|_| "this object".to_owned(), |r| r.to_string())
        )))
    }

    fn all_to_py<'py>(py: Python<'py>, items: &[Pos]) -> PyResult<Vec<Bound<'py, PyAny>>> {
        items.iter().map(|x| x.to_py(py)).collect()
    }

    fn to_py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(match self {
            Pos::Int(n) => n.into_pyobject(py)?.into_any(),
            Pos::Str(s) => PyString::new(py, s).into_any(),
            Pos::Tuple(items) => PyTuple::new(py, Pos::all_to_py(py, items)?)?.into_any(),
            Pos::Set(items) => PyFrozenSet::new(py, Pos::all_to_py(py, items)?)?.into_any(),
            &Pos::Point(a, b) => PyTuple::new(py, [a, b])?.into_any(),
            &Pos::Pair(a, b) => Bound::new(
                py,
                Sum {
                    parts: SumParts::Pair(a, b),
                },
            )?
            .into_any(),
            Pos::Sum(parts) => {
                let items = Pos::all_to_py(py, parts)?;
                Bound::new(
                    py,
                    Sum {
                        parts: SumParts::Given(PyTuple::new(py, items)?.unbind()),
                    },
                )?
                .into_any()
            }
        })
    }
}

/// A sum of independent games: a move is made in one part. `Sum(a, b)` as a position (or an
/// option a move returns) is valued by XOR of its parts' values.
///
/// A game's `moves` makes millions of sums, most read once, so building one must cost little
/// more than building a tuple: a sum of two ints is read at once and kept as two numbers, any
/// other is kept as given and converted when the engine reads it.
#[pyclass(module = "sprague._sprague", frozen, freelist = 4096)]
pub(crate) struct Sum {
    parts: SumParts,
}

enum SumParts {
    /// Two ints that fit in 64 bits.
    Pair(i64, i64),
    /// The parts as given.
    Given(Py<PyTuple>),
}

/// Two ints that fit in 64 bits, the smaller first.
fn int_pair(a: &Borrowed<'_, '_, PyAny>, b: &Borrowed<'_, '_, PyAny>) -> Option<(i64, i64)> {
    let (a, b) = (a.cast::<PyInt>().ok()?, b.cast::<PyInt>().ok()?);
    let (a, b) = (a.extract::<i64>().ok()?, b.extract::<i64>().ok()?);
    Some((a.min(b), a.max(b)))
}

impl Sum {
    /// The sum as the engine keeps it (flat, sorted; one part alone is that part).
    fn position(&self, py: Python<'_>) -> PyResult<Pos> {
        self.position_at(py, 0)
    }

    fn position_at(&self, py: Python<'_>, depth: usize) -> PyResult<Pos> {
        let parts = match &self.parts {
            &SumParts::Pair(a, b) => return Ok(Pos::Pair(a, b)),
            SumParts::Given(parts) => parts.bind(py),
        };
        let mut converted = Vec::with_capacity(parts.len());
        for part in parts.iter() {
            converted.push(Pos::from_py_at(&part, depth + 1)?);
        }
        Ok(Pos::sum_of(converted))
    }

    /// The parts, flat and sorted.
    fn flat_parts(&self, py: Python<'_>) -> PyResult<Vec<Pos>> {
        Ok(self.position(py)?.parts().into_owned())
    }
}

#[pymethods]
impl Sum {
    #[new]
    #[pyo3(signature = (*parts))]
    fn new(parts: Bound<'_, PyTuple>) -> PyResult<Sum> {
        if parts.len() == 2 {
            if let Some((a, b)) =
                int_pair(&parts.get_borrowed_item(0)?, &parts.get_borrowed_item(1)?)
            {
                return Ok(Sum {
                    parts: SumParts::Pair(a, b),
                });
            }
        }
        Ok(Sum {
            parts: SumParts::Given(parts.unbind()),
        })
    }

    /// The parts, flat (a sum inside a sum gives its parts) and sorted.
    #[getter]
    fn parts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let parts = self.flat_parts(py)?;
        PyTuple::new(py, Pos::all_to_py(py, &parts)?)
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.flat_parts(py)?.len())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let parts = self
            .flat_parts(py)?
            .iter()
            .map(|p| Ok(p.to_py(py)?.repr()?.to_string()))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(format!("Sum({})", parts.join(", ")))
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.cast::<Sum>() {
            Ok(o) => Ok(o.get().flat_parts(py)? == self.flat_parts(py)?),
            Err(_) => Ok(false),
        }
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<u64> {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.flat_parts(py)?.hash(&mut h);
        Ok(h.finish())
    }
}

/// The rules: the Python functions, and the first exception one of them raised.
struct Rules {
    moves: Py<PyAny>,
    normalize: Option<Py<PyAny>>,
    terminal: Option<Py<PyAny>>,
    // Tuples are sums of their parts (`Game(..., splits=True)`).
    splits: bool,
    error: Mutex<Option<PyErr>>,
    calls: AtomicU64,
}

impl Rules {
    /// A position from Python: under `splits`, a tuple is the sum of its parts (a tuple costs
    /// a fifth of a `Sum` to build, and a splitting game's `moves` builds one per option).
    fn position(&self, obj: &Bound<'_, PyAny>) -> PyResult<Pos> {
        if self.splits {
            if let Ok(t) = obj.cast::<PyTuple>() {
                if t.len() == 2 {
                    if let Some((a, b)) =
                        int_pair(&t.get_borrowed_item(0)?, &t.get_borrowed_item(1)?)
                    {
                        return Ok(Pos::Pair(a, b));
                    }
                }
                let parts = t
                    .iter()
                    .map(|x| Pos::from_py_at(&x, 1))
                    .collect::<PyResult<Vec<_>>>()?;
                return Ok(Pos::sum_of(parts));
            }
        }
        Pos::from_py(obj)
    }

    fn take_error(&self) -> Option<PyErr> {
        locked(&self.error).take()
    }

    fn normalized(&self, py: Python<'_>, pos: Pos) -> PyResult<Pos> {
        let Some(normalize) = &self.normalize else {
            return Ok(pos);
        };
        let mut parts = Vec::with_capacity(2);
        for part in pos.parts().iter() {
            let out = normalize.bind(py).call1((part.to_py(py)?,))?;
            parts.push(self.position(&out)?);
        }
        Ok(Pos::sum_of(parts))
    }

    /// The options of one part (a position that is not a sum).
    fn part_options(&self, py: Python<'_>, part: &Pos, out: &mut Vec<Pos>) -> PyResult<()> {
        let calls = self.calls.fetch_add(1, Ordering::Relaxed) + 1;
        if calls % 1024 == 0 {
            py.check_signals()?;
        }
        let obj = part.to_py(py)?;
        if let Some(terminal) = &self.terminal {
            if terminal.bind(py).call1((&obj,))?.is_truthy()? {
                return Ok(());
            }
        }
        let moves = self.moves.bind(py).call1((&obj,))?;
        // Lists (the usual answer) are read by index, anything else iterated.
        if let Ok(list) = moves.cast::<PyList>() {
            out.reserve(list.len());
            if self.normalize.is_none() {
                for option in list.iter() {
                    out.push(self.position(&option)?);
                }
            } else {
                for option in list.iter() {
                    out.push(self.normalized(py, self.position(&option)?)?);
                }
            }
            return Ok(());
        }
        // An iterator may never end: Ctrl-C is looked for as it is read, and it is cut off.
        let start = out.len();
        for option in moves
            .try_iter()
            .map_err(|_| PyTypeError::new_err("moves(p) must return an iterable of positions"))?
        {
            out.push(self.normalized(py, self.position(&option?)?)?);
            let read = out.len() - start;
            if read % 4096 == 0 {
                py.check_signals()?;
                if read >= MAX_OPTIONS {
                    return Err(PyValueError::new_err(format!(
                        "moves({}) gave more than {MAX_OPTIONS} options",
                        obj.repr()?
                    )));
                }
            }
        }
        Ok(())
    }

    fn try_options(&self, py: Python<'_>, pos: &Pos, out: &mut Vec<Pos>) -> PyResult<()> {
        if !pos.is_sum() {
            return self.part_options(py, pos, out);
        }
        let parts = pos.parts();
        // A whole sum (misère play and loopy games search whole positions): a move in one part.
        let mut of_part = Vec::new();
        for (idx, part) in parts.iter().enumerate() {
            of_part.clear();
            self.part_options(py, part, &mut of_part)?;
            for option in of_part.drain(..) {
                let mut next = parts.to_vec();
                next[idx] = option;
                out.push(Pos::sum_of(next));
            }
        }
        Ok(())
    }
}

impl Impartial for Rules {
    type Position = Pos;

    fn options(&self, position: &Pos, options: &mut Vec<Pos>) {
        if locked(&self.error).is_some() {
            return;
        }
        Python::attach(|py| {
            if let Err(e) = self.try_options(py, position, options) {
                *locked(&self.error) = Some(e);
            }
        });
    }

    fn components(&self, position: &Pos, components: &mut Vec<Pos>) {
        match position {
            Pos::Sum(parts) => components.extend(parts.iter().cloned()),
            &Pos::Pair(a, b) => components.extend([Pos::Int(a), Pos::Int(b)]),
            one => components.push(one.clone()),
        }
    }
}

/// A game whose rules are Python functions: `moves(p)` lists the positions one move away;
/// `normalize(p)`, if given, returns the canonical form of a position (a symmetry);
/// `terminal(p)`, if given, says that `p` has no moves without calling `moves`.
///
/// A game may be used from any thread. One thread at a time computes with it (the Python
/// functions run under the interpreter's lock anyway, and the memo is one): another thread
/// asking meanwhile waits its turn, with the interpreter released (see [`Turn`]).
#[pyclass(module = "sprague._sprague", frozen)]
pub(crate) struct Game {
    rules: Rules,
    memo: Mutex<Memo<Pos>>,
    max_positions: usize,
    turn: Turn,
}

/// The value in `mutex`, even if a thread panicked while holding it (every value kept here is
/// whole between statements: a memo handed back, an error stored).
fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Whose turn it is to compute with a game: a thread, and how many of its calls are open (a
/// game's own functions may ask the same game for values: the calls nest on one thread).
#[derive(Default)]
struct Turn {
    holder: Mutex<Option<(ThreadId, usize)>>,
    freed: Condvar,
}

/// A thread's turn with a game, given back when dropped.
struct TurnGuard<'a> {
    turn: &'a Turn,
}

impl Turn {
    /// Waits until no other thread computes with the game, then takes the turn. The wait
    /// releases the interpreter (the thread holding the turn needs it to call the game's
    /// functions) and looks for Ctrl-C every 50 ms.
    fn take(&self, py: Python<'_>) -> PyResult<TurnGuard<'_>> {
        let me = thread::current().id();
        // Free or ours: taken without releasing the interpreter (the holder's lock is only ever
        // held for a few instructions, never while waiting for the interpreter).
        if Turn::claim(&mut locked(&self.holder), me) {
            return Ok(TurnGuard { turn: self });
        }
        loop {
            let taken = py.detach(|| {
                let mut holder = locked(&self.holder);
                loop {
                    if Turn::claim(&mut holder, me) {
                        return true;
                    }
                    let (back, waited) = self
                        .freed
                        .wait_timeout(holder, Duration::from_millis(50))
                        .unwrap_or_else(PoisonError::into_inner);
                    holder = back;
                    if waited.timed_out() {
                        return false;
                    }
                }
            });
            if taken {
                return Ok(TurnGuard { turn: self });
            }
            py.check_signals()?;
        }
    }

    /// Takes the turn for thread `me` if it is free or already `me`'s.
    fn claim(holder: &mut Option<(ThreadId, usize)>, me: ThreadId) -> bool {
        match holder {
            None => {
                *holder = Some((me, 1));
                true
            }
            Some((thread, open)) if *thread == me => {
                *open += 1;
                true
            }
            Some(_) => false,
        }
    }
}

impl Drop for TurnGuard<'_> {
    fn drop(&mut self) {
        let mut holder = locked(&self.turn.holder);
        if let Some((_, open)) = &mut *holder {
            *open -= 1;
            if *open == 0 {
                *holder = None;
                self.turn.freed.notify_one();
            }
        }
    }
}

/// What a position is worth: its outcome, its nim-value (finite or loopy) and its winning moves.
struct Valued {
    outcome: Outcome,
    value: Option<LoopyValue>,
    winning: Vec<Pos>,
    all: Option<Vec<(Pos, Outcome, Option<LoopyValue>)>>,
    note: Option<String>,
}

impl Game {
    fn start(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Pos> {
        let pos = self.rules.position(position)?;
        self.rules.normalized(py, pos)
    }

    /// Runs `f` on a solver holding the game's memo; the memo is kept unless a Python function
    /// failed (values learnt while it failed would be wrong).
    fn with_solver<T>(
        &self,
        f: impl FnOnce(&mut MemoSolver<'_, Rules>) -> Result<T, SolveError>,
    ) -> PyResult<Result<T, SolveError>> {
        // A call nested in one of the game's functions starts from an empty memo (the outer
        // call holds the memo), and the outer call's memo is the one kept.
        let memo = std::mem::take(&mut *locked(&self.memo));
        let mut solver = MemoSolver::with_memo(&self.rules, memo, self.max_positions);
        let res = f(&mut solver);
        if let Some(err) = self.rules.take_error() {
            return Err(err);
        }
        *locked(&self.memo) = solver.into_memo();
        Ok(res)
    }

    /// The error of a grid of `height` × `width` positions past `max_positions`.
    fn grid_too_large(&self, height: &BigInt, width: &BigInt) -> PyErr {
        crate::TooLargeError::new_err(format!(
            "a grid of {} × {} positions needs more than the {} positions the game was given \
             (max_positions)",
            crate::ints::quoted(height),
            crate::ints::quoted(width),
            self.max_positions
        ))
    }

    fn too_many(&self, e: SolveError) -> PyErr {
        crate::TooLargeError::new_err(format!(
            "{e}: the game was given max_positions={} (raise it, or add a normalize function that \
             merges symmetric positions)",
            self.max_positions
        ))
    }

    /// The values of `positions` with one solver (the memo handed on once, not once a position),
    /// or the index of the first that failed and why.
    ///
    /// Position `idx` is `position(idx)`, normalized; the first Python error (a function that
    /// raised, Ctrl-C) ends the run at once.
    fn values_of_all(
        &self,
        py: Python<'_>,
        count: usize,
        position: impl Fn(usize) -> Pos,
    ) -> PyResult<Result<Vec<u64>, (usize, SolveError)>> {
        let mut failed = None;
        let res = self.with_solver(|s| {
            let mut values = Vec::with_capacity(count);
            for idx in 0..count {
                let pos = match self.rules.normalized(py, position(idx)) {
                    Ok(pos) => pos,
                    Err(e) => {
                        failed = Some(e);
                        break;
                    }
                };
                match s.grundy_value(&pos) {
                    Ok(v) => values.push(v.value()),
                    Err(e) => return Ok(Err((idx, e))),
                }
                if locked(&self.rules.error).is_some() {
                    break;
                }
            }
            Ok(Ok(values))
        });
        if let Some(e) = failed {
            // Values stored before the failure are right: the memo was handed back.
            return Err(e);
        }
        res.map(|res| res.unwrap_or_else(|e| Err((0, e))))
    }

    fn value_of(&self, pos: &Pos) -> PyResult<Result<u64, SolveError>> {
        Ok(self
            .with_solver(|s| s.grundy_value(pos))?
            .map(|v| v.value()))
    }

    fn valued(&self, pos: &Pos, misere_play: bool, all_moves: bool) -> PyResult<Valued> {
        if misere_play {
            return self.valued_misere(pos, all_moves);
        }
        let value = match self.value_of(pos)? {
            Ok(v) => v,
            Err(SolveError::Loop) => return self.valued_loopy(pos, all_moves),
            Err(e) => return Err(self.too_many(e)),
        };
        let moves = self
            .with_solver(|s| s.winning_moves(pos))?
            .map_err(|e| self.too_many(e))?;
        let parts = pos.parts();
        let winning = moves
            .into_iter()
            .map(|m| {
                let mut next = parts.to_vec();
                next[m.component] = m.option;
                Pos::sum_of(next)
            })
            .collect();
        let all = if all_moves {
            let mut listed = Vec::new();
            for to in self.options_of(pos)? {
                let v = self.value_of(&to)?.map_err(|e| self.too_many(e))?;
                listed.push((
                    to,
                    Outcome::from_win(v != 0),
                    Some(LoopyValue::Finite(Nimber::new(v))),
                ));
            }
            Some(listed)
        } else {
            None
        };
        Ok(Valued {
            outcome: Outcome::from_win(value != 0),
            value: Some(LoopyValue::Finite(Nimber::new(value))),
            winning,
            all,
            note: None,
        })
    }

    fn options_of(&self, pos: &Pos) -> PyResult<Vec<Pos>> {
        let mut options = Vec::new();
        self.rules.options(pos, &mut options);
        match self.rules.take_error() {
            Some(err) => Err(err),
            None => Ok(options),
        }
    }

    fn valued_loopy(&self, pos: &Pos, all_moves: bool) -> PyResult<Valued> {
        let explored = explore::reachable_graph(&self.rules, pos, self.max_positions);
        if let Some(err) = self.rules.take_error() {
            return Err(err);
        }
        let explored = explored.map_err(|e| self.too_many(e))?;
        let values = retrograde::generalized_values(&explored.graph);
        let value = values.value(0);
        let mut winning = Vec::new();
        let mut all = Vec::new();
        for &w in explored.graph.followers(0) {
            let after = values.value(w);
            let to = explored.positions[w as usize].clone();
            if after.outcome() == Outcome::P {
                winning.push(to.clone());
            }
            if all_moves {
                all.push((to, after.outcome(), Some(after)));
            }
        }
        Ok(Valued {
            outcome: value.outcome(),
            note: Some(format!(
                "a position can be reached from itself: solved as a loopy game over its {} \
                 reachable positions (generalised nim-values; D is a draw)",
                explored.positions.len()
            )),
            value: Some(value),
            winning,
            all: all_moves.then_some(all),
        })
    }

    fn valued_misere(&self, pos: &Pos, all_moves: bool) -> PyResult<Valued> {
        let loopy = |e: SolveError| match e {
            SolveError::Loop => {
                PyValueError::new_err("misère play of a game with cycles is not supported")
            }
            e => self.too_many(e),
        };
        let outcome = misere::outcome(&self.rules, pos, self.max_positions);
        if let Some(err) = self.rules.take_error() {
            return Err(err);
        }
        let outcome = outcome.map_err(loopy)?;
        let winning = misere::winning_moves(&self.rules, pos, self.max_positions);
        if let Some(err) = self.rules.take_error() {
            return Err(err);
        }
        let winning = winning.map_err(loopy)?;
        let all = if all_moves {
            let mut listed = Vec::new();
            for to in self.options_of(pos)? {
                let o = misere::outcome(&self.rules, &to, self.max_positions);
                if let Some(err) = self.rules.take_error() {
                    return Err(err);
                }
                listed.push((to, o.map_err(loopy)?, None));
            }
            Some(listed)
        } else {
            None
        };
        Ok(Valued {
            outcome,
            value: None,
            winning,
            all,
            note: Some(
                "misère play: the player who makes the last move loses; nim-values do not apply"
                    .to_owned(),
            ),
        })
    }
}

fn outcome_letter(o: Outcome) -> &'static str {
    match o {
        Outcome::P => "P",
        Outcome::N => "N",
        Outcome::D => "D",
    }
}

/// A nim-value for Python: an int when finite, the loopy form `∞{0,2}` as a str otherwise.
fn value_to_py<'py>(py: Python<'py>, value: &LoopyValue) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value.finite() {
        Some(v) => v.value().into_pyobject(py)?.into_any(),
        None => PyString::new(py, &value.to_string()).into_any(),
    })
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (moves, normalize=None, terminal=None, max_positions=None, splits=false))]
    fn new(
        moves: Py<PyAny>,
        normalize: Option<Py<PyAny>>,
        terminal: Option<Py<PyAny>>,
        max_positions: Option<&Bound<'_, PyAny>>,
        splits: bool,
    ) -> PyResult<Game> {
        let most = usize::MAX as u64;
        let max_positions = crate::ints::whole_opt(max_positions, "max_positions", most)?
            .map_or(DEFAULT_MAX_POSITIONS, |m| m as usize);
        Ok(Game {
            rules: Rules {
                moves,
                normalize,
                terminal,
                splits,
                error: Mutex::new(None),
                calls: AtomicU64::new(0),
            },
            memo: Mutex::new(Memo::default()),
            turn: Turn::default(),
            max_positions,
        })
    }

    /// The nim-value of `position`: an int, or for a position of a game with cycles whose
    /// value is infinite, its loopy form `∞{…}` as a str.
    fn nim_value<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let _turn = self.turn.take(py)?;
        let pos = self.start(py, position)?;
        match self.value_of(&pos)? {
            Ok(v) => Ok(v.into_pyobject(py)?.into_any()),
            Err(SolveError::Loop) => {
                let valued = self.valued_loopy(&pos, false)?;
                value_to_py(py, valued.value.as_ref().expect("a loopy game's value"))
            }
            Err(e) => Err(self.too_many(e)),
        }
    }

    /// `"N"` (the player to move wins), `"P"` (the previous player wins) or `"D"` (a draw).
    #[pyo3(signature = (position, misere=false))]
    fn outcome(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        misere: bool,
    ) -> PyResult<&'static str> {
        let _turn = self.turn.take(py)?;
        let pos = self.start(py, position)?;
        if !misere {
            let res = self.with_solver(|s| s.outcome(&pos))?;
            match res {
                Ok(o) => return Ok(outcome_letter(o)),
                Err(SolveError::Loop) => {}
                Err(e) => return Err(self.too_many(e)),
            }
        }
        Ok(outcome_letter(self.valued(&pos, misere, false)?.outcome))
    }

    /// Every move to a position lost for the opponent, as the positions it leads to.
    #[pyo3(signature = (position, misere=false))]
    fn winning_moves<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
        misere: bool,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let _turn = self.turn.take(py)?;
        let pos = self.start(py, position)?;
        Pos::all_to_py(py, &self.valued(&pos, misere, false)?.winning)
    }

    /// The analysis of `position` as a dict with the fields of the command line's JSON
    /// (`outcome`, `nim_value`, `winning_moves`, `all_moves`, `note`); positions stay Python
    /// objects.
    #[pyo3(signature = (position, misere=false, all_moves=false))]
    fn analyse<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
        misere: bool,
        all_moves: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
        let _turn = self.turn.take(py)?;
        let pos = self.start(py, position)?;
        let valued = self.valued(&pos, misere, all_moves)?;
        let out = PyDict::new(py);
        out.set_item("game", "python")?;
        out.set_item("position", pos.to_py(py)?)?;
        out.set_item("outcome", outcome_letter(valued.outcome))?;
        match &valued.value {
            Some(v) => out.set_item("nim_value", value_to_py(py, v)?)?,
            None => out.set_item("nim_value", py.None())?,
        }
        out.set_item("winning_moves", Pos::all_to_py(py, &valued.winning)?)?;
        if let Some(all) = &valued.all {
            let listed = PyList::empty(py);
            for (to, outcome, value) in all {
                let m = PyDict::new(py);
                m.set_item("to", to.to_py(py)?)?;
                m.set_item("outcome", outcome_letter(*outcome))?;
                match value {
                    Some(v) => m.set_item("nim_value", value_to_py(py, v)?)?,
                    None => m.set_item("nim_value", py.None())?,
                }
                listed.append(m)?;
            }
            out.set_item("all_moves", listed)?;
        }
        if let Some(note) = &valued.note {
            out.set_item("note", note)?;
        }
        Ok(out)
    }

    /// G(0), …, G(upto) of the integer positions, as a NumPy array.
    fn table_values<'py>(
        &self,
        py: Python<'py>,
        upto: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<u64>>> {
        let upto: BigInt = upto.extract()?;
        if upto.sign() == Sign::Minus {
            return Err(PyValueError::new_err(format!(
                "a table runs from 0 to upto, which must be 0 or more, not {}",
                crate::ints::quoted(&upto)
            )));
        }
        let _turn = self.turn.take(py)?;
        let count = match usize::try_from(&upto) {
            Ok(upto) if upto < self.max_positions => upto + 1,
            _ => {
                return Err(crate::TooLargeError::new_err(format!(
                    "a table to {} needs more than the {} positions the game was given \
                     (max_positions)",
                    crate::ints::quoted(&upto),
                    self.max_positions
                )))
            }
        };
        match self.values_of_all(py, count, |n| Pos::Int(n as i64))? {
            Ok(values) => Ok(PyArray1::from_vec(py, values)),
            Err((n, SolveError::Loop)) => Err(PyValueError::new_err(format!(
                "position {n} can be reached from itself: a loopy game has no table of \
                 nim-values (analyse single positions)"
            ))),
            Err((_, e)) => Err(self.too_many(e)),
        }
    }

    /// G((a, b)) for 0 ≤ a ≤ `rows`, 0 ≤ b ≤ `cols`, as a two-dimensional NumPy array.
    fn grid_values<'py>(
        &self,
        py: Python<'py>,
        rows: &Bound<'py, PyAny>,
        cols: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray2<u64>>> {
        if self.rules.splits {
            return Err(PyValueError::new_err(
                "a game with splits=True reads a tuple as a sum of its parts: its positions are \
                 not pairs, and it has no grid",
            ));
        }
        let (rows, cols): (BigInt, BigInt) = (rows.extract()?, cols.extract()?);
        if rows.sign() == Sign::Minus || cols.sign() == Sign::Minus {
            return Err(PyValueError::new_err(format!(
                "a grid runs over 0 ≤ a ≤ rows, 0 ≤ b ≤ cols, which must be 0 or more, not \
                 rows={}, cols={}",
                crate::ints::quoted(&rows),
                crate::ints::quoted(&cols)
            )));
        }
        // Counted exactly: a size past 64 bits is refused, never wrapped to an empty grid.
        let (height, width) = (rows + 1u32, cols + 1u32);
        let cells = &height * &width;
        let (Ok(cells), Ok(width)) = (usize::try_from(&cells), usize::try_from(&width)) else {
            return Err(self.grid_too_large(&height, &width));
        };
        if cells >= self.max_positions {
            return Err(self.grid_too_large(&height, &BigInt::from(width)));
        }
        let _turn = self.turn.take(py)?;
        let point = |idx: usize| Pos::Point((idx / width) as i64, (idx % width) as i64);
        let values = match self.values_of_all(py, cells, point)? {
            Ok(values) => values,
            Err((idx, SolveError::Loop)) => {
                let (a, b) = (idx / width, idx % width);
                return Err(PyValueError::new_err(format!(
                    "position ({a}, {b}) can be reached from itself: a loopy game has no grid \
                     of nim-values"
                )));
            }
            Err((_, e)) => return Err(self.too_many(e)),
        };
        let grid: Vec<Vec<u64>> = values.chunks(width).map(<[u64]>::to_vec).collect();
        PyArray2::from_vec2(py, &grid).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// How many components the game has valued and remembers.
    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        let _turn = self.turn.take(py)?;
        Ok(locked(&self.memo).len())
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Sum>()?;
    m.add_class::<Game>()?;
    Ok(())
}
