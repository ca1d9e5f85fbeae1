//! What ranking by equity costs a Natura Shakerata turn (issue 25; aim: under 20% over a
//! greedy turn). The positions are every turn of 20 two-player games the greedy machine plays
//! on NS-2's default lists (seeded bags); each bench runs over all of them:
//!
//! - `greedy turn`: the best move by score (`machine::best_move`, the machine without leaves);
//! - `equity turn`: the best move by equity with tavolo's own leave values
//!   (`machine::best_by_equity`: the same walk, each placement's leave looked up, then the
//!   exchanges valued);
//! - `solve by score` / `solve by equity`: every move ranked (`ranked_moves`,
//!   `ranked_by_equity`), what `tavolo solve natura` lists.
//!
//!     cargo bench -p tavolo-bench --bench natura_equity
//!
//! Before criterion's wall-clock runs, it prints each pair's CPU time (this thread's time on a
//! core, from /proc/thread-self/schedstat), the best of fifteen alternating rounds: on a shared,
//! loaded machine that ratio is the steadier figure.
//!
//! Without Debian's word lists the bench says so and measures nothing.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use tavolo::games::engine::Engine;
use tavolo::games::natura::game::{Rules, Setup, State};
use tavolo::games::natura::leaves_record;
use tavolo::games::natura::machine::{best_by_equity, best_move, ranked_by_equity};
use tavolo::games::natura::movegen::ranked_moves;
use tavolo::games::natura::Move;

/// The full Italian bag shuffled for a seed.
fn bag(seed: u32) -> Vec<u8> {
    tavolo_bench::natura_bag("bench/equity", seed)
}

/// This thread's time on a core so far, in nanoseconds (0 where /proc does not say).
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// The best of fifteen alternating rounds of `a` and `b`, CPU nanoseconds each.
fn cpu_pair(a: &mut dyn FnMut(), b: &mut dyn FnMut()) -> (u64, u64) {
    let (mut best_a, mut best_b) = (u64::MAX, u64::MAX);
    for _ in 0..15 {
        let t = cpu_ns();
        a();
        best_a = best_a.min(cpu_ns() - t);
        let t = cpu_ns();
        b();
        best_b = best_b.min(cpu_ns() - t);
    }
    (best_a, best_b)
}

fn equity(c: &mut Criterion) {
    let choice = tavolo::lexicon::choice::run_choice();
    let lex = match tavolo::lexicon::choice::open(&choice) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("skipped: the default word lists cannot be opened: {e:?}");
            return;
        }
    };
    let graph = tavolo::lexicon::graph::gaddag(&lex).expect("graph");
    let leaves = leaves_record::bundled().expect("the bundled values read back");
    let mut positions = Vec::new();
    for seed in 1..=20 {
        let mut s = State::start(
            &Setup {
                players: 2,
                bag: bag(seed),
            },
            &Rules::default(),
        )
        .expect("setup");
        while let Some(seat) = s.to_move() {
            positions.push(s.clone());
            let mv = best_move(&s, &graph).map_or(Move::Pass { seat }, |r| r.mv);
            s.play(mv).expect("the machine's move is legal");
        }
    }
    eprintln!("{} positions from 20 games", positions.len());
    let per = |ns: u64| ns as f64 / positions.len() as f64 / 1000.0;
    let (greedy, by_equity) = cpu_pair(
        &mut || {
            for s in &positions {
                black_box(best_move(s, &graph));
            }
        },
        &mut || {
            for s in &positions {
                black_box(best_by_equity(s, &graph, &leaves));
            }
        },
    );
    println!(
        "CPU a turn, best of 15: greedy {:.1} us, equity {:.1} us: equity adds {:+.1}%",
        per(greedy),
        per(by_equity),
        (by_equity as f64 / greedy as f64 - 1.0) * 100.0
    );
    let (score, ranked) = cpu_pair(
        &mut || {
            for s in &positions {
                black_box(ranked_moves(s, &graph));
            }
        },
        &mut || {
            for s in &positions {
                black_box(ranked_by_equity(s, &graph, &leaves));
            }
        },
    );
    println!(
        "CPU a position, best of 15: solve by score {:.1} us, by equity {:.1} us: equity adds {:+.1}%",
        per(score),
        per(ranked),
        (ranked as f64 / score as f64 - 1.0) * 100.0
    );
    let mut g = c.benchmark_group("natura_equity");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(10));
    g.bench_function("greedy turn", |b| {
        b.iter(|| {
            for s in &positions {
                black_box(best_move(s, &graph));
            }
        })
    });
    g.bench_function("equity turn", |b| {
        b.iter(|| {
            for s in &positions {
                black_box(best_by_equity(s, &graph, &leaves));
            }
        })
    });
    g.bench_function("solve by score", |b| {
        b.iter(|| {
            for s in &positions {
                black_box(ranked_moves(s, &graph));
            }
        })
    });
    g.bench_function("solve by equity", |b| {
        b.iter(|| {
            for s in &positions {
                black_box(ranked_by_equity(s, &graph, &leaves));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, equity);
criterion_main!(benches);
