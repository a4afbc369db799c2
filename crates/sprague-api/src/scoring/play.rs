//! Playing a scoring game against the engine (`sprague play triangle-war|tictactoe|connect4`):
//! the game-specific part, over positions written as `solve` takes them.
//!
//! Unlike the impartial games of [`crate::impartial::play`], a scoring game has named players
//! (`A`/`B`, `x`/`o`, `1`/`2`), a move may give its mover another move (Triangle War: a completed
//! triangle), and the game ends with a score or a winner. The engine plays a move that keeps the
//! minimax value and says which value it keeps. Connect Four from an early position can take
//! minutes to solve, so there the engine searches within a budget of positions (keeping its
//! transposition table from move to move) and, when the budget runs out, plays a move it could
//! not prove and says so.

use sprague::games::connect4::solver::{Solver as Connect4Solver, DEFAULT_TABLE_BITS};
use sprague::games::connect4::{Board as Connect4Board, Shape as Connect4Shape};
use sprague::games::tictactoe::{Board as TicTacToeBoard, TicTacToe};
use sprague::games::triangle_war::{line_index, Player, TriangleWar, TriangleWarError, LINES};
use sprague::minimax::{Negamax, Scoring};

use crate::books::connect4;
use crate::request::error::Error;
use crate::request::limits::Limits;
use crate::scoring::solver::{
    connect4_shape, new_connect4_solver, new_searcher, parse_triangle_war, triangle_war_rules,
    CONNECT4, TICTACTOE,
};

/// Positions the engine may explore a thread for the exact score of a Connect Four move (about
/// 0.6 s on one core of the machine this was measured on; the sign only, when that runs out,
/// gets half as many).
pub const CONNECT4_BUDGET: u64 = 8_000_000;

/// The threads the Connect Four engine searches on, the cores permitting. Why two: with one,
/// `bench/connect4-play.py` found 2 of 548 answers not proven within the budget (both at
/// `4444441`, whose one keeping move takes 1.9·10^7 positions to prove, 1.25 s on one thread);
/// with two, and twice the budget, every answer of 1,180 in 130 games was proven, the slowest
/// in 0.77 s (BENCHMARKS.md).
pub const CONNECT4_THREADS: usize = 2;

/// The scoring games that can be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreGame {
    /// Triangle War: positions are the lines drawn, `u-v …`.
    TriangleWar,
    /// Tic-tac-toe: positions are nine characters of `x`, `o`, `.`.
    TicTacToe,
    /// Connect Four on a board `width` columns wide and `height` rows high (7 × 6 the
    /// standard): positions are the columns played, digits 1–7 (on a board wider than 9,
    /// numbers separated by commas).
    Connect4 {
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
    },
}

impl ScoreGame {
    /// Connect Four on the standard 7 × 6 board.
    pub const CONNECT4: ScoreGame = ScoreGame::Connect4 {
        width: 7,
        height: 6,
    };
}

/// A position as the players see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayState {
    /// The position, normalised, as `solve` takes it (may be empty for the start).
    pub position: String,
    /// The player to move (`A`/`B`, `x`/`o`, `1`/`2`); `None` once the game is over.
    pub to_move: Option<String>,
    /// The board drawn as text lines (empty for Triangle War, whose position is its line list).
    pub board: Vec<String>,
    /// The score so far, when the game keeps one (`A 1, B 0`).
    pub score: Option<String>,
    /// Once the game is over: the winner's name, `None` for a draw.
    pub winner: Option<String>,
    /// Once the game is over: the result in words (`B wins 6-3`, `a draw`).
    pub result: Option<String>,
}

/// A move with the position it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// The move as typed (`2-4`, `5`, `4`).
    pub text: String,
    /// The position after it.
    pub to: String,
}

/// The engine's move and why it chose it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineMove {
    /// The move and where it leads.
    pub played: PlayedMove,
    /// The value the move keeps, in words, or why it is a guess.
    pub why: String,
    /// False when the search ran out of budget and the move is not proven best.
    pub proven: bool,
}

/// One game's engine, keeping its transposition table from move to move.
pub struct ScorePlay {
    engine: Engine,
    /// Connect Four: positions a search may explore.
    budget: u64,
    /// Connect Four: proven bounds on the scores of the positions the engine's last move can
    /// lead to (the position after it, exactly; each reply to it, from below), so the next
    /// search starts from them.
    known: Vec<(Connect4Board, (i32, i32))>,
}

