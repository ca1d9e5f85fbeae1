//! The moves of each line, kept: the placements a rack can make on one line (a row across,
//! a column down) depend only on that line's tiles and on the tiles across it next to its
//! empty squares (their cross words), so a line the last moves did not touch has the moves
//! it had. The search meets the same lines with the same racks again and again (every
//! round of the deepening, every re-search, both sides' lists): each (rack, line) is walked
//! by the generator once, then copied from here.
//!
//! A line is named by a Zobrist key of what it depends on (see [`super::pos::Pos::line_key`]),
//! xored with the rack's key. A clash of two 64-bit keys is as unlikely as in the
//! transposition table, which trusts its keys the same way.

use std::collections::HashMap;

use super::super::leaves::KeyHash;
use super::pos::Mv;

/// Moves kept at most; past this the store starts again empty (a search that far in has
/// left most of what it kept behind, and memory stays bounded).
const MAX_MOVES: usize = 4 << 20;

#[derive(Default)]
pub(super) struct Lines {
    /// (rack, line) key to its moves' range in `moves`.
    at: HashMap<u64, (u32, u32), KeyHash>,
    moves: Vec<Mv>,
    /// Look-ups answered from the store, and walks made (for the tests).
    pub hits: u64,
    pub walks: u64,
}

impl Lines {
    /// The moves kept for `key`, if any.
    pub fn get(&mut self, key: u64) -> Option<&[Mv]> {
        let &(start, len) = self.at.get(&key)?;
        self.hits += 1;
        Some(&self.moves[start as usize..(start + len) as usize])
    }

    /// Keep `moves` as the moves of `key`.
    pub fn put(&mut self, key: u64, moves: &[Mv]) {
        self.walks += 1;
        if self.moves.len() + moves.len() > MAX_MOVES {
            self.moves.clear();
            self.at.clear();
        }
        let start = self.moves.len() as u32;
        self.moves.extend_from_slice(moves);
        self.at.insert(key, (start, moves.len() as u32));
    }
}
