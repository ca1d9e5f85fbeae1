//! Farfalia's boards for batches (`deal --format jsonl`,
//! [`crate::games::line::writer`]): each board's match, the deals
//! `Game::deal` describes, written straight from each deal's orders, as
//! `Setup::deal` deals them and `DealOut` writes them (the unit test
//! `fast_writers_write_the_flattened_deal` compares the two). A match's
//! shape depends only on its first dealer, so each first dealer's match is a
//! [`Skeleton`] laid out once a run; a board fills its holes' ids from the
//! orders (each deal's [`IDS`] ids: see [`Plan::fill`]), with no sorting.
//!
//! The deal `k` of the match from board `b` is dealt from board `b + k`'s
//! stream, so consecutive boards share all but one of their deals' orders:
//! each thread keeps the orders of the last few deal boards it dealt
//! ([`RECENT`]), and a board costs one stream, not one per deal.

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};

use super::card::{Card, Family};
use super::matches::Match;
use super::record::rules_of;
use super::table::{Table, Trump};
use super::values_record::{board_of, first_dealer};
use super::Jolly;
use crate::deal::Boards;
use crate::games::line::skeleton::{Hole, Skeleton};
use crate::games::line::{bits, number, wrapper, Fields, Form, Piece, Writer};

/// One deal board's orders, from one stream as `DealOrders::seeded` draws
/// them: the deck, then the subjects, then the jollies.
#[derive(Clone, Copy)]
struct Orders {
    deck: [u8; 52],
    subjects: [u8; 25],
    jollies: [u8; 10],
}

impl Orders {
    /// The jollies are shuffled last: a match without them leaves them.
    fn seeded(keys: &Boards, board: u32, jolly: bool) -> Orders {
        fn identity<const N: usize>() -> [u8; N] {
            std::array::from_fn(|i| i as u8)
        }
        // A shuffle of `n` draws `n - 1` words (more only when one is
        // rejected, about once in 2^26 draws).
        let words = 51 + 24 + if jolly { 9 } else { 0 };
        let mut rng = keys.rng(board).expecting(words);
        let mut o = Orders {
            deck: identity(),
            subjects: identity(),
            jollies: identity(),
        };
        rng.shuffle(&mut o.deck);
        rng.shuffle(&mut o.subjects);
        if jolly {
            rng.shuffle(&mut o.jollies);
        }
        o
    }
}

/// Each writer's own number, so that one thread's [`RECENT`] never mixes two
/// writers' (seeds') deals.
static WRITERS: AtomicU64 = AtomicU64::new(1);

/// Slots of [`RECENT`]: more than a match's deals from one board to the next
/// (at most 10, the Chinkway's fixed tables).
const SLOTS: usize = 16;

/// A deal board's orders, and its deal as last written.
struct Recent {
    writer: u64,
    board: u32,
    orders: Orders,
    /// The kind of deal (see `writer`) `text` holds, if any.
    kind: Option<usize>,
    text: Vec<u8>,
}

thread_local! {
    /// The recent deal boards of this thread, board `b` in slot `b mod SLOTS`.
    static RECENT: RefCell<Vec<Recent>> = const { RefCell::new(Vec::new()) };
}

/// `then` of this thread's slot of deal board `board`, its orders dealt
/// (kept when the slot holds them already).
fn with_recent<R>(
    writer: u64,
    keys: &Boards,
    board: u32,
    jolly: bool,
    then: impl FnOnce(&mut Recent) -> R,
) -> R {
    RECENT.with(|recent| {
        let mut recent = recent.borrow_mut();
        if recent.is_empty() {
            recent.resize_with(SLOTS, || Recent {
                writer: 0,
                board: 0,
                orders: Orders {
                    deck: [0; 52],
                    subjects: [0; 25],
                    jollies: [0; 10],
                },
                kind: None,
                text: Vec::new(),
            });
        }
        let slot = &mut recent[board as usize % SLOTS];
        if slot.writer != writer || slot.board != board {
            slot.writer = writer;
            slot.board = board;
            slot.orders = Orders::seeded(keys, board, jolly);
            slot.kind = None;
        }
        then(slot)
    })
}

