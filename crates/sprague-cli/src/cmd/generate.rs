//! `sprague completions SHELL` and `sprague man`: shell completions and the manual page, made
//! (clap_complete, clap_mangen) from the command definition the help comes from
//! (`args::command`), so that every game of the catalogue is in them.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use crate::failure::Failure;

/// Prints the completion script of `shell`.
pub fn completions(shell: clap_complete::Shell) -> Result<ExitCode, Failure> {
    let mut command = crate::args::command();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    clap_complete::generate(shell, &mut command, "sprague", &mut out);
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Prints the manual page, roff, to standard output.
pub fn man() -> Result<ExitCode, Failure> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    clap_mangen::Man::new(crate::args::command()).render(&mut out)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
