//! `tavolo serve` (issues 24, 38): one request's raw bytes, sent over a loopback connection
//! to the server's own connection handling (`serve::net::answer_one`: hyper's parser, the
//! head judged by `serve::routes::admit`, the body read, `serve::routes::route`), on a
//! thread of its own, against a server state holding three tables (Moon, Farfalia,
//! Quincunx) whose records are in a sessions folder in a temporary folder; the answer is
//! read back whole on the client's side.
//!
//! Asserts: no panic; a refused request gets a 4xx (505 for another HTTP version), a
//! routed one a 2xx, 303, 304 or 4xx, in the request's HTTP/1.x; nothing is written outside the sessions folder and
//! nothing but `ID.toml` records, `.ID.at-table` seats (and the server's key) inside it; after an accepted POST
//! every record of the folder checks clean (`check`'s exit 0) and is what its table holds.
//! After a POST the folder and the tables are put back as they were, so every input meets
//! the same server and a finding replays.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use tavolo::games::check::check_text;
use tavolo::games::setup::Spec;
use tavolo::serve::guard::{self, Hosts};
use tavolo::serve::http::encode;
use tavolo::serve::keys::Keys;
use tavolo::serve::net;
use tavolo::serve::tables::{self, valid_id, Tables};
use tavolo::serve::State;

/// The port the state answers to (the seeds' `Host`), whatever port the listener has.
const PORT: u16 = 8080;

use super::Target;
use crate::mutate::Shape;

/// The server's secret in the sessions folder, fixed so that the seeds' keys open pages
/// in every run.
const SECRET: &str = "6b9d2a0f3c4e5d6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7";
const KEY_FILE: &str = ".tavolo-serve-key";

const WORDS: &[&str] = &[
    "GET ",
    "POST ",
    "HEAD ",
    "PUT ",
    " HTTP/1.1\r\n",
    " HTTP/1.0\r\n",
    " HTTP/2.0\r\n",
    "\r\n",
    "\r\n\r\n",
    "Host: ",
    "127.0.0.1:8080",
    "localhost:8080",
    "Origin: ",
    "http://127.0.0.1:8080",
    "Sec-Fetch-Site: cross-site\r\n",
    "form=",
    "Content-Length: ",
    "Content-Type: ",
    "application/x-www-form-urlencoded",
    "Transfer-Encoding: chunked",
    "/t/",
    "/seat/",
    "/director",
    "/move",
    "/undo",
    "/record",
    "/picture.svg",
    "/state.json",
    "/new",
    "/open",
    "?k=",
    "&hint=1",
    "at=",
    "move=",
    "record=",
    "game=",
    "seed=",
    "players=",
    "names=",
    "variant=",
    "..",
    "../",
    "%2e%2e",
    "%2F",
    "%00",
    "%",
    "+",
    "&",
    "=",
    "16385",
    "262144",
    "262145",
    "99999999999999999999999",
    "-1",
];

struct Server {
    root: PathBuf,
    dir: PathBuf,
    /// The sessions folder as it starts: (file name, bytes).
    pristine: Vec<(String, Vec<u8>)>,
    /// The state the server thread answers with (swapped at a reset).
    state: Arc<Mutex<Arc<State>>>,
    addr: std::net::SocketAddr,
    dirty: bool,
}

fn load(dir: &Path) -> State {
    let keys = Keys::of_folder(dir).expect("the server's key");
    let (tables, notes) = Tables::load(dir).expect("the sessions folder");
    assert!(notes.is_empty(), "{notes:?}");
    State {
        tables,
        keys,
        token: String::new(),
        hosts: Hosts {
            port: PORT,
            lan: false,
        },
        event: None,
        strict: false,
        open: None,
    }
}

/// The server's thread: each connection answered in turn with the state of the moment.
fn answer(listener: TcpListener, state: Arc<Mutex<Arc<State>>>) {
    for conn in listener.incoming() {
        let Ok(conn) = conn else { continue };
        let now = Arc::clone(&state.lock().unwrap_or_else(|e| e.into_inner()));
        let _ = net::answer_one(conn, now);
    }
}

