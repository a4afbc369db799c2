//! `sprague staircase C…`: Staircase Nim.

use std::process::ExitCode;

use sprague_api::{staircase, Limits};

use crate::args::StaircaseArgs;
use crate::failure::Failure;

pub fn run(args: StaircaseArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let options = super::options(&args.output, false);
    if args.output.batch {
        return super::word_batch(&args.steps, |words| {
            Ok(staircase::analyse(words, &options, limits)?)
        });
    }
    let analysis = staircase::analyse(&args.steps, &options, limits)?;
    super::print(&args.output, &analysis)
}
