//! Coin-turning positions as typed (`turning ruler 3 5 8`: the rule, then the 1-based places of
//! the heads), and their analysis: outcome, nim-value and every winning move, at any size, from
//! the coin-turning theorem ([`sprague::games::coin_turning`]).
//!
//! A move is written by the coins it turns: `turn 2, 5` (Twins, Mock Turtles; JSON `"coins"`, the
//! places, increasing; the last is the head turned to tails) or `turn 3 to 8` (Ruler's run of
//! consecutive coins; JSON `"run": [first, last]`). `to` is the heads after the move; it is left
//! out where it would be longer than [`MAX_DIGITS_IN_TO`] digits. Mock Turtles can have about x/2
//! winning moves from a head at x: at most [`MAX_WINNING_MOVES`] are listed (by head, left to
//! right, then by the coins turned; fewer for very long places:
//! [`crate::report::listing::listing_limit`]) and the note gives their number.

use std::collections::BTreeSet;

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
use sprague::games::coin_turning::{self, TurningMove, TurningRule};
use sprague::games::tartan::{self, ProductMove, ProductRule};

use crate::impartial::remoteness;
use crate::report::analysis::{Analysed, Analysis, FactorReport, MovePlace, MoveReport};
use crate::report::listing::{
    check_listing_size, list_all_moves, list_moves_by_number, listing_limit, listing_note,
};
use crate::request::error::Error;
use crate::request::limits::Limits;
use crate::request::options::AnalysisOptions;
use crate::request::parse::parse_natural;

/// The most winning moves listed; the note gives how many there are.
pub const MAX_WINNING_MOVES: usize = 1_000;

/// The most digits a move's `to` holds (a Ruler move can turn a long run of tails to heads); past
/// them the move has no `to`.
pub const MAX_DIGITS_IN_TO: u64 = 1_000_000;

/// The most combinations the search for a product game's winning moves tries
/// ([`tartan::search_size`]: about a microsecond each); past it the value and outcome are given
/// and the note says why the moves are not.
pub const MAX_PRODUCT_SEARCH: u64 = 5_000_000;

/// The most coins a product move's `to` is worked out for (it turns every coin of a box).
pub const MAX_COINS_IN_TO: u64 = 100_000;

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
        let place = parse_natural(word.as_ref(), what.as_str())?;
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
        TurningMove::Coins(coins) => MoveReport::new(
            format!("turn {}", join_with(coins, ", ")),
            to,
            MovePlace::Turned(FactorReport::Coins {
                coins: coins.clone(),
            }),
        ),
        TurningMove::Run { first, last } => MoveReport::new(
            if first == last {
                format!("turn {last}")
            } else {
                format!("turn {first} to {last}")
            },
            to,
            MovePlace::Turned(FactorReport::Run {
                run: [first.clone(), last.clone()],
            }),
        ),
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
pub fn analyse<S: AsRef<str>>(words: &[S], options: &AnalysisOptions, limits: &Limits) -> Analysed {
    let (rule, places) = words.split_first().ok_or_else(|| {
        Error::bad_input(
            "turning: expected a rule (mock-turtles, ruler or twins, or a product such as \
             ruler,twins), then the places of the heads",
        )
    })?;
    if rule.as_ref().contains(',') {
        return analyse_product(rule.as_ref(), places, options, limits);
    }
    let rule = parse_rule(rule.as_ref())?;
    let game = format!("turning {}", rule.name());
    options.refuse_misere(&game)?;
    let heads = parse_heads(places)?;
    let texts: Vec<String> = heads.iter().map(BigUint::to_string).collect();
    let total = coin_turning::nim_value(rule, &heads);
    let most_listed = listing_limit(&heads, MAX_WINNING_MOVES);
    let winning = coin_turning::winning_moves(rule, &heads, most_listed);
    let winning_moves: Vec<MoveReport> = winning
        .moves
        .iter()
        .map(|m| move_report(&heads, &texts, m))
        .collect();
    let list = |_: usize, place: u64, listed: &mut Vec<MoveReport>| {
        rule.for_each_move(place, |coins| {
            let mut value = total.clone();
            for &coin in coins {
                value ^= rule.value(&BigUint::from(coin));
            }
            let m = TurningMove::from_coins(rule, coins);
            listed.push(move_report(&heads, &texts, &m).leading_to_value(value));
        });
    };
    let count = |head: &BigUint| rule.move_count(head);
    // Each move writes its coins and its `to` (the heads, give or take those coins).
    let places: BigUint = heads
        .iter()
        .map(|h| rule.move_count(h) * (heads.len() + 1) + rule.coins_turned(h))
        .sum();
    check_listing_size(options, &places)?;
    let all_moves = list_moves_by_number(options, limits, &heads, count, list)?;
    let mut notes = Vec::new();
    notes.extend(listing_note(
        Some(&winning.count),
        winning_moves.len(),
        MAX_WINNING_MOVES,
    ));
    let why_no_to = format!(
        "a move whose position after it is longer than {MAX_DIGITS_IN_TO} digits has no `to`"
    );
    let mut analysis = Analysis {
        winning_moves,
        all_moves,
        ..Analysis::of_value(game, texts.join(" "), total)
    };
    // The engine's ruleset takes places 1..=64 as a mask; a position's options, every move of
    // every head, are all generated when it is valued.
    let options: BigUint = heads.iter().map(|h| rule.move_count(h)).sum();
    let mask = |heads: &[BigUint]| {
        heads.iter().try_fold(0u64, |mask, h| match h.to_u64() {
            Some(p @ 1..=64) => Some(mask ^ 1 << (p - 1)),
            _ => None,
        })
    };
    let start = mask(&heads).filter(|_| options <= BigUint::from(remoteness::MAX_HEAP_OPTIONS));
    if let Some(start) = start {
        let ruleset = coin_turning::CoinTurning { rule };
        remoteness::fill(&mut analysis, &ruleset, &start, limits, |m| {
            let to = m.to.as_deref()?;
            let heads: Option<Vec<BigUint>> =
                to.split_whitespace().map(|w| w.parse().ok()).collect();
            mask(&heads?)
        });
    }
    Ok(with_notes(analysis, notes, why_no_to))
}

