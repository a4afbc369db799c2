//! Running one request: the `sprague` command itself, in a process of its own with the request's
//! budgets, so that its answer is the very object the command line prints, and a runaway request
//! (a script that loops or allocates, a search past its estimate, a stack overflow) ends its own
//! process, never the server.
//!
//! Every request starts in the fast lane (up to `fast_workers` at once). One still running after
//! [`FAST_SLICE`] is heavy: it is paused (SIGSTOP), leaves the fast lane, runs niced from then on,
//! and waits for one of the few heavy slots before it goes on (SIGCONT), so that cheap requests keep being answered while
//! heavy ones queue. Past the queue's length a request is answered 503 with `Retry-After`.
//!
//! The budgets: the process is told its time and memory (`SPRAGUE_TIME_LIMIT`,
//! `SPRAGUE_MEMORY_LIMIT`, so the command's estimates refuse early with figures), sets hard
//! limits on itself (`SPRAGUE_SERVED=1`: address space, no files written), and is killed at its
//! deadline, counted in the time it ran; what it prints is read up to `max_output` bytes.

use std::path::PathBuf;
use std::process::Stdio;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rustix::process::{kill_process, setpriority_process, Pid, Signal};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::process::Command;
use tokio::sync::Semaphore;

/// The processor time a request may use in the fast lane before it counts as heavy.
pub const FAST_SLICE: Duration = Duration::from_millis(100);

/// The time on the clock a request may spend in the fast lane, whatever processor time it used.
pub const FAST_WALL: Duration = Duration::from_secs(2);

/// How often a request in the fast lane has its processor time read.
const CPU_POLL: Duration = Duration::from_millis(20);

/// The processor time (user and system) process `pid` has used, from `/proc/PID/stat`.
fn cpu_time(pid: Pid) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", pid.as_raw_nonzero())).ok()?;
    // Fields after the command's name, which is in parentheses and may hold spaces: state is
    // the first, utime the twelfth, stime the thirteenth.
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    let ticks = rustix::param::clock_ticks_per_second().max(1);
    Some(Duration::from_nanos(
        (user + system).saturating_mul(1_000_000_000) / ticks,
    ))
}

/// The niceness of a heavy request's process: the fast lane's requests go first on the
/// processor, so a cheap answer waits for no heavy one.
const HEAVY_NICENESS: i32 = 19;

/// The niceness every worker starts with: the requests the server answers in its own process
/// ([`crate::direct`], the cheap built-in ones) go first, a worker's only while it is young.
const WORKER_NICENESS: i32 = 10;

/// The budgets and lanes of the requests a server runs.
#[derive(Clone, Debug)]
pub struct Budgets {
    /// The program that answers a request: the `sprague` command.
    pub worker: PathBuf,
    /// The time a request may run.
    pub time: Duration,
    /// The memory a request may use, in bytes.
    pub memory_bytes: u64,
    /// Requests running in the fast lane at once.
    pub fast_workers: usize,
    /// Heavy requests running at once.
    pub heavy_workers: usize,
    /// Heavy requests that may wait for a heavy slot; more are answered 503.
    pub queue: usize,
    /// Requests that may wait for the fast lane; more are answered 503.
    pub fast_queue: usize,
    /// The most bytes a request's answer may take.
    pub max_output: usize,
    /// The bytes of answers read from workers and not yet sent, in all (at least `max_output`):
    /// a worker whose answer finds no room waits (its pipe full), then is told the server is
    /// busy; slow readers hold no more than this.
    pub max_held_bytes: usize,
}

/// How long a worker's answer waits for room among the bytes held before the request is told
/// the server is busy.
pub const HOLD_WAIT: Duration = Duration::from_secs(5);

/// The bytes of an answer counted against [`Budgets::max_held_bytes`]: given back when dropped.
pub type Held = Option<tokio::sync::OwnedSemaphorePermit>;

