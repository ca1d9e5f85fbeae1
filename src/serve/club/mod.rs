//! `tavolo serve --event DIR`: a club night on the server (issue 41). The event's folder is
//! `tavolo event`'s (`event.toml`, `event.key`); the server opens the current round's tables
//! from the pairing `event pair` makes, each a session of its board with its players' names,
//! strict where the game's sheet punishes an illegal move (GN-4), and writes their records
//! into the event's records folder (`DIR/played`) after every move, named as `event pair
//! --out` names them (`board-02-table-5.toml`). Nothing else is kept: the round, the tables,
//! the paper results and the standings are all read again from the files, so a killed server
//! restarts into the same round, and `event results` on the folder prints what the standings
//! page shows.
//!
//! - the current round of a paired section is the last round with a record in the folder
//!   (round 1 before any), a movement's as the movement seats it (Mitchell: which pair sits
//!   N-S, which E-W, at which table); a section whose tables keep their players opens every main board
//!   at every table;
//! - a paper result is a score slip (`board-02-table-5-paper.toml`, as `event score` writes
//!   it) where the game keeps a running score, else the paper's moves typed in as the
//!   table's record; the tablet's record it replaces is set aside beside it
//!   (`.board-02-table-5.before-paper`, not a `*.toml`: the results do not read it) and put
//!   back when the table is re-opened;
//! - the standings are `event results` over the folder, computed again when a file of it
//!   changes ([`Club::standings`]).
//!
//! [`pages`] answers the event's URLs (`/event/...`).

pub mod pages;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::error::Error;
use crate::event::boards::{self, Label};
use crate::event::results::{self, Results};
use crate::event::{self as ev, rounds, verify, Description, Key};
use crate::games::session::{self, Answer, Live, View};
use crate::record::{write, Record, Source};

use super::tables::{self, Desk, Tables};

/// What `--event` names: the event's folder and the public value.
#[derive(Debug, Clone)]
pub struct EventConfig {
    pub dir: PathBuf,
    pub public: String,
}

impl EventConfig {
    /// The records folder: the server's sessions folder.
    pub fn records(&self) -> PathBuf {
        self.dir.join("played")
    }
}

/// One table of the round: a board at a table, its players in their seats.
#[derive(Debug, Clone)]
pub struct Slot {
    /// The table's id on the server and its record's file stem (`board-02-table-5`).
    pub id: String,
    /// The section, 0-based.
    pub section: usize,
    pub round: u32,
    pub board: String,
    pub table: u32,
    pub players: Vec<String>,
    /// A paper score slip stands for the game (the table is then not on the server).
    pub paper: Option<PathBuf>,
}

/// The round being played: its tables, and each paired section's round.
#[derive(Debug, Clone, Default)]
pub struct Round {
    pub slots: Vec<Slot>,
    /// By section: the round being played (a section whose tables keep their players: 1).
    pub rounds: Vec<u32>,
}

/// `event results` over the records folder, in the three forms it prints.
pub struct Outputs {
    pub results: Results,
    /// `--format json`, `text` and `csv`, byte for byte.
    pub json: String,
    pub text: String,
    pub csv: String,
}

struct Cache {
    /// The records folder's `*.toml` files as last read ([`fingerprint`]).
    seen: Vec<(String, u64, u128, u64)>,
    version: u64,
    out: Result<Arc<Outputs>, String>,
}

/// The event a server runs.
pub struct Club {
    pub dir: PathBuf,
    pub records: PathBuf,
    pub d: Description,
    pub key: Key,
    pub public: String,
    /// Held through every director's action (pairing, a paper result, re-opening).
    round: Mutex<Round>,
    cache: Mutex<Option<Cache>>,
}

/// The records folder's `*.toml` files with their text, as `event results FOLDER` reads them
/// (none yet: empty).
pub fn read_folder(records: &Path) -> Result<Vec<(PathBuf, String)>, Error> {
    let any = std::fs::read_dir(records)
        .map_err(|e| Error::io("serve.dir", records, &e))?
        .flatten()
        .any(|e| e.path().extension().is_some_and(|x| x == "toml") && e.path().is_file());
    if !any {
        return Ok(Vec::new());
    }
    ev::inputs::read(&[records.to_path_buf()])
}

/// The zero-padded width of board numbers in file names, as `event deal --out` writes them.
fn width(d: &Description) -> usize {
    boards::labels(d)
        .iter()
        .map(|(l, _)| l.number())
        .max()
        .unwrap_or(1)
        .to_string()
        .len()
        .max(2)
}

