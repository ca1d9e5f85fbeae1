//! `tavolo solve GAME`: decide a deal of a game that has a solver — a winning
//! line (written as a record that `tavolo check` accepts), a proof that there
//! is none, or "undecided" at a stated bound (see `crate::games::solve`).
//!
//! With `--seeds A..B` (or a comma list, ranges allowed) it decides many deals, in parallel, and
//! reports the counts; the output never depends on timing or on `--jobs`.
//!
//! Exit codes (see [`AFTER_HELP`]): one deal solved 0, unsolvable 1, undecided 3;
//! a `--seeds` survey 0; bad usage 2.
//!
//! `tavolo solve GAME RECORD` solves a position read from a record instead, for a game that
//! can (`crate::games::solve::SolvePosition`): Natura Shakerata's best moves for the player
//! to move, or with `--analyse` each turn's best move beside the one played.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::json;

use super::args::{self, Force};
use super::out::{self, count, errln, outln, percent};
use crate::deal::Provenance;
use crate::error::Error;
use crate::games::solve::{
    decide_all_reporting, seeds_of, Decided, PositionQuery, Rank, ScoreTally, Simulation,
    SolvePosition, WordLists,
};
use crate::record::write;
use crate::search::Limits;

/// Exit code of one deal proved unsolvable.
pub const EXIT_UNSOLVABLE: u8 = 1;
/// Exit code of one deal left undecided at the bound.
pub const EXIT_UNDECIDED: u8 = 3;

/// What `tavolo solve --help` says after the options.
pub const AFTER_HELP: &str = "\
Exit status: with --seed, 0 when the deal is solved, 1 when it is unsolvable (no line of play
wins, proved by exhaustive search), 3 when it is undecided (the search gave up at
--max-nodes or --max-memory-mb); with --seeds, 0 once every deal is reported (the counts are
the answer). 2 is bad usage, as for every command.

