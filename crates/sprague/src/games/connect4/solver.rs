//! A dedicated Connect Four solver over bitboards: null-window negamax with a compact, shared
//! transposition table, mirror symmetry, the table's best move first, and Lazy SMP threads.
//!
//! The generic [`Negamax`](crate::minimax::Negamax) over [`Connect4`](super::Connect4) solves the
//! same positions; this solver is the fast one, built on what the game allows:
//!
//! - **Recursion.** The search recurses, one call per ply, so its depth is bounded by the cells
//!   of the board (42, at most 63) (a few kilobytes of stack): the one exception to the explicit-stack rule,
//!   taken because a call per ply keeps the position in registers and is about twice as fast
//!   as the generic engine's explicit stack with a trait call per step.
//! - **Search.** As in Pons' tutorial (see the [parent module](super)): the value is bracketed by
//!   the stones on the board and bisected by null-window searches (far tests first, then, once
//!   the bracket is narrow, a walk from 0: [`Bisection`]); an
//!   immediate win is scored without search; moves that let the opponent win at once are never
//!   searched; a move after which the opponent has no safe reply is the best score there is,
//!   and when no move is one, the mover wins with its third stone from now at the soonest
//!   (Steininger's bound: 9–21% fewer positions on the test sets); moves are ordered by the
//!   threats they create, centre first among equals.
//! - **Table.** `2^k` slots of one atomic `u64` each (8 MiB by default): the key
//!   `current + mask + bottom` (below 2^b, b = width · (height + 1): 49 on 7×6) is multiplied by
//!   an odd constant modulo 2^b, a bijection; the top `k` bits of the product pick the slot and
//!   the other `b − k` bits are stored, so a hit is never a false one. An entry has room for 38
//!   of them, so a board of more than 38 + k key bits gets a larger table ([`table_bits_for`]). An entry holds a lower and an upper bound of the
//!   value, the best move found (tried first next time), and a generation number, so that
//!   emptying the table is one increment. A new entry always replaces the old one.
//! - **Two tables.** Positions at most [`NEAR_PLIES`] plies from the end (most of the positions
//!   searched, each cheap to search again) use a small "near" table of 1 MiB (4 MiB beside a
//!   large table of 128 MiB or more; one per thread) that stays in the processor's caches; the
//!   others use the large, shared one. On this machine (a virtual machine, where a miss in the
//!   large table costs hundreds of cycles) this halves the time or better, for about a fifth
//!   more positions explored. A board of more than 55 key bits (8×7, 9×6, …) has no near table:
//!   its keys would not fit a table that small. Both live in huge pages where the system
//!   offers them (`slots`).
//! - **Enhanced transposition cutoff.** Before searching its moves, a position reads the table
//!   entries of all its children (their cache misses overlap): a child whose bound already
//!   decides the position cuts it off at once, and a child whose bound shows it cannot raise
//!   alpha is not searched. About a quarter fewer positions on the middle sets. While a search
//!   is young (fewer than 4,096 positions) the table is cold, and a position it does not know
//!   skips these reads (they would be cache misses for nothing).
//! - **Symmetry.** A position and its mirror image have the same value: the table is keyed by the
//!   smaller of the two keys (the best move mirrored with it), so each pair is searched once.
//! - **Threads.** With `threads > 1`, the bisection runs its null-window searches in parallel,
//!   sharing the large table: each thread tests its own value, splitting the widest part of the
//!   bracket that no other thread tests, and a search that can no longer narrow the bracket is
//!   stopped. The last two searches, on either side of the value, are the hardest and run side
//!   by side (1.5 times faster on two threads on Test_L1_R3, where every thread on the same test
//!   — Lazy SMP — gained nothing). A thread with no part of the bracket left to test joins the
//!   test in progress, and the two split it after ABDADA (`Busy`): near the root, a thread
//!   defers a child the other is searching and takes its next move, so they search different
//!   subtrees (on the empty board two threads went from 1.4 to 1.49 times one thread's speed
//!   with it, to 1.6 with the larger near table, and to 1.9 once the tests walk and the second
//!   thread joins the walk's test; joining in a move order of its own instead was 2% faster for
//!   25% more positions). A single
//!   test (the checks of [`Solver::best_moves`]) still
//!   runs on all threads at once in the Lazy SMP way: helper threads order their moves
//!   differently near the root and defer each other's subtrees (`Busy`), and the first to
//!   finish gives the answer (all best moves of `4444441`: 0.68 s on two threads, 1.10 s on
//!   one). Entries are single atomic words, read and written whole, so a thread never sees
//!   half of another's entry.
//!
//! Cost: exponential in the empty cells in the worst case; the counts measured on the standard
//! test sets are in `bench/connect4-results.md`. Memory: the table, fixed at creation.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use self::slots::Slots;
use super::book::Book;
use super::{Board, Geometry, Layout, Shape, Standard};
use crate::progress::SearchProgress;

/// The default table: 2^20 slots, 8 MiB (measured against 2^18, 2^22 and 2^23 on the test sets:
/// fewer cache and TLB misses than the larger ones, and as few positions explored on them).
pub const DEFAULT_TABLE_BITS: u32 = 20;
/// The near table, for positions at most [`NEAR_PLIES`] plies from the end: 2^17 slots, 1 MiB
/// (a core's second-level cache here).
pub const NEAR_TABLE_BITS: u32 = 17;
/// The near table beside a large table of at least 2^[`LONG_TABLE_BITS`] slots (a long
/// search's): 2^19 slots, 4 MiB. Measured against 2^17, 2^20 and 2^21 (one thread, `--memory
/// 1G`): on the empty board and Test_L1_R3, 10% fewer positions than 2^17 in the same time,
/// where larger ones fall out of the caches and are slower; but short searches (Test_L1_R2,
/// Test_L2_R2) are 4–15% slower with it than with 2^17, so it comes only with a large table.
pub const NEAR_GROWN_BITS: u32 = 19;
/// See [`NEAR_GROWN_BITS`]: 2^24 slots, 128 MiB.
pub const LONG_TABLE_BITS: u32 = 24;

/// Positions with at most this many empty cells use the near table. Measured on one thread with
/// `--memory 1G` (huge pages): 18 against 20 explored 5% fewer positions on the empty board and
/// 4% fewer on Test_L1_R3 in the same time; 16, 10% fewer than 20 but 8–50% slower; 12, 3x
/// slower (each ply more in the large table is a cache miss more per position).
pub const NEAR_PLIES: u32 = 18;
/// Positions with at most this many empty cells are searched on one thread.
pub const SERIAL_PLIES: u32 = 24;
/// The smallest table (smaller only for a board with fewer key bits).
pub const MIN_TABLE_BITS: u32 = 9;
/// The largest table: 2^30 slots, 8 GiB.
pub const MAX_TABLE_BITS: u32 = 30;

