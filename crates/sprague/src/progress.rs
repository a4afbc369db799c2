//! What a long search has done so far, read by another thread while it runs: the front ends draw
//! a progress line from it (the engine itself prints nothing).
//!
//! The searches add to the count in steps of [`SearchProgress::STEP`] positions, so the counter,
//! shared by every thread of a search, is touched once every thousand positions or so, never on
//! each one.

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};

/// Counters a search publishes as it goes. Usually one `static` a program shares with every
/// search it runs (`Option<&'static SearchProgress>` is what the solvers take).
#[derive(Debug, Default)]
pub struct SearchProgress {
    positions: AtomicU64,
    low: AtomicI64,
    high: AtomicI64,
    bracketed: AtomicBool,
}

impl SearchProgress {
    /// The positions a search counts before it adds them to [`positions`](Self::positions).
    pub const STEP: u64 = 1024;

    /// Nothing done yet.
    pub const fn new() -> SearchProgress {
        SearchProgress {
            positions: AtomicU64::new(0),
            low: AtomicI64::new(0),
            high: AtomicI64::new(0),
            bracketed: AtomicBool::new(false),
        }
    }

    /// Counts `n` more positions searched.
    pub fn add_positions(&self, n: u64) {
        self.positions.fetch_add(n, Ordering::Relaxed);
    }

    /// The positions searched so far (to within [`STEP`](Self::STEP) a thread).
    pub fn positions(&self) -> u64 {
        self.positions.load(Ordering::Relaxed)
    }

    /// The value is known to lie in `low..=high` (a score search narrowing its bracket).
    pub fn set_bracket(&self, low: i64, high: i64) {
        self.low.store(low, Ordering::Relaxed);
        self.high.store(high, Ordering::Relaxed);
        self.bracketed.store(true, Ordering::Relaxed);
    }

    /// The last bracket set, if any. The two ends are read apart, so while a search moves them a
    /// reader may see one end of the old bracket with one of the new: a progress line, not a
    /// result.
    pub fn bracket(&self) -> Option<(i64, i64)> {
        self.bracketed.load(Ordering::Relaxed).then(|| {
            (
                self.low.load(Ordering::Relaxed),
                self.high.load(Ordering::Relaxed),
            )
        })
    }

    /// Back to nothing done (before the next search of a batch).
    pub fn reset(&self) {
        self.positions.store(0, Ordering::Relaxed);
        self.bracketed.store(false, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_brackets_are_read_back() {
        static PROGRESS: SearchProgress = SearchProgress::new();
        assert_eq!((PROGRESS.positions(), PROGRESS.bracket()), (0, None));
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| (0..100).for_each(|_| PROGRESS.add_positions(SearchProgress::STEP)));
            }
        });
        assert_eq!(PROGRESS.positions(), 400 * SearchProgress::STEP);
        PROGRESS.set_bracket(-3, 5);
        assert_eq!(PROGRESS.bracket(), Some((-3, 5)));
        PROGRESS.reset();
        assert_eq!((PROGRESS.positions(), PROGRESS.bracket()), (0, None));
    }
}
