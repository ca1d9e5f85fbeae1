//! Scoring one placement, two ways: [`Scorer::explain`] builds a [`Breakdown`]
//! naming every component by its cells; [`Scorer::quick`] gives only the
//! points and draws, from flat tables and the padded board, for solvers and
//! the best-placement list. A test plays both on many random positions.
//!
//! What a placement scores (the sheet, QX-2, QX-3, QX-7, QX-8, QX-9):
//! - **base points** with each orthogonal neighbour, by the sum of the two
//!   values ([`super::cards::base`]); sums 11 and 20 draw a card;
//! - **pair** +5 for each orthogonal neighbour of the same rank, unless that
//!   neighbour is in a set on that line;
//! - **set** +30 for each line (row, column, diagonal; orthogonal only in the
//!   solitaire) where the placed card is in 3+ consecutive cards of one rank;
//! - **run** +20 for each run of 3+ consecutive ranks through the placed card
//!   on a line: a straight run counts once however long; a valley or peak
//!   (both neighbours one rank up, or both down) is two runs, one per arm of
//!   3+ cards, or one with `v-run-once` (QX-7);
//! - **Ace and Crown**: placing an Ace or a Crown orthogonally next to the
//!   Crown or Ace of its suit adds the suit-sum values of every other card of
//!   that suit on the grid (0..44; Pawns add 1 each);
//! - with `colour-bonus`, +10 per line of 4+ consecutive cards through the
//!   placed card sharing a suit, and +10 per full 2x2 square with it whose
//!   four cards share a suit (QX-9).
//!
//! The Excuse placed scores nothing; as a neighbour it gives nothing and
//! breaks every line (QX-8).

use super::cards::{base, suit_value, tables, Effect, Tables, EMPTY, OFF};
use super::grid::{Board, Cell, Shape, LINES, ORTHO, PADDED, STRIDE};
use super::Rules;
use crate::decktet::{Card, Rank, Suit};

/// One part of a placement's score.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Kind {
    /// Base points with one neighbour: the sum and what it does.
    Base {
        sum: i32,
        effect: Effect,
    },
    Pair,
    Run,
    Set,
    /// Ace and Crown of `suit`: the cells after the pair are the cards summed.
    AceCrown {
        suit: Suit,
    },
    ColourLine {
        suit: Suit,
    },
    ColourSquare {
        suit: Suit,
    },
}

/// A component: its kind, the cells it is made of (the placed cell first for
/// base points, pairs and Ace and Crown; in line order for lines) and points.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Component {
    #[serde(flatten)]
    pub kind: Kind,
    pub cells: Vec<Cell>,
    pub points: i32,
}

/// A placement's score, explained.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Breakdown {
    pub card: Card,
    pub cell: Cell,
    pub components: Vec<Component>,
    /// The sum of the components' points.
    pub points: i32,
    /// Cards to draw: one per base sum of 11 or 20.
    pub draws: u32,
}

/// Scores placements under one set of rules on one shape of grid.
#[derive(Clone, Copy)]
pub struct Scorer {
    t: &'static Tables,
    pawns: bool,
    /// Line kinds in use: rows and columns, plus the diagonals (4).
    lines: usize,
    colour: bool,
    v_once: bool,
}

impl std::fmt::Debug for Scorer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scorer")
            .field("pawns", &self.pawns)
            .field("lines", &self.lines)
            .field("colour", &self.colour)
            .field("v_once", &self.v_once)
            .finish()
    }
}

impl Scorer {
    pub fn new(rules: &Rules, shape: Shape) -> Scorer {
        Scorer {
            t: tables(rules.pawns),
            pawns: rules.pawns,
            lines: if shape.diagonals() { 4 } else { 2 },
            colour: rules.colour_bonus,
            v_once: rules.v_run_once,
        }
    }

