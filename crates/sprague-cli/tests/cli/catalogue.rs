//! The catalogue (`sprague_api::catalogue`) against the command line: every game's example gives
//! the same JSON through `sprague … --json` as through the catalogue's own answer, every game's
//! help shows its rule, and every game command of the binary is in the catalogue.

use sprague_api::catalogue::{self, Command as Kind, Input};
use sprague_api::Limits;

use super::sprague;

fn cli_args(game: &catalogue::Game) -> Vec<&'static str> {
    let mut args = Vec::new();
    if game.command == Kind::Solve {
        args.push("solve");
    }
    args.push(game.name);
    args.extend(game.example.iter().copied());
    args
}

#[test]
fn every_example_answers_the_same_through_the_cli_and_the_catalogue() {
    for game in catalogue::games() {
        let mut args = cli_args(game);
        args.push("--json");
        let out = sprague()
            .args(&args)
            .write_stdin(game.example_text.unwrap_or(""))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}: {}",
            game.name,
            String::from_utf8_lossy(&out.stderr)
        );
        let cli: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let request = game
            .request(game.example, game.example_text.map(str::as_bytes))
            .unwrap();
        let answer = game.answer(&request, &Limits::default()).unwrap();
        assert_eq!(cli, serde_json::to_value(&answer).unwrap(), "{}", game.name);
        // And the same request with --all-moves (analysed games) answers alike too.
        if game.command == Kind::Analyse && game.name != "geography" {
            args.insert(args.len() - 1, "--all-moves");
            let out = sprague()
                .args(&args)
                .write_stdin(game.example_text.unwrap_or(""))
                .output()
                .unwrap();
            let cli: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            let mut words = game.example.to_vec();
            words.push("--all-moves");
            let request = game
                .request(&words, game.example_text.map(str::as_bytes))
                .unwrap();
            let answer = game.answer(&request, &Limits::default()).unwrap();
            assert_eq!(cli, serde_json::to_value(&answer).unwrap(), "{}", game.name);
        }
    }
}

#[test]
fn every_game_help_shows_its_rule_and_the_list_matches_the_binary() {
    let listed = |args: &[&str]| -> Vec<String> {
        let out = sprague().args(args).arg("--help").output().unwrap();
        let help = String::from_utf8(out.stdout).unwrap();
        help.lines()
            .skip_while(|l| l.trim() != "Commands:")
            .skip(1)
            .take_while(|l| l.starts_with("  "))
            .filter(|l| !l.starts_with("   "))
            .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
            .filter(|name| name != "help")
            .collect()
    };
    // Analysed games and calculations are commands of their own; scoring games are `solve`'s.
    let analysed: Vec<&str> = catalogue::games()
        .iter()
        .filter(|g| g.command != Kind::Solve)
        .map(|g| g.name)
        .collect();
    let commands: Vec<String> = listed(&[])
        .into_iter()
        .filter(|c| {
            !["play", "script", "table", "solve", "book", "games", "serve"].contains(&c.as_str())
        })
        .collect();
    assert_eq!(commands, analysed);
    let solved: Vec<&str> = catalogue::games()
        .iter()
        .filter(|g| g.command == Kind::Solve)
        .map(|g| g.name)
        .collect();
    assert_eq!(listed(&["solve"]), solved);
    let played = listed(&["play"]);
    let tables = listed(&["table"]);
    for game in catalogue::games() {
        let mut args = cli_args(game);
        args.truncate(if game.command == Kind::Solve { 2 } else { 1 });
        args.push("--help");
        let out = sprague().args(&args).output().unwrap();
        let help = String::from_utf8(out.stdout).unwrap();
        let rule = game.rule.strip_suffix('.').unwrap_or(game.rule);
        // The first paragraph, as the terminal's width wrapped it.
        let first: Vec<&str> = help
            .lines()
            .take_while(|l| !l.is_empty())
            .map(str::trim)
            .collect();
        assert_eq!(first.join(" "), rule, "{}", game.name);
        assert_eq!(
            played.iter().any(|p| p == game.name),
            game.play,
            "{} in `sprague play`",
            game.name
        );
        assert_eq!(
            tables.iter().any(|t| Some(t.as_str()) == game.table),
            game.table.is_some(),
            "{} in `sprague table`",
            game.name
        );
        if game.input == Input::File {
            assert_eq!(game.example.first(), Some(&"-"), "{}", game.name);
        }
    }
    // `sprague games --json` is the catalogue itself.
    let out = sprague().args(["games", "--json"]).output().unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json, serde_json::to_value(catalogue::games()).unwrap());
}

