//! The API gives no command-line advice: no string in `sprague-api`'s own code (its tests, comments
//! and doc comments aside) names a flag, `--` followed by a letter or a `{` that would format one.
//! An error names a parameter as data (`sprague_api::Message::param`), which each front end words
//! in its own terms.

use std::path::{Path, PathBuf};

/// The strings that may name a flag, each with its reason: the catalogue's examples are the words
/// typed after a game's name on the command line, and its help texts and the table families'
/// names are left to the catalogue's generation of the front ends (issue 40). Exact strings as
/// written in the source, or (`Part`) a piece of one.
const ALLOWED: &[(&str, Allowed)] = &[
    // Examples: command-line words by definition.
    ("catalogue.rs", Allowed::AnyOf(EXAMPLE_FLAGS)),
    // Help texts of the entries, and the command line's help pages (`sprague GAME --help`,
    // `play`, `table`), made from the catalogue and worded for the command line: the CLI alone
    // shows them.
    ("catalogue.rs", Allowed::AnyPart(HELP_TEXTS)),
    ("help.rs", Allowed::File),
    // A table's family, as reports name it.
    ("parse.rs", Allowed::Exact("octal --take-set {}")),
    ("games.rs", Allowed::Exact("bash --min {p} --max {max}")),
    ("games.rs", Allowed::Exact("bash --max {max}")),
];

/// The flags the catalogue's examples type.
const EXAMPLE_FLAGS: &[&str] = &["--max", "--set", "--start", "--moves", "--a", "--b"];

/// Pieces of the catalogue's help texts that name a flag.
const HELP_TEXTS: &[&str] = &[
    "(or P..M with --min;",
    "with --take-set, heap sizes only",
    "the start with --start",
    "drawn so far, with --moves",
    "the sequences with --a and --b",
    "Nim (`--misere` for Anti-Nim)",
    "Bash's game (`--max M`, `--min P`, `--misere`)",
    "Bash's game: `table bash --max 3 --upto 20`",
    "A subtraction game (`--set S`)",
    "`table subtraction --set 1,3,4 --upto 50`",
    "from its closed form: `table \\\n",
    "Codes may have up to a million digits. `--take-set",
    "Triangle War (`--moves",
    "makes the counts of `--stats` repeatable",
    "Connect Four (SEQ for a position, --width/--height",
];

#[derive(Clone, Copy)]
enum Allowed {
    Exact(&'static str),
    AnyOf(&'static [&'static str]),
    AnyPart(&'static [&'static str]),
    File,
}