    /// Points and draws of `card` on the empty square at padded position `p`
    /// of `cells`, with the grid's Ace-and-Crown suit sums. No checks.
    ///
    /// Each line is read once, each way, into a few packed words (see
    /// [`Tables::line`]); sets, runs and colour are counted from those.
    #[inline]
    pub fn quick(
        &self,
        cells: &[u8; PADDED],
        suit_sum: &[u16; 6],
        p: usize,
        card: u8,
    ) -> (i32, u32) {
        let t = self.t;
        let ci = card as usize;
        if t.blank[ci] {
            return (0, 0);
        }
        let at = |q: isize| cells[q as usize] as usize;
        let p = p as isize;
        let mut pts = 0i32;
        let mut draws = 0u32;
        let ac = t.ace_crown[ci];
        for d in ORTHO {
            let n = at(p + d);
            if n < 64 {
                pts += t.base[ci][n] as i32;
                draws += t.draw[ci][n] as u32;
                if ac != 0 && ac + t.ace_crown[n] == 3 {
                    let common = t.suits[ci] & t.suits[n];
                    if common != 0 {
                        pts +=
                            (suit_sum[common.trailing_zeros() as usize] - t.suit_value[n]) as i32;
                    }
                }
            }
        }
        let me = t.line[ci];
        let cls = me >> 8 & 0xff;
        let r = (me & 0xff) as i32;
        let mine = me >> 16 & 0xff;
        // The live cards of an arm, outwards, at most 4 (no side passes 5).
        let arm = |d: isize| -> ([u32; 4], usize) {
            let mut v = [0u32; 4];
            let mut n = 0;
            let mut q = p + d;
            while n < 4 {
                let x = t.line[at(q)];
                if x == 0 {
                    break;
                }
                v[n] = x;
                n += 1;
                q += d;
            }
            (v, n)
        };
        // Run stretch of an arm: its length and step.
        let stretch = |v: &[u32; 4], n: usize| -> (u32, i32) {
            if n == 0 {
                return (0, 0);
            }
            let step = (v[0] & 0xff) as i32 - r;
            if step != 1 && step != -1 {
                return (0, 0);
            }
            let mut len = 1;
            while len < n && (v[len] & 0xff) as i32 - (v[len - 1] & 0xff) as i32 == step {
                len += 1;
            }
            (len as u32, step)
        };
        for (li, &d) in LINES[..self.lines].iter().enumerate() {
            let (fv, nf) = arm(d);
            let (bv, nb) = arm(-d);
            if nf + nb == 0 {
                continue;
            }
            // Sets, or pairs on the orthogonal lines.
            let f = fv[..nf]
                .iter()
                .take_while(|&&x| x >> 8 & 0xff == cls)
                .count();
            let k = bv[..nb]
                .iter()
                .take_while(|&&x| x >> 8 & 0xff == cls)
                .count();
            if f + k >= 2 {
                pts += 30;
            } else if li < 2 {
                pts += 5 * (f + k) as i32;
            }
            let (lf, sf) = stretch(&fv, nf);
            let (lb, sb) = stretch(&bv, nb);
            let runs = if lf > 0 && lb > 0 && sf == -sb {
                1
            } else {
                let n = (lf >= 2) as i32 + (lb >= 2) as i32;
                if self.v_once {
                    n.min(1)
                } else {
                    n
                }
            };
            pts += 20 * runs;
            if self.colour && nf + nb >= 3 {
                let mut m = mine;
                while m != 0 {
                    let bit = (m & m.wrapping_neg()) << 16;
                    m &= m - 1;
                    let n = 1
                        + fv[..nf].iter().take_while(|&&x| x & bit != 0).count()
                        + bv[..nb].iter().take_while(|&&x| x & bit != 0).count();
                    if n >= 4 {
                        pts += 10;
                        break;
                    }
                }
            }
        }
        if self.colour && mine != 0 {
            let mine = mine as u8;
            let s = STRIDE as isize;
            for dx in [1, -1] {
                for dy in [s, -s] {
                    let common =
                        mine & t.suits[at(p + dx)] & t.suits[at(p + dy)] & t.suits[at(p + dx + dy)];
                    if common != 0 {
                        pts += 10;
                    }
                }
            }
        }
        (pts, draws)
    }

    /// Points and draws of `card` on `cell` of `board` (no legality check).
    pub fn score(&self, board: &Board, cell: Cell, card: Card) -> (i32, u32) {
        self.quick(
            &board.cells,
            &board.suit_sum,
            cell.pos(),
            card.index() as u8,
        )
    }

    /// The placement's score with every component named by its cells. Written
    /// from the rules directly (not from [`Scorer::quick`]'s tables).
    pub fn explain(&self, board: &Board, cell: Cell, card: Card) -> Breakdown {
        let mut parts = Vec::new();
        if !matches!(card.rank(), Rank::Excuse | Rank::Court) {
            self.explain_into(board, cell, card, &mut parts);
        }
        let points = parts.iter().map(|c: &Component| c.points).sum();
        let draws = parts
            .iter()
            .filter(|c| {
                matches!(
                    c.kind,
                    Kind::Base {
                        effect: Effect::Draw,
                        ..
                    }
                )
            })
            .count() as u32;
        Breakdown {
            card,
            cell,
            components: parts,
            points,
            draws,
        }
    }

