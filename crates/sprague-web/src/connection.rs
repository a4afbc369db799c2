//! The limits on a server's clients: how long a request may take to arrive, how long a write may
//! make no progress, how many connections are open, and the body that hands an answer out while
//! it holds its share of the bytes the workers' answers may take (`Budgets::max_held_bytes`,
//! counted as they are read in `worker`). A client that opens connections and sends nothing, sends its body a byte at a time, or
//! never reads its answer holds a socket and a bounded share of memory for a few seconds, never
//! the server.

use std::future::Future;
use std::io;
use std::path::PathBuf;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::Bytes;
use http_body::{Frame, SizeHint};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::OwnedSemaphorePermit;
use tokio::time::Sleep;

use crate::Budgets;

/// The limits a server puts on its clients.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// How long a request's headers may take to arrive (also how long a kept-alive connection
    /// may stay idle).
    pub header_timeout: Duration,
    /// How long a request's body may take to arrive, after its headers.
    pub body_timeout: Duration,
    /// How long a write to a client may make no progress (a client that does not read its
    /// answer) before the connection is closed.
    pub stall_timeout: Duration,
    /// Connections open at once; more wait in the listener's backlog.
    pub max_connections: usize,
}

/// Descriptors kept for the server itself: the listener, the runtime, standard streams.
const RESERVED_FILES: u64 = 64;

/// Descriptors a running or paused worker holds in the server: its three pipes and its pidfd.
const FILES_PER_WORKER: u64 = 4;

impl Default for ServeOptions {
    fn default() -> ServeOptions {
        ServeOptions {
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            stall_timeout: Duration::from_secs(20),
            max_connections: 1024,
        }
    }
}

impl ServeOptions {
    /// The default limits, with the connections capped so that they and the workers `budgets`
    /// allow stay within `open_files` descriptors.
    pub fn for_open_files(open_files: u64, budgets: &Budgets) -> ServeOptions {
        let workers = (budgets.fast_workers + budgets.heavy_workers + budgets.queue) as u64;
        let room = open_files
            .saturating_sub(RESERVED_FILES)
            .saturating_sub(workers.saturating_mul(FILES_PER_WORKER));
        ServeOptions {
            max_connections: usize::try_from(room.clamp(16, 16_384)).unwrap_or(16_384),
            ..ServeOptions::default()
        }
    }
}

/// Raises the soft limit on open files to the hard one (a server of many clients needs more
/// than the usual 1024), and returns the soft limit now in force.
pub fn raise_open_files_limit() -> u64 {
    use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
    let limit = getrlimit(Resource::Nofile);
    if limit.current < limit.maximum {
        let raised = Rlimit {
            current: limit.maximum,
            maximum: limit.maximum,
        };
        if setrlimit(Resource::Nofile, raised).is_ok() {
            return limit.maximum.unwrap_or(u64::MAX);
        }
    }
    limit.current.unwrap_or(u64::MAX)
}

/// A folder removed when this is dropped (the workers' folder: the server leaves nothing behind,
/// even when it cannot bind).
pub struct RemoveOnDrop(pub PathBuf);

impl Drop for RemoveOnDrop {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A connection whose writes fail with `TimedOut` once one has waited `timeout` without the
/// client taking a byte: a client that never reads its answer is disconnected, and the answer's
/// memory freed.
pub struct StallTimeout<S> {
    inner: S,
    timeout: Duration,
    stalled: Option<Pin<Box<Sleep>>>,
}

impl<S> StallTimeout<S> {
    pub fn new(inner: S, timeout: Duration) -> StallTimeout<S> {
        StallTimeout {
            inner,
            timeout,
            stalled: None,
        }
    }

    /// After a write that returned `Pending`: arms the timer if it is not, and fails when it has
    /// run out. After one that made progress: disarms it.
    fn check<T>(&mut self, cx: &mut Context<'_>, poll: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        if poll.is_ready() {
            self.stalled = None;
            return poll;
        }
        let timeout = self.timeout;
        let timer = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
        if timer.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client took no byte of its answer in time",
            )));
        }
        Poll::Pending
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for StallTimeout<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        // Reads are bounded elsewhere: the header and body timeouts (a read is pending for as
        // long as a request runs, which is no stall).
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for StallTimeout<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.check(cx, poll)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.check(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.inner).poll_flush(cx);
        self.check(cx, poll)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.inner).poll_shutdown(cx);
        self.check(cx, poll)
    }
}

/// The piece of an answer handed to the connection at a time: the connection buffers about one
/// before it asks for the next, so that the rest stays here, counted.
const PIECE: usize = 64 << 10;

/// An answer's bytes with their share of the held budget: handed out a piece at a time, and the
/// share given back when the body is dropped (sent whole, or its connection ended).
pub struct HeldBody {
    data: Vec<u8>,
    sent: usize,
    _permit: Option<OwnedSemaphorePermit>,
}

impl HeldBody {
    pub fn new(data: Vec<u8>, permit: Option<OwnedSemaphorePermit>) -> HeldBody {
        HeldBody {
            data,
            sent: 0,
            _permit: permit,
        }
    }
}

impl http_body::Body for HeldBody {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let rest = &self.data[self.sent..];
        if rest.is_empty() {
            return Poll::Ready(None);
        }
        // A copy: the connection's buffer must not keep the whole answer alive once the body,
        // and its share of the budget, are gone.
        let piece = Bytes::copy_from_slice(&rest[..rest.len().min(PIECE)]);
        self.sent += piece.len();
        Poll::Ready(Some(Ok(Frame::data(piece))))
    }

    fn is_end_stream(&self) -> bool {
        self.sent == self.data.len()
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact((self.data.len() - self.sent) as u64)
    }
}
