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
use std::sync::mpsc::{Receiver, SyncSender};

use crate::compiled::moves::{push_parts, Key, MoveList};
use crate::{ScriptGame, ScriptLimits, ScriptParams};

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
    /// The dense positions' options listed ahead by other threads, when there are any.
    ahead: Option<Ahead>,
    dense: Dense,
    values: Vec<u32>,
    sparse: HashMap<Key, u32>,
    /// Positions met (dense and sparse), against `max_positions`.
    met: usize,
    /// Positions whose moves were listed, and their parts in all (to judge threads worth it).
    lists: usize,
    listed_parts: usize,
    max_positions: usize,
    /// Buffers kept between positions (no allocation per position): finished `Open`s, the
    /// search's stack, the mex's marks.
    spare: Vec<Open>,
    stack: Vec<Open>,
    seen: Vec<bool>,
    /// The listing buffer of [`Tabulator::at_once`].
    quick: MoveList,
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
            ahead: None,
            dense,
            values: vec![UNKNOWN; usize::try_from(cells).ok()?],
            sparse: HashMap::new(),
            met: 0,
            lists: 0,
            listed_parts: 0,
            max_positions,
            spare: Vec::new(),
            stack: Vec::new(),
            seen: Vec::new(),
            quick: MoveList::default(),
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
    /// With more than one thread allowed, a range worth it, and positions with enough moves to
    /// be worth handing over and enough of them ahead (judged on the first
    /// [`MIN_CELLS_FOR_THREADS`], valued here: [`MIN_PARTS_FOR_THREADS`], [`MIN_PARTS_AHEAD`]), the
    /// other threads list the rest of the dense positions' options ahead of the search (see
    /// [`Ahead`]); the search is the same.
    pub(crate) fn run(mut self) -> Option<Vec<u64>> {
        let threads = self.game.threads;
        let cells = self.values.len();
        let probe = MIN_CELLS_FOR_THREADS.min(cells);
        self.value_slots(0..probe)?;
        let parts_per_list = self.listed_parts / self.lists.max(1);
        // The parts the rest will list, the cost of a position taken to grow with its place (as
        // a heap game's does; a grid's grows slower, and is overestimated).
        let growth = (probe + cells) as f64 / probe.max(1) as f64;
        let ahead = parts_per_list as f64 * (cells - probe) as f64 * growth;
        let min = self.game.min_parts_for_threads;
        let worth = min == 0 || (parts_per_list >= min && ahead >= MIN_PARTS_AHEAD);
        if threads < 2 || probe == cells || !worth {
            self.value_slots(probe..cells)?;
            return Some(self.values.iter().map(|&v| u64::from(v)).collect());
        }
        let (source, params, limits) = (&self.game.source, &self.game.params, self.game.limits);
        let dense = self.dense;
        let base = probe / BLOCK;
        std::thread::scope(|scope| {
            let mut receivers = Vec::with_capacity(threads);
            let mut returns = Vec::with_capacity(threads);
            for t in 0..threads {
                let (sender, receiver) = std::sync::mpsc::sync_channel(BLOCKS_AHEAD);
                let (give_back, spares) = std::sync::mpsc::sync_channel(BLOCKS_AHEAD);
                receivers.push(receiver);
                returns.push(give_back);
                let lister = Lister {
                    dense,
                    cells,
                    first: base + t,
                    step: threads,
                    sender,
                    spares,
                };
                scope.spawn(move || lister.run(source, limits, params));
            }
            self.ahead = Some(Ahead::new(base, receivers, returns));
            let res = self.value_slots(probe..cells);
            // Dropping the receivers ends the threads at their next send.
            self.ahead = None;
            res
        })?;
        Some(self.values.iter().map(|&v| u64::from(v)).collect())
    }

    /// Values the dense positions of these slots, in order.
    fn value_slots(&mut self, slots: std::ops::Range<usize>) -> Option<()> {
        // Without `normalize`, with `moves` compiled to write and no threads listing ahead, a
        // position whose options are all valued is valued where it is listed (see `at_once`).
        let quick = !self.game.has_normalize && self.game.writes_moves() && self.ahead.is_none();
        for slot in slots {
            if quick && self.values[slot] == UNKNOWN {
                self.at_once(slot)?;
            } else {
                self.value(dense_key(self.dense, slot))?;
            }
        }
        Some(())
    }

    /// Values the (unvalued) dense position `slot` as `value` does, its moves written into a
    /// buffer kept for it rather than an `Open` taken from the spares, and the search run only
    /// when an option is not valued yet.
    fn at_once(&mut self, slot: usize) -> Option<u32> {
        self.met += 1;
        if self.met > self.max_positions {
            return None;
        }
        let key = dense_key(self.dense, slot);
        self.values[slot] = IN_PROGRESS;
        let mut list = std::mem::take(&mut self.quick);
        list.parts.clear();
        list.ends.clear();
        list.max_len = self.game.limits.max_position_len;
        let written = self.game.fast_write_moves(&key, &mut list);
        self.lists += 1;
        self.listed_parts += list.parts.len();
        if written.is_none() {
            self.quick = list;
            return None;
        }
        if let Some(value) = self.mex_of_known(&list.parts, &list.ends) {
            self.values[slot] = value;
            self.quick = list;
            return Some(value);
        }
        // An option not valued yet: the search goes on from this listing.
        let mut open = self.fresh(key);
        std::mem::swap(&mut open.parts, &mut list.parts);
        std::mem::swap(&mut open.ends, &mut list.ends);
        self.quick = list;
        self.search_from(open)
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
        let listed = match (self.slot(&key), &mut self.ahead) {
            (Some(slot), Some(ahead)) => ahead.take(slot, &self.values),
            _ => None,
        };
        let open = match listed {
            Some(open) => open,
            None => {
                let mut open = self.fresh(key);
                list(self.game, &mut open)?;
                open
            }
        };
        self.lists += 1;
        self.listed_parts += open.parts.len();
        // A position opened as another's normal form must be its own (as the general solver
        // assumes, keeping positions in normal form): a `normalize` that is not idempotent is
        // left to it.
        if as_normal && open.is_alias() {
            return None;
        }
        Some(open)
    }

    /// Keeps a finished `Open`'s buffers for the next position: the threads listing ahead get
    /// them back (the search then opens few of its own), else this thread's spares.
    fn recycle(&mut self, done: Open) {
        match &mut self.ahead {
            Some(ahead) => ahead.give_back(done),
            None => self.spare.push(done),
        }
    }

    /// An empty `Open` for `key`, from the spares when there is one.
    fn fresh(&mut self, key: Key) -> Open {
        Open::reusing(self.spare.pop(), key)
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
        // Every option valued already (a game whose moves go down, tabulated upwards): no
        // search to run.
        if !first.is_alias() {
            if let Some(value) = self.mex_of_known(&first.parts, &first.ends) {
                self.set(&first.key, value);
                self.recycle(first);
                return Some(value);
            }
        }
        self.search_from(first)
    }

    /// The value of the position `first` (opened), by the search.
    fn search_from(&mut self, first: Open) -> Option<u32> {
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
            // Every option is valued by now (one still open was a loop: given up above).
            let value = if done.is_alias() {
                self.get(&done.parts[0])
            } else {
                self.mex_of_known(&done.parts, &done.ends)?
            };
            self.set(&done.key, value);
            self.recycle(done);
            if stack.is_empty() {
                return Some(value);
            }
        }
    }

    /// The mex of the options (`parts`, closed by `ends`) when every part is valued; `None` when
    /// one is not.
    fn mex_of_known(&mut self, parts: &[Key], ends: &[u32]) -> Option<u32> {
        let mut seen = std::mem::take(&mut self.seen);
        seen.clear();
        seen.resize(ends.len() + 1, false);
        let mut start = 0;
        let mut known = true;
        'moves: for &end in ends {
            let mut v = 0u32;
            for part in &parts[start..end as usize] {
                let w = self.get(part);
                if w >= IN_PROGRESS {
                    known = false;
                    break 'moves;
                }
                v ^= w;
            }
            if let Some(s) = seen.get_mut(v as usize) {
                *s = true;
            }
            start = end as usize;
        }
        let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
        self.seen = seen;
        known.then_some(mex)
    }
}

