//! Remoteness (Steinhaus, 1925; Winning Ways, ch. 9): how many moves a game lasts from a position
//! in normal play when the winner plays to win as fast as possible and the loser to lose as
//! slowly as possible.
//!
//! The rule: a position with no move has remoteness 0; otherwise, when some option has an even
//! remoteness (an option lost for the player then to move), one more than the least such; else
//! one more than the greatest of all. By induction the remoteness is odd exactly when the player
//! to move wins (an `N`-position), even when they lose (`P`), and a winning move of the fastest
//! win, or a losing move of the slowest loss, is an option of one less.
//!
//! # Sums
//!
//! The remoteness of a sum is no function of its components' remotenesses: a Nim heap of 1 and
//! one of 2 both have remoteness 1, yet the sums `1 1`, `1 2` and `2 2` have remotenesses 2, 3
//! and 4. So [`RemotenessSolver`] searches the sums themselves, as
//! [`EverySolver`](super::every::EverySolver) does for its own rule: every part (a component of
//! [`Impartial::components`]) is numbered once and valued (its nim-value, and its options, each
//! split into parts), and a sum is the sorted list of the numbers of its parts that still have a
//! move (a part with no move adds no move, so leaving it out changes no remoteness). Nothing else
//! is merged: two equal parts do not cancel here, though their nim-values do.
//!
//! The nim-values say which options are lost (their parts' values XOR to 0) without searching
//! them: a won sum opens only those (its remoteness depends on nothing else), a lost sum opens
//! every option (all won). A won sum stops at a lost option of remoteness 2, or at an option that
//! ends the game.
//!
//! # Cost
//!
//! One entry per part and per sum of parts reached, and every part's options, kept between calls;
//! the search runs on explicit stacks (a path of a million moves costs heap memory, not call
//! depth). Both are bounded by the caller: [`RemotenessSolver::new`] takes the most parts and
//! sums stored, [`RemotenessSolver::with_max_work`] the most options looked at; past either the
//! search stops with an error and the solver forgets what it held. The sums a position reaches
//! can be exponentially many more than its parts (Nim heaps h₁ … h_k reach up to ∏(hᵢ + 1) sums
//! of only max hᵢ parts), so this is for small positions; for the outcome or nim-value alone,
//! [`MemoSolver`](super::MemoSolver) values each part once.

// FxHash: the keys are short lists of part numbers.
use rustc_hash::FxHashMap as HashMap;

use super::parts::{Budget, Id, OptionUnits, Parts};
use super::SolveError;
use crate::Impartial;

/// A sum on the search path, with its options looked at one by one (they are not listed: a sum
/// of many parts has many options, and the path can be long).
struct SumFrame {
    key: Box<[Id]>,
    /// The XOR of its parts' nim-values: not 0 exactly when the player to move wins.
    value: u64,
    /// The place in `key` of the part whose options are being looked at, and its next option.
    slot: usize,
    option: usize,
    /// The least (won sum) or greatest (lost sum) remoteness of the options looked at.
    best: Option<u64>,
}

impl SumFrame {
    fn won(&self) -> bool {
        self.value != 0
    }

    /// Takes in the remoteness of an option worth looking at.
    fn take(&mut self, remoteness: u64) {
        debug_assert_eq!(remoteness % 2 == 0, self.won(), "parity of an option");
        self.best = Some(match self.best {
            None => remoteness,
            Some(b) if self.won() => b.min(remoteness),
            Some(b) => b.max(remoteness),
        });
        // A won sum can do no better than a lost option of 2 once no option ends the game
        // (checked when it was opened).
        if self.won() && self.best <= Some(2) {
            self.slot = self.key.len();
        }
    }
}

