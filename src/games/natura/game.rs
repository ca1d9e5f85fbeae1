//! A game of Natura Shakerata in progress: the bag and racks as counts, the board, the
//! scores, turns (NS-3), the rack bonus, challenges (NS-5) and the end (NS-4), behind the
//! engine contract. Word validity comes in as a [`Words`] given with the rules, so the engine
//! stays pure; without one every word is accepted.

use std::collections::VecDeque;
use std::fmt;
use std::sync::Arc;

use super::board::{Board, Dir, PlaceError, Placement, Scored, Square, WordScore, THROUGH};
use super::layout::{TileSet, BLANK, JOLLY, RACK, SIZE};
use super::moves::{tile_char, Move};
use crate::games::engine::{Broken as BrokenTrait, Engine};

/// What a seat sees, for the machine at that seat (issue 43).
#[path = "seen.rs"]
pub mod seen;

/// The words a lexicon accepts (upper case, no accents: NS-2).
#[derive(Clone)]
pub struct Words(pub Arc<dyn Fn(&str) -> bool + Send + Sync>);

impl Words {
    /// The words (upper case, each once) of a play that the lexicon lacks.
    pub fn missing(&self, words: &[WordScore], set: &TileSet) -> Vec<String> {
        let mut out = Vec::new();
        for w in words {
            let text = w.upper(set);
            if !(self.0)(&text) && !out.contains(&text) {
                out.push(text);
            }
        }
        out
    }
}

impl fmt::Debug for Words {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Words(..)")
    }
}

/// The options of a record (NS-4, NS-5) and the lexicon.
#[derive(Debug, Clone, Default)]
pub struct Rules {
    /// NS-4 variant `no-rack-penalty`: no end adjustment.
    pub no_rack_penalty: bool,
    /// NS-5 `challenge-penalty=N`: a player whose play survives a challenge gains N.
    pub challenge_penalty: u32,
    /// The lexicon; `None` accepts every word.
    pub words: Option<Words>,
    /// The lexicon as a word graph for move generation (issue 14): with it,
    /// [`Engine::legal_moves`] lists every placement whose words it holds.
    pub graph: Option<Arc<super::movegen::Gaddag>>,
}

/// The start: how many play and the bag in draw order (racks are drawn from its front, seat
/// by seat, seven each).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    pub players: usize,
    pub bag: Vec<u8>,
}

/// Why a setup cannot start a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    Players(usize),
    /// The bag is not the 120 tiles of NS-1: the first tile kind whose count differs.
    Bag {
        tile: char,
        expected: u8,
        found: usize,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Players(n) => write!(f, "Natura Shakerata takes 2 to 6 players, not {n}"),
            SetupError::Bag {
                tile,
                expected,
                found,
            } => write!(
                f,
                "the bag holds {found} of `{tile}`, the Italian set has {expected} (NS-1)"
            ),
        }
    }
}

/// The rack bonus for playing every tile of a rack of this size (the sheet: 50/40/30).
pub fn rack_bonus(rack_size: usize) -> u32 {
    match rack_size {
        7 => 50,
        6 => 40,
        5 => 30,
        _ => 0,
    }
}

/// A rule broken by a move, with the square at fault where there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Broken {
    GameOver,
    OutOfTurn {
        seat: usize,
        expected: usize,
    },
    /// The seat does not exist.
    NoSeat(usize),
    Place(PlaceError),
    /// A tile to place or give back is not on the rack.
    NotOnRack {
        tile: char,
        square: Option<Square>,
    },
    /// An exchange with fewer than 7 tiles in the bag (NS-3).
    BagLow(usize),
    /// An exchange of no tile, or of more than the rack holds.
    ExchangeSize(usize),
    /// A challenge with no play to challenge, or by the player who made it.
    NothingToChallenge,
}

