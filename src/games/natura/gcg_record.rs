//! GCG records in `tavolo check` (NS-6): a `.gcg` file read by [`super::gcg`], its tile set
//! chosen by its pragmas, replayed into a verdict; and a game of the engine written as GCG,
//! NS-4's end adjustment as end-rack lines.

use std::path::Path;

use super::board::THROUGH;
use super::duplicate::record::{Words, PLAYER as DUPLICATE_PLAYER, VARIANT as DUPLICATE_VARIANT};
use super::duplicate::{rack_text, End as DuplicateEnd, Round};
use super::game::{End, Outcome, Rules, Setup, State};
use super::gcg::{read, Action, Event, Gcg, GcgError, Player, Read};
use super::gcg_replay::{replay_all, Over, Replayed, Scoring};
use super::layout::{TileSet, BLANK};
use super::moves::Move;
use super::record::{
    default_lexicon, open, per_seat, play_text, read_setup, signed, standings, tiles_text, Lex,
    Natura, Start,
};
use crate::error::{Error, Location};
use crate::games::check::{Foreign, Judged};
use crate::games::engine::Engine;
use crate::record::{GameResult, Illegal, MoveDetail, Record, Score, Source, Verdict};

impl Foreign for Natura {
    fn extension(&self) -> &'static str {
        "gcg"
    }

    fn check(&self, path: &Path, bytes: &[u8]) -> Result<Judged, Error> {
        check_gcg(path, bytes)
    }

    fn write(&self, record: &Record, src: &Source) -> Result<String, Error> {
        write_gcg(record, src)
    }
}

/// What a GCG file is judged with (NS-8): its tile set and rules, its lexicon, and why.
pub(super) struct Judging {
    pub scoring: Scoring,
    pub lex: Lex,
    /// How the tile set was chosen, for the notes.
    pub why: String,
}

/// The set a `#tile-distribution` (or `#tile-set`) names.
fn named_set(name: &str) -> Option<TileSet> {
    match name.trim().to_ascii_lowercase().as_str() {
        "italian" => Some(TileSet::italian()),
        "english" => Some(TileSet::english()),
        "polish" => Some(TileSet::polish()),
        _ => None,
    }
}

/// The set of the word lists a `#lexicon` names, when tavolo knows them for another
/// language: the English lists (NWL, TWL, CSW/Collins, ...) and the Polish OSPS.
fn lexicon_set(name: &str) -> Option<TileSet> {
    let up = name.trim().to_ascii_uppercase();
    const ENGLISH: &[&str] = &[
        "NWL", "TWL", "OTCWL", "OWL", "CSW", "COLLINS", "SOWPODS", "ECWL", "NSWL", "CEL",
    ];
    if ENGLISH.iter().any(|p| up.starts_with(p)) {
        Some(TileSet::english())
    } else if up.starts_with("OSPS") {
        Some(TileSet::polish())
    } else {
        None
    }
}

/// Every tile letter the file writes: its plays, racks, exchanges and end racks.
fn letters(g: &Gcg) -> impl Iterator<Item = char> + '_ {
    g.events.iter().flat_map(|e| {
        let action = match &e.action {
            Action::Play { word, .. } => word.as_str(),
            Action::Exchange(t) | Action::EndRack(t) | Action::RackPenalty(t) => t.as_str(),
            _ => "",
        };
        e.rack
            .chars()
            .chain(action.chars())
            .filter(|&c| c != '.' && c != '?')
    })
}

/// Whether a set has a tile for every letter the file writes (a lower-case letter: a jolly
/// standing for one of its letters).
fn fits(set: &TileSet, g: &Gcg) -> bool {
    letters(g).all(|c| match set.parse(c) {
        Some(t) if t & BLANK != 0 => true,
        Some(t) => set.full_counts()[usize::from(t)] > 0,
        None => false,
    })
}

