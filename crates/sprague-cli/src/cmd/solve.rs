//! `sprague solve <game>`: scoring games answered by their value under optimal play.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use sprague_api::{cursors, Limits};

use crate::args::{CursorsArgs, SolveArgs, SolveGame};
use crate::failure::Failure;

pub fn run(args: SolveArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    match args.game {
        SolveGame::Cursors(args) => run_cursors(args, limits),
    }
}

/// A sequence as typed, or the contents of FILE for `@FILE`.
fn sequence_text(word: &str) -> Result<String, Failure> {
    match word.strip_prefix('@') {
        Some(path) => {
            let bytes = super::graph::read_input(path)?;
            String::from_utf8(bytes)
                .map_err(|_| Failure::bad_input(format!("`{path}` is not UTF-8 text")))
        }
        None => Ok(word.to_owned()),
    }
}

fn run_cursors(args: CursorsArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let a = cursors::parse_sequence(&sequence_text(&args.a)?, "--a", limits)?;
    let b = cursors::parse_sequence(&sequence_text(&args.b)?, "--b", limits)?;
    let start = cursors::parse_start(&args.start, a.len(), b.len())?;
    let report = cursors::solve(&a, &b, start)?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if args.json {
        serde_json::to_writer(&mut out, &report).map_err(|e| Failure::Internal(e.to_string()))?;
        writeln!(out)?;
    } else {
        writeln!(out, "cursors {}", report.position)?;
        writeln!(
            out,
            "value: {} (the final score a_C + b_D under optimal play; the first player minimises)",
            report.value
        )?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
