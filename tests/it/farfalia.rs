//! Farfalia through the CLI and the library: deals (text, JSON, record, one
//! line per board) pinned by golden vectors, batches byte-identical whatever
//! the thread count, random legal matches of every variant accepted by
//! `check`, and the docs' example.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;
use tavolo::games::check::check_file;
use tavolo::games::farfalia::record::VARIANTS;

fn tavolo(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(args)
        .output()
        .expect("run tavolo")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn check_json(path: &Path) -> Value {
    serde_json::to_value(check_file(path)).unwrap()
}

/// Golden vectors (tavolo-deal-v1): the text of a four-player match's first
/// deal and two boards as lines never change. Board 2 is dealt by seat 2.
#[test]
fn deal_text_and_lines_are_golden() {
    let o = tavolo(&[
        "deal",
        "farfalia",
        "-p",
        "4",
        "--variant",
        "four",
        "--seed",
        "golden",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "algorithm: tavolo-deal-v1");
    assert_eq!(
        lines[4],
        "deal 1 (board 1): P1 deals; proposal G B F G O; trump G (turned from the proposal)"
    );
    assert_eq!(
        lines[5],
        "  P1 (dealer, 13 cards): R2 R3 R5 R6 G5 G6 G7 G11 G13 B4 O3 O4 O8"
    );
    assert!(text.contains("deal 4 (board 4): P4 deals"), "{text}");

    let o = tavolo(&[
        "deal",
        "farfalia",
        "-p",
        "4",
        "--variant",
        "four",
        "--seed",
        "golden",
        "--boards",
        "1..2",
        "--format",
        "line",
    ]);
    assert_eq!(
        stdout(&o),
        "% tavolo-deal-v1 farfalia four seed \"golden\" boards 1..2: one line per board, the hands by seat\n\
         1:6532.KJ765.4.843 2:QJ.QT84321.1.J51 3:971.9.KQT9762.K2 4:KT84..J853.QT976\n\
         2:QJT973.95.K942.K 3:K8652.K61.QJ7.Q2 4:1.QT8742.53.9643 1:4.J3.T861.JT8751\n"
    );
    // The line of each deal in the text is the batch's line for that board.
    assert!(
        text.contains("  line: 2:QJT973.95.K942.K 3:K8652.K61.QJ7.Q2"),
        "{text}"
    );
}

/// A dummy's layout and the jolly are printed and in the JSON; three players.
#[test]
fn deal_json_has_dummies_and_jolly() {
    let o = tavolo(&[
        "deal",
        "farfalia",
        "-p",
        "3",
        "--variant",
        "three-burnin",
        "--seed",
        "x",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["algorithm"], "tavolo-deal-v1");
    let deals = v["deal"]["deal"].as_array().unwrap();
    assert_eq!(
        deals.len(),
        6,
        "three players: six deals, all known before play"
    );
    let d = &deals[0];
    assert_eq!(d["dealer"], "P1");
    assert!(d.get("trump").is_none(), "the dealer names the trump");
    let layout = &d["dummies"]["P1"];
    assert_eq!(layout["down"].as_array().unwrap().len(), 6);
    assert_eq!(layout["up"].as_array().unwrap().len(), 6);
    assert!(layout["beside"].is_string());
    assert_eq!(d["jolly"].as_object().unwrap().len(), 3);
    assert_eq!(d["hands"]["P2"].as_array().unwrap().len(), 13);
}

/// `--boards` output is the same byte for byte with 1, 2 or 5 threads, and
/// spans several dealing windows (blocks of 256 boards for this batch).
#[test]
fn line_batches_do_not_depend_on_threads() {
    let run = |jobs: &str| {
        let o = tavolo(&[
            "deal", "farfalia", "-p", "5", "--seed", "threads", "--boards", "3..3000", "--format",
            "line", "--jobs", jobs,
        ]);
        assert_eq!(o.status.code(), Some(0));
        o.stdout
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(one, run("5"));
    let text = String::from_utf8(one).unwrap();
    assert_eq!(text.lines().count(), 1 + 2998);
    // Board 3 with five players is dealt by seat 3.
    assert!(text.lines().nth(1).unwrap().starts_with("3:"));
    // Every other game has a one-line form too: tests/it/deal_bulk.rs.
}

/// `tavolo deal --record` writes a record whose setup `check` accepts, and
/// `tavolo play` writes a complete legal match for every variant.
#[test]
fn every_variant_plays_a_legal_match() {
    let dir = tempfile::tempdir().unwrap();
    for variant in VARIANTS {
        let players = match *variant {
            v if v.starts_with("five") || v.starts_with("chinkway") || v == "standard" => "5",
            v if v.starts_with("four") => "4",
            v if v.starts_with("three") => "3",
            _ => "2",
        };
        let path = dir.path().join(format!("{variant}.toml"));
        let o = Command::new(env!("CARGO_BIN_EXE_tavolo"))
            .args([
                "play",
                "farfalia",
                "-p",
                players,
                "--variant",
                variant,
                "--seed",
                "it",
                "-o",
            ])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{variant}");
        let v = check_json(&path);
        assert_eq!(v["status"], "complete", "{variant}: {v:#}");
        assert!(!v["result"]["scores"].as_array().unwrap().is_empty());
    }
    let path = dir.path().join("r.toml");
    let o = Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(["deal", "farfalia", "-p", "2", "--seed", "rec", "--record"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("[setup.deal.dummies.P1]"), "{text}");
    // With one move added (P2 leads), the written setup agrees with [deal].
    let first = tavolo(&["play", "farfalia", "-p", "2", "--seed", "rec"]);
    let played = stdout(&first);
    let mv = &played[played.find("[[move]]").unwrap()..];
    let mv = &mv[..mv[1..].find("[[move]]").map_or(mv.len(), |i| i + 1)];
    std::fs::write(&path, format!("{text}\n{mv}")).unwrap();
    let v = check_json(&path);
    assert_eq!(v["status"], "legal-so-far", "{v:#}");
}

/// The docs' Farfalia example (the sheet's worked example) is legal so far,
/// and Beatrice, who won the third trick, leads the fourth (FA-2, FA-3).
#[test]
fn docs_example_is_the_sheet_example() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/records.md"))
            .unwrap();
    let start = doc
        .find("```toml\ngame = \"farfalia\"")
        .expect("an example")
        + "```toml\n".len();
    let end = start + doc[start..].find("```").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("example.toml");
    std::fs::write(&path, &doc[start..end]).unwrap();
    let v = check_json(&path);
    assert_eq!(v["status"], "legal-so-far", "{v:#}");
    assert_eq!(v["to_move"], "Beatrice");
    assert_eq!(v["moves"], 19);
}

/// The worked example's illegal variants cite the sheet's own points: Daniela
/// must follow suit (FA-2); Beatrice cannot keep a second fish (FA-3).
#[test]
fn sheet_example_faults() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/farfalia");
    for (file, code, rule) in [
        ("illegal-revoke.toml", "farfalia.revoke", "FA-2"),
        (
            "illegal-collect-complete.toml",
            "farfalia.collect-complete",
            "FA-3",
        ),
    ] {
        let v = check_json(&root.join(file));
        assert_eq!(v["illegal"]["code"], code);
        assert_eq!(v["illegal"]["rule"], rule);
        // Nothing was finished before the fault: nothing scored, no winner.
        assert!(v["result"]["reason"]
            .as_str()
            .unwrap()
            .contains("tavolo's ruling on irregularities"));
        assert!(v["result"]["winner"].is_null(), "{v:#}");
    }
}

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/farfalia")
        .join(name)
}

/// `tavolo check --json` on a fixture: the record's verdict and the exit code.
fn check_cli(name: &str) -> (Value, Option<i32>) {
    let path = fixture(name);
    let o = tavolo(&["check", "--json", path.to_str().unwrap()]);
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    (v["records"][0].clone(), o.status.code())
}

/// The details of one kind, in order.
fn details<'a>(v: &'a Value, kind: &str) -> Vec<&'a Value> {
    v["details"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["kind"] == kind)
        .collect()
}

