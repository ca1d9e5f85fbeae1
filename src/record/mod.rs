//! Game records: one TOML file per game (format in `docs/records.md`).
//!
//! Reading a record and judging it are separate steps (as in pgn-reader):
//! [`Record::parse`] reads the header every game shares — `game`, `variant`,
//! `players`, `[deal]` and/or `[setup]`, and the `[[move]]` tables with their
//! `player` — keeping the source span of everything; then the game named in the
//! record (found in [`registry`]) reads its own setup and move fields and
//! replays them with its rules engine into a [`Verdict`].
//!
//! Errors while reading (malformed TOML, unknown game, unknown player, a tile
//! name that does not exist, ...) are [`Error::input`] (exit 2). A readable
//! record that breaks a rule is a [`Verdict`] with an [`Illegal`] move (exit 1).

use std::ops::RangeInclusive;

use serde::Serialize;

use crate::deal::{Provenance, ALGORITHM};
use crate::error::Error;

pub mod node;
pub mod write;

pub use node::{Fields, Node, Source, Span};

/// What reading a record needs to know of the games: their names, variants
/// and player counts. The registry in `games/` provides it, so `record/`
/// itself names no game.
pub trait Catalogue {
    /// The games' names, in the order they are listed.
    fn names(&self) -> Vec<&'static str>;
    /// The variants of `game` (the first is the default), `None` if unknown.
    fn variants(&self, game: &str) -> Option<&'static [&'static str]>;
    /// The canonical name of the variant of `game` written `name` (a game
    /// whose options combine reads them in any order), or why there is none.
    fn variant(&self, game: &str, name: &str) -> Result<String, BadVariant>;
    /// How many players a variant takes.
    fn player_counts(&self, game: &str, variant: &str) -> RangeInclusive<usize>;
    /// Whether play goes on without a player of `game` who resigns, with more than two
    /// (GN-4: MOON, Domino): then a resignation may be followed by moves. By default not.
    fn goes_on_after_resign(&self, game: &str) -> bool {
        let _ = game;
        false
    }
}

/// Why a name is not a variant of a game: the message and a help listing
/// the choices. The caller adds the stable code and where the name was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadVariant {
    pub message: String,
    pub help: String,
}

/// A dealt setup, in the three forms the CLI prints.
#[derive(Debug, Clone)]
pub struct Deal {
    /// Human-readable lines (without the provenance header, which the CLI adds).
    pub lines: Vec<String>,
    /// The same as JSON (the CLI adds the provenance).
    pub json: serde_json::Value,
    /// The `[setup]` section of a record, header included, as TOML text.
    pub setup_toml: String,
}

impl Deal {
    /// The three forms of a dealt setup from one typed value: the JSON and the
    /// record's `[setup]` table by serde (so they can never disagree), and the
    /// text lines, which the game derives from the same value.
    pub fn from_setup<S: Serialize>(setup: &S, lines: Vec<String>) -> Result<Deal, Error> {
        #[derive(Serialize)]
        struct Doc<'a, S> {
            setup: &'a S,
        }
        let internal = |e: String| Error::failed("deal.internal", e);
        let json = serde_json::to_value(setup).map_err(|e| internal(e.to_string()))?;
        let setup_toml = toml::to_string(&Doc { setup }).map_err(|e| internal(e.to_string()))?;
        Ok(Deal {
            lines,
            json,
            setup_toml,
        })
    }
}

/// Values by seat, keyed by the player's name, in seat order: a table in the
/// record (`[setup.hands]`) and an object in JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seats<T>(pub Vec<(String, T)>);

impl<T: Serialize> Serialize for Seats<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

/// One move of a generated record: who, and the game's fields as
/// `(key, TOML value)` pairs, e.g. `("tile", "\"RV\"")`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveOut {
    pub player: usize,
    pub fields: Vec<(&'static str, String)>,
}

/// A player named in the record's `players` list (in turn order).
#[derive(Debug, Clone)]
pub struct Player {
    pub name: String,
    pub span: Span,
}

/// One `[[move]]` table.
#[derive(Debug, Clone)]
pub struct MoveEntry {
    /// 1-based position in the record.
    pub number: usize,
    /// Index into [`Record::players`].
    pub player: usize,
    pub player_span: Span,
    pub node: Node,
}