/// The remoteness of positions of `G`, each possibly a sum: memoised over the parts met and the
/// sums of parts searched, kept between calls, within the caller's bounds.
///
/// # Examples
///
/// ```
/// use sprague::games::nim::Nim;
/// use sprague::solve::remoteness::RemotenessSolver;
///
/// let mut solver = RemotenessSolver::new(&Nim, 1 << 16);
/// // 1 2: take one from the 2, leaving 1 1, lost in two moves.
/// assert_eq!(solver.remoteness(&vec![1, 2]).unwrap(), 3);
/// // 1 2 3 is lost; its slowest loss lasts six moves.
/// assert_eq!(solver.remoteness(&vec![1, 2, 3]).unwrap(), 6);
/// ```
pub struct RemotenessSolver<'g, G: Impartial> {
    /// The parts, their options counted as generated: an option on the valuing path is a list
    /// of parts, about 40 bytes and 20 a part (stored, a boxed list of ids and a value, about
    /// 50), 4 units (of about 10 bytes, 16 to a kept position) and 2 a part, counted when
    /// generated, so that a path of parts with many options each is bounded too, not only what
    /// is kept.
    parts: Parts<'g, G>,
    // `None` while on the search path.
    sums: HashMap<Box<[Id]>, Option<u64>>,
    /// Parts and sums stored, with those units and the sums' keys (4 bytes a part, held twice
    /// while the sum is on the path: a unit a part); options looked at (a part's when it is
    /// valued, a sum's as it is searched, each one more for every 16 parts of the sum it leaves,
    /// which it builds and hashes), not reset when a search fails, so that one budget bounds
    /// every call.
    budget: Budget,
}

impl<'g, G: Impartial> RemotenessSolver<'g, G> {
    /// A solver that stores at most `max_positions` parts and sums together (options counted
    /// in, see [`RemotenessSolver::len`]).
    pub fn new(game: &'g G, max_positions: usize) -> Self {
        RemotenessSolver {
            parts: Parts::new(game, OptionUnits::Generated),
            sums: HashMap::default(),
            budget: Budget::new(max_positions),
        }
    }

    /// The same solver, stopped with [`SolveError::TooMuchWork`] once it has looked at more than
    /// `max_work` options in all, over every call (an option leaving a sum of many parts counts
    /// more: one more for every 16 parts): a sum of many parts with many options each costs far
    /// more time than its one stored entry says.
    pub fn with_max_work(mut self, max_work: u64) -> Self {
        self.budget.max_work = max_work;
        self
    }

    /// The options looked at so far, over every call.
    pub fn work(&self) -> u64 {
        self.budget.work
    }

    /// The parts and sums stored, with the parts' options and the sums' keys counted in at 16
    /// units of about 10 bytes to a position (a part's option 4 units and 2 a part it leaves, a
    /// sum's key a unit a part).
    pub fn len(&self) -> usize {
        self.budget.len(self.parts.len() + self.sums.len())
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The remoteness of `position` (a sum of the components [`Impartial::components`] gives):
    /// odd exactly when the player to move wins.
    ///
    /// # Errors
    ///
    /// [`SolveError::Loop`] on a cycle; [`SolveError::TooManyPositions`] past `max_positions`
    /// parts and sums stored, [`SolveError::TooMuchWork`] past `max_work` options looked at. The
    /// solver is then emptied (the work done stays counted).
    pub fn remoteness(&mut self, position: &G::Position) -> Result<u64, SolveError> {
        let mut parts = Vec::new();
        self.parts.game().components(position, &mut parts);
        let key = self.key_of(&parts)?;
        self.guarded(|solver| solver.sum_remoteness(key))
    }

    /// Runs `f`, emptying the solver if it fails (what was on its search path is unfinished).
    fn guarded<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, SolveError>,
    ) -> Result<T, SolveError> {
        let res = f(self);
        if res.is_err() {
            self.parts.clear();
            self.sums.clear();
            self.budget.units = 0;
        }
        res
    }

    /// The key of a sum of `parts` (each a component): the sorted numbers of those with a move.
    fn key_of(&mut self, parts: &[G::Position]) -> Result<Box<[Id]>, SolveError> {
        self.guarded(|solver| {
            solver
                .parts
                .key_of(parts, solver.sums.len(), &mut solver.budget)
        })
    }

    fn open_sum(&mut self, key: Box<[Id]>) -> Result<SumFrame, SolveError> {
        self.budget.check_room(self.parts.len() + self.sums.len())?;
        let value = key.iter().fold(0, |acc, &id| acc ^ self.parts[id].value);
        self.budget.units = self.budget.units.saturating_add(key.len());
        self.sums.insert(key.clone(), None);
        let mut frame = SumFrame {
            key,
            value,
            slot: 0,
            option: 0,
            best: None,
        };
        // A lone part with a move that empties it wins at once: remoteness 1. (With two parts
        // or more, no option ends the game, so a won sum can stop at a lost option of 2.)
        if let [id] = *frame.key {
            if self.parts[id]
                .options
                .iter()
                .any(|(left, _)| left.is_empty())
            {
                frame.best = Some(0);
                frame.slot = frame.key.len();
            }
        }
        Ok(frame)
    }

