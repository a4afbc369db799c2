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
//! Cheap built-in requests are answered in the server's own process through the catalogue
//! ([`direct`]); the others run as the `sprague` command in processes of their own ([`worker`]),
//! where every budget is enforced by the operating system around the process, whatever the
//! request does. Either way the answer is the command line's own object, to the byte; the header
//! [`ANSWERED_BY`] says which way it went.
//!
//! Clients are bounded too ([`ServeOptions`]): a request's headers and its body must arrive
//! within a few seconds (a `Content-Length` past [`MAX_BODY`] is answered 413 unread), a write
//! that makes no progress ends its connection, the answers read from workers and not yet sent
//! share one budget of bytes (`Budgets::max_held_bytes`), and connections are capped below the open-files limit, which `serve` raises
//! to its hard limit.

pub mod direct;
pub mod worker;

mod connection;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use tokio::sync::Semaphore;

pub use connection::ServeOptions;
pub use direct::Direct;
pub use worker::{Budgets, Lanes, Outcome};

/// The most bytes a request's body may take (a script, a game file).
pub const MAX_BODY: usize = 4 << 20;

/// The header that says where a request was computed: `server` (in process, [`direct`]) or
/// `worker` (a process of its own).
pub const ANSWERED_BY: &str = "x-sprague-answered-by";

/// The most words a request's arguments may have.
const MAX_ARGS: usize = 256;

/// The most bytes one word of the arguments may take: the kernel passes no longer argument to a
/// program (`MAX_ARG_STRLEN`, 32 pages, with its NUL). Longer text goes in `"stdin"`.
const MAX_ARG_BYTES: usize = 128 * 1024 - 1;

/// The most bytes the arguments may take in all (the kernel's own bound, `ARG_MAX`, is a
/// quarter of the stack limit, 2 MiB by default, with the environment).
const MAX_ARGS_BYTES: usize = 1 << 20;

/// What every request's handler shares: the lanes that run requests and the limits on clients.
pub struct App {
    lanes: Arc<Lanes>,
    direct: Option<Direct>,
    options: ServeOptions,
}

impl App {
    /// The handlers' state for `lanes` under `options`, every request run by a worker.
    pub fn new(lanes: Arc<Lanes>, options: ServeOptions) -> Arc<App> {
        Arc::new(App {
            lanes,
            direct: None,
            options,
        })
    }

    /// As [`App::new`], with the built-in requests `direct` can answer answered in process.
    pub fn with_direct(lanes: Arc<Lanes>, direct: Direct, options: ServeOptions) -> Arc<App> {
        Arc::new(App {
            lanes,
            direct: Some(direct),
            options,
        })
    }

    /// The bytes of answers held now, read from workers and not yet sent (rounded up to KiB).
    pub fn held_bytes(&self) -> usize {
        self.lanes.held_bytes()
    }
}

/// A request to run: the words after `sprague`, and standard input.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunRequest {
    pub args: Vec<String>,
    #[serde(default)]
    pub stdin: String,
}

/// The router of the page and the API.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(page_html))
        .route("/app.js", get(page_js))
        .route("/style.css", get(page_css))
        .route("/api/games", get(games))
        .route("/api/examples", get(examples))
        .route("/api/run", post(run))
        .route("/api/plot", get(plot_get).post(plot_post))
        .fallback(not_found)
        .with_state(app)
}

/// Serves on `listener` until the process ends, with the limits of `options` on its clients:
/// at most `max_connections` at once (more wait to be accepted), each closed when its request
/// headers take longer than `header_timeout` (axum's own `serve` waits forever) or a write makes
/// no progress for `stall_timeout`.
///
/// # Errors
///
/// The listener fails.
pub async fn serve_with(listener: tokio::net::TcpListener, app: Arc<App>) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    let options = app.options.clone();
    let router = router(app);
    let connections = Arc::new(Semaphore::new(options.max_connections.max(1)));
    loop {
        let Ok(permit) = Arc::clone(&connections).acquire_owned().await else {
            return Ok(());
        };
        let (stream, _) = match listener.accept().await {
            Ok(accepted) => accepted,
            // Out of file descriptors and the like: wait a little rather than spin.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let service = hyper_util::service::TowerToHyperService::new(router.clone());
        let stream = connection::StallTimeout::new(stream, options.stall_timeout);
        let header_timeout = options.header_timeout;
        tokio::spawn(async move {
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(TokioIo::new(stream), service)
                .await;
            drop(permit);
        });
    }
}

