//! The Python package's game functions, `python/sprague/_games.py`, are generated from the
//! catalogue (`sprague_api::catalogue::games()`): one function per game, with its signature (the
//! position's words, the game's parameters as keywords, the options the entry allows), types
//! and a docstring (the rule, the position, each parameter's help line, an example call). This
//! test generates the module and fails when the checked-in file differs, so that a catalogue
//! entry added or changed without regenerating fails; the command that regenerates it is
//! [`REGENERATE`].

use std::path::Path;

use sprague_api::catalogue::{self, Command, Game, Input, ValueKind};

const REGENERATE: &str = "SPRAGUE_REGENERATE=1 cargo test -p sprague-py --test python_functions";

/// A word of a position: an int, a str of words, or a list of them.
const WORDS: &str = "Union[int, str, Sequence[Union[int, str]]]";
/// A parameter's value: a number, the command line's word, or numbers joined by commas.
/// The annotation of a keyword whose value is of `kind` (a switch is a `bool`).
fn value_type(kind: ValueKind) -> &'static str {
    match kind {
        ValueKind::Switch => "bool",
        ValueKind::Natural => "Union[int, str]",
        ValueKind::Integers => "Union[str, Sequence[int]]",
        ValueKind::Text => "str",
    }
}
/// The docstrings' width.
const WIDTH: usize = 92;

const PYTHON_KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

/// A catalogue name as a Python identifier: `-` → `_`, a keyword given a trailing `_`.
fn python_name(name: &str) -> String {
    let py = name.replace('-', "_");
    assert!(
        py.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !py.starts_with(|c: char| c.is_ascii_digit())
            && !py.is_empty(),
        "`{name}` makes no Python identifier"
    );
    if PYTHON_KEYWORDS.contains(&py.as_str()) {
        py + "_"
    } else {
        py
    }
}

/// A Python string literal.
fn py_str(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A word of the command line as a Python literal: a whole number as an int, else a str.
fn py_word(word: &str) -> String {
    let whole = !word.is_empty()
        && word.bytes().all(|b| b.is_ascii_digit())
        && (word == "0" || !word.starts_with('0'));
    if whole {
        word.to_owned()
    } else {
        py_str(word)
    }
}

/// How a game's position is passed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// `*heaps`: any number of words.
    Words,
    /// `board: str = ""`: one string (a scoring game's board or moves).
    Board,
    /// `text`: a file's text.
    Text,
    /// None: the parameters give the position.
    None,
}

fn shape(game: &Game) -> Shape {
    match (game.input, game.command) {
        (Input::File, _) => Shape::Text,
        _ if game.position_name.is_empty() => Shape::None,
        (Input::Words, Command::Solve) => Shape::Board,
        (Input::Words, _) => Shape::Words,
    }
}

/// The Python name of the position's parameter.
fn position_name(game: &Game) -> String {
    match shape(game) {
        Shape::Text => "text".to_owned(),
        Shape::None => String::new(),
        Shape::Words | Shape::Board => python_name(game.position_name),
    }
}

/// The options besides the game's parameters, as (name, help), in the signature's order.
fn options(game: &Game) -> Vec<(&'static str, &'static str)> {
    let mut options = Vec::new();
    if game.misere {
        options.push(("misere", "misère play: whoever makes the last move loses."));
    }
    if game.every {
        options.push((
            "every",
            "Every-SG: each turn moves once in every component (each word) that can move.",
        ));
    }
    if game.command == Command::Analyse {
        options.push((
            "all_moves",
            "every move as well, not only the winning ones.",
        ));
    }
    options
}

/// `text` with each `--flag` of the game's written as its keyword (``take_set``).
fn keywords_for_flags(game: &Game, text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("--") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let len = after
            .find(|c: char| !(c.is_ascii_lowercase() || c == '-'))
            .unwrap_or(after.len());
        let flag = &after[..len];
        let known = game.parameters.iter().any(|p| p.name == flag)
            || matches!(flag, "misere" | "every" | "all-moves");
        if known && !flag.is_empty() {
            out.push_str(&format!("``{}``", python_name(flag)));
        } else {
            out.push_str(&rest[at..at + 2 + len]);
        }
        rest = &after[len..];
    }
    out.push_str(rest);
    out
}

