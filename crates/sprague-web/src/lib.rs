//! `sprague serve`: the web page and its JSON API.
//!
//! - `GET /`, `/app.js`, `/style.css`: the page, compiled into the binary (works offline).
//! - `GET /api/games`: the catalogue of games, as `sprague games --json` prints it.
//! - `GET /api/examples`: the example scripts of `examples/`, `[{"name", "source"}]`.
//! - `POST /api/run` with `{"args": [...], "stdin": "..."}`: the object `sprague ARGS --json`
//!   prints (HTTP 200); `{"error": …}` with 400 for bad input or a file the server would touch,
//!   422 (and `"budget"`, with `"needed"` and `"allowed"` when the command estimated them:
//!   bytes, seconds or positions) when a budget stopped the work, 503 with `Retry-After` when busy.
//! - `GET /api/plot?args=table&args=octal&…` or `POST /api/plot` (body as `/api/run`): the
//!   table's plot as SVG (`--plot -`).
//!
//! Requests run as the `sprague` command in processes of their own ([`worker`]): the answers
//! are the command line's own objects, and every budget is enforced by the operating system
//! around the process, whatever the request does.

pub mod worker;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, RawQuery, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

pub use worker::{Budgets, Lanes, Outcome};

/// The most bytes a request's body may take (a script, a game file).
pub const MAX_BODY: usize = 4 << 20;

/// The most words a request's arguments may have.
const MAX_ARGS: usize = 256;

/// A request to run: the words after `sprague`, and standard input.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunRequest {
    pub args: Vec<String>,
    #[serde(default)]
    pub stdin: String,
}

/// The router of the page and the API, answering with `lanes`.
pub fn router(lanes: Arc<Lanes>) -> Router {
    Router::new()
        .route("/", get(page_html))
        .route("/app.js", get(page_js))
        .route("/style.css", get(page_css))
        .route("/api/games", get(games))
        .route("/api/examples", get(examples))
        .route("/api/run", post(run))
        .route("/api/plot", get(plot_get).post(plot_post))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(lanes)
}

/// How long a client may take to send a request's headers before its connection is closed.
pub const HEADER_READ_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// Serves on `listener` until the process ends.
///
/// # Errors
///
/// The listener fails.
pub async fn serve(listener: tokio::net::TcpListener, lanes: Arc<Lanes>) -> std::io::Result<()> {
    serve_with(listener, lanes, HEADER_READ_TIMEOUT).await
}

/// Serves on `listener`, closing a connection whose request headers take longer than
/// `header_timeout` to arrive: a client that opens connections and sends nothing, or a byte at a
/// time, holds no more than a socket for that long (axum's own `serve` waits forever).
///
/// # Errors
///
/// The listener fails.
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    lanes: Arc<Lanes>,
    header_timeout: std::time::Duration,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    let router = router(lanes);
    loop {
        let (stream, _) = match listener.accept().await {
            Ok(accepted) => accepted,
            // Out of file descriptors and the like: wait a little rather than spin.
            Err(_) => {
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                continue;
            }
        };
        let service = hyper_util::service::TowerToHyperService::new(router.clone());
        tokio::spawn(async move {
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}

/// Binds `addr` and serves, on a runtime of its own; `ready` is told the address bound (the
/// port when `addr` asked for any).
///
/// # Errors
///
/// The address cannot be bound, or the runtime cannot start.
pub fn run_blocking(
    addr: SocketAddr,
    budgets: Budgets,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let lanes = Lanes::new(budgets)?;
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        serve(listener, lanes).await
    })
}

const INDEX_HTML: &str = include_str!("../page/index.html");
const APP_JS: &str = include_str!("../page/app.js");
const STYLE_CSS: &str = include_str!("../page/style.css");

async fn page_html() -> Response {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        INDEX_HTML,
    )
        .into_response()
}

async fn page_js() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        APP_JS,
    )
        .into_response()
}

async fn page_css() -> Response {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        STYLE_CSS,
    )
        .into_response()
}

async fn not_found() -> Response {
    error(StatusCode::NOT_FOUND, "no such page: see / and /api/games")
}

async fn games() -> Response {
    Json(sprague_api::catalogue::games()).into_response()
}

