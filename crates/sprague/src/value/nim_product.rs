//! Nim multiplication: the product ⊗ that, with XOR as addition, makes the non-negative integers
//! a field (Conway, *On Numbers and Games*, ch. 6; Lenstra, "Nim multiplication", 1978).
//!
//! The definition is a mex, like a nim-value's: a ⊗ b = mex{a′ ⊗ b ⊕ a ⊗ b′ ⊕ a′ ⊗ b′ : a′ < a,
//! b′ < b}. It is the nim-value of the product of two games (the Tartan theorem of *Winning Ways*,
//! ch. 14: a coin-turning game played on a grid whose rows and columns are two one-dimensional
//! coin-turning games has the product of their values).
//!
//! # How it is computed
//!
//! The numbers below 2^(2^k) form the subfield GF(2^(2^k)), and the Fermat 2-powers X = 2^(2^k)
//! obey two rules (Conway, ch. 6): X ⊗ y = X·y (the ordinary product) for y < X, and
//! X ⊗ X = X ⊕ X/2 (3X/2 as an ordinary number). Writing a = a₁X + a₀ and b = b₁X + b₀ with the
//! halves below X,
//!
//! a ⊗ b = (a₁b₁ ⊕ a₁b₀ ⊕ a₀b₁)·X ⊕ a₀b₀ ⊕ (a₁b₁) ⊗ X/2,
//!
//! and a₁b₀ ⊕ a₀b₁ = (a₁ ⊕ a₀)(b₁ ⊕ b₀) ⊕ a₁b₁ ⊕ a₀b₀ (Karatsuba's trick, exact here because ⊕ is
//! its own inverse), so a product of two halves' size costs three products of the halves and one
//! product by X/2. X/2 = 2^(2^k − 1) is Y ⊗ Y/2 with Y = 2^(2^(k−1)) (distinct Fermat 2-powers
//! multiply as ordinary numbers), which gives for c = c₁Y + c₀
//!
//! c ⊗ X/2 = (c₁ ⊕ c₀) ⊗ Y/2 · Y ⊕ (c₁ ⊗ Y/2) ⊗ Y/2,
//!
//! three products by Y/2 on halves. Both recursions are O(n^log₂3) word operations for n-word
//! numbers. Bytes are read from a 256 × 256 table (64 KiB, built on first use from the same
//! recursion); machine words go through [`nim_product_u64`]; bigger numbers are split on
//! 64-bit limbs, padded to a power of two of them, down to machine words, with every level's
//! halves kept in one buffer of six times their limbs.

use std::sync::OnceLock;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

/// The products of every pair of bytes: `table[a * 256 + b] = a ⊗ b`. Bytes are the field
/// GF(256), so a product of bytes is a byte.
fn byte_table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![0u8; 256 * 256];
        for a in 0..256u64 {
            for b in 0..256u64 {
                table[(a * 256 + b) as usize] = product_without_table(a, b, 3) as u8;
            }
        }
        table
    })
}

/// a ⊗ b for a, b below 2^(2^level), by the recursion alone (down to single bits, whose product
/// is their AND): how the byte table is built.
fn product_without_table(a: u64, b: u64, level: u32) -> u64 {
    if level == 0 {
        return a & b;
    }
    let half = 1u32 << (level - 1);
    let mask = (1u64 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let low = product_without_table(a0, b0, level - 1);
    let high = product_without_table(a1, b1, level - 1);
    let mixed = product_without_table(a0 ^ a1, b0 ^ b1, level - 1);
    // X/2 at this level is 2^(half - 1).
    let high_by_half_x = product_without_table(high, 1 << (half - 1), level - 1);
    ((mixed ^ low) << half) ^ low ^ high_by_half_x
}

/// c ⊗ 2^63 for every byte of a word in place: `table[i][v] = (v << 8i) ⊗ 2^63`. The product by
/// 2^63 (half the Fermat 2-power 2^64) is linear in c over XOR, so a word's is the XOR of its
/// bytes' (16 KiB, built on first use): the limbs' recursion asks for it most.
fn word_by_half_table() -> &'static [[u64; 256]; 8] {
    static TABLE: OnceLock<Box<[[u64; 256]; 8]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([[0u64; 256]; 8]);
        for (i, row) in table.iter_mut().enumerate() {
            for (v, entry) in row.iter_mut().enumerate() {
                *entry = by_half_fermat((v as u64) << (8 * i), 6);
            }
        }
        table
    })
}

