//! `sprague script FILE POSITION`: a game whose rules are a Rhai script.

use std::process::ExitCode;

use sprague_api::script::{compile_with_params, ScriptGame, ScriptLimits, ScriptSession};

use crate::args::{ScriptArgs, ScriptRunArgs};
use crate::failure::Failure;

/// Reads and compiles the script named on the command line.
pub fn load(file: &str, limits_args: &ScriptRunArgs) -> Result<ScriptGame, Failure> {
    let limits = limits_args;
    // A script longer than 16 MiB is no one's rules: refuse it rather than read for ever.
    let source = crate::input::read_text(file, 16 << 20, "script")?;
    let all = super::limits();
    let memory = all.memory_bytes;
    let limits = ScriptLimits {
        max_operations_per_call: limits.max_operations,
        max_seconds_per_call: limits.max_call_seconds,
        // An eighth of the memory allowed, at most 512 MiB: no game's moves need more in one
        // call.
        max_bytes_per_call: usize::try_from((memory / 8).min(512 << 20)).unwrap_or(512 << 20),
        // Nine tenths: the script's own refusal, which names the positions kept, comes before
        // the allocator's line for the whole process (`memory::MeteredAllocator`).
        max_total_bytes: usize::try_from(memory / 10 * 9).unwrap_or(usize::MAX),
        max_seconds_per_request: all.max_seconds,
        meter: Some(&crate::memory::ALLOCATOR),
        ..ScriptLimits::default()
    };
    let mut game =
        compile_with_params(&source, limits, &limits_args.params).map_err(|e| e.context(file))?;
    // To measure what compiling gains: every call in Rhai, as before it existed.
    if std::env::var_os("SPRAGUE_SCRIPT_INTERPRET").is_some() {
        game.interpret_only();
    }
    Ok(game)
}

pub fn run(args: ScriptArgs) -> Result<ExitCode, Failure> {
    let game = load(&args.file, &args.script)?;
    let mut session = ScriptSession::new(&game, args.script.max_positions);
    let options = sprague_api::AnalysisOptions {
        every: args.every,
        ..super::options(&args.output, args.misere)
    };
    if args.output.batch {
        super::refuse_position_with_batch(!args.position.is_empty(), "a POSITION")?;
        return super::batch(|line| Ok(session.analyse(line, &options)?));
    }
    let analysis = session.analyse(&args.position.join(" "), &options)?;
    super::print(&args.output, &analysis)
}
