//! The page in headless Chromium (Debian's `chromium` and `chromium-driver`; `scripts/test`
//! installs them when missing), driven over WebDriver with fantoccini. Each test starts its own
//! server and driver; screenshots of each page go to `target/web-screenshots/`.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};

use crate::Server;

/// One browser at a time: each takes a core or more.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

const DRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";

/// A chromedriver on a free port, stopped when dropped.
struct Driver {
    child: Child,
    port: u16,
    profile: PathBuf,
}

impl Driver {
    fn start() -> Driver {
        assert!(
            std::path::Path::new(DRIVER).exists() && std::path::Path::new(CHROMIUM).exists(),
            "the browser tests need Debian's chromium and chromium-driver: run scripts/test \
             (it installs them) or `apt-get install chromium chromium-driver`"
        );
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(DRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "chromedriver did not listen"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let profile = std::env::temp_dir().join(format!("sprague-chromium-{port}"));
        Driver {
            child,
            port,
            profile,
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Runs `test` with a browser on a fresh server's page.
fn with_browser<F, Fut>(name: &str, test: F)
where
    F: FnOnce(Client, String) -> Fut,
    Fut: std::future::Future<Output = Client>,
{
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let server = Server::start(&[]);
    let driver = Driver::start();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".to_owned(),
            serde_json::json!({
                "binary": CHROMIUM,
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-quic", "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--window-size=1100,1000",
                    format!("--user-data-dir={}", driver.profile.display()),
                ],
            }),
        );
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{}", driver.port))
            .await
            .expect("a WebDriver session");
        let client = test(client, server.url("/")).await;
        let shot = client.screenshot().await.unwrap();
        let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .parent()
            .unwrap()
            .join("web-screenshots");
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join(format!("{name}.png")), shot).unwrap();
        client.close().await.unwrap();
    });
}

