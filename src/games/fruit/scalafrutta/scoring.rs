//! Scalafrutta's combinations (RULINGS SF-3) and the exact best partition of
//! a holding into them (SF-5).
//!
//! A combination is either a *set* of 3-6 tiles of one number (tris, poker,
//! pokerissimo, superpoker) or a *run* ("in scala") of 3-5 tiles of one fruit
//! with consecutive numbers. A 6-long run is not a combination, but its tiles
//! may be split into two 3-runs.
//!
//! ## Why the best partition is exact and fast
//! Picture a holding as a 6x6 grid, fruits by numbers. Runs lie along a fruit's
//! row; sets lie down a number's column. Once the runs are chosen, the tiles left
//! in column `n` are best used as *one* set of all of them when there are 3 or
//! more (a set's bonus grows faster than linearly: 6 = 250 beats 3 + 3 = 50),
//! and are worthless otherwise. So the whole problem is the choice of runs, and
//! the only thing the run choice of one fruit passes on to the others is how
//! many tiles it takes out of each column. A row of 6 has at most 11 run
//! choices; a dynamic programme over the 6 fruits, keyed by the per-column
//! counts taken so far (a multiset of at most 6 choices: at most C(16,6) = 8008
//! states), visits every run choice of the whole holding exactly once up to
//! that equivalence, so its optimum is the true optimum. Tests check it
//! against an exhaustive search on small holdings and random ones.

use std::fmt;

use crate::games::fruit::tile::{Fruit, Tile};
use crate::games::fruit::tileset::TileSet;

/// What kind of combination (SF-3), with the sheet's names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// Tiles of one number (3..=6 of them).
    Set,
    /// Tiles of one fruit with consecutive numbers (3..=5 of them).
    Run,
}

/// One legal combination: its tiles in canonical order.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Combination {
    kind: Kind,
    tiles: TileSet,
}

/// Why some tiles do not form a combination.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CombinationError {
    TooFew(usize),
    TooMany(usize),
    /// The same tile listed twice.
    Repeated(Tile),
    /// Neither one number nor one fruit in scala.
    Mixed,
    /// One fruit but the numbers leave a gap.
    Gap,
}

impl fmt::Display for CombinationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CombinationError::TooFew(n) => f.write_str(&crate::t!("sf-too-few", count = *n)),
            CombinationError::TooMany(n) => f.write_str(&crate::t!("sf-too-many", count = *n)),
            CombinationError::Repeated(t) => {
                f.write_str(&crate::t!("sf-repeated", tile = t.to_string()))
            }
            CombinationError::Mixed => f.write_str(&crate::t!("sf-mixed")),
            CombinationError::Gap => f.write_str(&crate::t!("sf-gap")),
        }
    }
}

impl std::error::Error for CombinationError {}

/// The fixed bonus of a set of `len` tiles (SF-3); face values come on top.
fn set_bonus(len: usize) -> u32 {
    match len {
        3 => 25,
        4 => 50,
        5 => 100,
        6 => 250,
        _ => 0,
    }
}

/// The fixed bonus of a run of `len` tiles (SF-3); face values come on top.
fn run_bonus(len: usize) -> u32 {
    match len {
        3 => 50,
        4 => 100,
        5 => 200,
        _ => 0,
    }
}

impl Combination {
    /// Checks that `tiles` form a combination (SF-3).
    pub fn new(tiles: &[Tile]) -> Result<Combination, CombinationError> {
        let mut set = TileSet::EMPTY;
        for &t in tiles {
            if !set.insert(t) {
                return Err(CombinationError::Repeated(t));
            }
        }
        Combination::from_set(set)
    }

    /// Checks that a set of tiles forms a combination (SF-3).
    pub fn from_set(set: TileSet) -> Result<Combination, CombinationError> {
        let n = set.len();
        if n < 3 {
            return Err(CombinationError::TooFew(n));
        }
        if n > 6 {
            return Err(CombinationError::TooMany(n));
        }
        let first = set.iter().next().expect("3+ tiles");
        if set.iter().all(|t| t.number() == first.number()) {
            return Ok(Combination {
                kind: Kind::Set,
                tiles: set,
            });
        }
        if !set.iter().all(|t| t.fruit() == first.fruit()) {
            return Err(CombinationError::Mixed);
        }
        if n > 5 {
            return Err(CombinationError::TooMany(n));
        }
        let row = set.row(first.fruit()) >> first.number().saturating_sub(1);
        if row != (1u8 << n) - 1 {
            return Err(CombinationError::Gap);
        }
        Ok(Combination {
            kind: Kind::Run,
            tiles: set,
        })
    }

