//! `sprague nim H…`: Nim and misère Nim.

use std::process::ExitCode;

use sprague_api::{nim, Limits};

use crate::args::NimArgs;
use crate::failure::Failure;

pub fn run(args: NimArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let options = super::options(&args.output, args.misere);
    if args.output.batch {
        return super::batch(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            Ok(nim::analyse(&words, &options, limits)?)
        });
    }
    let analysis = nim::analyse(&args.heaps, &options, limits)?;
    super::print(&args.output, &analysis)
}