/// FA-9 (issue 27) through `check`: R5, R12, the red jolly, R2, R3: every
/// card burns, R12 too, nobody wins and the leader leads again (FA-6).
#[test]
fn fa9_red_jolly_burns_r12_in_check() {
    let (v, code) = check_cli("legal-fa9-every-card-burns.toml");
    assert_eq!(code, Some(0));
    assert_eq!(v["status"], "legal-so-far", "{v:#}");
    assert_eq!(v["to_move"], "Bruno", "the leader leads again");
    let tricks = details(&v, "trick");
    assert_eq!(tricks.len(), 1);
    let t = tricks[0];
    assert_eq!(t["winner"], Value::Null, "{t:#}");
    assert_eq!(t["burned"], serde_json::json!(["R2", "R3", "R5", "R12"]));
    assert_eq!(t["collection"], false, "nothing can be kept");
    assert_eq!(t["leads_next"], "Bruno");
    assert_eq!(t["cards"][2]["jolly"], "R");
    assert_eq!(t["cards"][2]["card"], Value::Null);
}

/// Issue 26: a Farfalia match won by a pair lists both partners in
/// `winners`; `winner` is given only for a sole winner (FA-5, FA-11).
#[test]
fn a_pair_win_lists_both_winners_in_json() {
    let (v, code) = check_cli("complete-four.toml");
    assert_eq!(code, Some(0));
    let r = &v["result"];
    assert_eq!(r["winners"], serde_json::json!(["Anna", "Carla"]), "{r:#}");
    assert_eq!(r["winner"], Value::Null, "two winners: no sole winner");
    assert_eq!(r["losers"], serde_json::json!(["Bruno", "Dario"]));
    let (v, _) = check_cli("complete-three.toml");
    assert_eq!(v["result"]["winners"], serde_json::json!(["Carla"]));
    assert_eq!(v["result"]["winner"], "Carla");
}

