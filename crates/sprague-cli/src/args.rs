//! The command-line arguments: the commands that are not games, one struct per command (clap
//! derive), and a subcommand per game made from its catalogue entry (clap's builder API,
//! [`catalogue_subcommand`]; the model is ripgrep's flag definitions).

use clap::{Args, Parser, Subcommand};

const EXAMPLES: &str = "\
Examples:
  sprague nim 3 4 5                 who wins Nim with heaps 3, 4, 5, and how
  sprague nim 3 4 5 --json          the same as one JSON object
  sprague nim 1 1 --misere          misère Nim (Anti-Nim): taking the last token loses
  sprague graph game.txt            tokens on a directed graph (file format: sprague graph --help)
  echo '3 4 5' | sprague nim --batch   one position per input line, one JSON object per output line
  sprague wythoff 5 8               Wythoff's game, any size
  sprague bash 15 --max 3           Bash's game (--min P, --misere)
  sprague subtraction 7 12 --set 1,3,4
  sprague lasker 1 8 1              Lasker's Nim (splits)
  sprague staircase 0 5 3           Staircase Nim
  sprague script examples/lasker.rhai 3 + 4   your own game as a Rhai script
  sprague table script examples/wythoff.rhai --grid 20,20
  sprague play nim 3 4 5            play against the engine
  sprague kayles 10 7               Kayles (also dawson, dawsons-chess, guiles, treblecross, grundys-game)
  sprague octal 0.137 12            any octal or hexadecimal take-and-break code
  sprague table octal 0.07 --upto 200 --until-proved   a sequence and its proved period
  sprague hackenbush FILE           Green Hackenbush (also geography, split, solve cursors)
  sprague solve triangle-war        scoring games by minimax (also tictactoe, connect4)
  sprague serve                     the web page and its API: open http://127.0.0.1:7878/
  sprague completions bash          shell completions (also zsh, fish, elvish, powershell)
  sprague man > sprague.1           the manual page";

/// Solves combinatorial games: who wins, the nim-value, and every winning move.
#[derive(Debug, Parser)]
#[command(name = "sprague", version, after_help = EXAMPLES, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Scoring games by minimax: exact values and best moves (triangle-war, tictactoe, connect4, cursors).
    #[command(after_help = "\
Examples:
  sprague solve triangle-war                     B wins 6-3 from the empty board (value -3)
  sprague solve triangle-war --moves \"2-4 4-5\"   after A drew 2-4 and B drew 4-5
  sprague solve tictactoe xx.oo....              x to move wins (value 1)
  sprague solve connect4 74223417356477411661 --stats   the exact score, positions explored
  sprague solve cursors --a 0 --b 5,3,1          the cursor game of the seed notes")]
    #[command(subcommand_required = true, arg_required_else_help = true)]
    Solve(SolveArgs),
    /// Your own game, its rules written as a Rhai script defining `fn moves(p)`.
    #[command(
        allow_negative_numbers = true,
        after_help = "\
A script defines `fn moves(p)`, returning the positions one move away. A position is an integer
or an array (of integers, or nested: `[[1, 2], [3]]`); a move that splits the game into
independent parts returns `split([a, b])`, and `split([])` (the empty sum) is a move that leaves
nothing of this part; `win()` in the list is a move that wins the game at once (\"whoever cuts
out a 1×1 square wins\"). Optional: `fn normalize(p)` (a canonical form; `sorted(p)` keeps a
collection of parts as a multiset), `fn terminal(p)` (no moves).

Example (examples/subtraction-1-3-4.rhai):
  fn moves(n) { let r = []; for t in [1, 3, 4] { if t <= n { r.push(n - t); } } r }

  sprague script examples/subtraction-1-3-4.rhai 7
  sprague script examples/wythoff.rhai [4, 7]
  sprague script examples/lasker.rhai 3 + 4        (a sum of two heaps)
  sprague script examples/subtraction.rhai 7 --param S=1,3,4   (S is a constant in the script)
  sprague script examples/chocolate-table.rhai \"[[3, 4], [2, 5]]\"   (a multiset of bars)
  sprague script examples/cutting.rhai [4, 2]   (a move that wins at once: win())

A position with a part that has a `win()` move is won, in any sum, and has no nim-value; no one
moves into one, so the others are valued without those moves (normal play only).

A game where a position can be reached from itself is solved as a loopy game (outcomes P/N/D,
generalised nim-values ∞{K}). The script cannot reach files or the network."
    )]
    Script(ScriptArgs),
    /// Grundy sequences: G(0..N) of a family, with the period found.
    #[command(after_help = "\
