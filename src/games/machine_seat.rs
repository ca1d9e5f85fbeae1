//! The machine at an empty seat (issue 43): a session's seats the machine plays, at a
//! strength each seat chooses, seeing only what its seat sees.
//!
//! The machine never reads another seat's holding, a pile's order or the deck. Before it
//! chooses, the game makes a world consistent with the seat's view ([`Table::seen`]): the
//! unseen pieces shuffled among their places, the counts kept and every public fact kept;
//! the shuffle is drawn from a stream seeded by the table's seed, the move's number and the
//! seat ([`stream`]), and starts from the unseen pieces in a fixed order, so the world (and
//! the machine's choice) is the same whatever the hidden pieces really are. The machine
//! chooses on that world; its move is legal on the real game too, since the seat's own
//! pieces and the public position are the same in both.
//!
//! Strengths ([`Level`]): `random` (uniform among the legal moves, every game), `greedy`
//! (the game's simplest sensible move: [`Table::greedy`], by default the move that scores
//! most now) and `strong` ([`Table::strong`]: Natura Shakerata's equity player; by default
//! several sampled worlds, each move followed by greedy play to a bounded depth). `greedy`
//! and `strong` need a world, so a game that hides something and cannot make one yet
//! offers `random` only ([`levels`]).

use std::fmt;

use super::engine::Engine;
use super::session::{EngineOf, MoveOf, Session, Table};
use crate::deal::DealRng;
use crate::error::Error;
use crate::record::{Record, Source};

/// How strongly the machine plays a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    Random,
    Greedy,
    Strong,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Random, Level::Greedy, Level::Strong];

    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Strong => "strong",
        }
    }

    pub fn parse(text: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == text)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The seats the machine plays at a table, and the seed its choices are drawn from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seats {
    /// Seat (0-based) and strength, by seat.
    pub seats: Vec<(usize, Level)>,
    /// The table's seed (the deal's), or the one given when the table has no deal.
    pub seed: String,
}

impl Seats {
    /// `2,4` or `2:strong,4:random` (seats counted from 1, as the players are listed), a
    /// seat without a strength at `default`; among `players` seats.
    pub fn parse(
        text: &str,
        default: Level,
        players: usize,
    ) -> Result<Vec<(usize, Level)>, String> {
        let mut seats: Vec<(usize, Level)> = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (seat, level) = match part.split_once(':') {
                Some((s, l)) => {
                    let level = Level::parse(l.trim()).ok_or_else(|| unknown(l.trim()))?;
                    (s.trim(), level)
                }
                None => (part, default),
            };
            let n = seat
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=players).contains(n))
                .ok_or_else(|| crate::t!("machine-not-a-seat", seat = seat, players = players))?;
            if seats.iter().any(|(s, _)| *s == n - 1) {
                return Err(crate::t!("machine-seat-twice", seat = n));
            }
            seats.push((n - 1, level));
        }
        if seats.is_empty() {
            return Err(crate::t!("machine-no-seats"));
        }
        seats.sort();
        Ok(seats)
    }

    /// The strength the machine plays `seat` at, if it plays it.
    pub fn level(&self, seat: usize) -> Option<Level> {
        self.seats.iter().find(|(s, _)| *s == seat).map(|(_, l)| *l)
    }

    /// The seats as the record writes them: `2:greedy`.
    pub fn written(&self) -> Vec<String> {
        self.seats
            .iter()
            .map(|(s, l)| format!("{}:{l}", s + 1))
            .collect()
    }
}

/// Why a strength is refused: the strengths there are.
pub fn unknown(text: &str) -> String {
    let all: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
    crate::t!(
        "machine-not-a-strength",
        text = text,
        strengths = all.join(", ")
    )
}

/// The strengths `table` offers a seat in `game` (the position the machine sits down in):
/// `random` always; `greedy` and `strong` where the game can make a world for the seat.
pub fn levels<T: Table>(table: &T, game: &EngineOf<T>, seat: usize) -> Vec<Level> {
    let mut rng = DealRng::new(table.name(), "machine/levels", "", 1);
    if table.seen(game, seat, &mut rng).is_some() {
        Level::ALL.to_vec()
    } else {
        vec![Level::Random]
    }
}

/// The stream the machine at `seat` draws from for move `number` (1-based): from the
/// table's seed, the move's number and the seat, never from anything hidden.
pub fn stream(game: &str, variant: &str, seed: &str, number: usize, seat: usize) -> DealRng {
    DealRng::new(
        game,
        &format!("{variant}/machine/{number}/{}", seat + 1),
        seed,
        1,
    )
}

