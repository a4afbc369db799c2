//! `sprague play <game> <position…>`: the user against the engine, move by move, in the terminal
//! or through a pipe.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use sprague_api::nim::NimPlay;
use sprague_api::play::{engine_move, ListedPlay, Playable};
use sprague_api::subtraction::SubtractionAnalyser;
use sprague_api::{bash, lasker, staircase, wythoff, Limits};

use crate::args::{First, OutputArgs, PlayArgs, PlayGame};
use crate::failure::Failure;

pub fn run(args: PlayArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let limits = *limits;
    let words = |text: &str| {
        text.split_whitespace()
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let (game, words): (Box<dyn Playable>, Vec<String>) = match args.game {
        PlayGame::Nim(a) => {
            no_output_flags(&a.output)?;
            (Box::new(NimPlay { misere: a.misere }), a.heaps)
        }
        PlayGame::Wythoff(a) => {
            no_output_flags(&a.output)?;
            let analyse = move |p: &str, o: &_| wythoff::analyse(&words(p), o, &limits);
            (
                Box::new(ListedPlay::new("wythoff", false, Box::new(analyse))),
                a.heaps,
            )
        }
        PlayGame::Bash(a) => {
            no_output_flags(&a.output)?;
            let rules = bash::parse_rules(&a.max, a.min.as_deref())?;
            let analyse = move |p: &str, o: &_| bash::analyse(&words(p), &rules, o, &limits);
            (
                Box::new(ListedPlay::new("bash", a.misere, Box::new(analyse))),
                a.heap,
            )
        }
        PlayGame::Staircase(a) => {
            no_output_flags(&a.output)?;
            let analyse = move |p: &str, o: &_| staircase::analyse(&words(p), o, &limits);
            (
                Box::new(ListedPlay::new("staircase", false, Box::new(analyse))),
                a.steps,
            )
        }
        PlayGame::Subtraction(a) => {
            no_output_flags(&a.output)?;
            let mut analyser = SubtractionAnalyser::new(&a.set, &limits)?;
            let analyse = move |p: &str, o: &_| analyser.analyse(&words(p), o, &limits);
            (
                Box::new(ListedPlay::new("subtraction", false, Box::new(analyse))),
                a.heaps,
            )
        }
        PlayGame::Lasker(a) => {
            no_output_flags(&a.output)?;
            let analyse = move |p: &str, o: &_| lasker::analyse(&words(p), o, &limits);
            (
                Box::new(ListedPlay::new("lasker", false, Box::new(analyse))),
                a.heaps,
            )
        }
    };
    let start = game.analyse(&words.join(" "))?.position;
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

fn no_output_flags(output: &OutputArgs) -> Result<(), Failure> {
    if output.json || output.batch || output.all_moves {
        return Err(Failure::bad_input(
            "play takes no --json, --batch or --all-moves",
        ));
    }
    Ok(())
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
                writeln!(out, "engine: {}   ({why})", chosen.text)?;
                position = chosen.to.expect("playable games give `to`");
                turn = Turn::User;
            }
            Turn::User => {
                write!(out, "your move> ")?;
                out.flush()?;
                line.clear();
                let read = input
                    .read_line(&mut line)
                    .map_err(|e| Failure::bad_input(format!("cannot read standard input: {e}")))?;
                if read == 0 {
                    writeln!(out)?;
                    writeln!(out, "input ended: game abandoned")?;
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
                        writeln!(out, "you: {}", chosen.text)?;
                        position = chosen.to.expect("playable games give `to`");
                        turn = Turn::Engine;
                    }
                    Err(e) => writeln!(out, "illegal move: {e}; try again")?,
                }
            }
        }
    }
}
