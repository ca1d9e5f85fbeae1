//! The grid: cells named like chess squares, the three shapes the game is
//! played on, and the board array the scoring walks.
//!
//! All shapes live in one 9x9 frame padded by a ring of [`OFF`] squares, so a
//! walk along any line stops at a non-card without a bounds check. The fixed
//! grid uses a1..e5, the solitaire a1..d4; `start-from-zero` (QX-1) uses the
//! whole 9x9 frame with the first card on e5, so the grid can grow 4 squares
//! any way while no side may pass 5 cards.

use std::fmt;

use super::cards::{add_suit_value, EMPTY, OFF};
use crate::decktet::Card;

/// Side of the frame all shapes live in.
pub const FRAME: usize = 9;
/// Row stride of the padded board array.
pub const STRIDE: usize = FRAME + 2;
/// Bytes in the padded board array.
pub const PADDED: usize = STRIDE * STRIDE;

/// Orthogonal steps in the padded array: right, left, up, down.
pub const ORTHO: [isize; 4] = [1, -1, STRIDE as isize, -(STRIDE as isize)];
/// One step along each line kind: row, column, and the two diagonals.
pub const LINES: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, STRIDE as isize - 1];

/// A cell of the frame: column a.., row 1.. (`c3` is the fixed grid's centre).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    pub fn new(col: usize, row: usize) -> Option<Cell> {
        (col < FRAME && row < FRAME).then(|| Cell(((row + 1) * STRIDE + col + 1) as u8))
    }
    /// The cell at a padded-array position, if it is inside the frame.
    pub fn from_pos(pos: usize) -> Option<Cell> {
        let (row, col) = (pos / STRIDE, pos % STRIDE);
        (pos < PADDED && (1..=FRAME).contains(&row) && (1..=FRAME).contains(&col))
            .then_some(Cell(pos as u8))
    }
    pub fn col(self) -> usize {
        self.0 as usize % STRIDE - 1
    }
    pub fn row(self) -> usize {
        self.0 as usize / STRIDE - 1
    }
    /// Position in the padded board array.
    pub fn pos(self) -> usize {
        self.0 as usize
    }
    /// `a1`, `C3` (case-insensitive, GN-2).
    pub fn parse(s: &str) -> Option<Cell> {
        let s = s.trim();
        let mut chars = s.chars();
        let col = chars.next()?.to_ascii_lowercase();
        let row: usize = chars.as_str().parse().ok()?;
        if !col.is_ascii_lowercase() || !chars.as_str().bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        Cell::new((col as u8 - b'a') as usize, row.checked_sub(1)?)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col() as u8) as char, self.row() + 1)
    }
}

impl serde::Serialize for Cell {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Which grid a round is played on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    /// The sheet's 5x5 grid a1..e5 (QX-1).
    Fixed,
    /// `start-from-zero`: grows from e5 in the 9x9 frame, no side longer than 5.
    Zero,
    /// The 4x4 solitaire grid a1..d4 (QX-11).
    Solitaire,
}

impl Shape {
    /// The longest side a grid may have.
    pub fn side(self) -> usize {
        match self {
            Shape::Solitaire => 4,
            _ => 5,
        }
    }
    /// Cards on a full grid.
    pub fn size(self) -> usize {
        self.side() * self.side()
    }
    /// Runs, sets and colour lines use the diagonals too (not in the
    /// solitaire: QX-11, QX-9).
    pub fn diagonals(self) -> bool {
        self != Shape::Solitaire
    }
    /// The squares dealt face up at the start: the corners (and the centre
    /// with 2 or 4 players); `start-from-zero` one card on e5.
    pub fn start_cells(self, players: usize) -> Vec<Cell> {
        let cell = |c, r| Cell::new(c, r).expect("inside the frame");
        match self {
            Shape::Zero => vec![cell(4, 4)],
            Shape::Solitaire => vec![cell(0, 0), cell(3, 0), cell(0, 3), cell(3, 3)],
            Shape::Fixed => {
                let mut v = vec![cell(0, 0), cell(4, 0), cell(0, 4), cell(4, 4)];
                if players.is_multiple_of(2) {
                    v.push(cell(2, 2));
                }
                v
            }
        }
    }
    /// Cells inside the shape's area (where cards may ever go): a record
    /// naming another cell is unreadable, not an illegal move.
    pub fn area(self, cell: Cell) -> bool {
        match self {
            Shape::Zero => true,
            _ => cell.col() < self.side() && cell.row() < self.side(),
        }
    }
}

/// Why a card cannot go on a cell (rules of the grid only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Outside the grid.
    OffGrid,
    /// A card is already there.
    Occupied(Card),
    /// `start-from-zero`: no orthogonal neighbour (QX-1).
    NoContact,
    /// `start-from-zero`: a side would pass 5 cards (QX-1).
    TooLong,
}

/// The cards on the grid: one byte per padded square (a card index,
/// [`EMPTY`] or [`OFF`]), the Ace-and-Crown suit sums and the extent.
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    pub(crate) cells: [u8; PADDED],
    /// Per suit, the suit-sum value of the cards on the grid (QX-3).
    pub(crate) suit_sum: [u16; 6],
    shape: Shape,
    filled: u8,
    /// Columns and rows in use: min, max (start-from-zero's limit).
    cols: (u8, u8),
    rows: (u8, u8),
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut list = f.debug_map();
        for (cell, card) in self.cards() {
            list.entry(&cell.to_string(), &card.code());
        }
        list.finish()
    }
}

