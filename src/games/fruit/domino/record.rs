//! Domino della Frutta in records: reading the hands and the moves, replaying
//! them with [`super::domino`] into a verdict, dealing (DF-3), and the engine
//! seen by the generic random player. The format is in docs/records.md
//! ("Domino della Frutta").
//!
//! - `[setup]`: `set-aside = "F1 F2"` and `[setup.hands]` with one entry per
//!   player; or `[deal]`.
//! - A move is one of: `tile` + `row` (place), `turn` (the special move),
//!   `draw` with an optional `row` (a blocked player draws, and places the
//!   drawn tile at once if given a row), `out = true` (a blocked player with
//!   nothing left to draw leaves). Any of them may carry `open = true`: the
//!   player calls open play before moving; `open = true` alone is the call
//!   on its own, and the same player moves next.
//! - Variant `loose-contact` (DF-7): a placement must match one touched tile.

use std::ops::RangeInclusive;

use serde::Serialize;

use super::{Broken, Move, Rules, Setup, State};
use crate::deal::Provenance;
use crate::error::Error;
use crate::games::engine::{Broken as _, Engine};
use crate::games::fruit::record::{deal_order, parse_bool, parse_tile, parse_tiles};
use crate::games::fruit::tile::Tile;
use crate::games::fruit::tileset::TileSet;
use crate::games::referee::{Playable, Referee};
use crate::games::replay::{illegal, replay_opened};
use crate::games::session::Opened;
use crate::games::Game;
use crate::record::{
    write, Deal, GameResult, MoveEntry, MoveOut, Node, Record, Seats, Source, Span, Verdict,
};

/// The registry entry for Domino della Frutta.
pub struct Domino;

pub const STANDARD: &str = "standard";
/// DF-7: a placement must match at least one touched tile, not every one.
pub const LOOSE_CONTACT: &str = "loose-contact";

pub fn rules_of(variant: &str) -> Rules {
    Rules {
        loose_contact: variant == LOOSE_CONTACT,
    }
}

impl Game for Domino {
    fn name(&self) -> &'static str {
        "domino"
    }

    fn variants(&self) -> &'static [&'static str] {
        &[STANDARD, LOOSE_CONTACT]
    }

    /// GN-4: with three or four players a player who resigns is out (DF-4) and the
    /// others play on.
    fn goes_on_after_resign(&self) -> bool {
        true
    }

    fn player_counts(&self, _variant: &str) -> RangeInclusive<usize> {
        2..=4
    }

    fn check(&self, record: &Record, src: &Source) -> Result<Verdict, Error> {
        check(record, src)
    }

    fn deal(&self, _variant: &str, players: &[String], deal: &Provenance) -> Result<Deal, Error> {
        let setup = dealt(players.len(), deal)?;
        let written = DealtSetup::new(&setup, players);
        Deal::from_setup(&written, written.lines())
    }

    fn playable(&self) -> &dyn Playable {
        self
    }

    fn drawer(&self) -> Option<&dyn crate::show::scene::Draw> {
        Some(self)
    }
}

impl Referee for Domino {
    type Engine = State;

    fn start(&self, variant: &str, players: &[String], deal: &Provenance) -> Result<State, Error> {
        let setup = dealt(players.len(), deal)?;
        State::start(&setup, &rules_of(variant))
            .map_err(|e| Error::failed("domino.internal", e.to_string()))
    }

    fn move_out(&self, _seat: usize, mv: &Move) -> MoveOut {
        let tile = |t: &Tile| write::string(&t.to_string());
        let fields = match mv {
            Move::Place { tile: t, row, .. } => vec![("tile", tile(t)), ("row", row.to_string())],
            Move::Turn { tile: t, .. } => vec![("turn", tile(t))],
            Move::Draw { tile: t, row, .. } => {
                let mut f = vec![("draw", tile(t))];
                f.extend(row.map(|r| ("row", r.to_string())));
                f
            }
            Move::Out { .. } => vec![("out", "true".to_string())],
            Move::Open { .. } => vec![("open", "true".to_string())],
        };
        MoveOut {
            player: mv.player(),
            fields,
        }
    }

