//! The best order of play for a finished solitaire grid (QX-11).
//!
//! An edge's base points, pair and draw do not depend on which of its two
//! cards arrives first, so a finished grid fixes them, the number of cards
//! drawn and the cards left in hand. The order still decides runs, sets and
//! Ace and Crown (scored when the card completing them arrives) and whether
//! each drawn card is in hand when it is placed. [`best_order`] finds the
//! best order exactly, by dynamic programming over the sets of free cells
//! placed (4,096 for the solitaire's 12), scoring each placement with the
//! game's own scorer. The solver uses it to improve the line it found when it
//! stops at its bound: the same grid played in a better order, then grids
//! one swap of two cards away.

use super::cards::{add_suit_value, penalty_of, tables, Tables, EMPTY};
use super::grid::{Shape, ORTHO, PADDED};
use super::round::RoundSetup;
use super::score::Scorer;
use super::Rules;
use crate::decktet::Card;

const NEG: i32 = i32::MIN / 4;

/// A solitaire deal's fixed parts: the start grid, the hand and the pile.
pub struct Deal<'a> {
    pub t: &'static Tables,
    pub scorer: Scorer,
    pub cells0: [u8; PADDED],
    pub suit0: [u16; 6],
    pub hand0: u64,
    pub pile: &'a [u8],
}

