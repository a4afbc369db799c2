//! The fast path of `nim --batch` against the general one: every line the fast path answers must
//! give exactly the bytes of serialising `nim::analyse`'s report, as the batch loop promises
//! (`sprague-cli/src/cmd/nim.rs`). The first line plays the heaps typed on the command line
//! (`nim 3 --batch`), the others are the batch's lines, trimmed and skipped when empty as the
//! batch loop does.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_api::{nim, AnalysisOptions};

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let limits = common::limits();
    let mut lines = text.split('\n');
    let given = lines.next().unwrap_or("").trim();
    for line in lines.take(64) {
        let line = line.strip_suffix('\r').unwrap_or(line).trim();
        if line.is_empty() {
            continue;
        }
        // The heaps typed on the command line, then the line's (`given` may be empty).
        let line = format!("{given} {line}");
        let line = line.trim_start();
        let mut fast = Vec::new();
        if !nim::write_json_fast(line, &mut fast) {
            assert!(
                fast.is_empty(),
                "the fast path wrote, then declined: {line:?}"
            );
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let report = match nim::analyse(&words, &AnalysisOptions::default(), &limits) {
            Ok(report) => report,
            Err(e) => panic!("the fast path answered {line:?}, the general path refused it: {e}"),
        };
        let mut slow = serde_json::to_vec(&report).expect("a report serialises");
        slow.push(b'\n');
        assert_eq!(
            String::from_utf8_lossy(&fast),
            String::from_utf8_lossy(&slow),
            "the two paths differ on {line:?}"
        );
    }
});
