//! `sprague bash N --max M [--min P] [--misere]`: Bash's game and its take-range form.

use std::process::ExitCode;

use sprague_api::{bash, Limits};

use crate::args::BashArgs;
use crate::failure::Failure;

pub fn run(args: BashArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let options = super::options(&args.output, args.misere);
    // The rules come from the command line and apply to every line of a batch.
    let rules = bash::parse_rules(&args.max, args.min.as_deref())?;
    if args.output.batch {
        return super::word_batch(&args.heap, |words| {
            Ok(bash::analyse(words, &rules, &options, limits)?)
        });
    }
    let analysis = bash::analyse(&args.heap, &rules, &options, limits)?;
    super::print(&args.output, &analysis)
}
