//! Helpers shared by the integration tests.

use std::hash::Hash;

use num_bigint::BigUint;
use sprague::Impartial;

/// A ruleset given by the function that lists the options of a position.
pub struct Rules<P>(pub fn(&P, &mut Vec<P>));

impl<P: Clone + Eq + Hash> Impartial for Rules<P> {
    type Position = P;
    fn options(&self, p: &P, options: &mut Vec<P>) {
        (self.0)(p, options)
    }
}

/// A big integer from its 64-bit limbs, lowest first.
pub fn from_limbs(limbs: &[u64]) -> BigUint {
    let digits: Vec<u32> = limbs
        .iter()
        .flat_map(|&l| [l as u32, (l >> 32) as u32])
        .collect();
    BigUint::from_slice(&digits)
}
