//! Coin-turning games (Berlekamp, Conway and Guy, *Winning Ways*, ch. 14, "Turn and turn
//! about"): a row of coins at places 1, 2, 3, …, each showing heads or tails; a move turns over a
//! set of coins that the rule allows, the rightmost of them (the highest place) from heads to
//! tails; whoever cannot move loses. A position is the set of places showing heads.
//!
//! The rules here:
//! - **Twins**: turn exactly two coins. A head at place p plays as a Nim heap of p − 1.
//! - **Ruler**: turn any number of consecutive coins, 1, 2, … up to the rightmost's place.
//! - **Mock Turtles**: turn one, two or three coins.
//!
//! # The theorems
//!
//! *Coin-turning* (*Winning Ways*, ch. 14): a position's nim-value is the XOR of the values of its
//! heads, each taken alone, because the coins a move may turn depend only on their places, and
//! turning a coin adds or removes its value alike (x ⊕ v ⊕ v = x). A head's value is the mex of
//! the XORs of the other coins' values over the moves with it as the rightmost coin:
//! - Twins: v(p) = p − 1.
//! - Ruler: v(p) = the largest power of 2 dividing p (1, 2, 1, 4, 1, 2, 1, 8, …; *Winning Ways*,
//!   ch. 14, "Ruler").
//! - Mock Turtles: v(p) = the (p − 1)-th odious number, counting from 0: of 2n and 2n + 1 (n =
//!   p − 1), the one with an odd number of 1s in binary (1, 2, 4, 7, 8, 11, 13, 14, …; OEIS
//!   A000069). *Winning Ways* numbers its coins from 0 with the same values, 1 at coin 0; here
//!   the first coin is place 1, worth 1.
//!
//! Each value, the XOR rule and every winning move are checked against a plain search of every
//! position of up to 12 coins (`crates/sprague/tests/integration/coin_turning.rs`).
//!
//! # Every winning move
//!
//! With t the position's value, a move whose rightmost coin is the head x and whose other coins
//! have values XOR-ing to s leaves t ⊕ v(x) ⊕ s, so it wins exactly when s = w = t ⊕ v(x). For
//! each head x, by rule:
//! - Twins: the one other coin is the place w + 1, if below x.
//! - Ruler: the coins a..x − 1 have XOR G(x − 1) ⊕ G(a − 1), where G(m) = v(1) ⊕ … ⊕ v(m) is the
//!   Gray code m ⊕ ⌊m/2⌋ (consecutive Gray codes differ in the bit of the largest power of 2
//!   dividing m), so a − 1 = G⁻¹(G(x − 1) ⊕ w): at most one move, if a ≤ x.
//! - Mock Turtles: x alone if w = 0; x and the place whose value is w, if w is odious and it is
//!   below x; x and two places whose values XOR to w, if w is evil (an even number of 1s) and not
//!   0: the odious numbers of n and n ⊕ ⌊w/2⌋ XOR to w for every n, so the pairs are the places
//!   n + 1 < m + 1 < x with m = n ⊕ ⌊w/2⌋ and m having the top bit of ⌊w/2⌋; there can be about
//!   x/2 of them, counted exactly and listed up to a limit.

use num_bigint::BigUint;
use num_traits::{One, Zero};

use crate::Impartial;

/// A rule of which coins a move turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurningRule {
    /// Turn one, two or three coins.
    MockTurtles,
    /// Turn any number of consecutive coins.
    Ruler,
    /// Turn exactly two coins.
    Twins,
}

impl TurningRule {
    /// Every rule, in the order of their names.
    pub const ALL: [TurningRule; 3] = [
        TurningRule::MockTurtles,
        TurningRule::Ruler,
        TurningRule::Twins,
    ];

