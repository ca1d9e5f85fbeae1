//! Quincunx in records: the variants by name, dealing a match from a seed,
//! reading a written `[setup]` and the moves, and replaying them into a
//! verdict that explains every placement's score (format in
//! `docs/records.md`, section Quincunx).
//!
//! # Deals
//!
//! A match is one round per player. Round `r` (0-based) of board `b` is the
//! permutation `tavolo-deal-v1("quincunx", D, seed, (b - 1) * players + r)` of
//! the game's deck in canonical order ([`crate::decktet`]), where `D` is
//! [`Rules::deal_variant`] (the start and the deck: the scoring options do not
//! change a deal), dealt by [`RoundSetup::deal`]: the face-up cards in
//! [`Shape::start_cells`] order, then a block per seat from the dealer's left,
//! then the pile, top first. Seat `r` deals round `r`. Board 1 is therefore
//! exactly [`Setup::from_seed`].

use std::ops::RangeInclusive;

use serde::Serialize;
use serde_json::{json, Map, Value};

use super::grid::{Cell, Shape};
use super::round::{MatchResult, RoundResult};
use super::score::{Breakdown, Kind};
use super::{
    Broken, Move, Outcome, Quincunx, RoundSetup, Rules, Setup, SetupError, Start, Variant,
};
use crate::deal::Provenance;
use crate::decktet::{Card, CARDS};
use crate::error::Error;
use crate::games::engine::{Broken as _, Engine};
use crate::games::referee::{Playable, Referee};
use crate::games::replay::{illegal, replay_noting};
use crate::games::session::Opened;
use crate::games::{solve, Game, Scorer};
use crate::record::{
    write, BadVariant, Deal, GameResult, MoveDetail, MoveEntry, MoveOut, Node, Record, Score,
    Seats, Source, Span, Verdict,
};
use crate::search::Limits as SearchLimits;

/// The registry entry for Quincunx.
pub struct QuincunxGame;

/// The variants `--help` lists (the first is the default); any combination
/// of the options is a variant too (QX-12, see [`super::variant`]).
pub const VARIANTS: &[&str] = super::variant::LISTED;

/// A variant name read (options in any order, QX-12), or why it is none:
/// the reason, and the options with the nearest to a misspelt one.
pub fn variant_of(name: &str) -> Result<Variant, BadVariant> {
    use super::variant::{Refused, HELP, PARTS};
    Variant::parse(name).map_err(|why| BadVariant {
        message: format!("quincunx has no variant `{name}`: {why}"),
        help: match &why {
            Refused::Unknown(part) => crate::error::did_you_mean(part, PARTS.iter().copied(), HELP),
            _ => HELP.to_string(),
        },
    })
}

/// The rules of a variant name and whether it is the solitaire; `None` for
/// a name that is not a combination of the options.
pub fn rules_of(variant: &str) -> Option<(Rules, bool)> {
    Variant::parse(variant).ok().map(|v| (v.rules, v.solitaire))
}

fn rules_or_internal(variant: &str) -> Result<(Rules, bool), Error> {
    rules_of(variant).ok_or_else(|| internal(&format!("unknown variant `{variant}`")))
}

fn internal(msg: &str) -> Error {
    Error::failed("quincunx.internal", format!("internal error: {msg}"))
}

impl Game for QuincunxGame {
    fn name(&self) -> &'static str {
        "quincunx"
    }

    fn variants(&self) -> &'static [&'static str] {
        VARIANTS
    }

    fn variant(&self, name: &str) -> Result<String, BadVariant> {
        variant_of(name).map(|v| v.name())
    }

    fn all_variants(&self) -> Vec<String> {
        Variant::all()
    }

    fn player_counts(&self, variant: &str) -> RangeInclusive<usize> {
        match rules_of(variant) {
            Some((_, true)) => 1..=1,
            _ => 2..=4,
        }
    }

    fn check(&self, record: &Record, src: &Source) -> Result<Verdict, Error> {
        check(record, src)
    }

    fn deal(&self, variant: &str, players: &[String], deal: &Provenance) -> Result<Deal, Error> {
        let (rules, _) = rules_or_internal(variant)?;
        let setup = dealt(&rules, players.len(), deal)?;
        describe_deal(&setup, players)
    }

    fn playable(&self) -> &dyn Playable {
        self
    }

    fn scorer(&self) -> Option<&dyn Scorer> {
        Some(self)
    }

    fn solver(&self) -> Option<&dyn solve::Solve> {
        Some(self)
    }

    fn drawer(&self) -> Option<&dyn crate::show::scene::Draw> {
        Some(self)
    }
}

