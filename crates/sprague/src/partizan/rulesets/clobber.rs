//! Clobber: a stone moves onto an orthogonally adjacent stone of the opponent, removing it.

use std::fmt;

use super::grid::{self, bit};
use super::Partizan;

/// Clobber (Albert, Grossman, Nowakowski and Wolfe, 2001; *Lessons in Play*). Left owns the stones
/// `x`, Right the stones `o`; a move takes one of your stones onto an orthogonally adjacent stone
/// of the opponent, which is removed (clobbered). Who cannot move loses.
///
/// Positions are [`ClobberBoard`]s, written as in CGSuite: rows joined by `|`, `x` a stone of
/// Left, `o` a stone of Right, `.` an empty cell; `"xo"` is `*`.
///
/// - Components: the 4-connected regions of stones, each trimmed to its bounding box (a move goes
///   from a stone to an adjacent stone and leaves no stone where there was none, so regions never
///   merge, and a move changes only its region). A region whose stones all have one colour has no
///   move for either player: it is 0 and left out.
/// - Normal form: the least of the 16 images of the board under the 8 symmetries of the rectangle
///   (which keep the value: moves are orthogonal, a symmetry keeps adjacency and colours) and the
///   exchange of the colours (which negates it: Left's moves become Right's).
#[derive(Clone, Copy, Debug, Default)]
pub struct Clobber;

/// A Clobber board: `rows × cols` cells (at most [`super::MAX_CELLS`]), Left's stones and Right's
/// stones as bits (cell `(r, c)` is bit `r * cols + c`; the two sets are disjoint).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClobberBoard {
    /// Number of rows.
    pub rows: u8,
    /// Number of columns.
    pub cols: u8,
    /// Left's stones (`x`).
    pub left: u64,
    /// Right's stones (`o`).
    pub right: u64,
}

impl fmt::Display for ClobberBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        grid::write_grid(f, self.rows, self.cols, |i| {
            if self.left >> i & 1 != 0 {
                'x'
            } else if self.right >> i & 1 != 0 {
                'o'
            } else {
                '.'
            }
        })
    }
}

impl Clobber {
    /// Reads a board in CGSuite's notation (`"xo.|oxo"`): rows joined by `|`, `x` Left's stone,
    /// `o` Right's, `.` empty; at most [`super::MAX_CELLS`] cells.
    pub fn parse(text: &str) -> Result<ClobberBoard, String> {
        let (rows, cols, cells) = grid::parse_grid(text, "xo.")?;
        let (mut left, mut right) = (0u64, 0u64);
        for (i, &ch) in cells.iter().enumerate() {
            match ch {
                'x' => left |= 1u64 << i,
                'o' => right |= 1u64 << i,
                _ => {}
            }
        }
        Ok(ClobberBoard {
            rows,
            cols,
            left,
            right,
        })
    }

    /// The boards after a stone of `mine` clobbers a stone of `theirs`, as (mine, theirs).
    fn moves(rows: u8, cols: u8, mine: u64, theirs: u64, out: &mut Vec<(u64, u64)>) {
        let mut rest = mine;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            let (r, c) = ((i / cols as u32) as u8, (i % cols as u32) as u8);
            let from = 1u64 << i;
            let mut targets = Vec::with_capacity(4);
            if r > 0 {
                targets.push(bit(cols, r - 1, c));
            }
            if r + 1 < rows {
                targets.push(bit(cols, r + 1, c));
            }
            if c > 0 {
                targets.push(bit(cols, r, c - 1));
            }
            if c + 1 < cols {
                targets.push(bit(cols, r, c + 1));
            }
            for to in targets {
                if theirs & to != 0 {
                    out.push(((mine & !from) | to, theirs & !to));
                }
            }
        }
    }
}

impl Partizan for Clobber {
    type Position = ClobberBoard;

    fn left_options(&self, b: &ClobberBoard, options: &mut Vec<ClobberBoard>) {
        let mut moves = Vec::new();
        Self::moves(b.rows, b.cols, b.left, b.right, &mut moves);
        options.extend(
            moves
                .into_iter()
                .map(|(left, right)| ClobberBoard { left, right, ..*b }),
        );
    }

    fn right_options(&self, b: &ClobberBoard, options: &mut Vec<ClobberBoard>) {
        let mut moves = Vec::new();
        Self::moves(b.rows, b.cols, b.right, b.left, &mut moves);
        options.extend(
            moves
                .into_iter()
                .map(|(right, left)| ClobberBoard { left, right, ..*b }),
        );
    }

    fn components(&self, b: &ClobberBoard, components: &mut Vec<ClobberBoard>) {
        for region in grid::regions(b.rows, b.cols, b.left | b.right) {
            if region & b.left == 0 || region & b.right == 0 {
                continue;
            }
            let (r0, c0, h, w) = grid::bounding_box(b.cols, region);
            let left = grid::extract(b.cols, region & b.left, r0, c0, w);
            let right = grid::extract(b.cols, region & b.right, r0, c0, w);
            components.push(ClobberBoard {
                rows: h,
                cols: w,
                left,
                right,
            });
        }
    }

    fn normal_form(&self, b: &ClobberBoard) -> (ClobberBoard, bool) {
        let mut best = (*b, false);
        for k in 0..8 {
            let (rows, cols, left) = grid::symmetry(b.rows, b.cols, b.left, k);
            let (_, _, right) = grid::symmetry(b.rows, b.cols, b.right, k);
            let image = ClobberBoard {
                rows,
                cols,
                left,
                right,
            };
            if image < best.0 {
                best = (image, false);
            }
            let swapped = ClobberBoard {
                rows,
                cols,
                left: right,
                right: left,
            };
            if swapped < best.0 {
                best = (swapped, true);
            }
        }
        best
    }
}
