//! A GCG game refereed as a TOML record is (NS-6, NS-8): every event replayed on the board
//! with the file's tile set, checking what a table would check.
//!
//! - the set's counts (NS-1): no more tiles of a letter on the board than the set has, and a
//!   written rack holds only tiles that are not on the board;
//! - the racks where the file gives them: a rack holds no more tiles than its player has (7,
//!   fewer once the bag is empty: the bag is counted from the set, the board and the racks),
//!   the tiles played or given back come from it, and a whole rack keeps the tiles its player
//!   kept at their last turn (a partial rack, as a recorder writes the opponent's, only has to
//!   hold the tiles played);
//! - the turns: an exchange only while the bag holds 7 or more (NS-3); the end (NS-4) when a
//!   player plays their last tile with the bag empty or after three rounds of turns without
//!   a play, and no play after it (GN-1); end-rack lines only after the end, holding exactly
//!   the tiles left;
//! - with a lexicon (NS-2, NS-5): each play's words looked up (a missing word stands unless
//!   challenged), a play withdrawn after a challenge (`--`) has a word the lexicon lacks, and
//!   a play that stood a challenge (`(challenge)`) has none;
//! - every score and running total.
//!
//! A duplicate game (`#game-type duplicate`, `docs/duplicate.md`) has one player and a whole
//! rack every round, drawn after returns tavolo cannot see, so its racks are checked against
//! the set only; a pass is its last round (the rack made no word).
//!
//! Pure: the adapter ([`super::gcg_record`]) chooses the set and the lexicon.

use super::board::{Board, Placement, Scored, WordScore, THROUGH};
use super::game::{rack_bonus, Words};
use super::gcg::{coord_text, Action, Event, GcgError, Read};
use super::layout::{TileSet, BLANK, JOLLY, RACK};

/// How the end-rack points of a file were counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndRule {
    /// NS-4: the player out gains each rack's value; each player loses their own.
    Figs,
    /// Most other programs (NASPA): the player out gains twice the racks' value.
    Naspa,
}

/// How a file is refereed: its tile set, rack bonus and end rule, and the lexicon.
#[derive(Debug, Clone)]
pub struct Scoring {
    pub set: TileSet,
    /// `true`: the sheet's 50/40/30 for emptying a rack of 7/6/5 (Natura Shakerata); `false`:
    /// 50 for playing 7 tiles (standard Scrabble).
    pub natura_bonus: bool,
    pub end: EndRule,
    /// The words the lexicon holds (NS-2); `None`: words are not looked up, and a challenge's
    /// outcome is taken as the file writes it.
    pub words: Option<Words>,
    /// A duplicate game (`#game-type duplicate`).
    pub duplicate: bool,
}

impl Scoring {
    /// Natura Shakerata: the Italian set, the sheet's bonus, NS-4's end; no lexicon.
    pub fn natura() -> Scoring {
        Scoring {
            set: TileSet::italian(),
            natura_bonus: true,
            end: EndRule::Figs,
            words: None,
            duplicate: false,
        }
    }

    /// Standard Scrabble with another set: 50 for seven tiles, the NASPA end; no lexicon.
    pub fn standard(set: TileSet) -> Scoring {
        Scoring {
            set,
            natura_bonus: false,
            end: EndRule::Naspa,
            words: None,
            duplicate: false,
        }
    }
}

/// How a GCG game ended, as the replay finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Over {
    /// This player played their last tile with the bag empty (NS-4).
    Out(usize),
    /// Three rounds of turns without a play: passes, exchanges, withdrawn plays (NS-4).
    Passes,
    /// A duplicate game's end: a round's rack made no play (a pass), or the tiles left hold
    /// no vowel or no consonant.
    Duplicate,
}

/// One event replayed: what the board gives, beside what the file says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replayed {
    pub score: i32,
    pub cumulative: i32,
    /// A play's words, the main word first, each scored.
    pub words: Vec<WordScore>,
    /// A play's rack bonus.
    pub bonus: u32,
    /// The words (upper case) the lexicon lacks: of a play (they stand unless challenged,
    /// NS-5), or of the play a `--` withdraws.
    pub missing: Vec<String>,
    /// Whether the game is over after this event, and how.
    pub over: Option<Over>,
}

/// A whole file replayed: the board, every event up to the first that breaks a rule, and
/// that event's error.
pub struct Replay {
    pub board: Board,
    pub events: Vec<Replayed>,
    pub error: Option<GcgError>,
    /// Whose turn it is after the events replayed (index into [`super::gcg::Gcg::players`]); `None`
    /// before the first play, pass or exchange (the file may start with anyone).
    pub to_move: Option<usize>,
}

