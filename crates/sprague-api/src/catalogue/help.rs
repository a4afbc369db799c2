//! What the command line's help says of the games of the catalogue: the flags common to
//! families (`--misere`, `--every`, the scoring games' output flags), the position arguments, and
//! each game's paragraphs after its options (`Game::details`). Data only: `sprague-cli` makes the
//! subcommands from it.

use super::Flag;

/// What a [`Flag`] leaves out: a switch, optional, with no conflicts.
pub(super) const FLAG: Flag = Flag {
    name: "",
    value: "",
    help: "",
    required: false,
    hyphen_values: false,
    conflicts: &[],
    unless_batch: false,
    default: None,
    range: None,
};

/// `--json` of the scoring games.
pub(super) const SOLVE_JSON: Flag = Flag {
    name: "json",
    help: "Print one JSON object instead of text",
    ..FLAG
};

/// `--batch` of the scoring games.
pub(super) const SOLVE_BATCH: Flag = Flag {
    name: "batch",
    help: "Read positions from standard input, one per line; print one JSON object per line",
    ..FLAG
};

/// `--stats` of the scoring games.
pub(super) const STATS: Flag = Flag {
    name: "stats",
    help: "Report the positions explored and the time taken (Connect Four: also how many of \
           them were forced, with at most one move not losing at once, which `c4` does not count)",
    ..FLAG
};

/// `--fresh-table` of the scoring games.
pub(super) const FRESH_TABLE: Flag = Flag {
    name: "fresh-table",
    help: "Empty the transposition table before each position (for benchmarks: counts per \
           position alone; a batch otherwise reuses what earlier lines found)",
    ..FLAG
};

/// `--misere` with its help line.
pub(super) const fn misere_flag(help: &'static str) -> Flag {
    Flag {
        name: "misere",
        help,
        ..FLAG
    }
}

/// `--every`, as every heap game words it.
pub(super) const EVERY: Flag = Flag {
    name: "every",
    help: "Every-SG: each turn moves once in every component (each word; `1+3` one component) \
           not yet finished, a split staying in its component; the last move wins",
    ..FLAG
};

/// `--misere` of the take-and-break games (not with `--every`).
pub(super) const HEAP_MISERE: Flag = Flag {
    conflicts: &["every"],
    ..misere_flag(
        "Misère play: whoever makes the last move loses. Also gives a lone heap's genus (4^146)",
    )
};

/// A parameter's flag, with the command line's help line for it.
pub(super) const fn parameter_flag(
    name: &'static str,
    value: &'static str,
    help: &'static str,
) -> Flag {
    Flag {
        name,
        value,
        help,
        ..FLAG
    }
}

/// The position argument of a file game's subcommand.
pub(super) const EDGE_LIST: (&str, &str) = ("FILE", "The edge-list file, or - for standard input");

/// The position argument of a heap game's subcommand.
pub(super) const HEAPS: (&str, &str) = ("HEAP", "Heap sizes (non-negative integers of any size)");

/// The position argument of `octal` and the named heap games.
pub(super) const OCTAL_HEAPS: (&str, &str) = (
    "HEAP",
    "For `octal`: the code (0.77), then the heap sizes; for a named game: the heap sizes",
);

/// The `after_help` of a heap-game command: its example, a note of its own, then what every heap
/// game shares (a string literal, as clap's `after_help` wants).
macro_rules! heap_game_details {
    ($example:literal, $note:literal) => {
        concat!(
            "Example:\n  ",
            $example,
            "\n\n",
            $note,
            "\n",
            "A position is a list of heaps; its nim-value is the XOR of the heaps' values G(n), from a\n\
            table for heaps up to 200000 (a proved period answers bigger ones). A move is written\n\
            `heap 2: 7 -> 2 + 3`: the heap is replaced by what is left.\n\n\
            --misere (not Treblecross): whoever makes the last move loses. A lone heap gets its genus\n\
            g^γ0γ1… as CGSuite writes it (`sprague kayles 5 --misere`: 4^146); a sum of hereditarily\n\
            tame heaps is decided from their genera (Conway), others by a search of whole sums.\n\n\
            --every: Every-SG, each turn moves once in every component not yet finished, the\n\
            components the games given: each word, heaps joined by + one component (`sprague kayles\n\
            5 1+3 --every`). A split stays in its component, which moves once a turn in that sum.\n\
            The longest component's steps decide, odd for a win (\"steps\" in the JSON)."
        )
    };
}
pub(super) use heap_game_details;

