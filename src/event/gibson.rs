//! The Gibson rule, as tsh (John Chew's Scrabble director's program) applies
//! it: once the leader cannot be caught in the rounds left, they are
//! "gibsonized" and meet the highest-ranked player who can no longer reach
//! second place (or have the bye), so that their games no longer decide who
//! finishes second.
//!
//! **Who can catch the leader.** As tsh reckons it, a chaser is taken to meet
//! the leader in every round left and to win each game by the most spread a
//! round can give (`gibson-spread`: by default 250 with one round left, 175 a
//! round with two, 150 a round with three or more). With `r` rounds left a
//! chaser with `w` wins and spread `s` catches a leader with `W` and `S` if
//! `w + r > W`, or `w + r = W` and `s + r·c ≥ S − r·c` (`c` the spread a
//! round): a tie on wins and spread counts as caught. The leader is
//! gibsonized when nobody can catch them.
//!
//! **Out of contention.** A player below second place who, by the same
//! reckoning, cannot catch the player in second place.

use super::standings::Standing;

/// The spread a round a chaser is taken to win by with `left` rounds left.
pub fn spread_a_round(caps: &[i64], left: u32) -> i64 {
    let i = (left.max(1) as usize - 1).min(caps.len().saturating_sub(1));
    caps.get(i).copied().unwrap_or(0)
}

/// Whether `chaser` can catch (reach or pass) `ahead` in the `left` rounds left.
pub fn can_catch(chaser: &Standing, ahead: &Standing, left: u32, caps: &[i64]) -> bool {
    let chaser_halves = i64::from(chaser.halves) + 2 * i64::from(left);
    let ahead_halves = i64::from(ahead.halves);
    if chaser_halves != ahead_halves {
        return chaser_halves > ahead_halves;
    }
    let swing = spread_a_round(caps, left) * i64::from(left);
    chaser.spread + swing >= ahead.spread - swing
}

/// The leader (the first of `ranked`, the standings in order) if nobody can
/// catch them in the `left` rounds left.
pub fn gibsonized<'a>(ranked: &'a [Standing], left: u32, caps: &[i64]) -> Option<&'a Standing> {
    let (leader, rest) = ranked.split_first()?;
    (left >= 1 && !rest.is_empty() && !rest.iter().any(|c| can_catch(c, leader, left, caps)))
        .then_some(leader)
}

/// The players below second place who cannot catch the second, best first.
pub fn out_of_contention<'a>(ranked: &'a [Standing], left: u32, caps: &[i64]) -> Vec<&'a Standing> {
    let Some(second) = ranked.get(1) else {
        return Vec::new();
    };
    ranked[2..]
        .iter()
        .filter(|p| !can_catch(p, second, left, caps))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(name: &str, wins: f64, spread: i64) -> Standing {
        Standing {
            rank: 0,
            tied: false,
            name: name.into(),
            played: 0,
            halves: (wins * 2.0) as u32,
            wins,
            points: 0,
            spread,
            matchpoints: 0,
            top: 0,
            percent: None,
            solved: 0,
            moves: 0,
            buchholz: 0.0,
            median_buchholz: 0.0,
            sonneborn_berger: 0.0,
            cumulative: 0.0,
        }
    }

    /// Worked by hand with tsh's caps (250, 175, 150 a round).
    /// Anna 5 wins +400, Bruno 3 wins +300, Carla 2 +100, Dario 1 -800.
    /// One round left: Bruno reaches 4 < 5: nobody catches Anna: gibsonized.
    /// Two rounds left: Bruno reaches 5 = 5, spread 300 + 2·175 = 650 ≥
    /// 400 − 350 = 50: caught, so not gibsonized.
    #[test]
    fn the_leader_is_gibsonized_when_out_of_reach() {
        let caps = [250, 175, 150];
        let ranked = [
            player("Anna", 5.0, 400),
            player("Bruno", 3.0, 300),
            player("Carla", 2.0, 100),
            player("Dario", 1.0, -800),
        ];
        assert_eq!(
            gibsonized(&ranked, 1, &caps).map(|p| p.name.as_str()),
            Some("Anna")
        );
        assert!(gibsonized(&ranked, 2, &caps).is_none());
        // Out of contention for second (Bruno 3, +300) with one round left:
        // Carla reaches 3 = 3, 100 + 250 = 350 ≥ 300 − 250 = 50: she can;
        // Dario reaches 2 < 3: he cannot.
        let out: Vec<&str> = out_of_contention(&ranked, 1, &caps)
            .iter()
            .map(|p| p.name.as_str())
            .collect();
        assert_eq!(out, ["Dario"]);
    }

    /// Equal on wins after the rounds left: the spread decides, and a tie on
    /// spread counts as caught. Leader 4 wins +600, chaser 3 wins +100, one
    /// round left (250): 100 + 250 = 350 v 600 − 250 = 350: caught. At
    /// +601 the leader is out of reach; with a cap of 0 only the wins count.
    #[test]
    fn a_tie_on_spread_is_caught() {
        let caps = [250];
        let chaser = player("B", 3.0, 100);
        assert!(can_catch(&chaser, &player("A", 4.0, 600), 1, &caps));
        assert!(!can_catch(&chaser, &player("A", 4.0, 601), 1, &caps));
        assert!(!can_catch(&chaser, &player("A", 4.0, 101), 1, &[0]));
        // A half win (a tie) counts: 3.5 + 1 > 4.
        assert!(can_catch(
            &player("B", 3.5, -900),
            &player("A", 4.0, 900),
            1,
            &[0]
        ));
        // Three or more rounds left take the last cap: 150 a round.
        assert_eq!(spread_a_round(&[250, 175, 150], 5), 150);
        assert_eq!(spread_a_round(&[250, 175, 150], 2), 175);
    }
}
