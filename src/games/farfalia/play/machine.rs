//! The machine at a Farfalia seat (issue 43): the worlds consistent with what a seat sees,
//! and the `greedy` and `strong` trick-taking players. A child of the deal, which holds
//! the hands.
//!
//! What a seat sees (GN-5): its own hand, its dummy's cards (face down too), every
//! dummy's face-up cards, the trick, every card played and collected, the proposal and
//! the trump; the dealer sees its discard. What it does not see is dealt again among the
//! places that hide it, each keeping its count: the other players' hands, the other
//! dummies' face-down cards (each under the face-up card that covers it, which everyone
//! sees) and the discard. A player who did not follow the suit led has shown out of it
//! (FA-2), and no card of that suit is dealt back to it.
//!
//! `greedy` follows the sheet's obligations with the cards a player may see: it wins the
//! trick with its cheapest winning card when the trick is worth winning (a card its side
//! may still collect, FA-3, or no trump spent), lets its partner's winning card stand,
//! otherwise throws its cheapest card; it takes the card its side needs most, declares
//! DoubleYou whenever it may, names the suit it holds most of as trump and discards its
//! lowest cards. `strong` tries each legal move in [`WORLDS`] worlds sampled from the
//! seat's view, plays each to the end of the deal by `greedy` for everyone, and keeps the
//! move with the best total: its side's points over the best other side's. Its work is
//! counted (at most [`PLAYOUTS`] play-outs a move), never timed, so a record replays the
//! same moves on any machine.

use super::{matched_mask, suit_mask, Deal, Phase, NONE};
use crate::deal::DealRng;
use crate::games::farfalia::{Card, CardSet, Move, Suit, Trump};
use crate::games::machine_seat::shuffle;

/// The most worlds `strong` samples for a move, and the most play-outs it makes in all
/// (the worlds are fewer when there are more moves to weigh: never fewer than [`FEWEST`]).
pub const WORLDS: usize = 32;
pub const PLAYOUTS: usize = 320;
const FEWEST: usize = 8;

/// A place that hides cards from the seat: a player's hand (with the suits it has shown
/// out of), a dummy's face-down cards (each under the face-up card, public, that covers
/// it), or the dealer's discard.
enum Slot {
    Hand(usize),
    Down(usize, Vec<usize>),
    Discard,
}

fn cards_of(mask: u64) -> Vec<usize> {
    (0..52).filter(|&i| mask & (1 << i) != 0).collect()
}

/// A deal consistent with what `seat` sees in `d`: the cards it does not see dealt again
/// among the places that hide them, from `rng`. The result depends on the seat's view and
/// `rng` alone: the unseen cards are taken in their order, the places in theirs.
pub fn seen(d: &Deal, seat: usize, rng: &mut DealRng) -> Deal {
    let n = d.n as usize;
    let mut slots: Vec<(Slot, usize, u8)> = Vec::new();
    let mut pool = 0u64;
    for p in 0..n {
        if d.seat[p] as usize == seat {
            continue;
        }
        if d.dummy[p] {
            let down = d.hand[p] & !d.up[p];
            if down == 0 {
                continue;
            }
            // Each face-down card's place is the face-up card (played or not) over it.
            let under: Vec<usize> = (0..52)
                .filter(|&u| d.covers[u] != NONE && down & (1 << d.covers[u]) != 0)
                .collect();
            pool |= down;
            slots.push((Slot::Down(p, under), down.count_ones() as usize, 0));
        } else {
            pool |= d.hand[p];
            slots.push((Slot::Hand(p), d.hand[p].count_ones() as usize, d.void[p]));
        }
    }
    if d.discarded != 0 && d.seat[0] as usize != seat {
        pool |= d.discarded;
        slots.push((Slot::Discard, d.discarded.count_ones() as usize, 0));
    }
    let dealt = deal_out(&cards_of(pool), &slots, rng);
    let mut out = d.clone();
    for ((slot, _, _), cards) in slots.iter().zip(dealt) {
        let mask = cards.iter().fold(0u64, |m, &c| m | 1 << c);
        match slot {
            Slot::Hand(p) => {
                out.hand[*p] = mask;
                out.up[*p] = mask;
            }
            Slot::Discard => out.discarded = mask,
            Slot::Down(p, under) => {
                let old = d.hand[*p] & !d.up[*p];
                let mut pending = out.pending_up & !old;
                let mut cards = cards;
                shuffle(&mut cards, rng);
                for (&u, &c) in under.iter().zip(&cards) {
                    if d.pending_up & (1 << d.covers[u]) != 0 {
                        pending |= 1 << c;
                    }
                    out.covers[u] = c as u8;
                }
                out.hand[*p] = d.up[*p] | mask;
                out.pending_up = pending;
            }
        }
    }
    out
}

