//! Text and JSON output of reports.

use std::io::Write;

use sprague_api::catalogue::Report;
use sprague_api::cursors::CursorsReport;
use sprague_api::geography::AllStarts;
use sprague_api::{Analysis, NimValue, Outcome, ScoreReport, ScoreValue};

use crate::failure::Failure;

/// Prints an analysis as one JSON object on one line.
pub fn json(out: &mut impl Write, analysis: &Analysis) -> Result<(), Failure> {
    serde_json::to_writer(&mut *out, analysis)?;
    out.write_all(b"\n")?;
    Ok(())
}

/// Prints an analysis for a person to read.
pub fn text(out: &mut impl Write, analysis: &Analysis) -> Result<(), Failure> {
    writeln!(out, "{} {}", analysis.game, analysis.position)?;
    writeln!(
        out,
        "outcome:   {} ({})",
        analysis.outcome,
        analysis.outcome.describe()
    )?;
    let value = match &analysis.nim_value {
        NimValue::None if analysis.note.is_some() => "none (see the note)".to_owned(),
        NimValue::None => "none (misère play)".to_owned(),
        v => v.to_string(),
    };
    writeln!(out, "nim-value: {value}")?;
    if let Some(r) = analysis.remoteness {
        writeln!(out, "remoteness: {r} ({})", describe_remoteness(r))?;
    }
    if let Some(steps) = analysis.steps {
        writeln!(out, "steps:     {steps} (Every-SG: odd wins)")?;
    }
    if let Some(genus) = &analysis.genus {
        writeln!(
            out,
            "genus:     {genus} (misère: g^γ0γ1…, γ0 = 0 when lost)"
        )?;
    }
    if let Some(note) = &analysis.note {
        writeln!(out, "note:      {note}")?;
    }
    if let Some(all) = &analysis.all_moves {
        writeln!(out, "moves ({}):", all.len())?;
        for m in all {
            if m.outcome.is_none() && m.to.is_none() {
                // A script's `win()`: the game ends, there is no position to value.
                writeln!(out, "  {}   wins at once", m.text)?;
                continue;
            }
            let outcome = m.outcome.map(|o| o.letter()).unwrap_or('?');
            let value = m
                .nim_value
                .as_ref()
                .map(|v| v.to_string())
                .unwrap_or_default();
            let mark = if outcome == 'P' { "  wins" } else { "" };
            let remoteness = m
                .remoteness
                .map(|r| format!(", remoteness {r}"))
                .unwrap_or_default();
            write!(
                out,
                "  {}   -> {outcome}, nim-value {value}{remoteness}{mark}",
                m.text
            )?;
            writeln!(out)?;
        }
        return Ok(());
    }
    if analysis.winning_moves.is_empty() && analysis.outcome == Outcome::N {
        // The player to move wins, so there is a winning move: it was not listed.
        let why = if analysis.note.is_some() {
            " (see the note)"
        } else {
            ""
        };
        writeln!(out, "winning moves: not listed{why}")?;
    } else if analysis.winning_moves.is_empty() {
        writeln!(out, "winning moves: none")?;
    } else {
        writeln!(out, "winning moves ({}):", analysis.winning_moves.len())?;
        for m in &analysis.winning_moves {
            match m.to.as_deref() {
                // A coin-turning move can leave no head at all.
                Some("") => writeln!(out, "  {:<28} leaves nothing", m.text)?,
                Some(to) => writeln!(out, "  {:<28} leaves {to}", m.text)?,
                None => writeln!(out, "  {}", m.text)?,
            }
        }
    }
    Ok(())
}

/// What a remoteness says in words: who wins, in how many moves (odd: the player to move).
fn describe_remoteness(r: u64) -> String {
    let moves = if r == 1 { "move" } else { "moves" };
    if r == 0 {
        "the game is over: the player to move has lost".to_owned()
    } else if r % 2 == 1 {
        format!("the player to move wins in {r} {moves}")
    } else {
        format!("the player to move loses in {r} {moves}, at the slowest")
    }
}

