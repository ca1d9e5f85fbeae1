//! Farfalia's positions for `tavolo show`: a director's picture of the deal
//! in play, every hand face up, drawn with the Farfalia kit's cards.
//!
//! On top, the proposal (the five subjects, FA-1) and the dealer's discard.
//! Below, one row per place clockwise from the dealer, each under its name
//! (`Anna (dealer)`, `Bruno's dummy`): the place's team card (brown the dealer playing alone in
//! the five-player game, else blue and green), its hand fanned in suit order
//! (a Burnin' jolly last, FA-9; a dummy's still covered cards small and
//! faded after its face-up ones, FA-8),
//! the card it played to the trick on the table, and the cards it has
//! collected (FA-3). The move that completes a trick is shown with the whole
//! trick still on the table; the move that ends a deal, on that deal.
//!
//! Deal sheets: per deal the match has before play (FA-5), the proposal,
//! each player's hand (with their jolly) and each dummy's layout.

use super::record::{engine_moves, first_dealer, replay, rules_of, Farfalia, Replay};
use super::{Card, Deal, DealOrders, Family, Jolly, Match, Move, Setup, Suit};
use crate::deal::Provenance;
use crate::error::Error;
use crate::games::replay::replay_followed;
use crate::games::session::Opened;
use crate::record::{Record, Source};
use crate::show::labels::{self, NAME_ROOM};
use crate::show::scene::{self, Holding, Item, Label, Mark, MarkKind, Piece, Rect, Scene, Shown};

/// The cards' size (every Farfalia card is 63 x 88 mm), how far apart a
/// hand's cards are fanned (the corner index stays readable), and the gaps.
const W: f64 = 63.0;
const H: f64 = 88.0;
const STEP: f64 = 17.0;
const GAP: f64 = 4.0;
const COL_GAP: f64 = 14.0;
/// A dummy's covered card, drawn small.
const SMALL_W: f64 = 30.0;
const SMALL_H: f64 = 42.0;

/// The columns of the picture, in mm from the left, for hands of up to `most` cards.
struct Columns {
    hand: f64,
    trick: f64,
    collected: f64,
    width: f64,
}

impl Columns {
    fn new(most: usize) -> Columns {
        let hand = W + COL_GAP;
        let trick = hand + fan(most) + COL_GAP;
        let collected = trick + W + COL_GAP;
        Columns {
            hand,
            trick,
            collected,
            width: (collected + fan(5)).max(5.0 * (W + GAP) + COL_GAP + fan(2)),
        }
    }
}

/// The width of `n` cards fanned.
fn fan(n: usize) -> f64 {
    n.saturating_sub(1) as f64 * STEP + W
}

/// The top of place `p`'s row (the proposal's row is above the places'),
/// each row under its name.
fn row(p: usize) -> f64 {
    H + 2.0 * GAP + NAME_ROOM + p as f64 * (H + GAP + NAME_ROOM)
}

fn card_fields(card: Card) -> Vec<(&'static str, String)> {
    vec![
        ("suit.code", card.suit().letter().to_string()),
        ("n", card.rank().to_string()),
    ]
}

fn family_fields(f: Family) -> Vec<(&'static str, String)> {
    vec![("fam.family", f.name().to_string())]
}

fn item(id: String, component: &'static str, piece: Vec<(&'static str, String)>, at: Rect) -> Item {
    Item {
        id,
        component,
        piece,
        at,
        back: false,
        ghost: false,
        owner: None,
    }
}

/// A card or a Burnin' jolly as a kit piece: component and fields.
fn played(c: Result<Card, Family>) -> (&'static str, Vec<(&'static str, String)>) {
    match c {
        Ok(card) => ("play", card_fields(card)),
        Err(f) => ("jolly", family_fields(f)),
    }
}

fn played_id(c: Result<Card, Family>, place: usize) -> String {
    match c {
        Ok(card) => format!("card-{card}"),
        Err(_) => format!("jolly-{place}"),
    }
}

