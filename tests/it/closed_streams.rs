//! A reader that goes away is not a panic (issue 27): every subcommand, with
//! its standard output or its standard error a pipe nobody reads, or closed,
//! ends quietly with the exit code it has when both are read (`println!` and
//! `eprintln!` panic there, exit 101).
//!
//! The subcommands come from clap's command tree, so a new one is covered at
//! once by the generic runs (`--help`, a bad option, with and without
//! `--json`); the runs listed below add each command's own work: results,
//! notes, "wrote" lines and errors.

use std::path::Path;
use std::process::{Command, Stdio};

use clap::CommandFactory;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_tavolo")
}

/// Which stream has nobody reading it.
#[derive(Debug, Clone, Copy)]
enum Gone {
    Nothing,
    /// A pipe whose reading end is closed before tavolo starts (`| head -0`).
    BrokenStdout,
    BrokenStderr,
    /// The descriptor itself closed (`>&-`, `2>&-`).
    ClosedStdout,
    ClosedStderr,
}

/// Run tavolo in `dir`; the exit code and what the stream still read holds.
fn run(dir: &Path, args: &[String], gone: Gone) -> (Option<i32>, String) {
    let mut cmd = match gone {
        Gone::ClosedStdout | Gone::ClosedStderr => {
            let close = if matches!(gone, Gone::ClosedStdout) {
                ">&-"
            } else {
                "2>&-"
            };
            let mut c = Command::new("bash");
            c.arg("-c")
                .arg(format!("exec \"$0\" \"$@\" {close}"))
                .arg(bin())
                .args(args);
            c
        }
        _ => {
            let mut c = Command::new(bin());
            c.args(args);
            c
        }
    };
    cmd.current_dir(dir)
        .env("NO_COLOR", "1")
        .env("TAVOLO_CACHE_DIR", dir.join("cache"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // The reading end is closed before tavolo starts, so its first write fails.
    let broken = || {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        Stdio::from(writer)
    };
    match gone {
        Gone::BrokenStdout => {
            cmd.stdout(broken());
        }
        Gone::BrokenStderr => {
            cmd.stderr(broken());
        }
        _ => {}
    }
    let o = cmd.output().expect("run tavolo");
    let said =
        String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
    (o.status.code(), said)
}

/// Every runnable command path in the tree (`deal`, `event new`, ...).
fn leaves(cmd: &clap::Command, path: Vec<String>, out: &mut Vec<Vec<String>>) {
    let subs: Vec<&clap::Command> = cmd
        .get_subcommands()
        .filter(|c| c.get_name() != "help")
        .collect();
    if subs.is_empty() {
        out.push(path);
        return;
    }
    for sub in subs {
        let mut p = path.clone();
        p.push(sub.get_name().to_string());
        leaves(sub, p, out);
    }
}

fn fixture(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(path)
        .display()
        .to_string()
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

/// Each command's own work, quick: results, notes on standard error (a fresh
/// seed), "wrote" lines, errors as text and as JSON, exit codes 0, 1 and 2.
fn real_runs(dir: &Path) -> Vec<Vec<String>> {
    std::fs::write(
        dir.join("words.txt"),
        "casa\ncane\nano\nanno\nlui\nuna\nmare\nore\nre\nte\ntu\n",
    )
    .unwrap();
    let ev = dir.join("ev");
    let o = Command::new(bin())
        .current_dir(dir)
        .args(["event", "new", "--dir", "ev", "--name", "Club"])
        .args(["--public-value-name", "the draw", "--game", "moon"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let e = |f: &str| ev.join(f).display().to_string();
    let (event, key, commitment) = (e("event.toml"), e("event.key"), e("commitment.toml"));
    let moon = fixture("moon/complete-2p.toml");
    let words = ["--lexicon-only", "--lexicon", "words.txt", "--no-cache"];
    let mut runs: Vec<Vec<&str>> = vec![
        vec!["kit", "list"],
        vec!["kit", "calibrate", "-o", "out"],
        vec!["kit", "nokit"],
        vec!["kit", "moon", "--dpi", "9000"],
        vec!["deal", "moon"],
        vec![
            "deal", "moon", "--seed", "1", "--record", "r.toml", "--force",
        ],
        vec!["deal", "mon", "--json"],
        vec!["check", &moon],
        vec!["check", "--json", &moon, "missing.toml"],
        vec!["check", "no-such.toml"],
        vec![
            "event",
            "new",
            "--dir",
            "new",
            "--name",
            "Club",
            "--public-value-name",
            "the draw",
            "--game",
            "moon",
            "--force",
        ],
        vec![
            "event", "deal", &event, "--key", &key, "--public", "1 2 3", "--out", "recs", "--force",
        ],
        vec![
            "event",
            "verify",
            &event,
            "--key",
            &key,
            "--public",
            "1 2 3",
            "--commitment",
            &commitment,
        ],
        vec![
            "event",
            "verify",
            &event,
            "--key",
            &key,
            "--public",
            "9",
            "--commitment",
            "x",
        ],
        vec!["score", "quincunx", "a1=AM,b1=2MK", "3SK", "c1"],
        vec![
            "score",
            "scalafrutta",
            "B3",
            "M3",
            "P3",
            "U3",
            "M4",
            "M5",
            "M6",
        ],
        vec!["score", "quincunx", "a1=AM", "best", "--json"],
        vec!["show", &moon, "--svg", "-o", "s.svg", "--force"],
        vec!["show", "missing.toml", "--svg"],
        vec!["play", "moon", "--seed", "1"],
        vec!["play", "moon", "-o", "p.toml", "--force"],
        vec!["solve", "muro", "--seeds", "1..3"],
        vec!["solve", "muro", "--seed", "7", "-o", "m.toml", "--force"],
        vec!["solve", "muro", "--seed", "205"],
        vec!["lexicon", "check", "CASA", "XYZ"],
        vec!["lexicon", "info", "--json"],
        vec!["lexicon", "anagram", "ACSA"],
        vec!["lexicon", "build", "--cache-dir", "cache"],
        vec![
            "duplicate",
            "deal",
            "--seed",
            "demo",
            "--words",
            "words.txt",
        ],
        vec!["duplicate", "score", "missing.toml", "moves.toml"],
        vec!["completions", "bash"],
        vec!["man", "deal"],
        vec!["man", "nosuch"],
    ];
    for r in &mut runs {
        if r[0] == "lexicon" && r[1] != "build" {
            r.extend(words);
        } else if r[0] == "lexicon" {
            r.extend(&words[..3]);
        }
    }
    runs.iter().map(|r| strings(r)).collect()
}

/// The generic runs every command path gets from the tree.
fn generic_runs(path: &[String]) -> Vec<Vec<String>> {
    let with = |extra: &[&str]| {
        let mut v = path.to_vec();
        v.extend(strings(extra));
        v
    };
    vec![
        with(&["--help"]),
        with(&["--no-such-option"]),
        with(&["--no-such-option", "--json"]),
    ]
}

#[test]
fn a_reader_gone_is_a_quiet_end_with_the_commands_exit_code() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let mut paths = Vec::new();
    leaves(&tavolo::cli::Cli::command(), Vec::new(), &mut paths);
    assert!(paths.len() >= 15, "{paths:?}");
    let mut runs: Vec<Vec<String>> = paths.iter().flat_map(|p| generic_runs(p)).collect();
    let real = real_runs(dir);
    // Every command path has a run of its own work here; a new one is covered
    // by the generic runs until it is added (then this note is printed).
    for p in &paths {
        if !real.iter().any(|r| r.starts_with(p)) {
            println!("note: `tavolo {}` has only the generic runs", p.join(" "));
        }
    }
    runs.extend(real);
    let mut failures = Vec::new();
    for args in &runs {
        let (code, said) = run(dir, args, Gone::Nothing);
        assert!(code.is_some() && code != Some(101), "{args:?}: {said}");
        for gone in [
            Gone::BrokenStdout,
            Gone::BrokenStderr,
            Gone::ClosedStdout,
            Gone::ClosedStderr,
        ] {
            let (c, s) = run(dir, args, gone);
            if c != code || s.contains("panicked") {
                failures.push(format!("{args:?} {gone:?}: exit {c:?}, not {code:?}: {s}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// As the issue ran it, `tavolo score quincunx ... 2>&1 | head -3`: both
/// streams into one pipe whose reader has gone.
#[test]
fn both_streams_into_one_gone_reader() {
    let tmp = tempfile::tempdir().unwrap();
    for args in [
        &["score", "quincunx", "a1=AM,b1=2MK", "3SK", "c1"][..],
        &["score", "quincunx", "a1=AM", "best"],
        &["deal", "moon"],
        &["play", "moon", "-o", "p.toml", "--force"],
    ] {
        let args = strings(args);
        let (code, said) = run(tmp.path(), &args, Gone::Nothing);
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let o = Command::new(bin())
            .args(&args)
            .current_dir(tmp.path())
            .stdin(Stdio::null())
            .stdout(writer.try_clone().unwrap())
            .stderr(writer)
            .status()
            .unwrap();
        assert_eq!(o.code(), code, "{args:?}: {said}");
    }
}
