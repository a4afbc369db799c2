//! Heap games given by an octal code (`octal 0.77 5 7`) or by name (`kayles 5 7`, Grundy's game),
//! their analysis, and their `table` family.
//!
//! A position's nim-value is the XOR of its heaps' values, read from one table G(0..H) for the
//! largest heap H; a winning move is found by scanning the moves of each heap for one whose heaps
//! left XOR to the value the rest of the position needs. Heaps above [`MAX_TABLE_HEAP`] are refused
//! with the cost of their table, unless the code has a period proved within that many values: then
//! the value is read off the period (their moves are not listed).
//!
//! A move is written `heap 2: 7 -> 2 + 3` (the heap replaced, in place, by what is left: `0` when
//! it is emptied, one heap, or the parts joined by `+`).

use num_bigint::BigUint;
use num_traits::ToPrimitive;
pub use sprague::games::octal::HeapRule;
use sprague::games::octal::{HeapGame, NamedGame};
use sprague::sequence::table;
use sprague::sequence::Period;

use crate::impartial::{every, misere, remoteness};
use crate::report::analysis::{
    heap_move_report, join_numbers, Analysed, Analysis, MovePlace, MoveReport,
};
use crate::request::error::{Error, ErrorKind, Remedy};
use crate::request::limits::{human_bytes, Limits};
use crate::request::options::AnalysisOptions;
use crate::request::parse::{self, parse_heaps};
use crate::tables::estimate::estimate_bytes;
use crate::tables::heap::{proved_table, table_of, ProofSearch, MAX_PROOF_SEARCH};

/// The largest heap analysed from a table (beyond it, only a proved period answers).
pub const MAX_TABLE_HEAP: u64 = 200_000;

/// The value of heap `n` from a table, or a proved period: for n ≥ p,
/// G(n) = G(p + (n − p) mod q) + s·⌊(n − p)/q⌋, exact on big integers.
fn heap_value(values: &[u16], period: Option<Period>, n: &BigUint) -> Option<BigUint> {
    if let Some(v) = n.to_usize().and_then(|i| values.get(i)) {
        return Some(BigUint::from(*v));
    }
    let p = period.filter(|p| p.proved)?;
    if *n < BigUint::from(p.preperiod) {
        return None;
    }
    let beyond = n - p.preperiod;
    let offset = (&beyond % p.period).to_u64()?;
    let base = values.get(usize::try_from(p.preperiod + offset).ok()?)?;
    Some(BigUint::from(*base) + (beyond / p.period) * p.saltus)
}

/// Calls `visit` with each move of a heap: the heaps left (0, 1, 2 or 3 of them) and their
/// value. The moves are not collected: a heap of a three-heap code has about heap²/12 of them.
fn for_each_heap_move(
    rule: &HeapRule,
    values: &[u16],
    heap: u64,
    mut visit: impl FnMut(&[u64], u64) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut res = Ok(());
    rule.for_each_heap_option(heap, |left| {
        if res.is_ok() {
            let v = left
                .iter()
                .fold(0u64, |acc, &h| acc ^ u64::from(values[h as usize]));
            res = visit(left, v);
        }
    });
    res
}

/// A Treblecross move, told on the rows the user typed (`rows`, the heaps less two): the X goes on
/// the cell i whose heap i − 1 is the first part left, and each part left is the heap k + 2 of a
/// stretch of k safe cells. The position after it is written as rows again: k ≥ 3 safe cells play
/// as a fresh row of k, and 1 or 2 as a row of 1 (one move, then nothing). The heap's options
/// come without their mirror images: `cell` says which of the two cells this report is for.
fn row_report(rows: &[BigUint], idx: usize, left: &[u64], cell: u64) -> MoveReport {
    let safe: Vec<u64> = left
        .iter()
        .map(|h| h.saturating_sub(2))
        .filter(|&k| k > 0)
        .collect();
    let mut after: Vec<String> = rows[..idx].iter().map(|h| h.to_string()).collect();
    after.extend(safe.iter().map(|&k| if k <= 2 { 1 } else { k }.to_string()));
    after.extend(rows[idx + 1..].iter().map(|h| h.to_string()));
    if after.is_empty() {
        after.push("0".to_owned());
    }
    let rest = match safe.as_slice() {
        [] => "no safe cell left".to_owned(),
        [k] => format!("{k} safe cells left"),
        [a, b] => format!("{a} and {b} safe cells left"),
        _ => unreachable!("a Treblecross move leaves at most two stretches"),
    };
    MoveReport::new(
        format!("row {}: X on cell {cell} of {}, {rest}", idx + 1, rows[idx]),
        Some(after.join(" ")),
        MovePlace::Cell {
            heap: idx + 1,
            cell,
        },
    )
}

