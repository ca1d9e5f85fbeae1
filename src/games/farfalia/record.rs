//! Farfalia in records: a whole match is one record. Reading its `[setup]`
//! (per deal: dealer, hands, dummies' layouts, jolly, proposal, turned
//! trump) and its moves, replaying them through the [`Match`] engine into a
//! verdict with each deal's and the match's scores (FA-4, FA-5, FA-11),
//! dealing from a seed (FA-5, FA-8), and one-line deals for batches.
//!
//! How a record maps to the engine (docs/records.md, "Farfalia"):
//! - `variant` is a format (`five-intro`, `chinkway`, `five-deals`, `four`,
//!   `three`, `three-short`, `two`), optionally with a jolly variant
//!   (`four-doubleyou`, `three-burnin`), or `standard`: the sheet's basic
//!   format for the number of players.
//! - With `[deal]` (seed, board `b`), deal `k` of the match is board
//!   `b + k - 1` of the seed and the first deal is dealt by seat
//!   `(b - 1) mod n`, as bridge boards rotate the dealer; a written first
//!   deal names its dealer.
//! - Irregularities (tavolo's ruling, the sheet is silent): the first illegal
//!   move makes the record illegal there; the deals finished before it stand
//!   (their points are the reported scores), the deal in progress is not
//!   scored, and the match has no winner.

use std::ops::RangeInclusive;

use serde::Serialize;

use super::details;
use super::position_record::{self, WrittenPosition};
pub use super::values_record::first_dealer;
use super::values_record::{
    board_of, by_player, internal, orders, parse_card, parse_cards, parse_family, parse_trump,
    player_index, word_list, Spanned,
};
use super::{
    setup_line, Broken, Card, CardSet, Expected, Family, Format, Hand, Jolly, Layout, LineDealer,
    Match, MatchSetup, Move, Outcome, Rules, Setup, SetupError, Table, Trump,
};
use crate::deal::Provenance;
use crate::error::Error;
use crate::games::engine::{Broken as _, Engine};
use crate::games::referee::{Playable, Referee};
use crate::games::replay::{illegal, replay_followed};
use crate::games::session::Opened;
use crate::games::{Game, LineDeals};
use crate::record::node::Value;
use crate::record::{
    write, Deal, GameResult, MoveEntry, MoveOut, Node, Record, Score, Seats, Source, Span, Verdict,
};

/// The registry entry for Farfalia.
pub struct Farfalia;

/// The sheet's basic format for the number of players (5: the introductory
/// game, 4, 3, 2).
pub const STANDARD: &str = "standard";

/// Every variant: `standard`, then each format, then each format with each
/// jolly variant.
pub const VARIANTS: &[&str] = &[
    STANDARD,
    "five-intro",
    "chinkway",
    "five-deals",
    "four",
    "three",
    "three-short",
    "two",
    "five-intro-doubleyou",
    "chinkway-doubleyou",
    "five-deals-doubleyou",
    "four-doubleyou",
    "three-doubleyou",
    "three-short-doubleyou",
    "two-doubleyou",
    "five-intro-burnin",
    "chinkway-burnin",
    "five-deals-burnin",
    "four-burnin",
    "three-burnin",
    "three-short-burnin",
    "two-burnin",
];

/// The format and jolly of a variant, ignoring the player count.
fn parse_variant(variant: &str) -> Option<(Option<Format>, Jolly)> {
    let (base, jolly) = if let Some(b) = variant.strip_suffix("-doubleyou") {
        (b, Jolly::DoubleYou)
    } else if let Some(b) = variant.strip_suffix("-burnin") {
        (b, Jolly::Burnin)
    } else {
        (variant, Jolly::None)
    };
    let format = match base {
        STANDARD if jolly == Jolly::None => None,
        "five-intro" => Some(Format::Intro),
        "intro" | STANDARD => return None,
        other => Some(other.parse::<Format>().ok()?),
    };
    Some((format, jolly))
}

/// The rules of a variant for `players` players.
pub fn rules_of(variant: &str, players: usize) -> Option<Rules> {
    let (format, jolly) = parse_variant(variant)?;
    let format = match format {
        Some(f) => f,
        None => match players {
            5 => Format::Intro,
            4 => Format::Four,
            3 => Format::Three,
            2 => Format::Two,
            _ => return None,
        },
    };
    (format.players() == players).then_some(Rules { format, jolly })
}

fn rules_or_error(variant: &str, players: usize) -> Result<Rules, Error> {
    rules_of(variant, players).ok_or_else(|| {
        Error::input(
            "cli.players",
            format!("farfalia ({variant}) is not played by {players} players (FA-5)"),
        )
    })
}

impl Game for Farfalia {
    fn name(&self) -> &'static str {
        "farfalia"
    }

    fn variants(&self) -> &'static [&'static str] {
        VARIANTS
    }

    fn player_counts(&self, variant: &str) -> RangeInclusive<usize> {
        match parse_variant(variant) {
            Some((None, _)) => 2..=5,
            Some((Some(f), _)) => f.players()..=f.players(),
            None => 0..=0,
        }
    }

    fn check(&self, record: &Record, src: &Source) -> Result<Verdict, Error> {
        check(record, src)
    }

    fn deal(&self, variant: &str, players: &[String], deal: &Provenance) -> Result<Deal, Error> {
        let rules = rules_or_error(variant, players.len())?;
        let first = first_dealer(deal.board, players.len());
        let tables = Match::scheduled_tables(rules.format, first);
        let mut out = Vec::with_capacity(tables.len());
        let mut lines = Vec::new();
        for (k, table) in tables.into_iter().enumerate() {
            let board = board_of(deal.board, k)?;
            let orders = orders(&deal.variant, &deal.seed, deal.board, k)?;
            let setup =
                Setup::deal(table, &orders, rules.jolly == Jolly::Burnin).map_err(internal)?;
            let typed = DealOut::of(&setup, players);
            typed.lines(k + 1, board, &setup, &mut lines);
            out.push(typed);
        }
        if rules.format.deals() > out.len() {
            lines.push(format!(
                "deals {}-{} (boards from {}): dealt by the standings, so they are not known before play (FA-5, FA-7)",
                out.len() + 1,
                rules.format.deals(),
                board_of(deal.board, out.len())?
            ));
        }
        Deal::from_setup(&SetupOut { deal: out }, lines)
    }

    fn playable(&self) -> &dyn Playable {
        self
    }

    fn line_deals(
        &self,
        variant: &str,
        players: usize,
        seed: &str,
    ) -> Option<Result<Box<dyn LineDeals>, Error>> {
        Some(line_deals(variant, players, seed).map(|d| Box::new(d) as Box<dyn LineDeals>))
    }

    fn drawer(&self) -> Option<&dyn crate::show::scene::Draw> {
        Some(self)
    }
}

