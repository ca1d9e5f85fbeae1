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

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_tavolo")
}

fn tavolo(dir: &Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(bin())
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("run tavolo")
}

fn stdout_json(o: &std::process::Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
    })
}

fn spec(variant: &str, players: usize, seed: &str) -> tavolo::games::setup::Spec {
    tavolo::games::setup::Spec {
        game: "quincunx".into(),
        players: Some(players),
        variant: Some(variant.into()),
        seed: Some(seed.into()),
        board: 1,
        names: None,
    }
}

/// QX-12: options combine in any order in `deal`, `play` and records; the
/// name is written back in its canonical order, and a record naming the
/// options in another order is the same game.
#[test]
fn combined_variants_deal_play_and_check_in_any_order_qx12() {
    use tavolo::games::setup::{play_record, Spec};
    for (written, canonical, players) in [
        (
            "colour-bonus+start-from-zero",
            "start-from-zero+colour-bonus",
            3,
        ),
        (
            "v-run-once+pawns+overcall-true+sempliciotto",
            "pawns+sempliciotto+overcall-true+v-run-once",
            2,
        ),
        (
            "excuse+solitaire+v-run-once",
            "solitaire+excuse+v-run-once",
            1,
        ),
        ("pawns+excuse+colour-bonus", "extended+colour-bonus", 4),
    ] {
        let s: Spec = spec(written, players, "qx12");
        assert_eq!(s.resolve().unwrap().variant, canonical);
        let text = play_record(&s).unwrap();
        let line = format!("variant = \"{canonical}\"");
        assert!(text.contains(&line), "{written}: {text}");
        let v = verdict(&text);
        assert_eq!(v.status, Status::Complete, "{written}: {v:?}");
        let reordered = verdict(&text.replace(&line, &format!("variant = \"{written}\"")));
        assert_eq!(reordered.result, v.result, "{written}");
        assert_eq!(reordered.notes, v.notes, "{written}");
    }
    // A misspelt option: the reason, the nearest option and every option.
    let game = tavolo::games::find("quincunx").unwrap();
    let e = tavolo::games::require_variant(game, Some("pawns+colour-bonsu")).unwrap_err();
    assert_eq!((e.code, e.exit_code()), ("cli.unknown-variant", 2));
    assert!(
        e.message
            .ends_with("`colour-bonsu` is not one of its options"),
        "{}",
        e.message
    );
    let help = e.help.unwrap_or_default();
    assert!(
        help.starts_with("did you mean `colour-bonus`?") && help.contains("v-run-once"),
        "{help}"
    );
}

/// QX-12: the Excuse and the Pawns join the deck alone or together; deals of
/// the new decks are pinned (golden vectors), and those of the basic and
/// the extended deck are the ones tavolo always dealt (the fixtures with
/// both `[deal]` and `[setup]` pin them).
#[test]
fn the_excuse_and_the_pawns_join_alone_or_both_qx12() {
    let game = tavolo::games::find("quincunx").unwrap();
    let names = ["P1".to_string(), "P2".to_string(), "P3".to_string()];
    let count = |variant: &str, players: usize| {
        let p = Provenance::new("quincunx", variant, "golden", 1);
        let d = game.deal(variant, &names[..players], &p).unwrap();
        let r = &d.json["round"][0];
        let mut cards: Vec<String> = r["grid"]
            .as_object()
            .unwrap()
            .values()
            .chain(
                r["hands"]
                    .as_object()
                    .unwrap()
                    .values()
                    .flat_map(|h| h.as_array().unwrap().iter()),
            )
            .chain(r["pile"].as_array().unwrap())
            .map(|c| c.as_str().unwrap().to_string())
            .collect();
        cards.sort();
        (cards, d.lines)
    };
    for (variant, size, excuse, pawns) in [
        ("standard", 36, false, 0),
        ("excuse", 37, true, 0),
        ("pawns", 40, false, 4),
        ("extended", 41, true, 4),
        ("excuse+pawns", 41, true, 4),
    ] {
        let (cards, _) = count(variant, 2);
        assert_eq!(cards.len(), size, "{variant}");
        assert_eq!(cards.contains(&"X".to_string()), excuse, "{variant}");
        let p = cards.iter().filter(|c| c.starts_with('P')).count();
        assert_eq!(p, pawns, "{variant}");
    }
    let (_, excuse) = count("excuse", 2);
    assert_eq!(
        excuse[1..5],
        [
            "  grid: a1 6LK, e1 X, a5 AK, e5 8MS, c3 2SY",
            "  P1: AW 4MS 7ML 7WY CM 5YK 6SY 5SW 5ML 2WL",
            "  P2: 7SK 3MW CK 8YK AM AL 3LY 3SK 9LK CL",
            "  pile (top first): AY 9MS 9WY 4YK AS 2MK CS 4WL CW 6MW CY 8WL",
        ]
    );
    let (_, pawns) = count("pawns", 3);
    assert_eq!(
        pawns[1..6],
        [
            "  grid: a1 5YK, e1 9MS, a5 4YK, e5 7SK",
            "  P1: CL PSWK 6MW 7ML AY PWLY 8WL",
            "  P2: 4MS 3SK 8MS CS CM 6SY 4WL",
            "  P3: AM AK AL 7WY CW 5SW 9LK",
            "  pile (top first): AW AS CK 2WL 5ML 2MK 6LK 8YK 9WY 3LY 3MW CY 2SY PMSL PMYK",
        ]
    );
}

