//! Products of coin-turning games (*Winning Ways*, ch. 14, "Tartans"): coins on a grid of places
//! (a, b) (or a box of d dimensions), each showing heads or tails; a move turns every coin of a
//! product A × B, where A is a set the first rule may turn with rightmost coin a and B a set the
//! second rule may turn with rightmost coin b, and the corner (a, b) goes from heads to tails.
//! Twins × Twins is *Turning Corners* (the four corners of a rectangle), Ruler × Ruler is *Rugs*.
//!
//! # The theorems
//!
//! *Coin-turning*: a position's value is the XOR of its heads' values, as in one dimension.
//! *Tartan*: the value of a head at (a, b) is the nim product v₁(a) ⊗ v₂(b) of its values in the
//! two games (and in d dimensions the product of d values): the XOR of the values of the coins of
//! A × B is (⊕ v₁(A)) ⊗ (⊕ v₂(B)) by distributivity, and the options of a product of two heads
//! realise exactly the products α ⊗ β' ⊕ α' ⊗ β ⊕ α' ⊗ β' of the mex definition of ⊗.
//!
//! # Every winning move
//!
//! With T the position's value, the move turning A × B with corner at the head h leaves
//! T ⊕ α₁ ⊗ … ⊗ α_d, where α_i is the XOR of the i-th rule's values over the i-th factor; it wins
//! exactly when α₁ ⊗ … ⊗ α_d = T. For each head, every dimension but one (the one with the most
//! choices) runs over the XORs its rule can make with that rightmost coin; the last factor must
//! then make α_d = T ⊗ (α₁ ⊗ … ⊗ α_{d−1})⁻¹ in the field of nimbers, and the one-dimensional
//! rule says at once whether it can and with which coins
//! ([`coin_turning::moves_with_others`](super::coin_turning::moves_with_others)). The work is the
//! number of combinations tried, [`search_size`]; the caller bounds it.
//!
//! Checked against a plain search of every position of 3 × 4 grids for every pair of rules and of
//! 2 × 2 × 3 boxes (`crates/sprague/tests/integration/tartan.rs`).

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use super::coin_turning::{moves_with_others, TurningMove, TurningRule};
use crate::value::{nim_inverse_u64, nim_product, nim_product_u64};

/// A product of one-dimensional coin-turning rules, one a dimension (at least two).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProductRule {
    rules: Vec<TurningRule>,
}

impl ProductRule {
    /// The product of `rules`, in the order of the coordinates; `None` for fewer than two.
    pub fn new(rules: Vec<TurningRule>) -> Option<ProductRule> {
        (rules.len() >= 2).then_some(ProductRule { rules })
    }

    /// The rules, one a coordinate.
    pub fn rules(&self) -> &[TurningRule] {
        &self.rules
    }

    /// The name as typed: the rules' names joined by commas (`ruler,twins`).
    pub fn name(&self) -> String {
        let names: Vec<&str> = self.rules.iter().map(|r| r.name()).collect();
        names.join(",")
    }

    /// The value of a head alone at `coin` (1-based coordinates): the nim product of its
    /// coordinates' values.
    ///
    /// # Panics
    ///
    /// When `coin` has not one coordinate a rule.
    pub fn value(&self, coin: &[BigUint]) -> BigUint {
        assert_eq!(coin.len(), self.rules.len(), "one coordinate a rule");
        let mut value = BigUint::one();
        for (rule, place) in self.rules.iter().zip(coin) {
            value = nim_product(&value, &rule.value(place));
        }
        value
    }

    /// The number of moves whose corner is a head at `coin`: the product of the rules' counts.
    pub fn move_count(&self, coin: &[BigUint]) -> BigUint {
        self.rules
            .iter()
            .zip(coin)
            .map(|(rule, place)| rule.move_count(place))
            .product()
    }

    /// Calls `visit` with every move whose corner is at `coin`: one set of places a coordinate
    /// (each increasing, its last the coordinate), the first coordinate's sets varying slowest.
    pub fn for_each_move(&self, coin: &[u64], mut visit: impl FnMut(&[Vec<u64>])) {
        let lists: Vec<Vec<Vec<u64>>> = self
            .rules
            .iter()
            .zip(coin)
            .map(|(rule, &place)| {
                let mut sets = Vec::new();
                rule.for_each_move(place, |coins| sets.push(coins.to_vec()));
                sets
            })
            .collect();
        let mut factors: Vec<Vec<u64>> = Vec::with_capacity(lists.len());
        cartesian(&lists, &mut factors, &mut visit);
    }
}

