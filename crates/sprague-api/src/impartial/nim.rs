//! Nim positions as typed (`3 4 5`), and their analysis in normal or misère play.

use num_bigint::BigUint;
use num_traits::Zero;
use sprague::games::nim;
use sprague::value::Outcome;

use crate::impartial::{play, remoteness};
use crate::report::analysis::{
    heap_move_report, join_numbers, normal_outcome, Analysed, Analysis, MoveReport, NimValue,
};
use crate::report::listing::list_moves_by_number;
use crate::request::error::Error;
use crate::request::limits::Limits;
use crate::request::options::AnalysisOptions;
use crate::request::parse::{parse_heaps, parse_natural};

fn move_report(heaps: &[BigUint], heap: usize, to: &BigUint) -> MoveReport {
    heap_move_report(heaps, heap, std::slice::from_ref(to))
}

/// Analyses a Nim position typed as words (`["3", "4", "5"]`).
///
/// # Errors
///
/// Bad heaps (see [`parse_heaps`]); with `all_moves`, a refusal when the listing would pass
/// `limits.max_listed_moves`.
pub fn analyse<S: AsRef<str>>(words: &[S], options: &AnalysisOptions, limits: &Limits) -> Analysed {
    let heaps = parse_heaps(words)?;
    let value = nim::nim_value(&heaps);
    let (outcome, nim_value, moves) = if options.misere {
        let outcome = Outcome::from_win(nim::misere_is_win(&heaps));
        (outcome, NimValue::None, nim::misere_winning_moves(&heaps))
    } else {
        (
            normal_outcome(&value),
            NimValue::Number(value.clone()),
            nim::winning_moves(&heaps),
        )
    };
    let winning_moves = moves
        .iter()
        .map(|m| move_report(&heaps, m.heap, &m.to))
        .collect();
    let list = |idx: usize, size: u64, listed: &mut Vec<MoveReport>| {
        for to in (0..size).rev() {
            let to = BigUint::from(to);
            let report = move_report(&heaps, idx, &to);
            let mut after = heaps.clone();
            after[idx] = to;
            listed.push(if options.misere {
                let win = nim::misere_is_win(&after);
                report.leading_to(Outcome::from_win(win), NimValue::None)
            } else {
                report.leading_to_value(nim::nim_value(&after))
            });
        }
    };
    let all_moves = list_moves_by_number(options, limits, &heaps, BigUint::clone, list)?;
    let mut analysis = Analysis {
        winning_moves,
        all_moves,
        note: options.misere.then(|| {
            "misère play: the player who takes the last token loses; nim-values do not apply"
                .to_owned()
        }),
        ..Analysis::new("nim", join_numbers(&heaps), outcome, nim_value)
    };
    if let Some(small) = remoteness_searched(&heaps).filter(|_| !options.misere) {
        remoteness::fill(
            &mut analysis,
            &nim::Nim,
            &small,
            limits,
            remoteness::heaps_after,
        );
    }
    Ok(analysis)
}

