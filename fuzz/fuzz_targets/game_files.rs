//! Game graph, Green Hackenbush and geography files, parsed and analysed.
#![no_main]

use sprague_api::{geography, graph, hackenbush, AnalysisOptions};

#[path = "common.rs"]
#[macro_use]
mod common;

fuzz_picking!(|pick, data| {
    let limits = common::limits();
    let options = AnalysisOptions {
        all_moves: pick & 0x80 != 0,
        ..AnalysisOptions::default()
    };
    match pick % 3 {
        0 => {
            if let Ok(input) = graph::parse(data, &limits) {
                let _ = graph::analyse(&input, &options, &limits);
            }
        }
        1 => {
            if let Ok(game) = hackenbush::parse(data, &limits) {
                let _ = hackenbush::analyse(&game, &options, &limits);
            }
        }
        _ => {
            if let Ok(input) = geography::parse(data, &limits) {
                if pick & 0x40 != 0 {
                    let _ = geography::analyse_all(&input);
                } else if let Ok(start) = geography::parse_start("1", &input) {
                    let _ = geography::analyse(&input, start, &options);
                }
            }
        }
    }
});