impl Referee for QuincunxGame {
    type Engine = Quincunx;

    fn start(
        &self,
        variant: &str,
        players: &[String],
        deal: &Provenance,
    ) -> Result<Quincunx, Error> {
        let (rules, _) = rules_or_internal(variant)?;
        let setup = dealt(&rules, players.len(), deal)?;
        Quincunx::start(&setup, &rules).map_err(|e| internal(&e.to_string()))
    }

    /// The move names its player (a candidate out of turn is that player's).
    fn move_out(&self, _seat: usize, mv: &Move) -> MoveOut {
        move_out(mv)
    }

    fn mover(&self, _seat: usize, mv: &Move) -> usize {
        mv.player
    }
}

/// A move as a record's fields. Moves the engine makes (the random player,
/// the solver) never name a noticer, so `noticed` is not written here.
pub fn move_out(mv: &Move) -> MoveOut {
    let mut fields = vec![
        ("card", write::string(mv.card.code())),
        ("cell", write::string(&mv.cell.to_string())),
    ];
    if let Some(a) = mv.announced {
        fields.push(("announced", a.to_string()));
    }
    MoveOut {
        player: mv.player,
        fields,
    }
}

/// The match a seed deals (see the module docs).
pub fn dealt(rules: &Rules, players: usize, p: &Provenance) -> Result<Setup, Error> {
    let n = rules.deck().size();
    let key = rules.deal_variant(players);
    let first = p.board.saturating_sub(1).saturating_mul(players as u32);
    let orders: Vec<Vec<usize>> = (0..players)
        .map(|r| crate::deal::shuffled("quincunx", &key, &p.seed, first + r as u32, n))
        .collect();
    let setup = Setup::deal(&orders, players, rules).ok_or_else(|| {
        Error::input(
            "cli.players",
            format!("Quincunx is for 2 to 4 players (1 for the solitaire), not {players}"),
        )
    })?;
    setup
        .validate(rules)
        .map_err(|e| Error::input("cli.players", e.to_string()))?;
    Ok(setup)
}

/// One round of a dealt setup as `[[setup.round]]` writes it.
#[derive(Serialize)]
struct RoundDoc {
    dealer: String,
    pile: Vec<Card>,
    grid: Seats<Card>,
    hands: Seats<Vec<Card>>,
}

#[derive(Serialize)]
struct SetupDoc {
    round: Vec<RoundDoc>,
}

fn describe_deal(setup: &Setup, players: &[String]) -> Result<Deal, Error> {
    let doc = SetupDoc {
        round: setup
            .rounds
            .iter()
            .map(|r| RoundDoc {
                dealer: players[r.dealer].clone(),
                pile: r.pile.clone(),
                grid: Seats(
                    r.grid
                        .iter()
                        .map(|s| (s.cell.to_string(), s.card))
                        .collect(),
                ),
                hands: Seats(players.iter().cloned().zip(r.hands.clone()).collect()),
            })
            .collect(),
    };
    let codes = |cards: &[Card]| cards.iter().map(|c| c.code()).collect::<Vec<_>>().join(" ");
    let mut lines = Vec::new();
    for (i, r) in doc.round.iter().enumerate() {
        lines.push(format!("round {} (dealt by {}):", i + 1, r.dealer));
        let grid: Vec<String> = r.grid.0.iter().map(|(c, k)| format!("{c} {k}")).collect();
        lines.push(format!("  grid: {}", grid.join(", ")));
        for (name, hand) in &r.hands.0 {
            lines.push(format!("  {name}: {}", codes(hand)));
        }
        lines.push(format!("  pile (top first): {}", codes(&r.pile)));
    }
    Deal::from_setup(&doc, lines)
}

/// A card named in a record: a code or a full name, in this game's deck.
pub fn parse_card(s: &str, span: &Span, src: &Source, rules: &Rules) -> Result<Card, Error> {
    let card = s.parse::<Card>().map_err(|e| {
        src.error("quincunx.unknown-card", span, e.to_string())
            .help("a card is a code like `3MW`, `AM`, `CK`, `PMYK`, `X` or its full name (docs/records.md)")
    })?;
    if !rules.deck().contains(card) {
        return Err(src.error(
            "quincunx.not-in-deck",
            span,
            format!(
                "{} ({}) is not in this game's deck: the Courts never are; the Excuse only with `excuse` or `extended`, the Pawns only with `pawns` or `extended` (QX-8, QX-12)",
                card.code(),
                card.name()
            ),
        ));
    }
    Ok(card)
}

