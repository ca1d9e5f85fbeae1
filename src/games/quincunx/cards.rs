//! What each Decktet card is worth in Quincunx, as flat tables indexed by the
//! card's canonical index, so scoring is a few array look-ups.
//!
//! The deck: the basic 36, plus the Excuse, the 4 Pawns or both (QX-8,
//! QX-12). The sheet adds only those to Quincunx ("la Scusa e i Pedoni"):
//! the Courts are not in play, and a setup that deals one is refused.

use std::sync::LazyLock;

use crate::decktet::{Card, Rank, BASIC};

/// The cards in play: the basic 36 and, as the variant says, the Excuse
/// (`excuse`), the 4 Pawns (`pawns`) or both (`extended`); never the Courts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Deck {
    pub excuse: bool,
    pub pawns: bool,
}

impl Deck {
    /// The deck's cards in canonical order (the order shuffles start from).
    pub fn cards(self) -> impl Iterator<Item = Card> {
        Card::all().filter(move |&c| self.contains(c))
    }

    /// How many cards the deck has.
    pub fn size(self) -> usize {
        BASIC + self.excuse as usize + 4 * self.pawns as usize
    }

    /// A card is in this deck.
    pub fn contains(self, card: Card) -> bool {
        match card.rank() {
            Rank::Excuse => self.excuse,
            Rank::Pawn => self.pawns,
            Rank::Court => false,
            Rank::Ace | Rank::Number(_) | Rank::Crown => true,
        }
    }

    /// The deck's part of a deal key: `basic`, `excuse`, `pawns` or
    /// `extended` (the first and the last are the keys deals always had).
    pub fn key(self) -> &'static str {
        match (self.excuse, self.pawns) {
            (false, false) => "basic",
            (true, false) => "excuse",
            (false, true) => "pawns",
            (true, true) => "extended",
        }
    }
}

/// Points lost for a card left in hand (QX-3): Ace 15, Crown 10, numbered
/// cards their rank, Pawns 10, the Excuse nothing.
pub fn penalty(card: Card) -> i32 {
    match card.rank() {
        Rank::Ace => 15,
        Rank::Crown | Rank::Pawn => 10,
        Rank::Number(n) => n as i32,
        Rank::Excuse | Rank::Court => 0,
    }
}

/// The penalties of a set of cards (bit `i` for the card of index `i`), as
/// a hand left at the end costs them.
pub fn penalty_of(cards: u64) -> i32 {
    (0..64)
        .filter(|&i| cards & 1 << i != 0)
        .filter_map(Card::from_index)
        .map(penalty)
        .sum()
}

/// Add `card` to the Ace-and-Crown sums of a grid's suits, as it is placed.
pub fn add_suit_value(suit_sum: &mut [u16; 6], card: Card) {
    for s in card.suits().iter() {
        suit_sum[s as usize] += suit_value(card);
    }
}

/// The value a card adds to an Ace-and-Crown suit sum (QX-3, QX-8): its rank,
/// Pawns 1.
pub fn suit_value(card: Card) -> u16 {
    match card.rank() {
        Rank::Ace | Rank::Pawn => 1,
        Rank::Crown => 10,
        Rank::Number(n) => n as u16,
        Rank::Excuse | Rank::Court => 0,
    }
}

/// What the base points of two neighbours do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    /// Sum 9 or less with an Ace (or a Pawn) and a common suit: + the sum.
    Positive,
    /// Sum 9 or less otherwise: - the sum.
    Negative,
    /// Sum 10.
    Nothing,
    /// Sum 11 or 20: a card is drawn.
    Draw,
    /// Sum 12..19: + the sum less 10.
    High,
}

/// Base value of a card (Ace 1, Crown 10, Pawn 1: QX-8), `None` for the
/// Excuse, which gives no base points either way.
pub fn base_value(card: Card) -> Option<i32> {
    match card.rank() {
        Rank::Ace | Rank::Pawn => Some(1),
        Rank::Number(n) => Some(n as i32),
        Rank::Crown => Some(10),
        Rank::Excuse | Rank::Court => None,
    }
}

