//! Answering a built-in game's request in the server's own process, through the catalogue
//! (`sprague_api::catalogue::Game::answer`), the path every front end takes: no program to start,
//! so a cheap request costs microseconds, not the milliseconds of a process.
//!
//! Only what the engine bounds by its own estimates comes here: a catalogue game analysed or
//! calculated in normal play (their tables, listings and searches are refused up front past the
//! memory and time given, [`DIRECT_MEMORY`] and one second; the listings' lengths are the
//! command line's, so that an answer is the same whichever way it went), with a file game's text
//! at most [`MAX_DIRECT_TEXT`] and an answer at most the workers' `max_output`. What the estimates miss is caught by the
//! server's own memory limit, the command line's metered allocator, as in any command. Scripts, searches whose cost is only known as they go (misère play,
//! Every-SG, the scoring games), batches and everything else run as a worker process
//! ([`crate::worker`]), fenced by the operating system.
//!
//! A request that is not answered here, for whatever reason (its words are not the catalogue's, a
//! budget refused it, it failed), goes to a worker as well: the worker's answer, error or not, is
//! the command line's own, so a request is answered the same whichever way it went; only
//! successes are answered here.
//!
//! Each request computes on a thread of its own, at most [`Direct::new`]'s `threads` at once; one
//! still computing after [`DIRECT_SLICE`] is lowered to the least priority, so that the cheap
//! requests beside it keep the processors.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use sprague_api::catalogue::{self, Command, Input};
use sprague_api::Limits;

use crate::worker::Budgets;
use tokio::sync::{oneshot, Semaphore};

/// The memory a request answered in process may use: past it the engine refuses it with its
/// estimate, and a worker with the server's full budget answers it.
pub const DIRECT_MEMORY: u64 = 64 << 20;

/// The most bytes of a file game's text answered in process (a graph of some thousands of edges).
pub const MAX_DIRECT_TEXT: usize = 64 << 10;

/// The time on the clock after which a request computing in process runs at the least priority.
pub const DIRECT_SLICE: Duration = Duration::from_millis(100);

/// The longest a request waits for a thread before it goes to a worker.
const ADMIT_WAIT: Duration = Duration::from_secs(1);

/// The stack of a thread computing a request (reserved, not used): as the command line's.
const STACK: usize = 256 << 20;

/// The name of the threads computing requests: the command line's panic hook leaves them to
/// unwind (the request then goes to a worker) rather than ending the server.
pub const THREAD_NAME: &str = "sprague-direct";

/// The least priority, as a worker's heavy request has it.
const LOW_PRIORITY: i32 = 19;

/// The threads that answer built-in requests in process.
pub struct Direct {
    slots: Arc<Semaphore>,
    waiting: AtomicUsize,
    queue: usize,
    limits: Limits,
    timeout: Duration,
    max_output: usize,
}

/// A request that can be answered in process: its game, words and text.
struct Planned {
    game: &'static catalogue::Game,
    words: Vec<String>,
    text: Option<Vec<u8>>,
}

impl Direct {
    /// At most `threads` requests computing at once, `queue` more waiting, within the workers'
    /// `budgets`: the smaller of their memory and [`DIRECT_MEMORY`], their time as the longest
    /// the server waits for an answer here before it asks a worker, their `max_output`.
    pub fn new(threads: usize, queue: usize, budgets: &Budgets) -> Direct {
        Direct {
            slots: Arc::new(Semaphore::new(threads.max(1))),
            waiting: AtomicUsize::new(0),
            queue,
            limits: Limits {
                memory_bytes: budgets.memory_bytes.min(DIRECT_MEMORY),
                max_seconds: 1,
                ..Limits::default()
            },
            timeout: budgets.time,
            max_output: budgets.max_output,
        }
    }

