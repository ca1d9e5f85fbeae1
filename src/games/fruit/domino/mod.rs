//! Domino della Frutta (seed 000; RULINGS DF-1..DF-6): the rules engine,
//! pure logic.
//!
//! ## Coordinates
//! All tiles of one number share one column (DF-1), so a tile's column *is*
//! its number: column `n` holds the `n`s. Runs then read 1..6 left to right;
//! a table laid the other way (DF-1's direction -1) is its mirror image, and
//! every rule (runs, equal numbers, the 2x2 block, touching a turned tile) is
//! the same in the mirror, so the referee never needs the direction. A
//! placement therefore names only the tile and its **row**: the first tile
//! laid is in row 0, rows below it are 1, 2, ... and rows above -1, -2, ...
//!
//! ## Turns
//! On their turn a player (not out) does one of:
//! - [`Move::Place`] a tile from their hand (DF-2);
//! - [`Move::Turn`] over a tile on the table, once per game (DF-5); in open
//!   play only when they could have placed a tile (DF-4);
//! - [`Move::Draw`] a set-aside tile when none of theirs can be placed, and
//!   place it at once if it can be placed, else keep it (DF-4);
//! - [`Move::Out`]: none of theirs can be placed and the set-aside pile is
//!   empty, so they leave the game (DF-4).
//!
//! Open play ("tessere scoperte") may be called from the second round on
//! ([`State::call_open`]); it changes legality only for the special move.

pub mod record;

use std::collections::BTreeMap;
use std::fmt;

use super::tile::Tile;
use super::tileset::TileSet;

/// A move by the player whose turn it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    Place {
        tile: Tile,
        row: i32,
    },
    Turn {
        tile: Tile,
    },
    /// Draw `tile` from the set-aside pile; `row` when it is placed at once.
    Draw {
        tile: Tile,
        row: Option<i32>,
    },
    Out,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place { tile, row } => write!(f, "place {tile} in row {row}"),
            Move::Turn { tile } => write!(f, "turn over {tile}"),
            Move::Draw {
                tile,
                row: Some(row),
            } => write!(f, "draw {tile}, place it in row {row}"),
            Move::Draw { tile, row: None } => write!(f, "draw {tile} and keep it"),
            Move::Out => write!(f, "out"),
        }
    }
}

/// A rule broken by a move: the ruling, a stable code, and what happened.
pub use super::RuleBroken;

/// A tile on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Laid {
    pub tile: Tile,
    /// Turned over by a special move (DF-5).
    pub turned: bool,
}

/// How the game ended (DF-6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct End {
    /// The winners (several on a tie of fewest tiles).
    pub winners: Vec<usize>,
    /// True when a player laid all their tiles.
    pub domino: bool,
    /// Tiles left in each player's hand.
    pub left: Vec<usize>,
}

/// A game of Domino della Frutta.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    hands: Vec<TileSet>,
    set_aside: TileSet,
    /// (row, column = number) -> tile.
    table: BTreeMap<(i32, u8), Laid>,
    /// Each tile's row once laid.
    rows: [Option<i32>; 36],
    turn: usize,
    turns_taken: u32,
    special_used: Vec<bool>,
    out: Vec<bool>,
    open: bool,
    end: Option<End>,
}

impl State {
    /// A game for 2-4 players with these hands and set-aside pile (DF-3);
    /// player 1 (index 0) starts. Every tile must appear at most once.
    pub fn new(hands: Vec<TileSet>, set_aside: TileSet) -> Result<State, RuleBroken> {
        let players = hands.len();
        if !(2..=4).contains(&players) {
            return Err(RuleBroken::new(
                "DF-3",
                "domino.players",
                format!("Domino della Frutta is for 2-4 players, not {players}"),
            ));
        }
        let mut seen = set_aside;
        for (p, h) in hands.iter().enumerate() {
            if let Some(t) = h.iter().find(|&t| seen.contains(t)) {
                return Err(RuleBroken::new(
                    "FR-1",
                    "domino.repeated-tile",
                    format!("{t} is dealt twice (again to player {})", p + 1),
                ));
            }
            seen = seen.union(*h);
        }
        Ok(State {
            hands,
            set_aside,
            table: BTreeMap::new(),
            rows: [None; 36],
            turn: 0,
            turns_taken: 0,
            special_used: vec![false; players],
            out: vec![false; players],
            open: false,
            end: None,
        })
    }