/// The cards `pool` dealt among `slots` (place, size, suits it may not hold), a few tries
/// keeping every slot's shown-out suits; if none keeps them all (never, for a pool a real
/// deal made), dealt by size alone.
fn deal_out(pool: &[usize], slots: &[(Slot, usize, u8)], rng: &mut DealRng) -> Vec<Vec<usize>> {
    for _ in 0..16 {
        let mut order = pool.to_vec();
        shuffle(&mut order, rng);
        // The suits fewest places may take first.
        let room = |suit: usize| -> usize {
            slots
                .iter()
                .filter(|(_, _, void)| void & (1 << suit) == 0)
                .map(|(_, size, _)| size)
                .sum()
        };
        order.sort_by_key(|&c| room(c / 13));
        let mut left: Vec<usize> = slots.iter().map(|(_, size, _)| *size).collect();
        let mut out: Vec<Vec<usize>> = vec![Vec::new(); slots.len()];
        let mut ok = true;
        for c in order {
            let open: Vec<usize> = (0..slots.len())
                .filter(|&s| left[s] > 0 && slots[s].2 & (1 << (c / 13)) == 0)
                .collect();
            let total: usize = open.iter().map(|&s| left[s]).sum();
            if total == 0 {
                ok = false;
                break;
            }
            let mut r = rng.below(total as u32) as usize;
            let mut at = open[0];
            for &s in &open {
                if r < left[s] {
                    at = s;
                    break;
                }
                r -= left[s];
            }
            left[at] -= 1;
            out[at].push(c);
        }
        if ok {
            return out;
        }
    }
    let mut order = pool.to_vec();
    shuffle(&mut order, rng);
    let mut rest = order.into_iter();
    slots
        .iter()
        .map(|(_, size, _)| rest.by_ref().take(*size).collect())
        .collect()
}

impl Deal {
    /// The side a seat plays for (its own place's), if it plays this deal.
    fn side_of_seat(&self, seat: usize) -> Option<u8> {
        self.own_place(seat).map(|p| self.team[p])
    }

    /// How a card ranks in the trick on the table (FA-2): 0 when it cannot win (burned,
    /// or neither trump nor of the suit led when one is).
    fn key(&self, c: usize, burn: u64) -> u32 {
        let bit = 1u64 << c;
        if burn & bit != 0 {
            return 0;
        }
        let rank = (c % 13) as u32 + 1;
        if self.trump_mask & bit != 0 {
            return rank + 200;
        }
        if self.played > 0 && suit_mask(Suit::from_index(self.trick[0] as usize / 13)) & bit != 0 {
            return rank + 100;
        }
        rank
    }

    /// The cards still in someone's hand (none of them played), everyone's.
    fn unplayed(&self) -> u64 {
        self.hand[..self.n as usize].iter().fold(0, |m, h| m | h)
    }
}

/// What throwing `c` costs: a trump or a high card more than a low one; a card the side
/// winning the trick may collect more still.
fn cost(d: &Deal, c: usize, theirs: u64) -> u32 {
    let bit = 1u64 << c;
    let mut v = (c % 13) as u32 + 1;
    if d.trump_mask & bit != 0 {
        v += 40;
    }
    if theirs & bit != 0 {
        v += 20;
    }
    v
}