impl<'a> Deal<'a> {
    /// The fixed parts of a solitaire round, its pile given as card indices.
    pub fn of(deal: &RoundSetup, rules: &Rules, pile: &'a [u8]) -> Deal<'a> {
        let board = deal.start_board(Shape::Solitaire);
        Deal {
            t: tables(rules.pawns),
            scorer: Scorer::new(rules, Shape::Solitaire),
            cells0: board.cells,
            suit0: board.suit_sum,
            hand0: deal.hands[0].iter().fold(0, |m, c| m | 1 << c.index()),
            pile,
        }
    }

    /// The free cells of the start grid, in board order.
    pub fn free_cells(&self) -> Vec<usize> {
        (0..PADDED).filter(|&p| self.cells0[p] == EMPTY).collect()
    }

    fn pile_at(&self, card: u8) -> Option<usize> {
        self.pile.iter().position(|&c| c == card)
    }

    /// Cards drawn over a game ending on `grid`: one per edge summing 11 or
    /// 20, at most the pile (QX-6).
    fn draws(&self, grid: &[u8; PADDED], free: &[usize]) -> usize {
        let mut d = 0;
        for &p in free {
            for dd in ORTHO {
                let q = (p as isize + dd) as usize;
                let (a, b) = (grid[p], grid[q]);
                // Each edge once: between free cells from the lower one.
                if a >= 64 || b >= 64 || (self.cells0[q] == EMPTY && q < p) {
                    continue;
                }
                d += self.t.draw[a as usize][b as usize] as usize;
            }
        }
        d.min(self.pile.len())
    }

    /// The best total of a game ending on the finished `grid` (placements
    /// less the cards left in hand) and its moves as (card, position), or
    /// `None` if no order has each card in hand when it is placed.
    pub fn best_order(&self, grid: &[u8; PADDED]) -> Option<(i32, Vec<(u8, u8)>)> {
        let free = self.free_cells();
        let n = free.len();
        let drawn = self.draws(grid, &free);
        let placed = free.iter().fold(0u64, |m, &p| m | 1 << grid[p]);
        // Every card placed is in the hand or among the cards drawn.
        let mut need = vec![0usize; n];
        for (j, &p) in free.iter().enumerate() {
            let c = grid[p];
            need[j] = match self.pile_at(c) {
                _ if self.hand0 & 1 << c != 0 => 0,
                Some(i) if i < drawn => i + 1,
                _ => return None,
            };
        }
        let have = self.hand0 | self.pile[..drawn].iter().fold(0, |m, &c| m | 1 << c);
        let left = penalty_of(have & !placed);
        let full = (1usize << n) - 1;
        let mut val = vec![NEG; 1 << n];
        let mut choice = vec![0u8; 1 << n];
        val[full] = 0;
        for s in (0..full).rev() {
            let mut cells = self.cells0;
            let mut suit = self.suit0;
            for (j, &p) in free.iter().enumerate() {
                if s & 1 << j != 0 {
                    cells[p] = grid[p];
                    add_suit_value(
                        &mut suit,
                        Card::from_index(grid[p] as usize).expect("a card"),
                    );
                }
            }
            let drawn_now = self.draws(&cells, &free);
            let mut best = NEG;
            for (j, &p) in free.iter().enumerate() {
                let next = val[s | 1 << j];
                if s & 1 << j != 0 || next == NEG || need[j] > drawn_now {
                    continue;
                }
                let (pts, _) = self.scorer.quick(&cells, &suit, p, grid[p]);
                if pts + next > best {
                    best = pts + next;
                    choice[s] = j as u8;
                }
            }
            val[s] = best;
        }
        if val[0] == NEG {
            return None;
        }
        let mut s = 0usize;
        let mut line = Vec::with_capacity(n);
        while s != full {
            let j = choice[s] as usize;
            line.push((grid[free[j]], free[j] as u8));
            s |= 1 << j;
        }
        Some((val[0] - left, line))
    }

    /// Improve a line: its grid in the best order, then, while one helps,
    /// the grid with two of its placed cards swapped, each in its best
    /// order; at most `rounds` passes. Returns the best total and line.
    pub fn polish(&self, start: (i32, Vec<(u8, u8)>), rounds: usize) -> (i32, Vec<(u8, u8)>) {
        let mut grid = self.cells0;
        for &(c, p) in &start.1 {
            grid[p as usize] = c;
        }
        let mut best = match self.best_order(&grid) {
            Some(b) if b.0 > start.0 => b,
            _ => start,
        };
        let free = self.free_cells();
        for _ in 0..rounds {
            let mut improved = false;
            for a in 0..free.len() {
                for b in a + 1..free.len() {
                    let mut g = grid;
                    g.swap(free[a], free[b]);
                    if let Some(c) = self.best_order(&g).filter(|c| c.0 > best.0) {
                        best = c;
                        grid = g;
                        improved = true;
                    }
                }
            }
            if !improved {
                break;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::engine::Engine;
    use crate::games::quincunx::grid::Cell;
    use crate::games::quincunx::round::{Move, Setup};
    use crate::games::quincunx::{solve::greedy, Quincunx};

    /// Play a line through the engine: its total (placements less the hand),
    /// or `None` if a move is refused or the grid is not filled.
    fn replay(seed: &str, rules: &Rules, line: &[(u8, u8)]) -> Option<i32> {
        let setup = Setup::from_seed(seed, 1, rules).unwrap();
        let mut g = Quincunx::start(&setup, rules).unwrap();
        for &(card, p) in line {
            g.play(Move {
                player: 0,
                card: Card::from_index(card as usize).unwrap(),
                cell: Cell::from_pos(p as usize).unwrap(),
                announced: None,
                noticed_by: None,
            })
            .ok()?;
        }
        let r = &g.results()[0];
        r.grid_full.then(|| r.totals[0])
    }

    /// QX-11: the greedy player's grid in its best order, then improved by
    /// swaps, is a legal game scoring what `polish` says, never below greedy.
    #[test]
    fn polished_lines_replay_to_their_score_and_never_lose_points_qx11() {
        let rules = Rules::default();
        let mut gained = 0;
        for seed in 1..=12 {
            let seed = seed.to_string();
            let setup = Setup::from_seed(&seed, 1, &rules).unwrap();
            let deal = &setup.rounds[0];
            let (Some(g), moves) = greedy(deal, &rules) else {
                continue;
            };
            let pile: Vec<u8> = deal.pile.iter().map(|c| c.index() as u8).collect();
            let fixed = Deal::of(deal, &rules, &pile);
            let line: Vec<(u8, u8)> = moves
                .iter()
                .map(|m| (m.card.index() as u8, m.cell.pos() as u8))
                .collect();
            assert_eq!(replay(&seed, &rules, &line), Some(g));
            // The same grid in its best order scores at least the greedy order.
            let mut grid = fixed.cells0;
            for &(c, p) in &line {
                grid[p as usize] = c;
            }
            let (ordered, in_order) = fixed.best_order(&grid).unwrap();
            assert!(ordered >= g, "seed {seed}: {ordered} < {g}");
            assert_eq!(replay(&seed, &rules, &in_order), Some(ordered));
            let (score, better) = fixed.polish((g, line), 2);
            assert!(score >= ordered);
            assert_eq!(replay(&seed, &rules, &better), Some(score), "seed {seed}");
            gained += (score > g) as u32;
        }
        assert!(
            gained > 0,
            "polishing never found anything better than greedy"
        );
    }

    /// A grid whose pile cards cannot all be drawn has no order.
    #[test]
    fn a_grid_needing_undrawn_cards_has_no_order() {
        let rules = Rules::default();
        let setup = Setup::from_seed("5", 1, &rules).unwrap();
        let deal = &setup.rounds[0];
        let pile: Vec<u8> = deal.pile.iter().map(|c| c.index() as u8).collect();
        let fixed = Deal::of(deal, &rules, &pile);
        // Fill every free cell from the bottom of the pile: never drawn.
        let mut grid = fixed.cells0;
        for (p, &c) in fixed.free_cells().iter().zip(pile.iter().rev()) {
            grid[*p] = c;
        }
        assert_eq!(fixed.best_order(&grid), None);
    }
}
