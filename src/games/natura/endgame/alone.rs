//! The bound from the other side's passes: what a side could do if the other only passed.
//!
//! Why it bounds the value, in every position (NS-3, NS-4). Let `V` be the points still to
//! come for the player to move, A, against the other, B (A's points less B's from here to
//! the end, NS-4's adjustment counted), both playing their best.
//!
//! - **At most A's best alone.** A pass is always a legal turn (NS-3; with the bag empty
//!   there is no exchange), so B may pass at every turn. Against that one way of playing, A
//!   gets at most `S_A`, the best of A's *one-player game*: A's plays one after another with
//!   B's passes between, ended by A going out (A's plays and, in spread, twice B's rack) or
//!   by the passes (each rack off its holder). B can keep A to `S_A` whatever A does, and
//!   may do better: `V <= S_A`.
//! - **At least minus B's best alone after A's pass.** A may pass at every turn just the
//!   same. If A's pass now is the game's last scoreless turn, the game ends there and
//!   `V >= E` (both racks off, [`Pos::estimate`]); otherwise `V >= -S_B`, B's one-player
//!   best from the position after A's pass.
//! - **The pass count.** A play resets the count of scoreless turns, and the other's pass
//!   after it makes it 1, so every position of a one-player game past its first has the
//!   count at 1; a side that stops passes to the end, and that end (both racks off) does not
//!   depend on the count. A pass followed by plays is no better than those plays at once
//!   (the passes change neither board nor racks, only bring the end nearer). So `S_A` is the
//!   best of stopping and of each play followed by `S_A` of the position after it (a play
//!   going out ends the game), whatever the count: the memo's keys leave the count out.
//!
//! Any value at least `S` keeps both bounds sound, so the walk below answers "is `S` at most
//! `limit`?" with the highest of the values it proved for its lines (fail-soft), and gives no
//! answer at all when its budget runs out (never a guess). The memo holds what each
//! one-player position (the board and both racks, the side to move) was proved to be at least
//! and at most; only the side alone changes the board in such a game, so its positions recur
//! across the two-player search's leaves.

use std::collections::HashMap;

use super::super::leaves::KeyHash;
use super::lines::Lines;
use super::pos::{Mv, Pos};
use super::search::INF;

/// Entries kept at most; past this the memo starts again empty (memory stays bounded).
const MAX_MEMO: usize = 1 << 21;

/// What is known of a one-player best: `lo <= S <= hi`.
#[derive(Clone, Copy)]
struct Known {
    lo: i32,
    hi: i32,
}

/// How a walk ended.
enum Walk {
    /// A line worth more than the limit.
    Above,
    /// Every line is worth at most this (itself at most the limit).
    AtMost(i32),
    /// The budget ran out.
    Spent,
}

#[derive(Default)]
pub(super) struct Alone {
    memo: HashMap<u64, Known, KeyHash>,
    /// Move lists by depth, kept to spare an allocation per position.
    lists: Vec<Vec<(i32, Mv)>>,
    found: Vec<Mv>,
    /// One-player positions walked in all.
    pub walked: u64,
    spent: u64,
}

impl Alone {
    /// Whether the player to move's best alone (see the module) is at most `limit`: `Some(h)`
    /// with `S <= h <= limit` if so, `None` if a line does better or more than `budget`
    /// positions would be needed to tell. `pos` is left as it was.
    pub fn at_most(
        &mut self,
        pos: &mut Pos,
        lines: &mut Lines,
        limit: i32,
        budget: u64,
    ) -> Option<i32> {
        self.spent = 0;
        let got = self.walk(pos, lines, limit, budget, 0);
        self.walked += self.spent;
        match got {
            Walk::AtMost(h) => Some(h),
            Walk::Above | Walk::Spent => None,
        }
    }

    /// Positions the last [`Alone::at_most`] walked.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    fn walk(
        &mut self,
        pos: &mut Pos,
        lines: &mut Lines,
        limit: i32,
        budget: u64,
        depth: usize,
    ) -> Walk {
        if self.spent >= budget {
            return Walk::Spent;
        }
        self.spent += 1;
        let key = pos.count_free_key();
        let mut known = self
            .memo
            .get(&key)
            .copied()
            .unwrap_or(Known { lo: -INF, hi: INF });
        if known.lo > limit {
            return Walk::Above;
        }
        if known.hi <= limit {
            return Walk::AtMost(known.hi);
        }
        // Stopping: the passes end the game, each rack off its holder.
        let stop = pos.estimate();
        let got = if stop > limit {
            known.lo = known.lo.max(stop);
            Walk::Above
        } else {
            self.plays(pos, lines, limit, budget, depth, stop)
        };
        match got {
            Walk::Above => known.lo = known.lo.max(limit + 1),
            Walk::AtMost(h) => known.hi = known.hi.min(h),
            Walk::Spent => return Walk::Spent,
        }
        if self.memo.len() >= MAX_MEMO {
            self.memo.clear();
        }
        self.memo.insert(key, known);
        got
    }

    /// The plays after stopping (worth `stop`) was found no better than `limit`: the
    /// likeliest to pass the limit first (going out, then by score), so an answer of
    /// "above" comes early.
    fn plays(
        &mut self,
        pos: &mut Pos,
        lines: &mut Lines,
        limit: i32,
        budget: u64,
        depth: usize,
        stop: i32,
    ) -> Walk {
        if self.lists.len() <= depth {
            self.lists.resize_with(depth + 1, Vec::new);
        }
        let mut list = std::mem::take(&mut self.lists[depth]);
        list.clear();
        self.found.clear();
        pos.placements(lines, &mut self.found);
        let held = pos.size[pos.turn];
        let bonus = pos.out_bonus();
        for m in &self.found {
            let s = i32::from(m.score);
            let key = if m.tiles == held {
                INF + s + bonus
            } else {
                s + pos.tiles_value(m)
            };
            list.push((key, *m));
        }
        list.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
        let mut hi = stop;
        let mut got = None;
        for &(_, m) in &list {
            let s = i32::from(m.score);
            if m.tiles == held {
                let v = s + bonus;
                if v > limit {
                    got = Some(Walk::Above);
                    break;
                }
                hi = hi.max(v);
                continue;
            }
            let undo = pos.make(&m);
            let passed = pos.make(&Mv::PASS);
            let rest = self.walk(pos, lines, limit - s, budget, depth + 1);
            pos.unmake(&Mv::PASS, passed);
            pos.unmake(&m, undo);
            match rest {
                Walk::AtMost(h) => hi = hi.max(s + h),
                other => {
                    got = Some(other);
                    break;
                }
            }
        }
        self.lists[depth] = list;
        got.unwrap_or(Walk::AtMost(hi))
    }
}
