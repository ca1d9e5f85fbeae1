//! Who may act for whom at a table (issue 37, GN-5): a move for a seat is that seat's or
//! the director's; the table's page (the shared tablet) plays only where nothing is hidden,
//! or for the seats the director said are played on it; a move is taken back by the
//! director, on the table's page when the move was the table's to play, or when two seats
//! agree: one asks on its page, another confirms on its own, and the seat whose move it is
//! is one of the two.

use std::collections::BTreeSet;

use crate::games::session::{Live, View};

/// A seat's request to take back the last move, waiting for another seat's agreement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ask {
    /// The seat asking (0-based).
    pub by: usize,
    /// The number of moves when it asked: the request is for that position only.
    pub at: usize,
}

/// What a table's seats are allowed on the table's page, and a request to take back.
#[derive(Debug, Clone, Default)]
pub struct Seats {
    /// The seats played on the table's page (0-based), as the director said.
    pub at_table: BTreeSet<usize>,
    pub ask: Option<Ask>,
}

/// What a view may do about the last move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Undo {
    /// Nothing (no move yet, or not this view's to touch).
    #[default]
    No,
    /// Take it back at once (the director; the table's page for a move it played).
    Now,
    /// Ask the other seats to agree.
    Ask,
    /// This seat asked; waiting for another's agreement.
    Asked,
    /// Seat `by` asked: this seat may agree (or refuse).
    Confirm { by: usize },
}

impl Seats {
    /// Whether the table's page plays for `seat`.
    pub fn on_table(&self, live: &dyn Live, seat: usize) -> bool {
        !live.hides() || self.at_table.contains(&seat)
    }

    /// Whether `view` may play the move now expected: `Err` says why not.
    pub fn may_play(&self, live: &dyn Live, view: View) -> Result<(), String> {
        let Some(to_move) = live.to_move() else {
            return Err("the game is over".into());
        };
        let name = |s: usize| {
            live.players()
                .get(s)
                .cloned()
                .unwrap_or_else(|| format!("seat {}", s + 1))
        };
        match view {
            View::Director => Ok(()),
            View::Seat(s) if s == to_move => Ok(()),
            View::Seat(s) => Err(format!(
                "it is {}'s turn: a seat's page plays only {}'s own moves",
                name(to_move),
                name(s)
            )),
            View::Table if self.on_table(live, to_move) => Ok(()),
            View::Table => Err(format!(
                "{}'s hand is hidden, so {} plays on their own page (the director may say a seat is played on the table's)",
                name(to_move),
                name(to_move)
            )),
        }
    }

    /// The seat that played the last move, if any.
    fn last_mover(live: &dyn Live) -> Option<usize> {
        let last = live.history(View::Director).pop()?;
        live.players().iter().position(|p| *p == last.player)
    }

    /// What `view` may do about the last move now.
    pub fn undo(&self, live: &dyn Live, view: View) -> Undo {
        let Some(mover) = Self::last_mover(live) else {
            return Undo::No;
        };
        let ask = self.ask.filter(|a| a.at == live.moves());
        match view {
            View::Director => Undo::Now,
            View::Table if self.on_table(live, mover) => Undo::Now,
            View::Table => Undo::No,
            View::Seat(s) => match ask {
                Some(a) if a.by == s => Undo::Asked,
                Some(a) if a.by == mover || s == mover => Undo::Confirm { by: a.by },
                Some(_) => Undo::No,
                None => Undo::Ask,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::setup::Spec;

    fn dealt(game: &str, players: usize) -> Box<dyn Live> {
        let spec = Spec {
            game: game.into(),
            players: Some(players),
            variant: None,
            seed: Some("rights".into()),
            board: 1,
            names: None,
        };
        let r = spec.resolve().unwrap();
        crate::games::session::find(r.game.name())
            .unwrap()
            .deal(&r.variant, &r.players, &r.provenance)
            .unwrap()
    }

    #[test]
    fn a_seat_plays_only_its_own_moves_and_the_table_only_open_ones() {
        let live = dealt("farfalia", 4);
        let to = live.to_move().unwrap();
        let mut seats = Seats::default();
        assert!(seats.may_play(live.as_ref(), View::Director).is_ok());
        assert!(seats.may_play(live.as_ref(), View::Seat(to)).is_ok());
        assert!(seats
            .may_play(live.as_ref(), View::Seat((to + 1) % 4))
            .is_err());
        assert!(seats.may_play(live.as_ref(), View::Table).is_err());
        seats.at_table.insert(to);
        assert!(seats.may_play(live.as_ref(), View::Table).is_ok());
        let moon = dealt("moon", 2);
        assert!(Seats::default()
            .may_play(moon.as_ref(), View::Table)
            .is_ok());
    }

    #[test]
    fn an_undo_needs_the_director_or_two_seats_one_of_them_the_mover() {
        let mut live = dealt("farfalia", 4);
        let mut seats = Seats::default();
        assert_eq!(seats.undo(live.as_ref(), View::Director), Undo::No);
        let mover = live.to_move().unwrap();
        let mv = live.hint(View::Director).unwrap().legal[0].clone();
        assert!(matches!(
            live.apply(&mv, View::Director),
            crate::games::session::Answer::Legal { .. }
        ));
        let other = (mover + 1) % 4;
        let third = (mover + 2) % 4;
        assert_eq!(seats.undo(live.as_ref(), View::Director), Undo::Now);
        assert_eq!(seats.undo(live.as_ref(), View::Table), Undo::No);
        assert_eq!(seats.undo(live.as_ref(), View::Seat(other)), Undo::Ask);
        seats.ask = Some(Ask {
            by: other,
            at: live.moves(),
        });
        assert_eq!(seats.undo(live.as_ref(), View::Seat(other)), Undo::Asked);
        // Only the mover may agree to another's asking to take its move back.
        assert_eq!(
            seats.undo(live.as_ref(), View::Seat(mover)),
            Undo::Confirm { by: other }
        );
        assert_eq!(seats.undo(live.as_ref(), View::Seat(third)), Undo::No);
        // The mover asking: any other seat may agree.
        seats.ask = Some(Ask {
            by: mover,
            at: live.moves(),
        });
        assert_eq!(
            seats.undo(live.as_ref(), View::Seat(third)),
            Undo::Confirm { by: mover }
        );
        // An ask for another position is void.
        seats.ask = Some(Ask { by: other, at: 0 });
        assert_eq!(seats.undo(live.as_ref(), View::Seat(other)), Undo::Ask);
    }
}