/// A session of a record the server wrote: its moves replayed, strict where the game allows
/// (GN-4); a strict table's record ends with the illegal move that ended it, played again.
pub fn open_record(path: &Path, text: &str) -> Result<Box<dyn Live>, String> {
    let src = Source::new(path, text.to_string());
    let record = Record::parse(&src, &crate::games::Registry).map_err(|e| e.render(false))?;
    let t = session::find(record.game)
        .ok_or_else(|| format!("tavolo has no live session for {} yet", record.game))?;
    let (mut live, refused) = t
        .open(&record, &src)
        .map_err(|e| e.render(false).trim_end().to_string())?;
    // GN-4: an event's tables are strict where the sheet punishes an illegal move.
    let _ = live.set_strict();
    if let Some(a) = refused {
        let Answer::Illegal { notation, .. } = &a else {
            return Err(format!("{}: a move does not read: {a:?}", path.display()));
        };
        if !live.is_strict() {
            return Err(format!(
                "{}: an illegal move where the game has no strict rule",
                path.display()
            ));
        }
        live.apply(notation, View::Director);
        if live.ended().is_none() {
            return Err(format!(
                "{}: the illegal move `{notation}` did not end the game",
                path.display()
            ));
        }
    }
    Ok(live)
}

/// A table's desk; the seats its director said are played on the table's page are read
/// from beside the record, as for any table.
fn desk(live: Box<dyn Live>, file: PathBuf) -> Desk {
    let seats = tables::read_seats(&file, live.players().len());
    Desk { live, file, seats }
}

/// The file beside a record where a paper result set the tablet's record aside.
pub fn set_aside(records: &Path, id: &str) -> PathBuf {
    records.join(format!(".{id}.before-paper"))
}

/// The slip file of a paper result.
pub fn slip_file(records: &Path, id: &str) -> PathBuf {
    records.join(format!("{id}-paper.toml"))
}

impl Club {
    /// The language the event's description names, if any.
    pub fn lang(&self) -> Option<crate::lang::Lang> {
        self.d.lang
    }

    /// Read the event (description, key checked against it, the public value), find the
    /// round from the records folder, and open its tables (a record written for each table
    /// that has none yet).
    pub fn open(cfg: &EventConfig) -> Result<(Club, Tables, Vec<String>), Error> {
        let public = ev::check_public(&cfg.public)?.to_string();
        let desc = cfg.dir.join("event.toml");
        let key = Key::read(&cfg.dir.join("event.key"))?;
        let d = Description::read(&desc)?;
        verify::check_key(&d, &desc, &key)?;
        let records = cfg.records();
        let club = Club {
            dir: cfg.dir.clone(),
            records: records.clone(),
            d,
            key,
            public,
            round: Mutex::new(Round::default()),
            cache: Mutex::new(None),
        };
        let round = club.find_round()?;
        let tables = Tables::empty(&records);
        let mut notes = Vec::new();
        for s in round.slots.iter().filter(|s| s.paper.is_none()) {
            let desk = club.desk_of(s)?;
            if desk.live.moves() > 0 {
                notes.push(format!(
                    "{}: resumed at move {}",
                    desk.file.display(),
                    desk.live.moves()
                ));
            }
            tables.insert(&s.id, desk);
        }
        *club.lock() = round;
        Ok((club, tables, notes))
    }

    /// The round, held: a director's action holds it throughout.
    pub fn lock(&self) -> MutexGuard<'_, Round> {
        self.round.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The round the files say: each paired section's last round with a record (1 before
    /// any), paired again as `event pair` paired it; each other section's every board.
    fn find_round(&self) -> Result<Round, Error> {
        let d = &self.d;
        let files = read_folder(&self.records)?;
        let now = if files.is_empty() {
            None
        } else {
            Some(results::results(d, &self.key, &self.public, &files, None)?)
        };
        // Records of other boards than this public value deals: the value is not the
        // event's (or a record does not belong here): nothing is opened on them.
        if let Some(l) = now
            .iter()
            .flat_map(|n| &n.sections)
            .flat_map(|s| &s.records)
            .find(|l| !matches!(l.status, "ok" | "slip"))
        {
            return Err(Error::input(
                "serve.event-records",
                format!(
                    "{}: {}: {}",
                    l.file,
                    l.status,
                    l.message.clone().unwrap_or_default()
                ),
            )
            .help("give the event's public value exactly as announced (--public); a record that is not the event's goes elsewhere"));
        }
        let mut round = Round::default();
        for (si, s) in d.sections.iter().enumerate() {
            if !s.is_paired() {
                round.rounds.push(1);
                for (label, sec) in boards::labels(d) {
                    if !std::ptr::eq(sec, s) || !matches!(label, Label::Main(_)) {
                        continue;
                    }
                    for t in 1..=s.tables {
                        round
                            .slots
                            .push(self.slot(si, 1, label, t, s.names.clone()));
                    }
                }
                continue;
            }
            let r = now
                .as_ref()
                .and_then(|n| n.sections[si].records.iter().map(|l| l.round).max())
                .unwrap_or(1)
                .max(1);
            round.rounds.push(r);
            for (label, t, players) in self.pairing(si, r, &files, now.as_ref())? {
                round.slots.push(self.slot(si, r, label, t, players));
            }
        }
        // The paper results: a slip of a slot's board and table.
        for (path, text) in &files {
            if !ev::slip::is_slip(text) {
                continue;
            }
            let slip = ev::slip::Slip::parse(path, text)?;
            if let Some(s) = round
                .slots
                .iter_mut()
                .find(|s| s.board == slip.board && i64::from(s.table) == slip.table)
            {
                s.paper = Some(path.clone());
            }
        }
        Ok(round)
    }

