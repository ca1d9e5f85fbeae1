//! Il Muro at the table ([`crate::games::session`]): the old wall's six columns bottom to
//! top, face-down tiles hidden (`##`) but from the director, the new wall's piles, and the
//! short forms: a tile and its destination (`B4 5`, `B4 new`), its source found where the
//! tile lies on top, or a column's top moved (`3>5`).

use super::record::{read_moves, read_setup, variant_of, Muro};
use super::{End, Move, Outcome, Place, State};
use crate::error::Error;
use crate::games::fruit::{Fruit, Tile};
use crate::games::session::{Opened, ShortForm, Table, View};
use crate::record::{Record, Source};

const SHORT: &[ShortForm] = &[
    ("B4 5", "short-muro-move"),
    ("B4 new", "short-muro-new"),
    ("3>5", "short-muro-top"),
];

/// Where `tile` lies on top: a column of the old wall or its new-wall pile.
fn place_of(game: &State, tile: Tile) -> Option<Place> {
    if let Some(c) = (0..6).find(|&c| game.column(c).top() == Some((tile, true))) {
        return Some(Place::Column(c as u8));
    }
    (game.pile_top(tile.fruit()) == Some(tile)).then_some(Place::NewWall)
}

impl Table for Muro {
    fn open(&self, record: &Record, src: &Source) -> Result<Opened<State>, Error> {
        let setup = read_setup(record, src)?;
        let moves = read_moves(record, src)?.into_iter().map(|w| w.mv).collect();
        Ok(Opened::one_each(
            State::new(&setup, variant_of(&record.variant)),
            moves,
        ))
    }

