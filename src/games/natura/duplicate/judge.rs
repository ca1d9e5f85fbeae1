//! One player's submitted placement on a round's board with the round's rack: its score as
//! the engine counts it, or why it scores nothing (a rule of placing broken, a tile not on the
//! rack, a word the lexicon lacks: in duplicate there is no challenge, a wrong word scores 0).

use super::super::board::{Board, PlaceError, Placement, Square, WordScore};
use super::super::game::Broken;
use super::super::layout::TileSet;
use super::super::movegen::Gaddag;
use super::super::moves::tile_char;
use super::game::bonus;
use crate::games::engine::Broken as _;

/// A legal submission.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judged {
    /// Every word formed, the main word first.
    pub words: Vec<WordScore>,
    pub bonus: u32,
    pub score: u32,
}

/// Why a submission scores 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    Place(PlaceError),
    /// A tile of the word is not on the rack.
    NotOnRack {
        tile: char,
        square: Square,
    },
    /// Words the lexicon lacks.
    NotWords(Vec<String>),
}

impl Refused {
    /// A stable code.
    pub fn code(&self) -> &'static str {
        match self {
            Refused::Place(p) => Broken::Place(p.clone()).code(),
            Refused::NotOnRack { .. } => "natura.not-on-rack",
            Refused::NotWords(_) => "natura.duplicate-not-a-word",
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Refused::Place(p) => Broken::Place(p.clone()).describe(&[]),
            Refused::NotOnRack { tile, square } => {
                format!("`{tile}` (for {square}) is not on the rack")
            }
            Refused::NotWords(w) => format!("not in the lexicon: {}", w.join(", ")),
        }
    }
}

/// Judge `play` on `board` with `rack` (counts by kind), its words looked up in `graph`.
pub fn judge(
    board: &Board,
    set: &TileSet,
    rack: &[u8],
    play: &Placement,
    graph: &Gaddag,
) -> Result<Judged, Refused> {
    let scored = board.score(set, play).map_err(Refused::Place)?;
    let mut left = rack.to_vec();
    for &(sq, t) in &scored.placed {
        let k = usize::from(TileSet::rack_tile(t));
        match left.get_mut(k) {
            Some(n) if *n > 0 => *n -= 1,
            _ => {
                return Err(Refused::NotOnRack {
                    tile: tile_char(t),
                    square: sq,
                })
            }
        }
    }
    let mut missing: Vec<String> = Vec::new();
    for w in &scored.words {
        let text = w.upper(set);
        if !graph.contains(&text) && !missing.contains(&text) {
            missing.push(text);
        }
    }
    if !missing.is_empty() {
        return Err(Refused::NotWords(missing));
    }
    let size: usize = rack.iter().map(|&n| usize::from(n)).sum();
    let bonus = bonus(scored.placed.len(), size);
    Ok(Judged {
        score: scored.words_total() + bonus,
        bonus,
        words: scored.words,
    })
}

/// A score as a percentage of the top, in tenths (rounded half up): `1000` is 100%. A top of
/// 0 (two jollies) gives 100% to a legal 0.
pub fn percent_tenths(score: u32, top: u32) -> u32 {
    if top == 0 {
        return 1000;
    }
    ((u64::from(score) * 1000 + u64::from(top) / 2) / u64::from(top)) as u32
}

/// Tenths of a percent as text: `87.5%`.
pub fn percent_text(tenths: u32) -> String {
    format!("{}.{}%", tenths / 10, tenths % 10)
}
