//! An opening book: the exact score of every position up to a depth, read at once instead of
//! searched.
//!
//! A book of depth D holds every position of its board reachable with at most D stones whose
//! game is not over, each once with its mirror image (the key kept is the smaller of the two).
//! It is built in two steps: the positions with exactly D stones (the *frontier*,
//! [`frontier`]) are solved one by one, which is where all the time goes and what a caller can
//! interrupt and resume; then [`Book::from_frontier`] finds every shallower score by negamax over
//! the frontier's, exactly as the search would (a move that makes four scores at once).
//!
//! # The file
//!
//! | bytes | content |
//! | --- | --- |
//! | 0..8 | the magic `SPRGC4B1` |
//! | 8, 9, 10 | the board's width, height, and the depth D |
//! | 11 | k, the bytes of a key: ⌈width · (height + 1) / 8⌉ |
//! | 12..16 | zero |
//! | 16..24 | n, the number of positions, unsigned 64-bit little-endian |
//! | 24.. | n entries in increasing key order: the key (k bytes, little-endian), the score (a signed byte) |
//! | last 8 | the 64-bit FNV-1a hash of every byte before it, little-endian |
//!
//! A key is Pons' key of the position (the mover's stones plus all stones plus the bottom row),
//! unique among the positions of one board.

use std::collections::HashMap;
use std::fmt;

use super::{Board, Geometry, Shape};

/// The first eight bytes of a book file.
pub const BOOK_MAGIC: &[u8; 8] = b"SPRGC4B1";

/// Scores read from a book, by position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    shape: Shape,
    depth: u32,
    /// (key, score), sorted by key.
    entries: Vec<(u64, i8)>,
}

/// A book that cannot be read or built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// The bytes are not a book: why.
    NotABook(&'static str),
    /// A frontier position has no score.
    Missing(String),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::NotABook(why) => write!(f, "not a sprague Connect Four book: {why}"),
            BookError::Missing(seq) => write!(f, "the frontier position `{seq}` has no score"),
        }
    }
}

impl std::error::Error for BookError {}

/// The key a book files `board` under: the smaller of its key and its mirror image's.
pub fn book_key(board: &Board) -> u64 {
    let key = board.key();
    key.min(board.layout().mirror_key(key))
}

/// The positions with exactly `depth` stones whose game is not over, one of each mirror pair
/// (the first met by playing the columns in order), in the order of their keys: what a book of
/// this depth solves. Each comes with a sequence of 1-based columns that reaches it.
pub fn frontier(shape: Shape, depth: u32) -> Vec<(Board, Vec<u8>)> {
    frontier_within(shape, depth, usize::MAX).expect("no limit")
}

/// [`frontier`], or `None` once more than `most` positions (of every depth up to `depth`) have
/// been met: the deep frontiers hold millions.
pub fn frontier_within(shape: Shape, depth: u32, most: usize) -> Option<Vec<(Board, Vec<u8>)>> {
    let mut found: HashMap<u64, (Board, Vec<u8>)> = HashMap::new();
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![(Board::empty(shape), Vec::new())];
    while let Some((board, moves)) = stack.pop() {
        if board.is_over() || !seen.insert(book_key(&board)) {
            continue;
        }
        if seen.len() > most {
            return None;
        }
        if board.stones() == depth {
            found.insert(book_key(&board), (board, moves));
            continue;
        }
        for col in (0..shape.width() as u8).rev() {
            if board.can_play(col) {
                let mut next = moves.clone();
                next.push(col + 1);
                stack.push((board.play(col), next));
            }
        }
    }
    let mut out: Vec<(u64, (Board, Vec<u8>))> = found.into_iter().collect();
    out.sort_unstable_by_key(|&(key, _)| key);
    Some(out.into_iter().map(|(_, v)| v).collect())
}

