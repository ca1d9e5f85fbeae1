//! One deal in progress: the phases before play (DoubleYou declarations, the
//! dealer's discard and trump), the tricks (FA-2, FA-9), the collection choice
//! after each trick (FA-3), the dummies (FA-8) and the deal's score (FA-4).
//!
//! The state is fixed-size (no heap): hands are `u64` masks, so a card is
//! validated and played with a few mask operations and a deal clones cheaply.
//!
//! Decisions where the sheet is silent (for the docs):
//! - The DoubleYou declarations come first in a deal, once the cards are
//!   dealt: each eligible player in turn from the dealer's left, the dealer
//!   last, says `double` or `single` (FA-10).
//! - A trick that holds no card the winner could collect has no collection
//!   step: the next move is the next lead. A `take` written there is refused
//!   with the reason the card cannot be collected; `decline` is refused as
//!   unexpected.
//! - Collecting is optional even when a useful card is in the trick (the
//!   sheet says the winner *may* choose one): `decline` is always legal there.
//! - The engine holds the whole deal; who may see what (the proposal is
//!   turned after the dealer's trump choice) is the players' matter, not the
//!   referee's.

use super::card::{Card, CardSet, Family, Suit};
use super::moves::{Broken, Expected, Move, Outcome};
use super::position::{DummyNow, Position, PositionError};
use super::table::{DealKind, DoubleRight, Setup, SetupError, Table, Trump};

pub(crate) mod machine;

const NONE: u8 = u8::MAX;
/// Points for 0..=5 matched subjects (FA-4).
pub const POINTS: [u32; 6] = [0, 1, 3, 6, 10, 15];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Double,
    Discard,
    Trump,
    Play,
    Collect,
    Over,
}

/// One deal being played.
#[derive(Debug, Clone)]
pub struct Deal {
    kind: DealKind,
    n: u8,
    seats: u8,
    seat: [u8; 5],
    dummy: [bool; 5],
    team: [u8; 5],
    teams: u8,
    /// All cards still held by each place (a dummy's face-down ones too).
    hand: [u64; 5],
    /// The cards each place may play: the whole hand, or a dummy's face-up cards.
    up: [u64; 5],
    /// For a dummy's face-up card on a face-down one, the card beneath.
    covers: [u8; 52],
    /// Cards uncovered in this trick, turned up after its collection (FA-8).
    pending_up: u64,
    /// Each place's Burnin' jolly (family index), or NONE.
    jolly: [u8; 5],
    proposal: [Family; 5],
    wanted: [u8; 5],
    trump: Option<Trump>,
    trump_mask: u64,
    phase: Phase,
    right: [DoubleRight; 5],
    /// Whether DoubleYou is played at all.
    doubling: bool,
    doubled: [bool; 5],
    /// The next place (in declaration order) to say double or single.
    cursor: u8,
    discarded: u64,
    leader: u8,
    to: u8,
    /// Cards in play order (card index, or 52 + family for a jolly).
    trick: [u8; 5],
    played: u8,
    tricks_done: u8,
    last_winner: u8,
    last_won: u64,
    last_burned: u64,
    collected: [[u8; 5]; 3],
    collected_by: [u64; 5],
    won: [u64; 5],
    multiplier: u32,
    scores: [u32; 5],
    /// The suits each place has shown out of (a bit per suit): it did not follow the suit
    /// led from its hand (FA-2), which everyone at the table saw. A dummy's face-up cards
    /// are seen, so only a player's hand counts. For the machine's worlds (issue 43).
    void: [u8; 5],
}

fn suit_mask(s: Suit) -> u64 {
    0x1FFF << (13 * s as u32)
}

/// The cards that collect as family `f` (FA-3).
fn matched_mask(f: usize) -> u64 {
    Family::ALL[f].matched_by().0
}

/// The cards the jolly of family `f` burns (FA-9).
fn burned_mask(f: usize) -> u64 {
    Family::ALL[f].shown_on().0
}

