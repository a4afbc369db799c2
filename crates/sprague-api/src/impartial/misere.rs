//! Misère play of take-and-break heap games (`octal CODE H… --misere`, `kayles H --misere`):
//! the outcome, every winning move, and the genus of a single heap.
//!
//! Each heap's genus is found by the engine's genus search ([`sprague::solve::genus`]); a sum of
//! several heaps is decided from the heaps' genera when every heap is tame (Conway's rule, see
//! [`sprague::value::Genus::tame_sum_outcome`]), else by searching the whole sum. The method used
//! is named in the report's note.

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use sprague::games::octal::{HeapGame, HeapRule};
use sprague::solve::genus::{genus_with, GenusMemo};
use sprague::solve::misere::MisereSolver;
use sprague::solve::SolveError;
use sprague::value::{Genus, Outcome};
use sprague::Impartial;

use crate::report::analysis::{join_numbers, Analysed, Analysis, NimValue};
use crate::request::error::{Budget, Error};
use crate::request::limits::{human_bytes, Limits};
use crate::request::options::AnalysisOptions;

/// About the bytes one position costs the genus search: its heaps, its genus and the map's share
/// (measured: 5.6 million positions of Kayles took 1.3 GB).
pub const GENUS_POSITION_BYTES: u64 = 256;

/// About the positions the genus search visits in a second (the slowest measured: a position of
/// many tokens has as many options).
const POSITIONS_PER_SECOND: u64 = 100_000;

/// About the nanoseconds the genus search spends on one option of one position (Kayles' heap 35:
/// 0.44 s for some 80,000 positions of up to 35 options).
const NANOS_PER_OPTION: u128 = 150;

/// How many positions a heap of `tokens` can reach at most: every move keeps or lowers the number
/// of tokens, so a position reached is a multiset of heaps of at most `tokens` in all, and there
/// are p(0) + p(1) + … + p(tokens) of those (p the partition numbers); saturating.
pub fn reachable_bound(tokens: u64) -> u128 {
    let n = usize::try_from(tokens.min(4096)).unwrap_or(4096);
    // p(k) by the parts: for each part size, add the partitions that use it.
    let mut p = vec![0u128; n + 1];
    p[0] = 1;
    for part in 1..=n {
        for k in part..=n {
            p[k] = p[k].saturating_add(p[k - part]);
        }
    }
    let sum = p.iter().fold(0u128, |acc, &x| acc.saturating_add(x));
    if tokens > 4096 {
        u128::MAX
    } else {
        sum
    }
}

/// The positions a misère request may keep, from its memory and time.
pub(crate) fn max_positions(limits: &Limits) -> usize {
    // Two memos (the genera and the search of sums) share the memory.
    let most = (limits.memory_bytes / GENUS_POSITION_BYTES / 2)
        .min(limits.max_seconds.saturating_mul(POSITIONS_PER_SECOND))
        .max(1);
    usize::try_from(most).unwrap_or(usize::MAX)
}

