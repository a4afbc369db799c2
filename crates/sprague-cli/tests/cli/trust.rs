//! Issue #39 (Trust II): each reproducer of the issue, answered or refused with one line and exit
//! code 2 within its budget, the whole run inside `SPRAGUE_MEMORY_LIMIT` and the operating
//! system's own limits (`ulimit -v`).

use std::io::Write;
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::{refused, scratch, sprague, sprague_std, succeeds};

/// Runs `sprague ARGS` under `ulimit -v KIB` (through `sh`), expecting the refusal of
/// [`refused`]; returns its line.
fn refused_under_ulimit(kib: u64, args: &[&str], stdin: &str) -> String {
    let bin = assert_cmd::cargo::cargo_bin("sprague");
    let mut cmd = assert_cmd::Command::new("sh");
    cmd.arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(bin)
        .args(args)
        .env_remove("SPRAGUE_MEMORY_LIMIT")
        .write_stdin(stdin);
    let line = refused(&mut cmd);
    assert!(!line.contains("memory allocation"), "{line}");
    line
}

#[test]
fn estimates_see_an_address_space_limit() {
    // 1.5 GiB of address space: "it fits" by MemAvailable alone was followed by an abort.
    let kib = 1_536 * 1024;
    let line = refused_under_ulimit(kib, &["solve", "connect4", "4453", "--memory", "64G"], "");
    assert!(line.contains("needs about 8.0 GiB"), "{line}");
    let line = refused_under_ulimit(kib, &["table", "grundys-game", "--upto", "1000000000"], "");
    assert!(line.contains("needs about"), "{line}");
    let line = refused_under_ulimit(kib, &["graph", "-"], "4000000000 1 4000000000\n1 2\n");
    assert!(
        line.contains("needs about") || line.contains("more than"),
        "{line}"
    );
}