impl BrokenTrait for Broken {
    fn code(&self) -> &'static str {
        match self {
            Broken::GameOver => "natura.game-over",
            Broken::OutOfTurn { .. } => "natura.out-of-turn",
            Broken::NoSeat(_) => "natura.no-seat",
            Broken::Place(p) => match p {
                PlaceError::OffBoard(_) => "natura.off-board",
                PlaceError::Mismatch(_) => "natura.covered",
                PlaceError::ThroughEmpty(_) => "natura.through-empty",
                PlaceError::NoTile(_) => "natura.no-tile",
                PlaceError::OneLetter(_) => "natura.one-letter",
                PlaceError::NotWholeWord(_) => "natura.not-whole-word",
                PlaceError::MissesStar(_) => "natura.star",
                PlaceError::NoContact(_) => "natura.no-contact",
                PlaceError::UnknownTile(_) => "natura.unknown-tile",
            },
            Broken::NotOnRack { .. } => "natura.not-on-rack",
            Broken::BagLow(_) => "natura.exchange-bag",
            Broken::ExchangeSize(_) => "natura.exchange-size",
            Broken::NothingToChallenge => "natura.challenge",
        }
    }

    fn rule(&self) -> &'static str {
        match self {
            Broken::GameOver => "GN-1",
            Broken::OutOfTurn { .. } | Broken::NoSeat(_) => "NS-3",
            Broken::Place(PlaceError::MissesStar(_) | PlaceError::OneLetter(_)) => {
                "NS-3 (the first word: two letters, on the star)"
            }
            Broken::Place(_) => "NS-3 (placing words)",
            Broken::NotOnRack { .. } => "NS-3 (tiles from the rack)",
            Broken::BagLow(_) | Broken::ExchangeSize(_) => "NS-3",
            Broken::NothingToChallenge => "NS-5",
        }
    }

    fn describe(&self, names: &[String]) -> String {
        let name = |s: usize| crate::games::seat_name(names, s);
        match self {
            Broken::GameOver => crate::t!("natura-game-over"),
            Broken::OutOfTurn { seat, expected } => {
                crate::t!(
                    "natura-out-of-turn",
                    player = name(*seat),
                    expected = name(*expected)
                )
            }
            Broken::NoSeat(s) => crate::t!("natura-no-seat", n = s + 1),
            Broken::Place(p) => p.to_string(),
            Broken::NotOnRack { tile, square } => match square {
                Some(s) => crate::t!(
                    "natura-not-on-rack-at",
                    tile = tile.to_string(),
                    square = s.to_string()
                ),
                None => crate::t!("natura-not-on-rack", tile = tile.to_string()),
            },
            Broken::BagLow(n) => {
                crate::t!("natura-bag-low", count = *n)
            }
            Broken::ExchangeSize(n) => crate::t!("natura-exchange-size", count = *n),
            Broken::NothingToChallenge => {
                crate::t!("natura-nothing-to-challenge")
            }
        }
    }
}

/// What a legal move did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Played {
        seat: usize,
        /// Every word formed, the main word first, each with its score.
        words: Vec<WordScore>,
        /// The upper-case words the lexicon lacks (NS-5: they stand unless challenged).
        missing: Vec<String>,
        bonus: u32,
        points: u32,
        over: bool,
    },
    Exchanged {
        seat: usize,
        over: bool,
    },
    Passed {
        seat: usize,
        over: bool,
    },
    /// A challenged play with a word missing: withdrawn, its points taken back (NS-5).
    Withdrawn {
        seat: usize,
        missing: Vec<String>,
        points: u32,
    },
    /// A challenged play whose words are all valid: it stands, its player gains `penalty`.
    Upheld {
        seat: usize,
        penalty: u32,
    },
}

/// The last play, kept until the next move so a challenge can withdraw it.
#[derive(Debug, Clone)]
struct LastPlay {
    seat: usize,
    scored: Scored,
    drawn: Vec<u8>,
    points: u32,
    scoreless_before: usize,
    challenged: bool,
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// This seat played its last tile with the bag empty.
    Out(usize),
    /// Every player passed three times in a row.
    Passes,
}

