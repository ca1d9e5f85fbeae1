//! Who sits where in one deal, who partners whom, and what is dealt (FA-5,
//! FA-8): the [`Table`] of a deal and its [`Setup`], built from permutations
//! of the canonical orders ([`DealOrders`]).
//!
//! A deal's *places* run clockwise from the dealer (place 0). Each place is
//! played by a seat (a player, numbered in the record's seat order); a dummy's
//! place is played by its partner's seat.

use std::fmt;

use serde::Serialize;

use super::card::{Card, CardSet, Family, Suit};
use crate::deal::DealRng;

/// The shape of one deal (FA-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DealKind {
    /// Five players: the dealer takes 12, discards 2 and plays alone.
    Five,
    /// Four players, fixed partners facing each other; trump turned.
    Four,
    /// Three players: the dealer and a dummy facing them against the other two.
    Three,
    /// The three-player short variant's extra deal: 17/17/18, each alone.
    ThreeExtra,
    /// Two players, each with a dummy facing them; trump turned (FA-8).
    Two,
}

impl DealKind {
    /// Places at the table, dummies included.
    pub fn places(self) -> usize {
        match self {
            DealKind::Five => 5,
            DealKind::ThreeExtra => 3,
            _ => 4,
        }
    }

    /// Players (seats), dummies excluded.
    pub fn players(self) -> usize {
        match self {
            DealKind::Five => 5,
            DealKind::Four => 4,
            DealKind::Three | DealKind::ThreeExtra => 3,
            DealKind::Two => 2,
        }
    }

    /// Tricks in the deal: every place plays this many cards.
    pub fn tricks(self) -> u8 {
        match self {
            DealKind::Five => 10,
            DealKind::ThreeExtra => 17,
            _ => 13,
        }
    }

    /// Cards dealt to a place (the dealer gets the extra ones).
    pub fn cards(self, place: usize) -> usize {
        self.tricks() as usize + if place == 0 { self.discards() } else { 0 }
    }

    /// Cards the dealer discards face down before play.
    pub fn discards(self) -> usize {
        match self {
            DealKind::Five => 2,
            DealKind::ThreeExtra => 1,
            _ => 0,
        }
    }

    /// Whether the dealer chooses the trump (else it is turned from the
    /// proposal: FA-5 with four players, FA-8 with two).
    pub fn dealer_chooses_trump(self) -> bool {
        matches!(
            self,
            DealKind::Five | DealKind::Three | DealKind::ThreeExtra
        )
    }

    /// Tricks at the start from which nothing is collected (FA-3).
    pub fn closed_tricks(self) -> u8 {
        if self == DealKind::Five {
            0
        } else {
            3
        }
    }

    fn dummy(self, place: usize) -> bool {
        match self {
            DealKind::Three => place == 2,
            DealKind::Two => place >= 2,
            _ => false,
        }
    }
}

/// How the four non-dealers pair up in a five-player deal (FA-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pairing {
    /// 1st and 3rd left of the dealer, 2nd and 4th (introductory game,
    /// Chinkway deals 6-10 and the extra deal).
    Alternate,
    /// The dealer's two neighbours, and the two across (the 5-deal game).
    Neighbours,
    /// The two on the dealer's left, the two on the right (Chinkway 1-5).
    Adjacent,
}

/// One place at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Place {
    /// The seat that plays this place's cards (the partner, for a dummy).
    pub seat: usize,
    pub dummy: bool,
    /// The side this place collects and scores for; team 0 is the dealer's.
    pub team: usize,
}

/// Who deals, who sits where and who partners whom in one deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Table {
    pub kind: DealKind,
    /// Places clockwise from the dealer (place 0).
    pub places: Vec<Place>,
    /// The deal's own multiplier (2 on the introductory game's last deal, FA-4).
    pub multiplier: u32,
    /// Per seat, whether the player may declare a DoubleYou jolly (FA-10);
    /// empty when the variant is not played.
    pub double: Vec<DoubleRight>,
}

/// Whether a player may declare a DoubleYou jolly in a deal (FA-10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DoubleRight {
    May,
    /// Tied for the lead of the standings.
    Leader,
    /// Both jollies already played this match.
    Spent,
}

