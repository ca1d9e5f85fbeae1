//! Output files (issue 26, GN-3): one writer for every command never renames
//! over anything but a regular file. A device or a FIFO is written in place, a
//! symlink's target is written and the link stays, `-` is standard output, a
//! file that exists is kept without `--force`, and a place that cannot be
//! written leaves nothing behind. Every command that writes a file says so the
//! same way, and `--dpi` has one range.

use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_tavolo")
}

/// tavolo run in `dir`.
fn tavolo(dir: &Path, args: &[&str]) -> Output {
    Command::new(bin())
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("TAVOLO_CACHE_DIR", dir.join(".cache"))
        .stdin(Stdio::null())
        .output()
        .expect("run tavolo")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn moon() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/moon/complete-2p.toml")
        .display()
        .to_string()
}

/// The names in `dir`, sorted (a temporary file left behind would show here).
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// GN-3 (the DESIGN.md trap): `show --svg -o null --force` on a device node
/// the test makes itself (never the real /dev/null) keeps it a device, and so
/// do `play -o` and `deal --record` without `--force` (a device is not a file
/// that exists).
#[test]
fn gn3_a_device_stays_a_device() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let made = Command::new("mknod")
        .arg(dir.join("null"))
        .args(["c", "1", "3"])
        .status();
    if !made.is_ok_and(|s| s.success()) {
        println!("skipped: mknod needs root (or CAP_MKNOD) to make a device node");
        return;
    }
    let is_device = || {
        std::fs::symlink_metadata(dir.join("null"))
            .unwrap()
            .file_type()
            .is_char_device()
    };
    for args in [
        &["show", &moon(), "--svg", "-o", "null", "--force"][..],
        &["show", &moon(), "--png", "-o", "null"],
        &["play", "moon", "--seed", "1", "-o", "null"],
        &["deal", "moon", "--seed", "1", "--record", "null"],
        &["solve", "muro", "--seed", "7", "-o", "null", "--force"],
    ] {
        let o = tavolo(dir, args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert!(is_device(), "{args:?} replaced the device");
        assert_eq!(names(dir), ["null"], "{args:?}: nothing left beside it");
    }
}

/// GN-3: a FIFO is opened and written, not replaced: a reader gets the record.
#[test]
fn gn3_a_fifo_is_written_in_place() {
    let tmp = tempfile::tempdir().unwrap();
    let fifo = tmp.path().join("pipe");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        println!("skipped: no mkfifo on this machine");
        return;
    }
    let mut reader = Command::new("cat")
        .arg(&fifo)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let o = tavolo(tmp.path(), &["play", "moon", "--seed", "1", "-o", "pipe"]);
    if o.status.code() != Some(0) {
        // Nothing opened the FIFO for writing: release the reader before failing.
        let _ = reader.kill();
    }
    let read = reader.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let want = stdout(&tavolo(tmp.path(), &["play", "moon", "--seed", "1"]));
    assert_eq!(String::from_utf8_lossy(&read.stdout), want);
    let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(kind.is_fifo(), "the FIFO was replaced: {kind:?}");
    assert_eq!(names(tmp.path()), ["pipe"]);
}

