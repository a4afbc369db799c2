//! Grundy sequences and grids: the reports of `sprague table`, and the observations made on them.
//!
//! A family (a subtraction set, an octal code, a script, …) gives G(0), …, G(N); the report carries
//! the values and the period found (`shared/design/cli.md`). Observations on a computed range are
//! never proofs: `proved` is true only where a theorem makes the pattern hold for every n.

use sprague::sequence::{smallest_period_by, Period};

/// `table <family> --upto N`: the values and their period.
#[derive(Clone, Debug, serde::Serialize)]
pub struct TableReport {
    /// The family as typed, e.g. `octal 0.07` or `script examples/lasker.rhai`.
    pub family: String,
    /// N: the values are G(0..=N).
    pub upto: u64,
    /// G(0), …, G(N); omitted when written to a file instead.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<u64>>,
    /// The period found, or null.
    pub period: Option<PeriodReport>,
    /// Anything the reader must know (how the period was judged, a limit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Closed forms that fit the values (the pattern finder), simplest first.
    pub formulas: Vec<FormulaReport>,
    /// The positions n (sorted) where the player to move wins at once (a script's `win()`): they
    /// have no nim-value, and their entries in `values` are null in JSON.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub wins_at_once: Vec<u64>,
}

impl TableReport {
    /// The report of G(0..=N) = `values`, with the formulas that fit them.
    pub fn new(
        family: String,
        values: Vec<u64>,
        period: Option<PeriodReport>,
        note: Option<String>,
    ) -> TableReport {
        let formulas = table_formulas(&values, period);
        TableReport {
            family,
            upto: values.len() as u64 - 1,
            values: Some(values),
            period,
            note,
            formulas,
            wins_at_once: Vec::new(),
        }
    }

    /// The report borrowed, in the form every table prints.
    pub fn view(&self) -> TableView<'_, u64> {
        TableView {
            family: &self.family,
            upto: self.upto,
            values: self.values.as_deref(),
            period: self.period,
            note: self.note.as_deref(),
            formulas: &self.formulas,
            wins_at_once: &self.wins_at_once,
        }
    }
}

/// A closed form proposed by the pattern finder ([`sprague::pattern`]): an expression in the
/// script language over `n` (a table) or `a`, `b` (a grid).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FormulaReport {
    /// The expression, e.g. `n % 4` or, for P-positions, `n % 7 == 0 || n % 7 == 2`.
    pub expr: String,
    /// True only when it equals every computed value.
    pub fits: bool,
    /// True only when a theorem makes it hold for every position, not only those computed.
    pub proved: bool,
    /// How far it holds and why, in a sentence.
    pub note: String,
    /// `"value"`: G equals `expr`; `"p-positions"`: G = 0 exactly where `expr` holds.
    pub kind: &'static str,
    /// Where a near fit misses (the first few positions); absent when it fits.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub missed: Vec<u64>,
}

impl From<sprague::pattern::Formula> for FormulaReport {
    fn from(f: sprague::pattern::Formula) -> FormulaReport {
        FormulaReport {
            expr: f.expr.to_string(),
            fits: f.fits,
            proved: f.proved,
            note: f.note,
            kind: match f.kind {
                sprague::pattern::FormulaKind::Value => "value",
                sprague::pattern::FormulaKind::PPositions => "p-positions",
            },
            missed: f.missed,
        }
    }
}

/// The most values the pattern finder searches (it holds 24 bytes a value while it does: 24 MiB
/// at most); past it, a longer table keeps only the formulas its proved period extends to every
/// value.
pub const MAX_VALUES_FOR_FORMULAS: usize = 1 << 20;