/// Prints a catalogue game's report for a person to read, as its kind is written.
pub fn report(out: &mut impl Write, report: &Report) -> Result<(), Failure> {
    match report {
        Report::Analysis(analysis) => text(out, analysis),
        Report::Score(score_report) => score(out, score_report),
        Report::AllStarts(all) => all_starts(out, all),
        Report::Cursors(cursors_report) => cursors(out, cursors_report),
        Report::Value(value) => {
            writeln!(out, "{}", value.text)?;
            Ok(())
        }
    }
}

/// Geography from every start: the graph, then the winning starts.
pub fn all_starts(out: &mut impl Write, all: &AllStarts) -> Result<(), Failure> {
    writeln!(
        out,
        "geography: {} vertices, maximum matching {} ({})",
        all.vertices,
        all.matching,
        if all.bipartite {
            "bipartite"
        } else {
            "not bipartite"
        }
    )?;
    writeln!(
        out,
        "the player to move wins from {} starts:",
        all.winning_starts.len()
    )?;
    let words: Vec<String> = all.winning_starts.iter().map(|v| v.to_string()).collect();
    writeln!(out, "  {}", words.join(" "))?;
    Ok(())
}

/// The cursor game's value.
pub fn cursors(out: &mut impl Write, report: &CursorsReport) -> Result<(), Failure> {
    writeln!(out, "cursors {}", report.position)?;
    writeln!(
        out,
        "value: {} (the final score a_C + b_D under optimal play; the first player minimises)",
        report.value
    )?;
    Ok(())
}

/// A scoring game's value and best moves.
pub fn score(out: &mut impl Write, report: &ScoreReport) -> Result<(), Failure> {
    let position = if report.position.is_empty() {
        "(start)"
    } else {
        &report.position
    };
    writeln!(out, "{} {position}", report.game)?;
    if let (Some(width), Some(height)) = (report.width, report.height) {
        writeln!(out, "board:    {width} columns × {height} rows")?;
    }
    match &report.to_move {
        Some(player) => writeln!(out, "to move:  {player}")?,
        None => writeln!(out, "to move:  nobody, the game is over")?,
    }
    if let Some([a, b]) = report.triangles {
        writeln!(out, "so far:   A {a}, B {b}")?;
    }
    let sign = |v: i32| match v.signum() {
        1 => "the player to move wins",
        0 => "a draw",
        _ => "the player to move loses",
    };
    let (label, number, meaning) = match report.result {
        ScoreValue::Difference(v) => (
            "value:   ",
            v,
            "A's final score minus B's under optimal play",
        ),
        ScoreValue::Outcome(v) => ("value:   ", v, sign(v)),
        ScoreValue::Score(v) => ("score:   ", v, sign(v)),
    };
    writeln!(out, "{label} {number} ({meaning})")?;
    if let Some(r) = report.remoteness {
        writeln!(out, "remoteness: {r} ({})", describe_remoteness(r))?;
    }
    if let Some(winner) = &report.winner {
        writeln!(out, "winner:   {winner}")?;
    }
    if let Some(best) = &report.best_moves {
        if best.is_empty() {
            writeln!(out, "best moves: none")?;
        } else {
            writeln!(out, "best moves ({}):", best.len())?;
            for m in best {
                match &m.to {
                    Some(to) => writeln!(out, "  {:<14} leaves {to}", m.text)?,
                    None => writeln!(out, "  {}", m.text)?,
                }
            }
        }
    }
    if let Some(moves) = &report.moves {
        let listed: Vec<String> = moves
            .iter()
            .map(|m| format!("{}: {}", m.column, m.score))
            .collect();
        if listed.is_empty() {
            writeln!(out, "moves:    none")?;
        } else {
            writeln!(
                out,
                "moves:    {} (column: score for its player)",
                listed.join(", ")
            )?;
        }
    }
    if let Some(stats) = &report.stats {
        write!(out, "explored: {} positions", stats.nodes)?;
        if let Some(forced) = stats.forced {
            write!(out, " ({forced} forced)")?;
        }
        writeln!(out, " in {:.3} ms", stats.time_ms)?;
    }
    Ok(())
}