/// Verdicts as data (issue 27): each trick's cards (who played what), its
/// winner, the collection choice, as `check --json` details on the sheet's
/// worked example (FA-2, FA-3).
#[test]
fn details_give_each_trick_and_collection_fa2_fa3() {
    let (v, _) = check_cli("sheet-example.toml");
    let tricks = details(&v, "trick");
    assert_eq!(tricks.len(), 3);
    let t = tricks[0];
    assert_eq!(
        (t["number"].as_u64(), t["deal"].as_u64()),
        (Some(7), Some(1))
    );
    assert_eq!(
        (t["trick"].as_u64(), &t["led"], &t["trump"]),
        (Some(1), &Value::from("B"), &Value::from("O"))
    );
    let played: Vec<(&str, &str)> = t["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["player"].as_str().unwrap(), c["card"].as_str().unwrap()))
        .collect();
    assert_eq!(
        played,
        [
            ("Beatrice", "B3"),
            ("Carlo", "B5"),
            ("Daniela", "B11"),
            ("Egidio", "B2"),
            ("Andrea", "R3")
        ]
    );
    assert_eq!(t["winner"], "Daniela");
    assert_eq!(t["burned"], serde_json::json!([]));
    assert_eq!(t["collection"], true);
    // Trick 2 holds nothing of the proposal: no collection, Egidio leads.
    assert_eq!(tricks[1]["winner"], "Egidio");
    assert_eq!(tricks[1]["collection"], false);
    assert_eq!(tricks[1]["leads_next"], "Egidio");
    // Trick 3: Beatrice's O7 is the highest trump.
    assert_eq!(tricks[2]["winner"], "Beatrice");
    let kept = details(&v, "collection");
    let kept: Vec<(&str, &str, &str, u64)> = kept
        .iter()
        .map(|d| {
            (
                d["place"].as_str().unwrap(),
                d["taken"].as_str().unwrap(),
                d["family"].as_str().unwrap(),
                d["matched"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        kept,
        [("Daniela", "B11", "B", 1), ("Beatrice", "R10", "F", 2)]
    );
}

/// Verdicts as data: every card a dummy turns up (FA-8) was face down in
/// that dummy's layout, is reported once, after the trick's collection
/// choice, and the dummy plays it later in the deal.
#[test]
fn details_give_the_dummies_reveals_fa8() {
    let path = fixture("complete-two.toml");
    let (v, _) = check_cli("complete-two.toml");
    let rec: toml::Table = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let setups = rec["setup"]["deal"].as_array().unwrap();
    let all = v["details"].as_array().unwrap();
    let mut reveals = 0;
    for (i, d) in all.iter().enumerate() {
        let Some(list) = d["revealed"].as_array() else {
            continue;
        };
        if d["kind"] == "trick" && d["collection"] == true {
            assert!(list.is_empty(), "turned up only after the choice: {d:#}");
        }
        let deal = d["deal"].as_u64().unwrap() as usize;
        for r in list {
            reveals += 1;
            let dummy = r["dummy"].as_str().unwrap();
            let card = r["card"].as_str().unwrap();
            let owner = dummy.strip_suffix("'s dummy").unwrap();
            let down = &setups[deal - 1]["dummies"][owner]["down"];
            assert!(
                down.as_array()
                    .unwrap()
                    .iter()
                    .any(|c| c.as_str() == Some(card)),
                "{card} was face down on {dummy}"
            );
            let played_later = all[i + 1..].iter().any(|e| {
                e["deal"].as_u64() == Some(deal as u64)
                    && e["cards"].as_array().is_some_and(|cs| {
                        cs.iter().any(|c| c["place"] == dummy && c["card"] == card)
                    })
            });
            assert!(played_later, "{dummy} plays {card} once it is up");
        }
    }
    assert!(
        reveals > 20,
        "a two-player match turns up many cards: {reveals}"
    );
}

/// Verdicts as data: between deals, the next dealer (FA-7: the fewest
/// points; the dealer again when alone lowest; ties to the nearest
/// clockwise from the dealer), each deal's points and totals.
#[test]
fn details_give_the_next_dealer_fa7() {
    let (v, _) = check_cli("complete-five-intro.toml");
    let ends = details(&v, "deal-end");
    assert_eq!(ends.len(), 3);
    let names: Vec<&str> = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    for w in ends.windows(2) {
        let (end, next) = (w[0], w[1]);
        let totals: Vec<u64> = end["points"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["total"].as_u64().unwrap())
            .collect();
        let dealer = names.iter().position(|n| end["dealer"] == *n).unwrap();
        let low = *totals.iter().min().unwrap();
        let fa7 = (1..=5)
            .map(|i| (dealer + i) % 5)
            .find(|&s| totals[s] == low)
            .unwrap();
        assert_eq!(end["next_dealer"], names[fa7], "{end:#}");
        assert_eq!(next["dealer"], names[fa7]);
        let sum: u64 = end["sides"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["matched"].as_u64().unwrap())
            .sum();
        assert!(sum <= 10, "at most five subjects a side");
    }
    assert_eq!(ends[2]["next_dealer"], Value::Null, "the match is over");
    assert_eq!(
        ends[2]["multiplier"], 2,
        "the last intro deal counts double (FA-4)"
    );
}

/// Messages that point at the right thing (issue 27): each names the deal
/// and trick; a dummy's revoke lists the dummy's face-up cards and cites
/// FA-8; a player who must lead for the dummy is told so; the dummy clause
/// only where there are dummies; a revoke names the cards held in the suit
/// led; the partner's collection choice, a named trump where it is turned
/// and a declaration out of order have their own codes.
#[test]
fn messages_point_at_the_right_thing() {
    let msg = |file: &str| {
        let (v, code) = check_cli(file);
        assert_eq!(code, Some(1), "{file}: an illegal move, exit 1");
        let i = v["illegal"].clone();
        (
            i["code"].as_str().unwrap().to_string(),
            i["rule"].as_str().unwrap().to_string(),
            i["message"].as_str().unwrap().to_string(),
        )
    };
    let (code, rule, m) = msg("illegal-dummy-revoke.toml");
    assert_eq!(
        (code.as_str(), rule.as_str()),
        ("farfalia.dummy-revoke", "FA-8")
    );
    assert!(
        m.contains("from their dummy, which shows R8 face up in the suit led"),
        "{m}"
    );
    assert!(m.ends_with("(deal 1, trick 1)"), "{m}");
    let (code, rule, m) = msg("illegal-dummy-to-play.toml");
    assert_eq!(
        (code.as_str(), rule.as_str()),
        ("farfalia.dummy-to-play", "FA-8")
    );
    assert!(m.contains("Anna's dummy's turn to lead"), "{m}");
    assert!(!m.contains("does not hold"), "{m}");
    assert!(m.ends_with("(deal 1, trick 2)"), "{m}");
    let (code, _, m) = msg("illegal-own-turn.toml");
    assert_eq!(code, "farfalia.own-turn");
    assert!(m.contains("is on their dummy"), "{m}");
    let (code, _, m) = msg("illegal-not-held.toml");
    assert_eq!(code, "farfalia.not-held");
    assert!(!m.contains("dummy"), "five players have no dummy: {m}");
    let (_, _, m) = msg("illegal-revoke.toml");
    assert!(m.contains("holds B4 B8 B10 B11 in the suit led"), "{m}");
    for (file, want, rule) in [
        (
            "illegal-partner-collects.toml",
            "farfalia.partner-collects",
            "FA-3",
        ),
        ("illegal-trump-turned.toml", "farfalia.trump-turned", "FA-5"),
        (
            "illegal-double-order.toml",
            "farfalia.double-order",
            "FA-10",
        ),
        (
            "illegal-no-collection.toml",
            "farfalia.no-collection",
            "FA-3",
        ),
    ] {
        let (code, r, m) = msg(file);
        assert_eq!((code.as_str(), r.as_str()), (want, rule), "{file}: {m}");
        assert!(m.contains("(deal 1, "), "{file}: {m}");
    }
    let (_, _, m) = msg("illegal-trump-turned.toml");
    assert!(m.contains("it is O (arancione)"), "{m}");
}

/// A stray `take` after a deal's last trick is an illegal move of that deal
/// (exit 1, the finished deal's points standing), even where the record
/// writes no setup for the next deal; it was an unreadable file (exit 2).
#[test]
fn a_take_after_a_deals_last_trick_is_illegal_fa3() {
    let (v, code) = check_cli("illegal-take-after-last-trick.toml");
    assert_eq!(code, Some(1), "{v:#}");
    assert_eq!(v["status"], "illegal");
    assert_eq!(v["illegal"]["number"], 62);
    assert_eq!(v["illegal"]["code"], "farfalia.collect-complete");
    let m = v["illegal"]["message"].as_str().unwrap();
    assert!(m.ends_with("(after deal 1's last trick)"), "{m}");
    let scores: Vec<i64> = v["result"]["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["points"].as_i64().unwrap())
        .collect();
    assert_eq!(scores, [3, 3, 3, 3], "deal 1 stands");
}

/// The docs' position example (`[setup.position]`, docs/records.md).
fn docs_position() -> String {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/records.md"))
            .unwrap();
    let start = doc.find("```toml\n# A position:").expect("the example") + "```toml\n".len();
    let end = start + doc[start..].find("```").unwrap();
    doc[start..end].to_string()
}

/// `tavolo check --json` on a record's text.
fn check_text(text: &str) -> (Value, Option<i32>) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("position.toml");
    std::fs::write(&path, text).unwrap();
    let o = tavolo(&["check", "--json", path.to_str().unwrap()]);
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    (v["records"][0].clone(), o.status.code())
}

/// A record may start from a written mid-deal position (issue 27): the
/// docs' example resumes the sheet's deal at trick 3, and Beatrice wins it
/// with the highest trump and keeps R10 (FA-2, FA-3), as in the whole record.
#[test]
fn a_record_starts_from_a_written_position() {
    let (v, code) = check_text(&docs_position());
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["status"], "legal-so-far");
    assert_eq!(v["to_move"], "Beatrice");
    let t = details(&v, "trick");
    assert_eq!(t.len(), 1);
    assert_eq!(t[0]["trick"], 3, "two tricks before the position");
    assert_eq!(t[0]["winner"], "Beatrice");
    let kept = details(&v, "collection");
    assert_eq!(kept[0]["taken"], "R10");
    assert_eq!(
        kept[0]["matched"], 2,
        "B11 kept before the position, R10 now"
    );
    // The same dispute as the whole record's: B13 may not be kept (FA-3).
    let text = docs_position().replace("take = \"R10\"", "take = \"B13\"");
    let (v, code) = check_text(&text);
    assert_eq!(code, Some(1));
    assert_eq!(v["illegal"]["code"], "farfalia.collect-complete");
}

/// Bad positions are unreadable (exit 2) with the error at the value at
/// fault: a card twice (at its second mention), a wrong count, an unknown
/// card, a trick that says another player is to move (FA-1, FA-2, FA-5).
#[test]
fn bad_positions_are_located() {
    let doc = docs_position();
    let at = |text: &str, token: &str, nth: usize| {
        // 1-based line and column of the `nth` occurrence of `token`.
        let i = text.match_indices(token).nth(nth).unwrap().0;
        let line = text[..i].matches('\n').count() + 1;
        let col = i - text[..i].rfind('\n').map_or(0, |j| j + 1) + 1;
        (line as u64, col as u64)
    };
    for (from, to, want, token, nth) in [
        // B4 is Daniela's too: reported at her B4, the second mention.
        (
            "Andrea = \"R8 G10",
            "Andrea = \"R8 B4 G10",
            "farfalia.card-twice",
            "B4",
            1,
        ),
        // One card too many for Carlo after two tricks.
        (
            "Carlo = \"O4 R5",
            "Carlo = \"G13 O4 R5",
            "farfalia.bad-position",
            "\"G13 O4",
            0,
        ),
        (
            "Egidio = \"B1 B9",
            "Egidio = \"B1 X9",
            "farfalia.unknown-card",
            "X9",
            0,
        ),
        (
            "to_move = \"Beatrice\"",
            "to_move = \"Carlo\"",
            "farfalia.bad-position",
            "\"Carlo\"",
            1,
        ),
        (
            "tricks = 2 ",
            "tricks = 3 ",
            "farfalia.bad-position",
            "\"R8 G10",
            0,
        ),
        (
            "Daniela = [\"B11\"]",
            "Daniela = [\"B11\", \"G13\"]",
            "farfalia.bad-position",
            "\"G13\"",
            0,
        ),
    ] {
        let text = doc.replacen(from, to, 1);
        assert_ne!(text, doc, "{from}");
        let (v, code) = check_text(&text);
        assert_eq!(code, Some(2), "{to}: {v:#}");
        let e = &v["error"];
        assert_eq!(e["code"], want, "{to}: {e:#}");
        let (line, column) = at(&text, token, nth);
        assert_eq!(
            (e["line"].as_u64(), e["column"].as_u64()),
            (Some(line), Some(column)),
            "{to}: {e:#}"
        );
    }
}

/// A position in a two-player Burnin' deal (FA-8, FA-9): dummies with cards
/// under their face-up ones and one uncovered by the trick on the table, a
/// jolly still held, the standings before the deal; every card of the trick
/// burns and both uncovered cards turn up after it.
#[test]
fn a_position_with_dummies_and_jollies_fa8_fa9() {
    let (v, code) = check_cli("legal-position-two-burnin.toml");
    assert_eq!(code, Some(0), "{v:#}");
    let t = details(&v, "trick");
    assert_eq!(t[0]["deal"], 2);
    assert_eq!(t[0]["winner"], Value::Null);
    assert_eq!(t[0]["burned"], serde_json::json!(["R5", "R9", "R13"]));
    assert_eq!(t[0]["leads_next"], "Anna's dummy");
    assert_eq!(
        t[0]["revealed"],
        serde_json::json!([
            {"dummy": "Anna's dummy", "card": "O6"},
            {"dummy": "Bruno's dummy", "card": "O9"}
        ])
    );
    let notes = v["notes"].as_array().unwrap();
    assert!(
        notes[0]
            .as_str()
            .unwrap()
            .contains("1. Anna 10, 2. Bruno 4"),
        "{notes:?}"
    );
}

/// A position with `[deal]` must be that deal of the seed: a card a player
/// holds that was dealt to another is `record.setup-not-dealt` at the card.
#[test]
fn a_position_agrees_with_its_seed() {
    let rec: toml::Table =
        toml::from_str(&std::fs::read_to_string(fixture("complete-four.toml")).unwrap()).unwrap();
    let d = &rec["setup"]["deal"][0];
    let hand = |n: &str| {
        d["hands"][n]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect::<Vec<_>>()
    };
    let (mut anna, mut bruno) = (hand("Anna"), hand("Bruno"));
    let text = |anna: &[&str], bruno: &[&str]| {
        format!(
            "game = \"farfalia\"\nvariant = \"four\"\nplayers = [\"Anna\", \"Bruno\", \"Carla\", \"Dario\"]\n\n\
             [deal]\nseed = \"fixture-four\"\n\n[setup.position]\ndealer = \"Anna\"\nproposal = {}\ntrump = {}\n\
             tricks = 0\nleader = \"Bruno\"\n\n[setup.position.hands]\nAnna = \"{}\"\nBruno = \"{}\"\nCarla = \"{}\"\nDario = \"{}\"\n",
            d["proposal"],
            d["trump"],
            anna.join(" "),
            bruno.join(" "),
            hand("Carla").join(" "),
            hand("Dario").join(" ")
        )
    };
    let (v, code) = check_text(&text(&anna, &bruno));
    assert_eq!(
        (code, &v["status"]),
        (Some(0), &Value::from("legal-so-far")),
        "{v:#}"
    );
    assert_eq!(v["to_move"], "Bruno");
    std::mem::swap(&mut anna[0], &mut bruno[0]);
    let (v, code) = check_text(&text(&anna, &bruno));
    assert_eq!(code, Some(2));
    assert_eq!(v["error"]["code"], "record.setup-not-dealt", "{v:#}");
}