/// One line per board: board `b` is the first deal of a match from that
/// board, dealt by seat `first_dealer(b)`.
fn line_deals(variant: &str, players: usize, seed: &str) -> Result<Lines, Error> {
    let rules = rules_or_error(variant, players)?;
    let tables: Vec<Table> = (0..players)
        .filter_map(|d| Match::scheduled_tables(rules.format, d).into_iter().next())
        .collect();
    if tables.len() != players {
        return Err(internal("no first table"));
    }
    Ok(Lines(LineDealer::new(variant, seed, &tables)))
}

struct Lines(LineDealer);

impl LineDeals for Lines {
    fn write(&self, board: u32, out: &mut Vec<u8>) {
        self.0.write(board, out);
    }
}

impl Referee for Farfalia {
    type Engine = Match;

    fn start(&self, variant: &str, players: &[String], deal: &Provenance) -> Result<Match, Error> {
        let rules = rules_or_error(variant, players.len())?;
        let deals = (0..rules.format.deals())
            .map(|k| orders(&deal.variant, &deal.seed, deal.board, k))
            .collect::<Result<Vec<_>, _>>()?;
        let setup = MatchSetup {
            first_dealer: first_dealer(deal.board, players.len()),
            deals,
        };
        <Match as Engine>::start(&setup, &rules).map_err(internal)
    }

    /// The move's own seat writes it (a candidate may be out of turn).
    fn move_out(&self, _to_move: usize, mv: &Move) -> MoveOut {
        let s = |x: &dyn std::fmt::Display| write::string(&x.to_string());
        let field = match *mv {
            Move::Play { card, .. } => ("card", s(&card)),
            Move::Jolly { family, .. } => ("jolly", s(&family)),
            Move::Take { card, .. } => ("take", s(&card)),
            Move::Decline { .. } => ("take", write::string("none")),
            Move::Discard { cards, .. } => {
                let cards: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
                ("discard", write::string_array(&cards))
            }
            Move::Trump { trump, .. } => ("trump", s(&trump)),
            Move::Double { double, .. } => ("double", double.to_string()),
        };
        MoveOut {
            player: mv.seat(),
            fields: vec![field],
        }
    }

    fn mover(&self, _to_move: usize, mv: &Move) -> usize {
        mv.seat()
    }
}

// ---------------------------------------------------------------------------
// The typed [setup]: what `tavolo deal` prints and a record's [setup] holds.

/// `[setup]`: the deals of the match, in order (`[[setup.deal]]`).
#[derive(Debug, Serialize)]
struct SetupOut {
    deal: Vec<DealOut>,
}

/// One deal: who deals, the proposal, the turned trump, each player's cards
/// (sorted), the dummies' layouts keyed by their partner, the jolly.
#[derive(Debug, Serialize)]
struct DealOut {
    dealer: String,
    proposal: Vec<Family>,
    #[serde(skip_serializing_if = "Option::is_none")]
    trump: Option<String>,
    hands: Seats<Vec<Card>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dummies: Option<Seats<Layout>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    jolly: Option<Seats<Family>>,
}

impl DealOut {
    fn of(setup: &Setup, players: &[String]) -> DealOut {
        let places = &setup.table.places;
        let by_seat = |dummy: bool| {
            let mut v: Vec<(usize, &Hand)> = places
                .iter()
                .zip(&setup.hands)
                .filter(|(p, _)| p.dummy == dummy)
                .map(|(p, h)| (p.seat, h))
                .collect();
            v.sort_by_key(|(s, _)| *s);
            v
        };
        let hands = by_seat(false);
        let dummies = by_seat(true);
        let jolly: Vec<(String, Family)> = hands
            .iter()
            .filter_map(|(s, h)| h.jolly.map(|f| (players[*s].clone(), f)))
            .collect();
        DealOut {
            dealer: players[setup.table.dealer()].clone(),
            proposal: setup.proposal.to_vec(),
            trump: setup.trump.map(|t| t.to_string()),
            hands: Seats(
                hands
                    .iter()
                    .map(|(s, h)| {
                        let set: CardSet = h.cards.iter().collect();
                        (players[*s].clone(), set.iter().collect())
                    })
                    .collect(),
            ),
            dummies: (!dummies.is_empty()).then(|| {
                Seats(
                    dummies
                        .iter()
                        .filter_map(|(s, h)| h.layout.map(|l| (players[*s].clone(), l)))
                        .collect(),
                )
            }),
            jolly: (!jolly.is_empty()).then_some(Seats(jolly)),
        }
    }

