//! `tavolo duplicate deal|score`: duplicate Scrabble for Natura Shakerata (issue 14). `deal`
//! plays a seeded game round by round (each rack, its top) and writes it as a record that
//! `tavolo check` verifies; `score` scores the players' moves against a game's tops. The
//! rules followed are in `docs/duplicate.md`; the engine in `crate::games::natura::duplicate`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::json;

use super::args::Force;
use super::out::{self, outln};
use crate::deal::ALGORITHM;
use crate::error::Error;
use crate::games::natura::duplicate::draw::{rack_text, ALGORITHM as DRAW};
use crate::games::natura::duplicate::judge::percent_text;
use crate::games::natura::duplicate::record::{self as drecord, placement_text, Words};
use crate::games::natura::duplicate::submissions_record as submissions;
use crate::games::natura::duplicate::{Duplicate, End, Round};
use crate::record::{write, Record, Source};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: Sub,
}

impl Args {
    pub fn json(&self) -> bool {
        match &self.command {
            Sub::Deal(a) => a.json,
            Sub::Score(a) => a.json,
        }
    }
}

#[derive(Debug, clap::Subcommand)]
pub enum Sub {
    /// Play a seeded duplicate game: print each round's rack and top, write it as a record.
    Deal(DealArgs),
    /// Score players' moves (TOML: `[round.N]`, `name = "H8 across CASA"`) against a game.
    Score(ScoreArgs),
}

#[derive(Debug, clap::Args)]
pub struct DealArgs {
    /// Seed text; without it a fresh 256-bit seed from the operating system is used and printed.
    #[arg(long)]
    pub seed: Option<String>,
    /// Board number, for several games from one seed.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub board: u32,
    /// Stop after this many rounds (default: play to the end).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub rounds: Option<u64>,
    /// The words: a file of words (by line or space; written into the record). Default: NS-2's
    /// lists, or the --lexicon lists (named in the record).
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath,
          conflicts_with_all = ["lexicon", "lexicon_only"])]
    pub words: Option<PathBuf>,
    #[command(flatten)]
    pub lexicon: super::lexicon::LexiconArgs,
    /// Write the game as a record (`tavolo check` verifies it): TOML, or GCG when the name
    /// ends in `.gcg`.
    #[arg(long, short = 'o', value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub out: Option<PathBuf>,
    /// The record's format: toml or gcg (default: as the --out file's name ends, else toml).
    #[arg(long, value_name = "FORMAT", requires = "out", value_parser = super::args::Choices::new(crate::games::foreign::names))]
    pub format: Option<String>,
    #[command(flatten)]
    pub force: Force,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, clap::Args)]
pub struct ScoreArgs {
    /// The game: a record written by `tavolo duplicate deal --out`.
    #[arg(value_name = "GAME.toml", value_hint = clap::ValueHint::FilePath)]
    pub game: PathBuf,
    /// The players' moves: one or more TOML files (per round or per player).
    #[arg(long, required = true, num_args = 1.., value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub moves: Vec<PathBuf>,
    #[command(flatten)]
    pub lexicon: super::lexicon::LexiconArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    match args.command {
        Sub::Deal(a) => deal(a),
        Sub::Score(a) => score(a),
    }
}

fn read_text(path: &Path) -> Result<String, Error> {
    crate::input::read_to_string(path, crate::input::RECORD)
        .map_err(|e| Error::io("cli.read", path, &e))
}

/// A word list file: words separated by spaces or line breaks; blank lines and lines
/// starting with `#` skipped.
fn words_file(path: &Path) -> Result<Words, Error> {
    let text = read_text(path)?;
    let mut words = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with('#') {
            continue;
        }
        for w in line.split_whitespace() {
            if let Err(bad) = Words::inline([w]) {
                let column = line.find(w).map_or(1, |c| line[..c].chars().count() + 1);
                return Err(Error::input(
                    "duplicate.bad-word",
                    format!("`{bad}` is not a word of 2 letters or more (NS-2)"),
                )
                .at(crate::error::Location::line_column(path, i + 1, column)));
            }
            words.push(w);
        }
    }
    Words::inline(words).map_err(|bad| Error::input("duplicate.bad-word", bad))
}

fn round_json(r: &Round) -> serde_json::Value {
    let (word, at, dir) = drecord::placement_fields(&r.top.play);
    json!({
        "round": r.number,
        "rack": rack_text(&r.drawn.rack),
        "kept": rack_text(&r.drawn.kept),
        "rejected": r.drawn.rejected.iter().map(|x| rack_text(x)).collect::<Vec<_>>(),
        "top": {"word": word, "at": at, "dir": dir, "score": r.top.score, "tiles": r.top.tiles},
        "total": r.total,
        "leave": rack_text(&r.leave),
    })
}

fn round_line(r: &Round) -> String {
    let mut line = format!(
        "{:>3}  {:<15} {:<26} {:>4} {:>6}",
        r.number,
        r.drawn.text(),
        placement_text(&r.top.play),
        r.top.score,
        r.total
    );
    if !r.drawn.rejected.is_empty() {
        let back: Vec<String> = r.drawn.rejected.iter().map(|x| rack_text(x)).collect();
        line.push_str(&format!("  (returned: {})", back.join(", ")));
    }
    line
}

