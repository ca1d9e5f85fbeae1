//! The position the endgame search plays on: the board and both racks, changed in place by
//! each move and changed back after it (no copy of the game per position searched), with a
//! Zobrist key kept up to date as tiles come and go.
//!
//! Only what decides the points still to come is kept: the board, the racks, whose turn it
//! is and the scoreless turns in a row (NS-4). The scores are not: the search counts the
//! points each move adds, so one position is one table entry however it was reached.

use super::super::board::{Board, Dir, Placement, Square, THROUGH};
use super::super::game::State;
use super::super::layout::{TileSet, BLANK, JOLLY, SIZE};
use super::super::movegen::{each_found_on, Found, Gaddag, Ranked};
use super::super::moves::Move;
use super::lines::Lines;

/// Tile kinds on a rack: the jolly (0) and the letters A-Z (1-26), as the generator counts.
pub(super) const KINDS: usize = 27;

/// Scoreless turns in a row that end a two-player game (NS-4: three rounds).
pub(super) const SCORELESS_END: u8 = 6;

/// A move as the search keeps it: a placement (its first square, direction and word as
/// the generator gives them: a tile placed, or [`THROUGH`]) or the pass (`len` 0). Copied,
/// never allocated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Mv {
    /// The first square, `row * SIZE + col`.
    pub at: u8,
    pub down: bool,
    pub len: u8,
    /// Tiles placed from the rack.
    pub tiles: u8,
    /// What the engine scores it (the words and the rack bonus).
    pub score: u16,
    pub word: [u8; SIZE],
}

impl Mv {
    pub const PASS: Mv = Mv {
        at: 0,
        down: false,
        len: 0,
        tiles: 0,
        score: 0,
        word: [0; SIZE],
    };

    fn of(f: &Found) -> Mv {
        let mut word = [0; SIZE];
        let w = f.word();
        word[..w.len()].copy_from_slice(w);
        Mv {
            at: (f.at.row * SIZE + f.at.col) as u8,
            down: f.dir == Dir::Down,
            len: w.len() as u8,
            tiles: f.tiles,
            score: f.score as u16,
            word,
        }
    }

    pub fn is_pass(&self) -> bool {
        self.len == 0
    }

    /// The squares (as `row * SIZE + col`) and tiles this move places.
    pub fn placed(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        let step = if self.down { SIZE } else { 1 };
        let at = usize::from(self.at);
        self.word[..usize::from(self.len)]
            .iter()
            .enumerate()
            .filter(|(_, &t)| t != THROUGH)
            .map(move |(i, &t)| (at + i * step, t))
    }

    /// A 32-bit name for the move, for the table's best move (a clash can only change the
    /// order moves are tried in, never a value): its line in the low 5 bits (see
    /// [`Mv::line`]; 31 for the pass), a hash of the rest above.
    pub fn id(&self) -> u32 {
        let mut h: u64 = 0x9e37_79b9_7f4a_7c15 ^ u64::from(self.at) ^ (u64::from(self.down) << 8);
        for &t in &self.word[..usize::from(self.len)] {
            h = (h ^ u64::from(t)).wrapping_mul(0x0100_0000_01b3);
            h ^= h >> 29;
        }
        let line = match self.line() {
            None => 31,
            Some((dir, line)) => 1 + dir * SIZE + line,
        };
        (h ^ (h >> 32)) as u32 & !31 | line as u32
    }

    /// The line a placement is on: (0, its row) across, (1, its column) down.
    pub fn line(&self) -> Option<(usize, usize)> {
        let at = usize::from(self.at);
        (!self.is_pass()).then_some(if self.down {
            (1, at % SIZE)
        } else {
            (0, at / SIZE)
        })
    }

    /// The move as the engine takes it, for `seat`.
    pub fn ranked(&self, seat: usize) -> Ranked {
        if self.is_pass() {
            return Ranked {
                mv: Move::Pass { seat },
                score: 0,
                tiles: 0,
            };
        }
        let at = usize::from(self.at);
        Ranked {
            mv: Move::Place {
                seat,
                play: Placement {
                    at: Square {
                        row: at / SIZE,
                        col: at % SIZE,
                    },
                    dir: if self.down { Dir::Down } else { Dir::Across },
                    word: self.word[..usize::from(self.len)].to_vec(),
                },
            },
            score: u32::from(self.score),
            tiles: usize::from(self.tiles),
        }
    }
}