#[derive(Debug, Clone)]
pub struct State {
    set: TileSet,
    rules: Rules,
    board: Board,
    racks: Vec<Vec<u8>>,
    bag: VecDeque<u8>,
    scores: Vec<i32>,
    turn: usize,
    /// Consecutive turns without a play (passes, exchanges, withdrawn plays).
    scoreless: usize,
    end: Option<End>,
    last: Option<LastPlay>,
}

impl State {
    /// A position in the middle of a game (for `tavolo score` and tests): the board, each
    /// seat's rack as text (`CASA?`), the bag in draw order, the scores, the seat to move.
    /// Tile counts are not checked against the set.
    pub fn position(
        rules: &Rules,
        board: Board,
        racks: &[&str],
        bag: &[u8],
        scores: &[i32],
        turn: usize,
    ) -> Result<State, String> {
        let set = TileSet::italian();
        if !(2..=6).contains(&racks.len()) || scores.len() != racks.len() || turn >= racks.len() {
            return Err("2 to 6 racks, one score each and a seat to move".into());
        }
        let mut counts = Vec::new();
        for rack in racks {
            let mut c = vec![0u8; set.kinds()];
            for ch in rack.chars() {
                let k = if ch == '?' {
                    JOLLY
                } else {
                    set.parse(ch.to_ascii_uppercase())
                        .ok_or_else(|| format!("`{ch}` is not a tile"))?
                };
                c[usize::from(k)] += 1;
            }
            if c.iter().map(|&n| usize::from(n)).sum::<usize>() > RACK {
                return Err(format!("the rack `{rack}` holds more than 7 tiles"));
            }
            counts.push(c);
        }
        if bag.iter().any(|&t| usize::from(t) >= set.kinds()) {
            return Err("the bag holds a tile that is no letter".into());
        }
        Ok(State {
            set,
            rules: rules.clone(),
            board,
            racks: counts,
            bag: bag.iter().copied().collect(),
            scores: scores.to_vec(),
            turn,
            scoreless: 0,
            end: None,
            last: None,
        })
    }

