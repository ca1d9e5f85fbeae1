//! MOON's boards for batches ([`crate::games::line::writer`]): each board's
//! setup written field by field, as its deal's JSON holds it (`centre` and
//! the `hands` by player, or for the solitaire `centre` and `draw`).

use super::game::MoonSetup;
use super::record::dealt;
use crate::deal::Provenance;
use crate::games::line::{Deal, Piece};

/// A tile as its `Display` writes it: the moon's letter, the background's.
impl Piece for super::Tile {
    fn put(&self, out: &mut Vec<u8>) {
        // Both letters are ASCII (`Colour::letter`).
        out.extend_from_slice(&[self.moon().letter() as u8, self.background().letter() as u8]);
    }
}

/// The deal of each board for `variant` and these players.
pub fn fields(variant: String, seed: String, names: Vec<String>) -> Box<Deal> {
    Box::new(move |b, f| {
        let p = Provenance::new("moon", &variant, &seed, b);
        match dealt(&variant, names.len(), &p)? {
            MoonSetup::Standard(s) => {
                f.piece("centre", s.centre);
                f.object("hands", |f| {
                    for (name, hand) in names.iter().zip(&s.hands) {
                        f.pieces(name, hand.iter());
                    }
                });
            }
            MoonSetup::Solitaire(s) => {
                f.piece("centre", s.centre);
                f.pieces("draw", s.draw.iter().flatten());
            }
        }
        Ok(())
    })
}
