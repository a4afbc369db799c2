//! Every-SG (`kayles 5 7 --every`, `kayles 1+3 2 --every`, `script FILE "(1 + 3) + 2" --every`):
//! on each turn the player to move moves once in every component that still can; whoever makes
//! the last move wins. The components are the games given (each word of a heap game: one heap,
//! or heaps joined by `+`); a move that splits a heap leaves the parts in its component, whose
//! next turn moves once in that sum. Decided by the components' steps
//! ([`sprague::solve::every::EverySolver`], each over the sums its component reaches): the
//! longest decides, odd steps win. The winning move reported is the steps strategy's: in each
//! component, an option of one step fewer (a won component taken slowly, a lost one quickly), so
//! that every component's steps, and the longest, drop by one.

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use sprague::games::octal::{HeapGame, HeapRule};
use sprague::solve::every::EverySolver;
use sprague::solve::SolveError;
use sprague::value::Outcome;
use sprague::Impartial;

use crate::report::analysis::{Analysed, Analysis, MoveReport, NimValue};
use crate::request::error::{Budget, Error};
use crate::request::limits::{human_bytes, Limits};
use crate::request::parse;

/// The largest heap `--every` takes: its parts' values need every option of every smaller heap
/// (a heap of n has about n options that split it in two); the sums a component reaches are
/// bounded by the positions allowed, which stop a search long before.
pub const MAX_EVERY_HEAP: u64 = 20_000;

/// About the nanoseconds one option of a heap costs (each is split into its parts): Kayles'
/// heap 3000, some 2.25 million options, took 5.6 s.
const NANOS_PER_OPTION: u128 = 2_500;

/// About the bytes one option of a heap costs the steps search at its peak: its parts while its
/// heap is open (a list of heaps each), then the stored option (its parts' ids and value). A
/// search can hold every heap below the largest open at once, so a three-heap code's options,
/// cubic in the heap, are counted before it starts (0.F's heap 1000: 1.7·10^8 options).
const OPTION_BYTES: u128 = 200;

/// About the bytes one sum of parts costs the steps search: its key, its steps and the map's
/// share (measured: Kayles' heap 70 stored 4.2 million sums in 630 MB).
pub const EVERY_POSITION_BYTES: u64 = 160;

/// About the sums the steps search values in a second (measured: 110,000 to 200,000 on Kayles'
/// heaps 70 and 80, whose sums have many heaps and as many options each).
const POSITIONS_PER_SECOND: u64 = 100_000;

/// About the options the steps search looks at in a second (measured 2026-11-28: 6 to 7
/// million on 0.F's heaps 60 and 70, 12 million on Kayles' heaps 60 and 70).
const OPTIONS_PER_SECOND: u64 = 5_000_000;

/// The options an Every-SG search of heaps may look at, from its time.
pub(crate) fn max_work(limits: &Limits) -> u64 {
    limits.max_seconds.saturating_mul(OPTIONS_PER_SECOND).max(1)
}

/// How many more sums [`sums_bound`] may count than a search is allowed to keep before the
/// request is refused unsearched: the search skips most (Kayles' heap 70 kept 4.2 million of
/// the 24 million partitions below 70; 0.F's heap 70, 10.3 million).
const SUMS_SLACK: u128 = 16;

