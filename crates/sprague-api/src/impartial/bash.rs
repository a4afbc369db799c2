//! Bash positions as typed (`15` with `--max 3`, and `--min P` for a take range), and their
//! analysis in normal or misère play.

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use sprague::games::bash::BashRules;
use sprague::value::Outcome;

use crate::report::analysis::{Analysed, Analysis, MoveReport, NimValue};
use crate::request::error::Error;
use crate::request::limits::Limits;
use crate::request::options::AnalysisOptions;
use crate::request::parse::parse_natural;
pub use crate::request::parse::parse_rules;

fn outcome_of(rules: &BashRules, n: &BigUint, misere: bool) -> Outcome {
    if rules.is_p_position(n, misere) {
        Outcome::P
    } else {
        Outcome::N
    }
}

/// The nim-value of a heap of `n`: none in misère play.
fn value_of(rules: &BashRules, n: &BigUint, misere: bool) -> NimValue {
    if misere {
        NimValue::None
    } else {
        NimValue::Number(rules.nim_value(n))
    }
}

fn move_report(n: &BigUint, take: &BigUint) -> MoveReport {
    let to = n - take;
    MoveReport::plain(format!("take {take} -> {to}"), to.to_string())
}

/// The takes from `least` to `most`, refused past the listing limit; `what` names the listing.
fn expand(
    range: Option<(BigUint, BigUint)>,
    limits: &Limits,
    what: impl Into<crate::request::error::Message>,
) -> Result<Vec<BigUint>, Error> {
    let Some((least, most)) = range else {
        return Ok(Vec::new());
    };
    let count = &most - &least + 1u32;
    if count > BigUint::from(limits.max_listed_moves) {
        return Err(Error::too_large(
            crate::request::error::Budget::Memory,
            what.into().then(format!(
                " would list {count} moves, more than the {} allowed",
                limits.max_listed_moves
            )),
        ));
    }
    let count = count.to_u64().expect("bounded by the listing limit");
    crate::report::listing::check_listing_memory(count, limits)?;
    Ok((0..count).map(|i| &least + i).collect())
}

