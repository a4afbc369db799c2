//! `sprague split A…`: the splitting game (HNOI2007).

use std::process::ExitCode;

use sprague_api::{split, Limits};

use crate::args::SplitArgs;
use crate::failure::Failure;

pub fn run(args: SplitArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let options = super::options(&args.output, false);
    if args.output.batch {
        return super::word_batch(&args.counts, |words| {
            Ok(split::analyse(words, &options, limits)?)
        });
    }
    let analysis = split::analyse(&args.counts, &options, limits)?;
    super::print(&args.output, &analysis)
}