fn cartesian<T: Clone>(lists: &[Vec<T>], chosen: &mut Vec<T>, visit: &mut impl FnMut(&[T])) {
    let Some((first, rest)) = lists.split_first() else {
        visit(chosen);
        return;
    };
    for item in first {
        chosen.push(item.clone());
        cartesian(rest, chosen, visit);
        chosen.pop();
    }
}

/// A position's value: the XOR of its heads' values. `heads` are distinct coins.
pub fn nim_value(rule: &ProductRule, heads: &[Vec<BigUint>]) -> BigUint {
    heads
        .iter()
        .fold(BigUint::zero(), |acc, head| acc ^ rule.value(head))
}

/// A move of a product game: the coins it turns in each coordinate (Ruler's as a run); it turns
/// every coin of their product, and its corner is the head turned to tails.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ProductMove {
    /// One factor a coordinate.
    pub factors: Vec<TurningMove>,
}

impl ProductMove {
    /// The move turning the product of `factors` (one increasing set of places a coordinate).
    pub fn from_coins(rule: &ProductRule, factors: &[Vec<u64>]) -> ProductMove {
        ProductMove {
            factors: rule
                .rules
                .iter()
                .zip(factors)
                .map(|(&r, coins)| TurningMove::from_coins(r, coins))
                .collect(),
        }
    }

    /// The head turned to tails: the last coin of every factor.
    pub fn corner(&self) -> Vec<BigUint> {
        self.factors.iter().map(|f| f.head().clone()).collect()
    }
}

/// The winning moves of a product position: the first ones listed, and how many there are.
#[derive(Clone, Debug)]
pub struct ProductWinningMoves {
    /// At most the number asked for: by head (in the order given), then by the first
    /// coordinate's factor, then the next.
    pub moves: Vec<ProductMove>,
    /// How many winning moves there are, exactly.
    pub count: BigUint,
}

/// How many XORs of the other coins' values a rule's moves with rightmost coin at `place` are
/// tried among: every one below a bound that holds them all.
fn choices(rule: TurningRule, place: &BigUint) -> BigUint {
    match rule {
        TurningRule::Twins | TurningRule::Ruler => place.clone(),
        // Other coins are worth less than 2·place, so their XORs are below 2^(bits(place) + 1).
        TurningRule::MockTurtles => BigUint::one() << (place.bits() + 1),
    }
}

/// The XORs of the other coins' values, s, that moves with rightmost coin `place` can make
/// (every one at least once), for a place that fits a word.
fn others_xors(rule: TurningRule, place: u64) -> Vec<u64> {
    match rule {
        TurningRule::Twins => (0..place.saturating_sub(1)).collect(),
        TurningRule::Ruler => {
            // Coins first..place − 1 have XOR gray(place − 1) ⊕ gray(first − 1).
            let below = place - 1;
            let top = below ^ (below >> 1);
            (0..place).map(|m| top ^ m ^ (m >> 1)).collect()
        }
        TurningRule::MockTurtles => {
            let place_big = BigUint::from(place);
            let bound = 1u64 << (64 - place.leading_zeros() + 1);
            (0..bound)
                .filter(|&s| {
                    let mut none = Vec::new();
                    !moves_with_others(rule, &place_big, &BigUint::from(s), 0, &mut none).is_zero()
                })
                .collect()
        }
    }
}

/// The value of a head at `place` alone, when it fits a word.
fn value_u64(rule: TurningRule, place: u64) -> Option<u64> {
    rule.value(&BigUint::from(place)).to_u64()
}

/// Whether a move with rightmost coin at `place` has other coins whose values XOR to `w`: the
/// test of [`moves_with_others`] on machine words.
fn realizable(rule: TurningRule, place: u64, w: u64) -> bool {
    if place == 0 {
        return false;
    }
    let below = place - 1;
    match rule {
        TurningRule::Twins => w < below,
        TurningRule::Ruler => {
            let mut m = w ^ below ^ (below >> 1);
            let mut shift = 1;
            while shift < 64 {
                m ^= m >> shift;
                shift <<= 1;
            }
            m <= below
        }
        TurningRule::MockTurtles => {
            if w == 0 {
                return true;
            }
            let half = w >> 1;
            if w.count_ones() % 2 == 1 {
                return half + 1 < place;
            }
            // Evil: a pair n < m < below with m having the top bit of ⌊w/2⌋.
            1u64 << (63 - half.leading_zeros()) < below
        }
    }
}

