//! `tavolo score quincunx POSITION CARD CELL` (one placement explained) and
//! `tavolo score quincunx POSITION best` (the hand's placements, best first).
//!
//! POSITION is a position file (TOML, format in `docs/records.md`):
//!
//! ```toml
//! variant = "standard"      # optional, any Quincunx variant (its rules score, QX-12)
//! players = 2               # optional: 2 to 4, or 1 for a solitaire variant (QX-13)
//! hand = ["9MS", "3MW"]     # optional: the cards `best` places
//! [grid]                    # the cards on the grid, by cell
//! a1 = "AM"
//! c3 = "The Journey"
//! ```
//!
//! or, inline, a list `a1=AM,c3=3MW` of cells and cards (the standard grid).

use serde_json::json;

use super::grid::{Board, Cell, Refusal};
use super::record::{explain_text, parse_card, parse_cell, variant_of, QuincunxGame};
use super::score::{best_placements, Scorer as QScorer};
use super::{Rules, Variant};
use crate::decktet::Card;
use crate::error::Error;
use crate::games::{Scored, Scorer};
use crate::record::{Source, Span};

/// How many placements `best` lists.
const BEST: usize = 10;

/// A position read from a file or the command line.
struct Position {
    rules: Rules,
    variant: String,
    board: Board,
    hand: Vec<Card>,
}

impl Scorer for QuincunxGame {
    fn usage(&self) -> &'static str {
        "a position (a TOML file, or inline `a1=AM,c3=3MW`) and a placement `CARD CELL`, \
         or `best` for the hand's best placements (docs/records.md, Quincunx)"
    }

    fn score(&self, args: &[String]) -> Result<Scored, Error> {
        let usage = || {
            Error::input(
                "score.usage",
                "give a position and `CARD CELL` (or `best`), e.g. `tavolo score quincunx pos.toml 3MW c3`",
            )
            .help(self.usage())
        };
        let (first, rest) = args.split_first().ok_or_else(usage)?;
        let pos = read_position(first)?;
        let scorer = QScorer::new(&pos.rules, pos.board.shape());
        match rest {
            [b] if b.eq_ignore_ascii_case("best") => best(&pos, &scorer),
            [card, cell] => one(&pos, &scorer, card, cell),
            // The card may be a full name in several words: `The Journey c3`.
            [words @ .., cell] if words.len() >= 2 => one(&pos, &scorer, &words.join(" "), cell),
            _ => Err(usage()),
        }
    }
}

fn one(pos: &Position, scorer: &QScorer, card: &str, cell: &str) -> Result<Scored, Error> {
    let arg = |what: &str| Source::new("the argument", what.to_string());
    let src = arg(card);
    let card = parse_card(card, &(0..card.len()), &src, &pos.rules)?;
    let src = arg(cell);
    let cell = parse_cell(cell, &(0..cell.len()), &src, pos.board.shape())?;
    if let Some((at, _)) = pos.board.cards().find(|&(_, c)| c == card) {
        return Err(Error::input(
            "score.card-on-grid",
            format!("{card} is already on the grid at {at}"),
        ));
    }
    if let Err(why) = pos.board.check(cell) {
        let why = match why {
            Refusal::OffGrid => format!("{cell} is not on the grid"),
            Refusal::Occupied(c) => format!("{cell} already holds {c}"),
            Refusal::NoContact => format!("{cell} touches no card on a side (QX-1)"),
            Refusal::TooLong => format!("{cell} makes a side longer than 5 (QX-1)"),
        };
        return Err(Error::input("score.cannot-place", why));
    }
    let b = scorer.explain(&pos.board, cell, card);
    let mut text = format!("{}\n  ({}):\n", explain_text(&b), pos.variant);
    for c in &b.components {
        let cells: Vec<String> = c.cells.iter().map(Cell::to_string).collect();
        let kind = kind_words(&c.kind);
        text += &format!("  {kind:<14} {:<24} {:>4}\n", cells.join(" "), c.points);
    }
    text += &format!(
        "  {}\n",
        crate::t!("qx-score-total", points = b.points, draws = b.draws)
    );
    let json = json!({
        "game": "quincunx",
        "variant": pos.variant,
        "card": b.card,
        "cell": b.cell,
        "points": b.points,
        "draws": b.draws,
        "components": b.components,
    });
    Ok(Scored { text, json })
}

fn best(pos: &Position, scorer: &QScorer) -> Result<Scored, Error> {
    if pos.hand.is_empty() {
        return Err(Error::input(
            "score.no-hand",
            "`best` places the cards of the position's `hand`, and it has none",
        )
        .help("add `hand = [\"3MW\", ...]` to the position file"));
    }
    let list = best_placements(scorer, &pos.board, &pos.hand);
    let top: Vec<_> = list.iter().take(BEST).collect();
    let mut text = format!(
        "{}\n",
        crate::t!(
            "qx-best-head",
            cards = pos.hand.len(),
            cells = pos.board.open_cells().len(),
            variant = pos.variant.as_str()
        )
    );
    for c in &top {
        text += &format!(
            "  {}  {:>4}{}\n",
            crate::t!(
                "qx-best-on",
                card = c.card.to_string(),
                cell = c.cell.to_string()
            ),
            c.points,
            if c.draws > 0 {
                format!("  {}", crate::t!("qx-best-draw", count = c.draws))
            } else {
                String::new()
            }
        );
    }
    let json = json!({
        "game": "quincunx",
        "variant": pos.variant,
        "hand": pos.hand,
        "best": top.iter().map(|c| json!({
            "card": c.card,
            "cell": c.cell,
            "points": c.points,
            "draws": c.draws,
            "explained": scorer.explain(&pos.board, c.cell, c.card).components,
        })).collect::<Vec<_>>(),
    });
    Ok(Scored { text, json })
}