/// The near table's bits beside a large table of 2^`large_bits` slots.
fn near_bits_beside(large_bits: u32) -> u32 {
    if large_bits >= LONG_TABLE_BITS {
        NEAR_GROWN_BITS
    } else {
        NEAR_TABLE_BITS
    }
}

/// An odd multiplier (the 64-bit golden ratio, made odd): multiplication by it modulo 2^k is a
/// bijection on k-bit keys that spreads them over the top bits.
const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15 | 1;
/// Scores are stored plus this offset, in 6 bits (every bound lies in −32..=31: a board has at
/// most 63 cells).
const SCORE_OFFSET: i32 = 32;
const BEST_SHIFT: u32 = 12;
const GENERATION_SHIFT: u32 = 18;
const CHECK_SHIFT: u32 = 26;
/// Bits of the key an entry can store: the rest of the word holds the bounds, the move and
/// the generation.
const CHECK_BITS: u32 = 64 - CHECK_SHIFT;

/// The table bits a board of shape `shape` can use, `requested` clamped: at least enough slots
/// that the rest of the key fits in an entry, at most one slot per key.
pub fn table_bits_for(shape: Shape, requested: u32) -> u32 {
    let key_bits = shape.key_bits();
    let low = key_bits
        .saturating_sub(CHECK_BITS)
        .max(MIN_TABLE_BITS.min(key_bits));
    requested.clamp(low, MAX_TABLE_BITS.min(key_bits).max(low))
}

/// The shared table (see the module docs for the layout of an entry).
struct Table {
    // Invariant: the length is 2^bits, with bits <= key_bits and key_bits - bits <= CHECK_BITS;
    // except the one-slot table of `Table::unused`, which is never read or written.
    slots: Slots,
    bits: u32,
    key_bits: u32,
}

/// What the table knows of a position.
#[derive(Clone, Copy, Debug)]
struct Entry {
    lower: i32,
    upper: i32,
    /// The best move found, a 0-based column (in the orientation of the stored key).
    best: Option<u8>,
}

impl Table {
    /// A table of 2^`bits` slots for the keys of `shape` (`bits` clamped by [`table_bits_for`]).
    fn new(shape: Shape, bits: u32) -> Table {
        let bits = table_bits_for(shape, bits);
        Table {
            slots: Slots::zeroed(1usize << bits),
            bits,
            key_bits: shape.key_bits(),
        }
    }

    /// A table of one slot that no search reads or writes: the near table of a board whose
    /// keys are too long for one (see [`uses_near_table`]).
    fn unused(shape: Shape) -> Table {
        Table {
            slots: Slots::zeroed(1),
            bits: 0,
            key_bits: shape.key_bits(),
        }
    }

    /// The slot and the stored check of a canonical key.
    #[inline]
    fn locate(&self, key: u64) -> (usize, u64) {
        let key_mask = u64::MAX >> (64 - self.key_bits);
        let hash = key.wrapping_mul(MULTIPLIER) & key_mask;
        let rest = self.key_bits - self.bits;
        (
            hash.checked_shr(rest).unwrap_or(0) as usize,
            hash & ((1u64 << rest) - 1),
        )
    }

    #[inline]
    fn load(&self, key: u64, generation: u64) -> Option<Entry> {
        let (index, check) = self.locate(key);
        let word = self.slots[index].load(Ordering::Relaxed);
        if word >> CHECK_SHIFT != check || (word >> GENERATION_SHIFT) & 0xff != generation {
            return None;
        }
        let best = ((word >> BEST_SHIFT) & 63) as u8;
        Some(Entry {
            lower: (word & 63) as i32 - SCORE_OFFSET,
            upper: ((word >> 6) & 63) as i32 - SCORE_OFFSET,
            best: best.checked_sub(1),
        })
    }

    #[inline]
    fn store(&self, key: u64, generation: u64, entry: Entry) {
        let (index, check) = self.locate(key);
        let word = (check << CHECK_SHIFT)
            | (generation << GENERATION_SHIFT)
            | (u64::from(entry.best.map_or(0, |c| c + 1)) << BEST_SHIFT)
            | (((entry.upper + SCORE_OFFSET) as u64) << 6)
            | ((entry.lower + SCORE_OFFSET) as u64);
        self.slots[index].store(word, Ordering::Relaxed);
    }

    fn clear(&self) {
        for slot in self.slots.iter() {
            slot.store(0, Ordering::Relaxed);
        }
    }
}

/// The positions being searched, by test, near the root of searches that several threads run
/// at once (after ABDADA, Weill 1996, in Kerrigan's simplified form): a thread that meets a
/// child another thread is in defers it and searches its other moves first, so two threads on
/// one test split its work instead of repeating it. Slots are tags (the canonical key and the
/// test), written and cleared whole; a collision only reorders moves, never changes a value.
struct Busy {
    slots: Slots,
}

/// Busy slots: 2^12 (32 KiB), many more than the positions near the root searched at once.
const BUSY_BITS: u32 = 12;

impl Busy {
    fn new() -> Busy {
        Busy {
            slots: Slots::zeroed(1 << BUSY_BITS),
        }
    }

    /// The tag of a canonical key under a null-window test (never 0).
    #[inline]
    fn tag(key: u64, test: i32) -> u64 {
        key ^ ((test + SCORE_OFFSET + 1) as u64) << 57
    }

    #[inline]
    fn slot(&self, tag: u64) -> &AtomicU64 {
        &self.slots[(tag.wrapping_mul(MULTIPLIER) >> (64 - BUSY_BITS)) as usize]
    }

    #[inline]
    fn contains(&self, tag: u64) -> bool {
        self.slot(tag).load(Ordering::Relaxed) == tag
    }

    #[inline]
    fn enter(&self, tag: u64) {
        self.slot(tag).store(tag, Ordering::Relaxed);
    }