impl Book {
    /// The book of `depth` on `shape` from the scores of its frontier (`score_of`, asked once for
    /// each frontier position, by its key: `None` when it is missing).
    ///
    /// # Errors
    /// A frontier position reached with no score.
    pub fn from_frontier(
        shape: Shape,
        depth: u32,
        mut score_of: impl FnMut(u64) -> Option<i32>,
    ) -> Result<Book, BookError> {
        let mut scores: HashMap<u64, i8> = HashMap::new();
        // Depth-first from the empty board, children first: an explicit stack of (board, moves
        // tried) rather than recursion, though the depth is small.
        let mut stack: Vec<(Board, Vec<u8>)> = vec![(Board::empty(shape), Vec::new())];
        while let Some((board, path)) = stack.last().cloned() {
            let key = book_key(&board);
            if scores.contains_key(&key) {
                stack.pop();
                continue;
            }
            if board.stones() == depth {
                let score = score_of(key).ok_or_else(|| {
                    BookError::Missing(path.iter().map(|c| char::from(b'0' + c)).collect())
                })?;
                scores.insert(key, score as i8);
                stack.pop();
                continue;
            }
            let mut best = i32::MIN;
            let mut pending = false;
            for col in 0..shape.width() as u8 {
                if !board.can_play(col) {
                    continue;
                }
                let child = board.play(col);
                let value = if child.is_lost() {
                    board.win_now()
                } else if child.is_over() {
                    0
                } else if let Some(&s) = scores.get(&book_key(&child)) {
                    -i32::from(s)
                } else {
                    let mut next = path.clone();
                    next.push(col + 1);
                    stack.push((child, next));
                    pending = true;
                    continue;
                };
                best = best.max(value);
            }
            if !pending {
                scores.insert(key, best as i8);
                stack.pop();
            }
        }
        let mut entries: Vec<(u64, i8)> = scores.into_iter().collect();
        entries.sort_unstable_by_key(|&(key, _)| key);
        Ok(Book {
            shape,
            depth,
            entries,
        })
    }

    /// The board the book is for.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Its depth: every position of at most this many stones is in it.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The number of positions in it (mirror pairs once).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when it holds no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The exact score of `board` for the player to move, when the book has it: a board of its
    /// shape, with at most its depth of stones, whose game is not over.
    pub fn score(&self, board: &Board) -> Option<i32> {
        if board.shape() != self.shape || board.stones() > self.depth || board.is_over() {
            return None;
        }
        let key = book_key(board);
        self.entries
            .binary_search_by_key(&key, |&(k, _)| k)
            .ok()
            .map(|i| i32::from(self.entries[i].1))
    }

    /// The bytes of the book's file (see the module's documentation).
    pub fn encode(&self) -> Vec<u8> {
        let key_bytes = key_bytes(self.shape);
        let mut out = Vec::with_capacity(32 + self.entries.len() * (key_bytes + 1));
        out.extend_from_slice(BOOK_MAGIC);
        out.extend_from_slice(&[
            self.shape.width() as u8,
            self.shape.height() as u8,
            self.depth as u8,
            key_bytes as u8,
            0,
            0,
            0,
            0,
        ]);
        out.extend_from_slice(&(self.entries.len() as u64).to_le_bytes());
        for &(key, score) in &self.entries {
            out.extend_from_slice(&key.to_le_bytes()[..key_bytes]);
            out.push(score as u8);
        }
        let hash = fnv1a(&out);
        out.extend_from_slice(&hash.to_le_bytes());
        out
    }

    /// Reads back what [`encode`](Self::encode) wrote.
    ///
    /// # Errors
    /// Bytes that are not a whole, undamaged book.
    pub fn decode(bytes: &[u8]) -> Result<Book, BookError> {
        let bad = BookError::NotABook;
        if bytes.len() < 32 || &bytes[..8] != BOOK_MAGIC {
            return Err(bad("no SPRGC4B1 header"));
        }
        let (body, hash) = bytes.split_at(bytes.len() - 8);
        if fnv1a(body).to_le_bytes() != hash {
            return Err(bad("its hash does not match (a damaged or cut file)"));
        }
        let shape = Shape::new(u32::from(bytes[8]), u32::from(bytes[9]))
            .map_err(|_| bad("no such board"))?;
        let depth = u32::from(bytes[10]);
        let key_bytes = key_bytes(shape);
        if usize::from(bytes[11]) != key_bytes || depth > shape.cells() {
            return Err(bad("the key width or the depth does not fit the board"));
        }
        let count = u64::from_le_bytes(bytes[16..24].try_into().expect("8 bytes"));
        let records = &body[24..];
        if records.len() as u64 != count.saturating_mul(key_bytes as u64 + 1) {
            return Err(bad("the length does not match the count"));
        }
        let mut entries = Vec::with_capacity(count as usize);
        for record in records.chunks(key_bytes + 1) {
            let mut key = [0u8; 8];
            key[..key_bytes].copy_from_slice(&record[..key_bytes]);
            entries.push((u64::from_le_bytes(key), record[key_bytes] as i8));
        }
        if entries.windows(2).any(|w| w[0].0 >= w[1].0) {
            return Err(bad("the keys are not in increasing order"));
        }
        Ok(Book {
            shape,
            depth,
            entries,
        })
    }
}

