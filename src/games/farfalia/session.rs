//! Farfalia at the table ([`crate::games::session`]): the deal under way (dealer, trump,
//! the proposal, the trick on the table), every place with its hand hidden but from its
//! player or the director (a dummy's face-up cards are everyone's, FA-8), what each side
//! has collected, the standings; and the short forms: the seat left out (`B11`, `take B11`,
//! `decline`, `trump O`, ...). A live session deals from a seed: the match's deals come
//! from it as they do in `tavolo play`.

use super::record::{engine_moves, replay, Farfalia, Replay};
use super::{Broken, Card, CardSet, Deal, Family, Match, Move, Outcome};
use crate::error::Error;
use crate::games::engine::Broken as _;
use crate::games::referee::Referee;
use crate::games::session::{verdict, Masked, Opened, ShortForm, Table, View};
use crate::record::{Record, Source};

const SHORT: &[ShortForm] = &[
    ("B11", "short-farfalia-play"),
    ("take B11", "short-farfalia-take"),
    ("decline", "short-farfalia-decline"),
    ("discard B3 G5", "short-farfalia-discard"),
    ("trump O", "short-farfalia-trump"),
    ("double", "short-farfalia-double"),
    ("jolly F", "short-farfalia-jolly"),
];

fn cards(set: CardSet) -> String {
    let v: Vec<String> = set.iter().map(|c| c.to_string()).collect();
    if v.is_empty() {
        "-".into()
    } else {
        v.join(" ")
    }
}

/// Who plays at a place: the seat's name, or `NAME's dummy`.
fn place_name(deal: &Deal, place: usize, names: &[String]) -> String {
    let seat = names[deal.seat_of(place)].clone();
    if deal.is_dummy(place) {
        crate::t!("farfalia-dummy", player = seat)
    } else {
        seat
    }
}

impl Table for Farfalia {
    fn open(&self, record: &Record, src: &Source) -> Result<Opened<Match>, Error> {
        let Some((deal, _)) = record.setup.deal() else {
            return Err(Error::input(
                "table.farfalia-written",
                "a live Farfalia session deals the match from a seed: this record writes its deals out and has no [deal]",
            )
            .help("start one with `tavolo table farfalia --seed SEED`"));
        };
        let Replay { moves, .. } = replay(record, src)?;
        let start = self.start(&record.variant, &record.player_names(), deal)?;
        Ok(Opened::one_each(start, engine_moves(record, &moves)))
    }

    fn read(&self, game: &Match, _names: &[String], text: &str) -> Result<Move, String> {
        let full = if text.contains(':') {
            text.to_string()
        } else {
            format!("{}:{text}", game.to_move().unwrap_or(0) + 1)
        };
        full.parse().map_err(|e: super::MoveSyntax| e.0)
    }