/// c ⊗ 2^63 for a word c, from [`word_by_half_table`].
fn word_by_half(c: u64) -> u64 {
    let table = word_by_half_table();
    (0..8).fold(0, |acc, i| acc ^ table[i][(c >> (8 * i)) as usize & 255])
}

/// a ⊗ b for bytes.
fn byte_product(a: u64, b: u64) -> u64 {
    u64::from(byte_table()[(a * 256 + b) as usize])
}

/// a ⊗ b for a, b below 2^(2^level), level ≤ 6.
fn product_at(a: u64, b: u64, level: u32) -> u64 {
    if level <= 3 {
        return byte_product(a, b);
    }
    let half = 1u32 << (level - 1);
    let mask = (1u64 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let low = product_at(a0, b0, level - 1);
    if a1 == 0 && b1 == 0 {
        return low;
    }
    let high = product_at(a1, b1, level - 1);
    let mixed = product_at(a0 ^ a1, b0 ^ b1, level - 1);
    ((mixed ^ low) << half) ^ low ^ by_half_fermat(high, level - 1)
}

/// c ⊗ 2^(2^level − 1) for c below 2^(2^level), level ≤ 6: the product by half the Fermat
/// 2-power 2^(2^level).
fn by_half_fermat(c: u64, level: u32) -> u64 {
    if level <= 3 {
        return byte_product(c, 1 << ((1u32 << level) - 1));
    }
    let half = 1u32 << (level - 1);
    let mask = (1u64 << half) - 1;
    let (c1, c0) = (c >> half, c & mask);
    let high = by_half_fermat(c1 ^ c0, level - 1);
    if c1 == 0 {
        return high << half;
    }
    (high << half) ^ by_half_fermat(by_half_fermat(c1, level - 1), level - 1)
}

/// The smallest level k with `n` below 2^(2^k), at least 3 (a byte).
fn level_of(n: u64) -> u32 {
    let bits = 64 - n.leading_zeros();
    bits.max(8).next_power_of_two().trailing_zeros()
}

/// The nim product a ⊗ b of machine words (a word is the field GF(2^64), so the product is a
/// word).
///
/// # Examples
///
/// ```
/// use sprague::value::nim_product_u64;
/// assert_eq!(nim_product_u64(2, 2), 3);
/// assert_eq!(nim_product_u64(16, 16), 24);
/// assert_eq!(nim_product_u64(1 << 32, 1 << 32), 3 << 31);
/// ```
pub fn nim_product_u64(a: u64, b: u64) -> u64 {
    product_at(a, b, level_of(a | b))
}

/// The nim product a ⊗ b of integers of any size, exact.
///
/// # Examples
///
/// ```
/// use num_bigint::BigUint;
/// use sprague::value::nim_product;
/// let x = BigUint::from(1u32) << 64u32; // the Fermat 2-power 2^(2^6)
/// assert_eq!(nim_product(&x, &x), BigUint::from(3u32) << 63u32); // X ⊗ X = 3X/2
/// ```
pub fn nim_product(a: &BigUint, b: &BigUint) -> BigUint {
    let (a_limbs, b_limbs) = (a.to_u64_digits(), b.to_u64_digits());
    if a_limbs.is_empty() || b_limbs.is_empty() {
        return BigUint::default();
    }
    let n = a_limbs.len().max(b_limbs.len()).next_power_of_two();
    if n == 1 {
        return BigUint::from(nim_product_u64(a_limbs[0], b_limbs[0]));
    }
    let pad = |mut limbs: Vec<u64>| {
        limbs.resize(n, 0);
        limbs
    };
    let (a_limbs, b_limbs) = (pad(a_limbs), pad(b_limbs));
    let mut product = vec![0u64; n];
    // Each level of the recursion keeps six halves of its size: 6n words hold them all.
    let mut scratch = vec![0u64; 6 * n];
    product_into(&a_limbs, &b_limbs, &mut product, &mut scratch);
    let digits: Vec<u32> = product
        .iter()
        .flat_map(|&l| [l as u32, (l >> 32) as u32])
        .collect();
    BigUint::from_slice(&digits)
}

/// The inverses of the non-zero bytes: `table[a] = b` with a ⊗ b = 1 (`table[0] = 0`).
fn byte_inverse_table() -> &'static [u8; 256] {
    static TABLE: OnceLock<[u8; 256]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [0u8; 256];
        for a in 1..256u64 {
            let b = (1..256u64)
                .find(|&b| byte_product(a, b) == 1)
                .expect("a field");
            table[a as usize] = b as u8;
        }
        table
    })
}

