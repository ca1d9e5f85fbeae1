//! The fuzz loop: pick an input from the corpus, mutate it, run the target,
//! keep the mutant when it reached new coverage, save it when the target
//! panicked, failed a check, ran over a second or over 200 MB.
//!
//! The same seed gives the same sequence of mutations for the same corpus and
//! coverage; a finding is reproduced from its saved file (`tavolo-fuzz repro`).

use std::alloc::{GlobalAlloc, Layout, System};
use std::fs::File;
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicPtr, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::cov::Coverage;
use crate::mutate::Mutator;
use crate::rng::Rng;
use crate::targets::Target;

/// Over this per input it is reported.
pub const SLOW: Duration = Duration::from_secs(1);
pub const MEMORY: usize = 200 << 20;
/// Past this the run is stopped: the input is saved and the process aborts.
const HANG: Duration = Duration::from_secs(10);
const HARD_MEMORY: usize = 1 << 30;

/// Counts live heap bytes and the peak of the current run.
pub struct Tracking;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
/// The input being run, for the out-of-memory and hang handlers.
static CURRENT: AtomicPtr<u8> = AtomicPtr::new(std::ptr::null_mut());
static CURRENT_LEN: AtomicUsize = AtomicUsize::new(0);
static DUMP: OnceLock<Mutex<File>> = OnceLock::new();
/// When the current run started (ms since `EPOCH`), 0 when none runs.
static STARTED: AtomicU64 = AtomicU64::new(0);
static EPOCH: OnceLock<Instant> = OnceLock::new();

fn dump_current_and_abort(why: &str) -> ! {
    if let Some(f) = DUMP.get() {
        if let Ok(mut f) = f.try_lock() {
            let p = CURRENT.load(Ordering::SeqCst);
            let n = CURRENT_LEN.load(Ordering::SeqCst);
            if !p.is_null() {
                // SAFETY: the loop keeps the input alive while it runs.
                let _ = f.write_all(unsafe { std::slice::from_raw_parts(p, n) });
            }
        }
    }
    let _ = std::io::stderr().write_all(why.as_bytes());
    std::process::abort()
}

unsafe impl GlobalAlloc for Tracking {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(l.size(), Ordering::Relaxed) + l.size();
        if live > HARD_MEMORY && !CURRENT.load(Ordering::Relaxed).is_null() {
            dump_current_and_abort("\nFINDING memory: over 1 GiB live; input saved as oom-input\n");
        }
        PEAK.fetch_max(live, Ordering::Relaxed);
        System.alloc(l)
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size(), Ordering::Relaxed);
        System.dealloc(p, l)
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        if new > l.size() {
            let live = LIVE.fetch_add(new - l.size(), Ordering::Relaxed) + new - l.size();
            if live > HARD_MEMORY && !CURRENT.load(Ordering::Relaxed).is_null() {
                dump_current_and_abort(
                    "\nFINDING memory: over 1 GiB live; input saved as oom-input\n",
                );
            }
            PEAK.fetch_max(live, Ordering::Relaxed);
        } else {
            LIVE.fetch_sub(l.size() - new, Ordering::Relaxed);
        }
        System.realloc(p, l, new)
    }
}

static PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Keep a panic's message and place instead of printing it.
pub fn quiet_panics() {
    std::panic::set_hook(Box::new(|info| {
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let at = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()))
            .unwrap_or_default();
        if let Ok(mut p) = PANIC.lock() {
            *p = Some(format!("panic at {at}: {msg}"));
        }
    }));
}

/// What one run of an input gave.
pub enum Outcome {
    Ok,
    /// A panic or a failed check, with its message.
    Finding(String),
}

/// CPU time of this process so far (user + system, from /proc, in clock ticks of
/// 10 ms): on a busy shared machine wall time says little about the input.
pub fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which ends with the last `)`): utime is the 12th, stime the 13th.
    let rest = stat.rsplit_once(')').map_or("", |r| r.1);
    let f: Vec<u64> = rest
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|x| x.parse().ok())
        .collect();
    Duration::from_millis(f.iter().sum::<u64>() * 10)
}

/// Run the target on one input, catching a panic; the time is CPU time when the
/// run took over [`SLOW`] of wall time (else the wall time).
pub fn run_one(target: &mut Target, input: &[u8]) -> (Outcome, Duration, usize) {
    CURRENT.store(input.as_ptr() as *mut u8, Ordering::SeqCst);
    CURRENT_LEN.store(input.len(), Ordering::SeqCst);
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let epoch = *EPOCH.get_or_init(Instant::now);
    STARTED.store(epoch.elapsed().as_millis() as u64 + 1, Ordering::SeqCst);
    // A panic the target caught itself (tavolo's usvg guard) must not name a later one.
    if let Ok(mut p) = PANIC.lock() {
        p.take();
    }
    let t = Instant::now();
    let cpu = cpu_time();
    let r = catch_unwind(AssertUnwindSafe(|| (target.run)(input)));
    let mut took = t.elapsed();
    if took > SLOW {
        took = cpu_time().saturating_sub(cpu);
    }
    STARTED.store(0, Ordering::SeqCst);
    CURRENT.store(std::ptr::null_mut(), Ordering::SeqCst);
    let peak = PEAK.load(Ordering::Relaxed).saturating_sub(base);
    let out = match r {
        Ok(Ok(())) => Outcome::Ok,
        Ok(Err(m)) => Outcome::Finding(format!("check failed: {m}")),
        Err(_) => Outcome::Finding(
            PANIC
                .lock()
                .ok()
                .and_then(|mut p| p.take())
                .unwrap_or_else(|| "panic".into()),
        ),
    };
    (out, took, peak)
}

