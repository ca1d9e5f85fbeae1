//! The hand-written MOON records in tests/fixtures/moon/ and their verdicts:
//! one per mode (2, 3, 4 players, solitaire), both MN-3 cases, each kind of
//! illegal move and each kind of unreadable input.

use std::path::PathBuf;

use tavolo::games::check::{check_file, Outcome, Report};
use tavolo::record::Status;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/moon")
        .join(name)
}

fn report(name: &str) -> Report {
    check_file(&fixture(name))
}

/// What a legal or illegal record must give.
struct Judged {
    status: Status,
    /// (code, move number, line, column) of the first illegal move.
    illegal: Option<(&'static str, usize, usize, usize)>,
    winner: Option<&'static str>,
    losers: &'static [&'static str],
    eliminated: &'static [&'static str],
    annulled: bool,
    solved: Option<bool>,
}

const LEGAL: Judged = Judged {
    status: Status::Complete,
    illegal: None,
    winner: None,
    losers: &[],
    eliminated: &[],
    annulled: false,
    solved: None,
};

fn assert_judged(name: &str, want: Judged) {
    let r = report(name);
    let code = r.exit_code();
    let Outcome::Judged { verdict, .. } = r.outcome else {
        panic!("{name}: unreadable: {:?}", r.outcome)
    };
    assert_eq!(verdict.status, want.status, "{name}");
    assert_eq!(code, if want.illegal.is_some() { 1 } else { 0 }, "{name}");
    let got_illegal = verdict
        .illegal
        .as_ref()
        .map(|i| (i.code, i.number, i.line, i.column));
    assert_eq!(got_illegal, want.illegal, "{name}");
    if let Some(i) = &verdict.illegal {
        assert!(!i.message.is_empty() && !i.rule.is_empty(), "{name}");
    }
    let result = verdict.result.clone().unwrap_or_default();
    assert_eq!(result.winner.as_deref(), want.winner, "{name}");
    assert_eq!(result.losers, want.losers, "{name}");
    assert_eq!(result.eliminated, want.eliminated, "{name}");
    assert_eq!(result.annulled, want.annulled, "{name}");
    assert_eq!(result.solved, want.solved, "{name}");
}

fn assert_unreadable(name: &str, code: &str, line: usize, column: usize) {
    let r = report(name);
    assert_eq!(r.exit_code(), 2, "{name}");
    let Outcome::Unreadable { error, .. } = r.outcome else {
        panic!("{name}: judged, expected unreadable")
    };
    assert_eq!(
        (error.code, error.line, error.column),
        (code, Some(line), Some(column)),
        "{name}: {}",
        error.message
    );
}

#[test]
fn complete_2p_last_tile_wins_mn4() {
    assert_judged(
        "complete-2p.toml",
        Judged {
            winner: Some("Bruno"),
            losers: &["Anna"],
            eliminated: &["Anna"],
            ..LEGAL
        },
    );
}

#[test]
fn complete_3p_elimination_and_common_tiles_mn4() {
    assert_judged(
        "complete-3p-common-tiles.toml",
        Judged {
            winner: Some("Carla"),
            losers: &["Anna", "Bruno"],
            eliminated: &["Bruno", "Anna"],
            ..LEGAL
        },
    );
}

#[test]
fn complete_4p_from_seed_only_mn4() {
    assert_judged(
        "complete-4p.toml",
        Judged {
            winner: Some("Dario"),
            losers: &["Anna", "Bruno", "Carla"],
            eliminated: &["Bruno", "Anna", "Carla"],
            ..LEGAL
        },
    );
}

#[test]
fn legal_so_far_names_the_player_to_move() {
    let r = report("legal-so-far-2p.toml");
    assert_eq!(r.exit_code(), 0);
    let Outcome::Judged { verdict, .. } = r.outcome else {
        panic!()
    };
    assert_eq!(verdict.status, Status::LegalSoFar);
    assert_eq!(verdict.to_move.as_deref(), Some("Anna"));
    assert_eq!(verdict.result, None);
    assert_judged(
        "solitaire-so-far.toml",
        Judged {
            status: Status::LegalSoFar,
            ..LEGAL
        },
    );
}

#[test]
fn mn3_illegal_last_move_loses_for_its_author() {
    assert_judged(
        "mn3-illegal-last-move-loses-2p.toml",
        Judged {
            status: Status::Illegal,
            illegal: Some(("moon.moon-colour", 7, 50, 10)),
            winner: Some("Bruno"),
            losers: &["Anna"],
            ..LEGAL
        },
    );
}

#[test]
fn mn3_illegal_move_followed_by_more_annuls_the_game() {
    assert_judged(
        "mn3-illegal-then-more-annulled-2p.toml",
        Judged {
            status: Status::Illegal,
            illegal: Some(("moon.moon-colour", 7, 55, 10)),
            annulled: true,
            ..LEGAL
        },
    );
}

#[test]
fn mn3_with_three_players_the_author_loses_and_nobody_is_named_winner() {
    assert_judged(
        "mn3-illegal-last-move-loses-3p.toml",
        Judged {
            status: Status::Illegal,
            illegal: Some(("moon.moon-colour", 17, 102, 10)),
            losers: &["Carla"],
            eliminated: &["Bruno"],
            ..LEGAL
        },
    );
}