/// The misère analysis of `heaps` under `rule`; `game` names it in the report.
///
/// # Errors
///
/// A heap too large for a machine word, or a search past the memory or time allowed.
pub(crate) fn analyse_heaps(
    game: &str,
    rule: &HeapRule,
    heaps: &[BigUint],
    options: &AnalysisOptions,
    limits: &Limits,
) -> Analysed {
    let small: Vec<u64> = heaps
        .iter()
        .enumerate()
        .map(|(idx, h)| {
            h.to_u64().ok_or_else(|| {
                Error::too_large(
                    crate::request::error::Budget::Positions,
                    format!(
                    "heap {}: misère play is searched position by position, and {h} tokens are \
                     far beyond reach",
                    idx + 1
                ),
                )
            })
        })
        .collect::<Result<_, _>>()?;
    let max_positions = max_positions(limits);
    refuse_large_heaps(game, &small, max_positions, limits)?;
    let heap_game = HeapGame { rule: rule.clone() };
    let mut solver = SumSolver::new(&heap_game, max_positions);
    solver.set_progress(limits.progress);
    let too_many = |e| too_many(game, max_positions, e);
    let position = HeapGame::position(&small);
    let outcome = solver.outcome(&position).map_err(too_many)?;
    let mut winning_moves = Vec::new();
    let mut all_moves = Vec::new();
    let mut left = Vec::new();
    for (idx, &h) in small.iter().enumerate() {
        left.clear();
        rule.heap_options(h, &mut left);
        for parts in &left {
            let mut after: Vec<u64> = small[..idx].to_vec();
            after.extend_from_slice(parts);
            after.extend_from_slice(&small[idx + 1..]);
            let to = solver
                .outcome(&HeapGame::position(&after))
                .map_err(too_many)?;
            let report = crate::report::analysis::heap_move_report(heaps, idx, parts);
            if to == Outcome::P {
                if (winning_moves.len() as u64) >= limits.max_listed_moves {
                    return Err(Error::too_large(
                        crate::request::error::Budget::Memory,
                        format!(
                            "more than the {} winning moves allowed",
                            limits.max_listed_moves
                        ),
                    ));
                }
                winning_moves.push(report.clone());
            }
            if options.all_moves {
                if (all_moves.len() as u64) >= limits.max_listed_moves {
                    return Err(Error::too_large(
                        crate::request::error::Budget::Memory,
                        crate::request::error::Message::param("all_moves").then(format!(
                            " would list more than the {} moves allowed",
                            limits.max_listed_moves
                        )),
                    ));
                }
                all_moves.push(report.leading_to(to, NimValue::None));
            }
        }
    }
    let genus = solver.lone_genus(&position).map_err(too_many)?;
    Ok(Analysis {
        winning_moves,
        all_moves: options.all_moves.then_some(all_moves),
        note: Some(solver.note("heap")),
        genus: genus.map(|g| g.to_string()),
        ..Analysis::new(game, join_numbers(heaps), outcome, NimValue::None)
    })
}

/// Refuses before it starts a genus search the largest heap's positions would not fit in: the
/// genus of a heap needs every position the heap can reach ([`reachable_bound`]).
fn refuse_large_heaps(
    game: &str,
    heaps: &[u64],
    max_positions: usize,
    limits: &Limits,
) -> Result<(), Error> {
    let Some(&largest) = heaps.iter().max() else {
        return Ok(());
    };
    let positions = reachable_bound(largest);
    let needed = u64::try_from(positions).unwrap_or(u64::MAX);
    if positions > max_positions as u128 {
        return Err(Error::over_budget(
            Budget::Memory,
            needed.saturating_mul(GENUS_POSITION_BYTES),
            limits.memory_bytes,
            format!(
                "the misère genus of heap {largest} of {game} may need every one of up to {} \
                 positions ({}), more than the memory allowed",
                format_count(positions),
                match needed.checked_mul(GENUS_POSITION_BYTES) {
                    Some(bytes) => format!("about {}", human_bytes(bytes)),
                    None => "beyond any memory".to_owned(),
                }
            ),
        ));
    }
    let seconds = positions.saturating_mul(u128::from(largest)) * NANOS_PER_OPTION / 1_000_000_000;
    limits.check_seconds(
        seconds,
        format_args!(
            "the misère genus of heap {largest} of {game} may need {} positions of up to \
             {largest} options each",
            format_count(positions)
        ),
    )
}

fn format_count(n: u128) -> String {
    if n < 1_000_000 {
        n.to_string()
    } else {
        let digits = n.to_string();
        format!("{}.{}e{}", &digits[..1], &digits[1..2], digits.len() - 1)
    }
}

