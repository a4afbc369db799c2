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
    /// Subtraction game (S-Nim): take s tokens from one heap, for some s in the set S.
    #[command(
        allow_negative_numbers = true,
        after_help = "Example:\n  sprague subtraction 7 12 --set 1,3,4\n  \
            nim-value 3 (G(7) = 0 xor G(12) = 3); winning move: heap 2: 12 -> 9\n\n\
            Heaps may be of any size: the nim-values G(n) = mex{G(n - s) : s in S} are computed once\n\
            per set (two bytes each) until their period is proven, then any heap is read off the\n\
            period. With --batch every input line shares the same table."
    )]
    Subtraction(SubtractionArgs),
    /// Lasker's Nim: take any positive number of tokens from one heap, or split a heap in two.
    #[command(
        allow_negative_numbers = true,
        after_help = "Example:\n  sprague lasker 1 8 1\n  \
            N: nim-value 7 (1 xor 7 xor 1); winning moves: heap 2: 8 -> 0, heap 2: 8 -> 4 + 4\n\n\
            Heaps may be of any size. A heap's nim-value is n for n = 1, 2 (mod 4), n + 1 for\n\
            n = 3 and n - 1 for n = 0 (mod 4); a position's is the XOR of its heaps'. A split's\n\
            result puts the two parts in place of the heap. A big heap can have very many winning\n\
            splits: the first 1000 are listed and the note gives the exact number."
    )]
    Lasker(LaskerArgs),
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
pub struct LaskerArgs {
    /// Heap sizes (non-negative integers of any size).
    #[arg(value_name = "HEAP", required_unless_present = "batch")]
    pub heaps: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct SubtractionArgs {
    /// Heap sizes (non-negative integers of any size).
    #[arg(value_name = "HEAP", required_unless_present = "batch")]
    pub heaps: Vec<String>,
    /// The subtraction set: positive integers separated by commas, like 1,3,4.
    #[arg(long, value_name = "S")]
    pub set: String,
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
