//! MOON at the table ([`crate::games::session`]): the board as text, the hands (hidden with
//! 3-4 players, where each keeps their tiles to themselves), and the short forms: the seat
//! left out, tile and square in either order, and in the solitaire the square alone.

use super::record::{opened, Moon};
use super::{MoonGame, Move, Outcome, Square, Tile, TileSet};
use crate::error::Error;
use crate::games::engine::Engine;
use crate::games::session::{verdict, Opened, ShortForm, Table, View};
use crate::record::{Record, Source};

const SHORT: &[ShortForm] = &[
    ("RV c4", "short-moon-place"),
    ("c4 RV", "short-moon-square-first"),
    ("c4", "short-moon-solitaire"),
];

fn tiles(set: TileSet) -> String {
    let v: Vec<String> = set.iter().map(|t| t.to_string()).collect();
    if v.is_empty() {
        "-".into()
    } else {
        v.join(" ")
    }
}

/// The board, rank 5 at the top as the kit draws it.
fn board_text(b: &super::Board) -> String {
    let mut out = String::from("     a  b  c  d  e\n");
    for row in (0..5).rev() {
        out.push_str(&format!(" {} ", row + 1));
        for col in 0..5 {
            let sq = Square::new(col, row).expect("on the board");
            match b.get(sq) {
                Some(t) => out.push_str(&format!(" {t}")),
                None => out.push_str("  ."),
            }
        }
        out.push('\n');
    }
    out
}

impl Table for Moon {
    fn open(&self, record: &Record, src: &Source) -> Result<Opened<MoonGame>, Error> {
        Ok(opened(record, src)?.0)
    }

