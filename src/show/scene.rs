//! What a game hands to `tavolo show`: the position at a move as a scene of
//! kit pieces placed in millimetres, with the last move and an illegal move
//! marked. Plain data, no drawing: [`super::render`] draws it with the kit's
//! art, so a game names pieces by their kit fields and never touches SVG.

use crate::error::Error;
use crate::games::session::View;
use crate::record::{Record, Source};

/// A rectangle in millimetres from the scene's top-left corner.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    pub fn new(x: f64, y: f64, w: f64, h: f64) -> Rect {
        Rect { x, y, w, h }
    }

    pub fn centre(&self) -> (f64, f64) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    /// The smallest rectangle holding both.
    pub fn union(&self, other: &Rect) -> Rect {
        let (x0, y0) = (self.x.min(other.x), self.y.min(other.y));
        let x1 = (self.x + self.w).max(other.x + other.w);
        let y1 = (self.y + self.h).max(other.y + other.h);
        Rect::new(x0, y0, x1 - x0, y1 - y0)
    }

    fn shifted(&self, dx: f64, dy: f64) -> Rect {
        Rect::new(self.x + dx, self.y + dy, self.w, self.h)
    }
}

/// One kit piece drawn in the scene.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// A stable name for the drawn piece, unique in the scene (`tile-c3`);
    /// the SVG group's id.
    pub id: String,
    /// The kit component (`tiles`, `board`).
    pub component: &'static str,
    /// Which piece: its kit fields by dotted path and value as text
    /// (`moon.code = "R"`, `number = "3"`); empty for the first piece.
    pub piece: Vec<(&'static str, String)>,
    /// Where, in mm (the piece's face is scaled to fill it).
    pub at: Rect,
    /// Face down (the component's back).
    pub back: bool,
    /// Drawn faded: a piece that is not really there (an illegal placement).
    pub ghost: bool,
    /// The seat whose holding the piece is in when only that seat (and the director)
    /// may see its face (GN-5); `None` for a piece everyone sees, or none sees (`back`).
    pub owner: Option<usize>,
}

/// What a mark shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkKind {
    /// The last move played.
    Last,
    /// A move that breaks a rule.
    Illegal,
}

impl MarkKind {
    pub fn name(self) -> &'static str {
        match self {
            MarkKind::Last => "last",
            MarkKind::Illegal => "illegal",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Mark {
    pub kind: MarkKind,
    pub at: Rect,
}

/// Text drawn over the pieces, centred in its box: what the art alone cannot
/// say, such as the letter a blank tile stands for, a grid's coordinates or
/// the owner of a holding ([`super::labels`] makes the last two).
#[derive(Debug, Clone, PartialEq)]
pub struct Label {
    /// A stable name, unique in the scene (`letter-h8`, `file-top-a`,
    /// `name-1`); the SVG element's id.
    pub id: String,
    pub at: Rect,
    pub text: String,
    /// The letters' height (font size) in mm.
    pub size_mm: f64,
    pub kind: LabelKind,
}

/// What a label says, which sets its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LabelKind {
    /// What a piece stands for (a jolly's letter): over the piece, in purple.
    Note,
    /// A grid's coordinate, beside the grid: grey.
    Coordinate,
    /// Whose (or what) a holding is, over it: near black.
    Name,
}

/// A position drawn from a record.
#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    /// The bundled kit whose art draws it (`moon`, `fruit`).
    pub kit: &'static str,
    pub w_mm: f64,
    pub h_mm: f64,
    /// The empty places of a grid drawn without a board (a cell of Quincunx's
    /// grid or Mosaico's frame, an empty column of Il Muro), outlined faintly
    /// under the pieces so that the grid reads as one.
    pub slots: Vec<Rect>,
    /// The places a move goes, named as the notation names them (`c3`), for the live
    /// page's taps (issue 47): drawn nowhere but there ([`crate::show::with_targets`]).
    pub targets: Vec<(String, Rect)>,
    /// Drawn in order: the board first.
    pub items: Vec<Item>,
    pub marks: Vec<Mark>,
    /// Drawn last, over the pieces and marks.
    pub labels: Vec<Label>,
    /// Under the picture, wrapped to its width: the game, the move shown, the
    /// verdict.
    pub caption: String,
    /// The move shown (0: the setup) and how many the record has.
    pub shown: usize,
    pub moves: usize,
}

