//! The remoteness of an analysed position and of the positions its listed moves leave (see
//! [`Analysis::remoteness`]), by the engine's search over sums of parts
//! ([`sprague::solve::remoteness::RemotenessSolver`]) within a small fixed budget, so that the
//! cheap requests stay cheap: past it the field is omitted, with no note (the rest of the
//! analysis does not depend on it).
//!
//! Each analysis module that has an [`Impartial`] ruleset for its positions calls [`fill`] in
//! normal play, with the position and a way to read the position a listed move leaves. The moves
//! are searched on the same solver: the root's search has usually reached them already.

use sprague::solve::remoteness::RemotenessSolver;
use sprague::value::Outcome;
use sprague::Impartial;

use crate::report::analysis::{Analysis, MoveReport};
use crate::request::limits::Limits;

/// The most parts and sums of parts one request's search stores (the engine counts options in,
/// 16 to a position): at about [`POSITION_BYTES`] each, some 13 MB.
pub const MAX_POSITIONS: usize = 1 << 16;

/// About the bytes one stored part or sum costs the search at its peak, options and the path
/// included (measured: see BENCHMARKS.md, "remoteness").
pub const POSITION_BYTES: u64 = 200;

/// The most options one request's search looks at, over the position and every listed move:
/// about a tenth of a second (see BENCHMARKS.md, "remoteness").
pub const MAX_WORK: u64 = 1 << 20;

/// The most options of one heap (or one component) searched: every option of a part is generated
/// when it is valued, before the work is counted, so a part of more is not searched at all.
pub const MAX_HEAP_OPTIONS: u64 = 1 << 12;

/// The positions a request's search may store: [`MAX_POSITIONS`], or fewer when a quarter of the
/// request's memory would not hold them.
pub(crate) fn max_positions(limits: &Limits) -> usize {
    let by_memory = limits.memory_bytes / 4 / POSITION_BYTES;
    usize::try_from(by_memory)
        .unwrap_or(usize::MAX)
        .min(MAX_POSITIONS)
}

/// Sets the remoteness of `analysis` (the analysis of `position` in `game`, normal play) and of
/// each move it lists whose position `after` can read, when the search fits the budget; leaves
/// them all unset otherwise. A move whose own search passes what is left of the budget is left
/// unset alone.
pub(crate) fn fill<G: Impartial>(
    analysis: &mut Analysis,
    game: &G,
    position: &G::Position,
    limits: &Limits,
    after: impl Fn(&MoveReport) -> Option<G::Position>,
) {
    fill_within(analysis, game, position, limits, Budget::default(), after);
}

/// What a search may use, for a ruleset whose options or positions cost more than a heap
/// game's (whose parts are single heaps, one machine word each).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    /// The most options looked at: fewer than [`MAX_WORK`] when each costs more (a graph walked
    /// for it).
    pub(crate) max_work: u64,
    /// How many of a heap game's parts one position weighs (the engine counts positions, not
    /// their bytes): the positions stored are [`max_positions`] over this.
    pub(crate) weight: usize,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            max_work: MAX_WORK,
            weight: 1,
        }
    }
}

/// [`fill`] within `budget`.
pub(crate) fn fill_within<G: Impartial>(
    analysis: &mut Analysis,
    game: &G,
    position: &G::Position,
    limits: &Limits,
    budget: Budget,
    after: impl Fn(&MoveReport) -> Option<G::Position>,
) {
    let max_positions = max_positions(limits) / budget.weight.max(1);
    let mut solver = RemotenessSolver::new(game, max_positions).with_max_work(budget.max_work);
    let Ok(r) = solver.remoteness(position) else {
        return;
    };
    // Odd exactly when the player to move wins: a disagreement with the outcome found by other
    // means would be a bug, and a wrong number is worse than none.
    if (r % 2 == 1) != (analysis.outcome == Outcome::N) {
        debug_assert!(false, "remoteness {r} of an {} position", analysis.outcome);
        return;
    }
    analysis.remoteness = Some(r);
    let winning = analysis
        .winning_moves
        .iter_mut()
        .map(|m| (m, Some(Outcome::P)));
    let listed = analysis.all_moves.iter_mut().flatten().map(|m| {
        let outcome = m.outcome;
        (m, outcome)
    });
    for (m, outcome) in winning.chain(listed) {
        let Some(p) = after(m) else {
            continue;
        };
        let Ok(r) = solver.remoteness(&p) else {
            continue;
        };
        let agrees = match outcome {
            Some(Outcome::P) => r % 2 == 0,
            Some(Outcome::N) => r % 2 == 1,
            _ => false,
        };
        debug_assert!(agrees, "remoteness {r} after {}", m.text);
        if agrees {
            m.remoteness = Some(r);
        }
    }
}

