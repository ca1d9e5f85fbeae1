//! `tavolo solve natura RECORD` and the machine player of `tavolo play natura` (issue 14), as
//! a user runs them, on hand-made positions with a small word list written by the tests (no
//! Debian list needed, fast in debug).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;
use tavolo::deal::Provenance;
use tavolo::games::engine::Engine;
use tavolo::games::natura::game::{Rules, Setup, State};
use tavolo::games::natura::gcg_record::to_gcg;
use tavolo::games::natura::movegen::{ranked_moves, Gaddag};
use tavolo::games::natura::moves::Move;
use tavolo::games::natura::record::{dealt_bag, move_out};
use tavolo::games::referee::Strength;
use tavolo::games::setup::{play_with, Spec};
use tavolo::games::solve::WordLists;
use tavolo::lexicon::{Options, Source};

/// Common Italian words of 2-8 letters and the long ones the hand-made positions need (the
/// move generator's own test list, and more so that games go on).
pub const WORDS: &str = "AI AL DA DI ED IN LA LE LO MA MI NE NO SE SI SU TE TI TU UN VA VI \
    ACE ALA ALE ANO ARE ASA ATE CAI DAI DIO ERA ERE ETA IRA ITA LAI MAI MEI NOI ODE ORA ORE \
    OSA OSO RAI RE RIO ROSA SAI SEI SIA SOL SUA SUO TAO TRE TUA TUO UNA UNO USO VIA ZIO \
    ACRE ALTO AMO ANTE ARTE ASSE CANE CANI CANTO CARA CARE CARO CASA CASE COSA COSE CORO \
    DENTE DORO EROE IDEA LANA LATO LEONE LUNA MARE MARI MESE MONTE NASO NOTTE ORTO \
    PANE PERO RATA RESTO RIDE ROSE SALE SANO SERA SETA SOLE TANA TARE TESTA TORO TORTA \
    VOTO ZONA AMORE CANTORE CANTIERE ATTORE INCOMPRENSIBILE ISOLANO ORIENTA SCRITTO \
    AGO AGI BUE BUOI CIAO CIELO DUE FAME FARE FINE FIORE GATTO GIRO LAGO LIBRO MANO \
    NAVE NERO OCA OCHE ORO PAPA PERA PIEDE PORTA RANA ROSSO SALA SEDIA TAVOLO TETTO \
    UOVO UVA VASO VENTO VINO ZERO ANNO ANNI ERBA ETNA FUOCO GIOCO LUCE NUBE PIANO \
    SOGNO TERRA ACQUA ALBERO AMICO BOCCA CAMPO DONNA FIUME GENTE LETTO MONDO OCCHIO \
    PAESE QUADRO SCUOLA STRADA TEMPO UOMO VERDE BIANCO GIALLO NEVE MIELE SALE SOLO \
    AMA AMI AME OSE OSI ESCA ESCE ESCO TOPO TOPI DADO DADI BRACE FUMO LUPO LUPI";

fn tavolo(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(args)
        .output()
        .expect("run tavolo")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn json(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|_| panic!("{}{}", stdout(o), stderr(o)))
}

fn words() -> Vec<&'static str> {
    WORDS.split_whitespace().collect()
}

/// The words as a record's `words = [...]`.
fn words_toml() -> String {
    let quoted: Vec<String> = words().iter().map(|w| format!("\"{w}\"")).collect();
    format!("words = [{}]", quoted.join(", "))
}

/// A folder for a test's files, and the word list in it.
fn scratch() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("parole.txt");
    // Lower case, as word lists write them (an upper-case entry reads as an abbreviation).
    std::fs::write(&list, words().join("\n").to_lowercase() + "\n").unwrap();
    (dir, list)
}

