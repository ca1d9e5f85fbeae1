//! The library entry point of `tavolo check`: read a record, find its game in
//! the registry, and judge it into a [`Report`] (legal, illegal or unreadable).

use std::path::Path;

use serde::Serialize;

use crate::error::Error;
use crate::record::{Record, Source, Verdict};

/// The report on one file.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub file: String,
    #[serde(flatten)]
    pub outcome: Outcome,
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

#[derive(Debug, Clone, Serialize)]
pub struct ErrorReport {
    pub code: &'static str,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
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
    let outcome = match judge(&src) {
        Ok((record, verdict)) => Outcome::Judged {
            game: record.game.to_string(),
            variant: record.variant.clone(),
            players: record.player_names(),
            verdict: Box::new(verdict),
        },
        Err(e) => unreadable(e),
    };
    Report {
        file: path.display().to_string(),
        outcome,
    }
}

/// Read and judge one record file.
pub fn check_file(path: &Path) -> Report {
    match std::fs::read_to_string(path) {
        Ok(text) => check_text(path, text),
        Err(e) => Report {
            file: path.display().to_string(),
            outcome: unreadable(Error::io("record.unreadable", path, &e)),
        },
    }
}

fn judge(src: &Source) -> Result<(Record, Verdict), Error> {
    let record = Record::parse(src, &super::Registry)?;
    let game = super::require(record.game)?;
    let verdict = game.check(&record, src)?;
    Ok((record, verdict))
}

fn unreadable(e: Error) -> Outcome {
    let (line, column) = e
        .location
        .as_ref()
        .map_or((None, None), |l| (l.line, l.column));
    Outcome::Unreadable {
        status: "unreadable",
        error: ErrorReport {
            code: e.code,
            message: e.message.clone(),
            line,
            column,
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