    pub fn kind(&self) -> Kind {
        self.kind
    }

    pub fn tiles(&self) -> TileSet {
        self.tiles
    }

    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// Bonus plus face values (SF-3).
    pub fn score(&self) -> u32 {
        let faces: u32 = self.tiles.iter().map(|t| t.number() as u32).sum();
        let bonus = match self.kind {
            Kind::Set => set_bonus(self.len()),
            Kind::Run => run_bonus(self.len()),
        };
        bonus + faces
    }

    /// The sheet's name: "tris", "poker", ... or "scala di 4".
    pub fn name(&self) -> String {
        match (self.kind, self.len()) {
            (Kind::Set, 3) => "tris".into(),
            (Kind::Set, 4) => "poker".into(),
            (Kind::Set, 5) => "pokerissimo".into(),
            (Kind::Set, _) => "superpoker".into(),
            (Kind::Run, n) => format!("scala di {n}"),
        }
    }
}

impl fmt::Display for Combination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.tiles)
    }
}

/// A partition of a holding: the combinations, and the tiles in none of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Partition {
    /// Runs in fruit order, then sets by number.
    pub combinations: Vec<Combination>,
    pub unused: TileSet,
}

impl Partition {
    pub fn score(&self) -> u32 {
        self.combinations.iter().map(Combination::score).sum()
    }
}

/// The run choices of one fruit row: the numbers they take (6-bit mask),
/// their (start, len) segments (start 0-based) and their run score.
#[derive(Debug, Clone)]
struct RowChoice {
    taken: u8,
    segments: Vec<(u8, u8)>,
    score: u32,
}

fn segment_mask(start: u8, len: u8) -> u8 {
    (((1u16 << len) - 1) << start) as u8
}

fn segment_score(start: u8, len: u8) -> u32 {
    // Numbers start+1 ..= start+len.
    let faces: u32 = (start as u32 + 1..=start as u32 + len as u32).sum();
    run_bonus(len as usize) + faces
}

/// Every way to lay disjoint runs in a row holding `held` (bit n-1 = number n).
fn row_choices(held: u8) -> Vec<RowChoice> {
    let mut singles = Vec::new();
    for len in 3..=5u8 {
        for start in 0..=(6 - len) {
            if held & segment_mask(start, len) == segment_mask(start, len) {
                singles.push((start, len));
            }
        }
    }
    let mut out = vec![RowChoice {
        taken: 0,
        segments: vec![],
        score: 0,
    }];
    for &(s, l) in &singles {
        out.push(RowChoice {
            taken: segment_mask(s, l),
            segments: vec![(s, l)],
            score: segment_score(s, l),
        });
    }
    // Two disjoint runs of 3+ fit in a row of 6 only as 1-2-3 and 4-5-6.
    if held == 0x3f {
        out.push(RowChoice {
            taken: 0x3f,
            segments: vec![(0, 3), (3, 3)],
            score: segment_score(0, 3) + segment_score(3, 3),
        });
    }
    out
}

/// Base-7 digit weights: column counts are encoded as sum c[n] * 7^n.
const POW7: [u32; 6] = [1, 7, 49, 343, 2401, 16807];
const STATES: usize = 117_649; // 7^6

fn delta(taken: u8) -> u32 {
    DELTA[taken as usize & 0x3f]
}

/// [`delta`] of every row of six: the state code a row's taken numbers add.
const DELTA: [u32; 64] = {
    let mut t = [0u32; 64];
    let mut taken = 0;
    while taken < 64 {
        let mut n = 0;
        while n < 6 {
            if taken & (1 << n) != 0 {
                t[taken] += POW7[n];
            }
            n += 1;
        }
        taken += 1;
    }
    t
};

/// Value of the tiles left in column `number` (1..=6) when `left` remain:
/// one set of all of them if 3+, else nothing (see the module comment).
fn column_value(left: usize, number: u8) -> u32 {
    if left >= 3 {
        set_bonus(left) + left as u32 * number as u32
    } else {
        0
    }
}