/// The heaps whose remoteness is searched: machine words reaching at most
/// [`remoteness::MAX_POSITIONS`] sums (∏(hᵢ + 1)). Decided from the heaps alone, so that
/// [`write_json_fast`] knows which positions it must leave to [`analyse`].
fn remoteness_searched(heaps: &[BigUint]) -> Option<Vec<u64>> {
    let small = remoteness::small_heaps(heaps)?;
    (remoteness::heap_sums_bound(&small) <= remoteness::MAX_POSITIONS as u64).then_some(small)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testing::json;

    /// The example of cli.md, with the remoteness added: 1 4 5 is lost in ten moves at the
    /// slowest (each takes one token: it has ten), so 3 4 5 is won in eleven (a plain recursive
    /// search in Python agrees).
    #[test]
    fn the_contract_example_prints_as_written() {
        assert_eq!(
            json(analyse, &["3", "4", "5"]),
            r#"{"game":"nim","position":"3 4 5","outcome":"N","nim_value":2,"remoteness":11,"winning_moves":[{"move":"heap 1: 3 -> 1","to":"1 4 5","heap":1,"remoteness":10}]}"#
        );
    }

    #[test]
    fn remoteness_is_searched_for_small_positions_only() {
        let analysis = |words: &[&str], options: &AnalysisOptions| {
            analyse(words, options, &Limits::default()).unwrap()
        };
        let normal = AnalysisOptions::default();
        assert_eq!(analysis(&[], &normal).remoteness, Some(0));
        assert_eq!(analysis(&["0", "0"], &normal).remoteness, Some(0));
        assert_eq!(analysis(&["2", "2"], &normal).remoteness, Some(4));
        assert_eq!(analysis(&["30", "30"], &normal).remoteness, Some(60));
        // 256 255 reaches more than 2^16 sums: not searched. 255 255 is searched, but opens
        // some 8 million options (a lost a a opens 2a), past the work allowed.
        assert_eq!(analysis(&["256", "255"], &normal).remoteness, None);
        assert_eq!(analysis(&["255", "255"], &normal).remoteness, None);
        assert_eq!(
            analysis(&["123456789012345678901234567890"], &normal).remoteness,
            None
        );
        // Misère play: not this rule.
        let misere = AnalysisOptions {
            misere: true,
            ..AnalysisOptions::default()
        };
        assert_eq!(analysis(&["2", "2"], &misere).remoteness, None);
        // Every move listed: its remoteness, odd after a move that leaves the opponent a win.
        let listed = analysis(&["1", "2"], &crate::impartial::testing::all_moves());
        let moves: Vec<(String, Option<u64>)> = listed
            .all_moves
            .unwrap()
            .into_iter()
            .map(|m| (m.to.unwrap(), m.remoteness))
            .collect();
        let expected = [("0 2", 1), ("1 1", 2), ("1 0", 1)];
        let expected: Vec<(String, Option<u64>)> = expected
            .iter()
            .map(|&(to, r)| (to.to_owned(), Some(r)))
            .collect();
        assert_eq!(moves, expected);
    }

    #[test]
    fn heaps_beyond_64_bits_are_exact() {
        let big = "123456789012345678901234567890";
        let out = json(analyse, &[big, "1"]);
        assert!(
            out.contains(r#""nim_value":123456789012345678901234567891"#),
            "{out}"
        );
        assert!(out.contains(r#""to":"1 1""#), "{out}");
    }

    #[test]
    fn bad_heaps_are_named() {
        let err =
            analyse(&["3", "x"], &AnalysisOptions::default(), &Limits::default()).unwrap_err();
        assert_eq!(err.message(), "heap 2: `x` is not a non-negative integer");
        let err = analyse(&["-3"], &AnalysisOptions::default(), &Limits::default()).unwrap_err();
        assert_eq!(
            err.message(),
            "heap 1: `-3` is negative; expected a non-negative integer"
        );
    }
}

/// Writes the JSON analysis of a normal-play Nim line straight into `out`, without building an
/// [`Analysis`], when every heap fits in 64 bits and the position is too large for its remoteness
/// to be searched (small positions have one, which [`analyse`] finds); returns `false` (writing
/// nothing) otherwise, and the caller takes the general path. The bytes are exactly those of serialising [`analyse`]'s
/// report (a test checks it), so `--batch` output does not depend on which path ran.
///
/// This is the hot loop of `nim --batch`: a million positions a second and more.
pub fn write_json_fast(line: &str, out: &mut Vec<u8>) -> bool {
    let mut heaps = [0u64; 64];
    let mut n_heaps = 0;
    for word in line.split_ascii_whitespace() {
        if n_heaps == heaps.len() || word.len() > 20 || word.len() > 1 && word.starts_with('0') {
            return false;
        }
        let mut value = 0u64;
        for b in word.bytes() {
            if !b.is_ascii_digit() {
                return false;
            }
            match value
                .checked_mul(10)
                .and_then(|v| v.checked_add((b - b'0') as u64))
            {
                Some(v) => value = v,
                None => return false,
            }
        }
        heaps[n_heaps] = value;
        n_heaps += 1;
    }
    let heaps = &heaps[..n_heaps];
    if remoteness::heap_sums_bound(heaps) <= remoteness::MAX_POSITIONS as u64 {
        // The general path searches its remoteness.
        return false;
    }
    let total = nim::nim_value_u64(heaps);
    let mut buffer = itoa::Buffer::new();
    // The position is formatted once; each move's `to` copies it with one heap replaced.
    let mut position = Vec::with_capacity(line.len());
    let mut ends = [0usize; 64];
    for (idx, &h) in heaps.iter().enumerate() {
        if idx > 0 {
            position.push(b' ');
        }
        position.extend_from_slice(buffer.format(h).as_bytes());
        ends[idx] = position.len();
    }
    out.extend_from_slice(br#"{"game":"nim","position":""#);
    out.extend_from_slice(&position);
    out.extend_from_slice(if total == 0 {
        br#"","outcome":"P","nim_value":"#
    } else {
        br#"","outcome":"N","nim_value":"#
    });
    out.extend_from_slice(buffer.format(total).as_bytes());
    out.extend_from_slice(br#","winning_moves":["#);
    let mut first = true;
    if total != 0 {
        for (idx, &h) in heaps.iter().enumerate() {
            let to = h ^ total;
            if to >= h {
                continue;
            }
            if !first {
                out.push(b',');
            }
            first = false;
            let start = if idx == 0 { 0 } else { ends[idx - 1] + 1 };
            let heap_text = &position[start..ends[idx]];
            let mut index_buffer = itoa::Buffer::new();
            let index = index_buffer.format(idx + 1).as_bytes();
            out.extend_from_slice(br#"{"move":"heap "#);
            out.extend_from_slice(index);
            out.extend_from_slice(b": ");
            out.extend_from_slice(heap_text);
            out.extend_from_slice(b" -> ");
            let to_text = buffer.format(to).as_bytes();
            out.extend_from_slice(to_text);
            out.extend_from_slice(br#"","to":""#);
            out.extend_from_slice(&position[..start]);
            out.extend_from_slice(to_text);
            out.extend_from_slice(&position[ends[idx]..]);
            out.extend_from_slice(br#"","heap":"#);
            out.extend_from_slice(index);
            out.push(b'}');
        }
    }
    out.extend_from_slice(b"]}\n");
    true
}

#[cfg(test)]
mod fast_path_tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn fast_json_is_byte_identical_to_the_report(heaps in prop::collection::vec(prop_oneof![0u64..20, any::<u64>()], 0..12)) {
            let words: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
            let line = words.join("  ");
            let mut fast = Vec::new();
            let report = analyse(&words, &AnalysisOptions::default(), &Limits::default()).unwrap();
            if !write_json_fast(&line, &mut fast) {
                // Only the positions whose remoteness is searched are left to the general path.
                let big: Vec<BigUint> = heaps.iter().map(|&h| BigUint::from(h)).collect();
                prop_assert!(remoteness_searched(&big).is_some());
                prop_assert!(fast.is_empty());
                return Ok(());
            }
            prop_assert!(report.remoteness.is_none());
            let mut slow = serde_json::to_vec(&report).unwrap();
            slow.push(b'\n');
            prop_assert_eq!(String::from_utf8(fast).unwrap(), String::from_utf8(slow).unwrap());
        }
    }

    #[test]
    fn fast_path_declines_what_it_cannot_write() {
        let mut out = Vec::new();
        assert!(!write_json_fast("3 x", &mut out));
        assert!(!write_json_fast("99999999999999999999", &mut out));
        assert!(!write_json_fast("007", &mut out));
        // Small enough for the remoteness to be searched: the general path's.
        assert!(!write_json_fast("3 4 5", &mut out));
        assert!(out.is_empty());
        assert!(write_json_fast("1000 1000 1000", &mut out));
    }
}

/// Nim, normal or misère, as a [`Playable`](crate::impartial::play::Playable) game.
#[derive(Clone, Copy, Debug, Default)]
pub struct NimPlay {
    /// Misère play: taking the last token loses.
    pub misere: bool,
}

impl play::Playable for NimPlay {
    fn name(&self) -> &str {
        "nim"
    }

    fn is_misere(&self) -> bool {
        self.misere
    }

    fn analyse(&self, position: &str) -> Analysed {
        let words: Vec<&str> = position.split_whitespace().collect();
        let options = AnalysisOptions {
            misere: self.misere,
            ..AnalysisOptions::default()
        };
        analyse(&words, &options, &Limits::default())
    }

    fn user_move(&self, position: &str, input: &str) -> Result<MoveReport, Error> {
        let words: Vec<&str> = position.split_whitespace().collect();
        let heaps = parse_heaps(&words)?;
        let input = input.trim();
        // `heap I: A -> B` (as printed) or `heap I -> B`; otherwise the position after the move.
        let (heap, to) = if let Some(rest) = input.strip_prefix("heap") {
            let (index, sizes) = rest
                .split_once(':')
                .or_else(|| rest.split_once("->").map(|(i, _)| (i, rest)))
                .ok_or_else(|| Error::bad_input("write a move as `heap 1: 3 -> 1`"))?;
            let index: usize = index.trim().parse().map_err(|_| {
                Error::bad_input(format!("`{}` is not a heap number", index.trim()))
            })?;
            if index == 0 || index > heaps.len() {
                return Err(Error::bad_input(format!(
                    "there is no heap {index}: the heaps are 1..={}",
                    heaps.len()
                )));
            }
            let target = sizes.rsplit("->").next().unwrap_or("").trim();
            if !sizes.contains("->") {
                return Err(Error::bad_input("write a move as `heap 1: 3 -> 1`"));
            }
            if let Some(from) = sizes
                .split("->")
                .next()
                .map(str::trim)
                .filter(|f| !f.is_empty() && !f.starts_with(|c: char| !c.is_ascii_digit()))
            {
                let from = parse_natural(from, "the heap's size")?;
                if from != heaps[index - 1] {
                    return Err(Error::bad_input(format!(
                        "heap {index} has {} tokens, not {from}",
                        heaps[index - 1]
                    )));
                }
            }
            (index - 1, parse_natural(target, "the heap's new size")?)
        } else {
            let after_words: Vec<&str> = input.split_whitespace().collect();
            let after = parse_heaps(&after_words)?;
            if after.len() != heaps.len() {
                return Err(Error::bad_input(format!(
                    "the position has {} heaps, not {}",
                    heaps.len(),
                    after.len()
                )));
            }
            let changed: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] != after[i]).collect();
            match changed.as_slice() {
                [i] => (*i, after[*i].clone()),
                [] => {
                    return Err(Error::bad_input(
                        "that is the same position: a move must take at least one token",
                    ))
                }
                _ => return Err(Error::bad_input("a move takes tokens from one heap only")),
            }
        };
        if to >= heaps[heap] {
            return Err(Error::bad_input(format!(
                "heap {} has {} tokens: a move must leave fewer",
                heap + 1,
                heaps[heap]
            )));
        }
        Ok(move_report(&heaps, heap, &to))
    }

    fn stalling_move(&self, position: &str) -> Result<Option<MoveReport>, Error> {
        let words: Vec<&str> = position.split_whitespace().collect();
        let heaps = parse_heaps(&words)?;
        // Taking one token from the largest heap keeps the most moves in the game.
        let largest = (0..heaps.len())
            .filter(|&i| !heaps[i].is_zero())
            .max_by(|&a, &b| heaps[a].cmp(&heaps[b]));
        Ok(largest.map(|i| move_report(&heaps, i, &(&heaps[i] - 1u32))))
    }
}
