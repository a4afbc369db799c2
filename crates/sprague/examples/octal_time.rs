//! Scratch timing (not committed).
use sprague::games::octal::HeapRule;
use sprague::sequence::table::{HeapTable, Method};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let rule = if a[1] == "grundy" {
        HeapRule::Grundy
    } else {
        HeapRule::octal(&a[1]).unwrap()
    };
    let n: usize = a[2].parse().unwrap();
    let m = if a.get(3).map(|s| s.as_str()) == Some("naive") {
        Method::Naive
    } else {
        Method::Sparse
    };
    let t = std::time::Instant::now();
    let mut tb = HeapTable::new(rule, m);
    tb.extend_to(n).unwrap();
    let h: u64 = tb.values().iter().map(|&v| v as u64).sum();
    println!(
        "scans {} scanned {}",
        sprague::sequence::table::SCANS.load(std::sync::atomic::Ordering::Relaxed),
        sprague::sequence::table::SCANNED.load(std::sync::atomic::Ordering::Relaxed)
    );
    println!(
        "{:?} sum {} rare {} mask {:b} max {}",
        t.elapsed(),
        h,
        tb.rare_count(),
        tb.mask(),
        tb.values().iter().max().unwrap()
    );
}
