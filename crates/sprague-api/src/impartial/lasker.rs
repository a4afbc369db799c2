//! Lasker's Nim positions as typed (`7 4`), and their analysis.
//!
//! A split is written `heap 2: 7 -> 3 + 4`, and its `to` has the split heap replaced, in place, by
//! its two parts. A big heap can have astronomically many winning splits: at most
//! [`MAX_WINNING_SPLITS`] are listed (by increasing smaller part) and the note gives the exact count.

use num_bigint::BigUint;
use sprague::games::lasker::{self, LaskerMove};

use crate::impartial::{every, play, remoteness};
use crate::report::analysis::{heap_move_report, join_numbers, Analysed, Analysis, MoveReport};
use crate::report::listing::list_all_moves;
use crate::request::error::Error;
use crate::request::limits::Limits;
use crate::request::options::AnalysisOptions;
use crate::request::parse::parse_heaps;

/// The most winning splits listed in `winning_moves`; `--all-moves` lists every move.
pub const MAX_WINNING_SPLITS: usize = 1_000;

fn report(heaps: &[BigUint], m: &LaskerMove) -> MoveReport {
    match m {
        LaskerMove::Take { to, .. } => heap_move_report(heaps, m.heap(), &[to]),
        LaskerMove::Split {
            smaller, larger, ..
        } => heap_move_report(heaps, m.heap(), &[smaller, larger]),
    }
}

/// Analyses a Lasker's Nim position typed as words (`["7", "4"]`).
///
/// # Errors
///
/// Bad heaps (see [`parse_heaps`]); misère play (not supported); with `all_moves`, a refusal when
/// the listing would pass `limits.max_listed_moves`.
pub fn analyse<S: AsRef<str>>(words: &[S], options: &AnalysisOptions, limits: &Limits) -> Analysed {
    options.refuse_misere("lasker")?;
    if options.every {
        // Every-SG: each component's steps, by a search over the sums it reaches (a heap of m
        // has m takes and about m/2 splits).
        return every::analyse_heap_sum(
            "lasker",
            &lasker::Lasker,
            words,
            |len| u128::from(len) * u128::from(len) * 3 / 4,
            true,
            limits,
        );
    }
    let heaps = parse_heaps(words)?;
    let total = lasker::nim_value(&heaps);
    let winning = lasker::winning_moves(&heaps, MAX_WINNING_SPLITS);
    let winning_moves: Vec<MoveReport> = winning.moves.iter().map(|m| report(&heaps, m)).collect();
    let note = (winning.count > BigUint::from(winning_moves.len())).then(|| {
        format!(
            "{} winning moves in all; the first {MAX_WINNING_SPLITS} splits by smaller part are listed",
            winning.count
        )
    });
    let all_moves = list_all_moves(
        options,
        limits,
        || lasker::moves_count(&heaps),
        || {
            let values: Vec<BigUint> = heaps.iter().map(lasker::grundy_value).collect();
            lasker::moves(&heaps)
                .iter()
                .map(|m| {
                    let mut after_value = &total ^ &values[m.heap()];
                    match m {
                        LaskerMove::Take { to, .. } => after_value ^= lasker::grundy_value(to),
                        LaskerMove::Split {
                            smaller, larger, ..
                        } => {
                            after_value ^= lasker::grundy_value(smaller);
                            after_value ^= lasker::grundy_value(larger);
                        }
                    }
                    report(&heaps, m).leading_to_value(after_value)
                })
                .collect()
        },
    )?;
    let mut analysis = Analysis {
        winning_moves,
        all_moves,
        note,
        ..Analysis::of_value("lasker", join_numbers(&heaps), total)
    };
    // A heap of m has about 3m/2 options, all generated when it is valued.
    let small = remoteness::small_heaps(&heaps).filter(|h| {
        remoteness::split_heaps_searched(h)
            && h.iter().all(|&h| h <= remoteness::MAX_HEAP_OPTIONS / 2)
    });
    if let Some(small) = small {
        let position = lasker::Lasker::position(&small);
        remoteness::fill(&mut analysis, &lasker::Lasker, &position, limits, |m| {
            remoteness::heaps_after(m).map(|h| lasker::Lasker::position(&h))
        });
    }
    Ok(analysis)
}

/// Lasker's Nim moves checked one at a time, for heaps with too many moves to list.
pub struct LaskerMoves;

impl play::MoveChecker for LaskerMoves {
    fn move_to(&self, position: &str, input: &str) -> Result<MoveReport, Error> {
        let words: Vec<&str> = position.split_whitespace().collect();
        let heaps = parse_heaps(&words)?;
        let m = match play::parse_heap_move(input) {
            Some(typed) => {
                let typed = typed?;
                typed.check(&heaps)?;
                match typed.parts.as_slice() {
                    [to] => take(&heaps, typed.heap, to)?,
                    [a, b] => split(&heaps, typed.heap, a, b)?,
                    _ => {
                        return Err(Error::bad_input(
                            "a move leaves one heap or splits it in two",
                        ))
                    }
                }
            }
            None => {
                let after_words: Vec<&str> = input.split_whitespace().collect();
                let after = parse_heaps(&after_words)?;
                reached(&heaps, &after)?
            }
        };
        Ok(report(&heaps, &m))
    }