/// Replay every event; the first one that breaks a rule is an error at its line.
pub fn replay(read: &Read, scoring: &Scoring) -> Result<(Board, Vec<Replayed>), GcgError> {
    let r = replay_all(read, scoring);
    match r.error {
        Some(e) => Err(e),
        None => Ok((r.board, r.events)),
    }
}

/// Replay every event, keeping what was replayed before the first error.
pub fn replay_all(read: &Read, scoring: &Scoring) -> Replay {
    let mut t = Table::new(read, scoring);
    let mut events = Vec::new();
    let mut error = None;
    for (i, (e, &ln)) in read.gcg.events.iter().zip(&read.lines).enumerate() {
        match t.event(e, ln).and_then(|x| t.total(e, ln, x)) {
            Ok(x) => events.push(x),
            Err(err) => {
                error = Some(err);
                break;
            }
        }
        if i + 1 == read.gcg.events.len() {
            error = t.finish().err();
        }
    }
    Replay {
        to_move: t.turn,
        board: t.board,
        events,
        error,
    }
}

/// Tile counts by kind (index 0 the jollies), signed so a shortage shows.
type Counts = Vec<i32>;

/// The last play still on the board, for a challenge.
struct Last {
    player: usize,
    line: usize,
    scored: Scored,
    score: i32,
    missing: Vec<String>,
    drawn: usize,
    held_before: usize,
    kept_before: Option<(Counts, usize)>,
    scoreless_before: usize,
    challenged: bool,
}

/// The game as the file goes: the board, the tiles not on it, each rack's size and known
/// tiles, the bag's size, the totals, the end.
struct Table<'a> {
    s: &'a Scoring,
    read: &'a Read,
    board: Board,
    /// Tiles not on the board (in racks or in the bag), by kind.
    left: Counts,
    /// Each player's rack size.
    held: Vec<usize>,
    /// Tiles known to be on a player's rack (kept from a whole rack at their last turn), and
    /// that turn's line.
    kept: Vec<Option<(Counts, usize)>>,
    bag: usize,
    totals: Vec<i32>,
    scoreless: usize,
    /// Whose turn it is (anyone's before the first).
    turn: Option<usize>,
    over: Option<Over>,
    last: Option<Last>,
    /// The tiles of the end-rack lines `(RACK)`, and the first one's line.
    end_racks: Option<(Counts, usize)>,
}

fn fail(code: &'static str, line: usize, message: String) -> GcgError {
    GcgError {
        code,
        line,
        col: 1,
        message,
    }
}