    #[inline]
    fn leave(&self, tag: u64) {
        let _ = self
            .slot(tag)
            .compare_exchange(tag, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// Positions a solver explores before its table grows by default (see
/// [`SolverConfig::grow_table_bits`]): a few seconds of search.
pub const GROW_AFTER_NODES: u64 = 1 << 25;

/// How to set up a [`Solver`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverConfig {
    /// The table has 2^`table_bits` slots of 8 bytes (clamped by [`table_bits_for`]: 9..=30
    /// on the standard board).
    pub table_bits: u32,
    /// Threads searching each position together (at least 1).
    pub threads: usize,
    /// The board the solver is for.
    pub shape: Shape,
    /// Once the searches since [`Solver::reset_nodes`] have explored `grow_after_nodes`
    /// positions, the table is replaced by one of 2^`grow_table_bits` slots (empty: its entries
    /// are lost, the bounds the bisection found are kept); 0 (or at most `table_bits`) never.
    /// Why: a small table is fastest on searches of up to seconds, whose entries stay in the
    /// caches; a long search (the empty board) explores a fifth fewer positions in a large one;
    /// and a large table from the start makes every short search pay a first touch per page.
    pub grow_table_bits: u32,
    /// See `grow_table_bits` ([`GROW_AFTER_NODES`] by default).
    pub grow_after_nodes: u64,
}

impl Default for SolverConfig {
    fn default() -> SolverConfig {
        SolverConfig {
            table_bits: DEFAULT_TABLE_BITS,
            threads: 1,
            shape: Shape::STANDARD,
            grow_table_bits: 0,
            grow_after_nodes: GROW_AFTER_NODES,
        }
    }
}

impl SolverConfig {
    /// The table bits the solver will use: `table_bits` clamped by [`table_bits_for`].
    pub fn clamped_table_bits(&self) -> u32 {
        table_bits_for(self.shape, self.table_bits)
    }

    /// The bits the table grows to in a long search, 0 if it never grows.
    fn clamped_grow_bits(&self) -> u32 {
        let grown = table_bits_for(self.shape, self.grow_table_bits);
        if self.grow_table_bits == 0 || grown <= self.clamped_table_bits() {
            0
        } else {
            grown
        }
    }

    /// The bytes the tables take (the grown tables' when the table may grow).
    pub fn estimate_memory(&self) -> u64 {
        let grown = self.clamped_table_bits().max(self.clamped_grow_bits());
        let near = if uses_near_table(self.shape) {
            8 << table_bits_for(self.shape, near_bits_beside(grown))
        } else {
            8
        };
        (8 << grown) + self.threads.max(1) as u64 * near
    }
}

/// Whether the near table serves `shape`: only when it can be small (keys of at most
/// `NEAR_TABLE_BITS + CHECK_BITS` bits); a larger board's last plies share the large table.
fn uses_near_table(shape: Shape) -> bool {
    shape.key_bits() <= NEAR_TABLE_BITS + CHECK_BITS
}

/// A Connect Four solver, keeping its table between searches.
pub struct Solver {
    config: SolverConfig,
    /// The bits the table will grow to, 0 once grown or never.
    grow_bits: u32,
    shape: Shape,
    layout: Layout,
    table: Arc<Table>,
    /// One near table per thread: the last plies are cheap to search again, and a private table
    /// keeps the threads from fighting over its cache lines.
    near: Vec<Table>,
    /// The positions threads are in, when two of them search one test (see [`Busy`]).
    busy: Busy,
    threads: usize,
    /// Entries of other generations count as empty.
    // Invariant: 1..=255.
    generation: u64,
    nodes: u64,
    /// Of `nodes`, the forced ones (see [`Solver::forced_nodes`]).
    forced: u64,
    node_limit: u64,
    aborted: bool,
    /// Exact scores read instead of searched, for the positions it holds.
    book: Option<Arc<Book>>,
    /// Where the searches publish the positions explored and the bracket of the score.
    progress: Option<&'static SearchProgress>,
}

impl Solver {
    /// A solver, allocating its table now.
    pub fn new(config: SolverConfig) -> Solver {
        let shape = config.shape;
        let near = || {
            if uses_near_table(shape) {
                Table::new(shape, near_bits_beside(config.clamped_table_bits()))
            } else {
                Table::unused(shape)
            }
        };
        Solver {
            config,
            grow_bits: config.clamped_grow_bits(),
            shape,
            layout: Layout::new(shape),
            table: Arc::new(Table::new(shape, config.table_bits)),
            near: (0..config.threads.max(1)).map(|_| near()).collect(),
            busy: Busy::new(),
            threads: config.threads.max(1),
            generation: 1,
            nodes: 0,
            forced: 0,
            node_limit: u64::MAX,
            progress: None,
            aborted: false,
            book: None,
        }
    }

    /// Positions explored since the solver was created or [`reset_nodes`](Self::reset_nodes),
    /// by all threads together.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Of [`nodes`](Self::nodes), the positions searched with at most one move that does not
    /// lose at once: a forced reply to a threat, or none. Steininger's `c4` plays such moves
    /// without counting the positions, so `nodes - forced_nodes` is the nearest figure to its
    /// own count (not the same: `c4` also follows each move's forced line before ordering its
    /// moves, uncounted).
    pub fn forced_nodes(&self) -> u64 {
        self.forced
    }

    /// Sets the counts of positions explored back to zero.
    pub fn reset_nodes(&mut self) {
        self.nodes = 0;
        self.forced = 0;
    }

    /// The board the solver is for.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The configuration the solver was created with.
    pub fn config(&self) -> SolverConfig {
        self.config
    }

    /// Replaces the table by the larger one of [`SolverConfig::grow_table_bits`] (and the near
    /// tables by larger ones, see [`NEAR_GROWN_BITS`]) once the searches have run long enough.
    fn grow_if_long(&mut self) {
        if self.grow_bits != 0 && self.nodes >= self.config.grow_after_nodes {
            if uses_near_table(self.shape) {
                for near in &mut self.near {
                    *near = Table::new(self.shape, near_bits_beside(self.grow_bits));
                }
            }
            self.table = Arc::new(Table::new(self.shape, self.grow_bits));
            self.grow_bits = 0;
        }
    }

    /// The large table's bits: it has 2^bits slots of 8 bytes.
    pub fn table_bits(&self) -> u32 {
        self.table.bits
    }

    /// The threads that search each position.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Bytes used by the table.
    pub fn memory_usage(&self) -> usize {
        (self.table.slots.len() + self.near.len() * self.near[0].slots.len()) * 8
    }

    /// Empties the table (in constant time, by starting a new generation of entries).
    pub fn clear_table(&mut self) {
        self.generation += 1;
        if self.generation > 0xff {
            self.table.clear();
            for near in &self.near {
                near.clear();
            }
            self.generation = 1;
        }
    }

    /// Lets the searches explore at most `budget` more positions (`None`: no limit), and clears
    /// [`aborted`](Self::aborted). Past the budget every search stops and the results of the
    /// calls made since are meaningless: check [`aborted`](Self::aborted) after them. The table
    /// keeps only bounds of finished searches, so it stays correct.
    pub fn set_node_limit(&mut self, budget: Option<u64>) {
        self.node_limit = budget.map_or(u64::MAX, |b| self.nodes.saturating_add(b));
        self.aborted = false;
    }

    /// True if a search stopped at the node limit since [`set_node_limit`](Self::set_node_limit).
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Publishes the positions explored (in steps of [`SearchProgress::STEP`]) and the bracket
    /// of the score being searched to `progress`, for a progress line.
    pub fn set_progress(&mut self, progress: Option<&'static SearchProgress>) {
        self.progress = progress;
    }

    /// Reads the scores of the positions `book` holds instead of searching them (a book of
    /// another board is never read).
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.book = book.filter(|b| b.shape() == self.shape);
    }

    /// The book's score of `board`, when it has one.
    fn book_score(&self, board: &Board) -> Option<i32> {
        self.book.as_ref().and_then(|book| book.score(board))
    }

    /// The exact score of `board` for the player to move (Pons' convention, see the parent
    /// module).
    pub fn solve(&mut self, board: &Board) -> i32 {
        self.solve_within(board, i32::MIN / 4, i32::MAX / 4)
    }

    /// The score clamped to `low..=high`: exact when it lies inside, else the nearer end (with
    /// `-1..=1`, the sign of the score: the "weak" solution).
    ///
    /// # Panics
    /// If `board` is not of the solver's shape.
    pub fn solve_within(&mut self, board: &Board, low: i32, high: i32) -> i32 {
        assert_eq!(board.shape, self.shape, "a board of another shape");
        if let Some(value) = board.decided().or_else(|| self.book_score(board)) {
            self.nodes += 1;
            return value.clamp(low, high);
        }
        let stones = board.stones as i32;
        // The bracket of Pons' solver, two points wider than the value can be: it decides the
        // first test values, and with it the search explores fewer positions on every test set
        // than with the tight bracket (3,274 against 4,354 a position on Test_L1_R1).
        let cells = self.shape.cells() as i32;
        let low_bound = (-(cells - stones) / 2).max(low);
        let high_bound = ((cells + 1 - stones) / 2).min(high);
        if low_bound > high_bound {
            return if high_bound < low { low } else { high };
        }
        let mut bisection = Bisection::new(low_bound, high_bound);
        if self.threads > 1 && self.shape.cells() - u32::from(board.stones) > SERIAL_PLIES {
            return self.probe_in_parallel(board, bisection);
        }
        while !bisection.is_closed() {
            let test = bisection.test();
            let result = self.search(board, test);
            if self.aborted {
                return bisection.low;
            }
            bisection.record(test, result);
            self.publish_bracket(&bisection);
        }
        bisection.low
    }

    /// Tells the progress line the bracket the score is now known to lie in.
    fn publish_bracket(&self, bisection: &Bisection) {
        if let Some(progress) = self.progress {
            progress.set_bracket(bisection.low.into(), bisection.high.into());
        }
    }

    /// The bisection of [`solve_within`](Self::solve_within) on all threads: while the bracket
    /// is wide, each thread runs a null-window search at its own test value, chosen to split the
    /// widest part of the bracket that no other thread is testing ([`Bisection::next_test`]).
    /// A finished search narrows the bracket; a search whose test value has fallen outside it
    /// is stopped, and its thread takes a new test value. A thread for which no part of the
    /// bracket is left, and every thread once the tests walk, joins the test the fewest threads
    /// run; the threads on one test split its subtrees (`Busy`).
    ///
    /// Why not every thread on the same test from the start (Lazy SMP): measured on Test_L1_R3,
    /// a second thread on the same window, before `Busy`, mostly repeated the first's work
    /// (40.3M positions instead of 22.1M for the same time). Tests at different values are
    /// different questions; but near the value, a test the walk will not need costs as much as
    /// one it needs.
    fn probe_in_parallel(&mut self, board: &Board, mut bisection: Bisection) -> i32 {
        use std::sync::mpsc;
        self.grow_if_long();
        let threads = self.threads;
        let generation = self.generation;
        let budget = self.node_limit.saturating_sub(self.nodes) / threads as u64;
        let progress = self.progress;
        let stops: Vec<AtomicBool> = (0..threads).map(|_| AtomicBool::new(false)).collect();
        // What a thread sends back: its index, the test, the result, and its worker's state.
        struct Report {
            thread: usize,
            test: i32,
            result: i32,
            nodes: u64,
            forced: u64,
            aborted: bool,
            stopped: bool,
        }
        let (report_tx, reports) = mpsc::channel::<Report>();
        std::thread::scope(|scope| {
            let mut tasks = Vec::with_capacity(threads);
            for (thread, near) in self.near.iter().enumerate().take(threads) {
                let (task_tx, task_rx) = mpsc::channel::<i32>();
                tasks.push(task_tx);
                let (table, busy, stop, report_tx, board, layout) = (
                    &*self.table,
                    &self.busy,
                    &stops[thread],
                    report_tx.clone(),
                    *board,
                    self.layout,
                );
                scope.spawn(move || {
                    for test in task_rx {
                        let run = Run {
                            table,
                            near,
                            busy: Some(busy),
                            generation,
                            variant: 0,
                            stop: Some(stop),
                            budget,
                            progress,
                        };
                        let done = run.search(&layout, &board, test);
                        let report = Report {
                            thread,
                            test,
                            result: done.result,
                            nodes: done.nodes,
                            forced: done.forced,
                            aborted: done.aborted,
                            stopped: done.stopped,
                        };
                        if report_tx.send(report).is_err() {
                            return;
                        }
                    }
                });
            }
            drop(report_tx);
            // The test each thread runs (None: idle), and whether it is still wanted.
            let mut running: Vec<Option<(i32, bool)>> = vec![None; threads];
            let mut busy = 0;
            loop {
                if !bisection.is_closed() && !self.aborted {
                    for thread in 0..threads {
                        if running[thread].is_some() {
                            continue;
                        }
                        let testing: Vec<i32> = running
                            .iter()
                            .filter_map(|r| r.filter(|&(_, wanted)| wanted).map(|(t, _)| t))
                            .collect();
                        // With every part of the bracket under test, or while the tests walk,
                        // the thread joins the test the fewest threads run (they split it: see
                        // `Busy`).
                        let Some(test) = bisection.next_test(&testing).or_else(|| {
                            testing
                                .iter()
                                .copied()
                                .min_by_key(|t| testing.iter().filter(|u| *u == t).count())
                        }) else {
                            break;
                        };
                        stops[thread].store(false, Ordering::Relaxed);
                        if tasks[thread].send(test).is_ok() {
                            running[thread] = Some((test, true));
                            busy += 1;
                        }
                    }
                }
                if busy == 0 {
                    break;
                }
                let Ok(report) = reports.recv() else {
                    break;
                };
                running[report.thread] = None;
                busy -= 1;
                self.nodes += report.nodes;
                self.forced += report.forced;
                if report.aborted {
                    self.aborted = true;
                }
                if !report.aborted && !report.stopped && !bisection.is_closed() {
                    bisection.record(report.test, report.result);
                    self.publish_bracket(&bisection);
                }
                // Stop the searches that can no longer narrow the bracket.
                for (thread, slot) in running.iter_mut().enumerate() {
                    if let Some((test, wanted)) = slot {
                        let useless = !bisection.splits(*test) || self.aborted;
                        if *wanted && useless {
                            *wanted = false;
                            stops[thread].store(true, Ordering::Relaxed);
                        }
                    }
                }
            }
            drop(tasks);
        });
        bisection.low
    }

    /// The score clamped to `low..=high` (as [`solve_within`](Self::solve_within)) and every
    /// move (a 0-based column, centre first) whose clamped worth is that score.
    pub fn best_moves_within(&mut self, board: &Board, low: i32, high: i32) -> (i32, Vec<u8>) {
        self.moves_keeping(board, (low, high), (low, high), true)
    }

    /// The score clamped to `low..=high` (as [`solve_within`](Self::solve_within)) and one move
    /// whose clamped worth is that score: the first proven to keep it, the candidates (the
    /// table's move, then the centre first) tried in doubling slices of positions (the engine's
    /// move needs no more). `None` when the game is over or the search ran out of budget.
    pub fn a_best_move_within(&mut self, board: &Board, low: i32, high: i32) -> (i32, Option<u8>) {
        let (value, best) = self.moves_keeping(board, (low, high), (low, high), false);
        (value, best.first().copied())
    }

    /// The exact score of `board` and its best moves (all of them, centre first, when `all`;
    /// else the first found, as [`a_best_move_within`](Self::a_best_move_within)), when the
    /// score is known to lie in `known.0..=known.1`: the search starts from that bracket (a
    /// position whose score is known exactly costs only the proof of a move). The bounds must
    /// be proven ones (for instance from the exact score of the position before): a wrong one
    /// gives a wrong answer.
    pub fn best_moves_known(
        &mut self,
        board: &Board,
        known: (i32, i32),
        all: bool,
    ) -> (i32, Vec<u8>) {
        self.moves_keeping(board, (i32::MIN / 4, i32::MAX / 4), known, all)
    }

    /// The score clamped to `clamp` and the moves keeping it (all, or the first found), the
    /// search bracketed by `known` (a proven range of the score, within `clamp` or wider).
    fn moves_keeping(
        &mut self,
        board: &Board,
        (low, high): (i32, i32),
        known: (i32, i32),
        all: bool,
    ) -> (i32, Vec<u8>) {
        let value = self.solve_within(board, low.max(known.0), high.min(known.1).max(low));
        let mut best = Vec::new();
        if board.is_over() || self.aborted {
            return (value, best);
        }
        if !all {
            return (
                value,
                self.first_keeping(board, value, low).into_iter().collect(),
            );
        }
        for col in self.shape.centre_order().filter(|&c| board.can_play(c)) {
            let keeps = self.keeps(board, col, value, low);
            if self.aborted {
                return (value, Vec::new());
            }
            if keeps {
                best.push(col);
            }
        }
        (value, best)
    }

    /// A move keeping `value` (the score clamped from below at `low`) at `board`, a game not
    /// over: the table's move and then the centre first, each tried within a slice of positions
    /// that doubles every round, so one hard refutation does not hold up an easy proof (the
    /// table keeps what each slice finished). `None` once the node limit is reached.
    fn first_keeping(&mut self, board: &Board, value: i32, low: i32) -> Option<u8> {
        let hinted = self.table_move(board).filter(|&c| board.can_play(c));
        let rest = self.shape.centre_order().filter(|&c| Some(c) != hinted);
        let mut pending: Vec<u8> = hinted
            .into_iter()
            .chain(rest)
            .filter(|&c| board.can_play(c))
            .collect();
        let limit = self.node_limit;
        let mut slice: u64 = 1 << 16;
        while !pending.is_empty() {
            let mut index = 0;
            while index < pending.len() {
                let col = pending[index];
                self.node_limit = limit.min(self.nodes.saturating_add(slice));
                let keeps = self.keeps(board, col, value, low);
                self.node_limit = limit;
                if self.aborted {
                    if self.nodes >= limit {
                        return None;
                    }
                    // Out of this round's slice only: the next round goes on.
                    self.aborted = false;
                    index += 1;
                    continue;
                }
                if keeps {
                    return Some(col);
                }
                pending.remove(index);
            }
            slice = slice.saturating_mul(2);
        }
        None
    }

    /// Whether playing `col` at `board` keeps `value`, the score clamped from below at `low`:
    /// whether the move is worth at least `value` (every move keeps the floor `low`).
    fn keeps(&mut self, board: &Board, col: u8, value: i32, low: i32) -> bool {
        let child = board.play(col);
        value <= low
            || if child.lost {
                board.win_now() >= value
            } else {
                !self.at_least(&child, 1 - value)
            }
    }

    /// The best move the table holds for `board` (a 0-based column), when it holds one.
    fn table_move(&self, board: &Board) -> Option<u8> {
        let (canonical, flip) = canonical_key(&self.layout, board.key());
        let near = uses_near_table(self.shape)
            && u32::from(board.stones) >= self.shape.cells().saturating_sub(NEAR_PLIES);
        let table = if near { &self.near[0] } else { &*self.table };
        let best = table.load(canonical, self.generation)?.best?;
        Some(if flip {
            self.shape.width() as u8 - 1 - best
        } else {
            best
        })
    }

    /// The score of every legal move (0-based column, score for the player making it), columns
    /// in increasing order, each clamped to [`low`, `high`] as [`solve_within`](Self::solve_within)
    /// clamps: a move that wins at once scores ⌊(cells + 1 − stones)/2⌋, any other minus its position's
    /// score. Empty when the game is over. After a search stopped at the node limit
    /// ([`aborted`](Self::aborted)) the scores are meaningless.
    pub fn move_scores_within(&mut self, board: &Board, low: i32, high: i32) -> Vec<(u8, i32)> {
        let mut scores = Vec::new();
        if board.is_over() {
            return scores;
        }
        for col in (0..self.shape.width() as u8).filter(|&c| board.can_play(c)) {
            let child = board.play(col);
            let score = if child.lost {
                board.win_now().clamp(low, high)
            } else {
                -self.solve_within(&child, -high, -low)
            };
            if self.aborted {
                return Vec::new();
            }
            scores.push((col, score));
        }
        scores
    }

    /// The exact score and every move keeping it.
    pub fn best_moves(&mut self, board: &Board) -> (i32, Vec<u8>) {
        self.best_moves_within(board, i32::MIN / 4, i32::MAX / 4)
    }

    /// Whether the score of `board` (a game not over) is at least `target`.
    fn at_least(&mut self, board: &Board, target: i32) -> bool {
        if let Some(value) = board.decided().or_else(|| self.book_score(board)) {
            self.nodes += 1;
            return value >= target;
        }
        self.search(board, target - 1) >= target
    }

    /// One null-window search at `board` (not decided: the mover cannot win at once), on all
    /// threads: fail-soft, a result above `test` is a lower bound, at most `test` an upper bound.
    fn search(&mut self, board: &Board, test: i32) -> i32 {
        self.grow_if_long();
        let generation = self.generation;
        let limit = self.node_limit;
        // A position near the end is searched on one thread: starting the others would cost
        // more than they save.
        if self.threads == 1 || self.shape.cells() - u32::from(board.stones) <= SERIAL_PLIES {
            let run = Run {
                table: &self.table,
                near: &self.near[0],
                busy: None,
                generation,
                variant: 0,
                stop: None,
                budget: limit.saturating_sub(self.nodes),
                progress: self.progress,
            };
            let done = run.search(&self.layout, board, test);
            self.nodes += done.nodes;
            self.forced += done.forced;
            self.aborted |= done.aborted;
            return done.result;
        }
        let stop = AtomicBool::new(false);
        let answer = AtomicU64::new(u64::MAX);
        let nodes = AtomicU64::new(0);
        let forced = AtomicU64::new(0);
        let aborted = AtomicBool::new(false);
        let budget = limit.saturating_sub(self.nodes) / self.threads as u64;
        let progress = self.progress;
        std::thread::scope(|scope| {
            for variant in 0..self.threads {
                let (table, near, busy, stop, answer, nodes, forced, aborted) = (
                    &self.table,
                    &self.near[variant],
                    &self.busy,
                    &stop,
                    &answer,
                    &nodes,
                    &forced,
                    &aborted,
                );
                let (board, layout) = (*board, self.layout);
                scope.spawn(move || {
                    let run = Run {
                        table,
                        near,
                        busy: Some(busy),
                        generation,
                        variant,
                        stop: Some(stop),
                        budget,
                        progress,
                    };
                    let worker = run.search(&layout, &board, test);
                    let result = worker.result;
                    nodes.fetch_add(worker.nodes, Ordering::Relaxed);
                    forced.fetch_add(worker.forced, Ordering::Relaxed);
                    if worker.aborted {
                        if !worker.stopped {
                            aborted.store(true, Ordering::Relaxed);
                            stop.store(true, Ordering::Relaxed);
                        }
                    } else if !worker.stopped {
                        // The first finished search gives the answer; the others stop.
                        let _ = answer.compare_exchange(
                            u64::MAX,
                            result as u32 as u64,
                            Ordering::Relaxed,
                            Ordering::Relaxed,
                        );
                        stop.store(true, Ordering::Relaxed);
                    }
                });
            }
        });
        self.nodes += nodes.load(Ordering::Relaxed);
        self.forced += forced.load(Ordering::Relaxed);
        let answer = answer.load(Ordering::Relaxed);
        if answer == u64::MAX {
            self.aborted = true;
            return test;
        }
        self.aborted |= aborted.load(Ordering::Relaxed);
        answer as u32 as i32
    }
}

/// The test value of the bisection on `low..=high` (`low < high`), after Pons: the middle, moved
/// half-way to the far end of the bracket on its side of 0. The first tests are cheap ones far
/// from the value, which then narrow the bracket quickly around it.
fn test_value(low: i32, high: i32) -> i32 {
    let test = low + (high - low) / 2;
    if test <= 0 && low / 2 < test {
        low / 2
    } else if test >= 0 && high / 2 > test {
        high / 2
    } else {
        test
    }
}

/// The key the table knows a position by, the smaller of its key and its mirror image's, and
/// whether it is the mirror image's (then a stored move is mirrored too).
#[inline]
fn canonical_key<G: Geometry>(geometry: &G, key: u64) -> (u64, bool) {
    let mirrored = geometry.mirror_key(key);
    if mirrored < key {
        (mirrored, true)
    } else {
        (key, false)
    }
}

/// Once the bracket is at most this wide, the tests walk from 0 (see [`Bisection`]).
pub const WALK_WIDTH: i32 = 8;

/// The null-window tests that close a bracket `low..=high` on a value. A test t asks whether
/// the value exceeds t; its (fail-soft) result r moves the bracket to `..=r` or `r..`.
///
/// While the bracket is wide, the tests are Pons' ([`test_value`]): far from 0 first, cheap,
/// and narrowing the bracket quickly. Once it is at most [`WALK_WIDTH`] wide (on the empty
/// board after four tests, at `-3..=5`), the tests walk from 0 as MTD(f) does with a first
/// guess of 0, each next to the bound the last one set: a hard position's value is seldom far
/// from 0, and every test close to the value is an expensive one, so the walk takes fewer of
/// them than further halving. Measured on one thread, `--memory 1G`: the empty board 2.29·10^8
/// positions against 2.80·10^8 (tests 0 and 1 instead of 2, −1, 1 and 0); Test_L2_R2 5% fewer,
/// Test_L1_R3 (first 20) 3% and Test_L1_R2 1% more, where values of ±3 or ±4 cost one more step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Bisection {
    low: i32,
    high: i32,
    /// Once walking: whether the last result was above its test.
    walk: Option<bool>,
}

