//! `tavolo score natura POSITION SQUARE across|down WORD`: one placement on a position, every
//! word it forms with its letters, premiums and multiplier (NS-1) and whether the lexicon
//! holds it (NS-2), and the rack bonus.
//!
//! POSITION is `empty` (the empty board: the play must cover the star) or a TOML file:
//!
//! ```toml
//! board = [                # 15 rows of 15: `.` empty, a letter a tile, lower case a jolly
//!   "...............",
//!   # ...
//! ]
//! rack = "CASA?"           # optional: the tiles must come from it; emptying it earns the bonus
//! ```

use super::board::{Board, Dir, Placement, Square, WordScore, THROUGH};
use super::game::rack_bonus;
use super::layout::{TileSet, BLANK, JOLLY, RACK};
use super::record::{default_lexicon, explain_word, letter, rack_tiles, read_board, Lex, Natura};
use super::Broken;
use crate::error::Error;
use crate::games::engine::Broken as _;
use crate::games::{Scored, Scorer};
use crate::record::Source;

/// The board and rack of a position argument.
fn position(arg: &str) -> Result<(Board, Option<Vec<u8>>), Error> {
    if arg.eq_ignore_ascii_case("empty") {
        return Ok((Board::new(), None));
    }
    let path = std::path::Path::new(arg);
    let text = crate::input::read_to_string(path, crate::input::RECORD)
        .map_err(|e| Error::io("score.unreadable", path, &e))?;
    let src = Source::new(path, text);
    let doc = src.parse()?;
    let mut f = doc.fields(&src, "the position")?;
    const FIELDS: &[&str] = &["board", "rack"];
    f.only(FIELDS)?;
    let tiles = read_board(&src, f.req("board")?)?;
    let mut board = Board::new();
    for (sq, t) in tiles {
        board.set(sq, t);
    }
    let rack = match f.opt("rack") {
        None => None,
        Some(node) => Some(rack_tiles(&src, node, "the rack")?),
    };
    f.finish(FIELDS)?;
    Ok((board, rack))
}

/// The placement of the arguments: a square, a direction and the word.
fn placement(at: &str, dir: &str, word: &str) -> Result<Placement, Error> {
    let at: Square = at
        .parse()
        .map_err(|e: String| Error::input("natura.bad-square", e))?;
    let dir = match dir.to_ascii_lowercase().as_str() {
        "across" => Dir::Across,
        "down" => Dir::Down,
        d => {
            return Err(Error::input(
                "natura.bad-direction",
                format!("`{d}` is not a direction: across or down"),
            ))
        }
    };
    let set = TileSet::italian();
    let mut tiles = Vec::new();
    for c in word.chars() {
        let kind = set.parse(c).filter(|t| t & BLANK == 0);
        if kind.is_some_and(|t| set.full_counts()[usize::from(t)] == 0) {
            return Err(Error::input(
                "natura.unknown-letter",
                format!(
                    "`{c}` is no tile of the Italian set: it only ever stands on a jolly, written in lower case (NS-1, NS-2)"
                ),
            ));
        }
        tiles.push(if c == '.' {
            THROUGH
        } else {
            letter(&set, c).ok_or_else(|| {
                Error::input(
                    "natura.unknown-letter",
                    format!(
                        "`{c}` is no letter: A-Z, lower case a jolly, `.` a letter on the board"
                    ),
                )
            })?
        });
    }
    Ok(Placement {
        at,
        dir,
        word: tiles,
    })
}

pub fn score(game: &Natura, args: &[String]) -> Result<Scored, Error> {
    let usage = || {
        Error::input(
            "score.usage",
            "give a position and a placement, e.g. `tavolo score natura empty H8 across CASA`",
        )
        .help(game.usage())
    };
    let [pos, at, dir, word] = args else {
        return Err(usage());
    };
    let (board, rack) = position(pos)?;
    let play = placement(at, dir, word)?;
    let set = TileSet::italian();
    let scored = board.score(&set, &play).map_err(|p| {
        let b = Broken::Place(p);
        Error::input(
            "score.cannot-place",
            format!("{} ({})", b.describe(&[]), b.rule()),
        )
    })?;
    // The tiles from the rack, when one is given; the bonus for emptying it.
    let bonus = match &rack {
        Some(r) => {
            let mut left = r.clone();
            for &(sq, t) in &scored.placed {
                let k = TileSet::rack_tile(t);
                let i = left.iter().position(|&x| x == k).ok_or_else(|| {
                    Error::input(
                        "score.cannot-place",
                        format!(
                            "`{}` (for {sq}) is not on the rack",
                            if k == JOLLY { '?' } else { set.char_of(t) }
                        ),
                    )
                })?;
                left.remove(i);
            }
            if left.is_empty() {
                rack_bonus(r.len())
            } else {
                0
            }
        }
        None if scored.placed.len() == RACK => rack_bonus(RACK),
        None => 0,
    };
    let points = scored.words_total() + bonus;
    // NS-2: each word looked up in the default lexicon, as `tavolo check` does.
    let lex = default_lexicon();
    let mut text = String::new();
    for w in &scored.words {
        text += &format!("{}{}\n", explain_word(w, &set), verdict_text(&lex, w, &set));
    }
    if bonus > 0 {
        text += &format!("{}\n", crate::t!("score-rack-bonus", bonus = bonus));
    }
    text += &format!("{}\n", crate::t!("score-total", points = points));
    text += &format!("{}\n", lex.describe());
    let facts = super::facts_record::play(
        &scored.words,
        bonus,
        &lex.words()
            .map_or_else(Vec::new, |w| w.missing(&scored.words, &set)),
        &set,
        &lex,
    );
    let mut json = serde_json::Map::new();
    json.insert("game".into(), "natura".into());
    json.insert("at".into(), play.at.to_string().into());
    json.insert("dir".into(), play.dir.to_string().into());
    json.extend(facts);
    json.insert("lexicon".into(), lex.describe().into());
    Ok(Scored {
        text,
        json: json.into(),
    })
}

/// The lexicon's verdict on a word, after its score: the list that holds it, or that none
/// does (NS-2).
fn verdict_text(lex: &Lex, w: &WordScore, set: &TileSet) -> String {
    match lex.verdict(&w.upper(set)) {
        (None, _) => String::new(),
        (Some(true), Some(list)) => format!(" [{}]", crate::t!("lex-in-list", list = list)),
        (Some(true), None) => format!(" [{}]", crate::t!("lex-in")),
        (Some(false), _) => format!(" [{}]", crate::t!("lex-not-in")),
    }
}

impl Scorer for Natura {
    fn usage(&self) -> &'static str {
        "a position (a TOML file with `board = [15 rows]` and optionally `rack`, or `empty` for \
         the empty board) and a placement `SQUARE across|down WORD`: every word it forms with \
         its premiums and whether the lexicon holds it (NS-2), the rack bonus and the total \
         (docs/records.md, Natura Shakerata)"
    }

    fn score(&self, args: &[String]) -> Result<crate::games::Scored, Error> {
        score(self, args)
    }
}
