//! The error every request can fail with: what kind of failure, and a one-line message.

use std::fmt;

/// Which kind of failure, so that the caller can choose an exit code or HTTP status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The input is malformed or names something that does not exist.
    BadInput,
    /// The request is well formed but needs more than the limits allow.
    TooLarge,
}

/// The budgets a request is held to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Memory, in bytes.
    Memory,
    /// Time, in seconds.
    Time,
    /// Positions kept by a search.
    Positions,
}

impl Budget {
    /// The budget's name as the web API and the served command line write it.
    pub fn name(self) -> &'static str {
        match self {
            Budget::Memory => "memory",
            Budget::Time => "time",
            Budget::Positions => "positions",
        }
    }
}

/// A refusal's figures as data, beside its message: which budget, what the request needs
/// (estimated before it starts, or projected from its pace) and what is allowed, in bytes,
/// seconds (rounded up) or positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverBudget {
    /// The budget the request would pass.
    pub budget: Budget,
    /// What the request needs.
    pub needed: u64,
    /// What the budget allows.
    pub allowed: u64,
}

/// What the caller can change to have a refused request answered. The message speaks of the
/// request only; each front end words the remedy in its own terms (a flag for the command line, a
/// field for the web), so the API never gives command-line advice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Remedy {
    /// Allow the search more positions (the command line's `--max-positions`).
    MorePositions,
    /// Compute the table until its period is proved (`table GAME --until-proved`).
    TableUntilProved,
}

impl Remedy {
    /// The remedy's name as the web API writes it.
    pub fn name(self) -> &'static str {
        match self {
            Remedy::MorePositions => "more_positions",
            Remedy::TableUntilProved => "table_until_proved",
        }
    }
}

/// A failed request: its kind and a one-line, lowercase message naming the bad value and where
/// it was; a refusal past a budget also carries its figures, and a refusal the caller can lift
/// its remedy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
    over: Option<OverBudget>,
    remedy: Option<Remedy>,
}

impl Error {
    /// A bad-input error with this message.
    pub fn bad_input(message: impl Into<String>) -> Error {
        Error {
            kind: ErrorKind::BadInput,
            message: one_line(&message.into()),
            over: None,
            remedy: None,
        }
    }

    /// A refusal for size, with this message (which should carry the estimate and the limit).
    pub fn too_large(message: impl Into<String>) -> Error {
        Error {
            kind: ErrorKind::TooLarge,
            message: one_line(&message.into()),
            over: None,
            remedy: None,
        }
    }

    /// A refusal past `budget`, needing `needed` where `allowed` is allowed, with this message
    /// (which says the same in words).
    pub fn over_budget(
        budget: Budget,
        needed: u64,
        allowed: u64,
        message: impl Into<String>,
    ) -> Error {
        Error {
            over: Some(OverBudget {
                budget,
                needed,
                allowed,
            }),
            ..Error::too_large(message)
        }
    }

    /// The same error with a remedy the caller can take.
    pub fn with_remedy(self, remedy: Remedy) -> Error {
        Error {
            remedy: Some(remedy),
            ..self
        }
    }

    /// What the caller can change to have the request answered, when there is such a thing.
    pub fn remedy(&self) -> Option<Remedy> {
        self.remedy
    }

    /// The figures of a refusal past a budget, when it is one.
    pub fn over(&self) -> Option<OverBudget> {
        self.over
    }

