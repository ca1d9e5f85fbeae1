//! Quincunx's positions for `tavolo show`: the grid of the round being
//! played, drawn with the Decktet kit's cards, a1 at the bottom left. The
//! fixed grid is 5x5 and the solitaire's 4x4; `start-from-zero`'s 9x9 frame is
//! cropped to the cards laid and the cells round them (QX-1). The cells are
//! named round the grid as records name them (`a`.. over and under, `1`..
//! beside). A move that fills the grid is shown on the full grid it finished,
//! not on the next round's fresh one.
//!
//! Deal sheets: per round, the face-up grid cards, each seat's hand and the
//! pile (top first); each hand also goes on a curtain card in words.

use super::grid::FRAME;
use super::record::{read_setup, rules_of, QuincunxGame};
use super::{Board, Cell, Move, Rules};
use crate::deal::Provenance;
use crate::decktet::{Card, BASIC};
use crate::error::Error;
use crate::games::replay::replay;
use crate::record::{Record, Source};
use crate::show::labels::{self, Line};
use crate::show::scene::{self, Holding, Item, Label, Mark, MarkKind, Piece, Rect, Scene, Shown};

/// A card's size on the table (the kit's cards are 63 x 88 mm) and the gap
/// between neighbours.
const W: f64 = 63.0;
const H: f64 = 88.0;
const GAP: f64 = 3.0;

/// The grid's columns and rows drawn: first and last of each (frame indices).
#[derive(Clone, Copy)]
struct Frame {
    cols: (usize, usize),
    rows: (usize, usize),
}

impl Frame {
    /// The cell `c` in the picture, the frame's top row first.
    fn cell(&self, c: Cell) -> Rect {
        Rect::new(
            (c.col() - self.cols.0) as f64 * (W + GAP),
            (self.rows.1 - c.row()) as f64 * (H + GAP),
            W,
            H,
        )
    }

    fn size(&self) -> (f64, f64) {
        let n = |(a, b): (usize, usize)| (b - a + 1) as f64;
        (
            n(self.cols) * (W + GAP) - GAP,
            n(self.rows) * (H + GAP) - GAP,
        )
    }

    /// The whole grid of a fixed shape; for `start-from-zero` the cells in use
    /// (and `extra`, an illegal card's cell) and a cell more each way where the
    /// figure may still grow (it stays at most 5 a side, QX-1), inside the 9x9
    /// frame: so the picture shows the cells the next card may take, and a row
    /// of five is not a strip.
    fn of(board: &Board, extra: Option<Cell>) -> Frame {
        if board.shape() != super::Shape::Zero {
            let s = board.shape().side() - 1;
            return Frame {
                cols: (0, s),
                rows: (0, s),
            };
        }
        let cells: Vec<Cell> = board.cards().map(|(c, _)| c).chain(extra).collect();
        let span = |f: fn(Cell) -> usize| {
            let (a, b) = cells
                .iter()
                .map(|&c| f(c))
                .fold(None, |acc: Option<(usize, usize)>, v| {
                    Some(acc.map_or((v, v), |(a, b)| (a.min(v), b.max(v))))
                })
                .unwrap_or((4, 4));
            if b - a + 1 < board.shape().side() {
                (a.saturating_sub(1), (b + 1).min(FRAME - 1))
            } else {
                (a, b)
            }
        };
        Frame {
            cols: span(Cell::col),
            rows: span(Cell::row),
        }
    }

    /// The cells of the frame no card lies on.
    fn empty(&self, board: &Board) -> Vec<Rect> {
        self.empty_named(board)
            .into_iter()
            .map(|(_, r)| r)
            .collect()
    }

    /// The same cells named as the notation names them (`c3`): where a card may go, for
    /// the live page's taps (issue 47).
    fn empty_named(&self, board: &Board) -> Vec<(String, Rect)> {
        (self.rows.0..=self.rows.1)
            .rev()
            .flat_map(|r| (self.cols.0..=self.cols.1).filter_map(move |c| Cell::new(c, r)))
            .filter(|&c| board.get(c).is_none())
            .map(|c| (c.to_string(), self.cell(c)))
            .collect()
    }

    /// The coordinates round the frame: files `a`.. over and under the columns,
    /// ranks `1`.. beside the rows (a1 at the bottom left, QX-1).
    fn labels(&self) -> Result<Vec<Label>, Error> {
        let (w, h) = self.size();
        let files: Vec<Line> = (self.cols.0..=self.cols.1)
            .map(|c| {
                let x = (c - self.cols.0) as f64 * (W + GAP);
                Line::new(((b'a' + c as u8) as char).to_string(), x, W)
            })
            .collect();
        let ranks: Vec<Line> = (self.rows.0..=self.rows.1)
            .map(|r| Line::new((r + 1).to_string(), (self.rows.1 - r) as f64 * (H + GAP), H))
            .collect();
        labels::grid(Rect::new(0.0, 0.0, w, h), &files, &ranks)
    }
}

/// The kit component and fields that name a card (`basic`, `name = "The Journey"`).
fn fields(card: Card) -> (&'static str, Vec<(&'static str, String)>) {
    let component = if card.index() < BASIC {
        "basic"
    } else {
        "extended"
    };
    (component, vec![("name", card.name().to_string())])
}

fn card_item(id: String, card: Card, at: Rect, ghost: bool) -> Item {
    let (component, piece) = fields(card);
    Item {
        id,
        component,
        piece,
        at,
        back: false,
        ghost,
        owner: None,
    }
}

