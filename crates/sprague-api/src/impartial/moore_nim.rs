//! Moore's Nim_k positions as typed (`nim --moore 2 3 5 6`: K, then the heaps), and their analysis
//! in normal or misère play: the outcome and the winning moves at any size, from Moore's theorem;
//! the nim-value, by search, for small positions only (the game is not a sum of its heaps).
//!
//! A move is written `heap 1: 3 -> 1, heap 3: 6 -> 2` (the heaps it takes from, in order) and
//! carries `"heaps"`, their 1-based indices. A big position can have astronomically many winning
//! moves: at most [`MAX_WINNING_MOVES`] are listed (fewer for very long heaps:
//! [`crate::report::listing::listing_limit`]), and the note gives their number.
//! K = 1 is Nim itself, answered as `nim` answers it; a K above the number of heaps plays as that
//! number (a move may then take from every heap).

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};
use sprague::games::moore_nim::{self, MooreMove, MooreNim};
use sprague::solve::MemoSolver;
use sprague::value::Outcome;

use crate::impartial::{nim, remoteness};
use crate::report::analysis::{Analysed, Analysis, MovePlace, MoveReport, NimValue};
use crate::report::listing::{list_all_moves, listing_limit, listing_note};
use crate::request::error::Error;
use crate::request::limits::Limits;
use crate::request::options::AnalysisOptions;
use crate::request::parse::{parse_heaps, parse_natural};

/// The most winning moves listed; the note gives how many there are.
pub const MAX_WINNING_MOVES: usize = 1_000;

/// The budget of the count of winning moves when they are more than those listed (steps of
/// [`moore_nim::count_winning_moves`]); past it the note says only that there are more.
pub const COUNT_BUDGET: u64 = 20_000_000;

/// The largest search for a nim-value: the positions searched (sorted heaps) times the moves
/// from the start (no position below it has more). A search of this size takes about a second.
pub const MAX_SEARCH_WORK: u64 = 3_000_000;

/// Parses K, the most heaps a move may take from: a positive integer of any size.
///
/// # Errors
///
/// Not a non-negative integer, or 0.
pub fn parse_k(word: &str) -> Result<BigUint, Error> {
    let k = parse_natural(word, "Moore's Nim: K, the most heaps a move takes from")?;
    if k.is_zero() {
        return Err(Error::bad_input(
            "Moore's Nim: K = 0 lets a move take from no heap; K must be at least 1",
        ));
    }
    Ok(k)
}

/// A move's report; `texts` are the heaps in decimal, written once for every move (a long
/// number's decimal digits take time).
fn move_report(texts: &[String], changes: &[(usize, BigUint)]) -> MoveReport {
    let mut after = texts.to_vec();
    let mut parts = Vec::with_capacity(changes.len());
    for (heap, to) in changes {
        let to = to.to_string();
        parts.push(format!("heap {}: {} -> {}", heap + 1, texts[*heap], to));
        after[*heap] = to;
    }
    MoveReport::new(
        parts.join(", "),
        Some(after.join(" ")),
        MovePlace::Heaps {
            heaps: changes.iter().map(|(heap, _)| heap + 1).collect(),
        },
    )
}

/// The nim-values of small positions, by a memoised search of the sorted heaps, which gives up
/// past [`MAX_SEARCH_WORK`].
struct Search {
    game: MooreNim,
    memo: sprague::solve::Memo<Vec<u64>>,
    max_positions: usize,
    gave_up: bool,
}

impl Search {
    fn new(heaps: &[BigUint], k: usize) -> Search {
        let moves = moore_nim::move_count(heaps, k).to_u64().unwrap_or(u64::MAX);
        let max_positions = MAX_SEARCH_WORK / moves.max(1);
        Search {
            game: MooreNim { k },
            memo: sprague::solve::Memo::default(),
            max_positions: usize::try_from(max_positions).unwrap_or(usize::MAX),
            gave_up: max_positions == 0,
        }
    }

    fn value(&mut self, heaps: Option<&[u64]>) -> NimValue {
        let Some(heaps) = heaps.filter(|_| !self.gave_up) else {
            return NimValue::None;
        };
        let mut sorted = heaps.to_vec();
        sorted.sort_unstable();
        let memo = std::mem::take(&mut self.memo);
        let mut solver = MemoSolver::with_memo(&self.game, memo, self.max_positions);
        let value = solver.grundy_value(&sorted);
        self.memo = solver.into_memo();
        match value {
            Ok(v) => NimValue::from_u64(v.value()),
            Err(_) => {
                self.gave_up = true;
                NimValue::None
            }
        }
    }
}

