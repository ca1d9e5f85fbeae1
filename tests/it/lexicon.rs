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
    assert_eq!(
        stdout(&o),
        "CITTA: accepted by mini.dic\nRICERCATO: accepted by mini.dic\nQI: accepted by parole.txt\n\
         XX: not in mini.dic, parole.txt\n"
    );
    let mut args = base.to_vec();
    args.extend(["--json", "amo", "l'albero"]);
    let v = json(&tavolo(&cache, &args));
    assert_eq!(v["lexicon"], serde_json::json!(["mini.dic", "parole.txt"]));
    assert_eq!(
        v["words"][0],
        serde_json::json!({"given": "amo", "word": "AMO", "accepted": true, "lists": ["mini.dic"]})
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
    assert!(std::fs::read_dir(&other).unwrap().count() == 1);
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