    /// Round `r` of paired section `si` from the records of the rounds before it, as
    /// `event pair` pairs it (the results of those rounds, then [`rounds::pair`]; a movement's
    /// round as [`crate::event::movement`] seats it): each board and table with its players
    /// by seat.
    fn pairing(
        &self,
        si: usize,
        r: u32,
        files: &[(PathBuf, String)],
        now: Option<&Results>,
    ) -> Result<Vec<(Label, u32, Vec<String>)>, Error> {
        let later: Vec<&str> = now
            .map(|n| {
                n.sections[si]
                    .records
                    .iter()
                    .filter(|l| l.round >= r)
                    .map(|l| l.file.as_str())
                    .collect()
            })
            .unwrap_or_default();
        let before: Vec<(PathBuf, String)> = files
            .iter()
            .filter(|(p, _)| !later.contains(&p.display().to_string().as_str()))
            .cloned()
            .collect();
        let res = results::results(&self.d, &self.key, &self.public, &before, Some((si, r - 1)))?;
        let paired = rounds::pair(&self.d, si, &res, &before, r, true)?;
        self.seat_round(&paired)
    }

    fn seat_round(&self, paired: &rounds::Round) -> Result<Vec<(Label, u32, Vec<String>)>, Error> {
        let mut out = Vec::new();
        for b in &paired.boards {
            let label: Label = b
                .parse()
                .map_err(|m: String| Error::failed("serve.event", m))?;
            // A movement's table: its players by seat, as the movement seats them.
            for t in &paired.tables {
                out.push((label, t.table, t.players()));
            }
        }
        Ok(out)
    }

    fn slot(&self, si: usize, round: u32, label: Label, table: u32, players: Vec<String>) -> Slot {
        Slot {
            id: format!("{}-table-{table}", label.file_stem(width(&self.d))),
            section: si,
            round,
            board: label.to_string(),
            table,
            players,
            paper: None,
        }
    }

    /// The record of a slot's board at its table for its players, as `event pair --out`
    /// writes it.
    fn skeleton(&self, s: &Slot) -> Result<String, Error> {
        let label: Label = s
            .board
            .parse()
            .map_err(|m: String| Error::failed("serve.event", m))?;
        let b = boards::find(&self.d, &self.key, &self.public, label).ok_or_else(|| {
            Error::failed("serve.event", format!("the event has no board {label}"))
        })?;
        b.skeleton(&self.d, s.table, &s.players)
    }

