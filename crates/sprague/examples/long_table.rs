//! A long heap-game table with a progress log: `cargo run --release -p sprague --example
//! long_table -- grundy 1073741824` (or an octal code instead of `grundy`). Prints, as it goes,
//! the heaps done, the rate, the number of rare heaps, and each new largest value with the first
//! heap that has it (for Grundy's game Flammenkamp lists 256 first at n = 7250049).

use std::time::Instant;

use sprague::games::octal::HeapRule;
use sprague::sequence::table::{HeapTable, Method};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rule = match args.get(1).map(String::as_str) {
        Some("grundy") | None => HeapRule::Grundy,
        Some(code) => HeapRule::octal(code).expect("an octal code"),
    };
    let upto: usize = args
        .get(2)
        .map_or(1 << 24, |n| n.parse().expect("a number of values"));
    let mut table = HeapTable::new(rule, Method::Sparse);
    let start = Instant::now();
    let mut largest = 0u16;
    let mut step = 1 << 16;
    while table.len() < upto {
        let from = table.len();
        let to = (from + step).min(upto);
        table.extend_to(to).expect("values fit in two bytes");
        for (n, &v) in table.values()[from..].iter().enumerate() {
            if v > largest {
                largest = v;
                println!("first {v} at n = {}", from + n);
            }
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{to} values in {secs:.1} s ({:.0} values/s), rare heaps {}, mask {}",
            to as f64 / secs,
            table.rare_count(),
            table.mask()
        );
        step = (step * 2).min(1 << 24);
    }
}