/// A deal's ids (see [`Plan::fill`]): 52 cards, 5 proposed families, the
/// trump, a jolly for each of 5 places, and one unused.
const IDS: usize = 64;
/// Where in a deal's ids: the proposal, the trump, the jollies by place.
const PROPOSAL: usize = 52;
const TRUMP: usize = 57;
const JOLLY: usize = 58;
/// The code ids: the 52 cards, then the 5 families, then the 5 trumps.
const FAMILIES: u8 = 52;
const TRUMPS: u8 = 57;
/// The most deals of a match (the Chinkway's fixed tables are 10).
const DEALS: usize = 10;

/// How one scheduled table deals and is written.
#[derive(Clone)]
struct Plan {
    /// The dealer's seat.
    dealer: usize,
    /// The dummies' cards (they keep deal order): (id, position in the deck)
    /// of each, its place's `j`-th card at the place's `j`-th id.
    gather: Vec<(u8, u8)>,
    /// The players' hands (sets, written in canonical order): the first id
    /// of each and the positions in the deck of its cards.
    hands: Vec<(usize, Vec<u8>)>,
    /// By place: its seat, its number of cards and its first id.
    seat: Vec<usize>,
    cards: Vec<usize>,
    first: Vec<usize>,
    /// The players' places by seat (`DealOut`'s `hands`).
    players: Vec<usize>,
    /// The dummies' places by seat (`DealOut`'s `dummies`).
    dummies: Vec<usize>,
    /// Where each jolly goes, in turn from the dealer's left (players only).
    jolly_places: Vec<usize>,
    /// The trump is turned from the proposal (else the dealer chooses it).
    turned: bool,
}

impl Plan {
    /// `None` for a table whose places do not take the 52 cards.
    fn new(table: &Table) -> Option<Plan> {
        let kind = table.kind;
        let n = kind.places();
        let cards: Vec<usize> = (0..n).map(|p| kind.cards(p)).collect();
        if table.places.len() != n || n > 5 || cards.iter().sum::<usize>() != 52 {
            return None;
        }
        let first: Vec<usize> = cards
            .iter()
            .scan(0, |at, &c| {
                *at += c;
                Some(*at - c)
            })
            .collect();
        let mut gather = Vec::new();
        let mut hands: Vec<(usize, Vec<u8>)> = first.iter().map(|&f| (f, Vec::new())).collect();
        let mut held = [0usize; 5];
        let mut place = 1 % n;
        for k in 0..52u8 {
            while held[place] == cards[place] {
                place = (place + 1) % n;
            }
            if table.places[place].dummy {
                gather.push(((first[place] + held[place]) as u8, k));
            } else {
                hands[place].1.push(k);
            }
            held[place] += 1;
            place = (place + 1) % n;
        }
        hands.retain(|(_, cards)| !cards.is_empty());
        let by_seat = |dummy: bool| {
            let mut v: Vec<usize> = (0..n).filter(|&p| table.places[p].dummy == dummy).collect();
            v.sort_by_key(|&p| table.places[p].seat);
            v
        };
        Some(Plan {
            dealer: table.dealer(),
            gather,
            hands,
            seat: table.places.iter().map(|p| p.seat).collect(),
            cards,
            first,
            players: by_seat(false),
            dummies: by_seat(true),
            jolly_places: (1..=n)
                .map(|k| k % n)
                .filter(|&p| !table.places[p].dummy)
                .collect(),
            turned: !kind.dealer_chooses_trump(),
        })
    }