impl Table {
    /// A table for `kind` with the players `seats` clockwise from the dealer
    /// (`seats[0]` deals). Dummies are placed as the sheet seats them: facing
    /// their partner.
    pub fn new(kind: DealKind, seats: &[usize], pairing: Pairing) -> Result<Table, SetupError> {
        if seats.len() != kind.players() {
            return Err(SetupError::Players {
                wants: kind.players(),
                has: seats.len(),
            });
        }
        if seats
            .iter()
            .enumerate()
            .any(|(i, s)| *s >= 5 || seats[..i].contains(s))
        {
            return Err(SetupError::Seats);
        }
        let p = |place: usize, team: usize| Place {
            seat: seats[place],
            dummy: false,
            team,
        };
        let dummy = |seat: usize, team: usize| Place {
            seat,
            dummy: true,
            team,
        };
        let places = match kind {
            DealKind::Five => {
                let (a, b) = match pairing {
                    Pairing::Alternate => ([1, 3], [2, 4]),
                    Pairing::Neighbours => ([1, 4], [2, 3]),
                    Pairing::Adjacent => ([1, 2], [3, 4]),
                };
                let team = |i: usize| {
                    if i == 0 {
                        0
                    } else if a.contains(&i) {
                        1
                    } else {
                        debug_assert!(b.contains(&i));
                        2
                    }
                };
                (0..5).map(|i| p(i, team(i))).collect()
            }
            DealKind::Four => (0..4).map(|i| p(i, i % 2)).collect(),
            // Clockwise: dealer, first player, the dealer's dummy, second player.
            DealKind::Three => vec![p(0, 0), p(1, 1), dummy(seats[0], 0), p(2, 1)],
            DealKind::ThreeExtra => (0..3).map(|i| p(i, i)).collect(),
            // Clockwise: dealer, the other player, the dealer's dummy, the other's dummy.
            DealKind::Two => vec![p(0, 0), p(1, 1), dummy(seats[0], 0), dummy(seats[1], 1)],
        };
        debug_assert!(places
            .iter()
            .enumerate()
            .all(|(i, pl): (usize, &Place)| pl.dummy == kind.dummy(i)));
        Ok(Table {
            kind,
            places,
            multiplier: 1,
            double: Vec::new(),
        })
    }

    pub fn dealer(&self) -> usize {
        self.places[0].seat
    }

    pub fn teams(&self) -> usize {
        self.places.iter().map(|p| p.team + 1).max().unwrap_or(0)
    }

    /// The seats of a team's players (dummies excluded).
    pub fn team_seats(&self, team: usize) -> impl Iterator<Item = usize> + '_ {
        self.places
            .iter()
            .filter(move |p| p.team == team && !p.dummy)
            .map(|p| p.seat)
    }

    /// The number of seats in the match (the highest seat + 1).
    pub fn seats(&self) -> usize {
        self.places.iter().map(|p| p.seat + 1).max().unwrap_or(0)
    }
}

/// The trump of a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Trump {
    Suit(Suit),
    /// "Nessuna briscola": every suit is equal.
    NoTrump,
}

impl Trump {
    /// The trump turned from the first proposal card (FA-5, FA-8): none for a
    /// butterfly, else that family's suit.
    pub fn turned(first: Family) -> Trump {
        first.suit().map_or(Trump::NoTrump, Trump::Suit)
    }

    pub(crate) fn suit(self) -> Option<Suit> {
        match self {
            Trump::Suit(s) => Some(s),
            Trump::NoTrump => None,
        }
    }
}

impl fmt::Display for Trump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Trump::Suit(s) => write!(f, "{s}"),
            Trump::NoTrump => f.write_str("none"),
        }
    }
}

/// A dummy's 13 cards as laid out (FA-8): six face down in a row, six face up
/// on them (`up[i]` covers `down[i]`), and one face up beside.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Layout {
    pub down: [Card; 6],
    pub up: [Card; 6],
    pub beside: Card,
}

impl Layout {
    /// The layout of 13 cards in the order dealt: the first six go face down,
    /// the next six face up on them, the last beside.
    pub fn from_dealt(cards: &[Card]) -> Option<Layout> {
        if cards.len() != 13 {
            return None;
        }
        let mut down = [cards[0]; 6];
        let mut up = [cards[0]; 6];
        down.copy_from_slice(&cards[..6]);
        up.copy_from_slice(&cards[6..12]);
        Some(Layout {
            down,
            up,
            beside: cards[12],
        })
    }

    /// The cards in the order [`Layout::from_dealt`] reads them.
    pub fn cards(&self) -> Vec<Card> {
        let mut v = self.down.to_vec();
        v.extend_from_slice(&self.up);
        v.push(self.beside);
        v
    }
}

/// What one place receives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Hand {
    /// The cards in the order dealt (for a dummy: its layout's order).
    pub cards: Vec<Card>,
    /// A dummy's layout (FA-8); `None` for a player.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layout: Option<Layout>,
    /// The face-down jolly of Burnin' Down the House (FA-9); players only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jolly: Option<Family>,
}

/// Everything one deal starts from: the table, the cards of each place, the
/// proposal of five subjects and, where it is turned, the trump.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Setup {
    pub table: Table,
    /// By place, clockwise from the dealer.
    pub hands: Vec<Hand>,
    /// The five subjects turned from the subject deck, in order.
    pub proposal: [Family; 5],
    /// The trump turned from the proposal (four and two players); `None` while
    /// the dealer is to choose it.
    pub trump: Option<Trump>,
}