/// A cell named in a record: on the grid's area, else unreadable.
pub fn parse_cell(s: &str, span: &Span, src: &Source, shape: Shape) -> Result<Cell, Error> {
    let area = match shape {
        Shape::Fixed => "a1 to e5",
        Shape::Solitaire => "a1 to d4",
        Shape::Zero => "a1 to i9, the first card on e5",
    };
    Cell::parse(s).filter(|&c| shape.area(c)).ok_or_else(|| {
        src.error(
            "quincunx.off-grid",
            span,
            format!("`{s}` is not a cell of the grid ({area}; QX-1)"),
        )
        .help("cells are a column letter and a row number: `c3`")
    })
}

/// A move as written, with the spans of its fields.
pub(super) struct Written {
    pub(super) card: Card,
    card_span: Span,
    pub(super) cell: Cell,
    cell_span: Span,
    pub(super) announced: Option<(i32, Span)>,
    pub(super) noticed: Option<(usize, Span)>,
}

const MOVE_FIELDS: &[&str] = &["player", "card", "cell", "announced", "noticed"];

pub(super) fn read_moves(
    record: &Record,
    src: &Source,
    rules: &Rules,
) -> Result<Vec<Written>, Error> {
    let shape = rules.shape(record.players.len());
    record.read_moves(src, |_, mut f| {
        f.only(MOVE_FIELDS)?;
        let (card, card_span) = f.req_str("card")?;
        let (cell, cell_span) = f.req_str("cell")?;
        let announced = match f.opt("announced") {
            None => None,
            Some(node) => Some((read_announced(node, src)?, node.span.clone())),
        };
        let noticed = match f.opt_str("noticed")? {
            None => None,
            Some((name, span)) => {
                let seat = record
                    .players
                    .iter()
                    .position(|p| p.name == name)
                    .ok_or_else(|| {
                        src.error(
                            "quincunx.unknown-noticer",
                            span,
                            format!("`{name}` is not one of the players"),
                        )
                    })?;
                Some((seat, span.clone()))
            }
        };
        f.finish(MOVE_FIELDS)?;
        Ok(Written {
            card: parse_card(card, card_span, src, rules)?,
            card_span: card_span.clone(),
            cell: parse_cell(cell, cell_span, src, shape)?,
            cell_span: cell_span.clone(),
            announced,
            noticed,
        })
    })
}

/// An announced score: an integer (a string holding one is accepted).
fn read_announced(node: &Node, src: &Source) -> Result<i32, Error> {
    use crate::record::node::Value;
    let n = match &node.value {
        Value::Integer(i) => i32::try_from(*i).ok(),
        Value::String(s) => s.trim().parse::<i32>().ok(),
        _ => None,
    };
    n.ok_or_else(|| {
        src.error(
            "quincunx.bad-announced",
            &node.span,
            "the announced score is not a whole number (QX-10)",
        )
        .help("write the score the player said, e.g. `announced = 12`")
    })
}

fn read_bool(node: &Node, src: &Source, what: &str) -> Result<bool, Error> {
    match node.value {
        crate::record::node::Value::Boolean(b) => Ok(b),
        ref v => Err(src.error(
            "record.wrong-type",
            &node.span,
            format!("{what} must be a boolean, not {}", v.type_name()),
        )),
    }
}

/// The match's setup: dealt from `[deal]`, written in `[setup]`, or both (then
/// they must agree).
pub(super) fn read_setup(record: &Record, src: &Source, rules: &Rules) -> Result<Setup, Error> {
    let players = record.players.len();
    record.setup_with(
        src,
        |d| dealt(rules, players, d),
        |node| read_written(record, node, src, rules),
        |dealt, written, node| {
            if dealt == written {
                Ok(written)
            } else {
                Err(src.setup_not_dealt(&node.span, "quincunx"))
            }
        },
    )
}

