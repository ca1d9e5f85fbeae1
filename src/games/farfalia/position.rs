//! A deal in progress as it lies on the table (a record's
//! `[setup.position]`): what each place holds now, the trick on the table,
//! what each side has kept, so that a deal can be refereed from its middle
//! without its earlier moves (FA-2, FA-3, FA-8, FA-9).
//!
//! A position is between two cards played: the dealer's discard and trump,
//! the DoubleYou declarations and every earlier collection choice are done.

use std::fmt;

use super::card::{Card, CardSet, Family};
use super::table::{Table, Trump};

/// A dummy as it lies now (FA-8): its face-up cards, the face-down card
/// under each face-up card that covers one, and the face-down cards the
/// trick on the table uncovered (turned up once that trick is over).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DummyNow {
    pub up: CardSet,
    /// (face-up card, the face-down card under it).
    pub under: Vec<(Card, Card)>,
    pub uncovered: CardSet,
}

impl DummyNow {
    /// Every card the dummy still holds, face up or down.
    pub fn cards(&self) -> CardSet {
        let down: CardSet = self.under.iter().map(|&(_, d)| d).collect();
        CardSet(self.up.0 | down.0 | self.uncovered.0)
    }
}

/// A deal in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub table: Table,
    pub proposal: [Family; 5],
    pub trump: Trump,
    /// Tricks completed before the one on the table.
    pub tricks: u8,
    /// The place that led the trick on the table (or leads it, if empty).
    pub leader: usize,
    /// The trick on the table in play order from the leader: cards, or a
    /// Burnin' jolly as `Err(family)`; fewer than the places.
    pub trick: Vec<Result<Card, Family>>,
    /// By place: a player's hand (`dummy` is `None`), or a dummy's cards.
    pub hands: Vec<CardSet>,
    pub dummies: Vec<Option<DummyNow>>,
    /// By place: the Burnin' jolly still held (FA-9).
    pub jolly: Vec<Option<Family>>,
    /// By place: the cards it has kept this deal (FA-3).
    pub collected: Vec<CardSet>,
    /// The seats that played a DoubleYou jolly this deal (FA-10).
    pub doubled: Vec<usize>,
}

/// Why a written position cannot be a moment of a deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// A card is in two places.
    Twice(Card),
    /// As many tricks as the deal has, or more.
    Tricks { most: u8 },
    /// The trick on the table is complete (or longer).
    TrickFull { places: usize },
    /// The trick on the table is led by a jolly (FA-9).
    JollyLead,
    /// A jolly in the trick or held where none can be: without Burnin', by a
    /// dummy, a player who holds one and played one, or three of a family.
    Jolly { place: usize },
    /// A place holds the wrong number of cards for the tricks played.
    Count {
        place: usize,
        wants: usize,
        has: usize,
    },
    /// A dummy's layout that cannot be: more than seven cards face up, more
    /// than six covered, a card under one that is not face up.
    Layout { place: usize },
    /// A face-down card uncovered although the dummy has no card in the
    /// trick on the table, or more than one.
    Uncovered { place: usize },
    /// A kept card the proposal does not ask for, or more of a subject than
    /// it asks for (FA-3).
    Collected { card: Card },
    /// The trump differs from the one turned from the proposal (FA-5, FA-8).
    Trump,
    /// The match has no such deal, or the standings are not one per player.
    NoSuchDeal { deals: usize },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Twice(c) => write!(f, "{c} is written twice (FA-1)"),
            PositionError::Tricks { most } => {
                write!(f, "the deal has {most} tricks: `tricks` counts those completed before the trick on the table")
            }
            PositionError::TrickFull { places } => write!(
                f,
                "the trick on the table has {places} cards or more: a position is written before its last card (play that as the first move)"
            ),
            PositionError::JollyLead => f.write_str("a jolly never leads a trick (FA-9)"),
            PositionError::Jolly { .. } => f.write_str(
                "in Burnin' Down the House each player has one jolly, held or played, dummies none, at most two per family; without the variant nobody has one (FA-9)",
            ),
            PositionError::Count { wants, has, .. } => write!(
                f,
                "holds {has} cards; after the tricks played it holds {wants} (FA-5)"
            ),
            PositionError::Layout { .. } => f.write_str(
                "a dummy shows at most seven cards face up, at most six of them covering a face-down card, each under one of its face-up cards (FA-8)",
            ),
            PositionError::Uncovered { .. } => f.write_str(
                "a face-down card is uncovered only by the dummy's card in the trick on the table, one at most (FA-8)",
            ),
            PositionError::Collected { card } => write!(
                f,
                "{card} cannot have been kept: the proposal does not ask for it, or not that many (FA-3)"
            ),
            PositionError::NoSuchDeal { deals } => write!(
                f,
                "the match has {deals} deals, and standings for each of its players (FA-5)"
            ),
            PositionError::Trump => f.write_str(
                "with four or two players the trump is the first proposal card's suit, `none` for a butterfly (FA-5, FA-8)",
            ),
        }
    }
}

