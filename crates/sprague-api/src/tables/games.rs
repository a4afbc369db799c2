//! Whole tables of the games with a closed rule or a table of their own: subtraction sets,
//! Bash's game, Lasker's Nim.

use super::estimate::check_memory;
use sprague::sequence::Period;

use super::report::{PeriodReport, TableReport};
use crate::request::error::{Error, Message};
use crate::request::limits::Limits;
use crate::request::parse;

/// The refusal of a table whose last heap, `upto`, is the largest integer.
pub(crate) fn upto_too_large() -> Error {
    Error::too_large(
        crate::request::error::Budget::Size,
        Message::param("upto").then(" is too large"),
    )
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
    limits: &Limits,
) -> Result<TableReport, Error> {
    use sprague::games::subtraction::SubtractionTable;
    let set = parse::parse_set(set_text)?;
    let len = upto.checked_add(1).ok_or_else(upto_too_large)?;
    check_memory(len, limits)?;
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
    limits: &Limits,
) -> Result<TableReport, Error> {
    use num_traits::ToPrimitive;
    let rules = parse::parse_rules(max, min)?;
    let m = rules
        .max()
        .to_u64()
        .filter(|&m| m <= 1 << 32)
        .ok_or_else(|| {
            Error::too_large(
                crate::request::error::Budget::Size,
                Message::param("max").then(format!(" {max}: at most 2^32 in a table")),
            )
        })?;
    let total = upto.checked_add(1).ok_or_else(upto_too_large)?;
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
pub fn lasker_table(upto: u64, until_proved: bool, limits: &Limits) -> Result<TableReport, Error> {
    let upto = if until_proved { upto.min(8) } else { upto };
    let len = upto.checked_add(1).ok_or_else(upto_too_large)?;
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
        let limits = Limits::default();
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
    fn the_lasker_table_is_the_definition_and_its_period_holds() {
        // G(n) = mex of G(k) for k < n (a take) and G(a) ⊕ G(n − a) for 0 < a < n (a split).
        let mut g: Vec<u64> = Vec::new();
        for n in 0..300usize {
            let mut seen: Vec<u64> = g.clone();
            seen.extend((1..n).map(|a| g[a] ^ g[n - a]));
            g.push((0..).find(|x| !seen.contains(x)).unwrap());
        }
        let limits = Limits::default();
        let t = lasker_table(299, false, &limits).unwrap();
        assert_eq!(t.values.as_deref(), Some(&g[..]));
        let p = t.period.unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus, p.proved), (1, 4, 4, true));
        // The period the closed form proves is the one the values show.
        let seen = crate::tables::report::observed_period(&g).unwrap();
        assert_eq!((seen.preperiod, seen.period, seen.saltus), (1, 4, 4));
        let t = lasker_table(1_000_000, true, &limits).unwrap();
        assert_eq!((t.upto, t.values.unwrap()), (8, g[..9].to_vec()));
        let big = lasker_table(3, false, &limits).unwrap();
        assert_eq!(big.values.unwrap(), [0, 1, 2, 4]);
        assert!(lasker_table(u64::MAX, false, &limits).is_err());
        assert!(lasker_table(1 << 40, false, &limits).is_err());
    }
}
