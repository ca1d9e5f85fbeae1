//! `tavolo event results` and `pair` (issue 28): records checked and counted
//! as the description says, the same bytes whatever order the files come
//! in, and every bad input a clear exit 2.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

pub(crate) fn tavolo(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("run tavolo")
}

pub(crate) fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
}

const KEY: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const KEY_SHA: &str = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd";
const PUBLIC: &str = "4 5 6";

/// A Moon Swiss of four entrants over three rounds, with `extra` lines in
/// its section; the records of round 1 played at random.
pub(crate) fn swiss(dir: &Path, extra: &str) {
    std::fs::write(dir.join("event.key"), format!("{KEY}\n")).unwrap();
    std::fs::write(
        dir.join("event.toml"),
        format!(
            "format = \"tavolo-event-v1\"\nevent = \"Swiss\"\npublic-value-name = \"n\"\n\
             key-sha256 = \"{KEY_SHA}\"\n\n[[section]]\ngame = \"moon\"\nplayers = 2\n\
             boards = 3\ntables = 2\nentrants = [\"Anna\", \"Bruno\", \"Carla\", \"Dario\"]\n\
             pairing = \"swiss\"\nrounds = 3\n{extra}"
        ),
    )
    .unwrap();
    let o = tavolo(
        dir,
        &keyed(&["event", "deal", "event.toml", "--out", "boards"]),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let skeleton = std::fs::read_to_string(dir.join("boards/board-1-table-1.toml"))
        .or_else(|_| std::fs::read_to_string(dir.join("boards/board-01-table-1.toml")))
        .unwrap();
    let seed = skeleton
        .lines()
        .find_map(|l| l.strip_prefix("seed = \""))
        .unwrap()
        .trim_end_matches('"')
        .to_string();
    std::fs::create_dir_all(dir.join("played")).unwrap();
    for (table, names) in [(1, "Anna,Bruno"), (2, "Carla,Dario")] {
        let out = format!("played/r1-t{table}.toml");
        let o = tavolo(
            dir,
            &[
                "play", "moon", "--seed", &seed, "--board", "1", "--names", names, "-o", &out,
            ],
        );
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        let mut t = std::fs::read_to_string(dir.join(&out)).unwrap();
        t.push_str(&format!("\n[meta]\nboard = \"1\"\ntable = {table}\n"));
        std::fs::write(dir.join(&out), t).unwrap();
    }
}

pub(crate) fn keyed<'a>(args: &[&'a str]) -> Vec<&'a str> {
    let mut v = args.to_vec();
    v.extend(["--key", "event.key", "--public", PUBLIC]);
    v
}

#[test]
fn the_same_bytes_whatever_order_the_records_come_in() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    swiss(d, "");
    for format in ["text", "json", "csv"] {
        let a = tavolo(
            d,
            &keyed(&[
                "event",
                "results",
                "event.toml",
                "played/r1-t1.toml",
                "played/r1-t2.toml",
                "--format",
                format,
            ]),
        );
        let b = tavolo(
            d,
            &keyed(&[
                "event",
                "results",
                "event.toml",
                "played/r1-t2.toml",
                "played/r1-t1.toml",
                "--format",
                format,
            ]),
        );
        assert_eq!(a.status.code(), Some(0), "{}", text(&a));
        assert_eq!(a.stdout, b.stdout, "{format}");
        let c = tavolo(
            d,
            &keyed(&[
                "event",
                "results",
                "event.toml",
                "played",
                "--format",
                format,
            ]),
        );
        assert_eq!(a.stdout, c.stdout, "a folder gives its files: {format}");
    }
    let o = tavolo(
        d,
        &keyed(&["event", "results", "event.toml", "played", "--json"]),
    );
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let s = &v["sections"][0];
    assert_eq!(s["records"].as_array().unwrap().len(), 2);
    assert_eq!(s["records"][0]["counted"], "yes");
    assert_eq!(
        s["records"][0]["players"],
        serde_json::json!(["Anna", "Bruno"])
    );
    // Each game has a winner: two players with one win, two with none.
    let wins: Vec<f64> = s["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["wins"].as_f64().unwrap())
        .collect();
    assert_eq!(wins, [1.0, 1.0, 0.0, 0.0]);
    let csv = text(&tavolo(
        d,
        &keyed(&[
            "event",
            "results",
            "event.toml",
            "played",
            "--format",
            "csv",
        ]),
    ));
    assert!(
        csv.starts_with("section,game,rank,tied,player,played,wins,"),
        "{csv}"
    );
    assert_eq!(csv.lines().count(), 5, "{csv}");
    // The page: self-contained, every entrant in the standings table.
    let html = text(&tavolo(
        d,
        &keyed(&[
            "event",
            "results",
            "event.toml",
            "played",
            "--format",
            "html",
        ]),
    ));
    assert!(
        html.starts_with("<!DOCTYPE html>") && html.ends_with("</html>\n"),
        "{html}"
    );
    assert!(
        !html.contains("<script") && !html.contains("http"),
        "{html}"
    );
    for name in ["Anna", "Bruno", "Carla", "Dario"] {
        assert!(
            html.contains(&format!("<td class=\"t\">{name}</td>")),
            "{name}"
        );
    }
}

