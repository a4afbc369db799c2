//! The commands added since the first fuzz targets, through the catalogue as every front end
//! reaches them (issue #39): coin turning and its products, `nim-product`, Fibonacci Nim, Moore's
//! Nim (`nim --moore K`), Every-SG (`--every`) and misère play with the genus. The first byte
//! picks the game and the options; the first line after it is the game's parameter (Moore's K,
//! the take before, a subtraction set) or, for games without one, the first word of the
//! position; the rest is the position.
#![no_main]

use std::collections::BTreeMap;

use sprague_api::catalogue::{self, Request};
use sprague_api::AnalysisOptions;

#[path = "common.rs"]
#[macro_use]
mod common;

/// (game, the parameter the first line fills, or `None` for a word of the position)
const GAMES: [(&str, Option<&str>); 12] = [
    ("turning", None),
    ("nim-product", None),
    ("fibonacci-nim", Some("last")),
    ("nim", Some("moore")),
    ("kayles", None),
    ("dawson", None),
    ("grundys-game", None),
    ("lasker", None),
    ("subtraction", Some("set")),
    ("octal", None),
    ("treblecross", None),
    ("guiles", None),
];

fuzz_picking!(|pick, data| {
    let limits = common::limits();
    let (head, rest) = common::head_and_rest(data);
    let (name, parameter) = GAMES[usize::from(pick & 0x0f) % GAMES.len()];
    let Some(game) = catalogue::game(name) else {
        return;
    };
    let mut words: Vec<&str> = Vec::new();
    let mut parameters = BTreeMap::new();
    match parameter {
        Some(p) if !head.trim().is_empty() => {
            parameters.insert(p, head.trim());
        }
        Some(_) => {}
        None => words.extend(head.split_whitespace()),
    }
    words.extend(rest.split_whitespace());
    let misere = pick & 0x40 != 0;
    let options = AnalysisOptions {
        all_moves: pick & 0x80 != 0,
        misere,
        // Every-SG only where misère is off: the two are refused together.
        every: !misere && pick & 0x20 != 0,
    };
    let request = Request {
        words,
        parameters,
        options,
        ..Default::default()
    };
    if let Ok(report) = game.answer(&request, &limits) {
        // The report must serialise: every front end prints it as JSON.
        let _ = serde_json::to_string(&report).expect("a report serialises");
    }
});