/// The refusal of a search that would keep more than `max_positions`.
pub(crate) fn too_many(game: &str, max_positions: usize, e: SolveError) -> Error {
    let limit = max_positions as u64;
    match e {
        SolveError::TooManyPositions { .. } => Error::over_budget(
            Budget::Positions,
            limit + 1,
            limit,
            format!(
                "the misère analysis of {game} would keep more than {limit} positions (about {}), \
                 more than the memory and time allowed",
                human_bytes(limit.saturating_mul(GENUS_POSITION_BYTES))
            ),
        ),
        SolveError::Loop => Error::bad_input("misère play of a game with cycles is not supported"),
        e => Error::too_large(crate::request::error::solve_budget(&e), e.to_string()),
    }
}

/// Misère outcomes of sums, each part's genus found once: a lone part's outcome from its genus,
/// a sum of hereditarily tame parts by Conway's rule, any other sum by a misère search that asks
/// the rule of every sum it meets before opening it.
pub(crate) struct SumSolver<'a, G: Impartial> {
    game: &'a G,
    // The genera of parts (and of the positions their search reaches).
    memo: GenusMemo<G::Position>,
    // The search of sums with a part that is not tame.
    search: MisereSolver<'a, G>,
    max_positions: usize,
    // How the outcomes were found, for the note.
    searched: bool,
    by_rule: bool,
}

impl<'a, G: Impartial> SumSolver<'a, G> {
    pub(crate) fn new(game: &'a G, max_positions: usize) -> Self {
        SumSolver {
            game,
            memo: GenusMemo::new(),
            search: MisereSolver::new(game, max_positions),
            max_positions,
            searched: false,
            by_rule: false,
        }
    }

    /// Counts the positions stored in `progress`, for a progress line.
    pub(crate) fn set_progress(
        &mut self,
        progress: Option<&'static sprague::progress::SearchProgress>,
    ) {
        self.memo.set_progress(progress);
        self.search.set_progress(progress);
    }

    /// The genus of `position` when it is a single part (`None` for a sum of several).
    pub(crate) fn lone_genus(
        &mut self,
        position: &G::Position,
    ) -> Result<Option<Genus>, SolveError> {
        let mut parts = Vec::new();
        self.game.components(position, &mut parts);
        match parts.as_slice() {
            [] => Ok(Some(Genus::nim_heap(0))),
            [part] => genus_with(self.game, part, &mut self.memo, self.max_positions).map(Some),
            _ => Ok(None),
        }
    }

    /// The misère outcome of `position`.
    pub(crate) fn outcome(&mut self, position: &G::Position) -> Result<Outcome, SolveError> {
        if let Some(win) = by_genera(self.game, &mut self.memo, self.max_positions, position)? {
            self.by_rule |= parts_of(self.game, position).len() > 1;
            return Ok(Outcome::from_win(win));
        }
        self.searched = true;
        let (memo, game, max_positions) = (&mut self.memo, self.game, self.max_positions);
        let mut known = |p: &G::Position| by_genera(game, memo, max_positions, p).ok().flatten();
        let wins = self.search.wins(position, &mut known)?;
        Ok(Outcome::from_win(wins))
    }

    /// The report's note: misère play, and how its outcomes were found (`part` names a part).
    pub(crate) fn note(&self, part: &str) -> String {
        let method = if self.searched {
            format!(
                "outcomes by a search of the sums with a wild {part} (sums of tame {part}s decided \
                 by their genera)"
            )
        } else if self.by_rule {
            format!("outcomes from the genera: every {part} is tame (Conway's rule for tame sums)")
        } else {
            "outcomes from the genus".to_owned()
        };
        format!("misère play: the player who makes the last move loses; nim-values do not apply; {method}")
    }
}

fn parts_of<G: Impartial>(game: &G, position: &G::Position) -> Vec<G::Position> {
    let mut parts = Vec::new();
    game.components(position, &mut parts);
    parts
}