impl Scene {
    /// Grow the scene to hold everything drawn, its labels outside the pieces
    /// included (coordinates left of and above a grid at 0): shift it all so
    /// the top-left of what is drawn is at 0, 0, and size the scene to it. A
    /// drawer lays out its pieces from 0, 0, adds its labels, then fits.
    pub fn fit(&mut self) {
        let bounds = self
            .items
            .iter()
            .map(|i| i.at)
            .chain(self.slots.iter().copied())
            .chain(self.marks.iter().map(|m| m.at))
            .chain(self.labels.iter().map(|l| l.at))
            .fold(Rect::new(0.0, 0.0, self.w_mm, self.h_mm), |a, r| {
                a.union(&r)
            });
        let (dx, dy) = (-bounds.x, -bounds.y);
        for r in &mut self.slots {
            *r = r.shifted(dx, dy);
        }
        for (_, r) in &mut self.targets {
            *r = r.shifted(dx, dy);
        }
        for i in &mut self.items {
            i.at = i.at.shifted(dx, dy);
        }
        for m in &mut self.marks {
            m.at = m.at.shifted(dx, dy);
        }
        for l in &mut self.labels {
            l.at = l.at.shifted(dx, dy);
        }
        self.w_mm = bounds.w;
        self.h_mm = bounds.h;
    }
}

impl Scene {
    /// The scene as `view` may see it (GN-5): for any view but the director's, a piece
    /// face down or in a holding the view does not see is drawn as its component's back,
    /// with nothing of it kept (its fields, and its id, which becomes `hidden-N`).
    pub fn for_view(&mut self, view: View) {
        if view.all() {
            return;
        }
        let mut n = 0;
        for item in &mut self.items {
            if item.back || item.owner.is_some_and(|s| !view.sees(s)) {
                n += 1;
                item.back = true;
                item.piece.clear();
                item.id = format!("hidden-{n}");
            }
        }
    }
}

/// The move a picture is drawn at, for its caption: `(number, player, move)`, and
/// for an illegal move the reason it breaks a rule.
pub enum Shown<'a> {
    Setup,
    After(usize, &'a str, String),
    Illegal(usize, &'a str, String, &'a str),
}

/// The one line under a picture, worded alike for every game: the game and
/// variant, the move shown out of the record's `total`, and the verdict.
pub fn caption(game: &str, variant: &str, total: usize, shown: Shown) -> String {
    let head = format!("{game} ({variant})");
    match shown {
        Shown::Illegal(n, player, mv, why) => {
            format!("{head}, move {n} of {total}: {player} {mv} is illegal: {why}")
        }
        Shown::After(n, player, mv) => format!("{head}, after move {n} of {total}: {player} {mv}"),
        Shown::Setup => format!("{head}, the setup ({total} moves recorded)"),
    }
}

/// One kit piece, without a place: what a deal sheet draws in a row.
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    pub component: &'static str,
    pub piece: Vec<(&'static str, String)>,
    pub back: bool,
}

/// What one seat (or the table) gets in a deal: a label and its pieces.
#[derive(Debug, Clone, PartialEq)]
pub struct Holding {
    /// A player's name, or what the pieces are (`centre (c3)`, `set aside`).
    pub label: String,
    /// Whether the holding is a player's (a slip of its own), not the table's.
    pub seat: bool,
    pub pieces: Vec<Piece>,
}

