//! Scalafrutta (seed 000; RULINGS SF-1..SF-6): the rules engine, pure logic.
//!
//! ## The square and its 12 insertion points
//! The 3x3 square is seen from the table: rows 1-3 from top to bottom,
//! columns 1-3 from left to right. A tile is inserted from one of the four
//! sides, in one of three lines, and pushes that line by one:
//!
//! ```text
//!            top1  top2  top3
//!   left1  [ r1c1  r1c2  r1c3 ]  right1
//!   left2  [ r2c1  r2c2  r2c3 ]  right2
//!   left3  [ r3c1  r3c2  r3c3 ]  right3
//!          bottom1 bottom2 bottom3
//! ```
//!
//! `top2` puts the tile in r1c2, pushes column 2 down, and r3c2 falls out.
//! The tile it pushes directly (r1c2 before the push) must match the drawn
//! tile (FR-2, SF-1) unless no edge tile matches at all; then the tile that
//! falls out goes to an opponent chosen by the player (SF-1).
//!
//! ## Randomness
//! Tiles are drawn from a face-down pile that is reshuffled between phases
//! (SF-2), so a record names each drawn tile. The engine only checks that the
//! named tile is face down, which lets a physical game be written down by hand.
//!
//! ## A hand
//! Insertions until the pile is empty; then every player recombines *all*
//! their tiles into combinations ([`State::recombine`]); tiles in none go back
//! face down. Play resumes with the player whose turn it is, until fewer than
//! 4 / 5 / 6 tiles (2 / 3 / 4 players) go back: then each player scores the
//! combinations of that last recombination (SF-2, SF-3). Holding all six tiles
//! of one fruit ends the hand at once: 500 for that player, 0 for the others
//! (SF-4). [`Totals`] adds hands up to 1001 (SF-6).

pub mod record;
pub mod scorer;
pub mod scoring;

use std::fmt;
use std::str::FromStr;

use self::scoring::{check_partition, Checked, PartitionError};
use super::tile::{Fruit, Tile};
use super::tileset::TileSet;

/// The side a tile is inserted from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    Top,
    Bottom,
    Left,
    Right,
}

impl Side {
    pub const ALL: [Side; 4] = [Side::Top, Side::Bottom, Side::Left, Side::Right];

    pub fn name(self) -> &'static str {
        match self {
            Side::Top => "top",
            Side::Bottom => "bottom",
            Side::Left => "left",
            Side::Right => "right",
        }
    }
}

/// One of the 12 insertion points: a side and a line 1..=3 (a column for
/// top/bottom, a row for left/right). Written `top1` .. `right3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Insertion {
    side: Side,
    line: u8,
}

impl Insertion {
    pub fn new(side: Side, line: u8) -> Option<Insertion> {
        (1..=3).contains(&line).then_some(Insertion { side, line })
    }

    /// All 12, in the order top1..top3, bottom1.., left1.., right1..right3.
    pub fn all() -> impl Iterator<Item = Insertion> {
        Side::ALL
            .into_iter()
            .flat_map(|side| (1..=3).map(move |line| Insertion { side, line }))
    }

    pub fn side(self) -> Side {
        self.side
    }

    pub fn line(self) -> u8 {
        self.line
    }

    /// The cells of the pushed line (row, column; 0-based), from the
    /// insertion side to the far end.
    fn cells(self) -> [(usize, usize); 3] {
        let l = self.line as usize - 1;
        match self.side {
            Side::Top => [(0, l), (1, l), (2, l)],
            Side::Bottom => [(2, l), (1, l), (0, l)],
            Side::Left => [(l, 0), (l, 1), (l, 2)],
            Side::Right => [(l, 2), (l, 1), (l, 0)],
        }
    }
}

impl fmt::Display for Insertion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.side.name(), self.line)
    }
}

/// Why an insertion point did not parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseInsertionError(pub String);

