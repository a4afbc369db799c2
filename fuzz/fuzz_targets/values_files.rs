//! Values files (`table --out`) and checkpoints, read back.
#![no_main]

use sprague_api::tables::{self, long_run};

#[path = "common.rs"]
#[macro_use]
mod common;

fuzz_picking!(|pick, data| {
    if pick & 1 == 0 {
        let _ = tables::decode_values(data);
    } else {
        let _ = long_run::read_checkpoint(data, data.len() as u64, "octal 0.77", 1 << 16);
    }
});
