//! `sprague wythoff A B`: Wythoff's game.

use std::process::ExitCode;

use sprague_api::{wythoff, Limits};

use crate::args::WythoffArgs;
use crate::failure::Failure;

pub fn run(args: WythoffArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let options = super::options(&args.output, false);
    if args.output.batch {
        return super::word_batch(&args.heaps, |words| {
            Ok(wythoff::analyse(words, &options, limits)?)
        });
    }
    let analysis = wythoff::analyse(&args.heaps, &options, limits)?;
    super::print(&args.output, &analysis)
}
