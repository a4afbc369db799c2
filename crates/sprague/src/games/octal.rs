//! Octal and hexadecimal games (take-and-break games on heaps), in Conway's code notation.
//!
//! Rules: a position is a set of heaps of tokens. A move chooses one heap, removes k tokens from it
//! and leaves the rest as zero, one, two or three heaps, as the code allows; whoever cannot move
//! loses. The code `d0.d1d2d3…` gives one digit per k (`d0` for moves that remove nothing); in the
//! digit d_k,
//! - bit 1: removing k tokens may leave no heap (the heap had exactly k tokens);
//! - bit 2: it may leave one (non-empty) heap;
//! - bit 4: it may leave two non-empty heaps;
//! - bit 8: it may leave three non-empty heaps (hexadecimal digits 8-F).
//!
//! Examples (Winning Ways, ch. 4; Conway, On Numbers and Games, ch. 11): Kayles 0.77 (knock down one
//! or two adjacent pins), Dawson's Kayles 0.07, Dawson's chess 0.137, Guiles 0.15, Treblecross
//! 0.007, Officers 0.6.
//!
//! Every heap is a component of a sum, so the nim-value of a position is the XOR of the values of its
//! heaps, and the value of a heap of n is G(n) = mex of the values of its options, a value of the
//! heaps left being the XOR of theirs. [`crate::sequence::table`] computes G(0..N); this module
//! validates codes and gives the [`Impartial`] ruleset that checks the tables by brute force.
//!
//! A `d0` with bit 2 (remove nothing, leave the heap) would be a pass and make the game loopy; it is
//! refused. Bit 1 of `d0` would empty a heap of 0 tokens, which is no heap: it is ignored.

use std::fmt;
use std::str::FromStr;

use crate::Impartial;

/// The most digits after the point a code may have (moves removing up to this many tokens): a
/// million, a megabyte of digits. Codes of hundreds of digits are common ("take s consecutive
/// tokens, s in S"); a table examines every digit for every heap, so longer codes cost time, not
/// correctness.
pub const MAX_DIGITS: usize = 1 << 20;

/// Why a text is not an octal (or hexadecimal) code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OctalCodeError {
    /// No `.` in the code (`0.77`, not `077`).
    NoPoint,
    /// A character that is not a hexadecimal digit, at this place (0-based) in the text.
    BadDigit(char, usize),
    /// More than one digit before the point.
    LongWholePart,
    /// More than [`MAX_DIGITS`] digits after the point.
    TooManyDigits(usize),
    /// `d0` has bit 2: a move removing nothing and leaving the heap would be a pass.
    Pass,
    /// No move at all: every digit is 0.
    NoMove,
}

impl fmt::Display for OctalCodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OctalCodeError::NoPoint => {
                write!(f, "a code is written d0.d1d2…, with a point (e.g. 0.77)")
            }
            OctalCodeError::BadDigit(c, at) => {
                write!(f, "'{c}' at place {} is not a digit 0-9 or A-F", at + 1)
            }
            OctalCodeError::LongWholePart => {
                write!(f, "only one digit (d0) may stand before the point")
            }
            OctalCodeError::TooManyDigits(n) => write!(
                f,
                "the code has {n} digits after the point, more than the {MAX_DIGITS} supported"
            ),
            OctalCodeError::Pass => write!(
                f,
                "d0 has bit 2: removing nothing and leaving the heap would be a pass"
            ),
            OctalCodeError::NoMove => write!(f, "every digit is 0: the code allows no move"),
        }
    }
}

impl std::error::Error for OctalCodeError {}

/// A validated take-and-break code: `digit(k)` for each number k of tokens removed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    // Invariant: digits[0] has no bit 2 and no bit 1; no trailing zero digit after the point; at
    // least one non-zero digit; every digit < 16; at most MAX_DIGITS + 1 digits.
    digits: Vec<u8>,
}

impl OctalCode {
    /// The code with these digits, `digits[k]` for moves removing k tokens (`digits[0]` = d0).
    ///
    /// # Errors
    ///
    /// A digit above 15 (reported as a bad digit), bit 2 in d0, too many digits, no move.
    pub fn new(mut digits: Vec<u8>) -> Result<OctalCode, OctalCodeError> {
        if let Some((at, &d)) = digits.iter().enumerate().find(|(_, &d)| d > 15) {
            return Err(OctalCodeError::BadDigit(
                char::from_digit(u32::from(d % 36), 36).unwrap_or('?'),
                at,
            ));
        }
        if digits.is_empty() {
            return Err(OctalCodeError::NoMove);
        }
        if digits[0] & 2 != 0 {
            return Err(OctalCodeError::Pass);
        }
        digits[0] &= !1;
        while digits.len() > 1 && digits[digits.len() - 1] == 0 {
            digits.pop();
        }
        if digits.len() > MAX_DIGITS + 1 {
            return Err(OctalCodeError::TooManyDigits(digits.len() - 1));
        }
        if digits.iter().all(|&d| d == 0) {
            return Err(OctalCodeError::NoMove);
        }
        Ok(OctalCode { digits })
    }

