//! `nim-product A B`: the nim product A ⊗ B of two non-negative integers of any size (the product
//! of the field of nimbers, [`sprague::value::nim_product`]). A calculation, not a game: its
//! answer is `{"value": A ⊗ B}`.

use sprague::value::nim_product;

use crate::report::analysis::ValueReport;
use crate::request::error::Error;
use crate::request::parse::parse_natural;

/// Multiplies the two numbers typed (`["16", "16"]` gives 24).
///
/// # Errors
///
/// Not exactly two words, or a word that is not a non-negative integer (or has more than
/// 100,000 digits).
pub fn calculate<S: AsRef<str>>(words: &[S]) -> Result<ValueReport, Error> {
    let [a, b] = words else {
        let got = match words.len() {
            0 => "nothing".to_owned(),
            1 => "one number".to_owned(),
            n => format!("{n} numbers"),
        };
        return Err(Error::bad_input(format!(
            "nim-product: expected two non-negative integers A and B, got {got}"
        )));
    };
    let a = parse_natural(a.as_ref(), "the first factor")?;
    let b = parse_natural(b.as_ref(), "the second factor")?;
    let value = nim_product(&a, &b);
    Ok(ValueReport {
        text: format!("{a} ⊗ {b} = {value}"),
        value,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_product_prints_as_one_number() {
        let report = calculate(&["16", "16"]).unwrap();
        assert_eq!(serde_json::to_string(&report).unwrap(), r#"{"value":24}"#);
        assert_eq!(report.text, "16 ⊗ 16 = 24");
        // 2^64 ⊗ 2^64 = 3 · 2^63: past a machine word, still a JSON number.
        let x = "18446744073709551616";
        let report = calculate(&[x, x]).unwrap();
        assert_eq!(
            serde_json::to_string(&report).unwrap(),
            r#"{"value":27670116110564327424}"#
        );
    }

    #[test]
    fn bad_factors_are_named() {
        assert_eq!(
            calculate(&["-1", "2"]).unwrap_err().message(),
            "the first factor: `-1` is negative; expected a non-negative integer"
        );
        assert_eq!(
            calculate(&["2", "x"]).unwrap_err().message(),
            "the second factor: `x` is not a non-negative integer"
        );
        assert_eq!(
            calculate(&["2"]).unwrap_err().message(),
            "nim-product: expected two non-negative integers A and B, got one number"
        );
    }
}