Examples:
  sprague table script examples/subtraction-1-3-4.rhai --upto 50
  sprague table script examples/wythoff.rhai --grid 20,20 --json
  sprague table script examples/subtraction.rhai --upto 100 --param S=2,5,6
  sprague table kayles --upto 1000000 --out kayles.seq --plot kayles.png --json
  sprague table lasker --upto 20

Text output shows the values in rows of ten and the period: G(n + q) = G(n) + s for every
computed n >= p. `proved` is true only where a theorem makes it hold for every n.

Heap-game tables (octal and the named games) show a progress bar on a terminal. Ctrl-C writes a
checkpoint (FILE.ckpt beside --out FILE, else sprague-table-<family>-<N>.ckpt; also written every
--checkpoint-every seconds) and exits with code 130; the same command with --resume goes on from
it, and its output is the same, byte for byte, as an uninterrupted run's.")]
    Table(TableArgs),
    /// Play against a perfect opponent in the terminal: `sprague play nim 3 4 5`.
    #[command(after_help = "\
Example:
  sprague play nim 3 4 5 --first me

Type your move as the analysis prints it (`heap 1: 3 -> 1`) or as the position after it
(`1 4 5`). `hint` shows the winning moves, `quit` ends the game. The engine plays a winning
move whenever there is one and says why. Works with input from a pipe.

Scoring games: `sprague play triangle-war --moves \"1-2\"`, `sprague play tictactoe`, `sprague play
connect4 4453`; type a line `2-4`, a cell 1-9 or a column 1-7. The engine plays a move keeping the
minimax value and names it; in Connect Four it reads the opening book and searches beyond it on
up to two threads, at most 8,000,000 positions a thread a move, and says when its move is an
unproven guess.")]
    Play(PlayArgs),
    /// Build an opening book: the exact score of every position up to a depth.
    #[command(after_help = "\
Example:
  sprague book connect4 --depth 2 --out connect4-7x6.book

A book of depth D solves every position of D stones (one of each mirror pair; on 7x6, 4 for
D = 1, 25 for D = 2, 121 for D = 3, 568 for D = 4, 8,231 for D = 6, 27,109 for D = 7) and finds every shallower
score from theirs; --threads N solves N positions at once (41 minutes for D = 7 on two
cores). Each position solved is written at once to FILE.progress: a run stopped at any moment
(Ctrl-C, a reboot) goes on where it stopped when run again with the same arguments. The book is written to FILE when
every position is solved, and FILE.progress removed. The book shipped with sprague (depth in
`sprague solve connect4 --help`) is read by `solve connect4` and `play connect4`; any other
(another board, a deeper one) with `--book FILE`:
  sprague book connect4 --width 6 --height 5 --depth 4 --out 6x5.book
  sprague play connect4 --width 6 --height 5 --book 6x5.book")]
    Book(BookArgs),
    /// The games sprague knows: name, rule, position, example (the catalogue the web page and
    /// Python read).
    Games(GamesArgs),
    /// The web page and its JSON API: analyse, play, tabulate and script in a browser.
    #[command(after_help = "\
Open the address it prints (http://127.0.0.1:7878/ by default) in a browser. The API:
  POST /api/run   {\"args\": [\"nim\", \"3\", \"4\", \"5\"]} answers what `sprague nim 3 4 5 --json` prints;
                  file games and scripts take `-` and their text as \"stdin\"
  GET  /api/games the catalogue of games
  GET  /api/plot?args=table&args=octal&args=0.07&args=--upto&args=500   a table's plot (SVG)
Each request runs as this command in a process of its own, with the time and memory budgets
below; it reads and writes none of the server's files.")]
    Serve(ServeArgs),
    /// Shell completions for every command and game, made from the same definition as the help.
    #[command(
        hide = true,
        after_help = "\
Example:
  sprague completions bash > ~/.local/share/bash-completion/completions/sprague"
    )]
    Completions(CompletionsArgs),
    /// The manual page (roff), made from the same definition as the help.
    #[command(
        hide = true,
        after_help = "\
Example:
  sprague man > sprague.1 && man ./sprague.1"
    )]
    Man,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on (loopback unless told otherwise; port 0 picks a free one).
    #[arg(long, default_value = "127.0.0.1:7878")]
    pub addr: std::net::SocketAddr,
    /// The seconds a request may run.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub time_limit: u64,
    /// The memory a request may use (bytes, or with a K, M or G suffix).
    #[arg(long, default_value = "1G")]
    pub memory_limit: String,
    /// Heavy requests (running past a quarter of a second) at once; default: the machine's cores.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub workers: Option<u64>,
    /// Heavy requests that may wait for a heavy slot; more are answered 503 with Retry-After.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=100000))]
    pub queue: u64,
}

