//! The JSON API: the command line's own objects, its errors with HTTP statuses, the budgets.

use std::time::{Duration, Instant};

use crate::{cli_output, Client, Server};

#[test]
fn a_run_answers_what_the_command_line_prints() {
    let server = Server::start(&[]);
    for args in [
        &["nim", "3", "4", "5"][..],
        &["wythoff", "5", "8", "--all-moves"],
        &["octal", "0.77", "5", "7"],
        &["table", "octal", "0.07", "--upto", "100"],
        &["solve", "tictactoe", "x...o...."],
        &["bash", "15", "--max", "3"],
    ] {
        let answer = server.run(args, "");
        assert_eq!(answer.status, 200, "{args:?}: {}", answer.body);
        assert_eq!(answer.header("content-type"), Some("application/json"));
        let mut with_json = args.to_vec();
        with_json.push("--json");
        assert_eq!(answer.body, cli_output(&with_json, ""), "{args:?}");
    }
    // File games and scripts take their text as "stdin".
    let graph = "3 2 2\n1 2\n2 3\n1 2\n";
    let answer = server.run(&["graph", "-"], graph);
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.body, cli_output(&["graph", "-", "--json"], graph));
    let script = include_str!("../../../../examples/kayles.rhai");
    let answer = server.run(&["script", "-", "7"], script);
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.json()["nim_value"], 2);
}

/// Every catalogue example, as JSON and with every move listed, is answered by the server
/// exactly as the command line prints it; the bounded ones in the server's own process.
#[test]
fn every_example_is_answered_as_the_command_line_prints_it_the_bounded_in_process() {
    let server = Server::start(&[]);
    let games: serde_json::Value =
        serde_json::from_str(&cli_output(&["games", "--json"], "")).unwrap();
    let (mut in_process, mut compared) = (0, 0);
    for game in games.as_array().unwrap() {
        let mut args: Vec<&str> = Vec::new();
        if game["command"] == "solve" {
            args.push("solve");
        }
        args.push(game["name"].as_str().unwrap());
        args.extend(
            game["example"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| w.as_str().unwrap()),
        );
        let stdin = game["example_text"].as_str().unwrap_or("");
        let mut variants = vec![args.clone()];
        if game["command"] == "analyse" {
            variants.push([&args[..], &["--all-moves"]].concat());
        }
        for args in variants {
            let answer = server.run(&args, stdin);
            assert_eq!(answer.status, 200, "{args:?}: {}", answer.body);
            let with_json = [&args[..], &["--json"]].concat();
            assert_eq!(answer.body, cli_output(&with_json, stdin), "{args:?}");
            compared += 1;
            let by = answer.header("x-sprague-answered-by");
            if by == Some("server") {
                in_process += 1;
            } else {
                assert_eq!(by, Some("worker"), "{args:?}");
            }
            // What the server keeps for workers: the scoring games' searches.
            let bounded = game["command"] != "solve";
            assert_eq!(by == Some("server"), bounded, "{args:?} answered by {by:?}");
        }
    }
    assert!(
        in_process >= 30,
        "{in_process} of {compared} answered in process"
    );
    // Misère play goes to a worker (its search has no estimate), with the same bytes.
    let answer = server.run(&["kayles", "5", "7", "--misere"], "");
    assert_eq!(answer.header("x-sprague-answered-by"), Some("worker"));
    assert_eq!(
        answer.body,
        cli_output(&["kayles", "5", "7", "--misere", "--json"], "")
    );
}

#[test]
fn bad_input_and_the_servers_files_are_refused_with_400() {
    let server = Server::start(&[]);
    let answer = server.run(&["nim", "x"], "");
    assert_eq!(answer.status, 400);
    assert_eq!(
        answer.json()["error"],
        "heap 1: `x` is not a non-negative integer"
    );
    for args in [
        &["graph", "/etc/passwd"][..],
        &[
            "table",
            "octal",
            "0.07",
            "--upto",
            "10",
            "--out",
            "values.bin",
        ],
        &["table", "octal", "0.07", "--upto", "10", "--plot", "p.svg"],
        &[
            "table",
            "octal",
            "0.07",
            "--upto",
            "10",
            "--checkpoint",
            "c",
        ],
        &["table", "octal", "0.07", "--upto", "10", "--resume"],
        &["script", "examples/kayles.rhai", "7"],
        &["serve"],
    ] {
        let answer = server.run(args, "");
        assert_eq!(answer.status, 400, "{args:?}: {}", answer.body);
        assert!(answer.json()["error"].is_string(), "{args:?}");
    }
    for body in [
        "",
        "{",
        "{\"args\": \"nim 3\"}",
        "{\"args\": []}",
        "{\"argz\": []}",
    ] {
        let answer = server.request("POST", "/api/run", body);
        assert_eq!(answer.status, 400, "{body:?}: {}", answer.body);
    }
    assert_eq!(server.request("GET", "/nowhere", "").status, 404);
    // A body past the request size is refused before it is read whole, as an error object.
    let huge = format!(
        "{{\"args\": [\"nim\"], \"stdin\": \"{}\"}}",
        "1 ".repeat(3 << 20)
    );
    let answer = server.request("POST", "/api/run", &huge);
    assert_eq!(answer.status, 413);
    assert!(answer.json()["error"].as_str().unwrap().contains("at most"));
}