/// Waits until the element's text satisfies `ok`, and returns it.
async fn wait_text(client: &Client, css: &str, ok: impl Fn(&str) -> bool) -> String {
    let started = Instant::now();
    let mut last = String::new();
    while started.elapsed() < Duration::from_secs(30) {
        if let Ok(e) = client.find(Locator::Css(css)).await {
            if let Ok(text) = e.text().await {
                if ok(&text) {
                    return text;
                }
                last = text;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("`{css}` never had the text expected; last: {last:?}");
}

#[test]
fn analyse_a_position_and_click_a_winning_move() {
    with_browser("analyse", |client, root| async move {
        client
            .goto(&format!("{root}#analyse/nim/3%204%205"))
            .await
            .unwrap();
        let verdict = wait_text(&client, "#verdict", |t| !t.is_empty()).await;
        assert!(
            verdict.starts_with("N:") && verdict.contains("nim-value 2"),
            "{verdict}"
        );
        // The winning move (green) leads to 1 4 5, a P-position.
        let winning = client.find(Locator::Css("#moves a.o-P")).await.unwrap();
        assert_eq!(winning.text().await.unwrap(), "heap 1: 3 -> 1 (→ P, 0)");
        winning.click().await.unwrap();
        wait_text(&client, "#verdict", |t| t.starts_with("P:")).await;
        let url = client.current_url().await.unwrap();
        assert!(url.as_str().ends_with("#analyse/nim/1%204%205"), "{url}");
        // Back through the history.
        client.back().await.unwrap();
        wait_text(&client, "#verdict", |t| t.starts_with("N:")).await;
        // A bad position is reported, not crashed on.
        let input = client.find(Locator::Id("position")).await.unwrap();
        input.clear().await.unwrap();
        input.send_keys("3 x").await.unwrap();
        client
            .find(Locator::Id("analyse-button"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        let error = wait_text(&client, "#analysis .error", |t| !t.is_empty()).await;
        assert!(
            error.contains("`x` is not a non-negative integer"),
            "{error}"
        );
        client
    });
}

#[test]
fn a_calculation_shows_its_value_and_a_coin_turning_move_keeps_its_rule() {
    with_browser("calculate", |client, root| async move {
        client
            .goto(&format!("{root}#analyse/nim-product/16%2016"))
            .await
            .unwrap();
        let verdict = wait_text(&client, "#verdict", |t| !t.is_empty()).await;
        assert_eq!(verdict, "nim-product 16 16 = 24");
        assert!(client.find(Locator::Css("#moves")).await.is_err());
        // A coin-turning move clicked goes to the heads after it, under the same rule.
        client
            .goto(&format!("{root}#analyse/turning/ruler%204%206"))
            .await
            .unwrap();
        wait_text(&client, "#verdict", |t| t.starts_with("N:")).await;
        let winning = client.find(Locator::Css("#moves a.o-P")).await.unwrap();
        assert_eq!(winning.text().await.unwrap(), "turn 1 to 4 (→ P, 0)");
        winning.click().await.unwrap();
        wait_text(&client, "#verdict", |t| t.starts_with("P:")).await;
        let url = client.current_url().await.unwrap();
        assert!(
            url.as_str()
                .ends_with("#analyse/turning/ruler%201%202%203%206"),
            "{url}"
        );
        client
    });
}

/// Plays against the engine by clicking the first move offered, until the game ends.
async fn play_to_the_end(client: &Client, moves_css: &str) -> String {
    client
        .find(Locator::Id("play-mode"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    for _ in 0..40 {
        let said = client
            .find(Locator::Id("engine-says"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        if said.contains("wins") {
            return said;
        }
        let before = said.clone();
        let first = client.find(Locator::Css(moves_css)).await.unwrap();
        first.click().await.unwrap();
        wait_text(client, "#engine-says", |t| {
            t != before && !t.is_empty() && t.contains("You:")
        })
        .await;
        // Wait for the engine's reply or the end.
        wait_text(client, "#engine-says", |t| {
            t.contains("Engine:") || t.contains("win")
        })
        .await;
    }
    panic!("the game did not end in 40 moves");
}

#[test]
fn play_a_full_game_of_nim() {
    with_browser("play-nim", |client, root| async move {
        client
            .goto(&format!("{root}#analyse/nim/2%203"))
            .await
            .unwrap();
        wait_text(&client, "#verdict", |t| !t.is_empty()).await;
        // Tokens are drawn for each heap; the first move offered is taken each turn.
        assert!(client.find(Locator::Css("#board .token")).await.is_ok());
        let end = play_to_the_end(&client, "#moves a").await;
        // From 2 3 the first moves offered never win against a perfect opponent.
        assert!(end.contains("the engine wins"), "{end}");
        assert!(client.find(Locator::Id("no-moves")).await.is_ok());
        client
    });
}

#[test]
fn play_a_full_game_of_tictactoe() {
    with_browser("play-tictactoe", |client, root| async move {
        client
            .goto(&format!("{root}#analyse/tictactoe/"))
            .await
            .unwrap();
        wait_text(&client, "#verdict", |t| t.contains("value 0")).await;
        let end = play_to_the_end(&client, "#board button.cell:not([disabled])").await;
        assert!(end.contains("wins") || end.contains("draw"), "{end}");
        client
    });
}

#[test]
fn connect_four_on_a_smaller_board_is_drawn_and_labelled() {
    with_browser("connect4-board", |client, root| async move {
        client
            .goto(&format!(
                "{root}#analyse/connect4/--width%205%20--height%204%2033"
            ))
            .await
            .unwrap();
        let verdict = wait_text(&client, "#verdict", |t| !t.is_empty()).await;
        assert!(verdict.contains("score 0"), "{verdict}");
        let cells = client
            .find_all(Locator::Css("#board button.cell"))
            .await
            .unwrap();
        assert_eq!(cells.len(), 20, "5 columns of 4");
        // Near the end of a small board every column gets its score (each a solve of its own,
        // on the same board): column 3 keeps the draw.
        let third = wait_text(&client, "#board button.cell[data-column='3'] small", |t| {
            !t.is_empty()
        })
        .await;
        assert_eq!(third, "0");
        cells[2].click().await.unwrap();
        // The move keeps the board: the next position is 333 on 5 × 4.
        let started = Instant::now();
        loop {
            let url = client.current_url().await.unwrap();
            if url.as_str().ends_with("/333%20--width%205%20--height%204") {
                break;
            }
            assert!(started.elapsed() < Duration::from_secs(30), "{url}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        client
    });
}

#[test]
fn connect_four_from_the_empty_board_is_labelled_from_the_book() {
    with_browser("connect4-book", |client, root| async move {
        client
            .goto(&format!("{root}#analyse/connect4/"))
            .await
            .unwrap();
        let verdict = wait_text(&client, "#verdict", |t| !t.is_empty()).await;
        assert!(verdict.contains("score 1"), "{verdict}");
        // Every first move's score comes from the opening book at once (Allis: only the
        // centre wins; columns 3 and 5 draw).
        for (column, label) in [(1, "-2"), (2, "-1"), (3, "0"), (4, "+1"), (7, "-2")] {
            let css = format!("#board button.cell[data-column='{column}'] small");
            let shown = wait_text(&client, &css, |t| !t.is_empty()).await;
            assert_eq!(shown, label, "column {column}");
        }
        client
    });
}

#[test]
fn play_a_full_game_of_triangle_war() {
    with_browser("play-triangle-war", |client, root| async move {
        client
            .goto(&format!("{root}#analyse/triangle-war/"))
            .await
            .unwrap();
        wait_text(&client, "#verdict", |t| {
            t.contains("value -3: A's final score minus B's")
        })
        .await;
        let lines = client
            .find_all(Locator::Css("#board line.free"))
            .await
            .unwrap();
        assert_eq!(lines.len(), 18);
        let end = play_to_the_end(&client, "#board line.free").await;
        assert!(end.contains("The game is over"), "{end}");
        let triangles = wait_text(&client, "#triangles", |t| !t.is_empty()).await;
        // All nine triangles are taken by the end.
        let counts: Vec<u32> = triangles
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|w| w.parse().ok())
            .collect();
        assert_eq!(counts[0] + counts[1], 9, "{triangles}");
        assert!(client
            .find_all(Locator::Css("#board line.free"))
            .await
            .unwrap()
            .is_empty());
        client
    });
}

#[test]
fn a_table_with_its_period_and_plot() {
    with_browser("table", |client, root| async move {
        client
            .goto(&format!("{root}#table/octal/0.07/200"))
            .await
            .unwrap();
        let period = wait_text(&client, "#period", |t| !t.is_empty()).await;
        assert!(period.contains("period 34"), "{period}");
        let rows = client.find_all(Locator::Css("#values tr")).await.unwrap();
        assert_eq!(rows.len(), 1 + 21);
        let points = client
            .find_all(Locator::Css("#plot svg circle"))
            .await
            .unwrap();
        assert_eq!(points.len(), 201);
        // Zoom on 0..20.
        let to = client.find(Locator::Id("zoom-to")).await.unwrap();
        to.clear().await.unwrap();
        to.send_keys("20\n").await.unwrap();
        client
            .execute(
                "document.getElementById('zoom-to').dispatchEvent(new Event('change'))",
                vec![],
            )
            .await
            .unwrap();
        let points = client
            .find_all(Locator::Css("#plot svg circle"))
            .await
            .unwrap();
        assert_eq!(points.len(), 21);
        client
    });
}

#[test]
fn an_example_script_and_a_script_that_loops_for_ever() {
    with_browser("script", |client, root| async move {
        client.goto(&format!("{root}#script")).await.unwrap();
        let text = client.find(Locator::Id("script-text")).await.unwrap();
        let started = Instant::now();
        while text
            .prop("value")
            .await
            .unwrap()
            .unwrap_or_default()
            .is_empty()
        {
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "no example loaded"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        client
            .find(Locator::Id("script-run"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        let verdict = wait_text(&client, "#script-verdict", |t| !t.is_empty()).await;
        // Kayles, position 7: nim-value 2.
        assert!(verdict.contains("nim-value 2"), "{verdict}");
        client
            .find(Locator::Id("script-table"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        wait_text(&client, "#period", |t| !t.is_empty()).await;
        // A script that loops for ever is stopped and reported.
        client
            .execute(
                "document.getElementById('script-text').value = 'fn moves(p) { loop { } }'",
                vec![],
            )
            .await
            .unwrap();
        client
            .find(Locator::Id("script-run"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        let error = wait_text(&client, "#script-out .error", |t| !t.is_empty()).await;
        assert!(
            error.contains("operations") && error.contains("budget"),
            "{error}"
        );
        client
    });
}

#[test]
fn the_page_fits_a_phone_and_works_from_the_keyboard() {
    with_browser("phone", |client, root| async move {
        client.set_window_size(390, 844).await.unwrap();
        client
            .goto(&format!("{root}#analyse/wythoff/5%208"))
            .await
            .unwrap();
        wait_text(&client, "#verdict", |t| t.starts_with("N:")).await;
        // Nothing wider than the screen: no sideways scrolling.
        let fits = client
            .execute(
                "return document.documentElement.scrollWidth <= window.innerWidth",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(fits, serde_json::json!(true));
        // Type a position and press Enter: the form answers without a mouse.
        let input = client.find(Locator::Id("position")).await.unwrap();
        input.clear().await.unwrap();
        input.send_keys("1 2\u{E007}").await.unwrap();
        wait_text(&client, "#verdict", |t| t.starts_with("P:")).await;
        let url = client.current_url().await.unwrap();
        assert!(url.as_str().ends_with("#analyse/wythoff/1%202"), "{url}");
        client
    });
}
