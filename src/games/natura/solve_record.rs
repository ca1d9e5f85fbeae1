//! `tavolo solve natura RECORD` (issue 14): the best moves for the player to move in a
//! record's position, and a whole game reviewed turn by turn (each turn's best move beside
//! the one played, the points left on the table summed per player).
//!
//! A record is read as `tavolo check` reads it (TOML, or GCG by its extension, NS-6) and
//! replayed through the engine; the moves come from the move generator over the record's
//! lexicon (or the `--lexicon` lists), scored by the engine itself.

use std::path::Path;
use std::sync::Arc;

use serde_json::{json, Value};

use super::board::{Placement, THROUGH};
use super::game::{Outcome, Rules, State};
use super::layout::{TileSet, BLANK, JOLLY, RACK};
use super::leaves_record;
use super::machine::{ranked_by_equity, Valued};
use super::movegen::{ranked_moves, Gaddag, Ranked};
use super::moves::{tile_char, Move};
use super::record::{letter, Lex, Natura};
use super::simulate;
use crate::error::Error;
use crate::games::engine::{Broken as _, Engine};
use crate::games::solve::{PositionQuery, Rank, Simulation, SolvePosition, WordLists};
use crate::games::Scored;
use crate::record::{Record, Source};

impl SolvePosition for Natura {
    fn solve_position(&self, q: &PositionQuery) -> Result<Scored, Error> {
        let lists = match &q.words {
            Some(w) => Some(lists_lex(w)?),
            None => None,
        };
        let game = Replayed::read(&q.file, lists)?;
        let graph = graph_of(&game.lex, &game.file)?;
        if q.analyse {
            let leaves = leaves_for(&game, q)?;
            return Ok(analyse(&game, &graph, leaves.as_ref()));
        }
        if q.endgame {
            return endgame(&game, &graph, q);
        }
        if let Some(sim) = &q.simulate {
            return simulated(&game, &graph, q, sim);
        }
        top(&game, &graph, q)
    }
}

/// The `--lexicon` lists as a lexicon.
fn lists_lex(w: &WordLists) -> Result<Lex, Error> {
    Ok(Lex::Lists(Arc::new(w.open()?)))
}

/// The lexicon as a word graph.
fn graph_of(lex: &Lex, file: &str) -> Result<Arc<Gaddag>, Error> {
    match lex {
        Lex::Lists(l) => crate::lexicon::graph::gaddag(l),
        Lex::Inline(words) => Gaddag::from_words(words.iter())
            .map(Arc::new)
            .map_err(|e| Error::input("lexicon.graph", e.to_string())),
        Lex::Unchecked(why) => Err(Error::input(
            "solve.no-lexicon",
            format!("{file}: words not checked ({why}), so no move can be found"),
        )
        .help("give word lists: --lexicon FILE (with --lexicon-only to use them alone)")),
    }
}

/// One move of a record as played.
struct Played {
    /// A turn of its player (a placement, an exchange or a pass), not a challenge or an
    /// end-of-game line.
    turn: bool,
    seat: usize,
    /// The move in a record's notation (`H8 across CASA`, `exchange AE`, `pass`).
    notation: String,
    /// The placement, to tell whether its words are in the lexicon.
    play: Option<Placement>,
    /// The points it scored when played.
    points: i32,
    /// A play withdrawn after a challenge (NS-5): its points taken back.
    withdrawn: bool,
    /// The move, where the record says all of it (a GCG exchange may give only a count).
    mv: Option<Move>,
}

/// A record replayed: the position after each number of moves.
struct Replayed {
    file: String,
    names: Vec<String>,
    /// `positions[k]`: the position after `k` moves, as far as the record is legal.
    positions: Vec<State>,
    /// Whether the game is over after `k` moves (GCG files end with end-rack lines).
    over: Vec<bool>,
    played: Vec<Played>,
    /// The moves in the record.
    total: usize,
    /// The first move the engine refuses, and why.
    illegal: Option<(usize, String)>,
    lex: Lex,
    /// "move" (TOML) or "event" (GCG).
    unit: &'static str,
}

/// A move written as records write it: `H8 across CASA` (its seat left out).
fn notation(mv: &Move) -> String {
    let text = mv.to_string();
    text.split_once(' ')
        .map_or(text.clone(), |(_, rest)| rest.to_string())
}

