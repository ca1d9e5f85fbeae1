//! Each game's result, as the event counts it: per seat, the game won, tied
//! or lost (in half-wins), the points and the spread where the game keeps
//! score, and for a solitaire whether it was solved and in how many moves.
//! Derived from the referee's [`Verdict`] and [`GameResult`] (and, for a game
//! not over, the session's running scores), so no game is named here; what
//! each game's sheet scores is in docs/events.md, "Each game's result".

use serde::Serialize;

use super::rules::{Illegal, Unfinished};
use crate::record::{GameResult, Status, Verdict};

/// One seat's result on one board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeatResult {
    /// The name in the record.
    pub name: String,
    /// 2 a win, 1 a tie, 0 a loss.
    pub halves: u32,
    pub points: Option<i64>,
    /// Own points minus the best other player's (games of two or more that keep score).
    pub spread: Option<i64>,
    /// Solitaires: solved or not.
    pub solved: Option<bool>,
    /// Moves in the record.
    pub moves: usize,
}

impl SeatResult {
    /// What boards are compared by (duplicate): solved then fewer moves for
    /// a solitaire (every unsolved one alike), else the points where the game keeps score, else the
    /// game won, tied or lost. Greater is better.
    pub fn key(&self) -> (i64, i64) {
        match (self.solved, self.points) {
            (Some(true), _) => (1, -(self.moves as i64)),
            (Some(false), _) => (0, 0),
            (None, Some(p)) => (p, 0),
            (None, None) => (i64::from(self.halves), 0),
        }
    }
}

/// How a record counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "counted", rename_all = "kebab-case")]
pub enum Counted {
    /// Counted: why (`complete`, `as played`, ...) and each seat's result.
    Yes { how: String, seats: Vec<SeatResult> },
    /// Listed, not counted, and why.
    LeftOut { why: String },
}

/// Half-wins as people read them: `1`, `0.5`, `2.5`.
pub fn wins_text(halves: u32) -> String {
    if halves.is_multiple_of(2) {
        format!("{}", halves / 2)
    } else {
        format!("{}.5", halves / 2)
    }
}

/// How one judged record counts under the section's rules. `running` is the
/// session's scores by seat where the record stops (before an illegal move),
/// `to_move` the seat to move there.
pub fn count(
    names: &[String],
    verdict: &Verdict,
    running: Option<&[i64]>,
    to_move: Option<usize>,
    unfinished: Unfinished,
    illegal: Illegal,
) -> Counted {
    let moves = verdict.moves;
    match (verdict.status, &verdict.result) {
        (_, Some(r)) if r.annulled => Counted::LeftOut {
            why: crate::t!("ev-why-annulled", reason = r.reason.as_str()),
        },
        (Status::Complete, Some(r)) => Counted::Yes {
            how: crate::t!("ev-how-finished"),
            seats: from_result(names, r, running, moves),
        },
        // The game's own rules decide an illegal record (MN-3).
        (Status::Illegal, Some(r)) if !r.winners.is_empty() || !r.losers.is_empty() => {
            Counted::Yes {
                how: crate::t!("ev-how-rules", reason = r.reason.as_str()),
                seats: from_result(names, r, running, moves),
            }
        }
        // Illegal, and the rules name no winner (Farfalia's deals before it
        // stand): the description decides, with the points that stand.
        (Status::Illegal, r) => {
            let standing = r.as_ref().and_then(|r| points_of(names, r, running));
            let running = standing.as_deref().or(running);
            let offender = verdict
                .illegal
                .as_ref()
                .and_then(|i| names.iter().position(|n| *n == i.player));
            match illegal {
                Illegal::LeftOut => Counted::LeftOut {
                    why: "illegal = \"left-out\"".into(),
                },
                Illegal::AsPlayed => Counted::Yes {
                    how: crate::t!("ev-how-before-illegal"),
                    seats: as_played(names, running, moves),
                },
                Illegal::LossToOffender => Counted::Yes {
                    how: crate::t!(
                        "ev-how-loss-illegal",
                        player = offender.map_or("?", |s| names[s].as_str())
                    ),
                    seats: loss_for(names, offender, running, moves),
                },
            }
        }
        _ => match unfinished {
            Unfinished::LeftOut => Counted::LeftOut {
                why: "unfinished = \"left-out\"".into(),
            },
            Unfinished::AsPlayed => Counted::Yes {
                how: crate::t!("ev-how-so-far"),
                seats: as_played(names, running, moves),
            },
            Unfinished::LossToMove => Counted::Yes {
                how: crate::t!(
                    "ev-how-loss-to-move",
                    player = to_move.map_or("?", |s| names[s].as_str())
                ),
                seats: loss_for(names, to_move, running, moves),
            },
        },
    }
}