impl Deal {
    /// Start a deal; `burnin`: the Burnin' Down the House variant is played
    /// (each player holds one jolly, FA-9).
    pub fn new(setup: &Setup, burnin: bool) -> Result<Deal, SetupError> {
        setup.validate(burnin)?;
        let t = &setup.table;
        let n = t.places.len();
        let seats = t.seats();
        if seats > 5 || t.double.len() > 5 {
            return Err(SetupError::Seats);
        }
        let mut d = Deal {
            kind: t.kind,
            n: n as u8,
            seats: seats as u8,
            seat: [0; 5],
            dummy: [false; 5],
            team: [0; 5],
            teams: t.teams() as u8,
            hand: [0; 5],
            up: [0; 5],
            covers: [NONE; 52],
            pending_up: 0,
            jolly: [NONE; 5],
            proposal: setup.proposal,
            wanted: [0; 5],
            trump: setup.trump,
            trump_mask: 0,
            phase: Phase::Double,
            right: [DoubleRight::Spent; 5],
            doubling: !t.double.is_empty(),
            doubled: [false; 5],
            cursor: 0,
            discarded: 0,
            leader: 1 % n as u8,
            to: 1 % n as u8,
            trick: [0; 5],
            played: 0,
            tricks_done: 0,
            last_winner: NONE,
            last_won: 0,
            last_burned: 0,
            collected: [[0; 5]; 3],
            collected_by: [0; 5],
            won: [0; 5],
            multiplier: t.multiplier,
            scores: [0; 5],
            void: [0; 5],
        };
        if d.teams as usize > 3 {
            return Err(SetupError::WrongTable);
        }
        for (p, (place, hand)) in t.places.iter().zip(&setup.hands).enumerate() {
            d.seat[p] = place.seat as u8;
            d.dummy[p] = place.dummy;
            d.team[p] = place.team as u8;
            d.hand[p] = hand.cards.iter().collect::<CardSet>().0;
            d.up[p] = d.hand[p];
            if let Some(l) = &hand.layout {
                d.up[p] = l.up.iter().chain([&l.beside]).collect::<CardSet>().0;
                for (u, dn) in l.up.iter().zip(&l.down) {
                    d.covers[u.index()] = dn.index() as u8;
                }
            }
            d.jolly[p] = hand.jolly.map_or(NONE, |f| f as u8);
        }
        for f in setup.proposal {
            d.wanted[f as usize] += 1;
        }
        for (s, &r) in t.double.iter().enumerate() {
            d.right[s] = r;
        }
        if let Some(tr) = d.trump {
            d.set_trump(tr);
        }
        d.next_declaration();
        Ok(d)
    }

    /// Start from a deal in progress (`burnin`: Burnin' Down the House is
    /// played): the cards are as written, the declarations, discard and
    /// trump are done, and the trick on the table waits for its next card.
    pub fn from_position(p: &Position, burnin: bool) -> Result<Deal, PositionError> {
        p.validate(burnin)?;
        let t = &p.table;
        let n = t.places.len();
        let mut d = Deal {
            kind: t.kind,
            n: n as u8,
            seats: t.seats() as u8,
            seat: [0; 5],
            dummy: [false; 5],
            team: [0; 5],
            teams: t.teams() as u8,
            hand: [0; 5],
            up: [0; 5],
            covers: [NONE; 52],
            pending_up: 0,
            jolly: [NONE; 5],
            proposal: p.proposal,
            wanted: [0; 5],
            trump: None,
            trump_mask: 0,
            phase: Phase::Play,
            right: [DoubleRight::Spent; 5],
            doubling: !t.double.is_empty(),
            doubled: [false; 5],
            cursor: n as u8,
            discarded: 0,
            leader: p.leader as u8,
            to: ((p.leader + p.trick.len()) % n) as u8,
            trick: [0; 5],
            played: p.trick.len() as u8,
            tricks_done: p.tricks,
            last_winner: NONE,
            last_won: 0,
            last_burned: 0,
            collected: [[0; 5]; 3],
            collected_by: [0; 5],
            won: [0; 5],
            multiplier: t.multiplier,
            scores: [0; 5],
            void: [0; 5],
        };
        for (i, place) in t.places.iter().enumerate() {
            d.seat[i] = place.seat as u8;
            d.dummy[i] = place.dummy;
            d.team[i] = place.team as u8;
            d.jolly[i] = p.jolly[i].map_or(NONE, |f| f as u8);
            d.collected_by[i] = p.collected[i].0;
            for c in p.collected[i].iter() {
                d.collected[place.team][c.family() as usize] += 1;
            }
            d.hand[i] = p.held(i).0;
            d.up[i] = match &p.dummies[i] {
                Some(dummy) => {
                    for &(u, under) in &dummy.under {
                        d.covers[u.index()] = under.index() as u8;
                    }
                    d.pending_up |= dummy.uncovered.0;
                    dummy.up.0
                }
                None => p.hands[i].0,
            };
        }
        for (slot, c) in d.trick.iter_mut().zip(&p.trick) {
            *slot = match c {
                Ok(card) => card.index() as u8,
                Err(f) => 52 + *f as u8,
            };
        }
        for f in p.proposal {
            d.wanted[f as usize] += 1;
        }
        for &s in &p.doubled {
            if let Some(x) = d.doubled.get_mut(s) {
                *x = true;
            }
        }
        d.set_trump(p.trump);
        Ok(d)
    }