/// The example scripts, compiled in: a page to start a script from.
const EXAMPLES: &[(&str, &str)] = &[
    ("kayles.rhai", include_str!("../../../examples/kayles.rhai")),
    (
        "subtraction-1-3-4.rhai",
        include_str!("../../../examples/subtraction-1-3-4.rhai"),
    ),
    ("lasker.rhai", include_str!("../../../examples/lasker.rhai")),
    (
        "grundys-game.rhai",
        include_str!("../../../examples/grundys-game.rhai"),
    ),
    (
        "wythoff.rhai",
        include_str!("../../../examples/wythoff.rhai"),
    ),
    (
        "hdu1847-powers-of-two.rhai",
        include_str!("../../../examples/hdu1847-powers-of-two.rhai"),
    ),
    (
        "hdu2147-kiki.rhai",
        include_str!("../../../examples/hdu2147-kiki.rhai"),
    ),
    (
        "loopy-ring.rhai",
        include_str!("../../../examples/loopy-ring.rhai"),
    ),
    (
        "mock-turtles.rhai",
        include_str!("../../../examples/mock-turtles.rhai"),
    ),
    (
        "cutting.rhai",
        include_str!("../../../examples/cutting.rhai"),
    ),
];

async fn examples() -> Response {
    let list: Vec<serde_json::Value> = EXAMPLES
        .iter()
        .map(|(name, source)| serde_json::json!({ "name": name, "source": source }))
        .collect();
    Json(list).into_response()
}

/// `{"error": message}` with `status`.
fn error(status: StatusCode, message: impl Into<String>) -> Response {
    (status, Json(serde_json::json!({ "error": message.into() }))).into_response()
}

/// Checks the words of a request before anything runs; the error is the 400 answer's message.
fn check_args(args: &[String]) -> Result<(), String> {
    let bad = Err;
    if args.is_empty() {
        return bad(
            "\"args\" is empty: give the words after `sprague`, like [\"nim\", \"3\", \"4\"]"
                .into(),
        );
    }
    if args.len() > MAX_ARGS {
        return bad(format!(
            "\"args\" has {} words, more than the {MAX_ARGS} a request may",
            args.len()
        ));
    }
    if args[0] == "serve" {
        return bad("`serve` is not run by the server".into());
    }
    if args.iter().any(|a| a.contains('\0')) {
        return bad("\"args\" has a NUL character".into());
    }
    Ok(())
}

/// The request in a body; a body past [`MAX_BODY`] (or unreadable) or not a request is
/// answered with the API's own error object.
fn request_of(body: Result<Bytes, BytesRejection>) -> Result<RunRequest, Box<Response>> {
    let body = body.map_err(|rejection| {
        Box::new(error(
            rejection.status(),
            format!(
                "the request's body: {} (at most {MAX_BODY} bytes)",
                rejection.body_text()
            ),
        ))
    })?;
    parse_request(&body).map_err(|message| Box::new(error(StatusCode::BAD_REQUEST, message)))
}

async fn run(State(lanes): State<Arc<Lanes>>, body: Result<Bytes, BytesRejection>) -> Response {
    let request = match request_of(body) {
        Ok(request) => request,
        Err(response) => return *response,
    };
    let mut args = request.args;
    // The command's JSON object is the answer: ask for it as `--json` would (`play` answers in
    // its own lines, and help is text).
    let text_only = args[0] == "play" || args.iter().any(|a| a == "--help" || a == "-h");
    if !text_only && !args.iter().any(|a| a == "--json") {
        args.push("--json".to_owned());
    }
    answer(
        lanes.run(&args, request.stdin.as_bytes()).await,
        "application/json",
    )
}

async fn plot_get(State(lanes): State<Arc<Lanes>>, RawQuery(query): RawQuery) -> Response {
    let args: Vec<String> = form_urlencoded::parse(query.unwrap_or_default().as_bytes())
        .filter(|(k, _)| k == "args")
        .map(|(_, v)| v.into_owned())
        .collect();
    plot(
        lanes,
        RunRequest {
            args,
            stdin: String::new(),
        },
    )
    .await
}

async fn plot_post(
    State(lanes): State<Arc<Lanes>>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    match request_of(body) {
        Ok(request) => plot(lanes, request).await,
        Err(response) => *response,
    }
}

