//! Natura Shakerata at the table ([`crate::games::session`]): the session plays with the
//! lexicon (NS-2), so a word it lacks is said at once, with the challenge choice it leaves
//! the next player (NS-5); the board as text with its premiums, the racks hidden but from
//! their owner or the director, and the short forms: the seat left out, `a`/`d` for the
//! direction.

use super::board::{Dir, Square};
use super::game::{Outcome, Rules, Setup, State};
use super::gcg;
use super::layout::{Premium, TileSet, SIZE};
use super::moves::{tile_char, Move};
use super::record::{
    dealt_bag, default_lexicon, explain_word, open, per_seat, rules_of, signed, Natura,
};
use super::Broken;
use crate::deal::Provenance;
use crate::error::Error;
use crate::games::engine::Engine;
use crate::games::session::{unseen_refusal, Masked, Opened, ShortForm, Table, View};
use crate::record::{Record, Source};

const SHORT: &[ShortForm] = &[
    ("H8 across CASA", "short-natura-place"),
    ("H8 a CASA", "short-natura-letter"),
    ("H8 CASA across", "short-natura-dir-last"),
    ("caSa", "short-natura-word"),
    ("exchange AE?", "short-natura-exchange"),
    ("H8 o CASA", "short-natura-italian"),
    ("8H CASA", "short-natura-gcg"),
    ("pass", "short-natura-pass"),
    ("challenge", "short-natura-challenge"),
];

/// The board as text: letters upper case, jollies lower case; on empty squares `=` a triple
/// word, `-` a double word (and the star), `"` a triple letter, `'` a double letter.
fn board_text(game: &State) -> String {
    let b = game.board();
    let mut out = String::from("    ");
    for col in 0..SIZE {
        out.push(' ');
        out.push((b'A' + col as u8) as char);
    }
    out.push('\n');
    for row in 0..SIZE {
        out.push_str(&format!("{:>3} ", row + 1));
        for col in 0..SIZE {
            let sq = Square::new(row, col).expect("on the board");
            out.push(' ');
            out.push(match b.get(sq) {
                Some(t) => tile_char(t),
                None => match b.premium(sq) {
                    Premium::TripleWord => '=',
                    Premium::DoubleWord => '-',
                    Premium::TripleLetter => '"',
                    Premium::DoubleLetter => '\'',
                    Premium::None => '.',
                },
            });
        }
        out.push('\n');
    }
    out
}

/// A direction as players say it: the notation's `across`/`down`, `a`/`d`, `h`/`v`, and
/// in Italian `o`/`orizzontale`, `v`/`verticale`.
fn dir(w: &str) -> Option<&'static str> {
    match w.to_ascii_lowercase().as_str() {
        "across" | "a" | "h" | "o" | "orizzontale" | "oriz" => Some("across"),
        "down" | "d" | "v" | "verticale" | "vert" => Some("down"),
        _ => None,
    }
}

/// A move that places no word, as players say it: the notation's words, and in Italian
/// `passo`, `cambio` (or `scambio`), `sfida` (or `contestazione`).
fn kind(w: &str) -> Option<&'static str> {
    match w.to_ascii_lowercase().as_str() {
        "pass" | "passo" => Some("pass"),
        "exchange" | "cambio" | "scambio" => Some("exchange"),
        "challenge" | "sfida" | "contestazione" | "contesto" => Some("challenge"),
        _ => None,
    }
}

/// A square in either order, `H8` or GCG's `8H`, written as the notation writes it (`H8`);
/// anything else as it was typed, for the notation to refuse.
fn square(w: &str) -> String {
    gcg::coord(w).map_or_else(|| w.to_string(), |(at, _)| at.to_string())
}

fn can_challenge(game: &State, seat: usize) -> bool {
    game.clone().play(Move::Challenge { seat }).is_ok()
}

impl Table for Natura {
    /// With the default lexicon (NS-2), as `check` judges a record without one.
    fn begin(&self, variant: &str, players: &[String], deal: &Provenance) -> Result<State, Error> {
        if variant == super::duplicate::record::VARIANT {
            return Err(Error::input(
                "table.duplicate",
                "a duplicate game has no turns to take at the table: `tavolo duplicate` plays it",
            ));
        }
        let rules = Rules {
            words: default_lexicon().words(),
            ..rules_of(variant)
        };
        State::start(
            &Setup {
                players: players.len(),
                bag: dealt_bag(deal),
            },
            &rules,
        )
        .map_err(|e| Error::failed("natura.internal", e.to_string()))
    }

    fn open(&self, record: &Record, src: &Source) -> Result<Opened<State>, Error> {
        if record.variant == super::duplicate::record::VARIANT {
            return Err(Error::input(
                "table.duplicate",
                "a duplicate game has no turns to take at the table: `tavolo duplicate` plays it",
            ));
        }
        let o = open(record, src, None)?;
        Ok(Opened::one_each(o.start, o.moves))
    }

