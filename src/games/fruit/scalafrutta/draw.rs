//! Scalafrutta's positions for `tavolo show`: the 3x3 square with room for
//! a tile pushed in from each side (SF-1), its twelve insertion points named
//! round it as records name them (`top1` .. `right3`), the face-down pile
//! beside it as a stack, and under them each player's tiles, seat by seat,
//! at half size under the player's name and total: the combinations they last
//! declared in this hand (SF-2), then the tiles won since, face up as the
//! sheet keeps them.

use super::record::{check_players, check_square, read_moves, Scalafrutta};
use super::{hand_order, Insertion, Move, Side, State};
use crate::deal::Provenance;
use crate::error::Error;
use crate::games::fruit::draw::{
    ghost, holding_rect, lay_out, piece, tile_id, tile_item, without_seat, GAP, H, W,
};
use crate::games::fruit::tile::Tile;
use crate::games::replay::replay_watched;
use crate::record::{Record, Source};
use crate::show::labels::{self, Edge, Line, NAME_ROOM};
use crate::show::scene::{self, Holding, Item, Label, Mark, MarkKind, Rect, Scene, Shown};

/// Between the square and the players, and between two players' tiles.
const BAND_GAP: f64 = 8.0;
/// The face-down pile: right of the square, each tile this much up and
/// right of the one under it (27 at most: 36 less the square).
const PILE_GAP: f64 = 8.0;
const PILE_STEP: f64 = 0.5;
const PILE_MAX: f64 = 27.0;

/// A place of the 5x5 grid round the square: the square's cells are rows
/// and columns 1-3, the places a tile is pushed in from are 0 and 4.
fn slot(row: usize, col: usize) -> Rect {
    Rect::new(col as f64 * (W + GAP), row as f64 * (H + GAP), W, H)
}

/// The square's cell (row, column; 0-based).
fn cell(rc: (usize, usize)) -> Rect {
    slot(rc.0 + 1, rc.1 + 1)
}

/// Where a tile waits before `at` pushes it in: beside the edge cell.
fn outside(at: Insertion) -> Rect {
    let (r, c) = at.entry();
    let (r, c) = (r + 1, c + 1);
    match at.side() {
        Side::Top => slot(r - 1, c),
        Side::Bottom => slot(r + 1, c),
        Side::Left => slot(r, c - 1),
        Side::Right => slot(r, c + 1),
    }
}

/// The twelve insertion points named round the square (SF-1): `top1`..`top3`
/// over its columns, `bottom1`.. under them, `left1`.. and `right1`.. beside
/// its rows.
fn insertion_labels() -> Result<Vec<Label>, Error> {
    let square = cell((0, 0)).union(&cell((2, 2)));
    let mut out = Vec::new();
    for edge in [Edge::Top, Edge::Bottom, Edge::Left, Edge::Right] {
        let lines: Vec<Line> = (0..3)
            .map(|k| {
                let at = cell(if matches!(edge, Edge::Top | Edge::Bottom) {
                    (0, k)
                } else {
                    (k, 0)
                });
                let name = format!("{}{}", edge.name(), k + 1);
                match edge {
                    Edge::Top | Edge::Bottom => Line::new(name, at.x, at.w),
                    Edge::Left | Edge::Right => Line::new(name, at.y, at.h),
                }
            })
            .collect();
        out.extend(labels::edge(square, edge, &lines)?);
    }
    Ok(out)
}

const GRID_W: f64 = 5.0 * (W + GAP) - GAP;
const GRID_H: f64 = 5.0 * (H + GAP) - GAP;
const SCENE_W: f64 = GRID_W + PILE_GAP + W + PILE_MAX * PILE_STEP;

fn notation(mv: &Move) -> String {
    without_seat(&mv.to_string())
}

