//! Domineering: Left places a vertical domino, Right a horizontal one, on empty cells of a grid.

use std::fmt;

use super::grid::{self, bit};
use super::Partizan;

/// Domineering (Göran Andersson; *Winning Ways*, ch. 5). Players take turns placing a domino on
/// two adjacent empty cells of a grid: Left vertically (two cells of one column), Right
/// horizontally (two cells of one row); who cannot place one loses.
///
/// Positions are [`DomineeringBoard`]s, written as in CGSuite: rows joined by `|`, `.` an empty
/// cell, `#` a blocked (or covered) one; `"..|.."` is the empty 2×2 board.
///
/// - Components: the 4-connected regions of empty cells, each trimmed to its bounding box (a
///   domino covers two adjacent empty cells, so it lies in one region, and it changes no other
///   region); regions of one cell, where nobody can move, are left out.
/// - Normal form: the least of the 8 images of the board under the symmetries of the rectangle.
///   The identity, the two reflections and the half-turn keep vertical dominoes vertical, so they
///   keep the value; the other four (the transposes and the quarter-turns) exchange vertical and
///   horizontal, that is Left and Right, so they negate it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Domineering;

/// A Domineering board: `rows × cols` cells (at most [`super::MAX_CELLS`]), the set of empty cells
/// as bits (cell `(r, c)` is bit `r * cols + c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DomineeringBoard {
    /// Number of rows.
    pub rows: u8,
    /// Number of columns.
    pub cols: u8,
    /// The empty cells.
    pub empty: u64,
}

impl DomineeringBoard {
    /// The empty `rows × cols` board, if it has at most [`super::MAX_CELLS`] cells.
    pub fn empty(rows: u8, cols: u8) -> Option<DomineeringBoard> {
        let n = rows as usize * cols as usize;
        if n == 0 || n > super::MAX_CELLS {
            return None;
        }
        let empty = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        Some(DomineeringBoard { rows, cols, empty })
    }

    /// Whether cell `(r, c)` is empty.
    pub fn is_empty(&self, r: u8, c: u8) -> bool {
        self.empty & bit(self.cols, r, c) != 0
    }
}

impl fmt::Display for DomineeringBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        grid::write_grid(f, self.rows, self.cols, |i| {
            if self.empty >> i & 1 != 0 {
                '.'
            } else {
                '#'
            }
        })
    }
}

impl Domineering {
    /// Reads a board in CGSuite's notation (`"..|.#"`): rows joined by `|`, `.` empty, `#`
    /// blocked; at most [`super::MAX_CELLS`] cells.
    pub fn parse(text: &str) -> Result<DomineeringBoard, String> {
        let (rows, cols, cells) = grid::parse_grid(text, ".#")?;
        let mut empty = 0u64;
        for (i, &ch) in cells.iter().enumerate() {
            if ch == '.' {
                empty |= 1u64 << i;
            }
        }
        Ok(DomineeringBoard { rows, cols, empty })
    }

    fn place(board: &DomineeringBoard, dr: u8, dc: u8, options: &mut Vec<DomineeringBoard>) {
        for r in 0..board.rows.saturating_sub(dr) {
            for c in 0..board.cols.saturating_sub(dc) {
                let cells = bit(board.cols, r, c) | bit(board.cols, r + dr, c + dc);
                if board.empty & cells == cells {
                    options.push(DomineeringBoard {
                        empty: board.empty & !cells,
                        ..*board
                    });
                }
            }
        }
    }
}

impl Partizan for Domineering {
    type Position = DomineeringBoard;

    fn left_options(&self, board: &DomineeringBoard, options: &mut Vec<DomineeringBoard>) {
        Self::place(board, 1, 0, options);
    }

    fn right_options(&self, board: &DomineeringBoard, options: &mut Vec<DomineeringBoard>) {
        Self::place(board, 0, 1, options);
    }

    fn components(&self, board: &DomineeringBoard, components: &mut Vec<DomineeringBoard>) {
        for region in grid::regions(board.rows, board.cols, board.empty) {
            if region.count_ones() < 2 {
                continue;
            }
            let (r0, c0, h, w) = grid::bounding_box(board.cols, region);
            let empty = grid::extract(board.cols, region, r0, c0, w);
            components.push(DomineeringBoard {
                rows: h,
                cols: w,
                empty,
            });
        }
    }

    fn normal_form(&self, board: &DomineeringBoard) -> (DomineeringBoard, bool) {
        let mut best = (*board, false);
        for k in 1..8 {
            let (rows, cols, empty) = grid::symmetry(board.rows, board.cols, board.empty, k);
            let image = DomineeringBoard { rows, cols, empty };
            if image < best.0 {
                best = (image, k & 4 != 0);
            }
        }
        best
    }
}