/// Why a setup cannot start a deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    Players {
        wants: usize,
        has: usize,
    },
    Places {
        wants: usize,
        has: usize,
    },
    /// A place holds the wrong number of cards.
    HandSize {
        place: usize,
        wants: usize,
        has: usize,
    },
    /// A card is dealt twice.
    Twice(Card),
    /// A dummy's layout does not match its cards, or a player has one.
    Layout {
        place: usize,
    },
    /// The turned trump is not the first proposal card's (FA-5, FA-8), or a
    /// trump is given where the dealer chooses it.
    Trump,
    /// A jolly is dealt where the variant deals none, or is missing, or a
    /// family's two jollies are exceeded (FA-9).
    Jolly {
        place: usize,
    },
    /// A permutation is not one of `0..n`.
    Order {
        what: &'static str,
        n: usize,
    },
    /// The match expects another deal (its table differs).
    WrongTable,
    /// A match needs one set of orders per deal.
    DealCount {
        wants: usize,
        has: usize,
    },
    /// Seats outside the match, or repeated.
    Seats,
    /// The format is not for this many players.
    Format,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Players { wants, has } => {
                write!(f, "this deal is for {wants} players, not {has} (FA-5)")
            }
            SetupError::Places { wants, has } => {
                write!(f, "this deal has {wants} places, not {has} (FA-5)")
            }
            SetupError::HandSize { place, wants, has } => write!(
                f,
                "place {place} (clockwise from the dealer) holds {has} cards; it is dealt {wants} (FA-5)"
            ),
            SetupError::Twice(c) => write!(f, "card {c} is dealt twice (FA-1)"),
            SetupError::Layout { place } => write!(
                f,
                "place {place}: a dummy lays out its 13 cards as 6 face down, 6 on them and 1 beside; players have no layout (FA-8)"
            ),
            SetupError::Trump => f.write_str(
                "with four or two players the trump is the first proposal card's suit (none for a butterfly); otherwise the dealer chooses it (FA-5, FA-8)",
            ),
            SetupError::Jolly { place } => write!(
                f,
                "place {place}: in Burnin' Down the House each player gets one jolly, dummies none, at most two per family; without the variant nobody does (FA-9)"
            ),
            SetupError::Order { what, n } => {
                write!(f, "the {what} order is not a permutation of 0..{n}")
            }
            SetupError::WrongTable => f.write_str("the match expects another table for this deal (FA-5)"),
            SetupError::DealCount { wants, has } => {
                write!(f, "the match has {wants} deals, not {has} (FA-5)")
            }
            SetupError::Seats => f.write_str("seats must be distinct players of the match"),
            SetupError::Format => f.write_str("the format is not for this many players (FA-5)"),
        }
    }
}

impl std::error::Error for SetupError {}

/// The three shuffles of one deal, as permutations of the canonical orders:
/// the play deck (52, [`Card::from_index`]), the subject deck (25, family-major,
/// five per family in [`Family::ALL`] order) and the jolly (10, two per family).
/// `deck[k]` is the canonical index of the card dealt `k`-th.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DealOrders {
    pub deck: Vec<usize>,
    pub subjects: Vec<usize>,
    pub jollies: Vec<usize>,
}

impl DealOrders {
    /// The orders of one board from one `tavolo-deal-v1` stream (game
    /// `farfalia`): the deck shuffled first, then the subjects, then the jolly.
    pub fn seeded(variant: &str, seed: &str, board: u32) -> DealOrders {
        let mut rng = DealRng::new("farfalia", variant, seed, board);
        let mut shuffled = |n: usize| {
            let mut v: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut v);
            v
        };
        let deck = shuffled(52);
        let subjects = shuffled(25);
        let jollies = shuffled(10);
        DealOrders {
            deck,
            subjects,
            jollies,
        }
    }

    /// Check that the three orders are permutations.
    pub fn validate(&self) -> Result<(), SetupError> {
        DealOrders::check(&self.deck, 52, "deck")?;
        DealOrders::check(&self.subjects, 25, "subject")?;
        DealOrders::check(&self.jollies, 10, "jolly")
    }

    fn check(order: &[usize], n: usize, what: &'static str) -> Result<(), SetupError> {
        let mut seen = vec![false; n];
        let ok = order.len() == n
            && order
                .iter()
                .all(|&i| i < n && !std::mem::replace(&mut seen[i], true));
        ok.then_some(()).ok_or(SetupError::Order { what, n })
    }
}

