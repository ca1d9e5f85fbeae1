//! What every game gets from its engine ([`Engine`]) once its record adapter
//! says how to start one and how to write a move: the random player of
//! `tavolo play`, a game's own machine player where it has one
//! ([`Referee::machine`], `tavolo play --strength`), and the checks the
//! generic property tests run for every registered game.

use std::collections::HashSet;
use std::str::FromStr;

use crate::deal::{DealRng, Provenance};
use crate::error::Error;
use crate::record::MoveOut;

use super::engine::{Broken, Engine};
use super::solve::WordLists;

/// How `tavolo play` chooses its moves (`--strength`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strength {
    /// Uniformly among the legal moves: every game.
    Random,
    /// The game's machine player's best move every turn.
    Best,
    /// A pick among the machine player's best `n` moves, drawn from the deal's play stream.
    Top(usize),
}

impl FromStr for Strength {
    type Err = String;
    fn from_str(s: &str) -> Result<Strength, String> {
        match s {
            "random" => Ok(Strength::Random),
            "best" | "1" => Ok(Strength::Best),
            n => match n.parse::<usize>() {
                Ok(n) if n >= 1 => Ok(Strength::Top(n)),
                _ => Err(format!(
                    "`{s}` is not a strength: `random`, `best`, or a number N >= 1 (a pick among the best N moves)"
                )),
            },
        }
    }
}

/// A machine player: the move of the seat to move, in a game not over.
pub trait Chooser<E: Engine> {
    fn choose(&mut self, game: &E, rng: &mut DealRng) -> E::Move;
}

/// Moves after which a machine game stops whatever happens (a game whose machine could
/// go round for ever then checks as legal so far).
pub const MACHINE_CAP: usize = 5000;

/// A machine player for a game's engine, boxed.
pub type Machine<E> = Box<dyn Chooser<E>>;

/// A game's record adapter, seen through its engine.
pub trait Referee: Sync {
    type Engine: Engine;
    /// The engine at the start of the deal of `deal` for these players.
    fn start(
        &self,
        variant: &str,
        players: &[String],
        deal: &Provenance,
    ) -> Result<Self::Engine, Error>;
    /// A move as a record's `[[move]]` fields, with the seat that makes it.
    fn move_out(&self, seat: usize, mv: &<Self::Engine as Engine>::Move) -> MoveOut;
    /// The same for a game whose move fields name players (Scalafrutta's
    /// `gift`): `players` are the names by seat. By default, [`Self::move_out`].
    fn move_out_named(
        &self,
        players: &[String],
        seat: usize,
        mv: &<Self::Engine as Engine>::Move,
    ) -> MoveOut {
        let _ = players;
        self.move_out(seat, mv)
    }
    /// The seat that makes `mv`, `seat` being the one to move: [`Self::move_out`]'s
    /// player, without writing the fields (a replay that only judges asks this of
    /// every move). A game whose moves name their seat says so here, cheaply.
    fn mover(&self, seat: usize, mv: &<Self::Engine as Engine>::Move) -> usize {
        self.move_out(seat, mv).player
    }
    /// The random player's choice among the legal moves (never empty):
    /// uniform, unless a game says otherwise (Scalafrutta's players mostly
    /// declare their best partition, so that random games end).
    fn choose(
        &self,
        game: &Self::Engine,
        legal: &[<Self::Engine as Engine>::Move],
        rng: &mut DealRng,
    ) -> <Self::Engine as Engine>::Move {
        let _ = game;
        pick(rng, legal)
    }
    /// The game's machine player at `strength` (never [`Strength::Random`]), looking words
    /// up in `words` (`None`: the game's default lists); `None` for a game that has none.
    fn machine(
        &self,
        strength: Strength,
        words: Option<&WordLists>,
    ) -> Option<Result<Machine<Self::Engine>, Error>> {
        let _ = (strength, words);
        None
    }
}

/// The object-safe face of a [`Referee`], for the registry and the tests.
pub trait Playable {
    /// A complete random legal game from the deal, drawing choices from `rng`.
    fn play_random(
        &self,
        variant: &str,
        players: &[String],
        deal: &Provenance,
        rng: &mut DealRng,
    ) -> Result<Vec<MoveOut>, Error>;

