//! The players' moves in a duplicate game, read from TOML files and scored against the tops.
//!
//! A file holds one table per round, `[round.N]`, whose keys are the players' names and whose
//! values are their moves in the notation of `tavolo score natura`: `"H8 across CASA"` (the
//! first square, the direction, the whole word: a jolly in lower case, `.` or the letter for a
//! square already covered), or `"pass"` (or `""`) for no move. Several files may be given
//! (one per round, or one per player); a player may submit once a round. The format is in
//! `docs/duplicate.md`.

use std::path::Path;

use serde::Serialize;

use super::super::board::Placement;
use super::super::layout::TileSet;
use super::judge::{judge, percent_tenths};
use super::record::{placement_text, read_placement, Loaded};
use crate::error::Error;
use crate::record::{Source, Span};

/// One submission as read.
#[derive(Debug, Clone)]
pub struct Submission {
    /// From 1.
    pub round: usize,
    pub player: String,
    /// `None` for a pass.
    pub play: Option<Placement>,
    /// Where it is written: `file:line:column`.
    pub at: String,
}

/// The span of part of a plainly written string value (else the whole value).
fn part_span(src: &Source, span: &Span, text: &str, offset: usize, len: usize) -> Span {
    let raw = src.text.get(span.clone()).unwrap_or("");
    if raw.len() == text.len() + 2 && &raw[1..raw.len() - 1] == text {
        let start = span.start + 1 + offset;
        return start..start + len.max(1);
    }
    span.clone()
}

/// The words of a text with their byte offsets.
fn parts(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}

fn where_(src: &Source, span: &Span) -> String {
    let loc = src.location(span);
    match (loc.line, loc.column) {
        (Some(l), Some(c)) => format!("{}:{l}:{c}", src.path.display()),
        _ => src.path.display().to_string(),
    }
}

/// Read one submissions file; `rounds` is how many rounds the game has.
pub fn read(src: &Source, rounds: usize) -> Result<Vec<Submission>, Error> {
    let doc = src.parse()?;
    let mut f = doc.fields(src, "the submissions")?;
    f.only(&["round"])?;
    let Some(table) = f.opt("round") else {
        return Err(src
            .error(
                "duplicate.no-rounds",
                &doc.span,
                "the file has no `[round.N]` table",
            )
            .help("write each round's moves as `[round.1]` then `Anna = \"H8 across CASA\"`"));
    };
    f.finish(&["round"])?;
    let mut rf = table.fields(src, "`round`")?;
    let mut out = Vec::new();
    for (key, node) in rf.rest() {
        let round = key
            .name
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=rounds).contains(n))
            .ok_or_else(|| {
                src.error(
                    "duplicate.unknown-round",
                    &key.span,
                    format!(
                        "there is no round `{}`: the game has rounds 1 to {rounds}",
                        key.name
                    ),
                )
            })?;
        let mut pf = node.fields(src, &format!("round {round}"))?;
        for (name, value) in pf.rest() {
            let text = value.as_str(src, &format!("{}'s move in round {round}", name.name))?;
            let trimmed = text.trim();
            let play = if trimmed.is_empty() || trimmed.eq_ignore_ascii_case("pass") {
                None
            } else {
                let p = parts(text);
                if p.len() != 3 {
                    return Err(src
                        .error(
                            "duplicate.bad-submission",
                            &value.span,
                            format!(
                                "`{text}` is not a move: a square, a direction and a word, as \"H8 across CASA\" (or \"pass\")"
                            ),
                        ));
                }
                let span = |k: usize| part_span(src, &value.span, text, p[k].0, p[k].1.len());
                let letter_span = |i: usize| {
                    let (off, word) = p[2];
                    let (at, c) = word.char_indices().nth(i).unwrap_or((0, ' '));
                    part_span(src, &value.span, text, off + at, c.len_utf8())
                };
                Some(read_placement(
                    src,
                    (p[2].1, &span(2)),
                    &letter_span,
                    (p[0].1, &span(0)),
                    (p[1].1, &span(1)),
                )?)
            };
            out.push(Submission {
                round,
                player: name.name.to_string(),
                play,
                at: where_(src, &value.span),
            });
        }
    }
    Ok(out)
}

/// Read every file and refuse a player's second move for a round.
pub fn read_files(
    files: &[(impl AsRef<Path>, String)],
    rounds: usize,
) -> Result<Vec<Submission>, Error> {
    let mut all: Vec<Submission> = Vec::new();
    for (path, text) in files {
        let src = Source::new(path.as_ref(), text.clone());
        for s in read(&src, rounds)? {
            if let Some(first) = all
                .iter()
                .find(|o| o.round == s.round && o.player == s.player)
            {
                return Err(Error::input(
                    "duplicate.twice",
                    format!(
                        "{} gives a second move for round {} at {} (the first is at {})",
                        s.player, s.round, s.at, first.at
                    ),
                ));
            }
            all.push(s);
        }
    }
    Ok(all)
}

/// One player's round.
#[derive(Debug, Clone, Serialize)]
pub struct Scored {
    pub round: usize,
    /// The move as submitted (`null` for none).
    #[serde(rename = "move")]
    pub mv: Option<String>,
    pub legal: bool,
    pub score: u32,
    /// The round's top.
    pub top: u32,
    /// Percent of the top, to a tenth.
    pub percent: f64,
    /// Why an illegal move scores 0, with its stable code.
    pub code: Option<&'static str>,
    pub reason: Option<String>,
    /// Where the move is written.
    pub at: Option<String>,
}

/// One player's game.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerResult {
    pub player: String,
    pub total: u32,
    /// The tops' total.
    pub top: u32,
    pub percent: f64,
    pub rounds: Vec<Scored>,
}

/// Score every player's submissions against the game's tops: every round of the game for
/// every player named in a submission (no move scores 0), players in order of first mention.
pub fn score(game: &Loaded, subs: &[Submission]) -> Vec<PlayerResult> {
    let set = TileSet::italian();
    let mut names: Vec<&str> = Vec::new();
    for s in subs {
        if !names.contains(&s.player.as_str()) {
            names.push(&s.player);
        }
    }
    let top_total: u32 = game.rounds.iter().map(|r| r.top.score).sum();
    names
        .iter()
        .map(|&name| {
            let rounds: Vec<Scored> = game
                .rounds
                .iter()
                .map(|round| {
                    let top = round.top.score;
                    let sub = subs
                        .iter()
                        .find(|s| s.round == round.number && s.player == name);
                    let mut out = Scored {
                        round: round.number,
                        mv: None,
                        legal: false,
                        score: 0,
                        top,
                        percent: 0.0,
                        code: None,
                        reason: None,
                        at: sub.map(|s| s.at.clone()),
                    };
                    let Some(play) = sub.and_then(|s| s.play.as_ref()) else {
                        out.reason = Some("no move".into());
                        return out;
                    };
                    out.mv = Some(placement_text(play));
                    match judge(&round.board, &set, &round.drawn.rack, play, &game.graph) {
                        Ok(j) => {
                            out.legal = true;
                            out.score = j.score;
                            out.percent = f64::from(percent_tenths(j.score, top)) / 10.0;
                        }
                        Err(r) => {
                            out.code = Some(r.code());
                            out.reason = Some(r.describe());
                        }
                    }
                    out
                })
                .collect();
            let total: u32 = rounds.iter().map(|r| r.score).sum();
            PlayerResult {
                player: name.to_string(),
                total,
                top: top_total,
                percent: f64::from(percent_tenths(total, top_total)) / 10.0,
                rounds,
            }
        })
        .collect()
}