impl Bisection {
    fn new(low: i32, high: i32) -> Bisection {
        Bisection {
            low,
            high,
            walk: None,
        }
    }

    /// Whether the value is known: the bracket is one value.
    fn is_closed(&self) -> bool {
        self.low >= self.high
    }

    /// Whether `test` still tells two values of the bracket apart.
    fn splits(&self, test: i32) -> bool {
        (self.low..self.high).contains(&test)
    }

    fn is_narrow(&self) -> bool {
        self.high - self.low <= WALK_WIDTH
    }

    /// The next test of a search on one thread (the bracket is not closed).
    fn test(&self) -> i32 {
        if !self.is_narrow() {
            return test_value(self.low, self.high);
        }
        match self.walk {
            None => 0.clamp(self.low, self.high - 1),
            Some(true) => self.low,
            Some(false) => self.high - 1,
        }
    }

    /// Narrows the bracket by the result of `test`.
    fn record(&mut self, test: i32, result: i32) {
        if self.is_closed() {
            return;
        }
        let narrow = self.is_narrow();
        if result <= test {
            self.high = result.clamp(self.low, self.high);
        } else {
            self.low = result.clamp(self.low, self.high);
        }
        if narrow {
            self.walk = Some(result > test);
        }
    }

    /// A test for one more thread when the tests in `testing` run already: the single thread's
    /// [`test`](Self::test) if no thread runs it; else, while the bracket is wide, the
    /// [`test_value`] of the widest part of it the tests leave (a test t splits it into `..=t`
    /// and `t + 1..`). `None` when every part is one value, or when walking: the thread then
    /// joins a running test.
    fn next_test(&self, testing: &[i32]) -> Option<i32> {
        if self.is_closed() {
            return None;
        }
        let first = self.test();
        if !testing.contains(&first) {
            return Some(first);
        }
        if self.is_narrow() {
            // Walking: the other threads join the walk's test rather than test values
            // further from it (on the empty board, two threads: 2.4·10^8 positions against
            // 2.7·10^8, and faster; even on Test_L1_R3).
            return None;
        }
        next_test(self.low, self.high, testing)
    }
}

