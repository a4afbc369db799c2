//! Scoring games solved by minimax (`sprague solve …`): Triangle War, tic-tac-toe and Connect
//! Four as typed, their exact values and best moves, as a [`ScoreReport`].

use std::sync::OnceLock;
use std::time::Instant;

use sprague::games::connect4::solver::{
    Solver as Connect4Solver, SolverConfig, DEFAULT_TABLE_BITS,
};
use sprague::games::connect4::{Board as Connect4Board, Connect4, Shape as Connect4Shape};
use sprague::games::tictactoe::{self, Board as TicTacToeBoard, TicTacToe};
use sprague::games::triangle_war::{line_index, Player, TriangleWar, TriangleWarGame, LINES};
use sprague::minimax::{Negamax, NegamaxConfig, Scoring};

use crate::books::connect4;
use crate::report::analysis::MoveReport;
use crate::request::error::Error;
use crate::request::limits::Limits;
pub(crate) use crate::request::parse::connect4_shape;

/// The answer of a scoring game: its value (or score) under optimal play and the moves keeping it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ScoreReport {
    /// The game's name as typed (`triangle-war`, `tictactoe`, `connect4`).
    pub game: String,
    /// The position, normalised, as it would be typed.
    pub position: String,
    /// The player to move (`A`/`B` for Triangle War, `x`/`o` for tic-tac-toe, `1`/`2` for
    /// Connect Four); null when the game is over.
    pub to_move: Option<String>,
    /// The game's value under optimal play, of the kind the game gives (`"value"` or
    /// `"score"` in JSON).
    #[serde(flatten)]
    pub result: ScoreValue,
    /// Connect Four (the exact score) and tic-tac-toe: the remoteness, how many moves are left
    /// until the winning one when the winner wins as fast as it can and the loser loses as late
    /// as it can (odd when the player to move wins, 0 once the game is won); omitted for a draw,
    /// with `--weak`, and for Triangle War (every line is drawn whatever happens).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u64>,
    /// Triangle War: `A` or `B`, the winner under optimal play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    /// Connect Four on a board other than 7×6: its columns.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub width: Option<u32>,
    /// Connect Four on a board other than 7×6: its rows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub height: Option<u32>,
    /// Triangle War: the triangles owned so far, `[A, B]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub triangles: Option<[i32; 2]>,
    /// Every move that keeps the value, each with the position it leads to; omitted when not
    /// asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_moves: Option<Vec<MoveReport>>,
    /// Connect Four with `--all-moves`: every legal move's score for the player making it, by
    /// column.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<ColumnScore>>,
    /// With `--stats`: the work done.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<SearchReport>,
}

/// The value a scoring game's report gives: each game's kind, with its own meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum ScoreValue {
    /// Triangle War: A's final score minus B's under optimal play (JSON `"value"`).
    #[serde(rename = "value")]
    Difference(i32),
    /// Tic-tac-toe: 1, 0 or −1 for the player to move (JSON `"value"`).
    #[serde(rename = "value")]
    Outcome(i32),
    /// Connect Four: the score for the player to move in the test sets' convention, with
    /// `--weak` only its sign (JSON `"score"`).
    #[serde(rename = "score")]
    Score(i32),
}

impl ScoreValue {
    /// The number, whatever its kind.
    pub fn number(self) -> i32 {
        match self {
            ScoreValue::Difference(v) | ScoreValue::Outcome(v) | ScoreValue::Score(v) => v,
        }
    }
}

/// A Connect Four move and its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ColumnScore {
    /// The column, from 1.
    pub column: u8,
    /// The score for the player making the move (the test sets' convention; its sign only with
    /// `--weak`).
    pub score: i32,
}

/// The work a search did.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct SearchReport {
    /// Positions explored.
    pub nodes: u64,
    /// Connect Four: of `nodes`, those with at most one move that does not lose at once (a
    /// forced reply, or none). Steininger's `c4` does not count them, so `nodes - forced` is the
    /// nearest figure to its own count.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forced: Option<u64>,
    /// Wall-clock time in milliseconds (microsecond resolution).
    pub time_ms: f64,
}

