//! Dyadic rationals `m / 2^k`, exact, on big integers: the numbers of short partizan games.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};
use std::str::FromStr;

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

/// A dyadic rational `numerator / 2^exponent`, kept normalised: the numerator is odd, or the
/// exponent is 0. Equal values are therefore equal structs, so `Eq`, `Hash` and `Ord` are those of
/// the value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    numerator: BigInt,
    exponent: u32,
}

impl Dyadic {
    /// `numerator / 2^exponent`, normalised.
    pub fn new(numerator: BigInt, exponent: u32) -> Dyadic {
        let mut d = Dyadic {
            numerator,
            exponent,
        };
        d.normalise();
        d
    }

    fn normalise(&mut self) {
        if self.numerator.is_zero() {
            self.exponent = 0;
            return;
        }
        let twos = self.numerator.trailing_zeros().unwrap_or(0);
        let shift = twos.min(u64::from(self.exponent));
        if shift > 0 {
            self.numerator >>= shift;
            // `shift <= exponent`, a u32.
            self.exponent -= shift as u32;
        }
    }

    /// The integer `n`.
    pub fn integer(n: impl Into<BigInt>) -> Dyadic {
        Dyadic {
            numerator: n.into(),
            exponent: 0,
        }
    }

    /// Zero.
    pub fn zero() -> Dyadic {
        Dyadic::integer(0)
    }

    /// The numerator (odd unless the value is an integer).
    pub fn numerator(&self) -> &BigInt {
        &self.numerator
    }

    /// `k` in `m / 2^k`: 0 for integers.
    pub fn exponent(&self) -> u32 {
        self.exponent
    }

    /// Whether the value is an integer.
    pub fn is_integer(&self) -> bool {
        self.exponent == 0
    }

    /// Whether the value is zero.
    pub fn is_zero(&self) -> bool {
        self.numerator.is_zero()
    }

    /// The sign: -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        if self.numerator.is_positive() {
            1
        } else if self.numerator.is_negative() {
            -1
        } else {
            0
        }
    }

    /// Half the value.
    pub fn half(&self) -> Dyadic {
        if self.is_zero() {
            return self.clone();
        }
        if self.exponent == 0 && self.numerator.is_even() {
            return Dyadic::integer(&self.numerator >> 1u32);
        }
        Dyadic::new(self.numerator.clone(), self.exponent + 1)
    }

    /// The largest integer `<=` the value.
    pub fn floor(&self) -> BigInt {
        // Arithmetic shift right rounds towards minus infinity on BigInt.
        &self.numerator >> self.exponent
    }

    /// The smallest integer `>=` the value.
    pub fn ceil(&self) -> BigInt {
        -((-&self.numerator) >> self.exponent)
    }

    /// The numerator scaled to the exponent `e >= self.exponent`.
    fn scaled(&self, e: u32) -> BigInt {
        &self.numerator << (e - self.exponent)
    }

    /// The simplest number strictly between `lo` and `hi` (`None`: no bound on that side), the
    /// value of `{lo | hi}` by the simplicity theorem. `None` when `lo >= hi`.
    pub fn simplest_between(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Option<Dyadic> {
        if let (Some(l), Some(h)) = (lo, hi) {
            if l >= h {
                return None;
            }
        }
        // The integers strictly inside: from floor(lo) + 1 to ceil(hi) - 1.
        let first: Option<BigInt> = lo.map(|l| l.floor() + 1);
        let last: Option<BigInt> = hi.map(|h| h.ceil() - 1);
        let integer = match (&first, &last) {
            (None, None) => Some(BigInt::zero()),
            (Some(f), None) => Some(if f.is_positive() {
                f.clone()
            } else {
                BigInt::zero()
            }),
            (None, Some(l)) => Some(if l.is_negative() {
                l.clone()
            } else {
                BigInt::zero()
            }),
            (Some(f), Some(l)) => {
                if f > l {
                    None
                } else if f.is_positive() {
                    Some(f.clone())
                } else if l.is_negative() {
                    Some(l.clone())
                } else {
                    Some(BigInt::zero())
                }
            }
        };
        if let Some(n) = integer {
            return Some(Dyadic::integer(n));
        }
        // No integer inside, so both bounds exist and lie within [n, n + 1] for n = floor(lo):
        // the dyadic of least denominator strictly between, found by bisection.
        let (l, h) = (lo?, hi?);
        let mut a = Dyadic::integer(l.floor());
        let mut b = Dyadic::integer(l.floor() + 1);
        loop {
            let mid = (&a + &b).half();
            if &mid <= l {
                a = mid;
            } else if &mid >= h {
                b = mid;
            } else {
                return Some(mid);
            }
        }
    }

    /// The birthday of the number: `|n|` for an integer `n`, `⌊|x|⌋ + 1 + k` for `x = m / 2^k`
    /// with `k >= 1`.
    pub fn birthday(&self) -> BigInt {
        let a = self.numerator.abs();
        if self.exponent == 0 {
            a
        } else {
            (a >> self.exponent) + 1 + BigInt::from(self.exponent)
        }
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Dyadic {
        Dyadic::integer(n)
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        let e = self.exponent.max(other.exponent);
        self.scaled(e).cmp(&other.scaled(e))
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for &Dyadic {
    type Output = Dyadic;
    fn add(self, other: &Dyadic) -> Dyadic {
        let e = self.exponent.max(other.exponent);
        Dyadic::new(self.scaled(e) + other.scaled(e), e)
    }
}

impl Add for Dyadic {
    type Output = Dyadic;
    fn add(self, other: Dyadic) -> Dyadic {
        &self + &other
    }
}

impl Sub for &Dyadic {
    type Output = Dyadic;
    fn sub(self, other: &Dyadic) -> Dyadic {
        let e = self.exponent.max(other.exponent);
        Dyadic::new(self.scaled(e) - other.scaled(e), e)
    }
}

impl Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, other: Dyadic) -> Dyadic {
        &self - &other
    }
}

impl Neg for &Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic {
            numerator: -&self.numerator,
            exponent: self.exponent,
        }
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        -&self
    }
}

