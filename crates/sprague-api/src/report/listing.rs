//! The listing of moves in an analysis: how many winning moves a report lists and the note on
//! the rest ([`listing_limit`], [`MAX_LISTED_DIGITS`]), and the `--all-moves` listing with its
//! refusals past [`Limits::max_listed_moves`] and [`MAX_LISTED_PLACES`].

use crate::report::analysis::MoveReport;
use crate::request::error::{Budget, Error, Message};
use crate::request::limits::Limits;
use crate::request::options::AnalysisOptions;

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

/// Refuses an `--all-moves` listing of `count` moves when it passes `limits.max_listed_moves`,
/// or when its moves would not fit in `limits.memory_bytes` (see [`LISTED_MOVE_BYTES`]).
pub(crate) fn check_listing(count: &num_bigint::BigUint, limits: &Limits) -> Result<(), Error> {
    if *count > num_bigint::BigUint::from(limits.max_listed_moves) {
        return Err(Error::too_large(
            crate::request::error::Budget::Memory,
            Message::param("all_moves").then(format!(
                " would list {count} moves, more than the {} allowed",
                limits.max_listed_moves
            )),
        ));
    }
    check_listing_memory(
        num_traits::ToPrimitive::to_u64(count).unwrap_or(u64::MAX),
        limits,
    )
}

/// The bytes one listed move is counted for while its report is made and printed: its
/// `MoveReport`, its texts and its JSON. Measured 290–530 bytes a move on listings of 45,000 to
/// 100,000 moves from positions of a few short numbers (Nim, Bash, Kayles, Treblecross, Fibonacci
/// Nim, Mock Turtles: the peak resident memory over the count); half as much again is left for
/// the rest of the run.
pub const LISTED_MOVE_BYTES: u64 = 768;

/// Refuses a listing of `count` moves that would not fit in `limits.memory_bytes`.
pub(crate) fn check_listing_memory(count: u64, limits: &Limits) -> Result<(), Error> {
    limits.check_memory(
        count.saturating_mul(LISTED_MOVE_BYTES),
        format_args!("listing {count} moves"),
    )
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