    /// One deal's fields, as `DealOut::fields` writes them, its pieces the
    /// holes of the deal's ids from `base` (see [`Plan::fill`]).
    fn layout(&self, base: usize, jolly: bool, names: &[String], f: &mut Fields) {
        let hole = |i: usize| Hole(base + i);
        f.text("dealer", &names[self.dealer]);
        f.pieces("proposal", (PROPOSAL..PROPOSAL + 5).map(hole));
        if self.turned {
            f.text("trump", &hole(TRUMP).text());
        }
        let cards = |p: usize| (self.first[p]..self.first[p] + self.cards[p]).map(hole);
        f.object("hands", |f| {
            for &p in &self.players {
                f.pieces(&names[self.seat[p]], cards(p));
            }
        });
        if !self.dummies.is_empty() {
            f.object("dummies", |f| {
                // A dummy's layout (`Layout::from_dealt`): six down, six up,
                // one beside; only a dummy of 13 cards has one.
                for &p in self.dummies.iter().filter(|&&p| self.cards[p] == 13) {
                    f.object(&names[self.seat[p]], |f| {
                        let c = self.first[p];
                        f.pieces("down", (c..c + 6).map(hole));
                        f.pieces("up", (c + 6..c + 12).map(hole));
                        f.piece("beside", hole(c + 12));
                    });
                }
            });
        }
        if jolly && !self.players.is_empty() {
            // The jollies (10) go round the players in turn: each has one.
            f.object("jolly", |f| {
                for &p in &self.players {
                    if self.jolly_places.contains(&p) {
                        f.piece(&names[self.seat[p]], hole(JOLLY + p));
                    }
                }
            });
        }
    }

    /// Whether `other` fills a deal's ids as this plan does.
    fn fills_as(&self, other: &Plan) -> bool {
        self.gather == other.gather
            && self.hands == other.hands
            && self.jolly_places == other.jolly_places
    }

    /// One deal's ids, the code of each hole of [`Plan::layout`]: by place
    /// its cards (a player's in canonical order, a set; a dummy's as dealt),
    /// then the proposal's families, the turned trump, the jollies' families.
    /// The cards go round the places one at a time from the dealer's left,
    /// skipping full places (`Setup::deal`): each place's positions in the
    /// deck are the same every deal.
    #[inline]
    fn fill(&self, o: &Orders, ids: &mut [u8; IDS]) {
        for &(to, from) in &self.gather {
            ids[usize::from(to) % IDS] = o.deck[usize::from(from)];
        }
        for (first, cards) in &self.hands {
            let set = cards
                .iter()
                .fold(0u64, |m, &k| m | 1 << o.deck[usize::from(k)]);
            for (id, c) in ids[*first..].iter_mut().zip(bits(set)) {
                *id = c as u8;
            }
        }
        let family = |i: u8, per: u8| i / per % 5;
        for (id, &s) in ids[PROPOSAL..TRUMP].iter_mut().zip(&o.subjects) {
            *id = FAMILIES + family(s, 5);
        }
        ids[TRUMP] = TRUMPS + family(o.subjects[0], 5);
        for (&p, &j) in self.jolly_places.iter().zip(&o.jollies) {
            ids[(JOLLY + p) % IDS] = FAMILIES + family(j, 2);
        }
    }
}

