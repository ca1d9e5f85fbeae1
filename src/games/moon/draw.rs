//! MOON's positions for `tavolo show`: the board of the kit with the tiles
//! laid so far, replayed from the record up to the move asked for.

use super::record::{dealt, Moon};
use super::{MoonGame, MoonSetup, Square, Tile};
use crate::deal::Provenance;
use crate::error::Error;
use crate::games::replay::replay;
use crate::record::{Record, Source};
use crate::show::scene::{self, data_mm, Holding, Item, Mark, MarkKind, Piece, Rect, Scene, Shown};

/// The board's geometry, from the kit's `[data]` (bundled: 37 mm squares, 10 mm border).
struct Geometry {
    square: f64,
    border: f64,
}

impl Geometry {
    /// The square `sq` on the board, a1 bottom left.
    fn square(&self, sq: Square) -> Rect {
        let s = self.square;
        Rect::new(
            self.border + sq.col() as f64 * s,
            self.border + (4 - sq.row()) as f64 * s,
            s,
            s,
        )
    }

    /// A tile on `sq`: the square less 1 mm all round (tiles are 2 mm smaller).
    fn tile(&self, sq: Square) -> Rect {
        let r = self.square(sq);
        Rect::new(r.x + 1.0, r.y + 1.0, r.w - 2.0, r.h - 2.0)
    }
}

fn tile_item(id: String, tile: Tile, at: Rect, ghost: bool) -> Item {
    Item {
        id,
        component: "tiles",
        piece: vec![
            ("moon.code", tile.moon().letter().to_string()),
            ("bg.code", tile.background().letter().to_string()),
        ],
        at,
        back: false,
        ghost,
        owner: None,
    }
}

fn piece(tile: Tile) -> Piece {
    Piece {
        component: "tiles",
        piece: vec![
            ("moon.code", tile.moon().letter().to_string()),
            ("bg.code", tile.background().letter().to_string()),
        ],
        back: false,
    }
}

fn board(game: &MoonGame) -> &super::Board {
    match game {
        MoonGame::Standard(p) => p.board(),
        MoonGame::Solitaire(s) => s.board(),
    }
}

impl scene::Draw for Moon {
    fn kit(&self) -> &'static str {
        "moon"
    }

    fn scene(
        &self,
        record: &Record,
        src: &Source,
        upto: Option<usize>,
        data: &toml::Table,
    ) -> Result<Scene, Error> {
        let r = replay(&Moon, record, src, upto)?;
        let g = Geometry {
            square: data_mm(data, "square_mm", 37.0),
            border: data_mm(data, "border_mm", 10.0),
        };
        let names = record.player_names();
        let last = r.last().map(|(n, s)| (n, s.mv));
        let illegal = r.refused().map(|(n, f, why)| (n, f.mv, why));
        let size = 2.0 * g.border + 5.0 * g.square;
        let mut items = vec![Item {
            id: "board".into(),
            component: "board",
            piece: Vec::new(),
            at: Rect::new(0.0, 0.0, size, size),
            back: false,
            ghost: false,
            owner: None,
        }];
        let b = board(r.game());
        for sq in Square::all() {
            if let Some(t) = b.get(sq) {
                items.push(tile_item(format!("tile-{sq}"), t, g.tile(sq), false));
            }
        }
        let mut marks = Vec::new();
        if let Some((_, mv)) = last {
            marks.push(Mark {
                kind: MarkKind::Last,
                at: g.square(mv.square),
            });
        }
        let total = record.moves.len();
        let caption = match (&illegal, last) {
            (Some((n, mv, why)), _) => {
                // The tile as it was laid, faded, over whatever lies there.
                items.push(tile_item(
                    "illegal".into(),
                    mv.tile,
                    g.tile(mv.square),
                    true,
                ));
                marks.push(Mark {
                    kind: MarkKind::Illegal,
                    at: g.square(mv.square),
                });
                let text = format!("{} on {}", mv.tile, mv.square);
                Shown::Illegal(*n, &names[mv.player], text, why)
            }
            (None, Some((n, mv))) => Shown::After(
                n,
                &names[mv.player],
                format!("{} on {}", mv.tile, mv.square),
            ),
            (None, None) => Shown::Setup,
        };
        let caption = scene::caption(record.game, &record.variant, total, caption);
        let targets = Square::all()
            .map(|sq| (sq.to_string(), g.square(sq)))
            .collect();
        Ok(Scene {
            targets,
            kit: "moon",
            w_mm: size,
            h_mm: size,
            slots: Vec::new(),
            items,
            marks,
            labels: Vec::new(),
            caption,
            shown: r.shown_at(),
            moves: record.moves.len(),
        })
    }

    fn holdings(
        &self,
        variant: &str,
        players: &[String],
        deal: &Provenance,
    ) -> Result<Vec<Holding>, Error> {
        Ok(match dealt(variant, players.len(), deal)? {
            MoonSetup::Standard(s) => std::iter::once(Holding {
                label: crate::t!("sheet-moon-centre"),
                seat: false,
                pieces: vec![piece(s.centre)],
            })
            .chain(players.iter().zip(&s.hands).map(|(name, hand)| Holding {
                label: name.clone(),
                seat: true,
                pieces: hand.iter().map(piece).collect(),
            }))
            .collect(),
            MoonSetup::Solitaire(s) => vec![
                Holding {
                    label: crate::t!("sheet-moon-centre"),
                    seat: false,
                    pieces: vec![piece(s.centre)],
                },
                // The draw order is hidden from the player (as Il Muro's and Mosaico's
                // deals are): the director's record only, no slip.
                Holding {
                    label: crate::t!("sheet-moon-draw", player = players[0].as_str()),
                    seat: false,
                    pieces: s.draw.unwrap_or_default().into_iter().map(piece).collect(),
                },
            ],
        })
    }
}
