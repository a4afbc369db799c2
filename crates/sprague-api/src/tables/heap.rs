//! Whole tables of heap games (`table octal CODE`, `table kayles`): G(0..N) grown by doubling
//! with the time allowed checked before each step, the search for a proved period that answers a
//! heap too large for a table, and what the reader of a named game's table must know.

use sprague::games::octal::{HeapRule, NamedGame};
use sprague::sequence::table::{self, HeapTable, Method};
use sprague::sequence::Period;

use super::estimate::{check_memory, check_time, check_time_of_step};
use super::long_run;
use super::report::{PeriodReport, TableReport};
use crate::request::error::Error;
use crate::request::limits::Limits;

/// The table of `rule` with `len` values, or a refusal; once a period is proved on the way, the
/// rest of the values come from it.
pub(crate) fn table_of(
    game: &str,
    rule: &HeapRule,
    len: u64,
    limits: &Limits,
) -> Result<Vec<u16>, Error> {
    check_memory(len, limits)?;
    let too_large = |e: table::ValueTooLarge| {
        Error::too_large(crate::request::error::Budget::Size, e.to_string())
    };
    let len_us = len as usize;
    let looks = table::values_to_prove(rule, 0, 0).is_some();
    let mut t = HeapTable::new(rule.clone(), Method::Sparse);
    // Doubling, as the engine's `values_with_period` does, with the time allowed checked before
    // each step: a game whose period is proved early is never refused for the length asked.
    let mut step = 1024usize.min(len_us);
    let mut pace = long_run::Pace::new(game, limits);
    let mut chunk = long_run::FIRST_CHUNK;
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
            GrowthStopped::ValueTooLarge(e) => {
                Error::too_large(crate::request::error::Budget::Size, e.to_string())
            }
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
    pace: &mut long_run::Pace,
    chunk: &mut usize,
) -> Result<(), GrowthStopped> {
    let jumps = long_run::cost_jumps(t.rule());
    while t.values().len() < step {
        let done = t.values().len();
        let (end, jumped) = long_run::chunk_end(done, *chunk, step, &jumps);
        let started = std::time::Instant::now();
        t.extend_to(end).map_err(GrowthStopped::ValueTooLarge)?;
        let took = started.elapsed();
        pace.record(end, end - done, took, target)
            .map_err(GrowthStopped::TooSlow)?;
        *chunk = long_run::next_chunk(end - done, end, took, jumped);
    }
    Ok(())
}

/// The most values computed to look for a proved period of a huge heap's game: 2^21, a second or
/// two for the slowest codes, past the proof of every period known to need more than
/// [`MAX_TABLE_HEAP`] (0.16 proves its period of 149459 with 509621 values).
pub const MAX_PROOF_SEARCH: u64 = 1 << 21;

/// How the search for a proved period of a huge heap's game ended.
pub(crate) enum ProofSearch {
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
pub(crate) fn proved_table(
    game: &str,
    rule: &HeapRule,
    limits: &Limits,
) -> Result<ProofSearch, Error> {
    // Without a periodicity theorem (Grundy's game) nothing is proved: no search.
    if table::values_to_prove(rule, 0, 0).is_none() {
        return Ok(ProofSearch::NotFound);
    }
    let most = MAX_PROOF_SEARCH;
    check_memory(most, limits)?;
    let mut t = HeapTable::new(rule.clone(), Method::Sparse);
    let mut pace = long_run::Pace::new(game, limits);
    let mut chunk = long_run::FIRST_CHUNK;
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

/// `table octal CODE` or `table <named>`: G(0..=upto), with the period found and whether the
/// periodicity theorem proves it. With `until_proved` the table stops as soon as a proved period
/// exists (checked each time the table doubles, then at the exact length the proof needs), even
/// before `upto`. The same as [`long_run::run`] without interruption.
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
    let mut hooks = long_run::Hooks::new(&stop);
    match long_run::run(
        family,
        rule,
        upto,
        until_proved,
        Vec::new(),
        limits,
        &mut hooks,
    )? {
        long_run::RunEnd::Finished(seq) => Ok(TableReport {
            family: seq.family,
            upto: seq.values.len() as u64 - 1,
            values: Some(seq.values.iter().map(|&v| u64::from(v)).collect()),
            period: seq.period.map(PeriodReport::from),
            note: seq.note,
            formulas: seq.formulas,
            wins_at_once: Vec::new(),
        }),
        // The flag above is never set; a run that stops anyway is told, not trusted.
        long_run::RunEnd::Stopped(values) => Err(Error::too_large(
            crate::request::error::Budget::Time,
            format!(
                "the table of {family} stopped at G({}) before G({upto})",
                values.len()
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::parse::{named_rule, parse_code};

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
}
