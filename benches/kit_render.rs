//! Rendering the bundled kits to PDF (target: both under 0.25 s, each PDF
//! under 300 KB). Loads the definitions, fills the templates, lays out and
//! writes the PDF in memory, as `tavolo kit fruit moon` does minus the disk.

use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};
use tavolo::kit::{self, LayoutOptions};

fn kits(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    let paths = [dir.join("fruit.toml"), dir.join("moon.toml")];
    let opts = LayoutOptions::default();
    for p in &paths {
        let kit = kit::model::load(p).unwrap();
        let r = kit::render(&kit, &opts).unwrap();
        eprintln!(
            "{}: {} bytes, {} sheets",
            kit.name,
            r.pdf.len(),
            r.sheets.len()
        );
    }
    c.bench_function("kit/fruit+moon to PDF", |b| {
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

criterion_group!(benches, kits);
criterion_main!(benches);