    fn lines(&self, k: usize, board: u32, setup: &Setup, out: &mut Vec<String>) {
        let cards = |v: &[Card]| {
            v.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let trump = match &self.trump {
            Some(t) => format!("trump {t} (turned from the proposal)"),
            None => "trump: the dealer's choice".to_string(),
        };
        let proposal: Vec<String> = self.proposal.iter().map(|f| f.to_string()).collect();
        out.push(format!(
            "deal {k} (board {board}): {} deals; proposal {}; {trump}",
            self.dealer,
            proposal.join(" ")
        ));
        for (name, hand) in &self.hands.0 {
            let role = if *name == self.dealer {
                format!(" (dealer, {} cards)", hand.len())
            } else {
                String::new()
            };
            out.push(format!("  {name}{role}: {}", cards(hand)));
        }
        for (name, l) in self.dummies.iter().flat_map(|d| &d.0) {
            out.push(format!(
                "  {name}'s dummy: face up {} | beside {} | face down {}",
                cards(&l.up),
                l.beside,
                cards(&l.down)
            ));
        }
        for (name, f) in self.jolly.iter().flat_map(|d| &d.0) {
            out.push(format!("  {name}'s jolly: {f} ({})", f.name()));
        }
        out.push(format!("  line: {}", setup_line(setup)));
    }
}

// ---------------------------------------------------------------------------
// Reading a record.

/// One `[[setup.deal]]` as written, before its table is known.
struct WrittenDeal {
    span: Span,
    dealer: Spanned<usize>,
    proposal: Spanned<[Family; 5]>,
    trump: Option<Spanned<Trump>>,
    /// By seat: the player's cards and the span of the list and of each card.
    hands: Vec<Option<(Vec<Spanned<Card>>, Span)>>,
    dummies: Vec<Option<(Layout, Span)>>,
    jolly: Vec<Option<Spanned<Family>>>,
}

const DEAL_FIELDS: &[&str] = &["dealer", "proposal", "trump", "hands", "dummies", "jolly"];
const LAYOUT_FIELDS: &[&str] = &["down", "up", "beside"];

fn read_deal(node: &Node, k: usize, src: &Source, names: &[String]) -> Result<WrittenDeal, Error> {
    let what = format!("[[setup.deal]] {k}");
    let mut f = node.fields(src, &what)?;
    f.only(DEAL_FIELDS)?;
    let (dealer, dealer_span) = f.req_str("dealer")?;
    let dealer = (
        player_index(dealer, dealer_span, names, src)?,
        dealer_span.clone(),
    );
    let pnode = f.req("proposal")?;
    let families = word_list(pnode, src, "`proposal`")?
        .into_iter()
        .map(|(s, sp)| parse_family(s, &sp, src))
        .collect::<Result<Vec<_>, _>>()?;
    let proposal: [Family; 5] = families.try_into().map_err(|v: Vec<Family>| {
        src.error(
            "farfalia.bad-setup",
            &pnode.span,
            format!("the proposal has {} subjects; it is five (FA-3)", v.len()),
        )
    })?;
    let trump = match f.opt_str("trump")? {
        None => None,
        Some((t, sp)) => Some((parse_trump(t, sp, src)?, sp.clone())),
    };
    let n = names.len();
    let mut seen: Vec<(Card, String)> = Vec::new();
    let mut note_card = |c: Card, sp: &Span, whose: String| -> Result<(), Error> {
        if let Some((_, other)) = seen.iter().find(|(d, _)| *d == c) {
            return Err(src.error(
                "farfalia.card-twice",
                sp,
                format!("{c} is dealt twice in deal {k}: in {other} and in {whose} (FA-1)"),
            ));
        }
        seen.push((c, whose));
        Ok(())
    };
    let mut hands = vec![None; n];
    for (seat, hnode) in by_player(f.req("hands")?, src, "[setup.deal.hands]", names)? {
        let cards = parse_cards(hnode, src, &format!("{}'s hand", names[seat]))?;
        for (c, sp) in &cards {
            note_card(*c, sp, format!("{}'s hand", names[seat]))?;
        }
        hands[seat] = Some((cards, hnode.span.clone()));
    }
    let mut dummies = vec![None; n];
    if let Some(dnode) = f.opt("dummies") {
        for (seat, lnode) in by_player(dnode, src, "[setup.deal.dummies]", names)? {
            let whose = format!("{}'s dummy", names[seat]);
            let mut lf = lnode.fields(src, &whose)?;
            lf.only(LAYOUT_FIELDS)?;
            let mut row = |key: &str| -> Result<Vec<Spanned<Card>>, Error> {
                let node = lf.req(key)?;
                let cards = parse_cards(node, src, &format!("`{key}`"))?;
                let wants = if key == "beside" { 1 } else { 6 };
                if cards.len() != wants {
                    return Err(src.error(
                        "farfalia.bad-setup",
                        &node.span,
                        format!(
                            "{whose}: `{key}` has {} cards; a dummy lays out 6 face down, 6 face up on them and 1 beside (FA-8)",
                            cards.len()
                        ),
                    ));
                }
                Ok(cards)
            };
            let down = row("down")?;
            let up = row("up")?;
            let beside = row("beside")?;
            lf.finish(LAYOUT_FIELDS)?;
            for (c, sp) in down.iter().chain(&up).chain(&beside) {
                note_card(*c, sp, whose.clone())?;
            }
            let all: Vec<Card> = down.iter().chain(&up).chain(&beside).map(|x| x.0).collect();
            let layout = Layout::from_dealt(&all).ok_or_else(|| internal("a 13-card layout"))?;
            dummies[seat] = Some((layout, lnode.span.clone()));
        }
    }
    let mut jolly = vec![None; n];
    if let Some(jnode) = f.opt("jolly") {
        for (seat, fnode) in by_player(jnode, src, "[setup.deal.jolly]", names)? {
            let s = fnode.as_str(src, "a jolly")?;
            jolly[seat] = Some((parse_family(s, &fnode.span, src)?, fnode.span.clone()));
        }
    }
    f.finish(DEAL_FIELDS)?;
    Ok(WrittenDeal {
        span: node.span.clone(),
        dealer,
        proposal: (proposal, pnode.span.clone()),
        trump,
        hands,
        dummies,
        jolly,
    })
}

/// The written `[setup]`: a position to start from, if any, and the deals
/// written out (from the first, or from the one after the position's).
fn read_setup(
    record: &Record,
    src: &Source,
    names: &[String],
    rules: Rules,
) -> Result<(Option<WrittenPosition>, Vec<WrittenDeal>), Error> {
    let Some(node) = record.setup.written() else {
        return Ok((None, Vec::new()));
    };
    let mut f = node.fields(src, "[setup]")?;
    f.only(&["deal", "position"])?;
    let position = match f.opt("position") {
        Some(p) => Some(position_record::read(p, src, names, rules)?),
        None => None,
    };
    let deals = match (f.opt("deal"), &position) {
        (Some(d), _) => d.as_array(src, "`setup.deal`")?,
        (None, Some(_)) => &[],
        (None, None) => f.req("deal")?.as_array(src, "`setup.deal`")?,
    };
    f.finish(&["deal", "position"])?;
    let first = position.as_ref().map_or(0, |p| p.deal.0 + 1);
    let deals = deals
        .iter()
        .enumerate()
        .map(|(i, d)| read_deal(d, first + i + 1, src, names))
        .collect::<Result<_, _>>()?;
    Ok((position, deals))
}

/// What a move does, as written.
enum Action {
    Card(Card),
    Jolly(Family),
    Take(Option<Card>),
    Discard(Vec<Spanned<Card>>),
    Trump(Trump),
    Double(bool),
}

/// A move as written: its action and the span of the action's value.
pub(super) struct Written {
    action: Action,
    span: Span,
}

const ACTIONS: &[&str] = &["card", "jolly", "take", "discard", "trump", "double"];
const MOVE_FIELDS: &[&str] = &[
    "player", "card", "jolly", "take", "discard", "trump", "double",
];

fn read_move(
    entry: &MoveEntry,
    mut f: crate::record::Fields<'_>,
    src: &Source,
) -> Result<Written, Error> {
    f.only(MOVE_FIELDS)?;
    let span = f.span().clone();
    let given: Vec<(&str, &Node)> = ACTIONS
        .iter()
        .filter_map(|&k| f.opt(k).map(|n| (k, n)))
        .collect();
    f.finish(MOVE_FIELDS)?;
    let (key, node) = match given.as_slice() {
        [one] => *one,
        [] => {
            return Err(src
                .error(
                    "farfalia.no-move",
                    &span,
                    format!("move {} says nothing to do", entry.number),
                )
                .help("give one of: card, take, jolly, discard, trump, double"))
        }
        [_, (second, node), ..] => {
            return Err(src
                .error(
                    "farfalia.two-moves",
                    &node.span,
                    format!(
                        "move {} does two things (`{}` and `{second}`)",
                        entry.number, given[0].0
                    ),
                )
                .help("write each card played, collection choice, discard, trump or declaration as its own [[move]]"))
        }
    };
    let str_of = |what: &str| node.as_str(src, what);
    let action = match key {
        "card" => Action::Card(parse_card(str_of("`card`")?, &node.span, src)?),
        "jolly" => Action::Jolly(parse_family(str_of("`jolly`")?, &node.span, src)?),
        "take" => {
            let s = str_of("`take`")?;
            if s.trim().eq_ignore_ascii_case("none") {
                Action::Take(None)
            } else {
                Action::Take(Some(parse_card(s, &node.span, src)?))
            }
        }
        "discard" => {
            let cards = parse_cards(node, src, "`discard`")?;
            for (i, (c, sp)) in cards.iter().enumerate() {
                if cards[..i].iter().any(|(d, _)| d == c) {
                    return Err(src.error(
                        "farfalia.card-twice",
                        sp,
                        format!("{c} is discarded twice"),
                    ));
                }
            }
            Action::Discard(cards)
        }
        "trump" => Action::Trump(parse_trump(str_of("`trump`")?, &node.span, src)?),
        _ => match node.value {
            Value::Boolean(b) => Action::Double(b),
            ref other => {
                return Err(src.error(
                    "record.wrong-type",
                    &node.span,
                    format!("`double` must be true or false, not {}", other.type_name()),
                ))
            }
        },
    };
    Ok(Written {
        action,
        span: node.span.clone(),
    })
}

pub(super) fn engine_move(seat: usize, w: &Written) -> Move {
    match &w.action {
        Action::Card(card) => Move::Play { seat, card: *card },
        Action::Jolly(family) => Move::Jolly {
            seat,
            family: *family,
        },
        Action::Take(Some(card)) => Move::Take { seat, card: *card },
        Action::Take(None) => Move::Decline { seat },
        Action::Discard(cards) => Move::Discard {
            seat,
            cards: cards.iter().map(|x| x.0).collect(),
        },
        Action::Trump(trump) => Move::Trump {
            seat,
            trump: *trump,
        },
        Action::Double(double) => Move::Double {
            seat,
            double: *double,
        },
    }
}

/// Where in the match the next move falls, for messages: `deal 2, trick 5`,
/// `deal 2, before the first trick`, `deal 2, the collection after trick 5`,
/// `after deal 2's last trick`.
fn moment(m: &Match, mv: Move) -> String {
    let k = m.deals_played();
    let collecting = matches!(mv, Move::Take { .. } | Move::Decline { .. });
    match m.deal() {
        Some(d) if collecting && d.trick().is_empty() && d.tricks_done() > 0 => {
            format!("deal {}, after trick {}", k + 1, d.tricks_done())
        }
        None if m.is_over() => format!("after the match's last deal, deal {k}"),
        None => format!("after deal {k}'s last trick"),
        Some(d) => match d.expected() {
            Expected::Double | Expected::Discard | Expected::Trump | Expected::Deal => {
                format!("deal {}, before the first trick", k + 1)
            }
            Expected::Collect => format!(
                "deal {}, the collection after trick {}",
                k + 1,
                d.tricks_done()
            ),
            Expected::Play => format!("deal {}, trick {}", k + 1, d.tricks_done() + 1),
        },
    }
}

/// The span of the field at fault for a rule broken.
fn blame<'a>(b: &Broken, entry: &'a MoveEntry, w: &'a Written) -> &'a Span {
    match b {
        Broken::GameOver
        | Broken::OutOfTurn { .. }
        | Broken::DoubleOrder { .. }
        | Broken::PartnerCollects { .. } => &entry.player_span,
        Broken::NotHeld { card, .. } => match &w.action {
            Action::Discard(cards) => cards
                .iter()
                .find(|(c, _)| c == card)
                .map_or(&w.span, |(_, sp)| sp),
            _ => &w.span,
        },
        Broken::Unexpected { .. }
        | Broken::FaceDown { .. }
        | Broken::OtherHand { .. }
        | Broken::TrumpTurned { .. }
        | Broken::NoCollection { .. }
        | Broken::Revoke { .. }
        | Broken::JollyLead { .. }
        | Broken::NoJolly { .. }
        | Broken::CollectEarly { .. }
        | Broken::NotInTrick { .. }
        | Broken::Burned { .. }
        | Broken::NotProposed { .. }
        | Broken::Complete { .. }
        | Broken::DiscardCount { .. }
        | Broken::DoubleSpent { .. }
        | Broken::DoubleLeader { .. } => &w.span,
    }
}

// ---------------------------------------------------------------------------
// Replaying a match.

/// Where each deal's setup comes from while replaying.
pub(super) struct Deals<'a> {
    written: Vec<WrittenDeal>,
    dealt: Option<(&'a Provenance, &'a Span)>,
    burnin: bool,
    /// The deal (from 0) that `written[0]` is: 0, or the one after a
    /// position's.
    first_written: usize,
    src: &'a Source,
    names: Vec<String>,
    /// The numbers of the moves that are collection choices (`take`).
    collections: std::collections::BTreeSet<usize>,
}