/// What a request ended with.
#[derive(Debug)]
pub enum Outcome {
    /// The command succeeded: what it printed.
    Printed(Vec<u8>),
    /// The command refused the input (exit 2): its message.
    BadInput(String),
    /// The request is larger than a program can be given (its words past the kernel's limit).
    TooLarge(String),
    /// A budget stopped the request: its name (`time`, `memory`, `positions`, `output`), the
    /// message, and the figures (needed, allowed) when the command gave them.
    Budget(&'static str, String),
    /// As `Budget`, with the command's figures: what the request needs and what is allowed, and
    /// what the requester can change to have it answered (`more_positions`, …) when there is one.
    OverBudget {
        budget: &'static str,
        message: String,
        needed: u64,
        allowed: u64,
        remedy: Option<String>,
    },
    /// The server is busy: try again after this many seconds.
    Busy(u64),
    /// Something failed that is not the requester's doing.
    Internal(String),
}

/// The lanes requests run in, shared by every request of one server.
pub struct Lanes {
    budgets: Budgets,
    fast: Semaphore,
    heavy: Semaphore,
    waiting_fast: AtomicUsize,
    waiting_heavy: AtomicUsize,
    /// Where the workers run: an empty folder of the server's own.
    folder: PathBuf,
    /// The room for answers held, in KiB, and its size.
    held: Arc<Semaphore>,
    held_kib: usize,
}

impl Lanes {
    /// The lanes for these budgets, with an empty working folder for the workers.
    ///
    /// # Errors
    ///
    /// The folder cannot be made.
    pub fn new(budgets: Budgets) -> std::io::Result<Arc<Lanes>> {
        // One folder a server (the tests run several in one process).
        static SERVERS: AtomicUsize = AtomicUsize::new(0);
        let folder = std::env::temp_dir().join(format!(
            "sprague-serve-{}-{}",
            std::process::id(),
            SERVERS.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&folder)?;
        let held_kib = (budgets.max_held_bytes.max(budgets.max_output) >> 10)
            .clamp(1, u32::MAX as usize)
            .min(Semaphore::MAX_PERMITS);
        Ok(Arc::new(Lanes {
            held: Arc::new(Semaphore::new(held_kib)),
            held_kib,
            fast: Semaphore::new(budgets.fast_workers.max(1)),
            heavy: Semaphore::new(budgets.heavy_workers.max(1)),
            waiting_fast: AtomicUsize::new(0),
            waiting_heavy: AtomicUsize::new(0),
            folder,
            budgets,
        }))
    }

    /// The bytes of answers held now (read from workers, not yet sent), rounded up to KiB.
    pub fn held_bytes(&self) -> usize {
        (self.held_kib - self.held.available_permits()) << 10
    }

    /// Room among the held bytes for an answer of `bytes` computed in the server's own process,
    /// waiting at most [`HOLD_WAIT`]; `None` when none is found (the server is busy).
    pub async fn hold(&self, bytes: usize) -> Option<Held> {
        let kib = u32::try_from(bytes.div_ceil(1024).max(1)).ok()?;
        let wait = Arc::clone(&self.held).acquire_many_owned(kib);
        match tokio::time::timeout(HOLD_WAIT, wait).await {
            Ok(Ok(permit)) => Some(Some(permit)),
            _ => None,
        }
    }

    /// The folder the workers run in.
    pub fn folder(&self) -> &std::path::Path {
        &self.folder
    }

    /// Waits for a permit of `lane`, unless `queue` requests already wait in `waiting`.
    async fn enter<'a>(
        lane: &'a Semaphore,
        waiting: &AtomicUsize,
        queue: usize,
    ) -> Option<tokio::sync::SemaphorePermit<'a>> {
        if let Ok(permit) = lane.try_acquire() {
            return Some(permit);
        }
        if waiting.fetch_add(1, Ordering::SeqCst) >= queue {
            waiting.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        let permit = lane.acquire().await.ok();
        waiting.fetch_sub(1, Ordering::SeqCst);
        permit
    }

    /// Runs `sprague ARGS` with `stdin` as its standard input, within the budgets.
    pub async fn run(&self, args: &[String], stdin: &[u8]) -> Outcome {
        self.run_held(args, stdin).await.0
    }

    /// As [`Lanes::run`], with the share of the held bytes a printed answer takes: keep it
    /// until the answer is sent.
    pub async fn run_held(&self, args: &[String], stdin: &[u8]) -> (Outcome, Held) {
        let (outcome, held) = self.run_inner(args, stdin).await;
        match outcome {
            Outcome::Printed(_) => (outcome, held),
            _ => (outcome, None),
        }
    }

