//! The reports: plain data with the JSON field names of `shared/design/cli.md`.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
use serde::ser::{Serialize, Serializer};
use sprague::value::{LoopyValue, Outcome};
use std::fmt::Display;

/// The analysis of one position: the object every analysing command prints.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Analysis {
    /// The game's name as typed (`nim`, `graph`, …).
    pub game: String,
    /// The position, normalised, as it would be typed.
    pub position: String,
    /// `N`, `P` or `D` for the player to move.
    #[serde(serialize_with = "outcome_letter")]
    pub outcome: Outcome,
    /// The nim-value, its loopy form `∞{…}`, or null.
    pub nim_value: NimValue,
    /// The remoteness (Steinhaus, Conway; normal play): how many moves the game lasts from here
    /// when the winner plays to win as fast as possible and the loser to lose as slowly as
    /// possible. 0 for a finished position; odd exactly when the player to move wins (`N`), even
    /// when they lose (`P`). Omitted when unknown: misère play, Every-SG, loopy and scripted
    /// games, and positions whose search would pass a small fixed budget.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u64>,
    /// Every move to a position lost for the opponent.
    pub winning_moves: Vec<MoveReport>,
    /// With `--all-moves`: every move, each with the outcome and nim-value it leads to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub all_moves: Option<Vec<MoveReport>>,
    /// Anything the reader must know to read the rest right (a limit, an omission).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Misère play of one component: its genus as CGSuite writes it (`4^146`; a nim heap's genus
    /// as the bare number).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub genus: Option<String>,
    /// Every-SG (a move in every component that can move): the position's steps, its longest
    /// component's (odd: the player to move wins).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<u64>,
}

impl Analysis {
    /// The analysis of `position` in `game` with this outcome and nim-value, and nothing else
    /// yet: no winning move, no listing, no note (a caller fills in the rest with `..`).
    pub fn new(
        game: impl Into<String>,
        position: String,
        outcome: Outcome,
        nim_value: NimValue,
    ) -> Analysis {
        Analysis {
            game: game.into(),
            position,
            outcome,
            nim_value,
            remoteness: None,
            winning_moves: Vec::new(),
            all_moves: None,
            note: None,
            genus: None,
            steps: None,
        }
    }

    /// [`Analysis::new`] in normal play with the exact nim-value `value`, the outcome read from
    /// it (0 is lost for the player to move).
    pub fn of_value(game: impl Into<String>, position: String, value: BigUint) -> Analysis {
        Analysis::new(
            game,
            position,
            normal_outcome(&value),
            NimValue::Number(value),
        )
    }
}

/// What an analysis answers: the report, or why there is none.
pub type Analysed = Result<Analysis, crate::request::error::Error>;

/// One move: human text, the position it leads to, and where it is made.
///
/// Its JSON object has the keys `move`, `to`, those of its [`MovePlace`], then `outcome`,
/// `nim_value` and `remoteness`, each only when it has a value.
#[derive(Clone, Debug, serde::Serialize)]
pub struct MoveReport {
    /// The move in words, e.g. `heap 1: 3 -> 1`.
    #[serde(rename = "move")]
    pub text: String,
    /// The position after the move, as it would be typed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// Where the move is made, as the game names its places (a heap, a token, an edge, …).
    #[serde(flatten)]
    pub place: MovePlace,
    /// With `--all-moves`: the outcome of the position after the move, for the opponent.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "optional_outcome_letter"
    )]
    pub outcome: Option<Outcome>,
    /// With `--all-moves`: the nim-value after the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nim_value: Option<NimValue>,
    /// The remoteness of the position after the move (see [`Analysis::remoteness`]), when the
    /// analysis knows it: even after a winning move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u64>,
}

