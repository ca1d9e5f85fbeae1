//! The command line as a Rust user expects it (issue 8): errors that show the
//! source line with a caret, "did you mean", JSON errors with `--json`, stdin
//! as `-`, quiet closed pipes, `--force`, solve's exit codes, completions and
//! the manual page.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_tavolo")
}

fn tavolo(args: &[&str]) -> Output {
    Command::new(bin())
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("run tavolo")
}

/// tavolo with `input` on its standard input.
fn tavolo_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(bin())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tavolo");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout(o)))
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/moon")
        .join(name)
}

/// A record fresh from `tavolo deal --record` (no moves), and the first move
/// `tavolo play` makes from the same seed.
fn fresh_record_and_first_move() -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.toml");
    let p = path.to_str().unwrap();
    let args = ["--seed", "club", "--names", "Anna,Bruno"];
    let o = tavolo(&[&["deal", "moon", "--record", p][..], &args].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let fresh = std::fs::read_to_string(&path).unwrap();
    let played = stdout(&tavolo(&[&["play", "moon"][..], &args].concat()));
    let first = played.find("\n[[move]]").unwrap() + 1;
    let second = played[first + 1..].find("\n[[move]]").unwrap() + first + 1;
    (fresh, played[first..second].to_string())
}

// ---- errors a person reads once ----

