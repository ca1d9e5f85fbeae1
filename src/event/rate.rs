//! Club ratings across events: `tavolo event rate` updates a ratings file the
//! club keeps (plain TOML, one file a game) from an event's results, with the
//! `skillratings` crate: Elo (K 32, a newcomer at 1000) for every game but
//! Natura Shakerata, which is rated by Glicko-2 (a newcomer at 1500, deviation
//! 350, volatility 0.06, tau 0.5), the crate's defaults.
//!
//! The event is one rating period: every game is rated from the ratings
//! before the event, so the order of the games does not matter. A table of
//! more than two players is rated as a game between each two of them: the
//! winner beats each loser, two winners (or two losers) draw. Solitaires,
//! byes, games left out and partnership sections are not rated. The file is
//! written with fixed decimals and sorted, so the same files give the same
//! bytes, and names each event it has taken so none is rated twice.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use skillratings::elo::{elo, EloConfig, EloRating};
use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use super::measure::Counted;
use super::results::Results;
use super::Description;
use crate::error::Error;

pub const FORMAT: &str = "tavolo-ratings-v1";

/// How a game is rated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Elo,
    Glicko2,
}

impl Method {
    pub fn of(game: &str) -> Method {
        if game == "natura" {
            Method::Glicko2
        } else {
            Method::Elo
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Method::Elo => "elo",
            Method::Glicko2 => "glicko-2",
        }
    }
}

/// Each rated player's line before the event (`None`: a newcomer) and after.
pub type Changes = Vec<(Option<Rating>, Rating)>;

/// One player's line in the file.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rating {
    pub name: String,
    pub rating: f64,
    /// Glicko-2 only.
    pub deviation: Option<f64>,
    pub volatility: Option<f64>,
    /// Rated games so far.
    pub games: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    format: String,
    game: String,
    method: String,
    #[serde(default)]
    events: Vec<String>,
    #[serde(default)]
    player: Vec<Rating>,
}

/// A club's ratings of one game.
#[derive(Debug, Clone, PartialEq)]
pub struct Ratings {
    pub game: String,
    pub method: Method,
    /// The events rated, as `NAME (description sha256)`.
    pub events: Vec<String>,
    pub players: BTreeMap<String, Rating>,
}

impl Ratings {
    pub fn new(game: &str) -> Ratings {
        Ratings {
            game: game.to_string(),
            method: Method::of(game),
            events: Vec::new(),
            players: BTreeMap::new(),
        }
    }

    /// Read a ratings file (exit 2 if it does not read or is not `game`'s).
    pub fn parse(path: &Path, text: &str, game: &str) -> Result<Ratings, Error> {
        let f: File =
            toml::from_str(text).map_err(|e| Error::toml("event.ratings", path, text, &e))?;
        let bad = |m: String| Error::input("event.ratings", m).in_file(path);
        if f.format != FORMAT {
            return Err(bad(format!("`format` is {:?}, not {FORMAT:?}", f.format)));
        }
        if f.game != game {
            return Err(bad(format!(
                "these are ratings of {}, and the event is of {game}: keep a file a game",
                f.game
            )));
        }
        let method = Method::of(game);
        if f.method != method.name() {
            return Err(bad(format!(
                "{game} is rated by {}, the file says {:?}",
                method.name(),
                f.method
            )));
        }
        let mut players = BTreeMap::new();
        for p in f.player {
            let ok = p.rating.is_finite()
                && match method {
                    Method::Elo => p.deviation.is_none() && p.volatility.is_none(),
                    Method::Glicko2 => {
                        p.deviation.is_some_and(|d| d.is_finite() && d > 0.0)
                            && p.volatility.is_some_and(|v| v.is_finite() && v > 0.0)
                    }
                };
            if !ok {
                return Err(bad(format!(
                    "{}: a rating {}",
                    p.name,
                    match method {
                        Method::Elo => "and no deviation or volatility (Elo)",
                        Method::Glicko2 => "with a positive deviation and volatility (Glicko-2)",
                    }
                )));
            }
            if players.insert(p.name.clone(), p.clone()).is_some() {
                return Err(bad(format!("{} is listed twice", p.name)));
            }
        }
        Ok(Ratings {
            game: f.game,
            method,
            events: f.events,
            players,
        })
    }

