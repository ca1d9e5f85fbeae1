//! Il Muro (seed 000; RULINGS MU-1..MU-4): a solitaire on a wall of six columns.
//!
//! The deal lays the 36 tiles face down as bricks, layer by layer from the bottom:
//! tile `k` of the deal order goes to column `k % 6 + 1`, layer `k / 6` (layer 0 at the
//! bottom), and the top layer (tiles 30..36) is turned up (MU-1). Everything is a
//! small value type; [`State::play`] applies one move or says which rule it breaks.
//!
//! A record writes moves as `turn 3` (turn the face-down top of column 3), `B4 3>5`
//! (move B4 from the top of column 3 onto column 5), `B1 3>new` (onto its new-wall
//! pile), `B3 new>5` (from the new wall back onto column 5) and `stop` (the player
//! gives up: the sheet names no end but the win, so a player stops when they will).

pub mod draw;
pub mod record;
pub(crate) mod seen;
pub mod session;
pub mod solve;

use std::fmt;
use std::str::FromStr;

use super::tile::{Fruit, Tile};
use crate::games::engine::{self, Engine};

/// Columns of the old wall, and tiles per column at the start (MU-1).
pub const COLUMNS: usize = 6;
pub const HEIGHT: usize = 6;

/// The highest a column can grow: 5 face-down tiles under a face-up run that is at
/// most 6 long (a base, then numbers descending by one).
const MAX_COLUMN: usize = 12;
const FACE_DOWN: u8 = 0x40;

/// Which rules: the sheet's game, or its easier `six-down` variant (MU-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    #[default]
    Standard,
    /// Per fruit, the new-wall pile may instead start from the 6 and descend.
    SixDown,
}

impl Variant {
    pub const ALL: [Variant; 2] = [Variant::Standard, Variant::SixDown];

    pub fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::SixDown => "six-down",
        }
    }

    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name() == name)
    }
}

/// The deal: `columns[c][h]` is the tile of column `c` (0-based) at height `h`
/// (0 = bottom, 5 = the top, face up at the start).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    pub columns: [[Tile; HEIGHT]; COLUMNS],
}

impl Setup {
    /// Lay out the 36 tiles of a deal order as bricks, layer by layer from the
    /// bottom. `None` unless `order` holds each of the 36 tiles exactly once.
    pub fn from_order(order: &[Tile]) -> Option<Setup> {
        if !is_permutation(order) {
            return None;
        }
        let mut columns = [[order[0]; HEIGHT]; COLUMNS];
        for (k, &tile) in order.iter().enumerate() {
            columns[k % COLUMNS][k / COLUMNS] = tile;
        }
        Some(Setup { columns })
    }

    /// The deal order back again (inverse of [`Setup::from_order`]).
    pub fn order(&self) -> Vec<Tile> {
        (0..36)
            .map(|k| self.columns[k % COLUMNS][k / COLUMNS])
            .collect()
    }
}

pub(crate) fn is_permutation(order: &[Tile]) -> bool {
    let mut seen = [false; 36];
    order.len() == 36
        && order
            .iter()
            .all(|t| !std::mem::replace(&mut seen[t.index()], true))
}

/// Where a tile is taken from or put: a column of the old wall (0-based) or the
/// new wall (the pile of the tile's own fruit).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    Column(u8),
    NewWall,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Column(c) => write!(f, "{}", c + 1),
            Place::NewWall => write!(f, "new"),
        }
    }
}

/// One move of Il Muro (MU-2, MU-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Turn up the face-down top tile of a column (0-based).
    Turn(u8),
    /// Move `tile`, which is on top of `from`, onto `to`.
    Shift { tile: Tile, from: Place, to: Place },
    /// The player stops playing: the game ends, solved only if already won.
    Stop,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Turn(c) => write!(f, "turn {}", c + 1),
            Move::Shift { tile, from, to } => write!(f, "{tile} {from}>{to}"),
            Move::Stop => write!(f, "stop"),
        }
    }
}

/// Why a move did not parse: a message and the byte offset in the move's text
/// where the problem starts (so a record can point at the exact column).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveSyntax {
    pub offset: usize,
    pub message: String,
}

impl fmt::Display for MoveSyntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for MoveSyntax {}

fn parse_place(s: &str, offset: usize) -> Result<Place, MoveSyntax> {
    if s.eq_ignore_ascii_case("new") {
        return Ok(Place::NewWall);
    }
    match s.parse::<u8>() {
        Ok(n @ 1..=6) => Ok(Place::Column(n - 1)),
        _ => Err(MoveSyntax {
            offset,
            message: crate::t!("muro-not-a-place", text = s),
        }),
    }
}

impl FromStr for Move {
    type Err = MoveSyntax;

