//! Scalafrutta at the table ([`crate::games::session`]): the square as text with its twelve
//! insertion points, the face-down pile's size, the tiles each player has won (kept out of
//! sight until a recombination, as the sheet says), the totals, and the short forms: the
//! seat left out, a gift to a player by name, and `best` for a recombination into the best
//! partition (SF-5).

use super::record::{opened, Scalafrutta};
use super::scoring::best_partition;
use super::{canonical, Broken, Move, Outcome, Phase, State, Whereabouts};
use crate::error::Error;
use crate::games::engine::Broken as _;
use crate::games::engine::Engine;
use crate::games::fruit::{Tile, TileSet};
use crate::games::session::{nearest, unseen_refusal, Opened, ShortForm, Table, View};
use crate::record::{Record, Source};

const SHORT: &[ShortForm] = &[
    ("B4 top2", "short-scalafrutta-insert"),
    ("U1 left3 gift P2", "short-scalafrutta-gift"),
    (
        "combinations M3 M4 M5 / B3 P3 U3",
        "short-scalafrutta-combinations",
    ),
    ("best", "short-scalafrutta-best"),
];

fn tiles(set: TileSet) -> String {
    let v: Vec<String> = set.iter().map(|t| t.to_string()).collect();
    if v.is_empty() {
        "-".into()
    } else {
        v.join(" ")
    }
}

fn square_text(sq: [[Tile; 3]; 3]) -> String {
    let mut out = String::from("        top1 top2 top3\n");
    for (r, row) in sq.iter().enumerate() {
        out.push_str(&format!("  left{}", r + 1));
        for t in row {
            out.push_str(&format!("  {t} "));
        }
        out.push_str(&format!(" right{}\n", r + 1));
    }
    out.push_str("        bottom1 bottom2 bottom3\n");
    out
}

impl Table for Scalafrutta {
    fn open(&self, record: &Record, src: &Source) -> Result<Opened<State>, Error> {
        Ok(opened(record, src)?.0)
    }

    fn read(&self, game: &State, names: &[String], text: &str) -> Result<Move, String> {
        let seat = game.to_move().unwrap_or(0);
        let full = if text.contains(':') {
            text.to_string()
        } else if text.eq_ignore_ascii_case("best") {
            let best = canonical(
                best_partition(game.hand().held(seat))
                    .combinations
                    .iter()
                    .map(|c| c.tiles()),
            );
            return Ok(Move::Recombine {
                player: seat,
                combinations: best,
            });
        } else {
            // A gift may name the player: `gift P2`.
            let mut words: Vec<String> = text.split_whitespace().map(String::from).collect();
            if let Some(i) = words.iter().position(|w| w.eq_ignore_ascii_case("gift")) {
                if let Some(who) = words.get_mut(i + 1) {
                    if who.parse::<usize>().is_err() {
                        let seat = names.iter().position(|n| n.eq_ignore_ascii_case(who));
                        match seat {
                            Some(s) => *who = (s + 1).to_string(),
                            None => {
                                return Err(crate::t!(
                                    "sf-not-a-player",
                                    who = who.as_str(),
                                    players = names.join(", ")
                                ))
                            }
                        }
                    }
                }
            }
            words.insert(0, format!("{}:", seat + 1));
            words.join(" ")
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
            ("dono", "gift"),
            ("combinazioni", "combinations"),
            ("migliore", "best"),
        ]
    }

    /// The picture draws the face-down pile as backs all alike and each player's tiles as
    /// theirs: another view sees their backs (GN-5, [`crate::show::scene::Scene::for_view`]).
    fn picture_is_public(&self) -> bool {
        true
    }

    fn expects(&self, game: &State, names: &[String]) -> String {
        let Some(seat) = game.to_move() else {
            return crate::t!("session-expects-nothing");
        };
        match game.hand().phase() {
            Phase::Recombine => crate::t!(
                "sf-expects-recombine",
                player = crate::games::seat_name(names, seat)
            ),
            Phase::Over(_) => crate::t!("sf-expects-first", hand = game.hand_number() + 1),
            Phase::Insert => crate::t!("sf-expects-insert"),
        }
    }

    fn position(&self, game: &State, names: &[String], view: View) -> String {
        let hand = game.hand();
        let mut out = crate::t!("sf-hand", hand = game.hand_number());
        out.push('\n');
        out.push_str(&square_text(hand.square()));
        let count = crate::t!("count-tiles", count = hand.pile().len());
        out.push_str(&if view.all() {
            crate::t!(
                "sf-face-down-shown",
                count = count,
                tiles = tiles(hand.pile())
            )
        } else {
            crate::t!("sf-face-down", count = count)
        });
        out.push('\n');
        let totals = game.totals().totals();
        for (seat, name) in names.iter().enumerate() {
            let held = hand.held(seat);
            let shown = if view.sees(seat) {
                tiles(held)
            } else {
                crate::t!("count-tiles", count = held.len())
            };
            out.push_str(&crate::t!(
                "sf-holding",
                player = name.as_str(),
                total = totals[seat],
                shown = shown
            ));
            out.push('\n');
        }
        out.push_str(&match game.to_move() {
            Some(s) => crate::t!("to-move", player = names[s].as_str()),
            None => crate::t!("sf-over"),
        });
        out.push('\n');
        out
    }

