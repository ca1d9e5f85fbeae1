//! Duplicate comparison: the tables that played the same board are compared
//! seat by seat, as bridge compares the North-South pairs of a board. Each
//! result scores 2 matchpoints for every other table it beats on that seat
//! and 1 for every tie; the top is 2 for every other table, and a result's
//! percentage is its matchpoints over the top. A board played at one table
//! has no top and gives no matchpoints.

/// Matchpoints of each result against the others (greater key is better).
pub fn matchpoints<K: Ord>(keys: &[K]) -> Vec<u32> {
    keys.iter()
        .enumerate()
        .map(|(i, k)| {
            keys.iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, other)| match k.cmp(other) {
                    std::cmp::Ordering::Greater => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Less => 0,
                })
                .sum()
        })
        .collect()
}

/// The top on a board played at `tables` tables.
pub fn top(tables: usize) -> u32 {
    2 * tables.saturating_sub(1) as u32
}

/// `mp` of `top` as a percentage with two decimals (`66.67`); a top of 0 is
/// no percentage.
pub fn percent(mp: u32, top: u32) -> Option<f64> {
    (top > 0).then(|| (f64::from(mp) * 10_000.0 / f64::from(top)).round() / 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Worked by hand: five tables play board 1; North scores 120, 90, 120,
    /// 60, 90. The two 120s each beat three tables (6) and tie one (1): 7 of
    /// a top of 8. The two 90s beat one (2) and tie one (1): 3. The 60 beats
    /// none: 0. Matchpoints on a board always total n(n-1) = 20.
    #[test]
    fn five_tables_with_ties_worked_by_hand() {
        let mp = matchpoints(&[120, 90, 120, 60, 90]);
        assert_eq!(mp, [7, 3, 7, 0, 3]);
        assert_eq!(top(5), 8);
        assert_eq!(mp.iter().sum::<u32>(), 20);
        assert_eq!(percent(7, 8), Some(87.5));
        assert_eq!(percent(3, 8), Some(37.5));
        assert_eq!(percent(0, 8), Some(0.0));
    }

    /// Four tables, all tied: 1 per tie, 3 of 6 each, 50%.
    #[test]
    fn four_tables_all_tied() {
        assert_eq!(matchpoints(&[5, 5, 5, 5]), [3, 3, 3, 3]);
        assert_eq!(percent(3, top(4)), Some(50.0));
    }

    /// Four tables, solitaire keys (solved, minus moves; unsolved all
    /// alike): solved in 30 beats solved in 34 beats both unsolved, which tie.
    #[test]
    fn four_tables_of_a_solitaire() {
        let keys = [(1, -34), (0, 0), (1, -30), (0, 0)];
        assert_eq!(matchpoints(&keys), [4, 1, 6, 1]);
        assert_eq!(percent(1, top(4)), Some(16.67));
    }

    #[test]
    fn one_table_has_no_top() {
        assert_eq!(matchpoints(&[10]), [0]);
        assert_eq!(percent(0, top(1)), None);
    }
}
