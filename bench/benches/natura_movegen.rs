//! Natura Shakerata move generation (issue 14): greedy self-play with full move generation,
//! one thread, 100 two-player games from fixed seeds; on Debian's witalian list and on the
//! default lexicon (hunspell-it expanded). Prints, per lexicon: the word graph's size and
//! load time (built and cached on a first run, read from the cache after), turns per
//! second, legal placements generated per second, and the mean score of a greedy turn.
//!
//!     cargo bench --bench natura_movegen
//!     NATURA_GAMES=10 cargo bench --bench natura_movegen
//!
//! A greedy turn generates every placement (`movegen::each_found`: scored during the walk,
//! equal to the engine's `Board::score` plus the rack bonus, no allocation per move), plays
//! the highest (ties broken as `movegen::rank` does), or passes when there is none.
//! The games are dealt from `DealRng` with the seeds `1..=100`; the output does not depend
//! on timing. Without a list installed its run is skipped with a note.

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use tavolo::games::engine::Engine;
use tavolo::games::natura::game::{Outcome, Rules, Setup, State};
use tavolo::games::natura::movegen::{self, Gaddag};
use tavolo::games::natura::{Move, TileSet};
use tavolo::lexicon::graph::{self, GraphOrigin};
use tavolo::lexicon::{Lexicon, Options, Source};

/// How long `lexicon::graph::open` took (wall, CPU) and whether it read the cache.
struct Load {
    wall: f64,
    cpu: f64,
    cached: bool,
}

fn timed_open(lexicon: &Lexicon) -> (Arc<Gaddag>, Load) {
    let start = Instant::now();
    let cpu = cpu_seconds();
    let (g, origin) = graph::open(lexicon).expect("graph");
    let load = Load {
        wall: start.elapsed().as_secs_f64(),
        cpu: cpu_seconds() - cpu,
        cached: matches!(origin, GraphOrigin::Cached(_)),
    };
    if let GraphOrigin::Built { saved: Err(e), .. } = &origin {
        eprintln!("graph not cached: {e}");
    }
    (g, load)
}

/// The graph of a list as the CLI gets it (`lexicon::graph`): built and cached on the first
/// run, read from the cache after; both timed when this run built it.
fn graph(source: &Source) -> Option<(Arc<Gaddag>, Vec<Load>, u64)> {
    let lexicon = match Lexicon::open(std::slice::from_ref(source), &Options::default()) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("skipped {}: {e:?}", source.name());
            return None;
        }
    };
    let words = lexicon.lists[0].set.len() as u64;
    let (g, first) = timed_open(&lexicon);
    let mut loads = vec![first];
    if !loads[0].cached {
        drop(g);
        let again = Lexicon::open(std::slice::from_ref(source), &Options::default()).ok()?;
        let (g, second) = timed_open(&again);
        loads.push(second);
        return Some((g, loads, words));
    }
    Some((g, loads, words))
}

/// The full Italian bag shuffled for a seed.
fn bag(seed: u32) -> Vec<u8> {
    tavolo_bench::natura_bag("bench/movegen", seed)
}

/// The share of the engine's scorer in generation: every placement of the first `games`
/// games (boards kept), scored again by `Board::score`; CPU seconds per placement.
fn scoring_cost(graph: &Gaddag, games: u32) -> (usize, f64) {
    let mut cases = Vec::new();
    for seed in 1..=games {
        let mut s = State::start(
            &Setup {
                players: 2,
                bag: bag(seed),
            },
            &Rules::default(),
        )
        .expect("setup");
        while let Some(seat) = s.to_move() {
            let all = movegen::placements(s.board(), s.set(), s.rack(seat), graph);
            let mv = match all.first() {
                Some(b) => Move::Place {
                    seat,
                    play: b.play.clone(),
                },
                None => Move::Pass { seat },
            };
            cases.push((s.board().clone(), all));
            s.play(mv).expect("legal");
        }
    }
    let set = TileSet::italian();
    let n: usize = cases.iter().map(|(_, a)| a.len()).sum();
    let cpu = cpu_seconds();
    let mut sum = 0u64;
    for _ in 0..5 {
        for (board, all) in &cases {
            for g in all {
                sum += u64::from(board.score(&set, &g.play).map_or(0, |s| s.words_total()));
            }
        }
    }
    std::hint::black_box(sum);
    (n * 5, (cpu_seconds() - cpu) / (n * 5) as f64)
}