/// A test value for one more thread when the value lies in `low..=high` and the tests in
/// `testing` run already: the [`test_value`] of the widest part of the bracket that they leave
/// (a test t splits it into `..=t` and `t + 1..`), or `None` when every part is one value.
fn next_test(low: i32, high: i32, testing: &[i32]) -> Option<i32> {
    let mut cuts: Vec<i32> = testing
        .iter()
        .copied()
        .filter(|t| (low..high).contains(t))
        .collect();
    cuts.sort_unstable();
    cuts.dedup();
    let mut best: Option<(i32, i32)> = None;
    let mut from = low;
    for end in cuts.iter().copied().chain(std::iter::once(high)) {
        // The part from..=end.
        if end > from && best.is_none_or(|(l, h)| end - from > h - l) {
            best = Some((from, end));
        }
        from = end + 1;
    }
    best.map(|(l, h)| test_value(l, h))
}

/// What one search needs besides the position: the tables, the generation, the helper's
/// variant, the stop flag and the node budget.
struct Run<'t> {
    table: &'t Table,
    near: &'t Table,
    busy: Option<&'t Busy>,
    generation: u64,
    variant: usize,
    stop: Option<&'t AtomicBool>,
    budget: u64,
    progress: Option<&'static SearchProgress>,
}

/// What one search found, and what it cost.
struct Done {
    result: i32,
    nodes: u64,
    forced: u64,
    aborted: bool,
    stopped: bool,
}

