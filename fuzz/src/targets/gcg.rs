//! GCG files (Natura Shakerata's records of play, NS-6): read, write, re-read;
//! replayed on the board with the Natura tile set. A read error or a replay
//! error names a line and column inside the decoded text; a file read must
//! write back and re-read to the same game.

use tavolo::games::natura::gcg::{self, Scoring};

use super::{files, in_bounds, read_all, repo, Target};
use crate::mutate::Shape;

const WORDS: &[&str] = &[
    "#player1",
    "#player2",
    "#player3",
    "#character-encoding",
    "UTF-8",
    "ISO-8859-1",
    "#note",
    "#title",
    "#lexicon",
    ">",
    ":",
    "8H",
    "H8",
    "15O",
    "A1",
    "(challenge)",
    "(time)",
    "--",
    "-",
    "+0",
    "+50",
    ".",
    "?",
    "\u{e0}",
];

pub fn target() -> Target {
    let r = repo();
    let mut paths = files(&r.join("fuzz/seeds/gcg"), ".gcg");
    // The sample games beside the repository (shared/gcg), when there.
    for d in [r.join("../shared/gcg"), r.join("../../shared/gcg")] {
        paths.extend(files(&d, ".gcg"));
    }
    let scoring = Scoring::natura();
    Target::new(
        "gcg",
        read_all(&paths),
        WORDS,
        Shape::Text,
        Box::new(move |input| check(input, &scoring)),
    )
}

fn decoded(input: &[u8]) -> String {
    gcg::decode(input).unwrap_or_else(|_| {
        let b = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
        b.iter().map(|&c| c as char).collect()
    })
}

pub fn check(input: &[u8], scoring: &Scoring) -> Result<(), String> {
    let read = match gcg::read(input) {
        Ok(r) => r,
        Err(e) => {
            return in_bounds(&decoded(input), e.line, e.col)
                .map_err(|m| format!("{}: {m}: {}", e.code, e.message));
        }
    };
    let text = decoded(input);
    if read.lines.len() != read.gcg.events.len() {
        return Err("one line per event expected".into());
    }
    for w in &read.warnings {
        in_bounds(&text, w.line, 1).map_err(|m| format!("warning: {m}"))?;
    }
    if let Err(e) = gcg::replay(&read, scoring) {
        in_bounds(&text, e.line, e.col).map_err(|m| format!("replay {}: {m}", e.code))?;
    }
    let written = gcg::write(&read.gcg);
    match gcg::read(written.as_bytes()) {
        Ok(again) if again.gcg == read.gcg => Ok(()),
        Ok(again) => Err(format!(
            "written and re-read, the game differs:\n{:?}\nthen\n{:?}\nwritten:\n{written}",
            read.gcg, again.gcg
        )),
        Err(e) => Err(format!(
            "written, it does not re-read: {} at {}:{}: {}\nwritten:\n{written}",
            e.code, e.line, e.col, e.message
        )),
    }
}
