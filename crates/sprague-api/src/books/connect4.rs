//! Connect Four opening books: the one shipped for the standard board (read at start by every
//! solver and by `play`), and the pieces of `sprague book connect4`, which builds one.
//!
//! Building a book of depth D solves every position of D stones (its *frontier*, one of each
//! mirror pair) and finds the shallower scores from theirs (see
//! [`sprague::games::connect4::book`]). The solving is what takes hours; it is written down a
//! position at a time in a progress text, so that a run stopped at any moment goes on where it
//! stopped:
//!
//! ```text
//! sprague connect4 book 7 6 3
//! 444 -1
//! 443 2
//! ```
//!
//! (a header naming the board and the depth, then one line per frontier position solved: the
//! columns that reach it and its score). This crate does no I/O: the caller reads and appends
//! the lines.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use sprague::games::connect4::book::{book_key, frontier_within};

/// An opening book (see [`read_book`]).
pub use sprague::games::connect4::book::Book;
use sprague::games::connect4::Board as Connect4Board;

use crate::request::error::{Budget, Error, Message};
use crate::request::limits::{human_bytes, Limits};
use crate::request::parse::connect4_shape;

/// What one position costs while a book's frontier is enumerated and kept (its key in a set,
/// the board and its sequence, the sequence as text), measured generously.
const POSITION_BYTES: u64 = 256;

/// The book shipped for the standard 7×6 board.
static STANDARD_BOOK_BYTES: &[u8] = include_bytes!("../../books/connect4-7x6.book");

/// The deepest book `sprague book connect4` builds: the frontier of depth 12 on 7×6 holds
/// millions of positions, each a search.
pub const MAX_BOOK_DEPTH: u32 = 12;

/// The book shipped for the standard board, read once.
pub fn standard_book() -> Arc<Book> {
    static BOOK: OnceLock<Arc<Book>> = OnceLock::new();
    BOOK.get_or_init(|| {
        Arc::new(Book::decode(STANDARD_BOOK_BYTES).expect("the shipped book is a book"))
    })
    .clone()
}

/// An opening book read from a file (`solve connect4 --book FILE`), for the board `width` ×
/// `height`.
///
/// # Errors
///
/// Bytes that are not a book, or a book of another board.
pub fn read_book(bytes: &[u8], width: u32, height: u32) -> Result<Arc<Book>, Error> {
    let book = Book::decode(bytes)
        .map_err(|e| Error::bad_input(Message::param("book").then(format!(": {e}"))))?;
    let shape = book.shape();
    if (shape.width(), shape.height()) != (width, height) {
        return Err(Error::bad_input(
            Message::param("book")
                .then(format!(
                    ": the book is for a {}×{} board, not {width}×{height} (give ",
                    shape.width(),
                    shape.height()
                ))
                .then_param("width")
                .then(" and ")
                .then_param("height")
                .then(")"),
        ));
    }
    Ok(Arc::new(book))
}

/// A book being built: its board, depth and frontier, and the frontier scores known so far.
#[derive(Debug)]
pub struct BookBuild {
    width: u32,
    height: u32,
    depth: u32,
    /// The frontier positions, as the columns (1-based) that reach them.
    frontier: Vec<String>,
    /// Scores of solved frontier positions, by sequence.
    scores: HashMap<String, i32>,
}

impl BookBuild {
    /// The book of `depth` for the board `width` × `height`, nothing solved yet.
    ///
    /// # Errors
    /// No such board, a depth past [`MAX_BOOK_DEPTH`] or the board's cells, or more positions
    /// to enumerate than `limits` leave memory for.
    pub fn new(width: u32, height: u32, depth: u32, limits: &Limits) -> Result<BookBuild, Error> {
        let shape = connect4_shape(width, height)?;
        if depth > MAX_BOOK_DEPTH.min(shape.cells()) {
            return Err(Error::too_large(
                crate::request::error::Budget::Size,
                format!(
                    "a book of depth {depth}: at most {} on this board (a book of depth d solves \
                 every position of d stones)",
                    MAX_BOOK_DEPTH.min(shape.cells())
                ),
            ));
        }
        let most = usize::try_from(limits.memory_bytes / POSITION_BYTES).unwrap_or(usize::MAX);
        let frontier = frontier_within(shape, depth, most)
            .ok_or_else(|| {
                Error::over_budget(
                    Budget::Memory,
                    limits.memory_bytes.saturating_add(1),
                    limits.memory_bytes,
                    format!(
                        "a book of depth {depth} on {width}×{height} passes {most} positions to \
                         enumerate (about {POSITION_BYTES} bytes each), more than the {} \
                         available",
                        human_bytes(limits.memory_bytes)
                    ),
                )
            })?
            .into_iter()
            .map(|(_, moves)| sequence_text(width, &moves))
            .collect();
        Ok(BookBuild {
            width,
            height,
            depth,
            frontier,
            scores: HashMap::new(),
        })
    }

