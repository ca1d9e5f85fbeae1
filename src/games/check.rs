//! The library entry point of `tavolo check`: read a record, find its game in
//! the registry, and judge it into a [`Report`] (legal, illegal or unreadable).

use std::path::Path;

use serde::Serialize;

pub use super::foreign::{Foreign, Judged};
use crate::error::Error;
use crate::record::{Node, Record, Source, Status, Verdict};

/// The report on one file. In JSON every key is always present, whatever the outcome
/// (`docs/records.md`): `file`, `game`, `variant`, `players`, `status`, `moves`, `illegal`,
/// `result`, `to_move`, `notes`, `details`, `error`; `null` where one does not apply (an
/// unreadable record has no game or moves, a judged one no error), `[]` for an empty list.
#[derive(Debug, Clone)]
pub struct Report {
    pub file: String,
    pub outcome: Outcome,
}

impl Serialize for Report {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        #[serde(untagged)]
        enum StatusJson {
            Judged(Status),
            Unreadable(&'static str),
        }
        #[derive(Serialize)]
        struct Shape<'a> {
            file: &'a str,
            game: Option<&'a str>,
            variant: Option<&'a str>,
            players: &'a [String],
            status: StatusJson,
            moves: Option<usize>,
            illegal: Option<&'a crate::record::Illegal>,
            result: Option<&'a crate::record::GameResult>,
            to_move: Option<&'a str>,
            notes: &'a [String],
            details: &'a [crate::record::MoveDetail],
            error: Option<&'a ErrorReport>,
        }
        let shape = match &self.outcome {
            Outcome::Judged {
                game,
                variant,
                players,
                verdict: v,
            } => Shape {
                file: &self.file,
                game: Some(game),
                variant: Some(variant),
                players,
                status: StatusJson::Judged(v.status),
                moves: Some(v.moves),
                illegal: v.illegal.as_ref(),
                result: v.result.as_ref(),
                to_move: v.to_move.as_deref(),
                notes: &v.notes,
                details: &v.details,
                error: None,
            },
            Outcome::Unreadable { status, error } => Shape {
                file: &self.file,
                game: None,
                variant: None,
                players: &[],
                status: StatusJson::Unreadable(status),
                moves: None,
                illegal: None,
                result: None,
                to_move: None,
                notes: &[],
                details: &[],
                error: Some(error),
            },
        };
        shape.serialize(s)
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum Outcome {
    Judged {
        game: String,
        variant: String,
        players: Vec<String>,
        #[serde(flatten)]
        verdict: Box<Verdict>,
    },
    Unreadable {
        status: &'static str,
        error: ErrorReport,
    },
}

/// An unreadable record's error; in JSON every key is present (`null` when
/// there is no line, column or help), as in every command's `--json` error.
#[derive(Debug, Clone, Serialize)]
pub struct ErrorReport {
    pub code: &'static str,
    pub message: String,
    pub file: Option<String>,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub help: Option<String>,
    #[serde(skip)]
    pub display: String,
}

impl Report {
    /// 0 legal, 1 illegal, 2 unreadable.
    pub fn exit_code(&self) -> u8 {
        match &self.outcome {
            Outcome::Judged { verdict, .. } if verdict.is_legal() => 0,
            Outcome::Judged { .. } => 1,
            Outcome::Unreadable { .. } => 2,
        }
    }
}

/// Judge one record given as text (the library entry point of `tavolo check`).
pub fn check_text(path: &Path, text: String) -> Report {
    let src = Source::new(path, text);
    report(&src, Record::parse(&src, &super::Registry))
}

/// The report on a record read (or not) from `src`.
fn report(src: &Source, record: Result<Record, Error>) -> Report {
    let outcome = match record.and_then(|record| judge(src, record)) {
        Ok((record, verdict)) => Outcome::Judged {
            game: record.game.to_string(),
            variant: record.variant.clone(),
            players: record.player_names(),
            verdict: Box::new(verdict),
        },
        Err(e) => unreadable(e),
    };
    Report {
        file: src.path().display().to_string(),
        outcome,
    }
}

/// [`check_text`], keeping the end of the record's replay (the running scores move by move,
/// the seat to move: [`super::replay::keeping`]), so that nothing replays it again.
pub fn check_text_kept(path: &Path, text: String) -> (Report, Option<super::replay::Kept>) {
    super::replay::keeping(true, || check_text(path, text))
}

/// [`check_text_kept`] of a record whose text the caller has already parsed (`doc`, from
/// [`Node::document`]: `tavolo event results` reads the record's head from the same parse),
/// keeping the moves explained only if `history` (to check a score slip against).
pub fn check_parsed_kept(
    src: &Source,
    doc: Node,
    history: bool,
) -> (Report, Option<super::replay::Kept>) {
    super::replay::keeping(history, || {
        report(src, Record::of_document(src, doc, &super::Registry))
    })
}

/// Read and judge one record file; `-` reads standard input (named `<stdin>`).
pub fn check_file(path: &Path) -> Report {
    if let Some(reader) = super::foreign::reader(path) {
        let outcome = match crate::input::read(path, crate::input::RECORD) {
            Ok(bytes) => match reader.check(path, &bytes) {
                Ok(j) => Outcome::Judged {
                    game: j.game,
                    variant: j.variant,
                    players: j.players,
                    verdict: Box::new(j.verdict),
                },
                Err(e) => unreadable(e),
            },
            Err(e) => unreadable(Error::io("record.unreadable", path, &e)),
        };
        return Report {
            file: path.display().to_string(),
            outcome,
        };
    }
    if path == Path::new("-") {
        let stdin = Path::new("<stdin>");
        return match crate::input::read_stdin_to_string(crate::input::RECORD) {
            Ok(text) => check_text(stdin, text),
            Err(e) => Report {
                file: stdin.display().to_string(),
                outcome: unreadable(Error::io("record.unreadable", stdin, &e)),
            },
        };
    }
    match crate::input::read_to_string(path, crate::input::RECORD) {
        Ok(text) => check_text(path, text),
        Err(e) => Report {
            file: path.display().to_string(),
            outcome: unreadable(Error::io("record.unreadable", path, &e)),
        },
    }
}

fn judge(src: &Source, record: Record) -> Result<(Record, Verdict), Error> {
    let game = super::require(record.game)?;
    let verdict = game.check(&record, src)?;
    let mut verdict = super::ending::judge_resigned(src, &record, verdict)?;
    if record.moves.is_empty() && verdict.status == Status::LegalSoFar && verdict.to_move.is_none()
    {
        // A record with its setup and no moves yet (as `tavolo deal --record`
        // writes it): the game reads the setup, the first player is to move.
        verdict.to_move = record.players.first().map(|p| p.name.clone());
    }
    Ok((record, verdict))
}

fn unreadable(e: Error) -> Outcome {
    let loc = e.location.as_deref();
    Outcome::Unreadable {
        status: "unreadable",
        error: ErrorReport {
            code: e.code,
            message: e.message.clone(),
            file: loc.map(|l| l.file.display().to_string()),
            line: loc.and_then(|l| l.line),
            column: loc.and_then(|l| l.column),
            help: e.help.clone(),
            display: e.to_string(),
        },
    }
}

/// How many records were legal, illegal and unreadable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub records: usize,
    pub legal: usize,
    pub illegal: usize,
    pub unreadable: usize,
}