/// The heaps of a position of a heap game, each a machine word; `None` when one is not.
pub(crate) fn small_heaps(heaps: &[num_bigint::BigUint]) -> Option<Vec<u64>> {
    heaps.iter().map(num_traits::ToPrimitive::to_u64).collect()
}

/// The heaps a move of a heap game leaves, read from its `to` (numbers joined by spaces).
pub(crate) fn heaps_after(m: &MoveReport) -> Option<Vec<u64>> {
    m.to.as_deref()?
        .split_whitespace()
        .map(|w| w.parse().ok())
        .collect()
}

/// How many more sums a bound on those a position reaches may count than [`MAX_POSITIONS`]
/// before the position is left unsearched: a won sum opens only its lost options, so a search
/// can finish with fewer sums than the bound counts (Kayles `3 3 … 3`, 13 heaps: 39, though
/// the multisets of at most 39 tokens are 178,000). Without it a `--batch` of large heaps would
/// spend the whole budget, some 0.05 s, on every line; with it, heaps of more than 41
/// tokens in all are not searched.
pub const SUMS_SLACK: u128 = 4;

/// Whether a position of heaps of a game whose moves can split a heap (octal codes, Lasker's
/// Nim) is worth a search: the multisets of heaps of at most its tokens in all, which hold every
/// sum it reaches, are at most [`SUMS_SLACK`] times [`MAX_POSITIONS`].
pub(crate) fn split_heaps_searched(heaps: &[u64]) -> bool {
    let most = MAX_POSITIONS as u128 * SUMS_SLACK;
    crate::impartial::every::sums_bound(heaps, true, most) <= most
}

