//! MOON in records: reading its `[setup]` and moves, replaying them into a
//! verdict (MN-3 for illegal moves, MN-4 for the end, MN-5 for the solitaire),
//! dealing from a seed, and playing random legal games.

use std::ops::RangeInclusive;

use serde_json::json;

use super::position::hand_size;
use super::{Move, Outcome, Position, RuleBroken, Setup, Solitaire, Square, Tile, TileSet};
use crate::deal::{DealRng, Provenance};
use crate::error::Error;
use crate::games::Game;
use crate::record::{
    write, Deal, GameResult, Illegal, MoveEntry, MoveOut, Record, Source, Span, Status, Verdict,
};

/// The registry entry for MOON.
pub struct Moon;

pub const STANDARD: &str = "standard";
pub const SOLITAIRE: &str = "solitaire";

impl Game for Moon {
    fn name(&self) -> &'static str {
        "moon"
    }

    fn variants(&self) -> &'static [&'static str] {
        &[STANDARD, SOLITAIRE]
    }

    fn player_counts(&self, variant: &str) -> RangeInclusive<usize> {
        if variant == SOLITAIRE {
            1..=1
        } else {
            2..=4
        }
    }

    fn check(&self, record: &Record, src: &Source) -> Result<Verdict, Error> {
        if record.variant == SOLITAIRE {
            check_solitaire(record, src)
        } else {
            check_standard(record, src)
        }
    }

    fn deal(&self, variant: &str, players: &[String], deal: &Provenance) -> Result<Deal, Error> {
        let dealt = dealt(variant, players.len(), deal)?;
        Ok(describe_deal(&dealt, players))
    }

    fn play_random(
        &self,
        variant: &str,
        players: &[String],
        deal: &Provenance,
        rng: &mut DealRng,
    ) -> Result<Vec<MoveOut>, Error> {
        let mut out = Vec::new();
        let pick = |rng: &mut DealRng, n: usize| rng.below(n as u32) as usize;
        match dealt(variant, players.len(), deal)? {
            Dealt::Standard(setup) => {
                let mut pos = Position::new(&setup).map_err(|e| internal(&e.to_string()))?;
                while !pos.is_over() {
                    let moves = pos.legal_moves();
                    let mv = moves[pick(rng, moves.len())];
                    pos.play(mv).map_err(|e| internal(&e.describe(players)))?;
                    out.push(move_out(mv.player, mv.tile, mv.square));
                }
            }
            Dealt::Solitaire { centre, draw } => {
                let mut sol = Solitaire::new(centre, draw).map_err(|e| internal(&e.to_string()))?;
                while !sol.is_over() {
                    let moves = sol.legal_moves();
                    let (tile, square) = moves[pick(rng, moves.len())];
                    sol.play(tile, square)
                        .map_err(|e| internal(&e.describe(players)))?;
                    out.push(move_out(0, tile, square));
                }
            }
        }
        Ok(out)
    }
}

fn internal(msg: &str) -> Error {
    Error::failed(
        "moon.internal",
        format!("internal error in the random player: {msg}"),
    )
}

fn move_out(player: usize, tile: Tile, square: Square) -> MoveOut {
    MoveOut {
        player,
        fields: vec![
            ("tile", write::string(&tile.to_string())),
            ("square", write::string(&square.to_string())),
        ],
    }
}

/// A setup as dealt or as written in a record.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Dealt {
    Standard(Setup),
    /// `draw` is `None` when a record gives no draw order (the moves are the draw).
    Solitaire {
        centre: Tile,
        draw: Option<Vec<Tile>>,
    },
}

fn dealt(variant: &str, players: usize, deal: &Provenance) -> Result<Dealt, Error> {
    let order = crate::deal::shuffled(&deal.game, &deal.variant, &deal.seed, deal.board, 25);
    let tile = |i: usize| Tile::from_index(i).expect("a permutation of 0..25");
    if variant == SOLITAIRE {
        if players != 1 {
            return Err(Error::input(
                "cli.players",
                format!("the MOON solitaire is for 1 player, not {players}"),
            ));
        }
        return Ok(Dealt::Solitaire {
            centre: tile(order[0]),
            draw: Some(order[1..].iter().map(|&i| tile(i)).collect()),
        });
    }
    Setup::from_order(&order, players)
        .map(Dealt::Standard)
        .ok_or_else(|| {
            Error::input(
                "cli.players",
                format!(
                    "MOON is for 2 to 4 players (or 1 with --variant solitaire), not {players}"
                ),
            )
        })
}