/// Binds `addr` and serves, on a runtime of its own, until Ctrl-C or SIGTERM; `ready` is told
/// the address bound (the port when `addr` asked for any). The soft open-files limit is raised
/// to the hard one first, and the connections capped below it. The workers' folder is removed
/// when the server stops, and when it cannot start.
///
/// # Errors
///
/// The address cannot be bound, or the runtime cannot start.
pub fn run_blocking(
    addr: SocketAddr,
    budgets: Budgets,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let open_files = connection::raise_open_files_limit();
    let options = ServeOptions::for_open_files(open_files, &budgets);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    // Four a core: a request lowered to the least priority keeps its thread, not a core.
    let direct = Direct::new(4 * cores, budgets.fast_queue, &budgets);
    let lanes = Lanes::new(budgets)?;
    let _folder = connection::RemoveOnDrop(lanes.folder().to_path_buf());
    let res = runtime.block_on(async move {
        use tokio::signal::unix::{signal, SignalKind};
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        let mut terminate = signal(SignalKind::terminate())?;
        tokio::select! {
            res = serve_with(listener, App::with_direct(lanes, direct, options)) => res,
            _ = tokio::signal::ctrl_c() => Ok(()),
            _ = terminate.recv() => Ok(()),
        }
    });
    // The workers still running are killed as their tasks drop with the runtime.
    drop(runtime);
    res
}

const INDEX_HTML: &str = include_str!("../page/index.html");
const APP_JS: &str = include_str!("../page/app.js");
const STYLE_CSS: &str = include_str!("../page/style.css");

/// The page with the catalogue in it (what `/api/games` answers), made once: the first paint
/// has the games without a request of its own.
fn index_html() -> &'static str {
    static PAGE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    PAGE.get_or_init(|| {
        // `</` would end the script element the JSON stands in; `<\/` is the same JSON string.
        let games = serde_json::to_string(&page_games())
            .unwrap_or_else(|_| "[]".to_owned())
            .replace("</", "<\\/");
        INDEX_HTML.replace("GAMES_JSON", &games)
    })
}

async fn page_html() -> Response {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        index_html(),
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

/// A game of `/api/games`: its entry as `sprague games --json` prints it, and what the page
/// needs to draw it.
#[derive(serde::Serialize)]
struct PageGame {
    #[serde(flatten)]
    game: &'static sprague_api::catalogue::Game,
    #[serde(flatten)]
    page: sprague_api::catalogue::Page,
}

/// The catalogue as the page reads it: each entry with how it is drawn.
fn page_games() -> Vec<PageGame> {
    sprague_api::catalogue::games()
        .iter()
        .map(|game| PageGame {
            game,
            page: game.page(),
        })
        .collect()
}

async fn games() -> Response {
    Json(page_games()).into_response()
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

/// Checks the words of a request before anything runs; the error is the answer's status (400,
/// or 413 for words the kernel would not pass to a program) and message.
fn check_args(args: &[String]) -> Result<(), (StatusCode, String)> {
    let bad = |message: String| Err((StatusCode::BAD_REQUEST, message));
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
    if let Some(long) = args.iter().position(|a| a.len() > MAX_ARG_BYTES) {
        return Err((
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "word {} of \"args\" has {} bytes, more than the {MAX_ARG_BYTES} a program's \
                 argument may: send long text as \"stdin\", with `-` in its place",
                long + 1,
                args[long].len()
            ),
        ));
    }
    let total: usize = args.iter().map(|a| a.len() + 1).sum();
    if total > MAX_ARGS_BYTES {
        return Err((
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "\"args\" has {total} bytes, more than the {MAX_ARGS_BYTES} a request's words \
                 may: send long text as \"stdin\", with `-` in its place"
            ),
        ));
    }
    // `-` is standard output everywhere; the server writes no file, and its answer is the
    // report (or /api/plot's picture).
    if let Some(out) = args
        .iter()
        .find(|a| *a == "--out" || a.starts_with("--out="))
    {
        return bad(format!(
            "`{out}`: the server writes no files and answers with the report itself: leave \
             --out out (plots: /api/plot)"
        ));
    }
    Ok(())
}