/// Where a move is made: the places a game's moves name, each variant with the JSON keys of
/// its fields (numbers 1-based, as typed).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum MovePlace {
    /// No place beyond the text and the position after it: Wythoff's move on both heaps,
    /// Bash, Staircase Nim, Fibonacci Nim, Every-SG sums, scripts and the scoring games.
    None,
    /// Nim and every heap game (subtraction, Lasker, Wythoff's one-heap move, octal games,
    /// misère play): the heap taken from or split.
    Heap {
        /// The 1-based heap.
        heap: usize,
    },
    /// Moore's Nim: the heaps a move takes from.
    Heaps {
        /// The 1-based heaps, increasing.
        heaps: Vec<usize>,
    },
    /// Coin turning: the coins turned (mock-turtles, twins: `coins`, the last the head turned to
    /// tails) or the run of them (ruler: `run`, its first and last places).
    Turned(FactorReport),
    /// Products of coin-turning games: the coins turned in each coordinate (every coin of their
    /// product is turned; the last of each is the corner, the head turned to tails).
    Factors {
        /// One coordinate's move each, in coordinate order.
        factors: Vec<FactorReport>,
    },
    /// Graph: a token moved along an edge.
    Token {
        /// The 1-based index of the token moved, in file order.
        token: usize,
        /// The vertex the token leaves.
        from: u64,
        /// The vertex the token goes to.
        vertex: u64,
    },
    /// Geography: the vertex the token goes to.
    Vertex {
        /// The vertex, as numbered in the file.
        vertex: u64,
    },
    /// Hackenbush: the edge cut.
    Edge {
        /// The 1-based index of the cut edge among the file's edge lines.
        edge: usize,
    },
    /// The splitting game: a bean taken from bottle `i`, one put into `j` and one into `k`.
    Bottles {
        /// The 1-based bottle a bean is taken from.
        i: usize,
        /// The first 1-based bottle a bean is put into (`i < j <= k`).
        j: usize,
        /// The second 1-based bottle a bean is put into.
        k: usize,
    },
    /// Treblecross: the cell of a row that the X goes on.
    Cell {
        /// The 1-based row (a heap of the octal game).
        heap: usize,
        /// The 1-based cell of the row.
        cell: u64,
    },
}

/// One coordinate of a move of a product of coin-turning games: the places turned, as a
/// one-dimensional move names them.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum FactorReport {
    /// The places turned, increasing.
    Coins {
        /// The places, increasing.
        #[serde(serialize_with = "exact_numbers")]
        coins: Vec<BigUint>,
    },
    /// Ruler: a run of places turned.
    Run {
        /// The first and last places of the run.
        #[serde(serialize_with = "exact_numbers")]
        run: [BigUint; 2],
    },
}

impl MoveReport {
    /// The move written `text`, made at `place`, leading to `to` (none: the game ends, or the
    /// position after it is not written), with nothing yet of what it leads to.
    pub fn new(text: impl Into<String>, to: Option<String>, place: MovePlace) -> MoveReport {
        MoveReport {
            text: text.into(),
            to,
            place,
            outcome: None,
            nim_value: None,
            remoteness: None,
        }
    }

    /// The move written `text` leading to `to`, with no place of its own ([`MovePlace::None`]).
    pub fn plain(text: impl Into<String>, to: impl Into<String>) -> MoveReport {
        MoveReport::new(text, Some(to.into()), MovePlace::None)
    }

    /// The move written `text` on the 1-based heap `heap`, leading to `to`.
    pub fn heap(text: impl Into<String>, to: impl Into<String>, heap: usize) -> MoveReport {
        MoveReport::new(text, Some(to.into()), MovePlace::Heap { heap })
    }

    /// This move with what it leads to (for `--all-moves`): the outcome and nim-value after it.
    pub(crate) fn leading_to(self, outcome: Outcome, nim_value: NimValue) -> MoveReport {
        MoveReport {
            outcome: Some(outcome),
            nim_value: Some(nim_value),
            ..self
        }
    }

    /// This move leading, in normal play, to the finite nim-value `value` (and so to the outcome
    /// [`normal_outcome`] gives).
    pub(crate) fn leading_to_value(self, value: BigUint) -> MoveReport {
        let outcome = normal_outcome(&value);
        self.leading_to(outcome, NimValue::Number(value))
    }
}