impl MoveEntry {
    /// The move's own fields (`player` already taken); call `finish` when done.
    pub fn fields<'a>(&'a self, src: &'a Source) -> Result<Fields<'a>, Error> {
        let mut f = self.node.move_fields(src, self.number)?;
        f.opt("player");
        Ok(f)
    }
}

/// The shared part of a record, read and checked; the game reads the rest.
pub struct Record {
    /// The game's name as the registry spells it.
    pub game: &'static str,
    pub variant: String,
    pub players: Vec<Player>,
    /// Where the setup comes from: `[deal]`, `[setup]`, or both.
    pub setup: SetupSource,
    pub moves: Vec<MoveEntry>,
    /// `[session] redo`: moves a live session took back and may play again, next first,
    /// as the notation writes them (the referee ignores them: they are not played).
    pub redo: Vec<(String, Span)>,
    /// `[session] machine`: the seats the machine played at the table and at what strength
    /// (`2:greedy`), and `machine-seed`, the seed its choices were drawn from (issue 43;
    /// the referee ignores them: the moves are judged as anyone's).
    pub machine: Vec<(String, Span)>,
    pub machine_seed: Option<(String, Span)>,
    /// A `[[move]]` that is a resignation (`resign = true`), the record's last: who
    /// resigned and at which move (GN-4). It is not among [`Record::moves`], so a game's
    /// adapter never reads it; `check` judges it for every game alike.
    pub resigned: Option<Resigned>,
    /// Every resignation of the record, in order (GN-4): with more than two players of a
    /// game that goes on without them (MOON, Domino), one may come before other moves;
    /// otherwise there is only the last `[[move]]` ([`Record::resigned`]).
    pub resignations: Vec<Resigned>,
    /// `[session] strict = true`: the record is a strict table's (GN-4): a live session
    /// going on with it records an illegal move the sheet punishes instead of refusing it.
    /// The referee ignores it (`check` judges every record's moves as the sheet says).
    pub strict: bool,
    /// The whole document (for errors about the record as a whole).
    pub span: Span,
}

/// A resignation written in a record: `[[move]]` with `player` and `resign = true`.
#[derive(Debug, Clone)]
pub struct Resigned {
    /// Index into [`Record::players`].
    pub player: usize,
    /// Its 1-based place among the record's `[[move]]` tables (the last).
    pub number: usize,
    /// The `[[move]]` table.
    pub span: Span,
}

/// The fields of a resignation's `[[move]]` table.
const RESIGN_FIELDS: &[&str] = &["player", "resign"];

const TOP_FIELDS: &[&str] = &[
    "game", "variant", "players", "deal", "setup", "move", "meta", "session",
];

/// The keys of a record's `[session]` table.
const SESSION_FIELDS: &[&str] = &["redo", "strict", "machine", "machine-seed"];

impl Record {
    pub fn parse(src: &Source, games: &dyn Catalogue) -> Result<Record, Error> {
        Record::of_document(src, src.parse()?, games)
    }