/// The base points of two orthogonal neighbours (the sheet's table): the sum,
/// what it does and the points. `None` when either is the Excuse (QX-8).
pub fn base(a: Card, b: Card) -> Option<(i32, Effect, i32)> {
    let (va, vb) = (base_value(a)?, base_value(b)?);
    let sum = va + vb;
    let ace_like = |c: Card| matches!(c.rank(), Rank::Ace | Rank::Pawn);
    Some(match sum {
        ..=9 if (ace_like(a) || ace_like(b)) && a.suits().0 & b.suits().0 != 0 => {
            (sum, Effect::Positive, sum)
        }
        ..=9 => (sum, Effect::Negative, -sum),
        10 => (sum, Effect::Nothing, 0),
        11 | 20 => (sum, Effect::Draw, 0),
        _ => (sum, Effect::High, sum - 10),
    })
}

/// Marks in the board array: an empty square of the grid, and a square
/// outside it (never playable, breaks every line).
pub const EMPTY: u8 = 0xff;
pub const OFF: u8 = 0xfe;

/// Per-card look-up tables over the whole byte range, so a board byte (card,
/// [`EMPTY`] or [`OFF`]) indexes them directly.
pub struct Tables {
    /// Rank for runs: Ace 1 .. 9, Pawn 10, Crown 10 (11 with Pawns in play,
    /// QX-8); non-cards and the Excuse get far-apart values that never step by 1.
    pub run: [u8; 256],
    /// Rank for pairs and sets: Pawns with Pawns; unique values for non-cards.
    pub class: [u8; 256],
    /// Suit mask; 0 for the Excuse and non-cards.
    pub suits: [u8; 256],
    /// Base points of (placed, neighbour) over the 64 first bytes.
    pub base: [[i8; 64]; 64],
    /// A draw for (placed, neighbour).
    pub draw: [[u8; 64]; 64],
    /// 1 for an Ace, 2 for a Crown, 0 otherwise (Ace and Crown bonus).
    pub ace_crown: [u8; 256],
    /// Ace-and-Crown suit-sum value.
    pub suit_value: [u16; 256],
    /// The Excuse, which scores nothing when placed.
    pub blank: [bool; 256],
    /// For lines, packed: run rank (bits 0-7), class (8-15), suits (16-23);
    /// 0 for what breaks a line (non-cards, the Excuse).
    pub line: [u32; 256],
}

/// Run and set ranks of the Excuse and the Courts: 4 apart, never a step of 1
/// from each other, a rank or a non-card mark (100..).
fn blank_mark(i: usize) -> u8 {
    (40 + 4 * (i - 36)) as u8
}

fn build(pawns: bool) -> Tables {
    let mut t = Tables {
        run: [0; 256],
        class: [0; 256],
        suits: [0; 256],
        base: [[0; 64]; 64],
        draw: [[0; 64]; 64],
        ace_crown: [0; 256],
        suit_value: [0; 256],
        blank: [false; 256],
        line: [0; 256],
    };
    for i in 0..256usize {
        // Non-cards: 4 apart from each other and from every rank.
        t.run[i] = 100 + (i % 32 * 4) as u8;
        t.class[i] = 100 + (i % 32 * 4) as u8;
    }
    for card in Card::all() {
        let i = card.index();
        t.suits[i] = card.suits().0;
        t.suit_value[i] = suit_value(card);
        t.run[i] = match card.rank() {
            Rank::Ace => 1,
            Rank::Number(n) => n,
            Rank::Pawn => 10,
            Rank::Crown => 10 + pawns as u8,
            Rank::Excuse | Rank::Court => blank_mark(i),
        };
        t.class[i] = match card.rank() {
            Rank::Ace => 1,
            Rank::Number(n) => n,
            Rank::Crown => 10,
            Rank::Pawn => 12,
            Rank::Excuse | Rank::Court => blank_mark(i),
        };
        t.ace_crown[i] = match card.rank() {
            Rank::Ace => 1,
            Rank::Crown => 2,
            _ => 0,
        };
        t.blank[i] = matches!(card.rank(), Rank::Excuse | Rank::Court);
        if !t.blank[i] {
            t.line[i] = t.run[i] as u32 | (t.class[i] as u32) << 8 | (t.suits[i] as u32) << 16;
        }
        for other in Card::all() {
            if let Some((_, effect, pts)) = base(card, other) {
                t.base[i][other.index()] = pts as i8;
                t.draw[i][other.index()] = (effect == Effect::Draw) as u8;
            }
        }
    }
    t
}

