//! `tavolo serve` under slow clients (issue 38): the time from a legal move posted to its
//! answer while 20 slowloris connections (a head never ended, a byte a second) and 4
//! stalled bodies (a `Content-Length` of 200,000, a few bytes sent, then a byte a second)
//! are held open from the same address, each opened again as soon as the server cuts it
//! off. Before issue 38 four such connections held the server's four workers and a move
//! waited for them (11 of 12 probes failed within a minute). Aim: under 100 ms.
//!
//! In process, on 127.0.0.1 port 0; bounded: 200 moves (each taken back outside the timing),
//! and it stops by itself (the holders stop with the moves, at most 120 s in all).
//!
//!     cargo bench -p tavolo-bench --bench serve_slow

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const SLOW: usize = 20;
const STALLED: usize = 4;
const MOVES: usize = 200;

fn request(addr: &str, raw: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    s.write_all(raw.as_bytes()).unwrap();
    let mut text = String::new();
    let _ = s.read_to_string(&mut text);
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, text)
}

fn post(addr: &str, path: &str, body: &str) -> u16 {
    request(
        addr,
        &format!(
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
             Content-Length: {}\r\n\r\n{body}",
            body.len()
        ),
    )
    .0
}

fn get(addr: &str, path: &str) -> String {
    request(
        addr,
        &format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n"),
    )
    .1
}

/// A page's forms' token.
fn token(page: &str) -> String {
    let at = page.find("name=\"form\" value=\"").unwrap() + "name=\"form\" value=\"".len();
    page[at..].split('"').next().unwrap().to_string()
}

fn with_action(page: &str, what: &str) -> String {
    let (path, q) = page.split_once('?').unwrap();
    format!("{path}{what}?{q}")
}

/// One held connection: opened with `head`, then a byte a second; opened again when cut.
fn holder(addr: String, head: String, stop: Arc<AtomicBool>, opened: Arc<AtomicUsize>) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while !stop.load(Ordering::Relaxed) && Instant::now() < deadline {
        let Ok(mut s) = TcpStream::connect(&addr) else {
            std::thread::sleep(Duration::from_millis(100));
            continue;
        };
        opened.fetch_add(1, Ordering::Relaxed);
        if s.write_all(head.as_bytes()).is_err() {
            continue;
        }
        // Until the server cuts it off (a write fails) or the bench ends.
        while !stop.load(Ordering::Relaxed) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(100));
            if s.write_all(b"a").is_err() {
                break;
            }
            std::thread::sleep(Duration::from_millis(900));
        }
    }
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
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
    let otok = token(&get(&addr, "/"));
    let (status, text) = request(
        &addr,
        &format!(
            "POST /new HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
             Content-Length: {}\r\n\r\ngame=moon&seed=golden&form={otok}",
            "game=moon&seed=golden&form=".len() + otok.len()
        ),
    );
    assert_eq!(status, 303);
    let page = text
        .lines()
        .find_map(|l| {
            l.strip_prefix("location: ")
                .or(l.strip_prefix("Location: "))
        })
        .unwrap()
        .trim()
        .to_string();
    let tok = token(&get(&addr, &page));
    let mv = with_action(&page, "/move");
    let undo = with_action(&page, "/undo");

    let stop = Arc::new(AtomicBool::new(false));
    let opened = Arc::new(AtomicUsize::new(0));
    let slow = format!("GET / HTTP/1.1\r\nHost: {addr}\r\nX-Slow: ");
    let stalled = format!(
        "POST /new HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
         Content-Length: 200000\r\n\r\ngame=m"
    );
    let mut threads = Vec::new();
    for i in 0..SLOW + STALLED {
        let head = if i < SLOW {
            slow.clone()
        } else {
            stalled.clone()
        };
        let (a, s, o) = (addr.clone(), Arc::clone(&stop), Arc::clone(&opened));
        threads.push(std::thread::spawn(move || holder(a, head, s, o)));
    }
    // Every holder connected before the first move.
    while opened.load(Ordering::Relaxed) < SLOW + STALLED {
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(500));

    let mut times = Vec::with_capacity(MOVES);
    for _ in 0..MOVES {
        let t = Instant::now();
        assert_eq!(
            post(&addr, &mv, &format!("move=AG+d3&at=0&form={tok}")),
            303
        );
        times.push(t.elapsed());
        assert_eq!(post(&addr, &undo, &format!("at=1&form={tok}")), 303);
    }
    stop.store(true, Ordering::Relaxed);
    let reopened = opened.load(Ordering::Relaxed) - (SLOW + STALLED);
    for t in threads {
        let _ = t.join();
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "serve_slow: {MOVES} MOON moves posted to their answer (303) with {SLOW} slow heads and \
         {STALLED} stalled bodies held open ({reopened} of them cut off by the server and opened again): \
         min {:.1} ms, median {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        ms(times[0]),
        ms(at(0.5)),
        ms(at(0.99)),
        ms(times[times.len() - 1])
    );
}