#[test]
fn a_request_stopped_by_a_budget_answers_422_naming_it() {
    let server = Server::start(&["--time-limit", "2", "--memory-limit", "256M"]);
    // Refused by its estimate before it starts.
    // The figures come as data: what the request needs and what the budget allows.
    let answer = server.run(&["octal", "0.3F", "20000"], "");
    assert_eq!(answer.status, 422, "{}", answer.body);
    let refusal = answer.json();
    assert_eq!(refusal["budget"], "time");
    assert_eq!(refusal["allowed"], 2);
    assert!(refusal["needed"].as_u64().unwrap() > 60, "{refusal}");
    let answer = server.run(&["table", "octal", "0.07", "--upto", "100000000"], "");
    assert_eq!(answer.status, 422, "{}", answer.body);
    let refusal = answer.json();
    assert_eq!(refusal["budget"], "memory");
    assert_eq!(refusal["allowed"], 256 << 20);
    assert!(
        refusal["needed"].as_u64().unwrap() > 200_000_000,
        "{refusal}"
    );
    // A script that allocates without end is stopped by its memory budget.
    let answer = server.run(
        &["script", "-", "1"],
        "fn moves(p) { let a = []; loop { a.push(a); } }",
    );
    assert_eq!(answer.status, 422, "{}", answer.body);
    assert_eq!(answer.json()["budget"], "memory");
    // A refusal the requester can lift names its remedy as a field, and its message gives no
    // command-line advice.
    let answer = server.run(
        &[
            "table",
            "script",
            "-",
            "--upto",
            "100",
            "--max-positions",
            "10",
        ],
        "fn moves(n) { if n > 0 { [n - 1] } else { [] } }",
    );
    assert_eq!(answer.status, 422, "{}", answer.body);
    let refusal = answer.json();
    assert_eq!(refusal["budget"], "positions");
    assert_eq!(refusal["remedy"], "more_positions");
    assert_eq!(
        (refusal["needed"].as_u64(), refusal["allowed"].as_u64()),
        (Some(101), Some(10))
    );
    assert!(
        !refusal["error"]
            .as_str()
            .unwrap()
            .contains("--max-positions"),
        "{refusal}"
    );
    // A script that loops for ever is stopped by its operations budget.
    let answer = server.run(&["script", "-", "5"], "fn moves(p) { loop { } }");
    assert_eq!(answer.status, 422, "{}", answer.body);
    assert!(answer.json()["error"]
        .as_str()
        .unwrap()
        .contains("operations"));
}

#[test]
fn a_runaway_request_is_killed_at_its_deadline_and_others_are_answered_meanwhile() {
    let server = Server::start(&["--time-limit", "3", "--workers", "1"]);
    let addr = server.addr;
    // Loopy sums that keep growing: the analysis runs until the time allowed is up.
    let runaway = std::thread::spawn(move || {
        let server = Client { addr };
        let started = Instant::now();
        let script = "fn moves(p) { let r = []; for a in 0..p { r.push(split([a, p, a])); } r }";
        let answer = server.run(&["script", "-", "9"], script);
        (answer.status, answer.body, started.elapsed())
    });
    std::thread::sleep(Duration::from_millis(800));
    for _ in 0..20 {
        let started = Instant::now();
        let answer = server.run(&["nim", "3", "4", "5"], "");
        assert_eq!(answer.status, 200, "{}", answer.body);
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{:?}",
            started.elapsed()
        );
    }
    let (status, body, took) = runaway.join().unwrap();
    assert_eq!(status, 422, "{body}");
    assert!(body.contains("time"), "{body}");
    assert!(took < Duration::from_secs(10), "{took:?}");
    // The server is still there.
    assert_eq!(server.run(&["nim", "1"], "").status, 200);
}

