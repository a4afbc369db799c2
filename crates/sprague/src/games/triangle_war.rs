//! Triangle War (POJ 1085): a dots-and-lines scoring game on a triangle of ten dots.
//!
//! The rules: ten dots in four rows, `1` / `2 3` / `4 5 6` / `7 8 9 10`, joined by 18 lines
//! (the edges of the triangular grid of side 3) that bound 9 small triangles. Players A and B,
//! A first, take turns drawing a line not yet drawn. A player whose line completes one or two
//! triangles owns them and draws again (the opponent skips a turn); the game ends when all 18
//! lines are drawn, and whoever owns more triangles wins (9 is odd, so there is no draw).
//! Source: POJ 1085, "Triangle War" (East Central North America 1999).
//!
//! Solved by search: the value of a position (points the player to move will still win minus
//! those the opponent will) depends only on the set of lines drawn, so there are 2^18 positions,
//! and [`Negamax`](crate::minimax::Negamax) memoises them all (one table slot per line set).
//! From the empty board B wins 6–3: value −3 for A.

use std::fmt;

use crate::minimax::{Scoring, Step};

/// The number of lines.
pub const LINE_COUNT: usize = 18;

/// The lines as pairs of dots (1-based, smaller first), in the order of their index.
pub const LINES: [(u8, u8); LINE_COUNT] = [
    (1, 2),
    (1, 3),
    (2, 3),
    (2, 4),
    (2, 5),
    (3, 5),
    (3, 6),
    (4, 5),
    (5, 6),
    (4, 7),
    (4, 8),
    (5, 8),
    (5, 9),
    (6, 9),
    (6, 10),
    (7, 8),
    (8, 9),
    (9, 10),
];

/// The nine triangles, each as its three dots.
pub const TRIANGLES: [[u8; 3]; 9] = [
    [1, 2, 3],
    [2, 4, 5],
    [2, 3, 5],
    [3, 5, 6],
    [4, 7, 8],
    [4, 5, 8],
    [5, 8, 9],
    [5, 6, 9],
    [6, 9, 10],
];

/// All 18 lines drawn.
pub const ALL_LINES: u32 = (1 << LINE_COUNT) - 1;

/// The index of the line between dots `u` and `v` (either order), if there is one.
pub fn line_index(u: u8, v: u8) -> Option<usize> {
    let (a, b) = if u < v { (u, v) } else { (v, u) };
    LINES.iter().position(|&l| l == (a, b))
}

/// The bit masks of the three lines of each triangle.
fn triangle_masks() -> [u32; 9] {
    let mut masks = [0; 9];
    for (mask, [a, b, c]) in masks.iter_mut().zip(TRIANGLES) {
        for (u, v) in [(a, b), (a, c), (b, c)] {
            *mask |= 1 << line_index(u, v).expect("a triangle's sides are lines");
        }
    }
    masks
}

/// The ruleset for search: a position is the set of lines drawn (bit `i` for line `i`).
#[derive(Clone, Debug)]
pub struct TriangleWar {
    // Invariant: `triangles[i]` is the mask of triangle `i`'s three lines.
    triangles: [u32; 9],
    // The triangles each line is a side of: one or two masks, then 0 (no triangle).
    line_triangles: [[u32; 2]; LINE_COUNT],
}

impl Default for TriangleWar {
    fn default() -> TriangleWar {
        TriangleWar::new()
    }
}

impl TriangleWar {
    /// The ruleset.
    pub fn new() -> TriangleWar {
        let triangles = triangle_masks();
        let line_triangles = std::array::from_fn(|i| {
            let mut sides = triangles.iter().copied().filter(|t| t & (1 << i) != 0);
            [sides.next().unwrap_or(0), sides.next().unwrap_or(0)]
        });
        TriangleWar {
            triangles,
            line_triangles,
        }
    }

    /// The number of triangles completed by drawing line `line` when `lines` are drawn.
    pub fn triangles_completed(&self, lines: u32, line: usize) -> i32 {
        let after = lines | (1 << line);
        self.line_triangles[line]
            .iter()
            .filter(|&&t| t != 0 && after & t == t)
            .count() as i32
    }

    /// The number of triangles all of whose lines are in `lines`.
    pub fn completed(&self, lines: u32) -> i32 {
        self.triangles.iter().filter(|&&t| lines & t == t).count() as i32
    }

    /// The number of triangles with exactly two lines drawn that `line` is a side of, after it is
    /// drawn: chances it hands to the next player.
    fn offered(&self, lines: u32, line: usize) -> usize {
        let after = lines | (1 << line);
        self.line_triangles[line]
            .iter()
            .filter(|&&t| t != 0 && (after & t).count_ones() == 2)
            .count()
    }
}

impl Scoring for TriangleWar {
    type Position = u32;
    type Move = u8;