impl Deals<'_> {
    /// Start deal `k` (0-based) of the match: from its written setup
    /// (checked against the dealt one when the record has `[deal]`), or dealt.
    /// `Ok(false)`: the record gives no setup for it.
    pub(super) fn begin(&self, m: &mut Match, k: usize) -> Result<bool, Error> {
        if m.deal().is_some() {
            // Already in play: a deal resumed from a position.
            return Ok(true);
        }
        let table = m.next_table().ok_or_else(|| internal("no next table"))?;
        let dealt = match self.dealt {
            None => None,
            Some((p, span)) => {
                let orders = orders(&p.variant, &p.seed, p.board, k)
                    .map_err(|e| self.src.error(e.code, span, e.message))?;
                Some(Setup::deal(table.clone(), &orders, self.burnin).map_err(internal)?)
            }
        };
        let written = k
            .checked_sub(self.first_written)
            .and_then(|i| self.written.get(i));
        let setup = match (written, dealt) {
            (None, None) => return Ok(false),
            (None, Some(d)) => d,
            (Some(w), dealt) => {
                let setup = self.written_setup(w, &table, k, dealt.is_some())?;
                if let Some(d) = dealt {
                    self.agree(w, &setup, &d)?;
                }
                setup
            }
        };
        m.begin(&setup).map_err(|e| {
            let span = written.map_or_else(
                || self.dealt.map_or(0..0, |(_, sp)| sp.clone()),
                |w| setup_span(&e, w, &setup),
            );
            self.src
                .error("farfalia.bad-setup", &span, format!("deal {}: {e}", k + 1))
        })?;
        Ok(true)
    }

    fn written_setup(
        &self,
        w: &WrittenDeal,
        table: &Table,
        k: usize,
        seeded: bool,
    ) -> Result<Setup, Error> {
        let src = self.src;
        let names = &self.names;
        if w.dealer.0 != table.dealer() {
            if seeded {
                return Err(src.setup_not_dealt(&w.dealer.1, "farfalia"));
            }
            return Err(src.error(
                "farfalia.bad-setup",
                &w.dealer.1,
                format!(
                    "deal {} is dealt by {}, not {} (FA-5, FA-7)",
                    k + 1,
                    names[table.dealer()],
                    names[w.dealer.0]
                ),
            ));
        }
        let mut hands = Vec::with_capacity(table.places.len());
        for place in &table.places {
            let seat = place.seat;
            let hand = if place.dummy {
                let (layout, _) = w.dummies[seat].as_ref().ok_or_else(|| {
                    src.error(
                        "farfalia.bad-setup",
                        &w.span,
                        format!(
                            "deal {}: no layout for {}'s dummy (FA-8)",
                            k + 1,
                            names[seat]
                        ),
                    )
                })?;
                Hand {
                    cards: layout.cards(),
                    layout: Some(*layout),
                    jolly: None,
                }
            } else {
                let (cards, _) = w.hands[seat].as_ref().ok_or_else(|| {
                    src.error(
                        "farfalia.bad-setup",
                        &w.span,
                        format!("deal {}: no hand for {}", k + 1, names[seat]),
                    )
                })?;
                Hand {
                    cards: cards.iter().map(|x| x.0).collect(),
                    layout: None,
                    jolly: w.jolly[seat].as_ref().map(|x| x.0),
                }
            };
            hands.push(hand);
        }
        for (seat, d) in w.dummies.iter().enumerate() {
            if let Some((_, span)) = d {
                if !table.places.iter().any(|p| p.dummy && p.seat == seat) {
                    return Err(src.error(
                        "farfalia.bad-setup",
                        span,
                        format!("deal {}: {} has no dummy (FA-5, FA-8)", k + 1, names[seat]),
                    ));
                }
            }
        }
        let turned = (!table.kind.dealer_chooses_trump()).then(|| Trump::turned(w.proposal.0[0]));
        Ok(Setup {
            table: table.clone(),
            hands,
            proposal: w.proposal.0,
            trump: w.trump.as_ref().map(|t| t.0).or(turned),
        })
    }

    /// The written setup must be the dealt one; point at the first value that differs.
    fn agree(&self, w: &WrittenDeal, written: &Setup, dealt: &Setup) -> Result<(), Error> {
        let src = self.src;
        let differ = |span: &Span| Err(src.setup_not_dealt(span, "farfalia"));
        if written.proposal != dealt.proposal {
            return differ(&w.proposal.1);
        }
        if written.trump != dealt.trump {
            return differ(w.trump.as_ref().map_or(&w.proposal.1, |t| &t.1));
        }
        for ((place, a), b) in written
            .table
            .places
            .iter()
            .zip(&written.hands)
            .zip(&dealt.hands)
        {
            let set = |h: &Hand| h.cards.iter().collect::<CardSet>();
            let seat = place.seat;
            if place.dummy {
                if a.layout != b.layout {
                    return differ(w.dummies[seat].as_ref().map_or(&w.span, |d| &d.1));
                }
            } else if set(a) != set(b) {
                return differ(w.hands[seat].as_ref().map_or(&w.span, |h| &h.1));
            } else if a.jolly != b.jolly {
                return differ(w.jolly[seat].as_ref().map_or(&w.span, |j| &j.1));
            }
        }
        Ok(())
    }
}

