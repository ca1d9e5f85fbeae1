//! A play's facts as data, one shape wherever they are shown (an adapter, as `record.rs`):
//! `tavolo check --json`'s `details` (TOML and GCG records) and `tavolo score natura --json`.
//! Each word formed with its squares, letters, letter sum, multiplier, score and the
//! lexicon's verdict; the rack bonus; the play's points. Documented in `docs/records.md`
//! (Natura Shakerata).

use serde_json::{json, Map, Value};

use super::board::WordScore;
use super::layout::{premiums, Premium, TileSet, BLANK};
use super::lex::Lex;

/// How a premium square is named in the facts.
pub fn premium_name(p: Premium) -> Option<&'static str> {
    match p {
        Premium::None => None,
        Premium::DoubleLetter => Some("DL"),
        Premium::TripleLetter => Some("TL"),
        Premium::DoubleWord => Some("DW"),
        Premium::TripleWord => Some("TW"),
    }
}

/// The sum of a word's letter values, letter premiums applied (before the word multiplier).
pub fn letter_sum(w: &WordScore) -> u32 {
    w.letters.iter().map(|l| l.value * l.letter_factor).sum()
}

/// One word: `word` (a jolly in lower case), `start`, `dir`, `squares`, `letters` (each
/// `square`, `letter`, `jolly`, `value`, `new`, `premium` under a new tile, `letter_factor`),
/// `letter_sum`, `multiplier`, `score`, and the lexicon's verdict: `in_lexicon` (`null` when
/// words are not checked) and `list` (the list that holds it, when one does).
pub(super) fn word(w: &WordScore, set: &TileSet, lex: &Lex) -> Value {
    let layout = premiums();
    let upper = w.upper(set);
    let (in_lexicon, list) = lex.verdict(&upper);
    json!({
        "word": w.text(set),
        "start": w.start.to_string(),
        "dir": w.dir.to_string(),
        "squares": w.letters.iter().map(|l| l.square.to_string()).collect::<Vec<_>>(),
        "letters": w.letters.iter().map(|l| json!({
            "square": l.square.to_string(),
            "letter": set.char_of(l.tile).to_string(),
            "jolly": l.tile & BLANK != 0,
            "value": l.value,
            "new": l.new,
            "premium": if l.new { premium_name(layout[l.square.row][l.square.col]) } else { None },
            "letter_factor": l.letter_factor,
        })).collect::<Vec<_>>(),
        "letter_sum": letter_sum(w),
        "multiplier": w.multiplier,
        "score": w.score,
        "in_lexicon": in_lexicon,
        "list": list,
    })
}

/// A play's fields: `placed` (each new tile's `square` and `letter`: the main word's new
/// letters, as the main word holds every tile played), `words` (see [`word`]), `bonus`,
/// `points` (the words plus the bonus) and `missing` (the words the lexicon lacks).
pub(super) fn play(
    words: &[WordScore],
    bonus: u32,
    missing: &[String],
    set: &TileSet,
    lex: &Lex,
) -> Map<String, Value> {
    let mut m = Map::new();
    let placed: Vec<Value> = words
        .first()
        .map(|main| {
            main.letters
                .iter()
                .filter(|l| l.new)
                .map(|l| json!({"square": l.square.to_string(), "letter": set.char_of(l.tile).to_string()}))
                .collect()
        })
        .unwrap_or_default();
    m.insert("placed".into(), placed.into());
    m.insert(
        "words".into(),
        words.iter().map(|w| word(w, set, lex)).collect(),
    );
    m.insert("bonus".into(), bonus.into());
    let points: u32 = words.iter().map(|w| w.score).sum::<u32>() + bonus;
    m.insert("points".into(), points.into());
    m.insert("missing".into(), json!(missing));
    m
}

/// A detail's fields with its `kind` first.
pub(super) fn with_kind(kind: &str, rest: Map<String, Value>) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("kind".into(), kind.into());
    m.extend(rest);
    m
}
