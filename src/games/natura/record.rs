//! Natura Shakerata in records (format in `docs/records.md`, section Natura Shakerata): the
//! variants, dealing the bag from a seed, reading a written `[setup]` (racks and bag, or a
//! position in the middle of a game) and the moves, and replaying them through the engine
//! into a verdict that explains every word's score (NS-1..NS-5). GCG files are read by
//! [`super::gcg`] and judged in [`super::gcg_record`] (NS-6).
//!
//! # Deals
//!
//! The bag of board `b` is the permutation `tavolo-deal-v1("natura", "standard", seed, b)` of
//! the 120 tiles in canonical order: the two jollies, then the letters A..Z, each as many times
//! as the set has it ([`TileSet::full_counts`]). The variant does not change a deal (it only
//! changes the end adjustment). Racks are drawn from the front of the bag, seven each, seat
//! by seat, as at the table.

use std::collections::BTreeSet;
use std::ops::RangeInclusive;
use std::sync::Arc;

use serde::Serialize;

use super::board::{Board, Dir, PlaceError, Placement, Square, WordScore, THROUGH};
use super::duplicate::record::VARIANT as DUPLICATE;
use super::game::{End, Outcome, Rules, Setup, State};
use super::layout::{TileSet, BLANK, JOLLY, RACK, SIZE};
pub(super) use super::lex::{default_lexicon, Lex};
use super::moves::{tile_char, Move};
use super::Broken;
use crate::deal::Provenance;
use crate::error::Error;
use crate::games::check::Foreign;
use crate::games::engine::{Broken as _, Engine};
use crate::games::referee::{Playable, Referee};
use crate::games::replay::{illegal, replay_followed};
use crate::games::session::Opened as SessionOpened;
use crate::games::{Game, Scorer};
use crate::record::node::Value;
use crate::record::{
    write, Deal, GameResult, Illegal, MoveDetail, MoveEntry, MoveOut, Node, Record, Score, Seats,
    Source, Span, Verdict,
};

/// The registry entry for Natura Shakerata.
pub struct Natura;

/// The variants: the FIGS end adjustment (NS-4), or none; and duplicate games, whose records
/// [`super::duplicate::record`] reads.
pub const VARIANTS: &[&str] = &["standard", "no-rack-penalty", DUPLICATE];

/// The deal key: the variant does not change the bag.
pub(super) const DEAL_VARIANT: &str = "standard";

fn internal(msg: &str) -> Error {
    Error::failed("natura.internal", format!("internal error: {msg}"))
}

pub(super) fn rules_of(variant: &str) -> Rules {
    Rules {
        no_rack_penalty: variant == "no-rack-penalty",
        ..Rules::default()
    }
}

impl Game for Natura {
    fn name(&self) -> &'static str {
        "natura"
    }

    fn variants(&self) -> &'static [&'static str] {
        VARIANTS
    }

    fn player_counts(&self, variant: &str) -> RangeInclusive<usize> {
        // A duplicate record's one player is the top.
        if variant == DUPLICATE {
            return 1..=1;
        }
        2..=6
    }

    fn check(&self, record: &Record, src: &Source) -> Result<Verdict, Error> {
        if record.variant == DUPLICATE {
            return super::duplicate::record::check(record, src);
        }
        check(record, src)
    }

    fn deal(&self, variant: &str, players: &[String], deal: &Provenance) -> Result<Deal, Error> {
        if variant == DUPLICATE {
            return super::duplicate::record::deal(deal);
        }
        describe_deal(&dealt_bag(deal), players)
    }

    fn playable(&self) -> &dyn Playable {
        self
    }

    fn scorer(&self) -> Option<&dyn Scorer> {
        Some(self)
    }

    /// A position's best moves, a game reviewed ([`super::solve_record`]).
    fn position_solver(&self) -> Option<&dyn crate::games::solve::SolvePosition> {
        Some(self)
    }

    /// GCG files (NS-6), in [`super::gcg_record`].
    fn foreign(&self) -> Option<&dyn Foreign> {
        Some(self)
    }

    fn drawer(&self) -> Option<&dyn crate::show::scene::Draw> {
        Some(self)
    }
}

impl Referee for Natura {
    type Engine = State;

    fn start(&self, variant: &str, players: &[String], deal: &Provenance) -> Result<State, Error> {
        if variant == DUPLICATE {
            return Err(Error::input(
                "natura.duplicate-play",
                "a duplicate game has no turns to play at random: `tavolo duplicate deal` plays it",
            ));
        }
        let setup = Setup {
            players: players.len(),
            bag: dealt_bag(deal),
        };
        State::start(&setup, &rules_of(variant)).map_err(|e| internal(&e.to_string()))
    }

    fn move_out(&self, seat: usize, mv: &Move) -> MoveOut {
        move_out(seat, mv)
    }

    fn mover(&self, seat: usize, _mv: &Move) -> usize {
        seat
    }

    /// The highest-scoring move each turn ([`super::machine`]).
    fn machine(
        &self,
        strength: crate::games::referee::Strength,
        words: Option<&crate::games::solve::WordLists>,
    ) -> Option<Result<crate::games::referee::Machine<State>, Error>> {
        Some(machine(strength, words))
    }
}

/// Natura Shakerata with a word list in its rules, for the generic property tests: the
/// engine's `legal_moves` is then the move generator's exact list over these words, which
/// also judge challenges (a record with the same `words = [...]` checks alike).
pub struct WithWords {
    graph: Arc<super::movegen::Gaddag>,
    words: Arc<BTreeSet<String>>,
}