/// The words of a request with `--json` asked for, before a `--` that ends the options (after
/// it, `--json` would be a word of the position).
fn with_json(mut args: Vec<String>) -> Vec<String> {
    if args.iter().any(|a| a == "--json") {
        return args;
    }
    let at = args.iter().position(|a| a == "--").unwrap_or(args.len());
    args.insert(at, "--json".to_owned());
    args
}

/// The body of a request, read within the body timeout and [`MAX_BODY`]: a `Content-Length` past
/// it is answered 413 before a byte is read, a body that does not arrive in time 408.
async fn read_body(app: &App, headers: &HeaderMap, body: Body) -> Result<Bytes, Box<Response>> {
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    let too_large = || {
        Box::new(error(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the request's body is larger than a request may send (at most {MAX_BODY} bytes)"
            ),
        ))
    };
    if declared.is_some_and(|n| n > MAX_BODY as u64) {
        return Err(too_large());
    }
    match tokio::time::timeout(
        app.options.body_timeout,
        axum::body::to_bytes(body, MAX_BODY),
    )
    .await
    {
        Ok(Ok(bytes)) => Ok(bytes),
        Ok(Err(e)) => {
            let length_limit = std::error::Error::source(&e)
                .is_some_and(|s| s.is::<http_body_util::LengthLimitError>());
            if length_limit {
                Err(too_large())
            } else {
                Err(Box::new(error(
                    StatusCode::BAD_REQUEST,
                    format!("the request's body could not be read: {e}"),
                )))
            }
        }
        Err(_) => Err(Box::new(error(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the request's body did not arrive within {} s",
                app.options.body_timeout.as_secs_f64()
            ),
        ))),
    }
}

/// The request in a body; a body past [`MAX_BODY`], late, or not a request is answered with the
/// API's own error object.
async fn request_of(
    app: &App,
    headers: &HeaderMap,
    body: Body,
) -> Result<RunRequest, Box<Response>> {
    let body = read_body(app, headers, body).await?;
    parse_request(&body).map_err(|(status, message)| Box::new(error(status, message)))
}

async fn run(State(app): State<Arc<App>>, headers: HeaderMap, body: Body) -> Response {
    let request = match request_of(&app, &headers, body).await {
        Ok(request) => request,
        Err(response) => return *response,
    };
    let mut args = request.args;
    // The command's JSON object is the answer: ask for it as `--json` would (`play` answers in
    // its own lines, and help is text).
    let text_only = args[0] == "play" || args.iter().any(|a| a == "--help" || a == "-h");
    if !text_only {
        args = with_json(args);
        if let Some(direct) = &app.direct {
            if let Some(out) = direct.answer(&args, request.stdin.as_bytes()).await {
                let Some(held) = app.lanes.hold(out.len()).await else {
                    return busy(1);
                };
                let mut response = answer(Outcome::Printed(out), held, "application/json");
                response
                    .headers_mut()
                    .insert(ANSWERED_BY, HeaderValue::from_static("server"));
                return response;
            }
        }
    }
    let (outcome, held) = app.lanes.run_held(&args, request.stdin.as_bytes()).await;
    let mut response = answer(outcome, held, "application/json");
    response
        .headers_mut()
        .insert(ANSWERED_BY, HeaderValue::from_static("worker"));
    response
}

async fn plot_get(State(app): State<Arc<App>>, RawQuery(query): RawQuery) -> Response {
    let args: Vec<String> = form_urlencoded::parse(query.unwrap_or_default().as_bytes())
        .filter(|(k, _)| k == "args")
        .map(|(_, v)| v.into_owned())
        .collect();
    plot(
        &app,
        RunRequest {
            args,
            stdin: String::new(),
        },
    )
    .await
}