/// The bytes a key of `shape` takes in a book file.
fn key_bytes(shape: Shape) -> usize {
    shape.key_bits().div_ceil(8) as usize
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect4::solver::{Solver, SolverConfig};

    fn solver(shape: Shape) -> Solver {
        Solver::new(SolverConfig {
            shape,
            table_bits: 16,
            ..SolverConfig::default()
        })
    }

    /// A book of `depth` built with the solver, as the command builds it.
    fn built(shape: Shape, depth: u32) -> Book {
        let mut s = solver(shape);
        let scores: HashMap<u64, i32> = frontier(shape, depth)
            .iter()
            .map(|(board, _)| (book_key(board), s.solve(board)))
            .collect();
        Book::from_frontier(shape, depth, |key| scores.get(&key).copied()).unwrap()
    }

    #[test]
    fn every_position_up_to_the_depth_has_the_solvers_score() {
        for (w, h, depth) in [(4, 4, 6), (5, 4, 5), (6, 3, 4), (3, 3, 5)] {
            let shape = Shape::new(w, h).unwrap();
            let book = built(shape, depth);
            let mut s = solver(shape);
            // Every position up to the depth, mirror images included, by brute enumeration.
            let mut stack = vec![Board::empty(shape)];
            let mut checked = 0;
            while let Some(board) = stack.pop() {
                if board.is_over() {
                    assert_eq!(book.score(&board), None);
                    continue;
                }
                assert_eq!(book.score(&board), Some(s.solve(&board)), "{w}×{h}");
                checked += 1;
                if board.stones() < depth {
                    for col in 0..w as u8 {
                        if board.can_play(col) {
                            stack.push(board.play(col));
                        }
                    }
                } else {
                    // One stone deeper is past the book.
                    for col in (0..w as u8).filter(|&c| board.can_play(c)) {
                        assert_eq!(book.score(&board.play(col)), None);
                    }
                }
            }
            assert!(checked > book.len(), "mirror images are read too");
        }
    }

    #[test]
    fn the_file_round_trips_and_damage_is_refused() {
        let book = built(Shape::new(5, 4).unwrap(), 4);
        let bytes = book.encode();
        assert_eq!(Book::decode(&bytes).unwrap(), book);
        for cut in [0, 10, 31, bytes.len() - 1] {
            assert!(Book::decode(&bytes[..cut]).is_err(), "{cut}");
        }
        let mut flipped = bytes.clone();
        flipped[30] ^= 1;
        assert!(Book::decode(&flipped).is_err());
        // A frontier without a score is an error, not a guess.
        let shape = Shape::new(4, 4).unwrap();
        assert!(matches!(
            Book::from_frontier(shape, 3, |_| None),
            Err(BookError::Missing(_))
        ));
    }

    #[test]
    fn the_frontier_is_one_of_each_mirror_pair() {
        let shape = Shape::STANDARD;
        // 7 first moves, 4 up to mirror images (only column 4 is its own image); 49 positions
        // of two stones, 25 up to mirror images (only 44 is its own).
        assert_eq!(frontier(shape, 1).len(), 4);
        assert_eq!(frontier(shape, 2).len(), 25);
        // Counted again by a plain enumeration of boards as grids (outside the repository).
        assert_eq!(frontier(shape, 3).len(), 121);
        assert_eq!(frontier(shape, 4).len(), 568);
        for (board, moves) in frontier(shape, 3) {
            let seq: String = moves.iter().map(|c| char::from(b'0' + c)).collect();
            assert_eq!(Board::from_moves(&seq).unwrap(), board);
        }
    }
}