/// QX-12 with QX-8: with the Pawns in the deck 8-9-Crown is not a run (the
/// Pawn ranks between them); with the Excuse alone it is.
#[test]
fn eight_nine_crown_is_a_run_with_the_excuse_alone_not_with_the_pawns_qx12() {
    let dir = tempfile::tempdir().unwrap();
    let runs = |variant: &str| {
        let path = dir.path().join(format!("{variant}.toml"));
        std::fs::write(
            &path,
            format!("variant = \"{variant}\"\n[grid]\na2 = \"8MS\"\nb2 = \"9WY\"\n"),
        )
        .unwrap();
        let s = score(&[path.to_str().unwrap(), "CK", "c2"]).unwrap();
        s.json["components"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["kind"] == "run")
            .count()
    };
    assert_eq!(runs("excuse"), 1);
    assert_eq!(runs("standard"), 1);
    assert_eq!(runs("pawns"), 0);
    assert_eq!(runs("extended"), 0);
    assert_eq!(runs("pawns+excuse+colour-bonus"), 0);
}

/// Every solitaire combination (QX-11, QX-12) solves, and the line written is a
/// record of that combination that `check` accepts and totals as the solver says.
#[test]
fn every_solitaire_combination_solves_qx12() {
    let game = tavolo::games::find("quincunx").unwrap();
    let solver = game.solver().unwrap();
    let solitaires: Vec<String> = game
        .all_variants()
        .into_iter()
        .filter(|v| v.starts_with("solitaire"))
        .collect();
    assert_eq!(solitaires.len(), 16);
    let mut lines = 0;
    for variant in &solitaires {
        let d = solver.decide(
            &Provenance::new("quincunx", variant, "qx12", 1),
            Limits {
                max_nodes: 5_000,
                max_memory: 64 << 20,
            },
        );
        assert_eq!(&d.provenance.variant, variant);
        if !d.has_line() {
            continue;
        }
        lines += 1;
        let text = d.record_text();
        assert!(text.contains(&format!("variant = \"{variant}\"")), "{text}");
        let v = verdict(&text);
        assert_eq!(v.status, Status::Complete, "{variant}");
        let best = d.score.unwrap().best;
        assert_eq!(Some(v.result.unwrap().scores[0].points), best, "{variant}");
    }
    assert!(lines >= 12, "only {lines} of 16 deals gave a line");
}

