//! Rendering bundled kits to PDF in memory: the definitions loaded, the
//! templates filled, laid out and written, as `tavolo kit` does minus the disk
//! (whose wall-clock time `scripts/bench-kit-all.sh` measures).
//!
//! - `kit/fruit+moon to PDF`: the kits of "Print kits I" (target: under 0.25 s,
//!   each PDF under 300 KB);
//! - `kit/all bundled kits to PDF`: fruit, moon, farfalia and decktet, as
//!   `tavolo kit all` (target: under 0.5 s, each PDF under 1 MB).

use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion};
use tavolo::kit::{self, LayoutOptions};

/// Load and render every kit once, printing its size, and check the size limit.
fn report(paths: &[PathBuf], opts: &LayoutOptions, max_bytes: usize) {
    for p in paths {
        let kit = kit::model::load(p).unwrap();
        let r = kit::render(&kit, opts).unwrap();
        eprintln!(
            "{}: {} pieces, {} sheets, {} bytes",
            kit.name,
            kit.piece_count(),
            r.sheets.len(),
            r.pdf.len()
        );
        assert!(
            r.pdf.len() < max_bytes,
            "{} PDF over {max_bytes} bytes",
            kit.name
        );
    }
}

fn bench_kits(c: &mut Criterion, name: &str, paths: &[PathBuf], max_bytes: usize) {
    let opts = LayoutOptions::default();
    report(paths, &opts, max_bytes);
    c.bench_function(name, |b| {
        b.iter(|| {
            let mut bytes = 0;
            for p in paths {
                let kit = kit::model::load(p).unwrap();
                bytes += kit::render(&kit, &opts).unwrap().pdf.len();
            }
            bytes
        })
    });
}

fn fruit_and_moon(c: &mut Criterion) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../templates");
    let paths = [dir.join("fruit.toml"), dir.join("moon.toml")];
    bench_kits(c, "kit/fruit+moon to PDF", &paths, 300_000);
}

fn all_kits(c: &mut Criterion) {
    bench_kits(
        c,
        "kit/all bundled kits to PDF",
        &kit::bundled().unwrap(),
        1_000_000,
    );
}

criterion_group!(benches, fruit_and_moon, all_kits);
criterion_main!(benches);