/// The search of each game, with its table.
enum Engine {
    TriangleWar(Negamax<'static, TriangleWar>),
    TicTacToe(Negamax<'static, TicTacToe>),
    /// The solver and its board.
    Connect4(Connect4Solver, Connect4Shape),
}

impl ScorePlay {
    /// Connect Four: reads `book` (see [`crate::books::connect4::read_book`]) instead of the book
    /// shipped for 7×6; other games are unchanged.
    pub fn set_book(&mut self, book: std::sync::Arc<sprague::games::connect4::book::Book>) {
        if let Engine::Connect4(solver, _) = &mut self.engine {
            solver.set_book(Some(book));
        }
    }

    /// The engine for `game`, with its table allocated now.
    ///
    /// # Errors
    /// When the table would not fit within `limits`.
    pub fn new(game: ScoreGame, limits: &Limits) -> Result<ScorePlay, Error> {
        let threads = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(CONNECT4_THREADS);
        let engine = match game {
            ScoreGame::TriangleWar => {
                Engine::TriangleWar(new_searcher(triangle_war_rules(), limits)?)
            }
            ScoreGame::TicTacToe => Engine::TicTacToe(new_searcher(&TICTACTOE, limits)?),
            ScoreGame::Connect4 { width, height } => {
                let shape = connect4_shape(width, height)?;
                // Each search of `play` has a budget of a fraction of a second: the table
                // never grows.
                let mut solver =
                    new_connect4_solver(threads, shape, (DEFAULT_TABLE_BITS, 0), limits)?;
                solver.set_book(Some(connect4::standard_book()));
                Engine::Connect4(solver, shape)
            }
        };
        Ok(ScorePlay {
            engine,
            budget: CONNECT4_BUDGET * threads as u64,
            known: Vec::new(),
        })
    }

    /// Sets the Connect Four budget: positions explored per search, all threads together (for
    /// tests).
    pub fn set_budget(&mut self, budget: u64) {
        self.budget = budget;
    }

    /// The game's name as typed.
    pub fn name(&self) -> &'static str {
        match self.engine {
            Engine::TriangleWar(_) => "triangle-war",
            Engine::TicTacToe(_) => "tictactoe",
            Engine::Connect4(..) => "connect4",
        }
    }

    /// How a move is typed, for the greeting.
    pub fn move_syntax(&self) -> String {
        match &self.engine {
            Engine::TriangleWar(_) => {
                "a line as two dots, like 2-4 (dots 1 / 2 3 / 4 5 6 / 7 8 9 10)".to_owned()
            }
            Engine::TicTacToe(_) => "a cell 1-9, row by row, like 5 for the centre".to_owned(),
            Engine::Connect4(_, shape) => format!("a column 1-{}", shape.width()),
        }
    }

    /// The position as the players see it.
    ///
    /// # Errors
    /// When the position does not parse.
    pub fn state(&self, position: &str) -> Result<PlayState, Error> {
        match &self.engine {
            Engine::TriangleWar(_) => {
                let (game, played) = parse_triangle_war(position)?;
                let rules = triangle_war_rules();
                let over = rules.static_value(&game.lines).is_some();
                let (a, b) = (game.score_a, game.score_b);
                let winner = (a > b).then_some("A").or((b > a).then_some("B"));
                Ok(PlayState {
                    position: played.join(" "),
                    to_move: (!over).then(|| player_name(game.to_move).to_owned()),
                    board: Vec::new(),
                    score: Some(format!("A {a}, B {b}")),
                    winner: over.then(|| winner.map(str::to_owned)).flatten(),
                    result: over.then(|| match winner {
                        Some(w) => format!("{w} wins {}-{}", a.max(b), a.min(b)),
                        None => format!("a draw {a}-{b}"),
                    }),
                })
            }
            Engine::TicTacToe(_) => {
                let board = tictactoe_board(position)?;
                let text = board.to_string();
                let full = !text.contains('.');
                let over = board.is_lost() || full;
                let mover = if board.x_to_move() { "x" } else { "o" };
                let last = if board.x_to_move() { "o" } else { "x" };
                let winner = board.is_lost().then(|| last.to_owned());
                Ok(PlayState {
                    position: text.clone(),
                    to_move: (!over).then(|| mover.to_owned()),
                    board: text
                        .as_bytes()
                        .chunks(3)
                        .map(|row| row.iter().map(|&c| char::from(c)).collect())
                        .collect(),
                    score: None,
                    result: over.then(|| match &winner {
                        Some(w) => format!("{w} wins"),
                        None => "a draw".to_owned(),
                    }),
                    winner,
                })
            }
            Engine::Connect4(_, shape) => {
                let board = connect4_board(*shape, position)?;
                let mover = if board.stones() % 2 == 0 { "1" } else { "2" };
                let last = if board.stones() % 2 == 0 { "2" } else { "1" };
                let over = board.is_over();
                let winner = board.is_lost().then(|| last.to_owned());
                Ok(PlayState {
                    position: position.trim().to_owned(),
                    to_move: (!over).then(|| mover.to_owned()),
                    board: connect4_rows(&board),
                    score: None,
                    result: over.then(|| match &winner {
                        Some(w) => format!("player {w} wins"),
                        None => "a draw".to_owned(),
                    }),
                    winner,
                })
            }
        }
    }

    /// Checks the move the user typed at `position`.
    ///
    /// # Errors
    /// A bad-input error saying why the move is not legal (a line already drawn, an occupied
    /// cell, a full column, …); the position is unchanged.
    pub fn user_move(&self, position: &str, input: &str) -> Result<PlayedMove, Error> {
        let typed = input.trim();
        match &self.engine {
            Engine::TriangleWar(_) => {
                let (mut game, played) = parse_triangle_war(position)?;
                let (u, v) = typed
                    .split_once('-')
                    .and_then(|(u, v)| Some((u.trim().parse().ok()?, v.trim().parse().ok()?)))
                    .ok_or_else(|| {
                        Error::bad_input(format!(
                            "`{typed}` is not a line: type two dots, like 2-4"
                        ))
                    })?;
                game.draw(triangle_war_rules(), u, v).map_err(|e| match e {
                    TriangleWarError::AlreadyDrawn(..) => {
                        Error::bad_input(format!("line {u}-{v} is already drawn"))
                    }
                    other => Error::bad_input(other.to_string()),
                })?;
                let (a, b) = LINES[line_index(u, v).expect("drawn, so it exists")];
                let text = format!("{a}-{b}");
                Ok(PlayedMove {
                    to: join_move(&played.join(" "), &text),
                    text,
                })
            }
            Engine::TicTacToe(_) => {
                let board = tictactoe_board(position)?;
                let number = typed
                    .trim_start_matches(['x', 'o', 'X', 'O'])
                    .trim()
                    .trim_start_matches("in")
                    .trim()
                    .trim_start_matches("cell")
                    .trim();
                let cell = match number.parse::<u8>() {
                    Ok(n @ 1..=9) => n - 1,
                    _ => {
                        return Err(Error::bad_input(format!(
                            "`{typed}` is not a cell: type 1 to 9, row by row"
                        )))
                    }
                };
                if board.is_lost() {
                    return Err(Error::bad_input("the game is over"));
                }
                if (board.x | board.o) & (1 << cell) != 0 {
                    return Err(Error::bad_input(format!(
                        "cell {} is taken already",
                        cell + 1
                    )));
                }
                let mark = if board.x_to_move() { "x" } else { "o" };
                Ok(PlayedMove {
                    text: format!("{mark} in cell {}", cell + 1),
                    to: board.play(cell).to_string(),
                })
            }
            Engine::Connect4(_, shape) => {
                let board = connect4_board(*shape, position)?;
                let width = shape.width();
                let col = match typed.parse::<u32>() {
                    Ok(c) if (1..=width).contains(&c) => c as u8 - 1,
                    _ => {
                        return Err(Error::bad_input(format!(
                            "`{typed}` is not a column: type 1 to {width}"
                        )))
                    }
                };
                if board.is_over() {
                    return Err(Error::bad_input("the game is over"));
                }
                if !board.can_play(col) {
                    return Err(Error::bad_input(format!("column {} is full", col + 1)));
                }
                Ok(PlayedMove {
                    to: shape.append_column(position.trim(), col),
                    text: format!("{}", col + 1),
                })
            }
        }
    }

    /// Every legal move at `position`, each with the position it leads to, in the order of the
    /// board (lines, cells, columns); empty once the game is over. For agents and the Python
    /// package's state API.
    ///
    /// # Errors
    /// When the position does not parse.
    pub fn legal_moves(&self, position: &str) -> Result<Vec<PlayedMove>, Error> {
        let state = self.state(position)?;
        if state.to_move.is_none() {
            return Ok(Vec::new());
        }
        let candidates: Vec<String> = match &self.engine {
            Engine::TriangleWar(_) => LINES.iter().map(|(a, b)| format!("{a}-{b}")).collect(),
            Engine::TicTacToe(_) => (1..=9).map(|cell| cell.to_string()).collect(),
            Engine::Connect4(_, shape) => (1..=shape.width())
                .map(|column| column.to_string())
                .collect(),
        };
        Ok(candidates
            .iter()
            .filter_map(|c| self.user_move(&state.position, c).ok())
            .collect())
    }

    /// The engine's move at `position`, `None` when the game is over.
    ///
    /// # Errors
    /// When the position does not parse.
    pub fn engine_move(&mut self, position: &str) -> Result<Option<EngineMove>, Error> {
        Ok(self
            .moves(position, false)?
            .and_then(|(mut best, why, proven)| {
                (!best.is_empty()).then(|| EngineMove {
                    played: best.swap_remove(0),
                    why,
                    proven,
                })
            }))
    }

    /// The moves the engine would play at `position` (every move keeping the value, or its one
    /// guess when it could not prove any), with the value in words; empty when the game is over.
    ///
    /// # Errors
    /// When the position does not parse.
    pub fn hints(&mut self, position: &str) -> Result<(Vec<PlayedMove>, String), Error> {
        Ok(self
            .moves(position, true)?
            .map(|(best, why, _)| (best, why))
            .unwrap_or_default())
    }

    /// Connect Four: the score of every legal move at `position` for the player to move (the
    /// test sets' convention), by 1-based column, when every one is proven within the budget
    /// (one budget a column); `None` for the other games, a finished game, or a search out of
    /// budget. The hint of `play`.
    ///
    /// # Errors
    /// When the position does not parse.
    pub fn move_scores(&mut self, position: &str) -> Result<Option<Vec<(u32, i32)>>, Error> {
        let Engine::Connect4(search, shape) = &mut self.engine else {
            return Ok(None);
        };
        let board = connect4_board(*shape, position)?;
        if board.is_over() {
            return Ok(None);
        }
        // A quarter of the engine's budget a column: the hint lists every column.
        let budget = (self.budget / 4).saturating_mul(u64::from(shape.width()));
        search.set_node_limit(Some(budget));
        let scores = search.move_scores_within(&board, i32::MIN / 4, i32::MAX / 4);
        let aborted = search.aborted();
        search.set_node_limit(None);
        Ok((!aborted).then(|| {
            scores
                .into_iter()
                .map(|(col, score)| (u32::from(col) + 1, score))
                .collect()
        }))
    }

    /// The best moves at `position` (first is the engine's choice), why, and whether proven.
    /// Connect Four lists one best move unless `all` (every move keeping a score has its pace).
    fn moves(
        &mut self,
        position: &str,
        all: bool,
    ) -> Result<Option<(Vec<PlayedMove>, String, bool)>, Error> {
        let state = self.state(position)?;
        if state.to_move.is_none() {
            return Ok(None);
        }
        let base = state.position.clone();
        let budget = self.budget;
        match &mut self.engine {
            Engine::TriangleWar(search) => {
                let (game, _) = parse_triangle_war(position)?;
                let (value, mut best) = search.best_moves(&game.lines);
                let difference = game.final_difference(value);
                let (a, b) = ((9 + difference) / 2, (9 - difference) / 2);
                let winner = if difference > 0 { "A" } else { "B" };
                let mover_wins = (difference > 0) == (game.to_move == Player::A);
                let pace = by_pace(
                    search,
                    triangle_war_rules(),
                    &game.lines,
                    &mut best,
                    Some(mover_wins),
                );
                let why = format!(
                    "it keeps the value: {winner} wins by {} with best play ({}-{}){pace}",
                    difference.abs(),
                    a.max(b),
                    a.min(b)
                );
                let moves = best
                    .iter()
                    .map(|&line| {
                        let (u, v) = LINES[usize::from(line)];
                        let text = format!("{u}-{v}");
                        PlayedMove {
                            to: join_move(&base, &text),
                            text,
                        }
                    })
                    .collect();
                Ok(Some((moves, why, true)))
            }
            Engine::TicTacToe(search) => {
                let board = tictactoe_board(position)?;
                let (value, mut best) = search.best_moves(&board);
                let mark = if board.x_to_move() { "x" } else { "o" };
                let pace = by_pace(
                    search,
                    &TICTACTOE,
                    &board,
                    &mut best,
                    (value != 0).then_some(value > 0),
                );
                let why = format!(
                    "it keeps the value: {}{pace}",
                    match value.signum() {
                        1 => format!("{mark} wins with best play"),
                        0 => "a draw with best play".to_owned(),
                        _ => format!("{mark} loses against best play"),
                    }
                );
                let moves = best
                    .iter()
                    .map(|&cell| PlayedMove {
                        text: format!("{mark} in cell {}", cell + 1),
                        to: board.play(cell).to_string(),
                    })
                    .collect();
                Ok(Some((moves, why, true)))
            }
            Engine::Connect4(search, shape) => {
                let shape = *shape;
                let board = connect4_board(shape, position)?;
                let mover = state.to_move.clone().unwrap_or_default();
                let to_moves = |cols: &[u8]| -> Vec<PlayedMove> {
                    cols.iter()
                        .map(|&col| PlayedMove {
                            text: format!("{}", col + 1),
                            to: shape.append_column(&base, col),
                        })
                        .collect()
                };
                // The exact score within the budget, then its sign only, then a guess.
                let best_moves = |search: &mut Connect4Solver, low: i32, high: i32| {
                    if all {
                        search.best_moves_within(&board, low, high)
                    } else {
                        let (value, best) = search.a_best_move_within(&board, low, high);
                        (value, best.into_iter().collect())
                    }
                };
                let known = self
                    .known
                    .iter()
                    .find(|(b, _)| *b == board)
                    .map_or((i32::MIN / 4, i32::MAX / 4), |&(_, bounds)| bounds);
                search.set_node_limit(Some(budget));
                let (score, best) = search.best_moves_known(&board, known, all);
                if !search.aborted() {
                    search.set_node_limit(None);
                    if let (false, Some(&col)) = (all, best.first()) {
                        // The move keeps the score: the position after it is worth exactly
                        // minus the score to the user, and each reply at least the score to
                        // the engine.
                        let after = board.play(col);
                        self.known = vec![(after, (-score, -score))];
                        let replies = (0..shape.width() as u8).filter(|&c| after.can_play(c));
                        for reply in replies.filter(|_| !after.is_over()) {
                            self.known.push((after.play(reply), (score, i32::MAX / 4)));
                        }
                    }
                    let why = format!(
                        "it keeps the score {score}: {}",
                        connect4_words(&board, &mover, score)
                    );
                    return Ok(Some((to_moves(&best), why, true)));
                }
                search.set_node_limit(Some(budget / 2));
                let (sign, best) = best_moves(search, -1, 1);
                if !search.aborted() {
                    search.set_node_limit(None);
                    let outcome = match sign {
                        1 => format!("player {mover} wins with best play"),
                        0 => "a draw with best play".to_owned(),
                        _ => format!("player {mover} loses against best play"),
                    };
                    let why = format!(
                        "it keeps the outcome: {outcome} (the exact score was not found within {budget} positions)"
                    );
                    return Ok(Some((to_moves(&best), why, true)));
                }
                search.set_node_limit(None);
                let mut guess = Vec::new();
                CONNECT4.search_moves(&board, &mut guess);
                if guess.is_empty() {
                    CONNECT4.moves(&board, &mut guess);
                }
                guess.truncate(1);
                let why = format!(
                    "not proven: this position was not solved within {budget} positions, so this \
                     is a guess: a move that does not lose at once and makes the most threats"
                );
                Ok(Some((to_moves(&guess), why, false)))
            }
        }
    }
}

/// Orders `best`, the moves keeping the value at `position`, for the engine: when the mover
/// wins (`mover_wins` is `Some(true)`), the quickest win first; when it loses, the longest
/// resistance first (the game lasting the most plies when both keep the value); for a draw
/// (`None`) the order stays. Returns the words to add to the reason, empty when the order did
/// not matter.
fn by_pace<G: Scoring>(
    search: &mut Negamax<'static, G>,
    game: &G,
    position: &G::Position,
    best: &mut [G::Move],
    mover_wins: Option<bool>,
) -> String {
    let Some(wins) = mover_wins else {
        return String::new();
    };
    if best.len() < 2 {
        return String::new();
    }
    let mut plies: Vec<(u32, G::Move)> = best
        .iter()
        .map(|&mv| {
            let step = game.play(position, mv);
            let winner_moves = if step.again { wins } else { !wins };
            (1 + search.plies_to_end(&step.position, winner_moves), mv)
        })
        .collect();
    let (first, last) = (
        plies.iter().map(|p| p.0).min(),
        plies.iter().map(|p| p.0).max(),
    );
    if first == last {
        return String::new();
    }
    if wins {
        plies.sort_by_key(|&(p, _)| p);
    } else {
        plies.sort_by_key(|&(p, _)| std::cmp::Reverse(p));
    }
    for (slot, (_, mv)) in best.iter_mut().zip(plies) {
        *slot = mv;
    }
    if wins {
        ", and of the moves keeping it, this one ends the game soonest".to_owned()
    } else {
        ", and of the moves keeping it, this one makes the game last longest".to_owned()
    }
}

fn player_name(player: Player) -> &'static str {
    match player {
        Player::A => "A",
        Player::B => "B",
    }
}

