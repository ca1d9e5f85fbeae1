//! The sessions a server holds, one a table, each with its record file in the sessions
//! folder (`ID.toml`), written whole and atomically after every accepted move and undo, so
//! a killed server loses nothing: at the next start every legal record of the folder is a
//! session again. Each table has its own lock, held from reading the position the move is
//! for to writing its record, so two moves sent for one turn are never both recorded.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, RwLock};

use crate::error::Error;
use crate::games::check::{check_text, Outcome};
use crate::games::session::{self, Live, View};
use crate::games::setup::Spec;
use crate::record::{write, Record, Source};

use super::rights::Seats;

/// One table: its session, the record file it writes, and who may act on its pages.
pub struct Desk {
    pub live: Box<dyn Live>,
    pub file: PathBuf,
    pub seats: Seats,
}

/// The file beside a record that keeps the seats played on the table's page
/// (`.ID.at-table`: their numbers from 1, on one line).
fn seats_file(record: &Path) -> PathBuf {
    let stem = record
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    record.with_file_name(format!(".{stem}.at-table"))
}

/// The seats played on the table's page, as the file beside `record` says (none if none).
pub fn read_seats(record: &Path, players: usize) -> Seats {
    let text = std::fs::read_to_string(seats_file(record)).unwrap_or_default();
    Seats {
        at_table: text
            .split_whitespace()
            .filter_map(|n| n.parse::<usize>().ok())
            .filter(|n| (1..=players).contains(n))
            .map(|n| n - 1)
            .collect(),
        ask: None,
    }
}

impl Desk {
    /// Write the record as it stands.
    pub fn save(&self) -> Result<(), Error> {
        // The writer's temporary in this process's name (`crate::output`'s `.NAME.tmp-PID`)
        // can only be a killed process's with the same id: the folder is this server's
        // ([`super::folder`]) and the table's lock is held, so no write of ours is under
        // way. Left there, it would make the write fail.
        if let (Some(dir), Some(name)) = (self.file.parent(), self.file.file_name()) {
            let tmp = format!(".{}.tmp-{}", name.to_string_lossy(), std::process::id());
            let _ = std::fs::remove_file(dir.join(tmp));
        }
        write::atomic(&self.file, &self.live.record())
    }

    /// Write the seats played on the table's page.
    pub fn save_seats(&self) -> Result<(), Error> {
        let line: Vec<String> = self
            .seats
            .at_table
            .iter()
            .map(|s| (s + 1).to_string())
            .collect();
        write::atomic(&seats_file(&self.file), &format!("{}\n", line.join(" ")))
    }
}

/// The tables, by id.
pub struct Tables {
    dir: PathBuf,
    map: RwLock<BTreeMap<String, Arc<Mutex<Desk>>>>,
}

/// Whether `id` may name a table: 1 to 64 ASCII letters, digits, `-` and `_` (so never a
/// path: no `/`, no `..`).
pub fn valid_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A table's lock, even if a request holding it once failed midway (its session is then
/// as it was before or after the move: `Live` changes nothing on a refusal).
pub fn lock(desk: &Mutex<Desk>) -> MutexGuard<'_, Desk> {
    desk.lock().unwrap_or_else(|e| e.into_inner())
}

/// A record that is not a session to go on with, in words.
fn refused(report: &crate::games::check::Report) -> String {
    match &report.outcome {
        Outcome::Unreadable { error, .. } => {
            let at = match (error.line, error.column) {
                (Some(l), Some(c)) => format!(" (line {l}, column {c})"),
                _ => String::new(),
            };
            format!("unreadable{at}: {} [{}]", error.message, error.code)
        }
        Outcome::Judged { verdict, .. } => match &verdict.illegal {
            Some(i) => format!(
                "move {} by {} breaks {} [{}]: {} (line {}); a session goes on only from a legal record",
                i.number, i.player, i.rule, i.code, i.message, i.line
            ),
            None => "not a legal record".to_string(),
        },
    }
}

/// The session of a record's text, checked first as `check` does; `Err` says why not.
pub fn open_text(name: &Path, text: &str) -> Result<Box<dyn Live>, String> {
    let report = check_text(name, text.to_string());
    if report.exit_code() != 0 && !crate::games::ending::strict_end(name, text) {
        return Err(refused(&report));
    }
    let src = Source::new(name, text.to_string());
    let record = Record::parse(&src, &crate::games::Registry).map_err(|e| e.render(false))?;
    let tables = session::find(record.game)
        .ok_or_else(|| format!("tavolo has no live session for {} yet", record.game))?;
    match tables.open(&record, &src) {
        Ok((live, None)) => Ok(live),
        Ok((_, Some(r))) => Err(format!(
            "internal error: the session refuses a move `check` accepts: {r:?}"
        )),
        Err(e) => Err(e.render(false).trim_end().to_string()),
    }
}