#[test]
fn each_illegal_placement_names_its_rule_mn2() {
    for (name, code, line, column) in [
        ("illegal-not-adjacent-2p.toml", "moon.not-adjacent", 49, 10),
        (
            "illegal-square-occupied-2p.toml",
            "moon.square-occupied",
            49,
            10,
        ),
        (
            "illegal-background-colour-2p.toml",
            "moon.background-colour",
            49,
            10,
        ),
        ("illegal-tile-on-board-2p.toml", "moon.tile-on-board", 48, 8),
        ("illegal-not-in-hand-2p.toml", "moon.not-in-hand", 48, 8),
    ] {
        assert_judged(
            name,
            Judged {
                status: Status::Illegal,
                illegal: Some((code, 7, line, column)),
                winner: Some("Bruno"),
                losers: &["Anna"],
                ..LEGAL
            },
        );
    }
}

#[test]
fn a_player_out_of_turn_or_out_of_the_game_is_caught() {
    assert_judged(
        "illegal-out-of-turn-2p.toml",
        Judged {
            status: Status::Illegal,
            illegal: Some(("moon.out-of-turn", 7, 47, 10)),
            winner: Some("Anna"),
            losers: &["Bruno"],
            ..LEGAL
        },
    );
    assert_judged(
        "illegal-player-out-3p.toml",
        Judged {
            status: Status::Illegal,
            illegal: Some(("moon.player-out", 17, 98, 10)),
            losers: &["Bruno"],
            eliminated: &["Bruno"],
            ..LEGAL
        },
    );
}

#[test]
fn a_move_after_the_end_does_not_change_the_result() {
    assert_judged(
        "illegal-after-the-end-2p.toml",
        Judged {
            status: Status::Illegal,
            illegal: Some(("moon.game-over", 19, 112, 10)),
            winner: Some("Bruno"),
            losers: &["Anna"],
            eliminated: &["Anna"],
            ..LEGAL
        },
    );
}

#[test]
fn solitaire_success_and_failure_mn5() {
    assert_judged(
        "solitaire-solved.toml",
        Judged {
            solved: Some(true),
            ..LEGAL
        },
    );
    assert_judged(
        "solitaire-failed.toml",
        Judged {
            solved: Some(false),
            ..LEGAL
        },
    );
    let Outcome::Judged { verdict, .. } = report("solitaire-failed.toml").outcome else {
        panic!()
    };
    // The referee names the rows and columns that break, with the squares.
    assert_eq!(verdict.notes[0], "row 1 has two blu moons (a1 and b1)");
    assert!(verdict
        .notes
        .contains(&"column e has two blu backgrounds (e1 and e4)".to_string()));
    assert!(verdict
        .result
        .unwrap()
        .reason
        .contains("row 1 has two blu moons"));
    assert_judged(
        "illegal-not-next-draw-solitaire.toml",
        Judged {
            status: Status::Illegal,
            illegal: Some(("moon.not-next-draw", 3, 26, 8)),
            ..LEGAL
        },
    );
}

#[test]
fn bad_input_is_unreadable_with_line_and_column() {
    for (name, code, line, column) in [
        ("bad-malformed.toml", "record.toml-syntax", 46, 15),
        ("bad-missing-square.toml", "record.missing-field", 45, 1),
        ("bad-no-moves.toml", "record.no-moves", 14, 1),
        ("bad-players.toml", "record.players", 6, 11),
        ("bad-setup-duplicate-tile.toml", "moon.bad-setup", 13, 10),
        ("bad-setup-not-dealt.toml", "record.setup-not-dealt", 14, 1),
        ("bad-square-off-board.toml", "moon.unknown-square", 48, 10),
        ("bad-unknown-field.toml", "record.unknown-field", 48, 1),
        ("bad-unknown-game.toml", "record.unknown-game", 4, 8),
        ("bad-unknown-player.toml", "record.unknown-player", 46, 10),
        ("bad-unknown-tile.toml", "moon.unknown-tile", 47, 8),
        ("bad-wrong-type.toml", "record.wrong-type", 47, 8),
    ] {
        assert_unreadable(name, code, line, column);
    }
}

#[test]
fn every_fixture_is_covered_by_a_test() {
    let listed = [
        "bad-malformed.toml",
        "bad-missing-square.toml",
        "bad-no-moves.toml",
        "bad-players.toml",
        "bad-setup-duplicate-tile.toml",
        "bad-setup-not-dealt.toml",
        "bad-square-off-board.toml",
        "bad-unknown-field.toml",
        "bad-unknown-game.toml",
        "bad-unknown-player.toml",
        "bad-unknown-tile.toml",
        "bad-wrong-type.toml",
        "complete-2p.toml",
        "complete-3p-common-tiles.toml",
        "complete-4p.toml",
        "illegal-after-the-end-2p.toml",
        "illegal-background-colour-2p.toml",
        "illegal-not-adjacent-2p.toml",
        "illegal-not-in-hand-2p.toml",
        "illegal-not-next-draw-solitaire.toml",
        "illegal-out-of-turn-2p.toml",
        "illegal-player-out-3p.toml",
        "illegal-square-occupied-2p.toml",
        "illegal-tile-on-board-2p.toml",
        "legal-so-far-2p.toml",
        "mn3-illegal-last-move-loses-2p.toml",
        "mn3-illegal-last-move-loses-3p.toml",
        "mn3-illegal-then-more-annulled-2p.toml",
        "solitaire-failed.toml",
        "solitaire-so-far.toml",
        "solitaire-solved.toml",
    ];
    let mut found: Vec<String> = std::fs::read_dir(fixture(""))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    found.sort();
    assert_eq!(found, listed);
}
