//! Quincunx's boards for batches ([`crate::games::line::writer`]): each
//! board's match as its deal's JSON holds it (per round the `dealer`, the
//! `pile` top first, the `grid`'s start cards and the `hands` by player),
//! straight from the shuffles of `record::dealt`, without building the
//! rounds. Every board has the same shape, so the board is a
//! [`Skeleton`] laid out once a run, its holes the rounds' orders.

use super::record::rules_of;
use super::round::hand_size;
use crate::deal::Boards;
use crate::decktet::Card;
use crate::games::line::skeleton::{Hole, Skeleton};
use crate::games::line::{Fields, Form, Writer};

/// The most of the board's orders (rounds x deck) a board holds.
const IDS: usize = 256;

/// The writer of each board for `variant` and these players in `form`;
/// `None` for a variant or number of players `record::dealt` refuses.
pub fn writer(variant: &str, seed: &str, names: &[String], form: Form) -> Option<Writer> {
    let (rules, _) = rules_of(variant)?;
    let players = names.len();
    let k = hand_size(players, rules.start_from_zero)?;
    let deck: Vec<Card> = rules.deck().cards().collect();
    let n = deck.len();
    let cells: Vec<String> = rules
        .shape(players)
        .start_cells(players)
        .iter()
        .map(ToString::to_string)
        .collect();
    let dealt = cells.len() + players * k;
    if dealt > n || n > 64 || players * n > IDS {
        return None;
    }
    // Hole `r * n + i`: position `i` of round `r`'s order.
    let layout = |f: &mut Fields| {
        f.objects("round", players, |f, r| {
            let at = |i: usize| Hole(r * n + i);
            f.text("dealer", &names[r]);
            f.pieces("pile", (dealt..n).map(at));
            f.object("grid", |f| {
                for (i, cell) in cells.iter().enumerate() {
                    f.piece(cell, at(i));
                }
            });
            // Blocks of `k` from the dealer's left: seat `s` has block
            // `(s - r - 1) mod players`.
            f.object("hands", |f| {
                for (s, name) in names.iter().enumerate() {
                    let from = cells.len() + (s + 2 * players - r - 1) % players * k;
                    f.pieces(name, (from..from + k).map(at));
                }
            });
        });
    };
    let codes: Vec<Vec<u8>> = deck.iter().map(|c| c.code().as_bytes().to_vec()).collect();
    let skeleton = Skeleton::new("quincunx", variant, seed, names, form, layout, &codes)?;
    let keys = Boards::new("quincunx", &rules.deal_variant(players), seed);
    Some(Box::new(move |b, out| {
        // Round `r` of board `b` is deal board `(b - 1) * players + r`,
        // dealt by seat `r` (record.rs, "Deals"); release builds wrap.
        let first = b.saturating_sub(1).saturating_mul(players as u32);
        let mut ids = [0u8; IDS];
        for (r, order) in ids[..players * n].chunks_exact_mut(n).enumerate() {
            keys.shuffle_bytes(first.wrapping_add(r as u32), order);
        }
        skeleton.write(b, &ids, out);
        Ok(())
    }))
}
