//! Connect Four on the standard 7×6 board, solved exactly by negamax.
//!
//! The rules: two players drop stones in turn into one of 7 columns; a stone falls to the lowest
//! empty cell of its column (6 cells high). The first to have four of their stones in a row —
//! horizontally, vertically or diagonally — wins; a full board without one is a draw. Positions
//! are written as the columns played from the empty board, digits 1–7 (Pascal Pons' notation).
//!
//! The score (Pons' convention, that of the standard test sets): 0 for a draw; `22 − k` if the
//! player to move wins with its k-th stone of the game (faster wins score more), `−(22 − k)` if the
//! opponent wins with its k-th stone. The first player wins from the empty board by playing the
//! centre, score +1 (Allis, "A knowledge-based approach of connect-four", 1988; Allen, 1988).
//!
//! The search techniques follow Pons' tutorial "Solving Connect 4: how to build a perfect AI"
//! (<http://blog.gamesolver.org>, 2017), written anew here over the generic
//! [`Negamax`](crate::minimax::Negamax): bitboards (one 7-bit column per 7 bits of a `u64`, the
//! seventh a sentinel), a win check by shifts, a transposition-table key `current + mask +
//! bottom` below 2^49 (so the table's 32-bit partial keys are exact), tight bounds from the
//! number of stones, "anticipation" (an immediate win is scored without search; moves that let
//! the opponent win at once are never searched; a position where every move does is scored as a
//! loss), and move ordering by the number of threats (cells that would complete four) a move
//! creates, centre columns first among equals.
//!
//! [`Connect4`] runs these on the generic engine (the reference); [`solver`] is the fast,
//! dedicated search used by the API, which adds mirror symmetry, the table's best move first,
//! enhanced transposition cutoffs, a cache-sized table for the last plies, and threads.

use std::fmt;

pub mod solver;

use crate::minimax::{Scoring, Step};

/// Columns.
pub const WIDTH: u32 = 7;
/// Rows.
pub const HEIGHT: u32 = 6;
const CELLS: u32 = WIDTH * HEIGHT;
const COLUMN_BITS: u32 = HEIGHT + 1;

const fn bottom_mask() -> u64 {
    let mut mask = 0;
    let mut col = 0;
    while col < WIDTH {
        mask |= 1 << (col * COLUMN_BITS);
        col += 1;
    }
    mask
}

const BOTTOM: u64 = bottom_mask();
const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);

/// Columns (0-based) from the centre outwards: the usual best-first order.
const CENTRE_ORDER: [u8; WIDTH as usize] = [3, 2, 4, 1, 5, 0, 6];

fn column_mask(col: u8) -> u64 {
    ((1 << HEIGHT) - 1) << (u32::from(col) * COLUMN_BITS)
}

fn top_cell(col: u8) -> u64 {
    1 << (HEIGHT - 1 + u32::from(col) * COLUMN_BITS)
}

/// The empty cells that would complete four in a row for the stones `own`, wherever they are
/// (playable now or not), given the occupied cells `mask`.
fn winning_cells(own: u64, mask: u64) -> u64 {
    // Vertical: three stones directly below.
    let mut cells = (own << 1) & (own << 2) & (own << 3);
    // The three other directions: shifts by 7 (horizontal), 6 and 8 (the diagonals).
    for shift in [COLUMN_BITS, COLUMN_BITS - 1, COLUMN_BITS + 1] {
        let pair = (own << shift) & (own << (2 * shift));
        cells |= pair & (own << (3 * shift));
        cells |= pair & (own >> shift);
        let pair = (own >> shift) & (own >> (2 * shift));
        cells |= pair & (own >> (3 * shift));
        cells |= pair & (own << shift);
    }
    cells & (BOARD ^ mask)
}

fn has_four(stones: u64) -> bool {
    for shift in [1, COLUMN_BITS, COLUMN_BITS - 1, COLUMN_BITS + 1] {
        let pair = stones & (stones >> shift);
        if pair & (pair >> (2 * shift)) != 0 {
            return true;
        }
    }
    false
}

/// A position: the stones of the player to move, all stones, and whether the game is over
/// because the last stone made four.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    current: u64,
    mask: u64,
    stones: u8,
    lost: bool,
}

/// A sequence of columns that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Connect4Error {
    /// Not a digit 1–7, at this 1-based place in the sequence.
    Column(char, usize),
    /// The column is full, at this 1-based place.
    ColumnFull(u8, usize),
    /// The game was over (four in a row) before this 1-based place.
    GameOver(usize),
}