    fn short_forms(&self) -> &'static [ShortForm] {
        SHORT
    }

    /// The notation's words as Italian players say them.
    fn said(&self) -> &'static [crate::games::session::Said] {
        &[
            ("prendi", "take"),
            ("rinuncia", "decline"),
            ("scarta", "discard"),
            ("briscola", "trump"),
            ("nessuna", "none"),
            ("doppio", "double"),
            ("singolo", "single"),
        ]
    }

    fn expects(&self, game: &Match, _names: &[String]) -> String {
        let Some(deal) = game.deal().filter(|_| game.to_move().is_some()) else {
            return crate::t!("farfalia-over");
        };
        let legal = deal.legal_moves();
        let mut kinds: Vec<String> = Vec::new();
        let mut add = |k: String| {
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        };
        for m in &legal {
            match m {
                Move::Play { .. } => {
                    add(if deal.place_to_move().is_some_and(|p| deal.is_dummy(p)) {
                        crate::t!("farfalia-expects-dummy")
                    } else {
                        crate::t!("farfalia-expects-card")
                    })
                }
                Move::Jolly { .. } => add(crate::t!("farfalia-expects-jolly")),
                Move::Take { .. } => add(crate::t!("farfalia-expects-take")),
                Move::Decline { .. } => add(crate::t!("farfalia-expects-decline")),
                Move::Discard { cards, .. } => {
                    add(crate::t!("farfalia-expects-discard", count = cards.len()))
                }
                Move::Trump { .. } => add(crate::t!("farfalia-expects-trump")),
                Move::Double { .. } => add(crate::t!("farfalia-expects-double")),
            }
        }
        kinds.join(&format!(" {} ", crate::t!("word-or")))
    }

    fn position(&self, game: &Match, names: &[String], view: View) -> String {
        let format = game.rules().format;
        let mut out = String::new();
        let totals: Vec<String> = names
            .iter()
            .zip(game.totals())
            .map(|(n, t)| format!("{n} {t}"))
            .collect();
        let Some(deal) = game.deal() else {
            out.push_str(&format!(
                "{}\n",
                crate::t!(
                    "farfalia-match-over",
                    deals = game.deals_played(),
                    totals = totals.join(", ")
                )
            ));
            return out;
        };
        let dealer = game.table().map_or(0, |t| t.dealer());
        out.push_str(&format!(
            "{}\n",
            crate::t!(
                "farfalia-deal",
                deal = game.deals_played() + 1,
                deals = format.deals(),
                format = format.to_string(),
                dealer = &names[dealer],
                trump = deal
                    .trump()
                    .map_or(crate::t!("farfalia-no-trump-yet"), |t| t.to_string())
            )
        ));
        let proposal: Vec<String> = deal
            .proposal()
            .iter()
            .map(|f| f.name().to_string())
            .collect();
        out.push_str(&format!(
            "{}\n",
            crate::t!(
                "farfalia-proposal",
                families = proposal.join(", "),
                done = deal.tricks_done(),
                tricks = deal.kind().tricks()
            )
        ));
        let said = |cards: Vec<(usize, Result<Card, Family>)>| -> Vec<String> {
            cards
                .iter()
                .map(|(place, c)| {
                    let card = match c {
                        Ok(card) => card.to_string(),
                        Err(family) => format!("jolly {family}"),
                    };
                    format!("{} {card}", place_name(deal, *place, names))
                })
                .collect()
        };
        let trick = said(deal.trick());
        if !trick.is_empty() {
            out.push_str(&format!(
                "{}\n",
                crate::t!("farfalia-trick", cards = trick.join(", "))
            ));
        }
        // The trick just completed stays in view until the next card: every player saw
        // it played (GN-5), and a finished trick no longer vanishes (issue 47).
        let last = said(deal.last_trick());
        if !last.is_empty() {
            let to = match deal.last_winner() {
                Some(p) => crate::t!("farfalia-trick-to", player = place_name(deal, p, names)),
                None => crate::t!("farfalia-all-burned"),
            };
            out.push_str(&format!(
                "{}{to}\n",
                crate::t!("farfalia-last-trick", cards = last.join(", "))
            ));
        }
        for place in 0..deal.places() {
            let seat = deal.seat_of(place);
            let hand = deal.hand(place);
            let shown = if deal.is_dummy(place) {
                let up = deal.face_up(place);
                let down = hand.len() - up.len();
                if view.sees(seat) || view.all() {
                    crate::t!(
                        "farfalia-face-up-down",
                        up = cards(up),
                        down = cards(CardSet(hand.0 & !up.0))
                    )
                } else {
                    crate::t!("farfalia-face-up-count", up = cards(up), down = down)
                }
            } else if view.sees(seat) {
                cards(hand)
            } else {
                crate::t!("count-cards", count = hand.len())
            };
            let collected = deal.collected(place);
            out.push_str(&format!(
                "{}\n",
                crate::t!(
                    "farfalia-place",
                    player = place_name(deal, place, names),
                    side = deal.team_of(place) + 1,
                    hand = shown,
                    collected = if collected.is_empty() {
                        String::new()
                    } else {
                        crate::t!("farfalia-collected", cards = cards(collected))
                    }
                )
            ));
        }
        out.push_str(&format!(
            "{}\n",
            crate::t!("farfalia-standings", totals = totals.join(", "))
        ));
        if let Some(s) = game.to_move() {
            let who = deal
                .place_to_move()
                .map_or(names[s].clone(), |p| place_name(deal, p, names));
            if deal.place_to_move().is_some_and(|p| deal.is_dummy(p)) {
                out.push_str(&format!(
                    "{}\n",
                    crate::t!("farfalia-to-move-dummy", place = &who, player = &names[s])
                ));
            } else {
                out.push_str(&format!("{}\n", crate::t!("to-move", player = &who)));
            }
        }
        out
    }

    fn explain(
        &self,
        before: &Match,
        after: &Match,
        mv: &Move,
        outcome: &Outcome,
        names: &[String],
    ) -> String {
        let name = |p: usize| names.get(p).cloned().unwrap_or_default();
        let deal = before.deal();
        let who = match (deal, deal.and_then(|d| d.place_to_move())) {
            (Some(d), Some(p)) => place_name(d, p, names),
            _ => name(mv.seat()),
        };
        let mut s = match *mv {
            Move::Play { card, .. } => {
                crate::t!("farfalia-plays", player = &who, card = card.to_string())
            }
            Move::Jolly { family, .. } => {
                crate::t!(
                    "farfalia-plays-jolly",
                    player = &who,
                    family = family.name()
                )
            }
            Move::Take { card, .. } => {
                crate::t!("farfalia-takes", player = &who, card = card.to_string())
            }
            Move::Decline { .. } => crate::t!("farfalia-declines", player = &who),
            Move::Discard { cards: c, .. } => crate::t!(
                "farfalia-discards",
                player = &who,
                cards = crate::t!("count-cards", count = c.len())
            ),
            Move::Trump { trump, .. } => crate::t!(
                "farfalia-names-trump",
                player = &who,
                trump = trump.to_string()
            ),
            Move::Double { double: true, .. } => {
                crate::t!("farfalia-doubles", player = &who)
            }
            Move::Double { double: false, .. } => crate::t!("farfalia-single", player = &who),
        };
        match *outcome {
            Outcome::Next => {}
            Outcome::Trick { winner, burned } => {
                if !burned.is_empty() {
                    s += &crate::t!("farfalia-burns", cards = cards(burned));
                }
                match (winner, after.deal().or(deal)) {
                    (Some(p), Some(d)) => {
                        s += &crate::t!("farfalia-trick-to", player = place_name(d, p, names))
                    }
                    _ => s += &crate::t!("farfalia-all-burned"),
                }
            }
            Outcome::DealOver | Outcome::MatchOver => {
                if let Some((_, pts)) = after.history().last() {
                    let per: Vec<String> = names
                        .iter()
                        .zip(pts)
                        .map(|(n, p)| format!("{n} {p}"))
                        .collect();
                    s += &crate::t!("farfalia-deal-over", scores = per.join(", "));
                }
                if *outcome == Outcome::MatchOver {
                    let winners: Vec<String> = after.winners().iter().map(|&p| name(p)).collect();
                    s += &crate::t!(
                        "farfalia-won",
                        players = crate::games::session::and_join(&winners),
                        count = winners.len()
                    );
                }
            }
        }
        s
    }

    /// A refusal about a seat's own cards (not held, face down on its dummy, a revoke and
    /// the cards that make it one, a jolly it lacks) is that seat's and the director's to
    /// hear; anyone else hears only that the card is not theirs to play (GN-5). The rest
    /// (the turn, the trick, the proposal, the discard's size) is the table's.
    fn refusal(&self, _game: &Match, broken: &Broken, names: &[String], view: View) -> String {
        let own = match *broken {
            Broken::NotHeld { seat, .. }
            | Broken::FaceDown { seat, .. }
            | Broken::OtherHand { seat, .. }
            | Broken::Revoke { seat, .. }
            | Broken::NoJolly { seat, .. } => Some(seat),
            _ => None,
        };
        match own {
            Some(seat) if !view.sees(seat) => crate::t!(
                "farfalia-not-yours",
                rule = crate::lang::rule(broken.rule())
            ),
            _ => broken.describe(names),
        }
    }

    /// The dealer's discard lies face down: the others hear how many cards (GN-5).
    fn masked(
        &self,
        before: &Match,
        after: &Match,
        mv: &Move,
        outcome: &Outcome,
        names: &[String],
    ) -> Option<Masked> {
        let Move::Discard { seat, cards: c } = mv else {
            return None;
        };
        Some(Masked {
            notation: crate::t!("farfalia-discard-masked", seat = seat + 1, count = c.len()),
            explanation: self.explain(before, after, mv, outcome, names),
        })
    }

    fn result(&self, game: &Match, names: &[String]) -> Option<String> {
        if !game.is_over() {
            return None;
        }
        let totals: Vec<i64> = game.totals().iter().map(|&t| i64::from(t)).collect();
        Some(crate::t!(
            "farfalia-result",
            verdict = verdict(names, &game.winners(), Some(&totals))
        ))
    }

    /// A strict table (GN-4): a revoke stands and stops the match as `check` judges a
    /// record's illegal move (tavolo's ruling on irregularities: the deals finished before
    /// it stand, nobody wins). Any other illegal card is refused, as at a forgiving table.
    fn strict(
        &self,
        game: &Match,
        broken: &Broken,
        _seat: usize,
        number: usize,
        names: &[String],
    ) -> Option<crate::record::GameResult> {
        matches!(broken, Broken::Revoke { .. })
            .then(|| super::record::irregular(game, number, names))
    }

    fn has_strict(&self, _game: &Match) -> bool {
        true
    }

    fn scores(&self, game: &Match) -> Option<Vec<i64>> {
        Some(game.totals().iter().map(|&t| i64::from(t)).collect())
    }

    /// The cards `seat` does not see dealt again among the places hiding them (issue 43,
    /// [`super::play::machine::seen`]); the deals to come are left as they are, since
    /// the machine looks no further than the deal under way.
    fn seen(&self, game: &Match, seat: usize, rng: &mut crate::deal::DealRng) -> Option<Match> {
        let deal = super::play::machine::seen(game.deal()?, seat, rng);
        let mut world = game.clone();
        *world.deal_mut()? = deal;
        Some(world)
    }

    fn greedy(&self, world: &Match, seat: usize) -> Option<Move> {
        let deal = world.deal()?;
        (deal.to_move() == Some(seat)).then(|| super::play::machine::greedy(deal))?
    }

    fn strong(&self, world: &Match, seat: usize, rng: &mut crate::deal::DealRng) -> Option<Move> {
        let deal = world.deal()?;
        (deal.to_move() == Some(seat)).then(|| super::play::machine::strong(deal, seat, rng))?
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::check::{check_text, Outcome};
    use crate::games::engine::Engine;
    use crate::games::session::{Answer, Live, Session};
    use crate::games::setup::Spec;

    static FARFALIA: Farfalia = Farfalia;

    /// A revoke the seat to move could make now, if any: a card of its own not of the suit
    /// led while it holds that suit (FA-2).
    fn revoke(m: &Match) -> Option<Move> {
        let seat = m.to_move()?;
        let d = m.deal()?;
        let place = d.place_to_move()?;
        if d.trick().is_empty() {
            return None;
        }
        d.hand(place)
            .iter()
            .chain(d.face_up(place).iter())
            .map(|card| Move::Play { seat, card })
            .find(|&mv| matches!(m.clone().play(mv), Err(Broken::Revoke { .. })))
    }

    /// GN-4 at a strict table: a revoke is recorded, the match stops there, and the result
    /// is `check`'s of the record the session writes (tavolo's ruling on irregularities);
    /// the record keeps the table strict, and a session opened from it ends the same way.
    /// A forgiving table refuses the same card and goes on.
    #[test]
    fn a_strict_table_records_a_revoke_and_check_gives_its_result() {
        let spec = Spec {
            game: "farfalia".into(),
            players: Some(4),
            variant: None,
            seed: Some("revoke".into()),
            board: 1,
            names: None,
        };
        let r = spec.resolve().unwrap();
        let mut s = Session::dealt(&FARFALIA, &r.variant, &r.players, &r.provenance).unwrap();
        let mut forgiving = s.clone();
        Live::set_strict(&mut s).unwrap();
        let mv = loop {
            if let Some(mv) = revoke(s.game()) {
                break mv;
            }
            let next = s.game().legal_moves()[0];
            s.apply(next).unwrap();
            forgiving.apply(next).unwrap();
        };
        let before = Live::moves(&s);
        let a = Live::apply(&mut forgiving, &mv.to_string(), View::Director);
        assert!(matches!(
            a,
            Answer::Illegal {
                code: "farfalia.revoke",
                ..
            }
        ));
        assert!(Live::ended(&forgiving).is_none() && Live::to_move(&forgiving).is_some());

        let a = Live::apply(&mut s, &mv.to_string(), View::Director);
        assert!(
            matches!(
                a,
                Answer::Illegal {
                    code: "farfalia.revoke",
                    ..
                }
            ),
            "{a:?}"
        );
        let ended = Live::ended(&s).expect("the revoke ends the match");
        assert_eq!(Live::moves(&s), before + 1);
        assert!(Live::to_move(&s).is_none());
        assert!(ended.winners.is_empty(), "{ended:?}");
        let record = Live::record(&s);
        assert!(record.contains("[session]\n") && record.contains("strict = true\n"));
        let report = check_text(std::path::Path::new("r.toml"), record.clone());
        let Outcome::Judged { verdict, .. } = &report.outcome else {
            panic!("the record is read")
        };
        assert_eq!(
            verdict.illegal.as_ref().map(|i| i.code),
            Some("farfalia.revoke")
        );
        assert_eq!(verdict.result.as_ref(), Some(&ended));
        // Resumed: the same end, not a refusal (GN-4).
        assert!(crate::games::ending::strict_end(
            std::path::Path::new("r.toml"),
            &record
        ));
        let src = crate::record::Source::new("r.toml", record);
        let rec = crate::record::Record::parse(&src, &crate::games::Registry).unwrap();
        let (again, refused) = Session::opened(&FARFALIA, &rec, &src).unwrap();
        assert!(refused.is_none());
        assert_eq!(Live::ended(&again), Some(ended));
        assert!(Live::is_strict(&again));
    }

    /// Issue 47, GN-5: the trick just completed stays in every view's position, its cards in
    /// play order and who took it, until the next card is played; then only that card's
    /// trick is shown.
    #[test]
    fn the_last_trick_stays_in_view_until_the_next_card() {
        let spec = Spec {
            game: "farfalia".into(),
            players: Some(4),
            variant: None,
            seed: Some("last-trick".into()),
            board: 1,
            names: None,
        };
        let r = spec.resolve().unwrap();
        let mut s = Session::dealt(&FARFALIA, &r.variant, &r.players, &r.provenance).unwrap();
        let mut plays: Vec<String> = Vec::new();
        let mut checked = 0;
        for _ in 0..400 {
            let Some(next) = s.game().legal_moves().first().copied() else {
                break;
            };
            let was = s.game().deal().map(|d| d.tricks_done());
            s.apply(next).unwrap();
            if let Move::Play { card, .. } = next {
                plays.push(card.to_string());
            }
            let Some(d) = s.game().deal() else { break };
            if Some(d.tricks_done()) != was && d.trick().is_empty() && d.tricks_done() < 3 {
                // Just completed, nothing of the next on the table: in every view.
                let trick = &plays[plays.len() - 4..];
                for view in [View::Table, View::Seat(1), View::Director] {
                    let p = Live::position(&s, view);
                    let line = p
                        .lines()
                        .find(|l| l.starts_with("last trick: "))
                        .unwrap_or_else(|| panic!("no last trick in:\n{p}"));
                    let shown: Vec<&str> = line["last trick: ".len()..]
                        .split(';')
                        .next()
                        .unwrap()
                        .split(", ")
                        .map(|c| c.rsplit(' ').next().unwrap())
                        .collect();
                    assert_eq!(shown, trick, "in play order: {line}");
                    assert!(line.contains("; the trick goes to ") || line.contains("burned"));
                }
                checked += 1;
            }
            if checked > 0 && !s.game().deal().is_some_and(|d| d.trick().is_empty()) {
                // The next card played: the last trick gives way to the one on the table.
                let p = Live::position(&s, View::Table);
                assert!(!p.contains("last trick: "), "{p}");
                assert!(p.lines().any(|l| l.starts_with("trick: ")), "{p}");
                return;
            }
        }
        panic!("no trick completed and followed by a card ({checked})");
    }
}
