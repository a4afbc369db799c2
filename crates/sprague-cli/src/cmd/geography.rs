//! `sprague geography FILE --start V` (or `--all`): undirected vertex geography.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use sprague_api::{geography, Limits};

use crate::args::GeographyArgs;
use crate::failure::Failure;

pub fn run(args: GeographyArgs, limits: &Limits) -> Result<ExitCode, Failure> {
    let options = super::options(&args.output, false);
    if args.output.batch {
        super::refuse_position_with_batch(args.file.is_some(), "FILE")?;
        if args.all {
            // Each line: FILE; the answer is every start's outcome, as `--all --json` prints it.
            return super::batch_with(|line, out| {
                let bytes = crate::input::read_counted(line, limits)?;
                let input = geography::parse(&bytes, limits).map_err(|e| e.context(line))?;
                let all = geography::analyse_all(&input).map_err(|e| e.context(line))?;
                serde_json::to_writer(&mut *out, &all)?;
                out.push(b'\n');
                Ok(())
            });
        }
        // Each line: FILE, optionally followed by the start (else --start).
        let default_start = args.start.clone();
        return super::batch(|line| {
            let mut words = line.split_whitespace();
            let file = words.next().unwrap_or_default();
            let start = words
                .next()
                .map(str::to_owned)
                .or_else(|| default_start.clone())
                .ok_or_else(|| Failure::bad_input("expected `FILE START` on the line"))?;
            let bytes = crate::input::read_counted(file, limits)?;
            let input = geography::parse(&bytes, limits).map_err(|e| e.context(file))?;
            let start = geography::parse_start(&start, &input)?;
            Ok(geography::analyse(&input, start, &options).map_err(|e| e.context(file))?)
        });
    }
    let file = args
        .file
        .as_deref()
        .expect("clap requires FILE without --batch");
    let bytes = crate::input::read_counted(file, limits)?;
    let input = geography::parse(&bytes, limits).map_err(|e| e.context(file))?;
    drop(bytes);
    if args.all {
        let all = geography::analyse_all(&input).map_err(|e| e.context(file))?;
        let stdout = io::stdout();
        let mut out = BufWriter::new(stdout.lock());
        if args.output.json {
            serde_json::to_writer(&mut out, &all)?;
            writeln!(out)?;
        } else {
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
        }
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let start = args
        .start
        .as_deref()
        .ok_or_else(|| Failure::bad_input("geography: give --start V (or --all)"))?;
    let start = geography::parse_start(start, &input)?;
    let analysis = geography::analyse(&input, start, &options).map_err(|e| e.context(file))?;
    super::print(&args.output, &analysis)
}
