//! The baseline of `bench/misere.sh`: the misère outcome of a sum of heaps by a plain memoised
//! search of whole positions (no genus, no tame rule).
//!
//! `cargo run --release --example misere_search -- 0.77 5 9 12 17`

use std::time::Instant;

use sprague::games::octal::{HeapGame, HeapRule};
use sprague::solve::misere;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((code, heaps)) = args.split_first() else {
        eprintln!("usage: misere_search CODE|grundy HEAP…");
        std::process::exit(2);
    };
    let rule = if code == "grundy" {
        HeapRule::Grundy
    } else {
        HeapRule::Octal(code.parse().expect("an octal code"))
    };
    let heaps: Vec<u64> = heaps.iter().map(|h| h.parse().expect("a heap")).collect();
    let game = HeapGame { rule };
    let start = Instant::now();
    let outcome = misere::outcome(&game, &HeapGame::position(&heaps), usize::MAX).expect("acyclic");
    println!("{outcome} in {:.3} s", start.elapsed().as_secs_f64());
}