    async fn run_inner(&self, args: &[String], stdin: &[u8]) -> (Outcome, Held) {
        let b = &self.budgets;
        let Some(fast) = Self::enter(&self.fast, &self.waiting_fast, b.fast_queue).await else {
            return (Outcome::Busy(1), None);
        };
        let seconds = b.time.as_secs().max(1);
        let mut command = Command::new(&b.worker);
        command
            .args(args)
            .env_clear()
            .env("SPRAGUE_SERVED", "1")
            .env("SPRAGUE_TIME_LIMIT", seconds.to_string())
            .env("SPRAGUE_MEMORY_LIMIT", b.memory_bytes.to_string())
            .env("RAYON_NUM_THREADS", "1")
            .current_dir(&self.folder)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        let mut child = match command.spawn() {
            Ok(child) => child,
            Err(e) if e.raw_os_error() == Some(rustix::io::Errno::TOOBIG.raw_os_error()) => {
                let message = "the request's words are more than a program can be given: send \
                               long text as \"stdin\"";
                return (Outcome::TooLarge(message.to_owned()), None);
            }
            Err(e) => {
                return (
                    Outcome::Internal(format!("cannot start the worker: {e}")),
                    None,
                )
            }
        };
        let started = Instant::now();
        let pid = child.id().and_then(|id| Pid::from_raw(id as i32));
        // Set here rather than between fork and exec: the server forks nothing (the standard
        // library then spawns without copying its memory), and the worker starts in microseconds.
        if let Some(pid) = pid {
            let _ = setpriority_process(Some(pid), WORKER_NICENESS);
        }
        let mut input = child.stdin.take();
        let stdin = stdin.to_vec();
        let feed = tokio::spawn(async move {
            if let Some(input) = input.as_mut() {
                // A command that stops reading early closes the pipe: not an error here.
                let _ = input.write_all(&stdin).await;
            }
            drop(input);
        });
        let max_output = b.max_output;
        let stdout = tokio::spawn(read_capped(
            child.stdout.take(),
            max_output,
            Some(Arc::clone(&self.held)),
        ));
        let stderr = tokio::spawn(read_capped(child.stderr.take(), 1 << 16, None));
        // The deadline counts the time the worker ran, not the time it waited paused.
        let allowed = b.time + Duration::from_secs(1);
        // Heavy once it has used FAST_SLICE of processor time (not of the clock: on a loaded
        // host a cheap request waits for the processor and must not be demoted for it), or
        // FAST_WALL of the clock (a request that waits on something else).
        let status = loop {
            tokio::select! {
                status = child.wait() => break Some(status),
                () = tokio::time::sleep(CPU_POLL) => {
                    let used = pid.and_then(cpu_time);
                    let wall = started.elapsed();
                    if wall >= allowed {
                        let _ = child.start_kill();
                        let _ = child.wait().await;
                        return (time_budget(b), None);
                    }
                    if used.map_or(wall >= FAST_SLICE, |t| t >= FAST_SLICE) || wall >= FAST_WALL {
                        break None;
                    }
                }
            }
        };
        drop(fast);
        let status = match status {
            Some(status) => status,
            None => {
                // Heavy: paused while it waits for a heavy slot.
                let ran = started.elapsed();
                if let Some(pid) = pid {
                    let _ = kill_process(pid, Signal::STOP);
                    // Behind the cheap requests for the processor, whatever it waits for.
                    let _ = setpriority_process(Some(pid), HEAVY_NICENESS);
                }
                let Some(heavy) = Self::enter(&self.heavy, &self.waiting_heavy, b.queue).await
                else {
                    let _ = child.start_kill();
                    return (Outcome::Busy(b.time.as_secs().max(1)), None);
                };
                if let Some(pid) = pid {
                    let _ = kill_process(pid, Signal::CONT);
                }
                let rest = allowed.saturating_sub(ran);
                let status = tokio::time::timeout(rest, child.wait()).await;
                drop(heavy);
                match status {
                    Ok(status) => status,
                    Err(_) => {
                        let _ = child.start_kill();
                        let _ = child.wait().await;
                        return (time_budget(b), None);
                    }
                }
            }
        };
        let _ = feed.await;
        let out = stdout.await.unwrap_or_default();
        let err = stderr.await.unwrap_or_default().kept;
        let status = match status {
            Ok(status) => status,
            Err(e) => {
                return (
                    Outcome::Internal(format!("cannot wait for the worker: {e}")),
                    None,
                )
            }
        };
        if out.starved {
            return (Outcome::Busy(HOLD_WAIT.as_secs()), None);
        }
        if out.full {
            return (
                Outcome::Budget(
                    "output",
                    format!(
                        "stopped at the output budget: the answer is longer than {} bytes",
                        max_output
                    ),
                ),
                None,
            );
        }
        (classify(status, out.kept, &err, b), out.held)
    }
}

/// A request stopped at its deadline.
fn time_budget(b: &Budgets) -> Outcome {
    Outcome::Budget(
        "time",
        format!(
            "stopped at the time budget: the request ran {} s, the most a request may run",
            b.time.as_secs()
        ),
    )
}

impl Drop for Lanes {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.folder);
    }
}

