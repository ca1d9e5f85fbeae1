//! `tavolo check RECORD...`: replay each record and report its verdict.
//! Exit 0 when every record is legal, 1 when any is illegal, 2 when any is unreadable.
//! A record is TOML, or a game's own format known by its extension (GCG);
//! `-` reads a TOML record from standard input.

use std::path::PathBuf;
use std::process::ExitCode;

use serde::Serialize;

use super::out::{self, out};
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
                "{}\n  {}\n",
                crate::t!("check-unreadable", file = f.as_str()),
                error.display.replace('\n', "\n  ")
            )
        }
        Outcome::Judged { verdict: v, .. } => {
            let moves = crate::t!("count-moves", count = v.moves);
            let mut out = match v.status {
                Status::Complete => crate::t!("check-complete", file = f.as_str(), moves = moves),
                Status::LegalSoFar => match &v.to_move {
                    Some(p) => crate::t!(
                        "check-so-far-to-move",
                        file = f.as_str(),
                        moves = moves,
                        player = p.as_str()
                    ),
                    None => crate::t!("check-so-far", file = f.as_str(), moves = moves),
                },
                Status::Illegal => {
                    let i = v.illegal.as_ref().map_or(0, |i| i.number);
                    crate::t!(
                        "check-illegal",
                        file = f.as_str(),
                        number = i,
                        moves = v.moves
                    )
                }
            };
            out.push('\n');
            if let Some(i) = &v.illegal {
                out.push_str(&format!(
                    "  {f}:{}:{}: error[{}] {}\n",
                    i.line,
                    i.column,
                    i.code,
                    crate::t!(
                        "check-illegal-move",
                        number = i.number,
                        player = i.player.as_str(),
                        rule = i.rule,
                        message = i.message.as_str()
                    )
                ));
            }
            for note in &v.notes {
                out.push_str(&format!(
                    "  {}\n",
                    crate::t!("check-note", note = note.as_str())
                ));
            }
            if let Some(r) = &v.result {
                let mut parts = Vec::new();
                if r.annulled {
                    parts.push(crate::t!("check-annulled"));
                }
                match &r.winners[..] {
                    [] => {}
                    [w] => parts.push(crate::t!("verdict-wins", player = w.as_str())),
                    ws => parts.push(crate::t!("verdict-share", players = ws.join(", "))),
                }
                if !r.losers.is_empty() {
                    parts.push(crate::t!(
                        "check-lose",
                        players = r.losers.join(", "),
                        count = r.losers.len()
                    ));
                }
                if let Some(solved) = r.solved {
                    parts.push(crate::t!(if solved {
                        "check-solved"
                    } else {
                        "check-not-solved"
                    }));
                }
                for s in &r.scores {
                    parts.push(format!("{} {}", s.player, s.points));
                }
                out.push_str(&format!(
                    "  {}\n",
                    crate::t!(
                        "check-result",
                        parts = parts.join("; "),
                        reason = r.reason.as_str()
                    )
                ));
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
            text.push_str(&crate::t!(
                "check-summary",
                records = summary.records,
                legal = summary.legal,
                illegal = summary.illegal,
                unreadable = summary.unreadable
            ));
            text.push('\n');
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
