//! Natura Shakerata through the library's entry points: real GCG games written by other
//! programs (read from `../shared/gcg/`, never copied here) replayed with their tile sets
//! given as data, GCG through `tavolo check`, GCG written from a game and read back (NS-6),
//! deals and random games, and the scorer (`tavolo score natura`).

use std::path::{Path, PathBuf};

use tavolo::deal::{DealRng, Provenance};
use tavolo::games::check::{check_file, check_text, Outcome};
use tavolo::games::engine::Engine;
use tavolo::games::natura::gcg::{self, Scoring};
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
    let scoring = Scoring::standard(set);
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
    crate::fixtures::assert_documented_shape(&v, "wrong.gcg");
    assert_eq!(v["illegal"]["code"], "gcg.score");
    assert_eq!(v["illegal"]["line"], 3);
    let msg = v["illegal"]["message"].as_str().unwrap();
    assert!(msg.contains("+14") && msg.contains("+12"), "{msg}");
    let bad = "#player1 a Anna\n#player2 b Bruno\n>a: CASAORE 8Z CASA +12 12\n";
    let r = check_file(&temp("bad.gcg", bad.as_bytes()));
    assert_eq!(r.exit_code(), 2);
    let v = serde_json::to_value(&r).unwrap();
    crate::fixtures::assert_documented_shape(&v, "bad.gcg");
    assert_eq!(v["error"]["code"], "gcg.coordinate");
    assert_eq!(
        (v["error"]["line"].clone(), v["error"]["column"].clone()),
        (3.into(), 13.into())
    );
}

/// NS-3 through GCG: a file legal so far names who is to move, the player the engine gives
/// after the same moves (as a TOML record of them does), turns going round in `#player`
/// order; before any move, the first player.
#[test]
fn ns3_gcg_legal_so_far_names_who_is_to_move() {
    let rules = Rules::default();
    let (setup, moves, _) = random_game("gcg-to-move", 3, &rules);
    let names: Vec<String> = ["Anna", "Bruno", "Carla"].map(String::from).to_vec();
    for cut in [0, 1, 2, 4, 5] {
        let mut engine = State::start(&setup, &rules).unwrap();
        for mv in &moves[..cut] {
            engine.play(mv.clone()).unwrap();
        }
        let seat = engine.to_move().unwrap();
        let text = to_gcg(&names, &setup, &rules, &moves[..cut]).unwrap();
        let r = check_file(&temp(&format!("to-move-{cut}.gcg"), text.as_bytes()));
        let v = serde_json::to_value(&r).unwrap();
        crate::fixtures::assert_documented_shape(&v, &format!("to-move-{cut}.gcg"));
        assert_eq!(v["status"], "legal-so-far", "{cut}: {v:#}");
        assert_eq!(v["to_move"], format!("p{}", seat + 1), "{cut}: {v:#}");
    }
    // A real game cut after its first four events: the first player's turn again.
    let Some(dir) = shared_gcg() else { return };
    let text = std::fs::read_to_string(dir.join("woogles_kYmDwcfkbY_NWL23.gcg")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let fifth = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with('>'))
        .nth(4)
        .unwrap()
        .0;
    let cut = lines[..fifth].join("\n") + "\n";
    let v = serde_json::to_value(check_file(&temp("woogles-4.gcg", cut.as_bytes()))).unwrap();
    assert_eq!(
        (v["status"].as_str(), v["to_move"].as_str()),
        (Some("legal-so-far"), Some("whatnoloan")),
        "{v:#}"
    );
}

