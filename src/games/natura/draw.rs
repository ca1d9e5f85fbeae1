//! Natura Shakerata's positions for `tavolo show` and its deal sheets: the board at full
//! size with the tiles on their squares, drawn with the natura kit's art. A jolly is drawn
//! blank, as it lies on a table, with the letter it stands for written over it.

use super::board::{Board, Dir, Square, THROUGH};
use super::layout::{TileSet, BLANK, JOLLY, RACK, SIZE};
use super::moves::{tile_char, Move};
use super::record::{dealt_bag, Natura};
use crate::deal::Provenance;
use crate::error::Error;
use crate::games::replay::replay;
use crate::record::{Record, Source};
use crate::show::scene::{
    self, Holding, Item, Label, LabelKind, Mark, MarkKind, Piece, Rect, Scene, Shown,
};

/// The bundled board: 15 squares of `square` mm inside a border, 316 mm a side.
const BOARD_MM: f64 = 316.0;

/// A tile's letter as the kit names its piece (`?` the jolly).
fn letter(tile: u8) -> String {
    let t = TileSet::rack_tile(tile);
    if t == JOLLY {
        "?".into()
    } else {
        tile_char(t).to_string()
    }
}

fn piece(tile: u8) -> Piece {
    Piece {
        component: "tiles",
        piece: vec![("tile.letter", letter(tile))],
        back: false,
    }
}

/// Where a square lies on the board, in mm.
fn square_at(sq: Square, size: f64) -> Rect {
    let border = (BOARD_MM - SIZE as f64 * size) / 2.0;
    Rect::new(
        border + sq.col as f64 * size,
        border + sq.row as f64 * size,
        size,
        size,
    )
}

/// Every square of the board, named as the notation names it (`H8`): the places a play
/// starts from, for the live page's taps (issue 47).
fn square_targets(size: f64) -> Vec<(String, Rect)> {
    (0..SIZE)
        .flat_map(|row| (0..SIZE).filter_map(move |col| Square::new(row, col)))
        .map(|sq| (sq.to_string(), square_at(sq, size)))
        .collect()
}

/// A tile on a square: 19 mm in the middle of the 20 mm square.
fn tile_item(id: String, tile: u8, sq: Square, size: f64, ghost: bool) -> Item {
    let s = square_at(sq, size);
    let inset = (size - 19.0).max(0.0) / 2.0;
    Item {
        id,
        component: "tiles",
        piece: vec![("tile.letter", letter(tile))],
        at: Rect::new(
            s.x + inset,
            s.y + inset,
            s.w - 2.0 * inset,
            s.h - 2.0 * inset,
        ),
        back: false,
        ghost,
        owner: None,
    }
}

/// The letter a jolly on `sq` stands for, written over its blank face; `None` for a
/// lettered tile.
fn jolly_label(sq: Square, tile: u8, size: f64) -> Option<Label> {
    (tile & BLANK != 0 && tile != THROUGH).then(|| Label {
        id: format!("letter-{sq}"),
        at: square_at(sq, size),
        text: tile_char(tile).to_ascii_uppercase().to_string(),
        size_mm: size * 0.55,
        kind: LabelKind::Note,
    })
}

/// The squares a play's word spans, with what it writes on each ([`THROUGH`] for a
/// letter it plays through); squares off the board are left out.
fn spanned(mv: &Move) -> Vec<(Square, u8)> {
    let Move::Place { play, .. } = mv else {
        return Vec::new();
    };
    play.word
        .iter()
        .enumerate()
        .filter_map(|(i, &t)| {
            let (r, c) = match play.dir {
                Dir::Across => (play.at.row, play.at.col + i),
                Dir::Down => (play.at.row + i, play.at.col),
            };
            Square::new(r, c).map(|sq| (sq, t))
        })
        .collect()
}

/// The board and every tile on it, with the letter of each jolly.
fn board_items(board: &Board, size: f64) -> (Vec<Item>, Vec<Label>) {
    let mut items = vec![Item {
        id: "board".into(),
        component: "board",
        piece: Vec::new(),
        at: Rect::new(0.0, 0.0, BOARD_MM, BOARD_MM),
        back: false,
        ghost: false,
        owner: None,
    }];
    let mut labels = Vec::new();
    for row in 0..SIZE {
        for col in 0..SIZE {
            let sq = Square { row, col };
            if let Some(t) = board.get(sq) {
                items.push(tile_item(format!("tile-{sq}"), t, sq, size, false));
                labels.extend(jolly_label(sq, t, size));
            }
        }
    }
    (items, labels)
}