/// Stop the process when one input runs past [`HANG`], saving it first.
fn watchdog() {
    std::thread::spawn(|| loop {
        std::thread::sleep(Duration::from_millis(200));
        let started = STARTED.load(Ordering::SeqCst);
        if started == 0 {
            continue;
        }
        let now = EPOCH.get().map_or(0, |e| e.elapsed().as_millis() as u64) + 1;
        if now.saturating_sub(started) > HANG.as_millis() as u64 {
            dump_current_and_abort("\nFINDING hang: one input ran over 10 s; saved as oom-input\n");
        }
    });
}

pub struct Stats {
    pub execs: u64,
    pub corpus: usize,
    pub edges: usize,
    pub total_edges: usize,
    pub findings: Vec<String>,
    pub slow: usize,
    pub seconds: f64,
}

fn hash(b: &[u8]) -> u64 {
    // FNV-1a: a stable name for a saved input.
    b.iter().fold(0xcbf2_9ce4_8422_2325, |h, &x| {
        (h ^ u64::from(x)).wrapping_mul(0x100_0000_01b3)
    })
}

fn save(dir: &Path, kind: &str, input: &[u8]) -> PathBuf {
    let _ = std::fs::create_dir_all(dir);
    let p = dir.join(format!("{kind}-{:016x}", hash(input)));
    let _ = std::fs::write(&p, input);
    p
}

/// Fuzz `target` for `budget`, from `seed`; findings go under `out/<target>/`.
pub fn fuzz(target: &mut Target, budget: Duration, seed: u64, out: &Path, max_runs: u64) -> Stats {
    let dir = out.join(target.name.replace(':', "-"));
    let _ = std::fs::create_dir_all(&dir);
    if let Ok(f) = File::create(dir.join("oom-input")) {
        let _ = DUMP.set(Mutex::new(f));
    }
    watchdog();
    let mut cov = Coverage::new();
    let mut rng = Rng::new(seed);
    let mut corpus: Vec<Vec<u8>> = Vec::new();
    let mut findings: Vec<String> = Vec::new();
    let mut slow = 0;
    let mut execs = 0u64;
    let start = Instant::now();
    let name = target.name.clone();
    let note = |msg: &str, input: &[u8], findings: &mut Vec<String>| {
        // One report per distinct message (numbers left out), every input kept.
        // A panic is known by its place; a failed check by its text without numbers.
        let key: String = match msg.strip_prefix("panic at ") {
            Some(rest) => rest.split(": ").next().unwrap_or(rest).to_string(),
            None => msg
                .chars()
                .filter(|c| !c.is_ascii_digit())
                .take(80)
                .collect(),
        };
        let p = save(&dir, "finding", input);
        if !findings.iter().any(|f| f.starts_with(&key)) {
            eprintln!("FINDING {name}: {msg}\n  input: {}", p.display());
            findings.push(format!("{key}\t{}", p.display()));
        }
    };
    // Every seed runs first, and must pass too.
    let seeds = target.seeds.clone();
    for s in &seeds {
        cov.reset();
        let (o, took, peak) = run_one(target, s);
        execs += 1;
        if let Outcome::Finding(m) = o {
            note(&m, s, &mut findings);
        }
        if took > SLOW || peak > MEMORY {
            slow += 1;
            save(&dir, "slow", s);
        }
        cov.merge();
        corpus.push(s.clone());
    }
    let dict = target.dict.clone();
    let m = Mutator {
        shape: target.shape,
        dict: &dict,
        max_len: target.max_len,
    };
    let mut last_report = Instant::now();
    while start.elapsed() < budget && execs < max_runs {
        let parent = if corpus.len() > seeds.len() && rng.chance(2) {
            // Favour the newer finds a little.
            &corpus[seeds.len() + rng.below(corpus.len() - seeds.len())]
        } else {
            &corpus[rng.below(corpus.len())]
        };
        let child = m.mutate(&mut rng, parent, &corpus);
        let (o, took, peak) = run_one(target, &child);
        execs += 1;
        if let Outcome::Finding(msg) = o {
            note(&msg, &child, &mut findings);
        }
        if took > SLOW || peak > MEMORY {
            slow += 1;
            let p = save(&dir, "slow", &child);
            eprintln!(
                "FINDING {} slow/large: {:.2} s, {} MB: {}",
                target.name,
                took.as_secs_f64(),
                peak >> 20,
                p.display()
            );
        }
        if cov.merge() {
            corpus.push(child);
        }
        if last_report.elapsed() > Duration::from_secs(60) {
            last_report = Instant::now();
            eprintln!(
                "  {}: {} execs, corpus {}, edges {}",
                target.name,
                execs,
                corpus.len(),
                cov.edges()
            );
        }
    }
    Stats {
        execs,
        corpus: corpus.len(),
        edges: cov.edges(),
        total_edges: cov.total(),
        findings,
        slow,
        seconds: start.elapsed().as_secs_f64(),
    }
}
