//! Farfalia's boards for batches (`deal --format jsonl`,
//! [`crate::games::line::writer`]): each board's match, the deals
//! `Game::deal` describes, written field by field straight from each deal's
//! orders, as `Setup::deal` deals them and `DealOut` writes them (the unit
//! test `fast_writers_write_the_flattened_deal` compares the two).
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
use crate::games::line::{bits, Code, Deal, Fields};

/// One deal board's orders, from one stream as `DealOrders::seeded` draws
/// them: the deck, then the subjects, then the jollies.
#[derive(Clone, Copy)]
struct Orders {
    deck: [u8; 52],
    subjects: [u8; 25],
    jollies: [u8; 10],
}

impl Orders {
    fn seeded(keys: &Boards, board: u32) -> Orders {
        fn identity<const N: usize>() -> [u8; N] {
            std::array::from_fn(|i| i as u8)
        }
        let mut rng = keys.rng(board);
        let mut o = Orders {
            deck: identity(),
            subjects: identity(),
            jollies: identity(),
        };
        rng.shuffle(&mut o.deck);
        rng.shuffle(&mut o.subjects);
        rng.shuffle(&mut o.jollies);
        o
    }
}

/// Each writer's own number, so that one thread's [`RECENT`] never mixes two
/// writers' (seeds') orders.
static WRITERS: AtomicU64 = AtomicU64::new(1);

/// Slots of [`RECENT`]: more than a match's deals from one board to the next
/// (at most 10, the Chinkway's fixed tables).
const SLOTS: usize = 16;

thread_local! {
    /// The orders of recent deal boards on this thread: (writer, board, orders)
    /// in slot `board mod SLOTS`.
    static RECENT: RefCell<Vec<(u64, u32, Orders)>> = const { RefCell::new(Vec::new()) };
}

/// Deal board `board`'s orders, from this thread's recent ones when there.
fn orders(writer: u64, keys: &Boards, board: u32) -> Orders {
    RECENT.with(|recent| {
        let mut recent = recent.borrow_mut();
        if recent.is_empty() {
            let blank = Orders {
                deck: [0; 52],
                subjects: [0; 25],
                jollies: [0; 10],
            };
            recent.resize(SLOTS, (0, 0, blank));
        }
        let slot = &mut recent[board as usize % SLOTS];
        if slot.0 != writer || slot.1 != board {
            *slot = (writer, board, Orders::seeded(keys, board));
        }
        slot.2
    })
}

/// How one scheduled table deals and is written.
struct Plan {
    /// The dealer's seat.
    dealer: usize,
    /// The place that receives the `i`-th card of the deck (`Setup::deal`:
    /// one at a time from the dealer's left, skipping full places).
    place_of: [u8; 52],
    /// By place: its seat.
    seat: Vec<usize>,
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
        if table.places.len() != n || (0..n).map(|p| kind.cards(p)).sum::<usize>() != 52 {
            return None;
        }
        let mut place_of = [0u8; 52];
        let mut held = [0usize; 5];
        let mut place = 1 % n;
        for slot in &mut place_of {
            while held[place] == kind.cards(place) {
                place = (place + 1) % n;
            }
            *slot = place as u8;
            held[place] += 1;
            place = (place + 1) % n;
        }
        let by_seat = |dummy: bool| {
            let mut v: Vec<usize> = (0..n).filter(|&p| table.places[p].dummy == dummy).collect();
            v.sort_by_key(|&p| table.places[p].seat);
            v
        };
        Some(Plan {
            dealer: table.dealer(),
            place_of,
            seat: table.places.iter().map(|p| p.seat).collect(),
            players: by_seat(false),
            dummies: by_seat(true),
            jolly_places: (1..=n)
                .map(|k| k % n)
                .filter(|&p| !table.places[p].dummy)
                .collect(),
            turned: !kind.dealer_chooses_trump(),
        })
    }

    /// One deal's fields, as `DealOut::fields` wrote them.
    fn write(&self, o: &Orders, jolly: bool, names: &[String], t: &Tables, f: &mut Fields) {
        // Each place's cards in the order dealt, and as a set.
        let mut dealt = [[0u8; 20]; 5];
        let mut count = [0usize; 5];
        let mut held = [0u64; 5];
        for (&c, &p) in o.deck.iter().zip(&self.place_of) {
            let p = usize::from(p);
            dealt[p][count[p]] = c;
            count[p] += 1;
            held[p] |= 1 << c;
        }
        let family = |i: u8, per: u8| t.families[usize::from(i / per) % 5];
        f.text("dealer", &names[self.dealer]);
        f.pieces("proposal", o.subjects[..5].iter().map(|&s| family(s, 5)));
        if self.turned {
            f.text("trump", &t.trumps[usize::from(o.subjects[0] / 5) % 5]);
        }
        f.object("hands", |f| {
            for &p in &self.players {
                f.pieces(&names[self.seat[p]], bits(held[p]).map(|c| t.cards[c]));
            }
        });
        if !self.dummies.is_empty() {
            f.object("dummies", |f| {
                // A dummy's layout (`Layout::from_dealt`): six down, six up,
                // one beside; only a dummy of 13 cards has one.
                for &p in self.dummies.iter().filter(|&&p| count[p] == 13) {
                    let cards = &dealt[p];
                    f.object(&names[self.seat[p]], |f| {
                        let code = |c: &u8| t.cards[usize::from(*c)];
                        f.pieces("down", cards[..6].iter().map(code));
                        f.pieces("up", cards[6..12].iter().map(code));
                        f.piece("beside", code(&cards[12]));
                    });
                }
            });
        }
        if jolly && !self.players.is_empty() {
            let mut of = [None; 5];
            for (&p, &j) in self.jolly_places.iter().zip(&o.jollies) {
                of[p] = Some(family(j, 2));
            }
            f.object("jolly", |f| {
                for &p in &self.players {
                    if let Some(code) = of[p] {
                        f.piece(&names[self.seat[p]], code);
                    }
                }
            });
        }
    }
}

/// The codes the deals are written with, made once.
struct Tables {
    cards: Vec<Code>,
    families: Vec<Code>,
    /// The trump turned from each family (`Trump::turned`), as written.
    trumps: Vec<String>,
}

/// Each board's deal for `variant` and these players: its match's deals;
/// `None` for a variant the players do not play.
pub fn fields(variant: String, seed: String, names: Vec<String>) -> Option<Box<Deal>> {
    let rules = rules_of(&variant, names.len())?;
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
    let families: Vec<Family> = (0..5).map(Family::from_index).collect();
    let t = Tables {
        cards: Code::table((0..52).filter_map(Card::from_index))?,
        families: Code::table(families.iter())?,
        trumps: families
            .iter()
            .map(|&f| Trump::turned(f).to_string())
            .collect(),
    };
    if t.cards.len() != 52
        || plans
            .iter()
            .flatten()
            .any(|p| p.seat.iter().any(|&s| s >= names.len()))
    {
        return None;
    }
    let keys = Boards::new("farfalia", &variant, &seed);
    let writer = WRITERS.fetch_add(1, Ordering::Relaxed);
    Some(Box::new(move |b, f| {
        let plans = &plans[first_dealer(b, names.len())];
        // Every deal's board exists (`record`'s error otherwise).
        board_of(b, plans.len().saturating_sub(1))?;
        f.objects("deal", plans.len(), |f, k| {
            let o = orders(writer, &keys, b.wrapping_add(k as u32));
            plans[k].write(&o, jolly, &names, &t, f);
        });
        Ok(())
    }))
}