/// What to compute.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Report the work done.
    pub stats: bool,
    /// List the best moves (costs one null-window search per move).
    pub best_moves: bool,
    /// Connect Four: the sign of the score only (faster).
    pub weak: bool,
    /// Empty the transposition table before the search, so that the work counted is that of
    /// this position alone (for benchmarks); by default a batch reuses what earlier lines found.
    pub fresh_table: bool,
    /// Connect Four: threads searching each position together, sharing the table (Lazy SMP).
    pub threads: usize,
    /// Connect Four: the score of every legal move (one search a move).
    pub all_moves: bool,
    /// Connect Four: the board's columns (7 by default).
    pub width: u32,
    /// Connect Four: the board's rows (6 by default).
    pub height: u32,
    /// Connect Four: the bytes of the transposition table (rounded down to a power of two);
    /// `None` sizes it to the request (see [`connect4_table_bits`]).
    pub table_bytes: Option<u64>,
    /// Connect Four: read the scores the shipped opening book holds instead of searching them
    /// (true by default; false to measure the solver itself).
    pub book: bool,
    /// Connect Four: a book to read instead of the shipped one (`--book FILE`, see
    /// [`crate::books::connect4::read_book`]).
    pub given_book: Option<std::sync::Arc<sprague::games::connect4::book::Book>>,
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions {
            stats: false,
            best_moves: true,
            weak: false,
            fresh_table: false,
            threads: 1,
            all_moves: false,
            width: 7,
            height: 6,
            table_bytes: None,
            book: true,
            given_book: None,
        }
    }
}

static TRIANGLE_WAR: OnceLock<TriangleWar> = OnceLock::new();
pub(crate) static TICTACTOE: TicTacToe = TicTacToe;
pub(crate) static CONNECT4: Connect4 = Connect4;

/// The rules of Triangle War, built once.
pub(crate) fn triangle_war_rules() -> &'static TriangleWar {
    TRIANGLE_WAR.get_or_init(TriangleWar::new)
}

/// Triangle War after `moves` (lines `u-v`, separated by spaces or commas, A first): the game and
/// the lines as normalised text.
pub(crate) fn parse_triangle_war(moves: &str) -> Result<(TriangleWarGame, Vec<String>), Error> {
    let rules = triangle_war_rules();
    let mut game = TriangleWarGame::default();
    let mut played = Vec::new();
    for (idx, word) in moves
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .enumerate()
    {
        let what = format!("move {} `{word}`", idx + 1);
        let (u, v) = word
            .split_once('-')
            .and_then(|(u, v)| Some((u.parse::<u8>().ok()?, v.parse::<u8>().ok()?)))
            .ok_or_else(|| {
                Error::bad_input(format!("{what}: expected a line as two dots, like 2-4"))
            })?;
        game.draw(rules, u, v)
            .map_err(|e| Error::bad_input(format!("{what}: {e}")))?;
        let (a, b) = LINES[line_index(u, v).expect("drawn, so it exists")];
        played.push(format!("{a}-{b}"));
    }
    Ok((game, played))
}

/// Solvers of the scoring games, each created on first use and kept (with its transposition
/// table) for the next request, as `--batch` does.
pub struct ScoreSolver {
    limits: Limits,
    triangle_war: Option<Negamax<'static, TriangleWar>>,
    tictactoe: Option<Negamax<'static, TicTacToe>>,
    connect4: Option<Connect4Solver>,
}

/// Refuses a transposition table of `bytes` past the memory limit.
fn table_fits(bytes: u64, limits: &Limits) -> Result<(), Error> {
    limits.check_memory(bytes, "the transposition table")
}

/// The largest table a long search grows to by default: 2^27 slots, 1 GiB.
const GROWN_TABLE_BITS: u32 = 27;

/// The table for Connect Four as (bits, bits it grows to in a long search): `bytes` when given
/// (rounded down to a power of two; it never grows); else the default 8 MiB table, growing to
/// 1 GiB (at most half the memory `limits` allow) once a search runs for a few seconds. The
/// solver raises them where a board's keys need more slots (see `table_bits_for`).
pub fn connect4_table_bits(bytes: Option<u64>, limits: &Limits) -> Result<(u32, u32), Error> {
    match bytes {
        None => {
            let mut grown = GROWN_TABLE_BITS;
            while grown > DEFAULT_TABLE_BITS && (8u64 << grown) > limits.memory_bytes / 2 {
                grown -= 1;
            }
            Ok((DEFAULT_TABLE_BITS, grown))
        }
        Some(bytes) if bytes < 8 << 9 => Err(Error::bad_input(format!(
            "a table of {bytes} bytes is too small: at least 4096 bytes (512 entries of 8 bytes)"
        ))),
        Some(bytes) => Ok(((bytes / 8).ilog2(), 0)),
    }
}

