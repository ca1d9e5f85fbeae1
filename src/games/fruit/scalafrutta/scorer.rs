//! `tavolo score scalafrutta TILES...`: the partition of a holding into
//! combinations with the highest score (SF-3, SF-5), or, when the holding has
//! all six tiles of one fruit, Scalafrutta: the hand ends at once, 500 to the
//! holder and nothing to the others (SF-4), and no partition is scored.

use serde::Serialize;

use crate::error::Error;
use crate::games::fruit::{Fruit, Tile, TileSet};
use crate::games::{Scored, Scorer};

use super::record::Scalafrutta;
use super::scoring::{best_partition, Combination, Partition};

impl Scorer for Scalafrutta {
    fn usage(&self) -> &'static str {
        "the tiles held, e.g. `B3 M3 P3 U3 M4 M5 M6`: the best partition into combinations (SF-3, SF-5); all six of one fruit is Scalafrutta, 500 and the hand ends (SF-4)"
    }

    fn score(&self, args: &[String]) -> Result<Scored, Error> {
        let held = parse_holding(args)?;
        let hand = HandScore::of(held);
        let json = serde_json::to_value(PartitionJson::new(held, &hand))
            .map_err(|e| Error::failed("score.json", e.to_string()))?;
        Ok(Scored {
            text: render_text(held, &hand),
            json,
        })
    }
}

/// What a holding scores for the hand: Scalafrutta when it has all six tiles
/// of a fruit (SF-4: the hand ends there, so no partition is scored), else
/// its best partition (SF-3, SF-5).
enum HandScore {
    Scalafrutta(Fruit),
    Partition(Partition),
}

/// What Scalafrutta scores for its holder (SF-4); the others score 0.
const SCALAFRUTTA_POINTS: u32 = 500;

impl HandScore {
    fn of(held: TileSet) -> HandScore {
        match Fruit::ALL.into_iter().find(|&f| held.row(f) == 0x3f) {
            Some(fruit) => HandScore::Scalafrutta(fruit),
            None => HandScore::Partition(best_partition(held)),
        }
    }

    fn score(&self) -> u32 {
        match self {
            HandScore::Scalafrutta(_) => SCALAFRUTTA_POINTS,
            HandScore::Partition(p) => p.score(),
        }
    }
}

/// The six tiles of `fruit`.
fn all_of(fruit: Fruit) -> TileSet {
    (1..=6).filter_map(|n| Tile::new(fruit, n)).collect()
}

/// Parses tile names given as arguments; each may also hold several names
/// separated by spaces or commas (`"B3,M3 P3"`).
pub fn parse_holding(args: &[String]) -> Result<TileSet, Error> {
    let mut held = TileSet::EMPTY;
    let names = args.iter().enumerate().flat_map(|(i, a)| {
        a.split([' ', ','])
            .filter(|s| !s.is_empty())
            .map(move |s| (i + 1, s))
    });
    for (arg, name) in names {
        let tile: Tile = name
            .parse()
            .map_err(|e: crate::games::fruit::tile::ParseTileError| {
                Error::input("score.unknown-tile", format!("argument {arg}: {e}"))
            })?;
        if !held.insert(tile) {
            return Err(Error::input(
                "score.repeated-tile",
                format!("argument {arg}: {tile} is given twice; each of the 36 tiles exists once (FR-1)"),
            ));
        }
    }
    Ok(held)
}

fn render_text(held: TileSet, hand: &HandScore) -> String {
    let mut out = format!("tiles:  {held}\n");
    let p = match hand {
        HandScore::Partition(p) => p,
        HandScore::Scalafrutta(fruit) => {
            out += &format!(
                "Scalafrutta: all six {} ({}) end the hand at once (SF-4)\n",
                fruit.name(),
                all_of(*fruit)
            );
            out += &format!(
                "hand:   {SCALAFRUTTA_POINTS} points to this player, 0 to the others (SF-4)\n"
            );
            return out;
        }
    };
    for c in &p.combinations {
        out += &format!(
            "  {:<12} {:<18} {:>4}\n",
            c.name(),
            c.to_string(),
            c.score()
        );
    }
    if p.combinations.is_empty() {
        out += "  (no combination)\n";
    }
    let unused = if p.unused.is_empty() {
        "-".to_string()
    } else {
        p.unused.to_string()
    };
    out += &format!("unused: {unused}\n");
    out += &format!("best:   {} points (SF-5)\n", p.score());
    out
}

#[derive(Serialize)]
struct CombinationJson {
    name: String,
    tiles: Vec<String>,
    score: u32,
}

