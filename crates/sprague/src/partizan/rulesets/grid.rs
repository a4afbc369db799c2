//! Small rectangular boards as bit sets (cell `(r, c)` is bit `r * cols + c`): reading them in
//! CGSuite's notation, their 8 symmetries, their 4-connected regions.

/// The most cells a board may have (a board is a 64-bit set of cells).
pub const MAX_CELLS: usize = 64;

/// Reads a grid in CGSuite's notation: rows joined by `|`, each a string of characters from
/// `allowed`. Returns the number of rows, of columns, and the characters row by row.
pub(crate) fn parse_grid(text: &str, allowed: &str) -> Result<(u8, u8, Vec<char>), String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("empty position: expected rows of cells joined by '|'".to_string());
    }
    let rows: Vec<&str> = text.split('|').map(str::trim).collect();
    let cols = rows[0].chars().count();
    let mut cells = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let n = row.chars().count();
        if n == 0 {
            return Err(format!("row {} is empty", i + 1));
        }
        if n != cols {
            return Err(format!(
                "ragged rows: row {} has {n} cells, row 1 has {cols}",
                i + 1
            ));
        }
        if cells.len() + n > MAX_CELLS {
            return Err(format!("too many cells: at most {MAX_CELLS} are allowed"));
        }
        for ch in row.chars() {
            if !allowed.contains(ch) {
                return Err(format!(
                    "unexpected character {ch:?} in row {}: expected one of \"{allowed}\"",
                    i + 1
                ));
            }
            cells.push(ch);
        }
    }
    Ok((rows.len() as u8, cols as u8, cells))
}

/// The bit of cell `(r, c)` on a board `cols` wide.
pub(crate) fn bit(cols: u8, r: u8, c: u8) -> u64 {
    1u64 << (r as u32 * cols as u32 + c as u32)
}

/// The image of `bits` (on a `rows × cols` board) under symmetry `k` in `0..8`: a transpose when
/// `k & 4`, then a flip of the rows when `k & 1`, of the columns when `k & 2`. Returns the new
/// dimensions and bits. The symmetries with `k & 4` are the ones exchanging rows and columns.
pub(crate) fn symmetry(rows: u8, cols: u8, bits: u64, k: u8) -> (u8, u8, u64) {
    let (nr, nc) = if k & 4 != 0 {
        (cols, rows)
    } else {
        (rows, cols)
    };
    let mut out = 0u64;
    let mut rest = bits;
    while rest != 0 {
        let i = rest.trailing_zeros();
        rest &= rest - 1;
        let (mut r, mut c) = ((i / cols as u32) as u8, (i % cols as u32) as u8);
        if k & 4 != 0 {
            std::mem::swap(&mut r, &mut c);
        }
        if k & 1 != 0 {
            r = nr - 1 - r;
        }
        if k & 2 != 0 {
            c = nc - 1 - c;
        }
        out |= bit(nc, r, c);
    }
    (nr, nc, out)
}

/// The cells of a `rows × cols` board, and those not in its first column, as bits.
fn masks(rows: u8, cols: u8) -> (u64, u64) {
    let n = rows as u32 * cols as u32;
    let board = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut first_col = 0u64;
    for r in 0..rows {
        first_col |= bit(cols, r, 0);
    }
    (board, board & !first_col)
}

/// The 4-neighbours of every cell of `bits` (on a board `cols` wide with the given [`masks`]),
/// within the board.
fn neighbours(cols: u8, board: u64, not_first_col: u64, bits: u64) -> u64 {
    let not_last_col = (not_first_col >> 1) & board;
    let right = (bits & not_last_col) << 1;
    let left = (bits & not_first_col) >> 1;
    let down = bits.checked_shl(cols as u32).unwrap_or(0);
    let up = bits.checked_shr(cols as u32).unwrap_or(0);
    (right | left | down | up) & board
}

/// The 4-connected regions of `bits`.
pub(crate) fn regions(rows: u8, cols: u8, bits: u64) -> Vec<u64> {
    let (board, not_first_col) = masks(rows, cols);
    let mut out = Vec::new();
    let mut rest = bits;
    while rest != 0 {
        let mut region = rest & rest.wrapping_neg();
        loop {
            let grown = (region | neighbours(cols, board, not_first_col, region)) & bits;
            if grown == region {
                break;
            }
            region = grown;
        }
        rest &= !region;
        out.push(region);
    }
    out
}

/// The bounding box of the non-empty `bits`: (first row, first column, height, width).
pub(crate) fn bounding_box(cols: u8, bits: u64) -> (u8, u8, u8, u8) {
    let (mut r0, mut c0, mut r1, mut c1) = (u8::MAX, u8::MAX, 0, 0);
    let mut rest = bits;
    while rest != 0 {
        let i = rest.trailing_zeros();
        rest &= rest - 1;
        let (r, c) = ((i / cols as u32) as u8, (i % cols as u32) as u8);
        r0 = r0.min(r);
        c0 = c0.min(c);
        r1 = r1.max(r);
        c1 = c1.max(c);
    }
    (r0, c0, r1 - r0 + 1, c1 - c0 + 1)
}

/// The cells of `bits` (on a board `cols` wide) inside the box at `(r0, c0)` of width `w`, as bits
/// of a board `w` wide.
pub(crate) fn extract(cols: u8, bits: u64, r0: u8, c0: u8, w: u8) -> u64 {
    let mut out = 0u64;
    let mut rest = bits;
    while rest != 0 {
        let i = rest.trailing_zeros();
        rest &= rest - 1;
        let (r, c) = ((i / cols as u32) as u8, (i % cols as u32) as u8);
        out |= bit(w, r - r0, c - c0);
    }
    out
}

/// Writes a board row by row, rows joined by `|`, with `cell(i)` the character of cell `i`.
pub(crate) fn write_grid(
    f: &mut std::fmt::Formatter<'_>,
    rows: u8,
    cols: u8,
    cell: impl Fn(u32) -> char,
) -> std::fmt::Result {
    for r in 0..rows as u32 {
        if r > 0 {
            write!(f, "|")?;
        }
        for c in 0..cols as u32 {
            write!(f, "{}", cell(r * cols as u32 + c))?;
        }
    }
    Ok(())
}
