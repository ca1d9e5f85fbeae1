//! One session for every use of a game (DESIGN.md, "One session for every use of a game"):
//! start from a deal, a written setup or a record, apply moves one by one as the record
//! notation writes them, take them back and forward again, and look at the position, whose
//! turn it is, the running scores with each move explained, and the record so far — the same
//! TOML that `tavolo play` writes. `tavolo table` is a thin view over it, as a table server
//! will be: a [`Live`] session is plain data behind an object-safe face, `Send`, so a server
//! can hold many and drive each from requests.
//!
//! A game takes part through its referee ([`Referee`]: how a game starts from a deal and
//! how a move is written) and its [`Table`]: what a session needs besides (reading its
//! records' moves, the position as text, a move's outcome in words, the short forms players
//! say). Each game's `session.rs` implements it; [`find`] is the registry.
//!
//! [`Session::replay`] stops at the first move a rule refuses and keeps it as the last:
//! `show` draws the position at move N through it ([`super::replay`]).

use std::collections::HashSet;
use std::convert::Infallible;

use serde::Serialize;

use super::ending::{self, Ended};
use super::engine::{Broken, Engine};
use super::machine_seat::{self, Level, Seats};
use super::referee::{Referee, Strength};
use super::Game;
use crate::deal::{DealRng, Provenance};
use crate::error::Error;
use crate::record::{write, GameResult, MoveOut, Record, Source};

/// A game's engine, move, outcome and broken rule, by its table.
pub type EngineOf<T> = <T as Referee>::Engine;
pub type MoveOf<T> = <EngineOf<T> as Engine>::Move;
pub type OutcomeOf<T> = <EngineOf<T> as Engine>::Outcome;
pub type BrokenOf<T> = <EngineOf<T> as Engine>::Broken;
/// A legal move of a game's session, and a refused one.
pub type StepOf<T> = Step<MoveOf<T>>;
pub type RefusalOf<T> = Refusal<MoveOf<T>, BrokenOf<T>>;

/// Who looks at the position: what it shows of the holdings nobody else may see.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// What the whole table may see (the terminal by default).
    Table,
    /// One seat: the table's view and that seat's own holding.
    Seat(usize),
    /// Everything: every hand, the piles in order (`--director`).
    Director,
}

impl View {
    /// Whether this view may see `seat`'s private holding.
    pub fn sees(self, seat: usize) -> bool {
        match self {
            View::Table => false,
            View::Seat(s) => s == seat,
            View::Director => true,
        }
    }

    /// Whether this view may see what no player sees (a pile's order, face-down tiles).
    pub fn all(self) -> bool {
        self == View::Director
    }
}

/// A record read, not yet replayed: the engine at its start and its moves.
pub struct Opened<E: Engine> {
    pub start: E,
    pub moves: Vec<E::Move>,
    /// The record move (1-based) each engine move is written in: one record move may hold
    /// two (Domino's `open` and the move made with it).
    pub numbers: Vec<usize>,
}

impl<E: Engine> Opened<E> {
    /// A record of one engine move per record move.
    pub fn one_each(start: E, moves: Vec<E::Move>) -> Opened<E> {
        let numbers = (1..=moves.len()).collect();
        Opened {
            start,
            moves,
            numbers,
        }
    }
}

/// A short form players may type, and the message id of what it stands for
/// (`docs/table.md`).
pub type ShortForm = (&'static str, &'static str);

/// A word players may say, and the notation's word it stands for.
pub type Said = (&'static str, &'static str);

/// `text` with each word of `words` (in any case; after a seat's `N:` too) put as the
/// notation writes it: `prendi B11` is `take B11`.
pub fn said(text: &str, words: &[Said]) -> String {
    if words.is_empty() {
        return text.to_string();
    }
    let word = |w: &str| -> String {
        let (seat, w) = match w.split_once(':') {
            Some((s, w)) => (format!("{s}:"), w),
            None => (String::new(), w),
        };
        match words.iter().find(|(said, _)| said.eq_ignore_ascii_case(w)) {
            Some((_, notation)) => format!("{seat}{notation}"),
            None => format!("{seat}{w}"),
        }
    };
    text.split_whitespace()
        .map(word)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Names in words: `Anna`, `Anna and Bruno`, `Anna, Bruno and Carla`.
pub fn and_join(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [most @ .., last] => crate::t!("and-join", first = most.join(", "), last = last.as_str()),
    }
}

