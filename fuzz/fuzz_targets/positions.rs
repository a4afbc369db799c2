//! Positions of every game typed as words, and the rules typed with them: octal codes and take
//! sets, subtraction sets, Bash's bounds. The first byte picks the game; the first line after it
//! holds the rule where the game has one, the rest the position.
#![no_main]

use sprague_api::{
    bash, lasker, nim, octal, parse, split, staircase, subtraction, wythoff, AnalysisOptions,
};

#[path = "common.rs"]
#[macro_use]
mod common;

fuzz_picking!(|pick, data| {
    let limits = common::limits();
    let (rule, position) = common::head_and_rest(data);
    let words: Vec<&str> = position.split_whitespace().collect();
    let options = AnalysisOptions {
        all_moves: pick & 0x80 != 0,
        misere: pick & 0x40 != 0,
        // Every-SG only where misère is off: the two are refused together.
        every: pick & 0x40 == 0 && pick & 0x20 != 0,
    };
    let _ = match pick % 12 {
        0 => nim::analyse(&words, &options, &limits),
        1 => wythoff::analyse(&words, &options, &limits),
        2 => staircase::analyse(&words, &options, &limits),
        3 => split::analyse(&words, &options, &limits),
        4 => lasker::analyse(&words, &options, &limits),
        5 => subtraction::analyse(&words, &rule, &options, &limits),
        6 => bash::parse_rules(&rule, None)
            .and_then(|rules| bash::analyse(&words, &rules, &options, &limits)),
        7 => parse::parse_code(&rule)
            .and_then(|r| octal::analyse("octal", &r, &words, &options, &limits)),
        8 => parse::parse_take_set(&rule)
            .and_then(|(r, name)| octal::analyse(&name, &r, &words, &options, &limits)),
        9 => octal::analyse_named("treblecross", &words, &options, &limits),
        10 => octal::analyse_named("dawsons-chess", &words, &options, &limits),
        _ => octal::analyse_named("grundys-game", &words, &options, &limits),
    };
});