impl Board {
    pub fn new(shape: Shape) -> Board {
        let mut cells = [OFF; PADDED];
        for row in 0..FRAME {
            for col in 0..FRAME {
                let cell = Cell::new(col, row).expect("inside the frame");
                if shape.area(cell) {
                    cells[cell.pos()] = EMPTY;
                }
            }
        }
        Board {
            cells,
            suit_sum: [0; 6],
            shape,
            filled: 0,
            cols: (u8::MAX, 0),
            rows: (u8::MAX, 0),
        }
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }
    pub fn get(&self, cell: Cell) -> Option<Card> {
        Card::from_index(self.cells[cell.pos()] as usize)
    }
    pub fn filled(&self) -> usize {
        self.filled as usize
    }
    pub fn is_full(&self) -> bool {
        self.filled() >= self.shape.size()
    }
    /// The cards on the grid, in cell order.
    pub fn cards(&self) -> impl Iterator<Item = (Cell, Card)> + '_ {
        (0..PADDED).filter_map(|p| {
            Some((
                Cell::from_pos(p)?,
                Card::from_index(self.cells[p] as usize)?,
            ))
        })
    }

    /// Whether `cell` may take a card now.
    pub fn check(&self, cell: Cell) -> Result<(), Refusal> {
        match self.cells[cell.pos()] {
            OFF => return Err(Refusal::OffGrid),
            EMPTY => {}
            c => {
                return Err(Refusal::Occupied(
                    Card::from_index(c as usize).expect("a card"),
                ))
            }
        }
        if self.shape == Shape::Zero && self.filled > 0 {
            let p = cell.pos();
            if ORTHO
                .iter()
                .all(|&d| self.cells[(p as isize + d) as usize] >= OFF)
            {
                return Err(Refusal::NoContact);
            }
            let (c, r) = (cell.col() as u8, cell.row() as u8);
            let wide = self.cols.1.max(c) - self.cols.0.min(c) + 1;
            let tall = self.rows.1.max(r) - self.rows.0.min(r) + 1;
            if wide as usize > self.shape.side() || tall as usize > self.shape.side() {
                return Err(Refusal::TooLong);
            }
        }
        Ok(())
    }

    /// Every cell that may take a card now, in cell order.
    pub fn open_cells(&self) -> Vec<Cell> {
        (0..PADDED)
            .filter(|&p| self.cells[p] == EMPTY)
            .filter_map(Cell::from_pos)
            .filter(|&c| self.check(c).is_ok())
            .collect()
    }

    /// Put `card` on `cell` (the caller has checked it).
    pub fn put(&mut self, cell: Cell, card: Card) {
        self.cells[cell.pos()] = card.index() as u8;
        add_suit_value(&mut self.suit_sum, card);
        self.filled += 1;
        let (c, r) = (cell.col() as u8, cell.row() as u8);
        self.cols = (self.cols.0.min(c), self.cols.1.max(c));
        self.rows = (self.rows.0.min(r), self.rows.1.max(r));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_read_and_write() {
        assert_eq!(Cell::parse("c3").unwrap().to_string(), "c3");
        assert_eq!(Cell::parse("C3"), Cell::parse("c3"));
        let a1 = Cell::parse("a1").unwrap();
        assert_eq!((a1.col(), a1.row()), (0, 0));
        assert_eq!(Cell::parse("i9").unwrap().to_string(), "i9");
        for bad in ["", "a", "a0", "j1", "a10", "1a", "a-1", "a1x"] {
            assert_eq!(Cell::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn start_cells_qx1_qx11() {
        let names = |v: Vec<Cell>| v.iter().map(Cell::to_string).collect::<Vec<_>>().join(" ");
        assert_eq!(names(Shape::Fixed.start_cells(3)), "a1 e1 a5 e5");
        assert_eq!(names(Shape::Fixed.start_cells(2)), "a1 e1 a5 e5 c3");
        assert_eq!(names(Shape::Fixed.start_cells(4)), "a1 e1 a5 e5 c3");
        assert_eq!(names(Shape::Solitaire.start_cells(1)), "a1 d1 a4 d4");
        assert_eq!(names(Shape::Zero.start_cells(2)), "e5");
    }

    #[test]
    fn start_from_zero_contact_and_side_qx1() {
        let mut b = Board::new(Shape::Zero);
        let card = |i| Card::from_index(i).unwrap();
        let cell = |s| Cell::parse(s).unwrap();
        b.put(cell("e5"), card(0));
        assert_eq!(b.check(cell("e6")), Ok(()));
        assert_eq!(b.check(cell("f6")), Err(Refusal::NoContact));
        assert_eq!(b.check(cell("e5")), Err(Refusal::Occupied(card(0))));
        for (i, c) in ["f5", "g5", "h5", "i5"].into_iter().enumerate() {
            b.put(cell(c), card(i + 1));
        }
        // e5..i5 is 5 long: d5 would make 6.
        assert_eq!(b.check(cell("d5")), Err(Refusal::TooLong));
        assert_eq!(b.check(cell("e4")), Ok(()));
        assert_eq!(b.open_cells().len(), 10);
        let fixed = Board::new(Shape::Fixed);
        assert_eq!(fixed.check(cell("f1")), Err(Refusal::OffGrid));
        assert_eq!(fixed.check(cell("c3")), Ok(()));
        assert_eq!(fixed.open_cells().len(), 25);
        assert_eq!(Board::new(Shape::Solitaire).open_cells().len(), 16);
    }
}
