//! Subtraction-game positions (S-Nim) as typed (`7 12 --set 1,3,4`), and their analysis.
//!
//! A [`SubtractionAnalyser`] holds the nim-value table of one set and reuses it for every position
//! it is asked about: a `--batch` run computes the table, and finds the period, once.

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use sprague::games::subtraction::{SubtractionMove, SubtractionSet, SubtractionTable};
use sprague::value::{Nimber, Outcome};

use crate::impartial::{every, remoteness};
use crate::report::analysis::{join_numbers, Analysed, Analysis, MoveReport, NimValue};
use crate::report::listing::check_listing;
use crate::request::error::Error;
use crate::request::limits::{human_bytes, human_seconds, Limits};
use crate::request::options::AnalysisOptions;
use crate::request::parse::parse_heaps;
pub use crate::request::parse::parse_set;

/// Steps (set elements looked at) a table takes a second, rounded down from the measured 2·10^8
/// (`subtraction 200000000 --set 1,2,50000000`: 10^8 values of three elements in 1.4 s): with
/// the time allowed it bounds a table's length.
const STEPS_PER_SECOND: u64 = 100_000_000;

/// How many values the analyser computes up front while looking for the period.
const EAGER_SEARCH: usize = 1 << 16;

/// The analyser of one subtraction set: its table, shared by every position analysed.
#[derive(Clone, Debug)]
pub struct SubtractionAnalyser {
    table: SubtractionTable,
    // For a position whose heaps are all below the set's largest element: the table of the
    // elements that can be taken from them (the larger ones never apply), kept for the next.
    prefix: Option<SubtractionTable>,
    // The most values a table may hold, from the memory limit and the time allowed.
    max_values: usize,
    limits: Limits,
}

impl SubtractionAnalyser {
    /// An analyser for the set typed as `set_text`.
    ///
    /// # Errors
    ///
    /// A bad set (see [`parse_set`]).
    pub fn new(set_text: &str, limits: &Limits) -> Result<SubtractionAnalyser, Error> {
        let set = parse_set(set_text)?;
        let by_memory = limits.memory_bytes / SubtractionTable::BYTES_PER_VALUE;
        let by_time =
            limits.max_seconds.saturating_mul(STEPS_PER_SECOND) / set.elements().len() as u64;
        let max_values = usize::try_from(by_memory.min(by_time)).unwrap_or(usize::MAX);
        let mut table = SubtractionTable::new(set);
        // Most sets show their period within a few thousand values: look for it now, cheaply, so
        // that every position of the run can use it.
        if table.min_values_for_period() <= EAGER_SEARCH as u64 {
            table.find_period(max_values.min(EAGER_SEARCH));
        }
        Ok(SubtractionAnalyser {
            table,
            prefix: None,
            max_values,
            limits: *limits,
        })
    }

    /// The table, with what has been computed so far.
    pub fn table(&self) -> &SubtractionTable {
        &self.table
    }

    /// The table that answers heaps up to `largest`: the set's own, or, when every heap is below
    /// its largest element and past what is computed, the table of the elements up to `largest`
    /// (a heap below an element never takes it, nor does any heap it leads to).
    fn table_for(&mut self, largest: &BigUint) -> &mut SubtractionTable {
        let set = self.table.set();
        let below = largest
            .to_u64()
            .filter(|&h| h < set.max() && self.table.grundy_value(largest).is_none());
        let Some(h) = below else {
            return &mut self.table;
        };
        // At least the smallest element: below it every value is 0 either way.
        let count = set.elements().partition_point(|&s| s <= h).max(1);
        if self.prefix.as_ref().map(|t| t.set().elements().len()) != Some(count) {
            let elements = set.elements()[..count].to_vec();
            let prefix = SubtractionSet::new(elements).expect("a non-empty prefix of a set");
            self.prefix = Some(SubtractionTable::new(prefix));
        }
        self.prefix.as_mut().expect("just set")
    }