/// The formulas of a table G(0..=N), simplest first (see [`sprague::pattern::table_formulas`]).
pub fn table_formulas<T: Copy + Into<u64>>(
    values: &[T],
    period: Option<PeriodReport>,
) -> Vec<FormulaReport> {
    let period = period.map(|p| Period {
        preperiod: p.preperiod,
        period: p.period,
        saltus: p.saltus,
        proved: p.proved,
    });
    let whole = values.len() <= MAX_VALUES_FOR_FORMULAS;
    let searched: Vec<u64> = values
        .iter()
        .take(MAX_VALUES_FOR_FORMULAS)
        .map(|&v| v.into())
        .collect();
    sprague::pattern::table_formulas(&searched, period.as_ref())
        .into_iter()
        .filter(|f| whole || f.proved)
        .map(|mut f| {
            if !whole {
                f.note = format!(
                    "{} (the search looked at the first {MAX_VALUES_FOR_FORMULAS} values; the proved period carries it to all {})",
                    f.note,
                    values.len()
                );
            }
            FormulaReport::from(f)
        })
        .collect()
}

/// The formulas of a grid (see [`sprague::pattern::grid_formulas`]).
pub fn grid_formulas(grid: &[Vec<u64>]) -> Vec<FormulaReport> {
    sprague::pattern::grid_formulas(grid)
        .into_iter()
        .map(FormulaReport::from)
        .collect()
}

/// A [`TableReport`] that borrows its values, of any integer type (heap-game tables keep two
/// bytes a value, and a table of 10^9 values is not copied to print it). It serialises to the
/// same JSON as [`TableReport`].
#[derive(Clone, Copy, Debug)]
pub struct TableView<'a, T> {
    /// The family as typed.
    pub family: &'a str,
    /// N: the values are G(0..=N).
    pub upto: u64,
    /// G(0), …, G(N); omitted when written to a file instead.
    pub values: Option<&'a [T]>,
    /// The period found, or null.
    pub period: Option<PeriodReport>,
    /// Anything the reader must know.
    pub note: Option<&'a str>,
    /// Closed forms that fit the values, simplest first.
    pub formulas: &'a [FormulaReport],
    /// The positions (sorted) where the player to move wins at once: null in `values`.
    pub wins_at_once: &'a [u64],
}

impl<T: serde::Serialize> serde::Serialize for TableView<'_, T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = serializer.serialize_struct("TableView", 7)?;
        out.serialize_field("family", self.family)?;
        out.serialize_field("upto", &self.upto)?;
        match self.values {
            Some(values) => out.serialize_field(
                "values",
                &WithHoles {
                    values,
                    holes: self.wins_at_once,
                },
            )?,
            None => out.skip_field("values")?,
        }
        out.serialize_field("period", &self.period)?;
        match self.note {
            Some(note) => out.serialize_field("note", note)?,
            None => out.skip_field("note")?,
        }
        out.serialize_field("formulas", self.formulas)?;
        if self.wins_at_once.is_empty() {
            out.skip_field("wins_at_once")?;
        } else {
            out.serialize_field("wins_at_once", self.wins_at_once)?;
        }
        out.end()
    }
}

/// Values in a JSON array, null at the indices `holes` (sorted).
struct WithHoles<'a, T> {
    values: &'a [T],
    holes: &'a [u64],
}

impl<T: serde::Serialize> serde::Serialize for WithHoles<'_, T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut out = serializer.serialize_seq(Some(self.values.len()))?;
        let mut holes = self.holes.iter().peekable();
        for (idx, value) in self.values.iter().enumerate() {
            if holes.next_if(|&&h| h == idx as u64).is_some() {
                out.serialize_element(&None::<u64>)?;
            } else {
                out.serialize_element(value)?;
            }
        }
        out.end()
    }
}

/// A period in a report: G(n + `period`) = G(n) + `saltus` for every n ≥ `preperiod` computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PeriodReport {
    /// The smallest preperiod p for the period below.
    pub preperiod: u64,
    /// The smallest period q.
    pub period: u64,
    /// The saltus s (0 for pure periodicity).
    pub saltus: u64,
    /// Whether a theorem makes it hold for every n.
    pub proved: bool,
}

impl From<Period> for PeriodReport {
    fn from(p: Period) -> PeriodReport {
        PeriodReport {
            preperiod: p.preperiod,
            period: p.period,
            saltus: p.saltus,
            proved: p.proved,
        }
    }
}

