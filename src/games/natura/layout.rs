//! The components as data (NS-1), one model for the referee and the print kit: the tile set
//! (an alphabet with each letter's value and count, and the jollies) and the premium layout of
//! the 15x15 board. Other languages' sets (English, Polish) are here too, as data, so records
//! written by other programs replay with their own tiles.
//!
//! Tiles are small integers as in wolges: letter `i` of the alphabet is `i + 1`, `0` is a
//! jolly still on a rack, and a jolly on the board is its letter with [`BLANK`] set.

/// Set on a board tile that is a jolly standing for the letter in the low bits.
pub const BLANK: u8 = 0x80;
/// A jolly on a rack or in the bag.
pub const JOLLY: u8 = 0;
/// The board is `SIZE` x `SIZE`.
pub const SIZE: usize = 15;
/// A full rack.
pub const RACK: usize = 7;

/// One letter of an alphabet: how it is written, what it scores, how many tiles carry it
/// (0 for a letter only a jolly can stand for, as J K W X Y in Italian, NS-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Letter {
    pub upper: char,
    pub lower: char,
    pub value: u32,
    pub count: u8,
}

/// An alphabet with its tiles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TileSet {
    pub name: &'static str,
    pub letters: Vec<Letter>,
    pub jollies: u8,
}

const fn l(upper: char, lower: char, value: u32, count: u8) -> Letter {
    Letter {
        upper,
        lower,
        value,
        count,
    }
}

impl TileSet {
    /// The Italian (FIGS) set of NS-1: 120 tiles, 2 jollies; J K W X Y only as jolly (NS-2).
    pub fn italian() -> TileSet {
        let table: [(char, u32, u8); 26] = [
            ('A', 1, 14),
            ('B', 5, 3),
            ('C', 2, 6),
            ('D', 5, 3),
            ('E', 1, 11),
            ('F', 5, 3),
            ('G', 8, 2),
            ('H', 8, 2),
            ('I', 1, 12),
            ('J', 0, 0),
            ('K', 0, 0),
            ('L', 3, 5),
            ('M', 3, 5),
            ('N', 3, 5),
            ('O', 1, 15),
            ('P', 5, 3),
            ('Q', 10, 1),
            ('R', 2, 6),
            ('S', 2, 6),
            ('T', 2, 6),
            ('U', 3, 5),
            ('V', 5, 3),
            ('W', 0, 0),
            ('X', 0, 0),
            ('Y', 0, 0),
            ('Z', 8, 2),
        ];
        TileSet::from_ascii("italian", &table, 2)
    }

    /// Standard English Scrabble: 100 tiles, 2 blanks.
    pub fn english() -> TileSet {
        let table: [(char, u32, u8); 26] = [
            ('A', 1, 9),
            ('B', 3, 2),
            ('C', 3, 2),
            ('D', 2, 4),
            ('E', 1, 12),
            ('F', 4, 2),
            ('G', 2, 3),
            ('H', 4, 2),
            ('I', 1, 9),
            ('J', 8, 1),
            ('K', 5, 1),
            ('L', 1, 4),
            ('M', 3, 2),
            ('N', 1, 6),
            ('O', 1, 8),
            ('P', 3, 2),
            ('Q', 10, 1),
            ('R', 1, 6),
            ('S', 1, 4),
            ('T', 1, 6),
            ('U', 1, 4),
            ('V', 4, 2),
            ('W', 4, 2),
            ('X', 8, 1),
            ('Y', 4, 2),
            ('Z', 10, 1),
        ];
        TileSet::from_ascii("english", &table, 2)
    }

