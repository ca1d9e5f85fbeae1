//! What each view is told (GN-5), tried as a club table would try it: random games of every
//! game that hides something, and at random moments, for the table's view and each seat's,
//! random illegal moves (well-formed, from the engine's candidates), mistyped ones, short
//! forms and `hint`. An oracle that knows what each view may not see (the others' hands
//! and racks, the face-down piles, a discard or an exchange made face down) checks that no
//! answer, position, move list, hint, JSON, record or picture given to the view names one
//! of those pieces, unless the view typed it itself. A refusal never says who holds a
//! piece, to any view but the director's.
//!
//! MOON is tried with three players, whose hands are kept hidden (with two they lie open
//! on the table, so a two-player MOON hides nothing and is not tried).

use std::collections::HashSet;

use super::engine::Engine;
use super::session::{EngineOf, Live, Session, Table, View};
use super::setup::Spec;
use crate::deal::DealRng;

/// The words of `text`: its runs of letters and digits (`tile-F2` gives `tile`, `F2`).
fn words(text: &str) -> HashSet<String> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// What a view may not see: pieces named as the notation writes them (`M1`, `G13`,
/// `CS`), matched as whole words, and whole strings (a rack's letters) matched anywhere.
#[derive(Default)]
struct Secrets {
    pieces: Vec<String>,
    strings: Vec<String>,
}

impl Secrets {
    fn piece(&mut self, p: impl ToString) {
        self.pieces.push(p.to_string());
    }

    /// The secret `out` names, ignoring what `typed` itself named and the `examples` a
    /// parser's message gives whatever the position.
    fn named_in(&self, out: &str, typed: &str, examples: &HashSet<String>) -> Option<String> {
        let said = words(out);
        let typed_words = words(typed);
        for p in &self.pieces {
            if said.contains(p) && !typed_words.contains(p) && !examples.contains(p) {
                return Some(p.clone());
            }
        }
        for s in &self.strings {
            if s.len() > 1 && out.contains(s.as_str()) && !typed.contains(s.as_str()) {
                return Some(s.clone());
            }
        }
        None
    }
}

/// A game to try, with its oracle: what `view` may not see in the session now.
struct Trial<T: Table> {
    table: &'static T,
    game: &'static str,
    players: usize,
    oracle: fn(&Session<T>, View) -> Secrets,
    /// Whether the holdings were dealt again between two positions (a new deal, a new
    /// round, tiles gone back face down): the move list before it named pieces that may
    /// now lie hidden, as everyone saw them then.
    redealt: fn(&EngineOf<T>, &EngineOf<T>) -> bool,
}

fn never<E>(_: &E, _: &E) -> bool {
    false
}

fn mistyped(text: &str, rng: &mut DealRng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    match rng.below(4) {
        0 if !chars.is_empty() => {
            let at = rng.below(chars.len() as u32) as usize;
            chars.remove(at);
        }
        1 if !chars.is_empty() => {
            let at = rng.below(chars.len() as u32) as usize;
            chars[at] = ['x', '9', 'Q', ' '][rng.below(4) as usize];
        }
        2 => chars.extend(" zz".chars()),
        _ => return "take G13".into(),
    }
    chars.into_iter().collect()
}

/// A move's notation without its seat (`1: tile M3 row 0` -> `tile M3 row 0`): a short
/// form most games read.
fn short(text: &str) -> String {
    match text.split_once(':') {
        Some((_, rest)) => rest.trim().to_string(),
        None => text.split_once(' ').map_or(text, |(_, r)| r).to_string(),
    }
}

impl<T: Table> Trial<T> {
    fn session(&self, seed: &str) -> Session<T> {
        let r = Spec {
            game: self.game.into(),
            players: Some(self.players),
            variant: None,
            seed: Some(seed.into()),
            board: 1,
            names: Some(
                (0..self.players)
                    .map(|p| format!("Seat{}", p + 1))
                    .collect(),
            ),
        }
        .resolve()
        .unwrap();
        Session::dealt(self.table, &r.variant, &r.players, &r.provenance).unwrap()
    }