static BASIC_TABLES: LazyLock<Tables> = LazyLock::new(|| build(false));
static PAWN_TABLES: LazyLock<Tables> = LazyLock::new(|| build(true));

/// The tables for a deck with or without the Pawns (with them the Crown
/// ranks 11 in runs, QX-8); the Excuse scores alike in every deck.
pub fn tables(pawns: bool) -> &'static Tables {
    if pawns {
        &PAWN_TABLES
    } else {
        &BASIC_TABLES
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(code: &str) -> Card {
        Card::parse(code).unwrap()
    }

    #[test]
    fn base_points_table_of_the_sheet() {
        // A 6 and a 9 give 5 (6 + 9 - 10): the sheet's example.
        assert_eq!(base(c("6MW"), c("9MS")), Some((15, Effect::High, 5)));
        // Sum 9 or less with an Ace and a common suit: + the sum.
        assert_eq!(base(c("AM"), c("3MW")), Some((4, Effect::Positive, 4)));
        // ... with an Ace but no common suit: - the sum.
        assert_eq!(base(c("AS"), c("3MW")), Some((4, Effect::Negative, -4)));
        // ... a common suit but no Ace: - the sum.
        assert_eq!(base(c("2MK"), c("3MW")), Some((5, Effect::Negative, -5)));
        assert_eq!(base(c("4MS"), c("6MW")), Some((10, Effect::Nothing, 0)));
        assert_eq!(base(c("2MK"), c("9MS")), Some((11, Effect::Draw, 0)));
        assert_eq!(base(c("CM"), c("CS")), Some((20, Effect::Draw, 0)));
        assert_eq!(base(c("CM"), c("9MS")), Some((19, Effect::High, 9)));
        // Ace and Crown: 11, a draw (the sheet: the draw is part of base points).
        assert_eq!(base(c("AM"), c("CM")), Some((11, Effect::Draw, 0)));
    }

    #[test]
    fn pawns_and_excuse_qx8() {
        // The Watchman (Moons, Wyrms, Knots) is worth 1 and signs like an Ace.
        assert_eq!(base(c("PMYK"), c("3MW")), Some((4, Effect::Positive, 4)));
        assert_eq!(base(c("PMYK"), c("3SK")), Some((4, Effect::Positive, 4)));
        assert_eq!(base(c("PMYK"), c("4WL")), Some((5, Effect::Negative, -5)));
        assert_eq!(base(c("PMYK"), c("CM")), Some((11, Effect::Draw, 0)));
        assert_eq!(base(c("X"), c("9MS")), None);
        assert_eq!(base(c("9MS"), c("X")), None);
        assert_eq!(penalty(c("X")), 0);
        assert_eq!(penalty(c("PMYK")), 10);
        // QX-3 hand penalties.
        assert_eq!(penalty(c("AM")), 15);
        assert_eq!(penalty(c("CM")), 10);
        assert_eq!(penalty(c("7ML")), 7);
        // Pawns rank between 9 and Crown for runs only with Pawns in play.
        assert_eq!(tables(true).run[c("CM").index()], 11);
        assert_eq!(tables(false).run[c("CM").index()], 10);
        assert_eq!(tables(true).run[c("PMYK").index()], 10);
    }

    #[test]
    fn decks_exclude_courts_qx8_qx12() {
        let deck = |excuse, pawns| Deck { excuse, pawns };
        assert_eq!(deck(false, false).size(), 36);
        assert_eq!(deck(true, true).size(), 41);
        assert_eq!(deck(true, false).size(), 37);
        assert_eq!(deck(false, true).size(), 40);
        for (excuse, pawns) in [(false, false), (true, false), (false, true), (true, true)] {
            let d = deck(excuse, pawns);
            assert_eq!(d.cards().count(), d.size());
            assert!(!d.contains(c("TMWK")));
            assert_eq!(d.contains(c("X")), excuse);
            assert_eq!(d.contains(c("PMYK")), pawns);
            assert!(d.contains(c("CM")) && d.contains(c("AM")));
        }
        // The basic and the full extended deck are the canonical prefixes
        // deals always shuffled (their deals must not change).
        assert!(deck(false, false).cards().map(Card::index).eq(0..36));
        assert!(deck(true, true).cards().map(Card::index).eq(0..41));
    }
}
