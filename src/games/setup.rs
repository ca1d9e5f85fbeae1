//! The library entry points of `tavolo deal` and `tavolo play`: what decides a
//! deal ([`Spec`]), resolved against the registry, and a legal record, played at
//! random or by the game's machine player.

use crate::deal::{fresh_seed, DealRng, Provenance};
use crate::error::Error;
use crate::record::{range_text, write, MoveOut};

use super::referee::Strength;
use super::solve::WordLists;
use super::Game;

/// What decides a deal: the game, variant, players and seed.
#[derive(Debug, Clone, Default)]
pub struct Spec {
    /// The game (e.g. `moon`).
    pub game: String,
    /// Number of players (default: the fewest the variant allows, or as many as `names`).
    pub players: Option<usize>,
    /// The variant (default: the game's first).
    pub variant: Option<String>,
    /// Seed text; `None` draws a fresh 256-bit seed from the operating system.
    pub seed: Option<String>,
    /// Board number (1-based), for several deals from one seed.
    pub board: u32,
    /// Player names in turn order (default P1, P2, ...).
    pub names: Option<Vec<String>>,
}

/// The resolved inputs of a deal.
pub struct Resolved {
    pub game: &'static dyn Game,
    pub variant: String,
    pub players: Vec<String>,
    pub provenance: Provenance,
}

impl Spec {
    pub fn resolve(&self) -> Result<Resolved, Error> {
        let game = super::require(&self.game)?;
        let variant = super::require_variant(game, self.variant.as_deref())?;
        let counts = game.player_counts(&variant);
        let n = self
            .players
            .or(self.names.as_ref().map(|v| v.len()))
            .unwrap_or(*counts.start());
        if !counts.contains(&n) {
            return Err(Error::input(
                "cli.players",
                format!(
                    "{} ({variant}) is for {}, not {n}",
                    game.name(),
                    range_text(&counts)
                ),
            ));
        }
        let players: Vec<String> = match &self.names {
            Some(names) => {
                if names.len() != n {
                    return Err(Error::input(
                        "cli.players",
                        format!("--names gives {} names for {n} players", names.len()),
                    ));
                }
                for (i, name) in names.iter().enumerate() {
                    if name.trim().is_empty() || names[..i].contains(name) {
                        return Err(Error::input(
                            "cli.players",
                            format!("--names: `{name}` is empty or given twice"),
                        ));
                    }
                }
                names.clone()
            }
            None => (1..=n).map(|i| format!("P{i}")).collect(),
        };
        let seed = match &self.seed {
            Some(s) => s.clone(),
            None => fresh_seed()?,
        };
        let provenance = Provenance::new(game.name(), &variant, &seed, self.board);
        Ok(Resolved {
            game,
            variant,
            players,
            provenance,
        })
    }
}

/// A legal game: its deal, players and moves, and its record's text.
pub struct Played {
    pub provenance: Provenance,
    pub players: Vec<String>,
    pub moves: Vec<MoveOut>,
    pub text: String,
    /// Who chose the moves: `random`, `best`, or `top N`.
    pub strength: String,
    /// Why the moves are random though a machine player was wanted, if they are.
    pub note: Option<String>,
}

/// The text of a random legal record for these arguments.
pub fn play_record(spec: &Spec) -> Result<String, Error> {
    play(spec).map(|p| p.text)
}

/// A random legal game for these arguments (see [`Played`]).
pub fn play(spec: &Spec) -> Result<Played, Error> {
    play_with(spec, Some(Strength::Random), None)
}

/// A legal game for these arguments played at `strength` by the game's machine player (see
/// [`super::referee::Referee::machine`]), with `words` for a game that looks words up. With
/// no strength given, the machine player's best where the game has one and its words can be
/// had, else random moves.
pub fn play_with(
    spec: &Spec,
    strength: Option<Strength>,
    words: Option<&WordLists>,
) -> Result<Played, Error> {
    let r = spec.resolve()?;
    let p = &r.provenance;
    let deal = r.game.deal(&r.variant, &r.players, p)?;
    let mut rng = DealRng::new(&p.game, &format!("{}/play", p.variant), &p.seed, p.board);
    let playable = r.game.playable();
    let want = strength.unwrap_or(Strength::Best);
    let mut note = None;
    let machine = match want {
        Strength::Random => None,
        s => playable.play_machine(&r.variant, &r.players, p, &mut rng, (s, words)),
    };
    let (moves, strength) = match machine {
        Some(Ok(moves)) => (moves, strength_text(want)),
        Some(Err(e)) if strength.is_some() || words.is_some() => return Err(e),
        None if strength.is_some() && want != Strength::Random => {
            return Err(Error::input(
                "play.no-machine",
                format!("{} has no machine player, only random moves", p.game),
            )
            .help("leave out --strength, or give --strength random"))
        }
        other => {
            if let Some(Err(e)) = other {
                note = Some(format!("random moves: {e}"));
            }
            let moves = playable.play_random(&r.variant, &r.players, p, &mut rng)?;
            (moves, strength_text(Strength::Random))
        }
    };
    // A record needs at least one move; a deal stuck from the start (an Il Muro
    // wall with no 1, no 6 and no two tops one apart) has nothing to record.
    if moves.is_empty() {
        return Err(Error::failed(
            "play.no-legal-move",
            format!(
                "the {} deal of seed {:?}, board {}, has no legal first move: \
                 the game is lost before it starts, so there is no record to write",
                p.game, p.seed, p.board
            ),
        )
        .help("choose another seed or --board; `tavolo solve` proves such deals unsolvable"));
    }
    let text = write::record(p, &r.players, &deal.setup_toml, &moves);
    Ok(Played {
        provenance: r.provenance.clone(),
        players: r.players.clone(),
        moves,
        text,
        strength,
        note,
    })
}

fn strength_text(s: Strength) -> String {
    match s {
        Strength::Random => "random".into(),
        Strength::Best => "best".into(),
        Strength::Top(n) => format!("top {n}"),
    }
}
