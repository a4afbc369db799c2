//! Connect Four on the standard 7×6 board or any other that fits a 64-bit bitboard, solved
//! exactly by negamax.
//!
//! The rules: two players drop stones in turn into one of 7 columns; a stone falls to the lowest
//! empty cell of its column (6 cells high). The first to have four of their stones in a row —
//! horizontally, vertically or diagonally — wins; a full board without one is a draw. Positions
//! are written as the columns played from the empty board, digits 1–7 (Pascal Pons' notation).
//! Other boards ([`Shape`]): `width` columns of `height` cells with `width · (height + 1) ≤ 64`;
//! columns past 9 are written as numbers separated by commas.
//!
//! The score (Pons' convention, that of the standard test sets): 0 for a draw; `22 − k` if the
//! player to move wins with its k-th stone of the game (faster wins score more), `−(22 − k)` if the
//! opponent wins with its k-th stone. On a board of `c` cells, 22 becomes `⌊c/2⌋ + 1`: a win on
//! move `m` of the game (counting both players' stones) is worth `⌊(c + 2 − m)/2⌋`. The first
//! player wins from the empty 7×6 board by playing the centre, score +1 (Allis, "A
//! knowledge-based approach of connect-four", 1988; Allen, 1988).
//!
//! The search techniques follow Pons' tutorial "Solving Connect 4: how to build a perfect AI"
//! (<http://blog.gamesolver.org>, 2017), written anew here over the generic
//! [`Negamax`](crate::minimax::Negamax): bitboards (one column of `height + 1` bits per column of
//! a `u64`, the top one a sentinel), a win check by shifts, a transposition-table key `current +
//! mask + bottom` below 2^(width · (height + 1)) (2^49 on 7×6), tight bounds from the
//! number of stones, "anticipation" (an immediate win is scored without search; moves that let
//! the opponent win at once are never searched; a position where every move does is scored as a
//! loss), and move ordering by the number of threats (cells that would complete four) a move
//! creates, centre columns first among equals.
//!
//! [`Connect4`] runs these on the generic engine (the reference); [`solver`] is the fast,
//! dedicated search used by the API, which adds mirror symmetry, the table's best move first,
//! enhanced transposition cutoffs, a cache-sized table for the last plies, and threads.

use std::fmt;

pub mod book;
pub mod solver;

use crate::minimax::{Scoring, Step};

/// Columns of the standard board.
pub const WIDTH: u32 = 7;
/// Rows of the standard board.
pub const HEIGHT: u32 = 6;
/// The most bits a board may take: one per cell plus a sentinel per column, in a `u64`.
pub const MAX_BITS: u32 = 64;
/// The widest board (two rows of 32).
pub const MAX_WIDTH: u32 = 32;

/// The shape of a board: `width` columns of `height` cells, with `width · (height + 1) ≤ 64` (a
/// bitboard of one column of `height + 1` bits per column, the top one a sentinel).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    width: u8,
    height: u8,
}

impl Default for Shape {
    fn default() -> Shape {
        Shape::STANDARD
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}×{}", self.width, self.height)
    }
}

impl Shape {
    /// The standard board: 7 columns of 6.
    pub const STANDARD: Shape = Shape {
        width: WIDTH as u8,
        height: HEIGHT as u8,
    };

    /// A board `width` columns wide and `height` rows high.
    ///
    /// # Errors
    /// A side of 0, or a board whose bitboard would not fit in 64 bits.
    pub fn new(width: u32, height: u32) -> Result<Shape, Connect4Error> {
        let bits = u64::from(width) * (u64::from(height) + 1);
        if width == 0 || height == 0 || bits > u64::from(MAX_BITS) {
            return Err(Connect4Error::Shape(width, height));
        }
        Ok(Shape {
            width: width as u8,
            height: height as u8,
        })
    }

    /// Columns.
    pub fn width(self) -> u32 {
        u32::from(self.width)
    }

    /// Rows.
    pub fn height(self) -> u32 {
        u32::from(self.height)
    }

    /// Cells: the most stones a game can have.
    pub fn cells(self) -> u32 {
        self.width() * self.height()
    }

