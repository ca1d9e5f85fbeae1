//! The library entry point of `tavolo solve`: a game's solver decides a deal —
//! a winning line (as record moves that `tavolo check` accepts), a proof that
//! there is none, or "undecided" at a stated bound (see [`crate::search`]).
//! A game may also solve a position read from a record ([`SolvePosition`]:
//! Natura Shakerata's best moves for a rack, and the review of a whole game).

use serde_json::{json, Value};

use crate::deal::Provenance;
use crate::error::Error;
use crate::record::{write, MoveOut};
use crate::search::{Answer, Bound, Limits, Stats};

/// The name the solver gives the player in the records it writes.
pub const PLAYER: &str = "solver";

/// One deal decided.
pub struct Decided {
    pub provenance: Provenance,
    pub verdict: &'static str,
    pub bound: Option<Bound>,
    pub stats: Stats,
    pub moves: Vec<MoveOut>,
    /// The moves in the game's notation, for reports.
    pub notation: Vec<String>,
    pub setup_toml: String,
    /// For a solver that maximises a score (Quincunx): the score of the line
    /// found, beside a simple player's. `None` for win-or-lose solitaires.
    pub score: Option<ScoreNote>,
}

/// The scores of a deal decided by a maximising solver. With `undecided` the
/// best line found is still in `moves` and `best` is its score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoreNote {
    /// The score of the line found (proved the highest when `solved`).
    pub best: Option<i64>,
    /// What the rules call that score (a rating band), if anything.
    pub label: Option<String>,
    /// A greedy player's score on the same deal, and its label.
    pub greedy: Option<i64>,
    pub greedy_label: Option<String>,
}

/// What a `--seeds` survey of a maximising solver found: for the lines found
/// and for the greedy player, the mean score and how many deals each label
/// (rating band) got.
#[derive(Debug, Clone, PartialEq)]
pub struct ScoreTally {
    /// Mean score of the lines found, over the deals with one, and how many.
    pub best: (Option<f64>, usize),
    /// The greedy player's mean over the deals it finished, and how many.
    pub greedy: (Option<f64>, usize),
    /// Each label with its count of lines found and of greedy games. Labels
    /// come best first, by the mean score of the deals carrying them; labels
    /// that never carry a score (such as "lost") come last, by name.
    pub rows: Vec<(String, usize, usize)>,
    /// Deals left undecided with no line found (so with no label).
    pub no_line: usize,
}

impl ScoreTally {
    /// The tally of `results`, or `None` when no result has scores.
    pub fn of(results: &[Decided]) -> Option<ScoreTally> {
        let notes: Vec<&ScoreNote> = results.iter().filter_map(|d| d.score.as_ref()).collect();
        if notes.is_empty() {
            return None;
        }
        let mean = |xs: Vec<i64>| {
            let n = xs.len();
            ((n > 0).then(|| xs.iter().sum::<i64>() as f64 / n as f64), n)
        };
        // label -> (lines found, greedy games, scores carrying it)
        let mut by: std::collections::BTreeMap<&str, (usize, usize, Vec<i64>)> = Default::default();
        for n in &notes {
            if let Some(l) = &n.label {
                let e = by.entry(l).or_default();
                e.0 += 1;
                e.2.extend(n.best);
            }
            if let Some(l) = &n.greedy_label {
                let e = by.entry(l).or_default();
                e.1 += 1;
                e.2.extend(n.greedy);
            }
        }
        let mut rows: Vec<(Option<f64>, &str, usize, usize)> = by
            .into_iter()
            .map(|(l, (b, g, xs))| (mean(xs).0, l, b, g))
            .collect();
        // Highest mean first; no mean last; then by name (the map's order, kept by a
        // stable sort).
        rows.sort_by(|a, b| match (a.0, b.0) {
            (Some(x), Some(y)) => y.total_cmp(&x),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        });
        Some(ScoreTally {
            best: mean(notes.iter().filter_map(|n| n.best).collect()),
            greedy: mean(notes.iter().filter_map(|n| n.greedy).collect()),
            rows: rows
                .into_iter()
                .map(|(_, l, b, g)| (l.to_string(), b, g))
                .collect(),
            no_line: notes
                .iter()
                .filter(|n| n.best.is_none() && n.label.is_none())
                .count(),
        })
    }

    /// As `--json` reports it.
    pub fn json(&self) -> Value {
        let labels: Vec<Value> = self
            .rows
            .iter()
            .map(|(l, b, g)| json!({"label": l, "best": b, "greedy": g}))
            .collect();
        json!({
            "best": {"mean": self.best.0, "deals": self.best.1},
            "greedy": {"mean": self.greedy.0, "deals": self.greedy.1},
            "labels": labels,
            "no_line": self.no_line,
        })
    }
}

