//! The page in headless Chromium (Debian's `chromium` and `chromium-driver`; `scripts/test`
//! installs them when missing), driven over WebDriver with fantoccini. Each test starts its own
//! server and driver; screenshots of each page go to `target/web-screenshots/`.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use fantoccini::elements::Element;
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

/// A browser on a server's page: its WebDriver client (by `Deref`) and the page's address.
struct Page {
    client: Client,
    root: String,
}

impl std::ops::Deref for Page {
    type Target = Client;
    fn deref(&self) -> &Client {
        &self.client
    }
}

/// Runs `test` with a browser on a fresh server's page; its last screen is kept in
/// `target/web-screenshots/NAME.png`, and a failing test's as `NAME-failed.png` before its panic
/// goes on.
fn with_browser<F, Fut>(name: &str, test: F)
where
    F: FnOnce(Page) -> Fut,
    Fut: std::future::Future<Output = Page> + Send + 'static,
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
        let root = server.url("/");
        let folder = screenshots();
        std::fs::create_dir_all(&folder).unwrap();
        // The test runs as a task of its own, so that its panic is caught here and the screen
        // it failed on is kept.
        let run = tokio::spawn(test(Page {
            client: client.clone(),
            root,
        }))
        .await;
        let (shot_name, failure) = match run {
            Ok(_) => (format!("{name}.png"), None),
            Err(err) => (format!("{name}-failed.png"), Some(err)),
        };
        if let Ok(shot) = client.screenshot().await {
            let _ = std::fs::write(folder.join(shot_name), shot);
        }
        let _ = client.close().await;
        if let Some(err) = failure {
            match err.try_into_panic() {
                Ok(panic) => std::panic::resume_unwind(panic),
                Err(err) => panic!("the browser test did not finish: {err}"),
            }
        }
    });
}

/// Where the screenshots go: `target/web-screenshots/`.
fn screenshots() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .unwrap()
        .join("web-screenshots")
}

impl Page {
    /// Keeps the screen as it is now in `target/web-screenshots/NAME.png` (besides the last one,
    /// which every test keeps).
    async fn snap(&self, name: &str) {
        let shot = self.screenshot().await.unwrap();
        std::fs::create_dir_all(screenshots()).unwrap();
        std::fs::write(screenshots().join(format!("{name}.png")), shot).unwrap();
    }

    /// Goes to `hash` on the page (`#analyse/nim/3%204%205`).
    async fn open(&self, hash: &str) {
        self.goto(&format!("{}{hash}", self.root)).await.unwrap();
    }