    /// The first line of the progress text.
    pub fn header(&self) -> String {
        format!(
            "sprague connect4 book {} {} {}",
            self.width, self.height, self.depth
        )
    }

    /// Takes the scores of a progress text written by an earlier run of the same book; returns
    /// how many. A last line cut short (the run stopped while writing it) is left out.
    ///
    /// # Errors
    /// A text of another board or depth, or a line that is not a frontier position and a score.
    pub fn resume(&mut self, text: &str) -> Result<usize, Error> {
        let mut lines: Vec<&str> = text.split('\n').collect();
        // Only lines ended by a newline were written whole.
        lines.pop();
        let Some((header, solved)) = lines.split_first() else {
            return Ok(0);
        };
        if *header != self.header() {
            return Err(Error::bad_input(format!(
                "the progress file is of another book (`{header}`, not `{}`)",
                self.header()
            )));
        }
        let wanted: std::collections::HashSet<&str> =
            self.frontier.iter().map(String::as_str).collect();
        let mut taken = 0;
        for (idx, line) in solved.iter().enumerate() {
            let bad = || {
                Error::bad_input(format!(
                    "the progress file's line {}: `{line}` is not a position of the book and \
                     its score",
                    idx + 2
                ))
            };
            let (seq, score) = line.split_once(' ').ok_or_else(bad)?;
            let score: i32 = score.parse().map_err(|_| bad())?;
            if !wanted.contains(seq) {
                return Err(bad());
            }
            if self.scores.insert(seq.to_owned(), score).is_none() {
                taken += 1;
            }
        }
        Ok(taken)
    }

    /// The frontier positions still to solve, as sequences to hand to the solver.
    pub fn remaining(&self) -> Vec<String> {
        self.frontier
            .iter()
            .filter(|seq| !self.scores.contains_key(*seq))
            .cloned()
            .collect()
    }

    /// The number of frontier positions.
    pub fn frontier_len(&self) -> usize {
        self.frontier.len()
    }

    /// Records the score of frontier position `seq`; returns its progress line (newline
    /// included).
    pub fn record(&mut self, seq: &str, score: i32) -> String {
        self.scores.insert(seq.to_owned(), score);
        format!("{seq} {score}\n")
    }

    /// The book's file, once every frontier position is solved.
    ///
    /// # Errors
    /// A frontier position without a score.
    pub fn finish(&self) -> Result<(Vec<u8>, usize), Error> {
        let shape = connect4_shape(self.width, self.height)?;
        let mut by_key = HashMap::new();
        for (seq, &score) in &self.scores {
            let board = Connect4Board::from_moves_on(shape, seq)
                .map_err(|e| Error::bad_input(format!("connect4 `{seq}`: {e}")))?;
            by_key.insert(book_key(&board), score);
        }
        let book = Book::from_frontier(shape, self.depth, |key| by_key.get(&key).copied())
            .map_err(|e| Error::bad_input(e.to_string()))?;
        Ok((book.encode(), book.len()))
    }
}

