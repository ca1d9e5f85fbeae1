//! `tavolo serve`: the referee as a web page for the tablets around a table
//! ([`crate::serve`]). Prints where it listens, then answers until it is stopped (Ctrl-C);
//! every table's record is in the sessions folder, written after every move.

use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;
use std::process::ExitCode;

use super::out;
use crate::error::Error;
use crate::serve;

/// What `tavolo serve --help` says after the options.
pub const AFTER_HELP: &str = "\
Open the printed address in a browser: deal a table (a game and a seed) or paste a record to go
on with; the director's page lists a link for the table and one for each seat, each with its own
key (a seat's link shows that seat's holding and no other's). A table is forgiving unless the
new-table form's `strict` box is ticked (--strict ticks it by default; GN-4); a seat resigns
from its own page, the director for any seat. Every record is in the sessions
folder, written after every move; a server started again on the folder goes on with them all.
By default only this machine can connect (127.0.0.1); --lan opens it to the local network, and
the operator's pages then need the token printed at start.
With --event DIR --public VALUE it runs an event's round (docs/serve.md, \"A club night\"): the
tables opened from the pairing, their records in DIR/played, the director's page and the
standings page printed at start.";

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The sessions folder: one record a table (made if missing; its records are resumed).
    #[arg(long, value_name = "DIR", default_value = "tables", value_hint = clap::ValueHint::DirPath)]
    pub dir: PathBuf,
    /// The port (0: any free one, printed).
    #[arg(long, default_value_t = 8357)]
    pub port: u16,
    /// Listen on the local network (every address of this machine, or --bind's), the
    /// operator's pages behind a token printed at start.
    #[arg(long)]
    pub lan: bool,
    /// The address to listen on (default 127.0.0.1; with --lan 0.0.0.0).
    #[arg(long, value_name = "ADDR")]
    pub bind: Option<IpAddr>,
    /// Threads routing requests (a slow or idle connection holds none of them).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub workers: u16,
    /// Run an event's round: DIR is `tavolo event new`'s folder (event.toml, event.key); the
    /// tables are opened from its pairing and their records written into DIR/played.
    #[arg(long, value_name = "DIR", value_hint = clap::ValueHint::DirPath, requires = "public", conflicts_with = "dir")]
    pub event: Option<PathBuf>,
    /// With --event: the event's public value, exactly as announced.
    #[arg(long, value_name = "VALUE", requires = "event")]
    pub public: Option<String>,
    /// New tables start strict (GN-4): where the sheet punishes an illegal move (MOON's
    /// tile, rule 7; a Farfalia revoke) it is recorded and judged instead of refused. The
    /// new-table form's box starts ticked; without this flag it starts empty (forgiving).
    #[arg(long)]
    pub strict: bool,
}

pub fn run(a: Args) -> Result<ExitCode, Error> {
    let bind = a.bind.unwrap_or(if a.lan {
        IpAddr::V4(Ipv4Addr::UNSPECIFIED)
    } else {
        IpAddr::V4(Ipv4Addr::LOCALHOST)
    });
    if !a.lan && !bind.is_loopback() {
        return Err(Error::input(
            "serve.not-loopback",
            format!("{bind} is not a loopback address: other machines could connect"),
        )
        .help("add --lan to serve the local network (the operator's pages then need a token)"));
    }
    let event = a.event.as_ref().map(|dir| serve::club::EventConfig {
        dir: dir.clone(),
        public: a.public.clone().unwrap_or_default(),
    });
    let dir = event
        .as_ref()
        .map_or_else(|| a.dir.clone(), |e| e.records());
    let config = serve::Config {
        bind,
        port: a.port,
        dir: dir.clone(),
        lan: a.lan,
        workers: usize::from(a.workers),
        event,
        strict: a.strict,
    };
    // Natura's word graph, before listening (issue 38): built once here on a cold cache.
    super::lexicon::watch(false);
    crate::lexicon::graph::prepare_run()?;
    let (server, started) = serve::start(&config)?;
    for n in &started.notes {
        out::errln!("note: {n}");
    }
    out::write(&started.say(&dir));
    server.run()?;
    Ok(ExitCode::SUCCESS)
}
