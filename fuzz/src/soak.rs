//! The soak: the built CLI (`tavolo check`, `score`, `kit`, `deal`, `solve`,
//! `play`) run on mutated inputs, each run under `prlimit` with 1 s of CPU and
//! 200 MB of address space. Reported: a panic, an exit code other than 0/1/2,
//! a run killed for time or memory, an output file left behind by a failed
//! run (or a stray file by a good one), a written record that `check` refuses.

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::mutate::{harvest, Mutator, Shape};
use crate::rng::Rng;
use crate::targets::{files, read_all, repo};

pub struct Soak {
    pub seconds: f64,
    pub runs: u64,
    pub findings: Vec<String>,
    pub slow: usize,
}

const CPU_SECONDS: &str = "1";
const MEMORY_BYTES: &str = "209715200";
/// A run still going after this (waiting for CPU on a busy machine) is killed.
const WALL: Duration = Duration::from_secs(20);

struct Ran {
    code: Option<i32>,
    signal: Option<i32>,
    stderr: String,
}

fn run(cli: &Path, args: &[String], cwd: &Path) -> Ran {
    let mut cmd = Command::new("prlimit");
    cmd.arg(format!("--cpu={CPU_SECONDS}"))
        .arg(format!("--as={MEMORY_BYTES}"))
        .arg("--")
        .arg(cli)
        .args(args)
        .current_dir(cwd)
        // One malloc arena: the limit is on what tavolo uses, not on reservations.
        .env("MALLOC_ARENA_MAX", "1")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let Ok(mut child) = cmd.spawn() else {
        return Ran {
            code: None,
            signal: None,
            stderr: "could not start prlimit".into(),
        };
    };
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) if start.elapsed() > WALL => {
                let _ = child.kill();
                break child.wait().ok();
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(_) => break None,
        }
    };
    let mut stderr = String::new();
    if let Some(mut e) = child.stderr.take() {
        let _ = std::io::Read::read_to_string(&mut e, &mut stderr);
    }
    Ran {
        code: status.and_then(|s| s.code()),
        signal: status.and_then(|s| s.signal()),
        stderr,
    }
}

/// What went wrong in a run, if anything.
/// `solve` exits 3 for a deal undecided at its bound (README); the rest 0, 1 or 2.
fn judge(r: &Ran, solve: bool) -> Option<String> {
    if r.stderr.contains("panicked") {
        let line = r
            .stderr
            .lines()
            .find(|l| l.contains("panicked"))
            .unwrap_or("");
        return Some(format!("panic: {line}"));
    }
    match (r.code, r.signal) {
        (Some(0..=2), _) => None,
        (Some(3), _) if solve => None,
        (_, Some(24)) => Some("over 1 s of CPU (SIGXCPU)".into()),
        (_, Some(9)) => Some("killed after 20 s of wall time".into()),
        (_, Some(s)) if r.stderr.contains("memory allocation") => {
            Some(format!("over 200 MB (signal {s})"))
        }
        (_, Some(s)) => Some(format!(
            "killed by signal {s}: {}",
            r.stderr.lines().last().unwrap_or("")
        )),
        (Some(c), _) => Some(format!(
            "exit code {c}: {}",
            r.stderr.lines().last().unwrap_or("")
        )),
        (None, None) => Some(r.stderr.clone()),
    }
}