/// The sides of a partnership game (`partnerships` in the section), each
/// a list of seats: the names of the sides (`N-S`), in the sides' order.
pub fn side_names(names: &[String], sides: &[Vec<usize>]) -> Vec<String> {
    sides
        .iter()
        .map(|m| {
            m.iter()
                .map(|&i| names[i].as_str())
                .collect::<Vec<_>>()
                .join("-")
        })
        .collect()
}

/// [`count`] for a partnership game: the seats' verdict read as the sides'
/// (a side wins where a member wins, loses where a member loses; its points
/// are its members' added, FA-4 giving each partner the side's score; the
/// author of an illegal move and the seat to move stand for their side), so
/// an offence loses for the offender's side and its partner is never a
/// winner, and the spread is against the best other side.
pub fn count_sides(
    names: &[String],
    sides: &[Vec<usize>],
    verdict: &Verdict,
    running: Option<&[i64]>,
    to_move: Option<usize>,
    unfinished: Unfinished,
    illegal: Illegal,
) -> Counted {
    let snames = side_names(names, sides);
    let side_of = |seat: usize| sides.iter().position(|m| m.contains(&seat));
    let side_of_name = |n: &str| {
        names
            .iter()
            .position(|x| x == n)
            .and_then(side_of)
            .map(|s| snames[s].clone())
    };
    let sum = |points: &[i64]| -> Vec<i64> {
        sides
            .iter()
            .map(|m| m.iter().map(|&i| points.get(i).copied().unwrap_or(0)).sum())
            .collect()
    };
    let result = verdict.result.as_ref().map(|r| {
        let named = |list: &[String]| -> Vec<String> {
            let mut out: Vec<String> = Vec::new();
            for n in list {
                if let Some(side) = side_of_name(n) {
                    if !out.contains(&side) {
                        out.push(side);
                    }
                }
            }
            out
        };
        let scores = points_of(names, r, None).filter(|_| !r.scores.is_empty());
        GameResult {
            winners: named(&r.winners),
            losers: named(&r.losers),
            eliminated: named(&r.eliminated),
            annulled: r.annulled,
            solved: r.solved,
            scores: scores
                .map(|p| {
                    snames
                        .iter()
                        .zip(sum(&p))
                        .map(|(n, points)| crate::record::Score {
                            player: n.clone(),
                            points,
                        })
                        .collect()
                })
                .unwrap_or_default(),
            reason: r.reason.clone(),
        }
    });
    let sided = Verdict {
        status: verdict.status,
        moves: verdict.moves,
        illegal: verdict.illegal.as_ref().map(|i| crate::record::Illegal {
            number: i.number,
            player: side_of_name(&i.player).unwrap_or_else(|| i.player.clone()),
            rule: i.rule,
            code: i.code,
            message: i.message.clone(),
            line: i.line,
            column: i.column,
        }),
        result,
        to_move: verdict.to_move.as_deref().and_then(side_of_name),
        notes: Vec::new(),
        details: Vec::new(),
    };
    let running = running.map(sum);
    count(
        &snames,
        &sided,
        running.as_deref(),
        to_move.and_then(side_of),
        unfinished,
        illegal,
    )
}