    /// The rule's name as typed: `mock-turtles`, `ruler`, `twins`.
    pub fn name(self) -> &'static str {
        match self {
            TurningRule::MockTurtles => "mock-turtles",
            TurningRule::Ruler => "ruler",
            TurningRule::Twins => "twins",
        }
    }

    /// The rule named `name`.
    pub fn from_name(name: &str) -> Option<TurningRule> {
        TurningRule::ALL.into_iter().find(|r| r.name() == name)
    }

    /// The value of a head at `place` alone (1-based; place 0 is no coin, worth 0).
    pub fn value(self, place: &BigUint) -> BigUint {
        if place.is_zero() {
            return BigUint::zero();
        }
        match self {
            TurningRule::Twins => place - 1u32,
            TurningRule::Ruler => BigUint::one() << place.trailing_zeros().expect("not zero"),
            TurningRule::MockTurtles => odious(&(place - 1u32)),
        }
    }

    /// The number of moves whose rightmost coin is a head at `place`: p − 1 (Twins), p (Ruler),
    /// 1 + (p − 1) + (p − 1)(p − 2)/2 (Mock Turtles).
    pub fn move_count(self, place: &BigUint) -> BigUint {
        if place.is_zero() {
            return BigUint::zero();
        }
        let below = place - 1u32;
        match self {
            TurningRule::Twins => below,
            TurningRule::Ruler => place.clone(),
            TurningRule::MockTurtles => {
                let pairs = if below.is_zero() {
                    BigUint::zero()
                } else {
                    &below * (&below - 1u32) / 2u32
                };
                1u32 + below + pairs
            }
        }
    }

    /// The coins turned by all the moves at `place` together: what listing them writes (Ruler's
    /// runs 1 + 2 + … + place; two a move for Twins; one, two or three for Mock Turtles).
    pub fn coins_turned(self, place: &BigUint) -> BigUint {
        if place.is_zero() {
            return BigUint::zero();
        }
        let below = place - 1u32;
        match self {
            TurningRule::Twins => below * 2u32,
            TurningRule::Ruler => place * (place + 1u32) / 2u32,
            TurningRule::MockTurtles => {
                let pairs = if below.is_zero() {
                    BigUint::zero()
                } else {
                    &below * (&below - 1u32) / 2u32
                };
                1u32 + below * 2u32 + pairs * 3u32
            }
        }
    }

    /// Calls `visit` with the coins turned by every move whose rightmost coin is at `place`,
    /// in increasing order of place (the last is `place`).
    pub fn for_each_move(self, place: u64, mut visit: impl FnMut(&[u64])) {
        if place == 0 {
            return;
        }
        match self {
            TurningRule::Twins => {
                for q in 1..place {
                    visit(&[q, place]);
                }
            }
            TurningRule::Ruler => {
                for first in (1..=place).rev() {
                    let run: Vec<u64> = (first..=place).collect();
                    visit(&run);
                }
            }
            TurningRule::MockTurtles => {
                visit(&[place]);
                for q in 1..place {
                    visit(&[q, place]);
                }
                for q in 1..place {
                    for r in 1..q {
                        visit(&[r, q, place]);
                    }
                }
            }
        }
    }
}

/// The n-th odious number, counting from 0: 2n or 2n + 1, whichever has an odd number of 1s.
pub fn odious(n: &BigUint) -> BigUint {
    let even_ones = n.count_ones() % 2 == 0;
    (n << 1u32) + u32::from(even_ones)
}

/// The Gray code m ⊕ ⌊m/2⌋: the XOR of the Ruler values of places 1..=m.
pub fn gray(m: &BigUint) -> BigUint {
    m ^ (m >> 1u32)
}

/// The inverse of [`gray`]: the m with m ⊕ ⌊m/2⌋ = g (the XOR of g shifted right by 0, 1, 2, …).
pub fn gray_inverse(g: &BigUint) -> BigUint {
    let mut m = g.clone();
    let mut shift = 1u64;
    while shift < g.bits().max(1) {
        let shifted = &m >> shift;
        m ^= shifted;
        shift <<= 1;
    }
    m
}

/// A position's nim-value: the XOR of its heads' values. `heads` are distinct places, 1-based.
pub fn nim_value(rule: TurningRule, heads: &[BigUint]) -> BigUint {
    let mut res = BigUint::zero();
    for head in heads {
        res ^= rule.value(head);
    }
    res
}

