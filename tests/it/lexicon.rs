//! The lexicon (NS-2): tavolo's hunspell expansion against hand-worked expectations and
//! against hunspell's own `unmunch`, and `tavolo lexicon` as a user runs it.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use tavolo::lexicon::hunspell::Dictionary;
use tavolo::lexicon::normalise::{normalise, refuses_every_form_with};
use tavolo::lexicon::source::{DEBIAN_HUNSPELL_AFF, DEBIAN_HUNSPELL_DIC};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/lexicon")
        .join(name)
}

fn dictionary(dic: &Path, aff: &Path) -> Dictionary {
    Dictionary::parse(
        dic,
        &std::fs::read(dic).unwrap(),
        aff,
        &std::fs::read(aff).unwrap(),
    )
    .unwrap()
}

fn normalised<'a>(forms: impl IntoIterator<Item = &'a str>) -> BTreeSet<String> {
    forms.into_iter().filter_map(normalise).collect()
}

/// `unmunch DIC AFF`, or `None` (with the reason printed) when it is not installed.
fn unmunch(dic: &Path, aff: &Path) -> Option<Vec<String>> {
    match Command::new("unmunch").arg(dic).arg(aff).output() {
        Ok(o) if o.status.success() => Some(
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .map(str::to_string)
                .collect(),
        ),
        Ok(o) => panic!("unmunch failed: {}", String::from_utf8_lossy(&o.stderr)),
        Err(e) => {
            println!("skipped: unmunch is not installed ({e}); Debian's hunspell-tools has it");
            None
        }
    }
}

const MINI_FORMS: &[&str] = &[
    "Roma",
    "alberi",
    "albero",
    "amare",
    "amato",
    "ami",
    "amo",
    "cercare",
    "cercato",
    "cerchi",
    "cerco",
    "cittadina",
    "città",
    "dell'albero",
    "kg",
    "l'albero",
    "pagare",
    "pagato",
    "paghi",
    "pago",
    "riamare",
    "riamato",
    "riami",
    "riamo",
    "ricercare",
    "ricercato",
    "ricerchi",
    "ricerco",
    "xx",
    "xxi",
    "xxv",
];

#[test]
fn mini_dictionary_expands_as_worked_by_hand() {
    let d = dictionary(&fixture("mini.dic"), &fixture("mini.aff"));
    assert_eq!(d.forms(), MINI_FORMS);
}

#[test]
fn mini_dictionary_normalises_by_ns2() {
    // NS-2: elided forms, capitalised entries, abbreviations and numerals out; accents off.
    let words = normalised(MINI_FORMS.iter().copied());
    let expected = [
        "ALBERI",
        "ALBERO",
        "AMARE",
        "AMATO",
        "AMI",
        "AMO",
        "CERCARE",
        "CERCATO",
        "CERCHI",
        "CERCO",
        "CITTA",
        "CITTADINA",
        "PAGARE",
        "PAGATO",
        "PAGHI",
        "PAGO",
        "RIAMARE",
        "RIAMATO",
        "RIAMI",
        "RIAMO",
        "RICERCARE",
        "RICERCATO",
        "RICERCHI",
        "RICERCO",
    ];
    assert_eq!(
        words.iter().map(String::as_str).collect::<Vec<_>>(),
        expected
    );
}

#[test]
fn mini_dictionary_matches_unmunch() {
    let (dic, aff) = (fixture("mini.dic"), fixture("mini.aff"));
    let Some(theirs) = unmunch(&dic, &aff) else {
        return;
    };
    let theirs: BTreeSet<String> = theirs.into_iter().collect();
    let ours: BTreeSet<String> = dictionary(&dic, &aff).forms().into_iter().collect();
    assert_eq!(ours, theirs);
}

#[test]
fn twofold_suffixes_and_word_options_follow_hunspell() {
    // Checked with hunspell 1.7 (`hunspell -d twofold -i ISO-8859-1 -G`): NEEDAFFIX keeps
    // `parl` and `città` out but not their affixed forms, FORBIDDENWORD refuses `casa` even
    // where `cas/S3` generates it, ONLYINCOMPOUND keeps `porta` out, a prefix's
    // continuation class allows S3 after `stra` only.
    let d = dictionary(&fixture("twofold.dic"), &fixture("twofold.aff"));
    assert_eq!(
        d.forms(),
        [
            "cas",
            "case",
            "ci",
            "cittina",
            "parlare",
            "parlarla",
            "parlarlo",
            "riparl",
            "riparlare",
            "riparlarla",
            "riparlarlo",
            "stravecchi",
            "stravecchia",
            "stravecchie",
            "vecchi",
        ]
    );
}