    fn read(&self, game: &MoonGame, _names: &[String], text: &str) -> Result<Move, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let seat = game.to_move().unwrap_or(0);
        match (game, &words[..]) {
            (MoonGame::Solitaire(s), [sq]) if Square::parse(sq).is_some() => {
                let square = Square::parse(sq).expect("just parsed");
                match s.next_tile() {
                    Some(tile) => Ok(Move {
                        player: 0,
                        tile,
                        square,
                    }),
                    None if s.is_over() => Err(crate::t!("moon-board-full-over")),
                    None => Err(crate::t!("moon-say-tile", square = *sq)),
                }
            }
            (_, [a, b]) => {
                let (tile, square) = if Tile::parse(a).is_none() && Tile::parse(b).is_some() {
                    (b, a)
                } else {
                    (a, b)
                };
                format!("{} {tile} {square}", seat + 1)
                    .parse()
                    .map_err(|e: super::MoveParseError| e.to_string())
            }
            _ => {
                let seats = match game {
                    MoonGame::Standard(p) => p.players(),
                    MoonGame::Solitaire(_) => 1,
                };
                // Only the seats of this game (the notation alone knows MOON's four).
                let no_seat = |s: &str| {
                    let all: Vec<String> = (1..=seats).map(|n| n.to_string()).collect();
                    crate::t!("moon-no-seat", seat = s, seats = all.join(", "))
                };
                match text.parse::<Move>() {
                    Err(super::MoveParseError::Seat(s)) => Err(no_seat(&s)),
                    Err(e) => Err(e.to_string()),
                    Ok(mv) if mv.player >= seats => Err(no_seat(words.first().unwrap_or(&""))),
                    Ok(mv) => Ok(mv),
                }
            }
        }
    }

    fn short_forms(&self) -> &'static [ShortForm] {
        SHORT
    }

    fn expects(&self, game: &MoonGame, names: &[String]) -> String {
        match game {
            MoonGame::Standard(p) if p.is_over() => crate::t!("session-expects-nothing"),
            MoonGame::Standard(p) => {
                let common = if p.common().is_empty() {
                    String::new()
                } else {
                    crate::t!("moon-expects-common")
                };
                crate::t!(
                    "moon-expects",
                    common = common,
                    player = crate::games::seat_name(names, p.turn())
                )
            }
            MoonGame::Solitaire(s) => match s.next_tile() {
                _ if s.is_over() => crate::t!("moon-expects-full"),
                Some(t) => crate::t!("moon-expects-drawn", tile = t.to_string()),
                None => crate::t!("moon-expects-draw"),
            },
        }
    }

    fn position(&self, game: &MoonGame, names: &[String], view: View) -> String {
        match game {
            MoonGame::Standard(p) => {
                let mut out = board_text(p.board());
                // With two players the hands lie open on the table (the sheet); with 3-4 each
                // keeps theirs.
                let open = p.players() == 2;
                for (seat, name) in names.iter().enumerate() {
                    let hand = p.hand(seat);
                    let state = if !p.is_active(seat) && p.players() > 2 {
                        crate::t!("moon-out")
                    } else {
                        String::new()
                    };
                    if open || view.sees(seat) {
                        out.push_str(&format!(
                            "{}\n",
                            crate::t!("moon-hand", player = name, out = state, tiles = tiles(hand))
                        ));
                    } else {
                        out.push_str(&format!(
                            "{}\n",
                            crate::t!(
                                "moon-hand",
                                player = name,
                                out = state,
                                tiles = crate::t!("count-tiles", count = hand.len())
                            )
                        ));
                    }
                }
                if !p.common().is_empty() {
                    out.push_str(&format!(
                        "{}\n",
                        crate::t!("moon-common", tiles = tiles(p.common()))
                    ));
                }
                match p.winner() {
                    Some(w) => {
                        out.push_str(&format!("{}\n", crate::t!("moon-won", player = &names[w])))
                    }
                    None => out.push_str(&format!(
                        "{}\n",
                        crate::t!("to-move", player = &names[p.turn()])
                    )),
                }
                out
            }
            MoonGame::Solitaire(s) => {
                let mut out = board_text(s.board());
                if s.is_over() {
                    let breaks = s.breaks();
                    match breaks.first() {
                        None => out.push_str(&format!("{}\n", crate::t!("moon-solved"))),
                        Some(b) => out.push_str(&format!(
                            "{}\n",
                            crate::t!("moon-not-solved", why = b.to_string())
                        )),
                    }
                } else if let Some(t) = s.next_tile() {
                    out.push_str(&format!(
                        "{}\n",
                        crate::t!("moon-drawn", tile = t.to_string())
                    ));
                    if view.all() {
                        out.push_str(&format!(
                            "{}\n",
                            crate::t!(
                                "moon-left",
                                tiles = crate::t!("count-tiles", count = 24 - s.board().len() + 1)
                            )
                        ));
                    }
                }
                out
            }
        }
    }

    fn explain(
        &self,
        before: &MoonGame,
        after: &MoonGame,
        mv: &Move,
        outcome: &Outcome,
        names: &[String],
    ) -> String {
        let name = |p: usize| names.get(p).cloned().unwrap_or_default();
        let mut s = crate::t!(
            "moon-places",
            player = name(mv.player),
            tile = mv.tile.to_string(),
            square = mv.square.to_string()
        );
        if let (MoonGame::Standard(b), MoonGame::Standard(a)) = (before, after) {
            for &p in &a.eliminated()[b.eliminated().len()..] {
                // With two players the loser's elimination is the end itself.
                if a.winner() != Some(p) && a.players() > 2 {
                    s += &crate::t!("moon-eliminated", player = name(p));
                }
            }
        }
        match *outcome {
            Outcome::Next(_) if matches!(after, MoonGame::Solitaire(_)) => {
                if let MoonGame::Solitaire(sol) = after {
                    if let Some(t) = sol.next_tile() {
                        s += &crate::t!("moon-drawn-next", tile = t.to_string());
                    }
                }
            }
            Outcome::Next(p) => s += &crate::t!("moon-next", player = name(p)),
            Outcome::Won(w) => s += &crate::t!("moon-wins", player = name(w)),
            Outcome::Full => {
                if let MoonGame::Solitaire(sol) = after {
                    match sol.breaks().first() {
                        None => s += &crate::t!("moon-full-solved"),
                        Some(b) => s += &crate::t!("moon-full-not-solved", why = b.to_string()),
                    }
                }
            }
        }
        s
    }

    /// The picture draws the board alone.
    fn picture_is_public(&self) -> bool {
        true
    }

    fn result(&self, game: &MoonGame, names: &[String]) -> Option<String> {
        match game {
            MoonGame::Standard(p) => Some(crate::t!(
                "moon-result",
                verdict = verdict(names, &[p.winner()?], None)
            )),
            MoonGame::Solitaire(s) if s.is_over() => Some(match s.breaks().first() {
                None => crate::t!("moon-result-solved"),
                Some(b) => crate::t!("moon-result-not-solved", why = b.to_string()),
            }),
            MoonGame::Solitaire(_) => None,
        }
    }

    /// Refusals are about the board and the turn, the table's; with 3-4 players, whose
    /// hands are kept hidden, a tile not in hand is its player's matter (GN-5).
    fn refusal(
        &self,
        game: &MoonGame,
        broken: &super::RuleBroken,
        names: &[String],
        view: View,
    ) -> String {
        use crate::games::engine::Broken as _;
        match *broken {
            super::RuleBroken::NotInHand { player, .. }
                if self.hides(game) && !view.sees(player) =>
            {
                crate::t!("moon-not-yours", rule = crate::lang::rule(broken.rule()))
            }
            _ => broken.describe(names),
        }
    }

    /// The solitaire's table is its player.
    fn lists_for(&self, game: &MoonGame, view: View) -> bool {
        matches!(game, MoonGame::Solitaire(_))
            || view.all()
            || !self.hides(game)
            || game.to_move().is_some_and(|s| view.sees(s))
    }

    /// MN-3 (sheet rule 7): an illegal tile, noticed at once, loses for its author.
    fn strict(
        &self,
        game: &MoonGame,
        _broken: &<MoonGame as Engine>::Broken,
        seat: usize,
        number: usize,
        names: &[String],
    ) -> Option<crate::record::GameResult> {
        match game {
            MoonGame::Standard(p) => Some(super::record::noticed_at_once(p, seat, number, names)),
            MoonGame::Solitaire(_) => None,
        }
    }

    fn has_strict(&self, game: &MoonGame) -> bool {
        matches!(game, MoonGame::Standard(_))
    }

    /// GN-4: a player who resigns is out, their tiles common (MN-4).
    fn put_out(&self, game: &mut MoonGame, seat: usize) -> bool {
        match game {
            MoonGame::Standard(p) => p.resign(seat),
            MoonGame::Solitaire(_) => false,
        }
    }

    fn hides(&self, game: &MoonGame) -> bool {
        match game {
            MoonGame::Standard(p) => p.players() > 2,
            MoonGame::Solitaire(_) => true,
        }
    }

    fn seen(
        &self,
        game: &MoonGame,
        seat: usize,
        rng: &mut crate::deal::DealRng,
    ) -> Option<MoonGame> {
        // The solitaire's draw order is no seat's to imagine yet: its machine plays at random.
        match game {
            MoonGame::Standard(p) => Some(MoonGame::Standard(super::position::seen::seen(
                p, seat, rng,
            ))),
            MoonGame::Solitaire(_) => None,
        }
    }
}
