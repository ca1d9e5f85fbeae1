//! The components as data (NS-1), one model for the referee and the print kit: the tile set
//! (an alphabet with each letter's value and count, and the jollies) and the premium layout of
//! the 15x15 board. Their home is the bundled kit's `[data]` (`templates/natura.toml`), which
//! the kit prints and this module reads (compiled in, parsed once). Other languages' sets
//! (English, Polish) are here as tables, so records written by other programs replay with
//! their own tiles.
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
    /// Read from the bundled kit's `[data]` (its one home, shared with the printed tiles).
    pub fn italian() -> TileSet {
        kit().set.clone()
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

/// The bundled kit, whose `[data]` holds the tile set and the premium layout (NS-1): one
/// model for the printed board and tiles and for the referee. Compiled in, read once.
const KIT_TOML: &str = include_str!("../../../templates/natura.toml");

/// What the engine takes from the kit's `[data]`.
struct Kit {
    set: TileSet,
    premiums: [[Premium; SIZE]; SIZE],
    /// Checked against [`STAR`] in the tests (the engine keeps the star as a constant).
    #[cfg_attr(not(test), allow(dead_code))]
    star: (usize, usize),
}

/// `H8` -> (row, column), 0-based.
fn kit_square(name: &str) -> Option<(usize, usize)> {
    let col = usize::from(name.as_bytes().first()?.checked_sub(b'A')?);
    let row: usize = name.get(1..)?.parse().ok()?;
    (col < SIZE && (1..=SIZE).contains(&row)).then_some((row - 1, col))
}

fn read_kit(text: &str) -> Result<Kit, String> {
    let doc: toml::Table = text.parse().map_err(|e| format!("{e}"))?;
    let data = doc
        .get("data")
        .and_then(|d| d.as_table())
        .ok_or("no [data]")?;
    let mut table: Vec<(char, u32, u8)> = ('A'..='Z').map(|c| (c, 0, 0)).collect();
    let mut jollies = 0;
    for t in data
        .get("tiles")
        .and_then(|t| t.as_array())
        .ok_or("no tiles")?
    {
        let letter = t
            .get("letter")
            .and_then(|v| v.as_str())
            .ok_or("tile letter")?;
        let value = t
            .get("value")
            .and_then(|v| v.as_integer())
            .ok_or("tile value")?;
        let count = t
            .get("count")
            .and_then(|v| v.as_integer())
            .ok_or("tile count")?;
        let count = u8::try_from(count).map_err(|_| "tile count")?;
        match letter.chars().next() {
            Some('?') => jollies = count,
            Some(c @ 'A'..='Z') if letter.len() == 1 => {
                table[usize::from(c as u8 - b'A')] =
                    (c, u32::try_from(value).map_err(|_| "tile value")?, count)
            }
            _ => return Err(format!("tile `{letter}`")),
        }
    }
    let set = TileSet::from_ascii("italian", &table, jollies);
    let p = data
        .get("premiums")
        .and_then(|p| p.as_table())
        .ok_or("no [data.premiums]")?;
    let mut premiums = [[Premium::None; SIZE]; SIZE];
    for (key, kind) in [
        ("TW", Premium::TripleWord),
        ("DW", Premium::DoubleWord),
        ("TL", Premium::TripleLetter),
        ("DL", Premium::DoubleLetter),
    ] {
        for name in p.get(key).and_then(|l| l.as_array()).ok_or(key)? {
            let (r, c) = name
                .as_str()
                .and_then(kit_square)
                .ok_or_else(|| format!("premium square {name}"))?;
            premiums[r][c] = kind;
        }
    }
    let star = p
        .get("star")
        .and_then(|s| s.as_str())
        .and_then(kit_square)
        .ok_or("no star")?;
    Ok(Kit {
        set,
        premiums,
        star,
    })
}

fn kit() -> &'static Kit {
    static KIT: std::sync::OnceLock<Kit> = std::sync::OnceLock::new();
    // The kit is compiled in and its reading is tested: a failure is a build mistake.
    KIT.get_or_init(|| read_kit(KIT_TOML).expect("the bundled natura kit's [data]"))
}

/// The premium of every square, `[row][column]` from the top left (the kit's `[data.premiums]`).
pub fn premiums() -> [[Premium; SIZE]; SIZE] {
    kit().premiums
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

    /// One model (NS-1): the engine's set and layout are the bundled kit's `[data]`, the
    /// star where the engine looks for it, and the counts the kit prints.
    #[test]
    fn ns1_engine_reads_the_kit_data() {
        let kit = read_kit(KIT_TOML).unwrap();
        assert_eq!(kit.star, STAR);
        assert_eq!(kit.set.total(), 120);
        assert_eq!(kit.set.letters.len(), 26);
        let grid = premiums();
        assert_eq!(grid[0][0], Premium::TripleWord);
        assert_eq!(grid[0][3], Premium::DoubleLetter);
        assert_eq!(grid[1][5], Premium::TripleLetter);
        // A changed kit changes the engine: the data is read, not copied.
        let moved = KIT_TOML.replace(
            "{ letter = \"Q\", value = 10,",
            "{ letter = \"Q\", value = 11,",
        );
        assert_ne!(moved, KIT_TOML);
        let other = read_kit(&moved).unwrap();
        assert_eq!(other.set.value(other.set.parse('Q').unwrap()), 11);
        let broken = KIT_TOML.replace("star = \"H8\"", "star = \"Z99\"");
        assert!(read_kit(&broken).is_err());
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