    /// Polish Scrabble: 100 tiles, 2 blanks, 32 letters.
    pub fn polish() -> TileSet {
        let letters = vec![
            l('A', 'a', 1, 9),
            l('Ą', 'ą', 5, 1),
            l('B', 'b', 3, 2),
            l('C', 'c', 2, 3),
            l('Ć', 'ć', 6, 1),
            l('D', 'd', 2, 3),
            l('E', 'e', 1, 7),
            l('Ę', 'ę', 5, 1),
            l('F', 'f', 5, 1),
            l('G', 'g', 3, 2),
            l('H', 'h', 3, 2),
            l('I', 'i', 1, 8),
            l('J', 'j', 3, 2),
            l('K', 'k', 2, 3),
            l('L', 'l', 2, 3),
            l('Ł', 'ł', 3, 2),
            l('M', 'm', 2, 3),
            l('N', 'n', 1, 5),
            l('Ń', 'ń', 7, 1),
            l('O', 'o', 1, 6),
            l('Ó', 'ó', 5, 1),
            l('P', 'p', 2, 3),
            l('R', 'r', 1, 4),
            l('S', 's', 1, 4),
            l('Ś', 'ś', 5, 1),
            l('T', 't', 2, 3),
            l('U', 'u', 3, 2),
            l('W', 'w', 1, 4),
            l('Y', 'y', 2, 4),
            l('Z', 'z', 1, 5),
            l('Ź', 'ź', 9, 1),
            l('Ż', 'ż', 5, 1),
        ];
        TileSet {
            name: "polish",
            letters,
            jollies: 2,
        }
    }

    fn from_ascii(name: &'static str, table: &[(char, u32, u8)], jollies: u8) -> TileSet {
        TileSet {
            name,
            letters: table
                .iter()
                .map(|&(c, v, n)| l(c, c.to_ascii_lowercase(), v, n))
                .collect(),
            jollies,
        }
    }

    /// The tile of a letter written in upper case (a tile from the bag), or a jolly standing
    /// for it when written in lower case; `None` for a character outside the alphabet.
    pub fn parse(&self, c: char) -> Option<u8> {
        self.letters.iter().position(|x| x.upper == c).map_or_else(
            || {
                self.letters
                    .iter()
                    .position(|x| x.lower == c)
                    .map(|i| (i as u8 + 1) | BLANK)
            },
            |i| Some(i as u8 + 1),
        )
    }

    /// How a tile is written: upper case, lower case for a jolly on the board, `?` on a rack.
    pub fn char_of(&self, tile: u8) -> char {
        if tile == JOLLY {
            return '?';
        }
        let letter = &self.letters[usize::from((tile & !BLANK) - 1)];
        if tile & BLANK != 0 {
            letter.lower
        } else {
            letter.upper
        }
    }

    /// What a tile scores: a jolly 0 wherever it stands (NS-2).
    pub fn value(&self, tile: u8) -> u32 {
        if tile == JOLLY || tile & BLANK != 0 {
            0
        } else {
            self.letters[usize::from(tile - 1)].value
        }
    }

    /// How many tile kinds a rack counts: the jolly (0) and every letter.
    pub fn kinds(&self) -> usize {
        self.letters.len() + 1
    }

    /// The full bag as counts by kind (index 0 the jollies).
    pub fn full_counts(&self) -> Vec<u8> {
        let mut out = vec![self.jollies];
        out.extend(self.letters.iter().map(|x| x.count));
        out
    }

    pub fn total(&self) -> usize {
        self.full_counts().iter().map(|&n| usize::from(n)).sum()
    }

    /// The tile a rack gives for a tile on the board: its letter, or a jolly.
    pub fn rack_tile(tile: u8) -> u8 {
        if tile & BLANK != 0 {
            JOLLY
        } else {
            tile
        }
    }
}

/// A premium square (NS-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Premium {
    None,
    DoubleLetter,
    TripleLetter,
    DoubleWord,
    TripleWord,
}

impl Premium {
    pub fn letter_factor(self) -> u32 {
        match self {
            Premium::DoubleLetter => 2,
            Premium::TripleLetter => 3,
            _ => 1,
        }
    }

    pub fn word_factor(self) -> u32 {
        match self {
            Premium::DoubleWord => 2,
            Premium::TripleWord => 3,
            _ => 1,
        }
    }
}

/// The centre star (H8): a double word square the first move must cover.
pub const STAR: (usize, usize) = (7, 7);

