//! `sprague solve <game>`: scoring games by minimax (Triangle War, tic-tac-toe, Connect Four), and
//! the cursor game of the seed notes by the matching theorem. Each is answered by its catalogue
//! entry (`Game::solve`, `Game::answer`), as the other front ends answer it.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use sprague_api::catalogue::{self, Report, Request};
use sprague_api::{cursors, Limits, ScoreReport, ScoreSolver, SolveOptions};

use crate::args::{CatalogueArgs, OutputArgs};
use crate::failure::Failure;

/// `sprague solve NAME …`: the solver's options from the flags the entry declares (`--stats`,
/// `--fresh-table`, Connect Four's `--width`, `--memory`, `--weak`, …), then the position typed
/// (or the value of the entry's `line_parameter`), or every `--batch` line.
pub fn run(args: &CatalogueArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let given = |name: &str| {
        args.parameters
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    };
    if !args.game.is_scored() {
        return run_cursors(args, given, limits);
    }
    let number = |name: &str| given(name).map(|v| v.parse::<u32>().expect("clap's range"));
    let mut options = SolveOptions {
        stats: given("stats").is_some(),
        fresh_table: given("fresh-table").is_some(),
        weak: given("weak").is_some(),
        best_moves: given("score-only").is_none(),
        all_moves: given("all-moves").is_some(),
        book: given("no-book").is_none(),
        table_bytes: super::table_size(given("memory"))?,
        ..SolveOptions::default()
    };
    options.threads = number("threads").map_or(options.threads, |t| t as usize);
    options.width = number("width").unwrap_or(options.width);
    options.height = number("height").unwrap_or(options.height);
    options.given_book = given_book(given("book"), options.width, options.height, limits)?;
    let position = match args.game.line_parameter {
        Some(name) => given(name).unwrap_or_default(),
        None => args.words.first().map_or("", String::as_str),
    };
    let mut solver = ScoreSolver::new(*limits);
    let game = args.game;
    // The board's size is in the options: the request gives no width or height.
    one_or_batch(game.name, &args.output, position, |line| {
        solve(game, game.line_parameter, &mut solver, line, &options)
    })
}

/// Solves `position` of the scoring game `game` through its catalogue entry: the position is the
/// request's words, or the value of its `parameter` (`moves`).
fn solve(
    game: &catalogue::Game,
    parameter: Option<&'static str>,
    solver: &mut ScoreSolver,
    position: &str,
    options: &SolveOptions,
) -> Result<ScoreReport, Failure> {
    let mut request = Request::default();
    match parameter {
        Some(parameter) => {
            request.parameters.insert(parameter, position);
        }
        None => request.words.push(position),
    }
    Ok(game
        .solve(solver, &request, options)
        .expect("a scoring game is solved")?)
}