impl fmt::Display for ParseInsertionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not an insertion point: write top1..top3, bottom1..bottom3 (columns from the left) or left1..left3, right1..right3 (rows from the top)",
            self.0
        )
    }
}

impl std::error::Error for ParseInsertionError {}

impl FromStr for Insertion {
    type Err = ParseInsertionError;

    fn from_str(s: &str) -> Result<Insertion, ParseInsertionError> {
        let err = || ParseInsertionError(s.to_string());
        let lower = s.trim().to_ascii_lowercase();
        let side = Side::ALL
            .into_iter()
            .find(|side| lower.starts_with(side.name()))
            .ok_or_else(err)?;
        let line: u8 = lower[side.name().len()..].parse().map_err(|_| err())?;
        Insertion::new(side, line).ok_or_else(err)
    }
}

/// A player's move: draw `tile` and insert it at `at`. `gift` names the
/// opponent (0-based seat) who receives the tile that falls out, which is
/// required exactly when no edge tile matches the drawn tile (SF-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub tile: Tile,
    pub at: Insertion,
    pub gift: Option<usize>,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.tile, self.at)?;
        if let Some(g) = self.gift {
            write!(f, " gift to player {}", g + 1)?;
        }
        Ok(())
    }
}

/// A rule broken by a move: the ruling it breaks, a stable code, and what
/// happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleBroken {
    pub rule: &'static str,
    pub code: &'static str,
    pub message: String,
    /// For a recombination: which player's declaration (0-based) and which
    /// combination in it, so a record can point at it.
    pub player: Option<usize>,
    pub combination: Option<usize>,
}

impl RuleBroken {
    fn new(rule: &'static str, code: &'static str, message: impl Into<String>) -> Self {
        RuleBroken {
            rule,
            code,
            message: message.into(),
            player: None,
            combination: None,
        }
    }
}

impl fmt::Display for RuleBroken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.rule)
    }
}

impl std::error::Error for RuleBroken {}

/// Where a hand stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Phase {
    /// The player to move draws and inserts.
    Insert,
    /// The pile is empty: every player must recombine (SF-2).
    Recombine,
    /// The hand is over with these scores per player.
    Over(HandEnd),
}

/// How a hand ended and what each player scored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandEnd {
    pub scores: Vec<u32>,
    /// `Some((player, fruit))` when the hand ended by Scalafrutta (SF-4).
    pub scalafrutta: Option<(usize, Fruit)>,
}

/// What a successful insertion did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inserted {
    pub fell_out: Tile,
    /// Who received the tile that fell out.
    pub to: usize,
}

/// What a recombination did, per player: their checked partition (SF-5 flags
/// one that is not the best), and the tiles that went back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recombined {
    pub checked: Vec<Checked>,
    pub returned: TileSet,
}

/// One hand of Scalafrutta.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    players: usize,
    square: [[Tile; 3]; 3],
    pile: TileSet,
    held: Vec<TileSet>,
    turn: usize,
    phase: Phase,
    recombinations: u32,
}

impl State {
    /// A hand for 2-4 players with this square (row by row, from the top left)
    /// and every other tile face down; `first` (0-based) plays first.
    pub fn new(players: usize, square: [Tile; 9], first: usize) -> Result<State, RuleBroken> {
        if !(2..=4).contains(&players) {
            return Err(RuleBroken::new(
                "SF-1",
                "scalafrutta.players",
                format!("Scalafrutta is for 2-4 players, not {players}"),
            ));
        }
        if first >= players {
            return Err(RuleBroken::new(
                "SF-1",
                "scalafrutta.no-such-player",
                format!("there is no player {} of {players}", first + 1),
            ));
        }
        let mut on_table = TileSet::EMPTY;
        for t in square {
            if !on_table.insert(t) {
                return Err(RuleBroken::new(
                    "FR-1",
                    "scalafrutta.repeated-tile",
                    format!("{t} is twice in the square"),
                ));
            }
        }
        Ok(State {
            players,
            square: [
                [square[0], square[1], square[2]],
                [square[3], square[4], square[5]],
                [square[6], square[7], square[8]],
            ],
            pile: TileSet::ALL.difference(on_table),
            held: vec![TileSet::EMPTY; players],
            turn: first,
            phase: Phase::Insert,
            recombinations: 0,
        })
    }

