//! Long table runs: progress lines, Ctrl-C (real and simulated) writing a checkpoint, `--resume`
//! giving the same bytes as an uninterrupted run, periodic checkpoints surviving `kill -9`,
//! refused checkpoints, plots of sequences, and the memory said before a run.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::Stdio;

use assert_cmd::Command;

use crate::{
    assert_contains, bad_input, example, finish, json, names, refused_with_memory, scratch,
    sprague, sprague_std, succeeds, table_values,
};

/// `sprague ARGS` run in `dir`.
fn run_in(dir: &Path, args: &[&str]) -> Command {
    let mut cmd = sprague();
    cmd.current_dir(dir).args(args);
    cmd
}

#[test]
fn progress_lines_are_printed_only_when_asked_off_a_terminal() {
    let dir = scratch("progress");
    let args = ["table", "kayles", "--upto", "20000", "--json"];
    let (quiet, stderr) = finish(&mut run_in(&dir, &args), 0);
    assert!(stderr.is_empty(), "{stderr}");
    let (shown, stderr) = finish(run_in(&dir, &args).env("SPRAGUE_PROGRESS", "plain"), 0);
    assert_eq!(shown, quiet);
    let last = stderr.lines().last().unwrap();
    assert!(
        last.starts_with("progress: 20001/20001 values, ") && last.ends_with(" s left"),
        "{stderr}"
    );
    assert!(last.contains(" values/s, "), "{last}");
    for line in stderr.lines() {
        assert!(line.starts_with("progress: "), "{line}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `args` once whole, then stopped (simulated Ctrl-C) at each of `stops` and resumed; the
/// stdout and the `--out` file (if `out` is given) must be the same bytes.
fn check_resume(name: &str, args: &[&str], out: Option<&str>, checkpoint: &str, stops: &[u64]) {
    let dir = scratch(name);
    let whole = succeeds(&mut run_in(&dir, args));
    let whole_file = out.map(|f| std::fs::read(dir.join(f)).unwrap());
    if let Some(f) = out {
        std::fs::remove_file(dir.join(f)).unwrap();
    }
    let mut resume: Vec<&str> = args.to_vec();
    let mut first = true;
    for stop in stops {
        let stop = stop.to_string();
        let (stdout, stderr) = finish(run_in(&dir, &resume).env("SPRAGUE_STOP_AFTER", &stop), 130);
        assert!(stdout.is_empty(), "{name} stop {stop}: {stdout}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with(&format!("interrupted with {stop} values computed: "))
                && stderr.contains(checkpoint)
                && stderr.contains("--resume"),
            "{stderr}"
        );
        assert!(dir.join(checkpoint).exists());
        if let Some(f) = out {
            assert!(!dir.join(f).exists(), "no --out file before the end");
        }
        if first {
            resume.push("--resume");
            first = false;
        }
    }
    assert_eq!(succeeds(&mut run_in(&dir, &resume)), whole, "{name}");
    if let Some(f) = out {
        assert_eq!(
            std::fs::read(dir.join(f)).unwrap(),
            whole_file.unwrap(),
            "{name}"
        );
    }
    assert!(!dir.join(checkpoint).exists(), "the checkpoint is removed");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_interrupted_run_resumes_to_the_same_bytes() {
    check_resume(
        "grundy",
        &[
            "table",
            "grundys-game",
            "--upto",
            "20000",
            "--json",
            "--out",
            "g.seq",
        ],
        Some("g.seq"),
        "g.seq.ckpt",
        &[1, 5000, 12345],
    );
    // Text output, the default checkpoint name, a code with values above 255 at the stops.
    check_resume(
        "treblecross",
        &["table", "octal", "0.007", "--upto", "3000"],
        None,
        "sprague-table-octal-0-007-3000.ckpt",
        &[700, 2999],
    );
    // --until-proved stops at the same place (Dawson's Kayles: 176 values), however interrupted.
    check_resume(
        "dawson",
        &[
            "table",
            "dawson",
            "--upto",
            "100000",
            "--until-proved",
            "--json",
        ],
        None,
        "sprague-table-dawson-100000.ckpt",
        &[100, 175],
    );
    check_resume(
        "explicit",
        &[
            "table",
            "kayles",
            "--upto",
            "5000",
            "--checkpoint",
            "mine.ckpt",
            "--out",
            "k.seq",
        ],
        Some("k.seq"),
        "mine.ckpt",
        // Kayles' period is proved within 1024 values, and the rest is then copied from it: a stop
        // must come before that to interrupt anything.
        &[500],
    );
}

/// Starts `args` in `dir` with progress lines on, and returns the child once it has computed
/// some values (so that its Ctrl-C handler is in place).
fn start(dir: &Path, args: &[&str]) -> std::process::Child {
    let mut child = sprague_std()
        .current_dir(dir)
        .args(args)
        .env("SPRAGUE_PROGRESS", "plain")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let mut lines = BufReader::new(stderr).lines();
    let first = lines.next().unwrap().unwrap();
    assert!(first.starts_with("progress: "), "{first}");
    // Keep reading so that the child never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    child
}

const SLOW: [&str; 7] = [
    "table",
    "grundys-game",
    "--upto",
    "150000",
    "--json",
    "--out",
    "g.seq",
];

/// Runs [`SLOW`] whole in `dir`: what it prints and the file it writes (then removed).
fn slow_whole(dir: &Path) -> (String, Vec<u8>) {
    let stdout = succeeds(&mut run_in(dir, &SLOW));
    let file = std::fs::read(dir.join("g.seq")).unwrap();
    std::fs::remove_file(dir.join("g.seq")).unwrap();
    (stdout, file)
}

/// Runs `args` (a `--resume` of [`SLOW`]) in `dir`: it must print and write what `whole` did.
fn resume_slow(dir: &Path, args: &[&str], whole: &(String, Vec<u8>)) {
    assert_eq!(succeeds(&mut run_in(dir, args)), whole.0);
    assert_eq!(std::fs::read(dir.join("g.seq")).unwrap(), whole.1);
}

#[test]
fn ctrl_c_writes_a_checkpoint_and_resume_finishes_the_same() {
    let dir = scratch("sigint");
    let whole = slow_whole(&dir);
    let child = start(&dir, &SLOW);
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    assert!(out.stdout.is_empty());
    assert!(dir.join("g.seq.ckpt").exists());
    assert!(!dir.join("g.seq").exists());
    let mut resume = SLOW.to_vec();
    resume.push("--resume");
    resume_slow(&dir, &resume, &whole);
    assert_eq!(names(&dir), ["g.seq"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn periodic_checkpoints_survive_kill_9() {
    let dir = scratch("kill9");
    let mut args = SLOW.to_vec();
    args.extend(["--checkpoint-every", "0"]);
    let whole = slow_whole(&dir);
    let mut child = start(&dir, &args);
    while !dir.join("g.seq.ckpt").exists() {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    args.push("--resume");
    resume_slow(&dir, &args, &whole);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_damaged_or_foreign_checkpoint_is_refused() {
    let dir = scratch("refused");
    let ckpt = dir.join("k.ckpt");
    let ckpt = ckpt.to_str().unwrap();
    let resume = |family: &str| {
        bad_input(
            &[
                "table",
                family,
                "--upto",
                "100",
                "--resume",
                "--checkpoint",
                ckpt,
            ],
            "",
        )
    };
    let err = resume("kayles");
    assert!(err.contains("no checkpoint at"), "{err}");
    finish(
        run_in(
            &dir,
            &["table", "kayles", "--upto", "100", "--checkpoint", ckpt],
        )
        .env("SPRAGUE_STOP_AFTER", "50"),
        130,
    );
    let err = resume("dawson");
    assert!(
        err.contains("checkpoint of `kayles`, not of `dawson`"),
        "{err}"
    );
    let mut bytes = std::fs::read(ckpt).unwrap();
    bytes[60] ^= 1;
    std::fs::write(ckpt, &bytes).unwrap();
    let err = resume("kayles");
    assert!(err.contains("damaged"), "{err}");
    std::fs::write(ckpt, b"SPRGCKP1").unwrap();
    let err = resume("kayles");
    assert!(err.contains("damaged"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_billion_values_are_said_to_fit_or_refused_before_starting() {
    let dir = scratch("memory");
    let (_, stderr) = finish(
        run_in(&dir, &["table", "grundys-game", "--upto", "1000000000"])
            .env("SPRAGUE_MEMORY_LIMIT", "8G")
            .env("SPRAGUE_STOP_AFTER", "1"),
        130,
    );
    let first = stderr.lines().next().unwrap();
    assert!(
        first.contains("1000000001 values") && first.contains("it fits"),
        "{stderr}"
    );
    let line = refused_with_memory("1000000", &["table", "kayles", "--upto", "1000000000"]);
    assert!(
        line.starts_with("error: a table of 1000000001 values needs about"),
        "{line}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

fn check_picture(path: &Path) {
    let bytes = std::fs::read(path).unwrap();
    if path.extension().unwrap() == "png" {
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        // Width and height in the IHDR chunk.
        assert_eq!(&bytes[16..24], &[0, 0, 3, 232, 0, 0, 2, 8]);
        // The title is drawn above the plot (rows 10..26, the middle of the width), and the
        // axis label `n` below it: dark pixels in both bands, none where nothing is drawn.
        let picture = image::load_from_memory(&bytes).unwrap().to_luma8();
        let dark = |xs: std::ops::Range<u32>, ys: std::ops::Range<u32>| {
            ys.flat_map(|y| xs.clone().map(move |x| (x, y)))
                .filter(|&(x, y)| picture.get_pixel(x, y).0[0] < 128)
                .count()
        };
        assert!(
            dark(300..700, 10..26) > 100,
            "no title in {}",
            path.display()
        );
        assert!(
            dark(500..540, 500..520) > 10,
            "no axis label in {}",
            path.display()
        );
        assert_eq!(dark(0..1000, 0..8), 0, "{}", path.display());
    } else {
        let svg = String::from_utf8(bytes).unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains("<text") && svg.contains("G(n)"));
    }
}

#[test]
fn sequences_are_plotted_to_svg_and_png() {
    let dir = scratch("plot");
    let script = example("subtraction-1-3-4.rhai");
    let cases: [&[&str]; 6] = [
        &["table", "kayles", "--upto", "100"],
        &["table", "lasker", "--upto", "100000"],
        &["table", "grundys-game", "--upto", "30000", "--out", "g.seq"],
        &["table", "subtraction", "--set", "1,3,4", "--upto", "5000"],
        &["table", "bash", "--max", "3", "--upto", "50"],
        &["table", "script", &script, "--upto", "40"],
    ];
    for (i, args) in cases.iter().enumerate() {
        for ext in ["svg", "png"] {
            let name = format!("p{i}.{ext}");
            let mut args = args.to_vec();
            args.extend(["--plot", &name, "--json"]);
            succeeds(&mut run_in(&dir, &args));
            check_picture(&dir.join(&name));
        }
    }
    let leftovers: Vec<String> = names(&dir)
        .into_iter()
        .filter(|f| f.contains("tmp") || f.ends_with(".part"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    for args in [
        &["table", "kayles", "--upto", "100", "--plot", "x.gif"][..],
        &["table", "bash", "--max", "3", "--upto", "5", "--plot", "x"],
        &["table", "script", &script, "--upto", "5", "--plot", "x.jpg"],
        &[
            "table",
            "subtraction",
            "--set",
            "1,2",
            "--upto",
            "5",
            "--plot",
            "x.pdf",
        ],
    ] {
        let err = bad_input(args, "");
        assert!(err.contains("must end in .svg or .png"), "{err}");
    }
    for flag in ["--plot", "--out", "--checkpoint"] {
        let err = bad_input(
            &[
                "table",
                "kayles",
                "--upto",
                "100",
                flag,
                "/no/such/folder/x.svg",
            ],
            "",
        );
        assert!(err.contains("/no/such/folder does not exist"), "{err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `sprague ARGS --out FILE` in `dir`, expecting success; returns what it printed.
fn write_values(dir: &Path, args: &[&str], file: &str) -> String {
    succeeds(run_in(dir, args).args(["--out", file]))
}

/// The values file `file` in `dir`, its header checked: `width` bytes a value, `count` values.
fn read_values(dir: &Path, file: &str, width: u8, count: u64) -> Vec<u8> {
    let bytes = std::fs::read(dir.join(file)).unwrap();
    assert_eq!(&bytes[..9], &[&b"SPRGSEQ1"[..], &[width]].concat()[..]);
    assert_eq!(&bytes[16..24], &count.to_le_bytes());
    bytes
}

#[test]
fn tables_computed_whole_write_their_values_files() {
    let dir = scratch("subtraction-out");
    let table = ["table", "subtraction", "--set", "1,3,4", "--upto", "20"];
    let report = write_values(&dir, &[&table[..], &["--json"]].concat(), "s.seq");
    let v: serde_json::Value = serde_json::from_str(&report).unwrap();
    assert!(v.get("values").is_none());
    let expected: Vec<u8> = table_values(&json(&table, ""))
        .iter()
        .map(|&v| v as u8)
        .collect();
    let bytes = read_values(&dir, "s.seq", 1, 21);
    assert_eq!(&bytes[24..], &expected[..]);
    // Bash's game, until its period is proved (64 values, the first doubling).
    write_values(
        &dir,
        &[
            "table",
            "bash",
            "--max",
            "3",
            "--upto",
            "1000",
            "--until-proved",
        ],
        "b.seq",
    );
    let bytes = read_values(&dir, "b.seq", 1, 64);
    let expected: Vec<u8> = (0..64).map(|n| n % 4).collect();
    assert_eq!(&bytes[24..], &expected[..]);
    // Lasker's Nim's values pass 2^16: four bytes a value.
    write_values(&dir, &["table", "lasker", "--upto", "70000"], "l.seq");
    let bytes = read_values(&dir, "l.seq", 4, 70001);
    let value = |n: usize| u32::from_le_bytes(bytes[24 + 4 * n..28 + 4 * n].try_into().unwrap());
    assert_eq!(bytes.len(), 24 + 4 * 70001);
    assert_eq!(
        (value(3), value(4), value(69999), value(70000)),
        (4, 3, 70000, 69999)
    );
    // A scripted Lasker's Nim (search) writes the same file as the closed form.
    let script = example("lasker.rhai");
    write_values(
        &dir,
        &["table", "script", &script, "--upto", "100"],
        "s.seq",
    );
    write_values(&dir, &["table", "lasker", "--upto", "100"], "c.seq");
    let scripted = std::fs::read(dir.join("s.seq")).unwrap();
    assert_eq!(scripted.len(), 24 + 101);
    assert_eq!(scripted, std::fs::read(dir.join("c.seq")).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A long single search shows its progress once a second has passed (the positions searched; for
/// a score, the bracket it lies in), and nothing of it reaches standard output; a quick one shows
/// none.
#[test]
fn long_searches_show_their_progress() {
    let cases: [(&[&str], &[&str]); 2] = [
        (
            &["kayles", "24", "25", "--misere"],
            &["progress: kayles: ", " positions searched ("],
        ),
        (
            &["solve", "connect4", "4453", "--no-book", "--score-only"],
            &["progress: connect4: ", " positions searched (", ", score "],
        ),
    ];
    for (args, parts) in cases {
        let (shown, stderr) = finish(sprague().args(args).env("SPRAGUE_PROGRESS", "plain"), 0);
        assert_contains(&stderr, parts);
        let quiet = succeeds(sprague().args(args).env("SPRAGUE_PROGRESS", "off"));
        assert_eq!(shown, quiet, "{args:?}");
        // Not a terminal, no SPRAGUE_PROGRESS: nothing.
        let (_, stderr) = finish(sprague().args(args), 0);
        assert_eq!(stderr, "", "{args:?}");
    }
    let (_, stderr) = finish(
        sprague()
            .args(["kayles", "5", "6", "--misere"])
            .env("SPRAGUE_PROGRESS", "plain"),
        0,
    );
    assert_eq!(stderr, "");
}
