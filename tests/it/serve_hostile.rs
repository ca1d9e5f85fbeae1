//! `tavolo serve` and hostile requests: malformed, oversized, outside the sessions folder
//! (`../`), for an unknown table or a seat that is not there, with a broken form, and a
//! batch of seeded random bytes. Each gets a clear 4xx (never a 5xx, never a dropped
//! connection: a panic would be one), and the table's session and record are as before.

use super::serve::{action, deal, get, key_of, post, raw, raw_then_close, state, token_of, Server};

/// `raw` with a `Host` header (this server's) after its request line, as a browser sends.
fn hosted(raw: &[u8], addr: &str) -> Vec<u8> {
    let Some(end) = raw.windows(2).position(|w| w == b"\r\n") else {
        return raw.to_vec();
    };
    let mut out = raw[..end + 2].to_vec();
    out.extend_from_slice(format!("Host: {addr}\r\n").as_bytes());
    out.extend_from_slice(&raw[end + 2..]);
    out
}

/// A small seeded generator (xorshift64*): the same garbage at every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Garbage that looks a little like HTTP: pieces of requests, in any order, with bytes
/// of every value.
fn garbage(rng: &mut Rng, id: &str, key: &str) -> Vec<u8> {
    let pieces: [&[u8]; 22] = [
        b"GET ",
        b"POST ",
        b"HEAD ",
        b"/",
        b"/t/",
        id.as_bytes(),
        b"/seat/",
        b"/director",
        b"/move",
        b"?k=",
        key.as_bytes(),
        b"../",
        b"%2e%2e/",
        b" HTTP/1.1\r\n",
        b"Content-Length: ",
        b"7",
        b"\r\n",
        b"\r\n\r\n",
        b"move=1+AG+d3&at=0",
        b"Content-Type: application/x-www-form-urlencoded\r\n",
        b"%",
        b"\xff\xfe\x00",
    ];
    let mut out = Vec::new();
    for _ in 0..1 + rng.below(12) {
        if rng.below(4) == 0 {
            for _ in 0..rng.below(16) {
                out.push(rng.next() as u8);
            }
        } else {
            out.extend_from_slice(pieces[rng.below(pieces.len())]);
        }
    }
    out
}