/// The span of a written deal that a setup error is about.
fn setup_span(e: &SetupError, w: &WrittenDeal, setup: &Setup) -> Span {
    let place_span = |place: usize| {
        let Some(p) = setup.table.places.get(place) else {
            return w.span.clone();
        };
        let found = if p.dummy {
            w.dummies[p.seat].as_ref().map(|d| d.1.clone())
        } else {
            w.hands[p.seat].as_ref().map(|h| h.1.clone())
        };
        found.unwrap_or_else(|| w.span.clone())
    };
    match e {
        SetupError::HandSize { place, .. } | SetupError::Layout { place } => place_span(*place),
        SetupError::Jolly { place } => {
            let seat = setup.table.places.get(*place).map(|p| p.seat);
            seat.and_then(|s| w.jolly[s].as_ref().map(|j| j.1.clone()))
                .unwrap_or_else(|| place_span(*place))
        }
        SetupError::Trump => w
            .trump
            .as_ref()
            .map_or(w.proposal.1.clone(), |t| t.1.clone()),
        SetupError::Twice(c) => w
            .hands
            .iter()
            .flatten()
            .flat_map(|(cards, _)| cards)
            .find(|(d, _)| d == c)
            .map_or(w.span.clone(), |(_, sp)| sp.clone()),
        SetupError::WrongTable | SetupError::Seats => w.dealer.1.clone(),
        SetupError::Players { .. }
        | SetupError::Places { .. }
        | SetupError::Order { .. }
        | SetupError::DealCount { .. }
        | SetupError::Format => w.span.clone(),
    }
}

