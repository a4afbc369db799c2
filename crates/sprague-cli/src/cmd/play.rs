//! `sprague play <game> <position…>`: the user against the engine, move by move, in the terminal
//! or through a pipe.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use sprague_api::play::{engine_move, ListedPlay, Playable};
use sprague_api::script::ScriptSession;
use sprague_api::{Analysed, AnalysisOptions, Limits, SolveOptions};

use sprague_api::score_play::{ScoreGame, ScorePlay};

use crate::args::{CatalogueArgs, First, OutputArgs, PlayArgs, PlayGame};
use crate::failure::Failure;

/// `sprague play NAME …` for a game of the catalogue: its player (`Game::player`) from the request.
pub fn run_catalogue(
    first: First,
    args: &CatalogueArgs,
    limits: &Limits,
) -> Result<ExitCode, Failure> {
    no_output_flags(&args.output)?;
    let mut request = super::request(args, Vec::new());
    request.options.all_moves = false;
    let game = args.game.player(&request, limits)?;
    let start = game.analyse(&args.words.join(" "))?.position;
    let stdin = io::stdin();
    let stdout = io::stdout();
    play(&*game, start, first, &mut stdin.lock(), &mut stdout.lock())
}

/// `sprague play NAME …` for a scoring game of the catalogue: its rules on the board asked
/// for, the opening book given, from the position typed (or its entry's `line_parameter`).
pub fn run_scored(
    first: First,
    args: &CatalogueArgs,
    limits: &Limits,
) -> Result<ExitCode, Failure> {
    let given = |name: &str| {
        args.parameters
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    };
    if args.output.json
        || args.output.batch
        || given("stats").is_some()
        || given("fresh-table").is_some()
    {
        return Err(Failure::bad_input(
            "play takes no --json, --batch, --stats or --fresh-table",
        ));
    }
    let refused = args.game.play_refuses;
    if refused.iter().any(|name| given(name).is_some()) {
        let flags: Vec<String> = refused.iter().map(|name| format!("--{name}")).collect();
        let (last, rest) = flags.split_last().expect("a flag refused");
        return Err(Failure::bad_input(format!(
            "play takes no {} or {last}",
            rest.join(", ")
        )));
    }
    let side = |name: &str, default: u32| {
        given(name).map_or(default, |v| v.parse().expect("clap's range"))
    };
    let defaults = SolveOptions::default();
    let options = SolveOptions {
        width: side("width", defaults.width),
        height: side("height", defaults.height),
        ..defaults
    };
    let kind = args.game.score_game(&options).expect("a scoring game");
    let book = super::solve::given_book(given("book"), options.width, options.height, limits)?;
    let position = match args.game.line_parameter {
        Some(name) => given(name).unwrap_or_default(),
        None => args.words.first().map_or("", String::as_str),
    };
    play_scoring(kind, position, first, book, limits)
}

/// `sprague play script FILE …`: a game of your own, played from its analyses' listed moves (the
/// catalogue's games are played by [`run_catalogue`] and [`run_scored`]).
pub fn run(args: PlayArgs) -> Result<ExitCode, Failure> {
    let PlayGame::Script(a) = args.game;
    no_output_flags(&a.output)?;
    if a.every {
        return Err(Failure::bad_input("play takes no --every"));
    }
    let script_game = super::script::load(&a.file, &a.script)?;
    let mut session = ScriptSession::new(&script_game, a.script.max_positions);
    let analyse = move |p: &str, o: &_| session.analyse(p, o);
    let game = listed("script", a.misere, analyse);
    let start = game.analyse(&a.position.join(" "))?.position;
    let stdin = io::stdin();
    let stdout = io::stdout();
    play(
        &*game,
        start,
        args.first,
        &mut stdin.lock(),
        &mut stdout.lock(),
    )
}

/// A game analysed by `analyse`, played from its analyses' listed moves.
fn listed<'a>(
    name: &str,
    misere: bool,
    analyse: impl FnMut(&str, &AnalysisOptions) -> Analysed + 'a,
) -> Box<dyn Playable + 'a> {
    Box::new(ListedPlay::new(name, misere, Box::new(analyse)))
}