/// Analyses a named heap game (`kayles`, `treblecross`) typed as its players count it: the
/// numbers are pins, files or tokens, each the heap of the same size, but for Treblecross, whose
/// rows of n cells are the heaps n + 2 of 0.007; its moves are then told as cells of the rows.
///
/// # Errors
///
/// An unknown name; otherwise as [`analyse`].
pub fn analyse_named<S: AsRef<str>>(
    name: &str,
    words: &[S],
    options: &AnalysisOptions,
    limits: &Limits,
) -> Analysed {
    let game = NamedGame::by_name(name)
        .ok_or_else(|| Error::bad_input(format!("no heap game is named `{name}`")))?;
    if game.heap_offset == 0 {
        return analyse(name, &game.rule(), words, options, limits);
    }
    options.refuse_misere(name)?;
    if options.every {
        return Err(Error::bad_input(format!(
            "Every-SG of {name} is not supported: its rows are not heaps of a take-and-break game \
             in every play"
        )));
    }
    let rows: Vec<BigUint> = words
        .iter()
        .enumerate()
        .map(|(idx, w)| parse::parse_natural(w.as_ref(), format!("row {}", idx + 1)))
        .collect::<Result<_, _>>()?;
    if let Some(idx) = rows.iter().position(|r| *r == BigUint::from(2u8)) {
        // A lone row of two cells never holds XXX, and both its cells can be filled: 0.007,
        // which counts the cell beside an X as lost, does not model it (a row of 1 it does).
        return Err(Error::bad_input(format!(
            "row {}: a lone row of 2 cells can never hold XXX; rows have 0, 1 or at least 3 cells \
             (two safe cells left between crosses play as a row of 1)",
            idx + 1
        )));
    }
    let heaps: Vec<BigUint> = rows.iter().map(|r| r + game.heap_offset).collect();
    let mut analysis = analyse_heaps(name, &game.rule(), &heaps, Some(&rows), options, limits)
        .map_err(|e| {
            if e.kind() != ErrorKind::TooLarge {
                return e;
            }
            // The refusal speaks of heaps: say which the rows are.
            e.context(format!(
                "a row of n {} is the heap n + {} of {}",
                game.counts,
                game.heap_offset,
                game.rule(),
            ))
        })?;
    analysis.position = join_numbers(&rows);
    Ok(analysis)
}

/// Analyses a position of heaps typed as words under `rule`; `game` names it in the report
/// (`octal 0.77`, `kayles`).
///
/// # Errors
///
/// Bad heaps; a heap above [`MAX_TABLE_HEAP`] without a proved
/// period; a listing of more moves than `limits.max_listed_moves`.
pub fn analyse<S: AsRef<str>>(
    game: &str,
    rule: &HeapRule,
    words: &[S],
    options: &AnalysisOptions,
    limits: &Limits,
) -> Analysed {
    if options.every {
        // Every-SG: each word a component, maybe a sum (`1+3`).
        return every::analyse_heaps(game, rule, words, limits);
    }
    let heaps = parse_heaps(words)?;
    if options.misere {
        return misere::analyse_heaps(game, rule, &heaps, options, limits);
    }
    analyse_heaps(game, rule, &heaps, None, options, limits)
}