    /// What `view` is told when it sends `typed` as a move (on a copy of the session), and
    /// what it may not see after it (a legal move's answer speaks of the position after).
    fn answered(&self, s: &Session<T>, view: View, typed: &str) -> (String, Option<Secrets>) {
        let mut probe = s.clone();
        let answer = Live::apply(&mut probe, typed, view);
        let after = matches!(answer, super::session::Answer::Legal { .. })
            .then(|| (self.oracle)(&probe, view));
        if let super::session::Answer::Illegal { message, .. } = &answer {
            assert!(
                view.all() || !message.contains("holds it"),
                "{}: a refusal to {view:?} says who holds a piece: {message}",
                self.game
            );
        }
        (serde_json::to_string(&answer).unwrap(), after)
    }

    /// Everything else `view` is told now: the position, the move list, a hint, the record
    /// if it may have it, and the picture when `pictures`.
    fn told(
        &self,
        s: &Session<T>,
        view: View,
        since: usize,
        pictures: bool,
    ) -> Vec<(&'static str, String)> {
        let mut told = vec![
            ("position", Live::position(s, view)),
            (
                "moves",
                serde_json::to_string(&Live::history(s, view)[since..]).unwrap(),
            ),
            (
                "hint",
                match Live::hint(s, view) {
                    Ok(h) => serde_json::to_string(&h).unwrap(),
                    Err(why) => why,
                },
            ),
        ];
        if let Some(record) = Live::record_for(s, view) {
            told.push(("record", record));
        }
        if pictures && (view.all() || !Live::hides(s) || Live::picture_is_public(s)) {
            if let Ok(shown) = crate::show::live(s, view) {
                told.push(("picture", shown.svg));
            }
        }
        told
    }

    /// The words of what the parser says to lines that are no move, in a game dealt
    /// otherwise: the examples its messages give whatever the position (`e.g. B4`).
    fn examples(&self) -> HashSet<String> {
        let s = self.session("views-examples");
        let mut all = HashSet::new();
        for typed in [
            "hint", "zz", "1 zz", "1: zz", "1:zz", "p1 zz", "take", "draw", "zz zz zz",
        ] {
            let mut probe = s.clone();
            if let super::session::Answer::Unreadable { message, .. } =
                Live::apply(&mut probe, typed, View::Table)
            {
                all.extend(words(&message));
            }
        }
        all
    }

    fn run(&self, seeds: &[&str], probes: u32) {
        let examples = self.examples();
        let baseline = self.session("views-examples");
        let none = HashSet::new();
        for seed in seeds {
            let mut s = self.session(seed);
            let mut rng = DealRng::new(self.game, "views-test", seed, 1);
            let mut step = 0;
            let mut since = 0;
            while s.game().to_move().is_some() && step < 400 {
                step += 1;
                let pictures = step % 25 == 1;
                let mut views = vec![View::Table];
                views.extend((0..self.players).map(View::Seat));
                for view in views {
                    if rng.below(3) != 0 {
                        continue;
                    }
                    let secrets = (self.oracle)(&s, view);
                    let candidates = s.game().candidate_moves();
                    let mut inputs = vec!["hint".to_string()];
                    for _ in 0..probes {
                        if candidates.is_empty() {
                            break;
                        }
                        let c = candidates[rng.below(candidates.len() as u32) as usize].to_string();
                        inputs.push(match rng.below(3) {
                            0 => c,
                            1 => short(&c),
                            _ => mistyped(&c, &mut rng),
                        });
                    }
                    let leak = |what: &str, out: &str, typed: &str, allowed: &HashSet<String>| {
                        if let Some(p) = secrets.named_in(out, typed, allowed) {
                            panic!(
                                "{} seed {seed} move {}: {view:?} is told `{p}`, hidden from it, in the {what} after `{typed}`:\n{out}",
                                self.game,
                                s.steps().len() + 1
                            );
                        }
                    };
                    for (what, out) in self.told(&s, view, since, pictures) {
                        leak(what, &out, "", &none);
                    }
                    for typed in &inputs {
                        let (out, after) = self.answered(&s, view, typed);
                        if let Some(after) = after {
                            if let Some(p) = after.named_in(&out, typed, &none) {
                                panic!(
                                    "{} seed {seed} move {}: {view:?} is told `{p}`, hidden from it after the move, in the answer to `{typed}`:\n{out}",
                                    self.game,
                                    s.steps().len() + 1
                                );
                            }
                            continue;
                        }
                        // A parser's message for the same line in another deal: what it says
                        // whatever the position (its examples, "did you mean").
                        let unreadable = out.starts_with("{\"verdict\":\"unreadable\"");
                        let mut allowed = HashSet::new();
                        if unreadable {
                            allowed.extend(examples.iter().cloned());
                            allowed.extend(words(&self.answered(&baseline, view, typed).0));
                        }
                        leak("answer", &out, typed, &allowed);
                    }
                }
                let legal = s.game().legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[rng.below(legal.len() as u32) as usize].clone();
                let before = s.game().clone();
                s.apply(mv).unwrap();
                if (self.redealt)(&before, s.game()) {
                    since = s.steps().len();
                }
            }
        }
    }
}

