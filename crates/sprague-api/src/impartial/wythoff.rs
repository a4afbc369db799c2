//! Wythoff positions as typed (`5 8`): two heaps of any size, and their analysis.

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use sprague::games::wythoff::{self, GrundyTable, WythoffMove};
use sprague::value::Outcome;

use crate::impartial::{play, remoteness};
use crate::report::analysis::{heap_move_report, Analysed, Analysis, MoveReport, NimValue};
use crate::report::listing::list_all_moves;
use crate::request::error::Error;
use crate::request::limits::Limits;
use crate::request::options::AnalysisOptions;
use crate::request::parse::parse_natural;

/// Nim-values are computed (by a table of all smaller positions) when both heaps are at most this.
pub const MAX_HEAP_FOR_NIM_VALUE: u64 = 2000;

/// Parses the two heaps of a Wythoff position.
///
/// # Errors
///
/// A bad-input [`Error`] unless there are exactly two non-negative integers.
pub fn parse_position<S: AsRef<str>>(words: &[S]) -> Result<(BigUint, BigUint), Error> {
    if words.len() != 2 {
        return Err(Error::bad_input(format!(
            "wythoff: expected two heaps, got {}",
            words.len()
        )));
    }
    Ok((
        parse_natural(words[0].as_ref(), "heap 1")?,
        parse_natural(words[1].as_ref(), "heap 2")?,
    ))
}

fn outcome_of(x: &BigUint, y: &BigUint) -> Outcome {
    if wythoff::is_p_position(x, y) {
        Outcome::P
    } else {
        Outcome::N
    }
}

fn move_report(x: &BigUint, y: &BigUint, m: &WythoffMove) -> MoveReport {
    match m {
        WythoffMove::Both { take } => {
            let to = format!("{} {}", x - take, y - take);
            MoveReport::plain(format!("both: take {take} -> {to}"), to)
        }
        WythoffMove::Heap { heap, to: size } => heap_move_report(&[x, y], *heap, &[size]),
    }
}

/// Analyses a Wythoff position typed as words (`["5", "8"]`).
///
/// The outcome and the winning moves are exact at any size. The nim-value is given when both
/// heaps are at most [`MAX_HEAP_FOR_NIM_VALUE`], and is null with a note otherwise.
///
/// # Errors
///
/// Bad heaps (see [`parse_position`]); misère play (not supported); with `all_moves`, a refusal
/// when the listing would pass `limits.max_listed_moves`.
pub fn analyse<S: AsRef<str>>(words: &[S], options: &AnalysisOptions, limits: &Limits) -> Analysed {
    options.refuse_misere("wythoff")?;
    let (x, y) = parse_position(words)?;
    let small = match (x.to_u64(), y.to_u64()) {
        (Some(a), Some(b)) if a.max(b) <= MAX_HEAP_FOR_NIM_VALUE => Some((a, b)),
        _ => None,
    };
    let table = small.map(|(a, b)| GrundyTable::new(a, b));
    let value_of = |p: &BigUint, q: &BigUint| -> NimValue {
        match (&table, p.to_u64(), q.to_u64()) {
            (Some(t), Some(a), Some(b)) => t.value(a, b).map_or(NimValue::None, NimValue::from_u64),
            _ => NimValue::None,
        }
    };
    let nim_value = value_of(&x, &y);
    let winning_moves = wythoff::winning_moves(&x, &y)
        .iter()
        .map(|m| move_report(&x, &y, m))
        .collect();
    let all_moves = list_all_moves(
        options,
        limits,
        // x + y + min(x, y) moves.
        || &x + &y + (&x).min(&y),
        || {
            let (a, b) = (
                x.to_u64().expect("bounded by the listing limit"),
                y.to_u64().expect("bounded by the listing limit"),
            );
            let mut moves: Vec<WythoffMove> = Vec::new();
            moves.extend((0..a).rev().map(|to| WythoffMove::Heap {
                heap: 0,
                to: BigUint::from(to),
            }));
            moves.extend((0..b).rev().map(|to| WythoffMove::Heap {
                heap: 1,
                to: BigUint::from(to),
            }));
            moves.extend((1..=a.min(b)).map(|take| WythoffMove::Both {
                take: BigUint::from(take),
            }));
            moves
                .iter()
                .map(|m| {
                    let (p, q) = m.apply(&x, &y);
                    move_report(&x, &y, m).leading_to(outcome_of(&p, &q), value_of(&p, &q))
                })
                .collect()
        },
    )?;
    let note = small.is_none().then(|| {
        format!(
            "nim-value not computed: Wythoff's nim-values have no known closed form, and are \
             computed only when both heaps are at most {MAX_HEAP_FOR_NIM_VALUE}"
        )
    });
    let mut analysis = Analysis {
        winning_moves,
        all_moves,
        note,
        ..Analysis::new("wythoff", format!("{x} {y}"), outcome_of(&x, &y), nim_value)
    };
    // Every move lowers a heap: at most (x + 1)(y + 1) positions, searched within the budget.
    let small = match (x.to_u64(), y.to_u64()) {
        (Some(a), Some(b)) if remoteness::heap_sums_bound(&[a, b]) <= MAX_POSITIONS => Some((a, b)),
        _ => None,
    };
    if let Some(small) = small {
        remoteness::fill(&mut analysis, &wythoff::Wythoff, &small, limits, |m| {
            match remoteness::heaps_after(m)?.as_slice() {
                &[a, b] => Some((a, b)),
                _ => None,
            }
        });
    }
    Ok(analysis)
}

/// The most positions below a Wythoff position whose remoteness is searched.
const MAX_POSITIONS: u64 = remoteness::MAX_POSITIONS as u64;

