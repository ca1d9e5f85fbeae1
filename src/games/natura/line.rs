//! Natura Shakerata's boards for batches ([`crate::games::line::writer`]):
//! each board's racks by player and the rest of the bag in draw order, as
//! its deal's JSON holds them, written from the shuffled bag (as
//! `record::dealt_bag` deals it) through a table of the tiles' letters; a
//! duplicate board's deal names only the run's lexicon.

use super::layout::RACK;
use super::moves::tile_char;
use super::record::{canonical_bag, DEAL_VARIANT};
use crate::deal::Boards;
use crate::games::line::Deal;

/// The most tiles a bag holds here (the Italian set holds 120).
const MOST: usize = 128;

/// The deal of each board for `variant` and these players.
pub fn fields(variant: String, seed: String, names: Vec<String>) -> Option<Box<Deal>> {
    let lexicon = crate::lexicon::choice::run_choice();
    if variant == super::duplicate::record::VARIANT {
        return Some(Box::new(move |_, f| {
            f.serialized("lexicon", &lexicon);
            Ok(())
        }));
    }
    // Each canonical tile's letter (ASCII: written as it is in a line and
    // in a JSON string, and neither `,` nor a quote); `None` (the deal's own
    // path) for any other bag.
    let bag: Vec<u8> = canonical_bag()
        .into_iter()
        .map(|t| {
            u8::try_from(tile_char(t))
                .ok()
                .filter(|c| c.is_ascii_graphic() && !b"\"\\,".contains(c))
        })
        .collect::<Option<_>>()?;
    let n = bag.len();
    if n > MOST || n < names.len() * RACK {
        return None;
    }
    let keys = Boards::new("natura", DEAL_VARIANT, &seed);
    Some(Box::new(move |b, f| {
        let mut order = [0u8; MOST];
        keys.shuffle_into(b, &mut order[..n]);
        let mut text = [0u8; MOST];
        for (t, &i) in text.iter_mut().zip(&order[..n]) {
            *t = bag[usize::from(i)];
        }
        // The racks and the rest: a bag of 120 tiles holds 6 racks of 7.
        f.object("racks", |f| {
            for (name, rack) in names.iter().zip(text[..n].chunks(RACK)) {
                f.piece(name, rack);
            }
        });
        f.piece("bag", &text[names.len() * RACK..n]);
        // As `[setup]` writes it: only a lexicon other than NS-2's default.
        if !lexicon.is_default() {
            f.serialized("lexicon", &lexicon);
        }
        Ok(())
    }))
}
