//! `tavolo deal --boards` in bulk: streamed JSON Lines and the one-line form
//! of every game (issue 28, "Boards in bulk for every game").

use std::process::{Command, Output};

use serde_json::Value;

fn tavolo(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(args)
        .output()
        .expect("run tavolo")
}

fn ok(args: &[&str]) -> String {
    let o = tavolo(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

/// `--format jsonl` over boards 1..50 is, line by line, the object that
/// `--board N --format json` prints for each board, for every game.
#[test]
fn jsonl_boards_are_the_single_board_objects() {
    for game in tavolo::games::names() {
        let text = ok(&[
            "deal", game, "--seed", "bulk", "--boards", "1..50", "--format", "jsonl",
        ]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 50, "{game}");
        for (i, line) in lines.iter().enumerate() {
            let n = (i + 1).to_string();
            let got: Value = serde_json::from_str(line).unwrap();
            let one = ok(&[
                "deal", game, "--seed", "bulk", "--board", &n, "--format", "json",
            ]);
            let want: Value = serde_json::from_str(&one).unwrap();
            assert_eq!(got, want, "{game} board {n}");
        }
        // The array form is unchanged: the same objects, without `file`.
        let array = ok(&["deal", game, "--seed", "bulk", "--boards", "1..3", "--json"]);
        let array: Value = serde_json::from_str(&array).unwrap();
        for (k, obj) in array.as_array().unwrap().iter().enumerate() {
            let mut streamed: Value = serde_json::from_str(lines[k]).unwrap();
            streamed.as_object_mut().unwrap().remove("file");
            assert_eq!(obj, &streamed, "{game} board {}", k + 1);
        }
    }
}

/// The pieces of one `--format line` board, grouped by round (`round.N.`
/// fields; one group for games without rounds). Fields that name no piece
/// (a dealer, Mosaico's start squares) are left out; Natura's racks and bag
/// are one tile per letter.
fn line_pieces(game: &str, line: &str) -> Vec<Vec<String>> {
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for field in line.split(' ') {
        let (path, value) = field.split_once(':').expect("path:value");
        if path.ends_with("dealer") || path == "start" {
            continue;
        }
        let group = path
            .strip_prefix("round.")
            .map_or("", |r| r.split('.').next().unwrap());
        if groups.last().is_none_or(|g| g.0 != group) {
            groups.push((group.to_string(), Vec::new()));
        }
        let pieces = &mut groups.last_mut().unwrap().1;
        if game == "natura" {
            pieces.extend(value.chars().map(String::from));
        } else {
            pieces.extend(
                value
                    .split([',', '/'])
                    .filter(|p| *p != "-")
                    .map(String::from),
            );
        }
    }
    groups.into_iter().map(|g| g.1).collect()
}

/// Every game has a one-line form (issue 28): the same bytes whatever the
/// threads, one line per board after the `%` header, and each line holds
/// every dealt piece exactly once: as many as the game deals, none twice
/// (Natura: the full bag of 120 tiles, the same letters every board;
/// Quincunx: each round's 36 cards).
#[test]
fn every_game_has_a_line_with_each_piece_once() {
    let pieces_per_deal = [
        ("moon", 25),
        ("scalafrutta", 9),
        ("domino", 36),
        ("muro", 36),
        ("mosaico", 36),
        ("farfalia", 52),
        ("quincunx", 36),
        ("natura", 120),
    ];
    for game in tavolo::games::names() {
        let want = pieces_per_deal
            .iter()
            .find(|g| g.0 == game)
            .expect("listed")
            .1;
        let args = [
            "deal", game, "--seed", "lines", "--boards", "1..40", "--format", "line",
        ];
        let text = ok(&[&args[..], &["--jobs", "1"]].concat());
        assert_eq!(text, ok(&[&args[..], &["--jobs", "3"]].concat()), "{game}");
        assert_eq!(text, ok(&args), "{game}: deterministic");
        let mut lines = text.lines();
        assert!(
            lines.next().unwrap().starts_with("% tavolo-deal-v1 "),
            "{game}"
        );
        let lines: Vec<&str> = lines.collect();
        assert_eq!(lines.len(), 40, "{game}");
        assert!(lines[0] != lines[1], "{game}: boards differ");
        let mut bag: Option<Vec<String>> = None;
        for line in &lines {
            let groups = if game == "farfalia" {
                // PBN hands: `seat:suit.suit.suit.suit`, a card = suit and rank.
                let cards = line.split(' ').flat_map(|h| {
                    let hand = h.split_once(':').unwrap().1;
                    hand.split('.')
                        .enumerate()
                        .flat_map(|(s, ranks)| ranks.chars().map(move |r| format!("{s}{r}")))
                });
                vec![cards.collect()]
            } else {
                line_pieces(game, line)
            };
            for mut g in groups {
                assert_eq!(g.len(), want, "{game}: {line}");
                g.sort();
                if game == "natura" {
                    assert_eq!(bag.get_or_insert_with(|| g.clone()), &g, "{game}: {line}");
                    continue;
                }
                let n = g.len();
                g.dedup();
                assert_eq!(g.len(), n, "{game}: a piece twice in {line}");
            }
        }
    }
}