/// The number of combinations [`winning_moves`] tries for `heads`: for each head, the product of
/// every coordinate's choices but the largest.
pub fn search_size(rule: &ProductRule, heads: &[Vec<BigUint>]) -> BigUint {
    heads
        .iter()
        .map(|head| {
            let sizes: Vec<BigUint> = rule
                .rules
                .iter()
                .zip(head)
                .map(|(&r, place)| choices(r, place))
                .collect();
            let largest = sizes.iter().max().cloned().unwrap_or_default();
            let product: BigUint = sizes.iter().product();
            if largest.is_zero() {
                BigUint::zero()
            } else {
                product / largest
            }
        })
        .sum()
}

/// Every winning move of `heads` (distinct coins, one 1-based coordinate a rule), at most
/// `max_listed` of them listed, and their number. The work is [`search_size`]; every coordinate
/// but each head's largest must fit a machine word.
///
/// # Panics
///
/// When a coordinate that is searched over does not fit a machine word: bound
/// [`search_size`] first.
pub fn winning_moves(
    rule: &ProductRule,
    heads: &[Vec<BigUint>],
    max_listed: usize,
) -> ProductWinningMoves {
    let total = nim_value(rule, heads);
    let mut moves = Vec::new();
    let mut count = BigUint::zero();
    if total.is_zero() {
        return ProductWinningMoves { moves, count };
    }
    for head in heads {
        let solved = (0..rule.rules.len())
            .max_by_key(|&i| choices(rule.rules[i], &head[i]))
            .expect("two coordinates or more");
        // The coordinates searched over, each with its XORs of other coins.
        let searched: Vec<(usize, u64, Vec<u64>)> = (0..rule.rules.len())
            .filter(|&i| i != solved)
            .map(|i| {
                let place = head[i].to_u64().expect("bounded by search_size");
                (i, place, others_xors(rule.rules[i], place))
            })
            .collect();
        let own: Vec<u64> = searched
            .iter()
            .map(|&(i, place, _)| {
                value_u64(rule.rules[i], place).expect("a searched place has a word's value")
            })
            .collect();
        let solved_rule = rule.rules[solved];
        let solved_value = solved_rule.value(&head[solved]);
        // Machine words all the way when the total and the solved place fit them.
        let fast = total
            .to_u64()
            .zip(head[solved].to_u64())
            .zip(solved_value.to_u64());
        let mut pick = vec![0usize; searched.len()];
        let mut alphas = vec![(0u64, 0u64); searched.len()];
        'combinations: loop {
            // The product of the searched factors' XORs α_i = v_i(place) ⊕ s_i.
            let mut product = 1u64;
            for (k, (_, _, xors)) in searched.iter().enumerate() {
                let Some(&s) = xors.get(pick[k]) else {
                    break 'combinations;
                };
                alphas[k] = (s, own[k] ^ s);
                product = nim_product_u64(product, own[k] ^ s);
            }
            if let Some(inverse) = nim_inverse_u64(product) {
                let w = match fast {
                    Some(((t, place), v)) => {
                        let w = nim_product_u64(t, inverse) ^ v;
                        realizable(solved_rule, place, w).then(|| BigUint::from(w))
                    }
                    None => {
                        let w = nim_product(&total, &BigUint::from(inverse)) ^ &solved_value;
                        let mut none = Vec::new();
                        let n = moves_with_others(solved_rule, &head[solved], &w, 0, &mut none);
                        (!n.is_zero()).then_some(w)
                    }
                };
                if let Some(w) = w {
                    count += record(
                        rule, head, solved, &w, &searched, &alphas, max_listed, &mut moves,
                    );
                }
            }
            // The next combination, the last searched coordinate fastest.
            let mut k = searched.len();
            loop {
                if k == 0 {
                    break 'combinations;
                }
                k -= 1;
                pick[k] += 1;
                if pick[k] < searched[k].2.len() {
                    break;
                }
                pick[k] = 0;
            }
        }
    }
    ProductWinningMoves { moves, count }
}

