//! The splitting game as typed (`split 1 0 1 5000`: beans in bottles 1..n, counts of any size):
//! outcome, nim-value and every winning move `(i, j, k)`, 1-based. HNOI2007 asks for the number
//! of winning moves and the lexicographically first one (printed there 0-based).

use num_bigint::BigUint;
use num_traits::Zero;
use sprague::games::split;
use sprague::value::Outcome;

use crate::impartial::remoteness;
use crate::report::analysis::{Analysed, Analysis, MovePlace, MoveReport, NimValue};
use crate::request::error::Error;
use crate::request::limits::Limits;
use crate::request::options::AnalysisOptions;
use crate::request::parse::parse_natural;

/// More bottles than this are refused (the values and the moves cost O(n²) time each).
pub const MAX_BOTTLES: usize = 10_000;

/// At most this many characters of `to` positions are written in one report.
const MAX_LISTED_CHARS: usize = 50_000_000;

/// Parses the bottle counts.
///
/// # Errors
///
/// A bad-input [`Error`] naming the bottle for a negative count or a non-number, or no bottle; a
/// refusal past [`MAX_BOTTLES`].
pub fn parse_counts<S: AsRef<str>>(words: &[S]) -> Result<Vec<BigUint>, Error> {
    if words.is_empty() {
        return Err(Error::bad_input(
            "split: expected the bean counts of the bottles",
        ));
    }
    if words.len() > MAX_BOTTLES {
        return Err(Error::too_large(
            crate::request::error::Budget::Size,
            format!(
                "split: {} bottles is more than the {MAX_BOTTLES} supported",
                words.len()
            ),
        ));
    }
    words
        .iter()
        .enumerate()
        .map(|(idx, w)| parse_natural(w.as_ref(), format!("bottle {}", idx + 1)))
        .collect()
}