fn read_written(record: &Record, node: &Node, src: &Source, rules: &Rules) -> Result<Setup, Error> {
    let players = record.players.len();
    let shape = rules.shape(players);
    let names: Vec<&str> = record.players.iter().map(|p| p.name.as_str()).collect();
    let seat_of = |name: &str, span: &Span| {
        names.iter().position(|&n| n == name).ok_or_else(|| {
            src.error(
                "quincunx.bad-setup",
                span,
                format!("`{name}` is not one of the players"),
            )
        })
    };
    let mut f = node.fields(src, "[setup]")?;
    f.only(&["round"])?;
    let rounds = f.req("round")?.as_array(src, "`round`")?;
    f.finish(&["round"])?;
    let mut out = Vec::new();
    // Where each round's pile is written (its round when it is not), for QX-14.
    let mut pile_spans = Vec::new();
    for (r, rnode) in rounds.iter().enumerate() {
        let what = format!("round {} of [setup]", r + 1);
        let mut rf = rnode.fields(src, &what)?;
        const ROUND: &[&str] = &["dealer", "grid", "hands", "pile", "partial"];
        rf.only(ROUND)?;
        let dealer = match rf.opt_str("dealer")? {
            Some((name, span)) => seat_of(name, span)?,
            None => r % players,
        };
        let mut seen: Vec<Option<String>> = vec![None; CARDS];
        let mut take = |s: &str, span: &Span, place: String| -> Result<Card, Error> {
            let card = parse_card(s, span, src, rules)?;
            if let Some(other) = &seen[card.index()] {
                return Err(src.error(
                    "quincunx.dealt-twice",
                    span,
                    format!(
                        "{} is dealt twice in round {}: {other} and {place}",
                        card.code(),
                        r + 1
                    ),
                ));
            }
            seen[card.index()] = Some(place);
            Ok(card)
        };
        let mut grid = Vec::new();
        let mut gf = rf
            .req("grid")?
            .fields(src, &format!("the grid of {what}"))?;
        for (key, value) in gf.rest() {
            let cell = parse_cell(&key.name, &key.span, src, shape)?;
            let code = value.as_str(src, &format!("`{}`", key.name))?;
            grid.push(Start {
                cell,
                card: take(code, &value.span, format!("on {cell}"))?,
            });
        }
        // The face-up cards in the order the engine lists their cells.
        let order = shape.start_cells(players);
        grid.sort_by_key(|s| {
            order
                .iter()
                .position(|&c| c == s.cell)
                .unwrap_or(usize::MAX)
        });
        let mut hands = vec![Vec::new(); players];
        let hands_node = rf.req("hands")?;
        let mut hf = hands_node.fields(src, &format!("the hands of {what}"))?;
        hf.only(&names)?;
        for (p, name) in names.iter().enumerate() {
            let node = hf.req(name)?;
            for (code, span) in node.as_str_array(src, &format!("{name}'s hand"))? {
                hands[p].push(take(code, span, format!("in {name}'s hand"))?);
            }
        }
        hf.finish(&names)?;
        let mut pile = Vec::new();
        pile_spans.push(rf.opt("pile").map_or(&rnode.span, |n| &n.span).clone());
        if let Some(node) = rf.opt("pile") {
            for (code, span) in node.as_str_array(src, "`pile`")? {
                pile.push(take(code, span, "in the pile".into())?);
            }
        }
        // QX-14: only the top of the pile is known.
        let partial = match rf.opt("partial") {
            None => false,
            Some(node) => read_bool(node, src, "`partial`")?,
        };
        rf.finish(ROUND)?;
        out.push(RoundSetup {
            dealer,
            grid,
            hands,
            pile,
            partial,
        });
    }
    let setup = Setup {
        players,
        rounds: out,
    };
    setup.validate(rules).map_err(|e| {
        let span = match &e {
            SetupError::PileShort { round, .. } => &pile_spans[*round],
            _ => &node.span,
        };
        src.error("quincunx.bad-setup", span, e.to_string())
    })?;
    Ok(setup)
}

/// Which span an error points at: the field at fault.
fn blame<'a>(b: &Broken, entry: &'a MoveEntry, w: &'a Written) -> &'a Span {
    match b {
        Broken::GameOver
        | Broken::NoSuchPlayer { .. }
        | Broken::OutOfTurn { .. }
        | Broken::NoAnnouncement { .. } => &entry.player_span,
        Broken::OnGrid { .. } | Broken::NotInHand { .. } | Broken::PileUnknown { .. } => {
            &w.card_span
        }
        Broken::OffGrid { .. }
        | Broken::Occupied { .. }
        | Broken::NoContact { .. }
        | Broken::TooLong { .. } => &w.cell_span,
        Broken::NotSempliciotto => w
            .announced
            .as_ref()
            .map(|a| &a.1)
            .or(w.noticed.as_ref().map(|n| &n.1))
            .unwrap_or(&entry.player_span),
        Broken::NoticedOwn { .. } => w.noticed.as_ref().map_or(&entry.player_span, |(_, s)| s),
    }
}

