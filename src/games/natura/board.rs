//! The 15x15 board, its squares and the scoring of a placement: which tiles are new, which
//! words they form, and what each word scores (NS-1, "Placing words", "Scoring a play").
//! Knows nothing of racks, turns or the lexicon, so records written by other programs
//! (GCG, with their own tile sets) are scored by the same code.

use std::fmt;
use std::str::FromStr;

use super::layout::{premiums, Premium, TileSet, BLANK, SIZE, STAR};

/// A square, 0-based from the top left; written `H8` (column letter, row number).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    pub row: usize,
    pub col: usize,
}

impl Square {
    pub fn new(row: usize, col: usize) -> Option<Square> {
        (row < SIZE && col < SIZE).then_some(Square { row, col })
    }

    fn index(self) -> usize {
        self.row * SIZE + self.col
    }

    /// The next square in a direction (or back), if on the board.
    fn step(self, dir: Dir, forward: bool) -> Option<Square> {
        let (dr, dc) = match dir {
            Dir::Across => (0, 1),
            Dir::Down => (1, 0),
        };
        let (r, c) = if forward {
            (self.row + dr, self.col + dc)
        } else {
            (self.row.checked_sub(dr)?, self.col.checked_sub(dc)?)
        };
        Square::new(r, c)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.col as u8) as char, self.row + 1)
    }
}

impl FromStr for Square {
    type Err = String;
    /// `H8`, in any case (GN-2).
    fn from_str(s: &str) -> Result<Square, String> {
        let bad = || crate::t!("natura-not-a-square", text = s);
        let mut chars = s.chars();
        let col = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
        let row: usize = chars.as_str().parse().map_err(|_| bad())?;
        if !col.is_ascii_uppercase() || row == 0 {
            return Err(bad());
        }
        Square::new(row - 1, usize::from(col as u8 - b'A')).ok_or_else(bad)
    }
}

/// The direction a word reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dir {
    Across,
    Down,
}

impl Dir {
    pub fn other(self) -> Dir {
        match self {
            Dir::Across => Dir::Down,
            Dir::Down => Dir::Across,
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dir::Across => "across",
            Dir::Down => "down",
        })
    }
}

/// In a placement's word: a square already covered, whatever its letter (GCG's `.`).
pub const THROUGH: u8 = 0xFF;

/// A placement: the main word from its first square in a direction. Each entry is a tile to
/// place (a letter, or a letter with [`BLANK`] for a jolly) or a letter already on the board
/// (the same letter, or [`THROUGH`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Placement {
    pub at: Square,
    pub dir: Dir,
    pub word: Vec<u8>,
}

/// Why a placement cannot stand on this board, with the square at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlaceError {
    /// The word runs off the board.
    OffBoard(Square),
    /// A letter is given for a covered square that holds another letter.
    Mismatch(Square),
    /// `.` (through) is given for an empty square.
    ThroughEmpty(Square),
    /// The play places no tile.
    NoTile(Square),
    /// The main word has fewer than two letters.
    OneLetter(Square),
    /// The main word goes on past its last (or before its first) written letter: the square
    /// touching it is covered.
    NotWholeWord(Square),
    /// The first play does not cover the star.
    MissesStar(Square),
    /// A later play touches no tile on the board.
    NoContact(Square),
    /// A tile that is no letter of the set.
    UnknownTile(Square),
}

/// The sentence of each refusal, the square named as the records write it (`E7`): one home
/// for a TOML record's refusal ([`super::game::Broken`]) and a GCG play's.
impl fmt::Display for PlaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlaceError::OffBoard(s) => {
                f.write_str(&crate::t!("natura-off-board", square = s.to_string()))
            }
            PlaceError::Mismatch(s) => {
                f.write_str(&crate::t!("natura-mismatch", square = s.to_string()))
            }
            PlaceError::ThroughEmpty(s) => {
                f.write_str(&crate::t!("natura-through-empty", square = s.to_string()))
            }
            PlaceError::NoTile(s) => {
                f.write_str(&crate::t!("natura-no-tile", square = s.to_string()))
            }
            PlaceError::OneLetter(s) => {
                f.write_str(&crate::t!("natura-one-letter", square = s.to_string()))
            }
            PlaceError::NotWholeWord(s) => {
                f.write_str(&crate::t!("natura-not-whole-word", square = s.to_string()))
            }
            PlaceError::MissesStar(s) => {
                f.write_str(&crate::t!("natura-misses-star", square = s.to_string()))
            }
            PlaceError::NoContact(s) => {
                f.write_str(&crate::t!("natura-no-contact", square = s.to_string()))
            }
            PlaceError::UnknownTile(s) => {
                f.write_str(&crate::t!("natura-unknown-tile", square = s.to_string()))
            }
        }
    }
}

/// One letter of a scored word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WordLetter {
    pub square: Square,
    pub tile: u8,
    /// Placed in this play (premiums count only then).
    pub new: bool,
    /// The letter premium applied (1, 2 or 3).
    pub letter_factor: u32,
    /// The letter's value before the premium (0 for a jolly).
    pub value: u32,
}

/// A word formed by a play and its score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WordScore {
    pub start: Square,
    pub dir: Dir,
    pub letters: Vec<WordLetter>,
    /// The product of the word premiums under new tiles: 1, 2, 3, 4, 9, 27, ...
    pub multiplier: u32,
    pub score: u32,
}

impl WordScore {
    /// The word as written on the board (a jolly in lower case).
    pub fn text(&self, set: &TileSet) -> String {
        self.letters.iter().map(|l| set.char_of(l.tile)).collect()
    }

    /// The word in upper case, as a lexicon knows it.
    pub fn upper(&self, set: &TileSet) -> String {
        self.letters
            .iter()
            .map(|l| set.char_of(l.tile & !BLANK))
            .collect()
    }
}