fn deal(args: DealArgs) -> Result<ExitCode, Error> {
    args.lexicon.choose(args.json)?;
    if let Some(path) = &args.out {
        args.force.check(path)?;
    }
    let gcg = crate::games::foreign::output("natura", args.out.as_deref(), args.format.as_deref())?
        .is_some();
    let seed = match &args.seed {
        Some(s) => s.clone(),
        None => {
            let fresh = crate::deal::fresh_seed()?;
            super::out::errln!(
                "note: a fresh seed from the operating system; play it again with --seed {fresh}"
            );
            fresh
        }
    };
    let words = match &args.words {
        Some(p) => words_file(p)?,
        None => Words::run(),
    };
    let graph = words.graph()?;
    let mut game = Duplicate::new(&seed, args.board, &graph);
    let limit = args.rounds.map_or(usize::MAX, |n| n as usize);
    let rounds: Vec<Round> = game.by_ref().take(limit).collect();
    // Cut by --rounds: one round more tells whether the game had ended there anyway.
    if game.end().is_none() && rounds.len() == limit {
        game.next();
    }
    let end: Option<End> = game.end().cloned();
    let total = rounds.last().map_or(0, |r| r.total);
    let deal = drecord::provenance(&seed, args.board);
    if let Some(path) = &args.out {
        let text = if gcg {
            crate::games::natura::gcg_record::duplicate_gcg(&words, &rounds, end.as_ref())
        } else {
            drecord::record_text(&deal, &words, &rounds)
        };
        write::atomic(path, &text)?;
    }
    if args.json {
        out::json(&json!({
            "algorithm": ALGORITHM,
            "draw": DRAW,
            "seed": seed,
            "board": args.board,
            "words": words.describe(),
            "rounds": rounds.iter().map(round_json).collect::<Vec<_>>(),
            "end": end.as_ref().map(End::describe),
            "total": total,
            "record": args.out.as_ref().map(|p| p.display().to_string()),
        }));
        return Ok(ExitCode::SUCCESS);
    }
    outln!(
        "natura duplicate, seed {seed:?}, board {} ({ALGORITHM}, draw {DRAW}); words: {}",
        args.board,
        words.describe()
    );
    outln!(
        "{:>3}  {:<15} {:<26} {:>4} {:>6}",
        "#",
        "rack",
        "top",
        "pts",
        "total"
    );
    for r in &rounds {
        outln!("{}", round_line(r));
    }
    match &end {
        Some(e) => outln!(
            "end after {} rounds: {}; the tops total {total}",
            rounds.len(),
            e.describe()
        ),
        None => outln!(
            "stopped after {} rounds (--rounds), the game goes on; the tops total {total}",
            rounds.len()
        ),
    }
    if let Some(p) = &args.out {
        super::out::wrote(p, &crate::t!("out-what-game-record"));
    }
    Ok(ExitCode::SUCCESS)
}

fn score(args: ScoreArgs) -> Result<ExitCode, Error> {
    args.lexicon.choose(args.json)?;
    let src = Source::new(&args.game, read_text(&args.game)?);
    let record = Record::parse(&src, &crate::games::Registry)?;
    if record.game != "natura" || record.variant != drecord::VARIANT {
        return Err(Error::input(
            "duplicate.not-duplicate",
            format!(
                "{} is a {} ({}) record, not a duplicate game",
                args.game.display(),
                record.game,
                record.variant
            ),
        )
        .help("`tavolo duplicate deal --seed S --out game.toml` writes one"));
    }
    let loaded = drecord::load(&record, &src)?;
    if let Some(i) = &loaded.verdict.illegal {
        return Err(Error::failed(
            "duplicate.game-illegal",
            format!(
                "{}:{}:{}: the game does not check: {}",
                args.game.display(),
                i.line,
                i.column,
                i.message
            ),
        )
        .help("`tavolo check` reports it in full"));
    }
    let mut files = Vec::new();
    for p in &args.moves {
        files.push((p.clone(), read_text(p)?));
    }
    let subs = submissions::read_files(&files, loaded.rounds.len())?;
    let results = submissions::score(&loaded, &subs);
    let top: u32 = loaded.rounds.iter().map(|r| r.top.score).sum();
    if args.json {
        out::json(&json!({
            "game": args.game.display().to_string(),
            "rounds": loaded.rounds.len(),
            "top": top,
            "players": results,
        }));
        return Ok(ExitCode::SUCCESS);
    }
    outln!(
        "{}: {} rounds, the tops total {top}",
        args.game.display(),
        loaded.rounds.len()
    );
    for p in &results {
        let tenths = (p.percent * 10.0).round() as u32;
        outln!(
            "{}: {} ({} of the top)",
            p.player,
            p.total,
            percent_text(tenths)
        );
        for r in &p.rounds {
            let tenths = (r.percent * 10.0).round() as u32;
            let what = match (&r.mv, r.legal) {
                (None, _) => "no move: 0".to_string(),
                (Some(m), true) => {
                    format!("{m}: {} of {} ({})", r.score, r.top, percent_text(tenths))
                }
                (Some(m), false) => format!(
                    "{m}: 0, illegal: {} [{}]",
                    r.reason.as_deref().unwrap_or(""),
                    r.code.unwrap_or("")
                ),
            };
            let at = match (&r.at, r.legal) {
                (Some(at), false) if r.mv.is_some() => format!(" ({at})"),
                _ => String::new(),
            };
            outln!("  round {}: {what}{at}", r.round);
        }
    }
    Ok(ExitCode::SUCCESS)
}