fn tiles_text(tiles: impl Iterator<Item = Tile>) -> Vec<String> {
    tiles.map(|t| t.to_string()).collect()
}

fn describe_deal(dealt: &Dealt, players: &[String]) -> Deal {
    match dealt {
        Dealt::Standard(setup) => {
            let mut lines = vec![format!("centre (c3): {}", setup.centre)];
            let mut setup_toml = format!(
                "[setup]\ncentre = {}\n",
                write::string(&setup.centre.to_string())
            );
            let tiles = setup.hands.iter().map(|hand| tiles_text(hand.iter()));
            let hands = write::hands(players, tiles, &mut lines, &mut setup_toml);
            Deal {
                lines,
                json: json!({ "centre": setup.centre.to_string(), "hands": hands }),
                setup_toml,
            }
        }
        Dealt::Solitaire { centre, draw } => {
            let tiles = tiles_text(draw.iter().flatten().copied());
            Deal {
                lines: vec![
                    format!("centre (c3): {centre}"),
                    format!("draw: {}", tiles.join(" ")),
                ],
                json: json!({ "centre": centre.to_string(), "draw": tiles }),
                setup_toml: format!(
                    "[setup]\ncentre = {}\ndraw = {}\n",
                    write::string(&centre.to_string()),
                    write::string_array(&tiles)
                ),
            }
        }
    }
}

fn parse_tile(s: &str, span: &Span, src: &Source) -> Result<Tile, Error> {
    Tile::parse(s).ok_or_else(|| {
        src.error(
            "moon.unknown-tile",
            span,
            format!("`{s}` is not a MOON tile"),
        )
        .help(
            "a tile is two colour letters, moon then background, from B V R G A: e.g. `RV` (MN-1)",
        )
    })
}

fn parse_square(s: &str, span: &Span, src: &Source) -> Result<Square, Error> {
    Square::parse(s).ok_or_else(|| {
        src.error(
            "moon.unknown-square",
            span,
            format!("`{s}` is not a square of the board"),
        )
        .help("squares are a1 to e5: file a-e, rank 1-5; the centre is c3 (MN-1)")
    })
}

/// Parse a list of tiles, rejecting any tile already dealt (to the centre,
/// another hand, or earlier in the same list) at its own line and column.
fn parse_dealt_tiles(
    node: &crate::record::Node,
    what: &str,
    src: &Source,
    dealt: &mut Vec<(Tile, String)>,
) -> Result<Vec<Tile>, Error> {
    let mut out = Vec::new();
    for (s, span) in node.as_str_array(src, &format!("`{what}`"))? {
        let t = parse_tile(s, span, src)?;
        if let Some((_, other)) = dealt.iter().find(|(d, _)| *d == t) {
            return Err(src.error(
                "moon.bad-setup",
                span,
                format!("tile {t} is dealt twice: in {what} and in {other}"),
            ));
        }
        dealt.push((t, what.to_string()));
        out.push(t);
    }
    Ok(out)
}

/// A move as written: the tile and square with their spans.
struct Written {
    tile: Tile,
    tile_span: Span,
    square: Square,
    square_span: Span,
}

const MOVE_FIELDS: &[&str] = &["player", "tile", "square"];

fn read_moves(record: &Record, src: &Source) -> Result<Vec<Written>, Error> {
    record.read_moves(src, |_, mut f| {
        f.only(MOVE_FIELDS)?;
        let (tile, tile_span) = f.req_str("tile")?;
        let (square, square_span) = f.req_str("square")?;
        f.finish(MOVE_FIELDS)?;
        Ok(Written {
            tile: parse_tile(tile, tile_span, src)?,
            tile_span: tile_span.clone(),
            square: parse_square(square, square_span, src)?,
            square_span: square_span.clone(),
        })
    })
}