/// The set a GCG file is played with (NS-8): the one `#tile-distribution` (or `#tile-set`)
/// names; else the one of the word lists `#lexicon` names, when they are English or Polish;
/// else the Italian set when it has a tile for every letter written, or the first of
/// English and Polish that has. A set tavolo does not know is unreadable.
fn tile_set(r: &Read) -> Result<(TileSet, String), GcgError> {
    for pragma in ["tile-distribution", "tile-set"] {
        if let Some(v) = r.gcg.pragma(pragma) {
            return match named_set(v) {
                Some(set) => Ok((set, format!("as `#{pragma} {v}` says"))),
                None => Err(GcgError {
                    code: "gcg.tile-set",
                    line: r.pragma_line(pragma).unwrap_or(1),
                    col: 1,
                    message: format!(
                        "`#{pragma} {v}`: tavolo knows the italian, english and polish sets"
                    ),
                }),
            };
        }
    }
    if let Some(v) = r.gcg.pragma("lexicon") {
        if let Some(set) = lexicon_set(v) {
            return Ok((
                set,
                format!("the set of the word lists `#lexicon {v}` names"),
            ));
        }
    }
    let italian = TileSet::italian();
    if fits(&italian, &r.gcg) {
        return Ok((italian, "no pragma names another set".into()));
    }
    for set in [TileSet::english(), TileSet::polish()] {
        if fits(&set, &r.gcg) {
            let name = set.name;
            return Ok((
                set,
                format!(
                    "no pragma names a set and some letters are no italian tiles, so the one they fit; `#tile-distribution {name}` names it"
                ),
            ));
        }
    }
    Ok((italian, "no pragma names another set".into()))
}

/// What a GCG file is judged with (NS-8). An Italian game is refereed as a TOML record is:
/// the set's counts, the racks, the sheet's bonus, NS-4's end and the lexicon (`lex`, else
/// NS-2's lists; `#lexicon none` checks no word). A game with another set is replayed with
/// that set's counts and racks, 50 for seven tiles and the NASPA end, and its words are not
/// looked up: tavolo's lexicons are Italian.
pub(super) fn judging(r: &Read, lex: Option<Lex>) -> Result<Judging, GcgError> {
    let (set, why) = tile_set(r)?;
    let duplicate = r.gcg.is_duplicate();
    if set.name != "italian" {
        let lex = Lex::Unchecked(if set.name == "english" {
            super::lex::ENGLISH_GAME
        } else {
            super::lex::POLISH_GAME
        });
        return Ok(Judging {
            scoring: Scoring {
                duplicate,
                ..Scoring::standard(set)
            },
            lex,
            why,
        });
    }
    let lex = match (lex, r.gcg.pragma("lexicon")) {
        (Some(l), _) => l,
        (None, Some(l)) if l.trim().eq_ignore_ascii_case("none") => {
            Lex::Unchecked("the file says `#lexicon none`")
        }
        (None, _) => default_lexicon(),
    };
    Ok(Judging {
        scoring: Scoring {
            words: lex.words(),
            duplicate,
            ..Scoring::natura()
        },
        lex,
        why,
    })
}

/// The tile set and lexicon a GCG file is judged with, as `tavolo solve` reads it.
pub(super) fn gcg_scoring(r: &Read, lex: Option<Lex>) -> Result<(Scoring, Lex), GcgError> {
    judging(r, lex).map(|j| (j.scoring, j.lex))
}

pub(super) fn gcg_error(path: &Path, e: &GcgError) -> Error {
    Error::input(e.code, e.message.clone()).at(Location::line_column(path, e.line, e.col))
}

/// The rule an illegal GCG event breaks, by its code.
fn rule_of(code: &str) -> &'static str {
    match code {
        "gcg.placement" => "NS-3 (placing words)",
        "gcg.letter" => "NS-1 (the tile set)",
        "gcg.tile-count" | "gcg.rack-tiles" => "NS-8 (NS-1: the set's counts)",
        "gcg.rack" | "gcg.rack-size" | "gcg.rack-leave" => "NS-8 (the racks)",
        "gcg.exchange-bag" | "gcg.exchange-size" | "gcg.out-of-turn" => "NS-3",
        "gcg.game-over" => "GN-1",
        "gcg.challenge" | "gcg.withdrawn" => "NS-8 (NS-5: challenges)",
        "gcg.end-rack" => "NS-4",
        "gcg.duplicate" => "duplicate (docs/duplicate.md)",
        _ => "NS-6 (the record's scores)",
    }
}