/// The analysis of `heaps` under `rule`; with `rows`, the moves are told as Treblecross moves on
/// those rows (see [`row_report`]).
fn analyse_heaps(
    game: &str,
    rule: &HeapRule,
    heaps: &[BigUint],
    rows: Option<&[BigUint]>,
    options: &AnalysisOptions,
    limits: &Limits,
) -> Analysed {
    // A heap's move, or a Treblecross move on the row and its mirror image (the heap's options
    // list each split once; a row's cells i and n + 1 − i are two moves).
    let report = |idx: usize, left: &[u64]| -> Vec<MoveReport> {
        let Some(rows) = rows else {
            return vec![heap_move_report(heaps, idx, left)];
        };
        let first = match left {
            [a, _] => a + 1,
            _ => 1,
        };
        let mirror = (&rows[idx] + 1u8 - first).to_u64().unwrap_or(first);
        let mut moves = vec![row_report(rows, idx, left, first)];
        if mirror != first {
            let mut mirrored = left.to_vec();
            mirrored.reverse();
            if mirrored.len() == 1 {
                mirrored.insert(0, 0);
            }
            moves.push(row_report(rows, idx, &mirrored, mirror));
        }
        moves
    };
    let largest = heaps.iter().max().cloned().unwrap_or_default();
    let in_table = largest.to_u64().filter(|&h| h <= MAX_TABLE_HEAP);
    let (values, period) = match in_table {
        Some(h) => (table_of(game, rule, h + 1, limits)?, None),
        None => {
            let (values, period) = match proved_table(game, rule, limits)? {
                ProofSearch::Proved(values, period) => (values, period),
                ProofSearch::OutOfTime(done, why) => {
                    return Err(Error::too_large(
                        crate::request::error::Budget::Time,
                        format!(
                            "heap {largest} is above {MAX_TABLE_HEAP}, and {game} has no period \
                         proved within its first {done} values; looking further stopped: {why}"
                        ),
                    ));
                }
                ProofSearch::NotFound if table::values_to_prove(rule, 0, 0).is_none() => {
                    return Err(Error::too_large(
                        crate::request::error::Budget::Size,
                        crate::request::error::Message::text(format!(
                            "heap {largest} is above {MAX_TABLE_HEAP}, and {game} has no \
                             periodicity theorem: only heaps up to {MAX_TABLE_HEAP} are \
                             answered (`table {game} "
                        ))
                        .then_param("upto")
                        .then(" N` computes further)"),
                    ));
                }
                ProofSearch::NotFound => {
                    return Err(Error::too_large(
                        crate::request::error::Budget::Memory,
                        format!(
                            "heap {largest} is above {MAX_TABLE_HEAP}, and {game} has no period \
                         proved within {MAX_PROOF_SEARCH} values; its table would take about {}",
                            human_bytes(estimate_bytes(largest.to_u64().unwrap_or(u64::MAX))),
                        ),
                    )
                    .with_remedy(Remedy::TableUntilProved));
                }
            };
            // The heaps within reach keep their moves: the table covers them when its values
            // fit (always for a pure period).
            let mut values = values;
            let within = heaps
                .iter()
                .filter_map(|h| h.to_u64())
                .filter(|&h| h <= MAX_TABLE_HEAP)
                .max();
            if let Some(h) = within.filter(|&h| h >= values.len() as u64) {
                // Past two bytes (a saltus) the heap keeps its value from the period alone.
                let mut longer = values.clone();
                if table::extend_by_period(&mut longer, &period, h as usize + 1).is_ok() {
                    values = longer;
                }
            }
            (values, Some(period))
        }
    };
    let heap_values: Vec<BigUint> = heaps
        .iter()
        .map(|h| heap_value(&values, period, h).expect("in the table or the period"))
        .collect();
    let total = heap_values
        .iter()
        .fold(BigUint::default(), |acc, v| acc ^ v);
    let mut winning_moves = Vec::new();
    let mut all = Vec::new();
    let mut unlisted = false;
    let mut count = 0u64;
    let mut winning = 0u64;
    for (idx, heap) in heaps.iter().enumerate() {
        let Some(h) = heap.to_u64().filter(|&h| (h as usize) < values.len()) else {
            unlisted = true;
            continue;
        };
        let target = &total ^ &heap_values[idx];
        // The value a move must leave in this heap, on a machine word when it fits (always, for
        // a heap within the table).
        let wanted = target.to_u64();
        for_each_heap_move(rule, &values, h, |left, v| {
            count += 1;
            if options.all_moves {
                if count > limits.max_listed_moves {
                    return Err(Error::too_large(
                        crate::request::error::Budget::Memory,
                        crate::request::error::Message::param("all_moves").then(format!(
                            " would list more than the {} moves allowed",
                            limits.max_listed_moves
                        )),
                    ));
                }
                if count.saturating_mul(crate::report::listing::LISTED_MOVE_BYTES)
                    > limits.memory_bytes
                {
                    crate::report::listing::check_listing_memory(count, limits)?;
                }
                let after = &target ^ BigUint::from(v);
                all.extend(
                    report(idx, left)
                        .into_iter()
                        .map(|m| m.leading_to_value(after.clone())),
                );
            }
            if wanted == Some(v) {
                for m in report(idx, left) {
                    winning += 1;
                    if (winning_moves.len() as u64) < limits.max_listed_moves {
                        winning_moves.push(m);
                    }
                }
            }
            Ok(())
        })?;
    }
    let mut notes = Vec::new();
    if let Some(p) = period {
        let saltus = if p.saltus > 0 {
            format!(", saltus {}", p.saltus)
        } else {
            String::new()
        };
        notes.push(format!(
            "values of heaps beyond the table from the proved period {} (preperiod {}{saltus})",
            p.period, p.preperiod
        ));
    }
    if winning > winning_moves.len() as u64 {
        notes.push(format!(
            "{winning} winning moves; the first {} are listed",
            winning_moves.len()
        ));
    }
    if unlisted {
        notes.push(format!(
            "moves of heaps beyond the table (G(0) to G({})) are not listed",
            values.len() - 1
        ));
    }
    let mut analysis = Analysis {
        winning_moves,
        all_moves: options.all_moves.then_some(all),
        note: (!notes.is_empty()).then(|| notes.join("; ")),
        ..Analysis::of_value(game, join_numbers(heaps), total)
    };
    // The remoteness counts the moves of the heap game. Treblecross (rows told as cells) ends
    // with a move 0.007 does not make, and a move of Dawson's chess (0.137) is a push with the
    // captures it forces: neither counts its own moves so, and both are left out. A heap's
    // options are all generated when it is valued: a few thousand at most.
    let small = remoteness::small_heaps(heaps).filter(|h| {
        remoteness::split_heaps_searched(h)
            && h.iter()
                .all(|&h| rule.option_count(h) <= remoteness::MAX_HEAP_OPTIONS)
    });
    if let Some(small) = small.filter(|_| rows.is_none() && game != "dawsons-chess") {
        let ruleset = HeapGame { rule: rule.clone() };
        let position = HeapGame::position(&small);
        remoteness::fill(&mut analysis, &ruleset, &position, limits, |m| {
            remoteness::heaps_after(m).map(|h| HeapGame::position(&h))
        });
    }
    Ok(analysis)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testing::all_moves;
    use crate::report::analysis::NimValue;
    use crate::request::parse::{named_rule, parse_code};
    use sprague::sequence::table::Method;
    use sprague::value::Outcome;

    fn analysis(rule: &HeapRule, words: &[&str]) -> Analysis {
        analyse(
            "octal",
            rule,
            words,
            &AnalysisOptions::default(),
            &Limits::default(),
        )
        .unwrap()
    }

    #[test]
    fn every_winning_move_leads_to_a_lost_position_and_none_is_missed() {
        for code in ["0.77", "0.07", "0.137", "4.7", "0.F"] {
            let rule = parse_code(code).unwrap();
            for position in [
                vec!["5", "7"],
                vec!["9"],
                vec!["3", "4", "6"],
                vec!["1", "1"],
            ] {
                let a = analysis(&rule, &position);
                let all =
                    analyse("octal", &rule, &position, &all_moves(), &Limits::default()).unwrap();
                let losing: Vec<&MoveReport> = all
                    .all_moves
                    .as_ref()
                    .unwrap()
                    .iter()
                    .filter(|m| m.outcome == Some(Outcome::P))
                    .collect();
                assert_eq!(losing.len(), a.winning_moves.len(), "{code} {position:?}");
                for m in &a.winning_moves {
                    let to: Vec<&str> = m.to.as_ref().unwrap().split(' ').collect();
                    assert_eq!(analysis(&rule, &to).outcome, Outcome::P, "{code} {m:?}");
                }
                assert_eq!(a.outcome == Outcome::P, a.winning_moves.is_empty());
            }
        }
    }

    #[test]
    fn huge_heaps_need_a_proved_period() {
        let kayles = named_rule("kayles").unwrap();
        let a = analysis(&kayles, &["1000000000000000000000", "3"]);
        // Kayles has period 12 from 71: 10^21 = 4 (mod 12), so G(10^21) = G(76).
        let v = table::values(&kayles, 100, Method::Naive).unwrap();
        assert_eq!(a.nim_value, NimValue::Number(BigUint::from(v[76] ^ v[3])));
        assert!(a.note.unwrap().contains("period 12"));
        let err = analyse(
            "grundys-game",
            &HeapRule::Grundy,
            &["1000000"],
            &AnalysisOptions::default(),
            &Limits::default(),
        )
        .unwrap_err();
        assert!(err.to_string().contains("no periodicity theorem"), "{err}");
    }

    #[test]
    fn heaps_beyond_the_table_take_the_proved_arithmetic_period() {
        // 0.28: G(n + 53) = G(n) + 16 from n = 1, proved by the saltus test.
        let rule = parse_code("0.28").unwrap();
        let long = table::values(&rule, 1500, Method::Sparse).unwrap();
        let p = table::period(&rule, &long[..400]).unwrap();
        assert_eq!(
            (p.preperiod, p.period, p.saltus, p.proved),
            (1, 53, 16, true)
        );
        for n in 0..long.len() {
            let v = heap_value(&long[..400], Some(p), &BigUint::from(n)).unwrap();
            assert_eq!(v, BigUint::from(long[n]), "{n}");
        }
        // 0.8: G(n) = ⌊(n − 1)/3⌋ for n ≥ 1; its table passes 65535 before 200000, so a huge
        // heap is answered from the period, exactly.
        let rule = parse_code("0.8").unwrap();
        let huge: BigUint = "1000000000000000000000000".parse().unwrap();
        let a = analysis(&rule, &["1000000000000000000000000", "7"]);
        let expected = ((&huge - 1u32) / 3u32) ^ BigUint::from(2u32);
        assert_eq!(a.nim_value, NimValue::Number(expected));
        assert!(a.note.unwrap().contains("saltus 1"));
        // Two equal heaps, however huge, are lost.
        let a = analysis(
            &rule,
            &["1000000000000000000000000", "1000000000000000000000000"],
        );
        assert_eq!(a.outcome, Outcome::P);
    }

    /// Whether the player to move wins Treblecross on a row whose cells marked in `row` hold
    /// an X (the first XXX wins; `n` ≥ 3, so a full row always holds one).
    fn treblecross_wins(row: u32, n: usize) -> bool {
        let three = |r: u32| (0..n - 2).any(|i| (r >> i) & 7 == 7);
        (0..n)
            .filter(|&i| row & (1 << i) == 0)
            .any(|i| three(row | 1 << i) || !treblecross_wins(row | 1 << i, n))
    }

    #[test]
    fn treblecross_winning_cells_are_those_that_win_on_the_row() {
        let options = AnalysisOptions::default();
        for n in 3..=11usize {
            let a = analyse_named(
                "treblecross",
                &[n.to_string()],
                &options,
                &Limits::default(),
            )
            .unwrap();
            let mut reported: Vec<u64> = a
                .winning_moves
                .iter()
                .map(|m| match m.place {
                    MovePlace::Cell { cell, .. } => cell,
                    ref other => panic!("a Treblecross move at {other:?}"),
                })
                .collect();
            reported.sort_unstable();
            // Every cell whose X wins at once or leaves the opponent lost (dead cells lose).
            let winning: Vec<u64> = (0..n)
                .filter(|&i| {
                    let after = 1u32 << i;
                    !treblecross_wins(after, n)
                })
                .map(|i| i as u64 + 1)
                .collect();
            assert_eq!(reported, winning, "row of {n} cells");
            assert_eq!(a.outcome == Outcome::N, !winning.is_empty(), "row of {n}");
        }
        let refused = analyse_named("treblecross", &["5", "2"], &options, &Limits::default());
        assert!(refused
            .unwrap_err()
            .to_string()
            .contains("row 2: a lone row of 2 cells"));
    }
}