    /// Bits of a position's key (one per cell plus a sentinel per column).
    pub fn key_bits(self) -> u32 {
        self.width() * (self.height() + 1)
    }

    /// The 0-based columns from the centre outwards (left first among equals): the usual
    /// best-first order.
    pub fn centre_order(self) -> impl Iterator<Item = u8> {
        let width = self.width() as i32;
        (0..width).map(move |i| {
            let side = if i % 2 == 0 { 1 } else { -1 };
            (width / 2 + side * (i + 1) / 2) as u8
        })
    }

    /// The move of the game (1-based, counting both players' stones) on which it ends with
    /// best play, from a position of `stones` stones whose score for the player to move is
    /// `score`: the full board for a draw, else the winner's move that the score allows (a win
    /// on move m is worth ⌊(cells + 2 − m)/2⌋, and the winner's moves have its parity).
    pub fn end_move(self, stones: u32, score: i32) -> u32 {
        let cells = self.cells();
        if score == 0 {
            return cells;
        }
        let latest = (cells + 2).saturating_sub(2 * score.unsigned_abs());
        // The mover plays moves stones + 1, stones + 3, …
        let winner_parity = if score > 0 { stones + 1 } else { stones } % 2;
        if latest % 2 == winner_parity {
            latest
        } else {
            latest - 1
        }
    }

    /// The remoteness of a position of `stones` stones whose score for the player to move is
    /// `score`: the moves left until the winning stone when the winner wins as fast as it can and
    /// the loser loses as late as it can (odd when the player to move wins; 0 once the game is
    /// won); `None` for a draw. Pons' score is exactly such a count, of the winner's stones left
    /// (faster wins score more, later losses lose less): see [`Shape::end_move`].
    pub fn remoteness(self, stones: u32, score: i32) -> Option<u32> {
        (score != 0).then(|| self.end_move(stones, score).saturating_sub(stones))
    }

    /// The text of 0-based column `col` appended to the sequence `sequence` on this board:
    /// digits one after another when every column is one digit, else numbers separated by
    /// commas.
    pub fn append_column(self, sequence: &str, col: u8) -> String {
        let column = u32::from(col) + 1;
        if self.width() <= 9 && !sequence.contains(',') {
            format!("{sequence}{column}")
        } else if sequence.trim().is_empty() {
            column.to_string()
        } else {
            format!("{sequence},{column}")
        }
    }
}

/// What the search needs of a board's shape, as constants for the standard board (so its
/// search compiles to fixed shifts and masks) or as values computed once for any other.
pub(crate) trait Geometry: Copy + Send + Sync {
    /// Room for one entry per column, for the move ordering.
    type Slots<T: Copy + Default>: AsMut<[T]> + AsRef<[T]>;

    fn slots<T: Copy + Default>() -> Self::Slots<T>;
    fn width(&self) -> u32;
    fn height(&self) -> u32;
    fn bottom(&self) -> u64;
    /// The columns from the centre outwards.
    fn order(&self) -> &[u8];

    #[inline]
    fn column_bits(&self) -> u32 {
        self.height() + 1
    }

    #[inline]
    fn cells(&self) -> u32 {
        self.width() * self.height()
    }

    /// Every cell of the board.
    #[inline]
    fn board(&self) -> u64 {
        self.bottom() * ((1 << self.height()) - 1)
    }

    #[inline]
    fn column_mask(&self, col: u8) -> u64 {
        ((1 << self.height()) - 1) << (u32::from(col) * self.column_bits())
    }

    /// The key of the mirror image (column `c` becomes column `width − 1 − c`).
    #[inline]
    fn mirror_key(&self, key: u64) -> u64 {
        let (width, bits) = (self.width(), self.column_bits());
        let column = up(1, bits).wrapping_sub(1);
        let mut mirrored = 0;
        for col in 0..width {
            let from = col * bits;
            let to = (width - 1 - col) * bits;
            mirrored |= ((key >> from) & column) << to;
        }
        mirrored
    }

