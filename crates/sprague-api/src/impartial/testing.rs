//! Helpers of the unit tests of the impartial analyses.

use crate::report::analysis::{Analysed, MoveReport};
use crate::request::limits::Limits;
use crate::request::options::AnalysisOptions;

/// The JSON text of `analyse`'s report on `words` in normal play, with the default limits.
pub(crate) fn json<'a>(
    analyse: impl Fn(&[&'a str], &AnalysisOptions, &Limits) -> Analysed,
    words: &[&'a str],
) -> String {
    let analysis = analyse(words, &AnalysisOptions::default(), &Limits::default()).unwrap();
    serde_json::to_string(&analysis).unwrap()
}

/// The options of an `--all-moves` request.
pub(crate) fn all_moves() -> AnalysisOptions {
    AnalysisOptions {
        all_moves: true,
        ..AnalysisOptions::default()
    }
}

/// The heaps a move leaves: its `to`, read as numbers.
pub(crate) fn heaps_after(m: &MoveReport) -> Vec<u64> {
    let to = m.to.as_deref().unwrap();
    to.split(' ').map(|w| w.parse().unwrap()).collect()
}