thread_local! {
    /// [`best_partition`]'s table of states, all zeros between calls.
    static SLOTS: std::cell::Cell<Vec<u32>> = const { std::cell::Cell::new(Vec::new()) };
}

#[derive(Clone, Copy)]
struct Node {
    code: u32,
    value: u32,
    parent: u32,
    choice: u8,
}

/// The partition of `held` with the highest score (SF-5). Exact for any
/// holding of up to all 36 tiles; ties are broken the same way every time.
pub fn best_partition(held: TileSet) -> Partition {
    let rows: Vec<Vec<RowChoice>> = Fruit::ALL
        .iter()
        .map(|&f| row_choices(held.row(f)))
        .collect();
    let columns: [usize; 6] = std::array::from_fn(|n| held.count_number(n as u8 + 1));

    // Layered DP over fruits; `slot[code]` = 1 + index of that state in the
    // current layer (0 = not seen), reset after each layer. The table is all
    // zeros again at the end, so each thread keeps its own for the next call
    // (zeroing 460 KB a call was most of a call's time).
    let mut slot = SLOTS.take();
    if slot.len() != STATES {
        slot = vec![0u32; STATES];
    }
    let mut layers: Vec<Vec<Node>> = Vec::with_capacity(7);
    layers.push(vec![Node {
        code: 0,
        value: 0,
        parent: 0,
        choice: 0,
    }]);
    for choices in &rows {
        let prev = layers.last().expect("layer 0");
        let mut next: Vec<Node> = Vec::with_capacity(prev.len() * choices.len());
        for (pi, node) in prev.iter().enumerate() {
            for (ci, choice) in choices.iter().enumerate() {
                let code = node.code + delta(choice.taken);
                let value = node.value + choice.score;
                let s = &mut slot[code as usize];
                if *s == 0 {
                    next.push(Node {
                        code,
                        value,
                        parent: pi as u32,
                        choice: ci as u8,
                    });
                    *s = next.len() as u32;
                } else {
                    let existing = &mut next[*s as usize - 1];
                    if value > existing.value {
                        existing.value = value;
                        existing.parent = pi as u32;
                        existing.choice = ci as u8;
                    }
                }
            }
        }
        for n in &next {
            slot[n.code as usize] = 0;
        }
        layers.push(next);
    }

    let decode =
        |code: u32| -> [usize; 6] { std::array::from_fn(|n| (code / POW7[n] % 7) as usize) };
    let total = |node: &Node| -> u32 {
        let taken = decode(node.code);
        node.value
            + (0..6)
                .map(|n| column_value(columns[n] - taken[n], n as u8 + 1))
                .sum::<u32>()
    };
    let last = layers.last().expect("6 layers");
    let mut best = 0;
    let mut best_total = total(&last[0]);
    for (i, node) in last.iter().enumerate().skip(1) {
        let t = total(node);
        if t > best_total {
            best = i;
            best_total = t;
        }
    }

    SLOTS.set(slot);

    // Walk back to recover each fruit's runs.
    let mut picks = [0u8; 6];
    let mut idx = best;
    for f in (0..6).rev() {
        let node = layers[f + 1][idx];
        picks[f] = node.choice;
        idx = node.parent as usize;
    }
    let mut combinations = Vec::new();
    let mut left = held;
    for (f, &fruit) in Fruit::ALL.iter().enumerate() {
        for &(start, len) in &rows[f][picks[f] as usize].segments {
            let tiles: TileSet = (start + 1..=start + len)
                .filter_map(|n| Tile::new(fruit, n))
                .collect();
            left = left.difference(tiles);
            combinations.push(Combination {
                kind: Kind::Run,
                tiles,
            });
        }
    }
    for number in 1..=6u8 {
        let tiles: TileSet = left.iter().filter(|t| t.number() == number).collect();
        if tiles.len() >= 3 {
            left = left.difference(tiles);
            combinations.push(Combination {
                kind: Kind::Set,
                tiles,
            });
        }
    }
    let partition = Partition {
        combinations,
        unused: left,
    };
    debug_assert_eq!(partition.score(), best_total);
    partition
}