#[test]
fn a_script_that_grows_for_ever_is_refused_inside_the_limit() {
    let dir = scratch("trust-grow");
    let file = dir.join("grow.rhai");
    std::fs::write(&file, "fn moves(n) { [n + 1] }").unwrap();
    let started = Instant::now();
    let line = refused(
        sprague()
            .args(["script", file.to_str().unwrap(), "0"])
            .args(["--max-positions", "18446744073709551615"])
            .env("SPRAGUE_MEMORY_LIMIT", "200M"),
    );
    // Refused for its positions, by the memory they would fill, before the allocator's line.
    assert!(line.contains("positions fill the"), "{line}");
    assert!(started.elapsed() < Duration::from_secs(60));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_typed_line_of_endless_input_is_refused_not_read_into_memory() {
    let mut child = sprague_std()
        .args(["play", "nim", "3", "4", "5"])
        .env("SPRAGUE_MEMORY_LIMIT", "1G")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // 32 MiB without a newline, then the pipe stays open: the program must stop on its own.
    let writer = std::thread::spawn(move || {
        let chunk = vec![b'7'; 1 << 20];
        for _ in 0..32 {
            if stdin.write_all(&chunk).is_err() {
                return;
            }
        }
        std::thread::sleep(Duration::from_secs(5));
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("longer than 16777216 bytes"), "{stderr}");
}

#[test]
fn a_grid_of_more_cells_than_a_word_holds_is_refused() {
    let line = refused(sprague().args([
        "table",
        "script",
        &crate::example("wythoff.rhai"),
        "--grid",
        "18446744073709551615,0",
    ]));
    assert!(line.contains("18446744073709551616 cells"), "{line}");
}

#[test]
fn fibonacci_nim_on_a_huge_heap_is_linear_in_memory_and_estimated() {
    // 20,000 digits took 110 s and 1.65 GB: now about a second, memory linear, the listing capped.
    let heap = "7".repeat(20_000);
    let text = succeeds(
        sprague()
            .args(["fibonacci-nim", &heap, "--json"])
            .env("SPRAGUE_MEMORY_LIMIT", "100M"),
    );
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["outcome"], "N");
    let note = v["note"].as_str().unwrap();
    assert!(note.contains("winning moves in all"), "{note}");
    // Past the time allowed, refused with the estimate before the walk.
    let heap = "7".repeat(100_000);
    let line = refused(
        sprague()
            .args(["fibonacci-nim", &heap])
            .env("SPRAGUE_TIME_LIMIT", "1"),
    );
    assert!(line.contains("more than the 1 s allowed"), "{line}");
}

#[test]
fn moore_nim_counts_within_the_memory_and_refuses_a_listing_first() {
    let heaps: Vec<String> = (0..30u64)
        .map(|i| ((1u64 << 59) + i.wrapping_mul(0x9E37_79B9_7F4A_7C15) % (1 << 59)).to_string())
        .collect();
    for k in ["10", "20"] {
        let started = Instant::now();
        let mut args = vec!["nim", "--moore", k];
        args.extend(heaps.iter().map(String::as_str));
        args.push("--json");
        let text = succeeds(sprague().args(&args).env("SPRAGUE_MEMORY_LIMIT", "300M"));
        assert!(text.contains("winning moves"), "{text}");
        assert!(started.elapsed() < Duration::from_secs(60), "K = {k}");
    }
    // --all-moves: refused on the count of moves, before any analysis.
    let many: Vec<String> = (0..1000u64)
        .map(|i| (u64::MAX - i * 7919).to_string())
        .collect();
    let mut args = vec!["nim", "--moore", "3"];
    args.extend(many.iter().map(String::as_str));
    args.push("--all-moves");
    let started = Instant::now();
    let line = refused(sprague().args(&args));
    assert!(line.contains("--all-moves would list"), "{line}");
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn every_sg_of_a_three_heap_code_is_refused_before_it_searches() {
    // Was 5.4 GB and an abort; 0.F's heap 100 ran 10 minutes to 5 GB.
    for heap in ["1000", "300", "100"] {
        let started = Instant::now();
        let line = refused(sprague().args(["octal", "0.F", heap, "--every"]));
        assert!(line.contains("sums of heaps"), "{line}");
        assert!(started.elapsed() < Duration::from_secs(5), "heap {heap}");
    }
    // A search past its time is stopped by the options it looks at, within the limit.
    let started = Instant::now();
    let line = refused(
        sprague()
            .args(["octal", "0.F", "70", "--every"])
            .env("SPRAGUE_TIME_LIMIT", "2"),
    );
    assert!(line.contains("Every-SG steps of octal 0.F"), "{line}");
    assert!(started.elapsed() < Duration::from_secs(30));
}

#[test]
fn a_turning_listing_is_checked_on_what_it_writes() {
    // 10^6 moves passed the count; their boxes and `to`s are 2.5·10^11 coins.
    let line = refused(sprague().args(["turning", "ruler,ruler", "1000,1000", "--all-moves"]));
    assert!(line.contains("--all-moves would write about"), "{line}");
    let line = refused(sprague().args(["turning", "ruler", "100000", "--all-moves"]));
    assert!(line.contains("--all-moves would write about"), "{line}");
    // A small one is listed.
    let text = succeeds(sprague().args(["turning", "ruler,ruler", "3,4", "--all-moves"]));
    assert!(text.contains("moves (12)"), "{text}");
}

#[test]
fn an_error_line_quotes_a_few_dozen_characters_escaped() {
    // One argument may hold at most 128 KiB; standard input is read further (--batch).
    let junk = format!("{}\u{1b}[31m{}", "x".repeat(60_000), "y".repeat(60_000));
    let line = refused(sprague().args(["nim", &junk]));
    assert!(line.len() < 400, "{} bytes: {}", line.len(), &line[..400]);
    assert!(!line.contains('\u{1b}'), "{line:?}");
}

#[test]
fn winning_moves_not_listed_are_not_called_none() {
    // Outcome N with the moves not searched (a product past the search's size).
    let text = succeeds(sprague().args([
        "turning",
        "mock-turtles,mock-turtles",
        "123456789,987654321",
    ]));
    assert!(text.contains("outcome:   N"), "{text}");
    assert!(
        text.contains("winning moves: not listed (see the note)"),
        "{text}"
    );
    // A lost position still has none.
    let text = succeeds(sprague().args(["nim", "1", "1"]));
    assert!(text.contains("winning moves: none"), "{text}");
}

#[test]
fn out_dash_is_standard_output_and_names_no_file() {
    let dir = scratch("out-dash");
    let out = sprague()
        .current_dir(&dir)
        .args(["table", "kayles", "--upto", "20", "--out", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stdout.starts_with(b"SPRGSEQ1"),
        "{:?}",
        &out.stdout[..8.min(out.stdout.len())]
    );
    // The same bytes as the file a name gets.
    succeeds(
        sprague()
            .current_dir(&dir)
            .args(["table", "kayles", "--upto", "20", "--out", "k.seq"]),
    );
    assert_eq!(std::fs::read(dir.join("k.seq")).unwrap(), out.stdout);
    assert!(!dir.join("-").exists());
    // Two outputs to one stream, and a book (kept in steps beside its file): refused.
    let line = refused(sprague().current_dir(&dir).args([
        "table", "kayles", "--upto", "20", "--out", "-", "--plot", "-",
    ]));
    assert!(line.contains("both write to standard output"), "{line}");
    let line = refused(
        sprague()
            .current_dir(&dir)
            .args(["book", "connect4", "--depth", "1", "--out", "-"]),
    );
    assert!(line.contains("--out -"), "{line}");
    assert!(!dir.join("-").exists() && !dir.join("-.progress").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every game's listing of every move from a large position is refused by its estimate or
/// answered, never stopped at the allocator: the web server answers these in its own process,
/// where the estimate is the only fence.
#[test]
fn every_listing_is_estimated_before_it_is_made() {
    let out = sprague().args(["games", "--json"]).output().unwrap();
    let games: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut refused_by_estimate = 0;
    for game in games.as_array().unwrap() {
        if game["command"] != "analyse" || game["input"] != "words" {
            continue;
        }
        let mut args = vec![game["name"].as_str().unwrap().to_owned()];
        for word in game["example"].as_array().unwrap() {
            let word = word.as_str().unwrap();
            let numeric = word.chars().all(|c| c.is_ascii_digit());
            args.push(if numeric { "400000" } else { word }.to_owned());
        }
        args.push("--all-moves".to_owned());
        let out = sprague()
            .args(&args)
            .env("SPRAGUE_MEMORY_LIMIT", "64M")
            .env("SPRAGUE_TIME_LIMIT", "5")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            !stderr.contains("the run needed more than"),
            "{args:?}: {stderr}"
        );
        match out.status.code() {
            Some(0) => {}
            Some(2) => refused_by_estimate += 1,
            other => panic!("{args:?}: exit {other:?}: {stderr}"),
        }
    }
    // Nim, Wythoff, Bash, Staircase, Lasker, Fibonacci Nim, Kayles and more list too many moves.
    assert!(refused_by_estimate >= 8, "{refused_by_estimate} refused");
}
