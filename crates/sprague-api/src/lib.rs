//! # sprague-api: requests in, reports out
//!
//! The boundary between the engine (`sprague`, which knows games and algorithms) and its faces
//! (the `sprague` command line now, a web server later). Both must give the very same answers, so
//! everything they share lives here:
//! - parsing what a user typed into validated positions, with errors that name the bad value
//!   ([`Error`]), and refusing requests too large for the machine before allocating ([`Limits`]);
//! - the file formats (the game graph of [`graph`]);
//! - the reports, plain data that serialise to the JSON of `shared/design/cli.md`
//!   ([`Analysis`], [`MoveReport`], [`NimValue`]).
//!
//! This crate does no I/O: callers read files and standard input and hand over the bytes.

#![deny(missing_docs)]

pub mod bash;
pub mod book;
pub mod catalogue;
pub mod cursors;
mod edge_list;
mod error;
pub mod every;
pub mod fibonacci_nim;
pub mod geography;
pub mod graph;
pub mod hackenbush;
pub mod lasker;
pub mod machine;
pub mod misere;
pub mod moore_nim;
pub mod nim;
pub mod nim_product;
pub mod octal;
pub mod parse;
pub mod play;
mod report;
pub mod score_play;
pub mod script;
pub mod solve;
pub mod split;
pub mod staircase;
pub mod subtraction;
pub mod tables;
pub mod turning;
pub mod wythoff;

pub use error::{one_line, Budget, Error, ErrorKind, Message, OverBudget, Remedy};
pub use report::{Analysed, Analysis, FactorReport, MoveReport, NimValue, ValueReport};
pub use solve::{ColumnScore, ScoreReport, ScoreSolver, ScoreValue, SearchReport, SolveOptions};
/// Who wins, as every report says it (`Analysis::outcome`).
pub use sprague::value::Outcome;

/// What a request may use, set by the caller (the CLI reads the machine's free memory).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Bytes of memory a request may allocate; larger requests are refused with an estimate.
    pub memory_bytes: u64,
    /// The most moves an `--all-moves` listing may hold.
    pub max_listed_moves: u64,
    /// The longest a request may be expected to run, in seconds, where its cost can be estimated
    /// before it starts (tables of codes with three-heap moves); longer ones are refused with
    /// the estimate.
    pub max_seconds: u64,
}

impl Limits {
    /// Refuses a request of `bytes` past `memory_bytes`, saying "`what` needs about …, more than
    /// the … available".
    pub(crate) fn check_memory(
        &self,
        bytes: u64,
        what: impl std::fmt::Display,
    ) -> Result<(), Error> {
        if bytes > self.memory_bytes {
            return Err(Error::over_budget(
                Budget::Memory,
                bytes,
                self.memory_bytes,
                format!(
                    "{what} needs about {}, more than the {} available",
                    human_bytes(bytes),
                    human_bytes(self.memory_bytes)
                ),
            ));
        }
        Ok(())
    }

    /// Refuses a request expected to run `seconds` past `max_seconds`, saying "`what`: about …
    /// s, more than the … s allowed".
    pub(crate) fn check_seconds(
        &self,
        seconds: u128,
        what: impl std::fmt::Display,
    ) -> Result<(), Error> {
        if seconds > u128::from(self.max_seconds) {
            return Err(Error::over_budget(
                Budget::Time,
                u64::try_from(seconds).unwrap_or(u64::MAX),
                self.max_seconds,
                format!(
                    "{what}: about {seconds} s, more than the {} s allowed",
                    self.max_seconds
                ),
            ));
        }
        Ok(())
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            memory_bytes: 16 << 30,
            max_listed_moves: 1_000_000,
            max_seconds: 600,
        }
    }
}

/// About the most decimal digits the winning moves listed hold together: a position of long
/// numbers lists fewer of them (each repeats the position in its `to`), so that its report stays
/// a few megabytes and is printed in seconds. See [`listing_limit`].
pub const MAX_LISTED_DIGITS: u64 = 2_000_000;

/// How many winning moves to list from a position of `numbers`: `most`, or fewer when the moves'
/// texts and `to`s (about twice the position's digits each) would pass [`MAX_LISTED_DIGITS`]; at
/// least one.
pub fn listing_limit(numbers: &[num_bigint::BigUint], most: usize) -> usize {
    // A number of b bits has at most b / 3 + 1 decimal digits (log10 2 < 1/3).
    let digits: u64 = numbers.iter().map(|n| n.bits() / 3 + 1).sum();
    let fit = MAX_LISTED_DIGITS / (2 * digits + 1);
    usize::try_from(fit)
        .unwrap_or(usize::MAX)
        .clamp(1, most.max(1))
}

/// The note on winning moves that are more than those listed: their number `count` (`None`: not
/// counted, too costly), how many are listed, and why not more.
pub(crate) fn listing_note(
    count: Option<&num_bigint::BigUint>,
    listed: usize,
    most: usize,
) -> Option<String> {
    let why = if listed < most {
        format!(" (fewer than {most}: the listing is kept to about {MAX_LISTED_DIGITS} digits)")
    } else {
        String::new()
    };
    match count {
        Some(count) if *count > num_bigint::BigUint::from(listed) => Some(format!(
            "{count} winning moves in all; {listed} of them are listed{why}"
        )),
        Some(_) => None,
        None => Some(format!(
            "more than {listed} winning moves, too many to count in the time allowed; {listed} of \
             them are listed{why}"
        )),
    }
}

/// How to analyse a position, common to every game.
#[derive(Clone, Copy, Debug, Default)]
pub struct AnalysisOptions {
    /// List every move with the outcome and nim-value it leads to, not only the winning ones.
    pub all_moves: bool,
    /// Misère play: the player who makes the last move loses.
    pub misere: bool,
    /// Every-SG: each turn moves once in every component (each game given) that can move, a split
    /// staying in its component (heap games and scripts).
    pub every: bool,
}