/// A game's solver: decides one deal. The answer depends on the deal and the
/// limits only, never on how it was asked (one deal alone, in a survey, written
/// out or not): a deal has one answer, the same line with the same length.
pub trait Solve: Sync {
    fn decide(&self, provenance: &Provenance, limits: Limits) -> Decided;
}

/// What `tavolo solve GAME RECORD` asks of a game's [`SolvePosition`].
#[derive(Debug, Clone, Default)]
pub struct PositionQuery {
    /// The record (TOML, or a format the game reads besides, by extension).
    pub file: std::path::PathBuf,
    /// The position after this many moves of the record (`None`: all of them).
    pub after: Option<usize>,
    /// The tiles of the player to move, when the record does not know them.
    pub rack: Option<String>,
    /// How many moves to list.
    pub top: usize,
    /// Review the whole record instead: each turn's best move beside the one played.
    pub analyse: bool,
    /// Search the endgame (the bag empty, both racks known) to its end: the best line.
    pub endgame: bool,
    /// Positions the endgame search may visit.
    pub max_nodes: u64,
    /// Seconds the endgame search may take (`None`: no time limit).
    pub max_seconds: Option<f64>,
    /// Word lists instead of the record's own (`None`: the record's).
    pub words: Option<WordLists>,
    /// How moves are ranked (`None`: the game's default).
    pub rank: Option<Rank>,
    /// A file of values the ranking uses (Natura's leave values) instead of the lexicon's.
    pub leaves: Option<std::path::PathBuf>,
    /// Play the best candidates out against random draws of the hidden tiles (`--simulate`).
    pub simulate: Option<Simulation>,
}

/// How `tavolo solve --simulate` plays a position's best candidates out: each `iterations`
/// times, `plies` moves further, from draws of what the player cannot see made from `seed`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Simulation {
    pub candidates: usize,
    pub plies: usize,
    pub iterations: u64,
    pub seed: String,
    /// Threads: the answer does not depend on them.
    pub threads: usize,
}

/// How `tavolo solve` ranks a position's moves (`--rank`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rank {
    /// By the points the move scores now.
    Score,
    /// By score plus the value of what the move keeps (Natura: the leave).
    Equity,
}

/// Word lists named on the command line (`--lexicon`), opened by the game that needs them.
#[derive(Debug, Clone, Default)]
pub struct WordLists {
    pub sources: Vec<crate::lexicon::Source>,
    pub options: crate::lexicon::Options,
}

impl WordLists {
    pub fn open(&self) -> Result<crate::lexicon::Lexicon, Error> {
        crate::lexicon::Lexicon::open(&self.sources, &self.options)
    }
}

/// A game's solver of positions read from records: the answer as text and as JSON.
pub trait SolvePosition: Sync {
    fn solve_position(&self, query: &PositionQuery) -> Result<crate::games::Scored, Error>;
}

impl Decided {
    /// What a solver's answer says about a deal; `moves_out` turns the winning
    /// line into record moves.
    pub fn new<M: std::fmt::Display>(
        provenance: Provenance,
        answer: Answer<M>,
        stats: Stats,
        moves_out: impl FnOnce(&[M]) -> Vec<MoveOut>,
        setup_toml: String,
    ) -> Decided {
        let (verdict, bound, moves) = split(answer);
        Decided {
            provenance,
            verdict,
            bound,
            stats,
            moves: moves_out(&moves),
            notation: moves.iter().map(|m| m.to_string()).collect(),
            setup_toml,
            score: None,
        }
    }
}

fn split<M>(answer: Answer<M>) -> (&'static str, Option<Bound>, Vec<M>) {
    let verdict = answer.verdict();
    match answer {
        Answer::Solved(moves) => (verdict, None, moves),
        Answer::Unsolvable => (verdict, None, Vec::new()),
        Answer::GaveUp(bound) => (verdict, Some(bound), Vec::new()),
    }
}

impl Decided {
    /// Whether the answer carries a whole line of play to write as a record: a
    /// solution, or a scoring solver's best line found before it gave up.
    pub fn has_line(&self) -> bool {
        self.verdict == "solved" || (self.verdict == "undecided" && !self.moves.is_empty())
    }

    pub fn record_text(&self) -> String {
        write::record(
            &self.provenance,
            &[PLAYER.to_string()],
            &self.setup_toml,
            &self.moves,
        )
    }