#[derive(Debug, Args)]
pub struct GamesArgs {
    /// Print the catalogue as one JSON array.
    #[arg(long)]
    pub json: bool,
}

/// The command line: the commands written here ([`Cli`]) and a subcommand made from the
/// catalogue entry of every game (`sprague_api::catalogue`, [`catalogue_subcommand`]), so that the
/// help and the other front ends cannot drift apart.
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    let mut command = Cli::command();
    let games = sprague_api::catalogue::games();
    for (idx, game) in games.iter().enumerate() {
        if is_generated(game) {
            // `propagate_version` gives every subcommand `-V, --version`, but for the games
            // whose help never listed it.
            let sub = catalogue_subcommand(game).display_order(idx);
            command = command.subcommand(sub.disable_version_flag(!game.version_flag));
        }
    }
    let scored: Vec<clap::Command> = games
        .iter()
        .filter(|game| !is_generated(game))
        .map(|game| catalogue_subcommand(game).disable_version_flag(!game.version_flag))
        .collect();
    command = command.mut_subcommand("solve", |solve| solve.subcommands(scored));
    let played: Vec<clap::Command> = games
        .iter()
        .enumerate()
        .filter(|(_, game)| game.play)
        .map(|(idx, game)| play_subcommand(game).display_order(idx))
        .collect();
    command = command.mut_subcommand("play", |play| play.subcommands(played));
    let tabulated: Vec<clap::Command> = games
        .iter()
        .enumerate()
        .filter(|(_, game)| game.heap_table() || game.whole_table())
        .map(|(_, game)| table_subcommand(game).display_order(game.table_order))
        .collect();
    command = command.mut_subcommand("table", |table| table.subcommands(tabulated));
    // clap adds its `help` subcommand when the command is built; built now, it can be ordered.
    command.build();
    // The help lists the games in the catalogue's order, then the other commands as declared.
    // (As [`Cli`] declares them: adding `play`'s games above moved `play` to the end.)
    let others: Vec<String> = Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_owned())
        .chain(["help".to_owned()])
        .collect();
    for (idx, name) in others.iter().enumerate() {
        command = command.mut_subcommand(name, |c| c.display_order(1000 + idx));
    }
    // `play` lists the catalogue's games first, then its own as declared.
    let own: Vec<String> = command
        .find_subcommand("play")
        .expect("play is a command")
        .get_subcommands()
        .map(|c| c.get_name().to_owned())
        .filter(|name| sprague_api::catalogue::game(name).is_none_or(|g| !g.play))
        .chain(["help".to_owned()])
        .collect();
    for (idx, name) in own.iter().enumerate() {
        command = command.mut_subcommand("play", |play| {
            play.mut_subcommand(name, |c| c.display_order(1000 + idx))
        });
    }
    // `table`'s own families are ordered as declared ([`TableFamily`]); `help` comes last.
    command = command.mut_subcommand("table", |table| {
        table.mut_subcommand("help", |c| c.display_order(usize::MAX))
    });
    command
}

/// Whether `game`'s subcommand is the command line's own (`sprague NAME`): every game but the
/// scoring games, which are `sprague solve NAME`.
fn is_generated(game: &sprague_api::catalogue::Game) -> bool {
    game.command != sprague_api::catalogue::Command::Solve
}

/// The subcommand of a catalogue game, all of it from its entry: the rule as its `about`, the
/// position's argument, the flags ([`sprague_api::catalogue::Game::cli_flags`]: parameters,
/// `--misere`, `--every`), the output flags every game shares, and the entry's details (or its
/// example and position) after them. Adding a game to the catalogue adds it to the command line,
/// with its help.
fn catalogue_subcommand(game: &'static sprague_api::catalogue::Game) -> clap::Command {
    // clap's derive dropped a doc comment's final period from `about`; so does this.
    let about = game.rule.strip_suffix('.').unwrap_or(game.rule);
    let details = if game.details.is_empty() {
        format!(
            "Example:\n  {}\n\nPosition: {}.",
            game.example_command(),
            game.position
        )
    } else {
        game.details.to_owned()
    };
    let sub = clap::Command::new(game.name)
        .about(about)
        .after_help(details);
    let (value, help) = match game.words {
        ("", _) => ("POSITION", format!("The position: {}", game.position)),
        (value, help) => (value, help.to_owned()),
    };
    // The output flags' struct brings its doc comment as `about`: the rule is set after it.
    with_arguments(sub, game, value, help).about(about)
}

