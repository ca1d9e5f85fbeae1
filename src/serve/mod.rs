//! `tavolo serve`: the live sessions ([`crate::games::session`]) as web pages for the
//! tablets and phones around a table (DESIGN.md, "Events, results, the server"). A view,
//! as the terminal's `tavolo table` is: each table's session writes its record into the
//! sessions folder after every accepted move, and the server resumes every record there
//! when it starts. It binds to 127.0.0.1 unless told otherwise, serves only the pages it
//! builds, and reads every request as hostile input ([`net`]: bounded, timed out, never a
//! panic; [`guard`]: other sites kept out).
//!
//! - [`net`]: the connections (hyper on tokio), their limits and deadlines;
//! - [`http`]: a request and its answer as the routes see them;
//! - [`guard`]: the `Host`, the `Origin` and the forms' tokens;
//! - [`folder`]: the sessions folder's lock, and a killed server's temporaries;
//! - [`keys`]: which URL opens which page;
//! - [`lan`]: the address a phone opens, and its QR code;
//! - [`tables`]: the sessions and their record files;
//! - [`rights`]: who may play and take back for whom;
//! - [`routes`]: what each URL does; [`page`]: the HTML.

pub mod club;
pub mod folder;
pub mod guard;
pub mod http;
pub mod keys;
pub mod lan;
pub mod net;
pub mod page;
pub mod rights;
pub mod routes;
pub mod tables;

use std::future::Future;
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::path::PathBuf;
use std::sync::Arc;

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
    /// Threads routing requests (reading and writing the connections takes none of them).
    pub workers: usize,
    /// An event's round to run (`--event`): `dir` is then its records folder.
    pub event: Option<club::EventConfig>,
    /// New tables are strict unless the form says otherwise (GN-4; the form's box starts
    /// ticked): where the sheet punishes an illegal move, it is recorded and judged.
    pub strict: bool,
}

/// What every worker shares.
pub struct State {
    pub tables: tables::Tables,
    pub keys: keys::Keys,
    /// The operator's token; empty when the operator's pages are open (loopback only).
    pub token: String,
    /// The names the operator's and director's pages answer to.
    pub hosts: guard::Hosts,
    /// The address a phone opens ([`lan::reachable`]: the one the operator's QR code
    /// carries), what the seats' links carry on the local network.
    pub open: Option<SocketAddr>,
    /// The event the server runs (`--event`), if any.
    pub event: Option<club::Club>,
    /// Whether the new-table form starts strict ([`Config::strict`]).
    pub strict: bool,
}

/// A server bound and loaded, not yet answering.
pub struct Server {
    listener: TcpListener,
    state: Arc<State>,
    workers: usize,
    /// The sessions folder's lock, let go when the server ends.
    _lock: folder::Lock,
}

/// What a start tells the operator.
pub struct Started {
    pub addr: SocketAddr,
    pub token: Option<String>,
    /// The tables resumed from the folder.
    pub tables: usize,
    /// Records of the folder left aside, and why.
    pub notes: Vec<String>,
    /// With `--event`: the event's pages, to tell the operator.
    pub event: Vec<String>,
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
        for line in &self.event {
            text.push_str(&format!("{line}\n"));
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

/// Lock and load the sessions folder (made if missing), and bind.
pub fn start(c: &Config) -> Result<(Server, Started), Error> {
    if !c.dir.is_dir() {
        std::fs::create_dir_all(&c.dir).map_err(|e| Error::io("serve.dir", &c.dir, &e))?;
    }
    let lock = folder::Lock::take(&c.dir)?;
    let mut notes: Vec<String> = folder::sweep(&c.dir)
        .into_iter()
        .map(|f| format!("{f}: removed (a record being written when a server was killed; the record is whole)"))
        .collect();
    let keys = keys::Keys::of_folder(&c.dir)?;
    let (tables, loaded, event) = match &c.event {
        None => {
            let (t, n) = tables::Tables::load(&c.dir)?;
            (t, n, None)
        }
        Some(e) => {
            let (club, t, n) = club::Club::open(e)?;
            // The pages' language, where the reader's browser names none: the event's.
            crate::lang::document(club.lang());
            (t, n, Some(club))
        }
    };
    notes.extend(loaded);
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
    lock.say(&format!("pid {}, http://{addr}/", std::process::id()))?;
    let started = Started {
        addr,
        token: c.lan.then(|| token.clone()),
        tables: tables.len(),
        notes,
        event: Vec::new(),
    };
    let state = Arc::new(State {
        tables,
        keys,
        token,
        hosts: guard::Hosts {
            port: addr.port(),
            lan: c.lan,
        },
        open: lan::reachable(addr),
        event,
        strict: c.strict,
    });
    let mut started = started;
    if let Some(club) = &state.event {
        started.event = club::pages::say(&state, club, addr);
    }
    Ok((
        Server {
            listener,
            state,
            workers: c.workers.max(1),
            _lock: lock,
        },
        started,
    ))
}

impl Server {
    /// Answer requests until Ctrl-C or SIGTERM; the requests under way are finished.
    pub fn run(self) -> Result<(), Error> {
        self.run_until(net::stopped())
    }

    /// Answer requests until `stop` completes (a harness stops its server so).
    pub fn run_until(self, stop: impl Future<Output = ()>) -> Result<(), Error> {
        net::serve(self.listener, self.state, self.workers, stop)
    }

    /// What the server's requests share (the fuzz harness looks at its tables).
    pub fn state(&self) -> Arc<State> {
        Arc::clone(&self.state)
    }

    pub fn addr(&self) -> Option<SocketAddr> {
        self.listener.local_addr().ok()
    }
}