    fn read(&self, game: &State, _names: &[String], text: &str) -> Result<Move, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let full = match words[..] {
            [path] if path.contains('>') => match path.split_once('>') {
                Some((from, to)) => {
                    let from: usize = from
                        .parse()
                        .map_err(|_| crate::t!("muro-not-a-column", text = from))?;
                    let top = from
                        .checked_sub(1)
                        .filter(|&c| c < 6)
                        .and_then(|c| game.column(c).top());
                    match top {
                        Some((tile, true)) => format!("{tile} {from}>{to}"),
                        Some(_) => return Err(crate::t!("muro-top-face-down", column = from)),
                        None => return Err(crate::t!("muro-column-empty", column = from)),
                    }
                }
                None => text.to_string(),
            },
            [tile, to] if !tile.eq_ignore_ascii_case("turn") && !to.contains('>') => {
                let t: Tile = tile
                    .parse()
                    .map_err(|e: crate::games::fruit::tile::ParseTileError| e.to_string())?;
                match place_of(game, t) {
                    Some(from) => format!("{t} {from}>{to}"),
                    None => {
                        return Err(crate::t!(
                            "muro-on-no-top",
                            text = tile,
                            tile = t.to_string(),
                            to = to
                        ))
                    }
                }
            }
            _ => text.to_string(),
        };
        full.parse().map_err(|e: super::MoveSyntax| e.message)
    }

    fn short_forms(&self) -> &'static [ShortForm] {
        SHORT
    }

    /// The notation's words as Italian players say them.
    fn said(&self) -> &'static [crate::games::session::Said] {
        &[("nuovo", "new")]
    }

    fn expects(&self, game: &State, _names: &[String]) -> String {
        if game.end().is_some() {
            return crate::t!("session-expects-nothing");
        }
        crate::t!("muro-expects")
    }

    fn position(&self, game: &State, _names: &[String], view: View) -> String {
        let mut out = crate::t!("muro-old-wall");
        out.push('\n');
        for (c, col) in game.columns().iter().enumerate() {
            let tiles: Vec<String> = col
                .tiles()
                .map(|(t, up)| {
                    if up {
                        t.to_string()
                    } else if view.all() {
                        format!("({t})")
                    } else {
                        "##".into()
                    }
                })
                .collect();
            out.push_str(&format!(
                "  {}: {}\n",
                c + 1,
                if tiles.is_empty() {
                    "-".into()
                } else {
                    tiles.join(" ")
                }
            ));
        }
        out.push_str(&crate::t!("muro-new-wall"));
        for f in Fruit::ALL {
            let nums: Vec<String> = game
                .pile(f)
                .numbers()
                .iter()
                .map(|n| n.to_string())
                .collect();
            out.push_str(&format!(
                " {} {}",
                f.letter(),
                if nums.is_empty() {
                    "-".into()
                } else {
                    nums.join("")
                }
            ));
        }
        out.push('\n');
        match game.end() {
            None => {}
            Some(End::Won) => out.push_str(&(crate::t!("muro-won") + "\n")),
            Some(End::Stuck) => out.push_str(&(crate::t!("muro-stuck") + "\n")),
            Some(End::Stopped) => out.push_str(&(crate::t!("muro-stopped") + "\n")),
        }
        out
    }

    /// The picture draws the wall's face-down tiles by their backs.
    /// A solitaire: the table is its player, and every refusal is about what lies face
    /// up (GN-5); face-down tiles are named by no message.
    fn refusal(
        &self,
        _game: &State,
        broken: &super::Broken,
        names: &[String],
        _view: View,
    ) -> String {
        crate::games::engine::Broken::describe(broken, names)
    }

    fn lists_for(&self, _game: &State, _view: View) -> bool {
        true
    }

    fn result(&self, game: &State, _names: &[String]) -> Option<String> {
        Some(match game.end()? {
            End::Won => crate::t!("muro-result-won"),
            End::Stuck => crate::t!("muro-result-stuck"),
            End::Stopped => crate::t!("muro-result-stopped"),
        })
    }

    fn picture_is_public(&self) -> bool {
        true
    }

    fn explain(
        &self,
        before: &State,
        after: &State,
        mv: &Move,
        outcome: &Outcome,
        _names: &[String],
    ) -> String {
        let mut s = match *mv {
            Move::Turn(c) => match after.column(c as usize).top() {
                Some((t, _)) => crate::t!("muro-turns-up", column = c + 1, tile = t.to_string()),
                None => crate::t!("muro-turns-up-nothing", column = c + 1),
            },
            Move::Shift { tile, from, to } => {
                let onto = match to {
                    Place::NewWall => crate::t!("muro-onto-pile"),
                    Place::Column(c) => match before.column(c as usize).top() {
                        None => crate::t!("muro-into-empty", column = c + 1),
                        Some((t, true)) => {
                            crate::t!("muro-onto-tile", tile = t.to_string(), column = c + 1)
                        }
                        Some(_) => crate::t!("muro-onto-face-down", column = c + 1),
                    },
                };
                let from = match from {
                    Place::NewWall => crate::t!("muro-from-new-wall"),
                    Place::Column(c) => crate::t!("muro-from-column", column = c + 1),
                };
                crate::t!(
                    "muro-moves",
                    tile = tile.to_string(),
                    from = from,
                    onto = onto
                )
            }
            Move::Stop => crate::t!("muro-stops"),
        };
        let home: u8 = after.piles().iter().map(|p| p.len()).sum();
        s += &crate::t!("muro-home", count = home);
        if let Outcome::Over(end) = outcome {
            s += &crate::t!(match end {
                End::Won => "muro-over-won",
                End::Stuck => "muro-over-stuck",
                End::Stopped => "muro-over-stopped",
            });
        }
        s
    }

    /// The face-down tiles dealt again among their places (issue 43).
    fn seen(&self, game: &State, _seat: usize, rng: &mut crate::deal::DealRng) -> Option<State> {
        Some(super::seen::seen(game, rng))
    }

    fn greedy(&self, world: &State, _seat: usize) -> Option<Move> {
        super::seen::greedy(world)
    }

    /// The solver's first move where it wins some of the walls the player cannot tell from
    /// the real one ([`super::seen::solved_first`]); else, among the moves that go forward,
    /// each tried in a few such walls, greedy after it to the end.
    fn strong(&self, world: &State, seat: usize, rng: &mut crate::deal::DealRng) -> Option<Move> {
        if let Some(mv) = super::seen::solved_first(world, rng) {
            return Some(mv);
        }
        let forward = super::seen::strictly_forward(world);
        crate::games::machine_seat::strong_among(self, world, seat, rng, forward, 8, 80)
    }

    fn worth(&self, game: &State, _seat: usize) -> i64 {
        super::seen::worth(game)
    }
}
