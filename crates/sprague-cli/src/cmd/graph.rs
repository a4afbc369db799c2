//! `sprague graph FILE`: tokens on a directed game graph, cycles allowed.

use std::io::Read;
use std::process::ExitCode;

use sprague_api::{graph, Analysis, AnalysisOptions, Limits};

use crate::args::GraphArgs;
use crate::failure::Failure;

pub fn run(args: GraphArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let options = super::options(&args.output, false);
    if args.output.batch {
        return super::batch(|line| analyse_file(line, &options, limits));
    }
    let file = args
        .file
        .as_deref()
        .expect("clap requires FILE without --batch");
    let analysis = analyse_file(file, &options, limits)?;
    super::print(&args.output, &analysis)
}

fn analyse_file(
    path: &str,
    options: &AnalysisOptions,
    limits: &Limits,
) -> Result<Analysis, Failure> {
    let bytes = read_input(path)?;
    let input = graph::parse(&bytes, limits).map_err(|e| e.context(path))?;
    drop(bytes);
    Ok(graph::analyse(&input, options, limits).map_err(|e| e.context(path))?)
}

/// Reads a whole file, or standard input for `-`.
pub fn read_input(path: &str) -> Result<Vec<u8>, Failure> {
    if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| Failure::bad_input(format!("cannot read standard input: {e}")))?;
        return Ok(bytes);
    }
    std::fs::read(path).map_err(|e| Failure::bad_input(format!("cannot read `{path}`: {e}")))
}
