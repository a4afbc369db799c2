//! Fibonacci Nim positions as typed (`100`: the start; `97 3`: 97 tokens after a take of 3, or
//! `97 --last 3`), and their analysis: the outcome and every winning take at any size, from
//! Zeckendorf's theorem; the nim-value for heaps up to [`MAX_HEAP_FOR_NIM_VALUE`].

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
use sprague::games::fibonacci_nim::{self, GrundyTable};
use sprague::value::Outcome;

use crate::impartial::remoteness;
use crate::report::analysis::{Analysed, Analysis, MoveReport, NimValue};
use crate::report::listing::{self, list_all_moves, listing_limit};
use crate::request::error::Error;
use crate::request::limits::Limits;
use crate::request::options::AnalysisOptions;
use crate::request::parse::parse_natural;

/// The largest heap whose nim-value is computed (a table of heap²/2 values).
pub const MAX_HEAP_FOR_NIM_VALUE: u64 = 2000;

/// The most winning takes listed; the note gives how many there are (a heap of d digits can
/// have thousands, of d digits each).
pub const MAX_WINNING_MOVES: usize = 1_000;

/// 64-bit word operations of big-integer additions a second, measured low on this kind of
/// machine (BENCHMARKS.md, "fibonacci-nim"), for the estimate of a huge heap's time.
const WORD_OPERATIONS_PER_SECOND: u128 = 300_000_000;

/// A position: the heap, and the take before (none at the start).
struct Position {
    heap: BigUint,
    last: Option<BigUint>,
}

impl Position {
    /// The most the player to move may take: twice the last take, or at the start all but one.
    fn most(&self) -> BigUint {
        match &self.last {
            Some(last) => last * 2u32,
            None if self.heap.is_zero() => BigUint::zero(),
            None => &self.heap - 1u32,
        }
    }

    fn text(&self) -> String {
        match &self.last {
            Some(last) => format!("{} {last}", self.heap),
            None => self.heap.to_string(),
        }
    }
}

/// Parses `N`, `N T` (T the take before), or `N` with `--last T`.
fn parse_position<S: AsRef<str>>(words: &[S], last: Option<&str>) -> Result<Position, Error> {
    let (heap, typed_last) = match words {
        [heap] => (heap.as_ref(), None),
        [heap, last] => (heap.as_ref(), Some(last.as_ref())),
        [] => {
            return Err(Error::bad_input(
                "fibonacci-nim: expected the heap (and the take before it), got nothing",
            ))
        }
        _ => {
            return Err(Error::bad_input(format!(
                "fibonacci-nim: expected the heap and at most the take before it, got {} numbers",
                words.len()
            )))
        }
    };
    let last = match (typed_last, last) {
        (Some(_), Some(_)) => {
            return Err(Error::bad_input(
                crate::request::error::Message::text(
                    "fibonacci-nim: the take before was given twice (as a second number and ",
                )
                .then_param("last")
                .then(")"),
            ))
        }
        (Some(t), None) | (None, Some(t)) => {
            let t = parse_natural(t, "the take before")?;
            if t.is_zero() {
                return Err(Error::bad_input(
                    "fibonacci-nim: the take before must be at least 1",
                ));
            }
            Some(t)
        }
        (None, None) => None,
    };
    Ok(Position {
        heap: parse_natural(heap, "the heap")?,
        last,
    })
}

fn move_report(from: &Position, take: &BigUint) -> MoveReport {
    let after = Position {
        heap: &from.heap - take,
        last: Some(take.clone()),
    };
    MoveReport::plain(format!("take {take} -> {}", after.heap), after.text())
}

