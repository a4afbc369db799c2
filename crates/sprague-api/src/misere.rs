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

use crate::report::join_numbers;
use crate::{human_bytes, Analysis, AnalysisOptions, Budget, Error, Limits, NimValue};

/// About the bytes one position costs the genus search: its heaps, its genus and the map's share.
pub const GENUS_POSITION_BYTES: u64 = 192;

/// About the positions the genus search visits in a second (measured: see BENCHMARKS.md).
const POSITIONS_PER_SECOND: u64 = 500_000;

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
) -> Result<Analysis, Error> {
    let small: Vec<u64> = heaps
        .iter()
        .enumerate()
        .map(|(idx, h)| {
            h.to_u64().ok_or_else(|| {
                Error::too_large(format!(
                    "heap {}: misère play is searched position by position, and {h} tokens are \
                     far beyond reach",
                    idx + 1
                ))
            })
        })
        .collect::<Result<_, _>>()?;
    let max_positions = (limits.memory_bytes / GENUS_POSITION_BYTES)
        .min(limits.max_seconds.saturating_mul(POSITIONS_PER_SECOND))
        .max(1);
    let max_positions = usize::try_from(max_positions).unwrap_or(usize::MAX);
    let heap_game = HeapGame { rule: rule.clone() };
    let mut solver = Solver {
        game: &heap_game,
        memo: GenusMemo::new(),
        search: MisereSolver::new(&heap_game, max_positions),
        max_positions,
        searched_sums: false,
        game_name: game,
    };
    let genera: Vec<(Genus, bool)> = small
        .iter()
        .map(|&h| solver.genus(&[h]))
        .collect::<Result<_, _>>()?;
    let outcome = solver.outcome(&small, &genera)?;
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
            let after_genera: Vec<(Genus, bool)> = after
                .iter()
                .map(|&a| solver.genus(&[a]))
                .collect::<Result<_, _>>()?;
            let to = solver.outcome(&after, &after_genera)?;
            let report = crate::octal::report(heaps, idx, parts);
            if to == Outcome::P {
                if (winning_moves.len() as u64) >= limits.max_listed_moves {
                    return Err(Error::too_large(format!(
                        "more than the {} winning moves allowed",
                        limits.max_listed_moves
                    )));
                }
                winning_moves.push(report.clone());
            }
            if options.all_moves {
                if (all_moves.len() as u64) >= limits.max_listed_moves {
                    return Err(Error::too_large(format!(
                        "--all-moves would list more than the {} moves allowed",
                        limits.max_listed_moves
                    )));
                }
                all_moves.push(report.leading_to(to, NimValue::None));
            }
        }
    }
    let live = small.iter().filter(|&&h| h > 0).count();
    let method = if solver.searched_sums {
        "by a search of the sums with a wild heap (sums of tame heaps decided by their genera)"
    } else if live > 1 {
        "from the heaps' genera: every heap is tame (Conway's rule)"
    } else {
        "from the heap's genus"
    };
    Ok(Analysis {
        game: game.to_owned(),
        position: join_numbers(heaps),
        outcome,
        nim_value: NimValue::None,
        winning_moves,
        all_moves: options.all_moves.then_some(all_moves),
        note: Some(format!(
            "misère play: the player who makes the last move loses; nim-values do not apply; \
             outcome {method}"
        )),
        genus: (live <= 1).then(|| {
            genera
                .iter()
                .map(|(g, _)| g)
                .find(|g| **g != Genus::nim_heap(0))
                .cloned()
                .unwrap_or_else(|| Genus::nim_heap(0))
                .to_string()
        }),
    })
}

struct Solver<'a> {
    game: &'a HeapGame,
    // The genera of single heaps (and of the positions their search reaches).
    memo: GenusMemo<Vec<u64>>,
    // The misère search of sums that are not all tame.
    search: MisereSolver<'a, HeapGame>,
    max_positions: usize,
    searched_sums: bool,
    game_name: &'a str,
}