/// The period seen in a computed sequence when no theorem applies: the smallest q (pure first, then
/// arithmetic) whose pattern is verified over at least two whole periods at the end of the range.
/// Always `proved: false`.
pub fn observed_period(values: &[u64]) -> Option<Period> {
    let len = values.len();
    let enough = |p: usize, q: usize| len - q - p >= (2 * q).max(8);
    if let Some(p) = smallest_period_by(values, 0, enough) {
        return Some(p);
    }
    // Arithmetic periodicity: for each q the saltus must be the last difference over q.
    for q in 1..len / 3 {
        let last = len - 1;
        let Some(saltus) = values[last]
            .checked_sub(values[last - q])
            .filter(|&s| s > 0)
        else {
            continue;
        };
        let mut p = len - q;
        while p > 0 && values[p - 1].checked_add(saltus) == Some(values[p - 1 + q]) {
            p -= 1;
        }
        if enough(p, q) {
            return Some(Period {
                preperiod: p as u64,
                period: q as u64,
                saltus,
                proved: false,
            });
        }
    }
    None
}

/// `table script FILE --grid A,B`: the values G(a, b) of two-dimensional positions, the P-positions,
/// and what holds for them over the computed range.
#[derive(Clone, Debug)]
pub struct GridReport {
    /// The family as typed.
    pub family: String,
    /// `grid[a][b]` = G([a, b]) for 0 ≤ a ≤ A, 0 ≤ b ≤ B.
    pub grid: Vec<Vec<u64>>,
    /// Every [a, b] with G = 0, in order of a then b.
    pub p_positions: Vec<[u64; 2]>,
    /// Observations over the computed range, each a sentence; never proofs.
    pub patterns: Vec<String>,
    /// Closed forms that fit every cell, simplest first.
    pub formulas: Vec<FormulaReport>,
    /// The cells [a, b] (in order of a then b) where the player to move wins at once (a script's
    /// `win()`): they have no nim-value, and are null in `grid` in JSON.
    pub wins_at_once: Vec<[u64; 2]>,
}

impl serde::Serialize for GridReport {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        // The columns of each row's cells that win at once (the cells are in order of a then b).
        let mut rows: Vec<Vec<u64>> = vec![Vec::new(); self.grid.len()];
        for &[a, b] in &self.wins_at_once {
            if let Some(row) = rows.get_mut(a as usize) {
                row.push(b);
            }
        }
        let grid: Vec<WithHoles<'_, u64>> = self
            .grid
            .iter()
            .zip(&rows)
            .map(|(values, holes)| WithHoles { values, holes })
            .collect();
        let mut out = serializer.serialize_struct("GridReport", 6)?;
        out.serialize_field("family", &self.family)?;
        out.serialize_field("grid", &grid)?;
        out.serialize_field("p_positions", &self.p_positions)?;
        out.serialize_field("patterns", &self.patterns)?;
        out.serialize_field("formulas", &self.formulas)?;
        if self.wins_at_once.is_empty() {
            out.skip_field("wins_at_once")?;
        } else {
            out.serialize_field("wins_at_once", &self.wins_at_once)?;
        }
        out.end()
    }
}