/// At most how many sums of heaps a component of `heaps` reaches, counted up to `most` (then
/// more than `most`): with moves that split or can leave any smaller heaps, every multiset of
/// heaps of fewer tokens in all (the partitions of each total below, by Euler's pentagonal
/// recurrence); without splits, each heap at most as large as it is.
pub(crate) fn sums_bound(heaps: &[u64], splits: bool, most: u128) -> u128 {
    if !splits {
        return heaps
            .iter()
            .map(|&h| u128::from(h) + 1)
            .fold(1, u128::saturating_mul);
    }
    let tokens = heaps.iter().copied().fold(0, u64::saturating_add);
    // p(0..) while the running total stays within `most` (it passes 10^9 by a total of 110).
    let mut partitions: Vec<i128> = vec![1];
    let mut total: u128 = 1;
    for n in 1..=tokens {
        let n = n as i64;
        let mut p: i128 = 0;
        for k in 1i64.. {
            let first = n - k * (3 * k - 1) / 2;
            if first < 0 {
                break;
            }
            let sign = if k % 2 == 1 { 1 } else { -1 };
            p += sign * partitions[first as usize];
            let second = n - k * (3 * k + 1) / 2;
            if second >= 0 {
                p += sign * partitions[second as usize];
            }
        }
        partitions.push(p);
        total = total.saturating_add(p as u128);
        if total > most {
            return total;
        }
    }
    total
}

/// The parts and sums an Every-SG request may keep, from its memory and time.
pub(crate) fn max_positions(limits: &Limits) -> usize {
    let most = (limits.memory_bytes / EVERY_POSITION_BYTES)
        .min(limits.max_seconds.saturating_mul(POSITIONS_PER_SECOND))
        .max(1);
    usize::try_from(most).unwrap_or(usize::MAX)
}

/// The refusal of a search that stopped: past the positions allowed, or a loop.
pub(crate) fn too_many(game: &str, max_positions: usize, e: SolveError) -> Error {
    let limit = max_positions as u64;
    match e {
        SolveError::TooManyPositions { .. } => Error::over_budget(
            Budget::Positions,
            limit + 1,
            limit,
            format!(
                "the Every-SG steps of {game} would keep more than {limit} sums of parts (about \
                 {}), more than the memory and time allowed: a component's steps are searched \
                 over every sum of heaps it can reach",
                human_bytes(limit.saturating_mul(EVERY_POSITION_BYTES))
            ),
        ),
        SolveError::TooMuchWork { limit } => Error::over_budget(
            Budget::Time,
            limit / OPTIONS_PER_SECOND + 1,
            limit / OPTIONS_PER_SECOND,
            format!(
                "the Every-SG steps of {game} would look at more than {limit} options of sums \
                 of parts, more than the time allowed: a component's steps are searched over \
                 every sum of heaps it can reach"
            ),
        ),
        SolveError::Loop => Error::bad_input("Every-SG of a game with cycles is not supported"),
        e => Error::too_large(crate::request::error::solve_budget(&e), e.to_string()),
    }
}

/// The steps plan of the given `components`: the position's steps, each component's, and for
/// each component that can move the option of one step fewer (the parts it leaves).
pub(crate) struct Plan<P> {
    pub(crate) steps: u64,
    pub(crate) component_steps: Vec<u64>,
    pub(crate) moves: Vec<Option<Vec<P>>>,
}

/// The steps plan of `components` (each a position of `game`, possibly a sum).
///
/// # Errors
///
/// A loop, or more parts and sums than `max_positions`.
pub(crate) fn plan<G: Impartial>(
    game: &G,
    components: &[G::Position],
    max_positions: usize,
    max_work: u64,
) -> Result<Plan<G::Position>, SolveError> {
    let mut solver = EverySolver::new(game, max_positions).with_max_work(max_work);
    let mut component_steps = Vec::with_capacity(components.len());
    let mut moves = Vec::with_capacity(components.len());
    for component in components {
        component_steps.push(solver.component_steps(component)?);
        moves.push(solver.step_move(component)?);
    }
    Ok(Plan {
        steps: component_steps.iter().copied().max().unwrap_or(0),
        component_steps,
        moves,
    })
}

/// The outcome of a plan: the player to move wins iff the longest component's steps are odd.
pub(crate) fn outcome<P>(plan: &Plan<P>) -> Outcome {
    Outcome::from_win(plan.steps % 2 == 1)
}

