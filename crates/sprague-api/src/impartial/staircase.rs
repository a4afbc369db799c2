//! Staircase Nim positions as typed (`3 0 2`: coins on steps 1, 2, 3), and their analysis.

use num_bigint::BigUint;
use sprague::games::staircase::{self, StaircaseMove};

use crate::impartial::remoteness;
use crate::report::analysis::{join_numbers, Analysed, Analysis, MoveReport};
use crate::report::listing::list_moves_by_number;
use crate::request::error::Error;
use crate::request::limits::Limits;
use crate::request::options::AnalysisOptions;
use crate::request::parse::parse_natural;

/// Parses the coins on steps 1..n.
///
/// # Errors
///
/// A bad-input [`Error`] naming the 1-based step, or for an empty staircase.
pub fn parse_steps<S: AsRef<str>>(words: &[S]) -> Result<Vec<BigUint>, Error> {
    if words.is_empty() {
        return Err(Error::bad_input(
            "staircase: expected the coins on steps 1..n, got nothing",
        ));
    }
    words
        .iter()
        .enumerate()
        .map(|(idx, w)| parse_natural(w.as_ref(), format!("step {}", idx + 1)))
        .collect()
}

fn move_report(steps: &[BigUint], m: &StaircaseMove) -> MoveReport {
    let noun = if m.coins == BigUint::from(1u32) {
        "coin"
    } else {
        "coins"
    };
    let text = if m.step == 1 {
        format!("step 1: {} {noun} -> off the board", m.coins)
    } else {
        format!("step {}: {} {noun} -> step {}", m.step, m.coins, m.step - 1)
    };
    MoveReport::plain(text, join_numbers(&m.apply(steps)))
}

/// Analyses a staircase typed as words (`["3", "0", "2"]`).
///
/// # Errors
///
/// Bad counts (see [`parse_steps`]); misère play (not supported); with `all_moves`, a refusal
/// when the listing would pass `limits.max_listed_moves`.
pub fn analyse<S: AsRef<str>>(words: &[S], options: &AnalysisOptions, limits: &Limits) -> Analysed {
    options.refuse_misere("staircase")?;
    let steps = parse_steps(words)?;
    let value = staircase::nim_value(&steps);
    let winning_moves = staircase::winning_moves(&steps)
        .iter()
        .map(|m| move_report(&steps, m))
        .collect();
    let list = |idx: usize, coins: u64, listed: &mut Vec<MoveReport>| {
        for moved in 1..=coins {
            let m = StaircaseMove {
                step: idx + 1,
                coins: BigUint::from(moved),
            };
            let after_value = staircase::nim_value(&m.apply(&steps));
            listed.push(move_report(&steps, &m).leading_to_value(after_value));
        }
    };
    let all_moves = list_moves_by_number(options, limits, &steps, BigUint::clone, list)?;
    let mut analysis = Analysis {
        winning_moves,
        all_moves,
        note: None,
        ..Analysis::of_value("staircase", join_numbers(&steps), value)
    };
    // Not a sum (a move changes two steps): every position is searched whole, its steps above
    // the last coin left out (no coin ever reaches them). A position has as many options as
    // coins, all generated when it is valued, and weighs a word a step.
    let trimmed = |steps: Vec<u64>| -> Vec<u64> {
        let len = steps.iter().rposition(|&c| c > 0).map_or(0, |i| i + 1);
        steps[..len].to_vec()
    };
    let small = remoteness::small_heaps(&steps).map(trimmed).filter(|s| {
        s.len() <= MAX_REMOTENESS_STEPS
            && s.iter()
                .try_fold(0u64, |acc, &c| acc.checked_add(c))
                .is_some_and(|coins| coins <= remoteness::MAX_HEAP_OPTIONS)
    });
    if let Some(small) = small {
        let budget = remoteness::Budget {
            weight: 1 + small.len() / 2,
            ..remoteness::Budget::default()
        };
        remoteness::fill_within(
            &mut analysis,
            &staircase::Staircase,
            &small,
            limits,
            budget,
            |m| remoteness::heaps_after(m).map(trimmed),
        );
    }
    Ok(analysis)
}

/// The most steps (up to the last coin) whose remoteness is searched.
const MAX_REMOTENESS_STEPS: usize = 16;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_from_odd_and_even_steps_are_both_listed() {
        let a = analyse(
            &["0", "5", "3"],
            &AnalysisOptions::default(),
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(
            serde_json::to_string(&a).unwrap(),
            r#"{"game":"staircase","position":"0 5 3","outcome":"N","nim_value":3,"remoteness":17,"winning_moves":[{"move":"step 2: 3 coins -> step 1","to":"3 2 3","remoteness":16},{"move":"step 3: 3 coins -> step 2","to":"0 8 0","remoteness":16}]}"#
        );
    }

    #[test]
    fn bad_steps_are_named() {
        let none: [&str; 0] = [];
        let err = analyse(&none, &AnalysisOptions::default(), &Limits::default()).unwrap_err();
        assert!(err.message().contains("got nothing"));
        let err =
            analyse(&["1", "y"], &AnalysisOptions::default(), &Limits::default()).unwrap_err();
        assert_eq!(err.message(), "step 2: `y` is not a non-negative integer");
    }
}
