//! `tavolo check RECORD.toml...`: replay each record and report its verdict.
//! Exit 0 when every record is legal, 1 when any is illegal, 2 when any is unreadable.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::Serialize;

use crate::error::Error;
use crate::record::{Record, Source, Status, Verdict};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Record files to check.
    #[arg(required = true, value_name = "RECORD.toml")]
    pub records: Vec<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

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
            game: record.game.name().to_string(),
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
            outcome: unreadable(Error::input("record.unreadable", e.to_string()).in_file(path)),
        },
    }
}

fn judge(src: &Source) -> Result<(Record, Verdict), Error> {
    let record = Record::parse(src)?;
    let verdict = record.game.check(&record, src)?;
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

/// The text form of a report: a headline, then indented details.
pub fn render(report: &Report) -> String {
    let f = &report.file;
    match &report.outcome {
        Outcome::Unreadable { error, .. } => {
            format!(
                "{f}: unreadable\n  {}\n",
                error.display.replace('\n', "\n  ")
            )
        }
        Outcome::Judged { verdict: v, .. } => {
            let plural = |n: usize| if n == 1 { "" } else { "s" };
            let mut out = match v.status {
                Status::Complete => format!(
                    "{f}: legal and complete, {} move{}\n",
                    v.moves,
                    plural(v.moves)
                ),
                Status::LegalSoFar => format!(
                    "{f}: legal so far, {} move{}{}\n",
                    v.moves,
                    plural(v.moves),
                    v.to_move
                        .as_ref()
                        .map_or(String::new(), |p| format!("; {p} to move"))
                ),
                Status::Illegal => {
                    let i = v.illegal.as_ref().map_or(0, |i| i.number);
                    format!("{f}: illegal at move {i} of {}\n", v.moves)
                }
            };
            if let Some(i) = &v.illegal {
                out.push_str(&format!(
                    "  {f}:{}:{}: error[{}] move {} by {}: {}: {}\n",
                    i.line, i.column, i.code, i.number, i.player, i.rule, i.message
                ));
            }
            for note in &v.notes {
                out.push_str(&format!("  note: {note}\n"));
            }
            if let Some(r) = &v.result {
                let mut parts = Vec::new();
                if r.annulled {
                    parts.push("annulled".to_string());
                }
                if let Some(w) = &r.winner {
                    parts.push(format!("{w} wins"));
                }
                if !r.losers.is_empty() {
                    let verb = if r.losers.len() == 1 { "loses" } else { "lose" };
                    parts.push(format!("{} {verb}", r.losers.join(", ")));
                }
                if let Some(solved) = r.solved {
                    parts.push(if solved { "solved" } else { "not solved" }.to_string());
                }
                for s in &r.scores {
                    parts.push(format!("{} {}", s.player, s.points));
                }
                out.push_str(&format!("  result: {} ({})\n", parts.join("; "), r.reason));
            }
            out
        }
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

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let reports: Vec<Report> = args.records.iter().map(|p| check_file(p)).collect();
    let code = reports.iter().map(Report::exit_code).max().unwrap_or(0);
    let summary = Summary::of(&reports);
    if args.json {
        #[derive(Serialize)]
        struct All<'a> {
            records: &'a [Report],
            summary: Summary,
        }
        let json = serde_json::to_string_pretty(&All {
            records: &reports,
            summary,
        });
        println!("{}", json.unwrap_or_default());
    } else {
        let mut out = String::new();
        for r in &reports {
            out.push_str(&render(r));
        }
        if reports.len() > 1 {
            out.push_str(&format!(
                "{} records: {} legal, {} illegal, {} unreadable\n",
                summary.records, summary.legal, summary.illegal, summary.unreadable
            ));
        }
        print!("{out}");
    }
    Ok(ExitCode::from(code))
}