fn points_of(names: &[String], r: &GameResult, running: Option<&[i64]>) -> Option<Vec<i64>> {
    if !r.scores.is_empty() {
        return Some(
            names
                .iter()
                .map(|n| {
                    r.scores
                        .iter()
                        .find(|s| s.player == *n)
                        .map_or(0, |s| s.points)
                })
                .collect(),
        );
    }
    running.map(<[i64]>::to_vec)
}

/// Spread: own points minus the best other seat's (none for one player).
fn spreads(points: Option<&[i64]>) -> Vec<Option<i64>> {
    let Some(p) = points else {
        return vec![None; 0];
    };
    (0..p.len())
        .map(|i| {
            (0..p.len())
                .filter(|&j| j != i)
                .map(|j| p[j])
                .max()
                .map(|best| p[i] - best)
        })
        .collect()
}

fn seats(
    names: &[String],
    halves: Vec<u32>,
    points: Option<Vec<i64>>,
    solved: Option<bool>,
    moves: usize,
) -> Vec<SeatResult> {
    let spread = spreads(points.as_deref());
    names
        .iter()
        .enumerate()
        .map(|(i, n)| SeatResult {
            name: n.clone(),
            halves: halves[i],
            points: points.as_ref().map(|p| p[i]),
            spread: spread.get(i).copied().flatten(),
            solved,
            moves,
        })
        .collect()
}

/// A finished game: its winners win; when every player of two or more wins,
/// it is a tie; a player named neither winner nor loser ties.
fn from_result(
    names: &[String],
    r: &GameResult,
    running: Option<&[i64]>,
    moves: usize,
) -> Vec<SeatResult> {
    let all_win = names.len() > 1 && names.iter().all(|n| r.winners.contains(n));
    let halves = names
        .iter()
        .map(|n| {
            if all_win {
                1
            } else if r.winners.contains(n) || (r.solved == Some(true) && names.len() == 1) {
                2
            } else if r.losers.contains(n) || r.solved == Some(false) {
                0
            } else {
                1
            }
        })
        .collect();
    seats(names, halves, points_of(names, r, running), r.solved, moves)
}

/// As if the game ended now: the highest running score wins (shared: a
/// tie); no running scores, a tie (a solitaire not over is not solved).
pub fn as_played(names: &[String], running: Option<&[i64]>, moves: usize) -> Vec<SeatResult> {
    if names.len() == 1 {
        return seats(
            names,
            vec![0],
            running.map(<[i64]>::to_vec),
            Some(false),
            moves,
        );
    }
    let halves = match running {
        None => vec![1; names.len()],
        Some(p) => {
            let best = p.iter().copied().max().unwrap_or(0);
            let top = p.iter().filter(|&&x| x == best).count();
            p.iter()
                .map(|&x| match (x == best, top) {
                    (true, 1) => 2,
                    (true, _) => 1,
                    _ => 0,
                })
                .collect()
        }
    };
    seats(names, halves, running.map(<[i64]>::to_vec), None, moves)
}