/// Every `step`-th stem of hunspell-it's `.dic` (comment lines left out) as a small `.dic`.
fn debian_sample(step: usize, dir: &Path) -> Option<PathBuf> {
    let (dic, aff) = (
        Path::new(DEBIAN_HUNSPELL_DIC),
        Path::new(DEBIAN_HUNSPELL_AFF),
    );
    if !dic.is_file() || !aff.is_file() {
        println!(
            "skipped: {} or {} is absent (Debian's hunspell-it; CI installs it)",
            dic.display(),
            aff.display()
        );
        return None;
    }
    let text = std::fs::read_to_string(dic).unwrap();
    let stems: Vec<&str> = text
        .lines()
        .skip(1)
        .filter(|l| !l.starts_with('/'))
        .step_by(step)
        .collect();
    assert!(stems.len() > 400, "{} stems sampled", stems.len());
    let path = dir.join("sample.dic");
    std::fs::write(&path, format!("{}\n{}\n", stems.len(), stems.join("\n"))).unwrap();
    Some(path)
}

#[test]
fn hunspell_it_sample_expands_as_unmunch_does() {
    let tmp = tempfile::tempdir().unwrap();
    let Some(dic) = debian_sample(200, tmp.path()) else {
        return;
    };
    let aff = Path::new(DEBIAN_HUNSPELL_AFF);
    let Some(theirs) = unmunch(&dic, aff) else {
        return;
    };
    let ours = dictionary(&dic, aff).forms();
    // The raw forms agree (hunspell-it uses no continuation class, which unmunch lacks) ...
    let theirs_raw: BTreeSet<&str> = theirs.iter().map(String::as_str).collect();
    let ours_raw: BTreeSet<&str> = ours.iter().map(String::as_str).collect();
    let only_ours: Vec<_> = ours_raw.difference(&theirs_raw).take(10).collect();
    let only_theirs: Vec<_> = theirs_raw.difference(&ours_raw).take(10).collect();
    assert!(
        only_ours.is_empty() && only_theirs.is_empty(),
        "only tavolo: {only_ours:?}; only unmunch: {only_theirs:?}"
    );
    // ... and so do the board words, of which there are many.
    let a = normalised(ours.iter().map(String::as_str));
    let b = normalised(theirs.iter().map(String::as_str));
    assert!(a.len() > 5_000, "{} words", a.len());
    assert_eq!(a, b);
    // Leaving out the prefixes that only make refused forms loses no board word.
    let mut skipping = BTreeSet::new();
    let d = dictionary(&dic, aff);
    let n = d.expand_skipping(&refuses_every_form_with, &mut |f| {
        skipping.extend(normalise(f))
    });
    assert_eq!(skipping, a);
    assert!(n * 5 < ours.len() as u64, "{n} forms of {}", ours.len());
}

// ---- the CLI ----

fn tavolo(cache: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(args)
        .env("TAVOLO_CACHE_DIR", cache)
        .output()
        .expect("run tavolo")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout(o)))
}

/// A temp dir with the cache dir and a plain list `parole.txt`.
fn workspace(list: &str) -> (tempfile::TempDir, PathBuf, String) {
    let tmp = tempfile::tempdir().unwrap();
    let cache = tmp.path().join("cache");
    let path = tmp.path().join("parole.txt");
    std::fs::write(&path, list).unwrap();
    let arg = path.display().to_string();
    (tmp, cache, arg)
}