    pub fn summary(&self) -> String {
        let what = match (self.verdict, self.notation.len(), self.bound) {
            ("solved", 1, _) => "solved in 1 move".to_string(),
            ("solved", n, _) => format!("solved in {n} moves"),
            ("unsolvable", ..) => "unsolvable: no line of play wins (exhaustive search)".into(),
            (_, _, Some(b)) => format!("undecided: gave up at {b}"),
            _ => self.verdict.to_string(),
        };
        let score = self.score.as_ref().map_or(String::new(), |s| {
            let show = |v: Option<i64>, l: &Option<String>| match (v, l) {
                (Some(v), Some(l)) => format!("{v} ({l})"),
                (Some(v), None) => v.to_string(),
                (None, Some(l)) => l.clone(),
                (None, None) => "none".into(),
            };
            format!(
                "; best {}, greedy {}",
                show(s.best, &s.label),
                show(s.greedy, &s.greedy_label)
            )
        });
        format!(
            "seed {}: {what}{score} ({} positions generated, {} stored)",
            write::string(&self.provenance.seed),
            self.stats.nodes,
            self.stats.stored
        )
    }

    /// The deal's answer as JSON; every key is present whatever the verdict
    /// (`bound` and `length` are `null` where they do not apply, `moves` is
    /// `[]` for a deal not solved), `moves` only `with_moves`.
    pub fn json(&self, with_moves: bool) -> Value {
        let solved = self.verdict == "solved";
        let mut v = json!({
            "seed": self.provenance.seed,
            "board": self.provenance.board,
            "verdict": self.verdict,
            "nodes": self.stats.nodes,
            "stored": self.stats.stored,
            "bound": self.bound.map(|b| match b {
                Bound::Nodes(n) => json!({ "nodes": n }),
                Bound::Memory(m) => json!({ "memory_bytes": m }),
            }),
            "length": solved.then_some(self.notation.len()),
        });
        if with_moves {
            v["moves"] = json!(self.notation);
        }
        if let Some(s) = &self.score {
            v["score"] = json!(s.best);
            v["label"] = json!(s.label);
            v["greedy"] = json!(s.greedy);
            v["greedy_label"] = json!(s.greedy_label);
            if with_moves && self.verdict != "solved" && !self.notation.is_empty() {
                v["moves"] = json!(self.notation);
            }
        }
        v
    }
}

/// The seeds of `--seeds`: a comma list whose items are seeds or ranges
/// `A..B` of numbered seeds (`1..10,503`), a million at most.
pub fn seeds_of(spec: &str) -> Result<Vec<String>, Error> {
    let bad = |item: &str| {
        Error::input(
            "cli.bad-seeds",
            format!(
                "`--seeds {spec}`: `{item}` is neither a seed nor a range `A..B` of numbers \
                 with A <= B (a million seeds at most)"
            ),
        )
        .help("e.g. `--seeds 1..1000`, `--seeds 3,17,42` or `--seeds 1..10,503`")
    };
    let mut seeds = Vec::new();
    for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        if let Some((a, b)) = item.split_once("..") {
            let a: u64 = a.trim().parse().map_err(|_| bad(item))?;
            let b: u64 = b.trim().parse().map_err(|_| bad(item))?;
            if a > b || b - a >= 1_000_000 || seeds.len() as u64 + (b - a) >= 1_000_000 {
                return Err(bad(item));
            }
            seeds.extend((a..=b).map(|n| n.to_string()));
        } else {
            seeds.push(item.to_string());
        }
    }
    if seeds.is_empty() {
        return Err(bad(spec));
    }
    Ok(seeds)
}

/// Decide every seed, `jobs` at a time; results in the order of `seeds`.
pub fn decide_all(
    solver: &dyn Solve,
    deal: (&str, &str, u32),
    seeds: &[String],
    limits: Limits,
    jobs: usize,
) -> Vec<Decided> {
    decide_all_reporting(solver, deal, seeds, limits, jobs, &|| {})
}

/// [`decide_all`], calling `done` as each deal is decided (for a progress bar).
pub fn decide_all_reporting(
    solver: &dyn Solve,
    (game, variant, board): (&str, &str, u32),
    seeds: &[String],
    limits: Limits,
    jobs: usize,
    done: &(dyn Fn() + Sync),
) -> Vec<Decided> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<Decided>>> = Mutex::new((0..seeds.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(seeds.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(seed) = seeds.get(i) else {
                    break;
                };
                let d = solver.decide(&Provenance::new(game, variant, seed, board), limits);
                if let Ok(mut slots) = slots.lock() {
                    slots[i] = Some(d);
                }
                done();
            });
        }
    });
    slots
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::seeds_of;

    #[test]
    fn seeds_are_ranges_and_lists_mixed() {
        assert_eq!(seeds_of("1..3").unwrap(), ["1", "2", "3"]);
        assert_eq!(seeds_of("3, 17,42").unwrap(), ["3", "17", "42"]);
        assert_eq!(seeds_of("1..3,503,x").unwrap(), ["1", "2", "3", "503", "x"]);
        for bad in ["", ",", "5..2", "1..x", "0..1000000", "0..999999,1..2"] {
            let e = seeds_of(bad).unwrap_err();
            assert_eq!(e.code, "cli.bad-seeds", "{bad}");
        }
        assert_eq!(seeds_of("0..999999").unwrap().len(), 1_000_000);
    }
}