    /// The remoteness of the sum `key` (explicit stack).
    fn sum_remoteness(&mut self, key: Box<[Id]>) -> Result<u64, SolveError> {
        if key.is_empty() {
            return Ok(0);
        }
        if let Some(&known) = self.sums.get(&key) {
            return known.ok_or(SolveError::Loop);
        }
        let mut stack = vec![self.open_sum(key)?];
        let mut next: Vec<Id> = Vec::new();
        loop {
            let mut descend = None;
            {
                let frame = stack.last_mut().expect("not empty");
                while frame.slot < frame.key.len() {
                    let id = frame.key[frame.slot];
                    let part = &self.parts[id];
                    if frame.option == part.options.len()
                        || frame.slot > 0 && frame.key[frame.slot - 1] == id
                    {
                        // Done with this part, or an equal part already moved: the same options.
                        frame.slot += 1;
                        frame.option = 0;
                        continue;
                    }
                    let (left, value) = &part.options[frame.option];
                    let cost = 1 + frame.key.len() / 16;
                    self.budget.add_work(cost)?;
                    if frame.won() && frame.value ^ part.value ^ value != 0 {
                        // A won option: it cannot be the fastest win.
                        frame.option += 1;
                        continue;
                    }
                    next.clear();
                    next.extend_from_slice(&frame.key[..frame.slot]);
                    next.extend_from_slice(&frame.key[frame.slot + 1..]);
                    next.extend_from_slice(left);
                    next.sort_unstable();
                    let known = if next.is_empty() {
                        Some(0)
                    } else {
                        match self.sums.get(next.as_slice()) {
                            Some(Some(r)) => Some(*r),
                            Some(None) => return Err(SolveError::Loop),
                            None => None,
                        }
                    };
                    match known {
                        Some(r) => {
                            frame.option += 1;
                            frame.take(r);
                        }
                        None => {
                            descend = Some(next.clone().into_boxed_slice());
                            break;
                        }
                    }
                }
            }
            if let Some(child) = descend {
                let frame = self.open_sum(child)?;
                stack.push(frame);
                continue;
            }
            let frame = stack.pop().expect("not empty");
            // A lost sum has an option (each of its parts has a move); a won sum has a lost one
            // (the Sprague–Grundy theorem on the parts' values).
            let r = 1 + frame
                .best
                .expect("a sum with a move has an option worth looking at");
            self.sums.insert(frame.key, Some(r));
            match stack.last_mut() {
                None => return Ok(r),
                Some(parent) => {
                    parent.option += 1;
                    parent.take(r);
                }
            }
        }
    }
}

