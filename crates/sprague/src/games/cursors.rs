//! The cursor game (seed notes 002, a problem without a source): two sequences `a` (length n) and
//! `b` (length m) and two cursors `c`, `d` pointing into them. On a turn a player either ends the
//! game, which scores `a_c + b_d`, or moves one of the cursors anywhere in its sequence, provided
//! the pair `(c, d)` after the move has never occurred before (the start counts as occurred). The
//! first player wants the score small, the second wants it large.
//!
//! # Solution (seed 002)
//!
//! Binary search on the answer `t`: can the first player force a score `<= t`? Call a cell
//! `(c, d)` white when `a_c + b_d <= t`, else black. Moving to a cell of one's own losing colour
//! lets the opponent end the game at once, so every sensible move goes to the other colour: the
//! game is undirected vertex geography on the bipartite graph joining differently coloured cells
//! in a row or a column, and the first player (on a black start) wins iff the start is in every
//! maximum matching. By König, maximum matching = cells − maximum independent set, so removing the
//! start lowers the maximum matching (the start is in every one) iff the largest independent set
//! keeps its size without the start, i.e. some maximum independent set avoids the start.
//!
//! An independent set takes its white cells from rows R_w × columns C_w and its black cells from
//! R_b × C_b, with R_w, R_b disjoint and C_w, C_b disjoint. When both sequences are non-increasing,
//! a row's black cells are a prefix of the columns, longer for earlier rows, so (an exchange
//! argument) the black rows and columns may be taken as prefixes 1..r and 1..c, and, for a fixed
//! column split, each row independently takes the better side. Summing the piecewise-linear gain
//! of every row with difference arrays gives the best count for every `c` in O(n + m). The start
//! `(x, y)` (black) is avoided by some maximum independent set (and the first player wins) iff an
//! optimal split exists with row `x` or column `y` on the white side (the exchange argument keeps that property), which is
//! the same computation with row `x` onward (or column `y` onward) forced white. Each threshold
//! costs O(n + m); the binary search runs over the integers between the smallest sum and the
//! start's sum.
//!
//! For sequences in any order, [`value_explicit`] builds the graph of cells and uses the matching
//! of [`crate::games::geography`]: O(n·m·(n + m)) per threshold, for small inputs.

use crate::games::geography::Geography;

/// Whether a sequence is non-increasing.
pub fn is_non_increasing(values: &[i64]) -> bool {
    values.windows(2).all(|w| w[0] >= w[1])
}

/// Black cells per row for threshold `t`: `t_i = #{j : a_i + b_j > t}` (a prefix of the columns
/// when `b` is non-increasing).
fn black_counts(a: &[i64], b: &[i64], t: i128) -> Vec<usize> {
    let mut res = Vec::with_capacity(a.len());
    for &ai in a {
        // b non-increasing: the black columns are those with b_j > t - a_i, a prefix.
        let bound = t - ai as i128;
        res.push(b.partition_point(|&bj| bj as i128 > bound));
    }
    res
}

/// Per column count c in 0..=m, adds `A + B·c` over a range of c, by difference arrays.
struct Linear {
    constant: Vec<i64>,
    slope: Vec<i64>,
}

impl Linear {
    fn new(m: usize) -> Linear {
        Linear {
            constant: vec![0; m + 2],
            slope: vec![0; m + 2],
        }
    }

    /// Adds `a + b·c` for c in lo..=hi (nothing if lo > hi).
    fn add(&mut self, lo: i64, hi: i64, a: i64, b: i64) {
        if lo > hi {
            return;
        }
        let (lo, hi) = (lo as usize, hi as usize);
        self.constant[lo] += a;
        self.constant[hi + 1] -= a;
        self.slope[lo] += b;
        self.slope[hi + 1] -= b;
    }

