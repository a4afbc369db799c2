//! `sprague book connect4`: builds an opening book, a position at a time, resumable.

use std::fs::OpenOptions;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sprague_api::book::BookBuild;
use sprague_api::{Limits, ScoreSolver, SolveOptions};

use crate::args::{BookArgs, BookGame};
use crate::failure::Failure;

/// The exit code of a run stopped before its end, as `table`'s.
const INTERRUPTED: u8 = 130;

/// Frontier positions solved so far (resumed ones included), for the Ctrl-C handler.
static SOLVED: AtomicUsize = AtomicUsize::new(0);

/// What a stopped run says: how far it got and how to go on.
fn stopped_message(solved: usize) -> String {
    let (frontier, progress) = STOPPED_WITH.get().cloned().unwrap_or_default();
    format!(
        "interrupted with {solved} of {frontier} positions solved: they are in {progress}; run \
         the same command to go on"
    )
}

static STOPPED_WITH: OnceLock<(usize, String)> = OnceLock::new();

pub fn run(args: BookArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let BookGame::Connect4(args) = args.game;
    // Both files are checked before any work: a device, a folder that does not exist.
    if crate::output_file::is_stdout(&args.out) {
        // `-` is standard output everywhere; a book is built in steps kept beside its file.
        return Err(Failure::bad_input(
            "--out -: a book is written to a file, its progress kept beside it: name the file",
        ));
    }
    crate::output_file::target(&args.out, "--out")?;
    let progress_path = PathBuf::from(format!("{}.progress", args.out.display()));
    let progress_target = crate::output_file::target(&progress_path, "the progress file")?;
    let mut build = BookBuild::new(args.board.width, args.board.height, args.depth, limits)?;
    let fail = |e: io::Error| {
        Failure::bad_input(format!(
            "the progress file `{}`: {e}",
            progress_path.display()
        ))
    };
    // The progress file holds at most a line per frontier position (the columns, with commas
    // on wide boards, and a score): anything longer is not ours, and is not read whole.
    let longest = 64 + build.frontier_len() as u64 * (4 * u64::from(args.depth) + 8);
    let resumed = match std::fs::metadata(&progress_target) {
        Ok(meta) if meta.len() > longest => {
            return Err(Failure::bad_input(format!(
                "the progress file `{}` is {} bytes, more than a book of this depth writes \
                 ({longest})",
                progress_path.display(),
                meta.len()
            )))
        }
        Ok(_) => build.resume(&std::fs::read_to_string(&progress_target).map_err(fail)?)?,
        Err(e) if e.kind() == io::ErrorKind::NotFound => 0,
        Err(e) => return Err(fail(e)),
    };
    // Positions are solved side by side, each by its own one-thread search with its own table
    // (the memory shared equally): independent positions scale with the cores, which the
    // threads of one search do not (1.4x on two).
    let remaining = build.remaining();
    let workers = usize::from(args.threads).clamp(1, remaining.len().max(1));
    let table_bytes = match super::table_size(args.memory.as_deref())? {
        Some(bytes) if bytes / (workers as u64) < 4096 => {
            return Err(Failure::bad_input(format!(
                "--memory {}: {} bytes for each of the {workers} threads, less than the 4096 \
                 bytes a table needs",
                args.memory.as_deref().unwrap_or_default(),
                bytes / workers as u64
            )))
        }
        bytes => bytes.map(|b| b / workers as u64),
    };
    let worker_limits = Limits {
        memory_bytes: limits.memory_bytes / workers as u64,
        ..*limits
    };
    let options = SolveOptions {
        best_moves: false,
        threads: 1,
        width: args.board.width,
        height: args.board.height,
        table_bytes,
        ..SolveOptions::default()
    };
    // Every worker's table is allocated before the first position, so a table that does not
    // fit is refused at once.
    let mut solvers = Vec::with_capacity(workers);
    for _ in 0..workers {
        let mut solver = ScoreSolver::new(worker_limits);
        solver.prepare_connect4(&options)?;
        solvers.push(solver);
    }
    // The progress file is made only once every table fits.
    let mut progress_file = if resumed > 0 {
        OpenOptions::new()
            .append(true)
            .open(&progress_target)
            .map_err(fail)?
    } else {
        let mut file = std::fs::File::create(&progress_target).map_err(fail)?;
        file.write_all(format!("{}\n", build.header()).as_bytes())
            .map_err(fail)?;
        file
    };
    SOLVED.store(resumed, Ordering::SeqCst);
    let _ = STOPPED_WITH.set((build.frontier_len(), progress_path.display().to_string()));
    // A search cannot stop half-way: Ctrl-C ends the process at once, and the positions solved
    // are already in the progress file (each line written whole as it was found).
    let _ = ctrlc::set_handler(|| {
        eprintln!("{}", stopped_message(SOLVED.load(Ordering::SeqCst)));
        std::process::exit(i32::from(INTERRUPTED));
    });
    // For tests: stop as if interrupted once this many positions are solved by this run.
    let stop_after: Option<usize> = std::env::var("SPRAGUE_STOP_AFTER")
        .ok()
        .and_then(|v| v.trim().parse().ok());
    let bar = progress_bar(build.frontier_len(), resumed);
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let quit = std::sync::atomic::AtomicBool::new(false);
    let (found_tx, found) = std::sync::mpsc::channel::<Result<(usize, i32), Failure>>();
    let outcome = std::thread::scope(|scope| -> Result<Option<usize>, Failure> {
        for mut solver in solvers {
            let (next, quit, found_tx, remaining, options) =
                (&next, &quit, found_tx.clone(), &remaining, &options);
            scope.spawn(move || {
                while !quit.load(Ordering::SeqCst) {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    let Some(seq) = remaining.get(index) else {
                        return;
                    };
                    let score = solver
                        .connect4(seq, options)
                        .map(|report| (index, report.result.number()))
                        .map_err(Failure::from);
                    if found_tx.send(score).is_err() {
                        return;
                    }
                }
            });
        }
        drop(found_tx);
        let mut done = 0;
        let stop = || quit.store(true, Ordering::SeqCst);
        if stop_after == Some(0) {
            stop();
            return Ok(Some(0));
        }
        for score in found {
            let (index, score) = match score {
                Ok(found) => found,
                Err(e) => {
                    stop();
                    return Err(e);
                }
            };
            // One whole line a write: a run killed mid-write leaves a line without its
            // newline, which the next run leaves out.
            let line = build.record(&remaining[index], score);
            if let Err(e) = progress_file.write_all(line.as_bytes()) {
                stop();
                return Err(fail(e));
            }
            SOLVED.fetch_add(1, Ordering::SeqCst);
            bar.inc(1);
            done += 1;
            if stop_after == Some(done) {
                stop();
                return Ok(Some(done));
            }
        }
        Ok(None)
    })?;
    if let Some(done) = outcome {
        bar.finish_and_clear();
        eprintln!("{}", stopped_message(resumed + done));
        return Ok(ExitCode::from(INTERRUPTED));
    }
    progress_file.sync_all().map_err(fail)?;
    bar.finish_and_clear();
    let (bytes, positions) = build.finish()?;
    crate::output_file::write_atomically(&args.out, "--out", |w| w.write_all(&bytes))?;
    std::fs::remove_file(&progress_target).map_err(fail)?;
    let seconds = started.elapsed().as_secs_f64();
    let mut out = io::stdout().lock();
    if args.json {
        let summary = serde_json::json!({
            "game": "connect4",
            "width": args.board.width,
            "height": args.board.height,
            "depth": args.depth,
            "positions": positions,
            "frontier": build.frontier_len(),
            "solved": remaining.len(),
            "resumed": resumed,
            "bytes": bytes.len(),
            "seconds": (seconds * 1000.0).round() / 1000.0,
        });
        writeln!(out, "{summary}")?;
    } else {
        writeln!(
            out,
            "book of depth {} on {}×{}: {positions} positions ({} of {} stones solved now, {resumed} \
             from an earlier run, in {seconds:.1} s) -> {} ({} bytes)",
            args.depth,
            args.board.width,
            args.board.height,
            remaining.len(),
            args.depth,
            args.out.display(),
            bytes.len()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A bar on a terminal (positions solved of the frontier), nothing otherwise.
fn progress_bar(len: usize, done: usize) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} positions, {elapsed} (eta {eta})")
            .expect("a valid template"),
    );
    bar.set_position(done as u64);
    bar
}
