//! The splitting game (HNOI2007 「分裂游戏」, seed notes 002): beans in bottles 1..n; a move takes
//! one bean out of a bottle `i` and puts one bean into bottle `j` and one into bottle `k`, with
//! `i < j <= k` (when `j == k` both go into the same bottle). Whoever cannot move loses: the game
//! ends when every bean is in the last bottle.
//!
//! # Theory
//!
//! Every bean is a game of its own (a move changes one bean into two), so a position is the sum
//! of its beans, and a bean's value depends only on its distance `d` to the last bottle:
//! `g(0) = 0`, `g(d) = mex { g(a) ⊕ g(b) : 0 <= a <= b < d }`. Two beans in one bottle cancel
//! (g ⊕ g = 0), so only the parity of each count matters and counts may be of any size. The
//! values are computed for all distances at once in O(n²): the set of pair-XORs only grows with
//! `d`, so the mex pointer only moves up. A winning move from value `V` takes a bean from a
//! non-empty bottle `i` and finds `j <= k` after it with `g_j ⊕ g_k = V ⊕ g_i`.

use crate::Impartial;

/// `g(d)` for distances `0..n`: the value of one bean `d` bottles before the last.
///
/// # Examples
///
/// ```
/// use sprague::games::split::bean_values;
/// assert_eq!(bean_values(5), [0, 1, 2, 4, 7]);
/// ```
pub fn bean_values(n: usize) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(n);
    // seen[x]: some pair a <= b < d has g(a) ⊕ g(b) = x.
    let mut seen: Vec<bool> = Vec::new();
    let mut mex = 0u64;
    for _ in 0..n {
        while (mex as usize) < seen.len() && seen[mex as usize] {
            mex += 1;
        }
        let value = mex;
        values.push(value);
        // New pairs (a, d) for a <= d.
        let bound = (value + 1).next_power_of_two() as usize;
        if seen.len() < bound.max(1) * 2 {
            seen.resize(bound.max(1) * 2, false);
        }
        for &other in &values {
            let x = (other ^ value) as usize;
            if x >= seen.len() {
                seen.resize((x + 1).next_power_of_two(), false);
            }
            seen[x] = true;
        }
    }
    values
}

/// A move: one bean from bottle `i` into bottles `j` and `k` (0-based, `i < j <= k`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct SplitMove {
    /// The bottle a bean is taken from.
    pub i: usize,
    /// The first bottle a bean is put into.
    pub j: usize,
    /// The second bottle a bean is put into.
    pub k: usize,
}

/// The nim-value of a position given, per bottle, whether its count is odd.
pub fn nim_value(odd: &[bool]) -> u64 {
    let values = bean_values(odd.len());
    let n = odd.len();
    (0..n)
        .filter(|&i| odd[i])
        .fold(0, |acc, i| acc ^ values[n - 1 - i])
}

/// The winning moves: how many there are, and the first `max_listed` of them in lexicographic
/// order of `(i, j, k)`. `nonempty[i]` and `odd[i]` describe bottle `i`'s count.
///
/// Cost O(n²).
pub fn winning_moves(nonempty: &[bool], odd: &[bool], max_listed: usize) -> (u64, Vec<SplitMove>) {
    let n = odd.len();
    let by_distance = bean_values(n);
    let g: Vec<u64> = (0..n).map(|i| by_distance[n - 1 - i]).collect();
    let total = (0..n).filter(|&i| odd[i]).fold(0, |acc, i| acc ^ g[i]);
    if total == 0 {
        return (0, Vec::new());
    }
    // The values are distinct (g(d) avoids every g(b) = g(0) ⊕ g(b), b < d), so each value
    // names at most one bottle.
    let top = g.iter().copied().max().unwrap_or(0);
    let size = (top + 1).next_power_of_two() as usize;
    let mut bottle_of = vec![usize::MAX; size];
    for (idx, &v) in g.iter().enumerate() {
        bottle_of[v as usize] = idx;
    }
    let mut count = 0u64;
    let mut listed = Vec::new();
    for i in 0..n {
        if !nonempty[i] {
            continue;
        }
        let target = total ^ g[i];
        for (j, &gj) in g.iter().enumerate().skip(i + 1) {
            let want = (target ^ gj) as usize;
            let k = if want < size {
                bottle_of[want]
            } else {
                usize::MAX
            };
            if k == usize::MAX || k < j {
                continue;
            }
            count += 1;
            if listed.len() < max_listed {
                listed.push(SplitMove { i, j, k });
            }
        }
    }
    (count, listed)
}

