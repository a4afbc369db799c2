//! Nim multiplication against its definition (a mex over smaller pairs), published values, and
//! the field laws, on machine words and on big integers.

use num_bigint::BigUint;
use proptest::prelude::*;
use sprague::value::{nim_product, nim_product_u64};

use crate::common::from_limbs;

/// a ⊗ b for a, b < n from the definition: mex{a′ ⊗ b ⊕ a ⊗ b′ ⊕ a′ ⊗ b′ : a′ < a, b′ < b}.
fn products_by_definition(n: usize) -> Vec<Vec<u64>> {
    let mut table = vec![vec![0u64; n]; n];
    let mut seen = vec![false; n * n];
    for a in 0..n {
        for b in 0..n {
            seen.fill(false);
            for a2 in 0..a {
                for b2 in 0..b {
                    let v = table[a2][b] ^ table[a][b2] ^ table[a2][b2];
                    if let Some(slot) = seen.get_mut(v as usize) {
                        *slot = true;
                    }
                }
            }
            table[a][b] = seen.iter().position(|&s| !s).unwrap() as u64;
        }
    }
    table
}

#[test]
fn products_below_64_are_those_of_the_definition() {
    let table = products_by_definition(64);
    for a in 0..64u64 {
        for b in 0..64u64 {
            let expected = table[a as usize][b as usize];
            assert_eq!(nim_product_u64(a, b), expected, "{a} ⊗ {b}");
            assert_eq!(
                nim_product(&BigUint::from(a), &BigUint::from(b)),
                BigUint::from(expected)
            );
        }
    }
}

#[test]
fn published_values() {
    // OEIS A051910: the triangle T(n, m) = n ⊗ m, 0 <= m <= n, read by rows (rows 0 to 10).
    let a051910 = [
        0, 0, 1, 0, 2, 3, 0, 3, 1, 2, 0, 4, 8, 12, 6, 0, 5, 10, 15, 2, 7, 0, 6, 11, 13, 14, 8, 5,
        0, 7, 9, 14, 10, 13, 3, 4, 0, 8, 12, 4, 11, 3, 7, 15, 13, 0, 9, 14, 7, 15, 6, 1, 8, 5, 12,
        0, 10, 15, 5, 3, 9, 12, 6, 1, 11, 14,
    ];
    let mut terms = a051910.iter();
    for n in 0..=10u64 {
        for m in 0..=n {
            assert_eq!(nim_product_u64(n, m), *terms.next().unwrap(), "{n} ⊗ {m}");
        }
    }
    assert!(terms.next().is_none());
    // A Fermat 2-power's square is 3/2 of it (Conway, On Numbers and Games, ch. 6): 2 ⊗ 2 = 3,
    // 4 ⊗ 4 = 6, 16 ⊗ 16 = 24, up to 2^1024.
    for k in 0..=10u32 {
        let x = BigUint::from(1u32) << (1u32 << k);
        let square = BigUint::from(3u32) << ((1u32 << k) - 1);
        assert_eq!(nim_product(&x, &x), square, "2^(2^{k})");
        if k < 6 {
            let x = 1u64 << (1 << k);
            assert_eq!(nim_product_u64(x, x), 3 << ((1 << k) - 1));
        }
    }
    // Distinct Fermat 2-powers multiply as ordinary numbers: 2^(2^1 + 2^3 + 2^7) is their product.
    let powers = [2u32, 8, 128].map(|e| BigUint::from(1u32) << e);
    let product = nim_product(&nim_product(&powers[0], &powers[1]), &powers[2]);
    assert_eq!(product, BigUint::from(1u32) << 138u32);
}

/// a^e in nim multiplication, by squaring.
fn power_u64(mut a: u64, mut e: u128) -> u64 {
    let mut res = 1;
    while e > 0 {
        if e & 1 == 1 {
            res = nim_product_u64(res, a);
        }
        a = nim_product_u64(a, a);
        e >>= 1;
    }
    res
}

fn power(a: &BigUint, e: &BigUint) -> BigUint {
    let mut res = BigUint::from(1u32);
    for i in (0..e.bits()).rev() {
        res = nim_product(&res, &res);
        if e.bit(i) {
            res = nim_product(&res, a);
        }
    }
    res
}

proptest! {
    #[test]
    fn words_form_a_field(a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
        let p = nim_product_u64;
        prop_assert_eq!(p(a, b), p(b, a));
        prop_assert_eq!(p(p(a, b), c), p(a, p(b, c)));
        prop_assert_eq!(p(a, b ^ c), p(a, b) ^ p(a, c));
        prop_assert_eq!(p(a, 1), a);
        if a != 0 {
            // GF(2^64): a^(2^64 - 1) = 1, so a^(2^64 - 2) is a's inverse.
            let inverse = power_u64(a, (1u128 << 64) - 2);
            prop_assert_eq!(p(a, inverse), 1);
        }
        // The subfields GF(2^32), GF(2^16), GF(2^8) are closed.
        for bits in [8u32, 16, 32] {
            let mask = (1u64 << bits) - 1;
            prop_assert!(p(a & mask, b & mask) <= mask);
        }
    }

    #[test]
    fn big_products_agree_with_words(a in any::<u64>(), b in any::<u64>()) {
        prop_assert_eq!(
            nim_product(&BigUint::from(a), &BigUint::from(b)),
            BigUint::from(nim_product_u64(a, b))
        );
    }

    #[test]
    fn big_integers_form_a_field(
        a in prop::collection::vec(any::<u64>(), 0..6),
        b in prop::collection::vec(any::<u64>(), 0..6),
        c in prop::collection::vec(any::<u64>(), 0..6),
    ) {
        let (a, b, c) = (from_limbs(&a), from_limbs(&b), from_limbs(&c));
        let p = nim_product;
        prop_assert_eq!(p(&a, &b), p(&b, &a));
        prop_assert_eq!(p(&p(&a, &b), &c), p(&a, &p(&b, &c)));
        prop_assert_eq!(p(&a, &(&b ^ &c)), &p(&a, &b) ^ &p(&a, &c));
        prop_assert_eq!(p(&a, &BigUint::from(1u32)), a.clone());
        // A product of numbers below 2^(2^k) is below 2^(2^k).
        let bits = a.bits().max(b.bits()).max(1).next_power_of_two();
        prop_assert!(p(&a, &b).bits() <= bits);
    }

    #[test]
    fn two_limb_numbers_have_inverses(hi in any::<u64>(), lo in any::<u64>()) {
        let a = from_limbs(&[lo, hi]);
        prop_assume!(a != BigUint::default());
        // GF(2^128): a^(2^128 - 2) is a's inverse.
        let e = (BigUint::from(1u32) << 128u32) - 2u32;
        prop_assert_eq!(nim_product(&a, &power(&a, &e)), BigUint::from(1u32));
    }
}