/// The FIGS premium squares (NS-1), by column letter and row number.
const TW: &str = "A1 H1 O1 A8 O8 A15 H15 O15";
const DW: &str = "B2 N2 C3 M3 D4 L4 E5 K5 E11 K11 D12 L12 C13 M13 B14 N14 H8";
const TL: &str = "F2 J2 B6 F6 J6 N6 B10 F10 J10 N10 F14 J14";
const DL: &str = "D1 L1 G3 I3 A4 H4 O4 C7 G7 I7 M7 D8 L8 C9 G9 I9 M9 A12 H12 O12 G13 I13 D15 L15";

/// The premium of every square, `[row][column]` from the top left.
pub fn premiums() -> [[Premium; SIZE]; SIZE] {
    let mut grid = [[Premium::None; SIZE]; SIZE];
    for (list, kind) in [
        (TW, Premium::TripleWord),
        (DW, Premium::DoubleWord),
        (TL, Premium::TripleLetter),
        (DL, Premium::DoubleLetter),
    ] {
        for name in list.split_whitespace() {
            let col = usize::from(name.as_bytes()[0] - b'A');
            let row: usize = name[1..].parse().expect("premium table");
            grid[row - 1][col] = kind;
        }
    }
    grid
}

#[cfg(test)]
mod tests {
    use super::*;

    /// NS-1: 120 tiles with 2 jollies; the letter counts and values of the FIGS set.
    #[test]
    fn ns1_italian_set_counts() {
        let set = TileSet::italian();
        assert_eq!(set.total(), 120);
        assert_eq!(set.jollies, 2);
        let n = |c| set.letters.iter().find(|x| x.upper == c).unwrap().count;
        let v = |c| set.letters.iter().find(|x| x.upper == c).unwrap().value;
        assert_eq!((n('O'), n('A'), n('I'), n('E')), (15, 14, 12, 11));
        assert_eq!((v('Q'), n('Q'), v('Z'), n('Z')), (10, 1, 8, 2));
        for c in ['J', 'K', 'W', 'X', 'Y'] {
            assert_eq!(n(c), 0, "{c} exists only as a jolly (NS-2)");
        }
        assert_eq!(TileSet::english().total(), 100);
        assert_eq!(TileSet::polish().total(), 100);
    }

    /// NS-1: 8 triple word, 17 double word (the star among them), 12 triple letter, 24 double
    /// letter squares, symmetric under the board's eight symmetries.
    #[test]
    #[allow(clippy::needless_range_loop)]
    fn ns1_premium_counts_and_symmetry() {
        let grid = premiums();
        let count = |p| grid.iter().flatten().filter(|&&x| x == p).count();
        assert_eq!(count(Premium::TripleWord), 8);
        assert_eq!(count(Premium::DoubleWord), 17);
        assert_eq!(count(Premium::TripleLetter), 12);
        assert_eq!(count(Premium::DoubleLetter), 24);
        assert_eq!(grid[STAR.0][STAR.1], Premium::DoubleWord);
        for r in 0..SIZE {
            for c in 0..SIZE {
                assert_eq!(grid[r][c], grid[c][r]);
                assert_eq!(grid[r][c], grid[SIZE - 1 - r][c]);
            }
        }
    }

    #[test]
    fn tiles_parse_and_print() {
        let set = TileSet::italian();
        let a = set.parse('A').unwrap();
        assert_eq!(a, 1);
        assert_eq!(set.parse('x'), Some(24 | BLANK));
        assert_eq!(set.char_of(24 | BLANK), 'x');
        assert_eq!(set.value(set.parse('q').unwrap()), 0);
        assert_eq!(set.value(set.parse('Q').unwrap()), 10);
        assert_eq!(set.parse('1'), None);
        let pl = TileSet::polish();
        assert_eq!(pl.value(pl.parse('Ź').unwrap()), 9);
        assert_eq!(pl.char_of(pl.parse('ś').unwrap()), 'ś');
    }
}
