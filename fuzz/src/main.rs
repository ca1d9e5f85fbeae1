//! tavolo-fuzz: fuzz targets for every reader of tavolo, and a soak of the
//! CLI. Built and run by `scripts/fuzz.sh` (docs/fuzzing.md).
//!
//! ```text
//! tavolo-fuzz list
//! tavolo-fuzz run TARGET [--seconds N] [--seed S] [--runs N] [--out DIR]
//! tavolo-fuzz repro TARGET FILE...
//! tavolo-fuzz soak --cli PATH [--seconds N] [--seed S] [--out DIR]
//! ```

mod cov;
mod engine;
mod mutate;
mod rng;
mod soak;
mod targets;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[global_allocator]
static ALLOC: engine::Tracking = engine::Tracking;

struct Opts {
    seconds: u64,
    seed: u64,
    runs: u64,
    out: PathBuf,
    cli: Option<PathBuf>,
    rest: Vec<String>,
}

fn opts(args: &[String]) -> Result<Opts, String> {
    let mut o = Opts {
        seconds: 60,
        seed: 1,
        runs: u64::MAX,
        out: PathBuf::from("fuzz/out"),
        cli: None,
        rest: Vec::new(),
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut val = || it.next().cloned().ok_or(format!("{a} needs a value"));
        let num = |v: String| v.parse::<u64>().map_err(|e| format!("{a}: {e}"));
        match a.as_str() {
            "--seconds" => o.seconds = num(val()?)?,
            "--seed" => o.seed = num(val()?)?,
            "--runs" => o.runs = num(val()?)?,
            "--out" => o.out = PathBuf::from(val()?),
            "--cli" => o.cli = Some(PathBuf::from(val()?)),
            _ => o.rest.push(a.clone()),
        }
    }
    Ok(o)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((cmd, rest)) = args.split_first() else {
        eprintln!("usage: tavolo-fuzz list | run TARGET | repro TARGET FILE... | soak --cli PATH");
        return ExitCode::from(2);
    };
    let o = match opts(rest) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("tavolo-fuzz: {e}");
            return ExitCode::from(2);
        }
    };
    match cmd.as_str() {
        "list" => {
            for t in targets::all() {
                println!("{}\t{} seeds", t.name, t.seeds.len());
            }
            ExitCode::SUCCESS
        }
        "run" => run(&o),
        "repro" => repro(&o),
        "soak" => {
            let Some(cli) = &o.cli else {
                eprintln!("tavolo-fuzz soak: give --cli PATH");
                return ExitCode::from(2);
            };
            let s = soak::soak(cli, Duration::from_secs(o.seconds), o.seed, &o.out);
            println!(
                "soak\tseconds={:.0}\truns={}\tfindings={}\tslow={}",
                s.seconds,
                s.runs,
                s.findings.len(),
                s.slow
            );
            for f in &s.findings {
                println!("  {f}");
            }
            if s.findings.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        _ => {
            eprintln!("tavolo-fuzz: unknown command `{cmd}`");
            ExitCode::from(2)
        }
    }
}

fn find(name: &str) -> Option<targets::Target> {
    targets::all().into_iter().find(|t| t.name == name)
}

fn run(o: &Opts) -> ExitCode {
    let [name] = o.rest.as_slice() else {
        eprintln!("tavolo-fuzz run: give one target (tavolo-fuzz list)");
        return ExitCode::from(2);
    };
    let Some(mut t) = find(name) else {
        eprintln!("tavolo-fuzz: no target `{name}` (tavolo-fuzz list)");
        return ExitCode::from(2);
    };
    engine::quiet_panics();
    let s = engine::fuzz(
        &mut t,
        Duration::from_secs(o.seconds),
        o.seed,
        &o.out,
        o.runs,
    );
    println!(
        "{}\tseconds={:.0}\texecs={}\tcorpus={}\tedges={}/{}\tfindings={}\tslow={}",
        t.name,
        s.seconds,
        s.execs,
        s.corpus,
        s.edges,
        s.total_edges,
        s.findings.len(),
        s.slow
    );
    for f in &s.findings {
        println!("  {f}");
    }
    if s.findings.is_empty() && s.slow == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn repro(o: &Opts) -> ExitCode {
    let Some((name, files)) = o.rest.split_first() else {
        eprintln!("tavolo-fuzz repro: give a target and files");
        return ExitCode::from(2);
    };
    let Some(mut t) = find(name) else {
        eprintln!("tavolo-fuzz: no target `{name}`");
        return ExitCode::from(2);
    };
    engine::quiet_panics();
    let mut bad = false;
    for f in files {
        let input = std::fs::read(f).unwrap_or_default();
        let (out, took, peak) = engine::run_one(&mut t, &input);
        let verdict = match out {
            engine::Outcome::Ok => "ok".to_string(),
            engine::Outcome::Finding(m) => {
                bad = true;
                m
            }
        };
        println!(
            "{f}: {verdict} ({:.3} s, {} KB)",
            took.as_secs_f64(),
            peak >> 10
        );
    }
    if bad {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
