//! Values files (`table --out`) and checkpoints, read back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_api::tables::{self, long_run};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, data)) = data.split_first() else {
        return;
    };
    if pick & 1 == 0 {
        let _ = tables::decode_values(data);
    } else {
        let _ = long_run::read_checkpoint(data, data.len() as u64, "octal 0.77", 1 << 16);
    }
});
