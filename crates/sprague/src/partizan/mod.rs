//! Short partizan games: Conway's algebra of games in which Left and Right have different moves.
//!
//! The rest of the engine is impartial (one set of moves for both players, values are
//! nimbers). Partizan rulesets (Domineering, Clobber, Toads and Frogs, Hackenbush in colour, …)
//! have values in the larger group of short partizan games; this module is that algebra, the
//! foundation the rulesets, a calculator and the bindings build on. It does no I/O.
//!
//! The pieces:
//! - [`Dyadic`]: the numbers of short games, `m / 2^k` exactly on big integers.
//! - [`GameStore`] and [`GameId`]: games in canonical form, hash-consed so that equal games are
//!   one id (equality is `==` on ids). Built from options by
//!   [`from_options`](GameStore::from_options) (dominated options removed, reversible ones
//!   bypassed), or directly: [`number`](GameStore::number), [`nimber`](GameStore::nimber),
//!   [`ups`](GameStore::ups), [`nus`](GameStore::nus). Number-up-stars `x + n·↑ + *k`
//!   ([`Nus`]) are a compact special case, as in CGSuite: one node whatever the size of the
//!   number, and arithmetic for their sums and comparisons.
//! - Operations: [`sum`](GameStore::sum), [`neg`](GameStore::neg), [`sub`](GameStore::sub),
//!   [`le`](GameStore::le), [`compare`](GameStore::compare) ([`GameOrdering`]: `<`, `=`, `>`,
//!   confused), [`outcome`](GameStore::outcome) ([`PartizanOutcome`]: L, R, N, P),
//!   [`left_stop`](GameStore::left_stop), [`right_stop`](GameStore::right_stop),
//!   [`birthday`](GameStore::birthday), [`is_number`](GameStore::is_number),
//!   [`number_value`](GameStore::number_value), [`is_nimber`](GameStore::is_nimber); sums,
//!   negatives, comparisons, outcomes, stops and birthdays are memoised by id.
//! - [`thermograph`]: exact thermographs ([`Thermograph`], walls as [`Trajectory`]s),
//!   [`mean`](GameStore::mean), [`temperature`](GameStore::temperature),
//!   [`cool`](GameStore::cool).
//! - [`notation`]: [`display`](GameStore::display) and [`parse`](GameStore::parse) in
//!   CGSuite's plain-text notation (`3/4`, `*2`, `^`, `vv`, `^3`, `1^*`, `+-1`, `{3||2*|1*}`);
//!   whatever is printed reads back as the same game.
//!
//! Not yet here (the next steps of the issue): atomic weight, reduced canonical form,
//! heating, overheating, freezing, incentives, Norton and ordinal products, `Tiny(n)`/`Miny(n)`
//! and uptimal (`^<2>`) notation.
//!
//! Costs: a game is stored once; canonicalising `{L | R}` compares options pairwise (`O(n²)`
//! comparisons, each memoised), and a sum `G + H` visits the pairs of positions of `G` and `H`
//! once thanks to the memo. Games are never freed: a store grows with what is computed in it.
//! Ids are only meaningful in the store that made them.
//!
//! # Example
//!
//! ```
//! use sprague::partizan::{GameOrdering, GameStore, PartizanOutcome};
//!
//! let mut games = GameStore::new();
//! let zero = games.zero();
//! let star = games.nimber(1);
//! let up = games.from_options(&[zero], &[star]); // {0|*}
//! assert_eq!(games.display(up), "^");
//! let up_star = games.sum(up, star);
//! assert_eq!(games.display(up_star), "^*");
//! assert_eq!(games.compare(up_star, zero), GameOrdering::Confused);
//! let g = games.parse("{3||2|1}").unwrap();
//! assert_eq!(games.outcome(g), PartizanOutcome::L);
//! assert_eq!(games.mean(g).to_string(), "9/4");
//! assert_eq!(games.temperature(g).to_string(), "3/4");
//! ```

pub mod canonical;
pub mod dyadic;
pub mod notation;
pub mod rulesets;
#[cfg(test)]
mod tests;
pub mod thermograph;

pub use canonical::{GameId, GameOrdering, GameStore, Nus, PartizanOutcome};
pub use dyadic::Dyadic;
pub use notation::ParseError;
pub use thermograph::{Thermograph, Trajectory};
