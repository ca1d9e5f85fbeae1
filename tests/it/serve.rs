//! `tavolo serve`, driven over raw HTTP on 127.0.0.1 (std's TcpStream, port 0): a whole
//! game posted move by move writes the record `tavolo table` writes for the same moves; a
//! restarted server goes on from its folder; two moves sent for one turn at once are one
//! move recorded and one refused as out of turn; each view's page shows what it may; the
//! hostile requests get a 4xx and leave the session as it was.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Barrier};
use std::time::Duration;

use tavolo::games::session::{self, View};
use tavolo::record::{Record, Source};

fn tavolo() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tavolo"))
}

/// A server on a free port of 127.0.0.1, stopped when dropped.
pub struct Server {
    child: Child,
    pub addr: String,
    /// What it printed at start (first lines).
    pub said: String,
}

impl Server {
    pub fn start(dir: &Path, extra: &[&str]) -> Server {
        let mut child = tavolo()
            .args(["serve", "--port", "0", "--dir"])
            .arg(dir)
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("tavolo serve starts");
        let mut out = BufReader::new(child.stdout.take().expect("stdout"));
        let mut said = String::new();
        let mut addr = None;
        // The address is on the first line; the start's lines (a QR code with --lan) end
        // with the Ctrl-C one.
        for _ in 0..80 {
            let mut line = String::new();
            if out.read_line(&mut line).unwrap_or(0) == 0 {
                break;
            }
            said.push_str(&line);
            if addr.is_none() {
                addr = line
                    .split("http://")
                    .nth(1)
                    .and_then(|r| r.split('/').next())
                    .map(str::to_string);
            }
            if line.starts_with("stop with") {
                break;
            }
        }
        let Some(addr) = addr else {
            let _ = child.kill();
            let mut err = String::new();
            if let Some(mut e) = child.stderr.take() {
                let _ = e.read_to_string(&mut err);
            }
            panic!("no address printed: {said}{err}");
        };
        Server { child, addr, said }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Stop the server as Ctrl-C or a service manager does (SIGTERM), and how it ended:
    /// `None` if it is still running after 15 s (then it is killed).
    pub fn terminate(&mut self) -> Option<std::process::ExitStatus> {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        for _ in 0..150 {
            if let Ok(Some(s)) = self.child.try_wait() {
                return Some(s);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        None
    }

    /// The server's resident memory in KiB (Linux), for the load test.
    pub fn rss_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An answer: status, head (lower-cased names), body.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case(name).then(|| v.trim().to_string())
        })
    }
}

/// Send `raw` as it is and read the whole answer (the server closes after each).
pub fn raw(addr: &str, raw: &[u8]) -> Reply {
    send(addr, raw, false)
}

/// Send `raw`, then close the sending side (the server sees the end), and read the answer.
pub fn raw_then_close(addr: &str, raw: &[u8]) -> Reply {
    send(addr, raw, true)
}

fn send(addr: &str, raw: &[u8], close: bool) -> Reply {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    s.set_write_timeout(Some(Duration::from_secs(30))).unwrap();
    let _ = s.write_all(raw);
    if close {
        let _ = s.shutdown(std::net::Shutdown::Write);
    }
    let mut bytes = Vec::new();
    let _ = s.read_to_end(&mut bytes);
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Reply {
        status,
        head: head.to_string(),
        body: body.to_string(),
    }
}

