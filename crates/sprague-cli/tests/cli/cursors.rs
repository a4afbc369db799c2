//! `sprague solve cursors`: small values checked by hand, files, 10^5 elements, bad input.

use std::io::Write;

use crate::{bad_input, json};

fn value(args: &[&str]) -> serde_json::Value {
    json(&[&["solve", "cursors"], args].concat(), "")["value"].clone()
}

#[test]
fn small_games_by_hand() {
    // One row, sums 5, 3, 1: the maximiser can always make it 3.
    assert_eq!(value(&["--a", "0", "--b", "5,3,1"]), 3);
    // A start already at the smallest sum: the minimiser ends at once.
    assert_eq!(value(&["--a", "2,1", "--b", "3,0", "--start", "2,2"]), 1);
    // Negative values; the same game in another order takes the explicit path, same answer.
    assert_eq!(value(&["--a", "4,3,-3", "--b", "5,2,-5"]), 2);
    assert_eq!(
        value(&["--a", "-3,4,3", "--b", "2,-5,5", "--start", "2,3"]),
        2
    );
}

#[test]
fn a_sequence_is_read_from_a_file_and_1e5_elements_are_fast() {
    let n = 100_000;
    let a = |i: i64| 1_000_000_000i64 - 7 * i - (i % 7);
    let path = std::env::temp_dir().join(format!("sprague-cursors-{}.txt", std::process::id()));
    let mut file = std::fs::File::create(&path).unwrap();
    for i in 0..n {
        writeln!(file, "{}", a(i)).unwrap();
    }
    drop(file);
    let b: Vec<String> = (0..n).map(|i| (2 * (n - i)).to_string()).collect();
    let path_b = path.with_extension("b");
    std::fs::write(&path_b, b.join(",")).unwrap();
    let arg_a = format!("@{}", path.display());
    let arg_b = format!("@{}", path_b.display());
    let start = std::time::Instant::now();
    let v = value(&["--a", &arg_a, "--b", &arg_b, "--start", "5,7"]);
    // The score lies between the smallest sum and the start's.
    let v = v.as_i64().unwrap();
    assert!(v >= a(n - 1) + 2);
    assert!(v <= a(4) + 2 * (n - 6));
    assert!(start.elapsed().as_secs() < 30);
    std::fs::remove_file(path).unwrap();
    std::fs::remove_file(path_b).unwrap();
}

#[test]
fn bad_input_gives_one_error_line() {
    assert_eq!(
        bad_input(&["solve", "cursors", "--a", "1,x", "--b", "1"], ""),
        "error: --a: value 2: `x` is not an integer"
    );
    assert_eq!(
        bad_input(
            &["solve", "cursors", "--a", "1", "--b", "1", "--start", "1,2"],
            ""
        ),
        "error: --start: D 2 is not in 1..=1"
    );
    let rising: Vec<String> = (0..3000).map(|i| i.to_string()).collect();
    let err = bad_input(
        &["solve", "cursors", "--a", &rising.join(","), "--b", "1,0"],
        "",
    );
    assert!(err.starts_with("error: --a is not non-increasing"), "{err}");
    assert!(
        bad_input(&["solve", "cursors", "--a", "@/no/such", "--b", "1"], "")
            .starts_with("error: cannot read `/no/such`")
    );
}
