//! What a failed command returns: the message and the exit code it maps to.

use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

/// A failure of the command: bad input or a request past a budget (exit 2), an internal failure
/// (exit 1), or a closed output pipe (exit 0, nothing printed).
#[derive(Debug)]
pub enum Failure {
    /// The user's input is wrong; exit 2.
    BadInput(String),
    /// The input is well formed but the request needs more than a budget (memory, time,
    /// positions) allows; exit 2. The web server answers it with HTTP 422 rather than 400.
    /// The budget it passed, and the figures and the remedy when the API gave them, go to the
    /// web as fields.
    TooLarge(
        String,
        sprague_api::Budget,
        Option<sprague_api::OverBudget>,
        Option<sprague_api::Remedy>,
    ),
    /// Something failed that is not the user's doing; exit 1.
    Internal(String),
    /// The reader of our output went away; stop quietly.
    BrokenPipe,
}

impl Failure {
    pub fn bad_input(message: impl Into<String>) -> Failure {
        Failure::BadInput(message.into())
    }

    /// Prints the one-line message and gives the exit code. Run by the web server
    /// ([`crate::served`]), the message goes out as a JSON object with its kind.
    pub fn report(self) -> ExitCode {
        let kind = match &self {
            Failure::BadInput(_) => "bad_input",
            Failure::TooLarge(..) => "budget",
            Failure::Internal(_) => "internal",
            Failure::BrokenPipe => return ExitCode::SUCCESS,
        };
        if crate::served::is_served() {
            let mut object =
                serde_json::json!({"error": one_line(&self.to_string()), "kind": kind});
            if let Failure::TooLarge(_, budget, over, remedy) = &self {
                object["budget"] = budget.name().into();
                if let Some(over) = over {
                    object["needed"] = over.needed.into();
                    object["allowed"] = over.allowed.into();
                }
                if let Some(remedy) = remedy {
                    object["remedy"] = remedy.name().into();
                }
            }
            let _ = writeln!(io::stderr(), "{object}");
            return ExitCode::from(if kind == "internal" { 1 } else { 2 });
        }
        match self {
            Failure::BadInput(message) | Failure::TooLarge(message, ..) => {
                let _ = writeln!(io::stderr(), "error: {}", one_line(&message));
                ExitCode::from(2)
            }
            Failure::Internal(message) => {
                let _ = writeln!(io::stderr(), "error: {}", one_line(&message));
                ExitCode::from(1)
            }
            Failure::BrokenPipe => ExitCode::SUCCESS,
        }
    }
}

/// One line fit to print: white space runs joined, control characters escaped, quoted input cut
/// to a few dozen characters (`sprague_api::one_line`).
fn one_line(message: &str) -> String {
    sprague_api::one_line(message)
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::BadInput(m) | Failure::TooLarge(m, ..) | Failure::Internal(m) => {
                f.write_str(m)
            }
            Failure::BrokenPipe => f.write_str("broken pipe"),
        }
    }
}

impl From<sprague_api::Error> for Failure {
    /// Every API error is the user's: malformed input, or a request too large for the limits.
    /// The API speaks of the request: each parameter it names is worded here as its flag
    /// ([`flag`]), and a remedy as the flag that takes it (served, a remedy that lifts a refusal
    /// goes to the web as a field instead, see [`Failure::report`]).
    fn from(err: sprague_api::Error) -> Failure {
        let mut message = err.render(flag);
        let served = crate::served::is_served();
        match err.remedy() {
            Some(sprague_api::Remedy::MorePositions) if !served => {
                message.push_str(" (raise --max-positions)")
            }
            Some(sprague_api::Remedy::TableUntilProved) if !served => {
                message.push_str(" (try `table` with --until-proved)")
            }
            // Advice, not a budget: worded for the web too, which has no field for it.
            Some(sprague_api::Remedy::WithoutAllMoves) => {
                message.push_str("; drop --all-moves for the winning moves alone")
            }
            _ => {}
        }
        let remedy = err
            .remedy()
            .filter(|r| *r != sprague_api::Remedy::WithoutAllMoves);
        match err.kind() {
            sprague_api::ErrorKind::BadInput => Failure::BadInput(message),
            sprague_api::ErrorKind::TooLarge => Failure::TooLarge(
                message,
                err.budget().unwrap_or(sprague_api::Budget::Size),
                err.over(),
                remedy,
            ),
        }
    }
}

/// The command line's word for a parameter of the API: its flag (`all_moves` is `--all-moves`).
pub fn flag(parameter: &str) -> String {
    format!("--{}", parameter.replace('_', "-"))
}

impl From<serde_json::Error> for Failure {
    /// A JSON write that failed on output (a reader gone away, a full disk) is handled like any
    /// other write's failure; anything else is ours.
    fn from(err: serde_json::Error) -> Failure {
        if err.is_io() {
            Failure::from(io::Error::from(err))
        } else {
            Failure::Internal(format!("cannot write JSON: {err}"))
        }
    }
}

impl From<io::Error> for Failure {
    fn from(err: io::Error) -> Failure {
        if err.kind() == io::ErrorKind::BrokenPipe {
            Failure::BrokenPipe
        } else {
            Failure::Internal(format!("output failed: {err}"))
        }
    }
}

/// Refuses, when served, to read or write the file `path` that `what` names.
pub fn refuse_file(what: &str, path: &std::path::Path) -> Result<(), Failure> {
    if crate::served::is_served() && path.as_os_str() != "-" {
        return Err(Failure::bad_input(format!(
            "{what} `{}`: the server reads and writes none of its files; send the text as \
             \"stdin\" with `-` in its place (plots: /api/plot)",
            path.display()
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_api::{Error, Message, Remedy};

    #[test]
    fn the_api_s_parameters_and_advice_are_worded_as_flags() {
        let e = Error::bad_input(Message::text("heap 2 with ").then_param("take_set"));
        assert_eq!(Failure::from(e).to_string(), "heap 2 with --take-set");
        let e = Error::too_large(
            sprague_api::Budget::Time,
            Message::param("all_moves").then(
            " on this graph needs more than 300000000 steps (deep trees of cycles or long cycles)",
        ))
        .with_remedy(Remedy::WithoutAllMoves);
        let failure = Failure::from(e);
        assert_eq!(
            failure.to_string(),
            "--all-moves on this graph needs more than 300000000 steps (deep trees of cycles or \
             long cycles); drop --all-moves for the winning moves alone"
        );
        // The advice is in the words: no field for the web.
        assert!(matches!(
            failure,
            Failure::TooLarge(_, sprague_api::Budget::Time, None, None)
        ));
        assert_eq!(flag("take_set"), "--take-set");
        assert_eq!(flag("until_proved"), "--until-proved");
    }
}
