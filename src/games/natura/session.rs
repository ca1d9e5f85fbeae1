//! Natura Shakerata at the table ([`crate::games::session`]): the session plays with the
//! lexicon (NS-2), so a word it lacks is said at once, with the challenge choice it leaves
//! the next player (NS-5); the board as text with its premiums, the racks hidden but from
//! their owner or the director, and the short forms: the seat left out, `a`/`d` for the
//! direction.

use super::board::Square;
use super::game::{Outcome, Rules, Setup, State};
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
    (
        "H8 across CASA",
        "the seat to move plays CASA from H8 (the notation is `1 H8 across CASA`)",
    ),
    ("H8 a CASA", "the same: `a` across, `d` down"),
    ("H8 CASA across", "the same, the direction last"),
    (
        "caSa",
        "in a word: lower case a jolly, `.` a letter already on the board",
    ),
    ("exchange AE?", "give back A, E and a jolly (`?`)"),
    ("pass", "pass"),
    ("challenge", "challenge the play just made (NS-5)"),
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
        let seat = game.to_move().unwrap_or(0);
        let words: Vec<&str> = text.split_whitespace().collect();
        let dir = |w: &str| match w.to_ascii_lowercase().as_str() {
            "across" | "a" | "h" => Some("across"),
            "down" | "d" | "v" => Some("down"),
            _ => None,
        };
        let full = match &words[..] {
            [n, ..] if n.parse::<usize>().is_ok() => text.to_string(),
            [sq, d, w] if dir(d).is_some() => {
                format!("{} {sq} {} {w}", seat + 1, dir(d).unwrap_or(d))
            }
            [sq, w, d] if dir(d).is_some() => {
                format!("{} {sq} {} {w}", seat + 1, dir(d).unwrap_or(d))
            }
            _ => format!("{} {text}", seat + 1),
        };
        full.parse().map_err(|e: super::moves::MoveParseError| e.0)
    }

    fn short_forms(&self) -> &'static [ShortForm] {
        SHORT
    }

    fn expects(&self, game: &State, _names: &[String]) -> String {
        let Some(seat) = game.to_move() else {
            return "nothing: the game is over".into();
        };
        let mut s = String::from("a word (`H8 across CASA`)");
        if game.bag_len() >= super::layout::RACK {
            s.push_str(", an exchange (`exchange AE?`)");
        }
        s.push_str(", `pass`");
        if can_challenge(game, seat) {
            s.push_str(", or `challenge` the play just made (NS-5)");
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
                crate::words::count(game.rack_text(seat).chars().count() as u64, "tile", "tiles")
            };
            out.push_str(&format!("{name} {}: {rack}\n", scores[seat]));
        }
        let bag: String = if view.all() {
            game.bag().map(|&t| tile_char(t)).collect()
        } else {
            String::new()
        };
        out.push_str(&format!(
            "bag: {}{}{bag}\n",
            crate::words::count(game.bag_len() as u64, "tile", "tiles"),
            if bag.is_empty() {
                ""
            } else {
                ", in draw order: "
            }
        ));
        match game.to_move() {
            Some(s) => out.push_str(&format!("{} to move\n", names[s])),
            None => out.push_str(&format!("the game is over: {}\n", per_seat(names, &scores))),
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
                let mut s = format!("{} scores {points}: {}", names[*seat], explained.join("; "));
                if *bonus > 0 {
                    s += &format!("; +{bonus} for the whole rack");
                }
                if !missing.is_empty() {
                    let next = after.to_move().map_or(String::new(), |n| {
                        format!(": {} may `challenge` it", names[n])
                    });
                    s += &format!(
                        "; not in the lexicon: {}; it stands unless challenged{next} (NS-5)",
                        missing.join(", ")
                    );
                }
                s
            }
            Outcome::Exchanged { seat, .. } => format!("{} exchanges (NS-3)", names[*seat]),
            Outcome::Passed { seat, .. } => format!("{} passes", names[*seat]),
            Outcome::Withdrawn {
                seat,
                missing,
                points,
            } => format!(
                "challenge: {} is not in the lexicon, so {}'s play is withdrawn and its {points} points taken back (NS-5)",
                missing.join(", "),
                names[*seat]
            ),
            Outcome::Upheld { seat, penalty } => {
                let more = if *penalty > 0 {
                    format!(" and scores {penalty} more (challenge-penalty)")
                } else {
                    String::new()
                };
                format!(
                    "challenge: every word is in the lexicon, {}'s play stands{more} (NS-5)",
                    names[*seat]
                )
            }
        };
        if let Some(end) = after.end() {
            let how = match end {
                super::End::Out(seat) => {
                    format!("{} played their last tile with the bag empty", names[seat])
                }
                super::End::Passes => {
                    "every player passed (or exchanged) three turns running".into()
                }
            };
            let adj = after.adjustment();
            let adjusted: Vec<String> = names
                .iter()
                .zip(&adj)
                .map(|(n, a)| format!("{n} {}", signed(*a)))
                .collect();
            s += &format!(
                "; the end ({how}): racks left {} (NS-4); final {}",
                adjusted.join(", "),
                per_seat(names, &after.final_scores())
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
        "moves besides words"
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
                v.push(format!(
                    "a word from the rack {} (`hint` finds the best)",
                    game.rack_text(seat)
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
        let count = if n == 1 {
            "1 tile".to_string()
        } else {
            format!("{n} tiles")
        };
        Some(Masked {
            notation: format!("{} exchange ({count})", seat + 1),
            explanation: format!("{} exchanges {count} (NS-3)", names[*seat]),
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
