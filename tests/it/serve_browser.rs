//! `tavolo serve` in a real browser: headless Chromium (Debian's `chromium`), driven through
//! `chromedriver` (Debian's `chromium-driver`) by WebDriver's JSON over HTTP, spoken here
//! with std's TcpStream and serde_json. The page is loaded at a phone's width, a move typed
//! and played, and what is drawn where read back: the tile on its square, right of its
//! neighbour, the last move's mark on it, the picture within the phone's width, the refusal
//! of an illegal move with its rule. Without chromium or chromedriver the test says so and
//! passes (CI installs both: .ci/run). Everything runs on 127.0.0.1 and is stopped at the end.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::serve::{deal, Server};

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const DRIVER: &str = "/usr/bin/chromedriver";
/// WebDriver's name for an element's id in its answers.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A chromedriver on a free port of 127.0.0.1, stopped when dropped.
pub struct Driver {
    child: Child,
    addr: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One WebDriver call: `method` on `path` with a JSON body; the answer's `value`.
fn call(addr: &str, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
    let mut s = TcpStream::connect(addr).map_err(|e| e.to_string())?;
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).map_err(|e| e.to_string())?;
    let mut r = BufReader::new(s);
    let mut length = None;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
            break;
        }
        if line == "\r\n" {
            break;
        }
        if let Some((k, v)) = line.split_once(':') {
            if k.eq_ignore_ascii_case("content-length") {
                length = v.trim().parse::<usize>().ok();
            }
        }
    }
    let mut bytes = Vec::new();
    match length {
        Some(n) => {
            bytes.resize(n, 0);
            r.read_exact(&mut bytes).map_err(|e| e.to_string())?;
        }
        None => {
            r.read_to_end(&mut bytes).map_err(|e| e.to_string())?;
        }
    }
    let v: Value = serde_json::from_slice(&bytes).map_err(|e| e.to_string())?;
    let value = v.get("value").cloned().unwrap_or(Value::Null);
    if let Some(err) = value.get("error") {
        return Err(format!("{err}: {}", value["message"]));
    }
    Ok(value)
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

pub fn start_driver() -> Driver {
    let port = free_port();
    let child = Command::new(DRIVER)
        .arg(format!("--port={port}"))
        .arg("--allowed-ips=127.0.0.1")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let driver = Driver {
        child,
        addr: format!("127.0.0.1:{port}"),
    };
    let until = Instant::now() + Duration::from_secs(30);
    while Instant::now() < until {
        if let Ok(v) = call(&driver.addr, "GET", "/status", None) {
            if v["ready"] == true {
                return driver;
            }
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("chromedriver did not start within 30 s");
}

/// A browser session of `driver`, its window `width` by `height`.
pub struct Browser<'a> {
    driver: &'a Driver,
    id: String,
}

impl Drop for Browser<'_> {
    fn drop(&mut self) {
        let _ = call(
            &self.driver.addr,
            "DELETE",
            &format!("/session/{}", self.id),
            None,
        );
    }
}

