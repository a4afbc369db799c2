//! `sprague table <family> --upto N`: Grundy sequences and their periods (and grids for
//! two-dimensional scripted games).

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use sprague_api::tables::long_run::{self, RunEnd};

use sprague_api::script::ScriptSession;
use sprague_api::tables::{FormulaReport, GridReport, TableReport, TableView};

use sprague_api::octal::HeapRule;
use sprague_api::{parse, tables};

use crate::args::{
    TableArgs, TableFamily, TableHeapArgs, TableRangeArgs, TableRunArgs, TableScriptArgs,
};
use crate::failure::Failure;

pub fn run(args: TableArgs) -> Result<ExitCode, Failure> {
    match args.family {
        TableFamily::Script(a) => script(a),
        TableFamily::Octal(a) => match (&a.code, &a.take_set) {
            (_, Some(set)) => {
                let (rule, family) = parse::parse_take_set(set)?;
                heap(&family, &rule, a.table)
            }
            (Some(code), None) => {
                heap(&format!("octal {code}"), &parse::parse_code(code)?, a.table)
            }
            (None, None) => unreachable!("clap requires a code or --take-set"),
        },
    }
}

/// `sprague table NAME` for a game of the catalogue whose table is computed whole
/// (`Game::tabulate`), with its parameters.
pub fn tabulated(
    game: &sprague_api::catalogue::Game,
    parameters: &[(&'static str, String)],
    range: &TableRangeArgs,
    json: bool,
) -> Result<ExitCode, Failure> {
    let request = sprague_api::catalogue::Request {
        parameters: parameters.iter().map(|(n, v)| (*n, v.as_str())).collect(),
        ..Default::default()
    };
    whole(range, json, |upto, proved, limits| {
        game.tabulate(&request, upto, proved, limits)
            .expect("a game with a table of its own")
    })
}

/// A table computed whole by `table` from `--upto`, `--until-proved` and the limits, its
/// outputs checked first, then [`finish`]ed.
fn whole(
    range: &TableRangeArgs,
    json: bool,
    table: impl FnOnce(u64, bool, &sprague_api::Limits) -> Result<TableReport, sprague_api::Error>,
) -> Result<ExitCode, Failure> {
    check_outputs(range)?;
    let report = table(range.upto, range.until_proved, &super::limits())?;
    finish(report, range, json)
}

/// Refuses, before a table is computed, a plot that is not .svg or .png and a file in a folder
/// that does not exist.
fn check_outputs(range: &TableRangeArgs) -> Result<(), Failure> {
    if let Some(path) = &range.plot {
        crate::plot::check(path)?;
        check_folder(path, "--plot")?;
    }
    if let Some(path) = &range.out {
        if crate::output_file::is_stdout(path) {
            if range
                .plot
                .as_deref()
                .is_some_and(crate::output_file::is_stdout)
            {
                return Err(Failure::bad_input(
                    "--out - and --plot - both write to standard output: name a file for one",
                ));
            }
        } else {
            check_folder(path, "--out")?;
        }
    }
    Ok(())
}

/// A table computed whole (no long run): its plot, its values file (then not printed), and the
/// report.
fn finish(
    mut report: TableReport,
    range: &TableRangeArgs,
    json: bool,
) -> Result<ExitCode, Failure> {
    if let Some(path) = &range.plot {
        crate::plot::sequence(
            path,
            &report.family,
            report.values.as_deref().unwrap_or(&[]),
            missed_by_best(&report.formulas),
        )?;
        if crate::plot::to_stdout(path) {
            return Ok(ExitCode::SUCCESS);
        }
    }
    if let Some(path) = &range.out {
        let values = report.values.take().unwrap_or_default();
        crate::output_file::write_to(path, "--out", |mut w| tables::write_values(&mut w, &values))?;
        if crate::output_file::is_stdout(path) {
            // The values file is the output: a report after it would corrupt it.
            return Ok(ExitCode::SUCCESS);
        }
    }
    print_table(json, &report.view())
}

/// `sprague table NAME` for a heap game of the catalogue (`Game::heap_table`).
pub fn named(name: &str, args: TableHeapArgs) -> Result<ExitCode, Failure> {
    heap(name, &parse::named_rule(name)?, args)
}

/// Set by the Ctrl-C handler: the table stops after its current chunk.
static STOP: AtomicBool = AtomicBool::new(false);

/// The exit code of a run stopped by Ctrl-C (128 + SIGINT, as shells report it).
const INTERRUPTED: u8 = 130;

/// A heap-game table as a long run: the memory it needs said first, a progress bar, Ctrl-C
/// writing a checkpoint, `--resume` going on from it.
fn heap(family: &str, rule: &HeapRule, args: TableHeapArgs) -> Result<ExitCode, Failure> {
    let TableHeapArgs { range, run, output } = args;
    let limits = super::limits();
    let len = range.upto.saturating_add(1);
    tables::check_memory(len, &limits)?;
    if len >= 10_000_000 {
        eprintln!(
            "table of {len} values: about {} of memory, {} available: it fits",
            sprague_api::human_bytes(tables::estimate_bytes(len)),
            sprague_api::human_bytes(limits.memory_bytes)
        );
    }
    // Said only of a table within the time allowed: one beyond it ends in a refusal, or early
    // with a proved period.
    let within = |&s: &f64| (10.0..=limits.max_seconds as f64).contains(&s);
    if let Some(seconds) = tables::estimate_seconds(rule, len).filter(within) {
        eprintln!(
            "table of {len} values of {rule}: up to about {} of work (three-heap splits; less \
             if a period is proved on the way)",
            sprague_api::human_seconds(seconds)
        );
    }
    check_outputs(&range)?;
    let checkpoint = checkpoint_path(family, range.upto, &range, &run);
    // Served by the web server, a run keeps no checkpoint (it is stopped by its deadline, and
    // the server's files are not the requester's); one named with --checkpoint is refused.
    let served = crate::served::is_served();
    if let Some(path) = &run.checkpoint {
        crate::failure::refuse_file("--checkpoint", path)?;
    }
    if !served {
        check_folder(&checkpoint, "--checkpoint")?;
    } else if run.resume {
        crate::failure::refuse_file("--resume", &checkpoint)?;
    }
    let start = if run.resume {
        load_checkpoint(&checkpoint, family, len)?
    } else {
        Vec::new()
    };
    let _ = ctrlc::set_handler(|| {
        // A second Ctrl-C does not wait for the checkpoint.
        if STOP.swap(true, Ordering::SeqCst) {
            std::process::exit(i32::from(INTERRUPTED));
        }
    });
    let mut progress = Progress::new(len, start.len() as u64);
    let mut hooks = long_run::Hooks::new(&STOP);
    hooks.stop_at = std::env::var("SPRAGUE_STOP_AFTER")
        .ok()
        .and_then(|v| v.trim().parse().ok());
    hooks.progress = Box::new(|done, target| progress.update(done, target));
    hooks.checkpoint_every = Duration::from_secs(run.checkpoint_every);
    hooks.checkpoint = Box::new(|values| {
        if served {
            return Ok(());
        }
        save_checkpoint(&checkpoint, family, values)
            .map_err(|e| sprague_api::Error::bad_input(e.to_string()))
    });
    let end = long_run::run(
        family,
        rule,
        range.upto,
        range.until_proved,
        start,
        &limits,
        &mut hooks,
    );
    drop(hooks);
    progress.finish();
    let seq = match end? {
        RunEnd::Stopped(_) if served => return Ok(ExitCode::from(INTERRUPTED)),
        RunEnd::Stopped(values) => {
            save_checkpoint(&checkpoint, family, &values)?;
            eprintln!(
                "interrupted with {} values computed: checkpoint written to {}; run the same \
                 command with --resume to go on",
                values.len(),
                checkpoint.display()
            );
            return Ok(ExitCode::from(INTERRUPTED));
        }
        RunEnd::Finished(seq) => seq,
    };
    let mut seq = seq;
    if let Some(note) = tables::heap_table_note(family) {
        seq.note = Some(match seq.note.take() {
            Some(more) => format!("{note}; {more}"),
            None => note,
        });
    }
    if let Some(path) = &range.out {
        crate::output_file::write_to(path, "--out", |mut w| {
            tables::write_values(&mut w, &seq.values)
        })?;
    }
    if let Some(path) = &range.plot {
        crate::plot::sequence(path, family, &seq.values, missed_by_best(&seq.formulas))?;
        if crate::plot::to_stdout(path) {
            remove_checkpoint(served, &checkpoint);
            return Ok(ExitCode::SUCCESS);
        }
    }
    if range
        .out
        .as_deref()
        .is_some_and(crate::output_file::is_stdout)
    {
        remove_checkpoint(served, &checkpoint);
        return Ok(ExitCode::SUCCESS);
    }
    remove_checkpoint(served, &checkpoint);
    print_table(output.json, &seq.report(range.out.is_none()))
}

/// Removes a finished run's checkpoint, of no more use. A checkpoint reached through a link is
/// removed at its target: the link is the user's. Served runs keep none.
fn remove_checkpoint(served: bool, checkpoint: &Path) {
    if served {
        return;
    }
    if let Ok(target) = crate::output_file::target(checkpoint, "--checkpoint") {
        let _ = std::fs::remove_file(target);
    }
}

/// Refuses, before a long run, a file whose folder does not exist or that is not a regular file.
fn check_folder(path: &Path, what: &str) -> Result<(), Failure> {
    crate::output_file::target(path, what).map(|_| ())
}

/// Where the checkpoint of a run is: `--checkpoint FILE`, else `FILE.ckpt` beside `--out FILE`,
/// else `sprague-table-<family>-<N>.ckpt` in the current directory.
fn checkpoint_path(family: &str, upto: u64, range: &TableRangeArgs, run: &TableRunArgs) -> PathBuf {
    if let Some(path) = &run.checkpoint {
        return path.clone();
    }
    if let Some(out) = range
        .out
        .as_ref()
        .filter(|o| !crate::output_file::is_stdout(o))
    {
        let mut name = out.as_os_str().to_owned();
        name.push(".ckpt");
        return PathBuf::from(name);
    }
    let mut slug: String = family
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    if slug.len() > 64 {
        // A code of hundreds of digits: its start and a hash of the whole keep the name short
        // (file names end at 255 bytes) and distinct.
        let hash = family.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        slug = format!("{}-{hash:016x}", &slug[..40]);
    }
    PathBuf::from(format!("sprague-table-{slug}-{upto}.ckpt"))
}

fn save_checkpoint(path: &Path, family: &str, values: &[u16]) -> Result<(), Failure> {
    crate::output_file::write_atomically(path, "checkpoint", |w| {
        long_run::write_checkpoint(w, family, values)
    })
}

fn load_checkpoint(path: &Path, family: &str, len: u64) -> Result<Vec<u16>, Failure> {
    let file = std::fs::File::open(path).map_err(|e| {
        Failure::bad_input(format!(
            "--resume: no checkpoint at `{}` ({e}); one is written when a run is interrupted",
            path.display()
        ))
    })?;
    let size = file.metadata()?.len();
    let capacity = usize::try_from(len).unwrap_or(usize::MAX);
    long_run::read_checkpoint(file, size, family, capacity).map_err(|e| {
        e.context(format!("--resume: checkpoint `{}`", path.display()))
            .into()
    })
}

/// The progress of a long run on standard error: a bar on a terminal; with
/// `SPRAGUE_PROGRESS=plain`, a plain line at most every second (and at the end), wherever standard
/// error goes; nothing otherwise (or with `SPRAGUE_PROGRESS=off`).
enum Progress {
    Bar(ProgressBar),
    Plain {
        started: Instant,
        from: u64,
        last: Option<Instant>,
    },
    Off,
}

impl Progress {
    fn new(len: u64, from: u64) -> Progress {
        match crate::progress::mode() {
            crate::progress::Mode::Plain => Progress::Plain {
                started: Instant::now(),
                from,
                last: None,
            },
            crate::progress::Mode::Off => Progress::Off,
            crate::progress::Mode::Bar => {
                let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
                let style = ProgressStyle::with_template(
                    "{bar:40} {human_pos}/{human_len} values, {rate}, {eta} left",
                )
                .expect("a valid template")
                .with_key(
                    "rate",
                    |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{:.0} values/s", state.per_sec());
                    },
                );
                bar.set_style(style);
                bar.set_position(from);
                bar.reset_eta();
                Progress::Bar(bar)
            }
        }
    }

    fn update(&mut self, done: u64, target: u64) {
        match self {
            Progress::Bar(bar) => bar.set_position(done),
            Progress::Plain {
                started,
                from,
                last,
            } => {
                let now = Instant::now();
                if done < target && last.is_some_and(|l| now - l < Duration::from_secs(1)) {
                    return;
                }
                *last = Some(now);
                let secs = started.elapsed().as_secs_f64().max(1e-9);
                let rate = done.saturating_sub(*from) as f64 / secs;
                let left = if rate > 0.0 {
                    format!("{:.0} s", (target - done) as f64 / rate)
                } else {
                    "unknown".to_owned()
                };
                eprintln!("progress: {done}/{target} values, {rate:.0} values/s, {left} left");
            }
            Progress::Off => {}
        }
    }

    fn finish(&mut self) {
        if let Progress::Bar(bar) = self {
            bar.finish_and_clear();
        }
    }
}

fn script(args: TableScriptArgs) -> Result<ExitCode, Failure> {
    let game = super::script::load(&args.file, &args.script)?;
    if game.uses_win() && (args.out.is_some() || args.plot.is_some()) {
        // Their formats hold a number at every position; a position that wins at once has none.
        return Err(Failure::bad_input(
            "this script has moves that win at once (win()), and such positions have no \
             nim-value: --out and --plot are for tables of values only; --json marks them null",
        ));
    }
    let mut session = ScriptSession::new(&game, args.script.max_positions);
    let family = format!("script {}", args.file);
    if let Some(grid) = &args.grid {
        let (rows, cols) = parse_pair(grid)?;
        let report = session.grid(&family, rows, cols)?;
        if let Some(path) = &args.plot {
            crate::plot::grid(path, &report.grid)?;
            if crate::plot::to_stdout(path) {
                return Ok(ExitCode::SUCCESS);
            }
        }
        return print_grid(args.output.json, &report);
    }
    let range = TableRangeArgs {
        upto: args.upto.expect("clap requires --upto or --grid"),
        until_proved: args.until_proved,
        out: args.out,
        plot: args.plot,
    };
    check_outputs(&range)?;
    let report = if range.until_proved {
        session.table_until_proved(&family, range.upto, &super::limits())?
    } else {
        session.table(&family, range.upto)?
    };
    finish(report, &range, args.output.json)
}

fn parse_pair(text: &str) -> Result<(u64, u64), Failure> {
    let bad = || {
        Failure::bad_input(format!(
            "--grid `{text}`: expected two non-negative integers A,B like 20,30"
        ))
    };
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    Ok((
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    ))
}

/// Prints `report` as one line of JSON.
fn print_json(mut out: impl Write, report: &impl serde::Serialize) -> Result<ExitCode, Failure> {
    serde_json::to_writer(&mut out, report)?;
    writeln!(out)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Prints a sequence: JSON, or the values in rows of ten with the first index of each row.
pub fn print_table<T>(json: bool, report: &TableView<'_, T>) -> Result<ExitCode, Failure>
where
    T: Copy + Ord + std::fmt::Display + serde::Serialize,
{
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if json {
        return print_json(out, report);
    }
    writeln!(out, "table {}, G(0..{})", report.family, report.upto)?;
    if let Some(values) = report.values {
        let width = values.iter().max().map_or(1, |m| m.to_string().len());
        let mut wins = report.wins_at_once.iter().peekable();
        for (row, chunk) in values.chunks(10).enumerate() {
            write!(out, "{:>8}:", row * 10)?;
            for (i, v) in chunk.iter().enumerate() {
                if wins.next_if(|&&n| n == (row * 10 + i) as u64).is_some() {
                    write!(out, " {:>width$}", "W")?;
                } else {
                    write!(out, " {v:>width$}")?;
                }
            }
            writeln!(out)?;
        }
        if !report.wins_at_once.is_empty() {
            writeln!(
                out,
                "W: the player to move wins at once (win()), no nim-value"
            )?;
        }
    }
    match &report.period {
        Some(p) => writeln!(
            out,
            "period: {} from n = {}{} ({})",
            p.period,
            p.preperiod,
            if p.saltus > 0 {
                format!(", saltus {}", p.saltus)
            } else {
                String::new()
            },
            if p.proved {
                "proved for every n"
            } else {
                "seen over the computed range, not proved"
            }
        )?,
        None => writeln!(out, "period: none seen")?,
    }
    if let Some(note) = &report.note {
        writeln!(out, "note: {note}")?;
    }
    print_formulas(&mut out, report.formulas, "G(n)")?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The values the best value formula misses: none when one fits, else the near fit's misses.
fn missed_by_best(formulas: &[FormulaReport]) -> &[u64] {
    formulas
        .iter()
        .find(|f| f.kind == "value")
        .filter(|f| !f.fits)
        .map_or(&[], |f| &f.missed[..])
}

/// The pattern finder's formulas, one a line: what it says, the expression, and its note.
fn print_formulas(out: &mut impl Write, formulas: &[FormulaReport], value: &str) -> io::Result<()> {
    for f in formulas {
        let what = match (f.kind, f.fits) {
            ("p-positions", _) => "P-positions where".to_owned(),
            (_, true) => format!("formula: {value} ="),
            (_, false) => format!("near fit: {value} ="),
        };
        writeln!(out, "{what} {}    ({})", f.expr, f.note)?;
    }
    if formulas.is_empty() {
        writeln!(out, "formula: none found")?;
    }
    Ok(())
}

fn print_grid(json: bool, report: &GridReport) -> Result<ExitCode, Failure> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if json {
        return print_json(out, report);
    }
    writeln!(
        out,
        "table {}: G([a, b]), a down, b across; P-positions marked *{}",
        report.family,
        if report.wins_at_once.is_empty() {
            ""
        } else {
            ", W where the player to move wins at once (win(), no nim-value)"
        }
    )?;
    let width = report
        .grid
        .iter()
        .flatten()
        .max()
        .map_or(1, |m| m.to_string().len());
    let mut wins = report.wins_at_once.iter().peekable();
    for (a, row) in report.grid.iter().enumerate() {
        write!(out, "{a:>4}:")?;
        for (b, v) in row.iter().enumerate() {
            if wins.next_if(|&&c| c == [a as u64, b as u64]).is_some() {
                write!(out, " {:>width$}", "W")?;
            } else if *v == 0 {
                write!(out, " {:>width$}", "*")?;
            } else {
                write!(out, " {v:>width$}")?;
            }
        }
        writeln!(out)?;
    }
    writeln!(out, "P-positions: {}", report.p_positions.len())?;
    for p in &report.patterns {
        writeln!(out, "observed: {p}")?;
    }
    print_formulas(&mut out, &report.formulas, "G(a, b)")?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
