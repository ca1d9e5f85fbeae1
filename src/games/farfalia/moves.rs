//! Moves, their notation, what they did, and the rules they can break.
//!
//! Notation: `SEAT:ACTION`, the seat counted from 1 in the record's seat
//! order, read in any case (GN-2):
//!
//! | move | notation |
//! |---|---|
//! | play a card (own or a dummy's) | `3:B11` |
//! | play a Burnin' jolly of a family | `3:jolly F` |
//! | collect a card from the trick just won | `3:take B11` |
//! | decline to collect | `3:decline` |
//! | the dealer discards | `1:discard B3 G5` |
//! | the dealer's trump | `1:trump O`, `1:trump none` |
//! | DoubleYou: declare a jolly, or not | `2:double`, `2:single` |

use std::fmt;
use std::str::FromStr;

use super::card::{Card, CardSet, Family, Suit};
use super::table::Trump;
use crate::games::engine;

/// One move by one seat (0-based here, 1-based in the notation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Play a card from one's hand or, on a dummy's turn, from its face-up cards.
    Play { seat: usize, card: Card },
    /// Burnin' Down the House: play one's jolly into a trick (FA-9).
    Jolly { seat: usize, family: Family },
    /// Set aside one card of the trick just won (FA-3).
    Take { seat: usize, card: Card },
    /// Collect nothing from the trick just won (FA-3: the choice is a "may").
    Decline { seat: usize },
    /// The dealer's discard (two of 12; one of 18 in the extra deal).
    Discard { seat: usize, cards: CardSet },
    /// The dealer's trump, or none.
    Trump { seat: usize, trump: Trump },
    /// DoubleYou: play a jolly to double one's score this deal (FA-10), or not.
    Double { seat: usize, double: bool },
}

impl Move {
    pub fn seat(&self) -> usize {
        match *self {
            Move::Play { seat, .. }
            | Move::Jolly { seat, .. }
            | Move::Take { seat, .. }
            | Move::Decline { seat }
            | Move::Discard { seat, .. }
            | Move::Trump { seat, .. }
            | Move::Double { seat, .. } => seat,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.seat() + 1)?;
        match self {
            Move::Play { card, .. } => write!(f, "{card}"),
            Move::Jolly { family, .. } => write!(f, "jolly {family}"),
            Move::Take { card, .. } => write!(f, "take {card}"),
            Move::Decline { .. } => f.write_str("decline"),
            Move::Discard { cards, .. } => {
                f.write_str("discard")?;
                for c in cards.iter() {
                    write!(f, " {c}")?;
                }
                Ok(())
            }
            Move::Trump { trump, .. } => write!(f, "trump {trump}"),
            Move::Double { double: true, .. } => f.write_str("double"),
            Move::Double { double: false, .. } => f.write_str("single"),
        }
    }
}

/// Why a move's text did not parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveSyntax(pub String);

impl fmt::Display for MoveSyntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MoveSyntax {}

impl FromStr for Move {
    type Err = MoveSyntax;
    fn from_str(s: &str) -> Result<Move, MoveSyntax> {
        let bad = |why: String| MoveSyntax(crate::t!("farfalia-bad-move", text = s, why = why));
        let (seat, action) = s
            .split_once(':')
            .ok_or_else(|| bad(crate::t!("farfalia-no-seat")))?;
        let seat = match seat.trim().parse::<usize>() {
            Ok(n) if n >= 1 => n - 1,
            _ => return Err(bad(crate::t!("farfalia-seat-number"))),
        };
        let mut words = action.split_whitespace();
        let head = words.next().unwrap_or("").to_ascii_lowercase();
        let rest: Vec<&str> = words.collect();
        let one = |rest: &[&'_ str]| -> Result<String, MoveSyntax> {
            match rest {
                [w] => Ok(w.to_string()),
                _ => Err(bad(crate::t!("farfalia-one-word", head = head.as_str()))),
            }
        };
        let card = |w: &str| w.parse::<Card>().map_err(bad);
        let mv = match head.as_str() {
            "take" => Move::Take {
                seat,
                card: card(&one(&rest)?)?,
            },
            "jolly" => Move::Jolly {
                seat,
                family: one(&rest)?.parse().map_err(bad)?,
            },
            "trump" => {
                let w = one(&rest)?;
                let w = w.as_str();
                let trump = if w.eq_ignore_ascii_case("none") {
                    Trump::NoTrump
                } else {
                    let mut cs = w.chars();
                    match (cs.next().and_then(Suit::from_letter), cs.next()) {
                        (Some(suit), None) => Trump::Suit(suit),
                        _ => return Err(bad(crate::t!("farfalia-trump-syntax"))),
                    }
                };
                Move::Trump { seat, trump }
            }
            "discard" => {
                if rest.is_empty() {
                    return Err(bad(crate::t!("farfalia-discard-names")));
                }
                let mut cards = CardSet::EMPTY;
                for w in &rest {
                    let c = card(w)?;
                    if cards.contains(c) {
                        return Err(bad(crate::t!("farfalia-named-twice", card = c.to_string())));
                    }
                    cards.insert(c);
                }
                Move::Discard { seat, cards }
            }
            "decline" | "double" | "single" if !rest.is_empty() => {
                return Err(bad(crate::t!("farfalia-no-card", head = head.as_str())))
            }
            "decline" => Move::Decline { seat },
            "double" => Move::Double { seat, double: true },
            "single" => Move::Double {
                seat,
                double: false,
            },
            _ if rest.is_empty() => Move::Play {
                seat,
                card: card(&head).map_err(|_| bad(crate::t!("farfalia-forms")))?,
            },
            _ => return Err(bad(crate::t!("farfalia-forms"))),
        };
        Ok(mv)
    }
}