    /// The digit for moves removing `k` tokens (0 beyond the code).
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// The digits, d0 first.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Calls `visit` with each option of one heap of `heap` tokens, as the (sorted, non-empty)
    /// heaps it leaves (see [`HeapRule::for_each_heap_option`]).
    #[inline]
    pub(crate) fn for_each_option(&self, heap: u64, mut visit: impl FnMut(&[u64])) {
        for (k, &d) in self.digits.iter().enumerate() {
            let k = k as u64;
            if k > heap {
                break;
            }
            let m = heap - k;
            if d & 1 != 0 && m == 0 && k > 0 {
                visit(&[]);
            }
            if d & 2 != 0 && m >= 1 && k > 0 {
                visit(&[m]);
            }
            if d & 4 != 0 {
                for a in 1..=m / 2 {
                    visit(&[a, m - a]);
                }
            }
            if d & 8 != 0 {
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        visit(&[a, b, m - a - b]);
                    }
                }
            }
        }
    }

    /// The largest number of tokens a move removes (t in the periodicity theorem).
    pub fn max_removed(&self) -> usize {
        self.digits.len() - 1
    }

    /// Whether some move leaves three heaps (a hexadecimal digit 8-F).
    pub fn has_three_heap_moves(&self) -> bool {
        self.digits.iter().any(|&d| d & 8 != 0)
    }

    /// The numbers k of tokens removed by moves leaving `heaps` heaps (0 to 3), increasing.
    pub fn removals(&self, heaps: usize) -> Vec<usize> {
        let bit = 1u8 << heaps;
        (0..self.digits.len())
            .filter(|&k| self.digits[k] & bit != 0)
            .collect()
    }
}

impl FromStr for OctalCode {
    type Err = OctalCodeError;

    /// Parses `d0.d1d2…` (digits 0-9, a-f or A-F; `.77` is read as `0.77`).
    fn from_str(text: &str) -> Result<OctalCode, OctalCodeError> {
        let point = text.find('.').ok_or(OctalCodeError::NoPoint)?;
        let mut digits = Vec::new();
        if point > 1 {
            // Report a bad character first, if there is one.
            if let Some((at, c)) = text[..point]
                .char_indices()
                .find(|(_, c)| !c.is_ascii_hexdigit())
            {
                return Err(OctalCodeError::BadDigit(c, at));
            }
            return Err(OctalCodeError::LongWholePart);
        }
        for (at, c) in text.char_indices() {
            if at == point {
                continue;
            }
            let d = c.to_digit(16).ok_or(OctalCodeError::BadDigit(c, at))?;
            digits.push(d as u8);
        }
        if point == 0 {
            digits.insert(0, 0);
        }
        if digits.len() > MAX_DIGITS + 1 + 64 {
            return Err(OctalCodeError::TooManyDigits(digits.len() - 1));
        }
        OctalCode::new(digits)
    }
}

impl OctalCode {
    /// "Take s consecutive tokens from a row, s in `takes`": the code whose digit is 7 for each s
    /// (removing s tokens may leave no heap, one, or two) and 0 elsewhere; {1, 2} is Kayles, 0.77.
    ///
    /// # Errors
    ///
    /// An empty set, a 0 in it, or an element past [`MAX_DIGITS`].
    pub fn take_set(takes: &[usize]) -> Result<OctalCode, OctalCodeError> {
        if takes.contains(&0) {
            return Err(OctalCodeError::Pass);
        }
        let longest = takes.iter().copied().max().ok_or(OctalCodeError::NoMove)?;
        if longest > MAX_DIGITS {
            return Err(OctalCodeError::TooManyDigits(longest));
        }
        let mut digits = vec![0u8; longest + 1];
        for &s in takes {
            digits[s] = 7;
        }
        OctalCode::new(digits)
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:X}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return write!(f, "0");
        }
        for d in &self.digits[1..] {
            write!(f, "{d:X}")?;
        }
        Ok(())
    }
}