    /// The deal of DF-3 from a shuffled order of the 36 tiles: the first
    /// `players` tiles are set aside, then each player in turn takes the next
    /// (36 - players) / players; any remainder is set aside too.
    pub fn deal(players: usize, order: &[Tile]) -> Result<State, RuleBroken> {
        if !(2..=4).contains(&players) {
            return State::new(vec![TileSet::EMPTY; players], TileSet::EMPTY);
        }
        let each = (order.len() - players.min(order.len())) / players;
        let mut set_aside: TileSet = order.iter().take(players).copied().collect();
        let hands: Vec<TileSet> = (0..players)
            .map(|p| {
                order[players + p * each..players + (p + 1) * each]
                    .iter()
                    .copied()
                    .collect()
            })
            .collect();
        set_aside = set_aside.union(order[players + players * each..].iter().copied().collect());
        State::new(hands, set_aside)
    }

    pub fn players(&self) -> usize {
        self.hands.len()
    }

    pub fn hand(&self, player: usize) -> TileSet {
        self.hands[player]
    }

    pub fn set_aside(&self) -> TileSet {
        self.set_aside
    }

    pub fn turn(&self) -> usize {
        self.turn
    }

    pub fn is_open(&self) -> bool {
        self.open
    }

    pub fn is_out(&self, player: usize) -> bool {
        self.out[player]
    }

    pub fn special_used(&self, player: usize) -> bool {
        self.special_used[player]
    }

    pub fn end(&self) -> Option<&End> {
        self.end.as_ref()
    }

    /// The tiles on the table: (row, column = number) -> tile.
    pub fn table(&self) -> &BTreeMap<(i32, u8), Laid> {
        &self.table
    }

    /// The row of `tile` if it is on the table.
    pub fn row_of(&self, tile: Tile) -> Option<i32> {
        self.rows[tile.index()]
    }

    fn at(&self, row: i32, col: i32) -> Option<Laid> {
        if !(1..=6).contains(&col) {
            return None;
        }
        self.table.get(&(row, col as u8)).copied()
    }

    /// Why `tile` cannot go in `row`, or `None` when it can (DF-1, DF-2).
    pub fn placement_error(&self, tile: Tile, row: i32) -> Option<RuleBroken> {
        if self.table.is_empty() {
            return (row != 0).then(|| {
                RuleBroken::new(
                    "DF-1",
                    "domino.first-row",
                    format!(
                        "the first tile laid defines row 0, so {tile} goes in row 0, not {row}"
                    ),
                )
            });
        }
        let col = tile.number() as i32;
        if let Some(there) = self.at(row, col) {
            return Some(RuleBroken::new(
                "DF-1",
                "domino.occupied",
                format!(
                    "row {row} already has {} in the column of the {}s",
                    there.tile,
                    tile.number()
                ),
            ));
        }
        let neighbours = [
            (row, col - 1, "left"),
            (row, col + 1, "right"),
            (row - 1, col, "above"),
            (row + 1, col, "below"),
        ];
        let mut touches = false;
        for (r, c, side) in neighbours {
            let Some(n) = self.at(r, c) else { continue };
            touches = true;
            if n.turned {
                return Some(RuleBroken::new(
                    "DF-5",
                    "domino.touches-turned",
                    format!("{tile} in row {row} would touch the turned-over {} ({side}); nothing may be laid next to it", n.tile),
                ));
            }
            // Up-down neighbours share the column, hence the number; left-right
            // neighbours are one number apart, so they must share the fruit.
            if r == row && n.tile.fruit() != tile.fruit() {
                return Some(RuleBroken::new(
                    "DF-1",
                    "domino.not-in-scala",
                    format!(
                        "{tile} in row {row} would sit beside {} ({side}): left-right neighbours must be the same fruit in scala",
                        n.tile
                    ),
                ));
            }
        }
        if !touches {
            return Some(RuleBroken::new(
                "DF-2",
                "domino.not-touching",
                format!(
                    "{tile} in row {row} would touch no tile (it goes in the column of the {}s)",
                    tile.number()
                ),
            ));
        }
        for dr in [-1, 0] {
            for dc in [-1, 0] {
                let cells =
                    [(0, 0), (0, 1), (1, 0), (1, 1)].map(|(a, b)| (row + dr + a, col + dc + b));
                let full = cells
                    .iter()
                    .all(|&(r, c)| (r, c) == (row, col) || self.at(r, c).is_some());
                if full {
                    return Some(RuleBroken::new(
                        "DF-2",
                        "domino.square",
                        format!("{tile} in row {row} would complete a 2x2 block of four tiles"),
                    ));
                }
            }
        }
        None
    }

