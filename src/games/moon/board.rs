//! The 5x5 board as bitboards, and the placement rule MN-2.

use super::{Square, Tile, TileSet};

const EMPTY: u8 = 25;
const ALL_SQUARES: u32 = (1 << 25) - 1;
/// Squares of file a (column 0) and file e (column 4).
const FILE_A: u32 = 0b00001_00001_00001_00001_00001;
const FILE_E: u32 = FILE_A << 4;

/// The squares orthogonally next to those in `mask`.
fn neighbours(mask: u32) -> u32 {
    ((mask << 5) | (mask >> 5) | ((mask << 1) & !FILE_A) | ((mask >> 1) & !FILE_E)) & ALL_SQUARES
}

/// `TILES_WITH[m][b]`: the tiles whose moon colour is in the 5-bit mask `m`
/// and whose background colour is in `b`.
static TILES_WITH: [[u32; 32]; 32] = {
    let mut table = [[0u32; 32]; 32];
    let mut m = 0;
    while m < 32 {
        let mut b = 0;
        while b < 32 {
            let mut set = 0u32;
            let mut t = 0;
            while t < 25 {
                if m & (1 << (t / 5)) != 0 && b & (1 << (t % 5)) != 0 {
                    set |= 1 << t;
                }
                t += 1;
            }
            table[m][b] = set;
            b += 1;
        }
        m += 1;
    }
    table
};

/// Why a tile may not go on a square (the sheet's rules 3-6, MN-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// Rule 3: the square already holds this tile.
    Occupied(Tile),
    /// Rule 4: no tile on a side of the square.
    NotAdjacent,
    /// Rule 5: a moon of the same colour in the row or column, at this square.
    MoonColour(Square),
    /// Rule 6: a background of the same colour in the row or column, at this square.
    BackgroundColour(Square),
}