/// A game's own part in a session, beside its referee. Implemented in each game's
/// `session.rs`; every method with a default is one a game may improve on.
pub trait Table:
    Referee<Engine: Send + Sync + Engine<Move: Send + Sync>> + Game + Send + Sync + 'static
{
    /// The engine at the start of a deal, as a live session plays it. By default the
    /// referee's; a game whose verdicts need more (Natura's lexicon) says so here.
    fn begin(
        &self,
        variant: &str,
        players: &[String],
        deal: &Provenance,
    ) -> Result<EngineOf<Self>, Error> {
        self.start(variant, players, deal)
    }

    /// A readable record's start and moves, read as `check` reads them (an unreadable one
    /// is an `Err`, exit 2). A record move that holds two engine moves gives both.
    fn open(&self, record: &Record, src: &Source) -> Result<Opened<EngineOf<Self>>, Error>;

    /// The move a player typed: the record notation (the move's `Display`), or a short form
    /// (`short_forms`) read against the position. `Err` says why not, naming the part at
    /// fault in backquotes where it can (the session turns that into a column).
    fn read(
        &self,
        game: &EngineOf<Self>,
        names: &[String],
        text: &str,
    ) -> Result<MoveOf<Self>, String>;

    /// The short forms this game reads, for `help` and the docs.
    fn short_forms(&self) -> &'static [ShortForm];

    /// The words players may say in Italian for the notation's own (`prendi` for `take`),
    /// each put in the notation's place before [`Table::read`] reads the move ([`said`]);
    /// by default none. A game whose moves hold words (Natura's) reads its own in `read`.
    fn said(&self) -> &'static [Said] {
        &[]
    }

    /// What the seat to move is expected to play, in words (`a tile and a square: RV c4`),
    /// naming players from `names`.
    fn expects(&self, game: &EngineOf<Self>, names: &[String]) -> String;

    /// The position as text, showing what `view` may see.
    fn position(&self, game: &EngineOf<Self>, names: &[String], view: View) -> String;

    /// A legal move's outcome in words: what it scored and why, who is out, the end.
    fn explain(
        &self,
        before: &EngineOf<Self>,
        after: &EngineOf<Self>,
        mv: &MoveOf<Self>,
        outcome: &OutcomeOf<Self>,
        names: &[String],
    ) -> String;

    /// The running scores by seat, for a game that keeps score.
    fn scores(&self, game: &EngineOf<Self>) -> Option<Vec<i64>> {
        let _ = game;
        None
    }

    /// The end in words once the game is over, the same for every view (the end shows
    /// what was hidden that decides it): who won, and the final scores. By default, for a
    /// game that keeps score, the highest score wins ([`verdict`]); a game whose winner is
    /// decided otherwise says so.
    fn result(&self, game: &EngineOf<Self>, names: &[String]) -> Option<String> {
        if game.to_move().is_some() {
            return None;
        }
        let scores = self.scores(game)?;
        let top = scores.iter().copied().max()?;
        let winners: Vec<usize> = (0..scores.len()).filter(|&p| scores[p] == top).collect();
        Some(verdict(names, &winners, Some(&scores)))
    }

    /// The result an illegal move gets at a strict table (GN-4), where the sheet punishes
    /// it: `seat`'s move `number`, refused in `game` for `broken`. `None` (the default):
    /// the sheet does not punish this one, and even a strict table refuses it.
    fn strict(
        &self,
        game: &EngineOf<Self>,
        broken: &BrokenOf<Self>,
        seat: usize,
        number: usize,
        names: &[String],
    ) -> Option<GameResult> {
        let _ = (game, broken, seat, number, names);
        None
    }

    /// Whether the sheet of this game, as `game` plays it, punishes some illegal move
    /// ([`Table::strict`]), so that a table of it may be strict (GN-4). By default not.
    fn has_strict(&self, game: &EngineOf<Self>) -> bool {
        let _ = game;
        false
    }

    /// GN-4 where play goes on without a player who resigns (MOON and Domino with more
    /// than two players): `seat` out of `game`, as if they had no legal move left. `false`
    /// (the default), and `game` unchanged: the game has no such rule, or `seat` is out
    /// already.
    fn put_out(&self, game: &mut EngineOf<Self>, seat: usize) -> bool {
        let _ = (game, seat);
        false
    }

    /// Whether the table's view of this game hides anything (hands, racks, a pile).
    fn hides(&self, game: &EngineOf<Self>) -> bool {
        let _ = game;
        true
    }

    /// The best move here, for a hint: by default the game's machine player's
    /// ([`Referee::machine`]), drawing any pick from the deal; `None` for a game without one.
    fn best(
        &self,
        game: &EngineOf<Self>,
        deal: Option<&Provenance>,
    ) -> Option<Result<MoveOf<Self>, Error>> {
        game.to_move()?;
        let mut machine = match self.machine(Strength::Best, None)? {
            Ok(m) => m,
            Err(e) => return Some(Err(e)),
        };
        let mut rng = match deal {
            Some(p) => DealRng::new(&p.game, &format!("{}/hint", p.variant), &p.seed, p.board),
            None => DealRng::new(self.name(), "hint", "", 1),
        };
        Some(Ok(machine.choose(game, &mut rng)))
    }

    /// Whether the game's picture (`tavolo show`'s, from its `draw.rs`) shows only what the
    /// whole table may see. By default not: a session that hides holdings then draws
    /// pictures for the director only.
    fn picture_is_public(&self) -> bool {
        false
    }

    /// What a hint's list holds: its message id (by default `legal moves`).
    fn hint_lists(&self) -> &'static str {
        "hint-legal-moves"
    }

    /// The moves a hint lists (by default every legal move).
    fn hint_moves(&self, game: &EngineOf<Self>) -> Vec<MoveOf<Self>> {
        game.legal_moves()
    }

    /// What would be legal instead of a refused move, as notation, for `view`: by default,
    /// for a view that may see the moves of the seat to move ([`Table::lists_for`]), the
    /// legal moves it may be told of ([`Table::tells`]) nearest to it (sharing the most
    /// words with it), a few; for any other view none.
    fn instead(
        &self,
        game: &EngineOf<Self>,
        mv: &MoveOf<Self>,
        broken: &BrokenOf<Self>,
        view: View,
    ) -> Vec<String> {
        let _ = broken;
        if !self.lists_for(game, view) {
            return Vec::new();
        }
        nearest(
            &mv.to_string(),
            game.legal_moves()
                .iter()
                .filter(|m| self.tells(game, m, view))
                .map(|m| m.to_string()),
        )
    }

    /// A refused move's words for `view` (GN-5): by default the engine's own
    /// ([`Broken::describe`]) for a view that sees everything the game hides now (the
    /// director's, or any when the game hides nothing), and for any other view words that
    /// name no piece and nobody's holding ([`unseen_refusal`]). A game whose refusals are
    /// mostly about what everyone sees (the board, the turn) says which here.
    fn refusal(
        &self,
        game: &EngineOf<Self>,
        broken: &BrokenOf<Self>,
        names: &[String],
        view: View,
    ) -> String {
        if view.all() || !self.hides(game) {
            broken.describe(names)
        } else {
            unseen_refusal(broken.rule(), view)
        }
    }

    /// Whether `view` may be told the moves the seat to move could make (a refusal's
    /// "legal instead", a hint): the director, the seat to move itself, or anyone when the
    /// game hides nothing (GN-5).
    fn lists_for(&self, game: &EngineOf<Self>, view: View) -> bool {
        view.all() || !self.hides(game) || game.to_move().is_some_and(|s| view.sees(s))
    }

    /// Whether `view`, which may be told the seat to move's moves, may be told of the legal
    /// move `mv`: by default yes. A move that names what nobody sees (a tile drawn from a
    /// face-down pile) is the director's.
    fn tells(&self, game: &EngineOf<Self>, mv: &MoveOf<Self>, view: View) -> bool {
        let _ = (game, mv, view);
        true
    }

    /// A legal move as a view that does not see its seat's holding sees it in the move
    /// list (GN-5: a hidden discard or exchange as its count): its notation and its outcome
    /// in words. `None` (the default): the move hides nothing, every view sees it whole.
    fn masked(
        &self,
        before: &EngineOf<Self>,
        after: &EngineOf<Self>,
        mv: &MoveOf<Self>,
        outcome: &OutcomeOf<Self>,
        names: &[String],
    ) -> Option<Masked> {
        let _ = (before, after, mv, outcome, names);
        None
    }

    /// A game consistent with what `seat` sees (issue 43, [`machine_seat`]): the pieces the
    /// seat does not see (other hands, the bag, the undealt deck) shuffled among their places
    /// from `rng`, the counts and every public fact kept, so that the seat's own pieces and
    /// the public position are those of `game`. `None`: the game cannot make one, and the
    /// machine plays it at random only. By default the game itself where it hides nothing.
    fn seen(
        &self,
        game: &EngineOf<Self>,
        seat: usize,
        rng: &mut DealRng,
    ) -> Option<EngineOf<Self>> {
        let _ = (seat, rng);
        (!self.hides(game)).then(|| game.clone())
    }

    /// The real game after the face-down draw `seat` makes before it chooses (issue 43),
    /// where a move names the piece drawn and the seat chooses once it sees it
    /// (Scalafrutta's tile, SF-1): the piece drawn from the real pile with `rng`, as a hand
    /// draws it, and shown to the seat; the machine then chooses knowing it. `None` (the
    /// default): the seat draws nothing before it chooses, or has drawn already.
    fn draw(
        &self,
        game: &EngineOf<Self>,
        seat: usize,
        rng: &mut DealRng,
    ) -> Option<EngineOf<Self>> {
        let _ = (game, seat, rng);
        None
    }

    /// The machine's `greedy` move for `seat` in `world` (a game [`Table::seen`] made): by
    /// default the move that scores most now ([`machine_seat::greedy_by_score`]).
    fn greedy(&self, world: &EngineOf<Self>, seat: usize) -> Option<MoveOf<Self>> {
        machine_seat::greedy_by_score(self, world, seat)
    }

    /// The machine's `strong` move for `seat` in `world`: by default several sampled worlds
    /// and greedy play after each move ([`machine_seat::strong_by_playouts`]).
    fn strong(
        &self,
        world: &EngineOf<Self>,
        seat: usize,
        rng: &mut DealRng,
    ) -> Option<MoveOf<Self>> {
        machine_seat::strong_by_playouts(self, world, seat, rng)
    }

    /// What a position is worth to `seat`, for the machine's `strong` play-outs: by default
    /// its score's lead over the best other, or for a game without scores the next
    /// player's lack of moves ([`machine_seat::value_of`]).
    fn worth(&self, game: &EngineOf<Self>, seat: usize) -> i64 {
        machine_seat::value_of(self, game, seat)
    }

    /// The machine's move `mv`, chosen in a world [`Table::seen`] made, as it is made in the
    /// real `game`: by default the same. A move that names what nobody sees (a tile drawn
    /// from a face-down pile) is made with the real pile's, drawn from `rng`.
    fn as_played(
        &self,
        game: &EngineOf<Self>,
        mv: MoveOf<Self>,
        rng: &mut DealRng,
    ) -> MoveOf<Self> {
        let _ = (game, rng);
        mv
    }
}

/// A legal move as a view that may not see its seat's holding is told of it (see
/// [`Table::masked`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Masked {
    pub notation: String,
    pub explanation: String,
}

/// The end of a game in words: the winners (`Anna wins`, `Anna and Bruno share the win`,
/// `nobody wins`) and, for a game that keeps score, the final scores by seat.
pub fn verdict(names: &[String], winners: &[usize], scores: Option<&[i64]>) -> String {
    let name = |p: usize| {
        names
            .get(p)
            .cloned()
            .unwrap_or_else(|| crate::t!("player-n", n = p + 1))
    };
    let who: Vec<String> = winners.iter().map(|&p| name(p)).collect();
    let mut s = match who.len() {
        0 => crate::t!("verdict-nobody"),
        1 => crate::t!("verdict-wins", player = who[0].as_str()),
        _ => crate::t!("verdict-share", players = and_join(&who)),
    };
    if let Some(scores) = scores {
        let per: Vec<String> = scores
            .iter()
            .enumerate()
            .map(|(p, x)| format!("{} {x}", name(p)))
            .collect();
        s = crate::t!("verdict-final", verdict = s, scores = per.join(", "));
    }
    s
}

/// A refusal's words for a view that does not see every holding: the rule and where to
/// look, naming no piece (GN-5).
pub fn unseen_refusal(rule: &str, view: View) -> String {
    match view {
        View::Seat(_) => crate::t!("unseen-refusal-seat", rule = crate::lang::rule(rule)),
        _ => crate::t!("unseen-refusal-table", rule = crate::lang::rule(rule)),
    }
}

