//! Nim: heaps of tokens; a move takes any positive number of tokens from one heap.
//!
//! Bouton (1901): the nim-value of a position is the XOR of its heap sizes, and the player to move
//! wins exactly when it is not zero. A winning move brings the XOR to zero: with `x` the XOR, any
//! heap `h` with `h ⊕ x < h` (those whose bit at the top bit of `x` is set) is reduced to `h ⊕ x`.
//! Heaps are big integers: a position of any size is answered exactly.

use num_bigint::BigUint;
use num_traits::Zero;

use crate::Impartial;

/// Nim as a ruleset over machine-word heaps, for the generic solvers. A position is the list of
/// heap sizes; each heap is a component.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

impl Impartial for Nim {
    type Position = Vec<u64>;

    fn options(&self, position: &Vec<u64>, options: &mut Vec<Vec<u64>>) {
        for (idx, &heap) in position.iter().enumerate() {
            for smaller in 0..heap {
                let mut next = position.clone();
                next[idx] = smaller;
                options.push(next);
            }
        }
    }

    fn components(&self, position: &Vec<u64>, components: &mut Vec<Vec<u64>>) {
        components.extend(position.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
    }
}

/// The nim-value of a Nim position: the XOR of its heaps.
pub fn nim_value(heaps: &[BigUint]) -> BigUint {
    let mut res = BigUint::zero();
    for heap in heaps {
        res ^= heap;
    }
    res
}

/// A winning move in Nim: reduce heap `heap` (0-based) to `to` tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NimMove {
    /// Which heap, 0-based.
    pub heap: usize,
    /// Its size after the move.
    pub to: BigUint,
}

/// Every winning move: each heap that can be reduced so that the XOR becomes zero, in heap order.
/// Empty when the position is lost.
///
/// # Examples
///
/// ```
/// use num_bigint::BigUint;
/// use sprague::games::nim::winning_moves;
/// let heaps: Vec<BigUint> = [3u32, 4, 5].map(BigUint::from).to_vec();
/// let moves = winning_moves(&heaps);
/// assert_eq!(moves.len(), 1);
/// assert_eq!((moves[0].heap, moves[0].to.clone()), (0, BigUint::from(1u32)));
/// ```
pub fn winning_moves(heaps: &[BigUint]) -> Vec<NimMove> {
    let total = nim_value(heaps);
    if total.is_zero() {
        return Vec::new();
    }
    heaps
        .iter()
        .enumerate()
        .filter_map(|(heap, size)| {
            let to = size ^ &total;
            (to < *size).then_some(NimMove { heap, to })
        })
        .collect()
}

/// Whether the player to move wins misère Nim (Anti-Nim: whoever takes the last token loses).
///
/// The rule of the seeds (000 §5, after Bouton): when every heap has at most one token, the player
/// to move wins iff the XOR is 0 (an even number of single tokens); otherwise iff the XOR is not 0.
pub fn misere_is_win(heaps: &[BigUint]) -> bool {
    let one = BigUint::from(1u32);
    let all_small = heaps.iter().all(|h| *h <= one);
    nim_value(heaps).is_zero() == all_small
}

/// Every winning move of misère Nim, in heap order.
///
/// With no heap above 1, take any single token (leaving an odd number of them). With exactly one
/// heap above 1, reduce it to 0 or 1, whichever leaves an odd number of single tokens: the only
/// winning move. With two or more, the normal-play moves (XOR to 0) win, and only they: a move that
/// zeroes the XOR leaves at least two heaps above 1.
pub fn misere_winning_moves(heaps: &[BigUint]) -> Vec<NimMove> {
    if !misere_is_win(heaps) {
        return Vec::new();
    }
    let one = BigUint::from(1u32);
    let big: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > one).collect();
    match big.len() {
        0 => (0..heaps.len())
            .filter(|&i| heaps[i] == one)
            .map(|heap| NimMove {
                heap,
                to: BigUint::zero(),
            })
            .collect(),
        1 => {
            let singles = heaps.iter().filter(|h| **h == one).count();
            let to = if singles % 2 == 0 {
                one
            } else {
                BigUint::zero()
            };
            vec![NimMove { heap: big[0], to }]
        }
        _ => winning_moves(heaps),
    }
}

/// The nim-value of machine-word heaps (the fast path of `--batch`).
pub fn nim_value_u64(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |acc, h| acc ^ h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::naive;
    use crate::test_util::{bigs, three_small_heaps};
    use std::collections::HashMap;

    /// Misère play by plain search: with no move left, the player to move has won.
    fn misere_brute(heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        let mut key = heaps.to_vec();
        key.sort_unstable();
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let mut win = heaps.iter().all(|&h| h == 0);
        for i in 0..heaps.len() {
            for s in 0..heaps[i] {
                let mut after = heaps.to_vec();
                after[i] = s;
                if !misere_brute(&after, memo) {
                    win = true;
                }
            }
        }
        memo.insert(key, win);
        win
    }

    #[test]
    fn misere_rule_and_moves_agree_with_plain_search() {
        let mut memo = HashMap::new();
        for a in 0..6u64 {
            for b in 0..6u64 {
                for c in 0..4u64 {
                    for d in 0..3u64 {
                        let position = [a, b, c, d];
                        let big = bigs(&position);
                        assert_eq!(
                            misere_is_win(&big),
                            misere_brute(&position, &mut memo),
                            "{position:?}"
                        );
                        let mut expected = Vec::new();
                        for i in 0..4 {
                            for s in 0..position[i] {
                                let mut after = position;
                                after[i] = s;
                                if !misere_brute(&after, &mut memo) {
                                    expected.push((i, BigUint::from(s)));
                                }
                            }
                        }
                        let got: Vec<(usize, BigUint)> = misere_winning_moves(&big)
                            .into_iter()
                            .map(|m| (m.heap, m.to))
                            .collect();
                        assert_eq!(got, expected, "{position:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn closed_form_agrees_with_plain_search_on_small_positions() {
        for position in three_small_heaps() {
            let big = bigs(&position);
            assert_eq!(
                nim_value(&big),
                BigUint::from(naive::grundy_value(&Nim, &position).value())
            );
            let mut expected: Vec<(usize, BigUint)> = naive::winning_moves(&Nim, &position)
                .into_iter()
                .map(|(component, option)| {
                    // Components are the non-empty heaps, in order.
                    let heap = position
                        .iter()
                        .enumerate()
                        .filter(|(_, &h)| h > 0)
                        .nth(component)
                        .unwrap()
                        .0;
                    (heap, BigUint::from(option.first().copied().unwrap_or(0)))
                })
                .collect();
            expected.sort();
            let got: Vec<(usize, BigUint)> = winning_moves(&big)
                .into_iter()
                .map(|m| (m.heap, m.to))
                .collect();
            assert_eq!(got, expected, "position {position:?}");
        }
    }
}