/// The machine's move for `seat`, the seat to move in `game` (not over), at `level`: chosen
/// on a world consistent with the seat's view, drawing from `rng`. Legal in `game`.
pub fn choose<T: Table>(
    table: &T,
    game: &EngineOf<T>,
    seat: usize,
    level: Level,
    rng: &mut DealRng,
) -> MoveOf<T> {
    let drawn = table.draw(game, seat, rng);
    let game = drawn.as_ref().unwrap_or(game);
    let world = table.seen(game, seat, rng);
    let on = world.as_ref().unwrap_or(game);
    let mv = match (level, &world) {
        (Level::Greedy, Some(w)) => table.greedy(w, seat),
        (Level::Strong, Some(w)) => table.strong(w, seat, rng),
        _ => None,
    };
    let mv = mv.unwrap_or_else(|| {
        let legal = on.legal_moves();
        table.choose(on, &legal, rng)
    });
    match world {
        Some(_) => table.as_played(game, mv, rng),
        None => mv,
    }
}

/// The default greedy move ([`Table::greedy`]): for a game that keeps score, the legal move
/// after which `seat`'s score gains most over the best of the others' (the first such in
/// the engine's order); for a game without scores, the move that leaves the next player
/// the fewest moves. `None` when nothing is legal.
pub fn greedy_by_score<T: Table + ?Sized>(
    table: &T,
    game: &EngineOf<T>,
    seat: usize,
) -> Option<MoveOf<T>> {
    let legal = game.legal_moves();
    let mut best: Option<(i64, MoveOf<T>)> = None;
    for mv in legal {
        let mut after = game.clone();
        if after.play(mv.clone()).is_err() {
            continue;
        }
        let value = value_of(table, &after, seat);
        if best.as_ref().is_none_or(|(v, _)| value > *v) {
            best = Some((value, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

/// How good `after` is for `seat`, for the greedy player: its score's lead over the best
/// other score where the game keeps score, else the next player's lack of moves (a game
/// over with `seat` still to have moved counts as won).
pub fn value_of<T: Table + ?Sized>(table: &T, after: &EngineOf<T>, seat: usize) -> i64 {
    if let Some(scores) = table.scores(after) {
        let mine = scores.get(seat).copied().unwrap_or(0);
        let others = scores
            .iter()
            .enumerate()
            .filter(|(s, _)| *s != seat)
            .map(|(_, x)| *x)
            .max()
            .unwrap_or(0);
        return mine - others;
    }
    match after.to_move() {
        None => i64::MAX / 2,
        Some(next) if next == seat => 0,
        Some(_) => -(after.legal_moves().len() as i64),
    }
}

/// How many worlds the default strong player samples, and how deep each continues.
const WORLDS: usize = 4;
const DEPTH: usize = 12;
/// The most moves the default strong player weighs (the greedy player's first few
/// otherwise: the engine's order is no ranking, so those are the legal moves' first).
const WEIGHED: usize = 24;

/// The default strong move ([`Table::strong`]): each legal move (up to [`WEIGHED`]) played
/// in [`WORLDS`] worlds sampled again from `world` for `seat`, each followed by greedy
/// play for [`DEPTH`] moves, valued as [`greedy_by_score`] values a position; the best
/// total ([`Table::worth`]), ties to the greedy move. `None` when nothing is legal.
pub fn strong_by_playouts<T: Table + ?Sized>(
    table: &T,
    world: &EngineOf<T>,
    seat: usize,
    rng: &mut DealRng,
) -> Option<MoveOf<T>> {
    let legal = world.legal_moves();
    strong_among(table, world, seat, rng, legal, WORLDS, DEPTH)
}

/// The strong move among `moves` (legal in `world`; up to [`WEIGHED`], the greedy move
/// first): each played in `worlds` worlds sampled again from `world` for `seat`, followed
/// by greedy play for `depth` moves at most, the best total [`Table::worth`], ties to the
/// greedy move. The work is counted (`worlds` x moves x `depth` greedy moves at most),
/// never timed, so the same position gives the same move on any machine. `None` when
/// the greedy player has no move.
pub fn strong_among<T: Table + ?Sized>(
    table: &T,
    world: &EngineOf<T>,
    seat: usize,
    rng: &mut DealRng,
    mut legal: Vec<MoveOf<T>>,
    worlds: usize,
    depth: usize,
) -> Option<MoveOf<T>> {
    let greedy = table.greedy(world, seat)?;
    if legal.len() <= 1 {
        return Some(greedy);
    }
    legal.retain(|m| *m != greedy);
    legal.truncate(WEIGHED - 1);
    legal.insert(0, greedy);
    let worlds: Vec<EngineOf<T>> = (0..worlds)
        .map(|_| {
            table
                .seen(world, seat, rng)
                .unwrap_or_else(|| world.clone())
        })
        .collect();
    let mut best: Option<(i64, MoveOf<T>)> = None;
    for mv in legal {
        let mut total = 0i64;
        for w in &worlds {
            let mut g = w.clone();
            if g.play(mv.clone()).is_err() {
                continue;
            }
            for _ in 0..depth {
                let Some(next) = g.to_move() else { break };
                let Some(m) = table.greedy(&g, next) else {
                    break;
                };
                if g.play(m).is_err() {
                    break;
                }
            }
            total = total.saturating_add(table.worth(&g, seat));
        }
        if best.as_ref().is_none_or(|(v, _)| total > *v) {
            best = Some((total, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

/// The unseen pieces `pool` (in any order) dealt back among places of the given sizes:
/// sorted first, so the result depends on the pieces and `rng` alone, then shuffled.
pub fn redeal<P: Ord + Clone>(mut pool: Vec<P>, sizes: &[usize], rng: &mut DealRng) -> Vec<Vec<P>> {
    pool.sort();
    shuffle(&mut pool, rng);
    let mut out = Vec::with_capacity(sizes.len());
    let mut rest = pool.into_iter();
    for &n in sizes {
        out.push(rest.by_ref().take(n).collect());
    }
    out
}

/// A Fisher-Yates shuffle drawn from `rng`.
pub fn shuffle<P>(items: &mut [P], rng: &mut DealRng) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

/// The `[session]` lines naming the machine's seats (seat:strength) and the seed of its
/// choices, with their comment.
pub fn session_lines(seats: &Seats) -> String {
    let quoted = |s: String| toml::Value::String(s).to_string();
    let machine: Vec<String> = seats.written().into_iter().map(quoted).collect();
    format!(
        "# The seats the machine played at the table (seat:strength) and the seed of its choices.\nmachine = [{}]\nmachine-seed = {}\n",
        machine.join(", "),
        quoted(seats.seed.clone())
    )
}

/// The machine seats a record's `[session]` names, if any: a seat or strength that is not
/// one is an error at its place (exit 2).
pub fn read<T: Table>(
    record: &Record,
    src: &Source,
    table: &T,
    players: usize,
) -> Result<Option<Seats>, Error> {
    if record.machine.is_empty() {
        return Ok(None);
    }
    let mut seats = Vec::new();
    for (text, span) in &record.machine {
        let one = Seats::parse(text, Level::Greedy, players)
            .and_then(|s| {
                if text.contains(':') {
                    Ok(s)
                } else {
                    Err(crate::t!("machine-no-strength", text = text.as_str()))
                }
            })
            .map_err(|why| {
                src.error(
                    "table.bad-machine",
                    span,
                    crate::t!("machine-record-bad", why = why),
                )
                .help(crate::t!(
                    "machine-record-help",
                    game = table.name(),
                    strengths = Level::ALL.map(|l| l.name()).join(", ")
                ))
            })?;
        seats.extend(one);
    }
    seats.sort();
    let seed = match &record.machine_seed {
        Some((seed, _)) => seed.clone(),
        None => record
            .setup
            .deal()
            .map(|(d, _)| d.seed.clone())
            .unwrap_or_default(),
    };
    Ok(Some(Seats { seats, seed }))
}

/// Whether every seat of `seats` may be played at its strength in `session` now: else why
/// not, listing the strengths the game offers there.
pub fn check_levels<T: Table>(session: &Session<T>, seats: &Seats) -> Result<(), String> {
    for &(seat, level) in &seats.seats {
        if seat >= session.players().len() {
            return Err(crate::t!(
                "machine-not-at-table",
                seat = seat + 1,
                players = session.players().len()
            ));
        }
        let offered = levels(session.table(), session.game(), seat);
        if !offered.contains(&level) {
            let names: Vec<&str> = offered.iter().map(|l| l.name()).collect();
            return Err(crate::t!(
                "machine-not-offered",
                game = session.table().name(),
                strength = level.name(),
                strengths = names.join(", ")
            ));
        }
    }
    Ok(())
}

/// `tavolo table --machine SEATS [--strength LEVEL]`: the machine sits at `live`'s seats
/// `spec` names, the others at `default` (greedy when not given). Bad seats or an unknown
/// strength are usage errors (exit 2); a strength the game does not offer is refused with
/// the ones it does.
pub fn seat_at_table(
    live: &mut dyn super::session::Live,
    spec: &str,
    default: Option<&str>,
) -> Result<(), Error> {
    let default = match default {
        None => Level::Greedy,
        Some(text) => {
            Level::parse(text).ok_or_else(|| Error::input("table.bad-strength", unknown(text)))?
        }
    };
    let seats = Seats::parse(spec, default, live.players().len()).map_err(|why| {
        Error::input(
            "table.bad-machine",
            crate::t!("machine-option-bad", why = why),
        )
    })?;
    live.seat_machine(Seats {
        seats,
        seed: String::new(),
    })
    .map_err(|why| Error::input("table.machine-strength", why))
}