    /// Waits until the element's text satisfies `ok`, and returns it.
    async fn wait_text(&self, css: &str, ok: impl Fn(&str) -> bool) -> String {
        let started = Instant::now();
        let mut last = String::new();
        while started.elapsed() < Duration::from_secs(30) {
            if let Ok(e) = self.find(Locator::Css(css)).await {
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

    /// Waits until the element has some text, and returns it.
    async fn shown(&self, css: &str) -> String {
        self.wait_text(css, |t| !t.is_empty()).await
    }

    /// Waits until the element has some text, and checks that it contains `part`.
    async fn assert_shows(&self, css: &str, part: &str) {
        let text = self.shown(css).await;
        assert!(text.contains(part), "{css}: {text}");
    }

    /// The elements `css` selects.
    async fn all(&self, css: &str) -> Vec<Element> {
        self.find_all(Locator::Css(css)).await.unwrap()
    }

    /// Clicks the element with this id.
    async fn click(&self, id: &str) {
        self.find(Locator::Id(id))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
    }

    /// Clears the input with this id and types `keys` into it.
    async fn type_into(&self, id: &str, keys: &str) {
        let input = self.find(Locator::Id(id)).await.unwrap();
        input.clear().await.unwrap();
        input.send_keys(keys).await.unwrap();
    }

    /// Runs `script` in the page; returns its value.
    async fn run(&self, script: &str) -> serde_json::Value {
        self.execute(script, vec![]).await.unwrap()
    }

    /// Checks that the page's address ends with `end`.
    async fn assert_at(&self, end: &str) {
        let url = self.current_url().await.unwrap();
        assert!(url.as_str().ends_with(end), "{url}");
    }

    /// Clicks the winning move (green), which must read `text`: the verdict turns to a
    /// P-position, at the address ending `to`.
    async fn play_winning_move(&self, text: &str, to: &str) {
        let winning = self.find(Locator::Css("#moves a.o-P")).await.unwrap();
        let label = winning.find(Locator::Css(".label")).await.unwrap();
        assert_eq!(label.text().await.unwrap(), text);
        winning.click().await.unwrap();
        self.wait_text("#verdict", |t| t.starts_with("P:")).await;
        self.assert_at(to).await;
    }

    /// Plays against the engine by clicking the first move `moves_css` selects, until the game
    /// ends; returns what the engine says then.
    async fn play_to_the_end(&self, moves_css: &str) -> String {
        self.click("play-mode").await;
        for _ in 0..40 {
            let said = self
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
            let first = self.find(Locator::Css(moves_css)).await.unwrap();
            first.click().await.unwrap();
            self.wait_text("#engine-says", |t| {
                t != before && !t.is_empty() && t.contains("You:")
            })
            .await;
            // Wait for the engine's reply or the end.
            self.wait_text("#engine-says", |t| {
                t.contains("Engine:") || t.contains("win")
            })
            .await;
        }
        panic!("the game did not end in 40 moves");
    }
}

#[test]
fn analyse_a_position_and_click_a_winning_move() {
    with_browser("analyse", |page| async move {
        page.open("#analyse/nim/3%204%205").await;
        let verdict = page.shown("#verdict").await;
        assert!(
            verdict.starts_with("N:") && verdict.contains("nim-value 2"),
            "{verdict}"
        );
        // The winning move (green) leads to 1 4 5, a P-position.
        page.play_winning_move("heap 1: 3 -> 1 (→ P, 0)", "#analyse/nim/1%204%205")
            .await;
        // Back through the history.
        page.back().await.unwrap();
        page.wait_text("#verdict", |t| t.starts_with("N:")).await;
        // A bad position is reported, not crashed on.
        page.type_into("position", "3 x").await;
        page.click("analyse-button").await;
        let error = page.shown("#analysis .error").await;
        assert!(
            error.contains("`x` is not a non-negative integer"),
            "{error}"
        );
        page
    });
}

#[test]
fn a_calculation_shows_its_value_and_a_coin_turning_move_keeps_its_rule() {
    with_browser("calculate", |page| async move {
        page.open("#analyse/nim-product/16%2016").await;
        let verdict = page.shown("#verdict").await;
        assert_eq!(verdict, "nim-product 16 16 = 24");
        assert!(page.find(Locator::Css("#moves")).await.is_err());
        // A coin-turning move clicked goes to the heads after it, under the same rule.
        page.open("#analyse/turning/ruler%204%206").await;
        page.wait_text("#verdict", |t| t.starts_with("N:")).await;
        page.play_winning_move(
            "turn 1 to 4 (→ P, 0)",
            "#analyse/turning/ruler%201%202%203%206",
        )
        .await;
        page
    });
}

#[test]
fn play_a_full_game_of_nim() {
    with_browser("play-nim", |page| async move {
        page.open("#analyse/nim/2%203").await;
        page.shown("#verdict").await;
        // Tokens are drawn for each heap; the first move offered is taken each turn.
        assert!(page.find(Locator::Css("#board .token")).await.is_ok());
        let end = page.play_to_the_end("#moves a").await;
        // From 2 3 the first moves offered never win against a perfect opponent.
        assert!(end.contains("the engine wins"), "{end}");
        assert!(page.find(Locator::Id("no-moves")).await.is_ok());
        // The winning take is marked on the heaps themselves: 2 3 -> 2 2 leaves 2 in heap 2.
        page.open("#analyse/nim/2%203").await;
        page.shown("#verdict").await;
        let marked = page.all("#board .token.o-P").await;
        assert_eq!(marked.len(), 1);
        assert_eq!(
            marked[0].attr("data-heap").await.unwrap().as_deref(),
            Some("2")
        );
        assert_eq!(
            marked[0].attr("data-leave").await.unwrap().as_deref(),
            Some("2")
        );
        // A hint rings the winning move; once it is played, the ring is gone from the next
        // position's moves.
        page.open("#analyse/nim/2%203").await;
        page.shown("#verdict").await;
        page.click("hint-button").await;
        page.assert_shows("#moves a.hinted", "heap 2: 3 -> 2").await;
        page.run("document.getElementById('play-mode').checked = true")
            .await;
        page.find(Locator::Css("#moves a.hinted"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        page.wait_text("#engine-says", |t| t.contains("Engine:"))
            .await;
        assert!(page.all("#moves a.hinted").await.is_empty());
        // A finished position has no move at all: it is over, not a lost choice.
        page.open("#analyse/nim/0%200%200").await;
        page.assert_shows("#no-moves", "No move left: the game is over.")
            .await;
        page
    });
}

#[test]
fn play_a_full_game_of_tictactoe() {
    with_browser("play-tictactoe", |page| async move {
        page.open("#analyse/tictactoe/").await;
        page.wait_text("#verdict", |t| t.contains("value 0")).await;
        let end = page
            .play_to_the_end("#board button.cell:not([disabled])")
            .await;
        assert!(end.contains("wins") || end.contains("draw"), "{end}");
        page
    });
}

#[test]
fn connect_four_on_a_smaller_board_is_drawn_and_labelled() {
    with_browser("connect4-board", |page| async move {
        // A full board: the score is final, no player is to move.
        page.open("#analyse/connect4/--width%204%20--height%201%201234")
            .await;
        page.assert_shows("#verdict", "score 0: the game is over")
            .await;
        assert!(page.all("#turn").await.is_empty(), "no one is to move");
        page.open("#analyse/connect4/--width%205%20--height%204%2033")
            .await;
        page.assert_shows("#verdict", "score 0").await;
        // Two stones played: red (the first player) moves, and the last stone is ringed.
        page.assert_shows("#turn", "Red to move").await;
        assert_eq!(page.all("#turn .swatch.x").await.len(), 1);
        assert_eq!(page.all("#board button.cell.o.last").await.len(), 1);
        let cells = page.all("#board button.cell").await;
        assert_eq!(cells.len(), 20, "5 columns of 4");
        // Near the end of a small board every column gets its score (each a solve of its own,
        // on the same board): column 3 keeps the draw.
        let third = page
            .shown("#board button.cell[data-column='3'] small")
            .await;
        assert_eq!(third, "0");
        // Its colour says so: a draw's, not the board's white.
        let colour = page
            .run(
                "return getComputedStyle(document.querySelector(\
                 \"#board button.cell[data-column='3'][data-score]\")).backgroundColor",
            )
            .await;
        assert_eq!(colour, "rgb(255, 244, 224)", "{colour}");
        cells[2].click().await.unwrap();
        // The move keeps the board: the next position is 333 on 5 × 4.
        let started = Instant::now();
        loop {
            let url = page.current_url().await.unwrap();
            if url.as_str().ends_with("/333%20--width%205%20--height%204") {
                break;
            }
            assert!(started.elapsed() < Duration::from_secs(30), "{url}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        page
    });
}

#[test]
fn connect_four_from_the_empty_board_is_labelled_from_the_book() {
    with_browser("connect4-book", |page| async move {
        page.open("#analyse/connect4/").await;
        page.assert_shows("#verdict", "score 1").await;
        // Every first move's score comes from the opening book at once (Allis: only the
        // centre wins; columns 3 and 5 draw).
        for (column, label) in [(1, "-2"), (2, "-1"), (3, "0"), (4, "+1"), (7, "-2")] {
            let css = format!("#board button.cell[data-column='{column}'] small");
            let shown = page.shown(&css).await;
            assert_eq!(shown, label, "column {column}");
        }
        page
    });
}

#[test]
fn play_a_full_game_of_triangle_war() {
    with_browser("play-triangle-war", |page| async move {
        page.open("#analyse/triangle-war/").await;
        page.wait_text("#verdict", |t| {
            t.contains("value -3: A's final score minus B's")
        })
        .await;
        assert_eq!(page.all("#board line.free").await.len(), 18);
        // Every free line is labelled with the score of drawing it (each a solve of the position
        // given as `--moves`).
        let started = Instant::now();
        loop {
            let labelled = page.all("#board line.free[data-score]").await.len();
            if labelled == 18 {
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "{labelled} of 18 labelled"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let end = page.play_to_the_end("#board line.free").await;
        assert!(end.contains("The game is over"), "{end}");
        let triangles = page.shown("#triangles").await;
        // All nine triangles are taken by the end.
        let counts: Vec<u32> = triangles
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|w| w.parse().ok())
            .collect();
        assert_eq!(counts[0] + counts[1], 9, "{triangles}");
        assert!(page.all("#board line.free").await.is_empty());
        page
    });
}

#[test]
fn a_table_with_its_period_and_plot() {
    with_browser("table", |page| async move {
        page.open("#table/octal/0.07/200").await;
        page.assert_shows("#period", "period 34").await;
        assert_eq!(page.all("#values tr").await.len(), 1 + 21);
        assert_eq!(page.all("#plot svg circle").await.len(), 201);
        // Zoom on 0..20.
        page.type_into("zoom-to", "20\n").await;
        page.run("document.getElementById('zoom-to').dispatchEvent(new Event('change'))")
            .await;
        assert_eq!(page.all("#plot svg circle").await.len(), 21);
        page
    });
}

#[test]
fn an_example_script_and_a_script_that_loops_for_ever() {
    with_browser("script", |page| async move {
        page.open("#script").await;
        let text = page.find(Locator::Id("script-text")).await.unwrap();
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
        page.click("script-run").await;
        // Kayles, position 7: nim-value 2.
        page.assert_shows("#script-verdict", "nim-value 2").await;
        page.click("script-table").await;
        page.shown("#period").await;
        // A script that loops for ever is stopped and reported.
        page.run("document.getElementById('script-text').value = 'fn moves(p) { loop { } }'")
            .await;
        page.click("script-run").await;
        let error = page.shown("#script-out .error").await;
        assert!(
            error.contains("operations") && error.contains("budget"),
            "{error}"
        );
        page
    });
}

#[test]
fn the_page_fits_a_phone_and_works_from_the_keyboard() {
    with_browser("phone", |page| async move {
        page.set_window_size(390, 844).await.unwrap();
        page.open("#analyse/wythoff/5%208").await;
        page.wait_text("#verdict", |t| t.starts_with("N:")).await;
        // Nothing wider than the screen: no sideways scrolling.
        let fits = page
            .run("return document.documentElement.scrollWidth <= window.innerWidth")
            .await;
        assert_eq!(fits, serde_json::json!(true));
        // Type a position and press Enter: the form answers without a mouse.
        page.type_into("position", "1 2\u{E007}").await;
        page.wait_text("#verdict", |t| t.starts_with("P:")).await;
        page.assert_at("#analyse/wythoff/1%202").await;
        page
    });
}

/// The interactive things a finger may have to hit on the view shown, each with its size when
/// it is smaller than 44 × 44 px.
const TOO_SMALL: &str = "const small = [];
    for (const e of document.querySelectorAll('header a, main button, main a, main select, \
        main input:not([type=checkbox]), main label.check')) {
      if (e.closest('[hidden]')) continue;
      const r = e.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.width < 44 || r.height < 44) small.push(`${e.tagName} ${e.id || e.className} \
        ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    return small;";

#[test]
fn the_design_gives_results_one_colour_each_and_shows_the_focus() {
    with_browser("design", |page| async move {
        page.open("#analyse/nim/3%204%205").await;
        page.wait_text("#verdict", |t| t.starts_with("N:")).await;
        // Green is a win wherever it is: the verdict for the player to move, the winning move's
        // chip, the winning take on the heaps; red a loss.
        let colours = page
            .run(
                "const c = (css, prop) => getComputedStyle(document.querySelector(css))[prop];
                 return [c('#analysis .status', 'borderLeftColor'),
                         c('#moves a.o-P', 'borderTopColor'),
                         c('#board .token.o-P', 'boxShadow'),
                         c('#moves a.o-N', 'borderTopColor'),
                         c('#analysis .badge', 'backgroundColor')];",
            )
            .await;
        let colours: Vec<String> = serde_json::from_value(colours).unwrap();
        let win = "rgb(27, 127, 59)";
        assert_eq!(colours[0], win, "{colours:?}");
        assert_eq!(colours[1], win, "{colours:?}");
        assert!(colours[2].contains(win), "{colours:?}");
        assert_eq!(colours[3], "rgb(179, 38, 30)", "{colours:?}");
        assert_eq!(colours[4], win, "{colours:?}");
        assert_eq!(page.all("#analysis .status.s-win").await.len(), 1);
        assert_eq!(page.shown("#analysis .badge").await.to_lowercase(), "wins");
        // The header: the section shown is the current tab.
        assert_eq!(page.all("header nav a.current#nav-analyse").await.len(), 1);
        // The heaps are a labelled group, each token a labelled button.
        assert_eq!(
            page.all("#board .heaps[role='group'][aria-label]")
                .await
                .len(),
            1
        );
        assert_eq!(page.all("#board .token[aria-label]").await.len(), 12);
        // From the keyboard, the control focused wears a ring.
        page.type_into("position", "3 4 5\u{E004}").await;
        let ring = page
            .run(
                "const a = document.activeElement, s = getComputedStyle(a);
                 return [a.id, s.outlineStyle, s.outlineWidth];",
            )
            .await;
        assert_eq!(ring, serde_json::json!(["analyse-button", "solid", "3px"]));
        page
    });
}

#[test]
fn playing_on_a_phone_fits_the_screen_and_every_target_takes_a_finger() {
    with_browser("phone-play", |page| async move {
        page.set_window_size(390, 844).await.unwrap();
        page.open("#analyse/nim/2%203").await;
        page.shown("#verdict").await;
        page.click("play-mode").await;
        page.find(Locator::Css("#board .token.o-P"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        page.wait_text("#engine-says", |t| t.contains("Engine:"))
            .await;
        let fits = page
            .run("return document.documentElement.scrollWidth <= window.innerWidth")
            .await;
        assert_eq!(fits, serde_json::json!(true));
        let small = page.run(TOO_SMALL).await;
        assert_eq!(small, serde_json::json!([]), "smaller than 44 px");
        // The board, then the history and its chart, each in view.
        page.run("document.querySelector('.position-card').scrollIntoView()")
            .await;
        page.snap("phone-board").await;
        page.run("document.getElementById('history-card').scrollIntoView()")
            .await;
        assert_eq!(page.all("#value-history circle").await.len(), 3);
        // The three sections' tabs share one line.
        let tops = page
            .run(
                "return [...document.querySelectorAll('nav a')]\
                 .map((a) => Math.round(a.getBoundingClientRect().top))",
            )
            .await;
        let tops: Vec<i64> = serde_json::from_value(tops).unwrap();
        assert!(tops.iter().all(|t| *t == tops[0]), "{tops:?}");
        page
    });
}

impl Page {
    /// The history's entries: each one's text, and which is shown (`current`) or ahead of it
    /// (`future`).
    async fn history(&self) -> Vec<(String, String)> {
        let entries = self
            .run(
                "return [...document.querySelectorAll('#history a')]\
                 .map((a) => [a.innerText.replace(/\\s+/g, ' ').trim(), a.className])",
            )
            .await;
        serde_json::from_value(entries).unwrap()
    }

    /// Waits until the history has `n` entries, the one shown at `at`.
    async fn wait_history(&self, n: usize, at: usize) -> Vec<(String, String)> {
        let started = Instant::now();
        loop {
            let entries = self.history().await;
            if entries.len() == n && entries[at].1 == "current" {
                return entries;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "not {n} entries at {at}: {entries:?}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

#[test]
fn the_move_history_is_clickable_and_keeps_back_and_forward() {
    with_browser("history-nim", |page| async move {
        page.open("#analyse/nim/2%202").await;
        page.wait_text("#verdict", |t| t.starts_with("P:")).await;
        let start = page.wait_history(1, 0).await;
        assert_eq!(start[0].0, "Start 2 2");
        // A position typed starts a new history.
        page.type_into("position", "3 4 5\n").await;
        page.wait_text("#verdict", |t| t.starts_with("N:")).await;
        let start = page.wait_history(1, 0).await;
        assert_eq!(start[0].0, "Start 3 4 5");
        // A move followed while analysing goes in the history.
        page.play_winning_move("heap 1: 3 -> 1 (→ P, 0)", "#analyse/nim/1%204%205")
            .await;
        let entries = page.wait_history(2, 1).await;
        assert_eq!(entries[1].0, "1. heap 1: 3 -> 1 1 4 5");
        // So do a move played against the engine and its reply.
        page.click("play-mode").await;
        page.find(Locator::Css("#moves a"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        page.wait_text("#engine-says", |t| t.contains("Engine:"))
            .await;
        let entries = page.wait_history(4, 3).await;
        assert_eq!(entries[2].0, "2. heap 1: 1 -> 0 0 4 5");
        assert_eq!(entries[3].0, "3. heap 3: 5 -> 4 0 4 4");
        page.assert_at("#analyse/nim/0%204%204").await;
        // Clicking an entry goes back to its position; the line played stays, ahead of it.
        page.find(Locator::Css("#history a[data-index='1']"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        page.wait_text("#verdict", |t| t.starts_with("P:")).await;
        page.assert_at("#analyse/nim/1%204%205").await;
        let entries = page.wait_history(4, 1).await;
        let classes: Vec<&str> = entries.iter().map(|e| e.1.as_str()).collect();
        assert_eq!(classes, ["", "current", "future", "future"]);
        assert_eq!(
            page.find(Locator::Id("position"))
                .await
                .unwrap()
                .prop("value")
                .await
                .unwrap()
                .as_deref(),
            Some("1 4 5")
        );
        // The browser's back and forward walk the same positions.
        page.back().await.unwrap();
        page.wait_history(4, 3).await;
        page.assert_at("#analyse/nim/0%204%204").await;
        page.forward().await.unwrap();
        page.wait_history(4, 1).await;
        page.wait_text("#verdict", |t| t.starts_with("P:")).await;
        // Another move from there drops the line ahead of it.
        page.click("play-mode").await;
        page.find(Locator::Css("#moves a[data-move='1']"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        let entries = page.wait_history(3, 2).await;
        assert_eq!(entries[2].0, "2. heap 2: 4 -> 3 1 3 5");
        page
    });
}

/// Checks every nim answer's `remoteness` (the position's and each move's) against a brute-force
/// search in the page, as the answers arrive: `remoteness_checked()` then says how many values
/// were compared and which disagreed.
const NIM_REMOTENESS_CHECK: &str = "const memo = new Map();
    const rem = (h) => {
      const key = h.join(' ');
      if (memo.has(key)) return memo.get(key);
      const kids = [];
      h.forEach((x, i) => { for (let y = 0; y < x; y++) { const c = h.slice(); c[i] = y; kids.push(rem(c)); } });
      const wins = kids.filter((k) => k % 2 === 0);
      const r = kids.length === 0 ? 0 : wins.length ? Math.min(...wins) + 1 : Math.max(...kids) + 1;
      memo.set(key, r);
      return r;
    };
    const heaps = (s) => s.split(/\\s+/).filter(Boolean).map(Number);
    window.remotenessChecked = { checked: 0, wrong: [] };
    const check = (position, given) => {
      if (given === undefined) return;
      window.remotenessChecked.checked += 1;
      const expected = rem(heaps(position));
      if (expected !== given) window.remotenessChecked.wrong.push([position, given, expected]);
    };
    const fetched = window.fetch;
    window.fetch = async (url, options) => {
      const answer = await fetched(url, options);
      if (!String(url).endsWith('/api/run') || JSON.parse(options.body).args[0] !== 'nim') return answer;
      const report = await answer.clone().json();
      check(report.position, report.remoteness);
      for (const m of [...(report.winning_moves || []), ...(report.all_moves || [])]) check(m.to, m.remoteness);
      return answer;
    };";

impl Page {
    /// What [`NIM_REMOTENESS_CHECK`] compared: the count of values, and those that disagreed.
    async fn remoteness_checked(&self) -> (u64, serde_json::Value) {
        let seen = self.run("return window.remotenessChecked").await;
        (seen["checked"].as_u64().unwrap(), seen["wrong"].clone())
    }
}

impl Page {
    /// The value-history chart's dots: each one's `data-value`, `cx` and `data-remoteness`
    /// (or `data-score`).
    async fn chart(&self) -> Vec<(String, String, String)> {
        let dots = self
            .run(
                "return [...document.querySelectorAll('#value-history circle')].map((c) => \
                 [c.dataset.value, c.getAttribute('cx'), c.dataset.remoteness ?? c.dataset.score ?? ''])",
            )
            .await;
        serde_json::from_value(dots).unwrap()
    }

    /// Clicks the first element `css` selects.
    async fn click_css(&self, css: &str) {
        self.find(Locator::Css(css))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
    }
}

#[test]
fn the_value_history_is_drawn_beside_the_moves() {
    with_browser("value-history", |page| async move {
        // Without the remoteness (heaps past the engine's remoteness budget), each position
        // stands at a fixed column on its winner's side: here the first player's (left)
        // throughout; the dots say how each stood for the player who moved there, lines join them.
        page.open("#analyse/nim/300%20400%20500").await;
        page.wait_text("#verdict", |t| t.starts_with("N:")).await;
        page.click_css("#moves a.o-P").await;
        page.wait_text("#verdict", |t| t.starts_with("P:")).await;
        page.click("play-mode").await;
        page.click_css("#moves a").await;
        page.wait_history(4, 3).await;
        let dots = page.chart().await;
        let values: Vec<&str> = dots.iter().map(|d| d.0.as_str()).collect();
        assert_eq!(values, ["lose", "win", "lose", "win"]);
        assert!(dots.iter().all(|d| d.1 == "22.4%"), "{dots:?}");
        assert_eq!(page.all("#value-history line.join").await.len(), 3);
        assert_eq!(page.all("#value-history circle.current").await.len(), 1);
        // One row per entry of the history, beside it.
        let rows = page
            .run(
                "const a = document.querySelectorAll('#history a'), \
                 c = document.querySelectorAll('#value-history circle');
                 return [...a].map((e, i) => Math.abs((e.getBoundingClientRect().top + \
                 e.getBoundingClientRect().bottom) / 2 - (c[i].getBoundingClientRect().top + \
                 c[i].getBoundingClientRect().bottom) / 2) < 3);",
            )
            .await;
        assert_eq!(rows, serde_json::json!([true, true, true, true]));
        // With the engine's remoteness, the nearer the end, the nearer the edge: 1 2 is won in 3
        // moves, 1 1 lost in 2, 0 1 won in 1, and 0 0 is over (the edge).
        page.run(NIM_REMOTENESS_CHECK).await;
        page.type_into("position", "1 2\n").await;
        page.wait_history(1, 0).await;
        page.click_css("#moves a.o-P").await;
        page.wait_history(3, 2).await;
        page.click_css("#moves a.o-P").await;
        page.wait_history(4, 3).await;
        let dots = page.chart().await;
        let expected = [
            ("lose", "38.5%", "3"),
            ("win", "27.0%", "2"),
            ("lose", "15.5%", "1"),
            ("win", "4.0%", "0"),
        ];
        let dots: Vec<(&str, &str, &str)> = dots
            .iter()
            .map(|d| (d.0.as_str(), d.1.as_str(), d.2.as_str()))
            .collect();
        assert_eq!(dots, expected);
        let (checked, wrong) = page.remoteness_checked().await;
        assert!(checked >= 6, "{checked}");
        assert_eq!(wrong, serde_json::json!([]));
        page
    });
}

#[test]
fn a_scoring_game_draws_its_score_history() {
    with_browser("score-history-tictactoe", |page| async move {
        // X wins from here (+1); x in cell 9 throws the win away (0 for O), and O's reply keeps
        // the draw.
        page.open("#analyse/tictactoe/xo.......").await;
        page.wait_text("#verdict", |t| t.contains("value 1")).await;
        page.click("play-mode").await;
        page.click_css("#board button.cell[data-cell='9']").await;
        page.wait_history(3, 2).await;
        let dots = page.chart().await;
        let dots: Vec<(&str, &str, &str)> = dots
            .iter()
            .map(|d| (d.0.as_str(), d.1.as_str(), d.2.as_str()))
            .collect();
        // The first player's score, ahead to the left; each dot for the player who moved there.
        assert_eq!(
            dots,
            [
                ("lose", "4.0%", "1"),
                ("draw", "50.0%", "0"),
                ("draw", "50.0%", "0")
            ]
        );
        page.assert_shows("#vh .vh-sides .p1", "X").await;
        page.assert_shows("#chart-caption", "left of the middle X is ahead, right O")
            .await;
        page
    });
}

#[test]
fn wins_in_n_moves_where_the_engine_knows_the_remoteness() {
    with_browser("remoteness", |page| async move {
        // Without the remoteness (heaps past the engine's remoteness budget), no count of moves.
        page.open("#analyse/nim/300%20400%20500").await;
        let verdict = page.wait_text("#verdict", |t| t.starts_with("N:")).await;
        assert_eq!(verdict, "N: the player to move wins; nim-value 328");
        assert!(page.all("#moves .rem").await.is_empty());
        // With it: the verdict, each move's chip and the winning take on the heaps say how many
        // moves are left, as a brute-force search in the page finds them.
        page.run(NIM_REMOTENESS_CHECK).await;
        page.type_into("position", "1 2\n").await;
        page.wait_text("#verdict", |t| {
            t == "N: the player to move wins in 3 moves; nim-value 3"
        })
        .await;
        page.assert_shows("#moves a.o-P .rem", "wins in 3 moves")
            .await;
        let losing = page
            .run(
                "return [...document.querySelectorAll('#moves a.o-N .rem')]\
                 .map((r) => r.textContent)",
            )
            .await;
        assert_eq!(
            losing,
            serde_json::json!(["loses in 2 moves", "loses in 2 moves"])
        );
        let take = page.find(Locator::Css("#board .token.o-P")).await.unwrap();
        let label = take.attr("aria-label").await.unwrap().unwrap();
        assert_eq!(
            label,
            "heap 2: leave 1 (a winning move: it wins in 3 moves)"
        );
        page.assert_shows("#board .take", "wins in 3 moves").await;
        // The position it leaves is lost in 2 moves at the slowest.
        page.click_css("#moves a.o-P").await;
        page.wait_text("#verdict", |t| {
            t.starts_with("P: the player to move loses in 2 moves at the slowest")
        })
        .await;
        page.back().await.unwrap();
        page.wait_text("#verdict", |t| t.contains("wins in 3 moves"))
            .await;
        let (checked, wrong) = page.remoteness_checked().await;
        assert!(checked >= 4, "{checked}");
        assert_eq!(wrong, serde_json::json!([]));
        page
    });
}

impl Page {
    /// Waits until `n` elements `css` selects, and returns their `attr`s.
    async fn wait_count(&self, css: &str, n: usize, attr: &str) -> Vec<String> {
        let started = Instant::now();
        loop {
            let found = self.all(css).await;
            if found.len() == n {
                let mut values = Vec::new();
                for e in found {
                    values.push(e.attr(attr).await.unwrap().unwrap_or_default());
                }
                return values;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "{} of {n} `{css}`",
                found.len()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

#[test]
fn tic_tac_toe_cells_say_what_they_leave_and_the_winning_line_is_marked() {
    with_browser("winning-line-tictactoe", |page| async move {
        // O must block in cell 3 (a draw); anywhere else loses. Each empty cell says so, in
        // its colour.
        page.open("#analyse/tictactoe/xx..o....").await;
        page.wait_text("#verdict", |t| t.contains("value 0")).await;
        let drawn = page
            .wait_count("#board .cell.o-D[data-score]", 1, "data-cell")
            .await;
        assert_eq!(drawn, ["3"]);
        let lost = page
            .wait_count("#board .cell.o-N[data-score]", 5, "data-cell")
            .await;
        assert_eq!(lost, ["4", "6", "7", "8", "9"]);
        assert!(page.all("#board .cell.o-P").await.is_empty());
        page.assert_shows("#board .cell[data-cell='3'] small", "draw")
            .await;
        page.assert_shows("#board .cell[data-cell='4'] small", "lose")
            .await;
        // X wins with cells 4, 5 or 7 from here, and draws elsewhere.
        page.open("#analyse/tictactoe/xo.......").await;
        page.wait_text("#verdict", |t| t.contains("value 1")).await;
        let won = page
            .wait_count("#board .cell.o-P[data-score]", 3, "data-cell")
            .await;
        assert_eq!(won, ["4", "5", "7"]);
        let drawn = page
            .wait_count("#board .cell.o-D[data-score]", 4, "data-cell")
            .await;
        assert_eq!(drawn, ["3", "6", "8", "9"]);
        // X completes the top row: the line is marked, the last mark ringed, the game over.
        page.open("#analyse/tictactoe/xx.oo....").await;
        page.wait_text("#verdict", |t| t.contains("value 1")).await;
        page.click_css("#board .cell[data-cell='3']").await;
        page.assert_shows("#result", "X wins with three in a row")
            .await;
        let line = page
            .wait_count("#board .cell.win-line", 3, "data-cell")
            .await;
        assert_eq!(line, ["1", "2", "3"]);
        let last = page.wait_count("#board .cell.last", 1, "data-cell").await;
        assert_eq!(last, ["3"]);
        assert_eq!(page.all("#board .cell:not([disabled])").await.len(), 0);
        page
    });
}

#[test]
fn connect_four_marks_four_in_a_row_and_triangle_war_its_triangles() {
    with_browser("winning-line-connect4", |page| async move {
        // Triangle War: A's 1-3 closes the top triangle, A's colour; the line just drawn stands
        // out.
        page.open("#analyse/triangle-war/--moves%20%221-2%202-3%201-3%22")
            .await;
        page.shown("#verdict").await;
        let owners = page.wait_count("#board polygon", 1, "data-owner").await;
        assert_eq!(owners, ["A"]);
        let last = page
            .wait_count("#board line.drawn.last", 1, "data-line")
            .await;
        assert_eq!(last, ["1-3"]);
        // Red's fourth stone in column 1 wins: the four are marked.
        page.open("#analyse/connect4/121212").await;
        page.assert_shows("#turn", "Red to move").await;
        page.click_css("#board button.cell[data-column='1']").await;
        page.assert_shows("#result", "Red wins with four in a row")
            .await;
        let rows = page
            .wait_count("#board button.cell.x.win-line", 4, "data-row")
            .await;
        let mut rows: Vec<u32> = rows.iter().map(|r| r.parse().unwrap()).collect();
        rows.sort();
        assert_eq!(rows, [1, 2, 3, 4]);
        let columns = page
            .wait_count("#board button.cell.win-line", 4, "data-column")
            .await;
        assert!(columns.iter().all(|c| c == "1"), "{columns:?}");
        assert_eq!(
            page.all("#board button.cell:not([disabled])").await.len(),
            0
        );
        assert!(page.all("#turn").await.is_empty());
        // The history says who played where.
        let entries = page.wait_history(2, 1).await;
        assert_eq!(entries[1].0, "1. Red: column 1 1212121");
        page
    });
}

#[test]
fn a_table_shows_its_period_formulas_and_plot_together() {
    with_browser("table-panel", |page| async move {
        // The formulas the table offers, each with its proof.
        page.open("#table/subtraction/--set%201%2C3%2C4/50").await;
        page.assert_shows("#period", "period 7 from n = 0").await;
        let formulas = page.wait_count("#formulas li", 2, "class").await;
        assert_eq!(formulas.len(), 2);
        page.assert_shows(
            "#formulas li:first-child code",
            "[0, 1, 0, 1, 2, 3, 2][n % 7]",
        )
        .await;
        assert_eq!(page.all("#formulas .proof.proved").await.len(), 2);
        page.assert_shows("#p-positions", "0, 2, 7, 9, 14, 16")
            .await;
        // On a phone the facts stand above the plot, nothing wider than the screen.
        page.set_window_size(390, 844).await.unwrap();
        let stacked = page
            .run(
                "const f = document.querySelector('.table-facts').getBoundingClientRect(), \
                 p = document.querySelector('.table-plot').getBoundingClientRect();
                 return [p.top >= f.bottom, document.documentElement.scrollWidth <= window.innerWidth];",
            )
            .await;
        assert_eq!(stacked, serde_json::json!([true, true]));
        page.set_window_size(1100, 1000).await.unwrap();
        // Dawson's Kayles: period 34 from 53, proved; its rule, one period of values, and the
        // plot beside them with the preperiod and the periods shaded, P-positions in red.
        page.open("#table/octal/0.07/200").await;
        page.assert_shows("#period", "period 34 from n = 53 (proved)")
            .await;
        assert_eq!(page.all("#table-panel .proof.proved").await.len(), 1);
        page.assert_shows("#period-rule", "G(n + 34) = G(n) for every n ≥ 53")
            .await;
        assert_eq!(page.all("#period-strip span").await.len(), 34);
        assert_eq!(page.all("#plot svg rect.pre").await.len(), 1);
        let bands = page.wait_count("#plot svg rect.per", 3, "data-from").await;
        assert_eq!(bands, ["53", "121", "189"]);
        let zeros = page
            .run(
                "return [document.querySelectorAll('#plot svg circle.zero').length, \
                 [...document.querySelectorAll('#values td')].filter((t) => t.textContent === '0').length]",
            )
            .await;
        let zeros: Vec<usize> = serde_json::from_value(zeros).unwrap();
        assert!(zeros[0] > 0 && zeros[0] == zeros[1], "{zeros:?}");
        let beside = page
            .run(
                "const f = document.querySelector('.table-facts').getBoundingClientRect(), \
                 p = document.querySelector('.table-plot').getBoundingClientRect();
                 return [p.left >= f.right, Math.abs(p.top - f.top) < 2];",
            )
            .await;
        assert_eq!(beside, serde_json::json!([true, true]));
        page
    });
}
