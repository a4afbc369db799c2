//! The one list of games every front end reads: the command line (its subcommands' one-line
//! rules, `sprague games`), the web server (`/api/games`, the page's forms) and the Python
//! package. Each entry says what a user needs to ask about a game (its rule, how a position is
//! written, an example, its parameters, whether misère play, tables and play against the engine
//! are offered) and holds the function that answers it, so that every front end gives the same
//! answer to the same request. Adding a game is one entry here plus its engine and API modules:
//! every game gets its command-line subcommand, help, `--batch`, `play` and `table` from the
//! entry (`sprague-cli`'s `catalogue_subcommand`; the fields that only the command line reads are
//! `serde(skip)`), its page form and its Python call too (README: "Adding a game").
//!
//! The model is ripgrep's flag definitions (`crates/core/flags/defs.rs`): one slice of plain
//! definitions, everything else generated from it, and a test that the front ends agree with it.
//!
//! Past the project's 1,200 lines because it is the whole list, each entry with what its
//! command line needs; the help's paragraphs and the flags common to families are in `help.rs`.

mod help;

use std::collections::BTreeMap;

use serde::Serialize;

use crate::impartial::play::{ListedPlay, MoveChecker, Playable};
use crate::impartial::{
    bash, fibonacci_nim, geography, graph, hackenbush, lasker, moore_nim, nim, nim_product, octal,
    split, staircase, subtraction, turning, wythoff,
};
use crate::report::analysis::{Analysed, Analysis, ValueReport};
use crate::request::error::{Error, Message};
use crate::request::limits::Limits;
use crate::request::options::AnalysisOptions;
use crate::request::parse;
use crate::scoring::cursors;
use crate::scoring::play::ScoreGame;
use crate::scoring::solver::{ScoreReport, ScoreSolver, SolveOptions};
use help::*;

/// How a game is reached on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Command {
    /// `sprague NAME POSITION…`: an impartial game, answered with outcome, nim-value and
    /// winning moves.
    Analyse,
    /// `sprague solve NAME POSITION`: a scoring game, answered with its minimax value.
    Solve,
    /// `sprague NAME NUMBERS…`: a calculation on numbers, not a game (`nim-product`), answered
    /// with `{"value": …}`; no misère play, moves or tables.
    Calculate,
}

/// Where a position comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Input {
    /// Words typed after the name (heaps, counts, a board).
    Words,
    /// A file's text (`FILE`, `-` for standard input; the web page sends the text).
    File,
}

/// A parameter of a game's rules or of its position, given as a flag (`--set 1,3,4`).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Parameter {
    /// The flag's name without its dashes (`set`).
    pub name: &'static str,
    /// What its value looks like (`S`); empty for a flag without a value.
    pub value: &'static str,
    /// One line on what it does.
    pub help: &'static str,
    /// Whether every request must give it.
    pub required: bool,
    /// What its value is, for the front ends that type it (a Python keyword's annotation).
    #[serde(skip)]
    pub kind: ValueKind,
}

/// What a parameter's value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ValueKind {
    /// No value: the parameter is given or not (`all`).
    Switch,
    /// A non-negative integer (`max`, `width`).
    Natural,
    /// Integers separated by commas (`set`: `1,3,4`).
    Integers,
    /// Words of their own (`moves`: `"2-4 4-5"`; a sequence or `@FILE`).
    Text,
}

/// A flag of a game's command-line subcommand, as `sprague NAME --help` shows it: a parameter's
/// (`--set S`), `--misere` or `--every`. The command line is generated from these (clap's builder
/// API): their order is the help's.
#[derive(Clone, Copy, Debug)]
pub struct Flag {
    /// The flag's name without its dashes: a parameter's name, `misere` or `every`.
    pub name: &'static str,
    /// What its value looks like (`S`); empty for a flag without a value.
    pub value: &'static str,
    /// Its help line.
    pub help: &'static str,
    /// Whether the command line requires it.
    pub required: bool,
    /// Whether its value may start with `-`.
    pub hyphen_values: bool,
    /// The flags it cannot be given with.
    pub conflicts: &'static [&'static str],
    /// Whether the command line requires it but with `--batch` (whose lines give it).
    pub unless_batch: bool,
    /// Its value when not given, as typed.
    pub default: Option<&'static str>,
    /// The integers its value may be, both ends included.
    pub range: Option<(i64, i64)>,
}

/// Writes the JSON answer of a plain request (normal play, no option, no parameter) whose
/// position is the line's words straight into the buffer; `false` (writing nothing) when it
/// cannot, and the general path answers.
pub type WriteJson = fn(&str, &mut Vec<u8>) -> bool;

/// A game's table G(0..=N) computed whole from the request's parameters (`--until-proved`: stop
/// at a proved period).
type Tabulate = fn(&Request, u64, bool, &Limits) -> Result<crate::tables::TableReport, Error>;

/// Says what a request will cost before a long wait (`octal` with three-heap moves).
type Notice = fn(&Request, &Limits) -> Option<String>;

/// A game's own player for a request, or `None` for the player from its listed moves.
type OwnPlayer = fn(&Request) -> Result<Option<Box<dyn Playable>>, Error>;

/// How `sprague play NAME` plays an analysed game ([`Game::player`]).
#[derive(Clone, Copy)]
enum Player {
    /// From its analyses' listed moves.
    Listed,
    /// From its analyses, a typed move checked on its own (the moves are too many to list).
    Checked(fn() -> Box<dyn MoveChecker>),
    /// By a player of its own where it gives one for the request, else from the listed moves.
    Own(OwnPlayer),
}

impl std::fmt::Debug for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Player::Listed => "Listed",
            Player::Checked(_) => "Checked",
            Player::Own(_) => "Own",
        })
    }
}

