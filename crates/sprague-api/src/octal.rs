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
use sprague::games::octal::{HeapRule, NamedGame, OctalCode};
use sprague::sequence::arithmetic;
use sprague::sequence::table::{self, HeapTable, Method};
use sprague::sequence::Period;

use crate::nim::parse_heaps;
use crate::report::{join_numbers, normal_outcome};
use crate::table::{PeriodReport, TableReport};
use crate::{human_bytes, Analysis, AnalysisOptions, Error, Limits, MoveReport, NimValue};

/// The largest heap analysed from a table (beyond it, only a proved period answers).
pub const MAX_TABLE_HEAP: u64 = 200_000;

/// The rule of `octal CODE`.
///
/// # Errors
///
/// A code that is not valid, with the reason.
pub fn parse_code(code: &str) -> Result<HeapRule, Error> {
    code.parse::<OctalCode>().map(HeapRule::Octal).map_err(|e| {
        // A code of thousands of digits is not echoed whole.
        let shown: String = code.chars().take(24).collect();
        let more = if shown.len() < code.len() { "…" } else { "" };
        Error::bad_input(format!("code `{shown}{more}`: {e}"))
    })
}

/// The rule "take s consecutive tokens from a row, s in S", S typed as `1,70,150`: the code
/// whose digit is 7 at each s (see [`OctalCode::take_set`]), and the name it is reported by.
///
/// # Errors
///
/// A set that is not positive integers separated by commas, or an element past the longest code.
pub fn parse_take_set(text: &str) -> Result<(HeapRule, String), Error> {
    let mut takes = Vec::new();
    for (idx, word) in text.split(',').enumerate() {
        let word = word.trim();
        let take: usize = word.parse().map_err(|_| {
            Error::bad_input(format!(
                "--take-set element {}: `{word}` is not a positive integer (expected a list like 1,2,5)",
                idx + 1
            ))
        })?;
        if take == 0 {
            return Err(Error::bad_input(format!(
                "--take-set element {}: taking 0 tokens would be a pass",
                idx + 1
            )));
        }
        takes.push(take);
    }
    let code = OctalCode::take_set(&takes)
        .map_err(|e| Error::bad_input(format!("--take-set `{text}`: {e}")))?;
    takes.sort_unstable();
    takes.dedup();
    let set: Vec<String> = takes.iter().map(usize::to_string).collect();
    Ok((
        HeapRule::Octal(code),
        format!("octal --take-set {}", set.join(",")),
    ))
}

/// The rule of a named game (`kayles`, `dawson`, `dawsons-chess`, `guiles`, `treblecross`,
/// `grundys-game`).
///
/// # Errors
///
/// An unknown name.
pub fn named_rule(name: &str) -> Result<HeapRule, Error> {
    NamedGame::by_name(name)
        .map(|g| g.rule())
        .ok_or_else(|| Error::bad_input(format!("no heap game is named `{name}`")))
}

/// The table of `rule` with `len` values, or a refusal; once a period is proved on the way, the
/// rest of the values come from it.
fn table_of(game: &str, rule: &HeapRule, len: u64, limits: &Limits) -> Result<Vec<u16>, Error> {
    check_memory(len, limits)?;
    let too_large = |e: table::ValueTooLarge| Error::too_large(e.to_string());
    let len_us = len as usize;
    let looks = table::values_to_prove(rule, 0, 0).is_some();
    let mut t = HeapTable::new(rule.clone(), Method::Sparse);
    // Doubling, as the engine's `values_with_period` does, with the time allowed checked before
    // each step: a game whose period is proved early is never refused for the length asked.
    let mut step = 1024usize.min(len_us);
    let mut pace = crate::long_run::Pace::new(game, limits);
    let mut chunk = crate::long_run::FIRST_CHUNK;
    loop {
        check_time_of_step(rule, 0, step as u64, t.values().len() as u64, len, limits)?;
        grow_timed(&mut t, step, len, &mut pace, &mut chunk)?;
        if looks {
            if let Some(p) = table::period(rule, t.values()).filter(|p| p.proved) {
                let mut values = t.into_values();
                table::extend_by_period(&mut values, &p, len_us).map_err(too_large)?;
                return Ok(values);
            }
        }
        if step == len_us {
            return Ok(t.into_values());
        }
        step = step.saturating_mul(2).min(len_us);
    }
}