    /// Lines that complete a triangle first, then lines that offer none to the opponent, then
    /// the rest.
    fn moves(&self, &lines: &u32, moves: &mut Vec<u8>) {
        // Rank 0: completes two triangles, 1: one; 2 + k: completes none and offers k.
        let mut ranks = [u8::MAX; LINE_COUNT];
        for (line, rank) in ranks.iter_mut().enumerate() {
            if lines & (1 << line) == 0 {
                let gain = self.triangles_completed(lines, line);
                *rank = if gain > 0 {
                    (2 - gain) as u8
                } else {
                    2 + self.offered(lines, line) as u8
                };
            }
        }
        for wanted in 0..5 {
            moves.extend((0..LINE_COUNT as u8).filter(|&line| ranks[usize::from(line)] == wanted));
        }
    }

    fn play(&self, &lines: &u32, line: u8) -> Step<u32> {
        let gain = self.triangles_completed(lines, usize::from(line));
        Step {
            position: lines | (1 << line),
            gain,
            again: gain > 0,
        }
    }

    fn static_value(&self, &lines: &u32) -> Option<i32> {
        (lines == ALL_LINES).then_some(0)
    }

    fn value_bounds(&self, &lines: &u32) -> (i32, i32) {
        let left = 9 - self.completed(lines);
        (-left, left)
    }

    fn key(&self, &lines: &u32) -> Option<u64> {
        Some(u64::from(lines))
    }

    fn key_space(&self) -> Option<u64> {
        Some(1 << LINE_COUNT)
    }
}

/// A player of Triangle War.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The first player.
    A,
    /// The second player.
    B,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }
}

/// A game in progress: the lines drawn, the score, and whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TriangleWarGame {
    /// The lines drawn.
    pub lines: u32,
    /// Triangles owned by A.
    pub score_a: i32,
    /// Triangles owned by B.
    pub score_b: i32,
    /// The player to move.
    pub to_move: Player,
}

/// A move that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TriangleWarError {
    /// No line joins these dots.
    NoSuchLine(u8, u8),
    /// The line is drawn already.
    AlreadyDrawn(u8, u8),
}

impl fmt::Display for TriangleWarError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TriangleWarError::NoSuchLine(u, v) => write!(f, "there is no line {u}-{v}"),
            TriangleWarError::AlreadyDrawn(u, v) => write!(f, "line {u}-{v} is drawn twice"),
        }
    }
}

impl std::error::Error for TriangleWarError {}

impl Default for TriangleWarGame {
    fn default() -> TriangleWarGame {
        TriangleWarGame {
            lines: 0,
            score_a: 0,
            score_b: 0,
            to_move: Player::A,
        }
    }
}

impl TriangleWarGame {
    /// Draws the line between dots `u` and `v` for the player to move.
    ///
    /// # Errors
    /// If there is no such line or it is drawn already; `self` is then unchanged.
    pub fn draw(&mut self, rules: &TriangleWar, u: u8, v: u8) -> Result<(), TriangleWarError> {
        let line = line_index(u, v).ok_or(TriangleWarError::NoSuchLine(u, v))?;
        if self.lines & (1 << line) != 0 {
            return Err(TriangleWarError::AlreadyDrawn(u, v));
        }
        let gain = rules.triangles_completed(self.lines, line);
        self.lines |= 1 << line;
        match self.to_move {
            Player::A => self.score_a += gain,
            Player::B => self.score_b += gain,
        }
        if gain == 0 {
            self.to_move = self.to_move.other();
        }
        Ok(())
    }

