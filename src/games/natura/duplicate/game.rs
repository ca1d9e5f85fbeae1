//! A duplicate game: from a seed and a word graph, the sequence of rounds. Each round draws a
//! rack ([`super::draw`]), finds the top (the best placement by [`movegen::rank`]: the highest
//! score, then the first square in reading order, across before down, then the word's tiles),
//! places it, and keeps the rack's other tiles for the next round. Pure and deterministic: the
//! same seed, board and words give the same rounds on every platform.

use super::super::board::Board;
use super::super::game::rack_bonus;
use super::super::layout::{TileSet, RACK};
use super::super::movegen::{self, Gaddag, Generated};
use super::draw::{draw_rack, Bag, Drawn};

/// Why a duplicate game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// The tiles left (kept and in the bag) hold no vowel or no consonant.
    Exhausted,
    /// The rack drawn (counts by kind) makes no placement on the board.
    NoPlay(Vec<u8>),
}

impl End {
    /// The end in words.
    pub fn describe(&self) -> String {
        match self {
            End::Exhausted => "the tiles left hold no vowel or no consonant".into(),
            End::NoPlay(rack) => format!(
                "the rack {} makes no word on the board",
                super::draw::rack_text(rack)
            ),
        }
    }
}

/// One round played.
#[derive(Debug, Clone)]
pub struct Round {
    /// From 1.
    pub number: usize,
    pub drawn: Drawn,
    /// The board the rack is played on (before the top).
    pub board: Board,
    /// The top: the placement put on the board, with its score.
    pub top: Generated,
    /// The sum of the tops so far, this one included.
    pub total: u32,
    /// The rack's tiles the top did not use, kept for the next round (counts by kind).
    pub leave: Vec<u8>,
    /// Tiles left in the bag once the rack is drawn.
    pub bag: usize,
}

/// A duplicate game in progress; an iterator over its rounds.
pub struct Duplicate<'g> {
    graph: &'g Gaddag,
    set: TileSet,
    board: Board,
    bag: Bag,
    leave: Vec<u8>,
    round: usize,
    total: u32,
    end: Option<End>,
}

impl<'g> Duplicate<'g> {
    /// The game of a seed and board number, with the words of `graph`.
    pub fn new(seed: &str, board: u32, graph: &'g Gaddag) -> Self {
        let set = TileSet::italian();
        let leave = vec![0; set.kinds()];
        Duplicate {
            graph,
            set,
            board: Board::new(),
            bag: Bag::new(seed, board),
            leave,
            round: 0,
            total: 0,
            end: None,
        }
    }

    /// The board after the rounds played.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Why the game ended, once it has.
    pub fn end(&self) -> Option<&End> {
        self.end.as_ref()
    }

    /// The tops' sum so far.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// Tiles left in the bag.
    pub fn bag_len(&self) -> usize {
        self.bag.len()
    }

    /// The best placement of `rack` (counts by kind) on the current board.
    pub fn best(&self, rack: &[u8]) -> Option<Generated> {
        best_on(&self.board, &self.set, rack, self.graph)
    }
}

/// The best placement of `rack` on `board` by [`movegen::rank`]: what
/// [`movegen::best_placement`] gives for a seat holding that rack.
pub fn best_on(board: &Board, set: &TileSet, rack: &[u8], graph: &Gaddag) -> Option<Generated> {
    let mut best: Option<Generated> = None;
    movegen::each_placement(board, set, rack, graph, &mut |g| {
        if best.as_ref().is_none_or(|b| movegen::rank(&g, b).is_lt()) {
            best = Some(g);
        }
    });
    best
}

impl Iterator for Duplicate<'_> {
    type Item = Round;

    fn next(&mut self) -> Option<Round> {
        if self.end.is_some() {
            return None;
        }
        let number = self.round + 1;
        let Some(drawn) = draw_rack(&mut self.bag, &self.leave, number) else {
            self.end = Some(End::Exhausted);
            return None;
        };
        let Some(top) = self.best(&drawn.rack) else {
            self.end = Some(End::NoPlay(drawn.rack.clone()));
            return None;
        };
        let Ok(scored) = self.board.score(&self.set, &top.play) else {
            // The generator's placements are the engine's (its tests say so); never here.
            self.end = Some(End::NoPlay(drawn.rack.clone()));
            return None;
        };
        let mut leave = drawn.rack.clone();
        for &(_, t) in &scored.placed {
            let k = usize::from(TileSet::rack_tile(t));
            leave[k] = leave[k].saturating_sub(1);
        }
        let board = self.board.clone();
        self.board.apply(&scored);
        self.total += top.score;
        self.round = number;
        self.leave = leave.clone();
        Some(Round {
            number,
            drawn,
            board,
            top,
            total: self.total,
            leave,
            bag: self.bag.len(),
        })
    }
}

/// The points a placement of `placed` tiles from a rack of `rack_size` adds to its words: the
/// whole-rack bonus of the sheet (50/40/30), as the engine counts it.
pub fn bonus(placed: usize, rack_size: usize) -> u32 {
    if placed == rack_size && rack_size <= RACK {
        rack_bonus(rack_size)
    } else {
        0
    }
}