/// Analyses a splitting-game position.
///
/// # Errors
///
/// Those of [`parse_counts`]; `--misere` is refused; with `all_moves`, a refusal past
/// `limits.max_listed_moves`.
pub fn analyse<S: AsRef<str>>(words: &[S], options: &AnalysisOptions, limits: &Limits) -> Analysed {
    options.refuse_misere("split")?;
    let counts = parse_counts(words)?;
    let n = counts.len();
    let odd: Vec<bool> = counts.iter().map(|c| c.bit(0)).collect();
    let nonempty: Vec<bool> = counts.iter().map(|c| !c.is_zero()).collect();
    let position: Vec<String> = counts.iter().map(|c| c.to_string()).collect();
    let position_text = position.join(" ");
    let values = split::bean_values(n);
    let g = |i: usize| values[n - 1 - i];
    let value = split::nim_value(&odd);
    let one = BigUint::from(1u32);
    let report = |m: split::SplitMove| {
        // Only three counts change: rewrite those and copy the other words.
        let mut changed: Vec<(usize, BigUint)> = vec![(m.i, &counts[m.i] - &one)];
        if m.j == m.k {
            changed.push((m.j, &counts[m.j] + &one + &one));
        } else {
            changed.push((m.j, &counts[m.j] + &one));
            changed.push((m.k, &counts[m.k] + &one));
        }
        let mut to = String::with_capacity(position_text.len() + 8);
        for (idx, word) in position.iter().enumerate() {
            if idx > 0 {
                to.push(' ');
            }
            match changed.iter().find(|(at, _)| *at == idx) {
                Some((_, count)) => to.push_str(&count.to_string()),
                None => to.push_str(word),
            }
        }
        MoveReport::new(
            format!("bottle {} -> {}, {}", m.i + 1, m.j + 1, m.k + 1),
            Some(to),
            MovePlace::Bottles {
                i: m.i + 1,
                j: m.j + 1,
                k: m.k + 1,
            },
        )
    };
    let max_listed = (MAX_LISTED_CHARS / (position_text.len() + 1))
        .max(1000)
        .min(usize::try_from(limits.max_listed_moves).unwrap_or(usize::MAX));
    let (count, listed) = split::winning_moves(&nonempty, &odd, max_listed);
    let winning_moves: Vec<MoveReport> = listed.into_iter().map(report).collect();
    let all_moves = if options.all_moves {
        let sources = nonempty.iter().filter(|&&b| b).count() as u64;
        let total = sources.saturating_mul((n as u64) * (n as u64 + 1) / 2);
        if total > limits.max_listed_moves {
            return Err(Error::too_large(
                crate::request::error::Budget::Memory,
                crate::request::error::Message::param("all_moves").then(format!(
                    " would list up to {total} moves, more than the {} allowed",
                    limits.max_listed_moves
                )),
            ));
        }
        let mut all = Vec::new();
        for i in (0..n).filter(|&i| nonempty[i]) {
            for j in i + 1..n {
                for k in j..n {
                    let after = value ^ g(i) ^ g(j) ^ g(k);
                    let r = report(split::SplitMove { i, j, k });
                    all.push(r.leading_to_value(BigUint::from(after)));
                }
            }
        }
        Some(all)
    } else {
        None
    };
    let note = (count > winning_moves.len() as u64).then(|| {
        format!(
            "{count} winning moves; the first {} (in order of i, j, k) are listed",
            winning_moves.len()
        )
    });
    let mut analysis = Analysis {
        winning_moves,
        all_moves,
        note,
        ..Analysis::new(
            "split",
            position_text,
            Outcome::from_win(value != 0),
            NimValue::from_u64(value),
        )
    };
    // Searched whole (the engine's ruleset is not split into beans); a position has up to
    // n³/6 options, all generated when it is valued, and a bean in bottle i can make 2^(n−i) − 1
    // moves, so only a few bottles are worth a search.
    let small = counts
        .iter()
        .map(|c| u32::try_from(c).ok())
        .collect::<Option<Vec<u32>>>()
        .filter(|c| c.len() <= MAX_REMOTENESS_BOTTLES);
    if let Some(small) = small {
        // A position is a list of counts, four bytes each, where a heap game's part is one word.
        let budget = remoteness::Budget {
            weight: 1 + small.len() / 4,
            ..remoteness::Budget::default()
        };
        remoteness::fill_within(
            &mut analysis,
            &split::Splitting,
            &small,
            limits,
            budget,
            |m| {
                let to = m.to.as_deref()?;
                to.split_whitespace().map(|w| w.parse().ok()).collect()
            },
        );
    }
    Ok(analysis)
}

/// The most bottles whose remoteness is searched: a bean in bottle 1 of 10 can make 511 moves
/// already, and the positions between grow faster still.
const MAX_REMOTENESS_BOTTLES: usize = 10;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testing::json;

    #[test]
    fn the_hnoi_2007_sample() {
        // HNOI2007 sample: `1 0 1 5000` has 1 winning move, `0 2 3` 0-based; `0 0 1` has none
        // (`-1 -1 -1`, 0).
        assert_eq!(
            json(analyse, &["1", "0", "1", "5000"]),
            r#"{"game":"split","position":"1 0 1 5000","outcome":"N","nim_value":5,"remoteness":3,"winning_moves":[{"move":"bottle 1 -> 3, 4","to":"0 0 2 5001","i":1,"j":3,"k":4,"remoteness":2}]}"#
        );
        assert_eq!(
            json(analyse, &["0", "0", "1"]),
            r#"{"game":"split","position":"0 0 1","outcome":"P","nim_value":0,"remoteness":0,"winning_moves":[]}"#
        );
    }

    #[test]
    fn errors_name_the_bottle() {
        let err = |w: &[&str]| {
            analyse(w, &AnalysisOptions::default(), &Limits::default())
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            err(&["1", "-2"]),
            "bottle 2: `-2` is negative; expected a non-negative integer"
        );
        assert_eq!(err(&["x"]), "bottle 1: `x` is not a non-negative integer");
    }
}