/// Bad inputs: exit 2 with the file (and line and column where there is one).
#[test]
fn bad_records_are_exit_2_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    swiss(d, "");
    let r1 = std::fs::read_to_string(d.join("played/r1-t1.toml")).unwrap();
    let cases = [
        (
            "twice.toml",
            r1.clone(),
            "two records of board 1 at table 1",
        ),
        (
            "board9.toml",
            r1.replace("board = \"1\"\ntable = 1", "board = \"9\"\ntable = 1"),
            "board 9, which this event does not have",
        ),
        (
            "table7.toml",
            r1.replace("board = \"1\"\ntable = 1", "board = \"1\"\ntable = 7"),
            "the record names table 7",
        ),
        (
            "zed.toml",
            r1.replace("\"Anna\"", "\"Zed\"")
                .replace("table = 1", "table = 2"),
            "`Zed` is not in the event",
        ),
        (
            "twice-in-round.toml",
            r1.replace("Bruno", "Carla")
                .replace("table = 1", "table = 2"),
            "Anna plays at table 1",
        ),
    ];
    for (name, body, says) in cases {
        std::fs::write(d.join(name), body).unwrap();
        let o = tavolo(
            d,
            &keyed(&["event", "results", "event.toml", "played/r1-t1.toml", name]),
        );
        let out = text(&o);
        assert_eq!(o.status.code(), Some(2), "{name}: {out}");
        assert!(out.contains(says), "{name}: {out}");
        assert!(out.contains(name) || name == "twice.toml", "{name}: {out}");
    }
    // The name not in the event is shown where it stands.
    let o = tavolo(d, &keyed(&["event", "results", "event.toml", "zed.toml"]));
    assert!(text(&o).contains("zed.toml:3:"), "{}", text(&o));
    // A round paired twice: round 1 has its records already.
    let o = tavolo(
        d,
        &keyed(&["event", "pair", "event.toml", "--round", "1", "played"]),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("a round is paired once"), "{}", text(&o));
}

