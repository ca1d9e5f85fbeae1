//! Il Muro's positions for `tavolo show`: the new wall on top, one pile per
//! fruit drawn as a small stack (MU-3), and under it the old wall's six
//! columns standing on the ground, face-down tiles as their backs showing
//! an edge and face-up tiles in full, the top of each column highest (MU-1).
//! The places are named as a record names them: the columns 1-6 under the
//! ground, the new wall (`new`) over its piles; an empty column or pile is
//! outlined.

use super::record::{dealt, Muro};
use super::{Column, Move, Place, State, COLUMNS, HEIGHT};
use crate::deal::Provenance;
use crate::error::Error;
use crate::games::fruit::draw::{ghost, piece, tile_id, tile_item, GAP, H, W};
use crate::games::fruit::tile::{Fruit, Tile};
use crate::games::replay::replay;
use crate::record::{Record, Source};
use crate::show::labels::{self, Edge, Line};
use crate::show::scene::{self, Holding, Mark, MarkKind, Rect, Scene, Shown};

/// The gap between columns (and new-wall piles).
const CGAP: f64 = 6.0;
/// How much of a face-down tile shows under the tile above it.
const BACK: f64 = 9.0;
/// The offset of each tile in a new-wall stack, up and to the right.
const STACK: f64 = 1.0;
/// Room above the new wall for its stacks, and between it and the old wall.
const PILE_Y: f64 = 6.0 * STACK;
const WALL_Y: f64 = PILE_Y + H + 12.0;

fn x_of(column: usize) -> f64 {
    column as f64 * (W + CGAP)
}

/// Where a column's tiles lie, from the bottom: each tile's rectangle and
/// whether it is face up, the column standing on `ground`.
fn column_rects(column: &Column, c: usize, ground: f64) -> Vec<(Tile, bool, Rect)> {
    let mut y = ground - H;
    let mut out = Vec::new();
    for (tile, up) in column.tiles() {
        out.push((tile, up, Rect::new(x_of(c), y, W, H)));
        y -= if up { H + GAP } else { BACK };
    }
    out
}

/// A column's height drawn: its tiles, the top one in full.
fn extent(column: &Column) -> f64 {
    let below: f64 = column
        .tiles()
        .take(column.len().saturating_sub(1))
        .map(|(_, up)| if up { H + GAP } else { BACK })
        .sum();
    below + H
}

/// The place of the top of column `c` (its empty place if it is empty).
fn top_rect(state: &State, c: usize, ground: f64) -> Rect {
    column_rects(state.column(c), c, ground)
        .last()
        .map_or(Rect::new(x_of(c), ground - H, W, H), |&(_, _, r)| r)
}

/// The next place on column `c`: over its top, a full tile higher.
fn above_rect(state: &State, c: usize, ground: f64) -> Rect {
    if state.column(c).is_empty() {
        return Rect::new(x_of(c), ground - H, W, H);
    }
    let top = top_rect(state, c, ground);
    Rect::new(top.x, top.y - H - GAP, W, H)
}

/// The `k`-th tile (0: the bottom) of a fruit's new-wall stack.
fn pile_rect(fruit: Fruit, k: usize) -> Rect {
    let s = k as f64 * STACK;
    Rect::new(x_of(fruit.index()) + s, PILE_Y - s, W, H)
}

/// Where the top of a fruit's new-wall pile is (its first place if empty).
fn pile_top_rect(state: &State, fruit: Fruit) -> Rect {
    pile_rect(
        fruit,
        usize::from(state.pile(fruit).len()).saturating_sub(1),
    )
}

/// The column a move names, if it is one of the wall's.
fn column_of(place: Place) -> Option<usize> {
    match place {
        Place::Column(c) if usize::from(c) < COLUMNS => Some(usize::from(c)),
        _ => None,
    }
}