/// The rack kind a board tile came from: its letter, or a jolly.
fn kind(t: u8) -> usize {
    if t & BLANK != 0 {
        usize::from(JOLLY)
    } else {
        usize::from(t)
    }
}

/// A board tile's row in the key table: the letter, plus 32 for a jolly standing for it.
fn code(t: u8) -> usize {
    usize::from(t & 31) + if t & BLANK != 0 { 32 } else { 0 }
}

/// Zobrist keys: one random number per (square, tile), (seat, kind, count), turn and
/// scoreless count; a position's key is the xor of its parts. Drawn from a fixed seed, so
/// searches are the same run to run.
struct Keys {
    square: Vec<[u64; 64]>,
    rack: [[[u64; 8]; KINDS]; 2],
    /// Each line's own key (row across, column down), for [`Pos::line_key`].
    line: [[u64; SIZE]; 2],
    turn: u64,
    scoreless: [u64; 8],
}

impl Keys {
    fn new() -> Keys {
        // splitmix64
        let mut s: u64 = 0x7a76_6f6c_6f5f_6567;
        let mut next = move || {
            s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let mut square = vec![[0; 64]; SIZE * SIZE];
        for sq in square.iter_mut() {
            for k in sq.iter_mut() {
                *k = next();
            }
        }
        let mut rack = [[[0; 8]; KINDS]; 2];
        for seat in rack.iter_mut() {
            for kind in seat.iter_mut() {
                for k in kind.iter_mut() {
                    *k = next();
                }
            }
        }
        let mut line = [[0; SIZE]; 2];
        for k in line.iter_mut().flatten() {
            *k = next();
        }
        let turn = next();
        let mut scoreless = [0; 8];
        for k in scoreless.iter_mut() {
            *k = next();
        }
        Keys {
            square,
            rack,
            line,
            turn,
            scoreless,
        }
    }
}

/// What a move changed that its undo cannot work out again.
#[derive(Debug, Clone, Copy)]
pub(super) struct Undo {
    scoreless: u8,
    hash: u64,
}

pub(super) struct Pos<'g> {
    board: Board,
    set: TileSet,
    graph: &'g Gaddag,
    racks: [[u8; KINDS]; 2],
    /// Tiles on each rack, and what they are worth (a jolly 0).
    pub size: [u8; 2],
    pub value: [i32; 2],
    pub turn: usize,
    pub scoreless: u8,
    /// Whether NS-4's end adjustment applies (not with `no-rack-penalty`).
    pub penalty: bool,
    pub hash: u64,
    /// Each line's [`Pos::line_key`] (0 for `None`), but for the lines in `stale`: those a
    /// move made or taken back touched since, worked out again only when moves are wanted
    /// (most positions searched make no list: the depth ends there, or the table answers).
    line_keys: [[u64; SIZE]; 2],
    stale: [u16; 2],
    tile_value: [i32; KINDS],
    keys: Keys,
    /// The kinds no tile of can be placed again (see [`super::stuck`]), as bits by kind:
    /// found at the start, true at every position after it.
    pub stuck: u32,
}