/// `text` wrapped at [`WIDTH`], its first line after `first`, the others after `indent`.
fn wrap(text: &str, first: &str, indent: &str) -> String {
    let mut lines = Vec::new();
    let mut line = first.to_owned();
    let mut words_on_line = 0;
    for word in text.split([' ', '\n']).filter(|w| !w.is_empty()) {
        if words_on_line > 0 && line.chars().count() + 1 + word.chars().count() > WIDTH {
            lines.push(std::mem::replace(&mut line, indent.to_owned()));
            words_on_line = 0;
        }
        if !line.is_empty() && !line.ends_with(' ') {
            line.push(' ');
        }
        line.push_str(word);
        words_on_line += 1;
    }
    lines.push(line);
    lines.join("\n").replace(NO_BREAK, " ")
}

/// A space [`wrap`] does not break at.
const NO_BREAK: char = '\u{a0}';

/// `text` with its spaces kept by [`wrap`].
fn unbroken(text: &str) -> String {
    text.replace(' ', &NO_BREAK.to_string())
}

fn sentence(text: &str) -> String {
    if text.ends_with('.') {
        text.to_owned()
    } else {
        format!("{text}.")
    }
}

/// The example as a call of the game's function (`sprague.subtraction(7, 12, set="1,3,4")`).
fn example_call(game: &Game) -> String {
    let mut words = Vec::new();
    let mut keywords = Vec::new();
    let mut example = game.example.iter();
    while let Some(&word) = example.next() {
        match word.strip_prefix("--") {
            Some(flag) => {
                let takes_value = game
                    .parameters
                    .iter()
                    .find(|p| p.name == flag)
                    .is_some_and(|p| !p.value.is_empty());
                let value = if takes_value {
                    py_word(example.next().expect("a flag's value"))
                } else {
                    "True".to_owned()
                };
                keywords.push(format!("{}={value}", python_name(flag)));
            }
            None => words.push(word),
        }
    }
    let mut args: Vec<String> = match shape(game) {
        Shape::Words => words.iter().map(|w| py_word(w)).collect(),
        Shape::Board => vec![py_str(&words.join(" "))],
        Shape::Text => vec![py_str(game.example_text.expect("a file game's text"))],
        Shape::None => {
            assert!(words.is_empty(), "{}: position words", game.name);
            Vec::new()
        }
    };
    args.extend(keywords);
    format!("sprague.{}({})", python_name(game.name), args.join(", "))
}

fn returned(game: &Game) -> &'static str {
    match game.command {
        Command::Analyse => "Analysis",
        Command::Solve => "Score",
        Command::Calculate => "Record",
    }
}