/// The columns `moves` (1-based) as `solve connect4` takes them on a board `width` wide.
fn sequence_text(width: u32, moves: &[u8]) -> String {
    let parts: Vec<String> = moves.iter().map(u8::to_string).collect();
    if width > 9 {
        parts.join(",")
    } else {
        parts.concat()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every position of the shipped book up to its depth, mirror images included.
    fn shipped_positions() -> Vec<Connect4Board> {
        let book = standard_book();
        let mut out = Vec::new();
        let mut stack = vec![Connect4Board::empty(book.shape())];
        while let Some(board) = stack.pop() {
            if board.is_over() {
                continue;
            }
            if board.stones() < book.depth() {
                for col in 0..7 {
                    if board.can_play(col) {
                        stack.push(board.play(col));
                    }
                }
            }
            out.push(board);
        }
        out
    }

    #[test]
    fn the_shipped_book_is_whole_and_each_score_is_its_best_moves() {
        let book = standard_book();
        // The empty board's score is published (Allis and Allen, 1988; Pons' 1).
        assert_eq!(book.score(&Connect4Board::empty(book.shape())), Some(1));
        for board in shipped_positions() {
            let score = book.score(&board).expect("every position up to the depth");
            if board.stones() == book.depth() {
                continue;
            }
            let best = (0..7)
                .filter(|&c| board.can_play(c))
                .map(|c| {
                    let child = board.play(c);
                    if child.is_lost() {
                        (43 - board.stones() as i32) / 2
                    } else {
                        -book
                            .score(&child)
                            .expect("one stone deeper, still in the book")
                    }
                })
                .max();
            assert_eq!(Some(score), best);
        }
    }

    /// The positions of the standard test sets (Pons' `Test_L1_R3` starts with 81 positions of
    /// 1 to 3 stones) that the shipped book holds: the same scores.
    #[test]
    fn the_shipped_book_has_the_test_sets_scores() {
        let book = standard_book();
        let text = include_str!("../../../sprague/tests/data/connect4/Test_L1_R3");
        let mut checked = 0;
        for line in text.lines() {
            let (seq, score) = line.split_once(' ').unwrap();
            let board = Connect4Board::from_moves(seq).unwrap();
            if board.stones() <= book.depth() {
                assert_eq!(book.score(&board), Some(score.parse().unwrap()), "{seq}");
                checked += 1;
            }
        }
        assert!(checked > 0 || book.depth() == 0);
    }

    /// The book of depth 4 shipped before the deeper one, built apart (its own 568 frontier
    /// positions solved one by one): every score the two share agrees.
    #[test]
    fn the_shipped_book_agrees_with_the_depth_4_book_built_apart() {
        let older = Book::decode(include_bytes!("../../books/connect4-7x6-depth4.book")).unwrap();
        assert_eq!(older.depth(), 4);
        let book = standard_book();
        let mut compared = 0;
        for board in shipped_positions() {
            if board.stones() <= older.depth() {
                assert_eq!(book.score(&board), older.score(&board), "{board:?}");
                compared += 1;
            }
        }
        // Every sequence of at most 4 stones (1 + 7 + 49 + 343 + 2401, none over).
        assert_eq!(compared, 2801);
    }

    /// Frontier positions of the shipped book, `count` of them drawn with `seed`.
    fn frontier_sample(seed: u64, count: usize) -> Vec<Connect4Board> {
        use rand::seq::SliceRandom;
        use rand::SeedableRng;
        let book = standard_book();
        let frontier = sprague::games::connect4::book::frontier(book.shape(), book.depth());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        frontier
            .choose_multiple(&mut rng, count)
            .map(|(board, _)| *board)
            .collect()
    }

    /// Random positions of the shipped book's frontier against the solver (no book): those
    /// it solves within a budget of positions, a few seconds in all.
    #[test]
    fn random_frontier_positions_have_the_solvers_score() {
        use sprague::games::connect4::solver::{Solver, SolverConfig};
        let book = standard_book();
        let mut solver = Solver::new(SolverConfig {
            table_bits: 22,
            ..SolverConfig::default()
        });
        let mut checked = 0;
        for board in frontier_sample(27, 16) {
            solver.set_node_limit(Some(4_000_000));
            let score = solver.solve(&board);
            if !solver.aborted() {
                assert_eq!(book.score(&board), Some(score), "{board:?}");
                checked += 1;
            }
        }
        assert!(checked >= 3, "only {checked} solved within the budget");
    }

    /// More of the deepest positions against the solver: minutes in a release build, so only
    /// with `SPRAGUE_SLOW=1` (each was the solver's score when built; the whole frontier takes
    /// as long as the build). `SPRAGUE_BOOK_SAMPLE` sets how many (400 by default).
    #[test]
    fn the_shipped_books_frontier_is_the_solvers() {
        use sprague::games::connect4::solver::{Solver, SolverConfig};
        if std::env::var_os("SPRAGUE_SLOW").is_none() {
            return;
        }
        let count = std::env::var("SPRAGUE_BOOK_SAMPLE")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(400);
        let book = standard_book();
        let mut solver = Solver::new(SolverConfig {
            table_bits: 27,
            ..SolverConfig::default()
        });
        for board in frontier_sample(1, count) {
            assert_eq!(book.score(&board), Some(solver.solve(&board)), "{board:?}");
        }
    }

    #[test]
    fn a_build_resumes_from_its_progress_and_refuses_another_book() {
        let mut build = BookBuild::new(4, 4, 3, &Limits::default()).unwrap();
        let all = build.remaining();
        assert_eq!(all.len(), build.frontier_len());
        let mut text = build.header() + "\n";
        text += &build.record(&all[0], 0);
        let mut again = BookBuild::new(4, 4, 3, &Limits::default()).unwrap();
        assert_eq!(again.resume(&text).unwrap(), 1);
        assert_eq!(again.remaining().len(), all.len() - 1);
        // A line cut short is left out; a foreign header or line is refused.
        assert_eq!(
            BookBuild::new(4, 4, 3, &Limits::default())
                .unwrap()
                .resume(&(text.clone() + "12"))
                .unwrap(),
            1
        );
        assert!(BookBuild::new(4, 4, 2, &Limits::default())
            .unwrap()
            .resume(&text)
            .is_err());
        let foreign = format!("{}\n7777 1\n", build.header());
        assert!(BookBuild::new(4, 4, 3, &Limits::default())
            .unwrap()
            .resume(&foreign)
            .is_err());
        assert!(build.finish().is_err(), "positions are missing");
        assert!(BookBuild::new(7, 6, 13, &Limits::default()).is_err());
        // Depth 12 on 7×6 enumerates millions of positions: refused in 64 MiB, with its figures.
        let small = Limits {
            memory_bytes: 64 << 20,
            ..Limits::default()
        };
        let err = BookBuild::new(7, 6, 12, &small).unwrap_err();
        assert!(err.over().is_some(), "{err}");
    }
}