impl AnalysisOptions {
    /// Refuses misère play of `game` (as the request names it: `wythoff`, `octal 0.77`), analysed
    /// in normal play only: one wording for every game, which names no front end's flag.
    pub(crate) fn refuse_misere(&self, game: &str) -> Result<(), Error> {
        if self.misere {
            return Err(Error::bad_input(format!(
                "misère play of {game} is not supported (only normal play: the last move wins)"
            )));
        }
        Ok(())
    }
}

/// Refuses an `--all-moves` listing of `count` moves when it passes `limits.max_listed_moves`.
pub(crate) fn check_listing(count: &num_bigint::BigUint, limits: &Limits) -> Result<(), Error> {
    if *count > num_bigint::BigUint::from(limits.max_listed_moves) {
        return Err(Error::too_large(Message::param("all_moves").then(format!(
            " would list {count} moves, more than the {} allowed",
            limits.max_listed_moves
        ))));
    }
    Ok(())
}

/// The most places an `--all-moves` listing may write in all (each move's coins and its `to`,
/// which repeats the position): about 160 MB of JSON.
pub const MAX_LISTED_PLACES: u64 = 20_000_000;

/// Refuses an `--all-moves` listing that would write more than [`MAX_LISTED_PLACES`] places
/// (`places`, counted before the listing starts): a few moves can each write a long run or box
/// of coins, which the count of moves does not see.
pub(crate) fn check_listing_size(
    options: &AnalysisOptions,
    places: &num_bigint::BigUint,
) -> Result<(), Error> {
    if options.all_moves && *places > num_bigint::BigUint::from(MAX_LISTED_PLACES) {
        return Err(Error::over_budget(
            Budget::Memory,
            num_traits::ToPrimitive::to_u64(places).unwrap_or(u64::MAX),
            MAX_LISTED_PLACES,
            Message::param("all_moves").then(format!(
                " would write about {places} places (the coins each move turns and the position \
                 after it), more than the {MAX_LISTED_PLACES} allowed"
            )),
        ));
    }
    Ok(())
}

/// The `--all-moves` listing: `None` unless `options` asks for it; otherwise the moves `list`
/// makes, refused first (see [`check_listing`]) when their number, `count`, passes the limit.
pub(crate) fn list_all_moves(
    options: &AnalysisOptions,
    limits: &Limits,
    count: impl FnOnce() -> num_bigint::BigUint,
    list: impl FnOnce() -> Vec<MoveReport>,
) -> Result<Option<Vec<MoveReport>>, Error> {
    if !options.all_moves {
        return Ok(None);
    }
    check_listing(&count(), limits)?;
    Ok(Some(list()))
}

/// The `--all-moves` listing of a position of numbers (heaps, steps, the places of heads):
/// `count` moves from each, which `list` pushes for the number at `idx`, as a machine word (the
/// listing's limit bounds it). See [`list_all_moves`].
pub(crate) fn list_moves_by_number(
    options: &AnalysisOptions,
    limits: &Limits,
    numbers: &[num_bigint::BigUint],
    count: impl Fn(&num_bigint::BigUint) -> num_bigint::BigUint,
    mut list: impl FnMut(usize, u64, &mut Vec<MoveReport>),
) -> Result<Option<Vec<MoveReport>>, Error> {
    list_all_moves(
        options,
        limits,
        || numbers.iter().map(count).sum(),
        || {
            let mut listed = Vec::new();
            for (idx, n) in numbers.iter().enumerate() {
                let n = num_traits::ToPrimitive::to_u64(n).expect("bounded by the listing limit");
                list(idx, n, &mut listed);
            }
            listed
        },
    )
}

/// A duration for a person: seconds, minutes, hours or days, to two or three digits.
pub fn human_seconds(seconds: f64) -> String {
    if seconds < 120.0 {
        format!("{seconds:.0} s")
    } else if seconds < 7200.0 {
        format!("{:.0} minutes", seconds / 60.0)
    } else if seconds < 172_800.0 {
        format!("{:.0} hours", seconds / 3600.0)
    } else {
        format!("{:.0} days", seconds / 86_400.0)
    }
}

/// Formats a byte count for a refusal message, e.g. `3.2 GiB`.
pub fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// Helpers of the unit tests.
#[cfg(test)]
pub(crate) mod testing {
    use crate::{Analysed, AnalysisOptions, Limits, MoveReport};

    /// The JSON text of `analyse`'s report on `words` in normal play, with the default limits.
    pub(crate) fn json<'a>(
        analyse: impl Fn(&[&'a str], &AnalysisOptions, &Limits) -> Analysed,
        words: &[&'a str],
    ) -> String {
        let analysis = analyse(words, &AnalysisOptions::default(), &Limits::default()).unwrap();
        serde_json::to_string(&analysis).unwrap()
    }

    /// The options of an `--all-moves` request.
    pub(crate) fn all_moves() -> AnalysisOptions {
        AnalysisOptions {
            all_moves: true,
            ..AnalysisOptions::default()
        }
    }

    /// The command line's wording of an error: each parameter as its flag (`--all-moves`), as
    /// `sprague-cli` words it.
    pub(crate) fn cli_words(err: &crate::Error) -> String {
        err.render(|p| format!("--{}", p.replace('_', "-")))
    }

    /// The heaps a move leaves: its `to`, read as numbers.
    pub(crate) fn heaps_after(m: &MoveReport) -> Vec<u64> {
        let to = m.to.as_deref().unwrap();
        to.split(' ').map(|w| w.parse().unwrap()).collect()
    }
}
