//! The lexicon (NS-2): building the default automaton from Debian's hunspell-it, loading
//! it from the cache, word look-ups and rack anagrams.
//!
//! `cargo bench --bench lexicon` (needs /usr/share/hunspell/it_IT.{dic,aff}; without them
//! the benches say so and measure nothing).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use tavolo::lexicon::{self, Lexicon, List, Options, Rack, Source, Span};

fn hunspell_it() -> Option<Source> {
    match Source::debian_hunspell() {
        Some(s) => Some(s),
        None => {
            eprintln!("skipped: Debian's hunspell-it is not installed");
            None
        }
    }
}

/// A sample of words to look up: every 20th word of the lexicon, each also with its last
/// letter changed (mostly misses), so hits and misses are about even.
fn queries(list: &List) -> Vec<String> {
    use fst::Streamer;
    let mut out = Vec::new();
    let mut s = list.set.stream();
    let mut i = 0;
    while let Some(w) = s.next() {
        if i % 20 == 0 && out.len() < 20_000 {
            let w = String::from_utf8_lossy(w).into_owned();
            let mut miss = w.clone();
            let last = miss.pop().unwrap_or('A');
            miss.push(if last == 'Z' {
                'A'
            } else {
                char::from(last as u8 + 1)
            });
            out.push(w);
            out.push(miss);
        }
        i += 1;
    }
    out
}

fn benches(c: &mut Criterion) {
    let Some(source) = hunspell_it() else { return };
    let tmp = tempfile::tempdir().expect("temp dir");
    let opts = Options {
        cache_dir: Some(tmp.path().to_path_buf()),
        ..Options::default()
    };
    let sources = [source.clone()];

    let mut g = c.benchmark_group("lexicon");
    g.sample_size(10).measurement_time(Duration::from_secs(30));
    g.bench_function("build hunspell-it (expand, normalise, fst)", |b| {
        b.iter(|| {
            let o = Options {
                rebuild: true,
                no_cache: true,
                ..opts.clone()
            };
            black_box(List::open(&source, &o).expect("build"))
        })
    });
    g.finish();

    // Build once into the cache, then measure opening it from there.
    let lex = Lexicon::open(&sources, &opts).expect("build");
    let list = &lex.lists[0];
    if let lexicon::Origin::Built { time, forms, .. } = &list.origin {
        eprintln!(
            "hunspell-it: {forms} forms -> {} words, automaton {} bytes, built in {:.2} s",
            list.set.len(),
            list.bytes(),
            time.as_secs_f64()
        );
    }
    let mut g = c.benchmark_group("lexicon");
    g.bench_function("open from cache (read, hash sources, verify)", |b| {
        b.iter(|| {
            let lex = Lexicon::open(&sources, &opts).expect("open");
            assert!(matches!(lex.lists[0].origin, lexicon::Origin::Cached));
            black_box(lex)
        })
    });

    let words = queries(list);
    g.throughput(Throughput::Elements(words.len() as u64));
    g.bench_function("look-ups", |b| {
        b.iter(|| words.iter().filter(|w| lex.contains(w)).count())
    });
    g.throughput(Throughput::Elements(1));
    for rack in ["CASOREI", "CASORE?", "CASOR??"] {
        let r = Rack::parse(rack).expect("rack");
        g.bench_function(format!("anagrams of {rack}, 2+ letters"), |b| {
            b.iter(|| black_box(lex.anagrams(&r, Span::AtLeast(2))))
        });
    }
    g.finish();
}

criterion_group!(lexicon_benches, benches);
criterion_main!(lexicon_benches);
