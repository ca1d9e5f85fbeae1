//! A duplicate game as a record: `game = "natura"`, `variant = "duplicate"`, one player (the
//! top, conventionally named `top`), the seed in `[deal]`, the words in `[setup]`, and one
//! `[[move]]` per round with the rack drawn and the top placed. `tavolo check` replays the
//! game from the seed and the words and verifies every rack and every top (format in
//! `docs/duplicate.md`). Natura's adapter hands such records here (`super::super::record`).

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

use serde::Serialize;

use super::super::board::{Dir, Placement, Square, THROUGH};
use super::super::layout::{TileSet, SIZE};
use super::super::leaves::{Leaves, RackLeaves};
use super::super::movegen::Gaddag;
use super::super::moves::tile_char;
use super::super::record::{letter, rack_tiles};
use super::draw::{rack_text, Bag, ALGORITHM as DRAW_ALGORITHM};
use super::game::{Duplicate, End, Round};
use super::judge::judge;
use crate::deal::Provenance;
use crate::error::Error;
use crate::lexicon::choice::Choice;
use crate::record::{
    write, Deal, GameResult, Illegal, MoveEntry, MoveOut, Record, Score, Source, Span, Verdict,
};

/// The variant of natura records that hold a duplicate game.
pub const VARIANT: &str = "duplicate";
/// The one player of a duplicate record: the top.
pub const PLAYER: &str = "top";

/// The words a duplicate game is played with: listed in the record, or word lists (NS-2's
/// default unless the record or the command line names others).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Words {
    /// Board words (folded by NS-2), as a record's `words = [...]` gives them.
    Inline(BTreeSet<String>),
    /// Word lists (`lexicon = "default"`, or `lexicon = ["default", "parole.txt"]`).
    Lists(Choice),
}

impl Words {
    /// The run's lists: NS-2's default, or the command line's `--lexicon` choice.
    pub fn run() -> Words {
        Words::Lists(crate::lexicon::choice::run_choice())
    }

    /// Words as written (any case, accents folded by NS-2); a form that is no board word of 2
    /// letters or more is returned as the error.
    pub fn inline<'a>(words: impl IntoIterator<Item = &'a str>) -> Result<Words, String> {
        let mut set = BTreeSet::new();
        for w in words {
            let folded = crate::lexicon::normalise::fold(w.trim())
                .filter(|x| x.len() >= 2)
                .ok_or_else(|| w.to_string())?;
            set.insert(folded);
        }
        Ok(Words::Inline(set))
    }

    /// The word graph the tops are found in.
    pub fn graph(&self) -> Result<Arc<Gaddag>, Error> {
        match self {
            Words::Inline(set) => Gaddag::from_words(set.iter().map(String::as_bytes))
                .map(Arc::new)
                .map_err(|e| Error::input("lexicon.graph", e.to_string())),
            Words::Lists(choice) => lists_graph(choice),
        }
    }

    /// The leave values of these words, if they have any (issue 25): the rounds' equity is
    /// shown beside their tops.
    pub fn leaves(&self) -> Result<Option<crate::games::natura::leaves_record::Found>, Error> {
        match self {
            Words::Inline(_) => Ok(None),
            Words::Lists(choice) => {
                let lex = crate::lexicon::choice::open(choice)?;
                let cache = crate::lexicon::choice::options().cache_dir;
                crate::games::natura::leaves_record::for_lexicon(&lex, None, cache.as_deref())
            }
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Words::Inline(set) => format!("the record's {} words", set.len()),
            Words::Lists(choice) => match crate::lexicon::choice::open(choice) {
                Ok(lex) => {
                    let names: Vec<&str> = lex.lists.iter().map(|l| l.name.as_str()).collect();
                    let lists = if names.len() == 1 { "list" } else { "lists" };
                    format!("the {lists} {}", names.join(" + "))
                }
                Err(_) => "NS-2's default lists".into(),
            },
        }
    }

    /// The record's `[setup]`.
    pub fn setup_toml(&self) -> String {
        match self {
            Words::Inline(set) => {
                let words: Vec<&str> = set.iter().map(String::as_str).collect();
                format!("[setup]\nwords = {}\n", write::string_array(&words))
            }
            Words::Lists(choice) => {
                let entries = choice.entries();
                let value = match entries.as_slice() {
                    [one] if choice.default => write::string(one),
                    _ => {
                        write::string_array(&entries.iter().map(String::as_str).collect::<Vec<_>>())
                    }
                };
                format!("[setup]\nlexicon = {value}\n")
            }
        }
    }
}

