//! `tavolo serve`: the time from a move posted to its answer (the move judged, the record
//! written and synced, the 303), the same with the new page fetched after it (the position
//! drawn as SVG, the page built), and how many tables 100 MB of memory hold. In process: the
//! server on 127.0.0.1 port 0 in a thread, a raw HTTP client over loopback.
//!
//!     cargo bench --bench serve -- --warm-up-time 1 --measurement-time 3

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};

fn request(addr: &str, raw: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(raw.as_bytes()).unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, text)
}

fn post(addr: &str, path: &str, body: &str) -> (u16, String) {
    request(
        addr,
        &format!(
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
             Content-Length: {}\r\n\r\n{body}",
            body.len()
        ),
    )
}

fn get(addr: &str, path: &str) -> (u16, String) {
    request(
        addr,
        &format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n"),
    )
}

/// A page's forms' token (every POST carries its page's).
fn token(page: &str) -> String {
    let at = page.find("name=\"form\" value=\"").unwrap() + "name=\"form\" value=\"".len();
    page[at..].split('"').next().unwrap().to_string()
}

/// A new MOON table: its director page's path.
fn deal(addr: &str, seed: &str, form: &str) -> String {
    let (status, text) = post(addr, "/new", &format!("game=moon&seed={seed}&form={form}"));
    assert_eq!(status, 303);
    text.lines()
        .find_map(|l| {
            l.strip_prefix("location: ")
                .or(l.strip_prefix("Location: "))
        })
        .unwrap()
        .trim()
        .to_string()
}

fn with_action(page: &str, what: &str) -> String {
    let (path, q) = page.split_once('?').unwrap();
    format!("{path}{what}?{q}")
}

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

fn serve(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let config = tavolo::serve::Config {
        bind: "127.0.0.1".parse().unwrap(),
        port: 0,
        dir: dir.path().to_path_buf(),
        lan: false,
        workers: 4,
        event: None,
        strict: false,
    };
    let (server, started) = tavolo::serve::start(&config).unwrap();
    std::thread::spawn(move || server.run());
    let addr = started.addr.to_string();
    let otok = token(&get(&addr, "/").1);
    let page = deal(&addr, "golden", &otok);
    // Tables per 100 MB: 2,000 MOON tables dealt first (before any page
    // is drawn, whose freed memory would hold them unseen), the resident memory before and after.
    let before = rss_kib();
    for i in 0..2000 {
        deal(&addr, &format!("mem{i}"), &otok);
    }
    let after = rss_kib();
    let per_table = (after.saturating_sub(before)) as f64 / 2000.0;
    println!(
        "serve: 2,000 MOON tables dealt: RSS {before} KiB -> {after} KiB, {per_table:.1} KiB a table, \
         about {:.0} tables per 100 MB",
        100.0 * 1024.0 / per_table.max(0.001)
    );
    let tok = token(&get(&addr, &page).1);
    let (played, back) = (
        format!("move=AG+d3&at=0&form={tok}"),
        format!("at=1&form={tok}"),
    );
    let mv = with_action(&page, "/move");
    let undo = with_action(&page, "/undo");
    let mut g = c.benchmark_group("serve");
    // MOON, seed golden: AG on d3 (next to BB), then taken back outside the timing.
    g.bench_function(
        "move posted to its answer (judged, record synced, 303)",
        |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let t = Instant::now();
                    assert_eq!(post(&addr, &mv, &played).0, 303);
                    total += t.elapsed();
                    assert_eq!(post(&addr, &undo, &back).0, 303);
                }
                total
            })
        },
    );
    g.bench_function("move posted, then the new page (with its picture)", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let t = Instant::now();
                assert_eq!(post(&addr, &mv, &played).0, 303);
                assert_eq!(get(&addr, &page).0, 200);
                total += t.elapsed();
                assert_eq!(post(&addr, &undo, &back).0, 303);
            }
            total
        })
    });
    g.finish();
}

criterion_group!(benches, serve);
criterion_main!(benches);
