//! The solitaire (MN-5): tiles drawn at random are placed one at a time by the
//! adjacency rule only (sheet rules 3-4); the board succeeds when every row and
//! every column shows five different moons and five different backgrounds.

use std::fmt;

use super::position::{Outcome, RuleBroken};
use super::{Board, Colour, Move, SetupError, Square, Tile, TileSet};
use crate::games::engine::Engine;

/// What a solitaire starts from: the first tile drawn, on c3, and the order
/// the other 24 are drawn in, if known (a record may leave it out: then its
/// moves are the draw).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolitaireSetup {
    pub centre: Tile,
    pub draw: Option<Vec<Tile>>,
}

/// A solitaire in progress. The first drawn tile lies on c3 (as in the
/// 2-player game); `draw` is the order of the other 24, when the record gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solitaire {
    board: Board,
    draw: Option<Vec<Tile>>,
    next: usize,
}

/// A row or column that breaks the solitaire's goal: a colour seen twice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineBreak {
    /// `true` for a row (rank 1..5), `false` for a column (file a..e).
    pub row: bool,
    /// Row 0..5 or column 0..5.
    pub index: usize,
    /// `true` when two moons share the colour, `false` for two backgrounds.
    pub moon: bool,
    pub colour: Colour,
    pub squares: [Square; 2],
}

impl fmt::Display for LineBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = if self.row {
            format!("row {}", self.index + 1)
        } else {
            format!("column {}", (b'a' + self.index as u8) as char)
        };
        let part = if self.moon { "moons" } else { "backgrounds" };
        write!(
            f,
            "{line} has two {} {part} ({} and {})",
            self.colour.name(),
            self.squares[0],
            self.squares[1]
        )
    }
}

impl Solitaire {
    pub fn new(centre: Tile, draw: Option<Vec<Tile>>) -> Result<Solitaire, SetupError> {
        if let Some(d) = &draw {
            if d.len() != 24 {
                return Err(SetupError::DrawSize(d.len()));
            }
            let mut seen = TileSet::EMPTY;
            seen.insert(centre);
            for &t in d {
                if seen.contains(t) {
                    return Err(SetupError::Twice(t));
                }
                seen.insert(t);
            }
        }
        Ok(Solitaire {
            board: Board::with_centre(centre),
            draw,
            next: 0,
        })
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn is_over(&self) -> bool {
        self.board.is_full()
    }

    /// The tile that must be placed next, when the draw order is known.
    pub fn next_tile(&self) -> Option<Tile> {
        self.draw.as_ref().and_then(|d| d.get(self.next).copied())
    }

    /// Check a move without playing it: only the next tile drawn, touching a
    /// tile by a side (MN-5).
    pub fn check(&self, mv: Move) -> Result<(), RuleBroken> {
        let Move {
            player,
            tile,
            square,
        } = mv;
        if self.is_over() {
            return Err(RuleBroken::BoardFull);
        }
        if player != 0 {
            return Err(RuleBroken::OutOfTurn {
                player,
                expected: 0,
            });
        }
        if let Some(expected) = self.next_tile() {
            if tile != expected {
                return Err(RuleBroken::NotNextDraw { tile, expected });
            }
        }
        if let Some(at) = self.board.find(tile) {
            return Err(RuleBroken::TileOnBoard { tile, at });
        }
        self.board
            .check_adjacent(square)
            .map_err(|why| RuleBroken::Placement { tile, square, why })
    }

    /// Rows then columns that show a colour twice (empty = success, MN-5).
    /// Meaningful once the board is full; on a partial board it lists the
    /// breaks so far.
    pub fn breaks(&self) -> Vec<LineBreak> {
        let mut out = Vec::new();
        for row in [true, false] {
            for index in 0..5 {
                let line: Vec<(Square, Tile)> = Square::all()
                    .filter(|s| {
                        if row {
                            s.row() == index
                        } else {
                            s.col() == index
                        }
                    })
                    .filter_map(|s| self.board.get(s).map(|t| (s, t)))
                    .collect();
                for moon in [true, false] {
                    let colour = |t: Tile| if moon { t.moon() } else { t.background() };
                    'pairs: for (i, &(a, ta)) in line.iter().enumerate() {
                        for &(b, tb) in &line[i + 1..] {
                            if colour(ta) == colour(tb) {
                                out.push(LineBreak {
                                    row,
                                    index,
                                    moon,
                                    colour: colour(ta),
                                    squares: [a, b],
                                });
                                break 'pairs;
                            }
                        }
                    }
                }
            }
        }
        out
    }
}

impl Engine for Solitaire {
    type Setup = SolitaireSetup;
    type Rules = ();
    type Move = Move;
    type Outcome = Outcome;
    type Broken = RuleBroken;
    type SetupError = SetupError;

    fn start(setup: &SolitaireSetup, _rules: &()) -> Result<Solitaire, SetupError> {
        Solitaire::new(setup.centre, setup.draw.clone())
    }

    fn to_move(&self) -> Option<usize> {
        (!self.is_over()).then_some(0)
    }

