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
        owner: None,
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
        Some(acc.map_or(r, |a| a.union(&r)))
    })
}

/// A player's tiles are drawn at half size under the table, this far apart;
/// groups (Scalafrutta's combinations) a wider gap apart.
pub const SW: f64 = W / 2.0;
pub const SH: f64 = H / 2.0;
pub const SGAP: f64 = 1.5;
pub const GROUP_GAP: f64 = 6.0;

/// One holding's tiles at half size, laid out from `top` within `width`:
/// each group on one line if it fits, the lines wrapping at the width.
/// Returns the places and the bottom.
pub fn lay_out(groups: &[Vec<Tile>], top: f64, width: f64) -> (Vec<(Tile, Rect)>, f64) {
    let (mut x, mut y) = (0.0, top);
    let mut out = Vec::new();
    for g in groups.iter().filter(|g| !g.is_empty()) {
        let span = g.len() as f64 * (SW + SGAP) - SGAP;
        if x > 0.0 && x + span > width {
            (x, y) = (0.0, y + SH + SGAP);
        }
        for &t in g {
            if x > 0.0 && x + SW > width {
                (x, y) = (0.0, y + SH + SGAP);
            }
            out.push((t, Rect::new(x, y, SW, SH)));
            x += SW + SGAP;
        }
        x += GROUP_GAP - SGAP;
    }
    (out, y + SH)
}

/// A frame round a holding's tiles (their first place when it holds none).
pub fn holding_rect(tiles: &[(Tile, Rect)], top: f64) -> Rect {
    let r = around(tiles.iter().map(|&(_, r)| r)).unwrap_or(Rect::new(0.0, top, SW, SH));
    Rect::new(r.x - 1.5, r.y - 1.5, r.w + 3.0, r.h + 3.0)
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
