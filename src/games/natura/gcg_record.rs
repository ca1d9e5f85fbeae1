//! GCG records in `tavolo check` (NS-6): a `.gcg` file read by [`super::gcg`], its tile set
//! chosen by its pragmas, replayed into a verdict; and a game of the engine written as GCG,
//! NS-4's end adjustment as end-rack lines.

use std::path::Path;

use super::board::THROUGH;
use super::game::{End, Outcome, Rules, Setup, State};
use super::layout::TileSet;
use super::moves::Move;
use super::record::{per_seat, signed, tiles_text, Natura};
use crate::error::{Error, Location};
use crate::games::check::{Foreign, Judged};
use crate::games::engine::Engine;
use crate::record::{GameResult, Illegal, Score, Verdict};

impl Foreign for Natura {
    fn extension(&self) -> &'static str {
        "gcg"
    }

    fn check(&self, path: &Path, bytes: &[u8]) -> Result<Judged, Error> {
        check_gcg(path, bytes)
    }
}

/// The tile set a GCG file is scored with: `#tile-distribution` (or `#tile-set`) naming
/// `english` or `polish`, else the Italian set and the sheet's rack bonus.
pub fn gcg_scoring(g: &super::gcg::Gcg) -> super::gcg::Scoring {
    use super::gcg::{EndRule, Scoring};
    let named = g
        .pragma("tile-distribution")
        .or(g.pragma("tile-set"))
        .map(str::to_ascii_lowercase);
    match named.as_deref() {
        Some("english") => Scoring {
            set: TileSet::english(),
            natura_bonus: false,
            end: EndRule::Naspa,
        },
        Some("polish") => Scoring {
            set: TileSet::polish(),
            natura_bonus: false,
            end: EndRule::Naspa,
        },
        _ => Scoring::natura(),
    }
}

pub(super) fn gcg_error(path: &Path, e: &super::gcg::GcgError) -> Error {
    Error::input(e.code, e.message.clone()).at(Location::line_column(path, e.line, e.col))
}

/// Judge a GCG file: read (a malformed line is unreadable, exit 2), then replay every event
/// (a play that does not fit, or a score or total that differs, is illegal at its line).
pub fn check_gcg(path: &Path, bytes: &[u8]) -> Result<Judged, Error> {
    use super::gcg::{read, replay, Action};
    let r = read(bytes).map_err(|e| gcg_error(path, &e))?;
    let scoring = gcg_scoring(&r.gcg);
    let players: Vec<String> = r.gcg.players.iter().map(|p| p.nick.clone()).collect();
    let mut notes: Vec<String> = r
        .warnings
        .iter()
        .map(|w| format!("warning: line {}: {}", w.line, w.message))
        .collect();
    notes.push(format!("tile set: {} (NS-6)", scoring.set.name));
    let total = r.gcg.events.len();
    let verdict = match replay(&r, &scoring) {
        Ok((_, replayed)) => {
            for (i, (e, x)) in r.gcg.events.iter().zip(&replayed).enumerate() {
                let what = match &e.action {
                    Action::Play { .. } => format!("plays {}", x.words.join(", ")),
                    Action::Pass => "passes".into(),
                    Action::Exchange(_) | Action::ExchangeCount(_) => "exchanges".into(),
                    Action::Withdrawn => "withdraws the play".into(),
                    Action::ChallengeBonus => "challenge bonus".into(),
                    Action::EndRack(_) => "end-rack points".into(),
                    Action::RackPenalty(_) => "own rack left".into(),
                    Action::Time => "time penalty".into(),
                };
                notes.push(format!(
                    "event {}: {} {what} {} ({} in all)",
                    i + 1,
                    players[e.player],
                    signed(x.score),
                    x.cumulative
                ));
            }
            let mut totals = vec![0; players.len()];
            for (e, x) in r.gcg.events.iter().zip(&replayed) {
                totals[e.player] = x.cumulative;
            }
            let ended = r
                .gcg
                .events
                .iter()
                .any(|e| matches!(e.action, Action::EndRack(_) | Action::RackPenalty(_)));
            if ended {
                let best = totals.iter().copied().max().unwrap_or(0);
                let top: Vec<usize> = (0..players.len()).filter(|&s| totals[s] == best).collect();
                let scores = players
                    .iter()
                    .zip(&totals)
                    .map(|(n, &p)| Score {
                        player: n.clone(),
                        points: i64::from(p),
                    })
                    .collect();
                let winner = (top.len() == 1).then(|| players[top[0]].clone());
                Verdict::complete(
                    total,
                    GameResult {
                        losers: match &winner {
                            Some(w) => players.iter().filter(|p| *p != w).cloned().collect(),
                            None => Vec::new(),
                        },
                        winners: winner.into_iter().collect(),
                        scores,
                        reason: format!(
                            "the file's end-rack lines: {}",
                            per_seat(&players, &totals)
                        ),
                        ..GameResult::default()
                    },
                    notes,
                )
            } else {
                Verdict::legal_so_far(total, None, notes)
            }
        }
        Err(e) => {
            let number = r
                .lines
                .iter()
                .position(|&l| l == e.line)
                .map_or(0, |i| i + 1);
            let player = r
                .gcg
                .events
                .get(number.saturating_sub(1))
                .map(|ev| players[ev.player].clone())
                .unwrap_or_default();
            Verdict::illegal(
                total,
                Illegal {
                    number,
                    player,
                    rule: "NS-6 (the record's scores)",
                    code: e.code,
                    message: e.message,
                    line: e.line,
                    column: e.col,
                },
            )
        }
    };
    Ok(Judged {
        game: "natura".into(),
        variant: "standard".into(),
        players,
        verdict,
    })
}