#[test]
fn no_string_of_the_api_names_a_flag() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(
        files.len() > 20,
        "{} files under {}",
        files.len(),
        src.display()
    );
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let name = file.file_name().unwrap().to_str().unwrap();
        for (line, literal) in code_strings(&text) {
            if names_a_flag(&literal) && !allowed(name, &literal) {
                found.push(format!("{}:{line}: {literal:?}", file.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "strings that name a flag (name the parameter with `Message::param` instead):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_sees_strings_and_skips_comments_and_tests() {
    let source = r####"
        // "--comment" in a comment
        /// "--doc" in a doc comment
        /* "--block" /* nested */ "--still-block" */
        fn f<'a>(x: &'a str) -> char { let _ = ('"', '\'', "a \" --quoted"); 'x' }
        const RAW: &str = r#"raw "--raw" text"#;
        const FORMAT: &str = "--{name}";
        #[cfg(test)]
        mod tests {
            const T: &str = "--in-tests { }";
        }
        const AFTER: &str = "--after";
    "####;
    let strings: Vec<String> = code_strings(source)
        .into_iter()
        .map(|(_, s)| s)
        .filter(|s| names_a_flag(s))
        .collect();
    assert_eq!(
        strings,
        [
            "a \\\" --quoted",
            "raw \"--raw\" text",
            "--{name}",
            "--after"
        ]
    );
    assert!(!names_a_flag("--"));
    assert!(!names_a_flag("a -- b"));
    assert!(!names_a_flag("<!-- -->"));
}

fn allowed(file: &str, literal: &str) -> bool {
    ALLOWED.iter().any(|&(f, allowed)| {
        f == file
            && match allowed {
                Allowed::Exact(text) => literal == text,
                Allowed::AnyOf(texts) => texts.contains(&literal),
                Allowed::AnyPart(parts) => parts.iter().any(|part| literal.contains(part)),
                Allowed::File => true,
            }
    })
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
}

/// `--` followed by a letter, or by `{` (a flag formatted from a name).
fn names_a_flag(literal: &str) -> bool {
    let bytes = literal.as_bytes();
    bytes
        .windows(3)
        .any(|w| w[0] == b'-' && w[1] == b'-' && (w[2].is_ascii_alphabetic() || w[2] == b'{'))
}

/// The string literals of `source` (as written, escapes kept) with their line numbers, outside
/// comments and outside the items marked `#[cfg(test)]`.
fn code_strings(source: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = source.chars().collect();
    let mut strings = Vec::new();
    let mut i = 0;
    let mut line = 1;
    // Code since the last `#[cfg(test)]`, while its item has not begun.
    let mut pending_test: Option<String> = None;
    // The depth of braces inside a skipped test item.
    let mut skipping: Option<usize> = None;
    let starts_with = |i: usize, text: &str| {
        text.chars()
            .enumerate()
            .all(|(k, c)| chars.get(i + k) == Some(&c))
    };
    while i < chars.len() {
        let c = chars[i];
        let ident_before = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if c == '\n' {
            line += 1;
            i += 1;
        } else if starts_with(i, "//") {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if starts_with(i, "/*") {
            let mut depth = 0;
            while i < chars.len() {
                if starts_with(i, "/*") {
                    depth += 1;
                    i += 2;
                } else if starts_with(i, "*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if c == '\'' {
            // A character literal ('x', '\n', '"'), or a lifetime ('a).
            if chars.get(i + 1) == Some(&'\\') {
                // The quote, the backslash and the escaped character, then to the closing quote.
                i += 3;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else if c == '"' || (!ident_before && raw_start(&chars, i).is_some()) {
            let start_line = line;
            let mut text = String::new();
            if let Some((hashes, open)) = raw_start(&chars, i).filter(|_| !ident_before) {
                i = open + 1;
                let close: String = std::iter::once('"')
                    .chain("#".repeat(hashes).chars())
                    .collect();
                while i < chars.len() && !starts_with(i, &close) {
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    text.push(chars[i]);
                    i += 1;
                }
                i += close.chars().count();
            } else {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\' {
                        text.push(chars[i]);
                        i += 1;
                    }
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    text.push(chars[i]);
                    i += 1;
                }
                i += 1;
            }
            if skipping.is_none() && pending_test.is_none() {
                strings.push((start_line, text));
            }
        } else {
            if starts_with(i, "#[cfg(test)]") && skipping.is_none() {
                pending_test = Some(String::new());
                i += "#[cfg(test)]".len();
                continue;
            }
            match (c, skipping.as_mut(), pending_test.as_mut()) {
                ('{', Some(depth), _) => *depth += 1,
                ('}', Some(depth), _) => {
                    *depth -= 1;
                    if *depth == 0 {
                        skipping = None;
                    }
                }
                ('{', None, Some(_)) => {
                    pending_test = None;
                    skipping = Some(1);
                }
                (';', None, Some(_)) => pending_test = None,
                (_, None, Some(item)) => item.push(c),
                _ => {}
            }
            i += 1;
        }
    }
    strings
}

/// Where a raw string (`r"…"`, `r#"…"#`, `br"…"`) begins at `i`: its number of `#` and the index
/// of its opening quote.
fn raw_start(chars: &[char], i: usize) -> Option<(usize, usize)> {
    let mut j = i;
    if chars.get(j) == Some(&'b') || chars.get(j) == Some(&'c') {
        j += 1;
    }
    if chars.get(j) != Some(&'r') {
        return None;
    }
    j += 1;
    let mut hashes = 0;
    while chars.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    (chars.get(j) == Some(&'"')).then_some((hashes, j))
}
