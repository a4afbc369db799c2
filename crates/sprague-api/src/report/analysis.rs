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
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct MoveReport {
    /// The move in words, e.g. `heap 1: 3 -> 1`.
    #[serde(rename = "move")]
    pub text: String,
    /// The position after the move, as it would be typed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// Nim: the 1-based heap.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heap: Option<usize>,
    /// Moore's Nim: the 1-based heaps a move takes from, increasing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heaps: Option<Vec<usize>>,
    /// Coin turning: the places of the coins turned, increasing (the last is the head turned to
    /// tails).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "exact_numbers"
    )]
    pub coins: Option<Vec<BigUint>>,
    /// Coin turning (Ruler): the first and last places of the run of coins turned.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "exact_numbers"
    )]
    pub run: Option<Vec<BigUint>>,
    /// Products of coin-turning games: the coins turned in each coordinate (every coin of their
    /// product is turned; the last of each is the corner, the head turned to tails).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub factors: Option<Vec<FactorReport>>,
    /// Graph: the 1-based index of the token moved, in file order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<usize>,
    /// Graph: the vertex the token leaves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<u64>,
    /// Graph: the vertex the token goes to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vertex: Option<u64>,
    /// Hackenbush: the 1-based index of the cut edge among the file's edge lines.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edge: Option<usize>,
    /// Splitting game: the 1-based bottle a bean is taken from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub i: Option<usize>,
    /// Splitting game: the first 1-based bottle a bean is put into (`i < j <= k`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub j: Option<usize>,
    /// Splitting game: the second 1-based bottle a bean is put into.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub k: Option<usize>,
    /// Treblecross: the 1-based cell of the row (`heap`) that the X goes on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cell: Option<u64>,
    /// With `--all-moves`: the outcome of the position after the move, for the opponent.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "optional_outcome_letter"
    )]
    pub outcome: Option<Outcome>,
    /// With `--all-moves`: the nim-value after the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nim_value: Option<NimValue>,
}

/// One coordinate of a move of a product of coin-turning games: the places turned, as a
/// one-dimensional move names them.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct FactorReport {
    /// The places turned, increasing.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "exact_numbers"
    )]
    pub coins: Option<Vec<BigUint>>,
    /// Ruler: the first and last places of the run turned.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "exact_numbers"
    )]
    pub run: Option<Vec<BigUint>>,
}

impl MoveReport {
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
    MoveReport {
        text: format!("heap {}: {} -> {}", idx + 1, heaps[idx], parts.join(" + ")),
        to: Some(after.join(" ")),
        heap: Some(idx + 1),
        ..MoveReport::default()
    }
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
fn exact_numbers<S: Serializer>(
    numbers: &Option<Vec<BigUint>>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    struct Exact<'a>(&'a BigUint);
    impl Serialize for Exact<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            exact_number(self.0, serializer)
        }
    }
    match numbers {
        None => serializer.serialize_none(),
        Some(numbers) => {
            let mut seq = serializer.serialize_seq(Some(numbers.len()))?;
            for n in numbers {
                seq.serialize_element(&Exact(n))?;
            }
            seq.end()
        }
    }
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
