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
    (
        "RV c4",
        "the seat to move places RV on c4 (the notation is `2 RV c4`)",
    ),
    ("c4 RV", "the same, square first"),
    (
        "c4",
        "solitaire: the tile just drawn goes on c4 (the notation is `RV c4`)",
    ),
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
                    None if s.is_over() => Err("the board is full: the solitaire is over".into()),
                    None => Err(format!(
                        "the draw order is not in the record: say the tile too, e.g. `RV {sq}`"
                    )),
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
                    format!("`{s}` is not a seat: seats are {}", all.join(", "))
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
            MoonGame::Standard(p) if p.is_over() => "nothing: the game is over".into(),
            MoonGame::Standard(p) => {
                let common = if p.common().is_empty() {
                    ""
                } else {
                    " or the common tiles"
                };
                format!(
                    "a tile from {}'s hand{common} and a square next to a tile: `TILE SQUARE`, e.g. `RV c4`",
                    crate::games::seat_name(names, p.turn())
                )
            }
            MoonGame::Solitaire(s) => match s.next_tile() {
                _ if s.is_over() => "nothing: the board is full".into(),
                Some(t) => format!("a square next to a tile for {t}, the tile drawn: e.g. `c4`"),
                None => "the tile drawn and a square next to a tile: e.g. `RV c4`".into(),
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
                        " (out)"
                    } else {
                        ""
                    };
                    if open || view.sees(seat) {
                        out.push_str(&format!("{name}{state}: {}\n", tiles(hand)));
                    } else {
                        out.push_str(&format!(
                            "{name}{state}: {}\n",
                            crate::words::count(hand.len() as u64, "tile", "tiles")
                        ));
                    }
                }
                if !p.common().is_empty() {
                    out.push_str(&format!("common: {}\n", tiles(p.common())));
                }
                match p.winner() {
                    Some(w) => out.push_str(&format!("{} won (MN-4)\n", names[w])),
                    None => out.push_str(&format!("{} to move\n", names[p.turn()])),
                }
                out
            }
            MoonGame::Solitaire(s) => {
                let mut out = board_text(s.board());
                if s.is_over() {
                    let breaks = s.breaks();
                    match breaks.first() {
                        None => out.push_str("the board is full: solved (MN-5)\n"),
                        Some(b) => out.push_str(&format!("the board is full, not solved: {b}\n")),
                    }
                } else if let Some(t) = s.next_tile() {
                    out.push_str(&format!("drawn: {t}\n"));
                    if view.all() {
                        out.push_str(&format!(
                            "{} left to draw\n",
                            crate::words::count((24 - s.board().len() + 1) as u64, "tile", "tiles")
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
        let mut s = format!("{} places {} on {}", name(mv.player), mv.tile, mv.square);
        if let (MoonGame::Standard(b), MoonGame::Standard(a)) = (before, after) {
            for &p in &a.eliminated()[b.eliminated().len()..] {
                // With two players the loser's elimination is the end itself.
                if a.winner() != Some(p) && a.players() > 2 {
                    s += &format!(
                        "; {} cannot place and is out, their tiles are common (MN-4)",
                        name(p)
                    );
                }
            }
        }
        match *outcome {
            Outcome::Next(_) if matches!(after, MoonGame::Solitaire(_)) => {
                if let MoonGame::Solitaire(sol) = after {
                    if let Some(t) = sol.next_tile() {
                        s += &format!("; {t} drawn next");
                    }
                }
            }
            Outcome::Next(p) => s += &format!("; {} to move", name(p)),
            Outcome::Won(w) => {
                s += &format!(
                    "; nobody else can place: {} placed the last playable tile and wins (MN-4)",
                    name(w)
                )
            }
            Outcome::Full => {
                if let MoonGame::Solitaire(sol) = after {
                    match sol.breaks().first() {
                        None => s += "; the board is full and every row and column shows five different moons and backgrounds: solved (MN-5)",
                        Some(b) => s += &format!("; the board is full but {b}: not solved (MN-5)"),
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
            MoonGame::Standard(p) => Some(verdict(names, &[p.winner()?], None) + " (MN-4)"),
            MoonGame::Solitaire(s) if s.is_over() => Some(match s.breaks().first() {
                None => "won: the board is full and solved (MN-5)".into(),
                Some(b) => format!("lost: the board is full, not solved: {b}"),
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
                format!(
                    "that tile is not yours to play here ({}): see your own page",
                    broken.rule()
                )
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
        seat: usize,
        number: usize,
        names: &[String],
    ) -> Option<crate::record::GameResult> {
        match game {
            MoonGame::Standard(p) => Some(super::record::noticed_at_once(p, seat, number, names)),
            MoonGame::Solitaire(_) => None,
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