/// Sorts the moves listed: fewer heaps first, then by the heaps, then by their new sizes.
fn sort_moves(moves: &mut [MooreMove]) {
    moves.sort_by(|a, b| {
        let key = |m: &MooreMove| {
            (
                m.changes.len(),
                m.changes.iter().map(|(h, _)| *h).collect::<Vec<_>>(),
            )
        };
        key(a).cmp(&key(b)).then_with(|| a.cmp(b))
    });
}

/// Analyses a position of Moore's Nim_K typed as words (`["3", "5", "6"]`), K typed as `k`.
///
/// # Errors
///
/// A bad K (see [`parse_k`]) or heap (see [`parse_heaps`]); with `all_moves`, a refusal when the
/// listing would pass `limits.max_listed_moves`.
pub fn analyse<S: AsRef<str>>(
    words: &[S],
    k: &str,
    options: &AnalysisOptions,
    limits: &Limits,
) -> Analysed {
    let typed_k = parse_k(k)?;
    let heaps = parse_heaps(words)?;
    // A K past the heaps allows what K = the number of heaps allows; the counts of a column are
    // then below K + 1, divisible by it only when 0, as with K = n.
    let k = typed_k
        .to_usize()
        .unwrap_or(usize::MAX)
        .min(heaps.len().max(1));
    if k == 1 {
        return nim::analyse(words, options, limits);
    }
    let misere = options.misere;
    // Refused before the analysis: a listing of every move is checked on its count first.
    list_all_moves(
        options,
        limits,
        || moore_nim::move_count(&heaps, k),
        Vec::new,
    )?;
    // The count's states live in memory: at most a step's worth each, held to a quarter of the
    // memory allowed (two maps, the one read and the one written).
    let count_budget = COUNT_BUDGET.min(limits.memory_bytes / 4 / moore_nim::COUNT_STATE_BYTES);
    let most_listed = listing_limit(&heaps, MAX_WINNING_MOVES);
    let (lost, winning) = if misere {
        (
            moore_nim::misere_is_lost(&heaps, k),
            moore_nim::misere_winning_moves(&heaps, k, most_listed, count_budget),
        )
    } else {
        (
            moore_nim::is_lost(&heaps, k),
            moore_nim::winning_moves(&heaps, k, most_listed, count_budget),
        )
    };
    let small: Option<Vec<u64>> = heaps.iter().map(ToPrimitive::to_u64).collect();
    let mut search = (!misere).then(|| Search::new(&heaps, k));
    let nim_value = search
        .as_mut()
        .map_or(NimValue::None, |search| search.value(small.as_deref()));
    let texts: Vec<String> = heaps.iter().map(BigUint::to_string).collect();
    let mut listed = winning.moves;
    sort_moves(&mut listed);
    let winning_moves: Vec<MoveReport> = listed
        .iter()
        .map(|m| move_report(&texts, &m.changes))
        .collect();
    let all_moves = list_all_moves(
        options,
        limits,
        || moore_nim::move_count(&heaps, k),
        || {
            let small = small.clone().expect("bounded by the listing limit");
            let mut listed = Vec::new();
            moore_nim::for_each_move(&small, k, |changes| {
                let mut after = small.clone();
                for &(heap, to) in changes {
                    after[heap] = to;
                }
                let after_big: Vec<BigUint> = after.iter().map(|&h| BigUint::from(h)).collect();
                let lost = if misere {
                    moore_nim::misere_is_lost(&after_big, k)
                } else {
                    moore_nim::is_lost(&after_big, k)
                };
                let value = search
                    .as_mut()
                    .map_or(NimValue::None, |search| search.value(Some(&after)));
                let changes: Vec<(usize, BigUint)> = changes
                    .iter()
                    .map(|&(heap, to)| (heap, BigUint::from(to)))
                    .collect();
                listed.push(
                    move_report(&texts, &changes).leading_to(Outcome::from_win(!lost), value),
                );
            });
            listed
        },
    )?;
    let mut notes = vec![format!(
        "Moore's Nim_{typed_k}: a move takes from one to {typed_k} heaps; P-positions by Moore's \
         theorem (every bit column's count of 1s divisible by {})",
        &typed_k + BigUint::one()
    )];
    if misere {
        notes.push(
            "misère play: the player who takes the last token loses; nim-values do not apply"
                .to_owned(),
        );
    } else if matches!(nim_value, NimValue::None) {
        notes.push(format!(
            "the nim-value is searched only for small positions (the positions searched times \
             the moves from the start, at most {MAX_SEARCH_WORK}); the outcome and the winning \
             moves are exact at any size"
        ));
    }
    notes.extend(listing_note(
        winning.count.as_ref(),
        winning_moves.len(),
        MAX_WINNING_MOVES,
    ));
    let mut analysis = Analysis {
        winning_moves,
        all_moves,
        note: Some(notes.join("; ")),
        ..Analysis::new("nim", texts.join(" "), Outcome::from_win(!lost), nim_value)
    };
    // Not a sum: every position (its heaps sorted, empty heaps left out) is searched whole, at
    // most ∏(hᵢ + 1) of them, each with fewer options than that (and so at most 16 heaps).
    let searched = |heaps: Vec<u64>| -> Option<Vec<u64>> {
        let mut heaps: Vec<u64> = heaps.into_iter().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        (remoteness::heap_sums_bound(&heaps) <= remoteness::MAX_POSITIONS as u64).then_some(heaps)
    };
    if let Some(start) = small.filter(|_| !misere).and_then(searched) {
        let game = MooreNim { k };
        remoteness::fill(&mut analysis, &game, &start, limits, |m| {
            searched(remoteness::heaps_after(m)?)
        });
    }
    Ok(analysis)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analysis(words: &[&str], k: &str, misere: bool) -> Analysis {
        let options = AnalysisOptions {
            misere,
            all_moves: false,
            every: false,
        };
        analyse(words, k, &options, &Limits::default()).unwrap()
    }

    #[test]
    fn a_small_position_has_its_value_and_every_winning_move() {
        let a = analysis(&["1", "2", "3"], "2", false);
        let json = serde_json::to_value(&a).unwrap();
        assert_eq!(json["outcome"], "N");
        // Columns 1 and 2 each hold two 1s and must hold none or three: 1 1 1 is the only
        // position two heaps away.
        assert_eq!(
            json["winning_moves"],
            serde_json::json!([{"move": "heap 2: 2 -> 1, heap 3: 3 -> 1", "to": "1 1 1", "heaps": [2, 3],
                "remoteness": 2}])
        );
        assert!(json["nim_value"].as_u64().unwrap() > 0);
        assert_eq!(analysis(&["7", "7", "7"], "2", false).outcome, Outcome::P);
        assert_eq!(analysis(&["3", "5", "6"], "2", false).outcome, Outcome::N);
    }

    #[test]
    fn k_one_is_nim_and_k_past_the_heaps_is_every_heap() {
        let nim = nim::analyse(
            &["3", "4", "5"],
            &AnalysisOptions::default(),
            &Limits::default(),
        )
        .unwrap();
        let moore = analysis(&["3", "4", "5"], "1", false);
        assert_eq!(
            serde_json::to_value(&moore).unwrap(),
            serde_json::to_value(&nim).unwrap()
        );
        // With K at least the number of heaps, emptying them all wins.
        let a = analysis(&["3", "4"], "123456789012345678901234567890", false);
        assert!(a
            .winning_moves
            .iter()
            .any(|m| m.to.as_deref() == Some("0 0")));
    }

    #[test]
    fn misere_play_with_heaps_of_one() {
        // Four heaps of one, K = 2: P in misère play (4 ≡ 1 mod 3).
        assert_eq!(
            analysis(&["1", "1", "1", "1"], "2", true).outcome,
            Outcome::P
        );
        // Three: emptying two of them leaves one, in three ways.
        let a = analysis(&["1", "1", "1"], "2", true);
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.winning_moves.len(), 3);
        assert_eq!(a.winning_moves[0].to.as_deref(), Some("0 0 1"));
        assert!(matches!(a.nim_value, NimValue::None));
    }

    #[test]
    fn huge_positions_list_a_thousand_moves_and_count_them() {
        // Five heaps, two of them freed: a column needing one 1 from them has two ways to get it.
        let (a, b, c, d) = (
            "123456789".repeat(5),
            "987654321".repeat(5),
            "555555555".repeat(5),
            "31415926".repeat(5),
        );
        let a = analysis(&[&a, &b, &c, &d, "77"], "2", false);
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.winning_moves.len(), MAX_WINNING_MOVES);
        let note = a.note.unwrap();
        assert!(
            note.ends_with("8589934592 winning moves in all; 1000 of them are listed"),
            "{note}"
        );
        assert!(matches!(a.nim_value, NimValue::None));
    }

    #[test]
    fn bad_k_is_named() {
        let o = AnalysisOptions::default();
        let l = Limits::default();
        assert_eq!(
            analyse(&["3"], "0", &o, &l).unwrap_err().message(),
            "Moore's Nim: K = 0 lets a move take from no heap; K must be at least 1"
        );
        assert!(analyse(&["3"], "x", &o, &l)
            .unwrap_err()
            .message()
            .contains("`x` is not a non-negative integer"));
    }
}