/// How many moves a refusal or a hint lists at most.
pub const LISTED: usize = 8;

/// The legal moves written nearest to `tried`: those sharing the most of its words (the
/// seat aside), up to [`LISTED`]; the first few when none shares a word.
pub fn nearest(tried: &str, legal: impl Iterator<Item = String>) -> Vec<String> {
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| c.is_whitespace() || c == ':')
            .filter(|w| !w.is_empty())
            .map(|w| w.to_ascii_lowercase())
            .collect()
    };
    let mine: HashSet<String> = words(tried).into_iter().skip(1).collect();
    let mut scored: Vec<(usize, usize, String)> = legal
        .enumerate()
        .map(|(i, m)| {
            let shared = words(&m)
                .iter()
                .skip(1)
                .filter(|w| mine.contains(*w))
                .count();
            (shared, i, m)
        })
        .collect();
    let best = scored.iter().map(|s| s.0).max().unwrap_or(0);
    scored.retain(|s| s.0 == best);
    scored.into_iter().take(LISTED).map(|s| s.2).collect()
}

/// The column (1-based) of a parse error in the text typed: where the first word the
/// message quotes in backquotes stands, else 1.
pub fn column_of(text: &str, message: &str) -> usize {
    let mut parts = message.split('`');
    parts.next();
    while let Some(quoted) = parts.next() {
        if !quoted.is_empty() && quoted.trim() != text.trim() {
            if let Some(at) = text.find(quoted) {
                return text[..at].chars().count() + 1;
            }
        }
        parts.next();
    }
    let lead = text.len() - text.trim_start().len();
    text[..lead].chars().count() + 1
}

/// A legal move the session holds: the move, who made it, its record fields and its
/// outcome explained, with the scores after it.
#[derive(Debug, Clone)]
pub struct Step<M> {
    pub mv: M,
    pub out: MoveOut,
    pub explanation: String,
    pub scores: Option<Vec<i64>>,
    /// What a view that does not see the mover's holding is told instead of the move and
    /// its explanation ([`Table::masked`]).
    pub masked: Option<Masked>,
    /// The language the explanation was made in (a reader in another is told it anew).
    pub lang: crate::lang::Lang,
}

/// A move a rule refuses: its number (the move it would have been), the move and the rule.
#[derive(Debug, Clone)]
pub struct Refusal<M, B> {
    pub number: usize,
    pub player: usize,
    pub mv: M,
    pub broken: B,
}

/// A game in progress on the engine contract: see the module's documentation.
pub struct Session<T: Table> {
    table: &'static T,
    variant: String,
    players: Vec<String>,
    /// The record's text before its moves (header, `[deal]`, `[setup]`, `[meta]`).
    head: String,
    /// The deal, for a hint's machine player.
    deal: Option<Provenance>,
    start: EngineOf<T>,
    now: EngineOf<T>,
    steps: Vec<StepOf<T>>,
    /// Positions set between moves (a record's next deal written out, Farfalia), each
    /// with how many steps came before it: what taking moves back finds again.
    between: Vec<(usize, EngineOf<T>)>,
    /// Moves taken back, the last taken back last: what `redo` plays again.
    undone: Vec<MoveOf<T>>,
    /// How the game ended after its legal moves, if not by them: a resignation, or a strict
    /// table's illegal move (GN-4, [`ending`]).
    ended: Option<Ended>,
    /// A strict table (GN-4): an illegal move the sheet punishes is recorded and judged.
    strict: bool,
    /// Whether each legal move is written as record fields and explained as it is played
    /// (with the scores after it and what a view that does not see it is told): what the
    /// record, the move list and the answers read. A replay only judged or drawn (`check`,
    /// `show`, [`super::replay`]) keeps the moves and who made them, nothing more.
    explains: bool,
    /// Players who resigned while play went on without them (GN-4, [`Table::put_out`]):
    /// how many legal moves came before each, and the seat. The position after each is
    /// in `between`.
    outs: Vec<(usize, usize)>,
    /// The seats the machine plays (issue 43), written in the record's `[session]`.
    seated: Option<Seats>,
}

// By hand: a derive would ask the game's table (a `&'static` to it is kept) to be `Clone`.
impl<T: Table> Clone for Session<T> {
    fn clone(&self) -> Self {
        Session {
            table: self.table,
            variant: self.variant.clone(),
            players: self.players.clone(),
            head: self.head.clone(),
            deal: self.deal.clone(),
            start: self.start.clone(),
            now: self.now.clone(),
            steps: self.steps.clone(),
            between: self.between.clone(),
            undone: self.undone.clone(),
            ended: self.ended.clone(),
            strict: self.strict,
            explains: self.explains,
            outs: self.outs.clone(),
            seated: self.seated.clone(),
        }
    }
}

impl<T: Table> Session<T> {
    /// A game dealt from `deal`: the record starts as `tavolo play` writes it.
    pub fn dealt(
        table: &'static T,
        variant: &str,
        players: &[String],
        deal: &Provenance,
    ) -> Result<Session<T>, Error> {
        let setup = table.deal(variant, players, deal)?;
        let start = table.begin(variant, players, deal)?;
        let mut head = write::header(deal, players);
        head.push('\n');
        head.push_str(&setup.setup_toml);
        Ok(Session::new(
            table,
            variant,
            players,
            head,
            Some(deal.clone()),
            start,
        ))
    }

    /// A game from a record (a written setup, an event's board, a game so far), its moves
    /// replayed up to the first a rule refuses, which is returned.
    pub fn opened(
        table: &'static T,
        record: &Record,
        src: &Source,
    ) -> Result<(Session<T>, Option<RefusalOf<T>>), Error> {
        let head = head_of(record, src)?;
        let Opened {
            start,
            moves,
            numbers,
        } = table.open(record, src)?;
        let deal = record.setup.deal().map(|(d, _)| d.clone());
        let mut s = Session::new(
            table,
            &record.variant,
            &record.player_names(),
            head,
            deal,
            start,
        );
        s.strict = record.strict && table.has_strict(&s.start);
        let count = moves.len();
        let mut refused = s.replay_resigning(moves, &numbers, record, src)?;
        // A strict table's record may end with the illegal move it judged (GN-4).
        if let Some(r) = refused.as_ref().filter(|r| s.strict && r.number == count) {
            s.forfeit(r);
            if s.ended.is_some() {
                refused = None;
            }
        }
        if refused.is_none() {
            // The moves taken back before the record was last written, to redo.
            for (text, span) in record.redo.iter().rev() {
                let mv = text.parse::<MoveOf<T>>().map_err(|_| {
                    src.error(
                        "table.bad-redo",
                        span,
                        format!(
                            "`{text}` in [session] redo is not a move of {}",
                            table.name()
                        ),
                    )
                    .help("the session writes [session]; remove it to go on without redo")
                })?;
                s.undone.push(mv);
            }
        }
        s.seated = machine_seat::read(record, src, s.table, s.players.len())?;
        Ok((s, refused))
    }

    /// A record's start, for a view of its moves (`show`, see [`super::replay`]): the
    /// record's text is not kept, so a record written otherwise than `tavolo play` writes
    /// it (moves inline) is viewed all the same.
    pub fn viewing(table: &'static T, record: &Record, start: EngineOf<T>) -> Session<T> {
        let deal = record.setup.deal().map(|(d, _)| d.clone());
        Session::new(
            table,
            &record.variant,
            &record.player_names(),
            String::new(),
            deal,
            start,
        )
    }

    fn new(
        table: &'static T,
        variant: &str,
        players: &[String],
        head: String,
        deal: Option<Provenance>,
        start: EngineOf<T>,
    ) -> Session<T> {
        Session {
            table,
            variant: variant.to_string(),
            players: players.to_vec(),
            head,
            deal,
            now: start.clone(),
            start,
            steps: Vec::new(),
            between: Vec::new(),
            undone: Vec::new(),
            ended: None,
            strict: false,
            explains: true,
            outs: Vec::new(),
            seated: None,
        }
    }

    /// Stop (or go on) writing and explaining each legal move played from here (see
    /// [`Session::explains`]): a session that does not keeps, for each move, only the move
    /// and its seat, so its record, move list and answers are not to be read. A replay
    /// that only judges or draws saves most of its work per move this way.
    pub(super) fn explain_moves(&mut self, on: bool) {
        self.explains = on;
    }

