//! The one list of games every front end reads: the command line (its subcommands' one-line
//! rules, `sprague games`), the web server (`/api/games`, the page's forms) and the Python
//! package. Each entry says what a user needs to ask about a game (its rule, how a position is
//! written, an example, its parameters, whether misère play, tables and play against the engine
//! are offered) and holds the function that answers it, so that every front end gives the same
//! answer to the same request. Adding a game is one entry here plus its engine and API modules:
//! a game whose position is words gets its command-line subcommand from the entry
//! (`sprague-cli`'s `catalogue_subcommand`), its page form and its Python call too.
//!
//! The model is ripgrep's flag definitions (`crates/core/flags/defs.rs`): one slice of plain
//! definitions, everything else generated from it, and a test that the front ends agree with it.

use std::collections::BTreeMap;

use serde::Serialize;

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
use crate::scoring::solver::{ScoreReport, ScoreSolver, SolveOptions};

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
    #[serde(skip)]
    answer: Answer,
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
type Solve = fn(&mut ScoreSolver, &Request, &SolveOptions) -> Result<ScoreReport, Error>;

#[derive(Clone, Copy)]
enum Answer {
    Analyse(Analyse),
    Solve(Solve),
    Other(fn(&Request, &Limits) -> Result<Report, Error>),
    // A named heap game: `octal::analyse_named` with the entry's name.
    Named,
}

impl std::fmt::Debug for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Answer::Analyse(_) => "Analyse",
            Answer::Solve(_) => "Solve",
            Answer::Other(_) => "Other",
            Answer::Named => "Named",
        })
    }
}

impl Game {
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
            Answer::Other(answer) => answer(request, limits),
            Answer::Named => {
                octal::analyse_named(self.name, &request.words, &request.options, limits)
                    .map(Report::Analysis)
            }
        }
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
}