#[derive(Default)]
struct Tally {
    games: u64,
    turns: u64,
    plays: u64,
    generated: u64,
    points: u64,
    final_scores: i64,
}

/// This thread's CPU seconds (user + system) from /proc, in clock ticks of 1/100 s; the
/// shared machine's load makes wall time a poor measure.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let tick = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // Fields 14 and 15 of the stat line (utime, stime); `after` starts at field 3.
    (tick(11) + tick(12)) / 100.0
}

fn self_play(graph: &Gaddag, games: u32) -> (Tally, f64, f64) {
    let rules = Rules::default();
    let mut t = Tally::default();
    let start = Instant::now();
    let cpu = cpu_seconds();
    for seed in 1..=games {
        let mut s = State::start(
            &Setup {
                players: 2,
                bag: bag(seed),
            },
            &rules,
        )
        .expect("setup");
        while let Some(seat) = s.to_move() {
            let mut best: Option<movegen::Found> = None;
            movegen::each_found(s.board(), s.set(), s.rack(seat), graph, &mut |f| {
                t.generated += 1;
                if best.as_ref().is_none_or(|b| f.rank(b).is_lt()) {
                    best = Some(*f);
                }
            });
            let mv = match best {
                Some(b) => Move::Place {
                    seat,
                    play: b.placement(),
                },
                None => Move::Pass { seat },
            };
            if let Outcome::Played { points, .. } = s.play(mv).expect("a generated move is legal") {
                t.plays += 1;
                t.points += u64::from(points);
            }
            t.turns += 1;
        }
        t.final_scores += s.final_scores().iter().map(|&x| i64::from(x)).sum::<i64>();
        t.games += 1;
    }
    (t, start.elapsed().as_secs_f64(), cpu_seconds() - cpu)
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else is read from the arguments.
    let games: u32 = std::env::var("NATURA_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100);
    let lists = [
        (
            "witalian",
            Path::new("/usr/share/dict/italian")
                .is_file()
                .then(|| Source::from_arg("/usr/share/dict/italian").expect("a plain list")),
        ),
        ("hunspell-it (default)", Source::debian_hunspell()),
    ];
    for (name, source) in lists {
        let Some(source) = source else {
            eprintln!("skipped {name}: not installed");
            continue;
        };
        let Some((graph, loads, words)) = graph(&source) else {
            continue;
        };
        let loads: Vec<String> = loads
            .iter()
            .map(|l| {
                format!(
                    "{} in {:.3} s ({:.2} s CPU)",
                    if l.cached { "read from cache" } else { "built" },
                    l.wall,
                    l.cpu
                )
            })
            .collect();
        println!(
            "{name}: {words} words; GADDAG {} arcs ({:.1} MB) {}",
            graph.arcs(),
            graph.arcs() as f64 * 4.0 / 1e6,
            loads.join(", then ")
        );
        let (t, secs, cpu) = self_play(&graph, games);
        println!(
            "  {} games, {} turns ({} plays) in {secs:.2} s wall, {cpu:.2} s CPU: {:.0} turns/s \
             ({:.0} per CPU s), {} placements generated, {:.2} M/s ({:.2} M per CPU s); mean \
             greedy turn {:.2} points (per play {:.2}); mean final total {:.1}",
            t.games,
            t.turns,
            t.plays,
            t.turns as f64 / secs,
            t.turns as f64 / cpu,
            t.generated,
            t.generated as f64 / secs / 1e6,
            t.generated as f64 / cpu / 1e6,
            t.points as f64 / t.turns as f64,
            t.points as f64 / t.plays.max(1) as f64,
            t.final_scores as f64 / t.games as f64,
        );
        let (n, per) = scoring_cost(&graph, 20);
        println!(
            "  Board::score alone: {n} placements, {:.2} µs CPU each ({:.0}% of generation's \
             CPU per placement)",
            per * 1e6,
            100.0 * per / (cpu / t.generated as f64)
        );
    }
}
