//! GN-4 at the table: `resign` in every game, written in the record as its last `[[move]]`
//! (`resign = true`) and judged by `check` to the result the session gave; and `tavolo table
//! --strict` for MOON, where an illegal tile is recorded and loses at once (MN-3, sheet rule
//! 7), the session's result again `check`'s of the record it wrote.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::Value;
use tavolo::games::session;
use tavolo::record::{Record, Source};

fn tavolo() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tavolo"))
}

/// Run tavolo in `dir` with `input` on standard input (a pipe, as a shell script would).
fn run(dir: &Path, args: &[&str], input: &str) -> Output {
    let mut child = tavolo()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tavolo");
    let mut stdin = child.stdin.take().expect("stdin");
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().expect("tavolo ends")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn events(o: &Output) -> Vec<Value> {
    text(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one object a line"))
        .collect()
}

fn last_event<'a>(events: &'a [Value], kind: &str) -> &'a Value {
    events
        .iter()
        .rev()
        .find(|e| e["event"] == kind)
        .unwrap_or_else(|| panic!("no `{kind}` event in {events:?}"))
}

/// `check --json FILE` in `dir`: the exit code and the record's report.
fn check(dir: &Path, file: &str) -> (i32, Value) {
    let o = tavolo()
        .args(["check", "--json", file])
        .current_dir(dir)
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&o.stdout).expect("check --json");
    (o.status.code().unwrap_or(-1), v["records"][0].clone())
}