    fn mover(&self, _seat: usize, mv: &Move) -> usize {
        mv.player()
    }
}

pub(super) fn dealt(players: usize, deal: &Provenance) -> Result<Setup, Error> {
    if !(2..=4).contains(&players) {
        return Err(Error::input(
            "cli.players",
            format!("Domino della Frutta is for 2 to 4 players, not {players}"),
        ));
    }
    Setup::deal(players, &deal_order(deal))
        .map_err(|e| Error::failed("domino.internal", e.to_string()))
}

fn names_of(set: TileSet) -> Vec<String> {
    set.iter().map(|t| t.to_string()).collect()
}

/// A deal as a record's `[setup]` and the JSON of `tavolo deal` give it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DealtSetup {
    #[serde(rename = "set-aside")]
    pub set_aside: Vec<String>,
    pub hands: Seats<Vec<String>>,
}

impl DealtSetup {
    pub fn new(setup: &Setup, players: &[String]) -> DealtSetup {
        DealtSetup {
            set_aside: names_of(setup.set_aside),
            hands: Seats(
                players
                    .iter()
                    .zip(&setup.hands)
                    .map(|(p, h)| (p.clone(), names_of(*h)))
                    .collect(),
            ),
        }
    }

    fn lines(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "set aside (face down): {}",
            self.set_aside.join(" ")
        )];
        lines.extend(
            self.hands
                .0
                .iter()
                .map(|(name, tiles)| format!("{name}: {}", tiles.join(" "))),
        );
        lines
    }
}

/// A move as written, with the spans errors point at.
pub(super) struct Written {
    /// `open = true`: the player calls open play first (its span).
    pub(super) open: Option<Span>,
    /// The move itself; `None` for a call of open play on its own.
    pub(super) mv: Option<Move>,
    /// The span of the field that names the move (`tile`, `turn`, `draw`, `out`).
    kind_span: Span,
    row_span: Option<Span>,
}

const MOVE_FIELDS: &[&str] = &["player", "tile", "row", "turn", "draw", "out", "open"];

pub(super) fn read_moves(record: &Record, src: &Source) -> Result<Vec<Written>, Error> {
    record.read_moves(src, |entry, mut f| {
        let player = entry.player;
        let row = match f.opt("row") {
            None => None,
            Some(n) => Some((n.as_int(src, "`row`", -100..101)? as i32, n.span.clone())),
        };
        let open = match f.opt("open") {
            Some(n) if parse_bool(n, "`open`", src)? => Some(n.span.clone()),
            _ => None,
        };
        let mut kinds: Vec<(&str, &Node)> = Vec::new();
        for k in ["tile", "turn", "draw", "out"] {
            if let Some(n) = f.opt(k) {
                kinds.push((k, n));
            }
        }
        let help = "a move is `tile` + `row` (place), `turn` (special move), `draw` (+ `row` to place it), or `out = true`";
        let (kind, node) = match kinds.as_slice() {
            [one] => *one,
            [] => {
                if let (Some(span), None) = (&open, &row) {
                    // Open play called on its own: the same player moves next.
                    f.finish(MOVE_FIELDS)?;
                    return Ok(Written {
                        open: Some(span.clone()),
                        mv: None,
                        kind_span: span.clone(),
                        row_span: None,
                    });
                }
                return Err(src
                    .error(
                        "record.missing-field",
                        &entry.node.span,
                        format!("move {} says no move", entry.number),
                    )
                    .help(help));
            }
            [_, (k, n), ..] => {
                return Err(src
                    .error(
                        "domino.two-moves",
                        &n.span,
                        format!("move {} also has `{k}`: one move per turn", entry.number),
                    )
                    .help(help))
            }
        };
        let tile = |src: &Source| -> Result<Tile, Error> {
            let s = node.as_str(src, &format!("`{kind}`"))?;
            parse_tile(s, &node.span, src)
        };
        let row_span = row.as_ref().map(|(_, s)| s.clone());
        let mv = match kind {
            "tile" => {
                let Some((row, _)) = row else {
                    return Err(src
                        .error(
                            "record.missing-field",
                            &entry.node.span,
                            format!("move {} places a tile but gives no `row`", entry.number),
                        )
                        .help("rows count from the first tile laid (row 0): below are 1, 2, ..., above -1, -2, ..."));
                };
                Move::Place {
                    player,
                    tile: tile(src)?,
                    row,
                }
            }
            "draw" => Move::Draw {
                player,
                tile: tile(src)?,
                row: row.map(|(r, _)| r),
            },
            "turn" | "out" => {
                if let Some(span) = &row_span {
                    return Err(src.error(
                        "record.unknown-field",
                        span,
                        format!(
                            "move {}: `row` goes with `tile` or `draw`, not `{kind}`",
                            entry.number
                        ),
                    ));
                }
                if kind == "turn" {
                    Move::Turn {
                        player,
                        tile: tile(src)?,
                    }
                } else if parse_bool(node, "`out`", src)? {
                    Move::Out { player }
                } else {
                    return Err(src
                        .error(
                            "record.missing-field",
                            &node.span,
                            format!("move {}: `out = false` is no move", entry.number),
                        )
                        .help(help));
                }
            }
            _ => unreachable!("kinds are the four above"),
        };
        f.finish(MOVE_FIELDS)?;
        Ok(Written {
            open,
            mv: Some(mv),
            kind_span: node.span.clone(),
            row_span,
        })
    })
}

