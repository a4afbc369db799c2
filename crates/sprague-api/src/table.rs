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
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct TableView<'a, T> {
    /// The family as typed.
    pub family: &'a str,
    /// N: the values are G(0..=N).
    pub upto: u64,
    /// G(0), …, G(N); omitted when written to a file instead.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<&'a [T]>,
    /// The period found, or null.
    pub period: Option<PeriodReport>,
    /// Anything the reader must know.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<&'a str>,
    /// Closed forms that fit the values, simplest first.
    pub formulas: &'a [FormulaReport],
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
#[derive(Clone, Debug, serde::Serialize)]
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

/// `table subtraction --set S --upto N`: G(0..=N) of S-Nim, with its period, proved by the
/// subtraction-game argument once a run of max S equal values is seen (see
/// `sprague::games::subtraction`). With `until_proved` the table stops at the first length
/// (doubling) where the period is proved.
///
/// # Errors
///
/// A bad set, or a table too large for `limits`.
pub fn subtraction_table(
    set_text: &str,
    upto: u64,
    until_proved: bool,
    limits: &crate::Limits,
) -> Result<TableReport, crate::Error> {
    use sprague::games::subtraction::SubtractionTable;
    let set = crate::subtraction::parse_set(set_text)?;
    let len = upto
        .checked_add(1)
        .ok_or_else(|| crate::Error::too_large("--upto is too large"))?;
    crate::octal::check_memory(len, limits)?;
    let mut t = SubtractionTable::new(set);
    let period = if until_proved {
        t.find_period(len as usize)
    } else {
        t.extend_to(len as usize);
        t.period()
    };
    let values: Vec<u64> = t.computed().iter().map(|&v| u64::from(v)).collect();
    Ok(TableReport::new(
        format!("subtraction {set_text}"),
        values,
        period.map(PeriodReport::from),
        None,
    ))
}

/// `table bash --max M [--min P] --upto N`: G(0..=N) of Bash's game from its closed form. For
/// n ≥ P the moves are those of the subtraction game {P, …, M}, so a run of M equal values proves
/// the period as for subtraction games. With `until_proved` the table stops at the first length
/// (doubling from 2M, at least 64) where the period is proved.
///
/// # Errors
///
/// Bad bounds, M above 2^32, or a table too large for `limits`.
pub fn bash_table(
    max: &str,
    min: Option<&str>,
    upto: u64,
    until_proved: bool,
    limits: &crate::Limits,
) -> Result<TableReport, crate::Error> {
    use num_traits::ToPrimitive;
    let rules = crate::bash::parse_rules(max, min)?;
    let m = rules
        .max()
        .to_u64()
        .filter(|&m| m <= 1 << 32)
        .ok_or_else(|| crate::Error::too_large(format!("--max {max}: at most 2^32 in a table")))?;
    let total = upto
        .checked_add(1)
        .ok_or_else(|| crate::Error::too_large("--upto is too large"))?;
    let mut len = if until_proved {
        m.saturating_mul(2).max(64).min(total)
    } else {
        total
    };
    let (values, period) = loop {
        // The values are held as u64: eight bytes each, `len` of them (no heap-table buffers).
        limits.check_memory(
            len.saturating_mul(8),
            format_args!("a table of {len} values"),
        )?;
        let values: Vec<u64> = (0..len)
            .map(|n| {
                rules
                    .nim_value(&num_bigint::BigUint::from(n))
                    .to_u64()
                    .unwrap_or(u64::MAX)
            })
            .collect();
        let period = sprague::sequence::smallest_period(&values, 0, m as usize)
            .map(|p| Period { proved: true, ..p });
        if !until_proved || period.is_some() || len == total {
            break (values, period);
        }
        len = len.saturating_mul(2).min(total);
    };
    Ok(TableReport::new(
        match min {
            Some(p) => format!("bash --min {p} --max {max}"),
            None => format!("bash --max {max}"),
        },
        values,
        period.map(PeriodReport::from),
        None,
    ))
}

