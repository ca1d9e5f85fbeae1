//! Mosaico (seed 000; RULINGS MO-1..MO-5): a solitaire puzzle, all 36 tiles into
//! a compact 6x6 figure. [`State`] implements the engine contract
//! ([`crate::games::engine::Engine`]); a rule broken is a [`RuleBroken`].
//!
//! How tavolo reads the sheet:
//! - **Frame (MO-1, MO-2).** The figure lives in a fixed 6x6 frame of cells `a1`..`f6`
//!   (file `a`-`f` left to right, rank `1`-`6` top to bottom). The first six tiles of
//!   the draw go face up on the start cells, by default the main diagonal `a1 b2 c3
//!   d4 e5 f6`; with the diagonal every row and column is already in use, so a
//!   floating frame would be this same frame. A cell outside it breaks MO-2.
//!   Other start cells must likewise take six different rows and six different
//!   columns (MO-5), so that the frame is still exactly "no row or column of 7".
//! - **Placement (MO-2, MO-4).** A tile goes in an empty cell of the frame, next
//!   (left, right, above, below) to at least one tile it matches (FR-2). In the
//!   `hard` variant a tile with 3 or 4 neighbours must match at least 2 of them.
//! - **Drawing and setting aside (MO-3).** The tiles are drawn one at a time in the
//!   deal's order; the player chooses only where to place. A drawn tile that fits
//!   nowhere is set aside (it may not be set aside if it fits somewhere). Before
//!   each draw, if some set-aside tile fits, the one set aside last among those
//!   that fit must be placed ("as soon as possible, last set aside first").
//! - **End.** Won when all 36 tiles are placed. Lost when the draw is exhausted and
//!   no set-aside tile fits anywhere: nothing can be played any more.

mod broken;
pub mod draw;
mod notation;
pub mod record;
pub(crate) mod seen;
pub mod session;
pub mod solve;

use std::fmt;
use std::str::FromStr;

use super::tile::Tile;
use crate::games::engine::Engine;

pub use broken::{RuleBroken, SetupError};
pub use notation::MoveParseError;

pub const SIDE: usize = 6;
pub const CELLS: usize = SIDE * SIDE;
const EMPTY: u8 = 0xff;

/// The sheet's game, or its harder variant (MO-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    #[default]
    Standard,
    /// A tile with 3 or 4 neighbours must match at least 2 of them.
    Hard,
}

impl Variant {
    pub const ALL: [Variant; 2] = [Variant::Standard, Variant::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Hard => "hard",
        }
    }

    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name() == name)
    }
}

/// A cell, by file (column, 0 = `a`) and rank (row, 0 = `1`, the top). Cells
/// outside the frame can be written (and are refused by the rules, MO-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub file: u8,
    pub rank: u8,
}

impl Cell {
    pub fn new(file: u8, rank: u8) -> Cell {
        Cell { file, rank }
    }

    pub fn in_frame(self) -> bool {
        (self.file as usize) < SIDE && (self.rank as usize) < SIDE
    }

    /// 0..36, rank-major; only for cells in the frame.
    pub fn index(self) -> usize {
        self.rank as usize * SIDE + self.file as usize
    }

    pub fn from_index(i: usize) -> Cell {
        Cell::new((i % SIDE) as u8, (i / SIDE) as u8)
    }

    /// MO-1: the default start, the main diagonal a1 b2 c3 d4 e5 f6.
    pub fn diagonal() -> [Cell; SIDE] {
        std::array::from_fn(|i| Cell::new(i as u8, i as u8))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank as u32 + 1)
    }
}

/// A cell in a batch of deals (`crate::games::line`): its `Display`'s bytes.
impl crate::games::line::Piece for Cell {
    fn put(&self, out: &mut Vec<u8>) {
        if self.in_frame() {
            // One letter, one digit (the frame is 6 by 6).
            out.extend_from_slice(&[b'a' + self.file, b'1' + self.rank]);
        } else {
            use std::io::Write as _;
            let _ = write!(out, "{self}");
        }
    }
}

impl FromStr for Cell {
    type Err = String;

