//! A match: the deals of a format in sequence (FA-5), who deals next (FA-7),
//! the standings, the winners and ties (FA-11), and the DoubleYou jollies
//! left (FA-10).
//!
//! Decisions where the sheet is silent (for the docs):
//! - The short three-player variant's extra deal is dealt by the player with
//!   the fewest points, ties broken as in FA-7.
//! - For seating the Chinkway extra deal, players tied on points *and* on the
//!   last deal are ordered by the deal before, and so on back, then by seat.
//! - With four players and DoubleYou, partners' points can differ: a pair's
//!   score is the sum of its two players'.
//! - DoubleYou and Burnin' Down the House are not played together (the
//!   five-player DoubleYou uses all ten jolly).

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use serde::Serialize;

use super::moves::{Broken, Expected, Move, Outcome};
use super::play::Deal;
use super::position::{Position, PositionError};
use super::table::{DealKind, DealOrders, DoubleRight, Pairing, Setup, SetupError, Table};

/// The formats of FA-5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// Five players, three deals, the lowest deals next, the last deal doubled.
    #[default]
    Intro,
    /// Five players, ten deals with the partner schedule and an extra deal.
    Chinkway,
    /// Five players, five deals, the dealer's neighbours partner.
    FiveDeals,
    /// Four players, fixed partners, four deals.
    Four,
    /// Three players, the dealer with a dummy, six deals.
    Three,
    /// Three players, three deals and the extra 17/17/18 deal.
    ThreeShort,
    /// Two players with two dummies, four deals.
    Two,
}

impl Format {
    pub const ALL: [Format; 7] = [
        Format::Intro,
        Format::Chinkway,
        Format::FiveDeals,
        Format::Four,
        Format::Three,
        Format::ThreeShort,
        Format::Two,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Format::Intro => "intro",
            Format::Chinkway => "chinkway",
            Format::FiveDeals => "five-deals",
            Format::Four => "four",
            Format::Three => "three",
            Format::ThreeShort => "three-short",
            Format::Two => "two",
        }
    }

    pub fn players(self) -> usize {
        match self {
            Format::Intro | Format::Chinkway | Format::FiveDeals => 5,
            Format::Four => 4,
            Format::Three | Format::ThreeShort => 3,
            Format::Two => 2,
        }
    }

    /// Deals in a match.
    pub fn deals(self) -> usize {
        match self {
            Format::Intro => 3,
            Format::Chinkway => 11,
            Format::FiveDeals => 5,
            Format::Four | Format::ThreeShort | Format::Two => 4,
            Format::Three => 6,
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Format, String> {
        let t = s.trim().to_ascii_lowercase();
        Format::ALL
            .into_iter()
            .find(|f| f.name() == t)
            .ok_or_else(|| {
                let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
                format!("`{s}` is not a Farfalia format: {}", names.join(", "))
            })
    }
}

/// The jolly variants (FA-6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Jolly {
    #[default]
    None,
    /// Two jollies each; one per deal doubles the player's score (FA-10).
    DoubleYou,
    /// One jolly each per deal, played into a trick to burn its family (FA-9).
    Burnin,
}

/// A match's rules: the format and the jolly variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Rules {
    pub format: Format,
    pub jolly: Jolly,
}

/// One player's place in the standings; tied players share it (FA-11).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Standing {
    pub seat: usize,
    pub points: u32,
    /// 1 for the best; players on equal points share a place.
    pub place: usize,
}

/// A match in progress.
#[derive(Debug, Clone)]
pub struct Match {
    rules: Rules,
    first_dealer: usize,
    totals: Vec<u32>,
    /// Deals finished before the match was resumed from a position (only
    /// their totals are known).
    offset: usize,
    /// Each finished deal's dealer and points by seat (since the position,
    /// if the match was resumed from one).
    history: Arc<Vec<(usize, Vec<u32>)>>,
    jollies_left: Vec<u8>,
    current: Option<Deal>,
    current_table: Option<Arc<Table>>,
    /// The deal last finished, until the next deal's first move: a
    /// collection choice written after its last trick is judged on that
    /// trick (FA-3), whether or not the next deal is dealt yet.
    finished: Option<Deal>,
    /// Orders of the deals to come, dealt automatically when present; shared
    /// so that cloning a match (the property tests clone at every candidate
    /// move) copies no deck.
    queued: Arc<[DealOrders]>,
    /// The next of `queued` to deal.
    next_queued: usize,
}