/// `analysis` with its notes joined, and `why_no_to` among them when a move listed has no `to`.
fn with_notes(analysis: Analysis, mut notes: Vec<String>, why_no_to: String) -> Analysis {
    let mut listed = analysis
        .winning_moves
        .iter()
        .chain(analysis.all_moves.iter().flatten());
    if listed.any(|m| m.to.is_none()) {
        notes.push(why_no_to);
    }
    Analysis {
        note: (!notes.is_empty()).then(|| notes.join("; ")),
        ..analysis
    }
}

/// Parses a product of rules: names joined by commas (`ruler,twins`), two or more.
///
/// # Errors
///
/// A name that is not a rule, or a single one.
pub fn parse_product_rule(word: &str) -> Result<ProductRule, Error> {
    let rules = word
        .split(',')
        .map(parse_rule)
        .collect::<Result<Vec<_>, _>>()?;
    ProductRule::new(rules).ok_or_else(|| {
        Error::bad_input(format!(
            "turning: `{word}` names one rule; a product names two or more, joined by commas"
        ))
    })
}

/// Parses the heads of a product game: one coin a word, its coordinates (1-based, any size)
/// joined by commas, one a rule (`3,5`); distinct, returned in increasing order.
///
/// # Errors
///
/// A coin with the wrong number of coordinates, a coordinate that is not a positive integer, or
/// a coin given twice.
pub fn parse_coins<S: AsRef<str>>(
    words: &[S],
    dimensions: usize,
) -> Result<Vec<Vec<BigUint>>, Error> {
    let mut coins = BTreeSet::new();
    for (idx, word) in words.iter().enumerate() {
        let word = word.as_ref();
        let what = format!("head {}", idx + 1);
        let parts: Vec<&str> = word.split(',').collect();
        if parts.len() != dimensions {
            return Err(Error::bad_input(format!(
                "{what}: `{word}` has {} coordinate{}; this product has {dimensions} rules, so \
                 a coin is written with {dimensions} coordinates joined by commas (e.g. `{}`)",
                parts.len(),
                if parts.len() == 1 { "" } else { "s" },
                vec!["1"; dimensions].join(",")
            )));
        }
        let mut coin = Vec::with_capacity(dimensions);
        for part in parts {
            let place = parse_natural(part, what.as_str())?;
            if place.is_zero() {
                return Err(Error::bad_input(format!(
                    "{what}: places are numbered from 1, not 0"
                )));
            }
            coin.push(place);
        }
        if !coins.insert(coin) {
            return Err(Error::bad_input(format!(
                "{what}: coin {word} is given twice"
            )));
        }
    }
    Ok(coins.into_iter().collect())
}