/// A ruleset on heaps whose nim-values [`crate::sequence::table`] computes: an octal or
/// hexadecimal code, or Grundy's game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HeapRule {
    /// A take-and-break code.
    Octal(OctalCode),
    /// Grundy's game: a move splits one heap into two non-empty heaps of different sizes (it is not
    /// an octal code, which cannot forbid equal parts). Values: OEIS A002188.
    Grundy,
}

impl HeapRule {
    /// The rule of a code given as text.
    ///
    /// # Errors
    ///
    /// As [`OctalCode::from_str`].
    pub fn octal(code: &str) -> Result<HeapRule, OctalCodeError> {
        code.parse().map(HeapRule::Octal)
    }

    /// The options of one heap of `heap` tokens, each as the (sorted, non-empty) heaps it leaves.
    pub fn heap_options(&self, heap: u64, options: &mut Vec<Vec<u64>>) {
        self.for_each_heap_option(heap, |left| options.push(left.to_vec()));
    }

    /// Calls `visit` with each option of one heap of `heap` tokens, as the (sorted, non-empty)
    /// heaps it leaves, without collecting them: a heap of a code with three-heap moves has about
    /// heap²/12 options per such digit.
    pub fn for_each_heap_option(&self, heap: u64, mut visit: impl FnMut(&[u64])) {
        match self {
            HeapRule::Grundy => {
                for a in 1..heap.div_ceil(2) {
                    visit(&[a, heap - a]);
                }
            }
            HeapRule::Octal(code) => code.for_each_option(heap, visit),
        }
    }

    /// The number of options that a table G(0..len) examines in all: every heap's options. Exact
    /// for the two-heap and three-heap splits, which dominate (about n/2 and n²/12 a heap).
    /// Saturates at `u128::MAX` (a three-heap table of 10^13 values and more).
    pub fn table_work(&self, len: u64) -> u128 {
        let len = u128::from(len);
        // Σ_{m<L} ⌊m/2⌋ ≈ L²/4 and Σ_{m<L} (partitions of m into three parts) ≈ L³/36.
        let pairs = len * len / 4;
        let triples = (len * len).saturating_mul(len) / 36;
        match self {
            HeapRule::Grundy => pairs,
            HeapRule::Octal(code) => code
                .digits()
                .iter()
                .map(|&d| {
                    let mut work = 0u128;
                    if d & 4 != 0 {
                        work = work.saturating_add(pairs);
                    }
                    if d & 8 != 0 {
                        work = work.saturating_add(triples);
                    }
                    work
                })
                .fold(0, u128::saturating_add),
        }
    }

    /// The number of options of a heap, counted without listing them: G(heap) is at most this
    /// (a mex of that many values). The three-heap splits of m are the partitions of m into
    /// three positive parts, round(m²/12) of them.
    pub fn option_count(&self, heap: u64) -> u64 {
        match self {
            HeapRule::Grundy => heap.div_ceil(2).saturating_sub(1),
            HeapRule::Octal(code) => {
                let mut count = 0u64;
                for (k, &d) in code.digits().iter().enumerate() {
                    let k = k as u64;
                    if k > heap {
                        break;
                    }
                    let m = heap - k;
                    count += u64::from(d & 1 != 0 && m == 0 && k > 0);
                    count += u64::from(d & 2 != 0 && m >= 1 && k > 0);
                    if d & 4 != 0 {
                        count += m / 2;
                    }
                    if d & 8 != 0 {
                        count += ((u128::from(m) * u128::from(m) + 6) / 12) as u64;
                    }
                }
                count
            }
        }
    }

    /// The largest number of tokens a move removes (0 for Grundy's game).
    pub fn max_removed(&self) -> usize {
        match self {
            HeapRule::Octal(code) => code.max_removed(),
            HeapRule::Grundy => 0,
        }
    }
}

impl fmt::Display for HeapRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeapRule::Octal(code) => code.fmt(f),
            HeapRule::Grundy => write!(f, "grundy"),
        }
    }
}

/// A heap game as a ruleset over positions, for the generic (brute-force) solvers: a position is a
/// sorted list of non-empty heaps, each heap a component.
#[derive(Clone, Debug)]
pub struct HeapGame {
    /// The rule.
    pub rule: HeapRule,
}

impl HeapGame {
    /// The position of a list of heaps: sorted, empty heaps dropped.
    pub fn position(heaps: &[u64]) -> Vec<u64> {
        super::sorted_heaps(heaps)
    }
}

