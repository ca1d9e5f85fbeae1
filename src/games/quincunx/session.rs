//! Quincunx at the table ([`crate::games::session`]): the grid as text (rank 1 at the
//! top, as the cells are named), the hands (hidden but from their owner; the solitaire's one
//! hand is the table's), the pile's size, the round's points and the match's totals, every
//! placement's score explained (QX-2..QX-9), and the short forms: the seat left out, a card
//! by its full name. A hint's best is the highest-scoring placement.

use super::grid::FRAME;
use super::record::{opened, placement_text, QuincunxGame};
use super::{best_placements, Broken, Cell, Move, Outcome, Quincunx};
use crate::deal::Provenance;
use crate::error::Error;
use crate::games::engine::Broken as _;
use crate::games::engine::Engine;
use crate::games::session::{verdict, Masked, Opened, ShortForm, Table, View};
use crate::record::{Record, Source};

const SHORT: &[ShortForm] = &[
    ("3MW c3", "short-quincunx-place"),
    ("The Journey c3", "short-quincunx-full-name"),
    ("3MW c3 =12 !p2", "short-quincunx-announce"),
];

fn signed(n: i32) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

fn totals(game: &Quincunx) -> Vec<i32> {
    let mut t = game.match_result().totals;
    if game.to_move().is_some() {
        for (x, p) in t.iter_mut().zip(game.round_points()) {
            *x += p;
        }
    }
    t
}

fn grid_text(game: &Quincunx) -> String {
    let b = game.board();
    let shape = b.shape();
    let cell = |c: usize, r: usize| Cell::new(c, r).expect("inside the frame");
    let used = |c: usize, r: usize| b.get(cell(c, r)).is_some();
    // The shape's area; for a grid that grows (start-from-zero), the cards and a ring.
    let (mut cols, mut rows) = ((FRAME, 0), (FRAME, 0));
    for r in 0..FRAME {
        for c in 0..FRAME {
            let show = match shape {
                super::Shape::Zero => (r.saturating_sub(1)..=r + 1).any(|rr| {
                    (c.saturating_sub(1)..=c + 1).any(|cc| cc < FRAME && rr < FRAME && used(cc, rr))
                }),
                _ => shape.area(cell(c, r)),
            };
            if show {
                cols = (cols.0.min(c), cols.1.max(c));
                rows = (rows.0.min(r), rows.1.max(r));
            }
        }
    }
    let mut out = String::from("   ");
    for c in cols.0..=cols.1 {
        out.push_str(&format!("  {:<4}", (b'a' + c as u8) as char));
    }
    out.push('\n');
    // Cells are named like chess squares (docs/records.md): row 1 at the bottom,
    // as the pictures draw it.
    for r in (rows.0..=rows.1).rev() {
        out.push_str(&format!("{:>2} ", r + 1));
        for c in cols.0..=cols.1 {
            match b.get(cell(c, r)) {
                Some(card) => out.push_str(&format!("  {:<4}", card.code())),
                None => out.push_str("  .   "),
            }
        }
        out.push('\n');
    }
    out
}

impl Table for QuincunxGame {
    fn open(&self, record: &Record, src: &Source) -> Result<Opened<Quincunx>, Error> {
        Ok(opened(record, src)?.0)
    }

    fn read(&self, game: &Quincunx, _names: &[String], text: &str) -> Result<Move, String> {
        let first = text.split_whitespace().next().unwrap_or("");
        let seated = first.len() > 1
            && first.starts_with(['p', 'P'])
            && first[1..].bytes().all(|b| b.is_ascii_digit());
        let full = if seated {
            text.to_string()
        } else {
            format!("p{} {text}", game.to_move().unwrap_or(0) + 1)
        };
        full.parse().map_err(|e: super::round::BadMove| e.0)
    }

