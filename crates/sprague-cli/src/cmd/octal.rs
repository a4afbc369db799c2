//! `sprague octal CODE H…` and the named heap games (`kayles H…`, `grundys-game H…`, …).

use std::process::ExitCode;

use sprague_api::{octal, Error, Limits};

use crate::args::HeapGameArgs;
use crate::failure::Failure;

/// Runs `octal` (`name` = None: the first word is the code) or a named game.
pub fn run(name: Option<&str>, args: HeapGameArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let options = super::options(&args.output, false);
    let analyse = |words: &[&str]| -> Result<sprague_api::Analysis, Error> {
        match name {
            Some(name) => octal::analyse_named(name, words, &options, limits),
            None => {
                let (code, heaps) = words
                    .split_first()
                    .ok_or_else(|| Error::bad_input("expected a code (like 0.77), then heaps"))?;
                let rule = octal::parse_code(code)?;
                octal::analyse(&format!("octal {code}"), &rule, heaps, &options, limits)
            }
        }
    };
    if args.output.batch {
        return super::word_batch(&args.words, |words| Ok(analyse(words)?));
    }
    let words: Vec<&str> = args.words.iter().map(String::as_str).collect();
    let analysis = analyse(&words)?;
    super::print(&args.output, &analysis)
}
