//! SF-5: the best partition of a Scalafrutta holding must take < 1 ms for any
//! holding of up to all 36 tiles. All 36 is the worst case for the search
//! (every row has all 11 run choices); the others are typical end-of-hand
//! holdings.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use tavolo::games::fruit::scalafrutta::scoring::best_partition;
use tavolo::games::fruit::{Tile, TileSet};

fn holding(names: &str) -> TileSet {
    names
        .split_whitespace()
        .map(|n| n.parse::<Tile>().unwrap())
        .collect()
}

fn bench(c: &mut Criterion) {
    let cases = [
        ("all_36", TileSet::ALL),
        // Every tile but one per column, shifted: 30 tiles, dense rows.
        (
            "dense_30",
            TileSet::ALL.difference(holding("M1 P2 C3 U4 F5 B6")),
        ),
        ("sheet_7", holding("B3 M3 P3 U3 M4 M5 M6")),
    ];
    for (name, held) in cases {
        c.bench_function(&format!("best_partition/{name}"), |b| {
            b.iter(|| best_partition(black_box(held)))
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