/// An event in words, for the notes: `event 3: anna scores 12 (40 in all): CASA ...`.
fn event_note(i: usize, player: &str, e: &Event, x: &Replayed, j: &Judging) -> String {
    let head = format!("event {i}: {player}");
    let points = format!("{} ({} in all)", signed(x.score), x.cumulative);
    let s = &j.scoring;
    match &e.action {
        Action::Play { .. } => format!(
            "{head} scores {points}: {}",
            play_text(
                &x.words,
                (x.bonus, s.natura_bonus),
                &x.missing,
                &s.set,
                &j.lex
            )
        ),
        Action::Pass => format!("{head} passes, {points}"),
        Action::Exchange(_) | Action::ExchangeCount(_) => format!("{head} exchanges, {points}"),
        Action::Withdrawn if x.missing.is_empty() => {
            format!("{head}'s play is withdrawn after a challenge, {points}")
        }
        Action::Withdrawn => format!(
            "{head}'s play is withdrawn after a challenge: {} not in the lexicon (NS-5), {points}",
            x.missing.join(", ")
        ),
        Action::ChallengeBonus => {
            format!("{head}'s play stands a challenge (NS-5), {points}")
        }
        Action::EndRack(r) => format!("{head} gains the rack {r} left (NS-4), {points}"),
        Action::RackPenalty(r) => format!("{head} loses their rack {r} left (NS-4), {points}"),
        Action::Time => format!("{head}: time penalty, {points}"),
    }
}

/// An event's facts as data (`check --json`'s `details`; `docs/records.md`).
fn event_detail(
    number: usize,
    line: usize,
    e: &Event,
    x: &Replayed,
    player: &str,
    set: &TileSet,
    lex: &Lex,
) -> MoveDetail {
    let mut f = serde_json::Map::new();
    let kind = match &e.action {
        Action::Play { at, dir, word } => {
            f.insert("at".into(), at.to_string().into());
            f.insert("dir".into(), dir.to_string().into());
            f.insert("word".into(), word.clone().into());
            f.extend(super::facts_record::play(
                &x.words, x.bonus, &x.missing, set, lex,
            ));
            "play"
        }
        Action::Pass => "pass",
        Action::Exchange(t) => {
            f.insert("tiles".into(), t.clone().into());
            "exchange"
        }
        Action::ExchangeCount(k) => {
            f.insert("tiles".into(), k.to_string().into());
            "exchange"
        }
        Action::Withdrawn => {
            f.insert("missing".into(), serde_json::json!(x.missing));
            "withdrawn"
        }
        Action::ChallengeBonus => "challenge-bonus",
        Action::EndRack(r) => {
            f.insert("end_rack".into(), r.clone().into());
            "end-rack"
        }
        Action::RackPenalty(r) => {
            f.insert("end_rack".into(), r.clone().into());
            "rack-penalty"
        }
        Action::Time => "time",
    };
    f.insert("line".into(), line.into());
    f.insert(
        "rack".into(),
        if e.rack.is_empty() {
            serde_json::Value::Null
        } else {
            e.rack.clone().into()
        },
    );
    f.insert("points".into(), x.score.into());
    f.insert("total".into(), x.cumulative.into());
    MoveDetail {
        number,
        player: player.to_string(),
        fields: super::facts_record::with_kind(kind, f),
    }
}