/// Solves `position`, or with `--batch` every line of standard input.
fn one_or_batch(
    what: &str,
    output: &OutputArgs,
    position: &str,
    mut solve: impl FnMut(&str) -> Result<ScoreReport, Failure>,
) -> Result<ExitCode, Failure> {
    if output.batch {
        super::refuse_position_with_batch(!position.is_empty(), "a position")?;
        return batch(solve);
    }
    let report = {
        let _progress = crate::progress::SearchLine::start(what);
        solve(position)?
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if output.json {
        json(&mut out, &report)?;
    } else {
        crate::render::score(&mut out, &report)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn json(out: &mut impl Write, report: &ScoreReport) -> Result<(), Failure> {
    serde_json::to_writer(&mut *out, report)?;
    out.write_all(b"\n")?;
    Ok(())
}

/// One JSON object per line of standard input; a bad line gives `{"error": …, "line": n}` and the
/// run goes on, exiting 2 at the end.
fn batch(mut solve: impl FnMut(&str) -> Result<ScoreReport, Failure>) -> Result<ExitCode, Failure> {
    super::batch_with(|line, out| json(out, &solve(line)?))
}

/// A sequence as typed, or the contents of FILE for `@FILE`.
/// A file of numbers is read up to 256 MiB (about 25 million values) or a quarter of the memory
/// limit, whichever is less: `@/dev/zero` ends in one error line.
fn sequence_text(word: &str, limits: &Limits) -> Result<String, Failure> {
    match word.strip_prefix('@') {
        Some(path) => {
            let max_bytes = (256 << 20).min(limits.memory_bytes / 4);
            crate::input::read_text(path, max_bytes, "sequence")
        }
        None => Ok(word.to_owned()),
    }
}

/// Solves one cursor game from its two sequences (as typed: a list or `@FILE`) and its start,
/// through its catalogue entry.
fn solve_cursors(
    a: &str,
    b: &str,
    start: &str,
    limits: &Limits,
) -> Result<cursors::CursorsReport, Failure> {
    let a = sequence_text(a, limits)?;
    if b.starts_with('@') {
        // A bad `--a` is said before `--b`'s file is read.
        cursors::parse_sequence(&a, "a", limits)?;
    }
    let b = sequence_text(b, limits)?;
    let request = Request {
        parameters: [("a", a.as_str()), ("b", b.as_str()), ("start", start)]
            .into_iter()
            .collect(),
        ..Request::default()
    };
    let game = catalogue::game("cursors").expect("the cursor game is in the catalogue");
    match game.answer(&request, limits)? {
        Report::Cursors(report) => Ok(report),
        _ => unreachable!("the cursor game's answer is its report"),
    }
}

fn run_cursors<'a>(
    args: &'a CatalogueArgs,
    given: impl Fn(&str) -> Option<&'a str>,
    limits: &Limits,
) -> Result<ExitCode, Failure> {
    let (a, b) = (given("a"), given("b"));
    let default_start = given("start").unwrap_or("1,1");
    if args.output.batch {
        super::refuse_position_with_batch(a.is_some() || b.is_some(), "--a and --b")?;
        // Each line: `A B [C,D]`, the two sequences and the start (else --start).
        return super::batch_with(|line, out| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let (a, b, start) = match words[..] {
                [a, b] => (a, b, default_start),
                [a, b, start] => (a, b, start),
                _ => {
                    return Err(Failure::bad_input(
                        "expected `A B [C,D]` on the line: two comma-separated sequences and an optional start",
                    ))
                }
            };
            serde_json::to_writer(&mut *out, &solve_cursors(a, b, start, limits)?)?;
            out.push(b'\n');
            Ok(())
        });
    }
    let (Some(a), Some(b)) = (a, b) else {
        return Err(Failure::bad_input(
            "give --a and --b (or lines `A B` with --batch)",
        ));
    };
    let report = solve_cursors(a, b, default_start, limits)?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if args.output.json {
        serde_json::to_writer(&mut out, &report)?;
        writeln!(out)?;
    } else {
        crate::render::cursors(&mut out, &report)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The book of `--book FILE`, read and checked against the board asked for.
pub fn given_book(
    book: Option<&str>,
    width: u32,
    height: u32,
    limits: &sprague_api::Limits,
) -> Result<Option<std::sync::Arc<sprague_api::book::Book>>, Failure> {
    let Some(path) = book else {
        return Ok(None);
    };
    if path == "-" {
        return Err(Failure::bad_input(
            "--book reads a file built by `sprague book connect4`, not standard input",
        ));
    }
    if crate::served::is_served() {
        return Err(Failure::bad_input(
            "--book: the server reads none of its files; it answers with the book it ships",
        ));
    }
    // A book holds some 10 bytes a position: depth 12 on 7×6 (a few million positions) is tens
    // of megabytes, so 256 MiB is plenty, and `/dev/zero` is refused after reading no more.
    let most = (256 << 20).min(limits.memory_bytes / 2);
    let bytes = crate::input::read_bytes(path, most, "book")?;
    Ok(Some(sprague_api::book::read_book(&bytes, width, height)?))
}
