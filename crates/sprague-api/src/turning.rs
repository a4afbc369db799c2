//! Coin-turning positions as typed (`turning ruler 3 5 8`: the rule, then the 1-based places of
//! the heads), and their analysis: outcome, nim-value and every winning move, at any size, from
//! the coin-turning theorem ([`sprague::games::coin_turning`]).
//!
//! A move is written by the coins it turns: `turn 2, 5` (Twins, Mock Turtles; JSON `"coins"`, the
//! places, increasing; the last is the head turned to tails) or `turn 3 to 8` (Ruler's run of
//! consecutive coins; JSON `"run": [first, last]`). `to` is the heads after the move; it is left
//! out where it would be longer than [`MAX_DIGITS_IN_TO`] digits. Mock Turtles can have about x/2
//! winning moves from a head at x: at most [`MAX_WINNING_MOVES`] are listed (by head, left to
//! right, then by the coins turned; fewer for very long places: [`crate::listing_limit`]) and the
//! note gives their number.

use std::collections::BTreeSet;

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
use sprague::games::coin_turning::{self, TurningMove, TurningRule};

use crate::nim::parse_natural;
use crate::report::normal_outcome;
use crate::{Analysis, AnalysisOptions, Error, Limits, MoveReport, NimValue};

/// The most winning moves listed; the note gives how many there are.
pub const MAX_WINNING_MOVES: usize = 1_000;

/// The most digits a move's `to` holds (a Ruler move can turn a long run of tails to heads); past
/// them the move has no `to`.
pub const MAX_DIGITS_IN_TO: u64 = 1_000_000;

/// Parses a rule's name.
///
/// # Errors
///
/// A name that is not one of the rules.
pub fn parse_rule(word: &str) -> Result<TurningRule, Error> {
    TurningRule::from_name(word).ok_or_else(|| {
        Error::bad_input(format!(
            "turning: `{word}` is not a coin-turning rule; the rules are mock-turtles, ruler and \
             twins"
        ))
    })
}

/// Parses the places of the heads: distinct positive integers of any size, returned increasing.
///
/// # Errors
///
/// A place that is not a positive integer, or one given twice.
pub fn parse_heads<S: AsRef<str>>(words: &[S]) -> Result<Vec<BigUint>, Error> {
    let mut heads = BTreeSet::new();
    for (idx, word) in words.iter().enumerate() {
        let what = format!("head {}", idx + 1);
        let place = parse_natural(word.as_ref(), &what)?;
        if place.is_zero() {
            return Err(Error::bad_input(format!(
                "{what}: places are numbered from 1, not 0"
            )));
        }
        if !heads.insert(place) {
            return Err(Error::bad_input(format!(
                "{what}: place {} is given twice",
                word.as_ref()
            )));
        }
    }
    Ok(heads.into_iter().collect())
}

/// The heads after turning the coins of `m`, as typed, when that is at most [`MAX_DIGITS_IN_TO`]
/// digits; `texts` are the heads in decimal, written once for every move.
fn heads_after(heads: &[BigUint], texts: &[String], m: &TurningMove) -> Option<String> {
    let mut after: BTreeSet<BigUint> = heads.iter().cloned().collect();
    let mut flip = |coin: BigUint| {
        if !after.remove(&coin) {
            after.insert(coin);
        }
    };
    match m {
        TurningMove::Coins(coins) => coins.iter().cloned().for_each(&mut flip),
        TurningMove::Run { first, last } => {
            // A number of b bits has at most b / 3 + 1 digits.
            let digits: u64 = texts.iter().map(|t| t.len() as u64 + 1).sum();
            let run_digits = (last - first + 1u32) * (last.bits() / 3 + 2);
            if run_digits + digits > BigUint::from(MAX_DIGITS_IN_TO) {
                return None;
            }
            let mut coin = first.clone();
            while coin <= *last {
                flip(coin.clone());
                coin += 1u32;
            }
        }
    }
    let words: Vec<String> = after
        .iter()
        .map(|head| match heads.binary_search(head) {
            Ok(idx) => texts[idx].clone(),
            Err(_) => head.to_string(),
        })
        .collect();
    let text = words.join(" ");
    (text.len() as u64 <= MAX_DIGITS_IN_TO).then_some(text)
}

fn move_report(heads: &[BigUint], texts: &[String], m: &TurningMove) -> MoveReport {
    let to = heads_after(heads, texts, m);
    match m {
        TurningMove::Coins(coins) => MoveReport {
            text: format!("turn {}", join_with(coins, ", ")),
            to,
            coins: Some(coins.clone()),
            ..MoveReport::default()
        },
        TurningMove::Run { first, last } => MoveReport {
            text: if first == last {
                format!("turn {last}")
            } else {
                format!("turn {first} to {last}")
            },
            to,
            run: Some(vec![first.clone(), last.clone()]),
            ..MoveReport::default()
        },
    }
}

fn join_with(numbers: &[BigUint], separator: &str) -> String {
    let words: Vec<String> = numbers.iter().map(BigUint::to_string).collect();
    words.join(separator)
}