/// QX-12 in events: a section may name a combination, and a board's record
/// naming the same options in another order verifies as that board.
#[test]
fn events_take_combined_variants_in_any_order_qx12() {
    let dir = tempfile::tempdir().unwrap();
    let key = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
    std::fs::write(dir.path().join("event.key"), format!("{key}\n")).unwrap();
    std::fs::write(
        dir.path().join("event.toml"),
        "format = \"tavolo-event-v1\"\nevent = \"Combined\"\n\
         public-value-name = \"three numbers\"\n\
         key-sha256 = \"630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd\"\n\n\
         [[section]]\ngame = \"quincunx\"\nvariant = \"colour-bonus+start-from-zero\"\n\
         players = 2\nboards = 1\n",
    )
    .unwrap();
    let common = ["event.toml", "--key", "event.key", "--public", "1 2 3"];
    let deal = |extra: &[&str]| {
        let mut args = vec!["event", "deal"];
        args.extend(common);
        args.extend(extra);
        tavolo(dir.path(), &args)
    };
    let o = deal(&["--json"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v = stdout_json(&o);
    assert_eq!(v["boards"][0]["variant"], "start-from-zero+colour-bonus");
    let sha = v["description_sha256"].as_str().unwrap().to_string();
    assert_eq!(deal(&["--out", "b"]).status.code(), Some(0));
    let record = std::fs::read_to_string(dir.path().join("b/board-01-table-1.toml")).unwrap();
    let canonical = "variant = \"start-from-zero+colour-bonus\"";
    assert!(record.contains(canonical), "{record}");
    std::fs::write(
        dir.path().join("b/reordered.toml"),
        record.replace(canonical, "variant = \"colour-bonus+start-from-zero\""),
    )
    .unwrap();
    let mut args = vec!["event", "verify"];
    args.extend(common);
    args.extend(["--commitment", &sha, "b/reordered.toml", "--json"]);
    let o = tavolo(dir.path(), &args);
    let v = stdout_json(&o);
    assert_eq!(v["records"][0]["status"], "ok", "{v:#}");
    assert_eq!(o.status.code(), Some(0));
}

/// QX-13: the solitaire is one player on the 4x4 grid, and every other
/// variant 2 to 4 on the 5x5; a count against the variant is refused the same
/// way in records, `deal`/`play`, events and `score` (exit 2), never scored
/// on the other grid.
#[test]
fn one_grid_per_game_everywhere_qx13() {
    use tavolo::event::description::{resolve, SectionFile};
    // Records: the fixture solitaire-two-players.toml.
    for (variant, players) in [("solitaire", 2), ("solitaire+extended", 3), ("standard", 1)] {
        let e = spec(variant, players, "qx13").resolve().err().unwrap();
        assert_eq!((e.code, e.exit_code()), ("cli.players", 2), "{variant}");
        assert!(
            e.message.contains(&format!("({variant}) is for")),
            "{}",
            e.message
        );
        let section = SectionFile {
            game: "quincunx".into(),
            variant: Some(variant.into()),
            players: Some(players),
            names: None,
            boards: 1,
            reserve: 0,
            tables: 1,
            ..SectionFile::default()
        };
        let e = resolve(&section).err().unwrap();
        assert_eq!(e.code, "event.description", "{variant}");
    }
    let dir = tempfile::tempdir().unwrap();
    for (position, why) in [
        (
            "variant = \"solitaire\"\nplayers = 2\n",
            "(solitaire) is for 1 player, not 2",
        ),
        (
            "variant = \"standard\"\nplayers = 1\n",
            "(standard) is for 2 to 4 players, not 1",
        ),
    ] {
        let path = dir.path().join("pos.toml");
        std::fs::write(&path, format!("{position}[grid]\na1 = \"AM\"\n")).unwrap();
        let e = score(&[path.to_str().unwrap(), "3MW", "b1"]).err().unwrap();
        assert_eq!((e.code, e.exit_code()), ("score.players", 2));
        assert!(
            e.message.contains(why) && e.message.contains("QX-13"),
            "{}",
            e.message
        );
    }
    // The variant alone decides the grid: the solitaire is 4x4.
    let path = dir.path().join("solo.toml");
    std::fs::write(&path, "variant = \"solitaire\"\n[grid]\na1 = \"AM\"\n").unwrap();
    let e = score(&[path.to_str().unwrap(), "3MW", "e1"]).err().unwrap();
    assert_eq!(e.code, "quincunx.off-grid");
}

/// QX-14: the fixtures pile-short.toml and partial-pile-unknown.toml pin the
/// codes; here the messages say what to do, and a complete pile after a
/// partial one is accepted.
#[test]
fn written_piles_are_whole_or_marked_partial_qx14() {
    let text =
        std::fs::read_to_string(root().join("tests/fixtures/quincunx/pile-short.toml")).unwrap();
    let text = text.split("\n[meta]\n").next().unwrap().to_string();
    let unreadable = |t: &str| match check_text(Path::new("q.toml"), t.to_string()).outcome {
        Outcome::Unreadable { error, .. } => error,
        Outcome::Judged { verdict, .. } => panic!("judged: {verdict:?}"),
    };
    let e = unreadable(&text);
    assert_eq!(e.code, "quincunx.bad-setup");
    assert!(
        e.message
            .contains("8 cards are missing (AK 5YK 6LK 7WY 8WL 8YK CY CK)")
            && e.message.contains("partial = true"),
        "{}",
        e.message
    );
    // Marked partial, the same setup is read; completed, it is a deal.
    let partial = text.replace("pile = [", "partial = true\npile = [");
    assert_eq!(verdict(&partial).status, Status::LegalSoFar);
    let whole = text.replace(
        "\"4YK\"]",
        "\"4YK\", \"AK\", \"5YK\", \"6LK\", \"7WY\", \"8WL\", \"8YK\", \"CY\", \"CK\"]",
    );
    assert_eq!(verdict(&whole).status, Status::LegalSoFar);
    // An empty pile is no deal either (it used to be read, and its draws lost).
    let e = unreadable(&text.replace("pile = [\"9LK\", \"4WL\", \"4YK\"]", "pile = []"));
    assert!(e.message.contains("11 cards are missing"), "{}", e.message);
    let text =
        std::fs::read_to_string(root().join("tests/fixtures/quincunx/partial-pile-unknown.toml"))
            .unwrap();
    let e = unreadable(&text);
    assert_eq!(e.code, "quincunx.pile-unknown");
    assert!(
        e.message.starts_with(
            "move 5: anna draws 1 card here, but the partial pile has no known cards left"
        ),
        "{}",
        e.message
    );
    // With the next card written, move 5 draws it.
    let v = verdict(&text.replace("pile = [\"9MS\"]", "pile = [\"9MS\", \"9WY\"]"));
    assert!(v.notes[4].ends_with("drew 9WY"), "{:?}", v.notes);
}

/// A card's cost left in hand (QX-3), from its code.
fn penalty(code: &str) -> i64 {
    match code.as_bytes()[0] {
        b'A' => 15,
        b'C' | b'P' => 10,
        b'X' => 0,
        d => i64::from(d - b'0'),
    }
}

/// Verdicts as data: `check --json` lists each placement's score by
/// component and each round end's penalties; they add up to the notes'
/// scores, the round totals and the match result.
#[test]
fn check_json_details_add_up_to_the_scores() {
    let dir = root().join("tests/fixtures/quincunx");
    // Which fields were ever non-zero, so that each sum is really tested.
    let mut seen = std::collections::BTreeSet::new();
    for name in [
        "sempliciotto-match.toml",
        "colour-bonus-match.toml",
        "match-3-players.toml",
        "extended.toml",
        "sempliciotto.toml",
        "score-ace-crown.toml",
        "score-run-set-pair.toml",
        "empty-pile.toml",
    ] {
        let o = tavolo(&dir, &["check", "--json", name]);
        let v = stdout_json(&o);
        let rec = &v["records"][0];
        let complete = rec["status"] == "complete";
        assert!(complete || rec["status"] == "legal-so-far", "{name}");
        let details = rec["details"].as_array().unwrap();
        let placements: Vec<&serde_json::Value> = details
            .iter()
            .filter(|d| d["kind"] == "placement")
            .collect();
        assert_eq!(
            placements.len(),
            rec["moves"].as_u64().unwrap() as usize,
            "{name}"
        );
        let players: Vec<&str> = rec["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap())
            .collect();
        let n = players.len();
        let mut match_totals = vec![0i64; n];
        let mut round_points = vec![0i64; n];
        let seat = |p: &serde_json::Value| players.iter().position(|&q| q == p).unwrap();
        for d in details {
            let int = |k: &str| {
                d[k].as_i64()
                    .unwrap_or_else(|| panic!("{name}: {k} in {d}"))
            };
            match d["kind"].as_str().unwrap() {
                "placement" => {
                    for k in [
                        "base",
                        "pairs",
                        "runs",
                        "sets",
                        "ace_crown",
                        "colour",
                        "draws_lost",
                        "stolen",
                    ] {
                        if int(k) != 0 {
                            seen.insert(k);
                        }
                    }
                    let parts: i64 = ["base", "pairs", "runs", "sets", "ace_crown", "colour"]
                        .iter()
                        .map(|k| int(k))
                        .sum();
                    assert_eq!(parts, int("points"), "{name}: {d}");
                    let listed: i64 = d["components"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|c| c["points"].as_i64().unwrap())
                        .sum();
                    assert_eq!(listed, int("points"), "{name}: {d}");
                    let drawn = d["drawn"].as_array().unwrap().len() as i64;
                    assert_eq!(drawn + int("draws_lost"), int("draws"), "{name}: {d}");
                    if d["announced"].is_null() {
                        assert_eq!(int("credited"), int("points"), "{name}: {d}");
                    }
                    round_points[seat(&d["player"])] += int("credited");
                    if !d["noticed"].is_null() {
                        round_points[seat(&d["noticed"])] += int("stolen");
                    }
                }
                "round-end" => {
                    for (p, row) in d["players"].as_array().unwrap().iter().enumerate() {
                        assert_eq!(row["player"], players[p], "{name}");
                        let cost: i64 = row["left_in_hand"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|c| penalty(c.as_str().unwrap()))
                            .sum();
                        let (points, pen, total) = (
                            row["points"].as_i64().unwrap(),
                            row["penalty"].as_i64().unwrap(),
                            row["total"].as_i64().unwrap(),
                        );
                        assert_eq!(pen, cost, "{name}: {row}");
                        assert_eq!(points, round_points[p], "{name}: {row}");
                        assert_eq!(total, points - pen, "{name}: {row}");
                        match_totals[p] += total;
                        if pen != 0 {
                            seen.insert("penalty");
                        }
                    }
                    round_points = vec![0; n];
                }
                other => panic!("{name}: kind {other}"),
            }
        }
        if !complete {
            continue;
        }
        let rounds = details.iter().filter(|d| d["kind"] == "round-end").count();
        assert_eq!(rounds, n, "{name}: one round per player");
        let scores: Vec<i64> = rec["result"]["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["points"].as_i64().unwrap())
            .collect();
        assert_eq!(scores, match_totals, "{name}");
    }
    let all = [
        "ace_crown",
        "base",
        "colour",
        "draws_lost",
        "pairs",
        "penalty",
        "runs",
        "sets",
        "stolen",
    ];
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), all);
}

/// Every field of `check --json`'s `details` is documented in the Quincunx
/// section of docs/records.md (placements, round ends and their rows).
#[test]
fn check_json_details_fields_are_documented() {
    let doc = docs();
    let start = doc
        .find("### The facts as data (`tavolo check --json`)")
        .unwrap();
    let end = start + doc[start..].find("\n### Position files").unwrap();
    let section = &doc[start..end];
    let text =
        std::fs::read_to_string(root().join("tests/fixtures/quincunx/sempliciotto-match.toml"))
            .unwrap();
    let v = verdict(&text);
    let details = serde_json::to_value(&v.details).unwrap();
    let mut keys = std::collections::BTreeSet::new();
    for d in details.as_array().unwrap() {
        keys.extend(d.as_object().unwrap().keys().cloned());
        for row in d["players"].as_array().into_iter().flatten() {
            keys.extend(row.as_object().unwrap().keys().cloned());
        }
    }
    assert!(
        keys.contains("penalty") && keys.contains("ace_crown"),
        "{keys:?}"
    );
    for k in keys {
        assert!(
            section.contains(&format!("`{k}`")),
            "`{k}` is not documented"
        );
    }
    for kind in ["placement", "round-end"] {
        assert!(section.contains(&format!("\"kind\": \"{kind}\"")), "{kind}");
    }
}
