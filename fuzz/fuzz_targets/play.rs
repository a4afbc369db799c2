//! `sprague play` for the impartial games, as its loop drives them (`sprague-cli/src/cmd/play.rs`):
//! the first byte picks the game, the first line is its rule (Bash's `--max [--min]`, a
//! subtraction set), the second the start, each further line a typed move followed by the
//! engine's reply. Besides not panicking, every move a game accepts or plays must lead to a
//! position the game reads back, and the engine's move, typed back as its words, must be
//! accepted as the same move.
#![no_main]

use sprague_api::nim::NimPlay;
use sprague_api::play::{engine_move, parse_heap_move, ListedPlay, Playable};
use sprague_api::subtraction::SubtractionAnalyser;
use sprague_api::{
    bash, lasker, parse, staircase, wythoff, Analysis, AnalysisOptions, Error, ErrorKind, Limits,
};

#[path = "common.rs"]
#[macro_use]
mod common;

fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

fn listed<'a>(
    name: &str,
    misere: bool,
    analyse: impl FnMut(&str, &AnalysisOptions) -> Result<Analysis, Error> + 'a,
) -> Box<dyn Playable + 'a> {
    Box::new(ListedPlay::new(name, misere, Box::new(analyse)))
}

/// A position a move led to must be read back; only a refusal for size is allowed.
fn reads_back(game: &dyn Playable, from: &str, text: &str, to: &str) -> Option<String> {
    match game.analyse(to) {
        Ok(analysis) => Some(analysis.position),
        Err(e) if e.kind() == ErrorKind::TooLarge => None,
        Err(e) => panic!(
            "{}: the move `{text}` from `{from}` leads to `{to}`, refused: {e}",
            game.name()
        ),
    }
}

fn game<'a>(pick: u8, rule: &str, limits: &'a Limits) -> Option<Box<dyn Playable + 'a>> {
    let limits = *limits;
    Some(match pick % 6 {
        0 => Box::new(NimPlay {
            misere: pick & 0x80 != 0,
        }),
        1 => {
            let analyse = move |p: &str, o: &_| wythoff::analyse(&words(p), o, &limits);
            Box::new(
                ListedPlay::new("wythoff", false, Box::new(analyse))
                    .with_checker(Box::new(wythoff::WythoffMoves)),
            )
        }
        2 => {
            let mut parts = rule.split_whitespace();
            let max = parts.next().unwrap_or("");
            let rules = bash::parse_rules(max, parts.next()).ok()?;
            let analyse = move |p: &str, o: &_| bash::analyse(&words(p), &rules, o, &limits);
            listed("bash", pick & 0x80 != 0, analyse)
        }
        3 => {
            let analyse = move |p: &str, o: &_| staircase::analyse(&words(p), o, &limits);
            listed("staircase", false, analyse)
        }
        4 => {
            let mut analyser = SubtractionAnalyser::new(rule.trim(), &limits).ok()?;
            let analyse = move |p: &str, o: &_| analyser.analyse(&words(p), o, &limits);
            listed("subtraction", false, analyse)
        }
        _ => {
            let analyse = move |p: &str, o: &_| lasker::analyse(&words(p), o, &limits);
            Box::new(
                ListedPlay::new("lasker", false, Box::new(analyse))
                    .with_checker(Box::new(lasker::LaskerMoves)),
            )
        }
    })
}

fuzz_picking!(|pick, data| {
    let limits = common::limits();
    let text = String::from_utf8_lossy(data);
    let mut lines = text.split('\n');
    let rule = lines.next().unwrap_or("");
    let start = lines.next().unwrap_or("");
    // The move words alone, checked against the heaps they name.
    if let Some(Ok(typed)) = parse_heap_move(rule) {
        if let Ok(heaps) = parse::parse_heaps(&words(start)) {
            let _ = typed.check(&heaps);
        }
    }
    let Some(game) = game(pick, rule, &limits) else {
        return;
    };
    let Ok(analysis) = game.analyse(start) else {
        return;
    };
    let mut position = analysis.position;
    for input in lines.take(4) {
        if let Ok(m) = game.user_move(&position, input) {
            let to = m.to.expect("a user's move says where it leads");
            match reads_back(&*game, &position, &m.text, &to) {
                Some(p) => position = p,
                None => return,
            }
        }
        let (m, _why) = match engine_move(&*game, &position) {
            Ok(Some(chosen)) => chosen,
            Ok(None) => return,
            Err(_) => return,
        };
        let to = m.to.clone().expect("the engine's move says where it leads");
        // The engine's move, typed back in its words, is the same move (a listed game may only
        // fail to list the moves of a position with too many of them).
        match game.user_move(&position, &m.text) {
            Ok(typed) => assert_eq!(
                typed.to.as_deref(),
                Some(to.as_str()),
                "{}: `{}` typed back at `{position}` leads elsewhere",
                game.name(),
                m.text
            ),
            Err(e) => assert!(
                e.message().starts_with("cannot list the moves"),
                "{}: the engine's move `{}` at `{position}` is refused when typed: {e}",
                game.name(),
                m.text
            ),
        }
        match reads_back(&*game, &position, &m.text, &to) {
            Some(p) => position = p,
            None => return,
        }
    }
});