fn join_move(position: &str, text: &str) -> String {
    if position.is_empty() {
        text.to_owned()
    } else {
        format!("{position} {text}")
    }
}

fn tictactoe_board(cells: &str) -> Result<TicTacToeBoard, Error> {
    let cells = cells.trim();
    let cells = if cells.is_empty() { "........." } else { cells };
    TicTacToeBoard::parse(cells).map_err(|e| Error::bad_input(format!("board `{cells}`: {e}")))
}

fn connect4_board(shape: Connect4Shape, sequence: &str) -> Result<Connect4Board, Error> {
    let sequence = sequence.trim();
    Connect4Board::from_moves_on(shape, sequence)
        .map_err(|e| Error::bad_input(format!("connect4 `{sequence}`: {e}")))
}

/// Connect Four's board as text rows, top first: `X` for player 1, `O` for player 2, then the
/// columns' numbers (their last digit past 9).
fn connect4_rows(board: &Connect4Board) -> Vec<String> {
    let shape = board.shape();
    let mut rows: Vec<String> = (0..shape.height())
        .rev()
        .map(|row| {
            (0..shape.width())
                .map(|col| match board.stone(col, row) {
                    Some(1) => 'X',
                    Some(_) => 'O',
                    None => '.',
                })
                .collect()
        })
        .collect();
    rows.push(
        (1..=shape.width())
            .map(|c| char::from(b'0' + (c % 10) as u8))
            .collect(),
    );
    rows
}