/// A game of the catalogue.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Game {
    /// The name typed on the command line (`kayles`, `connect4`).
    pub name: &'static str,
    /// The rule in one line, as the command line's help shows it.
    pub rule: &'static str,
    /// How a position is written.
    pub position: &'static str,
    /// What a signature calls the position's words (the Python package's `nim(*heaps)`,
    /// `connect4(moves)`); empty where the parameters alone give the position
    /// (`triangle-war`'s `moves`). A file game's position is its text, whatever this says.
    #[serde(skip)]
    pub position_name: &'static str,
    /// An example request: the words typed after the name, parameters included (`-` for a
    /// file game's text, which is `example_text`).
    pub example: &'static [&'static str],
    /// A file game's example text.
    pub example_text: Option<&'static str>,
    /// The parameters it takes besides the position.
    pub parameters: &'static [Parameter],
    /// How it is reached on the command line.
    pub command: Command,
    /// Where its position comes from.
    pub input: Input,
    /// Whether `--misere` is answered.
    pub misere: bool,
    /// Whether `--every` (Every-SG: each turn moves once in every component, each game given, that
    /// can move) is answered.
    pub every: bool,
    /// Whether `sprague play NAME` plays it.
    pub play: bool,
    /// The `sprague table` family that tabulates it, if any (`table kayles`, `table octal CODE`).
    pub table: Option<&'static str>,
    /// The paragraphs `sprague NAME --help` shows after its options (an example with its answer,
    /// notes); empty for the example and the position's description.
    #[serde(skip)]
    pub details: &'static str,
    /// The position argument's value name and help line on the command line (`HEAP`, "Heap
    /// sizes …"); empty for `POSITION` and the position's description.
    #[serde(skip)]
    pub words: (&'static str, &'static str),
    /// The command line's flags besides `--json`, `--batch` and `--all-moves`, in the help's
    /// order; empty for one per parameter (its own help line), then `--misere` when answered.
    #[serde(skip)]
    pub flags: &'static [Flag],
    /// Whether its subcommand's help lists `-V, --version` (as the commands written before the
    /// catalogue made them did).
    #[serde(skip)]
    pub version_flag: bool,
    /// For a file game: the parameter a `--batch` line gives after the file's name
    /// (`FILE START`; without it, the flag's value).
    #[serde(skip)]
    pub line_parameter: Option<&'static str>,
    /// How `sprague table`'s list names its table (`Kayles (0.77)`).
    #[serde(skip)]
    pub table_about: &'static str,
    /// Its place in `sprague table`'s list: after `script` and `octal` (0 and 1), the named heap
    /// games from 10, the games' own tables from 20.
    #[serde(skip)]
    pub table_order: usize,
    /// The flags of `sprague table NAME` besides the range and the output, for a table computed
    /// whole ([`Game::tabulate`]).
    #[serde(skip)]
    pub table_flags: &'static [Flag],
    #[serde(skip)]
    tabulate: Option<Tabulate>,
    /// How `sprague play`'s list names it (`Nim (`--misere` for Anti-Nim)`).
    #[serde(skip)]
    pub play_about: &'static str,
    /// The position argument of `sprague play NAME`, where it is not that of `sprague NAME`.
    #[serde(skip)]
    pub play_words: Option<(&'static str, &'static str)>,
    #[serde(skip)]
    player: Player,
    /// A scoring game's rules for `sprague play NAME`, from the solver's options (the board).
    #[serde(skip)]
    score_game: Option<fn(&SolveOptions) -> ScoreGame>,
    /// The flags `sprague play NAME` refuses besides the output flags (a search's options).
    #[serde(skip)]
    pub play_refuses: &'static [&'static str],
    #[serde(skip)]
    write_json: Option<WriteJson>,
    #[serde(skip)]
    notice: Option<Notice>,
    #[serde(skip)]
    answer: Answer,
    /// How the web page draws a position (see [`Game::page`]).
    #[serde(skip)]
    pub board: Board,
    /// Whether the first of the position's words names the rules (an octal code, a coin-turning
    /// rule) and stays as moves are made, unless `rule_word_unless`, a parameter that gives the
    /// rules instead (`take-set`), is given.
    #[serde(skip)]
    pub rule_word: bool,
    /// See `rule_word`.
    #[serde(skip)]
    pub rule_word_unless: Option<&'static str>,
    /// The parameter whose value is the position, where the position is not words (Triangle
    /// War's `moves`).
    #[serde(skip)]
    pub position_parameter: Option<&'static str>,
    /// Whose score a scoring game's value is.
    #[serde(skip)]
    pub score_for: ScoreFor,
    /// The flag that asks a scoring game for its score alone, without its best moves (the page
    /// labels a board's moves with it).
    #[serde(skip)]
    pub score_alone: Option<&'static str>,
}

/// How a front end draws a position of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Board {
    /// No board: the position's words and its moves as a list.
    None,
    /// Heaps of tokens, a token clicked to leave that many.
    Heaps,
    /// Three rows of three cells.
    TicTacToe,
    /// Columns a stone drops into, on the board the report names.
    ConnectFour,
    /// Ten dots in a triangle and the eighteen lines between neighbours.
    TriangleLines,
}

/// Whose score a scoring game's value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScoreFor {
    /// The player to move's (Connect Four, tic-tac-toe, cursors).
    PlayerToMove,
    /// The first player's, whoever moves (Triangle War: A's final score minus B's).
    FirstPlayer,
}

/// What the web page needs to show a game besides its entry: how a position is drawn and moved
/// on from. Served beside the entry's own fields by `/api/games`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Page {
    /// What a signature calls the position's words; empty where the parameters give it.
    pub position_name: &'static str,
    /// How a position is drawn.
    pub board: Board,
    /// Whether the first word names the rules and stays (see [`Game::rule_word`]).
    pub rule_word: bool,
    /// The parameter that gives the rules instead of the first word.
    pub rule_word_unless: Option<&'static str>,
    /// The parameter whose value is the position.
    pub position_parameter: Option<&'static str>,
    /// Whose score the value is.
    pub score_for: ScoreFor,
    /// The flag that asks for the score alone.
    pub score_alone: Option<&'static str>,
}

/// What a request asks of a game: the position's words, the parameters by name, the text of a
/// file game, and the analysis options.
#[derive(Clone, Debug, Default)]
pub struct Request<'a> {
    /// The words of the position (heaps, a board, a start vertex).
    pub words: Vec<&'a str>,
    /// The parameters, by name without dashes (`"set" => "1,3,4"`; `"all" => ""` for a flag).
    pub parameters: BTreeMap<&'a str, &'a str>,
    /// A file game's text.
    pub text: Option<&'a [u8]>,
    /// Where the text came from (a file's name): errors about the text are prefixed with it.
    pub source: Option<&'a str>,
    /// `--all-moves`, `--misere`.
    pub options: AnalysisOptions,
}

/// The answer to a request: the object `sprague … --json` prints.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Report {
    /// An impartial game's analysis.
    Analysis(Analysis),
    /// A scoring game's value and best moves.
    Score(ScoreReport),
    /// Geography from every start (`--all`).
    AllStarts(geography::AllStarts),
    /// The cursor game's value.
    Cursors(cursors::CursorsReport),
    /// A calculation's value (`nim-product`).
    Value(ValueReport),
}

type Analyse = fn(&Request, &Limits) -> Analysed;
type Prepare = fn(&Request, &Limits) -> Result<Analyser, Error>;

/// Analyses many requests of one game with the same parameters (a `--batch`): what they share
/// (a subtraction set's table, Bash's rules) is built once, by [`Game::analyser`].
pub struct Analyser(Box<dyn FnMut(&Request) -> Analysed>);

impl Analyser {
    fn new(analyse: impl FnMut(&Request) -> Analysed + 'static) -> Analyser {
        Analyser(Box::new(analyse))
    }

    /// Analyses `request` (its parameters are those the analyser was made with).
    ///
    /// # Errors
    ///
    /// As [`Game::analyse`].
    pub fn analyse(&mut self, request: &Request) -> Analysed {
        (self.0)(request)
    }
}
type Solve = fn(&mut ScoreSolver, &Request, &SolveOptions) -> Result<ScoreReport, Error>;

#[derive(Clone, Copy)]
enum Answer {
    Analyse(Analyse),
    Solve(Solve),
    // An analysis that first builds what its requests share from the parameters.
    Prepared(Prepare),
    Other(fn(&Request, &Limits) -> Result<Report, Error>),
    // A named heap game: `octal::analyse_named` with the entry's name.
    Named,
}

impl std::fmt::Debug for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Answer::Analyse(_) => "Analyse",
            Answer::Solve(_) => "Solve",
            Answer::Prepared(_) => "Prepared",
            Answer::Other(_) => "Other",
            Answer::Named => "Named",
        })
    }
}