    /// The table of a slot: its record in the folder, written first if there is none.
    fn desk_of(&self, s: &Slot) -> Result<Desk, Error> {
        let file = self.records.join(format!("{}.toml", s.id));
        let text = match std::fs::read_to_string(&file) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let t = self.skeleton(s)?;
                write::atomic(&file, &t)?;
                t
            }
            Err(e) => return Err(Error::io("serve.event", &file, &e)),
        };
        let live = open_record(&file, &text).map_err(|why| {
            Error::input(
                "serve.event-record",
                format!("{}: cannot go on with it: {why}", file.display()),
            )
        })?;
        Ok(desk(live, file))
    }

    /// The standings' version (it changes whenever a record or slip of the folder does) and
    /// `event results` over the folder, computed again only then.
    pub fn standings(&self) -> (u64, Result<Arc<Outputs>, String>) {
        let seen = fingerprint(&self.records);
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(c) = cache.as_ref() {
            if c.seen == seen {
                return (c.version, c.out.clone());
            }
        }
        // Made once for every reader, in the event's language (not the reader who asked
        // first): `results.txt` is what `event results` prints.
        let out = crate::lang::with(crate::lang::process(), || {
            self.compute()
                .map_err(|e| e.render(false).trim_end().to_string())
        });
        let version = cache.as_ref().map_or(1, |c| c.version + 1);
        *cache = Some(Cache {
            seen,
            version,
            out: out.clone(),
        });
        (version, out)
    }

    fn compute(&self) -> Result<Arc<Outputs>, Error> {
        let files = ev::inputs::read(std::slice::from_ref(&self.records))?;
        let r = results::results(&self.d, &self.key, &self.public, &files, None)?;
        let json = format!("{}\n", serde_json::to_string_pretty(&r).unwrap_or_default());
        Ok(Arc::new(Outputs {
            text: ev::report::results_text(&r),
            csv: ev::report::standings_csv(&r),
            json,
            results: r,
        }))
    }

    /// Pair the next round of section `si` once its round is complete (every table over or
    /// with a paper result, no result missing), as `event pair` does, and open its tables.
    pub fn pair_next(&self, tables: &Tables, si: usize) -> Result<u32, String> {
        let mut round = self.lock();
        let Some(s) = self.d.sections.get(si) else {
            return Err("no such section".into());
        };
        if !s.is_paired() {
            return Err(format!(
                "section {} has no pairing: its tables keep their players",
                si + 1
            ));
        }
        let r = round.rounds[si];
        if r >= s.rounds {
            return Err(format!(
                "round {r} is the section's last: the event is over when its results are in"
            ));
        }
        let playing: Vec<String> = round
            .slots
            .iter()
            .filter(|x| x.section == si && x.paper.is_none())
            .filter(|x| {
                tables
                    .get(&x.id)
                    .is_some_and(|d| tables::lock(&d).live.to_move().is_some())
            })
            .map(|x| format!("table {}", x.table))
            .collect();
        if !playing.is_empty() {
            return Err(format!(
                "round {r} is not complete: {} still playing (a game's result is in when it is \
                 over, or its paper result entered)",
                playing.join(", ")
            ));
        }
        let err = |e: Error| e.render(false).trim_end().to_string();
        let files = read_folder(&self.records).map_err(err)?;
        let res = results::results(&self.d, &self.key, &self.public, &files, Some((si, r)))
            .map_err(err)?;
        let paired = rounds::pair(&self.d, si, &res, &files, r + 1, false).map_err(err)?;
        let seated = self.seat_round(&paired).map_err(err)?;
        let new: Vec<Slot> = seated
            .into_iter()
            .map(|(label, t, players)| self.slot(si, r + 1, label, t, players))
            .collect();
        let mut desks = Vec::new();
        for s in &new {
            desks.push((s.id.clone(), self.desk_of(s).map_err(err)?));
        }
        for old in round.slots.iter().filter(|x| x.section == si) {
            tables.remove(&old.id);
        }
        for (id, d) in desks {
            tables.insert(&id, d);
        }
        round.slots.retain(|x| x.section != si);
        round.slots.extend(new);
        round.rounds[si] = r + 1;
        Ok(r + 1)
    }

    /// Enter a paper result for table `id`: the running totals by seat (`totals`, as `event
    /// score` takes them) where the game keeps score, else the paper's moves (`moves`, one a
    /// line). The tablet's record is set aside; nothing is written if the result is refused.
    pub fn paper(
        &self,
        tables: &Tables,
        id: &str,
        totals: &[String],
        moves: &str,
    ) -> Result<(), String> {
        let mut round = self.lock();
        let Some(i) = round.slots.iter().position(|s| s.id == id) else {
            return Err(format!("no table {id} in this round"));
        };
        let slot = round.slots[i].clone();
        let err = |e: Error| e.render(false).trim_end().to_string();
        let label: Label = slot.board.parse()?;
        let b = boards::find(&self.d, &self.key, &self.public, label)
            .ok_or_else(|| format!("no board {label}"))?;
        let record = self.records.join(format!("{id}.toml"));
        let aside = set_aside(&self.records, id);
        if ev::print::keeps_score(&self.d, &b).map_err(err)? {
            let entries: Vec<String> = slot
                .players
                .iter()
                .zip(totals)
                .map(|(p, t)| format!("{p}={t}"))
                .collect();
            let text = ev::slip::enter(&self.d, &slot.board, slot.table, &entries).map_err(err)?;
            self.set_aside(&record, &aside)?;
            write::atomic(&slip_file(&self.records, id), &text).map_err(err)?;
            tables.remove(id);
            round.slots[i].paper = Some(slip_file(&self.records, id));
            return Ok(());
        }
        // The paper's moves, played on the board from its start, strict as the table is.
        let start = self.skeleton(&slot).map_err(err)?;
        let mut live = open_record(&record, &start)?;
        let lines: Vec<&str> = moves
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        if lines.is_empty() {
            return Err("no move given: type the paper's moves, one a line".into());
        }
        for (n, line) in lines.iter().enumerate() {
            if live.to_move().is_none() {
                return Err(format!(
                    "line {}: `{line}`: the game is over after line {n}",
                    n + 1
                ));
            }
            match live.apply(line, View::Director) {
                Answer::Legal { .. } => {}
                Answer::Illegal { .. } if live.ended().is_some() => {}
                Answer::Illegal {
                    rule,
                    code,
                    message,
                    ..
                } => {
                    return Err(format!(
                        "line {}: `{line}` breaks {rule} [{code}]: {message}",
                        n + 1
                    ))
                }
                Answer::Unreadable { message, .. } => {
                    return Err(format!("line {}: `{line}` is not a move: {message}", n + 1))
                }
            }
        }
        self.set_aside(&record, &aside)?;
        let d = desk(live, record);
        d.save().map_err(err)?;
        tables.insert(id, d);
        Ok(())
    }

    /// Keep the tablet's record aside (the first one only: a second paper result replaces
    /// the first).
    fn set_aside(&self, record: &Path, aside: &Path) -> Result<(), String> {
        if aside.exists() {
            return Ok(());
        }
        if record.exists() {
            std::fs::rename(record, aside).map_err(|e| format!("{}: {e}", record.display()))?;
        }
        Ok(())
    }

    /// Re-open table `id`: a paper result withdrawn (the tablet's record put back), or a
    /// game over taken back by its last move, so that the table plays on.
    pub fn reopen(&self, tables: &Tables, id: &str) -> Result<String, String> {
        let mut round = self.lock();
        let Some(i) = round.slots.iter().position(|s| s.id == id) else {
            return Err(format!("no table {id} in this round"));
        };
        let slot = round.slots[i].clone();
        let err = |e: Error| e.render(false).trim_end().to_string();
        let record = self.records.join(format!("{id}.toml"));
        let aside = set_aside(&self.records, id);
        if slot.paper.is_some() || aside.exists() {
            if let Some(p) = &slot.paper {
                std::fs::remove_file(p).map_err(|e| format!("{}: {e}", p.display()))?;
            }
            if aside.exists() {
                std::fs::rename(&aside, &record)
                    .map_err(|e| format!("{}: {e}", aside.display()))?;
            } else {
                let _ = std::fs::remove_file(&record);
            }
            round.slots[i].paper = None;
            let d = self.desk_of(&slot).map_err(err)?;
            tables.insert(id, d);
            return Ok("the paper result is withdrawn: the table's own record is back".into());
        }
        let Some(desk) = tables.get(id) else {
            return Err(format!("no table {id}"));
        };
        let mut d = tables::lock(&desk);
        if d.live.to_move().is_some() {
            return Err("the table is playing: there is nothing to re-open".into());
        }
        let Some(p) = d.live.undo(View::Director) else {
            return Err("no move to take back".into());
        };
        if let Err(e) = d.save() {
            d.live.redo(View::Director);
            return Err(err(e));
        }
        Ok(format!(
            "move {} ({}, {}) taken back: the table plays on",
            p.number, p.player, p.notation
        ))
    }
}

/// The records folder's `*.toml` files: name, length, modification time (ns) and, on Unix,
/// the inode (every write is a new file renamed into place, so a record written twice in one
/// clock tick at the same length is still seen to change).
fn fingerprint(records: &Path) -> Vec<(String, u64, u128, u64)> {
    let mut seen: Vec<(String, u64, u128, u64)> = std::fs::read_dir(records)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "toml"))
        .filter_map(|e| {
            let m = e.metadata().ok()?;
            let t = m
                .modified()
                .ok()?
                .duration_since(std::time::UNIX_EPOCH)
                .ok()?
                .as_nanos();
            #[cfg(unix)]
            let ino = std::os::unix::fs::MetadataExt::ino(&m);
            #[cfg(not(unix))]
            let ino = 0;
            Some((
                e.file_name().to_string_lossy().into_owned(),
                m.len(),
                t,
                ino,
            ))
        })
        .collect();
    seen.sort();
    seen
}