/// A duplicate game (one board, the top of each round placed) after `shown` rounds, as
/// `check` replays it from its seed and words; an illegal round is named in the caption,
/// on the board it was written for.
fn duplicate_scene(record: &Record, src: &Source, shown: usize, size: f64) -> Result<Scene, Error> {
    let loaded = super::duplicate::record::load(record, src)?;
    let set = TileSet::italian();
    let mut board = Board::new();
    let mut last = None;
    for round in loaded.rounds.iter().take(shown) {
        let scored = board
            .score(&set, &round.top.play)
            .map_err(|e| Error::failed("natura.internal", format!("internal error: {e:?}")))?;
        board.apply(&scored);
        last = Some((round.number, scored.placed.clone(), round.top.play.clone()));
    }
    let (items, labels) = board_items(&board, size);
    let mut marks = Vec::new();
    let total = record.moves.len();
    let top = record.players[0].name.as_str();
    let illegal = loaded.verdict.illegal.filter(|i| i.number <= shown);
    let caption = match (&illegal, &last) {
        (Some(i), _) => Shown::Illegal(i.number, top, "(as written)".into(), &i.message),
        (None, Some((n, placed, play))) => {
            for (sq, _) in placed {
                marks.push(Mark {
                    kind: MarkKind::Last,
                    at: square_at(*sq, size),
                });
            }
            let mv = Move::Place {
                seat: 0,
                play: play.clone(),
            };
            Shown::After(*n, top, notation(&mv))
        }
        (None, None) => Shown::Setup,
    };
    let caption = scene::caption(record.game, &record.variant, total, caption);
    Ok(Scene {
        targets: square_targets(size),
        kit: "natura",
        w_mm: BOARD_MM,
        h_mm: BOARD_MM,
        slots: Vec::new(),
        items,
        marks,
        labels,
        caption,
        shown: illegal.as_ref().map_or(shown, |i| i.number),
        moves: total,
    })
}

/// A move without its seat number (`H8 across CASA`).
fn notation(mv: &Move) -> String {
    let s = mv.to_string();
    s.split_once(' ').map_or(s.clone(), |(_, m)| m.to_string())
}

impl scene::Draw for Natura {
    fn kit(&self) -> &'static str {
        "natura"
    }

    fn scene(
        &self,
        record: &Record,
        src: &Source,
        upto: Option<usize>,
        data: &toml::Table,
    ) -> Result<Scene, Error> {
        let size = scene::data_mm(data, "square", 20.0);
        if record.variant == super::duplicate::record::VARIANT {
            return duplicate_scene(record, src, scene::shown(record, upto)?, size);
        }
        // Read and started as `check` does (the record's lexicon decides challenges, NS-5),
        // so the picture is `check`'s position.
        let replayed = replay(&Natura, record, src, upto)?;
        let (shown, game, r) = (replayed.shown, replayed.game(), replayed.outline());
        let names = record.player_names();
        let last = r.last.map(|(n, _, mv)| (n, mv));
        let illegal = r.illegal.map(|(n, _, mv, why)| (n, mv, why));
        let (mut items, mut labels) = board_items(game.board(), size);
        let mut marks = Vec::new();
        // A play just made is marked on its new tiles; a challenge that withdrew it leaves
        // nothing to mark.
        if let Some((_, mv)) = &last {
            for (sq, _) in spanned(mv).into_iter().filter(|&(_, t)| t != THROUGH) {
                if game.board().get(sq).is_some() {
                    marks.push(Mark {
                        kind: MarkKind::Last,
                        at: square_at(sq, size),
                    });
                }
            }
        }
        // An illegal play: its tiles ghosted where the squares are free, and every square
        // its word spans marked (the square at fault among them, e.g. a `.` on an empty one).
        if let Some((_, mv, _)) = &illegal {
            for (sq, t) in spanned(mv) {
                if t != THROUGH && game.board().get(sq).is_none() {
                    items.push(tile_item(format!("illegal-{sq}"), t, sq, size, true));
                    labels.extend(jolly_label(sq, t, size));
                }
                marks.push(Mark {
                    kind: MarkKind::Illegal,
                    at: square_at(sq, size),
                });
            }
        }
        let total = record.moves.len();
        let player = |mv: &Move| names.get(mv.seat()).map_or("?", String::as_str);
        let caption = match (&illegal, &last) {
            (Some((n, mv, why)), _) => Shown::Illegal(*n, player(mv), notation(mv), why),
            (None, Some((n, mv))) => Shown::After(*n, player(mv), notation(mv)),
            (None, None) => Shown::Setup,
        };
        let caption = scene::caption(record.game, &record.variant, total, caption);
        Ok(Scene {
            targets: square_targets(size),
            kit: "natura",
            w_mm: BOARD_MM,
            h_mm: BOARD_MM,
            slots: Vec::new(),
            items,
            marks,
            labels,
            caption,
            shown: illegal.as_ref().map_or(shown, |(n, ..)| *n),
            moves: total,
        })
    }

    /// Each seat's first rack as dealt: seven tiles each from the front of the bag, in the
    /// order `tavolo deal` prints them. In a duplicate game every player has the same rack:
    /// round 1's, one slip for the board.
    fn holdings(
        &self,
        variant: &str,
        players: &[String],
        deal: &Provenance,
    ) -> Result<Vec<Holding>, Error> {
        if variant == super::duplicate::record::VARIANT {
            use super::duplicate::draw::{draw_rack, Bag};
            let mut bag = Bag::new(&deal.seed, deal.board);
            let first = draw_rack(&mut bag, &[], 1)
                .map(|d| d.rack)
                .unwrap_or_default();
            let each = |k: usize| std::iter::repeat_n(k as u8, usize::from(first[k]));
            return Ok(vec![Holding {
                label: crate::t!("sheet-natura-every-player"),
                seat: true,
                pieces: (1..first.len())
                    .flat_map(each)
                    .chain(each(0))
                    .map(piece)
                    .collect(),
            }]);
        }
        let bag = dealt_bag(deal);
        Ok(players
            .iter()
            .zip(bag.chunks(RACK))
            .map(|(name, rack)| Holding {
                label: name.clone(),
                seat: true,
                pieces: rack.iter().map(|&t| piece(t)).collect(),
            })
            .collect())
    }
}