impl Match {
    pub fn new(rules: Rules, first_dealer: usize) -> Result<Match, SetupError> {
        let n = rules.format.players();
        if first_dealer >= n {
            return Err(SetupError::Seats);
        }
        Ok(Match {
            rules,
            first_dealer,
            totals: vec![0; n],
            offset: 0,
            history: Arc::new(Vec::new()),
            jollies_left: vec![2; n],
            current: None,
            current_table: None,
            finished: None,
            queued: Arc::from(Vec::new()),
            next_queued: 0,
        })
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn players(&self) -> usize {
        self.rules.format.players()
    }

    /// The deal being played.
    pub fn deal(&self) -> Option<&Deal> {
        self.current.as_ref()
    }

    /// The deal being played, to change: the machine's worlds (issue 43) deal its hidden
    /// cards again.
    pub(crate) fn deal_mut(&mut self) -> Option<&mut Deal> {
        self.current.as_mut()
    }

    /// The table of the deal being played.
    pub fn table(&self) -> Option<&Table> {
        self.current_table.as_deref()
    }

    /// Deals finished so far.
    pub fn deals_played(&self) -> usize {
        self.offset + self.history.len()
    }

    /// Each finished deal's dealer and points by seat (since the position
    /// the match was resumed from, if any).
    pub fn history(&self) -> &[(usize, Vec<u32>)] {
        &self.history
    }

    pub fn totals(&self) -> &[u32] {
        &self.totals
    }

    pub fn is_over(&self) -> bool {
        self.deals_played() == self.rules.format.deals()
    }

    /// The table of deal `k` (from 0) of a match resumed in its middle, with
    /// `totals` the standings before it, dealt by `dealer`; `seating` the
    /// players clockwise from the dealer where the format's own seating
    /// cannot be known from the standings alone (the Chinkway extra deal's
    /// ties), else the format's (FA-5, FA-7).
    pub fn table_of_position(
        rules: Rules,
        k: usize,
        totals: &[u32],
        dealer: usize,
        seating: Option<&[usize]>,
    ) -> Result<Table, SetupError> {
        let m = Match::resumable(rules, k, totals, dealer)?;
        let n = rules.format.players();
        let seats = match seating {
            Some(s) => s.to_vec(),
            None if rules.format == Format::Chinkway && k >= 10 => m.seats_at(k),
            None => (0..n).map(|i| (dealer + i) % n).collect(),
        };
        if seats.first() != Some(&dealer) {
            return Err(SetupError::WrongTable);
        }
        m.table_at(k, seats).ok_or(SetupError::Seats)
    }

    /// A match before deal `k` (from 0) with these standings, its first
    /// dealer such that the rotating formats give deal `k` to `dealer`.
    fn resumable(
        rules: Rules,
        k: usize,
        totals: &[u32],
        dealer: usize,
    ) -> Result<Match, SetupError> {
        let n = rules.format.players();
        if k >= rules.format.deals() || totals.len() != n || dealer >= n {
            return Err(SetupError::Format);
        }
        let mut m = Match::new(rules, (dealer + n - k % n) % n)?;
        m.offset = k;
        m.totals = totals.to_vec();
        Ok(m)
    }

    /// Resume a match in deal `k` (from 0) from a written position, with the
    /// standings `totals` before it and each player's DoubleYou jollies left
    /// (FA-10); the position's table must be
    /// [`Match::table_of_position`]'s.
    pub fn resume(
        rules: Rules,
        k: usize,
        totals: &[u32],
        jollies_left: &[u8],
        position: &Position,
    ) -> Result<Match, PositionError> {
        let mut m = Match::resumable(rules, k, totals, position.table.dealer()).map_err(|_| {
            PositionError::NoSuchDeal {
                deals: rules.format.deals(),
            }
        })?;
        if jollies_left.len() == m.jollies_left.len() {
            m.jollies_left = jollies_left.to_vec();
        }
        let deal = Deal::from_position(position, rules.jolly == Jolly::Burnin)?;
        m.current = Some(deal);
        m.current_table = Some(Arc::new(position.table.clone()));
        Ok(m)
    }

    /// The seat to move: `None` when the match is over or waits for a deal.
    pub fn to_move(&self) -> Option<usize> {
        self.current.as_ref().and_then(Deal::to_move)
    }

    /// The table of the next deal, once the previous one is over; `None`
    /// while a deal is in play or after the last.
    pub fn next_table(&self) -> Option<Table> {
        if self.current.is_some() || self.is_over() {
            return None;
        }
        let k = self.deals_played();
        self.table_at(k, self.seats_at(k))
    }

    /// The seats of deal `k` (from 0) clockwise from its dealer, as the
    /// format seats them (FA-5, FA-7).
    fn seats_at(&self, k: usize) -> Vec<usize> {
        let n = self.players();
        let rotate = |d: usize| (0..n).map(|i| (d + i) % n).collect::<Vec<_>>();
        let dealer_k = (self.first_dealer + k) % n;
        match self.rules.format {
            Format::Intro => rotate(match self.history.last() {
                None => self.first_dealer,
                Some(&(prev, _)) => self.lowest_from(prev),
            }),
            Format::Chinkway if k >= 10 => {
                // Clockwise from the dealer: third, fourth, fifth, first, second.
                let r = self.ranking();
                vec![r[2], r[3], r[4], r[0], r[1]]
            }
            Format::ThreeShort if k == 3 => {
                let prev = self.history.last().map_or(self.first_dealer, |h| h.0);
                rotate(self.lowest_from(prev))
            }
            _ => rotate(dealer_k),
        }
    }

    /// The table of deal `k` (from 0) with `seats` clockwise from its
    /// dealer: the deal's kind, the partners (FA-5), its multiplier (FA-4)
    /// and the DoubleYou rights by the standings (FA-10).
    fn table_at(&self, k: usize, seats: Vec<usize>) -> Option<Table> {
        let f = self.rules.format;
        let n = f.players();
        let (kind, pairing) = match f {
            Format::Intro => (DealKind::Five, Pairing::Alternate),
            Format::Chinkway if k < 5 => (DealKind::Five, Pairing::Adjacent),
            Format::Chinkway => (DealKind::Five, Pairing::Alternate),
            Format::FiveDeals => (DealKind::Five, Pairing::Neighbours),
            Format::Four => (DealKind::Four, Pairing::Alternate),
            Format::ThreeShort if k == 3 => (DealKind::ThreeExtra, Pairing::Alternate),
            Format::Three | Format::ThreeShort => (DealKind::Three, Pairing::Alternate),
            Format::Two => (DealKind::Two, Pairing::Alternate),
        };
        let mut table = Table::new(kind, &seats, pairing).ok()?;
        if f == Format::Intro && k == 2 {
            table.multiplier = 2;
        }
        if self.rules.jolly == Jolly::DoubleYou {
            let top = self.totals.iter().copied().max().unwrap_or(0);
            table.double = (0..n)
                .map(|s| {
                    if k > 0 && self.totals[s] == top {
                        DoubleRight::Leader
                    } else if self.jollies_left[s] == 0 {
                        DoubleRight::Spent
                    } else {
                        DoubleRight::May
                    }
                })
                .collect();
        }
        Some(table)
    }

    /// The tables of the deals whose dealer and partners are fixed before
    /// any play (FA-5): every deal of the rotating formats, the first ten of
    /// Chinkway, the first three of the short three-player game, the first
    /// of the introductory game (the later ones follow the scores: FA-7,
    /// FA-11). Without DoubleYou rights, which follow the standings.
    pub fn scheduled_tables(format: Format, first_dealer: usize) -> Vec<Table> {
        let fixed = match format {
            Format::Intro => 1,
            Format::Chinkway => 10,
            Format::ThreeShort => 3,
            f => f.deals(),
        };
        let rules = Rules {
            format,
            jolly: Jolly::None,
        };
        let Ok(mut m) = Match::new(rules, first_dealer) else {
            return Vec::new();
        };
        let mut out = Vec::with_capacity(fixed);
        while out.len() < fixed {
            let Some(t) = m.next_table() else { break };
            Arc::make_mut(&mut m.history).push((t.dealer(), vec![0; format.players()]));
            out.push(t);
        }
        out
    }

    /// FA-7: the player with the fewest points; among ties, the nearest
    /// clockwise from `dealer`, the dealer only if no other is tied.
    fn lowest_from(&self, dealer: usize) -> usize {
        let n = self.players();
        let low = self.totals.iter().copied().min().unwrap_or(0);
        (1..=n)
            .map(|i| (dealer + i) % n)
            .find(|&s| self.totals[s] == low)
            .unwrap_or(dealer)
    }

    /// Seats best first: points, then the last deal's points, then the deal
    /// before, and so on back, then the lower seat (FA-11 for Chinkway).
    pub fn ranking(&self) -> Vec<usize> {
        let mut seats: Vec<usize> = (0..self.players()).collect();
        seats.sort_by(|&a, &b| {
            let key = |s: usize| {
                std::iter::once(self.totals[s])
                    .chain(self.history.iter().rev().map(|h| h.1[s]))
                    .collect::<Vec<_>>()
            };
            key(b).cmp(&key(a)).then(a.cmp(&b))
        });
        seats
    }

    /// The standings, best first; equal points share a place (FA-11).
    pub fn standings(&self) -> Vec<Standing> {
        let mut seats: Vec<usize> = (0..self.players()).collect();
        seats.sort_by(|&a, &b| self.totals[b].cmp(&self.totals[a]).then(a.cmp(&b)));
        seats
            .iter()
            .map(|&s| Standing {
                seat: s,
                points: self.totals[s],
                place: 1 + self.totals.iter().filter(|&&t| t > self.totals[s]).count(),
            })
            .collect()
    }

    /// The winners once the match is over (empty before), by seat: the two
    /// best in the introductory game (more if tied for second), the better
    /// pair with four players, otherwise the most points; Chinkway ties go to
    /// the better last deal; remaining ties share the win (FA-5, FA-11).
    pub fn winners(&self) -> Vec<usize> {
        if !self.is_over() {
            return Vec::new();
        }
        let t = &self.totals;
        let n = self.players();
        let top = t.iter().copied().max().unwrap_or(0);
        match self.rules.format {
            Format::Intro => {
                let mut sorted = t.clone();
                sorted.sort_unstable_by(|a, b| b.cmp(a));
                (0..n).filter(|&s| t[s] >= sorted[1]).collect()
            }
            Format::Four => {
                let pair = |s: usize| t[s % 2] + t[s % 2 + 2];
                let best = pair(0).max(pair(1));
                (0..n).filter(|&s| pair(s) == best).collect()
            }
            Format::Chinkway => {
                let tied: Vec<usize> = (0..n).filter(|&s| t[s] == top).collect();
                let last = &self.history[self.history.len() - 1].1;
                let best = tied.iter().map(|&s| last[s]).max().unwrap_or(0);
                tied.into_iter().filter(|&s| last[s] == best).collect()
            }
            _ => (0..n).filter(|&s| t[s] == top).collect(),
        }
    }

    /// Start the next deal from a setup (dealt or written in a record); its
    /// table must be [`Match::next_table`].
    pub fn begin(&mut self, setup: &Setup) -> Result<(), SetupError> {
        let table = self.next_table().ok_or(SetupError::WrongTable)?;
        if setup.table != table {
            return Err(SetupError::WrongTable);
        }
        let deal = Deal::new(setup, self.rules.jolly == Jolly::Burnin)?;
        self.current = Some(deal);
        self.current_table = Some(Arc::new(table));
        Ok(())
    }

    /// Deal the next deal from shuffled orders and start it.
    pub fn deal_from(&mut self, orders: &DealOrders) -> Result<Setup, SetupError> {
        let table = self.next_table().ok_or(SetupError::WrongTable)?;
        let setup = Setup::deal(table, orders, self.rules.jolly == Jolly::Burnin)?;
        self.begin(&setup)?;
        Ok(setup)
    }

    /// Play a move of the current deal; a finished deal is scored into the
    /// standings, and the next one dealt if its orders were queued.
    pub fn play(&mut self, mv: Move) -> Result<Outcome, Broken> {
        if self.is_over() {
            return Err(Broken::GameOver);
        }
        // A take or decline after a deal's last trick (no deal starts with
        // one): there was no collection choice to make (FA-3).
        if let (Some(last), Move::Take { .. } | Move::Decline { .. }) = (&self.finished, mv) {
            return Err(last.stray_collection(mv));
        }
        let Some(deal) = self.current.as_mut() else {
            return Err(Broken::Unexpected {
                seat: mv.seat(),
                expected: Expected::Deal,
            });
        };
        let out = deal.play(mv)?;
        self.finished = None;
        if out != Outcome::DealOver {
            return Ok(out);
        }
        let deal = self.current.take().expect("a deal in play");
        let table = self.current_table.take().expect("its table");
        let scores = deal.scores();
        self.finished = Some(deal.clone());
        for (s, p) in scores.iter().enumerate() {
            self.totals[s] += p;
            if deal.doubled(s) {
                self.jollies_left[s] -= 1;
            }
        }
        Arc::make_mut(&mut self.history).push((table.dealer(), scores));
        if self.is_over() {
            return Ok(Outcome::MatchOver);
        }
        let queued = Arc::clone(&self.queued);
        if let Some(orders) = queued.get(self.next_queued) {
            self.next_queued += 1;
            // Orders were checked when queued; a table always deals them.
            self.deal_from(orders)
                .expect("queued orders are permutations");
        }
        Ok(Outcome::DealOver)
    }

    /// Queue the orders of the deals to come (see [`MatchSetup`]).
    fn queue(&mut self, deals: &[DealOrders]) -> Result<(), SetupError> {
        self.queued = Arc::from(deals.to_vec());
        self.next_queued = 0;
        let queued = Arc::clone(&self.queued);
        if let Some(first) = queued.first() {
            self.next_queued = 1;
            self.deal_from(first)?;
        }
        Ok(())
    }
}

/// A whole match dealt from shuffles: the first dealer and the orders of
/// every deal (the [`crate::games::engine::Engine`] setup of a [`Match`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MatchSetup {
    pub first_dealer: usize,
    pub deals: Vec<DealOrders>,
}

