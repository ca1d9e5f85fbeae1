//! The generic property test, run for every registered game through its
//! engine (`tavolo::games::referee::Playable`): every listed legal move is
//! accepted and a move the engine rejects is never listed; a random legal game
//! is accepted by `check`; one move made illegal is rejected at exactly that
//! move, with the engine's code.

use std::path::Path;

use tavolo::deal::{DealRng, Provenance};
use tavolo::games::check::{check_text, Outcome};
use tavolo::games::natura::record::WithWords;
use tavolo::games::referee::Playable;
use tavolo::games::{Game, GAMES};
use tavolo::record::{write, Status, Verdict};

/// Deals per game, listed variant and player count.
const SEEDS: u32 = 12;
/// Deals per player count for each combination of options that is not a
/// listed variant (Quincunx's options combine, QX-12: about a hundred).
const COMBINED_SEEDS: u32 = 2;

fn verdict(text: String) -> Verdict {
    match check_text(Path::new("generated.toml"), text.clone()).outcome {
        Outcome::Judged { verdict, .. } => *verdict,
        Outcome::Unreadable { error, .. } => panic!("unreadable: {}\n{text}", error.display),
    }
}

/// Natura Shakerata's engine lists exactly its legal moves only with a word list in its
/// rules: the move generator lists every placement whose words the list holds, and the
/// candidates offered beside them are placements the board refuses or whose words the list
/// holds (one with a word the list lacks is legal, NS-5, but not listed). So it plays here
/// with these words (`WithWords`), and its records carry them as `words = [...]` so that
/// `check` judges challenges alike.
const NATURA_WORDS: &str = "AI AL DA DI ED IN LA LE LO MA MI NE NO SE SI SU TE TI TU UN VA VI \
    ACE ALA ALE ANO ARE ASA ATE CAI DAI DIO ERA ERE ETA IRA LAI MAI MEI NOI ODE ORA ORE \
    OSA OSO RAI RE RIO ROSA SAI SEI SIA SOL SUA SUO TRE TUA TUO UNA UNO USO VIA ZIO \
    ACRE ALTO AMO ANTE ARTE ASSE CANE CANI CANTO CARA CARE CARO CASA CASE COSA COSE CORO \
    DENTE LANA LATO LEONE LUNA MARE MARI MESE MONTE NASO NOTTE ORTO PANE PERO RATA SALE \
    SANO SERA SETA SOLE TANA TESTA TORO TORTA VOTO ZONA AMORE CANTORE ATTORE SCRITTO";

/// A registered game as the properties play it: its own engine, or Natura Shakerata's with
/// [`NATURA_WORDS`].
struct Subject {
    game: &'static dyn Game,
    with_words: Option<WithWords>,
}

impl Subject {
    fn of(game: &'static dyn Game) -> Subject {
        let with_words = (game.name() == "natura").then(|| {
            let words: Vec<&str> = NATURA_WORDS.split_whitespace().collect();
            WithWords::new(&words).unwrap()
        });
        Subject { game, with_words }
    }

    fn playable(&self) -> &dyn Playable {
        match &self.with_words {
            Some(w) => w,
            None => self.game.playable(),
        }
    }

    /// The dealt `[setup]`, with the words where the game plays with them.
    fn setup(&self, variant: &str, players: &[String], deal: &Provenance) -> String {
        let setup = self.game.deal(variant, players, deal).unwrap().setup_toml;
        if self.with_words.is_none() {
            return setup;
        }
        let quoted: Vec<String> = NATURA_WORDS
            .split_whitespace()
            .map(|w| format!("\"{w}\""))
            .collect();
        setup.replacen(
            "[setup]\n",
            &format!("[setup]\nwords = [{}]\n", quoted.join(", ")),
            1,
        )
    }
}

/// Every (variant, player count, seed) to try for a game: every variant the game accepts,
/// each combination of options included.
fn cases(game: &dyn Game) -> Vec<(String, Vec<String>, Provenance)> {
    let mut out = Vec::new();
    for variant in game.all_variants() {
        // A duplicate game has no turns to play at random: `tavolo duplicate` plays it, and
        // tests/it/duplicate.rs checks it.
        if variant == tavolo::games::natura::duplicate::record::VARIANT {
            continue;
        }
        let seeds = if game.variants().contains(&variant.as_str()) {
            SEEDS
        } else {
            COMBINED_SEEDS
        };
        for n in game.player_counts(&variant) {
            let players: Vec<String> = (1..=n).map(|i| format!("P{i}")).collect();
            for seed in 0..seeds {
                let deal = Provenance::new(game.name(), &variant, &format!("props-{seed}"), 1);
                out.push((variant.clone(), players.clone(), deal));
            }
        }
    }
    out
}