/// What a placement does: the tiles it places and every word it forms (the main word first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scored {
    pub placed: Vec<(Square, u8)>,
    pub words: Vec<WordScore>,
}

impl Scored {
    /// The sum of the words' scores, without any bonus.
    pub fn words_total(&self) -> u32 {
        self.words.iter().map(|w| w.score).sum()
    }
}

/// The board: each square empty (0) or a tile.
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    cells: [u8; SIZE * SIZE],
    premiums: [[Premium; SIZE]; SIZE],
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.cells.chunks(SIZE) {
            let line: String = row
                .iter()
                .map(|&t| if t == 0 { '.' } else { '#' })
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    /// An empty board with the premium layout of NS-1.
    pub fn new() -> Board {
        Board {
            cells: [0; SIZE * SIZE],
            premiums: premiums(),
        }
    }

    pub fn get(&self, sq: Square) -> Option<u8> {
        let t = self.cells[sq.index()];
        (t != 0).then_some(t)
    }

    pub fn is_empty(&self) -> bool {
        self.cells.iter().all(|&t| t == 0)
    }

    pub fn premium(&self, sq: Square) -> Premium {
        self.premiums[sq.row][sq.col]
    }

    pub fn set(&mut self, sq: Square, tile: u8) {
        self.cells[sq.index()] = tile;
    }

    pub fn clear(&mut self, sq: Square) {
        self.cells[sq.index()] = 0;
    }

    /// Put a scored placement's tiles on the board.
    pub fn apply(&mut self, scored: &Scored) {
        for &(sq, t) in &scored.placed {
            self.set(sq, t);
        }
    }

    /// Take a placement's tiles off again (a withdrawn play, NS-5).
    pub fn undo(&mut self, scored: &Scored) {
        for &(sq, _) in &scored.placed {
            self.clear(sq);
        }
    }

    /// Check a placement against the board and score every word it forms; the board is not
    /// changed. Rack, turn and lexicon are the caller's.
    pub fn score(&self, set: &TileSet, p: &Placement) -> Result<Scored, PlaceError> {
        let mut placed = Vec::new();
        let mut touches = false;
        let mut sq = Some(p.at);
        let mut last = p.at;
        for &t in &p.word {
            let here = sq.ok_or(PlaceError::OffBoard(last))?;
            match (self.get(here), t) {
                (Some(_), THROUGH) => touches = true,
                (Some(b), t) if b & !BLANK == t & !BLANK => touches = true,
                (Some(_), _) => return Err(PlaceError::Mismatch(here)),
                (None, THROUGH) => return Err(PlaceError::ThroughEmpty(here)),
                (None, t) if t & !BLANK == 0 || usize::from(t & !BLANK) > set.letters.len() => {
                    return Err(PlaceError::UnknownTile(here))
                }
                (None, t) => placed.push((here, t)),
            }
            last = here;
            sq = here.step(p.dir, true);
        }
        if placed.is_empty() {
            return Err(PlaceError::NoTile(p.at));
        }
        if p.word.len() < 2 {
            return Err(PlaceError::OneLetter(p.at));
        }
        if let Some(before) = p.at.step(p.dir, false) {
            if self.get(before).is_some() {
                return Err(PlaceError::NotWholeWord(before));
            }
        }
        if let Some(after) = last.step(p.dir, true) {
            if self.get(after).is_some() {
                return Err(PlaceError::NotWholeWord(after));
            }
        }
        let first = self.is_empty();
        let star = Square::new(STAR.0, STAR.1).expect("the star is on the board");
        if first && !placed.iter().any(|&(s, _)| s == star) {
            return Err(PlaceError::MissesStar(p.at));
        }
        let new_at = |s: Square| placed.iter().find(|&&(q, _)| q == s).map(|&(_, t)| t);
        let mut words = vec![self.word_at(set, p.at, p.dir, &new_at)];
        for &(s, _) in &placed {
            let cross = self.word_at(set, self.start_of(s, p.dir.other()), p.dir.other(), &new_at);
            if cross.letters.len() >= 2 {
                touches = true;
                words.push(cross);
            }
        }
        if !first && !touches {
            return Err(PlaceError::NoContact(p.at));
        }
        Ok(Scored { placed, words })
    }

    /// The first square of the run of covered squares through `sq` (which is new).
    fn start_of(&self, sq: Square, dir: Dir) -> Square {
        let mut s = sq;
        while let Some(prev) = s.step(dir, false) {
            if self.get(prev).is_none() {
                break;
            }
            s = prev;
        }
        s
    }

    /// The word from `start` while squares are covered (on the board or new), scored.
    fn word_at(
        &self,
        set: &TileSet,
        start: Square,
        dir: Dir,
        new_at: &dyn Fn(Square) -> Option<u8>,
    ) -> WordScore {
        let mut letters = Vec::new();
        let mut multiplier = 1;
        let mut sum = 0;
        let mut sq = Some(start);
        while let Some(s) = sq {
            let (tile, new) = match (self.get(s), new_at(s)) {
                (Some(t), _) => (t, false),
                (None, Some(t)) => (t, true),
                (None, None) => break,
            };
            let premium = if new { self.premium(s) } else { Premium::None };
            let value = set.value(tile);
            sum += value * premium.letter_factor();
            multiplier *= premium.word_factor();
            letters.push(WordLetter {
                square: s,
                tile,
                new,
                letter_factor: premium.letter_factor(),
                value,
            });
            sq = s.step(dir, true);
        }
        WordScore {
            start,
            dir,
            letters,
            multiplier,
            score: sum * multiplier,
        }
    }
}
