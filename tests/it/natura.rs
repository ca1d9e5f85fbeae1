//! Natura Shakerata through the library's entry points: real GCG games written by other
//! programs (read from `../shared/gcg/`, never copied here) replayed with their tile sets
//! given as data, GCG through `tavolo check`, GCG written from a game and read back (NS-6),
//! deals and random games, and the scorer (`tavolo score natura`).

use std::path::{Path, PathBuf};

use tavolo::deal::{DealRng, Provenance};
use tavolo::games::check::{check_file, check_text, Outcome};
use tavolo::games::engine::Engine;
use tavolo::games::natura::gcg::{self, EndRule, Scoring};
use tavolo::games::natura::gcg_record::to_gcg;
use tavolo::games::natura::layout::{Letter, TileSet};
use tavolo::games::natura::record::dealt_bag;
use tavolo::games::natura::{Move, Rules, Setup, State};
use tavolo::record::Status;

/// The folder of real games beside the repository (see its README); `None` when absent.
fn shared_gcg() -> Option<PathBuf> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let found = [
        manifest.join("../shared/gcg"),
        manifest.join("../../shared/gcg"),
        PathBuf::from("/work/shared/gcg"),
    ]
    .into_iter()
    .find(|d| d.join("README.md").is_file());
    if found.is_none() {
        eprintln!("note: ../shared/gcg not found; the real GCG games are skipped");
    }
    found
}

/// A tile set from a line of data: `A1x9` is the letter A, worth 1, 9 tiles; `?x2` blanks.
fn set_of(name: &'static str, data: &str) -> TileSet {
    let mut letters = Vec::new();
    let mut jollies = 0;
    for item in data.split_whitespace() {
        let (head, count) = item.rsplit_once('x').unwrap();
        let count: u8 = count.parse().unwrap();
        let mut chars = head.chars();
        let upper = chars.next().unwrap();
        if upper == '?' {
            jollies = count;
            continue;
        }
        letters.push(Letter {
            upper,
            lower: upper.to_lowercase().next().unwrap(),
            value: chars.as_str().parse().unwrap(),
            count,
        });
    }
    TileSet {
        name,
        letters,
        jollies,
    }
}

/// Standard English Scrabble (100 tiles), as data.
const ENGLISH: &str = "A1x9 B3x2 C3x2 D2x4 E1x12 F4x2 G2x3 H4x2 I1x9 J8x1 K5x1 L1x4 M3x2 N1x6 \
                       O1x8 P3x2 Q10x1 R1x6 S1x4 T1x6 U1x4 V4x2 W4x2 X8x1 Y4x2 Z10x1 ?x2";
/// Polish Scrabble (100 tiles, 32 letters), as data.
const POLISH: &str = "A1x9 Ą5x1 B3x2 C2x3 Ć6x1 D2x3 E1x7 Ę5x1 F5x1 G3x2 H3x2 I1x8 J3x2 K2x3 \
                      L2x3 Ł3x2 M2x3 N1x5 Ń7x1 O1x6 Ó5x1 P2x3 R1x4 S1x4 Ś5x1 T2x3 U3x2 W1x4 \
                      Y2x4 Z1x5 Ź9x1 Ż5x1 ?x2";

/// Replay a real game: every event's score and running total must be the file's (replay
/// stops at the first difference), and the last totals are the file's final scores.
fn replays(file: &str, set: TileSet, finals: [i32; 2]) {
    let Some(dir) = shared_gcg() else { return };
    let bytes = std::fs::read(dir.join(file)).unwrap();
    let read = gcg::read(&bytes).unwrap();
    assert_eq!(set.total(), 100, "{file}: the set as data");
    let scoring = Scoring {
        set,
        natura_bonus: false,
        end: EndRule::Naspa,
    };
    let (_, replayed) = gcg::replay(&read, &scoring).unwrap_or_else(|e| panic!("{file}: {e:?}"));
    assert_eq!(replayed.len(), read.gcg.events.len());
    let mut last = [0; 2];
    for (e, x) in read.gcg.events.iter().zip(&replayed) {
        assert_eq!(x.cumulative, e.cumulative, "{file}");
        last[e.player] = x.cumulative;
    }
    assert_eq!(last, finals, "{file}");
    // NS-6: read, write, read gives the same game, which replays the same.
    let again = gcg::read(gcg::write(&read.gcg).as_bytes()).unwrap();
    assert_eq!(again.gcg, read.gcg, "{file}");
    let (_, twice) = gcg::replay(&again, &scoring).unwrap();
    assert_eq!(twice, replayed, "{file}");
}

/// NS-6: a Woogles game (English): exchanges, a pass, end-rack points, a time penalty.
#[test]
fn ns6_english_woogles_game_replays_every_total() {
    replays(
        "woogles_kYmDwcfkbY_NWL23.gcg",
        set_of("english", ENGLISH),
        [422, 443],
    );
}