impl WithWords {
    /// Upper-case words of 2-15 letters A-Z (others are left out of the graph).
    pub fn new(words: &[&str]) -> Result<WithWords, super::movegen::BuildError> {
        Ok(WithWords {
            graph: Arc::new(super::movegen::Gaddag::from_words(words)?),
            words: Arc::new(words.iter().map(|w| w.to_string()).collect()),
        })
    }
}

impl Referee for WithWords {
    type Engine = State;

    fn start(&self, variant: &str, players: &[String], deal: &Provenance) -> Result<State, Error> {
        let setup = Setup {
            players: players.len(),
            bag: dealt_bag(deal),
        };
        let rules = Rules {
            words: Lex::Inline(self.words.clone()).words(),
            graph: Some(self.graph.clone()),
            ..rules_of(variant)
        };
        State::start(&setup, &rules).map_err(|e| internal(&e.to_string()))
    }

    fn move_out(&self, seat: usize, mv: &Move) -> MoveOut {
        move_out(seat, mv)
    }

    fn mover(&self, seat: usize, _mv: &Move) -> usize {
        seat
    }
}

/// A move as a record's `[[move]]` fields.
pub fn move_out(seat: usize, mv: &Move) -> MoveOut {
    let fields = match mv {
        Move::Place { play, .. } => {
            let word: String = play.word.iter().map(|&t| tile_char(t)).collect();
            vec![
                ("word", write::string(&word)),
                ("at", write::string(&play.at.to_string())),
                ("dir", write::string(&play.dir.to_string())),
            ]
        }
        Move::Exchange { tiles, .. } => {
            let t: String = tiles.iter().map(|&t| tile_char(t)).collect();
            vec![("exchange", write::string(&t))]
        }
        Move::Pass { .. } => vec![("pass", "true".into())],
        Move::Challenge { .. } => vec![("challenge", "true".into())],
    };
    MoveOut {
        player: seat,
        fields,
    }
}

/// The bag a seed deals: 120 tiles as rack tiles (0 a jolly), in draw order.
pub fn dealt_bag(p: &Provenance) -> Vec<u8> {
    let canonical = canonical_bag();
    crate::deal::shuffled(&p.game, DEAL_VARIANT, &p.seed, p.board, canonical.len())
        .into_iter()
        .map(|i| canonical[i])
        .collect()
}

/// The bag's tiles in the canonical order every deal shuffles.
pub(super) fn canonical_bag() -> Vec<u8> {
    let set = TileSet::italian();
    let mut canonical = Vec::with_capacity(set.total());
    for (k, &n) in set.full_counts().iter().enumerate() {
        canonical.extend(std::iter::repeat_n(k as u8, usize::from(n)));
    }
    canonical
}

pub(super) fn tiles_text(tiles: &[u8]) -> String {
    tiles.iter().map(|&t| tile_char(t)).collect()
}

/// A dealt setup as `[setup]` writes it: each rack, then the rest of the bag in draw order.
#[derive(Serialize)]
struct SetupDoc {
    racks: Seats<String>,
    bag: String,
    /// The run's lexicon when the command line chose lists (NS-2: a record names the
    /// lexicon it was played with; without the field, NS-2's default lists).
    #[serde(skip_serializing_if = "crate::lexicon::choice::Choice::is_default")]
    lexicon: crate::lexicon::choice::Choice,
}

fn describe_deal(bag: &[u8], players: &[String]) -> Result<Deal, Error> {
    let n = players.len();
    let racks = Seats(
        players
            .iter()
            .enumerate()
            .map(|(i, name)| (name.clone(), tiles_text(&bag[i * RACK..(i + 1) * RACK])))
            .collect(),
    );
    let doc = SetupDoc {
        racks,
        bag: tiles_text(&bag[n * RACK..]),
        lexicon: crate::lexicon::choice::run_choice(),
    };
    let mut lines: Vec<String> = doc
        .racks
        .0
        .iter()
        .map(|(name, r)| format!("{name}: {r}"))
        .collect();
    lines.push(format!(
        "bag ({} tiles, draw order): {}",
        bag.len() - n * RACK,
        doc.bag
    ));
    Deal::from_setup(&doc, lines)
}

/// A `lexicon` value of a `[setup]`: `"default"` (NS-2's lists), `"none"` (`None`: no word
/// checked), or an array of lists (`["default", "parole.txt"]`, paths relative to the
/// record's folder).
pub(super) fn lists_named(
    src: &Source,
    node: &Node,
) -> Result<Option<crate::lexicon::choice::Choice>, Error> {
    use crate::lexicon::choice::Choice;
    let help = "`lexicon = \"default\"` (NS-2's lists), `\"none\"`, or a list of word lists \
                (`[\"default\", \"parole.txt\"]`); or the words themselves in `words = [...]`";
    if let Ok(text) = node.as_str(src, "`lexicon`") {
        return match text {
            "none" => Ok(None),
            named if Choice::named(named).is_some() => Ok(Choice::named(named)),
            other => Err(src
                .error(
                    "natura.bad-setup",
                    &node.span,
                    format!("unknown lexicon `{other}`"),
                )
                .help(help)),
        };
    }
    if !matches!(node.value, Value::Array(_)) {
        return Err(src
            .error(
                "record.wrong-type",
                &node.span,
                format!(
                    "`lexicon` must be a string or an array of word lists, not {}",
                    node.value.type_name()
                ),
            )
            .help(help));
    }
    let entries = node.as_str_array(src, "`lexicon`")?;
    let base = src.path().parent().unwrap_or(std::path::Path::new(""));
    Choice::from_entries(entries.iter().map(|(e, _)| *e), base)
        .map(Some)
        .map_err(|(i, why)| {
            let span = entries.get(i).map_or(&node.span, |(_, s)| *s);
            src.error("natura.bad-setup", span, why).help(help)
        })
}

// ---------------------------------------------------------------------------------------
// Reading a record.