/// Issue 28, bad input: a record's or a slip's board, table or player that
/// the event does not have is pointed at by line and column (exit 2).
#[test]
fn bad_records_and_slips_are_pointed_at_by_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    swiss(d, "");
    let r1 = std::fs::read_to_string(d.join("played/r1-t1.toml")).unwrap();
    // The line and column where `what` starts in `body`.
    let at = |body: &str, what: &str| {
        let start = body.rfind(what).unwrap();
        let line = body[..start].matches('\n').count() + 1;
        let column = start - body[..start].rfind('\n').map_or(0, |i| i + 1) + 1;
        (line, column)
    };
    let meta = |board: &str, table: &str| {
        r1.replace(
            "board = \"1\"\ntable = 1",
            &format!("board = \"{board}\"\ntable = {table}"),
        )
    };
    let slip = |board: &str, table: u32, players: &str| {
        let totals: String = players
            .split(", ")
            .map(|p| format!("{} = [1]\n", p.trim_matches('"')))
            .collect();
        format!(
            "format = \"tavolo-slip-v1\"\nboard = \"{board}\"\ntable = {table}\n\
             players = [{players}]\n[totals]\n{totals}"
        )
    };
    let two = "\"Anna\", \"Bruno\"";
    let cases = [
        (
            "board9.toml",
            meta("9", "1"),
            "\"9\"",
            "event.no-such-board",
        ),
        ("table7.toml", meta("1", "7"), "7\n", "event.no-such-table"),
        ("twice.toml", r1.clone(), "\"1\"", "event.same-board-twice"),
        (
            "slip-board.toml",
            slip("9", 1, two),
            "\"9\"",
            "event.no-such-board",
        ),
        (
            "slip-table.toml",
            slip("1", 7, two),
            "7\n",
            "event.no-such-table",
        ),
        (
            "slip-zed.toml",
            slip("1", 2, "\"Anna\", \"Zed\""),
            "\"Zed\"]",
            "event.not-an-entrant",
        ),
        (
            "slip-three.toml",
            slip("1", 2, "\"Anna\", \"Bruno\", \"Zed\""),
            "[\"Anna\"",
            "event.slip",
        ),
    ];
    for (name, body, value, code) in cases {
        std::fs::write(d.join(name), &body).unwrap();
        let o = tavolo(
            d,
            &keyed(&["event", "results", "event.toml", "played/r1-t1.toml", name]),
        );
        let out = text(&o);
        let (line, column) = at(&body, value);
        assert_eq!(o.status.code(), Some(2), "{name}: {out}");
        assert!(out.contains(&format!("error[{code}]")), "{name}: {out}");
        assert!(
            out.contains(&format!("{name}:{line}:{column}:")),
            "{name}: expected {line}:{column}: {out}"
        );
    }
    // Two slips of one board and table: the second's board.
    let twice = slip("1", 1, two);
    std::fs::write(d.join("slip-a.toml"), &twice).unwrap();
    std::fs::write(d.join("slip-b.toml"), &twice).unwrap();
    let o = tavolo(
        d,
        &keyed(&[
            "event",
            "results",
            "event.toml",
            "slip-a.toml",
            "slip-b.toml",
        ]),
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("slip-b.toml:2:9:"), "{}", text(&o));

    // One player at two tables in a round: her name in the second record.
    let both = r1
        .replace("Bruno", "Carla")
        .replace("table = 1", "table = 2");
    std::fs::write(d.join("both.toml"), &both).unwrap();
    let o = tavolo(
        d,
        &keyed(&[
            "event",
            "results",
            "event.toml",
            "played/r1-t1.toml",
            "both.toml",
        ]),
    );
    let anna = both.find("\"Anna\"").unwrap();
    let (line, column) = (
        both[..anna].matches('\n').count() + 1,
        anna - both[..anna].rfind('\n').map_or(0, |i| i + 1) + 1,
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("error[event.twice-in-a-round]"),
        "{}",
        text(&o)
    );
    assert!(
        text(&o).contains(&format!("both.toml:{line}:{column}:")),
        "expected {line}:{column}: {}",
        text(&o)
    );
    // A round paired twice: the first record of that round, where it names
    // its board (the board says the round).
    let o = tavolo(
        d,
        &keyed(&["event", "pair", "event.toml", "--round", "1", "played"]),
    );
    let (line, column) = at(&r1, "\"1\"");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("error[event.round-paired]"),
        "{}",
        text(&o)
    );
    assert!(
        text(&o).contains(&format!("r1-t1.toml:{line}:{column}:")),
        "expected {line}:{column}: {}",
        text(&o)
    );
}

/// The record of table 2 cut after two moves (Carla to move), with `then`
/// appended as a third move.
fn cut_table_2(d: &Path, then: Option<&str>) {
    let r2 = std::fs::read_to_string(d.join("played/r1-t2.toml")).unwrap();
    let parts: Vec<&str> = r2.split("\n[[move]]\n").collect();
    let third = parts[3].split("\n\n").next().unwrap();
    let mut cut = format!(
        "{}\n[[move]]\n{}\n[[move]]\n{}\n",
        parts[0],
        parts[1],
        parts[2].split("\n\n").next().unwrap()
    );
    if let Some(who) = then {
        cut.push_str(&format!(
            "\n[[move]]\n{}\n",
            third.replace("player = \"Carla\"", &format!("player = \"{who}\""))
        ));
    }
    cut.push_str("\n[meta]\nboard = \"1\"\ntable = 2\n");
    std::fs::write(d.join("played/r1-t2.toml"), cut).unwrap();
}

fn results_json(d: &Path) -> (i32, Value) {
    let o = tavolo(
        d,
        &keyed(&["event", "results", "event.toml", "played", "--json"]),
    );
    (
        o.status.code().unwrap(),
        serde_json::from_slice(&o.stdout).unwrap_or_else(|_| panic!("{}", text(&o))),
    )
}