// The paragraphs after the options of the games' subcommands (`Game::details`).

pub(super) const NIM: &str = "Example:\n  sprague nim 3 4 5\n  \
            N: the player to move wins; nim-value 2 (3 xor 4 xor 5); winning move: heap 1: 3 -> 1\n\n\
            Heaps may be of any size. The nim-value is the XOR of the heaps (Bouton). With --misere the\n\
            player who takes the last token loses (Anti-Nim).\n\n\
            With --moore K (Moore's Nim_K) a move takes from one to K heaps, any positive number from\n\
            each: lost exactly when every bit column of the heaps holds a multiple of K + 1 ones\n\
            (Moore, 1910; misère too). A move is written `heap 1: 3 -> 1, heap 3: 6 -> 2`; at most\n\
            1000 winning moves are listed and the note gives their number. The nim-value is searched\n\
            for small positions only.";

pub(super) const WYTHOFF: &str = "Example:\n  sprague wythoff 5 8\n  \
            N: the player to move wins; winning moves: both: take 1 -> 4 7, heap 2: 8 -> 3\n\n\
            Heaps may be of any size: the lost positions are (a_k, a_k + k) with a_k = floor(k*phi),\n\
            phi = (1 + sqrt 5)/2 (Wythoff, Beatty), decided in exact integer arithmetic. The nim-value\n\
            has no closed form; it is given when both heaps are at most 2000.";

pub(super) const BASH: &str = "Example:\n  sprague bash 15 --max 3\n  \
            N: the player to move wins; nim-value 3 (15 mod 4); winning move: take 3 -> 12\n\n\
            With --min P a move takes between P and M tokens, and a player facing fewer than P tokens\n\
            takes them all. With --misere the player who takes the last token loses\n\
            (sprague bash 7 --min 2 --max 4 --misere: lost, as in HDU 2897). Numbers of any size.";

pub(super) const SUBTRACTION: &str = "Example:\n  sprague subtraction 7 12 --set 1,3,4\n  \
            nim-value 3 (G(7) = 0 xor G(12) = 3); winning move: heap 2: 12 -> 9\n\n\
            Heaps may be of any size: the nim-values G(n) = mex{G(n - s) : s in S} are computed once\n\
            per set (two bytes each) until their period is proven, then any heap is read off the\n\
            period. With --batch every input line shares the same table.";

pub(super) const LASKER: &str = "Example:\n  sprague lasker 1 8 1\n  \
            N: nim-value 7 (1 xor 7 xor 1); winning moves: heap 2: 8 -> 0, heap 2: 8 -> 4 + 4\n\n\
            Heaps may be of any size. A heap's nim-value is n for n = 1, 2 (mod 4), n + 1 for\n\
            n = 3 and n - 1 for n = 0 (mod 4); a position's is the XOR of its heaps'. A split's\n\
            result puts the two parts in place of the heap. A big heap can have very many winning\n\
            splits: the first 1000 are listed and the note gives the exact number.";

pub(super) const TREBLECROSS: &str = "Example:\n  sprague treblecross 6 9\n\n\
            A position is the length of each empty row (0, 1, or 3 cells and more; a lone row of 2\n\
            can never hold XXX). Both players put crosses; whoever completes three in a row wins, so\n\
            a cross beside another, or one cell short of it, loses at once: the two cells each side\n\
            of a cross are dead, and a row of n cells plays as the heap n + 2 of `octal 0.007`\n\
            (typed to `octal 0.007` directly, heaps are counted that way). A move is written\n\
            `row 1: X on cell 4 of 7, 1 and 1 safe cells left`; only safe moves are listed, and the\n\
            position after it lists the safe stretches as rows (two safe cells play as a row of 1).";

pub(super) const GRAPH: &str = "\
File format (FILE, or - for standard input):
  n m k        vertices 1..n, m edges, k tokens
  u v          m lines, one directed edge u -> v each
  t1 t2 ...    the k vertices that hold a token (one line or several)