impl Replayed {
    fn read(path: &Path, lists: Option<Lex>) -> Result<Replayed, Error> {
        let is_gcg = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("gcg"));
        if is_gcg {
            let bytes = crate::input::read(path, crate::input::RECORD)
                .map_err(|e| Error::io("solve.unreadable", path, &e))?;
            return Replayed::gcg(path, &bytes, lists);
        }
        let text = crate::input::read_to_string(path, crate::input::RECORD)
            .map_err(|e| Error::io("solve.unreadable", path, &e))?;
        let src = Source::new(path, text);
        let record = Record::parse(&src, &crate::games::Registry)?;
        if record.game != "natura" {
            return Err(Error::input(
                "solve.wrong-game",
                format!(
                    "{} is a record of {}, not of natura",
                    path.display(),
                    record.game
                ),
            ));
        }
        let opened = super::record::open(&record, &src, lists)?;
        let names = record.player_names();
        let mut game = opened.start;
        let mut out = Replayed {
            file: path.display().to_string(),
            names,
            positions: vec![game.clone()],
            over: vec![game.end().is_some()],
            played: Vec::new(),
            total: opened.moves.len(),
            illegal: None,
            lex: opened.lex,
            unit: "move",
        };
        for (k, mv) in opened.moves.into_iter().enumerate() {
            let seat = mv.seat();
            let text = notation(&mv);
            let play = match &mv {
                Move::Place { play, .. } => Some(play.clone()),
                _ => None,
            };
            let whole = mv.clone();
            match game.play(mv) {
                Ok(o) => {
                    let (turn, points) = match o {
                        Outcome::Played { points, .. } => (true, points as i32),
                        Outcome::Exchanged { .. } | Outcome::Passed { .. } => (true, 0),
                        Outcome::Withdrawn { seat: s, .. } => {
                            out.withdraw(s);
                            (false, 0)
                        }
                        Outcome::Upheld { .. } => (false, 0),
                    };
                    out.played.push(Played {
                        turn,
                        seat,
                        notation: text,
                        play,
                        points,
                        withdrawn: false,
                        mv: Some(whole),
                    });
                    out.positions.push(game.clone());
                    out.over.push(game.end().is_some());
                }
                Err(b) => {
                    out.illegal =
                        Some((k + 1, format!("{}: {}", b.code(), b.describe(&out.names))));
                    break;
                }
            }
        }
        Ok(out)
    }

    /// The last play of `seat` is withdrawn (NS-5).
    fn withdraw(&mut self, seat: usize) {
        if let Some(p) = self
            .played
            .iter_mut()
            .rev()
            .find(|p| p.turn && p.seat == seat)
        {
            p.withdrawn = true;
        }
    }

    /// A GCG file (NS-6): the position before each event, the mover's rack as the event
    /// writes it; the bag unknown.
    fn gcg(path: &Path, bytes: &[u8], lists: Option<Lex>) -> Result<Replayed, Error> {
        use super::gcg::{read, replay, Action, Read};
        use super::gcg_replay::replay_all;
        let r = read(bytes).map_err(|e| super::gcg_record::gcg_error(path, &e))?;
        let (scoring, lex) = super::gcg_record::gcg_scoring(&r, lists)
            .map_err(|e| super::gcg_record::gcg_error(path, &e))?;
        let set = TileSet::italian();
        if scoring.set != set {
            return Err(Error::input(
                "solve.tile-set",
                format!(
                    "{} is a game with the {} tile set; `tavolo solve natura` knows the Italian one",
                    path.display(),
                    scoring.set.name
                ),
            ));
        }
        let names: Vec<String> = r.gcg.players.iter().map(|p| p.nick.clone()).collect();
        if !(2..=6).contains(&names.len()) {
            return Err(Error::input(
                "solve.players",
                format!(
                    "{} names {} players; Natura Shakerata takes 2 to 6",
                    path.display(),
                    names.len()
                ),
            ));
        }
        let events = &r.gcg.events;
        // The prefix replayed: up to the first event the board refuses.
        let (ok, illegal) = match replay(&r, &scoring) {
            Ok(_) => (events.len(), None),
            Err(e) => {
                let k = r.lines.iter().position(|&l| l == e.line).unwrap_or(0);
                (k, Some((k + 1, format!("{}: {}", e.code, e.message))))
            }
        };
        let rules = Rules::default();
        let mut out = Replayed {
            file: path.display().to_string(),
            names: names.clone(),
            positions: Vec::new(),
            over: Vec::new(),
            played: Vec::new(),
            total: events.len(),
            illegal,
            lex,
            unit: "event",
        };
        let prefix = |k: usize| Read {
            gcg: super::gcg::Gcg {
                events: events[..k].to_vec(),
                ..r.gcg.clone()
            },
            lines: r.lines[..k].to_vec(),
            pragma_lines: r.pragma_lines.clone(),
            warnings: Vec::new(),
        };
        // Each prefix replays its events as the whole file did (no error before `ok`); only
        // the check that end-rack lines hold the tiles left may fail on a prefix cut among
        // them, which does not change the board.
        let all = replay_all(&prefix(ok), &scoring).events;
        let mut scores = vec![0i32; names.len()];
        let mut last_turn: Option<usize> = None;
        for k in 0..=ok {
            let board = replay_all(&prefix(k), &scoring).board;
            if let Some(i) = k.checked_sub(1) {
                scores[events[i].player] = all[i].cumulative;
            }
            let (seat, rack) = match events.get(k) {
                Some(e) => (e.player, e.rack.clone()),
                None => (
                    last_turn.map_or(0, |s| (s + 1) % names.len()),
                    String::new(),
                ),
            };
            let mut racks = vec![String::new(); names.len()];
            racks[seat] = rack.chars().filter(|c| *c != ' ').collect();
            let refs: Vec<&str> = racks.iter().map(String::as_str).collect();
            let state = State::position(&rules, board, &refs, &[], &scores, seat).map_err(|e| {
                Error::input(
                    "solve.bad-position",
                    format!("{}: before event {}: {e}", path.display(), k + 1),
                )
            })?;
            out.positions.push(state);
            let ended = events[..k]
                .iter()
                .any(|e| matches!(e.action, Action::EndRack(_) | Action::RackPenalty(_)));
            out.over.push(ended);
            let Some(e) = events.get(k).filter(|_| k < ok) else {
                continue;
            };
            let score = |i: usize| all[i].score;
            let (turn, text, play, points, mv) = match &e.action {
                Action::Play { at, dir, word } => {
                    let tiles: Vec<u8> = word
                        .chars()
                        .map(|c| {
                            if c == '.' {
                                THROUGH
                            } else {
                                set.parse(c).unwrap_or(0)
                            }
                        })
                        .collect();
                    let play = Placement {
                        at: *at,
                        dir: *dir,
                        word: tiles,
                    };
                    let mv = Move::Place {
                        seat: e.player,
                        play: play.clone(),
                    };
                    (true, notation(&mv), Some(play), score(k), Some(mv))
                }
                Action::Pass => (
                    true,
                    "pass".to_string(),
                    None,
                    0,
                    Some(Move::Pass { seat: e.player }),
                ),
                Action::Exchange(t) => {
                    let tiles: Option<Vec<u8>> = t
                        .chars()
                        .map(|c| super::moves::tile_of(c.to_ascii_uppercase(), true))
                        .collect();
                    let mv = tiles.map(|tiles| Move::Exchange {
                        seat: e.player,
                        tiles,
                    });
                    (true, format!("exchange {t}"), None, 0, mv)
                }
                Action::ExchangeCount(n) => (true, format!("exchange {n} tiles"), None, 0, None),
                Action::Withdrawn => {
                    out.withdraw(e.player);
                    (false, "withdrawn".to_string(), None, 0, None)
                }
                other => (false, format!("{other:?}"), None, score(k), None),
            };
            if turn {
                last_turn = Some(e.player);
            }
            out.played.push(Played {
                turn,
                seat: e.player,
                notation: text,
                play,
                points,
                withdrawn: false,
                mv,
            });
        }
        Ok(out)
    }

    /// The position after `after` moves, with the rack of the player to move.
    fn position(&self, after: usize, rack: Option<&str>) -> Result<(State, usize), Error> {
        let u = self.unit;
        if after > self.total {
            return Err(Error::input(
                "solve.bad-move",
                format!(
                    "{} has {} {u}s; --move {after} is past its end",
                    self.file, self.total
                ),
            )
            .help(format!("--move 0 to {} (0 is the start)", self.total)));
        }
        let Some(state) = self.positions.get(after) else {
            let (k, why) = self.illegal.clone().unwrap_or_default();
            return Err(Error::failed(
                "solve.illegal-record",
                format!("{}: {u} {k} is illegal ({why})", self.file),
            )
            .help(format!(
                "`tavolo check {}` explains; positions before {u} {k} can be solved with --move",
                self.file
            )));
        };
        let mut state = state.clone();
        let seat = match state.to_move().filter(|_| !self.over[after]) {
            Some(s) => s,
            None => {
                return Err(Error::input(
                    "solve.game-over",
                    format!(
                        "{}: the game is over after {u} {after}, so no one is to move",
                        self.file
                    ),
                )
                .help("give --move N for a position before the end"))
            }
        };
        if let Some(text) = rack {
            let counts = parse_rack(text, &state)?;
            state.set_rack(seat, &counts);
        } else if state.rack(seat).iter().all(|&n| n == 0) {
            return Err(Error::input(
                "solve.no-rack",
                format!(
                    "{}: the record does not say which tiles {} holds after {u} {after}",
                    self.file, self.names[seat]
                ),
            )
            .help("give the rack with --rack LETTERS (`?` for a jolly), e.g. --rack CASERT?"));
        }
        Ok((state, seat))
    }
}