    fn explain(
        &self,
        before: &State,
        after: &State,
        mv: &Move,
        outcome: &Outcome,
        names: &[String],
    ) -> String {
        let name = |p: usize| names.get(p).map_or("", String::as_str);
        let (mut s, hand_over) = match (mv, outcome) {
            (
                Move::Insert {
                    player, tile, at, ..
                },
                Outcome::Inserted {
                    inserted,
                    hand_over,
                },
            ) => {
                let mut s = if inserted.to == *player {
                    crate::t!(
                        "sf-inserts-takes",
                        player = name(*player),
                        tile = tile.to_string(),
                        at = at.to_string(),
                        out = inserted.fell_out.to_string()
                    )
                } else {
                    crate::t!(
                        "sf-inserts-gives",
                        player = name(*player),
                        tile = tile.to_string(),
                        at = at.to_string(),
                        out = inserted.fell_out.to_string(),
                        to = name(inserted.to)
                    )
                };
                if after.hand_number() != before.hand_number() {
                    s = crate::t!("sf-hand-opens", hand = after.hand_number(), rest = s);
                }
                (s, hand_over)
            }
            (
                Move::Recombine {
                    player,
                    combinations,
                },
                Outcome::Declared { checked, hand_over },
            ) => {
                let mut s = crate::t!(
                    "sf-declares",
                    player = name(*player),
                    count = combinations.len(),
                    score = checked.partition.score()
                );
                if !checked.is_best() {
                    s += &crate::t!("sf-not-best", best = checked.best);
                }
                (s, hand_over)
            }
            _ => (String::new(), &None),
        };
        if let Some(end) = hand_over {
            let scores: Vec<String> = names
                .iter()
                .zip(&end.scores)
                .map(|(n, x)| format!("{n} {x}"))
                .collect();
            let hand = before.hand_number().max(after.hand_number());
            s += &match end.scalafrutta {
                Some((p, fruit)) => crate::t!(
                    "sf-ends-scalafrutta",
                    hand = hand,
                    player = name(p),
                    fruit = fruit.name(),
                    scores = scores.join(", ")
                ),
                None => crate::t!("sf-ends-few", hand = hand, scores = scores.join(", ")),
            };
        }
        if after.to_move().is_none() {
            let winners: Vec<String> = after
                .totals()
                .winners()
                .iter()
                .map(|&p| name(p).to_string())
                .collect();
            s += &crate::t!(
                "sf-game-won",
                players = crate::games::session::and_join(&winners),
                count = winners.len()
            );
        } else if matches!(after.hand().phase(), Phase::Recombine)
            && !matches!(before.hand().phase(), Phase::Recombine)
        {
            s += &crate::t!("sf-pile-empty");
        }
        s
    }

    fn scores(&self, game: &State) -> Option<Vec<i64>> {
        Some(
            game.totals()
                .totals()
                .iter()
                .map(|&t| i64::from(t))
                .collect(),
        )
    }

    /// A refusal never says who holds a tile (GN-5): a tile that cannot be drawn is not
    /// face down, and a declaration that is not a partition of the player's tiles is that
    /// player's and the director's to hear in full.
    fn refusal(&self, _game: &State, broken: &Broken, names: &[String], view: View) -> String {
        match broken {
            Broken::NotInPile {
                tile,
                at: Whereabouts::HeldBy(_),
            } if !view.all() => crate::t!(
                "sf-cannot-draw",
                tile = tile.to_string(),
                where = crate::t!("sf-not-face-down")
            ),
            Broken::Partition { player, .. } if !view.sees(*player) => {
                unseen_refusal(broken.rule(), view)
            }
            _ => broken.describe(names),
        }
    }

    /// An insertion names the tile drawn from the face-down pile: a view is told only of
    /// those with the tile it tried (it drew that one), the director of every one.
    fn instead(&self, game: &State, mv: &Move, _broken: &Broken, view: View) -> Vec<String> {
        if !self.lists_for(game, view) {
            return Vec::new();
        }
        let tried = match mv {
            Move::Insert { tile, .. } => Some(*tile),
            Move::Recombine { .. } => None,
        };
        let legal = game.legal_moves().into_iter().filter(|m| match m {
            Move::Insert { tile, .. } => view.all() || Some(*tile) == tried,
            Move::Recombine { .. } => true,
        });
        nearest(&mv.to_string(), legal.map(|m| m.to_string()))
    }

    fn tells(&self, _game: &State, mv: &Move, view: View) -> bool {
        view.all() || !matches!(mv, Move::Insert { .. })
    }

    /// The tile the seat to insert draws before the machine chooses where (issue 43).
    fn draw(&self, game: &State, seat: usize, rng: &mut crate::deal::DealRng) -> Option<State> {
        super::seen::draw(game, seat, rng)
    }

    fn seen(&self, game: &State, seat: usize, rng: &mut crate::deal::DealRng) -> Option<State> {
        Some(super::seen::seen(game, seat, rng))
    }

    fn greedy(&self, world: &State, seat: usize) -> Option<Move> {
        super::seen::greedy(world, seat)
    }

    fn strong(&self, world: &State, seat: usize, rng: &mut crate::deal::DealRng) -> Option<Move> {
        super::seen::strong(world, seat, rng)
    }

    fn worth(&self, game: &State, seat: usize) -> i64 {
        super::seen::worth(game, seat)
    }

    /// At a recombination, the best partition first (the packings run to thousands).
    fn hint_moves(&self, game: &State) -> Vec<Move> {
        let legal = game.legal_moves();
        match (self.read(game, &[], "best"), game.hand().phase()) {
            (Ok(best), Phase::Recombine) => std::iter::once(best.clone())
                .chain(legal.into_iter().filter(|m| *m != best))
                .collect(),
            _ => legal,
        }
    }
}