/// How many places the factor `m` turns.
fn factor_len(m: &TurningMove) -> BigUint {
    match m {
        TurningMove::Coins(coins) => BigUint::from(coins.len()),
        TurningMove::Run { first, last } => last - first + 1u32,
    }
}

fn coin_text(coin: &[BigUint]) -> String {
    let words: Vec<String> = coin.iter().map(BigUint::to_string).collect();
    words.join(",")
}

/// The heads after a product move, as typed, when the move turns at most [`MAX_COINS_IN_TO`]
/// coins and the text is at most [`MAX_DIGITS_IN_TO`] digits.
fn coins_after(heads: &[Vec<BigUint>], m: &ProductMove) -> Option<String> {
    let turned: BigUint = m.factors.iter().map(factor_len).product();
    if turned > BigUint::from(MAX_COINS_IN_TO) {
        return None;
    }
    let mut after: BTreeSet<Vec<BigUint>> = heads.iter().cloned().collect();
    let mut boxes: Vec<Vec<BigUint>> = vec![Vec::new()];
    for factor in &m.factors {
        let places = factor.coins();
        boxes = boxes
            .into_iter()
            .flat_map(|coin| {
                places.iter().map(move |p| {
                    let mut next = coin.clone();
                    next.push(p.clone());
                    next
                })
            })
            .collect();
    }
    for coin in boxes {
        if !after.remove(&coin) {
            after.insert(coin);
        }
    }
    let words: Vec<String> = after.iter().map(|c| coin_text(c)).collect();
    let text = words.join(" ");
    (text.len() as u64 <= MAX_DIGITS_IN_TO).then_some(text)
}

fn factor_text(m: &TurningMove) -> String {
    match m {
        TurningMove::Coins(coins) => format!("{{{}}}", join_with(coins, ", ")),
        TurningMove::Run { first, last } if first == last => format!("{{{last}}}"),
        TurningMove::Run { first, last } => format!("{{{first} to {last}}}"),
    }
}

fn product_move_report(heads: &[Vec<BigUint>], m: &ProductMove) -> MoveReport {
    let texts: Vec<String> = m.factors.iter().map(factor_text).collect();
    let factors = m
        .factors
        .iter()
        .map(|f| match f {
            TurningMove::Coins(coins) => FactorReport::Coins {
                coins: coins.clone(),
            },
            TurningMove::Run { first, last } => FactorReport::Run {
                run: [first.clone(), last.clone()],
            },
        })
        .collect();
    MoveReport::new(
        format!("turn {}", texts.join(" × ")),
        coins_after(heads, m),
        MovePlace::Factors { factors },
    )
}

