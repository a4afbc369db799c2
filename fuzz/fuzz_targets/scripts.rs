//! Scripts and script positions: the first line is the position, the rest the script, run with
//! small budgets (operations, seconds, positions, position sizes).
#![no_main]

use sprague_api::script::{compile, ScriptSession};
use sprague_api::AnalysisOptions;
use sprague_script::ScriptLimits;

#[path = "common.rs"]
#[macro_use]
mod common;

fuzz_picking!(|pick, data| {
    let (position, source) = common::head_and_rest(data);
    let limits = ScriptLimits {
        max_operations_per_call: 20_000,
        max_moves_per_position: 1_000,
        max_position_len: 64,
        max_seconds_per_call: 1,
        // As the command line with SPRAGUE_TIME_LIMIT=2: a loopy script whose sums keep growing
        // is bounded by the request's time, not by the fuzzer's timeout.
        max_seconds_per_request: common::limits().max_seconds,
        ..ScriptLimits::default()
    };
    let Ok(game) = compile(&source, limits) else {
        return;
    };
    let mut session = ScriptSession::new(&game, 10_000);
    let options = AnalysisOptions {
        all_moves: pick & 1 != 0,
        misere: pick & 2 != 0,
        every: pick & 2 == 0 && pick & 4 != 0,
    };
    let _ = session.analyse(&position, &options);
    // The compiled tables (a table of integers, a grid of pairs), on a fresh session, and the
    // compiled code against Rhai: the same values or the same error.
    if pick & 8 != 0 {
        let mut table = ScriptSession::new(&game, 10_000);
        let fast = if pick & 16 != 0 {
            table.grid("script", 6, 6).map(|r| format!("{:?}", r.grid))
        } else {
            table.table("script", 40).map(|r| format!("{:?}", r.values))
        };
        let Ok(mut slow_game) = compile(&source, limits) else {
            return;
        };
        slow_game.interpret_only();
        let mut slow = ScriptSession::new(&slow_game, 10_000);
        let expected = if pick & 16 != 0 {
            slow.grid("script", 6, 6).map(|r| format!("{:?}", r.grid))
        } else {
            slow.table("script", 40).map(|r| format!("{:?}", r.values))
        };
        // Budgets (time, memory) may end one run and not the other; values must agree.
        if let (Ok(a), Ok(b)) = (&fast, &expected) {
            assert_eq!(a, b, "compiled and interpreted tables differ");
        }
    }
});