/// Judge a GCG file: read (a malformed line is unreadable, exit 2), then referee every event
/// as a TOML record's moves are (NS-8); the first that breaks a rule is illegal at its line.
pub fn check_gcg(path: &Path, bytes: &[u8]) -> Result<Judged, Error> {
    let r = read(bytes).map_err(|e| gcg_error(path, &e))?;
    let j = judging(&r, None).map_err(|e| gcg_error(path, &e))?;
    let set = &j.scoring.set;
    let players: Vec<String> = r.gcg.players.iter().map(|p| p.nick.clone()).collect();
    let mut notes: Vec<String> = r
        .warnings
        .iter()
        .map(|w| format!("warning: line {}: {}", w.line, w.message))
        .collect();
    notes.push(format!("tile set: {} ({}) (NS-8)", set.name, j.why));
    notes.push(j.lex.describe());
    if let (Some(named), Lex::Lists(lex)) = (r.gcg.pragma("lexicon"), &j.lex) {
        let own: Vec<&str> = lex.lists.iter().map(|l| l.name.as_str()).collect();
        if named.trim() != own.join(" + ") {
            notes.push(format!(
                "the file names the lexicon `{named}`; tavolo judges the words with its own (NS-2)"
            ));
        }
    }
    let total = r.gcg.events.len();
    let replay = replay_all(&r, &j.scoring);
    let mut details = Vec::new();
    for (i, (e, x)) in r.gcg.events.iter().zip(&replay.events).enumerate() {
        notes.push(event_note(i + 1, &players[e.player], e, x, &j));
        details.push(event_detail(
            i + 1,
            r.lines[i],
            e,
            x,
            &players[e.player],
            set,
            &j.lex,
        ));
    }
    let variant = if j.scoring.duplicate {
        DUPLICATE_VARIANT
    } else {
        "standard"
    };
    let verdict = match replay.error {
        None => {
            let mut totals = vec![0; players.len()];
            for (e, x) in r.gcg.events.iter().zip(&replay.events) {
                totals[e.player] = x.cumulative;
            }
            match replay.events.last().and_then(|x| x.over) {
                Some(over) => {
                    let how = match over {
                        Over::Out(o) => {
                            format!("{} played their last tile with the bag empty", players[o])
                        }
                        Over::Passes => {
                            "every player passed (or exchanged) three turns running".into()
                        }
                        Over::Duplicate => {
                            match r.gcg.events.last().map(|e| (&e.action, &e.rack)) {
                                Some((Action::Pass, rack)) => {
                                    format!("the rack {rack} makes no word on the board")
                                }
                                _ => "the tiles left hold no vowel or no consonant".into(),
                            }
                        }
                    };
                    let ended =
                        r.gcg.events.iter().any(|e| {
                            matches!(e.action, Action::EndRack(_) | Action::RackPenalty(_))
                        });
                    if !ended && !j.scoring.duplicate {
                        notes.push(
                            "no end-rack lines: no adjustment for the racks left (as with no-rack-penalty, NS-4)".into(),
                        );
                    }
                    let result = if j.scoring.duplicate {
                        GameResult {
                            scores: vec![Score {
                                player: players[0].clone(),
                                points: i64::from(totals[0]),
                            }],
                            reason: format!("{how}; the tops total {}", totals[0]),
                            ..GameResult::default()
                        }
                    } else {
                        standings(&players, &totals, &how)
                    };
                    Verdict::complete(total, result, notes)
                }
                None => {
                    notes.push(format!("scores {}", per_seat(&players, &totals)));
                    // NS-3: the turn goes round in `#player` order; before the first turn,
                    // the first player (as a TOML record with no moves).
                    let next = replay.to_move.unwrap_or(0);
                    Verdict::legal_so_far(total, players.get(next).cloned(), notes)
                }
            }
        }
        Some(e) => {
            let number = r
                .lines
                .iter()
                .position(|&l| l == e.line)
                .map_or(total, |i| i + 1);
            let player = r
                .gcg
                .events
                .get(number.saturating_sub(1))
                .map(|ev| players[ev.player].clone())
                .unwrap_or_default();
            Verdict {
                notes,
                ..Verdict::illegal(
                    total,
                    Illegal {
                        number,
                        player,
                        rule: rule_of(e.code),
                        code: e.code,
                        message: e.message,
                        line: e.line,
                        column: e.col,
                    },
                )
            }
        }
    };
    Ok(Judged {
        game: "natura".into(),
        variant: variant.into(),
        players,
        verdict: verdict.with_details(details),
    })
}