impl<'a> Browser<'a> {
    pub fn open(driver: &'a Driver, width: u32, height: u32) -> Browser<'a> {
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--hide-scrollbars",
                         format!("--window-size={width},{height}")],
                // A window is at least 500 px wide: a phone's width is emulated.
                "mobileEmulation": {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 1}}
            }
        }}});
        let v = call(&driver.addr, "POST", "/session", Some(&caps)).expect("a browser session");
        let id = v["sessionId"].as_str().expect("a session id").to_string();
        Browser { driver, id }
    }

    pub fn call(&self, method: &str, what: &str, body: Option<Value>) -> Value {
        let path = format!("/session/{}{what}", self.id);
        call(&self.driver.addr, method, &path, body.as_ref())
            .unwrap_or_else(|e| panic!("{method} {what}: {e}"))
    }

    pub fn go(&self, url: &str) {
        self.call("POST", "/url", Some(json!({ "url": url })));
    }

    pub fn element(&self, css: &str) -> String {
        let v = self.call(
            "POST",
            "/element",
            Some(json!({"using": "css selector", "value": css})),
        );
        v[ELEMENT].as_str().expect("an element").to_string()
    }

    pub fn type_in(&self, css: &str, text: &str) {
        let e = self.element(css);
        self.call("POST", &format!("/element/{e}/clear"), Some(json!({})));
        self.call(
            "POST",
            &format!("/element/{e}/value"),
            Some(json!({ "text": text })),
        );
    }

    pub fn click(&self, css: &str) {
        let e = self.element(css);
        self.click_element(&e);
    }

    /// Run `script` (a function body) in the page: its return value.
    pub fn js(&self, script: &str) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": []})),
        )
    }

    pub fn text(&self, css: &str) -> String {
        let q = serde_json::to_string(css).unwrap();
        self.js(&format!(
            "const e = document.querySelector({q}); return e ? e.textContent : null;"
        ))
        .as_str()
        .unwrap_or_default()
        .to_string()
    }

    /// An element's box in CSS pixels: left, top, right, bottom.
    pub fn rect(&self, css: &str) -> [f64; 4] {
        let q = serde_json::to_string(css).unwrap();
        let v = self.js(&format!(
            "const r = document.querySelector({q}).getBoundingClientRect(); \
             return [r.left, r.top, r.right, r.bottom];"
        ));
        let f = |i: usize| v[i].as_f64().unwrap();
        [f(0), f(1), f(2), f(3)]
    }

    /// Run `script` in the page, `None` if it could not run (a page being replaced).
    pub fn try_js(&self, script: &str) -> Option<Value> {
        let path = format!("/session/{}/execute/sync", self.id);
        let body = json!({"script": script, "args": []});
        call(&self.driver.addr, "POST", &path, Some(&body)).ok()
    }

    /// The elements `css` finds, in the page's order.
    pub fn elements(&self, css: &str) -> Vec<String> {
        let v = self.call(
            "POST",
            "/elements",
            Some(json!({"using": "css selector", "value": css})),
        );
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|e| e[ELEMENT].as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// A click on an element found before, as a finger's tap: brought to the middle of the
    /// screen first, as a player scrolls to what they tap (WebDriver scrolls it to the
    /// bottom edge, under a phone's bar of actions).
    pub fn click_element(&self, e: &str) {
        self.call(
            "POST",
            "/execute/sync",
            Some(json!({
                "script": "arguments[0].scrollIntoView({block: 'center'}); return null;",
                "args": [{ ELEMENT: e }]
            })),
        );
        self.call("POST", &format!("/element/{e}/click"), Some(json!({})));
    }

    /// Wait until `script` returns true in the page (a form's POST, its 303 and the page
    /// after it loaded), for 20 seconds at most; a page being replaced is waited through.
    pub fn wait_for(&self, script: &str) {
        let until = Instant::now() + Duration::from_secs(20);
        while Instant::now() < until {
            if self.try_js(script) == Some(Value::Bool(true)) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("the page never met: {script}");
    }

    pub fn screenshot(&self, name: &str) {
        let v = self.call("GET", "/screenshot", None);
        if let Some(b64) = v.as_str() {
            // A scratch folder, out of git: target/tmp/serve-shots.
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-shots");
            let _ = std::fs::create_dir_all(&dir);
            let _ = std::fs::write(dir.join(name), decode64(b64));
        }
    }
}

/// Base64 (standard alphabet) to bytes, for the screenshots.
pub fn decode64(s: &str) -> Vec<u8> {
    let val = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::new();
    let mut acc = 0u32;
    let mut bits = 0;
    for v in s.bytes().filter_map(val) {
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

pub fn browser_present() -> bool {
    let here = Path::new(CHROMIUM).exists() && Path::new(DRIVER).exists();
    if !here {
        eprintln!(
            "note: serve_browser skipped: {CHROMIUM} or {DRIVER} is absent \
             (Debian's chromium and chromium-driver; .ci/run installs them)"
        );
    }
    here
}

/// MOON at a phone's width (360 px): the page loads, a move typed in the form is played, and
/// the picture shows the tile where it went (MN-3: next to a tile), marked as the last move;
/// an illegal move (MN-2) is refused on the page with its rule in words.
#[test]
fn a_move_typed_in_chromium_is_drawn_where_it_went() {
    if !browser_present() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let (id, director) = deal(a, &[("game", "moon"), ("seed", "golden")]);
    let driver = start_driver();
    let b = Browser::open(&driver, 360, 800);
    b.go(&format!("http://{a}{director}"));
    assert!(b.text("#turn").contains("P1 to move"), "{}", b.text("body"));
    // BB stands on c3 at the deal; d3 is empty.
    assert_eq!(
        b.js("return document.querySelector('#tile-c3') !== null;"),
        true
    );
    assert_eq!(
        b.js("return document.querySelector('#tile-d3') === null;"),
        true
    );
    b.type_in("#move", "AG d3");
    b.click("#play button");
    b.wait_for(
        "return document.querySelector('#tile-d3') !== null && document.readyState === 'complete';",
    );
    assert!(b.text("#last").contains("AG d3"), "{}", b.text("body"));
    assert!(b.text("#turn").contains("P2 to move"));
    // What is drawn where: AG right of BB on the same row, the last move's mark on AG.
    let c3 = b.rect("#tile-c3");
    let d3 = b.rect("#tile-d3");
    // (A piece's box holds its art's bleed too: the centres tell where it stands.)
    let mid = |r: [f64; 4]| ((r[0] + r[2]) / 2.0, (r[1] + r[3]) / 2.0);
    let (c, d) = (mid(c3), mid(d3));
    assert!((c.1 - d.1).abs() < 1.0, "one row: {c3:?} {d3:?}");
    let pitch = d.0 - c.0;
    assert!(
        pitch > 0.5 * (c3[2] - c3[0]) && pitch < 1.5 * (c3[2] - c3[0]),
        "d3 is the square right of c3: {c3:?} {d3:?}"
    );
    let mark = b.rect("#mark-last");
    let centre = ((mark[0] + mark[2]) / 2.0, (mark[1] + mark[3]) / 2.0);
    assert!(
        centre.0 > d3[0] && centre.0 < d3[2] && centre.1 > d3[1] && centre.1 < d3[3],
        "the mark {mark:?} on d3 {d3:?}"
    );
    // At a phone's width the picture and the form fit, and the type is large.
    let width = b.js("return window.innerWidth;").as_f64().unwrap();
    let widest = b.js(
        "return [...document.querySelectorAll('body *')]\
           .map(e => [e.tagName + '#' + e.id + '.' + e.className, e.getBoundingClientRect().right])\
           .filter(e => !e[0].includes('SVGAnimated'))\
           .sort((x, y) => y[1] - x[1]).slice(0, 6)\
           .concat([[document.documentElement.scrollWidth, document.documentElement.clientWidth, visualViewport.width, visualViewport.scale]]);",
    );
    assert_eq!(width, 360.0, "a phone's width; the widest: {widest}");
    let picture = b.rect("#picture > svg");
    assert!(
        picture[2] <= width + 0.5 && picture[0] >= 0.0,
        "{picture:?} in {width}"
    );
    assert!(
        picture[2] - picture[0] > width * 0.8,
        "the picture takes the width"
    );
    let form = b.rect("#play");
    assert!(form[2] <= width + 0.5, "{form:?}");
    let font = b.js("return parseFloat(getComputedStyle(document.body).fontSize);");
    assert!(font.as_f64().unwrap() >= 18.0, "{font}");
    b.screenshot("serve-moon-phone.png");
    // MN-2: a square already taken is refused on the page, with the rule in words.
    b.type_in("#move", "GA d3");
    b.click("#play button");
    b.wait_for("return document.querySelector('#rule') !== null;");
    assert!(b.text("#rule").contains("MN-2"), "{}", b.text("#answer"));
    assert!(b.text("#why").contains("d3"), "{}", b.text("#answer"));
    assert_eq!(
        b.js("return document.querySelector('#move').value;"),
        "GA d3"
    );
    b.screenshot("serve-moon-refused.png");
    // The file holds the one legal move.
    let record = std::fs::read_to_string(dir.path().join(format!("{id}.toml"))).unwrap();
    assert_eq!(record.matches("[[move]]").count(), 1);
}