impl Solver<'_> {
    /// The genus of `heaps` and whether they are hereditarily tame.
    fn genus(&mut self, heaps: &[u64]) -> Result<(Genus, bool), Error> {
        let position = HeapGame::position(heaps);
        let genus = genus_with(self.game, &position, &mut self.memo, self.max_positions);
        let genus = genus.map_err(|e| self.too_many(e))?;
        let tame = self.memo.hereditarily_tame(&position) == Some(true);
        Ok((genus, tame))
    }

    fn too_many(&self, e: SolveError) -> Error {
        let limit = self.max_positions as u64;
        match e {
            SolveError::TooManyPositions { .. } => Error::over_budget(
                Budget::Positions,
                limit + 1,
                limit,
                format!(
                    "the misère analysis of {} would keep more than {limit} positions (about {}), \
                     more than the memory and time allowed",
                    self.game_name,
                    human_bytes(limit.saturating_mul(GENUS_POSITION_BYTES))
                ),
            ),
            e => Error::too_large(e.to_string()),
        }
    }

    /// The misère outcome of the sum `heaps` whose heaps have the genera and tameness `genera`:
    /// a lone heap's from its genus, tame heaps' by Conway's rule, and other sums by a search
    /// that stops at sums of tame heaps (decided by the rule).
    fn outcome(&mut self, heaps: &[u64], genera: &[(Genus, bool)]) -> Result<Outcome, Error> {
        let live: Vec<&(Genus, bool)> = heaps
            .iter()
            .zip(genera)
            .filter(|(&h, _)| h > 0)
            .map(|(_, g)| g)
            .collect();
        if let [(genus, _)] = live.as_slice() {
            return Ok(Outcome::from_win(genus.misere() != 0));
        }
        if live.iter().all(|(_, tame)| *tame) {
            if let Some(outcome) = Genus::tame_sum_outcome(live.iter().map(|(g, _)| g)) {
                return Ok(outcome);
            }
        }
        self.searched_sums = true;
        let position = HeapGame::position(heaps);
        let (memo, game, max_positions) = (&mut self.memo, self.game, self.max_positions);
        let mut known = |p: &Vec<u64>| -> Option<bool> {
            let mut parts = Vec::with_capacity(p.len());
            for &h in p {
                let single = vec![h];
                let genus = genus_with(game, &single, memo, max_positions).ok()?;
                parts.push((genus, memo.hereditarily_tame(&single) == Some(true)));
            }
            if let [(genus, _)] = parts.as_slice() {
                return Some(genus.misere() != 0);
            }
            if !parts.iter().all(|(_, tame)| *tame) {
                return None;
            }
            Genus::tame_sum_outcome(parts.iter().map(|(g, _)| g)).map(|o| o == Outcome::N)
        };
        let wins = self.search.wins(&position, &mut known);
        let wins = wins.map_err(|e| self.too_many(e))?;
        Ok(Outcome::from_win(wins))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague::solve::misere;

    fn analyse(code: &str, heaps: &[u64]) -> Analysis {
        let rule = crate::octal::parse_code(code).unwrap();
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
                rule: crate::octal::parse_code(code).unwrap(),
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
                            .map(|m| {
                                let to: Vec<u64> = m
                                    .to
                                    .as_deref()
                                    .unwrap()
                                    .split(' ')
                                    .map(|w| w.parse().unwrap())
                                    .collect();
                                HeapGame::position(&to)
                            })
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
    fn a_lone_heap_carries_its_genus_as_cgsuite_writes_it() {
        assert_eq!(analyse("0.77", &[5]).genus.as_deref(), Some("4^146"));
        assert_eq!(analyse("0.77", &[2]).genus.as_deref(), Some("2"));
        assert_eq!(analyse("0.77", &[0]).genus.as_deref(), Some("0"));
        assert_eq!(analyse("0.77", &[3, 4]).genus, None);
        let tame = analyse("0.07", &[3, 4]);
        assert!(tame.note.unwrap().contains("Conway"));
    }
}
