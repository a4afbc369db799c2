//! The process's allocator: the system's, metered, so that a script call can be given a memory
//! budget (see `sprague_api::script::MemoryMeter`).
//!
//! The CLI's one `unsafe` (the engine's is the Connect Four table's mapping): a `GlobalAlloc`
//! must be implemented as unsafe, and this one only counts bytes before passing each request to
//! the system allocator unchanged. (Those tables, mapped directly, are not counted here; they
//! are sized within the memory limit before they are made, and scripts make none.)

#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator with a count of the bytes held and two ceilings: the process's (the
/// memory limit of the run, set once by [`MeteredAllocator::limit_process`]) and a script call's
/// (set only while the call runs, never above the process's).
pub struct MeteredAllocator {
    allocated: AtomicUsize,
    ceiling: AtomicUsize,
    process_ceiling: AtomicUsize,
    /// What the running script call may hold beyond what was held when it started (its
    /// ceiling less that), for the error line.
    call_allowance: AtomicUsize,
}

#[global_allocator]
pub static ALLOCATOR: MeteredAllocator = MeteredAllocator {
    allocated: AtomicUsize::new(0),
    ceiling: AtomicUsize::new(usize::MAX),
    process_ceiling: AtomicUsize::new(usize::MAX),
    call_allowance: AtomicUsize::new(usize::MAX),
};

/// What ended the process in the allocator.
#[derive(Clone, Copy)]
enum Stop {
    /// A script call's step past the call's ceiling.
    ScriptCall,
    /// The run past the process's memory limit.
    Process,
    /// The system gave no memory (an address-space rlimit, a cgroup, none left).
    Refused,
}

impl MeteredAllocator {
    /// Holds the whole process to `bytes` (the run's memory limit): an allocation past it ends
    /// the process with one error line and exit code 2, before the memory is taken. The
    /// requests' own estimates refuse long before; this is the floor under what they miss.
    pub fn limit_process(&self, bytes: u64) {
        let bytes = usize::try_from(bytes).unwrap_or(usize::MAX);
        self.process_ceiling.store(bytes, Ordering::Relaxed);
        let call = self.ceiling.load(Ordering::Relaxed);
        self.ceiling.store(call.min(bytes), Ordering::Relaxed);
    }

    /// Counts `bytes` more; a step past the ceiling ends the process with one error line,
    /// before the memory is taken.
    #[inline]
    fn grow(&self, bytes: usize) {
        let held = self.allocated.fetch_add(bytes, Ordering::Relaxed) + bytes;
        if held > self.ceiling.load(Ordering::Relaxed) {
            let stop = if held > self.process_ceiling.load(Ordering::Relaxed) {
                Stop::Process
            } else {
                Stop::ScriptCall
            };
            self.stop(stop, bytes, held);
        }
    }

    /// `pointer`, or the end of the process with one error line when the system gave none
    /// (the default would abort with "memory allocation failed").
    #[inline]
    fn given(&self, pointer: *mut u8, bytes: usize) -> *mut u8 {
        if pointer.is_null() {
            let held = self.allocated.load(Ordering::Relaxed);
            self.stop(Stop::Refused, bytes, held);
        }
        pointer
    }

    #[cold]
    fn stop(&self, stop: Stop, bytes: usize, held: usize) -> ! {
        // No allocation from here on: the ceilings are lifted first, the line is written from
        // fixed pieces.
        let limit = self.process_ceiling.load(Ordering::Relaxed);
        self.process_ceiling.store(usize::MAX, Ordering::Relaxed);
        self.ceiling.store(usize::MAX, Ordering::Relaxed);
        let mut err = std::io::stderr().lock();
        // Served, the line is the JSON object the web server reads (`served.rs`).
        let served = crate::served::SERVED.load(Ordering::Relaxed);
        let _ = err.write_all(if served { b"{\"error\":\"" } else { b"error: " });
        match stop {
            Stop::ScriptCall => {
                let allowance = self.call_allowance.load(Ordering::Relaxed);
                let _ = err.write_all(b"the script asked for ");
                write_mib(&mut err, bytes);
                let _ = err.write_all(b" MiB in one step, past the ");
                write_mib(&mut err, allowance);
                let _ = err.write_all(
                    b" MiB one call may hold (an eighth of SPRAGUE_MEMORY_LIMIT, at most 512 MiB)",
                );
            }
            Stop::Process => {
                let _ = err.write_all(b"the run needed more than ");
                write_mib(&mut err, held.min(limit));
                let _ = err.write_all(
                    b" MiB of memory, the most it may hold (SPRAGUE_MEMORY_LIMIT, else four fifths \
                      of the memory available): ask for less, or raise the limit",
                );
            }
            Stop::Refused => {
                let _ = err.write_all(b"the system gave no memory for ");
                write_mib(&mut err, bytes);
                let _ = err.write_all(b" MiB more after ");
                write_mib(&mut err, held);
                let _ = err.write_all(
                    b" MiB (a limit of ulimit -v or of a cgroup, or none left): ask for less, or \
                      set SPRAGUE_MEMORY_LIMIT below that limit",
                );
            }
        }
        let _ = err.write_all(if served {
            b"\",\"kind\":\"budget\",\"budget\":\"memory\"}\n"
        } else {
            b"\n"
        });
        std::process::exit(2);
    }
}

/// Writes `bytes` in MiB, rounded up, without allocating.
fn write_mib(out: &mut impl Write, bytes: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut n = bytes.div_ceil(1 << 20);
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    let _ = out.write_all(&digits[at..]);
}

/// The bytes the system allocator takes for a request of `size` bytes, as glibc's malloc lays
/// out a chunk (8 bytes of header, 16-byte steps, 32 at least; `realloc` keeps the same rule):
/// counting the request alone missed a quarter of the memory of small allocations.
#[inline]
fn chunk(size: usize) -> usize {
    (size.saturating_add(8 + 15) & !15).max(32)
}

// SAFETY: every request goes to `System` unchanged; the counters are plain atomics.
unsafe impl GlobalAlloc for MeteredAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        self.grow(chunk(layout.size()));
        // SAFETY: the caller's contract for `alloc` is passed on as is.
        self.given(unsafe { System.alloc(layout) }, layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        self.grow(chunk(layout.size()));
        // SAFETY: as for `alloc`.
        self.given(unsafe { System.alloc_zeroed(layout) }, layout.size())
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with `layout`, as the caller guarantees.
        unsafe { System.dealloc(ptr, layout) };
        self.allocated
            .fetch_sub(chunk(layout.size()), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let (old, new) = (chunk(layout.size()), chunk(new_size));
        if new > old {
            self.grow(new - old);
        } else {
            self.allocated.fetch_sub(old - new, Ordering::Relaxed);
        }
        // SAFETY: as the caller guarantees for `realloc`.
        self.given(unsafe { System.realloc(ptr, layout, new_size) }, new_size)
    }
}

impl sprague_api::script::MemoryMeter for MeteredAllocator {
    fn allocated(&self) -> usize {
        self.allocated.load(Ordering::Relaxed)
    }

    fn set_ceiling(&self, bytes: usize) {
        let held = self.allocated.load(Ordering::Relaxed);
        self.call_allowance
            .store(bytes.saturating_sub(held), Ordering::Relaxed);
        // A call's ceiling never lifts the process's.
        let process = self.process_ceiling.load(Ordering::Relaxed);
        self.ceiling.store(bytes.min(process), Ordering::Relaxed);
    }
}