impl scene::Draw for Muro {
    fn kit(&self) -> &'static str {
        "fruit"
    }

    fn scene(
        &self,
        record: &Record,
        src: &Source,
        upto: Option<usize>,
        _data: &toml::Table,
    ) -> Result<Scene, Error> {
        let replayed = replay(&Muro, record, src, upto)?;
        let (shown, state, r) = (replayed.shown, replayed.game(), replayed.outline());
        let names = record.player_names();

        // The wall is as high as its highest column, and room over the
        // column an illegal move put a tile on.
        let ghost_on = r.illegal.as_ref().and_then(|(_, _, mv, _)| match *mv {
            Move::Shift { to, .. } => column_of(to),
            _ => None,
        });
        let wall_h = (0..COLUMNS)
            .map(|c| {
                let col = state.column(c);
                let e = extent(col);
                match ghost_on {
                    Some(g) if g == c && !col.is_empty() => e + GAP + H,
                    _ => e,
                }
            })
            .fold(H, f64::max);
        let ground = WALL_Y + wall_h;

        let mut items = Vec::new();
        for fruit in Fruit::ALL {
            for (k, n) in state.pile(fruit).numbers().into_iter().enumerate() {
                if let Some(t) = Tile::new(fruit, n) {
                    items.push(tile_item(tile_id(t), t, pile_rect(fruit, k), false, false));
                }
            }
        }
        for c in 0..COLUMNS {
            for (t, up, at) in column_rects(state.column(c), c, ground) {
                items.push(tile_item(tile_id(t), t, at, !up, false));
            }
        }
        // Where a move leaves its tile (or the column it turns).
        let spot = |state: &State, mv: &Move| -> Option<Rect> {
            match *mv {
                Move::Turn(c) => column_of(Place::Column(c)).map(|c| top_rect(state, c, ground)),
                Move::Shift {
                    tile,
                    to: Place::NewWall,
                    ..
                } => Some(pile_top_rect(state, tile.fruit())),
                Move::Shift { to, .. } => column_of(to).map(|c| top_rect(state, c, ground)),
                Move::Stop => None,
            }
        };
        let mut marks = Vec::new();
        if let Some(at) = r.last.as_ref().and_then(|(_, _, mv)| spot(state, mv)) {
            marks.push(Mark {
                kind: MarkKind::Last,
                at,
            });
        }
        let shown_as = match (&r.illegal, &r.last) {
            (Some((n, seat, mv, why)), _) => {
                // The tile where it was put, faded; a turn marks its column.
                let at = match *mv {
                    Move::Shift { tile, to, .. } => {
                        let at = match to {
                            Place::NewWall => Some(pile_rect(
                                tile.fruit(),
                                usize::from(state.pile(tile.fruit()).len()),
                            )),
                            Place::Column(_) => column_of(to).map(|c| above_rect(state, c, ground)),
                        };
                        if let Some(at) = at {
                            items.push(ghost(tile, at));
                        }
                        at
                    }
                    _ => spot(state, mv),
                };
                if let Some(at) = at {
                    marks.push(Mark {
                        kind: MarkKind::Illegal,
                        at,
                    });
                }
                Shown::Illegal(*n, &names[*seat], mv.to_string(), why)
            }
            (None, Some((n, seat, mv))) => Shown::After(*n, &names[*seat], mv.to_string()),
            (None, None) => Shown::Setup,
        };
        let total = record.moves.len();
        let w_mm = x_of(COLUMNS - 1) + W;
        let columns: Vec<Line> = (0..COLUMNS)
            .map(|c| Line::new((c + 1).to_string(), x_of(c), W))
            .collect();
        let mut labels = labels::edge(
            Rect::new(0.0, WALL_Y, w_mm, ground - WALL_Y),
            Edge::Bottom,
            &columns,
        )?;
        let tallest = pile_rect(Fruit::ALL[0], 5);
        labels.push(labels::name(
            "name-new",
            "new wall (new)",
            Rect::new(0.0, tallest.y, w_mm, H),
        )?);
        labels.push(labels::name(
            "name-old",
            "old wall",
            Rect::new(0.0, WALL_Y, w_mm, H),
        )?);
        let empty_piles = Fruit::ALL
            .into_iter()
            .filter(|&f| state.pile(f).is_empty())
            .map(|f| pile_rect(f, 0));
        let empty_columns = (0..COLUMNS)
            .filter(|&c| state.column(c).is_empty())
            .map(|c| Rect::new(x_of(c), ground - H, W, H));
        let mut scene = Scene {
            targets: Vec::new(),
            kit: "fruit",
            w_mm,
            h_mm: ground,
            slots: empty_piles.chain(empty_columns).collect(),
            items,
            marks,
            labels,
            caption: scene::caption(record.game, &record.variant, total, shown_as),
            shown: r.illegal.as_ref().map_or(shown, |(n, ..)| *n),
            moves: total,
        };
        scene.fit();
        Ok(scene)
    }

    /// The director's: the wall layer by layer from the top (face-up) one,
    /// columns 1-6 in each, as `tavolo deal` lists it. The player gets no
    /// slip: the face-down tiles are hidden from them (MU-1).
    fn holdings(
        &self,
        _variant: &str,
        _players: &[String],
        deal: &Provenance,
    ) -> Result<Vec<Holding>, Error> {
        let setup = dealt(deal);
        Ok((0..HEIGHT)
            .rev()
            .map(|h| Holding {
                label: format!(
                    "wall layer {} ({}), columns 1-6",
                    h + 1,
                    if h == HEIGHT - 1 {
                        "the top, face up"
                    } else {
                        "face down"
                    }
                ),
                seat: false,
                pieces: setup.columns.iter().map(|col| piece(col[h])).collect(),
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::show::scene::{Draw as _, Item};

    fn record(text: &str) -> (Record, Source) {
        let src = Source::new(std::path::Path::new("t.toml"), text.to_string());
        let record = Record::parse(&src, &crate::games::Registry).unwrap();
        (record, src)
    }

    const WALL: &str = "game = \"muro\"\nvariant = \"standard\"\nplayers = [\"Sara\"]\n\n\
        [setup]\ncolumns = [\"M3 M4 M5 P3 P4 B3\", \"P5 P6 C2 C4 C5 F4\", \
        \"C6 U1 U2 U3 U4 U5\", \"F1 F2 F3 F5 F6 U6\", \"B1 B2 B4 B5 M1 M2\", \
        \"B6 P2 M6 C3 P1 C1\"]\n";

    fn item<'a>(s: &'a Scene, id: &str) -> &'a Item {
        s.items.iter().find(|i| i.id == id).unwrap()
    }

    /// MU-1, MU-2: B3 moved onto F4 stands a full tile above it, face up;
    /// the tile it uncovered in column 1 is still face down; C1 went to the
    /// new wall (MU-3) and is marked as the last move.
    #[test]
    fn mu2_a_moved_tile_stands_on_its_column_and_the_new_wall_holds_the_1() {
        let text = format!(
            "{WALL}\n[[move]]\nplayer = \"Sara\"\nmove = \"B3 1>2\"\n\n\
             [[move]]\nplayer = \"Sara\"\nmove = \"C1 6>new\"\n"
        );
        let (rec, src) = record(&text);
        let s = Muro.scene(&rec, &src, None, &toml::Table::new()).unwrap();
        let b3 = item(&s, "tile-B3");
        let f4 = item(&s, "tile-F4");
        assert_eq!((b3.at.x, f4.at.x), (x_of(1), x_of(1)));
        assert_eq!(b3.at.y, f4.at.y - H - GAP);
        assert!(!b3.back && !f4.back);
        assert!(item(&s, "tile-P4").back, "column 1's new top is face down");
        // The scene is fitted round the new wall's name over the piles.
        let c1 = item(&s, "tile-C1");
        let pile = pile_rect(Fruit::Cocomeri, 0);
        assert_eq!((c1.at.x, c1.at.w), (pile.x, pile.w));
        let new = s.labels.iter().find(|l| l.id == "name-new").unwrap();
        assert!(new.at.y >= 0.0 && new.at.y + new.at.h < c1.at.y);
        assert_eq!(s.marks.len(), 1);
        assert_eq!(s.marks[0].kind, MarkKind::Last);
        assert_eq!(s.marks[0].at, c1.at);
        assert_eq!(s.items.len(), 36);
    }
}