/// The players as GCG writes them: nicknames `p1`, `p2`, ... (one word each, whatever the
/// names), the names in full.
fn gcg_players(players: &[String]) -> Vec<Player> {
    players
        .iter()
        .enumerate()
        .map(|(i, n)| Player {
            nick: format!("p{}", i + 1),
            name: n.clone(),
        })
        .collect()
}

/// A TOML record's game as GCG (NS-6): each move as an event with the rack before it, the
/// end adjustment (NS-4) as end-rack lines. `None` when the record cannot be replayed.
pub fn to_gcg(players: &[String], start: &Setup, rules: &Rules, moves: &[Move]) -> Option<String> {
    let game = State::start(start, rules).ok()?;
    game_gcg(players, game, moves, None, Vec::new()).ok()
}

/// A game from its start as GCG, each move's rack the one before it, the end adjustment
/// (NS-4) as end-rack lines, `lexicon` as the `#lexicon` pragma, `notes` before the first
/// move; or the first move the engine refuses (its index and why).
fn game_gcg(
    players: &[String],
    mut game: State,
    moves: &[Move],
    lexicon: Option<&str>,
    notes: Vec<String>,
) -> Result<String, (usize, super::Broken)> {
    let set = TileSet::italian();
    let mut pragmas = vec![("tile-distribution".to_string(), "italian".to_string())];
    if let Some(l) = lexicon {
        pragmas.push(("lexicon".into(), l.into()));
    }
    let mut g = Gcg {
        players: gcg_players(players),
        pragmas,
        notes,
        ..Gcg::default()
    };
    let mut totals = vec![0i32; players.len()];
    for (i, mv) in moves.iter().enumerate() {
        let seat = mv.seat();
        let rack = game.rack_text(seat);
        let before = game.scores().to_vec();
        let o = game.play(mv.clone()).map_err(|b| (i, b))?;
        let action = match (mv, &o) {
            (Move::Place { play, .. }, _) => Action::Play {
                at: play.at,
                dir: play.dir,
                word: play
                    .word
                    .iter()
                    .map(|&t| if t == THROUGH { '.' } else { set.char_of(t) })
                    .collect(),
            },
            (Move::Exchange { tiles, .. }, _) => Action::Exchange(tiles_text(tiles)),
            (Move::Pass { .. }, _) => Action::Pass,
            (Move::Challenge { .. }, Outcome::Withdrawn { .. }) => Action::Withdrawn,
            (Move::Challenge { .. }, _) => Action::ChallengeBonus,
        };
        // A withdrawal and a challenge bonus are events of the player whose play it was.
        let who = match &o {
            Outcome::Withdrawn { seat, .. } | Outcome::Upheld { seat, .. } => *seat,
            _ => seat,
        };
        let score = game.scores()[who] - before[who];
        totals[who] += score;
        let rack = if who == seat { rack } else { String::new() };
        g.events.push(Event {
            player: who,
            rack,
            action,
            score,
            cumulative: totals[who],
            notes: Vec::new(),
        });
    }
    // NS-4's adjustment as end-rack lines: each rack left off its owner, and, when a player
    // went out, each of them added to that player.
    if game.end().is_some() && !game.rules().no_rack_penalty {
        let left: Vec<(String, i32)> = (0..players.len())
            .map(|s| (game.rack_text(s), game.rack_value(s)))
            .collect();
        for (s, (r, v)) in left.iter().enumerate() {
            if r.is_empty() {
                continue;
            }
            totals[s] -= v;
            g.events.push(Event {
                player: s,
                rack: r.clone(),
                action: Action::RackPenalty(r.clone()),
                score: -v,
                cumulative: totals[s],
                notes: Vec::new(),
            });
        }
        if let Some(End::Out(o)) = game.end() {
            for (r, v) in left.iter().filter(|(r, _)| !r.is_empty()) {
                totals[o] += v;
                g.events.push(Event {
                    player: o,
                    rack: String::new(),
                    action: Action::EndRack(r.clone()),
                    score: *v,
                    cumulative: totals[o],
                    notes: Vec::new(),
                });
            }
        }
    }
    Ok(super::gcg::write(&g))
}

