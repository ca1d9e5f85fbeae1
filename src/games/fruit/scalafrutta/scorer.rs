//! `tavolo score scalafrutta TILES...`: the partition of a holding into
//! combinations with the highest score (SF-3, SF-5).

use serde::Serialize;

use crate::error::Error;
use crate::games::fruit::{Tile, TileSet};
use crate::games::{Scored, Scorer};

use super::record::Scalafrutta;
use super::scoring::{best_partition, Combination, Partition};

impl Scorer for Scalafrutta {
    fn usage(&self) -> &'static str {
        "the tiles held, e.g. `B3 M3 P3 U3 M4 M5 M6`: the best partition into combinations (SF-3, SF-5)"
    }

    fn score(&self, args: &[String]) -> Result<Scored, Error> {
        let held = parse_holding(args)?;
        let best = best_partition(held);
        let json = serde_json::to_value(PartitionJson::new(held, &best))
            .map_err(|e| Error::failed("score.json", e.to_string()))?;
        Ok(Scored {
            text: render_text(held, &best),
            json,
        })
    }
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

fn render_text(held: TileSet, p: &Partition) -> String {
    let mut out = format!("tiles:  {held}\n");
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
struct PartitionJson {
    game: &'static str,
    tiles: Vec<String>,
    combinations: Vec<CombinationJson>,
    unused: Vec<String>,
    score: u32,
}

fn names(set: TileSet) -> Vec<String> {
    set.iter().map(|t| t.to_string()).collect()
}

impl PartitionJson {
    fn new(held: TileSet, p: &Partition) -> Self {
        PartitionJson {
            game: "scalafrutta",
            tiles: names(held),
            combinations: p
                .combinations
                .iter()
                .map(|c: &Combination| CombinationJson {
                    name: c.name(),
                    tiles: names(c.tiles()),
                    score: c.score(),
                })
                .collect(),
            unused: names(p.unused),
            score: p.score(),
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
        let text = render_text(held, &best_partition(held));
        assert_eq!(
            text,
            "tiles:  M3 M4 M5 M6 P3 U3 F1 B3\n  \
             scala di 4   M3 M4 M5 M6         118\n  \
             tris         P3 U3 B3             34\n\
             unused: F1\n\
             best:   152 points (SF-5)\n"
        );
    }
}
