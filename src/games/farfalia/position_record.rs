//! A record's `[setup.position]`: a deal in progress written as it lies on
//! the table (docs/records.md, Farfalia, "Starting from a position"), so a
//! director can settle a dispute without typing the match from its first
//! deal. Read into a [`Position`] and the standings before it; every fault
//! (a card twice, a wrong count, an unknown card or player) is located at
//! its value.

use super::values_record::{
    by_player, first_dealer, internal, orders, parse_card, parse_cards, parse_family, parse_trump,
    player_index, word_list, Spanned,
};
use super::{
    Card, CardSet, DummyNow, Family, Jolly, Match, Position, PositionError, Rules, Setup, Table,
    Trump,
};
use crate::deal::Provenance;
use crate::error::Error;
use crate::record::node::Value;
use crate::record::{Node, Source, Span};

const FIELDS: &[&str] = &[
    "deal",
    "dealer",
    "seating",
    "proposal",
    "trump",
    "tricks",
    "leader",
    "trick",
    "to_move",
    "hands",
    "dummies",
    "jolly",
    "collected",
    "standings",
    "jollies_left",
    "doubled",
];
const DUMMY_FIELDS: &[&str] = &["up", "under", "uncovered"];

/// A place as written: a player, or `"Anna's dummy"`.
type PlaceName = (usize, bool);

/// A dummy as written: its face-up cards, the card under each that covers
/// one, the cards uncovered by the trick on the table.
struct WrittenDummy {
    up: Vec<Spanned<Card>>,
    under: Vec<(Card, Spanned<Card>)>,
    uncovered: Vec<Spanned<Card>>,
}

/// A `[setup.position]` as written, before its table is known.
pub(super) struct WrittenPosition {
    span: Span,
    /// The deal of the match, from 0.
    pub(super) deal: Spanned<usize>,
    dealer: Spanned<usize>,
    seating: Option<(Vec<usize>, Span)>,
    proposal: Spanned<[Family; 5]>,
    trump: Spanned<Trump>,
    tricks: Spanned<u8>,
    leader: Spanned<PlaceName>,
    trick: (Vec<Spanned<Result<Card, Family>>>, Span),
    to_move: Option<Spanned<PlaceName>>,
    hands: Vec<Option<(Vec<Spanned<Card>>, Span)>>,
    dummies: Vec<Option<(WrittenDummy, Span)>>,
    jolly: Vec<Option<Spanned<Family>>>,
    collected: Vec<Option<(Vec<Spanned<Card>>, Span)>>,
    standings: (Vec<u32>, Span),
    jollies_left: Vec<u8>,
    doubled: Vec<usize>,
}

fn bad(src: &Source, span: &Span, message: String) -> Error {
    src.error("farfalia.bad-position", span, message)
}

/// `"Anna"` or `"Anna's dummy"`.
fn place_name(s: &str, span: &Span, names: &[String], src: &Source) -> Result<PlaceName, Error> {
    if names.iter().any(|n| n == s) {
        return Ok((player_index(s, span, names, src)?, false));
    }
    match s.strip_suffix("'s dummy") {
        Some(owner) => Ok((player_index(owner, span, names, src)?, true)),
        None => player_index(s, span, names, src)
            .map(|p| (p, false))
            .map_err(|e| e.help("a place is a player's name, or `NAME's dummy` for a dummy")),
    }
}