/// The team card a place shows: brown for a side of its own among three
/// (the lone dealer), else blue and green.
fn team_card(deal: &Deal, place: usize) -> &'static str {
    let t = deal.team_of(place);
    if deal.teams() == 3 {
        ["marrone", "blu", "verde"][t.min(2)]
    } else {
        ["blu", "verde"][t.min(1)]
    }
}

/// The place whose turn a seat's move is: the place to move if the seat is
/// to move, else the seat's own place.
fn place_of(deal: &Deal, seat: usize) -> usize {
    match deal.place_to_move() {
        Some(p) if deal.seat_of(p) == seat => p,
        _ => (0..deal.places())
            .find(|&p| deal.seat_of(p) == seat && !deal.is_dummy(p))
            .unwrap_or(0),
    }
}

/// The picture of one deal: what lies where, without marks.
struct Picture<'a> {
    deal: &'a Deal,
    cols: Columns,
}

impl Picture<'_> {
    fn team(&self, p: usize) -> Rect {
        Rect::new(0.0, row(p), W, H)
    }
    fn trick(&self, p: usize) -> Rect {
        Rect::new(self.cols.trick, row(p), W, H)
    }
    fn collected(&self, p: usize, i: usize) -> Rect {
        Rect::new(self.cols.collected + i as f64 * STEP, row(p), W, H)
    }
    fn hand(&self, p: usize) -> Rect {
        let n = self.deal.hand(p).len() + usize::from(self.deal.jolly(p).is_some());
        Rect::new(self.cols.hand, row(p), fan(n.max(1)), H)
    }
    fn discard(&self) -> Rect {
        let n = self.deal.discarded().len().max(1);
        Rect::new(5.0 * (W + GAP) + COL_GAP, 0.0, fan(n), H)
    }

    fn items(&self, trick: &[(usize, Result<Card, Family>)]) -> Vec<Item> {
        let d = self.deal;
        let mut out = Vec::new();
        for (i, f) in d.proposal().into_iter().enumerate() {
            let at = Rect::new(i as f64 * (W + GAP), 0.0, W, H);
            out.push(item(
                format!("subject-{}", i + 1),
                "subjects",
                family_fields(f),
                at,
            ));
        }
        let x0 = self.discard().x;
        for (i, c) in d.discarded().iter().enumerate() {
            let at = Rect::new(x0 + i as f64 * STEP, 0.0, W, H);
            out.push(item(format!("card-{c}"), "play", card_fields(c), at));
        }
        for p in 0..d.places() {
            out.push(item(
                format!("team-{}", p + 1),
                "teams",
                vec![("team", team_card(d, p).to_string())],
                self.team(p),
            ));
            let up = d.face_up(p);
            let mut x = self.cols.hand;
            for c in up.iter() {
                let at = Rect::new(x, row(p), W, H);
                out.push(item(format!("card-{c}"), "play", card_fields(c), at));
                x += STEP;
            }
            // A dummy's covered cards: small and faded, side by side in
            // two rows after its face-up ones (not yet in play, FA-8).
            let covered = d.hand(p).iter().filter(|c| !up.contains(*c));
            let x0 = x - STEP + W + GAP;
            for (i, c) in covered.enumerate() {
                let at = Rect::new(
                    x0 + (i % 3) as f64 * (SMALL_W + 2.0),
                    row(p) + (i / 3) as f64 * (SMALL_H + 2.0),
                    SMALL_W,
                    SMALL_H,
                );
                let mut it = item(format!("card-{c}"), "play", card_fields(c), at);
                it.ghost = true;
                out.push(it);
            }
            if let Some(f) = d.jolly(p) {
                out.push(item(
                    format!("jolly-{p}"),
                    "jolly",
                    family_fields(f),
                    Rect::new(x, row(p), W, H),
                ));
            }
            for (i, c) in d.collected(p).iter().enumerate() {
                out.push(item(
                    format!("card-{c}"),
                    "play",
                    card_fields(c),
                    self.collected(p, i),
                ));
            }
        }
        for &(p, c) in trick {
            let (component, piece) = played(c);
            out.push(item(played_id(c, p), component, piece, self.trick(p)));
        }
        out
    }

    /// Where a legal move by place `p` shows on the table after it.
    fn last(&self, mv: &Move, p: usize) -> Rect {
        match *mv {
            Move::Play { .. } | Move::Jolly { .. } => self.trick(p),
            Move::Take { card, .. } => {
                let i = self
                    .deal
                    .collected(p)
                    .iter()
                    .position(|c| c == card)
                    .unwrap_or(0);
                self.collected(p, i)
            }
            Move::Decline { .. } => self.collected(p, self.deal.collected(p).len()),
            Move::Discard { .. } => self.discard(),
            Move::Trump { .. } | Move::Double { .. } => self.team(p),
        }
    }

    /// Where an illegal move by place `p` would have gone, and what it would
    /// have put there (a card or jolly, faded).
    fn illegal(&self, mv: &Move, p: usize) -> (Rect, Option<Result<Card, Family>>) {
        match *mv {
            Move::Play { card, .. } => (self.trick(p), Some(Ok(card))),
            Move::Jolly { family, .. } => (self.trick(p), Some(Err(family))),
            Move::Take { card, .. } => (
                self.collected(p, self.deal.collected(p).len()),
                Some(Ok(card)),
            ),
            Move::Decline { .. } => (self.collected(p, self.deal.collected(p).len()), None),
            Move::Discard { .. } => (self.hand(p), None),
            Move::Trump { .. } | Move::Double { .. } => (self.team(p), None),
        }
    }
}

