//! What the four fruit games' pictures share: a tile named by the fruit kit's
//! fields (`fruit.letter`, `number`; templates/fruit.toml), its size on the
//! table.

use crate::games::fruit::tile::Tile;
use crate::show::scene::{Item, Piece, Rect};

/// A tile's size on the table (the kit's tiles are 56 x 28 mm) and the gap
/// between neighbours.
pub const W: f64 = 56.0;
pub const H: f64 = 28.0;
pub const GAP: f64 = 2.0;

/// The kit fields that pick `tile`'s face.
fn fields(tile: Tile) -> Vec<(&'static str, String)> {
    vec![
        ("fruit.letter", tile.fruit().letter().to_string()),
        ("number", tile.number().to_string()),
    ]
}

/// `tile` drawn at `at`: face down when `back`, faded when `ghost`.
pub fn tile_item(id: String, tile: Tile, at: Rect, back: bool, ghost: bool) -> Item {
    Item {
        id,
        component: "tiles",
        piece: fields(tile),
        at,
        back,
        ghost,
    }
}

/// The usual id of a tile in a picture (each tile is drawn once).
pub fn tile_id(tile: Tile) -> String {
    format!("tile-{tile}")
}

/// `tile` for a deal sheet, face up.
pub fn piece(tile: Tile) -> Piece {
    Piece {
        component: "tiles",
        piece: fields(tile),
        back: false,
    }
}

/// A move's notation without its seat number (`1: B4 top2` -> `B4 top2`),
/// for captions that name the player.
pub fn without_seat(notation: &str) -> String {
    notation
        .split_once(": ")
        .map_or(notation, |(_, m)| m)
        .to_string()
}

/// The ghost of a move that broke a rule, and the mark over it.
pub fn ghost(tile: Tile, at: Rect) -> Item {
    tile_item("illegal".into(), tile, at, false, true)
}

/// A rectangle round a set of rectangles (a player's tiles), or `None`.
pub fn around(rects: impl IntoIterator<Item = Rect>) -> Option<Rect> {
    rects.into_iter().fold(None, |acc: Option<Rect>, r| {
        Some(match acc {
            None => r,
            Some(a) => {
                let (x0, y0) = (a.x.min(r.x), a.y.min(r.y));
                let (x1, y1) = ((a.x + a.w).max(r.x + r.w), (a.y + a.h).max(r.y + r.h));
                Rect::new(x0, y0, x1 - x0, y1 - y0)
            }
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_is_named_by_the_fruit_kits_fields() {
        let t: Tile = "B4".parse().unwrap();
        let item = tile_item(tile_id(t), t, Rect::new(1.0, 2.0, W, H), true, false);
        assert_eq!(item.id, "tile-B4");
        assert_eq!(
            item.piece,
            [
                ("fruit.letter", "B".to_string()),
                ("number", "4".to_string())
            ]
        );
        assert!(item.back && !item.ghost);
        assert_eq!(piece(t).piece, item.piece);
        assert!(ghost(t, item.at).ghost);
    }

    #[test]
    fn around_frames_every_rectangle_and_notation_loses_its_seat() {
        let r = around([
            Rect::new(0.0, 10.0, 5.0, 5.0),
            Rect::new(20.0, 0.0, 5.0, 5.0),
        ]);
        assert_eq!(r, Some(Rect::new(0.0, 0.0, 25.0, 15.0)));
        assert_eq!(around(Vec::new()), None);
        assert_eq!(without_seat("2: U1 left3 gift 1"), "U1 left3 gift 1");
        assert_eq!(without_seat("turn 3"), "turn 3");
    }
}