    /// The deal as a position (the inverse of [`Deal::from_position`]), at
    /// `table`, its own table; `None` unless a card is to be played.
    pub fn position(&self, table: &Table) -> Option<Position> {
        if self.phase != Phase::Play {
            return None;
        }
        let n = self.n as usize;
        let dummies = (0..n)
            .map(|p| {
                self.dummy[p].then(|| {
                    let down = self.hand[p] & !self.up[p];
                    let under = CardSet(self.up[p])
                        .iter()
                        .filter_map(|u| {
                            let d = self.covers[u.index()];
                            (d != NONE && down & (1 << d) != 0)
                                .then(|| (u, Card::from_index(d as usize).expect("a card")))
                        })
                        .collect();
                    DummyNow {
                        up: CardSet(self.up[p]),
                        under,
                        uncovered: CardSet(self.pending_up & self.hand[p]),
                    }
                })
            })
            .collect();
        Some(Position {
            table: table.clone(),
            proposal: self.proposal,
            trump: self.trump?,
            tricks: self.tricks_done,
            leader: self.leader as usize,
            trick: self.trick().into_iter().map(|(_, c)| c).collect(),
            hands: (0..n)
                .map(|p| CardSet(if self.dummy[p] { 0 } else { self.hand[p] }))
                .collect(),
            dummies,
            jolly: (0..n).map(|p| self.jolly(p)).collect(),
            collected: (0..n).map(|p| self.collected(p)).collect(),
            doubled: (0..self.seats as usize)
                .filter(|&s| self.doubled[s])
                .collect(),
        })
    }

    fn set_trump(&mut self, t: Trump) {
        self.trump = Some(t);
        self.trump_mask = t.suit().map_or(0, suit_mask);
    }

    /// Move on to the next player who may declare, or past the declarations.
    fn next_declaration(&mut self) {
        while (self.cursor as usize) < self.n as usize {
            let p = (self.cursor as usize + 1) % self.n as usize;
            if !self.dummy[p] && self.right[self.seat[p] as usize] == DoubleRight::May {
                self.phase = Phase::Double;
                return;
            }
            self.cursor += 1;
        }
        self.after(Phase::Double);
    }

    /// The phase after `done`, in the order of the deal's kind.
    fn after(&mut self, done: Phase) {
        let order: &[Phase] = match self.kind {
            DealKind::Five => &[Phase::Double, Phase::Discard, Phase::Trump, Phase::Play],
            DealKind::ThreeExtra => &[Phase::Double, Phase::Trump, Phase::Discard, Phase::Play],
            DealKind::Three => &[Phase::Double, Phase::Trump, Phase::Play],
            DealKind::Four | DealKind::Two => &[Phase::Double, Phase::Play],
        };
        let i = order.iter().position(|&p| p == done).unwrap_or(0);
        self.phase = order[i + 1];
    }

    /// The place to move, `None` once the deal is over.
    pub fn place_to_move(&self) -> Option<usize> {
        match self.phase {
            Phase::Double => Some((self.cursor as usize + 1) % self.n as usize),
            Phase::Discard | Phase::Trump => Some(0),
            Phase::Play => Some(self.to as usize),
            Phase::Collect => Some(self.last_winner as usize),
            Phase::Over => None,
        }
    }