/// Why [`grow_timed`] stopped short.
enum GrowthStopped {
    /// A value past two bytes.
    ValueTooLarge(table::ValueTooLarge),
    /// The pace's refusal: the table would outlast the time allowed.
    TooSlow(Error),
}

impl From<GrowthStopped> for Error {
    fn from(e: GrowthStopped) -> Error {
        match e {
            GrowthStopped::ValueTooLarge(e) => Error::too_large(e.to_string()),
            GrowthStopped::TooSlow(e) => e,
        }
    }
}

/// Grows `t` to `step` values in chunks sized as the long runs size theirs (`next_chunk`), each
/// timed in `pace`: a code whose values keep growing is stopped once its pace says the `target`
/// values would outlast the time allowed.
fn grow_timed(
    t: &mut HeapTable,
    step: usize,
    target: u64,
    pace: &mut crate::long_run::Pace,
    chunk: &mut usize,
) -> Result<(), GrowthStopped> {
    let jumps = crate::long_run::cost_jumps(t.rule());
    while t.values().len() < step {
        let done = t.values().len();
        let (end, jumped) = crate::long_run::chunk_end(done, *chunk, step, &jumps);
        let started = std::time::Instant::now();
        t.extend_to(end).map_err(GrowthStopped::ValueTooLarge)?;
        let took = started.elapsed();
        pace.record(end, end - done, took, target)
            .map_err(GrowthStopped::TooSlow)?;
        *chunk = crate::long_run::next_chunk(end - done, end, took, jumped);
    }
    Ok(())
}

/// Refuses a table of `len` values that would not fit in `limits`.
///
/// # Errors
///
/// The estimate, when too large.
pub fn check_memory(len: u64, limits: &Limits) -> Result<(), Error> {
    limits.check_memory(estimate_bytes(len), format_args!("a table of {len} values"))
}

/// Three-heap splits a second that a table examines on this kind of machine (measured: 0.3F to
/// 10^4, 2.8·10^10 splits in 61 s on one core), rounded down so that estimates err long.
const THREE_HEAP_SPLITS_PER_SECOND: f64 = 4.0e8;

/// The seconds a table of `len` values of `rule` is expected to take, where that cost can be
/// estimated: codes with three-heap moves examine every split of every heap into three, about
/// n³/36 in all for each such digit. `None` for the others, whose tables run at about a million
/// values a second or faster.
pub fn estimate_seconds(rule: &HeapRule, len: u64) -> Option<f64> {
    match rule {
        HeapRule::Octal(code) if code.has_three_heap_moves() => {
            Some(rule.table_work(len) as f64 / THREE_HEAP_SPLITS_PER_SECOND)
        }
        _ => None,
    }
}

/// Refuses a table of `len` values of `rule` expected to run past `limits.max_seconds`.
///
/// # Errors
///
/// The estimate, when too long.
pub fn check_time(rule: &HeapRule, len: u64, limits: &Limits) -> Result<(), Error> {
    check_time_of_step(rule, 0, len, 0, len, limits)
}