impl<'a> Table<'a> {
    fn new(read: &'a Read, s: &'a Scoring) -> Table<'a> {
        let n = read.gcg.players.len();
        let left: Counts = s.set.full_counts().iter().map(|&c| i32::from(c)).collect();
        let total = s.set.total();
        let held = if s.duplicate {
            vec![0; n]
        } else {
            vec![RACK.min(total / n.max(1)); n]
        };
        Table {
            s,
            read,
            board: Board::new(),
            bag: total - held.iter().sum::<usize>(),
            left,
            held,
            kept: vec![None; n],
            totals: vec![0; n],
            scoreless: 0,
            turn: None,
            over: None,
            last: None,
            end_racks: None,
        }
    }

    fn nick(&self, p: usize) -> &str {
        &self.read.gcg.players[p].nick
    }

    fn char_of(&self, kind: usize) -> char {
        self.s.set.char_of(kind as u8)
    }

    /// Tiles as a rack writes them: upper-case letters, `?` a jolly.
    fn counts(&self, text: &str, what: &str, ln: usize) -> Result<Counts, GcgError> {
        let mut c = vec![0; self.s.set.kinds()];
        for ch in text.chars() {
            let k = if ch == '?' {
                JOLLY
            } else {
                self.s
                    .set
                    .parse(ch)
                    .filter(|t| t & BLANK == 0)
                    .ok_or_else(|| fail("gcg.letter", ln, format!("`{ch}` in {what} is no tile")))?
            };
            c[usize::from(k)] += 1;
        }
        Ok(c)
    }

    /// Why `n` tiles of `kind` cannot be in a rack: the set's count and those on the board.
    fn too_many(&self, kind: usize, n: i32) -> String {
        let set = &self.s.set;
        let full = i32::from(set.full_counts()[kind]);
        let c = self.char_of(kind);
        if full == 0 {
            return no_tile(set, c);
        }
        let on_board = full - self.left[kind];
        let already = match on_board {
            0 => String::new(),
            1 => ", and 1 is on the board already".into(),
            k => format!(", and {k} are on the board already"),
        };
        format!("{n} `{c}`, but the {} set has {full}{already}", set.name)
    }

    /// A written rack: no more tiles than its player holds, only tiles not on the board, and
    /// (when whole) the tiles kept from the player's last turn. Returns whether it is whole.
    fn check_rack(&self, p: usize, text: &str, rack: &Counts, ln: usize) -> Result<bool, GcgError> {
        let len = rack.iter().sum::<i32>() as usize;
        let cap = if self.s.duplicate { RACK } else { self.held[p] };
        if len > cap {
            return Err(fail(
                "gcg.rack-size",
                ln,
                format!(
                    "the rack {text} holds {len} tiles, but {} holds {cap} (7, fewer only once the bag is empty)",
                    self.nick(p)
                ),
            ));
        }
        if let Some(k) = (0..rack.len()).find(|&k| rack[k] > self.left[k]) {
            return Err(fail(
                "gcg.rack-tiles",
                ln,
                format!("the rack {text} holds {}", self.too_many(k, rack[k])),
            ));
        }
        let whole = !self.s.duplicate && len == cap;
        if let (true, Some((kept, at))) = (whole, &self.kept[p]) {
            if let Some(k) = (0..rack.len()).find(|&k| rack[k] < kept[k]) {
                return Err(fail(
                    "gcg.rack-leave",
                    ln,
                    format!(
                        "the rack {text} lacks the `{}` {} kept at line {at}",
                        self.char_of(k),
                        self.nick(p)
                    ),
                ));
            }
        }
        Ok(whole)
    }

    /// The rack of an event, read and checked, when the file writes it: the counts and
    /// whether it is the player's whole rack.
    fn rack(&self, e: &Event, ln: usize) -> Result<Option<(Counts, bool)>, GcgError> {
        if e.rack.is_empty() {
            return Ok(None);
        }
        let rack = self.counts(&e.rack, "the rack", ln)?;
        let whole = self.check_rack(e.player, &e.rack, &rack, ln)?;
        Ok(Some((rack, whole)))
    }

    fn not_over(&self, ln: usize) -> Result<(), GcgError> {
        if self.over.is_some() {
            return Err(fail(
                "gcg.game-over",
                ln,
                "the game is already over (NS-4): no move follows it".into(),
            ));
        }
        Ok(())
    }

    fn not_duplicate(&self, ln: usize, what: &str) -> Result<(), GcgError> {
        if self.s.duplicate {
            return Err(fail(
                "gcg.duplicate",
                ln,
                format!("a duplicate game has no {what} (docs/duplicate.md)"),
            ));
        }
        Ok(())
    }

    /// A turn without a play: the game ends after three rounds of them (NS-4).
    fn scoreless_turn(&mut self) {
        self.scoreless += 1;
        if !self.s.duplicate && self.scoreless >= 3 * self.held.len() {
            self.over = Some(Over::Passes);
        }
    }

    /// Whether the tiles left hold no vowel or no consonant (a duplicate game's end).
    fn exhausted(&self) -> bool {
        let (mut vowels, mut consonants) = (0, 0);
        for (i, l) in self.s.set.letters.iter().enumerate() {
            let n = self.left[i + 1];
            if "AEIOU".contains(l.upper) {
                vowels += n;
            } else {
                consonants += n;
            }
        }
        vowels == 0 || consonants == 0
    }

    fn missing(&self, words: &[WordScore]) -> Vec<String> {
        self.s
            .words
            .as_ref()
            .map_or_else(Vec::new, |w| w.missing(words, &self.s.set))
    }

    /// One event: its score as the board and the rules give it.
    fn event(&mut self, e: &Event, ln: usize) -> Result<Replayed, GcgError> {
        let p = e.player;
        let mut x = Replayed {
            score: 0,
            cumulative: 0,
            words: Vec::new(),
            bonus: 0,
            missing: Vec::new(),
            over: None,
        };
        // NS-3: plays, passes and exchanges go round in the order of the #player lines.
        if matches!(
            e.action,
            Action::Play { .. } | Action::Pass | Action::Exchange(_) | Action::ExchangeCount(_)
        ) && self.over.is_none()
        {
            if let Some(t) = self.turn.filter(|&t| t != p) {
                return Err(fail(
                    "gcg.out-of-turn",
                    ln,
                    format!("{} moves, but it is {}'s turn", self.nick(p), self.nick(t)),
                ));
            }
            self.turn = Some((p + 1) % self.held.len());
        }
        // Only a play, and its challenge bonus, leave a play to challenge.
        if !matches!(
            e.action,
            Action::Play { .. } | Action::Withdrawn | Action::ChallengeBonus | Action::Time
        ) {
            self.last = None;
        }
        x.score = match &e.action {
            Action::Play { at, dir, word } => {
                self.not_over(ln)?;
                let play = self.placement(*at, *dir, word, ln)?;
                self.play(e, ln, &play, &mut x)?
            }
            Action::Pass => {
                self.not_over(ln)?;
                if let Some((rack, true)) = self.rack(e, ln)? {
                    self.kept[p] = Some((rack, ln));
                }
                self.scoreless_turn();
                if self.s.duplicate {
                    self.over = Some(Over::Duplicate);
                }
                0
            }
            Action::Exchange(_) | Action::ExchangeCount(_) => {
                self.not_duplicate(ln, "exchanges")?;
                self.not_over(ln)?;
                self.exchange(e, ln)?;
                0
            }
            Action::Withdrawn => {
                self.not_duplicate(ln, "challenges")?;
                self.withdraw(e, ln, &mut x)?
            }
            Action::ChallengeBonus => {
                self.not_duplicate(ln, "challenges")?;
                self.challenge_bonus(e, ln)?;
                // The amount is the event's rules (NS-5 `challenge-penalty`): as written.
                e.score
            }
            Action::EndRack(r) => {
                self.not_duplicate(ln, "end-rack lines")?;
                self.end_rack(e, r, ln)?
            }
            Action::RackPenalty(r) => {
                self.not_duplicate(ln, "end-rack lines")?;
                self.rack_penalty(e, r, ln)?
            }
            // Set by the event's rules, not by the board: as written.
            Action::Time => e.score,
        };
        x.over = self.over;
        Ok(x)
    }

    /// The running total after an event, checked against the file's.
    fn total(&mut self, e: &Event, ln: usize, mut x: Replayed) -> Result<Replayed, GcgError> {
        if x.score != e.score {
            return Err(fail(
                "gcg.score",
                ln,
                format!("the file says {:+}, the board gives {:+}", e.score, x.score),
            ));
        }
        self.totals[e.player] += x.score;
        if self.totals[e.player] != e.cumulative {
            return Err(fail(
                "gcg.cumulative",
                ln,
                format!(
                    "the file says {} in all, the scores add up to {}",
                    e.cumulative, self.totals[e.player]
                ),
            ));
        }
        x.cumulative = self.totals[e.player];
        Ok(x)
    }

    fn placement(
        &self,
        at: super::board::Square,
        dir: super::board::Dir,
        word: &str,
        ln: usize,
    ) -> Result<Placement, GcgError> {
        let set = &self.s.set;
        let mut tiles = Vec::new();
        for c in word.chars() {
            tiles.push(if c == '.' {
                THROUGH
            } else {
                set.parse(c).ok_or_else(|| {
                    fail(
                        "gcg.letter",
                        ln,
                        format!("`{c}` is no letter of the {} set", set.name),
                    )
                })?
            });
        }
        Ok(Placement {
            at,
            dir,
            word: tiles,
        })
    }

    fn play(
        &mut self,
        e: &Event,
        ln: usize,
        play: &Placement,
        x: &mut Replayed,
    ) -> Result<i32, GcgError> {
        let p = e.player;
        let set = &self.s.set;
        let scored = self.board.score(set, play).map_err(|why| {
            fail(
                "gcg.placement",
                ln,
                format!(
                    "the play {} does not fit the board: {why}",
                    coord_text(play.at, play.dir)
                ),
            )
        })?;
        // The rack the tiles come from, then NS-1: no more tiles of a letter on the board
        // than the set has.
        let rack = self.rack(e, ln)?;
        let mut placed = vec![0; set.kinds()];
        for &(sq, t) in &scored.placed {
            let k = usize::from(TileSet::rack_tile(t));
            placed[k] += 1;
            if placed[k] > self.left[k] {
                let full = i32::from(set.full_counts()[k]);
                let c = self.char_of(k);
                let why = if full == 0 {
                    no_tile(set, c)
                } else {
                    let nth = full - self.left[k] + placed[k];
                    format!(
                        "the {} `{c}` on the board, but the {} set has {full}",
                        ordinal(nth),
                        set.name
                    )
                };
                let what = if k == usize::from(JOLLY) {
                    "a jolly".to_string()
                } else {
                    format!("`{c}`")
                };
                return Err(fail(
                    "gcg.tile-count",
                    ln,
                    format!("the play puts {what} on {sq}: {why}"),
                ));
            }
        }
        let n = scored.placed.len();
        if let Some((r, _)) = &rack {
            for &(sq, t) in &scored.placed {
                let k = usize::from(TileSet::rack_tile(t));
                if placed[k] > r[k] {
                    return Err(fail(
                        "gcg.rack",
                        ln,
                        format!(
                            "`{}` for {sq} is not on the rack {}",
                            if k == usize::from(JOLLY) {
                                '?'
                            } else {
                                set.char_of(t)
                            },
                            e.rack
                        ),
                    ));
                }
            }
        }
        if !self.s.duplicate && n > self.held[p] {
            return Err(fail(
                "gcg.rack-size",
                ln,
                format!(
                    "the play places {n} tiles, but {} holds {}",
                    self.nick(p),
                    self.held[p]
                ),
            ));
        }
        // The rack's size: tracked, or (a duplicate game) as written.
        let size = match (&rack, self.s.duplicate) {
            (Some((r, _)), true) => r.iter().sum::<i32>() as usize,
            (None, true) => RACK,
            (_, false) => self.held[p],
        };
        x.bonus = if self.s.natura_bonus {
            if n == size {
                rack_bonus(size)
            } else {
                0
            }
        } else if n == RACK {
            50
        } else {
            0
        };
        x.missing = self.missing(&scored.words);
        x.words = scored.words.clone();
        let score = (scored.words_total() + x.bonus) as i32;
        self.board.apply(&scored);
        for (l, q) in self.left.iter_mut().zip(&placed) {
            *l -= q;
        }
        let held_before = self.held[p];
        let kept_before = self.kept[p].take();
        let mut drawn = 0;
        if !self.s.duplicate {
            drawn = n.min(self.bag);
            self.held[p] = held_before - n + drawn;
            self.bag -= drawn;
            if let Some((r, true)) = &rack {
                let leave: Counts = r.iter().zip(&placed).map(|(a, b)| a - b).collect();
                self.kept[p] = Some((leave, ln));
            }
            if self.held[p] == 0 {
                self.over = Some(Over::Out(p));
            }
        } else if self.exhausted() {
            self.over = Some(Over::Duplicate);
        }
        let scoreless_before = self.scoreless;
        self.scoreless = 0;
        self.last = Some(Last {
            player: p,
            line: ln,
            scored,
            score,
            missing: x.missing.clone(),
            drawn,
            held_before,
            kept_before: match rack {
                Some((r, true)) => Some((r, ln)),
                _ => kept_before,
            },
            scoreless_before,
            challenged: false,
        });
        Ok(score)
    }

    fn exchange(&mut self, e: &Event, ln: usize) -> Result<(), GcgError> {
        let p = e.player;
        if self.bag < RACK {
            return Err(fail(
                "gcg.exchange-bag",
                ln,
                format!(
                    "an exchange needs 7 or more tiles in the bag; it holds {}",
                    self.bag
                ),
            ));
        }
        let given = match &e.action {
            Action::Exchange(t) => Some(self.counts(t, "the exchange", ln)?),
            _ => None,
        };
        let k = match (&e.action, &given) {
            (Action::ExchangeCount(k), _) => *k as usize,
            (_, Some(g)) => g.iter().sum::<i32>() as usize,
            _ => 0,
        };
        if k == 0 || k > self.held[p] {
            return Err(fail(
                "gcg.exchange-size",
                ln,
                format!(
                    "cannot exchange {k} tiles; {} holds {}",
                    self.nick(p),
                    self.held[p]
                ),
            ));
        }
        let rack = self.rack(e, ln)?;
        if let Some(g) = &given {
            if let Some(kind) = (0..g.len()).find(|&i| g[i] > self.left[i]) {
                return Err(fail(
                    "gcg.rack-tiles",
                    ln,
                    format!("the exchange gives back {}", self.too_many(kind, g[kind])),
                ));
            }
            if let Some((r, _)) = &rack {
                if let Some(kind) = (0..g.len()).find(|&i| g[i] > r[i]) {
                    return Err(fail(
                        "gcg.rack",
                        ln,
                        format!(
                            "`{}` given back is not on the rack {}",
                            self.char_of(kind),
                            e.rack
                        ),
                    ));
                }
            }
        }
        self.kept[p] = match (&rack, &given) {
            (Some((r, true)), Some(g)) => Some((r.iter().zip(g).map(|(a, b)| a - b).collect(), ln)),
            _ => None,
        };
        self.scoreless_turn();
        Ok(())
    }

    /// `--`: the player's last play taken back after a challenge (NS-5).
    fn withdraw(&mut self, e: &Event, ln: usize, x: &mut Replayed) -> Result<i32, GcgError> {
        let p = e.player;
        let Some(last) = self.last.take().filter(|l| l.player == p) else {
            return Err(fail(
                "gcg.withdrawn",
                ln,
                "`--` withdraws a play, but this player's last event is no play".into(),
            ));
        };
        if last.challenged {
            return Err(fail(
                "gcg.challenge",
                ln,
                format!(
                    "the play at line {} stood a challenge already, so it cannot be withdrawn",
                    last.line
                ),
            ));
        }
        if self.s.words.is_some() && last.missing.is_empty() {
            return Err(fail(
                "gcg.challenge",
                ln,
                format!(
                    "the play at line {} is withdrawn after a challenge, but every word it forms is in the lexicon, so it stands",
                    last.line
                ),
            ));
        }
        x.missing = last.missing.clone();
        self.board.undo(&last.scored);
        for &(_, t) in &last.scored.placed {
            self.left[usize::from(TileSet::rack_tile(t))] += 1;
        }
        self.held[p] = last.held_before;
        self.bag += last.drawn;
        self.kept[p] = last.kept_before;
        self.over = None;
        // The withdrawn play's turn counts as a turn without a play.
        self.scoreless = last.scoreless_before;
        self.scoreless_turn();
        Ok(-last.score)
    }

    /// `(challenge)`: points to a player whose play stood a challenge (NS-5).
    fn challenge_bonus(&mut self, e: &Event, ln: usize) -> Result<(), GcgError> {
        let checked = self.s.words.is_some();
        let Some(last) = self.last.as_mut().filter(|l| l.player == e.player) else {
            return Err(fail(
                "gcg.challenge",
                ln,
                "a challenge bonus goes to the player whose play was just challenged; this player's last event is no play".into(),
            ));
        };
        if last.challenged {
            return Err(fail(
                "gcg.challenge",
                ln,
                format!("the play at line {} was challenged already", last.line),
            ));
        }
        if checked && !last.missing.is_empty() {
            return Err(fail(
                "gcg.challenge",
                ln,
                format!(
                    "the play at line {} stands after a challenge, but {} {} not in the lexicon, so the challenge withdraws it",
                    last.line,
                    last.missing.join(", "),
                    if last.missing.len() == 1 { "is" } else { "are" }
                ),
            ));
        }
        last.challenged = true;
        Ok(())
    }

    /// `(RACK) +N`: a rack left at the end, to the player who went out (NS-4).
    fn end_rack(&mut self, e: &Event, r: &str, ln: usize) -> Result<i32, GcgError> {
        match self.over {
            Some(Over::Out(o)) if o == e.player => {}
            Some(Over::Out(o)) => {
                return Err(fail(
                    "gcg.end-rack",
                    ln,
                    format!(
                        "the racks left go to the player who went out, {}",
                        self.nick(o)
                    ),
                ))
            }
            Some(_) => {
                return Err(fail(
                    "gcg.end-rack",
                    ln,
                    "end-rack points go to a player who went out, and nobody did".into(),
                ))
            }
            None => return Err(self.not_ended(ln)),
        }
        let tiles = self.counts(r, "the end rack", ln)?;
        let v = self.value(&tiles);
        let (sum, _) = self
            .end_racks
            .get_or_insert_with(|| (vec![0; tiles.len()], ln));
        for (s, t) in sum.iter_mut().zip(&tiles) {
            *s += t;
        }
        Ok(match self.s.end {
            EndRule::Figs => v,
            EndRule::Naspa => 2 * v,
        })
    }

    /// `RACK (RACK) -N`: a player's own rack left at the end (NS-4).
    fn rack_penalty(&mut self, e: &Event, r: &str, ln: usize) -> Result<i32, GcgError> {
        let p = e.player;
        if self.over.is_none() {
            return Err(self.not_ended(ln));
        }
        if !e.rack.is_empty() && e.rack != r {
            return Err(fail(
                "gcg.end-rack",
                ln,
                format!(
                    "the rack {} and the rack in parentheses ({r}) differ",
                    e.rack
                ),
            ));
        }
        let tiles = self.counts(r, "the end rack", ln)?;
        let len = tiles.iter().sum::<i32>() as usize;
        if len != self.held[p] {
            return Err(fail(
                "gcg.end-rack",
                ln,
                format!(
                    "{} holds {} tiles at the end, but the line takes off a rack of {len}",
                    self.nick(p),
                    self.held[p]
                ),
            ));
        }
        if let Some(k) = (0..tiles.len()).find(|&k| tiles[k] > self.left[k]) {
            return Err(fail(
                "gcg.rack-tiles",
                ln,
                format!("the end rack {r} holds {}", self.too_many(k, tiles[k])),
            ));
        }
        if let Some((kept, at)) = &self.kept[p] {
            if let Some(k) = (0..tiles.len()).find(|&k| tiles[k] < kept[k]) {
                return Err(fail(
                    "gcg.end-rack",
                    ln,
                    format!(
                        "the end rack {r} lacks the `{}` {} kept at line {at}",
                        self.char_of(k),
                        self.nick(p)
                    ),
                ));
            }
        }
        Ok(-self.value(&tiles))
    }

    fn not_ended(&self, ln: usize) -> GcgError {
        fail(
            "gcg.end-rack",
            ln,
            format!(
                "end-rack points, but the game is not over: {} tiles in the bag, nobody out, no three rounds of passes",
                self.bag
            ),
        )
    }

    fn value(&self, tiles: &Counts) -> i32 {
        tiles
            .iter()
            .enumerate()
            .map(|(k, &n)| self.s.set.value(k as u8) as i32 * n)
            .sum()
    }

    /// After the last event: a player went out, so the racks given to them hold exactly the
    /// tiles not on the board (NS-4).
    fn finish(&self) -> Result<(), GcgError> {
        let (Some(Over::Out(_)), Some((sum, ln))) = (self.over, &self.end_racks) else {
            return Ok(());
        };
        if sum != &self.left {
            let text = |c: &Counts| -> String {
                c.iter()
                    .enumerate()
                    .flat_map(|(k, &n)| std::iter::repeat_n(self.char_of(k), n.max(0) as usize))
                    .collect()
            };
            return Err(fail(
                "gcg.end-rack",
                *ln,
                format!(
                    "the end-rack lines give {}, but the tiles not on the board are {}",
                    text(sum),
                    text(&self.left)
                ),
            ));
        }
        Ok(())
    }
}