/// The greedy move of the place to move in `d` (see the module), `None` once it is over.
pub fn greedy(d: &Deal) -> Option<Move> {
    let place = d.place_to_move()?;
    let seat = d.seat[place] as usize;
    let team = d.team[place] as usize;
    match d.phase {
        Phase::Over => None,
        Phase::Double => Some(Move::Double { seat, double: true }),
        Phase::Discard => {
            let useful = d.useful(team);
            let mut held = cards_of(d.hand[0]);
            held.sort_by_key(|&c| (c % 13) as u32 + if useful & (1 << c) != 0 { 8 } else { 0 });
            let cards: CardSet = held
                .iter()
                .take(d.kind.discards())
                .filter_map(|&c| Card::from_index(c))
                .collect();
            Some(Move::Discard { seat, cards })
        }
        Phase::Trump => {
            let best = Suit::ALL.into_iter().max_by_key(|&s| {
                let held = d.hand[0] & suit_mask(s);
                let ranks: u32 = cards_of(held).iter().map(|&c| (c % 13) as u32 + 1).sum();
                (held.count_ones() * 20 + ranks, std::cmp::Reverse(s as u8))
            })?;
            Some(Move::Trump {
                seat,
                trump: Trump::Suit(best),
            })
        }
        Phase::Collect => {
            let useful = d.last_won & d.useful(team);
            let need = |c: usize| {
                (0..5)
                    .filter(|&f| matched_mask(f) & (1 << c) != 0)
                    .map(|f| d.wanted[f].saturating_sub(d.collected[team][f]))
                    .max()
                    .unwrap_or(0)
            };
            let best = cards_of(useful)
                .into_iter()
                .max_by_key(|&c| (need(c), std::cmp::Reverse(c)));
            Some(match best.and_then(Card::from_index) {
                Some(card) => Move::Take { seat, card },
                None => Move::Decline { seat },
            })
        }
        Phase::Play => Some(play(d, place, seat, team)),
    }
}

/// The greedy card (see the module).
fn play(d: &Deal, place: usize, seat: usize, team: usize) -> Move {
    let up = d.up[place];
    let at = |c: usize| Move::Play {
        seat,
        card: Card::from_index(c).expect("a card"),
    };
    if d.played == 0 {
        // A card no unplayed card of its suit beats leads; else the lowest of the
        // longest suit that is not trump.
        let others = d.unplayed() & !up;
        let master = cards_of(up)
            .into_iter()
            .filter(|&c| {
                let higher = suit_mask(Suit::from_index(c / 13)) & !((2u64 << c) - 1);
                others & higher == 0 && d.trump_mask & (1 << c) == 0
            })
            .max_by_key(|&c| c % 13);
        if let Some(c) = master {
            return at(c);
        }
        let length = |c: usize| (up & suit_mask(Suit::from_index(c / 13))).count_ones();
        let low = cards_of(up).into_iter().min_by_key(|&c| {
            (
                d.trump_mask & (1 << c) != 0,
                std::cmp::Reverse(length(c)),
                c % 13,
            )
        });
        return at(low.expect("a card to lead"));
    }
    let n = d.n as usize;
    let led = suit_mask(Suit::from_index(d.trick[0] as usize / 13));
    let playable = if up & led != 0 { up & led } else { up };
    let mut burn = 0u64;
    let mut in_trick = 0u64;
    for &c in &d.trick[..d.played as usize] {
        if c >= 52 {
            burn |= super::burned_mask(c as usize - 52);
        } else {
            in_trick |= 1 << c;
        }
    }
    let (mut best, mut winner) = (0u32, d.leader as usize);
    for i in 0..d.played as usize {
        let c = d.trick[i] as usize;
        if c < 52 {
            let k = d.key(c, burn);
            if k > best {
                best = k;
                winner = (d.leader as usize + i) % n;
            }
        }
    }
    let last = d.played as usize + 1 == n;
    let mine = d.useful(team);
    let theirs = d.useful(d.team[winner] as usize);
    let cheapest = |pool: u64, theirs: u64| {
        cards_of(pool)
            .into_iter()
            .min_by_key(|&c| cost(d, c, theirs))
            .expect("a card")
    };
    if best > 0 && d.team[winner] as usize == team {
        // The partner wins: let it stand, giving it a card the side needs if last.
        if last && playable & mine != 0 {
            return at(cheapest(playable & mine, 0));
        }
        return at(cheapest(playable, 0));
    }
    let winners = cards_of(playable)
        .into_iter()
        .filter(|&c| d.key(c, burn) > best)
        .min_by_key(|&c| d.key(c, burn));
    if let Some(c) = winners {
        let worth = (in_trick | 1 << c) & mine != 0 || d.trump_mask & (1 << c) == 0;
        if worth {
            return at(c);
        }
    }
    at(cheapest(playable, theirs))
}

