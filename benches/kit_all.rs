//! `tavolo kit all` in memory: every bundled kit (fruit, moon, farfalia,
//! decktet) loaded, filled, laid out and written as PDF (target: under 0.5 s
//! in all, each PDF under 1 MB). The wall-clock time of the command itself,
//! disk included, is measured by `scripts/bench-kit-all.sh`.

use criterion::{criterion_group, criterion_main, Criterion};
use tavolo::kit::{self, LayoutOptions};

fn all_kits(c: &mut Criterion) {
    let paths = kit::bundled().unwrap();
    let opts = LayoutOptions::default();
    for p in &paths {
        let kit = kit::model::load(p).unwrap();
        let r = kit::render(&kit, &opts).unwrap();
        eprintln!(
            "{}: {} pieces, {} sheets, {} bytes",
            kit.name,
            kit.piece_count(),
            r.sheets.len(),
            r.pdf.len()
        );
        assert!(r.pdf.len() < 1_000_000, "{} PDF over 1 MB", kit.name);
    }
    c.bench_function("kit/all bundled kits to PDF", |b| {
        b.iter(|| {
            let mut bytes = 0;
            for p in &paths {
                let kit = kit::model::load(p).unwrap();
                bytes += kit::render(&kit, &opts).unwrap().pdf.len();
            }
            bytes
        })
    });
}

criterion_group!(benches, all_kits);
criterion_main!(benches);
