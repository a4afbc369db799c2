//! The `sprague` command line: parses arguments, reads files, prints reports, sets the exit code.
//!
//! Exit codes (shared/design/cli.md): 0 success, 2 bad input (one `error:` line on stderr),
//! 1 internal failure. A closed pipe on stdout ends the run quietly with 0.

mod args;
mod cmd;
mod failure;
mod input;
mod memory;
mod output_file;
mod plot;
mod progress;
mod render;
mod served;
mod size;

use std::io::{self, Write};
use std::process::ExitCode;

use crate::failure::Failure;

fn main() -> ExitCode {
    std::panic::set_hook(Box::new(|info| {
        // A request the server computes in its own process unwinds: a worker answers it then.
        if std::thread::current().name() == Some(sprague_web::direct::THREAD_NAME) {
            return;
        }
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_owned());
        let place = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let _ = writeln!(io::stderr(), "error: internal failure: {message}{place}");
        std::process::exit(1);
    }));
    served::limit_self();
    let parsed = match args::command()
        .try_get_matches()
        .and_then(|matches| args::Parsed::from_matches(&matches))
    {
        Ok(parsed) => parsed,
        Err(err) => return clap_failure(err),
    };
    let work = move || match cmd::run(parsed) {
        Ok(code) => code,
        Err(failure) => failure.report(),
    };
    // The work runs on a thread with a large stack (reserved, not used): a script's values may
    // nest tens of thousands deep, and dropping them recurses once a level.
    match std::thread::Builder::new()
        .name("sprague".to_owned())
        .stack_size(256 << 20)
        .spawn(work)
    {
        Ok(thread) => thread.join().unwrap_or(ExitCode::FAILURE),
        Err(e) => Failure::Internal(format!("cannot start the work thread: {e}")).report(),
    }
}

/// Help and version go to stdout with exit 0; usage errors become one `error:` line and exit 2.
fn clap_failure(err: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = err.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            Failure::bad_input(missing_subcommand(&err.render().to_string())).report()
        }
        _ => {
            let rendered = err.render().to_string();
            let first = rendered
                .lines()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("error: invalid arguments")
                .trim()
                .to_owned();
            // "…were not provided:" is followed by the missing arguments, one per line: keep them.
            let first = if first.ends_with(':') {
                let named: Vec<&str> = rendered
                    .lines()
                    .skip_while(|l| l.trim() != first)
                    .skip(1)
                    .take_while(|l| !l.trim().is_empty())
                    .map(str::trim)
                    .collect();
                format!("{first} {}", named.join(", "))
            } else {
                first
            };
            let line = if first.starts_with("error:") {
                first
            } else {
                format!("error: {first}")
            };
            Failure::bad_input(line.trim_start_matches("error: ").to_owned()).report()
        }
    }
}

/// One line for a command typed without its subcommand (`sprague play`): the command, the
/// subcommands it takes, and where the help is, in place of the whole help on stderr.
fn missing_subcommand(help: &str) -> String {
    let command = help
        .lines()
        .find_map(|l| l.trim().strip_prefix("Usage: "))
        .map(|usage| {
            usage
                .split_whitespace()
                .take_while(|w| !w.starts_with(['[', '<']))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_else(|| "sprague".to_owned());
    let subcommands: Vec<&str> = help
        .lines()
        .skip_while(|l| l.trim() != "Commands:")
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        // A name stands two spaces in; deeper lines continue a wrapped description.
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .collect();
    format!(
        "`{command}` needs a command ({}); see `{command} --help`",
        subcommands.join(", ")
    )
}