/// A loss for `seat`, a win for every other seat.
fn loss_for(
    names: &[String],
    seat: Option<usize>,
    running: Option<&[i64]>,
    moves: usize,
) -> Vec<SeatResult> {
    let halves = (0..names.len())
        .map(|i| {
            if Some(i) == seat || names.len() == 1 {
                0
            } else {
                2
            }
        })
        .collect();
    let solved = (names.len() == 1).then_some(false);
    seats(names, halves, running.map(<[i64]>::to_vec), solved, moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Illegal as IllegalMove, Score};

    fn names() -> Vec<String> {
        vec!["Anna".into(), "Bruno".into()]
    }

    fn scored(a: i64, b: i64) -> GameResult {
        let (w, l) = if a > b {
            ("Anna", "Bruno")
        } else {
            ("Bruno", "Anna")
        };
        GameResult {
            winners: vec![w.into()],
            losers: vec![l.into()],
            scores: vec![
                Score {
                    player: "Anna".into(),
                    points: a,
                },
                Score {
                    player: "Bruno".into(),
                    points: b,
                },
            ],
            ..GameResult::default()
        }
    }

    fn yes(c: Counted) -> Vec<SeatResult> {
        match c {
            Counted::Yes { seats, .. } => seats,
            other => panic!("{other:?}"),
        }
    }

    const D: (Unfinished, Illegal) = (Unfinished::AsPlayed, Illegal::LossToOffender);

    fn seats4() -> Vec<String> {
        ["N", "E", "S", "W"].map(String::from).to_vec()
    }

    fn short(s: &[SeatResult]) -> Vec<(&str, u32, Option<i64>, Option<i64>)> {
        s.iter()
            .map(|r| (r.name.as_str(), r.halves, r.points, r.spread))
            .collect()
    }

    /// Issue 39, worked by hand: Farfalia for four (FA-5), N and S against E
    /// and W, each partner holding the side's score (FA-4). E's move 40 is
    /// out of turn with N-S at 6 each, E-W at 16 each: the offence loses for
    /// E-W (E and W alike: the partner is never a winner), N-S win; the
    /// points stand, added per side (12 and 32); the spread is against the
    /// other side (-20, +20), not against one's own partner.
    #[test]
    fn an_offence_counts_for_the_offenders_side() {
        let sides = vec![vec![0, 2], vec![1, 3]];
        let v = Verdict::illegal(
            40,
            IllegalMove {
                number: 40,
                player: "E".into(),
                rule: "FA-2",
                code: "farfalia.out-of-turn",
                message: "not E's turn".into(),
                line: 1,
                column: 1,
            },
        );
        let c = count_sides(&seats4(), &sides, &v, Some(&[6, 16, 6, 16]), None, D.0, D.1);
        let Counted::Yes { how, seats } = c else {
            panic!("{c:?}")
        };
        assert_eq!(how, "as a loss for E-W, who made the illegal move");
        assert_eq!(
            short(&seats),
            [
                ("N-S", 2, Some(12), Some(-20)),
                ("E-W", 0, Some(32), Some(20))
            ]
        );
        // A finished match: the pair N-S wins, 74 points to 38 (each pair's
        // two totals added); spread +36 and -36.
        let r = GameResult {
            winners: vec!["N".into(), "S".into()],
            losers: vec!["E".into(), "W".into()],
            scores: [("N", 37), ("E", 19), ("S", 37), ("W", 19)]
                .map(|(p, points)| Score {
                    player: p.into(),
                    points,
                })
                .to_vec(),
            ..GameResult::default()
        };
        let s = yes(count_sides(
            &seats4(),
            &sides,
            &Verdict::complete(90, r, vec![]),
            None,
            None,
            D.0,
            D.1,
        ));
        assert_eq!(
            short(&s),
            [
                ("N-S", 2, Some(74), Some(36)),
                ("E-W", 0, Some(38), Some(-36))
            ]
        );
        // Unfinished, as played: the side ahead wins (one winner, not two tied seats).
        let v = Verdict::legal_so_far(20, Some("W".into()), vec![]);
        let s = yes(count_sides(
            &seats4(),
            &sides,
            &v,
            Some(&[10, 4, 10, 4]),
            Some(3),
            D.0,
            D.1,
        ));
        assert_eq!(
            short(&s),
            [
                ("N-S", 2, Some(20), Some(12)),
                ("E-W", 0, Some(8), Some(-12))
            ]
        );
    }

    #[test]
    fn a_finished_game_counts_its_winner_points_and_spread() {
        let v = Verdict::complete(20, scored(312, 290), vec![]);
        let s = yes(count(&names(), &v, None, None, D.0, D.1));
        assert_eq!(
            (s[0].halves, s[0].points, s[0].spread),
            (2, Some(312), Some(22))
        );
        assert_eq!(
            (s[1].halves, s[1].points, s[1].spread),
            (0, Some(290), Some(-22))
        );
        assert_eq!(s[0].key(), (312, 0));
    }

    /// NS-7 / FA-11: every player a winner is a tie.
    #[test]
    fn a_shared_win_of_everyone_is_a_tie() {
        let mut r = scored(300, 300);
        r.winners = names();
        r.losers.clear();
        let s = yes(count(
            &names(),
            &Verdict::complete(9, r, vec![]),
            None,
            None,
            D.0,
            D.1,
        ));
        assert_eq!((s[0].halves, s[1].halves), (1, 1));
        assert_eq!(s[0].spread, Some(0));
    }

    #[test]
    fn a_solitaire_is_solved_then_fewest_moves() {
        let one = vec!["Anna".to_string()];
        let won = Verdict::complete(30, GameResult::solitaire("Anna", true, "w".into()), vec![]);
        let lost = Verdict::complete(12, GameResult::solitaire("Anna", false, "l".into()), vec![]);
        let a = yes(count(&one, &won, None, None, D.0, D.1));
        let b = yes(count(&one, &lost, None, None, D.0, D.1));
        assert_eq!(
            (a[0].halves, a[0].solved, a[0].key()),
            (2, Some(true), (1, -30))
        );
        assert_eq!((b[0].halves, b[0].key()), (0, (0, 0)));
        assert!(a[0].key() > b[0].key());
    }

    #[test]
    fn unfinished_games_count_as_the_description_says() {
        let v = Verdict::legal_so_far(7, Some("Bruno".into()), vec![]);
        let run = [40, 55];
        let s = yes(count(
            &names(),
            &v,
            Some(&run),
            Some(1),
            Unfinished::AsPlayed,
            D.1,
        ));
        assert_eq!((s[0].halves, s[1].halves, s[1].spread), (0, 2, Some(15)));
        let s = yes(count(
            &names(),
            &v,
            Some(&run),
            Some(1),
            Unfinished::LossToMove,
            D.1,
        ));
        assert_eq!((s[0].halves, s[1].halves), (2, 0));
        assert!(matches!(
            count(&names(), &v, Some(&run), Some(1), Unfinished::LeftOut, D.1),
            Counted::LeftOut { .. }
        ));
        // No running scores (MOON): as played is a tie.
        let s = yes(count(
            &names(),
            &v,
            None,
            Some(1),
            Unfinished::AsPlayed,
            D.1,
        ));
        assert_eq!((s[0].halves, s[1].halves, s[0].points), (1, 1, None));
    }

    #[test]
    fn illegal_records_lose_for_the_offender_unless_the_rules_decide() {
        let ill = IllegalMove {
            number: 3,
            player: "Anna".into(),
            rule: "MN-2",
            code: "x",
            message: "m".into(),
            line: 1,
            column: 1,
        };
        let v = Verdict::illegal(3, ill.clone());
        let s = yes(count(
            &names(),
            &v,
            None,
            Some(0),
            D.0,
            Illegal::LossToOffender,
        ));
        assert_eq!((s[0].halves, s[1].halves), (0, 2));
        // MN-3: the rules decide (here Bruno made it), whatever the description says.
        let mut ruled = Verdict::illegal(3, ill);
        ruled.result = Some(GameResult {
            winners: vec!["Anna".into()],
            losers: vec!["Bruno".into()],
            ..GameResult::default()
        });
        let s = yes(count(&names(), &ruled, None, None, D.0, Illegal::LeftOut));
        assert_eq!((s[0].halves, s[1].halves), (2, 0));
        ruled.result.as_mut().unwrap().annulled = true;
        assert!(matches!(
            count(&names(), &ruled, None, None, D.0, D.1),
            Counted::LeftOut { .. }
        ));
    }
}