/// Read `[setup.position]` for a match of `rules` played by `names`.
pub(super) fn read(
    node: &Node,
    src: &Source,
    names: &[String],
    rules: Rules,
) -> Result<WrittenPosition, Error> {
    let n = names.len();
    let mut f = node.fields(src, "[setup.position]")?;
    f.only(FIELDS)?;
    let deals = rules.format.deals();
    let deal = match f.opt("deal") {
        None => (0, node.span.clone()),
        Some(d) => (
            d.as_int(src, "`deal`", 1..deals as i128 + 1)? as usize - 1,
            d.span.clone(),
        ),
    };
    let (dealer, dealer_span) = f.req_str("dealer")?;
    let dealer = (
        player_index(dealer, dealer_span, names, src)?,
        dealer_span.clone(),
    );
    let seating = match f.opt("seating") {
        None => None,
        Some(snode) => {
            let seats = word_list(snode, src, "`seating`")?
                .into_iter()
                .map(|(s, sp)| player_index(s, &sp, names, src))
                .collect::<Result<Vec<_>, _>>()?;
            Some((seats, snode.span.clone()))
        }
    };
    let pnode = f.req("proposal")?;
    let families = word_list(pnode, src, "`proposal`")?
        .into_iter()
        .map(|(s, sp)| parse_family(s, &sp, src))
        .collect::<Result<Vec<_>, _>>()?;
    let proposal: [Family; 5] = families.try_into().map_err(|v: Vec<Family>| {
        bad(
            src,
            &pnode.span,
            format!("the proposal has {} subjects; it is five (FA-3)", v.len()),
        )
    })?;
    let (t, tspan) = f.req_str("trump")?;
    let trump = (parse_trump(t, tspan, src)?, tspan.clone());
    let tnode = f.req("tricks")?;
    let tricks = (
        tnode.as_int(src, "`tricks`", 0..18)? as u8,
        tnode.span.clone(),
    );
    let (l, lspan) = f.req_str("leader")?;
    let leader = (place_name(l, lspan, names, src)?, lspan.clone());
    let trick = match f.opt("trick") {
        None => (Vec::new(), node.span.clone()),
        Some(tn) => {
            let mut cards = Vec::new();
            let mut words = word_list(tn, src, "`trick`")?.into_iter();
            while let Some((w, sp)) = words.next() {
                // A Burnin' jolly: `jolly R`, one entry or two words.
                let entry = match jolly_family(w) {
                    Some("") => {
                        let (fw, fsp) = words.next().ok_or_else(|| {
                            bad(
                                src,
                                &sp,
                                "a jolly names its family: `jolly R` (FA-9)".into(),
                            )
                        })?;
                        let span = sp.start.min(fsp.start)..sp.end.max(fsp.end);
                        (Err(parse_family(fw, &fsp, src)?), span)
                    }
                    Some(fam) => (Err(parse_family(fam, &sp, src)?), sp),
                    None => (Ok(parse_card(w, &sp, src)?), sp),
                };
                cards.push(entry);
            }
            (cards, tn.span.clone())
        }
    };
    let to_move = match f.opt_str("to_move")? {
        None => None,
        Some((s, sp)) => Some((place_name(s, sp, names, src)?, sp.clone())),
    };
    let mut hands = vec![None; n];
    for (seat, h) in by_player(f.req("hands")?, src, "[setup.position.hands]", names)? {
        let cards = parse_cards(h, src, &format!("{}'s hand", names[seat]))?;
        hands[seat] = Some((cards, h.span.clone()));
    }
    let mut dummies: Vec<Option<(WrittenDummy, Span)>> = (0..n).map(|_| None).collect();
    if let Some(dn) = f.opt("dummies") {
        for (seat, d) in by_player(dn, src, "[setup.position.dummies]", names)? {
            let whose = format!("{}'s dummy", names[seat]);
            dummies[seat] = Some((read_dummy(d, src, &whose)?, d.span.clone()));
        }
    }
    let mut jolly = vec![None; n];
    if let Some(jn) = f.opt("jolly") {
        for (seat, j) in by_player(jn, src, "[setup.position.jolly]", names)? {
            let s = j.as_str(src, "a jolly")?;
            jolly[seat] = Some((parse_family(s, &j.span, src)?, j.span.clone()));
        }
    }
    let mut collected = vec![None; n];
    if let Some(cn) = f.opt("collected") {
        for (seat, c) in by_player(cn, src, "[setup.position.collected]", names)? {
            let what = format!("the cards {} kept", names[seat]);
            collected[seat] = Some((parse_cards(c, src, &what)?, c.span.clone()));
        }
    }
    let mut standings = (vec![0u32; n], node.span.clone());
    if let Some(sn) = f.opt("standings") {
        for (seat, v) in by_player(sn, src, "[setup.position.standings]", names)? {
            standings.0[seat] = v.as_int(src, "a total", 0..1_000_000)? as u32;
        }
        standings.1 = sn.span.clone();
    }
    let mut jollies_left = vec![2u8; n];
    if let Some(jn) = f.opt("jollies_left") {
        for (seat, v) in by_player(jn, src, "[setup.position.jollies_left]", names)? {
            jollies_left[seat] = v.as_int(src, "the DoubleYou jollies left", 0..3)? as u8;
        }
    }
    let mut doubled = Vec::new();
    if let Some(dn) = f.opt("doubled") {
        for (s, sp) in word_list(dn, src, "`doubled`")? {
            doubled.push(player_index(s, &sp, names, src)?);
        }
        if rules.jolly != Jolly::DoubleYou && !doubled.is_empty() {
            return Err(bad(
                src,
                &dn.span,
                "DoubleYou is not played in this match (FA-10)".into(),
            ));
        }
    }
    f.finish(FIELDS)?;
    let w = WrittenPosition {
        span: node.span.clone(),
        deal,
        dealer,
        seating,
        proposal: (proposal, pnode.span.clone()),
        trump,
        tricks,
        leader,
        trick,
        to_move,
        hands,
        dummies,
        jolly,
        collected,
        standings,
        jollies_left,
        doubled,
    };
    w.no_card_twice(src, names)?;
    Ok(w)
}

