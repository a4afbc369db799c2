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

/// A failed request: its kind and a one-line, lowercase message naming the bad value and where
/// it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

impl Error {
    /// A bad-input error with this message.
    pub fn bad_input(message: impl Into<String>) -> Error {
        Error {
            kind: ErrorKind::BadInput,
            message: message.into(),
        }
    }

    /// A refusal for size, with this message (which should carry the estimate and the limit).
    pub fn too_large(message: impl Into<String>) -> Error {
        Error {
            kind: ErrorKind::TooLarge,
            message: message.into(),
        }
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
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}
