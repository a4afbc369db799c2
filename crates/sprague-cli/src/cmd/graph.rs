//! `sprague graph FILE`: tokens on a directed game graph, cycles allowed.

use std::io::Read;
use std::process::ExitCode;

use sprague_api::{graph, Limits};

use crate::args::GraphArgs;
use crate::failure::Failure;

pub fn run(args: GraphArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let options = super::options(&args.output, false);
    super::file_command(args.file.as_deref(), &args.output, |bytes| {
        graph::analyse(&graph::parse(bytes, limits)?, &options, limits)
    })
}

/// Reads a whole file, or standard input for `-`.
pub fn read_input(path: &str) -> Result<Vec<u8>, Failure> {
    if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| Failure::bad_input(format!("cannot read standard input: {e}")))?;
        return Ok(bytes);
    }
    std::fs::read(path).map_err(|e| Failure::bad_input(format!("cannot read `{path}`: {e}")))
}
