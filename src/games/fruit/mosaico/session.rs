//! Mosaico at the table ([`crate::games::session`]): the 6x6 frame as text, the tile in
//! play (drawn, or a set-aside tile that now fits, MO-3), the tiles set aside, and the
//! short forms: a cell alone for the tile in play, `aside` to set it aside.

use super::record::{read_moves, read_setup, variant_of, Mosaico};
use super::{Cell, Move, Outcome, Source as From, State};
use crate::error::Error;
use crate::games::engine::Engine;
use crate::games::session::{Opened, ShortForm, Table, View};
use crate::record::{Record, Source};

const SHORT: &[ShortForm] = &[
    ("a2", "short-mosaico-place"),
    ("aside", "short-mosaico-aside"),
];

impl Table for Mosaico {
    fn open(&self, record: &Record, src: &Source) -> Result<Opened<State>, Error> {
        let setup = read_setup(record, src)?;
        let moves = read_moves(record, src)?.into_iter().map(|w| w.mv).collect();
        let start = State::start(&setup, &variant_of(&record.variant))
            .map_err(|e| src.error("mosaico.bad-setup", record.setup_span(), e.to_string()))?;
        Ok(Opened::one_each(start, moves))
    }

    fn read(&self, game: &State, _names: &[String], text: &str) -> Result<Move, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        if let ([one], Some(turn)) = (&words[..], game.turn()) {
            if one.eq_ignore_ascii_case("aside") {
                return Ok(Move::Aside { tile: turn.tile });
            }
            if let Ok(cell) = one.parse::<Cell>() {
                return Ok(Move::Place {
                    tile: turn.tile,
                    cell,
                });
            }
        }
        text.parse()
            .map_err(|e: super::MoveParseError| e.to_string())
    }

    fn short_forms(&self) -> &'static [ShortForm] {
        SHORT
    }

    /// The notation's words as Italian players say them.
    fn said(&self) -> &'static [crate::games::session::Said] {
        &[("accantona", "aside")]
    }

    fn expects(&self, game: &State, _names: &[String]) -> String {
        match game.turn() {
            None => crate::t!("session-expects-nothing"),
            Some(t) if !t.fits => crate::t!("mosaico-expects-aside", tile = t.tile.to_string()),
            Some(t) => crate::t!("mosaico-expects-cell", tile = t.tile.to_string()),
        }
    }

    fn position(&self, game: &State, _names: &[String], _view: View) -> String {
        let mut out = String::from("     a  b  c  d  e  f\n");
        for rank in 0..6u8 {
            out.push_str(&format!("  {} ", rank + 1));
            for file in 0..6u8 {
                match game.at(Cell::new(file, rank)) {
                    Some(t) => out.push_str(&format!(" {t}")),
                    None => out.push_str("  ."),
                }
            }
            out.push('\n');
        }
        let aside: Vec<String> = game.aside().map(|t| t.to_string()).collect();
        out.push_str(&crate::t!(
            "mosaico-aside",
            tiles = if aside.is_empty() {
                "-".into()
            } else {
                aside.join(" ")
            }
        ));
        out.push('\n');
        out.push_str(&crate::t!(
            "mosaico-to-draw",
            count = crate::t!("count-tiles", count = 36 - game.drawn())
        ));
        out.push('\n');
        out.push_str(&match game.turn() {
            Some(t) => crate::t!(
                match t.source {
                    From::Draw => "mosaico-in-play-drawn",
                    From::Aside => "mosaico-in-play-aside",
                },
                tile = t.tile.to_string()
            ),
            None => match game.outcome() {
                Outcome::Won => crate::t!("mosaico-won"),
                _ => crate::t!("mosaico-lost"),
            },
        });
        out.push('\n');
        out
    }

    /// The picture draws the board alone.
    /// A solitaire: the table is its player, and every refusal is about what lies face
    /// up (GN-5); face-down tiles are named by no message.
    fn refusal(
        &self,
        _game: &State,
        broken: &super::RuleBroken,
        names: &[String],
        _view: View,
    ) -> String {
        crate::games::engine::Broken::describe(broken, names)
    }

    fn lists_for(&self, _game: &State, _view: View) -> bool {
        true
    }

    fn result(&self, game: &State, _names: &[String]) -> Option<String> {
        match game.outcome() {
            super::Outcome::Ongoing => None,
            super::Outcome::Won => Some(crate::t!("mosaico-result-won")),
            super::Outcome::Lost => Some(crate::t!("mosaico-result-lost", count = game.placed())),
        }
    }

    fn picture_is_public(&self) -> bool {
        true
    }

    /// The draw's order is the only thing unseen, and nobody sees it.
    /// The frame and the tiles drawn are everyone's, but the order the rest will be
    /// drawn in (the deal's seed) is nobody's: the record is the director's (GN-5).
    fn hides(&self, _game: &State) -> bool {
        true
    }

    fn explain(
        &self,
        _before: &State,
        after: &State,
        mv: &Move,
        outcome: &Outcome,
        _names: &[String],
    ) -> String {
        let mut s = match *mv {
            Move::Place { tile, cell } => {
                crate::t!(
                    "mosaico-places",
                    tile = tile.to_string(),
                    cell = cell.to_string(),
                    count = after.placed()
                )
            }
            Move::Aside { tile } => crate::t!("mosaico-sets-aside", tile = tile.to_string()),
        };
        match outcome {
            Outcome::Ongoing => {}
            Outcome::Won => s += &crate::t!("mosaico-over-won"),
            Outcome::Lost => s += &crate::t!("mosaico-over-lost"),
        }
        s
    }

    /// The tiles still to draw dealt again in another order (issue 43).
    fn seen(&self, game: &State, _seat: usize, rng: &mut crate::deal::DealRng) -> Option<State> {
        Some(super::seen::seen(game, rng))
    }

    fn greedy(&self, world: &State, _seat: usize) -> Option<Move> {
        super::seen::greedy(world)
    }

    /// Each place for the tile in play tried in a few draws the player cannot tell from
    /// the real one, greedy after it to the end.
    fn strong(&self, world: &State, seat: usize, rng: &mut crate::deal::DealRng) -> Option<Move> {
        let legal = world.legal_moves();
        crate::games::machine_seat::strong_among(self, world, seat, rng, legal, 8, 40)
    }

    fn worth(&self, game: &State, _seat: usize) -> i64 {
        super::seen::worth(game)
    }
}
