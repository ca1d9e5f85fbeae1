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
//! **Several at once.** tsh counts the Gibsons from the top: the leader if
//! nobody can catch them, then the second if nobody below can catch them,
//! and so on (the places already decided). An even number of Gibsons meet
//! each other, best first (1 v 2, 3 v 4); with an odd number all but the
//! lowest-ranked of them do, and that one meets the highest-ranked player
//! out of contention (or has the bye).
//!
//! **Out of contention.** A player below the first place still contended
//! (second, with one Gibson) who, by the same reckoning, cannot catch the
//! player in it.

use super::pairing::{self, History};
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

/// The Gibsons (`ranked`: the standings in order): the leaders, from the
/// first down, whom nobody below can catch in the `left` rounds left; the
/// count stops at the first who can be caught.
pub fn gibsonized<'a>(ranked: &'a [Standing], left: u32, caps: &[i64]) -> Vec<&'a Standing> {
    if left == 0 {
        return Vec::new();
    }
    ranked
        .iter()
        .enumerate()
        .take_while(|&(i, p)| {
            let below = &ranked[i + 1..];
            !below.is_empty() && !below.iter().any(|c| can_catch(c, p, left, caps))
        })
        .map(|(_, p)| p)
        .collect()
}

/// With `gibsons` Gibsons, the players below the first place still contended
/// (index `gibsons`) who cannot catch the player in it, best first.
pub fn out_of_contention<'a>(
    ranked: &'a [Standing],
    gibsons: usize,
    left: u32,
    caps: &[i64],
) -> Vec<&'a Standing> {
    let Some(contended) = ranked.get(gibsons) else {
        return Vec::new();
    };
    ranked[gibsons + 1..]
        .iter()
        .filter(|p| !can_catch(p, contended, left, caps))
        .collect()
}

/// What the Gibson rule pairs before the rest of a round.
#[derive(Debug, Default, PartialEq)]
pub struct Paired {
    /// Tables (entrant indices, first seat first).
    pub pairs: Vec<(usize, usize)>,
    /// A Gibson given the bye.
    pub bye: Option<usize>,
    pub notes: Vec<String>,
}

