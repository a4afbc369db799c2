//! Tic-tac-toe (noughts and crosses), solved by negamax.
//!
//! The rules: a 3×3 board; `x` moves first, then `o`, each filling an empty cell with its mark.
//! Whoever first has three marks in a row, column or diagonal wins; a full board without such a
//! line is a draw. The value for the player to move is 1 (win), 0 (draw) or −1 (loss); from the
//! empty board it is 0 (the classical result: e.g. Berlekamp, Conway and Guy, *Winning Ways*,
//! chapter 22). Cells are numbered 1–9 row by row.
//!
//! A board is valid when it can arise in play: `x` has as many marks as `o` or one more, at most
//! one player has a line, and a line belongs to the player who moved last.

use std::fmt;

use crate::minimax::{Scoring, Step};

/// The eight lines as cell masks (bit `i` for cell `i + 1`).
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0b111_111_111;

/// Centre first, then corners, then edges (0-based cells).
const ORDER: [u8; 9] = [4, 0, 2, 6, 8, 1, 3, 5, 7];

/// A board: the cells of each mark. `x` is to move when both have as many marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Cells marked `x`.
    pub x: u16,
    /// Cells marked `o`.
    pub o: u16,
}

/// Why a board cannot be played from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TicTacToeError {
    /// Not nine characters.
    Length(usize),
    /// A character other than `x`, `o`, `.` at this 1-based cell.
    Character(char, usize),
    /// The counts of marks cannot arise (x first, turns alternate).
    Counts {
        /// Marks of `x`.
        x: u32,
        /// Marks of `o`.
        o: u32,
    },
    /// Both players have a line, or the one with a line did not move last.
    Lines,
}

impl fmt::Display for TicTacToeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TicTacToeError::Length(n) => write!(f, "a board has 9 cells, not {n}"),
            TicTacToeError::Character(c, i) => {
                write!(f, "cell {i} is '{c}', expected x, o or .")
            }
            TicTacToeError::Counts { x, o } => write!(
                f,
                "impossible board: {x} x and {o} o (x moves first, so x has as many as o or one more)"
            ),
            TicTacToeError::Lines => write!(
                f,
                "impossible board: the game ended earlier (both have a line, or the winner did not move last)"
            ),
        }
    }
}

impl std::error::Error for TicTacToeError {}

fn has_line(cells: u16) -> bool {
    LINES.into_iter().any(|line| (cells & line) == line)
}

impl Board {
    /// The empty board.
    pub const EMPTY: Board = Board { x: 0, o: 0 };

    /// Parses nine characters of `x`, `o` and `.`, row by row (upper case allowed).
    ///
    /// # Errors
    /// On a wrong length or character, or a board that cannot arise in play.
    pub fn parse(text: &str) -> Result<Board, TicTacToeError> {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != 9 {
            return Err(TicTacToeError::Length(chars.len()));
        }
        let mut board = Board::EMPTY;
        for (i, c) in chars.into_iter().enumerate() {
            match c {
                'x' | 'X' => board.x |= 1 << i,
                'o' | 'O' => board.o |= 1 << i,
                '.' => {}
                other => return Err(TicTacToeError::Character(other, i + 1)),
            }
        }
        let (x, o) = (board.x.count_ones(), board.o.count_ones());
        if x != o && x != o + 1 {
            return Err(TicTacToeError::Counts { x, o });
        }
        let (x_line, o_line) = (has_line(board.x), has_line(board.o));
        // A line belongs to the player who moved last: x when x has one more mark, o when even.
        let impossible = match (x_line, o_line) {
            (true, true) => true,
            (true, false) => x == o,
            (false, true) => x != o,
            (false, false) => false,
        };
        if impossible {
            return Err(TicTacToeError::Lines);
        }
        Ok(board)
    }

    /// True if `x` is to move.
    pub fn x_to_move(&self) -> bool {
        self.x.count_ones() == self.o.count_ones()
    }

    /// The player who just moved has a line: the game is lost for the player to move.
    pub fn is_lost(&self) -> bool {
        has_line(if self.x_to_move() { self.o } else { self.x })
    }

    /// The board after the player to move marks 0-based `cell` (which must be empty).
    pub fn play(&self, cell: u8) -> Board {
        let mut next = *self;
        if self.x_to_move() {
            next.x |= 1 << cell;
        } else {
            next.o |= 1 << cell;
        }
        next
    }