    pub fn set(&self) -> &TileSet {
        &self.set
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// A seat's rack as counts by kind (index 0 the jollies).
    pub fn rack(&self, seat: usize) -> &[u8] {
        &self.racks[seat]
    }

    /// A rack as text, jollies `?` last (`CASA??`).
    pub fn rack_text(&self, seat: usize) -> String {
        let rack = &self.racks[seat];
        let mut out = String::new();
        for (k, &n) in rack.iter().enumerate().skip(1) {
            out.extend(std::iter::repeat_n(tile_char(k as u8), usize::from(n)));
        }
        out.extend(std::iter::repeat_n('?', usize::from(rack[0])));
        out
    }

    /// Give a seat other tiles (counts by kind, index 0 the jollies): the rack `tavolo solve
    /// natura --rack` names for a position whose racks the record does not know.
    pub fn set_rack(&mut self, seat: usize, rack: &[u8]) {
        let mut counts = vec![0; self.set.kinds()];
        for (k, &n) in rack.iter().enumerate().take(counts.len()) {
            counts[k] = n;
        }
        self.racks[seat] = counts;
    }

    /// Put other tiles in the bag, in draw order: simulation deals the tiles the player to
    /// move cannot see (issue 25).
    pub fn set_bag(&mut self, bag: &[u8]) {
        self.bag = bag.iter().copied().collect();
    }

    pub fn bag_len(&self) -> usize {
        self.bag.len()
    }

    pub fn bag(&self) -> impl Iterator<Item = &u8> {
        self.bag.iter()
    }

    /// The scores before the end adjustment.
    /// The seat whose turn it is, or would be after the game's last move.
    pub fn turn_seat(&self) -> usize {
        self.turn
    }

    /// Turns in a row without a play (NS-4 ends the game at three rounds of them).
    pub fn scoreless_turns(&self) -> usize {
        self.scoreless
    }

    pub fn scores(&self) -> &[i32] {
        &self.scores
    }

    pub fn end(&self) -> Option<End> {
        self.end
    }

    pub fn players(&self) -> usize {
        self.racks.len()
    }

    fn rack_size(&self, seat: usize) -> usize {
        self.racks[seat].iter().map(|&n| usize::from(n)).sum()
    }

    /// What a rack's tiles are worth (a jolly 0).
    pub fn rack_value(&self, seat: usize) -> i32 {
        self.racks[seat]
            .iter()
            .enumerate()
            .map(|(k, &n)| self.set.value(k as u8) as i32 * i32::from(n))
            .sum()
    }

    /// NS-4's end adjustment by seat: each rack's value off, their sum to the player who went
    /// out; all zero before the end or with `no-rack-penalty`.
    pub fn adjustment(&self) -> Vec<i32> {
        let n = self.players();
        let mut adj = vec![0; n];
        let Some(end) = self.end else { return adj };
        if self.rules.no_rack_penalty {
            return adj;
        }
        let mut total = 0;
        for (seat, a) in adj.iter_mut().enumerate() {
            let v = self.rack_value(seat);
            *a -= v;
            total += v;
        }
        if let End::Out(seat) = end {
            adj[seat] += total;
        }
        adj
    }

    /// The scores after the end adjustment (the same as [`State::scores`] before the end).
    pub fn final_scores(&self) -> Vec<i32> {
        self.scores
            .iter()
            .zip(self.adjustment())
            .map(|(s, a)| s + a)
            .collect()
    }

    fn draw(&mut self, seat: usize) -> Vec<u8> {
        let mut drawn = Vec::new();
        while self.rack_size(seat) < RACK {
            let Some(t) = self.bag.pop_front() else { break };
            self.racks[seat][usize::from(t)] += 1;
            drawn.push(t);
        }
        drawn
    }

    fn next_turn(&mut self) {
        self.turn = (self.turn + 1) % self.players();
    }

    /// A turn without a play: the game ends after three rounds of them (NS-4, NS-3).
    fn scoreless_turn(&mut self) -> bool {
        self.scoreless += 1;
        if self.scoreless >= 3 * self.players() {
            self.end = Some(End::Passes);
        }
        self.end.is_some()
    }

    fn missing(&self, words: &[WordScore]) -> Vec<String> {
        self.rules
            .words
            .as_ref()
            .map_or_else(Vec::new, |w| w.missing(words, &self.set))
    }

    fn place(&mut self, seat: usize, play: &Placement) -> Result<Outcome, Broken> {
        let scored = self.board.score(&self.set, play).map_err(Broken::Place)?;
        let mut rack = self.racks[seat].clone();
        for &(sq, t) in &scored.placed {
            let k = usize::from(TileSet::rack_tile(t));
            if rack[k] == 0 {
                return Err(Broken::NotOnRack {
                    tile: tile_char(t),
                    square: Some(sq),
                });
            }
            rack[k] -= 1;
        }
        let before = self.rack_size(seat);
        let bonus = if scored.placed.len() == before {
            rack_bonus(before)
        } else {
            0
        };
        let points = scored.words_total() + bonus;
        self.board.apply(&scored);
        self.racks[seat] = rack;
        self.scores[seat] += points as i32;
        let drawn = self.draw(seat);
        let missing = self.missing(&scored.words);
        let scoreless_before = self.scoreless;
        self.scoreless = 0;
        if self.rack_size(seat) == 0 {
            self.end = Some(End::Out(seat));
        }
        self.next_turn();
        let words = scored.words.clone();
        self.last = Some(LastPlay {
            seat,
            scored,
            drawn,
            points,
            scoreless_before,
            challenged: false,
        });
        Ok(Outcome::Played {
            seat,
            words,
            missing,
            bonus,
            points,
            over: self.end.is_some(),
        })
    }

    fn exchange(&mut self, seat: usize, tiles: &[u8]) -> Result<Outcome, Broken> {
        if self.bag.len() < RACK {
            return Err(Broken::BagLow(self.bag.len()));
        }
        if tiles.is_empty() || tiles.len() > self.rack_size(seat) {
            return Err(Broken::ExchangeSize(tiles.len()));
        }
        let mut rack = self.racks[seat].clone();
        for &t in tiles {
            let k = usize::from(t);
            if k >= rack.len() || rack[k] == 0 {
                return Err(Broken::NotOnRack {
                    tile: tile_char(t),
                    square: None,
                });
            }
            rack[k] -= 1;
        }
        self.racks[seat] = rack;
        self.draw(seat);
        // The tiles given back go to the bottom of the bag: a recorded bag order stays
        // verifiable without a reshuffle.
        self.bag.extend(tiles.iter().copied());
        self.last = None;
        self.next_turn();
        let over = self.scoreless_turn();
        Ok(Outcome::Exchanged { seat, over })
    }

    fn challenge(&mut self, seat: usize) -> Result<Outcome, Broken> {
        let Some(last) = self
            .last
            .as_mut()
            .filter(|l| !l.challenged && l.seat != seat)
        else {
            return Err(Broken::NothingToChallenge);
        };
        last.challenged = true;
        let last = last.clone();
        let missing = self.missing(&last.scored.words);
        if missing.is_empty() {
            let penalty = self.rules.challenge_penalty;
            self.scores[last.seat] += penalty as i32;
            return Ok(Outcome::Upheld {
                seat: last.seat,
                penalty,
            });
        }
        // Withdrawn: the drawn tiles back on top of the bag, the played ones on the rack.
        let rack = &mut self.racks[last.seat];
        for &t in last.drawn.iter().rev() {
            rack[usize::from(t)] -= 1;
            self.bag.push_front(t);
        }
        for &(_, t) in &last.scored.placed {
            rack[usize::from(TileSet::rack_tile(t))] += 1;
        }
        self.board.undo(&last.scored);
        self.scores[last.seat] -= last.points as i32;
        self.last = None;
        self.end = None;
        // The withdrawn play's turn counts as a turn without a play.
        self.scoreless = last.scoreless_before;
        self.scoreless_turn();
        Ok(Outcome::Withdrawn {
            seat: last.seat,
            missing,
            points: last.points,
        })
    }

    /// Every placement of one or two rack tiles that the board allows, both directions.
    fn small_placements(&self, seat: usize, check: bool) -> Vec<Placement> {
        let rack = &self.racks[seat];
        let mut tiles: Vec<u8> = Vec::new();
        for (k, &n) in rack.iter().enumerate() {
            if n == 0 {
                continue;
            }
            if k == usize::from(JOLLY) {
                tiles.extend((1..=26).map(|l| l | BLANK));
            } else {
                tiles.push(k as u8);
            }
        }
        let mut out = Vec::new();
        for row in 0..SIZE {
            for col in 0..SIZE {
                let s = Square { row, col };
                if self.board.get(s).is_some() {
                    continue;
                }
                for dir in [Dir::Across, Dir::Down] {
                    for &t in &tiles {
                        out.push(self.whole(&[(s, t)], dir));
                        let mut rack2 = rack.clone();
                        rack2[usize::from(TileSet::rack_tile(t))] -= 1;
                        let Some(s2) = self.next_empty(s, dir) else {
                            continue;
                        };
                        for &t2 in &tiles {
                            if rack2[usize::from(TileSet::rack_tile(t2))] > 0 {
                                out.push(self.whole(&[(s, t), (s2, t2)], dir));
                            }
                        }
                    }
                }
            }
        }
        if check {
            out.retain(|p| self.board.score(&self.set, p).is_ok());
        }
        out
    }

    /// Every placement whose words the rules' word graph holds (none without a graph).
    fn generated(&self, seat: usize) -> Vec<Placement> {
        let Some(g) = &self.rules.graph else {
            return Vec::new();
        };
        super::movegen::placements(&self.board, &self.set, &self.racks[seat], g)
            .into_iter()
            .map(|m| m.play)
            .collect()
    }

    /// With a word graph, the placements to try beside the generated ones: one rack tile (a
    /// jolly as `a`) on each empty square next to a tile, on the star and on A1 (one far from
    /// every tile), each direction, kept when the board refuses it or the graph holds its every
    /// word. One the board accepts with a word the graph lacks is legal too (NS-5) but not
    /// listed, so it is not offered.
    fn probes(&self, seat: usize, graph: &super::movegen::Gaddag) -> Vec<Placement> {
        let mut tiles: Vec<u8> = Vec::new();
        for (k, &n) in self.racks[seat].iter().enumerate() {
            if n > 0 {
                tiles.push(if k == usize::from(JOLLY) {
                    1 | BLANK
                } else {
                    k as u8
                });
            }
        }
        let mut out = Vec::new();
        for row in 0..SIZE {
            for col in 0..SIZE {
                let s = Square { row, col };
                let near = [(0, 1), (2, 1), (1, 0), (1, 2)].iter().any(|&(dr, dc)| {
                    (row + dr)
                        .checked_sub(1)
                        .zip((col + dc).checked_sub(1))
                        .and_then(|(r, c)| Square::new(r, c))
                        .is_some_and(|n| self.board.get(n).is_some())
                });
                let star = (row, col) == super::layout::STAR;
                if self.board.get(s).is_some() || !(near || star || (row, col) == (0, 0)) {
                    continue;
                }
                for dir in [Dir::Across, Dir::Down] {
                    for &t in &tiles {
                        let p = self.whole(&[(s, t)], dir);
                        let keep = match self.board.score(&self.set, &p) {
                            Err(_) => true,
                            Ok(scored) => scored
                                .words
                                .iter()
                                .all(|w| graph.contains(&w.upper(&self.set))),
                        };
                        if keep {
                            out.push(p);
                        }
                    }
                }
            }
        }
        out
    }

    fn next_empty(&self, s: Square, dir: Dir) -> Option<Square> {
        let (dr, dc) = if dir == Dir::Across { (0, 1) } else { (1, 0) };
        let mut q = Square::new(s.row + dr, s.col + dc)?;
        while self.board.get(q).is_some() {
            q = Square::new(q.row + dr, q.col + dc)?;
        }
        Some(q)
    }

    /// The main word through new tiles, written whole (covered squares as `.`).
    fn whole(&self, new: &[(Square, u8)], dir: Dir) -> Placement {
        let (dr, dc) = if dir == Dir::Across { (0, 1) } else { (1, 0) };
        let mut at = new[0].0;
        while let Some(p) = at
            .row
            .checked_sub(dr)
            .zip(at.col.checked_sub(dc))
            .and_then(|(r, c)| Square::new(r, c))
            .filter(|&p| self.board.get(p).is_some())
        {
            at = p;
        }
        let mut word = Vec::new();
        let mut q = Some(at);
        while let Some(s) = q {
            match (self.board.get(s), new.iter().find(|(n, _)| *n == s)) {
                (Some(_), _) => word.push(THROUGH),
                (None, Some(&(_, t))) => word.push(t),
                (None, None) => break,
            }
            q = Square::new(s.row + dr, s.col + dc);
        }
        Placement { at, dir, word }
    }

    fn exchanges(&self, seat: usize) -> Vec<Vec<u8>> {
        let mut kinds: Vec<(u8, u8)> = Vec::new();
        for (k, &n) in self.racks[seat].iter().enumerate() {
            if n > 0 {
                kinds.push((k as u8, n));
            }
        }
        let mut out: Vec<Vec<u8>> = vec![Vec::new()];
        for (k, n) in kinds {
            let mut next = Vec::new();
            for base in &out {
                for c in 0..=n {
                    let mut v = base.clone();
                    v.extend(std::iter::repeat_n(k, usize::from(c)));
                    next.push(v);
                }
            }
            out = next;
        }
        out.retain(|v| !v.is_empty());
        out
    }
}

impl Engine for State {
    type Setup = Setup;
    type Rules = Rules;
    type Move = Move;
    type Outcome = Outcome;
    type Broken = Broken;
    type SetupError = SetupError;