/// The solver in `slot`, made anew unless the one there has this configuration (a batch reuses
/// one solver, and a table grown by one line stays for the next).
pub(crate) fn connect4_solver<'s>(
    slot: &'s mut Option<Connect4Solver>,
    threads: usize,
    shape: Connect4Shape,
    table_bits: (u32, u32),
    limits: &Limits,
) -> Result<&'s mut Connect4Solver, Error> {
    let config = connect4_config(threads, shape, table_bits);
    if slot.as_ref().is_none_or(|solver| solver.config() != config) {
        // The old tables go first, so that the two never take memory at once.
        *slot = None;
        *slot = Some(connect4_solver_within(config, limits)?);
    }
    Ok(slot.as_mut().expect("just created"))
}

fn connect4_config(
    threads: usize,
    shape: Connect4Shape,
    (table_bits, grow_table_bits): (u32, u32),
) -> SolverConfig {
    SolverConfig {
        threads: threads.max(1),
        shape,
        table_bits,
        grow_table_bits,
        ..SolverConfig::default()
    }
}

/// A new Connect Four solver, refused past the memory limit.
pub(crate) fn new_connect4_solver(
    threads: usize,
    shape: Connect4Shape,
    table_bits: (u32, u32),
    limits: &Limits,
) -> Result<Connect4Solver, Error> {
    connect4_solver_within(connect4_config(threads, shape, table_bits), limits)
}

/// The solver of `config`, refused when its tables would pass the memory limit.
fn connect4_solver_within(config: SolverConfig, limits: &Limits) -> Result<Connect4Solver, Error> {
    table_fits(config.estimate_memory(), limits)?;
    Ok(Connect4Solver::new(config))
}

/// Creates the search for `game` in `slot` unless it exists, refusing it past the memory limit.
pub(crate) fn searcher<'s, G: Scoring>(
    slot: &'s mut Option<Negamax<'static, G>>,
    game: &'static G,
    limits: &Limits,
) -> Result<&'s mut Negamax<'static, G>, Error> {
    if slot.is_none() {
        *slot = Some(new_searcher(game, limits)?);
    }
    Ok(slot.as_mut().expect("just created"))
}

/// A new search for `game`, refused past the memory limit.
pub(crate) fn new_searcher<G: Scoring>(
    game: &'static G,
    limits: &Limits,
) -> Result<Negamax<'static, G>, Error> {
    let config = NegamaxConfig::default();
    table_fits(config.estimate_memory(game), limits)?;
    Ok(Negamax::new(game, config))
}