impl Open {
    /// An empty `Open` for `key`, in `spare`'s buffers when there is one.
    fn reusing(spare: Option<Open>, key: Key) -> Open {
        match spare {
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

    /// Whether this position stands for its normal form, its one part (see [`list`]).
    fn is_alias(&self) -> bool {
        self.ends.is_empty() && !self.parts.is_empty()
    }
}

/// Lists the options of `open.key` into `open`: its normal form alone (an alias, no `ends`)
/// when `normalize` moves it, else the parts of each move. `None` at a trap, or when the
/// normal form's own normal form differs (`normalize` not idempotent).
fn list(game: &ScriptGame, open: &mut Open) -> Option<()> {
    if game.has_normalize {
        let normal = Key::of_atom(&game.fast_normalize(&open.key.to_atom())?);
        if normal != open.key {
            if Key::of_atom(&game.fast_normalize(&normal.to_atom())?) != normal {
                return None;
            }
            // One option, the normal form: its value is this position's (a mex of one value
            // would not be), so it is marked as an alias.
            open.parts.push(normal);
            return Some(());
        }
    }
    // `moves` written straight into the lists when it can be (see `compiled::moves`).
    if game.writes_moves() {
        let mut written = MoveList {
            parts: std::mem::take(&mut open.parts),
            ends: std::mem::take(&mut open.ends),
            max_len: game.limits.max_position_len,
        };
        let ok = game.fast_write_moves(&open.key, &mut written);
        open.parts = written.parts;
        open.ends = written.ends;
        return ok;
    }
    let moves = game.fast_raw_moves(&open.key.to_atom())?;
    for item in moves.iter() {
        push_parts(item, game.limits.max_position_len, 0, &mut open.parts).ok()?;
        open.ends.push(u32::try_from(open.parts.len()).ok()?);
    }
    Some(())
}

/// The first positions of a dense range, valued on this thread before any other starts: smaller
/// ranges are all valued here (the threads' start, each compiling the script, a millisecond or
/// so, would cost more than they save), and these tell whether threads will pay.
const MIN_CELLS_FOR_THREADS: usize = 512;

/// Parts a position's moves have on average (on the first positions) for listing them on other
/// threads to pay: handing a position over costs about what listing a few moves does.
pub(crate) const MIN_PARTS_FOR_THREADS: usize = 16;

/// Parts the rest of a table must be expected to list for threads to pay (their start, each
/// compiling the script, and the hand-over cost more than they save below it: Grundy's game to
/// 1000, about 0.2 M parts, ran in 13.6 ms on two threads and 11.2 ms on one; Kayles to 2000,
/// about 1.9 M, in 47 and 56 ms).
const MIN_PARTS_AHEAD: f64 = 1e6;

/// Positions a thread lists in one block: one message (and one wake-up of the search) a block.
const BLOCK: usize = 64;

/// Blocks a thread lists ahead of the search before it waits.
const BLOCKS_AHEAD: usize = 4;

/// The dense position of index `slot`.
fn dense_key(dense: Dense, slot: usize) -> Key {
    match dense {
        Dense::Ints(_) => Key::Int(slot as i64),
        Dense::Pairs(_, cols) => {
            let width = cols as usize + 1;
            Key::Pair((slot / width) as i64, (slot % width) as i64)
        }
    }
}

/// The listings of the dense slots `start..start + listed.len()` (a block), from one thread;
/// shorter than a block where the compiled code gave up (the search lists that position
/// itself, and words what happens there) or the range ends.
struct Block {
    start: usize,
    listed: Vec<Open>,
}

/// A thread listing ahead: blocks `first`, `first + step`, … of the dense range, in order, in
/// buffers the search gives back.
struct Lister {
    dense: Dense,
    cells: usize,
    first: usize,
    step: usize,
    sender: SyncSender<Block>,
    spares: Receiver<Vec<Open>>,
}

impl Lister {
    /// Lists until the range ends, the compiled code gives up, or the search stops listening.
    fn run(self, source: &str, limits: ScriptLimits, params: &ScriptParams) {
        let Some(game) = ScriptGame::worker_copy(source, limits, params) else {
            return;
        };
        let mut spare: Vec<Open> = Vec::new();
        let blocks = self.cells.div_ceil(BLOCK);
        for block in (self.first..blocks).step_by(self.step) {
            let start = block * BLOCK;
            let mut listed = Vec::with_capacity(BLOCK);
            let mut gave_up = false;
            for slot in start..(start + BLOCK).min(self.cells) {
                if spare.is_empty() {
                    spare = self.spares.try_recv().unwrap_or_default();
                }
                let key = dense_key(self.dense, slot);
                let mut open = Open::reusing(spare.pop(), key);
                if list(&game, &mut open).is_none() {
                    gave_up = true;
                    break;
                }
                listed.push(open);
            }
            if self.sender.send(Block { start, listed }).is_err() || gave_up {
                return;
            }
        }
    }
}

/// The options listed by other threads: thread `t` lists the blocks `t`, `t + n`, … of the
/// dense range, and the search takes the listings as it opens those positions. It waits for a
/// listing only if it is near: a slot far ahead of what the threads have sent (a search that
/// jumps) is listed by the search itself, and listings the search will not need (positions it
/// valued on its own) are dropped.
struct Ahead {
    /// The first block the threads list (the search valued the ones before on its own).
    base: usize,
    receivers: Vec<Receiver<Block>>,
    /// Per thread: the next block it will send, or `usize::MAX` once it has stopped.
    next: Vec<usize>,
    /// Listings received before the search asked for them.
    early: HashMap<usize, Open>,
    /// Finished listings' buffers, given back a block at a time to the threads in turn.
    returns: Vec<SyncSender<Vec<Open>>>,
    returning: Vec<Open>,
    turn: usize,
}

impl Ahead {
    fn new(
        base: usize,
        receivers: Vec<Receiver<Block>>,
        returns: Vec<SyncSender<Vec<Open>>>,
    ) -> Ahead {
        Ahead {
            base,
            next: (base..base + receivers.len()).collect(),
            receivers,
            early: HashMap::new(),
            returns,
            returning: Vec::new(),
            turn: 0,
        }
    }

    /// Gives a finished listing's buffers back to the threads.
    fn give_back(&mut self, open: Open) {
        self.returning.push(open);
        if self.returning.len() == BLOCK {
            self.turn = (self.turn + 1) % self.returns.len();
            let batch = std::mem::take(&mut self.returning);
            // A thread that has enough, or has stopped, lets them go.
            let _ = self.returns[self.turn].try_send(batch);
        }
    }

    /// The listing of `slot`, if a thread has it or will have it soon; `values` tells which
    /// positions the search has already opened (their listings are dropped).
    fn take(&mut self, slot: usize, values: &[u32]) -> Option<Open> {
        if let Some(open) = self.early.remove(&slot) {
            return Some(open);
        }
        let threads = self.receivers.len();
        let block = slot / BLOCK;
        if block < self.base {
            return None;
        }
        let thread = (block - self.base) % threads;
        if self.next[thread] > block || block - self.next[thread] > BLOCKS_AHEAD * threads {
            return None;
        }
        loop {
            let Ok(Block { start, listed }) = self.receivers[thread].recv() else {
                self.next[thread] = usize::MAX;
                return None;
            };
            let full = listed.len() == BLOCK || start + listed.len() == values.len();
            self.next[thread] = if full {
                start / BLOCK + threads
            } else {
                usize::MAX
            };
            let mut wanted = None;
            for (at, open) in (start..).zip(listed) {
                if at == slot {
                    wanted = Some(open);
                } else if values[at] == UNKNOWN && self.early.len() < BLOCK * BLOCKS_AHEAD * threads
                {
                    // Not reached yet: kept for later.
                    self.early.insert(at, open);
                }
            }
            if wanted.is_some() || start / BLOCK >= block || !full {
                return wanted;
            }
        }
    }
}