/// Unfinished and illegal records count as the description says, and are
/// listed; the results exit 1 when a record is illegal.
#[test]
fn unfinished_and_illegal_records_count_as_described() {
    for (policy, counted, carla, dario) in [
        ("loss-to-move", "yes", Some(0), Some(2)),
        ("as-played", "yes", Some(1), Some(1)),
        ("left-out", "left-out", None, None),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        swiss(d, &format!("unfinished = \"{policy}\"\n"));
        cut_table_2(d, None);
        let (code, v) = results_json(d);
        assert_eq!(code, 0, "{policy}");
        let rec = &v["sections"][0]["records"][1];
        assert_eq!(rec["status"], "ok", "{policy}: {rec}");
        assert_eq!(rec["verdict"], "legal-so-far", "{policy}");
        assert_eq!(rec["counted"], counted, "{policy}: {rec}");
        assert_eq!(rec["seats"][0]["halves"].as_u64(), carla, "{policy}: {rec}");
        assert_eq!(rec["seats"][1]["halves"].as_u64(), dario, "{policy}: {rec}");
        let played = |name: &str| {
            v["sections"][0]["standings"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["name"] == name)
                .unwrap()["played"]
                .clone()
        };
        assert_eq!(
            played("Dario"),
            if counted == "yes" { 1 } else { 0 },
            "{policy}"
        );
    }
    // An illegal last move (Dario out of turn): MN-3 decides, Dario loses,
    // whatever `illegal` says; the results exit 1.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    swiss(d, "illegal = \"left-out\"\n");
    cut_table_2(d, Some("Dario"));
    let (code, v) = results_json(d);
    assert_eq!(code, 1);
    let rec = &v["sections"][0]["records"][1];
    assert_eq!(rec["verdict"], "illegal", "{rec}");
    assert!(rec["how"].as_str().unwrap().contains("MN-3"), "{rec}");
    assert_eq!(rec["seats"][1]["halves"], 0, "{rec}");
}

/// Verify covers results (issue 28): anyone given the published description,
/// the key once revealed, the public value and the records (here copied into
/// another folder, handed over in another order) checks the key and every
/// record with `event verify`, and recomputes every verdict and the
/// standings with `event results`, byte for byte, in every format.
#[test]
fn a_verifier_with_the_published_files_gets_the_same_bytes() {
    let org = tempfile::tempdir().unwrap();
    let o_dir = org.path();
    swiss(o_dir, "tie-breaks = [\"wins\", \"head-to-head\"]\n");
    let other = tempfile::tempdir().unwrap();
    let v_dir = other.path();
    std::fs::create_dir_all(v_dir.join("played")).unwrap();
    for f in [
        "event.toml",
        "event.key",
        "played/r1-t1.toml",
        "played/r1-t2.toml",
    ] {
        std::fs::copy(o_dir.join(f), v_dir.join(f)).unwrap();
    }
    let description = std::fs::read(o_dir.join("event.toml")).unwrap();
    let sha: String = {
        use sha2::Digest;
        sha2::Sha256::digest(&description)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    };
    let o = tavolo(
        v_dir,
        &keyed(&[
            "event",
            "verify",
            "event.toml",
            "--commitment",
            &sha,
            "played/r1-t2.toml",
            "played/r1-t1.toml",
        ]),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        text(&o).contains("2 records checked, 0 not their board's"),
        "{}",
        text(&o)
    );
    for format in ["text", "json", "csv", "html"] {
        let a = tavolo(
            o_dir,
            &keyed(&[
                "event",
                "results",
                "event.toml",
                "played",
                "--format",
                format,
            ]),
        );
        let b = tavolo(
            v_dir,
            &keyed(&[
                "event",
                "results",
                "event.toml",
                "played/r1-t2.toml",
                "played/r1-t1.toml",
                "--format",
                format,
            ]),
        );
        assert_eq!(a.status.code(), Some(0), "{}", text(&a));
        assert!(!a.stdout.is_empty());
        assert_eq!(a.stdout, b.stdout, "{format}");
    }
    let pdf = |dir: &Path| {
        let o = tavolo(
            dir,
            &keyed(&["event", "results", "event.toml", "played", "--pdf", "r.pdf"]),
        );
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        std::fs::read(dir.join("r.pdf")).unwrap()
    };
    assert_eq!(pdf(o_dir), pdf(v_dir));
    // A changed record is caught by both.
    let path = v_dir.join("played/r1-t1.toml");
    let t = std::fs::read_to_string(&path).unwrap();
    let changed = t.replacen("player = \"Bruno\"", "player = \"Anna\"", 1);
    assert_ne!(changed, t);
    std::fs::write(&path, changed).unwrap();
    let b = tavolo(v_dir, &keyed(&["event", "results", "event.toml", "played"]));
    assert_eq!(b.status.code(), Some(1), "{}", text(&b));
}