/// A position record: rows of the board as (row 1-15, text from column A), the racks, the
/// words inline unless `words` is false, and moves.
fn position(rows: &[(usize, &str)], racks: &str, words: bool, moves: &str) -> String {
    let mut board = vec![".".repeat(15); 15];
    for &(r, text) in rows {
        board[r - 1] = format!("{text:.<15}");
    }
    let board: Vec<String> = board.iter().map(|r| format!("  \"{r}\",")).collect();
    format!(
        "game = \"natura\"\nplayers = [\"anna\", \"bruno\"]\n\n[setup]\n{}\n{racks}\nboard = [\n{}\n]\n{moves}",
        if words { words_toml() } else { String::new() },
        board.join("\n")
    )
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

/// MARE across from H8, the star's row.
const MARE: (usize, &str) = (8, ".......MARE");

/// NS-1: a word over three triple word squares scores x27: INCOMPRENSIBILE on row 1 through
/// NCOM and NSIB, the seven tiles of the rack on A1, F1, G1, H1, M1, N1 and O1: the letters
/// sum to 34, x27 = 918, and 50 for the whole rack (the sheet's bonus) = 968.
#[test]
fn solve_finds_the_27x_word_with_the_records_words() {
    let (dir, _) = scratch();
    let rec = position(
        &[(1, ".NCOM...NSIB")],
        "racks = { anna = \"IPREILE\", bruno = \"CASOTTO\" }",
        true,
        "",
    );
    let f = write(dir.path(), "x27.toml", &rec);
    let o = tavolo(&["solve", "natura", &f, "--top", "3"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let first = text.lines().nth(2).unwrap();
    assert!(
        first.contains(
            "968  A1 across I....PRE....ILE  INCOMPRENSIBILE 918, +50 whole rack; leave -"
        ),
        "{text}"
    );
    assert!(text.contains("anna to move with EEIILPR"), "{text}");
    // The record's words make the lexicon.
    assert!(
        text.contains(&format!("the record's {} words", {
            let mut w = words();
            w.sort();
            w.dedup();
            w.len()
        })),
        "{text}"
    );
}

/// A bingo through a letter on the board (CANTIERE down column J through the R of MARE, C on
/// the triple letter J2, I on J6: 19 + 50): a position whose racks the record does not know
/// takes the rack from --rack, and the word lists from --lexicon.
#[test]
fn solve_takes_the_rack_and_lexicon_from_the_command_line() {
    let (dir, list) = scratch();
    let f = write(dir.path(), "mare.toml", &position(&[MARE], "", false, ""));
    let list = list.display().to_string();
    let lex = ["--lexicon-only", "--lexicon", &list, "--no-cache"];
    let o = tavolo(
        &[
            &["solve", "natura", &f, "--rack", "cantiee", "--json"][..],
            &lex,
        ]
        .concat(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["to_move"], "anna");
    assert_eq!(v["rack"], "ACEEINT");
    assert_eq!(v["after"], 0);
    let top = &v["moves"][0];
    assert_eq!(top["rank"], 1);
    assert_eq!(top["move"], "J2 down CANTIE.E");
    assert_eq!(
        (&top["kind"], &top["at"], &top["dir"], &top["word"]),
        (
            &"place".into(),
            &"J2".into(),
            &"down".into(),
            &"CANTIE.E".into()
        )
    );
    assert_eq!(
        (&top["score"], &top["bonus"], &top["tiles"]),
        (&69.into(), &50.into(), &7.into())
    );
    assert_eq!(
        top["words"],
        serde_json::json!([{"word": "CANTIERE", "score": 19}])
    );
    assert_eq!(top["leave"], "");
    assert_eq!(
        v["moves"].as_array().unwrap().len(),
        10,
        "--top defaults to 10"
    );
    // Each listed move is ranked by score, and every word it forms is in the list.
    let scores: Vec<u64> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["score"].as_u64().unwrap())
        .collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    for m in v["moves"].as_array().unwrap() {
        for w in m["words"].as_array().unwrap() {
            assert!(words().contains(&w["word"].as_str().unwrap()), "{m}");
        }
    }
}

#[test]
fn solve_without_a_rack_or_with_a_bad_one_is_a_usage_error() {
    let (dir, list) = scratch();
    let f = write(dir.path(), "mare.toml", &position(&[MARE], "", true, ""));
    let list = list.display().to_string();
    let o = tavolo(&["solve", "natura", &f]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let e = stderr(&o);
    assert!(e.contains("solve.no-rack"), "{e}");
    assert!(
        e.contains("the record does not say which tiles anna holds after move 0"),
        "{e}"
    );
    assert!(e.contains("--rack LETTERS"), "{e}");
    for (rack, want) in [
        ("CANT%EE", "`%` in --rack CANT%EE is no tile"),
        ("CAKE", "`K` in --rack CAKE is no tile"),
        ("CANTIEEE", "gives 8 tiles; a rack holds 1 to 7"),
        ("QQ", "holds 2 `Q`, but the set has 1 and 0 on the board"),
    ] {
        let o = tavolo(&["solve", "natura", &f, "--rack", rack, "--json"]);
        assert_eq!(o.status.code(), Some(2), "{rack}: {}", stdout(&o));
        let v = json(&o);
        assert_eq!(v["error"]["code"], "solve.bad-rack", "{rack}: {v}");
        let msg = v["error"]["message"].as_str().unwrap();
        assert!(msg.contains(want), "{rack}: {msg}");
    }
    // Past the record's end, and a record without a lexicon.
    let o = tavolo(&["solve", "natura", &f, "--rack", "CASA", "--move", "3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("has 0 moves; --move 3 is past its end"),
        "{}",
        stderr(&o)
    );
    let none = write(
        dir.path(),
        "none.toml",
        &position(&[MARE], "lexicon = \"none\"", false, ""),
    );
    let o = tavolo(&["solve", "natura", &none, "--rack", "CASA"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("solve.no-lexicon"), "{}", stderr(&o));
    let o = tavolo(&[
        "solve",
        "natura",
        &none,
        "--rack",
        "CASA",
        "--lexicon-only",
        "--lexicon",
        &list,
        "--no-cache",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // natura solves positions, not seeds.
    let o = tavolo(&["solve", "natura", "--seed", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("give a record"), "{}", stderr(&o));
}

/// `--analyse` by hand: on MARE, anna and bruno both hold CANTIEE, whose best move is the
/// bingo CANTIERE down J2 (69, see above). Anna passes: 69 left on the table. Bruno plays RE
/// down from the R of MARE (E on J9, no premium: R 2 + E 1 = 3): 69 - 3 = 66 left.
#[test]
fn analyse_sums_the_points_left_per_player() {
    let (dir, _) = scratch();
    let moves = "\n[[move]]\nplayer = \"anna\"\npass = true\n\n[[move]]\nplayer = \"bruno\"\nword = \".E\"\nat = \"J8\"\ndir = \"down\"\nscore = 3\n";
    let rec = position(
        &[MARE],
        "racks = { anna = \"CANTIEE\", bruno = \"CANTIEE\" }",
        true,
        moves,
    );
    let f = write(dir.path(), "review.toml", &rec);
    let o = tavolo(&["solve", "natura", &f, "--analyse", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    let turns = v["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 2);
    assert_eq!(turns[0]["played"]["move"], "pass");
    assert_eq!(turns[0]["played"]["score"], 0);
    assert_eq!(turns[0]["best"]["move"], "J2 down CANTIE.E");
    assert_eq!(turns[0]["best"]["score"], 69);
    assert_eq!(turns[0]["lost"], 69);
    assert_eq!(turns[1]["player"], "bruno");
    assert_eq!(turns[1]["rack"], "ACEEINT");
    assert_eq!(turns[1]["played"]["move"], "J8 down .E");
    assert_eq!(turns[1]["played"]["score"], 3);
    assert_eq!(turns[1]["played"]["in_lexicon"], true);
    assert_eq!(turns[1]["best"]["score"], 69);
    assert_eq!(turns[1]["lost"], 66);
    assert_eq!(
        v["players"],
        serde_json::json!([
            {"player": "anna", "turns": 1, "reviewed": 1, "lost": 69},
            {"player": "bruno", "turns": 1, "reviewed": 1, "lost": 66},
        ])
    );
    let text = stdout(&tavolo(&["solve", "natura", &f, "--analyse"]));
    assert!(
        text.ends_with("points left on the table: anna 69, bruno 66\n"),
        "{text}"
    );
    // After the two moves, bruno's RE has closed column J: the position solves too.
    let o = tavolo(&["solve", "natura", &f, "--json", "--top", "1"]);
    let v = json(&o);
    assert_eq!((&v["after"], &v["to_move"]), (&2.into(), &"anna".into()));
}

/// A placement as `solve` writes it (the seat left out).
fn gcg_move(mv: &Move) -> Option<String> {
    matches!(mv, Move::Place { .. }).then(|| mv.to_string().split_once(' ').unwrap().1.to_string())
}

fn lists(list: &Path) -> WordLists {
    WordLists {
        sources: vec![Source::from_arg(&list.display().to_string()).unwrap()],
        options: Options {
            no_cache: true,
            ..Options::default()
        },
    }
}

fn spec(seed: &str) -> Spec {
    Spec {
        game: "natura".into(),
        players: Some(2),
        variant: None,
        seed: Some(seed.into()),
        board: 1,
        names: None,
    }
}

/// The machine player plays the generator's top-ranked move every turn, and its record is
/// legal, complete and holds only words of the list.
#[test]
fn the_machine_player_plays_the_top_move_and_its_record_checks() {
    let (_dir, list) = scratch();
    let graph = Gaddag::from_words(words()).unwrap();
    for seed in ["machine-1", "machine-2"] {
        let played = play_with(&spec(seed), Some(Strength::Best), Some(&lists(&list))).unwrap();
        assert_eq!(played.strength, "best");
        let deal = Provenance::new("natura", "standard", seed, 1);
        let setup = Setup {
            players: 2,
            bag: dealt_bag(&deal),
        };
        let mut state = State::start(&setup, &Rules::default()).unwrap();
        let mut placed = 0;
        let mut moves = Vec::new();
        for (k, out) in played.moves.iter().enumerate() {
            let seat = state.to_move().expect("a move after the end");
            let best = ranked_moves(&state, &graph).remove(0).mv;
            assert_eq!(&move_out(seat, &best), out, "{seat}: move {}", k + 1);
            placed += usize::from(matches!(best, Move::Place { .. }));
            moves.push(best.clone());
            state.play(best).unwrap();
        }
        // The same game as GCG (NS-6), whose events write each rack: reviewed, every turn
        // is the best, nothing left on the table.
        let gcg = to_gcg(&played.players, &setup, &Rules::default(), &moves).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let f = write(dir.path(), "machine.gcg", &gcg);
        let l = list.display().to_string();
        let lex = ["--lexicon-only", "--lexicon", &l, "--no-cache"];
        let o = tavolo(&[&["solve", "natura", &f, "--analyse", "--json"][..], &lex].concat());
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let v = json(&o);
        for p in v["players"].as_array().unwrap() {
            assert_eq!(p["lost"], 0, "{seed}: {v}");
            assert_eq!(p["turns"], p["reviewed"], "{seed}: {v}");
        }
        let o = tavolo(&[&["solve", "natura", &f, "--move", "1", "--json"][..], &lex].concat());
        let v = json(&o);
        assert_eq!(v["to_move"], "p2", "{v}");
        assert_eq!(
            v["moves"][0]["move"].as_str(),
            gcg_move(&moves[1]).as_deref()
        );
        assert!(
            state.end().is_some(),
            "{seed}: the game is played to its end"
        );
        assert!(placed >= 4, "{seed}: only {placed} words placed");
        // `check` with the same words: legal, complete, no word missing.
        let text = played
            .text
            .replacen("[setup]\n", &format!("[setup]\n{}\n", words_toml()), 1);
        let r = tavolo::games::check::check_text(Path::new("m.toml"), text);
        assert_eq!(r.exit_code(), 0, "{r:?}");
        let tavolo::games::check::Outcome::Judged { verdict, .. } = r.outcome else {
            panic!("unreadable")
        };
        assert_eq!(verdict.status, tavolo::record::Status::Complete);
        assert!(
            !verdict
                .notes
                .iter()
                .any(|n| n.contains("not in the lexicon")),
            "{:?}",
            verdict.notes
        );
    }
}

/// `tavolo play natura --strength N` picks among the best N, the same on every run; the
/// record checks. A game without a machine player refuses `--strength best`.
#[test]
fn play_with_a_strength_from_the_command_line() {
    let (dir, list) = scratch();
    let list = list.display().to_string();
    let lex = ["--lexicon-only", "--lexicon", &list, "--no-cache"];
    let run = |strength: &str| {
        tavolo(
            &[
                &[
                    "play",
                    "natura",
                    "--seed",
                    "s",
                    "--strength",
                    strength,
                    "--json",
                ][..],
                &lex,
            ]
            .concat(),
        )
    };
    let a = run("3");
    assert_eq!(a.status.code(), Some(0), "{}", stderr(&a));
    assert_eq!(a.stdout, run("3").stdout, "deterministic");
    let v = json(&a);
    assert_eq!(v["strength"], "top 3");
    let record = v["record"].as_str().unwrap().to_string();
    assert_ne!(record, json(&run("best"))["record"].as_str().unwrap());
    // NS-2: the record names the list it was played with, so it checks with it as written.
    assert!(
        record.contains(&format!("lexicon = [{list:?}]")),
        "{record}"
    );
    let f = write(dir.path(), "top3.toml", &record);
    let o = tavolo(&["check", &f]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("legal and complete"), "{}", stdout(&o));
    // The record reviewed: every turn a pick among the best three, so some points lost.
    let o = tavolo(&[&["solve", "natura", &f, "--analyse", "--json"][..], &lex].concat());
    let v = json(&o);
    assert!(v["turns"].as_array().unwrap().len() >= 4);
    for t in v["turns"].as_array().unwrap() {
        assert!(t["lost"].as_i64().unwrap() >= 0, "{t}");
    }

    let o = tavolo(&["play", "moon", "--seed", "1", "--strength", "best"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("moon has no machine player"),
        "{}",
        stderr(&o)
    );
    let o = tavolo(&["play", "natura", "--seed", "1", "--strength", "0"]);
    assert_eq!(o.status.code(), Some(2));
    // Random play stays: the same record as before the machine player existed.
    let o = tavolo(&["play", "moon", "--seed", "1", "--json"]);
    assert_eq!(json(&o)["strength"], "random");
}

/// Issue 25, the endgame: with the bag empty and both racks known, `--endgame` searches to
/// the end and proves the best line by final spread (NS-4: going out takes the other rack's
/// value twice); a position with tiles in the bag, or a rack it does not know, is refused.
#[test]
fn endgame_proves_the_best_line_and_refuses_a_bag() {
    let (dir, _) = scratch();
    let rec = position(
        &[MARE],
        "racks = { anna = \"SAO\", bruno = \"ZU\" }",
        true,
        "",
    );
    let f = write(dir.path(), "end.toml", &rec);
    let o = tavolo(&["solve", "natura", &f, "--endgame", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["exact"], true, "{v}");
    let line = v["line"].as_array().unwrap();
    assert!(!line.is_empty(), "{v}");
    assert_eq!(line[0]["player"], "anna");
    // The spread is the final scores' difference, once the line is played out.
    let finals = v["final_scores"]
        .as_array()
        .expect("the line ends the game");
    let score = |who: &str| {
        finals.iter().find(|p| p["player"] == who).unwrap()["score"]
            .as_i64()
            .unwrap()
    };
    assert_eq!(
        v["spread"].as_i64().unwrap(),
        score("anna") - score("bruno")
    );
    let text = stdout(&tavolo(&["solve", "natura", &f, "--endgame"]));
    assert!(text.contains("proved: the spread for anna"), "{text}");
    // A time limit: proved within it, the same answer; a limit of no time is bad usage.
    let o = tavolo(&["solve", "natura", &f, "--endgame", "--time", "60", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let t = json(&o);
    assert_eq!(
        (&t["exact"], &t["spread"]),
        (&Value::Bool(true), &v["spread"]),
        "{t}"
    );
    assert_eq!(t["stopped"], Value::Null, "{t}");
    for bad in ["0", "-1", "soon"] {
        let o = tavolo(&["solve", "natura", &f, "--endgame", "--time", bad]);
        assert_eq!(o.status.code(), Some(2), "--time {bad}: {}", stderr(&o));
    }
    let o = tavolo(&["solve", "natura", &f, "--time", "5"]);
    assert_eq!(o.status.code(), Some(2), "--time without --endgame");

    let with_bag = position(
        &[MARE],
        "racks = { anna = \"SAO\", bruno = \"ZU\" }\nbag = \"AEIO\"",
        true,
        "",
    );
    let f = write(dir.path(), "bag.toml", &with_bag);
    let o = tavolo(&["solve", "natura", &f, "--endgame"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("solve.not-endgame"), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("the bag still holds 4 tiles"),
        "{}",
        stderr(&o)
    );
}
