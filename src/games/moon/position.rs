//! The 2-4 player game: setup, moves, elimination (MN-4) and the end.

use std::fmt;

use super::{Board, Placement, Square, Tile, TileSet};
use crate::games::engine::{Broken, Engine};

/// What a seat sees, for the machine at that seat (issue 43).
#[path = "seen.rs"]
pub mod seen;

/// Tiles per player (sheet; MN-4): 12 with 2 players, 8 with 3, 6 with 4.
pub(crate) fn hand_size(players: usize) -> Option<usize> {
    match players {
        2 => Some(12),
        3 => Some(8),
        4 => Some(6),
        _ => None,
    }
}

/// The start of a game: the centre tile on c3 and each player's hand, in turn order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    pub centre: Tile,
    pub hands: Vec<TileSet>,
}

/// Why a setup cannot start a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    Players(usize),
    HandSize {
        player: usize,
        has: usize,
        wants: usize,
    },
    /// A tile is dealt twice (to a player and the centre, or to two players).
    Twice(Tile),
    /// The solitaire's draw pile must hold the 24 tiles other than the centre.
    DrawSize(usize),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Players(n) => write!(f, "MOON is for 2 to 4 players, not {n}"),
            SetupError::HandSize { player, has, wants } => write!(
                f,
                "player {} has {has} tiles; each player gets {wants} (MN-4)",
                player + 1
            ),
            SetupError::Twice(t) => write!(f, "tile {t} is dealt twice"),
            SetupError::DrawSize(n) => write!(
                f,
                "the draw pile has {n} tiles; it holds the 24 tiles other than the centre"
            ),
        }
    }
}

impl Setup {
    /// Deal from a permutation of the canonical tile order (see `crate::deal`):
    /// the first tile is the centre, then each player in turn order receives
    /// the next block of 12, 8 or 6.
    pub fn from_order(order: &[usize], players: usize) -> Option<Setup> {
        let k = hand_size(players)?;
        let tile = |i: usize| order.get(i).and_then(|&x| Tile::from_index(x));
        let centre = tile(0)?;
        let mut hands = Vec::with_capacity(players);
        for p in 0..players {
            let mut h = TileSet::EMPTY;
            for i in 0..k {
                h.insert(tile(1 + p * k + i)?);
            }
            hands.push(h);
        }
        Some(Setup { centre, hands })
    }

    pub fn validate(&self) -> Result<(), SetupError> {
        let n = self.hands.len();
        let wants = hand_size(n).ok_or(SetupError::Players(n))?;
        let mut seen = TileSet::EMPTY;
        seen.insert(self.centre);
        for (p, h) in self.hands.iter().enumerate() {
            if h.len() != wants {
                return Err(SetupError::HandSize {
                    player: p,
                    has: h.len(),
                    wants,
                });
            }
            if let Some(t) = h.iter().find(|&t| seen.contains(t)) {
                return Err(SetupError::Twice(t));
            }
            seen = seen.union(*h);
        }
        Ok(())
    }
}

use super::Move;

/// What a legal move led to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The game goes on with `next` to move.
    Next(usize),
    /// Nobody else can place: `winner` placed the last playable tile (MN-4).
    Won(usize),
    /// The solitaire's board is full (MN-5); whether it succeeded is
    /// `Solitaire::breaks`.
    Full,
}

/// The rule a move breaks. Player numbers are indices in turn order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleBroken {
    /// The game is already over.
    GameOver { winner: usize },
    /// The player was eliminated earlier (MN-4).
    PlayerOut { player: usize },
    /// Not the player's turn.
    OutOfTurn { player: usize, expected: usize },
    /// The tile is already on the board.
    TileOnBoard { tile: Tile, at: Square },
    /// The tile is neither in the player's hand nor common (MN-4).
    NotInHand { tile: Tile, player: usize },
    /// Solitaire (MN-5): the board is full.
    BoardFull,
    /// Solitaire (MN-5): tiles come in the order drawn.
    NotNextDraw { tile: Tile, expected: Tile },
    /// Sheet rules 3-6 (MN-2); in the solitaire only 3-4 (MN-5).
    Placement {
        tile: Tile,
        square: Square,
        why: Placement,
    },
}