    fn read(&self, game: &State, _names: &[String], text: &str) -> Result<Move, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        // A seat written first, as the notation writes it, or the seat to move.
        let (seat, rest) = match words.first().map(|w| w.parse::<usize>()) {
            Some(Ok(n)) => (n, &words[1..]),
            _ => (game.to_move().unwrap_or(0) + 1, &words[..]),
        };
        let full = match rest {
            [k, tail @ ..] if kind(k).is_some() && (tail.len() <= 1) => {
                let mut s = format!("{seat} {}", kind(k).unwrap_or(k));
                for t in tail {
                    s.push(' ');
                    s.push_str(t);
                }
                s
            }
            [sq, d, w] if dir(d).is_some() => {
                format!("{seat} {} {} {w}", square(sq), dir(d).unwrap_or(d))
            }
            [sq, w, d] if dir(d).is_some() => {
                format!("{seat} {} {} {w}", square(sq), dir(d).unwrap_or(d))
            }
            // GCG's order says the direction: `8H CASA` across, `H8 CASA` down.
            [sq, w] => match gcg::coord(sq) {
                Some((at, Dir::Across)) => format!("{seat} {at} across {w}"),
                Some((at, Dir::Down)) => format!("{seat} {at} down {w}"),
                None => format!("{seat} {}", rest.join(" ")),
            },
            _ => format!("{seat} {}", rest.join(" ")),
        };
        full.parse().map_err(|e: super::moves::MoveParseError| e.0)
    }

    fn short_forms(&self) -> &'static [ShortForm] {
        SHORT
    }

    fn expects(&self, game: &State, _names: &[String]) -> String {
        let Some(seat) = game.to_move() else {
            return crate::t!("session-expects-nothing");
        };
        let mut s = crate::t!("natura-expects-word");
        if game.bag_len() >= super::layout::RACK {
            s.push_str(&crate::t!("natura-expects-exchange"));
        }
        s.push_str(&crate::t!("natura-expects-pass"));
        if can_challenge(game, seat) {
            s.push_str(&crate::t!("natura-expects-challenge"));
        }
        s
    }

    fn position(&self, game: &State, names: &[String], view: View) -> String {
        let mut out = board_text(game);
        let scores = if game.end().is_some() {
            game.final_scores()
        } else {
            game.scores().to_vec()
        };
        for (seat, name) in names.iter().enumerate() {
            let rack = if view.sees(seat) {
                game.rack_text(seat)
            } else {
                crate::t!("count-tiles", count = game.rack_text(seat).chars().count())
            };
            out.push_str(&format!(
                "{}\n",
                crate::t!(
                    "natura-rack",
                    player = name,
                    score = scores[seat],
                    rack = rack
                )
            ));
        }
        let bag: String = if view.all() {
            game.bag().map(|&t| tile_char(t)).collect()
        } else {
            String::new()
        };
        out.push_str(&format!(
            "{}\n",
            if bag.is_empty() {
                crate::t!(
                    "natura-bag",
                    tiles = crate::t!("count-tiles", count = game.bag_len())
                )
            } else {
                crate::t!(
                    "natura-bag-order",
                    tiles = crate::t!("count-tiles", count = game.bag_len()),
                    order = bag
                )
            }
        ));
        match game.to_move() {
            Some(s) => out.push_str(&format!("{}\n", crate::t!("to-move", player = &names[s]))),
            None => out.push_str(&format!(
                "{}\n",
                crate::t!("natura-over", scores = per_seat(names, &scores))
            )),
        }
        out
    }

    fn explain(
        &self,
        _before: &State,
        after: &State,
        _mv: &Move,
        outcome: &Outcome,
        names: &[String],
    ) -> String {
        let set = TileSet::italian();
        let mut s = match outcome {
            Outcome::Played {
                seat,
                words,
                missing,
                bonus,
                points,
                ..
            } => {
                let explained: Vec<String> = words.iter().map(|w| explain_word(w, &set)).collect();
                let mut s = crate::t!(
                    "natura-scores",
                    player = &names[*seat],
                    points = *points,
                    words = explained.join("; ")
                );
                if *bonus > 0 {
                    s += &crate::t!("natura-bonus", bonus = *bonus);
                }
                if !missing.is_empty() {
                    let next = after.to_move().map_or(String::new(), |n| {
                        crate::t!("natura-may-challenge", player = &names[n])
                    });
                    s += &crate::t!("natura-missing", words = missing.join(", "), next = next);
                }
                s
            }
            Outcome::Exchanged { seat, .. } => {
                crate::t!("natura-exchanges", player = &names[*seat])
            }
            Outcome::Passed { seat, .. } => crate::t!("natura-passes", player = &names[*seat]),
            Outcome::Withdrawn {
                seat,
                missing,
                points,
            } => crate::t!(
                "natura-withdrawn",
                words = missing.join(", "),
                player = &names[*seat],
                points = *points
            ),
            Outcome::Upheld { seat, penalty } => {
                let more = if *penalty > 0 {
                    crate::t!("natura-penalty", penalty = *penalty)
                } else {
                    String::new()
                };
                crate::t!("natura-upheld", player = &names[*seat], more = more)
            }
        };
        if let Some(end) = after.end() {
            let how = match end {
                super::End::Out(seat) => {
                    crate::t!("natura-end-out", player = &names[seat])
                }
                super::End::Passes => {
                    crate::t!("natura-end-passes")
                }
            };
            let adj = after.adjustment();
            let adjusted: Vec<String> = names
                .iter()
                .zip(&adj)
                .map(|(n, a)| format!("{n} {}", signed(*a)))
                .collect();
            s += &crate::t!(
                "natura-end",
                how = how,
                adjusted = adjusted.join(", "),
                scores = per_seat(names, &after.final_scores())
            );
        }
        s
    }

    /// The picture draws the board alone.
    fn picture_is_public(&self) -> bool {
        true
    }

    fn scores(&self, game: &State) -> Option<Vec<i64>> {
        let v = if game.end().is_some() {
            game.final_scores()
        } else {
            game.scores().to_vec()
        };
        Some(v.into_iter().map(i64::from).collect())
    }

    fn hint_lists(&self) -> &'static str {
        "hint-natura-lists"
    }

    /// Pass, the challenge when there is one, and the exchanges: the words are the machine
    /// player's (the hint's best), not listed (with jollies they run to millions).
    fn hint_moves(&self, game: &State) -> Vec<Move> {
        let Some(seat) = game.to_move() else {
            return Vec::new();
        };
        let mut v = vec![Move::Pass { seat }];
        if can_challenge(game, seat) {
            v.push(Move::Challenge { seat });
        }
        v.extend(
            game.legal_moves()
                .into_iter()
                .filter(|m| matches!(m, Move::Exchange { .. })),
        );
        v
    }

    /// Racks are hidden (GN-5): only the seat to move's own view and the director's hear
    /// the rack in "legal instead" or an exchange of it; passing and challenging are
    /// everyone's.
    fn instead(&self, game: &State, _mv: &Move, broken: &Broken, view: View) -> Vec<String> {
        let Some(seat) = game.to_move() else {
            return Vec::new();
        };
        let mut v = Vec::new();
        if view.sees(seat) {
            if !matches!(broken, Broken::OutOfTurn { .. } | Broken::NoSeat(_)) {
                v.push(crate::t!(
                    "natura-instead-word",
                    rack = game.rack_text(seat)
                ));
            }
            if game.bag_len() >= super::layout::RACK {
                v.push(format!("{} exchange {}", seat + 1, game.rack_text(seat)));
            }
        }
        v.push(Move::Pass { seat }.to_string());
        if can_challenge(game, seat) {
            v.push(Move::Challenge { seat }.to_string());
        }
        v
    }

    /// Every refusal is about the board, the turn or the bag, all public, except a tile
    /// not on the rack, which is the rack's owner's and the director's to hear.
    fn refusal(&self, game: &State, broken: &Broken, names: &[String], view: View) -> String {
        match broken {
            Broken::NotOnRack { .. } if !game.to_move().is_some_and(|s| view.sees(s)) => {
                unseen_refusal(crate::games::engine::Broken::rule(broken), view)
            }
            _ => crate::games::engine::Broken::describe(broken, names),
        }
    }

    /// An exchange is its count (GN-5): the tiles given back are the exchanger's.
    fn masked(
        &self,
        _before: &State,
        _after: &State,
        mv: &Move,
        _outcome: &Outcome,
        names: &[String],
    ) -> Option<Masked> {
        let Move::Exchange { seat, tiles } = mv else {
            return None;
        };
        let n = tiles.len();
        let count = crate::t!("count-tiles", count = n);
        Some(Masked {
            notation: format!("{} exchange ({count})", seat + 1),
            explanation: crate::t!(
                "natura-exchanges-count",
                player = &names[*seat],
                tiles = count
            ),
        })
    }

    fn seen(&self, game: &State, seat: usize, rng: &mut crate::deal::DealRng) -> Option<State> {
        super::game::seen::seen(game, seat, rng)
    }

    fn greedy(&self, world: &State, seat: usize) -> Option<Move> {
        let _ = seat;
        super::game::seen::greedy(world)
    }

    fn strong(&self, world: &State, seat: usize, rng: &mut crate::deal::DealRng) -> Option<Move> {
        let _ = seat;
        super::game::seen::strong(world, rng)
    }
}
