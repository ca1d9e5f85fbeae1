//! Standings: each competitor's totals over the games counted, ranked by the
//! description's criteria in the order written (`tie-breaks`). Players tied
//! on every criterion share a rank and are listed in the entrants' order
//! (else by name).

use std::collections::BTreeMap;

use serde::Serialize;

use super::matchpoints;
use super::measure::SeatResult;
use super::rules::Criterion;

/// One counted game as the standings see it: who sat where, each seat's
/// result, and each seat's matchpoints and top when the board was compared.
#[derive(Debug, Clone)]
pub struct Game {
    /// The round it belongs to (0: none), for the cumulative score.
    pub round: u32,
    pub competitors: Vec<String>,
    pub seats: Vec<SeatResult>,
    pub matchpoints: Vec<Option<(u32, u32)>>,
}

/// One competitor's line.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standing {
    pub rank: usize,
    /// Tied with another on every criterion (they share the rank).
    pub tied: bool,
    pub name: String,
    pub played: u32,
    /// Wins, a tie counting half, in halves (2 a win).
    #[serde(skip)]
    pub halves: u32,
    pub wins: f64,
    pub points: i64,
    pub spread: i64,
    pub matchpoints: u32,
    pub top: u32,
    pub percent: Option<f64>,
    pub solved: u32,
    /// Moves over the boards solved.
    pub moves: u64,
    /// The Swiss tie-breaks, in wins (docs/events.md, "Standings").
    pub buchholz: f64,
    pub median_buchholz: f64,
    pub sonneborn_berger: f64,
    pub cumulative: f64,
}

#[derive(Default, Clone)]
struct Totals {
    played: u32,
    halves: u32,
    points: i64,
    spread: i64,
    mp: u32,
    top: u32,
    solved: u32,
    moves: u64,
    /// Each game: the round, own half-wins and the opponents (a bye: none).
    games: Vec<(u32, u32, Vec<String>)>,
}

/// The Swiss tie-breaks of one player, exactly: Buchholz and median
/// Buchholz in half-wins, Sonneborn-Berger in quarter-wins (own halves times
/// the opponent's halves), the cumulative score in half-wins.
#[derive(Default, Clone, Copy)]
struct Swiss {
    buchholz: i64,
    median: i64,
    sb: i64,
    cumulative: i64,
}

fn swiss_of(t: &Totals, totals: &BTreeMap<&str, Totals>) -> Swiss {
    let halves = |who: &str| i64::from(totals.get(who).map_or(0, |o| o.halves));
    let mut opponents: Vec<i64> = Vec::new();
    let mut sb = 0;
    for (_, own, opp) in &t.games {
        for o in opp {
            opponents.push(halves(o));
            sb += i64::from(*own) * halves(o);
        }
    }
    let buchholz = opponents.iter().sum();
    opponents.sort_unstable();
    let median = if opponents.len() >= 3 {
        opponents[1..opponents.len() - 1].iter().sum()
    } else {
        buchholz
    };
    let mut by_round: Vec<(u32, u32)> = t.games.iter().map(|(r, h, _)| (*r, *h)).collect();
    by_round.sort_by_key(|(r, _)| *r);
    let mut running = 0i64;
    let mut cumulative = 0i64;
    for (_, h) in by_round {
        running += i64::from(h);
        cumulative += running;
    }
    Swiss {
        buchholz,
        median,
        sb,
        cumulative,
    }
}

