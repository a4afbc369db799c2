//! Every-SG: on each turn the player to move makes a move in *every* component that still has one;
//! whoever makes the last move wins (Winning Ways, ch. 9: the continued conjunctive compound).
//!
//! The components are the games *given*. A move that splits a heap of a take-and-break game
//! leaves a sum *inside its component*: that component's own game is then the disjunctive sum of
//! its heaps (one move in one heap a turn), and its next turn moves once in that sum.
//!
//! Nim-values say nothing here; what decides is how long each component lasts. The winner of a
//! component wants it to last, the loser wants it over: a component's *steps* (its suspense
//! number) are 0 with no move; otherwise, when some option has an even number of steps (a
//! component lost for the player then to move), the largest such plus one (won: taken slow);
//! else the smallest of all plus one (lost: taken fast). The steps are odd exactly when the
//! component is won for the player to move (by induction on the rule), so in a sum of heaps the
//! even options are the options whose heaps' nim-values XOR to 0: [`EverySolver`] searches the
//! sums a component reaches (a sorted multiset of its heaps) and opens, from a won sum, only those.
//! The whole game lasts as long as its longest component, so its steps are the largest of its
//! components', and the player to move wins iff that number is odd.

// FxHash: the keys are short lists of part numbers.
use rustc_hash::FxHashMap as HashMap;

use super::parts::{Budget, Id, OptionUnits, Parts};
use super::SolveError;
use crate::Impartial;

/// Every-SG steps of given components, each possibly a sum (a position of `G` that
/// [`Impartial::components`] splits): memoised over the parts met and the sums of parts
/// searched, kept between calls.
///
/// A sum is known by the sorted numbers of its parts that have a move: a part with no move adds
/// no move to a sum, so leaving it out changes no option and no steps. Nothing else is merged:
/// a part of nim-value 0 with moves still lasts, and two equal parts do not cancel (the sum of
/// two Kayles heaps of 1 has two steps, not none).
pub struct EverySolver<'g, G: Impartial> {
    /// The parts, their options kept as stored: 6 units an option and one for every two parts it
    /// leaves, 16 units (about 10 bytes each) to a kept position of about 160 (an option is a
    /// boxed list of ids and a value: about 60 bytes, and 4 an id): a three-heap code's heap has
    /// thousands of options, which the count of parts alone missed.
    parts: Parts<'g, G>,
    // `None` while on the search path.
    sums: HashMap<Box<[Id]>, Option<u64>>,
    /// Parts and sums stored, with those units, and options looked at (a part's when it is
    /// valued, a sum's when it is opened): the time a search takes, where `max_positions` bounds
    /// what it keeps.
    budget: Budget,
}

impl<'g, G: Impartial> EverySolver<'g, G> {
    /// A solver that stores at most `max_positions` parts and sums together.
    pub fn new(game: &'g G, max_positions: usize) -> Self {
        EverySolver {
            parts: Parts::new(game, OptionUnits::Valued),
            sums: HashMap::default(),
            budget: Budget::new(max_positions),
        }
    }

    /// The same solver, stopped with [`SolveError::TooMuchWork`] once it has looked at more than
    /// `max_work` options in all (a sum of many heaps with many options each costs far more
    /// time than its one stored entry says).
    pub fn with_max_work(mut self, max_work: u64) -> Self {
        self.budget.max_work = max_work;
        self
    }

    /// The options looked at so far.
    pub fn work(&self) -> u64 {
        self.budget.work
    }

