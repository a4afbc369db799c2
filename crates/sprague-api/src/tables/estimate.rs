//! What a heap table will cost before it runs: its memory, and for the codes with three-heap
//! moves its time; refusals carry both as data ([`crate::request::error::OverBudget`]).

use sprague::games::octal::HeapRule;

use crate::request::error::{Budget, Error};
use crate::request::limits::{human_seconds, Limits};

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
        Budget::Time,
        whole.ceil() as u64,
        limits.max_seconds,
        format!(
            "a table of {len} values of {rule} (three-heap splits) takes about {}, more than the \
             {} allowed{so_far}",
            human_seconds(whole),
            human_seconds(limits.max_seconds as f64)
        ),
    ))
}

/// The memory a table of `len` values takes: two bytes a value, plus the rare list (at most four
/// bytes a value, in practice far less) counted at one byte a value, plus the fixed buffers of
/// the fast method (the bit sets of the heaps settled ahead: two times 8 MiB).
pub fn estimate_bytes(len: u64) -> u64 {
    len.saturating_mul(3).saturating_add(17 << 20)
}