/// The standings of `games` for `criteria`; `entrants` (in the order the
/// description lists them) appear even without a game and break the last
/// ties; anyone else is ordered by name.
pub fn standings(games: &[Game], entrants: &[String], criteria: &[Criterion]) -> Vec<Standing> {
    let mut totals: BTreeMap<&str, Totals> = BTreeMap::new();
    // Half-wins of one against another, over the games they played together.
    let mut h2h: BTreeMap<(&str, &str), u32> = BTreeMap::new();
    for e in entrants {
        totals.entry(e).or_default();
    }
    for g in games {
        for (i, (who, s)) in g.competitors.iter().zip(&g.seats).enumerate() {
            let t = totals.entry(who).or_default();
            t.played += 1;
            t.halves += s.halves;
            t.points += s.points.unwrap_or(0);
            t.spread += s.spread.unwrap_or(0);
            if s.solved == Some(true) {
                t.solved += 1;
                t.moves += s.moves as u64;
            }
            if let Some(Some((mp, top))) = g.matchpoints.get(i) {
                t.mp += mp;
                t.top += top;
            }
            let opponents = g
                .competitors
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, o)| o.clone())
                .collect();
            t.games.push((g.round, s.halves, opponents));
            for (j, (other, o)) in g.competitors.iter().zip(&g.seats).enumerate() {
                if i != j {
                    let got = match s.halves.cmp(&o.halves) {
                        std::cmp::Ordering::Greater => 2,
                        std::cmp::Ordering::Equal => 1,
                        std::cmp::Ordering::Less => 0,
                    };
                    *h2h.entry((who, other)).or_default() += got;
                }
            }
        }
    }
    let seed = |name: &str| {
        entrants
            .iter()
            .position(|e| e == name)
            .unwrap_or(usize::MAX)
    };
    let swiss: BTreeMap<&str, Swiss> = totals
        .iter()
        .map(|(k, t)| (*k, swiss_of(t, &totals)))
        .collect();
    let mut order: Vec<&str> = totals.keys().copied().collect();
    order.sort_by(|a, b| seed(a).cmp(&seed(b)).then(a.cmp(b)));
    // Groups still tied, refined criterion by criterion.
    let mut groups: Vec<Vec<&str>> = vec![order];
    for &c in criteria {
        let mut next = Vec::new();
        for group in groups {
            let key = |name: &str| -> (i128, i128) {
                let t = &totals[name];
                match c {
                    Criterion::Wins => (i128::from(t.halves), 0),
                    Criterion::Spread => (i128::from(t.spread), 0),
                    Criterion::Points => (i128::from(t.points), 0),
                    // Compared as fractions mp/top, exactly; no top ranks last.
                    Criterion::Percent => (i128::from(t.top > 0), 0),
                    Criterion::Solved => (i128::from(t.solved), 0),
                    Criterion::Moves => (-i128::from(t.moves), 0),
                    Criterion::Buchholz => (i128::from(swiss[name].buchholz), 0),
                    Criterion::MedianBuchholz => (i128::from(swiss[name].median), 0),
                    Criterion::SonnebornBerger => (i128::from(swiss[name].sb), 0),
                    Criterion::Cumulative => (i128::from(swiss[name].cumulative), 0),
                    Criterion::HeadToHead => (
                        group
                            .iter()
                            .filter(|o| **o != name)
                            .map(|o| i128::from(h2h.get(&(name, *o)).copied().unwrap_or(0)))
                            .sum(),
                        0,
                    ),
                }
            };
            let better = |a: &str, b: &str| -> std::cmp::Ordering {
                let by_key = key(b).cmp(&key(a));
                if c == Criterion::Percent && by_key.is_eq() {
                    let (ta, tb) = (&totals[a], &totals[b]);
                    // a.mp/a.top against b.mp/b.top, cross-multiplied.
                    return (u64::from(tb.mp) * u64::from(ta.top))
                        .cmp(&(u64::from(ta.mp) * u64::from(tb.top)));
                }
                by_key
            };
            let mut g = group.clone();
            g.sort_by(|a, b| better(a, b)); // stable: ties keep the seeding order
            let mut start = 0;
            for i in 1..=g.len() {
                if i == g.len() || better(g[start], g[i]) != std::cmp::Ordering::Equal {
                    next.push(g[start..i].to_vec());
                    start = i;
                }
            }
        }
        groups = next;
    }
    let mut out = Vec::new();
    for group in groups {
        let rank = out.len() + 1;
        for name in &group {
            let t = &totals[name];
            out.push(Standing {
                rank,
                tied: group.len() > 1,
                name: name.to_string(),
                played: t.played,
                halves: t.halves,
                wins: f64::from(t.halves) / 2.0,
                points: t.points,
                spread: t.spread,
                matchpoints: t.mp,
                top: t.top,
                percent: matchpoints::percent(t.mp, t.top),
                solved: t.solved,
                moves: t.moves,
                buchholz: swiss[name].buchholz as f64 / 2.0,
                median_buchholz: swiss[name].median as f64 / 2.0,
                sonneborn_berger: swiss[name].sb as f64 / 4.0,
                cumulative: swiss[name].cumulative as f64 / 2.0,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(name: &str, halves: u32, points: i64, spread: i64) -> SeatResult {
        SeatResult {
            name: name.into(),
            halves,
            points: Some(points),
            spread: Some(spread),
            solved: None,
            moves: 10,
        }
    }

    /// A 2-player game: a beat b by `a - b` points.
    fn game(a: &str, pa: i64, b: &str, pb: i64) -> Game {
        let (ha, hb) = match pa.cmp(&pb) {
            std::cmp::Ordering::Greater => (2, 0),
            std::cmp::Ordering::Equal => (1, 1),
            std::cmp::Ordering::Less => (0, 2),
        };
        Game {
            round: 0,
            competitors: vec![a.into(), b.into()],
            seats: vec![seat(a, ha, pa, pa - pb), seat(b, hb, pb, pb - pa)],
            matchpoints: vec![None, None],
        }
    }

    fn names(s: &[Standing]) -> Vec<(usize, &str)> {
        s.iter().map(|s| (s.rank, s.name.as_str())).collect()
    }

    /// Worked by hand. Anna beats Bruno by 10, Bruno beats Carla by 50, Carla
    /// beats Anna by 5, Dario loses to all three by 1. Wins: Anna, Bruno,
    /// Carla 2 each, Dario 0. Spread: Anna +10-5+1 = 6, Bruno -10+50+1 = 41,
    /// Carla -50+5+1 = -44. By wins then spread: Bruno, Anna, Carla, Dario.
    /// By wins then head-to-head: the three are 1-1 among themselves, all
    /// tied (rank 1, in the entrants' order), Dario 4th.
    #[test]
    fn criteria_apply_in_the_order_written() {
        let games = [
            game("Anna", 100, "Bruno", 90),
            game("Bruno", 150, "Carla", 100),
            game("Carla", 105, "Anna", 100),
            game("Anna", 11, "Dario", 10),
            game("Bruno", 11, "Dario", 10),
            game("Carla", 11, "Dario", 10),
        ];
        let e: Vec<String> = ["Anna", "Bruno", "Carla", "Dario"]
            .map(String::from)
            .to_vec();
        let s = standings(&games, &e, &[Criterion::Wins, Criterion::Spread]);
        assert_eq!(
            names(&s),
            [(1, "Bruno"), (2, "Anna"), (3, "Carla"), (4, "Dario")]
        );
        assert_eq!((s[0].spread, s[1].spread, s[2].spread), (41, 6, -44));
        assert_eq!(s[0].wins, 2.0);
        let s = standings(&games, &e, &[Criterion::Wins, Criterion::HeadToHead]);
        assert_eq!(
            names(&s),
            [(1, "Anna"), (1, "Bruno"), (1, "Carla"), (4, "Dario")]
        );
        assert!(s[0].tied && !s[3].tied);
        // Spread first: Bruno, Anna, Dario (-3), Carla.
        let s = standings(&games, &e, &[Criterion::Spread]);
        assert_eq!(
            names(&s),
            [(1, "Bruno"), (2, "Anna"), (3, "Dario"), (4, "Carla")]
        );
    }

    /// Head-to-head counts only the games among those still tied.
    #[test]
    fn head_to_head_breaks_a_tie_between_two() {
        let games = [
            game("Anna", 51, "Bruno", 50),
            game("Bruno", 200, "Carla", 0),
            game("Carla", 60, "Anna", 50),
        ];
        let e: Vec<String> = vec![];
        // All three: one win each, 1-1 among themselves; spread decides
        // (Bruno +199, Anna -9, Carla -190).
        let s = standings(
            &games,
            &e,
            &[Criterion::Wins, Criterion::HeadToHead, Criterion::Spread],
        );
        assert_eq!(names(&s), [(1, "Bruno"), (2, "Anna"), (3, "Carla")]);
        // Without Carla's win: Anna and Bruno one win each, Anna beat Bruno.
        let s = standings(&games[..2], &e, &[Criterion::Wins, Criterion::HeadToHead]);
        assert_eq!(names(&s), [(1, "Anna"), (2, "Bruno"), (3, "Carla")]);
        let s = standings(&games[..2], &e, &[Criterion::Spread, Criterion::HeadToHead]);
        assert_eq!(names(&s), [(1, "Bruno"), (2, "Anna"), (3, "Carla")]);
    }

    /// Issue 39, worked by hand: four players over three rounds. Round 1:
    /// A beats B, C beats D; round 2: A beats C, B ties D; round 3: D beats
    /// A, B beats C. Wins: A 2, B 1.5, C 1, D 1.5.
    /// - Buchholz (the opponents' wins): A 1.5+1+1.5 = 4, B 2+1.5+1 = 4.5,
    ///   C 1.5+2+1.5 = 5, D 1+1.5+2 = 4.5.
    /// - Median Buchholz (without the best and worst opponent): 1.5 each.
    /// - Sonneborn-Berger (beaten opponents' wins, half a tied one's):
    ///   A 1.5+1 = 2.5, B 0.75+1 = 1.75, C 1.5, D 0.75+2 = 2.75.
    /// - Cumulative (wins after each round, added): A 1+2+2 = 5,
    ///   B 0+0.5+1.5 = 2, C 1+1+1 = 3, D 0+0.5+1.5 = 2.
    #[test]
    fn swiss_tie_breaks_worked_by_hand() {
        let mut games = [
            game("A", 1, "B", 0),
            game("C", 1, "D", 0),
            game("A", 1, "C", 0),
            game("B", 0, "D", 0),
            game("D", 1, "A", 0),
            game("B", 1, "C", 0),
        ];
        for (i, g) in games.iter_mut().enumerate() {
            g.round = i as u32 / 2 + 1;
        }
        let e: Vec<String> = ["A", "B", "C", "D"].map(String::from).to_vec();
        let s = standings(&games, &e, &[Criterion::Wins]);
        let of = |n: &str| s.iter().find(|x| x.name == n).unwrap().clone();
        let each = |f: fn(&Standing) -> f64| ["A", "B", "C", "D"].map(|n| f(&of(n)));
        assert_eq!(each(|x| x.wins), [2.0, 1.5, 1.0, 1.5]);
        assert_eq!(each(|x| x.buchholz), [4.0, 4.5, 5.0, 4.5]);
        assert_eq!(each(|x| x.median_buchholz), [1.5, 1.5, 1.5, 1.5]);
        assert_eq!(each(|x| x.sonneborn_berger), [2.5, 1.75, 1.5, 2.75]);
        assert_eq!(each(|x| x.cumulative), [5.0, 2.0, 3.0, 2.0]);
        let order = |c: Criterion| {
            names(&standings(&games, &e, &[Criterion::Wins, c]))
                .iter()
                .map(|(r, n)| format!("{r}{n}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(order(Criterion::Buchholz), "1A 2B 2D 4C");
        assert_eq!(order(Criterion::MedianBuchholz), "1A 2B 2D 4C");
        assert_eq!(order(Criterion::SonnebornBerger), "1A 2D 3B 4C");
        assert_eq!(order(Criterion::Cumulative), "1A 2B 2D 4C");
        assert_eq!(
            names(&standings(&games, &e, &[Criterion::Buchholz])),
            [(1, "C"), (2, "B"), (2, "D"), (4, "A")]
        );
    }

    /// Worked by hand: median Buchholz where Buchholz is level. A beats O1,
    /// O2, O3, whose other wins are 0, 1 and 4 (O2 beats Z1; O3 beats Z1 to
    /// Z4); B beats P1, P2, P3, whose other wins are 1, 2 and 2 (P1 beats Z2,
    /// P2 beats Z3 and Z4, P3 beats Z1 and Z2). Buchholz: A 0+1+4 = 5, B
    /// 1+2+2 = 5, level; median Buchholz (without the best and the worst):
    /// A 1, B 2, so B ranks above A.
    #[test]
    fn median_buchholz_drops_the_best_and_the_worst() {
        let games = [
            game("A", 1, "O1", 0),
            game("A", 1, "O2", 0),
            game("A", 1, "O3", 0),
            game("B", 1, "P1", 0),
            game("B", 1, "P2", 0),
            game("B", 1, "P3", 0),
            game("O2", 1, "Z1", 0),
            game("O3", 1, "Z1", 0),
            game("O3", 1, "Z2", 0),
            game("O3", 1, "Z3", 0),
            game("O3", 1, "Z4", 0),
            game("P1", 1, "Z2", 0),
            game("P2", 1, "Z3", 0),
            game("P2", 1, "Z4", 0),
            game("P3", 1, "Z1", 0),
            game("P3", 1, "Z2", 0),
        ];
        let e: Vec<String> = vec![];
        let by = |c: &[Criterion]| standings(&games, &e, c);
        let s = by(&[Criterion::Wins, Criterion::Buchholz]);
        let of = |s: &[Standing], n: &str| s.iter().find(|x| x.name == n).unwrap().clone();
        let (a, b) = (of(&s, "A"), of(&s, "B"));
        assert_eq!((a.buchholz, b.buchholz), (5.0, 5.0));
        assert_eq!((a.median_buchholz, b.median_buchholz), (1.0, 2.0));
        assert_eq!((a.rank, b.rank, a.tied), (2, 2, true));
        let s = by(&[
            Criterion::Wins,
            Criterion::Buchholz,
            Criterion::MedianBuchholz,
        ]);
        assert_eq!((of(&s, "B").rank, of(&s, "A").rank), (2, 3));
    }

    #[test]
    fn percent_compares_exact_fractions() {
        let mut a = game("Anna", 1, "Bruno", 0);
        a.matchpoints = vec![Some((2, 3)), Some((1, 3))];
        let mut b = game("Carla", 1, "Dario", 0);
        b.matchpoints = vec![Some((4, 6)), Some((1, 6))];
        let s = standings(&[a, b], &[], &[Criterion::Percent]);
        // Anna 2/3 = Carla 4/6, Bruno 1/3 over Dario 1/6.
        assert_eq!(
            names(&s),
            [(1, "Anna"), (1, "Carla"), (3, "Bruno"), (4, "Dario")]
        );
        assert_eq!(s[0].percent, Some(66.67));
    }
}