impl Run<'_> {
    /// The null-window search at `test` of `board` (of `layout`'s shape), compiled for the
    /// standard board's constants when it is one.
    fn search(self, layout: &Layout, board: &Board, test: i32) -> Done {
        if board.shape == Shape::STANDARD {
            self.search_on(Standard, board, test)
        } else {
            self.search_on(*layout, board, test)
        }
    }

    fn search_on<G: Geometry>(self, geometry: G, board: &Board, test: i32) -> Done {
        let split = if uses_near_table(board.shape) {
            geometry.cells().saturating_sub(NEAR_PLIES)
        } else {
            u32::MAX
        };
        let mut worker = Worker {
            geometry,
            table: self.table,
            near: self.near,
            busy: self.busy,
            busy_below: geometry.cells().saturating_sub(DEFER_EMPTY),
            test,
            split,
            generation: self.generation,
            variant: self.variant,
            stop: self.stop,
            progress: self.progress,
            nodes: 0,
            forced: 0,
            budget: self.budget,
            aborted: false,
            stopped: false,
            root_stones: 0,
        };
        let result = worker.root(board, test);
        Done {
            result,
            nodes: worker.nodes,
            forced: worker.forced,
            aborted: worker.aborted,
            stopped: worker.stopped,
        }
    }
}