    fn small_move(&self, position: &str) -> Result<Option<MoveReport>, Error> {
        let words: Vec<&str> = position.split_whitespace().collect();
        let heaps = parse_heaps(&words)?;
        // One token from the largest heap: the game lasts longest that way.
        let Some((heap, size)) = heaps.iter().enumerate().max_by_key(|(_, h)| *h) else {
            return Ok(None);
        };
        if *size == BigUint::default() {
            return Ok(None);
        }
        let m = LaskerMove::Take {
            heap,
            to: size - 1u8,
        };
        Ok(Some(report(&heaps, &m)))
    }
}

/// Taking heap `heap` down to `to`.
fn take(heaps: &[BigUint], heap: usize, to: &BigUint) -> Result<LaskerMove, Error> {
    if *to >= heaps[heap] {
        return Err(Error::bad_input(format!(
            "heap {} has {} tokens: a move must leave fewer",
            heap + 1,
            heaps[heap]
        )));
    }
    Ok(LaskerMove::Take {
        heap,
        to: to.clone(),
    })
}

/// Splitting heap `heap` into `a` and `b`.
fn split(heaps: &[BigUint], heap: usize, a: &BigUint, b: &BigUint) -> Result<LaskerMove, Error> {
    let zero = BigUint::default();
    if *a == zero || *b == zero || a + b != heaps[heap] {
        return Err(Error::bad_input(format!(
            "heap {} has {} tokens: a split leaves two non-empty heaps that add up to it",
            heap + 1,
            heaps[heap]
        )));
    }
    let (smaller, larger) = if a <= b { (a, b) } else { (b, a) };
    Ok(LaskerMove::Split {
        heap,
        smaller: smaller.clone(),
        larger: larger.clone(),
    })
}

/// The move from `heaps` to `after` (a heap made smaller in place, or replaced in place by two).
fn reached(heaps: &[BigUint], after: &[BigUint]) -> Result<LaskerMove, Error> {
    let common = heaps.iter().zip(after).take_while(|(a, b)| a == b).count();
    let unreachable = || {
        Error::bad_input(format!(
            "{} cannot be reached from {} in one move",
            join_numbers(after),
            join_numbers(heaps)
        ))
    };
    if after.len() == heaps.len() {
        if common == heaps.len() {
            return Err(Error::bad_input(
                "that is the same position: a move must take a token or split a heap",
            ));
        }
        if heaps[common + 1..] != after[common + 1..] {
            return Err(unreachable());
        }
        return take(heaps, common, &after[common]);
    }
    if after.len() == heaps.len() + 1
        && common < heaps.len()
        && heaps[common + 1..] == after[common + 2..]
    {
        return split(heaps, common, &after[common], &after[common + 1]);
    }
    Err(unreachable())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testing::json;
    use sprague::value::Outcome;

    #[test]
    fn splits_are_written_in_place() {
        // 1 8 1 has value 1 ^ 7 ^ 1 = 7: emptying the 8 wins, and so does 8 -> 4 + 4.
        let out = json(analyse, &["1", "8", "1"]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        for m in v["winning_moves"].as_array().unwrap() {
            let to: Vec<&str> = m["to"].as_str().unwrap().split(' ').collect();
            let after = analyse(&to, &AnalysisOptions::default(), &Limits::default()).unwrap();
            assert_eq!(after.outcome, Outcome::P, "{m}");
        }
        assert!(
            out.contains(concat!(
                r#"[{"move":"heap 2: 8 -> 0","to":"1 0 1","heap":2,"remoteness":2},"#,
                r#"{"move":"heap 2: 8 -> 4 + 4","to":"1 4 4 1","heap":2,"remoteness":12}]"#
            )),
            "{out}"
        );
    }

    #[test]
    fn a_huge_heap_lists_a_bounded_number_of_splits_and_counts_them_all() {
        // With y = 2^100 - 5 (value t = 2^100 - 4) and h = 2^151 + t - 2, the splits of h into
        // parts whose values XOR to t number about 2^97 (see the engine's derivation).
        let one = BigUint::from(1u32);
        let y = (&one << 100u32) - 5u32;
        let h = (&one << 151u32) + (&one << 100u32) - 6u32;
        let (h, y) = (h.to_string(), y.to_string());
        let analysis = analyse(
            &[h.as_str(), y.as_str()],
            &AnalysisOptions::default(),
            &Limits::default(),
        )
        .unwrap();
        assert!(analysis.winning_moves.len() <= MAX_WINNING_SPLITS + 2);
        let note = analysis.note.unwrap();
        assert!(note.contains("winning moves in all"), "{note}");
        assert!(analysis.winning_moves.len() >= MAX_WINNING_SPLITS, "{note}");
    }
}