fn tiles_of(set: impl IntoIterator<Item = impl ToString>, out: &mut Secrets) {
    for t in set {
        out.piece(t);
    }
}

fn domino(s: &Session<super::fruit::domino::record::Domino>, view: View) -> Secrets {
    let g: &EngineOf<super::fruit::domino::record::Domino> = s.game();
    let mut out = Secrets::default();
    if !view.all() {
        tiles_of(g.set_aside().iter(), &mut out);
        if !g.is_open() {
            for p in (0..g.players()).filter(|&p| !view.sees(p)) {
                tiles_of(g.hand(p).iter(), &mut out);
            }
        }
    }
    out
}

fn farfalia(s: &Session<super::farfalia::record::Farfalia>, view: View) -> Secrets {
    let mut out = Secrets::default();
    let (Some(deal), Some(table)) = (s.game().deal(), s.game().table()) else {
        return out;
    };
    for place in 0..deal.places() {
        if view.sees(deal.seat_of(place)) {
            continue;
        }
        let hidden = if deal.is_dummy(place) {
            super::farfalia::CardSet(deal.hand(place).0 & !deal.face_up(place).0)
        } else {
            deal.hand(place)
        };
        tiles_of(hidden.iter(), &mut out);
    }
    if !view.sees(table.dealer()) {
        tiles_of(deal.discarded().iter(), &mut out);
    }
    out
}

fn quincunx(s: &Session<super::quincunx::record::QuincunxGame>, view: View) -> Secrets {
    let g = s.game();
    let mut out = Secrets::default();
    if view.all() {
        return out;
    }
    tiles_of(g.pile().iter().map(|c| c.code()), &mut out);
    for p in (0..g.players()).filter(|&p| !view.sees(p)) {
        tiles_of(g.hand(p).iter().map(|c| c.code()), &mut out);
    }
    out
}

fn scalafrutta(s: &Session<super::fruit::scalafrutta::record::Scalafrutta>, view: View) -> Secrets {
    let mut out = Secrets::default();
    if !view.all() {
        tiles_of(s.game().hand().pile().iter(), &mut out);
    }
    out
}

fn moon(s: &Session<super::moon::record::Moon>, view: View) -> Secrets {
    let mut out = Secrets::default();
    if let super::moon::MoonGame::Standard(p) = s.game() {
        for seat in (0..p.players()).filter(|&q| !view.sees(q)) {
            tiles_of(p.hand(seat).iter(), &mut out);
        }
    }
    out
}

fn muro(s: &Session<super::fruit::muro::record::Muro>, view: View) -> Secrets {
    let mut out = Secrets::default();
    if !view.all() {
        for col in s.game().columns() {
            tiles_of(col.tiles().filter(|(_, up)| !up).map(|(t, _)| t), &mut out);
        }
    }
    out
}