impl Tables {
    /// The tables of the records in `dir`; what cannot be resumed is left alone and said
    /// (`notes`).
    pub fn load(dir: &Path) -> Result<(Tables, Vec<String>), Error> {
        let mut map = BTreeMap::new();
        let mut notes = Vec::new();
        let entries = std::fs::read_dir(dir).map_err(|e| Error::io("serve.dir", dir, &e))?;
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        paths.sort();
        for path in paths {
            let Some(id) = path.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            if !valid_id(id) || !path.is_file() {
                notes.push(format!(
                    "{}: skipped (a table's name is letters, digits, - and _)",
                    path.display()
                ));
                continue;
            }
            let text = match std::fs::read_to_string(&path) {
                Ok(t) => t,
                Err(e) => {
                    notes.push(format!("{}: skipped: {e}", path.display()));
                    continue;
                }
            };
            match open_text(&path, &text) {
                Ok(live) => {
                    let seats = read_seats(&path, live.players().len());
                    let desk = Desk {
                        live,
                        file: path.clone(),
                        seats,
                    };
                    map.insert(id.to_string(), Arc::new(Mutex::new(desk)));
                }
                Err(why) => notes.push(format!("{}: skipped: {why}", path.display())),
            }
        }
        Ok((
            Tables {
                dir: dir.to_path_buf(),
                map: RwLock::new(map),
            },
            notes,
        ))
    }

    /// No table yet: the tables of an event's round are added one by one ([`Tables::insert`]).
    pub fn empty(dir: &Path) -> Tables {
        Tables {
            dir: dir.to_path_buf(),
            map: RwLock::new(BTreeMap::new()),
        }
    }

    /// Hold `desk` as table `id` (an event's table: its record file named by the event).
    pub fn insert(&self, id: &str, desk: Desk) {
        let mut map = self.map.write().unwrap_or_else(|e| e.into_inner());
        map.insert(id.to_string(), Arc::new(Mutex::new(desk)));
    }

    /// Let table `id` go (its record stays in the folder).
    pub fn remove(&self, id: &str) {
        let mut map = self.map.write().unwrap_or_else(|e| e.into_inner());
        map.remove(id);
    }

    pub fn get(&self, id: &str) -> Option<Arc<Mutex<Desk>>> {
        if !valid_id(id) {
            return None;
        }
        let map = self.map.read().unwrap_or_else(|e| e.into_inner());
        map.get(id).cloned()
    }

    /// The tables' ids, in order.
    pub fn ids(&self) -> Vec<String> {
        let map = self.map.read().unwrap_or_else(|e| e.into_inner());
        map.keys().cloned().collect()
    }

    pub fn len(&self) -> usize {
        self.map.read().unwrap_or_else(|e| e.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A new table dealt as `spec` says, forgiving (GN-4): its id.
    pub fn deal(&self, spec: &Spec) -> Result<String, Error> {
        self.deal_with(spec, false, None)
    }

    /// A new table dealt as `spec` says: its id. `strict` (GN-4): where the game's sheet
    /// punishes an illegal move (MOON's tile, Farfalia's revoke), the table records it and
    /// judges it instead of refusing it; a game whose sheet has no such rule plays
    /// forgiving all the same. The record keeps it (`[session] strict = true`), so the
    /// table stays strict when the server starts again.
    ///
    /// `machine`: the seats the machine plays (`2,4`, `2:strong`) and the strength of those
    /// named without one (issue 43); it makes its first moves before the record is written.
    pub fn deal_with(
        &self,
        spec: &Spec,
        strict: bool,
        machine: Option<(&str, Option<&str>)>,
    ) -> Result<String, Error> {
        let r = spec.resolve()?;
        let tables = session::find(r.game.name()).ok_or_else(|| {
            Error::input(
                "table.no-session",
                format!("tavolo has no live session for {} yet", r.game.name()),
            )
        })?;
        let mut live = tables.deal(&r.variant, &r.players, &r.provenance)?;
        if strict {
            // A game with no strict rule stays forgiving (see above).
            let _ = live.set_strict();
        }
        if let Some((seats, strength)) = machine {
            crate::games::machine_seat::seat_at_table(live.as_mut(), seats, strength)?;
            while let Some(session::Answer::Legal { .. }) = live.machine_move(View::Director) {}
        }
        self.add(live, &r.provenance.seed)
    }

    /// A new table going on from a record's text: its id, or why not.
    pub fn resume(&self, text: &str) -> Result<String, String> {
        let live = open_text(Path::new("record.toml"), text)?;
        self.add(live, "from").map_err(|e| e.render(false))
    }

    /// Name the session by its game and `label`, write its record, hold it.
    fn add(&self, live: Box<dyn Live>, label: &str) -> Result<String, Error> {
        let slug: String = label
            .chars()
            .map(|c| if c.is_whitespace() { '-' } else { c })
            .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .take(16)
            .collect();
        let stem = if slug.is_empty() {
            live.game().to_string()
        } else {
            format!("{}-{slug}", live.game())
        };
        // The name is chosen and the file written under the lock: two new tables at once
        // never take one name.
        let mut map = self.map.write().unwrap_or_else(|e| e.into_inner());
        for n in 1..10_000 {
            let id = format!("{stem}-{n}");
            let file = self.dir.join(format!("{id}.toml"));
            if map.contains_key(&id) || file.exists() {
                continue;
            }
            let desk = Desk {
                live,
                file,
                seats: Seats::default(),
            };
            desk.save()?;
            map.insert(id.clone(), Arc::new(Mutex::new(desk)));
            return Ok(id);
        }
        Err(Error::input(
            "serve.full",
            format!("every name {stem}-N is taken"),
        ))
    }
}
