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

const FORMS: &str = "write SEAT:CARD (2:B11), SEAT:take CARD, SEAT:decline, SEAT:jolly FAMILY, \
SEAT:discard CARD.., SEAT:trump SUIT|none, SEAT:double or SEAT:single";

impl FromStr for Move {
    type Err = MoveSyntax;
    fn from_str(s: &str) -> Result<Move, MoveSyntax> {
        let bad = |why: String| MoveSyntax(format!("`{s}`: {why}"));
        let (seat, action) = s
            .split_once(':')
            .ok_or_else(|| bad(format!("no seat; {FORMS}")))?;
        let seat = match seat.trim().parse::<usize>() {
            Ok(n) if n >= 1 => n - 1,
            _ => return Err(bad("the seat is a number from 1".into())),
        };
        let mut words = action.split_whitespace();
        let head = words.next().unwrap_or("").to_ascii_lowercase();
        let rest: Vec<&str> = words.collect();
        let one = |rest: &[&'_ str]| -> Result<String, MoveSyntax> {
            match rest {
                [w] => Ok(w.to_string()),
                _ => Err(bad(format!("`{head}` takes one word"))),
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
                        _ => return Err(bad("the trump is R, G, B, O or none".into())),
                    }
                };
                Move::Trump { seat, trump }
            }
            "discard" => {
                if rest.is_empty() {
                    return Err(bad("discard names the cards".into()));
                }
                let mut cards = CardSet::EMPTY;
                for w in &rest {
                    let c = card(w)?;
                    if cards.contains(c) {
                        return Err(bad(format!("{c} is named twice")));
                    }
                    cards.insert(c);
                }
                Move::Discard { seat, cards }
            }
            "decline" | "double" | "single" if !rest.is_empty() => {
                return Err(bad(format!("`{head}` takes no card")))
            }
            "decline" => Move::Decline { seat },
            "double" => Move::Double { seat, double: true },
            "single" => Move::Double {
                seat,
                double: false,
            },
            _ if rest.is_empty() => Move::Play {
                seat,
                card: card(&head).map_err(|_| bad(FORMS.into()))?,
            },
            _ => return Err(bad(FORMS.into())),
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
            .unwrap_or_else(|| format!("seat {}", seat + 1))
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
        let n = |s: usize| Broken::name(names, s);
        match *self {
            Broken::GameOver => "the match is over; no move follows its last trick".into(),
            Broken::OutOfTurn { seat, expected } => {
                format!("{} moved, but it is {}'s turn", n(seat), n(expected))
            }
            Broken::Unexpected { seat, expected } => {
                format!("{} is expected to make {expected}", n(seat))
            }
            Broken::NotHeld {
                seat,
                card,
                dummy: false,
            } => format!("{} does not hold {card}", n(seat)),
            Broken::NotHeld { seat, card, .. } => format!(
                "{} does not hold {card}, nor is it face up on their dummy",
                n(seat)
            ),
            Broken::FaceDown { seat, card } => format!(
                "{card} lies face down on {}'s dummy: only its face-up cards are played",
                n(seat)
            ),
            Broken::OtherHand {
                seat,
                card,
                dummy_turn: true,
                lead,
                playable,
            } => format!(
                "it is {}'s dummy's turn {}: {} plays one of the dummy's face-up cards ({}), not {card} from their own hand",
                n(seat),
                if lead { "to lead (it won the last trick)" } else { "to play" },
                n(seat),
                list(playable)
            ),
            Broken::OtherHand { seat, card, .. } => format!(
                "it is {}'s own turn: {card} is on their dummy, which plays in its own turn",
                n(seat)
            ),
            Broken::Revoke {
                seat,
                card,
                led,
                held,
                dummy: false,
            } => format!(
                "{} played {card} but holds {} in the suit led ({}, {led}): the suit led must be followed",
                n(seat),
                list(held),
                led.name()
            ),
            Broken::Revoke {
                seat,
                card,
                led,
                held,
                ..
            } => format!(
                "{} played {card} from their dummy, which shows {} face up in the suit led ({}, {led}): a dummy follows suit with its face-up cards",
                n(seat),
                list(held),
                led.name()
            ),
            Broken::JollyLead { seat } => format!("{} led a jolly: a jolly never leads a trick", n(seat)),
            Broken::NoJolly { seat, family } => {
                format!("{} holds no jolly {family} to play", n(seat))
            }
            Broken::CollectEarly { seat, trick } => format!(
                "{} collected from trick {trick}: with 2-4 players nothing is collected from the first three tricks",
                n(seat)
            ),
            Broken::NotInTrick { seat, card } => {
                format!("{} collected {card}, which is not in the trick just won", n(seat))
            }
            Broken::Burned { seat, card } => {
                format!("{} collected {card}, which burned with the jolly", n(seat))
            }
            Broken::NotProposed { seat, card, family } => format!(
                "{} collected {card} ({}), which the proposal does not ask for",
                n(seat),
                family.name()
            ),
            Broken::Complete { seat, card, family } => format!(
                "{} collected {card}, but the team already has every {} the proposal asks for",
                n(seat),
                family.name()
            ),
            Broken::DiscardCount { seat, wants, has } => {
                format!(
                    "{} discarded {has} card{}; the dealer discards {wants}",
                    n(seat),
                    if has == 1 { "" } else { "s" }
                )
            }
            Broken::DoubleSpent { seat } => {
                format!("{} has no DoubleYou jolly left (two per match)", n(seat))
            }
            Broken::DoubleLeader { seat } => format!(
                "{} leads the standings and may not play a DoubleYou jolly",
                n(seat)
            ),
            Broken::DoubleOrder {
                seat,
                expected: Some(e),
            } => format!(
                "{} declared out of order: it is {}'s turn to say double or single (the declarations go round from the dealer's left, the dealer last)",
                n(seat),
                n(e)
            ),
            Broken::DoubleOrder { seat, .. } => format!(
                "{} declared after the declarations: a DoubleYou jolly is played before the deal starts",
                n(seat)
            ),
            Broken::TrumpTurned { seat, trump } => format!(
                "{} named a trump, but in this deal the trump is turned from the first proposal card: it is {}",
                n(seat),
                match trump {
                    Trump::Suit(s) => format!("{s} ({})", s.name()),
                    Trump::NoTrump => "none (a butterfly was turned)".to_string(),
                }
            ),
            Broken::PartnerCollects { seat, chooser } => format!(
                "{} made the collection choice for the trick {} won: the winner chooses alone, without consulting their partner",
                n(seat),
                n(chooser)
            ),
            Broken::NoCollection { seat } => format!(
                "{} made a collection choice, but the trick just played offers none: no card in it is one their side could keep",
                n(seat)
            ),
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