/// NS-6: an English game with challenge bonuses and notes.
#[test]
fn ns6_english_challenge_game_replays_every_total() {
    replays("vs_frentz.gcg", set_of("english", ENGLISH), [439, 550]);
}

/// NS-6: a Polish game (UTF-8 letters, lower-case blanks, a withdrawn phony).
#[test]
fn ns6_polish_game_replays_every_total() {
    replays("polish_endgame.gcg", set_of("polish", POLISH), [316, 323]);
}

/// The data sets above are the engine's English and Polish sets.
#[test]
fn the_sets_as_data_are_the_engines() {
    assert_eq!(set_of("english", ENGLISH), TileSet::english());
    assert_eq!(set_of("polish", POLISH), TileSet::polish());
}

fn temp(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tavolo-natura-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

/// `tavolo check` reads a `.gcg` by its extension: a real game (its tile set named by a
/// `#tile-distribution` line) is complete with the file's totals; an unknown pragma
/// (`#x-rating`, added here) is a warning in the notes, not a refusal.
#[test]
fn ns6_check_reads_gcg_files_and_warns_on_unknown_pragmas() {
    let Some(dir) = shared_gcg() else { return };
    let text = std::fs::read_to_string(dir.join("woogles_kYmDwcfkbY_NWL23.gcg")).unwrap();
    let (first, rest) = text.split_once('\n').unwrap();
    let named = format!("{first}\n#tile-distribution english\n#x-rating 1900\n{rest}");
    let report = check_file(&temp("woogles.gcg", named.as_bytes()));
    assert_eq!(report.exit_code(), 0);
    let Outcome::Judged {
        game,
        players,
        verdict,
        ..
    } = report.outcome
    else {
        panic!("unreadable")
    };
    assert_eq!(game, "natura");
    assert_eq!(players, ["whatnoloan", "BestBot"]);
    assert_eq!(verdict.status, Status::Complete);
    let scores: Vec<i64> = verdict
        .result
        .unwrap()
        .scores
        .iter()
        .map(|s| s.points)
        .collect();
    assert_eq!(scores, [422, 443]);
    assert!(
        verdict
            .notes
            .iter()
            .any(|n| n.starts_with("warning: line 3: unknown pragma `#x-rating`")),
        "{:?}",
        verdict.notes
    );
}

/// A GCG score that is not the board's is illegal at its line with both numbers; a
/// malformed line is unreadable with its line and column.
#[test]
fn ns6_gcg_wrong_score_and_malformed_line() {
    let wrong = "#player1 a Anna\n#player2 b Bruno\n>a: CASAORE 8H CASA +14 14\n";
    let r = check_file(&temp("wrong.gcg", wrong.as_bytes()));
    assert_eq!(r.exit_code(), 1);
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(v["illegal"]["code"], "gcg.score");
    assert_eq!(v["illegal"]["line"], 3);
    let msg = v["illegal"]["message"].as_str().unwrap();
    assert!(msg.contains("+14") && msg.contains("+12"), "{msg}");
    let bad = "#player1 a Anna\n#player2 b Bruno\n>a: CASAORE 8Z CASA +12 12\n";
    let r = check_file(&temp("bad.gcg", bad.as_bytes()));
    assert_eq!(r.exit_code(), 2);
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(v["error"]["code"], "gcg.coordinate");
    assert_eq!(
        (v["error"]["line"].clone(), v["error"]["column"].clone()),
        (3.into(), 13.into())
    );
}

/// A random legal game from a deal (the engine's moves, no lexicon).
fn random_game(seed: &str, players: usize, rules: &Rules) -> (Setup, Vec<Move>, State) {
    let p = Provenance::new("natura", "standard", seed, 1);
    let setup = Setup {
        players,
        bag: dealt_bag(&p),
    };
    let mut game = State::start(&setup, rules).unwrap();
    let mut rng = DealRng::new("natura", "test", seed, 1);
    let mut moves = Vec::new();
    while game.to_move().is_some() && moves.len() < 400 {
        let legal = game.legal_moves();
        // Mostly plays, so that games end by going out as well as by passes.
        let plays: Vec<&Move> = legal
            .iter()
            .filter(|m| matches!(m, Move::Place { .. }))
            .collect();
        let mv = if !plays.is_empty() && rng.below(10) < 8 {
            plays[rng.below(plays.len() as u32) as usize].clone()
        } else {
            legal[rng.below(legal.len() as u32) as usize].clone()
        };
        game.play(mv.clone()).unwrap();
        moves.push(mv);
    }
    (setup, moves, game)
}

/// NS-6 with NS-4: a whole game written as GCG (its end adjustment as end-rack lines)
/// replays with the Italian scoring to the engine's final scores; read, write, read gives
/// the same game.
#[test]
fn ns6_games_written_as_gcg_round_trip_and_replay() {
    for (seed, players) in [("gcg-1", 2), ("gcg-4", 6)] {
        // The last with no-rack-penalty (NS-4): no end-rack lines at all.
        let rules = Rules {
            no_rack_penalty: players == 6,
            ..Rules::default()
        };
        let (setup, moves, game) = random_game(seed, players, &rules);
        let names: Vec<String> = (1..=players).map(|i| format!("P{i}")).collect();
        let text = to_gcg(&names, &setup, &rules, &moves).unwrap();
        let read = gcg::read(text.as_bytes()).unwrap();
        assert!(read.warnings.is_empty(), "{:?}", read.warnings);
        let (_, replayed) = gcg::replay(&read, &Scoring::natura())
            .unwrap_or_else(|e| panic!("{seed}: {e:?}\n{text}"));
        let mut totals = vec![0; players];
        for (e, x) in read.gcg.events.iter().zip(&replayed) {
            totals[e.player] = x.cumulative;
        }
        assert_eq!(totals, game.final_scores(), "{seed}");
        let again = gcg::read(gcg::write(&read.gcg).as_bytes()).unwrap();
        assert_eq!(again.gcg, read.gcg, "{seed}");
        // And through `tavolo check`.
        let r = check_file(&temp(&format!("{seed}.gcg"), text.as_bytes()));
        assert!(
            r.exit_code() == 0,
            "{seed}: {}",
            serde_json::to_string(&r).unwrap()
        );
    }
}

/// Deals are version-stable: the bag of a seed is pinned (golden vector), holds the 120
/// tiles of NS-1, and the variant does not change it.
#[test]
fn deals_are_pinned_and_whole() {
    let p = Provenance::new("natura", "standard", "natura", 1);
    let bag = dealt_bag(&p);
    let set = TileSet::italian();
    let text: String = bag
        .iter()
        .map(|&t| if t == 0 { '?' } else { set.char_of(t) })
        .collect();
    assert_eq!(text.len(), 120);
    assert_eq!(&text[..14], GOLDEN_FIRST_14);
    let q = Provenance::new("natura", "no-rack-penalty", "natura", 1);
    assert_eq!(dealt_bag(&q), bag);
    let mut counts = vec![0u8; set.kinds()];
    for &t in &bag {
        counts[usize::from(t)] += 1;
    }
    assert_eq!(counts, set.full_counts());
}

/// The first two racks of seed `natura`, board 1 (tavolo-deal-v1).
const GOLDEN_FIRST_14: &str = "SGIBTONOUIEOMS";

/// `tavolo play natura` writes a record that `tavolo check` finds legal.
#[test]
fn random_records_check_legal() {
    // Two player counts: the engine's random player is slow in a debug build (its
    // legal_moves lists every placement of one or two tiles, a jolly as each letter).
    for n in [3, 5] {
        let setup = tavolo::games::setup::Spec {
            game: "natura".into(),
            players: Some(n),
            variant: None,
            seed: Some(format!("play-{n}")),
            board: 1,
            names: None,
        };
        let text = tavolo::games::setup::play_record(&setup).unwrap();
        // The words are not the point here: no lexicon.
        let text = text.replacen("[setup]\n", "[setup]\nlexicon = \"none\"\n", 1);
        let r = check_text(Path::new("r.toml"), text.clone());
        assert_eq!(
            r.exit_code(),
            0,
            "{}\n{text}",
            serde_json::to_string(&r).unwrap()
        );
    }
}

/// `tavolo score natura`: each word's letters, premiums and multiplier in JSON (NS-1).
#[test]
fn scorer_explains_each_word() {
    let game = tavolo::games::find("natura").unwrap();
    let scorer = game.scorer().unwrap();
    let args: Vec<String> = ["empty", "H8", "across", "ZaINO"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let s = scorer.score(&args).unwrap();
    // Z 8 + a 0 (jolly) + I 1 + N 3 + O 1x2 (L8) = 14, the star doubles: 28.
    assert_eq!(s.json["points"], 28);
    let w = &s.json["words"][0];
    assert_eq!(w["word"], "ZaINO");
    assert_eq!(w["multiplier"], 2);
    assert_eq!(w["letters"][0]["premium"], "DW");
    assert_eq!(w["letters"][1]["jolly"], true);
    assert_eq!(w["letters"][1]["value"], 0);
    assert_eq!(w["letters"][4]["premium"], "DL");
    assert_eq!(w["letters"][4]["letter_factor"], 2);
    assert!(s.text.contains("word x2 = 28"), "{}", s.text);
    // Off the star: refused with the rule.
    let off: Vec<String> = ["empty", "A1", "across", "ZAINO"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let e = scorer.score(&off).err().unwrap();
    assert_eq!(e.code, "score.cannot-place");
}
