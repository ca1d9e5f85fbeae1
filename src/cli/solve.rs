//! `tavolo solve GAME`: decide a deal of a game that has a solver — a winning
//! line (written as a record that `tavolo check` accepts), a proof that there
//! is none, or "undecided" at a stated bound (see `crate::games::solve`).
//!
//! With `--seeds A..B` (or a comma list) it decides many deals, in parallel, and
//! reports the counts; the output never depends on timing or on `--jobs`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::{json, Value};

use crate::deal::Provenance;
use crate::error::Error;
use crate::games::solve::{decide_all, seeds_of, Decided};
use crate::record::write;
use crate::search::Limits;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game: one that has a solver (`muro`, `mosaico`).
    pub game: String,
    /// The deal's seed.
    #[arg(long, conflicts_with = "seeds", required_unless_present = "seeds")]
    pub seed: Option<String>,
    /// Many deals: an inclusive range `1..1000` or a comma list `3,17,42`.
    #[arg(long)]
    pub seeds: Option<String>,
    /// The variant: `standard` or `six-down` (muro), `standard` or `hard` (mosaico).
    #[arg(long)]
    pub variant: Option<String>,
    /// Board number, for several deals from one seed.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub board: u32,
    /// Give up after generating this many positions (per deal).
    #[arg(long, default_value_t = Limits::default().max_nodes)]
    pub max_nodes: u64,
    /// Give up when the search would hold more than this many MiB (per deal).
    #[arg(long, default_value_t = 512)]
    pub max_memory_mb: u64,
    /// Write the winning line as a record: a file for `--seed`, a folder for `--seeds`
    /// (one `<game>-<seed>.toml` per solved deal).
    #[arg(long, short = 'o', value_name = "PATH")]
    pub out: Option<PathBuf>,
    /// Deals decided at once with `--seeds` (default: the number of CPUs).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let game = crate::games::require(&args.game)?;
    let Some(solver) = game.solver() else {
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
    let variant = crate::games::require_variant(game, args.variant.as_deref())?;
    if args.max_nodes == 0 || args.max_memory_mb == 0 {
        return Err(Error::input(
            "cli.bad-bound",
            "--max-nodes and --max-memory-mb must be at least 1",
        ));
    }
    let limits = Limits {
        max_nodes: args.max_nodes,
        max_memory: args.max_memory_mb.saturating_mul(1 << 20),
    };
    let name = game.name();
    match (&args.seed, &args.seeds) {
        (Some(seed), _) => {
            let d = solver.decide(
                &Provenance::new(name, &variant, seed, args.board),
                limits,
                true,
            );
            if let (Some(path), "solved") = (&args.out, d.verdict) {
                write::atomic(path, &d.record_text())?;
            }
            if args.json {
                let mut v = d.json(true);
                v["algorithm"] = json!(d.provenance.algorithm);
                v["game"] = json!(name);
                v["variant"] = json!(variant);
                print_json(&v);
            } else {
                println!("{name} ({variant}), {}", d.summary());
                match (&args.out, d.verdict) {
                    (Some(path), "solved") => println!("record written to {}", path.display()),
                    (None, "solved") => println!("moves: {}", d.notation.join(", ")),
                    (Some(path), _) => println!("no record written to {}", path.display()),
                    _ => {}
                }
            }
        }
        (None, Some(spec)) => {
            let seeds = seeds_of(spec)?;
            if let Some(dir) = &args.out {
                std::fs::create_dir_all(dir).map_err(|e| Error::io("cli.write", dir, &e))?;
            }
            let jobs = args
                .jobs
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
                .max(1);
            let polish = args.out.is_some();
            let results = decide_all(
                solver,
                (name, &variant, args.board),
                &seeds,
                limits,
                jobs,
                polish,
            );
            if let Some(dir) = &args.out {
                for d in results.iter().filter(|d| d.verdict == "solved") {
                    write::atomic(
                        &record_path(dir, name, &d.provenance.seed),
                        &d.record_text(),
                    )?;
                }
            }
            report_batch(name, &variant, &results, args.json);
        }
        (None, None) => {
            return Err(Error::input("cli.usage", "give --seed S or --seeds A..B"));
        }
    }
    Ok(ExitCode::SUCCESS)
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

fn report_batch(game: &str, variant: &str, results: &[Decided], json: bool) {
    let count = |v: &str| results.iter().filter(|d| d.verdict == v).count();
    let (solved, unsolvable, undecided) =
        (count("solved"), count("unsolvable"), count("undecided"));
    let n = results.len().max(1) as f64;
    let pct = |k: usize| 100.0 * k as f64 / n;
    if json {
        print_json(&json!({
            "algorithm": crate::deal::ALGORITHM,
            "game": game,
            "variant": variant,
            "deals": results.len(),
            "solved": solved,
            "unsolvable": unsolvable,
            "undecided": undecided,
            "results": results.iter().map(|d| d.json(false)).collect::<Vec<_>>(),
        }));
        return;
    }
    for d in results {
        println!("{}", d.summary());
    }
    println!(
        "{game} ({variant}): {} deals: {solved} solved ({:.1}%), {unsolvable} unsolvable ({:.1}%), \
         {undecided} undecided ({:.1}%); decided {:.1}%",
        results.len(),
        pct(solved),
        pct(unsolvable),
        pct(undecided),
        pct(solved + unsolvable)
    );
}

fn print_json(v: &Value) {
    println!("{}", serde_json::to_string_pretty(v).unwrap_or_default());
}
