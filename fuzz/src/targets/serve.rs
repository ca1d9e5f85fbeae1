//! `tavolo serve` (issue 24): one request's raw bytes, sent over a loopback connection to
//! the server's own request reader (`serve::http::read`), and the request read routed
//! (`serve::routes::route`) against a server state holding three tables (Moon, Farfalia,
//! Quincunx) whose records are in a sessions folder in a temporary folder.
//!
//! Asserts: no panic; a refused request gets a 4xx (505 for another HTTP version), a
//! routed one a 2xx, 303 or 4xx; nothing is written outside the sessions folder and
//! nothing but `ID.toml` records (and the server's key) inside it; after an accepted POST
//! every record of the folder checks clean (`check`'s exit 0) and is what its table holds.
//! After a POST the folder and the tables are put back as they were, so every input meets
//! the same server and a finding replays.

use std::io::Write;
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::{Path, PathBuf};

use tavolo::games::check::check_text;
use tavolo::games::setup::Spec;
use tavolo::serve::http::{self, encode};
use tavolo::serve::keys::Keys;
use tavolo::serve::tables::{self, valid_id, Tables};
use tavolo::serve::{routes, State};

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
    state: State,
    listener: TcpListener,
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
        (
            Server {
                root,
                dir,
                pristine,
                state,
                listener,
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
        self.state = load(&self.dir);
        self.dirty = false;
        Ok(())
    }

    fn run(&mut self, input: &[u8]) -> Result<(), String> {
        if self.dirty {
            self.reset()?;
        }
        let addr = self.listener.local_addr().map_err(|e| e.to_string())?;
        let mut client = TcpStream::connect(addr).map_err(|e| format!("connect: {e}"))?;
        no_time_wait(&client);
        client.write_all(input).map_err(|e| format!("send: {e}"))?;
        client
            .shutdown(Shutdown::Write)
            .map_err(|e| format!("shutdown: {e}"))?;
        let (mut conn, _) = self.listener.accept().map_err(|e| format!("accept: {e}"))?;
        let read = http::read(&mut conn);
        drop(client);
        drop(conn);
        let req = match read {
            Err(None) if input.is_empty() => return Ok(()),
            Err(None) => return Err("a request with bytes read as none".into()),
            Err(Some(r)) if (400..500).contains(&r.status) || r.status == 505 => return Ok(()),
            Err(Some(r)) => return Err(format!("refused with status {}", r.status)),
            Ok(req) => req,
        };
        let post = req.method == "POST";
        self.dirty = post;
        let r = routes::route(&self.state, &req);
        if !(r.status == 200 || r.status == 303 || (400..500).contains(&r.status)) {
            return Err(format!(
                "{} {}: status {}: {}",
                req.method,
                req.path,
                r.status,
                String::from_utf8_lossy(&r.body)
                    .chars()
                    .take(400)
                    .collect::<String>()
            ));
        }
        self.folder_is_clean()?;
        if post && r.status < 400 {
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
                    .is_some_and(|id| valid_id(id) && e.path().is_file());
            if !ok {
                return Err(format!("a stray file in the sessions folder: {name}"));
            }
        }
        Ok(())
    }

    /// Every record checks clean and is its table's record.
    fn records_check(&self) -> Result<(), String> {
        for id in self.state.tables.ids() {
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
            let Some(desk) = self.state.tables.get(&id) else {
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
    format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n").into_bytes()
}

fn post(path: &str, body: &str) -> Vec<u8> {
    format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
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
            (d.live.players().len(), d.live.moves(), d.live.hint().legal)
        };
        let key = |view: &str| state.keys.key(&id, view);
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
                &format!("at={moves}&move={}", encode(m)),
            ));
            let (sbase, sk) = &views[2];
            s.push(post(
                &format!("{sbase}/move?k={sk}"),
                &format!("at={moves}&move={}", encode(m)),
            ));
            // A wrong key, and an out-of-turn position.
            s.push(post(
                &format!("{dbase}/move?k={}", key("table")),
                &format!("at={moves}&move={}", encode(m)),
            ));
            s.push(post(
                &format!("{dbase}/move?k={dk}"),
                &format!("at=99&move={}", encode(m)),
            ));
        }
        s.push(post(
            &format!("{dbase}/undo?k={dk}"),
            &format!("at={moves}"),
        ));
        s.push(get(&format!("/t/{id}/../../sessions/{id}.toml?k={dk}")));
        s.push(get(&format!("/t/%2e%2e/director?k={dk}")));
    }
    s.push(post(
        "/new",
        "game=moon&seed=7&players=2&names=Anna%2C+Bruno",
    ));
    s.push(post("/new", "game=farfalia&seed=x&players=4&variant="));
    if let Some((_, rec)) = pristine.iter().find(|(n, _)| n.ends_with(".toml")) {
        s.push(post(
            "/open",
            &format!("record={}", encode(&String::from_utf8_lossy(rec))),
        ));
    }
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
