//! A game ended otherwise than by its last legal move (GN-4): a player resigned, or, at a
//! strict table, a move the sheet punishes was recorded and lost at once. The same for every
//! game: the session holds an [`Ended`] after its legal moves and writes it as the record's
//! last `[[move]]`; `check` reads a resignation back ([`crate::record::Resigned`]) and judges
//! it here ([`judge_resigned`]); a strict table's illegal move is judged by the game's own
//! `check`, as any record's illegal last move is.

use crate::error::Error;
use crate::record::{GameResult, MoveOut, Record, Score, Source, Verdict};

/// The end of a game after its legal moves: who, the `[[move]]` it is written as, and the
/// result it gives.
#[derive(Debug, Clone)]
pub struct Ended {
    pub seat: usize,
    /// Its `[[move]]` fields (a resignation's `resign = true`, or the illegal move's own).
    pub out: MoveOut,
    /// As the move list writes it (`resign`, or the illegal move's notation).
    pub notation: String,
    pub explanation: String,
    pub result: GameResult,
}

/// What a record writes for a resignation besides `player`.
pub const RESIGN_FIELD: (&str, &str) = ("resign", "true");

/// Whether a resignation ends the game: it does unless play goes on without the player,
/// which GN-4 gives where the sheet puts a player out (MOON, Domino: games that keep no
/// score) with more than two players.
pub fn resign_ends(players: usize, scores: Option<&[i64]>) -> bool {
    players <= 2 || scores.is_some()
}

/// The result of `seat` resigning at record move `number` (GN-4): a solitaire is lost; a
/// game that keeps score ends with the scores so far, the resigning player last (the best
/// of the others win); in a game that puts a player out, the other player wins.
pub fn resigned_result(
    names: &[String],
    seat: usize,
    number: usize,
    scores: Option<&[i64]>,
) -> GameResult {
    let me = names[seat].clone();
    if names.len() == 1 {
        return GameResult::solitaire(
            &me,
            false,
            format!("{me} resigned at move {number}: the solitaire is lost (GN-4)"),
        );
    }
    let others: Vec<usize> = (0..names.len()).filter(|&p| p != seat).collect();
    match scores {
        Some(scores) => {
            let top = others.iter().map(|&p| scores[p]).max().unwrap_or(0);
            GameResult {
                winners: others
                    .iter()
                    .filter(|&&p| scores[p] == top)
                    .map(|&p| names[p].clone())
                    .collect(),
                losers: vec![me.clone()],
                scores: names
                    .iter()
                    .zip(scores)
                    .map(|(n, &x)| Score {
                        player: n.clone(),
                        points: x,
                    })
                    .collect(),
                reason: format!(
                    "{me} resigned at move {number}: the game ends with the scores so far, {me} ranked last (GN-4)"
                ),
                ..GameResult::default()
            }
        }
        None => GameResult {
            winners: others.iter().map(|&p| names[p].clone()).collect(),
            losers: vec![me.clone()],
            eliminated: vec![me.clone()],
            reason: format!(
                "{me} resigned at move {number} and is out, as with no legal move left (GN-4)"
            ),
            ..GameResult::default()
        },
    }
}

/// A result in words, for the terminal and the page: who won, the scores, and why.
pub fn said(r: &GameResult) -> String {
    let who = if r.annulled {
        "the game is annulled".to_string()
    } else {
        match (&r.winners[..], &r.losers[..]) {
            ([], []) => "nobody wins".to_string(),
            ([], losers) => format!("{} loses", losers.join(" and ")),
            ([w], _) => format!("{w} wins"),
            (ws, _) => format!("{} share the win", ws.join(" and ")),
        }
    };
    let scores = if r.scores.is_empty() {
        String::new()
    } else {
        let per: Vec<String> = r
            .scores
            .iter()
            .map(|s| format!("{} {}", s.player, s.points))
            .collect();
        format!("; scores so far: {}", per.join(", "))
    };
    format!("{who}{scores}: {}", r.reason)
}

/// `check` of a record with resignations (GN-4), given the game's verdict on its other
/// moves: an illegal move before the last resignation stands; a resignation after the end
/// is illegal; a resignation that ends the game gives the result its session gives; where
/// play went on without the player (MOON, Domino with more than two), the game's own
/// verdict, which put them out, stands.
pub fn judge_resigned(src: &Source, record: &Record, verdict: Verdict) -> Result<Verdict, Error> {
    let Some(last) = record.resignations.last() else {
        return Ok(verdict);
    };
    if matches!(verdict.status, crate::record::Status::Illegal) {
        return Ok(verdict);
    }
    let tables = super::session::find(record.game).ok_or_else(|| {
        src.error(
            "record.resign-unjudged",
            &last.span,
            format!(
                "tavolo has no session for {} to judge a resignation",
                record.game
            ),
        )
    })?;
    let (live, refused) = tables.open(record, src)?;
    let total = record.moves.len() + record.resignations.len();
    if refused.is_none() && live.resignations() < record.resignations.len() {
        // The session leaves out a resignation after the end.
        let name = &record.players[last.player].name;
        let (line, column) = crate::error::line_column(&src.text, last.span.start);
        let mut v = Verdict::illegal(
            total,
            crate::record::Illegal {
                number: last.number,
                player: name.clone(),
                rule: "GN-4",
                code: "record.resign-after-end",
                message: format!(
                    "{name} resigns at move {}, after the game ended",
                    last.number
                ),
                line,
                column,
            },
        );
        v.result = verdict.result;
        return Ok(v.with_details(verdict.details));
    }
    match live.ended() {
        Some(result) => {
            Ok(Verdict::complete(total, result, verdict.notes).with_details(verdict.details))
        }
        None => Ok(Verdict {
            moves: total,
            ..verdict
        }),
    }
}

/// Whether a record that `check` judges illegal is a strict table's game ended by its last
/// move, judged as the sheet says (GN-4, `[session] strict = true`): a session goes on
/// from it (to show its result, or to take that move back) as from a legal record.
pub fn strict_end(name: &std::path::Path, text: &str) -> bool {
    let src = Source::new(name, text.to_string());
    let Ok(record) = Record::parse(&src, &crate::games::Registry) else {
        return false;
    };
    if !record.strict {
        return false;
    }
    let Some(tables) = super::session::find(record.game) else {
        return false;
    };
    matches!(tables.open(&record, &src), Ok((live, None)) if live.ended().is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(n: usize) -> Vec<String> {
        ["Anna", "Bruno", "Carla"][..n]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    /// GN-4: a scored game ends with the scores so far, the resigning player last, even
    /// when ahead.
    #[test]
    fn a_scored_game_puts_the_resigning_player_last() {
        let r = resigned_result(&names(3), 0, 7, Some(&[50, 20, 30]));
        assert_eq!(r.winners, ["Carla"]);
        assert_eq!(r.losers, ["Anna"]);
        assert_eq!(r.scores[0].points, 50);
        assert!(said(&r).starts_with("Carla wins; scores so far: Anna 50"));
    }

    /// GN-4: a solitaire resigned is lost; a game without scores, two players: the other wins.
    #[test]
    fn a_solitaire_is_lost_and_the_other_player_wins() {
        let r = resigned_result(&names(1), 0, 3, None);
        assert_eq!(
            (r.solved, &r.losers[..]),
            (Some(false), &["Anna".to_string()][..])
        );
        let r = resigned_result(&names(2), 1, 3, None);
        assert_eq!(r.winners, ["Anna"]);
        assert_eq!(r.eliminated, ["Bruno"]);
        assert!(resign_ends(2, None) && !resign_ends(3, None) && resign_ends(3, Some(&[0])));
    }
}
