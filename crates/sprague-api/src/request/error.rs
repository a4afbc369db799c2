//! The error every request can fail with: what kind of failure, and a one-line message.

use std::borrow::Cow;
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
    /// What the program handles at all, whatever the limits (digits of a number, vertices of a
    /// graph, 64-bit values): no budget lifts it.
    Size,
}

impl Budget {
    /// The budget's name as the web API and the served command line write it.
    pub fn name(self) -> &'static str {
        match self {
            Budget::Memory => "memory",
            Budget::Time => "time",
            Budget::Positions => "positions",
            Budget::Size => "size",
        }
    }
}

/// The budget an engine search stopped at (a loop is no budget: callers report it as bad input).
pub(crate) fn solve_budget(e: &sprague::solve::SolveError) -> Budget {
    use sprague::solve::SolveError;
    match e {
        SolveError::TooManyPositions { .. } => Budget::Positions,
        SolveError::TooManyBytes { .. } => Budget::Memory,
        SolveError::TooMuchWork { .. } => Budget::Time,
        SolveError::Loop => Budget::Size,
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
/// field for the web, a keyword for Python), so the API never gives command-line advice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Remedy {
    /// Allow the search more positions (the command line's `--max-positions`).
    MorePositions,
    /// Compute the table until its period is proved (`table GAME --until-proved`).
    TableUntilProved,
    /// Ask for the winning moves alone, without the parameter `all_moves`.
    WithoutAllMoves,
}

impl Remedy {
    /// The remedy's name as the web API writes it.
    pub fn name(self) -> &'static str {
        match self {
            Remedy::MorePositions => "more_positions",
            Remedy::TableUntilProved => "table_until_proved",
            Remedy::WithoutAllMoves => "without_all_moves",
        }
    }
}

/// One piece of a [`Message`]: words, or one of the request's parameters by name.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    Text(String),
    Param(Cow<'static, str>),
}

/// An error message as data: words, and the request's parameters it names, each by the name the
/// API gives it (`set`, `all_moves`, `take_set`: the catalogue's parameters and the fields of
/// [`crate::AnalysisOptions`], with `_` between words). A front end words each parameter in its
/// own terms with [`Message::render`]: the command line as its flag (`--all-moves`), the web as
/// its field, Python as its keyword; the neutral wording ([`fmt::Display`]) puts the name
/// between backquotes (`` `set` ``), or leaves it bare inside a quoted piece.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Message {
    pieces: Vec<Piece>,
}

impl Message {
    /// A message of these words.
    pub fn text(text: impl Into<String>) -> Message {
        Message::default().then(text)
    }

    /// A message that begins with the parameter `name` (`take-set` is read as `take_set`).
    pub fn param(name: impl Into<Cow<'static, str>>) -> Message {
        Message::default().then_param(name)
    }

    /// The message followed by these words.
    pub fn then(mut self, text: impl Into<String>) -> Message {
        let text = text.into();
        match self.pieces.last_mut() {
            Some(Piece::Text(last)) => last.push_str(&text),
            _ => self.pieces.push(Piece::Text(text)),
        }
        self
    }

    /// The message followed by the parameter `name` (`take-set` is read as `take_set`).
    pub fn then_param(mut self, name: impl Into<Cow<'static, str>>) -> Message {
        let name = name.into();
        debug_assert!(
            name.chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric()),
            "a parameter's name, not a flag: {name}"
        );
        let name = if name.contains('-') {
            Cow::Owned(name.replace('-', "_"))
        } else {
            name
        };
        self.pieces.push(Piece::Param(name));
        self
    }

    /// The message followed by `other`.
    pub fn then_message(mut self, other: Message) -> Message {
        for piece in other.pieces {
            self = match piece {
                Piece::Text(text) => self.then(text),
                Piece::Param(name) => self.then_param(name),
            };
        }
        self
    }

    /// The parameters the message names, in order.
    pub fn parameters(&self) -> impl Iterator<Item = &str> {
        self.pieces.iter().filter_map(|piece| match piece {
            Piece::Param(name) => Some(name.as_ref()),
            Piece::Text(_) => None,
        })
    }

    /// The message as one line fit to print ([`one_line`]), each parameter worded by `word`
    /// (the command line passes `|p| format!("--{}", p.replace('_', "-"))`).
    pub fn render(&self, word: impl Fn(&str) -> String) -> String {
        self.render_quoted(|name, _| word(name))
    }

    /// As [`Message::render`], `word` told whether the parameter stands inside a quoted piece.
    fn render_quoted(&self, word: impl Fn(&str, bool) -> String) -> String {
        let mut out = String::new();
        let mut quoted = false;
        for piece in &self.pieces {
            match piece {
                Piece::Text(text) => {
                    quoted ^= text.matches('`').count() % 2 == 1;
                    out.push_str(text);
                }
                Piece::Param(name) => out.push_str(&word(name, quoted)),
            }
        }
        one_line(&out)
    }

    /// The neutral wording: each parameter's name between backquotes, bare inside a quoted piece.
    fn neutral(&self) -> String {
        self.render_quoted(|name, quoted| {
            if quoted {
                name.to_owned()
            } else {
                format!("`{name}`")
            }
        })
    }
}

impl From<String> for Message {
    fn from(text: String) -> Message {
        Message::text(text)
    }
}

impl From<&str> for Message {
    fn from(text: &str) -> Message {
        Message::text(text)
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.neutral())
    }
}