impl Game {
    /// What the web page needs to show this game besides its entry.
    pub fn page(&self) -> Page {
        Page {
            position_name: self.position_name,
            board: self.board,
            rule_word: self.rule_word,
            rule_word_unless: self.rule_word_unless,
            position_parameter: self.position_parameter,
            score_for: self.score_for,
            score_alone: self.score_alone,
        }
    }

    /// Answers `request`.
    ///
    /// # Errors
    ///
    /// A bad position or parameter, a missing file text, or a request past `limits`.
    pub fn answer(&self, request: &Request, limits: &Limits) -> Result<Report, Error> {
        match self.answer {
            Answer::Analyse(analyse) => analyse(request, limits).map(Report::Analysis),
            Answer::Solve(solve) => {
                let mut solver = ScoreSolver::new(*limits);
                solve(&mut solver, request, &SolveOptions::default()).map(Report::Score)
            }
            Answer::Prepared(prepare) => prepare(request, limits)?
                .analyse(request)
                .map(Report::Analysis),
            Answer::Other(answer) => answer(request, limits),
            Answer::Named => {
                octal::analyse_named(self.name, &request.words, &request.options, limits)
                    .map(Report::Analysis)
            }
        }
    }

    /// An analyser for many requests with `request`'s parameters (a `--batch`): what they share
    /// is built once, and a bad parameter refused at once.
    ///
    /// # Errors
    ///
    /// A bad parameter; a game whose answer is not an analysis.
    pub fn analyser(&self, request: &Request, limits: &Limits) -> Result<Analyser, Error> {
        let limits = *limits;
        match self.answer {
            Answer::Analyse(analyse) => Ok(Analyser::new(move |r| analyse(r, &limits))),
            Answer::Prepared(prepare) => prepare(request, &limits),
            Answer::Named => {
                let name = self.name;
                Ok(Analyser::new(move |r| {
                    octal::analyse_named(name, &r.words, &r.options, &limits)
                }))
            }
            _ => Err(Error::bad_input(format!(
                "{} is not answered by an analysis of one position",
                self.name
            ))),
        }
    }

    /// The game `sprague play NAME` plays from `request` (its parameters, misère play): the
    /// engine answers each move with a winning one when there is one.
    ///
    /// # Errors
    ///
    /// A bad parameter; a game whose answer is not an analysis.
    pub fn player(&self, request: &Request, limits: &Limits) -> Result<Box<dyn Playable>, Error> {
        if let Player::Own(own) = self.player {
            if let Some(player) = own(request)? {
                return Ok(player);
            }
        }
        let mut analyser = self.analyser(request, limits)?;
        let parameters: Vec<(&'static str, String)> = self
            .parameters
            .iter()
            .filter_map(|p| request.parameter(p.name).map(|v| (p.name, v.to_owned())))
            .collect();
        let analyse = move |position: &str, options: &AnalysisOptions| {
            analyser.analyse(&Request {
                words: position.split_whitespace().collect(),
                parameters: parameters.iter().map(|(n, v)| (*n, v.as_str())).collect(),
                options: *options,
                ..Request::default()
            })
        };
        let listed = ListedPlay::new(self.name, request.options.misere, Box::new(analyse));
        Ok(Box::new(match self.player {
            Player::Checked(checker) => listed.with_checker(checker()),
            _ => listed,
        }))
    }

    /// A scoring game's rules to play (`sprague play NAME`) on the board `options` give.
    pub fn score_game(&self, options: &SolveOptions) -> Option<ScoreGame> {
        self.score_game.map(|rules| rules(options))
    }

    /// Its table G(0..=`upto`) computed whole (`sprague table NAME`: subtraction, Bash, Lasker),
    /// with the parameters of `request`; `None` for a game without one.
    pub fn tabulate(
        &self,
        request: &Request,
        upto: u64,
        until_proved: bool,
        limits: &Limits,
    ) -> Option<Result<crate::tables::TableReport, Error>> {
        self.tabulate
            .map(|tabulate| tabulate(request, upto, until_proved, limits))
    }

    /// Whether it has a table computed whole ([`Game::tabulate`]).
    pub fn whole_table(&self) -> bool {
        self.tabulate.is_some()
    }

    /// Whether it is a scoring game answered by a [`ScoreSolver`] ([`Game::solve`]).
    pub fn is_scored(&self) -> bool {
        matches!(self.answer, Answer::Solve(_))
    }

    /// Whether `sprague table NAME` tabulates it as a take-and-break heap game of its own name
    /// (`parse::named_rule`): a long run, with checkpoints and a progress bar.
    pub fn heap_table(&self) -> bool {
        matches!(self.answer, Answer::Named) && self.table == Some(self.name)
    }

    /// The game's fast JSON writer for plain requests (normal play, no option, no parameter),
    /// if it has one (`nim --batch`: a million positions a second).
    pub fn write_json(&self) -> Option<WriteJson> {
        self.write_json
    }

    /// A line to say before answering `request`: the wait ahead, when it is long.
    pub fn notice(&self, request: &Request, limits: &Limits) -> Option<String> {
        self.notice.and_then(|notice| notice(request, limits))
    }

    /// The command line's flags ([`Game::flags`] as written, else one per parameter, then
    /// `--misere` when answered).
    pub fn cli_flags(&self) -> Vec<Flag> {
        if !self.flags.is_empty() {
            return self.flags.to_vec();
        }
        let mut flags: Vec<Flag> = self
            .parameters
            .iter()
            .map(|p| Flag {
                name: p.name,
                value: p.value,
                help: p.help,
                required: p.required,
                ..FLAG
            })
            .collect();
        if self.misere {
            flags.push(misere_flag(
                "Misère play: the player who makes the last move loses.",
            ));
        }
        if self.every {
            flags.push(EVERY);
        }
        flags
    }

    /// Answers an analysed game's request (every `Command::Analyse` game but geography, whose
    /// `--all` answers every start at once).
    ///
    /// # Errors
    ///
    /// As [`Game::answer`]; a game whose answer is not an analysis.
    pub fn analyse(&self, request: &Request, limits: &Limits) -> Analysed {
        match self.answer {
            Answer::Analyse(analyse) => analyse(request, limits),
            Answer::Prepared(prepare) => prepare(request, limits)?.analyse(request),
            Answer::Named => {
                octal::analyse_named(self.name, &request.words, &request.options, limits)
            }
            _ => Err(Error::bad_input(format!(
                "{} is not answered by an analysis of one position",
                self.name
            ))),
        }
    }

    /// Answers a scoring game's request with `solver` (which keeps its tables between requests)
    /// and `options`; `None` for an impartial game.
    pub fn solve(
        &self,
        solver: &mut ScoreSolver,
        request: &Request,
        options: &SolveOptions,
    ) -> Option<Result<ScoreReport, Error>> {
        match self.answer {
            Answer::Solve(solve) => Some(solve(solver, request, options)),
            _ => None,
        }
    }

    /// A request from the words typed after the game's name: `--misere`, `--all-moves`, the
    /// game's parameters (`--set 1,3,4`, `--all`), and the position's words; `text` is a file
    /// game's text. This is how the web page and the Python package pass a request on, in the
    /// command line's own terms.
    ///
    /// # Errors
    ///
    /// An unknown flag, a parameter without its value, or misère play for a game without it.
    pub fn request<'a>(
        &self,
        args: &[&'a str],
        text: Option<&'a [u8]>,
    ) -> Result<Request<'a>, Error> {
        let mut request = Request {
            text,
            ..Request::default()
        };
        let mut rest = args.iter();
        while let Some(&word) = rest.next() {
            let Some(flag) = word.strip_prefix("--") else {
                request.words.push(word);
                continue;
            };
            match flag {
                // The answer is the object `--json` prints, whichever way it is shown.
                "json" => {}
                "misere" if self.misere => request.options.misere = true,
                // Every-SG: the heap games (each word a component, `1+3` a sum inside one).
                "every" if self.every => request.options.every = true,
                "all-moves" if self.command == Command::Analyse => request.options.all_moves = true,
                _ => {
                    let parameter =
                        self.parameters
                            .iter()
                            .find(|p| p.name == flag)
                            .ok_or_else(|| {
                                let named = Message::text(format!("{} takes no flag `", self.name));
                                // A flag the command line could have spelt is a parameter's name.
                                let spelt = !flag.is_empty()
                                    && flag.bytes().all(|b| {
                                        b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'
                                    });
                                Error::bad_input(if spelt {
                                    named.then_param(flag.to_owned()).then("`")
                                } else {
                                    named.then(format!("{word}`"))
                                })
                            })?;
                    let value = if parameter.value.is_empty() {
                        ""
                    } else {
                        rest.next().copied().ok_or_else(|| {
                            Error::bad_input(
                                Message::text("`")
                                    .then_param(parameter.name)
                                    .then(format!("` needs a value ({})", parameter.value)),
                            )
                        })?
                    };
                    request.parameters.insert(parameter.name, value);
                }
            }
        }
        if let Some(missing) = self
            .parameters
            .iter()
            .find(|p| p.required && !request.parameters.contains_key(p.name))
        {
            return Err(Error::bad_input(
                Message::text(format!("{} needs ", self.name))
                    .then_param(missing.name)
                    .then(format!(" {}: {}", missing.value, missing.help)),
            ));
        }
        Ok(request)
    }