/// Tiles on the board, with per-row and per-column masks of the colours used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    tiles: [u8; 25],
    occupied: u32,
    on_board: TileSet,
    row_moon: [u8; 5],
    row_bg: [u8; 5],
    col_moon: [u8; 5],
    col_bg: [u8; 5],
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    pub fn empty() -> Board {
        Board {
            tiles: [EMPTY; 25],
            occupied: 0,
            on_board: TileSet::EMPTY,
            row_moon: [0; 5],
            row_bg: [0; 5],
            col_moon: [0; 5],
            col_bg: [0; 5],
        }
    }

    /// The board at the start: `centre` on c3.
    pub fn with_centre(centre: Tile) -> Board {
        let mut b = Board::empty();
        b.place(centre, Square::CENTRE);
        b
    }

    pub fn get(&self, sq: Square) -> Option<Tile> {
        Tile::from_index(self.tiles[sq.index()] as usize)
    }

    /// Where `tile` lies, if it is on the board.
    pub fn find(&self, tile: Tile) -> Option<Square> {
        if !self.on_board.contains(tile) {
            return None;
        }
        Square::all().find(|&s| self.get(s) == Some(tile))
    }

    pub fn tiles(&self) -> TileSet {
        self.on_board
    }

    pub fn len(&self) -> usize {
        self.occupied.count_ones() as usize
    }

    pub fn is_empty(&self) -> bool {
        self.occupied == 0
    }

    pub fn is_full(&self) -> bool {
        self.occupied == ALL_SQUARES
    }

    /// Empty squares next to a tile: where rule 4 allows a tile.
    pub fn frontier(&self) -> u32 {
        neighbours(self.occupied) & !self.occupied
    }

    /// Rules 3 and 4 only (the solitaire, MN-5).
    pub fn check_adjacent(&self, sq: Square) -> Result<(), Placement> {
        if let Some(t) = self.get(sq) {
            return Err(Placement::Occupied(t));
        }
        if self.frontier() & sq.bit() == 0 {
            return Err(Placement::NotAdjacent);
        }
        Ok(())
    }

    /// The whole placement rule MN-2 (sheet rules 3-6).
    pub fn check(&self, tile: Tile, sq: Square) -> Result<(), Placement> {
        self.check_adjacent(sq)?;
        let (r, c) = (sq.row(), sq.col());
        let m = 1u8 << (tile.moon() as u8);
        if (self.row_moon[r] | self.col_moon[c]) & m != 0 {
            return Err(Placement::MoonColour(
                self.clash(sq, |t| t.moon() == tile.moon()),
            ));
        }
        let b = 1u8 << (tile.background() as u8);
        if (self.row_bg[r] | self.col_bg[c]) & b != 0 {
            return Err(Placement::BackgroundColour(
                self.clash(sq, |t| t.background() == tile.background()),
            ));
        }
        Ok(())
    }

    /// The first square in `sq`'s row, then column, whose tile satisfies `same`.
    fn clash(&self, sq: Square, same: impl Fn(Tile) -> bool) -> Square {
        Square::all()
            .filter(|s| s.row() == sq.row())
            .chain(Square::all().filter(|s| s.col() == sq.col()))
            .find(|&s| self.get(s).is_some_and(&same))
            .unwrap_or(sq)
    }

    /// Put `tile` on `sq` without checking (callers check first).
    pub fn place(&mut self, tile: Tile, sq: Square) {
        let i = sq.index();
        self.tiles[i] = tile.index() as u8;
        self.occupied |= sq.bit();
        self.on_board.insert(tile);
        let (r, c) = (sq.row(), sq.col());
        let m = 1u8 << (tile.moon() as u8);
        let b = 1u8 << (tile.background() as u8);
        self.row_moon[r] |= m;
        self.col_moon[c] |= m;
        self.row_bg[r] |= b;
        self.col_bg[c] |= b;
    }

    /// The tiles MN-2 allows on `sq` (assuming `sq` is on the frontier).
    pub fn allowed(&self, sq: Square) -> TileSet {
        let (r, c) = (sq.row(), sq.col());
        let m = !(self.row_moon[r] | self.col_moon[c]) & 31;
        let b = !(self.row_bg[r] | self.col_bg[c]) & 31;
        TileSet(TILES_WITH[m as usize][b as usize])
    }

    /// Can any tile of `available` be placed anywhere (MN-4: else the player is out)?
    pub fn can_place_any(&self, available: TileSet) -> bool {
        let mut f = self.frontier();
        while f != 0 {
            let sq = Square(f.trailing_zeros() as u8);
            f &= f - 1;
            if self.allowed(sq).0 & available.0 != 0 {
                return true;
            }
        }
        false
    }

    /// Every legal (tile, square) with the tile from `available`, squares then tiles in order.
    pub fn placements(&self, available: TileSet) -> Vec<(Tile, Square)> {
        let mut out = Vec::new();
        let mut f = self.frontier();
        while f != 0 {
            let sq = Square(f.trailing_zeros() as u8);
            f &= f - 1;
            let ok = TileSet(self.allowed(sq).0 & available.0);
            out.extend(ok.iter().map(|t| (t, sq)));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        Tile::parse(s).unwrap()
    }
    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn frontier_of_the_centre_is_its_four_sides() {
        let b = Board::with_centre(t("RV"));
        let f: Vec<String> = Square::all()
            .filter(|s| b.frontier() & s.bit() != 0)
            .map(|s| s.to_string())
            .collect();
        assert_eq!(f, ["c2", "b3", "d3", "c4"]);
        // Edges do not wrap around: a tile on e1 does not touch a2.
        let mut b = Board::empty();
        b.place(t("BB"), sq("e1"));
        let f: Vec<String> = Square::all()
            .filter(|s| b.frontier() & s.bit() != 0)
            .map(|s| s.to_string())
            .collect();
        assert_eq!(f, ["d1", "e2"]);
    }

    #[test]
    fn placement_rules_3_to_6_mn2() {
        let mut b = Board::with_centre(t("RV"));
        assert_eq!(
            b.check(t("BB"), sq("c3")),
            Err(Placement::Occupied(t("RV")))
        );
        assert_eq!(b.check(t("BB"), sq("a1")), Err(Placement::NotAdjacent));
        // Rule 4 is about sides: a diagonal neighbour is not contact.
        assert_eq!(b.check(t("BB"), sq("b2")), Err(Placement::NotAdjacent));
        assert_eq!(
            b.check(t("RB"), sq("c4")),
            Err(Placement::MoonColour(sq("c3")))
        );
        assert_eq!(
            b.check(t("BV"), sq("b3")),
            Err(Placement::BackgroundColour(sq("c3")))
        );
        assert_eq!(b.check(t("BB"), sq("c4")), Ok(()));
        b.place(t("BB"), sq("c4"));
        // Not adjacent to c3 but in the same row as nothing: b4 touches c4; the moon
        // B is in row 4 (c4), so BG on b4 breaks rule 5 even two squares from c3.
        assert_eq!(
            b.check(t("BG"), sq("b4")),
            Err(Placement::MoonColour(sq("c4")))
        );
        // Same column as c3 and c4, far from them: c5 touches c4; background V at c3.
        assert_eq!(
            b.check(t("GV"), sq("c5")),
            Err(Placement::BackgroundColour(sq("c3")))
        );
        assert_eq!(b.check(t("GA"), sq("c5")), Ok(()));
    }

    #[test]
    fn allowed_agrees_with_check_everywhere() {
        let mut b = Board::with_centre(t("RV"));
        for (tile, s) in [("BB", "c4"), ("GA", "c5"), ("AG", "d3")] {
            b.place(t(tile), sq(s));
        }
        for s in Square::all() {
            for tile in Tile::all() {
                let by_check = b.check(tile, s).is_ok();
                let by_mask = b.frontier() & s.bit() != 0 && b.allowed(s).contains(tile);
                assert_eq!(by_check, by_mask, "{tile} on {s}");
            }
        }
    }
}
