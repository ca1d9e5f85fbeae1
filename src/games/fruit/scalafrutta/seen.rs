//! What a seat of Scalafrutta sees, for the machine at that seat (issue 43): the square, its
//! own tiles, how many tiles each other player holds and how many lie face down. The
//! others' tiles are kept out of sight (the session's view, the sheet's variant: "tenute in
//! piedi, in modo che non siano visibili agli avversari"), and the machine does not remember
//! the moves that gave them: a world deals the tiles the seat cannot see again among the
//! pile and the other players, each keeping its count, and keeps the tiles a player has
//! declared in the recombination under way where they are (a declaration is public, SF-2).
//!
//! An insertion names the tile drawn (SF-1), and a player chooses where to insert it only
//! once drawn: before it chooses, the machine draws its tile from the real pile ([`draw`]),
//! as a hand draws, at random from the machine's stream, and then sees it. A world keeps
//! that tile in its pile, marked as drawn, so that only it may be inserted there; the move
//! chosen is legal on the real table, which holds that tile face down.
//!
//! `greedy` takes what it can now: the insertion after which its holding (the best
//! partition's score, SF-5, with a little for many tiles of one fruit, SF-4) leads the best
//! other holding by most, totals counted; a gift goes where it helps least. `strong` plays
//! each insertion in several worlds, and after it a round of play (each player drawing at
//! random from the world's pile and inserting greedily), and keeps the best total: it sees
//! what its insertion leaves the next players in the square. (Twelve worlds and a round
//! beat `greedy` where six worlds and two rounds did not show it: BENCHMARKS.md.) At a recombination both
//! declare the best partition (SF-5).

use super::scoring::best_partition;
use super::{canonical, Move, Phase, State, Tile, TileSet};
use crate::deal::DealRng;
use crate::games::engine::Engine;
use crate::games::fruit::tile::Fruit;
use crate::games::machine_seat::redeal;

/// How many worlds `strong` plays each insertion in, and how many rounds after it.
const WORLDS: usize = 12;
const ROUNDS: usize = 1;

/// The real game with the seat to insert's tile drawn from its face-down pile with `rng`
/// (the pile's tiles in their fixed order, one at random), and shown to that seat. `None`
/// when `seat` does not insert now, or has drawn.
pub fn draw(s: &State, seat: usize, rng: &mut DealRng) -> Option<State> {
    if s.drawn.is_some() || s.to_move() != Some(seat) {
        return None;
    }
    let pile: Vec<Tile> = s.inserting_hand()?.pile().iter().collect();
    if pile.is_empty() {
        return None;
    }
    let mut out = s.clone();
    out.drawn = Some(pile[rng.below(pile.len() as u32) as usize]);
    Some(out)
}

/// A game consistent with what `seat` sees: the tiles it cannot see (the pile's but the one
/// it drew, and the others' but those they have declared in the recombination under way)
/// dealt again among their places from `rng`, each place keeping its count; a deal that
/// would give another player all six of a fruit (which would have ended the hand, SF-4) is
/// made again, a few times at most. Between hands there is nothing to hide.
pub fn seen(s: &State, seat: usize, rng: &mut DealRng) -> State {
    if !matches!(s.hand.phase, Phase::Insert | Phase::Recombine) {
        return s.clone();
    }
    let n = s.players();
    let others: Vec<usize> = (0..n).filter(|&p| p != seat).collect();
    let declared = |p: usize| -> TileSet {
        s.declared
            .get(p)
            .and_then(|d| d.as_ref())
            .map(|d| d.iter().flatten().copied().collect())
            .unwrap_or_default()
    };
    let mut pile = s.hand.pile;
    if let Some(t) = s.drawn {
        pile.remove(t);
    }
    let mut pool: Vec<Tile> = pile.iter().collect();
    let mut sizes = vec![pile.len()];
    for &p in &others {
        let hidden = s.hand.held[p].difference(declared(p));
        pool.extend(hidden.iter());
        sizes.push(hidden.len());
    }
    let mut places = redeal(pool.clone(), &sizes, rng);
    for _ in 0..8 {
        let whole = places[1..].iter().zip(&others).any(|(tiles, &p)| {
            let held: TileSet = tiles
                .iter()
                .copied()
                .collect::<TileSet>()
                .union(declared(p));
            Fruit::ALL.into_iter().any(|f| held.row(f) == 0x3f)
        });
        if !whole {
            break;
        }
        places = redeal(pool.clone(), &sizes, rng);
    }
    let mut out = s.clone();
    let mut places = places.into_iter();
    let mut world_pile: TileSet = places.next().unwrap_or_default().into_iter().collect();
    if let Some(t) = s.drawn {
        world_pile.insert(t);
    }
    out.hand.pile = world_pile;
    for (&p, tiles) in others.iter().zip(places) {
        out.hand.held[p] = tiles.into_iter().collect::<TileSet>().union(declared(p));
    }
    if s.hand.phase == Phase::Recombine {
        // The best partitions known are the real holdings'.
        out.best = std::sync::Arc::new((0..n).map(|_| std::sync::OnceLock::new()).collect());
    }
    out
}

