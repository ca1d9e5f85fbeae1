//! `tavolo check RECORD.toml...`: replay each record and report its verdict.
//! Exit 0 when every record is legal, 1 when any is illegal, 2 when any is unreadable.

use std::path::PathBuf;
use std::process::ExitCode;

use serde::Serialize;

use crate::error::Error;
use crate::games::check::{check_file, Outcome, Report, Summary};
use crate::record::Status;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Record files to check.
    #[arg(required = true, value_name = "RECORD.toml")]
    pub records: Vec<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
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