    /// The empty cells that would complete four in a row for the stones `own`, wherever they
    /// are (playable now or not), given the occupied cells `mask`.
    #[inline]
    fn winning_cells(&self, own: u64, mask: u64) -> u64 {
        // Vertical: three stones directly below.
        let mut cells = (own << 1) & (own << 2) & (own << 3);
        // The three other directions: by a column (horizontal), and a column less or more one
        // row (the diagonals). The sentinel row keeps lines from wrapping between columns.
        let bits = self.column_bits();
        for shift in [bits, bits - 1, bits + 1] {
            let pair = up(own, shift) & up(own, 2 * shift);
            cells |= pair & up(own, 3 * shift);
            cells |= pair & down(own, shift);
            let pair = down(own, shift) & down(own, 2 * shift);
            cells |= pair & down(own, 3 * shift);
            cells |= pair & up(own, shift);
        }
        cells & (self.board() ^ mask)
    }

    /// True if the stones `stones` hold four in a row.
    #[inline]
    fn has_four(&self, stones: u64) -> bool {
        let bits = self.column_bits();
        for shift in [1, bits, bits - 1, bits + 1] {
            let pair = stones & down(stones, shift);
            if pair & down(pair, 2 * shift) != 0 {
                return true;
            }
        }
        false
    }

    /// An upper bound on the score of the player to move from Allis' *claimeven*, on a board of
    /// even height when both players have played as often (an even number of stones); `None`
    /// when it gives none.
    ///
    /// The opponent can then take every empty cell of an even row (2nd, 4th, … from the bottom)
    /// that is not playable now: it answers a move on an odd row directly above it, and a move
    /// on the even playable cell of a column with an odd number of stones on the even playable
    /// cell of another such column (there is an even number of them). So the player to move
    /// gets no cell but its own stones and the other empty cells; if those hold no four it
    /// cannot win (at most 0), and if the opponent's hold one it loses (at most −1: the
    /// opponent's four is whole once the board is full, at the latest).
    #[inline]
    fn evens_bound(&self, current: u64, mask: u64) -> Option<i32> {
        let board = self.board();
        let playable = (mask + self.bottom()) & board;
        // Rows 1, 3, 5, … counted from 0: the even rows counted from 1.
        let even_rows = self.bottom() * (((1 << self.height()) - 1) / 3 * 2);
        let theirs = (current ^ mask) | (even_rows & board & !mask & !playable);
        if self.has_four(board & !theirs) {
            return None;
        }
        Some(if self.has_four(theirs) { -1 } else { 0 })
    }

    /// The playable cells that do not let the opponent win at once (no move is safe if the
    /// opponent threatens two cells at once, or a playable cell below another of its threats).
    #[inline]
    fn non_losing_cells(&self, current: u64, mask: u64) -> u64 {
        let mut possible = (mask + self.bottom()) & self.board();
        let threats = self.winning_cells(current ^ mask, mask);
        let forced = possible & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(threats >> 1)
    }
}

/// `x << n`, 0 when `n` is 64 or more (the lines of a narrow board reach past the word).
#[inline]
fn up(x: u64, n: u32) -> u64 {
    x.checked_shl(n).unwrap_or(0)
}

/// `x >> n`, 0 when `n` is 64 or more.
#[inline]
fn down(x: u64, n: u32) -> u64 {
    x.checked_shr(n).unwrap_or(0)
}

/// The standard 7×6 board, all constants.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Standard;

/// Columns (0-based) of the standard board from the centre outwards.
const CENTRE_ORDER: [u8; WIDTH as usize] = [3, 2, 4, 1, 5, 0, 6];

impl Geometry for Standard {
    type Slots<T: Copy + Default> = [T; WIDTH as usize];