async fn plot_post(State(app): State<Arc<App>>, headers: HeaderMap, body: Body) -> Response {
    match request_of(&app, &headers, body).await {
        Ok(request) => plot(&app, request).await,
        Err(response) => *response,
    }
}

async fn plot(app: &App, request: RunRequest) -> Response {
    if let Err((status, message)) = check_args(&request.args) {
        return error(status, message);
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
    // Before a `--` that ends the options, as `--json` is.
    let at = args.iter().position(|a| a == "--").unwrap_or(args.len());
    args.splice(at..at, ["--plot".to_owned(), "-".to_owned()]);
    let (outcome, held) = app.lanes.run_held(&args, request.stdin.as_bytes()).await;
    answer(outcome, held, "image/svg+xml")
}

fn parse_request(body: &[u8]) -> Result<RunRequest, (StatusCode, String)> {
    let request: RunRequest = serde_json::from_slice(body).map_err(|e| {
        (
            StatusCode::BAD_REQUEST,
            format!("the body must be {{\"args\": [...], \"stdin\": \"...\"}}: {e}"),
        )
    })?;
    check_args(&request.args)?;
    Ok(request)
}

/// The HTTP answer to a request's outcome; what it printed is sent as `content_type` (or as
/// JSON lines / text when it is not one JSON object), its share of the held bytes (`held`) given
/// back once it is sent or its connection ends.
fn answer(outcome: Outcome, held: worker::Held, content_type: &'static str) -> Response {
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
            (
                [(header::CONTENT_TYPE, kind)],
                Body::new(connection::HeldBody::new(out, held)),
            )
                .into_response()
        }
        Outcome::BadInput(message) => error(StatusCode::BAD_REQUEST, message),
        Outcome::TooLarge(message) => error(StatusCode::PAYLOAD_TOO_LARGE, message),
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
        Outcome::Busy(seconds) => busy(seconds),
        Outcome::Internal(message) => error(StatusCode::INTERNAL_SERVER_ERROR, message),
    }
}