    /// The kind of failure.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message, without the kind.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The same error with `context: ` put before the message.
    pub fn context(self, context: impl fmt::Display) -> Error {
        Error {
            kind: self.kind,
            message: one_line(&format!("{context}: {}", self.message)),
            ..self
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// The most characters of one quoted piece of input (between backticks) or one word an error
/// line repeats; longer ones are cut in the middle, with their length said.
pub const MAX_QUOTED: usize = 60;

/// The most characters of a whole error line.
const MAX_LINE: usize = 600;

/// `message` as one line fit to print: runs of white space made one space, control characters
/// escaped (`\u{1b}`: a terminal never sees them raw), and every piece of input it quotes (between
/// backticks) or word longer than [`MAX_QUOTED`] characters cut in the middle, so that a
/// megabyte of input is never repeated back.
pub fn one_line(message: &str) -> String {
    let mut words = Vec::new();
    for word in message.split_whitespace() {
        words.push(escape_controls(word));
    }
    let joined = words.join(" ");
    // Backtick spans first (a quoted piece may hold spaces), then long words outside them.
    let mut out = String::with_capacity(joined.len().min(4 * MAX_LINE));
    for (i, piece) in joined.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        if i % 2 == 1 {
            out.push_str(&shorten(piece));
        } else {
            let words: Vec<String> = piece.split(' ').map(shorten).collect();
            out.push_str(&words.join(" "));
        }
    }
    if out.chars().count() > MAX_LINE {
        let cut: String = out.chars().take(MAX_LINE).collect();
        return format!("{cut}…");
    }
    out
}

fn escape_controls(word: &str) -> String {
    if !word.chars().any(char::is_control) {
        return word.to_owned();
    }
    word.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// `text` itself, or its first and last characters around `…` and its length.
fn shorten(text: &str) -> String {
    let count = text.chars().count();
    if count <= MAX_QUOTED {
        return text.to_owned();
    }
    // At most 28 + 1 + 10 + 17 characters for any text shorter than 10^9: shortening again
    // leaves it as it is.
    let head: String = text.chars().take(MAX_QUOTED - 32).collect();
    let tail: String = text.chars().skip(count - 10).collect();
    format!("{head}…{tail} ({count} characters)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_line_never_repeats_much_input_nor_raw_controls() {
        let long = "7".repeat(1 << 20);
        let line = one_line(&format!("nim: `{long}` is not a heap"));
        assert!(line.len() < 200, "{line}");
        assert!(line.contains("(1048576 characters)"), "{line}");
        assert!(line.ends_with("is not a heap"));
        let word = one_line(&format!("position {long} can be reached"));
        assert!(word.len() < 200, "{word}");
        let raw = one_line("bad `a\u{1b}[31mb\u{7}` here\n\tand there");
        assert!(!raw.chars().any(char::is_control), "{raw:?}");
        assert_eq!(raw, "bad `a\\u{1b}[31mb\\u{7}` here and there");
        assert_eq!(one_line(&line), line, "shortening twice changes nothing");
        let short = "nim: `12x` is not a heap";
        assert_eq!(one_line(short), short);
        let lots = one_line(&"word ".repeat(10_000));
        assert!(lots.chars().count() <= MAX_LINE + 1);
        assert_eq!(
            Error::bad_input(format!("`{long}`")).message().len(),
            one_line(&format!("`{long}`")).len()
        );
    }

    #[test]
    fn a_refusal_keeps_its_figures_through_context() {
        let e = Error::over_budget(
            Budget::Memory,
            300,
            200,
            "needs about 300 B, more than 200 B",
        )
        .context("a row of n cells is the heap n + 2 of 0.007");
        assert_eq!(e.kind(), ErrorKind::TooLarge);
        assert_eq!(
            e.over(),
            Some(OverBudget {
                budget: Budget::Memory,
                needed: 300,
                allowed: 200
            })
        );
        assert!(e.message().starts_with("a row of n cells"));
        assert_eq!(Error::too_large("x").over(), None);
        assert_eq!(Error::bad_input("x").over(), None);
        let lifted = Error::too_large("x")
            .with_remedy(Remedy::MorePositions)
            .context("y");
        assert_eq!(lifted.remedy(), Some(Remedy::MorePositions));
        assert_eq!(lifted.message(), "y: x");
        assert_eq!(Error::too_large("x").remedy(), None);
    }
}