    fn rating_of(&self, name: &str) -> Rating {
        self.players.get(name).cloned().unwrap_or_else(|| {
            let (rating, deviation, volatility) = match self.method {
                Method::Elo => (EloRating::new().rating, None, None),
                Method::Glicko2 => {
                    let g = Glicko2Rating::new();
                    (g.rating, Some(g.deviation), Some(g.volatility))
                }
            };
            Rating {
                name: name.to_string(),
                rating,
                deviation,
                volatility,
                games: 0,
            }
        })
    }

    /// The file's text: players by rating, highest first, then by name;
    /// ratings and deviations to two decimals, volatilities to six.
    pub fn text(&self) -> String {
        use crate::record::write;
        let mut s = format!(
            "format = {}\ngame = {}\nmethod = {}\nevents = [{}]\n",
            write::string(FORMAT),
            write::string(&self.game),
            write::string(self.method.name()),
            self.events
                .iter()
                .map(|e| write::string(e))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let mut list: Vec<&Rating> = self.players.values().collect();
        list.sort_by(|a, b| b.rating.total_cmp(&a.rating).then(a.name.cmp(&b.name)));
        for p in list {
            s.push_str(&format!(
                "\n[[player]]\nname = {}\nrating = {:.2}\n",
                write::string(&p.name),
                p.rating
            ));
            if let (Some(d), Some(v)) = (p.deviation, p.volatility) {
                s.push_str(&format!("deviation = {d:.2}\nvolatility = {v:.6}\n"));
            }
            s.push_str(&format!("games = {}\n", p.games));
        }
        s
    }
}

/// Every rated game of `game` in the results: the two players and the
/// outcome for the first.
pub fn games(d: &Description, r: &Results, game: &str) -> Vec<(String, String, Outcomes)> {
    let mut out = Vec::new();
    for (sec, _) in r
        .sections
        .iter()
        .zip(&d.sections)
        .filter(|(s, ds)| s.game == game && ds.partnerships.is_none())
    {
        for line in &sec.records {
            let Counted::Yes { seats, .. } = &line.counted else {
                continue;
            };
            if seats.len() < 2
                || seats.iter().any(|s| s.solved.is_some())
                || line.players.len() != seats.len()
            {
                continue;
            }
            for i in 0..seats.len() {
                for j in i + 1..seats.len() {
                    let outcome = match seats[i].halves.cmp(&seats[j].halves) {
                        std::cmp::Ordering::Greater => Outcomes::WIN,
                        std::cmp::Ordering::Less => Outcomes::LOSS,
                        std::cmp::Ordering::Equal => Outcomes::DRAW,
                    };
                    out.push((line.players[i].clone(), line.players[j].clone(), outcome));
                }
            }
        }
    }
    out
}

/// The ratings after the event `r`, and each rated player's line before it
/// (`None` for a newcomer). Exit 1 if the file has already taken the event.
pub fn rate(d: &Description, before: &Ratings, r: &Results) -> Result<(Ratings, Changes), Error> {
    let tag = format!("{} ({})", r.event, r.description_sha256);
    if before.events.contains(&tag) {
        return Err(Error::failed(
            "event.already-rated",
            format!("the ratings have already taken {tag}"),
        ));
    }
    Ok(apply(before, &games(d, r, &before.game), tag))
}

/// The ratings after `games` (two players and the first's outcome), all
/// rated from `before`, with the event `tag` taken.
pub fn apply(
    before: &Ratings,
    games: &[(String, String, Outcomes)],
    tag: String,
) -> (Ratings, Changes) {
    // Each player's games: (opponent, outcome for the player).
    let mut by: BTreeMap<String, Vec<(String, Outcomes)>> = BTreeMap::new();
    let flip = |o: Outcomes| match o {
        Outcomes::WIN => Outcomes::LOSS,
        Outcomes::LOSS => Outcomes::WIN,
        Outcomes::DRAW => Outcomes::DRAW,
    };
    for (a, b, o) in games {
        by.entry(a.clone()).or_default().push((b.clone(), *o));
        by.entry(b.clone()).or_default().push((a.clone(), flip(*o)));
    }
    let mut after = before.clone();
    after.events.push(tag);
    let mut changes = Vec::new();
    for (name, list) in &by {
        let old = before.rating_of(name);
        let mut new = old.clone();
        match before.method {
            Method::Elo => {
                let config = EloConfig::new();
                let me = EloRating { rating: old.rating };
                let delta: f64 = list
                    .iter()
                    .map(|(o, outcome)| {
                        let them = EloRating {
                            rating: before.rating_of(o).rating,
                        };
                        elo(&me, &them, outcome, &config).0.rating - me.rating
                    })
                    .sum();
                new.rating = old.rating + delta;
            }
            Method::Glicko2 => {
                let g = |p: &Rating| Glicko2Rating {
                    rating: p.rating,
                    deviation: p.deviation.unwrap_or(350.0),
                    volatility: p.volatility.unwrap_or(0.06),
                };
                let results: Vec<(Glicko2Rating, Outcomes)> = list
                    .iter()
                    .map(|(o, outcome)| (g(&before.rating_of(o)), *outcome))
                    .collect();
                let n = glicko2_rating_period(&g(&old), &results, &Glicko2Config::new());
                new.rating = n.rating;
                new.deviation = Some(n.deviation);
                new.volatility = Some(n.volatility);
            }
        }
        // What the file holds is what the next event starts from.
        new.rating = round(new.rating, 2);
        new.deviation = new.deviation.map(|d| round(d, 2));
        new.volatility = new.volatility.map(|v| round(v, 6));
        new.games += list.len() as u32;
        changes.push((before.players.get(name).cloned(), new.clone()));
        after.players.insert(name.clone(), new);
    }
    (after, changes)
}

fn round(x: f64, places: i32) -> f64 {
    let m = 10f64.powi(places);
    (x * m).round() / m
}

/// The changes in words, one line a player.
pub fn changes_text(method: Method, changes: &[(Option<Rating>, Rating)]) -> String {
    let mut s = format!("rated by {}:\n", method.name());
    for (old, new) in changes {
        let from = old
            .as_ref()
            .map_or_else(|| "new".to_string(), |o| format!("{:.2}", o.rating));
        let dev = new
            .deviation
            .map_or(String::new(), |d| format!(", deviation {d:.2}"));
        s.push_str(&format!(
            "  {}: {from} -> {:.2}{dev}, {} games\n",
            new.name, new.rating, new.games
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(a: &str, b: &str, o: Outcomes) -> (String, String, Outcomes) {
        (a.into(), b.into(), o)
    }

    /// Elo by hand (K 32): Anna (new, 1000) beats Bruno (new, 1000): expected
    /// 0.5, +16. She draws Carla (1100): expected 1 / (1 + 10^(100/400)) =
    /// 0.359935, so +32 x 0.140065 = +4.48. Both from the ratings before:
    /// 1020.48. Carla: 32 x (0.5 - 0.640065) = -4.48, 1095.52.
    #[test]
    fn elo_is_pinned_by_hand_and_the_event_is_one_period() {
        let text = "format = \"tavolo-ratings-v1\"\ngame = \"moon\"\nmethod = \"elo\"\n\
                    [[player]]\nname = \"Carla\"\nrating = 1100.0\ngames = 7\n";
        let before = Ratings::parse(Path::new("r.toml"), text, "moon").unwrap();
        let games = [
            game("Anna", "Bruno", Outcomes::WIN),
            game("Carla", "Anna", Outcomes::DRAW),
        ];
        let (after, changes) = apply(&before, &games, "club night".into());
        assert_eq!(after.players["Anna"].rating, 1020.48);
        assert_eq!(after.players["Anna"].games, 2);
        assert_eq!(after.players["Bruno"].rating, 984.0);
        assert_eq!(after.players["Carla"].rating, 1095.52);
        assert_eq!(after.players["Carla"].games, 8);
        assert_eq!(changes.len(), 3);
        // The order of the games does not matter.
        let (again, _) = apply(
            &before,
            &[games[1].clone(), games[0].clone()],
            "club night".into(),
        );
        assert_eq!(again.text(), after.text());
        // The file reads back as written, and names the event.
        let text = after.text();
        assert!(text.starts_with("format = \"tavolo-ratings-v1\"\ngame = \"moon\"\nmethod = \"elo\"\nevents = [\"club night\"]\n\n[[player]]\nname = \"Carla\"\nrating = 1095.52\n"), "{text}");
        assert_eq!(
            Ratings::parse(Path::new("r.toml"), &text, "moon").unwrap(),
            after
        );
    }

    /// Glicko-2: Glickman's worked example (glicko2.pdf), the one the
    /// crate documents for `glicko2_rating_period`: 1500/200/0.06 beats
    /// 1400/30, loses to 1550/100 and to 1700/300, tau 0.5: about 1464,
    /// deviation about 152, volatility 0.0599960 (the paper prints 1464.06
    /// and 151.52 from rounded intermediate values; unrounded, 1464.05).
    #[test]
    fn glicko_2_gives_glickmans_example() {
        let text = "format = \"tavolo-ratings-v1\"\ngame = \"natura\"\nmethod = \"glicko-2\"\n\
            [[player]]\nname = \"P\"\nrating = 1500.0\ndeviation = 200.0\nvolatility = 0.06\ngames = 0\n\
            [[player]]\nname = \"A\"\nrating = 1400.0\ndeviation = 30.0\nvolatility = 0.06\ngames = 0\n\
            [[player]]\nname = \"B\"\nrating = 1550.0\ndeviation = 100.0\nvolatility = 0.06\ngames = 0\n\
            [[player]]\nname = \"C\"\nrating = 1700.0\ndeviation = 300.0\nvolatility = 0.06\ngames = 0\n";
        let before = Ratings::parse(Path::new("r.toml"), text, "natura").unwrap();
        let games = [
            game("P", "A", Outcomes::WIN),
            game("P", "B", Outcomes::LOSS),
            game("P", "C", Outcomes::LOSS),
        ];
        let (after, _) = apply(&before, &games, "e".into());
        let p = &after.players["P"];
        assert_eq!(p.rating.round(), 1464.0);
        assert!((p.rating - 1464.06).abs() < 0.02, "{p:?}");
        assert_eq!(p.deviation.map(f64::round), Some(152.0));
        assert!((p.deviation.unwrap() - 151.52).abs() < 0.02, "{p:?}");
        assert_eq!(p.volatility, Some(0.059996));
    }

    #[test]
    fn a_file_of_another_game_or_method_does_not_read() {
        let p = Path::new("r.toml");
        let moon = "format = \"tavolo-ratings-v1\"\ngame = \"moon\"\nmethod = \"elo\"\n";
        let e = Ratings::parse(p, moon, "natura").unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.message.contains("keep a file a game"), "{e}");
        let e = Ratings::parse(p, &moon.replace("\"elo\"", "\"glicko-2\""), "moon").unwrap_err();
        assert!(e.message.contains("moon is rated by elo"), "{e}");
        let e = Ratings::parse(
            p,
            &format!("{moon}[[player]]\nname = \"A\"\nrating = 1.0\ndeviation = 3.0\ngames = 1\n"),
            "moon",
        )
        .unwrap_err();
        assert!(e.message.contains("no deviation"), "{e}");
    }
}
