//! MOON in records: reading its `[setup]` and moves, replaying them into a
//! verdict (MN-3 for illegal moves, MN-4 for the end, MN-5 for the solitaire),
//! dealing from a seed, and playing random legal games.

use std::ops::RangeInclusive;

use serde::Serialize;

use super::position::hand_size;
use super::{
    MoonGame, MoonSetup, Move, Position, RuleBroken, Setup, Solitaire, SolitaireSetup, Square,
    Tile, TileSet,
};
use crate::deal::Provenance;
use crate::error::Error;
use crate::games::engine::{Broken, Engine};
use crate::games::referee::{Playable, Referee};
use crate::games::replay::{illegal, replay_noting, replay_opened};
use crate::games::session::Opened;
use crate::games::Game;
use crate::record::{
    write, Deal, GameResult, Illegal, MoveEntry, MoveOut, Node, Record, Seats, Source, Span,
    Verdict,
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

    /// GN-4: with three or four players a player who resigns is out (MN-4) and the
    /// others play on.
    fn goes_on_after_resign(&self) -> bool {
        true
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
        describe_deal(&dealt(variant, players.len(), deal)?, players)
    }

    fn playable(&self) -> &dyn Playable {
        self
    }

    fn drawer(&self) -> Option<&dyn crate::show::scene::Draw> {
        Some(self)
    }
}

impl Referee for Moon {
    type Engine = MoonGame;

    fn start(
        &self,
        variant: &str,
        players: &[String],
        deal: &Provenance,
    ) -> Result<MoonGame, Error> {
        MoonGame::start(&dealt(variant, players.len(), deal)?, &())
            .map_err(|e| internal(&e.to_string()))
    }

    /// The move names its player: a candidate out of turn is written as that
    /// player's move, not the seat to move.
    fn move_out(&self, _seat: usize, mv: &Move) -> MoveOut {
        move_out(mv.player, mv.tile, mv.square)
    }

    fn mover(&self, _seat: usize, mv: &Move) -> usize {
        mv.player
    }
}