/// Why a declared partition is not a partition of the holding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PartitionError {
    /// Combination `index` (0-based) is not a legal combination.
    NotACombination {
        index: usize,
        error: CombinationError,
    },
    /// Combination `index` uses a tile the player does not hold.
    NotHeld { index: usize, tile: Tile },
    /// Combination `index` uses a tile already used by combination `first`.
    UsedTwice {
        index: usize,
        first: usize,
        tile: Tile,
    },
}

impl fmt::Display for PartitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PartitionError::NotACombination { index, error } => f.write_str(&crate::t!(
                "sf-combination-error",
                n = index + 1,
                error = error.to_string()
            )),
            PartitionError::NotHeld { index, tile } => f.write_str(&crate::t!(
                "sf-combination-not-held",
                n = index + 1,
                tile = tile.to_string()
            )),
            PartitionError::UsedTwice { index, first, tile } if index == first => {
                f.write_str(&crate::t!(
                    "sf-combination-twice",
                    n = index + 1,
                    tile = tile.to_string()
                ))
            }
            PartitionError::UsedTwice { index, first, tile } => f.write_str(&crate::t!(
                "sf-combination-used",
                n = index + 1,
                tile = tile.to_string(),
                first = first + 1
            )),
        }
    }
}

impl std::error::Error for PartitionError {}

/// A declared partition, checked (SF-5): its score and the best possible.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    pub partition: Partition,
    pub best: u32,
}

impl Checked {
    pub fn is_best(&self) -> bool {
        self.partition.score() == self.best
    }
}

/// Checks that `declared` splits some of `held` into legal, disjoint
/// combinations, and compares its score with the best partition (SF-5).
pub fn check_partition(held: TileSet, declared: &[Vec<Tile>]) -> Result<Checked, PartitionError> {
    check_partition_against(held, declared, || best_partition(held).score())
}