    /// The row `t` (black prefix length) choosing its better side, for every c.
    fn add_free_row(&mut self, m: i64, t: i64) {
        // c <= t: max(c, m - t); c > t: max(t, m - c).
        self.add(0, t.min(m - t - 1), m - t, 0);
        self.add((m - t).max(0), t, 0, 1);
        self.add(t + 1, m.min(m - t), m, -1);
        self.add((t + 1).max(m - t + 1), m, t, 0);
    }

    /// The row forced to the white side: m - max(c, t).
    fn add_white_row(&mut self, m: i64, t: i64) {
        self.add(0, t, m - t, 0);
        self.add(t + 1, m, m, -1);
    }

    /// The largest value over c.
    fn max(&self) -> i64 {
        let (mut a, mut b) = (0i64, 0i64);
        let mut best = i64::MIN;
        for c in 0..self.constant.len() - 1 {
            a += self.constant[c];
            b += self.slope[c];
            best = best.max(a + b * c as i64);
        }
        best
    }
}

/// The largest independent set with the rows from `forced` on (0-based) forced to the white side.
fn best_split(black: &[usize], m: usize, forced: usize) -> i64 {
    let mut sum = Linear::new(m);
    for (i, &t) in black.iter().enumerate() {
        if i < forced {
            sum.add_free_row(m as i64, t as i64);
        } else {
            sum.add_white_row(m as i64, t as i64);
        }
    }
    sum.max()
}

/// Whether the first player can force a score `<= t` from `(x, y)` (0-based), both sequences
/// non-increasing.
fn first_wins_sorted(a: &[i64], b: &[i64], x: usize, y: usize, t: i128) -> bool {
    if a[x] as i128 + b[y] as i128 <= t {
        return true;
    }
    let rows = black_counts(a, b, t);
    let columns = black_counts(b, a, t);
    let best = best_split(&rows, b.len(), a.len());
    let avoid_row = best_split(&rows, b.len(), x);
    let avoid_column = best_split(&columns, a.len(), y);
    // The start is in every maximum matching iff some maximum independent set avoids it.
    avoid_row == best || avoid_column == best
}