/// What the deal's end is worth to `seat`: its points over the best points of a seat on
/// another side (FA-4), then its side's subjects over theirs.
fn worth(d: &Deal, seat: usize) -> i64 {
    let Some(side) = d.side_of_seat(seat) else {
        return 0;
    };
    let n = d.n as usize;
    let points = |s: usize| i64::from(d.scores[s]);
    let (mut theirs, mut their_subjects) = (0i64, 0i64);
    for p in 0..n {
        if !d.dummy[p] && d.team[p] != side {
            theirs = theirs.max(points(d.seat[p] as usize));
            their_subjects = their_subjects.max(d.matched(d.team[p] as usize) as i64);
        }
    }
    let mine = d.matched(side as usize) as i64;
    (points(seat) - theirs) * 8 + (mine - their_subjects)
}

/// The strong move for `seat`, the seat to move in `world` (see the module). The first
/// declarations and the discard are greedy's.
pub fn strong(world: &Deal, seat: usize, rng: &mut DealRng) -> Option<Move> {
    let greedy_move = greedy(world)?;
    if matches!(world.phase, Phase::Double | Phase::Discard) {
        return Some(greedy_move);
    }
    let mut legal = world.legal_moves();
    if legal.len() <= 1 {
        return Some(greedy_move);
    }
    legal.retain(|m| *m != greedy_move);
    legal.insert(0, greedy_move);
    let count = (PLAYOUTS / legal.len()).clamp(FEWEST, WORLDS);
    let worlds: Vec<Deal> = (0..count).map(|_| seen(world, seat, rng)).collect();
    let mut best: Option<(i64, Move)> = None;
    for mv in legal {
        let mut total = 0i64;
        for w in &worlds {
            let mut g = w.clone();
            if g.play(mv).is_err() {
                continue;
            }
            while let Some(m) = greedy(&g) {
                if g.play(m).is_err() {
                    break;
                }
            }
            total += worth(&g, seat);
        }
        if best.as_ref().is_none_or(|(v, _)| total > *v) {
            best = Some((total, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::Provenance;
    use crate::games::engine::Engine;
    use crate::games::farfalia::record::Farfalia;
    use crate::games::referee::Referee;
    use crate::games::session::Table;

    /// A card of `from`'s hand and one of `to`'s traded, where neither has shown out of
    /// the other's suit (so the table saw nothing that tells the two deals apart).
    fn traded(d: &Deal, from: usize, to: usize, k: usize) -> Option<Deal> {
        let fits = |c: usize, p: usize| d.void[p] & (1 << (c / 13)) == 0;
        let a = cards_of(d.hand[from]);
        let b = cards_of(d.hand[to]);
        let (x, y) = a
            .iter()
            .flat_map(|&x| b.iter().map(move |&y| (x, y)))
            .filter(|&(x, y)| fits(x, to) && fits(y, from))
            .nth(k)?;
        let mut out = d.clone();
        for p in [from, to] {
            out.hand[p] ^= (1 << x) | (1 << y);
            out.up[p] = out.hand[p];
        }
        Some(out)
    }

    /// Issue 43, GN-5: at four (sides of two), cards traded between the other players'
    /// hands, the seat's view the same: the greedy and the strong card are the same, and
    /// legal in both deals.
    #[test]
    fn cards_traded_between_the_other_hands_leave_the_machine_s_card_as_it_was() {
        let names: Vec<String> = (1..=4).map(|i| format!("P{i}")).collect();
        let (mut compared, mut differed) = (0, 0);
        for seed in ["t1", "t2", "t3"] {
            let deal = Provenance::new("farfalia", "standard", seed, 1);
            let mut game = Farfalia.begin("standard", &names, &deal).unwrap();
            let mut walk = DealRng::new("machine-test", "walk", seed, 1);
            for ply in 0..40 {
                let Some(seat) = game.to_move() else { break };
                let d = game.deal().unwrap().clone();
                if d.phase == Phase::Play && ply % 3 == 0 {
                    let others: Vec<usize> =
                        (0..4).filter(|&p| d.seat[p] as usize != seat).collect();
                    for k in 0..3 {
                        let Some(other) = traded(&d, others[k % 3], others[(k + 1) % 3], k * 7)
                        else {
                            continue;
                        };
                        differed += usize::from(other.hand != d.hand);
                        let stream = || DealRng::new("machine-test", "choose", seed, ply as u32);
                        let (mut r1, mut r2) = (stream(), stream());
                        let g1 = greedy(&seen(&d, seat, &mut r1));
                        let g2 = greedy(&seen(&other, seat, &mut r2));
                        assert_eq!(g1, g2, "{seed} ply {ply}: greedy");
                        let s1 = strong(&seen(&d, seat, &mut r1), seat, &mut r1).unwrap();
                        let s2 = strong(&seen(&other, seat, &mut r2), seat, &mut r2).unwrap();
                        assert_eq!(s1, s2, "{seed} ply {ply}: strong");
                        assert!(d.clone().play(s1).is_ok() && other.clone().play(s2).is_ok());
                        compared += 1;
                    }
                }
                let legal = game.legal_moves();
                let mv = Farfalia.choose(&game, &legal, &mut walk);
                game.play(mv).unwrap();
            }
        }
        assert!(
            compared > 10 && differed == compared,
            "{compared} {differed}"
        );
    }

    /// The worlds keep what the seat saw: its own cards, every count, the suits a player
    /// showed out of.
    #[test]
    fn a_world_keeps_the_seat_s_cards_the_counts_and_the_suits_shown_out_of() {
        let names: Vec<String> = (1..=3).map(|i| format!("P{i}")).collect();
        let deal = Provenance::new("farfalia", "standard", "w", 1);
        let mut game = Farfalia.begin("standard", &names, &deal).unwrap();
        let mut walk = DealRng::new("machine-test", "walk", "w", 1);
        let mut rng = DealRng::new("machine-test", "world", "w", 1);
        let mut voids = 0;
        for _ in 0..45 {
            let Some(seat) = game.to_move() else { break };
            let d = game.deal().unwrap();
            let w = seen(d, seat, &mut rng);
            for p in 0..d.n as usize {
                assert_eq!(w.hand[p].count_ones(), d.hand[p].count_ones());
                assert_eq!(w.up[p].count_ones(), d.up[p].count_ones());
                if d.seat[p] as usize == seat || d.dummy[p] {
                    assert_eq!(w.up[p], d.up[p]);
                }
                if d.seat[p] as usize == seat {
                    assert_eq!(w.hand[p], d.hand[p]);
                }
                for s in 0..4 {
                    if d.void[p] & (1 << s) != 0 {
                        voids += 1;
                        assert_eq!(w.hand[p] & suit_mask(Suit::from_index(s)), 0);
                    }
                }
            }
            assert_eq!(w.unplayed() | w.discarded, d.unplayed() | d.discarded);
            let legal = game.legal_moves();
            let mv = Farfalia.choose(&game, &legal, &mut walk);
            game.play(mv).unwrap();
        }
        assert!(voids > 0, "some player showed out of a suit");
    }
}
