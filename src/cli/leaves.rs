//! `tavolo lexicon leaves learn|info`: Natura Shakerata's leave values (issue 25), learned
//! by self-play on a lexicon (`crate::games::natura::learn`), kept in the lexicon's cache
//! folder, shown.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::lexicon::LexiconArgs;
use super::out;
use crate::error::Error;
use crate::games::natura::layout::TileSet;
use crate::games::natura::learn::{self, Tally};
use crate::games::natura::leaves::{key_text, size_of, tiles_id, Leaves, Stamp};
use crate::games::natura::leaves_record::{self as file, Checkpoint};
use crate::lexicon::Lexicon;

#[derive(Debug, clap::Subcommand)]
pub enum Sub {
    /// Learn leave values by self-play on the lexicon (hours for the default million
    /// games; every core; stopped, it goes on from its checkpoint when run again).
    Learn(LearnArgs),
    /// What a leave file holds: what it was learned on, and its best and worst leaves.
    Info {
        /// The file (default: the lexicon's, in its cache folder).
        file: Option<PathBuf>,
        /// How many of the best and of the worst leaves to list.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(0..=1000))]
        top: u64,
        #[command(flatten)]
        lexicon: LexiconArgs,
    },
    /// The equity player against the score player: points per game and win rate, with
    /// their 95% intervals (each bag played twice, seats swapped).
    Duel {
        /// The leave file (default: the lexicon's).
        file: Option<PathBuf>,
        /// Games, both seatings of each bag counted.
        #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(2..=100_000_000))]
        games: u64,
        /// The seed the bags are dealt from.
        #[arg(long, default_value = "duel")]
        seed: String,
        /// Threads (default: every core).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
        threads: Option<u64>,
        #[command(flatten)]
        lexicon: LexiconArgs,
    },
}

#[derive(Debug, clap::Args)]
pub struct LearnArgs {
    /// Self-play games in each iteration.
    #[arg(long, default_value_t = 350_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub games: u64,
    /// Iterations: each plays with the values the one before learned (the first by score).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=50))]
    pub iterations: u32,
    /// The seed the games' bags are dealt from (the same seed, the same values).
    #[arg(long, default_value = "tavolo")]
    pub seed: String,
    /// Threads (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
    /// Where to write the values (default: the lexicon's cache folder, where `solve` and
    /// `play` find them).
    #[arg(short, long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Start over, discarding a run under way (`FILE.partial`).
    #[arg(long)]
    pub restart: bool,
    #[command(flatten)]
    pub lexicon: LexiconArgs,
}

/// Games played between two looks at the clock.
const CHUNK: u64 = 400;
/// How often a run under way is saved.
const SAVE_EVERY: Duration = Duration::from_secs(30);

pub fn run(sub: Sub) -> Result<String, Error> {
    match sub {
        Sub::Learn(args) => learn(&args),
        Sub::Info { file, top, lexicon } => info(file, top as usize, &lexicon),
        Sub::Duel {
            file,
            games,
            seed,
            threads,
            lexicon,
        } => duel(file, games, &seed, threads, &lexicon),
    }
}

