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
    /// Scoring games by minimax: exact values and best moves (triangle-war, tictactoe, connect4).
    #[command(after_help = "\
Examples:
  sprague solve triangle-war                     B wins 6-3 from the empty board (value -3)
  sprague solve triangle-war --moves \"2-4 4-5\"   after A drew 2-4 and B drew 4-5
  sprague solve tictactoe xx.oo....              x to move wins (value 1)
  sprague solve connect4 74223417356477411661 --stats   the exact score, positions explored")]
    Solve(SolveArgs),
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
pub struct SolveArgs {
    #[command(subcommand)]
    pub game: SolveGame,
}

#[derive(Debug, Subcommand)]
pub enum SolveGame {
    /// Triangle War (POJ 1085): draw lines between ten dots; completing a triangle scores it and
    /// earns another move.
    #[command(after_help = "\
Dots in rows 1 / 2 3 / 4 5 6 / 7 8 9 10; 18 lines join neighbours, bounding 9 triangles. A moves
first. The value is A's final score minus B's under optimal play from the given position.

Example:
  sprague solve triangle-war --moves \"2-4 4-5 5-9 3-6 2-5 3-5\"
  value -5: B wins (POJ 1085, sample game 1)")]
    TriangleWar(TriangleWarArgs),
    /// Tic-tac-toe: value 1, 0 or -1 for the player to move.
    #[command(after_help = "\
CELLS: nine characters of x, o and ., row by row (x moves first); default the empty board.

Example:
  sprague solve tictactoe x...o....
  value 0 (a draw); best moves listed with the board they leave")]
    Tictactoe(TicTacToeArgs),
    /// Connect Four (7 wide, 6 high): the exact score for the player to move.
    #[command(after_help = "\
SEQ: the columns played from the empty board, digits 1-7 (Pons' notation); empty for the start.
Score (the standard test sets' convention): 0 draw; 22-k if the player to move wins with its k-th
stone; -(22-k) if the opponent does. --weak gives the sign only (faster).

Example:
  sprague solve connect4 2252576253462244111563365343671351441
  score -1")]
    Connect4(Connect4Args),
}

/// Flags every `solve` command takes.
#[derive(Debug, Args)]
pub struct SolveOutputArgs {
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Read positions from standard input, one per line; print one JSON object per line.
    #[arg(long)]
    pub batch: bool,
    /// Report the positions explored and the time taken.
    #[arg(long)]
    pub stats: bool,
    /// Empty the transposition table before each position (for benchmarks: counts per position
    /// alone; a batch otherwise reuses what earlier lines found).
    #[arg(long)]
    pub fresh_table: bool,
}

#[derive(Debug, Args)]
pub struct TriangleWarArgs {
    /// The lines drawn so far, in order, A first: `u-v` separated by spaces or commas.
    #[arg(
        long,
        value_name = "MOVES",
        default_value = "",
        allow_hyphen_values = true
    )]
    pub moves: String,
    #[command(flatten)]
    pub output: SolveOutputArgs,
}

#[derive(Debug, Args)]
pub struct TicTacToeArgs {
    /// Nine characters of x, o and . (default: the empty board).
    #[arg(value_name = "CELLS", default_value = "")]
    pub cells: String,
    #[command(flatten)]
    pub output: SolveOutputArgs,
}

#[derive(Debug, Args)]
pub struct Connect4Args {
    /// The columns played so far, digits 1-7 (default: the empty board, which takes minutes).
    #[arg(value_name = "SEQ", default_value = "")]
    pub sequence: String,
    /// The sign of the score only: 1 win, 0 draw, -1 loss.
    #[arg(long)]
    pub weak: bool,
    /// Leave out the best moves (one search fewer per move).
    #[arg(long)]
    pub score_only: bool,
    #[command(flatten)]
    pub output: SolveOutputArgs,
}