/// The value of the cursor game: the final score under optimal play, the first player
/// minimising, from cursors `(x, y)` (0-based); both sequences non-increasing. O((n + m) log n ·
/// log R) with R the range of the sums.
///
/// # Panics
///
/// If a sequence is empty, not non-increasing, or a cursor is out of range.
///
/// # Examples
///
/// ```
/// use sprague::games::cursors::value_sorted;
/// // One row, sums 5, 3, 1 from the start: whichever cell the minimiser moves to, the maximiser
/// // can make the score 3 (ending at 3, or moving from 1 to 3, where the minimiser is stuck).
/// assert_eq!(value_sorted(&[0], &[5, 3, 1], 0, 0), 3);
/// ```
pub fn value_sorted(a: &[i64], b: &[i64], x: usize, y: usize) -> i128 {
    assert!(is_non_increasing(a) && is_non_increasing(b));
    let mut lo = a[a.len() - 1] as i128 + b[b.len() - 1] as i128 - 1;
    let mut hi = a[x] as i128 + b[y] as i128;
    // Invariant: the first player cannot force <= lo, can force <= hi.
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if first_wins_sorted(a, b, x, y, mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

/// The value for sequences in any order, by the explicit graph of cells and a maximum matching
/// per threshold (the thresholds being the distinct sums).
///
/// # Panics
///
/// If a sequence is empty or a cursor is out of range.
pub fn value_explicit(a: &[i64], b: &[i64], x: usize, y: usize) -> i128 {
    let (n, m) = (a.len(), b.len());
    let sum = |i: usize, j: usize| a[i] as i128 + b[j] as i128;
    let mut sums: Vec<i128> = (0..n)
        .flat_map(|i| (0..m).map(move |j| (i, j)))
        .map(|(i, j)| sum(i, j))
        .collect();
    sums.sort_unstable();
    sums.dedup();
    let wins = |t: i128| -> bool {
        if sum(x, y) <= t {
            return true;
        }
        let id = |i: usize, j: usize| (i * m + j) as u32;
        let mut edges = Vec::new();
        for i in 0..n {
            for j in 0..m {
                let white = sum(i, j) <= t;
                for j2 in j + 1..m {
                    if (sum(i, j2) <= t) != white {
                        edges.push((id(i, j), id(i, j2)));
                    }
                }
                for i2 in i + 1..n {
                    if (sum(i2, j) <= t) != white {
                        edges.push((id(i, j), id(i2, j)));
                    }
                }
            }
        }
        Geography::new(n * m, &edges).wins_from(x * m + y)
    };
    // The smallest sum the first player can force (the start's sum always works).
    let (mut lo, mut hi) = (0usize, sums.partition_point(|&s| s < sum(x, y)));
    while lo < hi {
        let mid = (lo + hi) / 2;
        if wins(sums[mid]) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    sums[lo]
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::collections::HashMap;

    /// Full minimax over (cursors, visited cells, player to move).
    fn brute(a: &[i64], b: &[i64], x: usize, y: usize) -> i128 {
        fn go(
            a: &[i64],
            b: &[i64],
            cell: (usize, usize),
            visited: u32,
            minimiser: bool,
            memo: &mut HashMap<(usize, usize, u32, bool), i128>,
        ) -> i128 {
            if let Some(&v) = memo.get(&(cell.0, cell.1, visited, minimiser)) {
                return v;
            }
            let m = b.len();
            let mut best = a[cell.0] as i128 + b[cell.1] as i128;
            let mut next = Vec::new();
            for i in 0..a.len() {
                next.push((i, cell.1));
            }
            for j in 0..m {
                next.push((cell.0, j));
            }
            for to in next {
                let bit = 1 << (to.0 * m + to.1);
                if visited & bit != 0 {
                    continue;
                }
                let v = go(a, b, to, visited | bit, !minimiser, memo);
                best = if minimiser { best.min(v) } else { best.max(v) };
            }
            memo.insert((cell.0, cell.1, visited, minimiser), best);
            best
        }
        let m = b.len();
        go(a, b, (x, y), 1 << (x * m + y), true, &mut HashMap::new())
    }

    #[test]
    fn the_fast_value_agrees_with_minimax() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        for _ in 0..400 {
            let n = rng.gen_range(1..=4);
            let m = rng.gen_range(1..=12 / n);
            let mut a: Vec<i64> = (0..n).map(|_| rng.gen_range(-5..6)).collect();
            let mut b: Vec<i64> = (0..m).map(|_| rng.gen_range(-5..6)).collect();
            let x = rng.gen_range(0..n);
            let y = rng.gen_range(0..m);
            let expected = brute(&a, &b, x, y);
            assert_eq!(
                value_explicit(&a, &b, x, y),
                expected,
                "{a:?} {b:?} {x} {y}"
            );
            a.sort_unstable_by(|p, q| q.cmp(p));
            b.sort_unstable_by(|p, q| q.cmp(p));
            let expected = brute(&a, &b, x, y);
            assert_eq!(value_sorted(&a, &b, x, y), expected, "{a:?} {b:?} {x} {y}");
            assert_eq!(
                value_explicit(&a, &b, x, y),
                expected,
                "{a:?} {b:?} {x} {y}"
            );
        }
    }

    #[test]
    fn long_sequences_are_fast() {
        let n = 100_000;
        let a: Vec<i64> = (0..n).map(|i| 1_000_000_000 - 7 * i as i64).collect();
        let b: Vec<i64> = (0..n)
            .map(|i| 500_000_000 - 3 * i as i64 - (i as i64 % 5))
            .collect();
        let b: Vec<i64> = {
            let mut b = b;
            b.sort_unstable_by(|p, q| q.cmp(p));
            b
        };
        let v = value_sorted(&a, &b, 0, 0);
        assert!(v <= a[0] as i128 + b[0] as i128);
        assert!(v >= a[n - 1] as i128 + b[n - 1] as i128);
    }
}