/// A seat's name with its partner(s): "Anna and Carla", "Anna with the dummy".
fn team_name(table: &Table, team: usize, names: &[String]) -> String {
    let seats: Vec<&str> = table.team_seats(team).map(|s| names[s].as_str()).collect();
    let dummy = table.places.iter().any(|p| p.team == team && p.dummy);
    let mut s = seats.join(" and ");
    if dummy {
        s.push_str(" with the dummy");
    }
    s
}

/// The note on a finished deal: dealer, trump, proposal, what each side
/// matched, the points, DoubleYou, and the totals.
fn deal_note(
    k: usize,
    table: &Table,
    deal: &super::Deal,
    totals: &[u32],
    names: &[String],
) -> String {
    let proposal: Vec<String> = deal.proposal().iter().map(|f| f.to_string()).collect();
    let trump = deal.trump().map_or("none".to_string(), |t| t.to_string());
    let mut sides = Vec::new();
    for team in 0..table.teams() {
        let collected: CardSet = (0..deal.places())
            .filter(|&p| deal.team_of(p) == team)
            .map(|p| deal.collected(p))
            .fold(CardSet::EMPTY, |a, b| CardSet(a.0 | b.0));
        let cards: Vec<String> = collected.iter().map(|c| c.to_string()).collect();
        sides.push(format!(
            "{} matched {} ({}) for {} point{}",
            team_name(table, team, names),
            deal.matched(team),
            if cards.is_empty() {
                "nothing".to_string()
            } else {
                cards.join(" ")
            },
            deal.team_points(team),
            if deal.team_points(team) == 1 { "" } else { "s" }
        ));
    }
    let doubled: Vec<&str> = (0..names.len())
        .filter(|&s| deal.doubled(s))
        .map(|s| names[s].as_str())
        .collect();
    let mut note = format!(
        "deal {}: {} deals, trump {trump}, proposal {}{}; {}",
        k,
        names[table.dealer()],
        proposal.join(" "),
        if table.multiplier > 1 {
            format!(", points x{} (FA-4)", table.multiplier)
        } else {
            String::new()
        },
        sides.join("; ")
    );
    if !doubled.is_empty() {
        note.push_str(&format!(
            "; DoubleYou doubles {} (FA-10)",
            doubled.join(" and ")
        ));
    }
    let points: Vec<String> = deal
        .scores()
        .iter()
        .zip(names)
        .map(|(p, n)| format!("{n} {p}"))
        .collect();
    let tot: Vec<String> = totals
        .iter()
        .zip(names)
        .map(|(p, n)| format!("{n} {p}"))
        .collect();
    note.push_str(&format!(
        "; points {} (FA-4); totals {}",
        points.join(", "),
        tot.join(", ")
    ));
    note
}

/// The result of a match stopped by the illegal move `number` (tavolo's ruling on
/// irregularities, GN-4 for a strict table's revoke): the deals finished before it stand,
/// the deal in progress is not scored, and nobody wins; after the match's last trick, the
/// match's own result.
pub(super) fn irregular(m: &Match, number: usize, names: &[String]) -> GameResult {
    if m.is_over() {
        let mut r = finished(m, names);
        r.reason = format!(
            "{}; move {} came after the match's last trick (GN-1)",
            r.reason, number
        );
        r
    } else {
        let done = m.deals_played();
        let stand = match done {
            0 => "no deal was finished before it, so nothing is scored".to_string(),
            1 => {
                "the deal finished before it stands, the deal in progress is not scored".to_string()
            }
            k => format!(
                "the {k} deals finished before it stand, the deal in progress is not scored"
            ),
        };
        GameResult {
            scores: scores(m, names),
            reason: format!(
                "the match stops at the illegal move {} in deal {}: {stand}, and nobody wins (tavolo's ruling on irregularities)",
                number,
                done + 1,
            ),
            ..GameResult::default()
        }
    }
}

fn standings_note(m: &Match, names: &[String]) -> String {
    let places: Vec<String> = m
        .standings()
        .iter()
        .map(|s| format!("{}. {} {}", s.place, names[s.seat], s.points))
        .collect();
    format!(
        "standings after {} deal{}: {} (equal points share a place, FA-11)",
        m.deals_played(),
        if m.deals_played() == 1 { "" } else { "s" },
        places.join(", ")
    )
}

fn scores(m: &Match, names: &[String]) -> Vec<Score> {
    m.totals()
        .iter()
        .zip(names)
        .map(|(&p, n)| Score {
            player: n.clone(),
            points: i64::from(p),
        })
        .collect()
}