    /// [`Record::parse`] of a document already parsed from `src`'s text ([`Node::document`]).
    pub fn of_document(src: &Source, doc: Node, games: &dyn Catalogue) -> Result<Record, Error> {
        let mut f = doc.fields(src, "the record")?;
        f.only(TOP_FIELDS)?;

        let (game_name, game_span) = f.req_str("game")?;
        let names = games.names();
        let game = names.iter().copied().find(|&g| g == game_name);
        let (game, variants) = match game.zip(games.variants(game_name)) {
            Some(found) => found,
            None => {
                return Err(src
                    .error(
                        "record.unknown-game",
                        game_span,
                        crate::t!("error-unknown-game", name = game_name),
                    )
                    .help(crate::error::did_you_mean(
                        game_name,
                        names.iter().copied(),
                        crate::t!("error-the-games", games = names.join(", ")),
                    )))
            }
        };
        let variant = match f.opt_str("variant")? {
            None => variants[0].to_string(),
            Some((v, span)) => games.variant(game, v).map_err(|bad| {
                src.error("record.unknown-variant", span, bad.message)
                    .help(bad.help)
            })?,
        };

        let players_node = f.req("players")?;
        let listed = players_node.as_str_array(src, "`players`")?;
        // The count first: a list of a million names is refused before any is looked at.
        let counts = games.player_counts(game, &variant);
        if !counts.contains(&listed.len()) {
            return Err(src.error(
                "record.players",
                &players_node.span,
                format!(
                    "{game} ({variant}) is for {}, but the record lists {}",
                    range_text(&counts),
                    listed.len()
                ),
            ));
        }
        let mut players: Vec<Player> = Vec::with_capacity(listed.len());
        let mut seen = std::collections::HashSet::with_capacity(listed.len());
        for (name, span) in listed {
            if name.trim().is_empty() {
                return Err(src.error("record.players", span, "a player's name is empty"));
            }
            if let Some(c) = crate::names::unsafe_char(name) {
                return Err(src.error(
                    "record.player-name",
                    span,
                    crate::names::refusal("player", name, c),
                ));
            }
            if !seen.insert(name) {
                return Err(src.error(
                    "record.players",
                    span,
                    format!("player `{name}` is listed twice"),
                ));
            }
            players.push(Player {
                name: name.to_string(),
                span: span.clone(),
            });
        }

        let deal = match f.opt("deal") {
            None => None,
            Some(node) => Some((parse_deal(node, src, game, &variant)?, node.span.clone())),
        };
        let setup = match (deal, f.opt("setup").cloned()) {
            (Some((deal, span)), None) => SetupSource::Dealt { deal, span },
            (None, Some(setup)) => SetupSource::Written(setup),
            (Some((deal, span)), Some(setup)) => SetupSource::Both { deal, span, setup },
            (None, None) => {
                return Err(src
                    .error(
                        "record.no-setup",
                        &doc.span,
                        "the record has neither `[deal]` (a seed) nor `[setup]`",
                    )
                    .help("`tavolo deal GAME --record FILE` writes both"))
            }
        };

        // No moves yet (a record fresh from `tavolo deal --record`) is a game
        // legal so far, with the first player to move.
        let move_nodes = match f.opt("move") {
            None => &[][..],
            Some(nodes) => nodes.as_array(src, "`move`")?,
        };
        let mut moves = Vec::with_capacity(move_nodes.len());
        let mut resigned = None;
        let mut resignations = Vec::new();
        let goes_on = players.len() > 2 && games.goes_on_after_resign(game);
        for (i, node) in move_nodes.iter().enumerate() {
            let number = i + 1;
            let mut mf = node.move_fields(src, number)?;
            let (name, span) = mf.req_str("player")?;
            let player = players.iter().position(|p| p.name == name).ok_or_else(|| {
                src.error(
                    "record.unknown-player",
                    span,
                    format!("move {number}: `{name}` is not one of the players"),
                )
                .help(crate::error::did_you_mean(
                    name,
                    players.iter().map(|p| p.name.as_str()),
                    format!(
                        "the players are: {}",
                        players
                            .iter()
                            .map(|p| p.name.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ))
            })?;
            if let Some(flag) = mf.opt("resign") {
                if !matches!(flag.value, node::Value::Boolean(true)) {
                    return Err(src.error(
                        "record.bad-resign",
                        &flag.span,
                        format!("move {number}: `resign` is written `resign = true` (GN-4)"),
                    ));
                }
                mf.finish(RESIGN_FIELDS)?;
                let r = Resigned {
                    player,
                    number,
                    span: node.span.clone(),
                };
                if number == move_nodes.len() {
                    resigned = Some(r.clone());
                } else if !goes_on {
                    return Err(src
                        .error(
                            "record.move-after-resign",
                            &move_nodes[number].span,
                            format!(
                                "move {}: the game ended when {name} resigned at move {number} (GN-4)",
                                number + 1
                            ),
                        )
                        .help("a resignation is the record's last [[move]], unless more than two play MOON or Domino, which go on without the player"));
                }
                resignations.push(r);
                continue;
            }
            moves.push((number, player, span.clone()));
        }
        // `meta` is free-form (event, date, notes): the referee ignores it.
        f.opt("meta");
        // `session`: what a live session keeps besides the moves (docs/table.md).
        let mut redo = Vec::new();
        let mut strict = false;
        let mut machine = Vec::new();
        let mut machine_seed = None;
        if let Some(node) = f.opt("session") {
            let mut sf = node.fields(src, "[session]")?;
            if let Some(flag) = sf.opt("strict") {
                strict = match flag.value {
                    node::Value::Boolean(b) => b,
                    _ => {
                        return Err(src.error(
                            "record.bad-strict",
                            &flag.span,
                            "`strict` in [session] is written `strict = true` or `strict = false` (GN-4)",
                        ))
                    }
                };
            }
            if let Some(list) = sf.opt("redo") {
                for (text, span) in list.as_str_array(src, "`session.redo`")? {
                    redo.push((text.to_string(), span.clone()));
                }
            }
            if let Some(list) = sf.opt("machine") {
                for (text, span) in list.as_str_array(src, "`session.machine`")? {
                    machine.push((text.to_string(), span.clone()));
                }
            }
            if let Some((seed, span)) = sf.opt_str("machine-seed")? {
                machine_seed = Some((seed.to_string(), span.clone()));
            }
            sf.finish(SESSION_FIELDS)?;
        }
        f.finish(TOP_FIELDS)?;

        // The moves' nodes are taken out of the document, not copied (a long game's
        // moves are most of it).
        let span = doc.span;
        let move_nodes = match doc.value {
            node::Value::Table(entries) => entries
                .into_iter()
                .find(|(k, _)| k.name == "move")
                .and_then(|(_, n)| match n.value {
                    node::Value::Array(nodes) => Some(nodes),
                    _ => None,
                }),
            _ => None,
        };
        // A resignation's node is not a move's (GN-4).
        let nodes = move_nodes
            .unwrap_or_default()
            .into_iter()
            .enumerate()
            .filter(|(i, _)| !resignations.iter().any(|r| r.number == i + 1))
            .map(|(_, n)| n);
        let moves = moves
            .into_iter()
            .zip(nodes)
            .map(|((number, player, player_span), node)| MoveEntry {
                number,
                player,
                player_span,
                node,
            })
            .collect();
        Ok(Record {
            game,
            variant,
            players,
            setup,
            moves,
            redo,
            machine,
            machine_seed,
            resigned,
            resignations,
            strict,
            span,
        })
    }

    /// Read every move's own fields with `read` before any move is judged: an
    /// unreadable move makes the whole record unreadable (exit 2), even after an
    /// illegal one.
    pub fn read_moves<'a, W>(
        &'a self,
        src: &'a Source,
        mut read: impl FnMut(&'a MoveEntry, Fields<'a>) -> Result<W, Error>,
    ) -> Result<Vec<W>, Error> {
        self.moves
            .iter()
            .map(|entry| read(entry, entry.fields(src)?))
            .collect()
    }

    pub fn player_names(&self) -> Vec<String> {
        self.players.iter().map(|p| p.name.clone()).collect()
    }

    /// What `[deal]` gives, by `deal`, if the record has a `[deal]`; an error
    /// dealing it (e.g. a player count the game does not take) points at `[deal]`.
    pub fn dealt<T>(
        &self,
        src: &Source,
        deal: impl FnOnce(&Provenance) -> Result<T, Error>,
    ) -> Result<Option<T>, Error> {
        match self.setup.deal() {
            None => Ok(None),
            Some((d, span)) => deal(d)
                .map(Some)
                .map_err(|e| src.error(e.code, span, e.message)),
        }
    }

    /// The game's setup: dealt by `deal` from `[deal]`, or read by `read` from
    /// `[setup]`; when the record gives both, `agree(dealt, written, node)`
    /// checks that the written setup is the dealt one (and points at the first
    /// value that differs when it is not).
    pub fn setup_with<T>(
        &self,
        src: &Source,
        deal: impl FnOnce(&Provenance) -> Result<T, Error>,
        read: impl FnOnce(&Node) -> Result<T, Error>,
        agree: impl FnOnce(T, T, &Node) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let dealt = self.dealt(src, deal)?;
        match (&self.setup, dealt) {
            (SetupSource::Written(node), _) => read(node),
            (SetupSource::Both { setup, .. }, Some(dealt)) => agree(dealt, read(setup)?, setup),
            (_, Some(dealt)) => Ok(dealt),
            // `dealt` is `Some` whenever the source has a `[deal]`.
            (_, None) => Err(src.error("record.no-setup", &self.span, "the record has no setup")),
        }
    }

    /// The span of `[setup]` if written, else of the whole record (for errors
    /// about the setup as a whole).
    pub fn setup_span(&self) -> &Span {
        self.setup.written().map_or(&self.span, |n| &n.span)
    }
}

/// Where a record's setup comes from.
#[derive(Debug, Clone)]
pub enum SetupSource {
    /// Only `[deal]`: the setup is dealt from the seed.
    Dealt { deal: Provenance, span: Span },
    /// Only `[setup]`: the setup is written out.
    Written(Node),
    /// Both: the written setup must be the dealt one.
    Both {
        deal: Provenance,
        span: Span,
        setup: Node,
    },
}

impl SetupSource {
    /// The `[deal]` and its span, if given.
    pub fn deal(&self) -> Option<(&Provenance, &Span)> {
        match self {
            SetupSource::Dealt { deal, span } | SetupSource::Both { deal, span, .. } => {
                Some((deal, span))
            }
            SetupSource::Written(_) => None,
        }
    }

