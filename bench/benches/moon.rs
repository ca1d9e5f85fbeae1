//! MOON engine throughput (target: 2 million validated moves per second) and
//! the whole `tavolo check` path per record (parse + replay + verdict).
//!
//!     cargo bench --bench moon -- --warm-up-time 1 --measurement-time 3

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tavolo::deal::DealRng;
use tavolo::games::engine::Engine;
use tavolo::games::moon::{Move, Position, Setup};

/// 1,000 random legal games (2, 3 and 4 players), as setups and move lists.
fn games() -> Vec<(Setup, Vec<Move>)> {
    (0..1000u32)
        .map(|i| {
            let players = 2 + (i % 3) as usize;
            let order = tavolo::deal::shuffled("moon", "standard", "bench", i + 1, 25);
            let setup = Setup::from_order(&order, players).unwrap();
            let mut rng = DealRng::new("moon", "standard/play", "bench", i + 1);
            let mut pos = Position::new(&setup).unwrap();
            let mut moves = Vec::new();
            while !pos.is_over() {
                let legal = pos.legal_moves();
                let mv = legal[rng.below(legal.len() as u32) as usize];
                pos.play(mv).unwrap();
                moves.push(mv);
            }
            (setup, moves)
        })
        .collect()
}

fn validate(c: &mut Criterion) {
    let games = games();
    let total: usize = games.iter().map(|(_, m)| m.len()).sum();
    let mut g = c.benchmark_group("moon");
    g.throughput(Throughput::Elements(total as u64));
    // Every move checked (MN-2, turn, hand) and played, with the MN-4 end check
    // after each: what `tavolo check` does per move.
    g.bench_function("validate 1000 games (moves/s)", |b| {
        b.iter(|| {
            let mut winners = 0;
            for (setup, moves) in &games {
                let mut pos = Position::new(setup).unwrap();
                for &mv in moves {
                    pos.play(black_box(mv)).unwrap();
                }
                winners += pos.winner().unwrap();
            }
            winners
        })
    });
    g.finish();

    let records: Vec<String> = (0..100)
        .map(|i| {
            let setup = tavolo::games::setup::Spec {
                game: "moon".into(),
                players: Some(2 + i % 3),
                variant: None,
                seed: Some(format!("bench-{i}")),
                board: 1,
                names: None,
            };
            tavolo::games::setup::play_record(&setup).unwrap()
        })
        .collect();
    let mut g = c.benchmark_group("moon records");
    g.throughput(Throughput::Elements(records.len() as u64));
    g.bench_function("parse + check 100 records (records/s)", |b| {
        b.iter(|| {
            for r in &records {
                let rep = tavolo::games::check::check_text(Path::new("r.toml"), r.clone());
                assert_eq!(rep.exit_code(), 0);
            }
        })
    });
    g.finish();
}

criterion_group!(benches, validate);
criterion_main!(benches);
