//! The scoring games (Triangle War, tic-tac-toe, Connect Four) for the state API: a position as
//! the players see it, its legal moves, a move played, and the engine's move. One engine per game
//! is kept for the process (its transposition table is reused from move to move, as in
//! `sprague play`).

use std::sync::{Mutex, MutexGuard, TryLockError};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sprague_api::score_play::{PlayedMove, ScoreGame, ScorePlay};
use sprague_api::{Error, Limits};

use crate::{interruptible, to_py_err};

static ENGINES: Mutex<Vec<(ScoreGame, ScorePlay)>> = Mutex::new(Vec::new());

/// The rules of the catalogue's scoring game `name` (on its standard board).
fn score_game(name: &str) -> PyResult<ScoreGame> {
    let options = sprague_api::SolveOptions::default();
    sprague_api::catalogue::game(name)
        .and_then(|game| game.score_game(&options))
        .ok_or_else(|| {
            let scoring: Vec<&str> = sprague_api::catalogue::games()
                .iter()
                .filter(|game| game.score_game(&options).is_some())
                .map(|game| game.name)
                .collect();
            PyValueError::new_err(format!(
                "`{name}` is not a scoring game: they are {}",
                scoring.join(", ")
            ))
        })
}

/// Runs `f` with the engine of `game`, created on first use, from a thread holding the
/// interpreter: released while waiting for the engines (another thread may be searching with
/// one, and a waiting thread holding the interpreter would stop every Python thread meanwhile).
fn with_engine_py<T: Send>(
    py: Python<'_>,
    game: ScoreGame,
    f: impl FnOnce(&mut ScorePlay) -> Result<T, Error> + Send,
) -> Result<T, Error> {
    match ENGINES.try_lock() {
        Ok(engines) => engine_of(engines, game, f),
        Err(TryLockError::Poisoned(e)) => engine_of(e.into_inner(), game, f),
        Err(TryLockError::WouldBlock) => py.detach(|| with_engine(game, f)),
    }
}

/// Runs `f` with the engine of `game`, created on first use.
fn with_engine<T>(
    game: ScoreGame,
    f: impl FnOnce(&mut ScorePlay) -> Result<T, Error>,
) -> Result<T, Error> {
    // A panic while an engine was held leaves the engines usable: each call checks its position.
    engine_of(ENGINES.lock().unwrap_or_else(|e| e.into_inner()), game, f)
}

fn engine_of<T>(
    mut engines: MutexGuard<'_, Vec<(ScoreGame, ScorePlay)>>,
    game: ScoreGame,
    f: impl FnOnce(&mut ScorePlay) -> Result<T, Error>,
) -> Result<T, Error> {
    let idx = match engines.iter().position(|(g, _)| *g == game) {
        Some(idx) => idx,
        None => {
            engines.push((game, ScorePlay::new(game, &Limits::default())?));
            engines.len() - 1
        }
    };
    f(&mut engines[idx].1)
}

fn pair(m: PlayedMove) -> (String, String) {
    (m.text, m.to)
}

/// The position as the players see it, as JSON: `position`, `to_move`, `board`, `score`,
/// `winner`, `result`.
#[pyfunction]
fn score_state(py: Python<'_>, name: &str, position: &str) -> PyResult<String> {
    let game = score_game(name)?;
    let (name, state) =
        with_engine_py(py, game, |e| Ok((e.name(), e.state(position)?))).map_err(to_py_err)?;
    let json = serde_json::json!({
        "game": name,
        "position": state.position,
        "to_move": state.to_move,
        "board": state.board,
        "score": state.score,
        "winner": state.winner,
        "result": state.result,
    });
    Ok(json.to_string())
}

/// Every legal move at `position` as `(move, position after it)`.
#[pyfunction]
fn score_legal_moves(
    py: Python<'_>,
    name: &str,
    position: &str,
) -> PyResult<Vec<(String, String)>> {
    let game = score_game(name)?;
    let moves = with_engine_py(py, game, |e| e.legal_moves(position)).map_err(to_py_err)?;
    Ok(moves.into_iter().map(pair).collect())
}

/// The move typed at `position` as `(move, position after it)`; a `ValueError` saying why an
/// illegal one is refused.
#[pyfunction]
fn score_play_move(
    py: Python<'_>,
    name: &str,
    position: &str,
    typed: &str,
) -> PyResult<(String, String)> {
    let game = score_game(name)?;
    with_engine_py(py, game, |e| e.user_move(position, typed))
        .map(pair)
        .map_err(to_py_err)
}

/// The engine's move at `position` as `(move, position after it, why, proven)`, `None` once
/// the game is over. Connect Four searches a bounded number of positions and says when its move
/// is a guess.
#[pyfunction]
fn score_engine_move(
    py: Python<'_>,
    name: &str,
    position: String,
) -> PyResult<Option<(String, String, String, bool)>> {
    let game = score_game(name)?;
    let chosen = interruptible(py, None, move || {
        with_engine(game, |e| e.engine_move(&position))
    })?;
    Ok(chosen
        .map_err(to_py_err)?
        .map(|m| (m.played.text, m.played.to, m.why, m.proven)))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(score_state, m)?)?;
    m.add_function(wrap_pyfunction!(score_legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(score_play_move, m)?)?;
    m.add_function(wrap_pyfunction!(score_engine_move, m)?)?;
    Ok(())
}