    fn short_forms(&self) -> &'static [ShortForm] {
        SHORT
    }

    fn expects(&self, game: &Quincunx, _names: &[String]) -> String {
        match game.to_move() {
            None => crate::t!("quincunx-expects-over"),
            Some(_) if game.rules().sempliciotto => {
                crate::t!("quincunx-expects-announce")
            }
            Some(_) => crate::t!("quincunx-expects"),
        }
    }

    fn position(&self, game: &Quincunx, names: &[String], view: View) -> String {
        let mut out = format!(
            "{}\n",
            crate::t!("quincunx-round", round = game.round_index() + 1)
        );
        out.push_str(&grid_text(game));
        let solitaire = game.players() == 1;
        let totals = totals(game);
        for (seat, name) in names.iter().enumerate() {
            let hand = game.hand(seat);
            let shown = if solitaire || view.sees(seat) {
                let codes: Vec<&str> = hand.iter().map(|c| c.code()).collect();
                if codes.is_empty() {
                    "-".into()
                } else {
                    codes.join(" ")
                }
            } else {
                crate::t!("count-cards", count = hand.len())
            };
            out.push_str(&format!(
                "{}\n",
                crate::t!(
                    "quincunx-hand",
                    player = name,
                    total = totals[seat],
                    hand = shown
                )
            ));
        }
        let pile = crate::t!("count-cards", count = game.pile().len());
        if view.all() {
            let codes: Vec<&str> = game.pile().iter().map(|c| c.code()).collect();
            out.push_str(&crate::t!(
                "quincunx-pile-order",
                cards = pile,
                order = codes.join(" ")
            ));
        } else {
            out.push_str(&crate::t!("quincunx-pile", cards = pile));
        }
        out.push('\n');
        match game.to_move() {
            Some(s) => out.push_str(&format!("{}\n", crate::t!("to-move", player = &names[s]))),
            None => out.push_str(&format!("{}\n", crate::t!("quincunx-over"))),
        }
        out
    }

    fn explain(
        &self,
        _before: &Quincunx,
        _after: &Quincunx,
        mv: &Move,
        o: &Outcome,
        names: &[String],
    ) -> String {
        explained(mv, o, names, true)
    }

    /// The cards drawn go into the drawer's hand: the others are told how many (GN-5).
    fn masked(
        &self,
        before: &Quincunx,
        _after: &Quincunx,
        mv: &Move,
        o: &Outcome,
        names: &[String],
    ) -> Option<Masked> {
        (before.players() > 1 && !o.drawn.is_empty()).then(|| Masked {
            notation: mv.to_string(),
            explanation: explained(mv, o, names, false),
        })
    }

    /// Refusals are about the grid and the turn, the table's, but a card not held, which
    /// is its player's matter (GN-5).
    fn refusal(&self, game: &Quincunx, broken: &Broken, names: &[String], view: View) -> String {
        match *broken {
            Broken::NotInHand { player, .. } if !view.sees(player) && game.players() > 1 => {
                crate::t!(
                    "quincunx-not-yours",
                    rule = crate::lang::rule(broken.rule())
                )
            }
            _ => broken.describe(names),
        }
    }

    /// A solitaire has a score, not a winner.
    fn result(&self, game: &Quincunx, names: &[String]) -> Option<String> {
        if game.to_move().is_some() {
            return None;
        }
        let totals: Vec<i64> = totals(game).into_iter().map(i64::from).collect();
        if game.players() == 1 {
            return Some(crate::t!("quincunx-final", score = totals[0]));
        }
        let top = totals.iter().copied().max()?;
        let winners: Vec<usize> = (0..totals.len()).filter(|&p| totals[p] == top).collect();
        Some(verdict(names, &winners, Some(&totals)))
    }

    /// The picture draws the grid alone.
    fn picture_is_public(&self) -> bool {
        true
    }

    fn scores(&self, game: &Quincunx) -> Option<Vec<i64>> {
        Some(totals(game).into_iter().map(i64::from).collect())
    }

    /// The highest-scoring placement (then the most draws), as `tavolo score` ranks them.
    fn best(&self, game: &Quincunx, _deal: Option<&Provenance>) -> Option<Result<Move, Error>> {
        let player = game.to_move()?;
        let c = *best_placements(game.scorer(), game.board(), game.hand(player)).first()?;
        let announced = game.rules().sempliciotto.then_some(c.points);
        Some(Ok(Move {
            player,
            card: c.card,
            cell: c.cell,
            announced,
            noticed_by: None,
        }))
    }

    /// The other hands and the rest of the pile dealt again (issue 43); the world ends
    /// with the round under way.
    fn seen(
        &self,
        game: &Quincunx,
        seat: usize,
        rng: &mut crate::deal::DealRng,
    ) -> Option<Quincunx> {
        Some(super::round::seen::seen(game, seat, rng))
    }

    /// Each placement (the highest-scoring first) tried in a few worlds, greedy after it
    /// to the end of the round: a search bounded by the work counted, not by the clock.
    fn strong(
        &self,
        world: &Quincunx,
        seat: usize,
        rng: &mut crate::deal::DealRng,
    ) -> Option<Move> {
        let mut ranked: Vec<(i64, Move)> = world
            .legal_moves()
            .into_iter()
            .filter_map(|m| {
                let mut after = world.clone();
                after.play(m).ok()?;
                Some((crate::games::machine_seat::value_of(self, &after, seat), m))
            })
            .collect();
        ranked.sort_by_key(|(v, _)| std::cmp::Reverse(*v));
        let legal = ranked.into_iter().take(12).map(|(_, m)| m).collect();
        crate::games::machine_seat::strong_among(self, world, seat, rng, legal, 6, 16)
    }
}

/// A placement and what it ended, in words; the cards drawn named when `cards`.
fn explained(mv: &Move, o: &Outcome, names: &[String], cards: bool) -> String {
    let name = |p: usize| names.get(p).cloned().unwrap_or_default();
    let mut s = placement_text(o, mv, names, false, cards);
    if let Some(r) = &o.round_over {
        let per: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                format!(
                    "{n} {} {} = {}",
                    r.points[i],
                    signed(-r.penalties[i]),
                    r.totals[i]
                )
            })
            .collect();
        s += &crate::t!(
            "quincunx-round-over",
            round = r.round + 1,
            full = if r.grid_full {
                crate::t!("quincunx-grid-full")
            } else {
                String::new()
            },
            scores = per.join(", ")
        );
        if let Some(rating) = r.rating {
            s += &crate::t!("quincunx-rating", band = rating.band().to_string());
        }
    }
    if let Some(m) = &o.match_over {
        let winners: Vec<String> = m.winners.iter().map(|&p| name(p)).collect();
        if names.len() > 1 {
            s += &crate::t!(
                "quincunx-match-over",
                players = crate::games::session::and_join(&winners),
                count = winners.len(),
                score = m.totals.iter().max().copied().unwrap_or(0)
            );
        }
    }
    s
}