/// The splitting game as a ruleset on machine-word counts, for the generic solvers.
#[derive(Clone, Copy, Debug, Default)]
pub struct Splitting;

impl Impartial for Splitting {
    type Position = Vec<u32>;

    fn options(&self, counts: &Vec<u32>, options: &mut Vec<Vec<u32>>) {
        let n = counts.len();
        for i in 0..n {
            if counts[i] == 0 {
                continue;
            }
            for j in i + 1..n {
                for k in j..n {
                    let mut next = counts.clone();
                    next[i] -= 1;
                    next[j] += 1;
                    next[k] += 1;
                    options.push(next);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MemoSolver;

    #[test]
    fn bean_values_agree_with_the_plain_mex() {
        let fast = bean_values(60);
        let mut slow: Vec<u64> = Vec::new();
        for d in 0..60 {
            let mut set = Vec::new();
            for a in 0..d {
                for b in a..d {
                    set.push(slow[a] ^ slow[b]);
                }
            }
            slow.push((0..).find(|x| !set.contains(x)).unwrap());
        }
        assert_eq!(fast, slow);
    }

    #[test]
    fn winning_moves_agree_with_every_triple_on_longer_rows() {
        for n in 1..=40usize {
            let values = bean_values(n);
            let g = |i: usize| values[n - 1 - i];
            for seed in 0..5usize {
                let odd: Vec<bool> = (0..n)
                    .map(|i| (i * 7 + seed * 3 + i / 3) % 4 == 1)
                    .collect();
                let nonempty: Vec<bool> = (0..n).map(|i| odd[i] || (i + seed) % 3 == 0).collect();
                let total = (0..n).filter(|&i| odd[i]).fold(0, |acc, i| acc ^ g(i));
                let mut expected = Vec::new();
                for i in (0..n).filter(|&i| nonempty[i] && total != 0) {
                    for j in i + 1..n {
                        for k in j..n {
                            if total ^ g(i) ^ g(j) ^ g(k) == 0 {
                                expected.push(SplitMove { i, j, k });
                            }
                        }
                    }
                }
                let (count, listed) = winning_moves(&nonempty, &odd, 10);
                assert_eq!(count, expected.len() as u64, "{n} {seed}");
                assert_eq!(listed, expected[..expected.len().min(10)], "{n} {seed}");
            }
        }
    }

    #[test]
    fn values_and_winning_moves_agree_with_search() {
        let rules = Splitting;
        let mut solver = MemoSolver::new(&rules);
        // Every count vector with entries 0..=2 on up to 4 bottles.
        for n in 1..=4usize {
            for code in 0..3usize.pow(n as u32) {
                let counts: Vec<u32> = (0..n)
                    .map(|b| (code / 3usize.pow(b as u32) % 3) as u32)
                    .collect();
                let odd: Vec<bool> = counts.iter().map(|c| c % 2 == 1).collect();
                let nonempty: Vec<bool> = counts.iter().map(|&c| c > 0).collect();
                let value = solver.grundy_value(&counts).unwrap().value();
                assert_eq!(nim_value(&odd), value, "{counts:?}");
                let mut expected = Vec::new();
                for i in 0..n {
                    for j in i + 1..n {
                        for k in j..n {
                            if counts[i] == 0 {
                                continue;
                            }
                            let mut next = counts.clone();
                            next[i] -= 1;
                            next[j] += 1;
                            next[k] += 1;
                            if solver.grundy_value(&next).unwrap().value() == 0 {
                                expected.push(SplitMove { i, j, k });
                            }
                        }
                    }
                }
                let (count, listed) = winning_moves(&nonempty, &odd, usize::MAX);
                assert_eq!(count, expected.len() as u64, "{counts:?}");
                assert_eq!(listed, expected, "{counts:?}");
            }
        }
    }
}
