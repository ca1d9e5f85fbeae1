//! After the event: check the published key against the commitment, deal
//! every board again, and check each record against the board it claims.
//!
//! Whole-event failures (a description changed after it was published, a key
//! that is not the committed one) are errors with exit 1. Each record gets a
//! [`RecordReport`]: `ok`, `wrong-board` (it names one board but was dealt
//! another, or is of another game), `tampered` (its setup is not its board's)
//! or `wrong-event`, each naming the board and what differs; an unreadable
//! record is exit 2, as in `tavolo check`.

use std::path::Path;

use serde::{Deserialize, Serialize};
use toml::de::DeTable;

use super::boards::{self, Board, Label};
use super::{hex, Description, Key};
use crate::error::Error;
use crate::games::check::{check_parsed_kept, check_text, Outcome};
use crate::games::replay::{keeping, Kept};
use crate::record::{write, Node, Source, Verdict};

/// What the organiser published before the event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Commitment {
    pub description_sha256: [u8; 32],
    /// The key's commitment, if the published statement repeats it.
    pub key_sha256: Option<[u8; 32]>,
}

impl Commitment {
    /// The commitment file's text (`tavolo event new` writes it).
    pub fn file_text(d: &Description) -> String {
        format!(
            "# Publish this, with the description file, before the event (docs/events.md).\n\
             format = {}\nevent = {}\ndescription-sha256 = {}\nkey-sha256 = {}\n",
            write::string(super::ALGORITHM),
            write::string(&d.event),
            write::string(&d.sha256_hex()),
            write::string(&d.key_sha256.map(|k| hex(&k)).unwrap_or_default()),
        )
    }

    /// `--commitment`: the description's SHA-256 as 64 hex digits, or the
    /// path of a commitment file.
    pub fn from_arg(arg: &str) -> Result<Commitment, Error> {
        if let Some(h) = super::unhex32(arg.trim()) {
            return Ok(Commitment {
                description_sha256: h,
                key_sha256: None,
            });
        }
        let path = Path::new(arg);
        let text = std::fs::read_to_string(path).map_err(|e| {
            Error::io("event.unreadable", path, &e)
                .help("--commitment takes the published SHA-256 (64 hex digits) or its file")
        })?;
        let table: toml::Table =
            toml::from_str(&text).map_err(|e| Error::toml("event.commitment", path, &text, &e))?;
        let hash = |k: &str| -> Result<Option<[u8; 32]>, Error> {
            match table.get(k).and_then(|v| v.as_str()) {
                None | Some("") => Ok(None),
                Some(h) => super::unhex32(h).map(Some).ok_or_else(|| {
                    Error::input("event.commitment", format!("`{k}` is not 64 hex digits"))
                        .in_file(path)
                }),
            }
        };
        let description_sha256 = hash("description-sha256")?.ok_or_else(|| {
            Error::input("event.commitment", "no `description-sha256` in the file").in_file(path)
        })?;
        Ok(Commitment {
            description_sha256,
            key_sha256: hash("key-sha256")?,
        })
    }
}

/// The description's committed key, or exit 2 for a draft.
pub fn committed_key(d: &Description, path: &Path) -> Result<[u8; 32], Error> {
    d.key_sha256.ok_or_else(|| {
        Error::input(
            "event.description",
            "the description is a draft: it has no `key-sha256`",
        )
        .in_file(path)
        .help("`tavolo event new --from DRAFT` makes the key and the description to publish")
    })
}

/// The key is the committed one (exit 1 if not: nothing dealt from it counts).
pub fn check_key(d: &Description, path: &Path, key: &Key) -> Result<(), Error> {
    let committed = hex(&committed_key(d, path)?);
    let actual = key.commitment();
    if actual != committed {
        return Err(Error::failed(
            "event.key-mismatch",
            format!(
                "the key does not match the commitment: its SHA-256 is {actual}, \
                 the description commits to {committed}; no board of this key counts"
            ),
        )
        .help("use the key file published by the organiser, unchanged"));
    }
    Ok(())
}