fn no_output_flags(output: &OutputArgs) -> Result<(), Failure> {
    if output.json || output.batch || output.all_moves {
        return Err(Failure::bad_input(
            "play takes no --json, --batch or --all-moves",
        ));
    }
    Ok(())
}

/// A scoring game: the players have names, a move may give its mover another move, so whose turn
/// it is comes from the game after every move; the game ends with a winner or a draw.
fn play_scoring(
    kind: ScoreGame,
    position: &str,
    first: First,
    book: Option<std::sync::Arc<sprague_api::book::Book>>,
    limits: &Limits,
) -> Result<ExitCode, Failure> {
    let mut game = ScorePlay::new(kind, limits)?;
    if let Some(book) = book {
        game.set_book(book);
    }
    let start = game.state(position)?;
    let stdin = io::stdin();
    let stdout = io::stdout();
    scoring_loop(
        &mut game,
        start.position,
        first,
        &mut stdin.lock(),
        &mut stdout.lock(),
    )
}

fn scoring_loop(
    game: &mut ScorePlay,
    mut position: String,
    first: First,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    let start = game.state(&position)?;
    // The user is the player to move at the start with `--first me`, the other one otherwise.
    let starter = start.to_move.clone().unwrap_or_default();
    let user_is = |player: &str| (player == starter) == (first == First::Me);
    writeln!(
        out,
        "You play {} against the engine{}. Type {}; `hint` shows the best moves, `quit` ends the \
         game.",
        game.name(),
        if starter.is_empty() {
            String::new()
        } else if first == First::Me {
            format!(" (you are {starter}, moving first)")
        } else {
            format!(" (the engine is {starter}, moving first)")
        },
        game.move_syntax()
    )?;
    let mut line = String::new();
    loop {
        let state = game.state(&position)?;
        for row in &state.board {
            writeln!(out, "  {row}")?;
        }
        let shown = if state.position.is_empty() {
            "(start)"
        } else {
            &state.position
        };
        match &state.score {
            Some(score) => writeln!(out, "position: {shown}   (score {score})")?,
            None => writeln!(out, "position: {shown}")?,
        }
        let Some(mover) = state.to_move.clone() else {
            let verdict = match &state.winner {
                Some(w) if user_is(w) => "you win",
                Some(_) => "the engine wins",
                None => "nobody wins",
            };
            writeln!(
                out,
                "game over: {}; {verdict}",
                state.result.as_deref().unwrap_or("")
            )?;
            out.flush()?;
            return Ok(ExitCode::SUCCESS);
        };
        if !user_is(&mover) {
            let chosen = game
                .engine_move(&position)?
                .ok_or_else(|| Failure::Internal("the engine found no move".into()))?;
            writeln!(
                out,
                "engine ({mover}): {}   ({})",
                chosen.played.text, chosen.why
            )?;
            position = chosen.played.to;
            continue;
        }
        if !ask(input, out, &format!("your move ({mover})> "), &mut line)? {
            return Ok(ExitCode::SUCCESS);
        }
        match line.trim() {
            "" => {}
            "quit" | "q" => {
                writeln!(out, "game abandoned")?;
                return Ok(ExitCode::SUCCESS);
            }
            "hint" => {
                let (moves, why) = game.hints(&position)?;
                for m in &moves {
                    writeln!(out, "hint: {}", m.text)?;
                }
                writeln!(out, "hint: ({why})")?;
                if let Some(scores) = game.move_scores(&position)? {
                    let listed: Vec<String> = scores
                        .iter()
                        .map(|(col, s)| format!("{col}: {s}"))
                        .collect();
                    writeln!(
                        out,
                        "hint: each column's score for you: {}",
                        listed.join(", ")
                    )?;
                }
            }
            typed => match game.user_move(&position, typed) {
                Ok(chosen) => {
                    writeln!(out, "you ({mover}): {}", chosen.text)?;
                    position = chosen.to;
                }
                Err(e) => writeln!(out, "illegal move: {e}; try again")?,
            },
        }
    }
}

/// Whose turn it is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Turn {
    User,
    Engine,
}