/// Every hostile request gets its 4xx, the table's record stays as it was, and the server
/// still answers.
#[test]
fn hostile_requests_get_a_4xx_and_leave_the_session_unharmed() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let (id, page) = deal(a, &[("game", "moon"), ("seed", "golden")]);
    assert_eq!(
        post(
            a,
            &action(&page, "/move"),
            &[("move", "AG d3"), ("at", "0")]
        )
        .status,
        303
    );
    let file = dir.path().join(format!("{id}.toml"));
    let before = std::fs::read_to_string(&file).unwrap();
    let key = key_of(&page);
    let mv = action(&page, "/move");
    let tok = token_of(&get(a, &page).body).expect("the page's token");
    let otok = token_of(&get(a, "/").body).expect("the operator's token");
    let form = |body: &str, ct: &str| {
        let body = format!("{body}&form={tok}");
        format!(
            "POST {mv} HTTP/1.1\r\nContent-Type: {ct}\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .into_bytes()
    };
    let urlencoded = "application/x-www-form-urlencoded";
    let post_to = |path: &str, body: &str| {
        format!(
            "POST {path} HTTP/1.1\r\nContent-Type: {urlencoded}\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .into_bytes()
    };
    let long_header = format!("GET / HTTP/1.1\r\nX-Long: {}\r\n\r\n", "a".repeat(20_000));
    let many_headers = format!("GET / HTTP/1.1\r\n{}\r\n", "X-A: b\r\n".repeat(60));
    let huge_move = format!("move={}&at=1", "A".repeat(200_000));
    let cases: Vec<(&str, Vec<u8>, &[u16])> = vec![
        ("not HTTP", b"GARBAGE\r\n\r\n".to_vec(), &[400]),
        ("no path", b"GET x HTTP/1.1\r\n\r\n".to_vec(), &[400]),
        (
            "a NUL in the path",
            b"GET /\0 HTTP/1.1\r\n\r\n".to_vec(),
            &[400],
        ),
        ("HTTP/2", b"GET / HTTP/2.0\r\n\r\n".to_vec(), &[400, 505]),
        ("a 20 KB header", long_header.into_bytes(), &[431]),
        ("60 headers", many_headers.into_bytes(), &[431]),
        (
            "a body over the limit",
            format!("POST {mv} HTTP/1.1\r\nContent-Length: 300000\r\n\r\n").into_bytes(),
            &[413],
        ),
        (
            "a length past any number",
            format!("POST {mv} HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n")
                .into_bytes(),
            // hyper's parser: no number it can hold.
            &[400, 413],
        ),
        (
            "a length that is no number",
            format!("POST {mv} HTTP/1.1\r\nContent-Length: abc\r\n\r\n").into_bytes(),
            &[400],
        ),
        (
            "two lengths",
            format!("POST {mv} HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab")
                .into_bytes(),
            &[400],
        ),
        (
            "chunks",
            format!("POST {mv} HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
                .into_bytes(),
            &[411],
        ),
        (
            "../ in a path",
            b"GET /t/../../etc/passwd HTTP/1.1\r\n\r\n".to_vec(),
            &[404],
        ),
        (
            "an escaped ../",
            b"GET /t/%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\n\r\n".to_vec(),
            &[404],
        ),
        (
            "../ before a table",
            format!("GET /t/..%2F{id}/director?k={key} HTTP/1.1\r\n\r\n").into_bytes(),
            &[404],
        ),
        (
            "an unknown table",
            b"GET /t/moon-nobody-1 HTTP/1.1\r\n\r\n".to_vec(),
            &[404],
        ),
        (
            "an unknown page",
            b"GET /etc/passwd HTTP/1.1\r\n\r\n".to_vec(),
            &[404],
        ),
        (
            "a seat that is not there",
            format!("GET /t/{id}/seat/3?k={key} HTTP/1.1\r\n\r\n").into_bytes(),
            &[404],
        ),
        (
            "seat 0",
            format!("GET /t/{id}/seat/0?k={key} HTTP/1.1\r\n\r\n").into_bytes(),
            &[404],
        ),
        (
            "seat 01",
            format!("GET /t/{id}/seat/01?k={key} HTTP/1.1\r\n\r\n").into_bytes(),
            &[404],
        ),
        (
            "a seat past any number",
            format!("GET /t/{id}/seat/99999999999999999999999?k={key} HTTP/1.1\r\n\r\n")
                .into_bytes(),
            &[404],
        ),
        (
            "a table's page without its key",
            format!("GET /t/{id} HTTP/1.1\r\n\r\n").into_bytes(),
            &[403],
        ),
        ("PUT", b"PUT / HTTP/1.1\r\n\r\n".to_vec(), &[405]),
        (
            "DELETE a table",
            format!("DELETE {page} HTTP/1.1\r\n\r\n").into_bytes(),
            &[405],
        ),
        (
            "GET a move",
            format!("GET {mv} HTTP/1.1\r\n\r\n").into_bytes(),
            &[405],
        ),
        (
            "a broken query",
            b"GET /?k=%zz HTTP/1.1\r\n\r\n".to_vec(),
            &[400],
        ),
        ("a broken form", form("move=%zz&at=1", urlencoded), &[400]),
        (
            "a form not in UTF-8",
            form("move=%FF&at=1", urlencoded),
            &[400],
        ),
        (
            "a form as text",
            form("move=2 GR d4&at=1", "text/plain"),
            &[415],
        ),
        (
            "a move without at",
            form("move=2+GR+d4", urlencoded),
            &[400],
        ),
        (
            "at that is no number",
            form("move=2+GR+d4&at=x", urlencoded),
            &[400],
        ),
        ("at below 0", form("move=2+GR+d4&at=-1", urlencoded), &[400]),
        (
            "at past any number",
            form("move=2+GR+d4&at=99999999999999999999", urlencoded),
            &[400],
        ),
        (
            "a move for an old position",
            form("move=2+GR+d4&at=0", urlencoded),
            &[409],
        ),
        ("an empty move", form("move=&at=1", urlencoded), &[422]),
        ("a 200 KB move", form(&huge_move, urlencoded), &[422]),
        (
            "a move of odd characters",
            form("move=%E2%80%AE%00%0A1+AG&at=1", urlencoded),
            &[422],
        ),
        (
            "the wrong seat's move (MN-1)",
            form("move=1+VG+e4&at=1", urlencoded),
            &[422],
        ),
        (
            "an undo for an old position",
            post_to(&action(&page, "/undo"), &format!("at=0&form={tok}")),
            &[409],
        ),
        (
            "a move without its page's token",
            post_to(&mv, "move=2+GR+d4&at=1"),
            &[403],
        ),
        (
            "a move with another page's token",
            post_to(&mv, &format!("move=2+GR+d4&at=1&form={otok}")),
            &[403],
        ),
        (
            "a new table with no game",
            post_to("/new", &format!("x=yz&form={otok}")),
            &[400],
        ),
        (
            "a new table without the token",
            post_to("/new", "game=moon"),
            &[403],
        ),
        (
            "a new table of no game",
            post_to("/new", &format!("game=chs&form={otok}")),
            &[422],
        ),
        (
            "a record that is no record",
            post_to("/open", &format!("record=%5B%5B&form={otok}")),
            &[422],
        ),
    ];
    // What hyper's parser refuses itself it answers with a status and no text.
    let by_hyper = [
        "not HTTP",
        "a NUL in the path",
        "HTTP/2",
        "a 20 KB header",
        "60 headers",
        "a length past any number",
        "a length that is no number",
        "two lengths",
    ];
    for (what, bytes, want) in &cases {
        let r = raw(a, &hosted(bytes, a));
        assert!(want.contains(&r.status), "{what}: {} {}", r.status, r.body);
        assert!(
            !r.body.is_empty() || by_hyper.contains(what),
            "{what}: the answer says why"
        );
    }
    // A body shorter than its length, then the end: refused, not waited for.
    let short = format!("POST {mv} HTTP/1.1\r\nContent-Length: 100\r\n\r\nmove=1");
    assert_eq!(raw_then_close(a, &hosted(short.as_bytes(), a)).status, 400);
    // A head cut short by the client's end: no request came, so none is answered (hyper
    // closes), and the server goes on.
    assert!([0, 400].contains(&raw_then_close(a, b"GET / HTT").status));
    // A connection that sends nothing and goes.
    drop(std::net::TcpStream::connect(a.as_str()).unwrap());
    // Seeded garbage: every request answered, never with a 5xx.
    let mut rng = Rng(0x7461_766f_6c6f);
    for i in 0..300 {
        let g = garbage(&mut rng, &id, &key);
        let r = raw_then_close(a, &g);
        // A head never ended (no blank line) is no request: closed without an answer.
        let whole = g.windows(4).any(|w| w == b"\r\n\r\n");
        assert!(
            (200..500).contains(&r.status) || (!whole && r.status == 0),
            "garbage {i} ({:?}): {} {}",
            String::from_utf8_lossy(&g),
            r.status,
            r.body
        );
    }
    // HEAD: the head alone.
    let r = raw(
        a,
        format!("HEAD {page} HTTP/1.1\r\nHost: {a}\r\n\r\n").as_bytes(),
    );
    assert_eq!(r.status, 200);
    assert!(r.body.is_empty());
    // The session as it was: one move, the same record, and the server still answers.
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    assert_eq!(state(a, &page)["moves"], 1);
    assert_eq!(get(a, "/").status, 200);
    // Nothing but the records and the key in the folder (no stray temporary).
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            ".tavolo-serve-key".to_string(),
            ".tavolo-serve.lock".to_string(),
            format!("{id}.toml")
        ]
    );
}