/// An error in a record: the first line keeps code, file:line:col and the
/// message; then the line with a caret under the misspelt key; then help.
#[test]
fn record_errors_show_the_line_and_a_caret() {
    let f = fixture("bad-unknown-field.toml");
    let o = tavolo(&["check", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let f = f.display();
    assert_eq!(
        stdout(&o),
        format!(
            "{f}: unreadable\n  error[record.unknown-field]: {f}:48:1: unknown field `sqaure` in move 7\n     |\n  \
             48 | sqaure = \"c4\"\n     | ^^^^^^\n     |\n     = help: did you mean `square`? \
             the fields here are: `player`, `tile`, `square`\n"
        )
    );
}

/// The same layout for a kit file's error on standard error, without colour
/// when standard error is not a terminal.
#[test]
fn kit_errors_show_the_line_and_a_caret() {
    let dir = tempfile::tempdir().unwrap();
    let def = dir.path().join("mine.toml");
    std::fs::write(&def, "name = \"mine\"\ntitel = \"Mine\"\n").unwrap();
    let out = dir.path().join("out");
    let o = Command::new(bin())
        .args(["kit", def.to_str().unwrap(), "--out", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(!e.contains('\u{1b}'), "no colour off a terminal: {e:?}");
    assert_eq!(
        e,
        format!(
            "error[kit.toml]: {}:2:1: unknown field `titel`, expected one of `name`, `title`, \
             `gutter_mm`, `data`, `component`, `options`\n  |\n2 | titel = \"Mine\"\n  | ^^^^^\n",
            def.display()
        )
    );
    // A syntax error: the caret where the parser stopped.
    std::fs::write(&def, "name = \"mine\"\n[[component]\n").unwrap();
    let e = stderr(&tavolo(&[
        "kit",
        def.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]));
    assert!(
        e.ends_with(
            ":2:13: unclosed array table, expected `]`\n  |\n2 | [[component]\n  |             ^\n"
        ),
        "{e}"
    );
}

/// Usage errors of deal, play and solve in the same layout: code, message, help.
#[test]
fn usage_errors_share_the_layout_and_suggest_near_names() {
    for (args, want) in [
        (
            &["deal", "mon"][..],
            "error[cli.unknown-game]: unknown game `mon`\n |\n = help: did you mean `moon`? \
             the games are: moon, scalafrutta, domino, muro, mosaico, farfalia, quincunx, natura\n",
        ),
        (
            &["play", "mosiaco", "--seed", "1"],
            "error[cli.unknown-game]: unknown game `mosiaco`\n |\n = help: did you mean `mosaico`? \
             the games are: moon, scalafrutta, domino, muro, mosaico, farfalia, quincunx, natura\n",
        ),
        (
            &["solve", "muro", "--seed", "1", "--variant", "six-dwon"],
            "error[cli.unknown-variant]: muro has no variant `six-dwon`\n |\n = help: did you mean \
             `six-down`? the variants are: standard, six-down\n",
        ),
        (
            &["kit", "mon"],
            "error[kit.unknown]: no kit named `mon`\n |\n = help: did you mean `moon`? known kits: \
             decktet, farfalia, fruit, moon, natura; or give a path to a .toml file, or a folder of your kits with --kits DIR\n",
        ),
        (
            &["deal", "chess"],
            "error[cli.unknown-game]: unknown game `chess`\n |\n = help: the games are: moon, \
             scalafrutta, domino, muro, mosaico, farfalia, quincunx, natura\n",
        ),
    ] {
        let o = tavolo(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&o), want, "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

/// A record that names a game or a player nearly right.
#[test]
fn records_suggest_near_games_and_players() {
    let (fresh, first) = fresh_record_and_first_move();
    let o = tavolo_stdin(
        &["check", "-"],
        &fresh.replace("game = \"moon\"", "game = \"mon\""),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stdout(&o).contains("= help: did you mean `moon`? the games are:"),
        "{}",
        stdout(&o)
    );
    let text = format!("{fresh}{}", first.replace("\"Anna\"", "\"Ana\""));
    let o = tavolo_stdin(&["check", "-"], &text);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stdout(&o).contains("= help: did you mean `Anna`? the players are: Anna, Bruno"),
        "{}",
        stdout(&o)
    );
}

// ---- --json errors everywhere ----

fn assert_json_error(o: &Output, code: &str) -> serde_json::Value {
    let v = json(o);
    let e = v["error"].as_object().unwrap_or_else(|| panic!("{v}"));
    let keys: Vec<&str> = e.keys().map(String::as_str).collect();
    assert_eq!(keys, ["code", "message", "file", "line", "column", "help"]);
    assert_eq!(e["code"], code, "{v}");
    assert!(o.stderr.is_empty(), "{}", stderr(o));
    v
}

#[test]
fn every_command_gives_json_errors_with_json() {
    let v = assert_json_error(&tavolo(&["deal", "mon", "--json"]), "cli.unknown-game");
    assert_eq!(
        v["error"]["help"],
        "did you mean `moon`? the games are: moon, scalafrutta, domino, muro, mosaico, farfalia, quincunx, natura"
    );
    assert!(v["error"]["file"].is_null() && v["error"]["line"].is_null());
    assert_json_error(
        &tavolo(&["solve", "muro", "--seeds", "9..3", "--json"]),
        "cli.bad-seeds",
    );
    assert_json_error(
        &tavolo(&["score", "moon", "x", "--json"]),
        "cli.unknown-game",
    );
    assert_json_error(&tavolo(&["kit", "nokit", "--json"]), "kit.unknown");
    // A kit file's error keeps its file, line and column.
    let dir = tempfile::tempdir().unwrap();
    let def = dir.path().join("mine.toml");
    std::fs::write(&def, "name = \"mine\"\ntitel = 1\n").unwrap();
    let o = tavolo(&["kit", def.to_str().unwrap(), "--json"]);
    assert_eq!(o.status.code(), Some(2));
    let v = assert_json_error(&o, "kit.toml");
    assert_eq!(v["error"]["file"], def.to_str().unwrap());
    assert_eq!(
        (v["error"]["line"].as_u64(), v["error"]["column"].as_u64()),
        (Some(2), Some(1))
    );
    // clap's own usage errors too.
    let o = tavolo(&["deal", "--json"]);
    assert_eq!(o.status.code(), Some(2));
    let v = assert_json_error(&o, "cli.usage");
    assert_eq!(
        v["error"]["message"],
        "the following required arguments were not provided: <GAME>"
    );
}

/// `check --json missing.toml` prints JSON; a verdict keeps every key.
#[test]
fn check_json_keeps_its_keys() {
    let o = tavolo(&["check", "--json", "/no/such/missing.toml"]);
    assert_eq!(o.status.code(), Some(2));
    let v = json(&o);
    let e = &v["records"][0]["error"];
    assert_eq!(e["code"], "record.unreadable");
    assert_eq!(e["file"], "/no/such/missing.toml");
    assert!(e.as_object().unwrap().contains_key("line") && e["line"].is_null());
    let o = tavolo(&[
        "check",
        "--json",
        fixture("legal-so-far-2p.toml").to_str().unwrap(),
    ]);
    let r = &json(&o)["records"][0];
    for key in ["illegal", "result", "to_move", "notes"] {
        assert!(r.as_object().unwrap().contains_key(key), "{key}: {r:#}");
    }
    assert_eq!(r["notes"], serde_json::json!([]));
    assert!(r["illegal"].is_null() && r["result"].is_null());
    let o = tavolo(&[
        "check",
        "--json",
        fixture("complete-2p.toml").to_str().unwrap(),
    ]);
    let result = &json(&o)["records"][0]["result"];
    for key in [
        "winner",
        "losers",
        "eliminated",
        "annulled",
        "solved",
        "scores",
        "reason",
    ] {
        assert!(
            result.as_object().unwrap().contains_key(key),
            "{key}: {result:#}"
        );
    }
    assert_eq!(result["scores"], serde_json::json!([]));
}

// ---- Unix manners ----

/// `cat rec.toml | tavolo check -`; a fresh record from `deal --record` is
/// legal so far with the first player to move; "1 move", not "1 moves".
#[test]
fn check_reads_stdin_and_a_fresh_record_is_legal_so_far() {
    let (fresh, first) = fresh_record_and_first_move();
    let o = tavolo_stdin(&["check", "-"], &fresh);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_eq!(stdout(&o), "<stdin>: legal so far, 0 moves; Anna to move\n");
    let o = tavolo_stdin(&["check", "-"], &format!("{fresh}{first}"));
    assert_eq!(stdout(&o), "<stdin>: legal so far, 1 move; Bruno to move\n");
    let o = tavolo_stdin(&["check", "--json", "-"], &fresh);
    let r = &json(&o)["records"][0];
    assert_eq!(r["status"], "legal-so-far");
    assert_eq!(r["moves"], 0);
    assert_eq!(r["to_move"], "Anna");
    // `-` twice would read nothing the second time: refused.
    let o = tavolo(&["check", "-", "-"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).starts_with("error[cli.usage]"), "{}", stderr(&o));
}

/// A reader that stops early: the writer ends quietly with exit 0.
#[test]
fn a_closed_pipe_ends_quietly() {
    for args in [
        &["solve", "muro", "--seeds", "1..3"][..],
        &[
            "check",
            fixture("complete-2p.toml").to_str().unwrap(),
            fixture("complete-4p.toml").to_str().unwrap(),
        ],
        &["completions", "bash"],
    ] {
        let mut child = Command::new(bin())
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Close the reading end before tavolo writes anything.
        drop(child.stdout.take());
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert!(o.stderr.is_empty(), "{args:?}: {}", stderr(&o));
    }
    // As a shell runs it.
    let script = format!(
        "'{}' solve muro --seeds 1..3 | head -1; echo \"exit ${{PIPESTATUS[0]}}\"",
        bin()
    );
    let o = Command::new("bash").args(["-c", &script]).output().unwrap();
    let text = stdout(&o);
    assert!(text.starts_with("seed \"1\": solved in "), "{text}");
    assert!(text.ends_with("exit 0\n"), "{text}");
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
}

/// `play -o`, `deal --record` and `solve --out` refuse to write over a file
/// unless `--force`.
#[test]
fn records_are_not_written_over_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.toml");
    let p = path.to_str().unwrap();
    for args in [
        &["play", "moon", "--seed", "1", "-o", p][..],
        &["deal", "moon", "--seed", "1", "--record", p],
        &["solve", "muro", "--seed", "7", "--out", p],
    ] {
        std::fs::write(&path, "mine").unwrap();
        let o = tavolo(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&o),
            format!(
                "error[cli.exists]: {p} exists already: not written over\n |\n \
                 = help: give --force to replace it, or choose another name\n"
            ),
            "{args:?}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine", "{args:?}");
        let o = tavolo(&[args, &["--force"]].concat());
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert!(
            std::fs::read_to_string(&path).unwrap().contains("[deal]"),
            "{args:?}"
        );
    }
    // A folder of records from --seeds: refused before searching.
    let folder = dir.path().join("solved");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("muro-2.toml"), "mine").unwrap();
    let o = tavolo(&[
        "solve",
        "muro",
        "--seeds",
        "1..3",
        "-o",
        folder.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("error[cli.exists]"),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 1);
}

/// solve: 0 solved, 1 unsolvable, 3 undecided, as `--help` says; counts in
/// the batch line are singular or plural and rounded.
#[test]
fn solve_exit_codes_are_distinct_and_documented() {
    let code = |args: &[&str]| tavolo(args).status.code();
    assert_eq!(code(&["solve", "muro", "--seed", "7"]), Some(0));
    assert_eq!(code(&["solve", "muro", "--seed", "205"]), Some(1));
    assert_eq!(
        code(&["solve", "muro", "--seed", "7", "--max-nodes", "50"]),
        Some(3)
    );
    // Every key of the JSON answer is there whatever the verdict.
    let o = tavolo(&["solve", "muro", "--seed", "205", "--json"]);
    assert_eq!(o.status.code(), Some(1));
    let v = json(&o);
    assert_eq!(v["verdict"], "unsolvable");
    assert!(v["bound"].is_null() && v["length"].is_null(), "{v:#}");
    assert_eq!(v["moves"], serde_json::json!([]));
    let help = stdout(&tavolo(&["solve", "--help"]));
    assert!(
        help.contains("0 when the deal is solved, 1 when it is unsolvable")
            && help.contains("3 when it is undecided"),
        "{help}"
    );
    let o = tavolo(&["solve", "muro", "--seeds", "7", "-q"]);
    assert_eq!(
        stdout(&o),
        "muro (standard): 1 deal: 1 solved (100%), 0 unsolvable (0%), 0 undecided (0%); decided 100%\n"
    );
    let o = tavolo(&[
        "solve",
        "muro",
        "--seeds",
        "7,205,8",
        "--max-nodes",
        "1000000",
        "-q",
    ]);
    assert!(
        stdout(&o).contains("3 deals: 2 solved (67%), 1 unsolvable (33%)"),
        "{}",
        stdout(&o)
    );
}

/// `deal`, `play` and `solve` take the deal's options from one definition,
/// so they read and are documented alike; `play --json` and a `solve`
/// without a seed behave as `deal` does.
#[test]
fn deal_play_and_solve_share_the_deal_options() {
    let line = "Board number, for several deals from one seed";
    for cmd in ["deal", "play", "solve"] {
        let help = stdout(&tavolo(&[cmd, "--help"]));
        for opt in ["--variant <VARIANT>", "--seed <SEED>", "--board <BOARD>"] {
            assert!(help.contains(opt), "{cmd}: {opt}\n{help}");
        }
        assert!(help.contains(line), "{cmd}\n{help}");
    }
    // play --json: the deal, the players, the moves and a record that checks.
    let o = tavolo(&["play", "muro", "--seed", "7", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(
        (&v["game"], &v["variant"], &v["seed"], &v["board"]),
        (&"muro".into(), &"standard".into(), &"7".into(), &1.into())
    );
    assert_eq!(v["players"], serde_json::json!(["P1"]));
    assert!(v["file"].is_null());
    let record = v["record"].as_str().unwrap();
    let plain = tavolo(&["play", "muro", "--seed", "7"]);
    assert_eq!(stdout(&plain), record, "the JSON holds the same record");
    let moves = record.matches("[[move]]").count();
    assert_eq!(v["moves"].as_u64(), Some(moves as u64));
    let checked = tavolo_stdin(&["check", "-"], record);
    assert!(
        checked.status.code() == Some(0),
        "{}{}",
        stdout(&checked),
        stderr(&checked)
    );
    // play --json errors are JSON.
    assert_json_error(&tavolo(&["play", "mon", "--json"]), "cli.unknown-game");
    // solve with no seed deals a fresh one and says how to have it again.
    let o = tavolo(&["solve", "muro", "--max-nodes", "2000"]);
    assert!(matches!(o.status.code(), Some(0 | 1 | 3)), "{o:?}");
    assert!(
        stderr(&o).contains("solve this again with --seed "),
        "{}",
        stderr(&o)
    );
    // --seed and --seeds exclude each other.
    let o = tavolo(&["solve", "muro", "--seed", "7", "--seeds", "1..2"]);
    assert_eq!(o.status.code(), Some(2));
}

/// `tavolo play --help` says when a random game stops: Il Muro's `stop` is picked
/// rarely (there is no move cap any more, issue 27).
#[test]
fn play_help_documents_when_a_random_game_stops() {
    let help = stdout(&tavolo(&["play", "--help"]));
    assert!(help.contains("is picked rarely"), "{help}");
    assert!(!help.contains("300 moves"), "{help}");
}

// ---- completions and the manual page ----

/// `--help` lists the typed values that the completions offer.
#[test]
fn help_lists_games_variants_kits_papers_and_edges() {
    let deal = stdout(&tavolo(&["deal", "--help"]));
    assert!(
        deal.contains(
            "[possible values: moon, scalafrutta, domino, muro, mosaico, farfalia, quincunx, natura]"
        ),
        "{deal}"
    );
    assert!(
        deal.contains(
            "[possible values: standard, solitaire, loose-contact, six-down, hard, five-intro,"
        ),
        "{deal}"
    );
    let solve = stdout(&tavolo(&["solve", "--help"]));
    assert!(
        solve.contains("[possible values: muro, mosaico, quincunx, natura]"),
        "{solve}"
    );
    let kit = stdout(&tavolo(&["kit", "--help"]));
    for want in [
        "[possible values: decktet, farfalia, fruit, moon, natura, all, list, calibrate, export]",
        "[default: a4] [possible values: a4, letter]",
        "[default: long] [possible values: long, short]",
    ] {
        assert!(kit.contains(want), "{want}: {kit}");
    }
}

fn bash() -> bool {
    Command::new("bash").arg("--version").output().is_ok()
}

#[test]
fn bash_completion_loads_and_completes_game_names() {
    if !bash() {
        println!("skipped: no bash on this machine");
        return;
    }
    let complete = |line: &str| {
        let words: Vec<&str> = line.split(' ').collect();
        let script = format!(
            "source <('{bin}' completions bash) || exit 9\n\
             complete -p tavolo || exit 8\n\
             COMP_WORDS=({words}); COMP_CWORD={cword}; COMP_LINE='{line}'; COMP_POINT=${{#COMP_LINE}}\n\
             _tavolo tavolo '{cur}' '{prev}'\n\
             echo \"${{COMPREPLY[*]}}\"",
            bin = bin(),
            words = words.join(" "),
            cword = words.len() - 1,
            cur = words[words.len() - 1],
            prev = words[words.len() - 2],
        );
        let o = Command::new("bash").args(["-c", &script]).output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        stdout(&o)
    };
    let out = complete("tavolo deal m");
    assert!(out.starts_with("complete "), "{out}");
    assert!(out.ends_with("\nmoon muro mosaico\n"), "{out}");
    assert!(complete("tavolo solve m").ends_with("\nmuro mosaico\n"));
    assert!(complete("tavolo kit --paper l").ends_with("\nletter\n"));
    assert!(complete("tavolo kit --duplex s").ends_with("\nshort\n"));
    assert!(complete("tavolo kit f").ends_with("\nfarfalia fruit\n"));
    // Variants are offered from every game (the script cannot know the game yet).
    let variants = complete("tavolo deal moon --variant s");
    let offered: Vec<&str> = variants.lines().last().unwrap().split(' ').collect();
    for v in ["standard", "solitaire", "six-down", "sempliciotto"] {
        assert!(offered.contains(&v), "{v}: {variants}");
    }
    assert!(offered.iter().all(|v| v.starts_with('s')), "{variants}");
}

#[test]
fn every_shell_gets_a_completion_script() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let o = tavolo(&["completions", shell]);
        assert_eq!(o.status.code(), Some(0), "{shell}");
        let text = stdout(&o);
        assert!(text.contains("variant"), "{shell}: the options are offered");
        // clap_complete offers positional values (the games) in bash and zsh, and
        // the values of options (the variants) in bash, zsh and fish.
        if ["bash", "zsh"].contains(&shell) {
            assert!(text.contains("mosaico"), "{shell}: the game names");
        }
        if ["bash", "zsh", "fish"].contains(&shell) {
            assert!(text.contains("six-down"), "{shell}: the variants");
        }
    }
    assert_eq!(tavolo(&["completions", "tcsh"]).status.code(), Some(2));
}

/// `tavolo man | man -l -` renders (or groff, where man is missing).
#[test]
fn the_manual_page_renders() {
    let page = tavolo(&["man"]);
    assert_eq!(page.status.code(), Some(0));
    assert!(stdout(&page).starts_with(".ie \\n(.g .ds Aq \\(aq"), "roff");
    let deal = tavolo(&["man", "deal"]);
    assert!(
        stdout(&deal).contains(".TH tavolo-deal 1"),
        "{}",
        stdout(&deal)
    );
    let render = |roff: &[u8]| -> Option<String> {
        for (cmd, args) in [("man", &["-l", "-"][..]), ("groff", &["-man", "-Tutf8"])] {
            let child = Command::new(cmd)
                .args(args)
                .env("MANPAGER", "cat")
                .env("MANWIDTH", "80")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn();
            let Ok(mut child) = child else { continue };
            child.stdin.take().unwrap().write_all(roff).unwrap();
            let o = child.wait_with_output().unwrap();
            if o.status.success() && !o.stdout.is_empty() {
                return Some(String::from_utf8_lossy(&o.stdout).into_owned());
            }
        }
        None
    };
    let Some(text) = render(&page.stdout) else {
        println!("skipped rendering: neither man nor groff is installed (.ci/run installs man-db)");
        return;
    };
    assert!(
        text.contains("NAME") && text.contains("tavolo - Print-and-play kits"),
        "{text}"
    );
    assert!(text.contains("tavolo-solve(1)"), "{text}");
    assert!(text.contains("3 a deal"), "the exit codes: {text}");
    let text = render(&deal.stdout).unwrap();
    assert!(text.contains("--variant"), "{text}");
}

// ---- names, quiet, help (issues 26 and 27) ----

/// GN-3: `--names "Anna, Bruno"` gives Bruno, not " Bruno", in `deal`, `play`
/// and `event new`; a name given twice once trimmed is still refused.
#[test]
fn gn3_names_are_trimmed_wherever_they_are_taken() {
    let o = tavolo(&[
        "deal",
        "moon",
        "--seed",
        "1",
        "--names",
        " Anna , Bruno",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(json(&o)["players"], serde_json::json!(["Anna", "Bruno"]));
    let o = tavolo(&["play", "moon", "--seed", "1", "--names", "Anna, Bruno"]);
    assert!(
        stdout(&o).contains("players = [\"Anna\", \"Bruno\"]\n"),
        "{}",
        stdout(&o)
    );
    let o = tavolo(&["deal", "moon", "--names", "Anna, Anna"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("error[cli.players]"),
        "{}",
        stderr(&o)
    );
    let dir = tempfile::tempdir().unwrap();
    let o = tavolo(&[
        "event",
        "new",
        "--dir",
        dir.path().to_str().unwrap(),
        "--name",
        "Club",
        "--public-value-name",
        "the draw",
        "--game",
        "moon",
        "--names",
        "North, South",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(dir.path().join("event.toml")).unwrap();
    assert!(text.contains("[\"North\", \"South\"]"), "{text}");
}

/// A person at a terminal: `script` gives tavolo one, as a shell would.
fn on_a_terminal(args: &[&str]) -> Option<String> {
    let line = std::iter::once(bin())
        .chain(args.iter().copied())
        .map(|a| format!("'{a}'"))
        .collect::<Vec<_>>()
        .join(" ");
    let o = Command::new("script")
        .args(["-qec", &line, "/dev/null"])
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .ok()?;
    o.status
        .success()
        .then(|| String::from_utf8_lossy(&o.stdout).into_owned())
}

/// Issue 26: `-q` silences the report, not the progress on a terminal; the bar
/// is drawn at once (0 of N), so a long first deal is not a silent wait; and
/// progress never goes to a non-terminal. `--help` says so.
#[test]
fn quiet_keeps_the_progress_on_a_terminal_only() {
    let checks = [
        fixture("complete-2p.toml").display().to_string(),
        fixture("complete-4p.toml").display().to_string(),
    ];
    let runs: [(Vec<&str>, &str); 2] = [
        (
            vec!["solve", "muro", "--seeds", "1..3", "-q", "-j", "1"],
            "0/3 deals",
        ),
        (
            vec!["check", "-q", "-j", "1", &checks[0], &checks[1]],
            "0/2 records",
        ),
    ];
    for (args, bar) in &runs {
        // Off a terminal: the report only, no bar, nothing on standard error.
        let o = tavolo(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        assert!(o.stderr.is_empty(), "{args:?}: {:?}", stderr(&o));
        assert!(!stdout(&o).contains(bar), "{args:?}");
        match on_a_terminal(args) {
            None => println!("skipped the terminal: no `script` (util-linux) here"),
            Some(screen) => assert!(screen.contains(bar), "{args:?}: {screen:?}"),
        }
    }
    for cmd in ["solve", "check"] {
        let help = stdout(&tavolo(&[cmd, "--help"]));
        let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            help.contains("the progress bar still shows on a terminal"),
            "{cmd}: {help}"
        );
    }
}

/// Issue 27: `check --help` says a record may be GCG (natura), as the registry
/// knows it.
#[test]
fn check_help_mentions_gcg() {
    let help = stdout(&tavolo(&["check", "--help"]));
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains(
            "or a game's own format, known by the file's extension: GCG files (`.gcg`) for natura"
        ),
        "{help}"
    );
    assert!(
        help.contains("Usage: tavolo check [OPTIONS] <RECORD>..."),
        "{help}"
    );
}