/// What holds for a grid's values and P-positions over the range computed: symmetry, one
/// P-position per row, the pairs (a_k, b_k) with a_k ≤ b_k and the rules they follow (differences
/// b_k − a_k = k, a_k = mex of earlier values, the ratio b_k / a_k), as the seeds derive Wythoff's.
pub fn grid_patterns(grid: &[Vec<u64>]) -> Vec<String> {
    let mut res = Vec::new();
    let rows = grid.len();
    let cols = grid.first().map_or(0, Vec::len);
    let side = rows.min(cols);
    let symmetric = (0..side).all(|a| (0..side).all(|b| grid[a][b] == grid[b][a]));
    if side > 1 {
        res.push(if symmetric {
            format!("symmetric: G(a, b) = G(b, a) for all a, b < {side}")
        } else {
            "not symmetric: G(a, b) differs from G(b, a) somewhere".to_owned()
        });
    }
    // The pairs a ≤ b inside the square, where both orders were computed.
    let mut pairs: Vec<(u64, u64)> = Vec::new();
    for (a, row) in grid.iter().enumerate().take(side) {
        for (b, &v) in row.iter().enumerate().take(side) {
            if v == 0 && a <= b {
                pairs.push((a as u64, b as u64));
            }
        }
    }
    if pairs.is_empty() {
        res.push("no P-position in the range".to_owned());
        return res;
    }
    let per_row: Vec<usize> = (0..rows)
        .map(|a| grid[a].iter().filter(|&&v| v == 0).count())
        .collect();
    if per_row.iter().all(|&c| c <= 1) {
        res.push("each row holds at most one P-position".to_owned());
    }
    let shown: Vec<String> = pairs
        .iter()
        .take(12)
        .map(|(a, b)| format!("({a}, {b})"))
        .collect();
    res.push(format!(
        "P-positions with a ≤ b, in order: {}{}",
        shown.join(", "),
        if pairs.len() > 12 { ", …" } else { "" }
    ));
    let k_diff = pairs
        .iter()
        .enumerate()
        .all(|(k, &(a, b))| b - a == k as u64);
    if k_diff {
        res.push(format!("b_k − a_k = k for every k ≤ {}", pairs.len() - 1));
    }
    let mut seen = std::collections::BTreeSet::new();
    let mut mex_rule = true;
    for &(a, b) in &pairs {
        let mex = (0..).find(|x| !seen.contains(x)).expect("finite set");
        if a != mex {
            mex_rule = false;
            break;
        }
        seen.insert(a);
        seen.insert(b);
    }
    if mex_rule {
        res.push(format!(
            "a_k = mex{{a_i, b_i : i < k}} for every k ≤ {} (no number repeats among the a_k and b_k)",
            pairs.len() - 1
        ));
    }
    if let Some(&(a, b)) = pairs.iter().rev().find(|(a, _)| *a > 0) {
        // Exact digits of b / a by long division, as an observation of the ratio.
        let whole = b / a;
        let mut rest = b % a;
        let mut digits = String::new();
        for _ in 0..6 {
            rest *= 10;
            digits.push(char::from(b'0' + (rest / a) as u8));
            rest %= a;
        }
        res.push(format!(
            "the last pair ({a}, {b}) has b/a = {whole}.{digits}… (the golden ratio is 1.618033…)"
        ));
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn observed_periods_pure_and_arithmetic() {
        let pure: Vec<u64> = (0..40).map(|n| [0, 1, 0, 1, 2, 3, 2][n % 7]).collect();
        let p = observed_period(&pure).unwrap();
        assert_eq!(
            (p.preperiod, p.period, p.saltus, p.proved),
            (0, 7, 0, false)
        );
        // Lasker's Nim: period 4, saltus 4, from n = 1.
        let lasker: Vec<u64> = (0..40u64).map(sprague::games::lasker::heap_value).collect();
        let p = observed_period(&lasker).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (1, 4, 4));
        assert_eq!(observed_period(&[0, 1, 2, 5, 3]), None);
    }

    #[test]
    fn wythoff_grid_shows_the_seeds_rules() {
        let n = 30;
        // Wythoff values by plain mex over the three kinds of move.
        let mut g = vec![vec![0u64; n]; n];
        for a in 0..n {
            for b in 0..n {
                let mut seen = Vec::new();
                for k in 1..=a {
                    seen.push(g[a - k][b]);
                }
                for k in 1..=b {
                    seen.push(g[a][b - k]);
                }
                for k in 1..=a.min(b) {
                    seen.push(g[a - k][b - k]);
                }
                g[a][b] = (0..).find(|x| !seen.contains(x)).unwrap();
            }
        }
        let patterns = grid_patterns(&g);
        assert!(
            patterns.iter().any(|p| p.starts_with("symmetric")),
            "{patterns:?}"
        );
        assert!(
            patterns.iter().any(|p| p.starts_with("b_k − a_k = k")),
            "{patterns:?}"
        );
        assert!(
            patterns.iter().any(|p| p.starts_with("a_k = mex")),
            "{patterns:?}"
        );
        assert!(
            patterns
                .iter()
                .any(|p| p.contains("(3, 5), (4, 7), (6, 10)")),
            "{patterns:?}"
        );
    }
}
