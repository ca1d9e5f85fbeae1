//! `tavolo serve`: the live sessions ([`crate::games::session`]) as web pages for the
//! tablets and phones around a table (DESIGN.md, "Events, results, the server"). A view,
//! as the terminal's `tavolo table` is: each table's session writes its record into the
//! sessions folder after every accepted move, and the server resumes every record there
//! when it starts. It binds to 127.0.0.1 unless told otherwise, serves only the pages it
//! builds, and reads every request as hostile input ([`http`]: bounded, timed out, never a
//! panic).
//!
//! - [`http`]: one request and its answer on a connection;
//! - [`keys`]: which URL opens which page;
//! - [`lan`]: the address a phone opens, and its QR code;
//! - [`tables`]: the sessions and their record files;
//! - [`routes`]: what each URL does; [`page`]: the HTML.

pub mod http;
pub mod keys;
pub mod lan;
pub mod page;
pub mod routes;
pub mod tables;

use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, Receiver, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::error::Error;

/// How a server starts.
#[derive(Debug, Clone)]
pub struct Config {
    /// The address to listen on (127.0.0.1 by default).
    pub bind: IpAddr,
    /// 0: any free port (the one taken is in [`Started`]).
    pub port: u16,
    /// The sessions folder: one record a table.
    pub dir: PathBuf,
    /// The operator's pages need the token (on the local network).
    pub lan: bool,
    /// Threads answering requests.
    pub workers: usize,
}

/// What every worker shares.
pub struct State {
    pub tables: tables::Tables,
    pub keys: keys::Keys,
    /// The operator's token; empty when the operator's pages are open (loopback only).
    pub token: String,
}

/// A server bound and loaded, not yet answering.
pub struct Server {
    listener: TcpListener,
    state: Arc<State>,
    workers: usize,
}

/// What a start tells the operator.
pub struct Started {
    pub addr: SocketAddr,
    pub token: Option<String>,
    /// The tables resumed from the folder.
    pub tables: usize,
    /// Records of the folder left aside, and why.
    pub notes: Vec<String>,
}

impl Started {
    /// What the operator is told at start, the sessions folder being `dir`: where to point
    /// a browser (on the local network the machine's address, the token and its QR code),
    /// then the folder and how to stop.
    pub fn say(&self, dir: &std::path::Path) -> String {
        let q = self
            .token
            .as_ref()
            .map(|t| format!("?k={t}"))
            .unwrap_or_default();
        let mut text = format!("listening on http://{}/{q}\n", self.addr);
        let open = lan::reachable(self.addr);
        if self.addr.ip().is_unspecified() {
            match open {
                Some(a) => text.push_str(&format!(
                    "  on every address of this machine; on the local network: http://{a}/{q}\n"
                )),
                None => text.push_str(&format!(
                    "  on every address of this machine (no local network address found): \
                     open http://<its address>:{}/{q} on a phone\n",
                    self.addr.port()
                )),
            }
        }
        if let Some(t) = &self.token {
            text.push_str(&format!("operator's token: {t}\n"));
            // The code is of the full URL, token included: a phone that scans it is in.
            if let Some(url) = open.map(|a| format!("http://{a}/{q}")) {
                if let Some(code) = lan::qr(&url) {
                    text.push_str(&format!("scan to open {url} on a phone:\n{code}"));
                }
            }
        }
        text.push_str(&format!(
            "sessions folder: {} ({} resumed)\nstop with Ctrl-C: every record is written already\n",
            dir.display(),
            if self.tables == 1 {
                "1 table".to_string()
            } else {
                format!("{} tables", self.tables)
            }
        ));
        text
    }
}

/// Connections waiting for a worker, at most; past that the server answers 503 at once.
const QUEUE: usize = 64;

/// Bind, and load the sessions folder (made if missing).
pub fn start(c: &Config) -> Result<(Server, Started), Error> {
    if !c.dir.is_dir() {
        std::fs::create_dir_all(&c.dir).map_err(|e| Error::io("serve.dir", &c.dir, &e))?;
    }
    let keys = keys::Keys::of_folder(&c.dir)?;
    let (tables, notes) = tables::Tables::load(&c.dir)?;
    let token = if c.lan { keys::token()? } else { String::new() };
    let addr = SocketAddr::new(c.bind, c.port);
    let listener = TcpListener::bind(addr).map_err(|e| {
        Error::input(
            "serve.bind",
            format!("cannot listen on {addr}: {}", crate::error::io_reason(&e)),
        )
        .help("choose another port with --port (0: any free one)")
    })?;
    let addr = listener
        .local_addr()
        .map_err(|e| Error::failed("serve.bind", format!("no local address: {e}")))?;
    let started = Started {
        addr,
        token: c.lan.then(|| token.clone()),
        tables: tables.len(),
        notes,
    };
    let state = Arc::new(State {
        tables,
        keys,
        token,
    });
    Ok((
        Server {
            listener,
            state,
            workers: c.workers.max(1),
        },
        started,
    ))
}

impl Server {
    /// Answer requests until the process ends.
    pub fn run(self) -> Result<(), Error> {
        let (tx, rx) = sync_channel::<TcpStream>(QUEUE);
        let rx = Arc::new(Mutex::new(rx));
        for _ in 0..self.workers {
            let rx = Arc::clone(&rx);
            let state = Arc::clone(&self.state);
            std::thread::spawn(move || work(&rx, &state));
        }
        for conn in self.listener.incoming() {
            match conn {
                Ok(stream) => {
                    if let Err(TrySendError::Full(mut stream)) = tx.try_send(stream) {
                        let _ = stream.set_write_timeout(Some(Duration::from_secs(1)));
                        let busy = http::Response::text(503, "busy: try again in a moment\n");
                        http::answer(&mut stream, &busy, false, false);
                    }
                }
                // Out of file descriptors, a connection reset before it was taken: the
                // listener goes on.
                Err(_) => std::thread::sleep(Duration::from_millis(20)),
            }
        }
        Ok(())
    }
}

/// A worker: take a connection, answer its request, again.
fn work(rx: &Mutex<Receiver<TcpStream>>, state: &State) {
    loop {
        let next = rx.lock().unwrap_or_else(|e| e.into_inner()).recv();
        let Ok(mut stream) = next else { return };
        // A panic is a bug (each has its regression test); should one slip through, it
        // costs its request only, not the worker.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            serve_one(&mut stream, state)
        }));
    }
}

fn serve_one(stream: &mut TcpStream, state: &State) {
    match http::read(stream) {
        Ok(req) => {
            let r = routes::route(state, &req);
            http::answer(stream, &r, req.method == "HEAD", false);
        }
        Err(Some(r)) => http::answer(stream, &r, false, true),
        Err(None) => {}
    }
}
