//! `tavolo solve muro|mosaico`: decide a solitaire deal — a winning line (written
//! as a record that `tavolo check` accepts), a proof that there is none, or
//! "undecided" at a stated bound (see `crate::rules::fruit::solve`).
//!
//! With `--seeds A..B` (or a comma list) it decides many deals, in parallel, and
//! reports the counts; the output never depends on timing or on `--jobs`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::{json, Value};

use crate::deal::Provenance;
use crate::error::Error;
use crate::record::{write, Game, MoveOut};
use crate::rules::fruit::solve::{Answer, Bound, Limits, Stats};
use crate::rules::fruit::{mosaico, mosaico_record, muro, muro_record, solve};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The solitaire: `muro` or `mosaico`.
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
    #[arg(long, default_value_t = 2_000_000)]
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

/// The name the solver gives the player in the records it writes.
const PLAYER: &str = "solver";

/// One deal decided.
struct Decided {
    provenance: Provenance,
    verdict: &'static str,
    bound: Option<Bound>,
    stats: Stats,
    moves: Vec<MoveOut>,
    /// The moves in the game's notation, for reports.
    notation: Vec<String>,
    setup_toml: String,
}

/// Decide one deal; with `polish`, an Il Muro line is shortened further (two-move
/// shortcuts) before it is shown or written.
fn decide(
    game: &str,
    variant: &str,
    seed: &str,
    board: u32,
    limits: Limits,
    polish: bool,
) -> Decided {
    let provenance = Provenance::new(game, variant, seed, board);
    let (verdict, bound, stats, moves, notation, setup_toml) = if game == "muro" {
        let setup = muro_record::dealt(&provenance);
        let start = muro::State::new(&setup, muro_record::variant_of(variant));
        let (answer, stats) = solve::muro::solve(&start, limits);
        let (verdict, bound, mut moves) = split(answer);
        if polish {
            moves = solve::muro::shorten(&start, &moves, 2);
        }
        (
            verdict,
            bound,
            stats,
            muro_record::moves_out(&moves),
            moves.iter().map(|m| m.to_string()).collect(),
            muro_record::describe_deal(&setup).setup_toml,
        )
    } else {
        let setup = mosaico_record::dealt(&provenance);
        let start = mosaico::State::new(&setup, mosaico_record::variant_of(variant));
        let (answer, stats) = solve::mosaico::solve(&start, limits);
        let (verdict, bound, moves) = split(answer);
        (
            verdict,
            bound,
            stats,
            mosaico_record::moves_out(&moves),
            moves.iter().map(|m| m.to_string()).collect(),
            mosaico_record::describe_deal(&setup).setup_toml,
        )
    };
    Decided {
        provenance,
        verdict,
        bound,
        stats,
        moves,
        notation,
        setup_toml,
    }
}

fn split<M>(answer: Answer<M>) -> (&'static str, Option<Bound>, Vec<M>) {
    let verdict = answer.verdict();
    match answer {
        Answer::Solved(moves) => (verdict, None, moves),
        Answer::Unsolvable => (verdict, None, Vec::new()),
        Answer::GaveUp(bound) => (verdict, Some(bound), Vec::new()),
    }
}

impl Decided {
    fn record_text(&self) -> String {
        write::record(
            &self.provenance,
            &[PLAYER.to_string()],
            &self.setup_toml,
            &self.moves,
        )
    }

    fn summary(&self) -> String {
        let what = match (self.verdict, self.bound) {
            ("solved", _) => format!("solved in {} moves", self.notation.len()),
            ("unsolvable", _) => "unsolvable: no line of play wins (exhaustive search)".into(),
            (_, Some(b)) => format!("undecided: gave up at {b}"),
            _ => self.verdict.to_string(),
        };
        format!(
            "seed {}: {what} ({} positions generated, {} stored)",
            write::string(&self.provenance.seed),
            self.stats.nodes,
            self.stats.stored
        )
    }

    fn json(&self, with_moves: bool) -> Value {
        let mut v = json!({
            "seed": self.provenance.seed,
            "board": self.provenance.board,
            "verdict": self.verdict,
            "nodes": self.stats.nodes,
            "stored": self.stats.stored,
        });
        if let Some(b) = self.bound {
            v["bound"] = match b {
                Bound::Nodes(n) => json!({ "nodes": n }),
                Bound::Memory(m) => json!({ "memory_bytes": m }),
            };
        }
        if self.verdict == "solved" {
            v["length"] = json!(self.notation.len());
            if with_moves {
                v["moves"] = json!(self.notation);
            }
        }
        v
    }
}

fn seeds_of(spec: &str) -> Result<Vec<String>, Error> {
    let bad = || {
        Error::input(
            "cli.bad-seeds",
            format!(
                "`--seeds {spec}` is neither a range `A..B` of numbers with A <= B \
                 (at most a million) nor a comma list"
            ),
        )
        .help("e.g. `--seeds 1..1000` or `--seeds 3,17,42`")
    };
    if let Some((a, b)) = spec.split_once("..") {
        let a: u64 = a.trim().parse().map_err(|_| bad())?;
        let b: u64 = b.trim().parse().map_err(|_| bad())?;
        if a > b || b - a >= 1_000_000 {
            return Err(bad());
        }
        return Ok((a..=b).map(|n| n.to_string()).collect());
    }
    let list: Vec<String> = spec
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    if list.is_empty() {
        return Err(bad());
    }
    Ok(list)
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let game: &dyn Game = match args.game.as_str() {
        "muro" | "mosaico" => crate::record::registry::require(&args.game)?,
        other => {
            return Err(Error::input(
                "cli.unknown-game",
                format!("`tavolo solve` solves the solitaires, not `{other}`"),
            )
            .help("the solitaires are: muro, mosaico"))
        }
    };
    let variant = crate::record::registry::require_variant(game, args.variant.as_deref())?;
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
            let d = decide(name, &variant, seed, args.board, limits, true);
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
            let results = decide_all(name, &variant, &seeds, args.board, limits, jobs, polish);
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

/// Decide every seed, `jobs` at a time; results in the order of `seeds`.
fn decide_all(
    game: &str,
    variant: &str,
    seeds: &[String],
    board: u32,
    limits: Limits,
    jobs: usize,
    polish: bool,
) -> Vec<Decided> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<Decided>>> = Mutex::new((0..seeds.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(seeds.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(seed) = seeds.get(i) else {
                    break;
                };
                let d = decide(game, variant, seed, board, limits, polish);
                if let Ok(mut slots) = slots.lock() {
                    slots[i] = Some(d);
                }
            });
        }
    });
    slots
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect()
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