impl Impartial for HeapGame {
    type Position = Vec<u64>;

    fn options(&self, position: &Vec<u64>, options: &mut Vec<Vec<u64>>) {
        let mut left = Vec::new();
        for (idx, &heap) in position.iter().enumerate() {
            left.clear();
            self.rule.heap_options(heap, &mut left);
            for after in &left {
                let mut next: Vec<u64> = position[..idx].to_vec();
                next.extend_from_slice(&position[idx + 1..]);
                next.extend_from_slice(after);
                options.push(HeapGame::position(&next));
            }
        }
    }

    fn components(&self, position: &Vec<u64>, components: &mut Vec<Vec<u64>>) {
        components.extend(position.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
    }
}

/// A named classic heap game: its command name, its rule, and a word about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NamedGame {
    /// The command name (`kayles`).
    pub name: &'static str,
    /// The code, or `None` for Grundy's game.
    pub code: Option<&'static str>,
    /// The rules in a line.
    pub about: &'static str,
    /// What a number of a position counts, as its players count it (`pins`, `cells`).
    pub counts: &'static str,
    /// The heap of the code that a number of the position is: the number plus this. Zero but for
    /// Treblecross, whose row of n empty cells is the heap n + 2 of 0.007 (the two cells beside
    /// each X are dead, and the model counts them at both ends alike).
    pub heap_offset: u64,
}

/// The named classics.
pub const NAMED_GAMES: [NamedGame; 7] = [
    NamedGame {
        name: "kayles",
        code: Some("0.77"),
        about: "knock down one pin or two adjacent pins from a row",
        counts: "pins",
        heap_offset: 0,
    },
    NamedGame {
        name: "dawson",
        code: Some("0.07"),
        about: "Dawson's Kayles: knock down two adjacent pins",
        counts: "pins",
        heap_offset: 0,
    },
    NamedGame {
        name: "dawsons-chess",
        code: Some("0.137"),
        about: "Dawson's chess: pawns on a 3 x n board, captures compulsory; n files is the heap n of 0.137",
        counts: "files",
        heap_offset: 0,
    },
    NamedGame {
        name: "guiles",
        code: Some("0.15"),
        about: "remove one heap of one token, or two tokens leaving one or two heaps",
        counts: "tokens",
        heap_offset: 0,
    },
    NamedGame {
        name: "officers",
        code: Some("0.6"),
        about: "take one token from a heap, leaving one heap or two; a lone token cannot be taken",
        counts: "tokens",
        heap_offset: 0,
    },
    NamedGame {
        name: "treblecross",
        code: Some("0.007"),
        about: "one-dimensional tic-tac-toe won by the first XXX; a row of n cells is the heap n + 2 of 0.007",
        counts: "cells",
        heap_offset: 2,
    },
    NamedGame {
        name: "grundys-game",
        code: None,
        about: "split a heap into two non-empty heaps of different sizes",
        counts: "tokens",
        heap_offset: 0,
    },
];

impl NamedGame {
    /// The rule of this game.
    pub fn rule(&self) -> HeapRule {
        match self.code {
            Some(code) => HeapRule::octal(code).expect("named codes are valid"),
            None => HeapRule::Grundy,
        }
    }