    /// The `[setup]` node, if given.
    pub fn written(&self) -> Option<&Node> {
        match self {
            SetupSource::Written(node) | SetupSource::Both { setup: node, .. } => Some(node),
            SetupSource::Dealt { .. } => None,
        }
    }
}

fn parse_deal(node: &Node, src: &Source, game: &str, variant: &str) -> Result<Provenance, Error> {
    let mut f = node.fields(src, "[deal]")?;
    f.only(&["algorithm", "seed", "board"])?;
    if let Some((alg, span)) = f.opt_str("algorithm")? {
        if alg != ALGORITHM {
            return Err(src
                .error(
                    "record.unknown-algorithm",
                    span,
                    format!("unknown deal algorithm `{alg}`"),
                )
                .help(format!("this version of tavolo deals with `{ALGORITHM}`")));
        }
    }
    let (seed, _) = f.req_str("seed")?;
    let board = match f.opt("board") {
        None => 1,
        Some(n) => n.as_int(src, "`board`", 1..(i128::from(u32::MAX) + 1))? as u32,
    };
    f.finish(&["algorithm", "seed", "board"])?;
    Ok(Provenance::new(game, variant, seed, board))
}

/// "1 player", "2 to 4 players".
pub fn range_text(r: &RangeInclusive<usize>) -> String {
    if r.start() == r.end() {
        players_text(*r.start())
    } else {
        format!("{} to {} players", r.start(), r.end())
    }
}

/// "1 player", "3 players".
pub fn players_text(n: usize) -> String {
    crate::t!("count-players", count = n)
}

/// The referee's judgement of one record. In JSON every key is always
/// present: `null` for what does not apply, `[]` for an empty list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Verdict {
    pub status: Status,
    /// Moves in the record.
    pub moves: usize,
    /// The first illegal move, if any.
    pub illegal: Option<Illegal>,
    /// How the game ended (also for an illegal record, when a rule decides it).
    pub result: Option<GameResult>,
    /// Whose turn it is, for a game legal so far.
    pub to_move: Option<String>,
    /// Further facts worth reporting (e.g. which solitaire row breaks).
    pub notes: Vec<String>,
    /// Each move's facts as data (`check --json`): what a placement scored and
    /// why, a trick's cards and winner, a round's penalties. Games fill it
    /// through their adapter; documented per game in `docs/records.md`.
    pub details: Vec<MoveDetail>,
}

