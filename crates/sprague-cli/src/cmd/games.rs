//! `sprague games`: the catalogue of games, as text or JSON (the web page's `/api/games`).

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use sprague_api::catalogue::{self, Input};

use crate::args::GamesArgs;
use crate::failure::Failure;

pub fn run(args: &GamesArgs) -> Result<ExitCode, Failure> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let games = catalogue::games();
    if args.json {
        serde_json::to_writer(&mut out, games)?;
        writeln!(out)?;
    } else {
        let width = games.iter().map(|g| g.name.len()).max().unwrap_or(0);
        for game in games {
            writeln!(out, "{:<width$}  {}", game.name, game.rule)?;
            writeln!(out, "{:<width$}  position: {}", "", game.position)?;
            let example = match game.example_text {
                Some(text) if game.input == Input::File => format!(
                    "printf '{}' | {}",
                    text.replace('\n', "\\n"),
                    game.example_command()
                ),
                _ => game.example_command(),
            };
            writeln!(out, "{:<width$}  example:  {example}", "")?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