#[test]
fn check_names_the_list_that_accepts_each_word() {
    let (_tmp, cache, list) = workspace("# extra words\nmangiarlo\nqi\n");
    let mini = fixture("mini.dic").display().to_string();
    let base = [
        "lexicon",
        "check",
        "--lexicon-only",
        "--lexicon",
        &mini,
        "--lexicon",
        &list,
    ];
    let mut args = base.to_vec();
    args.extend(["CITTÀ", "ricercato", "qi", "xx"]);
    let o = tavolo(&cache, &args);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    // Each verdict names the mode that judged (NS-9) and the deciding reason.
    let lines: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    let verdicts: Vec<&str> = lines
        .iter()
        .filter(|l| !l.starts_with("  "))
        .map(String::as_str)
        .collect();
    assert_eq!(
        verdicts,
        [
            "CITTA: accepted by mini.dic (tournament lexicon, NS-9)",
            "RICERCATO: accepted by mini.dic (tournament lexicon, NS-9)",
            "QI: accepted by parole.txt (tournament lexicon, NS-9)",
            "XX: not in mini.dic, parole.txt (tournament lexicon, NS-9)",
        ]
    );
    assert!(
        lines.contains(&"  parole.txt: line 3: `qi`".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.contains(
            &"  mini.dic: the stem itself (.dic line 9: `xx/£`); not read: an abbreviation \
              or a symbol (NS-2 rule 6)"
                .to_string()
        ),
        "{lines:?}"
    );
    let mut args = base.to_vec();
    args.extend(["--json", "amo", "l'albero"]);
    let v = json(&tavolo(&cache, &args));
    assert_eq!(v["lexicon"], serde_json::json!(["mini.dic", "parole.txt"]));
    let amo = &v["words"][0];
    assert_eq!(
        (&amo["given"], &amo["word"], &amo["accepted"], &amo["lists"]),
        (
            &serde_json::json!("amo"),
            &serde_json::json!("AMO"),
            &serde_json::json!(true),
            &serde_json::json!(["mini.dic"])
        )
    );
    assert_eq!(v["mode"], "tournament");
    assert!(
        amo["reasons"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("`amare/Ar` by .aff line"),
        "{amo}"
    );
    assert_eq!(v["words"][1]["word"], serde_json::Value::Null);
    let mut args = base.to_vec();
    args.extend(["Amo", "mangiarlo"]);
    assert_eq!(tavolo(&cache, &args).status.code(), Some(0));
}

#[test]
fn the_cache_is_reused_and_rebuilt_when_the_list_changes() {
    let (_tmp, cache, list) = workspace("casa\ncane\n");
    let info = |c: &Path| {
        json(&tavolo(
            c,
            &[
                "lexicon",
                "info",
                "--lexicon-only",
                "--lexicon",
                &list,
                "--json",
            ],
        ))
    };
    let first = info(&cache);
    assert_eq!(first["lists"][0]["from"], "built");
    assert_eq!(first["lists"][0]["words"], 2);
    let second = info(&cache);
    assert_eq!(second["lists"][0]["from"], "cache");
    assert_eq!(second["lists"][0]["key"], first["lists"][0]["key"]);
    let file = PathBuf::from(second["lists"][0]["cache"].as_str().unwrap());
    assert!(
        file.starts_with(&cache) && file.is_file(),
        "{}",
        file.display()
    );
    std::fs::write(&list, "casa\ncane\ngatto\n").unwrap();
    let third = info(&cache);
    assert_eq!(third["lists"][0]["from"], "built");
    assert_eq!(third["lists"][0]["words"], 3);
    assert_ne!(third["lists"][0]["key"], first["lists"][0]["key"]);
    // A damaged cache file is rebuilt, not trusted.
    let file = PathBuf::from(third["lists"][0]["cache"].as_str().unwrap());
    std::fs::write(&file, b"garbage").unwrap();
    assert_eq!(info(&cache)["lists"][0]["from"], "built");
    assert_eq!(info(&cache)["lists"][0]["from"], "cache");
    // --cache-dir wins over the environment.
    let other = cache.with_file_name("other");
    let o = tavolo(
        &cache,
        &[
            "lexicon",
            "build",
            "--lexicon-only",
            "--lexicon",
            &list,
            "--cache-dir",
            other.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("3 words from 3 forms"),
        "{}",
        stdout(&o)
    );
    // The list's automaton and its word graph (issue 27: `lexicon build` builds the graph).
    let mut files: Vec<String> = std::fs::read_dir(&other)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(files.len(), 2, "{files:?}");
    assert!(
        files[0].starts_with("gaddag-") && files[1].starts_with("parole.txt-"),
        "{files:?}"
    );
}

#[test]
fn latin1_lists_are_declared() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("latin.txt");
    std::fs::write(&path, b"citt\xe0\nperch\xe9\n").unwrap();
    let cache = tmp.path().join("c");
    let p = path.display().to_string();
    let o = tavolo(
        &cache,
        &[
            "lexicon",
            "check",
            "--lexicon-only",
            "--lexicon",
            &p,
            "citta",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("latin.txt:1:5: not valid UTF-8"),
        "{}",
        stderr(&o)
    );
    let latin = format!("latin1:{p}");
    let o = tavolo(
        &cache,
        &[
            "lexicon",
            "check",
            "--lexicon-only",
            "--lexicon",
            &latin,
            "città",
            "PERCHÉ",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn bad_lists_exit_2_naming_file_line_and_column() {
    let tmp = tempfile::tempdir().unwrap();
    let cache = tmp.path().join("c");
    let check = |list: &str| {
        tavolo(
            &cache,
            &[
                "lexicon",
                "check",
                "--lexicon-only",
                "--lexicon",
                list,
                "casa",
            ],
        )
    };
    let missing = tmp.path().join("nope.txt").display().to_string();
    let o = check(&missing);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with(&format!("error[lexicon.unreadable]: {missing}: ")),
        "{}",
        stderr(&o)
    );

    let empty = tmp.path().join("empty.txt");
    std::fs::write(&empty, "# nothing\n\n").unwrap();
    let o = check(empty.to_str().unwrap());
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("empty.txt: holds no word"),
        "{}",
        stderr(&o)
    );

    let dic = tmp.path().join("bad.dic");
    std::fs::write(&dic, "1\ncasa/A\n").unwrap();
    std::fs::write(
        tmp.path().join("bad.aff"),
        "SET UTF-8\nSFX A Y 1\nSFX A 0 e [ae\n",
    )
    .unwrap();
    let o = check(dic.to_str().unwrap());
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("bad.aff:3:11: condition `[ae`"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_file(tmp.path().join("bad.aff")).unwrap();
    let o = check(dic.to_str().unwrap());
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad.aff: "), "{}", stderr(&o));
}

#[test]
fn anagrams_use_jollies_ns2() {
    let (_tmp, cache, list) = workspace("ramo\nroma\norma\namor\nmora\narmo\nramoso\n");
    let args = |rack: &'static str| {
        [
            "lexicon",
            "anagram",
            rack,
            "--lexicon-only",
            "--lexicon",
            list.as_str(),
        ]
        .map(str::to_string)
    };
    let o = tavolo(
        &cache,
        &args("OMAR").iter().map(String::as_str).collect::<Vec<_>>(),
    );
    assert_eq!(stdout(&o), "AMOR\nARMO\nMORA\nORMA\nRAMO\nROMA\n");
    // NS-2: a jolly is any letter, shown in lower case where it stands.
    let mut a: Vec<String> = args("RAMOS?").to_vec();
    a.push("--json".into());
    let v = json(&tavolo(
        &cache,
        &a.iter().map(String::as_str).collect::<Vec<_>>(),
    ));
    assert_eq!(
        v["words"],
        serde_json::json!([{"word": "RAMOSO", "played": "RAMOSo"}])
    );
    let mut a: Vec<String> = args("ROM?").to_vec();
    a.extend(["--min".into(), "4".into()]);
    let o = tavolo(&cache, &a.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(stdout(&o), "aMOR\naRMO\nMORa\nORMa\nRaMO\nROMa\n");
}

// ---- issue 27: the default lexicon, the lexicon a club adjudicates with, the word graph ----

/// Both Debian lists, or `None` (with the reason printed) when one is absent.
fn debian_lists() -> Option<()> {
    for p in [
        DEBIAN_HUNSPELL_DIC,
        DEBIAN_HUNSPELL_AFF,
        tavolo::lexicon::source::DEBIAN_WITALIAN,
    ] {
        if !Path::new(p).is_file() {
            println!(
                "skipped: {p} is absent (Debian's hunspell-it and witalian; CI installs them)"
            );
            return None;
        }
    }
    Some(())
}

/// NS-2: the default lexicon unites the expanded hunspell-it and witalian, so the forms
/// hunspell-it's dictionary marks with a flag its .aff never defines are words.
#[test]
fn ns2_default_lexicon_unites_hunspell_it_and_witalian() {
    if debian_lists().is_none() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let o = tavolo(
        tmp.path(),
        &[
            "lexicon", "check", "SIEDO", "SOLEVA", "PACI", "SPATOLE", "casa",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let verdicts: Vec<String> = stdout(&o)
        .lines()
        .filter(|l| !l.starts_with("  "))
        .map(str::to_string)
        .collect();
    assert_eq!(
        verdicts,
        [
            "SIEDO: accepted by italian (tournament lexicon, NS-9)",
            "SOLEVA: accepted by italian (tournament lexicon, NS-9)",
            "PACI: accepted by italian (tournament lexicon, NS-9)",
            "SPATOLE: accepted by italian (tournament lexicon, NS-9)",
            "CASA: accepted by it_IT.dic, italian (tournament lexicon, NS-9)",
        ]
    );
    // `lexicon info` says what each list gives: all its words, and those no other has.
    let v = json(&tavolo(tmp.path(), &["lexicon", "info", "--json"]));
    let lists = v["lists"].as_array().unwrap();
    let names: Vec<&str> = lists.iter().map(|l| l["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["it_IT.dic", "italian"]);
    let (hun, wit) = (&lists[0], &lists[1]);
    let only_wit = wit["only_here"].as_u64().unwrap();
    assert!((100..5_000).contains(&only_wit), "{only_wit}");
    assert!(hun["only_here"].as_u64().unwrap() > 1_000_000, "{hun}");
    assert_eq!(
        v["words"].as_u64().unwrap(),
        hun["words"].as_u64().unwrap() + only_wit
    );
}

#[test]
fn info_says_what_each_list_gives() {
    let (tmp, cache, a) = workspace("casa\ncane\ngatto\n");
    let b = tmp.path().join("b.txt");
    std::fs::write(&b, "cane\ntopo\n").unwrap();
    let b = b.display().to_string();
    let args = [
        "lexicon",
        "info",
        "--lexicon-only",
        "--lexicon",
        &a,
        "--lexicon",
        &b,
    ];
    let v = json(&tavolo(&cache, &[&args[..], &["--json"]].concat()));
    assert_eq!(v["words"], 4);
    assert_eq!(v["lists"][0]["words"], 3);
    assert_eq!(v["lists"][0]["only_here"], 2);
    assert_eq!(v["lists"][1]["words"], 2);
    assert_eq!(v["lists"][1]["only_here"], 1);
    let text = stdout(&tavolo(&cache, &args));
    assert!(
        text.contains("   words: 3, of which 2 in no other list;"),
        "{text}"
    );
}

/// The test word list (the machine player's) as a plain list in `dir`.
fn club_list(dir: &Path, name: &str, leave_out: &[&str]) -> String {
    let words: Vec<String> = crate::natura_solve::WORDS
        .split_whitespace()
        .filter(|w| !leave_out.contains(w))
        .map(str::to_lowercase)
        .collect();
    let path = dir.join(name);
    std::fs::write(&path, words.join("\n") + "\n").unwrap();
    path.display().to_string()
}

/// Issue 27, NS-2: `play`, `check`, `solve` and `duplicate` take the lexicon `lexicon` takes;
/// the record names the lists it was played with and reads back with them, and lists given
/// to `check` replace the record's, the report naming the lexicon that judged it.
#[test]
fn a_club_adjudicates_with_its_own_lists_ns2() {
    let tmp = tempfile::tempdir().unwrap();
    let cache = tmp.path().join("cache");
    let club = club_list(tmp.path(), "club.txt", &[]);
    let game = tmp.path().join("game.toml").display().to_string();
    let only = |list: &str| {
        [
            "--lexicon-only".to_string(),
            "--lexicon".into(),
            list.into(),
        ]
    };
    let run = |args: &[&str], extra: &[String]| {
        let mut all: Vec<&str> = args.to_vec();
        all.extend(extra.iter().map(String::as_str));
        tavolo(&cache, &all)
    };

    let o = run(
        &["play", "natura", "--seed", "club", "-o", &game],
        &only(&club),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let record = std::fs::read_to_string(&game).unwrap();
    assert!(
        record.contains(&format!("lexicon = [{club:?}]\n")),
        "{record}"
    );

    // As written: judged by the list the record names.
    let o = run(&["check", &game], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("  note: lexicon: club.txt\n"),
        "{}",
        stdout(&o)
    );

    // A club's list without the second move's main word: the check names the list that
    // judged and the word missing from it.
    let note = stdout(&o)
        .lines()
        .find(|l| l.starts_with("  note: move 2: "))
        .unwrap()
        .to_string();
    let word = note
        .split(": ")
        .nth(3)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .to_string();
    assert!(word.len() >= 2, "{note}");
    let missing = [word.as_str()];
    let small = club_list(tmp.path(), "small.txt", &missing);
    let o = run(&["check", &game, "--json"], &only(&small));
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let notes = json(&o)["records"][0]["notes"].clone();
    let notes: Vec<&str> = notes
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert_eq!(notes[0], "lexicon: small.txt (chosen with --lexicon)");
    assert!(
        notes[2].contains("not in the lexicon:"),
        "the second move's word is missing from small.txt: {notes:?}"
    );
    // A list that cannot be read stops the check (exit 2), naming it.
    let o = run(&["check", &game], &only("nope.txt"));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("error[lexicon.unreadable]"),
        "{}",
        stderr(&o)
    );

    // A record naming a list that is not there is unreadable (exit 2), naming the list.
    let gone = tmp.path().join("gone.toml");
    std::fs::write(&gone, record.replace(&club, "gone.txt")).unwrap();
    let o = run(&["check", gone.to_str().unwrap()], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("error[natura.bad-setup]")
            && stdout(&o).contains("the record's lexicon cannot be read: ")
            && stdout(&o).contains("gone.txt: "),
        "{}",
        stdout(&o)
    );

    // solve reads the record's lexicon too.
    let o = run(
        &["solve", "natura", &game, "--move", "4", "--top", "2"],
        &[],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("club.txt"), "{}", stdout(&o));

    // duplicate: the record names the lists its tops were found in, and checks with them.
    let dup = tmp.path().join("dup.toml").display().to_string();
    let o = run(
        &[
            "duplicate",
            "deal",
            "--seed",
            "2",
            "--rounds",
            "4",
            "-o",
            &dup,
        ],
        &only(&club),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("words: the list club.txt"),
        "{}",
        stdout(&o)
    );
    let record = std::fs::read_to_string(&dup).unwrap();
    assert!(
        record.contains(&format!("lexicon = [{club:?}]\n")),
        "{record}"
    );
    let o = run(&["check", &dup], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let o = run(
        &["duplicate", "deal", "--seed", "2", "--words", &club],
        &only(&club),
    );
    assert_eq!(
        o.status.code(),
        Some(2),
        "--words and --lexicon exclude each other"
    );
}

/// Issue 27: `lexicon build` builds the word graph too and `lexicon info` lists it; its first
/// build shows a bar on a terminal, saying what it builds and that it happens once, and prints
/// nothing on a non-terminal.
#[test]
fn the_word_graph_is_built_once_with_progress_on_a_terminal() {
    let tmp = tempfile::tempdir().unwrap();
    let cache = tmp.path().join("cache");
    let club = club_list(tmp.path(), "club.txt", &[]);
    let lex = ["--lexicon-only", "--lexicon", club.as_str()];
    let info = || {
        json(&tavolo(
            &cache,
            &[&["lexicon", "info", "--json"][..], &lex].concat(),
        ))
    };
    let before = info();
    assert_eq!(before["graph"]["built"], false);
    let path = PathBuf::from(before["graph"]["cache"].as_str().unwrap());
    assert!(path.starts_with(&cache), "{}", path.display());
    let o = tavolo(&cache, &[&["lexicon", "build"][..], &lex].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("word graph: "), "{}", stdout(&o));
    let after = info();
    assert_eq!(after["graph"]["built"], true);
    assert_eq!(
        after["graph"]["bytes"].as_u64(),
        Some(std::fs::metadata(&path).unwrap().len())
    );
    let text = stdout(&tavolo(&cache, &[&["lexicon", "info"][..], &lex].concat()));
    assert!(
        text.contains(&format!(
            "word graph (for move search): {} (",
            path.display()
        )),
        "{text}"
    );

    // A first use on a non-terminal: nothing said.
    let fresh = tmp.path().join("fresh");
    let play = [
        "play",
        "natura",
        "--seed",
        "club",
        "--lexicon-only",
        "--lexicon",
        &club,
    ];
    let o = tavolo(&fresh, &play);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!stderr(&o).contains("building"), "{}", stderr(&o));
    // On a terminal (a pseudo-terminal from util-linux's `script`): a bar, then a line.
    let fresh = tmp.path().join("fresh-tty");
    let command = format!(
        "{} {} > /dev/null",
        env!("CARGO_BIN_EXE_tavolo"),
        play.join(" ")
    );
    let o = match Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .env("TAVOLO_CACHE_DIR", &fresh)
        .output()
    {
        Ok(o) => o,
        Err(e) => {
            println!("skipped the terminal half: `script` is not installed ({e})");
            return;
        }
    };
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let screen = stdout(&o);
    assert!(
        screen.contains("building the word list club.txt (once)")
            && screen.contains("building the word graph (once)")
            && screen.contains(&format!(
                "cached in {}: later runs read it",
                fresh.display()
            )),
        "{screen}"
    );
}

// ---- issue 44: NS-9, the tournament lexicon; `lexicon why`; a club's own list ----

/// `lexicon check --json` on `words` (extra arguments first), as JSON, with its exit code.
fn check_json(cache: &Path, extra: &[&str], words: &[&str]) -> (i32, serde_json::Value) {
    let mut args = vec!["lexicon", "check", "--json"];
    args.extend(extra);
    args.extend(words);
    let o = tavolo(cache, &args);
    (o.status.code().unwrap_or(-1), json(&o))
}

/// The reason `check` gives for the `i`th word (the first list's), as text.
fn reason(v: &serde_json::Value, i: usize) -> String {
    v["words"][i]["reasons"][0]["reason"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

/// NS-9 on Debian's lists, each class from the project's own reading of the federation's
/// rules: kept inflections, enclitics on the infinitive, the gerund and the imperative, rare
/// headwords and NS-2's forms; refused abbreviation entries, truncations, truncated
/// infinitives and enclitics on a participle. `permissive` keeps today's union.
#[test]
fn ns9_the_tournament_lexicon_keeps_and_refuses_by_class() {
    if debian_lists().is_none() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let kept = [
        "MANGIARLO",
        "DICENDOGLIELO",
        "DIMMI",
        "MANGIATELO",
        "CANTAVANO",
        "ACLAMIDI",
        "SIEDO",
        "SOLEVA",
        "PACI",
        "SPATOLE",
    ];
    let (code, v) = check_json(tmp.path(), &[], &kept);
    assert_eq!(v["mode"], "tournament");
    for (i, w) in kept.iter().enumerate() {
        assert_eq!(v["words"][i]["accepted"], true, "{w}: {}", v["words"][i]);
    }
    assert_eq!(code, 0);
    assert!(
        reason(&v, 0).contains("infinitive `mangiar`"),
        "{}",
        reason(&v, 0)
    );
    assert!(
        reason(&v, 1).contains("gerund `dicendo`"),
        "{}",
        reason(&v, 1)
    );
    assert!(reason(&v, 3).contains("imperative"), "{}", reason(&v, 3));
    assert!(
        reason(&v, 4).contains("an inflected form"),
        "{}",
        reason(&v, 4)
    );
    assert!(reason(&v, 5).contains("`aclamide/"), "{}", reason(&v, 5));
    assert_eq!(v["words"][6]["lists"], serde_json::json!(["italian"]));

    let refused = ["OC", "RAZ", "DOGAR", "VAGATITICI", "FIL", "MANGIANTESI"];
    let (code, v) = check_json(tmp.path(), &[], &refused);
    assert_eq!(code, 1);
    for (i, w) in refused.iter().enumerate() {
        assert_eq!(v["words"][i]["accepted"], false, "{w}: {}", v["words"][i]);
    }
    assert!(reason(&v, 0).contains("abbreviation"), "{}", reason(&v, 0));
    assert!(reason(&v, 1).contains("abbreviation"), "{}", reason(&v, 1));
    assert!(
        reason(&v, 2).contains("truncated infinitive"),
        "{}",
        reason(&v, 2)
    );
    assert!(
        reason(&v, 3).contains("enclitic pronouns on `vagat"),
        "{}",
        reason(&v, 3)
    );
    assert!(reason(&v, 4).contains("truncated"), "{}", reason(&v, 4));
    assert!(
        reason(&v, 5).contains("enclitic pronouns on `mangiante`"),
        "{}",
        reason(&v, 5)
    );

    // The permissive lexicon is the plain union: every one of them is a word there.
    let (code, v) = check_json(tmp.path(), &["--lexicon-mode", "permissive"], &refused);
    assert_eq!(v["mode"], "permissive");
    assert_eq!(code, 0, "{v}");
}

/// `lexicon why` answers for every word of the tests above: the list, the stem's line and
/// the affix rules, the verdict; exit 1 when one is refused.
#[test]
fn why_names_source_stem_and_rule() {
    if debian_lists().is_none() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let o = tavolo(
        tmp.path(),
        &["lexicon", "why", "DOGAR", "mangiarlo", "siedo"],
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.starts_with("DOGAR: not in it_IT.dic, italian (tournament lexicon, NS-9)\n"),
        "{text}"
    );
    assert!(
        text.contains("it_IT.dic: `dogar` from the stem at .dic line ")
            && text.contains("`dogare/ALKhlI` by .aff line ")
            && text.contains("refused (NS-9): a truncated infinitive"),
        "{text}"
    );
    assert!(text.contains("MANGIARLO: accepted by it_IT.dic"), "{text}");
    assert!(text.contains("`mangiare/ALKhlI`"), "{text}");
    assert!(text.contains("SIEDO: accepted by italian"), "{text}");
    assert!(text.contains("  italian: line "), "{text}");
}

/// A club's list: capitals read as words (NS-2 compares without case), `-WORD` lines take a
/// word out whichever list holds it, and the reasons name the club's list and line.
#[test]
fn a_club_list_adds_in_capitals_and_removes() {
    let (tmp, cache, list) = workspace("# club\nSIEDO\nQUI\n-AMO\n");
    let mini = fixture("mini.dic").display().to_string();
    let base = [
        "--lexicon-only",
        "--lexicon",
        mini.as_str(),
        "--lexicon",
        list.as_str(),
    ];
    let (code, v) = check_json(&cache, &base, &["siedo", "Qui", "amo", "ami"]);
    assert_eq!(v["words"][0]["lists"], serde_json::json!(["parole.txt"]));
    assert!(
        reason(&v, 0).contains("line 2: `SIEDO`"),
        "{}",
        reason(&v, 0)
    );
    assert_eq!(v["words"][1]["accepted"], true);
    assert_eq!(v["words"][2]["accepted"], false);
    assert_eq!(v["words"][2]["removed_by"], "parole.txt");
    assert!(
        reason(&v, 2).contains("line 4: `-AMO` removes it"),
        "{}",
        reason(&v, 2)
    );
    assert_eq!(v["words"][3]["accepted"], true);
    assert_eq!(code, 1);
    // A list of capitals alone is a lexicon, not an empty one.
    let caps = tmp.path().join("caps.txt");
    std::fs::write(&caps, "SIEDO\nSOLEVA\n").unwrap();
    let caps = caps.display().to_string();
    let (code, v) = check_json(&cache, &["--lexicon-only", "--lexicon", &caps], &["SOLEVA"]);
    assert_eq!(code, 0, "{v}");
    // Anagrams and every word leave the removed one out.
    let o = tavolo(&cache, &[&["lexicon", "words"][..], &base[..]].concat());
    let words = stdout(&o);
    let words: Vec<&str> = words.lines().collect();
    assert!(
        words.contains(&"SIEDO") && words.contains(&"AMI"),
        "{words:?}"
    );
    assert!(!words.contains(&"AMO"), "{words:?}");
}