/// Counts (and lists, up to `max_listed` in all) the moves of one winning combination: the
/// searched coordinates' XORs `alphas` (s_i, α_i) and the solved coordinate's `w`.
#[allow(clippy::too_many_arguments)]
fn record(
    rule: &ProductRule,
    head: &[BigUint],
    solved: usize,
    w: &BigUint,
    searched: &[(usize, u64, Vec<u64>)],
    alphas: &[(u64, u64)],
    max_listed: usize,
    moves: &mut Vec<ProductMove>,
) -> BigUint {
    let room = max_listed.saturating_sub(moves.len());
    let mut factor_lists: Vec<Vec<TurningMove>> = vec![Vec::new(); rule.rules.len()];
    let mut count = BigUint::one();
    let solved_rule = rule.rules[solved];
    count *= moves_with_others(
        solved_rule,
        &head[solved],
        w,
        room,
        &mut factor_lists[solved],
    );
    for ((i, place, _), (s, _)) in searched.iter().zip(alphas) {
        count *= moves_with_others(
            rule.rules[*i],
            &BigUint::from(*place),
            &BigUint::from(*s),
            room,
            &mut factor_lists[*i],
        );
    }
    if room > 0 {
        let mut listed = 0;
        cartesian(
            &factor_lists,
            &mut Vec::new(),
            &mut |factors: &[TurningMove]| {
                if listed < room {
                    moves.push(ProductMove {
                        factors: factors.to_vec(),
                    });
                    listed += 1;
                }
            },
        );
    }
    count
}

/// A product game on a box of places as a ruleset, for the plain search that checks the
/// theorems: a position is a bit mask over the box's coins in row-major order (the last
/// coordinate fastest); at most 64 coins.
#[derive(Clone, Debug)]
pub struct ProductCoinTurning {
    /// The rules, one a coordinate.
    pub rule: ProductRule,
    /// The box's size in each coordinate.
    pub sides: Vec<u64>,
}

impl ProductCoinTurning {
    /// The bit of the coin at `coin` (1-based coordinates).
    pub fn bit(&self, coin: &[u64]) -> u32 {
        let mut index = 0u64;
        for (&c, &side) in coin.iter().zip(&self.sides) {
            index = index * side + (c - 1);
        }
        index as u32
    }

    /// The coins of the box, in the order of their bits.
    pub fn coins(&self) -> Vec<Vec<u64>> {
        let ranges: Vec<Vec<u64>> = self.sides.iter().map(|&s| (1..=s).collect()).collect();
        let mut all = Vec::new();
        cartesian(&ranges, &mut Vec::new(), &mut |c: &[u64]| {
            all.push(c.to_vec())
        });
        all
    }

    /// The bits every move with corner at `coin` turns.
    pub fn turned(&self, coin: &[u64]) -> Vec<u64> {
        let mut masks = Vec::new();
        self.rule.for_each_move(coin, |factors| {
            let mut mask = 0u64;
            let mut each = |c: &[u64]| mask ^= 1 << self.bit(c);
            cartesian(factors, &mut Vec::new(), &mut each);
            masks.push(mask);
        });
        masks
    }
}

impl crate::Impartial for ProductCoinTurning {
    type Position = u64;

    fn options(&self, heads: &u64, options: &mut Vec<u64>) {
        for coin in self.coins() {
            if heads >> self.bit(&coin) & 1 == 1 {
                for turned in self.turned(&coin) {
                    options.push(heads ^ turned);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::big;

    #[test]
    fn turning_corners_is_the_nim_product_of_the_coordinates_less_one() {
        let rule = ProductRule::new(vec![TurningRule::Twins, TurningRule::Twins]).unwrap();
        for a in 1..20u64 {
            for b in 1..20u64 {
                assert_eq!(
                    rule.value(&[big(a), big(b)]),
                    big(nim_product_u64(a - 1, b - 1))
                );
            }
        }
        assert_eq!(rule.name(), "twins,twins");
        assert!(ProductRule::new(vec![TurningRule::Ruler]).is_none());
    }

    #[test]
    fn the_word_test_agrees_with_the_counted_moves() {
        for rule in TurningRule::ALL {
            for place in 0..70u64 {
                for w in 0..300u64 {
                    let mut none = Vec::new();
                    let counted = moves_with_others(rule, &big(place), &big(w), 0, &mut none);
                    assert_eq!(
                        realizable(rule, place, w),
                        !counted.is_zero(),
                        "{} {place} {w}",
                        rule.name()
                    );
                }
            }
        }
    }

    #[test]
    fn search_size_skips_the_largest_coordinate() {
        let rule = ProductRule::new(vec![TurningRule::Ruler, TurningRule::Twins]).unwrap();
        let heads = vec![vec![big(5), big(1000)], vec![big(7), big(3)]];
        assert_eq!(search_size(&rule, &heads), big(5 + 3));
    }
}