    /// The named game with this command name.
    pub fn by_name(name: &str) -> Option<NamedGame> {
        NAMED_GAMES.iter().copied().find(|g| g.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_work_saturates_instead_of_overflowing() {
        // Fuzz finding 7: `table octal 0.19 --upto 760001111111110` overflowed L³ in u128.
        let rule = HeapRule::Octal("0.19".parse().unwrap());
        assert_eq!(rule.table_work(760_001_111_111_110), u128::MAX / 36);
        assert_eq!(rule.table_work(u64::MAX), u128::MAX / 36);
        let both = HeapRule::Octal("0.FF".parse().unwrap());
        assert!(both.table_work(u64::MAX) > rule.table_work(u64::MAX));
        // Exact where it fits: L = 10^4, two three-heap digits and two two-heap ones.
        let l = 10_000u128;
        assert_eq!(
            both.table_work(10_000),
            2 * (l * l / 4) + 2 * (l * l * l / 36)
        );
        // Never smaller for a longer table.
        let mut last = 0;
        for len in (0..64).map(|k| 1u64 << k).chain([u64::MAX]) {
            let work = rule.table_work(len);
            assert!(work >= last, "{len}");
            last = work;
        }
    }

    #[test]
    fn codes_parse_and_print_back() {
        for (text, shown) in [
            ("0.77", "0.77"),
            (".07", "0.07"),
            ("4.7", "4.7"),
            ("0.137", "0.137"),
            ("0.f", "0.F"),
            ("0.770", "0.77"),
            ("4.", "4.0"),
            ("5.", "4.0"),
        ] {
            let code: OctalCode = text.parse().unwrap();
            assert_eq!(code.to_string(), shown, "{text}");
        }
        let code: OctalCode = "0.137".parse().unwrap();
        assert_eq!(code.max_removed(), 3);
        assert_eq!(code.removals(1), vec![2, 3]);
        assert_eq!(code.removals(2), vec![3]);
        assert_eq!(code.removals(0), vec![1, 2, 3]);
    }

    #[test]
    fn bad_codes_are_refused_with_the_reason() {
        assert_eq!("077".parse::<OctalCode>(), Err(OctalCodeError::NoPoint));
        assert_eq!(
            "0.7g".parse::<OctalCode>(),
            Err(OctalCodeError::BadDigit('g', 3))
        );
        assert_eq!(
            "10.7".parse::<OctalCode>(),
            Err(OctalCodeError::LongWholePart)
        );
        assert_eq!("2.7".parse::<OctalCode>(), Err(OctalCodeError::Pass));
        assert_eq!("0.000".parse::<OctalCode>(), Err(OctalCodeError::NoMove));
        assert_eq!("1.".parse::<OctalCode>(), Err(OctalCodeError::NoMove));
        let long = format!("0.{}", "7".repeat(MAX_DIGITS + 1));
        assert_eq!(
            long.parse::<OctalCode>(),
            Err(OctalCodeError::TooManyDigits(MAX_DIGITS + 1))
        );
    }

    #[test]
    fn heap_options_follow_the_digits() {
        let mut options = Vec::new();
        HeapRule::octal("0.137")
            .unwrap()
            .heap_options(5, &mut options);
        // k = 1 (digit 1): only a heap of 1 can be emptied; k = 2 (3): leave one heap; k = 3 (7):
        // leave one or two heaps.
        assert_eq!(options, vec![vec![3], vec![2], vec![1, 1]]);
        options.clear();
        HeapRule::Grundy.heap_options(6, &mut options);
        assert_eq!(options, vec![vec![1, 5], vec![2, 4]]);
        options.clear();
        HeapRule::octal("0.8")
            .unwrap()
            .heap_options(4, &mut options);
        assert_eq!(options, vec![vec![1, 1, 1]]);
    }

    /// Treblecross played on the row itself: an X on any empty cell, the first XXX wins.
    /// Whether the player to move wins on a row of `n` empty cells.
    fn treblecross_row_is_won(n: usize) -> bool {
        fn wins(row: u32, n: usize, memo: &mut std::collections::HashMap<u32, bool>) -> bool {
            if let Some(&w) = memo.get(&row) {
                return w;
            }
            let three = |r: u32| (0..n.saturating_sub(2)).any(|i| (r >> i) & 7 == 7);
            let won = (0..n).filter(|&i| row & (1 << i) == 0).any(|i| {
                let next = row | (1 << i);
                three(next) || !wins(next, n, memo)
            });
            memo.insert(row, won);
            won
        }
        wins(0, n, &mut std::collections::HashMap::new())
    }

    /// Dawson's chess played on the 3 × n board itself: white pawns on the first rank, black on
    /// the third, a pawn steps forward to an empty cell or captures diagonally forward, a capture
    /// is compulsory, and whoever cannot move loses. Whether White, to move, wins.
    fn dawsons_chess_board_is_won(n: usize) -> bool {
        type Board = (u64, u64, bool); // white pawns, black pawns (bit 3·file + rank), white to move
        fn moves(&(white, black, white_moves): &Board, n: usize) -> Vec<Board> {
            let (mine, theirs) = if white_moves {
                (white, black)
            } else {
                (black, white)
            };
            let forward: i64 = if white_moves { 1 } else { -1 };
            let (mut captures, mut pushes) = (Vec::new(), Vec::new());
            for file in 0..n as i64 {
                for rank in 0..3i64 {
                    let from = 3 * file + rank;
                    if mine & (1 << from) == 0 || !(0..3).contains(&(rank + forward)) {
                        continue;
                    }
                    let to_rank = rank + forward;
                    let step = 3 * file + to_rank;
                    if (white | black) & (1 << step) == 0 {
                        pushes.push((from, step, false));
                    }
                    for side in [file - 1, file + 1] {
                        let to = 3 * side + to_rank;
                        if (0..n as i64).contains(&side) && theirs & (1 << to) != 0 {
                            captures.push((from, to, true));
                        }
                    }
                }
            }
            let chosen = if captures.is_empty() {
                pushes
            } else {
                captures
            };
            chosen
                .into_iter()
                .map(|(from, to, capture)| {
                    let mine = (mine & !(1 << from)) | (1 << to);
                    let theirs = if capture { theirs & !(1 << to) } else { theirs };
                    if white_moves {
                        (mine, theirs, false)
                    } else {
                        (theirs, mine, true)
                    }
                })
                .collect()
        }
        fn wins(board: Board, n: usize, memo: &mut std::collections::HashMap<Board, bool>) -> bool {
            if let Some(&w) = memo.get(&board) {
                return w;
            }
            let won = moves(&board, n)
                .into_iter()
                .any(|next| !wins(next, n, memo));
            memo.insert(board, won);
            won
        }
        let white = (0..n).fold(0u64, |acc, f| acc | 1 << (3 * f));
        let black = (0..n).fold(0u64, |acc, f| acc | 1 << (3 * f + 2));
        wins(
            (white, black, true),
            n,
            &mut std::collections::HashMap::new(),
        )
    }

    #[test]
    fn named_games_count_the_position_as_their_players_do() {
        let values = |name: &str, len: usize| {
            let game = NamedGame::by_name(name).unwrap();
            let values = crate::sequence::table::tests::brute(&game.rule(), len);
            (game, values)
        };
        // Treblecross: a row of n cells is the heap n + 2 of 0.007 (a 1 × 6 row is lost by the
        // player to move, though G(6) of 0.007 is not 0).
        let (game, g) = values("treblecross", 20);
        assert!(!treblecross_row_is_won(6));
        assert_ne!(g[6], 0);
        // From three cells on (a full row always holds XXX, so the row is won by a line).
        for n in 3..=16 {
            let heap = n + game.heap_offset as usize;
            assert_eq!(treblecross_row_is_won(n), g[heap] != 0, "row of {n} cells");
        }
        // Dawson's chess: n files is the heap n of 0.137.
        let (game, g) = values("dawsons-chess", 12);
        assert_eq!(game.heap_offset, 0);
        for (n, &value) in g.iter().enumerate().take(11).skip(1) {
            assert_eq!(dawsons_chess_board_is_won(n), value != 0, "3 × {n} board");
        }
    }

    #[test]
    fn option_count_counts_the_options_listed() {
        for code in [
            "0.77", "0.007", "0.137", "4.7", "0.3F", "0.8", "0.F", "0.0F37", "0.5C",
        ] {
            let rule = HeapRule::octal(code).unwrap();
            for heap in 0..60 {
                let mut listed = 0u64;
                rule.for_each_heap_option(heap, |_| listed += 1);
                assert_eq!(rule.option_count(heap), listed, "{code}, heap {heap}");
            }
        }
        for heap in 0..60 {
            let mut listed = 0u64;
            HeapRule::Grundy.for_each_heap_option(heap, |_| listed += 1);
            assert_eq!(HeapRule::Grundy.option_count(heap), listed, "grundy {heap}");
        }
    }

    #[test]
    fn long_codes_and_take_sets_are_accepted_and_tabulated_right() {
        // Take 1, 70 or 150 consecutive tokens from a row: a code of 150 digits.
        let code = OctalCode::take_set(&[1, 70, 150]).unwrap();
        let mut text = String::from("0.");
        for k in 1..=150 {
            text.push(if [1, 70, 150].contains(&k) { '7' } else { '0' });
        }
        assert_eq!(text.parse::<OctalCode>().unwrap(), code);
        assert_eq!(code.to_string(), text);
        assert_eq!(OctalCode::take_set(&[2, 1]).unwrap().to_string(), "0.77");
        assert_eq!(OctalCode::take_set(&[]), Err(OctalCodeError::NoMove));
        assert_eq!(OctalCode::take_set(&[0, 3]), Err(OctalCodeError::Pass));
        assert!(OctalCode::take_set(&[MAX_DIGITS + 1]).is_err());
        let rule = HeapRule::Octal(code);
        let brute = crate::sequence::table::tests::brute(&rule, 320);
        let mut table = crate::sequence::table::HeapTable::new(
            rule.clone(),
            crate::sequence::table::Method::Sparse,
        );
        table.extend_to(320).unwrap();
        assert_eq!(table.values(), &brute[..]);
    }
}
