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

/// A game's solver: decides one deal. `polish` asks for extra effort on the
/// line found (shorter), worth it when the line is shown or written.
pub trait Solve: Sync {
    fn decide(&self, provenance: &Provenance, limits: Limits, polish: bool) -> Decided;
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
    /// Word lists instead of the record's own (`None`: the record's).
    pub words: Option<WordLists>,
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

pub fn seeds_of(spec: &str) -> Result<Vec<String>, Error> {
    let bad = || {
        Error::input(
            "cli.bad-seeds",
            format!(
                "`--seeds {spec}` is neither a range `A..B` of numbers with A <= B \
                 (at most a million) nor a comma list"
            ),
        )
        .help("e.g. `--seeds 1..1000` or `--seeds 3,17,42`")
    };
    if let Some((a, b)) = spec.split_once("..") {
        let a: u64 = a.trim().parse().map_err(|_| bad())?;
        let b: u64 = b.trim().parse().map_err(|_| bad())?;
        if a > b || b - a >= 1_000_000 {
            return Err(bad());
        }
        return Ok((a..=b).map(|n| n.to_string()).collect());
    }
    let list: Vec<String> = spec
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    if list.is_empty() {
        return Err(bad());
    }
    Ok(list)
}

/// Decide every seed, `jobs` at a time; results in the order of `seeds`.
pub fn decide_all(
    solver: &dyn Solve,
    deal: (&str, &str, u32),
    seeds: &[String],
    limits: Limits,
    jobs: usize,
    polish: bool,
) -> Vec<Decided> {
    decide_all_reporting(solver, deal, seeds, limits, (jobs, polish), &|| {})
}

/// [`decide_all`], calling `done` as each deal is decided (for a progress bar).
pub fn decide_all_reporting(
    solver: &dyn Solve,
    (game, variant, board): (&str, &str, u32),
    seeds: &[String],
    limits: Limits,
    (jobs, polish): (usize, bool),
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
                let d = solver.decide(&Provenance::new(game, variant, seed, board), limits, polish);
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
