//! `sprague octal CODE H…` and `sprague octal --take-set S H…` (the named heap games go through
//! `cmd::analyse_game`).

use std::process::ExitCode;

use sprague_api::{catalogue, octal, parse, tables, Limits};

use crate::args::OctalArgs;
use crate::failure::Failure;

/// Runs `octal CODE H…`, or `octal --take-set S H…`, through the catalogue's `octal` entry.
pub fn run(args: OctalArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let game = catalogue::game("octal").expect("octal is in the catalogue");
    let options = sprague_api::AnalysisOptions {
        every: args.heaps.every,
        ..super::options(&args.heaps.output, args.heaps.misere)
    };
    let mut parameters = std::collections::BTreeMap::new();
    if let Some(set) = &args.take_set {
        parameters.insert("take-set", set.as_str());
    }
    let analyse = |words: &[&str]| -> Result<sprague_api::Analysis, Failure> {
        let request = catalogue::Request {
            words: words.to_vec(),
            parameters: parameters.clone(),
            text: None,
            options,
        };
        Ok(game.analyse(&request, limits)?)
    };
    if args.heaps.output.batch {
        return super::word_batch(&args.heaps.words, analyse);
    }
    let words: Vec<&str> = args.heaps.words.iter().map(String::as_str).collect();
    // Misère and Every-SG analyses use no table: they refuse past their own estimates.
    if args.take_set.is_none() && !options.misere && !options.every {
        say_the_cost(&words, limits);
    }
    let analysis = analyse(&words)?;
    super::print(&args.heaps.output, &analysis)
}

/// For `octal CODE H…` with three-heap moves: the time its table will take, said on standard
/// error before a wait of ten seconds or more (a longer one than allowed is refused instead).
fn say_the_cost(words: &[&str], limits: &Limits) {
    let Some((code, heaps)) = words.split_first() else {
        return;
    };
    let Ok(rule) = parse::parse_code(code) else {
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
    if let Some(seconds) = tables::estimate_seconds(&rule, len).filter(within) {
        eprintln!(
            "a table of {len} values of {rule} first: up to about {} (three-heap splits; less if \
             a period is proved on the way)",
            sprague_api::human_seconds(seconds)
        );
    }
}