    fn start(setup: &Setup, rules: &Rules) -> Result<State, SetupError> {
        if !(2..=6).contains(&setup.players) {
            return Err(SetupError::Players(setup.players));
        }
        let set = TileSet::italian();
        let full = set.full_counts();
        for (k, &expected) in full.iter().enumerate() {
            let found = setup.bag.iter().filter(|&&t| usize::from(t) == k).count();
            if found != usize::from(expected) {
                return Err(SetupError::Bag {
                    tile: tile_char(k as u8),
                    expected,
                    found,
                });
            }
        }
        if setup.bag.len() != set.total() {
            let stray = setup
                .bag
                .iter()
                .find(|&&t| usize::from(t) >= full.len())
                .copied()
                .unwrap_or(0);
            return Err(SetupError::Bag {
                tile: tile_char(stray),
                expected: 0,
                found: 1,
            });
        }
        let kinds = set.kinds();
        let mut state = State {
            set,
            rules: rules.clone(),
            board: Board::new(),
            racks: vec![vec![0; kinds]; setup.players],
            bag: setup.bag.iter().copied().collect(),
            scores: vec![0; setup.players],
            turn: 0,
            scoreless: 0,
            end: None,
            last: None,
        };
        for seat in 0..setup.players {
            state.draw(seat);
        }
        Ok(state)
    }

