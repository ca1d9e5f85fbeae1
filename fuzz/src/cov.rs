//! Coverage feedback without nightly: rustc's stable `-C passes=sancov-module`
//! with `-sanitizer-coverage-inline-8bit-counters` gives every instrumented
//! edge a byte counter and, at start-up, calls
//! `__sanitizer_cov_8bit_counters_init` once per module with its counters. We
//! keep those regions and, after each run, fold the counters into buckets
//! (as AFL and libFuzzer do) to tell whether an input reached something new.
//! Without the flags nothing registers and the loop mutates blind.
#![allow(unsafe_code)]

use std::sync::Mutex;

static REGIONS: Mutex<Vec<(usize, usize)>> = Mutex::new(Vec::new());

/// Called by the instrumented code before `main`.
///
/// # Safety
/// Called by the compiler's coverage pass with a valid `[start, stop)` range.
#[no_mangle]
pub unsafe extern "C" fn __sanitizer_cov_8bit_counters_init(start: *mut u8, stop: *mut u8) {
    let (s, e) = (start as usize, stop as usize);
    if e > s {
        if let Ok(mut r) = REGIONS.lock() {
            r.push((s, e - s));
        }
    }
}

/// The counters of every module, seen as one sequence.
pub struct Coverage {
    regions: Vec<(usize, usize)>,
    /// Per counter: the buckets seen so far (a bit per bucket).
    seen: Vec<u8>,
}

fn bucket(n: u8) -> u8 {
    match n {
        0 => 0,
        1 => 1,
        2 => 2,
        3 => 4,
        4..=7 => 8,
        8..=15 => 16,
        16..=31 => 32,
        32..=127 => 64,
        _ => 128,
    }
}

impl Coverage {
    pub fn new() -> Coverage {
        let regions = REGIONS.lock().map(|r| r.clone()).unwrap_or_default();
        let total = regions.iter().map(|r| r.1).sum();
        let mut c = Coverage {
            regions,
            seen: vec![0; total],
        };
        c.reset();
        c
    }

    /// Edges (counters) seen at least once.
    pub fn edges(&self) -> usize {
        self.seen.iter().filter(|&&b| b != 0).count()
    }

    pub fn total(&self) -> usize {
        self.seen.len()
    }

    fn for_each(&self, mut f: impl FnMut(usize, &mut u8)) {
        let mut base = 0;
        for &(start, len) in &self.regions {
            // SAFETY: the region was handed to us by the instrumentation and
            // lives as long as the program; the harness runs one input at a time.
            let counters = unsafe { std::slice::from_raw_parts_mut(start as *mut u8, len) };
            for (i, c) in counters.iter_mut().enumerate() {
                if *c != 0 {
                    f(base + i, c);
                }
            }
            base += len;
        }
    }

    /// Zero every counter (before a run).
    pub fn reset(&mut self) {
        for &(start, len) in &self.regions {
            // SAFETY: as in `for_each`.
            unsafe { std::ptr::write_bytes(start as *mut u8, 0, len) };
        }
    }

    /// After a run: did it reach a new bucket of any counter? Records them.
    pub fn merge(&mut self) -> bool {
        let mut new = false;
        let seen = std::mem::take(&mut self.seen);
        let mut seen = seen;
        self.for_each(|i, c| {
            let b = bucket(*c);
            if seen[i] & b == 0 {
                seen[i] |= b;
                new = true;
            }
            *c = 0;
        });
        self.seen = seen;
        new
    }
}