    /// A file letter and a rank number, e.g. `c3`; files `a`-`z`, ranks 1-99.
    fn from_str(s: &str) -> Result<Cell, String> {
        let err = || crate::t!("mosaico-not-a-cell", text = s);
        let mut chars = s.trim().chars();
        let file = chars
            .next()
            .filter(|c| c.is_ascii_alphabetic())
            .ok_or_else(err)?;
        let rank: u8 = chars.as_str().parse().map_err(|_| err())?;
        if !(1..=99).contains(&rank) {
            return Err(err());
        }
        Ok(Cell::new(file.to_ascii_lowercase() as u8 - b'a', rank - 1))
    }
}

/// The deal: the drawing order of the 36 tiles, and where the first six go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    pub draw: [Tile; CELLS],
    pub start: [Cell; SIDE],
}

impl Setup {
    /// The deal order as the draw, started on the diagonal (MO-1). `None` unless
    /// `order` holds each tile once.
    pub fn from_order(order: &[Tile]) -> Option<Setup> {
        let draw: [Tile; CELLS] = order.try_into().ok()?;
        let setup = Setup {
            draw,
            start: Cell::diagonal(),
        };
        setup.twice_in_draw().is_none().then_some(setup)
    }

    /// A tile the draw holds twice, if any.
    fn twice_in_draw(&self) -> Option<Tile> {
        let mut seen = [false; CELLS];
        self.draw
            .iter()
            .copied()
            .find(|t| std::mem::replace(&mut seen[t.index()], true))
    }

    /// The same draw on other start cells: six cells of the frame, in six
    /// different rows and six different columns (MO-5).
    pub fn with_start(mut self, start: [Cell; SIDE]) -> Result<Setup, SetupError> {
        check_start(&start)?;
        self.start = start;
        Ok(self)
    }

    /// Whether a game can start from this setup: each tile once in the draw,
    /// and start cells as [`Setup::with_start`] asks.
    pub fn validate(&self) -> Result<(), SetupError> {
        if let Some(t) = self.twice_in_draw() {
            return Err(SetupError::DrawTwice(t));
        }
        check_start(&self.start)
    }
}

/// Start cells: in the frame, each once, and no two in one row or one column
/// (MO-5), reported in the order written.
fn check_start(start: &[Cell; SIDE]) -> Result<(), SetupError> {
    for (i, &c) in start.iter().enumerate() {
        if !c.in_frame() {
            return Err(SetupError::StartOutside(c));
        }
        if start[..i].contains(&c) {
            return Err(SetupError::StartTwice(c));
        }
    }
    for (i, &b) in start.iter().enumerate() {
        if let Some(&a) = start[..i]
            .iter()
            .find(|a| a.rank == b.rank || a.file == b.file)
        {
            return Err(SetupError::StartClash { a, b });
        }
    }
    Ok(())
}

/// One move: place the tile now in play, or set it aside (MO-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    Place { tile: Tile, cell: Cell },
    Aside { tile: Tile },
}

impl Move {
    pub fn tile(self) -> Tile {
        match self {
            Move::Place { tile, .. } | Move::Aside { tile } => tile,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Ongoing,
    /// All 36 tiles placed.
    Won,
    /// The draw is exhausted and no set-aside tile fits.
    Lost,
}

/// Where the tile now in play comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The next tile of the draw.
    Draw,
    /// A set-aside tile that now fits (MO-3).
    Aside,
}

/// What the rules ask for now: which tile, from where, and whether it fits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    pub tile: Tile,
    pub source: Source,
    /// False: the drawn tile fits nowhere and must be set aside.
    pub fits: bool,
}

/// A position: the frame, how far the draw has gone, the set-aside tiles.
///
/// Set-aside tiles are always drawn tiles that were never placed, in drawing order:
/// a tile is set aside only when drawn, and leaves the pile only to be placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    variant: Variant,
    draw: [Tile; CELLS],
    board: [u8; CELLS],
    /// Tiles drawn so far (the start tiles included).
    drawn: u8,
    /// Bit `i` set: draw tile `i` is set aside.
    aside: u64,
}