/// `table lasker --upto N`: G(0..=N) of Lasker's Nim (take tokens from a heap, or split it into
/// two) from its closed form ([`sprague::games::lasker::heap_value`]): G(n) = n except
/// G(4k + 3) = 4k + 4 and G(4k + 4) = 4k + 3. The closed form proves the arithmetic period
/// G(n + 4) = G(n) + 4 for every n ≥ 1, so it is reported proved at any N; with `until_proved`
/// the table stops at G(8), where the pattern is seen twice. The values grow with n: eight bytes
/// each in memory, and as few as hold the largest in a values file.
///
/// # Errors
///
/// A table too large for `limits`.
pub fn lasker_table(
    upto: u64,
    until_proved: bool,
    limits: &crate::Limits,
) -> Result<TableReport, crate::Error> {
    let upto = if until_proved { upto.min(8) } else { upto };
    let len = upto
        .checked_add(1)
        .ok_or_else(|| crate::Error::too_large("--upto is too large"))?;
    limits.check_memory(
        len.saturating_mul(8),
        format_args!("a table of {len} values"),
    )?;
    let values: Vec<u64> = (0..len).map(sprague::games::lasker::heap_value).collect();
    Ok(TableReport::new(
        "lasker".to_owned(),
        values,
        Some(PeriodReport {
            preperiod: 1,
            period: 4,
            saltus: 4,
            proved: true,
        }),
        Some(
            "proved by the closed form: G(n) = n, except G(4k + 3) = 4k + 4 and G(4k + 4) = 4k + 3"
                .to_owned(),
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subtraction_and_bash_tables_prove_their_periods() {
        let limits = crate::Limits::default();
        let t = subtraction_table("1,3,4", 40, false, &limits).unwrap();
        let p = t.period.unwrap();
        assert_eq!((p.preperiod, p.period, p.proved), (0, 7, true));
        assert_eq!(&t.values.unwrap()[..7], &[0, 1, 0, 1, 2, 3, 2]);
        let t = bash_table("3", None, 30, false, &limits).unwrap();
        let p = t.period.unwrap();
        assert_eq!((p.preperiod, p.period, p.proved), (0, 4, true));
        assert!(bash_table("0", None, 30, false, &limits).is_err());
        // Until proved: the first doubling from 64 whose values prove the period, at most N.
        let t = bash_table("3", None, 1_000_000, true, &limits).unwrap();
        assert_eq!((t.upto, t.period.unwrap().proved), (63, true));
        let t = bash_table("100", Some("7"), 1_000_000, true, &limits).unwrap();
        let p = t.period.unwrap();
        // 200 values (2M) hold no run of M = 100 after a whole period of 107; 400 do.
        assert_eq!((t.upto, p.period, p.proved), (399, 107, true));
        assert_eq!(bash_table("3", None, 10, true, &limits).unwrap().upto, 10);
    }

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
    fn the_lasker_table_is_the_definition_and_its_period_holds() {
        // G(n) = mex of G(k) for k < n (a take) and G(a) ⊕ G(n − a) for 0 < a < n (a split).
        let mut g: Vec<u64> = Vec::new();
        for n in 0..300usize {
            let mut seen: Vec<u64> = g.clone();
            seen.extend((1..n).map(|a| g[a] ^ g[n - a]));
            g.push((0..).find(|x| !seen.contains(x)).unwrap());
        }
        let limits = crate::Limits::default();
        let t = lasker_table(299, false, &limits).unwrap();
        assert_eq!(t.values.as_deref(), Some(&g[..]));
        let p = t.period.unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus, p.proved), (1, 4, 4, true));
        // The period the closed form proves is the one the values show.
        let seen = observed_period(&g).unwrap();
        assert_eq!((seen.preperiod, seen.period, seen.saltus), (1, 4, 4));
        let t = lasker_table(1_000_000, true, &limits).unwrap();
        assert_eq!((t.upto, t.values.unwrap()), (8, g[..9].to_vec()));
        let big = lasker_table(3, false, &limits).unwrap();
        assert_eq!(big.values.unwrap(), [0, 1, 2, 4]);
        assert!(lasker_table(u64::MAX, false, &limits).is_err());
        assert!(lasker_table(1 << 40, false, &limits).is_err());
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