    /// The empty cells (0-based), none once the game is over.
    pub fn empty_cells(&self) -> impl Iterator<Item = u8> + '_ {
        let over = self.is_lost();
        let taken = self.x | self.o;
        ORDER
            .into_iter()
            .filter(move |&c| !over && taken & (1 << c) == 0)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..9 {
            let c = if self.x & (1 << i) != 0 {
                'x'
            } else if self.o & (1 << i) != 0 {
                'o'
            } else {
                '.'
            };
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// The remoteness of `board`: how many marks are left to place until the winning line when the
/// winner wins as fast as it can and the loser loses as late as it can (odd when the player to
/// move wins; 0 when the game is already won); `None` for a draw (nobody can force a line).
///
/// # Examples
///
/// ```
/// use sprague::games::tictactoe::{remoteness, Board};
/// // x completes the top row at once.
/// assert_eq!(remoteness(&Board::parse("xx.oo....").unwrap()), Some(1));
/// assert_eq!(remoteness(&Board::EMPTY), None);
/// ```
pub fn remoteness(board: &Board) -> Option<u32> {
    let mut memo = std::collections::HashMap::new();
    let (value, r) = value_and_remoteness(board, &mut memo);
    (value != 0).then_some(r)
}

/// The value (1, 0, −1) for the player to move and the remoteness of a decided board, by plain
/// search with a memo: the fastest of the moves that leave the opponent lost, else a draw when a
/// move leaves one, else the slowest loss. Recursion at most nine deep (a move fills a cell).
fn value_and_remoteness(
    board: &Board,
    memo: &mut std::collections::HashMap<Board, (i32, u32)>,
) -> (i32, u32) {
    if let Some(&known) = memo.get(board) {
        return known;
    }
    let res = if board.is_lost() {
        (-1, 0)
    } else {
        let mut fastest_win: Option<u32> = None;
        let mut draw = false;
        let mut slowest_loss = 0;
        for cell in board.empty_cells() {
            let (value, r) = value_and_remoteness(&board.play(cell), memo);
            match value {
                -1 => fastest_win = Some(fastest_win.map_or(r, |f| f.min(r))),
                0 => draw = true,
                _ => slowest_loss = slowest_loss.max(r),
            }
        }
        match fastest_win {
            Some(r) => (1, r + 1),
            // A full board (no move) is a draw too.
            None if draw || board.x | board.o == FULL => (0, 0),
            None => (-1, slowest_loss + 1),
        }
    };
    memo.insert(*board, res);
    res
}

/// The ruleset for search; moves are 0-based cells.
#[derive(Clone, Copy, Debug, Default)]
pub struct TicTacToe;

impl Scoring for TicTacToe {
    type Position = Board;
    type Move = u8;

    fn moves(&self, board: &Board, moves: &mut Vec<u8>) {
        moves.extend(board.empty_cells());
    }

    fn play(&self, board: &Board, cell: u8) -> Step<Board> {
        Step::plain(board.play(cell))
    }

    fn static_value(&self, board: &Board) -> Option<i32> {
        if board.is_lost() {
            Some(-1)
        } else if board.x | board.o == FULL {
            Some(0)
        } else {
            None
        }
    }

    fn value_bounds(&self, _: &Board) -> (i32, i32) {
        (-1, 1)
    }

    fn key(&self, board: &Board) -> Option<u64> {
        Some(u64::from(board.x) | u64::from(board.o) << 9)
    }

    fn key_space(&self) -> Option<u64> {
        Some(1 << 18)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimax::{Negamax, NegamaxConfig};
    use std::collections::HashSet;

    /// Plain minimax by recursion, no pruning, no memo: the reference.
    fn plain(board: &Board) -> i32 {
        if board.is_lost() {
            return -1;
        }
        board
            .empty_cells()
            .map(|c| -plain(&board.play(c)))
            .max()
            .unwrap_or(0)
    }

    fn reachable() -> Vec<Board> {
        let mut seen = HashSet::new();
        let mut stack = vec![Board::EMPTY];
        while let Some(board) = stack.pop() {
            if seen.insert(board) {
                stack.extend(board.empty_cells().map(|c| board.play(c)));
            }
        }
        seen.into_iter().collect()
    }

    #[test]
    fn negamax_agrees_with_plain_minimax_on_every_reachable_position() {
        let boards = reachable();
        assert_eq!(boards.len(), 5478, "the known count of reachable boards");
        let mut search = Negamax::new(&TicTacToe, NegamaxConfig::default());
        for board in &boards {
            let expected = plain(board);
            let (value, best) = search.best_moves(board);
            assert_eq!(value, expected, "{board}");
            let keeping: Vec<u8> = board
                .empty_cells()
                .filter(|&c| -plain(&board.play(c)) == expected)
                .collect();
            assert_eq!(best, keeping, "{board}");
            // Every reachable board parses back to itself.
            assert_eq!(Board::parse(&board.to_string()), Ok(*board));
        }
        assert_eq!(search.solve(&Board::EMPTY), 0);
    }

    /// Tic-tac-toe scored as Pons scores Connect Four: a line made with the m-th mark of the game
    /// is worth 10 − m to its maker, so that the search prefers fast wins and slow losses; the
    /// remoteness is then the mark the score names less the marks on the board.
    struct Hurried;

    impl Scoring for Hurried {
        type Position = Board;
        type Move = u8;
        fn moves(&self, board: &Board, moves: &mut Vec<u8>) {
            moves.extend(board.empty_cells());
        }
        fn play(&self, board: &Board, cell: u8) -> Step<Board> {
            Step::plain(board.play(cell))
        }
        fn static_value(&self, board: &Board) -> Option<i32> {
            let marks = (board.x | board.o).count_ones() as i32;
            if board.is_lost() {
                Some(-(10 - marks))
            } else if board.x | board.o == FULL {
                Some(0)
            } else {
                None
            }
        }
        fn value_bounds(&self, _: &Board) -> (i32, i32) {
            (-9, 9)
        }
        fn key(&self, board: &Board) -> Option<u64> {
            Some(u64::from(board.x) | u64::from(board.o) << 9)
        }
        fn key_space(&self) -> Option<u64> {
            Some(1 << 18)
        }
    }

    #[test]
    fn remoteness_agrees_with_a_search_that_scores_fast_wins_higher() {
        let mut search = Negamax::new(&Hurried, NegamaxConfig::default());
        let mut decided = 0;
        for board in reachable() {
            let score = search.solve(&board);
            let marks = (board.x | board.o).count_ones();
            let expected = (score != 0).then(|| (10 - score.unsigned_abs()) - marks);
            assert_eq!(remoteness(&board), expected, "{board}");
            assert_eq!(score.signum(), plain(&board), "{board}");
            decided += usize::from(score != 0);
        }
        assert!(decided > 4000, "{decided}");
        // o in the centre holds opposite corners to a draw. In a corner it loses: o blocks the
        // diagonal in the centre (else x takes it at once), x forks with cell 7 (threats on 4
        // and 8), o blocks one, x completes the other: four marks.
        assert_eq!(remoteness(&Board::parse("x...o...x").unwrap()), None);
        assert_eq!(remoteness(&Board::parse("x.o.....x").unwrap()), Some(4));
    }

    #[test]
    fn parse_rejects_impossible_boards() {
        let check = |text: &str, error: TicTacToeError| assert_eq!(Board::parse(text), Err(error));
        check("xx.......", TicTacToeError::Counts { x: 2, o: 0 });
        check("o........", TicTacToeError::Counts { x: 0, o: 1 });
        check("xxxooo...", TicTacToeError::Lines);
        check("xxx.oo.o.", TicTacToeError::Lines);
        check("ooox.xx.x", TicTacToeError::Lines);
        check("x.o", TicTacToeError::Length(3));
        check("x.o.a....", TicTacToeError::Character('a', 5));
        assert!(Board::parse("xxxoo....").is_ok());
        // A parsed board is reachable iff the rules above accept it.
        let reachable: HashSet<Board> = reachable().into_iter().collect();
        for code in 0..3u32.pow(9) {
            let text: String = (0..9)
                .map(|i| ['.', 'x', 'o'][(code / 3u32.pow(i) % 3) as usize])
                .collect();
            if let Ok(board) = Board::parse(&text) {
                assert!(
                    reachable.contains(&board),
                    "{text} parses but is unreachable"
                );
            }
        }
        assert_eq!(
            (0..3u32.pow(9))
                .filter(|code| {
                    let text: String = (0..9)
                        .map(|i| ['.', 'x', 'o'][(code / 3u32.pow(i) % 3) as usize])
                        .collect();
                    Board::parse(&text).is_ok()
                })
                .count(),
            5478
        );
    }
}