    /// The seat to move, `None` once the deal is over.
    pub fn to_move(&self) -> Option<usize> {
        self.place_to_move().map(|p| self.seat[p] as usize)
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    pub fn kind(&self) -> DealKind {
        self.kind
    }

    /// Every card a place still holds (a dummy's face-down cards included).
    pub fn hand(&self, place: usize) -> CardSet {
        CardSet(self.hand[place])
    }

    /// The cards a place may play: a player's hand, a dummy's face-up cards.
    pub fn face_up(&self, place: usize) -> CardSet {
        CardSet(self.up[place])
    }

    /// The five subjects proposed.
    pub fn proposal(&self) -> [Family; 5] {
        self.proposal
    }

    pub fn trump(&self) -> Option<Trump> {
        self.trump
    }

    pub fn tricks_done(&self) -> u8 {
        self.tricks_done
    }

    /// The trick on the table: (place, card) in play order; jollies are
    /// reported as `Err(family)`.
    pub fn trick(&self) -> Vec<(usize, Result<Card, Family>)> {
        (0..self.played as usize)
            .map(|i| {
                let place = (self.leader as usize + i) % self.n as usize;
                let c = self.trick[i];
                let v =
                    Card::from_index(c as usize).ok_or_else(|| Family::from_index(c as usize - 52));
                (place, v)
            })
            .collect()
    }

    /// The trick last completed, (place, card) in play order as [`Deal::trick`] gives
    /// them, while no card of the next is on the table: every player saw it played, and it
    /// stays in view until the next card (issue 47). Empty before the first trick, while a
    /// trick is being played or collected, and after the deal.
    pub fn last_trick(&self) -> Vec<(usize, Result<Card, Family>)> {
        if self.played != 0 || self.tricks_done == 0 || self.phase != Phase::Play {
            return Vec::new();
        }
        let n = self.n as usize;
        // The cards stay in `trick` until the next is played; its leader was the winner
        // less the winning card's turn, or, when every card burned, the leader still.
        let leader = match self.last_winner() {
            Some(w) => {
                let (best, ..) = self.judge();
                if best == NONE {
                    return Vec::new();
                }
                (w + n - best as usize) % n
            }
            None => self.leader as usize,
        };
        (0..n)
            .map(|i| {
                let place = (leader + i) % n;
                let c = self.trick[i];
                let v =
                    Card::from_index(c as usize).ok_or_else(|| Family::from_index(c as usize - 52));
                (place, v)
            })
            .collect()
    }

    /// The winner of the last trick (a place), `None` before the first or
    /// when every card burned (FA-6).
    pub fn last_winner(&self) -> Option<usize> {
        (self.last_winner != NONE).then_some(self.last_winner as usize)
    }

    /// The cards the last trick's jollies burned (FA-9).
    pub fn last_burned(&self) -> CardSet {
        CardSet(self.last_burned)
    }

    /// Whether the winner of the trick just completed is to make the
    /// collection choice (FA-3).
    pub fn awaits_collection(&self) -> bool {
        self.phase == Phase::Collect
    }

    /// Just after a trick is completed, the place that leads the next one:
    /// its winner, or its leader if every card burned (FA-2, FA-6).
    pub fn next_leader(&self) -> usize {
        match self.phase {
            Phase::Collect => self.last_winner as usize,
            _ => self.leader as usize,
        }
    }

    /// The Burnin' jolly a place still holds (FA-9).
    pub fn jolly(&self, place: usize) -> Option<Family> {
        let j = *self.jolly.get(place)?;
        (j != NONE).then(|| Family::from_index(j as usize))
    }

    /// The cards a place has set aside for the proposal (FA-3).
    pub fn collected(&self, place: usize) -> CardSet {
        CardSet(self.collected_by[place])
    }

    /// Subjects matched by a team (FA-4): one per collected card.
    pub fn matched(&self, team: usize) -> usize {
        self.collected[team].iter().map(|&c| c as usize).sum()
    }

    /// Whether the seat declared a DoubleYou jolly this deal.
    pub fn doubled(&self, seat: usize) -> bool {
        self.doubled.get(seat).copied().unwrap_or(false)
    }

    /// The cards the dealer discarded.
    pub fn discarded(&self) -> CardSet {
        CardSet(self.discarded)
    }

    /// Each seat's points for the deal (FA-4, FA-10); zeros until it is over.
    pub fn scores(&self) -> Vec<u32> {
        self.scores[..self.seats as usize].to_vec()
    }

    /// The points of a team's players before any DoubleYou.
    pub fn team_points(&self, team: usize) -> u32 {
        POINTS[self.matched(team).min(5)] * self.multiplier
    }

    fn useful(&self, team: usize) -> u64 {
        let mut m = 0;
        for f in 0..5 {
            if self.collected[team][f] < self.wanted[f] {
                m |= matched_mask(f);
            }
        }
        m
    }

    /// What the deal waits for next (a collection choice once it is over).
    pub fn expected(&self) -> Expected {
        match self.phase {
            Phase::Double => Expected::Double,
            Phase::Discard => Expected::Discard,
            Phase::Trump => Expected::Trump,
            Phase::Play => Expected::Play,
            Phase::Collect | Phase::Over => Expected::Collect,
        }
    }

    /// The place a seat plays as itself (not its dummy's), if it plays this deal.
    fn own_place(&self, seat: usize) -> Option<usize> {
        (0..self.n as usize).find(|&p| !self.dummy[p] && self.seat[p] as usize == seat)
    }

    /// The dummy a seat plays, if any (FA-8).
    fn dummy_place(&self, seat: usize) -> Option<usize> {
        (0..self.n as usize).find(|&p| self.dummy[p] && self.seat[p] as usize == seat)
    }

    /// Why a collection choice is refused where none is due (after a trick
    /// that offered nothing, or after the deal's last trick): the card's
    /// fault if it has one, else that there is no choice to make (FA-3).
    pub fn stray_collection(&self, mv: Move) -> Broken {
        let seat = mv.seat();
        match mv {
            Move::Take { card, .. } if self.tricks_done > 0 => self
                .collect_fault(seat, card)
                .unwrap_or(Broken::NoCollection { seat }),
            _ => Broken::NoCollection { seat },
        }
    }

    /// Faults that do not depend on whose turn it is: a trump named where it
    /// is turned (FA-5, FA-8), a DoubleYou declaration out of its order or
    /// refused (FA-10), a partner making the winner's collection choice and
    /// a collection choice where none is due (FA-3).
    fn fault_before_turn(&self, mv: Move, to_seat: usize) -> Option<Broken> {
        let seat = mv.seat();
        match (self.phase, mv) {
            (_, Move::Trump { .. }) if !self.kind.dealer_chooses_trump() => {
                Some(Broken::TrumpTurned {
                    seat,
                    trump: self.trump.unwrap_or(Trump::NoTrump),
                })
            }
            (Phase::Double, Move::Double { double: true, .. })
                if self.right.get(seat) == Some(&DoubleRight::Leader) =>
            {
                Some(Broken::DoubleLeader { seat })
            }
            (Phase::Double, Move::Double { double: true, .. })
                if self.doubling && self.right.get(seat) == Some(&DoubleRight::Spent) =>
            {
                Some(Broken::DoubleSpent { seat })
            }
            (phase, Move::Double { .. })
                if self.doubling && (phase != Phase::Double || seat != to_seat) =>
            {
                Some(Broken::DoubleOrder {
                    seat,
                    expected: (phase == Phase::Double).then_some(to_seat),
                })
            }
            (Phase::Collect, Move::Take { .. } | Move::Decline { .. }) if seat != to_seat => {
                let winner = self.last_winner as usize;
                let partner = self
                    .own_place(seat)
                    .is_some_and(|p| self.team[p] == self.team[winner]);
                partner.then_some(Broken::PartnerCollects {
                    seat,
                    chooser: to_seat,
                })
            }
            (Phase::Play, Move::Take { .. } | Move::Decline { .. })
                if self.played == 0 && self.tricks_done > 0 =>
            {
                Some(self.stray_collection(mv))
            }
            _ => None,
        }
    }

    /// Play one move.
    pub fn play(&mut self, mv: Move) -> Result<Outcome, Broken> {
        let Some(place) = self.place_to_move() else {
            return Err(Broken::GameOver);
        };
        let to_seat = self.seat[place] as usize;
        let seat = mv.seat();
        if let Some(b) = self.fault_before_turn(mv, to_seat) {
            return Err(b);
        }
        if seat != to_seat {
            return Err(Broken::OutOfTurn {
                seat,
                expected: to_seat,
            });
        }
        match (self.phase, mv) {
            (Phase::Play, Move::Play { card, .. }) => self.play_card(place, seat, card),
            (Phase::Play, Move::Jolly { family, .. }) => self.play_jolly(place, seat, family),
            (Phase::Collect, Move::Take { card, .. }) => {
                if let Some(b) = self.collect_fault(seat, card) {
                    return Err(b);
                }
                let f = card.family() as usize;
                let team = self.team[place] as usize;
                self.collected[team][f] += 1;
                self.collected_by[place] |= card.bit();
                Ok(self.finish_trick())
            }
            (Phase::Collect, Move::Decline { .. }) => Ok(self.finish_trick()),
            (Phase::Double, Move::Double { double, .. }) => {
                self.doubled[seat] = double;
                self.cursor += 1;
                self.next_declaration();
                Ok(Outcome::Next)
            }
            (Phase::Discard, Move::Discard { cards, .. }) => {
                if let Some(c) = cards.iter().find(|c| self.hand[0] & c.bit() == 0) {
                    return Err(Broken::NotHeld {
                        seat,
                        card: c,
                        dummy: false,
                    });
                }
                let wants = self.kind.discards();
                if cards.len() != wants {
                    return Err(Broken::DiscardCount {
                        seat,
                        wants,
                        has: cards.len(),
                    });
                }
                self.hand[0] &= !cards.0;
                self.up[0] &= !cards.0;
                self.discarded = cards.0;
                self.after(Phase::Discard);
                Ok(Outcome::Next)
            }
            (Phase::Trump, Move::Trump { trump, .. }) => {
                self.set_trump(trump);
                self.after(Phase::Trump);
                Ok(Outcome::Next)
            }
            _ => Err(Broken::Unexpected {
                seat,
                expected: self.expected(),
            }),
        }
    }

    /// Why `card` cannot be collected by `seat` from the last trick, if it cannot.
    fn collect_fault(&self, seat: usize, card: Card) -> Option<Broken> {
        if self.tricks_done <= self.kind.closed_tricks() {
            return Some(Broken::CollectEarly {
                seat,
                trick: self.tricks_done,
            });
        }
        if self.last_burned & card.bit() != 0 {
            return Some(Broken::Burned { seat, card });
        }
        if self.last_won & card.bit() == 0 || self.last_winner == NONE {
            return Some(Broken::NotInTrick { seat, card });
        }
        let family = card.family();
        if self.wanted[family as usize] == 0 {
            return Some(Broken::NotProposed { seat, card, family });
        }
        let team = self.team[self.last_winner as usize] as usize;
        if self.useful(team) & card.bit() == 0 {
            return Some(Broken::Complete { seat, card, family });
        }
        None
    }

    #[inline]
    fn play_card(&mut self, place: usize, seat: usize, card: Card) -> Result<Outcome, Broken> {
        let bit = card.bit();
        let up = self.up[place];
        if up & bit == 0 {
            if self.hand[place] & bit != 0 {
                return Err(Broken::FaceDown { seat, card });
            }
            // The card is in the seat's other holding: its own hand on the
            // dummy's turn, or its dummy on its own turn (FA-8).
            let other = if self.dummy[place] {
                self.own_place(seat)
            } else {
                self.dummy_place(seat)
            };
            if other.is_some_and(|o| self.hand[o] & bit != 0) {
                return Err(Broken::OtherHand {
                    seat,
                    card,
                    dummy_turn: self.dummy[place],
                    lead: self.played == 0,
                    playable: CardSet(up),
                });
            }
            return Err(Broken::NotHeld {
                seat,
                card,
                dummy: self.dummy_place(seat).is_some(),
            });
        }
        if self.played > 0 {
            let led = Suit::from_index(self.trick[0] as usize / 13);
            let lm = suit_mask(led);
            if bit & lm == 0 && up & lm != 0 {
                return Err(Broken::Revoke {
                    seat,
                    card,
                    led,
                    held: CardSet(up & lm),
                    dummy: self.dummy[place],
                });
            }
        }
        if self.played > 0 && !self.dummy[place] {
            let led = self.trick[0] as usize / 13;
            if bit & suit_mask(Suit::from_index(led)) == 0 {
                self.void[place] |= 1 << led;
            }
        }
        self.up[place] = up & !bit;
        self.hand[place] &= !bit;
        if self.dummy[place] {
            let under = self.covers[card.index()];
            if under != NONE {
                self.pending_up |= 1 << under;
            }
        }
        Ok(self.push(card.index() as u8))
    }

    fn play_jolly(&mut self, place: usize, seat: usize, family: Family) -> Result<Outcome, Broken> {
        if self.jolly[place] != family as u8 {
            return Err(Broken::NoJolly { seat, family });
        }
        if self.played == 0 {
            return Err(Broken::JollyLead { seat });
        }
        self.jolly[place] = NONE;
        Ok(self.push(52 + family as u8))
    }

    #[inline]
    fn push(&mut self, c: u8) -> Outcome {
        self.trick[self.played as usize] = c;
        self.played += 1;
        if self.played < self.n {
            self.to = (self.to + 1) % self.n;
            return Outcome::Next;
        }
        self.resolve()
    }

    /// The whole trick in `trick` judged: the index in play order of the card that wins it
    /// (`NONE` when every card burned, FA-6), the cards that survive and those burned (FA-9).
    #[inline]
    fn judge(&self) -> (u8, u64, u64) {
        let n = self.n as usize;
        let mut burn = 0u64;
        for &c in &self.trick[..n] {
            if c >= 52 {
                burn |= burned_mask(c as usize - 52);
            }
        }
        let led = suit_mask(Suit::from_index(self.trick[0] as usize / 13));
        let (mut best, mut best_key) = (NONE, 0u32);
        let (mut survivors, mut burned) = (0u64, 0u64);
        for (i, &c) in self.trick[..n].iter().enumerate() {
            if c >= 52 {
                continue;
            }
            let bit = 1u64 << c;
            if burn & bit != 0 {
                burned |= bit;
                continue;
            }
            survivors |= bit;
            let rank = (c % 13) as u32 + 1;
            let key = rank
                + if self.trump_mask & bit != 0 {
                    200
                } else if led & bit != 0 {
                    100
                } else {
                    0
                };
            if key > best_key {
                best_key = key;
                best = i as u8;
            }
        }
        (best, survivors, burned)
    }

    /// The trick is complete: burn (FA-9), find the winner (FA-2, FA-6) and
    /// offer the collection (FA-3).
    fn resolve(&mut self) -> Outcome {
        let n = self.n as usize;
        let (best, survivors, burned) = self.judge();
        self.tricks_done += 1;
        self.last_burned = burned;
        self.last_won = survivors;
        let winner = if best == NONE {
            None
        } else {
            Some((self.leader as usize + best as usize) % n)
        };
        self.last_winner = winner.map_or(NONE, |w| w as u8);
        if let Some(w) = winner {
            self.won[w] |= survivors;
            if self.tricks_done > self.kind.closed_tricks()
                && survivors & self.useful(self.team[w] as usize) != 0
            {
                self.phase = Phase::Collect;
                return Outcome::Trick {
                    winner,
                    burned: CardSet(burned),
                };
            }
        }
        match self.finish_trick() {
            Outcome::DealOver => Outcome::DealOver,
            _ => Outcome::Trick {
                winner,
                burned: CardSet(burned),
            },
        }
    }

    /// After the collection: turn up the dummies' uncovered cards (FA-8), the
    /// winner (or, if all burned, the leader: FA-6) leads; score at the end.
    fn finish_trick(&mut self) -> Outcome {
        if self.pending_up != 0 {
            for p in 0..self.n as usize {
                self.up[p] |= self.pending_up & self.hand[p];
            }
            self.pending_up = 0;
        }
        if self.last_winner != NONE {
            self.leader = self.last_winner;
        }
        self.to = self.leader;
        self.played = 0;
        self.phase = Phase::Play;
        if self.tricks_done == self.kind.tricks() {
            self.score();
            return Outcome::DealOver;
        }
        Outcome::Next
    }

    fn score(&mut self) {
        self.phase = Phase::Over;
        for p in 0..self.n as usize {
            if !self.dummy[p] {
                let s = self.seat[p] as usize;
                let double = if self.doubled[s] { 2 } else { 1 };
                self.scores[s] = self.team_points(self.team[p] as usize) * double;
            }
        }
    }

    /// Every legal move, in a fixed order.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::new();
        let Some(place) = self.place_to_move() else {
            return v;
        };
        let seat = self.seat[place] as usize;
        match self.phase {
            Phase::Double => {
                v.push(Move::Double {
                    seat,
                    double: false,
                });
                v.push(Move::Double { seat, double: true });
            }
            Phase::Discard => {
                let held: Vec<Card> = CardSet(self.hand[0]).iter().collect();
                combinations(&held, self.kind.discards(), &mut |cards| {
                    v.push(Move::Discard { seat, cards })
                });
            }
            Phase::Trump => {
                for s in Suit::ALL {
                    v.push(Move::Trump {
                        seat,
                        trump: Trump::Suit(s),
                    });
                }
                v.push(Move::Trump {
                    seat,
                    trump: Trump::NoTrump,
                });
            }
            Phase::Play => {
                let up = self.up[place];
                let playable = if self.played == 0 {
                    up
                } else {
                    let led = suit_mask(Suit::from_index(self.trick[0] as usize / 13));
                    if up & led != 0 {
                        up & led
                    } else {
                        up
                    }
                };
                v.extend(
                    CardSet(playable)
                        .iter()
                        .map(|card| Move::Play { seat, card }),
                );
                if self.played > 0 && self.jolly[place] != NONE {
                    v.push(Move::Jolly {
                        seat,
                        family: Family::from_index(self.jolly[place] as usize),
                    });
                }
            }
            Phase::Collect => {
                let useful = self.last_won & self.useful(self.team[place] as usize);
                v.extend(CardSet(useful).iter().map(|card| Move::Take { seat, card }));
                v.push(Move::Decline { seat });
            }
            Phase::Over => {}
        }
        v
    }

