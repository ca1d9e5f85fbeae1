//! What a picture writes beside its pieces so that a player reads the position
//! as the records write it: a grid's coordinates along its edges (as the MOON
//! and Natura boards print theirs: files over and under the columns, ranks
//! left and right of the rows) and a name over each holding (whose tiles or
//! cards they are). Every game's drawer labels its grids and holdings here,
//! then lets [`super::scene::Scene::fit`] make room for the labels.

use super::scene::{Label, LabelKind, Rect};
use crate::error::Error;

/// The letters' height of a coordinate and of a name, in mm.
pub const COORD_MM: f64 = 5.0;
pub const NAME_MM: f64 = 5.0;
/// The gap between a label and what it labels, in mm.
pub const GAP_MM: f64 = 1.5;
/// The room a name takes over its holding: leave it free above each holding.
pub const NAME_ROOM: f64 = NAME_MM + 2.0 * GAP_MM;

/// An edge of a grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edge {
    Top,
    Bottom,
    Left,
    Right,
}

impl Edge {
    pub fn name(self) -> &'static str {
        match self {
            Edge::Top => "top",
            Edge::Bottom => "bottom",
            Edge::Left => "left",
            Edge::Right => "right",
        }
    }
}

/// A column or a row of a grid: its coordinate as records write it (`a`,
/// `3`, `-1`, `top2`), and where it lies along the edge, in scene mm: the x
/// of a column's left side or the y of a row's top, and its width or height.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub name: String,
    pub start: f64,
    pub len: f64,
}

impl Line {
    pub fn new(name: impl Into<String>, start: f64, len: f64) -> Line {
        Line {
            name: name.into(),
            start,
            len,
        }
    }
}

/// The width of `text` at `size` mm, in the bundled face labels are set in.
fn width(text: &str, size: f64) -> Result<f64, Error> {
    Ok(crate::kit::textfit::sans_metrics()?.width_em(text) * size)
}

/// The coordinates along one edge of the grid `grid`: each line's name just
/// outside that edge, centred on its column (top, bottom) or row (left,
/// right). Ids are `coord-EDGE-NAME` (`coord-top-a`, `coord-left-3`).
pub fn edge(grid: Rect, edge: Edge, lines: &[Line]) -> Result<Vec<Label>, Error> {
    let s = COORD_MM;
    lines
        .iter()
        .map(|line| {
            let w = width(&line.name, s)?;
            let mid = line.start + line.len / 2.0;
            let at = match edge {
                Edge::Top => Rect::new(mid - w / 2.0, grid.y - GAP_MM - s, w, s),
                Edge::Bottom => Rect::new(mid - w / 2.0, grid.y + grid.h + GAP_MM, w, s),
                Edge::Left => Rect::new(grid.x - GAP_MM - w, mid - s / 2.0, w, s),
                Edge::Right => Rect::new(grid.x + grid.w + GAP_MM, mid - s / 2.0, w, s),
            };
            Ok(Label {
                id: format!("coord-{}-{}", edge.name(), line.name),
                at,
                text: line.name.clone(),
                size_mm: s,
                kind: LabelKind::Coordinate,
            })
        })
        .collect()
}

/// A board's coordinates on its four edges: the files over and under the
/// columns, the ranks left and right of the rows.
pub fn grid(grid: Rect, files: &[Line], ranks: &[Line]) -> Result<Vec<Label>, Error> {
    let mut out = edge(grid, Edge::Top, files)?;
    out.extend(edge(grid, Edge::Bottom, files)?);
    out.extend(edge(grid, Edge::Left, ranks)?);
    out.extend(edge(grid, Edge::Right, ranks)?);
    Ok(out)
}

/// The name over a holding whose pieces lie in `over`: set from its left
/// edge, in the [`NAME_ROOM`] just above it. `id` names the label (`name-1`).
pub fn name(id: impl Into<String>, text: &str, over: Rect) -> Result<Label, Error> {
    let w = width(text, NAME_MM)?;
    Ok(Label {
        id: id.into(),
        at: Rect::new(over.x, over.y - GAP_MM - NAME_MM, w, NAME_MM),
        text: text.to_string(),
        size_mm: NAME_MM,
        kind: LabelKind::Name,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 2x2 grid of 10 mm cells at (20, 30): each coordinate sits outside its
    /// edge, centred on its column or row, and never overlaps the grid.
    #[test]
    fn coordinates_are_centred_on_their_lines_outside_the_grid() {
        let g = Rect::new(20.0, 30.0, 20.0, 20.0);
        let files = [Line::new("a", 20.0, 10.0), Line::new("b", 30.0, 10.0)];
        let ranks = [Line::new("2", 30.0, 10.0), Line::new("1", 40.0, 10.0)];
        let labels = grid(g, &files, &ranks).unwrap();
        assert_eq!(labels.len(), 8);
        let at = |id: &str| labels.iter().find(|l| l.id == id).unwrap().at;
        let (cx, _) = at("coord-top-b").centre();
        assert!((cx - 35.0).abs() < 1e-9);
        assert!(at("coord-top-b").y + at("coord-top-b").h <= g.y - GAP_MM + 1e-9);
        assert!(at("coord-bottom-a").y >= g.y + g.h + GAP_MM - 1e-9);
        let (_, cy) = at("coord-left-1").centre();
        assert!((cy - 45.0).abs() < 1e-9);
        assert!(at("coord-left-1").x + at("coord-left-1").w <= g.x - GAP_MM + 1e-9);
        assert!(at("coord-right-2").x >= g.x + g.w + GAP_MM - 1e-9);
        assert!(labels.iter().all(|l| l.kind == LabelKind::Coordinate));
        // A longer name is wider, still centred.
        let wide = edge(g, Edge::Top, &[Line::new("top2", 20.0, 10.0)]).unwrap();
        assert!(wide[0].at.w > at("coord-top-a").w);
        assert!((wide[0].at.centre().0 - 25.0).abs() < 1e-9);
    }

    #[test]
    fn a_name_sits_over_its_holding_from_its_left_edge() {
        let l = name("name-1", "Anna", Rect::new(5.0, 50.0, 100.0, 14.0)).unwrap();
        assert_eq!((l.at.x, l.at.y + l.at.h), (5.0, 50.0 - GAP_MM));
        assert!(l.at.y >= 50.0 - NAME_ROOM);
        assert_eq!((l.text.as_str(), l.kind), ("Anna", LabelKind::Name));
    }
}