    /// The example as one command line (`sprague kayles 5 7`, `sprague solve connect4 4453`).
    pub fn example_command(&self) -> String {
        let mut words = vec!["sprague"];
        if self.command == Command::Solve {
            words.push("solve");
        }
        words.push(self.name);
        words.extend(self.example.iter().copied());
        words.join(" ")
    }
}

/// Every game, in the order the command line's help lists them.
pub fn games() -> &'static [Game] {
    GAMES
}

/// The game named `name`.
pub fn game(name: &str) -> Option<&'static Game> {
    GAMES.iter().find(|g| g.name == name)
}

impl Request<'_> {
    fn parameter(&self, name: &str) -> Option<&str> {
        self.parameters.get(name).copied()
    }

    fn required(&self, name: &str) -> Result<&str, Error> {
        self.parameter(name).ok_or_else(|| {
            Error::bad_input(
                Message::text("the parameter ")
                    .then_param(name.to_owned())
                    .then(" is required"),
            )
        })
    }

    fn text(&self) -> Result<&[u8], Error> {
        self.text
            .ok_or_else(|| Error::bad_input("this game reads its position from a file's text"))
    }

    fn joined(&self) -> String {
        self.words.join(" ")
    }

    /// `error`, prefixed with the name of the file the text came from.
    fn in_source(&self, error: Error) -> Error {
        match self.source {
            Some(source) => error.context(source),
            None => error,
        }
    }
}

/// A named heap game of `octal` (its table is `table NAME`).
const fn named(
    name: &'static str,
    rule: &'static str,
    position: &'static str,
    details: &'static str,
    table_about: &'static str,
    table_order: usize,
) -> Game {
    Game {
        name,
        rule,
        position,
        position_name: "heaps",
        example: &["5", "7"],
        misere: true,
        every: true,
        table: Some(name),
        details,
        words: OCTAL_HEAPS,
        flags: &[HEAP_MISERE, EVERY],
        version_flag: true,
        table_about,
        table_order,
        answer: Answer::Named,
        ..ANALYSED
    }
}

/// What an entry leaves out: a game analysed from the words of its position, in normal play
/// only, with no parameter, no `play` and no table.
const ANALYSED: Game = Game {
    name: "",
    rule: "",
    position: "",
    position_name: "position",
    example: &[],
    example_text: None,
    parameters: &[],
    command: Command::Analyse,
    input: Input::Words,
    misere: false,
    every: false,
    play: false,
    table: None,
    details: "",
    words: ("", ""),
    flags: &[],
    version_flag: false,
    line_parameter: None,
    play_about: "",
    play_words: None,
    table_about: "",
    table_order: 0,
    table_flags: &[],
    tabulate: None,
    player: Player::Listed,
    score_game: None,
    play_refuses: &[],
    write_json: None,
    notice: None,
    answer: Answer::Named,
    board: Board::None,
    rule_word: false,
    rule_word_unless: None,
    position_parameter: None,
    score_for: ScoreFor::PlayerToMove,
    score_alone: None,
};

/// For `octal CODE H…` with three-heap moves: the time its table will take, said before a wait
/// of ten seconds or more (a longer one than allowed is refused instead). Misère, Every-SG and
/// `--take-set` analyses use no such table.
fn table_first(r: &Request, limits: &Limits) -> Option<String> {
    if r.parameter("take-set").is_some() || r.options.misere || r.options.every {
        return None;
    }
    let (code, heaps) = r.words.split_first()?;
    let rule = parse::parse_code(code).ok()?;
    let largest = heaps
        .iter()
        .filter_map(|h| h.parse::<u64>().ok())
        .filter(|&h| h <= octal::MAX_TABLE_HEAP)
        .max();
    let len = largest? + 1;
    let within = |&s: &f64| (10.0..=limits.max_seconds as f64).contains(&s);
    let seconds = crate::tables::estimate_seconds(&rule, len).filter(within)?;
    Some(format!(
        "a table of {len} values of {rule} first: up to about {} (three-heap splits; less if a \
         period is proved on the way)",
        crate::request::limits::human_seconds(seconds)
    ))
}