fn natura(s: &Session<super::natura::record::Natura>, view: View) -> Secrets {
    let g = s.game();
    let mut out = Secrets::default();
    for seat in (0..g.players()).filter(|&q| !view.sees(q)) {
        // A short rack's letters may stand in a word on the board by chance.
        let rack = g.rack_text(seat);
        if rack.len() >= 4 {
            out.strings.push(rack);
        }
    }
    for step in s.steps() {
        if let super::natura::Move::Exchange { seat, .. } = &step.mv {
            if !view.sees(*seat) {
                let text = step.mv.to_string();
                out.strings
                    .push(text.rsplit(' ').next().unwrap_or_default().to_string());
            }
        }
    }
    out
}

fn mosaico(_: &Session<super::fruit::mosaico::record::Mosaico>, _: View) -> Secrets {
    Secrets::default()
}

#[test]
fn domino_tells_no_view_what_it_may_not_see() {
    Trial {
        table: &super::fruit::domino::record::Domino,
        game: "domino",
        players: 3,
        oracle: domino,
        redealt: never,
    }
    .run(&["views-1", "views-2"], 4);
}

#[test]
fn farfalia_tells_no_view_what_it_may_not_see() {
    Trial {
        table: &super::farfalia::record::Farfalia,
        game: "farfalia",
        players: 4,
        oracle: farfalia,
        redealt: |a, b| a.deals_played() != b.deals_played(),
    }
    .run(&["views-1"], 3);
    // Five players: the dealer's discard lies face down.
    Trial {
        table: &super::farfalia::record::Farfalia,
        game: "farfalia",
        players: 5,
        oracle: farfalia,
        redealt: |a, b| a.deals_played() != b.deals_played(),
    }
    .run(&["views-5"], 2);
}

#[test]
fn quincunx_tells_no_view_what_it_may_not_see() {
    Trial {
        table: &super::quincunx::record::QuincunxGame,
        game: "quincunx",
        players: 2,
        oracle: quincunx,
        redealt: |a, b| a.round_index() != b.round_index(),
    }
    .run(&["views-1", "views-2"], 4);
}

#[test]
fn scalafrutta_tells_no_view_what_it_may_not_see() {
    Trial {
        table: &super::fruit::scalafrutta::record::Scalafrutta,
        game: "scalafrutta",
        players: 2,
        oracle: scalafrutta,
        redealt: |a, b| {
            a.hand_number() != b.hand_number() || b.hand().pile().len() > a.hand().pile().len()
        },
    }
    .run(&["views-1"], 3);
}

#[test]
fn moon_with_three_players_tells_no_view_another_hand() {
    Trial {
        table: &super::moon::record::Moon,
        game: "moon",
        players: 3,
        oracle: moon,
        redealt: never,
    }
    .run(&["views-1", "views-2"], 4);
}

#[test]
fn il_muro_names_no_face_down_tile() {
    Trial {
        table: &super::fruit::muro::record::Muro,
        game: "muro",
        players: 1,
        oracle: muro,
        redealt: never,
    }
    .run(&["views-1"], 4);
}

#[test]
fn natura_tells_no_view_another_rack() {
    Trial {
        table: &super::natura::record::Natura,
        game: "natura",
        players: 2,
        oracle: natura,
        redealt: never,
    }
    .run(&["views-1"], 3);
}

#[test]
fn mosaico_keeps_its_record_for_the_director() {
    let t = Trial {
        table: &super::fruit::mosaico::record::Mosaico,
        game: "mosaico",
        players: 1,
        oracle: mosaico,
        redealt: never,
    };
    let s = t.session("views-1");
    // The record's seed gives the draw order (GN-5).
    assert!(Live::record_for(&s, View::Table).is_none());
    assert!(Live::record_for(&s, View::Seat(0)).is_none());
    assert!(Live::record_for(&s, View::Director).is_some());
    t.run(&["views-1"], 3);
}

/// Random legal moves from `s` until `found` finds what it looks for in a position (or
/// the game ends: `None`).
fn play_until<T: Table, R>(
    s: &mut Session<T>,
    seed: &str,
    mut found: impl FnMut(&Session<T>) -> Option<R>,
) -> Option<R> {
    let mut rng = DealRng::new("views", "until", seed, 1);
    for _ in 0..2000 {
        if let Some(r) = found(s) {
            return Some(r);
        }
        let legal = s.game().legal_moves();
        if legal.is_empty() {
            return None;
        }
        let mv = legal[rng.below(legal.len() as u32) as usize].clone();
        s.apply(mv).unwrap();
    }
    None
}