fn signed(n: i32) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

fn cells_text(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(Cell::to_string)
        .collect::<Vec<_>>()
        .join("-")
}

/// One line explaining a placement's score: `3MW on c3 scores 12: base +4
/// (c2 +5, b3 -1), pair c2 +5, ...`.
pub fn explain_text(b: &Breakdown) -> String {
    let mut parts = Vec::new();
    let bases: Vec<String> = b
        .components
        .iter()
        .filter_map(|c| match &c.kind {
            Kind::Base { sum, effect } => Some(match effect {
                super::cards::Effect::Draw => {
                    crate::t!("qx-base-draw", cell = c.cells[1].to_string(), sum = *sum)
                }
                _ => format!("{} {}", c.cells[1], signed(c.points)),
            }),
            _ => None,
        })
        .collect();
    if !bases.is_empty() {
        let total: i32 = b
            .components
            .iter()
            .filter(|c| matches!(c.kind, Kind::Base { .. }))
            .map(|c| c.points)
            .sum();
        parts.push(crate::t!(
            "qx-base",
            points = signed(total),
            cells = bases.join(", ")
        ));
    }
    for c in &b.components {
        let p = signed(c.points);
        match &c.kind {
            Kind::Base { .. } => {}
            Kind::Pair => parts.push(crate::t!(
                "qx-pair",
                cells = c.cells[1].to_string(),
                points = p
            )),
            Kind::Run => parts.push(crate::t!(
                "qx-run",
                cells = cells_text(&c.cells),
                points = p
            )),
            Kind::Set => parts.push(crate::t!(
                "qx-set",
                cells = cells_text(&c.cells),
                points = p
            )),
            Kind::AceCrown { suit } => parts.push(crate::t!(
                "qx-ace-crown",
                suit = suit.name(),
                cells = format!("{}-{}", c.cells[0], c.cells[1]),
                points = p
            )),
            Kind::ColourLine { suit } => parts.push(crate::t!(
                "qx-colour-line",
                suit = suit.name(),
                cells = cells_text(&c.cells),
                points = p
            )),
            Kind::ColourSquare { suit } => parts.push(crate::t!(
                "qx-colour-square",
                suit = suit.name(),
                cells = cells_text(&c.cells),
                points = p
            )),
        }
    }
    if b.draws > 0 {
        parts.push(crate::t!("qx-draw-cards", count = b.draws));
    }
    let what = if parts.is_empty() {
        crate::t!("qx-nothing")
    } else {
        parts.join(", ")
    };
    crate::t!(
        "qx-scores",
        card = b.card.to_string(),
        cell = b.cell.to_string(),
        points = b.points,
        what = what
    )
}

/// The note for one legal move.
fn move_note(number: usize, o: &Outcome, mv: &Move, names: &[String]) -> String {
    crate::t!(
        "qx-move-note",
        number = number,
        text = placement_text(o, mv, names, true, true)
    )
}

/// A placement in words: who laid what and its score, the cards drawn (`drew` says in which
/// tense), the draws the empty pile lost (QX-6), and an announcement with who noticed it
/// (QX-10). `check`'s notes and the live session's answers both say it so.
/// A placement in words; the cards drawn named when `cards`, else counted (what a view
/// that does not see the drawer's hand is told, GN-5).
pub(super) fn placement_text(
    o: &Outcome,
    mv: &Move,
    names: &[String],
    past: bool,
    cards: bool,
) -> String {
    use crate::t;
    let name = |p: usize| names.get(p).cloned().unwrap_or_default();
    let tense = if past { "past" } else { "now" };
    let mut s = t!(
        "qx-placement",
        player = name(o.player),
        text = explain_text(&o.breakdown)
    );
    if !o.drawn.is_empty() && cards {
        let drawn: Vec<&str> = o.drawn.iter().map(|c| c.code()).collect();
        s += &t!("qx-drew-cards", tense = tense, cards = drawn.join(" "));
    } else if !o.drawn.is_empty() {
        s += &t!("qx-drew-count", tense = tense, count = o.drawn.len());
    }
    if o.draws_lost > 0 {
        s += &t!("qx-draws-lost", count = o.draws_lost);
    }
    if let Some(a) = mv.announced {
        s += &t!("qx-announced", score = a);
        match (mv.noticed_by, o.stolen) {
            (Some(n), Some((_, k))) => {
                s += &t!(
                    "qx-noticed-steals",
                    noticer = name(n),
                    player = name(o.player),
                    credited = o.credited,
                    taken = k
                )
            }
            (Some(n), None) if a != o.breakdown.points => {
                s += &t!(
                    "qx-noticed",
                    noticer = name(n),
                    player = name(o.player),
                    credited = o.credited
                )
            }
            (None, _) if a != o.breakdown.points => s += &t!("qx-not-noticed"),
            _ => {}
        }
    }
    s
}