static GAMES: &[Game] = &[
    Game {
        name: "nim",
        board: Board::Heaps,
        rule: "Nim: take any positive number of tokens from one heap; whoever cannot move loses.",
        position: "heap sizes: non-negative integers of any size",
        position_name: "heaps",
        example: &["3", "4", "5"],
        parameters: &[Parameter {
            name: "moore",
            value: "K",
            help: "Moore's Nim_K: a move takes from one to K heaps (K = 1 is Nim)",
            required: false,
            kind: ValueKind::Natural,
        }],
        misere: true,
        play: true,
        details: NIM,
        words: HEAPS,
        flags: &[
            misere_flag("Misère play (Anti-Nim): the player who takes the last token loses"),
            parameter_flag(
                "moore",
                "K",
                "Moore's Nim_K: a move takes from one to K heaps (K = 1 is Nim)",
            ),
        ],
        version_flag: true,
        play_about: "Nim (`--misere` for Anti-Nim)",
        // Nim's own player; Moore's Nim_K from its listed moves.
        player: Player::Own(|r| match r.parameter("moore") {
            None => Ok(Some(Box::new(nim::NimPlay {
                misere: r.options.misere,
            }))),
            Some(k) => moore_nim::parse_k(k).map(|_| None),
        }),
        write_json: Some(nim::write_json_fast),
        answer: Answer::Analyse(|r, limits| match r.parameter("moore") {
            Some(k) => moore_nim::analyse(&r.words, k, &r.options, limits),
            None => nim::analyse(&r.words, &r.options, limits),
        }),
        ..ANALYSED
    },
    Game {
        name: "wythoff",
        board: Board::Heaps,
        rule: "Wythoff's game: two heaps; take any number from one heap, or the same number from both.",
        position: "the two heap sizes: non-negative integers of any size",
        position_name: "heaps",
        example: &["5", "8"],
        play: true,
        details: WYTHOFF,
        words: (
            "HEAP",
            "The two heap sizes (non-negative integers of any size)",
        ),
        version_flag: true,
        play_about: "Wythoff's game",
        player: Player::Checked(|| Box::new(wythoff::WythoffMoves)),
        answer: Answer::Analyse(|r, limits| wythoff::analyse(&r.words, &r.options, limits)),
        ..ANALYSED
    },
    Game {
        name: "bash",
        rule: "Bash's game: one heap; take 1..M tokens (or P..M with --min; fewer than P left: take all).",
        position: "the heap size: a non-negative integer of any size",
        position_name: "heap",
        example: &["15", "--max", "3"],
        parameters: &[
            Parameter {
                name: "max",
                value: "M",
                help: "the most tokens a move takes",
                required: true,
                kind: ValueKind::Natural,
            },
            Parameter {
                name: "min",
                value: "P",
                help: "the fewest tokens a move takes (default 1)",
                required: false,
                kind: ValueKind::Natural,
            },
        ],
        misere: true,
        play: true,
        table: Some("bash"),
        details: BASH,
        words: ("N", "The heap size (a non-negative integer of any size)"),
        flags: &[
            Flag {
                required: true,
                ..parameter_flag("max", "M", "The most tokens a move takes (at least 1)")
            },
            parameter_flag(
                "min",
                "P",
                "The fewest tokens a move takes (default 1); with fewer left, a move takes them \
                 all",
            ),
            misere_flag("Misère play: the player who takes the last token loses"),
        ],
        version_flag: true,
        play_about: "Bash's game (`--max M`, `--min P`, `--misere`)",
        table_about: "Bash's game: `table bash --max 3 --upto 20`",
        table_order: 21,
        table_flags: &[
            Flag {
                required: true,
                ..parameter_flag("max", "M", "The most tokens a move takes")
            },
            parameter_flag(
                "min",
                "P",
                "The fewest tokens a move takes (fewer left: take all)",
            ),
        ],
        tabulate: Some(|r, upto, proved, limits| {
            crate::tables::bash_table(r.required("max")?, r.parameter("min"), upto, proved, limits)
        }),
        // The rules apply to every line of a batch: read once, refused at once.
        answer: Answer::Prepared(|r, limits| {
            let rules = bash::parse_rules(r.required("max")?, r.parameter("min"))?;
            let limits = *limits;
            Ok(Analyser::new(move |r| {
                bash::analyse(&r.words, &rules, &r.options, &limits)
            }))
        }),
        ..ANALYSED
    },
    Game {
        name: "staircase",
        rule: "Staircase Nim: coins on steps 1..n; move any number of coins from step i to step i-1.",
        position: "the coins on steps 1, 2, …: non-negative integers of any size",
        position_name: "steps",
        example: &["0", "5", "3"],
        play: true,
        play_about: "Staircase Nim",
        play_words: Some((
            "COINS",
            "The coins on steps 1, 2, …, n (non-negative integers of any size)",
        )),
        answer: Answer::Analyse(|r, limits| staircase::analyse(&r.words, &r.options, limits)),
        ..ANALYSED
    },
    Game {
        name: "subtraction",
        rule: "Subtraction game (S-Nim): take s tokens from one heap, for some s in the set S.",
        position: "heap sizes: non-negative integers of any size",
        position_name: "heaps",
        example: &["7", "12", "--set", "1,3,4"],
        parameters: &[Parameter {
            name: "set",
            value: "S",
            help: "the subtraction set, positive integers separated by commas",
            required: true,
            kind: ValueKind::Integers,
        }],
        every: true,
        play: true,
        table: Some("subtraction"),
        details: SUBTRACTION,
        words: HEAPS,
        flags: &[
            Flag {
                required: true,
                ..parameter_flag(
                    "set",
                    "S",
                    "The subtraction set: positive integers separated by commas, like 1,3,4",
                )
            },
            EVERY,
        ],
        version_flag: true,
        play_about: "A subtraction game (`--set S`)",
        table_about: "A subtraction game: `table subtraction --set 1,3,4 --upto 50`",
        table_order: 20,
        table_flags: &[Flag {
            required: true,
            ..parameter_flag(
                "set",
                "S",
                "The subtraction set: positive integers separated by commas, like 1,3,4",
            )
        }],
        tabulate: Some(|r, upto, proved, limits| {
            crate::tables::subtraction_table(r.required("set")?, upto, proved, limits)
        }),
        // One table for the set, shared by every line of a batch.
        answer: Answer::Prepared(|r, limits| {
            let mut analyser = subtraction::SubtractionAnalyser::new(r.required("set")?, limits)?;
            let limits = *limits;
            Ok(Analyser::new(move |r| {
                analyser.analyse(&r.words, &r.options, &limits)
            }))
        }),
        ..ANALYSED
    },
    Game {
        name: "lasker",
        rule: "Lasker's Nim: take any positive number of tokens from one heap, or split a heap in two.",
        position: "heap sizes: non-negative integers of any size",
        position_name: "heaps",
        example: &["1", "8", "1"],
        every: true,
        play: true,
        table: Some("lasker"),
        details: LASKER,
        words: HEAPS,
        flags: &[EVERY],
        version_flag: true,
        play_about: "Lasker's Nim",
        table_about: "Lasker's Nim (take, or split a heap in two), from its closed form: `table \
                      lasker --upto 20`",
        table_order: 22,
        tabulate: Some(|_, upto, proved, limits| crate::tables::lasker_table(upto, proved, limits)),
        player: Player::Checked(|| Box::new(lasker::LaskerMoves)),
        answer: Answer::Analyse(|r, limits| lasker::analyse(&r.words, &r.options, limits)),
        ..ANALYSED
    },
    Game {
        name: "fibonacci-nim",
        rule: "Fibonacci Nim: one heap; the first move takes fewer than all, each later move at most twice the one before; taking the last wins.",
        position: "the heap, and the take before it when the game has started (`97 3`): non-negative integers of any size",
        example: &["100"],
        parameters: &[Parameter {
            name: "last",
            value: "T",
            help: "the take before (the next may take up to twice it); the same as a second number",
            required: false,
            kind: ValueKind::Natural,
        }],
        answer: Answer::Analyse(|r, limits| {
            fibonacci_nim::analyse(&r.words, r.parameter("last"), &r.options, limits)
        }),
        ..ANALYSED
    },
    Game {
        name: "turning",
        rule_word: true,
        rule: "Coin-turning games: coins in a row; turn over the coins the rule allows, the rightmost from heads to tails (mock-turtles: one to three coins; ruler: a run of consecutive coins; twins: exactly two). Rules joined by commas (ruler,twins) play on a grid: a move turns every coin of A × B, A and B moves of the two rules, its corner from heads to tails (the Tartan theorem: values multiply as nimbers).",
        position: "the rule (mock-turtles, ruler or twins, or a product such as twins,twins), then the places of the heads, numbered 1, 2, 3, … from the left: distinct positive integers of any size; for a product, each head's coordinates joined by commas (twins,twins 3,3 5,2)",
        example: &["mock-turtles", "1", "4", "7"],
        answer: Answer::Analyse(|r, limits| turning::analyse(&r.words, &r.options, limits)),
        ..ANALYSED
    },
    Game {
        name: "octal",
        rule_word: true,
        rule_word_unless: Some("take-set"),
        rule: "A take-and-break heap game given by its code d0.d1d2… (0.77 is Kayles).",
        position: "the code (0.77, 4.7, hexadecimal digits for three-heap moves), then heap sizes; \
                   with --take-set, heap sizes only",
        example: &["0.77", "5", "7"],
        parameters: &[Parameter {
            name: "take-set",
            value: "S",
            help: "take s consecutive tokens from a row, s in S: the code with a 7 at each s",
            required: false,
            kind: ValueKind::Integers,
        }],
        misere: true,
        every: true,
        table: Some("octal"),
        details: heap_game_details!(
            "sprague octal 0.77 5 7",
            "Digit d_k: bit 1: a move removing k tokens may leave no heap, bit 2: one heap, bit 4: two\n\
            heaps, bit 8 (hexadecimal digits): three heaps; d0 for moves removing nothing (4.7).\n\
            Codes may have up to a million digits. `--take-set 1,70,150` stands for \"take s\n\
            consecutive tokens from a row, s in the set\": the code with a 7 at each s (then every\n\
            word is a heap: `sprague octal --take-set 1,2 5 7` is Kayles)."
        ),
        words: OCTAL_HEAPS,
        flags: &[
            parameter_flag(
                "take-set",
                "S",
                "The rule \"take s consecutive tokens from a row, s in S\" (S like 1,70,150), \
                 instead of a code: the code with digit 7 at each s",
            ),
            HEAP_MISERE,
            EVERY,
        ],
        version_flag: true,
        notice: Some(table_first),
        answer: Answer::Analyse(|r, limits| match r.parameter("take-set") {
            Some(set) => {
                let (rule, family) = parse::parse_take_set(set)?;
                octal::analyse(&family, &rule, &r.words, &r.options, limits)
            }
            None => {
                let (code, heaps) = r
                    .words
                    .split_first()
                    .ok_or_else(|| Error::bad_input("expected a code (like 0.77), then heaps"))?;
                let rule = parse::parse_code(code)?;
                octal::analyse(&format!("octal {code}"), &rule, heaps, &r.options, limits)
            }
        }),
        ..ANALYSED
    },
    named(
        "kayles",
        "Kayles (0.77): knock down one pin or two adjacent pins from rows of pins.",
        "the pins in each row: non-negative integers",
        heap_game_details!(
            "sprague kayles 5 7",
            "Values: OEIS A002186; period 12 from n = 71 (proved)."
        ),
        "Kayles (0.77)", 10,
    ),
    named(
        "dawson",
        "Dawson's Kayles (0.07): knock down two adjacent pins.",
        "the pins in each row: non-negative integers",
        heap_game_details!("sprague dawson 5 7", "Period 34 from n = 53 (proved)."),
        "Dawson's Kayles (0.07)", 11,
    ),
    named(
        "dawsons-chess",
        "Dawson's chess: pawns on a 3 x n board, captures compulsory; n files is the heap n of 0.137.",
        "the files of each 3 x n board: non-negative integers",
        heap_game_details!(
            "sprague dawsons-chess 5 7",
            "A position is the number of files of each 3 x n board (a pawn of each side on every\n\
             file): pushing a pawn sets off captures that take its file and the two beside it out\n\
             of play, so n files play as the heap n of `octal 0.137`. Values: OEIS A002187;\n\
             period 34 from n = 52 (proved)."
        ),
        "Dawson's chess (0.137)", 12,
    ),
    named(
        "guiles",
        "Guiles (0.15): take a lone token, or two tokens leaving one or two heaps.",
        "heap sizes: non-negative integers",
        heap_game_details!("sprague guiles 5 7", "Octal code 0.15."),
        "Guiles (0.15)", 13,
    ),
    Game {
        play: true,
        play_about: "Officers (0.6)",
        ..named(
            "officers",
            "Officers (0.6): take one token from a heap, leaving one heap or splitting the rest in two; a lone token cannot be taken.",
            "heap sizes: non-negative integers",
            heap_game_details!(
                "sprague officers 5 7",
                "Values: OEIS A046695; no period is known."
            ),
            "Officers (0.6)", 16,
        )
    },
    // The first XXX wins: a game whose misère form is no misère octal game.
    Game {
        misere: false,
        every: true,
        ..named(
            "treblecross",
            "Treblecross: crosses on rows of cells, the first XXX wins; a row of n cells is the heap n + 2 of 0.007.",
            "the cells of each empty row: 0, 1, or 3 and more",
            TREBLECROSS,
            "Treblecross (0.007)", 14,
        )
    },
    named(
        "grundys-game",
        "Grundy's game: split a heap into two non-empty heaps of different sizes.",
        "heap sizes: non-negative integers",
        heap_game_details!(
            "sprague grundys-game 7 9",
            "Values: OEIS A002188; no period is known."
        ),
        "Grundy's game", 15,
    ),
    Game {
        name: "graph",
        rule: "Tokens on a directed graph: move one token along an edge; cycles allowed (draws).",
        position: "a file: `n m k`, m lines `u v` (edges u -> v), then the k vertices holding a token",
        example: &["-"],
        example_text: Some("3 2 2\n1 2\n2 3\n1 2\n"),
        input: Input::File,
        details: GRAPH,
        words: ("FILE", "The game-graph file, or - for standard input"),
        version_flag: true,
        answer: Answer::Analyse(|r, limits| {
            let analyse = || graph::analyse(&graph::parse(r.text()?, limits)?, &r.options, limits);
            analyse().map_err(|e| r.in_source(e))
        }),
        ..ANALYSED
    },
    Game {
        name: "hackenbush",
        rule: "Green Hackenbush: cut an edge; whatever no longer reaches the ground (vertex 1) falls.",
        position: "a file: `n m` (vertex 1 is the ground), then m lines `u v`, one undirected edge each",
        example: &["-"],
        example_text: Some("4 4\n1 2\n2 3\n3 4\n4 2\n"),
        input: Input::File,
        details: HACKENBUSH,
        words: EDGE_LIST,
        version_flag: true,
        answer: Answer::Analyse(|r, limits| {
            let analyse =
                || hackenbush::analyse(&hackenbush::parse(r.text()?, limits)?, &r.options, limits);
            analyse().map_err(|e| r.in_source(e))
        }),
        ..ANALYSED
    },
    Game {
        name: "split",
        rule: "The splitting game: take a bean from bottle i, put one into j and one into k (i < j <= k).",
        position: "the beans in bottles 1, 2, …: non-negative integers of any size",
        position_name: "bottles",
        example: &["1", "0", "1", "5000"],
        details: SPLIT,
        words: (
            "COUNT",
            "Beans in bottles 1..n (non-negative integers of any size)",
        ),
        version_flag: true,
        answer: Answer::Analyse(|r, limits| split::analyse(&r.words, &r.options, limits)),
        ..ANALYSED
    },
    Game {
        name: "geography",
        rule: "Undirected vertex geography: slide the token to an unvisited neighbour; stuck loses.",
        position: "a file: `n m`, then m lines `u v`, one undirected edge each; the start with --start",
        example: &["-", "--start", "2"],
        example_text: Some("3 2\n1 2\n2 3\n"),
        parameters: &[
            Parameter {
                name: "start",
                value: "V",
                help: "the vertex the token starts on",
                required: false,
                kind: ValueKind::Natural,
            },
            Parameter {
                name: "all",
                value: "",
                help: "the outcome from every start at once",
                required: false,
                kind: ValueKind::Switch,
            },
        ],
        input: Input::File,
        details: GEOGRAPHY,
        words: EDGE_LIST,
        flags: &[
            Flag {
                hyphen_values: true,
                ..parameter_flag(
                    "start",
                    "V",
                    "The vertex the token starts on (1-based; it counts as visited)",
                )
            },
            Flag {
                conflicts: &["start"],
                ..parameter_flag("all", "", "Give the outcome from every start vertex instead")
            },
        ],
        version_flag: true,
        line_parameter: Some("start"),
        answer: Answer::Other(|r, limits| {
            let input = geography::parse(r.text()?, limits).map_err(|e| r.in_source(e))?;
            if r.parameter("all").is_some() {
                return geography::analyse_all(&input)
                    .map(Report::AllStarts)
                    .map_err(|e| r.in_source(e));
            }
            let start = r
                .parameter("start")
                .ok_or_else(|| {
                    Error::bad_input(
                        Message::text("geography: give ")
                            .then_param("start")
                            .then(" V (or ")
                            .then_param("all")
                            .then(")"),
                    )
                })?;
            let start = geography::parse_start(start, &input)?;
            geography::analyse(&input, start, &r.options)
                .map(Report::Analysis)
                .map_err(|e| r.in_source(e))
        }),
        ..ANALYSED
    },
    Game {
        name: "nim-product",
        rule: "Nim multiplication: A ⊗ B, the product of the field of nimbers (XOR is its sum); a calculation, not a game.",
        position: "the two factors A and B: non-negative integers of any size",
        position_name: "factors",
        example: &["16", "16"],
        command: Command::Calculate,
        answer: Answer::Other(|r, _| nim_product::calculate(&r.words).map(Report::Value)),
        ..ANALYSED
    },
    Game {
        name: "triangle-war",
        board: Board::TriangleLines,
        position_parameter: Some("moves"),
        score_for: ScoreFor::FirstPlayer,
        rule: "Triangle War (POJ 1085): draw lines between ten dots; completing a triangle scores it and earns another move.",
        position: "the lines drawn so far, with --moves \"2-4 4-5 …\" (dots 1 / 2 3 / 4 5 6 / 7 8 9 10)",
        position_name: "",
        example: &["--moves", "2-4 4-5"],
        parameters: &[Parameter {
            name: "moves",
            value: "LINES",
            help: "the lines drawn from the start, `u-v` separated by spaces",
            required: false,
            kind: ValueKind::Text,
        }],
        command: Command::Solve,
        play: true,
        details: TRIANGLE_WAR,
        flags: &[
            Flag {
                hyphen_values: true,
                default: Some(""),
                ..parameter_flag(
                    "moves",
                    "MOVES",
                    "The lines drawn so far, in order, A first: `u-v` separated by spaces or commas",
                )
            },
            SOLVE_JSON,
            SOLVE_BATCH,
            STATS,
            FRESH_TABLE,
        ],
        version_flag: true,
        line_parameter: Some("moves"),
        play_about: "Triangle War (`--moves \"u-v …\"` for a position); type a line like `2-4`",
        score_game: Some(|_| ScoreGame::TriangleWar),
        answer: Answer::Solve(|solver, r, options| {
            solver.triangle_war(r.parameter("moves").unwrap_or(""), options)
        }),
        ..ANALYSED
    },
    Game {
        name: "tictactoe",
        board: Board::TicTacToe,
        rule: "Tic-tac-toe: value 1, 0 or -1 for the player to move.",
        position: "nine characters of x, o and ., row by row (x moves first); none for the empty board",
        position_name: "board",
        example: &["x...o...."],
        command: Command::Solve,
        play: true,
        details: TICTACTOE,
        words: (
            "CELLS",
            "Nine characters of x, o and . (default: the empty board)",
        ),
        flags: &[SOLVE_JSON, SOLVE_BATCH, STATS, FRESH_TABLE],
        version_flag: true,
        play_about: "Tic-tac-toe (CELLS for a position); type a cell 1-9",
        score_game: Some(|_| ScoreGame::TicTacToe),
        answer: Answer::Solve(|solver, r, options| solver.tictactoe(&r.joined(), options)),
        ..ANALYSED
    },
    Game {
        name: "connect4",
        board: Board::ConnectFour,
        score_alone: Some("score-only"),
        rule: "Connect Four (7 wide, 6 high by default; any board whose width × (height + 1) is at most 64): the exact score for the player to move.",
        position: "the columns played from the empty board, digits 1-7 (numbers separated by commas on a board wider than 9); none for the start",
        position_name: "moves",
        example: &["4453"],
        parameters: &[
            Parameter {
                name: "width",
                value: "W",
                help: "the board's columns (7)",
                required: false,
                kind: ValueKind::Natural,
            },
            Parameter {
                name: "height",
                value: "H",
                help: "the board's rows (6)",
                required: false,
                kind: ValueKind::Natural,
            },
        ],
        command: Command::Solve,
        play: true,
        details: CONNECT4,
        words: (
            "SEQ",
            "The columns played so far, digits 1-7 (default: the empty board); on a board wider \
             than 9, numbers separated by commas (`10,3,12`)",
        ),
        flags: &[
            Flag {
                default: Some("7"),
                range: Some((1, 64)),
                ..parameter_flag(
                    "width",
                    "W",
                    "The board's columns: any board with width × (height + 1) ≤ 64",
                )
            },
            Flag {
                default: Some("6"),
                range: Some((1, 64)),
                ..parameter_flag("height", "H", "The board's rows")
            },
            parameter_flag(
                "memory",
                "SIZE",
                "The transposition table's size (bytes, or with a K, M or G suffix; rounded down \
                 to a power of two). By default 8M, growing to 1G (at most half the memory \
                 available) once a search has run a few seconds; with this option the table stays \
                 the size given",
            ),
            parameter_flag("weak", "", "The sign of the score only: 1 win, 0 draw, -1 loss"),
            parameter_flag(
                "score-only",
                "",
                "Leave out the best moves (one search fewer per move)",
            ),
            parameter_flag(
                "all-moves",
                "",
                "Also the score of every legal move (JSON \"moves\": [{\"column\", \"score\"}]): \
                 one search a move",
            ),
            Flag {
                default: Some("1"),
                range: Some((1, 64)),
                ..parameter_flag(
                    "threads",
                    "N",
                    "Threads searching each position together, sharing one table (Lazy SMP); 1 \
                     by default, which makes the counts of `--stats` repeatable",
                )
            },
            parameter_flag(
                "no-book",
                "",
                "Search every position, even those the shipped opening book holds (on 7×6 every \
                 position of at most 7 stones): to measure the solver",
            ),
            Flag {
                conflicts: &["no-book"],
                ..parameter_flag(
                    "book",
                    "FILE",
                    "Read this opening book (built by `sprague book connect4`, for this board) \
                     instead of the one shipped for 7×6: its positions are answered at once",
                )
            },
            SOLVE_JSON,
            SOLVE_BATCH,
            STATS,
            FRESH_TABLE,
        ],
        version_flag: true,
        play_about: "Connect Four (SEQ for a position, --width/--height for another board); type a \
                     column",
        score_game: Some(|options| ScoreGame::Connect4 {
            width: options.width,
            height: options.height,
        }),
        play_refuses: &["weak", "score-only", "all-moves", "memory", "no-book"],
        answer: Answer::Solve(|solver, r, options| {
            let side = |name: &str, default: u32| match r.parameter(name) {
                None => Ok(default),
                Some(text) => text.trim().parse::<u32>().map_err(|_| {
                    Error::bad_input(format!("{name} `{text}`: expected a number of cells"))
                }),
            };
            let options = SolveOptions {
                width: side("width", options.width)?,
                height: side("height", options.height)?,
                ..options.clone()
            };
            solver.connect4(&r.joined(), &options)
        }),
        ..ANALYSED
    },
    Game {
        name: "cursors",
        rule: "The cursor game (seed notes 002): end the game scoring a_C + b_D, or move a cursor to a state never seen; the first player minimises.",
        position: "the sequences with --a and --b (comma-separated integers), the start with --start C,D",
        position_name: "",
        example: &["--a", "0", "--b", "5,3,1"],
        parameters: &[
            Parameter {
                name: "a",
                value: "A",
                help: "the first sequence, comma-separated integers",
                required: true,
                kind: ValueKind::Text,
            },
            Parameter {
                name: "b",
                value: "B",
                help: "the second sequence, comma-separated integers",
                required: true,
                kind: ValueKind::Text,
            },
            Parameter {
                name: "start",
                value: "C,D",
                help: "the cursors' start (default 1,1)",
                required: false,
                kind: ValueKind::Integers,
            },
        ],
        command: Command::Solve,
        details: CURSORS,
        flags: &[
            Flag {
                hyphen_values: true,
                unless_batch: true,
                ..parameter_flag("a", "A", "The sequence a (comma-separated, or @FILE)")
            },
            Flag {
                hyphen_values: true,
                unless_batch: true,
                ..parameter_flag("b", "B", "The sequence b (comma-separated, or @FILE)")
            },
            Flag {
                default: Some("1,1"),
                ..parameter_flag("start", "C,D", "The cursors' 1-based start `C,D`")
            },
            SOLVE_JSON,
            Flag {
                help: "Read games from standard input, one `A B [C,D]` per line; print one JSON \
                       object per line",
                ..SOLVE_BATCH
            },
        ],
        version_flag: true,
        answer: Answer::Other(|r, limits| {
            let a = cursors::parse_sequence(r.required("a")?, "a", limits)?;
            let b = cursors::parse_sequence(r.required("b")?, "b", limits)?;
            let start = cursors::parse_start(r.parameter("start").unwrap_or("1,1"), a.len(), b.len())?;
            cursors::solve(&a, &b, start).map(Report::Cursors)
        }),
        ..ANALYSED
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_every_example_is_answered() {
        let limits = Limits::default();
        for (idx, game) in games().iter().enumerate() {
            assert!(
                games()[..idx].iter().all(|g| g.name != game.name),
                "{} twice",
                game.name
            );
            assert!(game.rule.ends_with('.'), "{}: {}", game.name, game.rule);
            assert_eq!(
                game.input == Input::File,
                game.example_text.is_some(),
                "{}",
                game.name
            );
            let request = game
                .request(game.example, game.example_text.map(str::as_bytes))
                .unwrap_or_else(|e| panic!("{}: {e}", game.name));
            if game.input == Input::Words {
                // A position given by parameters alone has no name in a signature.
                assert_eq!(
                    game.position_name.is_empty(),
                    request.words.is_empty(),
                    "{}",
                    game.name
                );
            }
            let report = game
                .answer(&request, &limits)
                .unwrap_or_else(|e| panic!("{}: {e}", game.name));
            let json = serde_json::to_value(&report).unwrap();
            assert!(json.is_object(), "{}", game.name);
        }
    }

    #[test]
    fn requests_refuse_unknown_flags_and_missing_parameters() {
        use crate::request::error::cli_words;
        let bash = game("bash").unwrap();
        let err = bash.request(&["15"], None).unwrap_err();
        assert_eq!(
            err.message(),
            "bash needs `max` M: the most tokens a move takes"
        );
        assert_eq!(
            cli_words(&err),
            "bash needs --max M: the most tokens a move takes"
        );
        let err = bash.request(&["15", "--max"], None).unwrap_err();
        assert_eq!(err.message(), "`max` needs a value (M)");
        assert_eq!(cli_words(&err), "`--max` needs a value (M)");
        let err = game("wythoff")
            .unwrap()
            .request(&["1", "2", "--misere"], None)
            .unwrap_err();
        assert_eq!(err.message(), "wythoff takes no flag `misere`");
        assert_eq!(err.parameter(), Some("misere"));
        assert_eq!(cli_words(&err), "wythoff takes no flag `--misere`");
        let err = game("octal")
            .unwrap()
            .request(&["0.77", "5", "--take-set"], None)
            .unwrap_err();
        assert_eq!(err.parameter(), Some("take_set"));
        assert_eq!(cli_words(&err), "`--take-set` needs a value (S)");
        // A word the command line could not have spelt stays as it was typed.
        let err = game("nim")
            .unwrap()
            .request(&["1", "--all_moves"], None)
            .unwrap_err();
        assert_eq!(err.parameter(), None);
        assert_eq!(err.message(), "nim takes no flag `--all_moves`");
        let nim = game("nim")
            .unwrap()
            .request(&["1", "1", "--misere"], None)
            .unwrap();
        assert!(nim.options.misere);
        // Misère play where a game has none: one wording for every game, naming no flag.
        let misere = AnalysisOptions {
            misere: true,
            all_moves: false,
            every: false,
        };
        for name in ["wythoff", "lasker", "staircase", "split", "treblecross"] {
            let game = game(name).unwrap();
            let request = Request {
                words: game.example.to_vec(),
                options: misere,
                ..Request::default()
            };
            let err = game.analyse(&request, &Limits::default()).unwrap_err();
            assert_eq!(
                err.message(),
                format!(
                    "misère play of {name} is not supported (only normal play: the last move wins)"
                )
            );
        }
        // A calculation takes no analysis flags.
        let product = game("nim-product").unwrap();
        let err = product
            .request(&["2", "3", "--all-moves"], None)
            .unwrap_err();
        assert_eq!(err.message(), "nim-product takes no flag `all_moves`");
        assert_eq!(cli_words(&err), "nim-product takes no flag `--all-moves`");
        let err = product
            .analyse(
                &product.request(&["2", "3"], None).unwrap(),
                &Limits::default(),
            )
            .unwrap_err();
        assert!(err.message().contains("not answered by an analysis"));
        // A file game without its text says so.
        let graph = game("graph").unwrap();
        let err = graph
            .answer(&graph.request(&["-"], None).unwrap(), &Limits::default())
            .unwrap_err();
        assert!(err.message().contains("file"), "{}", err.message());
    }
}