fn listing(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

fn clear(dir: &Path) {
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::create_dir_all(dir);
}

/// A seed or name: a token, or bytes turned into text.
fn text(rng: &mut Rng, dict: &[Vec<u8>]) -> String {
    match rng.below(4) {
        0 => String::new(),
        1 if !dict.is_empty() => String::from_utf8_lossy(&dict[rng.below(dict.len())]).into_owned(),
        2 => (0..rng.below(40))
            .map(|_| char::from_u32(rng.below(0x3000) as u32).unwrap_or('x'))
            .collect(),
        _ => format!("s{}", rng.below(100_000)),
    }
}

pub fn soak(cli: &Path, budget: Duration, seed: u64, out: &Path) -> Soak {
    let cli = std::fs::canonicalize(cli).unwrap_or_else(|_| cli.to_path_buf());
    let work = std::env::temp_dir().join(format!("tavolo-soak-{}", std::process::id()));
    let inp = work.join("in");
    let outd = work.join("out");
    let kits = work.join("kits");
    let r = repo();
    let games = tavolo::games::names();
    let mut records = Vec::new();
    for g in &games {
        records.extend(read_all(&files(&r.join("tests/fixtures").join(g), ".toml")));
    }
    let positions = read_all(&files(&r.join("fuzz/seeds/quincunx"), ".toml"));
    clear(&kits);
    let _ = std::fs::create_dir_all(kits.join("art"));
    let mut kit_files = Vec::new();
    for (sub, ext) in [("", ".toml"), ("art", ".svg")] {
        for p in files(&r.join("templates").join(sub), ext) {
            let name = p.file_name().unwrap().to_owned();
            let _ = std::fs::copy(&p, kits.join(sub).join(&name));
            if ext == ".toml" {
                kit_files.push((
                    name.to_string_lossy().into_owned(),
                    std::fs::read(&p).unwrap_or_default(),
                ));
            }
        }
    }
    let all: Vec<Vec<u8>> = records
        .iter()
        .chain(&positions)
        .cloned()
        .chain(kit_files.iter().map(|k| k.1.clone()))
        .collect();
    let dict = harvest(&all, &["standard", "solitaire", "best", "a1", "c3", "3MW"]);
    let m = Mutator {
        shape: Shape::Toml,
        dict: &dict,
        max_len: 64 << 10,
    };
    let solvable: Vec<&str> = tavolo::games::solvable().iter().map(|g| g.name()).collect();
    let variants: Vec<&str> = tavolo::games::GAMES
        .iter()
        .flat_map(|g| g.variants().iter().copied())
        .collect();
    let mut rng = Rng::new(seed);
    let mut s = Soak {
        seconds: 0.0,
        runs: 0,
        findings: Vec::new(),
        slow: 0,
    };
    let start = Instant::now();
    let mut case = 0u64;
    while start.elapsed() < budget {
        case += 1;
        clear(&inp);
        clear(&outd);
        let s_arg = |rng: &mut Rng| text(rng, &dict);
        // (the command's arguments, outputs expected on success)
        let (args, expect): (Vec<String>, Vec<String>) = match case % 7 {
            0 | 1 => {
                let parent = rng_pick(&mut rng, &records);
                let rec = m.mutate(&mut rng, parent, &records);
                let _ = std::fs::write(inp.join("r.toml"), rec);
                let mut a = vec![
                    "check".to_string(),
                    inp.join("r.toml").display().to_string(),
                ];
                if rng.chance(2) {
                    a.push("--json".into());
                }
                (a, vec![])
            }
            2 => {
                let parent = rng_pick(&mut rng, &positions);
                let pos = m.mutate(&mut rng, parent, &positions);
                let _ = std::fs::write(inp.join("p.toml"), pos);
                let mut a = vec![
                    "score".to_string(),
                    "quincunx".into(),
                    inp.join("p.toml").display().to_string(),
                ];
                if rng.chance(2) {
                    a.push("best".into());
                } else {
                    a.push(s_arg(&mut rng));
                    a.push(s_arg(&mut rng));
                }
                (a, vec![])
            }
            3 => {
                let i = rng.below(kit_files.len());
                let (name, text) = &kit_files[i];
                let mutant = m.mutate(&mut rng, text, &[]);
                let _ = std::fs::write(kits.join(name), &mutant);
                let a = vec![
                    "kit".to_string(),
                    kits.join(name).display().to_string(),
                    "-o".into(),
                    outd.display().to_string(),
                ];
                let r2 = run(&cli, &a, &work);
                let _ = std::fs::write(kits.join(name), text);
                s.runs += 1;
                let left = listing(&outd);
                let problem = judge(&r2, false).or_else(|| match r2.code {
                    Some(0) if left.iter().any(|f| !f.ends_with(".pdf")) => {
                        Some(format!("stray files after a good run: {left:?}"))
                    }
                    Some(c) if c != 0 && !left.is_empty() => {
                        Some(format!("a failed run (exit {c}) left {left:?}"))
                    }
                    _ => None,
                });
                if let Some(p) = problem {
                    report(&mut s, out, case, &a, &[("kit.toml", &mutant)], &p);
                }
                continue;
            }
            4 => {
                let game = *rng.pick(&games);
                let rec = outd.join("r.toml");
                let mut a = vec![
                    if rng.chance(2) { "deal" } else { "play" }.to_string(),
                    game.to_string(),
                    "--seed".into(),
                    s_arg(&mut rng),
                ];
                if rng.chance(2) {
                    a.extend(["-p".into(), rng.below(8).to_string()]);
                }
                if rng.chance(3) {
                    a.extend(["--variant".into(), rng.pick(&variants).to_string()]);
                }
                if rng.chance(4) {
                    a.extend(["--names".into(), s_arg(&mut rng)]);
                }
                if a[0] == "deal" {
                    a.push("--record".into());
                } else {
                    a.push("-o".into());
                }
                a.push(rec.display().to_string());
                (a, vec!["r.toml".into()])
            }
            5 => {
                let game = *rng.pick(&solvable);
                let mut a = vec![
                    "solve".to_string(),
                    game.to_string(),
                    "--seed".into(),
                    s_arg(&mut rng),
                    "--max-nodes".into(),
                    rng.pick(&["1", "100", "20000"]).to_string(),
                    "-o".into(),
                    outd.join("s.toml").display().to_string(),
                ];
                if rng.chance(3) {
                    a.extend(["--variant".into(), rng.pick(&variants).to_string()]);
                }
                (a, vec!["s.toml".into()])
            }
            _ => {
                let n = rng.below(12);
                let mut a = vec!["score".to_string(), "scalafrutta".into()];
                for _ in 0..n {
                    a.push(s_arg(&mut rng));
                }
                (a, vec![])
            }
        };
        let r1 = run(&cli, &args, &work);
        s.runs += 1;
        let left = listing(&outd);
        let mut problem = judge(&r1, args[0] == "solve");
        // A written record that fails to check is kept with the finding, with what check said.
        let mut kept: Vec<(String, Vec<u8>)> = Vec::new();
        if problem.is_none() {
            let ok = r1.code == Some(0);
            if !ok && !left.is_empty() {
                problem = Some(format!("a failed run (exit {:?}) left {left:?}", r1.code));
            } else if ok && left.iter().any(|f| !expect.contains(f)) {
                problem = Some(format!("stray files after a good run: {left:?}"));
            } else if ok && !left.is_empty() {
                // A record written by deal, play or solve must check.
                let f = outd.join(&left[0]);
                let a2 = vec!["check".to_string(), f.display().to_string()];
                let r2 = run(&cli, &a2, &work);
                s.runs += 1;
                if let Some(p) = judge(&r2, false) {
                    problem = Some(format!("checking the written record: {p}"));
                } else if args[0] == "deal" && r2.code != Some(0) {
                    problem = Some(format!(
                        "the dealt record does not check (exit {:?})",
                        r2.code
                    ));
                } else if args[0] != "deal" && r2.code != Some(0) {
                    problem = Some(format!(
                        "the written record does not check (exit {:?})",
                        r2.code
                    ));
                }
                if problem.is_some() {
                    let b = std::fs::read(&f).unwrap_or_default();
                    kept.push((format!("written-{}", left[0]), b));
                    kept.push(("check-stderr.txt".into(), r2.stderr.clone().into_bytes()));
                }
            }
        }
        if let Some(p) = problem {
            let inputs: Vec<(String, Vec<u8>)> = listing(&inp)
                .into_iter()
                .map(|n| {
                    let b = std::fs::read(inp.join(&n)).unwrap_or_default();
                    (n, b)
                })
                .chain(kept)
                .collect();
            let refs: Vec<(&str, &[u8])> = inputs
                .iter()
                .map(|(n, b)| (n.as_str(), b.as_slice()))
                .collect();
            report(&mut s, out, case, &args, &refs, &p);
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    s.seconds = start.elapsed().as_secs_f64();
    s
}

fn rng_pick<'a>(rng: &mut Rng, v: &'a [Vec<u8>]) -> &'a [u8] {
    &v[rng.below(v.len())]
}

fn report(s: &mut Soak, out: &Path, case: u64, args: &[String], inputs: &[(&str, &[u8])], p: &str) {
    if p.contains("CPU") || p.contains("wall") || p.contains("200 MB") {
        s.slow += 1;
    }
    let dir: PathBuf = out.join("soak").join(format!("case-{case}"));
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(
        dir.join("command.txt"),
        format!("{}\n{p}\n", args.join(" ")),
    );
    for (n, b) in inputs {
        let _ = std::fs::write(dir.join(n), b);
    }
    let key: String = p
        .chars()
        .filter(|c| !c.is_ascii_digit())
        .take(120)
        .collect();
    eprintln!(
        "SOAK FINDING: {p}\n  tavolo {}\n  saved: {}",
        args.join(" "),
        dir.display()
    );
    if !s.findings.iter().any(|f| f.starts_with(&key)) {
        s.findings.push(format!("{key}\t{}", dir.display()));
    }
}
