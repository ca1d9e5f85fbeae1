//! Natura Shakerata's boards for batches ([`crate::games::line::writer`]):
//! each board's racks by player and the rest of the bag in draw order, as
//! its deal's JSON holds them, written from the shuffled bag; a duplicate
//! board's deal names only the run's lexicon.

use super::layout::RACK;
use super::moves::tile_char;
use super::record::dealt_bag;
use crate::deal::Provenance;
use crate::games::line::Deal;

/// The deal of each board for `variant` and these players.
pub fn fields(variant: String, seed: String, names: Vec<String>) -> Option<Box<Deal>> {
    let lexicon = crate::lexicon::choice::run_choice();
    if variant == super::duplicate::record::VARIANT {
        return Some(Box::new(move |_, f| {
            f.serialized("lexicon", &lexicon);
            Ok(())
        }));
    }
    Some(Box::new(move |b, f| {
        let bag = dealt_bag(&Provenance::new("natura", &variant, &seed, b));
        let text = |tiles: &[u8]| tiles.iter().map(|&t| tile_char(t)).collect::<String>();
        // The racks and the rest: a bag of 120 tiles holds 6 racks of 7.
        f.object("racks", |f| {
            for (name, rack) in names.iter().zip(bag.chunks(RACK)) {
                f.piece(name, text(rack));
            }
        });
        f.piece(
            "bag",
            text(bag.get(names.len() * RACK..).unwrap_or_default()),
        );
        // As `[setup]` writes it: only a lexicon other than NS-2's default.
        if !lexicon.is_default() {
            f.serialized("lexicon", &lexicon);
        }
        Ok(())
    }))
}