/// What a worker printed on one stream.
#[derive(Default)]
struct Read {
    kept: Vec<u8>,
    /// More came than the cap.
    full: bool,
    /// The room for held bytes stayed full for [`HOLD_WAIT`]: reading stopped.
    starved: bool,
    /// The share of the held bytes `kept` takes.
    held: Held,
}

/// Reads `source` to its end, keeping at most `cap` bytes, each (its buffer's capacity) counted
/// in `held` first when given, waiting for room there up to [`HOLD_WAIT`].
async fn read_capped(
    source: Option<impl AsyncRead + Unpin>,
    cap: usize,
    held: Option<Arc<Semaphore>>,
) -> Read {
    let mut read = Read::default();
    let Some(mut source) = source else {
        return read;
    };
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        let n = match source.read(&mut chunk).await {
            Ok(0) | Err(_) => return read,
            Ok(n) => n,
        };
        let kept = &mut read.kept;
        if kept.len() + n > cap {
            read.full = true;
            // Keep draining, so the worker is not blocked on a full pipe.
            continue;
        }
        if kept.len() + n > kept.capacity() {
            let grown = (kept.capacity() * 2)
                .max(kept.len() + n)
                .max(1 << 16)
                .min(cap);
            if let Some(room) = &held {
                let kib = (grown.div_ceil(1024) - kept.capacity().div_ceil(1024)) as u32;
                let wait = Arc::clone(room).acquire_many_owned(kib);
                match tokio::time::timeout(HOLD_WAIT, wait).await {
                    Ok(Ok(permit)) => match &mut read.held {
                        Some(all) => all.merge(permit),
                        none => *none = Some(permit),
                    },
                    _ => {
                        read.starved = true;
                        return read;
                    }
                }
            }
            kept.reserve_exact(grown - kept.len());
        }
        kept.extend_from_slice(&chunk[..n]);
    }
}

/// The outcome of a finished worker from its exit status and what it printed.
fn classify(status: std::process::ExitStatus, out: Vec<u8>, err: &[u8], b: &Budgets) -> Outcome {
    use std::os::unix::process::ExitStatusExt;
    // A served command reports a failure as one JSON object on standard error.
    let reported = String::from_utf8_lossy(err)
        .lines()
        .rev()
        .find_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|v| v.get("error").is_some());
    let message = |v: &serde_json::Value| {
        v.get("error")
            .and_then(|m| m.as_str())
            .unwrap_or("failed")
            .to_owned()
    };
    match (status.code(), status.signal()) {
        (Some(0), _) => Outcome::Printed(out),
        (Some(2), _) => match &reported {
            Some(v) if v.get("kind").and_then(|k| k.as_str()) == Some("budget") => {
                let figures = (
                    v.get("budget").and_then(|b| b.as_str()).and_then(budget_of),
                    v.get("needed").and_then(serde_json::Value::as_u64),
                    v.get("allowed").and_then(serde_json::Value::as_u64),
                );
                match figures {
                    (Some(budget), Some(needed), Some(allowed)) => Outcome::OverBudget {
                        budget,
                        message: message(v),
                        needed,
                        allowed,
                        remedy: v.get("remedy").and_then(|r| r.as_str()).map(str::to_owned),
                    },
                    // A refusal without figures (a script's own budgets, what the program
                    // handles at all): its budget is still named.
                    (Some(budget), ..) => Outcome::Budget(budget, message(v)),
                    (None, ..) => Outcome::Internal(format!(
                        "the worker refused the request without naming its budget: {}",
                        message(v)
                    )),
                }
            }
            Some(v) => Outcome::BadInput(message(v)),
            // `--batch` with bad lines: every line's answer (errors included) was printed.
            None if !out.is_empty() => Outcome::Printed(out),
            None => Outcome::BadInput("the request was refused".to_owned()),
        },
        // A batch with bad lines prints every line's answer and exits 2: handled above when it
        // printed a report; an abort is what the allocator does past the address-space limit.
        (_, Some(6 | 9)) => Outcome::Budget(
            "memory",
            format!(
                "stopped at the memory budget: the request needed more than {} MiB",
                b.memory_bytes >> 20
            ),
        ),
        (_, Some(24)) => Outcome::Budget(
            "time",
            format!(
                "stopped at the time budget: the request ran {} s, the most a request may run",
                b.time.as_secs()
            ),
        ),
        _ => Outcome::Internal(match &reported {
            Some(v) => message(v),
            None => format!(
                "the worker failed ({status}): {}",
                String::from_utf8_lossy(err).trim()
            ),
        }),
    }
}

