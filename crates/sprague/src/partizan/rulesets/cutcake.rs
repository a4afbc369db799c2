//! Cutcake: Left cuts a rectangle of cake vertically, Right horizontally.

use std::fmt;

use super::Partizan;

/// Cutcake (*Winning Ways*, ch. 2, "Cutcake"). A position is a set of rectangular pieces of cake
/// scored into unit squares. The convention is *Winning Ways*': Left cuts vertically
/// (North–South), Right horizontally (East–West) — the same as in T. Morley's course on
/// combinatorial games ("Left always cuts up and down"). A cut goes along a line of the scoring,
/// from edge to edge of one piece, which becomes two. Who cannot cut loses (every piece is then
/// 1×1). (Not checked against the book itself, which our search tools do not hold; the table of
/// values below follows from this convention.)
///
/// So a piece one row high and `w` wide is `w − 1` (only Left can cut it, `w − 1` times), and one
/// column wide and `h` high is `−(h − 1)`.
///
/// Positions are [`Cake`]s, written `"HxW"` for a piece `H` rows high and `W` columns wide
/// (`"2x3"`, also `"2×3"`), several pieces joined by `+` (`"2x3 + 1x4"`).
///
/// - Components: the pieces (a cut changes one piece only); 1×1 pieces, worth 0, are left out.
/// - Normal form: a piece and its transpose (`H×W` and `W×H`) are negatives (turning the cake a
///   quarter turn exchanges vertical and horizontal cuts, so Left and Right); the normal form is
///   the one with `H ≤ W`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cutcake;

/// The largest height or width of a piece [`Cutcake::parse`] accepts.
pub const MAX_SIDE: u32 = 64;

/// A Cutcake position: its pieces as (height, width), sorted.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cake(pub Vec<(u32, u32)>);

impl Cake {
    /// One piece `height` rows high and `width` columns wide.
    pub fn piece(height: u32, width: u32) -> Cake {
        Cake(vec![(height, width)])
    }

    fn from_pieces(mut pieces: Vec<(u32, u32)>) -> Cake {
        pieces.sort_unstable();
        Cake(pieces)
    }
}

impl fmt::Display for Cake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return write!(f, "0");
        }
        for (i, (h, w)) in self.0.iter().enumerate() {
            if i > 0 {
                write!(f, " + ")?;
            }
            write!(f, "{h}x{w}")?;
        }
        Ok(())
    }
}

impl Cutcake {
    /// Reads pieces `"HxW"` (or `"H×W"`) joined by `+`; each side between 1 and [`MAX_SIDE`].
    pub fn parse(text: &str) -> Result<Cake, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err("empty position: expected pieces like \"2x3\" joined by '+'".to_string());
        }
        let mut pieces = Vec::new();
        for piece in text.split('+') {
            let piece = piece.trim();
            let Some((h, w)) = piece.split_once(['x', 'X', '×']) else {
                return Err(format!(
                    "bad piece {piece:?}: expected HEIGHTxWIDTH like \"2x3\""
                ));
            };
            let side = |s: &str| -> Result<u32, String> {
                match s.trim().parse::<u32>() {
                    Ok(n) if (1..=MAX_SIDE).contains(&n) => Ok(n),
                    _ => Err(format!(
                        "bad side {:?} in piece {piece:?}: expected a number from 1 to {MAX_SIDE}",
                        s.trim()
                    )),
                }
            };
            pieces.push((side(h)?, side(w)?));
        }
        Ok(Cake::from_pieces(pieces))
    }

    fn cuts(cake: &Cake, vertical: bool, options: &mut Vec<Cake>) {
        for (i, &(h, w)) in cake.0.iter().enumerate() {
            if i > 0 && cake.0[i - 1] == (h, w) {
                continue; // the same cuts as the equal piece before
            }
            let side = if vertical { w } else { h };
            for a in 1..=side / 2 {
                let (p, q) = if vertical {
                    ((h, a), (h, w - a))
                } else {
                    ((a, w), (h - a, w))
                };
                let mut pieces = cake.0.clone();
                pieces.swap_remove(i);
                pieces.push(p);
                pieces.push(q);
                options.push(Cake::from_pieces(pieces));
            }
        }
    }
}

impl Partizan for Cutcake {
    type Position = Cake;

    fn left_options(&self, cake: &Cake, options: &mut Vec<Cake>) {
        Self::cuts(cake, true, options);
    }

    fn right_options(&self, cake: &Cake, options: &mut Vec<Cake>) {
        Self::cuts(cake, false, options);
    }

    fn components(&self, cake: &Cake, components: &mut Vec<Cake>) {
        components.extend(
            cake.0
                .iter()
                .filter(|&&(h, w)| h * w > 1)
                .map(|&(h, w)| Cake::piece(h, w)),
        );
    }

    fn normal_form(&self, cake: &Cake) -> (Cake, bool) {
        match cake.0.as_slice() {
            &[(h, w)] if h > w => (Cake::piece(w, h), true),
            _ => (cake.clone(), false),
        }
    }
}