impl fmt::Display for Connect4Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Connect4Error::Column(c, i) => {
                write!(f, "move {i} is '{c}', expected a column 1-7")
            }
            Connect4Error::ColumnFull(c, i) => write!(f, "move {i}: column {c} is full"),
            Connect4Error::GameOver(i) => write!(
                f,
                "move {i}: the game is over, move {} made four in a row",
                i - 1
            ),
        }
    }
}

impl std::error::Error for Connect4Error {}

impl Board {
    /// Plays the columns of `sequence` (digits 1–7) from the empty board.
    ///
    /// # Errors
    /// On a character that is not a column, a full column, or a move after a win.
    pub fn from_moves(sequence: &str) -> Result<Board, Connect4Error> {
        let mut board = Board::default();
        for (i, c) in sequence.chars().enumerate() {
            let col = match c.to_digit(10) {
                Some(d @ 1..=7) => d as u8 - 1,
                _ => return Err(Connect4Error::Column(c, i + 1)),
            };
            if board.lost {
                return Err(Connect4Error::GameOver(i + 1));
            }
            if !board.can_play(col) {
                return Err(Connect4Error::ColumnFull(col + 1, i + 1));
            }
            board = board.play(col);
        }
        Ok(board)
    }

    /// Stones on the board.
    pub fn stones(&self) -> u32 {
        u32::from(self.stones)
    }

    /// True if the last stone made four in a row: the player to move has lost.
    pub fn is_lost(&self) -> bool {
        self.lost
    }

    /// True if the game is over (a four, or a full board).
    pub fn is_over(&self) -> bool {
        self.lost || u32::from(self.stones) == CELLS
    }

    /// True if 0-based column `col` has room.
    pub fn can_play(&self, col: u8) -> bool {
        self.mask & top_cell(col) == 0
    }

    /// The position after the player to move drops a stone in 0-based column `col`, which must
    /// have room.
    pub fn play(&self, col: u8) -> Board {
        let cell = (self.mask + (1 << (u32::from(col) * COLUMN_BITS))) & column_mask(col);
        self.play_cell(cell)
    }

    fn play_cell(&self, cell: u64) -> Board {
        let mine = self.current | cell;
        let mask = self.mask | cell;
        Board {
            current: mine ^ mask,
            mask,
            stones: self.stones + 1,
            lost: has_four(mine),
        }
    }

    fn possible(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    fn can_win_next(&self) -> bool {
        winning_cells(self.current, self.mask) & self.possible() != 0
    }

    /// The playable cells that do not let the opponent win at once (no move is safe if the
    /// opponent threatens two cells at once, or a playable cell below another of its threats).
    fn non_losing_cells(&self) -> u64 {
        let mut possible = self.possible();
        let threats = winning_cells(self.current ^ self.mask, self.mask);
        let forced = possible & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(threats >> 1)
    }

    /// The unique key: below 2^49.
    fn key(&self) -> u64 {
        self.current + self.mask + BOTTOM
    }

    /// Pons' score of a finished or immediately decided position, if it is one.
    fn decided(&self) -> Option<i32> {
        let stones = i32::from(self.stones);
        if self.lost {
            return Some(-(44 - stones) / 2);
        }
        if stones == CELLS as i32 {
            return Some(0);
        }
        if self.can_win_next() {
            return Some((43 - stones) / 2);
        }
        if self.non_losing_cells() == 0 {
            return Some(-(42 - stones) / 2);
        }
        if stones >= CELLS as i32 - 2 {
            // Neither can win at once and the move kept is safe: the last two stones draw.
            return Some(0);
        }
        None
    }
}

/// The ruleset for search; moves are 0-based columns.
#[derive(Clone, Copy, Debug, Default)]
pub struct Connect4;

impl Scoring for Connect4 {
    type Position = Board;
    type Move = u8;

    fn moves(&self, board: &Board, moves: &mut Vec<u8>) {
        if !board.is_over() {
            moves.extend(CENTRE_ORDER.into_iter().filter(|&c| board.can_play(c)));
        }
    }

    /// The moves that do not lose at once, most threats created first, centre first among equals.
    fn search_moves(&self, board: &Board, moves: &mut Vec<u8>) {
        let safe = board.non_losing_cells();
        let mut scored = [(0u32, 0u8); WIDTH as usize];
        let mut n = 0;
        for col in CENTRE_ORDER {
            let cell = safe & column_mask(col);
            if cell != 0 {
                let threats = winning_cells(board.current | cell, board.mask | cell).count_ones();
                // Insertion sort, stable: equal scores keep the centre order.
                let mut i = n;
                while i > 0 && scored[i - 1].0 < threats {
                    scored[i] = scored[i - 1];
                    i -= 1;
                }
                scored[i] = (threats, col);
                n += 1;
            }
        }
        moves.extend(scored[..n].iter().map(|&(_, col)| col));
    }