    /// The parts and sums stored.
    pub fn len(&self) -> usize {
        self.budget.len(self.parts.len() + self.sums.len())
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The steps of a whole Every-SG position, one component per given game: the largest of
    /// theirs (0 for none); odd means the player to move wins.
    ///
    /// # Errors
    ///
    /// [`SolveError::Loop`] on a cycle, [`SolveError::TooManyPositions`] past `max_positions`
    /// parts and sums stored (the solver is then emptied).
    pub fn steps(&mut self, given: &[G::Position]) -> Result<u64, SolveError> {
        let mut most = 0;
        for component in given {
            most = most.max(self.component_steps(component)?);
        }
        Ok(most)
    }

    /// The steps of one given component: the suspense number of its own game, the disjunctive
    /// sum of its parts.
    ///
    /// # Errors
    ///
    /// As [`EverySolver::steps`].
    pub fn component_steps(&mut self, component: &G::Position) -> Result<u64, SolveError> {
        let mut parts = Vec::new();
        self.parts.game().components(component, &mut parts);
        let key = self.key_of(&parts)?;
        self.guarded(|solver| solver.sum_steps(key))
    }

    /// A move of the steps strategy in `component`: an option of one step fewer (in a won
    /// component, the longest win; in a lost one, the quickest loss), as the list of parts it
    /// leaves (finished parts included, as the ruleset gives them); `None` when it has no move.
    ///
    /// # Errors
    ///
    /// As [`EverySolver::steps`].
    pub fn step_move(
        &mut self,
        component: &G::Position,
    ) -> Result<Option<Vec<G::Position>>, SolveError> {
        let s = self.component_steps(component)?;
        if s == 0 {
            return Ok(None);
        }
        let mut parts = Vec::new();
        self.parts.game().components(component, &mut parts);
        let mut options = Vec::new();
        let mut left = Vec::new();
        for (idx, part) in parts.iter().enumerate() {
            options.clear();
            self.parts.game().options(part, &mut options);
            for option in &options {
                left.clear();
                left.extend(parts[..idx].iter().cloned());
                left.extend(parts[idx + 1..].iter().cloned());
                self.parts.game().components(option, &mut left);
                let key = self.key_of(&left)?;
                if self.guarded(|solver| solver.sum_steps(key))? == s - 1 {
                    return Ok(Some(left));
                }
            }
        }
        unreachable!("a component of {s} steps has an option of {}", s - 1)
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

    /// The options of the sum `key` worth searching: from a won sum (nim-values' XOR not 0) only
    /// the lost ones (XOR 0), the even ones; from a lost sum all.
    /// Also returns the count of the parts' options scanned.
    fn sum_options(&self, key: &[Id]) -> (Vec<Box<[Id]>>, usize) {
        let xor = key.iter().fold(0, |acc, &id| acc ^ self.parts[id].value);
        let mut res = Vec::new();
        let mut scanned = 0;
        for (idx, &id) in key.iter().enumerate() {
            if idx > 0 && key[idx - 1] == id {
                continue; // an equal part moved: the same options
            }
            let part = &self.parts[id];
            scanned += part.options.len();
            for (left, value) in &part.options {
                if xor != 0 && xor ^ part.value ^ value != 0 {
                    continue;
                }
                let mut next = Vec::with_capacity(key.len() - 1 + left.len());
                next.extend_from_slice(&key[..idx]);
                next.extend_from_slice(&key[idx + 1..]);
                next.extend_from_slice(left);
                next.sort_unstable();
                res.push(next.into_boxed_slice());
            }
        }
        (res, scanned)
    }

    /// The steps of the sum `key` (explicit stack). A won sum: one more than the most of its lost
    /// options'; a lost sum: one more than the fewest of its options' (all won, so at least 1:
    /// the search of a lost sum stops at an option of 1).
    fn sum_steps(&mut self, key: Box<[Id]>) -> Result<u64, SolveError> {
        if key.is_empty() {
            return Ok(0);
        }
        if let Some(&known) = self.sums.get(&key) {
            return known.ok_or(SolveError::Loop);
        }
        struct Frame {
            key: Box<[Id]>,
            won: bool,
            options: Vec<Box<[Id]>>,
            next: usize,
            best: Option<u64>,
        }
        let open = |solver: &mut Self, key: Box<[Id]>| -> Result<Frame, SolveError> {
            solver
                .budget
                .check_room(solver.parts.len() + solver.sums.len())?;
            let won = key.iter().fold(0, |acc, &id| acc ^ solver.parts[id].value) != 0;
            let (options, scanned) = solver.sum_options(&key);
            solver.budget.add_work(scanned.max(1))?;
            solver.sums.insert(key.clone(), None);
            Ok(Frame {
                key,
                won,
                options,
                next: 0,
                best: None,
            })
        };
        let mut stack = vec![open(self, key)?];
        let mut returned: Option<u64> = None;
        loop {
            let frame = stack.last_mut().expect("not empty");
            if let Some(s) = returned.take() {
                frame.best = Some(match (frame.won, frame.best) {
                    (_, None) => s,
                    (true, Some(b)) => b.max(s),
                    (false, Some(b)) => b.min(s),
                });
                frame.next += 1;
            }
            let mut descend = None;
            while frame.next < frame.options.len() {
                if !frame.won && frame.best == Some(1) {
                    break;
                }
                let option = &frame.options[frame.next];
                let known = if option.is_empty() {
                    Some(0)
                } else {
                    match self.sums.get(option) {
                        Some(Some(s)) => Some(*s),
                        Some(None) => return Err(SolveError::Loop),
                        None => None,
                    }
                };
                match known {
                    Some(s) => {
                        debug_assert_eq!(s % 2 == 0, frame.won, "parity of {option:?}");
                        frame.best = Some(match (frame.won, frame.best) {
                            (_, None) => s,
                            (true, Some(b)) => b.max(s),
                            (false, Some(b)) => b.min(s),
                        });
                        frame.next += 1;
                    }
                    None => {
                        descend = Some(option.clone());
                        break;
                    }
                }
            }
            if let Some(child) = descend {
                let frame = open(self, child)?;
                stack.push(frame);
                continue;
            }
            let frame = stack.pop().expect("not empty");
            let s = 1 + frame
                .best
                .expect("a won sum has a lost option, a lost sum with a move an option");
            self.sums.insert(frame.key, Some(s));
            if stack.is_empty() {
                return Ok(s);
            }
            returned = Some(s);
        }
    }
}

/// A component's steps from its options' steps (the suspense rule): 0 with no option; the
/// largest even one plus one when there is an even one; else the smallest plus one.
pub fn steps_from_options(options: impl IntoIterator<Item = u64>) -> u64 {
    let mut any = false;
    let mut longest_even: Option<u64> = None;
    let mut shortest = u64::MAX;
    for s in options {
        any = true;
        if s % 2 == 0 {
            longest_even = Some(longest_even.map_or(s, |e| e.max(s)));
        }
        shortest = shortest.min(s);
    }
    match (any, longest_even) {
        (false, _) => 0,
        (true, Some(e)) => e + 1,
        (true, None) => shortest + 1,
    }
}

/// Every-SG played out literally, the reference the steps are checked against: a position is a
/// tuple of given components, each a multiset of heaps; a turn picks one option in *every*
/// component that still has a move (an option moves one heap of the component: the heaps it
/// leaves join that component); the player who cannot move in any component loses.
#[cfg(test)]
mod play {
    use std::collections::HashMap;

    /// The literal game over heaps whose options (each a list of heaps left) `moves` gives.
    pub(super) struct Literal<'a> {
        moves: &'a dyn Fn(u64) -> Vec<Vec<u64>>,
        memo: HashMap<Vec<Vec<u64>>, bool>,
    }

    impl<'a> Literal<'a> {
        pub(super) fn new(moves: &'a dyn Fn(u64) -> Vec<Vec<u64>>) -> Self {
            Literal {
                moves,
                memo: HashMap::new(),
            }
        }

        /// The options of one component: one heap replaced by what a move leaves of it.
        pub(super) fn component_options(&self, component: &[u64]) -> Vec<Vec<u64>> {
            let mut res = Vec::new();
            for (idx, &h) in component.iter().enumerate() {
                for left in (self.moves)(h) {
                    let mut next: Vec<u64> = component[..idx].to_vec();
                    next.extend_from_slice(&component[idx + 1..]);
                    next.extend(left);
                    next.sort_unstable();
                    res.push(next);
                }
            }
            res
        }

        /// Whether the player to move wins the tuple `position`.
        pub(super) fn wins(&mut self, position: &[Vec<u64>]) -> bool {
            let mut key: Vec<Vec<u64>> = position
                .iter()
                .map(|c| {
                    let mut c = c.clone();
                    c.sort_unstable();
                    c
                })
                .collect();
            key.sort(); // the tuple's order does not matter to the rule
            if let Some(&w) = self.memo.get(&key) {
                return w;
            }
            let lists: Vec<Vec<Vec<u64>>> = key.iter().map(|c| self.component_options(c)).collect();
            let live: Vec<usize> = (0..key.len()).filter(|&i| !lists[i].is_empty()).collect();
            let mut win = false;
            if !live.is_empty() {
                // Every joint move: one option in each live component (an odometer).
                let mut pick = vec![0usize; live.len()];
                'joint: loop {
                    let mut next = key.clone();
                    for (slot, &i) in live.iter().enumerate() {
                        next[i] = lists[i][pick[slot]].clone();
                    }
                    if !self.wins(&next) {
                        win = true;
                        break;
                    }
                    for slot in 0..live.len() {
                        pick[slot] += 1;
                        if pick[slot] < lists[live[slot]].len() {
                            continue 'joint;
                        }
                        pick[slot] = 0;
                    }
                    break;
                }
            }
            self.memo.insert(key, win);
            win
        }

        /// The positions stored.
        pub(super) fn len(&self) -> usize {
            self.memo.len()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::lasker::Lasker;
    use crate::games::nim::Nim;

    use super::play::Literal;
    use crate::games::octal::{HeapGame, HeapRule};
    use crate::games::subtraction::{Subtraction, SubtractionSet};

    fn heap_game(code: &str) -> HeapGame {
        HeapGame {
            rule: HeapRule::Octal(code.parse().unwrap()),
        }
    }

    /// One heap's options of a ruleset over sorted lists of heaps, each as the heaps it leaves.
    fn heap_moves<G: Impartial<Position = Vec<u64>>>(
        game: &G,
    ) -> impl Fn(u64) -> Vec<Vec<u64>> + '_ {
        move |h| {
            let mut out = Vec::new();
            game.options(&vec![h], &mut out);
            out
        }
    }

    /// The suspense rule applied as written to every option of a sum of heaps (no nim-values, no
    /// part left out): the definition the solver's shortcuts are checked against.
    fn suspense(
        component: &[u64],
        literal: &Literal<'_>,
        memo: &mut std::collections::HashMap<Vec<u64>, u64>,
    ) -> u64 {
        if let Some(&s) = memo.get(component) {
            return s;
        }
        let options: Vec<u64> = literal
            .component_options(component)
            .iter()
            .map(|o| suspense(o, literal, memo))
            .collect();
        let s = steps_from_options(options);
        memo.insert(component.to_vec(), s);
        s
    }

    /// The given positions the checks start from: every tuple of one to three components, each
    /// a heap up to 8 or two heaps up to 5.
    fn given_positions() -> Vec<Vec<Vec<u64>>> {
        let mut components: Vec<Vec<u64>> = (0..=8).map(|h| vec![h]).collect();
        for a in 1..=5 {
            for b in a..=5 {
                components.push(vec![a, b]);
            }
        }
        let mut res: Vec<Vec<Vec<u64>>> = Vec::new();
        for (i, a) in components.iter().enumerate() {
            res.push(vec![a.clone()]);
            for (j, b) in components.iter().enumerate().skip(i) {
                res.push(vec![a.clone(), b.clone()]);
                for c in &components[j..] {
                    res.push(vec![a.clone(), b.clone(), c.clone()]);
                }
            }
        }
        res
    }

    /// Checks `game` on every given position (until `cap` positions have been played out): the
    /// steps rule against literal play, and each component's steps against the suspense rule
    /// applied to all its options. Returns the positions compared and the literal positions
    /// played.
    fn check_against_play<G: Impartial<Position = Vec<u64>>>(
        name: &str,
        game: &G,
        cap: usize,
    ) -> (usize, usize) {
        let moves = heap_moves(game);
        let mut literal = Literal::new(&moves);
        let mut solver = EverySolver::new(game, 1 << 22);
        let mut by_rule = std::collections::HashMap::new();
        let given = given_positions();
        let mut compared = 0;
        for position in &given {
            if literal.len() > cap {
                break;
            }
            compared += 1;
            for component in position {
                let s = solver.component_steps(component).unwrap();
                let mut sorted = component.clone();
                sorted.sort_unstable();
                assert_eq!(
                    s,
                    suspense(&sorted, &literal, &mut by_rule),
                    "{name} {component:?}"
                );
            }
            let s = solver.steps(position).unwrap();
            assert_eq!(
                s % 2 == 1,
                literal.wins(position),
                "{name} {position:?}: steps {s}"
            );
        }
        (compared, literal.len())
    }

    #[test]
    fn the_steps_rule_agrees_with_playing_the_conjunctive_compound_out() {
        let subtraction = Subtraction {
            set: SubtractionSet::new(vec![1, 3, 4]).unwrap(),
        };
        type Check<'a> = &'a dyn Fn() -> (usize, usize);
        let games: [(&str, Check); 7] = [
            ("kayles", &|| {
                check_against_play("kayles", &heap_game("0.77"), usize::MAX)
            }),
            ("dawson", &|| {
                check_against_play("dawson", &heap_game("0.07"), usize::MAX)
            }),
            ("dawsons-chess", &|| {
                check_against_play("0.137", &heap_game("0.137"), usize::MAX)
            }),
            ("grundy", &|| {
                check_against_play(
                    "grundy",
                    &HeapGame {
                        rule: HeapRule::Grundy,
                    },
                    usize::MAX,
                )
            }),
            ("lasker", &|| {
                check_against_play("lasker", &Lasker, usize::MAX)
            }),
            ("nim", &|| check_against_play("nim", &Nim, usize::MAX)),
            ("subtraction", &|| {
                check_against_play("subtraction 1,3,4", &subtraction, usize::MAX)
            }),
        ];
        for (name, check) in games {
            let (given, played) = check();
            eprintln!("{name}: {given} given positions, {played} positions played out");
        }
    }

    /// Tokens on a random DAG of `n` vertices: a move replaces one token by zero, one or two
    /// tokens on higher vertices; each token a part. Parts of nim-value 0 with moves, and parts
    /// with no move that are not 0, come in every shape.
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

    fn random_tokens(seed: u64, n: u64) -> Tokens {
        let mut state = seed;
        let mut next = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            state >> 33
        };
        let moves = (0..n)
            .map(|v| {
                let above = n - v - 1;
                if above == 0 {
                    return Vec::new();
                }
                (0..next() % 4)
                    .map(|_| (0..next() % 3).map(|_| v + 1 + next() % above).collect())
                    .collect()
            })
            .collect();
        Tokens { moves }
    }