/// `tavolo check` of a GCG whose lines end with a lone CR (or CRLF) gives the report of the
/// same file with LF.
#[test]
fn ns6_check_reads_gcg_with_any_line_ending() {
    let Some(dir) = shared_gcg() else { return };
    let bytes = std::fs::read(dir.join("vs_frentz.gcg")).unwrap();
    let lf: Vec<u8> = bytes.iter().copied().filter(|&b| b != b'\r').collect();
    let report = |name: &str, b: &[u8]| {
        let mut v = serde_json::to_value(check_file(&temp(name, b))).unwrap();
        crate::fixtures::assert_documented_shape(&v, name);
        v["file"] = serde_json::Value::Null;
        v
    };
    let want = report("lf.gcg", &lf);
    assert_eq!(want["status"], "complete", "{want:#}");
    for (name, ending) in [("cr.gcg", &b"\r"[..]), ("crlf.gcg", b"\r\n")] {
        let other = lf.split(|&b| b == b'\n').collect::<Vec<_>>().join(ending);
        assert_eq!(report(name, &other), want, "{name}");
    }
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

// ---------------------------------------------------------------------------------------
// NS-8: a GCG record is refereed as a TOML record is.

/// A judged report's verdict as JSON (panics on an unreadable file).
fn judged(path: &Path) -> (u8, serde_json::Value) {
    let r = check_file(path);
    let v = serde_json::to_value(&r).unwrap();
    assert!(
        v["error"].is_null(),
        "{}: unreadable: {v:#}",
        path.display()
    );
    (r.exit_code(), v)
}

fn final_scores(v: &serde_json::Value) -> Vec<i64> {
    v["result"]["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["points"].as_i64().unwrap())
        .collect()
}

fn notes(v: &serde_json::Value) -> Vec<String> {
    v["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_string())
        .collect()
}

/// NS-8: the three real games (English and Polish, written by other programs) check as
/// they are, each with its own set: no pragma names the Polish set or vs_frentz's English
/// one, so the letters pick it; Woogles' `#lexicon NWL23` names English word lists. Their
/// counts, racks and ends hold; their words are not looked up (tavolo's lexicons are
/// Italian).
#[test]
fn ns8_real_games_check_complete_with_their_own_sets() {
    let Some(dir) = shared_gcg() else { return };
    for (file, set, how, scores) in [
        ("polish_endgame.gcg", "polish", "no pragma", [316, 323]),
        ("vs_frentz.gcg", "english", "no pragma", [439, 550]),
        (
            "woogles_kYmDwcfkbY_NWL23.gcg",
            "english",
            "`#lexicon NWL23`",
            [422, 443],
        ),
    ] {
        let (code, v) = judged(&dir.join(file));
        assert_eq!(code, 0, "{file}: {v:#}");
        assert_eq!(v["status"], "complete", "{file}");
        assert_eq!(final_scores(&v), scores, "{file}");
        let n = notes(&v);
        assert!(
            n.iter()
                .any(|x| x.starts_with(&format!("tile set: {set} (")) && x.contains(how)),
            "{file}: {n:?}"
        );
        assert!(
            n.iter()
                .any(|x| x.starts_with("words not checked") && x.contains("NS-8")),
            "{file}: {n:?}"
        );
    }
}

fn gcg_file(dir: &Path, name: &str, events: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, format!("#player1 a Anna\n#player2 b Bruno\n{events}")).unwrap();
    p
}

/// NS-8: a set tavolo does not know is unreadable at its pragma; `#lexicon none` checks no
/// word of an Italian game.
#[test]
fn ns8_the_set_and_the_lexicon_a_gcg_names() {
    let dir = tempfile::tempdir().unwrap();
    let p = gcg_file(
        dir.path(),
        "k.gcg",
        "#tile-distribution klingon\n>a: CASAORE 8H CASA +12 12\n",
    );
    let v = serde_json::to_value(check_file(&p)).unwrap();
    assert_eq!(v["error"]["code"], "gcg.tile-set", "{v:#}");
    assert_eq!(v["error"]["line"], 3);
    let p = gcg_file(
        dir.path(),
        "n.gcg",
        "#lexicon none\n>a: CASAORE 8H CASA +12 12\n",
    );
    let (code, v) = judged(&p);
    assert_eq!(code, 0);
    assert!(notes(&v)
        .iter()
        .any(|n| n.contains("the file says `#lexicon none`")));
    assert!(v["details"][0]["words"][0]["in_lexicon"].is_null(), "{v:#}");
    // Another Italian list named: reported, and the words judged by tavolo's own lists.
    let p = gcg_file(
        dir.path(),
        "z.gcg",
        "#lexicon Zingarelli\n>a: CASAORE 8H CASA +12 12\n",
    );
    let (code, v) = judged(&p);
    assert_eq!(code, 0);
    assert!(
        notes(&v)[0].starts_with("tile set: italian"),
        "{:?}",
        notes(&v)
    );
    if lists_installed(&v) {
        assert!(notes(&v)
            .iter()
            .any(|n| n.contains("names the lexicon `Zingarelli`; tavolo judges")));
        assert_eq!(v["details"][0]["words"][0]["in_lexicon"], true);
    }
}

/// NS-8 (NS-1, the racks, NS-3): each file is right in every score and was legal so far
/// before; now the set's counts, the racks and the turns are the referee's too.
#[test]
fn ns8_gcg_obeys_the_sets_counts_the_racks_and_the_turns() {
    let dir = tempfile::tempdir().unwrap();
    for (name, events, code, line) in [
        // Seven Qs: the Italian set has one.
        (
            "q",
            ">a: QQQQQQQ 8H QQQQQQQ +210 210\n",
            "gcg.rack-tiles",
            3,
        ),
        // A third Z, on a rack or (no rack written) on the board: the set has two.
        (
            "z",
            ">a: ZAINOEE 8H ZAINO +30 30\n>b: ZEEEEEE J7 Z.E +10 10\n>a: ZEEAAAA L7 Z.A +10 40\n",
            "gcg.rack-tiles",
            5,
        ),
        (
            "z-board",
            ">a: ZAINOEE 8H ZAINO +30 30\n>b: ZEEEEEE J7 Z.E +10 10\n>a: L7 Z.A +10 40\n",
            "gcg.tile-count",
            5,
        ),
        // Eight tiles on a rack.
        ("eight", ">a: CASAOREE 8H CASA +12 12\n", "gcg.rack-size", 3),
        // Anna kept ORE after CASA; her next whole rack lacks them.
        (
            "kept",
            ">a: CASAORE 8H CASA +12 12\n>b: EEEEEEE - +0 0\n>a: IIIIIII - +0 12\n",
            "gcg.rack-leave",
            5,
        ),
        // Anna moves twice running.
        (
            "turn",
            ">a: CASAORE 8H CASA +12 12\n>a: ORE - +0 12\n",
            "gcg.out-of-turn",
            4,
        ),
    ] {
        let p = gcg_file(dir.path(), &format!("{name}.gcg"), events);
        let (exit, v) = judged(&p);
        assert_eq!(exit, 1, "{name}: {v:#}");
        assert_eq!(v["illegal"]["code"], code, "{name}: {v:#}");
        assert_eq!(v["illegal"]["line"], line, "{name}");
        assert!(
            v["illegal"]["rule"].as_str().unwrap().starts_with("NS-"),
            "{name}"
        );
    }
}

/// Whether NS-2's default lists are installed (they are in CI); a note when not.
fn lists_installed(v: &serde_json::Value) -> bool {
    let ok = !notes(v).iter().any(|n| n.starts_with("words not checked"));
    if !ok {
        eprintln!("note: no Italian word list installed; the lexicon's verdicts are skipped");
    }
    ok
}

/// NS-8 with NS-5: a GCG's words are looked up as a TOML record's are (the list that holds
/// each is named, a missing one listed), and its challenges must follow the lexicon: a
/// phony withdrawn (`--`) is right, a phony that "stood" its challenge or a real word
/// withdrawn is not.
#[test]
fn ns8_gcg_words_and_challenges_follow_the_lexicon() {
    let dir = tempfile::tempdir().unwrap();
    let plays = ">a: CASAORE 8H CASA +12 12\n>b: QZAEEEE K6 QZ. +19 19\n";
    let p = gcg_file(
        dir.path(),
        "w.gcg",
        &format!("{plays}>b: QZAEEEE -- -19 0\n"),
    );
    let (exit, v) = judged(&p);
    if !lists_installed(&v) {
        return;
    }
    assert_eq!(exit, 0, "{v:#}");
    let casa = &v["details"][0]["words"][0];
    assert_eq!(
        (casa["word"].as_str(), casa["in_lexicon"].as_bool()),
        (Some("CASA"), Some(true))
    );
    assert!(casa["list"].is_string(), "{casa:#}");
    assert_eq!(v["details"][1]["words"][0]["in_lexicon"], false);
    assert_eq!(v["details"][1]["missing"], serde_json::json!(["QZA"]));
    assert_eq!(v["details"][2]["kind"], "withdrawn");
    assert!(notes(&v)
        .iter()
        .any(|n| n.contains("not in the lexicon: QZA")));
    for (name, events, line) in [
        ("stood", format!("{plays}>b: (challenge) +0 19\n"), 5),
        (
            "real",
            ">a: CASAORE 8H CASA +12 12\n>a: CASAORE -- -12 0\n".to_string(),
            4,
        ),
    ] {
        let (exit, v) = judged(&gcg_file(dir.path(), &format!("{name}.gcg"), &events));
        assert_eq!(exit, 1, "{name}: {v:#}");
        assert_eq!(v["illegal"]["code"], "gcg.challenge", "{name}");
        assert_eq!(v["illegal"]["line"], line, "{name}");
        assert!(v["illegal"]["rule"].as_str().unwrap().contains("NS-5"));
    }
}

// ---------------------------------------------------------------------------------------
// NS-7: a tie shares the win.

/// NS-7: players level on points after NS-4 share the win, in a TOML record and in GCG
/// (written by hand, and the TOML record's game written as GCG).
#[test]
fn ns7_a_tie_shares_the_win_in_toml_and_in_gcg() {
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/natura/tie-shared-win.toml");
    let dir = tempfile::tempdir().unwrap();
    // CASA 12, RAMO down through its A 12, three rounds of passes: the end, no end-rack
    // lines (no adjustment).
    let passes = ">a: - +0 12\n>b: - +0 12\n".repeat(3);
    let hand = gcg_file(
        dir.path(),
        "tie.gcg",
        &format!("#lexicon none\n>a: CASAEIO 8H CASA +12 12\n>b: RMOEEII I7 R.MO +12 12\n{passes}"),
    );
    let text = std::fs::read_to_string(&fixture).unwrap();
    let gcg = tavolo::games::foreign::write(
        tavolo::games::find("natura").unwrap().foreign().unwrap(),
        &text,
        &fixture,
    )
    .unwrap();
    let written = dir.path().join("written.gcg");
    std::fs::write(&written, &gcg).unwrap();
    for (path, each) in [(fixture.as_path(), 5), (&hand, 12), (&written, 5)] {
        let (exit, v) = judged(path);
        assert_eq!(exit, 0, "{}: {v:#}", path.display());
        assert_eq!(v["status"], "complete");
        let r = &v["result"];
        assert_eq!(r["winners"].as_array().unwrap().len(), 2, "{r:#}");
        assert!(r["winner"].is_null());
        assert_eq!(r["losers"], serde_json::json!([]));
        assert_eq!(final_scores(&v), [each, each]);
        assert!(
            r["reason"].as_str().unwrap().contains("NS-7"),
            "{}",
            r["reason"]
        );
    }
}

// ---------------------------------------------------------------------------------------
// NS-6: GCG written by `play` (and `duplicate deal`, in tests/it/duplicate.rs).

fn tavolo_in(dir: &Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run tavolo")
}

/// NS-6: `tavolo play natura -o g.gcg` writes GCG (the end adjustment as end-rack lines,
/// NS-4), and `check` reads it back to the same final scores as the TOML record of the same
/// seed; `--format gcg` writes the same text to standard output; a game without a GCG is
/// refused.
#[test]
fn ns6_play_writes_gcg_that_checks_to_the_tomls_scores() {
    let dir = tempfile::tempdir().unwrap();
    for (seed, players) in [("gcg-play-1", "2"), ("gcg-play-3", "4")] {
        let play = |out: &str| {
            let o = tavolo_in(
                dir.path(),
                &[
                    "play",
                    "natura",
                    "--seed",
                    seed,
                    "-p",
                    players,
                    "--strength",
                    "random",
                    "-o",
                    out,
                ],
            );
            assert_eq!(
                o.status.code(),
                Some(0),
                "{}",
                String::from_utf8_lossy(&o.stderr)
            );
        };
        let (toml, gcg) = (format!("{seed}.toml"), format!("{seed}.gcg"));
        play(&toml);
        play(&gcg);
        let gcg = std::fs::read_to_string(dir.path().join(&gcg)).unwrap();
        assert!(
            gcg.starts_with("#character-encoding UTF-8\n#player1 p1 P1\n"),
            "{gcg}"
        );
        assert!(gcg.contains("\n#tile-distribution italian\n"));
        let (exit_t, t) = judged(&dir.path().join(format!("{seed}.toml")));
        let (exit_g, g) = judged(&dir.path().join(format!("{seed}.gcg")));
        assert_eq!((exit_t, exit_g), (0, 0), "{g:#}");
        assert_eq!(t["status"], "complete", "{seed}");
        assert_eq!(g["status"], "complete", "{seed}: {g:#}");
        assert_eq!(final_scores(&g), final_scores(&t), "{seed}");
        // NS-4's adjustment as end-rack lines, when a rack was left.
        let left = t["details"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["kind"] == "end" && d["rack"] != "");
        assert_eq!(left, gcg.contains(") -"), "{seed}: {gcg}");
        let o = tavolo_in(
            dir.path(),
            &[
                "play",
                "natura",
                "--seed",
                seed,
                "-p",
                players,
                "--strength",
                "random",
                "--format",
                "gcg",
            ],
        );
        assert_eq!(String::from_utf8(o.stdout).unwrap(), gcg, "{seed}");
    }
    let o = tavolo_in(dir.path(), &["play", "moon", "--seed", "1", "-o", "m.gcg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cli.format"));
    assert!(!dir.path().join("m.gcg").exists());
}

// ---------------------------------------------------------------------------------------
// Verdicts as data: `check --json`'s `details`.

/// Each play's facts add up: every word's letters (value x letter premium) to its
/// `letter_sum`, that times its `multiplier` to its `score`, the words plus the `bonus` to
/// the move's `points`; each player's points to their running `total` (from the score a
/// record's position starts them with), and that and the end `adjustment` to the `final`
/// scores of the result. Returns how many plays were checked.
fn details_add_up(v: &serde_json::Value, what: &str) -> usize {
    let players: Vec<String> = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect();
    let mut totals: Vec<Option<i64>> = vec![None; players.len()];
    let mut plays = 0;
    let seat = |name: &str| players.iter().position(|p| p == name).unwrap();
    for d in v["details"].as_array().unwrap() {
        let i = |k: &str| {
            d[k].as_i64()
                .unwrap_or_else(|| panic!("{what}: {k} in {d:#}"))
        };
        match d["kind"].as_str().unwrap() {
            "play" => {
                plays += 1;
                let mut sum = 0;
                for w in d["words"].as_array().unwrap() {
                    let wi = |k: &str| w[k].as_i64().unwrap();
                    let letters = w["letters"].as_array().unwrap();
                    let s: i64 = letters
                        .iter()
                        .map(|l| {
                            l["value"].as_i64().unwrap() * l["letter_factor"].as_i64().unwrap()
                        })
                        .sum();
                    assert_eq!(s, wi("letter_sum"), "{what}: {w:#}");
                    assert_eq!(wi("letter_sum") * wi("multiplier"), wi("score"), "{what}");
                    let squares: Vec<&serde_json::Value> =
                        letters.iter().map(|l| &l["square"]).collect();
                    assert_eq!(
                        w["squares"].as_array().unwrap().iter().collect::<Vec<_>>(),
                        squares
                    );
                    sum += wi("score");
                }
                assert_eq!(sum + i("bonus"), i("points"), "{what}: {d:#}");
            }
            "end" => {
                let s = seat(d["player"].as_str().unwrap());
                let before = totals[s].unwrap_or(i("final") - i("adjustment"));
                assert_eq!(before + i("adjustment"), i("final"), "{what}: {d:#}");
                totals[s] = Some(i("final"));
                continue;
            }
            _ => {}
        }
        // The player whose score the move changed: the challenged one for a challenge.
        let who = d["challenged"]
            .as_str()
            .unwrap_or(d["player"].as_str().unwrap());
        let s = seat(who);
        let t = totals[s].get_or_insert(i("total") - i("points"));
        *t += i("points");
        assert_eq!(*t, i("total"), "{what}: {d:#}");
    }
    if v["status"] == "complete" {
        let got: Vec<i64> = totals.iter().map(|t| t.unwrap_or(0)).collect();
        assert_eq!(got, final_scores(v), "{what}");
    }
    plays
}

/// `check --json` gives each move's facts (the TOML fixtures that judge legal, a written GCG,
/// the real games), and they add up to the scores.
#[test]
fn check_json_details_add_up_to_the_scores() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/natura");
    let mut plays = 0;
    let mut ends = 0;
    for entry in std::fs::read_dir(&root).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let r = check_file(&p);
        if r.exit_code() != 0 {
            continue;
        }
        let v = serde_json::to_value(&r).unwrap();
        if v["variant"] == "duplicate" {
            continue;
        }
        plays += details_add_up(&v, &p.display().to_string());
        ends += v["details"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["kind"] == "end")
            .count();
    }
    assert!(
        plays >= 10 && ends >= 4,
        "{plays} plays, {ends} end details"
    );
    if let Some(dir) = shared_gcg() {
        for f in [
            "polish_endgame.gcg",
            "vs_frentz.gcg",
            "woogles_kYmDwcfkbY_NWL23.gcg",
        ] {
            let (_, v) = judged(&dir.join(f));
            assert!(details_add_up(&v, f) > 10, "{f}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// `tavolo score`.

/// NS-2: `tavolo score natura` says whether each word is in the lexicon (the default lists,
/// as `check` looks words up) and which list holds it; ASAC is none.
#[test]
fn scorer_says_whether_each_word_is_in_the_lexicon() {
    let scorer = tavolo::games::find("natura").unwrap().scorer().unwrap();
    let args = |w: &str| -> Vec<String> {
        ["empty", "H8", "across", w]
            .iter()
            .map(|s| s.to_string())
            .collect()
    };
    let asac = scorer.score(&args("ASAC")).unwrap();
    let casa = scorer.score(&args("CASA")).unwrap();
    let lexicon = casa.json["lexicon"].as_str().unwrap();
    if lexicon.starts_with("words not checked") {
        eprintln!("note: no Italian word list installed; the lexicon's verdict is skipped");
        assert!(casa.json["words"][0]["in_lexicon"].is_null());
        return;
    }
    assert_eq!(casa.json["words"][0]["in_lexicon"], true);
    assert!(casa.json["words"][0]["list"].is_string());
    assert!(casa.text.contains("[in the lexicon: "), "{}", casa.text);
    assert_eq!(asac.json["words"][0]["in_lexicon"], false);
    assert_eq!(asac.json["missing"], serde_json::json!(["ASAC"]));
    assert!(asac.text.contains("ASAC (H8 across)") && asac.text.contains("[not in the lexicon]"));
    // The same points either way: the lexicon does not score.
    assert_eq!(asac.json["points"], casa.json["points"]);
}

/// `tavolo score --help` and `tavolo man score` give every scoring game's form of the
/// arguments (each game's `Scorer::usage`), not only Scalafrutta's.
#[test]
fn score_help_and_manual_describe_every_games_form() {
    let dir = tempfile::tempdir().unwrap();
    let help = String::from_utf8(tavolo_in(dir.path(), &["score", "--help"]).stdout).unwrap();
    let man = String::from_utf8(tavolo_in(dir.path(), &["man", "score"]).stdout).unwrap();
    let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut games = 0;
    for g in tavolo::games::GAMES {
        let Some(s) = g.scorer() else { continue };
        games += 1;
        let usage = flat(s.usage());
        assert!(
            flat(&help).contains(&format!("{}: {usage}", g.name())),
            "{}: {help}",
            g.name()
        );
        // roff escapes `-` and `'`: compare the words before the first of them.
        let head: String = usage
            .chars()
            .take_while(|&c| c != '-' && c != '\'')
            .collect();
        assert!(
            flat(&man).contains(&format!("{}: {}", g.name(), head.trim_end())),
            "{}: {man}",
            g.name()
        );
    }
    assert!(games >= 3);
}