/// A duplicate game as GCG (`#game-type duplicate`): one player, the top; each round its
/// rack, its top and the running total; a game that ended on a rack making no word ends on
/// that rack passing.
pub fn duplicate_gcg(words: &Words, rounds: &[Round], end: Option<&DuplicateEnd>) -> String {
    let set = TileSet::italian();
    let mut pragmas = vec![
        ("tile-distribution".to_string(), "italian".to_string()),
        ("game-type".into(), super::gcg::DUPLICATE.into()),
    ];
    let mut notes = Vec::new();
    if let Words::Inline(list) = words {
        // The game's own words do not travel in GCG.
        pragmas.push(("lexicon".into(), "none".into()));
        notes.push(format!(
            "the tops were found in a list of {} words, not carried here",
            list.len()
        ));
    }
    let mut g = Gcg {
        players: vec![Player {
            nick: DUPLICATE_PLAYER.into(),
            name: "the tops".into(),
        }],
        pragmas,
        notes,
        ..Gcg::default()
    };
    for r in rounds {
        g.events.push(Event {
            player: 0,
            rack: rack_text(&r.drawn.rack),
            action: Action::Play {
                at: r.top.play.at,
                dir: r.top.play.dir,
                word: r
                    .top
                    .play
                    .word
                    .iter()
                    .map(|&t| if t == THROUGH { '.' } else { set.char_of(t) })
                    .collect(),
            },
            score: r.top.score as i32,
            cumulative: r.total as i32,
            notes: Vec::new(),
        });
    }
    if let Some(DuplicateEnd::NoPlay(rack)) = end {
        let total = rounds.last().map_or(0, |r| r.total as i32);
        g.events.push(Event {
            player: 0,
            rack: rack_text(rack),
            action: Action::Pass,
            score: 0,
            cumulative: total,
            notes: Vec::new(),
        });
    }
    super::gcg::write(&g)
}

/// A TOML record written as GCG (`tavolo play -o game.gcg`): a game from its deal or its
/// written bag, or a duplicate game.
fn write_gcg(record: &Record, src: &Source) -> Result<String, Error> {
    let names = record.player_names();
    let refused = |what: String| {
        Error::failed(
            "natura.gcg-illegal",
            format!("{what}: only a legal game is written as GCG"),
        )
        .help("`tavolo check` reports the record in full")
    };
    if record.variant == DUPLICATE_VARIANT {
        let loaded = super::duplicate::record::load(record, src)?;
        if let Some(i) = &loaded.verdict.illegal {
            return Err(refused(format!(
                "round {} is illegal ({})",
                i.number, i.message
            )));
        }
        return Ok(duplicate_gcg(
            &loaded.words,
            &loaded.rounds,
            loaded.end.as_ref(),
        ));
    }
    if matches!(read_setup(record, src)?.start, Some(Start::Position { .. })) {
        return Err(Error::input(
            "natura.gcg-position",
            "the record starts from a written position, and a GCG game starts from the empty board",
        )
        .help("only a game from its deal or its whole bag is written as GCG"));
    }
    let opened = open(record, src, None)?;
    // A record's own words do not travel in GCG: its game is written as judged by no list.
    let lexicon = match &opened.lex {
        Lex::Unchecked(_) | Lex::Inline(_) => Some("none".to_string()),
        Lex::Lists(l) => Some(
            l.lists
                .iter()
                .map(|x| x.name.as_str())
                .collect::<Vec<_>>()
                .join(" + "),
        ),
    };
    let notes = match &opened.lex {
        Lex::Inline(list) => vec![format!(
            "words judged by the record's own list of {} words, not carried here",
            list.len()
        )],
        _ => Vec::new(),
    };
    game_gcg(
        &names,
        opened.start,
        &opened.moves,
        lexicon.as_deref(),
        notes,
    )
    .map_err(|(i, b)| {
        use crate::games::engine::Broken as _;
        refused(format!(
            "move {} is illegal ({})",
            i + 1,
            b.describe(&names)
        ))
    })
}
