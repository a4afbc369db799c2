//! Text and JSON output of reports.

use std::io::Write;

use sprague_api::{Analysis, NimValue, Outcome};

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
            write!(out, "  {}   -> {outcome}, nim-value {value}{mark}", m.text)?;
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
