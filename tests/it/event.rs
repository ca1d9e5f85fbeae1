//! `tavolo event` (issue 12): the walk-through of docs/events.md run line by
//! line as a user would (commit, deal, play, reveal, verify, and a tampered
//! key, description and board and a record from the wrong board, each
//! caught), golden board seeds, and the JSON report.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_tavolo")
}

fn tavolo(dir: &Path, args: &[&str]) -> Output {
    Command::new(bin())
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("run tavolo")
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
}

fn json(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(o)))
}

/// A shell line of the walk-through and what its comment expects.
struct Step {
    line: String,
    exit: i32,
    says: Option<String>,
}

/// The shell lines of the "Walk-through" section, with their `# exit N, "text"` comments.
fn walk_through() -> Vec<Step> {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/events.md"))
        .unwrap();
    let start = doc.find("\n## Walk-through").expect("a walk-through");
    let section = &doc[start + 1..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |i| i + 3)];
    let mut steps = Vec::new();
    let mut in_sh = false;
    for line in section.lines() {
        match line.trim() {
            "```sh" => in_sh = true,
            "```" => in_sh = false,
            l if in_sh && !l.is_empty() => {
                let (_, note) = l.rsplit_once("  # exit ").expect("each line says its exit");
                let (code, says) = match note.split_once(", ") {
                    Some((c, s)) => (c, Some(s.trim_matches('"').to_string())),
                    None => (note, None),
                };
                steps.push(Step {
                    line: l.to_string(),
                    exit: code.trim().parse().unwrap(),
                    says,
                });
            }
            _ => {}
        }
    }
    steps
}

/// docs/events.md's walk-through, each line run by `sh` in a fresh folder with
/// this build's `tavolo` first on the PATH.
#[cfg(unix)]
#[test]
fn the_documented_walk_through_runs_as_written() {
    let steps = walk_through();
    assert!(steps.len() >= 12, "{}", steps.len());
    let dir = tempfile::tempdir().unwrap();
    let bin_dir = Path::new(bin()).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for s in &steps {
        let o = Command::new("sh")
            .arg("-c")
            .arg(&s.line)
            .current_dir(dir.path())
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let out = text(&o);
        assert_eq!(o.status.code(), Some(s.exit), "{}\n{out}", s.line);
        if let Some(says) = &s.says {
            assert!(
                out.contains(says.as_str()),
                "{}\nwanted {says:?} in\n{out}",
                s.line
            );
        }
        assert!(!out.contains("panicked"), "{out}");
    }
    // Three boards and one reserve, two tables each.
    let written = std::fs::read_dir(dir.path().join("club/boards"))
        .unwrap()
        .count();
    assert_eq!(written, 8);
}

/// A fixed key and description: the seeds and deals they give are pinned.
const KEY: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

fn fixed_event(dir: &Path) -> (PathBuf, PathBuf) {
    let desc = dir.join("event.toml");
    let key = dir.join("event.key");
    std::fs::write(&key, format!("# test key\n{KEY}\n")).unwrap();
    std::fs::write(
        &desc,
        "format = \"tavolo-event-v1\"\nevent = \"Golden\"\n\
         public-value-name = \"three numbers\"\n\
         key-sha256 = \"630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd\"\n\n\
         [[section]]\ngame = \"moon\"\nplayers = 2\nboards = 2\nreserve = 1\n\n\
         [[section]]\ngame = \"domino\"\nplayers = 3\nboards = 1\ntables = 2\n",
    )
    .unwrap();
    (desc, key)
}

/// Seeds computed by an independent Python implementation of the formula in
/// docs/events.md (hashlib.sha256 over the length-prefixed fields).
const GOLDEN_SEEDS: [(&str, &str); 4] = [
    (
        "1",
        "9b1574427e96616763d973d456ff6ab8b94bd998fa7c6deba4df71897a8a5fb8",
    ),
    (
        "2",
        "e4b4b9744aefb115a995adc2b6122c094f69c728843827400059e3534799b09c",
    ),
    (
        "3",
        "2332d730c1ad3f8a80adc0d880483f0bd462743ed9983a11088177388fa81373",
    ),
    (
        "R1",
        "bfa6c96bc68a910ec59e16ea4442a9dda74130c1973c05d09e16871df77a86cc",
    ),
];