    pub fn table(&self) -> &'static T {
        self.table
    }

    pub fn variant(&self) -> &str {
        &self.variant
    }

    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// The engine now.
    pub fn game(&self) -> &EngineOf<T> {
        &self.now
    }

    /// The legal moves played so far.
    pub fn steps(&self) -> &[StepOf<T>] {
        &self.steps
    }

    /// Apply `mv`: the step it made, or the rule it breaks (the session unchanged). A move
    /// other than the next one taken back forgets the moves taken back.
    pub fn apply(&mut self, mv: MoveOf<T>) -> Result<&StepOf<T>, RefusalOf<T>> {
        self.applied(mv, |_, _, _, _| ())?;
        Ok(self.steps.last().expect("just pushed"))
    }

    /// [`Session::apply`], showing `seen` a legal move's position before it, the move, what
    /// it did and the position after it.
    fn applied<R>(
        &mut self,
        mv: MoveOf<T>,
        seen: impl FnOnce(&EngineOf<T>, &MoveOf<T>, &OutcomeOf<T>, &EngineOf<T>) -> R,
    ) -> Result<R, RefusalOf<T>> {
        let seat = self.now.to_move().unwrap_or(0);
        let mut next = self.now.clone();
        match next.play(mv.clone()) {
            Ok(outcome) => {
                let (out, explanation, scores, masked) = if self.explains {
                    let t = self.table;
                    (
                        t.move_out_named(&self.players, seat, &mv),
                        t.explain(&self.now, &next, &mv, &outcome, &self.players),
                        t.scores(&next),
                        t.masked(&self.now, &next, &mv, &outcome, &self.players),
                    )
                } else {
                    let out = MoveOut {
                        player: self.table.mover(seat, &mv),
                        fields: Vec::new(),
                    };
                    // Every test's replay checks a game's `mover` against its fields' player.
                    debug_assert_eq!(
                        out.player,
                        self.table.move_out_named(&self.players, seat, &mv).player
                    );
                    (out, String::new(), None, None)
                };
                let seen = seen(&self.now, &mv, &outcome, &next);
                self.now = next;
                let n = self.steps.len();
                if self.undone.last() == Some(&mv) {
                    self.undone.pop();
                } else {
                    self.undone.clear();
                    // A position set after a move taken back is gone with it.
                    self.between.retain(|(k, _)| *k <= n);
                }
                self.steps.push(Step {
                    mv,
                    out,
                    explanation,
                    scores,
                    masked,
                    lang: crate::lang::current(),
                });
                // A move played again finds the position set after it before.
                if let Some((_, set)) = self.between.iter().find(|(k, _)| *k == n + 1) {
                    self.now = set.clone();
                }
                Ok(seen)
            }
            Err(broken) => Err(Refusal {
                number: self.steps.len() + 1,
                player: self.table.mover(seat, &mv),
                mv,
                broken,
            }),
        }
    }

    /// Apply `moves` in order, up to `upto` moves in all when given, stopping at the first
    /// a rule refuses: that one is returned (the position is the one it was tried in).
    pub fn replay(
        &mut self,
        moves: impl IntoIterator<Item = MoveOf<T>>,
        upto: Option<usize>,
    ) -> Option<RefusalOf<T>> {
        let before = |_: usize, _: &EngineOf<T>, _: &MoveOf<T>| Ok::<_, Infallible>(None);
        match self.replay_followed(moves, upto, before, |_, _, _, _, _| Ok(())) {
            Ok(refused) => refused,
            Err(never) => match never {},
        }
    }

    /// The same, followed move by move: `before` is told of each move (`index` counts them
    /// from 0) with the position it is about to be tried in, and may give another to try it
    /// in (a record's next deal, begun only when a move needs it: Farfalia); `played` is told
    /// of each legal move with the positions before and after it and what it did (`check`'s
    /// notes, a drawer's trick). An error from either stops the replay and is returned.
    pub fn replay_followed<E>(
        &mut self,
        moves: impl IntoIterator<Item = MoveOf<T>>,
        upto: Option<usize>,
        mut before: impl FnMut(usize, &EngineOf<T>, &MoveOf<T>) -> Result<Option<EngineOf<T>>, E>,
        mut played: impl FnMut(
            usize,
            &EngineOf<T>,
            &MoveOf<T>,
            &OutcomeOf<T>,
            &EngineOf<T>,
        ) -> Result<(), E>,
    ) -> Result<Option<RefusalOf<T>>, E> {
        for mv in moves {
            let index = self.steps.len();
            if upto.is_some_and(|n| index >= n) {
                break;
            }
            if let Some(set) = before(index, &self.now, &mv)? {
                self.now = set.clone();
                self.between.retain(|(k, _)| *k < index);
                self.between.push((index, set));
            }
            let seen =
                |was: &EngineOf<T>, mv: &MoveOf<T>, outcome: &OutcomeOf<T>, now: &EngineOf<T>| {
                    played(index, was, mv, outcome, now)
                };
            match self.applied(mv, seen) {
                Ok(seen) => seen?,
                Err(r) => return Ok(Some(r)),
            }
        }
        Ok(None)
    }

    /// [`Session::replay_followed`] with players put out where they resigned and play
    /// went on (GN-4, [`Table::put_out`]): `outs` gives, in order, the record move of each
    /// resignation and its seat, `numbers` the record move of each of `moves`. A
    /// resignation that would end the game is left out (the game's `check` judges it).
    pub fn replay_putting_out<E>(
        &mut self,
        moves: Vec<MoveOf<T>>,
        numbers: &[usize],
        outs: impl Iterator<Item = (usize, usize)>,
        upto: usize,
        mut before: impl FnMut(usize, &EngineOf<T>, &MoveOf<T>) -> Result<Option<EngineOf<T>>, E>,
        mut played: impl FnMut(
            usize,
            &EngineOf<T>,
            &MoveOf<T>,
            &OutcomeOf<T>,
            &EngineOf<T>,
        ) -> Result<(), E>,
    ) -> Result<Option<RefusalOf<T>>, E> {
        let mut moves = moves.into_iter();
        let mut done = 0;
        for (number, seat) in outs {
            let n = numbers[done..].iter().take_while(|&&k| k < number).count();
            let segment = moves.by_ref().take(n);
            if let Some(r) = self.replay_followed(segment, Some(upto), &mut before, &mut played)? {
                return Ok(Some(r));
            }
            done += n;
            let scores = self.table.scores(&self.now);
            if self.now.to_move().is_some()
                && !ending::resign_ends(self.players.len(), scores.as_deref())
            {
                self.put_out(seat);
            }
        }
        self.replay_followed(moves, Some(upto), before, played)
    }

    /// Take back the last move; `None` at the start.
    pub fn undo(&mut self) -> Option<StepOf<T>> {
        let step = self.steps.pop()?;
        self.undone.push(step.mv.clone());
        self.now = self.after(self.steps.len());
        Some(step)
    }

    /// The engine after the first `n` legal moves played (the start for 0).
    pub fn after(&self, n: usize) -> EngineOf<T> {
        // From the last position set between moves at or before `n`.
        let (from, now) = self
            .between
            .iter()
            .rev()
            .find(|(k, _)| *k <= n)
            .map_or((0, &self.start), |(k, e)| (*k, e));
        let mut now = now.clone();
        for s in self.steps.iter().take(n).skip(from) {
            // Each was accepted from this same position before.
            if now.play(s.mv.clone()).is_err() {
                break;
            }
        }
        now
    }

    /// Play again the last move taken back; `None` when there is none.
    pub fn redo(&mut self) -> Option<Result<&StepOf<T>, RefusalOf<T>>> {
        let mv = self.undone.last()?.clone();
        Some(self.apply(mv))
    }

    /// Whether a move was taken back and can be played again.
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// The record so far: the same text `tavolo play` writes for these moves, and, while
    /// moves taken back may be played again, a `[session]` table listing them (`redo`,
    /// next first) so that redo survives a resume. A new move forgets them, and the table.
    pub fn record(&self) -> String {
        debug_assert!(self.explains, "the record of a session that wrote no moves");
        let mut text = self.head.clone();
        let mut outs = self.outs.iter().peekable();
        for (i, s) in self.steps.iter().enumerate() {
            while let Some((_, seat)) = outs.next_if(|(k, _)| *k == i) {
                text.push_str(&write::move_table(&self.players, &resignation(*seat)));
            }
            text.push_str(&write::move_table(&self.players, &s.out));
        }
        for (_, seat) in outs {
            text.push_str(&write::move_table(&self.players, &resignation(*seat)));
        }
        if let Some(e) = &self.ended {
            text.push_str(&write::move_table(&self.players, &e.out));
        }
        // `[session]`: what a live session keeps besides the moves (docs/table.md).
        const REDO: &str =
            "# Moves taken back at the table, which `redo` plays again (next first).\n";
        let quoted = |m: String| toml::Value::String(m).to_string();
        let redo: Vec<String> = self
            .undone
            .iter()
            .rev()
            .map(|m| quoted(m.to_string()))
            .collect();
        let redo = format!("redo = [{}]\n", redo.join(", "));
        if !self.strict && self.seated.is_none() {
            // Only moves to redo: the comment before the table, as records always had it.
            if !self.undone.is_empty() {
                text.push_str(&format!("\n{REDO}[session]\n{redo}"));
            }
            return text;
        }
        // The comments inside `[session]`: a resumed session drops them with the table.
        text.push_str("\n[session]\n");
        if self.strict {
            text.push_str(
                "# A strict table (GN-4): an illegal move the sheet punishes is recorded and judged.\nstrict = true\n",
            );
        }
        if let Some(seats) = &self.seated {
            text.push_str(&machine_seat::session_lines(seats));
        }
        if !self.undone.is_empty() {
            text.push_str(&format!("{REDO}{redo}"));
        }
        text
    }

    /// `seat` resigns (GN-4): the game ends with [`ending::resigned_result`], unless play
    /// goes on without the player ([`ending::resign_ends`]), which is refused (`false`).
    pub fn resign(&mut self, seat: usize) -> bool {
        let scores = self.table.scores(&self.now);
        if self.ended.is_some() || self.now.to_move().is_none() {
            return false;
        }
        if !ending::resign_ends(self.players.len(), scores.as_deref()) {
            return self.put_out(seat);
        }
        self.undone.clear();
        let number = self.steps.len() + self.outs.len() + 1;
        let result = ending::resigned_result(&self.players, seat, number, scores.as_deref());
        self.ended = Some(Ended {
            seat,
            out: resignation(seat),
            notation: "resign".into(),
            explanation: crate::t!("session-resigns", player = self.players[seat].as_str()),
            result,
        });
        true
    }

    /// `seat` resigns and play goes on without them (GN-4, [`Table::put_out`]); `false`
    /// when the game has no such rule or the player is out already.
    fn put_out(&mut self, seat: usize) -> bool {
        let mut next = self.now.clone();
        if !self.table.put_out(&mut next, seat) {
            return false;
        }
        let k = self.steps.len();
        self.undone.clear();
        self.between.push((k, next.clone()));
        self.outs.push((k, seat));
        self.now = next;
        true
    }

    /// [`Session::replay`] of a record's moves (`numbers`: the record move of each) with
    /// its resignations where it writes them (GN-4): before the first move written after
    /// one, its player resigns, and the game ends or goes on without them. A move after a
    /// resignation that ended the game is `record.move-after-resign`; a resignation after
    /// the end is left out (`check` refuses it).
    fn replay_resigning(
        &mut self,
        moves: Vec<MoveOf<T>>,
        numbers: &[usize],
        record: &Record,
        src: &Source,
    ) -> Result<Option<RefusalOf<T>>, Error> {
        let mut moves = moves.into_iter();
        let mut done = 0;
        for r in &record.resignations {
            let before = numbers[done..]
                .iter()
                .take_while(|&&n| n < r.number)
                .count();
            if let Some(refused) = self.replay(moves.by_ref().take(before), None) {
                return Ok(Some(refused));
            }
            done += before;
            if self.ended.is_some() {
                return Err(after_resigning(src, record, r.number));
            }
            if self.now.to_move().is_some() && !self.resign(r.player) {
                let name = &self.players[r.player];
                return Err(src.error(
                    "record.resign-twice",
                    &r.span,
                    format!(
                        "move {}: {name} resigns, but is out of the game already (GN-4)",
                        r.number
                    ),
                ));
            }
        }
        if let (Some(_), Some(&n)) = (&self.ended, numbers.get(done)) {
            return Err(after_resigning(src, record, n));
        }
        Ok(self.replay(moves, None))
    }

    /// How the game ended after its legal moves, if not by them.
    pub fn ended(&self) -> Option<&Ended> {
        self.ended.as_ref()
    }

    /// The deal the game started from, when it was dealt.
    pub fn deal(&self) -> Option<&Provenance> {
        self.deal.as_ref()
    }

    /// The best move here, for a game with a machine player or a move generator.
    pub fn best(&self) -> Option<Result<MoveOf<T>, Error>> {
        self.table.best(&self.now, self.deal.as_ref())
    }
}