/// As CGSuite writes numbers: `2`, `-3`, `3/4`, `-5/8`.
impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exponent == 0 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, BigInt::one() << self.exponent)
        }
    }
}

/// Why a number could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseDyadicError(pub String);

impl fmt::Display for ParseDyadicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseDyadicError {}

impl FromStr for Dyadic {
    type Err = ParseDyadicError;

    /// Reads `n`, `-n` or `n/d` with `d` a power of two (`6/8` is read as `3/4`).
    fn from_str(s: &str) -> Result<Dyadic, ParseDyadicError> {
        let s = s.trim();
        let (neg, body) = match s.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        let digits = |t: &str| -> Result<BigInt, ParseDyadicError> {
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ParseDyadicError(format!("`{s}` is not a number")));
            }
            t.parse::<BigInt>()
                .map_err(|_| ParseDyadicError(format!("`{s}` is not a number")))
        };
        let value = match body.split_once('/') {
            None => Dyadic::integer(digits(body)?),
            Some((n, d)) => {
                let n = digits(n)?;
                let d = digits(d)?;
                if d.is_zero() {
                    return Err(ParseDyadicError(format!("`{s}`: division by zero")));
                }
                let k = d.trailing_zeros().unwrap_or(0);
                if d != BigInt::one() << k {
                    return Err(ParseDyadicError(format!(
                        "`{s}`: the denominator {d} is not a power of 2 (short games' numbers are dyadic)"
                    )));
                }
                let k = u32::try_from(k).map_err(|_| {
                    ParseDyadicError(format!("`{s}`: the denominator is too large"))
                })?;
                Dyadic::new(n, k)
            }
        };
        Ok(if neg { -value } else { value })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn d(s: &str) -> Dyadic {
        s.parse().unwrap()
    }

    #[test]
    fn partizan_dyadic_normalises_and_prints_as_cgsuite() {
        assert_eq!(d("6/8").to_string(), "3/4");
        assert_eq!(d("-10/8").to_string(), "-5/4");
        assert_eq!(d("4/2").to_string(), "2");
        assert_eq!(d("0/16").to_string(), "0");
        assert_eq!(d("-0").to_string(), "0");
        assert_eq!(Dyadic::new(BigInt::from(12), 3), d("3/2"));
        assert_eq!(d("3/4").exponent(), 2);
    }

    #[test]
    fn partizan_dyadic_rejects_what_is_not_dyadic() {
        for bad in [
            "1/3", "1/0", "", "-", "1/", "/2", "a", "1.5", "--1", "1/-2", "+1",
        ] {
            assert!(bad.parse::<Dyadic>().is_err(), "{bad}");
        }
    }

    #[test]
    fn partizan_dyadic_arithmetic_and_order() {
        assert_eq!(&d("3/4") + &d("1/4"), d("1"));
        assert_eq!(&d("3/4") - &d("5/8"), d("1/8"));
        assert_eq!(d("-3").half(), d("-3/2"));
        assert_eq!(d("-4").half(), d("-2"));
        assert!(d("-1/2") < d("-1/4"));
        assert!(d("7/8") < d("1"));
        assert_eq!(d("-5/4").floor(), BigInt::from(-2));
        assert_eq!(d("-5/4").ceil(), BigInt::from(-1));
        assert_eq!(d("5/4").floor(), BigInt::from(1));
        assert_eq!(d("5/4").ceil(), BigInt::from(2));
    }

    #[test]
    fn partizan_dyadic_simplest_between() {
        let s = |l: Option<&str>, h: Option<&str>| {
            Dyadic::simplest_between(l.map(d).as_ref(), h.map(d).as_ref()).map(|x| x.to_string())
        };
        assert_eq!(s(None, None).as_deref(), Some("0"));
        assert_eq!(s(Some("0"), None).as_deref(), Some("1"));
        assert_eq!(s(Some("-3/2"), None).as_deref(), Some("0"));
        assert_eq!(s(None, Some("-2")).as_deref(), Some("-3"));
        assert_eq!(s(Some("0"), Some("1")).as_deref(), Some("1/2"));
        assert_eq!(s(Some("1/2"), Some("1")).as_deref(), Some("3/4"));
        assert_eq!(s(Some("-1"), Some("3")).as_deref(), Some("0"));
        assert_eq!(s(Some("2"), Some("5")).as_deref(), Some("3"));
        assert_eq!(s(Some("-5"), Some("-2")).as_deref(), Some("-3"));
        assert_eq!(s(Some("3/8"), Some("5/8")).as_deref(), Some("1/2"));
        assert_eq!(s(Some("1"), Some("1")), None);
        assert_eq!(s(Some("2"), Some("1")), None);
        assert_eq!(d("5/4").birthday(), BigInt::from(4));
        assert_eq!(d("-3").birthday(), BigInt::from(3));
        assert_eq!(d("1/2").birthday(), BigInt::from(2));
    }

    fn arb() -> impl Strategy<Value = Dyadic> {
        (-1000i64..1000, 0u32..6).prop_map(|(n, k)| Dyadic::new(BigInt::from(n), k))
    }

    proptest! {
        #[test]
        fn partizan_dyadic_laws(a in arb(), b in arb(), c in arb()) {
            prop_assert_eq!(&(&a + &b) + &c, &a + &(&b + &c));
            prop_assert_eq!(&a + &b, &b + &a);
            prop_assert_eq!(&(&a - &b) + &b, a.clone());
            prop_assert_eq!(&a.half() + &a.half(), a.clone());
            prop_assert_eq!(a.to_string().parse::<Dyadic>().unwrap(), a.clone());
            // Order agrees with exact rational comparison by cross-multiplication.
            let lhs = a.numerator() * (BigInt::one() << b.exponent());
            let rhs = b.numerator() * (BigInt::one() << a.exponent());
            prop_assert_eq!(a.cmp(&b), lhs.cmp(&rhs));
            if let Some(x) = Dyadic::simplest_between(Some(&a), Some(&b)) {
                prop_assert!(a < x && x < b);
                // Nothing strictly between born earlier.
                prop_assert!(a >= b || x.birthday() <= a.birthday().max(b.birthday()) + 1);
            } else {
                prop_assert!(a >= b);
            }
        }
    }
}