/// A letter the set has no tile for.
fn no_tile(set: &TileSet, c: char) -> String {
    format!(
        "the {} set has no `{c}` tile (the letter only ever stands on a jolly, NS-2)",
        set.name
    )
}

/// 1st, 2nd, 3rd, 4th, ...
fn ordinal(n: i32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::games::natura::gcg::parse;
    use crate::games::natura::layout::Letter;

    /// A small set, so the bag runs out in two plays: A (1) x8, B (2) x4, C (3) x4.
    fn tiny() -> TileSet {
        let l = |upper: char, value, count| Letter {
            upper,
            lower: upper.to_ascii_lowercase(),
            value,
            count,
        };
        TileSet {
            name: "tiny",
            letters: vec![l('A', 1, 8), l('B', 2, 4), l('C', 3, 4)],
            jollies: 0,
        }
    }

    fn rules(words: Option<&[&str]>) -> Scoring {
        Scoring {
            set: tiny(),
            words: words.map(|list| {
                let list: Vec<String> = list.iter().map(|w| w.to_string()).collect();
                Words(Arc::new(move |w: &str| list.iter().any(|x| x == w)))
            }),
            ..Scoring::natura()
        }
    }

    const HEAD: &str = "#player1 a A\n#player2 b B\n";
    /// a opens with AB on the star, (1 + 2) x2 = 6, and draws the bag's last two tiles (CC);
    /// b plays all seven tiles down column I through the B (C 3 + A 1x2 + A + A + A + B 2x2
    /// + B 2 + C 3x2 = 20, +50) with the bag empty: b is out (NS-4).
    const FIRST: &str = ">a: AAAABBB 8H AB +6 6\n";
    const GAME: &str = ">a: AAAABBB 8H AB +6 6\n>b: AAAABCC I2 CAAAAB.C +70 70\n";

    fn run(events: &str, s: &Scoring) -> Result<Vec<Replayed>, GcgError> {
        replay(&parse(&format!("{HEAD}{events}")).unwrap(), s).map(|(_, x)| x)
    }

    fn code(events: &str, s: &Scoring) -> (&'static str, usize) {
        let e = run(events, s).unwrap_err();
        (e.code, e.line)
    }

    /// NS-4, NS-8: b went out with the bag empty; the end-rack lines hold exactly the tiles
    /// not on the board (a's AAABB kept and the CC drawn), 3 + 4 + 6 = 13 each way.
    #[test]
    fn ns8_the_end_is_found_and_the_racks_left_are_the_tiles_left() {
        let s = rules(None);
        let end = ">a: AAABBCC (AAABBCC) -13 -7\n>b: (AAABBCC) +13 83\n";
        let x = run(&format!("{GAME}{end}"), &s).unwrap();
        assert_eq!(x[1].over, Some(Over::Out(1)));
        assert_eq!(x[0].over, None);
        assert_eq!(x[3].cumulative, 83);
        // An end rack that is not the tiles left.
        let short = ">b: (AAABBC) +10 80\n";
        assert_eq!(code(&format!("{GAME}{short}"), &s), ("gcg.end-rack", 5));
        // A's rack at the end holds 7 tiles, not 6.
        let six = ">a: AAABBC (AAABBC) -10 -4\n";
        assert_eq!(code(&format!("{GAME}{six}"), &s), ("gcg.end-rack", 5));
        // End-rack points before the end.
        assert_eq!(
            code(&format!("{}>a: (CC) +6 12\n", FIRST), &s),
            ("gcg.end-rack", 4)
        );
        // A play after the end (GN-1).
        let after = ">a: AAABBCC 10H AC +4 10\n";
        assert_eq!(code(&format!("{GAME}{after}"), &s), ("gcg.game-over", 5));
    }

    /// NS-3 with NS-8: after the first play the bag holds no tile, so no exchange; turns go
    /// round.
    #[test]
    fn ns8_exchanges_need_seven_in_the_bag_and_turns_go_round() {
        let s = rules(None);
        let ex = ">b: AAAABCC -A +0 0\n";
        assert_eq!(code(&format!("{}{ex}", FIRST), &s), ("gcg.exchange-bag", 4));
        let twice = ">a: AAABBCC - +0 6\n";
        assert_eq!(
            code(&format!("{}{twice}", FIRST), &s),
            ("gcg.out-of-turn", 4)
        );
    }

    /// NS-8, the racks: a whole rack keeps the tiles its player kept (a kept AAABB and drew
    /// CC, so a rack without the Bs is wrong); a partial rack only holds the tiles played.
    #[test]
    fn ns8_a_whole_rack_keeps_what_was_kept() {
        let s = rules(None);
        let pass_b = ">b: AAAABCC - +0 0\n";
        let ok = format!("{}{pass_b}>a: AAABBCC - +0 6\n", FIRST);
        assert!(run(&ok, &s).is_ok());
        let partial = format!("{}{pass_b}>a: CC - +0 6\n", FIRST);
        assert!(run(&partial, &s).is_ok());
        let lost = format!("{}{pass_b}>a: AAAACCC - +0 6\n", FIRST);
        assert_eq!(code(&lost, &s), ("gcg.rack-leave", 5));
    }

    /// NS-5 with NS-8: with a lexicon, a play withdrawn after a challenge has a word it lacks,
    /// and a play that stands a challenge has none.
    #[test]
    fn ns8_challenges_follow_the_lexicon() {
        let s = rules(Some(&["AB", "CAB"]));
        let phony = ">a: AAAABBB 8H BB +8 8\n";
        let x = run(&format!("{phony}>a: AAAABBB -- -8 0\n"), &s).unwrap();
        assert_eq!(x[0].missing, ["BB"]);
        assert_eq!(x[1].missing, ["BB"]);
        assert_eq!(
            code(&format!("{phony}>a: (challenge) +0 8\n"), &s),
            ("gcg.challenge", 4)
        );
        let word = ">a: AAAABBB 8H AB +6 6\n";
        assert!(run(&format!("{word}>a: (challenge) +5 11\n"), &s).is_ok());
        assert_eq!(
            code(&format!("{word}>a: AAAABBB -- -6 0\n"), &s),
            ("gcg.challenge", 4)
        );
        // Without a lexicon, a challenge's outcome is taken as written.
        assert!(run(&format!("{word}>a: AAAABBB -- -6 0\n"), &rules(None)).is_ok());
    }

    /// NS-1 with NS-8: no more tiles of a letter than the set has, on the board or on a rack.
    #[test]
    fn ns8_the_sets_counts_hold() {
        let s = rules(None);
        assert_eq!(
            code(">a: CCCCC 8H CCCCC +30 30\n", &s),
            ("gcg.rack-tiles", 3)
        );
        assert_eq!(code(">a: 8H CCCCC +30 30\n", &s), ("gcg.tile-count", 3));
        let four = ">a: CCCCAAA 8H CCCC +24 24\n";
        assert!(run(four, &s).is_ok());
        // A fifth C: on a rack, or (no rack written) on the board.
        assert_eq!(
            code(&format!("{four}>b: CAAAAAA I7 C.A +8 8\n"), &s),
            ("gcg.rack-tiles", 4)
        );
        let e = run(&format!("{four}>b: I7 C.A +8 8\n"), &s).unwrap_err();
        assert_eq!((e.code, e.line), ("gcg.tile-count", 4));
        assert!(
            e.message.contains("5th `C`") && e.message.contains("has 4"),
            "{}",
            e.message
        );
        assert_eq!(code(">a: AAAABBBC 8H AB +6 6\n", &s), ("gcg.rack-size", 3));
    }
}
