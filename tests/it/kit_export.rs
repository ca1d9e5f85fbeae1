//! `tavolo kit export NAME DIR` (issue 26): a bundled kit copied out as a
//! starting point, which then renders from the disk as the bundled one does.

use std::process::Output;

use serde_json::Value;

use crate::kit_common::tavolo_in;

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
}

fn json(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(o)))
}

fn bundled_names() -> Vec<String> {
    tavolo::kit::bundled::kits()
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect()
}

/// Every bundled kit, exported and rendered from its copy, gives the PDF the
/// bundled kit gives, byte for byte (Natura's one-sheet board too).
#[test]
fn an_exported_kit_renders_as_the_bundled_one() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let names = bundled_names();
    assert!(names.len() >= 5, "{names:?}");
    for name in &names {
        let o = tavolo_in(d, &["kit", "export", name, "mine"]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        let toml = format!("mine/{name}.toml");
        assert!(
            text(&o).contains(&format!("wrote {toml} and its art")),
            "{}",
            text(&o)
        );
        let mut runs = vec![vec![]];
        if *name == "natura" {
            runs.push(vec!["--option", "board=fit"]);
        }
        for extra in runs {
            let mut copy = vec!["kit", toml.as_str(), "--out", "from-copy"];
            copy.extend(&extra);
            let o = tavolo_in(d, &copy);
            assert_eq!(o.status.code(), Some(0), "{name} {extra:?}: {}", text(&o));
            let mut bundled = vec!["kit", name.as_str(), "--out", "from-bundle"];
            bundled.extend(&extra);
            let o = tavolo_in(d, &bundled);
            assert_eq!(o.status.code(), Some(0), "{}", text(&o));
            let pdf = format!("{name}.pdf");
            assert_eq!(
                std::fs::read(d.join("from-copy").join(&pdf)).unwrap(),
                std::fs::read(d.join("from-bundle").join(&pdf)).unwrap(),
                "{name} {extra:?}: the copy renders otherwise"
            );
        }
    }
    // Only the kit's own art: no Moon file among Fruit's.
    let art: Vec<String> = std::fs::read_dir(d.join("mine/art"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(art.iter().any(|a| a == "fruit-mela.svg"), "{art:?}");
    let fresh = tempfile::tempdir().unwrap();
    let o = tavolo_in(fresh.path(), &["kit", "export", "fruit", "f", "--json"]);
    let files: Vec<String> = json(&o)["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap().to_string())
        .collect();
    assert_eq!(files[0], "f/fruit.toml");
    assert!(files.iter().all(|f| !f.contains("moon")), "{files:?}");
    assert_eq!(
        files.len(),
        1 + 2 + 6,
        "the tile, its back, six fruits: {files:?}"
    );
}

/// A file in the way stops the export before anything is written; `--force`
/// writes over it.
#[test]
fn export_writes_over_nothing_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert_eq!(
        tavolo_in(d, &["kit", "export", "moon", "k"]).status.code(),
        Some(0)
    );
    let toml = d.join("k/moon.toml");
    std::fs::write(&toml, "# my changes\n").unwrap();
    std::fs::remove_file(d.join("k/art/moon-tile.svg")).unwrap();
    let o = tavolo_in(d, &["kit", "export", "moon", "k"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("error[kit.exists]"), "{}", text(&o));
    assert!(text(&o).contains("--force"), "{}", text(&o));
    assert_eq!(std::fs::read_to_string(&toml).unwrap(), "# my changes\n");
    assert!(
        !d.join("k/art/moon-tile.svg").exists(),
        "nothing written when refused"
    );
    let o = tavolo_in(d, &["kit", "export", "moon", "k", "--force"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(std::fs::read_to_string(&toml)
        .unwrap()
        .contains("[[component]]"));
    assert!(d.join("k/art/moon-tile.svg").is_file());
}

#[test]
fn export_names_what_is_wrong_with_its_arguments() {
    let dir = tempfile::tempdir().unwrap();
    let o = tavolo_in(dir.path(), &["kit", "export", "fruits", "k"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("did you mean `fruit`?"), "{}", text(&o));
    let o = tavolo_in(dir.path(), &["kit", "export", "fruit"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o).contains("tavolo kit export NAME DIR"),
        "{}",
        text(&o)
    );
    assert!(!dir.path().join("k").exists());
}