impl std::error::Error for PositionError {}

impl Position {
    /// The place that played the `i`-th card of the trick on the table.
    pub fn player_of(&self, i: usize) -> usize {
        (self.leader + i) % self.table.places.len()
    }

    /// Every card a place holds now.
    pub fn held(&self, place: usize) -> CardSet {
        match &self.dummies[place] {
            Some(d) => d.cards(),
            None => self.hands[place],
        }
    }

    /// Check that the position is a moment of a deal of its table (`burnin`:
    /// Burnin' Down the House is played).
    pub fn validate(&self, burnin: bool) -> Result<(), PositionError> {
        let kind = self.table.kind;
        let n = kind.places();
        if self.tricks >= kind.tricks() {
            return Err(PositionError::Tricks {
                most: kind.tricks(),
            });
        }
        if self.trick.len() >= n {
            return Err(PositionError::TrickFull { places: n });
        }
        if matches!(self.trick.first(), Some(Err(_))) {
            return Err(PositionError::JollyLead);
        }
        if !kind.dealer_chooses_trump() && self.trump != Trump::turned(self.proposal[0]) {
            return Err(PositionError::Trump);
        }
        // Every card once: in a holding, on the table, kept.
        let mut seen = CardSet::EMPTY;
        let mut note = |c: Card| {
            if seen.contains(c) {
                return Err(PositionError::Twice(c));
            }
            seen.insert(c);
            Ok(())
        };
        for p in 0..n {
            if let Some(d) = &self.dummies[p] {
                for c in d.up.iter() {
                    note(c)?;
                }
                for &(_, c) in &d.under {
                    note(c)?;
                }
                for c in d.uncovered.iter() {
                    note(c)?;
                }
            } else {
                for c in self.hands[p].iter() {
                    note(c)?;
                }
            }
        }
        for c in self.trick.iter().filter_map(|c| c.ok()) {
            note(c)?;
        }
        for c in self.collected.iter().flat_map(|s| s.iter()) {
            note(c)?;
        }
        // Jollies: one per player in Burnin', held or played.
        let mut per_family = [0u8; 5];
        for p in 0..n {
            let dummy = self.table.places[p].dummy;
            let played =
                (0..self.trick.len()).any(|i| self.player_of(i) == p && self.trick[i].is_err());
            if let Some(f) = self.jolly[p] {
                per_family[f as usize] += 1;
            }
            for f in (0..self.trick.len())
                .filter(|&i| self.player_of(i) == p)
                .filter_map(|i| self.trick[i].err())
            {
                per_family[f as usize] += 1;
            }
            let holds = self.jolly[p].is_some();
            if (holds || played) && (!burnin || dummy) || holds && played {
                return Err(PositionError::Jolly { place: p });
            }
        }
        if per_family.iter().any(|&k| k > 2) {
            let p = (0..n).find(|&p| self.jolly[p].is_some()).unwrap_or(0);
            return Err(PositionError::Jolly { place: p });
        }
        // Counts: each play took a card, except a Burnin' jolly's.
        for p in 0..n {
            let in_trick = (0..self.trick.len()).any(|i| self.player_of(i) == p);
            let plays = self.tricks as usize + usize::from(in_trick);
            let jolly_used =
                usize::from(burnin && !self.table.places[p].dummy && self.jolly[p].is_none());
            let wants = (kind.tricks() as usize + jolly_used).saturating_sub(plays);
            let has = self.held(p).len();
            if has != wants {
                return Err(PositionError::Count {
                    place: p,
                    wants,
                    has,
                });
            }
            if let Some(d) = &self.dummies[p] {
                let covers_up = d.under.iter().all(|&(u, _)| d.up.contains(u));
                let distinct = d
                    .under
                    .iter()
                    .enumerate()
                    .all(|(i, &(u, _))| d.under[..i].iter().all(|&(v, _)| v != u));
                if d.up.len() > 7 || d.under.len() > 6 || !covers_up || !distinct {
                    return Err(PositionError::Layout { place: p });
                }
                let dummy_in_trick =
                    (0..self.trick.len()).any(|i| self.player_of(i) == p && self.trick[i].is_ok());
                if d.uncovered.len() > usize::from(dummy_in_trick) {
                    return Err(PositionError::Uncovered { place: p });
                }
            }
        }
        // Kept cards: proposed subjects, no more than proposed per side (FA-3).
        for team in 0..self.table.teams() {
            let mut kept = [0u8; 5];
            for p in (0..n).filter(|&p| self.table.places[p].team == team) {
                for c in self.collected[p].iter() {
                    let f = c.family() as usize;
                    kept[f] += 1;
                    let wanted = self.proposal.iter().filter(|&&x| x as usize == f).count();
                    if kept[f] as usize > wanted {
                        return Err(PositionError::Collected { card: c });
                    }
                }
            }
        }
        Ok(())
    }
}
