//! Domino della Frutta in records: reading the hands and the moves, replaying
//! them with [`super::domino`] into a verdict, dealing (DF-3), and random
//! legal games. The format is in docs/records.md ("Domino della Frutta").
//!
//! - `[setup]`: `set-aside = "F1 F2"` and `[setup.hands]` with one entry per
//!   player; or `[deal]`.
//! - A move is one of: `tile` + `row` (place), `turn` (the special move),
//!   `draw` with an optional `row` (a blocked player draws, and places the
//!   drawn tile at once if given a row), `out = true` (a blocked player with
//!   nothing left to draw leaves). Any of them may carry `open = true`: the
//!   player calls open play before moving.

use std::ops::RangeInclusive;

use serde_json::json;

use super::{Move, State};
use crate::deal::{DealRng, Provenance};
use crate::error::Error;
use crate::games::fruit::record::{deal_order, parse_bool, parse_tile, parse_tiles};
use crate::games::fruit::tile::Tile;
use crate::games::fruit::tileset::TileSet;
use crate::games::Game;
use crate::record::{
    write, Deal, GameResult, Illegal, MoveOut, Record, Source, Span, Status, Verdict,
};

/// The registry entry for Domino della Frutta.
pub struct Domino;

pub const STANDARD: &str = "standard";

impl Game for Domino {
    fn name(&self) -> &'static str {
        "domino"
    }

    fn variants(&self) -> &'static [&'static str] {
        &[STANDARD]
    }

    fn player_counts(&self, _variant: &str) -> RangeInclusive<usize> {
        2..=4
    }

    fn check(&self, record: &Record, src: &Source) -> Result<Verdict, Error> {
        check(record, src)
    }

    fn deal(&self, _variant: &str, players: &[String], deal: &Provenance) -> Result<Deal, Error> {
        let state = dealt(players.len(), deal)?;
        Ok(describe_deal(&state, players))
    }

    fn play_random(
        &self,
        _variant: &str,
        players: &[String],
        deal: &Provenance,
        rng: &mut DealRng,
    ) -> Result<Vec<MoveOut>, Error> {
        let mut state = dealt(players.len(), deal)?;
        play_random(&mut state, players, rng)
    }
}

fn dealt(players: usize, deal: &Provenance) -> Result<State, Error> {
    if !(2..=4).contains(&players) {
        return Err(Error::input(
            "cli.players",
            format!("Domino della Frutta is for 2 to 4 players, not {players}"),
        ));
    }
    State::deal(players, &deal_order(deal)).map_err(|e| Error::failed("domino.internal", e.message))
}

fn names_of(set: TileSet) -> Vec<String> {
    set.iter().map(|t| t.to_string()).collect()
}

fn describe_deal(state: &State, players: &[String]) -> Deal {
    let aside = names_of(state.set_aside());
    let mut lines = vec![format!("set aside (face down): {}", aside.join(" "))];
    let mut setup_toml = format!("[setup]\nset-aside = {}\n", write::string_array(&aside));
    let tiles = (0..players.len()).map(|p| names_of(state.hand(p)));
    let hands = write::hands(players, tiles, &mut lines, &mut setup_toml);
    Deal {
        lines,
        json: json!({ "set_aside": aside, "hands": hands }),
        setup_toml,
    }
}

/// A move as written, with the spans errors point at.
struct Written {
    mv: Move,
    /// The span of the field that names the move (`tile`, `turn`, `draw`, `out`).
    kind_span: Span,
    row_span: Option<Span>,
    open: Option<Span>,
}

const MOVE_FIELDS: &[&str] = &["player", "tile", "row", "turn", "draw", "out", "open"];

fn read_moves(record: &Record, src: &Source) -> Result<Vec<Written>, Error> {
    record.read_moves(src, |entry, mut f| {
            let row = match f.opt("row") {
                None => None,
                Some(n) => Some((
                    n.as_int(src, "`row`", -100..101)? as i32,
                    n.span.clone(),
                )),
            };
            let open = match f.opt("open") {
                Some(n) if parse_bool(n, "`open`", src)? => Some(n.span.clone()),
                _ => None,
            };
            let mut kinds: Vec<(&str, &crate::record::Node)> = Vec::new();
            for k in ["tile", "turn", "draw", "out"] {
                if let Some(n) = f.opt(k) {
                    kinds.push((k, n));
                }
            }
            let help = "a move is `tile` + `row` (place), `turn` (special move), `draw` (+ `row` to place it), or `out = true`";
            let (kind, node) = match kinds.as_slice() {
                [one] => *one,
                [] => {
                    return Err(src
                        .error(
                            "record.missing-field",
                            &entry.node.span,
                            format!("move {} says no move", entry.number),
                        )
                        .help(help))
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
                        tile: tile(src)?,
                        row,
                    }
                }
                "draw" => Move::Draw {
                    tile: tile(src)?,
                    row: row.map(|(r, _)| r),
                },
                "turn" | "out" => {
                    if let Some(span) = &row_span {
                        return Err(src.error(
                            "record.unknown-field",
                            span,
                            format!("move {}: `row` goes with `tile` or `draw`, not `{kind}`", entry.number),
                        ));
                    }
                    if kind == "turn" {
                        Move::Turn { tile: tile(src)? }
                    } else if parse_bool(node, "`out`", src)? {
                        Move::Out
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
                mv,
                kind_span: node.span.clone(),
                row_span,
                open,
            })
        })
}

