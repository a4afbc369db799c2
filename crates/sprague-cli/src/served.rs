//! Running as the web server's worker: `sprague serve` runs each request as this program with
//! `SPRAGUE_SERVED=1`, so that a request is the very command a user would type and answers the
//! very object it prints. Served, a command reads no file but standard input (`-`), writes no
//! file (a plot to `-` goes to standard output), keeps no checkpoint, and reports a failure as one
//! JSON object on standard error, `{"error": …, "kind": "bad_input" | "budget" | "internal"}`,
//! from which the server picks the HTTP status.
//!
//! The variable only takes abilities away, so a user who sets it gains nothing.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

/// True once `limit_self` found this process serving: read where nothing may allocate (the
/// allocator's own error line).
pub static SERVED: AtomicBool = AtomicBool::new(false);

/// True when this process runs a request of the web server.
pub fn is_served() -> bool {
    static SERVED_ENV: OnceLock<bool> = OnceLock::new();
    *SERVED_ENV.get_or_init(|| std::env::var_os("SPRAGUE_SERVED").is_some_and(|v| v == "1"))
}

/// Room in the address space beyond the memory budget: the work thread's reserved stack, the
/// allocator's per-thread arenas and the program itself.
const ADDRESS_SPACE_SLACK: u64 = 1 << 30;

/// When served, limits this process by the operating system, whatever the request does: its
/// address space to the memory budget (`SPRAGUE_MEMORY_LIMIT`) and some slack, its processor
/// time to the time budget (`SPRAGUE_TIME_LIMIT`) and some slack, no file written, no core dump.
/// The command's own estimates refuse a request long before these limits; they are the floor
/// under a request the estimates do not foresee.
pub fn limit_self() {
    use rlimit::Resource;
    if !is_served() {
        return;
    }
    SERVED.store(true, Ordering::Relaxed);
    let number = |name: &str| {
        std::env::var(name)
            .ok()
            .and_then(|v| crate::size::parse_size(&v))
    };
    if let Some(bytes) = number("SPRAGUE_MEMORY_LIMIT") {
        let cap = bytes.saturating_add(ADDRESS_SPACE_SLACK);
        let _ = Resource::AS.set(cap, cap);
    }
    if let Some(seconds) = number("SPRAGUE_TIME_LIMIT") {
        let _ = Resource::CPU.set(seconds + 2, seconds + 5);
    }
    let _ = Resource::FSIZE.set(0, 0);
    let _ = Resource::CORE.set(0, 0);
}