/// The graph of word lists, built once per process and lexicon.
fn lists_graph(choice: &Choice) -> Result<Arc<Gaddag>, Error> {
    static GRAPHS: Mutex<Vec<(Choice, Arc<Gaddag>)>> = Mutex::new(Vec::new());
    let mut graphs = GRAPHS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, g)) = graphs.iter().find(|(c, _)| c == choice) {
        return Ok(g.clone());
    }
    let g = crate::lexicon::graph::gaddag(&*crate::lexicon::choice::open(choice)?)?;
    graphs.push((choice.clone(), g.clone()));
    Ok(g)
}

/// The `[deal]` of a duplicate game.
pub fn provenance(seed: &str, board: u32) -> Provenance {
    Provenance::new("natura", VARIANT, seed, board)
}

/// A placement as the record writes it: (`word`, `at`, `dir`).
pub fn placement_fields(play: &Placement) -> (String, String, String) {
    let word: String = play.word.iter().map(|&t| tile_char(t)).collect();
    (word, play.at.to_string(), play.dir.to_string())
}

/// A placement in one line: `H8 across CASA`.
pub fn placement_text(play: &Placement) -> String {
    let (word, at, dir) = placement_fields(play);
    format!("{at} {dir} {word}")
}

/// One round as a `[[move]]`.
pub fn move_out(round: &Round) -> MoveOut {
    let (word, at, dir) = placement_fields(&round.top.play);
    MoveOut {
        player: 0,
        fields: vec![
            ("rack", write::string(&rack_text(&round.drawn.rack))),
            ("word", write::string(&word)),
            ("at", write::string(&at)),
            ("dir", write::string(&dir)),
            ("score", round.top.score.to_string()),
        ],
    }
}

/// The record of a duplicate game's rounds.
pub fn record_text(deal: &Provenance, words: &Words, rounds: &[Round]) -> String {
    let moves: Vec<MoveOut> = rounds.iter().map(move_out).collect();
    write::record(deal, &[PLAYER.to_string()], &words.setup_toml(), &moves)
}

#[derive(Serialize)]
struct SetupDoc {
    lexicon: Choice,
}

/// `tavolo deal natura --variant duplicate`: the first rack (the later ones depend on the
/// tops, so on the words: `tavolo duplicate deal` plays them) and a `[setup]` naming the
/// run's lexicon.
pub fn deal(deal: &Provenance) -> Result<Deal, Error> {
    let mut bag = Bag::new(&deal.seed, deal.board);
    let kept = vec![0; bag.counts().len()];
    let first = super::draw::draw_rack(&mut bag, &kept, 1)
        .map(|d| rack_text(&d.rack))
        .unwrap_or_default();
    let lines = vec![
        format!("round 1 rack: {first} (draw {DRAW_ALGORITHM})"),
        format!(
            "later racks depend on each round's top: `tavolo duplicate deal --seed {:?}` plays them",
            deal.seed
        ),
    ];
    Deal::from_setup(
        &SetupDoc {
            lexicon: crate::lexicon::choice::run_choice(),
        },
        lines,
    )
}

// ---------------------------------------------------------------------------------------
// Reading and verifying a record.

/// A round as written.
struct Written {
    rack: Vec<u8>,
    rack_span: Span,
    play: Placement,
    word_span: Span,
    score: Option<(u32, Span)>,
}

const MOVE_FIELDS: &[&str] = &["player", "rack", "word", "at", "dir", "score"];
const SETUP_FIELDS: &[&str] = &["words", "lexicon"];

