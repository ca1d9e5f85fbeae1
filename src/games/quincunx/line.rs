//! Quincunx's boards for batches ([`crate::games::line::writer`]): each
//! board's match written field by field, as its deal's JSON holds it (per
//! round the `dealer`, the `pile` top first, the `grid`'s start cards and the
//! `hands` by player), straight from the shuffles of `record::dealt`,
//! without building the rounds.

use super::record::rules_of;
use super::round::hand_size;
use crate::deal::Boards;
use crate::decktet::Card;
use crate::games::line::{Code, Deal};

/// The deal of each board for `variant` and these players; `None` for a
/// variant or number of players `record::dealt` refuses.
pub fn fields(variant: &str, seed: String, names: Vec<String>) -> Option<Box<Deal>> {
    let (rules, _) = rules_of(variant)?;
    let players = names.len();
    let k = hand_size(players, rules.start_from_zero)?;
    let deck: Vec<Card> = rules.deck().cards().collect();
    // Each card's code, made once; a round's order on the stack.
    let codes = Code::table(deck.iter().map(|c| c.code()))?;
    if deck.len() > 64 {
        return None;
    }
    let cells: Vec<String> = rules
        .shape(players)
        .start_cells(players)
        .iter()
        .map(ToString::to_string)
        .collect();
    let keys = Boards::new("quincunx", &rules.deal_variant(players), &seed);
    let dealt = cells.len() + players * k;
    if dealt > deck.len() {
        return None;
    }
    Some(Box::new(move |b, f| {
        // Round `r` of board `b` is deal board `(b - 1) * players + r`,
        // dealt by seat `r` (record.rs, "Deals"); release builds wrap.
        let first = b.saturating_sub(1).saturating_mul(players as u32);
        f.objects("round", players, |f, r| {
            let mut buf = [0u8; 64];
            keys.shuffle_into(first.wrapping_add(r as u32), &mut buf[..deck.len()]);
            let order = &buf[..deck.len()];
            let code = |i: &u8| codes[usize::from(*i)];
            f.text("dealer", &names[r]);
            f.pieces("pile", order[dealt..].iter().map(code));
            f.object("grid", |f| {
                for (cell, i) in cells.iter().zip(order) {
                    f.piece(cell, code(i));
                }
            });
            // Blocks of `k` from the dealer's left: seat `s` has block
            // `(s - r - 1) mod players`.
            f.object("hands", |f| {
                for (s, name) in names.iter().enumerate() {
                    let from = cells.len() + (s + 2 * players - r - 1) % players * k;
                    f.pieces(name, order[from..from + k].iter().map(code));
                }
            });
        });
        Ok(())
    }))
}