/// What a record's setup gives: the start (a full bag, or a position) and the options.
#[derive(Clone)]
pub(super) struct Written {
    pub(super) start: Option<Start>,
    pub(super) lex: Option<Lex>,
    pub(super) challenge_penalty: u32,
}

#[derive(Clone, PartialEq, Eq)]
pub(super) enum Start {
    /// The 120 tiles in draw order (racks from the front, seat by seat).
    Bag(Vec<u8>),
    /// A position: the board, each rack, the bag, the scores, the seat to move.
    Position {
        board: Vec<(Square, u8)>,
        racks: Vec<String>,
        bag: Vec<u8>,
        scores: Vec<i32>,
        turn: usize,
    },
}

const SETUP_FIELDS: &[&str] = &[
    "racks",
    "bag",
    "board",
    "scores",
    "to_move",
    "words",
    "lexicon",
    "challenge-penalty",
];

/// The span of the `i`-th character of a string value, when the source writes it plainly
/// (no escapes); else the whole value.
fn char_span(src: &Source, node: &Node, text: &str, i: usize) -> Span {
    let raw = src.text.get(node.span.clone()).unwrap_or("");
    let (at, c) = text.char_indices().nth(i).unwrap_or((0, ' '));
    if raw.len() == text.len() + 2 && &raw[1..raw.len() - 1] == text {
        let start = node.span.start + 1 + at;
        return start..start + c.len_utf8();
    }
    node.span.clone()
}

/// A letter of a record (NS-2: accents and case folded; lower case a jolly on the board).
pub(super) fn letter(set: &TileSet, c: char) -> Option<u8> {
    let folded = crate::lexicon::normalise::fold(&c.to_string())?;
    let up = folded.chars().next()?;
    let t = set.parse(up)?;
    Some(if c.is_lowercase() { t | BLANK } else { t })
}

/// Rack tiles as written: letters in any case, `?` a jolly.
pub(super) fn rack_tiles(src: &Source, node: &Node, what: &str) -> Result<Vec<u8>, Error> {
    let set = TileSet::italian();
    let text = node.as_str(src, what)?;
    text.chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace())
        .map(|(i, c)| {
            if c == '?' {
                return Ok(JOLLY);
            }
            letter(&set, c).map(|t| t & !BLANK).ok_or_else(|| {
                src.error(
                    "natura.unknown-letter",
                    &char_span(src, node, text, i),
                    format!("`{c}` in {what} is no tile: a letter A-Z, or `?` for a jolly (NS-1)"),
                )
            })
        })
        .collect()
}

fn read_setup_node(record: &Record, node: &Node, src: &Source) -> Result<Written, Error> {
    let mut f = node.fields(src, "[setup]")?;
    f.only(SETUP_FIELDS)?;
    let names: Vec<&str> = record.players.iter().map(|p| p.name.as_str()).collect();
    let n = names.len();
    let racks = match f.opt("racks") {
        None => None,
        Some(rn) => {
            let mut rf = rn.fields(src, "`racks`")?;
            rf.only(&names)?;
            let mut out = Vec::new();
            for name in &names {
                let r = rf.req(name)?;
                let tiles = rack_tiles(src, r, &format!("{name}'s rack"))?;
                if tiles.len() > RACK {
                    return Err(src.error(
                        "natura.bad-setup",
                        &r.span,
                        format!(
                            "{name}'s rack holds {} tiles; a rack holds 7 (NS-1)",
                            tiles.len()
                        ),
                    ));
                }
                out.push((tiles, r.span.clone()));
            }
            rf.finish(&names)?;
            Some(out)
        }
    };
    let bag = match f.opt("bag") {
        None => None,
        Some(b) => Some((rack_tiles(src, b, "the bag")?, b.span.clone())),
    };
    let board = match f.opt("board") {
        None => None,
        Some(b) => Some(read_board(src, b)?),
    };
    let scores = match f.opt("scores") {
        None => vec![0; n],
        Some(sn) => {
            let mut sf = sn.fields(src, "`scores`")?;
            sf.only(&names)?;
            let mut out = Vec::new();
            for name in &names {
                let v = match sf.opt(name) {
                    None => 0,
                    Some(v) => v.as_int(src, &format!("{name}'s score"), -100_000..100_000)? as i32,
                };
                out.push(v);
            }
            sf.finish(&names)?;
            out
        }
    };
    let turn = match f.opt_str("to_move")? {
        None => 0,
        Some((name, span)) => names.iter().position(|&x| x == name).ok_or_else(|| {
            src.error(
                "natura.bad-setup",
                span,
                format!("`{name}` is not one of the players"),
            )
        })?,
    };
    let words = match f.opt("words") {
        None => None,
        Some(w) => {
            let mut set = BTreeSet::new();
            for (word, span) in w.as_str_array(src, "`words`")? {
                let folded = crate::lexicon::normalise::fold(word.trim())
                    .filter(|x| x.len() >= 2)
                    .ok_or_else(|| {
                        src.error(
                            "natura.bad-word",
                            span,
                            format!("`{word}` is not a word of 2 letters or more (NS-2)"),
                        )
                    })?;
                set.insert(folded);
            }
            Some(Lex::Inline(Arc::new(set)))
        }
    };
    let lexicon = match f.opt("lexicon") {
        None => None,
        Some(node) => Some(match lists_named(src, node)? {
            Some(choice) => Lex::Lists(crate::lexicon::choice::open(&choice).map_err(|e| {
                let file = e
                    .location
                    .as_ref()
                    .map_or(String::new(), |l| format!("{}: ", l.file.display()));
                src.error(
                    "natura.bad-setup",
                    &node.span,
                    format!("the record's lexicon cannot be read: {file}{}", e.message),
                )
                .help("the record names these lists; give others with --lexicon")
            })?),
            None => Lex::Unchecked(super::lex::RECORD_NONE),
        }),
    };
    let challenge_penalty = match f.opt("challenge-penalty") {
        None => 0,
        Some(p) => p.as_int(src, "`challenge-penalty`", 0..1000)? as u32,
    };
    f.finish(SETUP_FIELDS)?;
    if words.is_some() && lexicon.is_some() {
        return Err(src.error(
            "natura.bad-setup",
            &node.span,
            "give `words` or `lexicon`, not both",
        ));
    }
    let start = match (racks, bag, board) {
        (None, None, None) => None,
        (racks, bag, None) => {
            // The whole bag: the racks (seat by seat) then the rest, 120 tiles.
            let mut all: Vec<u8> = racks
                .iter()
                .flatten()
                .flat_map(|(t, _)| t.iter().copied())
                .collect();
            if let Some((_, span)) = racks.iter().flatten().find(|(t, _)| t.len() != RACK) {
                return Err(src.error(
                    "natura.bad-setup",
                    span,
                    "at the start every rack holds 7 tiles (NS-1); give a `board` for a position",
                ));
            }
            all.extend(bag.iter().flat_map(|(t, _)| t.iter().copied()));
            Some(Start::Bag(all))
        }
        (racks, bag, Some(board)) => {
            let racks: Vec<String> = match racks {
                Some(r) => r.iter().map(|(t, _)| tiles_text(t)).collect(),
                None => vec![String::new(); n],
            };
            Some(Start::Position {
                board,
                racks,
                bag: bag.map(|(t, _)| t).unwrap_or_default(),
                scores,
                turn,
            })
        }
    };
    Ok(Written {
        start,
        lex: words.or(lexicon),
        challenge_penalty,
    })
}

