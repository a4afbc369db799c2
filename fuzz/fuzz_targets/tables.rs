//! `sprague table` families: subtraction sets, Bash, Lasker's Nim, octal codes and named heap
//! games (through the long run behind `table`, with its time budget), a checkpoint's values
//! checked against a rule, and the period and pattern finders on arbitrary values. The first
//! byte picks; the first line is the rule, the second `--upto` (capped where the command has no
//! time budget of its own, so that a run stays short).
#![no_main]

use sprague_api::parse;
use sprague_api::tables::{self, long_run};

#[path = "common.rs"]
#[macro_use]
mod common;

/// The values of the rest of the input, `width` bytes each, little-endian.
fn values(data: &[u8], width: usize) -> Vec<u64> {
    data.chunks_exact(width)
        .map(|c| c.iter().rev().fold(0u64, |acc, &b| acc << 8 | u64::from(b)))
        .collect()
}

fuzz_picking!(|pick, data| {
    let limits = common::limits();
    let until_proved = pick & 0x80 != 0;
    let (rule, rest) = common::head_and_rest(data);
    let upto_word = rest.lines().next().unwrap_or("").trim();
    let upto: u64 = upto_word.parse().unwrap_or(64);
    match pick % 7 {
        0 => {
            let _ = tables::subtraction_table(&rule, upto.min(1 << 16), until_proved, &limits);
        }
        1 => {
            let mut parts = rule.split_whitespace();
            let max = parts.next().unwrap_or("");
            let _ = tables::bash_table(max, parts.next(), upto.min(1 << 16), until_proved, &limits);
        }
        2 => {
            let _ = tables::lasker_table(upto.min(1 << 20), until_proved, &limits);
        }
        3 | 4 => {
            // `table octal CODE`, `table octal --take-set S`, `table NAME`: the long run's own
            // budgets (time and memory) bound it.
            let rule = rule.trim();
            let parsed = if pick % 7 == 3 {
                parse::parse_code(rule).map(|r| (r, format!("octal {rule}")))
            } else {
                parse::parse_take_set(rule)
                    .or_else(|_| parse::named_rule(rule).map(|r| (r, rule.to_owned())))
            };
            if let Ok((rule, family)) = parsed {
                let _ = tables::estimate_seconds(&rule, upto);
                let _ = tables::table(&family, &rule, upto, until_proved, &limits);
            }
        }
        5 => {
            // A checkpoint's values (two bytes each, after the second line) against the rule.
            let Ok(rule) = parse::parse_code(rule.trim()) else {
                return;
            };
            let mut parts = data.splitn(3, |&b| b == b'\n');
            let body = parts.nth(2).unwrap_or_default();
            let values: Vec<u16> = values(body, 2).into_iter().map(|v| v as u16).collect();
            let _ = long_run::check_resumed_values(&rule, &values);
        }
        _ => {
            // The period finder on a sequence, and the pattern finder on it cut into rows.
            let values = values(data, 1 + usize::from(pick >> 4 & 7));
            let _ = tables::observed_period(&values);
            let width = usize::from(pick >> 4 & 7) + 1;
            let grid: Vec<Vec<u64>> = values.chunks(width).map(<[u64]>::to_vec).collect();
            if grid.iter().all(|row| row.len() == width) {
                let _ = tables::grid_patterns(&grid);
            }
        }
    }
});
