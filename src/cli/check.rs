//! `tavolo check RECORD...`: replay each record and report its verdict.
//! Exit 0 when every record is legal, 1 when any is illegal, 2 when any is unreadable.
//! A record is TOML, or a game's own format known by its extension (GCG);
//! `-` reads a TOML record from standard input.

use std::path::PathBuf;
use std::process::ExitCode;

use serde::Serialize;

use super::out::{self, count, out};
use crate::error::Error;
use crate::games::check::{check_file, Outcome, Report, Summary};
use crate::record::Status;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Record files to check: TOML, or a game's own format by its extension (below); `-`
    /// reads a TOML record from standard input.
    #[arg(required = true, value_name = "RECORD", value_hint = clap::ValueHint::FilePath)]
    pub records: Vec<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Print only the records that are not legal (and the count line); the progress bar
    /// still shows on a terminal.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Records checked at once (default: the number of CPUs).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// The words that judge (natura): these lists replace the one each record names.
    #[command(flatten)]
    pub lexicon: super::lexicon::LexiconArgs,
}

/// What `tavolo check --help` says after the options: the formats a record
/// may be in, from the registry (GCG for the game that reads it).
pub fn after_help() -> String {
    let foreign: Vec<String> = crate::games::GAMES
        .iter()
        .filter_map(|g| {
            let f = g.foreign()?;
            let ext = f.extension();
            Some(format!(
                "{} files (`.{ext}`) for {}",
                ext.to_uppercase(),
                g.name()
            ))
        })
        .collect();
    let mut text = String::from("A record is a TOML file (docs/records.md)");
    if !foreign.is_empty() {
        text.push_str(&format!(
            ", or a game's own format, known by the file's extension: {}",
            foreign.join(", ")
        ));
    }
    text.push_str(
        ".\n\nExit status: 0 when every record is legal, 1 when any is illegal, 2 when any \
         is unreadable.",
    );
    text
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
            let moves = count(v.moves as u64, "move", "moves");
            let mut out = match v.status {
                Status::Complete => format!("{f}: legal and complete, {moves}\n"),
                Status::LegalSoFar => format!(
                    "{f}: legal so far, {moves}{}\n",
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
                match &r.winners[..] {
                    [] => {}
                    [w] => parts.push(format!("{w} wins")),
                    ws => parts.push(format!("{} share the win", ws.join(", "))),
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
    if args.records.iter().filter(|p| p.as_os_str() == "-").count() > 1 {
        return Err(Error::input(
            "cli.usage",
            "`-` (standard input) can be given only once",
        ));
    }
    args.lexicon.choose(args.json)?;
    let reports = check_all(&args);
    let code = reports.iter().map(Report::exit_code).max().unwrap_or(0);
    let summary = Summary::of(&reports);
    if args.json {
        #[derive(Serialize)]
        struct All<'a> {
            records: &'a [Report],
            summary: Summary,
        }
        out::json(&All {
            records: &reports,
            summary,
        });
    } else {
        let mut text = String::new();
        for r in reports.iter().filter(|r| !args.quiet || r.exit_code() != 0) {
            text.push_str(&render(r));
        }
        if reports.len() > 1 {
            text.push_str(&format!(
                "{}: {} legal, {} illegal, {} unreadable\n",
                count(summary.records as u64, "record", "records"),
                summary.legal,
                summary.illegal,
                summary.unreadable
            ));
        }
        out!("{text}");
    }
    Ok(ExitCode::from(code))
}

/// Every record's report, in the order given, `--jobs` at a time, with a
/// progress bar for a person watching many files.
fn check_all(args: &Args) -> Vec<Report> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let paths = &args.records;
    let bar = out::progress(paths.len() as u64, args.json, "records");
    let jobs = super::args::jobs(args.jobs).min(paths.len().max(1));
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<Report>>> = Mutex::new(vec![None; paths.len()]);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(path) = paths.get(i) else { break };
                let report = check_file(path);
                if let Ok(mut slots) = slots.lock() {
                    slots[i] = Some(report);
                }
                if let Some(bar) = &bar {
                    bar.inc(1);
                }
            });
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    slots
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect()
}
