//! Negamax with alpha-beta pruning (fail-soft), a transposition table of bounds, and null-window
//! bisection for exact values.
//!
//! The algorithm: [`Negamax::solve`] brackets the value between the game's
//! [`value_bounds`](super::Scoring::value_bounds) and bisects the bracket with null-window
//! searches (`alpha = m`, `beta = m + 1`: "is the value above m?"), as in MTD(f) (Plaat et al.,
//! "Best-first fixed-depth minimax algorithms", Artificial Intelligence 87, 1996) and Pons'
//! Connect Four solver; each null-window search answers with a bound (fail-soft), which usually
//! moves the bracket further than the midpoint. Tests near 0 come first, where most values lie.
//! Every search runs to the end of the game, so every bound in the table is a true bound of the
//! exact value and stays valid for later searches, which reuse it.
//!
//! Cost: in the worst case the whole game tree (`b^d` for branching `b` and depth `d`), times the
//! `log2` of the value range for the bisection; with the best move first, alpha-beta looks at
//! about `b^(d/2)` positions (Knuth–Moore), and the table turns the tree into the graph of
//! distinct positions. When a game's keys are few ([`key_space`](super::Scoring::key_space)) the
//! table gives each its own slot: full memoisation, and the cost is at most the number of
//! positions times the branching factor. Memory: the table (8 bytes a slot, fixed at creation)
//! and an explicit stack of depth `d`, never the call stack.
//!
//! Use it for scoring games and for win/draw/loss games too deep for retrograde analysis; for
//! impartial games use [`crate::solve`] instead.

use super::table::TranspositionTable;
use super::Scoring;

/// How to set up a [`Negamax`] search.
#[derive(Clone, Copy, Debug)]
pub struct NegamaxConfig {
    /// Slots of the transposition table when the game's key space is larger than
    /// `max_memo_slots` (rounded up to a prime).
    pub table_slots: usize,
    /// The largest key space that gets one slot per key (full memoisation).
    pub max_memo_slots: u64,
}

impl Default for NegamaxConfig {
    fn default() -> NegamaxConfig {
        NegamaxConfig {
            table_slots: 1 << 20,
            max_memo_slots: 1 << 26,
        }
    }
}

impl NegamaxConfig {
    /// The slots a search of `game` would allocate.
    pub fn slots_for<G: Scoring>(&self, game: &G) -> usize {
        match game.key_space() {
            Some(n) if n <= self.max_memo_slots => n as usize,
            _ => self.table_slots,
        }
    }

    /// The bytes a search of `game` would allocate for its table.
    pub fn estimate_memory<G: Scoring>(&self, game: &G) -> u64 {
        TranspositionTable::estimate_memory(self.slots_for(game))
    }
}

/// Counts of the work done, since the search was created or the counts reset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions explored: every position the search entered, including leaves and positions
    /// answered from the table.
    pub nodes: u64,
}

/// One position on the explicit search stack.
struct Frame<P> {
    position: P,
    key: Option<u64>,
    /// The window, narrowed by the bounds known on entry; `alpha` rises as moves are tried.
    alpha: i32,
    beta: i32,
    /// The window on entry (after narrowing), to tell what kind of bound the result is.
    alpha_entry: i32,
    low: i32,
    high: i32,
    best: i32,
    /// This frame's moves are `moves[next..end]` of the shared move stack.
    next: usize,
    end: usize,
    start: usize,
    /// The move being searched: its gain and whether its mover moves again.
    gain: i32,
    again: bool,
}

/// A negamax searcher over one game, keeping its transposition table between searches.
pub struct Negamax<'g, G: Scoring> {
    game: &'g G,
    table: TranspositionTable,
    stats: SearchStats,
    frames: Vec<Frame<G::Position>>,
    moves: Vec<G::Move>,
    /// The search stops once `stats.nodes` reaches this (see [`Negamax::set_node_limit`]).
    node_limit: u64,
    /// True once a search stopped at the node limit.
    aborted: bool,
}