    /// The rows where `tile` can be placed now, in order.
    pub fn placements(&self, tile: Tile) -> Vec<i32> {
        if self.table.is_empty() {
            return vec![0];
        }
        let col = tile.number();
        let mut rows: Vec<i32> = self
            .table
            .keys()
            .filter(|&&(_, c)| c.abs_diff(col) <= 1)
            .flat_map(|&(r, c)| {
                if c == col {
                    vec![r - 1, r + 1]
                } else {
                    vec![r]
                }
            })
            .collect();
        rows.sort_unstable();
        rows.dedup();
        rows.retain(|&r| self.placement_error(tile, r).is_none());
        rows
    }

    /// Whether `player` can place any tile of their hand.
    pub fn can_place(&self, player: usize) -> bool {
        self.hands[player]
            .iter()
            .any(|t| !self.placements(t).is_empty())
    }

    /// Every legal move of the player whose turn it is (a `Draw` is listed
    /// once per set-aside tile, with its placement or keeping it).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.end.is_some() {
            return vec![];
        }
        let p = self.turn;
        let mut moves: Vec<Move> = self.hands[p]
            .iter()
            .flat_map(|tile| {
                self.placements(tile)
                    .into_iter()
                    .map(move |row| Move::Place { tile, row })
            })
            .collect();
        let can_place = !moves.is_empty();
        if !self.special_used[p] && (!self.open || can_place) {
            moves.extend(
                self.table
                    .values()
                    .filter(|l| !l.turned)
                    .map(|l| Move::Turn { tile: l.tile }),
            );
        }
        if !can_place {
            if self.set_aside.is_empty() {
                moves.push(Move::Out);
            } else {
                for tile in self.set_aside.iter() {
                    let rows = self.placements(tile);
                    if rows.is_empty() {
                        moves.push(Move::Draw { tile, row: None });
                    }
                    moves.extend(rows.into_iter().map(|row| Move::Draw {
                        tile,
                        row: Some(row),
                    }));
                }
            }
        }
        moves
    }

    /// Calls open play ("tessere scoperte", DF-4): from the second round on,
    /// by the player whose turn it is, before their move.
    pub fn call_open(&mut self) -> Result<(), RuleBroken> {
        if self.open {
            return Err(RuleBroken::new(
                "DF-4",
                "domino.already-open",
                "open play has already been called",
            ));
        }
        if (self.turns_taken as usize) < self.players() {
            return Err(RuleBroken::new(
                "DF-4",
                "domino.open-too-early",
                "open play may be called only from the second round on",
            ));
        }
        self.open = true;
        Ok(())
    }

    fn lay(&mut self, tile: Tile, row: i32) {
        self.table.insert(
            (row, tile.number()),
            Laid {
                tile,
                turned: false,
            },
        );
        self.rows[tile.index()] = Some(row);
    }

    /// Plays one move for the player whose turn it is. On an error nothing
    /// changes.
    pub fn play(&mut self, mv: Move) -> Result<(), RuleBroken> {
        if self.end.is_some() {
            return Err(RuleBroken::new(
                "DF-6",
                "domino.game-over",
                "the game is over: no more moves",
            ));
        }
        let p = self.turn;
        match mv {
            Move::Place { tile, row } => {
                if !self.hands[p].contains(tile) {
                    return Err(self.not_in_hand(tile));
                }
                if let Some(e) = self.placement_error(tile, row) {
                    return Err(e);
                }
                self.hands[p].remove(tile);
                self.lay(tile, row);
            }
            Move::Turn { tile } => {
                if self.special_used[p] {
                    return Err(RuleBroken::new(
                        "DF-5",
                        "domino.special-used",
                        format!("player {} has already made their special move", p + 1),
                    ));
                }
                let Some(row) = self.rows[tile.index()] else {
                    return Err(RuleBroken::new(
                        "DF-5",
                        "domino.not-on-table",
                        format!("{tile} is not on the table, so it cannot be turned over"),
                    ));
                };
                let key = (row, tile.number());
                if self.table[&key].turned {
                    return Err(RuleBroken::new(
                        "DF-5",
                        "domino.already-turned",
                        format!("{tile} is already turned over"),
                    ));
                }
                if self.open && !self.can_place(p) {
                    return Err(RuleBroken::new(
                        "DF-4",
                        "domino.special-needs-placeable",
                        "in open play the special move needs a tile the player could have placed",
                    ));
                }
                self.special_used[p] = true;
                if let Some(l) = self.table.get_mut(&key) {
                    l.turned = true;
                }
            }
            Move::Draw { tile, row } => {
                if self.can_place(p) {
                    return Err(RuleBroken::new(
                        "DF-4",
                        "domino.draw-while-placeable",
                        format!("player {} can place a tile, so may not draw", p + 1),
                    ));
                }
                if !self.set_aside.contains(tile) {
                    return Err(RuleBroken::new(
                        "DF-4",
                        "domino.not-set-aside",
                        format!("{tile} is not in the set-aside pile"),
                    ));
                }
                match row {
                    Some(row) => {
                        if let Some(e) = self.placement_error(tile, row) {
                            return Err(e);
                        }
                        self.set_aside.remove(tile);
                        self.lay(tile, row);
                    }
                    None => {
                        if let Some(&row) = self.placements(tile).first() {
                            return Err(RuleBroken::new(
                                "DF-4",
                                "domino.drawn-placeable",
                                format!(
                                    "the drawn {tile} can be placed (e.g. in row {row}), so it must be"
                                ),
                            ));
                        }
                        self.set_aside.remove(tile);
                        self.hands[p].insert(tile);
                    }
                }
            }
            Move::Out => {
                if self.can_place(p) {
                    return Err(RuleBroken::new(
                        "DF-4",
                        "domino.out-while-placeable",
                        format!("player {} can place a tile, so is not out", p + 1),
                    ));
                }
                if !self.set_aside.is_empty() {
                    return Err(RuleBroken::new(
                        "DF-4",
                        "domino.out-while-pile",
                        format!(
                            "{} set-aside tiles are left: a blocked player draws one",
                            self.set_aside.len()
                        ),
                    ));
                }
                self.out[p] = true;
            }
        }
        self.turns_taken += 1;
        self.advance();
        Ok(())
    }

    fn not_in_hand(&self, tile: Tile) -> RuleBroken {
        let p = self.turn;
        let where_ = if let Some(row) = self.rows[tile.index()] {
            format!("it is already on the table in row {row}")
        } else if self.set_aside.contains(tile) {
            "it is in the set-aside pile".to_string()
        } else {
            match (0..self.players()).find(|&q| self.hands[q].contains(tile)) {
                Some(q) => format!("player {} holds it", q + 1),
                None => "nobody holds it".to_string(),
            }
        };
        RuleBroken::new(
            "DF-2",
            "domino.not-in-hand",
            format!("player {} does not hold {tile}: {where_}", p + 1),
        )
    }

    /// After a move: the end (DF-6), else the next player still in.
    fn advance(&mut self) {
        let n = self.players();
        let left: Vec<usize> = self.hands.iter().map(|h| h.len()).collect();
        if let Some(p) = (0..n).find(|&p| self.hands[p].is_empty()) {
            self.end = Some(End {
                winners: vec![p],
                domino: true,
                left,
            });
            return;
        }
        if self.out.iter().all(|&o| o) {
            let fewest = left.iter().copied().min().unwrap_or(0);
            self.end = Some(End {
                winners: (0..n).filter(|&p| left[p] == fewest).collect(),
                domino: false,
                left,
            });
            return;
        }
        let mut next = (self.turn + 1) % n;
        while self.out[next] {
            next = (next + 1) % n;
        }
        self.turn = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    fn set(s: &str) -> TileSet {
        s.split_whitespace().map(t).collect()
    }

    fn place(tile: &str, row: i32) -> Move {
        Move::Place { tile: t(tile), row }
    }

    /// Two players with the given hands; set-aside as given.
    fn game(a: &str, b: &str, aside: &str) -> State {
        State::new(vec![set(a), set(b)], set(aside)).unwrap()
    }

    #[test]
    fn df1_runs_left_right_numbers_up_down() {
        let mut s = game("M3 M5 P4 U4", "M4 C4 P3 B1", "F1 F2");
        let e = s.clone().play(place("M3", 7)).unwrap_err();
        assert_eq!(e.code, "domino.first-row");
        s.play(place("M3", 0)).unwrap();
        assert_eq!(s.row_of(t("M3")), Some(0));
        s.play(place("M4", 0)).unwrap(); // run M3 M4
        s.play(place("M5", 0)).unwrap(); // run M3 M4 M5
                                         // C4 below M4: same number up-down.
        s.play(place("C4", 1)).unwrap();
        // U4 beside? U4 goes in column 4; row 2 below C4.
        s.play(place("U4", 2)).unwrap();
        // P3 in row 1 would sit left of C4: different fruit.
        let e = s.placement_error(t("P3"), 1).unwrap();
        assert_eq!((e.code, e.rule), ("domino.not-in-scala", "DF-1"));
        // P3 above M3 (row -1): same number, fine.
        assert!(s.placement_error(t("P3"), -1).is_none());
        // Too far: touches nothing.
        let e = s.placement_error(t("P3"), 5).unwrap();
        assert_eq!(e.code, "domino.not-touching");
        // Occupied cell.
        let e = s.placement_error(t("C4"), 0).unwrap();
        assert_eq!(e.code, "domino.occupied");
    }

    #[test]
    fn df2_no_2x2_block() {
        let mut s = game("M3 P3 C1", "M4 P4 C2", "F1 F2");
        s.play(place("M3", 0)).unwrap();
        s.play(place("M4", 0)).unwrap();
        s.play(place("P3", 1)).unwrap(); // below M3
        let e = s.clone().play(place("P4", 1)).unwrap_err();
        assert_eq!((e.code, e.rule), ("domino.square", "DF-2"));
        assert_eq!(s.placements(t("P4")), vec![-1]);
        s.play(place("P4", -1)).unwrap(); // above M4: no block
    }

    #[test]
    fn df2_turned_tile_blocks_neighbours_df5_once() {
        let mut s = game("M3 M2 U2 B6", "M4 P4 F5 C1", "F1 F2");
        s.play(place("M3", 0)).unwrap();
        s.play(place("M4", 0)).unwrap();
        s.play(Move::Turn { tile: t("M3") }).unwrap(); // player 1's special move
                                                       // M2 beside M3 (turned): illegal.
        let e = s.placement_error(t("M2"), 0).unwrap();
        assert_eq!((e.code, e.rule), ("domino.touches-turned", "DF-5"));
        s.play(place("P4", 1)).unwrap(); // player 2: below M4
        let e = s.play(Move::Turn { tile: t("M4") }).unwrap_err();
        assert_eq!(e.code, "domino.special-used", "player 1 used it already");
        let e = s.clone().play(place("U2", 0)).unwrap_err();
        assert_eq!(e.code, "domino.touches-turned");
        // Player 2 still has theirs, but a tile not on the table cannot be turned.
        s.play(place("B6", -1)).unwrap_err();
        s.play(place("U2", -5)).unwrap_err();
        s.turn = 1;
        let e = s.clone().play(Move::Turn { tile: t("C1") }).unwrap_err();
        assert_eq!(e.code, "domino.not-on-table");
        let e = s.clone().play(Move::Turn { tile: t("M3") }).unwrap_err();
        assert_eq!(e.code, "domino.already-turned");
    }

    #[test]
    fn df4_draw_keep_out_and_df6_fewest_tiles() {
        let mut s = game("M1 B6", "C6 U3", "M2 F4");
        // An empty table takes any tile: drawing is not allowed.
        let e = s
            .clone()
            .play(Move::Draw {
                tile: t("M2"),
                row: Some(0),
            })
            .unwrap_err();
        assert_eq!(e.code, "domino.draw-while-placeable");
        s.play(place("M1", 0)).unwrap();
        // Player 2 is blocked: must draw, may not go out while tiles are set aside.
        assert!(!s.can_place(1));
        let e = s.clone().play(place("C6", 0)).unwrap_err();
        assert_eq!(e.code, "domino.not-touching");
        let e = s.clone().play(Move::Out).unwrap_err();
        assert_eq!(e.code, "domino.out-while-pile");
        let e = s
            .clone()
            .play(Move::Draw {
                tile: t("B6"),
                row: None,
            })
            .unwrap_err();
        assert_eq!(e.code, "domino.not-set-aside");
        let e = s
            .clone()
            .play(Move::Draw {
                tile: t("M2"),
                row: None,
            })
            .unwrap_err();
        assert_eq!(e.code, "domino.drawn-placeable");
        let e = s
            .clone()
            .play(Move::Draw {
                tile: t("F4"),
                row: Some(0),
            })
            .unwrap_err();
        assert_eq!(e.code, "domino.not-touching");
        s.play(Move::Draw {
            tile: t("F4"),
            row: None,
        })
        .unwrap();
        assert_eq!(s.hand(1), set("C6 U3 F4"));
        // Second round: open play may now be called; then the special move
        // needs a placeable tile (player 1 has only B6).
        let mut early = game("M1 B6", "C6 U3", "M2 F4");
        assert_eq!(early.call_open().unwrap_err().code, "domino.open-too-early");
        s.call_open().unwrap();
        assert_eq!(
            s.clone().call_open().unwrap_err().code,
            "domino.already-open"
        );
        let e = s.clone().play(Move::Turn { tile: t("M1") }).unwrap_err();
        assert_eq!((e.code, e.rule), ("domino.special-needs-placeable", "DF-4"));
        s.play(Move::Draw {
            tile: t("M2"),
            row: Some(0),
        })
        .unwrap();
        assert!(s.set_aside().is_empty());
        // Nobody can place now and nothing is set aside: both go out.
        // Open play: no special move without a placeable tile.
        assert_eq!(s.legal_moves(), vec![Move::Out]);
        s.play(Move::Out).unwrap();
        assert!(s.is_out(1));
        assert_eq!(s.turn(), 0);
        s.play(Move::Out).unwrap();
        assert_eq!(
            s.end(),
            Some(&End {
                winners: vec![0],
                domino: false,
                left: vec![1, 3]
            })
        );
        assert_eq!(
            s.clone().play(Move::Out).unwrap_err().code,
            "domino.game-over"
        );
    }

    #[test]
    fn df6_first_to_lay_all_wins() {
        let mut s = game("M1 M2", "P1 C6", "F1 F2");
        s.play(place("M1", 0)).unwrap();
        s.play(place("P1", 1)).unwrap();
        let e = s.clone().play(place("P1", 2)).unwrap_err();
        assert_eq!(e.code, "domino.not-in-hand");
        assert!(e.message.contains("on the table in row 1"), "{}", e.message);
        s.play(place("M2", 0)).unwrap();
        assert_eq!(
            s.end(),
            Some(&End {
                winners: vec![0],
                domino: true,
                left: vec![0, 1]
            })
        );
        assert!(s.legal_moves().is_empty());
    }

    #[test]
    fn df3_deal_sets_aside_one_per_player() {
        let order: Vec<Tile> = Tile::all().collect();
        for players in 2..=4 {
            let s = State::deal(players, &order).unwrap();
            assert_eq!(s.set_aside().len(), players);
            for p in 0..players {
                assert_eq!(s.hand(p).len(), (36 - players) / players);
            }
        }
        assert!(State::deal(5, &order).is_err());
    }

    #[test]
    fn legal_moves_are_all_accepted() {
        let order: Vec<Tile> = Tile::all().collect();
        let mut s = State::deal(3, &order).unwrap();
        for _ in 0..12 {
            let moves = s.legal_moves();
            for m in &moves {
                s.clone().play(*m).unwrap();
            }
            match moves.first() {
                Some(m) => s.play(*m).unwrap(),
                None => break,
            }
        }
    }
}