impl MatchSetup {
    /// Boards 1, 2, ... of a seed, one per deal of the format.
    pub fn seeded(rules: &Rules, seed: &str, first_dealer: usize) -> MatchSetup {
        let variant = rules.format.name();
        MatchSetup {
            first_dealer,
            deals: (1..=rules.format.deals() as u32)
                .map(|b| DealOrders::seeded(variant, seed, b))
                .collect(),
        }
    }

    pub(crate) fn start(&self, rules: &Rules) -> Result<Match, SetupError> {
        let wants = rules.format.deals();
        if self.deals.len() != wants {
            return Err(SetupError::DealCount {
                wants,
                has: self.deals.len(),
            });
        }
        for d in &self.deals {
            d.validate()?;
        }
        let mut m = Match::new(*rules, self.first_dealer)?;
        m.queue(&self.deals)?;
        Ok(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::engine::Broken as _;

    fn rules(format: Format, jolly: Jolly) -> Rules {
        Rules { format, jolly }
    }

    /// Pretend deals were played with these totals (dealer, per-seat points).
    fn with_history(mut m: Match, deals: &[(usize, &[u32])]) -> Match {
        for (dealer, pts) in deals {
            for (t, p) in m.totals.iter_mut().zip(pts.iter()) {
                *t += p;
            }
            Arc::make_mut(&mut m.history).push((*dealer, pts.to_vec()));
        }
        m
    }

    fn partners(t: &Table) -> Vec<(usize, usize)> {
        let mut v = Vec::new();
        for a in 0..t.places.len() {
            for b in a + 1..t.places.len() {
                let (pa, pb) = (t.places[a], t.places[b]);
                if pa.team == pb.team && !pa.dummy && !pb.dummy {
                    v.push((pa.seat.min(pb.seat), pa.seat.max(pb.seat)));
                }
            }
        }
        v.sort_unstable();
        v
    }

    /// FA-7: the fewest points deals next; the dealer again when alone
    /// lowest; ties go to the nearest clockwise from the dealer, the dealer
    /// only if no other is tied.
    #[test]
    fn fa7_next_dealer() {
        let m = Match::new(rules(Format::Intro, Jolly::None), 0).unwrap();
        let m = with_history(m, &[(0, &[5, 3, 3, 7, 9])]);
        assert_eq!(m.lowest_from(0), 1);
        assert_eq!(
            m.lowest_from(2),
            1,
            "the dealer tied with another: the other deals"
        );
        assert_eq!(m.lowest_from(1), 2);
        let m = Match::new(rules(Format::Intro, Jolly::None), 0).unwrap();
        let m = with_history(m, &[(1, &[5, 3, 4, 7, 9])]);
        assert_eq!(m.lowest_from(1), 1, "alone lowest, the dealer deals again");
        let t = m.next_table().unwrap();
        assert_eq!(t.dealer(), 1);
        assert_eq!(t.multiplier, 1);
        // The sheet: when the deal passes from A to C, A partners D and B partners E.
        let m = Match::new(rules(Format::Intro, Jolly::None), 0).unwrap();
        let m = with_history(m, &[(0, &[6, 6, 1, 6, 3])]);
        let t = m.next_table().unwrap();
        assert_eq!(t.dealer(), 2);
        assert_eq!(partners(&t), [(0, 3), (1, 4)]);
        // FA-4: the third deal counts double.
        let m = with_history(m, &[(2, &[0, 1, 0, 0, 0])]);
        assert_eq!(m.next_table().unwrap().multiplier, 2);
    }

    /// FA-5: Chinkway's ten deals: the deal rotates clockwise; left pair and
    /// right pair for five deals, then 1st+3rd and 2nd+4th left of the
    /// dealer; everybody partners everybody twice and deals twice. The
    /// extra deal seats third (dealer), fourth, fifth, first, second, ties
    /// going to the better last deal (FA-11).
    #[test]
    fn fa5_chinkway_schedule_and_extra_deal() {
        let mut m = Match::new(rules(Format::Chinkway, Jolly::None), 0).unwrap();
        let mut pairs = std::collections::BTreeMap::new();
        let mut dealt = [0; 5];
        for k in 0..10 {
            let t = m.next_table().unwrap();
            assert_eq!(t.dealer(), k % 5);
            dealt[t.dealer()] += 1;
            for p in partners(&t) {
                *pairs.entry(p).or_insert(0) += 1;
            }
            if k == 0 {
                assert_eq!(partners(&t), [(1, 2), (3, 4)], "B+C and D+E when A deals");
            }
            if k == 5 {
                assert_eq!(partners(&t), [(1, 3), (2, 4)], "B+D and C+E when A deals");
            }
            m = with_history(m, &[(t.dealer(), &[0; 5])]);
        }
        assert_eq!(dealt, [2; 5]);
        assert_eq!(pairs.len(), 10);
        assert!(pairs.values().all(|&n| n == 2));
        // Standings 30, 20, 40, 20, 10; seats 1 and 3 tied on 20: seat 3 had
        // the better last deal, so it is third.
        let m = with_history(m, &[(4, &[30, 20, 40, 15, 10]), (0, &[0, 0, 0, 5, 0])]);
        assert_eq!(m.ranking(), [2, 0, 3, 1, 4]);
        let t = m.next_table().unwrap();
        let seats: Vec<usize> = t.places.iter().map(|p| p.seat).collect();
        assert_eq!(seats, [3, 1, 4, 2, 0]);
        // First (2) with fourth (1); second (0) with fifth (4).
        assert_eq!(partners(&t), [(0, 4), (1, 2)]);
    }

    /// FA-5: the five-deal game pairs the dealer's neighbours; the deal
    /// passes left.
    #[test]
    fn fa5_five_deals_pairs_neighbours() {
        let m = Match::new(rules(Format::FiveDeals, Jolly::None), 0).unwrap();
        let t = m.next_table().unwrap();
        assert_eq!(partners(&t), [(1, 4), (2, 3)]);
        let t = with_history(m, &[(0, &[0; 5])]).next_table().unwrap();
        assert_eq!(t.dealer(), 1);
        assert_eq!(
            partners(&t),
            [(0, 2), (3, 4)],
            "C and A, D and E when B deals"
        );
    }

    /// FA-5, FA-11: the short three-player game's extra deal goes to the
    /// fewest points (ties as FA-7), each playing alone.
    #[test]
    fn fa5_three_short_extra_deal() {
        let m = Match::new(rules(Format::ThreeShort, Jolly::None), 0).unwrap();
        let m = with_history(m, &[(0, &[3, 6, 3]), (1, &[0, 0, 0]), (2, &[0, 0, 0])]);
        let t = m.next_table().unwrap();
        assert_eq!(t.kind, DealKind::ThreeExtra);
        assert_eq!(
            t.dealer(),
            0,
            "tied 0 and 2: nearest clockwise from dealer 2"
        );
        assert_eq!(t.teams(), 3);
    }

    /// FA-5, FA-11: winners: the two best in the introductory game (more
    /// when tied), the better pair with four, the better last deal in
    /// Chinkway, else the most points; remaining ties share.
    #[test]
    fn fa11_winners_and_shared_places() {
        let intro = |pts: &[u32]| {
            let m = Match::new(rules(Format::Intro, Jolly::None), 0).unwrap();
            with_history(m, &[(0, pts), (0, &[0; 5]), (0, &[0; 5])])
        };
        assert_eq!(intro(&[10, 10, 8, 8, 3]).winners(), [0, 1]);
        assert_eq!(intro(&[10, 8, 8, 5, 3]).winners(), [0, 1, 2]);
        let st = intro(&[10, 8, 8, 5, 3]).standings();
        let places: Vec<usize> = st.iter().map(|s| s.place).collect();
        assert_eq!(places, [1, 2, 2, 4, 5]);
        let m = Match::new(rules(Format::Four, Jolly::None), 0).unwrap();
        let m = with_history(
            m,
            &[
                (0, &[6, 3, 12, 3]),
                (1, &[0; 4]),
                (2, &[0; 4]),
                (3, &[0; 4]),
            ],
        );
        assert_eq!(m.winners(), [0, 2]);
        let m = Match::new(rules(Format::Chinkway, Jolly::None), 0).unwrap();
        let mut deals: Vec<(usize, &[u32])> = vec![(0, &[0; 5]); 10];
        deals[0] = (0, &[20, 17, 20, 0, 0]);
        deals.push((0, &[0, 3, 0, 0, 0]));
        let m = with_history(m, &deals);
        assert_eq!(m.winners(), [1], "20 each; seat 2 had the better last deal");
        let m = Match::new(rules(Format::Chinkway, Jolly::None), 0).unwrap();
        let mut deals: Vec<(usize, &[u32])> = vec![(0, &[0; 5]); 11];
        deals[0] = (0, &[20, 20, 20, 0, 0]);
        let m = with_history(m, &deals);
        assert_eq!(m.winners(), [0, 1, 2], "the same last deal: shared");
        let m = Match::new(rules(Format::Two, Jolly::None), 0).unwrap();
        assert!(m.winners().is_empty(), "no winner before the end");
    }

    /// FA-10: DoubleYou: no leader before the first deal; the leaders of the
    /// standings may not double; two jollies per match; a double doubles
    /// only that player's points.
    #[test]
    fn fa10_doubleyou_rights() {
        let r = rules(Format::Intro, Jolly::DoubleYou);
        let mut m = Match::new(r, 0).unwrap();
        let t = m.next_table().unwrap();
        assert_eq!(t.double, [DoubleRight::May; 5]);
        let setup = m.deal_from(&DealOrders::seeded("intro", "dy", 1)).unwrap();
        assert_eq!(setup.table, t);
        // Declarations from the dealer's left, the dealer last: out of
        // that order is its own fault, not a move out of turn.
        assert_eq!(m.to_move(), Some(1));
        let early = m.clone().play("3:double".parse().unwrap()).unwrap_err();
        assert_eq!(
            early,
            Broken::DoubleOrder {
                seat: 2,
                expected: Some(1)
            }
        );
        assert_eq!(
            (early.code(), early.rule()),
            ("farfalia.double-order", "FA-10")
        );
        for s in ["2:double", "3:single", "4:single", "5:double"] {
            m.play(s.parse().unwrap()).unwrap();
        }
        assert_eq!(m.to_move(), Some(0));
        assert_eq!(
            m.play("1:trump O".parse().unwrap()).unwrap_err(),
            Broken::Unexpected {
                seat: 0,
                expected: Expected::Double
            }
        );
        m.play("1:single".parse().unwrap()).unwrap();
        assert_eq!(
            m.clone().play("3:single".parse().unwrap()).unwrap_err(),
            Broken::DoubleOrder {
                seat: 2,
                expected: None
            },
            "after the declarations"
        );
        while m.deals_played() == 0 {
            let mv = m.deal().unwrap().legal_moves()[0];
            m.play(mv).unwrap();
        }
        let (_, s) = &m.history()[0];
        // Seats 2 and 4 partner seat 4 and 2 (places 1, 3): 2 doubled, 4 did not.
        assert_eq!(s[1], 2 * s[3]);
        assert_eq!(m.jollies_left, [2, 1, 2, 2, 1]);

        // Leaders and spent jollies.
        let mut m = Match::new(r, 0).unwrap();
        m = with_history(m, &[(0, &[3, 3, 1, 0, 0])]);
        m.jollies_left = vec![2, 2, 0, 2, 2];
        let t = m.next_table().unwrap();
        assert_eq!(
            t.double,
            [
                DoubleRight::Leader,
                DoubleRight::Leader,
                DoubleRight::Spent,
                DoubleRight::May,
                DoubleRight::May
            ]
        );
        m.deal_from(&DealOrders::seeded("intro", "dy", 2)).unwrap();
        let dealer = t.dealer();
        assert_eq!(dealer, 3);
        // Only seats 4 and 5 are asked: seat 5 (left of the dealer) first.
        assert_eq!(m.to_move(), Some(4));
        let leader = m.play("1:double".parse().unwrap()).unwrap_err();
        assert_eq!(leader, Broken::DoubleLeader { seat: 0 });
        assert_eq!(
            (leader.code(), leader.rule()),
            ("farfalia.double-leader", "FA-10")
        );
        let spent = m.play("3:double".parse().unwrap()).unwrap_err();
        assert_eq!(spent, Broken::DoubleSpent { seat: 2 });
        assert!(m.play("1:single".parse().unwrap()).is_err(), "not asked");
    }

    #[test]
    fn formats_parse() {
        for f in Format::ALL {
            assert_eq!(f.name().parse::<Format>().unwrap(), f);
        }
        assert_eq!("CHINKWAY".parse::<Format>().unwrap(), Format::Chinkway);
        assert!("six".parse::<Format>().is_err());
    }

    /// Faults have distinct stable codes, each with its ruling.
    #[test]
    fn broken_codes_are_distinct() {
        use super::super::card::{Card, CardSet};
        let c = Card::from_index(0).unwrap();
        let f = super::super::card::Family::Farfalle;
        let all = [
            Broken::GameOver,
            Broken::OutOfTurn {
                seat: 0,
                expected: 1,
            },
            Broken::Unexpected {
                seat: 0,
                expected: Expected::Play,
            },
            Broken::NotHeld {
                seat: 0,
                card: c,
                dummy: false,
            },
            Broken::FaceDown { seat: 0, card: c },
            Broken::OtherHand {
                seat: 0,
                card: c,
                dummy_turn: true,
                lead: true,
                playable: CardSet::EMPTY,
            },
            Broken::OtherHand {
                seat: 0,
                card: c,
                dummy_turn: false,
                lead: false,
                playable: CardSet::EMPTY,
            },
            Broken::Revoke {
                seat: 0,
                card: c,
                led: super::super::card::Suit::B,
                held: CardSet::EMPTY,
                dummy: false,
            },
            Broken::Revoke {
                seat: 0,
                card: c,
                led: super::super::card::Suit::B,
                held: CardSet::EMPTY,
                dummy: true,
            },
            Broken::JollyLead { seat: 0 },
            Broken::NoJolly { seat: 0, family: f },
            Broken::CollectEarly { seat: 0, trick: 1 },
            Broken::NotInTrick { seat: 0, card: c },
            Broken::Burned { seat: 0, card: c },
            Broken::NotProposed {
                seat: 0,
                card: c,
                family: f,
            },
            Broken::Complete {
                seat: 0,
                card: c,
                family: f,
            },
            Broken::DiscardCount {
                seat: 0,
                wants: 2,
                has: 1,
            },
            Broken::DoubleSpent { seat: 0 },
            Broken::DoubleLeader { seat: 0 },
            Broken::DoubleOrder {
                seat: 0,
                expected: Some(1),
            },
            Broken::TrumpTurned {
                seat: 0,
                trump: super::super::Trump::NoTrump,
            },
            Broken::PartnerCollects {
                seat: 0,
                chooser: 1,
            },
            Broken::NoCollection { seat: 0 },
        ];
        let codes: std::collections::BTreeSet<&str> = all.iter().map(|b| b.code()).collect();
        assert_eq!(codes.len(), all.len());
        let names = vec!["Andrea".to_string(), "Beatrice".to_string()];
        for b in &all {
            assert!(b.code().starts_with("farfalia."));
            assert!(b.rule().starts_with("FA-") || b.rule() == "GN-1");
            assert!(!b.describe(&names).is_empty());
        }
        assert!(all[1].describe(&names).contains("Beatrice"));
    }
}
