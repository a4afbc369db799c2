//! How the values of independent components combine into the value of their sum.

use super::{LoopyValue, Nimber};

/// The nim-sum (XOR) of nim-values: the nim-value of the sum of the games (Sprague–Grundy).
pub fn nim_sum(values: impl IntoIterator<Item = Nimber>) -> Nimber {
    values.into_iter().fold(Nimber::ZERO, |acc, v| acc ^ v)
}

/// The generalised value of a sum of loopy components (Smith; Fraenkel–Yesha, Theorem 2):
/// finite values add by XOR; one `∞(K)` among finite values whose nim-sum is `a` gives `∞(K ⊕ a)`;
/// two or more infinite values give `∞(∅)`, a draw.
///
/// # Examples
///
/// ```
/// use sprague::value::{loopy_sum, LoopyValue, Nimber, Outcome};
/// let inf = LoopyValue::infinite(vec![Nimber::new(0), Nimber::new(3)]);
/// let sum = loopy_sum(&[inf, LoopyValue::Finite(Nimber::new(3))]);
/// assert_eq!(sum, LoopyValue::infinite(vec![Nimber::new(3), Nimber::new(0)]));
/// assert_eq!(sum.outcome(), Outcome::N);
/// ```
pub fn loopy_sum(values: &[LoopyValue]) -> LoopyValue {
    let mut finite = Nimber::ZERO;
    let mut infinite: Option<&Vec<Nimber>> = None;
    for value in values {
        match value {
            LoopyValue::Finite(v) => finite ^= *v,
            LoopyValue::Infinite(k) => {
                if infinite.is_some() {
                    return LoopyValue::Infinite(Vec::new());
                }
                infinite = Some(k);
            }
        }
    }
    match infinite {
        None => LoopyValue::Finite(finite),
        Some(k) => LoopyValue::infinite(k.iter().map(|&v| v ^ finite).collect()),
    }
}
