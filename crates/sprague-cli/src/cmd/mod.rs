//! One module per command that is not a game: turn arguments into a request, run it, print the
//! report. Every game is run here, the same way for all: a request made from its catalogue
//! entry's flags, answered by the catalogue (`Game::analyser`, `Game::answer`), its report
//! printed by its kind (`render`).

mod book;
mod games;
mod generate;
mod play;
mod script;
mod serve;
mod solve;
mod table;

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use sprague_api::catalogue::Report;
use sprague_api::{Analysis, AnalysisOptions, Limits};

use crate::args::{CatalogueArgs, Command, OutputArgs, Parsed};
use crate::failure::Failure;
use crate::render;
use sprague_api::catalogue::Input;

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
        Parsed::Play(first, args) if args.game.is_scored() => {
            return play::run_scored(first, &args, &limits)
        }
        Parsed::Play(first, args) => return play::run_catalogue(first, &args, &limits),
        Parsed::Table(game, args) => return table::named(game.name, args),
        Parsed::Tabulate(game, parameters, range, json) => {
            return table::tabulated(game, &parameters, &range, json)
        }
        Parsed::Solve(args) => return solve::run(&args, &limits),
    };
    match cli.command {
        Command::Play(args) => play::run(args),
        Command::Book(args) => book::run(args, &limits),
        Command::Script(args) => script::run(args),
        Command::Table(args) => table::run(args),
        Command::Solve(_) => unreachable!("`solve`'s games are the catalogue's"),
        Command::Games(args) => games::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Completions(args) => generate::completions(args.shell),
        Command::Man => generate::man(),
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
    let mut limits = Limits {
        progress: Some(&crate::progress::SEARCH),
        ..Limits::default()
    };
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

/// A game of the catalogue: a calculation, a game whose position is a file's text, or one whose
/// position is the words typed.
fn catalogue_game(args: &CatalogueArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    match (args.game.command, args.game.input) {
        (sprague_api::catalogue::Command::Calculate, _) => calculate_words(args, limits),
        (_, Input::File) => file_game(args, limits),
        _ => analyse_words(args, limits),
    }
}

/// The request of `args` for the position `words`.
fn request<'a>(
    args: &'a CatalogueArgs,
    words: Vec<&'a str>,
) -> sprague_api::catalogue::Request<'a> {
    sprague_api::catalogue::Request {
        words,
        parameters: args
            .parameters
            .iter()
            .map(|(name, value)| (*name, value.as_str()))
            .collect(),
        options: AnalysisOptions {
            all_moves: args.output.all_moves,
            misere: args.misere,
            every: args.every,
        },
        ..Default::default()
    }
}

/// The analysis of a game at the words typed, with its parameters, or of every `--batch` line
/// after them (one analyser for the run: what the lines share is built once).
fn analyse_words(args: &CatalogueArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let game = args.game;
    let mut analyser = game.analyser(&request(args, Vec::new()), limits)?;
    if args.output.batch {
        let options = request(args, Vec::new()).options;
        let plain = !options.misere && !options.all_moves && !options.every;
        if let Some(write_json) = game.write_json().filter(|_| args.parameters.is_empty()) {
            // The typed words and the line are one text: the fast writer reads it whole.
            let given = args.words.join(" ");
            return batch_with(|line, out| {
                let joined;
                let line = if given.is_empty() {
                    line
                } else {
                    joined = format!("{given} {line}");
                    &joined
                };
                if plain && write_json(line, out) {
                    return Ok(());
                }
                let analysis =
                    analyser.analyse(&request(args, line.split_whitespace().collect()))?;
                serde_json::to_writer(&mut *out, &analysis)?;
                out.push(b'\n');
                Ok(())
            });
        }
        return word_batch(&args.words, |words| {
            Ok(analyser.analyse(&request(args, words.to_vec()))?)
        });
    }
    let request = request(args, args.words.iter().map(String::as_str).collect());
    if let Some(notice) = game.notice(&request, limits) {
        eprintln!("{notice}");
    }
    let analysis = {
        let _progress = crate::progress::SearchLine::start(game.name);
        analyser.analyse(&request)?
    };
    print(&args.output, &analysis)
}

/// A game whose position is a file's text (`-` for standard input): FILE, or with `--batch`
/// every file named on standard input, a line `FILE VALUE` giving the entry's
/// `line_parameter` too (else its flag's value). Errors about a file's text name the file.
fn file_game(args: &CatalogueArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let game = args.game;
    let answer = |path: &str, value: Option<&str>| -> Result<Report, Failure> {
        let bytes = crate::input::read_counted(path, limits)?;
        let mut request = request(args, Vec::new());
        request.text = Some(&bytes);
        request.source = Some(path);
        if let (Some(name), Some(value)) = (game.line_parameter, value) {
            request.parameters.insert(name, value);
        }
        Ok(game.answer(&request, limits)?)
    };
    if !args.output.batch {
        let path = args
            .words
            .first()
            .expect("clap requires FILE without --batch");
        return print_report(&args.output, &answer(path, None)?);
    }
    refuse_position_with_batch(!args.words.is_empty(), game.words.0)?;
    // A flag given that conflicts with the line's parameter (`--all`, not `--start`): the whole
    // line is the file's name.
    let flags = game.cli_flags();
    let fill = game.line_parameter.filter(|name| {
        !args.parameters.iter().any(|(given, _)| {
            flags
                .iter()
                .any(|f| f.name == *given && f.conflicts.contains(name))
        })
    });
    batch_with(|line, out| {
        let report = match fill {
            None => answer(line, None)?,
            Some(name) => {
                let mut words = line.split_whitespace();
                let path = words.next().unwrap_or_default();
                let given = args.parameters.iter().find(|(n, _)| *n == name);
                let value = words
                    .next()
                    .or(given.map(|(_, v)| v.as_str()))
                    .ok_or_else(|| {
                        Failure::bad_input(format!(
                            "expected `{} {}` on the line",
                            game.words.0,
                            name.to_uppercase()
                        ))
                    })?;
                answer(path, Some(value))?
            }
        };
        serde_json::to_writer(&mut *out, &report)?;
        out.push(b'\n');
        Ok(())
    })
}

/// A calculation of the catalogue (`nim-product`) on the words typed, or on every `--batch` line
/// after them: `{"value": …}` as JSON, its one line as text.
fn calculate_words(args: &CatalogueArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let calculate = |words: &[&str]| -> Result<Report, Failure> {
        Ok(args.game.answer(&request(args, words.to_vec()), limits)?)
    };
    if args.output.batch {
        return word_batch(&args.words, calculate);
    }
    let words: Vec<&str> = args.words.iter().map(String::as_str).collect();
    print_report(&args.output, &calculate(&words)?)
}

fn options(output: &OutputArgs, misere: bool) -> AnalysisOptions {
    AnalysisOptions {
        all_moves: output.all_moves,
        misere,
        ..AnalysisOptions::default()
    }
}

/// Prints one report as text or JSON, the text by the report's kind.
fn print_report(output: &OutputArgs, report: &Report) -> Result<ExitCode, Failure> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if output.json {
        serde_json::to_writer(&mut out, report)?;
        writeln!(out)?;
    } else {
        render::report(&mut out, report)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
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
