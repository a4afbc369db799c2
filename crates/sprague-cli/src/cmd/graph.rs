//! `sprague graph FILE`: tokens on a directed game graph, cycles allowed.

use std::process::ExitCode;

use sprague_api::{graph, Limits};

use crate::args::GraphArgs;
use crate::failure::Failure;

pub fn run(args: GraphArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let options = super::options(&args.output, false);
    super::file_command(args.file.as_deref(), &args.output, limits, |bytes| {
        graph::analyse(&graph::parse(bytes, limits)?, &options, limits)
    })
}