/// Analyses a heap typed as words (`["15"]`) under `rules`.
///
/// # Errors
///
/// A bad heap, or not exactly one; a refusal when the winning moves (or, with `all_moves`, all
/// moves) would be more than `limits.max_listed_moves` (only possible with a huge `--min`).
pub fn analyse<S: AsRef<str>>(
    words: &[S],
    rules: &BashRules,
    options: &AnalysisOptions,
    limits: &Limits,
) -> Analysed {
    if words.len() != 1 {
        return Err(Error::bad_input(format!(
            "bash: expected one heap, got {}",
            words.len()
        )));
    }
    let n = parse_natural(words[0].as_ref(), "heap")?;
    let misere = options.misere;
    let winning_moves = expand(rules.winning_takes(&n, misere), limits, "the winning moves")?
        .iter()
        .map(|take| move_report(&n, take))
        .collect();
    let all_moves = if options.all_moves {
        let takes = expand(
            rules.takes(&n),
            limits,
            crate::request::error::Message::param("all_moves"),
        )?;
        Some(
            takes
                .iter()
                .map(|take| {
                    let after = &n - take;
                    move_report(&n, take).leading_to(
                        outcome_of(rules, &after, misere),
                        value_of(rules, &after, misere),
                    )
                })
                .collect(),
        )
    } else {
        None
    };
    let note = misere.then(|| {
        "misère play: the player who takes the last token loses; nim-values do not apply".to_owned()
    });
    let mut analysis = Analysis {
        winning_moves,
        all_moves,
        note,
        ..Analysis::new(
            "bash",
            n.to_string(),
            outcome_of(rules, &n, misere),
            value_of(rules, &n, misere),
        )
    };
    if !misere {
        // The closed form, at any size (a remoteness past 64 bits is left out).
        analysis.remoteness = rules.remoteness(&n).to_u64();
        let moves = analysis.winning_moves.iter_mut();
        for m in moves.chain(analysis.all_moves.iter_mut().flatten()) {
            let after = m.to.as_deref().and_then(|to| to.parse::<BigUint>().ok());
            m.remoteness = after.and_then(|heap| rules.remoteness(&heap).to_u64());
        }
    }
    Ok(analysis)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analysis(n: &str, max: &str, min: Option<&str>, misere: bool) -> Analysis {
        let rules = parse_rules(max, min).unwrap();
        let options = AnalysisOptions {
            all_moves: false,
            every: false,
            misere,
        };
        analyse(&[n], &rules, &options, &Limits::default()).unwrap()
    }

    #[test]
    fn plain_bash_keeps_a_multiple_of_max_plus_one() {
        let a = analysis("15", "3", None, false);
        let out = serde_json::to_string(&a).unwrap();
        assert_eq!(
            out,
            r#"{"game":"bash","position":"15","outcome":"N","nim_value":3,"remoteness":7,"winning_moves":[{"move":"take 3 -> 12","to":"12","remoteness":6}]}"#
        );
    }

    /// The closed form's remoteness, checked against the rule applied to every option.
    #[test]
    fn remoteness_follows_the_rule_at_every_heap() {
        for (max, min) in [("3", None), ("4", Some("2")), ("5", Some("5"))] {
            let mut known: Vec<u64> = Vec::new();
            for n in 0..60u64 {
                let rules = parse_rules(max, min).unwrap();
                let all = analyse(
                    &[n.to_string()],
                    &rules,
                    &crate::impartial::testing::all_moves(),
                    &Limits::default(),
                )
                .unwrap();
                let listed = all.all_moves.clone().unwrap();
                let options = listed.iter().map(|m| {
                    let to: usize = m.to.as_deref().unwrap().parse().unwrap();
                    assert_eq!(
                        m.remoteness,
                        Some(known[to]),
                        "{max} {min:?} {n}: {}",
                        m.text
                    );
                    known[to]
                });
                let r = sprague::solve::remoteness::remoteness_from_options(
                    options.collect::<Vec<_>>(),
                );
                assert_eq!(all.remoteness, Some(r), "{max} {min:?} {n}");
                known.push(r);
            }
        }
        // Any size whose remoteness fits 64 bits (4·10^17 tokens, taken four a round: 2·10^17
        // moves); a misère heap has none.
        let huge = format!("4{}", "0".repeat(17));
        let expected = 2 * 10u64.pow(17);
        assert_eq!(analysis(&huge, "3", None, false).remoteness, Some(expected));
        assert_eq!(analysis(&"4".repeat(40), "3", None, false).remoteness, None);
        assert_eq!(analysis("9", "4", Some("2"), true).remoteness, None);
    }

    #[test]
    fn misere_range_game_follows_hdu_2897() {
        // 7 with takes 2..4 is lost; 9 is won by leaving 7.
        assert_eq!(analysis("7", "4", Some("2"), true).outcome, Outcome::P);
        let a = analysis("9", "4", Some("2"), true);
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.nim_value, NimValue::None);
        assert_eq!(a.winning_moves.len(), 1);
        assert_eq!(a.winning_moves[0].text, "take 2 -> 7");
    }

    #[test]
    fn too_many_winning_moves_are_refused() {
        // Takes 10^7..2·10^7 from 4·10^7 reach 2·10^7..3·10^7, whose top 10^7 (all but the first,
        // by the window rule with q = 3·10^7) are P-positions.
        let rules = parse_rules("20000000", Some("10000000")).unwrap();
        let err = analyse(
            &["40000000"],
            &rules,
            &AnalysisOptions::default(),
            &Limits::default(),
        )
        .unwrap_err();
        assert!(
            err.message().starts_with("the winning moves would list"),
            "{err}"
        );
    }

    #[test]
    fn bad_rules_are_named() {
        use crate::request::error::cli_words;
        assert_eq!(
            parse_rules("0", None).unwrap_err().message(),
            "`max`: `0` takes nothing; expected at least 1"
        );
        assert_eq!(
            parse_rules("3", Some("0")).unwrap_err().message(),
            "`min`: `0` would allow taking nothing; expected at least 1"
        );
        let err = parse_rules("3", Some("4")).unwrap_err();
        assert_eq!(err.message(), "`min`: `4` is more than `max` `3`");
        assert_eq!(err.parameter(), Some("min"));
        assert_eq!(cli_words(&err), "--min: `4` is more than --max `3`");
        let err = parse_rules("x", None).unwrap_err();
        assert_eq!(err.message(), "`max`: `x` is not a non-negative integer");
        assert_eq!(cli_words(&err), "--max: `x` is not a non-negative integer");
    }
}