/// A position file, or an inline `cell=card` list.
fn read_position(arg: &str) -> Result<Position, Error> {
    let path = std::path::Path::new(arg);
    if !path.exists() && arg.contains('=') {
        return inline(arg);
    }
    let text = crate::input::read_to_string(path, crate::input::RECORD)
        .map_err(|e| Error::io("score.read", path, &e))?;
    let src = Source::new(path, text);
    let doc = src.parse()?;
    const FIELDS: &[&str] = &["variant", "players", "hand", "grid"];
    let mut f = doc.fields(&src, "the position")?;
    f.only(FIELDS)?;
    let variant = match f.opt_str("variant")? {
        None => Variant::default(),
        Some((v, span)) => variant_of(v).map_err(|bad| {
            src.error("score.unknown-variant", span, bad.message)
                .help(bad.help)
        })?,
    };
    let (rules, solitaire) = (variant.rules, variant.solitaire);
    // QX-13: the variant decides the grid; a player count against it is refused.
    let wants = if solitaire { 1..=1 } else { 2..=4 };
    let players = match f.opt("players") {
        None => *wants.start(),
        Some(n) => {
            let count = n.as_int(&src, "`players`", 1..5)? as usize;
            if !wants.contains(&count) {
                return Err(src.error(
                    "score.players",
                    &n.span,
                    format!(
                        "quincunx ({}) is for {}, not {count}: the solitaire is one player on \
                         the 4x4 grid, every other variant 2 to 4 on the 5x5 (QX-13)",
                        variant.name(),
                        crate::record::range_text(&wants)
                    ),
                ));
            }
            count
        }
    };
    let variant = variant.name();
    let mut board = Board::new(rules.shape(players));
    let mut seen = Vec::new();
    let mut take = |card: Card, span: &Span| -> Result<Card, Error> {
        if seen.contains(&card) {
            return Err(src.error(
                "quincunx.dealt-twice",
                span,
                format!("{card} is in the position twice"),
            ));
        }
        seen.push(card);
        Ok(card)
    };
    if let Some(grid) = f.opt("grid") {
        let mut gf = grid.fields(&src, "[grid]")?;
        for (key, value) in gf.rest() {
            let cell = parse_cell(&key.name, &key.span, &src, board.shape())?;
            let code = value.as_str(&src, &format!("`{}`", key.name))?;
            let card = take(parse_card(code, &value.span, &src, &rules)?, &value.span)?;
            if board.get(cell).is_some() {
                return Err(src.error(
                    "score.bad-position",
                    &key.span,
                    format!("{cell} is given twice"),
                ));
            }
            board.put(cell, card);
        }
    }
    let mut hand = Vec::new();
    if let Some(node) = f.opt("hand") {
        for (code, span) in node.as_str_array(&src, "`hand`")? {
            hand.push(take(parse_card(code, span, &src, &rules)?, span)?);
        }
    }
    f.finish(FIELDS)?;
    Ok(Position {
        rules,
        variant,
        board,
        hand,
    })
}

fn inline(arg: &str) -> Result<Position, Error> {
    let rules = Rules::default();
    let mut board = Board::new(rules.shape(2));
    let src = Source::new("the inline position", arg.to_string());
    let mut offset = 0;
    for part in arg.split([',', ' ']) {
        let span = offset..offset + part.len();
        offset += part.len() + 1;
        if part.is_empty() {
            continue;
        }
        let Some((cell, card)) = part.split_once('=') else {
            return Err(src.error(
                "score.bad-position",
                &span,
                format!("`{part}` is not `cell=card`"),
            ));
        };
        let cell_span = span.start..span.start + cell.len();
        let card_span = cell_span.end + 1..span.end;
        let cell = parse_cell(cell, &cell_span, &src, board.shape())?;
        let card = parse_card(card, &card_span, &src, &rules)?;
        if board.get(cell).is_some() || board.cards().any(|(_, c)| c == card) {
            return Err(src.error(
                "score.bad-position",
                &span,
                format!("`{part}`: the cell or the card is given twice"),
            ));
        }
        board.put(cell, card);
    }
    Ok(Position {
        rules,
        variant: "standard".into(),
        board,
        hand: Vec::new(),
    })
}

/// A component's kind as the score's table names it, in the reader's words (the JSON's
/// `kind` code in English).
fn kind_words(kind: &super::score::Kind) -> String {
    use super::score::Kind;
    match kind {
        Kind::Base { .. } => crate::t!("qx-kind-base"),
        Kind::Pair => crate::t!("qx-kind-pair"),
        Kind::Run => crate::t!("qx-kind-run"),
        Kind::Set => crate::t!("qx-kind-set"),
        Kind::AceCrown { .. } => crate::t!("qx-kind-ace-crown"),
        Kind::ColourLine { .. } => crate::t!("qx-kind-colour-line"),
        Kind::ColourSquare { .. } => crate::t!("qx-kind-colour-square"),
    }
}