/// One thread's search.
struct Worker<'t, G> {
    geometry: G,
    table: &'t Table,
    near: &'t Table,
    /// Where the threads sharing a test mark the positions they are in.
    busy: Option<&'t Busy>,
    /// Positions with fewer stones mark their children in `busy`.
    busy_below: u32,
    /// The null-window test (for the `busy` tags).
    test: i32,
    /// Positions with at least this many stones use the `near` table.
    split: u32,
    generation: u64,
    /// 0 for the main order; helpers vary the order near the root.
    variant: usize,
    stop: Option<&'t AtomicBool>,
    progress: Option<&'static SearchProgress>,
    nodes: u64,
    /// Of `nodes`, those with at most one move that does not lose at once.
    forced: u64,
    budget: u64,
    /// Out of budget.
    aborted: bool,
    /// Stopped by another thread.
    stopped: bool,
    root_stones: u32,
}

/// Positions a search explores before it reads the entries of an unknown position's children
/// (the enhanced transposition cutoff) in the large table.
const COLD_NODES: u64 = 4096;

/// Positions with more empty cells than this mark the children they search as busy, and defer
/// a child another thread is in.
const DEFER_EMPTY: u32 = 24;

/// Plies below the root where a helper thread varies its move order.
const HELPER_PLIES: u32 = 12;

