//! What a live table says to the players (issue 40): players by their names, only the seats
//! that exist, a tile not held said so without naming who holds it (GN-5), the column of the
//! part at fault, and counts with their nouns in the singular for one.

use tavolo::deal::Provenance;
use tavolo::games::session::{self, Answer, Live, View};

fn names(n: &[&str]) -> Vec<String> {
    n.iter().map(|s| s.to_string()).collect()
}

fn deal(game: &str, variant: &str, players: &[&str], seed: &str) -> Box<dyn Live> {
    session::find(game)
        .unwrap()
        .deal(
            variant,
            &names(players),
            &Provenance::new(game, variant, seed, 1),
        )
        .unwrap()
}

fn unreadable(a: Answer) -> (String, usize) {
    match a {
        Answer::Unreadable { message, column } => (message, column),
        other => panic!("not unreadable: {other:?}"),
    }
}

/// The tiles a view shows for `name` in a position (`Ada: M1 M3`, or `Ada (0): M1 M3`).
fn shown(position: &str, name: &str) -> Vec<String> {
    let line = position
        .lines()
        .find(|l| l.starts_with(name))
        .unwrap_or_else(|| panic!("no {name} in {position}"));
    let (_, tiles) = line.split_once(": ").unwrap();
    tiles.split_whitespace().map(String::from).collect()
}

/// What is expected of the seat to move names its player, not "player 1" (MOON's hand,
/// Scalafrutta's recombination).
#[test]
fn expects_names_the_player() {
    let moon = deal("moon", "standard", &["Ada", "Bruno"], "words-1");
    let e = moon.expects();
    assert!(e.contains("from Ada's hand"), "{e}");
    assert!(!e.contains("player 1"), "{e}");
}

/// MOON with two players: a seat that does not exist is refused with the seats that do.
#[test]
fn moon_names_only_the_seats_that_exist() {
    let mut moon = deal("moon", "standard", &["Ada", "Bruno"], "words-1");
    for typed in ["3 RV c4", "x RV c4", "0 RV c4"] {
        let (message, column) = unreadable(moon.apply(typed, View::Seat(0)));
        assert!(message.contains("seats are 1, 2"), "{typed}: {message}");
        assert!(!message.contains("1, 2, 3"), "{typed}: {message}");
        assert_eq!(column, 1, "{typed}");
    }
}

/// Domino: a tile typed alone that the player does not hold is said to be not theirs, never
/// where it is when that is hidden (GN-5: not who holds it, not the set-aside pile).
#[test]
fn domino_a_tile_not_held_is_said_so_without_its_holder() {
    let mut domino = deal("domino", "standard", &["Ada", "Bruno"], "words-2");
    let director = domino.position(View::Director);
    let theirs = shown(&director, "Bruno");
    let tile = theirs[0].to_lowercase();
    let (message, column) = unreadable(domino.apply(&tile, View::Seat(0)));
    assert!(
        message.contains(&format!("`{tile}` is not in Ada's hand")),
        "{message}"
    );
    assert!(!message.contains("Bruno"), "{message}");
    assert!(!message.contains("fits in no row"), "{message}");
    assert!(!message.contains("set"), "{message}");
    assert_eq!(column, 1);
}

/// Quincunx: a cell that is none is pointed at where it stands, not at column 1.
#[test]
fn quincunx_points_at_the_bad_cell() {
    let mut q = deal("quincunx", "standard", &["Ada", "Bruno"], "words-3");
    let (message, column) = unreadable(q.apply("3MW c33", View::Seat(0)));
    assert!(message.contains("`c33` is no cell"), "{message}");
    assert_eq!(column, 5, "{message}");
    let (message, column) = unreadable(q.apply("NS c3", View::Seat(0)));
    assert!(message.contains("did you mean 9MS"), "{message}");
    assert_eq!(column, 1, "{message}");
}

/// One tile is "1 tile": after Ada's first insertion in Scalafrutta she holds one, and the
/// table's view counts it in the singular.
#[test]
fn one_tile_is_singular() {
    let mut s = deal("scalafrutta", "standard", &["Ada", "Bruno"], "words-4");
    let first = s.hint(View::Director).unwrap().legal[0].clone();
    assert!(
        matches!(s.apply(&first, View::Director), Answer::Legal { .. }),
        "{first}"
    );
    let table = s.position(View::Table);
    let held: usize = (["Ada", "Bruno"].iter())
        .map(|n| {
            let line = table.lines().find(|l| l.starts_with(n)).unwrap();
            line.rsplit_once(": ")
                .unwrap()
                .1
                .split(' ')
                .next()
                .unwrap()
                .parse::<usize>()
                .unwrap()
        })
        .sum();
    assert_eq!(held, 1, "{table}");
    assert!(table.contains(": 1 tile\n"), "{table}");
    assert!(!table.contains("1 tiles"), "{table}");
}
