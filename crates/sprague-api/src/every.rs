//! Every-SG (`kayles 5 7 --every`, `script FILE POS --every`): on each turn the player to move
//! moves in every part that still can; whoever makes the last move wins. Decided by the parts'
//! steps ([`sprague::solve::every`]): the longest part decides, odd steps win. The winning move
//! reported is the steps strategy's: in each part, an option of one step fewer (a won part taken
//! slowly, a lost one quickly), so that every part's steps, and the longest, drop by one.

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use sprague::games::octal::{HeapGame, HeapRule};
use sprague::solve::every::{self, StepMemo};
use sprague::solve::SolveError;
use sprague::value::Outcome;
use sprague::Impartial;

use crate::report::join_numbers;
use crate::{Analysed, Analysis, Error, Limits, MoveReport, NimValue};

/// The largest heap `--every` takes: its steps need every option of every smaller heap (a heap
/// of n has about n options that split it in two).
pub const MAX_EVERY_HEAP: u64 = 20_000;

/// About the nanoseconds one option costs the steps search (each is split into its parts):
/// Kayles' heap 3000, some 2.25 million options, took 5.6 s.
const NANOS_PER_OPTION: u128 = 2_500;

/// The steps plan of a sum of `parts`: the sum's steps, each part's, and for each part that can
/// move the option of one step fewer.
pub(crate) struct Plan<P> {
    pub(crate) steps: u64,
    pub(crate) part_steps: Vec<u64>,
    pub(crate) moves: Vec<Option<P>>,
}

/// The steps plan of `parts` (each a component of `game`).
///
/// # Errors
///
/// A loop, or more components than `max_positions`.
pub(crate) fn plan<G: Impartial>(
    game: &G,
    parts: &[G::Position],
    max_positions: usize,
) -> Result<Plan<G::Position>, SolveError> {
    let mut memo = StepMemo::new();
    let mut part_steps = Vec::with_capacity(parts.len());
    let mut moves = Vec::with_capacity(parts.len());
    let mut options = Vec::new();
    for part in parts {
        let s = every::component_steps(game, part, &mut memo, max_positions)?;
        part_steps.push(s);
        if s == 0 {
            moves.push(None);
            continue;
        }
        options.clear();
        game.options(part, &mut options);
        let mut chosen = None;
        for option in &options {
            if every::steps(game, option, &mut memo, max_positions)? == s - 1 {
                chosen = Some(option.clone());
                break;
            }
        }
        moves.push(Some(
            chosen.expect("a part of s steps has an option of s - 1"),
        ));
    }
    Ok(Plan {
        steps: part_steps.iter().copied().max().unwrap_or(0),
        part_steps,
        moves,
    })
}

/// The outcome of a plan: the player to move wins iff the longest part's steps are odd.
pub(crate) fn outcome<P>(plan: &Plan<P>) -> Outcome {
    Outcome::from_win(plan.steps % 2 == 1)
}

/// The note of an Every-SG report: the rule, and each part's steps (`names` of the parts).
pub(crate) fn note<P>(plan: &Plan<P>, names: &[String]) -> String {
    let parts: Vec<String> = names
        .iter()
        .zip(&plan.part_steps)
        .map(|(n, s)| format!("{n}: {s}"))
        .collect();
    let verdict = if plan.steps % 2 == 1 {
        "odd: the player to move wins, by the move that takes every part one step nearer its end"
    } else {
        "even: the player to move loses"
    };
    format!(
        "Every-SG: each turn moves in every part that can move, and the last move wins; a part's \
         steps are its moves left when its winner plays slow and its loser fast; steps {}; the \
         longest decides, {} ({verdict})",
        parts.join(", "),
        plan.steps
    )
}

/// `octal CODE H… --every` and the named heap games: Every-SG over the heaps of `rule`.
///
/// # Errors
///
/// As [`analyse_heap_sum`] (codes with three-heap moves have about n²/12 options a heap).
pub(crate) fn analyse_heaps(
    game: &str,
    rule: &HeapRule,
    heaps: &[BigUint],
    limits: &Limits,
) -> Analysed {
    let heap_game = HeapGame { rule: rule.clone() };
    analyse_heap_sum(game, &heap_game, heaps, |len| rule.table_work(len), limits)
}