/// A move without its seat (`B11`, `take B11`).
fn notation(mv: &Move) -> String {
    let s = mv.to_string();
    s.split_once(':').map_or(s.clone(), |(_, m)| m.to_string())
}

/// The name over place `p`'s row: its player's, the dealer's or a dummy's.
fn place_name(deal: &Deal, names: &[String], p: usize) -> String {
    let name = &names[deal.seat_of(p)];
    match (p, deal.is_dummy(p)) {
        (_, true) => format!("{name}'s dummy"),
        (0, false) => format!("{name} (dealer)"),
        _ => name.clone(),
    }
}

/// The labels of the picture: the proposal and the discard, and the name
/// over each place's row.
fn row_labels(pic: &Picture, names: &[String]) -> Result<Vec<Label>, Error> {
    let mut out = vec![labels::name(
        "name-proposal",
        "proposal",
        Rect::new(0.0, 0.0, W, H),
    )?];
    if !pic.deal.discarded().is_empty() {
        out.push(labels::name("name-discard", "discard", pic.discard())?);
    }
    for p in 0..pic.deal.places() {
        let name = place_name(pic.deal, names, p);
        out.push(labels::name(format!("name-{}", p + 1), &name, pic.team(p))?);
    }
    Ok(out)
}

/// The trump, for the caption.
fn trump(deal: &Deal) -> String {
    match deal.trump() {
        Some(super::Trump::Suit(s)) => format!("trump {} ({})", s.letter(), s.name()),
        Some(super::Trump::NoTrump) => "no trump".into(),
        None => "trump not yet named".into(),
    }
}