    fn play(&self, board: &Board, col: u8) -> Step<Board> {
        Step {
            position: board.play(col),
            gain: 0,
            again: false,
        }
    }

    fn static_value(&self, board: &Board) -> Option<i32> {
        board.decided()
    }

    fn value_bounds(&self, board: &Board) -> (i32, i32) {
        let stones = i32::from(board.stones);
        (
            -(CELLS as i32 - 2 - stones) / 2,
            (CELLS as i32 - 1 - stones) / 2,
        )
    }

    fn key(&self, board: &Board) -> Option<u64> {
        Some(board.key())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimax::{Negamax, NegamaxConfig};
    use std::collections::HashMap;

    /// Plain minimax in Pons' scoring, by recursion with a memo and without any of the search's
    /// shortcuts: the reference for positions near the end.
    fn plain(board: &Board, memo: &mut HashMap<Board, i32>) -> i32 {
        if let Some(&v) = memo.get(board) {
            return v;
        }
        let stones = i32::from(board.stones);
        let value = if board.lost {
            -(44 - stones) / 2
        } else if stones == 42 {
            0
        } else {
            (0..7)
                .filter(|&c| board.can_play(c))
                .map(|c| -plain(&board.play(c), memo))
                .max()
                .unwrap()
        };
        memo.insert(*board, value);
        value
    }

    #[test]
    fn rules_and_errors() {
        assert_eq!(
            Board::from_moves("4444444"),
            Err(Connect4Error::ColumnFull(4, 7))
        );
        assert_eq!(Board::from_moves("12a"), Err(Connect4Error::Column('a', 3)));
        assert_eq!(Board::from_moves("128"), Err(Connect4Error::Column('8', 3)));
        assert_eq!(
            Board::from_moves("12121212"),
            Err(Connect4Error::GameOver(8))
        );
        let won = Board::from_moves("121212").unwrap().play(0);
        assert!(won.is_lost());
        // Horizontal and both diagonals.
        assert!(Board::from_moves("1122334").unwrap().is_lost());
        assert!(!Board::from_moves("1223343447").unwrap().is_lost());
        assert!(Board::from_moves("12233434474").unwrap().is_lost());
        assert!(Board::from_moves("76655454414").unwrap().is_lost());
        assert!(!Board::from_moves("1234567").unwrap().is_lost());
    }

    #[test]
    fn search_agrees_with_plain_minimax_near_the_end() {
        // Random games played out to 32-36 stones (no four yet), solved both ways.
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        let mut search = Negamax::new(
            &Connect4,
            NegamaxConfig {
                table_slots: 1 << 16,
                max_memo_slots: 0,
            },
        );
        let mut tested = 0;
        while tested < 60 {
            let target = rng.gen_range(32..=36);
            let mut board = Board::default();
            while board.stones() < target && !board.is_over() {
                let col = rng.gen_range(0..7);
                if board.can_play(col) {
                    board = board.play(col);
                }
            }
            if board.is_over() {
                continue;
            }
            let mut memo = HashMap::new();
            let expected = plain(&board, &mut memo);
            let (value, best) = search.best_moves(&board);
            assert_eq!(value, expected, "{board:?}");
            let keeping: Vec<u8> = CENTRE_ORDER
                .into_iter()
                .filter(|&c| board.can_play(c) && -plain(&board.play(c), &mut memo) == expected)
                .collect();
            assert_eq!(best, keeping);
            assert_eq!(search.solve_within(&board, -1, 1), expected.signum());
            tested += 1;
        }
    }

    #[test]
    fn a_search_out_of_budget_stops_and_leaves_the_table_correct() {
        // The first position of Test_L2_R2 (score 0), some 40,000 positions of search; the
        // search without a budget and with a fresh table is the reference.
        let board = Board::from_moves("274552224131661").unwrap();
        let mut fresh = Negamax::new(&Connect4, NegamaxConfig::default());
        let exact = fresh.solve(&board);
        assert_eq!(exact, 0);
        let mut search = Negamax::new(&Connect4, NegamaxConfig::default());
        for budget in [1, 10, 100] {
            search.set_node_limit(Some(budget));
            let before = search.stats().nodes;
            let _ = search.solve(&board);
            assert!(search.aborted(), "budget {budget}");
            assert!(
                search.stats().nodes - before <= budget + 1,
                "budget {budget}"
            );
        }
        search.set_node_limit(None);
        assert_eq!(search.solve(&board), exact);
        assert!(!search.aborted());
    }
}
