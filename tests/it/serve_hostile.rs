//! `tavolo serve` and hostile requests: malformed, oversized, outside the sessions folder
//! (`../`), for an unknown table or a seat that is not there, with a broken form, and a
//! batch of seeded random bytes. Each gets a clear 4xx (never a 5xx, never a dropped
//! connection: a panic would be one), and the table's session and record are as before.

use super::serve::{action, deal, get, key_of, post, raw, raw_then_close, state, Server};

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
    let form = |body: &str, ct: &str| {
        format!(
            "POST {mv} HTTP/1.1\r\nContent-Type: {ct}\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .into_bytes()
    };
    let urlencoded = "application/x-www-form-urlencoded";
    let long_header = format!("GET / HTTP/1.1\r\nX-Long: {}\r\n\r\n", "a".repeat(20_000));
    let many_headers = format!("GET / HTTP/1.1\r\n{}\r\n", "X-A: b\r\n".repeat(60));
    let huge_move = format!("move={}&at=1", "A".repeat(200_000));
    let cases: Vec<(&str, Vec<u8>, &[u16])> = vec![
        ("not HTTP", b"GARBAGE\r\n\r\n".to_vec(), &[400]),
        ("no path", b"GET x HTTP/1.1\r\n\r\n".to_vec(), &[400]),
        ("a NUL in the path", b"GET /\0 HTTP/1.1\r\n\r\n".to_vec(), &[400]),
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
            &[413],
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
        ("../ in a path", b"GET /t/../../etc/passwd HTTP/1.1\r\n\r\n".to_vec(), &[404]),
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
        ("an unknown table", b"GET /t/moon-nobody-1 HTTP/1.1\r\n\r\n".to_vec(), &[404]),
        ("an unknown page", b"GET /etc/passwd HTTP/1.1\r\n\r\n".to_vec(), &[404]),
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
        ("DELETE a table", format!("DELETE {page} HTTP/1.1\r\n\r\n").into_bytes(), &[405]),
        ("GET a move", format!("GET {mv} HTTP/1.1\r\n\r\n").into_bytes(), &[405]),
        ("a broken query", b"GET /?k=%zz HTTP/1.1\r\n\r\n".to_vec(), &[400]),
        ("a broken form", form("move=%zz&at=1", urlencoded), &[400]),
        ("a form not in UTF-8", form("move=%FF&at=1", urlencoded), &[400]),
        ("a form as text", form("move=2 GR d4&at=1", "text/plain"), &[415]),
        ("a move without at", form("move=2+GR+d4", urlencoded), &[400]),
        ("at that is no number", form("move=2+GR+d4&at=x", urlencoded), &[400]),
        ("at below 0", form("move=2+GR+d4&at=-1", urlencoded), &[400]),
        ("at past any number", form("move=2+GR+d4&at=99999999999999999999", urlencoded), &[400]),
        ("a move for an old position", form("move=2+GR+d4&at=0", urlencoded), &[409]),
        ("an empty move", form("move=&at=1", urlencoded), &[422]),
        ("a 200 KB move", form(&huge_move, urlencoded), &[422]),
        ("a move of odd characters", form("move=%E2%80%AE%00%0A1+AG&at=1", urlencoded), &[422]),
        ("the wrong seat's move (MN-1)", form("move=1+VG+e4&at=1", urlencoded), &[422]),
        (
            "an undo for an old position",
            format!(
                "POST {} HTTP/1.1\r\nContent-Type: {urlencoded}\r\nContent-Length: 4\r\n\r\nat=0",
                action(&page, "/undo")
            )
            .into_bytes(),
            &[409],
        ),
        (
            "a new table with no game",
            format!("POST /new HTTP/1.1\r\nContent-Type: {urlencoded}\r\nContent-Length: 4\r\n\r\nx=yz")
                .into_bytes(),
            &[400],
        ),
        (
            "a new table of no game",
            format!("POST /new HTTP/1.1\r\nContent-Type: {urlencoded}\r\nContent-Length: 8\r\n\r\ngame=chs")
                .into_bytes(),
            &[422],
        ),
        (
            "a record that is no record",
            format!(
                "POST /open HTTP/1.1\r\nContent-Type: {urlencoded}\r\nContent-Length: 13\r\n\r\nrecord=%5B%5B"
            )
            .into_bytes(),
            &[422],
        ),
    ];
    for (what, bytes, want) in &cases {
        let r = raw(a, bytes);
        assert!(want.contains(&r.status), "{what}: {} {}", r.status, r.body);
        assert!(
            !r.body.is_empty() || r.status == 0,
            "{what}: the answer says why"
        );
    }
    // A body shorter than its length, then the end: refused, not waited for.
    let short = format!("POST {mv} HTTP/1.1\r\nContent-Length: 100\r\n\r\nmove=1");
    assert_eq!(raw_then_close(a, short.as_bytes()).status, 400);
    // A head cut short.
    assert_eq!(raw_then_close(a, b"GET / HTT").status, 400);
    // A connection that sends nothing and goes.
    drop(std::net::TcpStream::connect(a.as_str()).unwrap());
    // Seeded garbage: every request answered, never with a 5xx.
    let mut rng = Rng(0x7461_766f_6c6f);
    for i in 0..300 {
        let g = garbage(&mut rng, &id, &key);
        let r = raw_then_close(a, &g);
        assert!(
            (200..500).contains(&r.status),
            "garbage {i} ({:?}): {} {}",
            String::from_utf8_lossy(&g),
            r.status,
            r.body
        );
    }
    // HEAD: the head alone.
    let r = raw(a, format!("HEAD {page} HTTP/1.1\r\n\r\n").as_bytes());
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
        [".tavolo-serve-key".to_string(), format!("{id}.toml")]
    );
}