fn illegal(a: super::session::Answer) -> (String, Vec<String>) {
    match a {
        super::session::Answer::Illegal {
            message, instead, ..
        } => (message, instead),
        other => panic!("not refused: {other:?}"),
    }
}

/// The Natura leaks (GN-5): `hint` on the shared screen, and a refused word's
/// `legal instead: a word from the rack CEEEIIZ`; an exchange in the move list.
#[test]
fn natura_keeps_the_rack_to_its_owner() {
    use super::natura::record::Natura;
    let t = Trial {
        table: &Natura,
        game: "natura",
        players: 2,
        oracle: natura,
        redealt: never,
    };
    let mut s = t.session("views-1");
    let rack = s.game().rack_text(0);
    assert!(
        Live::hint(&s, View::Table).is_err(),
        "no hint on the shared screen"
    );
    assert!(
        Live::hint(&s, View::Seat(1)).is_err(),
        "nor for another seat"
    );
    assert!(
        Live::hint(&s, View::Seat(0)).is_ok(),
        "the seat to move's own"
    );
    let mut probe = s.clone();
    let a = Live::apply(&mut probe, "H8 across ZZZ", View::Table);
    let (message, instead) = illegal(a);
    let told = format!("{message} {instead:?}");
    assert!(!told.contains(&rack), "{told}");
    let a = Live::apply(&mut probe, "H8 across ZZZ", View::Seat(0));
    let (_, instead) = illegal(a);
    assert!(
        instead.iter().any(|i| i.contains(&rack)),
        "the seat's own page may list its moves: {instead:?}"
    );
    // An exchange is its count for everyone but the one who made it.
    let tiles = s.game().rack_text(0);
    let a = Live::apply(&mut s, &format!("exchange {tiles}"), View::Seat(0));
    assert!(matches!(a, super::session::Answer::Legal { .. }), "{a:?}");
    let table = &Live::history(&s, View::Table)[0];
    assert_eq!(table.notation, "1 exchange (7 tiles)");
    assert!(!table.explanation.contains(&tiles), "{table:?}");
    assert_eq!(
        Live::history(&s, View::Seat(0))[0].notation,
        format!("1 exchange {tiles}")
    );
}

/// The Farfalia leaks: `take G13` listing the hand, a revoke naming the cards
/// held, `1:discard R6 G7` in the move list.
#[test]
fn farfalia_keeps_a_hand_to_its_player() {
    use super::farfalia::record::Farfalia;
    use super::farfalia::{Broken, Move};
    // Five players: the dealer discards two cards face down.
    let t = Trial {
        table: &Farfalia,
        game: "farfalia",
        players: 5,
        oracle: farfalia,
        redealt: never,
    };
    let mut s = t.session("views-1");
    // The dealer's discard: counted for the table, whole for the dealer.
    let discard = play_until(&mut s, "discard", |s| {
        s.steps()
            .iter()
            .position(|st| matches!(st.mv, Move::Discard { .. }))
    })
    .expect("a discard");
    let seat = s.steps()[discard].out.player;
    let table = &Live::history(&s, View::Table)[discard];
    assert_eq!(
        table.notation,
        format!("{}:discard (2 cards face down)", seat + 1)
    );
    assert_eq!(
        Live::history(&s, View::Seat(seat))[discard].notation,
        s.steps()[discard].mv.to_string()
    );
    // `take G13` when a card is expected: nothing listed but to the seat itself.
    play_until(&mut s, "play", |s| {
        s.game()
            .legal_moves()
            .iter()
            .any(|m| matches!(m, Move::Play { .. }))
            .then_some(())
    })
    .expect("a card to play");
    let mover = s.game().to_move().unwrap();
    let mut probe = s.clone();
    let (_, instead) = illegal(Live::apply(&mut probe, "take G13", View::Table));
    assert!(instead.is_empty(), "{instead:?}");
    let (_, instead) = illegal(Live::apply(&mut probe, "take G13", View::Seat(mover)));
    assert!(!instead.is_empty());
    // A revoke: the table hears no card of the hand.
    let (mv, held) = play_until(&mut s, "revoke", |s| {
        s.game().candidate_moves().into_iter().find_map(|m| {
            let mut g = s.game().clone();
            match crate::games::engine::Engine::play(&mut g, m) {
                Err(Broken::Revoke { held, .. }) => Some((m, held)),
                _ => None,
            }
        })
    })
    .expect("a revoke to try");
    let seat = mv.seat();
    let mut probe = s.clone();
    let (message, _) = illegal(Live::apply(&mut probe, &mv.to_string(), View::Table));
    assert!(message.contains("not yours to play here"), "{message}");
    for c in held.iter() {
        assert!(!message.contains(&c.to_string()), "{message}");
    }
    let (message, _) = illegal(Live::apply(&mut probe, &mv.to_string(), View::Seat(seat)));
    assert!(
        message.contains("suit led"),
        "its player hears why: {message}"
    );
}

