//! Quincunx: placements scored per second (target: 5 million, library,
//! release), fast path and explained; and the solitaire solver over a range
//! of seeds.
//!
//!     cargo bench --bench quincunx -- --warm-up-time 1 --measurement-time 3
//!     QUINCUNX_SURVEY=1..100 [QUINCUNX_NODES=N] cargo bench --bench quincunx
//!     QUINCUNX_RATE=400 cargo bench --bench quincunx
//!
//! The survey (no criterion run) solves the solitaire of each seed with the
//! default limits and prints the share proved optimal, the mean optimum, the
//! greedy player's mean and the time. The rate mode scores the bench's
//! placements many times and prints placements per wall and per CPU second.

use std::hint::black_box;
use std::time::Instant;

use criterion::{criterion_group, Criterion, Throughput};
use tavolo::deal::DealRng;
use tavolo::decktet::Card;
use tavolo::games::engine::Engine;
use tavolo::games::quincunx::solve::{self, Answer, Limits};
use tavolo::games::quincunx::{Board, Cell, Quincunx, Rules, Scorer, Setup};

/// Placements met in random 2-4 player games: the board before, the cell and
/// the card, with the scorer of the game's rules.
fn placements() -> Vec<(Scorer, Board, Cell, Card)> {
    let mut out = Vec::new();
    for i in 0..200u32 {
        let players = 2 + (i % 3) as usize;
        let rules = Rules {
            excuse: i % 2 == 0,
            pawns: i % 2 == 0,
            colour_bonus: i % 4 < 2,
            start_from_zero: i % 5 == 0,
            ..Rules::default()
        };
        let setup = Setup::from_seed(&format!("bench{i}"), players, &rules).unwrap();
        let mut g = Quincunx::start(&setup, &rules).unwrap();
        let mut rng = DealRng::new("quincunx", "bench/play", "bench", i);
        while !g.is_over() {
            let legal = g.legal_moves();
            let m = legal[rng.below(legal.len() as u32) as usize];
            out.push((*g.scorer(), g.board().clone(), m.cell, m.card));
            g.play(m).unwrap();
        }
    }
    out
}

fn scoring(c: &mut Criterion) {
    let cases = placements();
    let mut g = c.benchmark_group("quincunx");
    g.throughput(Throughput::Elements(cases.len() as u64));
    g.bench_function("score placements (fast path)", |b| {
        b.iter(|| {
            let mut sum = 0i64;
            for (s, board, cell, card) in &cases {
                let (p, d) = s.score(black_box(board), *cell, *card);
                sum += p as i64 + d as i64;
            }
            sum
        })
    });
    g.bench_function("score placements (explained)", |b| {
        b.iter(|| {
            let mut sum = 0i64;
            for (s, board, cell, card) in &cases {
                sum += s.explain(black_box(board), *cell, *card).points as i64;
            }
            sum
        })
    });
    g.finish();
}

criterion_group!(benches, scoring);

/// Solve the solitaire for seeds `from..=to` and print a summary.
fn survey(range: &str) {
    let (from, to) = range.split_once("..").expect("QUINCUNX_SURVEY=FROM..TO");
    let (from, to): (u32, u32) = (from.parse().unwrap(), to.parse().unwrap());
    let rules = Rules::default();
    let mut limits = Limits::default();
    if let Some(n) = std::env::var("QUINCUNX_NODES")
        .ok()
        .and_then(|n| n.parse().ok())
    {
        limits.max_nodes = n;
    }
    let start = Instant::now();
    let (mut proved, mut lost, mut gave_up) = (0, 0, 0);
    let (mut opt_sum, mut opt_n) = (0i64, 0);
    let (mut greedy_sum, mut greedy_n, mut greedy_lost) = (0i64, 0, 0);
    let mut bands = std::collections::BTreeMap::new();
    let (mut best_sum, mut best_n) = (0i64, 0);
    let mut nodes = 0u64;
    for seed in from..=to {
        let setup = Setup::from_seed(&seed.to_string(), 1, &rules).unwrap();
        let deal = &setup.rounds[0];
        let t = Instant::now();
        let (answer, stats) = solve::solve(deal, &rules, limits);
        nodes += stats.nodes;
        match solve::greedy(deal, &rules).0 {
            Some(g) => {
                greedy_sum += g as i64;
                greedy_n += 1;
            }
            None => greedy_lost += 1,
        }
        match &answer {
            Answer::Optimal(l) => {
                proved += 1;
                opt_sum += l.score as i64;
                opt_n += 1;
            }
            Answer::Lost => lost += 1,
            Answer::GaveUp { .. } => gave_up += 1,
        }
        if let Some(sc) = answer.score() {
            best_sum += sc as i64;
            best_n += 1;
        }
        let band = match &answer {
            Answer::GaveUp { best: None, .. } => "no fill found",
            _ => tavolo::games::quincunx::Rating::of(answer.score()).band(),
        };
        *bands.entry(band).or_insert(0) += 1;
        if std::env::var_os("QUINCUNX_VERBOSE").is_some() {
            println!(
                "seed {seed}: {} {:?} nodes {} stored {} {:.2}s",
                answer.verdict(),
                answer.score(),
                stats.nodes,
                stats.stored,
                t.elapsed().as_secs_f64()
            );
        }
    }
    let n = (to - from + 1) as f64;
    println!("seeds {from}..{to} ({n} deals), default rules, limits {limits:?}");
    println!(
        "decided: {:.1}% (optimal proved {proved}, lost proved {lost}); gave up {gave_up}",
        100.0 * (proved + lost) as f64 / n
    );
    println!(
        "mean proved optimum: {:.1} over {opt_n}",
        opt_sum as f64 / opt_n.max(1) as f64
    );
    println!(
        "mean solver score (proved or best found): {:.1} over {best_n}",
        best_sum as f64 / best_n.max(1) as f64
    );
    println!(
        "greedy: mean {:.1} over {greedy_n} filled grids, {greedy_lost} lost",
        greedy_sum as f64 / greedy_n.max(1) as f64
    );
    println!("bands of the solver's score: {bands:?}");
    println!(
        "nodes {nodes}, wall time {:.1}s, process CPU time {}",
        start.elapsed().as_secs_f64(),
        cpu_seconds().map_or("unknown".into(), |s| format!("{s:.1}s"))
    );
}

/// User + system CPU time of this process so far (Linux `/proc/self/stat`,
/// in clock ticks of 1/100 s): the machine is shared, so wall time
/// overstates the cost.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// Score every case `rounds` times; print placements per wall and per CPU second.
fn rate(rounds: usize) {
    let cases = placements();
    let (wall, cpu) = (Instant::now(), cpu_seconds().unwrap_or(0.0));
    let mut sum = 0i64;
    for _ in 0..rounds {
        for (s, board, cell, card) in &cases {
            let (p, d) = s.score(black_box(board), *cell, *card);
            sum += p as i64 + d as i64;
        }
    }
    let n = (rounds * cases.len()) as f64;
    let cpu = cpu_seconds().map(|c| c - cpu);
    println!(
        "{n} placements: {:.2} M/s wall, {} (checksum {sum})",
        n / wall.elapsed().as_secs_f64() / 1e6,
        cpu.map_or("CPU time unknown".into(), |c| format!(
            "{:.2} M/s per CPU second",
            n / c / 1e6
        ))
    );
}

fn main() {
    if let Some(rounds) = std::env::var("QUINCUNX_RATE")
        .ok()
        .and_then(|n| n.parse().ok())
    {
        rate(rounds);
        return;
    }
    if let Ok(range) = std::env::var("QUINCUNX_SURVEY") {
        survey(&range);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