    /// Words may be set apart by any run of spaces, and `>` may stand between spaces
    /// (`M1 1 > new`, as players write it) or not (`M1 1>new`, as tavolo writes it).
    fn from_str(text: &str) -> Result<Move, MoveSyntax> {
        let start = text.len() - text.trim_start().len();
        let s = text.trim();
        // The offset in `text` of a part of `s`.
        let at = |part: &str| start + (part.as_ptr() as usize - s.as_ptr() as usize);
        let unexpected = |extra: &str| MoveSyntax {
            offset: at(extra),
            message: crate::t!("muro-unexpected", extra = extra),
        };
        let mut words = s.split_whitespace();
        let Some(first) = words.next() else {
            return Err(MoveSyntax {
                offset: start,
                message: crate::t!("muro-empty-move"),
            });
        };
        if first.eq_ignore_ascii_case("stop") {
            return match words.next() {
                Some(extra) => Err(unexpected(extra)),
                None => Ok(Move::Stop),
            };
        }
        if first.eq_ignore_ascii_case("turn") {
            let Some(col) = words.next() else {
                return Err(MoveSyntax {
                    offset: start,
                    message: crate::t!("muro-turn-what", text = s),
                });
            };
            if let Some(extra) = words.next() {
                return Err(unexpected(extra));
            }
            return match parse_place(col, at(col))? {
                Place::Column(c) => Ok(Move::Turn(c)),
                Place::NewWall => Err(MoveSyntax {
                    offset: at(col),
                    message: crate::t!("muro-turn-new-wall"),
                }),
            };
        }
        // A shift: the tile, then `from>to` with or without spaces round the `>`.
        let rest = &s[first.len()..];
        let path = rest.trim();
        if path.is_empty() {
            return Err(MoveSyntax {
                offset: start,
                message: crate::t!("muro-not-a-move", text = s),
            });
        }
        let tile: Tile = first
            .parse()
            .map_err(|e: super::tile::ParseTileError| MoveSyntax {
                offset: at(first),
                message: e.to_string(),
            })?;
        let Some(gt) = rest.find('>') else {
            return Err(MoveSyntax {
                offset: at(path),
                message: crate::t!("muro-not-a-path", text = path),
            });
        };
        // One word on each side of the `>`: a second word is one too many.
        let place = |side: &str, offset: usize| -> Result<Place, MoveSyntax> {
            let mut words = side.split_whitespace();
            match (words.next(), words.next()) {
                (Some(_), Some(extra)) => Err(unexpected(extra)),
                (Some(word), None) => parse_place(word, at(word)),
                (None, _) => Err(MoveSyntax {
                    offset,
                    message: crate::t!("muro-place-missing"),
                }),
            }
        };
        let gt_at = at(rest) + gt;
        Ok(Move::Shift {
            tile,
            from: place(&rest[..gt], gt_at)?,
            to: place(&rest[gt + 1..], gt_at + 1)?,
        })
    }
}

/// A new-wall pile (MU-3): empty, or ascending/descending with its top number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Pile {
    #[default]
    Empty,
    /// 1, 2, ... up to the given number.
    Up(u8),
    /// 6, 5, ... down to the given number (variant `six-down` only).
    Down(u8),
}

impl Pile {
    /// The number the next tile of this pile must have, if any.
    pub fn next(self, variant: Variant) -> [Option<u8>; 2] {
        match self {
            Pile::Empty if variant == Variant::SixDown => [Some(1), Some(6)],
            Pile::Empty => [Some(1), None],
            Pile::Up(6) | Pile::Down(1) => [None, None],
            Pile::Up(n) => [Some(n + 1), None],
            Pile::Down(n) => [Some(n - 1), None],
        }
    }

    pub fn top(self) -> Option<u8> {
        match self {
            Pile::Empty => None,
            Pile::Up(n) | Pile::Down(n) => Some(n),
        }
    }

    /// The numbers in the pile, the bottom one first (for pictures).
    pub fn numbers(self) -> Vec<u8> {
        match self {
            Pile::Empty => Vec::new(),
            Pile::Up(n) => (1..=n).collect(),
            Pile::Down(n) => (n..=6).rev().collect(),
        }
    }

    pub fn len(self) -> u8 {
        match self {
            Pile::Empty => 0,
            Pile::Up(n) => n,
            Pile::Down(n) => 7 - n,
        }
    }

    pub fn is_empty(self) -> bool {
        self == Pile::Empty
    }

    pub fn is_complete(self) -> bool {
        self.len() == 6
    }

    fn push(self, n: u8) -> Pile {
        match self {
            Pile::Empty if n == 6 => Pile::Down(6),
            Pile::Empty | Pile::Up(_) => Pile::Up(n),
            Pile::Down(_) => Pile::Down(n),
        }
    }

    fn pop(self) -> Pile {
        match self {
            Pile::Empty | Pile::Up(1) | Pile::Down(6) => Pile::Empty,
            Pile::Up(n) => Pile::Up(n - 1),
            Pile::Down(n) => Pile::Down(n + 1),
        }
    }
}

/// One column of the old wall, bottom first; face-down tiles are flagged.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Column {
    len: u8,
    cells: [u8; MAX_COLUMN],
}

impl Column {
    fn new() -> Column {
        Column {
            len: 0,
            cells: [0; MAX_COLUMN],
        }
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The tile at height `h` (0 = bottom) and whether it is face up.
    pub fn get(&self, h: usize) -> Option<(Tile, bool)> {
        (h < self.len()).then(|| decode(self.cells[h]))
    }

    pub fn top(&self) -> Option<(Tile, bool)> {
        self.len().checked_sub(1).and_then(|h| self.get(h))
    }

    /// How many tiles at the bottom are still face down.
    pub fn face_down(&self) -> usize {
        self.cells[..self.len()]
            .iter()
            .take_while(|&&c| c & FACE_DOWN != 0)
            .count()
    }

    pub fn tiles(&self) -> impl Iterator<Item = (Tile, bool)> + '_ {
        self.cells[..self.len()].iter().map(|&c| decode(c))
    }