/// A move: the coins it turns; the rightmost is the head turned to tails.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum TurningMove {
    /// The places turned, increasing (Twins, Mock Turtles: two, or one to three, coins).
    Coins(Vec<BigUint>),
    /// The run of consecutive places `first..=last` (Ruler), which may be too long to list.
    Run {
        /// The leftmost place turned.
        first: BigUint,
        /// The rightmost place turned: the head.
        last: BigUint,
    },
}

impl TurningMove {
    /// The move turning `coins` (increasing places) under `rule`: a run for Ruler.
    pub fn from_coins(rule: TurningRule, coins: &[u64]) -> TurningMove {
        match (rule, coins.first(), coins.last()) {
            (TurningRule::Ruler, Some(&first), Some(&last)) => TurningMove::Run {
                first: BigUint::from(first),
                last: BigUint::from(last),
            },
            _ => TurningMove::Coins(coins.iter().map(|&c| BigUint::from(c)).collect()),
        }
    }

    /// The rightmost coin turned: the head turned to tails.
    pub fn head(&self) -> &BigUint {
        match self {
            TurningMove::Coins(coins) => coins.last().expect("a move turns a coin"),
            TurningMove::Run { last, .. } => last,
        }
    }

    /// Every coin the move turns, increasing. A Ruler run is listed whole: only for runs known
    /// to be short enough to list.
    pub fn coins(&self) -> Vec<BigUint> {
        match self {
            TurningMove::Coins(coins) => coins.clone(),
            TurningMove::Run { first, last } => {
                let mut all = Vec::new();
                let mut coin = first.clone();
                while coin <= *last {
                    all.push(coin.clone());
                    coin += 1u32;
                }
                all
            }
        }
    }
}

/// The winning moves of a position: the first ones listed, and how many there are.
#[derive(Clone, Debug)]
pub struct WinningMoves {
    /// At most the number asked for: by head, left to right; for each head, the move turning
    /// fewest coins first, then (Mock Turtles' three-coin moves) by the middle coin.
    pub moves: Vec<TurningMove>,
    /// How many winning moves there are, exactly.
    pub count: BigUint,
}

/// How many places m < `below` have bit `bit` set.
fn count_with_bit(below: &BigUint, bit: u64) -> BigUint {
    let block = BigUint::one() << (bit + 1);
    let half = BigUint::one() << bit;
    let whole = (below >> (bit + 1)) << bit;
    let rest = below % &block;
    whole
        + if rest > half {
            rest - half
        } else {
            BigUint::zero()
        }
}

/// Every winning move of `heads` (distinct 1-based places) under `rule`, at most `max_listed` of
/// them listed, and their number. See the module's documentation for how they are found.
pub fn winning_moves(rule: TurningRule, heads: &[BigUint], max_listed: usize) -> WinningMoves {
    let total = nim_value(rule, heads);
    let mut moves = Vec::new();
    let mut count = BigUint::zero();
    if total.is_zero() {
        return WinningMoves { moves, count };
    }
    let mut sorted: Vec<&BigUint> = heads.iter().collect();
    sorted.sort();
    for &x in &sorted {
        let w = &total ^ rule.value(x);
        count += moves_with_others(rule, x, &w, max_listed, &mut moves);
    }
    WinningMoves { moves, count }
}