impl State {
    /// The start: the first six tiles of the draw on the start cells (MO-1).
    pub fn new(setup: &Setup, variant: Variant) -> State {
        let mut board = [EMPTY; CELLS];
        for (tile, cell) in setup.draw.iter().zip(setup.start) {
            board[cell.index()] = tile.index() as u8;
        }
        State {
            variant,
            draw: setup.draw,
            board,
            drawn: SIDE as u8,
            aside: 0,
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn at(&self, cell: Cell) -> Option<Tile> {
        if !cell.in_frame() {
            return None;
        }
        match self.board[cell.index()] {
            EMPTY => None,
            i => Tile::from_index(i as usize),
        }
    }

    /// Tiles drawn so far, start tiles included.
    pub fn drawn(&self) -> usize {
        self.drawn as usize
    }

    /// The set-aside tiles, first set aside first.
    pub fn aside(&self) -> impl Iterator<Item = Tile> + '_ {
        (0..CELLS)
            .filter(|i| self.aside & (1 << i) != 0)
            .map(|i| self.draw[i])
    }

    pub fn placed(&self) -> usize {
        self.board.iter().filter(|&&b| b != EMPTY).count()
    }

    /// The whole draw in its order (the deal's, which the record's seed gives).
    #[cfg(test)]
    pub(crate) fn draw_order(&self) -> &[Tile; CELLS] {
        &self.draw
    }

    pub(crate) fn board_bytes(&self) -> &[u8; CELLS] {
        &self.board
    }

    /// Why `tile` may not go on `cell` (MO-2, MO-4), or `Ok`.
    pub fn check_cell(&self, tile: Tile, cell: Cell) -> Result<(), RuleBroken> {
        if !cell.in_frame() {
            return Err(RuleBroken::OutsideFrame { cell });
        }
        if let Some(there) = self.at(cell) {
            return Err(RuleBroken::Occupied { cell, there });
        }
        let (neighbours, matching) = self.neighbours(tile, cell);
        if neighbours == 0 {
            return Err(RuleBroken::NotAdjacent { cell });
        }
        if matching == 0 {
            return Err(RuleBroken::NoMatch { tile, cell });
        }
        if self.variant == Variant::Hard && neighbours >= 3 && matching < 2 {
            return Err(RuleBroken::HardTwoMatches {
                tile,
                cell,
                neighbours,
            });
        }
        Ok(())
    }

    /// Number of neighbouring tiles of `cell`, and how many of them `tile` matches.
    fn neighbours(&self, tile: Tile, cell: Cell) -> (u8, u8) {
        let (mut n, mut m) = (0, 0);
        for other in neighbour_cells(cell.index()).into_iter().flatten() {
            if let Some(t) = Tile::from_index(self.board[other] as usize) {
                n += 1;
                m += u8::from(tile.matches(t));
            }
        }
        (n, m)
    }

    /// The cells where `tile` may go now.
    pub fn legal_cells(&self, tile: Tile) -> impl Iterator<Item = Cell> + '_ {
        (0..CELLS)
            .map(Cell::from_index)
            .filter(move |&c| self.fits_at(tile, c.index()))
    }

    fn fits_at(&self, tile: Tile, i: usize) -> bool {
        if self.board[i] != EMPTY {
            return false;
        }
        let (n, m) = self.neighbours(tile, Cell::from_index(i));
        m >= 1 && (self.variant == Variant::Standard || n < 3 || m >= 2)
    }

    fn fits(&self, tile: Tile) -> bool {
        (0..CELLS).any(|i| self.fits_at(tile, i))
    }

    /// What the rules ask for now (MO-3), or `None` when the game is over.
    pub fn turn(&self) -> Option<Turn> {
        // The set-aside tile set aside last among those that fit.
        for i in (0..CELLS).rev() {
            if self.aside & (1 << i) != 0 && self.fits(self.draw[i]) {
                return Some(Turn {
                    tile: self.draw[i],
                    source: Source::Aside,
                    fits: true,
                });
            }
        }
        let tile = *self.draw.get(self.drawn as usize)?;
        Some(Turn {
            tile,
            source: Source::Draw,
            fits: self.fits(tile),
        })
    }

    pub fn outcome(&self) -> Outcome {
        match self.turn() {
            Some(_) => Outcome::Ongoing,
            None if self.aside == 0 => Outcome::Won,
            None => Outcome::Lost,
        }
    }