    /// Makes the nim-value of `heap` available in `table`: from the table, or through the period,
    /// searching for it (within the limits) when the heap is past the table.
    fn ensure(
        table: &mut SubtractionTable,
        max_values: usize,
        limits: &Limits,
        heap: &BigUint,
        idx: usize,
    ) -> Result<Nimber, Error> {
        if let Some(v) = table.grundy_value(heap) {
            return Ok(v);
        }
        let elements = table.set().elements().len() as u64;
        let refuse = |values: u64, why: &str| {
            Error::too_large(
                crate::request::error::Budget::Memory,
                format!(
                "heap {}: {why} the set {{{}}} needs a table of at least {values} nim-values ({}, \
                 about {}), more than the {} and {} allowed",
                idx + 1,
                table.set(),
                human_bytes(values.saturating_mul(SubtractionTable::BYTES_PER_VALUE)),
                human_seconds(values.saturating_mul(elements) as f64 / STEPS_PER_SECOND as f64),
                human_bytes(limits.memory_bytes),
                human_seconds(limits.max_seconds as f64),
            ),
            )
        };
        // A heap that the period search would compute anyway is computed directly.
        if let Some(h) = heap.to_usize() {
            let first_search = usize::try_from(table.set().max().saturating_mul(2))
                .unwrap_or(usize::MAX)
                .max(64);
            if h < first_search {
                if h >= max_values {
                    return Err(refuse(h as u64 + 1, "its value under"));
                }
                table.extend_to_within(h + 1, max_values);
                return Ok(table.grundy_value(heap).expect("just computed"));
            }
        }
        let needed = table.min_values_for_period();
        if needed > max_values as u64 {
            return Err(refuse(needed, "a period (which heaps this large need) of"));
        }
        table.find_period(max_values);
        table.grundy_value(heap).ok_or_else(|| {
            Error::too_large(
                crate::request::error::Budget::Memory,
                format!(
                    "heap {}: no period of the set {{{}}} is proven within G(0..{}), the most the \
                 limits allow, and the heap is past it",
                    idx + 1,
                    table.set(),
                    table.len()
                ),
            )
        })
    }

