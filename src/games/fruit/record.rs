//! What the fruit games share in records: reading tiles with their exact
//! position in the file, and the deal order of the 36 tiles.

use crate::deal::Provenance;
use crate::error::Error;
use crate::record::node::Value;
use crate::record::{Node, Source, Span};

use super::tile::Tile;

/// The 36 tiles in the order a deal gives them: the canonical order (FR-1)
/// shuffled by `tavolo-deal-v1` for this game, variant, seed and board.
pub fn deal_order(deal: &Provenance) -> Vec<Tile> {
    crate::deal::shuffled(&deal.game, &deal.variant, &deal.seed, deal.board, 36)
        .into_iter()
        .map(|i| Tile::from_index(i).expect("a permutation of 0..36"))
        .collect()
}

/// One tile name at `span`, or a located error (exit 2).
pub fn parse_tile(s: &str, span: &Span, src: &Source) -> Result<Tile, Error> {
    s.parse::<Tile>().map_err(|e| {
        src.error("fruit.unknown-tile", span, e.to_string())
            .help("the tiles are M P C U F B (mele, pere, cocomeri, uva, fragole, banane) with 1-6, e.g. `B4` (FR-1)")
    })
}

/// A list of tiles written either as one string (`"M1 P2 C3"`, spaces or
/// commas) or as an array of strings (`["M1", "P2", "C3"]`); each tile with
/// its own span, so an error can point at the very tile.
pub fn parse_tiles(node: &Node, what: &str, src: &Source) -> Result<Vec<(Tile, Span)>, Error> {
    match &node.value {
        Value::String(s) => {
            // The span covers the quotes; inside a plain string without
            // escapes each name sits at a known offset.
            let raw = src.text.get(node.span.clone()).unwrap_or("");
            let plain = raw.len() == s.len() + 2;
            let mut out = Vec::new();
            let mut offset = 0;
            for part in s.split_inclusive([' ', ',']) {
                let name = part.trim_end_matches([' ', ',']);
                if !name.is_empty() {
                    let span = if plain {
                        let start = node.span.start + 1 + offset;
                        start..start + name.len()
                    } else {
                        node.span.clone()
                    };
                    out.push((parse_tile(name, &span, src)?, span));
                }
                offset += part.len();
            }
            Ok(out)
        }
        Value::Array(_) => node
            .as_str_array(src, what)?
            .into_iter()
            .map(|(s, span)| Ok((parse_tile(s, span, src)?, span.clone())))
            .collect(),
        _ => Err(src.error(
            "record.wrong-type",
            &node.span,
            format!(
                "{what} must be a string of tile names (\"M1 P2 C3\") or an array of them, not {}",
                node.value.type_name()
            ),
        )),
    }
}

/// A boolean field's value.
pub fn parse_bool(node: &Node, what: &str, src: &Source) -> Result<bool, Error> {
    match node.value {
        Value::Boolean(b) => Ok(b),
        _ => Err(src.error(
            "record.wrong-type",
            &node.span,
            format!(
                "{what} must be true or false, not {}",
                node.value.type_name()
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_value(text: &str) -> (Source, Node) {
        let src = Source::new("r.toml", text);
        let doc = src.parse().unwrap();
        let node = match &doc.value {
            Value::Table(e) => e[0].1.clone(),
            _ => unreachable!(),
        };
        (src, node)
    }

    #[test]
    fn tiles_in_a_string_point_at_each_name() {
        let (src, node) = first_value("t = \"M1 P2,C3\"\n");
        let tiles = parse_tiles(&node, "`t`", &src).unwrap();
        let names: Vec<String> = tiles.iter().map(|(t, _)| t.to_string()).collect();
        assert_eq!(names, ["M1", "P2", "C3"]);
        assert_eq!(src.location(&tiles[2].1).to_string(), "r.toml:1:12");
        let (src, node) = first_value("t = \"M1 X9\"\n");
        let e = parse_tiles(&node, "`t`", &src).unwrap_err();
        assert_eq!(e.code, "fruit.unknown-tile");
        assert_eq!(e.location.unwrap().column, Some(9));
    }

    #[test]
    fn tiles_in_an_array() {
        let (src, node) = first_value("t = [\"M1\", \"b6\"]\n");
        let tiles = parse_tiles(&node, "`t`", &src).unwrap();
        assert_eq!(tiles[1].0.to_string(), "B6");
        let (src, node) = first_value("t = 3\n");
        assert_eq!(
            parse_tiles(&node, "`t`", &src).unwrap_err().code,
            "record.wrong-type"
        );
    }

    #[test]
    fn deal_order_is_a_permutation() {
        let order = deal_order(&Provenance::new("scalafrutta", "standard", "x", 1));
        let set: super::super::TileSet = order.iter().copied().collect();
        assert_eq!((order.len(), set.len()), (36, 36));
    }
}