/// The setup written in `[setup]`, or dealt from `[deal]`; both must agree.
fn read_setup(record: &Record, src: &Source) -> Result<Dealt, Error> {
    let players = record.players.len();
    let from_deal = record.dealt(src, |d| dealt(&record.variant, players, d))?;
    let Some(node) = record.setup.written() else {
        return Ok(from_deal.expect("Record::parse requires [deal] or [setup]"));
    };
    let mut f = node.fields(src, "[setup]")?;
    f.only(if record.variant == SOLITAIRE {
        &["centre", "draw"]
    } else {
        &["centre", "hands"]
    })?;
    let (centre, centre_span) = f.req_str("centre")?;
    let centre = parse_tile(centre, centre_span, src)?;
    let mut dealt_so_far = vec![(centre, "the centre".to_string())];
    let written = if record.variant == SOLITAIRE {
        let draw = match f.opt("draw") {
            Some(n) => Some(parse_dealt_tiles(n, "draw", src, &mut dealt_so_far)?),
            None => match &from_deal {
                Some(Dealt::Solitaire { draw, .. }) => draw.clone(),
                _ => None,
            },
        };
        f.finish(&["centre", "draw"])?;
        Dealt::Solitaire { centre, draw }
    } else {
        let hands_node = f.req("hands")?;
        f.finish(&["centre", "hands"])?;
        let mut hf = hands_node.fields(src, "[setup.hands]")?;
        let names: Vec<&str> = record.players.iter().map(|p| p.name.as_str()).collect();
        hf.only(&names)?;
        let mut hands = vec![TileSet::EMPTY; players];
        for (p, player) in record.players.iter().enumerate() {
            let node = hf.req(&player.name)?;
            let what = format!("{}'s hand", player.name);
            let tiles = parse_dealt_tiles(node, &what, src, &mut dealt_so_far)?;
            hands[p] = tiles.into_iter().collect();
            let wants = hand_size(players).unwrap_or(0);
            if hands[p].len() != wants {
                return Err(src.error(
                    "moon.bad-setup",
                    &node.span,
                    format!(
                        "{what} has {} tiles; with {players} players each gets {wants} (MN-4)",
                        hands[p].len()
                    ),
                ));
            }
        }
        hf.finish(&names)?;
        let setup = Setup { centre, hands };
        if let Err(e) = setup.validate() {
            return Err(src.error("moon.bad-setup", &node.span, e.to_string()));
        }
        Dealt::Standard(setup)
    };
    if let Some(d) = from_deal {
        if d != written {
            return Err(src.setup_not_dealt(&node.span, "moon"));
        }
    }
    Ok(written)
}

fn names(record: &Record) -> Vec<String> {
    record.player_names()
}

/// Which span an error points at: the field that is wrong.
fn blame<'a>(rb: &RuleBroken, entry: &'a MoveEntry, w: &'a Written) -> &'a Span {
    match rb {
        RuleBroken::GameOver { .. }
        | RuleBroken::BoardFull
        | RuleBroken::PlayerOut { .. }
        | RuleBroken::OutOfTurn { .. } => &entry.player_span,
        RuleBroken::TileOnBoard { .. }
        | RuleBroken::NotInHand { .. }
        | RuleBroken::NotNextDraw { .. } => &w.tile_span,
        RuleBroken::Placement { .. } => &w.square_span,
    }
}

fn check_standard(record: &Record, src: &Source) -> Result<Verdict, Error> {
    let Dealt::Standard(setup) = read_setup(record, src)? else {
        unreachable!("standard variant reads a standard setup")
    };
    let moves = read_moves(record, src)?;
    let names = names(record);
    let mut pos = Position::new(&setup)
        .map_err(|e| src.error("moon.bad-setup", record.setup_span(), e.to_string()))?;
    let mut notes = Vec::new();
    let note_eliminations = |pos: &Position, from: usize, after: usize, notes: &mut Vec<String>| {
        for &p in &pos.eliminated()[from..] {
            if pos.winner() != Some(p) && pos.players() > 2 {
                let when = if after == 0 {
                    "before the first move".to_string()
                } else {
                    format!("after move {after}")
                };
                notes.push(format!(
                    "{} cannot place and is out {when}; their tiles are common (MN-4)",
                    names[p]
                ));
            }
        }
    };
    note_eliminations(&pos, 0, 0, &mut notes);
    let total = moves.len();
    for (entry, w) in record.moves.iter().zip(&moves) {
        let mv = Move {
            player: entry.player,
            tile: w.tile,
            square: w.square,
        };
        let out_before = pos.eliminated().len();
        match pos.play(mv) {
            Ok(Outcome::Next(_)) | Ok(Outcome::Won(_)) => {
                note_eliminations(&pos, out_before, entry.number, &mut notes)
            }
            Err(rb) => {
                let illegal = Illegal::new(
                    src,
                    blame(&rb, entry, w),
                    entry,
                    &record.players,
                    rb.rule(),
                    rb.code(),
                    rb.describe(&names),
                );
                let result = mn3_result(&pos, entry, total, &names);
                return Ok(Verdict {
                    result: Some(result),
                    notes,
                    ..Verdict::illegal(total, illegal)
                });
            }
        }
    }
    if let Some(w) = pos.winner() {
        Ok(Verdict {
            status: Status::Complete,
            moves: total,
            illegal: None,
            result: Some(finished(&pos, w, &names)),
            to_move: None,
            notes,
        })
    } else {
        Ok(Verdict {
            status: Status::LegalSoFar,
            moves: total,
            illegal: None,
            result: None,
            to_move: Some(names[pos.turn()].clone()),
            notes,
        })
    }
}