    fn push(&mut self, tile: Tile, face_up: bool) {
        // A column never exceeds MAX_COLUMN (see its comment); the move checks keep it so.
        self.cells[self.len()] = tile.index() as u8 | if face_up { 0 } else { FACE_DOWN };
        self.len += 1;
    }

    fn pop(&mut self) {
        self.len -= 1;
    }
}

impl fmt::Debug for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(
                self.tiles()
                    .map(|(t, up)| if up { t.to_string() } else { format!("({t})") }),
            )
            .finish()
    }
}

fn decode(cell: u8) -> (Tile, bool) {
    let tile = Tile::from_index((cell & !FACE_DOWN) as usize).expect("cells hold tile indices");
    (tile, cell & FACE_DOWN == 0)
}

/// A rule broken by a move (MU-1..MU-4, GN-1). Il Muro is a solitaire, so no
/// message names a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Broken {
    /// GN-1: a move after the end; the ended game's result stands.
    GameOver(End),
    /// MU-1: there is no such column.
    NoColumn(u8),
    /// MU-2: turning an empty column.
    TurnEmpty(u8),
    /// MU-2: turning a tile that is already face up.
    TurnFaceUp { column: u8, top: Tile },
    /// MU-2 (old wall), MU-3 (new wall): the tile is not the top of `from`;
    /// `top` is what is there (a column's top with whether it is face up, or
    /// the top of the fruit's pile).
    NotOnTop {
        tile: Tile,
        from: Place,
        top: Option<(Tile, bool)>,
    },
    /// MU-2: the tile is the face-down top of its column.
    FaceDown { tile: Tile, column: u8 },
    /// MU-2: a tile moved onto its own place.
    SamePlace { tile: Tile, place: Place },
    /// MU-2: the target's face-up top is not one higher (or the tile is a 6).
    WrongNumber { tile: Tile, column: u8, top: Tile },
    /// MU-2: the target's face-up top is the same fruit.
    SameFruit { tile: Tile, column: u8, top: Tile },
    /// MU-3, MU-4: the tile does not start or continue its fruit's pile.
    NewWallOrder {
        tile: Tile,
        pile: Pile,
        variant: Variant,
    },
}

impl engine::Broken for Broken {
    fn code(&self) -> &'static str {
        match self {
            Broken::GameOver(_) => "muro.game-over",
            Broken::NoColumn(_) => "muro.no-column",
            Broken::TurnEmpty(_) => "muro.turn-empty",
            Broken::TurnFaceUp { .. } => "muro.turn-face-up",
            Broken::NotOnTop { .. } => "muro.not-on-top",
            Broken::FaceDown { .. } => "muro.face-down",
            Broken::SamePlace { .. } => "muro.same-place",
            Broken::WrongNumber { .. } => "muro.wrong-number",
            Broken::SameFruit { .. } => "muro.same-fruit",
            Broken::NewWallOrder { .. } => "muro.new-wall-order",
        }
    }

    fn rule(&self) -> &'static str {
        match self {
            Broken::GameOver(_) => "GN-1 (the game is over, MU-4)",
            Broken::NoColumn(_) => "MU-1",
            Broken::NotOnTop {
                from: Place::NewWall,
                ..
            }
            | Broken::NewWallOrder { .. } => "MU-3",
            _ => "MU-2",
        }
    }

    fn describe(&self, _names: &[String]) -> String {
        self.to_string()
    }
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::t;
        let text = match *self {
            Broken::GameOver(End::Won) => t!("muro-over-already-won"),
            Broken::GameOver(End::Stuck) => t!("muro-over-already-stuck"),
            Broken::GameOver(End::Stopped) => t!("muro-over-already-stopped"),
            Broken::NoColumn(c) => t!("muro-no-column", column = c + 1, columns = COLUMNS),
            Broken::TurnEmpty(c) => t!("muro-turn-empty", column = c + 1),
            Broken::TurnFaceUp { column, top } => {
                t!(
                    "muro-turn-face-up",
                    column = column + 1,
                    top = top.to_string()
                )
            }
            Broken::NotOnTop {
                tile,
                from: Place::Column(c),
                top,
            } => match top {
                None => t!("muro-not-on-empty", tile = tile.to_string(), column = c + 1),
                Some((top, true)) => t!(
                    "muro-not-on-top",
                    tile = tile.to_string(),
                    column = c + 1,
                    top = top.to_string()
                ),
                // Do not reveal a face-down tile the record does not know.
                Some((_, false)) => {
                    t!(
                        "muro-not-on-top-hidden",
                        tile = tile.to_string(),
                        column = c + 1
                    )
                }
            },
            Broken::NotOnTop {
                tile,
                from: Place::NewWall,
                top,
            } => match top {
                Some((top, _)) => t!(
                    "muro-not-on-pile",
                    tile = tile.to_string(),
                    fruit = tile.fruit().name(),
                    top = top.to_string()
                ),
                None => t!(
                    "muro-no-pile",
                    tile = tile.to_string(),
                    fruit = tile.fruit().name()
                ),
            },
            Broken::FaceDown { tile, column } => {
                t!(
                    "muro-face-down",
                    tile = tile.to_string(),
                    column = column + 1
                )
            }
            Broken::SamePlace { tile, place } => {
                t!(
                    "muro-same-place",
                    tile = tile.to_string(),
                    place = place_name(place)
                )
            }
            Broken::WrongNumber { tile, column, top } if tile.number() == 6 => t!(
                "muro-six",
                tile = tile.to_string(),
                column = column + 1,
                top = top.to_string()
            ),
            Broken::WrongNumber { tile, column, top } => t!(
                "muro-wrong-number",
                tile = tile.to_string(),
                number = tile.number() + 1,
                column = column + 1,
                top = top.to_string()
            ),
            Broken::SameFruit { tile, column, top } => t!(
                "muro-same-fruit",
                tile = tile.to_string(),
                column = column + 1,
                top = top.to_string()
            ),
            Broken::NewWallOrder {
                tile,
                pile,
                variant,
            } => {
                let fruit = tile.fruit().name();
                let top = pile.top().and_then(|n| Tile::new(tile.fruit(), n));
                let tile = tile.to_string();
                match (pile, top) {
                    (Pile::Empty, _) if variant == Variant::SixDown => {
                        t!("muro-start-six-down", tile = tile, fruit = fruit)
                    }
                    (Pile::Empty, _) => t!("muro-start", tile = tile, fruit = fruit),
                    (_, Some(top)) if pile.is_complete() => {
                        t!("muro-pile-complete", fruit = fruit, top = top.to_string())
                    }
                    (Pile::Down(_), Some(top)) => t!(
                        "muro-pile-descends",
                        tile = tile,
                        top = top.to_string(),
                        fruit = fruit,
                        number = top.number() - 1
                    ),
                    (_, Some(top)) => t!(
                        "muro-pile-next",
                        tile = tile,
                        top = top.to_string(),
                        fruit = fruit,
                        number = top.number() + 1
                    ),
                    (_, None) => t!("muro-not-new-wall", tile = tile),
                }
            }
        };
        f.write_str(&text)
    }
}