impl Broken for RuleBroken {
    /// A stable code for the CLI and JSON.
    fn code(&self) -> &'static str {
        match self {
            RuleBroken::GameOver { .. } => "moon.game-over",
            RuleBroken::PlayerOut { .. } => "moon.player-out",
            RuleBroken::OutOfTurn { .. } => "moon.out-of-turn",
            RuleBroken::TileOnBoard { .. } => "moon.tile-on-board",
            RuleBroken::NotInHand { .. } => "moon.not-in-hand",
            RuleBroken::NotNextDraw { .. } => "moon.not-next-draw",
            RuleBroken::BoardFull => "moon.board-full",
            RuleBroken::Placement { why, .. } => match why {
                Placement::Occupied(_) => "moon.square-occupied",
                Placement::NotAdjacent => "moon.not-adjacent",
                Placement::MoonColour(_) => "moon.moon-colour",
                Placement::BackgroundColour(_) => "moon.background-colour",
            },
        }
    }

    /// The rule, by ruling id and the sheet's rule number.
    fn rule(&self) -> &'static str {
        match self {
            RuleBroken::GameOver { .. } => "GN-1 (the game is over, MN-4)",
            RuleBroken::PlayerOut { .. } => "MN-4 (eliminated players are out for good)",
            RuleBroken::OutOfTurn { .. } => "turn order (players alternate, clockwise)",
            RuleBroken::TileOnBoard { .. } => "sheet rule 3 (tiles on the board stay there)",
            RuleBroken::NotInHand { .. } => "MN-4 (a player places their own or common tiles)",
            RuleBroken::NotNextDraw { .. } => "MN-5 (tiles are placed as they are drawn)",
            RuleBroken::BoardFull => "GN-1 (the solitaire ends with the board full, MN-5)",
            RuleBroken::Placement { why, .. } => match why {
                Placement::Occupied(_) => "MN-2 (rule 3)",
                Placement::NotAdjacent => "MN-2 (rule 4)",
                Placement::MoonColour(_) => "MN-2 (rule 5)",
                Placement::BackgroundColour(_) => "MN-2 (rule 6)",
            },
        }
    }

    /// The broken rule in plain words, naming players from `names`.
    fn describe(&self, names: &[String]) -> String {
        let name = |p: usize| names.get(p).map_or("?", |s| s.as_str()).to_string();
        match *self {
            RuleBroken::GameOver { winner } => {
                crate::t!("moon-game-over", player = name(winner))
            }
            RuleBroken::PlayerOut { player } => crate::t!("moon-player-out", player = name(player)),
            RuleBroken::OutOfTurn { player, expected } => {
                crate::t!(
                    "moon-out-of-turn",
                    expected = name(expected),
                    player = name(player)
                )
            }
            RuleBroken::TileOnBoard { tile, at } => {
                crate::t!(
                    "moon-tile-on-board",
                    tile = tile.to_string(),
                    square = at.to_string()
                )
            }
            RuleBroken::NotInHand { tile, player } => {
                crate::t!(
                    "moon-not-in-hand",
                    tile = tile.to_string(),
                    player = name(player)
                )
            }
            RuleBroken::BoardFull => crate::t!("moon-board-full"),
            RuleBroken::NotNextDraw { tile, expected } => {
                crate::t!(
                    "moon-not-next-draw",
                    expected = expected.to_string(),
                    tile = tile.to_string()
                )
            }
            RuleBroken::Placement { tile, square, why } => match why {
                Placement::Occupied(other) => {
                    crate::t!(
                        "moon-occupied",
                        square = square.to_string(),
                        other = other.to_string()
                    )
                }
                Placement::NotAdjacent => crate::t!(
                    "moon-not-adjacent",
                    tile = tile.to_string(),
                    square = square.to_string()
                ),
                Placement::MoonColour(at) => crate::t!(
                    "moon-moon-repeats",
                    tile = tile.to_string(),
                    square = square.to_string(),
                    at = at.to_string(),
                    colour = tile.moon().name(),
                    line = line_word(square, at)
                ),
                Placement::BackgroundColour(at) => crate::t!(
                    "moon-background-repeats",
                    tile = tile.to_string(),
                    square = square.to_string(),
                    at = at.to_string(),
                    colour = tile.background().name(),
                    line = line_word(square, at)
                ),
            },
        }
    }
}

