//! MOON's boards for batches ([`crate::games::line::writer`]): each board's
//! deal written field by field, as its deal's JSON holds it (`centre` and
//! the `hands` by player, or for the solitaire `centre` and `draw`), straight
//! from the shuffled order, as `record::dealt` lays it out
//! (`position::Setup::from_order`): the centre first, then each hand's
//! tiles in turn, a hand written in the tiles' canonical order.

use super::position::hand_size;
use super::record::SOLITAIRE;
use crate::deal::Boards;
use crate::games::line::{bits, Code, Deal, Piece};

/// A tile as its `Display` writes it: the moon's letter, the background's.
impl Piece for super::Tile {
    fn put(&self, out: &mut Vec<u8>) {
        // Both letters are ASCII (`Colour::letter`).
        out.extend_from_slice(&[self.moon().letter() as u8, self.background().letter() as u8]);
    }
}

/// The deal of each board for `variant` and these players; `None` for a
/// number of players the variant refuses (`record::dealt`'s error then).
pub fn fields(variant: String, seed: String, names: Vec<String>) -> Option<Box<Deal>> {
    let keys = Boards::new("moon", &variant, &seed);
    let codes = Code::table(super::Tile::all())?;
    if variant == SOLITAIRE {
        if names.len() != 1 {
            return None;
        }
        return Some(Box::new(move |b, f| {
            let mut order = [0u8; 25];
            keys.shuffle_into(b, &mut order);
            let code = |i: &u8| codes[usize::from(*i)];
            f.piece("centre", code(&order[0]));
            f.pieces("draw", order[1..].iter().map(code));
            Ok(())
        }));
    }
    let k = hand_size(names.len())?;
    Some(Box::new(move |b, f| {
        let mut order = [0u8; 25];
        keys.shuffle_into(b, &mut order);
        f.piece("centre", codes[usize::from(order[0])]);
        f.object("hands", |f| {
            for (p, name) in names.iter().enumerate() {
                let hand = order[1 + p * k..1 + (p + 1) * k]
                    .iter()
                    .fold(0u64, |m, &i| m | 1 << i);
                f.pieces(name, bits(hand).map(|i| codes[i]));
            }
        });
        Ok(())
    }))
}