fn play(
    game: &dyn Playable,
    mut position: String,
    first: First,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    writeln!(
        out,
        "You play {} against a perfect opponent{}. Type a move as the analysis prints it or as the \
         position after it; `hint` shows the winning moves, `quit` ends the game.",
        game.name(),
        if game.is_misere() { " (misère: whoever cannot move wins)" } else { "" }
    )?;
    let mut turn = match first {
        First::Me => Turn::User,
        First::Engine => Turn::Engine,
    };
    let mut line = String::new();
    loop {
        let analysis = game.analyse(&position)?;
        writeln!(
            out,
            "position: {position}   ({}: {})",
            analysis.outcome,
            analysis.outcome.describe()
        )?;
        if game.stalling_move(&position)?.is_none() {
            // No move left: in normal play the player to move has lost, in misère play has won.
            let user_won = (turn == Turn::User) == game.is_misere();
            writeln!(
                out,
                "game over: {} cannot move; {}",
                if turn == Turn::User {
                    "you"
                } else {
                    "the engine"
                },
                if user_won {
                    "you win"
                } else {
                    "the engine wins"
                }
            )?;
            out.flush()?;
            return Ok(ExitCode::SUCCESS);
        }
        match turn {
            Turn::Engine => {
                let (chosen, why) =
                    engine_move(game, &position)?.expect("a move exists: checked above");
                let Some(to) = chosen.to else {
                    return won_at_once(out, &chosen.text, "the engine wins");
                };
                writeln!(out, "engine: {}   ({why})", chosen.text)?;
                position = to;
                turn = Turn::User;
            }
            Turn::User => {
                if !ask(input, out, "your move> ", &mut line)? {
                    return Ok(ExitCode::SUCCESS);
                }
                let typed = line.trim();
                match typed {
                    "" => continue,
                    "quit" | "q" => {
                        writeln!(out, "game abandoned")?;
                        return Ok(ExitCode::SUCCESS);
                    }
                    "hint" => {
                        if analysis.winning_moves.is_empty() {
                            writeln!(
                                out,
                                "hint: no winning move; every move loses against best play"
                            )?;
                        }
                        for m in &analysis.winning_moves {
                            writeln!(out, "hint: {}", m.text)?;
                        }
                        continue;
                    }
                    _ => {}
                }
                match game.user_move(&position, typed) {
                    Ok(chosen) => {
                        let Some(to) = chosen.to else {
                            return won_at_once(out, &chosen.text, "you win");
                        };
                        writeln!(out, "you: {}", chosen.text)?;
                        position = to;
                        turn = Turn::Engine;
                    }
                    Err(e) => writeln!(out, "illegal move: {e}; try again")?,
                }
            }
        }
    }
}

/// The end of a game by a move that wins at once (a script's `win()`: the move has no position
/// after it).
fn won_at_once(out: &mut impl Write, text: &str, verdict: &str) -> Result<ExitCode, Failure> {
    writeln!(
        out,
        "{} {text}",
        if verdict == "you win" {
            "you:"
        } else {
            "engine:"
        }
    )?;
    writeln!(out, "game over: a move that wins at once; {verdict}")?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Prints `prompt` and reads the user's next line into `line`; at the end of the input says the
/// game is abandoned and returns `false`.
fn ask(
    input: &mut impl BufRead,
    out: &mut impl Write,
    prompt: &str,
    line: &mut String,
) -> Result<bool, Failure> {
    write!(out, "{prompt}")?;
    out.flush()?;
    line.clear();
    // A typed line is capped as a `--batch` line is: endless input without a newline (a device,
    // a runaway pipe) is refused once it passes the cap, not read into memory.
    let mut bytes = Vec::new();
    let read = io::Read::take(&mut *input, super::MAX_BATCH_LINE as u64 + 1)
        .read_until(b'\n', &mut bytes)
        .map_err(|e| Failure::bad_input(format!("cannot read standard input: {e}")))?;
    if bytes.len() > super::MAX_BATCH_LINE && bytes.last() != Some(&b'\n') {
        return Err(Failure::bad_input(format!(
            "a line of input longer than {} bytes: no move is written so long",
            super::MAX_BATCH_LINE
        )));
    }
    *line = String::from_utf8(bytes)
        .map_err(|_| Failure::bad_input("a line of input is not UTF-8 text"))?;
    if read == 0 {
        writeln!(out)?;
        writeln!(out, "input ended: game abandoned")?;
        return Ok(false);
    }
    Ok(true)
}
