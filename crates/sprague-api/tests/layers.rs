//! The crate's layers as its doc writes them (`src/lib.rs`, "## Layers"), checked on every file of
//! `src/`: a folder imports only from the floors below its own, never from a folder beside it or
//! above it, and no module imports `crate::X` where X is one of lib.rs's re-exports rather than a
//! module (inside the crate a thing is imported from the module that defines it). lib.rs itself
//! holds only its doc, `mod` declarations and `pub use` re-exports.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The floors of the crate doc's numbered list under "## Layers", bottom first: each the folders
/// (or, for `catalogue`, the file) named in backticks on its line.
fn floors(lib: &str) -> Vec<Vec<String>> {
    let mut floors = Vec::new();
    let mut in_layers = false;
    for line in lib.lines() {
        let Some(doc) = line.strip_prefix("//!") else {
            continue;
        };
        let doc = doc.trim();
        if doc.starts_with("## ") {
            in_layers = doc == "## Layers";
            continue;
        }
        let Some((number, rest)) = doc.split_once(". ") else {
            continue;
        };
        if !in_layers || number.parse::<usize>().is_err() {
            continue;
        }
        let names = rest
            .split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_owned)
            .collect();
        floors.push(names);
    }
    floors
}

/// The modules lib.rs declares (`mod x;`, `pub mod x;`).
fn declared_modules(lib: &str) -> Vec<String> {
    lib.lines()
        .filter_map(|line| {
            let line = line.trim();
            let rest = line
                .strip_prefix("pub mod ")
                .or_else(|| line.strip_prefix("mod "))?;
            Some(rest.trim_end_matches(';').trim().to_owned())
        })
        .collect()
}

/// Every `.rs` file under `dir`, its path relative to `src/`.
fn rust_files(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// The module of `crate::` each path in `code` starts with, and its line (1-based). `crate::{a,
/// b::c}` names each of `a` and `b`. Lines of comments are left out: a doc may point anywhere.
fn crate_paths(code: &str) -> Vec<(String, usize)> {
    let text: String = code
        .lines()
        .map(|line| {
            if line.trim_start().starts_with("//") {
                ""
            } else {
                line
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let line_of = |at: usize| text[..at].matches('\n').count() + 1;
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut paths = Vec::new();
    for (at, _) in text.match_indices("crate::") {
        if text[..at].ends_with(|c: char| is_ident(c) || c == '$') {
            continue;
        }
        let rest = &text[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // The top-level items of the braces: their first segments.
            let mut depth = 0;
            let mut item = String::new();
            let mut items = Vec::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        items.push(std::mem::take(&mut item));
                        continue;
                    }
                    _ => {}
                }
                item.push(c);
            }
            items.push(item);
            for item in items {
                let head: String = item.trim().chars().take_while(|&c| is_ident(c)).collect();
                if !head.is_empty() {
                    paths.push((head, line_of(at)));
                }
            }
        } else {
            let head: String = rest.chars().take_while(|&c| is_ident(c)).collect();
            paths.push((head, line_of(at)));
        }
    }
    paths
}

/// What is wrong with the crate's imports, one line each; empty when the layers hold.
fn violations(src: &Path) -> Vec<String> {
    let lib = fs::read_to_string(src.join("lib.rs")).unwrap();
    let floors = floors(&lib);
    assert!(
        floors.len() >= 2,
        "lib.rs's doc has no \"## Layers\" list of floors"
    );
    let floor_of: BTreeMap<&str, usize> = floors
        .iter()
        .enumerate()
        .flat_map(|(n, names)| names.iter().map(move |name| (name.as_str(), n)))
        .collect();
    let modules = declared_modules(&lib);
    let mut wrong = Vec::new();
    for module in &modules {
        if !floor_of.contains_key(module.as_str()) {
            wrong.push(format!(
                "lib.rs: module `{module}` is on no floor of the \"## Layers\" list"
            ));
        }
    }
    for name in floor_of.keys() {
        if !modules.iter().any(|m| m == name) {
            wrong.push(format!(
                "lib.rs: the \"## Layers\" list names `{name}`, which lib.rs does not declare"
            ));
        }
    }
    // lib.rs: its doc, attributes, `mod` declarations and `pub use` re-exports, nothing else.
    let mut in_use = false;
    for (n, line) in lib.lines().enumerate() {
        let line = line.trim();
        let allowed = in_use
            || line.is_empty()
            || line.starts_with("//")
            || line.starts_with("#!")
            || line.starts_with("mod ")
            || line.starts_with("pub mod ")
            || line.starts_with("pub use ");
        if !allowed {
            wrong.push(format!(
                "lib.rs:{}: `{line}`: lib.rs holds only mod declarations and pub use re-exports",
                n + 1
            ));
        }
        if line.starts_with("pub use ") || in_use {
            in_use = !line.ends_with(';');
        }
    }

    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    for file in files {
        let relative = file.strip_prefix(src).unwrap();
        if relative == Path::new("lib.rs") {
            continue;
        }
        let shown = relative.display();
        // The module a file belongs to: its folder, or the file itself at the top (`catalogue.rs`).
        let first = relative.components().next().unwrap();
        let own = Path::new(first.as_os_str())
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let Some(&own_floor) = floor_of.get(own.as_str()) else {
            wrong.push(format!("{shown}: `{own}` is on no floor"));
            continue;
        };
        let code = fs::read_to_string(&file).unwrap();
        for (head, line) in crate_paths(&code) {
            if head == own {
                continue;
            }
            match floor_of.get(head.as_str()) {
                None => wrong.push(format!(
                    "{shown}:{line}: `crate::{head}` is a re-export of lib.rs: import it from the \
                     module that defines it"
                )),
                Some(&floor) if floor > own_floor => wrong.push(format!(
                    "{shown}:{line}: `{own}` (floor {}) imports `crate::{head}` (floor {}), a \
                     floor above it",
                    own_floor + 1,
                    floor + 1
                )),
                Some(&floor) if floor == own_floor => wrong.push(format!(
                    "{shown}:{line}: `{own}` imports `crate::{head}`, beside it on floor {}",
                    floor + 1
                )),
                Some(_) => {}
            }
        }
    }
    wrong
}

#[test]
fn every_file_imports_only_from_the_floors_below_it() {
    let wrong = violations(&src());
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_check_sees_groups_and_paths_but_not_comments() {
    let code = "use crate::request::limits::Limits;\n\
                use crate::{Error, impartial::nim,\n    report::{analysis, listing}};\n\
                // crate::Hidden in a comment\n\
                fn f() { crate::scoring::solver::x(); $crate::no(); pub(crate) fn g() {} }\n";
    let heads: Vec<(String, usize)> = crate_paths(code);
    let heads: Vec<(&str, usize)> = heads.iter().map(|(h, l)| (h.as_str(), *l)).collect();
    assert_eq!(
        heads,
        [
            ("request", 1),
            ("Error", 2),
            ("impartial", 2),
            ("report", 2),
            ("scoring", 5)
        ]
    );
}

#[test]
fn the_floors_are_read_from_the_crate_doc() {
    let lib = fs::read_to_string(src().join("lib.rs")).unwrap();
    let floors = floors(&lib);
    assert_eq!(floors[0], ["request"]);
    assert_eq!(floors.last().unwrap(), &["catalogue"]);
}