/// The family of a trick entry written `jolly R` (`""` when the family is
/// the next word); `None` for a card.
fn jolly_family(w: &str) -> Option<&str> {
    let head = w.get(..5)?;
    head.eq_ignore_ascii_case("jolly").then(|| w[5..].trim())
}

fn read_dummy(node: &Node, src: &Source, whose: &str) -> Result<WrittenDummy, Error> {
    let mut f = node.fields(src, whose)?;
    f.only(DUMMY_FIELDS)?;
    let up = parse_cards(f.req("up")?, src, &format!("{whose}'s `up`"))?;
    let mut under = Vec::new();
    if let Some(un) = f.opt("under") {
        let mut uf = un.fields(src, &format!("{whose}'s `under`"))?;
        for (key, value) in uf.rest() {
            let top = parse_card(&key.name, &key.span, src)?;
            let s = match &value.value {
                Value::String(s) => s.as_str(),
                _ => value.as_str(src, "the card under a face-up card")?,
            };
            under.push((top, (parse_card(s, &value.span, src)?, value.span.clone())));
        }
    }
    let uncovered = match f.opt("uncovered") {
        None => Vec::new(),
        Some(u) => parse_cards(u, src, &format!("{whose}'s `uncovered`"))?,
    };
    f.finish(DUMMY_FIELDS)?;
    Ok(WrittenDummy {
        up,
        under,
        uncovered,
    })
}

impl WrittenPosition {
    /// Every card once, in holdings, on the table and kept (FA-1): the
    /// second mention is the fault.
    fn no_card_twice(&self, src: &Source, names: &[String]) -> Result<(), Error> {
        let mut seen: Vec<(Card, String)> = Vec::new();
        let mut note = |c: Card, sp: &Span, whose: String| -> Result<(), Error> {
            if let Some((_, other)) = seen.iter().find(|(d, _)| *d == c) {
                return Err(src.error(
                    "farfalia.card-twice",
                    sp,
                    format!(
                        "{c} is written twice in the position: in {other} and in {whose} (FA-1)"
                    ),
                ));
            }
            seen.push((c, whose));
            Ok(())
        };
        for (seat, h) in self.hands.iter().enumerate() {
            for (c, sp) in h.iter().flat_map(|h| &h.0) {
                note(*c, sp, format!("{}'s hand", names[seat]))?;
            }
        }
        for (seat, d) in self.dummies.iter().enumerate() {
            let Some((d, _)) = d else { continue };
            let whose = format!("{}'s dummy", names[seat]);
            let downs = d.under.iter().map(|(_, x)| x);
            for (c, sp) in d.up.iter().chain(downs).chain(&d.uncovered) {
                note(*c, sp, whose.clone())?;
            }
        }
        for (c, sp) in &self.trick.0 {
            if let Ok(c) = c {
                note(*c, sp, "the trick on the table".into())?;
            }
        }
        for (seat, k) in self.collected.iter().enumerate() {
            for (c, sp) in k.iter().flat_map(|k| &k.0) {
                note(*c, sp, format!("the cards {} kept", names[seat]))?;
            }
        }
        Ok(())
    }

    /// The standings before the position's deal.
    pub(super) fn totals(&self) -> &[u32] {
        &self.standings.0
    }

