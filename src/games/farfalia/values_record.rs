//! Farfalia's record values read with their spans (cards, families, trumps, players, lists
//! of words) and the boards a match is dealt from: what the record adapter and the reader
//! of a written position ([`super::position_record`]) share, so neither imports the other.

use super::{Card, DealOrders, Family, Suit, Trump};
use crate::error::Error;
use crate::record::node::Value;
use crate::record::{Node, Source, Span};

/// The first dealer of a match dealt from board `board`: the dealer rotates
/// with the board number, as in bridge (board 1: the first player).
pub fn first_dealer(board: u32, players: usize) -> usize {
    (board.saturating_sub(1) as usize) % players.max(1)
}

/// Board `board + k`, or an error past the last board number.
pub(super) fn board_of(board: u32, k: usize) -> Result<u32, Error> {
    u32::try_from(k)
        .ok()
        .and_then(|k| board.checked_add(k))
        .ok_or_else(|| {
            Error::input(
                "farfalia.board",
                format!("board {board} leaves no room for the match's deals"),
            )
        })
}

pub(super) fn orders(variant: &str, seed: &str, board: u32, k: usize) -> Result<DealOrders, Error> {
    Ok(DealOrders::seeded(variant, seed, board_of(board, k)?))
}

pub(super) fn internal(what: impl std::fmt::Display) -> Error {
    Error::failed("farfalia.internal", format!("internal error: {what}"))
}

/// A card, family or list read with its span.
pub(super) type Spanned<T> = (T, Span);