/// Analyses a position of a product of coin-turning games (the Tartan theorem): `rule` the
/// rules joined by commas, `places` the heads, each its coordinates joined by commas.
fn analyse_product<S: AsRef<str>>(
    rule: &str,
    places: &[S],
    options: &AnalysisOptions,
    limits: &Limits,
) -> Analysed {
    let rule = parse_product_rule(rule)?;
    let game = format!("turning {}", rule.name());
    options.refuse_misere(&game)?;
    let heads = parse_coins(places, rule.rules().len())?;
    let total = tartan::nim_value(&rule, &heads);
    let mut notes = Vec::new();
    let search = tartan::search_size(&rule, &heads);
    let winning_moves = if search > BigUint::from(MAX_PRODUCT_SEARCH) {
        if !total.is_zero() {
            notes.push(format!(
                "the winning moves are not listed: finding them would try {search} combinations \
                 of the coordinates' moves, more than the {MAX_PRODUCT_SEARCH} allowed"
            ));
        }
        Vec::new()
    } else {
        let flat: Vec<BigUint> = heads.iter().flatten().cloned().collect();
        let most_listed = listing_limit(&flat, MAX_WINNING_MOVES);
        let winning = tartan::winning_moves(&rule, &heads, most_listed);
        notes.extend(listing_note(
            Some(&winning.count),
            winning.moves.len(),
            MAX_WINNING_MOVES,
        ));
        winning
            .moves
            .iter()
            .map(|m| product_move_report(&heads, m))
            .collect()
    };
    // Each move turns a box, the product of its factors' coins: all the moves at a head turn
    // the product of each coordinate's coins turned; and each writes its `to`.
    let places: BigUint = heads
        .iter()
        .map(|head| {
            let turned: BigUint = rule
                .rules()
                .iter()
                .zip(head)
                .map(|(r, place)| r.coins_turned(place))
                .product();
            rule.move_count(head) * (heads.len() + 1) + turned
        })
        .sum();
    check_listing_size(options, &places)?;
    let all_moves = list_all_moves(
        options,
        limits,
        || heads.iter().map(|h| rule.move_count(h)).sum(),
        || {
            let mut listed = Vec::new();
            for head in &heads {
                if rule.move_count(head).is_zero() {
                    continue;
                }
                let coin: Vec<u64> = head
                    .iter()
                    .map(|c| c.to_u64().expect("bounded by the listing limit"))
                    .collect();
                rule.for_each_move(&coin, |factors| {
                    let m = ProductMove::from_coins(&rule, factors);
                    let mut turned = BigUint::from(1u32);
                    for (r, f) in rule.rules().iter().zip(factors) {
                        let xor = f
                            .iter()
                            .fold(BigUint::zero(), |acc, &p| acc ^ r.value(&BigUint::from(p)));
                        turned = sprague::value::nim_product(&turned, &xor);
                    }
                    let value = &total ^ turned;
                    listed.push(product_move_report(&heads, &m).leading_to_value(value));
                });
            }
            listed
        },
    )?;
    let why_no_to = format!(
        "a move that turns more than {MAX_COINS_IN_TO} coins, or whose position after it is \
         longer than {MAX_DIGITS_IN_TO} digits, has no `to`"
    );
    let texts: Vec<String> = heads.iter().map(|c| coin_text(c)).collect();
    let mut analysis = Analysis {
        winning_moves,
        all_moves,
        ..Analysis::of_value(game, texts.join(" "), total)
    };
    product_remoteness(&mut analysis, &rule, &heads, limits);
    Ok(with_notes(analysis, notes, why_no_to))
}