/// Whether the player to move wins `position` in misère play, when its parts' genera decide it:
/// a lone part by its genus, hereditarily tame parts by Conway's rule. `None` otherwise.
fn by_genera<G: Impartial>(
    game: &G,
    memo: &mut GenusMemo<G::Position>,
    max_positions: usize,
    position: &G::Position,
) -> Result<Option<bool>, SolveError> {
    let parts = parts_of(game, position);
    if parts.is_empty() {
        // No move at all: the opponent made the last one.
        return Ok(Some(true));
    }
    if let [part] = parts.as_slice() {
        let genus = genus_with(game, part, memo, max_positions)?;
        return Ok(Some(genus.misere() != 0));
    }
    let mut genera = Vec::with_capacity(parts.len());
    for part in &parts {
        let genus = genus_with(game, part, memo, max_positions)?;
        if memo.hereditarily_tame(part) != Some(true) {
            return Ok(None);
        }
        genera.push(genus);
    }
    Ok(Genus::tame_sum_outcome(&genera).map(|o| o == Outcome::N))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague::solve::misere;

    fn analyse(code: &str, heaps: &[u64]) -> Analysis {
        let rule = crate::request::parse::parse_code(code).unwrap();
        let heaps: Vec<BigUint> = heaps.iter().map(|&h| BigUint::from(h)).collect();
        let options = AnalysisOptions {
            misere: true,
            ..AnalysisOptions::default()
        };
        analyse_heaps(code, &rule, &heaps, &options, &Limits::default()).unwrap()
    }

    #[test]
    fn outcomes_and_winning_moves_agree_with_a_plain_misere_search() {
        // Kayles (wild from 5), Dawson's Kayles and 0.137 (tame for a long way), Guiles.
        for code in ["0.77", "0.07", "0.137", "0.15"] {
            let game = HeapGame {
                rule: crate::request::parse::parse_code(code).unwrap(),
            };
            for a in 0..8u64 {
                for b in a..8 {
                    for c in [0, 3, 6] {
                        let heaps = [a, b, c];
                        let analysis = analyse(code, &heaps);
                        let position = HeapGame::position(&heaps);
                        let searched = misere::outcome(&game, &position, 1 << 22).unwrap();
                        assert_eq!(analysis.outcome, searched, "{code} {heaps:?}");
                        let mut expected: Vec<Vec<u64>> =
                            misere::winning_moves(&game, &position, 1 << 22).unwrap();
                        expected.sort();
                        expected.dedup();
                        let mut found: Vec<Vec<u64>> = analysis
                            .winning_moves
                            .iter()
                            .map(|m| HeapGame::position(&crate::impartial::testing::heaps_after(m)))
                            .collect();
                        found.sort();
                        found.dedup();
                        assert_eq!(found, expected, "{code} {heaps:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_reachable_bound_counts_multisets_and_refuses_huge_heaps_at_once() {
        // 1, 1, 2, 3, 5, 7, 11 partitions of 0..=6: 30 multisets of at most 6 tokens.
        assert_eq!(reachable_bound(6), 30);
        let rule = crate::request::parse::parse_code("0.77").unwrap();
        let options = AnalysisOptions {
            misere: true,
            ..AnalysisOptions::default()
        };
        let err = analyse_heaps(
            "kayles",
            &rule,
            &[BigUint::from(1000u32)],
            &options,
            &Limits::default(),
        )
        .unwrap_err();
        assert!(err.message().contains("heap 1000"), "{}", err.message());
        // Kayles' heap 40: about 2 million positions, answered.
        assert!(reachable_bound(40) < 3_000_000);
    }

    #[test]
    fn a_lone_heap_carries_its_genus_as_cgsuite_writes_it() {
        assert_eq!(analyse("0.77", &[5]).genus.as_deref(), Some("4^146"));
        assert_eq!(analyse("0.77", &[2]).genus.as_deref(), Some("2"));
        assert_eq!(analyse("0.77", &[0]).genus.as_deref(), Some("0"));
        assert_eq!(analyse("0.77", &[3, 4]).genus, None);
        let tame = analyse("0.07", &[3, 4]);
        assert!(tame.note.unwrap().contains("Conway"));
    }
}