fn per_seat(names: &[String], v: &[i32]) -> String {
    names
        .iter()
        .zip(v)
        .map(|(n, x)| format!("{n} {x}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The note for a finished round: points, hand penalties, totals.
fn round_note(r: &RoundResult, names: &[String]) -> String {
    let left: Vec<String> = names
        .iter()
        .zip(&r.left_in_hand)
        .zip(&r.penalties)
        .filter(|((_, h), _)| !h.is_empty())
        .map(|((n, h), p)| {
            let codes: Vec<&str> = h.iter().map(|c| c.code()).collect();
            format!("{n} {} (-{p})", codes.join(" "))
        })
        .collect();
    let left = if left.is_empty() {
        "none".to_string()
    } else {
        left.join(", ")
    };
    let how = if r.grid_full {
        "the grid is full"
    } else {
        "no cards left to place"
    };
    let mut s = format!(
        "round {} (dealt by {}) over, {how}: placements {}; left in hand (QX-3): {left}; totals {}",
        r.round + 1,
        names[r.dealer],
        per_seat(names, &r.points),
        per_seat(names, &r.totals)
    );
    if let Some(rating) = r.rating {
        s += &format!("; rating {} (QX-11)", rating.band());
    }
    s
}

fn match_result(g: &Quincunx, m: &MatchResult, names: &[String]) -> GameResult {
    let scores: Vec<Score> = names
        .iter()
        .zip(&m.totals)
        .map(|(n, &t)| Score {
            player: n.clone(),
            points: t as i64,
        })
        .collect();
    if g.players() == 1 {
        let r = &g.results()[0];
        let solved = r.grid_full;
        let reason = if solved {
            format!(
                "the grid is full: {} points, rating {} (QX-11)",
                m.totals[0],
                r.rating.map_or("", |x| x.band())
            )
        } else {
            "the hand is empty with squares still free: the solitaire is lost (QX-11)".to_string()
        };
        return GameResult {
            scores,
            ..GameResult::solitaire(&names[0], solved, reason)
        };
    }
    let rounds = format!(
        "{} round{}{}",
        m.rounds,
        if m.rounds == 1 { "" } else { "s" },
        if m.complete {
            " (one per player, QX-1)"
        } else {
            " (the rounds the setup gives)"
        }
    );
    let (winners, losers, reason) = if let [w] = m.winners[..] {
        (
            vec![names[w].clone()],
            (0..names.len())
                .filter(|&p| p != w)
                .map(|p| names[p].clone())
                .collect(),
            format!(
                "after {rounds}: {} wins with {} ({})",
                names[w],
                m.totals[w],
                per_seat(names, &m.totals)
            ),
        )
    } else {
        let tied: Vec<&str> = m.winners.iter().map(|&w| names[w].as_str()).collect();
        (
            m.winners.iter().map(|&w| names[w].clone()).collect(),
            Vec::new(),
            format!(
                "after {rounds}: a tie between {} ({})",
                tied.join(" and "),
                per_seat(names, &m.totals)
            ),
        )
    };
    GameResult {
        winners,
        losers,
        scores,
        reason,
        ..GameResult::default()
    }
}

// Each move's facts as data, for `tavolo check --json` (`details`, fields
// documented in `docs/records.md`, Quincunx): a placement's score by
// category, its draws and, under sempliciotto, the announced and the true
// score; a round's end with each player's points, cards left and penalty.

/// The score categories of a placement, as the fields name them.
const CATEGORIES: [&str; 6] = ["base", "pairs", "runs", "sets", "ace_crown", "colour"];

fn category(kind: &Kind) -> &'static str {
    match kind {
        Kind::Base { .. } => "base",
        Kind::Pair => "pairs",
        Kind::Run => "runs",
        Kind::Set => "sets",
        Kind::AceCrown { .. } => "ace_crown",
        Kind::ColourLine { .. } | Kind::ColourSquare { .. } => "colour",
    }
}

fn detail(number: usize, player: &str, fields: Value) -> MoveDetail {
    let fields = match fields {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    MoveDetail {
        number,
        player: player.to_string(),
        fields,
    }
}

/// The points of each category of a breakdown; they add up to its points.
fn by_category(b: &Breakdown) -> Map<String, Value> {
    let mut out = Map::new();
    for name in CATEGORIES {
        let sum: i32 = b
            .components
            .iter()
            .filter(|c| category(&c.kind) == name)
            .map(|c| c.points)
            .sum();
        out.insert(name.to_string(), json!(sum));
    }
    out
}

/// A legal placement (`round` from 0).
fn placement_detail(
    number: usize,
    round: usize,
    o: &Outcome,
    mv: &Move,
    names: &[String],
) -> MoveDetail {
    let b = &o.breakdown;
    let mut fields = Map::new();
    let mut put = |k: &str, v: Value| {
        fields.insert(k.to_string(), v);
    };
    put("kind", json!("placement"));
    put("round", json!(round + 1));
    put("card", json!(b.card));
    put("cell", json!(b.cell));
    for (k, v) in by_category(b) {
        put(&k, v);
    }
    put("points", json!(b.points));
    put("draws", json!(b.draws));
    put("drawn", json!(o.drawn));
    put("draws_lost", json!(o.draws_lost));
    put("announced", json!(mv.announced));
    put("noticed", json!(mv.noticed_by.map(|n| &names[n])));
    put("credited", json!(o.credited));
    put("stolen", json!(o.stolen.map_or(0, |(_, k)| k)));
    put("components", json!(b.components));
    detail(number, &names[o.player], Value::Object(fields))
}

/// The end of a round, after move `number` by `mover`.
fn round_end_detail(number: usize, mover: usize, r: &RoundResult, names: &[String]) -> MoveDetail {
    let players: Vec<Value> = names
        .iter()
        .enumerate()
        .map(|(p, name)| {
            json!({
                "player": name,
                "points": r.points[p],
                "left_in_hand": r.left_in_hand[p],
                "penalty": r.penalties[p],
                "total": r.totals[p],
            })
        })
        .collect();
    detail(
        number,
        &names[mover],
        json!({
            "kind": "round-end",
            "round": r.round + 1,
            "dealer": names[r.dealer],
            "grid_full": r.grid_full,
            "players": players,
            "rating": r.rating.map(|x| x.band()),
        }),
    )
}

/// A record's start and moves as its session opens them ([`crate::games::session::Table::open`]),
/// with the moves as written, for `check` to point at.
pub(super) fn opened(
    record: &Record,
    src: &Source,
) -> Result<(Opened<Quincunx>, Vec<Written>), Error> {
    let (rules, _) = rules_or_internal(&record.variant)?;
    let written = read_moves(record, src, &rules)?;
    let setup = read_setup(record, src, &rules)?;
    let start = Quincunx::start(&setup, &rules)
        .map_err(|e| src.error("quincunx.bad-setup", record.setup_span(), e.to_string()))?;
    let moves = record
        .moves
        .iter()
        .zip(&written)
        .map(|(e, w)| Move {
            player: e.player,
            card: w.card,
            cell: w.cell,
            announced: w.announced.as_ref().map(|a| a.0),
            noticed_by: w.noticed.as_ref().map(|n| n.0),
        })
        .collect();
    Ok((Opened::one_each(start, moves), written))
}

fn check(record: &Record, src: &Source) -> Result<Verdict, Error> {
    let (opened, moves) = opened(record, src)?;
    let names = record.player_names();
    let total = moves.len();
    let mut notes = Vec::new();
    let mut details = Vec::new();
    let mut result = None;
    let follow = |k: usize, before: &Quincunx, mv: &Move, o: &Outcome, after: &Quincunx| {
        let number = record.moves[k].number;
        notes.push(move_note(number, o, mv, &names));
        details.push(placement_detail(
            number,
            before.round_index(),
            o,
            mv,
            &names,
        ));
        if let Some(r) = &o.round_over {
            notes.push(round_note(r, &names));
            details.push(round_end_detail(number, o.player, r, &names));
        }
        if let Some(m) = &o.match_over {
            result = Some(match_result(after, m, &names));
        }
    };
    let replayed = replay_noting(&QuincunxGame, record, opened, total, follow);
    let game = replayed.game();
    if let Some((n, refused, _)) = replayed.refused() {
        let (entry, w, b) = (&record.moves[n - 1], &moves[n - 1], &refused.broken);
        // Not a rule broken: the record does not say what was drawn (QX-14).
        if let Broken::PileUnknown { .. } = b {
            return Err(src
                .error(
                    b.code(),
                    &w.card_span,
                    format!("move {}: {}", entry.number, b.describe(&names)),
                )
                .help(
                    "add the cards drawn to the round's `pile` (top first): nothing after \
                     this move can be refereed without them",
                ));
        }
        let illegal = illegal(
            src,
            record,
            (entry, blame(b, entry, w)),
            b,
            b.describe(&names),
        );
        return Ok(Verdict {
            result,
            notes,
            ..Verdict::illegal(total, illegal)
        }
        .with_details(details));
    }
    let verdict = match result {
        Some(result) => Verdict::complete(total, result, notes),
        None => Verdict::legal_so_far(total, game.to_move().map(|p| names[p].clone()), notes),
    };
    Ok(verdict.with_details(details))
}

/// The solitaire a `tavolo solve` variant names: its deck, colour bonus and
/// runs (start-from-zero and sempliciotto need several players, QX-11), and
/// that solitaire's canonical variant name, which the written record carries.
fn solitaire_of(variant: &str) -> (Rules, String) {
    let (r, _) = rules_of(variant).unwrap_or_default();
    let solitaire = Variant {
        solitaire: true,
        rules: Rules {
            excuse: r.excuse,
            pawns: r.pawns,
            colour_bonus: r.colour_bonus,
            v_run_once: r.v_run_once,
            ..Rules::default()
        },
    };
    (solitaire.rules, solitaire.name())
}

/// `tavolo solve quincunx`: the solitaire (QX-11) with its pile known. The
/// highest score proved is `solved`; the best line found at the bound is
/// `undecided` (its moves and score still given); a deal no line can fill is
/// `unsolvable` (lost). Every answer carries the greedy player's score.
impl solve::Solve for QuincunxGame {
    fn decide(&self, provenance: &Provenance, limits: SearchLimits) -> solve::Decided {
        use super::solve::{greedy, solve as search, Answer as QAnswer, Limits};
        use crate::search::{Answer, Bound, Stats};
        let (rules, name) = solitaire_of(&provenance.variant);
        let p = Provenance::new("quincunx", &name, &provenance.seed, provenance.board);
        let players = [solve::PLAYER.to_string()];
        // One player always has a deal: 4 + 8 cards of 36 or 41.
        let setup = dealt(&rules, 1, &p).expect("a solitaire deal");
        let round = &setup.rounds[0];
        let q_limits = Limits {
            max_nodes: limits.max_nodes,
            // About 48 bytes per entry of the solver's table.
            max_table: (limits.max_memory / 48).max(1) as usize,
        };
        let (answer, q_stats) = search(round, &rules, q_limits);
        let (greedy_score, _) = greedy(round, &rules);
        let stats = Stats {
            nodes: q_stats.nodes,
            stored: q_stats.stored,
            max_depth: 12,
        };
        let best = answer.score();
        let lost = answer == QAnswer::Lost;
        let (generic, fallback) = match answer {
            QAnswer::Optimal(line) => (Answer::Solved(line.moves), None),
            QAnswer::Lost => (Answer::Unsolvable, None),
            QAnswer::GaveUp { best, bound } => {
                let b = if bound.contains("node") {
                    Bound::Nodes(limits.max_nodes)
                } else {
                    Bound::Memory(limits.max_memory)
                };
                (Answer::GaveUp(b), best)
            }
        };
        let setup_toml = describe_deal(&setup, &players)
            .map(|d| d.setup_toml)
            .unwrap_or_default();
        let outs = |moves: &[Move]| moves.iter().map(move_out).collect::<Vec<_>>();
        let mut d = solve::Decided::new(p, generic, stats, outs, setup_toml);
        if let Some(line) = fallback {
            d.moves = outs(&line.moves);
            d.notation = line.moves.iter().map(Move::to_string).collect();
        }
        let band = |s: Option<i32>| Some(super::Rating::of(s).band().to_string());
        d.score = Some(solve::ScoreNote {
            best: best.map(i64::from),
            // Proved lost is the sheet's "lost" band; no line found is no band.
            label: if lost {
                band(None)
            } else {
                best.and(band(best))
            },
            greedy: greedy_score.map(i64::from),
            greedy_label: band(greedy_score),
        });
        d
    }
}