/// Wythoff moves checked one at a time, for heaps with too many moves to list.
pub struct WythoffMoves;

impl play::MoveChecker for WythoffMoves {
    fn move_to(&self, position: &str, input: &str) -> Result<MoveReport, Error> {
        let words: Vec<&str> = position.split_whitespace().collect();
        let (x, y) = parse_position(&words)?;
        let heaps = [x.clone(), y.clone()];
        let input = input.trim();
        let m = if let Some(typed) = play::parse_heap_move(input) {
            let typed = typed?;
            typed.check(&heaps)?;
            let [to] = typed.parts.as_slice() else {
                return Err(Error::bad_input("a move leaves one heap: `heap 1: 7 -> 3`"));
            };
            WythoffMove::Heap {
                heap: typed.heap,
                to: to.clone(),
            }
        } else if let Some(rest) = input.strip_prefix("both:") {
            // `both: take K` (the `-> P Q` the analysis adds may follow).
            let k = rest
                .split("->")
                .next()
                .unwrap_or("")
                .trim()
                .strip_prefix("take")
                .ok_or_else(|| Error::bad_input("write a move on both heaps as `both: take 2`"))?;
            WythoffMove::Both {
                take: parse_natural(k.trim(), "the number taken")?,
            }
        } else {
            let after_words: Vec<&str> = input.split_whitespace().collect();
            let (p, q) = parse_position(&after_words)?;
            if p == x && q < y {
                WythoffMove::Heap { heap: 1, to: q }
            } else if q == y && p < x {
                WythoffMove::Heap { heap: 0, to: p }
            } else if p < x && q < y && &x - &p == &y - &q {
                WythoffMove::Both { take: &x - &p }
            } else {
                return Err(Error::bad_input(format!(
                    "{p} {q} cannot be reached from {x} {y} in one move"
                )));
            }
        };
        let legal = match &m {
            WythoffMove::Heap { heap, to } => *to < heaps[*heap],
            WythoffMove::Both { take } => *take > BigUint::default() && *take <= x && *take <= y,
        };
        if !legal {
            return Err(Error::bad_input(match &m {
                WythoffMove::Heap { heap, .. } => format!(
                    "heap {} has {} tokens: a move must leave fewer",
                    heap + 1,
                    heaps[*heap]
                ),
                WythoffMove::Both { .. } => format!(
                    "a move on both heaps takes at least 1 and at most {} from each",
                    x.clone().min(y.clone())
                ),
            }));
        }
        Ok(move_report(&x, &y, &m))
    }

    fn small_move(&self, position: &str) -> Result<Option<MoveReport>, Error> {
        let words: Vec<&str> = position.split_whitespace().collect();
        let (x, y) = parse_position(&words)?;
        // One token from the larger heap.
        let heap = usize::from(y > x);
        let size = if heap == 0 { &x } else { &y };
        if *size == BigUint::default() {
            return Ok(None);
        }
        let m = WythoffMove::Heap {
            heap,
            to: size - 1u8,
        };
        Ok(Some(move_report(&x, &y, &m)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testing::{all_moves, json};

    #[test]
    fn hdu_2177_sample_prints_both_kinds_of_move() {
        assert_eq!(
            json(analyse, &["5", "8"]),
            r#"{"game":"wythoff","position":"5 8","outcome":"N","nim_value":2,"remoteness":5,"winning_moves":[{"move":"both: take 1 -> 4 7","to":"4 7","remoteness":6},{"move":"heap 2: 8 -> 3","to":"5 3","heap":2,"remoteness":4}]}"#
        );
    }

    #[test]
    fn large_heaps_have_an_outcome_and_a_note() {
        let a = analyse(
            &["2001", "5"],
            &AnalysisOptions::default(),
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(a.nim_value, NimValue::None);
        assert!(a.note.unwrap().contains("at most 2000"));
        assert_eq!(a.outcome, Outcome::N);
        // Heap 1 to 3 reaches (3, 5).
        assert_eq!(a.winning_moves[0].to.as_deref(), Some("3 5"));
    }

    #[test]
    fn all_moves_lists_every_move() {
        let a = analyse(&["2", "3"], &all_moves(), &Limits::default()).unwrap();
        let all = a.all_moves.unwrap();
        assert_eq!(all.len(), 2 + 3 + 2);
        let lost: Vec<&str> = all
            .iter()
            .filter(|m| m.outcome == Some(Outcome::P))
            .map(|m| m.to.as_deref().unwrap())
            .collect();
        let winning: Vec<&str> = a
            .winning_moves
            .iter()
            .map(|m| m.to.as_deref().unwrap())
            .collect();
        let (mut lost, mut winning) = (lost, winning);
        lost.sort_unstable();
        winning.sort_unstable();
        assert_eq!(lost, winning);
        assert!(all.iter().all(
            |m| (m.outcome == Some(Outcome::P)) == (m.nim_value == Some(NimValue::from_u64(0)))
        ));
    }

    #[test]
    fn bad_positions_are_named() {
        let opts = AnalysisOptions::default();
        let limits = Limits::default();
        let err = analyse(&["3"], &opts, &limits).unwrap_err();
        assert_eq!(err.message(), "wythoff: expected two heaps, got 1");
        let err = analyse(&["3", "4", "5"], &opts, &limits).unwrap_err();
        assert_eq!(err.message(), "wythoff: expected two heaps, got 3");
        let err = analyse(&["3", "-4"], &opts, &limits).unwrap_err();
        assert_eq!(
            err.message(),
            "heap 2: `-4` is negative; expected a non-negative integer"
        );
    }
}