#[test]
fn the_catalogue_examples_and_plots() {
    let server = Server::start(&[]);
    let games = server.request("GET", "/api/games", "");
    assert_eq!(games.status, 200);
    // The entries as `sprague games --json` prints them, each with what the page draws it by.
    let served = games.json();
    let printed: serde_json::Value =
        serde_json::from_str(&cli_output(&["games", "--json"], "")).unwrap();
    let (served, printed) = (served.as_array().unwrap(), printed.as_array().unwrap());
    assert_eq!(served.len(), printed.len());
    for (served, printed) in served.iter().zip(printed) {
        for (key, value) in printed.as_object().unwrap() {
            assert_eq!(&served[key], value, "{key} of {}", printed["name"]);
        }
        assert!(served["board"].is_string(), "{served}");
        assert!(served["score_for"].is_string(), "{served}");
    }
    let board = |name: &str| {
        served.iter().find(|g| g["name"] == name).unwrap()["board"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert_eq!(board("nim"), "heaps");
    assert_eq!(board("connect4"), "connect-four");
    assert_eq!(board("kayles"), "none");
    let examples = server.request("GET", "/api/examples", "").json();
    assert!(examples
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["name"] == "kayles.rhai"));
    let plot = server.request(
        "GET",
        "/api/plot?args=table&args=octal&args=0.07&args=--upto&args=300",
        "",
    );
    assert_eq!(plot.status, 200, "{}", plot.body);
    assert_eq!(plot.header("content-type"), Some("image/svg+xml"));
    assert!(plot.body.starts_with("<svg"), "{}", &plot.body[..100]);
    assert!(plot.body.contains("G(n) of octal 0.07, n = 0..300"));
    let page = server.request("GET", "/", "");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<script src=\"/app.js\">"));
    // The catalogue is in the page itself (the first paint has the games): /api/games's list.
    let inline = page
        .body
        .split("<script id=\"games-data\" type=\"application/json\">")
        .nth(1)
        .and_then(|rest| rest.split("</script>").next())
        .expect("the games in the page");
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(inline).unwrap(),
        games.json()
    );
    assert!(server
        .request("GET", "/app.js", "")
        .body
        .contains("/api/run"));
}

#[test]
fn past_the_queue_requests_are_answered_503_with_retry_after() {
    let server = Server::start(&["--time-limit", "4", "--workers", "1", "--queue", "1"]);
    let addr = server.addr;
    let slow = "fn moves(p) { let r = []; for a in 0..p { r.push(split([a, p, a])); } r }";
    let heavy: Vec<_> = (0..4)
        .map(|_| {
            std::thread::spawn(move || {
                let server = Client { addr };
                let answer = server.run(&["script", "-", "9"], slow);
                (
                    answer.status,
                    answer.header("retry-after").map(str::to_owned),
                )
            })
        })
        .collect();
    let answers: Vec<_> = heavy.into_iter().map(|h| h.join().unwrap()).collect();
    let busy: Vec<_> = answers.iter().filter(|(s, _)| *s == 503).collect();
    assert!(!busy.is_empty(), "{answers:?}");
    assert!(busy.iter().all(|(_, retry)| retry.is_some()), "{answers:?}");
    assert!(answers.iter().any(|(s, _)| *s == 422), "{answers:?}");
}

#[test]
fn out_is_refused_without_a_file_left_and_json_comes_before_the_options_end() {
    let server = Server::start(&[]);
    for out in ["-", "x.seq"] {
        let answer = server.run(&["table", "kayles", "--upto", "10", "--out", out], "");
        assert_eq!(answer.status, 400, "{out}: {}", answer.body);
        assert!(answer.json()["error"]
            .as_str()
            .unwrap()
            .contains("writes no files"));
    }
    let folder = std::env::temp_dir().join(format!("sprague-serve-{}-0", server.child_id()));
    let left: Vec<_> = std::fs::read_dir(&folder)
        .map(|d| d.flatten().map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(left.is_empty(), "{left:?} in {}", folder.display());
    // `--json` goes before `--`: the words after it are the position's.
    let answer = server.run(&["nim", "--", "3", "4"], "");
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.json()["outcome"], "N");
    // A word longer than a program may be given: 413, not a failure to start the worker.
    let long = "7".repeat(200_000);
    let answer = server.run(&["nim", &long], "");
    assert_eq!(
        answer.status,
        413,
        "{}",
        &answer.body[..answer.body.len().min(300)]
    );
}

#[test]
fn the_workers_folder_goes_with_the_server() {
    let server = Server::start(&[]);
    let folder = std::env::temp_dir().join(format!("sprague-serve-{}-0", server.child_id()));
    assert_eq!(server.run(&["nim", "3"], "").status, 200);
    assert!(folder.is_dir(), "{}", folder.display());
    server.terminate();
    assert!(!folder.exists(), "{} left behind", folder.display());
    // A server that cannot bind leaves nothing either.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["serve", "--addr", &addr])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let folder = std::env::temp_dir().join(format!("sprague-serve-{}-0", child.id()));
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(!folder.exists(), "{} left behind", folder.display());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("cannot serve"), "{stderr}");
}