/// A TOML record's game as GCG (NS-6): each move as an event with the rack before it, the
/// end adjustment (NS-4) as end-rack lines. `None` when the record cannot be replayed.
pub fn to_gcg(players: &[String], start: &Setup, rules: &Rules, moves: &[Move]) -> Option<String> {
    use super::gcg::{Action, Event, Gcg, Player};
    let mut game = State::start(start, rules).ok()?;
    let set = TileSet::italian();
    let mut g = Gcg {
        players: players
            .iter()
            .enumerate()
            .map(|(i, n)| Player {
                nick: format!("p{}", i + 1),
                name: n.clone(),
            })
            .collect(),
        pragmas: vec![("tile-distribution".into(), "italian".into())],
        ..Gcg::default()
    };
    let mut totals = vec![0i32; players.len()];
    for mv in moves {
        let seat = mv.seat();
        let rack = game.rack_text(seat);
        let before = game.scores().to_vec();
        let o = game.play(mv.clone()).ok()?;
        let action = match (mv, &o) {
            (Move::Place { play, .. }, _) => Action::Play {
                at: play.at,
                dir: play.dir,
                word: play
                    .word
                    .iter()
                    .map(|&t| if t == THROUGH { '.' } else { set.char_of(t) })
                    .collect(),
            },
            (Move::Exchange { tiles, .. }, _) => Action::Exchange(tiles_text(tiles)),
            (Move::Pass { .. }, _) => Action::Pass,
            (Move::Challenge { .. }, Outcome::Withdrawn { .. }) => Action::Withdrawn,
            (Move::Challenge { .. }, _) => Action::ChallengeBonus,
        };
        // A withdrawal and a challenge bonus are events of the player whose play it was.
        let who = match &o {
            Outcome::Withdrawn { seat, .. } | Outcome::Upheld { seat, .. } => *seat,
            _ => seat,
        };
        let score = game.scores()[who] - before[who];
        totals[who] += score;
        let rack = if who == seat { rack } else { String::new() };
        g.events.push(Event {
            player: who,
            rack,
            action,
            score,
            cumulative: totals[who],
            notes: Vec::new(),
        });
    }
    // NS-4's adjustment as end-rack lines: each rack left off its owner, and, when a player
    // went out, each of them added to that player.
    if game.end().is_some() && !rules.no_rack_penalty {
        let left: Vec<(String, i32)> = (0..players.len())
            .map(|s| (game.rack_text(s), game.rack_value(s)))
            .collect();
        for (s, (r, v)) in left.iter().enumerate() {
            if r.is_empty() {
                continue;
            }
            totals[s] -= v;
            g.events.push(Event {
                player: s,
                rack: r.clone(),
                action: Action::RackPenalty(r.clone()),
                score: -v,
                cumulative: totals[s],
                notes: Vec::new(),
            });
        }
        if let Some(End::Out(o)) = game.end() {
            for (r, v) in left.iter().filter(|(r, _)| !r.is_empty()) {
                totals[o] += v;
                g.events.push(Event {
                    player: o,
                    rack: String::new(),
                    action: Action::EndRack(r.clone()),
                    score: *v,
                    cumulative: totals[o],
                    notes: Vec::new(),
                });
            }
        }
    }
    Some(super::gcg::write(&g))
}