/// GN-3: a symlink is followed: its target is written and the link stays; the
/// target that exists is kept without `--force`; a link to nothing yet makes
/// the file it names.
#[test]
fn gn3_a_symlink_writes_its_target() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::create_dir(dir.join("real")).unwrap();
    std::fs::write(dir.join("real/r.toml"), "mine").unwrap();
    std::os::unix::fs::symlink("real/r.toml", dir.join("link.toml")).unwrap();
    let is_link = || {
        std::fs::symlink_metadata(dir.join("link.toml"))
            .unwrap()
            .file_type()
            .is_symlink()
    };
    let play = ["play", "moon", "--seed", "1", "-o", "link.toml"];
    let o = tavolo(dir, &play);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("error[cli.exists]"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("real/r.toml")).unwrap(),
        "mine"
    );
    let o = tavolo(dir, &[&play[..], &["--force"]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(is_link());
    let want = stdout(&tavolo(dir, &["play", "moon", "--seed", "1"]));
    assert_eq!(
        std::fs::read_to_string(dir.join("real/r.toml")).unwrap(),
        want
    );
    assert_eq!(names(&dir.join("real")), ["r.toml"]);
    // A link to a file not there yet: the file is made, the link kept.
    std::os::unix::fs::symlink("real/new.svg", dir.join("new.svg")).unwrap();
    let o = tavolo(dir, &["show", &moon(), "--svg", "-o", "new.svg"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let svg = std::fs::read_to_string(dir.join("real/new.svg")).unwrap();
    assert!(svg.starts_with("<svg"), "{svg:.40}");
    assert!(std::fs::symlink_metadata(dir.join("new.svg"))
        .unwrap()
        .file_type()
        .is_symlink());
}

/// GN-3: `-` is standard output wherever an output file is taken (it made a
/// file named `-`); the command's report then goes to standard error. A folder
/// of several files cannot be `-`.
#[test]
fn gn3_dash_is_standard_output() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    // play: the same record as without -o.
    let o = tavolo(dir, &["play", "moon", "--seed", "1", "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let plain = stdout(&tavolo(dir, &["play", "moon", "--seed", "1"]));
    assert_eq!(stdout(&o), plain);
    // play --json: the record on standard output, the report on standard error.
    let o = tavolo(dir, &["play", "moon", "--seed", "1", "-o", "-", "--json"]);
    assert_eq!(stdout(&o), plain);
    let v: serde_json::Value = serde_json::from_slice(&o.stderr).unwrap();
    assert_eq!(v["file"], "-");
    // show: the picture alone on standard output, the caption on standard error.
    let o = tavolo(dir, &["show", &moon(), "--svg", "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("<svg"), "{:.60}", stdout(&o));
    assert!(stdout(&o).trim_end().ends_with("</svg>"));
    assert!(
        stderr(&o).starts_with("moon (standard), after move 18"),
        "{}",
        stderr(&o)
    );
    let o = tavolo(dir, &["show", &moon(), "--png", "-o", "-"]);
    assert_eq!(&o.stdout[1..4], b"PNG");
    // deal --record -: the record on standard output, the deal on standard error.
    let o = tavolo(dir, &["deal", "moon", "--seed", "1", "--record", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    tavolo(dir, &["deal", "moon", "--seed", "1", "--record", "r.toml"]);
    assert_eq!(
        stdout(&o),
        std::fs::read_to_string(dir.join("r.toml")).unwrap()
    );
    assert!(
        stderr(&o).starts_with("algorithm: tavolo-deal-v1\n"),
        "{}",
        stderr(&o)
    );
    // solve -o -: the winning line as a record.
    let o = tavolo(dir, &["solve", "muro", "--seed", "7", "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("game = \"muro\""), "{}", stdout(&o));
    assert!(
        stderr(&o).starts_with("muro (standard), seed \"7\": solved"),
        "{}",
        stderr(&o)
    );
    // Several files cannot go to standard output.
    for args in [
        &["kit", "moon", "-o", "-"][..],
        &["solve", "muro", "--seeds", "1..2", "-o", "-"],
        &[
            "event",
            "new",
            "--dir",
            "-",
            "--name",
            "x",
            "--public-value-name",
            "y",
        ],
    ] {
        let mut args = args.to_vec();
        if args[0] == "event" {
            args.extend(["--game", "moon"]);
        }
        let o = tavolo(dir, &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&o).starts_with("error[cli.bad-path]: `-` (standard output) cannot hold"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
    assert!(!dir.join("-").exists(), "{:?}", names(dir));
}

/// A place that cannot be written: exit 2 with the path, nothing left behind
/// and nothing created. Tests run as root, for whom a read-only folder is
/// writable, so the honest case is a path under a regular file; the read-only
/// folder is tried too where the user is not root.
#[test]
fn gn3_an_unwritable_place_leaves_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(dir.join("plain"), "x").unwrap();
    for args in [
        &["play", "moon", "--seed", "1", "-o", "plain/r.toml"][..],
        &["show", &moon(), "--svg", "-o", "plain/s.svg"],
        &["deal", "moon", "--seed", "1", "--record", "plain/r.toml"],
        &["kit", "calibrate", "-o", "plain/out"],
    ] {
        let o = tavolo(dir, args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("plain/"), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?}: {}", stdout(&o));
        assert_eq!(names(dir), ["plain"], "{args:?}");
    }
    // A folder where a file is asked for.
    std::fs::create_dir(dir.join("folder")).unwrap();
    let o = tavolo(
        dir,
        &["play", "moon", "--seed", "1", "-o", "folder", "--force"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("folder: is a folder, not a file"),
        "{}",
        stderr(&o)
    );
    // A read-only folder, where permissions bind this user.
    use std::os::unix::fs::PermissionsExt;
    let ro = dir.join("ro");
    std::fs::create_dir(&ro).unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    if std::fs::write(ro.join("probe"), "x").is_ok() {
        println!("skipped the read-only folder: this user (root) writes into it anyway");
        std::fs::remove_file(ro.join("probe")).unwrap();
    } else {
        let o = tavolo(dir, &["play", "moon", "--seed", "1", "-o", "ro/r.toml"]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(names(&ro).is_empty(), "{:?}", names(&ro));
    }
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// Issue 26: every command that writes a file says so the same way, on
/// standard error (`wrote PATH (what)`), never on standard output, which may be
/// piped; with `--json` the path is in the JSON and nothing is said.
#[test]
fn every_file_written_is_said_the_same_way() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(dir.join("words.txt"), "casa\ncane\nanno\nlui\n").unwrap();
    let new_event = [
        "event",
        "new",
        "--dir",
        "ev",
        "--name",
        "Club",
        "--public-value-name",
        "the draw",
        "--game",
        "moon",
        "--force",
    ];
    let event_deal = [
        "event",
        "deal",
        "ev/event.toml",
        "--key",
        "ev/event.key",
        "--public",
        "1 2 3",
        "--out",
        "recs",
        "--sheets",
        "sheets.pdf",
        "--force",
    ];
    let record = moon();
    // The command, the files it says it wrote, and where its JSON has them
    // (`--force`: the JSON run writes them again; a kit's folder is written over).
    let cases: Vec<(Vec<&str>, Vec<&str>, Vec<&str>)> = vec![
        (
            vec!["play", "moon", "--seed", "1", "-o", "p.toml", "--force"],
            vec!["p.toml"],
            vec!["/file"],
        ),
        (
            vec![
                "deal", "moon", "--seed", "1", "--record", "d.toml", "--force",
            ],
            vec!["d.toml"],
            vec!["/file"],
        ),
        (
            vec!["show", &record, "--svg", "-o", "s.svg", "--force"],
            vec!["s.svg"],
            vec!["/file"],
        ),
        (
            vec!["solve", "muro", "--seed", "7", "-o", "m.toml", "--force"],
            vec!["m.toml"],
            vec!["/file"],
        ),
        (
            vec![
                "solve", "muro", "--seeds", "7..8", "-o", "solved", "--force",
            ],
            vec!["2 records into solved"],
            vec!["/files/0", "/files/1"],
        ),
        (
            new_event.to_vec(),
            vec!["ev/event.toml", "ev/commitment.toml", "ev/event.key"],
            vec!["/description", "/commitment", "/key"],
        ),
        (
            event_deal.to_vec(),
            vec!["1 record into recs", "sheets.pdf"],
            vec!["/records/0", "/sheets"],
        ),
        (
            vec!["kit", "calibrate", "-o", "cal"],
            vec!["cal/calibrate.pdf"],
            vec!["/pdf"],
        ),
        (
            vec![
                "duplicate",
                "deal",
                "--seed",
                "demo",
                "--words",
                "words.txt",
                "-o",
                "g.toml",
                "--force",
            ],
            vec!["g.toml"],
            vec!["/record"],
        ),
    ];
    for (args, files, keys) in &cases {
        let text = tavolo(dir, args);
        assert_eq!(text.status.code(), Some(0), "{args:?}: {}", stderr(&text));
        let said = stderr(&text);
        for f in files {
            assert!(
                said.lines().any(|l| l.starts_with(&format!("wrote {f}"))),
                "{args:?}: `wrote {f}` in {said}"
            );
        }
        assert!(
            !stdout(&text).contains("wrote") && !stdout(&text).contains("written to"),
            "{args:?}: {}",
            stdout(&text)
        );
        let json = tavolo(dir, &[&args[..], &["--json"]].concat());
        assert_eq!(json.status.code(), Some(0), "{args:?}: {}", stderr(&json));
        assert!(
            !stderr(&json).contains("wrote"),
            "{args:?}: {}",
            stderr(&json)
        );
        let v: serde_json::Value = serde_json::from_slice(&json.stdout)
            .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", stdout(&json)));
        for k in keys {
            let path = v.pointer(k).and_then(|p| p.as_str());
            let path = path.unwrap_or_else(|| panic!("{args:?}: {k} in {v:#}"));
            assert!(dir.join(path).is_file(), "{args:?}: {k} = {path}");
        }
    }
}

/// Issue 26: `kit --dpi` and `show --dpi` take one range (10-600), refused
/// with one reason.
#[test]
fn dpi_has_one_range_for_kit_and_show() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let kit = |dpi: &str| tavolo(dir, &["kit", "calibrate", "--png", "--dpi", dpi, "-o", "k"]);
    let show = |dpi: &str| {
        tavolo(
            dir,
            &[
                "show",
                &moon(),
                "--png",
                "--dpi",
                dpi,
                "-o",
                "s.png",
                "--force",
            ],
        )
    };
    for bad in ["9", "601", "1200", "nan"] {
        let (k, s) = (kit(bad), show(bad));
        assert_eq!(
            (k.status.code(), s.status.code()),
            (Some(2), Some(2)),
            "{bad}"
        );
        let reason = format!("`{bad}` is not a resolution from 10 to 600 dpi");
        assert!(stderr(&k).contains(&reason), "{}", stderr(&k));
        assert!(stderr(&s).contains(&reason), "{}", stderr(&s));
    }
    for good in ["10", "12.5"] {
        assert_eq!(kit(good).status.code(), Some(0), "{good}");
        assert_eq!(show(good).status.code(), Some(0), "{good}");
    }
    for cmd in ["kit", "show"] {
        let help = stdout(&tavolo(dir, &[cmd, "--help"]));
        assert!(help.contains("dots per inch (10 to 600)"), "{cmd}: {help}");
    }
}