/// A line that opens a table: `[name]` or `[[name]]` with a bare or dotted key (a line of a
/// multi-line array such as `["M1", "P2"],` is not one); `Some(true)` for what the session
/// writes itself, `[[move]]` and `[session]`.
fn table_header(line: &str) -> Option<bool> {
    let t = line.split('#').next().unwrap_or("").trim();
    let double = t.starts_with("[[") && t.ends_with("]]");
    let name = if double {
        &t[2..t.len() - 2]
    } else if t.starts_with('[') && t.ends_with(']') && t.len() > 2 {
        &t[1..t.len() - 1]
    } else {
        return None;
    };
    let name = name.trim();
    let bare = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-. ".contains(c));
    bare.then_some(if double {
        name == "move"
    } else {
        name == "session"
    })
}

/// The text of a record without its moves: everything but its `[[move]]` tables and its
/// `[session]` (header, `[deal]`, `[setup]`, `[meta]`, comments), to which the session
/// appends the moves it holds and its own section. A record whose moves are written
/// otherwise (an inline array) is refused.
pub fn head_of(record: &Record, src: &Source) -> Result<String, Error> {
    let text = &src.text;
    let mut head = String::with_capacity(text.len());
    let mut in_move = false;
    for line in text.split_inclusive('\n') {
        if let Some(is_move) = table_header(line) {
            in_move = is_move;
        }
        if !in_move {
            head.push_str(line);
        }
    }
    let mut head = head.trim_end().to_string();
    head.push('\n');
    // What is left must be the record without its moves, nothing less.
    let without = |t: &str| {
        toml::from_str::<toml::Table>(t).ok().map(|mut t| {
            t.remove("move");
            t.remove("session");
            t
        })
    };
    let kept = toml::from_str::<toml::Table>(&head)
        .is_ok_and(|t| !t.contains_key("move") && !t.contains_key("session"));
    if !kept || without(&head) != without(text) {
        let span = record.moves.first().map_or(&record.span, |m| &m.node.span);
        return Err(src
            .error(
                "table.moves-not-tables",
                span,
                "the session cannot go on from this record: its moves must be written as [[move]] tables",
            )
            .help("write each move as a [[move]] table (docs/records.md)"));
    }
    Ok(head)
}

// ---------------------------------------------------------------------------------------
// The object-safe face, for the registry, the terminal and a server.

/// What a session answers to a line typed as a move.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
pub enum Answer {
    /// Accepted and recorded.
    Legal {
        number: usize,
        player: String,
        #[serde(rename = "move")]
        notation: String,
        explanation: String,
    },
    /// Refused by a rule: not recorded.
    Illegal {
        number: usize,
        player: String,
        #[serde(rename = "move")]
        notation: String,
        rule: &'static str,
        code: &'static str,
        message: String,
        /// What would be legal instead (a few, notation).
        instead: Vec<String>,
    },
    /// Not a move: the parser's message and the column (1-based) it points at.
    Unreadable { message: String, column: usize },
}

/// A legal move of the session, for people and JSON.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Played {
    pub number: usize,
    pub player: String,
    #[serde(rename = "move")]
    pub notation: String,
    pub explanation: String,
    /// The scores after it, by seat, for a game that keeps score.
    pub scores: Option<Vec<i64>>,
}

/// What `hint` says: the machine player's best move where the game has one, and legal moves.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Hint {
    pub best: Option<String>,
    /// Why there is no best move although the game has a machine player (no word list).
    pub note: Option<String>,
    /// Legal moves, the first [`LISTED`] of them, and how many there are.
    pub legal: Vec<String>,
    pub count: usize,
    /// What the list holds, in words (`legal moves`; Natura's: the moves besides words).
    pub lists: String,
}

