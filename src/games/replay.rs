//! A record replayed to a move for a view of its position (`tavolo show`'s drawers): read
//! as the game's session reads it ([`Table::open`]), replayed through a [`Session`] up to
//! the move asked for, stopping at the first move a rule refuses and keeping it. A drawer
//! gets the engine there, the steps and the refused move, and keeps only what it draws.
//! `check` replays through it too where its verdict needs only the position reached and
//! the move refused ([`replay_opened`]: Il Muro, Mosaico).

use super::engine::Broken;
use super::session::{
    EngineOf, Follow, MoveOf, Opened, RefusalOf, Session, StepOf, Table, Watch,
};
use crate::error::Error;
use crate::record::{Record, Source};
use crate::show::scene;

/// A record's moves replayed up to a move: see the module's documentation.
pub struct Replayed<T: Table> {
    session: Session<T>,
    /// The record move (1-based) each step and the refused move is written in.
    numbers: Vec<usize>,
    refused: Option<RefusalOf<T>>,
    /// The record moves asked for (`--move`, checked; all when none was given).
    pub shown: usize,
}

/// Read `record` as `table`'s session does and replay its first `upto` moves (all when
/// `None`; 0 the setup): `show.no-such-move` past its end, the game's error for an
/// unreadable record.
pub fn replay<T: Table>(
    table: &'static T,
    record: &Record,
    src: &Source,
    upto: Option<usize>,
) -> Result<Replayed<T>, Error> {
    let shown = scene::shown(record, upto)?;
    Ok(replay_opened(
        table,
        record,
        table.open(record, src)?,
        shown,
    ))
}

/// The same, handing `watch` each move with the position it is tried in before it is tried
/// ([`Session::replay_followed`]): for a drawer that checks what the record writes beside a
/// move against the position (Scalafrutta's squares) or follows something step by step.
pub fn replay_watched<T: Table>(
    table: &'static T,
    record: &Record,
    src: &Source,
    upto: Option<usize>,
    watch: impl FnMut(usize, &EngineOf<T>, &MoveOf<T>) -> Result<(), Error>,
) -> Result<Replayed<T>, Error> {
    let shown = scene::shown(record, upto)?;
    let opened = table.open(record, src)?;
    replay_followed(table, record, opened, shown, &mut Watch(watch))
}

/// The same for a record already opened, up to record move `shown`: for `check`, which
/// reads the moves itself to keep where each is written.
pub fn replay_opened<T: Table>(
    table: &'static T,
    record: &Record,
    opened: Opened<EngineOf<T>>,
    shown: usize,
) -> Replayed<T> {
    match replay_followed(table, record, opened, shown, &mut ()) {
        Ok(r) => r,
        Err(never) => match never {},
    }
}

/// The same, telling `follow` of each move before it is tried and of each legal one after
/// it ([`Session::replay_followed`]): `check`'s notes, a drawer's trick, Farfalia's deals
/// begun between moves.
pub fn replay_followed<T: Table, F: Follow<T>>(
    table: &'static T,
    record: &Record,
    opened: Opened<EngineOf<T>>,
    shown: usize,
    follow: &mut F,
) -> Result<Replayed<T>, F::Error> {
    let Opened {
        start,
        moves,
        numbers,
    } = opened;
    let mut session = Session::viewing(table, record, start);
    let upto = numbers.iter().take_while(|&&n| n <= shown).count();
    let refused = session.replay_followed(moves, Some(upto), follow)?;
    Ok(Replayed {
        session,
        numbers,
        refused,
        shown,
    })
}

impl<T: Table> Replayed<T> {
    /// The engine after the last legal move: where the refused move, if any, was tried.
    pub fn game(&self) -> &EngineOf<T> {
        self.session.game()
    }

    pub fn session(&self) -> &Session<T> {
        &self.session
    }

    /// The legal moves played, each with its record move's number.
    pub fn steps(&self) -> impl Iterator<Item = (usize, &StepOf<T>)> {
        self.numbers.iter().copied().zip(self.session.steps())
    }

    /// The last legal move and its record move's number.
    pub fn last(&self) -> Option<(usize, &StepOf<T>)> {
        self.steps().last()
    }

    /// The move a rule refused, its record move's number, and why in words with the rule's
    /// code (`the square is taken (moon.square-occupied)`).
    pub fn refused(&self) -> Option<(usize, &RefusalOf<T>, String)> {
        let r = self.refused.as_ref()?;
        let n = self.numbers[self.session.steps().len()];
        let why = format!(
            "{} ({})",
            r.broken.describe(self.session.players()),
            r.broken.code()
        );
        Some((n, r, why))
    }

    /// The record move shown: the refused one if any, else the last asked for.
    pub fn shown_at(&self) -> usize {
        self.refused().map_or(self.shown, |(n, ..)| n)
    }

    /// The engine before the last legal move (the start when none was played): what a
    /// drawer needs when that move ended a round and left a new one in play.
    pub fn before_last(&self) -> EngineOf<T> {
        let n = self.session.steps().len();
        self.session.after(n.saturating_sub(1))
    }

    /// The last legal move and the refused one with their numbers and seats, as the
    /// drawers take them.
    pub fn outline(&self) -> scene::Replayed<MoveOf<T>> {
        scene::Replayed {
            last: self.last().map(|(n, s)| (n, s.out.player, s.mv.clone())),
            illegal: self
                .refused()
                .map(|(n, r, why)| (n, r.player, r.mv.clone(), why)),
        }
    }
}
