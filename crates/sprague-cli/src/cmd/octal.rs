//! `sprague octal CODE H…` and the named heap games (`kayles H…`, `grundys-game H…`, …).

use std::process::ExitCode;

use sprague_api::{octal, Error, Limits};

use crate::args::{HeapGameArgs, OctalArgs};
use crate::failure::Failure;

/// Runs `octal CODE H…`, or `octal --take-set S H…`.
pub fn run_code(args: OctalArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let Some(set) = &args.take_set else {
        return run(None, args.heaps, limits);
    };
    let (rule, family) = octal::parse_take_set(set)?;
    let options = super::options(&args.heaps.output, false);
    let analyse = |words: &[&str]| octal::analyse(&family, &rule, words, &options, limits);
    if args.heaps.output.batch {
        return super::word_batch(&args.heaps.words, |words| Ok(analyse(words)?));
    }
    let words: Vec<&str> = args.heaps.words.iter().map(String::as_str).collect();
    super::print(&args.heaps.output, &analyse(&words)?)
}

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
    if name.is_none() {
        say_the_cost(&words, limits);
    }
    let analysis = analyse(&words)?;
    super::print(&args.output, &analysis)
}

/// For `octal CODE H…` with three-heap moves: the time its table will take, said on standard
/// error before a wait of ten seconds or more (a longer one than allowed is refused instead).
fn say_the_cost(words: &[&str], limits: &Limits) {
    let Some((code, heaps)) = words.split_first() else {
        return;
    };
    let Ok(rule) = octal::parse_code(code) else {
        return;
    };
    let largest = heaps
        .iter()
        .filter_map(|h| h.parse::<u64>().ok())
        .filter(|&h| h <= octal::MAX_TABLE_HEAP)
        .max();
    let Some(len) = largest.map(|h| h + 1) else {
        return;
    };
    let within = |&s: &f64| (10.0..=limits.max_seconds as f64).contains(&s);
    if let Some(seconds) = octal::estimate_seconds(&rule, len).filter(within) {
        eprintln!(
            "a table of {len} values of {rule} first: up to about {} (three-heap splits; less if \
             a period is proved on the way)",
            sprague_api::human_seconds(seconds)
        );
    }
}
