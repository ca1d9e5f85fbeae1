//! Kit warnings (issue 26): a kit that renders but makes far more sheets than
//! its author can have meant (a piece mistyped as 560 mm for 56) says so and
//! why, on standard error and in the JSON report.

use std::path::Path;
use std::process::Output;

use serde_json::Value;

use crate::kit_common::tavolo_in;

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
}

fn json(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(o)))
}

/// Fruit's kit with its tile's size changed in the copy's `size_mm` line.
fn fruit_with_tiles(d: &Path, size: &str) -> String {
    assert_eq!(
        tavolo_in(d, &["kit", "export", "fruit", "k"]).status.code(),
        Some(0)
    );
    let path = d.join("k/fruit.toml");
    let toml = std::fs::read_to_string(&path).unwrap();
    let changed = toml.replacen("size_mm = [56, 28]", &format!("size_mm = {size}"), 1);
    assert_ne!(toml, changed);
    std::fs::write(&path, changed).unwrap();
    "k/fruit.toml".to_string()
}

/// The 1-based line of `size_mm` in Fruit's kit.
fn size_line(d: &Path) -> u64 {
    let toml = std::fs::read_to_string(d.join("k/fruit.toml")).unwrap();
    toml.lines().position(|l| l.starts_with("size_mm")).unwrap() as u64 + 1
}

/// The case: tiles of 560 x 28 mm (for 56 x 28) are each split in
/// four parts with their backs: 288 sheets. Rendered, but with two warnings,
/// on standard error and in the JSON report, saying why and where.
#[test]
fn a_mistyped_size_warns_of_split_pieces_and_many_sheets() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let kit = fruit_with_tiles(d, "[560, 28]");
    let o = tavolo_in(d, &["kit", &kit]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    let at = format!("k/fruit.toml:{}:", size_line(d));
    assert!(
        err.contains(&format!("warning[kit.pieces-split]: {at}")),
        "{err}"
    );
    assert!(err.contains("component `tiles` is 560 x 28 mm"), "{err}");
    assert!(
        err.contains("each of its 36 pieces is printed in 4 parts"),
        "{err}"
    );
    assert!(
        err.contains(
            "warning[kit.many-sheets]: k/fruit.toml: kit `fruit` makes 288 sheets, more than 50"
        ),
        "{err}"
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains("288 sheets"));

    let o = tavolo_in(d, &["kit", &kit, "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v = json(&o);
    let warnings = v["kits"][0]["warnings"].as_array().unwrap();
    let codes: Vec<&str> = warnings
        .iter()
        .map(|w| w["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["kit.pieces-split", "kit.many-sheets"]);
    assert_eq!(warnings[0]["file"], "k/fruit.toml");
    assert_eq!(warnings[0]["line"], size_line(d));
    assert!(warnings[0]["help"].as_str().unwrap().contains("size_mm"));
}

/// Many sheets without a split piece (tiles far too large to share a sheet)
/// is the second warning alone; a board split on purpose is none.
#[test]
fn many_sheets_alone_and_boards_are_not_warned_of() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let kit = fruit_with_tiles(d, "[150, 200]");
    let o = tavolo_in(d, &["kit", &kit, "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v = json(&o);
    assert_eq!(v["kits"][0]["sheets"], 72);
    let warnings = v["kits"][0]["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0]["code"], "kit.many-sheets");
    assert!(
        warnings[0]["message"]
            .as_str()
            .unwrap()
            .ends_with("72 of them for component `tiles` (36 pieces of 150 x 200 mm)"),
        "{warnings:?}"
    );
    // The bundled kits, Moon's and Natura's split boards among them: no warning.
    let o = tavolo_in(d, &["kit", "all", "--json", "--out", "all"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(o.stderr.is_empty(), "{}", text(&o));
    for k in json(&o)["kits"].as_array().unwrap() {
        assert_eq!(k["warnings"], serde_json::json!([]), "{k}");
    }
}