/// The subcommand of `sprague play NAME` for a playable game of the catalogue: the arguments of
/// its own subcommand (`play` refuses the output flags), named as `play`'s list names it.
fn play_subcommand(game: &'static sprague_api::catalogue::Game) -> clap::Command {
    let (value, help) = match (game.play_words, game.words) {
        (Some((value, help)), _) => (value, help.to_owned()),
        (None, ("", _)) => ("POSITION", format!("The position: {}", game.position)),
        (None, (value, help)) => (value, help.to_owned()),
    };
    let sub = clap::Command::new(game.name);
    with_arguments(sub, game, value, help).about(game.play_about)
}

/// The subcommand of `sprague table NAME` for a game of the catalogue: a heap game's
/// ([`sprague_api::catalogue::Game::heap_table`]: the range, the long-run options, the output),
/// or a table computed whole (its entry's `table_flags`, the range, the output).
fn table_subcommand(game: &'static sprague_api::catalogue::Game) -> clap::Command {
    let mut sub = clap::Command::new(game.name);
    if game.heap_table() {
        return <TableHeapArgs as clap::Args>::augment_args(sub).about(game.table_about);
    }
    for flag in game.table_flags {
        let arg = clap::Arg::new(flag.name)
            .long(flag.name)
            .help(flag.help)
            .value_name(flag.value)
            .required(flag.required);
        sub = sub.arg(arg);
    }
    let sub = <TableRangeArgs as clap::Args>::augment_args(sub);
    <TableOutputArgs as clap::Args>::augment_args(sub).about(game.table_about)
}

/// `sub` with `game`'s arguments: its position (named `value`, with `help`), its flags, and the
/// output flags. The caller sets `about` after (the output flags' struct brings its own).
fn with_arguments(
    mut sub: clap::Command,
    game: &'static sprague_api::catalogue::Game,
    value: &'static str,
    help: String,
) -> clap::Command {
    use clap::{Arg, ArgAction};
    use sprague_api::catalogue::{Command, Input};
    let position = Arg::new("position").value_name(value).help(help);
    sub = match (game.command, game.input) {
        // A scoring game's position is one word, the start when not given (some have none:
        // their position is a flag's).
        (Command::Solve, _) if game.words.0.is_empty() => sub,
        (Command::Solve, _) => sub.arg(position.default_value("").action(ArgAction::Set)),
        // Words may be negative numbers (refused with a message of the game's own).
        (_, Input::Words) => sub.allow_negative_numbers(true).arg(
            position
                .required_unless_present("batch")
                .num_args(1..)
                .action(ArgAction::Append),
        ),
        (_, Input::File) => sub.arg(
            position
                .required_unless_present("batch")
                .action(ArgAction::Set),
        ),
    };
    for flag in game.cli_flags() {
        let arg = Arg::new(flag.name).long(flag.name).help(flag.help);
        let mut arg = if flag.value.is_empty() {
            arg.action(ArgAction::SetTrue)
        } else {
            arg.value_name(flag.value)
                .action(ArgAction::Set)
                .required(flag.required)
                .allow_hyphen_values(flag.hyphen_values)
        };
        if flag.unless_batch {
            arg = arg.required_unless_present("batch");
        }
        if let Some(default) = flag.default {
            arg = arg.default_value(default);
        }
        if let Some((low, high)) = flag.range {
            arg = arg.value_parser(clap::value_parser!(i64).range(low..=high));
        }
        sub = sub.arg(arg.conflicts_with_all(flag.conflicts));
    }
    if game.command == Command::Solve {
        // A scoring game's entry lists its output flags with the others.
        return sub;
    }
    if game.command == Command::Calculate {
        // A calculation has no moves to list: `--json` and `--batch` only.
        return sub
            .arg(
                Arg::new("json")
                    .long("json")
                    .action(ArgAction::SetTrue)
                    .help("Print one JSON object instead of text."),
            )
            .arg(
                Arg::new("batch")
                    .long("batch")
                    .action(ArgAction::SetTrue)
                    .help(
                        "Read requests from standard input, one per line; print one JSON object \
                         per line. Words typed on the command line come first on every line.",
                    ),
            );
    }
    <OutputArgs as clap::Args>::augment_args(sub)
}

