//! Files the user names for output (`--out`, `--plot`, checkpoints), written so that a reader
//! sees the old file or the whole new one, and so that nothing the user did not name is replaced.
//!
//! Only a regular file (or a new name) is replaced, by writing a temporary file beside it and
//! renaming it over. A symbolic link is followed: its target is replaced and the link stays. A
//! FIFO, a device, a directory or a socket is refused before any work starts, since renaming over
//! one would put a regular file where the user had something else (as root, `--out /dev/full`
//! replaced the device).

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use crate::failure::Failure;

/// The most links followed from one name, as the kernel's own limit for path lookups.
const MAX_LINKS: usize = 40;

/// The file a write to `path` replaces: `path` itself, or the end of its chain of symbolic links.
/// Refuses a target that exists and is not a regular file, and one whose folder does not exist.
/// `what` names the flag in errors (`--out`, `--plot`, `--checkpoint`).
pub fn target(path: &Path, what: &str) -> Result<PathBuf, Failure> {
    crate::failure::refuse_file(what, path)?;
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        let meta = match std::fs::symlink_metadata(&current) {
            Ok(meta) => meta,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                check_folder(&current, path, what)?;
                return Ok(current);
            }
            Err(e) => {
                return Err(Failure::bad_input(format!(
                    "{what} `{}`: {e}",
                    path.display()
                )))
            }
        };
        let kind = meta.file_type();
        if kind.is_symlink() {
            let link = std::fs::read_link(&current)
                .map_err(|e| Failure::bad_input(format!("{what} `{}`: {e}", path.display())))?;
            current = match current.parent() {
                Some(folder) if link.is_relative() => folder.join(link),
                _ => link,
            };
            continue;
        }
        if kind.is_file() {
            return Ok(current);
        }
        return Err(Failure::bad_input(format!(
            "{what} `{}` is {}, not a regular file: refusing to replace it",
            path.display(),
            describe(&kind)
        )));
    }
    Err(Failure::bad_input(format!(
        "{what} `{}`: more than {MAX_LINKS} symbolic links to follow",
        path.display()
    )))
}

fn describe(kind: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_dir() {
        "a directory"
    } else if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "something else"
    }
}

fn check_folder(file: &Path, named: &Path, what: &str) -> Result<(), Failure> {
    match file.parent().filter(|p| !p.as_os_str().is_empty()) {
        Some(folder) if !folder.is_dir() => Err(Failure::bad_input(format!(
            "{what} `{}`: the folder {} does not exist",
            named.display(),
            folder.display()
        ))),
        _ => Ok(()),
    }
}

/// A new temporary file beside `target` (so the rename stays on one file system), created with
/// `create_new` under a name no one else holds: an existing file is never overwritten. The name
/// keeps `target`'s extension last, for writers that choose a format by it.
pub fn temporary_beside(target: &Path) -> io::Result<(PathBuf, File)> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let stem = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let extension = target
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let name = format!(".{stem}.sprague-{}-{n}.part{extension}", std::process::id());
        let tmp = target.with_file_name(name);
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(file) => return Ok((tmp, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Writes a file through `write` to a temporary file beside the target, syncs it, and renames it
/// over the target: a reader sees the old file or the whole new one, never a half-written one.
pub fn write_atomically(
    path: &Path,
    what: &str,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> Result<(), Failure> {
    let target = target(path, what)?;
    let fail = |e: io::Error| Failure::bad_input(format!("{what} `{}`: {e}", path.display()));
    let (tmp, file) = temporary_beside(&target).map_err(fail)?;
    let mut out = BufWriter::with_capacity(1 << 20, file);
    let written = write(&mut out)
        .and_then(|()| out.flush())
        .and_then(|()| out.get_ref().sync_all());
    drop(out);
    let res = written.and_then(|()| std::fs::rename(&tmp, &target));
    if let Err(e) = res {
        let _ = std::fs::remove_file(&tmp);
        return Err(fail(e));
    }
    Ok(())
}

/// True when `path` is `-`: standard output, never a file of that name (`--out -`, `--plot -`).
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Writes through `write` to standard output when `path` is `-`, else to the file, atomically
/// (see [`write_atomically`]).
pub fn write_to(
    path: &Path,
    what: &str,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), Failure> {
    if is_stdout(path) {
        let stdout = io::stdout();
        let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
        write(&mut out)?;
        out.flush()?;
        return Ok(());
    }
    write_atomically(path, what, |w| write(w))
}

/// Renames a finished temporary file over the target of `path`, or removes it after a failure.
pub fn finish(path: &Path, what: &str, tmp: &Path, res: Result<(), String>) -> Result<(), Failure> {
    let res = res.and_then(|()| {
        let target = target(path, what).map_err(|e| e.to_string())?;
        std::fs::rename(tmp, target).map_err(|e| e.to_string())
    });
    res.map_err(|e| {
        let _ = std::fs::remove_file(tmp);
        Failure::bad_input(format!("{what} `{}`: {e}", path.display()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_names_never_collide_with_existing_files() {
        let dir = std::env::temp_dir().join(format!("sprague-of-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let target = dir.join("values.bin");
        let (a, _) = temporary_beside(&target).unwrap();
        let (b, _) = temporary_beside(&target).unwrap();
        assert_ne!(a, b);
        assert!(a.to_string_lossy().ends_with(".bin"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
