//! Staircase Nim (阶梯博弈): coins lie on steps 1..n of a staircase; a move takes any positive number
//! of coins from one step i down to step i − 1. Step 0 is off the board: coins moved there are
//! gone. Whoever cannot move (every coin off the board) loses.
//!
//! Theorem (Sprague; *Winning Ways*, ch. 11; seed 001): the nim-value is the XOR of the coins on
//! the odd steps. Every move changes exactly one odd step's count: a move from an odd step lowers
//! it, a move from an even step i raises odd step i − 1. So no move keeps the XOR, and lowering an
//! odd step reaches every smaller value as in Nim; by the mex rule the value is the XOR.
//!
//! Winning moves, with x the XOR of the odd steps (x ≠ 0): from an odd step holding h with
//! h ⊕ x < h, move h − (h ⊕ x) coins down (as in Nim); and from an even step i holding c, whose
//! odd neighbour i − 1 holds h with h ⊕ x > h, move (h ⊕ x) − h coins down when that is at most
//! c. Nothing else wins, since every other move leaves the changed odd step at a value other
//! than h ⊕ x.

use num_bigint::BigUint;
use num_traits::Zero;

use crate::Impartial;

/// Staircase Nim over machine-word counts, for the generic solvers. A position lists the coins on
/// steps 1, 2, …, n (index 0 is step 1).
#[derive(Clone, Copy, Debug, Default)]
pub struct Staircase;

impl Impartial for Staircase {
    type Position = Vec<u64>;

    fn options(&self, position: &Vec<u64>, options: &mut Vec<Vec<u64>>) {
        for (idx, &coins) in position.iter().enumerate() {
            for moved in 1..=coins {
                let mut next = position.clone();
                next[idx] -= moved;
                if idx > 0 {
                    next[idx - 1] += moved;
                }
                options.push(next);
            }
        }
    }
}

/// The nim-value: the XOR of the coins on the odd steps (indices 0, 2, 4, …).
pub fn nim_value(steps: &[BigUint]) -> BigUint {
    let mut res = BigUint::zero();
    for coins in steps.iter().step_by(2) {
        res ^= coins;
    }
    res
}

/// A move: `coins` coins go from step `step` (1-based) to step `step − 1` (0: off the board).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaircaseMove {
    /// The step the coins leave, 1-based.
    pub step: usize,
    /// How many coins move, at least 1.
    pub coins: BigUint,
}

impl StaircaseMove {
    /// The position after this move.
    ///
    /// # Panics
    ///
    /// If the step does not exist or holds fewer coins (it is not a move of this position).
    pub fn apply(&self, steps: &[BigUint]) -> Vec<BigUint> {
        let mut after = steps.to_vec();
        after[self.step - 1] -= &self.coins;
        if self.step > 1 {
            after[self.step - 2] += &self.coins;
        }
        after
    }
}

/// Every winning move, in step order (at most one per step). Empty when the position is lost.
///
/// # Examples
///
/// ```
/// use num_bigint::BigUint;
/// use sprague::games::staircase::{winning_moves, StaircaseMove};
/// // Steps 1..3 hold 1, 2, 2: the odd steps XOR to 1 ^ 2 = 3.
/// let steps = [1u32, 2, 2].map(BigUint::from);
/// assert_eq!(winning_moves(&steps), [
///     StaircaseMove { step: 2, coins: BigUint::from(1u32) }, // step 1 becomes 2 = 1 ^ 3
///     StaircaseMove { step: 3, coins: BigUint::from(1u32) }, // step 3 becomes 1 = 2 ^ 3
/// ]);
/// ```
pub fn winning_moves(steps: &[BigUint]) -> Vec<StaircaseMove> {
    let total = nim_value(steps);
    if total.is_zero() {
        return Vec::new();
    }
    let mut res = Vec::new();
    for (idx, coins) in steps.iter().enumerate() {
        if idx % 2 == 0 {
            // An odd step: lower it as in Nim.
            let target = coins ^ &total;
            if target < *coins {
                res.push(StaircaseMove {
                    step: idx + 1,
                    coins: coins - target,
                });
            }
        } else {
            // An even step: raise the odd step below it.
            let below = &steps[idx - 1];
            let target = below ^ &total;
            if target > *below {
                let moved = target - below;
                if moved <= *coins {
                    res.push(StaircaseMove {
                        step: idx + 1,
                        coins: moved,
                    });
                }
            }
        }
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MemoSolver;
    use crate::value::Outcome;

    /// Every staircase of `steps` steps with at most `most` coins on each.
    fn all_staircases(steps: usize, most: u64) -> Vec<Vec<u64>> {
        let mut res = vec![Vec::new()];
        for _ in 0..steps {
            res = res
                .into_iter()
                .flat_map(|p| {
                    (0..=most).map(move |c| {
                        let mut q = p.clone();
                        q.push(c);
                        q
                    })
                })
                .collect();
        }
        res
    }

    #[test]
    fn closed_form_and_winning_moves_agree_with_brute_force() {
        let mut solver = MemoSolver::new(&Staircase);
        let mut checked = 0;
        for steps in 1..=5 {
            for position in all_staircases(steps, 3) {
                let big: Vec<BigUint> = position.iter().map(|&c| BigUint::from(c)).collect();
                let value = solver.grundy_value(&position).unwrap().value();
                assert_eq!(nim_value(&big), BigUint::from(value), "{position:?}");
                let outcome = solver.outcome(&position).unwrap();
                assert_eq!(outcome == Outcome::P, value == 0, "{position:?}");
                let mut expected: Vec<Vec<u64>> = solver
                    .winning_moves(&position)
                    .unwrap()
                    .into_iter()
                    .map(|m| m.option)
                    .collect();
                expected.sort();
                let mut got: Vec<Vec<u64>> = winning_moves(&big)
                    .iter()
                    .map(|m| {
                        m.apply(&big)
                            .into_iter()
                            .map(|c| u64::try_from(c).unwrap())
                            .collect()
                    })
                    .collect();
                got.sort();
                assert_eq!(got, expected, "{position:?}");
                checked += 1;
            }
        }
        assert_eq!(checked, 4 + 16 + 64 + 256 + 1024);
    }

    #[test]
    fn moves_from_even_steps_win_when_they_fill_the_odd_step() {
        // Steps 1, 2 hold 0, 5: the value is 0. Steps 1..3 hold 0, 5, 3: move 3 from step 2.
        let steps = [0u32, 5, 3].map(BigUint::from);
        let moves = winning_moves(&steps);
        assert!(moves.contains(&StaircaseMove {
            step: 2,
            coins: BigUint::from(3u32)
        }));
        assert!(moves.contains(&StaircaseMove {
            step: 3,
            coins: BigUint::from(3u32)
        }));
        assert_eq!(moves.len(), 2);
    }
}