/// The Gibsons' tables, as tsh pairs them (see the module's words), taking
/// those paired out of `pool` (entrant indices still to pair, best first):
/// `table` the standings in order, `ranked` their entrant indices, `entrants`
/// the names, `bye_free` whether the round's bye is still to give.
#[allow(clippy::too_many_arguments)]
pub fn pair(
    table: &[Standing],
    ranked: &[usize],
    entrants: &[String],
    pool: &mut Vec<usize>,
    bye_free: bool,
    h: &History,
    left: u32,
    caps: &[i64],
) -> Paired {
    let mut out = Paired::default();
    let index = |name: &str| entrants.iter().position(|e| e == name);
    let all = gibsonized(table, left, caps);
    let mut gibsons: Vec<usize> = all
        .iter()
        .filter_map(|p| index(&p.name))
        .filter(|p| pool.contains(p))
        .collect();
    if gibsons.is_empty() {
        return out;
    }
    let rounds_left = super::report::count(u64::from(left), "round", "rounds");
    // An odd number: the lowest-ranked Gibson is paired alone.
    let alone = (gibsons.len() % 2 == 1).then(|| gibsons.remove(gibsons.len() - 1));
    if !gibsons.is_empty() {
        pool.retain(|p| !gibsons.contains(p));
        let (pairs, _) = pairing::king_of_the_hill(&gibsons, h);
        for &(a, b) in &pairs {
            out.notes.push(format!(
                "gibson: {} and {} cannot be caught in the {rounds_left} left, and meet each other",
                entrants[a], entrants[b]
            ));
        }
        out.pairs.extend(pairs);
    }
    let Some(l) = alone else {
        return out;
    };
    let odd = pool.len() % 2 == 1;
    pool.retain(|&p| p != l);
    if odd && bye_free {
        out.bye = Some(l);
        out.notes.push(format!(
            "gibson: {} cannot be caught in the {rounds_left} left, and has the bye",
            entrants[l]
        ));
        return out;
    }
    let out_of: Vec<usize> = out_of_contention(table, all.len(), left, caps)
        .iter()
        .filter_map(|p| index(&p.name))
        .filter(|p| pool.contains(p))
        .collect();
    let (opp, why) = match out_of
        .iter()
        .find(|&&p| !h.has_met(l, p))
        .or(out_of.first())
    {
        Some(&p) => (Some(p), "the highest-ranked out of contention"),
        None => (
            pool.last().copied(),
            "nobody is out of contention: the lowest-ranked",
        ),
    };
    if let Some(o) = opp {
        pool.retain(|&p| p != o);
        out.pairs.extend(pairing::seat(vec![(l, o)], ranked, h));
        out.notes.push(format!(
            "gibson: {} cannot be caught in the {rounds_left} left, and meets {} ({why})",
            entrants[l], entrants[o]
        ));
    }
    out
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
        let names = |g: Vec<&Standing>| g.iter().map(|p| p.name.clone()).collect::<Vec<_>>();
        assert_eq!(names(gibsonized(&ranked, 1, &caps)), ["Anna"]);
        assert!(gibsonized(&ranked, 2, &caps).is_empty());
        // Out of contention for second (Bruno 3, +300) with one round left:
        // Carla reaches 3 = 3, 100 + 250 = 350 ≥ 300 − 250 = 50: she can;
        // Dario reaches 2 < 3: he cannot.
        let out: Vec<&str> = out_of_contention(&ranked, 1, 1, &caps)
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

    /// Several Gibsons at once (tsh), worked by hand with one round left
    /// (250 a round): Anna 6 wins +900, Bruno 5 +100, Carla 3 +200, Dario 2
    /// +100, Elena 2 −100, Fabio 1 −200. Nobody catches Anna (Bruno reaches
    /// 6 wins, +100 + 250 = +350 < +900 − 250 = +650) nor Bruno (Carla
    /// reaches 4 < 5); Dario catches Carla (3 wins, +350 ≥ −50): two Gibsons,
    /// who meet each other.
    #[test]
    fn several_gibsons_meet_each_other() {
        let caps = [250];
        let ranked = [
            player("Anna", 6.0, 900),
            player("Bruno", 5.0, 100),
            player("Carla", 3.0, 200),
            player("Dario", 2.0, 100),
            player("Elena", 2.0, -100),
            player("Fabio", 1.0, -200),
        ];
        let names: Vec<String> = ranked.iter().map(|p| p.name.clone()).collect();
        let idx: Vec<usize> = (0..6).collect();
        let g: Vec<&str> = gibsonized(&ranked, 1, &caps)
            .iter()
            .map(|p| p.name.as_str())
            .collect();
        assert_eq!(g, ["Anna", "Bruno"]);
        let h = History::new(6);
        let mut pool = idx.clone();
        let p = pair(&ranked, &idx, &names, &mut pool, true, &h, 1, &caps);
        assert_eq!(p.pairs, [(0, 1)]);
        assert_eq!(p.bye, None);
        assert_eq!(pool, [2, 3, 4, 5]);
        assert_eq!(
            p.notes,
            ["gibson: Anna and Bruno cannot be caught in the 1 round left, and meet each other"]
        );
        // Carla at +700: Dario reaches 3 wins, +350 < +700 − 250 = +450, and
        // Elena +150: a third Gibson. Anna meets Bruno; Carla, the lowest
        // Gibson, meets the highest-ranked out of contention for fourth (the
        // first place contended, Dario's, 2 +100): Elena reaches 3 > 2, Fabio
        // 2 wins and −200 + 250 = +50 ≥ +100 − 250: both can catch him, so
        // nobody is out of contention and Carla meets the lowest-ranked, Fabio.
        let mut ranked3 = ranked.clone();
        ranked3[2] = player("Carla", 3.0, 700);
        let mut pool = idx.clone();
        let p = pair(&ranked3, &idx, &names, &mut pool, true, &h, 1, &caps);
        assert_eq!(p.pairs, [(0, 1), (2, 5)]);
        assert_eq!(pool, [3, 4]);
        assert!(
            p.notes[1].ends_with(
                "Carla cannot be caught in the 1 round left, and meets Fabio \
             (nobody is out of contention: the lowest-ranked)"
            ),
            "{:?}",
            p.notes
        );
        // Gina, 0 wins −900, reaches 1 < 2: out of contention, so Carla meets
        // her. Anna and Bruno met before and still meet (Gibsons meet each
        // other), Bruno now in the first seat, Anna having had it.
        let mut ranked4 = ranked3.to_vec();
        ranked4.push(player("Gina", 0.0, -900));
        let mut names4 = names.clone();
        names4.push("Gina".into());
        let idx4: Vec<usize> = (0..7).collect();
        let mut h4 = History::new(7);
        h4.played(0, 1);
        let mut pool = idx4.clone();
        // Seven to pair, no bye given: the lone Gibson takes it.
        let p = pair(&ranked4, &idx4, &names4, &mut pool, true, &h4, 1, &caps);
        assert_eq!(p.pairs, [(1, 0)]);
        assert_eq!(p.bye, Some(2));
        let mut pool = idx4.clone();
        let p = pair(&ranked4, &idx4, &names4, &mut pool, false, &h4, 1, &caps);
        assert_eq!(p.pairs, [(1, 0), (2, 6)]);
        assert_eq!(pool, [3, 4, 5]);
    }
}