    #[inline]
    fn slots<T: Copy + Default>() -> [T; WIDTH as usize] {
        [T::default(); WIDTH as usize]
    }
    #[inline]
    fn width(&self) -> u32 {
        WIDTH
    }
    #[inline]
    fn height(&self) -> u32 {
        HEIGHT
    }
    #[inline]
    fn bottom(&self) -> u64 {
        const { bottom_of(WIDTH, HEIGHT) }
    }
    #[inline]
    fn order(&self) -> &[u8] {
        &CENTRE_ORDER
    }
    #[inline]
    fn mirror_key(&self, key: u64) -> u64 {
        // Unrolled: the general loop costs a few percent of the whole search here.
        let c = HEIGHT + 1;
        let column = |col: u32| ((1u64 << c) - 1) << (col * c);
        (key & column(3))
            | ((key & column(0)) << (6 * c))
            | ((key & column(6)) >> (6 * c))
            | ((key & column(1)) << (4 * c))
            | ((key & column(5)) >> (4 * c))
            | ((key & column(2)) << (2 * c))
            | ((key & column(4)) >> (2 * c))
    }
}

/// One bit at the foot of each column.
const fn bottom_of(width: u32, height: u32) -> u64 {
    let mut mask = 0;
    let mut col = 0;
    while col < width {
        mask |= 1 << (col * (height + 1));
        col += 1;
    }
    mask
}

/// Any board's geometry, computed once from its [`Shape`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    width: u32,
    height: u32,
    bottom: u64,
    order: [u8; MAX_WIDTH as usize],
}

impl Layout {
    pub(crate) fn new(shape: Shape) -> Layout {
        let mut order = [0; MAX_WIDTH as usize];
        for (slot, col) in order.iter_mut().zip(shape.centre_order()) {
            *slot = col;
        }
        Layout {
            width: shape.width(),
            height: shape.height(),
            bottom: bottom_of(shape.width(), shape.height()),
            order,
        }
    }
}

impl Geometry for Layout {
    type Slots<T: Copy + Default> = [T; MAX_WIDTH as usize];

    #[inline]
    fn slots<T: Copy + Default>() -> [T; MAX_WIDTH as usize] {
        [T::default(); MAX_WIDTH as usize]
    }
    #[inline]
    fn width(&self) -> u32 {
        self.width
    }
    #[inline]
    fn height(&self) -> u32 {
        self.height
    }
    #[inline]
    fn bottom(&self) -> u64 {
        self.bottom
    }
    #[inline]
    fn order(&self) -> &[u8] {
        &self.order[..self.width as usize]
    }
}

/// A position: the stones of the player to move, all stones, and whether the game is over
/// because the last stone made four; on a board of some [`Shape`] (7×6 by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    current: u64,
    mask: u64,
    stones: u8,
    lost: bool,
    shape: Shape,
}

/// A sequence of columns that cannot be played, or a board that cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Connect4Error {
    /// Not a column of a board this wide, at this 1-based place in the sequence.
    Column(String, usize, u32),
    /// The column is full, at this 1-based place.
    ColumnFull(u32, usize),
    /// The game was over (four in a row) before this 1-based place.
    GameOver(usize),
    /// No board of this width and height (a side of 0, or more than 64 bits).
    Shape(u32, u32),
}

impl fmt::Display for Connect4Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Connect4Error::Column(c, i, width) => {
                write!(f, "move {i} is '{c}', expected a column 1-{width}")
            }
            Connect4Error::ColumnFull(c, i) => write!(f, "move {i}: column {c} is full"),
            Connect4Error::GameOver(i) => write!(
                f,
                "move {i}: the game is over, move {} made four in a row",
                i - 1
            ),
            Connect4Error::Shape(w, h) => write!(
                f,
                "no {w}×{h} board: each side at least 1, and width × (height + 1) at most \
                 {MAX_BITS} (the bitboard's bits)"
            ),
        }
    }
}

impl std::error::Error for Connect4Error {}

impl Board {
    /// Plays the columns of `sequence` (digits 1–7) from the empty standard board.
    ///
    /// # Errors
    /// On a character that is not a column, a full column, or a move after a win.
    pub fn from_moves(sequence: &str) -> Result<Board, Connect4Error> {
        Board::from_moves_on(Shape::STANDARD, sequence)
    }

    /// The empty board of shape `shape`.
    pub fn empty(shape: Shape) -> Board {
        Board {
            shape,
            ..Board::default()
        }
    }