#[derive(Serialize)]
struct ScalafruttaJson {
    fruit: &'static str,
    tiles: Vec<String>,
    rule: &'static str,
}

#[derive(Serialize)]
struct PartitionJson {
    game: &'static str,
    tiles: Vec<String>,
    /// The fruit held complete (SF-4), or null; when set, `combinations` and
    /// `unused` are empty (the hand ends before any partition) and `score` is 500.
    scalafrutta: Option<ScalafruttaJson>,
    combinations: Vec<CombinationJson>,
    unused: Vec<String>,
    score: u32,
}

fn names(set: TileSet) -> Vec<String> {
    set.iter().map(|t| t.to_string()).collect()
}

impl PartitionJson {
    fn new(held: TileSet, hand: &HandScore) -> Self {
        let (scalafrutta, combinations, unused) = match hand {
            HandScore::Scalafrutta(fruit) => (
                Some(ScalafruttaJson {
                    fruit: fruit.name(),
                    tiles: names(all_of(*fruit)),
                    rule: "SF-4",
                }),
                Vec::new(),
                Vec::new(),
            ),
            HandScore::Partition(p) => (
                None,
                p.combinations
                    .iter()
                    .map(|c: &Combination| CombinationJson {
                        name: c.name(),
                        tiles: names(c.tiles()),
                        score: c.score(),
                    })
                    .collect(),
                names(p.unused),
            ),
        };
        PartitionJson {
            game: "scalafrutta",
            tiles: names(held),
            scalafrutta,
            combinations,
            unused,
            score: hand.score(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn parses_names_spaces_and_commas() {
        let held = parse_holding(&args("B3 m3,P3 U3")).unwrap();
        assert_eq!(held.to_string(), "M3 P3 U3 B3");
    }

    #[test]
    fn unknown_and_repeated_tiles_are_usage_errors() {
        let e = parse_holding(&args("B3 X9")).unwrap_err();
        assert_eq!((e.code, e.exit_code()), ("score.unknown-tile", 2));
        assert!(e.message.starts_with("argument 2:"), "{}", e.message);
        let e = parse_holding(&args("B3 M3 b3")).unwrap_err();
        assert_eq!((e.code, e.exit_code()), ("score.repeated-tile", 2));
        assert!(e.message.contains("B3 is given twice"), "{}", e.message);
    }

    #[test]
    fn text_shows_each_combination_and_the_total() {
        let held = parse_holding(&args("B3 M3 P3 U3 M4 M5 M6 F1")).unwrap();
        let text = render_text(held, &HandScore::of(held));
        assert_eq!(
            text,
            "tiles:  M3 M4 M5 M6 P3 U3 F1 B3\n  \
             scala di 4   M3 M4 M5 M6         118\n  \
             tris         P3 U3 B3             34\n\
             unused: F1\n\
             best:   152 points (SF-5)\n"
        );
    }

    /// SF-4: all six of one fruit is Scalafrutta, whatever else is held: the
    /// hand ends for 500 and nothing to the others, and the text says so.
    #[test]
    fn sf4_all_six_of_a_fruit_is_scalafrutta_not_a_partition() {
        let held = parse_holding(&args("M1 M2 M3 M4 M5 M6")).unwrap();
        let hand = HandScore::of(held);
        assert_eq!(hand.score(), 500);
        assert_eq!(
            render_text(held, &hand),
            "tiles:  M1 M2 M3 M4 M5 M6\n\
             Scalafrutta: all six mele (M1 M2 M3 M4 M5 M6) end the hand at once (SF-4)\n\
             hand:   500 points to this player, 0 to the others (SF-4)\n"
        );
        let json = serde_json::to_value(PartitionJson::new(held, &hand)).unwrap();
        assert_eq!(json["scalafrutta"]["fruit"], "mele");
        assert_eq!(json["scalafrutta"]["rule"], "SF-4");
        assert_eq!(json["score"], 500);
        assert_eq!(json["combinations"], serde_json::json!([]));
        // Five of a fruit is not Scalafrutta: the partition scores, and the JSON says null.
        let held = parse_holding(&args("B1 B2 B3 B4 B5 M1")).unwrap();
        let hand = HandScore::of(held);
        assert!(matches!(hand, HandScore::Partition(_)));
        let json = serde_json::to_value(PartitionJson::new(held, &hand)).unwrap();
        assert_eq!(json["scalafrutta"], serde_json::Value::Null);
        assert_eq!(json["score"], 200 + 15);
    }
}