    pub fn players(&self) -> usize {
        self.players
    }

    /// The square, row by row from the top left.
    pub fn square(&self) -> [[Tile; 3]; 3] {
        self.square
    }

    /// The face-down tiles.
    pub fn pile(&self) -> TileSet {
        self.pile
    }

    /// The tiles `player` holds.
    pub fn held(&self, player: usize) -> TileSet {
        self.held[player]
    }

    /// Whose turn it is (0-based).
    pub fn turn(&self) -> usize {
        self.turn
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// How many recombinations have happened in this hand.
    pub fn recombinations(&self) -> u32 {
        self.recombinations
    }

    /// The edge tile that `at` pushes directly.
    pub fn pushed(&self, at: Insertion) -> Tile {
        let (r, c) = at.cells()[0];
        self.square[r][c]
    }

    /// Whether some edge tile matches `tile` (SF-1).
    pub fn any_match(&self, tile: Tile) -> bool {
        Insertion::all().any(|at| self.pushed(at).matches(tile))
    }

    /// The legal insertions of `tile` (SF-1): the matching ones, or all 12
    /// with a gift to each opponent when none matches.
    pub fn legal_insertions(&self, tile: Tile) -> Vec<Move> {
        if self.any_match(tile) {
            Insertion::all()
                .filter(|&at| self.pushed(at).matches(tile))
                .map(|at| Move {
                    tile,
                    at,
                    gift: None,
                })
                .collect()
        } else {
            Insertion::all()
                .flat_map(|at| {
                    (0..self.players)
                        .filter(|&p| p != self.turn)
                        .map(move |p| Move {
                            tile,
                            at,
                            gift: Some(p),
                        })
                })
                .collect()
        }
    }

    /// Every legal move now: every face-down tile, every legal insertion.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.phase != Phase::Insert {
            return vec![];
        }
        self.pile
            .iter()
            .flat_map(|t| self.legal_insertions(t))
            .collect()
    }

    /// Plays one insertion for the player whose turn it is.
    pub fn play(&mut self, mv: Move) -> Result<Inserted, RuleBroken> {
        match self.phase {
            Phase::Insert => {}
            Phase::Recombine => {
                return Err(RuleBroken::new(
                    "SF-2",
                    "scalafrutta.recombine-first",
                    "the face-down pile is empty: the players must recombine their tiles before anyone draws",
                ))
            }
            Phase::Over(_) => {
                return Err(RuleBroken::new(
                    "SF-2",
                    "scalafrutta.hand-over",
                    "the hand is over: no more moves",
                ))
            }
        }
        if !self.pile.contains(mv.tile) {
            let where_ = if self.square.iter().flatten().any(|&t| t == mv.tile) {
                "it is face up in the square".to_string()
            } else {
                match (0..self.players).find(|&p| self.held[p].contains(mv.tile)) {
                    Some(p) => format!("player {} holds it", p + 1),
                    None => "it is not face down".to_string(),
                }
            };
            return Err(RuleBroken::new(
                "SF-1",
                "scalafrutta.not-in-pile",
                format!("{} cannot be drawn: {where_}", mv.tile),
            ));
        }
        let pushed = self.pushed(mv.at);
        let to = if self.any_match(mv.tile) {
            if !pushed.matches(mv.tile) {
                let good: Vec<String> = Insertion::all()
                    .filter(|&at| self.pushed(at).matches(mv.tile))
                    .map(|at| at.to_string())
                    .collect();
                return Err(RuleBroken::new(
                    "SF-1",
                    "scalafrutta.no-match",
                    format!(
                        "{} does not match {pushed} at {} (same number, or same fruit in scala); it can go at {}",
                        mv.tile,
                        mv.at,
                        good.join(", ")
                    ),
                ));
            }
            if let Some(g) = mv.gift {
                return Err(RuleBroken::new(
                    "SF-1",
                    "scalafrutta.gift-not-allowed",
                    format!(
                        "{} matches {pushed}: the tile that falls out is the player's own, not a gift to player {}",
                        mv.tile,
                        g + 1
                    ),
                ));
            }
            self.turn
        } else {
            match mv.gift {
                None => {
                    return Err(RuleBroken::new(
                        "SF-1",
                        "scalafrutta.gift-missing",
                        format!(
                            "no edge tile matches {}: the tile that falls out must be given to an opponent (say which)",
                            mv.tile
                        ),
                    ))
                }
                Some(g) if g >= self.players || g == self.turn => {
                    return Err(RuleBroken::new(
                        "SF-1",
                        "scalafrutta.bad-gift",
                        format!(
                            "player {} is not an opponent of player {}",
                            g + 1,
                            self.turn + 1
                        ),
                    ))
                }
                Some(g) => g,
            }
        };
        // Push the line: the tile at the far end falls out.
        let cells = mv.at.cells();
        let (fr, fc) = cells[2];
        let fell_out = self.square[fr][fc];
        for k in (1..3).rev() {
            let (r, c) = cells[k];
            let (pr, pc) = cells[k - 1];
            self.square[r][c] = self.square[pr][pc];
        }
        let (r0, c0) = cells[0];
        self.square[r0][c0] = mv.tile;
        self.pile.remove(mv.tile);
        self.held[to].insert(fell_out);
        self.turn = (self.turn + 1) % self.players;

        if let Some(fruit) = Fruit::ALL
            .into_iter()
            .find(|&f| self.held[to].row(f) == 0x3f)
        {
            let mut scores = vec![0; self.players];
            scores[to] = 500;
            self.phase = Phase::Over(HandEnd {
                scores,
                scalafrutta: Some((to, fruit)),
            });
        } else if self.pile.is_empty() {
            self.phase = Phase::Recombine;
        }
        Ok(Inserted { fell_out, to })
    }

    /// The threshold of SF-2: the hand ends when fewer tiles than this go back.
    pub fn return_threshold(&self) -> usize {
        self.players + 2
    }

    /// Every player declares a partition of their tiles (`declared[p]`, a
    /// list of combinations). Tiles in no combination go face down (SF-2).
    pub fn recombine(&mut self, declared: &[Vec<Vec<Tile>>]) -> Result<Recombined, RuleBroken> {
        if self.phase != Phase::Recombine {
            return Err(RuleBroken::new(
                "SF-2",
                "scalafrutta.recombine-too-early",
                match self.phase {
                    Phase::Over(_) => "the hand is over".to_string(),
                    _ => format!(
                        "players recombine only when the face-down pile is empty; {} tiles are still face down",
                        self.pile.len()
                    ),
                },
            ));
        }
        if declared.len() != self.players {
            return Err(RuleBroken::new(
                "SF-2",
                "scalafrutta.recombine-players",
                format!(
                    "every player recombines: {} declarations for {} players",
                    declared.len(),
                    self.players
                ),
            ));
        }
        let mut checked = Vec::with_capacity(self.players);
        for (p, combos) in declared.iter().enumerate() {
            let c = check_partition(self.held[p], combos).map_err(|e| {
                let index = match &e {
                    PartitionError::NotACombination { index, .. }
                    | PartitionError::NotHeld { index, .. }
                    | PartitionError::UsedTwice { index, .. } => *index,
                };
                let mut r = RuleBroken::new(
                    if matches!(e, PartitionError::NotACombination { .. }) {
                        "SF-3"
                    } else {
                        "SF-2"
                    },
                    match e {
                        PartitionError::NotACombination { .. } => "scalafrutta.not-a-combination",
                        PartitionError::NotHeld { .. } => "scalafrutta.tile-not-held",
                        PartitionError::UsedTwice { .. } => "scalafrutta.tile-used-twice",
                    },
                    format!("player {}: {e}", p + 1),
                );
                r.player = Some(p);
                r.combination = Some(index);
                r
            })?;
            checked.push(c);
        }
        let mut returned = TileSet::EMPTY;
        for (p, c) in checked.iter().enumerate() {
            returned = returned.union(c.partition.unused);
            self.held[p] = self.held[p].difference(c.partition.unused);
        }
        self.recombinations += 1;
        self.pile = returned;
        if returned.len() < self.return_threshold() {
            self.phase = Phase::Over(HandEnd {
                scores: checked.iter().map(|c| c.partition.score()).collect(),
                scalafrutta: None,
            });
        } else {
            self.phase = Phase::Insert;
        }
        Ok(Recombined { checked, returned })
    }
}