/// Refuses to grow a table of `rule` to `step` values on its way to `len` (`done` of them
/// computed so far) when the whole table, computed from the `resumed` values the run started
/// with (a checkpoint's, or none), is expected to take longer than `limits.max_seconds`. A table
/// grown by doubling stops as soon as a period is proved, so one over the budget is still grown
/// while its steps are cheap (the first 1024 values, then a 32nd of the budget), and refused at the first that is not.
///
/// # Errors
///
/// The estimate for the whole table, and how far it got, when too long.
pub fn check_time_of_step(
    rule: &HeapRule,
    resumed: u64,
    step: u64,
    done: u64,
    len: u64,
    limits: &Limits,
) -> Result<(), Error> {
    let seconds = |n: u64| estimate_seconds(rule, n).unwrap_or(0.0);
    let allowed = limits.max_seconds as f64;
    let whole = seconds(len) - seconds(resumed);
    // A table over the budget as a whole is grown only while its steps stay cheap (a 32nd of
    // the budget): a proof found by then ends it early, and a refusal costs little.
    let this_step = seconds(step) - seconds(resumed);
    if whole <= allowed || this_step <= allowed / 32.0 || (step <= 1024 && this_step <= allowed) {
        return Ok(());
    }
    let so_far = if done > 0 {
        format!(" (no period is proved within its first {done} values)")
    } else {
        String::new()
    };
    Err(Error::over_budget(
        crate::Budget::Time,
        whole.ceil() as u64,
        limits.max_seconds,
        format!(
            "a table of {len} values of {rule} (three-heap splits) takes about {}, more than the \
             {} allowed{so_far}",
            crate::human_seconds(whole),
            crate::human_seconds(limits.max_seconds as f64)
        ),
    ))
}

/// The memory a table of `len` values takes: two bytes a value, plus the rare list (at most four
/// bytes a value, in practice far less) counted at one byte a value, plus the fixed buffers of
/// the fast method (the bit sets of the heaps settled ahead: two times 8 MiB).
pub fn estimate_bytes(len: u64) -> u64 {
    len.saturating_mul(3).saturating_add(17 << 20)
}

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

/// The number of values that prove the period `p` seen in `values`: the periodicity theorem of
/// Guy and Smith for a pure period, the saltus test
/// ([`sprague::sequence::arithmetic::values_to_prove`]) for an arithmetic one; `None` when no
/// theorem applies.
pub(crate) fn values_to_prove(rule: &HeapRule, values: &[u16], p: &Period) -> Option<u64> {
    if p.saltus == 0 {
        table::values_to_prove(rule, p.preperiod, p.period)
    } else {
        arithmetic::values_to_prove(rule, values, p)
    }
}

/// The most values computed to look for a proved period of a huge heap's game: 2^21, a second or
/// two for the slowest codes, past the proof of every period known to need more than
/// [`MAX_TABLE_HEAP`] (0.16 proves its period of 149459 with 509621 values).
pub const MAX_PROOF_SEARCH: u64 = 1 << 21;

/// How the search for a proved period of a huge heap's game ended.
enum ProofSearch {
    /// The shortest table (doubling from 1024 values) whose period is proved, with that period.
    Proved(Vec<u16>, Period),
    /// No proof: the game has no periodicity theorem, the values outgrew two bytes (as
    /// arithmetic periods do before their proof), or none was found within
    /// [`MAX_PROOF_SEARCH`] values.
    NotFound,
    /// The next doubling would outlast the time allowed: why, with the values computed so far.
    OutOfTime(u64, String),
}