With a RECORD (natura): the best moves for the player to move after --move N (default: every
move of the record), with the rack the record deals or --rack; --analyse reviews every turn;
--simulate plays the best candidates out against random racks (seeded by --seed).
Words come from the record's lexicon, or from the --lexicon lists. Exit 0 when answered, 1
when the record is illegal before that position, 2 for bad usage or an unreadable record.";

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game: one that has a solver.
    #[arg(value_parser = args::solvable_games())]
    pub game: String,
    /// A record (TOML, or GCG for natura) whose position to solve, for a game that solves
    /// positions (natura) instead of deals.
    #[arg(value_name = "RECORD", value_hint = clap::ValueHint::FilePath,
          conflicts_with_all = ["seeds", "out"])]
    pub position: Option<PathBuf>,
    /// With a RECORD: the position after this many moves (default: all; 0 the start).
    #[arg(long = "move", value_name = "N", requires = "position")]
    pub after: Option<usize>,
    /// With a RECORD: the tiles of the player to move (`?` a jolly), when the record does
    /// not say them or to try others.
    #[arg(long, value_name = "LETTERS", requires = "position")]
    pub rack: Option<String>,
    /// With a RECORD: how many of the best moves to list.
    #[arg(long, value_name = "N", default_value_t = 10, requires = "position",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub top: u32,
    /// With a RECORD: review the whole game: each turn's best move beside the one played,
    /// and the points left on the table per player.
    #[arg(long, visible_alias = "analyze", requires = "position",
          conflicts_with_all = ["after", "rack"])]
    pub analyse: bool,
    /// With a RECORD (natura): once the bag is empty, search the endgame to its end for the
    /// best line by final spread (NS-4 included), deepening ply by ply; `--max-nodes` or
    /// `--time` bounds it, and the answer says whether it is proved.
    #[arg(long, requires = "position", conflicts_with_all = ["analyse", "rack", "top"])]
    pub endgame: bool,
    /// With --endgame: stop after this many seconds of search (then without the default
    /// --max-nodes); an answer cut short by time may differ from run to run, one proved not.
    #[arg(long, value_name = "SECONDS", requires = "endgame")]
    pub time: Option<f64>,
    /// With a RECORD (natura): rank moves by `score`, or by `equity` (the score plus what
    /// the tiles kept are worth, learned by `tavolo lexicon leaves learn`); default: equity
    /// when the lexicon has leave values, else score.
    #[arg(long, requires = "position", value_parser = ["score", "equity"])]
    pub rank: Option<String>,
    /// With a RECORD (natura): the leave values to rank by (default: the lexicon's own).
    #[arg(long, value_name = "FILE", requires = "position", value_hint = clap::ValueHint::FilePath)]
    pub leaves: Option<PathBuf>,
    /// With a RECORD (natura): play the best candidates out a few moves against racks drawn
    /// at random from the tiles the player to move cannot see, and rank them by the mean
    /// spread (plus the tiles kept), with its standard error; `--seed` picks the draws
    /// (default `tavolo`).
    #[arg(long, requires = "position", conflicts_with_all = ["analyse", "endgame", "top"])]
    pub simulate: bool,
    /// With --simulate: how many of the best moves (by equity, or score) to play out
    /// [default: 10].
    #[arg(long, value_name = "N", requires = "simulate",
          value_parser = clap::value_parser!(u32).range(1..=100))]
    pub candidates: Option<u32>,
    /// With --simulate: moves played after each candidate, by the machine player
    /// [default: 2].
    #[arg(long, value_name = "P", requires = "simulate",
          value_parser = clap::value_parser!(u32).range(0..=20))]
    pub plies: Option<u32>,
    /// With --simulate: draws of the hidden tiles each candidate is played out from
    /// [default: 300].
    #[arg(long, value_name = "K", requires = "simulate",
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub iterations: Option<u64>,
    /// With --simulate: threads (default: every core); the answer is the same on any number.
    #[arg(long, value_name = "T", requires = "simulate",
          value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    #[command(flatten)]
    pub lexicon: super::lexicon::LexiconArgs,
    /// Which deal: `--seed` (required unless `--seeds`), `--variant`, `--board`.
    #[command(flatten)]
    pub choice: super::deal::Choice,
    /// Many deals: an inclusive range `1..1000`, a comma list `3,17,42`, or both `1..10,503`.
    #[arg(long, conflicts_with = "seed")]
    pub seeds: Option<String>,
    /// Give up after generating this many positions (per deal) [default: 2000000; none
    /// with --time].
    #[arg(long)]
    pub max_nodes: Option<u64>,
    /// Give up when the search would hold more than this many MiB (per deal).
    #[arg(long, default_value_t = 512)]
    pub max_memory_mb: u64,
    /// Write the winning line (for a scoring solitaire such as Quincunx, also the best line
    /// found when the search gives up) as a record: a file for `--seed` (`-` standard output),
    /// a folder for `--seeds` (one `<game>-<seed>.toml` per deal with a line).
    #[arg(long, short = 'o', value_name = "PATH", value_hint = clap::ValueHint::AnyPath)]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub force: Force,
    /// Deals decided at once with `--seeds` (default: the number of CPUs).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// With `--seeds`, print only the counts, not a line per deal (the progress bar still
    /// shows on a terminal).
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The `--lexicon` options as word lists, when any is given (else the game's own).
pub(super) fn word_lists(l: &super::lexicon::LexiconArgs) -> Result<Option<WordLists>, Error> {
    if l.lexicon.is_empty()
        && !l.lexicon_only
        && l.cache_dir.is_none()
        && !l.no_cache
        && l.lexicon_mode.is_none()
    {
        return Ok(None);
    }
    Ok(Some(WordLists {
        sources: l.sources()?,
        options: crate::lexicon::Options {
            cache_dir: l.cache_dir.clone(),
            rebuild: false,
            no_cache: l.no_cache,
            mode: l.mode(),
        },
    }))
}

/// The seed of `--simulate` without `--seed`: the same draws every time, as the same command
/// should give the same answer.
const SIMULATION_SEED: &str = "tavolo";

/// `tavolo solve GAME RECORD`: a position read from a record.
fn run_position(solver: &dyn SolvePosition, file: &Path, args: &Args) -> Result<ExitCode, Error> {
    if args.choice.seed.is_some() && !args.simulate {
        return Err(Error::input(
            "cli.usage",
            "with a RECORD, --seed picks the draws of --simulate; a record's position has no deal",
        )
        .help("add --simulate, or leave --seed out"));
    }
    if args.time.is_some_and(|t| !(t.is_finite() && t > 0.0)) || args.max_nodes == Some(0) {
        return Err(Error::input(
            "cli.bad-bound",
            "--time must be a positive number of seconds, --max-nodes at least 1",
        ));
    }
    let query = PositionQuery {
        file: file.to_path_buf(),
        after: args.after,
        rack: args.rack.clone(),
        top: args.top as usize,
        analyse: args.analyse,
        endgame: args.endgame,
        max_nodes: args.max_nodes.unwrap_or(if args.time.is_some() {
            u64::MAX
        } else {
            Limits::default().max_nodes
        }),
        max_seconds: args.time,
        words: word_lists(&args.lexicon)?,
        rank: args.rank.as_deref().map(|r| match r {
            "score" => Rank::Score,
            _ => Rank::Equity,
        }),
        leaves: args.leaves.clone(),
        simulate: args.simulate.then(|| Simulation {
            candidates: args.candidates.unwrap_or(10) as usize,
            plies: args.plies.unwrap_or(2) as usize,
            iterations: args.iterations.unwrap_or(300),
            seed: args
                .choice
                .seed
                .clone()
                .unwrap_or_else(|| SIMULATION_SEED.to_string()),
            threads: super::args::jobs(args.threads.map(|t| t as usize)),
        }),
    };
    let answer = solver.solve_position(&query)?;
    if args.json {
        out::json(&answer.json);
    } else {
        out::write(&answer.text);
    }
    Ok(ExitCode::SUCCESS)
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    args.lexicon.choose(args.json)?;
    let game = crate::games::require(&args.game)?;
    let name = game.name();
    if let Some(file) = &args.position {
        let Some(solver) = game.position_solver() else {
            return Err(Error::input(
                "cli.usage",
                format!("`tavolo solve {name}` solves deals, not a record's position"),
            )
            .help(format!("e.g. `tavolo solve {name} --seed 7`")));
        };
        return run_position(solver, file, &args);
    }
    let Some(solver) = game.solver() else {
        if game.position_solver().is_some() {
            return Err(Error::input(
                "cli.usage",
                format!("`tavolo solve {name}` solves a position: give a record"),
            )
            .help(format!(
                "e.g. `tavolo solve {name} game.toml` (its last position), `--move N`, \
                 `--rack LETTERS`, or `--analyse` to review the game"
            )));
        }
        let names: Vec<_> = crate::games::solvable().iter().map(|g| g.name()).collect();
        return Err(Error::input(
            "cli.unknown-game",
            format!(
                "`tavolo solve` solves {}, not `{}`",
                names.join(", "),
                args.game
            ),
        )
        .help(format!("the games with a solver are: {}", names.join(", "))));
    };
    let variant = crate::games::require_variant(game, args.choice.variant.as_deref())?;
    let max_nodes = args.max_nodes.unwrap_or(Limits::default().max_nodes);
    if max_nodes == 0 || args.max_memory_mb == 0 {
        return Err(Error::input(
            "cli.bad-bound",
            "--max-nodes and --max-memory-mb must be at least 1",
        ));
    }
    let limits = Limits {
        max_nodes,
        max_memory: args.max_memory_mb.saturating_mul(1 << 20),
    };
    let one = match (&args.choice.seed, &args.seeds) {
        (_, Some(_)) => None,
        (Some(seed), None) => Some(seed.clone()),
        (None, None) => {
            // As `deal` and `play` do: a fresh deal, its seed printed so it can be had again.
            let fresh = crate::deal::fresh_seed()?;
            errln!(
                "note: a fresh seed from the operating system; solve this again with --seed {fresh}"
            );
            Some(fresh)
        }
    };
    match (&one, &args.seeds) {
        (Some(seed), _) => {
            if let Some(path) = &args.out {
                args.force.check(path)?;
            }
            let d = solver.decide(
                &Provenance::new(name, &variant, seed, args.choice.board),
                limits,
            );
            let file = args.out.as_ref().filter(|_| d.has_line());
            if let Some(path) = file {
                write::atomic(path, &d.record_text())?;
            }
            if args.json {
                let mut v = d.json(true);
                v["algorithm"] = json!(d.provenance.algorithm);
                v["game"] = json!(name);
                v["variant"] = json!(variant);
                v["file"] = json!(file.map(|f| f.display().to_string()));
                out::json(&v);
            } else {
                outln!("{name} ({variant}), {}", d.summary());
                match (&args.out, d.verdict, d.has_line()) {
                    (Some(path), "solved", _) => {
                        out::wrote(path, &crate::t!("out-what-winning-line"))
                    }
                    (Some(path), _, true) => out::wrote(path, &crate::t!("out-what-best-line")),
                    (None, _, true) => {
                        out::write(&out::numbered_paragraph("moves:", &d.notation, 100))
                    }
                    (Some(path), _, false) => {
                        errln!("no line to write: {} not written", path.display())
                    }
                    _ => {}
                }
            }
            Ok(ExitCode::from(match d.verdict {
                "solved" => 0,
                "unsolvable" => EXIT_UNSOLVABLE,
                _ => EXIT_UNDECIDED,
            }))
        }
        (None, Some(spec)) => {
            let seeds = seeds_of(spec)?;
            if let Some(dir) = &args.out {
                args::folder(dir)?;
                // Refuse up front, not after the search, to write over a record.
                for seed in &seeds {
                    args.force.check(&record_path(dir, name, seed))?;
                }
                std::fs::create_dir_all(dir).map_err(|e| Error::io("cli.write", dir, &e))?;
            }
            let jobs = super::args::jobs(args.jobs);
            let bar = out::progress(seeds.len() as u64, args.json, "deals");
            let tick = || {
                if let Some(bar) = &bar {
                    bar.inc(1);
                }
            };
            let results = decide_all_reporting(
                solver,
                (name, &variant, args.choice.board),
                &seeds,
                limits,
                jobs,
                &tick,
            );
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
            let mut files = Vec::new();
            if let Some(dir) = &args.out {
                for d in results.iter().filter(|d| d.has_line()) {
                    let path = record_path(dir, name, &d.provenance.seed);
                    write::atomic(&path, &d.record_text())?;
                    files.push(path);
                }
            }
            report_batch(name, &variant, &results, &files, &args);
            Ok(ExitCode::SUCCESS)
        }
        (None, None) => Err(Error::input("cli.usage", "give --seed S or --seeds A..B")),
    }
}

fn record_path(dir: &Path, game: &str, seed: &str) -> PathBuf {
    let safe: String = seed
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    dir.join(format!("{game}-{safe}.toml"))
}

fn report_batch(game: &str, variant: &str, results: &[Decided], files: &[PathBuf], args: &Args) {
    let tally = |v: &str| results.iter().filter(|d| d.verdict == v).count();
    let (solved, unsolvable, undecided) =
        (tally("solved"), tally("unsolvable"), tally("undecided"));
    let n = results.len();
    let tally = ScoreTally::of(results);
    if args.json {
        let mut v = json!({
            "algorithm": crate::deal::ALGORITHM,
            "game": game,
            "variant": variant,
            "deals": n,
            "solved": solved,
            "unsolvable": unsolvable,
            "undecided": undecided,
        });
        if let Some(t) = &tally {
            v["scores"] = t.json();
        }
        v["results"] = results.iter().map(|d| d.json(false)).collect();
        v["files"] = files
            .iter()
            .map(|f| json!(f.display().to_string()))
            .collect();
        out::json(&v);
        return;
    }
    if !args.quiet {
        for d in results {
            outln!("{}", d.summary());
        }
    }
    outln!(
        "{game} ({variant}): {}: {solved} solved ({}), {unsolvable} unsolvable ({}), \
         {undecided} undecided ({}); decided {}",
        count(n as u64, "deal", "deals"),
        percent(solved, n),
        percent(unsolvable, n),
        percent(undecided, n),
        percent(solved + unsolvable, n)
    );
    if let Some(t) = tally {
        out::write(&score_table(&t, n));
    }
    if let Some(dir) = &args.out {
        out::wrote_records(dir, files.len());
    }
}

/// The scores of a survey as a table: the lines found beside the greedy
/// player's games, the mean, then each label's count and share of the deals.
fn score_table(t: &ScoreTally, n: usize) -> String {
    let mean = |(m, k): (Option<f64>, usize)| match m {
        Some(m) => format!("{m:.1} over {}", count(k as u64, "deal", "deals")),
        None => "-".to_string(),
    };
    let cell = |k: usize| format!("{k} ({})", percent(k, n));
    let mut rows = vec![
        (
            "".to_string(),
            "best line found".to_string(),
            "greedy player".to_string(),
        ),
        ("mean".to_string(), mean(t.best), mean(t.greedy)),
    ];
    for (label, b, g) in &t.rows {
        rows.push((label.clone(), cell(*b), cell(*g)));
    }
    if t.no_line > 0 {
        rows.push((
            "no line found".to_string(),
            cell(t.no_line),
            "-".to_string(),
        ));
    }
    let w0 = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
    let w1 = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
    let mut s = String::from("scores:\n");
    for (a, b, c) in rows {
        s.push_str(&format!("  {a:<w0$}  {b:<w1$}  {c}\n"));
    }
    s
}
