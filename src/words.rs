//! Words for people that more than one layer writes: a count with its noun, singular or
//! plural. The one home of the plural choice (the CLI's reports, the games' positions and
//! notes), so that the message catalogue, when it comes, changes one function.

/// "1 tile", "3 tiles", "0 tiles": a count with its noun, singular only for one.
pub fn count(n: impl Into<u64>, singular: &str, plural: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { singular } else { plural })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_every_other_count_plural() {
        assert_eq!(count(1u64, "tile", "tiles"), "1 tile");
        assert_eq!(count(0u64, "tile", "tiles"), "0 tiles");
        assert_eq!(count(7usize as u64, "card", "cards"), "7 cards");
    }
}