#[test]
fn board_seeds_are_pinned_and_deal_as_tavolo_deal_does() {
    let dir = tempfile::tempdir().unwrap();
    let (desc, key) = fixed_event(dir.path());
    let args = [
        "event",
        "deal",
        desc.to_str().unwrap(),
        "--key",
        key.to_str().unwrap(),
        "--public",
        " 17 42 88\n",
        "--json",
    ];
    let o = tavolo(dir.path(), &args);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v = json(&o);
    let boards = v["boards"].as_array().unwrap();
    let got: Vec<(&str, &str)> = boards
        .iter()
        .map(|b| (b["board"].as_str().unwrap(), b["seed"].as_str().unwrap()))
        .collect();
    assert_eq!(got, GOLDEN_SEEDS);
    // Board 3 is the domino section's, reserve R1 the moon section's.
    assert_eq!(boards[2]["game"], "domino");
    assert_eq!(boards[3]["game"], "moon");
    assert_eq!(boards[3]["deal_board"], 1);
    // Each board is the ordinary deal of its seed and number.
    for b in boards {
        let seed = b["seed"].as_str().unwrap();
        let n = b["deal_board"].to_string();
        let players = b["players"].as_array().unwrap().len().to_string();
        let d = tavolo(
            dir.path(),
            &[
                "deal",
                b["game"].as_str().unwrap(),
                "--seed",
                seed,
                "--board",
                &n,
                "-p",
                &players,
                "--json",
            ],
        );
        assert_eq!(json(&d)["deal"], b["deal"], "board {}", b["board"]);
    }
    // The same inputs, the same bytes.
    assert_eq!(tavolo(dir.path(), &args).stdout, o.stdout);
}