/// The writer of each board for `variant` and these players in `form`: its
/// match's deals; `None` for a variant the players do not play.
///
/// In JSON, the match from board `b + 1` holds the deals of the match from
/// `b` but its first, each dealt from the same deal board and, in every
/// format, written the same (its dealer and table are the same: the
/// schedule turns with the first dealer). So each deal is a kind of deal
/// (plans that write the same, found by comparing their skeletons), and a
/// deal board's deal is written once and copied into the next boards.
pub fn writer(variant: &str, seed: &str, names: &[String], form: Form) -> Option<Writer> {
    let rules = rules_of(variant, names.len())?;
    let jolly = rules.jolly == Jolly::Burnin;
    // By first dealer: each scheduled deal's plan.
    let plans: Vec<Vec<Plan>> = (0..names.len())
        .map(|d| {
            Match::scheduled_tables(rules.format, d)
                .iter()
                .map(Plan::new)
                .collect::<Option<Vec<Plan>>>()
        })
        .collect::<Option<_>>()?;
    if plans.iter().any(|p| p.len() > DEALS)
        || plans
            .iter()
            .flatten()
            .any(|p| p.seat.iter().any(|&s| s >= names.len()))
    {
        return None;
    }
    // The code of each id: the cards, the families, the turned trumps.
    let piece = |p: &dyn Fn(&mut Vec<u8>)| {
        let mut v = Vec::new();
        p(&mut v);
        v
    };
    let mut codes: Vec<Vec<u8>> = (0..52)
        .filter_map(Card::from_index)
        .map(|c| piece(&|v| c.put(v)))
        .collect();
    let families: Vec<Family> = (0..5).map(Family::from_index).collect();
    codes.extend(families.iter().map(|f| piece(&|v| f.put(v))));
    codes.extend(
        families
            .iter()
            .map(|&f| Trump::turned(f).to_string().into_bytes()),
    );
    if codes.len() != usize::from(TRUMPS) + 5 {
        return None;
    }
    let keys = Boards::new("farfalia", variant, seed);
    let writer = WRITERS.fetch_add(1, Ordering::Relaxed);
    let players = names.len();
    if form == Form::Line {
        // A line's paths name each deal's number: one skeleton a match.
        let skeletons: Vec<Skeleton> = plans
            .iter()
            .map(|plans| {
                let layout = |f: &mut Fields| {
                    f.objects("deal", plans.len(), |f, k| {
                        plans[k].layout(k * IDS, jolly, names, f);
                    });
                };
                Skeleton::new("farfalia", variant, seed, names, form, layout, &codes)
            })
            .collect::<Option<_>>()?;
        return Some(Box::new(move |b, out| {
            let d = first_dealer(b, players);
            let plans = &plans[d];
            // Every deal's board exists (`record`'s error otherwise).
            board_of(b, plans.len().saturating_sub(1))?;
            let mut ids = [[0u8; IDS]; DEALS];
            for (k, (plan, ids)) in plans.iter().zip(&mut ids).enumerate() {
                with_recent(writer, &keys, b.wrapping_add(k as u32), jolly, |r| {
                    plan.fill(&r.orders, ids);
                });
            }
            skeletons[d].write(b, ids.as_flattened(), out);
            Ok(())
        }));
    }
    // The kinds of deal: each plan's skeleton (a deal object) and plan.
    let mut kinds: Vec<(Skeleton, &Plan)> = Vec::new();
    let mut kind_of: Vec<Vec<usize>> = Vec::new();
    for plans in &plans {
        let mut of = Vec::new();
        for plan in plans {
            let layout = |f: &mut Fields| plan.layout(0, jolly, names, f);
            let skeleton = Skeleton::object(names, form, layout, &codes)?;
            let same = |(s, p): &(Skeleton, &Plan)| *s == skeleton && p.fills_as(plan);
            of.push(kinds.iter().position(same).unwrap_or_else(|| {
                kinds.push((skeleton, plan));
                kinds.len() - 1
            }));
        }
        kind_of.push(of);
    }
    let kinds: Vec<(Skeleton, Plan)> = kinds.into_iter().map(|(s, p)| (s, p.clone())).collect();
    let (head, middle) = wrapper("farfalia", variant, seed, names);
    let open = format!("{middle}{{\"deal\":[");
    Some(Box::new(move |b, out| {
        let of = &kind_of[first_dealer(b, players)];
        // Every deal's board exists (`record`'s error otherwise).
        board_of(b, of.len().saturating_sub(1))?;
        out.extend_from_slice(head.as_bytes());
        number(out, u64::from(b));
        out.extend_from_slice(open.as_bytes());
        for (k, &kind) in of.iter().enumerate() {
            if k > 0 {
                out.push(b',');
            }
            with_recent(writer, &keys, b.wrapping_add(k as u32), jolly, |r| {
                if r.kind != Some(kind) {
                    let (skeleton, plan) = &kinds[kind];
                    let mut ids = [0u8; IDS];
                    plan.fill(&r.orders, &mut ids);
                    r.text.clear();
                    skeleton.write(0, &ids, &mut r.text);
                    r.kind = Some(kind);
                }
                out.extend_from_slice(&r.text);
            });
        }
        out.extend_from_slice(b"]},\"file\":null}\n");
        Ok(())
    }))
}