/// A session behind an object-safe face: what `tavolo table` and a server drive.
///
/// Everything a person reads is made for a [`View`] (GN-5): the answer to a move (a
/// refusal's words and what would be legal instead), the move list (a hidden discard or
/// exchange as its count), the position, a hint (the director's and the seat to move's
/// only) and the record (the director's, or anyone's when nothing is hidden).
pub trait Live: Send + Sync {
    fn game(&self) -> &'static str;
    fn variant(&self) -> &str;
    fn players(&self) -> &[String];
    /// Read `text` as a move and apply it, answering in words `view` may read.
    fn apply(&mut self, text: &str, view: View) -> Answer;
    /// Take back the last move: what it was, as `view` sees it.
    fn undo(&mut self, view: View) -> Option<Played>;
    /// Play the last move taken back again.
    fn redo(&mut self, view: View) -> Option<Answer>;
    /// The legal moves played so far, each explained, as `view` sees them.
    fn history(&self, view: View) -> Vec<Played>;
    fn moves(&self) -> usize;
    /// The seat to move, `None` once the game is over.
    fn to_move(&self) -> Option<usize>;
    /// What kind of move is expected, in words.
    fn expects(&self) -> String;
    fn position(&self, view: View) -> String;
    fn scores(&self) -> Option<Vec<i64>>;
    /// Once the game is over: who won and the final scores, in words ([`Table::result`]).
    fn result(&self) -> Option<String>;
    /// Whether the table's view hides anything now (hands, racks, a pile, a draw order).
    fn hides(&self) -> bool;
    /// Whether the picture, drawn for a view, shows only what it may see (see
    /// [`Table::picture_is_public`]); when not, it is the director's.
    fn picture_is_public(&self) -> bool;
    fn short_forms(&self) -> &'static [ShortForm];
    /// A hint for `view`: refused (the reason) unless the view may see the moves of the
    /// seat to move (the director, that seat, or anyone when nothing is hidden).
    fn hint(&self, view: View) -> Result<Hint, String>;
    /// The record so far, for everyone's use; what a view may download is
    /// [`Live::record_for`].
    fn record(&self) -> String;
    /// The record for `view`: its deal names every holding and what is still to be
    /// drawn, so it is the director's, or anyone's when the game hides nothing.
    fn record_for(&self, view: View) -> Option<String> {
        (view.all() || !self.hides()).then(|| self.record())
    }
    /// `seat` resigns (GN-4): the resignation as the move list shows it, or why not.
    fn resign(&mut self, seat: usize, view: View) -> Result<Played, String>;
    /// The result of a game ended by a resignation or a strict table's illegal move.
    fn ended(&self) -> Option<GameResult>;
    /// Make this a strict table (GN-4), or say why the game has none.
    fn set_strict(&mut self) -> Result<(), String>;
    fn is_strict(&self) -> bool;
    /// How many resignations the session holds (GN-4): those play went on after, and the
    /// one that ended the game.
    fn resignations(&self) -> usize;
    /// The machine plays `seats` (issue 43): refused, with the reason, for a strength the
    /// game does not offer a seat ([`Live::machine_levels`]).
    fn seat_machine(&mut self, seats: Seats) -> Result<(), String> {
        let _ = seats;
        Err(crate::t!("machine-no-player"))
    }
    /// The seats the machine plays, if any.
    fn machine_seats(&self) -> Option<&Seats> {
        None
    }
    /// The strengths the machine offers `seat` here.
    fn machine_levels(&self, seat: usize) -> Vec<Level> {
        let _ = seat;
        Vec::new()
    }
    /// When the seat to move is one the machine plays: its move, applied and answered as
    /// `view` sees it (a move the game refuses, never expected, is answered as refused and
    /// not recorded). `None` when a person is to move or the game is over.
    fn machine_move(&mut self, view: View) -> Option<Answer> {
        let _ = view;
        None
    }
}

/// A resignation as the record writes it: `player` and `resign = true` (GN-4).
fn resignation(seat: usize) -> MoveOut {
    MoveOut {
        player: seat,
        fields: vec![(ending::RESIGN_FIELD.0, ending::RESIGN_FIELD.1.to_string())],
    }
}

/// `record.move-after-resign`: record move `n` comes after a resignation that ended the
/// game (GN-4).
fn after_resigning(src: &Source, record: &Record, n: usize) -> Error {
    let span = record
        .moves
        .iter()
        .find(|e| e.number == n)
        .map(|e| &e.node.span)
        .or_else(|| {
            record
                .resignations
                .iter()
                .find(|r| r.number == n)
                .map(|r| &r.span)
        })
        .unwrap_or(&record.span);
    let (who, at) = record
        .resignations
        .iter()
        .find(|r| r.number < n)
        .map_or((String::new(), 0), |r| {
            (record.players[r.player].name.clone(), r.number)
        });
    src.error(
        "record.move-after-resign",
        span,
        format!("move {n}: the game ended when {who} resigned at move {at} (GN-4)"),
    )
    .help("a resignation that ends the game is the record's last [[move]]")
}

/// A resignation after which play went on, as the move list shows it.
fn out_played(names: &[String], number: usize, seat: usize, scores: Option<Vec<i64>>) -> Played {
    Played {
        number,
        player: names[seat].clone(),
        notation: "resign".into(),
        explanation: format!(
            "{} resigns and is out, as with no legal move left; the others play on (GN-4)",
            names[seat]
        ),
        scores,
    }
}

/// What a session answers to a move after the game has ended otherwise than by a move.
fn after_the_end(number: usize, player: String, notation: String) -> Answer {
    Answer::Illegal {
        number,
        player,
        notation,
        rule: "GN-4",
        code: "table.game-ended",
        message: crate::t!("session-ended-answer"),
        instead: Vec::new(),
    }
}

fn ended_played(names: &[String], number: usize, e: &Ended, scores: Option<Vec<i64>>) -> Played {
    Played {
        number,
        player: names[e.seat].clone(),
        notation: e.notation.clone(),
        explanation: e.explanation.clone(),
        scores,
    }
}

/// Why `hint` is refused to a view.
pub fn no_hint() -> String {
    crate::t!("session-no-hint")
}

fn played<M: std::fmt::Display>(
    number: usize,
    names: &[String],
    s: &Step<M>,
    view: View,
) -> Played {
    let (notation, explanation) = match &s.masked {
        Some(m) if !view.sees(s.out.player) => (m.notation.clone(), m.explanation.clone()),
        _ => (s.mv.to_string(), s.explanation.clone()),
    };
    Played {
        number,
        player: names[s.out.player].clone(),
        notation,
        explanation,
        scores: s.scores.clone(),
    }
}

fn answer<T: Table>(s: &Session<T>, r: Result<usize, RefusalOf<T>>, view: View) -> Answer {
    match r {
        Ok(n) => {
            // The step just played: every resignation came before it.
            let p = played(n + s.outs.len(), &s.players, &s.steps[n - 1], view);
            Answer::Legal {
                number: p.number,
                player: p.player,
                notation: p.notation,
                explanation: p.explanation,
            }
        }
        Err(r) => Answer::Illegal {
            number: r.number + s.outs.len(),
            player: s
                .players
                .get(r.player)
                .cloned()
                .unwrap_or_else(|| crate::t!("player-n", n = r.player + 1)),
            notation: r.mv.to_string(),
            rule: r.broken.rule(),
            code: r.broken.code(),
            message: s.table.refusal(&s.now, &r.broken, &s.players, view),
            instead: s.table.instead(&s.now, &r.mv, &r.broken, view),
        },
    }
}