    /// The tile in play leaves its place (the draw or the set-aside tiles).
    fn take(&mut self, turn: Turn) {
        match turn.source {
            Source::Draw => self.drawn += 1,
            Source::Aside => {
                let i = self
                    .draw
                    .iter()
                    .position(|&t| t == turn.tile)
                    .expect("in the draw");
                self.aside &= !(1 << i);
            }
        }
    }
}

impl Engine for State {
    type Setup = Setup;
    type Rules = Variant;
    type Move = Move;
    type Outcome = Outcome;
    type Broken = RuleBroken;
    type SetupError = SetupError;

    fn start(setup: &Setup, variant: &Variant) -> Result<State, SetupError> {
        setup.validate()?;
        Ok(State::new(setup, *variant))
    }

    fn to_move(&self) -> Option<usize> {
        self.turn().map(|_| 0)
    }

    /// Every legal move now: the cells for the tile in play, or setting it aside.
    fn legal_moves(&self) -> Vec<Move> {
        match self.turn() {
            None => Vec::new(),
            Some(Turn {
                tile, fits: false, ..
            }) => vec![Move::Aside { tile }],
            Some(Turn { tile, .. }) => self
                .legal_cells(tile)
                .map(|cell| Move::Place { tile, cell })
                .collect(),
        }
    }

    /// The tile in play on every cell of the frame and of a ring outside it
    /// (a1..g7), or set aside; any other tile not yet placed set aside.
    fn candidate_moves(&self) -> Vec<Move> {
        let Some(turn) = self.turn() else {
            return Vec::new();
        };
        let ring = SIDE as u8 + 1;
        let mut out: Vec<Move> = (0..ring)
            .flat_map(|rank| (0..ring).map(move |file| Cell::new(file, rank)))
            .map(|cell| Move::Place {
                tile: turn.tile,
                cell,
            })
            .collect();
        out.push(Move::Aside { tile: turn.tile });
        let on_board: Vec<u8> = self.board.iter().copied().filter(|&b| b != EMPTY).collect();
        out.extend(
            Tile::all()
                .filter(|t| *t != turn.tile && !on_board.contains(&(t.index() as u8)))
                .map(|tile| Move::Aside { tile }),
        );
        out
    }

    /// Apply a move, or say which rule it breaks (leaving the state unchanged).
    fn play(&mut self, mv: Move) -> Result<Outcome, RuleBroken> {
        let Some(turn) = self.turn() else {
            return Err(RuleBroken::GameOver {
                won: self.outcome() == Outcome::Won,
            });
        };
        if mv.tile() != turn.tile {
            return Err(RuleBroken::NotInPlay {
                tile: mv.tile(),
                in_play: turn.tile,
                from: turn.source,
                number: self.drawn as usize + 1,
            });
        }
        match mv {
            Move::Place { tile, cell } => {
                self.check_cell(tile, cell)?;
                self.board[cell.index()] = tile.index() as u8;
                self.take(turn);
            }
            Move::Aside { tile } => {
                if turn.fits {
                    if let Some(fits_at) = self.legal_cells(tile).next() {
                        return Err(RuleBroken::MustPlace { tile, fits_at });
                    }
                }
                self.aside |= 1 << self.drawn;
                self.drawn += 1;
            }
        }
        Ok(self.outcome())
    }
}