fn read_words(record: &Record, src: &Source) -> Result<Words, Error> {
    let Some(node) = record.setup.written() else {
        return Ok(Words::run());
    };
    let mut f = node.fields(src, "[setup]")?;
    f.only(SETUP_FIELDS)?;
    let words = match f.opt("words") {
        None => None,
        Some(w) => {
            let list = w.as_str_array(src, "`words`")?;
            let mut set = BTreeSet::new();
            for (word, span) in list {
                match Words::inline([word]) {
                    Ok(Words::Inline(one)) => set.extend(one),
                    _ => {
                        return Err(src.error(
                            "natura.bad-word",
                            span,
                            format!("`{word}` is not a word of 2 letters or more (NS-2)"),
                        ))
                    }
                }
            }
            Some(Words::Inline(set))
        }
    };
    let lexicon = match f.opt("lexicon") {
        None => None,
        Some(node) => match super::super::record::lists_named(src, node)? {
            Some(choice) => Some(Words::Lists(choice)),
            None => return Err(src
                .error(
                    "natura.bad-setup",
                    &node.span,
                    "a duplicate game cannot go without words: its tops are found in them",
                )
                .help(
                    "`lexicon = \"default\"` (NS-2's lists), a list of files, or `words = [...]`",
                )),
        },
    };
    f.finish(SETUP_FIELDS)?;
    let written = match (words, lexicon) {
        (Some(_), Some(_)) => {
            return Err(src.error(
                "natura.bad-setup",
                &node.span,
                "give `words` or `lexicon`, not both",
            ))
        }
        (w, l) => w.or(l),
    };
    // The command line's lists replace the record's (a club adjudicating with its own).
    Ok(match crate::lexicon::choice::chosen() {
        Some(_) => Words::run(),
        None => written.unwrap_or_else(Words::run),
    })
}

/// A placement from a word, a square and a direction as written, each with its span;
/// `letter_span(i)` is the span of the word's `i`-th letter.
pub(super) fn read_placement(
    src: &Source,
    word: (&str, &Span),
    letter_span: &dyn Fn(usize) -> Span,
    at: (&str, &Span),
    dir: (&str, &Span),
) -> Result<Placement, Error> {
    let set = TileSet::italian();
    let (text, wspan) = word;
    let mut tiles = Vec::new();
    for (i, c) in text.chars().enumerate() {
        let t = if c == '.' {
            THROUGH
        } else {
            letter(&set, c).ok_or_else(|| {
                src.error(
                    "natura.unknown-letter",
                    &letter_span(i),
                    format!("`{c}` is no letter: A-Z, lower case for a jolly, `.` for a letter already on the board (NS-1, NS-2)"),
                )
            })?
        };
        tiles.push(t);
    }
    if tiles.len() < 2 || tiles.len() > SIZE {
        return Err(src.error(
            "natura.bad-move",
            wspan,
            format!("`{text}` is not a word of 2 to 15 letters"),
        ));
    }
    let sq: Square =
        at.0.parse()
            .map_err(|e: String| src.error("natura.bad-square", at.1, format!("{e} (NS-1)")))?;
    let d = match dir.0.to_ascii_lowercase().as_str() {
        "across" | "a" | "h" => Dir::Across,
        "down" | "d" | "v" => Dir::Down,
        other => {
            return Err(src.error(
                "natura.bad-direction",
                dir.1,
                format!("`{other}` is not a direction: \"across\" or \"down\""),
            ))
        }
    };
    Ok(Placement {
        at: sq,
        dir: d,
        word: tiles,
    })
}

/// The span of the `i`-th character of a plainly written string value (else the whole value).
pub(super) fn char_span(src: &Source, span: &Span, text: &str, i: usize) -> Span {
    let raw = src.text.get(span.clone()).unwrap_or("");
    let (at, c) = text.char_indices().nth(i).unwrap_or((0, ' '));
    if raw.len() == text.len() + 2 && &raw[1..raw.len() - 1] == text {
        let start = span.start + 1 + at;
        return start..start + c.len_utf8();
    }
    span.clone()
}