/// The description is the one published (exit 1 if not).
pub fn check_description(d: &Description, c: &Commitment) -> Result<(), Error> {
    if d.sha256 != c.description_sha256 {
        return Err(Error::failed(
            "event.description-mismatch",
            format!(
                "the description was changed after it was published: its SHA-256 is {}, \
                 the commitment is {}",
                d.sha256_hex(),
                hex(&c.description_sha256)
            ),
        )
        .help("every byte counts: use the description file exactly as published"));
    }
    if let (Some(k), Some(dk)) = (c.key_sha256, d.key_sha256) {
        if k != dk {
            return Err(Error::failed(
                "event.description-mismatch",
                format!(
                    "the commitment names the key {} but the description {}",
                    hex(&k),
                    hex(&dk)
                ),
            ));
        }
    }
    Ok(())
}

/// The whole verification.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub algorithm: &'static str,
    pub event: String,
    pub description_sha256: String,
    pub key_sha256: String,
    /// The public value the boards were dealt with.
    pub public_value: String,
    /// Main and reserve boards dealt again.
    pub boards: usize,
    pub reserve: usize,
    pub records: Vec<RecordReport>,
    /// When every record fails as not its board's: the likelier cause.
    pub hint: Option<String>,
}

impl Report {
    /// 0 if every record is its board's, 2 if any is unreadable, else 1.
    pub fn exit_code(&self) -> u8 {
        self.records
            .iter()
            .map(|r| r.exit_code())
            .max()
            .unwrap_or(0)
    }
}

/// One record checked against its board.
#[derive(Debug, Clone, Serialize)]
pub struct RecordReport {
    pub file: String,
    /// The board the record claims (or, naming none, the one its seed gives).
    pub board: Option<String>,
    pub table: Option<i64>,
    /// `ok`, `wrong-board`, `tampered`, `wrong-event` or `unreadable`.
    pub status: &'static str,
    /// What differs, for people.
    pub message: Option<String>,
    /// The referee's verdict on the moves (`complete`, `legal-so-far`,
    /// `illegal`), when the record is its board's.
    pub verdict: Option<String>,
}

impl RecordReport {
    pub fn exit_code(&self) -> u8 {
        match self.status {
            "ok" => 0,
            "unreadable" => 2,
            _ => 1,
        }
    }
}

/// Verify the event. `records` are (path, text or read error).
pub fn verify(
    d: &Description,
    description_path: &Path,
    commitment: &Commitment,
    key: &Key,
    public: &str,
    records: &[(std::path::PathBuf, std::io::Result<String>)],
) -> Result<Report, Error> {
    check_description(d, commitment)?;
    check_key(d, description_path, key)?;
    let all = boards::all(d, key, public);
    for b in &all {
        // Every board deals (a failure here is a bug, reported, not a panic).
        b.deal(&b.section.names)?;
    }
    let records: Vec<RecordReport> = records
        .iter()
        .map(|(path, text)| match text {
            Ok(text) => check_record(d, &all, path, text),
            Err(e) => RecordReport {
                file: path.display().to_string(),
                board: None,
                table: None,
                status: "unreadable",
                message: Some(crate::error::io_reason(e)),
                verdict: None,
            },
        })
        .collect();
    Ok(Report {
        algorithm: super::ALGORITHM,
        event: d.event.clone(),
        description_sha256: d.sha256_hex(),
        key_sha256: key.commitment(),
        public_value: super::normalise_public(public).to_string(),
        boards: all
            .iter()
            .filter(|b| matches!(b.label, Label::Main(_)))
            .count(),
        reserve: all
            .iter()
            .filter(|b| matches!(b.label, Label::Reserve(_)))
            .count(),
        hint: hint(&records),
        records,
    })
}

