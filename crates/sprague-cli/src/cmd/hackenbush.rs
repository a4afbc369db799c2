//! `sprague hackenbush FILE`: Green Hackenbush on an undirected multigraph, ground at vertex 1.

use std::process::ExitCode;

use sprague_api::{hackenbush, Limits};

use crate::args::HackenbushArgs;
use crate::failure::Failure;

pub fn run(args: HackenbushArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let options = super::options(&args.output, false);
    super::file_command(args.file.as_deref(), &args.output, limits, |bytes| {
        hackenbush::analyse(&hackenbush::parse(bytes, limits)?, &options, limits)
    })
}