impl scene::Draw for Farfalia {
    fn kit(&self) -> &'static str {
        "farfalia"
    }

    fn scene(
        &self,
        record: &Record,
        src: &Source,
        upto: Option<usize>,
        _data: &toml::Table,
    ) -> Result<Scene, Error> {
        let shown = scene::shown(record, upto)?;
        let Replay {
            names,
            moves,
            deals,
            mut m,
        } = replay(record, src)?;
        match record.moves.first() {
            Some(first) => deals.before(&mut m, first)?,
            None => {
                deals.begin(&mut m, 0)?;
            }
        }
        // The deal shown (the one in play, or the one a move just ended), its
        // number, and the trick on its table.
        let mut view: Option<(Deal, usize)> = m.deal().map(|d| (d.clone(), 0));
        let mut trick: Vec<(usize, Result<Card, Family>)> = Vec::new();
        let mut last: Option<(usize, Move, usize, usize)> = None;
        let follow = |i: usize, before: &Match, mv: &Move, _: &_, _: &Match| {
            let Some(mut d) = before.deal().cloned() else {
                return Ok(());
            };
            let k = before.deals_played();
            let place = d.place_to_move().unwrap_or(0);
            let on_table = d.trick();
            // The deal as the move left it (a finished deal is no
            // longer the match's: replay the move on its copy).
            let _ = d.play(*mv);
            trick = d.trick();
            if trick.is_empty() && matches!(mv, Move::Play { .. } | Move::Jolly { .. }) {
                // The move completed the trick: show it whole.
                trick = on_table;
                let c = match *mv {
                    Move::Play { card, .. } => Ok(card),
                    Move::Jolly { family, .. } => Err(family),
                    _ => unreachable!(),
                };
                trick.push((place, c));
            }
            view = Some((d, k));
            last = Some((record.moves[i].number, *mv, place, k));
            Ok(())
        };
        let opened = Opened::one_each(m, engine_moves(record, &moves));
        let dealing = |i: usize, game: &Match, _: &Move| deals.between(game, &record.moves[i]);
        let replayed = replay_followed(&Farfalia, record, opened, shown, dealing, follow)?;
        let illegal = replayed.refused().map(|(n, r, why)| (n, r.mv, why));
        if illegal.is_some() {
            // Shown on the table it was played on.
            let m = replayed.game();
            if let Some(d) = m.deal() {
                trick = d.trick();
                view = Some((d.clone(), m.deals_played()));
            }
        }
        let Some((deal, k)) = view else {
            return Err(Error::input(
                "farfalia.no-setup",
                "the record gives no setup for its first deal",
            )
            .help("add its [[setup.deal]], or a [deal] seed that deals every deal"));
        };
        let most = (0..deal.places())
            .map(|p| deal.kind().cards(p) + 1)
            .max()
            .unwrap_or(13);
        let pic = Picture {
            deal: &deal,
            cols: Columns::new(most),
        };
        let mut items = pic.items(&trick);
        let mut marks = Vec::new();
        if let Some((_, mv, p, lk)) = &last {
            if *lk == k {
                marks.push(Mark {
                    kind: MarkKind::Last,
                    at: pic.last(mv, *p),
                });
            }
        }
        let total = record.moves.len();
        let in_deal = |mv: &Move| format!("{} (deal {})", notation(mv), k + 1);
        let caption = match (&illegal, &last) {
            (Some((n, mv, why)), _) => {
                let p = place_of(&deal, mv.seat());
                let (at, ghost) = pic.illegal(mv, p);
                if let Some(c) = ghost {
                    let (component, piece) = played(c);
                    let mut it = item("illegal".into(), component, piece, at);
                    it.ghost = true;
                    items.push(it);
                }
                marks.push(Mark {
                    kind: MarkKind::Illegal,
                    at,
                });
                Shown::Illegal(*n, &names[mv.seat()], in_deal(mv), why)
            }
            (None, Some((n, mv, ..))) => Shown::After(*n, &names[mv.seat()], in_deal(mv)),
            (None, None) => Shown::Setup,
        };
        let caption = format!(
            "{}; {}",
            scene::caption(record.game, &record.variant, total, caption),
            trump(&deal)
        );
        let mut scene = Scene {
            targets: Vec::new(),
            kit: "farfalia",
            w_mm: pic.cols.width,
            h_mm: row(deal.places()) - GAP - NAME_ROOM,
            slots: Vec::new(),
            items,
            marks,
            labels: row_labels(&pic, &names)?,
            caption,
            shown: illegal.as_ref().map_or(shown, |(n, ..)| *n),
            moves: total,
        };
        scene.fit();
        Ok(scene)
    }

    fn holdings(
        &self,
        variant: &str,
        players: &[String],
        deal: &Provenance,
    ) -> Result<Vec<Holding>, Error> {
        let n = players.len();
        let rules = rules_of(variant, n).ok_or_else(|| {
            Error::input(
                "cli.players",
                format!("farfalia ({variant}) is not played by {n} players (FA-5)"),
            )
        })?;
        let burnin = rules.jolly == Jolly::Burnin;
        let tables = Match::scheduled_tables(rules.format, first_dealer(deal.board, n));
        let card = |c: &Card| Piece {
            component: "play",
            piece: card_fields(*c),
            back: false,
        };
        let mut out = Vec::new();
        for (k, table) in tables.into_iter().enumerate() {
            let board = u32::try_from(k)
                .ok()
                .and_then(|k| deal.board.checked_add(k))
                .ok_or_else(|| {
                    Error::input(
                        "farfalia.board",
                        format!("board {} leaves no room for the match's deals", deal.board),
                    )
                })?;
            let orders = DealOrders::seeded(&deal.variant, &deal.seed, board);
            let setup = Setup::deal(table, &orders, burnin)
                .map_err(|e| Error::failed("farfalia.internal", format!("internal error: {e}")))?;
            let of_deal = |what: String| crate::t!("sheet-of-deal", what = what, deal = k + 1);
            let dealer = &players[setup.table.dealer()];
            out.push(Holding {
                label: of_deal(crate::t!(
                    "sheet-farfalia-proposal",
                    dealer = dealer.as_str()
                )),
                seat: false,
                pieces: setup
                    .proposal
                    .iter()
                    .map(|&f| Piece {
                        component: "subjects",
                        piece: family_fields(f),
                        back: false,
                    })
                    .collect(),
            });
            for (seat, name) in players.iter().enumerate() {
                let Some(p) = (0..setup.table.places.len())
                    .find(|&p| setup.table.places[p].seat == seat && !setup.table.places[p].dummy)
                else {
                    continue;
                };
                let hand = &setup.hands[p];
                let mut pieces: Vec<Piece> = hand
                    .cards
                    .iter()
                    .collect::<super::CardSet>()
                    .iter()
                    .map(|c| card(&c))
                    .collect();
                if let Some(f) = hand.jolly {
                    pieces.push(Piece {
                        component: "jolly",
                        piece: family_fields(f),
                        back: false,
                    });
                }
                let label = if p == 0 {
                    crate::t!("sheet-farfalia-dealer", player = name.as_str())
                } else {
                    name.clone()
                };
                out.push(Holding {
                    label: of_deal(label),
                    seat: true,
                    pieces,
                });
            }
            for (p, layout) in setup.dummies() {
                let partner = &players[setup.table.places[p].seat];
                out.push(Holding {
                    label: of_deal(crate::t!(
                        "sheet-farfalia-dummy-down",
                        player = partner.as_str()
                    )),
                    seat: false,
                    pieces: layout.down.iter().map(card).collect(),
                });
                out.push(Holding {
                    label: of_deal(crate::t!(
                        "sheet-farfalia-dummy-up",
                        player = partner.as_str()
                    )),
                    seat: false,
                    pieces: layout.up.iter().chain([&layout.beside]).map(card).collect(),
                });
            }
        }
        Ok(out)
    }

    fn curtain(&self, piece: &Piece) -> Option<(String, String)> {
        let field = |k: &str| {
            piece
                .piece
                .iter()
                .find(|(f, _)| *f == k)
                .map(|(_, v)| v.as_str())
        };
        match piece.component {
            "play" => {
                let suit = Suit::from_letter(field("suit.code")?.chars().next()?)?;
                let card = Card::new(suit, field("n")?.parse().ok()?)?;
                let english = ["red", "green", "blue", "orange"][suit as usize];
                let butterfly = if card.family() == Family::Farfalle {
                    ", butterfly"
                } else {
                    ""
                };
                Some((
                    card.to_string(),
                    format!("{} {} ({english}){butterfly}", card.rank(), suit.name()),
                ))
            }
            "jolly" => {
                let f: Family = field("fam.family")?.parse().ok()?;
                Some((
                    format!("jolly {}", f.letter()),
                    format!("jolly, {}", f.name()),
                ))
            }
            _ => None,
        }
    }
}
