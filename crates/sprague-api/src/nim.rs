//! Nim positions as typed (`3 4 5`), and their analysis in normal or misère play.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
use sprague::games::nim;
use sprague::value::Outcome;

use crate::{Analysis, AnalysisOptions, Error, Limits, MoveReport, NimValue};

/// Heaps longer than this many digits are refused (parsing is quadratic in the length).
const MAX_DIGITS: usize = 100_000;

/// Parses one non-negative integer of any size; `what` names it in errors (e.g. `heap 2`).
///
/// # Errors
///
/// A bad-input [`Error`] for anything but decimal digits, and a refusal past 100,000 digits.
pub fn parse_natural(word: &str, what: &str) -> Result<BigUint, Error> {
    if word.starts_with('-') && word.len() > 1 && word[1..].bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::bad_input(format!(
            "{what}: `{word}` is negative; expected a non-negative integer"
        )));
    }
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::bad_input(format!(
            "{what}: `{word}` is not a non-negative integer"
        )));
    }
    if word.len() > MAX_DIGITS {
        return Err(Error::too_large(format!(
            "{what}: {} digits is more than the {MAX_DIGITS} accepted",
            word.len()
        )));
    }
    if word.len() <= 19 {
        return Ok(BigUint::from(
            word.parse::<u64>().expect("19 digits fit in u64"),
        ));
    }
    Ok(BigUint::parse_bytes(word.as_bytes(), 10).expect("checked: only digits"))
}

/// Parses the heaps of a Nim-like position.
///
/// # Errors
///
/// As [`parse_natural`], naming the 1-based heap.
pub fn parse_heaps<S: AsRef<str>>(words: &[S]) -> Result<Vec<BigUint>, Error> {
    words
        .iter()
        .enumerate()
        .map(|(idx, w)| parse_natural(w.as_ref(), &format!("heap {}", idx + 1)))
        .collect()
}

fn join(heaps: &[BigUint]) -> String {
    let words: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
    words.join(" ")
}

fn move_report(heaps: &[BigUint], heap: usize, to: &BigUint) -> MoveReport {
    let mut after = heaps.to_vec();
    after[heap] = to.clone();
    MoveReport {
        text: format!("heap {}: {} -> {}", heap + 1, heaps[heap], to),
        to: Some(join(&after)),
        heap: Some(heap + 1),
        ..MoveReport::default()
    }
}

/// Analyses a Nim position typed as words (`["3", "4", "5"]`).
///
/// # Errors
///
/// Bad heaps (see [`parse_heaps`]); with `all_moves`, a refusal when the listing would pass
/// `limits.max_listed_moves`.
pub fn analyse<S: AsRef<str>>(
    words: &[S],
    options: &AnalysisOptions,
    limits: &Limits,
) -> Result<Analysis, Error> {
    let heaps = parse_heaps(words)?;
    let value = nim::nim_value(&heaps);
    let (outcome, nim_value, moves) = if options.misere {
        let win = nim::misere_is_win(&heaps);
        let outcome = if win { Outcome::N } else { Outcome::P };
        (outcome, NimValue::None, nim::misere_winning_moves(&heaps))
    } else {
        let outcome = if value.is_zero() {
            Outcome::P
        } else {
            Outcome::N
        };
        (
            outcome,
            NimValue::Number(value.clone()),
            nim::winning_moves(&heaps),
        )
    };
    let winning_moves = moves
        .iter()
        .map(|m| move_report(&heaps, m.heap, &m.to))
        .collect();
    let all_moves = if options.all_moves {
        let total: BigUint = heaps.iter().sum();
        if total > BigUint::from(limits.max_listed_moves) {
            return Err(Error::too_large(format!(
                "--all-moves would list {total} moves, more than the {} allowed",
                limits.max_listed_moves
            )));
        }
        let mut listed = Vec::new();
        for (idx, heap) in heaps.iter().enumerate() {
            let size = heap.to_u64().expect("bounded by the listing limit");
            for to in (0..size).rev() {
                let to = BigUint::from(to);
                let mut report = move_report(&heaps, idx, &to);
                let mut after = heaps.clone();
                after[idx] = to;
                if options.misere {
                    let win = nim::misere_is_win(&after);
                    report.outcome = Some(if win { Outcome::N } else { Outcome::P });
                    report.nim_value = Some(NimValue::None);
                } else {
                    let after_value = nim::nim_value(&after);
                    report.outcome = Some(if after_value.is_zero() {
                        Outcome::P
                    } else {
                        Outcome::N
                    });
                    report.nim_value = Some(NimValue::Number(after_value));
                }
                listed.push(report);
            }
        }
        Some(listed)
    } else {
        None
    };
    Ok(Analysis {
        game: "nim".to_owned(),
        position: join(&heaps),
        outcome,
        nim_value,
        winning_moves,
        all_moves,
        note: options.misere.then(|| {
            "misère play: the player who takes the last token loses; nim-values do not apply"
                .to_owned()
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(words: &[&str], options: AnalysisOptions) -> String {
        serde_json::to_string(&analyse(words, &options, &Limits::default()).unwrap()).unwrap()
    }

    #[test]
    fn the_contract_example_prints_as_written() {
        assert_eq!(
            json(&["3", "4", "5"], AnalysisOptions::default()),
            r#"{"game":"nim","position":"3 4 5","outcome":"N","nim_value":2,"winning_moves":[{"move":"heap 1: 3 -> 1","to":"1 4 5","heap":1}]}"#
        );
    }

    #[test]
    fn heaps_beyond_64_bits_are_exact() {
        let big = "123456789012345678901234567890";
        let out = json(&[big, "1"], AnalysisOptions::default());
        assert!(
            out.contains(r#""nim_value":123456789012345678901234567891"#),
            "{out}"
        );
        assert!(out.contains(r#""to":"1 1""#), "{out}");
    }

    #[test]
    fn bad_heaps_are_named() {
        let err =
            analyse(&["3", "x"], &AnalysisOptions::default(), &Limits::default()).unwrap_err();
        assert_eq!(err.message(), "heap 2: `x` is not a non-negative integer");
        let err = analyse(&["-3"], &AnalysisOptions::default(), &Limits::default()).unwrap_err();
        assert_eq!(
            err.message(),
            "heap 1: `-3` is negative; expected a non-negative integer"
        );
    }
}