/// The remoteness of a product position whose box (1..=the largest coordinate of a head, in
/// each coordinate) holds at most 64 coins: the engine's ruleset is a mask over the box, and
/// lists the box's coins for every option, so the search looks at fewer options.
fn product_remoteness(
    analysis: &mut Analysis,
    rule: &ProductRule,
    heads: &[Vec<BigUint>],
    limits: &Limits,
) {
    let small: Option<Vec<Vec<u64>>> = heads
        .iter()
        .map(|h| h.iter().map(ToPrimitive::to_u64).collect())
        .collect();
    let Some(small) = small else {
        return;
    };
    let sides: Vec<u64> = (0..rule.rules().len())
        .map(|d| small.iter().map(|h| h[d]).max().unwrap_or(1).max(1))
        .collect();
    let coins = sides.iter().try_fold(1u64, |acc, &s| acc.checked_mul(s));
    if heads.is_empty() || coins.is_none_or(|c| c > 64) {
        return;
    }
    let ruleset = tartan::ProductCoinTurning {
        rule: rule.clone(),
        sides: sides.clone(),
    };
    let mask = |heads: &[Vec<u64>]| {
        heads.iter().try_fold(0u64, |mask, h| {
            let inside =
                h.len() == sides.len() && h.iter().zip(&sides).all(|(&c, &s)| (1..=s).contains(&c));
            inside.then(|| mask ^ 1 << ruleset.bit(h))
        })
    };
    let Some(start) = mask(&small) else {
        return;
    };
    remoteness::fill_within(
        analysis,
        &ruleset,
        &start,
        limits,
        remoteness::Budget {
            max_work: remoteness::MAX_WORK / 16,
            weight: 1,
        },
        |m| {
            let to = m.to.as_deref()?;
            let heads: Option<Vec<Vec<u64>>> = to
                .split_whitespace()
                .map(|w| w.split(',').map(|c| c.parse().ok()).collect())
                .collect();
            mask(&heads?)
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testing::all_moves;

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
                "nim_value": 7, "remoteness": 1,
                "winning_moves": [{"move": "turn 3, 6", "to": "", "coins": [3, 6], "remoteness": 0}]})
        );
        // Ruler: place 4 is worth 4, 6 is worth 2, so 4 and 6 are worth 6. Turning 1 to 4 leaves
        // 1 2 3 6, worth 1 xor 2 xor 1 xor 2; turning 3 to 6 leaves 3 5, worth 1 xor 1.
        let v = json(&["ruler", "4", "6"]);
        assert_eq!(v["nim_value"], 6);
        assert_eq!(
            v["winning_moves"],
            serde_json::json!([{"move": "turn 1 to 4", "to": "1 2 3 6", "run": [1, 4], "remoteness": 8},
                               {"move": "turn 3 to 6", "to": "3 5", "run": [3, 6], "remoteness": 6}])
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
        // Products: each rule named, each coin with one coordinate a rule.
        assert_eq!(
            err(&["ruler,foo", "1,1"]),
            "turning: `foo` is not a coin-turning rule; the rules are mock-turtles, ruler and twins"
        );
        assert_eq!(
            err(&["ruler,twins", "3"]),
            "head 1: `3` has 1 coordinate; this product has 2 rules, so a coin is written with 2 \
             coordinates joined by commas (e.g. `1,1`)"
        );
        assert_eq!(
            err(&["ruler,twins", "3,0"]),
            "head 1: places are numbered from 1, not 0"
        );
        assert_eq!(
            err(&["ruler,twins", "3,1", "3,1"]),
            "head 2: coin 3,1 is given twice"
        );
        assert!(err(&["ruler,", "3,1"]).contains("`` is not a coin-turning rule"));
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
    fn products_report_values_and_moves_by_factor() {
        // Turning Corners (twins × twins): the coin (a, b) is worth (a − 1) ⊗ (b − 1), so (3, 3)
        // is 2 ⊗ 2 = 3. A move turns the four corners of a rectangle; the one that wins has the
        // other corners (1, 1), (1, 3), (3, 1), worth 0 ⊗ 0, 0 ⊗ 2 and 2 ⊗ 0: nothing.
        let v = json(&["twins,twins", "3,3"]);
        assert_eq!(v["game"], "turning twins,twins");
        assert_eq!(v["position"], "3,3");
        assert_eq!(v["nim_value"], 3);
        assert_eq!(
            v["winning_moves"],
            serde_json::json!([{"move": "turn {1, 3} × {1, 3}", "to": "1,1 1,3 3,1",
                "factors": [{"coins": [1, 3]}, {"coins": [1, 3]}], "remoteness": 0}])
        );
        // Rugs (ruler × ruler), with a run in each coordinate: (2, 2) is worth 2 ⊗ 2 = 3 and
        // (1, 2) 1 ⊗ 2 = 2, together 1. Two moves win: turning both heads ({1 to 2} × {2}), and
        // the rug {2} × {1 to 2}, worth 2 ⊗ (1 ⊕ 2) = 1.
        let v = json(&["ruler,ruler", "2,2", "1,2"]);
        assert_eq!(v["nim_value"], 1);
        assert_eq!(
            v["winning_moves"],
            serde_json::json!([{"move": "turn {1 to 2} × {2}", "to": "",
                "factors": [{"run": [1, 2]}, {"run": [2, 2]}], "remoteness": 0},
                {"move": "turn {2} × {1 to 2}", "to": "1,2 2,1",
                "factors": [{"run": [2, 2]}, {"run": [1, 2]}], "remoteness": 2}])
        );
        // Three coordinates, huge places: the value is exact. One huge coordinate is solved for,
        // not searched; two leave the moves unlisted, with the reason.
        let big = "1".repeat(40);
        let v = json(&["twins,ruler,mock-turtles", &format!("{big},2,1")]);
        assert_eq!(v["outcome"], "N");
        assert_eq!(v["winning_moves"].as_array().unwrap().len(), 2, "{v}");
        let v = json(&["twins,ruler,mock-turtles", &format!("{big},{big},1")]);
        assert_eq!(v["outcome"], "N");
        assert!(v["winning_moves"].as_array().unwrap().is_empty());
        assert!(v["note"].as_str().unwrap().contains("not listed"), "{v}");
        // A P-position: two equal values cancel.
        let v = json(&["twins,twins", "2,3", "3,2"]);
        assert_eq!(
            (v["outcome"].clone(), v["nim_value"].clone()),
            ("P".into(), 0.into())
        );
        // --all-moves lists each move with its value after.
        let all = analyse(
            &["mock-turtles,twins", "2,2"],
            &all_moves(),
            &Limits::default(),
        )
        .unwrap();
        // Mock Turtles at 2: turn 2, or 1 and 2; Twins at 2: turn 1 and 2.
        assert_eq!(all.all_moves.unwrap().len(), 2);
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