impl Server {
    fn new() -> (Server, Vec<Vec<u8>>) {
        let root = std::env::temp_dir().join(format!("tavolo-fuzz-serve-{}", std::process::id()));
        let dir = root.join("sessions");
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        std::fs::write(dir.join(KEY_FILE), format!("{SECRET}\n")).expect("the key file");
        let state = load(&dir);
        for (game, seed, players) in [
            ("moon", "1", None),
            ("farfalia", "2", Some(4)),
            ("quincunx", "3", None),
        ] {
            let spec = Spec {
                game: game.into(),
                players,
                variant: None,
                seed: Some(seed.into()),
                board: 1,
                names: None,
            };
            state.tables.deal(&spec).expect("a table dealt");
        }
        let mut pristine: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
            .expect("the sessions folder")
            .flatten()
            .map(|e| {
                (
                    e.file_name().to_string_lossy().into_owned(),
                    std::fs::read(e.path()).unwrap_or_default(),
                )
            })
            .collect();
        pristine.sort();
        let seeds = seeds(&state, &pristine);
        let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let addr = listener.local_addr().expect("a loopback port");
        let state = Arc::new(Mutex::new(Arc::new(state)));
        let shared = Arc::clone(&state);
        std::thread::spawn(move || answer(listener, shared));
        (
            Server {
                root,
                dir,
                pristine,
                state,
                addr,
                dirty: false,
            },
            seeds,
        )
    }

    /// The sessions folder and the tables as they started.
    fn reset(&mut self) -> Result<(), String> {
        for e in std::fs::read_dir(&self.root)
            .map_err(|e| e.to_string())?
            .flatten()
        {
            let p = e.path();
            let _ = if p.is_dir() {
                std::fs::remove_dir_all(&p)
            } else {
                std::fs::remove_file(&p)
            };
        }
        std::fs::create_dir_all(&self.dir).map_err(|e| e.to_string())?;
        for (name, bytes) in &self.pristine {
            std::fs::write(self.dir.join(name), bytes).map_err(|e| e.to_string())?;
        }
        *self.state.lock().unwrap_or_else(|e| e.into_inner()) = Arc::new(load(&self.dir));
        self.dirty = false;
        Ok(())
    }

    fn run(&mut self, input: &[u8]) -> Result<(), String> {
        if self.dirty {
            self.reset()?;
        }
        let mut client = TcpStream::connect(self.addr).map_err(|e| format!("connect: {e}"))?;
        no_time_wait(&client);
        let _ = client.set_read_timeout(Some(std::time::Duration::from_secs(60)));
        // The server may answer (and close) before reading all of a refused request.
        let _ = client.write_all(input);
        let _ = client.shutdown(Shutdown::Write);
        let mut answer = Vec::new();
        let _ = client.read_to_end(&mut answer);
        drop(client);
        if answer.is_empty() {
            // Nothing answers a request that never came whole (hyper closes).
            return Ok(());
        }
        let text = String::from_utf8_lossy(&answer);
        // hyper answers a request in HTTP/1.0 in HTTP/1.0, as RFC 9112 allows.
        let status: u16 = text
            .strip_prefix("HTTP/1.1 ")
            .or_else(|| text.strip_prefix("HTTP/1.0 "))
            .and_then(|r| r.get(..3))
            .and_then(|c| c.parse().ok())
            .ok_or_else(|| {
                format!(
                    "not an HTTP answer: {:?}",
                    text.chars().take(80).collect::<String>()
                )
            })?;
        // 304: a GET whose `If-None-Match` names the page's ETag (issue 47).
        if !(status == 200
            || status == 303
            || status == 304
            || (400..500).contains(&status)
            || status == 505)
        {
            return Err(format!(
                "status {status}: {}",
                text.chars().take(600).collect::<String>()
            ));
        }
        // An accepted POST (a 303) changed the folder: put it back before the next input.
        let posted = status == 303;
        self.dirty = posted;
        self.folder_is_clean()?;
        if posted {
            self.records_check()?;
        }
        Ok(())
    }