/// The hands and set-aside pile from `[setup]`, or dealt; both must agree.
fn read_setup(record: &Record, src: &Source) -> Result<State, Error> {
    let players = record.players.len();
    let from_deal = record.dealt(src, |d| dealt(players, d))?;
    let Some(node) = record.setup.written() else {
        return Ok(from_deal.expect("Record::parse requires [deal] or [setup]"));
    };
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
    let state = State::new(hands, set_aside)
        .map_err(|e| src.error("domino.bad-setup", &node.span, e.message))?;
    // DF-3: one tile per player set aside, the rest dealt evenly, all 36 used.
    let each = (36 - players) / players;
    let all = (0..players).fold(state.set_aside(), |s, p| s.union(state.hand(p)));
    if state.set_aside().len() != players
        || (0..players).any(|p| state.hand(p).len() != each)
        || all != TileSet::ALL
    {
        return Err(src
            .error(
                "domino.bad-setup",
                &node.span,
                format!(
                    "not a deal of DF-3: {players} tiles set aside and {each} in each hand, all 36 tiles once (here: {} set aside, hands of {})",
                    state.set_aside().len(),
                    (0..players)
                        .map(|p| state.hand(p).len().to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
            .help("`tavolo deal domino -p N` prints a deal"));
    }
    if let Some(d) = from_deal {
        if d != state {
            return Err(src.setup_not_dealt(&node.span, "domino"));
        }
    }
    Ok(state)
}

fn check(record: &Record, src: &Source) -> Result<Verdict, Error> {
    let mut state = read_setup(record, src)?;
    let moves = read_moves(record, src)?;
    let names = record.player_names();
    let total = moves.len();
    let mut eliminated = Vec::new();
    for (entry, w) in record.moves.iter().zip(&moves) {
        let broken = (|| {
            if state.end().is_some() {
                return Some((
                    "DF-6",
                    "domino.game-over",
                    "the game is over: no more moves".to_string(),
                    entry.player_span.clone(),
                ));
            }
            if entry.player != state.turn() {
                let why = if state.is_out(entry.player) {
                    format!("{} is out of the game (DF-4); ", names[entry.player])
                } else {
                    String::new()
                };
                return Some((
                    "sheet: a turno",
                    "domino.out-of-turn",
                    format!("{why}it is {}'s turn", names[state.turn()]),
                    entry.player_span.clone(),
                ));
            }
            if let Some(span) = &w.open {
                if let Err(rb) = state.call_open() {
                    return Some((rb.rule, rb.code, rb.message, span.clone()));
                }
            }
            match state.play(w.mv) {
                Ok(()) => None,
                Err(rb) => {
                    let on_row =
                        matches!(
                            rb.code,
                            "domino.occupied"
                                | "domino.first-row"
                                | "domino.not-touching"
                                | "domino.not-in-scala"
                                | "domino.touches-turned"
                                | "domino.square"
                        ) && matches!(w.mv, Move::Place { .. } | Move::Draw { row: Some(_), .. });
                    let span = match (&w.row_span, on_row) {
                        (Some(s), true) => s.clone(),
                        _ => w.kind_span.clone(),
                    };
                    let message = (0..names.len()).fold(rb.message, |m, p| {
                        m.replace(&format!("player {}", p + 1), &names[p])
                    });
                    Some((rb.rule, rb.code, message, span))
                }
            }
        })();
        if let Some((rule, code, message, span)) = broken {
            return Ok(Verdict::illegal(
                total,
                Illegal::new(src, &span, entry, &record.players, rule, code, message),
            ));
        }
        if w.mv == Move::Out {
            eliminated.push(names[entry.player].clone());
        }
    }
    let mut notes = Vec::new();
    if state.is_open() {
        notes.push("played with open hands from the call on (DF-4)".to_string());
    }
    let Some(end) = state.end() else {
        return Ok(Verdict {
            status: Status::LegalSoFar,
            moves: total,
            illegal: None,
            result: None,
            to_move: Some(names[state.turn()].clone()),
            notes,
        });
    };
    let left: Vec<String> = names
        .iter()
        .zip(&end.left)
        .map(|(n, l)| format!("{n} {l}"))
        .collect();
    notes.push(format!("tiles left: {}", left.join(", ")));
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
    Ok(Verdict {
        status: Status::Complete,
        moves: total,
        illegal: None,
        result: Some(GameResult {
            losers: (0..names.len())
                .filter(|p| !end.winners.contains(p))
                .map(|p| names[p].clone())
                .collect(),
            winner,
            eliminated,
            reason,
            ..GameResult::default()
        }),
        to_move: None,
        notes,
    })
}

/// A random legal game: a uniformly chosen placement when there is one (the
/// special move now and then instead, if still unused); when blocked, a
/// uniformly chosen set-aside tile is drawn (as from a face-down pile) and
/// placed at a random legal row if it can be. Open play is called once, at
/// random, from the second round on.
fn play_random(
    state: &mut State,
    players: &[String],
    rng: &mut DealRng,
) -> Result<Vec<MoveOut>, Error> {
    let internal = |msg: String| {
        Error::failed(
            "domino.internal",
            format!("internal error in the random player: {msg}"),
        )
    };
    let mut out = Vec::new();
    let mut turns = 0usize;
    while state.end().is_none() {
        turns += 1;
        if turns > 10_000 {
            return Err(internal("the game did not end".into()));
        }
        let player = state.turn();
        let mut fields = Vec::new();
        if turns > players.len() && !state.is_open() && rng.below(20) == 0 {
            state.call_open().map_err(|e| internal(e.message))?;
            fields.push(("open", "true".to_string()));
        }
        let moves = state.legal_moves();
        let pick = |rng: &mut DealRng, options: &[Move]| -> Result<Move, Error> {
            options
                .get(rng.below(options.len().max(1) as u32) as usize)
                .copied()
                .ok_or_else(|| internal("no legal move".into()))
        };
        let of = |f: fn(&Move) -> bool| -> Vec<Move> { moves.iter().copied().filter(f).collect() };
        let places = of(|m| matches!(m, Move::Place { .. }));
        let turns = of(|m| matches!(m, Move::Turn { .. }));
        let mv = if !turns.is_empty() && rng.below(if places.is_empty() { 4 } else { 12 }) == 0 {
            pick(rng, &turns)?
        } else if !places.is_empty() {
            pick(rng, &places)?
        } else if state.set_aside().is_empty() {
            Move::Out
        } else {
            let aside: Vec<Tile> = state.set_aside().iter().collect();
            let tile = aside[rng.below(aside.len() as u32) as usize];
            let draws: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| matches!(m, Move::Draw { tile: t, .. } if *t == tile))
                .collect();
            pick(rng, &draws)?
        };
        state.play(mv).map_err(|e| internal(e.to_string()))?;
        let tile = |t: Tile| write::string(&t.to_string());
        match mv {
            Move::Place { tile: t, row } => {
                fields.push(("tile", tile(t)));
                fields.push(("row", row.to_string()));
            }
            Move::Turn { tile: t } => fields.push(("turn", tile(t))),
            Move::Draw { tile: t, row } => {
                fields.push(("draw", tile(t)));
                if let Some(r) = row {
                    fields.push(("row", r.to_string()));
                }
            }
            Move::Out => fields.push(("out", "true".to_string())),
        }
        out.push(MoveOut { player, fields });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Golden vectors (DF-3 on `tavolo-deal-v1`): these deals must never change.
    #[test]
    fn golden_deals() {
        let d = dealt(3, &Provenance::new("domino", STANDARD, "golden", 1)).unwrap();
        assert_eq!(d.set_aside().to_string(), "M2 C2 B4");
        assert_eq!(d.hand(0).to_string(), "P3 C4 U1 U4 U5 F1 F3 F4 F5 B2 B6");
        assert_eq!(d.hand(1).to_string(), "M1 M3 M5 P1 P4 C5 C6 U2 U3 F6 B3");
        assert_eq!(d.hand(2).to_string(), "M4 M6 P2 P5 P6 C1 C3 U6 F2 B1 B5");
        let d = dealt(2, &Provenance::new("domino", STANDARD, "golden", 2)).unwrap();
        assert_eq!(d.set_aside().len(), 2);
        assert_eq!(d.hand(0).len(), 17);
        assert_eq!(d.set_aside().to_string(), GOLDEN_2P_ASIDE);
        assert_eq!(d.hand(0).to_string(), GOLDEN_2P_HAND1);
    }

    const GOLDEN_2P_ASIDE: &str = "M1 U3";
    const GOLDEN_2P_HAND1: &str = "M3 M4 M5 M6 P2 P6 C3 C5 C6 U1 U2 U4 U6 F4 B1 B2 B5";
}