impl<T: Table> Live for Session<T> {
    fn game(&self) -> &'static str {
        self.table.name()
    }

    fn variant(&self) -> &str {
        &self.variant
    }

    fn players(&self) -> &[String] {
        &self.players
    }

    fn apply(&mut self, text: &str, view: View) -> Answer {
        let mv = match self.table.read(
            &self.now,
            &self.players,
            &said(text.trim(), self.table.said()),
        ) {
            Ok(mv) => mv,
            Err(message) => {
                return Answer::Unreadable {
                    column: column_of(text, &message),
                    message,
                }
            }
        };
        if self.ended.is_some() {
            let seat = self.now.to_move().unwrap_or(0);
            return after_the_end(
                Live::moves(self) + 1,
                self.players[seat].clone(),
                mv.to_string(),
            );
        }
        let r = Session::apply(self, mv).map(|_| ());
        let n = self.steps.len();
        if let Err(refused) = &r {
            if self.strict {
                self.forfeit(refused);
            }
        }
        answer(self, r.map(|()| n), view)
    }

    fn undo(&mut self, view: View) -> Option<Played> {
        // The number of the last move, which is taken back.
        let n = Live::moves(self);
        if let Some(e) = self.ended.take() {
            let _ = view;
            return Some(ended_played(
                &self.players,
                n,
                &e,
                self.table.scores(&self.now),
            ));
        }
        let k = self.steps.len();
        if let Some(&(_, seat)) = self.outs.last().filter(|(at, _)| *at == k) {
            self.outs.pop();
            if let Some(i) = self.between.iter().rposition(|(at, _)| *at == k) {
                self.between.remove(i);
            }
            self.now = self.after(k);
            return Some(out_played(
                &self.players,
                n,
                seat,
                self.table.scores(&self.now),
            ));
        }
        let s = Session::undo(self)?;
        Some(played(n, &self.players, &s, view))
    }

    fn redo(&mut self, view: View) -> Option<Answer> {
        if self.ended.is_some() {
            return None;
        }
        let r = Session::redo(self)?.map(|_| ());
        let n = self.steps.len();
        Some(answer(self, r.map(|()| n), view))
    }

    fn history(&self, view: View) -> Vec<Played> {
        debug_assert!(self.explains, "the moves of a session that explained none");
        let mut list = Vec::with_capacity(Live::moves(self));
        let mut outs = self.outs.iter().peekable();
        let out = |list: &Vec<Played>, k: usize, seat: usize| {
            let scores = self.steps[..k].last().and_then(|s| s.scores.clone());
            out_played(&self.players, list.len() + 1, seat, scores)
        };
        for (i, s) in self.steps.iter().enumerate() {
            while let Some(&(k, seat)) = outs.next_if(|(k, _)| *k == i) {
                list.push(out(&list, k, seat));
            }
            list.push(played(
                list.len() + 1,
                &self.players,
                &self.told(i, s),
                view,
            ));
        }
        for &(k, seat) in outs {
            list.push(out(&list, k, seat));
        }
        if let Some(e) = &self.ended {
            list.push(ended_played(
                &self.players,
                list.len() + 1,
                e,
                self.table.scores(&self.now),
            ));
        }
        list
    }

    fn moves(&self) -> usize {
        self.steps.len() + self.outs.len() + usize::from(self.ended.is_some())
    }

    fn to_move(&self) -> Option<usize> {
        match self.ended {
            Some(_) => None,
            None => self.now.to_move(),
        }
    }

    fn expects(&self) -> String {
        match self.ended {
            Some(_) => crate::t!("session-expects-nothing"),
            None => self.table.expects(&self.now, &self.players),
        }
    }

    /// The position for `view`, headed once the game is over by its result, the same
    /// for every view.
    fn position(&self, view: View) -> String {
        let text = self.table.position(&self.now, &self.players, view);
        let head =
            Live::result(self).map(|r| format!("{}\n", crate::t!("session-over-head", result = r)));
        // A game ended by a resignation or a strict table's illegal move has nobody to
        // move, whatever the position says.
        let turn = |l: &str| {
            self.ended.is_some()
                && self
                    .players
                    .iter()
                    .any(|p| l == crate::t!("to-move", player = p.as_str()))
        };
        head.into_iter()
            .chain(
                text.lines()
                    .map(str::trim_end)
                    .filter(|l| !turn(l))
                    .map(|l| format!("{l}\n")),
            )
            .collect()
    }

    fn scores(&self) -> Option<Vec<i64>> {
        self.table.scores(&self.now)
    }

    fn result(&self) -> Option<String> {
        match &self.ended {
            Some(e) => Some(ending::said(&e.result)),
            None => self.table.result(&self.now, &self.players),
        }
    }

    fn hides(&self) -> bool {
        self.table.hides(&self.now)
    }

    fn picture_is_public(&self) -> bool {
        self.table.picture_is_public()
    }

    fn short_forms(&self) -> &'static [ShortForm] {
        self.table.short_forms()
    }

    fn hint(&self, view: View) -> Result<Hint, String> {
        if self.ended.is_some() {
            return Err(crate::t!("session-no-hint-over"));
        }
        if self.now.to_move().is_some() && !self.table.lists_for(&self.now, view) {
            return Err(no_hint());
        }
        let moves: Vec<MoveOf<T>> = if self.now.to_move().is_some() {
            self.table
                .hint_moves(&self.now)
                .into_iter()
                .filter(|m| self.table.tells(&self.now, m, view))
                .collect()
        } else {
            Vec::new()
        };
        let (best, note) = match self.best() {
            None => (None, None),
            Some(Ok(mv)) if self.table.tells(&self.now, &mv, view) => (Some(mv.to_string()), None),
            Some(Ok(_)) => (None, None),
            Some(Err(e)) => (None, Some(e.message)),
        };
        Ok(Hint {
            best,
            note,
            lists: crate::lang::message(self.table.hint_lists(), None),
            count: moves.len(),
            legal: moves.iter().take(LISTED).map(|m| m.to_string()).collect(),
        })
    }

    fn record(&self) -> String {
        Session::record(self)
    }

    fn resign(&mut self, seat: usize, view: View) -> Result<Played, String> {
        let name = self.players[seat].clone();
        if self.ended.is_some() || self.now.to_move().is_none() {
            return Err(crate::t!("session-nothing-to-resign"));
        }
        if !Session::resign(self, seat) {
            return Err(crate::t!("session-cannot-resign", player = name));
        }
        Ok(Live::history(self, view).pop().expect("just resigned"))
    }

    fn ended(&self) -> Option<GameResult> {
        self.ended.as_ref().map(|e| e.result.clone())
    }

    fn set_strict(&mut self) -> Result<(), String> {
        if !self.table.has_strict(&self.start) {
            return Err(crate::t!(
                "session-no-strict",
                game = self.table.name(),
                variant = self.variant.as_str()
            ));
        }
        self.strict = true;
        Ok(())
    }

    fn is_strict(&self) -> bool {
        self.strict
    }

    fn resignations(&self) -> usize {
        let ended = self.ended.as_ref().is_some_and(|e| {
            e.out
                .fields
                .iter()
                .any(|(k, _)| *k == ending::RESIGN_FIELD.0)
        });
        self.outs.len() + usize::from(ended)
    }

    fn seat_machine(&mut self, mut seats: Seats) -> Result<(), String> {
        machine_seat::check_levels(self, &seats)?;
        if seats.seed.is_empty() {
            // The table's seed: its choices are as reproducible as the deal.
            seats.seed = self
                .deal
                .as_ref()
                .map(|d| d.seed.clone())
                .unwrap_or_default();
        }
        self.seated = Some(seats);
        Ok(())
    }

    fn machine_seats(&self) -> Option<&Seats> {
        self.seated.as_ref()
    }

    fn machine_levels(&self, seat: usize) -> Vec<Level> {
        machine_seat::levels(self.table, &self.now, seat)
    }

    fn machine_move(&mut self, view: View) -> Option<Answer> {
        if self.ended.is_some() || self.steps.len() >= super::referee::MACHINE_CAP {
            return None;
        }
        let seat = self.now.to_move()?;
        let seats = self.seated.as_ref()?;
        let level = seats.level(seat)?;
        let number = self.steps.len() + 1;
        let mut rng =
            machine_seat::stream(self.table.name(), &self.variant, &seats.seed, number, seat);
        let mv = machine_seat::choose(self.table, &self.now, seat, level, &mut rng);
        let r = Session::apply(self, mv).map(|_| ());
        let n = self.steps.len();
        Some(answer(self, r.map(|()| n), view))
    }
}

impl<T: Table> Session<T> {
    /// Step `i` explained in the reader's language: as it was made, or, for a reader in
    /// another language (the table page's readers each have theirs), played again from
    /// the position before it and explained anew.
    fn told<'a>(&'a self, i: usize, s: &'a StepOf<T>) -> std::borrow::Cow<'a, StepOf<T>> {
        if s.lang == crate::lang::current() {
            return std::borrow::Cow::Borrowed(s);
        }
        let before = self.after(i);
        let mut next = before.clone();
        let Ok(outcome) = next.play(s.mv.clone()) else {
            return std::borrow::Cow::Borrowed(s);
        };
        let mut told = s.clone();
        told.explanation = self
            .table
            .explain(&before, &next, &s.mv, &outcome, &self.players);
        told.masked = self
            .table
            .masked(&before, &next, &s.mv, &outcome, &self.players);
        told.lang = crate::lang::current();
        std::borrow::Cow::Owned(told)
    }

    /// At a strict table, the move `refused` recorded and judged as the sheet says (GN-4),
    /// where the sheet punishes it.
    fn forfeit(&mut self, refused: &RefusalOf<T>) {
        let number = self.steps.len() + self.outs.len() + 1;
        let Some(result) = self.table.strict(
            &self.now,
            &refused.broken,
            refused.player,
            number,
            &self.players,
        ) else {
            return;
        };
        let out = self
            .table
            .move_out_named(&self.players, refused.player, &refused.mv);
        self.undone.clear();
        self.ended = Some(Ended {
            seat: refused.player,
            out,
            notation: refused.mv.to_string(),
            explanation: crate::t!(
                "session-strict-explained",
                refusal = refused.broken.describe(&self.players),
                reason = result.reason.as_str()
            ),
            result,
        });
    }
}

