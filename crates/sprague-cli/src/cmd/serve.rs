//! `sprague serve`: the web server, each request run by this very program (see `served`).

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use crate::args::ServeArgs;
use crate::failure::Failure;

pub fn run(args: &ServeArgs) -> Result<ExitCode, Failure> {
    let memory_bytes = crate::size::parse_size(&args.memory_limit)
        .filter(|&b| b >= 16 << 20)
        .ok_or_else(|| {
            Failure::bad_input(format!(
                "--memory-limit `{}`: expected a size of at least 16M, like 512M or 2G",
                args.memory_limit
            ))
        })?;
    // The server's own memory (connections, the answers held, the requests it computes in its
    // own process) stays inside the run's limit like any command's; each worker has its own.
    crate::memory::ALLOCATOR.limit_process(super::limits().memory_bytes);
    let worker = std::env::current_exe()
        .map_err(|e| Failure::Internal(format!("cannot find this program to run requests: {e}")))?;
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    let heavy = args.workers.map_or(cores, |w| w as usize);
    let budgets = sprague_web::Budgets {
        worker,
        time: Duration::from_secs(args.time_limit),
        memory_bytes,
        fast_workers: 4 * cores.max(heavy),
        heavy_workers: heavy,
        queue: args.queue as usize,
        // Cheap requests queue in thousands: each waits milliseconds.
        fast_queue: (args.queue as usize).saturating_mul(16).max(4096),
        max_output: 64 << 20,
        // Slow readers hold at most this much of the answers: four of the largest.
        max_held_bytes: 256 << 20,
    };
    let limits = format!(
        "{} s and {} a request, {heavy} heavy at once",
        args.time_limit,
        sprague_api::human_bytes(memory_bytes)
    );
    sprague_web::run_blocking(args.addr, budgets, |addr| {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "serving on http://{addr}/ ({limits}); Ctrl-C stops");
        let _ = out.flush();
    })
    .map_err(|e| Failure::bad_input(format!("cannot serve on {}: {e}", args.addr)))?;
    Ok(ExitCode::SUCCESS)
}