/// `board = ["...............", ...]`: 15 rows of 15, `.` empty, a letter a tile, lower case
/// a jolly standing for that letter.
pub(super) fn read_board(src: &Source, node: &Node) -> Result<Vec<(Square, u8)>, Error> {
    let set = TileSet::italian();
    let rows = node.as_array(src, "`board`")?;
    if rows.len() != SIZE {
        return Err(src.error(
            "natura.bad-board",
            &node.span,
            format!("`board` has {} rows; the board has 15 (NS-1)", rows.len()),
        ));
    }
    let mut out = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let text = row.as_str(src, "each row of `board`")?;
        if text.chars().count() != SIZE {
            return Err(src.error(
                "natura.bad-board",
                &row.span,
                format!(
                    "row {} has {} squares; a row has 15",
                    r + 1,
                    text.chars().count()
                ),
            ));
        }
        for (c, ch) in text.chars().enumerate() {
            if ch == '.' {
                continue;
            }
            let t = letter(&set, ch).ok_or_else(|| {
                src.error(
                    "natura.unknown-letter",
                    &char_span(src, row, text, c),
                    format!("`{ch}` is no letter (A-Z, lower case for a jolly, `.` empty)"),
                )
            })?;
            out.push((Square { row: r, col: c }, t));
        }
    }
    Ok(out)
}

pub(super) fn read_setup(record: &Record, src: &Source) -> Result<Written, Error> {
    record.setup_with(
        src,
        |d| {
            Ok(Written {
                start: Some(Start::Bag(dealt_bag(d))),
                lex: None,
                challenge_penalty: 0,
            })
        },
        |node| read_setup_node(record, node, src),
        |dealt, written, node| match &written.start {
            // Options only ([setup] naming the lexicon beside a [deal]).
            None => Ok(Written {
                start: dealt.start,
                ..written
            }),
            Some(s) if Some(s) == dealt.start.as_ref() => Ok(written),
            Some(_) => Err(src.setup_not_dealt(&node.span, "natura")),
        },
    )
}

/// A move as written, with the spans of its fields.
pub(super) struct WrittenMove {
    pub(super) mv: Move,
    /// The field a rule broken by the move points at, by kind.
    at_span: Span,
    word_span: Span,
    word_node: Option<Node>,
    score: Option<(i32, Span)>,
}

const MOVE_FIELDS: &[&str] = &[
    "player",
    "word",
    "at",
    "dir",
    "exchange",
    "pass",
    "challenge",
    "score",
];

fn flag(src: &Source, node: &Node, what: &str) -> Result<(), Error> {
    match node.value {
        Value::Boolean(true) => Ok(()),
        _ => Err(src.error(
            "natura.bad-move",
            &node.span,
            format!("`{what}` is written `{what} = true`"),
        )),
    }
}

