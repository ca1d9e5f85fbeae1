//! The Decktet (P. D. Magnus, CC BY-NC-SA): one model of the 45 cards for the
//! kit and the referee. The cards are read from `templates/decktet.toml`, the
//! very data the kit prints, so the printed and the refereed deck cannot
//! disagree.
//!
//! # Card codes
//!
//! Records and the command line name a card by a short code, read
//! case-insensitively (GN-2) and written as below:
//!
//! | card | code | example |
//! |---|---|---|
//! | Ace | `A` + its suit | `AM` Ace of Moons |
//! | numbered 2-9 | the rank + its two suits | `3MW` The Journey |
//! | Crown | `C` + its suit | `CK` The Windfall |
//! | Pawn | `P` + its three suits | `PMYK` The Watchman |
//! | Court | `T` (cour*t*; `C` is the Crown) + its three suits | `TMWK` The Consul |
//! | the Excuse | `X` | |
//!
//! Suit letters: `M` Moons, `S` Suns, `W` Waves, `L` Leaves, `Y` Wyrms (W is
//! taken by the Waves), `K` Knots. Suits are written in the Decktet's order
//! (the order above) and read in any order (`3WM` is `3MW`). The full name
//! (`The Journey`, `Ace of Moons`) is accepted too, case-insensitively, with
//! or without the leading `The`; so is a basic card's rank and one of its
//! suits, as the Decktet's card list describes a card (`Crown of Suns` is The
//! Bard, `Nine of Suns` or `9 of Suns` The Pact): every suit is in one card of
//! each rank, so this names one card.
//!
//! An unknown name gets the nearest card as a suggestion: a code whose rank
//! and single suit name a basic card gets that card (`9S` and `NS`, the Nine
//! of Suns: `9MS`), anything else the closest code or name by edit distance.
//!
//! # Canonical order
//!
//! A card's index is its place in `templates/decktet.toml`: the 36 basic
//! cards (0..36: Aces, 2..9, Crowns), then the Excuse (36), the 4 Pawns
//! (37..41) and the 4 Courts (41..45). Deals shuffle this order.

use std::fmt;
use std::sync::LazyLock;

use serde::Deserialize;

/// Cards in the whole Decktet.
pub const CARDS: usize = 45;
/// Cards in the basic deck (Aces, numbered cards, Crowns).
pub const BASIC: usize = 36;

/// The six suits, in the Decktet's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Suit {
    Moons,
    Suns,
    Waves,
    Leaves,
    Wyrms,
    Knots,
}

impl Suit {
    pub const ALL: [Suit; 6] = [
        Suit::Moons,
        Suit::Suns,
        Suit::Waves,
        Suit::Leaves,
        Suit::Wyrms,
        Suit::Knots,
    ];

    /// The letter in card codes.
    pub fn letter(self) -> char {
        ['M', 'S', 'W', 'L', 'Y', 'K'][self as usize]
    }

    pub fn name(self) -> &'static str {
        ["Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots"][self as usize]
    }

    /// The key in `templates/decktet.toml`.
    fn key(self) -> &'static str {
        ["moons", "suns", "waves", "leaves", "wyrms", "knots"][self as usize]
    }

    fn from_letter(c: char) -> Option<Suit> {
        Suit::ALL
            .into_iter()
            .find(|s| s.letter() == c.to_ascii_uppercase())
    }

    /// This suit's bit in a [`Suits`] mask.
    pub fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A set of suits as a 6-bit mask (bit `Suit as u8`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Suits(pub u8);

impl Suits {
    pub fn contains(self, s: Suit) -> bool {
        self.0 & s.bit() != 0
    }
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn iter(self) -> impl Iterator<Item = Suit> {
        Suit::ALL.into_iter().filter(move |&s| self.contains(s))
    }
}

/// A card's rank. Numbered cards carry their number (2..=9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Rank {
    Ace,
    Number(u8),
    Crown,
    Pawn,
    Court,
    Excuse,
}