/// Every game's subcommand shows what its entry declares: each flag, the position argument, the
/// details; and the example answers the same through `--batch` as through the catalogue.
#[test]
fn every_game_subcommand_and_batch_come_from_its_entry() {
    for game in catalogue::games()
        .iter()
        .filter(|g| g.command != Kind::Solve)
    {
        let out = sprague().args([game.name, "--help"]).output().unwrap();
        let help = String::from_utf8(out.stdout).unwrap();
        for flag in game.cli_flags() {
            assert!(
                help.contains(&format!("--{}", flag.name)),
                "{}: {help}",
                game.name
            );
        }
        let value = if game.words.0.is_empty() {
            "POSITION"
        } else {
            game.words.0
        };
        assert!(
            help.contains(&format!("[{value}]")),
            "{}: {help}",
            game.name
        );
        let first = game.details.lines().next().unwrap_or("Example:");
        assert!(help.contains(first), "{}: {help}", game.name);
        if game.input == Input::File {
            continue;
        }
        // The example's position as a batch line, its flags on the command line.
        let position: Vec<&str> = game
            .example
            .iter()
            .copied()
            .take_while(|w| !w.starts_with("--"))
            .collect();
        let flags = &game.example[position.len()..];
        let out = sprague()
            .arg(game.name)
            .arg("--batch")
            .args(flags)
            .write_stdin(format!("{}\n", position.join(" ")))
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", game.name);
        let cli: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let request = game.request(game.example, None).unwrap();
        let answer = game.answer(&request, &Limits::default()).unwrap();
        assert_eq!(cli, serde_json::to_value(&answer).unwrap(), "{}", game.name);
    }
}

/// `sprague completions SHELL` and `sprague man` are made from the same command definition: every
/// game is in them.
#[test]
fn completions_and_the_man_page_name_every_game() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = sprague().args(["completions", shell]).output().unwrap();
        assert!(out.status.success(), "{shell}");
        let script = String::from_utf8(out.stdout).unwrap();
        for game in catalogue::games() {
            assert!(script.contains(game.name), "{shell}: {}", game.name);
        }
        // A game's own flags are completed too.
        assert!(
            script.contains("moore") && script.contains("take-set"),
            "{shell}"
        );
    }
    let out = sprague().arg("man").output().unwrap();
    assert!(out.status.success());
    let page = String::from_utf8(out.stdout).unwrap().replace("\\-", "-");
    assert!(
        page.starts_with(".ie") && page.contains(".TH sprague 1"),
        "{page}"
    );
    for game in catalogue::games() {
        assert!(page.contains(game.name), "{}", game.name);
    }
    // A shell that clap_complete does not know is clap's error.
    let out = sprague().args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// Every playable game of the catalogue is played through `sprague play` from its example (its
/// subcommand made from the entry), and a table made from an entry answers.
#[test]
fn every_playable_example_is_played_and_every_entry_table_answers() {
    for game in catalogue::games().iter().filter(|g| g.play) {
        let out = sprague()
            .arg("play")
            .arg(game.name)
            .args(game.example)
            .write_stdin("quit\n")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{}: {text}", game.name);
        assert!(text.contains("game abandoned"), "{}: {text}", game.name);
    }
    for game in catalogue::games()
        .iter()
        .filter(|g| g.whole_table() || g.heap_table())
    {
        // The example's flags that the table takes too (`--set 1,3,4`, `--max 3`).
        let mut args = vec!["table", game.name, "--upto", "20", "--json"];
        let mut words = game.example.iter();
        while let Some(word) = words.next() {
            let flag = word.strip_prefix("--");
            if flag.is_some_and(|f| game.table_flags.iter().any(|t| t.name == f)) {
                args.push(word);
                args.push(words.next().unwrap());
            }
        }
        let out = sprague().args(&args).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(
            json["values"].as_array().map(Vec::len),
            Some(21),
            "{args:?}"
        );
    }
}
