//! One module per command: turn arguments into a request, run it, print the report.

mod bash;
mod book;
mod games;
mod geography;
mod graph;
mod hackenbush;
mod nim;
mod octal;
mod play;
mod script;
mod serve;
mod solve;
mod subtraction;
mod table;

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use sprague_api::catalogue::Report;
use sprague_api::{Analysis, AnalysisOptions, Limits};

use crate::args::{CatalogueArgs, Command, OutputArgs, Parsed};
use crate::failure::Failure;
use crate::render;

pub fn run(parsed: Parsed) -> Result<ExitCode, Failure> {
    let limits = limits();
    let serving = matches!(&parsed, Parsed::Cli(cli) if matches!(cli.command, Command::Serve(_)));
    if !serving {
        // The whole run stays inside its limit: what the estimates miss ends at the allocator
        // with one line. (The server's own memory is bounded by what it holds per connection.)
        crate::memory::ALLOCATOR.limit_process(limits.memory_bytes);
    }
    let cli = match parsed {
        Parsed::Cli(cli) => cli,
        Parsed::Catalogue(args) => return catalogue_game(&args, &limits),
    };
    match cli.command {
        Command::Nim(args) => nim::run(args, &limits),
        Command::Graph(args) => graph::run(args, &limits),
        Command::Play(args) => play::run(args, &limits),
        Command::Book(args) => book::run(args, &limits),
        Command::Script(args) => script::run(args),
        Command::Table(args) => table::run(args),
        Command::Wythoff(args) => analyse_game("wythoff", &args.heaps, &args.output, &limits),
        Command::Bash(args) => bash::run(args, &limits),
        Command::Subtraction(args) => subtraction::run(args, &limits),
        Command::Lasker(args) => {
            let game = sprague_api::catalogue::game("lasker").expect("in the catalogue");
            let options = AnalysisOptions {
                every: args.every,
                ..options(&args.output, false)
            };
            analyse_words(game, &args.heaps, &[], options, &args.output, &limits)
        }
        Command::Octal(args) => octal::run(args, &limits),
        Command::Kayles(args) => heap_game("kayles", &args, &limits),
        Command::Dawson(args) => heap_game("dawson", &args, &limits),
        Command::DawsonsChess(args) => heap_game("dawsons-chess", &args, &limits),
        Command::Guiles(args) => heap_game("guiles", &args, &limits),
        Command::Treblecross(args) => heap_game("treblecross", &args, &limits),
        Command::GrundysGame(args) => heap_game("grundys-game", &args, &limits),
        Command::Hackenbush(args) => hackenbush::run(args, &limits),
        Command::Split(args) => analyse_game("split", &args.counts, &args.output, &limits),
        Command::Geography(args) => geography::run(args, &limits),
        Command::Solve(args) => solve::run(args, &limits),
        Command::Games(args) => games::run(&args),
        Command::Serve(args) => serve::run(&args),
    }
}

/// The limits of this run: `SPRAGUE_MEMORY_LIMIT` (bytes with an optional K, M or G suffix), else
/// four fifths of the memory available, either way within the room an address-space rlimit or a
/// memory cgroup leaves (`sprague_api::machine`); and the time a request whose cost is known
/// before it starts may take (`SPRAGUE_TIME_LIMIT`, in seconds; ten minutes by default).
pub(crate) fn limits() -> Limits {
    // Read once, at the start of the run: the room the hard limits leave shrinks as the run
    // itself maps memory, and every part of one run plans with the same figure.
    static LIMITS: std::sync::OnceLock<Limits> = std::sync::OnceLock::new();
    *LIMITS.get_or_init(read_limits)
}

fn read_limits() -> Limits {
    let mut limits = Limits::default();
    if let Some(seconds) = std::env::var("SPRAGUE_TIME_LIMIT")
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
    {
        limits.max_seconds = seconds;
    }
    if let Some(bytes) = std::env::var("SPRAGUE_MEMORY_LIMIT")
        .ok()
        .and_then(|v| crate::size::parse_size(&v))
    {
        limits.memory_bytes = sprague_api::machine::within_hard_limits(bytes);
    } else if let Some(bytes) = sprague_api::machine::default_memory_limit() {
        limits.memory_bytes = bytes;
    }
    limits
}

/// The table size of `--memory SIZE`, `None` when not given.
fn table_size(memory: Option<&str>) -> Result<Option<u64>, Failure> {
    memory
        .map(|text| {
            crate::size::parse_size(text).ok_or_else(|| {
                Failure::bad_input(format!(
                    "--memory `{text}`: expected bytes, or a number with K, M or G"
                ))
            })
        })
        .transpose()
}