/// The up to four cells next to cell `i`.
pub(crate) fn neighbour_cells(i: usize) -> [Option<usize>; 4] {
    let (r, c) = (i / SIDE, i % SIDE);
    [
        (r > 0).then(|| i - SIDE),
        (r + 1 < SIDE).then(|| i + SIDE),
        (c > 0).then(|| i - 1),
        (c + 1 < SIDE).then(|| i + 1),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::engine::Broken;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    fn c(s: &str) -> Cell {
        s.parse().unwrap()
    }

    /// A deal whose draw starts with `first` and continues in canonical order.
    fn setup(first: &[&str]) -> Setup {
        let first: Vec<Tile> = first.iter().map(|s| t(s)).collect();
        let mut order = first.clone();
        order.extend(Tile::all().filter(|x| !first.contains(x)));
        Setup::from_order(&order).unwrap()
    }

    #[test]
    fn cells_are_named_file_then_rank() {
        assert_eq!(c("a1"), Cell::new(0, 0));
        assert_eq!(c("F6").to_string(), "f6");
        assert_eq!(c("g3"), Cell::new(6, 2));
        assert!(!c("g3").in_frame());
        for bad in ["", "3c", "c0", "c", "cc3", "c100"] {
            assert!(bad.parse::<Cell>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn mo1_the_first_six_tiles_go_on_the_diagonal() {
        let s = State::new(
            &setup(&["M1", "P2", "C3", "U4", "F5", "B6"]),
            Variant::Standard,
        );
        assert_eq!(s.at(c("a1")), Some(t("M1")));
        assert_eq!(s.at(c("f6")), Some(t("B6")));
        assert_eq!(s.placed(), 6);
        assert_eq!(s.turn().unwrap().tile, s.draw[6]);
    }

    #[test]
    fn mo2_next_to_a_matching_tile_inside_the_frame() {
        // Draw: the diagonal, then M2.
        let mut s = State::new(
            &setup(&["M1", "P2", "C3", "U4", "F5", "B6", "M2"]),
            Variant::Standard,
        );
        // M2 matches M1 (in scala) at a2/b1, and P2 (same number) around b2.
        let cells: Vec<String> = s.legal_cells(t("M2")).map(|c| c.to_string()).collect();
        assert_eq!(cells, ["b1", "a2", "c2", "b3"]);
        let e = s
            .play(Move::Place {
                tile: t("M2"),
                cell: c("d1"),
            })
            .unwrap_err();
        assert_eq!((e.rule(), e.code()), ("MO-2", "mosaico.not-adjacent"));
        let e = s
            .play(Move::Place {
                tile: t("M2"),
                cell: c("d3"),
            })
            .unwrap_err();
        assert_eq!(e.code(), "mosaico.no-match");
        let e = s
            .play(Move::Place {
                tile: t("M2"),
                cell: c("b2"),
            })
            .unwrap_err();
        assert_eq!(e.code(), "mosaico.occupied");
        let e = s
            .play(Move::Place {
                tile: t("M2"),
                cell: c("g1"),
            })
            .unwrap_err();
        assert_eq!(e.code(), "mosaico.outside-frame");
        let e = s
            .play(Move::Place {
                tile: t("M3"),
                cell: c("a2"),
            })
            .unwrap_err();
        assert_eq!(e.code(), "mosaico.not-in-play");
        assert_eq!(
            s.play(Move::Place {
                tile: t("M2"),
                cell: c("a2")
            }),
            Ok(Outcome::Ongoing)
        );
    }

    #[test]
    fn mo3_an_unplaceable_tile_is_set_aside_and_comes_back_last_first() {
        // B1 matches nothing on the diagonal (no 1, no B2); P1 neither; then B2
        // (fits next to P2), after which B1 fits next to B2.
        let mut s = State::new(
            &setup(&["M3", "P2", "C3", "U4", "F5", "M6", "B1", "P5", "B2"]),
            Variant::Standard,
        );
        let e = s
            .play(Move::Place {
                tile: t("B1"),
                cell: c("a2"),
            })
            .unwrap_err();
        assert_eq!(e.code(), "mosaico.no-match");
        s.play(Move::Aside { tile: t("B1") }).unwrap();
        // P5 fits (next to F5): it may not be set aside.
        let e = s.play(Move::Aside { tile: t("P5") }).unwrap_err();
        assert_eq!(e.code(), "mosaico.must-place");
        s.play(Move::Place {
            tile: t("P5"),
            cell: c("e4"),
        })
        .unwrap();
        s.play(Move::Place {
            tile: t("B2"),
            cell: c("b1"),
        })
        .unwrap();
        // B1 fits now, next to B2: it must be placed before the next draw.
        let turn = s.turn().unwrap();
        assert_eq!((turn.tile, turn.source), (t("B1"), Source::Aside));
        let e = s
            .play(Move::Place {
                tile: s.draw[9],
                cell: c("a2"),
            })
            .unwrap_err();
        assert_eq!(e.code(), "mosaico.not-in-play");
        let message = e.describe(&[]);
        assert!(message.contains("set aside"), "{message}");
        s.play(Move::Place {
            tile: t("B1"),
            cell: c("c1"),
        })
        .unwrap();
        assert_eq!(s.aside().count(), 0);
        assert_eq!(s.turn().unwrap().source, Source::Draw);
    }

    #[test]
    fn mo4_hard_variant_three_neighbours_need_two_matches() {
        // Around b1: a1 M1, c1 (placed), b2 P2. Put U3 at c1? Build a1 M1, b2 P2,
        // then a tile at c1 next to... simpler: check_cell on a hand-filled board.
        let mut s = State::new(&setup(&["M1", "P2", "C3", "U4", "F5", "B6"]), Variant::Hard);
        s.board[c("c1").index()] = t("M3").index() as u8;
        // b1 now has three neighbours: a1 M1, c1 M3, b2 P2.
        assert_eq!(s.neighbours(t("M2"), c("b1")), (3, 3));
        assert!(s.check_cell(t("M2"), c("b1")).is_ok());
        // U2 matches only P2 there: refused in hard, fine in standard.
        let e = s.check_cell(t("U2"), c("b1")).unwrap_err();
        assert_eq!((e.rule(), e.code()), ("MO-4", "mosaico.hard-two-matches"));
        s.variant = Variant::Standard;
        assert!(s.check_cell(t("U2"), c("b1")).is_ok());
    }

    #[test]
    fn game_ends_won_or_lost() {
        // Play the canonical-order deal greedily (first legal move) to its end.
        let mut s = State::new(&setup(&[]), Variant::Standard);
        let mut outcome = Outcome::Ongoing;
        while let Some(&mv) = s.legal_moves().first() {
            outcome = s.play(mv).unwrap();
        }
        assert_ne!(outcome, Outcome::Ongoing);
        assert_eq!(outcome, s.outcome());
        assert_eq!(outcome == Outcome::Won, s.placed() == 36);
        let e = s.play(Move::Aside { tile: t("M1") }).unwrap_err();
        assert_eq!(e.code(), "mosaico.game-over");
        assert!(e.rule().starts_with("GN-1"));
    }
}

#[cfg(test)]
mod mo5_tests {
    use super::*;

    fn cells(s: &str) -> [Cell; SIDE] {
        let v: Vec<Cell> = s.split(' ').map(|c| c.parse().unwrap()).collect();
        v.try_into().unwrap()
    }

    fn setup() -> Setup {
        Setup::from_order(&Tile::all().collect::<Vec<_>>()).unwrap()
    }

    /// MO-5: a start must take six rows and six columns; the clash is named.
    #[test]
    fn mo5_a_start_spans_six_rows_and_six_columns() {
        for ok in [
            "a1 b2 c3 d4 e5 f6",
            "f1 e2 d3 c4 b5 a6",
            "b1 d2 f3 a4 c5 e6",
        ] {
            assert!(setup().with_start(cells(ok)).is_ok(), "{ok}");
        }
        let e = setup().with_start(cells("c1 c2 c3 c4 c5 c6")).unwrap_err();
        assert_eq!(
            e,
            SetupError::StartClash {
                a: Cell::new(2, 0),
                b: Cell::new(2, 1)
            }
        );
        assert!(
            e.to_string().contains("c1 and c2 are both in column c"),
            "{e}"
        );
        let e = setup().with_start(cells("a1 b2 c3 d4 e5 f5")).unwrap_err();
        assert!(e.to_string().contains("e5 and f5 are both in row 5"), "{e}");
        assert_eq!(
            setup().with_start(cells("a1 b2 c3 d4 e5 a1")),
            Err(SetupError::StartTwice(Cell::new(0, 0)))
        );
        assert_eq!(
            setup().with_start(cells("a1 b2 c3 d4 e5 g7")),
            Err(SetupError::StartOutside(Cell::new(6, 6)))
        );
        // The engine refuses such a setup too, however it was built.
        let mut bad = setup();
        bad.start = cells("c1 c2 c3 c4 c5 c6");
        assert!(matches!(
            State::start(&bad, &Variant::Standard),
            Err(SetupError::StartClash { .. })
        ));
        let mut twice = setup();
        twice.draw[1] = twice.draw[0];
        assert_eq!(
            State::start(&twice, &Variant::Standard),
            Err(SetupError::DrawTwice(twice.draw[0]))
        );
    }
}