/// What a holding is worth to the machine: its best partition's score (SF-5), and a little
/// for five or four tiles of one fruit, on the way to all six (SF-4).
pub fn holding(held: TileSet) -> i64 {
    let near: i64 = Fruit::ALL
        .into_iter()
        .map(|f| match held.row(f).count_ones() {
            5 => 60,
            4 => 20,
            _ => 0,
        })
        .sum();
    i64::from(best_partition(held).score()) + near
}

/// Each player's totals and, while the hand is played, the worth of what they hold.
fn standing(s: &State) -> Vec<i64> {
    let live = matches!(s.hand.phase, Phase::Insert | Phase::Recombine);
    (0..s.players())
        .map(|p| {
            let total = i64::from(s.totals.totals()[p]);
            if live {
                total + holding(s.hand.held[p])
            } else {
                total
            }
        })
        .collect()
}

/// What a position is worth to `seat`: its standing's lead over the best other's.
pub fn worth(s: &State, seat: usize) -> i64 {
    lead(&standing(s), seat)
}

fn lead(standing: &[i64], seat: usize) -> i64 {
    let best_other = (0..standing.len())
        .filter(|&p| p != seat)
        .map(|p| standing[p])
        .max()
        .unwrap_or(0);
    standing.get(seat).copied().unwrap_or(0) - best_other
}

/// The best partition of `seat`'s tiles, declared (SF-5).
fn best_declaration(s: &State, seat: usize) -> Move {
    Move::Recombine {
        player: seat,
        combinations: canonical(
            best_partition(s.hand.held(seat))
                .combinations
                .iter()
                .map(|c| c.tiles()),
        ),
    }
}

/// The machine's `greedy` move for `seat` in `world`: at a recombination the best partition;
/// else, among the insertions of the tile drawn (of any tile where none is marked), the one
/// after which the seat leads most ([`worth`]), the first such in the engine's order.
/// Only the receiver's holding changes, so only it is valued again.
pub fn greedy(world: &State, seat: usize) -> Option<Move> {
    if world.to_move() != Some(seat) {
        return None;
    }
    if world.hand.phase == Phase::Recombine {
        return Some(best_declaration(world, seat));
    }
    let legal = world.legal_moves();
    if legal.len() <= 1 || world.between_hands() {
        return legal.into_iter().next();
    }
    let base = standing(world);
    let mut best: Option<(i64, Move)> = None;
    for mv in legal {
        let mut after = world.clone();
        let Ok(super::Outcome::Inserted { inserted, .. }) = after.play(mv.clone()) else {
            continue;
        };
        let value = if matches!(after.hand.phase, Phase::Insert | Phase::Recombine) {
            let mut now = base.clone();
            let p = inserted.to;
            now[p] = i64::from(after.totals.totals()[p]) + holding(after.hand.held[p]);
            lead(&now, seat)
        } else {
            worth(&after, seat)
        };
        if best.as_ref().is_none_or(|(v, _)| value > *v) {
            best = Some((value, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

/// A key for a play-out's own stream, from `rng`.
fn key(rng: &mut DealRng) -> [u8; 32] {
    let mut k = [0u8; 32];
    for chunk in k.chunks_mut(4) {
        chunk.copy_from_slice(&rng.next_u32().to_le_bytes());
    }
    k
}

/// Play `g` on for `plies` moves at most, or to the end of its hand: each insertion's tile
/// drawn at random from `rng`, inserted greedily; each recombination the best partition.
fn play_out(g: &mut State, plies: usize, rng: &mut DealRng) {
    for _ in 0..plies {
        let Some(next) = g.to_move() else { return };
        if !matches!(g.hand.phase, Phase::Insert | Phase::Recombine) {
            return;
        }
        if g.hand.phase == Phase::Insert {
            let Some(drawn) = draw(g, next, rng) else {
                return;
            };
            *g = drawn;
        }
        let Some(mv) = greedy(g, next) else { return };
        if g.play(mv).is_err() {
            return;
        }
    }
}

/// The machine's `strong` move for `seat` in `world`: at a recombination the best
/// partition; else each insertion of the tile drawn played in [`WORLDS`] worlds sampled
/// again from `world`, each followed by [`ROUNDS`] rounds of play ([`play_out`], the same
/// draws after every insertion), the best total [`worth`], ties to the greedy move. The
/// work is counted, never timed.
pub fn strong(world: &State, seat: usize, rng: &mut DealRng) -> Option<Move> {
    let greedy_move = greedy(world, seat)?;
    if world.hand.phase != Phase::Insert {
        return Some(greedy_move);
    }
    let mut legal = world.legal_moves();
    if legal.len() <= 1 {
        return Some(greedy_move);
    }
    legal.retain(|m| *m != greedy_move);
    legal.insert(0, greedy_move);
    let worlds: Vec<(State, [u8; 32])> = (0..WORLDS)
        .map(|_| (seen(world, seat, rng), key(rng)))
        .collect();
    let plies = ROUNDS * world.players();
    let mut best: Option<(i64, Move)> = None;
    for mv in legal {
        let mut total = 0i64;
        for (w, k) in &worlds {
            let mut g = w.clone();
            if g.play(mv.clone()).is_err() {
                continue;
            }
            play_out(&mut g, plies, &mut DealRng::from_key(*k));
            total = total.saturating_add(worth(&g, seat));
        }
        if best.as_ref().is_none_or(|(v, _)| total > *v) {
            best = Some((total, mv));
        }
    }
    best.map(|(_, mv)| mv)
}