enum Entered {
    /// The value (or a bound beyond the window) was known without a frame.
    Value(i32),
    /// A frame was pushed.
    Pushed,
}

impl<'g, G: Scoring> Negamax<'g, G> {
    /// A searcher for `game`, allocating its table now.
    pub fn new(game: &'g G, config: NegamaxConfig) -> Negamax<'g, G> {
        Negamax {
            game,
            table: TranspositionTable::new(config.slots_for(game)),
            stats: SearchStats::default(),
            frames: Vec::new(),
            moves: Vec::new(),
            node_limit: u64::MAX,
            aborted: false,
        }
    }

    /// Lets the searches explore at most `budget` more positions (`None`: no limit), and clears
    /// [`aborted`](Self::aborted). Past the budget every search stops at once and the results of
    /// the calls made since are meaningless: check [`aborted`](Self::aborted) after them. The
    /// table keeps only bounds of finished searches, so it stays correct.
    pub fn set_node_limit(&mut self, budget: Option<u64>) {
        self.node_limit = budget.map_or(u64::MAX, |b| self.stats.nodes.saturating_add(b));
        self.aborted = false;
    }

    /// True if a search stopped at the node limit since [`set_node_limit`](Self::set_node_limit).
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// The work done so far.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Sets the counts back to zero (the table is kept).
    pub fn reset_stats(&mut self) {
        self.stats = SearchStats::default();
    }

    /// The transposition table.
    pub fn table(&self) -> &TranspositionTable {
        &self.table
    }

    /// Empties the transposition table.
    pub fn clear_table(&mut self) {
        self.table.clear();
    }

    /// The exact value of `position` for the player to move.
    pub fn solve(&mut self, position: &G::Position) -> i32 {
        self.solve_within(position, i32::MIN / 4, i32::MAX / 4)
    }

    /// The value of `position` clamped to `low..=high`: exact when it lies inside, else the
    /// nearer end (with `-1..=1` this is the sign of the value, the "weak" solution).
    pub fn solve_within(&mut self, position: &G::Position, low: i32, high: i32) -> i32 {
        if let Some(value) = self.game.static_value(position) {
            self.stats.nodes += 1;
            return value.clamp(low, high);
        }
        let (bound_low, bound_high) = self.game.value_bounds(position);
        let mut low_bound = bound_low.max(low);
        let mut high_bound = bound_high.min(high);
        if low_bound > high_bound {
            // The asked range lies outside the possible values.
            return if bound_high < low { low } else { high };
        }
        while low_bound < high_bound {
            let mut test = low_bound + (high_bound - low_bound) / 2;
            // Ask about values near 0 first: most positions are close to even.
            if test <= 0 && low_bound / 2 < test {
                test = low_bound / 2;
            } else if test >= 0 && high_bound / 2 > test {
                test = high_bound / 2;
            }
            let result = self.search(position, test, test + 1);
            if result <= test {
                high_bound = result.max(low_bound);
            } else {
                low_bound = result.min(high_bound);
            }
        }
        low_bound
    }

    /// The exact value of `position` and every move that keeps it (in the game's move order).
    /// A position whose game is over has no moves.
    pub fn best_moves(&mut self, position: &G::Position) -> (i32, Vec<G::Move>) {
        self.best_moves_within(position, i32::MIN / 4, i32::MAX / 4)
    }

    /// The value of `position` clamped to `low..=high` (as [`solve_within`](Self::solve_within))
    /// and every move whose clamped worth is that value.
    pub fn best_moves_within(
        &mut self,
        position: &G::Position,
        low: i32,
        high: i32,
    ) -> (i32, Vec<G::Move>) {
        let value = self.solve_within(position, low, high);
        let mut moves = Vec::new();
        self.game.moves(position, &mut moves);
        let mut best = Vec::new();
        for mv in moves {
            let step = self.game.play(position, mv);
            // The move keeps the value iff it is worth at least `value` to its mover (when the
            // value is the floor `low`, every move keeps it).
            let keeps = value <= low
                || if step.again {
                    self.at_least(&step.position, value - step.gain)
                } else {
                    !self.at_least(&step.position, step.gain - value + 1)
                };
            if keeps {
                best.push(mv);
            }
        }
        (value, best)
    }

    /// The exact value of every move at `position`, for its mover, in the game's move order.
    pub fn move_values(&mut self, position: &G::Position) -> Vec<(G::Move, i32)> {
        let mut moves = Vec::new();
        self.game.moves(position, &mut moves);
        moves
            .into_iter()
            .map(|mv| {
                let step = self.game.play(position, mv);
                let child = self.solve(&step.position);
                let value = if step.again {
                    step.gain + child
                } else {
                    step.gain - child
                };
                (mv, value)
            })
            .collect()
    }

    /// The plies left in the game from `position` when both players keep the minimax value and,
    /// among the moves that keep it, the winner takes the quickest way to the end and the loser
    /// the slowest (the longest resistance); `winner_to_move` says whether the player to move at
    /// `position` is the winner (with best play the winner is the same at every position on the
    /// way, so each player's wish is known).
    ///
    /// This is the tie-break of `play`: a lost engine chooses, among its moves keeping the value,
    /// the one whose game lasts longest, and a winning engine the one whose game ends soonest.
    /// Cost: one [`best_moves`](Self::best_moves) per position reachable by value-keeping moves
    /// (each position once, memoised by its key), with an explicit stack.
    pub fn plies_to_end(&mut self, position: &G::Position, winner_to_move: bool) -> u32 {
        struct Pending<P> {
            key: Option<(u64, bool)>,
            winner_to_move: bool,
            /// The positions after the value-keeping moves, each with whether the winner moves.
            children: Vec<(P, bool)>,
            next: usize,
            /// The plies of the children seen so far: the winner's least or the loser's most.
            chosen: Option<u32>,
        }
        let mut memo: std::collections::HashMap<(u64, bool), u32> = Default::default();
        let mut stack: Vec<Pending<G::Position>> = Vec::new();
        let mut returned: Option<u32> = None;
        let mut entering = Some((position.clone(), winner_to_move));
        loop {
            if let Some((position, winner)) = entering.take() {
                let key = self.game.key(&position).map(|k| (k, winner));
                if let Some(&plies) = key.and_then(|k| memo.get(&k)) {
                    returned = Some(plies);
                } else {
                    let (_, best) = self.best_moves(&position);
                    let children = best
                        .into_iter()
                        .map(|mv| {
                            let step = self.game.play(&position, mv);
                            (step.position, winner == step.again)
                        })
                        .collect();
                    stack.push(Pending {
                        key,
                        winner_to_move: winner,
                        children,
                        next: 0,
                        chosen: None,
                    });
                }
            }
            let Some(frame) = stack.last_mut() else {
                return returned.expect("the start position returns a length");
            };
            if let Some(plies) = returned.take() {
                frame.chosen = Some(match frame.chosen {
                    None => plies,
                    Some(c) if frame.winner_to_move => c.min(plies),
                    Some(c) => c.max(plies),
                });
            }
            if frame.next < frame.children.len() {
                entering = Some(frame.children[frame.next].clone());
                frame.next += 1;
                continue;
            }
            let frame = stack.pop().expect("a frame is on the stack");
            let plies = frame.chosen.map_or(0, |c| c + 1);
            if let Some(key) = frame.key {
                memo.insert(key, plies);
            }
            returned = Some(plies);
        }
    }

    /// Whether the value of `position` is at least `target` (one null-window search).
    fn at_least(&mut self, position: &G::Position, target: i32) -> bool {
        self.search(position, target - 1, target) >= target
    }

    /// Fail-soft alpha-beta on the window `alpha..beta` (`alpha < beta`): a result `r` with
    /// `alpha < r < beta` is exact, `r <= alpha` is an upper bound, `r >= beta` a lower bound.
    pub fn search(&mut self, position: &G::Position, alpha: i32, beta: i32) -> i32 {
        debug_assert!(alpha < beta);
        debug_assert!(self.frames.is_empty());
        if self.aborted {
            return alpha;
        }
        let mut returned = match self.enter(position.clone(), alpha, beta) {
            Entered::Value(value) => return value,
            Entered::Pushed => None,
        };
        loop {
            if self.stats.nodes >= self.node_limit {
                // Out of budget: drop the unfinished frames (none is stored in the table).
                self.frames.clear();
                self.moves.clear();
                self.aborted = true;
                return alpha;
            }
            let frame = self.frames.last_mut().expect("a frame is on the stack");
            let mut done = false;
            if let Some(child) = returned.take() {
                let value = if frame.again {
                    frame.gain.saturating_add(child)
                } else {
                    frame.gain.saturating_sub(child)
                };
                if value > frame.best {
                    frame.best = value;
                    if value > frame.alpha {
                        frame.alpha = value;
                        done = frame.alpha >= frame.beta;
                    }
                }
            }
            if !done && frame.next < frame.end {
                let mv = self.moves[frame.next];
                frame.next += 1;
                let step = self.game.play(&frame.position, mv);
                frame.gain = step.gain;
                frame.again = step.again;
                let (child_alpha, child_beta) = if step.again {
                    (
                        frame.alpha.saturating_sub(step.gain),
                        frame.beta.saturating_sub(step.gain),
                    )
                } else {
                    (
                        step.gain.saturating_sub(frame.beta),
                        step.gain.saturating_sub(frame.alpha),
                    )
                };
                if let Entered::Value(value) = self.enter(step.position, child_alpha, child_beta) {
                    returned = Some(value);
                }
                continue;
            }
            // Every move tried, or a cut-off: the frame's result is `best`.
            let frame = self.frames.pop().expect("a frame is on the stack");
            self.moves.truncate(frame.start);
            let best = frame.best;
            if let Some(key) = frame.key {
                let lower = if best > frame.alpha_entry {
                    best
                } else {
                    frame.low
                };
                let upper = if best < frame.beta { best } else { frame.high };
                self.table.store(key, lower, upper);
            }
            if self.frames.is_empty() {
                return best;
            }
            returned = Some(best);
        }
    }

    /// Enters `position` with the window `alpha..beta`: answers at once from the static value or
    /// the table's bounds, or pushes a frame with the position's moves.
    fn enter(&mut self, position: G::Position, alpha: i32, beta: i32) -> Entered {
        self.stats.nodes += 1;
        if let Some(value) = self.game.static_value(&position) {
            return Entered::Value(value);
        }
        let (mut low, mut high) = self.game.value_bounds(&position);
        let key = self.game.key(&position);
        if let Some(key) = key {
            if let Some((lower, upper)) = self.table.get(key) {
                if lower.max(low) <= upper.min(high) {
                    low = low.max(lower);
                    high = high.min(upper);
                }
            }
        }
        if low >= high || low >= beta {
            return Entered::Value(low);
        }
        if high <= alpha {
            return Entered::Value(high);
        }
        let alpha = alpha.max(low);
        let beta = beta.min(high);
        let start = self.moves.len();
        self.game.search_moves(&position, &mut self.moves);
        let end = self.moves.len();
        debug_assert!(end > start, "a position without a static value has moves");
        self.frames.push(Frame {
            position,
            key,
            alpha,
            beta,
            alpha_entry: alpha,
            low,
            high,
            best: i32::MIN,
            next: start,
            end,
            start,
            gain: 0,
            again: false,
        });
        Entered::Pushed
    }
}