/// The facts of one move (or of what followed it, such as a round's end), as
/// fields named by the game: `{"number": 3, "player": "Anna", "kind": ..., ...}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MoveDetail {
    /// 1-based number of the move these facts belong to (0: before any move).
    pub number: usize,
    pub player: String,
    #[serde(flatten)]
    pub fields: serde_json::Map<String, serde_json::Value>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Every move legal and the game over.
    Complete,
    /// Every move legal, the game not over.
    LegalSoFar,
    /// A move breaks a rule.
    Illegal,
}

impl Verdict {
    /// A record that stops at its first illegal move, with no result.
    pub fn illegal(moves: usize, illegal: Illegal) -> Verdict {
        Verdict {
            status: Status::Illegal,
            moves,
            illegal: Some(illegal),
            result: None,
            to_move: None,
            notes: Vec::new(),
            details: Vec::new(),
        }
    }

    /// Every move legal and the game over, with its result.
    pub fn complete(moves: usize, result: GameResult, notes: Vec<String>) -> Verdict {
        Verdict {
            status: Status::Complete,
            moves,
            illegal: None,
            result: Some(result),
            to_move: None,
            notes,
            details: Vec::new(),
        }
    }

    /// Every move legal and the game not over: `to_move` is whose turn it is.
    pub fn legal_so_far(moves: usize, to_move: Option<String>, notes: Vec<String>) -> Verdict {
        Verdict {
            status: Status::LegalSoFar,
            moves,
            illegal: None,
            result: None,
            to_move,
            notes,
            details: Vec::new(),
        }
    }

