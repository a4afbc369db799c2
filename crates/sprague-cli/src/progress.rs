//! Progress on standard error while one long search runs (a Connect Four score, a misère search):
//! what the engine publishes in [`SEARCH`] (positions searched, the score's bracket), drawn once
//! a second has passed, so that quick answers print nothing.
//!
//! As for the tables' bar: a line redrawn in place on a terminal; with `SPRAGUE_PROGRESS=plain`,
//! a plain line every second wherever standard error goes; nothing with `SPRAGUE_PROGRESS=off`
//! or when standard error is not a terminal.

use std::io::{self, IsTerminal};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressStyle};
use sprague_api::SearchProgress;

/// Where every search of this run publishes its progress (see `cmd::limits`).
pub(crate) static SEARCH: SearchProgress = SearchProgress::new();

/// How progress is shown: `SPRAGUE_PROGRESS` (`plain`, `off`), else whether standard error is a
/// terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Redrawn in place.
    Bar,
    /// A line at most every second.
    Plain,
    /// Nothing.
    Off,
}

pub(crate) fn mode() -> Mode {
    match std::env::var("SPRAGUE_PROGRESS")
        .unwrap_or_default()
        .as_str()
    {
        "plain" => Mode::Plain,
        "off" => Mode::Off,
        _ if io::stderr().is_terminal() => Mode::Bar,
        _ => Mode::Off,
    }
}

/// Nothing is drawn for searches shorter than this.
const QUIET_FOR: Duration = Duration::from_secs(1);

/// The progress line of one search, drawn by a thread of its own until the guard is dropped.
pub(crate) struct SearchLine {
    // Dropped first: the drawing thread sees it gone and ends.
    stop: Option<mpsc::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl SearchLine {
    /// Starts drawing the progress of the search of `what` (a game's name) now beginning.
    pub(crate) fn start(what: &str) -> SearchLine {
        SEARCH.reset();
        let mode = mode();
        if mode == Mode::Off {
            return SearchLine {
                stop: None,
                thread: None,
            };
        }
        let (stop, stopped) = mpsc::channel::<()>();
        let what = what.to_owned();
        let thread = std::thread::Builder::new()
            .name("sprague-progress".into())
            .spawn(move || draw(mode, &what, &stopped))
            .ok();
        SearchLine {
            stop: Some(stop),
            thread,
        }
    }
}

impl Drop for SearchLine {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Draws until `stopped` says the search is over.
fn draw(mode: Mode, what: &str, stopped: &mpsc::Receiver<()>) {
    let started = Instant::now();
    if stopped.recv_timeout(QUIET_FOR) != Err(RecvTimeoutError::Timeout) {
        return;
    }
    let bar = (mode == Mode::Bar).then(|| {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(ProgressStyle::with_template("{spinner} {msg}").expect("a valid template"));
        bar
    });
    let tick = if bar.is_some() {
        Duration::from_millis(200)
    } else {
        Duration::from_secs(1)
    };
    loop {
        let line = describe(
            what,
            SEARCH.positions(),
            SEARCH.bracket(),
            started.elapsed(),
        );
        match &bar {
            Some(bar) => {
                bar.set_message(line);
                bar.tick();
            }
            None => eprintln!("progress: {line}"),
        }
        if stopped.recv_timeout(tick) != Err(RecvTimeoutError::Timeout) {
            break;
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
}

/// `kayles: 1,234,567 positions searched (456,789/s), 12 s` and, for a score, its bracket.
fn describe(what: &str, positions: u64, bracket: Option<(i64, i64)>, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64().max(1e-3);
    let rate = (positions as f64 / secs) as u64;
    let bracket = match bracket {
        Some((low, high)) if low == high => format!(", score {low}"),
        Some((low, high)) => format!(", score in {low}..={high}"),
        None => String::new(),
    };
    format!(
        "{what}: {} positions searched ({}/s){bracket}, {} s",
        HumanCount(positions),
        HumanCount(rate),
        elapsed.as_secs()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_says_positions_rate_bracket_and_time() {
        let line = describe("connect4", 2_500_000, Some((-2, 5)), Duration::from_secs(2));
        assert_eq!(
            line,
            "connect4: 2,500,000 positions searched (1,250,000/s), score in -2..=5, 2 s"
        );
        let line = describe("kayles", 1024, None, Duration::from_millis(1500));
        assert_eq!(line, "kayles: 1,024 positions searched (682/s), 1 s");
    }
}