/// Runs `work` on `search`, timing it and counting its positions when asked.
fn measured<G: Scoring, T>(
    search: &mut Negamax<'static, G>,
    options: &SolveOptions,
    work: impl FnOnce(&mut Negamax<'static, G>) -> T,
) -> (T, Option<SearchReport>) {
    if options.fresh_table {
        search.clear_table();
    }
    search.reset_stats();
    let start = Instant::now();
    let result = work(search);
    let elapsed = start.elapsed();
    let stats = options.stats.then(|| SearchReport {
        nodes: search.stats().nodes,
        forced: None,
        time_ms: (elapsed.as_micros() as f64) / 1000.0,
    });
    (result, stats)
}

impl ScoreSolver {
    /// Solvers within `limits` (nothing is allocated yet).
    pub fn new(limits: Limits) -> ScoreSolver {
        ScoreSolver {
            limits,
            triangle_war: None,
            tictactoe: None,
            connect4: None,
        }
    }

    /// Triangle War after `moves` (lines `u-v`, separated by spaces or commas, A first).
    ///
    /// # Errors
    /// A move that is not `u-v` with dots 1–10, a line that does not exist, or one drawn twice.
    pub fn triangle_war(
        &mut self,
        moves: &str,
        options: &SolveOptions,
    ) -> Result<ScoreReport, Error> {
        let rules = TRIANGLE_WAR.get_or_init(TriangleWar::new);
        let (game, played) = parse_triangle_war(moves)?;
        let search = searcher(&mut self.triangle_war, rules, &self.limits)?;
        let ((value, best), stats) = measured(search, options, |s| {
            if options.best_moves {
                s.best_moves(&game.lines)
            } else {
                (s.solve(&game.lines), Vec::new())
            }
        });
        let over = rules.static_value(&game.lines).is_some();
        let difference = game.final_difference(value);
        let position = played.join(" ");
        let best_moves = options.best_moves.then(|| {
            best.iter()
                .map(|&line| {
                    let (a, b) = LINES[usize::from(line)];
                    let text = format!("{a}-{b}");
                    let to = if position.is_empty() {
                        text.clone()
                    } else {
                        format!("{position} {text}")
                    };
                    MoveReport::plain(text, to)
                })
                .collect()
        });
        let letter = |p: Player| match p {
            Player::A => "A".to_owned(),
            Player::B => "B".to_owned(),
        };
        Ok(ScoreReport {
            game: "triangle-war".into(),
            position,
            to_move: (!over).then(|| letter(game.to_move)),
            result: ScoreValue::Difference(difference),
            remoteness: None,
            winner: Some(letter(if difference > 0 { Player::A } else { Player::B })),
            width: None,
            height: None,
            triangles: Some([game.score_a, game.score_b]),
            best_moves,
            moves: None,
            stats,
        })
    }

    /// Tic-tac-toe: nine characters of `x`, `o`, `.` (empty board if `cells` is empty).
    ///
    /// # Errors
    /// A wrong length or character, or a board that cannot arise in play.
    pub fn tictactoe(&mut self, cells: &str, options: &SolveOptions) -> Result<ScoreReport, Error> {
        let cells = if cells.is_empty() { "........." } else { cells };
        let board = TicTacToeBoard::parse(cells)
            .map_err(|e| Error::bad_input(format!("board `{cells}`: {e}")))?;
        let search = searcher(&mut self.tictactoe, &TICTACTOE, &self.limits)?;
        let ((value, best), stats) = measured(search, options, |s| s.best_moves(&board));
        let over = TICTACTOE.static_value(&board).is_some();
        let mark = if board.x_to_move() { "x" } else { "o" };
        let best_moves = options.best_moves.then(|| {
            best.iter()
                .map(|&cell| {
                    let after = board.play(cell);
                    MoveReport {
                        remoteness: tictactoe::remoteness(&after).map(u64::from),
                        ..MoveReport::plain(
                            format!("{mark} in cell {}", cell + 1),
                            after.to_string(),
                        )
                    }
                })
                .collect()
        });
        Ok(ScoreReport {
            game: "tictactoe".into(),
            position: board.to_string(),
            to_move: (!over).then(|| mark.to_owned()),
            result: ScoreValue::Outcome(value),
            remoteness: tictactoe::remoteness(&board).map(u64::from),
            winner: None,
            width: None,
            height: None,
            triangles: None,
            best_moves,
            moves: None,
            stats,
        })
    }

    /// Allocates now the Connect Four search that [`connect4`](Self::connect4) with `options`
    /// would allocate at its first call.
    ///
    /// # Errors
    /// A board that does not fit, or a table past the memory limit.
    pub fn prepare_connect4(&mut self, options: &SolveOptions) -> Result<(), Error> {
        self.connect4_search(options).map(|_| ())
    }

    /// The Connect Four search for `options` (the one kept from the last call when it has
    /// their configuration).
    fn connect4_search(&mut self, options: &SolveOptions) -> Result<&mut Connect4Solver, Error> {
        let shape = connect4_shape(options.width, options.height)?;
        let table_bits = connect4_table_bits(options.table_bytes, &self.limits)?;
        connect4_solver(
            &mut self.connect4,
            options.threads,
            shape,
            table_bits,
            &self.limits,
        )
    }

    /// Connect Four after the columns `sequence` (digits 1–7 on the standard board; empty for
    /// the empty board), on the board of `options.width` × `options.height`.
    ///
    /// # Errors
    /// A board that does not fit 64 bits; a character that is not a column, a full column, a
    /// move after a win; a refusal when the transposition table would not fit in memory.
    pub fn connect4(
        &mut self,
        sequence: &str,
        options: &SolveOptions,
    ) -> Result<ScoreReport, Error> {
        let shape = connect4_shape(options.width, options.height)?;
        let board = Connect4Board::from_moves_on(shape, sequence)
            .map_err(|e| Error::bad_input(format!("connect4 `{sequence}`: {e}")))?;
        let progress = self.limits.progress;
        let search = self.connect4_search(options)?;
        let (low, high) = if options.weak {
            (-1, 1)
        } else {
            (i32::MIN / 4, i32::MAX / 4)
        };
        search.set_book(options.book.then(|| {
            options
                .given_book
                .clone()
                .unwrap_or_else(connect4::standard_book)
        }));
        if options.fresh_table {
            search.clear_table();
        }
        search.set_progress(progress);
        search.reset_nodes();
        let start = Instant::now();
        let (score, best) = if options.best_moves {
            search.best_moves_within(&board, low, high)
        } else {
            (search.solve_within(&board, low, high), Vec::new())
        };
        let moves = options.all_moves.then(|| {
            search
                .move_scores_within(&board, low, high)
                .into_iter()
                .map(|(col, score)| ColumnScore {
                    column: col + 1,
                    score,
                })
                .collect()
        });
        let elapsed = start.elapsed();
        let stats = options.stats.then(|| SearchReport {
            nodes: search.nodes(),
            forced: Some(search.forced_nodes()),
            time_ms: (elapsed.as_micros() as f64) / 1000.0,
        });
        // The score names the winning stone (faster wins score more), so it gives the
        // remoteness; a best move keeps the score, which the opponent then faces negated.
        let remoteness = |stones: u32, score: i32| {
            (!options.weak)
                .then(|| shape.remoteness(stones, score))
                .flatten()
                .map(u64::from)
        };
        let best_moves = options.best_moves.then(|| {
            best.iter()
                .map(|&col| MoveReport {
                    remoteness: remoteness(board.stones() + 1, -score),
                    ..MoveReport::plain(format!("{}", col + 1), shape.append_column(sequence, col))
                })
                .collect()
        });
        let to_move = if board.stones() % 2 == 0 { "1" } else { "2" };
        Ok(ScoreReport {
            game: "connect4".into(),
            position: sequence.to_owned(),
            to_move: (!board.is_over()).then(|| to_move.to_owned()),
            result: ScoreValue::Score(score),
            remoteness: remoteness(board.stones(), score),
            width: (shape != Connect4Shape::STANDARD).then(|| shape.width()),
            height: (shape != Connect4Shape::STANDARD).then(|| shape.height()),
            winner: None,
            triangles: None,
            best_moves,
            moves,
            stats,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solver() -> ScoreSolver {
        ScoreSolver::new(Limits::default())
    }

    #[test]
    fn triangle_war_reports() {
        let mut s = solver();
        let options = SolveOptions::default();
        let report = s.triangle_war("", &options).unwrap();
        assert_eq!(report.result, ScoreValue::Difference(-3));
        assert_eq!(report.winner.as_deref(), Some("B"));
        assert_eq!(report.to_move.as_deref(), Some("A"));
        // Each best move leads to a position where A's final margin is -3 again.
        for mv in report.best_moves.unwrap() {
            let after = s.triangle_war(mv.to.as_deref().unwrap(), &options).unwrap();
            assert_eq!(after.result.number(), -3, "{}", mv.text);
        }
        let report = s.triangle_war("2-1, 3-2 1-3", &options).unwrap();
        assert_eq!(report.position, "1-2 2-3 1-3");
        assert_eq!(report.triangles, Some([1, 0]));
        assert_eq!(report.to_move.as_deref(), Some("A"));
        let check_error = |moves: &str, message: &str| {
            let error = solver().triangle_war(moves, &options).unwrap_err();
            assert_eq!(error.message(), message);
        };
        check_error("1-4", "move 1 `1-4`: there is no line 1-4");
        check_error("1-2 2-1", "move 2 `2-1`: line 2-1 is drawn twice");
        check_error("1-2 x", "move 2 `x`: expected a line as two dots, like 2-4");
        check_error("1-11", "move 1 `1-11`: there is no line 1-11");
    }

    #[test]
    fn connect4_scores_every_move_as_its_own_search_does() {
        let mut s = ScoreSolver::new(Limits::default());
        let sequence = "2252576253462244111563365343671351441";
        let options = SolveOptions {
            all_moves: true,
            ..SolveOptions::default()
        };
        let report = s.connect4(sequence, &options).unwrap();
        let moves = report.moves.unwrap();
        assert!(!moves.is_empty());
        // The best move's score is the position's; each move's is minus its position's (or the
        // win's at once).
        let best = moves.iter().map(|m| m.score).max().unwrap();
        assert_eq!(ScoreValue::Score(best), report.result);
        let plain = SolveOptions {
            best_moves: false,
            ..SolveOptions::default()
        };
        for m in &moves {
            let after = format!("{sequence}{}", m.column);
            let child = s.connect4(&after, &plain).unwrap();
            let expected = match child.to_move {
                None => (43 - sequence.len() as i32) / 2,
                Some(_) => -child.result.number(),
            };
            assert_eq!(m.score, expected, "column {}", m.column);
        }
        // Every best move is listed among the moves of the best score.
        for b in report.best_moves.unwrap() {
            let col: u8 = b.text.parse().unwrap();
            assert!(moves.iter().any(|m| m.column == col && m.score == best));
        }
    }

    /// The remoteness of each best move is that of the report on the position it leaves, and
    /// the position's is one more than the fastest (won) or slowest (lost) of them: a winner's
    /// best moves include its fastest wins, and from a lost position every move is best.
    fn check_best_moves(report: &ScoreReport, fresh: impl Fn(&str) -> ScoreReport) {
        let best = report.best_moves.as_ref().unwrap();
        let mut after = Vec::new();
        for m in best {
            let child = fresh(m.to.as_deref().unwrap());
            assert_eq!(
                m.remoteness, child.remoteness,
                "{} {}",
                report.position, m.text
            );
            after.extend(m.remoteness);
        }
        let expected = match report.result.number().signum() {
            1 => after.iter().min().map(|r| r + 1),
            -1 => after.iter().max().map(|r| r + 1),
            _ => None,
        };
        assert_eq!(report.remoteness, expected, "{}", report.position);
    }

    #[test]
    fn remoteness_follows_the_best_moves() {
        let options = SolveOptions::default();
        let tictactoe = |cells: &str| solver().tictactoe(cells, &options).unwrap();
        for cells in [
            "xx.oo....",
            "x.o.....x",
            "x...o...x",
            ".........",
            "xo.xo....",
        ] {
            check_best_moves(&tictactoe(cells), tictactoe);
        }
        assert_eq!(tictactoe("x.o.....x").remoteness, Some(4));
        assert_eq!(tictactoe("xx.oo....").remoteness, Some(1));
        assert_eq!(tictactoe(".........").remoteness, None);
        // Connect Four near the end: a best move keeps the score, so it leaves one move less.
        let connect4 = |sequence: &str| solver().connect4(sequence, &options).unwrap();
        for sequence in [
            "2252576253462244111563365343671351441",
            "7422341735647741166133573473242566",
            "121212",
        ] {
            let report = connect4(sequence);
            assert_eq!(report.remoteness.is_some(), report.result.number() != 0);
            check_best_moves(&report, connect4);
        }
        // 121212: the first player completes column 1 at once; the game is then over.
        assert_eq!(connect4("121212").remoteness, Some(1));
        assert_eq!(connect4("1212121").remoteness, Some(0));
        // The empty board: the first player's 21st stone, move 41 (Allis), from the book.
        assert_eq!(connect4("").remoteness, Some(41));
        let weak = SolveOptions {
            weak: true,
            ..SolveOptions::default()
        };
        assert_eq!(solver().connect4("4453", &weak).unwrap().remoteness, None);
        assert_eq!(
            solver().triangle_war("", &options).unwrap().remoteness,
            None
        );
    }

    #[test]
    fn tictactoe_and_connect4_report() {
        let mut s = solver();
        let options = SolveOptions {
            stats: true,
            ..SolveOptions::default()
        };
        let report = s.tictactoe("", &options).unwrap();
        assert_eq!(report.result, ScoreValue::Outcome(0));
        assert_eq!(report.best_moves.unwrap().len(), 9);
        assert!(report.stats.unwrap().nodes > 0);
        let report = s.tictactoe("xx.oo....", &options).unwrap();
        assert_eq!(report.result, ScoreValue::Outcome(1));
        assert_eq!(
            report.best_moves.unwrap()[0].to.as_deref(),
            Some("xxxoo....")
        );
        let report = s
            .connect4("2252576253462244111563365343671351441", &options)
            .unwrap();
        assert_eq!(report.result, ScoreValue::Score(-1));
        let weak = SolveOptions {
            weak: true,
            ..options.clone()
        };
        let report = s
            .connect4("7422341735647741166133573473242566", &weak)
            .unwrap();
        assert_eq!(report.result, ScoreValue::Score(1));
        let error = s.connect4("4444444", &options).unwrap_err();
        assert_eq!(
            error.message(),
            "connect4 `4444444`: move 7: column 4 is full"
        );
    }
}