    /// Analyses a position typed as words (`["7", "12"]`).
    ///
    /// # Errors
    ///
    /// Bad heaps (see [`parse_heaps`]); misère play (not supported); a heap whose value the limits
    /// do not allow to compute; with `all_moves`, a refusal when the listing would pass
    /// `limits.max_listed_moves`.
    pub fn analyse<S: AsRef<str>>(
        &mut self,
        words: &[S],
        options: &AnalysisOptions,
        limits: &Limits,
    ) -> Analysed {
        options.refuse_misere("subtraction games")?;
        if options.every {
            // Every-SG: each component's steps, by a search over the sums it reaches.
            let set = self.table.set().clone();
            let takes = set.elements().len() as u128;
            let game = sprague::games::subtraction::Subtraction { set };
            return every::analyse_heap_sum(
                "subtraction",
                &game,
                words,
                |len| u128::from(len) * takes.min(u128::from(len)),
                false,
                limits,
            );
        }
        let heaps = parse_heaps(words)?;
        let largest = heaps.iter().max().cloned().unwrap_or_default();
        let (max_values, own_limits) = (self.max_values, self.limits);
        let full_set = self.table.set().clone();
        let table = self.table_for(&largest);
        let mut values = Vec::with_capacity(heaps.len());
        for (idx, heap) in heaps.iter().enumerate() {
            values.push(Self::ensure(table, max_values, &own_limits, heap, idx)?);
        }
        let total = values.iter().fold(Nimber::ZERO, |acc, &v| acc ^ v);
        let table = &*table;
        let report = |m: &SubtractionMove| {
            let mut after = heaps.clone();
            after[m.heap] = m.to.clone();
            MoveReport::heap(
                format!("heap {}: {} -> {}", m.heap + 1, heaps[m.heap], m.to),
                join_numbers(&after),
                m.heap + 1,
            )
        };
        let winning = table
            .winning_moves(&heaps)
            .ok_or_else(|| Error::bad_input("internal: a follower's value is missing"))?;
        let winning_moves = winning.iter().map(report).collect();
        let all_moves = if options.all_moves {
            let count = moves_count(table.set(), &heaps);
            check_listing(&count, limits)?;
            let mut listed = Vec::new();
            for m in table.moves(&heaps) {
                let after_value = total
                    ^ values[m.heap]
                    ^ table.grundy_value(&m.to).expect("followers are answerable");
                let r = report(&m);
                listed.push(r.leading_to(
                    outcome(after_value),
                    NimValue::from_u64(after_value.value()),
                ));
            }
            Some(listed)
        } else {
            None
        };
        let mut note = format!("subtraction set {{{full_set}}}");
        if *table.set() != full_set {
            note.push_str(&format!(
                "; these heaps are below {}, so they play as the set {{{}}}",
                full_set.elements()[table.set().elements().len()],
                table.set()
            ));
        }
        if let Some(period) = table.known_period() {
            note.push_str(&format!(
                "; nim-values periodic with preperiod {} and period {} (proved)",
                period.preperiod, period.period
            ));
        }
        let mut analysis = Analysis {
            winning_moves,
            all_moves,
            note: Some(note),
            ..Analysis::new(
                "subtraction",
                join_numbers(&heaps),
                outcome(total),
                NimValue::from_u64(total.value()),
            )
        };
        // Every move lowers one heap: at most ∏(hᵢ + 1) sums, searched only within the budget.
        let small = remoteness::small_heaps(&heaps)
            .filter(|h| remoteness::heap_sums_bound(h) <= remoteness::MAX_POSITIONS as u64);
        if let Some(small) = small {
            let game = sprague::games::subtraction::Subtraction { set: full_set };
            remoteness::fill(
                &mut analysis,
                &game,
                &small,
                limits,
                remoteness::heaps_after,
            );
        }
        Ok(analysis)
    }
}

/// Analyses one position of one set (a fresh table; use [`SubtractionAnalyser`] for many).
///
/// # Errors
///
/// As [`SubtractionAnalyser::new`] and [`SubtractionAnalyser::analyse`].
pub fn analyse<S: AsRef<str>>(
    words: &[S],
    set_text: &str,
    options: &AnalysisOptions,
    limits: &Limits,
) -> Analysed {
    SubtractionAnalyser::new(set_text, limits)?.analyse(words, options, limits)
}

fn moves_count(set: &SubtractionSet, heaps: &[BigUint]) -> BigUint {
    heaps
        .iter()
        .map(|h| {
            let n = match h.to_u64() {
                Some(h) => set.elements().partition_point(|&s| s <= h),
                None => set.elements().len(),
            };
            BigUint::from(n)
        })
        .sum()
}

