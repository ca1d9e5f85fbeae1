//! `tavolo table` in the pseudo-locale (issue 42): a session driven by standard input
//! (moves, a refused move, text that is no move, every command) prints no text that does not
//! come from the catalogue; what is left unmarked is data (names, the board, piece codes,
//! the notation, the record's file name). (A resignation's result is not yet: its reason is
//! the record's, written in English; issue 42 goes on.) And the same session in Italian writes the same
//! record as in English.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use tavolo::games::session::{self, View};
use tavolo::games::setup::Spec;
use tavolo::lang::unmarked_words;

/// The games whose table session is in the catalogue; the others follow (issue 42).
const CONVERTED: &[&str] = &[
    "moon",
    "natura",
    "domino",
    "quincunx",
    "farfalia",
    "scalafrutta",
    "muro",
    "mosaico",
];

fn run(dir: &Path, args: &[&str], input: &str) -> (String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(args)
        .current_dir(dir)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tavolo");
    let mut stdin = child.stdin.take().expect("stdin");
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let o = child.wait_with_output().expect("tavolo ends");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// A few legal moves of the deal `tavolo table GAME --seed SEED` starts, as notation.
fn moves(game: &str, seed: &str, n: usize) -> Vec<String> {
    let r = Spec {
        game: game.into(),
        players: Some(players(game)),
        variant: None,
        seed: Some(seed.into()),
        board: 1,
        names: Some(
            ["Anna", "Bruno"][..players(game)]
                .iter()
                .map(|s| s.to_string())
                .collect(),
        ),
    }
    .resolve()
    .unwrap();
    let mut live = session::find(game)
        .unwrap()
        .deal(&r.variant, &r.players, &r.provenance)
        .unwrap();
    let mut out = Vec::new();
    for _ in 0..n {
        let Ok(h) = live.hint(View::Director) else {
            break;
        };
        let Some(mv) = h.best.clone().or_else(|| h.legal.first().cloned()) else {
            break;
        };
        live.apply(&mv, View::Director);
        out.push(mv);
    }
    out
}

/// The data words every pseudo-locale test leaves alone (`tavolo::lang::DATA_WORDS`, the
/// Decktet's card names), and what a terminal session shows besides: the language's
/// name, the record's file, the text typed that is no move.
fn data() -> Vec<&'static str> {
    let mut words = tavolo::lang::data_words();
    words.extend(["pseudo", "toml", "caSa", "zz9", "qq"]);
    words
}

/// How many players a game's table is dealt for here (the solitaires one).
fn players(game: &str) -> usize {
    match game {
        "muro" | "mosaico" => 1,
        _ => 2,
    }
}

#[test]
fn every_table_session_takes_its_words_from_the_catalogue() {
    let mut found = Vec::new();
    for game in CONVERTED {
        let n = players(game);
        let names = ["Anna", "Bruno"][..n].join(",");
        let moves = moves(game, "pseudo", 4);
        assert!(!moves.is_empty(), "{game}: {moves:?}");
        let mut input = String::from("help\naiuto\n");
        for m in &moves {
            input.push_str(m);
            input.push('\n');
        }
        input.push_str("zz9 qq\nhint\nmoves\nposition\nundo\nundo Anna Bruno\nredo\nredo\nsave\n");
        let p = n.to_string();
        for view in [&["--director"][..], &[][..], &["--seat", "Anna"][..]] {
            let dir = tempfile::tempdir().unwrap();
            let mut args = vec![
                "--lang", "pseudo", "table", game, "--seed", "pseudo", "-p", &p, "--names", &names,
            ];
            args.extend_from_slice(view);
            let (out, err) = run(dir.path(), &args, &input);
            assert!(out.contains('⟦'), "{game} {view:?}: nothing marked:\n{out}");
            let words = unmarked_words(&format!("{out}\n{err}"), &data());
            if !words.is_empty() {
                found.push(format!("{game} {view:?}: unmarked text: {words:#?}\n{out}"));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n\n"));
}

/// The same moves typed in an Italian session (and its commands in Italian) leave the
/// same record as in English.
#[test]
fn an_italian_session_writes_the_english_session_s_record() {
    for game in CONVERTED {
        let moves = moves(game, "lingua", 5).join("\n");
        let dir = tempfile::tempdir().unwrap();
        let p = players(game).to_string();
        let names = ["Anna", "Bruno"][..players(game)].join(",");
        let base = [
            "table",
            game,
            "--seed",
            "lingua",
            "-p",
            &p,
            "--names",
            &names,
            "--director",
        ];
        let en = [&["--lang", "en"][..], &base, &["-o", "en.toml"]].concat();
        let it = [&["--lang", "it"][..], &base, &["-o", "it.toml"]].concat();
        let (out_en, _) = run(dir.path(), &en, &format!("{moves}\nundo\nredo\nquit\n"));
        let (out_it, _) = run(dir.path(), &it, &format!("{moves}\nannulla\nrifai\nesci\n"));
        assert_ne!(
            out_en, out_it,
            "{game}: the Italian session printed English"
        );
        assert!(out_it.contains("registro: it.toml"), "{out_it}");
        let read = |f: &str| std::fs::read_to_string(dir.path().join(f)).unwrap();
        assert_eq!(read("en.toml"), read("it.toml"), "{game}");
    }
}

/// `LANG=it_IT.UTF-8` speaks Italian; `--lang en` wins over it.
#[test]
fn the_locale_chooses_italian_and_lang_overrides_it() {
    let dir = tempfile::tempdir().unwrap();
    let session = |args: &[&str], lang: &str| {
        let o = Command::new(env!("CARGO_BIN_EXE_tavolo"))
            .args(args)
            .current_dir(dir.path())
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", lang)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    let args = ["table", "moon", "--seed", "x", "-o", "a.toml", "--force"];
    assert!(session(&args, "it_IT.UTF-8").contains("scrivi una mossa"));
    assert!(session(&args, "de_DE.UTF-8").contains("type a move"));
    let en = [&["--lang", "en"][..], &args].concat();
    assert!(session(&en, "it_IT.UTF-8").contains("type a move"));
}