/// A failed request: its kind and a one-line, lowercase message naming the bad value and where
/// it was (a [`Message`]: a parameter is named as data, never as a flag); a refusal past a budget
/// also carries its figures, and a refusal the caller can lift its remedy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: Message,
    // The neutral wording of `message`, kept for `message()`.
    line: String,
    budget: Option<Budget>,
    over: Option<OverBudget>,
    remedy: Option<Remedy>,
}

impl Error {
    fn new(kind: ErrorKind, message: Message) -> Error {
        Error {
            kind,
            line: message.neutral(),
            message,
            budget: None,
            over: None,
            remedy: None,
        }
    }

    /// A bad-input error with this message.
    pub fn bad_input(message: impl Into<Message>) -> Error {
        Error::new(ErrorKind::BadInput, message.into())
    }

    /// A refusal past `budget`, with this message (which should carry the estimate and the
    /// limit); [`Error::over_budget`] gives the figures as data too.
    pub fn too_large(budget: Budget, message: impl Into<Message>) -> Error {
        Error {
            budget: Some(budget),
            ..Error::new(ErrorKind::TooLarge, message.into())
        }
    }

    /// A refusal past `budget`, needing `needed` where `allowed` is allowed, with this message
    /// (which says the same in words).
    pub fn over_budget(
        budget: Budget,
        needed: u64,
        allowed: u64,
        message: impl Into<Message>,
    ) -> Error {
        Error {
            over: Some(OverBudget {
                budget,
                needed,
                allowed,
            }),
            ..Error::too_large(budget, message)
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

    /// The budget a refusal passed (every [`ErrorKind::TooLarge`] names one); `None` for bad
    /// input.
    pub fn budget(&self) -> Option<Budget> {
        self.budget
    }

    /// The figures of a refusal past a budget, when it is one.
    pub fn over(&self) -> Option<OverBudget> {
        self.over
    }

    /// The kind of failure.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message in its neutral wording (each parameter between backquotes), without the kind.
    pub fn message(&self) -> &str {
        &self.line
    }

    /// The message as data, to word its parameters in a front end's terms.
    pub fn parts(&self) -> &Message {
        &self.message
    }

    /// The first of the request's parameters the message names (`set`, `all_moves`), if any.
    pub fn parameter(&self) -> Option<&str> {
        self.message.parameters().next()
    }

    /// The message as one line, each parameter worded by `word` (see [`Message::render`]).
    pub fn render(&self, word: impl Fn(&str) -> String) -> String {
        self.message.render(word)
    }

    /// The same error with `context: ` put before the message.
    pub fn context(self, context: impl fmt::Display) -> Error {
        let message = Message::text(format!("{context}: ")).then_message(self.message);
        Error {
            line: message.neutral(),
            message,
            ..self
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.line)
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

/// The command line's wording of an error: each parameter as its flag (`--all-moves`), as
/// `sprague-cli` words it (for the tests of what the command line prints).
#[cfg(test)]
pub(crate) fn cli_words(err: &Error) -> String {
    err.render(|p| format!("--{}", p.replace('_', "-")))
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

    fn flag(p: &str) -> String {
        format!("--{}", p.replace('_', "-"))
    }

    #[test]
    fn a_message_names_parameters_as_data() {
        let e = Error::bad_input(
            Message::param("min")
                .then(": `4` is more than ")
                .then_param("max")
                .then(" `3`"),
        );
        assert_eq!(e.message(), "`min`: `4` is more than `max` `3`");
        assert_eq!(e.to_string(), e.message());
        assert_eq!(e.render(flag), "--min: `4` is more than --max `3`");
        assert_eq!(e.render(str::to_owned), "min: `4` is more than max `3`");
        assert_eq!(e.parameter(), Some("min"));
        assert_eq!(e.parts().parameters().collect::<Vec<_>>(), ["min", "max"]);
        // The catalogue's spelling is read as the API's; inside a quoted piece the neutral
        // wording leaves the name bare.
        let e = Error::too_large(
            Budget::Time,
            Message::text("answered (`table kayles ")
                .then_param("take-set")
                .then(" N` computes further)"),
        );
        assert_eq!(e.parameter(), Some("take_set"));
        assert_eq!(
            e.message(),
            "answered (`table kayles take_set N` computes further)"
        );
        assert_eq!(
            e.render(flag),
            "answered (`table kayles --take-set N` computes further)"
        );
        // Context goes before, the parameters stay data; the line is tidied once rendered.
        let e = Error::bad_input(Message::param("set").then(" `1,x`:\n bad"))
            .context("line 3")
            .with_remedy(Remedy::WithoutAllMoves);
        assert_eq!(e.message(), "line 3: `set` `1,x`: bad");
        assert_eq!(e.render(flag), "line 3: --set `1,x`: bad");
        assert_eq!(e.remedy(), Some(Remedy::WithoutAllMoves));
        let long = "7".repeat(1 << 20);
        let e = Error::bad_input(Message::param("set").then(format!(" `{long}`: bad")));
        assert!(e.render(flag).len() < 200);
        assert!(e.message().len() < 200);
        assert_eq!(Error::bad_input("plain").parameter(), None);
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
        assert_eq!(Error::too_large(Budget::Memory, "x").over(), None);
        assert_eq!(Error::bad_input("x").over(), None);
        let lifted = Error::too_large(Budget::Memory, "x")
            .with_remedy(Remedy::MorePositions)
            .context("y");
        assert_eq!(lifted.remedy(), Some(Remedy::MorePositions));
        assert_eq!(lifted.message(), "y: x");
        assert_eq!(Error::too_large(Budget::Memory, "x").remedy(), None);
    }
}