    /// Only the sessions folder in the root; only records and the key in it.
    fn folder_is_clean(&self) -> Result<(), String> {
        for e in std::fs::read_dir(&self.root)
            .map_err(|e| e.to_string())?
            .flatten()
        {
            if e.path() != self.dir {
                return Err(format!(
                    "written outside the sessions folder: {}",
                    e.path().display()
                ));
            }
        }
        for e in std::fs::read_dir(&self.dir)
            .map_err(|e| e.to_string())?
            .flatten()
        {
            let name = e.file_name().to_string_lossy().into_owned();
            let ok = name == KEY_FILE
                || name
                    .strip_suffix(".toml")
                    .is_some_and(|id| valid_id(id) && e.path().is_file())
                // The seats played on a table's page (`POST .../director/seats`).
                || name
                    .strip_prefix('.')
                    .and_then(|n| n.strip_suffix(".at-table"))
                    .is_some_and(valid_id);
            if !ok {
                return Err(format!("a stray file in the sessions folder: {name}"));
            }
        }
        Ok(())
    }

    /// Every record checks clean and is its table's record.
    fn records_check(&self) -> Result<(), String> {
        let state = Arc::clone(&self.state.lock().unwrap_or_else(|e| e.into_inner()));
        for id in state.tables.ids() {
            let path = self.dir.join(format!("{id}.toml"));
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("table {id} has no record: {e}"))?;
            let report = check_text(&path, text.clone());
            if report.exit_code() != 0 {
                return Err(format!(
                    "table {id}'s record does not check (exit {}):\n{text}",
                    report.exit_code()
                ));
            }
            let Some(desk) = state.tables.get(&id) else {
                return Err(format!("table {id} listed but not found"));
            };
            if tables::lock(&desk).live.record() != text {
                return Err(format!("table {id}'s record is not what the table holds"));
            }
        }
        Ok(())
    }
}

/// Close the client with a reset rather than a FIN, so that thousands of connections a
/// second leave no TIME_WAIT behind (which would use up the loopback's ports).
fn no_time_wait(s: &TcpStream) {
    use std::os::fd::AsRawFd;
    #[repr(C)]
    struct Linger {
        onoff: i32,
        linger: i32,
    }
    extern "C" {
        fn setsockopt(fd: i32, level: i32, name: i32, value: *const Linger, len: u32) -> i32;
    }
    const SOL_SOCKET: i32 = 1;
    const SO_LINGER: i32 = 13;
    let l = Linger {
        onoff: 1,
        linger: 0,
    };
    // SAFETY: a valid socket and a value of the size given.
    unsafe {
        setsockopt(
            s.as_raw_fd(),
            SOL_SOCKET,
            SO_LINGER,
            &l,
            std::mem::size_of::<Linger>() as u32,
        );
    }
}

fn get(path: &str) -> Vec<u8> {
    format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{PORT}\r\n\r\n").into_bytes()
}

