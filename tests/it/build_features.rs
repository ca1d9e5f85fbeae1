//! The README's two commands (issue 26): `cargo test --release` after `cargo
//! run --release` must reuse every crate the first compiled. Cargo compiles a
//! shared crate again when the dev-dependencies turn on a feature of it that
//! the build did not (serde's `alloc` through criterion, bitflags' and
//! once_cell's `std` through tempfile recompiled 57 crates), so the features
//! of every crate of the build must be the same in the test build.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// Each package of `cargo tree` over these edges, with its feature sets (a
/// crate built both for the host and the target may have two).
fn features(edges: &str) -> Option<BTreeMap<String, BTreeSet<String>>> {
    let o = Command::new(env!("CARGO"))
        .args([
            "tree",
            "--offline",
            "--locked",
            "-e",
            edges,
            "--prefix",
            "none",
            "-f",
            "{p}|{f}",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()?;
    if !o.status.success() {
        eprintln!(
            "note: skipped, `cargo tree` failed: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        return None;
    }
    let mut map: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for line in String::from_utf8_lossy(&o.stdout).lines() {
        let line = line.trim_end_matches(" (*)");
        if let Some((pkg, feats)) = line.split_once('|') {
            map.entry(pkg.to_string())
                .or_default()
                .insert(feats.to_string());
        }
    }
    Some(map)
}

#[test]
fn the_test_build_turns_on_no_feature_the_build_lacks() {
    let (Some(build), Some(test)) = (features("normal,build"), features("normal,build,dev")) else {
        return;
    };
    assert!(build.len() > 50, "{build:?}");
    let differ: Vec<String> = build
        .iter()
        .filter(|(pkg, f)| test.get(*pkg) != Some(f))
        .map(|(pkg, f)| format!("{pkg}: build {f:?}, test {:?}", test.get(pkg)))
        .collect();
    assert!(
        differ.is_empty(),
        "cargo test would compile these again (ask for the same features in [dependencies]):\n{}",
        differ.join("\n")
    );
}

/// The test build compiles tavolo's own crate and the two test crates
/// (tempfile, proptest) with what they need, nothing more: the criterion
/// benchmarks are their own package (bench/), so criterion's 22 crates are
/// never built by `cargo test`. Measured on a fresh clone after `cargo run
/// --release` (160 crates): the test command compiled 11, tavolo and the 10
/// that tempfile and proptest need (rustix, linux-raw-sys, fastrand,
/// num-traits, autocfg, rand_xorshift, regex-syntax, unarray); 57 before.
#[test]
fn the_test_build_adds_only_the_test_crates() {
    let (Some(build), Some(test)) = (features("normal,build"), features("normal,build,dev")) else {
        return;
    };
    let name = |pkg: &String| pkg.split(' ').next().unwrap_or_default().to_string();
    let added: BTreeSet<String> = test
        .keys()
        .filter(|pkg| !build.contains_key(*pkg))
        .map(name)
        .collect();
    assert!(!added.contains("criterion"), "{added:?}");
    assert!(
        added.contains("proptest") && added.contains("tempfile"),
        "{added:?}"
    );
    assert!(
        added.len() <= 14,
        "the test build adds {} crates: {added:?}",
        added.len()
    );
}