// Issue 38: what four slow clients, another site's page and a second server did to the
// server, each reproduced on 127.0.0.1 (bounded: every socket has a timeout, every loop a
// count) and asserted fixed.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use super::serve::{post_bare, Reply};

/// A connection with `head` sent and the rest held back.
fn hold(addr: &str, head: &str) -> TcpStream {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    s.set_write_timeout(Some(Duration::from_secs(5))).unwrap();
    s.write_all(head.as_bytes()).expect("send");
    s
}

/// The status of what the server has answered on `s` (0: closed without one), reading
/// for at most `wait`.
fn status_on(s: &mut TcpStream, wait: Duration) -> u16 {
    s.set_read_timeout(Some(wait)).unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    while let Ok(n) = s.read(&mut buf) {
        if n == 0 {
            break;
        }
        got.extend_from_slice(&buf[..n]);
        if got.windows(4).any(|w| w == b"\r\n\r\n") {
            break;
        }
    }
    String::from_utf8_lossy(&got)
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

/// A slowloris's head, never ended.
fn slow_head(addr: &str) -> String {
    format!("GET / HTTP/1.1\r\nHost: {addr}\r\nX-Slow: ")
}

/// A POST whose body is announced and never sent: `length` bytes.
fn stalled(addr: &str, path: &str, length: usize) -> String {
    format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
         Content-Length: {length}\r\n\r\ngame=m"
    )
}

