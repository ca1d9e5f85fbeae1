//! Moves typed the Italian way (issue 42): each game's words as Italian players say them
//! ([`Table::said`]), Natura's directions, `passo`, `cambio`, `sfida` and GCG's coordinate
//! order, give the same record as the notation typed in English.

use super::engine::Engine;
use super::session::{Answer, Live, MoveOf, Session, Table, View};
use super::setup::Spec;

fn dealt<T: Table>(table: &'static T, game: &str, players: usize, seed: &str) -> Session<T> {
    let r = Spec {
        game: game.into(),
        players: Some(players),
        variant: None,
        seed: Some(seed.into()),
        board: 1,
        names: Some(vec!["Anna".into(), "Bruno".into(), "Carla".into()][..players].to_vec()),
    }
    .resolve()
    .unwrap();
    Session::dealt(table, &r.variant, &r.players, &r.provenance).unwrap()
}

/// Plays `moves` legal moves (each the first of the engine's list) in two sessions of the
/// same deal: in one as the notation writes them, in the other as `italian` says them.
/// Both records must be the same byte for byte; returns how many moves were said otherwise.
fn same_record<T: Table>(
    table: &'static T,
    game: &str,
    players: usize,
    moves: usize,
    mut italian: impl FnMut(&MoveOf<T>, &T::Engine) -> String,
) -> usize {
    let mut english = dealt(table, game, players, "italiano");
    let mut spoken = dealt(table, game, players, "italiano");
    let mut differ = 0;
    for _ in 0..moves {
        let game_now = english.game().clone();
        let Some(mv) = game_now.legal_moves().into_iter().next() else {
            break;
        };
        let notation = mv.to_string();
        let said = italian(&mv, &game_now);
        differ += usize::from(said != notation);
        let a = Live::apply(&mut english, &notation, View::Director);
        let b = Live::apply(&mut spoken, &said, View::Director);
        assert!(
            matches!(a, Answer::Legal { .. }),
            "{game}: `{notation}`: {a:?}"
        );
        assert!(
            matches!(b, Answer::Legal { .. }),
            "{game}: `{said}` for `{notation}`: {b:?}"
        );
    }
    assert_eq!(english.record(), spoken.record(), "{game}");
    differ
}

/// The notation's words replaced by the Italian ones the game reads.
fn in_italian<T: Table>(table: &T, notation: &str) -> String {
    let said = table.said();
    notation
        .split_whitespace()
        .map(|w| {
            let (seat, word) = match w.split_once(':') {
                Some((s, w)) => (format!("{s}:"), w),
                None => (String::new(), w),
            };
            match said.iter().find(|(_, n)| n.eq_ignore_ascii_case(word)) {
                Some((it, _)) => format!("{seat}{it}"),
                None => format!("{seat}{word}"),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn farfalia_in_italian_gives_the_same_record() {
    use super::farfalia::record::Farfalia;
    let n = same_record(&Farfalia, "farfalia", 3, 60, |m, _| {
        in_italian(&Farfalia, &m.to_string())
    });
    assert!(n > 0, "no move said in Italian");
}

#[test]
fn domino_in_italian_gives_the_same_record() {
    use super::fruit::domino::record::Domino;
    let n = same_record(&Domino, "domino", 2, 40, |m, _| {
        in_italian(&Domino, &m.to_string())
    });
    assert!(n > 0, "no move said in Italian");
}

#[test]
fn the_fruit_solitaires_and_scalafrutta_in_italian_give_the_same_record() {
    use super::fruit::mosaico::record::Mosaico;
    use super::fruit::muro::record::Muro;
    use super::fruit::scalafrutta::record::Scalafrutta;
    same_record(&Muro, "muro", 1, 30, |m, _| {
        in_italian(&Muro, &m.to_string())
    });
    same_record(&Mosaico, "mosaico", 1, 30, |m, _| {
        in_italian(&Mosaico, &m.to_string())
    });
    same_record(&Scalafrutta, "scalafrutta", 2, 30, |m, _| {
        in_italian(&Scalafrutta, &m.to_string())
    });
}

/// Natura typed as an Italian club writes it: `H8 o CASA`, `H8 v CASA`, GCG's `8H CASA`
/// (row first: across) and `H8 CASA` (column first: down), `passo`, `cambio`, `sfida`,
/// without the seat.
#[test]
fn natura_in_italian_and_in_gcg_order_gives_the_same_record() {
    use super::natura::board::Dir;
    use super::natura::moves::Move;
    use super::natura::record::Natura;
    let mut turn = 0;
    let n = same_record(&Natura, "natura", 2, 24, |m, _| {
        turn += 1;
        let said = match m {
            Move::Place { play, .. } => {
                let word: String = m.to_string().rsplit(' ').next().unwrap_or("").into();
                let (at, row_first) = (
                    play.at,
                    format!("{}{}", play.at.row + 1, (b'A' + play.at.col as u8) as char),
                );
                match (turn % 3, play.dir) {
                    (0, Dir::Across) => format!("{row_first} {word}"),
                    (0, Dir::Down) => format!("{at} {word}"),
                    (1, Dir::Across) => format!("{at} o {word}"),
                    (1, Dir::Down) => format!("{at} verticale {word}"),
                    (_, Dir::Across) => format!("{row_first} orizzontale {word}"),
                    (_, Dir::Down) => format!("{word} {at} v"),
                }
            }
            Move::Exchange { .. } => m.to_string().replacen(" exchange ", " cambio ", 1),
            Move::Pass { .. } => "passo".into(),
            Move::Challenge { .. } => "sfida".into(),
        };
        said
    });
    assert!(n > 0);
}

/// `8H` and `H8 o` are one square read by one parser (GCG's), never a second one.
#[test]
fn natura_reads_both_coordinate_orders_as_gcg_does() {
    use super::natura::record::Natura;
    let s = dealt(&Natura, "natura", 2, "italiano");
    let read = |t: &str| Natura.read(s.game(), s.players(), t).map(|m| m.to_string());
    assert_eq!(read("8H CASA").unwrap(), "1 H8 across CASA");
    assert_eq!(read("H8 CASA").unwrap(), "1 H8 down CASA");
    assert_eq!(read("H8 o CASA").unwrap(), "1 H8 across CASA");
    assert_eq!(read("8H v CASA").unwrap(), "1 H8 down CASA");
    assert_eq!(read("h8 orizzontale casa").unwrap(), "1 H8 across casa");
    assert_eq!(read("passo").unwrap(), "1 pass");
    assert_eq!(read("2 sfida").unwrap(), "2 challenge");
    assert_eq!(read("cambio AE?").unwrap(), "1 exchange AE?");
    assert!(read("Z99 o CASA").is_err());
    assert!(read("passo AE").is_err());
}