fn outcome(value: Nimber) -> Outcome {
    if value.is_zero() {
        Outcome::P
    } else {
        Outcome::N
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(words: &[&str], set: &str) -> Analysed {
        analyse(words, set, &AnalysisOptions::default(), &Limits::default())
    }

    #[test]
    fn bad_sets_are_named() {
        let msg = |set: &str| run(&["3"], set).unwrap_err().message().to_owned();
        assert!(msg("").contains("empty"), "{}", msg(""));
        assert!(msg("1,,3").contains("element 2 is empty"));
        assert!(msg("1,0").contains("0 is in the subtraction set"));
        assert!(msg("2,-1").contains("`-1` is negative"));
        assert!(msg("1,x").contains("`x` is not a positive integer"));
        assert!(msg("99999999999999999999").contains("does not fit"));
    }

    #[test]
    fn absurd_sets_are_refused_with_an_estimate_only_where_a_heap_needs_them() {
        let err = run(&["3", "2000000000000"], "1,1000000000000").unwrap_err();
        assert_eq!(err.kind(), crate::request::error::ErrorKind::TooLarge);
        assert!(
            err.message().contains("heap 2: a period"),
            "{}",
            err.message()
        );
        assert!(err.message().contains("TiB"), "{}", err.message());
        // A heap below the huge element plays as {1}: G(3) = 1.
        let a = run(&["3"], "1,1000000000000").unwrap();
        assert_eq!(a.nim_value, NimValue::from_u64(1));
        // Heaps right below it are computed from the period of {1}, not value by value.
        let a = run(&["999999999999"], "1,1000000000000").unwrap();
        assert_eq!(a.nim_value, NimValue::from_u64(1));
        // Below the smallest element nothing can be taken.
        let a = run(&["4", "6"], "7,1000000000000").unwrap();
        assert_eq!(a.outcome, Outcome::P);
        assert!(a.winning_moves.is_empty());
    }

    #[test]
    fn all_moves_are_refused_past_the_limit() {
        let limits = Limits {
            max_listed_moves: 5,
            ..Limits::default()
        };
        let options = AnalysisOptions {
            all_moves: true,
            ..AnalysisOptions::default()
        };
        let err = analyse(&["9", "9"], "1,2,3", &options, &limits).unwrap_err();
        assert_eq!(
            err.message(),
            "`all_moves` would list 6 moves, more than the 5 allowed"
        );
        assert_eq!(
            crate::request::error::cli_words(&err),
            "--all-moves would list 6 moves, more than the 5 allowed"
        );
        assert!(analyse(&["9", "1"], "1,2,3", &options, &limits).is_ok());
    }

    #[test]
    fn heaps_past_an_unproven_table_are_refused() {
        // {2,5} has period 7 from 0, proven only with 7 + 5 values; allow 7.
        let limits = Limits {
            memory_bytes: 14,
            ..Limits::default()
        };
        let options = AnalysisOptions::default();
        let mut analyser = SubtractionAnalyser::new("2,5", &limits).unwrap();
        assert_eq!(
            analyser
                .analyse(&["6"], &options, &limits)
                .unwrap()
                .nim_value,
            NimValue::from_u64(1)
        );
        let err = analyser.analyse(&["1000"], &options, &limits).unwrap_err();
        assert_eq!(err.kind(), crate::request::error::ErrorKind::TooLarge);
        assert_eq!(
            err.message(),
            "heap 1: no period of the set {2,5} is proven within G(0..7), the most the limits \
             allow, and the heap is past it"
        );
        // With room, the same heap is answered through the period: 1000 = 6 (mod 7).
        let mut analyser = SubtractionAnalyser::new("2,5", &Limits::default()).unwrap();
        assert_eq!(
            analyser
                .analyse(&["1000"], &options, &Limits::default())
                .unwrap()
                .nim_value,
            NimValue::from_u64(1)
        );
    }

    #[test]
    fn one_table_serves_a_batch() {
        let mut analyser = SubtractionAnalyser::new("2,5", &Limits::default()).unwrap();
        let options = AnalysisOptions::default();
        let limits = Limits::default();
        let letters: String = [&["5", "12"][..], &["2", "4", "7"], &["2", "3", "7", "12"]]
            .iter()
            .map(
                |w| match analyser.analyse(w, &options, &limits).unwrap().outcome {
                    Outcome::N => 'W',
                    _ => 'L',
                },
            )
            .collect();
        assert_eq!(letters, "LWW");
        let len = analyser.table().len();
        let big = "1".repeat(40);
        analyser
            .analyse(&[big.as_str()], &options, &limits)
            .unwrap();
        let len_after = analyser.table().len();
        analyser
            .analyse(&["12", big.as_str()], &options, &limits)
            .unwrap();
        assert_eq!(analyser.table().len(), len_after);
        assert!(len_after >= len);
    }
}