/// `--rack LETTERS`: counts by kind, checked against the set less the tiles on the board.
fn parse_rack(text: &str, state: &State) -> Result<Vec<u8>, Error> {
    let set = state.set();
    let full = set.full_counts();
    let mut counts = vec![0u8; set.kinds()];
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        let k = if c == '?' {
            JOLLY
        } else {
            letter(set, c)
                .map(|t| t & !BLANK)
                .filter(|&t| full[usize::from(t)] > 0)
                .ok_or_else(|| {
                    Error::input(
                        "solve.bad-rack",
                        format!(
                            "`{c}` in --rack {text} is no tile: a letter of the Italian set \
                             (J, K, W, X and Y only as a jolly), or `?` for a jolly (NS-1)"
                        ),
                    )
                })?
        };
        counts[usize::from(k)] += 1;
    }
    let n: usize = counts.iter().map(|&n| usize::from(n)).sum();
    if n == 0 || n > RACK {
        return Err(Error::input(
            "solve.bad-rack",
            format!("--rack {text} gives {n} tiles; a rack holds 1 to 7 (NS-1)"),
        ));
    }
    simulate::unseen(state, &counts)
        .map_err(|e| Error::input("solve.bad-rack", format!("--rack {text}: {e}")))?;
    Ok(counts)
}

/// Rack tiles as text, letters in order, jollies `?` last.
fn rack_text(counts: &[u8]) -> String {
    let mut out = String::new();
    for (k, &n) in counts.iter().enumerate().skip(1) {
        out.extend(std::iter::repeat_n(tile_char(k as u8), usize::from(n)));
    }
    out.extend(std::iter::repeat_n('?', usize::from(counts[0])));
    out
}

/// A generated move as `solve` shows it.
struct Shown {
    notation: String,
    kind: &'static str,
    score: u32,
    bonus: u32,
    tiles: usize,
    /// Every word formed, the main word first, with its score.
    words: Vec<(String, u32)>,
    leave: String,
}

