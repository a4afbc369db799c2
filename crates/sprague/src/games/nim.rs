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

/// The nim-value of machine-word heaps (the fast path of `--batch`).
pub fn nim_value_u64(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |acc, h| acc ^ h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::naive;

    #[test]
    fn closed_form_agrees_with_plain_search_on_small_positions() {
        for a in 0..5u64 {
            for b in 0..5u64 {
                for c in 0..4u64 {
                    let position = vec![a, b, c];
                    let big: Vec<BigUint> = position.iter().map(|&h| BigUint::from(h)).collect();
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
                    let got: Vec<(usize, BigUint)> =
                        winning_moves(&big).into_iter().map(|m| (m.heap, m.to)).collect();
                    assert_eq!(got, expected, "position {position:?}");
                }
            }
        }
    }
}
