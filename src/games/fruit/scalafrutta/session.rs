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
                                return Err(format!(
                                    "`{who}` is not a player: the players are {}",
                                    names.join(", ")
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

    fn expects(&self, game: &State, names: &[String]) -> String {
        let Some(seat) = game.to_move() else {
            return "nothing: the game is over".into();
        };
        match game.hand().phase() {
            Phase::Recombine => format!(
                "{}'s combinations of all their tiles: `combinations M3 M4 M5 / B3 P3 U3`, `combinations` for none, or `best` (SF-2)",
                crate::games::seat_name(names, seat)
            ),
            Phase::Over(_) => format!(
                "the first insertion of hand {}: the tile drawn and where it goes in, e.g. `B4 top2`",
                game.hand_number() + 1
            ),
            Phase::Insert => "the tile drawn and where it goes in: `TILE top1..3|bottom1..3|left1..3|right1..3`, e.g. `B4 top2` (and `gift SEAT` when no edge tile matches)".into(),
        }
    }

    fn position(&self, game: &State, names: &[String], view: View) -> String {
        let hand = game.hand();
        let mut out = format!("hand {}\n", game.hand_number());
        out.push_str(&square_text(hand.square()));
        out.push_str(&format!(
            "face down: {}",
            crate::words::count(hand.pile().len() as u64, "tile", "tiles")
        ));
        if view.all() {
            out.push_str(&format!(": {}", tiles(hand.pile())));
        }
        out.push('\n');
        let totals = game.totals().totals();
        for (seat, name) in names.iter().enumerate() {
            let held = hand.held(seat);
            let shown = if view.sees(seat) {
                tiles(held)
            } else {
                crate::words::count(held.len() as u64, "tile", "tiles")
            };
            out.push_str(&format!("{name} ({}): {shown}\n", totals[seat]));
        }
        match game.to_move() {
            Some(s) => out.push_str(&format!("{} to move\n", names[s])),
            None => out.push_str("the game is over (SF-6)\n"),
        }
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
        use std::fmt::Write;
        // Written into one string: a session explains every move it replays.
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
                let mut s = String::with_capacity(64);
                if after.hand_number() != before.hand_number() {
                    let _ = write!(s, "hand {} opens; ", after.hand_number());
                }
                let _ = write!(
                    s,
                    "{} inserts {tile} at {at}; {} falls out and ",
                    name(*player),
                    inserted.fell_out
                );
                let _ = if inserted.to == *player {
                    write!(s, "{} takes it", name(*player))
                } else {
                    write!(s, "it goes to {} (SF-1)", name(inserted.to))
                };
                (s, hand_over)
            }
            (
                Move::Recombine {
                    player,
                    combinations,
                },
                Outcome::Declared { checked, hand_over },
            ) => {
                let mut s = format!(
                    "{} declares {} combination{} scoring {}",
                    name(*player),
                    combinations.len(),
                    if combinations.len() == 1 { "" } else { "s" },
                    checked.partition.score()
                );
                if !checked.is_best() {
                    s += &format!(
                        "; the best partition of their tiles scores {} (SF-5)",
                        checked.best
                    );
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
            let how = match end.scalafrutta {
                Some((p, fruit)) => format!(
                    "by Scalafrutta: {} holds all six {} (SF-4)",
                    name(p),
                    fruit.name()
                ),
                None => "with fewer tiles going back than the players need (SF-2)".into(),
            };
            s += &format!(
                "; hand {} ends {how}: {}",
                before.hand_number().max(after.hand_number()),
                scores.join(", ")
            );
        }
        if after.to_move().is_none() {
            let winners: Vec<&str> = after.totals().winners().iter().map(|&p| name(p)).collect();
            s += &format!(
                "; {} past 1001: the game is over, {} wins (SF-6)",
                winners.join(" and "),
                winners.join(" and ")
            );
        } else if matches!(after.hand().phase(), Phase::Recombine)
            && !matches!(before.hand().phase(), Phase::Recombine)
        {
            s += "; the pile is empty: every player recombines all their tiles (SF-2)";
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
            } if !view.all() => format!("{tile} cannot be drawn: it is not face down"),
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