pub fn get(addr: &str, path: &str) -> Reply {
    raw(
        addr,
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
}

/// Percent-encoding for a form value.
pub fn enc(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// The page whose form posts to `path` (`/new` the operator's, `/t/x/move?k=1` `/t/x?k=1`).
pub fn page_of(path: &str) -> String {
    let (p, q) = path
        .split_once('?')
        .map_or((path, None), |(p, q)| (p, Some(q)));
    let page = match p.rsplit_once('/') {
        Some((rest, _)) if !rest.is_empty() => rest,
        _ => "/",
    };
    match q {
        Some(q) => format!("{page}?{q}"),
        None => page.to_string(),
    }
}

/// The token of a page's forms (in its head: `<meta name="tavolo-form" content=...>`).
pub fn token_of(page: &str) -> Option<String> {
    let mark = "<meta name=\"tavolo-form\" content=\"";
    let at = page.find(mark)? + mark.len();
    Some(page[at..].split('"').next()?.to_string())
}

/// POST `form` as a page's form does: with that page's token (read from the page first).
pub fn post(addr: &str, path: &str, form: &[(&str, &str)]) -> Reply {
    let page = get(addr, &page_of(path));
    let token = token_of(&page.body).unwrap_or_default();
    let mut form = form.to_vec();
    if !form.iter().any(|(k, _)| *k == "form") {
        form.push(("form", &token));
    }
    post_bare(addr, path, &form)
}

/// POST `form` as it is (no token added).
pub fn post_bare(addr: &str, path: &str, form: &[(&str, &str)]) -> Reply {
    let body: Vec<String> = form
        .iter()
        .map(|(k, v)| format!("{k}={}", enc(v)))
        .collect();
    let body = body.join("&");
    raw(
        addr,
        format!(
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    )
}

/// A table dealt through the operator's form: its id and its director page's path.
pub fn deal(addr: &str, form: &[(&str, &str)]) -> (String, String) {
    deal_at(addr, "/new", form)
}

pub fn deal_at(addr: &str, new: &str, form: &[(&str, &str)]) -> (String, String) {
    let r = post(addr, new, form);
    assert_eq!(r.status, 303, "{}", r.body);
    let to = r.header("location").expect("a Location");
    let id = to
        .strip_prefix("/t/")
        .and_then(|r| r.split('/').next())
        .expect("/t/ID/...")
        .to_string();
    (id, to)
}

/// The key of a page's path (`...?k=KEY`).
pub fn key_of(path: &str) -> String {
    path.split("?k=").nth(1).expect("a key").to_string()
}

/// The director page's link for `label` (`seat 2`, `the table`), as a path.
pub fn link(director_page: &str, label: &str) -> String {
    let at = director_page
        .find(&format!("<li>{label}"))
        .unwrap_or_else(|| panic!("no link for {label}"));
    let href = &director_page[at..];
    let href = href
        .split("href=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    let href = href.replace("&amp;", "&");
    let path = href.split_once("//").map_or(href.as_str(), |(_, r)| r);
    format!("/{}", path.split_once('/').unwrap().1)
}

/// A page's path with an action before its query: `/t/x?k=1` + `/move`.
pub fn action(page: &str, what: &str) -> String {
    let (path, q) = page.split_once('?').unwrap();
    format!("{path}{what}?{q}")
}

pub fn state(addr: &str, page: &str) -> serde_json::Value {
    let r = get(addr, &action(page, "/state.json"));
    assert_eq!(r.status, 200, "{}", r.body);
    serde_json::from_str(&r.body).expect("JSON")
}

/// The moves of a record in the session's notation.
pub fn notations(record: &str) -> Vec<String> {
    let src = Source::new("play.toml", record);
    let rec = Record::parse(&src, &tavolo::games::Registry).expect("a readable record");
    let tables = session::find(rec.game).expect("a session for every game");
    let (live, refused) = tables.open(&rec, &src).expect("opens");
    assert!(refused.is_none(), "{refused:?}");
    live.history(session::View::Director)
        .into_iter()
        .map(|p| p.notation)
        .collect()
}

pub fn played(args: &[&str]) -> String {
    let o = tavolo().arg("play").args(args).output().unwrap();
    assert_eq!(o.status.code(), Some(0));
    String::from_utf8(o.stdout).unwrap()
}

/// The record `tavolo table` writes for these moves.
pub fn table_record(args: &[&str], moves: &[String]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut child = tavolo()
        .arg("table")
        .args(args)
        .args(["-o", "t.toml"])
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let input: String = moves.iter().map(|m| format!("{m}\n")).collect();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    assert!(child.wait().unwrap().success());
    std::fs::read_to_string(dir.path().join("t.toml")).unwrap()
}

pub fn check_clean(record: &str) {
    let r = tavolo::games::check::check_text(Path::new("r.toml"), record.to_string());
    assert_eq!(r.exit_code(), 0, "the record checks clean");
}

/// A whole MOON game posted move by move (an illegal one refused in the middle, MN-2)
/// writes the record `tavolo table` writes for the same moves, byte for byte; it checks
/// clean; a server started again on the folder goes on from it.
#[test]
fn a_whole_moon_game_through_posts_writes_the_table_s_record() {
    let dir = tempfile::tempdir().unwrap();
    let deal_args = ["moon", "--seed", "web", "-p", "2"];
    let moves = notations(&played(&deal_args));
    assert!(moves.len() > 10);
    let table = table_record(&deal_args, &moves);
    let server = Server::start(dir.path(), &[]);
    assert!(server.said.contains("0 tables resumed"), "{}", server.said);
    let a = &server.addr;
    let (id, page) = deal(a, &[("game", "moon"), ("seed", "web"), ("players", "2")]);
    assert_eq!(id, "moon-web-1");
    let file = dir.path().join("moon-web-1.toml");
    let half = moves.len() / 2;
    for (i, m) in moves[..half].iter().enumerate() {
        let r = post(
            a,
            &action(&page, "/move"),
            &[("move", m), ("at", &i.to_string())],
        );
        assert_eq!(r.status, 303, "move {}: {m}: {}", i + 1, r.body);
        // Written after every move: the file holds it already.
        assert_eq!(
            notations(&std::fs::read_to_string(&file).unwrap()).len(),
            i + 1
        );
    }
    // MN-2: a tile on a square already taken is refused, in words, and not recorded.
    let before = std::fs::read_to_string(&file).unwrap();
    let taken = moves[0].split_whitespace().last().unwrap();
    let seat = state(a, &page)["seat"].as_u64().unwrap();
    let tile = moves[half].split_whitespace().nth(1).unwrap();
    let r = post(
        a,
        &action(&page, "/move"),
        &[
            ("move", &format!("{seat} {tile} {taken}")),
            ("at", &half.to_string()),
        ],
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("MN-2"), "the rule is named: {}", r.body);
    assert!(r.body.contains("id=\"why\""), "and explained");
    assert!(r.body.contains("already holds"), "{}", r.body);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    // Stopped and started again: the table goes on from its record.
    drop(server);
    let server = Server::start(dir.path(), &[]);
    assert!(server.said.contains("1 table resumed"), "{}", server.said);
    let a = &server.addr;
    assert_eq!(state(a, &page)["moves"], half);
    for (i, m) in moves.iter().enumerate().skip(half) {
        let r = post(
            a,
            &action(&page, "/move"),
            &[("move", m), ("at", &i.to_string())],
        );
        assert_eq!(r.status, 303, "move {}: {m}: {}", i + 1, r.body);
    }
    let s = state(a, &page);
    assert_eq!(s["over"], true);
    let r = get(a, &action(&page, "/record"));
    assert_eq!(r.status, 200);
    assert_eq!(
        r.body, table,
        "the record `tavolo table` writes for the same moves"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), table);
    check_clean(&table);
}

/// Undo from the table's page takes the last move back in the file too; a page that shows
/// an older position cannot undo (out of turn).
#[test]
fn undo_takes_back_the_last_move_and_writes_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let (id, director) = deal(a, &[("game", "moon"), ("seed", "golden")]);
    let page = link(&get(a, &director).body, "the table");
    assert_eq!(page, format!("/t/{id}?k={}", key_of(&page)));
    assert_eq!(
        post(
            a,
            &action(&page, "/move"),
            &[("move", "AG d3"), ("at", "0")]
        )
        .status,
        303
    );
    assert_eq!(
        post(
            a,
            &action(&page, "/move"),
            &[("move", "GR d4"), ("at", "1")]
        )
        .status,
        303
    );
    let file = dir.path().join(format!("{id}.toml"));
    assert_eq!(notations(&std::fs::read_to_string(&file).unwrap()).len(), 2);
    assert_eq!(post(a, &action(&page, "/undo"), &[("at", "1")]).status, 409);
    assert_eq!(post(a, &action(&page, "/undo"), &[("at", "2")]).status, 303);
    assert_eq!(
        notations(&std::fs::read_to_string(&file).unwrap()),
        ["1 AG d3"]
    );
    let page_text = get(a, &page).body;
    assert!(page_text.contains("P2 to move"), "{page_text}");
}

/// Two tablets send a move for the same turn at the same moment: one is recorded, the
/// other refused as out of turn (409), never both; the record holds one move a turn.
#[test]
fn two_moves_for_one_turn_at_once_are_one_move_and_one_refusal() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = server.addr.clone();
    let (id, page) = deal(&a, &[("game", "moon"), ("seed", "golden")]);
    // Both in the short form without a seat: each would be legal for whoever is to move.
    let pairs = [("AG d3", "BB d3"), ("GR d4", "GA c4"), ("VG e4", "RV b3")];
    for (turn, (one, two)) in pairs.iter().enumerate() {
        let barrier = Arc::new(Barrier::new(2));
        let mut handles = Vec::new();
        for m in [one.to_string(), two.to_string()] {
            let (a, page, barrier) = (a.clone(), page.clone(), Arc::clone(&barrier));
            handles.push(std::thread::spawn(move || {
                barrier.wait();
                post(
                    &a,
                    &action(&page, "/move"),
                    &[("move", &m), ("at", &turn.to_string())],
                )
            }));
        }
        let mut codes: Vec<u16> = handles
            .into_iter()
            .map(|h| h.join().unwrap().status)
            .collect();
        codes.sort();
        // `BB d3` is illegal anyway (BB is on the board): it may be the 422 instead.
        assert!(
            codes == [303, 409] || codes == [303, 422],
            "turn {}: {codes:?}",
            turn + 1
        );
        assert_eq!(state(&a, &page)["moves"], turn + 1);
    }
    let text = std::fs::read_to_string(dir.path().join(format!("{id}.toml"))).unwrap();
    assert_eq!(notations(&text).len(), 3);
    check_clean(&text);
}

/// FA-1 (a hand is its player's alone): each seat's link shows that seat's hand and no
/// other's; a seat's key opens no other page (another seat's, the director's), and the
/// record and the picture, which show every hand, are the director's only.
#[test]
fn a_seat_link_reads_its_own_holding_and_no_other() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let names = "Anna, Bruno, Carla, Dario";
    let (id, director) = deal(
        a,
        &[("game", "farfalia"), ("seed", "web"), ("names", names)],
    );
    let page = get(a, &director).body;
    let seat1 = link(&page, "seat 1, Anna");
    let seat2 = link(&page, "seat 2, Bruno");
    let table = link(&page, "the table");
    // What each view may see, from the session dealt the same way.
    let players: Vec<String> = names.split(", ").map(String::from).collect();
    let deal = tavolo::deal::Provenance::new("farfalia", "standard", "web", 1);
    let live = session::find("farfalia")
        .unwrap()
        .deal("standard", &players, &deal)
        .unwrap();
    let mine = live.position(View::Seat(0));
    let theirs = live.position(View::Seat(1));
    assert_ne!(mine, theirs);
    assert_eq!(state(a, &seat1)["position"], mine.as_str());
    assert_eq!(state(a, &seat2)["position"], theirs.as_str());
    assert_eq!(
        state(a, &table)["position"],
        live.position(View::Table).as_str()
    );
    // Seat 1's key on seat 2's page, on the director's, on the table's: refused.
    let k1 = key_of(&seat1);
    for path in [
        format!("/t/{id}/seat/2?k={k1}"),
        format!("/t/{id}/seat/2/state.json?k={k1}"),
        format!("/t/{id}/director?k={k1}"),
        format!("/t/{id}?k={k1}"),
        format!("/t/{id}/seat/2"),
        format!("/t/{id}/seat/2?k="),
    ] {
        let r = get(a, &path);
        assert_eq!(r.status, 403, "{path}");
        assert!(!r.body.contains(theirs.lines().last().unwrap_or("-")));
    }
    // The page of seat 1 holds its hand, not seat 2's private line.
    let body = get(a, &seat1).body;
    let private: Vec<&str> = theirs.lines().filter(|l| !mine.contains(*l)).collect();
    assert!(!private.is_empty());
    for l in &private {
        let l = l.trim();
        if !l.is_empty() {
            assert!(!body.contains(l), "seat 1's page shows `{l}`");
        }
    }
    assert_eq!(get(a, &action(&seat1, "/record")).status, 403);
    assert_eq!(get(a, &action(&seat1, "/picture.svg")).status, 403);
    assert_eq!(get(a, &action(&table, "/record")).status, 403);
    assert_eq!(get(a, &action(&director, "/record")).status, 200);
    // A seat not to move: its move is refused (another seat's), and nothing is recorded.
    let to_move = state(a, &director)["seat"].as_u64().unwrap() as usize;
    let other = to_move % 4 + 1;
    let other_page = link(&page, &format!("seat {other}, {}", players[other - 1]));
    let r = post(
        a,
        &action(&other_page, "/move"),
        &[("move", "anything"), ("at", "0")],
    );
    // Issue 37: not its move to play, so not its page's (403), whatever is typed.
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(r.body.contains("turn"), "{}", r.body);
    assert_eq!(state(a, &director)["moves"], 0);
    // The seat to move may play from its page (its first legal move, from the hint).
    let mover = link(&page, &format!("seat {to_move}, {}", players[to_move - 1]));
    let first = live.hint(session::View::Director).unwrap().legal[0].clone();
    let r = post(
        a,
        &action(&mover, "/move"),
        &[("move", &first), ("at", "0")],
    );
    assert_eq!(r.status, 303, "{first}: {}", r.body);
    assert_eq!(state(a, &director)["moves"], 1);
}