async fn plot(lanes: Arc<Lanes>, request: RunRequest) -> Response {
    if let Err(message) = check_args(&request.args) {
        return error(StatusCode::BAD_REQUEST, message);
    }
    if request
        .args
        .iter()
        .any(|a| a == "--plot" || a.starts_with("--plot="))
    {
        return error(
            StatusCode::BAD_REQUEST,
            "/api/plot adds --plot itself: leave it out",
        );
    }
    let mut args = request.args;
    args.extend(["--plot".to_owned(), "-".to_owned()]);
    answer(
        lanes.run(&args, request.stdin.as_bytes()).await,
        "image/svg+xml",
    )
}

fn parse_request(body: &[u8]) -> Result<RunRequest, String> {
    let request: RunRequest = serde_json::from_slice(body)
        .map_err(|e| format!("the body must be {{\"args\": [...], \"stdin\": \"...\"}}: {e}"))?;
    check_args(&request.args)?;
    Ok(request)
}

/// The HTTP answer to a request's outcome; what it printed is sent as `content_type` (or as
/// JSON lines / text when it is not one JSON object).
fn answer(outcome: Outcome, content_type: &'static str) -> Response {
    match outcome {
        Outcome::Printed(out) => {
            let kind = if content_type != "application/json" {
                content_type
            } else if serde_json::from_slice::<serde::de::IgnoredAny>(&out).is_ok() {
                "application/json"
            } else if out.starts_with(b"{") {
                "application/x-ndjson"
            } else {
                "text/plain; charset=utf-8"
            };
            ([(header::CONTENT_TYPE, kind)], out).into_response()
        }
        Outcome::BadInput(message) => error(StatusCode::BAD_REQUEST, message),
        Outcome::Budget(budget, message) => (
            StatusCode::UNPROCESSABLE_ENTITY,
            Json(serde_json::json!({ "error": message, "budget": budget })),
        )
            .into_response(),
        Outcome::OverBudget {
            budget,
            message,
            needed,
            allowed,
            remedy,
        } => {
            let mut answer = serde_json::json!({
                "error": message,
                "budget": budget,
                "needed": needed,
                "allowed": allowed,
            });
            if let Some(remedy) = remedy {
                answer["remedy"] = remedy.into();
            }
            (StatusCode::UNPROCESSABLE_ENTITY, Json(answer)).into_response()
        }
        Outcome::Busy(seconds) => {
            let mut response = error(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("the server is busy: try again in {seconds} s"),
            );
            if let Ok(v) = HeaderValue::from_str(&seconds.to_string()) {
                response.headers_mut().insert(header::RETRY_AFTER, v);
            }
            response
        }
        Outcome::Internal(message) => error(StatusCode::INTERNAL_SERVER_ERROR, message),
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    use super::*;

    #[test]
    fn a_client_that_never_finishes_its_headers_is_disconnected() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let addr = listener.local_addr().unwrap();
            let lanes = Lanes::new(Budgets {
                worker: "/nonexistent/sprague".into(),
                time: Duration::from_secs(1),
                memory_bytes: 64 << 20,
                fast_workers: 1,
                heavy_workers: 1,
                queue: 1,
                fast_queue: 1,
                max_output: 1 << 10,
            })
            .unwrap();
            tokio::spawn(serve_with(listener, lanes, Duration::from_millis(300)));
            let mut slow = tokio::net::TcpStream::connect(addr).await.unwrap();
            slow.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
                .await
                .unwrap();
            let mut got = Vec::new();
            let closed =
                tokio::time::timeout(Duration::from_secs(5), slow.read_to_end(&mut got)).await;
            assert!(
                closed.is_ok(),
                "a half-sent request still holds its connection after 5 s"
            );
            // A whole request on a new connection is answered.
            let mut client = tokio::net::TcpStream::connect(addr).await.unwrap();
            client
                .write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                .await
                .unwrap();
            let mut answer = Vec::new();
            client.read_to_end(&mut answer).await.unwrap();
            assert!(
                answer.starts_with(b"HTTP/1.1 200"),
                "{}",
                String::from_utf8_lossy(&answer)
            );
        });
    }
}