/// The moves whose rightmost coin is the head at `x` and whose other coins' values XOR to `w`:
/// their number, returned, and the first of them pushed onto `moves` while it holds fewer than
/// `max_listed` (the move turning fewest coins first, then by the middle coin).
pub fn moves_with_others(
    rule: TurningRule,
    x: &BigUint,
    w: &BigUint,
    max_listed: usize,
    moves: &mut Vec<TurningMove>,
) -> BigUint {
    let list = |moves: &mut Vec<TurningMove>, m: TurningMove| {
        if moves.len() < max_listed {
            moves.push(m);
        }
    };
    if x.is_zero() {
        return BigUint::zero();
    }
    match rule {
        TurningRule::Twins => {
            let q = w + 1u32;
            if q < *x {
                list(moves, TurningMove::Coins(vec![q, x.clone()]));
                return BigUint::one();
            }
            BigUint::zero()
        }
        TurningRule::Ruler => {
            let below = x - 1u32;
            let m = gray_inverse(&(gray(&below) ^ w));
            if m <= below {
                list(
                    moves,
                    TurningMove::Run {
                        first: m + 1u32,
                        last: x.clone(),
                    },
                );
                return BigUint::one();
            }
            BigUint::zero()
        }
        TurningRule::MockTurtles => {
            if w.is_zero() {
                list(moves, TurningMove::Coins(vec![x.clone()]));
                return BigUint::one();
            }
            let half = w >> 1u32;
            if w.count_ones() % 2 == 1 {
                // w is odious: the one other coin worth w is at place ⌊w/2⌋ + 1.
                let q = &half + 1u32;
                if q < *x {
                    list(moves, TurningMove::Coins(vec![q, x.clone()]));
                    return BigUint::one();
                }
                return BigUint::zero();
            }
            // w is evil: pairs of places n + 1 < m + 1 < x with m = n ⊕ ⌊w/2⌋, m having the top
            // bit of ⌊w/2⌋.
            let below = x - 1u32;
            let top = half.bits() - 1;
            let count = count_with_bit(&below, top);
            let mut m = BigUint::one() << top;
            while m < below && moves.len() < max_listed {
                let n = &m ^ &half;
                list(
                    moves,
                    TurningMove::Coins(vec![&n + 1u32, &m + 1u32, x.clone()]),
                );
                m += 1u32;
                if !m.bit(top) {
                    m += BigUint::one() << top;
                }
            }
            count
        }
    }
}

/// A coin-turning game on the places 1..=64 as a ruleset, for the plain search that checks the
/// theorems: a position is a bit mask, bit p − 1 set when place p shows heads.
#[derive(Clone, Copy, Debug)]
pub struct CoinTurning {
    /// The rule.
    pub rule: TurningRule,
}

impl Impartial for CoinTurning {
    type Position = u64;

    fn options(&self, heads: &u64, options: &mut Vec<u64>) {
        for place in 1..=64u64 {
            if heads >> (place - 1) & 1 == 1 {
                self.rule.for_each_move(place, |coins| {
                    let turned = coins.iter().fold(0u64, |acc, c| acc | 1 << (c - 1));
                    options.push(heads ^ turned);
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::big;

    #[test]
    fn first_values_of_each_rule() {
        let values = |rule: TurningRule| -> Vec<u64> {
            (1..=8)
                .map(|p| u64::try_from(rule.value(&big(p))).unwrap())
                .collect()
        };
        assert_eq!(values(TurningRule::Twins), [0, 1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(values(TurningRule::Ruler), [1, 2, 1, 4, 1, 2, 1, 8]);
        assert_eq!(
            values(TurningRule::MockTurtles),
            [1, 2, 4, 7, 8, 11, 13, 14]
        );
    }

    #[test]
    fn the_coins_turned_are_those_the_moves_list() {
        for rule in [
            TurningRule::Twins,
            TurningRule::Ruler,
            TurningRule::MockTurtles,
        ] {
            for place in 0..40u64 {
                let (mut moves, mut coins) = (0u64, 0u64);
                rule.for_each_move(place, |c| {
                    moves += 1;
                    coins += c.len() as u64;
                });
                assert_eq!(rule.move_count(&big(place)), big(moves), "{rule:?} {place}");
                assert_eq!(
                    rule.coins_turned(&big(place)),
                    big(coins),
                    "{rule:?} {place}"
                );
            }
        }
    }

    #[test]
    fn gray_codes_invert() {
        for m in 0..5000u64 {
            assert_eq!(gray_inverse(&gray(&big(m))), big(m));
        }
    }
}