/// The remoteness of a position from its options' (the rule): 0 with no option; one more than
/// the least even one when there is an even one; else one more than the greatest.
pub fn remoteness_from_options(options: impl IntoIterator<Item = u64>) -> u64 {
    let mut any = false;
    let mut least_even: Option<u64> = None;
    let mut greatest = 0;
    for r in options {
        any = true;
        if r % 2 == 0 {
            least_even = Some(least_even.map_or(r, |e| e.min(r)));
        }
        greatest = greatest.max(r);
    }
    match (any, least_even) {
        (false, _) => 0,
        (true, Some(e)) => e + 1,
        (true, None) => greatest + 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::lasker::Lasker;
    use crate::games::moore_nim::MooreNim;
    use crate::games::nim::Nim;
    use crate::games::octal::{HeapGame, HeapRule};
    use crate::games::staircase::Staircase;
    use crate::games::subtraction::{Subtraction, SubtractionSet};
    use crate::games::wythoff::Wythoff;
    use crate::solve::naive;
    use proptest::prelude::*;
    use std::collections::HashMap as StdMap;

    fn heap_game(code: &str) -> HeapGame {
        HeapGame {
            rule: HeapRule::Octal(code.parse().unwrap()),
        }
    }

    fn subtraction(set: &[u64]) -> Subtraction {
        Subtraction {
            set: SubtractionSet::new(set.to_vec()).unwrap(),
        }
    }

    /// The rule applied to the unsplit position, straight from the definition: the options the
    /// ruleset gives for the whole position (every heap game here moves in any one of a list of
    /// heaps), no components, no nim-values, no part left out. Memoised on the position only so
    /// that the checks reach a few thousand positions.
    fn brute<G: Impartial>(
        game: &G,
        position: &G::Position,
        memo: &mut StdMap<G::Position, u64>,
    ) -> u64 {
        if let Some(&r) = memo.get(position) {
            return r;
        }
        let mut options = Vec::new();
        game.options(position, &mut options);
        let r = remoteness_from_options(
            options
                .iter()
                .map(|o| brute(game, o, memo))
                .collect::<Vec<_>>(),
        );
        memo.insert(position.clone(), r);
        r
    }

    /// Checks the solver on `position` against [`brute`], and its parity against the nim-value.
    fn check<G: Impartial>(
        game: &G,
        solver: &mut RemotenessSolver<'_, G>,
        memo: &mut StdMap<G::Position, u64>,
        position: &G::Position,
    ) -> Result<u64, TestCaseError>
    where
        G::Position: std::fmt::Debug,
    {
        let r = solver.remoteness(position).unwrap();
        prop_assert_eq!(r, brute(game, position, memo), "{:?}", position);
        let value = crate::solve::MemoSolver::new(game)
            .grundy_value(position)
            .unwrap();
        prop_assert_eq!(r % 2 == 1, !value.is_zero(), "parity of {:?}", position);
        Ok(r)
    }

    #[test]
    fn hand_checked_values() {
        let mut nim = RemotenessSolver::new(&Nim, 1 << 16);
        let mut r = |heaps: &[u64]| nim.remoteness(&heaps.to_vec()).unwrap();
        // No move: the game is over.
        assert_eq!(r(&[]), 0);
        assert_eq!(r(&[0, 0]), 0);
        // One heap: take it all, one move.
        assert_eq!(r(&[1]), 1);
        assert_eq!(r(&[7]), 1);
        // 1 1: each player takes a heap.
        assert_eq!(r(&[1, 1]), 2);
        // 1 2: the one winning move takes one from the 2, leaving 1 1 (2): 3. Taking all of
        // the 2 would leave 1, won for the opponent.
        assert_eq!(r(&[1, 2]), 3);
        // a a is lost: the winner must mirror (the only lost options are equal heaps), the
        // loser takes one at a time: 2a moves.
        assert_eq!(r(&[2, 2]), 4);
        assert_eq!(r(&[5, 5]), 10);
        // a b, a < b: the only winning move leaves a a: 2a + 1.
        assert_eq!(r(&[3, 9]), 7);
        // 1 2 3 is lost. Its options and their fastest wins: 0 2 3 -> 2 2 (4) and 1 2 2 -> 0 2 2
        // (4), both 5; 1 1 3, 1 0 3, 1 2 1 and 1 2 0 each leave 1 1 (2), 3. The slowest loss
        // takes a 5: 6.
        assert_eq!(r(&[1, 2, 3]), 6);

        // Kayles: 3 -> knock the middle pin, leaving 1 + 1 (2): 3. 4 -> its only lost option is
        // 1 + 1 (knock the two middle pins): 3.
        let kayles = heap_game("0.77");
        let mut solver = RemotenessSolver::new(&kayles, 1 << 16);
        assert_eq!(solver.remoteness(&vec![3]).unwrap(), 3);
        assert_eq!(solver.remoteness(&vec![4]).unwrap(), 3);
        // Two equal parts do not cancel: 1 + 1 lasts two moves.
        assert_eq!(solver.remoteness(&vec![1, 1]).unwrap(), 2);

        // Take 1 or 2 (Bash with M = 2): 3q is lost in 2q moves (each round the loser takes one,
        // the winner the rest of three), 3q + r won in 2q + 1.
        let bash = subtraction(&[1, 2]);
        let mut solver = RemotenessSolver::new(&bash, 1 << 16);
        for n in 0..40u64 {
            let expected = 2 * (n / 3) + u64::from(n % 3 != 0);
            assert_eq!(solver.remoteness(&vec![n]).unwrap(), expected, "{n}");
        }
    }

    #[test]
    fn the_rule_from_options() {
        assert_eq!(remoteness_from_options([]), 0);
        assert_eq!(remoteness_from_options([0]), 1);
        assert_eq!(remoteness_from_options([1, 3]), 4);
        assert_eq!(remoteness_from_options([1, 4, 2, 5]), 3);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn nim_agrees_with_brute_force(heaps in prop::collection::vec(0u64..6, 0..5)) {
            let mut solver = RemotenessSolver::new(&Nim, 1 << 20);
            check(&Nim, &mut solver, &mut StdMap::new(), &heaps)?;
        }

        #[test]
        fn subtraction_games_agree_with_brute_force(
            set in prop::collection::btree_set(1u64..7, 1..4),
            heaps in prop::collection::vec(0u64..16, 1..4),
        ) {
            let game = subtraction(&set.into_iter().collect::<Vec<_>>());
            let mut solver = RemotenessSolver::new(&game, 1 << 20);
            check(&game, &mut solver, &mut StdMap::new(), &heaps)?;
        }

        /// Octal codes of up to three digits after the point, every digit 0..7: moves that take
        /// a whole heap, leave one, or split it in two.
        #[test]
        fn octal_games_agree_with_brute_force(
            digits in prop::collection::vec(0u8..8, 1..4),
            heaps in prop::collection::vec(0u64..9, 1..4),
        ) {
            let code: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
            // A code with no move at all is refused by the parser.
            let parsed = format!("0.{code}").parse();
            prop_assume!(parsed.is_ok());
            let game = HeapGame { rule: HeapRule::Octal(parsed.unwrap()) };
            let heaps = HeapGame::position(&heaps);
            let mut solver = RemotenessSolver::new(&game, 1 << 20);
            check(&game, &mut solver, &mut StdMap::new(), &heaps)?;
        }

        #[test]
        fn lasker_and_grundys_game_agree_with_brute_force(
            heaps in prop::collection::vec(0u64..8, 1..4),
        ) {
            let position = Lasker::position(&heaps);
            let mut solver = RemotenessSolver::new(&Lasker, 1 << 20);
            check(&Lasker, &mut solver, &mut StdMap::new(), &position)?;
            let grundy = HeapGame { rule: HeapRule::Grundy };
            let position = HeapGame::position(&heaps.iter().map(|h| h + 3).collect::<Vec<_>>());
            let mut solver = RemotenessSolver::new(&grundy, 1 << 20);
            check(&grundy, &mut solver, &mut StdMap::new(), &position)?;
        }
    }

    /// Every position of a few games on one solver (its memo shared between calls), and the
    /// naive search of the whole sum on the smaller ones.
    #[test]
    fn whole_ranges_agree_with_brute_force_and_the_naive_search() {
        let kayles = heap_game("0.77");
        let dawson = heap_game("0.07");
        let mut solver = RemotenessSolver::new(&kayles, 1 << 20);
        let mut memo = StdMap::new();
        let mut dawson_solver = RemotenessSolver::new(&dawson, 1 << 20);
        let mut dawson_memo = StdMap::new();
        for a in 0..10u64 {
            for b in a..10 {
                for c in b..10 {
                    let position = HeapGame::position(&[a, b, c]);
                    let r = check(&kayles, &mut solver, &mut memo, &position).unwrap();
                    if a + b + c <= 9 {
                        assert_eq!(naive::remoteness(&kayles, &position), r, "{position:?}");
                    }
                    check(&dawson, &mut dawson_solver, &mut dawson_memo, &position).unwrap();
                }
            }
        }
        // Single-component games: the sums are the positions themselves.
        let mut solver = RemotenessSolver::new(&Wythoff, 1 << 20);
        let mut memo = StdMap::new();
        for x in 0..12u64 {
            for y in 0..12u64 {
                check(&Wythoff, &mut solver, &mut memo, &(x, y)).unwrap();
            }
        }
        let moore = MooreNim { k: 2 };
        let mut solver = RemotenessSolver::new(&moore, 1 << 20);
        let mut memo = StdMap::new();
        for heaps in crate::test_util::three_small_heaps() {
            let mut sorted = heaps.clone();
            sorted.sort_unstable();
            check(&moore, &mut solver, &mut memo, &sorted).unwrap();
        }
        let mut solver = RemotenessSolver::new(&Staircase, 1 << 20);
        let mut memo = StdMap::new();
        for steps in crate::test_util::three_small_heaps() {
            check(&Staircase, &mut solver, &mut memo, &steps).unwrap();
        }
    }

    /// Tokens on a random DAG of `n` vertices: a move replaces one token by zero, one or two
    /// tokens on higher vertices; each token a part. Parts of nim-value 0 with moves, equal
    /// parts, and moves that empty a part or split it come in every shape.
    struct Tokens {
        moves: Vec<Vec<Vec<u64>>>,
    }

    impl Impartial for Tokens {
        type Position = Vec<u64>;
        fn options(&self, position: &Vec<u64>, options: &mut Vec<Vec<u64>>) {
            for (idx, &v) in position.iter().enumerate() {
                for becomes in &self.moves[v as usize] {
                    let mut next = position.clone();
                    next.remove(idx);
                    next.extend_from_slice(becomes);
                    next.sort_unstable();
                    options.push(next);
                }
            }
        }
        fn components(&self, position: &Vec<u64>, components: &mut Vec<Vec<u64>>) {
            components.extend(position.iter().map(|&v| vec![v]));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn random_games_that_split_agree_with_brute_force(
            moves in prop::collection::vec(
                prop::collection::vec(prop::collection::vec(any::<u64>(), 0..3), 0..4),
                2..10,
            ),
            tokens in prop::collection::vec(any::<u64>(), 1..4),
        ) {
            // Each vertex's moves go to higher vertices only: the game is acyclic.
            let n = moves.len() as u64;
            let moves: Vec<Vec<Vec<u64>>> = moves
                .into_iter()
                .enumerate()
                .map(|(v, options)| {
                    let v = v as u64;
                    let above = n - v - 1;
                    if above == 0 {
                        return Vec::new();
                    }
                    options
                        .into_iter()
                        .map(|to| to.into_iter().map(|t| v + 1 + t % above).collect())
                        .collect()
                })
                .collect();
            let game = Tokens { moves };
            let mut position: Vec<u64> = tokens.iter().map(|t| t % n).collect();
            position.sort_unstable();
            let mut solver = RemotenessSolver::new(&game, 1 << 20);
            check(&game, &mut solver, &mut StdMap::new(), &position)?;
        }
    }

    /// Take one token (positions are plain numbers): a chain as deep as the heap.
    struct TakeOne;

    impl Impartial for TakeOne {
        type Position = u64;
        fn options(&self, heap: &u64, options: &mut Vec<u64>) {
            if *heap > 0 {
                options.push(heap - 1);
            }
        }
    }

    #[test]
    fn a_deep_position_costs_heap_memory_not_call_depth() {
        let mut solver = RemotenessSolver::new(&TakeOne, 1 << 20);
        assert_eq!(solver.remoteness(&100_000).unwrap(), 100_000);
    }

    #[test]
    fn past_the_budget_the_search_stops_and_forgets() {
        // A heap of a million tokens: stopped after a thousand parts, long before its depth.
        let mut solver = RemotenessSolver::new(&TakeOne, 1000);
        assert_eq!(
            solver.remoteness(&1_000_000),
            Err(SolveError::TooManyPositions { limit: 1000 })
        );
        assert!(solver.is_empty());
        assert_eq!(solver.remoteness(&10).unwrap(), 10);
        // Nim 6 6 6 6 reaches 210 sums; a budget of 100 stops it.
        let mut solver = RemotenessSolver::new(&Nim, 100);
        assert_eq!(
            solver.remoteness(&vec![6, 6, 6, 6]),
            Err(SolveError::TooManyPositions { limit: 100 })
        );
        // A sum of ten thousand parts: each sum stored counts its key (40 kB), so the search
        // stops after about a hundred sums, not 2^16 of them (2.6 GB).
        let kayles = heap_game("0.77");
        let mut solver = RemotenessSolver::new(&kayles, 1 << 16);
        assert_eq!(
            solver.remoteness(&vec![2; 10_000]),
            Err(SolveError::TooManyPositions { limit: 1 << 16 })
        );
        // Each option looked at counts the sum it builds: 626 a move here.
        let mut solver = RemotenessSolver::new(&kayles, usize::MAX).with_max_work(1 << 16);
        assert_eq!(
            solver.remoteness(&vec![2; 10_000]),
            Err(SolveError::TooMuchWork { limit: 1 << 16 })
        );
        // The work is counted over every call: once spent, every search stops.
        let mut solver = RemotenessSolver::new(&Nim, 1 << 20).with_max_work(50);
        assert_eq!(
            solver.remoteness(&vec![6, 6, 6, 6]),
            Err(SolveError::TooMuchWork { limit: 50 })
        );
        assert!(solver.work() > 50);
        assert!(solver.remoteness(&vec![1, 1]).is_err());
    }
}
