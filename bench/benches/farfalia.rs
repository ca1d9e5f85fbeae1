//! Farfalia engine throughput (target: 10 million cards played and validated
//! per second) and one-line deal output (for the 1,000,000-deal comparison
//! with Debian's `dealer`).
//!
//!     cargo bench --bench farfalia -- --warm-up-time 1 --measurement-time 3

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tavolo::deal::DealRng;
use tavolo::games::farfalia::{
    four_hands, write_masks, write_setup, Deal, DealKind, DealOrders, Move, Pairing, Setup, Table,
};

/// 1,000 random legal deals of every kind: the starting state and the moves.
fn deals() -> Vec<(Setup, Deal, Vec<Move>)> {
    let kinds: [(DealKind, &[usize]); 5] = [
        (DealKind::Five, &[0, 1, 2, 3, 4]),
        (DealKind::Four, &[0, 1, 2, 3]),
        (DealKind::Three, &[0, 1, 2]),
        (DealKind::ThreeExtra, &[0, 1, 2]),
        (DealKind::Two, &[0, 1]),
    ];
    (0..1000u32)
        .map(|i| {
            let (kind, seats) = kinds[i as usize % kinds.len()];
            let table = Table::new(kind, seats, Pairing::Alternate).unwrap();
            let setup =
                Setup::deal(table, &DealOrders::seeded("bench", "bench", i + 1), false).unwrap();
            let start = Deal::new(&setup, false).unwrap();
            let mut deal = start.clone();
            let mut rng = DealRng::new("farfalia", "bench/play", "bench", i + 1);
            let mut moves = Vec::new();
            while !deal.is_over() {
                let legal = deal.legal_moves();
                let mv = legal[rng.below(legal.len() as u32) as usize];
                deal.play(mv).unwrap();
                moves.push(mv);
            }
            (setup, start, moves)
        })
        .collect()
}

fn validate(c: &mut Criterion) {
    let deals = deals();
    let cards: usize = deals
        .iter()
        .map(|(_, _, m)| m.iter().filter(|m| matches!(m, Move::Play { .. })).count())
        .sum();
    let mut g = c.benchmark_group("farfalia");
    // Every card checked (turn, held or face up, follow suit) and played, the
    // trick resolved, the collection choice checked: what `check` does per deal.
    g.throughput(Throughput::Elements(cards as u64));
    g.bench_function("play 1000 deals (cards/s)", |b| {
        b.iter(|| {
            for (_, start, moves) in &deals {
                let mut deal = start.clone();
                for &mv in moves {
                    black_box(deal.play(mv).unwrap());
                }
                black_box(&deal);
            }
        })
    });
    g.throughput(Throughput::Elements(deals.len() as u64));
    g.bench_function("start 1000 deals from setups (deals/s)", |b| {
        b.iter(|| {
            for (setup, _, _) in &deals {
                black_box(Deal::new(setup, false).unwrap());
            }
        })
    });
    let mut out = Vec::with_capacity(1 << 20);
    g.bench_function("format 1000 setups as lines (deals/s)", |b| {
        b.iter(|| {
            out.clear();
            for (setup, _, _) in &deals {
                write_setup(setup, &mut out);
            }
            black_box(out.len())
        })
    });
    // The hot path of dealing many boards: key (SHA-256), stream (ChaCha20),
    // shuffle, four hands, one line each.
    g.bench_function("deal and write 1000 four-hand boards (deals/s)", |b| {
        b.iter(|| {
            out.clear();
            for board in 1..=1000u32 {
                let mut rng = DealRng::new("farfalia", "four", "bench", board);
                let mut deck: [usize; 52] = std::array::from_fn(|i| i);
                rng.shuffle(&mut deck);
                write_masks(&[b"1", b"2", b"3", b"4"], &four_hands(&deck), &mut out);
            }
            black_box(out.len())
        })
    });
    let masks: Vec<[u64; 4]> = (1..=1000u32)
        .map(|b| {
            let o = DealOrders::seeded("four", "bench", b);
            four_hands(&o.deck)
        })
        .collect();
    g.bench_function("write 1000 four-hand lines (deals/s)", |b| {
        b.iter(|| {
            out.clear();
            for m in &masks {
                write_masks(&[b"1", b"2", b"3", b"4"], m, &mut out);
            }
            black_box(out.len())
        })
    });
    g.finish();
}

criterion_group!(benches, validate);
criterion_main!(benches);