pub(super) fn read_moves(record: &Record, src: &Source) -> Result<Vec<WrittenMove>, Error> {
    let set = TileSet::italian();
    record.read_moves(src, |entry: &MoveEntry, mut f| {
        f.only(MOVE_FIELDS)?;
        let seat = entry.player;
        let word = f.opt("word");
        let at = f.opt("at");
        let dir = f.opt("dir");
        let exchange = f.opt("exchange");
        let pass = f.opt("pass");
        let challenge = f.opt("challenge");
        let score = match f.opt("score") {
            None => None,
            Some(s) => Some((
                s.as_int(src, "`score`", -10_000..10_000)? as i32,
                s.span.clone(),
            )),
        };
        let kinds = [word.is_some(), exchange.is_some(), pass.is_some(), challenge.is_some()]
            .iter()
            .filter(|&&k| k)
            .count();
        let here = &entry.node.span;
        if kinds != 1 {
            return Err(src
                .error(
                    "natura.bad-move",
                    here,
                    format!(
                        "move {}: a move is one of `word` (with `at` and `dir`), `exchange`, `pass = true` or `challenge = true`",
                        entry.number
                    ),
                )
                .help("e.g. `word = \"CASA\"`, `at = \"H8\"`, `dir = \"across\"`"));
        }
        let player_span = entry.player_span.clone();
        let written = if let Some(wn) = word {
            let text = wn.as_str(src, "`word`")?;
            let mut tiles = Vec::new();
            for (i, c) in text.chars().enumerate() {
                let t = if c == '.' {
                    THROUGH
                } else {
                    letter(&set, c).ok_or_else(|| {
                        src.error(
                            "natura.unknown-letter",
                            &char_span(src, wn, text, i),
                            format!("`{c}` is no letter: A-Z, lower case for a jolly, `.` for a letter already on the board (NS-1, NS-2)"),
                        )
                    })?
                };
                tiles.push(t);
            }
            let at_node = at.ok_or_else(|| {
                src.error("natura.bad-move", &wn.span, "a word needs `at` (its first square, e.g. \"H8\")")
            })?;
            let at_text = at_node.as_str(src, "`at`")?;
            let sq: Square = at_text.parse().map_err(|e: String| {
                src.error("natura.bad-square", &at_node.span, format!("{e} (NS-1)"))
            })?;
            let dir_node = dir.ok_or_else(|| {
                src.error("natura.bad-move", &wn.span, "a word needs `dir` (\"across\" or \"down\")")
            })?;
            let d = match dir_node.as_str(src, "`dir`")?.to_ascii_lowercase().as_str() {
                "across" | "a" | "h" => Dir::Across,
                "down" | "d" | "v" => Dir::Down,
                other => {
                    return Err(src.error(
                        "natura.bad-direction",
                        &dir_node.span,
                        format!("`{other}` is not a direction: \"across\" or \"down\""),
                    ))
                }
            };
            WrittenMove {
                mv: Move::Place {
                    seat,
                    play: Placement {
                        at: sq,
                        dir: d,
                        word: tiles,
                    },
                },
                at_span: at_node.span.clone(),
                word_span: wn.span.clone(),
                word_node: Some(wn.clone()),
                score,
            }
        } else {
            if let Some(stray) = at.or(dir) {
                return Err(src.error(
                    "natura.bad-move",
                    &stray.span,
                    "`at` and `dir` go with a `word`",
                ));
            }
            if let Some((_, s)) = &score {
                return Err(src.error(
                    "natura.bad-move",
                    s,
                    "a declared `score` goes with a `word`",
                ));
            }
            let mv = if let Some(x) = exchange {
                let tiles = rack_tiles(src, x, "the exchange")?;
                Move::Exchange { seat, tiles }
            } else if let Some(p) = pass {
                flag(src, p, "pass")?;
                Move::Pass { seat }
            } else {
                let c = challenge.expect("one kind");
                flag(src, c, "challenge")?;
                Move::Challenge { seat }
            };
            let span = exchange.map_or(player_span.clone(), |x| x.span.clone());
            WrittenMove {
                mv,
                at_span: span.clone(),
                word_span: span,
                word_node: None,
                score,
            }
        };
        f.finish(MOVE_FIELDS)?;
        Ok(written)
    })
}

/// Which span an illegal move points at: the field at fault.
fn blame(b: &Broken, entry: &MoveEntry, w: &WrittenMove, src: &Source) -> Span {
    let square_span = |sq: Square| -> Span {
        // The letter of the word on that square, when the word reaches it.
        if let (Move::Place { play, .. }, Some(node)) = (&w.mv, &w.word_node) {
            let (dr, dc) = match play.dir {
                Dir::Across => (0, 1),
                Dir::Down => (1, 0),
            };
            let i = (sq.row as isize - play.at.row as isize) * dr
                + (sq.col as isize - play.at.col as isize) * dc;
            let on_line = match play.dir {
                Dir::Across => sq.row == play.at.row,
                Dir::Down => sq.col == play.at.col,
            };
            if on_line && i >= 0 && (i as usize) < play.word.len() {
                if let Value::String(text) = &node.value {
                    return char_span(src, node, text, i as usize);
                }
            }
        }
        w.word_span.clone()
    };
    match b {
        Broken::GameOver | Broken::OutOfTurn { .. } | Broken::NoSeat(_) => {
            entry.player_span.clone()
        }
        Broken::NothingToChallenge => entry.node.span.clone(),
        Broken::Place(p) => match p {
            PlaceError::Mismatch(s) | PlaceError::ThroughEmpty(s) | PlaceError::UnknownTile(s) => {
                square_span(*s)
            }
            PlaceError::MissesStar(_) | PlaceError::NotWholeWord(_) | PlaceError::NoContact(_) => {
                w.at_span.clone()
            }
            PlaceError::OffBoard(_) | PlaceError::NoTile(_) | PlaceError::OneLetter(_) => {
                w.word_span.clone()
            }
        },
        Broken::NotOnRack { square, .. } => match square {
            Some(s) => square_span(*s),
            None => w.word_span.clone(),
        },
        Broken::BagLow(_) | Broken::ExchangeSize(_) => w.word_span.clone(),
    }
}

// ---------------------------------------------------------------------------------------
// Explaining scores.

/// One word's score in words: `CASA (H8 across) C 2 + A 1 + S 2x2 + A 1 = 8, word x2 = 16`.
pub fn explain_word(w: &WordScore, set: &TileSet) -> String {
    let parts: Vec<String> = w
        .letters
        .iter()
        .map(|l| {
            let c = set.char_of(l.tile);
            if l.letter_factor > 1 {
                format!("{c} {}x{}", l.value, l.letter_factor)
            } else {
                format!("{c} {}", l.value)
            }
        })
        .collect();
    let sum: u32 = w.letters.iter().map(|l| l.value * l.letter_factor).sum();
    let mut s = format!(
        "{} ({} {}) {} = {sum}",
        w.text(set),
        w.start,
        match w.dir {
            Dir::Across => crate::t!("natura-across"),
            Dir::Down => crate::t!("natura-down"),
        },
        parts.join(" + ")
    );
    if w.multiplier > 1 {
        s += &crate::t!("natura-word-times", factor = w.multiplier, score = w.score);
    }
    s
}