/// Every record not its board's (wrong board or tampered) says more of the
/// boards dealt than of the records: a public value or key mistyped deals
/// other boards.
fn hint(records: &[RecordReport]) -> Option<String> {
    let all_fail = !records.is_empty()
        && records
            .iter()
            .all(|r| matches!(r.status, "wrong-board" | "tampered"));
    all_fail.then(|| {
        "every record fails: the public value or the key may be wrong (type the public value \
         exactly as announced, and use the key the organiser published)"
            .to_string()
    })
}

/// Check one record against the board it claims.
pub fn check_record(d: &Description, all: &[Board], path: &Path, text: &str) -> RecordReport {
    check_and_judge(d, all, path, text, false, &mut None)
}

/// A record that is its board's, as the referee judged it: the text judged
/// (with the board's `[deal]` added if the record had none) and the verdict.
#[derive(Debug, Clone)]
pub struct Judged {
    pub text: String,
    pub verdict: Verdict,
    /// The players by seat, as the record names them.
    pub players: Vec<String>,
    /// The end of the referee's replay: the running scores, the seat to move.
    pub kept: Option<Kept>,
}

/// What is read of a record before the referee reads it: its head and
/// `[meta]`, as values. Its moves are skipped, not built (a long game's moves
/// were most of the time spent here); the referee reads the same parse.
#[derive(Deserialize)]
struct Head {
    game: Option<toml::Value>,
    variant: Option<toml::Value>,
    players: Option<toml::Value>,
    deal: Option<toml::Value>,
    setup: Option<toml::Value>,
    meta: Option<toml::Value>,
}