/// Every-SG over a sum of heaps of `heap_game` (a position: the sorted non-empty heaps, each a
/// component), `table_work(L)` the options of the heaps below L, which bounds the search.
///
/// # Errors
///
/// A heap above [`MAX_EVERY_HEAP`], or one whose options would take longer than allowed; more
/// positions than the memory allows.
pub(crate) fn analyse_heap_sum<G: Impartial<Position = Vec<u64>>>(
    game: &str,
    heap_game: &G,
    heaps: &[BigUint],
    table_work: impl Fn(u64) -> u128,
    limits: &Limits,
) -> Analysed {
    let max_positions = crate::misere::max_positions(limits);
    let small: Vec<u64> = heaps
        .iter()
        .enumerate()
        .map(|(idx, h)| {
            h.to_u64().filter(|&h| h <= MAX_EVERY_HEAP).ok_or_else(|| {
                Error::too_large(format!(
                    "heap {}: Every-SG steps are computed heap by heap up to {MAX_EVERY_HEAP}, and \
                     {h} is beyond",
                    idx + 1
                ))
            })
        })
        .collect::<Result<_, _>>()?;
    let largest = small.iter().copied().max().unwrap_or(0);
    let seconds = table_work(largest + 1).saturating_mul(NANOS_PER_OPTION) / 1_000_000_000;
    limits.check_seconds(
        seconds,
        format_args!(
            "the Every-SG steps of heap {largest} of {game} need every option of every smaller heap"
        ),
    )?;
    let parts: Vec<Vec<u64>> = small.iter().map(|&h| vec![h]).collect();
    let plan = plan(heap_game, &parts, max_positions)
        .map_err(|e| crate::misere::too_many(game, max_positions, e))?;
    let outcome = outcome(&plan);
    let mut winning_moves = Vec::new();
    if outcome == Outcome::N {
        let mut texts = Vec::new();
        let mut after = Vec::new();
        for (idx, (h, chosen)) in small.iter().zip(&plan.moves).enumerate() {
            match chosen {
                Some(left) => {
                    let shown: Vec<String> = left.iter().map(u64::to_string).collect();
                    let shown = if shown.is_empty() {
                        "0".to_owned()
                    } else {
                        shown.join(" + ")
                    };
                    texts.push(format!("heap {}: {h} -> {shown}", idx + 1));
                    after.extend(left.iter().map(u64::to_string));
                }
                None => after.push(h.to_string()),
            }
        }
        if after.is_empty() {
            after.push("0".to_owned());
        }
        winning_moves.push(MoveReport {
            text: texts.join("; "),
            to: Some(after.join(" ")),
            ..MoveReport::default()
        });
    }
    let names: Vec<String> = small
        .iter()
        .enumerate()
        .map(|(idx, h)| format!("heap {} ({h})", idx + 1))
        .collect();
    Ok(Analysis {
        winning_moves,
        note: Some(note(&plan, &names)),
        steps: Some(plan.steps),
        ..Analysis::new(game, join_numbers(heaps), outcome, NimValue::None)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every-SG played out on heaps whose options (each a list of heaps) `heap_options` gives.
    fn wins_with(heaps: &[u64], heap_options: &dyn Fn(u64) -> Vec<Vec<u64>>) -> bool {
        let live: Vec<u64> = heaps.iter().copied().filter(|&h| h >= 1).collect();
        let mut joint: Vec<Vec<u64>> = vec![Vec::new()];
        let mut any = false;
        for &h in &live {
            let options = heap_options(h);
            if options.is_empty() {
                continue;
            }
            any = true;
            joint = joint
                .iter()
                .flat_map(|p| {
                    options.iter().map(move |o| {
                        let mut q = p.clone();
                        q.extend(o);
                        q
                    })
                })
                .collect();
        }
        any && joint.iter().any(|after| !wins_with(after, heap_options))
    }

    /// Every sum of `parts` heaps below `below` of `game`, analysed by the steps and played out.
    fn check_sums<G: Impartial<Position = Vec<u64>>>(
        name: &str,
        game: &G,
        parts: usize,
        below: u64,
    ) {
        let options = |h: u64| {
            let mut out = Vec::new();
            game.options(&vec![h], &mut out);
            out
        };
        let mut heaps = vec![0u64; parts];
        loop {
            let big: Vec<BigUint> = heaps.iter().map(|&h| BigUint::from(h)).collect();
            let analysis =
                analyse_heap_sum(name, game, &big, |l| u128::from(l * l), &Limits::default())
                    .unwrap();
            assert_eq!(
                analysis.outcome == Outcome::N,
                wins_with(&heaps, &options),
                "{name} {heaps:?}"
            );
            for m in &analysis.winning_moves {
                let after = crate::testing::heaps_after(m);
                assert!(!wins_with(&after, &options), "{name} {heaps:?}: {}", m.text);
            }
            let Some(i) = heaps.iter().position(|&h| h + 1 < below) else {
                break;
            };
            heaps[i] += 1;
            heaps[..i].fill(0);
        }
    }

    #[test]
    fn subtraction_and_lasker_sums_agree_with_play() {
        use sprague::games::subtraction::{Subtraction, SubtractionSet};
        for set in [vec![1, 3, 4], vec![2, 5], vec![1, 2]] {
            let game = Subtraction {
                set: SubtractionSet::new(set).unwrap(),
            };
            check_sums("subtraction", &game, 2, 13);
        }
        check_sums("lasker", &sprague::games::lasker::Lasker, 2, 7);
    }

    #[test]
    fn the_steps_decide_kayles_and_the_move_given_wins() {
        let rule = crate::parse::parse_code("0.77").unwrap();
        check_sums("kayles", &HeapGame { rule }, 2, 6);
    }

    #[test]
    fn a_heap_whose_options_would_outlast_the_time_is_refused_at_once() {
        // Three-heap moves: about n²/12 options a heap, n³/36 in all.
        let rule = crate::parse::parse_code("0.8").unwrap();
        let err = analyse_heaps(
            "octal 0.8",
            &rule,
            &[BigUint::from(20_000u32)],
            &Limits::default(),
        )
        .unwrap_err();
        assert!(err.message().contains("heap 20000"), "{}", err.message());
    }
}
