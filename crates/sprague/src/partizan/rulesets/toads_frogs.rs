//! Toads and Frogs: toads move right, frogs move left, by a step or a jump over an opponent.

use std::fmt;

use super::Partizan;

/// Toads and Frogs (*Winning Ways*, ch. 1; Erickson, "New Toads and Frogs results", 1996). A strip
/// of cells holds Left's toads `t`, which move right, and Right's frogs `f`, which move left. A
/// move takes one of your creatures one cell forward into an empty cell, or jumps it over exactly
/// one creature of the opponent into the empty cell just beyond. Who cannot move loses.
///
/// Positions are [`Strip`]s, written as in CGSuite: `t`, `f` and `.` (empty), as `"tt.ff"`; at
/// most [`super::MAX_CELLS`] cells.
///
/// - Components: a toad at the right end of the strip (or with only toads to its right) can never
///   move and no creature can ever get past it, and the same for frogs at the left end, so they are
///   dropped. A block `ttff` is a permanent wall: its inner toad cannot step (the cell ahead holds a
///   frog) nor jump (the cell beyond holds a frog), its inner frog likewise, the outer toad and
///   frog are blocked by them, and nothing can jump over two creatures. So `A ttff B` is the sum
///   of `A tt` and `ff B`, that is of `A` and `B` (the wall's toads and frogs are dead ones at the
///   ends, and an end of the strip blocks exactly as they do).
///   Strips with no empty cell, or no creature, are 0 and left out.
/// - Normal form: reversing the strip and exchanging toads and frogs exchanges Left and Right, so
///   negates the value; the normal form is the lesser of the strip and that image.
#[derive(Clone, Copy, Debug, Default)]
pub struct ToadsAndFrogs;

/// A cell of a Toads and Frogs strip.
pub const EMPTY: u8 = 0;
/// A toad (Left's), moving right.
pub const TOAD: u8 = 1;
/// A frog (Right's), moving left.
pub const FROG: u8 = 2;

/// A Toads and Frogs strip: its cells from left to right ([`EMPTY`], [`TOAD`], [`FROG`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Strip(pub Vec<u8>);

impl fmt::Display for Strip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &c in &self.0 {
            let ch = match c {
                TOAD => 't',
                FROG => 'f',
                _ => '.',
            };
            write!(f, "{ch}")?;
        }
        Ok(())
    }
}

impl ToadsAndFrogs {
    /// Reads a strip like `"tt.ff"`: `t` a toad, `f` a frog, `.` empty; at most
    /// [`super::MAX_CELLS`] cells.
    pub fn parse(text: &str) -> Result<Strip, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err("empty position: expected a strip of 't', 'f' and '.'".to_string());
        }
        let mut cells = Vec::new();
        for ch in text.chars() {
            if cells.len() == super::MAX_CELLS {
                return Err(format!(
                    "too many cells: at most {} are allowed",
                    super::MAX_CELLS
                ));
            }
            cells.push(match ch {
                't' | 'T' => TOAD,
                'f' | 'F' => FROG,
                '.' => EMPTY,
                _ => {
                    return Err(format!(
                        "unexpected character {ch:?}: expected 't' (toad), 'f' (frog) or '.'"
                    ))
                }
            });
        }
        Ok(Strip(cells))
    }

    /// The moves of the creature `me` in direction `dir` (+1 or −1) over creatures `them`.
    fn moves(strip: &Strip, me: u8, them: u8, dir: isize, options: &mut Vec<Strip>) {
        let s = &strip.0;
        let n = s.len() as isize;
        let at = |i: isize| {
            if (0..n).contains(&i) {
                Some(s[i as usize])
            } else {
                None
            }
        };
        for i in 0..n {
            if s[i as usize] != me {
                continue;
            }
            let to = if at(i + dir) == Some(EMPTY) {
                i + dir
            } else if at(i + dir) == Some(them) && at(i + 2 * dir) == Some(EMPTY) {
                i + 2 * dir
            } else {
                continue;
            };
            let mut next = s.clone();
            next[i as usize] = EMPTY;
            next[to as usize] = me;
            options.push(Strip(next));
        }
    }
}

impl Partizan for ToadsAndFrogs {
    type Position = Strip;

    fn left_options(&self, strip: &Strip, options: &mut Vec<Strip>) {
        Self::moves(strip, TOAD, FROG, 1, options);
    }

    fn right_options(&self, strip: &Strip, options: &mut Vec<Strip>) {
        Self::moves(strip, FROG, TOAD, -1, options);
    }

    fn components(&self, strip: &Strip, components: &mut Vec<Strip>) {
        let s = &strip.0;
        let mut push = |part: &[u8]| {
            // Drop the frogs at the left end and the toads at the right end.
            let start = part.iter().position(|&c| c != FROG).unwrap_or(part.len());
            let end = part
                .iter()
                .rposition(|&c| c != TOAD)
                .map_or(start, |i| i + 1)
                .max(start);
            let part = &part[start..end];
            if part.contains(&EMPTY) && part.iter().any(|&c| c != EMPTY) {
                components.push(Strip(part.to_vec()));
            }
        };
        // Split at every wall `ttff`; its toads end the left part and its frogs start the right
        // part, where they are dropped as dead.
        let mut from = 0;
        let mut i = 0;
        while i + 4 <= s.len() {
            if s[i..i + 4] == [TOAD, TOAD, FROG, FROG] {
                push(&s[from..i]);
                from = i + 4;
                i += 4;
            } else {
                i += 1;
            }
        }
        push(&s[from..]);
    }

    fn normal_form(&self, strip: &Strip) -> (Strip, bool) {
        let image = Strip(
            strip
                .0
                .iter()
                .rev()
                .map(|&c| match c {
                    TOAD => FROG,
                    FROG => TOAD,
                    _ => EMPTY,
                })
                .collect(),
        );
        if image < *strip {
            (image, true)
        } else {
            (strip.clone(), false)
        }
    }
}