fn line_word(a: Square, b: Square) -> &'static str {
    if a.row() == b.row() {
        "row"
    } else {
        "column"
    }
}

/// A 2-4 player game in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    board: Board,
    hands: Vec<TileSet>,
    /// Tiles of eliminated players, usable by everyone still in (MN-4).
    common: TileSet,
    /// Bit `p` set while player `p` is in the game.
    active: u8,
    turn: usize,
    winner: Option<usize>,
    /// Players eliminated so far, in order.
    eliminated: Vec<usize>,
}

impl Position {
    /// The position before the first move; players who cannot place at all
    /// are already out (MN-4).
    pub fn new(setup: &Setup) -> Result<Position, SetupError> {
        setup.validate()?;
        let n = setup.hands.len();
        let mut pos = Position {
            board: Board::with_centre(setup.centre),
            hands: setup.hands.clone(),
            common: TileSet::EMPTY,
            active: (1u8 << n) - 1,
            turn: 0,
            winner: None,
            eliminated: Vec::new(),
        };
        pos.settle();
        Ok(pos)
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn players(&self) -> usize {
        self.hands.len()
    }

    pub fn hand(&self, player: usize) -> TileSet {
        self.hands[player]
    }

    pub fn common(&self) -> TileSet {
        self.common
    }

    /// The player to move (meaningless once the game is over).
    pub fn turn(&self) -> usize {
        self.turn
    }

    pub fn winner(&self) -> Option<usize> {
        self.winner
    }

    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    pub fn is_active(&self, player: usize) -> bool {
        self.active & (1 << player) != 0
    }

    /// Players eliminated so far, in the order they went out (MN-4).
    pub fn eliminated(&self) -> &[usize] {
        &self.eliminated
    }

    /// The tiles `player` may place: their hand and the common tiles.
    pub fn available(&self, player: usize) -> TileSet {
        self.hands[player].union(self.common)
    }

    /// Check a move without playing it.
    pub fn check(&self, mv: Move) -> Result<(), RuleBroken> {
        if let Some(winner) = self.winner {
            return Err(RuleBroken::GameOver { winner });
        }
        if mv.player >= self.players() || !self.is_active(mv.player) {
            return Err(RuleBroken::PlayerOut { player: mv.player });
        }
        if mv.player != self.turn {
            return Err(RuleBroken::OutOfTurn {
                player: mv.player,
                expected: self.turn,
            });
        }
        if let Some(at) = self.board.find(mv.tile) {
            return Err(RuleBroken::TileOnBoard { tile: mv.tile, at });
        }
        if !self.available(mv.player).contains(mv.tile) {
            return Err(RuleBroken::NotInHand {
                tile: mv.tile,
                player: mv.player,
            });
        }
        self.board
            .check(mv.tile, mv.square)
            .map_err(|why| RuleBroken::Placement {
                tile: mv.tile,
                square: mv.square,
                why,
            })
    }

    fn advance(&mut self) {
        let n = self.players();
        for step in 1..=n {
            let p = (self.turn + step) % n;
            if self.is_active(p) {
                self.turn = p;
                return;
            }
        }
    }

    /// GN-4: `player` resigns and is out, as if they could place no tile (MN-4): their
    /// tiles become common, and play goes on without them (the last player left wins).
    /// `false`, and nothing changes, once the game is over or for a player already out.
    pub fn resign(&mut self, player: usize) -> bool {
        if self.is_over() || player >= self.players() || !self.is_active(player) {
            return false;
        }
        self.active &= !(1 << player);
        self.common = self.common.union(self.hands[player]);
        self.hands[player] = TileSet::EMPTY;
        self.eliminated.push(player);
        if self.turn == player {
            self.advance();
        }
        self.settle();
        true
    }

    /// MN-4: while the player to move cannot place any tile, they are out and
    /// their tiles become common; the last player left wins.
    fn settle(&mut self) -> Outcome {
        loop {
            if self.active.count_ones() == 1 {
                let winner = self.active.trailing_zeros() as usize;
                self.winner = Some(winner);
                return Outcome::Won(winner);
            }
            let p = self.turn;
            if self.board.can_place_any(self.available(p)) {
                return Outcome::Next(p);
            }
            self.active &= !(1 << p);
            self.common = self.common.union(self.hands[p]);
            self.hands[p] = TileSet::EMPTY;
            self.eliminated.push(p);
            self.advance();
        }
    }
}

impl Engine for Position {
    type Setup = Setup;
    type Rules = ();
    type Move = Move;
    type Outcome = Outcome;
    type Broken = RuleBroken;
    type SetupError = SetupError;