    fn to_move(&self) -> Option<usize> {
        self.end.is_none().then_some(self.turn)
    }

    /// Pass, every exchange the bag allows, a challenge of the play just made, and the
    /// placements: with a word graph in the rules, every placement whose words the graph
    /// holds (the move generator); without one, every placement of one or two tiles. A
    /// placement with a word the lexicon lacks is legal too (NS-5) but not listed: with
    /// jollies their number runs to millions.
    fn legal_moves(&self) -> Vec<Move> {
        let Some(seat) = self.to_move() else {
            return Vec::new();
        };
        let mut out = vec![Move::Pass { seat }];
        if self.bag.len() >= RACK {
            out.extend(
                self.exchanges(seat)
                    .into_iter()
                    .map(|tiles| Move::Exchange { seat, tiles }),
            );
        }
        if self
            .last
            .as_ref()
            .is_some_and(|l| !l.challenged && l.seat != seat)
        {
            out.push(Move::Challenge { seat });
        }
        out.extend(
            if self.rules.graph.is_some() {
                self.generated(seat)
            } else {
                self.small_placements(seat, true)
            }
            .into_iter()
            .map(|play| Move::Place { seat, play }),
        );
        out
    }

    /// Pass, challenge, every exchange, and placements: without a word graph every placement
    /// of one or two tiles; with one, the generated placements and [`State::probes`], so
    /// that a candidate is accepted exactly when it is listed.
    fn candidate_moves(&self) -> Vec<Move> {
        let Some(seat) = self.to_move() else {
            return Vec::new();
        };
        let mut out = vec![Move::Pass { seat }, Move::Challenge { seat }];
        out.extend(
            self.exchanges(seat)
                .into_iter()
                .map(|tiles| Move::Exchange { seat, tiles }),
        );
        let places = match &self.rules.graph {
            None => self.small_placements(seat, false),
            Some(g) => {
                let mut v = self.generated(seat);
                v.extend(self.probes(seat, g));
                v
            }
        };
        out.extend(places.into_iter().map(|play| Move::Place { seat, play }));
        out
    }

    fn play(&mut self, mv: Move) -> Result<Outcome, Broken> {
        let seat = mv.seat();
        if seat >= self.players() {
            return Err(Broken::NoSeat(seat));
        }
        if let Move::Challenge { seat } = mv {
            if self.end.is_some() && self.last.is_none() {
                return Err(Broken::GameOver);
            }
            return self.challenge(seat);
        }
        if self.end.is_some() {
            return Err(Broken::GameOver);
        }
        if seat != self.turn {
            return Err(Broken::OutOfTurn {
                seat,
                expected: self.turn,
            });
        }
        match mv {
            Move::Place { play, .. } => self.place(seat, &play),
            Move::Exchange { tiles, .. } => self.exchange(seat, &tiles),
            Move::Pass { .. } => {
                self.last = None;
                self.next_turn();
                let over = self.scoreless_turn();
                Ok(Outcome::Passed { seat, over })
            }
            Move::Challenge { .. } => unreachable!("handled above"),
        }
    }
}
