//! `tavolo score` in the pseudo-locale (issue 42): for every game that has a scorer
//! (Natura Shakerata, Quincunx), a placement's score, its breakdown, the best placements
//! and the lexicon's verdict take their words from the catalogue; what is left unmarked is
//! data (words placed, squares and cells, card codes, the variant, the lexicon's lists and
//! mode). And the same score in Italian, in the sheets' words.

use std::path::Path;
use std::process::Command;

use tavolo::lang::unmarked_words;

fn score(dir: &Path, lang: &str, args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(["--lang", lang, "score"])
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("run tavolo");
    let text =
        String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {text}");
    text
}

/// The data a score shows: the word, the lexicon's lists and mode, the variant.
const DATA: &[&str] = &[
    "CASA",
    "CAZA",
    "it", // it_IT.dic, the hunspell list
    "dic",
    "italian",
    "tournament",
    "permissive",
    "standard",
    "hunspell",
    "witalian",
];

#[test]
fn every_score_takes_its_words_from_the_catalogue() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("q.toml"),
        "hand = [\"AM\", \"2MK\", \"5YK\"]\n[grid]\nc3 = \"3MW\"\n",
    )
    .unwrap();
    let runs: [&[&str]; 4] = [
        &["natura", "empty", "H8", "across", "CASA"],
        &["natura", "empty", "H8", "down", "CAZA"],
        &["quincunx", "c3=3MW", "AM", "c2"],
        &["quincunx", "q.toml", "best"],
    ];
    let mut found = Vec::new();
    for args in runs {
        let out = score(d, "pseudo", args);
        assert!(out.contains('⟦'), "{args:?}: {out}");
        let words = unmarked_words(&out, DATA);
        if !words.is_empty() {
            found.push(format!("{args:?}: {words:#?}"));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn a_score_reads_in_italian() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let q = score(d, "it", &["quincunx", "c3=3MW", "AM", "c2"]);
    assert!(
        q.contains("AM in c2 fa 4 punti: punti base +4 (c3 +4)"),
        "{q}"
    );
    assert!(q.contains("totale 4 punti, 0 carte da pescare"), "{q}");
    let n = score(d, "it", &["natura", "empty", "H8", "across", "CASA"]);
    assert!(n.contains("totale 12 punti"), "{n}");
    assert!(n.contains("lessico: "), "{n}");
    // The English is as it was.
    let q = score(d, "en", &["quincunx", "c3=3MW", "AM", "c2"]);
    assert!(q.contains("  total 4 points, 0 card(s) to draw"), "{q}");
}
