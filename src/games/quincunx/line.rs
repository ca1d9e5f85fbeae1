//! Quincunx's boards for batches ([`crate::games::line::writer`]): each
//! board's match written field by field, as its deal's JSON holds it (per
//! round the `dealer`, the `pile` top first, the `grid`'s start cards and the
//! `hands` by player), straight from the shuffles of `record::dealt`,
//! without building the rounds.

use super::record::rules_of;
use super::round::hand_size;
use crate::decktet::Card;
use crate::games::line::Deal;

/// The deal of each board for `variant` and these players; `None` for a
/// variant or number of players `record::dealt` refuses.
pub fn fields(variant: &str, seed: String, names: Vec<String>) -> Option<Box<Deal>> {
    let (rules, _) = rules_of(variant)?;
    let players = names.len();
    let k = hand_size(players, rules.start_from_zero)?;
    let deck: Vec<Card> = rules.deck().cards().collect();
    let cells: Vec<String> = rules
        .shape(players)
        .start_cells(players)
        .iter()
        .map(ToString::to_string)
        .collect();
    let key = rules.deal_variant(players);
    let dealt = cells.len() + players * k;
    if dealt > deck.len() {
        return None;
    }
    Some(Box::new(move |b, f| {
        // Round `r` of board `b` is deal board `(b - 1) * players + r`,
        // dealt by seat `r` (record.rs, "Deals"); release builds wrap.
        let first = b.saturating_sub(1).saturating_mul(players as u32);
        f.objects("round", players, |f, r| {
            let order = crate::deal::shuffled(
                "quincunx",
                &key,
                &seed,
                first.wrapping_add(r as u32),
                deck.len(),
            );
            let code = |i: &usize| deck[*i].code();
            f.text("dealer", &names[r]);
            f.pieces("pile", order[dealt..].iter().map(code));
            f.object("grid", |f| {
                for (cell, i) in cells.iter().zip(&order) {
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