    /// Plays the columns of `sequence` from the empty board of shape `shape`: one digit a
    /// column (1–9), or numbers separated by commas (always on a board wider than 9); spaces
    /// are ignored.
    ///
    /// # Errors
    /// On a column that is not one of the board's, a full column, or a move after a win.
    pub fn from_moves_on(shape: Shape, sequence: &str) -> Result<Board, Connect4Error> {
        let mut board = Board::empty(shape);
        // Past 9 columns a digit string would be ambiguous (is `10` one move or two?): there the
        // columns are always numbers separated by commas.
        let words: Vec<String> = if sequence.trim().is_empty() {
            Vec::new()
        } else if sequence.contains(',') || shape.width() > 9 {
            sequence.split(',').map(|w| w.trim().to_owned()).collect()
        } else {
            sequence
                .chars()
                .filter(|c| !c.is_whitespace())
                .map(String::from)
                .collect()
        };
        for (i, word) in words.iter().enumerate() {
            let col = match word.parse::<u32>() {
                Ok(c) if (1..=shape.width()).contains(&c) && !word.starts_with('+') => c - 1,
                _ => return Err(Connect4Error::Column(word.clone(), i + 1, shape.width())),
            };
            if board.lost {
                return Err(Connect4Error::GameOver(i + 1));
            }
            let col = col as u8;
            if !board.can_play(col) {
                return Err(Connect4Error::ColumnFull(u32::from(col) + 1, i + 1));
            }
            board = board.play(col);
        }
        Ok(board)
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    fn layout(&self) -> Layout {
        Layout::new(self.shape)
    }

    /// Who holds the cell of 0-based column `col` and row `row` (0 the bottom): 1 for the
    /// first player, 2 for the second, `None` when it is empty or off the board.
    pub fn stone(&self, col: u32, row: u32) -> Option<u8> {
        if col >= self.shape.width() || row >= self.shape.height() {
            return None;
        }
        let cell = 1u64 << (col * (self.shape.height() + 1) + row);
        if self.mask & cell == 0 {
            return None;
        }
        // `current` holds the stones of the player to move: the first player's when the count
        // of stones is even.
        let mover = if self.stones % 2 == 0 { 1 } else { 2 };
        Some(if self.current & cell != 0 {
            mover
        } else {
            3 - mover
        })
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
        self.lost || u32::from(self.stones) == self.shape.cells()
    }

    /// True if 0-based column `col` is on the board and has room.
    pub fn can_play(&self, col: u8) -> bool {
        let layout = self.layout();
        u32::from(col) < layout.width()
            && self.mask & (1 << (layout.height() - 1 + u32::from(col) * layout.column_bits())) == 0
    }

    /// The position after the player to move drops a stone in 0-based column `col`, which must
    /// have room.
    pub fn play(&self, col: u8) -> Board {
        let layout = self.layout();
        let cell =
            (self.mask + (1 << (u32::from(col) * layout.column_bits()))) & layout.column_mask(col);
        self.play_cell(&layout, cell)
    }

    fn play_cell(&self, layout: &Layout, cell: u64) -> Board {
        let mine = self.current | cell;
        let mask = self.mask | cell;
        Board {
            current: mine ^ mask,
            mask,
            stones: self.stones + 1,
            lost: layout.has_four(mine),
            shape: self.shape,
        }
    }

    fn possible(&self, layout: &Layout) -> u64 {
        (self.mask + layout.bottom()) & layout.board()
    }

    fn can_win_next(&self, layout: &Layout) -> bool {
        layout.winning_cells(self.current, self.mask) & self.possible(layout) != 0
    }

    /// The key, unique among the positions of one shape: below 2^(width · (height + 1)).
    fn key(&self) -> u64 {
        self.current + self.mask + self.layout().bottom()
    }

    /// The score of a win by the player to move with the next stone.
    fn win_now(&self) -> i32 {
        (self.shape.cells() as i32 + 1 - i32::from(self.stones)) / 2
    }

    /// Pons' score of a finished or immediately decided position, if it is one.
    fn decided(&self) -> Option<i32> {
        let layout = self.layout();
        let stones = i32::from(self.stones);
        let cells = self.shape.cells() as i32;
        if self.lost {
            return Some(-(cells + 2 - stones) / 2);
        }
        if stones == cells {
            return Some(0);
        }
        if self.can_win_next(&layout) {
            return Some(self.win_now());
        }
        if layout.non_losing_cells(self.current, self.mask) == 0 {
            return Some(-(cells - stones) / 2);
        }
        if stones >= cells - 2 {
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
            moves.extend(board.shape.centre_order().filter(|&c| board.can_play(c)));
        }
    }

    /// The moves that do not lose at once, most threats created first, centre first among equals.
    fn search_moves(&self, board: &Board, moves: &mut Vec<u8>) {
        let layout = board.layout();
        let safe = layout.non_losing_cells(board.current, board.mask);
        let mut scored = [(0u32, 0u8); MAX_WIDTH as usize];
        let mut n = 0;
        for &col in layout.order() {
            let cell = safe & layout.column_mask(col);
            if cell != 0 {
                let threats = layout
                    .winning_cells(board.current | cell, board.mask | cell)
                    .count_ones();
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
        Step::plain(board.play(col))
    }

    fn static_value(&self, board: &Board) -> Option<i32> {
        board.decided()
    }

    fn value_bounds(&self, board: &Board) -> (i32, i32) {
        let stones = i32::from(board.stones);
        let cells = board.shape.cells() as i32;
        (-(cells - 2 - stones) / 2, (cells - 1 - stones) / 2)
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
        let cells = board.shape.cells() as i32;
        let value = if board.lost {
            -(cells + 2 - stones) / 2
        } else if stones == cells {
            0
        } else {
            (0..board.shape.width() as u8)
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
        assert_eq!(
            Board::from_moves("12a"),
            Err(Connect4Error::Column("a".into(), 3, 7))
        );
        assert_eq!(
            Board::from_moves("128"),
            Err(Connect4Error::Column("8".into(), 3, 7))
        );
        assert_eq!(
            Board::from_moves("128").unwrap_err().to_string(),
            "move 3 is '8', expected a column 1-7"
        );
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

    #[test]
    fn shapes_and_sequences_on_other_boards() {
        assert!(Shape::new(0, 6).is_err());
        assert!(Shape::new(7, 0).is_err());
        assert!(Shape::new(8, 8).is_err(), "72 bits");
        assert_eq!(Shape::new(8, 7).unwrap().key_bits(), 64);
        assert_eq!(Shape::new(32, 1).unwrap().key_bits(), 64);
        assert_eq!(Shape::new(1, 63).unwrap().cells(), 63);
        assert_eq!(
            Shape::new(8, 8).unwrap_err().to_string(),
            "no 8×8 board: each side at least 1, and width × (height + 1) at most 64 (the \
             bitboard's bits)"
        );
        let order: Vec<u8> = Shape::new(6, 4).unwrap().centre_order().collect();
        assert_eq!(order, [3, 2, 4, 1, 5, 0]);
        let order: Vec<u8> = Shape::STANDARD.centre_order().collect();
        assert_eq!(order, CENTRE_ORDER);
        // On a board wider than 9 the columns are numbers separated by commas, always.
        let wide = Shape::new(12, 4).unwrap();
        let board = Board::from_moves_on(wide, "12, 12, 1").unwrap();
        assert_eq!(board.stones(), 3);
        assert_eq!(
            Board::from_moves_on(wide, "12"),
            Ok(Board::empty(wide).play(11)),
            "one move in column 12, not two"
        );
        assert_eq!(
            Board::from_moves_on(wide, "13"),
            Err(Connect4Error::Column("13".into(), 1, 12))
        );
        assert_eq!(
            Board::from_moves_on(wide, "1,13"),
            Err(Connect4Error::Column("13".into(), 2, 12))
        );
        assert_eq!(wide.append_column("12", 11), "12,12");
        assert_eq!(wide.append_column("", 11), "12");
        assert_eq!(Shape::STANDARD.append_column("44", 2), "443");
        // A column of one cell: full after one stone.
        let flat = Shape::new(5, 1).unwrap();
        assert_eq!(
            Board::from_moves_on(flat, "11"),
            Err(Connect4Error::ColumnFull(1, 2))
        );
        // Four in a row across a row of 5, and up a column of 63.
        assert!(!Board::from_moves_on(flat, "1524")
            .unwrap()
            .play(2)
            .is_lost());
        let row = Shape::new(7, 1).unwrap();
        assert!(Board::from_moves_on(row, "1726354").unwrap().is_lost());
        assert!(!Board::from_moves_on(row, "172635").unwrap().is_lost());
        let tall = Shape::new(1, 63).unwrap();
        assert!(!Board::from_moves_on(tall, "1111111").unwrap().is_over());
        let two = Shape::new(2, 8).unwrap();
        assert!(Board::from_moves_on(two, "1212121").unwrap().is_lost());
    }

    #[test]
    fn lines_never_wrap_between_columns_on_any_board() {
        // Every board shape with at most 64 bits: stones placed at random, the four test by
        // shifts against a plain scan of the grid.
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        for width in 1..=MAX_WIDTH {
            for height in 1..=63 {
                let Ok(shape) = Shape::new(width, height) else {
                    continue;
                };
                let layout = Layout::new(shape);
                for _ in 0..40 {
                    let mut grid = vec![vec![false; height as usize]; width as usize];
                    let mut stones = 0u64;
                    for (c, column) in grid.iter_mut().enumerate() {
                        for (r, cell) in column.iter_mut().enumerate() {
                            if rng.gen_bool(0.3) {
                                *cell = true;
                                stones |= 1 << (c as u32 * (height + 1) + r as u32);
                            }
                        }
                    }
                    let at = |c: i32, r: i32| {
                        c >= 0
                            && r >= 0
                            && (c as u32) < width
                            && (r as u32) < height
                            && grid[c as usize][r as usize]
                    };
                    let mut four = false;
                    for c in 0..width as i32 {
                        for r in 0..height as i32 {
                            for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                                four |= (0..4).all(|k| at(c + k * dc, r + k * dr));
                            }
                        }
                    }
                    assert_eq!(layout.has_four(stones), four, "{shape}: {stones:#x}");
                }
            }
        }
    }

    #[test]
    fn search_agrees_with_plain_minimax_on_small_boards() {
        // Every board of at most 16 cells (and a few of up to 20), from the empty board: the
        // generic search and the dedicated solver against plain minimax, with every best move.
        use super::solver::{Solver, SolverConfig};
        let mut tested = 0;
        for width in 1..=20 {
            for height in 1..=20 {
                let Ok(shape) = Shape::new(width, height) else {
                    continue;
                };
                if shape.cells() > 16 && !matches!((width, height), (4, 5) | (5, 4) | (6, 3)) {
                    continue;
                }
                let board = Board::empty(shape);
                let mut memo = HashMap::new();
                let expected = plain(&board, &mut memo);
                let mut search = Negamax::new(
                    &Connect4,
                    NegamaxConfig {
                        table_slots: 1 << 12,
                        max_memo_slots: 0,
                    },
                );
                let (value, best) = search.best_moves(&board);
                assert_eq!(value, expected, "{shape} generic");
                let keeping: Vec<u8> = shape
                    .centre_order()
                    .filter(|&c| -plain(&board.play(c), &mut memo) == expected)
                    .collect();
                assert_eq!(best, keeping, "{shape} generic");
                let mut solver = Solver::new(SolverConfig {
                    table_bits: 12,
                    shape,
                    ..SolverConfig::default()
                });
                assert_eq!(solver.best_moves(&board), (expected, keeping), "{shape}");
                let scores: Vec<(u8, i32)> = (0..width as u8)
                    .map(|c| (c, -plain(&board.play(c), &mut memo)))
                    .collect();
                assert_eq!(
                    solver.move_scores_within(&board, -99, 99),
                    scores,
                    "{shape}"
                );
                tested += 1;
            }
        }
        assert!(tested > 40, "{tested} boards");
    }

    /// Who wins and in how many moves, by plain search with a memo, straight from the rule: a
    /// board won by the last stone is lost at once (0); a full board is a draw; otherwise the
    /// player to move wins when a move leaves the opponent lost, in one more than the fewest
    /// moves such a move leaves; draws when a move leaves a draw; else loses, in one more than
    /// the most moves a move leaves. The reference for [`Shape::remoteness`], which reads it off
    /// Pons' score.
    fn plain_remoteness(board: &Board, memo: &mut HashMap<Board, (i32, u32)>) -> (i32, u32) {
        if let Some(&v) = memo.get(board) {
            return v;
        }
        let value = if board.lost {
            (-1, 0)
        } else if board.stones() == board.shape.cells() {
            (0, 0)
        } else {
            let children: Vec<(i32, u32)> = (0..board.shape.width() as u8)
                .filter(|&c| board.can_play(c))
                .map(|c| plain_remoteness(&board.play(c), memo))
                .collect();
            let fastest_win = children.iter().filter(|c| c.0 == -1).map(|c| c.1).min();
            match fastest_win {
                Some(r) => (1, r + 1),
                None if children.iter().any(|c| c.0 == 0) => (0, 0),
                None => (-1, children.iter().map(|c| c.1).max().unwrap() + 1),
            }
        };
        memo.insert(*board, value);
        value
    }

    #[test]
    fn the_remoteness_read_off_the_score_agrees_with_plain_search() {
        // Every position reachable on five boards of 10 to 16 cells (375,000, 112,000 of them won
        // or lost): the score of plain minimax (which the solvers are checked against above)
        // turned into a remoteness, against the remoteness searched from the rule.
        let mut compared = 0;
        let mut wins = 0;
        for (width, height) in [(4, 4), (5, 3), (3, 5), (4, 3), (2, 7)] {
            let shape = Shape::new(width, height).unwrap();
            let mut scores = HashMap::new();
            let mut remoteness = HashMap::new();
            plain(&Board::empty(shape), &mut scores);
            for (board, &score) in &scores {
                let (outcome, r) = plain_remoteness(board, &mut remoteness);
                assert_eq!(outcome, score.signum(), "{shape} {board:?}");
                let expected = (outcome != 0).then_some(r);
                assert_eq!(
                    shape.remoteness(board.stones(), score),
                    expected,
                    "{shape} {board:?}"
                );
                compared += 1;
                wins += usize::from(outcome != 0);
            }
        }
        assert!(
            compared > 100_000 && wins > 10_000,
            "{compared} positions, {wins} won or lost"
        );
        // The standard board from the start: the first player's 21st stone wins, move 41.
        assert_eq!(Shape::STANDARD.remoteness(0, 1), Some(41));
        assert_eq!(Shape::STANDARD.remoteness(6, 0), None);
    }

    #[test]
    fn the_end_move_follows_the_score_and_the_stones_follow_the_moves() {
        let standard = Shape::STANDARD;
        // The empty board: the first player wins on move 41.
        assert_eq!(standard.end_move(0, 1), 41);
        assert_eq!(standard.end_move(0, 0), 42);
        // After one stone the player to move (second) loses: still the first's move 41.
        assert_eq!(standard.end_move(1, -1), 41);
        // A win at once: the next move.
        let board = Board::from_moves("121212").unwrap();
        assert_eq!(standard.end_move(6, board.win_now()), 7);
        // 6×4: the second player wins on the last move, 24.
        assert_eq!(Shape::new(6, 4).unwrap().end_move(0, -1), 24);
        // Odd cells (5×5): the first player's last move is 25.
        assert_eq!(Shape::new(5, 5).unwrap().end_move(0, 1), 25);
        let board = Board::from_moves("4452").unwrap();
        assert_eq!(board.stone(3, 0), Some(1));
        assert_eq!(board.stone(3, 1), Some(2));
        assert_eq!(board.stone(4, 0), Some(1));
        assert_eq!(board.stone(1, 0), Some(2));
        assert_eq!(board.stone(3, 2), None);
        assert_eq!(board.stone(7, 0), None);
    }
}