/// The note of an Every-SG report: the rule, and each component's steps (`names` of them).
pub(crate) fn note<P>(plan: &Plan<P>, names: &[String]) -> String {
    let components: Vec<String> = names
        .iter()
        .zip(&plan.component_steps)
        .map(|(n, s)| format!("{n}: {s}"))
        .collect();
    let verdict = if plan.steps % 2 == 1 {
        "odd: the player to move wins, by the move that takes every component one step nearer \
         its end"
    } else {
        "even: the player to move loses"
    };
    format!(
        "Every-SG: each turn moves once in every component (each game given) that can move, a \
         split staying in its component, and the last move wins; a component's steps are its \
         turns left when its winner plays slow and its loser fast; steps {}; the longest \
         decides, {} ({verdict})",
        components.join(", "),
        plan.steps
    )
}

/// The given components of a heap game's words: each word one component, its heaps joined by
/// `+` (`1+3`; `1 + 3` across words joins them too). A component of `0` is finished.
///
/// # Errors
///
/// A heap that is not a non-negative integer, or a `+` with no heap on one side.
pub fn parse_components<S: AsRef<str>>(words: &[S]) -> Result<Vec<Vec<BigUint>>, Error> {
    let text: Vec<&str> = words.iter().map(AsRef::as_ref).collect();
    let mut text = text.join(" ");
    while text.contains(" +") || text.contains("+ ") {
        text = text.replace(" +", "+").replace("+ ", "+");
    }
    text.split_whitespace()
        .enumerate()
        .map(|(idx, word)| {
            let heaps: Vec<&str> = word.split('+').collect();
            heaps
                .iter()
                .enumerate()
                .map(|(j, h)| {
                    let what = if heaps.len() == 1 {
                        format!("heap {}", idx + 1)
                    } else {
                        format!("component {} ({word}), heap {}", idx + 1, j + 1)
                    };
                    if h.is_empty() {
                        return Err(Error::bad_input(format!(
                            "{what}: a `+` needs a heap on each side"
                        )));
                    }
                    parse::parse_natural(h, what.as_str())
                })
                .collect()
        })
        .collect()
}

/// A component as typed: its heaps joined by `+`, `0` when it has none.
fn show_component<T: ToString>(heaps: &[T]) -> String {
    if heaps.is_empty() {
        return "0".to_owned();
    }
    heaps
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("+")
}

/// `octal CODE H… --every` and the named heap games: Every-SG over the heaps of `rule`.
///
/// # Errors
///
/// As [`analyse_heap_sum`] (codes with three-heap moves have about n²/12 options a heap).
pub(crate) fn analyse_heaps<S: AsRef<str>>(
    game: &str,
    rule: &HeapRule,
    words: &[S],
    limits: &Limits,
) -> Analysed {
    let heap_game = HeapGame { rule: rule.clone() };
    let splits = match rule {
        HeapRule::Grundy => true,
        HeapRule::Octal(code) => code.digits().iter().any(|&d| d & 12 != 0),
    };
    analyse_heap_sum(
        game,
        &heap_game,
        words,
        |len| rule.table_work(len),
        splits,
        limits,
    )
}