/// With --lan every URL needs its key, the operator's pages the token printed at start
/// (bound here to 127.0.0.1 all the same: the tests use the loopback only).
#[test]
fn on_the_lan_the_operator_s_pages_need_the_printed_token() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &["--lan", "--bind", "127.0.0.1"]);
    let a = &server.addr;
    let token = server
        .said
        .lines()
        .find_map(|l| l.strip_prefix("operator's token: "))
        .expect("the token is printed")
        .to_string();
    assert_eq!(token.len(), 32);
    assert_eq!(get(a, "/").status, 403);
    assert_eq!(get(a, "/?k=0123").status, 403);
    assert_eq!(post(a, "/new", &[("game", "moon")]).status, 403);
    assert_eq!(get(a, &format!("/?k={token}")).status, 200);
    let new = format!("/new?k={token}");
    let (id, director) = deal_at(a, &new, &[("game", "moon"), ("seed", "golden")]);
    assert_eq!(get(a, &director).status, 200);
    assert_eq!(get(a, &format!("/t/{id}/director")).status, 403);
    assert_eq!(get(a, &format!("/t/{id}")).status, 403);
    assert_eq!(
        get(a, &format!("/t/{id}?k={token}")).status,
        403,
        "the token is no page's key"
    );
}

/// Farfalia, four seats on four pages: each move is posted from the page of the seat to
/// move (FA-1: a hand is its player's), and the record is `tavolo table`'s for the same
/// moves, byte for byte, and checks clean.
#[test]
fn a_whole_farfalia_game_from_four_seat_pages_writes_the_table_s_record() {
    let dir = tempfile::tempdir().unwrap();
    let deal_args = ["farfalia", "--seed", "web", "-p", "4"];
    let moves = notations(&played(&deal_args));
    assert!(moves.len() > 40, "{}", moves.len());
    let table = table_record(&deal_args, &moves);
    let server = Server::start(dir.path(), &[]);
    let a = &server.addr;
    let (_, director) = deal(
        a,
        &[("game", "farfalia"), ("seed", "web"), ("players", "4")],
    );
    let page = get(a, &director).body;
    let seats: Vec<String> = (1..=4)
        .map(|n| link(&page, &format!("seat {n}, P{n}")))
        .collect();
    let mut from_each = [0usize; 4];
    for (i, m) in moves.iter().enumerate() {
        let seat = state(a, &director)["seat"]
            .as_u64()
            .expect("a seat to move") as usize;
        let r = post(
            a,
            &action(&seats[seat - 1], "/move"),
            &[("move", m), ("at", &i.to_string())],
        );
        assert_eq!(
            r.status,
            303,
            "move {} from seat {seat}: {m}: {}",
            i + 1,
            r.body
        );
        from_each[seat - 1] += 1;
    }
    assert!(from_each.iter().all(|&n| n > 0), "{from_each:?}");
    assert_eq!(state(a, &director)["over"], true);
    let r = get(a, &action(&director, "/record"));
    assert_eq!(
        r.body, table,
        "the record `tavolo table` writes for the same moves"
    );
    check_clean(&table);
}