Example:
  printf '3 2 2\\n1 2\\n2 3\\n1 2\\n' | sprague graph -
  N: nim-value 1 (0 xor 1); winning moves: token 1: 1 -> 2, token 2: 2 -> 3

On an acyclic graph the nim-value is the XOR of the tokens' values. With a cycle the value is\n\
Smith's generalised one: a number, or ∞{K} (K: the finite values of the followers); one token\n\
on ∞{K} with the rest XOR-ing to a wins iff a is in K, else the game is a draw (D).";

pub(super) const HACKENBUSH: &str = "\
File format (FILE, or - for standard input):
  n m          vertices 1..n (vertex 1 is the ground), m edges
  u v          m lines, one undirected edge each; loops (u u) and repeated edges allowed

Example:
  printf '4 4\\n1 2\\n2 3\\n3 4\\n4 2\\n' | sprague hackenbush -
  N: nim-value 2 (the triangle 2-3-4 fuses to a loop, *1, on a stalk of one edge: 1 + 1)

Trees by the colon principle (a vertex is worth the XOR of (child + 1)); cycles by the fusion\n\
principle (each two-edge-connected component fuses to one vertex whose edges become loops, *1\n\
each). Linear time; a winning move names the edge by its 1-based index among the edge lines.";

pub(super) const SPLIT: &str = "Example:\n  sprague split 1 0 1 5000\n  \
            N: nim-value 5; the one winning move: bottle 1 -> 3, 4\n\n\
            HNOI2007. Each bean is a game of its own, worth g(d) for its distance d to the last\n\
            bottle, g(d) = mex of g(a) xor g(b) over a <= b < d; two beans in a bottle cancel, so\n\
            counts may be of any size. Bottles are 1-based (HNOI2007 prints them 0-based).";

pub(super) const GEOGRAPHY: &str = "\
File format (FILE, or - for standard input):
  n m          vertices 1..n, m edges
  u v          m lines, one undirected edge each

Example:
  printf '3 2\\n1 2\\n2 3\\n' | sprague geography - --start 2
  N: winning moves: token 2 -> 1, token 2 -> 3

The start counts as visited. The player to move wins iff the start is in every maximum\n\
matching (Hopcroft-Karp on bipartite graphs such as grids, Edmonds' blossoms otherwise).\n\
--all gives the outcome from every start at once (JSOI2009). With --batch, each input line is\n\
`FILE START` (START defaults to --start).";

pub(super) const TRIANGLE_WAR: &str = "\
Dots in rows 1 / 2 3 / 4 5 6 / 7 8 9 10; 18 lines join neighbours, bounding 9 triangles. A moves
first. The value is A's final score minus B's under optimal play from the given position.

Example:
  sprague solve triangle-war --moves \"2-4 4-5 5-9 3-6 2-5 3-5\"
  value -5: B wins (POJ 1085, sample game 1)";

pub(super) const TICTACTOE: &str = "\
CELLS: nine characters of x, o and ., row by row (x moves first); default the empty board.

Example:
  sprague solve tictactoe x...o....
  value 0 (a draw); best moves listed with the board they leave";

pub(super) const CONNECT4: &str = "\
SEQ: the columns played from the empty board, digits 1-7 (Pons' notation); empty for the start.
Score (the standard test sets' convention): 0 draw; 22-k if the player to move wins with its k-th
stone; -(22-k) if the opponent does. On a board of c cells a win on move m of the game scores
(c + 2 - m) / 2, rounded down. --weak gives the sign only (faster).

Examples:
  sprague solve connect4 2252576253462244111563365343671351441
  score -1
  sprague solve connect4 --width 6 --height 4
  score -1: the second player wins, on move 24 (the last)
  sprague solve connect4 --width 10 --height 2 \"10,1\"
  score 0: a draw (on a board wider than 9, columns are numbers separated by commas)";

pub(super) const CURSORS: &str = "\
Example:
  sprague solve cursors --a 0 --b 5,3,1
  value: 3

Sequences are comma-separated integers, or @FILE to read one from a file (commas or\n\
whitespace). Non-increasing sequences of any length are solved by binary search on the score\n\
and the matching theorem in O((n + m) log) time; sequences in another order only while\n\
n*m*(n + m) <= 2000000 (the explicit graph of cells), and refused beyond that.";