fn finished(pos: &Position, winner: usize, names: &[String]) -> GameResult {
    GameResult {
        winner: Some(names[winner].clone()),
        losers: (0..names.len())
            .filter(|&p| p != winner)
            .map(|p| names[p].clone())
            .collect(),
        eliminated: pos.eliminated().iter().map(|&p| names[p].clone()).collect(),
        reason: format!(
            "{} placed the last playable tile; nobody else can place (MN-4)",
            names[winner]
        ),
        ..GameResult::default()
    }
}

/// MN-3: an illegal move that is the record's last loses for its author (the
/// next player noticed it before moving); one followed by more moves annuls
/// the game (sheet rule 8). A move after the game ended changes nothing.
fn mn3_result(pos: &Position, entry: &MoveEntry, total: usize, names: &[String]) -> GameResult {
    if let Some(w) = pos.winner() {
        let mut r = finished(pos, w, names);
        r.reason = format!("{}; move {} came after the end", r.reason, entry.number);
        return r;
    }
    let author = entry.player;
    let later = total - entry.number;
    if later == 0 {
        let winner = if names.len() == 2 {
            Some(names[1 - author].clone())
        } else {
            None
        };
        GameResult {
            winner,
            losers: vec![names[author].clone()],
            eliminated: pos.eliminated().iter().map(|&p| names[p].clone()).collect(),
            reason: format!(
                "the illegal move {} is the last of the record: it was noticed at once, so {} loses (MN-3, sheet rule 7)",
                entry.number, names[author]
            ),
            ..GameResult::default()
        }
    } else {
        GameResult {
            annulled: true,
            eliminated: pos.eliminated().iter().map(|&p| names[p].clone()).collect(),
            reason: format!(
                "the illegal move {} was followed by {later} more move{}: noticed too late, so the game is annulled (MN-3, sheet rule 8)",
                entry.number,
                if later == 1 { "" } else { "s" }
            ),
            ..GameResult::default()
        }
    }
}

