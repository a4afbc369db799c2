//! `sprague lasker H…`: Lasker's Nim.

use std::process::ExitCode;

use sprague_api::{lasker, Limits};

use crate::args::LaskerArgs;
use crate::failure::Failure;

pub fn run(args: LaskerArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let options = super::options(&args.output, false);
    if args.output.batch {
        return super::word_batch(&args.heaps, |words| {
            Ok(lasker::analyse(words, &options, limits)?)
        });
    }
    let analysis = lasker::analyse(&args.heaps, &options, limits)?;
    super::print(&args.output, &analysis)
}
