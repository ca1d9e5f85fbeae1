//! Quincunx through the library's entry points: the docs' examples, the
//! scorer (`tavolo score quincunx`) and the solitaire solver's records.

use std::path::Path;

use tavolo::deal::Provenance;
use tavolo::games::check::{check_text, Outcome};
use tavolo::record::{Status, Verdict};
use tavolo::search::Limits;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn docs() -> String {
    std::fs::read_to_string(root().join("docs/records.md")).unwrap()
}

fn verdict(text: &str) -> Verdict {
    match check_text(Path::new("q.toml"), text.to_string()).outcome {
        Outcome::Judged { verdict, .. } => *verdict,
        Outcome::Unreadable { error, .. } => panic!("unreadable: {}\n{text}", error.display),
    }
}

/// The code block of docs/records.md that starts with `first`.
fn block(doc: &str, first: &str) -> String {
    let start = doc
        .find(&format!("```toml\n{first}"))
        .unwrap_or_else(|| panic!("no block {first}"))
        + "```toml\n".len();
    let end = start + doc[start..].find("```").unwrap();
    doc[start..end].to_string()
}

/// The record example is the run, set and pair fixture (QX-2), verbatim, and
/// its notes explain each placement.
#[test]
fn docs_record_example_is_the_fixture_and_legal_qx2() {
    let fixture =
        std::fs::read_to_string(root().join("tests/fixtures/quincunx/score-run-set-pair.toml"))
            .unwrap();
    let fixture = fixture.split("\n[meta]\n").next().unwrap();
    let doc = docs();
    assert!(doc.contains(fixture), "docs/records.md lacks the fixture");
    let first = fixture.lines().next().unwrap();
    let v = verdict(&block(&doc, first));
    assert_eq!(v.status, Status::LegalSoFar);
    assert!(v.notes[1].contains("run a1-b1-c1 +20"), "{:?}", v.notes);
    assert!(v.notes[4].ends_with("set b1-b2-b3 +30"), "{:?}", v.notes);
}

fn score(args: &[&str]) -> Result<tavolo::games::Scored, tavolo::error::Error> {
    let game = tavolo::games::find("quincunx").unwrap();
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    game.scorer().unwrap().score(&args)
}

/// The docs' position file: 3SK on c1 completes the run a1-b1-c1 (+20) and
/// loses 5 with the 2 beside it (the sheet's table); `best` lists the hand.
#[test]
fn docs_position_file_scores_qx2() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pos.toml");
    std::fs::write(&path, block(&docs(), "# position")).unwrap();
    let p = path.to_str().unwrap();
    let s = score(&[p, "3SK", "c1"]).unwrap();
    assert_eq!(s.json["points"], 15, "{:#}", s.json);
    let kinds: Vec<&str> = s.json["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["base", "run"]);
    // The full name is read too, and the inline form gives the same score.
    let named = score(&[p, "The", "Journey", "c1"]).unwrap();
    assert_eq!(named.json["card"], "3MW");
    let inline = score(&["a1=AM,b1=2MK,b2=2WL,c3=AY", "3SK", "c1"]).unwrap();
    assert_eq!(inline.json["points"], 15);
    let best = score(&[p, "best"]).unwrap();
    let list = best.json["best"].as_array().unwrap();
    assert!(list.len() >= 3);
    let top = list[0]["points"].as_i64().unwrap();
    assert!(list.iter().all(|c| c["points"].as_i64().unwrap() <= top));
    // 2SY on b3 makes the set b1-b2-b3 (+30): the best of this hand.
    assert_eq!(
        (list[0]["card"].as_str(), list[0]["cell"].as_str()),
        (Some("2SY"), Some("b3"))
    );
    for (args, code) in [
        (&[p, "3SK", "f1"][..], "quincunx.off-grid"),
        (&[p, "3SK", "a1"][..], "score.cannot-place"),
        (&[p, "AM", "c1"][..], "score.card-on-grid"),
        (&[p, "Jurney", "c1"][..], "quincunx.unknown-card"),
        (&[p][..], "score.usage"),
    ] {
        let e = score(args)
            .err()
            .unwrap_or_else(|| panic!("{args:?} scored"));
        assert_eq!(e.code, code, "{args:?}");
        assert_eq!(e.exit_code(), 2);
    }
}

/// The solver's line, proved or not, is a record `check` accepts, scoring
/// what the solver says, with the greedy score beside it (QX-11).
#[test]
fn solver_lines_are_records_check_accepts_qx11() {
    let game = tavolo::games::find("quincunx").unwrap();
    let solver = game.solver().unwrap();
    for seed in ["1", "2", "3"] {
        let d = solver.decide(
            &Provenance::new("quincunx", "standard", seed, 1),
            Limits {
                max_nodes: 20_000,
                max_memory: 64 << 20,
            },
        );
        assert_eq!(d.provenance.variant, "solitaire");
        let note = d.score.clone().unwrap();
        if d.verdict == "unsolvable" {
            continue;
        }
        let v = verdict(&d.record_text());
        assert_eq!(v.status, Status::Complete, "seed {seed}");
        let r = v.result.unwrap();
        assert_eq!(r.solved, Some(true));
        assert_eq!(Some(r.scores[0].points), note.best, "seed {seed}");
        if let Some(g) = note.greedy {
            assert!(
                note.best.unwrap() >= g,
                "seed {seed}: the solver starts from greedy"
            );
        }
    }
}