/// The budget of a name the command wrote.
fn budget_of(name: &str) -> Option<&'static str> {
    ["memory", "time", "positions", "size"]
        .into_iter()
        .find(|&b| b == name)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn lanes(worker: &str, seconds: u64) -> Arc<Lanes> {
        Lanes::new(Budgets {
            worker: PathBuf::from(worker),
            time: Duration::from_secs(seconds),
            memory_bytes: 64 << 20,
            fast_workers: 2,
            heavy_workers: 1,
            queue: 1,
            fast_queue: 1,
            max_output: 1 << 10,
            max_held_bytes: 1 << 20,
        })
        .unwrap()
    }

    pub(crate) fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
    }

    #[test]
    fn a_worker_past_its_deadline_is_killed_and_the_time_budget_named() {
        let lanes = lanes("/bin/sleep", 1);
        let started = Instant::now();
        let outcome = runtime().block_on(lanes.run(&["100".to_owned()], b""));
        assert!(matches!(outcome, Outcome::Budget("time", _)), "{outcome:?}");
        // One second allowed, one of grace: killed well before the hundred.
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{:?}",
            started.elapsed()
        );
    }

    #[test]
    fn what_a_worker_prints_is_the_answer_up_to_the_output_budget() {
        let rt = runtime();
        let outcome = rt.block_on(lanes("/bin/echo", 5).run(&["hello".to_owned()], b""));
        assert!(
            matches!(&outcome, Outcome::Printed(out) if out == b"hello\n"),
            "{outcome:?}"
        );
        let long = "x".repeat(2000);
        let outcome = rt.block_on(lanes("/bin/echo", 5).run(&[long], b""));
        assert!(
            matches!(outcome, Outcome::Budget("output", _)),
            "{outcome:?}"
        );
        // Standard input reaches the worker.
        let outcome = rt.block_on(lanes("/bin/cat", 5).run(&[], b"3 2 2\n"));
        assert!(
            matches!(&outcome, Outcome::Printed(out) if out == b"3 2 2\n"),
            "{outcome:?}"
        );
    }

    #[test]
    fn heavy_requests_past_the_queue_are_told_to_come_back() {
        // Heavy by the processor time they use.
        let lanes = lanes("/bin/sh", 1);
        let spin = ["-c".to_owned(), "while :; do :; done".to_owned()];
        let outcomes = runtime().block_on(async {
            let runs: Vec<_> = (0..4)
                .map(|_| {
                    let lanes = Arc::clone(&lanes);
                    let spin = spin.clone();
                    tokio::spawn(async move { lanes.run(&spin, b"").await })
                })
                .collect();
            let mut outcomes = Vec::new();
            for run in runs {
                outcomes.push(run.await.unwrap());
            }
            outcomes
        });
        // One place in a queue: of four, two are turned away (one waiting for the fast lane, one
        // for the heavy slot), and the two others run past their time, one after the other.
        let busy = outcomes
            .iter()
            .filter(|o| matches!(o, Outcome::Busy(_)))
            .count();
        assert_eq!(busy, 2, "{outcomes:?}");
        let stopped = outcomes
            .iter()
            .filter(|o| matches!(o, Outcome::Budget("time", _)))
            .count();
        assert_eq!(stopped, 2, "{outcomes:?}");
    }

    #[test]
    fn a_request_waiting_on_the_clock_is_not_demoted_before_it_uses_the_processor() {
        // `sleep 1` uses no processor time: it stays in the fast lane (two seconds at most) and
        // ends there, with no heavy slot taken.
        let lanes = lanes("/bin/sleep", 5);
        let outcome = runtime().block_on(lanes.run(&["1".to_owned()], b""));
        assert!(
            matches!(&outcome, Outcome::Printed(out) if out.is_empty()),
            "{outcome:?}"
        );
        assert_eq!(lanes.heavy.available_permits(), 1);
        // (The spinning ones of the test above are heavy by their processor time.)
        assert!(cpu_time(Pid::from_raw(std::process::id() as i32).unwrap()).is_some());
    }
}