/// What a legal move did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The deal goes on.
    Next,
    /// The trick is complete: won by the place `winner` (clockwise from the
    /// dealer), or by nobody if every card burned (FA-6); `burned` are the
    /// cards the jolly burned (FA-9).
    Trick {
        winner: Option<usize>,
        burned: CardSet,
    },
    /// The last move of a deal (after its last trick and collection).
    DealOver,
    /// The last move of the match.
    MatchOver,
}

/// What a player is expected to do, for [`Broken::Unexpected`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    Double,
    Discard,
    Trump,
    Play,
    Collect,
    /// The match waits for the next deal's setup.
    Deal,
}

impl Expected {
    /// What the move should have been, in the reader's language.
    pub fn words(self) -> String {
        crate::t!(match self {
            Expected::Double => "farfalia-wants-double",
            Expected::Discard => "farfalia-wants-discard",
            Expected::Trump => "farfalia-wants-trump",
            Expected::Play => "farfalia-wants-play",
            Expected::Collect => "farfalia-wants-collect",
            Expected::Deal => "farfalia-wants-deal",
        })
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expected::Double => "a DoubleYou declaration (double or single)",
            Expected::Discard => "the dealer's discard",
            Expected::Trump => "the dealer's trump",
            Expected::Play => "a card played to the trick",
            Expected::Collect => "a collection choice (take a card or decline)",
            Expected::Deal => "the next deal",
        })
    }
}

/// A rule broken by a move; seats are 0-based.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Broken {
    /// The match (or deal) is over (GN-1).
    GameOver,
    /// Not this seat's turn: `expected` is to move.
    OutOfTurn { seat: usize, expected: usize },
    /// The right seat, the wrong kind of move.
    Unexpected { seat: usize, expected: Expected },
    /// The card is not in the seat's hand (nor on the dummy it plays, when
    /// it plays one: `dummy`).
    NotHeld {
        seat: usize,
        card: Card,
        dummy: bool,
    },
    /// The card lies face down on the dummy: only face-up cards are played (FA-8).
    FaceDown { seat: usize, card: Card },
    /// The card is in the seat's other holding: its own hand when its dummy
    /// is to play (`dummy_turn`; `lead`: to lead the trick), or its dummy
    /// when it is to play itself (FA-8). `playable`: the cards of the place
    /// to play.
    OtherHand {
        seat: usize,
        card: Card,
        dummy_turn: bool,
        lead: bool,
        playable: CardSet,
    },
    /// Not following suit while holding `held` of the suit led (FA-2); on a
    /// dummy (`dummy`), among its face-up cards (FA-8).
    Revoke {
        seat: usize,
        card: Card,
        led: Suit,
        held: CardSet,
        dummy: bool,
    },
    /// A jolly cannot lead a trick (FA-9).
    JollyLead { seat: usize },
    /// No such jolly in hand, or the variant is not played (FA-9).
    NoJolly { seat: usize, family: Family },
    /// Nothing is collected from the first three tricks with 2-4 players (FA-3).
    CollectEarly { seat: usize, trick: u8 },
    /// The card is not in the trick just won (FA-3).
    NotInTrick { seat: usize, card: Card },
    /// The card burned with the trick's jolly (FA-9).
    Burned { seat: usize, card: Card },
    /// The card's family is not in the proposal (FA-3).
    NotProposed {
        seat: usize,
        card: Card,
        family: Family,
    },
    /// The team already has as many of that family as proposed (FA-3).
    Complete {
        seat: usize,
        card: Card,
        family: Family,
    },
    /// The dealer must discard exactly this many cards.
    DiscardCount {
        seat: usize,
        wants: usize,
        has: usize,
    },
    /// The player has no DoubleYou jolly left (two per match).
    DoubleSpent { seat: usize },
    /// The leader of the standings may not double (FA-10).
    DoubleLeader { seat: usize },
    /// A DoubleYou declaration out of its order: `expected` declares now, or
    /// (`None`) the declarations are over (FA-10).
    DoubleOrder {
        seat: usize,
        expected: Option<usize>,
    },
    /// A trump named where it is turned from the proposal (FA-5, FA-8):
    /// `trump` is the deal's.
    TrumpTurned { seat: usize, trump: Trump },
    /// The winner's partner made the collection choice, which is the
    /// winner's alone (`chooser`, the seat that moves for the winning
    /// place: FA-3, FA-8).
    PartnerCollects { seat: usize, chooser: usize },
    /// A collection choice where none is due: the trick just played offered
    /// nothing the side could keep, or every card burned (FA-3).
    NoCollection { seat: usize },
}

