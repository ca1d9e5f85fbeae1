//! A record replayed to a move through a [`Session`]: read as the game's session reads it
//! ([`Table::open`]), replayed up to the move asked for, stopping at the first move a rule
//! refuses and keeping it. `tavolo show`'s drawers and every game's `check` go through it:
//! a drawer gets the engine there, the steps and the refused move, and keeps only what it
//! draws; `check` follows the replay move by move ([`replay_followed`]) for its notes and
//! details, and turns the refused move into its verdict.
//!
//! A caller that wants what a replay ends with besides the verdict (the running scores move
//! by move, the seat to move: `tavolo event results`) runs the judging inside [`keeping`]:
//! every game's replay goes through [`replay_followed`], which leaves its end there, so a
//! record is replayed once for its verdict and its scores, whatever the game.
//!
//! Each move is written as record fields and explained in words (what a live session's
//! record, move list and answers read) only when [`keeping`] keeps the history: `check`,
//! `show` and results without a score slip keep the moves and their seats, nothing more,
//! which was about a tenth of `check` and a quarter of `event results`.

use super::engine::Broken;
use super::session::{
    EngineOf, Live, MoveOf, Opened, OutcomeOf, Played, RefusalOf, Session, StepOf, Table, View,
};
use crate::error::Error;
use crate::record::{Illegal, MoveEntry, Record, Source, Span};
use crate::show::scene;
use std::cell::RefCell;
use std::convert::Infallible;

/// What a replay ends with, as a live session over the same moves shows it ([`Live`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Kept {
    /// The legal moves, each explained, with the running scores after it.
    pub history: Vec<Played>,
    /// The scores at the end, for a game that keeps score.
    pub scores: Option<Vec<i64>>,
    /// The seat to move at the end (where a refused move was tried).
    pub to_move: Option<usize>,
}

impl Kept {
    pub fn of(live: &dyn Live) -> Kept {
        Kept::with(live, true)
    }

    /// The same, the history left empty unless `history` (explaining every move again is
    /// most of the cost of keeping a long game's end, and only a score slip reads it).
    fn with(live: &dyn Live, history: bool) -> Kept {
        Kept {
            history: if history {
                live.history(View::Director)
            } else {
                Vec::new()
            },
            scores: live.scores(),
            to_move: live.to_move(),
        }
    }
}

/// While [`keeping`] runs on a thread: whether to keep the history, and the end of the
/// last replay.
type Slot = Option<(bool, Option<Kept>)>;

thread_local! {
    static KEPT: RefCell<Slot> = const { RefCell::new(None) };
}

/// Run `judge` (a game's `check`) and keep the end of the replay it made: the last one
/// on this thread while it ran; `None` if it made none (an unreadable record) or if the
/// game stopped it itself (an error from a `before` or `played` of [`replay_followed`]:
/// Natura's wrong score), where the replay's end is not what a session shows. The moves
/// explained ([`Kept::history`]) are kept only if `history`, else left empty.
pub fn keeping<R>(history: bool, judge: impl FnOnce() -> R) -> (R, Option<Kept>) {
    /// Puts back what was kept before, even if `judge` unwinds.
    struct Restore(Slot);
    impl Drop for Restore {
        fn drop(&mut self) {
            let outer = self.0.take();
            KEPT.with(|k| *k.borrow_mut() = outer);
        }
    }
    let restore = Restore(KEPT.with(|k| k.replace(Some((history, None)))));
    let r = judge();
    let kept = KEPT
        .with(|k| k.borrow_mut().take())
        .and_then(|(_, kept)| kept);
    drop(restore);
    (r, kept)
}

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

/// The same, handing `watch` each move with the position it is tried in before it is tried:
/// for a drawer that checks what the record writes beside a move against the position
/// (Scalafrutta's squares) or follows something step by step.
pub fn replay_watched<T: Table>(
    table: &'static T,
    record: &Record,
    src: &Source,
    upto: Option<usize>,
    mut watch: impl FnMut(usize, &EngineOf<T>, &MoveOf<T>) -> Result<(), Error>,
) -> Result<Replayed<T>, Error> {
    let shown = scene::shown(record, upto)?;
    let opened = table.open(record, src)?;
    let before = |i: usize, game: &EngineOf<T>, mv: &MoveOf<T>| watch(i, game, mv).map(|()| None);
    replay_followed(table, record, opened, shown, before, |_, _, _, _, _| Ok(()))
}

/// The same for a record already opened, up to record move `shown`: for `check`, which
/// reads the moves itself to keep where each is written.
pub fn replay_opened<T: Table>(
    table: &'static T,
    record: &Record,
    opened: Opened<EngineOf<T>>,
    shown: usize,
) -> Replayed<T> {
    replay_noting(table, record, opened, shown, |_, _, _, _, _| ())
}

/// The same, telling `played` of each legal move after it, with the positions before and
/// after it and what it did: `check`'s notes and details.
pub fn replay_noting<T: Table>(
    table: &'static T,
    record: &Record,
    opened: Opened<EngineOf<T>>,
    shown: usize,
    mut played: impl FnMut(usize, &EngineOf<T>, &MoveOf<T>, &OutcomeOf<T>, &EngineOf<T>),
) -> Replayed<T> {
    let before = |_: usize, _: &EngineOf<T>, _: &MoveOf<T>| Ok::<_, Infallible>(None);
    let played =
        |i: usize, was: &EngineOf<T>, mv: &MoveOf<T>, o: &OutcomeOf<T>, now: &EngineOf<T>| {
            played(i, was, mv, o, now);
            Ok(())
        };
    match replay_followed(table, record, opened, shown, before, played) {
        Ok(r) => r,
        Err(never) => match never {},
    }
}