    #[test]
    fn the_steps_rule_agrees_with_play_on_random_games_that_split() {
        let (mut compared, mut played) = (0, 0);
        for seed in 0..12 {
            let (given, positions) = check_against_play("tokens", &random_tokens(seed, 9), 100_000);
            compared += given;
            played += positions;
        }
        eprintln!("random token games: {compared} given positions, {played} played out");
    }

    #[test]
    fn a_split_stays_in_its_component() {
        let kayles = heap_game("0.77");
        let mut solver = EverySolver::new(&kayles, 1 << 20);
        // Two heaps of 1 are two steps (one move each, one a turn), not one: equal parts do
        // not cancel, though their nim-values do.
        assert_eq!(solver.component_steps(&vec![1, 1]).unwrap(), 2);
        // Kayles 3: the middle pin leaves 1 + 1, lost for the opponent: won, in three steps.
        assert_eq!(solver.component_steps(&vec![3]).unwrap(), 3);
        assert_eq!(
            solver.step_move(&vec![3]).unwrap(),
            Some(vec![vec![1], vec![1]])
        );
        // Dawson's Kayles (0.07): a heap of 1 has no move, so it adds nothing to a sum.
        let dawson = heap_game("0.07");
        let mut solver = EverySolver::new(&dawson, 1 << 20);
        assert_eq!(
            solver.component_steps(&vec![1, 1, 4]).unwrap(),
            solver.component_steps(&vec![4]).unwrap()
        );
    }