fn docstring(game: &Game) -> String {
    let mut doc = Vec::new();
    doc.push(wrap(&keywords_for_flags(game, game.rule), "", ""));
    doc.push(String::new());
    let position = sentence(&keywords_for_flags(game, game.position));
    let position = match shape(game) {
        Shape::Words => format!("Position (``*{}``): {position}", position_name(game)),
        Shape::Board => format!("Position (``{}``): {position}", position_name(game)),
        Shape::Text => format!("Position (``text``, str or bytes): {position}"),
        Shape::None => format!("Position: {position}"),
    };
    doc.push(wrap(&position, "", ""));
    doc.push(String::new());
    doc.push("Keywords:".to_owned());
    for p in game.parameters {
        let head = if p.value.is_empty() {
            format!("    {}:", python_name(p.name))
        } else {
            format!("    {} ({}):", python_name(p.name), p.value)
        };
        let help = keywords_for_flags(game, p.help);
        let help = if p.required {
            format!("{help}; required.")
        } else {
            sentence(&help)
        };
        doc.push(wrap(&help, &head, "        "));
    }
    for (name, help) in options(game) {
        doc.push(wrap(help, &format!("    {name}:"), "        "));
    }
    doc.push(wrap(
        "the budgets, in seconds and in bytes.",
        "    time_limit, memory_limit:",
        "        ",
    ));
    doc.push(String::new());
    let solve = if game.command == Command::Solve {
        "solve "
    } else {
        ""
    };
    doc.push(format!(
        "Returns: :class:`{}`, the object that ``sprague {solve}{} … --json`` prints.",
        returned(game),
        game.name
    ));
    doc.push(String::new());
    doc.push("Example::".to_owned());
    doc.push(String::new());
    doc.push(format!("    {}", example_call(game)));
    doc.push(String::new());
    // The example as typed in a shell, a word with spaces quoted.
    let mut typed = vec![format!("sprague {solve}{}", game.name)];
    typed.extend(game.example.iter().map(|w| {
        if w.contains(' ') {
            format!("\"{w}\"")
        } else {
            (*w).to_owned()
        }
    }));
    let mut more = format!("On the command line: ``{}``", unbroken(&typed.join(" ")));
    if game.input == Input::File {
        more.push_str(" (the text on standard input)");
    }
    more.push('.');
    if game.play {
        more.push_str(&format!(
            " ``{}`` plays it.",
            unbroken(&format!("sprague.play({}, …)", py_str(game.name)))
        ));
    }
    if let Some(family) = game.table {
        more.push_str(&format!(
            " ``{}`` tabulates it.",
            unbroken(&format!("sprague.table({}, …)", py_str(family)))
        ));
    }
    doc.push(wrap(&more, "", ""));
    let doc: Vec<String> = doc
        .join("\n")
        .lines()
        .map(|l| {
            if l.is_empty() {
                String::new()
            } else {
                format!("    {l}")
            }
        })
        .collect();
    let doc = doc.join("\n");
    assert!(
        !doc.contains("\"\"\"") && !doc.ends_with('\\'),
        "{}: the docstring cannot be a raw string",
        game.name
    );
    format!("    r\"\"\"{}\n    \"\"\"\n", doc.trim_start())
}

fn function(game: &Game) -> String {
    let name = python_name(game.name);
    let position = position_name(game);
    let mut taken = vec![position.clone(), "time_limit".into(), "memory_limit".into()];
    taken.extend(options(game).iter().map(|(o, _)| (*o).to_owned()));
    let mut signature = Vec::new();
    let mut call = vec![py_str(game.name)];
    match shape(game) {
        Shape::Words => {
            signature.push(format!("*{position}: {WORDS}"));
            call.push(position.clone());
        }
        Shape::Board => {
            signature.push(format!("{position}: str = \"\""));
            signature.push("*".to_owned());
            call.push(format!("({position},)"));
        }
        Shape::Text => {
            signature.push("text: Union[str, bytes]".to_owned());
            signature.push("*".to_owned());
            call.push("()".to_owned());
        }
        Shape::None => {
            signature.push("*".to_owned());
            call.push("()".to_owned());
        }
    }
    let mut params = Vec::new();
    for p in game.parameters {
        let py = python_name(p.name);
        assert!(
            !taken.contains(&py),
            "{}: the parameter `{}` is named as an option of the function",
            game.name,
            p.name
        );
        taken.push(py.clone());
        let value = value_type(p.kind);
        signature.push(match (p.kind, p.required) {
            (ValueKind::Switch, _) => format!("{py}: bool = False"),
            (_, true) => format!("{py}: {value}"),
            (_, false) => format!("{py}: Optional[{value}] = None"),
        });
        params.push(format!("{}: {py}", py_str(p.name)));
    }
    call.push(format!("{{{}}}", params.join(", ")));
    if shape(game) == Shape::Text {
        call.push("text=text".to_owned());
    }
    for (option, _) in options(game) {
        signature.push(format!("{option}: bool = False"));
        call.push(format!("{option}={option}"));
    }
    for budget in ["time_limit", "memory_limit"] {
        signature.push(format!("{budget}: Optional[int] = None"));
        call.push(format!("{budget}={budget}"));
    }
    let mut out = format!("def {name}(\n");
    for s in &signature {
        out.push_str(&format!("    {s},\n"));
    }
    out.push_str(&format!(") -> {}:\n", returned(game)));
    out.push_str(&docstring(game));
    out.push_str(&format!(
        "    return {}(\n        _answer(\n",
        returned(game)
    ));
    for c in &call {
        out.push_str(&format!("            {c},\n"));
    }
    out.push_str("        )\n    )\n");
    out
}

