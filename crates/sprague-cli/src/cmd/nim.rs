//! `sprague nim H…`: Nim and misère Nim, and Moore's Nim_K (`--moore K`).

use std::process::ExitCode;

use sprague_api::{moore_nim, nim, Analysis, Limits};

use crate::args::NimArgs;
use crate::failure::Failure;

pub fn run(args: NimArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let options = super::options(&args.output, args.misere);
    if let Some(k) = &args.moore {
        // Moore's Nim_K: no fast path, every line through the analysis.
        let analyse = |words: &[&str]| -> Result<Analysis, Failure> {
            Ok(moore_nim::analyse(words, k, &options, limits)?)
        };
        if args.output.batch {
            return super::word_batch(&args.heaps, analyse);
        }
        let words: Vec<&str> = args.heaps.iter().map(String::as_str).collect();
        return super::print(&args.output, &analyse(&words)?);
    }
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
