//! Pairing a round of an event in one call: what `tavolo event pair` does,
//! for any front end (the command line, a server). The records are read by
//! the caller ([`super::inputs::read`] for folders and files), the round is
//! paired from them ([`pair_round`]) and its records, the players' names in
//! their seats, are made ([`round_records`]) or written ([`write_round_records`]).

use std::path::{Path, PathBuf};

use super::boards::{self, Board};
use super::results::{self, Results};
use super::rounds::{self, Round};
use super::{Description, Key};
use crate::error::Error;

/// The round a section pairs next: the one after the last round any of its
/// records belongs to (1 before any). A round paired and not yet played is
/// paired again alike: the pairing is a function of the records before it.
pub fn next_round(results: &Results, si: usize) -> u32 {
    results
        .sections
        .get(si)
        .and_then(|s| s.records.iter().map(|r| r.round).max())
        .unwrap_or(0)
        + 1
}

/// Pair round `round` (`None`: [`next_round`]) of the paired section
/// `section` (1-based; `None`: the only paired one) of the event `d` from
/// `records` (path, text: the rounds before it). As `tavolo event pair`:
/// exit 2 for a round already played or bad input, 1 for results missing
/// from a round before it unless `allow_missing`.
pub fn pair_round(
    d: &Description,
    key: &Key,
    public: &str,
    records: &[(PathBuf, String)],
    section: Option<usize>,
    round: Option<u32>,
    allow_missing: bool,
) -> Result<Round, Error> {
    let si = rounds::paired_section(d, section)?;
    let round = match round {
        Some(r) => r,
        None => next_round(&results::results(d, key, public, records, None)?, si),
    };
    let r = results::results(d, key, public, records, Some((si, round.saturating_sub(1))))?;
    rounds::pair(d, si, &r, records, round, allow_missing)
}

/// The event in folder `dir` (`event.toml` and `event.key` as `tavolo event
/// new` writes them; `pairings.toml` beside them if any) paired as
/// [`pair_round`] pairs it, from the records in `records` (folders, their
/// `*.toml` files; files), the key checked against the description.
pub fn pair_folder(
    dir: &Path,
    public: &str,
    records: &[PathBuf],
    section: Option<usize>,
    round: Option<u32>,
    allow_missing: bool,
) -> Result<(Description, Round), Error> {
    let public = super::check_public(public)?;
    let path = dir.join("event.toml");
    let d = Description::read(&path)?;
    let key = Key::read(&dir.join("event.key"))?;
    super::verify::check_key(&d, &path, &key)?;
    let records = super::inputs::read(records)?;
    let round = pair_round(&d, &key, public, &records, section, round, allow_missing)?;
    Ok((d, round))
}

/// A record's file name: `board-03-table-1.toml`, `reserve-01-table-2.toml`
/// (the number zero-padded to the event's last board, two digits at least).
pub fn record_file_name(d: &Description, b: &Board, table: u32) -> String {
    let width = boards::labels(d)
        .iter()
        .map(|(l, _)| l.number())
        .max()
        .unwrap_or(1)
        .to_string()
        .len()
        .max(2);
    format!("{}-table-{table}.toml", b.label.file_stem(width))
}

/// The records of a paired round (file name, text), one per board of the
/// round and table, the players' names in their seats.
pub fn round_records(
    d: &Description,
    key: &Key,
    public: &str,
    round: &Round,
) -> Result<Vec<(String, String)>, Error> {
    let all = boards::all(d, key, public);
    let mut out = Vec::new();
    for label in &round.boards {
        if let Some(b) = all.iter().find(|b| b.label.to_string() == *label) {
            for t in &round.tables {
                let players = t.players();
                out.push((
                    record_file_name(d, b, t.table),
                    b.skeleton(d, t.table, &players)?,
                ));
            }
        }
    }
    Ok(out)
}

/// [`round_records`] written into `dir` (made if need be); a file already
/// there is refused unless `force` (exit 2, before any is written). The
/// files written.
pub fn write_round_records(
    d: &Description,
    key: &Key,
    public: &str,
    round: &Round,
    dir: &Path,
    force: bool,
) -> Result<Vec<PathBuf>, Error> {
    let records = round_records(d, key, public, round)?;
    let paths: Vec<PathBuf> = records.iter().map(|(name, _)| dir.join(name)).collect();
    let force = crate::cli::args::Force { force };
    for p in &paths {
        force.check(p)?;
    }
    std::fs::create_dir_all(dir).map_err(|e| Error::io("event.write", dir, &e))?;
    for (path, (_, text)) in paths.iter().zip(&records) {
        crate::record::write::atomic(path, text)?;
    }
    Ok(paths)
}