/// Before: four connections held all four workers, and a move waited for as long as they
/// liked (11 of 12 probes failed in a minute). Now 20 slowloris heads, 4 refused
/// `Content-Length: 999999999` POSTs (answered 413 at once, their bodies never read) and 4
/// bodies stalled within the limit are all held open while a move is played and answered.
#[test]
fn slow_clients_and_stalled_bodies_do_not_hold_a_move_back() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let (_, page) = deal(a, &[("game", "moon"), ("seed", "golden")]);
    let mut held: Vec<TcpStream> = (0..20).map(|_| hold(a, &slow_head(a))).collect();
    for _ in 0..4 {
        let mut s = hold(a, &stalled(a, "/new", 999_999_999));
        // Refused on its head, at once: no byte of the body was sent.
        assert_eq!(status_on(&mut s, Duration::from_secs(5)), 413);
        held.push(s);
    }
    for _ in 0..4 {
        held.push(hold(a, &stalled(a, "/new", 100_000)));
    }
    // A slowloris dripping a byte now and then.
    for s in held.iter_mut().take(20) {
        s.write_all(b"a").unwrap();
    }
    let r = post_within(a, &action(&page, "/move"), "AG d3", Duration::from_secs(5));
    assert_eq!(
        r, 303,
        "a legal move is answered while slow clients are held"
    );
    assert_eq!(state(a, &page)["moves"], 1);
    drop(held);
}

/// POST a move with its page's token, the answer awaited at most `wait`: its status, 0 if
/// none came.
fn post_within(addr: &str, path: &str, mv: &str, wait: Duration) -> u16 {
    let page = get(addr, &super::serve::page_of(path));
    let tok = token_of(&page.body).unwrap_or_default();
    let body = format!("move={}&at=0&form={tok}", super::serve::enc(mv));
    let mut s = hold(
        addr,
        &format!(
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
             Content-Length: {}\r\n\r\n{body}",
            body.len()
        ),
    );
    status_on(&mut s, wait)
}

/// Before: a byte every 0.25 s held a worker for hours (no deadline over the request).
/// Now the head has 10 s, the body 10 s after it: a dripping head is cut off, a stalled
/// body answered 408, both well within 30 s.
#[test]
fn a_dripping_head_is_cut_off_and_a_stalled_body_times_out() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = server.addr.clone();
    let body = std::thread::spawn({
        let a = a.clone();
        move || {
            let mut s = hold(&a, &stalled(&a, "/new", 1000));
            status_on(&mut s, Duration::from_secs(30))
        }
    });
    let start = Instant::now();
    let mut s = hold(&a, &slow_head(&a));
    let mut cut = false;
    // At most 120 bytes, one every 0.25 s: 30 s.
    for _ in 0..120 {
        std::thread::sleep(Duration::from_millis(250));
        if s.write_all(b"a").is_err() {
            cut = true;
            break;
        }
    }
    assert!(
        cut,
        "a head dripped for {:?} is still read",
        start.elapsed()
    );
    assert_eq!(body.join().unwrap(), 408);
}

/// Past 32 connections from one address (512 in all) a connection is answered 503 at
/// once; when they go, the server answers again.
#[test]
fn one_client_s_connections_are_limited() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let mut idle: Vec<TcpStream> = (0..40).map(|_| hold(a, "")).collect();
    // Each of the 32 first is a connection waiting for its head: nothing comes back.
    let busy = idle
        .iter_mut()
        .map(|s| status_on(s, Duration::from_millis(300)))
        .filter(|&status| status == 503)
        .count();
    assert_eq!(busy, 8);
    drop(idle);
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(get(a, "/").status, 200);
}

/// Before: `GET /` with `Host: attacker.example:PORT` gave every director's URL and key
/// (DNS rebinding). Now the operator's and the director's pages answer only to this
/// server's names; a table's page, behind its own key, is unchanged.
#[test]
fn a_foreign_host_gets_no_operator_or_director_page() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let port = a.rsplit(':').next().unwrap();
    let (_, director) = deal(a, &[("game", "moon"), ("seed", "golden")]);
    let as_host = |path: &str, host: &str| {
        raw(
            a,
            format!("GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n").as_bytes(),
        )
    };
    for host in [
        format!("attacker.example:{port}"),
        format!("127.0.0.1.nip.example:{port}"),
    ] {
        for path in ["/", director.as_str()] {
            let r = as_host(path, &host);
            assert_eq!(r.status, 403, "{path} as {host}");
            assert!(!r.body.contains("?k="), "{path} as {host} shows a key");
        }
    }
    // No Host at all (HTTP/1.0): refused too.
    assert_eq!(raw(a, b"GET / HTTP/1.0\r\n\r\n").status, 403);
    for host in [format!("127.0.0.1:{port}"), format!("localhost:{port}")] {
        assert_eq!(as_host("/", &host).status, 200, "{host}");
        assert_eq!(as_host(&director, &host).status, 200, "{host}");
    }
}

