//! The pattern finder on 500 × 500 grids (`bench` figure of issue 19): Wythoff's game, two-heap
//! Nim and a grid of random values (where nothing may fit: every shape is tried), each built
//! here and then searched; prints the search's time and the best formula.
//!
//! `cargo run --release -p sprague-api --example grid_formulas [SIDE]`

use std::time::Instant;

use sprague_api::tables::grid_formulas;

fn wythoff(side: usize) -> Vec<Vec<u64>> {
    // G(a, b) = mex of the row to its left, the column above and the diagonal: kept as a bit set
    // of values seen per row, column and diagonal.
    let words = (2 * side) / 64 + 2;
    let mut rows = vec![vec![0u64; words]; side];
    let mut cols = vec![vec![0u64; words]; side];
    let mut diags = vec![vec![0u64; words]; 2 * side];
    let mut grid = vec![vec![0u64; side]; side];
    for a in 0..side {
        for b in 0..side {
            let d = side + a - b;
            let mut v = 0;
            for w in 0..words {
                let seen = rows[a][w] | cols[b][w] | diags[d][w];
                if seen != u64::MAX {
                    v = w as u64 * 64 + u64::from((!seen).trailing_zeros());
                    break;
                }
            }
            grid[a][b] = v;
            let (w, bit) = (v as usize / 64, 1u64 << (v % 64));
            rows[a][w] |= bit;
            cols[b][w] |= bit;
            diags[d][w] |= bit;
        }
    }
    grid
}

fn main() {
    let side: usize = std::env::args()
        .nth(1)
        .map_or(500, |s| s.parse().expect("a side"));
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut random = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % 64
    };
    let grids = [
        ("wythoff", wythoff(side)),
        (
            "nim a ^ b",
            (0..side as u64)
                .map(|a| (0..side as u64).map(|b| a ^ b).collect())
                .collect(),
        ),
        (
            "random 0..64",
            (0..side)
                .map(|_| (0..side).map(|_| random()).collect())
                .collect(),
        ),
    ];
    for (name, grid) in &grids {
        let start = Instant::now();
        let formulas = grid_formulas(grid);
        let took = start.elapsed().as_secs_f64();
        let best = formulas
            .first()
            .map_or("none".to_owned(), |f| f.expr.clone());
        println!(
            "{name:>14} {side}x{side}: {took:.3} s, {} formulas; best: {best}",
            formulas.len()
        );
    }
}