impl Summary {
    pub fn of(reports: &[Report]) -> Summary {
        let count = |code| reports.iter().filter(|r| r.exit_code() == code).count();
        Summary {
            records: reports.len(),
            legal: count(0),
            illegal: count(1),
            unreadable: count(2),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `event results` judges a record from the parse it read the record's head from:
    /// the report is the one `check` gives on the text, and so is the end of the replay
    /// (its scores and seat to move; the moves explained only when asked for), for every
    /// game's fixtures, illegal and unreadable ones included.
    #[test]
    fn a_record_judged_from_its_parse_is_judged_as_from_its_text() {
        let mut judged = 0;
        for (_, path) in super::super::fixture_records() {
            let text = std::fs::read_to_string(&path).unwrap();
            let Ok(parsed) = toml::de::DeTable::parse(&text) else {
                continue;
            };
            let (report, kept) = check_text_kept(&path, text.clone());
            let src = Source::new(&path, text.clone());
            for history in [true, false] {
                let doc = Node::document(&parsed);
                let (again, kept_again) = check_parsed_kept(&src, doc, history);
                let at = path.display();
                assert_eq!(format!("{again:?}"), format!("{report:?}"), "{at}");
                if history {
                    assert_eq!(kept_again, kept, "{at}");
                } else {
                    let strip = |k: &super::super::replay::Kept| (k.scores.clone(), k.to_move);
                    assert_eq!(kept_again.as_ref().map(strip), kept.as_ref().map(strip));
                    assert!(kept_again.is_none_or(|k| k.history.is_empty()), "{at}");
                }
            }
            judged += usize::from(matches!(report.outcome, Outcome::Judged { .. }));
        }
        assert!(judged > 50, "{judged} fixtures judged");
    }
}