/// How a game of Il Muro ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum End {
    /// Six complete new-wall piles (MU-4).
    Won,
    /// No legal move is left and the new wall is not complete.
    Stuck,
    /// The player stopped (`stop`) before either.
    Stopped,
}

/// What a legal move leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Ongoing,
    /// The game is over, and how.
    Over(End),
}

/// A position of Il Muro: the old wall's columns and the six new-wall piles (one
/// per fruit, in canonical fruit order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    variant: Variant,
    columns: [Column; COLUMNS],
    piles: [Pile; 6],
    /// The player has stopped (`stop`).
    stopped: bool,
}

impl State {
    /// The start of the game: the deal's wall with the top layer turned up (MU-1).
    pub fn new(setup: &Setup, variant: Variant) -> State {
        let mut columns = [Column::new(); COLUMNS];
        for (column, tiles) in columns.iter_mut().zip(&setup.columns) {
            for (h, &tile) in tiles.iter().enumerate() {
                column.push(tile, h == HEIGHT - 1);
            }
        }
        State {
            variant,
            columns,
            piles: [Pile::Empty; 6],
            stopped: false,
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn columns(&self) -> &[Column; COLUMNS] {
        &self.columns
    }

    pub fn column(&self, c: usize) -> &Column {
        &self.columns[c]
    }

    /// The new-wall pile of a fruit.
    pub fn pile(&self, fruit: Fruit) -> Pile {
        self.piles[fruit.index()]
    }

    pub fn piles(&self) -> &[Pile; 6] {
        &self.piles
    }

    /// The top tile of a fruit's new-wall pile.
    pub fn pile_top(&self, fruit: Fruit) -> Option<Tile> {
        self.pile(fruit).top().and_then(|n| Tile::new(fruit, n))
    }

    /// MU-4: six complete piles.
    pub fn is_won(&self) -> bool {
        self.piles.iter().all(|p| p.is_complete())
    }

    /// How the game ended, if it has: won, no legal move left, or stopped.
    pub fn end(&self) -> Option<End> {
        if self.is_won() {
            Some(End::Won)
        } else if self.stopped {
            Some(End::Stopped)
        } else if self.wall_moves().is_empty() {
            Some(End::Stuck)
        } else {
            None
        }
    }

    /// Whether a move is legal, and if not which rule it breaks.
    pub fn check(&self, mv: Move) -> Result<(), Broken> {
        if let Some(end) = self.end() {
            return Err(Broken::GameOver(end));
        }
        match mv {
            Move::Stop => Ok(()),
            Move::Turn(c) => self.check_turn(c),
            Move::Shift { tile, from, to } => {
                self.check_take(tile, from)?;
                if from == to {
                    return Err(Broken::SamePlace { tile, place: from });
                }
                self.check_put(tile, to)
            }
        }
    }

    fn check_turn(&self, c: u8) -> Result<(), Broken> {
        let Some(column) = self.columns.get(c as usize) else {
            return Err(Broken::NoColumn(c));
        };
        match column.top() {
            None => Err(Broken::TurnEmpty(c)),
            Some((top, true)) => Err(Broken::TurnFaceUp { column: c, top }),
            Some((_, false)) => Ok(()),
        }
    }

    fn check_take(&self, tile: Tile, from: Place) -> Result<(), Broken> {
        let top = match from {
            Place::Column(c) => {
                let Some(column) = self.columns.get(c as usize) else {
                    return Err(Broken::NoColumn(c));
                };
                match column.top() {
                    Some((top, true)) if top == tile => return Ok(()),
                    Some((top, false)) if top == tile => {
                        return Err(Broken::FaceDown { tile, column: c })
                    }
                    top => top,
                }
            }
            Place::NewWall => match self.pile_top(tile.fruit()) {
                Some(top) if top == tile => return Ok(()),
                top => top.map(|t| (t, true)),
            },
        };
        Err(Broken::NotOnTop { tile, from, top })
    }

    fn check_put(&self, tile: Tile, to: Place) -> Result<(), Broken> {
        match to {
            Place::Column(c) => {
                let Some(column) = self.columns.get(c as usize) else {
                    return Err(Broken::NoColumn(c));
                };
                match column.top() {
                    None | Some((_, false)) => Ok(()),
                    Some((top, true))
                        if tile.number() == 6 || top.number() != tile.number() + 1 =>
                    {
                        Err(Broken::WrongNumber {
                            tile,
                            column: c,
                            top,
                        })
                    }
                    Some((top, true)) if top.fruit() == tile.fruit() => Err(Broken::SameFruit {
                        tile,
                        column: c,
                        top,
                    }),
                    Some(_) => Ok(()),
                }
            }
            Place::NewWall => {
                let pile = self.pile(tile.fruit());
                if pile.next(self.variant).contains(&Some(tile.number())) {
                    return Ok(());
                }
                Err(Broken::NewWallOrder {
                    tile,
                    pile,
                    variant: self.variant,
                })
            }
        }
    }

    /// A position from its parts, for tests of positions no short game reaches.
    #[cfg(test)]
    pub(crate) fn from_parts(
        variant: Variant,
        columns: [&[(Tile, bool)]; COLUMNS],
        piles: [Pile; 6],
    ) -> State {
        let mut cols = [Column::new(); COLUMNS];
        for (col, tiles) in cols.iter_mut().zip(columns) {
            for &(tile, up) in tiles {
                col.push(tile, up);
            }
        }
        State {
            variant,
            columns: cols,
            piles,
            stopped: false,
        }
    }

    /// Apply a move known to be legal.
    pub(crate) fn apply_unchecked(&mut self, mv: Move) {
        match mv {
            Move::Stop => self.stopped = true,
            Move::Turn(c) => {
                let column = &mut self.columns[c as usize];
                let top = column.len() - 1;
                column.cells[top] &= !FACE_DOWN;
            }
            Move::Shift { tile, from, to } => {
                match from {
                    Place::Column(c) => self.columns[c as usize].pop(),
                    Place::NewWall => {
                        let p = &mut self.piles[tile.fruit().index()];
                        *p = p.pop();
                    }
                }
                match to {
                    Place::Column(c) => self.columns[c as usize].push(tile, true),
                    Place::NewWall => {
                        let p = &mut self.piles[tile.fruit().index()];
                        *p = p.push(tile.number());
                    }
                }
            }
        }
    }

    /// Every legal move on the wall (all but `stop`), in a fixed order: turns,
    /// then moves from the columns (left to right), then moves from the new
    /// wall (fruit order). Empty once the game is won or stopped.
    pub fn wall_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.legal_moves_into(&mut moves);
        moves
    }

    pub fn legal_moves_into(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.is_won() || self.stopped {
            return;
        }
        for (c, column) in self.columns.iter().enumerate() {
            if let Some((_, false)) = column.top() {
                moves.push(Move::Turn(c as u8));
            }
        }
        let from_columns = self.columns.iter().enumerate().filter_map(|(c, col)| {
            col.top()
                .filter(|&(_, up)| up)
                .map(|(t, _)| (t, Place::Column(c as u8)))
        });
        let from_piles = Fruit::ALL
            .into_iter()
            .filter_map(|f| self.pile_top(f).map(|t| (t, Place::NewWall)));
        let sources: Vec<(Tile, Place)> = from_columns.chain(from_piles).collect();
        for (tile, from) in sources {
            self.targets_into(tile, from, moves);
        }
    }

    /// The legal moves of `tile`, which is movable at `from`.
    pub(crate) fn targets_into(&self, tile: Tile, from: Place, moves: &mut Vec<Move>) {
        if from != Place::NewWall && self.check_put(tile, Place::NewWall).is_ok() {
            moves.push(Move::Shift {
                tile,
                from,
                to: Place::NewWall,
            });
        }
        for c in 0..COLUMNS as u8 {
            let to = Place::Column(c);
            if to != from && self.check_put(tile, to).is_ok() {
                moves.push(Move::Shift { tile, from, to });
            }
        }
    }
}

fn place_name(place: Place) -> String {
    match place {
        Place::Column(c) => crate::t!("muro-column", column = c + 1),
        Place::NewWall => crate::t!("muro-the-new-wall"),
    }
}

/// Il Muro through the engine contract: one player (seat 0), the variant as
/// its rules, and `stop` always among the legal moves until the game ends.
impl Engine for State {
    type Setup = Setup;
    type Rules = Variant;
    type Move = Move;
    type Outcome = Outcome;
    type Broken = Broken;
    type SetupError = std::convert::Infallible;

