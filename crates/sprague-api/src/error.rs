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
            message: message.into(),
            over: None,
            remedy: None,
        }
    }

    /// A refusal for size, with this message (which should carry the estimate and the limit).
    pub fn too_large(message: impl Into<String>) -> Error {
        Error {
            kind: ErrorKind::TooLarge,
            message: message.into(),
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
            message: format!("{context}: {}", self.message),
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

#[cfg(test)]
mod tests {
    use super::*;

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
