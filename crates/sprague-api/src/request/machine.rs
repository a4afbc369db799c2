//! What this machine lets the process use: the memory the kernel says is available, and the hard
//! limits around the process that it does not say (an address-space rlimit, `ulimit -v`, and a
//! memory cgroup, v1 or v2). Every front end sizes its [`Limits`](crate::request::limits::Limits) from here, so
//! an estimate that "fits" is one the operating system will grant.
//!
//! Read from `/proc` and `/sys/fs/cgroup`; where a file is missing (another system, a sandbox
//! hiding them) that limit is simply not known.

use std::path::{Path, PathBuf};

/// Limits at or past this many bytes are no limit (cgroup v1 writes "unlimited" as about 2^63).
const UNLIMITED: u64 = 1 << 60;

/// The memory a run may plan to use when nobody said: four fifths of the least of what the
/// kernel reports available and the room the hard limits leave ([`hard_memory_room`]). The
/// fifth left over is the rest of the process (its code, stacks, allocator slack) and the
/// machine's.
pub fn default_memory_limit() -> Option<u64> {
    let least = [available_memory(), hard_memory_room()]
        .into_iter()
        .flatten()
        .min()?;
    Some(least / 5 * 4)
}

/// A memory limit the user gave (`SPRAGUE_MEMORY_LIMIT`, `memory=`), lowered to four fifths of
/// the room the hard limits leave, if that is less: a user's figure cannot lift what the
/// operating system enforces.
pub fn within_hard_limits(bytes: u64) -> u64 {
    hard_memory_room().map_or(bytes, |room| bytes.min(room / 5 * 4))
}

/// `MemAvailable` of `/proc/meminfo`, in bytes.
pub fn available_memory() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib.saturating_mul(1024))
}

/// The least room the hard limits on this process leave, in bytes: the address-space rlimit
/// less the address space already mapped, and each memory cgroup's limit less its usage (the
/// process's own and its ancestors'). `None` when no limit is set.
pub fn hard_memory_room() -> Option<u64> {
    [address_space_room(), cgroup_room()]
        .into_iter()
        .flatten()
        .min()
}

/// The soft `RLIMIT_AS` (from `/proc/self/limits`) less `VmSize`.
fn address_space_room() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    let soft = line
        .trim_start_matches("Max address space")
        .split_whitespace()
        .next()?;
    let limit: u64 = soft.parse().ok()?; // "unlimited" does not parse: no limit
    if limit >= UNLIMITED {
        return None;
    }
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let mapped = status
        .lines()
        .find(|l| l.starts_with("VmSize:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kib| kib.parse::<u64>().ok())
        .map_or(0, |kib| kib.saturating_mul(1024));
    Some(limit.saturating_sub(mapped))
}

/// The least room left by the memory cgroups this process is in.
fn cgroup_room() -> Option<u64> {
    let membership = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let mut least: Option<u64> = None;
    let mut consider = |room: Option<u64>| {
        if let Some(room) = room {
            least = Some(least.map_or(room, |l| l.min(room)));
        }
    };
    for line in membership.lines() {
        // "hierarchy-id:controllers:path"; v2 is "0::path".
        let mut fields = line.splitn(3, ':');
        let (_, controllers, path) = match (fields.next(), fields.next(), fields.next()) {
            (Some(id), Some(c), Some(p)) => (id, c, p),
            _ => continue,
        };
        if controllers.is_empty() {
            for root in ["/sys/fs/cgroup", "/sys/fs/cgroup/unified"] {
                for dir in ancestors(Path::new(root), path) {
                    consider(room_in(&dir, "memory.max", "memory.current"));
                }
            }
        } else if controllers.split(',').any(|c| c == "memory") {
            for dir in ancestors(Path::new("/sys/fs/cgroup/memory"), path) {
                consider(room_in(
                    &dir,
                    "memory.limit_in_bytes",
                    "memory.usage_in_bytes",
                ));
            }
        }
    }
    least
}

/// The folders of the cgroup `path` under `root` and of each of its ancestors up to `root`
/// itself (a cgroup namespace may show the process's group as the root, so both are read).
fn ancestors(root: &Path, path: &str) -> Vec<PathBuf> {
    let mut dirs = vec![root.to_path_buf()];
    let mut at = root.to_path_buf();
    for part in path.split('/').filter(|p| !p.is_empty() && *p != "..") {
        at.push(part);
        dirs.push(at.clone());
    }
    dirs
}

/// `limit − usage` read from the two files of a cgroup folder; `None` when the folder or its
/// limit is missing, or the limit is none ("max", or about 2^63).
fn room_in(dir: &Path, limit: &str, usage: &str) -> Option<u64> {
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).ok();
    let limit: u64 = read(limit)?.trim().parse().ok()?; // "max" does not parse: no limit
    if limit >= UNLIMITED {
        return None;
    }
    let used = read(usage)
        .and_then(|u| u.trim().parse::<u64>().ok())
        .unwrap_or(0);
    Some(limit.saturating_sub(used))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ancestors_run_from_the_root_down() {
        let dirs = ancestors(Path::new("/r"), "/a/b");
        assert_eq!(
            dirs,
            vec![
                PathBuf::from("/r"),
                PathBuf::from("/r/a"),
                PathBuf::from("/r/a/b")
            ]
        );
        assert_eq!(ancestors(Path::new("/r"), "/"), vec![PathBuf::from("/r")]);
        // No climbing out of the root.
        assert_eq!(ancestors(Path::new("/r"), "/../x").len(), 2);
    }

    #[test]
    fn a_cgroup_folder_gives_limit_less_usage() {
        let dir = std::env::temp_dir().join(format!("sprague-machine-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("memory.max"), "1000\n").unwrap();
        std::fs::write(dir.join("memory.current"), "300\n").unwrap();
        assert_eq!(room_in(&dir, "memory.max", "memory.current"), Some(700));
        std::fs::write(dir.join("memory.max"), "max\n").unwrap();
        assert_eq!(room_in(&dir, "memory.max", "memory.current"), None);
        std::fs::write(dir.join("memory.max"), "9223372036854771712\n").unwrap();
        assert_eq!(room_in(&dir, "memory.max", "memory.current"), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_user_limit_never_passes_the_hard_room() {
        let bytes = 1 << 50;
        let within = within_hard_limits(bytes);
        assert!(within <= bytes);
        if let Some(room) = hard_memory_room() {
            assert!(within <= room);
        }
    }
}