fn show(state: &State, r: &Ranked) -> Shown {
    let seat = r.mv.seat();
    let mut left = state.rack(seat).to_vec();
    let (kind, words, bonus) = match &r.mv {
        Move::Place { play, .. } => {
            let words_of = state.board().score(state.set(), play).ok();
            let mut words = Vec::new();
            let mut total = 0;
            if let Some(s) = &words_of {
                for &(_, t) in &s.placed {
                    let k = usize::from(TileSet::rack_tile(t));
                    left[k] = left[k].saturating_sub(1);
                }
                words = s
                    .words
                    .iter()
                    .map(|w| (w.text(state.set()), w.score))
                    .collect();
                total = s.words_total();
            }
            ("place", words, r.score.saturating_sub(total))
        }
        Move::Exchange { tiles, .. } => {
            for &t in tiles {
                let k = usize::from(t);
                left[k] = left[k].saturating_sub(1);
            }
            ("exchange", Vec::new(), 0)
        }
        Move::Pass { .. } => ("pass", Vec::new(), 0),
        Move::Challenge { .. } => ("challenge", Vec::new(), 0),
    };
    Shown {
        notation: notation(&r.mv),
        kind,
        score: r.score,
        bonus,
        tiles: r.tiles,
        words,
        leave: rack_text(&left),
    }
}

impl Shown {
    fn json(&self, rank: usize) -> Value {
        let mut parts = self.notation.split(' ');
        let (at, dir, word) = if self.kind == "place" {
            (parts.next(), parts.next(), parts.next())
        } else {
            (None, None, None)
        };
        json!({
            "rank": rank,
            "move": self.notation,
            "kind": self.kind,
            "at": at,
            "dir": dir,
            "word": word,
            "score": self.score,
            "bonus": self.bonus,
            "tiles": self.tiles,
            "words": self.words.iter().map(|(w, s)| json!({"word": w, "score": s})).collect::<Vec<_>>(),
            "leave": self.leave,
        })
    }

    fn words_text(&self) -> String {
        let mut parts: Vec<String> = self.words.iter().map(|(w, s)| format!("{w} {s}")).collect();
        if self.bonus > 0 {
            parts.push(format!("+{} whole rack", self.bonus));
        }
        parts.join(", ")
    }
}