/// Analyses a Fibonacci Nim position typed as words, with the take before given by `last`
/// (`--last`) or as a second word.
///
/// # Errors
///
/// A bad heap or take, the take given twice, misère play (not supported); with `all_moves`, a
/// refusal when the listing would pass `limits.max_listed_moves`.
pub fn analyse<S: AsRef<str>>(
    words: &[S],
    last: Option<&str>,
    options: &AnalysisOptions,
    limits: &Limits,
) -> Analysed {
    options.refuse_misere("fibonacci-nim")?;
    let position = parse_position(words, last)?;
    let most = position.most().min(position.heap.clone());
    // A walk over the heap's Zeckendorf sum, quadratic in its digits: refused before it starts
    // when past the time allowed.
    let work = fibonacci_nim::zeckendorf_work(position.heap.bits());
    limits.check_seconds(
        work.div_ceil(WORD_OPERATIONS_PER_SECOND),
        format_args!(
            "fibonacci-nim: the Zeckendorf sum of a heap of {} bits",
            position.heap.bits()
        ),
    )?;
    let most_listed = listing_limit(std::slice::from_ref(&position.heap), MAX_WINNING_MOVES);
    let winning = fibonacci_nim::winning_takes_within(&position.heap, &most, most_listed);
    let lost = winning.lost;
    let winning_moves: Vec<MoveReport> = winning
        .takes
        .iter()
        .map(|t| move_report(&position, t))
        .collect();
    let listing_note = listing::listing_note(
        Some(&BigUint::from(winning.count)),
        winning_moves.len(),
        MAX_WINNING_MOVES,
    );
    let small = position
        .heap
        .to_u64()
        .filter(|&h| h <= MAX_HEAP_FOR_NIM_VALUE);
    let table = small.map(|h| GrundyTable::new(h as u16));
    let value_of = |heap: &BigUint, most: &BigUint| -> Option<u16> {
        let t = table.as_ref()?;
        t.value(heap.to_u64()?, most.to_u64().unwrap_or(u64::MAX))
    };
    let nim_value = value_of(&position.heap, &most)
        .map_or(NimValue::None, |v| NimValue::from_u64(u64::from(v)));
    let all_moves = list_all_moves(
        options,
        limits,
        || most.clone(),
        || {
            let count = most.to_u64().expect("bounded by the listing limit");
            (1..=count)
                .map(|t| {
                    let take = BigUint::from(t);
                    let report = move_report(&position, &take);
                    let left = &position.heap - &take;
                    let left_most = (&take * 2u32).min(left.clone());
                    let outcome = if fibonacci_nim::is_lost(&left, &left_most) {
                        Outcome::P
                    } else {
                        Outcome::N
                    };
                    let value = value_of(&left, &left_most)
                        .map_or(NimValue::None, |v| NimValue::from_u64(u64::from(v)));
                    report.leading_to(outcome, value)
                })
                .collect()
        },
    )?;
    let note = (table.is_none()).then(|| {
        format!(
            "the nim-value is computed only for heaps up to {MAX_HEAP_FOR_NIM_VALUE}; the outcome \
             and the winning takes are exact at any size (Zeckendorf)"
        )
    });
    let note = match (note, listing_note) {
        (Some(a), Some(b)) => Some(format!("{a}; {b}")),
        (a, b) => a.or(b),
    };
    let mut analysis = Analysis {
        winning_moves,
        all_moves,
        note,
        ..Analysis::new(
            "fibonacci-nim",
            position.text(),
            if lost { Outcome::P } else { Outcome::N },
            nim_value,
        )
    };
    // The engine's position: the heap and the most the next move may take, at most the heap;
    // at most (h + 1)(h + 2)/2 of them below a heap of h, searched within the budget.
    let engine = |heap: &BigUint, most: &BigUint| Some((heap.to_u64()?, most.to_u64()?));
    let searched = engine(&position.heap, &most).filter(|&(h, _)| {
        h.saturating_add(1).saturating_mul(h.saturating_add(2)) / 2
            <= remoteness::MAX_POSITIONS as u64
    });
    if let Some(start) = searched {
        remoteness::fill(
            &mut analysis,
            &fibonacci_nim::FibonacciNim,
            &start,
            limits,
            |m| match remoteness::heaps_after(m)?.as_slice() {
                &[heap, take] => Some((heap, take.saturating_mul(2).min(heap))),
                _ => None,
            },
        );
    }
    Ok(analysis)
}

/// Whether `n` is a Fibonacci number (1, 2, 3, 5, 8, …): the starts that are lost.
pub fn is_fibonacci(n: &BigUint) -> bool {
    fibonacci_nim::is_fibonacci(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(words: &[&str], last: Option<&str>) -> String {
        let a = analyse(words, last, &AnalysisOptions::default(), &Limits::default()).unwrap();
        serde_json::to_string(&a).unwrap()
    }

    #[test]
    fn the_start_and_a_later_position() {
        assert_eq!(
            json(&["100"], None),
            r#"{"game":"fibonacci-nim","position":"100","outcome":"N","nim_value":12,"remoteness":69,"winning_moves":[{"move":"take 3 -> 97","to":"97 3","remoteness":74},{"move":"take 11 -> 89","to":"89 11","remoteness":68}]}"#
        );
        assert_eq!(json(&["97", "3"], None), json(&["97"], Some("3")));
        let a = analyse(
            &["89", "11"],
            None,
            &AnalysisOptions::default(),
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(a.outcome, Outcome::P);
        assert!(a.winning_moves.is_empty());
        assert!(is_fibonacci(&BigUint::from(89u32)) && !is_fibonacci(&BigUint::from(100u32)));
    }

    #[test]
    fn a_huge_heap_is_decided_without_a_nim_value() {
        let heap = "1".repeat(200);
        let a = analyse(
            &[heap.as_str()],
            None,
            &AnalysisOptions::default(),
            &Limits::default(),
        )
        .unwrap();
        assert!(matches!(a.nim_value, NimValue::None));
        assert!(a.note.unwrap().contains("exact at any size"));
        assert!(!a.winning_moves.is_empty());
    }

    #[test]
    fn bad_positions_are_named() {
        let o = AnalysisOptions::default();
        let l = Limits::default();
        let none: [&str; 0] = [];
        assert!(analyse(&none, None, &o, &l)
            .unwrap_err()
            .message()
            .contains("got nothing"));
        assert!(analyse(&["5", "1"], Some("2"), &o, &l)
            .unwrap_err()
            .message()
            .contains("given twice"));
        assert!(analyse(&["5", "0"], None, &o, &l)
            .unwrap_err()
            .message()
            .contains("at least 1"));
        assert!(analyse(&["x"], None, &o, &l)
            .unwrap_err()
            .message()
            .contains("the heap"));
    }
}
