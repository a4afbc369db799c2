//! The command-line arguments, one struct per command (clap derive).

use clap::{Args, Parser, Subcommand};

const EXAMPLES: &str = "\
Examples:
  sprague nim 3 4 5                 who wins Nim with heaps 3, 4, 5, and how
  sprague nim 3 4 5 --json          the same as one JSON object
  sprague nim 1 1 --misere          misère Nim (Anti-Nim): taking the last token loses
  sprague graph game.txt            tokens on a directed graph (file format: sprague graph --help)
  echo '3 4 5' | sprague nim --batch   one position per input line, one JSON object per output line";

/// Solves combinatorial games: who wins, the nim-value, and every winning move.
#[derive(Debug, Parser)]
#[command(name = "sprague", version, after_help = EXAMPLES, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Nim: take any positive number of tokens from one heap; whoever cannot move loses.
    #[command(
        allow_negative_numbers = true,
        after_help = "Example:\n  sprague nim 3 4 5\n  \
            N: the player to move wins; nim-value 2 (3 xor 4 xor 5); winning move: heap 1: 3 -> 1\n\n\
            Heaps may be of any size. The nim-value is the XOR of the heaps (Bouton). With --misere the\n\
            player who takes the last token loses (Anti-Nim)."
    )]
    Nim(NimArgs),
    /// Tokens on a directed graph: move one token along an edge; cycles allowed (draws).
    #[command(after_help = "\
File format (FILE, or - for standard input):
  n m k        vertices 1..n, m edges, k tokens
  u v          m lines, one directed edge u -> v each
  t1 t2 ...    the k vertices that hold a token (one line or several)

Example:
  printf '3 2 2\\n1 2\\n2 3\\n1 2\\n' | sprague graph -
  N: nim-value 1 (0 xor 1); winning moves: token 1: 1 -> 2, token 2: 2 -> 3

On an acyclic graph the nim-value is the XOR of the tokens' values. With a cycle the value is\n\
Smith's generalised one: a number, or ∞{K} (K: the finite values of the followers); one token\n\
on ∞{K} with the rest XOR-ing to a wins iff a is in K, else the game is a draw (D).")]
    Graph(GraphArgs),
    /// Green Hackenbush: cut an edge; whatever no longer reaches the ground (vertex 1) falls.
    #[command(after_help = "\
File format (FILE, or - for standard input):
  n m          vertices 1..n (vertex 1 is the ground), m edges
  u v          m lines, one undirected edge each; loops (u u) and repeated edges allowed

Example:
  printf '4 4\\n1 2\\n2 3\\n3 4\\n4 2\\n' | sprague hackenbush -
  N: nim-value 2 (the triangle 2-3-4 fuses to a loop, *1, on a stalk of one edge: 1 + 1)

Trees by the colon principle (a vertex is worth the XOR of (child + 1)); cycles by the fusion\n\
principle (each two-edge-connected component fuses to one vertex whose edges become loops, *1\n\
each). Linear time; a winning move names the edge by its 1-based index among the edge lines.")]
    Hackenbush(HackenbushArgs),
    /// The splitting game: take a bean from bottle i, put one into j and one into k (i < j <= k).
    #[command(
        allow_negative_numbers = true,
        after_help = "Example:\n  sprague split 1 0 1 5000\n  \
            N: nim-value 5; the one winning move: bottle 1 -> 3, 4\n\n\
            HNOI2007. Each bean is a game of its own, worth g(d) for its distance d to the last\n\
            bottle, g(d) = mex of g(a) xor g(b) over a <= b < d; two beans in a bottle cancel, so\n\
            counts may be of any size. Bottles are 1-based (HNOI2007 prints them 0-based)."
    )]
    Split(SplitArgs),
    /// Undirected vertex geography: slide the token to an unvisited neighbour; stuck loses.
    #[command(after_help = "\
File format (FILE, or - for standard input):
  n m          vertices 1..n, m edges
  u v          m lines, one undirected edge each

Example:
  printf '3 2\\n1 2\\n2 3\\n' | sprague geography - --start 2
  N: winning moves: token 2 -> 1, token 2 -> 3

