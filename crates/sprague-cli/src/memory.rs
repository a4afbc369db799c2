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

/// The system allocator with a count of the bytes held and an optional ceiling.
pub struct MeteredAllocator {
    allocated: AtomicUsize,
    ceiling: AtomicUsize,
}

#[global_allocator]
pub static ALLOCATOR: MeteredAllocator = MeteredAllocator {
    allocated: AtomicUsize::new(0),
    ceiling: AtomicUsize::new(usize::MAX),
};

impl MeteredAllocator {
    /// Counts `bytes` more; a step past the ceiling (set only while a script call runs) ends the
    /// process with one error line, before the memory is taken.
    #[inline]
    fn grow(&self, bytes: usize) {
        let held = self.allocated.fetch_add(bytes, Ordering::Relaxed) + bytes;
        if held > self.ceiling.load(Ordering::Relaxed) {
            self.over_ceiling(bytes);
        }
    }

    #[cold]
    fn over_ceiling(&self, bytes: usize) -> ! {
        // No allocation from here on: the ceiling is lifted first, the line is written from
        // fixed pieces.
        self.ceiling.store(usize::MAX, Ordering::Relaxed);
        let mut digits = [0u8; 20];
        let mib = bytes.div_ceil(1 << 20);
        let mut at = digits.len();
        let mut n = mib;
        loop {
            at -= 1;
            digits[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        let mut err = std::io::stderr().lock();
        // Served, the line is the JSON object the web server reads (`served.rs`).
        let served = crate::served::SERVED.load(Ordering::Relaxed);
        let _ = err.write_all(if served {
            b"{\"error\":\"the script asked for "
        } else {
            b"error: the script asked for "
        });
        let _ = err.write_all(&digits[at..]);
        let _ = err.write_all(
            b" MiB in one step, past the memory one call may hold (SPRAGUE_MEMORY_LIMIT / 4, at \
              most 1 GiB)",
        );
        let _ = err.write_all(if served {
            b"\",\"kind\":\"budget\",\"budget\":\"memory\"}\n"
        } else {
            b"\n"
        });
        std::process::exit(2);
    }
}

// SAFETY: every request goes to `System` unchanged; the counters are plain atomics.
unsafe impl GlobalAlloc for MeteredAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        self.grow(layout.size());
        // SAFETY: the caller's contract for `alloc` is passed on as is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        self.grow(layout.size());
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with `layout`, as the caller guarantees.
        unsafe { System.dealloc(ptr, layout) };
        self.allocated.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            self.grow(new_size - layout.size());
        } else {
            self.allocated
                .fetch_sub(layout.size() - new_size, Ordering::Relaxed);
        }
        // SAFETY: as the caller guarantees for `realloc`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

impl sprague_api::script::MemoryMeter for MeteredAllocator {
    fn allocated(&self) -> usize {
        self.allocated.load(Ordering::Relaxed)
    }

    fn set_ceiling(&self, bytes: usize) {
        self.ceiling.store(bytes, Ordering::Relaxed);
    }
}