/// Sub-spans of the words of a string value, when the source writes it as a
/// plain basic string (no escapes); else the whole value's span for each.
fn words<'a>(s: &'a str, span: &Span, src: &Source) -> Vec<(&'a str, Span)> {
    let raw = src.text.get(span.clone()).unwrap_or("");
    let plain = raw.len() == s.len() + 2 && raw.get(1..raw.len() - 1) == Some(s);
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in s.char_indices().chain(std::iter::once((s.len(), ' '))) {
        let sep = ch.is_whitespace() || ch == ',';
        match (start, sep) {
            (None, false) => start = Some(i),
            (Some(b), true) => {
                let sub = if plain {
                    span.start + 1 + b..span.start + 1 + i
                } else {
                    span.clone()
                };
                out.push((&s[b..i], sub));
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// A list of words: an array of strings, or one string separated by spaces
/// or commas.
pub(super) fn word_list<'a>(
    node: &'a Node,
    src: &Source,
    what: &str,
) -> Result<Vec<(&'a str, Span)>, Error> {
    match &node.value {
        Value::String(s) => Ok(words(s, &node.span, src)),
        Value::Array(_) => Ok(node
            .as_str_array(src, what)?
            .into_iter()
            .map(|(s, sp)| (s.trim(), sp.clone()))
            .collect()),
        other => Err(src.error(
            "record.wrong-type",
            &node.span,
            format!(
                "{what} must be an array of strings or one string, not {}",
                other.type_name()
            ),
        )),
    }
}

/// What was probably meant by a card that does not parse.
fn did_you_mean(s: &str) -> Option<String> {
    let compact: String = s
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect();
    let lower = compact.to_ascii_lowercase();
    let split = lower
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(lower.len());
    let (letters, digits) = lower.split_at(split);
    // Rank first: `11B`.
    let (letters, digits) = if letters.is_empty() {
        let d = lower.find(|c: char| !c.is_ascii_digit()).unwrap_or(0);
        (&lower[d..], &lower[..d])
    } else {
        (letters, digits)
    };
    let suit = match letters {
        "r" | "rosso" | "red" | "fragole" | "f" => Some('R'),
        "g" | "v" | "verde" | "green" | "foglie" => Some('G'),
        "b" | "blu" | "blue" | "pesci" | "p" => Some('B'),
        "o" | "a" | "arancione" | "orange" | "conchiglie" | "c" => Some('O'),
        _ => None,
    };
    // PBN ranks: `BK`, `OT`.
    let pbn = |l: &str| -> Option<(char, u8)> {
        let mut cs = l.chars();
        let suit = Suit::from_letter(cs.next()?)?.letter();
        let rank = match cs.next()? {
            'k' => 13,
            'q' => 12,
            'j' => 11,
            't' => 10,
            'a' => 1,
            _ => return None,
        };
        cs.next().is_none().then_some((suit, rank))
    };
    let guess = match (suit, digits.parse::<u8>().ok()) {
        (Some(s), Some(r)) if (1..=13).contains(&r) => format!("{s}{r}"),
        _ if digits.is_empty() => {
            let (s, r) = pbn(letters)?;
            format!("{s}{r}")
        }
        _ => return None,
    };
    (guess.parse::<Card>().is_ok() && !guess.eq_ignore_ascii_case(s)).then_some(guess)
}

pub(super) fn parse_card(s: &str, span: &Span, src: &Source) -> Result<Card, Error> {
    s.parse::<Card>().map_err(|why| {
        let help = match did_you_mean(s) {
            Some(g) => format!("did you mean `{g}`? A card is a suit letter (R, G, B, O) and a rank 1-13 (FA-1)"),
            None => "a card is a suit letter (R rosso, G verde, B blu, O arancione) and a rank 1-13, like B11 (FA-1)".to_string(),
        };
        src.error("farfalia.unknown-card", span, why).help(help)
    })
}

pub(super) fn parse_family(s: &str, span: &Span, src: &Source) -> Result<Family, Error> {
    s.parse::<Family>().map_err(|why| {
        src.error("farfalia.unknown-family", span, why).help(
            "families: F farfalle (butterflies), R fragole, G foglie, B pesci, O conchiglie (FA-1)",
        )
    })
}

pub(super) fn parse_trump(s: &str, span: &Span, src: &Source) -> Result<Trump, Error> {
    let t = s.trim();
    if t.eq_ignore_ascii_case("none") {
        return Ok(Trump::NoTrump);
    }
    let mut cs = t.chars();
    match (cs.next().and_then(Suit::from_letter), cs.next()) {
        (Some(suit), None) => Ok(Trump::Suit(suit)),
        _ => Err(src
            .error(
                "farfalia.unknown-trump",
                span,
                format!("`{s}` is not a trump"),
            )
            .help("a trump is a suit letter, R, G, B or O, or `none` (FA-2)")),
    }
}

pub(super) fn parse_cards(
    node: &Node,
    src: &Source,
    what: &str,
) -> Result<Vec<Spanned<Card>>, Error> {
    word_list(node, src, what)?
        .into_iter()
        .map(|(s, sp)| Ok((parse_card(s, &sp, src)?, sp)))
        .collect()
}

pub(super) fn player_index(
    name: &str,
    span: &Span,
    names: &[String],
    src: &Source,
) -> Result<usize, Error> {
    names.iter().position(|n| n == name).ok_or_else(|| {
        src.error(
            "record.unknown-player",
            span,
            format!("`{name}` is not one of the players"),
        )
        .help(format!("the players are: {}", names.join(", ")))
    })
}

/// A table keyed by player name: each entry's seat and node.
pub(super) fn by_player<'a>(
    node: &'a Node,
    src: &'a Source,
    what: &str,
    names: &[String],
) -> Result<Vec<(usize, &'a Node)>, Error> {
    let mut f = node.fields(src, what)?;
    let mut out = Vec::new();
    for (key, value) in f.rest() {
        out.push((player_index(&key.name, &key.span, names, src)?, value));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn did_you_mean_guesses_common_slips() {
        for (bad, want) in [
            ("11B", "B11"),
            ("B 11", "B11"),
            ("V5", "G5"),
            ("A7", "O7"),
            ("BK", "B13"),
            ("OT", "O10"),
            ("rosso 3", "R3"),
        ] {
            assert_eq!(did_you_mean(bad).as_deref(), Some(want), "{bad}");
        }
        assert_eq!(did_you_mean("X99"), None);
        assert_eq!(did_you_mean("B14"), None);
    }
}