impl Rank {
    fn parse(s: &str) -> Option<Rank> {
        Some(match s {
            "A" => Rank::Ace,
            "Crown" => Rank::Crown,
            "Pawn" => Rank::Pawn,
            "Court" => Rank::Court,
            "Excuse" => Rank::Excuse,
            n => match n.parse::<u8>() {
                Ok(k @ 2..=9) => Rank::Number(k),
                _ => return None,
            },
        })
    }

    /// The rank part of a card code.
    fn code(self) -> String {
        match self {
            Rank::Ace => "A".into(),
            Rank::Number(n) => n.to_string(),
            Rank::Crown => "C".into(),
            Rank::Pawn => "P".into(),
            Rank::Court => "T".into(),
            Rank::Excuse => "X".into(),
        }
    }
}

/// One card of the Decktet, by its canonical index (0..45).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    pub fn from_index(i: usize) -> Option<Card> {
        (i < CARDS).then_some(Card(i as u8))
    }
    pub fn index(self) -> usize {
        self.0 as usize
    }
    fn info(self) -> &'static CardInfo {
        &DECK.cards[self.index()]
    }
    pub fn rank(self) -> Rank {
        self.info().rank
    }
    pub fn suits(self) -> Suits {
        self.info().suits
    }
    /// The printed name: `The Journey`, `Ace of Moons`.
    pub fn name(self) -> &'static str {
        &self.info().name
    }
    /// The short code: `3MW` (see the module docs).
    pub fn code(self) -> &'static str {
        &self.info().code
    }
    /// Every card, in canonical order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..CARDS as u8).map(Card)
    }

    /// Read a code or a full name (case-insensitive, GN-2).
    pub fn parse(s: &str) -> Option<Card> {
        let key = normalise(s);
        DECK.lookup
            .iter()
            .find(|(k, _)| *k == key)
            .map(|&(_, c)| c)
            .or_else(|| parse_code(&key))
    }

    /// The card nearest to an unknown name or code, for "did you mean": the
    /// smallest edit distance over every code and name, if it is small
    /// enough to be a likely slip.
    pub fn suggest(s: &str) -> Option<Card> {
        let key = normalise(s);
        if key.is_empty() {
            return None;
        }
        if let Some(card) = rank_and_suit_code(&key) {
            return Some(card);
        }
        let (dist, card) = DECK
            .lookup
            .iter()
            .map(|(k, c)| (strsim::levenshtein(&key, k), *c))
            .min_by_key(|&(d, c)| (d, c))?;
        // A slip of a third of the word, at least one character.
        (dist <= (key.chars().count() / 3).max(1)).then_some(card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A card is written as its code (`3MW`) in every output.
impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl std::str::FromStr for Card {
    type Err = UnknownCard;
    fn from_str(s: &str) -> Result<Card, UnknownCard> {
        Card::parse(s).ok_or_else(|| UnknownCard {
            given: s.to_string(),
            suggestion: Card::suggest(s),
        })
    }
}

/// A name that is no card, with the nearest card if one is close.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownCard {
    pub given: String,
    pub suggestion: Option<Card>,
}

impl fmt::Display for UnknownCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is no Decktet card", self.given)?;
        if let Some(c) = self.suggestion {
            write!(f, " (did you mean {} = {}?)", c.code(), c.name())?;
        }
        Ok(())
    }
}

/// Upper case, single spaces, no leading `THE `.
fn normalise(s: &str) -> String {
    let upper = s.split_whitespace().collect::<Vec<_>>().join(" ");
    let upper = upper.to_uppercase();
    upper
        .strip_prefix("THE ")
        .map(str::to_string)
        .unwrap_or(upper)
}