/// A game: hands totalled until someone reaches 1001 (SF-6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Totals {
    totals: Vec<u32>,
    hands: u32,
}

/// The target of SF-6.
pub const TARGET: u32 = 1001;

impl Totals {
    pub fn new(players: usize) -> Totals {
        Totals {
            totals: vec![0; players],
            hands: 0,
        }
    }

    pub fn totals(&self) -> &[u32] {
        &self.totals
    }

    pub fn hands(&self) -> u32 {
        self.hands
    }

    /// Adds a finished hand's scores; false (and nothing added) when the
    /// game was already over.
    pub fn add_hand(&mut self, end: &HandEnd) -> bool {
        if self.is_over() {
            return false;
        }
        for (t, s) in self.totals.iter_mut().zip(&end.scores) {
            *t += s;
        }
        self.hands += 1;
        true
    }

    /// Someone has reached 1001 (SF-6).
    pub fn is_over(&self) -> bool {
        self.totals.iter().any(|&t| t >= TARGET)
    }

    /// The winners once the game is over: the highest total among those at
    /// 1001 or more (several on a tie).
    pub fn winners(&self) -> Vec<usize> {
        if !self.is_over() {
            return vec![];
        }
        let top = self.totals.iter().copied().max().unwrap_or(0);
        (0..self.totals.len())
            .filter(|&p| self.totals[p] == top)
            .collect()
    }