/// Cards as a list: `B11`, `R4 R7`.
fn list(cards: CardSet) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

impl Broken {
    fn name(names: &[String], seat: usize) -> String {
        names
            .get(seat)
            .cloned()
            .unwrap_or_else(|| crate::t!("player-n", n = seat + 1))
    }
}

impl engine::Broken for Broken {
    fn code(&self) -> &'static str {
        match self {
            Broken::GameOver => "farfalia.game-over",
            Broken::OutOfTurn { .. } => "farfalia.out-of-turn",
            Broken::Unexpected { .. } => "farfalia.unexpected-move",
            Broken::NotHeld { .. } => "farfalia.not-held",
            Broken::FaceDown { .. } => "farfalia.dummy-face-down",
            Broken::OtherHand {
                dummy_turn: true, ..
            } => "farfalia.dummy-to-play",
            Broken::OtherHand { .. } => "farfalia.own-turn",
            Broken::Revoke { dummy: true, .. } => "farfalia.dummy-revoke",
            Broken::Revoke { .. } => "farfalia.revoke",
            Broken::JollyLead { .. } => "farfalia.jolly-lead",
            Broken::NoJolly { .. } => "farfalia.no-jolly",
            Broken::CollectEarly { .. } => "farfalia.collect-early",
            Broken::NotInTrick { .. } => "farfalia.collect-not-in-trick",
            Broken::Burned { .. } => "farfalia.collect-burned",
            Broken::NotProposed { .. } => "farfalia.collect-not-proposed",
            Broken::Complete { .. } => "farfalia.collect-complete",
            Broken::DiscardCount { .. } => "farfalia.discard-count",
            Broken::DoubleSpent { .. } => "farfalia.double-spent",
            Broken::DoubleLeader { .. } => "farfalia.double-leader",
            Broken::DoubleOrder { .. } => "farfalia.double-order",
            Broken::TrumpTurned { .. } => "farfalia.trump-turned",
            Broken::PartnerCollects { .. } => "farfalia.partner-collects",
            Broken::NoCollection { .. } => "farfalia.no-collection",
        }
    }

    fn rule(&self) -> &'static str {
        match self {
            Broken::GameOver => "GN-1",
            Broken::OutOfTurn { .. } | Broken::Unexpected { .. } => "FA-2",
            Broken::NotHeld { .. } | Broken::Revoke { dummy: false, .. } => "FA-2",
            Broken::FaceDown { .. }
            | Broken::OtherHand { .. }
            | Broken::Revoke { dummy: true, .. } => "FA-8",
            Broken::JollyLead { .. } | Broken::NoJolly { .. } | Broken::Burned { .. } => "FA-9",
            Broken::CollectEarly { .. }
            | Broken::NotInTrick { .. }
            | Broken::NotProposed { .. }
            | Broken::Complete { .. }
            | Broken::PartnerCollects { .. }
            | Broken::NoCollection { .. } => "FA-3",
            Broken::DiscardCount { .. } | Broken::TrumpTurned { .. } => "FA-5",
            Broken::DoubleSpent { .. }
            | Broken::DoubleLeader { .. }
            | Broken::DoubleOrder { .. } => "FA-10",
        }
    }

    fn describe(&self, names: &[String]) -> String {
        use crate::t;
        let n = |s: usize| Broken::name(names, s);
        match *self {
            Broken::GameOver => t!("farfalia-game-over"),
            Broken::OutOfTurn { seat, expected } => {
                t!(
                    "farfalia-out-of-turn",
                    player = n(seat),
                    expected = n(expected)
                )
            }
            Broken::Unexpected { seat, expected } => {
                t!(
                    "farfalia-unexpected",
                    player = n(seat),
                    expected = expected.words()
                )
            }
            Broken::NotHeld {
                seat,
                card,
                dummy: false,
            } => t!(
                "farfalia-not-held",
                player = n(seat),
                card = card.to_string()
            ),
            Broken::NotHeld { seat, card, .. } => {
                t!(
                    "farfalia-not-held-dummy",
                    player = n(seat),
                    card = card.to_string()
                )
            }
            Broken::FaceDown { seat, card } => {
                t!(
                    "farfalia-face-down",
                    player = n(seat),
                    card = card.to_string()
                )
            }
            Broken::OtherHand {
                seat,
                card,
                dummy_turn: true,
                lead,
                playable,
            } => t!(
                "farfalia-dummy-turn",
                player = n(seat),
                lead = if lead { "lead" } else { "play" },
                playable = list(playable),
                card = card.to_string()
            ),
            Broken::OtherHand { seat, card, .. } => {
                t!(
                    "farfalia-own-turn",
                    player = n(seat),
                    card = card.to_string()
                )
            }
            Broken::Revoke {
                seat,
                card,
                led,
                held,
                dummy,
            } => t!(
                if dummy {
                    "farfalia-revoke-dummy"
                } else {
                    "farfalia-revoke"
                },
                player = n(seat),
                card = card.to_string(),
                held = list(held),
                suit = led.name(),
                led = led.to_string()
            ),
            Broken::JollyLead { seat } => t!("farfalia-jolly-lead", player = n(seat)),
            Broken::NoJolly { seat, family } => {
                t!(
                    "farfalia-no-jolly",
                    player = n(seat),
                    family = family.to_string()
                )
            }
            Broken::CollectEarly { seat, trick } => {
                t!("farfalia-collect-early", player = n(seat), trick = trick)
            }
            Broken::NotInTrick { seat, card } => {
                t!(
                    "farfalia-not-in-trick",
                    player = n(seat),
                    card = card.to_string()
                )
            }
            Broken::Burned { seat, card } => {
                t!("farfalia-burned", player = n(seat), card = card.to_string())
            }
            Broken::NotProposed { seat, card, family } => t!(
                "farfalia-not-proposed",
                player = n(seat),
                card = card.to_string(),
                family = family.name()
            ),
            Broken::Complete { seat, card, family } => t!(
                "farfalia-complete",
                player = n(seat),
                card = card.to_string(),
                family = family.name()
            ),
            Broken::DiscardCount { seat, wants, has } => t!(
                "farfalia-discard-count",
                player = n(seat),
                count = has,
                wants = wants
            ),
            Broken::DoubleSpent { seat } => t!("farfalia-double-spent", player = n(seat)),
            Broken::DoubleLeader { seat } => t!("farfalia-double-leader", player = n(seat)),
            Broken::DoubleOrder {
                seat,
                expected: Some(e),
            } => t!("farfalia-double-order", player = n(seat), expected = n(e)),
            Broken::DoubleOrder { seat, .. } => t!("farfalia-double-late", player = n(seat)),
            Broken::TrumpTurned { seat, trump } => t!(
                "farfalia-trump-turned",
                player = n(seat),
                trump = match trump {
                    Trump::Suit(s) =>
                        t!("farfalia-trump-suit", suit = s.to_string(), name = s.name()),
                    Trump::NoTrump => t!("farfalia-trump-none-turned"),
                }
            ),
            Broken::PartnerCollects { seat, chooser } => t!(
                "farfalia-partner-collects",
                player = n(seat),
                chooser = n(chooser)
            ),
            Broken::NoCollection { seat } => t!("farfalia-no-collection", player = n(seat)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// GN-2: notation read in any case and written canonically; round trips.
    #[test]
    fn notation_round_trips() {
        for (text, canon) in [
            ("3:b11", "3:B11"),
            ("3:Take o7", "3:take O7"),
            ("1:DECLINE", "1:decline"),
            ("2:jolly f", "2:jolly F"),
            ("1:discard g5 b3", "1:discard G5 B3"),
            ("1:trump o", "1:trump O"),
            ("1:trump NONE", "1:trump none"),
            ("4:double", "4:double"),
            ("4:single", "4:single"),
        ] {
            let mv: Move = text.parse().unwrap();
            assert_eq!(mv.to_string(), canon);
            assert_eq!(canon.parse::<Move>().unwrap(), mv);
        }
        assert_eq!("2:B11".parse::<Move>().unwrap().seat(), 1);
        for bad in [
            "B11",
            "0:B11",
            "x:B11",
            "1:B14",
            "1:take",
            "1:take B1 B2",
            "1:trump X",
            "1:trump OO",
            "1:discard",
            "1:discard B3 B3",
            "1:decline B3",
            "1:fly",
            "1:B3 B4",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }
}