    /// A random legal game cut at move `k` (0-based), where a candidate move
    /// that the engine refuses is played instead: the moves, the illegal one
    /// last, and its code. `None` when the game ends before `k` or no candidate
    /// at `k` is illegal.
    fn play_random_then_illegal(
        &self,
        variant: &str,
        players: &[String],
        deal: &Provenance,
        rng: &mut DealRng,
        k: usize,
    ) -> Result<Option<(Vec<MoveOut>, &'static str)>, Error>;

    /// A complete game of the game's machine player in every seat (see
    /// [`Referee::machine`]), drawing its picks from `rng`; `None` for a game
    /// without one.
    fn play_machine(
        &self,
        variant: &str,
        players: &[String],
        deal: &Provenance,
        rng: &mut DealRng,
        how: (Strength, Option<&WordLists>),
    ) -> Option<Result<Vec<MoveOut>, Error>>;

    /// Play a random game checking the engine against itself at every turn:
    /// each listed legal move is accepted (on a copy) and is a candidate, and
    /// a candidate is accepted exactly when it is listed. The number of
    /// moves played, or what went wrong.
    fn check_engine(
        &self,
        variant: &str,
        players: &[String],
        deal: &Provenance,
        rng: &mut DealRng,
    ) -> Result<usize, String>;
}

fn pick<T: Clone>(rng: &mut DealRng, items: &[T]) -> T {
    items[rng.below(items.len() as u32) as usize].clone()
}

fn internal(code: &'static str, names: &[String], b: &impl Broken) -> Error {
    Error::failed(
        "play.internal",
        format!(
            "internal error: the engine refused a move it listed as legal ({code}: {})",
            b.describe(names)
        ),
    )
}

/// Where a random walk stopped.
enum Walk<M> {
    /// The game ended (or no move was legal): the moves played.
    Ended(Vec<MoveOut>),
    /// Move `k` was reached: the moves so far and the engine there.
    Cut(Vec<MoveOut>, M),
}

/// A random legal game from the deal, stopped at move `cut` if it gets there.
fn walk<R: Referee>(
    referee: &R,
    variant: &str,
    players: &[String],
    deal: &Provenance,
    rng: &mut DealRng,
    cut: Option<usize>,
) -> Result<Walk<R::Engine>, Error> {
    let mut game = referee.start(variant, players, deal)?;
    let mut out = Vec::new();
    while let Some(seat) = game.to_move() {
        if Some(out.len()) == cut {
            return Ok(Walk::Cut(out, game));
        }
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = referee.choose(&game, &moves, rng);
        out.push(referee.move_out_named(players, seat, &mv));
        game.play(mv).map_err(|b| internal(b.code(), players, &b))?;
    }
    Ok(Walk::Ended(out))
}

impl<R: Referee> Playable for R {
    fn play_random(
        &self,
        variant: &str,
        players: &[String],
        deal: &Provenance,
        rng: &mut DealRng,
    ) -> Result<Vec<MoveOut>, Error> {
        match walk(self, variant, players, deal, rng, None)? {
            Walk::Ended(out) | Walk::Cut(out, _) => Ok(out),
        }
    }

    fn play_machine(
        &self,
        variant: &str,
        players: &[String],
        deal: &Provenance,
        rng: &mut DealRng,
        (strength, words): (Strength, Option<&WordLists>),
    ) -> Option<Result<Vec<MoveOut>, Error>> {
        let mut machine = match self.machine(strength, words)? {
            Ok(m) => m,
            Err(e) => return Some(Err(e)),
        };
        let mut walk = || -> Result<Vec<MoveOut>, Error> {
            let mut game = self.start(variant, players, deal)?;
            let mut out = Vec::new();
            while let Some(seat) = game.to_move() {
                if out.len() >= MACHINE_CAP {
                    break;
                }
                let mv = machine.choose(&game, rng);
                out.push(self.move_out_named(players, seat, &mv));
                game.play(mv).map_err(|b| internal(b.code(), players, &b))?;
            }
            Ok(out)
        };
        Some(walk())
    }

    fn play_random_then_illegal(
        &self,
        variant: &str,
        players: &[String],
        deal: &Provenance,
        rng: &mut DealRng,
        k: usize,
    ) -> Result<Option<(Vec<MoveOut>, &'static str)>, Error> {
        let Walk::Cut(mut out, game) = walk(self, variant, players, deal, rng, Some(k))? else {
            return Ok(None);
        };
        let Some(seat) = game.to_move() else {
            return Ok(None);
        };
        let illegal: Vec<_> = game
            .candidate_moves()
            .into_iter()
            .filter_map(|mv| game.clone().play(mv.clone()).err().map(|b| (mv, b)))
            .collect();
        if illegal.is_empty() {
            return Ok(None);
        }
        let (mv, broken) = pick(rng, &illegal);
        out.push(self.move_out_named(players, seat, &mv));
        Ok(Some((out, broken.code())))
    }

    fn check_engine(
        &self,
        variant: &str,
        players: &[String],
        deal: &Provenance,
        rng: &mut DealRng,
    ) -> Result<usize, String> {
        let mut game = self
            .start(variant, players, deal)
            .map_err(|e| e.to_string())?;
        let mut played = 0;
        while game.to_move().is_some() {
            let legal = game.legal_moves();
            let listed: HashSet<String> = legal.iter().map(|m| m.to_string()).collect();
            let candidates = game.candidate_moves();
            let offered: HashSet<String> = candidates.iter().map(|m| m.to_string()).collect();
            for mv in &legal {
                if let Err(b) = game.clone().play(mv.clone()) {
                    return Err(format!(
                        "move {}: `{mv}` is listed as legal but refused: {}",
                        played + 1,
                        b.describe(players)
                    ));
                }
                if !offered.contains(&mv.to_string()) {
                    return Err(format!(
                        "move {}: legal `{mv}` is not among the candidates",
                        played + 1
                    ));
                }
            }
            for mv in candidates {
                let accepted = game.clone().play(mv.clone()).is_ok();
                if accepted != listed.contains(&mv.to_string()) {
                    let what = if accepted {
                        "accepted but not listed as legal"
                    } else {
                        "refused but listed as legal"
                    };
                    return Err(format!("move {}: `{mv}` is {what}", played + 1));
                }
            }
            if legal.is_empty() {
                break;
            }
            let mv = self.choose(&game, &legal, rng);
            game.play(mv).map_err(|b| b.describe(players))?;
            played += 1;
        }
        Ok(played)
    }
}