fn rng(deal: &Provenance, what: &str) -> DealRng {
    DealRng::new(
        &deal.game,
        &format!("{}/{what}", deal.variant),
        &deal.seed,
        deal.board,
    )
}

/// `Game::playable` is required, so every registered game has an engine;
/// this pins that the five wave-1 games and the new ones are all registered
/// and each gives the property tests cases to run.
#[test]
fn every_game_plays_through_its_engine() {
    let names: Vec<_> = GAMES.iter().map(|g| g.name()).collect();
    for want in [
        "moon",
        "scalafrutta",
        "domino",
        "muro",
        "mosaico",
        "farfalia",
        "quincunx",
        "natura",
    ] {
        assert!(names.contains(&want), "{want} is not registered: {names:?}");
    }
    for game in GAMES {
        assert!(!cases(*game).is_empty(), "{}: no case to play", game.name());
    }
}

/// QX-12: Quincunx's options combine, and the properties play every combination the
/// referee accepts, not only the listed names: 96 for 2 to 4 players, 16 solitaires.
#[test]
fn quincunx_cases_cover_every_combination_qx12() {
    let game = tavolo::games::find("quincunx").unwrap();
    let mut variants: Vec<String> = cases(game).into_iter().map(|c| c.0).collect();
    variants.dedup();
    assert_eq!(variants.len(), 96 + 16);
    for v in [
        "start-from-zero+colour-bonus",
        "start-from-zero+excuse+colour-bonus+sempliciotto+overcall-true+v-run-once",
        "pawns+v-run-once",
        "solitaire+pawns+colour-bonus+v-run-once",
    ] {
        assert!(variants.iter().any(|x| x == v), "{v} is not played");
        assert_eq!(game.variant(v).as_deref(), Ok(v), "{v} is not canonical");
    }
}

#[test]
fn legal_moves_are_exactly_the_accepted_candidates() {
    for game in GAMES {
        let subject = Subject::of(*game);
        let p = subject.playable();
        for (variant, players, deal) in cases(*game) {
            let played = p
                .check_engine(&variant, &players, &deal, &mut rng(&deal, "engine"))
                .unwrap_or_else(|e| panic!("{} {variant} {}: {e}", game.name(), deal.seed));
            assert!(
                played > 0,
                "{} {variant} {}: no move",
                game.name(),
                deal.seed
            );
        }
    }
}

#[test]
fn a_random_legal_game_is_complete_and_one_illegal_move_is_caught_there() {
    for game in GAMES {
        let subject = Subject::of(*game);
        let p = subject.playable();
        for (variant, players, deal) in cases(*game) {
            let name = format!(
                "{} {variant} {} ({} players)",
                game.name(),
                deal.seed,
                players.len()
            );
            let setup = subject.setup(&variant, &players, &deal);
            let moves = p
                .play_random(&variant, &players, &deal, &mut rng(&deal, "random"))
                .unwrap();
            let v = verdict(write::record(&deal, &players, &setup, &moves));
            assert_eq!(v.status, Status::Complete, "{name}: {v:?}");
            assert_eq!(v.moves, moves.len(), "{name}");

            // An illegal move at a few places along another random game.
            let mut r = rng(&deal, "illegal");
            for k in [0, 1, moves.len() / 2, moves.len().saturating_sub(1)] {
                let Some((moves, code)) = p
                    .play_random_then_illegal(&variant, &players, &deal, &mut r, k)
                    .unwrap()
                else {
                    continue;
                };
                let v = verdict(write::record(&deal, &players, &setup, &moves));
                let ill = v
                    .illegal
                    .unwrap_or_else(|| panic!("{name}: move {} not caught", moves.len()));
                assert_eq!((ill.number, ill.code), (moves.len(), code), "{name}");
            }
        }
    }
}