The start counts as visited. The player to move wins iff the start is in every maximum\n\
matching (Hopcroft-Karp on bipartite graphs such as grids, Edmonds' blossoms otherwise).\n\
--all gives the outcome from every start at once (JSOI2009). With --batch, each input line is\n\
`FILE START` (START defaults to --start).")]
    Geography(GeographyArgs),
    /// Scoring games, answered by their value under optimal play: `sprague solve cursors …`.
    Solve(SolveArgs),
    /// Play against a perfect opponent in the terminal: `sprague play nim 3 4 5`.
    #[command(after_help = "\
Example:
  sprague play nim 3 4 5 --first me

Type your move as the analysis prints it (`heap 1: 3 -> 1`) or as the position after it
(`1 4 5`). `hint` shows the winning moves, `quit` ends the game. The engine plays a winning
move whenever there is one and says why. Works with input from a pipe.")]
    Play(PlayArgs),
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

/// The games `play` knows, with the same arguments as their analysing commands.
#[derive(Debug, Subcommand)]
pub enum PlayGame {
    /// Nim (`--misere` for Anti-Nim).
    #[command(allow_negative_numbers = true)]
    Nim(NimArgs),
}

/// Flags every analysing command takes.
#[derive(Debug, Args)]
pub struct OutputArgs {
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Read positions from standard input, one per line; print one JSON object per line.
    #[arg(long)]
    pub batch: bool,
    /// List every move with the outcome and nim-value it leads to.
    #[arg(long)]
    pub all_moves: bool,
}

#[derive(Debug, Args)]
pub struct NimArgs {
    /// Heap sizes (non-negative integers of any size).
    #[arg(value_name = "HEAP", required_unless_present = "batch")]
    pub heaps: Vec<String>,
    /// Misère play (Anti-Nim): the player who takes the last token loses.
    #[arg(long)]
    pub misere: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct GraphArgs {
    /// The game-graph file, or - for standard input.
    #[arg(value_name = "FILE", required_unless_present = "batch")]
    pub file: Option<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct HackenbushArgs {
    /// The edge-list file, or - for standard input.
    #[arg(value_name = "FILE", required_unless_present = "batch")]
    pub file: Option<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct SplitArgs {
    /// Beans in bottles 1..n (non-negative integers of any size).
    #[arg(value_name = "COUNT", required_unless_present = "batch")]
    pub counts: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct GeographyArgs {
    /// The edge-list file, or - for standard input.
    #[arg(value_name = "FILE", required_unless_present = "batch")]
    pub file: Option<String>,
    /// The vertex the token starts on (1-based; it counts as visited).
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub start: Option<String>,
    /// Give the outcome from every start vertex instead.
    #[arg(long, conflicts_with = "start")]
    pub all: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(subcommand)]
    pub game: SolveGame,
}

/// The scoring games `solve` knows.
#[derive(Debug, Subcommand)]
pub enum SolveGame {
    /// The cursor game (seed notes 002): end the game scoring a_C + b_D, or move a cursor to a
    /// state never seen; the first player minimises.
    #[command(after_help = "\
Example:
  sprague solve cursors --a 0 --b 5,3,1
  value: 3

Sequences are comma-separated integers, or @FILE to read one from a file (commas or\n\
whitespace). Non-increasing sequences of any length are solved by binary search on the score\n\
and the matching theorem in O((n + m) log) time; sequences in another order only while\n\
n*m*(n + m) <= 2000000 (the explicit graph of cells), and refused beyond that.")]
    Cursors(CursorsArgs),
}

#[derive(Debug, Args)]
pub struct CursorsArgs {
    /// The sequence a (comma-separated, or @FILE).
    #[arg(long, value_name = "A", allow_hyphen_values = true)]
    pub a: String,
    /// The sequence b (comma-separated, or @FILE).
    #[arg(long, value_name = "B", allow_hyphen_values = true)]
    pub b: String,
    /// The cursors' 1-based start `C,D`.
    #[arg(long, value_name = "C,D", default_value = "1,1")]
    pub start: String,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}