    fn start(setup: &Setup, rules: &Variant) -> Result<State, Self::SetupError> {
        Ok(State::new(setup, *rules))
    }

    fn to_move(&self) -> Option<usize> {
        self.end().is_none().then_some(0)
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mut moves = self.wall_moves();
        if !moves.is_empty() {
            moves.push(Move::Stop);
        }
        moves
    }

    /// Turns of every column, `stop`, and each top tile (of a column, face up
    /// or down, or of a pile) from every place onto every place.
    fn candidate_moves(&self) -> Vec<Move> {
        let places: Vec<Place> = (0..COLUMNS as u8)
            .map(Place::Column)
            .chain([Place::NewWall])
            .collect();
        let tops = self
            .columns
            .iter()
            .filter_map(|c| c.top().map(|(t, _)| t))
            .chain(Fruit::ALL.into_iter().filter_map(|f| self.pile_top(f)));
        let mut moves: Vec<Move> = (0..COLUMNS as u8).map(Move::Turn).collect();
        moves.push(Move::Stop);
        for tile in tops {
            for &from in &places {
                for &to in &places {
                    moves.push(Move::Shift { tile, from, to });
                }
            }
        }
        moves
    }

    /// Apply a move, or say which rule it breaks (leaving the state unchanged).
    fn play(&mut self, mv: Move) -> Result<Outcome, Broken> {
        self.check(mv)?;
        self.apply_unchecked(mv);
        Ok(self.end().map_or(Outcome::Ongoing, Outcome::Over))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::engine::Broken as _;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    fn m(s: &str) -> Move {
        s.parse().unwrap()
    }

    /// A deal whose top layer is `tops` (columns 1..6) and whose other tiles
    /// follow in canonical order.
    fn setup_with_tops(tops: [&str; 6]) -> Setup {
        let tops: Vec<Tile> = tops.iter().map(|s| t(s)).collect();
        let mut order: Vec<Tile> = Tile::all().filter(|x| !tops.contains(x)).collect();
        order.extend(tops);
        Setup::from_order(&order).unwrap()
    }

    #[test]
    fn mu1_deal_is_laid_as_bricks_with_the_top_layer_face_up() {
        let order: Vec<Tile> = Tile::all().collect();
        let setup = Setup::from_order(&order).unwrap();
        assert_eq!(setup.order(), order);
        let state = State::new(&setup, Variant::Standard);
        // Column 1 holds deal tiles 0, 6, 12, 18, 24, 30 from the bottom.
        let col: Vec<(Tile, bool)> = state.column(0).tiles().collect();
        assert_eq!(col[0], (order[0], false));
        assert_eq!(col[5], (order[30], true));
        assert_eq!(state.column(0).face_down(), 5);
        assert!(Setup::from_order(&order[..35]).is_none());
        let mut twice = order.clone();
        twice[1] = twice[0];
        assert!(Setup::from_order(&twice).is_none());
    }

    #[test]
    fn move_notation_round_trips() {
        for s in ["turn 3", "B4 3>5", "B1 3>new", "B3 new>5"] {
            assert_eq!(m(s).to_string(), s);
        }
        assert_eq!(m("  b4 3>NEW ").to_string(), "B4 3>new");
    }

    #[test]
    fn move_syntax_errors_point_at_the_bad_word() {
        let e = "B4 3>9".parse::<Move>().unwrap_err();
        assert_eq!(e.offset, 5);
        let e = "  X4 3>5".parse::<Move>().unwrap_err();
        assert_eq!(e.offset, 2);
        let e = "B4 35".parse::<Move>().unwrap_err();
        assert_eq!(e.offset, 3);
        let e = "turn new".parse::<Move>().unwrap_err();
        assert_eq!(e.offset, 5);
        let e = "B4 3>5 now".parse::<Move>().unwrap_err();
        assert_eq!(e.offset, 7);
        assert!("".parse::<Move>().is_err());
        // Spaces round the `>`: the word after a place is still one too many.
        let e = "B4 3 > 5 now".parse::<Move>().unwrap_err();
        assert_eq!(
            (e.offset, e.message.starts_with("unexpected `now`")),
            (9, true)
        );
        let e = "B4 3 4>5".parse::<Move>().unwrap_err();
        assert_eq!(
            (e.offset, e.message.starts_with("unexpected `4`")),
            (5, true)
        );
        let e = "B4 3 > 9".parse::<Move>().unwrap_err();
        assert_eq!(e.offset, 7);
        let e = "B4 > 5".parse::<Move>().unwrap_err();
        assert_eq!(
            (e.offset, e.message.contains("a place is missing")),
            (3, true)
        );
        let e = "B4 3 >".parse::<Move>().unwrap_err();
        assert_eq!(
            (e.offset, e.message.contains("a place is missing")),
            (6, true)
        );
        let e = "stop now".parse::<Move>().unwrap_err();
        assert_eq!(e.offset, 5);
        let e = "turn".parse::<Move>().unwrap_err();
        assert!(e.message.contains("names no column"), "{e}");
    }

    /// Players write `M1 1 > new`, spaces round the `>`, as readily as `M1 1>new`:
    /// both read as the same move, as do doubled spaces anywhere (issue 27).
    #[test]
    fn spaces_round_the_arrow_are_read() {
        for s in [
            "M1 1 > new",
            "M1 1> new",
            "M1 1 >new",
            "  M1   1   >   NEW  ",
            "m1\t1\t>\tnew",
        ] {
            assert_eq!(m(s).to_string(), "M1 1>new", "{s:?}");
        }
        assert_eq!(m("B3 new > 5").to_string(), "B3 new>5");
        assert_eq!(m("turn   3").to_string(), "turn 3");
    }

    #[test]
    fn mu2_the_sheets_example_3_banane_onto_4_fragole_not_5_uva_onto_6_uva() {
        let setup = setup_with_tops(["B3", "F4", "U5", "U6", "M2", "C1"]);
        let mut s = State::new(&setup, Variant::Standard);
        assert_eq!(s.play(m("B3 1>2")), Ok(Outcome::Ongoing));
        let e = s.play(m("U5 3>4")).unwrap_err();
        assert_eq!((e.rule(), e.code()), ("MU-2", "muro.same-fruit"));
        let e = s.play(m("M2 5>4")).unwrap_err();
        assert_eq!(e.code(), "muro.wrong-number");
        // The state is unchanged by refused moves.
        assert_eq!(s.column(3).top(), Some((t("U6"), true)));
    }

    #[test]
    fn mu2_only_the_face_up_top_tile_moves() {
        let setup = setup_with_tops(["B3", "F4", "U5", "U6", "M2", "C1"]);
        let mut s = State::new(&setup, Variant::Standard);
        let e = s.play(m("F4 1>2")).unwrap_err();
        assert_eq!(e.code(), "muro.not-on-top");
        assert!(e.to_string().contains("its top is B3"), "{e}");
        s.play(m("B3 1>2")).unwrap();
        // Column 1's new top is face down: it cannot move, but may be turned.
        let under = s.column(0).top().unwrap().0;
        let e = s.play(Move::Shift {
            tile: under,
            from: Place::Column(0),
            to: Place::Column(2),
        });
        assert_eq!(e.unwrap_err().code(), "muro.face-down");
        let e = s.play(m("M1 1>3")).unwrap_err();
        if under != t("M1") {
            assert!(e.to_string().contains("face-down tile"), "{e}");
        }
        assert_eq!(s.play(m("turn 2")).unwrap_err().code(), "muro.turn-face-up");
        s.play(m("turn 1")).unwrap();
        assert_eq!(s.column(0).top(), Some((under, true)));
    }

    #[test]
    fn mu2_any_tile_onto_a_face_down_top_or_into_an_empty_column() {
        let setup = setup_with_tops(["B3", "F4", "U5", "U6", "M2", "C1"]);
        let mut s = State::new(&setup, Variant::Standard);
        s.play(m("B3 1>2")).unwrap();
        // Column 1's top is face down: U5 (no match) may go there.
        s.play(m("U5 3>1")).unwrap();
        assert_eq!(s.column(0).face_down(), 5);
        assert_eq!(s.column(0).len(), 6);
        // Into an empty column: any tile.
        let mut s = State::from_parts(
            Variant::Standard,
            [&[(t("U5"), true)], &[(t("M4"), false)], &[], &[], &[], &[]],
            [Pile::Empty; 6],
        );
        s.play(m("U5 1>3")).unwrap();
        s.play(m("U5 3>2")).unwrap();
        assert_eq!(s.play(m("turn 3")).unwrap_err().code(), "muro.turn-empty");
        assert_eq!(s.column(1).len(), 2);
    }

    #[test]
    fn mu3_new_wall_piles_start_with_1_and_climb_by_fruit() {
        let setup = setup_with_tops(["B1", "B2", "M2", "B3", "M6", "C1"]);
        let mut s = State::new(&setup, Variant::Standard);
        let e = s.play(m("B2 2>new")).unwrap_err();
        assert_eq!((e.rule(), e.code()), ("MU-3", "muro.new-wall-order"));
        let e = s.play(m("M6 5>new")).unwrap_err();
        assert!(e.to_string().contains("six-down"), "{e}");
        s.play(m("B1 1>new")).unwrap();
        assert_eq!(
            s.play(m("M2 3>new")).unwrap_err().code(),
            "muro.new-wall-order"
        );
        let e = s.play(m("B3 4>new")).unwrap_err();
        assert!(e.to_string().contains("takes the 2 next"), "{e}");
        s.play(m("B2 2>new")).unwrap();
        s.play(m("B3 4>new")).unwrap();
        assert_eq!(s.pile(Fruit::Banane), Pile::Up(3));
        // MU-3: tiles may come back from the new wall, only from the top.
        let e = s.play(m("B2 new>2")).unwrap_err();
        assert_eq!(e.code(), "muro.not-on-top");
        s.play(m("B3 new>2")).unwrap();
        assert_eq!(s.pile(Fruit::Banane), Pile::Up(2));
        let e = s.play(m("M2 new>2")).unwrap_err();
        assert!(e.to_string().contains("no mele pile"), "{e}");
    }

    #[test]
    fn mu4_six_down_piles_descend_from_6_one_per_fruit() {
        let setup = setup_with_tops(["M6", "M5", "M1", "B6", "B1", "C1"]);
        let mut s = State::new(&setup, Variant::SixDown);
        s.play(m("M6 1>new")).unwrap();
        assert_eq!(s.pile(Fruit::Mele), Pile::Down(6));
        let e = s.play(m("M1 3>new")).unwrap_err();
        assert!(e.to_string().contains("descends"), "{e}");
        s.play(m("M5 2>new")).unwrap();
        s.play(m("B1 5>new")).unwrap();
        assert_eq!(
            s.play(m("B6 4>new")).unwrap_err().code(),
            "muro.new-wall-order"
        );
        assert_eq!(s.pile(Fruit::Mele).len(), 2);
    }

    #[test]
    fn mu4_won_with_six_complete_piles_and_nothing_after() {
        // A wall where each column holds one fruit, 1 on top: play it out.
        let mut order = Vec::new();
        for layer in 0..6u8 {
            for fruit in Fruit::ALL {
                order.push(Tile::new(fruit, 6 - layer).unwrap());
            }
        }
        let setup = Setup::from_order(&order).unwrap();
        let mut s = State::new(&setup, Variant::Standard);
        let mut last = Outcome::Ongoing;
        for n in 1..=6 {
            for (c, f) in Fruit::ALL.into_iter().enumerate() {
                if n > 1 {
                    s.play(Move::Turn(c as u8)).unwrap();
                }
                last = s
                    .play(Move::Shift {
                        tile: Tile::new(f, n).unwrap(),
                        from: Place::Column(c as u8),
                        to: Place::NewWall,
                    })
                    .unwrap();
            }
        }
        assert_eq!(last, Outcome::Over(End::Won));
        assert!(s.wall_moves().is_empty());
        assert_eq!(s.play(m("M6 new>1")).unwrap_err().code(), "muro.game-over");
    }

    #[test]
    fn legal_moves_are_exactly_the_moves_play_accepts() {
        let setup = setup_with_tops(["B3", "F4", "U5", "U6", "M2", "C1"]);
        let mut s = State::new(&setup, Variant::SixDown);
        for step in 0..40 {
            let legal = s.wall_moves();
            // Try every syntactically possible move and compare with the list.
            let mut accepted = Vec::new();
            for c in 0..6u8 {
                if s.check(Move::Turn(c)).is_ok() {
                    accepted.push(Move::Turn(c));
                }
            }
            let places: Vec<Place> = (0..6u8)
                .map(Place::Column)
                .chain([Place::NewWall])
                .collect();
            for tile in Tile::all() {
                for &from in &places {
                    for &to in &places {
                        let mv = Move::Shift { tile, from, to };
                        if s.check(mv).is_ok() {
                            accepted.push(mv);
                        }
                    }
                }
            }
            let mut a = legal.clone();
            a.sort_by_key(|m| m.to_string());
            accepted.sort_by_key(|m| m.to_string());
            assert_eq!(a, accepted, "step {step}");
            if legal.is_empty() {
                break;
            }
            s.play(legal[(step * 7) % legal.len()]).unwrap();
        }
    }
}

#[cfg(test)]
mod engine_tests {
    use super::*;
    use crate::games::engine::Engine;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    /// GN-1: tops with no 1 and no two numbers one apart leave no legal move:
    /// the game is over at once, so any further move is `game-over`, not
    /// blamed for its own fault (here it would be `wrong-number`).
    #[test]
    fn gn1_a_stuck_wall_is_over_and_a_later_move_is_game_over() {
        let tops = ["M2", "M4", "M6", "P2", "P4", "P6"].map(|s| [(t(s), true)]);
        let s = State::from_parts(
            Variant::Standard,
            [&tops[0], &tops[1], &tops[2], &tops[3], &tops[4], &tops[5]],
            [Pile::Empty; 6],
        );
        assert_eq!(s.end(), Some(End::Stuck));
        assert_eq!(s.to_move(), None);
        assert!(Engine::legal_moves(&s).is_empty());
        let e = s.clone().play("M2 1>2".parse().unwrap()).unwrap_err();
        assert_eq!(e, Broken::GameOver(End::Stuck));
        // In six-down the 6s may start piles: the same wall is not stuck.
        let six = State {
            variant: Variant::SixDown,
            ..s
        };
        assert_eq!(six.end(), None);
    }

    /// `stop` ends the game unsolved; nothing may follow it (GN-1).
    #[test]
    fn stop_ends_the_game() {
        let order: Vec<Tile> = Tile::all().collect();
        let mut s = State::new(&Setup::from_order(&order).unwrap(), Variant::SixDown);
        assert!(Engine::legal_moves(&s).contains(&Move::Stop));
        assert_eq!(s.play(Move::Stop), Ok(Outcome::Over(End::Stopped)));
        assert_eq!(s.to_move(), None);
        assert_eq!(
            s.play(Move::Turn(0)).unwrap_err(),
            Broken::GameOver(End::Stopped)
        );
        assert_eq!("stop".parse::<Move>().unwrap(), Move::Stop);
    }
}
