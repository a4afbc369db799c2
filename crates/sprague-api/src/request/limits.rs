//! What a request may use ([`Limits`]: memory, listed moves, seconds), the refusals past them,
//! and the figures of those refusals as a person reads them ([`human_bytes`], [`human_seconds`]).

use crate::request::error::{Budget, Error};

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
    /// Where the long single searches (a Connect Four score, a misère search) publish what they
    /// have done, for the caller's progress line; `None`: nowhere.
    pub progress: Option<&'static sprague::progress::SearchProgress>,
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
            progress: None,
        }
    }
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
