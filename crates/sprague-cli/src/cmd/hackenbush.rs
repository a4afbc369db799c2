//! `sprague hackenbush FILE`: Green Hackenbush on an undirected multigraph, ground at vertex 1.

use std::process::ExitCode;

use sprague_api::{hackenbush, Analysis, AnalysisOptions, Limits};

use crate::args::HackenbushArgs;
use crate::failure::Failure;

pub fn run(args: HackenbushArgs, limits: &Limits) -> Result<ExitCode, Failure> {
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
    let bytes = super::graph::read_input(path)?;
    let game = hackenbush::parse(&bytes, limits).map_err(|e| e.context(path))?;
    drop(bytes);
    Ok(hackenbush::analyse(&game, options, limits).map_err(|e| e.context(path))?)
}