    /// The same verdict with each move's facts (see [`MoveDetail`]).
    pub fn with_details(mut self, details: Vec<MoveDetail>) -> Verdict {
        self.details = details;
        self
    }

    pub fn is_legal(&self) -> bool {
        self.status != Status::Illegal
    }
}

/// The first illegal move: which, by whom, the rule, where.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Illegal {
    /// 1-based move number.
    pub number: usize,
    pub player: String,
    /// The ruling or sheet rule, e.g. `MN-2 (rule 5)`.
    pub rule: &'static str,
    /// Stable error code, e.g. `moon.moon-colour`.
    pub code: &'static str,
    pub message: String,
    pub line: usize,
    pub column: usize,
}

impl Illegal {
    pub fn new(
        src: &Source,
        span: &Span,
        entry: &MoveEntry,
        players: &[Player],
        rule: &'static str,
        code: &'static str,
        message: String,
    ) -> Self {
        let (line, column) = crate::error::line_column(&src.text, span.start);
        Illegal {
            number: entry.number,
            player: players[entry.player].name.clone(),
            rule,
            code,
            message,
            line,
            column,
        }
    }
}

/// How a game ended. In JSON `winners` lists every winner (a pair, a shared
/// win: NS-7, FA-11) and `winner` is the sole winner, or `null` when there is
/// none or more than one.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameResult {
    pub winners: Vec<String>,
    pub losers: Vec<String>,
    /// Players eliminated during the game, in the order they went out.
    pub eliminated: Vec<String>,
    /// The game does not count (e.g. MN-3: an illegal move noticed too late).
    pub annulled: bool,
    /// For solitaires: did the player succeed.
    pub solved: Option<bool>,
    pub scores: Vec<Score>,
    /// Why the game ended, in plain words (citing the rule).
    pub reason: String,
}

impl GameResult {
    /// The sole winner, if exactly one player won.
    pub fn winner(&self) -> Option<&str> {
        match &self.winners[..] {
            [w] => Some(w),
            _ => None,
        }
    }

    /// The end of a fruit solitaire (Il Muro, Mosaico): its one player wins
    /// when `solved`, else loses. (MOON's solitaire names neither.)
    pub fn solitaire(player: &str, solved: bool, reason: String) -> GameResult {
        GameResult {
            winners: if solved {
                vec![player.to_string()]
            } else {
                vec![]
            },
            losers: if solved {
                vec![]
            } else {
                vec![player.to_string()]
            },
            solved: Some(solved),
            reason,
            ..GameResult::default()
        }
    }
}

impl Serialize for GameResult {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Shown<'a> {
            winner: Option<&'a str>,
            winners: &'a [String],
            losers: &'a [String],
            eliminated: &'a [String],
            annulled: bool,
            solved: Option<bool>,
            scores: &'a [Score],
            reason: &'a str,
        }
        Shown {
            winner: self.winner(),
            winners: &self.winners,
            losers: &self.losers,
            eliminated: &self.eliminated,
            annulled: self.annulled,
            solved: self.solved,
            scores: &self.scores,
            reason: &self.reason,
        }
        .serialize(s)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Score {
    pub player: String,
    pub points: i64,
}

#[cfg(test)]
mod typed_setup_tests {
    use super::*;

    #[derive(Serialize)]
    struct Moonish {
        centre: &'static str,
        hands: Seats<Vec<&'static str>>,
    }

    /// One typed value gives the JSON and the `[setup]` table, seats in order.
    #[test]
    fn from_setup_derives_json_and_toml_in_seat_order() {
        let setup = Moonish {
            centre: "RV",
            hands: Seats(vec![
                ("zoe".into(), vec!["BB", "VA"]),
                ("Anna Maria".into(), vec!["GG"]),
            ]),
        };
        let d = Deal::from_setup(&setup, vec![]).unwrap();
        assert_eq!(
            d.setup_toml,
            "[setup]\ncentre = \"RV\"\n\n[setup.hands]\nzoe = [\"BB\", \"VA\"]\n\"Anna Maria\" = [\"GG\"]\n"
        );
        assert_eq!(
            serde_json::to_string(&d.json).unwrap(),
            r#"{"centre":"RV","hands":{"zoe":["BB","VA"],"Anna Maria":["GG"]}}"#
        );
    }
}