/// The module `python/sprague/_games.py`.
fn module(games: &[Game]) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "# Generated from the catalogue (crates/sprague-api/src/catalogue.rs) by\n\
         #     {REGENERATE}\n\
         # Do not edit: crates/sprague-py/tests/python_functions.rs fails when this differs.\n"
    ));
    out.push_str(
        "\"\"\"Every game of the catalogue as a function: its position as positional arguments, \
         its\nparameters and options as keywords. ``sprague`` exports them all.\"\"\"\n\n",
    );
    out.push_str("from typing import Optional, Sequence, Union\n\n");
    let mut classes: Vec<&str> = games.iter().map(returned).collect();
    classes.sort_unstable();
    classes.dedup();
    out.push_str(&format!(
        "from . import {}, _answer\n\n",
        classes.join(", ")
    ));
    out.push_str("__all__ = [\n");
    for game in games {
        out.push_str(&format!("    {},\n", py_str(&python_name(game.name))));
    }
    out.push_str("]\n");
    for game in games {
        out.push_str("\n\n");
        out.push_str(&function(game));
    }
    out
}

#[test]
fn the_python_functions_are_generated_from_the_catalogue() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("python/sprague/_games.py");
    let generated = module(catalogue::games());
    if std::env::var_os("SPRAGUE_REGENERATE").is_some() {
        std::fs::write(&path, &generated).expect("writing _games.py");
        return;
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    if checked_in != generated {
        let line = checked_in
            .lines()
            .zip(generated.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| checked_in.lines().count().min(generated.lines().count()));
        panic!(
            "{} is not what the catalogue generates (first difference at line {}: {:?}, \
             generated {:?}): regenerate it with\n    {REGENERATE}\nand commit it",
            path.display(),
            line + 1,
            checked_in.lines().nth(line).unwrap_or("(the end)"),
            generated.lines().nth(line).unwrap_or("(the end)"),
        );
    }
}

#[test]
fn names_and_examples_become_python() {
    assert_eq!(python_name("fibonacci-nim"), "fibonacci_nim");
    assert_eq!(python_name("in"), "in_");
    assert_eq!(py_word("12"), "12");
    assert_eq!(py_word("007"), "\"007\"");
    assert_eq!(py_word("0.77"), "\"0.77\"");
    assert_eq!(py_str("a \"b\"\n\\"), r#""a \"b\"\n\\""#);
    let game = |name| catalogue::game(name).expect("a catalogue game");
    assert_eq!(
        example_call(game("subtraction")),
        "sprague.subtraction(7, 12, set=\"1,3,4\")"
    );
    assert_eq!(example_call(game("connect4")), "sprague.connect4(\"4453\")");
    assert_eq!(
        example_call(game("geography")),
        "sprague.geography(\"3 2\\n1 2\\n2 3\\n\", start=2)"
    );
    assert_eq!(
        example_call(game("triangle-war")),
        "sprague.triangle_war(moves=\"2-4 4-5\")"
    );
    assert_eq!(
        keywords_for_flags(game("octal"), "with --take-set, or --other"),
        "with ``take_set``, or --other"
    );
}