/// Looks for a proved period by doubling a table from 1024 values up to [`MAX_PROOF_SEARCH`],
/// each step timed: a code whose two-heap table is slow (Treblecross, take sets) ends the search
/// when its pace says the next step would outlast the time allowed.
fn proved_table(game: &str, rule: &HeapRule, limits: &Limits) -> Result<ProofSearch, Error> {
    // Without a periodicity theorem (Grundy's game) nothing is proved: no search.
    if table::values_to_prove(rule, 0, 0).is_none() {
        return Ok(ProofSearch::NotFound);
    }
    let most = MAX_PROOF_SEARCH;
    check_memory(most, limits)?;
    let mut t = HeapTable::new(rule.clone(), Method::Sparse);
    let mut pace = crate::long_run::Pace::new(game, limits);
    let mut chunk = crate::long_run::FIRST_CHUNK;
    let mut len = 1024u64.min(most);
    loop {
        let done = t.values().len() as u64;
        if let Err(e) = check_time(rule, len, limits) {
            return Ok(ProofSearch::OutOfTime(done, e.to_string()));
        }
        match grow_timed(&mut t, len as usize, len, &mut pace, &mut chunk) {
            Ok(()) => {}
            Err(GrowthStopped::ValueTooLarge(_)) => return Ok(ProofSearch::NotFound),
            Err(GrowthStopped::TooSlow(e)) => {
                return Ok(ProofSearch::OutOfTime(
                    t.values().len() as u64,
                    e.to_string(),
                ));
            }
        }
        if let Some(p) = table::period(rule, t.values()).filter(|p| p.proved) {
            return Ok(ProofSearch::Proved(t.into_values(), p));
        }
        if len == most {
            return Ok(ProofSearch::NotFound);
        }
        len = (len * 2).min(most);
    }
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

pub(crate) fn report(heaps: &[BigUint], idx: usize, left: &[u64]) -> MoveReport {
    let shown = if left.is_empty() {
        "0".to_owned()
    } else {
        let parts: Vec<String> = left.iter().map(u64::to_string).collect();
        parts.join(" + ")
    };
    let mut after: Vec<String> = heaps[..idx].iter().map(|h| h.to_string()).collect();
    if left.is_empty() {
        after.push("0".to_owned());
    } else {
        after.extend(left.iter().map(u64::to_string));
    }
    after.extend(heaps[idx + 1..].iter().map(|h| h.to_string()));
    MoveReport {
        text: format!("heap {}: {} -> {}", idx + 1, heaps[idx], shown),
        to: Some(after.join(" ")),
        heap: Some(idx + 1),
        ..MoveReport::default()
    }
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
    MoveReport {
        text: format!("row {}: X on cell {cell} of {}, {rest}", idx + 1, rows[idx]),
        to: Some(after.join(" ")),
        heap: Some(idx + 1),
        cell: Some(cell),
        ..MoveReport::default()
    }
}

/// What a reader of `table NAME` must know when the table's n is not the number the game's
/// players count (Treblecross: G(n) is the heap n of 0.007, and a row of n cells is G(n + 2)).
pub fn heap_table_note(name: &str) -> Option<String> {
    let game = NamedGame::by_name(name).filter(|g| g.heap_offset > 0)?;
    Some(format!(
        "G(n) is the heap n of {}; a row of n {} plays as the heap n + {}",
        game.rule(),
        game.counts,
        game.heap_offset
    ))
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
) -> Result<Analysis, Error> {
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
        .map(|(idx, w)| crate::nim::parse_natural(w.as_ref(), &format!("row {}", idx + 1)))
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
            if e.kind() != crate::ErrorKind::TooLarge {
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
) -> Result<Analysis, Error> {
    let heaps = parse_heaps(words)?;
    if options.every {
        return crate::every::analyse_heaps(game, rule, &heaps, limits);
    }
    if options.misere {
        return crate::misere::analyse_heaps(game, rule, &heaps, options, limits);
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
) -> Result<Analysis, Error> {
    // A heap's move, or a Treblecross move on the row and its mirror image (the heap's options
    // list each split once; a row's cells i and n + 1 − i are two moves).
    let report = |idx: usize, left: &[u64]| -> Vec<MoveReport> {
        let Some(rows) = rows else {
            return vec![report(heaps, idx, left)];
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
                    return Err(Error::too_large(format!(
                        "heap {largest} is above {MAX_TABLE_HEAP}, and {game} has no period \
                         proved within its first {done} values; looking further stopped: {why}"
                    )));
                }
                ProofSearch::NotFound if table::values_to_prove(rule, 0, 0).is_none() => {
                    return Err(Error::too_large(format!(
                        "heap {largest} is above {MAX_TABLE_HEAP}, and {game} has no \
                         periodicity theorem: only heaps up to {MAX_TABLE_HEAP} are answered \
                         (`table {game} --upto N` computes further)"
                    )));
                }
                ProofSearch::NotFound => {
                    return Err(Error::too_large(format!(
                        "heap {largest} is above {MAX_TABLE_HEAP}, and {game} has no period \
                         proved within {MAX_PROOF_SEARCH} values; its table would take about {} \
                         ({})",
                        human_bytes(estimate_bytes(largest.to_u64().unwrap_or(u64::MAX))),
                        "try `table` with --until-proved"
                    )));
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
                    return Err(Error::too_large(format!(
                        "--all-moves would list more than the {} moves allowed",
                        limits.max_listed_moves
                    )));
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
    Ok(Analysis {
        genus: None,
        steps: None,
        game: game.to_owned(),
        position: join_numbers(heaps),
        outcome: normal_outcome(&total),
        nim_value: NimValue::Number(total),
        winning_moves,
        all_moves: options.all_moves.then_some(all),
        note: (!notes.is_empty()).then(|| notes.join("; ")),
    })
}

/// `table octal CODE` or `table <named>`: G(0..=upto), with the period found and whether the
/// periodicity theorem proves it. With `until_proved` the table stops as soon as a proved period
/// exists (checked each time the table doubles, then at the exact length the proof needs), even
/// before `upto`. The same as [`crate::long_run::run`] without interruption.
///
/// # Errors
///
/// A table too large for `limits`, or a value above 65535.
pub fn table(
    family: &str,
    rule: &HeapRule,
    upto: u64,
    until_proved: bool,
    limits: &Limits,
) -> Result<TableReport, Error> {
    let stop = std::sync::atomic::AtomicBool::new(false);
    let mut hooks = crate::long_run::Hooks::new(&stop);
    match crate::long_run::run(
        family,
        rule,
        upto,
        until_proved,
        Vec::new(),
        limits,
        &mut hooks,
    )? {
        crate::long_run::RunEnd::Finished(seq) => Ok(TableReport {
            family: seq.family,
            upto: seq.values.len() as u64 - 1,
            values: Some(seq.values.iter().map(|&v| u64::from(v)).collect()),
            period: seq.period.map(PeriodReport::from),
            note: seq.note,
            formulas: seq.formulas,
        }),
        crate::long_run::RunEnd::Stopped(_) => unreachable!("nothing sets the stop flag"),
    }
}

/// The first eight bytes of a values file written by `table … --out FILE`.
pub const VALUES_MAGIC: &[u8; 8] = b"SPRGSEQ1";

/// The values G(0..len) in the compact binary form of `--out`:
///
/// | bytes | content |
/// | --- | --- |
/// | 0..8 | the magic `SPRGSEQ1` |
/// | 8 | w, the bytes per value: the fewest of 1, 2, 4 and 8 that hold the largest value |
/// | 9..16 | zero |
/// | 16..24 | the number of values, unsigned 64-bit little-endian |
/// | 24.. | G(0), G(1), …, each w bytes little-endian |
///
/// Heap-game tables have values below 2^16 (w is 1 or 2); Lasker's Nim's grow with n.
pub fn encode_values(values: &[u64]) -> Vec<u8> {
    let mut out = Vec::new();
    write_values(&mut out, values).expect("writing to a vector does not fail");
    out
}

/// The bytes per value of a values file holding `values` ([`encode_values`]).
fn value_width<T: Copy + Into<u64>>(values: &[T]) -> usize {
    let largest = values.iter().map(|&v| v.into()).max().unwrap_or(0);
    match largest {
        0..=0xFF => 1,
        0x100..=0xFFFF => 2,
        0x1_0000..=0xFFFF_FFFF => 4,
        _ => 8,
    }
}

/// Writes `values` in the form of [`encode_values`], a block at a time (no copy of the table).
///
/// # Errors
///
/// A failed write.
pub fn write_values<W, T>(out: &mut W, values: &[T]) -> std::io::Result<()>
where
    W: std::io::Write,
    T: Copy + Into<u64>,
{
    let width = value_width(values);
    out.write_all(VALUES_MAGIC)?;
    out.write_all(&[width as u8, 0, 0, 0, 0, 0, 0, 0])?;
    out.write_all(&(values.len() as u64).to_le_bytes())?;
    let mut block = Vec::with_capacity(8 << 15);
    for chunk in values.chunks(1 << 15) {
        block.clear();
        for &v in chunk {
            block.extend_from_slice(&v.into().to_le_bytes()[..width]);
        }
        out.write_all(&block)?;
    }
    Ok(())
}

/// Reads back what [`encode_values`] wrote.
///
/// # Errors
///
/// Bytes that are not such a file.
pub fn decode_values(bytes: &[u8]) -> Result<Vec<u64>, Error> {
    let bad = |why: &str| Error::bad_input(format!("not a sprague values file: {why}"));
    if bytes.len() < 24 || &bytes[..8] != VALUES_MAGIC {
        return Err(bad("no SPRGSEQ1 header"));
    }
    let width = usize::from(bytes[8]);
    if ![1, 2, 4, 8].contains(&width) {
        return Err(bad("the value width is not 1, 2, 4 or 8"));
    }
    let count = u64::from_le_bytes(bytes[16..24].try_into().expect("8 bytes"));
    let body = &bytes[24..];
    if body.len() as u64 != count.saturating_mul(width as u64) {
        return Err(bad("the length does not match the count"));
    }
    Ok(body
        .chunks(width)
        .map(|c| c.iter().rev().fold(0u64, |acc, &b| acc << 8 | u64::from(b)))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
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
                let all = analyse(
                    "octal",
                    &rule,
                    &position,
                    &AnalysisOptions {
                        all_moves: true,
                        every: false,
                        misere: false,
                    },
                    &Limits::default(),
                )
                .unwrap();
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
    fn the_values_file_round_trips_in_the_narrowest_width() {
        for (values, width) in [
            (vec![0u64, 1, 255, 3], 1),
            (vec![0, 300, 65535], 2),
            (vec![], 1),
            (vec![7, 65536, 1], 4),
            (vec![u64::from(u32::MAX), 0], 4),
            (vec![1 << 32, 5], 8),
            (vec![u64::MAX], 8),
        ] {
            let bytes = encode_values(&values);
            assert_eq!(bytes[8], width as u8, "{values:?}");
            assert_eq!(bytes.len(), 24 + width * values.len());
            assert_eq!(decode_values(&bytes).unwrap(), values);
            if width <= 2 {
                // A heap table's values (two bytes) give the same bytes.
                let narrow: Vec<u16> = values.iter().map(|&v| v as u16).collect();
                let mut written = Vec::new();
                write_values(&mut written, &narrow).unwrap();
                assert_eq!(written, bytes);
            }
        }
        assert!(decode_values(b"SPRGSEQ1").is_err());
        let mut bytes = encode_values(&[1, 2, 3]);
        bytes.pop();
        assert!(decode_values(&bytes).is_err());
        let mut bytes = encode_values(&[70000, 2]);
        bytes[8] = 3;
        assert!(decode_values(&bytes).is_err());
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

    #[test]
    fn tables_report_arithmetic_periods() {
        let rule = parse_code("0.8").unwrap();
        let t = table("octal 0.8", &rule, 100, false, &Limits::default()).unwrap();
        let p = t.period.unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus, p.proved), (1, 3, 1, true));
        let t = table("octal 0.8", &rule, 100_000, true, &Limits::default()).unwrap();
        assert!(t.period.unwrap().proved);
        assert!(t.upto < 100, "{}", t.upto);
        // Seen, not proved: the saltus 3 of 0.3F.
        let rule = parse_code("0.3F").unwrap();
        let t = table("octal 0.3F", &rule, 200, false, &Limits::default()).unwrap();
        let p = t.period.unwrap();
        assert_eq!(
            (p.preperiod, p.period, p.saltus, p.proved),
            (0, 6, 3, false)
        );
        assert!(t.note.unwrap().contains("no theorem"));
    }

    #[test]
    fn tables_prove_dawsons_period() {
        let rule = named_rule("dawson").unwrap();
        let t = table("dawson", &rule, 200, false, &Limits::default()).unwrap();
        let p = t.period.unwrap();
        assert_eq!((p.preperiod, p.period, p.proved), (53, 34, true));
        let t = table("dawson", &rule, 100_000, true, &Limits::default()).unwrap();
        assert_eq!(t.upto + 1, 2 * 53 + 2 * 34 + 2);
        assert!(t.period.unwrap().proved);
        let small = Limits {
            memory_bytes: 1 << 20,
            ..Limits::default()
        };
        assert!(table("dawson", &rule, 10_000_000, false, &small).is_err());
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
            let mut reported: Vec<u64> = a.winning_moves.iter().map(|m| m.cell.unwrap()).collect();
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
