//! House rules checked by test: every source file opens with a `//!` doc comment, and
//! ARCHITECTURE.md names every crate of the workspace.

use std::fs;
use std::path::{Path, PathBuf};

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "target") {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_source_file_starts_with_a_module_doc() {
    let mut files = Vec::new();
    rust_files(&workspace_root().join("crates"), &mut files);
    assert!(files.len() > 10);
    let missing: Vec<_> = files
        .iter()
        .filter(|f| !fs::read_to_string(f).unwrap().starts_with("//!"))
        .collect();
    assert!(missing.is_empty(), "files without a //! doc: {missing:?}");
}

#[test]
fn architecture_names_every_crate() {
    let root = workspace_root();
    let architecture = fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    for entry in fs::read_dir(root.join("crates")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            architecture.contains(&format!("`{name}`")),
            "ARCHITECTURE.md does not name `{name}`"
        );
    }
}
