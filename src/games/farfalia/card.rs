//! Small value types (FA-1): suits, subject families, cards and sets of cards.
//!
//! A card is an index `0..52` in the canonical order, suit-major (R, G, B, O)
//! and rank 1..13 within a suit, so a hand is one `u64` bitmask and following
//! suit (FA-2) or finding a collectable card (FA-3) is a mask test.

use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

/// The four suits of the play deck, in the canonical order of FA-1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// Rosso: strawberries (fragole).
    R,
    /// Verde: leaves (foglie).
    G,
    /// Blu: fish (pesci).
    B,
    /// Arancione: shells (conchiglie).
    O,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::R, Suit::G, Suit::B, Suit::O];

    pub fn letter(self) -> char {
        b"RGBO"[self as usize] as char
    }

    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'R' => Some(Suit::R),
            'G' => Some(Suit::G),
            'B' => Some(Suit::B),
            'O' => Some(Suit::O),
            _ => None,
        }
    }

    /// The Italian colour name, as the kit prints it.
    pub fn name(self) -> &'static str {
        ["rosso", "verde", "blu", "arancione"][self as usize]
    }

    pub(crate) fn from_index(i: usize) -> Suit {
        Suit::ALL[i & 3]
    }

    /// The subject family shown on this suit's cards other than 8, 10, 12.
    pub fn family(self) -> Family {
        Family::ALL[self as usize + 1]
    }

    /// Every card of the suit.
    pub fn cards(self) -> CardSet {
        CardSet(0x1FFF << (13 * self as u32))
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl Serialize for Suit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The five families of subjects (and of jolly): the butterflies and the four
/// suits' symbols. Written `F` (farfalle) or the suit's letter (FA-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    Farfalle,
    Fragole,
    Foglie,
    Pesci,
    Conchiglie,
}

impl Family {
    pub const ALL: [Family; 5] = [
        Family::Farfalle,
        Family::Fragole,
        Family::Foglie,
        Family::Pesci,
        Family::Conchiglie,
    ];

    pub fn letter(self) -> char {
        b"FRGBO"[self as usize] as char
    }