/// A game's position at any move of a record, for `tavolo show`
/// ([`crate::games::Game::drawer`]).
pub trait Draw: Sync {
    /// The bundled kit whose art draws the game.
    fn kit(&self) -> &'static str;
    /// The position after move `upto` (all moves when `None`; 0 the setup)
    /// of a parsed record. `data` is the kit's `[data]` table (geometry such
    /// as the square size). An illegal move within `upto` is shown at its
    /// place, marked, and the position is the one it was played on.
    fn scene(
        &self,
        record: &Record,
        src: &Source,
        upto: Option<usize>,
        data: &toml::Table,
    ) -> Result<Scene, Error>;

    /// What a deal gives each seat and the table, for deal sheets.
    fn holdings(
        &self,
        variant: &str,
        players: &[String],
        deal: &crate::deal::Provenance,
    ) -> Result<Vec<Holding>, Error>;

    /// A card game's piece in words, its short code and full name (`3MW`,
    /// `The Journey`), for the curtain cards of its deal sheets: one small
    /// card per seat's holding that lists the hand as text, kept with the
    /// board as bridge players keep theirs. A game that names none of its
    /// pieces (the default) gets no curtain cards.
    fn curtain(&self, _piece: &Piece) -> Option<(String, String)> {
        None
    }
}

/// A number from the kit's `[data]`, or the default the bundled kit has.
pub fn data_mm(data: &toml::Table, key: &str, default: f64) -> f64 {
    match data.get(key) {
        Some(toml::Value::Float(f)) => *f,
        Some(toml::Value::Integer(i)) => *i as f64,
        _ => default,
    }
}

/// The move to show: `upto` checked against the record's moves.
pub fn shown(record: &Record, upto: Option<usize>) -> Result<usize, Error> {
    // The last move's number: a resignation before it (GN-4) is a [[move]] too.
    let n = record.moves.last().map_or(0, |e| e.number);
    match upto {
        None => Ok(n),
        Some(k) if k <= n => Ok(k),
        Some(k) => Err(Error::input(
            "show.no-such-move",
            format!(
                "--move {k}: the record has {n} move{}",
                if n == 1 { "" } else { "s" }
            ),
        )
        .help(format!("give --move 0 (the setup) to --move {n}"))),
    }
}

/// The last legal move and the first illegal one of a record replayed to a move
/// ([`crate::games::replay`]), as a drawer takes them.
pub struct Replayed<M> {
    /// `(move number, seat, move)` of the last legal move.
    pub last: Option<(usize, usize, M)>,
    /// `(move number, seat, move, why)`: the illegal move, described with
    /// its code; the state is the one it was played on.
    pub illegal: Option<(usize, usize, M, String)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A label left of and above the pieces grows the scene that way: everything
    /// shifts so it starts at 0, 0, and the size holds it all.
    #[test]
    fn fit_makes_room_for_what_lies_outside() {
        let label = |x, y| Label {
            id: "coord-left-1".into(),
            at: Rect::new(x, y, 4.0, 5.0),
            text: "1".into(),
            size_mm: 5.0,
            kind: LabelKind::Coordinate,
        };
        let mut s = Scene {
            kit: "fruit",
            w_mm: 100.0,
            h_mm: 50.0,
            slots: vec![Rect::new(0.0, 0.0, 10.0, 10.0)],
            targets: Vec::new(),
            items: Vec::new(),
            marks: vec![Mark {
                kind: MarkKind::Last,
                at: Rect::new(90.0, 40.0, 10.0, 10.0),
            }],
            labels: vec![label(-6.0, -7.0), label(101.0, 52.0)],
            caption: String::new(),
            shown: 0,
            moves: 0,
        };
        s.fit();
        assert_eq!((s.w_mm, s.h_mm), (111.0, 64.0));
        assert_eq!(s.slots[0], Rect::new(6.0, 7.0, 10.0, 10.0));
        assert_eq!(s.marks[0].at, Rect::new(96.0, 47.0, 10.0, 10.0));
        assert_eq!(s.labels[0].at.x, 0.0);
        // Fitted once, fitting again changes nothing.
        let again = s.clone();
        s.fit();
        assert_eq!(s, again);
    }
}
