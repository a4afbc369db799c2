//! `sprague subtraction H… --set S`: subtraction games (S-Nim), one table per set for the run.

use std::process::ExitCode;

use sprague_api::subtraction::SubtractionAnalyser;
use sprague_api::Limits;

use crate::args::SubtractionArgs;
use crate::failure::Failure;

pub fn run(args: SubtractionArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let options = sprague_api::AnalysisOptions {
        every: args.every,
        ..super::options(&args.output, false)
    };
    // One analyser, so that every line of a batch shares the set's table and period.
    let mut analyser = SubtractionAnalyser::new(&args.set, limits)?;
    if args.output.batch {
        return super::word_batch(&args.heaps, |words| {
            Ok(analyser.analyse(words, &options, limits)?)
        });
    }
    let analysis = analyser.analyse(&args.heaps, &options, limits)?;
    super::print(&args.output, &analysis)
}