fn post(path: &str, body: &str) -> Vec<u8> {
    format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{PORT}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// Real requests: every page of every table with its key, a legal move, undo, a new
/// table, a record to go on with; and bad ones (wrong key, `../`, huge or two lengths).
fn seeds(state: &State, pristine: &[(String, Vec<u8>)]) -> Vec<Vec<u8>> {
    let mut s = vec![get("/"), b"HEAD / HTTP/1.0\r\n\r\n".to_vec()];
    for id in state.tables.ids() {
        let Some(desk) = state.tables.get(&id) else {
            continue;
        };
        let (seats, moves, legal) = {
            let d = tables::lock(&desk);
            (
                d.live.players().len(),
                d.live.moves(),
                d.live
                    .hint(tavolo::games::session::View::Director)
                    .map(|h| h.legal)
                    .unwrap_or_default(),
            )
        };
        let key = |view: &str| state.keys.key(&id, view);
        let dform = guard::token(&state.keys, &format!("{id}/director"));
        let sform = guard::token(&state.keys, &format!("{id}/seat-1"));
        let mut views = vec![
            (format!("/t/{id}"), key("table")),
            (format!("/t/{id}/director"), key("director")),
        ];
        for n in 1..=seats {
            views.push((format!("/t/{id}/seat/{n}"), key(&format!("seat-{n}"))));
        }
        for (base, k) in &views {
            s.push(get(&format!("{base}?k={k}")));
            s.push(get(&format!("{base}?k={k}&hint=1")));
            for a in ["record", "picture.svg", "state.json"] {
                s.push(get(&format!("{base}/{a}?k={k}")));
            }
        }
        let (dbase, dk) = &views[1];
        if let Some(m) = legal.first() {
            s.push(post(
                &format!("{dbase}/move?k={dk}"),
                &format!("at={moves}&move={}&form={dform}", encode(m)),
            ));
            let (sbase, sk) = &views[2];
            s.push(post(
                &format!("{sbase}/move?k={sk}"),
                &format!("at={moves}&move={}&form={sform}", encode(m)),
            ));
            // A wrong key, an out-of-turn position, no token.
            s.push(post(
                &format!("{dbase}/move?k={}", key("table")),
                &format!("at={moves}&move={}&form={dform}", encode(m)),
            ));
            s.push(post(
                &format!("{dbase}/move?k={dk}"),
                &format!("at=99&move={}&form={dform}", encode(m)),
            ));
            s.push(post(
                &format!("{dbase}/move?k={dk}"),
                &format!("at={moves}&move={}", encode(m)),
            ));
        }
        s.push(post(
            &format!("{dbase}/undo?k={dk}"),
            &format!("at={moves}&form={dform}"),
        ));
        s.push(get(&format!("/t/{id}/../../sessions/{id}.toml?k={dk}")));
        s.push(get(&format!("/t/%2e%2e/director?k={dk}")));
    }
    let oform = guard::token(&state.keys, "/");
    s.push(post(
        "/new",
        &format!("game=moon&seed=7&players=2&names=Anna%2C+Bruno&form={oform}"),
    ));
    s.push(post(
        "/new",
        &format!("game=farfalia&seed=x&players=4&variant=&form={oform}"),
    ));
    if let Some((_, rec)) = pristine.iter().find(|(n, _)| n.ends_with(".toml")) {
        s.push(post(
            "/open",
            &format!(
                "record={}&form={oform}",
                encode(&String::from_utf8_lossy(rec))
            ),
        ));
    }
    // Another site's page, and another site's name for this server.
    s.push(
        format!("POST /new HTTP/1.1\r\nHost: 127.0.0.1:{PORT}\r\nOrigin: http://attacker.example\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 9\r\n\r\ngame=moon").into_bytes(),
    );
    s.push(b"GET / HTTP/1.1\r\nHost: attacker.example:8080\r\n\r\n".to_vec());
    s.push(get("/../../etc/passwd"));
    s.push(get("/t/..%2F..%2Fetc/director?k=0"));
    s.push(b"POST /new HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n".to_vec());
    s.push(b"POST /new HTTP/1.1\r\nContent-Length: 262145\r\n\r\ngame=moon".to_vec());
    s.push(b"POST /new HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd".to_vec());
    s.push(b"POST /new HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".to_vec());
    s.push(b"GET http://example.com/ HTTP/1.1\r\n\r\n".to_vec());
    s
}

pub fn target() -> Target {
    let (mut server, seeds) = Server::new();
    let mut t = Target::new(
        "serve",
        seeds,
        WORDS,
        Shape::Text,
        Box::new(move |input| server.run(input)),
    );
    // Well inside what the loopback buffers hold before the server reads.
    t.max_len = 40 << 10;
    t
}
