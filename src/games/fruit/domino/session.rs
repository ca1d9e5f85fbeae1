//! Domino della Frutta at the table ([`crate::games::session`]): the tiles laid, row by row
//! in their number's column (DF-1), the hands (hidden until open play is called, DF-4), the
//! set-aside pile's size, and the short forms: the seat left out, `M3 0` for `tile M3 row 0`,
//! and a tile alone when it fits in one row only.

use super::record::{opened, Domino};
use super::{Broken, Move, Outcome, State};
use crate::error::Error;
use crate::games::engine::Broken as _;
use crate::games::engine::Engine;
use crate::games::fruit::{Tile, TileSet};
use crate::games::session::{unseen_refusal, verdict, Masked, Opened, ShortForm, Table, View};
use crate::record::{Record, Source};

const SHORT: &[ShortForm] = &[
    ("M3 row 0", "short-domino-lay"),
    ("M3 0", "short-domino-same"),
    ("M3", "short-domino-one-row"),
    ("turn M3", "short-domino-turn"),
    ("draw F4", "short-domino-draw"),
    ("out", "short-domino-out"),
    ("open", "short-domino-open"),
];

fn tiles(set: TileSet) -> String {
    let v: Vec<String> = set.iter().map(|t| t.to_string()).collect();
    if v.is_empty() {
        "-".into()
    } else {
        v.join(" ")
    }
}

fn can(game: &State, mv: Move) -> bool {
    game.clone().play(mv).is_ok()
}

impl Table for Domino {
    fn open(&self, record: &Record, src: &Source) -> Result<Opened<State>, Error> {
        Ok(opened(record, src)?.0)
    }

    fn read(&self, game: &State, names: &[String], text: &str) -> Result<Move, String> {
        if text.contains(':') {
            return text
                .parse()
                .map_err(|e: super::ParseMoveError| e.to_string());
        }
        let seat = game.to_move().unwrap_or(0) + 1;
        let words: Vec<String> = text.split_whitespace().map(|w| w.to_lowercase()).collect();
        let w: Vec<&str> = words.iter().map(String::as_str).collect();
        let w = match w.as_slice() {
            ["tile", rest @ ..] => rest.to_vec(),
            _ => w,
        };
        let full = match w.as_slice() {
            [t] if !["out", "open"].contains(t) => {
                let tile: Tile = t
                    .parse()
                    .map_err(|e: crate::games::fruit::tile::ParseTileError| e.to_string())?;
                // A tile not held fits nowhere for this player: say so, and where it is only
                // when the table shows it, never who holds a hidden one.
                let mover = seat - 1;
                if !game.hand(mover).contains(tile) {
                    let who = crate::games::seat_name(names, mover);
                    return Err(match game.row_of(tile) {
                        Some(row) => format!("`{t}` is on the table already, in row {row}"),
                        None => format!("`{t}` is not in {who}'s hand"),
                    });
                }
                let rows = game.placements(tile);
                match rows[..] {
                    [row] => format!("{seat}: tile {tile} row {row}"),
                    [] => {
                        return Err(format!(
                        "`{t}` fits in no row: say where, `{tile} row N`, or draw, turn or go out"
                    ))
                    }
                    _ => {
                        let rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
                        return Err(format!(
                            "`{tile}` fits in rows {}: say which, e.g. `{tile} {}`",
                            rows.join(", "),
                            rows[0]
                        ));
                    }
                }
            }
            [t, r] if r.parse::<i32>().is_ok() && *t != "draw" => {
                format!("{seat}: tile {t} row {r}")
            }
            ["draw", t, r] if r.parse::<i32>().is_ok() => format!("{seat}: draw {t} row {r}"),
            [t, "row", r] if *t != "draw" => format!("{seat}: tile {t} row {r}"),
            _ => format!("{seat}: {}", w.join(" ")),
        };
        full.parse()
            .map_err(|e: super::ParseMoveError| e.to_string())
    }