    /// The match resumed at the position: its table by the format (FA-5,
    /// FA-7), each place's cards, checked against the seed's deal when the
    /// record has `[deal]`.
    pub(super) fn start(
        &self,
        rules: Rules,
        src: &Source,
        names: &[String],
        dealt: Option<(&Provenance, &Span)>,
    ) -> Result<Match, Error> {
        let k = self.deal.0;
        let table = Match::table_of_position(
            rules,
            k,
            self.totals(),
            self.dealer.0,
            self.seating.as_ref().map(|s| &s.0[..]),
        )
        .map_err(|e| {
            let span = self.seating.as_ref().map_or(&self.dealer.1, |s| &s.1);
            bad(
                src,
                span,
                format!(
                    "deal {} cannot be dealt by {} with this seating: {e}; `seating` lists the players clockwise from the dealer",
                    k + 1,
                    names[self.dealer.0]
                ),
            )
        })?;
        if let Some((p, span)) = dealt {
            let rotating = !matches!(
                (rules.format, k),
                (super::Format::Intro, 1..)
                    | (super::Format::Chinkway, 10..)
                    | (super::Format::ThreeShort, 3..)
            );
            let scheduled = (first_dealer(p.board, names.len()) + k) % names.len();
            if rotating && scheduled != self.dealer.0 {
                return Err(src.setup_not_dealt(&self.dealer.1, "farfalia"));
            }
            let orders = orders(&p.variant, &p.seed, p.board, k)
                .map_err(|e| src.error(e.code, span, e.message))?;
            let setup = Setup::deal(table.clone(), &orders, rules.jolly == Jolly::Burnin)
                .map_err(internal)?;
            self.agree(&table, &setup, src)?;
        }
        let position = self.position(&table, src, names)?;
        Match::resume(rules, k, self.totals(), &self.jollies_left, &position)
            .map_err(|e| self.located(&e, &table, src, names))
    }

    /// The place of `(seat, dummy)` at `table`, if it has one.
    fn place(table: &Table, (seat, dummy): PlaceName) -> Option<usize> {
        table
            .places
            .iter()
            .position(|p| p.seat == seat && p.dummy == dummy)
    }

    fn position(&self, table: &Table, src: &Source, names: &[String]) -> Result<Position, Error> {
        let n = table.places.len();
        for (seat, d) in self.dummies.iter().enumerate() {
            if let Some((_, span)) = d {
                if Self::place(table, (seat, true)).is_none() {
                    return Err(bad(
                        src,
                        span,
                        format!("{} has no dummy in this deal (FA-5, FA-8)", names[seat]),
                    ));
                }
            }
        }
        let mut hands = vec![CardSet::EMPTY; n];
        let mut dummies = vec![None; n];
        let mut jolly = vec![None; n];
        let mut collected = vec![CardSet::EMPTY; n];
        for (p, place) in table.places.iter().enumerate() {
            let seat = place.seat;
            if place.dummy {
                let (d, _) = self.dummies[seat].as_ref().ok_or_else(|| {
                    bad(
                        src,
                        &self.span,
                        format!(
                            "no `dummies.{}`: {}'s dummy plays this deal (FA-8)",
                            names[seat], names[seat]
                        ),
                    )
                })?;
                dummies[p] = Some(DummyNow {
                    up: d.up.iter().map(|x| x.0).collect(),
                    under: d.under.iter().map(|(u, x)| (*u, x.0)).collect(),
                    uncovered: d.uncovered.iter().map(|x| x.0).collect(),
                });
            } else {
                let (h, _) = self.hands[seat].as_ref().ok_or_else(|| {
                    bad(
                        src,
                        &self.span,
                        format!(
                            "no hand for {} (write `hands.{} = []` for an empty one)",
                            names[seat], names[seat]
                        ),
                    )
                })?;
                hands[p] = h.iter().map(|x| x.0).collect();
                jolly[p] = self.jolly[seat].as_ref().map(|j| j.0);
                collected[p] = self.collected[seat]
                    .iter()
                    .flat_map(|c| &c.0)
                    .map(|x| x.0)
                    .collect();
            }
        }
        let leader = Self::place(table, self.leader.0).ok_or_else(|| {
            bad(
                src,
                &self.leader.1,
                format!("{} has no dummy in this deal", names[self.leader.0 .0]),
            )
        })?;
        let trick: Vec<Result<Card, Family>> = self.trick.0.iter().map(|x| x.0).collect();
        if let Some((who, span)) = &self.to_move {
            let next = (leader + trick.len()) % n;
            if Self::place(table, *who) != Some(next) {
                let p = table.places[next];
                let name = if p.dummy {
                    format!("{}'s dummy", names[p.seat])
                } else {
                    names[p.seat].clone()
                };
                return Err(bad(
                    src,
                    span,
                    format!("by the leader and the trick on the table, {name} is to play (FA-2)"),
                ));
            }
        }
        Ok(Position {
            table: table.clone(),
            proposal: self.proposal.0,
            trump: self.trump.0,
            tricks: self.tricks.0,
            leader,
            trick,
            hands,
            dummies,
            jolly,
            collected,
            doubled: self.doubled.clone(),
        })
    }