    /// The steps of the reading this module replaced, where each part a split leaves became a
    /// component of its own (an option scored by the longest of its parts' steps): kept to show
    /// that games that never split keep their steps.
    fn old_steps<G: Impartial>(
        game: &G,
        part: &G::Position,
        memo: &mut std::collections::HashMap<G::Position, u64>,
    ) -> u64 {
        if let Some(&s) = memo.get(part) {
            return s;
        }
        let mut options = Vec::new();
        game.options(part, &mut options);
        let scored: Vec<u64> = options
            .iter()
            .map(|o| {
                let mut parts = Vec::new();
                game.components(o, &mut parts);
                parts
                    .iter()
                    .map(|q| old_steps(game, q, memo))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let s = steps_from_options(scored);
        memo.insert(part.clone(), s);
        s
    }

    #[test]
    fn games_that_never_split_keep_the_steps_of_the_old_rule() {
        // Without a split the two readings are one game: each component a single heap.
        let sets = [vec![1, 3, 4], vec![2, 5], vec![1, 2], vec![3, 4, 7]];
        for set in sets {
            let game = Subtraction {
                set: SubtractionSet::new(set.clone()).unwrap(),
            };
            let mut old = std::collections::HashMap::new();
            let mut solver = EverySolver::new(&game, 1 << 20);
            for h in 0..60u64 {
                assert_eq!(
                    solver.component_steps(&vec![h]).unwrap(),
                    old_steps(&game, &vec![h], &mut old),
                    "{set:?} {h}"
                );
            }
        }
        let mut old = std::collections::HashMap::new();
        let mut solver = EverySolver::new(&Nim, 1 << 20);
        for a in 0..12u64 {
            for b in 0..12u64 {
                assert_eq!(
                    solver.steps(&[vec![a], vec![b]]).unwrap(),
                    old_steps(&Nim, &vec![a], &mut old).max(old_steps(&Nim, &vec![b], &mut old))
                );
            }
        }
    }

    #[test]
    fn past_the_positions_allowed_the_search_stops_and_forgets() {
        let kayles = heap_game("0.77");
        let mut solver = EverySolver::new(&kayles, 100);
        assert_eq!(
            solver.component_steps(&vec![40]),
            Err(SolveError::TooManyPositions { limit: 100 })
        );
        assert!(solver.is_empty());
        assert_eq!(solver.component_steps(&vec![2]).unwrap(), 1);
    }
}
