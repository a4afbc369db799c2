//! `sprague nim H…`: Nim and misère Nim.

use std::process::ExitCode;

use sprague_api::{nim, Limits};

use crate::args::NimArgs;
use crate::failure::Failure;

pub fn run(args: NimArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let options = super::options(&args.output, args.misere);
    if args.output.batch {
        let plain = !options.misere && !options.all_moves;
        let given = args.heaps.join(" ");
        return super::batch_with(|line, out| {
            let joined;
            let line = if given.is_empty() {
                line
            } else {
                joined = format!("{given} {line}");
                &joined
            };
            if plain && nim::write_json_fast(line, out) {
                return Ok(());
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            let analysis = nim::analyse(&words, &options, limits)?;
            serde_json::to_writer(&mut *out, &analysis)?;
            out.push(b'\n');
            Ok(())
        });
    }
    let analysis = nim::analyse(&args.heaps, &options, limits)?;
    super::print(&args.output, &analysis)
}