/// As [`check_partition`], with the best score computed by `best` only when
/// the declaration is a partition (the engine knows it already).
pub fn check_partition_against(
    held: TileSet,
    declared: &[Vec<Tile>],
    best: impl FnOnce() -> u32,
) -> Result<Checked, PartitionError> {
    let mut used: Vec<(Tile, usize)> = Vec::new();
    let mut combinations = Vec::new();
    for (index, tiles) in declared.iter().enumerate() {
        for &tile in tiles {
            if !held.contains(tile) {
                return Err(PartitionError::NotHeld { index, tile });
            }
            if let Some(&(_, first)) = used.iter().find(|(t, _)| *t == tile) {
                return Err(PartitionError::UsedTwice { index, first, tile });
            }
            used.push((tile, index));
        }
        let combination = Combination::new(tiles)
            .map_err(|error| PartitionError::NotACombination { index, error })?;
        combinations.push(combination);
    }
    let in_use: TileSet = used.iter().map(|&(t, _)| t).collect();
    Ok(Checked {
        partition: Partition {
            combinations,
            unused: held.difference(in_use),
        },
        best: best(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn tiles(s: &str) -> Vec<Tile> {
        s.split_whitespace().map(|t| t.parse().unwrap()).collect()
    }

    fn set(s: &str) -> TileSet {
        tiles(s).into_iter().collect()
    }

    #[test]
    fn sf3_sheet_example_poker_of_threes_is_62() {
        let c = Combination::new(&tiles("M3 P3 C3 U3")).unwrap();
        assert_eq!(c.kind(), Kind::Set);
        assert_eq!(c.name(), "poker");
        assert_eq!(c.score(), 62);
    }

    #[test]
    fn sf3_sheet_example_mele_3_to_6_is_118() {
        let c = Combination::new(&tiles("M3 M4 M5 M6")).unwrap();
        assert_eq!(c.kind(), Kind::Run);
        assert_eq!(c.score(), 118);
        // And the best partition of exactly those tiles is that run.
        let p = best_partition(set("M3 M4 M5 M6"));
        assert_eq!(p.score(), 118);
        assert_eq!(p.combinations.len(), 1);
    }

    #[test]
    fn sf3_every_bonus() {
        assert_eq!(Combination::new(&tiles("M1 P1 C1")).unwrap().score(), 28);
        assert_eq!(
            Combination::new(&tiles("M6 P6 C6 U6 F6")).unwrap().score(),
            130
        );
        assert_eq!(
            Combination::new(&tiles("M2 P2 C2 U2 F2 B2"))
                .unwrap()
                .score(),
            262
        );
        assert_eq!(Combination::new(&tiles("B1 B2 B3")).unwrap().score(), 56);
        assert_eq!(
            Combination::new(&tiles("U2 U3 U4 U5 U6")).unwrap().score(),
            220
        );
    }

    #[test]
    fn sf3_illegal_combinations() {
        use CombinationError::*;
        assert_eq!(Combination::new(&tiles("M1 M2")), Err(TooFew(2)));
        assert_eq!(
            Combination::new(&tiles("M1 M2 M2")),
            Err(Repeated(tiles("M2")[0]))
        );
        assert_eq!(Combination::new(&tiles("M1 M2 P3")), Err(Mixed));
        assert_eq!(Combination::new(&tiles("M1 M2 M4")), Err(Gap));
        // A 6-long run is not a combination (SF-3).
        assert_eq!(
            Combination::new(&tiles("M1 M2 M3 M4 M5 M6")),
            Err(TooMany(6))
        );
    }

    #[test]
    fn sf3_six_run_is_split_or_cut() {
        // Not a 6-run: 1-2-3 + 4-5-6 = 56 + 65 = 121 is legal, but the
        // 5-run 2..6 (200 + 20) beats it, leaving M1 unused.
        let all = set("M1 M2 M3 M4 M5 M6");
        let split = check_partition(all, &[tiles("M1 M2 M3"), tiles("M4 M5 M6")]).unwrap();
        assert_eq!(split.partition.score(), 121);
        let p = best_partition(all);
        assert_eq!(p.score(), 220);
        assert_eq!(p.unused, set("M1"));
    }

    #[test]
    fn sf5_full_holding() {
        // All 36: six superpokers = 6*250 + 6*21 = 1626; any run steals from
        // every column it crosses, so sets win.
        let p = best_partition(TileSet::ALL);
        assert_eq!(p.score(), 1626);
        assert_eq!(p.combinations.len(), 6);
        assert!(p.combinations.iter().all(|c| c.kind() == Kind::Set));
    }

    #[test]
    fn sf5_mixed_holding_from_the_brief() {
        // B3 M3 P3 U3 M4 M5 M6: poker of 3s (62) + M4 M5 M6 (65) = 127 loses
        // to tris B3 P3 U3 (34) + M3-M6 (118) = 152.
        let p = best_partition(set("B3 M3 P3 U3 M4 M5 M6"));
        assert_eq!(p.score(), 152);
        assert!(p.unused.is_empty());
    }

    #[test]
    fn sf5_checks_a_declared_partition() {
        let held = set("B3 M3 P3 U3 M4 M5 M6 F1");
        let ok = check_partition(held, &[tiles("M3 M4 M5 M6")]).unwrap();
        assert_eq!(ok.partition.score(), 118);
        assert_eq!(ok.best, 152);
        assert!(!ok.is_best());
        assert_eq!(ok.partition.unused, set("B3 P3 U3 F1"));
        let second = check_partition(held, &[tiles("B3 M3 P3 U3"), tiles("M4 M5 M6")]).unwrap();
        assert_eq!(second.partition.score(), 127);
        assert!(!second.is_best());
        let best = check_partition(held, &[tiles("B3 P3 U3"), tiles("M3 M4 M5 M6")]).unwrap();
        assert!(best.is_best());
        assert!(matches!(
            check_partition(held, &[tiles("M3 M4 M5"), tiles("M5 M6 F1")]),
            Err(PartitionError::UsedTwice {
                index: 1,
                first: 0,
                ..
            })
        ));
        let e = check_partition(held, &[tiles("M4 M4 M5")]).unwrap_err();
        assert!(matches!(
            e,
            PartitionError::UsedTwice {
                index: 0,
                first: 0,
                ..
            }
        ));
        assert_eq!(
            e.to_string(),
            "combination 1: M4 is listed twice (each tile in at most one combination, SF-2)"
        );
        assert!(matches!(
            check_partition(held, &[tiles("C6 M4 M5")]),
            Err(PartitionError::NotHeld { index: 0, .. })
        ));
        assert!(matches!(
            check_partition(held, &[tiles("B3 M4 M5")]),
            Err(PartitionError::NotACombination { index: 0, .. })
        ));
    }

    /// Every combination inside `held`, by exhaustive enumeration.
    fn all_combinations(held: TileSet) -> Vec<TileSet> {
        let mut out = Vec::new();
        let items: Vec<Tile> = held.iter().collect();
        // Sets: per number, every subset of size 3..=6.
        for number in 1..=6u8 {
            let col: Vec<Tile> = items
                .iter()
                .copied()
                .filter(|t| t.number() == number)
                .collect();
            for mask in 0u32..(1 << col.len()) {
                if mask.count_ones() >= 3 {
                    out.push(
                        col.iter()
                            .enumerate()
                            .filter(|(i, _)| mask & (1 << i) != 0)
                            .map(|(_, t)| *t)
                            .collect(),
                    );
                }
            }
        }
        for fruit in Fruit::ALL {
            for len in 3..=5u8 {
                for start in 1..=(7 - len) {
                    let run: TileSet = (start..start + len)
                        .map(|n| Tile::new(fruit, n).unwrap())
                        .collect();
                    if run.is_subset(held) {
                        out.push(run);
                    }
                }
            }
        }
        out
    }

    /// Exhaustive search: the lowest tile left is either unused or in one of
    /// the combinations containing it. Memoised on the set of tiles left.
    fn brute(left: TileSet, combos: &[TileSet], memo: &mut HashMap<TileSet, u32>) -> u32 {
        let Some(first) = left.iter().next() else {
            return 0;
        };
        if let Some(&v) = memo.get(&left) {
            return v;
        }
        let mut rest = left;
        rest.remove(first);
        let mut best = brute(rest, combos, memo);
        for c in combos {
            if c.contains(first) && c.is_subset(left) {
                let score = Combination::from_set(*c).unwrap().score();
                best = best.max(score + brute(left.difference(*c), combos, memo));
            }
        }
        memo.insert(left, best);
        best
    }

    fn brute_force_score(held: TileSet) -> u32 {
        brute(held, &all_combinations(held), &mut HashMap::new())
    }

    #[test]
    fn sf5_matches_brute_force_on_dense_small_grids() {
        // Every holding inside a 3-fruit x 4-number block (2^12 holdings),
        // where runs and sets compete hardest.
        let block: Vec<Tile> = ["M", "P", "C"]
            .iter()
            .flat_map(|f| (2..=5).map(move |n| format!("{f}{n}").parse::<Tile>().unwrap()))
            .collect();
        for mask in 0u32..(1 << block.len()) {
            let held: TileSet = block
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .map(|(_, t)| *t)
                .collect();
            assert_eq!(
                best_partition(held).score(),
                brute_force_score(held),
                "holding {held}"
            );
        }
    }

    mod prop {
        use super::*;
        use proptest::prelude::*;

        fn holding(max: usize) -> impl Strategy<Value = TileSet> {
            proptest::collection::btree_set(0usize..36, 0..=max).prop_map(|s| {
                s.into_iter()
                    .filter_map(Tile::from_index)
                    .collect::<TileSet>()
            })
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(400))]

            /// SF-5: the DP equals exhaustive search on random holdings.
            #[test]
            fn sf5_best_partition_is_exact(held in holding(18)) {
                let p = best_partition(held);
                prop_assert_eq!(p.score(), brute_force_score(held));
            }

            /// SF-5 where runs and sets compete hardest: dense holdings
            /// inside 4 fruits x 5 numbers.
            #[test]
            fn sf5_best_partition_is_exact_when_dense(bits in 0u32..(1 << 20)) {
                let held: TileSet = (0..20)
                    .filter(|i| bits & (1 << i) != 0)
                    .filter_map(|i| Tile::from_index((i / 5) * 6 + i % 5 + 1))
                    .collect();
                prop_assert_eq!(best_partition(held).score(), brute_force_score(held));
            }

            /// The partition returned is itself a legal, disjoint partition
            /// of the holding, for holdings up to all 36 tiles.
            #[test]
            fn sf5_best_partition_is_a_partition(held in holding(36)) {
                let p = best_partition(held);
                let lists: Vec<Vec<Tile>> =
                    p.combinations.iter().map(|c| c.tiles().iter().collect()).collect();
                let checked = check_partition(held, &lists).unwrap();
                prop_assert!(checked.is_best());
                prop_assert_eq!(checked.partition.unused, p.unused);
            }
        }
    }
}