    fn explain_into(&self, board: &Board, cell: Cell, card: Card, parts: &mut Vec<Component>) {
        let neighbour = |c: Cell, dc: isize, dr: isize| -> Option<Cell> {
            let col = c.col() as isize + dc;
            let row = c.row() as isize + dr;
            if col < 0 || row < 0 {
                return None;
            }
            Cell::new(col as usize, row as usize)
        };
        // A card on the grid that takes part in lines (not the Excuse).
        let live = |c: Cell| board.get(c).filter(|k| k.rank() != Rank::Excuse);
        for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let Some(n) = neighbour(cell, dc, dr) else {
                continue;
            };
            let Some(other) = board.get(n) else { continue };
            if let Some((sum, effect, points)) = base(card, other) {
                parts.push(Component {
                    kind: Kind::Base { sum, effect },
                    cells: vec![cell, n],
                    points,
                });
            }
            // Ace and Crown of one suit.
            let pair = matches!(
                (card.rank(), other.rank()),
                (Rank::Ace, Rank::Crown) | (Rank::Crown, Rank::Ace)
            );
            if let Some(suit) = card
                .suits()
                .iter()
                .find(|&s| pair && other.suits().contains(s))
            {
                let mut cells = vec![cell, n];
                let mut sum = 0;
                for (c, k) in board.cards() {
                    if c != n && k.suits().contains(suit) {
                        cells.push(c);
                        sum += suit_value(k) as i32;
                    }
                }
                parts.push(Component {
                    kind: Kind::AceCrown { suit },
                    cells,
                    points: sum,
                });
            }
        }
        let dirs: &[(isize, isize)] = &[(1, 0), (0, 1), (1, 1), (-1, 1)][..self.lines];
        for (li, &(dc, dr)) in dirs.iter().enumerate() {
            // The live cards from the placed one outwards, each way.
            let arm = |sign: isize| -> Vec<(Cell, Card)> {
                let mut v = Vec::new();
                let mut c = cell;
                while let Some(n) = neighbour(c, sign * dc, sign * dr) {
                    let Some(k) = live(n) else { break };
                    v.push((n, k));
                    c = n;
                }
                v
            };
            let (fwd, bwd) = (arm(1), arm(-1));
            // Sets and pairs: Pawns with Pawns, otherwise the same rank.
            let same = |k: &Card| k.rank() == card.rank();
            let sf = fwd.iter().take_while(|(_, k)| same(k)).count();
            let sb = bwd.iter().take_while(|(_, k)| same(k)).count();
            if 1 + sf + sb >= 3 {
                let mut cells: Vec<Cell> = bwd[..sb].iter().rev().map(|x| x.0).collect();
                cells.push(cell);
                cells.extend(fwd[..sf].iter().map(|x| x.0));
                parts.push(Component {
                    kind: Kind::Set,
                    cells,
                    points: 30,
                });
            } else if li < 2 {
                for arm in [&fwd, &bwd] {
                    if let Some(&(n, k)) = arm.first().filter(|(_, k)| same(k)) {
                        let _ = k;
                        parts.push(Component {
                            kind: Kind::Pair,
                            cells: vec![cell, n],
                            points: 5,
                        });
                    }
                }
            }
            // Runs: the longest stretch with a steady step of one rank.
            let rank = |k: Card| self.run_rank(k);
            let stretch = |arm: &[(Cell, Card)]| -> (usize, i32) {
                let Some(first) = arm.first() else {
                    return (0, 0);
                };
                let step = rank(first.1) - rank(card);
                if step.abs() != 1 {
                    return (0, 0);
                }
                let mut n = 1;
                while n < arm.len() && rank(arm[n].1) - rank(arm[n - 1].1) == step {
                    n += 1;
                }
                (n, step)
            };
            let ((lf, df), (lb, db)) = (stretch(&fwd), stretch(&bwd));
            let run_of = |arm: &[(Cell, Card)], back: bool| -> Vec<Cell> {
                let mut cells: Vec<Cell> = arm.iter().map(|x| x.0).collect();
                if back {
                    cells.reverse();
                    cells.push(cell);
                } else {
                    cells.insert(0, cell);
                }
                cells
            };
            let mut runs = Vec::new();
            if lf > 0 && lb > 0 && df == -db {
                let mut cells = run_of(&bwd[..lb], true);
                cells.extend(fwd[..lf].iter().map(|x| x.0));
                runs.push(cells);
            } else {
                if lb >= 2 {
                    runs.push(run_of(&bwd[..lb], true));
                }
                if lf >= 2 {
                    runs.push(run_of(&fwd[..lf], false));
                }
                if self.v_once {
                    runs.truncate(1);
                }
            }
            for cells in runs {
                parts.push(Component {
                    kind: Kind::Run,
                    cells,
                    points: 20,
                });
            }
            if self.colour {
                for suit in card.suits().iter() {
                    let has = |arm: &[(Cell, Card)]| {
                        arm.iter()
                            .take_while(|(_, k)| k.suits().contains(suit))
                            .count()
                    };
                    let (nf, nb) = (has(&fwd), has(&bwd));
                    if 1 + nf + nb >= 4 {
                        let mut cells = run_of(&bwd[..nb], true);
                        cells.extend(fwd[..nf].iter().map(|x| x.0));
                        parts.push(Component {
                            kind: Kind::ColourLine { suit },
                            cells,
                            points: 10,
                        });
                        break;
                    }
                }
            }
        }
        if self.colour {
            for (dc, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                // Round the square from the placed card.
                let others = [
                    neighbour(cell, dc, 0),
                    neighbour(cell, dc, dr),
                    neighbour(cell, 0, dr),
                ];
                let cards: Option<Vec<(Cell, Card)>> = others
                    .iter()
                    .map(|c| c.and_then(|c| live(c).map(|k| (c, k))))
                    .collect();
                let Some(cards) = cards else { continue };
                if let Some(suit) = card
                    .suits()
                    .iter()
                    .find(|&s| cards.iter().all(|(_, k)| k.suits().contains(s)))
                {
                    let mut cells = vec![cell];
                    cells.extend(cards.iter().map(|x| x.0));
                    parts.push(Component {
                        kind: Kind::ColourSquare { suit },
                        cells,
                        points: 10,
                    });
                }
            }
        }
    }

    /// Rank for runs (QX-8): Pawns between 9 and the Crown when in play.
    fn run_rank(&self, card: Card) -> i32 {
        match card.rank() {
            Rank::Ace => 1,
            Rank::Number(n) => n as i32,
            Rank::Pawn => 10,
            Rank::Crown => 10 + self.pawns as i32,
            Rank::Excuse | Rank::Court => -100,
        }
    }
}