/// Analyses a coin-turning position typed as words: the rule, then the places of the heads
/// (`["ruler", "3", "5", "8"]`).
///
/// # Errors
///
/// A missing or unknown rule, a bad place (see [`parse_heads`]), misère play (not supported);
/// with `all_moves`, a refusal when the listing would pass `limits.max_listed_moves`.
pub fn analyse<S: AsRef<str>>(
    words: &[S],
    options: &AnalysisOptions,
    limits: &Limits,
) -> Result<Analysis, Error> {
    let (rule, places) = words.split_first().ok_or_else(|| {
        Error::bad_input(
            "turning: expected a rule (mock-turtles, ruler or twins), then the places of the heads",
        )
    })?;
    let rule = parse_rule(rule.as_ref())?;
    let game = format!("turning {}", rule.name());
    options.refuse_misere(&game)?;
    let heads = parse_heads(places)?;
    let texts: Vec<String> = heads.iter().map(BigUint::to_string).collect();
    let total = coin_turning::nim_value(rule, &heads);
    let most_listed = crate::listing_limit(&heads, MAX_WINNING_MOVES);
    let winning = coin_turning::winning_moves(rule, &heads, most_listed);
    let winning_moves: Vec<MoveReport> = winning
        .moves
        .iter()
        .map(|m| move_report(&heads, &texts, m))
        .collect();
    let all_moves = crate::list_all_moves(
        options,
        limits,
        || heads.iter().map(|h| rule.move_count(h)).sum(),
        || {
            let mut listed = Vec::new();
            for head in &heads {
                let place = head.to_u64().expect("bounded by the listing limit");
                rule.for_each_move(place, |coins| {
                    let mut value = total.clone();
                    for &coin in coins {
                        value ^= rule.value(&BigUint::from(coin));
                    }
                    let m = TurningMove::from_coins(rule, coins);
                    listed.push(move_report(&heads, &texts, &m).leading_to_value(value));
                });
            }
            listed
        },
    )?;
    let mut notes = Vec::new();
    notes.extend(crate::listing_note(
        Some(&winning.count),
        winning_moves.len(),
        MAX_WINNING_MOVES,
    ));
    let listed = winning_moves.iter().chain(all_moves.iter().flatten());
    if listed.clone().any(|m| m.to.is_none()) {
        notes.push(format!(
            "a move whose position after it is longer than {MAX_DIGITS_IN_TO} digits has no `to`"
        ));
    }
    Ok(Analysis {
        genus: None,
        steps: None,
        game,
        position: texts.join(" "),
        outcome: normal_outcome(&total),
        nim_value: NimValue::Number(total),
        winning_moves,
        all_moves,
        note: (!notes.is_empty()).then(|| notes.join("; ")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(words: &[&str]) -> serde_json::Value {
        let a = analyse(words, &AnalysisOptions::default(), &Limits::default()).unwrap();
        serde_json::to_value(&a).unwrap()
    }

    #[test]
    fn each_rule_reports_its_moves() {
        // Twins: heads at 3 and 6 are Nim heaps 2 and 5; 6 -> 3 leaves 2 xor 2.
        assert_eq!(
            json(&["twins", "6", "3"]),
            serde_json::json!({"game": "turning twins", "position": "3 6", "outcome": "N",
                "nim_value": 7, "winning_moves": [{"move": "turn 3, 6", "to": "", "coins": [3, 6]}]})
        );
        // Ruler: place 4 is worth 4, 6 is worth 2, so 4 and 6 are worth 6. Turning 1 to 4 leaves
        // 1 2 3 6, worth 1 xor 2 xor 1 xor 2; turning 3 to 6 leaves 3 5, worth 1 xor 1.
        let v = json(&["ruler", "4", "6"]);
        assert_eq!(v["nim_value"], 6);
        assert_eq!(
            v["winning_moves"],
            serde_json::json!([{"move": "turn 1 to 4", "to": "1 2 3 6", "run": [1, 4]},
                               {"move": "turn 3 to 6", "to": "3 5", "run": [3, 6]}])
        );
        assert_eq!(json(&["ruler", "4"])["winning_moves"][0]["move"], "turn 4");
        // Mock Turtles: a head at 3 (value 4) and at 1 (value 1): turning 3 alone leaves 1.
        let v = json(&["mock-turtles", "1", "3"]);
        assert_eq!(v["nim_value"], 5);
        assert_eq!(v["outcome"], "N");
    }

    #[test]
    fn bad_positions_are_named() {
        let o = AnalysisOptions::default();
        let l = Limits::default();
        let err = |words: &[&str]| analyse(words, &o, &l).unwrap_err().message().to_owned();
        assert_eq!(
            err(&["foo", "1"]),
            "turning: `foo` is not a coin-turning rule; the rules are mock-turtles, ruler and twins"
        );
        assert_eq!(
            err(&["ruler", "0"]),
            "head 1: places are numbered from 1, not 0"
        );
        assert_eq!(err(&["ruler", "3", "3"]), "head 2: place 3 is given twice");
        let misere = AnalysisOptions {
            misere: true,
            all_moves: false,
            every: false,
        };
        assert_eq!(
            analyse(&["ruler", "3"], &misere, &l).unwrap_err().message(),
            "misère play of turning ruler is not supported (only normal play: the last move wins)"
        );
    }

    #[test]
    fn mock_turtles_cap_their_many_moves() {
        // Heads at 1 and 2 (values 1 and 2) and at 2^40 + 1: the two coins turned with the last
        // must be worth 1 xor 2 = 3 together, and 2^39 pairs below it are.
        let a = analyse(
            &["mock-turtles", "1", "2", "1099511627777"],
            &AnalysisOptions::default(),
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(a.winning_moves.len(), MAX_WINNING_MOVES);
        let note = a.note.unwrap();
        assert!(
            note.starts_with("549755813888 winning moves in all"),
            "{note}"
        );
    }
}