fn read_moves(record: &Record, src: &Source) -> Result<Vec<Written>, Error> {
    record.read_moves(src, |_entry: &MoveEntry, mut f| {
        f.only(MOVE_FIELDS)?;
        let rack_node = f.req("rack")?;
        let tiles = rack_tiles(src, rack_node, "the rack")?;
        let mut rack = vec![0u8; TileSet::italian().kinds()];
        for t in tiles {
            rack[usize::from(t)] += 1;
        }
        let word = f.req_str("word")?;
        let at = f.req_str("at")?;
        let dir = f.req_str("dir")?;
        let letter_span = |i: usize| char_span(src, word.1, word.0, i);
        let play = read_placement(src, word, &letter_span, at, dir)?;
        let score = match f.opt("score") {
            None => None,
            Some(s) => Some((s.as_int(src, "`score`", 0..10_000)? as u32, s.span.clone())),
        };
        f.finish(MOVE_FIELDS)?;
        Ok(Written {
            rack,
            rack_span: rack_node.span.clone(),
            play,
            word_span: word.1.clone(),
            score,
        })
    })
}

/// A duplicate record read and replayed.
pub struct Loaded {
    pub deal: Provenance,
    pub words: Words,
    pub graph: Arc<Gaddag>,
    /// The rounds the record holds, as the seed and the words give them (up to the first
    /// illegal one).
    pub rounds: Vec<Round>,
    /// How the game ended, when it has.
    pub end: Option<End>,
    pub verdict: Verdict,
}

/// Whether two placements put the same tiles on the same squares (a through letter written
/// as itself or as `.`, a one-tile play written across or down).
fn same_play(round: &Round, a: &Placement, b: &Placement) -> bool {
    let set = TileSet::italian();
    match (round.board.score(&set, a), round.board.score(&set, b)) {
        (Ok(x), Ok(y)) => {
            let mut px = x.placed.clone();
            let mut py = y.placed.clone();
            px.sort();
            py.sort();
            px == py
        }
        _ => false,
    }
}