fn scores_text(names: &[String], scores: &[i32]) -> String {
    names
        .iter()
        .zip(scores)
        .map(|(n, s)| format!("{n} {s}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The leave values the ranking uses (issue 25): `--leaves FILE`, else the lexicon's own
/// (learned by `tavolo lexicon leaves learn`, or tavolo's for NS-2's lists); `None` to rank by
/// score (`--rank score`, or no values for this lexicon and no `--rank equity`).
fn leaves_for(game: &Replayed, q: &PositionQuery) -> Result<Option<leaves_record::Found>, Error> {
    if q.rank == Some(Rank::Score) {
        return Ok(None);
    }
    let wanted = q.rank == Some(Rank::Equity);
    let Lex::Lists(lists) = &game.lex else {
        if wanted || q.leaves.is_some() {
            return Err(Error::input(
                "solve.no-leaves",
                format!(
                    "{}: {}, and leave values are learned on word lists",
                    game.file,
                    game.lex.describe()
                ),
            )
            .help("rank by equity with word lists: --lexicon FILE"));
        }
        return Ok(None);
    };
    let cache = q
        .words
        .as_ref()
        .and_then(|w| w.options.cache_dir.clone())
        .or_else(|| crate::lexicon::choice::options().cache_dir);
    match leaves_record::for_lexicon(lists, q.leaves.as_deref(), cache.as_deref())? {
        Some(found) => Ok(Some(found)),
        None if wanted => Err(Error::input(
            "solve.no-leaves",
            format!(
                "no leave values are learned for this lexicon ({})",
                leaves_record::lexicon_names(lists)
            ),
        )
        .help(format!(
            "learn them with `{}` (the same --lexicon options), or name a file with --leaves",
            leaves_record::RELEARN
        ))),
        None => Ok(None),
    }
}

/// The top moves of one position.
fn top(game: &Replayed, graph: &Gaddag, q: &PositionQuery) -> Result<Scored, Error> {
    let after = q.after.unwrap_or(game.total);
    let (state, seat) = game.position(after, q.rack.as_deref())?;
    let leaves = leaves_for(game, q)?;
    let mut ranked: Vec<Valued> = match &leaves {
        Some(l) => ranked_by_equity(&state, graph, &l.leaves),
        None => ranked_moves(&state, graph)
            .into_iter()
            .map(Valued::by_score)
            .collect(),
    };
    let placements = ranked
        .iter()
        .filter(|r| matches!(r.mv, Move::Place { .. }))
        .count();
    ranked.truncate(q.top.max(1));
    let shown: Vec<Shown> = ranked.iter().map(|r| show(&state, &r.ranked())).collect();
    let rack = state.rack_text(seat);
    let u = game.unit;
    let mut text = format!(
        "{}: after {u} {after} of {}, {} to move with {rack} (scores {}; {} tiles in the bag)\n{}; {placements} placement{}\n",
        game.file,
        game.total,
        game.names[seat],
        scores_text(&game.names, state.scores()),
        state.bag_len(),
        game.lex.describe(),
        if placements == 1 { "" } else { "s" },
    );
    if let Some(l) = &leaves {
        text += &format!(
            "ranked by equity: score + the value of the tiles kept ({}, learned from {} games); equity, score, leave value\n",
            l.source.describe(),
            l.leaves.stamp.games
        );
    }
    let width = shown.iter().map(|s| s.notation.len()).max().unwrap_or(0);
    for (i, (s, v)) in shown.iter().zip(&ranked).enumerate() {
        let value = match &leaves {
            Some(_) => format!(
                "{:>7.2} {:>4} {:>+6.2}",
                v.equity as f64 / 100.0,
                s.score,
                f64::from(v.leave_value) / 100.0
            ),
            None => format!("{:>4}", s.score),
        };
        text += &format!(
            "{:>3}. {value}  {:<width$}  {}{}leave {}\n",
            i + 1,
            s.notation,
            s.words_text(),
            if s.words.is_empty() { "" } else { "; " },
            if s.leave.is_empty() { "-" } else { &s.leave },
        );
    }
    let moves: Vec<Value> = shown
        .iter()
        .zip(&ranked)
        .enumerate()
        .map(|(i, (s, v))| {
            let mut m = s.json(i + 1);
            m["equity"] = json!(v.equity as f64 / 100.0);
            m["leave_value"] = json!(f64::from(v.leave_value) / 100.0);
            m
        })
        .collect();
    let mut json = position_json(game, after, seat, &rack, &state, state.bag_len());
    json.insert(
        "ranked_by".into(),
        json!(if leaves.is_some() { "equity" } else { "score" }),
    );
    leaves_json(&mut json, leaves.as_ref());
    json.insert("placements".into(), json!(placements));
    json.insert("moves".into(), json!(moves));
    Ok(Scored {
        text,
        json: Value::Object(json),
    })
}

/// What every answer about one position opens with: the record, the move it
/// is after, who is to move with what rack, the scores, the bag and the
/// lexicon.
fn position_json(
    game: &Replayed,
    after: usize,
    seat: usize,
    rack: &str,
    state: &State,
    bag: usize,
) -> serde_json::Map<String, Value> {
    let scores: Vec<Value> = game
        .names
        .iter()
        .zip(state.scores())
        .map(|(n, s)| json!({"player": n, "score": s}))
        .collect();
    [
        ("game", json!("natura")),
        ("file", json!(game.file)),
        ("after", json!(after)),
        ("moves_in_record", json!(game.total)),
        ("to_move", json!(game.names[seat])),
        ("rack", json!(rack)),
        ("scores", json!(scores)),
        ("bag", json!(bag)),
        ("lexicon", json!(game.lex.describe())),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect()
}

/// Whose leave values ranked the moves: how many games they were learned
/// from, and `tavolo` for tavolo's own or the file they were read from.
fn leaves_json(json: &mut serde_json::Map<String, Value>, leaves: Option<&leaves_record::Found>) {
    json.insert(
        "leaves_games".into(),
        json!(leaves.map(|l| l.leaves.stamp.games)),
    );
    json.insert(
        "leaves".into(),
        json!(leaves.map(|l| match &l.source {
            leaves_record::Source::Bundled => "tavolo".to_string(),
            leaves_record::Source::File(p) | leaves_record::Source::Learned(p) =>
                p.display().to_string(),
        })),
    );
}

/// One turn reviewed.
struct Turn<'a> {
    number: usize,
    played: &'a Played,
    rack: String,
    best: Option<Shown>,
    /// By equity (issue 25): the best move's equity and the played move's, in hundredths of a
    /// point (the played one's unknown for a GCG exchange that gives only a count).
    equity: Option<(i64, Option<i64>)>,
    /// Every word of the placement played is in the lexicon.
    in_lexicon: bool,
}

impl Turn<'_> {
    /// The points the turn scored in the end (0 once withdrawn).
    fn scored(&self) -> i32 {
        if self.played.withdrawn {
            0
        } else {
            self.played.points
        }
    }

    /// What the turn left on the table, in hundredths of a point, never below 0 (a word the
    /// lexicon lacks can outscore every move it knows): by equity, the best move's less the
    /// played one's; by score, the best move's points less the turn's.
    fn lost(&self) -> Option<i64> {
        let best = self.best.as_ref()?;
        let lost = match self.equity {
            Some((best, played)) => best - played?,
            None => (i64::from(best.score) - i64::from(self.scored())) * 100,
        };
        Some(lost.max(0))
    }
}

/// Hundredths of a point as text: `12` or `12.35` (whole points by score).
fn points_text(hundredths: i64, by_equity: bool) -> String {
    if by_equity {
        format!("{:.2}", hundredths as f64 / 100.0)
    } else {
        (hundredths / 100).to_string()
    }
}

/// Each turn's best move beside the one played, and the points left per player: by equity
/// when there are leave values (a played move is then valued as the best is, by its score and
/// the tiles it kept), else by score.
fn analyse(game: &Replayed, graph: &Gaddag, leaves: Option<&leaves_record::Found>) -> Scored {
    let by_equity = leaves.is_some();
    let mut turns = Vec::new();
    for (k, p) in game.played.iter().enumerate() {
        if !p.turn {
            continue;
        }
        let state = &game.positions[k];
        let known = state.rack(p.seat).iter().any(|&n| n > 0);
        let mut equity = None;
        let best = if known && state.to_move() == Some(p.seat) {
            match leaves {
                Some(l) => super::machine::best_by_equity(state, graph, &l.leaves).map(|b| {
                    let played = p.mv.as_ref().filter(|_| !p.withdrawn).map(|mv| {
                        super::machine::equity_of(
                            state,
                            &l.leaves,
                            Ranked {
                                mv: mv.clone(),
                                score: p.points.max(0) as u32,
                                tiles: p.play.as_ref().map_or(0, |pl| {
                                    pl.word.iter().filter(|&&t| t != THROUGH).count()
                                }),
                            },
                        )
                        .equity
                    });
                    // A withdrawn play scored nothing and kept its tiles: the pass's equity.
                    let played = if p.withdrawn { Some(0) } else { played };
                    equity = Some((b.equity, played));
                    show(state, &b.ranked())
                }),
                None => super::machine::best_move(state, graph).map(|r| show(state, &r)),
            }
        } else {
            None
        };
        let in_lexicon = p.play.as_ref().is_none_or(|play| {
            state.board().score(state.set(), play).is_ok_and(|s| {
                s.words
                    .iter()
                    .all(|w| graph.contains(&w.upper(state.set())))
            })
        });
        turns.push(Turn {
            number: k + 1,
            played: p,
            rack: if known {
                state.rack_text(p.seat)
            } else {
                String::new()
            },
            best,
            equity,
            in_lexicon,
        });
    }
    let n = game.names.len();
    let mut lost = vec![0i64; n];
    let mut reviewed = vec![0usize; n];
    let mut count = vec![0usize; n];
    for t in &turns {
        count[t.played.seat] += 1;
        if let Some(l) = t.lost() {
            lost[t.played.seat] += l;
            reviewed[t.played.seat] += 1;
        }
    }
    let u = game.unit;
    let mut text = format!(
        "{}: each turn's best move beside the one played; {}\n",
        game.file,
        game.lex.describe()
    );
    if let Some(l) = leaves {
        text += &format!(
            "by equity: score + the value of the tiles kept ({}, learned from {} games); `eq` columns in points\n",
            l.source.describe(),
            l.leaves.stamp.games
        );
    }
    let pw = game.names.iter().map(|s| s.len()).max().unwrap_or(6).max(6);
    let mw = turns
        .iter()
        .flat_map(|t| {
            [t.played.notation.len()]
                .into_iter()
                .chain(t.best.as_ref().map(|b| b.notation.len()))
        })
        .max()
        .unwrap_or(6)
        .max(6);
    let eq = |v: Option<i64>| {
        if by_equity {
            format!(
                "  {:>7}",
                v.map_or("-".to_string(), |v| points_text(v, true))
            )
        } else {
            String::new()
        }
    };
    let head_eq = if by_equity {
        format!("  {:>7}", "eq")
    } else {
        String::new()
    };
    text += &format!(
        "{:>5}  {:<pw$}  {:<7}  {:<mw$}  {:>5}{head_eq}  {:<mw$}  {:>5}{head_eq}  {:>5}\n",
        u, "player", "rack", "played", "pts", "best", "pts", "lost"
    );
    for t in &turns {
        let mut mark = String::new();
        if t.played.withdrawn {
            mark += " (withdrawn)";
        }
        if !t.in_lexicon {
            mark += " (a word not in the lexicon)";
        }
        let (b, bp, l) = match &t.best {
            Some(b) => (
                b.notation.clone(),
                b.score.to_string(),
                t.lost()
                    .map_or("-".to_string(), |l| points_text(l, by_equity)),
            ),
            None => ("(rack unknown)".into(), "-".into(), "-".into()),
        };
        text += &format!(
            "{:>5}  {:<pw$}  {:<7}  {:<mw$}  {:>5}{}  {:<mw$}  {:>5}{}  {:>5}{mark}\n",
            t.number,
            game.names[t.played.seat],
            if t.rack.is_empty() { "?" } else { &t.rack },
            t.played.notation,
            t.scored(),
            eq(t.equity.and_then(|e| e.1)),
            b,
            bp,
            eq(t.equity.map(|e| e.0)),
            l,
        );
    }
    let per: Vec<String> = (0..n)
        .map(|s| {
            let unseen = count[s] - reviewed[s];
            let note = if unseen > 0 {
                format!(" ({} of {} turns reviewed)", reviewed[s], count[s])
            } else {
                String::new()
            };
            format!(
                "{} {}{note}",
                game.names[s],
                points_text(lost[s], by_equity)
            )
        })
        .collect();
    text += &format!(
        "{} left on the table: {}\n",
        if by_equity { "equity" } else { "points" },
        per.join(", ")
    );
    if let Some((k, why)) = &game.illegal {
        text += &format!("stopped at {u} {k}, which is illegal ({why})\n");
    }
    let number = |h: i64| {
        if by_equity {
            json!(h as f64 / 100.0)
        } else {
            json!(h / 100)
        }
    };
    let json = json!({
        "game": "natura",
        "file": game.file,
        "lexicon": game.lex.describe(),
        "ranked_by": if by_equity { "equity" } else { "score" },
        "moves_in_record": game.total,
        "illegal": game.illegal.as_ref().map(|(k, why)| json!({"move": k, "message": why})),
        "turns": turns.iter().map(|t| {
            let mut best = t.best.as_ref().map(|b| b.json(1));
            if let (Some(b), Some((e, _))) = (best.as_mut(), t.equity) {
                b["equity"] = json!(e as f64 / 100.0);
            }
            json!({
                "move": t.number,
                "player": game.names[t.played.seat],
                "rack": (!t.rack.is_empty()).then_some(&t.rack),
                "played": {
                    "move": t.played.notation,
                    "score": t.scored(),
                    "equity": t.equity.and_then(|e| e.1).map(|e| e as f64 / 100.0),
                    "withdrawn": t.played.withdrawn,
                    "in_lexicon": t.in_lexicon,
                },
                "best": best,
                "lost": t.lost().map(number),
            })
        }).collect::<Vec<_>>(),
        "players": (0..n).map(|s| json!({
            "player": game.names[s],
            "turns": count[s],
            "reviewed": reviewed[s],
            "lost": number(lost[s]),
        })).collect::<Vec<_>>(),
    });
    Scored { text, json }
}

/// `--endgame`: the best line from a position with the bag empty, searched to the game's end
/// (issue 25; [`super::endgame`]).
fn endgame(game: &Replayed, graph: &Gaddag, q: &PositionQuery) -> Result<Scored, Error> {
    let after = q.after.unwrap_or(game.total);
    let (state, seat) = game.position(after, None)?;
    let u = game.unit;
    if let Some(other) = (0..state.players()).find(|&s| state.rack(s).iter().all(|&n| n == 0)) {
        return Err(Error::input(
            "solve.no-rack",
            format!(
                "{}: the record does not say which tiles {} holds after {u} {after}; the endgame \
                 needs both racks",
                game.file, game.names[other]
            ),
        ));
    }
    let limits = super::endgame::Limits {
        max_nodes: q.max_nodes,
        max_time: q.max_seconds.map(std::time::Duration::from_secs_f64),
        ..Default::default()
    };
    let found = super::endgame::solve(&state, graph, limits).map_err(|why| {
        Error::input(
            "solve.not-endgame",
            format!("{}: after {u} {after}, {why}", game.file),
        )
        .help("give --move N for a position with the bag empty (the endgame)")
    })?;
    let other = 1 - seat;
    let mut text = format!(
        "{}: after {u} {after} of {}, {} to move with {} against {}'s {} (scores {}); the bag is empty\n",
        game.file,
        game.total,
        game.names[seat],
        state.rack_text(seat),
        game.names[other],
        state.rack_text(other),
        scores_text(&game.names, state.scores()),
    );
    // The line, each move shown on the position it is played on.
    let mut at = state.clone();
    let mut shown = Vec::new();
    for r in &found.line {
        let s = show(&at, r);
        let who = game.names[r.mv.seat()].clone();
        if at.play(r.mv.clone()).is_err() {
            break;
        }
        shown.push((who, s));
    }
    let width = shown
        .iter()
        .map(|(_, s)| s.notation.len())
        .max()
        .unwrap_or(0);
    for (i, (who, s)) in shown.iter().enumerate() {
        text += &format!(
            "{:>3}. {who}: {:<width$} {:>4}\n",
            i + 1,
            s.notation,
            s.score
        );
    }
    let finals = at.final_scores();
    let sign = if found.spread > 0 { "+" } else { "" };
    text += &format!(
        "{} the spread for {}: {sign}{}{}; {} ply deep, {} positions\n",
        if found.exact {
            "proved:"
        } else {
            "best found, not proved:"
        },
        game.names[seat],
        found.spread,
        if at.end().is_some() {
            format!(" (final scores {})", scores_text(&game.names, &finals))
        } else {
            String::new()
        },
        found.depth,
        found.nodes,
    );
    match found.stop {
        Some(super::endgame::Stop::Nodes) => {
            text += &format!(
                "the search stopped at --max-nodes {}; a larger limit may prove it\n",
                q.max_nodes
            )
        }
        Some(super::endgame::Stop::Time) => {
            text += &format!(
                "the search stopped at --time {}; more time may prove it (an answer cut by time \
                 may differ from run to run: --max-nodes gives the same one every time)\n",
                q.max_seconds.unwrap_or_default()
            )
        }
        None if !found.exact => {
            text += "the search reached its depth limit without a proof\n";
        }
        None => {}
    }
    let json = json!({
        "game": "natura",
        "file": game.file,
        "after": after,
        "to_move": game.names[seat],
        "racks": game.names.iter().enumerate().map(|(s, n)| json!({"player": n, "rack": state.rack_text(s)})).collect::<Vec<_>>(),
        "scores": game.names.iter().zip(state.scores()).map(|(n, s)| json!({"player": n, "score": s})).collect::<Vec<_>>(),
        "spread": found.spread,
        "exact": found.exact,
        "stopped": found.stop.map(|s| match s {
            super::endgame::Stop::Nodes => "max-nodes",
            super::endgame::Stop::Time => "time",
        }),
        "depth": found.depth,
        "nodes": found.nodes,
        "line": shown.iter().enumerate().map(|(i, (who, s))| {
            let mut v = s.json(i + 1);
            v["player"] = json!(who);
            v
        }).collect::<Vec<_>>(),
        "final_scores": at.end().map(|_| game.names.iter().zip(&finals).map(|(n, s)| json!({"player": n, "score": s})).collect::<Vec<_>>()),
    });
    Ok(Scored { text, json })
}

/// `--simulate`: the best candidates (by equity, or by score without leave values) each
/// played out `plies` moves from `iterations` draws of the tiles the player to move cannot
/// see, ranked by the mean of what they lead to (issue 25; [`super::simulate`]).
fn simulated(
    game: &Replayed,
    graph: &Gaddag,
    q: &PositionQuery,
    sim: &Simulation,
) -> Result<Scored, Error> {
    let after = q.after.unwrap_or(game.total);
    let (mut state, seat) = game.position(after, q.rack.as_deref())?;
    let u = game.unit;
    if q.rack.is_some() {
        // A rack the record does not deal: what the others hold is not known either, so the
        // hidden tiles are the set less the board and that rack.
        for s in (0..state.players()).filter(|&s| s != seat) {
            state.set_rack(s, &[]);
        }
        state.set_bag(&[]);
    }
    let hidden = simulate::hidden(&state, seat).map_err(|e| {
        Error::failed(
            "solve.unseen",
            format!(
                "{}: after {u} {after}, the tiles {} cannot see do not add up: {e}",
                game.file, game.names[seat]
            ),
        )
        .help(format!("`tavolo check {}` explains", game.file))
    })?;
    let leaves = leaves_for(game, q)?;
    // Ranked on the position as the player sees it: the bag's size right (a GCG file does
    // not say it), so leaves and exchanges count as they will.
    let seen = simulate::seen(&state, &hidden);
    let mut candidates: Vec<Valued> = match &leaves {
        Some(l) => ranked_by_equity(&seen, graph, &l.leaves),
        None => ranked_moves(&seen, graph)
            .into_iter()
            .map(Valued::by_score)
            .collect(),
    };
    candidates.truncate(sim.candidates);
    let settings = simulate::Settings {
        plies: sim.plies,
        iterations: sim.iterations,
        seed: sim.seed.clone(),
        threads: sim.threads,
    };
    let found = simulate::simulate(
        &state,
        &hidden,
        &candidates,
        graph,
        leaves.as_ref().map(|l| &*l.leaves),
        &settings,
    );
    let tallies = &found.tallies;
    // Best mean first, compared exactly (sum / n as integers); ties keep the candidates'
    // order.
    let mut order: Vec<usize> = (0..candidates.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (&tallies[a], &tallies[b]);
        (i128::from(y.sum) * i128::from(x.n.max(1)))
            .cmp(&(i128::from(x.sum) * i128::from(y.n.max(1))))
    });
    let by = if leaves.is_some() { "equity" } else { "score" };
    let rack = state.rack_text(seat);
    let mut text = format!(
        "{}: after {u} {after} of {}, {} to move with {rack} (scores {}; {} tiles in the bag)\n{}\n",
        game.file,
        game.total,
        game.names[seat],
        scores_text(&game.names, state.scores()),
        seen.bag_len(),
        game.lex.describe(),
    );
    text += &format!(
        "simulated: the best {} moves by {by}, each followed by {} of the machine player, over \
         {} draws of the {} tiles {} cannot see (seed \"{}\"; the same draws for every move)\n",
        candidates.len(),
        crate::words::count(sim.plies as u64, "move", "moves"),
        sim.iterations,
        hidden.tiles.len(),
        game.names[seat],
        sim.seed,
    );
    text += &format!(
        "mean spread after them{} ± standard error, the difference from the first ± its own, \
         how often ahead, {by}\n",
        if leaves.is_some() {
            " + the value of the tiles kept"
        } else {
            ""
        }
    );
    let shown: Vec<Shown> = order
        .iter()
        .map(|&i| show(&seen, &candidates[i].ranked()))
        .collect();
    let width = shown.iter().map(|s| s.notation.len()).max().unwrap_or(0);
    let first = order.first().copied().unwrap_or(0);
    // Candidate `i` less the first, when it is not the first.
    let behind = |i: usize| (i != first).then(|| found.difference(i, first));
    for (rank, (&i, s)) in order.iter().zip(&shown).enumerate() {
        let t = &tallies[i];
        let c = &candidates[i];
        let gap = behind(i).map_or(String::new(), |d| {
            format!("{:+.2} ± {:.2}", d.mean(), d.std_error())
        });
        let value = match &leaves {
            Some(_) => format!("{:>7.2}", c.equity as f64 / 100.0),
            None => format!("{:>4}", c.score),
        };
        text += &format!(
            "{:>3}. {:>+8.2} ± {:<6.2} {gap:<15} {:>5.1}%  {value}  {:<width$}  {}{}leave {}\n",
            rank + 1,
            t.mean(),
            t.std_error(),
            t.win_rate() * 100.0,
            s.notation,
            s.words_text(),
            if s.words.is_empty() { "" } else { "; " },
            if s.leave.is_empty() { "-" } else { &s.leave },
        );
    }
    let hundredths = |x: f64| (x * 100.0).round() / 100.0;
    let moves: Vec<Value> = order
        .iter()
        .zip(&shown)
        .enumerate()
        .map(|(rank, (&i, s))| {
            let (t, c) = (&tallies[i], &candidates[i]);
            let mut m = s.json(rank + 1);
            m["candidate"] = json!(i + 1);
            m["equity"] = json!(c.equity as f64 / 100.0);
            m["leave_value"] = json!(f64::from(c.leave_value) / 100.0);
            m["mean"] = json!(hundredths(t.mean()));
            m["std_error"] = json!(hundredths(t.std_error()));
            m["win_rate"] = json!((t.win_rate() * 10_000.0).round() / 10_000.0);
            m["iterations"] = json!(t.n);
            m["behind_first"] = json!(behind(i).map(|d| json!({
                "mean": hundredths(d.mean()),
                "std_error": hundredths(d.std_error()),
            })));
            m
        })
        .collect();
    let mut json = position_json(game, after, seat, &rack, &state, seen.bag_len());
    json.insert("ranked_by".into(), json!("simulation"));
    json.insert("candidates_by".into(), json!(by));
    leaves_json(&mut json, leaves.as_ref());
    json.insert(
        "simulation".into(),
        json!({
            "candidates": candidates.len(),
            "plies": sim.plies,
            "iterations": sim.iterations,
            "seed": sim.seed,
            "unseen": hidden.tiles.len(),
        }),
    );
    json.insert("moves".into(), json!(moves));
    Ok(Scored {
        text,
        json: Value::Object(json),
    })
}
