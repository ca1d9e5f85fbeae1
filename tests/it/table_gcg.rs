//! Issue 27 (NS-6): a table session whose record is named `game.gcg` writes the game as
//! GCG after every move, beside its TOML record (`game.toml`), which is what it resumes
//! from: a GCG file holds the moves but not the deal.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use tavolo::games::session;
use tavolo::record::{Record, Source};

fn tavolo(dir: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tavolo"));
    c.current_dir(dir);
    c
}

const DEAL: &[&str] = &["natura", "--seed", "gcg-table", "-p", "2"];

#[test]
fn a_session_named_gcg_writes_plays_gcg_and_resumes_from_its_toml() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for out in ["play.toml", "play.gcg"] {
        let o = tavolo(d)
            .arg("play")
            .args(DEAL)
            .args(["-o", out])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{o:?}");
    }
    let played = std::fs::read_to_string(d.join("play.toml")).unwrap();
    let src = Source::new("play.toml", played.clone());
    let rec = Record::parse(&src, &tavolo::games::Registry).unwrap();
    let (live, _) = session::find("natura").unwrap().open(&rec, &src).unwrap();
    let moves: Vec<String> = live
        .history(session::View::Director)
        .into_iter()
        .map(|p| p.notation)
        .collect();
    assert!(moves.len() > 10);

    // Half the game, then the end of input: both files hold the moves so far.
    let half = moves.len() / 2;
    let feed = |args: &[&str], moves: &[String]| {
        let mut child = tavolo(d)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        for m in moves {
            writeln!(stdin, "{m}").unwrap();
        }
        drop(stdin);
        child.wait_with_output().unwrap()
    };
    let mut args = vec!["table"];
    args.extend(DEAL);
    args.extend(["-o", "game.gcg"]);
    let o = feed(&args, &moves[..half]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(
        said.contains("record: game.toml (and game.gcg as gcg)"),
        "{said}"
    );
    let gcg = std::fs::read_to_string(d.join("game.gcg")).unwrap();
    assert_eq!(gcg.matches("\n>").count(), half, "{gcg}");

    // Resuming from the GCG is refused and says which file goes on.
    let o = feed(&["table", "--resume", "game.gcg"], &[]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("table.foreign-record") && err.contains("--resume game.toml"),
        "{err}"
    );

    // The TOML record goes on to the end; the GCG is then play's, byte for byte.
    let o = feed(
        &[
            "table",
            "--resume",
            "game.toml",
            "-o",
            "game.gcg",
            "--force",
        ],
        &moves[half..],
    );
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert_eq!(
        std::fs::read_to_string(d.join("game.toml")).unwrap(),
        played
    );
    assert_eq!(
        std::fs::read_to_string(d.join("game.gcg")).unwrap(),
        std::fs::read_to_string(d.join("play.gcg")).unwrap()
    );
    let o = tavolo(d).args(["check", "game.gcg"]).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{o:?}");
}