/// Runs a game of the catalogue whose position is the words typed (with `--batch`, the words of
/// every line after them): the game's own command module is then one line here.
fn analyse_game(
    name: &str,
    words: &[String],
    output: &OutputArgs,
    limits: &Limits,
) -> Result<ExitCode, Failure> {
    let game = sprague_api::catalogue::game(name).expect("every game command is in the catalogue");
    analyse_words(game, words, &[], options(output, false), output, limits)
}

/// A named heap game (`kayles H… [--misere | --every]`).
fn heap_game(
    name: &str,
    args: &crate::args::HeapGameArgs,
    limits: &Limits,
) -> Result<ExitCode, Failure> {
    let game = sprague_api::catalogue::game(name).expect("every game command is in the catalogue");
    let options = AnalysisOptions {
        every: args.every,
        ..options(&args.output, args.misere)
    };
    analyse_words(game, &args.words, &[], options, &args.output, limits)
}

/// A game whose subcommand is made from its catalogue entry (`args::catalogue_subcommand`).
fn catalogue_game(args: &CatalogueArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    if args.game.command == sprague_api::catalogue::Command::Calculate {
        return calculate_words(args, limits);
    }
    analyse_words(
        args.game,
        &args.words,
        &args.parameters,
        options(&args.output, args.misere),
        &args.output,
        limits,
    )
}