/// [`check_record`], keeping the referee's judgement of a record that is its
/// board's in `judged` (what `tavolo event results` counts), with the moves
/// explained if `history` (for a score slip).
pub fn check_and_judge(
    d: &Description,
    all: &[Board],
    path: &Path,
    text: &str,
    history: bool,
    judged_out: &mut Option<Judged>,
) -> RecordReport {
    let mut report = RecordReport {
        file: path.display().to_string(),
        board: None,
        table: None,
        status: "ok",
        message: None,
        verdict: None,
    };
    let fail = |mut r: RecordReport, status, message: String| {
        r.status = status;
        r.message = Some(message);
        r
    };
    // One parse of the text, read twice: its head here, the whole record by
    // the referee (as `toml::from_str` would, with its errors).
    let (doc, node): (Head, Node) = match DeTable::parse(text).and_then(|parsed| {
        let node = Node::document(&parsed);
        Head::deserialize(toml::de::Deserializer::from(parsed)).map(|head| (head, node))
    }) {
        Ok(read) => read,
        Err(e) => return fail(report, "unreadable", e.message().trim().to_string()),
    };
    let meta = doc.meta.as_ref().and_then(|m| m.as_table());
    let deal = doc.deal.as_ref().and_then(|m| m.as_table());
    report.table = meta
        .and_then(|m| m.get("table"))
        .and_then(|t| t.as_integer());
    let seed = deal.and_then(|t| t.get("seed")).and_then(|s| s.as_str());
    let by_seed = seed.and_then(|s| all.iter().find(|b| b.seed == s));
    let claimed_label = match meta.and_then(|m| m.get("board")) {
        None => None,
        Some(v) => {
            let s = match v {
                toml::Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            match s.parse::<Label>() {
                Ok(l) => Some(l),
                Err(m) => return fail(report, "unreadable", format!("[meta] board: {m}")),
            }
        }
    };
    report.board = claimed_label.map(|l| l.to_string());
    if let Some(h) = meta
        .and_then(|m| m.get("event-sha256"))
        .and_then(|h| h.as_str())
    {
        if h != d.sha256_hex() {
            return fail(
                report,
                "wrong-event",
                format!(
                    "the record is of another event (event-sha256 {h}, this event is {})",
                    d.sha256_hex()
                ),
            );
        }
    }
    let board = match (claimed_label, by_seed) {
        (Some(l), _) => match all.iter().find(|b| b.label == l) {
            Some(b) => b,
            None => {
                return fail(
                    report,
                    "wrong-board",
                    format!("the record claims board {l}, which this event does not have"),
                );
            }
        },
        (None, Some(b)) => b,
        (None, None) => {
            let why = match seed {
                Some(_) => {
                    "its [deal] seed is no board's (dealt from another key, description or \
                     public value?)"
                }
                None => "it has neither a [meta] board nor a [deal] seed",
            };
            return fail(
                report,
                "wrong-board",
                format!("the record names no board of this event: {why}"),
            );
        }
    };
    let label = board.label;
    report.board = Some(label.to_string());

    // Game, variant and number of players: the board's section.
    let section = board.section;
    let game = doc.game.as_ref().and_then(|g| g.as_str()).unwrap_or("");
    let variant = doc
        .variant
        .as_ref()
        .and_then(|g| g.as_str())
        .unwrap_or_else(|| section.game.variants()[0]);
    // One variant written two ways (options in another order) is one variant.
    let variant = section
        .game
        .variant(variant)
        .unwrap_or_else(|_| variant.to_string());
    let players: Vec<String> = doc
        .players
        .as_ref()
        .and_then(|p| p.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    if game != section.game.name()
        || variant != section.variant
        || players.len() != section.names.len()
    {
        return fail(
            report,
            "wrong-board",
            format!(
                "board {label} is {} ({}) for {} players, the record is {game} ({variant}) \
                 for {}",
                section.game.name(),
                section.variant,
                section.names.len(),
                players.len()
            ),
        );
    }

    // The deal it names.
    if let Some(seed) = seed {
        if seed != board.seed {
            let msg = match by_seed {
                Some(other) => format!(
                    "the record claims board {label} but was dealt as board {} \
                     (its [deal] seed is board {}'s)",
                    other.label, other.label
                ),
                None => format!(
                    "the record claims board {label} but its [deal] seed is no board of \
                     this event: {seed}"
                ),
            };
            return fail(report, "wrong-board", msg);
        }
        let n = deal
            .and_then(|t| t.get("board"))
            .and_then(|b| b.as_integer());
        if n.unwrap_or(1) != i64::from(label.number()) {
            return fail(
                report,
                "tampered",
                format!(
                    "board {label}: [deal] board is {}, board {label} is dealt as board {}",
                    n.unwrap_or(1),
                    label.number()
                ),
            );
        }
    }

    // The setup written in the record, against the board dealt again.
    let has_deal = deal.is_some();
    let (judged, kept, with_deal) = if has_deal {
        let src = Source::new(path, text);
        let (judged, kept) = check_parsed_kept(&src, node, history);
        (judged, kept, src.text)
    } else {
        // The text the referee reads is not the one parsed.
        drop(node);
        let p = board.provenance();
        let with_deal = format!(
            "{text}\n[deal]\nalgorithm = {}\nseed = {}\nboard = {}\n",
            write::string(p.algorithm),
            write::string(&p.seed),
            p.board
        );
        let (judged, kept) = keeping(history, || check_text(path, with_deal.clone()));
        (judged, kept, with_deal)
    };
    if let Some(written) = doc.setup.as_ref() {
        let dealt = match dealt_setup(board, &players) {
            Ok(v) => v,
            Err(e) => return fail(report, "unreadable", e.message),
        };
        if let Some(diff) = first_difference("setup", written, &dealt) {
            // Written another way (a hand in another order) is still the deal,
            // if the game's own comparison says so.
            let game_agrees = matches!(judged.outcome, Outcome::Judged { .. });
            if !game_agrees {
                let other = all.iter().find(|b| {
                    b.label != label
                        && std::ptr::eq(b.section, section)
                        && dealt_setup(b, &players).is_ok_and(|s| &s == written)
                });
                return match other {
                    Some(o) => fail(
                        report,
                        "wrong-board",
                        format!(
                            "the record claims board {label} but its setup is board {}'s",
                            o.label
                        ),
                    ),
                    None => fail(report, "tampered", format!("board {label}: {diff}")),
                };
            }
        }
    }
    match judged.outcome {
        Outcome::Judged {
            verdict,
            players: names,
            ..
        } => {
            report.verdict = Some(
                serde_json::to_value(verdict.status)
                    .ok()
                    .and_then(|v| v.as_str().map(String::from))
                    .unwrap_or_default(),
            );
            *judged_out = Some(Judged {
                text: with_deal,
                verdict: *verdict,
                players: names,
                kept,
            });
            report
        }
        Outcome::Unreadable { error, .. } => fail(report, "unreadable", error.display),
    }
}

/// What a board deals: its game, variant, seed and number, and the players.
type Dealt = (&'static str, String, String, u32, Vec<String>);

thread_local! {
    /// The last `[setup]` [`dealt_setup`] gave on this thread: the records of one
    /// board come together (in the files' order), and dealing and reading the
    /// setup again for each was a thirtieth of `event results`.
    static LAST_SETUP: std::cell::RefCell<Option<(Dealt, toml::Value)>> =
        const { std::cell::RefCell::new(None) };
}

/// The `[setup]` table board `b` deals for these player names.
fn dealt_setup(b: &Board, players: &[String]) -> Result<toml::Value, Error> {
    let key: Dealt = (
        b.section.game.name(),
        b.section.variant.clone(),
        b.seed.clone(),
        b.label.number(),
        players.to_vec(),
    );
    if let Some(v) = LAST_SETUP.with(|l| {
        l.borrow()
            .as_ref()
            .filter(|(k, _)| *k == key)
            .map(|(_, v)| v.clone())
    }) {
        return Ok(v);
    }
    let deal = b.deal(players)?;
    let doc: toml::Table = toml::from_str(&deal.setup_toml)
        .map_err(|e| Error::failed("event.internal", e.to_string()))?;
    let setup = doc
        .get("setup")
        .cloned()
        .ok_or_else(|| Error::failed("event.internal", "a deal without [setup]"))?;
    LAST_SETUP.with(|l| *l.borrow_mut() = Some((key, setup.clone())));
    Ok(setup)
}

/// The first place where `written` differs from `dealt`, in words.
pub fn first_difference(at: &str, written: &toml::Value, dealt: &toml::Value) -> Option<String> {
    use toml::Value;
    match (written, dealt) {
        (Value::Table(w), Value::Table(d)) => {
            for (k, dv) in d {
                let path = format!("{at}.{}", write::key(k));
                match w.get(k) {
                    None => return Some(format!("`{path}` is missing; the board has {dv}")),
                    Some(wv) => {
                        if let Some(diff) = first_difference(&path, wv, dv) {
                            return Some(diff);
                        }
                    }
                }
            }
            w.keys().find(|k| !d.contains_key(*k)).map(|k| {
                format!(
                    "`{at}.{}` is not on the board: the record adds it",
                    write::key(k)
                )
            })
        }
        (w, d) if w == d => None,
        (w, d) => Some(format!("`{at}` is {w} in the record, {d} on the board")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differences_name_the_key_and_both_values() {
        let w: toml::Value =
            toml::from_str::<toml::Table>("centre = \"RR\"\n[hands]\nAnna = [\"BB\", \"VA\"]\n")
                .unwrap()
                .into();
        let d: toml::Value =
            toml::from_str::<toml::Table>("centre = \"RR\"\n[hands]\nAnna = [\"BB\", \"VV\"]\n")
                .unwrap()
                .into();
        assert_eq!(
            first_difference("setup", &w, &d).unwrap(),
            "`setup.hands.Anna` is [\"BB\", \"VA\"] in the record, [\"BB\", \"VV\"] on the board"
        );
        assert_eq!(first_difference("setup", &d, &d), None);
    }
}