/// A Connect Four score (the test sets' convention: on 7 × 6 a win with the winner's k-th
/// stone scores 22 − k) in words, for the player to move, `mover`, at `board`.
fn connect4_words(board: &Connect4Board, mover: &str, score: i32) -> String {
    let other = if mover == "1" { "2" } else { "1" };
    let end = board.shape().end_move(board.stones(), score);
    // The winner's stone count on move `end`: the first player plays the odd moves.
    let stone = end.div_ceil(2);
    match score.signum() {
        1 => format!("player {mover} wins with best play, with its stone {stone} at the latest"),
        0 => "a draw with best play".to_owned(),
        _ => format!("player {other} wins with best play, with its stone {stone} at the latest"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn illegal_moves_are_refused_with_the_reason() {
        let limits = Limits::default();
        let tw = ScorePlay::new(ScoreGame::TriangleWar, &limits).unwrap();
        let error = tw.user_move("1-2", "2-1").unwrap_err();
        assert_eq!(error.message(), "line 2-1 is already drawn");
        assert_eq!(
            tw.user_move("", "1-4").unwrap_err().message(),
            "there is no line 1-4"
        );
        assert_eq!(tw.user_move("1-2", "3-2").unwrap().to, "1-2 2-3");
        let ttt = ScorePlay::new(ScoreGame::TicTacToe, &limits).unwrap();
        assert_eq!(
            ttt.user_move("x........", "1").unwrap_err().message(),
            "cell 1 is taken already"
        );
        assert_eq!(
            ttt.user_move("x........", "o in cell 5").unwrap().to,
            "x...o...."
        );
        let c4 = ScorePlay::new(ScoreGame::CONNECT4, &limits).unwrap();
        assert_eq!(
            c4.user_move("444444", "4").unwrap_err().message(),
            "column 4 is full"
        );
        assert_eq!(c4.user_move("444444", "3").unwrap().to, "4444443");
    }

    #[test]
    fn connect4_scores_every_column_within_the_budget() {
        use sprague::games::connect4::solver::{Solver, SolverConfig};
        let limits = Limits::default();
        let mut c4 = ScorePlay::new(ScoreGame::CONNECT4, &limits).unwrap();
        // A position of the middle test set: each column's score is minus its child's own.
        let position = "274552224131661";
        let scores = c4.move_scores(position).unwrap().unwrap();
        let mut solver = Solver::new(SolverConfig::default());
        let board = Connect4Board::from_moves(position).unwrap();
        let columns: Vec<u32> = scores.iter().map(|&(c, _)| c).collect();
        assert_eq!(columns, [1, 2, 3, 4, 5, 6, 7]);
        for (col, score) in scores {
            let child = board.play(col as u8 - 1);
            assert_eq!(score, -solver.solve(&child), "column {col}");
        }
        // Out of budget (past the opening book): none; not Connect Four or a finished game:
        // none. The empty board's columns are in the book: all at once, within the same budget
        // (Allis: only the centre wins; columns 3 and 5 draw).
        c4.set_budget(10);
        assert_eq!(c4.move_scores("12345671").unwrap(), None);
        assert_eq!(
            c4.move_scores("").unwrap(),
            Some(vec![
                (1, -2),
                (2, -1),
                (3, 0),
                (4, 1),
                (5, 0),
                (6, -1),
                (7, -2)
            ])
        );
        assert_eq!(c4.move_scores("1212121").unwrap(), None);
        let mut ttt = ScorePlay::new(ScoreGame::TicTacToe, &limits).unwrap();
        assert_eq!(ttt.move_scores("").unwrap(), None);
    }

    #[test]
    fn a_lost_engine_resists_longest_and_a_winning_one_wins_soonest() {
        let limits = Limits::default();
        let mut ttt = ScorePlay::new(ScoreGame::TicTacToe, &limits).unwrap();
        // x to move, lost: o threatens 3-6-9. Blocking in cell 9 loses two plies later; every
        // other move lets o win at once. All keep the value -1; the engine must block.
        let (moves, _) = ttt.hints("xxo..o...").unwrap();
        assert_eq!(moves.len(), 5, "every move keeps the value -1");
        let chosen = ttt.engine_move("xxo..o...").unwrap().unwrap();
        assert_eq!(chosen.played.text, "x in cell 9", "{}", chosen.why);
        assert!(chosen.why.contains("last longest"), "{}", chosen.why);
        // x to move wins: at once in cell 7, or two plies later in cell 9; the quickest first.
        let chosen = ttt.engine_move("xxox.o.o.").unwrap().unwrap();
        assert_eq!(chosen.played.text, "x in cell 7", "{}", chosen.why);
        assert!(chosen.why.contains("soonest"), "{}", chosen.why);
        // o to move wins at once in cell 5 (3-5-7); cells 6, 8 and 9 win later.
        let chosen = ttt.engine_move("xxox..o..").unwrap().unwrap();
        assert_eq!(chosen.played.text, "o in cell 5", "{}", chosen.why);
        // Triangle War from the empty board: A loses 3-6 whatever it does; the engine's first
        // move is one of those that make the game last longest.
        let mut tw = ScorePlay::new(ScoreGame::TriangleWar, &limits).unwrap();
        let chosen = tw.engine_move("").unwrap().unwrap();
        assert!(chosen.proven);
    }

    #[test]
    fn connect4_guesses_only_when_out_of_budget_and_says_so() {
        let limits = Limits::default();
        let mut c4 = ScorePlay::new(ScoreGame::CONNECT4, &limits).unwrap();
        c4.set_budget(1000);
        // Past the opening book (at most 7 stones deep) and far from the end: no proof within
        // 1000 positions.
        let guess = c4.engine_move("12345671").unwrap().unwrap();
        assert!(!guess.proven);
        assert!(guess.why.starts_with("not proven"), "{}", guess.why);
        // The empty board is in the book: proven at once, within the same budget.
        let opening = c4.engine_move("").unwrap().unwrap();
        assert!(opening.proven, "{}", opening.why);
        assert_eq!(opening.played.text, "4");
        assert!(opening.why.contains("keeps the score 1"), "{}", opening.why);
        // A position from the test sets (score -1 for the player to move) is solved at once.
        let sequence = "2252576253462244111563365343671351441";
        c4.set_budget(CONNECT4_BUDGET);
        let proven = c4.engine_move(sequence).unwrap().unwrap();
        assert!(proven.proven);
        assert!(proven.why.contains("keeps the score -1"), "{}", proven.why);
    }

    #[test]
    fn connect4_engine_starts_its_next_search_from_the_score_it_proved() {
        // After the engine's move at a middle-game position (Test_L2_R1, score 4), every reply
        // the user can make: the engine that carries its proven bounds (the position after its
        // move exactly, each reply from below) answers with the score a fresh engine finds.
        let limits = Limits::default();
        let mut warm = ScorePlay::new(ScoreGame::CONNECT4, &limits).unwrap();
        let start = "5554224333234511764415115";
        let score_of = |why: &str| -> i32 {
            let rest = why.strip_prefix("it keeps the score ").expect(why);
            rest.split(':').next().unwrap().parse().unwrap()
        };
        let mut replies = 0;
        for reply in 0..7u8 {
            let first = warm.engine_move(start).unwrap().unwrap();
            assert_eq!(score_of(&first.why), 4);
            let after = Connect4Board::from_moves(&first.played.to).unwrap();
            if !after.can_play(reply) || after.play(reply).is_over() {
                continue;
            }
            let position = format!("{}{}", first.played.to, reply + 1);
            let mut fresh = ScorePlay::new(ScoreGame::CONNECT4, &limits).unwrap();
            let carried = warm.engine_move(&position).unwrap().unwrap();
            let found = fresh.engine_move(&position).unwrap().unwrap();
            assert!(carried.proven && found.proven, "{position}");
            assert_eq!(score_of(&carried.why), score_of(&found.why), "{position}");
            assert!(
                score_of(&carried.why) >= 4,
                "{position}: a reply never helps the user"
            );
            // The hint at the position after the engine's move: its score is known exactly.
            replies += 1;
        }
        assert!(replies >= 5);
        let first = warm.engine_move(start).unwrap().unwrap();
        let (_, why) = warm.hints(&first.played.to).unwrap();
        assert_eq!(score_of(&why), -4);
    }

    #[test]
    fn legal_moves_are_the_moves_user_move_accepts() {
        let limits = Limits::default();
        let c4 = ScorePlay::new(ScoreGame::CONNECT4, &limits).unwrap();
        let moves = c4.legal_moves("444444").unwrap();
        let texts: Vec<_> = moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["1", "2", "3", "5", "6", "7"]);
        assert_eq!(moves[0].to, "4444441");
        let ttt = ScorePlay::new(ScoreGame::TicTacToe, &limits).unwrap();
        assert_eq!(ttt.legal_moves("xxo..o...").unwrap().len(), 5);
        // Over: x has the top row.
        assert!(ttt.legal_moves("xxxoo....").unwrap().is_empty());
        let tw = ScorePlay::new(ScoreGame::TriangleWar, &limits).unwrap();
        assert_eq!(tw.legal_moves("").unwrap().len(), 18);
        assert_eq!(tw.legal_moves("1-2 2-3").unwrap().len(), 16);
    }
}