#[test]
fn verify_reports_every_record_in_json() {
    let dir = tempfile::tempdir().unwrap();
    let (desc, key) = fixed_event(dir.path());
    let d = desc.to_str().unwrap();
    let k = key.to_str().unwrap();
    let o = tavolo(
        dir.path(),
        &[
            "event", "deal", d, "--key", k, "--public", "1 2 3", "--out", "b",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let mut names: Vec<String> = std::fs::read_dir(dir.path().join("b"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "board-01-table-1.toml",
            "board-02-table-1.toml",
            "board-03-table-1.toml",
            "board-03-table-2.toml",
            "reserve-01-table-1.toml"
        ]
    );
    // Rerun without --force: refused, nothing changed.
    let again = tavolo(
        dir.path(),
        &[
            "event", "deal", d, "--key", k, "--public", "1 2 3", "--out", "b",
        ],
    );
    assert_eq!(again.status.code(), Some(2));
    assert!(text(&again).contains("cli.exists"));

    // A reserve record, a domino record with a hand changed, and one of
    // another event.
    let b = dir.path().join("b");
    let dom = std::fs::read_to_string(b.join("board-03-table-2.toml")).unwrap();
    let hand = dom
        .lines()
        .find(|l| l.starts_with("P2 = "))
        .unwrap()
        .to_string();
    let first_tile = &hand[7..9];
    let other_tile = if first_tile == "M1" { "M2" } else { "M1" };
    let changed = hand.replacen(first_tile, other_tile, 1);
    std::fs::write(b.join("tampered.toml"), dom.replace(&hand, &changed)).unwrap();
    let r1 = std::fs::read_to_string(b.join("reserve-01-table-1.toml")).unwrap();
    let foreign = r1.replace("event-sha256 = \"", "event-sha256 = \"00");
    std::fs::write(b.join("foreign.toml"), foreign).unwrap();

    let sha = json(&tavolo(
        dir.path(),
        &[
            "event", "deal", d, "--key", k, "--public", "1 2 3", "--json",
        ],
    ))["description_sha256"]
        .as_str()
        .unwrap()
        .to_string();
    let o = tavolo(
        dir.path(),
        &[
            "event",
            "verify",
            d,
            "--commitment",
            &sha,
            "--key",
            k,
            "--public",
            "1 2 3",
            "b/reserve-01-table-1.toml",
            "b/tampered.toml",
            "b/foreign.toml",
            "--json",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let v = json(&o);
    assert_eq!(v["boards"], 3);
    assert_eq!(v["reserve"], 1);
    let recs = v["records"].as_array().unwrap();
    let status: Vec<(&str, &str)> = recs
        .iter()
        .map(|r| (r["board"].as_str().unwrap(), r["status"].as_str().unwrap()))
        .collect();
    assert_eq!(
        status,
        [("R1", "ok"), ("3", "tampered"), ("R1", "wrong-event")]
    );
    assert_eq!(recs[0]["verdict"], "legal-so-far");
    assert_eq!(recs[1]["table"], 2);
    let msg = recs[1]["message"].as_str().unwrap();
    assert!(
        msg.starts_with("board 3: `setup.hands.P2` is [\"") && msg.contains(other_tile),
        "{msg}"
    );
}

#[test]
fn bad_keys_and_commitments() {
    let dir = tempfile::tempdir().unwrap();
    let (desc, key) = fixed_event(dir.path());
    let d = desc.to_str().unwrap();
    let verify = |key: &str, commitment: &str| {
        tavolo(
            dir.path(),
            &[
                "event",
                "verify",
                d,
                "--commitment",
                commitment,
                "--key",
                key,
                "--public",
                "x",
                "--json",
            ],
        )
    };
    let sha = {
        use sha2::Digest;
        let bytes = std::fs::read(&desc).unwrap();
        sha2::Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    };
    let ok = verify(key.to_str().unwrap(), &sha);
    assert_eq!(ok.status.code(), Some(0), "{}", text(&ok));

    // A key one bit off: exit 1, both hashes named.
    let wrong = dir.path().join("wrong.key");
    std::fs::write(&wrong, KEY.replacen('0', "1", 1)).unwrap();
    let o = verify(wrong.to_str().unwrap(), &sha);
    assert_eq!(o.status.code(), Some(1));
    let e = &json(&o)["error"];
    assert_eq!(e["code"], "event.key-mismatch");
    assert!(e["message"]
        .as_str()
        .unwrap()
        .contains("630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"));

    // Missing, empty, not hex: exit 2.
    for (name, content) in [
        ("missing.key", None),
        ("empty.key", Some("")),
        ("bad.key", Some("not a key")),
    ] {
        let p = dir.path().join(name);
        if let Some(c) = content {
            std::fs::write(&p, c).unwrap();
        }
        let o = verify(p.to_str().unwrap(), &sha);
        assert_eq!(o.status.code(), Some(2), "{name}: {}", text(&o));
        assert_eq!(json(&o)["error"]["code"], "event.key-unreadable", "{name}");
    }

    // Another commitment: the description is not the published one.
    let o = verify(key.to_str().unwrap(), &"ab".repeat(32));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(json(&o)["error"]["code"], "event.description-mismatch");
}

#[test]
fn new_writes_a_key_a_description_and_a_commitment_that_agree() {
    let dir = tempfile::tempdir().unwrap();
    let o = tavolo(
        dir.path(),
        &[
            "event",
            "new",
            "--dir",
            "e",
            "--name",
            "Cup",
            "--game",
            "scalafrutta",
            "--boards",
            "2",
            "--public-value-name",
            "words from the captains",
            "--json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v = json(&o);
    let e = dir.path().join("e");
    let key_text = std::fs::read_to_string(e.join("event.key")).unwrap();
    let key_hex = key_text.lines().last().unwrap();
    let key_bytes: Vec<u8> = (0..32)
        .map(|i| u8::from_str_radix(&key_hex[2 * i..2 * i + 2], 16).unwrap())
        .collect();
    let hex = |b: &[u8]| {
        use sha2::Digest;
        sha2::Sha256::digest(b)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    };
    assert_eq!(v["key_sha256"], hex(&key_bytes));
    assert_eq!(
        v["description_sha256"],
        hex(&std::fs::read(e.join("event.toml")).unwrap())
    );
    let c: toml::Table =
        toml::from_str(&std::fs::read_to_string(e.join("commitment.toml")).unwrap()).unwrap();
    assert_eq!(
        c["description-sha256"].as_str(),
        v["description_sha256"].as_str()
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(e.join("event.key"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    // A second `new` into the same folder would lose the key: refused.
    let o = tavolo(
        dir.path(),
        &[
            "event",
            "new",
            "--dir",
            "e",
            "--name",
            "Cup",
            "--game",
            "moon",
            "--public-value-name",
            "x",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        std::fs::read_to_string(e.join("event.key")).unwrap(),
        key_text
    );
}

/// Deal sheets: a slip per player per board drawn with the kits' art, then
/// the director's record; the same bytes on rerun; A4 or Letter.
#[test]
fn deal_sheets_render_for_moon_and_domino() {
    let dir = tempfile::tempdir().unwrap();
    let (desc, key) = fixed_event(dir.path());
    let d = desc.to_str().unwrap();
    let k = key.to_str().unwrap();
    let sheets = |name: &str, paper: &str| {
        let o = tavolo(
            dir.path(),
            &[
                "event", "deal", d, "--key", k, "--public", "17 42 88", "--sheets", name,
                "--paper", paper,
            ],
        );
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        std::fs::read(dir.path().join(name)).unwrap()
    };
    let a = sheets("a.pdf", "a4");
    assert_eq!(a, sheets("b.pdf", "a4"));
    let doc = lopdf::Document::load_mem(&a).unwrap();
    // 3 moon boards (2 and a reserve, 2 slips of 2 rows each) and a domino
    // board (3 slips of 3 rows): 9 slips on 2 A4 pages, then the director's
    // record (about 130 mm a moon board, 190 mm the domino board) on 3.
    assert_eq!(doc.get_pages().len(), 5);
    let media = |doc: &lopdf::Document| {
        let (_, page) = doc.get_pages().into_iter().next().unwrap();
        let page = doc.get_dictionary(page).unwrap();
        let mb = page.get(b"MediaBox").unwrap().as_array().unwrap().clone();
        mb.iter()
            .map(|v| v.as_float().unwrap_or(0.0).round() as i64)
            .collect::<Vec<_>>()
    };
    assert_eq!(media(&doc), [0, 0, 595, 842]);
    let letter = sheets("l.pdf", "letter");
    assert_eq!(
        media(&lopdf::Document::load_mem(&letter).unwrap()),
        [0, 0, 612, 792]
    );
    // The art is placed as reused objects: far smaller than a piece each.
    assert!(a.len() < 120_000, "{}", a.len());
    if let Ok(o) = Command::new("qpdf")
        .arg("--check")
        .arg(dir.path().join("a.pdf"))
        .output()
    {
        assert!(o.status.success(), "{}", text(&o));
    }
    // (Every game draws now, so no game is left for `show.not-drawable`:
    // tests/it/show.rs checks that each has a drawer.)
}