/// One placement for a hand on a position, with its score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Candidate {
    pub card: Card,
    pub cell: Cell,
    pub points: i32,
    pub draws: u32,
}

/// Every (card, cell) placement of `hand` on `board`'s open cells, best first:
/// by points, then draws, then card and cell order.
pub fn best_placements(scorer: &Scorer, board: &Board, hand: &[Card]) -> Vec<Candidate> {
    let cells = board.open_cells();
    let mut hand = hand.to_vec();
    hand.sort();
    hand.dedup();
    let mut out = Vec::with_capacity(cells.len() * hand.len());
    for &card in &hand {
        for &cell in &cells {
            let (points, draws) = scorer.score(board, cell, card);
            out.push(Candidate {
                card,
                cell,
                points,
                draws,
            });
        }
    }
    out.sort_by(|a, b| {
        (b.points, b.draws)
            .cmp(&(a.points, a.draws))
            .then((a.card, a.cell).cmp(&(b.card, b.cell)))
    });
    out
}

/// Whether a board byte is a card (for solvers reading raw boards).
pub fn is_card(b: u8) -> bool {
    b != EMPTY && b != OFF
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(code: &str) -> Card {
        Card::parse(code).unwrap_or_else(|| panic!("card {code}"))
    }
    fn cell(s: &str) -> Cell {
        Cell::parse(s).unwrap()
    }
    fn board(shape: Shape, cards: &[(&str, &str)]) -> Board {
        let mut b = Board::new(shape);
        for (at, code) in cards {
            b.put(cell(at), c(code));
        }
        b
    }
    /// Explain `code` on `at`, check the fast path agrees, return the breakdown.
    fn place(
        rules: Rules,
        shape: Shape,
        cards: &[(&str, &str)],
        code: &str,
        at: &str,
    ) -> Breakdown {
        let b = board(shape, cards);
        let s = Scorer::new(&rules, shape);
        let x = s.explain(&b, cell(at), c(code));
        assert_eq!(
            s.score(&b, cell(at), c(code)),
            (x.points, x.draws),
            "fast path for {code} on {at}"
        );
        x
    }
    fn count(b: &Breakdown, kind: fn(&Kind) -> bool) -> usize {
        b.components.iter().filter(|x| kind(&x.kind)).count()
    }
    fn cells(x: &Component) -> String {
        x.cells
            .iter()
            .map(Cell::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
    const BASIC: Rules = Rules {
        excuse: false,
        pawns: false,
        start_from_zero: false,
        colour_bonus: false,
        sempliciotto: false,
        overcall_true: false,
        v_run_once: false,
    };
    const FIXED: Shape = Shape::Fixed;

    #[test]
    fn six_and_nine_give_five() {
        // The sheet's example: 6 + 9 - 10 = 5.
        let x = place(BASIC, FIXED, &[("c3", "6MW")], "9LK", "c4");
        assert_eq!(x.points, 5);
        assert_eq!(x.components.len(), 1);
        assert_eq!(
            x.components[0].kind,
            Kind::Base {
                sum: 15,
                effect: Effect::High
            }
        );
        assert_eq!(cells(&x.components[0]), "c4 c3");
    }

    #[test]
    fn base_points_with_every_neighbour_and_draws() {
        // Left 2 (sum 11: draw), right Crown (sum 19: +8... 9+10-10 = 9),
        // below 4 (sum 13: +3), above the Ace of Suns (sum 10: nothing).
        let x = place(
            BASIC,
            FIXED,
            &[("b3", "2MK"), ("d3", "CW"), ("c2", "4YK"), ("c4", "AS")],
            "9MS",
            "c3",
        );
        assert_eq!(x.points, 9 + 3);
        assert_eq!(x.draws, 1);
        // Two sums of 11 or 20 draw two cards (the sheet's note).
        let x = place(BASIC, FIXED, &[("b3", "2MK"), ("d3", "2SY")], "9MS", "c3");
        assert_eq!(x.draws, 2);
        let x = place(BASIC, FIXED, &[("b3", "CM"), ("c4", "CS")], "CW", "c3");
        assert_eq!(
            (x.draws, x.points),
            (2, 10),
            "two Crowns: sum 20 each, a pair each"
        );
        // Diagonal neighbours give no base points.
        let x = place(BASIC, FIXED, &[("b2", "9MS")], "8WL", "c3");
        assert_eq!(x.points, 0);
    }

    #[test]
    fn low_sums_sign_by_ace_and_suit() {
        // Sum 9 or less: + with an Ace sharing a suit, - otherwise.
        let x = place(BASIC, FIXED, &[("c3", "8MS")], "AM", "c4");
        assert_eq!(x.points, 9);
        let x = place(BASIC, FIXED, &[("c3", "8MS")], "AW", "c4");
        assert_eq!(x.points, -9);
        let x = place(BASIC, FIXED, &[("c3", "2MK")], "3MW", "c4");
        assert_eq!(x.points, -5);
    }

    #[test]
    fn pairs_qx2() {
        // +5 per orthogonal neighbour of the same rank; several at once.
        let x = place(BASIC, FIXED, &[("b3", "5ML"), ("c4", "5SW")], "5YK", "c3");
        assert_eq!(count(&x, |k| *k == Kind::Pair), 2);
        assert_eq!(x.points, 2 * 5, "5 + 5 = 10: no base points");
        // Diagonal same rank: no pair.
        let x = place(BASIC, FIXED, &[("b2", "5ML")], "5YK", "c3");
        assert_eq!(x.points, 0);
    }

    #[test]
    fn sets_absorb_pairs_qx2() {
        // 5 5 [5] on a row: one set of 30, no pair with the row neighbour.
        let x = place(BASIC, FIXED, &[("a3", "5ML"), ("b3", "5SW")], "5YK", "c3");
        assert_eq!(count(&x, |k| *k == Kind::Set), 1);
        assert_eq!(count(&x, |k| *k == Kind::Pair), 0);
        assert_eq!(x.points, 30);
        assert_eq!(
            cells(x.components.iter().find(|k| k.kind == Kind::Set).unwrap()),
            "a3 b3 c3"
        );
        // Placed in the middle of 5 [5] 5: still one set.
        let x = place(BASIC, FIXED, &[("b3", "5ML"), ("d3", "5SW")], "5YK", "c3");
        assert_eq!((count(&x, |k| *k == Kind::Set), x.points), (1, 30));
        // A set on the row and a pair on the column, with different cards
        // (four of a rank: the Pawns, QX-8): set 30, pair 5, and Pawn + Pawn
        // sums of 2 with a common suit, +2 each.
        let ext = Rules {
            excuse: true,
            pawns: true,
            ..BASIC
        };
        let x = place(
            ext,
            FIXED,
            &[("a3", "PMYK"), ("b3", "PSWK"), ("c4", "PWLY")],
            "PMSL",
            "c3",
        );
        assert_eq!(
            (
                count(&x, |k| *k == Kind::Set),
                count(&x, |k| *k == Kind::Pair)
            ),
            (1, 1)
        );
        assert_eq!(x.points, 30 + 5 + 2 + 2);
        let x = place(
            BASIC,
            FIXED,
            &[("a3", "7ML"), ("b3", "7SK"), ("c4", "6MW")],
            "7WY",
            "c3",
        );
        assert_eq!(
            x.points,
            30 + 4 + 3,
            "set, base 14 with b3 and 13 with the 6"
        );
        // Sets count on diagonals in the game, not in the solitaire (QX-11).
        let diag = [("a1", "5ML"), ("b2", "5SW")];
        let x = place(BASIC, FIXED, &diag, "5YK", "c3");
        assert_eq!(x.points, 30);
        let x = place(BASIC, Shape::Solitaire, &diag, "5YK", "c3");
        assert_eq!(x.points, 0);
    }

    #[test]
    fn runs_straight_count_once_qx2_qx7() {
        // 3-4-[5]-6-7: playing into the middle of a run is one run.
        let row = [("a3", "3MW"), ("b3", "4YK"), ("d3", "6LK"), ("e3", "7SK")];
        let x = place(BASIC, FIXED, &row, "5ML", "c3");
        let runs: Vec<&Component> = x
            .components
            .iter()
            .filter(|k| k.kind == Kind::Run)
            .collect();
        assert_eq!(runs.len(), 1);
        assert_eq!(cells(runs[0]), "a3 b3 c3 d3 e3");
        // Base: 5+4 = 9 (-9), 5+6 = 11 (draw).
        assert_eq!((x.points, x.draws), (20 - 9, 1));
        // Descending works the same; a run of 3 at an end.
        let x = place(BASIC, FIXED, &[("a3", "7SK"), ("b3", "6LK")], "5ML", "c3");
        assert_eq!(count(&x, |k| *k == Kind::Run), 1);
        // Runs count on diagonals too, except in the solitaire (QX-11).
        let diag = [("a1", "3MW"), ("b2", "4YK")];
        assert_eq!(place(BASIC, FIXED, &diag, "5ML", "c3").points, 20);
        assert_eq!(place(BASIC, Shape::Solitaire, &diag, "5ML", "c3").points, 0);
        // No wrap past the Ace or the Crown: Crown-Ace-2 is no run.
        let x = place(BASIC, FIXED, &[("a3", "CS"), ("b3", "AM")], "2MK", "c3");
        assert_eq!(count(&x, |k| *k == Kind::Run), 0);
        // Ace-2-3 and 8-9-Crown are.
        assert_eq!(
            count(
                &place(BASIC, FIXED, &[("a3", "AM"), ("b3", "2MK")], "3MW", "c3"),
                |k| *k == Kind::Run
            ),
            1
        );
        assert_eq!(
            count(
                &place(BASIC, FIXED, &[("a3", "8MS"), ("b3", "9LK")], "CM", "c3"),
                |k| *k == Kind::Run
            ),
            1
        );
        // Two lines at once: a run on the row and one on the column.
        let x = place(
            BASIC,
            FIXED,
            &[("a3", "3MW"), ("b3", "4YK"), ("c1", "3SK"), ("c2", "4WL")],
            "5ML",
            "c3",
        );
        assert_eq!(count(&x, |k| *k == Kind::Run), 2);
    }

    #[test]
    fn valley_and_peak_qx7() {
        // 5-4-[3]-4-5: two runs by default, one with v-run-once.
        let valley = [("a3", "5ML"), ("b3", "4YK"), ("d3", "4WL"), ("e3", "5SW")];
        let x = place(BASIC, FIXED, &valley, "3MW", "c3");
        let runs: Vec<String> = x
            .components
            .iter()
            .filter(|k| k.kind == Kind::Run)
            .map(cells)
            .collect();
        assert_eq!(runs, ["a3 b3 c3", "c3 d3 e3"]);
        assert_eq!(x.points, 40 - 7 - 7);
        let once = Rules {
            v_run_once: true,
            ..BASIC
        };
        let x = place(once, FIXED, &valley, "3MW", "c3");
        assert_eq!((count(&x, |k| *k == Kind::Run), x.points), (1, 20 - 14));
        // 7-8-[9]-8-7, the peak.
        let peak = [("a3", "7ML"), ("b3", "8MS"), ("d3", "8WL"), ("e3", "7SK")];
        assert_eq!(
            count(&place(BASIC, FIXED, &peak, "9LK", "c3"), |k| *k
                == Kind::Run),
            2
        );
        assert_eq!(
            count(&place(once, FIXED, &peak, "9LK", "c3"), |k| *k == Kind::Run),
            1
        );
        // 4-[3]-4 is no run at all.
        let x = place(BASIC, FIXED, &[("b3", "4YK"), ("d3", "4WL")], "3MW", "c3");
        assert_eq!(count(&x, |k| *k == Kind::Run), 0);
        // A valley with one long arm: 5-4-[3]-4 is one run.
        let x = place(
            BASIC,
            FIXED,
            &[("a3", "5ML"), ("b3", "4YK"), ("d3", "4WL")],
            "3MW",
            "c3",
        );
        assert_eq!(count(&x, |k| *k == Kind::Run), 1);
    }

    #[test]
    fn ace_and_crown_from_0_to_44_qx3() {
        // No other Moons on the grid: 0 (and the draw of sum 11).
        let x = place(BASIC, FIXED, &[("c3", "CM")], "AM", "c4");
        let ac = x
            .components
            .iter()
            .find(|k| matches!(k.kind, Kind::AceCrown { .. }))
            .unwrap();
        assert_eq!((ac.points, x.points, x.draws), (0, 0, 1));
        assert_eq!(ac.kind, Kind::AceCrown { suit: Suit::Moons });
        // Every other Moons card on the grid: 2 + 3 + .. + 9 = 44.
        let moons = [
            ("a1", "2MK"),
            ("b1", "3MW"),
            ("c1", "4MS"),
            ("d1", "5ML"),
            ("e1", "6MW"),
            ("a5", "7ML"),
            ("b5", "8MS"),
            ("e5", "9MS"),
        ];
        let mut grid = moons.to_vec();
        grid.push(("c3", "CM"));
        let x = place(BASIC, FIXED, &grid, "AM", "c4");
        let ac = x
            .components
            .iter()
            .find(|k| matches!(k.kind, Kind::AceCrown { .. }))
            .unwrap();
        assert_eq!(ac.points, 44);
        assert_eq!(ac.cells.len(), 2 + 8);
        // The Crown placed next to the Ace works the same way.
        let mut grid = moons.to_vec();
        grid.push(("c4", "AM"));
        assert_eq!(place(BASIC, FIXED, &grid, "CM", "c3").points, 44);
        // Only the same suit, and only orthogonally.
        assert_eq!(place(BASIC, FIXED, &[("c3", "CS")], "AM", "c4").points, 0);
        let mut grid = moons.to_vec();
        grid.push(("b2", "CM"));
        let x = place(BASIC, FIXED, &grid, "AM", "c3");
        assert_eq!(count(&x, |k| matches!(k, Kind::AceCrown { .. })), 0);
        // Pawns add 1 to the suit sum (QX-8): the Watchman and the Harvest are Moons.
        let ext = Rules {
            excuse: true,
            pawns: true,
            ..BASIC
        };
        let mut grid = moons.to_vec();
        grid.extend([("c5", "PMYK"), ("d5", "PMSL"), ("c3", "CM")]);
        let x = place(ext, FIXED, &grid, "AM", "c4");
        let ac = x
            .components
            .iter()
            .find(|k| matches!(k.kind, Kind::AceCrown { .. }))
            .unwrap();
        assert_eq!(ac.points, 46);
        // A Pawn does not trigger Ace and Crown.
        let x = place(ext, FIXED, &[("c3", "CM")], "PMYK", "c4");
        assert_eq!(count(&x, |k| matches!(k, Kind::AceCrown { .. })), 0);
    }

    #[test]
    fn pawns_in_runs_and_sets_qx8() {
        let ext = Rules {
            excuse: true,
            pawns: true,
            ..BASIC
        };
        let run = |r: Rules, a: &str, b: &str, p: &str| {
            count(&place(r, FIXED, &[("a3", a), ("b3", b)], p, "c3"), |k| {
                *k == Kind::Run
            })
        };
        assert_eq!(run(ext, "8MS", "9LK", "PMYK"), 1, "8-9-Pawn");
        assert_eq!(run(ext, "9LK", "PMYK", "CM"), 1, "9-Pawn-Crown");
        assert_eq!(
            run(ext, "8MS", "9LK", "CM"),
            0,
            "9-Crown is no step with Pawns in play"
        );
        assert_eq!(run(BASIC, "8MS", "9LK", "CM"), 1, "but is without them");
        // Pawns pair and make sets with Pawns.
        let x = place(ext, FIXED, &[("b3", "PMYK")], "PSWK", "c3");
        assert_eq!(count(&x, |k| *k == Kind::Pair), 1);
        let x = place(ext, FIXED, &[("a3", "PMYK"), ("b3", "PSWK")], "PWLY", "c3");
        assert_eq!(count(&x, |k| *k == Kind::Set), 1);
    }

    #[test]
    fn excuse_is_blank_qx8() {
        let ext = Rules {
            excuse: true,
            pawns: true,
            colour_bonus: true,
            ..BASIC
        };
        // Placed: nothing at all, even amid a would-be run.
        let x = place(ext, FIXED, &[("b3", "CM"), ("d3", "9MS")], "X", "c3");
        assert_eq!((x.points, x.draws, x.components.len()), (0, 0, 0));
        // As a neighbour: no base points, no draw; it breaks runs and sets.
        let x = place(ext, FIXED, &[("c3", "X")], "9MS", "c4");
        assert_eq!((x.points, x.draws), (0, 0));
        let x = place(ext, FIXED, &[("a3", "3MW"), ("b3", "X")], "5ML", "c3");
        assert_eq!(count(&x, |k| *k == Kind::Run), 0);
        let x = place(
            ext,
            FIXED,
            &[("a3", "5SW"), ("b3", "X"), ("d3", "5YK")],
            "5ML",
            "c3",
        );
        assert_eq!(count(&x, |k| *k == Kind::Set), 0);
    }

    #[test]
    fn colour_lines_and_squares_qx9() {
        let colour = Rules {
            colour_bonus: true,
            ..BASIC
        };
        // Four in a row sharing Moons: +10 once.
        let row = [("a3", "2MK"), ("b3", "4MS"), ("d3", "8MS")];
        let x = place(colour, FIXED, &row, "6MW", "c3");
        let lines: Vec<&Component> = x
            .components
            .iter()
            .filter(|k| matches!(k.kind, Kind::ColourLine { .. }))
            .collect();
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0].kind, Kind::ColourLine { suit: Suit::Moons });
        assert_eq!(cells(lines[0]), "a3 b3 c3 d3");
        // Without the option, nothing.
        assert_eq!(
            count(&place(BASIC, FIXED, &row, "6MW", "c3"), |k| matches!(
                k,
                Kind::ColourLine { .. }
            )),
            0
        );
        // Three cards are not enough; a line sharing two suits counts once.
        assert_eq!(
            count(&place(colour, FIXED, &row[1..], "6MW", "c3"), |k| matches!(
                k,
                Kind::ColourLine { .. }
            )),
            0
        );
        // Moons and Suns both run through 4MS 8MS [9MS] Harvest: one bonus.
        let ext = Rules {
            excuse: true,
            pawns: true,
            ..colour
        };
        let two = [("a3", "4MS"), ("b3", "8MS"), ("d3", "PMSL")];
        assert_eq!(
            count(&place(ext, FIXED, &two, "9MS", "c3"), |k| matches!(
                k,
                Kind::ColourLine { .. }
            )),
            1
        );
        let x = place(
            colour,
            FIXED,
            &[("a3", "4MS"), ("b3", "8MS"), ("d3", "9MS")],
            "AM",
            "c3",
        );
        assert_eq!(count(&x, |k| matches!(k, Kind::ColourLine { .. })), 1);
        // A 2x2 square sharing Waves: +10; two squares at once: +20.
        let sq = [("b3", "6MW"), ("b4", "3MW"), ("c4", "8WL")];
        let x = place(colour, FIXED, &sq, "7WY", "c3");
        let squares: Vec<&Component> = x
            .components
            .iter()
            .filter(|k| matches!(k.kind, Kind::ColourSquare { .. }))
            .collect();
        assert_eq!(squares.len(), 1);
        assert_eq!(squares[0].kind, Kind::ColourSquare { suit: Suit::Waves });
        assert_eq!(cells(squares[0]), "c3 b3 b4 c4");
        let sq2 = [
            ("b3", "6MW"),
            ("b4", "3MW"),
            ("c4", "8WL"),
            ("d3", "9WY"),
            ("d4", "4WL"),
        ];
        let x = place(colour, FIXED, &sq2, "7WY", "c3");
        assert_eq!(count(&x, |k| matches!(k, Kind::ColourSquare { .. })), 2);
        // Colour lines use no diagonals in the solitaire (QX-9).
        let diag = [("a1", "2MK"), ("b2", "4MS"), ("d4", "8MS")];
        assert_eq!(
            count(&place(colour, FIXED, &diag, "6MW", "c3"), |k| matches!(
                k,
                Kind::ColourLine { .. }
            )),
            1
        );
        assert_eq!(
            count(
                &place(colour, Shape::Solitaire, &diag, "6MW", "c3"),
                |k| matches!(k, Kind::ColourLine { .. })
            ),
            0
        );
    }

    #[test]
    fn best_placements_sorted() {
        let b = board(
            FIXED,
            &[
                ("a1", "6MW"),
                ("e1", "AS"),
                ("a5", "5YK"),
                ("e5", "CW"),
                ("c3", "9LK"),
            ],
        );
        let s = Scorer::new(&BASIC, FIXED);
        let hand = [c("9MS"), c("2MK"), c("8WL")];
        let list = best_placements(&s, &b, &hand);
        assert_eq!(list.len(), 3 * 20);
        assert!(list
            .windows(2)
            .all(|w| (w[0].points, w[0].draws) >= (w[1].points, w[1].draws)));
        for x in &list {
            assert_eq!(s.score(&b, x.cell, x.card), (x.points, x.draws));
        }
        // 9 next to the Crown of Waves (19: +9) and the 9 (pair... 18: +8 +5)? c3's 9 and e5's Crown
        // have no common neighbour; the top is 9 beside the 9 on c3 (8 + 5 = 13).
        assert_eq!(list[0].points, 13);
        assert_eq!(list[0].card, c("9MS"));
    }

    /// The fast path and the explanation agree on many random positions,
    /// for every shape and option.
    #[test]
    fn fast_path_agrees_with_explanation() {
        let mut rng = crate::deal::DealRng::new("quincunx-test", "score", "agree", 0);
        for round in 0..3000u32 {
            let rules = Rules {
                excuse: rng.below(2) == 1,
                pawns: rng.below(2) == 1,
                colour_bonus: rng.below(2) == 1,
                v_run_once: rng.below(2) == 1,
                ..BASIC
            };
            let shape = [Shape::Fixed, Shape::Zero, Shape::Solitaire][rng.below(3) as usize];
            let mut order: Vec<usize> = rules.deck().cards().map(Card::index).collect();
            rng.shuffle(&mut order);
            let mut b = Board::new(shape);
            let fill = rng.below(shape.size() as u32) as usize;
            let mut used = 0;
            // Fill random open cells (start-from-zero grows from e5).
            if shape == Shape::Zero {
                b.put(cell("e5"), Card::from_index(order[0]).unwrap());
                used = 1;
            }
            while used < fill {
                let open = b.open_cells();
                let at = open[rng.below(open.len() as u32) as usize];
                b.put(at, Card::from_index(order[used]).unwrap());
                used += 1;
            }
            let s = Scorer::new(&rules, shape);
            let card = Card::from_index(order[used]).unwrap();
            for at in b.open_cells() {
                let x = s.explain(&b, at, card);
                assert_eq!(
                    s.score(&b, at, card),
                    (x.points, x.draws),
                    "round {round}: {card} on {at} of {b:?} under {rules:?}"
                );
            }
        }
    }
}