/// At start, a record that cannot be gone on with (illegal: MN-2; not a table's name) is left
/// as it is and said; a record pasted in the operator's form opens a table that goes on from
/// its moves, and an illegal one is refused with its verdict.
#[test]
fn records_are_resumed_only_when_legal_and_left_untouched_otherwise() {
    let dir = tempfile::tempdir().unwrap();
    let legal = played(&["moon", "--seed", "web", "-p", "2"]);
    // Move 2 put on move 1's square: MN-2.
    let moves = notations(&legal);
    let square = moves[0].split_whitespace().last().unwrap();
    let second = moves[1].split_whitespace().last().unwrap();
    let illegal = legal.replacen(
        &format!("square = \"{second}\""),
        &format!("square = \"{square}\""),
        1,
    );
    assert_ne!(illegal, legal);
    std::fs::write(dir.path().join("bad.toml"), &illegal).unwrap();
    std::fs::write(dir.path().join("not a name.toml"), &legal).unwrap();
    std::fs::write(dir.path().join("good.toml"), &legal).unwrap();
    let (tables, notes) = tavolo::serve::tables::Tables::load(dir.path()).unwrap();
    assert_eq!(tables.ids(), ["good"]);
    assert!(
        notes
            .iter()
            .any(|n| n.contains("bad.toml") && n.contains("MN-2")),
        "{notes:?}"
    );
    assert!(
        notes.iter().any(|n| n.contains("not a name.toml")),
        "{notes:?}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("bad.toml")).unwrap(),
        illegal
    );
    drop(tables);
    let server = Server::start(dir.path(), &[]);
    assert!(server.said.contains("1 table resumed"), "{}", server.said);
    let a = &server.addr;
    // Pasted: the first half of the legal game goes on.
    let half = legal
        .match_indices("[[move]]")
        .nth(moves.len() / 2)
        .unwrap()
        .0;
    let r = post(a, "/open", &[("record", &legal[..half])]);
    assert_eq!(r.status, 303, "{}", r.body);
    let to = r.header("location").unwrap();
    assert!(to.starts_with("/t/moon-from-1/director?k="), "{to}");
    assert_eq!(state(a, &to)["moves"], moves.len() / 2);
    let r = post(a, "/open", &[("record", &illegal)]);
    assert_eq!(r.status, 422);
    assert!(r.body.contains("MN-2"), "{}", r.body);
}