/// Every-SG over the components `words` give (see [`parse_components`]) of `heap_game` (a
/// position: a list of heaps, each heap a part), `table_work(L)` the options of the heaps below
/// L, which bounds the valuing of the parts; `splits` whether a move can leave more heaps than
/// it took from (which bounds the sums reached).
///
/// # Errors
///
/// Bad words; a heap above [`MAX_EVERY_HEAP`], or one whose options would take longer than
/// allowed; more sums than the memory and time allow.
pub(crate) fn analyse_heap_sum<G: Impartial<Position = Vec<u64>>, S: AsRef<str>>(
    game: &str,
    heap_game: &G,
    words: &[S],
    table_work: impl Fn(u64) -> u128,
    splits: bool,
    limits: &Limits,
) -> Analysed {
    let max_positions = max_positions(limits);
    let given = parse_components(words)?;
    let components: Vec<Vec<u64>> = given
        .iter()
        .enumerate()
        .map(|(idx, heaps)| {
            heaps
                .iter()
                .map(|h| {
                    h.to_u64().filter(|&h| h <= MAX_EVERY_HEAP).ok_or_else(|| {
                        Error::too_large(
                            crate::request::error::Budget::Size,
                            format!(
                            "component {}: Every-SG steps take heaps up to {MAX_EVERY_HEAP}, and \
                             {h} is beyond",
                            idx + 1
                        ),
                        )
                    })
                })
                .collect()
        })
        .collect::<Result<_, _>>()?;
    let largest = components.iter().flatten().copied().max().unwrap_or(0);
    let seconds = table_work(largest + 1).saturating_mul(NANOS_PER_OPTION) / 1_000_000_000;
    limits.check_seconds(
        seconds,
        format_args!(
            "the Every-SG steps of heap {largest} of {game} need every option of every smaller heap"
        ),
    )?;
    let options = table_work(largest + 1);
    limits.check_memory(
        u64::try_from(options.saturating_mul(OPTION_BYTES)).unwrap_or(u64::MAX),
        format_args!(
            "the Every-SG steps of heap {largest} of {game}, which keep every option of every \
             smaller heap,"
        ),
    )?;
    let most = u128::try_from(max_positions)
        .unwrap_or(u128::MAX)
        .saturating_mul(SUMS_SLACK);
    let sums = components
        .iter()
        .map(|c| sums_bound(c, splits, most))
        .fold(0, u128::saturating_add);
    if sums > most {
        return Err(Error::over_budget(
            Budget::Positions,
            u64::try_from(sums).unwrap_or(u64::MAX),
            max_positions as u64,
            format!(
                "the Every-SG steps of {game} could search {sums} sums of heaps and more (every {} \
                 its components reach), past the {max_positions} the memory and time allow even \
                 if only one in {SUMS_SLACK} is needed",
                if splits { "partition of the tokens" } else { "set of smaller heaps" },
            ),
        ));
    }
    let plan = plan(heap_game, &components, max_positions, max_work(limits))
        .map_err(|e| too_many(game, max_positions, e))?;
    let outcome = outcome(&plan);
    let shown: Vec<String> = given.iter().map(|c| show_component(c)).collect();
    let mut winning_moves = Vec::new();
    if outcome == Outcome::N {
        let mut texts = Vec::new();
        let mut after = Vec::new();
        for (idx, chosen) in plan.moves.iter().enumerate() {
            match chosen {
                Some(left) => {
                    let mut heaps: Vec<u64> = left.iter().flatten().copied().collect();
                    heaps.sort_unstable();
                    let left = show_component(&heaps);
                    texts.push(format!("component {}: {} -> {left}", idx + 1, shown[idx]));
                    after.push(left);
                }
                None => after.push(shown[idx].clone()),
            }
        }
        winning_moves.push(MoveReport::plain(texts.join("; "), after.join(" ")));
    }
    let names: Vec<String> = shown
        .iter()
        .enumerate()
        .map(|(idx, c)| format!("component {} ({c})", idx + 1))
        .collect();
    Ok(Analysis {
        winning_moves,
        note: Some(note(&plan, &names)),
        steps: Some(plan.steps),
        ..Analysis::new(game, shown.join(" "), outcome, NimValue::None)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Every-SG played out literally: a tuple of components, each a multiset of heaps; a turn
    /// moves one heap in every component that can move (the heaps left join that component);
    /// whoever cannot move loses. True when the player to move wins.
    fn wins(
        position: &[Vec<u64>],
        heap_options: &dyn Fn(u64) -> Vec<Vec<u64>>,
        memo: &mut HashMap<Vec<Vec<u64>>, bool>,
    ) -> bool {
        let key: Vec<Vec<u64>> = position
            .iter()
            .map(|c| {
                let mut c = c.clone();
                c.sort_unstable();
                c
            })
            .collect();
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let lists: Vec<Vec<Vec<u64>>> = key
            .iter()
            .map(|c| {
                let mut res = Vec::new();
                for (idx, &h) in c.iter().enumerate() {
                    for left in heap_options(h) {
                        let mut next = c.clone();
                        next.remove(idx);
                        next.extend(left);
                        res.push(next);
                    }
                }
                res
            })
            .collect();
        let mut joint: Vec<Vec<Vec<u64>>> = vec![Vec::new()];
        let mut any = false;
        for (c, list) in key.iter().zip(&lists) {
            if list.is_empty() {
                joint.iter_mut().for_each(|p| p.push(c.clone()));
                continue;
            }
            any = true;
            joint = joint
                .iter()
                .flat_map(|p| {
                    list.iter().map(move |o| {
                        let mut q = p.clone();
                        q.push(o.clone());
                        q
                    })
                })
                .collect();
        }
        let win = any && joint.iter().any(|after| !wins(after, heap_options, memo));
        memo.insert(key, win);
        win
    }

    fn components_after(m: &MoveReport) -> Vec<Vec<u64>> {
        components_of(m.to.as_deref().unwrap())
    }

    fn components_of(words: &str) -> Vec<Vec<u64>> {
        parse_components(&[words])
            .unwrap()
            .iter()
            .map(|c| c.iter().map(|h| h.to_u64().unwrap()).collect())
            .collect()
    }

    /// Every position of two components, each one heap or two heaps below `below`, of `game`:
    /// analysed by the steps and played out; the move given leaves a lost position.
    fn check_sums<G: Impartial<Position = Vec<u64>>>(name: &str, game: &G, below: u64) {
        let options = |h: u64| {
            let mut out = Vec::new();
            game.options(&vec![h], &mut out);
            out
        };
        let mut memo = HashMap::new();
        let mut components: Vec<String> = (0..below).map(|h| h.to_string()).collect();
        for a in 1..below.min(4) {
            for b in a..below.min(4) {
                components.push(format!("{a}+{b}"));
            }
        }
        for a in &components {
            for b in &components {
                let words = [a.as_str(), b.as_str()];
                let analysis = analyse_heap_sum(
                    name,
                    game,
                    &words,
                    |l| u128::from(l * l),
                    true,
                    &Limits::default(),
                )
                .unwrap();
                let given = components_of(&words.join(" "));
                assert_eq!(
                    analysis.outcome == Outcome::N,
                    wins(&given, &options, &mut memo),
                    "{name} {words:?}"
                );
                for m in &analysis.winning_moves {
                    let after = components_after(m);
                    assert!(
                        !wins(&after, &options, &mut memo),
                        "{name} {words:?}: {}",
                        m.text
                    );
                }
            }
        }
    }

    #[test]
    fn subtraction_and_lasker_sums_agree_with_play() {
        use sprague::games::subtraction::{Subtraction, SubtractionSet};
        for set in [vec![1, 3, 4], vec![2, 5], vec![1, 2]] {
            let game = Subtraction {
                set: SubtractionSet::new(set).unwrap(),
            };
            check_sums("subtraction", &game, 10);
        }
        check_sums("lasker", &sprague::games::lasker::Lasker, 6);
    }

    #[test]
    fn every_steps_decide_kayles_and_the_move_given_wins() {
        let rule = parse::parse_code("0.77").unwrap();
        check_sums("kayles", &HeapGame { rule }, 7);
        let rule = parse::parse_code("0.07").unwrap();
        check_sums("dawson", &HeapGame { rule }, 7);
    }

    #[test]
    fn every_kayles_3_is_won_by_the_middle_pin() {
        let rule = parse::parse_code("0.77").unwrap();
        let a = analyse_heaps("kayles", &rule, &["3"], &Limits::default()).unwrap();
        assert_eq!((a.outcome, a.steps), (Outcome::N, Some(3)));
        assert_eq!(a.winning_moves[0].to.as_deref(), Some("1+1"));
        assert_eq!(a.winning_moves[0].text, "component 1: 3 -> 1+1");
        // Typed with spaces across words, the same component.
        let b = analyse_heaps("kayles", &rule, &["1", "+", "1", "2"], &Limits::default()).unwrap();
        assert_eq!(b.position, "1+1 2");
        assert_eq!((b.outcome, b.steps), (Outcome::P, Some(2)));
    }

    #[test]
    fn every_bad_components_are_refused_with_their_place() {
        let err = parse_components(&["3", "1+"]).unwrap_err();
        assert!(
            err.message().contains("component 2 (1+)"),
            "{}",
            err.message()
        );
        let err = parse_components(&["3", "1+x"]).unwrap_err();
        assert!(err.message().contains("heap 2"), "{}", err.message());
    }

    #[test]
    fn every_past_the_positions_allowed_is_refused() {
        let rule = parse::parse_code("0.77").unwrap();
        // The search stopped past 100 sums kept: Kayles' heap 18 keeps more.
        let game = HeapGame { rule: rule.clone() };
        let err = plan(&game, &[vec![18]], 100, u64::MAX).err().unwrap();
        let message = too_many("kayles", 100, err).message().to_string();
        assert!(message.contains("more than 100 sums of parts"), "{message}");
        // 1 MiB allows 6553 sums: the 1.2·10^5 partitions below 41 are refused unsearched, the
        // 3·10^4 below 31 searched (the search keeps far fewer than the bound).
        let limits = Limits {
            memory_bytes: 1 << 20,
            ..Limits::default()
        };
        let err = analyse_heaps("kayles", &rule, &["40"], &limits).unwrap_err();
        assert!(err.message().contains("sums of heaps"), "{}", err.message());
        assert!(analyse_heaps("kayles", &rule, &["30"], &limits).is_ok());
    }

    #[test]
    fn a_search_past_the_work_allowed_is_refused_by_time() {
        let rule = parse::parse_code("0.77").unwrap();
        let game = HeapGame { rule };
        let err = plan(&game, &[vec![30]], usize::MAX, 1000).err().unwrap();
        assert_eq!(err, SolveError::TooMuchWork { limit: 1000 });
        let message = too_many("kayles", 10, err).message().to_string();
        assert!(message.contains("more than 1000 options"), "{message}");
        // Within the work: the answer.
        assert!(plan(&game, &[vec![30]], usize::MAX, u64::MAX).is_ok());
    }

    #[test]
    fn the_sums_bound_counts_the_multisets_of_smaller_totals() {
        // Brute force: multisets of positive heaps (non-increasing lists) of total at most n.
        fn multisets(total: u64, largest: u64) -> u128 {
            1 + (1..=largest.min(total))
                .map(|h| multisets(total - h, h))
                .sum::<u128>()
        }
        for n in 0..=30 {
            assert_eq!(sums_bound(&[n], true, u128::MAX), multisets(n, n), "{n}");
            assert_eq!(
                sums_bound(&[n / 2, n - n / 2], true, u128::MAX),
                multisets(n, n)
            );
        }
        // The published partition numbers: p(0..=10) summed.
        assert_eq!(sums_bound(&[10], true, u128::MAX), 139);
        assert_eq!(sums_bound(&[3, 4], false, u128::MAX), 20);
        // Stops past `most`: a total of 20,000 is not counted through.
        assert!(sums_bound(&[20_000], true, 1_000_000) > 1_000_000);
    }

    #[test]
    fn a_heap_whose_options_would_outlast_the_time_is_refused_at_once() {
        // Three-heap moves: about n²/12 options a heap, n³/36 in all.
        let rule = parse::parse_code("0.8").unwrap();
        let err = analyse_heaps("octal 0.8", &rule, &["20000"], &Limits::default()).unwrap_err();
        assert!(err.message().contains("heap 20000"), "{}", err.message());
    }
}