/// A named heap game of `octal` (its table is `table NAME`).
const fn named(name: &'static str, rule: &'static str, position: &'static str) -> Game {
    Game {
        name,
        rule,
        position,
        position_name: "heaps",
        example: &["5", "7"],
        misere: true,
        every: true,
        table: Some(name),
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
    answer: Answer::Named,
};

static GAMES: &[Game] = &[
    Game {
        name: "nim",
        rule: "Nim: take any positive number of tokens from one heap; whoever cannot move loses.",
        position: "heap sizes: non-negative integers of any size",
        position_name: "heaps",
        example: &["3", "4", "5"],
        parameters: &[Parameter {
            name: "moore",
            value: "K",
            help: "Moore's Nim_K: a move takes from one to K heaps (K = 1 is Nim)",
            required: false,
        }],
        misere: true,
        play: true,
        answer: Answer::Analyse(|r, limits| match r.parameter("moore") {
            Some(k) => moore_nim::analyse(&r.words, k, &r.options, limits),
            None => nim::analyse(&r.words, &r.options, limits),
        }),
        ..ANALYSED
    },
    Game {
        name: "wythoff",
        rule: "Wythoff's game: two heaps; take any number from one heap, or the same number from both.",
        position: "the two heap sizes: non-negative integers of any size",
        position_name: "heaps",
        example: &["5", "8"],
        play: true,
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
            },
            Parameter {
                name: "min",
                value: "P",
                help: "the fewest tokens a move takes (default 1)",
                required: false,
            },
        ],
        misere: true,
        play: true,
        table: Some("bash"),
        answer: Answer::Analyse(|r, limits| {
            let rules = bash::parse_rules(r.required("max")?, r.parameter("min"))?;
            bash::analyse(&r.words, &rules, &r.options, limits)
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
        }],
        every: true,
        play: true,
        table: Some("subtraction"),
        answer: Answer::Analyse(|r, limits| {
            subtraction::analyse(&r.words, r.required("set")?, &r.options, limits)
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
        }],
        answer: Answer::Analyse(|r, limits| {
            fibonacci_nim::analyse(&r.words, r.parameter("last"), &r.options, limits)
        }),
        ..ANALYSED
    },
    Game {
        name: "turning",
        rule: "Coin-turning games: coins in a row; turn over the coins the rule allows, the rightmost from heads to tails (mock-turtles: one to three coins; ruler: a run of consecutive coins; twins: exactly two). Rules joined by commas (ruler,twins) play on a grid: a move turns every coin of A × B, A and B moves of the two rules, its corner from heads to tails (the Tartan theorem: values multiply as nimbers).",
        position: "the rule (mock-turtles, ruler or twins, or a product such as twins,twins), then the places of the heads, numbered 1, 2, 3, … from the left: distinct positive integers of any size; for a product, each head's coordinates joined by commas (twins,twins 3,3 5,2)",
        example: &["mock-turtles", "1", "4", "7"],
        answer: Answer::Analyse(|r, limits| turning::analyse(&r.words, &r.options, limits)),
        ..ANALYSED
    },
    Game {
        name: "octal",
        rule: "A take-and-break heap game given by its code d0.d1d2… (0.77 is Kayles).",
        position: "the code (0.77, 4.7, hexadecimal digits for three-heap moves), then heap sizes; \
                   with --take-set, heap sizes only",
        example: &["0.77", "5", "7"],
        parameters: &[Parameter {
            name: "take-set",
            value: "S",
            help: "take s consecutive tokens from a row, s in S: the code with a 7 at each s",
            required: false,
        }],
        misere: true,
        every: true,
        table: Some("octal"),
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
    ),
    named(
        "dawson",
        "Dawson's Kayles (0.07): knock down two adjacent pins.",
        "the pins in each row: non-negative integers",
    ),
    named(
        "dawsons-chess",
        "Dawson's chess: pawns on a 3 x n board, captures compulsory; n files is the heap n of 0.137.",
        "the files of each 3 x n board: non-negative integers",
    ),
    named(
        "guiles",
        "Guiles (0.15): take a lone token, or two tokens leaving one or two heaps.",
        "heap sizes: non-negative integers",
    ),
    // The first XXX wins: a game whose misère form is no misère octal game.
    Game {
        misere: false,
        every: true,
        ..named(
            "treblecross",
            "Treblecross: crosses on rows of cells, the first XXX wins; a row of n cells is the heap n + 2 of 0.007.",
            "the cells of each empty row: 0, 1, or 3 and more",
        )
    },
    named(
        "grundys-game",
        "Grundy's game: split a heap into two non-empty heaps of different sizes.",
        "heap sizes: non-negative integers",
    ),
    Game {
        name: "graph",
        rule: "Tokens on a directed graph: move one token along an edge; cycles allowed (draws).",
        position: "a file: `n m k`, m lines `u v` (edges u -> v), then the k vertices holding a token",
        example: &["-"],
        example_text: Some("3 2 2\n1 2\n2 3\n1 2\n"),
        input: Input::File,
        answer: Answer::Analyse(|r, limits| {
            graph::analyse(&graph::parse(r.text()?, limits)?, &r.options, limits)
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
        answer: Answer::Analyse(|r, limits| {
            hackenbush::analyse(&hackenbush::parse(r.text()?, limits)?, &r.options, limits)
        }),
        ..ANALYSED
    },
    Game {
        name: "split",
        rule: "The splitting game: take a bean from bottle i, put one into j and one into k (i < j <= k).",
        position: "the beans in bottles 1, 2, …: non-negative integers of any size",
        position_name: "bottles",
        example: &["1", "0", "1", "5000"],
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
            },
            Parameter {
                name: "all",
                value: "",
                help: "the outcome from every start at once",
                required: false,
            },
        ],
        input: Input::File,
        answer: Answer::Other(|r, limits| {
            let input = geography::parse(r.text()?, limits)?;
            if r.parameter("all").is_some() {
                return geography::analyse_all(&input).map(Report::AllStarts);
            }
            let start = geography::parse_start(r.required("start")?, &input)?;
            geography::analyse(&input, start, &r.options).map(Report::Analysis)
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
        rule: "Triangle War (POJ 1085): draw lines between ten dots; completing a triangle scores it and earns another move.",
        position: "the lines drawn so far, with --moves \"2-4 4-5 …\" (dots 1 / 2 3 / 4 5 6 / 7 8 9 10)",
        position_name: "",
        example: &["--moves", "2-4 4-5"],
        parameters: &[Parameter {
            name: "moves",
            value: "LINES",
            help: "the lines drawn from the start, `u-v` separated by spaces",
            required: false,
        }],
        command: Command::Solve,
        play: true,
        answer: Answer::Solve(|solver, r, options| {
            solver.triangle_war(r.parameter("moves").unwrap_or(""), options)
        }),
        ..ANALYSED
    },
    Game {
        name: "tictactoe",
        rule: "Tic-tac-toe: value 1, 0 or -1 for the player to move.",
        position: "nine characters of x, o and ., row by row (x moves first); none for the empty board",
        position_name: "board",
        example: &["x...o...."],
        command: Command::Solve,
        play: true,
        answer: Answer::Solve(|solver, r, options| solver.tictactoe(&r.joined(), options)),
        ..ANALYSED
    },
    Game {
        name: "connect4",
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
            },
            Parameter {
                name: "height",
                value: "H",
                help: "the board's rows (6)",
                required: false,
            },
        ],
        command: Command::Solve,
        play: true,
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
            },
            Parameter {
                name: "b",
                value: "B",
                help: "the second sequence, comma-separated integers",
                required: true,
            },
            Parameter {
                name: "start",
                value: "C,D",
                help: "the cursors' start (default 1,1)",
                required: false,
            },
        ],
        command: Command::Solve,
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