/// Before: `POST /new` with a foreign `Origin` was accepted (2,000 tables in 12 s). Now
/// 2,000 such POSTs, token and all, are refused and make no table; a cross-site fetch and a
/// form without its page's token are refused too, and a refused POST's body is not read.
#[test]
fn two_thousand_tables_from_another_site_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let tok = token_of(&get(a, "/").body).expect("the operator's token");
    let body = format!("game=moon&form={tok}");
    let from = |headers: &str| -> Reply {
        raw(
            a,
            format!(
                "POST /new HTTP/1.1\r\nHost: {a}\r\n{headers}Content-Type: application/x-www-form-urlencoded\r\n\
                 Content-Length: {}\r\n\r\n{body}",
                body.len()
            )
            .as_bytes(),
        )
    };
    for i in 0..2000 {
        let r = from("Origin: http://attacker.example\r\n");
        assert_eq!(r.status, 403, "POST {i} from another site");
    }
    assert_eq!(from("Origin: null\r\n").status, 403);
    assert_eq!(from("Sec-Fetch-Site: cross-site\r\n").status, 403);
    assert_eq!(post_bare(a, "/new", &[("game", "moon")]).status, 403);
    let tables = std::fs::read_dir(dir.path())
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "toml")
        })
        .count();
    assert_eq!(tables, 0, "no table was made");
    // Refused on its head: the answer comes with none of its 200,000 bytes sent.
    let mut s = hold(
        a,
        &format!(
            "POST /new HTTP/1.1\r\nHost: {a}\r\nOrigin: http://attacker.example\r\n\
             Content-Length: 200000\r\n\r\n"
        ),
    );
    assert_eq!(status_on(&mut s, Duration::from_secs(5)), 403);
    // This server's own origin, with the token: a table.
    let port = a.rsplit(':').next().unwrap();
    assert_eq!(
        from(&format!("Origin: http://localhost:{port}\r\n")).status,
        303
    );
}

/// Before: two servers on one folder each wrote their own sessions, and server B cut A's
/// record back to one move. Now the second refuses to start, naming the first.
#[test]
fn a_second_server_on_a_folder_refuses_to_start_naming_the_first() {
    let dir = tempfile::tempdir().unwrap();
    let first = Server::start(dir.path(), &[]);
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(["serve", "--port", "0", "--dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("serve.folder-in-use"), "{err}");
    assert!(err.contains(&format!("pid {}", first.pid())), "{err}");
    assert!(err.contains(&format!("http://{}/", first.addr)), "{err}");
}

/// Before: a `.ID.toml.tmp-PID` left by a killed server made that table's next move fail
/// with 500 when the new server had the same process id. Now the temporaries are removed
/// at start, and one in this process's own name never stops a move.
#[test]
fn a_left_over_temporary_never_fails_a_move() {
    let dir = tempfile::tempdir().unwrap();
    let (id, page) = {
        let s = Server::start(dir.path(), &[]);
        deal(&s.addr, &[("game", "moon"), ("seed", "golden")])
    };
    let old = dir.path().join(format!(".{id}.toml.tmp-99999999"));
    std::fs::write(&old, "half a record").unwrap();
    let server = Server::start(dir.path(), &[]);
    assert!(
        !old.exists(),
        "a killed server's temporary is removed at start"
    );
    // One named as this server's own would be (the same process id as the killed one's).
    let mine = dir.path().join(format!(".{id}.toml.tmp-{}", server.pid()));
    std::fs::write(&mine, "half a record").unwrap();
    let mv = action(&page, "/move");
    let r = post(&server.addr, &mv, &[("move", "AG d3"), ("at", "0")]);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(state(&server.addr, &page)["moves"], 1);
    assert!(!mine.exists());
}

/// SIGTERM (or Ctrl-C) stops the server cleanly: exit 0, the folder's lock let go.
#[test]
fn a_stopped_server_exits_cleanly_and_frees_its_folder() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start(dir.path(), &[]);
    deal(&server.addr, &[("game", "moon"), ("seed", "golden")]);
    let ended = server.terminate().expect("the server stops");
    assert!(ended.success(), "{ended:?}");
    let again = Server::start(dir.path(), &[]);
    assert_eq!(get(&again.addr, "/").status, 200);
}