fn learn(args: &LearnArgs) -> Result<String, Error> {
    let lex = args.lexicon.open(false, false)?;
    let graph = crate::lexicon::graph::gaddag(&lex)?;
    let out = match &args.out {
        Some(p) => p.clone(),
        None => file::default_path(&lex, args.lexicon.cache_dir.as_deref()).ok_or_else(|| {
            Error::input("leaves.no-folder", "no cache folder to keep the leaves in")
                .help("name the file with --out FILE")
        })?,
    };
    let mut partial = out.clone().into_os_string();
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    let set = TileSet::italian();
    let id = file::lexicon_id(&lex);
    let stamp = |iterations: u32| Stamp {
        tiles: tiles_id(&set),
        lexicon: id.clone(),
        lexicon_names: file::lexicon_names(&lex),
        games: args.games * u64::from(iterations),
        iterations,
    };
    let fresh = || Checkpoint {
        seed: args.seed.clone(),
        games: args.games,
        iterations: args.iterations,
        lexicon: id.clone(),
        iteration: 0,
        playing: Leaves::zero(stamp(0)).to_bytes(),
        changes: Vec::new(),
        tally: Tally::default(),
    };
    let mut run = match std::fs::read(&partial).ok().filter(|_| !args.restart) {
        None => fresh(),
        Some(bytes) => match Checkpoint::from_bytes(&bytes) {
            None => fresh(),
            Some(c)
                if c.seed == args.seed
                    && c.games == args.games
                    && c.iterations == args.iterations
                    && c.lexicon == id =>
            {
                out::errln!(
                    "going on from {}: iteration {} of {}, {} games of {} played",
                    partial.display(),
                    c.iteration + 1,
                    c.iterations,
                    c.tally.games,
                    c.games
                );
                c
            }
            Some(c) => {
                return Err(Error::input(
                    "leaves.other-run",
                    format!(
                        "a run with other settings is under way here (seed {:?}, {} games, {} iterations, lexicon {})",
                        c.seed, c.games, c.iterations, c.lexicon
                    ),
                )
                .in_file(&partial)
                .help("give the same options to go on with it, or --restart to start over"));
            }
        },
    };
    let threads = threads_of(args.threads);
    let total = args.games * u64::from(args.iterations);
    let bar = out::progress(total, false, "self-play games");
    let save = |run: &Checkpoint| {
        crate::output::write_atomic(&partial, &run.to_bytes())
            .map_err(|e| Error::io("leaves.write", &partial, &e))
    };
    let mut saved = Instant::now();
    let started = Instant::now();
    while run.iteration < args.iterations {
        let playing = Leaves::from_bytes(&set, &run.playing)
            .map_err(|e| Error::input("leaves.damaged", e.to_string()).in_file(&partial))?;
        while run.tally.games < args.games {
            let from = run.tally.games;
            let to = (from + CHUNK).min(args.games);
            let batch = learn::play_batch(
                &graph,
                &playing,
                &args.seed,
                run.iteration,
                from..to,
                threads,
            );
            run.tally.add(&batch);
            if let Some(b) = &bar {
                b.set_position(u64::from(run.iteration) * args.games + run.tally.games);
            }
            if saved.elapsed() >= SAVE_EVERY {
                save(&run)?;
                saved = Instant::now();
            }
        }
        let next = Leaves::new(stamp(run.iteration + 1), learn::values(&set, &run.tally));
        let moved = learn::change(&playing, &next, &run.tally);
        let t = &run.tally;
        let line = format!(
            "iteration {}: {} games, {} leaves kept, mean turn {:.2} points, values moved {:.3} points on average",
            run.iteration + 1,
            t.games,
            t.samples(),
            t.points as f64 / t.turns.max(1) as f64,
            moved
        );
        match &bar {
            Some(b) => b.println(line),
            None => out::errln!("{line}"),
        }
        run.changes.push(moved);
        run.iteration += 1;
        run.playing = next.to_bytes();
        run.tally = Tally::default();
        save(&run)?;
        saved = Instant::now();
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    crate::output::write_atomic(&out, &run.playing)
        .map_err(|e| Error::io("leaves.write", &out, &e))?;
    let _ = std::fs::remove_file(&partial);
    let leaves = Leaves::from_bytes(&set, &run.playing)
        .map_err(|e| Error::failed("leaves.damaged", e.to_string()))?;
    out::errln!("learned in {:.0} s", started.elapsed().as_secs_f64());
    Ok(format!(
        "wrote {}: {} leaves learned on {} from {} games in {} iterations ({} bytes)\n",
        out.display(),
        leaves.len(),
        leaves.stamp.lexicon_names,
        leaves.stamp.games,
        leaves.stamp.iterations,
        run.playing.len(),
    ))
}

fn threads_of(asked: Option<u64>) -> usize {
    super::args::jobs(asked.map(|n| n as usize))
}

/// The leave file named, or the lexicon's own; read and checked.
fn open(
    path: Option<PathBuf>,
    lexicon: &LexiconArgs,
    lex: Option<&Lexicon>,
) -> Result<(PathBuf, Leaves), Error> {
    let path = match (path, lex) {
        (Some(p), _) => p,
        (None, Some(lex)) => {
            let p = file::default_path(lex, lexicon.cache_dir.as_deref()).ok_or_else(|| {
                Error::input("leaves.no-folder", "no cache folder to look for leaves in")
                    .help("name the file")
            })?;
            if !p.exists() {
                return Err(Error::input(
                    "leaves.none",
                    "no leaves have been learned for this lexicon",
                )
                .in_file(&p)
                .help(format!("learn them with `{}`", file::RELEARN)));
            }
            p
        }
        (None, None) => unreachable!("a lexicon is opened when no file is named"),
    };
    let leaves = file::read(&path, lex)?;
    Ok((path, leaves))
}

fn duel(
    path: Option<PathBuf>,
    games: u64,
    seed: &str,
    threads: Option<u64>,
    lexicon: &LexiconArgs,
) -> Result<String, Error> {
    let lex = lexicon.open(false, false)?;
    let (path, leaves) = open(path, lexicon, Some(&lex))?;
    let graph = crate::lexicon::graph::gaddag(&lex)?;
    let threads = threads_of(threads);
    let bar = out::progress(games, false, "games");
    let started = Instant::now();
    let mut total = learn::Duel::default();
    let mut from = 0;
    while from < games {
        // Whole pairs of games per step, so each bag is played both ways.
        let to = (from + 2 * CHUNK).min(games);
        total.add(&learn::duel(&graph, &leaves, seed, from..to, threads));
        from = to;
        if let Some(b) = &bar {
            b.set_position(from);
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    out::errln!("played in {:.0} s", started.elapsed().as_secs_f64());
    let (spread, spread_half) = total.spread_per_game();
    let (rate, rate_half) = total.win_rate();
    Ok(format!(
        "{} games, equity ({}) against score, each bag twice with seats swapped (seed {seed:?}):\n  \
         points per game: {spread:+.2} ± {spread_half:.2} (95%)\n  \
         win rate: {:.2}% ± {:.2}% (95%): {} wins, {} draws, {} losses\n",
        total.games,
        path.display(),
        rate * 100.0,
        rate_half * 100.0,
        total.wins,
        total.draws,
        total.games - total.wins - total.draws,
    ))
}

fn info(path: Option<PathBuf>, top: usize, lexicon: &LexiconArgs) -> Result<String, Error> {
    let lex = match path {
        Some(_) => None,
        None => Some(lexicon.open(false, false)?),
    };
    let (path, leaves) = open(path, lexicon, lex.as_ref())?;
    let s = &leaves.stamp;
    let mut text = format!(
        "{}\n  learned on {} (lexicon {}), tiles {}\n  {} games in {} iterations; {} leaves\n",
        path.display(),
        s.lexicon_names,
        s.lexicon,
        s.tiles,
        s.games,
        s.iterations,
        leaves.len()
    );
    let mut all = leaves.sorted();
    all.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let show =
        |(k, v): &(u64, i32)| format!("  {:>8} {:+.2}\n", key_text(*k), f64::from(*v) / 100.0);
    if top > 0 {
        text += &format!("best {top}:\n");
        text.extend(all.iter().take(top).map(show));
        text += &format!("worst {top}:\n");
        text.extend(all.iter().rev().take(top).map(show));
        text += "single tiles:\n";
        let mut singles: Vec<&(u64, i32)> = all.iter().filter(|(k, _)| size_of(*k) == 1).collect();
        singles.sort_by_key(|(k, _)| key_text(*k));
        text.extend(singles.into_iter().map(show));
    }
    Ok(text)
}