/// The analysis of `game` at the words typed, with its parameters, or of every `--batch` line
/// after them.
fn analyse_words(
    game: &sprague_api::catalogue::Game,
    words: &[String],
    parameters: &[(&'static str, String)],
    options: AnalysisOptions,
    output: &OutputArgs,
    limits: &Limits,
) -> Result<ExitCode, Failure> {
    let parameters = parameters
        .iter()
        .map(|(name, value)| (*name, value.as_str()))
        .collect();
    let analyse = |words: &[&str]| -> Result<Analysis, Failure> {
        let request = sprague_api::catalogue::Request {
            words: words.to_vec(),
            parameters: std::collections::BTreeMap::clone(&parameters),
            options,
            ..Default::default()
        };
        Ok(game.analyse(&request, limits)?)
    };
    if output.batch {
        return word_batch(words, analyse);
    }
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    print(output, &analyse(&words)?)
}

/// A calculation of the catalogue (`nim-product`) on the words typed, or on every `--batch` line
/// after them: `{"value": …}` as JSON, its one line as text.
fn calculate_words(args: &CatalogueArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let calculate = |words: &[&str]| -> Result<Report, Failure> {
        let request = sprague_api::catalogue::Request {
            words: words.to_vec(),
            ..Default::default()
        };
        Ok(args.game.answer(&request, limits)?)
    };
    if args.output.batch {
        return word_batch(&args.words, calculate);
    }
    let words: Vec<&str> = args.words.iter().map(String::as_str).collect();
    let report = calculate(&words)?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match &report {
        Report::Value(value) if !args.output.json => writeln!(out, "{}", value.text)?,
        _ => {
            serde_json::to_writer(&mut out, &report)?;
            writeln!(out)?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn options(output: &OutputArgs, misere: bool) -> AnalysisOptions {
    AnalysisOptions {
        all_moves: output.all_moves,
        misere,
        ..AnalysisOptions::default()
    }
}

/// Prints one analysis as text or JSON.
fn print(output: &OutputArgs, analysis: &Analysis) -> Result<ExitCode, Failure> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if output.json {
        render::json(&mut out, analysis)?;
    } else {
        render::text(&mut out, analysis)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Runs `analyse` on every non-empty line of standard input, printing one JSON object per line;
/// a bad line prints `{"error": …, "line": n}` and the run goes on. Exits 2 if any line was bad.
fn batch<T: serde::Serialize>(
    mut analyse: impl FnMut(&str) -> Result<T, Failure>,
) -> Result<ExitCode, Failure> {
    batch_with(|line, out| {
        let analysis = analyse(line)?;
        serde_json::to_writer(&mut *out, &analysis)?;
        out.push(b'\n');
        Ok(())
    })
}

/// Runs `analyse` on the words of every line of standard input, after `given`: the words typed on
/// the command line come first on every line, so `octal 0.77 --batch` reads heaps and
/// `nim 3 --batch` adds a heap of 3 to each line's.
fn word_batch<T: serde::Serialize>(
    given: &[String],
    mut analyse: impl FnMut(&[&str]) -> Result<T, Failure>,
) -> Result<ExitCode, Failure> {
    batch(|line| {
        let words: Vec<&str> = given
            .iter()
            .map(String::as_str)
            .chain(line.split_whitespace())
            .collect();
        analyse(&words)
    })
}

/// Refuses a position typed on the command line together with `--batch` where it cannot be a
/// prefix of each line (a file, a board): nothing typed is silently dropped.
fn refuse_position_with_batch(given: bool, what: &str) -> Result<(), Failure> {
    if given {
        return Err(Failure::bad_input(format!(
            "give {what} on the command line or lines on standard input with --batch, not both"
        )));
    }
    Ok(())
}

/// The longest `--batch` line read: a longer one gets its error object, its bytes are skipped
/// without being kept, and the run goes on. Sixteen MiB holds any position a command accepts.
pub(crate) const MAX_BATCH_LINE: usize = 16 << 20;

/// The batch loop, with `write` putting each line's JSON object (and its newline) into a buffer.
fn batch_with(
    mut write: impl FnMut(&str, &mut Vec<u8>) -> Result<(), Failure>,
) -> Result<ExitCode, Failure> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut any_bad = false;
    let mut input = stdin.lock();
    let mut line_no = 0usize;
    let mut line = Vec::new();
    let mut buffer = Vec::new();
    while let Some(status) = read_batch_line(&mut input, &mut line, MAX_BATCH_LINE)? {
        line_no += 1;
        let result = match status {
            BatchLine::TooLong => Err(Failure::bad_input(format!(
                "the line is longer than {} MiB",
                MAX_BATCH_LINE >> 20
            ))),
            BatchLine::Complete => match std::str::from_utf8(&line) {
                Err(e) => Err(Failure::bad_input(format!(
                    "the line is not UTF-8 text (byte {})",
                    e.valid_up_to() + 1
                ))),
                Ok(text) if text.trim().is_empty() => continue,
                Ok(text) => {
                    buffer.clear();
                    write(text.trim(), &mut buffer)
                }
            },
        };
        match result {
            Ok(()) => out.write_all(&buffer)?,
            Err(Failure::BadInput(message) | Failure::TooLarge(message, ..)) => {
                any_bad = true;
                serde_json::to_writer(
                    &mut out,
                    &serde_json::json!({"error": message, "line": line_no}),
                )?;
                out.write_all(b"\n")?;
            }
            Err(other) => return Err(other),
        }
    }
    out.flush()?;
    Ok(if any_bad {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// How [`read_batch_line`] found the line.
enum BatchLine {
    /// The line (without its newline) is in the buffer.
    Complete,
    /// The line was longer than the limit; its bytes were read and dropped.
    TooLong,
}

/// Reads one line into `line` (cleared first, newline dropped), keeping at most `limit` bytes:
/// the rest of a longer line is consumed without being stored, so memory stays bounded on any
/// input. `None` at the end of the input.
fn read_batch_line(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    limit: usize,
) -> Result<Option<BatchLine>, Failure> {
    line.clear();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => {
                return Err(Failure::bad_input(format!(
                    "cannot read standard input: {e}"
                )))
            }
        };
        if chunk.is_empty() {
            break;
        }
        read_any = true;
        let (piece, used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(end) => (&chunk[..end], end + 1, true),
            None => (chunk, chunk.len(), false),
        };
        if !too_long {
            if line.len() + piece.len() > limit {
                too_long = true;
                line.clear();
            } else {
                line.extend_from_slice(piece);
            }
        }
        input.consume(used);
        if done {
            break;
        }
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(read_any.then_some(if too_long {
        BatchLine::TooLong
    } else {
        BatchLine::Complete
    }))
}

/// A command whose position is a file (`-` for standard input): analyses FILE, or with `--batch`
/// every file named on standard input; errors are prefixed with the file's name.
fn file_command(
    file: Option<&str>,
    output: &OutputArgs,
    limits: &Limits,
    analyse: impl Fn(&[u8]) -> Result<Analysis, sprague_api::Error>,
) -> Result<ExitCode, Failure> {
    let analyse_file = |path: &str| -> Result<Analysis, Failure> {
        let bytes = crate::input::read_counted(path, limits)?;
        Ok(analyse(&bytes).map_err(|e| e.context(path))?)
    };
    if output.batch {
        refuse_position_with_batch(file.is_some(), "FILE")?;
        return batch(analyse_file);
    }
    let file = file.expect("clap requires FILE without --batch");
    let analysis = analyse_file(file)?;
    print(output, &analysis)
}
