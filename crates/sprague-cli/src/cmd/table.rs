//! `sprague table <family> --upto N`: Grundy sequences and their periods (and grids for
//! two-dimensional scripted games).

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use sprague_api::script::ScriptSession;
use sprague_api::table::{GridReport, TableReport};

use sprague::games::octal::HeapRule;
use sprague_api::octal;

use crate::args::{
    TableArgs, TableFamily, TableHeapArgs, TableOutputArgs, TableRangeArgs, TableScriptArgs,
};
use crate::failure::Failure;

pub fn run(args: TableArgs) -> Result<ExitCode, Failure> {
    match args.family {
        TableFamily::Script(a) => script(a),
        TableFamily::Octal(a) => {
            let rule = octal::parse_code(&a.code)?;
            heap(&format!("octal {}", a.code), &rule, a.range, a.output)
        }
        TableFamily::Kayles(a) => named("kayles", a),
        TableFamily::Dawson(a) => named("dawson", a),
        TableFamily::DawsonsChess(a) => named("dawsons-chess", a),
        TableFamily::Guiles(a) => named("guiles", a),
        TableFamily::Treblecross(a) => named("treblecross", a),
        TableFamily::GrundysGame(a) => named("grundys-game", a),
        TableFamily::Subtraction(a) => {
            let report = sprague_api::table::subtraction_table(
                &a.set,
                a.range.upto,
                a.range.until_proved,
                &super::limits(),
            )?;
            print_table(a.output.json, &report)
        }
        TableFamily::Bash(a) => {
            let report =
                sprague_api::table::bash_table(&a.max, a.min.as_deref(), a.upto, &super::limits())?;
            print_table(a.output.json, &report)
        }
    }
}

fn named(name: &str, args: TableHeapArgs) -> Result<ExitCode, Failure> {
    heap(name, &octal::named_rule(name)?, args.range, args.output)
}

fn heap(
    family: &str,
    rule: &HeapRule,
    range: TableRangeArgs,
    output: TableOutputArgs,
) -> Result<ExitCode, Failure> {
    let limits = super::limits();
    let len = range.upto.saturating_add(1);
    octal::check_memory(len, &limits)?;
    if len >= 10_000_000 {
        eprintln!(
            "table of {len} values: about {} of memory ({} available)",
            sprague_api::human_bytes(octal::estimate_bytes(len)),
            sprague_api::human_bytes(limits.memory_bytes)
        );
    }
    let mut report = octal::table(family, rule, range.upto, range.until_proved, &limits)?;
    if let Some(path) = &range.out {
        let values = report.values.take().unwrap_or_default();
        write_atomically(path, &octal::encode_values(&values))?;
    }
    print_table(output.json, &report)
}

/// Writes `bytes` to a temporary file next to `path`, syncs it, and renames it over `path`: a
/// reader sees the old file or the whole new one, never a half-written one.
fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> Result<(), Failure> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".part");
    let tmp = std::path::PathBuf::from(tmp);
    let fail = |e: io::Error| Failure::bad_input(format!("--out {}: {e}", path.display()));
    let mut file = std::fs::File::create(&tmp).map_err(fail)?;
    file.write_all(bytes).map_err(fail)?;
    file.sync_all().map_err(fail)?;
    drop(file);
    std::fs::rename(&tmp, path).map_err(fail)?;
    Ok(())
}

fn script(args: TableScriptArgs) -> Result<ExitCode, Failure> {
    let game = super::script::load(&args.file, &args.script)?;
    let mut session = ScriptSession::new(&game, args.script.max_positions);
    let family = format!("script {}", args.file);
    if let Some(grid) = &args.grid {
        let (rows, cols) = parse_pair(grid)?;
        let report = session.grid(&family, rows, cols)?;
        if let Some(path) = &args.plot {
            crate::plot::grid(path, &report.grid)?;
        }
        return print_grid(args.output.json, &report);
    }
    let upto = args.upto.expect("clap requires --upto or --grid");
    let report = session.table(&family, upto)?;
    print_table(args.output.json, &report)
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

/// Prints a sequence: JSON, or the values in rows of ten with the first index of each row.
pub fn print_table(json: bool, report: &TableReport) -> Result<ExitCode, Failure> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if json {
        serde_json::to_writer(&mut out, report).map_err(|e| Failure::Internal(e.to_string()))?;
        writeln!(out)?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(out, "table {}, G(0..{})", report.family, report.upto)?;
    if let Some(values) = &report.values {
        let width = values.iter().max().map_or(1, |m| m.to_string().len());
        for (row, chunk) in values.chunks(10).enumerate() {
            write!(out, "{:>8}:", row * 10)?;
            for v in chunk {
                write!(out, " {v:>width$}")?;
            }
            writeln!(out)?;
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
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn print_grid(json: bool, report: &GridReport) -> Result<ExitCode, Failure> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if json {
        serde_json::to_writer(&mut out, report).map_err(|e| Failure::Internal(e.to_string()))?;
        writeln!(out)?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        out,
        "table {}: G([a, b]), a down, b across; P-positions marked *",
        report.family
    )?;
    let width = report
        .grid
        .iter()
        .flatten()
        .max()
        .map_or(1, |m| m.to_string().len());
    for (a, row) in report.grid.iter().enumerate() {
        write!(out, "{a:>4}:")?;
        for v in row {
            if *v == 0 {
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
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