impl scene::Draw for Scalafrutta {
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
        let moves = read_moves(record, src)?;
        let names = record.player_names();
        // Each move's written square is checked against the position it is tried in, and
        // the hand each is tried in kept, to follow the combinations declared hand by hand.
        let mut hands = Vec::new();
        let watch = |k: usize, state: &State, _: &Move| {
            check_square(state, &record.moves[k], &moves[k], src)?;
            hands.push(state.hand_number());
            Ok(())
        };
        let replayed = replay_watched(&Scalafrutta, record, src, upto, watch)?;
        let state = replayed.game();
        // The combinations each player last declared in this hand.
        let mut declared: Vec<Vec<Vec<Tile>>> = vec![Vec::new(); names.len()];
        for (k, (_, step)) in replayed.steps().enumerate() {
            let after = hands.get(k + 1).copied().unwrap_or(state.hand_number());
            if after != hands[k] {
                declared.iter_mut().for_each(Vec::clear);
            }
            if let Move::Recombine {
                player,
                combinations,
            } = &step.mv
            {
                declared[*player] = combinations.clone();
            }
        }
        let last = replayed.last().map(|(n, s)| (n, s.mv.clone()));
        let illegal = replayed.refused().map(|(n, r, why)| (n, r.mv.clone(), why));
        let shown = replayed.shown;

        let hand = state.hand();
        let mut items: Vec<Item> = Vec::new();
        for (r, row) in hand.square().iter().enumerate() {
            for (c, &t) in row.iter().enumerate() {
                items.push(tile_item(tile_id(t), t, cell((r, c)), false, false));
            }
        }
        // The pile's backs all show the same face: which tile is which is hidden.
        let base = slot(2, 5);
        let mut labels = insertion_labels()?;
        let pile = hand.pile().len();
        for k in 0..pile {
            let s = k as f64 * PILE_STEP;
            let at = Rect::new(GRID_W + PILE_GAP + s, base.y - s, W, H);
            let any = Tile::from_index(0).expect("a tile");
            items.push(tile_item(format!("pile-{}", k + 1), any, at, true, false));
        }
        let pile_top = base.y - pile.saturating_sub(1) as f64 * PILE_STEP;
        labels.push(labels::name(
            "name-pile",
            &format!("face down: {pile}"),
            Rect::new(GRID_W + PILE_GAP, pile_top, W, H),
        )?);
        // Each player's combinations (those still wholly theirs), then the rest,
        // under their name and total.
        let totals = state.totals().totals();
        let mut top = GRID_H + BAND_GAP + NAME_ROOM;
        let mut bands = Vec::new();
        for (p, combos) in declared.iter().enumerate() {
            let mut loose = hand.held(p);
            let mut groups: Vec<Vec<Tile>> = Vec::new();
            for combo in combos {
                if combo.iter().all(|&t| loose.contains(t)) {
                    combo.iter().for_each(|&t| {
                        loose.remove(t);
                    });
                    groups.push(combo.clone());
                }
            }
            groups.push(loose.iter().collect());
            let (tiles, bottom) = lay_out(&groups, top, SCENE_W);
            // A player's tiles are theirs: kept out of sight of the others until a
            // recombination, as the sheet says (GN-5: another view draws their backs).
            for &(t, at) in &tiles {
                let mut item = tile_item(tile_id(t), t, at, false, false);
                item.owner = Some(p);
                items.push(item);
            }
            let band = holding_rect(&tiles, top);
            let total = totals.get(p).copied().unwrap_or(0);
            let name = format!("{} ({total} points)", names[p]);
            labels.push(labels::name(format!("name-{}", p + 1), &name, band)?);
            bands.push(band);
            top = bottom + BAND_GAP + NAME_ROOM;
        }