/// A game's sessions, object-safe: how the registry starts one.
pub trait Tables: Sync {
    fn name(&self) -> &'static str;
    /// A session dealt from `deal`.
    fn deal(
        &'static self,
        variant: &str,
        players: &[String],
        deal: &Provenance,
    ) -> Result<Box<dyn Live>, Error>;
    /// A session from a readable record, its moves replayed; the first refused, if any.
    fn open(
        &'static self,
        record: &Record,
        src: &Source,
    ) -> Result<(Box<dyn Live>, Option<Answer>), Error>;
    fn short_forms(&self) -> &'static [ShortForm];
}

impl<T: Table> Tables for T {
    fn name(&self) -> &'static str {
        Game::name(self)
    }

    fn deal(
        &'static self,
        variant: &str,
        players: &[String],
        deal: &Provenance,
    ) -> Result<Box<dyn Live>, Error> {
        Ok(Box::new(Session::dealt(self, variant, players, deal)?))
    }

    fn open(
        &'static self,
        record: &Record,
        src: &Source,
    ) -> Result<(Box<dyn Live>, Option<Answer>), Error> {
        let (s, refused) = Session::opened(self, record, src)?;
        let refused = refused.map(|r| answer(&s, Err(r), View::Director));
        Ok((Box::new(s), refused))
    }

    fn short_forms(&self) -> &'static [ShortForm] {
        Table::short_forms(self)
    }
}

/// Every refereed game's sessions, in the registry's order.
pub static TABLES: &[&dyn Tables] = &[
    &super::moon::record::Moon,
    &super::fruit::scalafrutta::record::Scalafrutta,
    &super::fruit::domino::record::Domino,
    &super::fruit::muro::record::Muro,
    &super::fruit::mosaico::record::Mosaico,
    &super::farfalia::record::Farfalia,
    &super::quincunx::record::QuincunxGame,
    &super::natura::record::Natura,
];

/// The sessions of the game `name`.
pub fn find(name: &str) -> Option<&'static dyn Tables> {
    TABLES.iter().copied().find(|t| t.name() == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::moon::record::Moon;
    use crate::games::moon::Move;

    fn names() -> Vec<String> {
        vec!["Anna".into(), "Bruno".into()]
    }

    /// MOON, seed `golden`: BB on c3; Anna holds AG, Bruno GR.
    fn moon() -> Session<Moon> {
        let deal = Provenance::new("moon", "standard", "golden", 1);
        Session::dealt(&Moon, "standard", &names(), &deal).unwrap()
    }

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    #[test]
    fn every_game_of_the_registry_has_a_session() {
        let names: Vec<&str> = TABLES.iter().map(|t| t.name()).collect();
        assert_eq!(names, crate::games::names());
    }

    #[test]
    fn replay_stops_at_the_first_illegal_move_and_keeps_the_position_before_it() {
        let mut s = moon();
        // MN-2 (rule 3): move 3 puts a tile on d3, which AG holds.
        let refused = s
            .replay(
                [mv("1 AG d3"), mv("2 GR d4"), mv("1 VG d3"), mv("2 GA e3")],
                None,
            )
            .expect("move 3 is refused");
        assert_eq!(refused.number, 3);
        assert_eq!(refused.player, 0);
        assert_eq!(refused.broken.code(), "moon.square-occupied");
        assert_eq!(s.steps().len(), 2, "the moves before it stand, none after");
        assert_eq!(s.game().to_move(), Some(0));
        // Up to move N: the first N only.
        let mut s = moon();
        assert!(s.replay([mv("1 AG d3"), mv("2 GR d4")], Some(1)).is_none());
        assert_eq!(s.steps().len(), 1);
    }

    #[test]
    fn undo_then_redo_gives_the_same_record_and_another_move_forgets_the_redo() {
        let mut s = moon();
        s.apply(mv("1 AG d3")).unwrap();
        s.apply(mv("2 GR d4")).unwrap();
        let two = s.record();
        let back = s.undo().unwrap();
        assert_eq!(back.mv, mv("2 GR d4"));
        assert_eq!(s.game().to_move(), Some(1));
        assert!(s.can_redo());
        assert!(s.redo().unwrap().is_ok());
        assert_eq!(s.record(), two);
        assert!(s.redo().is_none());
        s.undo().unwrap();
        s.apply(mv("2 GR c4")).unwrap();
        assert!(!s.can_redo(), "another move forgets the move taken back");
        s.undo().unwrap();
        s.undo().unwrap();
        assert!(s.undo().is_none());
        assert_eq!(
            s.game(),
            &Moon
                .start(
                    "standard",
                    &names(),
                    &Provenance::new("moon", "standard", "golden", 1)
                )
                .unwrap()
        );
    }

    #[test]
    fn a_refused_move_changes_nothing() {
        let mut s = moon();
        s.apply(mv("1 AG d3")).unwrap();
        let before = (s.record(), s.game().clone());
        // Out of turn, then a tile already on the board.
        assert!(s.apply(mv("1 RV c4")).is_err());
        assert!(s.apply(mv("2 AG e3")).is_err());
        assert_eq!((s.record(), s.game().clone()), before);
    }

    #[test]
    fn the_head_keeps_everything_but_the_moves() {
        let text =
            "# a game\ngame = \"moon\"\nplayers = [\"A\", \"B\"]\n\n[deal]\nseed = \"golden\"\n\n\
                    [[move]]\n# the first\nplayer = \"A\"\ntile = \"AG\"\nsquare = \"d3\"\n\n\
                    [meta]\nnote = \"[[move]] in a string\"\nrows = [\n  [\"a\"],\n  [\"b\"]\n]\n\n\
                    [[move]]\nplayer = \"B\"\ntile = \"GR\"\nsquare = \"d4\"\n";
        let src = Source::new("r.toml", text);
        let record = Record::parse(&src, &crate::games::Registry).unwrap();
        assert_eq!(
            head_of(&record, &src).unwrap(),
            "# a game\ngame = \"moon\"\nplayers = [\"A\", \"B\"]\n\n[deal]\nseed = \"golden\"\n\n\
             [meta]\nnote = \"[[move]] in a string\"\nrows = [\n  [\"a\"],\n  [\"b\"]\n]\n"
        );
        let (s, refused) = Session::opened(&Moon, &record, &src).unwrap();
        assert!(refused.is_none());
        // The moves go after [meta]: the same record to TOML.
        let again = Source::new("r.toml", s.record());
        let reread = Record::parse(&again, &crate::games::Registry).unwrap();
        assert_eq!(reread.moves.len(), 2);
    }

    #[test]
    fn a_record_the_session_writes_opens_to_the_same_session() {
        let mut s = moon();
        s.replay([mv("1 AG d3"), mv("2 GR d4"), mv("1 VG e4")], None);
        let text = s.record();
        let src = Source::new("r.toml", text.clone());
        let record = Record::parse(&src, &crate::games::Registry).unwrap();
        let (opened, refused) = Session::opened(&Moon, &record, &src).unwrap();
        assert!(refused.is_none());
        assert_eq!(opened.record(), text);
        assert_eq!(opened.game(), s.game());
        assert_eq!(
            Live::history(&opened, View::Director),
            Live::history(&s, View::Director)
        );
    }

    #[test]
    fn moves_written_inline_cannot_be_gone_on_with() {
        let text = "game = \"moon\"\nplayers = [\"A\", \"B\"]\n\
                    move = [{ player = \"A\", tile = \"AG\", square = \"d3\" }]\n\
                    [deal]\nseed = \"golden\"\n";
        let src = Source::new("r.toml", text);
        let record = Record::parse(&src, &crate::games::Registry).unwrap();
        let e = head_of(&record, &src).unwrap_err();
        assert_eq!(e.code, "table.moves-not-tables");
        assert_eq!(e.location.unwrap().line, Some(3));
    }

    #[test]
    fn a_parse_error_points_at_the_word_it_quotes() {
        assert_eq!(column_of("2 RX c4", "`RX` is not a MOON tile (MN-1)"), 3);
        assert_eq!(column_of("  zz", "`zz  ` is odd"), 3);
        assert_eq!(column_of("RV f9", "`f9` is not a square"), 4);
        // The whole text quoted points at its start.
        assert_eq!(column_of(" x y z", "` x y z` is not a move"), 2);
    }

    #[test]
    fn the_nearest_legal_moves_share_the_most_words() {
        let legal = ["1 RV c4", "1 RV b3", "1 GA c4", "1 BB a1"].map(String::from);
        assert_eq!(
            nearest("1 RV c2", legal.iter().cloned()),
            ["1 RV c4", "1 RV b3"]
        );
        assert_eq!(
            nearest("1 xx yy", legal.iter().cloned()).len(),
            4,
            "none shares a word: the first few"
        );
    }
}