/// How a basic card's description names its rank (`Nine of Suns`, `9 of Suns`,
/// `Crown of Suns`).
fn rank_names(rank: Rank) -> &'static [&'static str] {
    match rank {
        Rank::Ace => &["ACE"],
        Rank::Crown => &["CROWN"],
        Rank::Number(n) => match n {
            2 => &["TWO", "2"],
            3 => &["THREE", "3"],
            4 => &["FOUR", "4"],
            5 => &["FIVE", "5"],
            6 => &["SIX", "6"],
            7 => &["SEVEN", "7"],
            8 => &["EIGHT", "8"],
            _ => &["NINE", "9"],
        },
        Rank::Pawn | Rank::Court | Rank::Excuse => &[],
    }
}

/// How a code-like slip may mark a basic card's rank: the code's own mark (`A`, `C`, the
/// digit) or an initial that is no other rank's or suit's (`N` nine, `E` eight).
fn rank_marks(rank: Rank) -> &'static [&'static str] {
    match rank {
        Rank::Ace => &["A"],
        Rank::Crown => &["C"],
        Rank::Number(n) => match n {
            2 => &["2"],
            3 => &["3"],
            4 => &["4"],
            5 => &["5"],
            6 => &["6"],
            7 => &["7"],
            8 => &["8", "E"],
            _ => &["9", "N"],
        },
        Rank::Pawn | Rank::Court | Rank::Excuse => &[],
    }
}

/// The basic card of `rank` that has `suit` (one per rank and suit, as the Decktet is made).
fn basic_card(rank: Rank, suit: Suit) -> Option<Card> {
    Card::all()
        .take(BASIC)
        .find(|c| c.rank() == rank && c.suits().contains(suit))
}

/// A code-like slip naming a rank (a digit or an initial, `9`, `N`) and one suit letter
/// (`9S`, `NS`): the basic card of that rank and suit.
fn rank_and_suit_code(key: &str) -> Option<Card> {
    let mut chars = key.chars();
    let suit = Suit::from_letter(chars.next_back()?)?;
    let rank = chars.as_str();
    let rank = Card::all()
        .take(BASIC)
        .map(Card::rank)
        .find(|&r| rank_marks(r).contains(&rank))?;
    basic_card(rank, suit)
}

/// A code with its suits in any order (`3WM`).
fn parse_code(key: &str) -> Option<Card> {
    let split = key
        .char_indices()
        .find(|&(i, c)| i > 0 && c.is_ascii_alphabetic())
        .map(|(i, _)| i)
        .unwrap_or(key.len());
    let (rank, suits) = key.split_at(split);
    let mut mask = 0u8;
    for c in suits.chars() {
        let bit = Suit::from_letter(c)?.bit();
        if mask & bit != 0 {
            return None;
        }
        mask |= bit;
    }
    Card::all().find(|c| c.info().rank.code() == rank && c.suits().0 == mask)
}

struct CardInfo {
    rank: Rank,
    suits: Suits,
    name: String,
    code: String,
}

struct Deck {
    cards: Vec<CardInfo>,
    /// Normalised codes and names, each with its card.
    lookup: Vec<(String, Card)>,
}

#[derive(Deserialize)]
struct KitFile {
    data: KitData,
    component: Vec<KitComponent>,
}

#[derive(Deserialize)]
struct KitData {
    suit_order: Vec<String>,
}

#[derive(Deserialize)]
struct KitComponent {
    items: Vec<KitItem>,
}

#[derive(Deserialize)]
struct KitItem {
    rank: String,
    name: String,
    suits: Vec<String>,
}