    /// A position fault at the value it is about.
    fn located(&self, e: &PositionError, table: &Table, src: &Source, names: &[String]) -> Error {
        let place_span = |p: usize| {
            let pl = table.places.get(p);
            let span = pl.and_then(|pl| {
                if pl.dummy {
                    self.dummies[pl.seat].as_ref().map(|d| &d.1)
                } else {
                    self.hands[pl.seat].as_ref().map(|h| &h.1)
                }
            });
            span.unwrap_or(&self.span).clone()
        };
        let place_label = |p: usize| match table.places.get(p) {
            Some(pl) if pl.dummy => format!("{}'s dummy", names[pl.seat]),
            Some(pl) => names[pl.seat].clone(),
            None => "a place".into(),
        };
        let (span, message) = match e {
            PositionError::Tricks { .. } => (self.tricks.1.clone(), e.to_string()),
            PositionError::TrickFull { .. } | PositionError::JollyLead => {
                (self.trick.1.clone(), e.to_string())
            }
            PositionError::Jolly { place } => {
                let seat = table.places.get(*place).map(|p| p.seat);
                let span = seat
                    .and_then(|s| self.jolly[s].as_ref().map(|j| j.1.clone()))
                    .unwrap_or_else(|| self.trick.1.clone());
                (span, format!("{}: {e}", place_label(*place)))
            }
            PositionError::Count { place, .. }
            | PositionError::Layout { place }
            | PositionError::Uncovered { place } => {
                (place_span(*place), format!("{} {e}", place_label(*place)))
            }
            PositionError::Collected { card } => {
                let span = self
                    .collected
                    .iter()
                    .flatten()
                    .flat_map(|c| &c.0)
                    .find(|(c, _)| c == card)
                    .map_or(self.span.clone(), |x| x.1.clone());
                (span, e.to_string())
            }
            PositionError::Trump => (self.trump.1.clone(), e.to_string()),
            PositionError::Twice(_) | PositionError::NoSuchDeal { .. } => {
                (self.span.clone(), e.to_string())
            }
        };
        bad(src, &span, format!("position: {message}"))
    }

    /// With `[deal]`: the position's proposal and turned trump are the
    /// dealt ones, and every card a place holds or played to the trick on
    /// the table was dealt to it.
    fn agree(&self, table: &Table, dealt: &Setup, src: &Source) -> Result<(), Error> {
        if self.proposal.0 != dealt.proposal {
            return Err(src.setup_not_dealt(&self.proposal.1, "farfalia"));
        }
        if dealt.trump.is_some_and(|t| t != self.trump.0) {
            return Err(src.setup_not_dealt(&self.trump.1, "farfalia"));
        }
        for (p, place) in table.places.iter().enumerate() {
            let got: CardSet = dealt.hands[p].cards.iter().collect();
            let (cards, span): (Vec<Card>, &Span) = if place.dummy {
                match &self.dummies[place.seat] {
                    Some((d, sp)) => (
                        d.up.iter()
                            .chain(d.under.iter().map(|(_, x)| x))
                            .chain(&d.uncovered)
                            .map(|x| x.0)
                            .collect(),
                        sp,
                    ),
                    None => continue,
                }
            } else {
                match &self.hands[place.seat] {
                    Some((h, sp)) => (h.iter().map(|x| x.0).collect(), sp),
                    None => continue,
                }
            };
            if let Some(c) = cards.iter().find(|c| !got.contains(**c)) {
                let at = self.card_span(*c).unwrap_or(span);
                return Err(src.setup_not_dealt(at, "farfalia"));
            }
        }
        let leader = Self::place(table, self.leader.0);
        for (i, (c, sp)) in self.trick.0.iter().enumerate() {
            let (Ok(c), Some(l)) = (c, leader) else {
                continue;
            };
            let p = (l + i) % table.places.len();
            if !dealt.hands[p].cards.contains(c) {
                return Err(src.setup_not_dealt(sp, "farfalia"));
            }
        }
        Ok(())
    }

    fn card_span(&self, card: Card) -> Option<&Span> {
        let hands = self.hands.iter().flatten().flat_map(|h| &h.0);
        let dummies = self.dummies.iter().flatten().flat_map(|(d, _)| {
            d.up.iter()
                .chain(d.under.iter().map(|(_, x)| x))
                .chain(&d.uncovered)
        });
        hands.chain(dummies).find(|(c, _)| *c == card).map(|x| &x.1)
    }
}