/// A request for a game whose subcommand is made from its catalogue entry.
#[derive(Debug)]
pub struct CatalogueArgs {
    /// The game.
    pub game: &'static sprague_api::catalogue::Game,
    /// The position's words (a file game: its file's name).
    pub words: Vec<String>,
    /// The parameters given, by name (`""` for a flag that is set).
    pub parameters: Vec<(&'static str, String)>,
    /// `--misere`.
    pub misere: bool,
    /// `--every`.
    pub every: bool,
    /// `--json`, `--batch`, `--all-moves`.
    pub output: OutputArgs,
}

/// What the command line asked for: a command written here, or a catalogue game's request.
#[derive(Debug)]
pub enum Parsed {
    /// A command of [`Cli`].
    Cli(Cli),
    /// A game whose subcommand is made from its catalogue entry.
    Catalogue(CatalogueArgs),
    /// `sprague play NAME` for a game of the catalogue.
    Play(First, CatalogueArgs),
    /// `sprague table NAME` for a heap game of the catalogue.
    Table(&'static sprague_api::catalogue::Game, TableHeapArgs),
    /// `sprague table NAME` for a game of the catalogue whose table is computed whole: its
    /// parameters, the range, `--json`.
    Tabulate(
        &'static sprague_api::catalogue::Game,
        Vec<(&'static str, String)>,
        TableRangeArgs,
        bool,
    ),
    /// `sprague solve NAME` for a scoring game of the catalogue.
    Solve(CatalogueArgs),
}

impl Parsed {
    /// Reads the matches of [`command`].
    ///
    /// # Errors
    ///
    /// clap's, for a command of [`Cli`] whose matches do not fit it.
    pub fn from_matches(matches: &clap::ArgMatches) -> Result<Parsed, clap::Error> {
        use clap::FromArgMatches;
        if let Some((name, sub)) = matches.subcommand() {
            if let Some(game) = sprague_api::catalogue::game(name).filter(|g| is_generated(g)) {
                return catalogue_args(game, sub).map(Parsed::Catalogue);
            }
            if let Some((name, sub)) = sub.subcommand().filter(|_| name == "solve") {
                if let Some(game) = sprague_api::catalogue::game(name).filter(|g| !is_generated(g))
                {
                    return catalogue_args(game, sub).map(Parsed::Solve);
                }
            }
            if let Some((name, sub)) = sub.subcommand().filter(|_| name == "table") {
                if let Some(game) = sprague_api::catalogue::game(name).filter(|g| g.heap_table()) {
                    return TableHeapArgs::from_arg_matches(sub).map(|a| Parsed::Table(game, a));
                }
                if let Some(game) = sprague_api::catalogue::game(name).filter(|g| g.whole_table()) {
                    let parameters = game
                        .table_flags
                        .iter()
                        .filter_map(|f| sub.get_one::<String>(f.name).map(|v| (f.name, v.clone())))
                        .collect();
                    let range = TableRangeArgs::from_arg_matches(sub)?;
                    let json = TableOutputArgs::from_arg_matches(sub)?.json;
                    return Ok(Parsed::Tabulate(game, parameters, range, json));
                }
            }
            if let Some((name, sub)) = sub.subcommand().filter(|_| name == "play") {
                if let Some(game) = sprague_api::catalogue::game(name).filter(|g| g.play) {
                    let first = *sub
                        .get_one::<First>("first")
                        .expect("--first has a default");
                    return catalogue_args(game, sub).map(|args| Parsed::Play(first, args));
                }
            }
        }
        Cli::from_arg_matches(matches).map(Parsed::Cli)
    }
}

/// The request in the matches of `game`'s [`catalogue_subcommand`].
fn catalogue_args(
    game: &'static sprague_api::catalogue::Game,
    sub: &clap::ArgMatches,
) -> Result<CatalogueArgs, clap::Error> {
    use clap::FromArgMatches;
    // (A scoring game whose position is a flag's has no position argument.)
    let words = sub
        .try_get_many::<String>("position")
        .ok()
        .flatten()
        .map(|w| w.cloned().collect())
        .unwrap_or_default();
    let mut parameters = Vec::new();
    let (mut misere, mut every) = (false, false);
    let scored = game.command == sprague_api::catalogue::Command::Solve;
    for flag in game.cli_flags() {
        match flag.name {
            "misere" => misere = sub.get_flag("misere"),
            "every" => every = sub.get_flag("every"),
            // A scoring game's output flags, read below.
            "json" | "batch" if scored => {}
            name if flag.range.is_some() => {
                if let Some(value) = sub.get_one::<i64>(name) {
                    parameters.push((name, value.to_string()));
                }
            }
            name if flag.value.is_empty() => {
                if sub.get_flag(name) {
                    parameters.push((name, String::new()));
                }
            }
            name => {
                if let Some(value) = sub.get_one::<String>(name) {
                    parameters.push((name, value.clone()));
                }
            }
        }
    }
    let output = if scored || game.command == sprague_api::catalogue::Command::Calculate {
        OutputArgs {
            json: sub.get_flag("json"),
            batch: sub.get_flag("batch"),
            all_moves: false,
        }
    } else {
        OutputArgs::from_arg_matches(sub)?
    };
    Ok(CatalogueArgs {
        game,
        words,
        parameters,
        misere,
        every,
        output,
    })
}

/// Who moves first in `play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum First {
    /// You move first.
    Me,
    /// The engine moves first.
    Engine,
}

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Who moves first.
    #[arg(long, value_enum, default_value = "me", global = true)]
    pub first: First,
    #[command(subcommand)]
    pub game: PlayGame,
}

/// The games `play` knows besides those of the catalogue (whose subcommands are made from their
/// entries, [`play_subcommand`]).
#[derive(Debug, Subcommand)]
pub enum PlayGame {
    /// A game of your own, its rules a Rhai script (`--param`, `--misere`); type the position
    /// after your move, or the move as the analysis words it.
    #[command(allow_negative_numbers = true)]
    Script(ScriptArgs),
}

/// Flags every analysing command takes.
#[derive(Debug, Args)]
pub struct OutputArgs {
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Read positions from standard input, one per line; print one JSON object per line. Words
    /// typed on the command line (`octal 0.77 --batch`) come first on every line.
    #[arg(long)]
    pub batch: bool,
    /// List every move with the outcome and nim-value it leads to.
    #[arg(long)]
    pub all_moves: bool,
}

#[derive(Debug, Args)]
pub struct ScriptArgs {
    /// The script file (Rhai).
    #[arg(value_name = "FILE")]
    pub file: String,
    /// The position: `7`, `[4, 7]`, `[[1, 2], [3]]`, or a sum `3 + 4` (words are joined with spaces).
    #[arg(value_name = "POSITION", required_unless_present = "batch")]
    pub position: Vec<String>,
    /// Misère play: the player who makes the last move loses (a lone part's genus too).
    #[arg(long, conflicts_with = "every")]
    pub misere: bool,
    /// Every-SG: each turn moves once in every component (each part of the sum typed; a sum in
    /// parentheses, `(1 + 3) + 2`, one component) not yet finished; the last move wins.
    #[arg(long)]
    pub every: bool,
    #[command(flatten)]
    pub script: ScriptRunArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// A script's parameters and the limits on its run.
#[derive(Debug, Args)]
pub struct ScriptRunArgs {
    /// A constant the script's functions see, NAME=VALUE: an integer (K=3) or a list (S=1,3,4),
    /// so that one file serves every value. Repeatable.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// The most positions kept in memory (up to about 600 bytes each for one or two integers;
    /// fewer when SPRAGUE_MEMORY_LIMIT allows fewer).
    #[arg(long, default_value_t = 10_000_000)]
    pub max_positions: usize,
    /// The most operations one call of the script may run.
    #[arg(long, default_value_t = 1_000_000)]
    pub max_operations: u64,
    /// The most seconds one call of the script may run.
    #[arg(long, default_value_t = 10)]
    pub max_call_seconds: u64,
}

#[derive(Debug, Args)]
pub struct TableArgs {
    #[command(subcommand)]
    pub family: TableFamily,
}

/// The families `table` knows besides the catalogue's games (whose subcommands are made from
/// their entries, [`table_subcommand`], listed after these).
#[derive(Debug, Subcommand)]
pub enum TableFamily {
    /// A scripted game: integer positions 0..N (`--upto N`), or pairs [a, b] (`--grid A,B`).
    #[command(display_order = 0)]
    Script(TableScriptArgs),
    /// An octal or hexadecimal code: `table octal 0.07 --upto 200`.
    #[command(display_order = 1)]
    Octal(TableOctalArgs),
}

/// Flags every table takes.
#[derive(Debug, Args)]
pub struct TableOutputArgs {
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The range of a heap-game table and when to stop.
#[derive(Debug, Args)]
pub struct TableRangeArgs {
    /// Compute G(0), …, G(N).
    #[arg(long, value_name = "N")]
    pub upto: u64,
    /// Stop as soon as a period is proved (before N if it can).
    #[arg(long)]
    pub until_proved: bool,
    /// Write the values to FILE in sprague's compact binary form (a 24-byte header `SPRGSEQ1`,
    /// then 1, 2, 4 or 8 bytes per value, the fewest that hold the largest, little-endian)
    /// instead of printing them.
    #[arg(long, value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
    /// Draw G(n) against n to FILE (.svg or .png).
    #[arg(long, value_name = "FILE")]
    pub plot: Option<std::path::PathBuf>,
}

/// Long runs of heap-game tables: checkpoints and resuming.
#[derive(Debug, Args)]
pub struct TableRunArgs {
    /// Go on from the checkpoint an interrupted run of the same table left.
    #[arg(long)]
    pub resume: bool,
    /// The checkpoint file (default: FILE.ckpt beside --out FILE, else
    /// sprague-table-<family>-<N>.ckpt in the current directory).
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// Write a checkpoint every SECS seconds while the table runs.
    #[arg(long, value_name = "SECS", default_value_t = 60)]
    pub checkpoint_every: u64,
}

#[derive(Debug, Args)]
pub struct TableOctalArgs {
    /// The code, d0.d1d2… (0.07); or --take-set.
    #[arg(value_name = "CODE", required_unless_present = "take_set")]
    pub code: Option<String>,
    /// The rule "take s consecutive tokens from a row, s in S" (S like 1,70,150), instead of a
    /// code: the code with digit 7 at each s.
    #[arg(long, value_name = "S", conflicts_with = "code")]
    pub take_set: Option<String>,
    #[command(flatten)]
    pub table: TableHeapArgs,
}

/// What every heap-game table takes: the range, the long-run options, the output.
#[derive(Debug, Args)]
pub struct TableHeapArgs {
    #[command(flatten)]
    pub range: TableRangeArgs,
    #[command(flatten)]
    pub run: TableRunArgs,
    #[command(flatten)]
    pub output: TableOutputArgs,
}

#[derive(Debug, Args)]
pub struct TableScriptArgs {
    /// The script file (Rhai).
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Compute G(0), …, G(N) for integer positions.
    #[arg(
        long,
        value_name = "N",
        required_unless_present = "grid",
        conflicts_with = "grid"
    )]
    pub upto: Option<u64>,
    /// Compute G([a, b]) for 0 <= a <= A and 0 <= b <= B, with the P-positions and their patterns.
    #[arg(long, value_name = "A,B")]
    pub grid: Option<String>,
    /// Draw to FILE (.svg or .png): the grid, P-positions in black, or G(n) against n.
    #[arg(long, value_name = "FILE")]
    pub plot: Option<std::path::PathBuf>,
    /// With --upto: write the values to FILE in sprague's compact binary form (as `table octal
    /// --out`) instead of printing them.
    #[arg(long, value_name = "FILE", conflicts_with = "grid")]
    pub out: Option<std::path::PathBuf>,
    /// With --upto: when the script's moves are a take-and-break game's (an octal or hexadecimal
    /// code, found from its moves) or Grundy's game's, compute that rule's table until the
    /// periodicity theorem proves its period (N at most), checking the script against it.
    #[arg(long, conflicts_with = "grid")]
    pub until_proved: bool,
    #[command(flatten)]
    pub script: ScriptRunArgs,
    #[command(flatten)]
    pub output: TableOutputArgs,
}

/// `sprague solve`: its subcommands are the catalogue's scoring games, made from their entries.
#[derive(Debug, Args)]
pub struct SolveArgs {}

/// `sprague book`.
#[derive(Debug, Args)]
pub struct BookArgs {
    #[command(subcommand)]
    pub game: BookGame,
}

/// The games a book can be built for.
#[derive(Debug, Subcommand)]
pub enum BookGame {
    /// Connect Four on any board with width × (height + 1) ≤ 64.
    Connect4(Connect4BookArgs),
}

/// A Connect Four board's size, for every command that takes one.
#[derive(Debug, Args)]
pub struct Connect4Board {
    /// The board's columns: any board with width × (height + 1) ≤ 64.
    #[arg(long, value_name = "W", default_value_t = 7, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub width: u32,
    /// The board's rows.
    #[arg(long, value_name = "H", default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub height: u32,
}

/// `sprague book connect4`.
#[derive(Debug, Args)]
pub struct Connect4BookArgs {
    /// Every position with at most this many stones is in the book.
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(0..=12))]
    pub depth: u32,
    /// The book's file (written when it is complete; the progress goes to FILE.progress).
    #[arg(long, value_name = "FILE")]
    pub out: std::path::PathBuf,
    #[command(flatten)]
    pub board: Connect4Board,
    /// The transposition tables' size in all, as for `solve connect4` (shared equally among the
    /// threads; each table kept from one position to the next).
    #[arg(long, value_name = "SIZE")]
    pub memory: Option<String>,
    /// Positions solved at once, each by its own search and table: the build's time divides by
    /// about the threads (up to the cores).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub threads: u16,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The help of `--no-book` names the depth of the book shipped.
    #[test]
    fn the_help_names_the_shipped_books_depth() {
        let depth = sprague_api::book::standard_book().depth();
        let help = command()
            .find_subcommand_mut("solve")
            .unwrap()
            .find_subcommand_mut("connect4")
            .unwrap()
            .render_long_help()
            .to_string();
        let words: Vec<&str> = help.split_whitespace().collect();
        assert!(
            words
                .join(" ")
                .contains(&format!("every position of at most {depth} stones")),
            "{help}"
        );
    }

    /// A game with parameters and misère play (Bash's) through a subcommand made from its entry:
    /// every flag reaches the request, and the answer is that of its hand-written command.
    #[test]
    fn a_catalogue_subcommand_passes_the_games_parameters_and_misere_on() {
        let game = sprague_api::catalogue::game("bash").unwrap();
        let command = clap::Command::new("sprague").subcommand(catalogue_subcommand(game));
        let matches = command
            .try_get_matches_from([
                "sprague", "bash", "7", "--min", "2", "--max", "4", "--misere",
            ])
            .unwrap();
        let args = catalogue_args(game, matches.subcommand().unwrap().1).unwrap();
        assert_eq!(args.words, ["7"]);
        assert_eq!(
            args.parameters,
            [("max", "4".to_owned()), ("min", "2".to_owned())]
        );
        assert!(args.misere && !args.every && !args.output.json);
        let request = sprague_api::catalogue::Request {
            words: args.words.iter().map(String::as_str).collect(),
            parameters: args
                .parameters
                .iter()
                .map(|(n, v)| (*n, v.as_str()))
                .collect(),
            options: sprague_api::AnalysisOptions {
                misere: args.misere,
                ..Default::default()
            },
            ..Default::default()
        };
        let analysis = game.analyse(&request, &Default::default()).unwrap();
        // HDU 2897: 7 tokens, take 2 to 4, misère: lost for the player to move.
        assert_eq!(analysis.outcome, sprague_api::Outcome::P);
        // A required parameter left out is clap's error, before any request.
        let command = clap::Command::new("sprague").subcommand(catalogue_subcommand(game));
        assert!(command
            .try_get_matches_from(["sprague", "bash", "7"])
            .is_err());
    }

    #[test]
    fn staircase_is_made_from_its_catalogue_entry() {
        let game = sprague_api::catalogue::game("staircase").unwrap();
        assert!(is_generated(game));
        let mut help = Vec::new();
        command()
            .find_subcommand_mut("staircase")
            .unwrap()
            .write_long_help(&mut help)
            .unwrap();
        let help = String::from_utf8(help).unwrap();
        assert!(help.contains("Staircase Nim: coins on steps"), "{help}");
        assert!(help.contains("sprague staircase 0 5 3"), "{help}");
        assert!(
            help.contains("--batch") && !help.contains("--misere"),
            "{help}"
        );
    }

    /// The catalogue is the only way in: no game has a derived command of its own; every game
    /// is a subcommand made from its entry (the scoring ones `solve`'s), and so are `play`'s
    /// games and `table`'s heap games.
    #[test]
    fn every_game_subcommand_comes_from_the_catalogue() {
        use clap::CommandFactory;
        let derived = Cli::command();
        let mut command = command();
        for game in sprague_api::catalogue::games() {
            assert!(
                derived.find_subcommand(game.name).is_none(),
                "{} is derived",
                game.name
            );
            if game.play {
                let play = command.find_subcommand("play").unwrap();
                assert!(play.find_subcommand(game.name).is_some(), "{}", game.name);
            }
            if !is_generated(game) {
                let solve = command.find_subcommand("solve").unwrap();
                assert!(solve.find_subcommand(game.name).is_some(), "{}", game.name);
                let derived_solve = derived.find_subcommand("solve").unwrap();
                assert!(derived_solve.find_subcommand(game.name).is_none());
                continue;
            }
            let sub = command.find_subcommand_mut(game.name).unwrap();
            let help = sub.render_help().to_string();
            let about = game.rule.strip_suffix('.').unwrap_or(game.rule);
            let words: Vec<&str> = help.split_whitespace().collect();
            assert!(words.join(" ").starts_with(about), "{}: {help}", game.name);
            let play = derived.find_subcommand("play").unwrap();
            assert!(play.find_subcommand(game.name).is_none(), "{}", game.name);
            if game.heap_table() || game.whole_table() {
                let table = command.find_subcommand("table").unwrap();
                assert!(table.find_subcommand(game.name).is_some(), "{}", game.name);
            }
        }
    }
}