/// The hands and set-aside pile written in `[setup]`, checked against DF-3.
fn read_written(record: &Record, node: &Node, src: &Source) -> Result<Setup, Error> {
    let players = record.players.len();
    let mut f = node.fields(src, "[setup]")?;
    let aside_node = f.req("set-aside")?;
    let set_aside: TileSet = parse_tiles(aside_node, "`set-aside`", src)?
        .into_iter()
        .map(|(t, _)| t)
        .collect();
    let hands_node = f.req("hands")?;
    f.finish(&["set-aside", "hands"])?;
    let mut hf = hands_node.fields(src, "[setup.hands]")?;
    let mut hands = vec![TileSet::EMPTY; players];
    for (p, player) in record.players.iter().enumerate() {
        let node = hf.req(&player.name)?;
        for (t, span) in parse_tiles(node, &format!("{}'s hand", player.name), src)? {
            if !hands[p].insert(t) {
                return Err(src.error(
                    "domino.bad-setup",
                    &span,
                    format!("{t} is twice in {}'s hand", player.name),
                ));
            }
        }
    }
    let names: Vec<&str> = record.players.iter().map(|p| p.name.as_str()).collect();
    hf.finish(&names)?;
    let setup = Setup { hands, set_aside };
    State::start(&setup, &Rules::default())
        .map_err(|e| src.error("domino.bad-setup", &node.span, e.to_string()))?;
    // DF-3: one tile per player set aside, the rest dealt evenly, all 36 used.
    let each = (36 - players) / players;
    let all = setup.hands.iter().fold(setup.set_aside, |s, h| s.union(*h));
    if setup.set_aside.len() != players
        || setup.hands.iter().any(|h| h.len() != each)
        || all != TileSet::ALL
    {
        return Err(src
            .error(
                "domino.bad-setup",
                &node.span,
                format!(
                    "not a deal of DF-3: {players} tiles set aside and {each} in each hand, all 36 tiles once (here: {} set aside, hands of {})",
                    setup.set_aside.len(),
                    setup
                        .hands
                        .iter()
                        .map(|h| h.len().to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
            .help("`tavolo deal domino -p N` prints a deal"));
    }
    Ok(setup)
}

/// The hands and set-aside pile: dealt, written, or both (then they agree).
pub(super) fn read_setup(record: &Record, src: &Source) -> Result<Setup, Error> {
    let players = record.players.len();
    record.setup_with(
        src,
        |d| dealt(players, d),
        |node| read_written(record, node, src),
        |dealt, written, node| {
            if dealt != written {
                return Err(src.setup_not_dealt(&node.span, "domino"));
            }
            Ok(written)
        },
    )
}

/// The span a broken rule points at: `player` for a move out of turn or
/// after the end, `open` for a call of open play, `row` for a tile that
/// cannot go in its row, else the field that names the move.
fn blame<'a>(broken: &Broken, entry: &'a MoveEntry, w: &'a Written, calling: bool) -> &'a Span {
    match broken {
        Broken::GameOver | Broken::OutOfTurn { .. } => &entry.player_span,
        _ if calling => w.open.as_ref().unwrap_or(&w.kind_span),
        Broken::Placement { .. } => w.row_span.as_ref().unwrap_or(&w.kind_span),
        _ => &w.kind_span,
    }
}

/// The result of an ended game (DF-6) and the notes that go with it.
fn finished(state: &State, names: &[String], eliminated: &[String]) -> Option<GameResult> {
    let end = state.end()?;
    let winner = (end.winners.len() == 1).then(|| names[end.winners[0]].clone());
    let reason = match (&winner, end.domino) {
        (Some(w), true) => format!("{w} laid all their tiles (DF-6)"),
        (Some(w), false) => format!(
            "nobody can play; {w} holds the fewest tiles, {} (DF-6)",
            end.left[end.winners[0]]
        ),
        (None, _) => format!(
            "nobody can play; {} tie with the fewest tiles, {} (DF-6)",
            end.winners
                .iter()
                .map(|&p| names[p].as_str())
                .collect::<Vec<_>>()
                .join(" and "),
            end.left[end.winners[0]]
        ),
    };
    Some(GameResult {
        losers: (0..names.len())
            .filter(|p| !end.winners.contains(p))
            .map(|p| names[p].clone())
            .collect(),
        winners: end.winners.iter().map(|&p| names[p].clone()).collect(),
        eliminated: eliminated.to_vec(),
        reason,
        ..GameResult::default()
    })
}

fn notes_of(state: &State, names: &[String]) -> Vec<String> {
    let mut notes = Vec::new();
    if state.is_open() {
        notes.push("played with open hands from the call on (DF-4)".to_string());
    }
    if let Some(end) = state.end() {
        let left: Vec<String> = names
            .iter()
            .zip(&end.left)
            .map(|(n, l)| format!("{n} {l}"))
            .collect();
        notes.push(format!("tiles left: {}", left.join(", ")));
    }
    notes
}

/// A record's start and moves as its session opens them ([`crate::games::session::Table::open`]),
/// with the moves as written, for `check` to point at.
pub(super) fn opened(
    record: &Record,
    src: &Source,
) -> Result<(Opened<State>, Vec<Written>), Error> {
    let setup = read_setup(record, src)?;
    let written = read_moves(record, src)?;
    let start = State::start(&setup, &rules_of(&record.variant))
        .map_err(|e| src.error("domino.bad-setup", record.setup_span(), e.to_string()))?;
    let (mut moves, mut numbers) = (Vec::new(), Vec::new());
    for (e, w) in record.moves.iter().zip(&written) {
        // One record move may call open play and move: two engine moves.
        if w.open.is_some() {
            moves.push(Move::Open { player: e.player });
            numbers.push(e.number);
        }
        if let Some(mv) = w.mv {
            moves.push(mv);
            numbers.push(e.number);
        }
    }
    let opened = Opened {
        start,
        moves,
        numbers,
    };
    Ok((opened, written))
}

fn check(record: &Record, src: &Source) -> Result<Verdict, Error> {
    let (opened, moves) = opened(record, src)?;
    let names = record.player_names();
    // Every [[move]] but a last resignation, which `check` judges for every game alike.
    let total = moves.len() + record.resignations.len() - usize::from(record.resigned.is_some());
    // Every [[move]], for the resignations after which play went on (GN-4).
    let all = record.moves.len() + record.resignations.len();
    let replayed = replay_opened(&Domino, record, opened, all);
    let state = replayed.game();
    let eliminated: Vec<String> = replayed
        .steps()
        .filter_map(|(_, s)| match s.mv {
            Move::Out { player } => Some(names[player].clone()),
            _ => None,
        })
        .collect();
    if let Some((n, refused, _)) = replayed.refused() {
        // Where move `n` is among the moves (a resignation before it is not one, GN-4).
        let at = record
            .moves
            .iter()
            .position(|e| e.number == n)
            .unwrap_or(n - 1);
        let (entry, w, broken) = (&record.moves[at], &moves[at], &refused.broken);
        // The call of open play is the record move's first engine move.
        let calling = w.open.is_some() && replayed.last().is_none_or(|(last, _)| last != n);
        let illegal = illegal(
            src,
            record,
            (entry, blame(broken, entry, w, calling)),
            broken,
            broken.describe(&names),
        );
        // GN-1: after the end the ended game's result stands.
        let result = finished(state, &names, &eliminated).map(|mut r| {
            r.reason = format!("{}; move {} came after the end", r.reason, entry.number);
            r
        });
        let notes = if result.is_some() {
            notes_of(state, &names)
        } else {
            Vec::new()
        };
        return Ok(Verdict {
            result,
            notes,
            ..Verdict::illegal(total, illegal)
        });
    }
    let notes = notes_of(state, &names);
    Ok(match finished(state, &names, &eliminated) {
        Some(result) => Verdict::complete(total, result, notes),
        None => Verdict::legal_so_far(total, Some(names[state.turn()].clone()), notes),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Golden vectors (DF-3 on `tavolo-deal-v1`): these deals must never change.
    #[test]
    fn golden_deals() {
        let d = dealt(3, &Provenance::new("domino", STANDARD, "golden", 1)).unwrap();
        assert_eq!(d.set_aside.to_string(), "M2 C2 B4");
        assert_eq!(d.hands[0].to_string(), "P3 C4 U1 U4 U5 F1 F3 F4 F5 B2 B6");
        assert_eq!(d.hands[1].to_string(), "M1 M3 M5 P1 P4 C5 C6 U2 U3 F6 B3");
        assert_eq!(d.hands[2].to_string(), "M4 M6 P2 P5 P6 C1 C3 U6 F2 B1 B5");
        let d = dealt(2, &Provenance::new("domino", STANDARD, "golden", 2)).unwrap();
        assert_eq!(d.set_aside.len(), 2);
        assert_eq!(d.hands[0].len(), 17);
        assert_eq!(d.set_aside.to_string(), GOLDEN_2P_ASIDE);
        assert_eq!(d.hands[0].to_string(), GOLDEN_2P_HAND1);
    }

    const GOLDEN_2P_ASIDE: &str = "M1 U3";
    const GOLDEN_2P_HAND1: &str = "M3 M4 M5 M6 P2 P6 C3 C5 C6 U1 U2 U4 U6 F4 B1 B2 B5";

    /// The three forms of a deal come from one typed value.
    #[test]
    fn deal_forms() {
        let players = ["anna".to_string(), "Bruno B".to_string()];
        let d = Domino
            .deal(
                STANDARD,
                &players,
                &Provenance::new("domino", STANDARD, "golden", 2),
            )
            .unwrap();
        assert_eq!(d.lines[0], "set aside (face down): M1 U3");
        assert!(d.setup_toml.starts_with(
            "[setup]\nset-aside = [\"M1\", \"U3\"]\n\n[setup.hands]\nanna = [\"M3\", "
        ));
        assert!(d.setup_toml.contains("\n\"Bruno B\" = ["));
        assert_eq!(d.json["set-aside"], serde_json::json!(["M1", "U3"]));
        assert_eq!(d.json["hands"]["anna"][0], "M3");
    }
}