/// The reachable sums of a position of heaps where every move lowers one heap (each heap at most
/// as large as it is): ∏(hᵢ + 1), saturated. Searched only when within [`MAX_POSITIONS`], which
/// also bounds each heap's options.
pub(crate) fn heap_sums_bound(heaps: &[u64]) -> u64 {
    heaps
        .iter()
        .map(|&h| h.saturating_add(1))
        .fold(1, u64::saturating_mul)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testing::all_moves;
    use crate::impartial::{
        bash, fibonacci_nim, hackenbush, lasker, moore_nim, nim, octal, split, staircase,
        subtraction, turning, wythoff,
    };
    use crate::report::analysis::Analysed;
    use crate::request::options::AnalysisOptions;
    use sprague::solve::remoteness::remoteness_from_options;

    /// Checks the remoteness of the analysis of `prefix` and `position` with every move listed:
    /// each move's is that of a fresh analysis of the position it leaves (`prefix` then its
    /// `to`), the position's follows the rule from them, and the winning moves say the same as
    /// the listing. Returns the position's remoteness (none when it was not searched).
    fn check(
        analyse: impl Fn(&[String], &AnalysisOptions) -> Analysed,
        prefix: &[&str],
        position: &str,
    ) -> Option<u64> {
        let words = |p: &str| -> Vec<String> {
            let prefix = prefix.iter().map(|w| w.to_string());
            prefix
                .chain(p.split_whitespace().map(String::from))
                .collect()
        };
        let plain = analyse(&words(position), &AnalysisOptions::default()).unwrap();
        let all = analyse(&words(position), &all_moves()).unwrap();
        assert_eq!(plain.remoteness, all.remoteness, "{prefix:?} {position}");
        let r = all.remoteness?;
        let listed = all.all_moves.unwrap();
        let mut options = Vec::new();
        for m in &listed {
            let to = m.to.as_deref().unwrap();
            let fresh = analyse(&words(to), &AnalysisOptions::default()).unwrap();
            assert_eq!(
                m.remoteness, fresh.remoteness,
                "{prefix:?} {position}: {}",
                m.text
            );
            options.push(m.remoteness.expect("small positions are searched"));
        }
        assert_eq!(r, remoteness_from_options(options), "{prefix:?} {position}");
        for m in &plain.winning_moves {
            let same = listed.iter().find(|l| l.text == m.text).unwrap();
            assert_eq!(
                m.remoteness, same.remoteness,
                "{prefix:?} {position}: {}",
                m.text
            );
            assert_eq!(m.remoteness.map(|r| r % 2), Some(0));
        }
        Some(r)
    }

    fn limits() -> Limits {
        Limits::default()
    }

    #[test]
    fn heap_games_follow_the_rule_over_their_moves() {
        let nim = |w: &[String], o: &AnalysisOptions| nim::analyse(w, o, &limits());
        assert_eq!(check(nim, &[], "1 2"), Some(3));
        assert_eq!(check(nim, &[], "1 2 3"), Some(6));
        assert_eq!(check(nim, &[], "3 4 5"), Some(11));
        assert_eq!(check(nim, &[], "0"), Some(0));
        let moore = |w: &[String], o: &AnalysisOptions| moore_nim::analyse(w, "2", o, &limits());
        // Moore's Nim_2 on 1 1 1 is Bash's take 1 or 2 on three tokens: lost in two moves.
        assert_eq!(check(moore, &[], "1 1 1"), Some(2));
        check(moore, &[], "2 3 0 4").unwrap();
        let set = |s: &'static str| {
            move |w: &[String], o: &AnalysisOptions| subtraction::analyse(w, s, o, &limits())
        };
        // Take 1 or 2 from 7: leave 6, then two moves a round of three tokens: 5.
        assert_eq!(check(set("1,2"), &[], "7"), Some(5));
        check(set("1,3,4"), &[], "7 12").unwrap();
        check(set("2,5"), &[], "9 4 3").unwrap();
        let lasker = |w: &[String], o: &AnalysisOptions| lasker::analyse(w, o, &limits());
        // 1 8 1: take the 8, leaving 1 0 1 (two moves): 3.
        assert_eq!(check(lasker, &[], "1 8 1"), Some(3));
        check(lasker, &[], "3 5 2").unwrap();
        let octal = |w: &[String], o: &AnalysisOptions| {
            let rule = crate::request::parse::parse_code(&w[0]).unwrap();
            octal::analyse("octal", &rule, &w[1..], o, &limits())
        };
        for code in ["0.77", "0.07", "0.137", "4.7", "0.F", "0.6"] {
            check(octal, &[code], "5 7").unwrap();
            check(octal, &[code], "3 4 6").unwrap();
        }
        let named =
            |w: &[String], o: &AnalysisOptions| octal::analyse_named(&w[0], &w[1..], o, &limits());
        assert_eq!(check(named, &["kayles"], "3"), Some(3));
        check(named, &["grundys-game"], "5 7").unwrap();
        check(named, &["officers"], "5 7").unwrap();
        // Their moves are not those the remoteness would count.
        assert_eq!(check(named, &["dawsons-chess"], "5 7"), None);
        assert_eq!(check(named, &["treblecross"], "5 7"), None);
        let bash = |w: &[String], o: &AnalysisOptions| {
            let rules = crate::request::parse::parse_rules("3", Some("2")).unwrap();
            bash::analyse(w, &rules, o, &limits())
        };
        check(bash, &[], "23").unwrap();
    }

    #[test]
    fn single_component_games_follow_the_rule_over_their_moves() {
        let wythoff = |w: &[String], o: &AnalysisOptions| wythoff::analyse(w, o, &limits());
        // 1 2 is lost in two moves at the slowest: 1 1 and 0 2 are taken at once, 0 1 and 1 0
        // too, so the loser's every move leaves a win in one.
        assert_eq!(check(wythoff, &[], "1 2"), Some(2));
        check(wythoff, &[], "5 8").unwrap();
        check(wythoff, &[], "7 7").unwrap();
        let staircase = |w: &[String], o: &AnalysisOptions| staircase::analyse(w, o, &limits());
        check(staircase, &[], "0 5 3").unwrap();
        check(staircase, &[], "2 0 1 1 0").unwrap();
        let fibonacci =
            |w: &[String], o: &AnalysisOptions| fibonacci_nim::analyse(w, None, o, &limits());
        check(fibonacci, &[], "20").unwrap();
        check(fibonacci, &[], "13 2").unwrap();
        let split = |w: &[String], o: &AnalysisOptions| split::analyse(w, o, &limits());
        check(split, &[], "1 0 1 5000").unwrap();
        check(split, &[], "1 1 0 2").unwrap();
        let turning = |w: &[String], o: &AnalysisOptions| turning::analyse(w, o, &limits());
        for rule in ["mock-turtles", "ruler", "twins"] {
            check(turning, &[rule], "1 4 7").unwrap();
            check(turning, &[rule], "2 3 9").unwrap();
        }
        check(turning, &["twins,twins"], "3,3 5,2").unwrap();
        check(turning, &["ruler,ruler"], "2,3 3,1").unwrap();
    }

    #[test]
    fn a_hackenbush_cut_has_the_remoteness_of_the_graph_without_its_edge() {
        let edges = [(1, 2), (2, 3), (3, 4), (4, 2), (1, 5), (5, 5), (3, 6)];
        let text = |edges: &[(u32, u32)]| {
            let mut text = format!("6 {}\n", edges.len());
            for (u, v) in edges {
                text.push_str(&format!("{u} {v}\n"));
            }
            text
        };
        let analyse = |edges: &[(u32, u32)], options: &AnalysisOptions| {
            let game = hackenbush::parse(text(edges).as_bytes(), &limits()).unwrap();
            hackenbush::analyse(&game, options, &limits()).unwrap()
        };
        let all = analyse(&edges, &all_moves());
        let mut options = Vec::new();
        for (e, m) in all.all_moves.unwrap().iter().enumerate() {
            let mut rest = edges.to_vec();
            rest.remove(e);
            let r = analyse(&rest, &AnalysisOptions::default()).remoteness;
            assert_eq!(m.remoteness, r, "{}", m.text);
            options.push(r.unwrap());
        }
        assert_eq!(all.remoteness, Some(remoteness_from_options(options)));
    }

    #[test]
    fn heaps_that_split_are_searched_up_to_41_tokens() {
        let kayles = crate::request::parse::named_rule("kayles").unwrap();
        let remoteness = |heaps: &[&str]| {
            let options = AnalysisOptions::default();
            octal::analyse("kayles", &kayles, heaps, &options, &limits())
                .unwrap()
                .remoteness
        };
        // Thirteen heaps of 3, 39 pins: the game lasts a move a pin (a plain recursive search in
        // Python agrees, as it does on 14 15: 25).
        assert_eq!(remoteness(&["3"; 13]), Some(39));
        assert_eq!(remoteness(&["14", "15"]), Some(25));
        assert!(split_heaps_searched(&[20, 21]));
        assert!(!split_heaps_searched(&[20, 22]));
        assert_eq!(remoteness(&["30", "40"]), None);
        let lasker = lasker::analyse(&["30", "40"], &AnalysisOptions::default(), &limits());
        assert_eq!(lasker.unwrap().remoteness, None);
    }

    #[test]
    fn misere_play_and_every_sg_have_none() {
        let kayles = crate::request::parse::named_rule("kayles").unwrap();
        for options in [
            AnalysisOptions {
                misere: true,
                ..AnalysisOptions::default()
            },
            AnalysisOptions {
                every: true,
                ..AnalysisOptions::default()
            },
        ] {
            let a = octal::analyse("kayles", &kayles, &["3", "4"], &options, &limits()).unwrap();
            assert_eq!(a.remoteness, None);
        }
    }

    #[test]
    fn a_small_memory_limit_shrinks_the_search() {
        let small = Limits {
            memory_bytes: 4 * POSITION_BYTES * 10,
            ..Limits::default()
        };
        assert_eq!(max_positions(&small), 10);
        assert_eq!(max_positions(&Limits::default()), MAX_POSITIONS);
        let words = ["3", "4", "5"];
        let a = nim::analyse(&words, &AnalysisOptions::default(), &small).unwrap();
        assert_eq!(a.remoteness, None);
    }
}