impl<'g> Pos<'g> {
    /// The position of a two-player game with the bag empty.
    pub fn new(state: &State, graph: &'g Gaddag) -> Pos<'g> {
        let set = state.set().clone();
        let mut tile_value = [0; KINDS];
        for (k, v) in tile_value.iter_mut().enumerate().take(set.kinds()) {
            *v = set.value(k as u8) as i32;
        }
        let mut racks = [[0; KINDS]; 2];
        for (seat, rack) in racks.iter_mut().enumerate() {
            for (k, &n) in state.rack(seat).iter().enumerate().take(KINDS) {
                rack[k] = n;
            }
        }
        let mut pos = Pos {
            board: state.board().clone(),
            set,
            graph,
            racks,
            size: [0; 2],
            value: [0; 2],
            turn: state.turn_seat(),
            scoreless: state.scoreless_turns().min(usize::from(SCORELESS_END)) as u8,
            penalty: !state.rules().no_rack_penalty,
            hash: 0,
            line_keys: [[0; SIZE]; 2],
            stale: [0; 2],
            tile_value,
            keys: Keys::new(),
            stuck: 0,
        };
        let rows = std::array::from_fn(|r| std::array::from_fn(|c| pos.cell(r, c) & 31));
        pos.stuck = super::stuck::never_placed(graph, &rows, &pos.racks);
        for seat in 0..2 {
            pos.size[seat] = pos.racks[seat].iter().sum();
            pos.value[seat] = (0..KINDS)
                .map(|k| pos.tile_value[k] * i32::from(pos.racks[seat][k]))
                .sum();
        }
        pos.hash = pos.key_from_scratch();
        pos.refresh_lines([u16::MAX; 2]);
        pos
    }

    /// The key computed from every part (the search keeps it by xor as it goes).
    pub fn key_from_scratch(&self) -> u64 {
        let mut h = 0;
        for row in 0..SIZE {
            for col in 0..SIZE {
                if let Some(t) = self.board.get(Square { row, col }) {
                    h ^= self.keys.square[row * SIZE + col][code(t)];
                }
            }
        }
        for seat in 0..2 {
            for k in 0..KINDS {
                h ^= self.keys.rack[seat][k][usize::from(self.racks[seat][k]).min(7)];
            }
        }
        if self.turn == 1 {
            h ^= self.keys.turn;
        }
        h ^ self.keys.scoreless[usize::from(self.scoreless)]
    }

    /// The key without the count of scoreless turns: the one-player games of
    /// [`super::alone`] are worth the same whatever the count.
    pub fn count_free_key(&self) -> u64 {
        self.hash ^ self.keys.scoreless[usize::from(self.scoreless)]
    }

    /// Every placement of the player to move, in the generator's order, onto `out`, each
    /// line's taken from `lines` when it holds them (see [`super::lines`]).
    pub fn placements(&mut self, lines: &mut Lines, out: &mut Vec<Mv>) {
        let stale = std::mem::take(&mut self.stale);
        self.refresh_lines(stale);
        let rack_key = self.rack_key(self.turn);
        for dir in 0..2 {
            for line in 0..SIZE {
                self.line_moves(lines, (dir, line), rack_key, out);
            }
        }
    }

    /// The placements of the player to move on one line, onto `out`: kept ones, or the
    /// generator's (then kept).
    fn line_moves(
        &self,
        lines: &mut Lines,
        (dir, line): (usize, usize),
        rack_key: u64,
        out: &mut Vec<Mv>,
    ) {
        let key = self.line_keys[dir][line];
        if key == 0 {
            return;
        }
        let key = key ^ rack_key;
        if let Some(kept) = lines.get(key) {
            out.extend_from_slice(kept);
            return;
        }
        let start = out.len();
        let mut only = [0u16; 2];
        only[dir] = 1 << line;
        each_found_on(
            &self.board,
            &self.set,
            &self.racks[self.turn],
            self.graph,
            only,
            &mut |f: &Found| out.push(Mv::of(f)),
        );
        lines.put(key, &out[start..]);
    }

    /// The move of the player to move named `id` ([`Mv::id`]), if it has one: looked for
    /// on its line only, so the table's best move is tried before the whole list is made.
    pub fn move_named(&mut self, lines: &mut Lines, id: u32, scratch: &mut Vec<Mv>) -> Option<Mv> {
        if id == Mv::PASS.id() {
            return Some(Mv::PASS);
        }
        let code = (id & 31) as usize;
        if code == 0 || code > 2 * SIZE {
            return None;
        }
        scratch.clear();
        let line = ((code - 1) / SIZE, (code - 1) % SIZE);
        if self.stale[line.0] & 1 << line.1 != 0 {
            self.stale[line.0] &= !(1 << line.1);
            let mut one = [0; 2];
            one[line.0] = 1 << line.1;
            self.refresh_lines(one);
        }
        self.line_moves(lines, line, self.rack_key(self.turn), scratch);
        scratch.iter().find(|m| m.id() == id).copied()
    }

    /// [`Pos::placements`] from the generator over the whole board, nothing kept (what the
    /// kept lists are tested against).
    #[cfg(test)]
    pub fn placements_fresh(&self, out: &mut Vec<Mv>) {
        let rack = &self.racks[self.turn];
        super::super::movegen::each_found(
            &self.board,
            &self.set,
            rack,
            self.graph,
            &mut |f: &Found| out.push(Mv::of(f)),
        );
    }

    /// Work out again the keys of the lines `which` names (as [`Pos::touched`] gives them).
    fn refresh_lines(&mut self, which: [u16; 2]) {
        for (dir, &set) in which.iter().enumerate() {
            let mut set = set & ((1 << SIZE) - 1);
            while set != 0 {
                let line = set.trailing_zeros() as usize;
                set &= set - 1;
                self.line_keys[dir][line] = self.line_key(dir, line).unwrap_or(0);
            }
        }
    }

    /// Whether the kept line keys are the ones worked out from the board (for the tests).
    #[cfg(test)]
    pub fn line_keys_hold(&mut self) -> bool {
        let stale = std::mem::take(&mut self.stale);
        self.refresh_lines(stale);
        (0..2).all(|dir| {
            (0..SIZE).all(|line| self.line_keys[dir][line] == self.line_key(dir, line).unwrap_or(0))
        })
    }

    /// The lines whose keys a move's tiles, standing on the board, enter: the row and the
    /// column of each tile, and the lines through the empty squares at the two ends of the
    /// run of tiles it joins, across and down (the squares whose cross words it changes).
    fn touched(&self, m: &Mv) -> [u16; 2] {
        let mut t = [0u16; 2];
        for (sq, _) in m.placed() {
            let (r, c) = (sq / SIZE, sq % SIZE);
            t[0] |= 1 << r;
            t[1] |= 1 << c;
            // The run down column `c` through the tile: rows just past its ends.
            let (mut lo, mut hi) = (r, r);
            while lo > 0 && self.cell(lo - 1, c) != 0 {
                lo -= 1;
            }
            while hi + 1 < SIZE && self.cell(hi + 1, c) != 0 {
                hi += 1;
            }
            t[0] |= (1 << hi << 1) | (1 << lo >> 1);
            // The run across row `r` through the tile: columns just past its ends.
            let (mut lo, mut hi) = (c, c);
            while lo > 0 && self.cell(r, lo - 1) != 0 {
                lo -= 1;
            }
            while hi + 1 < SIZE && self.cell(r, hi + 1) != 0 {
                hi += 1;
            }
            t[1] |= (1 << hi << 1) | (1 << lo >> 1);
        }
        t
    }

    /// A key for a rack's tiles whoever holds it.
    fn rack_key(&self, seat: usize) -> u64 {
        let mut h = 0;
        for k in 0..KINDS {
            h ^= self.keys.rack[0][k][usize::from(self.racks[seat][k]).min(7)];
        }
        h
    }

    /// The tile on square `row * SIZE + col` (0 for none).
    fn cell(&self, row: usize, col: usize) -> u8 {
        self.board.get(Square { row, col }).unwrap_or(0)
    }

    /// A key for everything the moves on a line depend on besides the rack (`dir` 0 a row
    /// across, 1 a column down): the line's tiles, and for each of its empty squares the
    /// tiles across the line next to it, on both sides (its cross word; the squares' keys
    /// say where each tile stands). `None` for a line with no tile on it or next to it,
    /// which has no moves (the board is never empty in an endgame).
    pub fn line_key(&self, dir: usize, line: usize) -> Option<u64> {
        // The square `pos` along a line, of the line `k` (a row across, a column down).
        let at = |pos: usize, k: usize| if dir == 0 { (k, pos) } else { (pos, k) };
        let mut h = self.keys.line[dir][line];
        let mut any = false;
        for pos in 0..SIZE {
            let (row, col) = at(pos, line);
            let t = self.cell(row, col);
            if t != 0 {
                h ^= self.keys.square[row * SIZE + col][code(t)];
                any = true;
                continue;
            }
            // The tiles across the line, before and after the empty square.
            for step in [-1isize, 1] {
                let mut k = line as isize + step;
                while (0..SIZE as isize).contains(&k) {
                    let (row, col) = at(pos, k as usize);
                    let t = self.cell(row, col);
                    if t == 0 {
                        break;
                    }
                    h ^= self.keys.square[row * SIZE + col][code(t)];
                    any = true;
                    k += step;
                }
            }
        }
        any.then_some(h)
    }

    /// Whether `seat` holds a tile it can never place, and so can never go out.
    pub fn cannot_go_out(&self, seat: usize) -> bool {
        self.held(seat) & self.stuck != 0
    }

    /// Whether `seat` holds tiles and can never place any of them: it can only pass for the
    /// rest of the game.
    pub fn frozen(&self, seat: usize) -> bool {
        let held = self.held(seat);
        held != 0 && held & !self.stuck == 0
    }

    /// The kinds on `seat`'s rack, as bits by kind.
    fn held(&self, seat: usize) -> u32 {
        (0..KINDS)
            .filter(|&k| self.racks[seat][k] > 0)
            .fold(0, |m, k| m | 1 << k)
    }

    /// What the tiles of a move are worth on a rack (a jolly 0).
    pub fn tiles_value(&self, m: &Mv) -> i32 {
        m.placed().map(|(_, t)| self.tile_value[kind(t)]).sum()
    }

    /// Play `m` for the player to move.
    pub fn make(&mut self, m: &Mv) -> Undo {
        let undo = Undo {
            scoreless: self.scoreless,
            hash: self.hash,
        };
        let me = self.turn;
        let mut h = self.hash ^ self.keys.scoreless[usize::from(self.scoreless)];
        if m.is_pass() {
            self.scoreless += 1;
        } else {
            for (sq, t) in m.placed() {
                self.board.set(
                    Square {
                        row: sq / SIZE,
                        col: sq % SIZE,
                    },
                    t,
                );
                h ^= self.keys.square[sq][code(t)];
                let k = kind(t);
                let n = &mut self.racks[me][k];
                h ^= self.keys.rack[me][k][usize::from(*n)];
                *n -= 1;
                h ^= self.keys.rack[me][k][usize::from(*n)];
                self.value[me] -= self.tile_value[k];
            }
            self.size[me] -= m.tiles;
            self.scoreless = 0;
            let t = self.touched(m);
            self.stale = [self.stale[0] | t[0], self.stale[1] | t[1]];
        }
        h ^= self.keys.scoreless[usize::from(self.scoreless)] ^ self.keys.turn;
        self.hash = h;
        self.turn = 1 - me;
        undo
    }

    /// Take back `m`, the last move made.
    pub fn unmake(&mut self, m: &Mv, undo: Undo) {
        let me = 1 - self.turn;
        self.turn = me;
        if !m.is_pass() {
            let touched = self.touched(m);
            for (sq, t) in m.placed() {
                self.board.clear(Square {
                    row: sq / SIZE,
                    col: sq % SIZE,
                });
                let k = kind(t);
                self.racks[me][k] += 1;
                self.value[me] += self.tile_value[k];
            }
            self.size[me] += m.tiles;
            self.stale = [self.stale[0] | touched[0], self.stale[1] | touched[1]];
        }
        self.scoreless = undo.scoreless;
        self.hash = undo.hash;
    }

    /// The points still to come for the player to move from a position cut off by the depth:
    /// what NS-4 would take off both racks if neither went out.
    pub fn estimate(&self) -> i32 {
        if self.penalty {
            self.value[1 - self.turn] - self.value[self.turn]
        } else {
            0
        }
    }

    /// What the other player gains besides its score by going out against `seat` once
    /// `seat` has played tiles worth `played` (NS-4: the rack left, twice over in spread).
    pub fn out_bonus_against(&self, seat: usize, played: i32) -> i32 {
        if self.penalty {
            2 * (self.value[seat] - played)
        } else {
            0
        }
    }

    /// Whether a square (`row * SIZE + col`) holds a tile.
    pub fn occupied(&self, sq: usize) -> bool {
        self.board
            .get(Square {
                row: sq / SIZE,
                col: sq % SIZE,
            })
            .is_some()
    }

    /// Whether the game is over: a rack emptied, or the last scoreless turn (NS-4).
    pub fn over(&self) -> bool {
        self.size.contains(&0) || self.scoreless >= SCORELESS_END
    }

    /// What the player to move gains at the end by going out, besides the move's score:
    /// the other rack's value, taken from them and given to the mover (NS-4).
    pub fn out_bonus(&self) -> i32 {
        if self.penalty {
            2 * self.value[1 - self.turn]
        } else {
            0
        }
    }
}
