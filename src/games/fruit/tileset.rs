//! A set of fruit tiles as a 36-bit mask over the canonical index (FR-1).
//! Cheap to copy and compare; iteration is always in canonical order, so
//! everything built on it is deterministic.

use std::fmt;

use super::tile::{Fruit, Tile};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct TileSet(u64);

impl TileSet {
    pub const EMPTY: TileSet = TileSet(0);
    pub const ALL: TileSet = TileSet((1 << 36) - 1);

    pub fn from_bits(bits: u64) -> TileSet {
        TileSet(bits & Self::ALL.0)
    }

    pub fn bits(self) -> u64 {
        self.0
    }

    pub fn contains(self, tile: Tile) -> bool {
        self.0 & (1 << tile.index()) != 0
    }

    /// Adds `tile`; false if it was already there.
    pub fn insert(&mut self, tile: Tile) -> bool {
        let had = self.contains(tile);
        self.0 |= 1 << tile.index();
        !had
    }

    /// Removes `tile`; false if it was not there.
    pub fn remove(&mut self, tile: Tile) -> bool {
        let had = self.contains(tile);
        self.0 &= !(1 << tile.index());
        had
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn union(self, other: TileSet) -> TileSet {
        TileSet(self.0 | other.0)
    }

    pub fn difference(self, other: TileSet) -> TileSet {
        TileSet(self.0 & !other.0)
    }

    pub fn is_subset(self, other: TileSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The numbers held of one fruit, as a 6-bit mask (bit 0 = number 1).
    pub fn row(self, fruit: Fruit) -> u8 {
        ((self.0 >> (fruit.index() * 6)) & 0x3f) as u8
    }

    /// How many tiles of `number` (1..=6) the set holds.
    pub fn count_number(self, number: u8) -> usize {
        let column: u64 = (0..6).fold(0, |m, f| m | 1 << (f * 6 + number as usize - 1));
        (self.0 & column).count_ones() as usize
    }

    /// The tiles in canonical order.
    pub fn iter(self) -> impl Iterator<Item = Tile> {
        let bits = self.0;
        (0..36)
            .filter(move |i| bits & (1 << i) != 0)
            .filter_map(Tile::from_index)
    }
}

impl FromIterator<Tile> for TileSet {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> TileSet {
        let mut set = TileSet::EMPTY;
        for t in iter {
            set.insert(t);
        }
        set
    }
}

impl fmt::Display for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{t}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_rows_and_columns() {
        let mut s = TileSet::EMPTY;
        for name in ["M3", "M4", "P3", "B6"] {
            assert!(s.insert(name.parse().unwrap()));
        }
        assert!(!s.insert("M3".parse().unwrap()));
        assert_eq!(s.len(), 4);
        assert_eq!(s.row(Fruit::Mele), 0b1100);
        assert_eq!(s.count_number(3), 2);
        assert_eq!(s.to_string(), "M3 M4 P3 B6");
        assert!(s.remove("P3".parse().unwrap()));
        assert!(!s.remove("P3".parse().unwrap()));
        assert_eq!(TileSet::ALL.len(), 36);
    }
}