fn joined(seats: &[usize], names: &[String]) -> String {
    let v: Vec<&str> = seats.iter().map(|&s| names[s].as_str()).collect();
    match v.as_slice() {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The result of a finished match: the winners by the format (FA-5, FA-7,
/// FA-11), the others as losers, the totals as scores.
fn finished(m: &Match, names: &[String]) -> GameResult {
    let winners = m.winners();
    let t = m.totals();
    let who = joined(&winners, names);
    let verb = if winners.len() == 1 { "wins" } else { "win" };
    let reason = match m.rules().format {
        Format::Intro if winners.len() > 2 => format!(
            "{who} share the win: ties bring them into the two best totals (FA-7, FA-11)"
        ),
        Format::Intro => format!("{who} win with the two best totals (FA-7)"),
        Format::Four => {
            let pair = |s: usize| t[s % 2] + t[s % 2 + 2];
            if winners.len() > 2 {
                format!("both pairs have {} points: they share the win (FA-11)", pair(0))
            } else {
                format!(
                    "the pair {who} {verb}, {} points to {} (each pair's two totals added, FA-5)",
                    pair(winners[0]),
                    pair(winners[0] + 1)
                )
            }
        }
        Format::Chinkway if winners.len() == 1 => format!(
            "{who} wins with the highest total after the extra deal (FA-5; ties go to the better last deal, FA-11)"
        ),
        _ if winners.len() == 1 => format!("{who} wins with the highest total (FA-5)"),
        _ => format!("{who} share the win, tied on the highest total (FA-11)"),
    };
    GameResult {
        winners: winners.iter().map(|&s| names[s].clone()).collect(),
        losers: (0..names.len())
            .filter(|s| !winners.contains(s))
            .map(|s| names[s].clone())
            .collect(),
        scores: scores(m, names),
        reason,
        ..GameResult::default()
    }
}

/// A record ready to replay (by `check` and by `tavolo show`): the players'
/// names, the moves as written, where each deal's setup comes from, and the
/// match before its first move.
pub(super) struct Replay<'a> {
    pub(super) names: Vec<String>,
    pub(super) moves: Vec<Written>,
    pub(super) deals: Deals<'a>,
    pub(super) m: Match,
}

pub(super) fn replay<'a>(record: &'a Record, src: &'a Source) -> Result<Replay<'a>, Error> {
    let names = record.player_names();
    let n = names.len();
    let rules = rules_of(&record.variant, n).ok_or_else(|| {
        src.error(
            "record.players",
            &record.span,
            format!(
                "farfalia ({}) is not for {n} players (FA-5)",
                record.variant
            ),
        )
    })?;
    let (position, written) = read_setup(record, src, &names, rules)?;
    let moves = record.read_moves(src, |entry, f| read_move(entry, f, src))?;
    let first_written = position.as_ref().map_or(0, |p| p.deal.0 + 1);
    if first_written + written.len() > rules.format.deals() {
        let extra = &written[rules.format.deals() - first_written];
        return Err(src.error(
            "farfalia.bad-setup",
            &extra.span,
            format!(
                "{} ({}) has {} deals; the setup writes {} (FA-5)",
                rules.format,
                record.variant,
                rules.format.deals(),
                first_written + written.len()
            ),
        ));
    }
    let dealt = record.setup.deal();
    let first = match (dealt, written.first()) {
        (Some((p, _)), _) => first_dealer(p.board, n),
        (None, Some(w)) => w.dealer.0,
        (None, None) => 0,
    };
    let collections = record
        .moves
        .iter()
        .zip(&moves)
        .filter(|(_, w)| matches!(w.action, Action::Take(_)))
        .map(|(e, _)| e.number)
        .collect();
    let deals = Deals {
        written,
        first_written,
        dealt,
        burnin: rules.jolly == Jolly::Burnin,
        src,
        names: names.clone(),
        collections,
    };
    let m = match &position {
        Some(p) => p.start(rules, src, &names, dealt)?,
        None => Match::new(rules, first).map_err(internal)?,
    };
    Ok(Replay {
        names,
        moves,
        deals,
        m,
    })
}

impl Deals<'_> {
    /// Before the move `entry`: begin the next deal if none is in play (and
    /// the match is not over); an error if the record gives no setup for it.
    pub(super) fn before(&self, m: &mut Match, entry: &MoveEntry) -> Result<(), Error> {
        if self.wants(m, entry) {
            let k = m.deals_played();
            if !self.begin(m, k)? {
                return Err(self
                    .src
                    .error(
                        "farfalia.no-setup",
                        &entry.player_span,
                        format!(
                            "move {} starts deal {}, but the record gives no setup for it",
                            entry.number,
                            k + 1
                        ),
                    )
                    .help("add its [[setup.deal]], or a [deal] seed that deals every deal"));
            }
        }
        Ok(())
    }

    /// The match to try the move `entry` in when it starts the next deal: that deal begun
    /// (written out, or dealt from the seed), between moves, as the replay reaches it (the
    /// tables of later deals follow the standings, FA-7); `None` when the move does not.
    pub(super) fn between(&self, game: &Match, entry: &MoveEntry) -> Result<Option<Match>, Error> {
        if !self.wants(game, entry) {
            return Ok(None);
        }
        let mut m = game.clone();
        self.before(&mut m, entry)?;
        Ok(Some(m))
    }

    /// Whether the move `entry` starts the next deal: none is in play, the match goes on,
    /// and the move is not a collection choice right after a deal's last trick (that one
    /// belongs to the deal just finished: the engine judges it there, FA-3).
    fn wants(&self, m: &Match, entry: &MoveEntry) -> bool {
        let stray = m.deals_played() > 0 && self.collections.contains(&entry.number);
        m.deal().is_none() && !m.is_over() && !stray
    }
}

/// The match's moves as the engine plays them, the seat from each record move.
pub(super) fn engine_moves(record: &Record, moves: &[Written]) -> Vec<Move> {
    record
        .moves
        .iter()
        .zip(moves)
        .map(|(e, w)| engine_move(e.player, w))
        .collect()
}

fn check(record: &Record, src: &Source) -> Result<Verdict, Error> {
    let Replay {
        names,
        moves,
        deals,
        m,
    } = replay(record, src)?;
    let mut notes = Vec::new();
    let mut facts = Vec::new();
    let total = moves.len();
    let played = |i: usize, before: &Match, mv: &Move, out: &Outcome, after: &Match| {
        let entry = &record.moves[i];
        let (Some(deal), Some(t)) = (before.deal(), before.table()) else {
            return Ok(());
        };
        let k = before.deals_played() + 1;
        let over = matches!(out, Outcome::DealOver | Outcome::MatchOver);
        // A finished deal is no longer the match's: replay the move on a copy.
        let dealt = match after.deal() {
            Some(d) if !over => d.clone(),
            _ => {
                let mut d = deal.clone();
                d.play(*mv).map_err(|b| internal(b.describe(&names)))?;
                d
            }
        };
        let at = details::At {
            number: entry.number,
            player: &names[entry.player],
            deal: k,
        };
        facts.extend(details::of_move(&at, deal, *mv, &dealt, &names));
        if over {
            notes.push(deal_note(k, t, &dealt, after.totals(), &names));
            let next = after.next_table().map(|n| n.dealer());
            facts.push(details::deal_end(
                &at,
                t,
                &dealt,
                after.totals(),
                next,
                &names,
            ));
        }
        Ok(())
    };
    let opened = Opened::one_each(m, engine_moves(record, &moves));
    let dealing = |i: usize, game: &Match, _: &Move| deals.between(game, &record.moves[i]);
    let replayed = replay_followed(&Farfalia, record, opened, total, dealing, played)?;
    let mut m = replayed.game().clone();
    if let Some((n, refused, _)) = replayed.refused() {
        let (entry, w, b) = (&record.moves[n - 1], &moves[n - 1], &refused.broken);
        let illegal = illegal(
            src,
            record,
            (entry, blame(b, entry, w)),
            b,
            format!("{} ({})", b.describe(&names), moment(&m, refused.mv)),
        );
        let result = irregular(&m, entry.number, &names);
        if m.deals_played() > 0 {
            notes.push(standings_note(&m, &names));
        }
        return Ok(Verdict {
            result: Some(result),
            notes,
            details: facts,
            ..Verdict::illegal(total, illegal)
        });
    }
    if m.deals_played() > 0 {
        notes.push(standings_note(&m, &names));
    }
    if m.is_over() {
        return Ok(Verdict::complete(total, finished(&m, &names), notes).with_details(facts));
    }
    if m.deal().is_none() {
        let k = m.deals_played();
        deals.begin(&mut m, k)?;
    }
    Ok(
        Verdict::legal_so_far(total, m.to_move().map(|s| names[s].clone()), notes)
            .with_details(facts),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::session::Session;

    fn names(n: usize) -> Vec<String> {
        (1..=n).map(|i| format!("P{i}")).collect()
    }

    /// FA-5, FA-7: a match's deals written out begin between moves, as the replay reaches
    /// them; the session keeps each so that the position after any move is found again,
    /// and taking moves back past a deal's start and playing them again gives the same.
    #[test]
    fn fa5_written_deals_begin_between_moves_and_undo_finds_them_again() {
        let text = include_str!("../../../tests/fixtures/farfalia/complete-two.toml");
        let src = Source::new("complete-two.toml", text);
        let record = Record::parse(&src, &crate::games::Registry).unwrap();
        let Replay {
            moves, deals, m, ..
        } = replay(&record, &src).unwrap();
        let dealing = |i: usize, game: &Match, _: &Move| deals.between(game, &record.moves[i]);
        let mut s = Session::viewing(&Farfalia, &record, m);
        let refused = s
            .replay_followed(
                engine_moves(&record, &moves),
                None,
                dealing,
                |_, _, _, _, _| Ok(()),
            )
            .unwrap();
        assert!(refused.is_none());
        let n = s.steps().len();
        assert_eq!(n, record.moves.len());
        assert!(s.game().is_over() && s.game().deals_played() > 1);
        // The position after the last move, replayed from the deals set between moves.
        let debug = |m: &Match| format!("{m:?}");
        assert_eq!(debug(&s.after(n)), debug(s.game()));
        // Every move taken back to the start, and played again.
        let ended = s.game().clone();
        while s.undo().is_some() {}
        assert_eq!(s.game().deals_played(), 0);
        for _ in 0..n {
            assert!(s.redo().unwrap().is_ok());
        }
        assert_eq!(debug(s.game()), debug(&ended));
    }

    #[test]
    fn variants_name_formats_and_jollies() {
        assert_eq!(rules_of(STANDARD, 4).unwrap().format, Format::Four);
        assert_eq!(rules_of(STANDARD, 5).unwrap().format, Format::Intro);
        assert!(rules_of(STANDARD, 6).is_none());
        let r = rules_of("three-short-burnin", 3).unwrap();
        assert_eq!((r.format, r.jolly), (Format::ThreeShort, Jolly::Burnin));
        assert!(rules_of("four", 5).is_none());
        assert!(rules_of("intro", 5).is_none());
        for v in VARIANTS {
            let counts = Farfalia.player_counts(v);
            assert!(!counts.is_empty(), "{v}");
            for n in counts {
                assert!(rules_of(v, n).is_some(), "{v} {n}");
            }
        }
    }

    /// Golden vectors: a four-player board printed by `tavolo deal` and as
    /// one line never changes (tavolo-deal-v1).
    #[test]
    fn golden_deal_text_and_line() {
        let p = Provenance::new("farfalia", "four", "golden", 1);
        let d = Farfalia.deal("four", &names(4), &p).unwrap();
        assert_eq!(d.lines[0], GOLDEN_TEXT[0]);
        assert_eq!(d.lines[1], GOLDEN_TEXT[1]);
        assert_eq!(d.json["deal"].as_array().unwrap().len(), 4);
        let lines = line_deals("four", 4, "golden").unwrap();
        let mut out = Vec::new();
        lines.write(1, &mut out);
        assert_eq!(String::from_utf8(out).unwrap(), GOLDEN_LINE);
        let mut out = Vec::new();
        lines.write(2, &mut out);
        assert!(
            String::from_utf8(out).unwrap().starts_with("2:"),
            "board 2: seat 2 deals"
        );
    }

    const GOLDEN_TEXT: [&str; 2] = [
        "deal 1 (board 1): P1 deals; proposal G B F G O; trump G (turned from the proposal)",
        "  P1 (dealer, 13 cards): R2 R3 R5 R6 G5 G6 G7 G11 G13 B4 O3 O4 O8",
    ];
    /// The same board as the engine's golden vector (`tests.rs`).
    const GOLDEN_LINE: &str =
        "1:6532.KJ765.4.843 2:QJ.QT84321.1.J51 3:971.9.KQT9762.K2 4:KT84..J853.QT976\n";
}