pub(super) fn signed(n: i32) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

pub(super) fn per_seat(names: &[String], v: &[i32]) -> String {
    names
        .iter()
        .zip(v)
        .map(|(n, x)| format!("{n} {x}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A play explained: each word's score and the list that holds it, the rack bonus (the
/// sheet's, or standard Scrabble's for a GCG game with another set), the words the lexicon
/// lacks (a TOML move's note and a GCG event's).
pub(super) fn play_text(
    words: &[WordScore],
    (bonus, sheets): (u32, bool),
    missing: &[String],
    set: &TileSet,
    lex: &Lex,
) -> String {
    let explained: Vec<String> = words
        .iter()
        .map(|w| {
            let mut s = explain_word(w, set);
            if let Some(list) = lex.holder(&w.upper(set)) {
                s += &format!(" [{list}]");
            }
            s
        })
        .collect();
    let mut s = explained.join("; ");
    if bonus > 0 && sheets {
        s += &format!("; +{bonus} for the whole rack (the sheet: 50/40/30 for 7/6/5 tiles)");
    } else if bonus > 0 {
        s += &format!("; +{bonus} for seven tiles");
    }
    if !missing.is_empty() {
        s += &format!(
            "; not in the lexicon: {} (it stands unless challenged, NS-5)",
            missing.join(", ")
        );
    }
    s
}

/// The note for one legal move.
fn move_note(number: usize, o: &Outcome, names: &[String], set: &TileSet, lex: &Lex) -> String {
    match o {
        Outcome::Played {
            seat,
            words,
            missing,
            bonus,
            points,
            ..
        } => format!(
            "move {number}: {} scores {points}: {}",
            names[*seat],
            play_text(words, (*bonus, true), missing, set, lex)
        ),
        Outcome::Exchanged { seat, .. } => {
            format!("move {number}: {} exchanges (NS-3)", names[*seat])
        }
        Outcome::Passed { seat, .. } => format!("move {number}: {} passes", names[*seat]),
        Outcome::Withdrawn {
            seat,
            missing,
            points,
        } => format!(
            "move {number}: challenge: {} is not in the lexicon, so {}'s play is withdrawn and its {points} points taken back (NS-5)",
            missing.join(", "),
            names[*seat]
        ),
        Outcome::Upheld { seat, penalty } => {
            let mut s = format!(
                "move {number}: challenge: every word is in the lexicon, {}'s play stands",
                names[*seat]
            );
            if *penalty > 0 {
                s += &format!(" and scores {penalty} more (challenge-penalty, NS-5)");
            } else {
                s += " (NS-5)";
            }
            s
        }
    }
}

/// One legal move's facts as data (`check --json`'s `details`; `docs/records.md`): its
/// `kind`, what it did, `points` (the change to the score of the player it concerns) and
/// `total` (that player's score after it).
fn move_detail(
    number: usize,
    mv: &Move,
    o: &Outcome,
    game: &State,
    names: &[String],
    lex: &Lex,
) -> MoveDetail {
    let set = game.set();
    let mut f = serde_json::Map::new();
    let mut put = |k: &str, v: serde_json::Value| {
        f.insert(k.to_string(), v);
    };
    let (kind, concerns, points) = match o {
        Outcome::Played {
            seat,
            words,
            missing,
            bonus,
            points,
            ..
        } => {
            if let Move::Place { play, .. } = mv {
                put("at", play.at.to_string().into());
                put("dir", play.dir.to_string().into());
                put("word", tiles_text(&play.word).into());
            }
            for (k, v) in super::facts_record::play(words, *bonus, missing, set, lex) {
                put(&k, v);
            }
            ("play", *seat, *points as i32)
        }
        Outcome::Exchanged { seat, .. } => {
            if let Move::Exchange { tiles, .. } = mv {
                put("tiles", tiles_text(tiles).into());
            }
            ("exchange", *seat, 0)
        }
        Outcome::Passed { seat, .. } => ("pass", *seat, 0),
        Outcome::Withdrawn {
            seat,
            missing,
            points,
        } => {
            put("outcome", "withdrawn".into());
            put("challenged", names[*seat].clone().into());
            put("missing", serde_json::json!(missing));
            ("challenge", *seat, -(*points as i32))
        }
        Outcome::Upheld { seat, penalty } => {
            put("outcome", "upheld".into());
            put("challenged", names[*seat].clone().into());
            put("missing", serde_json::json!([]));
            ("challenge", *seat, *penalty as i32)
        }
    };
    put("points", points.into());
    put("total", game.scores()[concerns].into());
    MoveDetail {
        number,
        player: names[mv.seat()].clone(),
        fields: super::facts_record::with_kind(kind, f),
    }
}

/// NS-4's end adjustment as data: one `end` detail per player, after the last move, with
/// the `rack` left, its `rack_value`, the `adjustment` and the `final` score; and, as every
/// detail has them, `points` (the adjustment: what the end changed the score by) and `total`
/// (the final score).
fn end_details(number: usize, game: &State, names: &[String]) -> Vec<MoveDetail> {
    let adj = game.adjustment();
    let finals = game.final_scores();
    (0..names.len())
        .map(|s| {
            let mut f = serde_json::Map::new();
            f.insert("rack".into(), game.rack_text(s).into());
            f.insert("rack_value".into(), game.rack_value(s).into());
            f.insert("adjustment".into(), adj[s].into());
            f.insert("final".into(), finals[s].into());
            f.insert("points".into(), adj[s].into());
            f.insert("total".into(), finals[s].into());
            MoveDetail {
                number,
                player: names[s].clone(),
                fields: super::facts_record::with_kind("end", f),
            }
        })
        .collect()
}

/// The end (NS-4): the adjustment note and the result.
fn end_result(game: &State, names: &[String], no_rack_penalty: bool) -> (String, GameResult) {
    let end = game.end().expect("the game is over");
    let how = match end {
        End::Out(seat) => format!("{} played their last tile with the bag empty", names[seat]),
        End::Passes => "every player passed (or exchanged) three turns running".to_string(),
    };
    let adj = game.adjustment();
    let finals = game.final_scores();
    let note = if no_rack_penalty {
        format!(
            "the end ({how}); no-rack-penalty: no adjustment (NS-4); final {}",
            per_seat(names, &finals)
        )
    } else {
        let racks: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(s, n)| {
                let r = game.rack_text(s);
                format!(
                    "{n} {} ({})",
                    if r.is_empty() { "-" } else { &r },
                    signed(adj[s])
                )
            })
            .collect();
        format!(
            "the end ({how}): racks left and adjustment (NS-4): {}; final {}",
            racks.join(", "),
            per_seat(names, &finals)
        )
    };
    (note, standings(names, &finals, &how))
}

/// The result of a game over (NS-4) with these final scores: the highest wins, and players
/// level on the highest share the win (NS-7). `how` says how the game ended.
pub(super) fn standings(names: &[String], finals: &[i32], how: &str) -> GameResult {
    let best = finals.iter().copied().max().unwrap_or(0);
    let top: Vec<usize> = (0..names.len()).filter(|&s| finals[s] == best).collect();
    let scores = names
        .iter()
        .zip(finals)
        .map(|(n, &p)| Score {
            player: n.clone(),
            points: i64::from(p),
        })
        .collect();
    let winners: Vec<String> = top.iter().map(|&s| names[s].clone()).collect();
    let reason = match &winners[..] {
        [w] => format!("{how}; {w} wins with {best} (NS-4)"),
        tied => format!(
            "{how}; a tie at {best} between {}, who share the win (NS-4, NS-7)",
            tied.join(" and ")
        ),
    };
    GameResult {
        winners,
        losers: (0..names.len())
            .filter(|s| !top.contains(s))
            .map(|s| names[s].clone())
            .collect(),
        scores,
        reason,
        ..GameResult::default()
    }
}

/// The engine at a written start.
pub(super) fn start_game(start: &Start, rules: &Rules, players: usize) -> Result<State, String> {
    match start {
        Start::Bag(bag) => State::start(
            &Setup {
                players,
                bag: bag.clone(),
            },
            rules,
        )
        .map_err(|e| e.to_string()),
        Start::Position {
            board,
            racks,
            bag,
            scores,
            turn,
        } => {
            // Every tile once at most: the board, the racks and the bag within the set.
            let set = TileSet::italian();
            let mut left: Vec<i32> = set.full_counts().iter().map(|&n| i32::from(n)).collect();
            for &(_, t) in board {
                left[usize::from(TileSet::rack_tile(t))] -= 1;
            }
            for r in racks {
                for c in r.chars() {
                    let k = if c == '?' {
                        JOLLY
                    } else {
                        set.parse(c).unwrap_or(0)
                    };
                    left[usize::from(k)] -= 1;
                }
            }
            for &t in bag {
                left[usize::from(t)] -= 1;
            }
            if let Some(k) = left.iter().position(|&n| n < 0) {
                return Err(format!(
                    "the position holds more `{}` than the set's {} (NS-1)",
                    tile_char(k as u8),
                    set.full_counts()[k]
                ));
            }
            let mut b = Board::new();
            for &(sq, t) in board {
                b.set(sq, t);
            }
            let refs: Vec<&str> = racks.iter().map(String::as_str).collect();
            State::position(rules, b, &refs, bag, scores, *turn)
        }
    }
}

/// A record read as `check` reads it, not yet replayed: the engine at its start, its moves
/// and its lexicon (for `tavolo solve natura`).
pub(super) struct Opened {
    pub start: State,
    pub moves: Vec<Move>,
    pub lex: Lex,
}

/// `lex` replaces the record's lexicon (`--lexicon`).
pub(super) fn open(record: &Record, src: &Source, lex: Option<Lex>) -> Result<Opened, Error> {
    let moves = read_moves(record, src)?;
    let (start, lex) = started(record, src, lex)?;
    Ok(Opened {
        start,
        moves: moves.into_iter().map(|w| w.mv).collect(),
        lex,
    })
}

/// The engine at the record's start, with the rules and lexicon its `[setup]` names (or
/// `lex`, when given).
fn started(record: &Record, src: &Source, lex: Option<Lex>) -> Result<(State, Lex), Error> {
    let written = read_setup(record, src)?;
    // The command line's lists replace the record's (a club adjudicating with its own).
    let chosen = crate::lexicon::choice::chosen().map(|_| default_lexicon());
    let lex = lex
        .or(chosen)
        .or_else(|| written.lex.clone())
        .unwrap_or_else(default_lexicon);
    let rules = Rules {
        challenge_penalty: written.challenge_penalty,
        words: lex.words(),
        ..rules_of(&record.variant)
    };
    let start = written.start.as_ref().ok_or_else(|| {
        src.error(
            "natura.bad-setup",
            record.setup_span(),
            "[setup] gives neither the racks and bag nor a board, and there is no [deal]",
        )
    })?;
    let game = start_game(start, &rules, record.players.len())
        .map_err(|e| src.error("natura.bad-setup", record.setup_span(), e))?;
    Ok((game, lex))
}

/// A play whose written score is not the board's (NS-1): it stops `check` there.
struct WrongScore {
    index: usize,
    declared: i32,
    points: u32,
}

fn check(record: &Record, src: &Source) -> Result<Verdict, Error> {
    let moves = read_moves(record, src)?;
    let no_rack_penalty = record.variant == "no-rack-penalty";
    let (start, lex) = started(record, src, None)?;
    let names = record.player_names();
    let set = TileSet::italian();
    let total = moves.len();
    let mut notes = vec![lex.describe()];
    let mut details = Vec::new();
    let follow = |k: usize, _: &State, mv: &Move, o: &Outcome, after: &State| {
        let (number, w) = (record.moves[k].number, &moves[k]);
        details.push(move_detail(number, mv, o, after, &names, &lex));
        notes.push(move_note(number, o, &names, &set, &lex));
        match (o, &w.score) {
            (Outcome::Played { points, .. }, Some((declared, _)))
                if *declared != *points as i32 =>
            {
                Err(WrongScore {
                    index: k,
                    declared: *declared,
                    points: *points,
                })
            }
            _ => Ok(()),
        }
    };
    let opened = SessionOpened::one_each(start, moves.iter().map(|w| w.mv.clone()).collect());
    let replayed = match replay_followed(&Natura, record, opened, total, |_, _, _| Ok(None), follow)
    {
        Ok(r) => r,
        Err(wrong) => {
            let entry = &record.moves[wrong.index];
            let span = moves[wrong.index]
                .score
                .as_ref()
                .map_or(&entry.node.span, |s| &s.1);
            let illegal = Illegal::new(
                src,
                span,
                entry,
                &record.players,
                "NS-1 (scoring a play)",
                "natura.wrong-score",
                format!(
                    "the record says {}, the board gives {}",
                    wrong.declared, wrong.points
                ),
            );
            return Ok(Verdict {
                notes,
                details,
                ..Verdict::illegal(total, illegal)
            });
        }
    };
    let game = replayed.game();
    if let Some((n, refused, _)) = replayed.refused() {
        let (entry, w, b) = (&record.moves[n - 1], &moves[n - 1], &refused.broken);
        let span = blame(b, entry, w, src);
        let illegal = illegal(src, record, (entry, &span), b, b.describe(&names));
        // GN-1: a move after the end leaves the ended game's result standing.
        let result = game
            .end()
            .is_some()
            .then(|| end_result(game, &names, no_rack_penalty))
            .map(|(note, r)| {
                notes.push(note);
                r
            });
        return Ok(Verdict {
            result,
            notes,
            details,
            ..Verdict::illegal(total, illegal)
        });
    }
    if game.end().is_some() {
        let (note, result) = end_result(game, &names, no_rack_penalty);
        notes.push(note);
        details.extend(end_details(total, game, &names));
        return Ok(Verdict::complete(total, result, notes).with_details(details));
    }
    notes.push(format!(
        "scores {}; {} tiles in the bag",
        per_seat(&names, game.scores()),
        game.bag_len()
    ));
    Ok(
        Verdict::legal_so_far(total, game.to_move().map(|s| names[s].clone()), notes)
            .with_details(details),
    )
}

/// The machine player ([`super::machine`]) at `strength` over `words` (default: NS-2's
/// lists): the adapter that opens the lexicon and builds its word graph.
fn machine(
    strength: crate::games::referee::Strength,
    words: Option<&crate::games::solve::WordLists>,
) -> Result<crate::games::referee::Machine<State>, Error> {
    use crate::games::referee::Strength;
    let among = match strength {
        Strength::Random | Strength::Best => 1,
        Strength::Top(n) => n,
    };
    let lex = match words {
        Some(w) => Lex::Lists(Arc::new(w.open()?)),
        None => default_lexicon(),
    };
    let graph =
        match &lex {
            Lex::Lists(l) => crate::lexicon::graph::gaddag(l)?,
            Lex::Inline(words) => Arc::new(
                super::movegen::Gaddag::from_words(words.iter())
                    .map_err(|e| Error::input("lexicon.graph", e.to_string()))?,
            ),
            Lex::Unchecked(why) => return Err(Error::input(
                "play.no-lexicon",
                format!("the machine player of natura needs words: {why}"),
            )
            .help(
                "give a word list with --lexicon FILE, or play at random with --strength random",
            )),
        };
    let leaves = match &lex {
        Lex::Lists(lists) => {
            let cache = words
                .and_then(|w| w.options.cache_dir.clone())
                .or_else(|| crate::lexicon::choice::options().cache_dir);
            let found = super::leaves_record::for_lexicon(lists, None, cache.as_deref())?;
            if found.is_none()
                && super::leaves_record::chosen() == Some(&super::leaves_record::Choice::Equity)
            {
                return Err(Error::input(
                    "play.no-leaves",
                    format!(
                        "no leave values are learned for this lexicon ({})",
                        super::leaves_record::lexicon_names(lists)
                    ),
                )
                .help(format!(
                    "learn them with `{}` (the same --lexicon options), name a file with --leaves, or play by score with --rank score",
                    super::leaves_record::RELEARN
                )));
            }
            found.map(|f| f.leaves)
        }
        _ if matches!(
            super::leaves_record::chosen(),
            Some(super::leaves_record::Choice::File(_))
        ) =>
        {
            return Err(Error::input(
                "play.no-leaves",
                "leave values are learned on word lists; this game's words are its own",
            ))
        }
        _ => None,
    };
    Ok(Box::new(super::machine::Machine {
        graph,
        among,
        leaves,
    }))
}