/// a⁻¹ for 0 < a below 2^(2^level), level ≤ 6.
///
/// With X = 2^(2^(level − 1)) and a = a₁X + a₀, X is a root of X² + X + X/2 over the halves'
/// field, whose other root is X + 1; so a times its conjugate a₁X + (a₀ ⊕ a₁) is the norm
/// N = a₁² ⊗ X/2 ⊕ a₀² ⊕ a₀ ⊗ a₁, in the halves' field, and a⁻¹ = (a₁X + a₀ ⊕ a₁) ⊗ N⁻¹: one
/// inverse of half the size and a few products of halves, down to a table of bytes.
fn inverse_at(a: u64, level: u32) -> u64 {
    if level <= 3 {
        return u64::from(byte_inverse_table()[a as usize]);
    }
    let half = 1u32 << (level - 1);
    let mask = (1u64 << half) - 1;
    let (a1, a0) = (a >> half, a & mask);
    if a1 == 0 {
        return inverse_at(a0, level - 1);
    }
    let sub = level - 1;
    let norm = by_half_fermat(product_at(a1, a1, sub), sub)
        ^ product_at(a0, a0, sub)
        ^ product_at(a0, a1, sub);
    let norm_inverse = inverse_at(norm, sub);
    (product_at(a1, norm_inverse, sub) << half) | product_at(a0 ^ a1, norm_inverse, sub)
}

/// The nim-inverse of a non-zero word: the b with a ⊗ b = 1, or `None` for 0. It lies in the
/// smallest field GF(2^(2^k)) holding `a`.
///
/// # Examples
///
/// ```
/// use sprague::value::{nim_inverse_u64, nim_product_u64};
/// assert_eq!(nim_inverse_u64(2), Some(3)); // 2 ⊗ 3 = 1
/// assert_eq!(nim_product_u64(nim_inverse_u64(1 << 40).unwrap(), 1 << 40), 1);
/// assert_eq!(nim_inverse_u64(0), None);
/// ```
pub fn nim_inverse_u64(a: u64) -> Option<u64> {
    (a != 0).then(|| inverse_at(a, level_of(a)))
}

/// a^(2^m − 2) for a below 2^m, m a power of two: a⁻¹ by Fermat's little theorem in GF(2^m)
/// (a^(2^m − 1) = 1), m − 1 squarings and products; the check of the faster recursion, and the
/// inverse of numbers past a word.
fn inverse_by_power(a: &BigUint) -> BigUint {
    let m = a.bits().next_power_of_two();
    let mut square = a.clone();
    let mut inverse = BigUint::from(1u32);
    for _ in 1..m {
        square = nim_product(&square, &square);
        inverse = nim_product(&inverse, &square);
    }
    inverse
}

/// The nim-inverse of a non-zero integer of any size (see [`nim_inverse_u64`]), or `None` for 0.
pub fn nim_inverse(a: &BigUint) -> Option<BigUint> {
    if let Some(word) = a.to_u64() {
        return nim_inverse_u64(word).map(BigUint::from);
    }
    Some(inverse_by_power(a))
}

fn is_zero(limbs: &[u64]) -> bool {
    limbs.iter().all(|&l| l == 0)
}

/// `out = a ^ b`, word by word.
fn xor_into(a: &[u64], b: &[u64], out: &mut [u64]) {
    for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
        *o = x ^ y;
    }
}