    /// Every legal placement: the next drawn tile (or, with no draw order, any
    /// tile not yet placed) on every square next to a tile.
    fn legal_moves(&self) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        let tiles: Vec<Tile> = match self.next_tile() {
            Some(t) => vec![t],
            None => Tile::all()
                .filter(|&t| !self.board.tiles().contains(t))
                .collect(),
        };
        let mut out = Vec::new();
        for square in Square::all().filter(|s| self.board.frontier() & s.bit() != 0) {
            out.extend(tiles.iter().map(|&tile| Move {
                player: 0,
                tile,
                square,
            }));
        }
        out
    }

    /// Every tile on every square.
    fn candidate_moves(&self) -> Vec<Move> {
        Tile::all()
            .flat_map(|tile| {
                Square::all().map(move |square| Move {
                    player: 0,
                    tile,
                    square,
                })
            })
            .collect()
    }

    /// Place a tile: [`Outcome::Full`] when the board is now full.
    fn play(&mut self, mv: Move) -> Result<Outcome, RuleBroken> {
        self.check(mv)?;
        self.board.place(mv.tile, mv.square);
        self.next += 1;
        Ok(if self.is_over() {
            Outcome::Full
        } else {
            Outcome::Next(0)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::moon::Placement;

    fn mv(tile: Tile, square: Square) -> Move {
        Move {
            player: 0,
            tile,
            square,
        }
    }

    /// Two orthogonal Latin squares: moon (r + c) mod 5, background (r + 2c) mod 5.
    /// Every tile once, every row and column with five moons and five backgrounds:
    /// a solved solitaire like the sheet's figure 2.
    fn solved_layout() -> Vec<(Square, Tile)> {
        Square::all()
            .map(|s| {
                let (r, c) = (s.row(), s.col());
                let m = Colour::ALL[(r + c) % 5];
                let b = Colour::ALL[(r + 2 * c) % 5];
                (s, Tile::new(m, b))
            })
            .collect()
    }

    /// Fill the board outwards from c3 in breadth-first order so every placement touches.
    fn fill_order(layout: &[(Square, Tile)]) -> Vec<(Square, Tile)> {
        let mut order = vec![Square::CENTRE];
        let mut i = 0;
        while i < order.len() {
            let s = order[i];
            for (dc, dr) in [(0i32, -1i32), (-1, 0), (1, 0), (0, 1)] {
                let (c, r) = (s.col() as i32 + dc, s.row() as i32 + dr);
                if let Some(n) = Square::new(c as usize, r as usize).filter(|_| c >= 0 && r >= 0) {
                    if !order.contains(&n) {
                        order.push(n);
                    }
                }
            }
            i += 1;
        }
        order
            .into_iter()
            .map(|s| *layout.iter().find(|(q, _)| *q == s).unwrap())
            .collect()
    }

    #[test]
    fn a_latin_square_board_succeeds_mn5() {
        let order = fill_order(&solved_layout());
        let draw: Vec<Tile> = order[1..].iter().map(|&(_, t)| t).collect();
        let mut s = Solitaire::new(order[0].1, Some(draw)).unwrap();
        for (i, &(sq, t)) in order[1..].iter().enumerate() {
            let want = if i == 23 {
                Outcome::Full
            } else {
                Outcome::Next(0)
            };
            assert_eq!(s.play(mv(t, sq)), Ok(want));
        }
        assert!(s.is_over());
        assert_eq!(s.breaks(), vec![]);
        assert!(s.legal_moves().is_empty());
    }

    #[test]
    fn a_swapped_pair_breaks_named_rows_and_columns_mn5() {
        // Swap the tiles of a1 and b1: row 1 keeps its colours, but columns a and b
        // now repeat colours.
        let mut layout = solved_layout();
        let (a1, b1) = (0, 1);
        let ta = layout[a1].1;
        layout[a1].1 = layout[b1].1;
        layout[b1].1 = ta;
        let order = fill_order(&layout);
        let mut s = Solitaire::new(order[0].1, None).unwrap();
        for &(sq, t) in &order[1..] {
            s.play(mv(t, sq)).unwrap();
        }
        let breaks: Vec<String> = s.breaks().iter().map(|b| b.to_string()).collect();
        assert!(!breaks.is_empty());
        assert!(
            breaks
                .iter()
                .all(|b| b.starts_with("column a") || b.starts_with("column b")),
            "{breaks:?}"
        );
        assert!(
            breaks.contains(&"column a has two viola moons (a1 and a2)".to_string()),
            "{breaks:?}"
        );
    }

    #[test]
    fn only_adjacency_and_draw_order_apply_mn5() {
        let rv = Tile::parse("RV").unwrap();
        let rb = Tile::parse("RB").unwrap();
        let bb = Tile::parse("BB").unwrap();
        let mut draw: Vec<Tile> = Tile::all()
            .filter(|&t| t != rv && t != rb && t != bb)
            .collect();
        draw.insert(0, rb);
        draw.insert(1, bb);
        let mut s = Solitaire::new(rv, Some(draw)).unwrap();
        let c4 = Square::parse("c4").unwrap();
        // Same moon as the centre in the same column: allowed in the solitaire.
        assert_eq!(
            s.check(mv(bb, c4)),
            Err(RuleBroken::NotNextDraw {
                tile: bb,
                expected: rb
            })
        );
        assert_eq!(
            s.check(mv(rb, Square::parse("a1").unwrap())),
            Err(RuleBroken::Placement {
                tile: rb,
                square: Square::parse("a1").unwrap(),
                why: Placement::NotAdjacent
            })
        );
        assert_eq!(s.play(mv(rb, c4)), Ok(Outcome::Next(0)));
        assert_eq!(s.legal_moves().len(), 6);
        assert!(matches!(
            Solitaire::new(rv, Some(vec![rb])),
            Err(SetupError::DrawSize(1))
        ));
    }
}