fn piece(card: Card) -> Piece {
    let (component, piece) = fields(card);
    Piece {
        component,
        piece,
        back: false,
    }
}

/// A move as the caption says it: `3MW The Journey on c3`, and the round
/// when a match has several.
fn notation(mv: &Move, round: usize, rounds: usize) -> String {
    let mut s = format!("{} ({}) on {}", mv.card.code(), mv.card.name(), mv.cell);
    if let Some(a) = mv.announced {
        s += &format!(" announcing {a}");
    }
    if rounds > 1 {
        s += &format!(", round {}", round + 1);
    }
    s
}

impl scene::Draw for QuincunxGame {
    fn kit(&self) -> &'static str {
        "decktet"
    }

    fn scene(
        &self,
        record: &Record,
        src: &Source,
        upto: Option<usize>,
        _data: &toml::Table,
    ) -> Result<Scene, Error> {
        let replayed = replay(&QuincunxGame, record, src, upto)?;
        let (shown, game, r) = (replayed.shown, replayed.game(), replayed.outline());
        let rounds = read_setup(record, src, game.rules())?.rounds.len();
        let names = record.player_names();
        // The grid shown and its round: after a move that ends a round, the
        // grid that move filled; an illegal move, on the grid it was played on.
        let mut board = game.board().clone();
        let mut round = game.round_index();
        let mut last = None;
        if let Some((n, _, mv)) = r.last {
            let before = replayed.before_last();
            if r.illegal.is_none() && game.results().len() > before.results().len() {
                board = before.board().clone();
                board.put(mv.cell, mv.card);
                round = before.round_index();
            }
            last = Some((n, mv, before.round_index()));
        }
        let illegal = r.illegal.map(|(n, _, mv, why)| (n, mv, why));
        let frame = Frame::of(&board, illegal.as_ref().map(|(_, mv, _)| mv.cell));
        let mut items: Vec<Item> = board
            .cards()
            .map(|(cell, card)| card_item(format!("card-{cell}"), card, frame.cell(cell), false))
            .collect();
        let mut marks = Vec::new();
        if let Some((_, mv, r)) = &last {
            if *r == round {
                marks.push(Mark {
                    kind: MarkKind::Last,
                    at: frame.cell(mv.cell),
                });
            }
        }
        let total = record.moves.len();
        let caption = match (&illegal, &last) {
            (Some((n, mv, why)), _) => {
                // The card as it was laid, faded, over whatever lies there.
                let at = frame.cell(mv.cell);
                items.push(card_item("illegal".into(), mv.card, at, true));
                marks.push(Mark {
                    kind: MarkKind::Illegal,
                    at,
                });
                Shown::Illegal(*n, &names[mv.player], notation(mv, round, rounds), why)
            }
            (None, Some((n, mv, r))) => {
                Shown::After(*n, &names[mv.player], notation(mv, *r, rounds))
            }
            (None, None) => Shown::Setup,
        };
        let caption = scene::caption(record.game, &record.variant, total, caption);
        let (w_mm, h_mm) = frame.size();
        let mut scene = Scene {
            targets: frame.empty_named(&board),
            kit: "decktet",
            w_mm,
            h_mm,
            slots: frame.empty(&board),
            items,
            marks,
            labels: frame.labels()?,
            caption,
            shown: illegal.as_ref().map_or(shown, |(n, ..)| *n),
            moves: total,
        };
        scene.fit();
        Ok(scene)
    }

    fn holdings(
        &self,
        variant: &str,
        players: &[String],
        deal: &Provenance,
    ) -> Result<Vec<Holding>, Error> {
        let (rules, _): (Rules, bool) = rules_of(variant).ok_or_else(|| {
            Error::failed(
                "quincunx.internal",
                format!("internal error: unknown variant `{variant}`"),
            )
        })?;
        let setup = super::record::dealt(&rules, players.len(), deal)?;
        let several = setup.rounds.len() > 1;
        let mut out = Vec::new();
        for (r, round) in setup.rounds.iter().enumerate() {
            let of_round = |what: String| {
                if several {
                    crate::t!("sheet-of-round", what = what, round = r + 1)
                } else {
                    what
                }
            };
            let cells: Vec<String> = round.grid.iter().map(|s| s.cell.to_string()).collect();
            out.push(Holding {
                label: of_round(crate::t!(
                    "sheet-quincunx-grid",
                    cells = cells.join(" "),
                    dealer = players[round.dealer].as_str()
                )),
                seat: false,
                pieces: round.grid.iter().map(|s| piece(s.card)).collect(),
            });
            for (name, hand) in players.iter().zip(&round.hands) {
                out.push(Holding {
                    label: of_round(name.clone()),
                    seat: true,
                    pieces: hand.iter().map(|&c| piece(c)).collect(),
                });
            }
            out.push(Holding {
                label: of_round(crate::t!("sheet-quincunx-pile")),
                seat: false,
                pieces: round.pile.iter().map(|&c| piece(c)).collect(),
            });
        }
        Ok(out)
    }

    fn curtain(&self, piece: &Piece) -> Option<(String, String)> {
        let card = piece
            .piece
            .iter()
            .find(|(k, _)| *k == "name")
            .and_then(|(_, v)| Card::parse(v))?;
        Some((card.code().to_string(), card.name().to_string()))
    }
}