    fn start(setup: &Setup, _rules: &()) -> Result<Position, SetupError> {
        Position::new(setup)
    }

    fn to_move(&self) -> Option<usize> {
        (!self.is_over()).then_some(self.turn)
    }

    /// Every legal move of the player to move (none once the game is over),
    /// in the board's order of placements.
    fn legal_moves(&self) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        let player = self.turn;
        self.board
            .placements(self.available(player))
            .into_iter()
            .map(|(tile, square)| Move {
                player,
                tile,
                square,
            })
            .collect()
    }

    /// Every tile on every square, by every player: out of turn, tiles on the
    /// board or in another hand, occupied squares all come up.
    fn candidate_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(self.players() * 625);
        for player in 0..self.players() {
            for tile in Tile::all() {
                out.extend(Square::all().map(|square| Move {
                    player,
                    tile,
                    square,
                }));
            }
        }
        out
    }

    /// Play a move: the outcome, or the rule it breaks (the position is then unchanged).
    fn play(&mut self, mv: Move) -> Result<Outcome, RuleBroken> {
        self.check(mv)?;
        self.board.place(mv.tile, mv.square);
        // A common tile and an own tile are both simply gone from where they were.
        self.hands[mv.player].remove(mv.tile);
        self.common.remove(mv.tile);
        self.advance();
        Ok(self.settle())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::engine::Engine;

    fn t(s: &str) -> Tile {
        Tile::parse(s).unwrap()
    }
    fn set(s: &str) -> TileSet {
        s.split_whitespace().map(t).collect()
    }
    fn mv(player: usize, tile: &str, sq: &str) -> Move {
        Move {
            player,
            tile: t(tile),
            square: Square::parse(sq).unwrap(),
        }
    }

    /// The 25 tiles minus the centre RV, split in canonical order.
    fn two_player_setup() -> Setup {
        let rest: Vec<Tile> = Tile::all().filter(|&x| x != t("RV")).collect();
        Setup {
            centre: t("RV"),
            hands: vec![
                rest[..12].iter().copied().collect(),
                rest[12..].iter().copied().collect(),
            ],
        }
    }

    #[test]
    fn setup_is_validated() {
        let mut s = two_player_setup();
        assert_eq!(s.validate(), Ok(()));
        s.hands[1].remove(t("AA"));
        s.hands[1].insert(t("BB"));
        assert_eq!(s.validate(), Err(SetupError::Twice(t("BB"))));
        s.hands[1].remove(t("BB"));
        assert!(matches!(
            s.validate(),
            Err(SetupError::HandSize {
                player: 1,
                has: 11,
                wants: 12
            })
        ));
        s.hands.pop();
        assert_eq!(s.validate(), Err(SetupError::Players(1)));
    }

    #[test]
    fn from_order_deals_centre_then_blocks() {
        let order: Vec<usize> = (0..25).rev().collect();
        let s = Setup::from_order(&order, 3).unwrap();
        assert_eq!(s.centre, Tile::from_index(24).unwrap());
        assert_eq!(
            s.hands[0],
            (16..24).map(|i| Tile::from_index(i).unwrap()).collect()
        );
        assert_eq!(s.validate(), Ok(()));
        assert_eq!(Setup::from_order(&order, 5), None);
    }

    #[test]
    fn moves_alternate_and_use_own_tiles() {
        let mut p = Position::new(&two_player_setup()).unwrap();
        assert_eq!(p.turn(), 0);
        // BB is in player 0's hand (canonical order).
        assert_eq!(
            p.check(mv(1, "AA", "c4")),
            Err(RuleBroken::OutOfTurn {
                player: 1,
                expected: 0
            })
        );
        assert_eq!(
            p.check(mv(0, "AA", "c4")),
            Err(RuleBroken::NotInHand {
                tile: t("AA"),
                player: 0
            })
        );
        assert_eq!(p.play(mv(0, "BB", "c4")), Ok(Outcome::Next(1)));
        assert_eq!(
            p.check(mv(1, "BB", "c2")),
            Err(RuleBroken::TileOnBoard {
                tile: t("BB"),
                at: Square::parse("c4").unwrap()
            })
        );
        let before = p.clone();
        assert!(
            p.play(mv(1, "AB", "c5")).is_err(),
            "background B repeats c4's in column c"
        );
        assert_eq!(p, before, "an illegal move leaves the position unchanged");
    }

    #[test]
    fn last_playable_tile_wins_mn4() {
        // Random legal 2-player games to the end: the winner is the player who placed
        // the last tile, and the loser then has no legal placement.
        let setup = two_player_setup();
        let mut rng = crate::deal::DealRng::new("moon", "test", "mn4", 1);
        for _ in 0..50 {
            let mut p = Position::new(&setup).unwrap();
            let mut last = None;
            while !p.is_over() {
                let moves = p.legal_moves();
                assert!(
                    !moves.is_empty(),
                    "a player to move always has a legal move"
                );
                let m = moves[rng.below(moves.len() as u32) as usize];
                last = Some(m.player);
                match p.play(m).unwrap() {
                    Outcome::Next(n) => assert_ne!(n, m.player),
                    Outcome::Won(w) => assert_eq!(w, m.player),
                    Outcome::Full => panic!("only the solitaire fills the board"),
                }
            }
            let winner = p.winner().unwrap();
            assert_eq!(Some(winner), last);
            assert_eq!(p.eliminated(), &[1 - winner]);
            assert!(p.legal_moves().is_empty());
        }
    }

    #[test]
    fn a_player_who_cannot_place_is_out_and_their_tiles_become_common_mn4() {
        // 3 players, centre RV. Player 0 holds the 8 other tiles with a red moon or a
        // violet background: none may ever touch the centre, so player 0 is out before
        // the first move and their tiles are common.
        let stuck = set("RB RR RG RA BV VV GV AV");
        let rest: Vec<Tile> = Tile::all()
            .filter(|&x| x != t("RV") && !stuck.contains(x))
            .collect();
        let setup = Setup {
            centre: t("RV"),
            hands: vec![
                stuck,
                rest[..8].iter().copied().collect(),
                rest[8..].iter().copied().collect(),
            ],
        };
        let mut p = Position::new(&setup).unwrap();
        assert_eq!(p.eliminated(), &[0]);
        assert_eq!(p.turn(), 1);
        assert_eq!(p.common(), stuck);
        assert_eq!(
            p.check(mv(0, "BB", "c4")),
            Err(RuleBroken::PlayerOut { player: 0 })
        );
        // Player 1 (hand BB BR BG BA VB VR VG VA) plays; player 2 may then use a
        // common tile, e.g. RB, next to BB if colours allow.
        assert_eq!(p.play(mv(1, "BB", "c4")), Ok(Outcome::Next(2)));
        assert!(p.available(2).contains(t("RB")));
        assert_eq!(p.play(mv(2, "AA", "d4")), Ok(Outcome::Next(1)));
        // RG on b4: row 4 has moons B, A and backgrounds B, A; column b is empty.
        assert_eq!(p.play(mv(1, "RG", "b4")), Ok(Outcome::Next(2)));
        assert!(!p.common().contains(t("RG")));
    }
}
