//! `tavolo serve`'s light updates (issue 47), over raw HTTP on 127.0.0.1: a page's poll of
//! `state.json` that finds nothing new is a bodiless 304 under 1 KB; pages, the script, the
//! stylesheet and the picture go gzipped to a client that takes it, and read the same once
//! inflated; the stylesheet and the script are kept by the browser (`Cache-Control`,
//! named by their content's hash); a move changes the ETag.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use super::serve::{action, deal, get, link, post, state, Server};

/// An answer as bytes: status, head (as text), body (as sent, maybe gzip's).
pub struct Bytes {
    pub status: u16,
    pub head: String,
    pub body: Vec<u8>,
    /// The whole answer's length on the wire.
    pub wire: usize,
    /// The request's.
    pub sent: usize,
}

impl Bytes {
    pub fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case(name).then(|| v.trim().to_string())
        })
    }

    /// The body inflated when it came gzipped.
    pub fn text(&self) -> String {
        if self.header("content-encoding").as_deref() == Some("gzip") {
            let mut out = String::new();
            flate2::read::GzDecoder::new(&self.body[..])
                .read_to_string(&mut out)
                .expect("gzip");
            out
        } else {
            String::from_utf8(self.body.clone()).expect("UTF-8")
        }
    }
}

/// GET `path` with the extra header lines `extra` (each ending in `\r\n`), as a browser
/// sends it (`Accept-Encoding` when asked).
pub fn fetch(addr: &str, path: &str, extra: &str) -> Bytes {
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n{extra}Connection: close\r\n\r\n");
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    s.write_all(req.as_bytes()).unwrap();
    let mut bytes = Vec::new();
    let _ = s.read_to_end(&mut bytes);
    let cut = bytes
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head");
    let head = String::from_utf8_lossy(&bytes[..cut]).into_owned();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Bytes {
        status,
        head,
        body: bytes[cut + 4..].to_vec(),
        wire: bytes.len(),
        sent: req.len(),
    }
}

pub const GZIP: &str = "Accept-Encoding: gzip, deflate, br\r\n";

fn seat_one(a: &str, director: &str) -> String {
    let page = get(a, director).body;
    let name = state(a, director)["players"][0]
        .as_str()
        .unwrap()
        .to_string();
    link(&page, &format!("seat 1, {name}"))
}

#[test]
fn an_idle_poll_is_a_304_under_a_kilobyte_and_a_move_wakes_it() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let (_, director) = deal(a, &[("game", "moon"), ("seed", "golden")]);
    let seat = seat_one(a, &director);
    let poll = action(&seat, "/state.json");
    let first = fetch(a, &poll, GZIP);
    assert_eq!(first.status, 200);
    let tag = first.header("etag").expect("state.json carries an ETag");
    let held = format!("If-None-Match: {tag}\r\n");
    let idle = fetch(a, &poll, &format!("{GZIP}{held}"));
    assert_eq!(idle.status, 304, "{}", idle.head);
    assert!(idle.body.is_empty());
    assert!(
        idle.wire + idle.sent < 1024,
        "an idle poll moves {} + {} bytes",
        idle.sent,
        idle.wire
    );
    // Another page's ETag, or none: the body again.
    let other = fetch(a, &poll, "If-None-Match: W/\"0000000000000000\"\r\n");
    assert_eq!(other.status, 200);
    // A move: the same ETag now gets the new state.
    assert_eq!(state(a, &director)["moves"], 0);
    let mv = first_legal(dir.path());
    let r = post(
        a,
        &action(&director, "/move"),
        &[("move", &mv), ("at", "0")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let woke = fetch(a, &poll, &held);
    assert_eq!(woke.status, 200, "a move changes the ETag");
    let now: serde_json::Value = serde_json::from_str(&woke.text()).unwrap();
    assert_eq!(now["moves"], 1);
    assert_ne!(woke.header("etag"), Some(tag));
    // A page's answer is never stored (it may show a holding), only revalidated.
    assert_eq!(woke.header("cache-control").as_deref(), Some("no-store"));
}

/// The first legal move of the only table in `dir`.
fn first_legal(dir: &std::path::Path) -> String {
    use tavolo::games::session::{self, View};
    use tavolo::record::{Record, Source};
    let file = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .find(|e| e.path().extension().is_some_and(|x| x == "toml"))
        .expect("a record");
    let text = std::fs::read_to_string(file.path()).unwrap();
    let src = Source::new("t.toml", text);
    let rec = Record::parse(&src, &tavolo::games::Registry).unwrap();
    let (live, _) = session::find(rec.game).unwrap().open(&rec, &src).unwrap();
    live.hint(View::Director).unwrap().legal[0].clone()
}

#[test]
fn pages_and_assets_go_gzipped_and_the_assets_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let (_, director) = deal(a, &[("game", "natura"), ("seed", "golden")]);
    let seat = seat_one(a, &director);
    let plain = fetch(a, &seat, "");
    let zipped = fetch(a, &seat, GZIP);
    assert_eq!(plain.status, 200);
    assert_eq!(plain.header("content-encoding"), None);
    assert_eq!(zipped.header("content-encoding").as_deref(), Some("gzip"));
    assert_eq!(zipped.header("vary").as_deref(), Some("Accept-Encoding"));
    assert_eq!(zipped.text(), plain.text(), "the same page once inflated");
    assert!(
        zipped.body.len() * 4 < plain.body.len(),
        "Natura's page: {} bytes gzipped of {}",
        zipped.body.len(),
        plain.body.len()
    );
    // The stylesheet and the script: linked by their hash, kept a year, gzipped.
    let page = plain.text();
    for name in ["page.css", "page.js"] {
        let at = page
            .find(&format!("/static/{name}?v="))
            .unwrap_or_else(|| panic!("the page links {name}"));
        let url: String = page[at..].chars().take_while(|c| *c != '"').collect();
        let r = fetch(a, &url, GZIP);
        assert_eq!(r.status, 200, "{url}");
        assert!(
            r.header("cache-control")
                .is_some_and(|c| c.contains("max-age=31536000") && c.contains("immutable")),
            "{}",
            r.head
        );
        assert_eq!(r.header("content-encoding").as_deref(), Some("gzip"));
        let tag = r.header("etag").expect("an ETag");
        let again = fetch(a, &url, &format!("If-None-Match: {tag}\r\n"));
        assert_eq!(again.status, 304);
    }
    assert_eq!(fetch(a, "/static/other.js", "").status, 404);
    // The picture alone, too.
    let svg = fetch(a, &action(&seat, "/picture.svg"), GZIP);
    assert_eq!(svg.status, 200);
    assert_eq!(svg.header("content-encoding").as_deref(), Some("gzip"));
    assert!(svg.text().contains("<svg"));
}