    fn short_forms(&self) -> &'static [ShortForm] {
        SHORT
    }

    /// The notation's words as Italian players say them.
    fn said(&self) -> &'static [crate::games::session::Said] {
        &[
            ("tessera", "tile"),
            ("fila", "row"),
            ("gira", "turn"),
            ("pesca", "draw"),
            ("fuori", "out"),
            ("apri", "open"),
            ("aperto", "open"),
            ("riga", "row"),
            ("rovescia", "turn"),
            ("scoperte", "open"),
        ]
    }

    fn expects(&self, game: &State, _names: &[String]) -> String {
        let Some(p) = game.to_move() else {
            return crate::t!("session-expects-nothing");
        };
        let mut s = if game.can_place(p) {
            let mut s = crate::t!("domino-expects-place");
            if !game.special_used(p) {
                s.push_str(&crate::t!("domino-expects-turn"));
            }
            s
        } else if !game.set_aside().is_empty() {
            crate::t!("domino-expects-draw")
        } else {
            crate::t!("domino-expects-out")
        };
        if can(game, Move::Open { player: p }) {
            s.push_str(&crate::t!("domino-expects-open"));
        }
        s
    }

    fn position(&self, game: &State, names: &[String], view: View) -> String {
        let table = game.table();
        let mut out = format!("{:<5}", crate::t!("domino-row"));
        for col in 1..=6 {
            out.push_str(&format!("   {col} "));
        }
        out.push('\n');
        if let (Some(lo), Some(hi)) = (
            table.keys().map(|&(r, _)| r).min(),
            table.keys().map(|&(r, _)| r).max(),
        ) {
            for row in lo..=hi {
                out.push_str(&format!("{row:>3}  "));
                for col in 1..=6u8 {
                    match table.get(&(row, col)) {
                        Some(l) if l.turned => out.push_str(&format!(" [{}]", l.tile)),
                        Some(l) => out.push_str(&format!("  {} ", l.tile)),
                        None => out.push_str("   . "),
                    }
                }
                out.push('\n');
            }
        } else {
            out.push_str(&format!("{}\n", crate::t!("domino-no-tile-yet")));
        }
        out.push_str(&format!("{}\n", crate::t!("domino-turned")));
        for (p, name) in names.iter().enumerate() {
            let hand = game.hand(p);
            let shown = if game.is_open() || view.sees(p) {
                tiles(hand)
            } else {
                crate::t!("count-tiles", count = hand.len())
            };
            let state = if game.is_out(p) {
                crate::t!("domino-out")
            } else {
                String::new()
            };
            out.push_str(&format!(
                "{}\n",
                crate::t!("domino-hand", player = name, out = state, tiles = shown)
            ));
        }
        let aside = game.set_aside();
        let count = crate::t!("count-tiles", count = aside.len());
        if view.all() {
            out.push_str(&crate::t!(
                "domino-aside-shown",
                tiles = count,
                shown = tiles(aside)
            ));
        } else {
            out.push_str(&crate::t!("domino-aside", tiles = count));
        }
        out.push('\n');
        if game.is_open() {
            out.push_str(&format!("{}\n", crate::t!("domino-open")));
        }
        match game.to_move() {
            Some(p) => out.push_str(&format!("{}\n", crate::t!("to-move", player = &names[p]))),
            None => out.push_str(&format!("{}\n", crate::t!("session-over"))),
        }
        out
    }

    fn explain(
        &self,
        _before: &State,
        after: &State,
        mv: &Move,
        outcome: &Outcome,
        names: &[String],
    ) -> String {
        let name = |p: usize| names.get(p).cloned().unwrap_or_default();
        let who = name(mv.player());
        let mut s = match *mv {
            Move::Place { tile, row, .. } => crate::t!(
                "domino-lays",
                player = &who,
                tile = tile.to_string(),
                row = row
            ),
            Move::Turn { tile, .. } => {
                crate::t!("domino-turns", player = &who, tile = tile.to_string())
            }
            Move::Draw {
                tile,
                row: Some(row),
                ..
            } => crate::t!(
                "domino-draws-lays",
                player = &who,
                tile = tile.to_string(),
                row = row
            ),
            Move::Draw {
                tile, row: None, ..
            } => {
                crate::t!("domino-draws-keeps", player = &who, tile = tile.to_string())
            }
            Move::Out { .. } => crate::t!("domino-is-out", player = &who),
            Move::Open { .. } => crate::t!("domino-calls-open", player = &who),
        };
        match outcome {
            Outcome::Next(p) if !matches!(mv, Move::Open { .. }) => {
                s += &crate::t!("domino-next", player = name(*p))
            }
            Outcome::Next(_) => {}
            Outcome::Over => {
                if let Some(end) = after.end() {
                    let winners: Vec<String> = end.winners.iter().map(|&p| name(p)).collect();
                    if end.domino {
                        s += &crate::t!(
                            "domino-all-laid",
                            players = crate::games::session::and_join(&winners)
                        );
                    } else {
                        let left: Vec<String> = names
                            .iter()
                            .zip(&end.left)
                            .map(|(n, l)| format!("{n} {l}"))
                            .collect();
                        s += &crate::t!(
                            "domino-fewest",
                            left = left.join(", "),
                            players = crate::games::session::and_join(&winners),
                            count = winners.len()
                        );
                    }
                }
            }
        }
        s
    }

    /// A refusal never says who holds a tile (GN-5): a tile not held is the mover's own
    /// matter, as is whether their hand could place; what the set-aside pile holds is the
    /// director's. The rest (the board, the turn, open play) is the table's.
    fn refusal(&self, game: &State, broken: &Broken, names: &[String], view: View) -> String {
        let name = |p: usize| {
            names
                .get(p)
                .cloned()
                .unwrap_or_else(|| crate::t!("player-n", n = p + 1))
        };
        let sees = |p: usize| view.sees(p) || game.is_open();
        match *broken {
            Broken::NotInHand { player, tile, .. } if sees(player) => {
                crate::t!(
                    "domino-not-held",
                    player = name(player),
                    tile = tile.to_string()
                )
            }
            Broken::NotInHand { .. } => {
                crate::t!("domino-not-yours", rule = crate::lang::rule(broken.rule()))
            }
            Broken::DrawWhilePlaceable { player } | Broken::OutWhilePlaceable { player }
                if !sees(player) =>
            {
                unseen_refusal(broken.rule(), view)
            }
            Broken::DrawnPlaceable { .. } | Broken::NotSetAside { .. } if !view.all() => {
                match game.to_move() {
                    Some(p) if sees(p) => broken.describe(names),
                    _ => unseen_refusal(broken.rule(), view),
                }
            }
            _ => broken.describe(names),
        }
    }

    /// A draw names a tile of the face-down set-aside pile: the director's to be told of.
    fn tells(&self, _game: &State, mv: &Move, view: View) -> bool {
        view.all() || !matches!(mv, Move::Draw { .. })
    }

    /// A tile drawn and kept goes into the hand unseen (GN-5).
    fn masked(
        &self,
        before: &State,
        after: &State,
        mv: &Move,
        _outcome: &Outcome,
        names: &[String],
    ) -> Option<Masked> {
        if before.is_open() {
            return None;
        }
        let Move::Draw {
            player, row: None, ..
        } = *mv
        else {
            return None;
        };
        let who = names.get(player).cloned().unwrap_or_default();
        let mut explanation = crate::t!("domino-draws-hidden", player = &who);
        if let Some(p) = after.to_move() {
            explanation += &crate::t!(
                "domino-next",
                player = names.get(p).cloned().unwrap_or_default()
            );
        }
        Some(Masked {
            notation: format!("{}: draw (a tile kept)", player + 1),
            explanation,
        })
    }

    fn result(&self, game: &State, names: &[String]) -> Option<String> {
        let end = game.end()?;
        let left: Vec<String> = names
            .iter()
            .zip(&end.left)
            .map(|(n, l)| format!("{n} {l}"))
            .collect();
        Some(crate::t!(
            "domino-result",
            verdict = verdict(names, &end.winners, None),
            left = left.join(", ")
        ))
    }

    /// The picture draws the tiles laid alone.
    fn picture_is_public(&self) -> bool {
        true
    }

    /// GN-4: a player who resigns is out (DF-4), ranked after the others at the end.
    fn put_out(&self, game: &mut State, seat: usize) -> bool {
        game.resign(seat)
    }

    fn hides(&self, game: &State) -> bool {
        !game.is_open() || !game.set_aside().is_empty()
    }

    fn seen(&self, game: &State, seat: usize, rng: &mut crate::deal::DealRng) -> Option<State> {
        Some(super::seen::seen(game, seat, rng))
    }

    fn as_played(&self, game: &State, mv: Move, rng: &mut crate::deal::DealRng) -> Move {
        super::seen::as_played(game, mv, rng)
    }

    fn greedy(&self, world: &State, seat: usize) -> Option<Move> {
        super::seen::greedy(world, seat)
    }

    fn worth(&self, game: &State, seat: usize) -> i64 {
        super::seen::worth(game, seat)
    }
}