/// The bundled kit's card list, parsed once. The file is compiled in and a
/// unit test checks it, so a failure here is a build defect, not bad input.
static DECK: LazyLock<Deck> = LazyLock::new(|| {
    let file: KitFile = toml::from_str(include_str!("../templates/decktet.toml"))
        .expect("the bundled Decktet card list parses");
    let order: Vec<&str> = Suit::ALL.iter().map(|s| s.key()).collect();
    assert_eq!(file.data.suit_order, order, "Decktet suit order");
    let mut cards = Vec::with_capacity(CARDS);
    for item in file.component.iter().flat_map(|c| &c.items) {
        let rank = Rank::parse(&item.rank).expect("a Decktet rank");
        let mut mask = 0u8;
        for s in &item.suits {
            let suit = Suit::ALL
                .into_iter()
                .find(|x| x.key() == s)
                .expect("a Decktet suit");
            mask |= suit.bit();
        }
        let suits = Suits(mask);
        let code = rank.code() + &suits.iter().map(Suit::letter).collect::<String>();
        cards.push(CardInfo {
            rank,
            suits,
            name: item.name.clone(),
            code,
        });
    }
    assert_eq!(cards.len(), CARDS, "the Decktet has 45 cards");
    let mut lookup = Vec::with_capacity(2 * CARDS);
    for (i, c) in cards.iter().enumerate() {
        lookup.push((c.code.clone(), Card(i as u8)));
        lookup.push((normalise(&c.name), Card(i as u8)));
    }
    // A basic card by its rank and a suit (`CROWN OF SUNS`, `NINE OF SUNS`, `9 OF SUNS`):
    // each suit once per rank, so each description is one card's.
    for (i, c) in cards.iter().enumerate().take(BASIC) {
        for suit in c.suits.iter() {
            for word in rank_names(c.rank) {
                let name = format!("{word} OF {}", suit.name().to_uppercase());
                if !lookup.iter().any(|(k, _)| *k == name) {
                    lookup.push((name, Card(i as u8)));
                }
            }
        }
    }
    Deck { cards, lookup }
});

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn deck_structure_from_the_kit_data() {
        let count = |f: &dyn Fn(Rank) -> bool| Card::all().filter(|c| f(c.rank())).count();
        assert_eq!(count(&|r| r == Rank::Ace), 6);
        assert_eq!(count(&|r| matches!(r, Rank::Number(_))), 24);
        assert_eq!(count(&|r| r == Rank::Crown), 6);
        assert_eq!(count(&|r| r == Rank::Excuse), 1);
        assert_eq!(count(&|r| r == Rank::Pawn), 4);
        assert_eq!(count(&|r| r == Rank::Court), 4);
        // The basic 36 come first, then Excuse, Pawns, Courts.
        assert!(Card::all()
            .take(BASIC)
            .all(|c| matches!(c.rank(), Rank::Ace | Rank::Number(_) | Rank::Crown)));
        assert_eq!(Card::from_index(36).unwrap().rank(), Rank::Excuse);
        assert!((37..41).all(|i| Card::from_index(i).unwrap().rank() == Rank::Pawn));
        assert!((41..45).all(|i| Card::from_index(i).unwrap().rank() == Rank::Court));
        // Aces and Crowns one suit each, one per suit; numbered two suits,
        // every suit once per rank; Pawns and Courts three suits, every suit twice.
        for suit in Suit::ALL {
            let with = |r: Rank| {
                Card::all()
                    .filter(|c| c.rank() == r && c.suits().contains(suit))
                    .count()
            };
            assert_eq!(with(Rank::Ace), 1);
            assert_eq!(with(Rank::Crown), 1);
            for n in 2..=9 {
                assert_eq!(with(Rank::Number(n)), 1, "{suit:?} {n}");
            }
            assert_eq!(with(Rank::Pawn), 2);
            assert_eq!(with(Rank::Court), 2);
        }
        for c in Card::all() {
            let want = match c.rank() {
                Rank::Ace | Rank::Crown => 1,
                Rank::Number(_) => 2,
                Rank::Pawn | Rank::Court => 3,
                Rank::Excuse => 0,
            };
            assert_eq!(c.suits().len(), want, "{}", c.name());
        }
    }

    #[test]
    fn codes_are_unique_and_round_trip() {
        let codes: HashSet<&str> = Card::all().map(Card::code).collect();
        assert_eq!(codes.len(), CARDS);
        for c in Card::all() {
            assert_eq!(Card::parse(c.code()), Some(c));
            assert_eq!(Card::parse(&c.code().to_lowercase()), Some(c));
            assert_eq!(Card::parse(c.name()), Some(c));
        }
        assert_eq!(Card::parse("3MW").unwrap().name(), "The Journey");
        assert_eq!(Card::parse("3wm").unwrap().name(), "The Journey");
        assert_eq!(Card::parse("AM").unwrap().name(), "Ace of Moons");
        assert_eq!(Card::parse("CK").unwrap().name(), "The Windfall");
        assert_eq!(Card::parse("X").unwrap().name(), "The Excuse");
        assert_eq!(Card::parse("PMYK").unwrap().name(), "The Watchman");
        assert_eq!(Card::parse("TMWK").unwrap().name(), "The Consul");
    }

    #[test]
    fn full_names_case_insensitive_gn2() {
        let j = Card::parse("The Journey").unwrap();
        assert_eq!(j.code(), "3MW");
        assert_eq!(Card::parse("the  journey"), Some(j));
        assert_eq!(Card::parse("JOURNEY"), Some(j));
        assert_eq!(Card::parse("ace of moons").unwrap().code(), "AM");
        assert_eq!(Card::parse("The Chance Meeting").unwrap().code(), "7ML");
    }

    #[test]
    fn unknown_cards_get_a_suggestion() {
        for bad in ["", "3MM", "3MS", "10M", "ZZ", "The Jurney", "1M"] {
            assert_eq!(Card::parse(bad), None, "{bad}");
        }
        let e = "The Jurney".parse::<Card>().unwrap_err();
        assert_eq!(e.suggestion.map(Card::code), Some("3MW"));
        assert!(e.to_string().contains("did you mean 3MW = The Journey"));
        assert_eq!(Card::suggest("Painterr").map(Card::code), Some("3SK"));
        assert_eq!(Card::suggest("qqqqqqqqqq"), None);
    }

    /// A rank and one suit name one basic card: the Decktet's descriptions (`Crown of
    /// Suns`, `Nine of Suns`) are read, and a code-like slip with a rank and one suit
    /// (`NS`, `9S`: the Nine of Suns) is offered that card, not the Ace one letter away.
    #[test]
    fn rank_and_suit_name_one_card() {
        let code = |s: &str| Card::parse(s).map(Card::code);
        assert_eq!(code("Crown of Suns"), Some("CS"));
        assert_eq!(Card::parse("crown of suns").unwrap().name(), "The Bard");
        assert_eq!(code("the Crown of Knots"), Some("CK"));
        assert_eq!(code("Nine of Suns"), Some("9MS"));
        assert_eq!(code("9 of suns"), Some("9MS"));
        assert_eq!(code("Two of Wyrms"), Some("2SY"));
        assert_eq!(code("Ace of Leaves"), Some("AL"));
        for bad in ["NS", "9S", "Pawn of Suns", "Nine of Stars"] {
            assert_eq!(Card::parse(bad), None, "{bad}");
        }
        let suggest = |s: &str| Card::suggest(s).map(Card::code);
        assert_eq!(suggest("NS"), Some("9MS"));
        assert_eq!(suggest("ns"), Some("9MS"));
        assert_eq!(suggest("9S"), Some("9MS"));
        assert_eq!(suggest("ES"), Some("8MS"));
        assert_eq!(suggest("5K"), Some("5YK"));
        assert_eq!(suggest("Crown of Sun"), Some("CS"));
        assert_eq!(suggest("Nine of Sun"), Some("9MS"));
        let e = "NS".parse::<Card>().unwrap_err();
        assert!(e.to_string().contains("did you mean 9MS = The Pact"), "{e}");
        // Every basic card is read from each of its descriptions.
        for c in Card::all().take(BASIC) {
            for suit in c.suits().iter() {
                for word in rank_names(c.rank()) {
                    assert_eq!(Card::parse(&format!("{word} of {}", suit.name())), Some(c));
                }
            }
        }
    }
}