fn internal(msg: &str) -> Error {
    Error::failed("moon.internal", format!("internal error: {msg}"))
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

/// The setup a seed deals for this variant and number of players.
pub(super) fn dealt(variant: &str, players: usize, deal: &Provenance) -> Result<MoonSetup, Error> {
    let order = crate::deal::shuffled(&deal.game, &deal.variant, &deal.seed, deal.board, 25);
    let tiles: Vec<Tile> = order.iter().filter_map(|&i| Tile::from_index(i)).collect();
    if variant == SOLITAIRE {
        if players != 1 {
            return Err(Error::input(
                "cli.players",
                format!("the MOON solitaire is for 1 player, not {players}"),
            ));
        }
        return Ok(MoonSetup::Solitaire(SolitaireSetup {
            centre: tiles[0],
            draw: Some(tiles[1..].to_vec()),
        }));
    }
    Setup::from_order(&order, players)
        .map(MoonSetup::Standard)
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

/// A dealt 2-4 player game as `tavolo deal` shows it: `[setup]` with
/// `[setup.hands]`, and in JSON the hands keyed by player name.
#[derive(Serialize)]
struct StandardDeal {
    centre: String,
    hands: Seats<Vec<String>>,
}

/// A dealt solitaire: the centre and the draw.
#[derive(Serialize)]
struct SolitaireDeal {
    centre: String,
    draw: Vec<String>,
}

fn describe_deal(setup: &MoonSetup, players: &[String]) -> Result<Deal, Error> {
    match setup {
        MoonSetup::Standard(s) => {
            let hands = players
                .iter()
                .cloned()
                .zip(s.hands.iter().map(|hand| tiles_text(hand.iter())))
                .collect();
            let deal = StandardDeal {
                centre: s.centre.to_string(),
                hands: Seats(hands),
            };
            let mut lines = vec![format!(
                "{}: {}",
                crate::t!("sheet-moon-centre"),
                deal.centre
            )];
            lines.extend(
                deal.hands
                    .0
                    .iter()
                    .map(|(name, tiles)| format!("{name}: {}", tiles.join(" "))),
            );
            Deal::from_setup(&deal, lines)
        }
        MoonSetup::Solitaire(s) => {
            let deal = SolitaireDeal {
                centre: s.centre.to_string(),
                draw: tiles_text(s.draw.iter().flatten().copied()),
            };
            let lines = vec![
                format!("{}: {}", crate::t!("sheet-moon-centre"), deal.centre),
                format!(
                    "{}: {}",
                    crate::t!("sheet-moon-draw-line"),
                    deal.draw.join(" ")
                ),
            ];
            Deal::from_setup(&deal, lines)
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
    node: &Node,
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
pub(super) struct Written {
    pub(super) tile: Tile,
    tile_span: Span,
    pub(super) square: Square,
    square_span: Span,
}

const MOVE_FIELDS: &[&str] = &["player", "tile", "square"];

pub(super) fn read_moves(record: &Record, src: &Source) -> Result<Vec<Written>, Error> {
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
fn read_setup(record: &Record, src: &Source) -> Result<MoonSetup, Error> {
    let players = record.players.len();
    record.setup_with(
        src,
        |d| dealt(&record.variant, players, d),
        |node| read_written(record, node, src),
        |dealt, written, node| {
            // A solitaire's `[setup]` without `draw` draws as `[deal]` deals.
            let written = match (&dealt, written) {
                (
                    MoonSetup::Solitaire(d),
                    MoonSetup::Solitaire(SolitaireSetup { centre, draw: None }),
                ) => MoonSetup::Solitaire(SolitaireSetup {
                    centre,
                    draw: d.draw.clone(),
                }),
                (_, written) => written,
            };
            if dealt == written {
                Ok(written)
            } else {
                Err(src.setup_not_dealt(&node.span, "moon"))
            }
        },
    )
}

/// The setup as `[setup]` writes it.
fn read_written(record: &Record, node: &Node, src: &Source) -> Result<MoonSetup, Error> {
    let players = record.players.len();
    let mut f = node.fields(src, "[setup]")?;
    f.only(if record.variant == SOLITAIRE {
        &["centre", "draw"]
    } else {
        &["centre", "hands"]
    })?;
    let (centre, centre_span) = f.req_str("centre")?;
    let centre = parse_tile(centre, centre_span, src)?;
    let mut dealt_so_far = vec![(centre, "the centre".to_string())];
    if record.variant == SOLITAIRE {
        let draw = match f.opt("draw") {
            Some(n) => Some(parse_dealt_tiles(n, "draw", src, &mut dealt_so_far)?),
            None => None,
        };
        f.finish(&["centre", "draw"])?;
        return Ok(MoonSetup::Solitaire(SolitaireSetup { centre, draw }));
    }
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
    Ok(MoonSetup::Standard(setup))
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

/// The game a record's setup starts, or `moon.bad-setup` at `[setup]`.
pub(super) fn start(record: &Record, src: &Source) -> Result<MoonGame, Error> {
    let setup = read_setup(record, src)?;
    MoonGame::start(&setup, &())
        .map_err(|e| src.error("moon.bad-setup", record.setup_span(), e.to_string()))
}

/// A record's start and moves as its session opens them ([`crate::games::session::Table::open`]),
/// with the moves as written, for `check` to point at.
pub(super) fn opened(
    record: &Record,
    src: &Source,
) -> Result<(Opened<MoonGame>, Vec<Written>), Error> {
    let game = start(record, src)?;
    let written = read_moves(record, src)?;
    let moves = written
        .iter()
        .zip(&record.moves)
        .map(|(w, e)| Move {
            player: e.player,
            tile: w.tile,
            square: w.square,
        })
        .collect();
    // Each move's record number: a resignation before it is a [[move]] too (GN-4).
    let numbers = record.moves.iter().map(|e| e.number).collect();
    Ok((
        Opened {
            start: game,
            moves,
            numbers,
        },
        written,
    ))
}

/// The record's illegal move: the rule it breaks, pointed at where it is written.
fn refused_move(
    record: &Record,
    src: &Source,
    moves: &[Written],
    n: usize,
    rb: &RuleBroken,
    names: &[String],
) -> Illegal {
    let at = entry_at(record, n);
    let (entry, w) = (&record.moves[at], &moves[at]);
    illegal(
        src,
        record,
        (entry, blame(rb, entry, w)),
        rb,
        rb.describe(names),
    )
}

fn check_standard(record: &Record, src: &Source) -> Result<Verdict, Error> {
    let (opened, moves) = opened(record, src)?;
    let names = names(record);
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
    let MoonGame::Standard(start) = &opened.start else {
        return Err(internal("the standard variant read a solitaire setup"));
    };
    note_eliminations(start, 0, 0, &mut notes);
    // Every [[move]] but a last resignation, which `check` judges for every game alike.
    let total =
        record.moves.len() + record.resignations.len() - usize::from(record.resigned.is_some());
    let eliminations = |i: usize, before: &MoonGame, _: &Move, _: &_, after: &MoonGame| {
        if let (MoonGame::Standard(before), MoonGame::Standard(after)) = (before, after) {
            let number = record.moves[i].number;
            note_eliminations(after, before.eliminated().len(), number, &mut notes);
        }
    };
    // Every [[move]], for the resignations after which play went on (GN-4).
    let all = record.moves.len() + record.resignations.len();
    let replayed = replay_noting(&Moon, record, opened, all, eliminations);
    let MoonGame::Standard(pos) = replayed.game() else {
        return Err(internal("the standard variant read a solitaire setup"));
    };
    if let Some((n, refused, _)) = replayed.refused() {
        let illegal = refused_move(record, src, &moves, n, &refused.broken, &names);
        let result = mn3_result(pos, &record.moves[entry_at(record, n)], total, &names);
        return Ok(Verdict {
            result: Some(result),
            notes,
            ..Verdict::illegal(total, illegal)
        });
    }
    if let Some(w) = pos.winner() {
        Ok(Verdict::complete(total, finished(pos, w, &names), notes))
    } else {
        Ok(Verdict::legal_so_far(
            total,
            Some(names[pos.turn()].clone()),
            notes,
        ))
    }
}

/// Where record move `n` is among the record's moves (a resignation before it is not one
/// of them, GN-4).
fn entry_at(record: &Record, n: usize) -> usize {
    record
        .moves
        .iter()
        .position(|e| e.number == n)
        .unwrap_or(n - 1)
}

fn finished(pos: &Position, winner: usize, names: &[String]) -> GameResult {
    GameResult {
        winners: vec![names[winner].clone()],
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
        noticed_at_once(pos, author, entry.number, names)
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

/// MN-3 (sheet rule 7): `author`'s illegal move `number`, noticed before the next move,
/// loses at once for them; with two players the other wins. What `check` gives a record
/// whose last move is illegal, and a strict table at once (GN-4).
pub(super) fn noticed_at_once(
    pos: &Position,
    author: usize,
    number: usize,
    names: &[String],
) -> GameResult {
    let winners = if names.len() == 2 {
        vec![names[1 - author].clone()]
    } else {
        vec![]
    };
    GameResult {
        winners,
        losers: vec![names[author].clone()],
        eliminated: pos.eliminated().iter().map(|&p| names[p].clone()).collect(),
        reason: format!(
            "the illegal move {number} is the last of the record: it was noticed at once, so {} loses (MN-3, sheet rule 7)",
            names[author]
        ),
        ..GameResult::default()
    }
}

fn check_solitaire(record: &Record, src: &Source) -> Result<Verdict, Error> {
    let (opened, moves) = opened(record, src)?;
    let names = names(record);
    let total = moves.len();
    let replayed = replay_opened(&Moon, record, opened, total);
    let MoonGame::Solitaire(sol) = replayed.game() else {
        return Err(internal("the solitaire read a standard setup"));
    };
    if let Some((n, refused, _)) = replayed.refused() {
        let illegal = refused_move(record, src, &moves, n, &refused.broken, &names);
        // GN-1: after the end the ended solitaire's result stands; MN-3
        // has no one to notice a mistake before it, so no result then.
        let verdict = Verdict::illegal(total, illegal);
        return Ok(if sol.is_over() {
            let (result, notes) = solitaire_end(sol);
            Verdict {
                result: Some(result),
                notes,
                ..verdict
            }
        } else {
            verdict
        });
    }
    if !sol.is_over() {
        return Ok(Verdict::legal_so_far(
            total,
            Some(names[0].clone()),
            Vec::new(),
        ));
    }
    let (result, notes) = solitaire_end(sol);
    Ok(Verdict::complete(total, result, notes))
}

/// A full board's result (MN-5), and the rows and columns that break it.
fn solitaire_end(sol: &Solitaire) -> (GameResult, Vec<String>) {
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
    (result, breaks)
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
        let s = read_setup(&record, &src).unwrap();
        assert_eq!(s, dealt(STANDARD, 3, &p).unwrap());
    }

    /// The deal's three forms come from one typed setup: the hands keyed by
    /// player name, in seat order, in JSON and in `[setup.hands]`.
    #[test]
    fn deal_json_keys_hands_by_player() {
        let players = vec!["Zoe".to_string(), "Anna Maria".to_string()];
        let p = Provenance::new("moon", STANDARD, "golden", 1);
        let d = Moon.deal(STANDARD, &players, &p).unwrap();
        let keys: Vec<&String> = d.json["hands"].as_object().unwrap().keys().collect();
        assert_eq!(keys, ["Zoe", "Anna Maria"]);
        assert_eq!(d.json["centre"], "BB");
        assert_eq!(
            d.json["hands"]["Zoe"].as_array().unwrap().len(),
            12,
            "{}",
            d.json
        );
        assert!(d
            .setup_toml
            .starts_with("[setup]\ncentre = \"BB\"\n\n[setup.hands]\nZoe = [\"BV\", "));
        assert!(d.setup_toml.contains("\n\"Anna Maria\" = [\"BR\", "));
        let d = Moon
            .deal(
                SOLITAIRE,
                &players[..1],
                &Provenance::new("moon", SOLITAIRE, "golden", 1),
            )
            .unwrap();
        assert_eq!(d.json["draw"].as_array().unwrap().len(), 24);
        assert!(d.setup_toml.contains("draw = [\"VB\", \"RA\", "));
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
        let v = verdict(&text).unwrap();
        let i = v.illegal.unwrap();
        assert_eq!((i.code, i.number), ("moon.board-full", 25));
        assert!(i.rule.starts_with("GN-1"), "{}", i.rule);
        // GN-1: the solved board stands.
        assert_eq!(v.result.unwrap().solved, Some(true));
        let empty_draw = "game = \"moon\"\nvariant = \"solitaire\"\nplayers = [\"S\"]\n\
                          [setup]\ncentre = \"BB\"\ndraw = []\n[[move]]\nplayer = \"S\"\ntile = \"VV\"\nsquare = \"c4\"\n";
        assert_eq!(verdict(empty_draw).unwrap_err().code, "moon.bad-setup");
    }
}