fn check_solitaire(record: &Record, src: &Source) -> Result<Verdict, Error> {
    let Dealt::Solitaire { centre, draw } = read_setup(record, src)? else {
        unreachable!("solitaire variant reads a solitaire setup")
    };
    let moves = read_moves(record, src)?;
    let names = names(record);
    let mut sol = Solitaire::new(centre, draw)
        .map_err(|e| src.error("moon.bad-setup", record.setup_span(), e.to_string()))?;
    let total = moves.len();
    for (entry, w) in record.moves.iter().zip(&moves) {
        if let Err(rb) = sol.play(w.tile, w.square) {
            let message = rb.describe(&names);
            return Ok(Verdict::illegal(
                total,
                Illegal::new(
                    src,
                    blame(&rb, entry, w),
                    entry,
                    &record.players,
                    rb.rule(),
                    rb.code(),
                    message,
                ),
            ));
        }
    }
    if !sol.is_over() {
        return Ok(Verdict {
            status: Status::LegalSoFar,
            moves: total,
            illegal: None,
            result: None,
            to_move: Some(names[0].clone()),
            notes: Vec::new(),
        });
    }
    let breaks: Vec<String> = sol.breaks().iter().map(|b| b.to_string()).collect();
    let solved = breaks.is_empty();
    let result = GameResult {
        solved: Some(solved),
        reason: if solved {
            "the board is full and every row and column shows five different moons and five different backgrounds (MN-5)".to_string()
        } else {
            format!("the board is full but {} (MN-5)", breaks[0])
        },
        ..GameResult::default()
    };
    Ok(Verdict {
        status: Status::Complete,
        moves: total,
        illegal: None,
        result: Some(result),
        to_move: None,
        notes: breaks,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(n: usize) -> Vec<String> {
        ["A", "B", "C", "D"][..n]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    /// Golden vectors: MOON deals for fixed seeds never change (tavolo-deal-v1).
    /// Cross-checked with scripts/deal_reference.py.
    #[test]
    fn golden_deals() {
        let d = Moon
            .deal(
                STANDARD,
                &names(2),
                &Provenance::new("moon", STANDARD, "golden", 1),
            )
            .unwrap();
        assert_eq!(
            d.lines,
            [
                "centre (c3): BB",
                "A: BV BG BA VG RB RV RR RA GV AV AR AG",
                "B: BR VB VV VR VA RG GB GR GG GA AB AA",
            ]
        );
        let d = Moon
            .deal(
                STANDARD,
                &names(4),
                &Provenance::new("moon", STANDARD, "golden", 2),
            )
            .unwrap();
        assert_eq!(
            d.lines,
            [
                "centre (c3): AA",
                "A: BB BA RV AV AR AG",
                "B: BR VV RB RG GV GA",
                "C: VB VR VG VA RR RA",
                "D: BV BG GB GR GG AB",
            ]
        );
        let d = Moon
            .deal(
                SOLITAIRE,
                &names(1),
                &Provenance::new("moon", SOLITAIRE, "golden", 1),
            )
            .unwrap();
        assert_eq!(
            d.lines,
            [
                "centre (c3): RV",
                "draw: VB RA BV AV AB GV BG GA RG BA BR VV AG AR VG AA GB BB RB RR GG VA GR VR",
            ]
        );
    }

    #[test]
    fn deal_setup_toml_reads_back_as_the_same_setup() {
        let p = Provenance::new("moon", STANDARD, "roundtrip", 3);
        let players = names(3);
        let d = Moon.deal(STANDARD, &players, &p).unwrap();
        let text = write::record(
            &p,
            &players,
            &d.setup_toml,
            &[move_out(0, Tile::parse("BB").unwrap(), Square::CENTRE)],
        );
        let src = Source::new("r.toml", text);
        let record = Record::parse(&src, &crate::games::Registry).unwrap();
        // Both [deal] and [setup]: they agree, so the setup is read without error.
        let Dealt::Standard(s) = read_setup(&record, &src).unwrap() else {
            panic!()
        };
        assert_eq!(Dealt::Standard(s), dealt(STANDARD, 3, &p).unwrap());
    }

    fn verdict(text: &str) -> Result<Verdict, Error> {
        let src = Source::new("r.toml", text);
        let record = Record::parse(&src, &crate::games::Registry)?;
        Moon.check(&record, &src)
    }

    #[test]
    fn moves_may_be_written_as_an_inline_array() {
        let text = "game = \"moon\"\nplayers = [\"A\", \"B\"]\n\
                    move = [{ player = \"A\", tile = \"BB\", square = \"c4\" }]\n\
                    [deal]\nseed = \"golden\"\n";
        // Centre BB: A cannot play BB again.
        let v = verdict(text).unwrap();
        let i = v.illegal.unwrap();
        assert_eq!(
            (i.code, i.number, i.line, i.column),
            ("moon.tile-on-board", 1, 3, 32)
        );
    }

    #[test]
    fn a_solitaire_move_after_the_board_is_full_is_illegal_mn5() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/moon/solitaire-solved.toml"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let text = format!("{text}\n[[move]]\nplayer = \"Sole\"\ntile = \"BB\"\nsquare = \"a1\"\n");
        let i = verdict(&text).unwrap().illegal.unwrap();
        assert_eq!((i.code, i.number), ("moon.board-full", 25));
        let empty_draw = "game = \"moon\"\nvariant = \"solitaire\"\nplayers = [\"S\"]\n\
                          [setup]\ncentre = \"BB\"\ndraw = []\n[[move]]\nplayer = \"S\"\ntile = \"VV\"\nsquare = \"c4\"\n";
        assert_eq!(verdict(empty_draw).unwrap_err().code, "moon.bad-setup");
    }
}