        let mut marks = Vec::new();
        let spot = |mv: &Move| match mv {
            Move::Insert { at, .. } => cell(at.entry()),
            Move::Recombine { player, .. } => bands[*player],
        };
        if let Some((_, mv)) = &last {
            marks.push(Mark {
                kind: MarkKind::Last,
                at: spot(mv),
            });
        }
        let shown_as = match (&illegal, &last) {
            (Some((n, mv, why)), _) => {
                // An insertion's tile waits, faded, beside the place it was
                // pushed in at; a declaration marks the player's tiles.
                let at = match mv {
                    Move::Insert { tile, at, .. } => {
                        items.push(ghost(*tile, outside(*at)));
                        outside(*at)
                    }
                    Move::Recombine { .. } => spot(mv),
                };
                marks.push(Mark {
                    kind: MarkKind::Illegal,
                    at,
                });
                Shown::Illegal(*n, &names[mv.player()], notation(mv), why)
            }
            (None, Some((n, mv))) => Shown::After(*n, &names[mv.player()], notation(mv)),
            (None, None) => Shown::Setup,
        };
        let total = record.moves.len();
        // The twelve places a drawn tile waits before it is pushed in (SF-1), for the live
        // page's taps (issue 47).
        let targets = Insertion::all()
            .map(|at| (at.to_string(), outside(at)))
            .collect();
        let mut scene = Scene {
            targets,
            kit: "fruit",
            w_mm: SCENE_W,
            h_mm: top - BAND_GAP - NAME_ROOM,
            slots: Vec::new(),
            items,
            marks,
            labels,
            caption: scene::caption(record.game, &record.variant, total, shown_as),
            shown: illegal.as_ref().map_or(shown, |(n, ..)| *n),
            moves: total,
        };
        scene.fit();
        Ok(scene)
    }

    /// The table's: the square row by row and the face-down pile in the
    /// deal's order (so a director can stack it); players start with nothing.
    fn holdings(
        &self,
        _variant: &str,
        players: &[String],
        deal: &Provenance,
    ) -> Result<Vec<Holding>, Error> {
        check_players(players.len())?;
        let order = hand_order(deal, 1);
        let mut out: Vec<Holding> = order[..9]
            .chunks(3)
            .enumerate()
            .map(|(r, row)| Holding {
                label: format!("square, row {} of 3 from the top", r + 1),
                seat: false,
                pieces: row.iter().map(|&t| piece(t)).collect(),
            })
            .collect();
        out.push(Holding {
            label: "face down, in the order of the deal".into(),
            seat: false,
            pieces: order[9..].iter().map(|&t| piece(t)).collect(),
        });
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::show::scene::Draw as _;

    fn scene(text: &str) -> Scene {
        let src = Source::new(std::path::Path::new("t.toml"), text.to_string());
        let record = Record::parse(&src, &crate::games::Registry).unwrap();
        Scalafrutta
            .scene(&record, &src, None, &toml::Table::new())
            .unwrap()
    }

    const HEAD: &str =
        "game = \"scalafrutta\"\nvariant = \"standard\"\nplayers = [\"Anna\", \"Bruno\"]\n\n\
        [setup]\nsquare = [\"M1 P2 C3\", \"U4 F5 B6\", \"M2 P3 C4\"]\n";

    /// SF-1: B5 pushed in at `right2` (it matches B6, in scala) shifts row 2
    /// left; U4 falls out and is Anna's, drawn first under the square; the
    /// insertion is marked on the cell it landed on; 26 tiles stay face down.
    #[test]
    fn sf1_an_insertion_pushes_its_line_and_the_tile_that_falls_out_is_the_players() {
        let s = scene(&format!(
            "{HEAD}\n[[move]]\nplayer = \"Anna\"\ntile = \"B5\"\nat = \"right2\"\n"
        ));
        let at = |id: &str| s.items.iter().find(|i| i.id == id).unwrap().at;
        // The scene is fitted round its labels: places are kept from the square's.
        let (dx, dy) = (
            at("tile-F5").x - cell((1, 0)).x,
            at("tile-F5").y - cell((1, 0)).y,
        );
        let on = |r: Rect| Rect::new(r.x + dx, r.y + dy, r.w, r.h);
        assert_eq!(at("tile-B5"), on(cell((1, 2))));
        assert_eq!(at("tile-B6"), on(cell((1, 1))));
        // Anna's first tile, at half size under the square and her name.
        let u4 = at("tile-U4");
        assert_eq!(u4.w, crate::games::fruit::draw::SW);
        assert!((u4.y - (dy + GRID_H + BAND_GAP + NAME_ROOM)).abs() < 1e-9);
        let anna = s.labels.iter().find(|l| l.id == "name-1").unwrap();
        assert!(anna.text.starts_with("Anna") && anna.at.y + anna.at.h < u4.y);
        assert_eq!(s.marks[0].at, on(cell((1, 2))));
        assert_eq!(s.items.iter().filter(|i| i.back).count(), 26);
    }
}
