//! `sprague serve` tested as its users reach it: the JSON API over HTTP (`api`), and the page in
//! a real browser, headless Chromium driven over WebDriver (`browser`).

mod api;
mod browser;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A server on a free loopback port, stopped when dropped; its [`Client`] by `Deref`.
pub struct Server {
    child: Child,
    client: Client,
}

/// Requests to a server's address.
#[derive(Clone, Copy)]
pub struct Client {
    pub addr: SocketAddr,
}

impl std::ops::Deref for Server {
    type Target = Client;
    fn deref(&self) -> &Client {
        &self.client
    }
}

impl Server {
    /// `sprague serve` with these extra flags, once it says where it listens.
    pub fn start(flags: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(flags)
            .env_remove("SPRAGUE_MEMORY_LIMIT")
            .env_remove("SPRAGUE_TIME_LIMIT")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("sprague serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        Server {
            child,
            client: Client { addr },
        }
    }
}

impl Server {
    /// The server's process id.
    pub fn child_id(&self) -> u32 {
        self.child.id()
    }

    /// Stops the server as a service manager would (SIGTERM), and waits for it.
    pub fn terminate(mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let status = self.child.wait().unwrap();
        assert!(status.success(), "serve ended with {status} on SIGTERM");
    }
}

impl Client {
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// One HTTP/1.1 request: the status, the headers (lowercase names) and the body.
    pub fn request(&self, method: &str, path: &str, body: &str) -> Response {
        let mut stream = TcpStream::connect(self.addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .unwrap();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        // Written from another thread while this one reads: a server that refuses a body past
        // its limit answers and closes before the body is all sent (the write then fails with
        // a broken pipe, which is no error here).
        let mut writer = stream.try_clone().unwrap();
        let sending = std::thread::spawn(move || {
            let _ = writer.write_all(request.as_bytes());
        });
        let mut raw = Vec::new();
        if let Err(e) = stream.read_to_end(&mut raw) {
            assert!(!raw.is_empty(), "no answer: {e}");
        }
        let _ = sending.join();
        let text = String::from_utf8_lossy(&raw).into_owned();
        let (head, body) = text.split_once("\r\n\r\n").expect("an HTTP answer");
        let mut lines = head.lines();
        let status = lines
            .next()
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|s| s.parse().ok())
            .unwrap();
        let headers = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
            .collect();
        Response {
            status,
            headers,
            body: body.to_owned(),
        }
    }

    /// POST /api/run with these args and standard input.
    pub fn run(&self, args: &[&str], stdin: &str) -> Response {
        let body = serde_json::json!({ "args": args, "stdin": stdin }).to_string();
        self.request("POST", "/api/run", &body)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Response {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// What `sprague ARGS` prints on standard output.
pub fn cli_output(args: &[&str], stdin: &str) -> String {
    let out = assert_cmd::Command::cargo_bin("sprague")
        .unwrap()
        .args(args)
        .env_remove("SPRAGUE_MEMORY_LIMIT")
        .write_stdin(stdin)
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}