    /// The Italian family name, as the kit prints it.
    pub fn name(self) -> &'static str {
        ["farfalle", "fragole", "foglie", "pesci", "conchiglie"][self as usize]
    }

    /// The suit whose other cards show this family; `None` for butterflies.
    pub fn suit(self) -> Option<Suit> {
        match self {
            Family::Farfalle => None,
            f => Some(Suit::ALL[f as usize - 1]),
        }
    }

    pub(crate) fn from_index(i: usize) -> Family {
        Family::ALL[i % 5]
    }

    /// The play cards that collect as this family (FA-3): any 8, 10 or 12
    /// for the butterflies; the suit's other ten cards for the rest (an 8, 10
    /// or 12 counts as a butterfly only).
    pub fn matched_by(self) -> CardSet {
        match self.suit() {
            None => BUTTERFLIES,
            Some(s) => CardSet(s.cards().0 & !BUTTERFLIES.0),
        }
    }

    /// The play cards that show this family's symbol, which its jolly burns
    /// (FA-9): every 8, 10 and 12 for the butterflies; the whole suit for the
    /// rest, its 8, 10 and 12 included (they show the suit's symbol and a
    /// butterfly). Not [`Family::matched_by`]: showing a symbol is not
    /// collecting as it.
    pub fn shown_on(self) -> CardSet {
        match self.suit() {
            None => BUTTERFLIES,
            Some(s) => s.cards(),
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Family {
    type Err = String;
    /// A letter (`F R G B O`) or the Italian family name, any case (GN-2).
    fn from_str(s: &str) -> Result<Family, String> {
        let t = s.trim().to_ascii_lowercase();
        Family::ALL
            .into_iter()
            .find(|f| {
                t == f.name() || t.len() == 1 && t.starts_with(f.letter().to_ascii_lowercase())
            })
            .ok_or_else(|| crate::t!("farfalia-not-a-family", text = s))
    }
}

impl Serialize for Family {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A play card, written suit letter then rank: `B11` (FA-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

/// The cards 8, 10 and 12 of every suit, which also show a butterfly.
pub const BUTTERFLIES: CardSet = CardSet({
    let per_suit: u64 = (1 << 7) | (1 << 9) | (1 << 11);
    per_suit | per_suit << 13 | per_suit << 26 | per_suit << 39
});

impl Card {
    pub fn new(suit: Suit, rank: u8) -> Option<Card> {
        (1..=13)
            .contains(&rank)
            .then(|| Card(suit as u8 * 13 + rank - 1))
    }

    /// The card at `index` (0..52) of the canonical order.
    pub fn from_index(index: usize) -> Option<Card> {
        (index < 52).then_some(Card(index as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn suit(self) -> Suit {
        Suit::from_index(self.0 as usize / 13)
    }

    /// 1..13; it decides tricks (FA-2).
    pub fn rank(self) -> u8 {
        self.0 % 13 + 1
    }

    /// The family this card reproduces when collected (FA-1, FA-3): a
    /// butterfly for 8, 10 and 12, else its suit's family.
    pub fn family(self) -> Family {
        if BUTTERFLIES.contains(self) {
            Family::Farfalle
        } else {
            self.suit().family()
        }
    }

    pub(crate) fn bit(self) -> u64 {
        1 << self.0
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit().letter(), self.rank())
    }
}

/// A card in a batch of deals (`crate::games::line`): its `Display`'s
/// bytes, the suit's letter and the rank 1-13.
impl crate::games::line::Piece for Card {
    fn put(&self, out: &mut Vec<u8>) {
        out.push(self.suit().letter() as u8);
        let r = self.rank();
        if r >= 10 {
            out.push(b'1');
        }
        out.push(b'0' + r % 10);
    }
}

/// A family in a batch of deals: its letter.
impl crate::games::line::Piece for Family {
    fn put(&self, out: &mut Vec<u8>) {
        out.push(self.letter() as u8);
    }
}

impl FromStr for Card {
    type Err = String;
    /// `B11`, `b11`, `O7` (GN-2: any case).
    fn from_str(s: &str) -> Result<Card, String> {
        let t = s.trim();
        let mut chars = t.chars();
        let suit = chars.next().and_then(Suit::from_letter);
        let rank = chars.as_str().parse::<u8>().ok();
        match (suit, rank) {
            (Some(suit), Some(rank)) if !chars.as_str().starts_with('+') => {
                Card::new(suit, rank).ok_or_else(|| crate::t!("farfalia-rank-range", text = s))
            }
            _ => Err(crate::t!("farfalia-not-a-card", text = s)),
        }
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A set of play cards as a 52-bit mask; iterates in the canonical order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct CardSet(pub(crate) u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    pub const ALL: CardSet = CardSet((1 << 52) - 1);

    pub fn contains(self, c: Card) -> bool {
        self.0 & c.bit() != 0
    }

    pub fn insert(&mut self, c: Card) {
        self.0 |= c.bit();
    }

    pub fn remove(&mut self, c: Card) {
        self.0 &= !c.bit();
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                Card(i as u8)
            })
        })
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl<'a> FromIterator<&'a Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = &'a Card>>(iter: I) -> CardSet {
        iter.into_iter().copied().collect()
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FA-1: 52 cards, `B11` notation; GN-2: any case in, canonical case out.
    #[test]
    fn cards_parse_and_print() {
        assert_eq!("b11".parse::<Card>().unwrap().to_string(), "B11");
        assert_eq!(
            "O7".parse::<Card>().unwrap(),
            Card::new(Suit::O, 7).unwrap()
        );
        for bad in ["", "B", "B0", "B14", "X3", "B1x", "B+3", "11B"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
        let all: Vec<Card> = (0..52).map(|i| Card::from_index(i).unwrap()).collect();
        for c in &all {
            assert_eq!(c.to_string().parse::<Card>().unwrap(), *c);
        }
        assert_eq!(all[0].to_string(), "R1");
        assert_eq!(all[51].to_string(), "O13");
        assert!(Card::from_index(52).is_none());
    }

    /// FA-1: 8, 10 and 12 show a butterfly; it counts for collecting only.
    #[test]
    fn families_of_cards() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        assert_eq!(c("R10").family(), Family::Farfalle);
        assert_eq!(c("G8").family(), Family::Farfalle);
        assert_eq!(c("O12").family(), Family::Farfalle);
        assert_eq!(c("R3").family(), Family::Fragole);
        assert_eq!(c("B11").family(), Family::Pesci);
        assert_eq!(c("O13").family(), Family::Conchiglie);
        assert_eq!(BUTTERFLIES.len(), 12);
        let total: usize = Family::ALL.iter().map(|f| f.matched_by().len()).sum();
        assert_eq!(total, 52, "every card collects as exactly one family");
        // FA-9: a suit's symbol is on all 13 of its cards, the butterfly on 12.
        let shown: usize = Family::ALL.iter().map(|f| f.shown_on().len()).sum();
        assert_eq!(shown, 52 + 12, "8, 10 and 12 show two symbols");
        assert!(Family::Fragole.shown_on().contains(c("R12")));
        assert!(!Family::Fragole.matched_by().contains(c("R12")));
        assert_eq!("f".parse::<Family>().unwrap(), Family::Farfalle);
        assert_eq!("Pesci".parse::<Family>().unwrap(), Family::Pesci);
        assert!("X".parse::<Family>().is_err());
    }
}