/// `out = a ⊗ b` on little-endian limbs; `a`, `b` and `out` have the same number of limbs, a
/// power of two, and `scratch` at least six times as many.
fn product_into(a: &[u64], b: &[u64], out: &mut [u64], scratch: &mut [u64]) {
    let n = a.len();
    if n == 1 {
        out[0] = product_at(a[0], b[0], 6);
        return;
    }
    if is_zero(a) || is_zero(b) {
        out.fill(0);
        return;
    }
    let h = n / 2;
    let (a0, a1) = a.split_at(h);
    let (b0, b1) = b.split_at(h);
    let (out_low, out_high) = out.split_at_mut(h);
    let (low, rest) = scratch.split_at_mut(h);
    product_into(a0, b0, low, rest);
    if is_zero(a1) && is_zero(b1) {
        out_low.copy_from_slice(low);
        out_high.fill(0);
        return;
    }
    let (high, rest) = rest.split_at_mut(h);
    let (a_mixed, rest) = rest.split_at_mut(h);
    let (b_mixed, rest) = rest.split_at_mut(h);
    let (mixed, rest) = rest.split_at_mut(h);
    let (high_by_half, rest) = rest.split_at_mut(h);
    product_into(a1, b1, high, rest);
    xor_into(a0, a1, a_mixed);
    xor_into(b0, b1, b_mixed);
    product_into(a_mixed, b_mixed, mixed, rest);
    by_half_fermat_into(high, high_by_half, rest);
    xor_into(low, high_by_half, out_low);
    xor_into(mixed, low, out_high);
}

/// `out = c ⊗ X/2` on little-endian limbs, with X = 2^(64·len) the Fermat 2-power just above
/// them; `scratch` holds at least twice as many limbs as `c`.
fn by_half_fermat_into(c: &[u64], out: &mut [u64], scratch: &mut [u64]) {
    let n = c.len();
    if n == 1 {
        out[0] = word_by_half(c[0]);
        return;
    }
    if is_zero(c) {
        out.fill(0);
        return;
    }
    let h = n / 2;
    let (c0, c1) = c.split_at(h);
    let (out_low, out_high) = out.split_at_mut(h);
    let (sum, rest) = scratch.split_at_mut(h);
    let (c1_by_half, rest) = rest.split_at_mut(h);
    xor_into(c1, c0, sum);
    by_half_fermat_into(sum, out_high, rest);
    by_half_fermat_into(c1, c1_by_half, rest);
    by_half_fermat_into(c1_by_half, out_low, rest);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverses_multiply_to_one() {
        for a in 1..3000u64 {
            let b = nim_inverse_u64(a).unwrap();
            assert_eq!(BigUint::from(b), inverse_by_power(&BigUint::from(a)));
            assert_eq!(nim_product_u64(a, b), 1, "{a}");
            // The inverse stays in a's field: below 2^(2^k) with a.
            let m = (64 - a.leading_zeros()).next_power_of_two();
            assert!(b < 1 << m, "{a}: {b}");
        }
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            assert_eq!(nim_product_u64(x, nim_inverse_u64(x).unwrap()), 1);
            let small = x >> (x % 64);
            if small != 0 {
                assert_eq!(
                    BigUint::from(nim_inverse_u64(small).unwrap()),
                    inverse_by_power(&BigUint::from(small))
                );
            }
            let big = (BigUint::from(x) << 150u32) + BigUint::from(x.rotate_left(7));
            assert_eq!(
                nim_product(&big, &nim_inverse(&big).unwrap()),
                BigUint::from(1u32)
            );
        }
        assert_eq!(nim_inverse(&BigUint::default()), None);
    }

    #[test]
    fn small_products_of_the_definition() {
        assert_eq!(nim_product_u64(0, 7), 0);
        assert_eq!(nim_product_u64(1, 7), 7);
        assert_eq!(nim_product_u64(2, 3), 1);
        assert_eq!(nim_product_u64(4, 4), 6);
        assert_eq!(nim_product_u64(8, 8), 13);
        assert_eq!(nim_product_u64(256, 256), 384);
        assert_eq!(nim_product_u64(1 << 16, 1 << 16), 3 << 15);
    }

    #[test]
    fn words_by_half_from_the_table_are_the_recursion() {
        let mut c = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..10_000 {
            assert_eq!(word_by_half(c), by_half_fermat(c, 6));
            c = c.rotate_left(7).wrapping_mul(0x2545_f491_4f6c_dd1d);
        }
    }

    #[test]
    fn the_table_is_the_recursion() {
        for a in 0..256 {
            for b in 0..256 {
                assert_eq!(byte_product(a, b), product_without_table(a, b, 3));
            }
        }
    }
}