    /// The JSON object `sprague ARGS --json` prints (with its newline), computed here; `None`
    /// when the request is to go to a worker.
    pub async fn answer(&self, args: &[String], stdin: &[u8]) -> Option<Vec<u8>> {
        let planned = plan(args, stdin)?;
        let permit = self.admit().await?;
        let (send, receive) = oneshot::channel();
        // The thread's id, and whether it is to run at the least priority: whichever of the
        // thread and the server comes second lowers it, so a thread not yet started is not
        // missed.
        let thread = Arc::new((AtomicI32::new(0), AtomicBool::new(false)));
        let limits = self.limits;
        let own = Arc::clone(&thread);
        std::thread::Builder::new()
            .name(THREAD_NAME.to_owned())
            .stack_size(STACK)
            .spawn(move || {
                own.0.store(
                    rustix::thread::gettid().as_raw_nonzero().get(),
                    Ordering::SeqCst,
                );
                if own.1.load(Ordering::SeqCst) {
                    let _ = rustix::process::setpriority_process(None, LOW_PRIORITY);
                }
                let answered = compute(&planned, &limits);
                drop(permit);
                let _ = send.send(answered);
            })
            .ok()?;
        let mut receive = receive;
        let answered = tokio::select! {
            answered = &mut receive => answered,
            () = tokio::time::sleep(DIRECT_SLICE) => {
                // Longer than a cheap request: the processors go to the others first. (Only
                // this thread: it ends with the request.)
                thread.1.store(true, Ordering::SeqCst);
                if let Some(tid) = rustix::process::Pid::from_raw(thread.0.load(Ordering::SeqCst)) {
                    let _ = rustix::process::setpriority_process(Some(tid), LOW_PRIORITY);
                }
                tokio::time::timeout(self.timeout, receive).await.ok()?
            }
        };
        // A panic drops the sender: the worker answers (and reports) it; an answer past the
        // output allowed, the worker refuses in its words.
        answered
            .ok()
            .flatten()
            .filter(|out| out.len() <= self.max_output)
    }