/// A deal: game, variant, players, seed.
type Deal = (&'static str, Option<&'static str>, usize, &'static str);

fn deal_args(d: &Deal) -> Vec<String> {
    let mut v = vec![
        d.0.to_string(),
        "--seed".into(),
        d.3.into(),
        "-p".into(),
        d.2.to_string(),
    ];
    if let Some(var) = d.1 {
        v.extend(["--variant".into(), var.into()]);
    }
    v
}

/// The moves `tavolo play` makes for the deal, in the session's notation.
fn played_moves(d: &Deal) -> Vec<String> {
    let mut args = vec!["play".to_string()];
    args.extend(deal_args(d));
    let o = tavolo().args(&args).output().expect("play");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let record = text(&o.stdout);
    let src = Source::new("play.toml", record);
    let rec = Record::parse(&src, &tavolo::games::Registry).expect("a readable record");
    let (live, _) = session::find(rec.game).unwrap().open(&rec, &src).unwrap();
    live.history(session::View::Director)
        .into_iter()
        .map(|p| p.notation)
        .collect()
}

/// One deal of every game, and the solitaires' variants.
const DEALS: &[Deal] = &[
    ("moon", None, 2, "golden"),
    ("moon", Some("solitaire"), 1, "table"),
    ("scalafrutta", None, 2, "table"),
    ("domino", Some("loose-contact"), 2, "table"),
    ("muro", None, 1, "d"),
    ("mosaico", None, 1, "table"),
    ("quincunx", None, 2, "table"),
    ("quincunx", Some("solitaire"), 1, "table"),
    ("farfalia", None, 4, "table"),
    ("natura", None, 2, "table"),
];

/// GN-4: halfway through the player to move resigns; the session ends the game as GN-4
/// says (a solitaire lost; the other player wins a game that puts a player out; a scored
/// game ends with the scores so far, the resigning player last), writes the resignation,
/// and `check` of the record gives the same result.
#[test]
fn resign_in_every_game_ends_it_as_gn4_says_and_check_agrees() {
    for d in DEALS {
        let dir = tempfile::tempdir().unwrap();
        let moves = played_moves(d);
        // Halfway, where the scores so far differ.
        let k = (moves.len() / 2).max(1);
        let mut input: String = moves[..k].iter().map(|m| format!("{m}\n")).collect();
        input.push_str("resign\n");
        let mut args = vec!["table".to_string()];
        args.extend(deal_args(d));
        args.extend(["-o".into(), "g.toml".into(), "--json".into()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = run(dir.path(), &args, &input);
        assert_eq!(o.status.code(), Some(0), "{d:?}: {}", text(&o.stderr));
        let ev = events(&o);
        let resign = last_event(&ev, "resign");
        let who = resign["resigned"]["player"]
            .as_str()
            .unwrap_or_else(|| panic!("{d:?}: resigned: {resign}"))
            .to_string();
        assert_eq!(resign["resigned"]["number"], k + 1, "{d:?}");
        assert_eq!(resign["over"], true, "{d:?}");
        let players: Vec<String> = last_event(&ev, "start")["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap().to_string())
            .collect();
        let ended = last_event(&ev, "end")["ended"].clone();
        assert_eq!(ended["losers"], serde_json::json!([who]), "{d:?}: {ended}");
        if players.len() == 1 {
            assert_eq!(
                ended["solved"], false,
                "{d:?}: a solitaire resigned is lost"
            );
            assert_eq!(ended["winners"], serde_json::json!([]), "{d:?}");
        } else if let Some(scores) = resign["scores"].as_array() {
            // The best of the others by the scores so far, whatever the resigner's.
            let score = |p: usize| scores[p].as_i64().unwrap();
            let others: Vec<usize> = (0..players.len()).filter(|&p| players[p] != who).collect();
            let top = others.iter().map(|&p| score(p)).max().unwrap();
            let best: Vec<&String> = others
                .iter()
                .filter(|&&p| score(p) == top)
                .map(|&p| &players[p])
                .collect();
            assert_eq!(ended["winners"], serde_json::json!(best), "{d:?}: {ended}");
            assert_eq!(ended["scores"].as_array().unwrap().len(), players.len());
        } else {
            let other: Vec<&String> = players.iter().filter(|p| **p != who).collect();
            assert_eq!(ended["winners"], serde_json::json!(other), "{d:?}: {ended}");
        }
        let written = std::fs::read_to_string(dir.path().join("g.toml")).unwrap();
        assert!(
            written.ends_with(&format!("\n[[move]]\nplayer = \"{who}\"\nresign = true\n")),
            "{d:?}: the resignation is the record's last move\n{written}"
        );
        let (code, report) = check(dir.path(), "g.toml");
        assert_eq!(code, 0, "{d:?}: {report}");
        assert_eq!(report["status"], "complete", "{d:?}");
        assert_eq!(report["moves"], k + 1, "{d:?}");
        assert_eq!(
            report["result"], ended,
            "{d:?}: check gives the session's result"
        );
    }
}

/// GN-4: with more than two players MOON and Domino go on without a player who resigns:
/// at the table the resignation is recorded mid-game, the next player still in moves, and
/// `check` of the record is legal so far with that player to move.
#[test]
fn resign_where_the_game_goes_on_puts_the_player_out_gn4() {
    for d in [("moon", None, 3, "table"), ("domino", None, 3, "table")] {
        let dir = tempfile::tempdir().unwrap();
        let mut args = vec!["table".to_string()];
        args.extend(deal_args(&d));
        args.extend(["-o".into(), "g.toml".into(), "--json".into()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = run(dir.path(), &args, "resign\nposition\n");
        assert_eq!(o.status.code(), Some(0), "{d:?}: {}", text(&o.stderr));
        let ev = events(&o);
        let resign = last_event(&ev, "resign");
        assert_eq!(resign["resigned"]["move"], "resign", "{d:?}: {resign}");
        assert!(resign["result"].is_null(), "the game goes on: {resign}");
        let end = last_event(&ev, "end");
        assert_eq!(end["finished"], false, "{d:?}: {end}");
        let written = std::fs::read_to_string(dir.path().join("g.toml")).unwrap();
        assert!(
            written.ends_with("[[move]]\nplayer = \"P1\"\nresign = true\n"),
            "{written}"
        );
        let (code, report) = check(dir.path(), "g.toml");
        assert_eq!(code, 0, "{d:?}: {report}");
        assert_eq!(report["status"], "legal-so-far", "{report}");
        assert_eq!(report["to_move"], "P2", "{d:?}: {report}");
    }
}

/// GN-4, MOON and Domino for three: a player resigns mid-game and is out (MN-4: their tiles
/// common; DF-4), the others play to the end through the session, and `check` of the
/// record it writes (the resignation a [[move]] among the others) gives the end the
/// session gives: the resigning player never wins. The record opens to the same session,
/// and `undo` takes the resignation back.
#[test]
fn a_resignation_mid_game_round_trips_through_check_gn4() {
    use tavolo::games::session::{Answer, View};
    for (game, seed) in [("moon", "three"), ("domino", "three")] {
        let spec = tavolo::games::setup::Spec {
            game: game.into(),
            players: Some(3),
            variant: None,
            seed: Some(seed.into()),
            board: 1,
            names: Some(vec!["Anna".into(), "Bruno".into(), "Carla".into()]),
        };
        let r = spec.resolve().unwrap();
        let mut live = session::find(game)
            .unwrap()
            .deal(&r.variant, &r.players, &r.provenance)
            .unwrap();
        let legal = |live: &mut Box<dyn session::Live>| {
            let mv = live.hint(View::Director).unwrap().legal[0].clone();
            assert!(
                matches!(live.apply(&mv, View::Director), Answer::Legal { .. }),
                "{game}: {mv}"
            );
        };
        legal(&mut live);
        legal(&mut live);
        let who = live.to_move().unwrap();
        let name = live.players()[who].clone();
        let before = live.record();
        let p = live.resign(who, View::Director).expect("resigns");
        assert_eq!((p.number, p.notation.as_str()), (3, "resign"));
        assert!(live.ended().is_none(), "{game}: the game goes on");
        assert_ne!(live.to_move(), Some(who), "{game}");
        // Taken back, and again.
        let undone = live.undo(View::Director).unwrap();
        assert_eq!(undone.notation, "resign");
        assert_eq!((live.record(), live.to_move()), (before, Some(who)));
        live.resign(who, View::Director).unwrap();
        // Someone else moves; resigning twice is refused.
        legal(&mut live);
        assert!(live.resign(who, View::Director).is_err());
        let mut guard = 0;
        while live.to_move().is_some() {
            legal(&mut live);
            guard += 1;
            assert!(guard < 200, "{game}: the game ends");
        }
        let record = live.record();
        assert!(
            record.contains(&format!(
                "[[move]]\nplayer = \"{name}\"\nresign = true\n\n[[move]]"
            )),
            "{game}: {record}"
        );
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("g.toml"), &record).unwrap();
        let (code, report) = check(dir.path(), "g.toml");
        assert_eq!(code, 0, "{game}: {report}");
        assert_eq!(report["status"], "complete", "{game}: {report}");
        assert_eq!(report["moves"], live.moves(), "{game}: {report}");
        let winners: Vec<String> = report["result"]["winners"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w.as_str().unwrap().to_string())
            .collect();
        assert!(
            !winners.is_empty() && !winners.contains(&name),
            "{game}: {report}"
        );
        let said = live.result().unwrap();
        for w in &winners {
            assert!(said.contains(w.as_str()), "{game}: {said} / {report}");
        }
        // Opened again: the same session.
        let src = Source::new("g.toml", record.clone());
        let rec = Record::parse(&src, &tavolo::games::Registry).unwrap();
        let (again, refused) = session::find(game).unwrap().open(&rec, &src).unwrap();
        assert!(refused.is_none(), "{game}: {refused:?}");
        assert_eq!(again.record(), record);
        assert_eq!(again.history(View::Director), live.history(View::Director));
    }
}

/// GN-4: a player of MOON for three who resigned and moves again breaks MN-4 (out for
/// good): `check` says so at that move.
#[test]
fn a_player_out_by_resigning_moves_no_more() {
    let dir = tempfile::tempdir().unwrap();
    let o = tavolo()
        .args([
            "deal", "moon", "-p", "3", "--seed", "three", "--names", "A,B,C", "--record", "g.toml",
        ])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let mut record = std::fs::read_to_string(dir.path().join("g.toml")).unwrap();
    record.push_str("\n[[move]]\nplayer = \"A\"\nresign = true\n");
    let src = Source::new("g.toml", record.clone());
    let rec = Record::parse(&src, &tavolo::games::Registry).unwrap();
    let (live, _) = session::find("moon").unwrap().open(&rec, &src).unwrap();
    let b = live.hint(session::View::Director).unwrap().legal[0].clone();
    // B moves, then A, who is out.
    let a_move = b.replacen("2 ", "1 ", 1);
    record.push_str(&format!("\n[[move]]\nplayer = \"B\"\n{}", fields(&b)));
    record.push_str(&format!("\n[[move]]\nplayer = \"A\"\n{}", fields(&a_move)));
    std::fs::write(dir.path().join("g.toml"), &record).unwrap();
    let (code, report) = check(dir.path(), "g.toml");
    assert_eq!(code, 1, "{report}");
    assert_eq!(report["illegal"]["number"], 3, "{report}");
    assert_eq!(
        report["illegal"]["rule"]
            .as_str()
            .unwrap()
            .split(' ')
            .next(),
        Some("MN-4"),
        "{report}"
    );
}

/// A MOON move `2 RV c4` as a record's fields.
fn fields(mv: &str) -> String {
    let w: Vec<&str> = mv.split_whitespace().collect();
    format!("tile = \"{}\"\nsquare = \"{}\"\n", w[1], w[2])
}

/// A seat resigns only for itself; a name not of the game is refused.
#[test]
fn a_seat_resigns_only_for_itself() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(
        dir.path(),
        &[
            "table",
            "moon",
            "--seed",
            "golden",
            "--names",
            "Anna,Bruno",
            "--seat",
            "Bruno",
            "-o",
            "g.toml",
        ],
        "resign Anna\nresign Zoe\nresign\n",
    );
    let out = text(&o.stdout);
    assert!(
        out.contains("not resigned: only Bruno resigns from this seat"),
        "{out}"
    );
    assert!(
        out.contains("not resigned: `Zoe` is not one of the players"),
        "{out}"
    );
    assert!(out.contains("move 1, Bruno: resigns (GN-4)"), "{out}");
    assert!(out.contains("Anna wins: Bruno resigned at move 1"), "{out}");
}

/// A record the session wrote with a resignation resumes over: a move is refused (the game
/// is over), `undo` with the agreement of the resigner and another takes the resignation
/// back, and play goes on.
#[test]
fn a_resigned_record_resumes_and_undo_takes_the_resignation_back() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(
        dir.path(),
        &["table", "moon", "--seed", "golden", "-o", "g.toml"],
        "AG d3\nresign\n",
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let o = run(
        dir.path(),
        &["table", "--resume", "g.toml"],
        "GR d4\nundo P2 P1\nGR d4\n",
    );
    let out = text(&o.stdout);
    assert!(out.contains("[table.game-ended]"), "{out}");
    assert!(out.contains("took back move 2, P2: resign"), "{out}");
    assert!(out.contains("move 2, P2: 2 GR d4: legal"), "{out}");
    let written = std::fs::read_to_string(dir.path().join("g.toml")).unwrap();
    assert!(!written.contains("resign"), "{written}");
    let (code, report) = check(dir.path(), "g.toml");
    assert_eq!((code, &report["status"]), (0, &Value::from("legal-so-far")));
}

/// A resignation is written `resign = true`, alone with `player`, as the last move; after
/// the end it is illegal (GN-4).
#[test]
fn a_resignation_in_a_record_is_read_strictly() {
    let dir = tempfile::tempdir().unwrap();
    let head = "game = \"moon\"\nplayers = [\"A\", \"B\"]\n\n[deal]\nseed = \"golden\"\n\n\
                [[move]]\nplayer = \"A\"\ntile = \"AG\"\nsquare = \"d3\"\n";
    let cases = [
        ("[[move]]\nplayer = \"B\"\nresign = false\n", 2, "record.bad-resign"),
        (
            "[[move]]\nplayer = \"B\"\nresign = true\n\n[[move]]\nplayer = \"A\"\ntile = \"RV\"\nsquare = \"c4\"\n",
            2,
            "record.move-after-resign",
        ),
        (
            "[[move]]\nplayer = \"B\"\nresign = true\ntile = \"GR\"\n",
            2,
            "record.unknown-field",
        ),
    ];
    for (tail, exit, code) in cases {
        std::fs::write(dir.path().join("r.toml"), format!("{head}\n{tail}")).unwrap();
        let (got, report) = check(dir.path(), "r.toml");
        assert_eq!(got, exit, "{tail}: {report}");
        assert_eq!(report["error"]["code"], code, "{tail}: {report}");
    }
    // A whole game, then a resignation: illegal, the game's result kept.
    let o = tavolo()
        .args(["play", "moon", "--seed", "golden"])
        .output()
        .unwrap();
    let whole = text(&o.stdout);
    let (_, before) = {
        std::fs::write(dir.path().join("w.toml"), &whole).unwrap();
        check(dir.path(), "w.toml")
    };
    assert_eq!(before["status"], "complete");
    std::fs::write(
        dir.path().join("w.toml"),
        format!("{whole}\n[[move]]\nplayer = \"P1\"\nresign = true\n"),
    )
    .unwrap();
    let (got, report) = check(dir.path(), "w.toml");
    assert_eq!(got, 1, "{report}");
    assert_eq!(report["illegal"]["code"], "record.resign-after-end");
    assert_eq!(report["illegal"]["rule"], "GN-4");
    assert_eq!(report["result"], before["result"]);
}

/// MN-3 (sheet rule 7) at a strict table (GN-4): an illegal tile is recorded and loses at
/// once for its author; later moves are refused; the record checks to the same result.
/// A forgiving table (the default) refuses the same tile and goes on.
#[test]
fn a_strict_moon_table_records_an_illegal_tile_and_it_loses_mn3() {
    let dir = tempfile::tempdir().unwrap();
    let input = "AG d3\nGR d3\nGR d4\n";
    let args = [
        "table",
        "moon",
        "--seed",
        "golden",
        "--names",
        "Anna,Bruno",
        "-o",
        "s.toml",
        "--strict",
    ];
    let o = run(dir.path(), &args, input);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        out.contains(
            "recorded (strict table, GN-4): move 2, Bruno: 2 GR d3 breaks MN-2 (rule 3) [moon.square-occupied]"
        ),
        "{out}"
    );
    assert!(
        out.contains("[table.game-ended]"),
        "a move after the end is refused\n{out}"
    );
    assert!(out.contains("game over: Anna wins:"), "{out}");
    let written = std::fs::read_to_string(dir.path().join("s.toml")).unwrap();
    assert!(
        written.contains(
            "[[move]]\nplayer = \"Bruno\"\ntile = \"GR\"\nsquare = \"d3\"\n\n[session]\n"
        ),
        "{written}"
    );
    // The record keeps the table strict.
    assert!(written.ends_with("\nstrict = true\n"), "{written}");
    let (code, report) = check(dir.path(), "s.toml");
    assert_eq!(code, 1, "{report}");
    assert_eq!(report["illegal"]["number"], 2);
    assert_eq!(report["result"]["winner"], "Anna");
    assert_eq!(report["result"]["losers"], serde_json::json!(["Bruno"]));
    // Resumed, the game shows its result instead of failing; `undo` takes the tile back.
    let o = run(
        dir.path(),
        &["table", "--resume", "s.toml", "--director"],
        "undo\nmoves\n",
    );
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{}{out}", text(&o.stderr));
    assert!(out.contains("Anna wins"), "{out}");
    let kept = std::fs::read_to_string(dir.path().join("s.toml")).unwrap();
    assert!(!kept.contains("tile = \"GR\""), "{kept}");
    assert!(kept.ends_with("\nstrict = true\n"), "still strict: {kept}");

    // The same in JSON: the session's result is check's.
    let mut json = args.to_vec();
    json[7] = "j.toml";
    json.push("--json");
    let o = run(dir.path(), &json, input);
    let ev = events(&o);
    let moved: Vec<&Value> = ev.iter().filter(|e| e["event"] == "move").collect();
    assert_eq!(moved[1]["verdict"], "illegal");
    assert_eq!(moved[1]["recorded"], true);
    assert_eq!(moved[2]["recorded"], false);
    let (_, report) = check(dir.path(), "j.toml");
    assert_eq!(last_event(&ev, "end")["ended"], report["result"]);

    // Forgiving: refused, not recorded, and the game goes on.
    let o = run(
        dir.path(),
        &args[..args.len() - 1]
            .iter()
            .map(|a| if *a == "s.toml" { "f.toml" } else { a })
            .collect::<Vec<_>>(),
        input,
    );
    let out = text(&o.stdout);
    assert!(
        out.contains("refused (not recorded): move 2, Bruno"),
        "{out}"
    );
    assert!(out.contains("move 2, Bruno: 2 GR d4: legal"), "{out}");
    let (code, report) = check(dir.path(), "f.toml");
    assert_eq!((code, &report["status"]), (0, &Value::from("legal-so-far")));
}

/// `--strict` where the sheet has no such rule is refused before anything is written.
#[test]
fn strict_is_refused_for_a_game_without_a_strict_rule() {
    let dir = tempfile::tempdir().unwrap();
    for d in [
        ("muro", None, 1, "d"),
        ("moon", Some("solitaire"), 1, "table"),
    ] {
        let mut args = vec!["table".to_string()];
        args.extend(deal_args(&d));
        args.extend(["-o".into(), "g.toml".into(), "--strict".into()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = run(dir.path(), &args, "");
        assert_eq!(o.status.code(), Some(2), "{d:?}");
        assert!(text(&o.stderr).contains("error[table.no-strict]"), "{d:?}");
        assert!(!dir.path().join("g.toml").exists());
    }
}