/// The Domino leak: "P1 does not hold M1: P2 holds it"; and the hands in the
/// picture (`held-P1`).
#[test]
fn domino_never_says_who_holds_a_tile() {
    use super::fruit::domino::record::Domino;
    let t = Trial {
        table: &Domino,
        game: "domino",
        players: 3,
        oracle: domino,
        redealt: never,
    };
    let s = t.session("views-1");
    let mover = s.game().to_move().unwrap();
    let other = (mover + 1) % 3;
    let tile = s.game().hand(other).iter().next().unwrap();
    let mut probe = s.clone();
    for view in [View::Table, View::Seat(mover), View::Seat(other)] {
        let (message, instead) = illegal(Live::apply(&mut probe, &format!("{tile} row 0"), view));
        assert!(!message.contains("holds it"), "{view:?}: {message}");
        if view != View::Seat(mover) {
            assert!(instead.is_empty(), "{view:?}: {instead:?}");
        }
    }
    let svg = crate::show::live(&s, View::Table).unwrap().svg;
    assert!(
        !svg.contains("held-"),
        "no hand named in the table's picture"
    );
    let svg = crate::show::live(&s, View::Seat(mover)).unwrap().svg;
    for t in s.game().hand(mover).iter() {
        assert!(svg.contains(&format!("held-{t}")), "its own hand, face up");
    }
    for t in s.game().hand(other).iter() {
        assert!(!svg.contains(&format!("held-{t}")), "not another's");
    }
}

/// The Scalafrutta leak: "M1 cannot be drawn: P1 holds it".
#[test]
fn scalafrutta_never_says_who_holds_a_tile() {
    use super::fruit::scalafrutta::record::Scalafrutta;
    let t = Trial {
        table: &Scalafrutta,
        game: "scalafrutta",
        players: 2,
        oracle: scalafrutta,
        redealt: never,
    };
    let mut s = t.session("views-1");
    let tile = play_until(&mut s, "held", |s| {
        (0..2).find_map(|p| s.game().hand().held(p).iter().next())
    })
    .expect("a tile won");
    let mut probe = s.clone();
    for view in [View::Table, View::Seat(0), View::Seat(1)] {
        let (message, _) = illegal(Live::apply(&mut probe, &format!("{tile} top1"), view));
        assert!(!message.contains("holds"), "{view:?}: {message}");
    }
}

/// The Quincunx leak: `hint` on the shared screen (`best: p1 CS b1`).
#[test]
fn quincunx_hints_only_to_the_seat_to_move() {
    use super::quincunx::record::QuincunxGame;
    let t = Trial {
        table: &QuincunxGame,
        game: "quincunx",
        players: 2,
        oracle: quincunx,
        redealt: never,
    };
    let s = t.session("views-1");
    let mover = s.game().to_move().unwrap();
    assert_eq!(
        Live::hint(&s, View::Table).unwrap_err(),
        super::session::no_hint()
    );
    assert!(Live::hint(&s, View::Seat(1 - mover)).is_err());
    assert!(Live::hint(&s, View::Seat(mover)).unwrap().best.is_some());
    assert!(Live::hint(&s, View::Director).unwrap().best.is_some());
}
