//! Nim-values (Sprague–Grundy values) and the minimum excludant.

use std::fmt;
use std::ops::{BitXor, BitXorAssign};

/// A nim-value: the Sprague–Grundy value of a position, `*n` in Conway's notation.
///
/// Nim-values add by XOR (the nim-sum), which is the whole reason to compute them: the value
/// of a sum of games is the nim-sum of the values of its components.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Nimber(u64);

impl Nimber {
    /// The nim-value zero: a previous-player win.
    pub const ZERO: Nimber = Nimber(0);

    /// The nim-value `*value`.
    pub const fn new(value: u64) -> Nimber {
        Nimber(value)
    }

    /// The value as an integer.
    pub const fn value(self) -> u64 {
        self.0
    }

    /// Whether this is zero, i.e. the player to move loses.
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl BitXor for Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl BitXorAssign for Nimber {
    fn bitxor_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A reusable bit set for taking the minimum excludant of many small sets.
///
/// The mex of `d` values is at most `d`, so values above `d` are dropped and the set never needs
/// more than `d + 1` bits. Clearing touches only the words that were written, so one `MexSet` serves
/// a whole solve without reallocating.
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    // Invariant: all zero between calls.
    words: Vec<u64>,
}

impl MexSet {
    /// An empty set.
    pub fn new() -> MexSet {
        MexSet::default()
    }

    /// The minimum excludant of `values`: the least non-negative integer not among them.
    ///
    /// `count` must be the number of values the iterator yields (an upper bound is fine); it sizes
    /// the bit set.
    pub fn mex(&mut self, count: usize, values: impl IntoIterator<Item = u64>) -> u64 {
        if count < 64 {
            let mut seen = 0u64;
            for v in values {
                if v < 64 {
                    seen |= 1 << v;
                }
            }
            return (!seen).trailing_zeros() as u64;
        }
        let n_words = count / 64 + 1;
        if self.words.len() < n_words {
            self.words.resize(n_words, 0);
        }
        let limit = (n_words * 64) as u64;
        for v in values {
            if v < limit {
                self.words[(v / 64) as usize] |= 1 << (v % 64);
            }
        }
        let mut res = limit;
        for (idx, word) in self.words[..n_words].iter().enumerate() {
            if *word != u64::MAX {
                res = idx as u64 * 64 + (!word).trailing_zeros() as u64;
                break;
            }
        }
        self.words[..n_words].fill(0);
        res
    }
}

/// The minimum excludant of a set of nim-values, for one-off use (see [`MexSet`] for many).
///
/// # Examples
///
/// ```
/// use sprague::value::{mex, Nimber};
/// let values = [0, 1, 3].map(Nimber::new);
/// assert_eq!(mex(values), Nimber::new(2));
/// ```
pub fn mex(values: impl IntoIterator<Item = Nimber>) -> Nimber {
    let values: Vec<u64> = values.into_iter().map(Nimber::value).collect();
    Nimber(MexSet::new().mex(values.len(), values))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mex_by_scan(values: &[u64]) -> u64 {
        (0..).find(|x| !values.contains(x)).unwrap()
    }

    #[test]
    fn mex_agrees_with_scanning_for_small_and_wide_sets() {
        let mut set = MexSet::new();
        let cases: Vec<Vec<u64>> = vec![
            vec![],
            vec![1],
            vec![0, 0, 2],
            (0..63).collect(),
            (0..64).collect(),
            (0..200).filter(|v| v % 97 != 96).collect(),
            (0..300).rev().collect(),
            vec![5, 1_000_000, 0, 1, 2, 3, 4],
        ];
        for values in cases {
            assert_eq!(
                set.mex(values.len(), values.iter().copied()),
                mex_by_scan(&values)
            );
        }
    }
}