/// A move that replaces heap `idx` of `heaps` by the heaps `left` (none: a heap of 0), written
/// `heap 2: 7 -> 3 + 4`; its `to` has the parts in place of the heap. Nim, Lasker's Nim, Wythoff,
/// and the octal and misère analyses write their heap moves so.
pub(crate) fn heap_move_report(
    heaps: &[impl Display],
    idx: usize,
    left: &[impl Display],
) -> MoveReport {
    let parts: Vec<String> = if left.is_empty() {
        vec!["0".to_owned()]
    } else {
        left.iter().map(ToString::to_string).collect()
    };
    let mut after: Vec<String> = heaps[..idx].iter().map(ToString::to_string).collect();
    after.extend_from_slice(&parts);
    after.extend(heaps[idx + 1..].iter().map(ToString::to_string));
    MoveReport::heap(
        format!("heap {}: {} -> {}", idx + 1, heaps[idx], parts.join(" + ")),
        after.join(" "),
        idx + 1,
    )
}

/// The outcome of a position of finite nim-value `value` in normal play: `P` exactly for 0
/// (Sprague–Grundy).
pub(crate) fn normal_outcome(value: &BigUint) -> Outcome {
    Outcome::from_win(!value.is_zero())
}

/// Numbers joined by single spaces, as a position of heaps (or steps, bottles) is typed.
pub(crate) fn join_numbers(numbers: &[BigUint]) -> String {
    let words: Vec<String> = numbers.iter().map(|n| n.to_string()).collect();
    words.join(" ")
}

/// A nim-value in a report: a JSON number of any size, the string form `∞{…}` of a loopy value, or
/// null where none applies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NimValue {
    /// A finite nim-value (printed as a JSON number, exact at any size).
    Number(BigUint),
    /// A generalised value `∞(K)`, printed as the string `∞{0,2}`.
    Infinite(String),
    /// No nim-value applies (misère play), or it was not computed.
    None,
}

impl NimValue {
    /// A finite value from a machine word.
    pub fn from_u64(value: u64) -> NimValue {
        NimValue::Number(BigUint::from(value))
    }

    /// The report form of a generalised value.
    pub fn from_loopy(value: &LoopyValue) -> NimValue {
        match value {
            LoopyValue::Finite(v) => NimValue::from_u64(v.value()),
            LoopyValue::Infinite(_) => NimValue::Infinite(value.to_string()),
        }
    }
}

impl std::fmt::Display for NimValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NimValue::Number(n) => write!(f, "{n}"),
            NimValue::Infinite(s) => f.write_str(s),
            NimValue::None => f.write_str("none"),
        }
    }
}

impl Serialize for NimValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            NimValue::Number(n) => exact_number(n, serializer),
            NimValue::Infinite(s) => serializer.serialize_str(s),
            NimValue::None => serializer.serialize_none(),
        }
    }
}

/// A non-negative integer as a JSON number, digit for digit at any size.
pub(crate) fn exact_number<S: Serializer>(n: &BigUint, serializer: S) -> Result<S::Ok, S::Error> {
    match n.to_u64() {
        Some(small) => serializer.serialize_u64(small),
        None => {
            // JSON numbers have no size limit; serde_json writes the digits verbatim.
            let raw = serde_json::value::RawValue::from_string(n.to_string())
                .map_err(serde::ser::Error::custom)?;
            raw.serialize(serializer)
        }
    }
}

/// A list of non-negative integers as JSON numbers, exact at any size.
fn exact_numbers<S: Serializer>(numbers: &[BigUint], serializer: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    struct Exact<'a>(&'a BigUint);
    impl Serialize for Exact<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            exact_number(self.0, serializer)
        }
    }
    let mut seq = serializer.serialize_seq(Some(numbers.len()))?;
    for n in numbers {
        seq.serialize_element(&Exact(n))?;
    }
    seq.end()
}