impl Setup {
    /// Deal `orders` at `table`: the deck one card at a time clockwise from the
    /// dealer's left, skipping places already full (so the 5-player dealer
    /// takes the last two cards and the 18-card dealer the last one); the
    /// proposal is the first five subjects; with `jolly`, one jolly to each
    /// player clockwise from the dealer's left (FA-9).
    pub fn deal(table: Table, orders: &DealOrders, jolly: bool) -> Result<Setup, SetupError> {
        orders.validate()?;
        let kind = table.kind;
        let n = kind.places();
        if table.places.len() != n {
            return Err(SetupError::Places {
                wants: n,
                has: table.places.len(),
            });
        }
        let mut cards: Vec<Vec<Card>> = (0..n).map(|p| Vec::with_capacity(kind.cards(p))).collect();
        let mut place = 1 % n;
        for &i in &orders.deck {
            while cards[place].len() == kind.cards(place) {
                place = (place + 1) % n;
            }
            cards[place].push(Card::from_index(i).expect("checked permutation"));
            place = (place + 1) % n;
        }
        let mut jollies = orders.jollies.iter().map(|&j| Family::from_index(j / 2));
        let mut hands = Vec::with_capacity(n);
        for k in 0..n {
            // Jolly go round from the dealer's left too.
            let p = (k + 1) % n;
            let dummy = table.places[p].dummy;
            hands.push((
                p,
                Hand {
                    layout: if dummy {
                        Layout::from_dealt(&cards[p])
                    } else {
                        None
                    },
                    cards: std::mem::take(&mut cards[p]),
                    jolly: if jolly && !dummy {
                        jollies.next()
                    } else {
                        None
                    },
                },
            ));
        }
        hands.sort_by_key(|(p, _)| *p);
        let mut proposal = [Family::Farfalle; 5];
        for (slot, &s) in proposal.iter_mut().zip(&orders.subjects) {
            *slot = Family::from_index(s / 5);
        }
        let trump = (!kind.dealer_chooses_trump()).then(|| Trump::turned(proposal[0]));
        Ok(Setup {
            table,
            hands: hands.into_iter().map(|(_, h)| h).collect(),
            proposal,
            trump,
        })
    }

    /// Check the counts, the layouts, the trump and the jolly (`jolly`: the
    /// Burnin' variant is played).
    pub fn validate(&self, jolly: bool) -> Result<(), SetupError> {
        let kind = self.table.kind;
        let n = kind.places();
        if self.table.places.len() != n || self.hands.len() != n {
            return Err(SetupError::Places {
                wants: n,
                has: self.hands.len().min(self.table.places.len()),
            });
        }
        // Players at distinct seats; a dummy played by a player of its team.
        let places = &self.table.places;
        for (i, p) in places.iter().enumerate() {
            let ok = if p.dummy {
                places
                    .iter()
                    .any(|q| !q.dummy && q.seat == p.seat && q.team == p.team)
            } else {
                p.seat < 5 && !places[..i].iter().any(|q| !q.dummy && q.seat == p.seat)
            };
            if !ok || p.team >= 3 {
                return Err(SetupError::Seats);
            }
        }
        let mut seen = CardSet::EMPTY;
        let mut jolly_count = [0u8; 5];
        for (p, (h, place)) in self.hands.iter().zip(&self.table.places).enumerate() {
            if h.cards.len() != kind.cards(p) {
                return Err(SetupError::HandSize {
                    place: p,
                    wants: kind.cards(p),
                    has: h.cards.len(),
                });
            }
            for &c in &h.cards {
                if seen.contains(c) {
                    return Err(SetupError::Twice(c));
                }
                seen.insert(c);
            }
            let layout_ok = if place.dummy {
                h.layout.is_some() && h.layout == Layout::from_dealt(&h.cards)
            } else {
                h.layout.is_none()
            };
            if !layout_ok {
                return Err(SetupError::Layout { place: p });
            }
            let jolly_ok = match h.jolly {
                None => !jolly || place.dummy,
                Some(f) => {
                    jolly_count[f as usize] += 1;
                    jolly && !place.dummy && jolly_count[f as usize] <= 2
                }
            };
            if !jolly_ok {
                return Err(SetupError::Jolly { place: p });
            }
        }
        let trump_ok = match self.trump {
            None => kind.dealer_chooses_trump(),
            Some(t) => !kind.dealer_chooses_trump() && t == Trump::turned(self.proposal[0]),
        };
        if !trump_ok {
            return Err(SetupError::Trump);
        }
        Ok(())
    }

    /// The layouts of the dummies, by place.
    pub fn dummies(&self) -> impl Iterator<Item = (usize, &Layout)> {
        self.hands
            .iter()
            .enumerate()
            .filter_map(|(p, h)| h.layout.as_ref().map(|l| (p, l)))
    }
}