/// Read a duplicate record and replay it from its seed and words.
pub fn load(record: &Record, src: &Source) -> Result<Loaded, Error> {
    let Some((deal, _)) = record.setup.deal() else {
        return Err(src
            .error(
                "natura.bad-setup",
                record.setup_span(),
                "a duplicate record needs its `[deal]` (the seed): the racks are drawn from it",
            )
            .help("`tavolo duplicate deal --seed S --out game.toml` writes one"));
    };
    let deal = deal.clone();
    let words = read_words(record, src)?;
    let moves = read_moves(record, src)?;
    let graph = words.graph()?;
    let leaves = words.leaves()?;
    let set = TileSet::italian();
    let mut game = Duplicate::new(&deal.seed, deal.board, &graph);
    let total = moves.len();
    let mut notes = vec![format!(
        "duplicate (draw {DRAW_ALGORITHM}); words: {}",
        words.describe()
    )];
    let mut rounds = Vec::new();
    let illegal = |entry: &MoveEntry, span: &Span, rule, code, msg: String| {
        Illegal::new(src, span, entry, &record.players, rule, code, msg)
    };
    let mut found: Option<Illegal> = None;
    for (entry, w) in record.moves.iter().zip(&moves) {
        let Some(round) = game.next() else {
            let why = game.end().map(End::describe).unwrap_or_default();
            found = Some(illegal(
                entry,
                &entry.node.span,
                "GN-1",
                "natura.game-over",
                format!(
                    "the game is over ({why}): there is no round {}",
                    entry.number
                ),
            ));
            break;
        };
        let n = round.number;
        if w.rack != round.drawn.rack {
            found = Some(illegal(
                entry,
                &w.rack_span,
                "duplicate: the draw",
                "natura.duplicate-rack",
                format!(
                    "round {n}'s rack is written {}, but the bag of this seed gives {}",
                    rack_text(&w.rack),
                    rack_text(&round.drawn.rack)
                ),
            ));
            break;
        }
        let top = &round.top;
        let top_text = placement_text(&top.play);
        if w.play != top.play && !same_play(&round, &w.play, &top.play) {
            let msg = match judge(&round.board, &set, &round.drawn.rack, &w.play, &graph) {
                Err(r) => format!(
                    "round {n} places {}, which is not a legal play ({}); the top is {top_text} for {}",
                    placement_text(&w.play),
                    r.describe(),
                    top.score
                ),
                Ok(j) if j.score == top.score => format!(
                    "round {n} places {} for {}, as much as the top, but the tie-break (first square in reading order, across before down, then the letters) puts {top_text} first",
                    placement_text(&w.play),
                    j.score
                ),
                Ok(j) => format!(
                    "round {n} places {} for {}; the top is {top_text} for {}",
                    placement_text(&w.play),
                    j.score,
                    top.score
                ),
            };
            found = Some(illegal(
                entry,
                &w.word_span,
                "duplicate: the top",
                "natura.duplicate-not-top",
                msg,
            ));
            break;
        }
        if let Some((declared, span)) = &w.score {
            if *declared != top.score {
                found = Some(illegal(
                    entry,
                    span,
                    "NS-1 (scoring a play)",
                    "natura.wrong-score",
                    format!("the record says {declared}, the board gives {}", top.score),
                ));
                break;
            }
        }
        let equity = leaves
            .as_ref()
            .map(|l| by_equity(&round, &set, &graph, &l.leaves))
            .unwrap_or_default();
        notes.push(format!(
            "round {n}: {} -> {top_text} scores {} (total {}){equity}",
            round.drawn.text(),
            top.score,
            round.total
        ));
        rounds.push(round);
    }
    let played: u32 = rounds.last().map_or(0, |r| r.total);
    let verdict = if let Some(ill) = found {
        Verdict {
            notes,
            ..Verdict::illegal(total, ill)
        }
    } else if game.next().is_none() {
        let end = game.end().cloned().unwrap_or(End::Exhausted);
        let reason = format!(
            "the game is over after {} rounds: {}; the tops total {played}",
            rounds.len(),
            end.describe()
        );
        notes.push(reason.clone());
        let result = GameResult {
            scores: vec![Score {
                player: record.players[0].name.clone(),
                points: i64::from(played),
            }],
            reason,
            ..GameResult::default()
        };
        return Ok(Loaded {
            deal,
            words,
            graph: graph.clone(),
            rounds,
            end: Some(end),
            verdict: Verdict::complete(total, result, notes),
        });
    } else {
        notes.push(format!(
            "{} rounds, the tops total {played}; the game goes on",
            rounds.len()
        ));
        Verdict::legal_so_far(total, Some(record.players[0].name.clone()), notes)
    };
    Ok(Loaded {
        deal,
        words,
        graph: graph.clone(),
        rounds,
        end: None,
        verdict,
    })
}

/// What a round's note adds with leave values (issue 25): the top's equity (its score plus
/// the value of the tiles it keeps, while the bag can refill them), and the best placement by
/// equity where it is another; the top stays the top by score, as the rules say.
fn by_equity(round: &Round, set: &TileSet, graph: &Gaddag, leaves: &Leaves) -> String {
    use crate::games::natura::machine::{best_placement_by_equity, placement_equity};
    let rack = RackLeaves::new(leaves, &round.drawn.rack);
    let top = placement_equity(&rack, round.bag, &round.top);
    let mut text = format!("; equity {:.2}", top as f64 / 100.0);
    if let Some(best) = best_placement_by_equity(
        &round.board,
        set,
        &round.drawn.rack,
        round.bag,
        graph,
        &rack,
    ) {
        let e = placement_equity(&rack, round.bag, &best);
        if e > top {
            text += &format!(
                "; by equity {} ({}, equity {:.2})",
                placement_text(&best.play),
                best.score,
                e as f64 / 100.0
            );
        }
    }
    text
}

/// `tavolo check` of a duplicate record.
pub fn check(record: &Record, src: &Source) -> Result<Verdict, Error> {
    load(record, src).map(|l| l.verdict)
}