    /// Well-formed moves that need not be legal, and every legal move: for
    /// the seat to move, every card played, the cards of the last trick (and
    /// two others) taken, every jolly, trump and declaration, discards of the
    /// wrong size or of another place's cards; for the other seats, a card,
    /// a decline and a declaration (out of turn). Kept small because the
    /// property tests play every candidate at every move.
    pub fn candidate_moves(&self) -> Vec<Move> {
        let legal = self.legal_moves();
        let mut v = Vec::with_capacity(legal.len() + 96);
        let mover = self.to_move();
        for seat in 0..self.seats as usize {
            v.push(Move::Decline { seat });
            v.push(Move::Double { seat, double: true });
            if Some(seat) != mover {
                let card = Card::from_index(seat * 11).expect("index below 52");
                v.push(Move::Play { seat, card });
                continue;
            }
            for i in 0..52 {
                let card = Card::from_index(i).expect("index below 52");
                v.push(Move::Play { seat, card });
            }
            let trick = CardSet(self.last_won | self.last_burned);
            let others = CardSet(self.hand[0] & !trick.0).iter().take(2);
            for card in trick.iter().chain(others) {
                v.push(Move::Take { seat, card });
            }
            for family in Family::ALL {
                v.push(Move::Jolly { seat, family });
            }
            for s in Suit::ALL {
                v.push(Move::Trump {
                    seat,
                    trump: Trump::Suit(s),
                });
            }
            v.push(Move::Trump {
                seat,
                trump: Trump::NoTrump,
            });
            v.push(Move::Double {
                seat,
                double: false,
            });
            // Discards of the wrong size, and of cards another place holds.
            let held: Vec<Card> = CardSet(self.hand[0]).iter().take(3).collect();
            for k in 1..=held.len() {
                v.push(Move::Discard {
                    seat,
                    cards: held[..k].iter().copied().collect(),
                });
            }
            let other: CardSet = CardSet(self.hand[1 % self.n as usize])
                .iter()
                .take(2)
                .collect();
            v.push(Move::Discard { seat, cards: other });
        }
        // The generated moves are distinct; put the legal ones first, once.
        v.retain(|m| !legal.contains(m));
        let mut out = legal;
        out.append(&mut v);
        out
    }

    /// The table's places as the deal was set up, for reports.
    pub fn seat_of(&self, place: usize) -> usize {
        self.seat[place] as usize
    }

    pub fn is_dummy(&self, place: usize) -> bool {
        self.dummy[place]
    }

    pub fn team_of(&self, place: usize) -> usize {
        self.team[place] as usize
    }

    pub fn teams(&self) -> usize {
        self.teams as usize
    }

    pub fn places(&self) -> usize {
        self.n as usize
    }
}

/// Call `f` with every `k`-subset of `cards`, in lexicographic order.
fn combinations(cards: &[Card], k: usize, f: &mut dyn FnMut(CardSet)) {
    fn rec(cards: &[Card], k: usize, from: usize, acc: CardSet, f: &mut dyn FnMut(CardSet)) {
        if k == 0 {
            f(acc);
            return;
        }
        for i in from..cards.len() {
            let mut a = acc;
            a.insert(cards[i]);
            rec(cards, k - 1, i + 1, a, f);
        }
    }
    rec(cards, k, 0, CardSet::EMPTY, f);
}