/// The same, followed move by move ([`Session::replay_followed`]: `before` each move, where
/// it may set the position, Farfalia's next deal; `played` after each legal one): `check`'s
/// notes, a drawer's trick.
pub fn replay_followed<T: Table, E>(
    table: &'static T,
    record: &Record,
    opened: Opened<EngineOf<T>>,
    shown: usize,
    before: impl FnMut(usize, &EngineOf<T>, &MoveOf<T>) -> Result<Option<EngineOf<T>>, E>,
    played: impl FnMut(usize, &EngineOf<T>, &MoveOf<T>, &OutcomeOf<T>, &EngineOf<T>) -> Result<(), E>,
) -> Result<Replayed<T>, E> {
    let Opened {
        start,
        moves,
        numbers,
    } = opened;
    // The moves are written and explained only for a caller that keeps them.
    let history = KEPT.with(|k| matches!(*k.borrow(), Some((true, _))));
    let mut session = Session::viewing(table, record, start);
    session.explain_moves(history);
    let upto = numbers.iter().take_while(|&&n| n <= shown).count();
    // Resignations after which play went on (GN-4: MOON, Domino) put their players out
    // where the record writes them; one that ends the game is `check`'s to judge.
    let outs = record
        .resignations
        .iter()
        .take_while(|r| r.number <= shown)
        .map(|r| (r.number, r.player));
    let refused = session.replay_putting_out(moves, &numbers, outs, upto, before, played)?;
    KEPT.with(|k| {
        if let Some((history, slot)) = k.borrow_mut().as_mut() {
            *slot = Some(Kept::with(&session, *history));
        }
    });
    Ok(Replayed {
        session,
        numbers,
        refused,
        shown,
    })
}

/// A move a rule refuses as `check` reports it: the ruling and code of `broken`, pointed at
/// `span` (the part of the record move `entry` at fault), in `message`'s words.
pub fn illegal(
    src: &Source,
    record: &Record,
    (entry, span): (&MoveEntry, &Span),
    broken: &impl Broken,
    message: String,
) -> Illegal {
    let (rule, code) = (broken.rule(), broken.code());
    Illegal::new(src, span, entry, &record.players, rule, code, message)
}

impl<T: Table> Replayed<T> {
    /// The engine after the last legal move: where the refused move, if any, was tried.
    pub fn game(&self) -> &EngineOf<T> {
        self.session.game()
    }

    /// The session replayed: its moves are explained only inside [`keeping`] with the
    /// history kept (see the module's documentation).
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::check::{check_text_kept, Outcome};
    use crate::games::session;

    /// `keeping` hands back what a live session opened on the same record shows (the
    /// moves explained with their running scores, the scores, the seat to move), for every
    /// game's fixtures that a session opens: `event results` counts the referee's replay
    /// instead of opening a session and replaying again.
    #[test]
    fn the_kept_replay_is_what_a_session_opened_on_the_record_shows() {
        let mut compared = std::collections::BTreeMap::new();
        for (game, path) in crate::games::fixture_records() {
            let text = std::fs::read_to_string(&path).unwrap();
            let (report, kept) = check_text_kept(&path, text.clone());
            let Outcome::Judged { .. } = report.outcome else {
                continue;
            };
            let src = Source::new(&path, text);
            let record = Record::parse(&src, &crate::games::Registry).unwrap();
            let Ok((live, _)) = session::find(game).unwrap().open(&record, &src) else {
                continue;
            };
            // A replay a game stops itself (Natura's wrong score, NS-1) keeps nothing.
            let Some(kept) = kept else {
                continue;
            };
            assert_eq!(
                kept.history,
                live.history(View::Director),
                "{}",
                path.display()
            );
            assert_eq!(kept.scores, live.scores(), "{}", path.display());
            assert_eq!(kept.to_move, live.to_move(), "{}", path.display());
            *compared.entry(game).or_insert(0) += 1;
        }
        // Every game took part, and nothing is kept outside `keeping`.
        assert_eq!(compared.len(), crate::games::names().len(), "{compared:?}");
        assert!(KEPT.with(|k| k.borrow().is_none()));
    }

    /// Outside `keeping` (`check`, `show`) a replay writes and explains no move, which
    /// the caller would drop; each step still names the seat that made it and its move,
    /// as a replay whose history is kept does (where every move is written and explained).
    #[test]
    fn a_replay_only_judged_explains_nothing_and_keeps_each_seat() {
        use crate::games::moon::record::Moon;
        let mut compared = 0;
        for (game, path) in crate::games::fixture_records() {
            if game != "moon" {
                continue;
            }
            let src = Source::new(&path, std::fs::read_to_string(&path).unwrap());
            let Ok(record) = Record::parse(&src, &crate::games::Registry) else {
                continue;
            };
            let Ok(judged) = replay(&Moon, &record, &src, None) else {
                continue;
            };
            let (kept, _) = keeping(true, || replay(&Moon, &record, &src, None));
            let kept = kept.unwrap();
            let at = path.display();
            assert!(
                judged.steps().all(|(_, s)| s.explanation.is_empty()
                    && s.out.fields.is_empty()
                    && s.scores.is_none()),
                "{at}"
            );
            assert!(
                kept.steps()
                    .all(|(_, s)| !s.explanation.is_empty() && !s.out.fields.is_empty()),
                "{at}"
            );
            let seats = |r: &Replayed<Moon>| -> Vec<_> {
                r.steps().map(|(n, s)| (n, s.out.player, s.mv)).collect()
            };
            assert_eq!(seats(&judged), seats(&kept), "{at}");
            compared += usize::from(judged.steps().count() > 0);
        }
        assert!(compared >= 5, "{compared} MOON fixtures replayed");
    }
}