/// The answer of a calculation that is not a game's analysis (`nim-product`): one number, the
/// JSON object `{"value": …}`, and the line a person reads.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ValueReport {
    /// The result, exact at any size.
    #[serde(serialize_with = "exact_number")]
    pub value: BigUint,
    /// The calculation and its result in one line (`16 ⊗ 16 = 24`), for text output; not part
    /// of the JSON object.
    #[serde(skip)]
    pub text: String,
}

fn outcome_letter<S: Serializer>(outcome: &Outcome, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_char(outcome.letter())
}

fn optional_outcome_letter<S: Serializer>(
    outcome: &Option<Outcome>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match outcome {
        Some(o) => serializer.serialize_char(o.letter()),
        None => serializer.serialize_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(place: MovePlace) -> String {
        let m = MoveReport::new("m", Some("1 2".to_owned()), place);
        let valued = m.leading_to(Outcome::P, NimValue::from_u64(0));
        serde_json::to_string(&valued).unwrap()
    }

    fn big(n: &str) -> BigUint {
        n.parse().unwrap()
    }

    /// Each place's keys come between `to` and `outcome`, in the order of the old per-game
    /// fields (`heap` before `cell`, `token` before `from` before `vertex`), numbers exact.
    #[test]
    fn a_place_writes_its_keys_between_to_and_outcome() {
        let huge = "123456789012345678901234567890";
        let cases = [
            (MovePlace::None, ""),
            (MovePlace::Heap { heap: 2 }, r#""heap":2,"#),
            (MovePlace::Heaps { heaps: vec![1, 3] }, r#""heaps":[1,3],"#),
            (
                MovePlace::Turned(FactorReport::Coins {
                    coins: vec![big("7"), big(huge)],
                }),
                r#""coins":[7,123456789012345678901234567890],"#,
            ),
            (
                MovePlace::Turned(FactorReport::Run {
                    run: [big("1"), big(huge)],
                }),
                r#""run":[1,123456789012345678901234567890],"#,
            ),
            (
                MovePlace::Factors {
                    factors: vec![
                        FactorReport::Run {
                            run: [big("1"), big("3")],
                        },
                        FactorReport::Coins {
                            coins: vec![big("2"), big(huge)],
                        },
                    ],
                },
                r#""factors":[{"run":[1,3]},{"coins":[2,123456789012345678901234567890]}],"#,
            ),
            (
                MovePlace::Token {
                    token: 1,
                    from: 2,
                    vertex: 3,
                },
                r#""token":1,"from":2,"vertex":3,"#,
            ),
            (MovePlace::Vertex { vertex: 4 }, r#""vertex":4,"#),
            (MovePlace::Edge { edge: 5 }, r#""edge":5,"#),
            (
                MovePlace::Bottles { i: 1, j: 2, k: 2 },
                r#""i":1,"j":2,"k":2,"#,
            ),
            (
                MovePlace::Cell { heap: 1, cell: 3 },
                r#""heap":1,"cell":3,"#,
            ),
        ];
        for (place, keys) in cases {
            assert_eq!(
                json(place),
                format!(r#"{{"move":"m","to":"1 2",{keys}"outcome":"P","nim_value":0}}"#)
            );
        }
        // The remoteness after the nim-value, in a move and in the analysis.
        let mut m = MoveReport::heap("m", "1 2", 1).leading_to(Outcome::P, NimValue::from_u64(0));
        m.remoteness = Some(4);
        assert_eq!(
            serde_json::to_string(&m).unwrap(),
            r#"{"move":"m","to":"1 2","heap":1,"outcome":"P","nim_value":0,"remoteness":4}"#
        );
        let mut a = Analysis::of_value("nim", "1 2".to_owned(), BigUint::from(3u8));
        a.remoteness = Some(3);
        assert_eq!(
            serde_json::to_string(&a).unwrap(),
            r#"{"game":"nim","position":"1 2","outcome":"N","nim_value":3,"remoteness":3,"winning_moves":[]}"#
        );
        let bare = MoveReport::new("x -> win", None, MovePlace::None);
        assert_eq!(
            serde_json::to_string(&bare).unwrap(),
            r#"{"move":"x -> win"}"#
        );
    }
}