impl<G: Geometry> Worker<'_, G> {
    fn root(&mut self, board: &Board, test: i32) -> i32 {
        self.root_stones = u32::from(board.stones);
        self.negamax(
            board.current,
            board.mask,
            u32::from(board.stones),
            test,
            test + 1,
        )
    }

    /// Fail-soft alpha-beta on `alpha..beta` at the position (`current`, `mask`, `stones`),
    /// where the player to move cannot win at once and the game is not over. Recursion depth:
    /// at most the 42 cells of the board.
    fn negamax(&mut self, current: u64, mask: u64, stones: u32, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.budget {
            self.aborted = true;
            return alpha;
        }
        if self.nodes & 0x3ff == 0 {
            if let Some(progress) = self.progress {
                progress.add_positions(SearchProgress::STEP);
            }
            if let Some(stop) = self.stop {
                if stop.load(Ordering::Relaxed) {
                    self.stopped = true;
                    return alpha;
                }
            }
        }
        let geometry = self.geometry;
        let possible = geometry.non_losing_cells(current, mask);
        let n = stones as i32;
        let cells = geometry.cells();
        self.forced += u64::from(possible & possible.wrapping_sub(1) == 0);
        if possible == 0 {
            return -(cells as i32 - n) / 2;
        }
        if stones + 2 >= cells {
            return 0;
        }
        let mut low = -(cells as i32 - 2 - n) / 2;
        let mut high = (cells as i32 - 1 - n) / 2;
        // Claimeven: the first player to move, the second can hold it to a draw or better.
        let evens = geometry.height() % 2 == 0;
        if evens && stones % 2 == 0 {
            if let Some(bound) = geometry.evens_bound(current, mask) {
                high = high.min(bound);
                if high <= alpha {
                    return high;
                }
            }
        }
        let last = geometry.width() as u8 - 1;
        let key = current + mask + geometry.bottom();
        let (canonical, flip) = canonical_key(&geometry, key);
        let table = if stones >= self.split {
            self.near
        } else {
            self.table
        };
        let child_table = if stones + 1 >= self.split {
            self.near
        } else {
            self.table
        };
        let mut hint = None;
        let mut known = false;
        if let Some(entry) = table.load(canonical, self.generation) {
            known = true;
            low = low.max(entry.lower);
            high = high.min(entry.upper);
            hint = entry.best.map(|c| if flip { last - c } else { c });
        }
        if low >= beta || low >= high {
            return low;
        }
        if high <= alpha {
            return high;
        }
        let mut alpha = alpha.max(low);
        let beta = beta.min(high);
        let alpha_entry = alpha;

        // The moves, best first: the table's move, then most threats, then centre first.
        // Each child's entry is read first (all at once, so their cache misses overlap): a child
        // whose bound already decides the node is not searched ("enhanced transposition
        // cutoff"), and the child's own probe will then find its entry in the cache.
        let mut order = G::slots::<(u32, u8, u64)>();
        let order = order.as_mut();
        let mut count = 0;
        let mut best = i32::MIN;
        let vary = self.variant != 0 && stones < self.root_stones + HELPER_PLIES;
        let next = current ^ mask;
        for (rank, &col) in geometry.order().iter().enumerate() {
            let cell = possible & geometry.column_mask(col);
            if cell == 0 {
                continue;
            }
            // A move that leaves the opponent no move that does not lose at once wins with the
            // next stone: the best score there is here, without a call.
            if geometry.non_losing_cells(next, mask | cell) == 0 {
                let score = (cells as i32 - 1 - n) / 2;
                let entry = Entry {
                    lower: score,
                    upper: score,
                    best: Some(if flip { last - col } else { col }),
                };
                table.store(canonical, self.generation, entry);
                return score;
            }
            // The second player to move: a move after which claimeven holds the first to a
            // score of at most U is worth at least −U here, without a search.
            if evens && stones % 2 == 1 {
                if let Some(bound) = geometry.evens_bound(next, mask | cell) {
                    if -bound >= beta {
                        let entry = Entry {
                            lower: -bound,
                            upper: high,
                            best: Some(if flip { last - col } else { col }),
                        };
                        table.store(canonical, self.generation, entry);
                        return -bound;
                    }
                }
            }
            {
                let child_key = next + (mask | cell) + geometry.bottom();
                let child_key = child_key.min(geometry.mirror_key(child_key));
                // Early in a search the table is cold: a position it does not know has
                // children it does not know either, and reading their entries costs a cache
                // miss each for nothing (measured: a fifth of the time on Test_L1_R1).
                let warm = known || stones + 1 >= self.split || self.nodes > COLD_NODES;
                if let Some(child) = warm
                    .then(|| child_table.load(child_key, self.generation))
                    .flatten()
                {
                    if -child.upper >= beta {
                        let entry = Entry {
                            lower: -child.upper,
                            upper: high,
                            best: Some(if flip { last - col } else { col }),
                        };
                        table.store(canonical, self.generation, entry);
                        return -child.upper;
                    }
                    if -child.lower <= alpha {
                        // The move cannot raise alpha: its bound is all the search needs.
                        best = best.max(-child.lower);
                        continue;
                    }
                }
            }
            // The hint first, then the threats created, then the centre order (a rank < 64).
            let mut score = if hint == Some(col) {
                1 << 16
            } else {
                geometry
                    .winning_cells(current | cell, mask | cell)
                    .count_ones()
                    << 6
            };
            if vary {
                // A helper's own tie-break: a different column first among equals.
                score |= 63 - ((rank + self.variant * 3) % geometry.width() as usize) as u32;
            } else {
                score |= 63 - rank as u32;
            }
            let mut i = count;
            while i > 0 && order[i - 1].0 < score {
                order[i] = order[i - 1];
                i -= 1;
            }
            order[i] = (score, col, cell);
            count += 1;
        }

        // No move wins with the mover's second stone from now (each was checked above): the
        // soonest win is with its third (c4's bound; a null window at the top of the range
        // ends here).
        let high = high.min((cells as i32 - 3 - n) / 2);
        if high <= alpha {
            return high;
        }
        let beta = beta.min(high);
        let mut best_move = hint;
        let busy = self.busy.filter(|_| stones < self.busy_below);
        // The moves another thread is searching (bits of `order`), searched after the others.
        let mut deferred = 0u32;
        let mut second_pass = false;
        let mut next_index = 0;
        loop {
            let i = if next_index < count {
                next_index += 1;
                next_index - 1
            } else if deferred != 0 {
                second_pass = true;
                let i = deferred.trailing_zeros() as usize;
                deferred &= deferred - 1;
                i
            } else {
                break;
            };
            let (_, col, cell) = order[i];
            let child_mask = mask | cell;
            let tag = busy.map(|busy| {
                let child_key = next + child_mask + geometry.bottom();
                let tag = Busy::tag(child_key.min(geometry.mirror_key(child_key)), self.test);
                (busy, tag)
            });
            if let Some((busy, tag)) = tag {
                if i > 0 && !second_pass && busy.contains(tag) {
                    deferred |= 1 << i;
                    continue;
                }
                busy.enter(tag);
            }
            let score = -self.negamax(next, child_mask, stones + 1, -beta, -alpha);
            if let Some((busy, tag)) = tag {
                busy.leave(tag);
            }
            if self.aborted || self.stopped {
                return alpha;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(col);
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let entry = Entry {
            lower: if best > alpha_entry { best } else { low },
            upper: if best < beta { best } else { high },
            best: best_move.map(|c| if flip { last - c } else { c }),
        };
        table.store(canonical, self.generation, entry);
        best
    }
}

mod slots;
#[cfg(test)]
mod tests;
