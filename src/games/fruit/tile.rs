//! The fruit tiles (RULINGS FR-1) and when two of them match (FR-2).

use std::fmt;
use std::str::FromStr;

/// The six fruits, in the canonical order of the sheet's legend (FR-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Fruit {
    Mele,
    Pere,
    Cocomeri,
    Uva,
    Fragole,
    Banane,
}

impl Fruit {
    pub const ALL: [Fruit; 6] = [
        Fruit::Mele,
        Fruit::Pere,
        Fruit::Cocomeri,
        Fruit::Uva,
        Fruit::Fragole,
        Fruit::Banane,
    ];

    pub fn letter(self) -> char {
        match self {
            Fruit::Mele => 'M',
            Fruit::Pere => 'P',
            Fruit::Cocomeri => 'C',
            Fruit::Uva => 'U',
            Fruit::Fragole => 'F',
            Fruit::Banane => 'B',
        }
    }

    pub fn from_letter(c: char) -> Option<Fruit> {
        Fruit::ALL
            .into_iter()
            .find(|f| f.letter() == c.to_ascii_uppercase())
    }

    /// The Italian name used on the sheet ("mele", "pere", ...).
    pub fn name(self) -> &'static str {
        match self {
            Fruit::Mele => "mele",
            Fruit::Pere => "pere",
            Fruit::Cocomeri => "cocomeri",
            Fruit::Uva => "uva",
            Fruit::Fragole => "fragole",
            Fruit::Banane => "banane",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// One of the 36 tiles: a fruit and a number 1..=6. Written `B4` (FR-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile {
    fruit: Fruit,
    number: u8,
}

impl Tile {
    pub fn new(fruit: Fruit, number: u8) -> Option<Tile> {
        (1..=6).contains(&number).then_some(Tile { fruit, number })
    }

    pub fn fruit(self) -> Fruit {
        self.fruit
    }

    pub fn number(self) -> u8 {
        self.number
    }

    /// 0..36 in canonical order: fruit-major (M1..M6, P1..P6, ...).
    pub fn index(self) -> usize {
        self.fruit.index() * 6 + (self.number as usize - 1)
    }

    pub fn from_index(i: usize) -> Option<Tile> {
        (i < 36).then(|| Tile {
            fruit: Fruit::ALL[i / 6],
            number: (i % 6) as u8 + 1,
        })
    }

    /// All 36 tiles in canonical order, the order every deal shuffles from.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..36).map(|i| Tile::from_index(i).expect("index < 36"))
    }

    /// Same fruit, numbers differing by exactly one (FR-2).
    pub fn in_scala(self, other: Tile) -> bool {
        self.fruit == other.fruit && self.number.abs_diff(other.number) == 1
    }

    /// Same number, or in scala (FR-2).
    pub fn matches(self, other: Tile) -> bool {
        self.number == other.number || self.in_scala(other)
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.fruit.letter(), self.number)
    }
}

/// A tile in a batch of deals (`crate::games::line`): the bytes of its
/// `Display`, the fruit's letter (ASCII) and the number.
impl crate::games::line::Piece for Tile {
    fn put(&self, out: &mut Vec<u8>) {
        out.push(self.fruit.letter() as u8);
        if self.number < 10 {
            out.push(b'0' + self.number);
        } else {
            out.extend_from_slice(self.number.to_string().as_bytes());
        }
    }
}

/// Why a tile name did not parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseTileError(pub String);

impl fmt::Display for ParseTileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::t!("fruit-not-a-tile", text = self.0.as_str()))
    }
}

impl std::error::Error for ParseTileError {}

impl FromStr for Tile {
    type Err = ParseTileError;

    fn from_str(s: &str) -> Result<Tile, ParseTileError> {
        let err = || ParseTileError(s.to_string());
        let mut chars = s.trim().chars();
        let fruit = chars.next().and_then(Fruit::from_letter).ok_or_else(err)?;
        let rest = chars.as_str();
        if rest.len() != 1 {
            return Err(err());
        }
        let number = rest.parse::<u8>().map_err(|_| err())?;
        Tile::new(fruit, number).ok_or_else(err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    #[test]
    fn fr1_thirty_six_tiles_round_trip() {
        let all: Vec<Tile> = Tile::all().collect();
        assert_eq!(all.len(), 36);
        for (i, tile) in all.iter().enumerate() {
            assert_eq!(tile.index(), i);
            assert_eq!(tile.to_string().parse::<Tile>().unwrap(), *tile);
        }
        assert_eq!(t("B4").fruit(), Fruit::Banane);
        assert_eq!(t("b4").number(), 4);
    }

    #[test]
    fn fr1_rejects_bad_names() {
        for bad in ["", "B", "B0", "B7", "X3", "B10", "4B", "B 4"] {
            assert!(bad.parse::<Tile>().is_err(), "{bad:?} should not parse");
        }
    }

    #[test]
    fn fr2_the_sheets_example_4_banane() {
        // "il 4 banane può essere inserito in corrispondenza di un altro 4 oppure del 3 o del 5 banane"
        let b4 = t("B4");
        assert!(b4.matches(t("M4")));
        assert!(b4.matches(t("B3")));
        assert!(b4.matches(t("B5")));
        assert!(!b4.matches(t("M5")));
        assert!(!b4.matches(t("B6")));
        assert!(!b4.in_scala(t("M4")));
    }
}