    /// Who starts hand number `hand` (0-based): the first seat rotates left
    /// each hand (the sheet is silent; see docs/records.md).
    pub fn first_player(&self, hand: u32) -> usize {
        hand as usize % self.totals.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    fn square(s: &str) -> [Tile; 9] {
        let v: Vec<Tile> = s.split_whitespace().map(t).collect();
        v.try_into().unwrap()
    }

    fn at(s: &str) -> Insertion {
        s.parse().unwrap()
    }

    fn mv(tile: &str, a: &str) -> Move {
        Move {
            tile: t(tile),
            at: at(a),
            gift: None,
        }
    }

    /// A square with every row different: M1 P2 C3 / U4 F5 B6 / M2 P3 C4.
    fn state() -> State {
        State::new(2, square("M1 P2 C3 U4 F5 B6 M2 P3 C4"), 0).unwrap()
    }

    #[test]
    fn sf1_twelve_insertion_points_parse_and_print() {
        let all: Vec<String> = Insertion::all().map(|i| i.to_string()).collect();
        assert_eq!(all.len(), 12);
        for name in &all {
            assert_eq!(name.parse::<Insertion>().unwrap().to_string(), *name);
        }
        for bad in ["top0", "top4", "middle1", "", "left", "B3", "top 1x"] {
            assert!(bad.parse::<Insertion>().is_err(), "{bad}");
        }
        assert_eq!(at("Right2").to_string(), "right2");
    }

    #[test]
    fn sf1_push_from_each_side() {
        // top2: pushes column 2 down; P3 (r3c2) falls out to the player.
        let mut s = state();
        let r = s.play(mv("P1", "top2")).unwrap(); // P1 in scala with P2
        assert_eq!(
            r,
            Inserted {
                fell_out: t("P3"),
                to: 0
            }
        );
        assert_eq!(s.square()[0], [t("M1"), t("P1"), t("C3")]);
        assert_eq!(s.square()[1][1], t("P2"));
        assert_eq!(s.square()[2][1], t("F5"));
        assert_eq!(s.held(0).to_string(), "P3");
        assert_eq!(s.turn(), 1);
        // right1 (player 2): C2 in scala with C3 (r1c3); M1 falls out at the left.
        let r = s.play(mv("C2", "right1")).unwrap();
        assert_eq!(r.fell_out, t("M1"));
        assert_eq!(r.to, 1);
        assert_eq!(s.square()[0], [t("P1"), t("C3"), t("C2")]);
        // bottom1 (player 1): M3 in scala with M2 (r3c1); P1 falls out at the top.
        let r = s.play(mv("M3", "bottom1")).unwrap();
        assert_eq!(r.fell_out, t("P1"));
        assert_eq!(
            [s.square()[0][0], s.square()[1][0], s.square()[2][0]],
            [t("U4"), t("M2"), t("M3")]
        );
        // left2 (player 2): B2 has the number of M2 (r2c1); B6 falls out at the right.
        let r = s.play(mv("B2", "left2")).unwrap();
        assert_eq!(r.fell_out, t("B6"));
        assert_eq!(s.held(1).to_string(), "M1 B6");
    }

    #[test]
    fn sf1_unmatched_insertion_is_illegal_when_a_match_exists() {
        let mut s = state();
        let before = s.clone();
        let e = s.play(mv("P1", "top3")).unwrap_err();
        assert_eq!((e.code, e.rule), ("scalafrutta.no-match", "SF-1"));
        assert!(e.message.contains("top2"), "{}", e.message);
        assert_eq!(s, before, "a rejected move changes nothing");
    }

    #[test]
    fn sf1_no_match_anywhere_means_a_gift() {
        // Every tile but the centre U6 is an edge tile.
        let mut s = State::new(3, square("M3 P3 C3 F4 U6 B4 M5 P5 C5"), 0).unwrap();
        // U1: no 1 on an edge, and no U2 -> nothing matches (U6 is the centre).
        assert!(!s.any_match(t("U1")));
        let e = s.play(mv("U1", "top1")).unwrap_err();
        assert_eq!(e.code, "scalafrutta.gift-missing");
        let e = s
            .play(Move {
                gift: Some(0),
                ..mv("U1", "top1")
            })
            .unwrap_err();
        assert_eq!(e.code, "scalafrutta.bad-gift");
        let e = s
            .play(Move {
                gift: Some(3),
                ..mv("U1", "top1")
            })
            .unwrap_err();
        assert_eq!(e.code, "scalafrutta.bad-gift");
        let r = s
            .play(Move {
                gift: Some(2),
                ..mv("U1", "top1")
            })
            .unwrap();
        assert_eq!(
            r,
            Inserted {
                fell_out: t("M5"),
                to: 2
            }
        );
        assert_eq!(s.held(2).to_string(), "M5");
        assert!(s.held(0).is_empty());
        // A gift when something matches (M4 in scala with M3, now r2c1) is illegal.
        let e = s
            .play(Move {
                gift: Some(0),
                ..mv("M4", "left2")
            })
            .unwrap_err();
        assert_eq!(e.code, "scalafrutta.gift-not-allowed");
    }

    #[test]
    fn sf1_drawn_tile_must_be_face_down() {
        let mut s = state();
        let e = s.play(mv("F5", "top1")).unwrap_err();
        assert_eq!(e.code, "scalafrutta.not-in-pile");
        assert!(e.message.contains("face up in the square"), "{}", e.message);
        s.play(mv("P1", "top2")).unwrap(); // player 1 wins P3
        let e = s.play(mv("P3", "top1")).unwrap_err();
        assert!(e.message.contains("player 1 holds it"), "{}", e.message);
    }

    #[test]
    fn legal_moves_are_all_accepted() {
        let s = state();
        let moves = s.legal_moves();
        assert!(!moves.is_empty());
        for m in moves {
            let mut c = s.clone();
            c.play(m).unwrap();
        }
    }

    /// Plays a whole hand taking the first legal move each time, and
    /// recombining with the best partitions; returns the end.
    fn play_out(mut s: State) -> (State, Vec<Recombined>) {
        let mut recs = vec![];
        loop {
            match s.phase().clone() {
                Phase::Insert => {
                    let m = s.legal_moves()[0];
                    s.play(m).unwrap();
                }
                Phase::Recombine => {
                    let declared: Vec<Vec<Vec<Tile>>> = (0..s.players())
                        .map(|p| {
                            crate::games::fruit::scalafrutta::scoring::best_partition(s.held(p))
                                .combinations
                                .iter()
                                .map(|c| c.tiles().iter().collect())
                                .collect()
                        })
                        .collect();
                    recs.push(s.recombine(&declared).unwrap());
                }
                Phase::Over(_) => return (s, recs),
            }
        }
    }

    #[test]
    fn sf2_pile_runs_out_then_recombine_until_few_go_back() {
        let s = state();
        let (end, recs) = play_out(s);
        let Phase::Over(hand) = end.phase() else {
            unreachable!()
        };
        if hand.scalafrutta.is_none() {
            let last = recs.last().unwrap();
            assert!(last.returned.len() < 4, "SF-2 two players: fewer than 4");
            for r in &recs[..recs.len() - 1] {
                assert!(r.returned.len() >= 4);
            }
            let expected: Vec<u32> = last.checked.iter().map(|c| c.partition.score()).collect();
            assert_eq!(hand.scores, expected);
        }
        // Tiles are conserved: square + pile + holdings are the 36, once each.
        let mut all: Vec<Tile> = end.pile().iter().collect();
        all.extend(end.square().iter().flatten());
        for p in 0..end.players() {
            all.extend(end.held(p).iter());
        }
        let distinct: TileSet = all.iter().copied().collect();
        assert_eq!((all.len(), distinct.len()), (36, 36));
    }

    #[test]
    fn sf2_recombination_rules() {
        let mut s = state();
        let e = s.recombine(&[vec![], vec![]]).unwrap_err();
        assert_eq!(e.code, "scalafrutta.recombine-too-early");
        // Drain the pile quickly by forcing the state.
        s.pile = TileSet::EMPTY;
        s.phase = Phase::Recombine;
        s.held[0] = "M3 P3 U3 B3 M4 M5 F1".split(' ').map(t).collect();
        s.held[1] = "C1 C2".split(' ').map(t).collect();
        let e = s.play(mv("M6", "top1")).unwrap_err();
        assert_eq!(e.code, "scalafrutta.recombine-first");
        let e = s.recombine(&[vec![]]).unwrap_err();
        assert_eq!(e.code, "scalafrutta.recombine-players");
        let e = s
            .recombine(&[
                vec![
                    vec![t("M3"), t("M4"), t("M5")],
                    vec![t("M5"), t("P3"), t("U3")],
                ],
                vec![],
            ])
            .unwrap_err();
        assert_eq!(
            (e.code, e.player, e.combination),
            ("scalafrutta.tile-used-twice", Some(0), Some(1))
        );
        let e = s
            .recombine(&[vec![], vec![vec![t("C1"), t("C2"), t("C3")]]])
            .unwrap_err();
        assert_eq!(
            (e.code, e.player, e.combination),
            ("scalafrutta.tile-not-held", Some(1), Some(0))
        );
        let e = s
            .recombine(&[vec![vec![t("M3"), t("M4"), t("F1")]], vec![]])
            .unwrap_err();
        assert_eq!(e.code, "scalafrutta.not-a-combination");
        // Legal, not the best (SF-5): poker of 3s + nothing else; M4 M5 F1 C1 C2 go back (5 >= 4).
        let r = s
            .recombine(&[vec![vec![t("M3"), t("P3"), t("U3"), t("B3")]], vec![]])
            .unwrap();
        assert!(!r.checked[0].is_best());
        // The best: tris P3 U3 B3 (34) + M3 M4 M5 (62).
        assert_eq!(r.checked[0].best, 96);
        assert_eq!(r.returned.to_string(), "M4 M5 C1 C2 F1");
        assert_eq!(s.phase(), &Phase::Insert);
        assert_eq!(s.pile(), r.returned);
    }

    #[test]
    fn sf2_hand_ends_when_few_go_back_and_scores_sf3() {
        let mut s = State::new(3, square("M1 P2 C3 U4 F5 B6 M2 P3 C4"), 0).unwrap();
        s.pile = TileSet::EMPTY;
        s.phase = Phase::Recombine;
        s.held[0] = "M3 P3 U3 B3 F1".split(' ').map(t).collect();
        s.held[1] = "C5 C6".split(' ').map(t).collect();
        s.held[2] = TileSet::EMPTY;
        // 3 players: the hand ends when fewer than 5 go back: F1 C5 C6 = 3.
        let r = s
            .recombine(&[
                vec![vec![t("M3"), t("P3"), t("U3"), t("B3")]],
                vec![],
                vec![],
            ])
            .unwrap();
        assert_eq!(r.returned.len(), 3);
        assert_eq!(
            s.phase(),
            &Phase::Over(HandEnd {
                scores: vec![62, 0, 0],
                scalafrutta: None
            })
        );
        let e = s.play(mv("F1", "top1")).unwrap_err();
        assert_eq!(e.code, "scalafrutta.hand-over");
    }

    #[test]
    fn sf4_all_six_of_a_fruit_ends_the_hand_with_500() {
        let mut s = state();
        // Player 1 holds every apple but M2, which sits at r3c1; pushing
        // column 1 down from the top drops M2 to the player.
        s.square[0][0] = t("U1");
        s.square[2][0] = t("M2");
        s.held[0] = "M1 M3 M4 M5 M6".split(' ').map(t).collect();
        let on_table: TileSet = s.square.iter().flatten().copied().collect();
        s.pile = TileSet::ALL.difference(s.held[0]).difference(on_table);
        let r = s.play(mv("U2", "top1")).unwrap(); // U2 in scala with U1
        assert_eq!(r.fell_out, t("M2"));
        assert_eq!(
            s.phase(),
            &Phase::Over(HandEnd {
                scores: vec![500, 0],
                scalafrutta: Some((0, Fruit::Mele))
            })
        );
    }

    #[test]
    fn sf6_hands_total_to_1001_highest_wins() {
        let mut g = Totals::new(3);
        let hand = |s: [u32; 3]| HandEnd {
            scores: s.to_vec(),
            scalafrutta: None,
        };
        assert!(g.add_hand(&hand([500, 300, 0])));
        assert!(!g.is_over());
        assert!(g.winners().is_empty());
        assert!(g.add_hand(&hand([500, 400, 0])));
        assert!(!g.is_over(), "1000 is not 1001");
        assert!(g.add_hand(&hand([10, 400, 0])));
        // 1010 and 1100: both past 1001, the highest wins (SF-6).
        assert_eq!(g.totals(), &[1010, 1100, 0]);
        assert_eq!(g.winners(), vec![1]);
        assert!(!g.add_hand(&hand([1, 1, 1])), "no hand after the end");
        assert_eq!(g.hands(), 3);
        assert_eq!(g.first_player(4), 1);
    }
}