    /// A thread's permit, waiting at most [`ADMIT_WAIT`] behind at most `queue` others.
    async fn admit(&self) -> Option<tokio::sync::OwnedSemaphorePermit> {
        if let Ok(permit) = Arc::clone(&self.slots).try_acquire_owned() {
            return Some(permit);
        }
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.queue {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        let permit =
            tokio::time::timeout(ADMIT_WAIT, Arc::clone(&self.slots).acquire_owned()).await;
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        permit.ok()?.ok()
    }
}

/// The request's answer as `--json` prints it, `None` for any failure (a worker says it).
fn compute(planned: &Planned, limits: &Limits) -> Option<Vec<u8>> {
    let words: Vec<&str> = planned.words.iter().map(String::as_str).collect();
    let request = planned.game.request(&words, planned.text.as_deref()).ok()?;
    let report = planned.game.answer(&request, limits).ok()?;
    let mut out = serde_json::to_vec(&report).ok()?;
    out.push(b'\n');
    Some(out)
}

/// The flags a request answered here may not have: they ask for what only the command line's
/// own paths give (a batch, help, a plot, a file, misère play or Every-SG, whose searches are
/// bounded by no estimate).
const NOT_HERE: &[&str] = &[
    "--batch",
    "--help",
    "-h",
    "--version",
    "-V",
    "--plot",
    "--out",
    "--misere",
    "--every",
    "--",
];

/// The request, when it can be answered here.
fn plan(args: &[String], stdin: &[u8]) -> Option<Planned> {
    let (name, rest) = args.split_first()?;
    let game = catalogue::game(name)?;
    if !matches!(game.command, Command::Analyse | Command::Calculate) {
        return None;
    }
    let mut words = Vec::with_capacity(rest.len());
    let mut flags: Vec<&str> = Vec::new();
    for word in rest {
        if word == "--json" {
            continue;
        }
        if NOT_HERE.contains(&word.as_str()) || word.contains('=') && word.starts_with("--") {
            return None;
        }
        if word.starts_with("--") {
            // The command line refuses a flag given twice; the catalogue's reading would keep
            // the last.
            if flags.contains(&word.as_str()) {
                return None;
            }
            flags.push(word);
        }
        words.push(word.clone());
    }
    let text = match game.input {
        Input::Words => None,
        Input::File => {
            // The text comes as standard input (`-`); a path is the command line's to refuse.
            let mut files = Vec::new();
            let mut rest = words.iter();
            while let Some(word) = rest.next() {
                match word.strip_prefix("--") {
                    Some(flag) => {
                        let takes_value = game
                            .parameters
                            .iter()
                            .any(|p| p.name == flag && !p.value.is_empty());
                        if takes_value {
                            rest.next();
                        }
                    }
                    None => files.push(word),
                }
            }
            if files.len() != 1 || files[0] != "-" || stdin.len() > MAX_DIRECT_TEXT {
                return None;
            }
            Some(stdin.to_vec())
        }
    };
    Some(Planned { game, words, text })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::tests::runtime;

    fn budgets() -> Budgets {
        Budgets {
            worker: "sprague".into(),
            time: Duration::from_secs(5),
            memory_bytes: 1 << 30,
            fast_workers: 2,
            heavy_workers: 1,
            queue: 1,
            fast_queue: 1,
            max_output: 1 << 20,
            max_held_bytes: 1 << 20,
        }
    }

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn only_bounded_catalogue_requests_are_planned_here() {
        for here in [
            "nim 3 4 5 --json",
            "kayles 5 7",
            "subtraction 7 --set 1,3,4",
            "nim-product 3 5",
        ] {
            assert!(plan(&words(here), b"").is_some(), "{here}");
        }
        for there in [
            "script - 9",
            "table kayles --upto 10",
            "solve connect4 4453",
            "kayles 5 --misere",
            "kayles 5 --every",
            "nim 3 --batch",
            "nim 3 --help",
            "subtraction 7 --set 1 --set 2",
            "subtraction 7 --set=1,3",
            "graph graph.txt",
            "nim -- 3",
        ] {
            assert!(plan(&words(there), b"").is_none(), "{there}");
        }
        assert!(plan(&words("graph -"), b"1 0 1\n1\n").is_some());
        assert!(plan(&words("geography - --start 2"), b"2 1\n1 2\n").is_some());
        assert!(plan(&words("geography --start 2 -"), b"2 1\n1 2\n").is_some());
        assert!(plan(&words("geography --start 2"), b"2 1\n1 2\n").is_none());
        assert!(plan(&words("graph -"), &vec![b' '; MAX_DIRECT_TEXT + 1]).is_none());
    }

    #[test]
    fn a_cheap_request_is_answered_and_a_refused_one_is_left_to_a_worker() {
        let direct = Direct::new(2, 8, &budgets());
        runtime().block_on(async {
            let out = direct
                .answer(&words("nim 3 4 5 --json"), b"")
                .await
                .unwrap();
            let report: serde_json::Value = serde_json::from_slice(&out).unwrap();
            assert_eq!(report["nim_value"], 2);
            assert_eq!(out.last(), Some(&b'\n'));
            // Bad input, and a table past the second given here: the worker's words, not ours.
            assert!(direct.answer(&words("nim x"), b"").await.is_none());
            assert!(direct
                .answer(&words("octal 0.3F 2501"), b"")
                .await
                .is_none());
        });
    }

    #[test]
    fn a_request_waits_for_a_thread_behind_at_most_the_queue() {
        let direct = Direct::new(1, 0, &budgets());
        runtime().block_on(async {
            let held = Arc::clone(&direct.slots).try_acquire_owned().unwrap();
            assert!(direct.answer(&words("nim 1"), b"").await.is_none());
            drop(held);
            assert!(direct.answer(&words("nim 1"), b"").await.is_some());
        });
    }
}