/// 503 with `Retry-After`.
fn busy(seconds: u64) -> Response {
    let mut response = error(
        StatusCode::SERVICE_UNAVAILABLE,
        format!("the server is busy: try again in {seconds} s"),
    );
    if let Ok(v) = HeaderValue::from_str(&seconds.to_string()) {
        response.headers_mut().insert(header::RETRY_AFTER, v);
    }
    response
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpStream;

    use super::*;

    fn budgets(worker: &str) -> Budgets {
        Budgets {
            worker: worker.into(),
            time: Duration::from_secs(5),
            memory_bytes: 64 << 20,
            fast_workers: 2,
            heavy_workers: 1,
            queue: 1,
            fast_queue: 4,
            max_output: 32 << 20,
            max_held_bytes: 32 << 20,
        }
    }

    fn quick() -> ServeOptions {
        ServeOptions {
            header_timeout: Duration::from_millis(300),
            body_timeout: Duration::from_millis(300),
            stall_timeout: Duration::from_millis(300),
            ..ServeOptions::default()
        }
    }

    /// A server of `worker` under `options` on a port of its own, on the current runtime.
    async fn start(worker: &str, options: ServeOptions) -> (SocketAddr, Arc<App>) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let app = App::new(Lanes::new(budgets(worker)).unwrap(), options);
        tokio::spawn(serve_with(listener, Arc::clone(&app)));
        (addr, app)
    }

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap()
    }

    /// Sends `request` whole on a new connection and reads the answer to its end.
    async fn exchange(addr: SocketAddr, request: &[u8]) -> String {
        let mut client = TcpStream::connect(addr).await.unwrap();
        client.write_all(request).await.unwrap();
        let mut answer = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(10), client.read_to_end(&mut answer))
            .await
            .expect("an answer within 10 s");
        String::from_utf8_lossy(&answer).into_owned()
    }

    fn post(body: &str) -> Vec<u8> {
        format!(
            "POST /api/run HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: \
             application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .into_bytes()
    }

    #[test]
    fn a_client_that_never_finishes_its_headers_is_disconnected() {
        runtime().block_on(async {
            let (addr, _) = start("/nonexistent/sprague", quick()).await;
            let mut slow = TcpStream::connect(addr).await.unwrap();
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
            let answer = exchange(
                addr,
                b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
            )
            .await;
            assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        });
    }

    #[test]
    fn a_body_that_does_not_arrive_in_time_is_answered_408() {
        runtime().block_on(async {
            let (addr, _) = start("/bin/echo", quick()).await;
            let mut slow = TcpStream::connect(addr).await.unwrap();
            slow.write_all(
                b"POST /api/run HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"args\": [",
            )
            .await
            .unwrap();
            let started = Instant::now();
            let mut got = Vec::new();
            tokio::time::timeout(Duration::from_secs(5), slow.read_to_end(&mut got))
                .await
                .expect("closed within 5 s")
                .unwrap();
            let got = String::from_utf8_lossy(&got);
            assert!(got.starts_with("HTTP/1.1 408"), "{got}");
            assert!(started.elapsed() < Duration::from_secs(3));
        });
    }

    #[test]
    fn an_impossible_content_length_is_answered_413_unread() {
        runtime().block_on(async {
            let (addr, _) = start("/bin/echo", quick()).await;
            // The headers alone: the answer comes before any body.
            let mut client = TcpStream::connect(addr).await.unwrap();
            client
                .write_all(
                    b"POST /api/run HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000\r\n\r\n",
                )
                .await
                .unwrap();
            let mut got = vec![0u8; 4096];
            let n = tokio::time::timeout(Duration::from_secs(2), client.read(&mut got))
                .await
                .expect("answered at once")
                .unwrap();
            let got = String::from_utf8_lossy(&got[..n]);
            assert!(got.starts_with("HTTP/1.1 413"), "{got}");
        });
    }

    /// A connection that asks for an answer of `big_worker` and reads none of it, once the
    /// answer is held whole (or ten seconds have passed).
    async fn ask_and_read_nothing(addr: SocketAddr, app: &App) -> TcpStream {
        let mut client = TcpStream::connect(addr).await.unwrap();
        client
            .write_all(&post(r#"{"args": ["nim", "3"]}"#))
            .await
            .unwrap();
        let started = Instant::now();
        while app.held_bytes() < 24 << 20 && started.elapsed() < Duration::from_secs(10) {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        client
    }

    /// A worker that prints 24 MiB whatever it is asked, in a folder of its own (`tag` names it).
    fn big_worker(tag: &str) -> (std::path::PathBuf, std::path::PathBuf) {
        let folder =
            std::env::temp_dir().join(format!("sprague-web-test-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        let worker = folder.join("big");
        std::fs::write(
            &worker,
            "#!/bin/sh\nhead -c 25165824 /dev/zero | tr '\\0' x\n",
        )
        .unwrap();
        std::fs::set_permissions(&worker, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .unwrap();
        (folder, worker)
    }

    #[test]
    fn a_client_that_never_reads_its_answer_is_disconnected_and_its_bytes_freed() {
        let (folder, worker) = big_worker("unread");
        runtime().block_on(async {
            let (addr, app) = start(worker.to_str().unwrap(), quick()).await;
            // Held while the client does not read...
            let started = Instant::now();
            let mut client = ask_and_read_nothing(addr, &app).await;
            assert!(app.held_bytes() >= 24 << 20, "{}", app.held_bytes());
            // ... and freed once its writes stall past the timeout.
            while app.held_bytes() > 0 && started.elapsed() < Duration::from_secs(10) {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            assert_eq!(
                app.held_bytes(),
                0,
                "still held after {:?}",
                started.elapsed()
            );
            // The connection was closed: what is read ends short of the answer.
            let mut got = Vec::new();
            let _ =
                tokio::time::timeout(Duration::from_secs(5), client.read_to_end(&mut got)).await;
            assert!(got.len() < 24 << 20, "{} bytes", got.len());
        });
        let _ = std::fs::remove_dir_all(&folder);
    }

    #[test]
    fn an_answer_that_finds_no_room_among_the_held_bytes_is_told_the_server_is_busy() {
        let (folder, worker) = big_worker("room");
        runtime().block_on(async {
            // Writes never time out here: the first answer stays held while its client sleeps.
            let options = ServeOptions {
                stall_timeout: Duration::from_secs(60),
                ..quick()
            };
            let (addr, app) = start(worker.to_str().unwrap(), options).await;
            let first = ask_and_read_nothing(addr, &app).await;
            // 24 MiB of the 32 held: a second answer of 24 MiB finds no room, and after its wait
            // the request is answered 503, its worker's bytes given back.
            let answer = exchange(addr, &post(r#"{"args": ["nim", "4"]}"#)).await;
            assert!(
                answer.starts_with("HTTP/1.1 503"),
                "{}",
                &answer[..answer.len().min(200)]
            );
            // The first client goes away: its answer's bytes are given back, and the second
            // request then fits.
            drop(first);
            let started = Instant::now();
            while app.held_bytes() > 0 && started.elapsed() < Duration::from_secs(10) {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            assert_eq!(app.held_bytes(), 0);
            let answer = exchange(addr, &post(r#"{"args": ["nim", "4"]}"#)).await;
            assert!(
                answer.starts_with("HTTP/1.1 200"),
                "{}",
                &answer[..answer.len().min(200)]
            );
        });
        let _ = std::fs::remove_dir_all(&folder);
    }

    #[test]
    fn connections_past_the_cap_wait_to_be_accepted() {
        runtime().block_on(async {
            let options = ServeOptions {
                max_connections: 2,
                header_timeout: Duration::from_millis(500),
                ..quick()
            };
            let (addr, _) = start("/bin/echo", options).await;
            let _idle: Vec<TcpStream> = vec![
                TcpStream::connect(addr).await.unwrap(),
                TcpStream::connect(addr).await.unwrap(),
            ];
            tokio::time::sleep(Duration::from_millis(50)).await;
            // The third is accepted only when the header timeout ends an idle one.
            let started = Instant::now();
            let answer = exchange(
                addr,
                b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
            )
            .await;
            assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
            assert!(
                started.elapsed() >= Duration::from_millis(300),
                "{:?}",
                started.elapsed()
            );
        });
    }

    #[test]
    fn words_a_program_cannot_be_given_are_413_and_out_is_400() {
        let long = vec!["nim".to_owned(), "x".repeat(MAX_ARG_BYTES + 1)];
        assert_eq!(
            check_args(&long).unwrap_err().0,
            StatusCode::PAYLOAD_TOO_LARGE
        );
        let many: Vec<String> = std::iter::once("nim".to_owned())
            .chain((0..200).map(|_| "7".repeat(10_000)))
            .collect();
        assert_eq!(
            check_args(&many).unwrap_err().0,
            StatusCode::PAYLOAD_TOO_LARGE
        );
        for out in [
            ["table", "kayles", "--upto", "9", "--out", "-"].as_slice(),
            &["table", "kayles", "--out=x"],
        ] {
            let args: Vec<String> = out.iter().map(|w| (*w).to_owned()).collect();
            let (status, message) = check_args(&args).unwrap_err();
            assert_eq!(status, StatusCode::BAD_REQUEST);
            assert!(message.contains("writes no files"), "{message}");
        }
    }

    #[test]
    fn json_is_asked_for_before_the_end_of_the_options() {
        let words = |w: &[&str]| w.iter().map(|w| (*w).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            with_json(words(&["nim", "--", "3"])),
            words(&["nim", "--json", "--", "3"])
        );
        assert_eq!(
            with_json(words(&["nim", "3"])),
            words(&["nim", "3", "--json"])
        );
        assert_eq!(
            with_json(words(&["nim", "--json", "3"])),
            words(&["nim", "--json", "3"])
        );
    }

    #[test]
    fn the_workers_folder_is_removed_with_the_lanes() {
        let lanes = Lanes::new(budgets("/bin/echo")).unwrap();
        let folder = lanes.folder().to_path_buf();
        assert!(folder.is_dir());
        drop(lanes);
        assert!(!folder.exists(), "{}", folder.display());
    }
}