    /// A's final score minus B's, given `value`, the value of the lines drawn for the player to
    /// move.
    pub fn final_difference(&self, value: i32) -> i32 {
        let so_far = self.score_a - self.score_b;
        match self.to_move {
            Player::A => so_far + value,
            Player::B => so_far - value,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimax::{Negamax, NegamaxConfig};
    use rand::{Rng, SeedableRng};

    /// Plain memoised minimax over all 2^18 line sets, by recursion: the reference.
    fn reference_values(rules: &TriangleWar) -> Vec<i8> {
        fn value(rules: &TriangleWar, lines: u32, memo: &mut Vec<Option<i8>>) -> i8 {
            if let Some(v) = memo[lines as usize] {
                return v;
            }
            let mut best = if lines == ALL_LINES { 0 } else { i8::MIN };
            for line in 0..LINE_COUNT {
                if lines & (1 << line) == 0 {
                    let gain = rules.triangles_completed(lines, line) as i8;
                    let child = value(rules, lines | (1 << line), memo);
                    best = best.max(if gain > 0 { gain + child } else { -child });
                }
            }
            memo[lines as usize] = Some(best);
            best
        }
        let mut memo = vec![None; 1 << LINE_COUNT];
        value(rules, 0, &mut memo);
        for lines in 0..=ALL_LINES {
            value(rules, lines, &mut memo);
        }
        memo.into_iter().map(|v| v.unwrap()).collect()
    }

    fn game_from(rules: &TriangleWar, moves: &[(u8, u8)]) -> TriangleWarGame {
        let mut game = TriangleWarGame::default();
        for &(u, v) in moves {
            game.draw(rules, u, v).unwrap();
        }
        game
    }

    #[test]
    fn geometry() {
        let masks = triangle_masks();
        assert!(masks.iter().all(|m| m.count_ones() == 3));
        // Every line is a side of one or two triangles; inner lines of two.
        let rules = TriangleWar::new();
        let sides: usize = rules
            .line_triangles
            .iter()
            .map(|pair| pair.iter().filter(|&&t| t != 0).count())
            .sum();
        assert_eq!(sides, 27);
        assert_eq!(line_index(5, 2), Some(4));
        assert_eq!(line_index(1, 4), None);
    }

    #[test]
    fn empty_board_b_wins_6_to_3() {
        let rules = TriangleWar::new();
        let mut search = Negamax::new(&rules, NegamaxConfig::default());
        assert_eq!(search.table().len(), 262_147, "one slot per line set");
        assert_eq!(search.solve(&0), -3);
        let reference = reference_values(&rules);
        assert_eq!(reference[0], -3);
    }

    #[test]
    fn negamax_agrees_with_plain_memoised_minimax_on_random_positions() {
        let rules = TriangleWar::new();
        let reference = reference_values(&rules);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1085);
        let mut search = Negamax::new(&rules, NegamaxConfig::default());
        // A small table too, so that replacement and partial keys are exercised.
        let small = NegamaxConfig {
            table_slots: 1000,
            max_memo_slots: 0,
        };
        let mut small_search = Negamax::new(&rules, small);
        for round in 0..400 {
            let density = rng.gen_range(0.0..1.0);
            let lines = (0..LINE_COUNT)
                .filter(|_| rng.gen_bool(density))
                .fold(0u32, |acc, i| acc | (1 << i));
            let expected = i32::from(reference[lines as usize]);
            assert_eq!(search.solve(&lines), expected, "lines {lines:#x}");
            // A tiny table on the emptier boards would be slow: replacement loses most work.
            if round % 4 == 0 && lines.count_ones() >= 6 {
                assert_eq!(
                    small_search.solve(&lines),
                    expected,
                    "small table, {lines:#x}"
                );
                assert_eq!(search.solve_within(&lines, -1, 1), expected.signum());
            }
            let (value, best) = search.best_moves(&lines);
            assert_eq!(value, expected);
            let mut all = Vec::new();
            rules.moves(&lines, &mut all);
            for line in all {
                let step = rules.play(&lines, line);
                let child = i32::from(reference[step.position as usize]);
                let worth = if step.again {
                    step.gain + child
                } else {
                    step.gain - child
                };
                assert_eq!(
                    best.contains(&line),
                    worth == expected,
                    "{lines:#x} line {line}"
                );
                assert!(worth <= expected);
            }
        }
    }

    #[test]
    fn poj_1085_sample() {
        // The sample of POJ 1085 (its first game's opening moves are those of the statement's
        // example): A wins iff the final difference is positive.
        let games: [(&[(u8, u8)], Player); 4] = [
            (&[(2, 4), (4, 5), (5, 9), (3, 6), (2, 5), (3, 5)], Player::B),
            (
                &[(2, 4), (4, 5), (5, 9), (3, 6), (2, 5), (3, 5), (7, 8)],
                Player::A,
            ),
            (&[(1, 2), (2, 3), (1, 3), (2, 4), (2, 5), (4, 5)], Player::A),
            (
                &[
                    (1, 2),
                    (2, 5),
                    (3, 6),
                    (5, 8),
                    (4, 7),
                    (6, 10),
                    (2, 4),
                    (4, 5),
                    (4, 8),
                    (7, 8),
                ],
                Player::B,
            ),
        ];
        let rules = TriangleWar::new();
        let mut search = Negamax::new(&rules, NegamaxConfig::default());
        for (moves, winner) in games {
            let game = game_from(&rules, moves);
            let difference = game.final_difference(search.solve(&game.lines));
            let found = if difference > 0 { Player::A } else { Player::B };
            assert_eq!(found, winner, "{moves:?}");
        }
    }

    #[test]
    fn scores_and_turns_follow_the_rules() {
        let rules = TriangleWar::new();
        // A draws 1-2, B 2-3, A 1-3 and completes triangle 1-2-3, so A moves again.
        let game = game_from(&rules, &[(1, 2), (2, 3), (1, 3)]);
        assert_eq!((game.score_a, game.score_b), (1, 0));
        assert_eq!(game.to_move, Player::A);
        assert_eq!(game.final_difference(-2), -1);
        let mut game = TriangleWarGame::default();
        assert_eq!(
            game.draw(&rules, 1, 4),
            Err(TriangleWarError::NoSuchLine(1, 4))
        );
        game.draw(&rules, 2, 1).unwrap();
        assert_eq!(
            game.draw(&rules, 1, 2),
            Err(TriangleWarError::AlreadyDrawn(1, 2))
        );
        assert_eq!(game.to_move, Player::B);
    }
}
