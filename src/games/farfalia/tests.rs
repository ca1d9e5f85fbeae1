//! Farfalia's rules as tests, each citing its ruling.

use super::*;
use crate::deal::DealRng;
use crate::games::engine::Broken as _;

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace().map(c).collect()
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

/// A hand-made setup: `given[p]` starts place `p`'s cards (a dummy's in
/// layout order: 6 down, 6 up, beside); the rest of the deck fills the places
/// in canonical order.
fn setup_with(table: Table, given: &[&str], proposal: &str, jollies: &[Option<Family>]) -> Setup {
    let kind = table.kind;
    let mut hands: Vec<Vec<Card>> = given.iter().map(|g| cards(g)).collect();
    hands.resize(kind.places(), Vec::new());
    let used: CardSet = hands.iter().flatten().collect();
    let mut rest = CardSet::ALL.iter().filter(|c| !used.contains(*c));
    for (p, h) in hands.iter_mut().enumerate() {
        while h.len() < kind.cards(p) {
            h.push(rest.next().unwrap());
        }
    }
    let proposal: Vec<Family> = proposal
        .split_whitespace()
        .map(|f| f.parse().unwrap())
        .collect();
    let proposal: [Family; 5] = proposal.try_into().unwrap();
    let trump = (!kind.dealer_chooses_trump()).then(|| Trump::turned(proposal[0]));
    let places = table.places.clone();
    Setup {
        table,
        hands: hands
            .into_iter()
            .enumerate()
            .map(|(p, cards)| Hand {
                layout: if places[p].dummy {
                    Layout::from_dealt(&cards)
                } else {
                    None
                },
                cards,
                jolly: jollies.get(p).copied().flatten(),
            })
            .collect(),
        proposal,
        trump,
    }
}

fn five(seats: [usize; 5]) -> Table {
    Table::new(DealKind::Five, &seats, Pairing::Alternate).unwrap()
}

fn play_all(deal: &mut Deal, moves: &[&str]) {
    for m in moves {
        deal.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e:?}"));
    }
}

fn legal_strings(deal: &Deal) -> Vec<String> {
    deal.legal_moves().iter().map(|m| m.to_string()).collect()
}

/// The sheet's worked example (FA-2, FA-3, FA-4): Andrea deals and plays
/// alone, Beatrice partners Daniela, Carlo partners Egidio; trump orange;
/// the proposal is a butterfly, two strawberries, a fish and a shell.
/// Seats: Andrea 1, Beatrice 2, Carlo 3, Daniela 4, Egidio 5.
#[test]
fn fa2_fa3_sheet_example() {
    let setup = setup_with(
        five([0, 1, 2, 3, 4]),
        &[
            // Andrea: no blue; orange trumps.
            "R3 R8 R10 R12 G2 G8 G10 O8 O10 O11 O12 O13",
            // Beatrice: one blue card only.
            "B3 G6 O7 R1 R2 G1 G3 O1 O2 R4",
            // Carlo: one blue card only.
            "B5 G7 O4 R5 R6 G5 O3 O5 R7 G9",
            // Daniela: blue, and orange she would rather play.
            "B11 B4 B8 B10 G4 O6 O9 R9 R11 G11",
            "B2 B13 B1 B9 B12 B6 B7 G13 R13 G12",
        ],
        "F R R B O",
        &[],
    );
    let mut deal = Deal::new(&setup, false).unwrap();
    assert_eq!(deal.place_to_move(), Some(0), "the dealer discards first");
    play_all(&mut deal, &["1:discard G8 R12", "1:trump O"]);
    assert_eq!(deal.trump(), Some(Trump::Suit(Suit::O)));
    // Beatrice, left of the dealer, leads (FA-2).
    assert_eq!(deal.to_move(), Some(1));
    play_all(&mut deal, &["2:B3", "3:B5"]);
    // Daniela would like to trump, but holds B11: she must follow (FA-2).
    let err = deal.play(mv("4:O6")).unwrap_err();
    assert_eq!(
        err,
        Broken::Revoke {
            seat: 3,
            card: c("O6"),
            led: Suit::B,
            held: cards("B4 B8 B10 B11").into_iter().collect(),
            dummy: false,
        }
    );
    assert_eq!(err.code(), "farfalia.revoke");
    assert_eq!(err.rule(), "FA-2");
    // The message names the cards held in the suit led.
    let names: Vec<String> = ["A", "B", "C", "D", "E"].map(String::from).to_vec();
    assert!(err
        .describe(&names)
        .contains("holds B4 B8 B10 B11 in the suit led"));
    play_all(&mut deal, &["4:B11", "5:B2"]);
    // Andrea has no blue and may discard a strawberry though holding trumps.
    assert_eq!(
        deal.play(mv("1:R3")).unwrap(),
        Outcome::Trick {
            winner: Some(3),
            burned: CardSet::EMPTY
        }
    );
    // Daniela may take a fish (any number) or a strawberry (FA-3).
    assert_eq!(
        legal_strings(&deal),
        [
            "4:take R3",
            "4:take B2",
            "4:take B3",
            "4:take B5",
            "4:take B11",
            "4:decline"
        ]
    );
    // The choice is Daniela's alone: her partner may not make it (FA-3);
    // an opponent is simply out of turn.
    let partner = deal.clone().play(mv("2:take B11")).unwrap_err();
    assert_eq!(
        partner,
        Broken::PartnerCollects {
            seat: 1,
            chooser: 3
        }
    );
    assert_eq!(
        (partner.code(), partner.rule()),
        ("farfalia.partner-collects", "FA-3")
    );
    assert!(matches!(
        deal.clone().play(mv("3:take B11")),
        Err(Broken::OutOfTurn { .. })
    ));
    play_all(&mut deal, &["4:take B11"]);
    // Daniela leads leaves; Egidio's 13 wins; nothing in the trick is useful,
    // so there is no collection step (FA-3).
    play_all(&mut deal, &["4:G4", "5:G13", "1:G2", "2:G6"]);
    assert_eq!(
        deal.play(mv("3:G7")).unwrap(),
        Outcome::Trick {
            winner: Some(4),
            burned: CardSet::EMPTY
        }
    );
    assert_eq!(deal.to_move(), Some(4));
    assert!(legal_strings(&deal).iter().all(|m| !m.contains("take")));
    assert_eq!(
        deal.play(mv("5:take G13")).unwrap_err(),
        Broken::NotProposed {
            seat: 4,
            card: c("G13"),
            family: Family::Foglie
        }
    );
    // Egidio leads blue; Andrea (no blue) plays R10; Beatrice and Carlo, out
    // of blue, trump; Beatrice's O7 is the highest trump (FA-2).
    play_all(&mut deal, &["5:B13", "1:R10", "2:O7", "3:O4"]);
    assert_eq!(
        deal.play(mv("4:B4")).unwrap(),
        Outcome::Trick {
            winner: Some(1),
            burned: CardSet::EMPTY
        }
    );
    // Beatrice may take a shell, or R10 as a butterfly; not a fish, since her
    // team has the proposal's only fish (FA-3).
    assert_eq!(
        legal_strings(&deal),
        ["2:take R10", "2:take O4", "2:take O7", "2:decline"]
    );
    assert_eq!(
        deal.play(mv("2:take B13")).unwrap_err(),
        Broken::Complete {
            seat: 1,
            card: c("B13"),
            family: Family::Pesci
        }
    );
    play_all(&mut deal, &["2:take R10"]);
    assert_eq!(deal.collected(1), [c("R10")].into_iter().collect());
    assert_eq!(deal.matched(1), 2, "B11 and R10 for Beatrice and Daniela");
    // R10 filled the butterfly, not a strawberry: the strawberries are still open.
    assert_eq!(deal.to_move(), Some(1));
}

/// FA-4: 1, 3, 6, 10, 15 points for 1..5 matched subjects; the sheet's
/// example scores 10 (four matched) and 6 (three) to both partners and 3 (two)
/// to the dealer alone.
#[test]
fn fa4_points_table() {
    assert_eq!(POINTS, [0, 1, 3, 6, 10, 15]);
    assert_eq!((POINTS[4], POINTS[3], POINTS[2]), (10, 6, 3));
}

/// FA-8: a dummy plays only face-up cards; following suit is judged on them;
/// a card uncovered is turned up after the trick's collection choice.
#[test]
fn fa8_dummy_visibility() {
    // Three players, seat 1 deals; the dummy (place 2) has blue face down,
    // reds face up, and R7 beside.
    let table = Table::new(DealKind::Three, &[0, 1, 2], Pairing::Alternate).unwrap();
    let setup = setup_with(
        table,
        &[
            "B13 B12 B11",
            "B7 B8 B9 B10",
            "B1 B2 B3 B4 B5 B6 R1 R2 R3 R4 R5 R6 R7",
            "G13 G12 G11",
        ],
        "R R R B O",
        &[],
    );
    assert_eq!(setup.dummies().count(), 1);
    let mut deal = Deal::new(&setup, false).unwrap();
    assert!(deal.is_dummy(2));
    assert_eq!(
        deal.face_up(2),
        cards("R1 R2 R3 R4 R5 R6 R7").into_iter().collect()
    );
    assert_eq!(deal.hand(2).len(), 13);
    play_all(&mut deal, &["1:trump none", "2:B7"]);
    // The dealer (seat 1) plays the dummy's cards.
    assert_eq!(deal.place_to_move(), Some(2));
    assert_eq!(deal.to_move(), Some(0));
    assert_eq!(
        deal.play(mv("2:R1")).unwrap_err(),
        Broken::OutOfTurn {
            seat: 1,
            expected: 0
        }
    );
    assert_eq!(
        deal.play(mv("1:B1")).unwrap_err(),
        Broken::FaceDown {
            seat: 0,
            card: c("B1")
        }
    );
    // No blue face up: the dummy may play anything face up (FA-8).
    play_all(&mut deal, &["1:R1", "3:G13"]);
    assert!(!deal.face_up(2).contains(c("B1")));
    play_all(&mut deal, &["1:B13"]);
    // The trick is over (no collection in the first three tricks): B1 is up.
    assert!(deal.face_up(2).contains(c("B1")));
    assert_eq!(deal.tricks_done(), 1);
    assert_eq!(deal.to_move(), Some(0), "the dealer won with B13 and leads");
    // B1 is face up now: the dummy must follow blue with it (FA-8).
    play_all(&mut deal, &["1:B12", "2:B8"]);
    assert_eq!(
        deal.play(mv("1:R2")).unwrap_err(),
        Broken::Revoke {
            seat: 0,
            card: c("R2"),
            led: Suit::B,
            held: cards("B1").into_iter().collect(),
            dummy: true,
        }
    );
    assert_eq!(legal_strings(&deal), ["1:B1"]);
}

/// FA-8: the dummy's partner plays the dummy's cards in the dummy's turn
/// and their own in theirs; a card from the wrong holding is named as such
/// (`farfalia.dummy-to-play`, `farfalia.own-turn`), not as a card not held,
/// and a dummy that won a trick leads the next.
#[test]
fn fa8_dummy_turn_and_own_turn() {
    let table = Table::new(DealKind::Three, &[0, 1, 2], Pairing::Alternate).unwrap();
    let setup = setup_with(
        table,
        &[
            "G1 G2 G3 G4 G5 G6 G7 G8 G9 G10 G11 G12 G13",
            "R2",
            "B1 B2 B3 B4 B5 B6 R13 R12 R11 R10 R9 R8 R7",
            "R3",
        ],
        "R R R B O",
        &[],
    );
    let mut deal = Deal::new(&setup, false).unwrap();
    play_all(&mut deal, &["1:trump none", "2:R2"]);
    let names: Vec<String> = ["Anna", "Bruno", "Carla"].map(String::from).to_vec();
    // The dummy is to play: Anna plays its card, not one of her own.
    let e = deal.clone().play(mv("1:G1")).unwrap_err();
    assert!(
        matches!(
            e,
            Broken::OtherHand {
                seat: 0,
                dummy_turn: true,
                lead: false,
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!((e.code(), e.rule()), ("farfalia.dummy-to-play", "FA-8"));
    assert!(!e.describe(&names).contains("does not hold"));
    play_all(&mut deal, &["1:R13", "3:R3", "1:G1"]);
    // The dummy's R13 won: the dummy leads, Anna choosing its card.
    assert_eq!(deal.place_to_move(), Some(2));
    let e = deal.clone().play(mv("1:G2")).unwrap_err();
    let Broken::OtherHand {
        dummy_turn: true,
        lead: true,
        playable,
        ..
    } = e
    else {
        panic!("{e:?}")
    };
    assert_eq!(
        playable,
        cards("B1 R7 R8 R9 R10 R11 R12").into_iter().collect(),
        "its face-up cards, B1 turned up after the trick"
    );
    let text = e.describe(&names);
    assert!(text.contains("Anna's dummy's turn to lead"), "{text}");
    assert!(text.contains("(R7 R8 R9 R10 R11 R12 B1)"), "{text}");
    play_all(&mut deal, &["1:R12"]);
    let follow = legal_strings(&deal)[0].clone();
    play_all(&mut deal, &[&follow]);
    // Anna's own turn: a card of her dummy is refused as such.
    assert_eq!(deal.place_to_move(), Some(0));
    let e = deal.clone().play(mv("1:R11")).unwrap_err();
    assert!(
        matches!(
            e,
            Broken::OtherHand {
                seat: 0,
                dummy_turn: false,
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!(e.code(), "farfalia.own-turn");
    // A card in neither holding: not held; the clause about the dummy only
    // for a player who has one (FA-8).
    let e = deal.clone().play(mv("1:O1")).unwrap_err();
    assert_eq!(
        e,
        Broken::NotHeld {
            seat: 0,
            card: c("O1"),
            dummy: true
        }
    );
    assert!(e
        .describe(&names)
        .contains("nor is it face up on their dummy"));
    let plain = Broken::NotHeld {
        seat: 1,
        card: c("O1"),
        dummy: false,
    };
    assert!(!plain.describe(&names).contains("dummy"));
}

/// FA-8: with a collection step, an uncovered card stays face down until
/// the winner has chosen; a trick won by a dummy is led by the dummy (its
/// partner playing its card). Random two-player deals.
#[test]
fn fa8_turned_after_collection_and_dummy_leads() {
    let (mut turned_after_choice, mut dummy_leads) = (0, 0);
    for board in 1..=40u32 {
        let table = Table::new(DealKind::Two, &[0, 1], Pairing::Alternate).unwrap();
        let setup = Setup::deal(table, &DealOrders::seeded("two", "fa8", board), false).unwrap();
        let mut deal = Deal::new(&setup, false).unwrap();
        let mut rng = DealRng::new("farfalia", "test", "fa8", board);
        let mut pending: Vec<(usize, Card)> = Vec::new();
        while !deal.is_over() {
            let legal = deal.legal_moves();
            let choice = legal[rng.below(legal.len() as u32) as usize];
            let place = deal.place_to_move().unwrap();
            if let (Move::Play { card, .. }, Some(layout)) = (choice, &setup.hands[place].layout) {
                if let Some(i) = layout.up.iter().position(|&u| u == card) {
                    pending.push((place, layout.down[i]));
                }
            }
            let collecting = matches!(choice, Move::Take { .. } | Move::Decline { .. });
            let out = deal.play(choice).unwrap();
            let trick_over = collecting
                || matches!(out, Outcome::Trick { .. } | Outcome::DealOver)
                    && !deal
                        .legal_moves()
                        .iter()
                        .any(|m| matches!(m, Move::Decline { .. }));
            for &(p, under) in &pending {
                assert_eq!(
                    deal.face_up(p).contains(under),
                    trick_over,
                    "{under} turned only once the trick and its collection are over"
                );
            }
            if trick_over {
                turned_after_choice += usize::from(collecting && !pending.is_empty());
                pending.clear();
            }
            if let Outcome::Trick {
                winner: Some(w), ..
            } = out
            {
                if deal.is_dummy(w) && !deal.is_over() {
                    // After any collection, the dummy leads.
                    if deal
                        .legal_moves()
                        .iter()
                        .any(|m| matches!(m, Move::Decline { .. }))
                    {
                        let seat = deal.to_move().unwrap();
                        deal.play(Move::Decline { seat }).unwrap();
                        for &(p, under) in &pending {
                            assert!(deal.face_up(p).contains(under));
                        }
                        pending.clear();
                    }
                    if !deal.is_over() {
                        assert_eq!(deal.place_to_move(), Some(w));
                        dummy_leads += 1;
                    }
                }
            }
        }
    }
    assert!(turned_after_choice > 0 && dummy_leads > 0);
}

/// FA-3: nothing is collected from the first three tricks with 2-4 players.
#[test]
fn fa3_first_three_tricks_closed() {
    let table = Table::new(DealKind::Four, &[0, 1, 2, 3], Pairing::Alternate).unwrap();
    let setup = setup_with(
        table,
        &[
            "R2 R3 R4 R5",
            "R1 R6 R7 R8",
            "R9 R10 R11 R12",
            "R13 G1 G2 G3",
        ],
        "R R R R R",
        &[],
    );
    assert_eq!(
        setup.trump,
        Some(Trump::Suit(Suit::R)),
        "turned from the proposal (FA-5)"
    );
    let mut deal = Deal::new(&setup, false).unwrap();
    // With four players the trump is turned, never named (FA-5): by the
    // dealer or anyone else, whoever is to move.
    for m in ["1:trump R", "2:trump none"] {
        let e = deal.clone().play(mv(m)).unwrap_err();
        assert!(
            matches!(
                e,
                Broken::TrumpTurned {
                    trump: Trump::Suit(Suit::R),
                    ..
                }
            ),
            "{m}: {e:?}"
        );
        assert_eq!((e.code(), e.rule()), ("farfalia.trump-turned", "FA-5"));
    }
    play_all(&mut deal, &["2:R1", "3:R9", "4:R13", "1:R2"]);
    assert_eq!(deal.to_move(), Some(3), "R13 wins; no collection step");
    // A decline where no choice is due is refused as such (FA-3).
    let e = deal.clone().play(mv("4:decline")).unwrap_err();
    assert_eq!(e, Broken::NoCollection { seat: 3 });
    assert_eq!(e.code(), "farfalia.no-collection");
    assert_eq!(
        deal.play(mv("4:take R2")).unwrap_err(),
        Broken::CollectEarly { seat: 3, trick: 1 }
    );
    play_all(&mut deal, &["4:G1", "1:G4", "2:G13", "3:R11"]);
    play_all(&mut deal, &["3:R12", "4:G2", "1:R3", "2:R6"]);
    // Trick 4: collections open; R10 is a butterfly and G3 a leaf, neither proposed.
    play_all(&mut deal, &["3:R10", "4:G3", "1:R4", "2:R7"]);
    assert_eq!(
        legal_strings(&deal),
        ["3:take R4", "3:take R7", "3:decline"]
    );
    assert_eq!(
        deal.play(mv("3:take R10")).unwrap_err(),
        Broken::NotProposed {
            seat: 2,
            card: c("R10"),
            family: Family::Farfalle
        }
    );
    assert_eq!(
        deal.play(mv("3:take B1")).unwrap_err(),
        Broken::NotInTrick {
            seat: 2,
            card: c("B1")
        }
    );
    play_all(&mut deal, &["3:take R4"]);
    assert_eq!(deal.matched(0), 1);
    assert_eq!(deal.collected(2), [c("R4")].into_iter().collect());
}

/// FA-2 faults: a card not held, out of turn, the wrong kind of move; the
/// dealer's discard count (FA-5); moves after the end (GN-1).
#[test]
fn fa2_illegal_plays() {
    let setup = setup_with(five([0, 1, 2, 3, 4]), &[], "F R G B O", &[]);
    let mut deal = Deal::new(&setup, false).unwrap();
    let dealer: Vec<Card> = setup.hands[0].cards.clone();
    let other = setup.hands[1].cards[0];
    assert_eq!(
        deal.play(mv("2:R1")).unwrap_err(),
        Broken::OutOfTurn {
            seat: 1,
            expected: 0
        }
    );
    assert_eq!(
        deal.play(mv("1:trump O")).unwrap_err(),
        Broken::Unexpected {
            seat: 0,
            expected: Expected::Discard
        }
    );
    let bad = Move::Discard {
        seat: 0,
        cards: [dealer[0]].into_iter().collect(),
    };
    assert_eq!(
        deal.play(bad).unwrap_err(),
        Broken::DiscardCount {
            seat: 0,
            wants: 2,
            has: 1
        }
    );
    let bad = Move::Discard {
        seat: 0,
        cards: [dealer[0], other].into_iter().collect(),
    };
    assert_eq!(
        deal.play(bad).unwrap_err(),
        Broken::NotHeld {
            seat: 0,
            card: other,
            dummy: false,
        }
    );
    let ok = Move::Discard {
        seat: 0,
        cards: [dealer[0], dealer[1]].into_iter().collect(),
    };
    deal.play(ok).unwrap();
    deal.play(mv("1:trump none")).unwrap();
    let not_held = Move::Play {
        seat: 1,
        card: dealer[2],
    };
    assert_eq!(
        deal.play(not_held).unwrap_err(),
        Broken::NotHeld {
            seat: 1,
            card: dealer[2],
            dummy: false,
        }
    );
    // The dealer's discards are out of play.
    let gone = Move::Play {
        seat: 0,
        card: dealer[0],
    };
    assert!(deal.clone().play(gone).is_err());
    assert!(
        deal.play(mv("2:jolly F")).is_err(),
        "no jolly without the variant"
    );
    // Play out the deal by the first legal move, then one more.
    while let Some(m) = deal.legal_moves().first().copied() {
        deal.play(m).unwrap();
    }
    assert!(deal.is_over());
    let after = Move::Decline { seat: 0 };
    assert_eq!(deal.play(after).unwrap_err(), Broken::GameOver);
    assert_eq!(Broken::GameOver.rule(), "GN-1");
}

/// FA-6, FA-9: Burnin' Down the House: a jolly never leads, may be played
/// regardless of suit, burns its family (a suit with its 8, 10 and 12; the
/// butterfly jolly every 8, 10 and 12); the trick is won among the survivors,
/// by the highest surviving card when none is trump or of the led suit; if
/// all burn, nobody wins and the leader leads again; burned cards cannot be
/// collected.
#[test]
fn fa9_burning() {
    let jollies = [
        Some(Family::Conchiglie),
        Some(Family::Fragole),
        Some(Family::Fragole),
        Some(Family::Farfalle),
        Some(Family::Pesci),
    ];
    let setup = setup_with(
        five([0, 1, 2, 3, 4]),
        &[
            "R1 R2 R7 R8 R9 R10 R11 R13 G1 G2 G3 G13",
            "R5 R3 R4 B1 B5 B6 B7 O1 O3 O4",
            "R6 R12 B2 B8 B9 O5 O6 O7 O8 G10",
            "G11 G12 G8 G9 B10 B11 O9 O10 O11 B12",
            "O12 O13 O2 B3 B4 B13 G7 G6 G5 G4",
        ],
        "R G F B O",
        &jollies,
    );
    assert_eq!(
        Deal::new(&setup, false).unwrap_err(),
        SetupError::Jolly { place: 0 },
        "jollies without the variant (FA-9)"
    );
    let mut fresh = Deal::new(&setup, true).unwrap();
    play_all(&mut fresh, &["1:discard G1 G2", "1:trump B"]);
    let mut deal = fresh.clone();
    assert_eq!(
        deal.play(mv("2:jolly R")).unwrap_err(),
        Broken::JollyLead { seat: 1 }
    );
    play_all(&mut deal, &["2:R5"]);
    assert_eq!(
        deal.play(mv("3:jolly F")).unwrap_err(),
        Broken::NoJolly {
            seat: 2,
            family: Family::Farfalle
        }
    );
    // Seat 3 holds reds but may play its jolly regardless of suit.
    assert!(legal_strings(&deal).contains(&"3:jolly R".to_string()));
    play_all(&mut deal, &["3:jolly R", "4:G11", "5:O12"]);
    assert_eq!(
        deal.trick(),
        [
            (1, Ok(c("R5"))),
            (2, Err(Family::Fragole)),
            (3, Ok(c("G11"))),
            (4, Ok(c("O12")))
        ]
    );
    // R5 and R9 burn; G11 and O12 survive; no trump, no red: the highest
    // surviving card wins (O12 over G11).
    assert_eq!(
        deal.play(mv("1:R9")).unwrap(),
        Outcome::Trick {
            winner: Some(4),
            burned: cards("R5 R9").into_iter().collect()
        }
    );
    assert_eq!(
        deal.play(mv("5:take R5")).unwrap_err(),
        Broken::Burned {
            seat: 4,
            card: c("R5")
        }
    );
    // O12 is a butterfly, G11 a leaf: both proposed.
    assert_eq!(
        legal_strings(&deal),
        ["5:take G11", "5:take O12", "5:decline"]
    );
    play_all(
        &mut deal,
        &["5:take G11", "5:B3", "1:R10", "2:jolly R", "3:B8"],
    );
    // The butterfly jolly burns B8 (and R10, burned by the red jolly too).
    assert_eq!(
        deal.play(mv("4:jolly F")).unwrap(),
        Outcome::Trick {
            winner: Some(4),
            burned: cards("R10 B8").into_iter().collect()
        }
    );
    assert_eq!(legal_strings(&deal), ["5:take B3", "5:decline"]);

    // Every card burns: nobody wins and the leader leads again (FA-6).
    let mut deal = fresh;
    play_all(&mut deal, &["2:R5", "3:jolly R", "4:jolly F", "5:O12"]);
    assert_eq!(
        deal.play(mv("1:R9")).unwrap(),
        Outcome::Trick {
            winner: None,
            burned: cards("R5 R9 O12").into_iter().collect()
        }
    );
    assert_eq!(deal.tricks_done(), 1);
    assert_eq!(deal.to_move(), Some(1));
    assert!(deal
        .legal_moves()
        .iter()
        .all(|m| matches!(m, Move::Play { .. })));
    // Nobody won, so there is no collection choice (FA-3, FA-6).
    assert_eq!(
        deal.clone().play(mv("2:decline")).unwrap_err(),
        Broken::NoCollection { seat: 1 }
    );
    assert_eq!(
        deal.play(mv("2:take R5")).unwrap_err(),
        Broken::Burned {
            seat: 1,
            card: c("R5")
        }
    );
}

/// FA-9 (issue 27): a suit's jolly burns that suit's 8, 10 and 12 too, not
/// only the cards that collect as the suit. R5, R12, the red jolly, R2, R3:
/// every card burns, nobody wins, nothing can be kept (R12 would have been a
/// butterfly for the proposal) and the leader leads again (FA-6).
#[test]
fn fa9_family_jolly_burns_its_butterfly_cards() {
    let jollies = [
        Some(Family::Conchiglie),
        Some(Family::Pesci),
        Some(Family::Foglie),
        Some(Family::Fragole),
        Some(Family::Farfalle),
    ];
    let setup = setup_with(
        five([0, 1, 2, 3, 4]),
        &["R3 G1 G2", "R5", "R12", "G13", "R2"],
        "F R G B O",
        &jollies,
    );
    let mut deal = Deal::new(&setup, true).unwrap();
    play_all(
        &mut deal,
        &[
            "1:discard G1 G2",
            "1:trump B",
            "2:R5",
            "3:R12",
            "4:jolly R",
            "5:R2",
        ],
    );
    assert_eq!(
        deal.play(mv("1:R3")).unwrap(),
        Outcome::Trick {
            winner: None,
            burned: cards("R2 R3 R5 R12").into_iter().collect()
        }
    );
    assert_eq!(deal.to_move(), Some(1), "the leader leads again (FA-6)");
    assert!(legal_strings(&deal).iter().all(|m| !m.contains("take")));
    assert!(
        deal.play(mv("3:take R12")).is_err(),
        "R12 burned: nobody keeps it"
    );
    // The butterfly jolly burns every 8, 10 and 12 whatever its suit, and
    // nothing else.
    assert_eq!(Family::Farfalle.shown_on(), BUTTERFLIES);
    assert_eq!(Family::Fragole.shown_on(), Suit::R.cards());
}

/// A deal resumed from its position plays on exactly as the deal itself:
/// at many moments of random matches of every format and jolly variant,
/// the position read back (`Deal::position`, `Deal::from_position`) has the
/// same legal moves, the same outcomes and the same scores to the deal's
/// end (FA-2, FA-3, FA-8, FA-9).
#[test]
fn a_deal_resumed_from_its_position_plays_on_the_same() {
    let mut resumed = 0;
    for format in Format::ALL {
        for jolly in [Jolly::None, Jolly::DoubleYou, Jolly::Burnin] {
            let rules = Rules { format, jolly };
            let setup = MatchSetup::seeded(&rules, "pos", 0);
            let mut m = <Match as Engine>::start(&setup, &rules).unwrap();
            let mut rng = DealRng::new("farfalia", "test-pos", &format!("{format:?}{jolly:?}"), 1);
            let mut k = 0usize;
            while let Some(mv) = {
                let legal = Engine::legal_moves(&m);
                (!legal.is_empty()).then(|| legal[rng.below(legal.len() as u32) as usize])
            } {
                k += 1;
                let (deal, table) = (m.deal().unwrap().clone(), m.table().unwrap().clone());
                if k.is_multiple_of(7) {
                    if let Some(pos) = deal.position(&table) {
                        resumed += 1;
                        let mut copy = Deal::from_position(&pos, jolly == Jolly::Burnin)
                            .unwrap_or_else(|e| panic!("{format} {jolly:?} move {k}: {e}"));
                        let mut orig = deal.clone();
                        let mut r2 = DealRng::new("farfalia", "test-pos-2", "x", k as u32);
                        while !orig.is_over() {
                            let legal = orig.legal_moves();
                            assert_eq!(copy.legal_moves(), legal, "{format} {jolly:?} move {k}");
                            let choice = legal[r2.below(legal.len() as u32) as usize];
                            assert_eq!(copy.play(choice), orig.play(choice));
                        }
                        assert_eq!(copy.scores(), orig.scores());
                    }
                }
                m.play(mv).unwrap();
            }
        }
    }
    assert!(resumed > 400, "{resumed} positions");
}

/// Play a random match of `rules` to the end, checking at every move that
/// each legal move is accepted and each rejected candidate is not legal (on
/// the deal, and every 40th move on the whole match), that notation round
/// trips, and at each deal's end that the scores follow FA-4 and FA-10.
fn random_match(rules: Rules, seed: &str, first_dealer: usize, candidates: bool) -> Match {
    let setup = MatchSetup::seeded(&rules, seed, first_dealer);
    let mut m = <Match as Engine>::start(&setup, &rules).unwrap();
    let mut rng = DealRng::new("farfalia", "test-play", seed, first_dealer as u32);
    let mut moves = 0usize;
    let mut tables = Vec::new();
    while let Some(seat) = Engine::to_move(&m) {
        let legal = Engine::legal_moves(&m);
        assert!(!legal.is_empty(), "a seat to move has a legal move");
        assert!(legal.iter().all(|mv| mv.seat() == seat));
        let deal = m.deal().unwrap().clone();
        if m.deal().unwrap().tricks_done() == 0 && deal.legal_moves() == legal {
            tables.push(m.table().unwrap().clone());
        }
        if candidates {
            for cand in Engine::candidate_moves(&m) {
                let ok = deal.clone().play(cand).is_ok();
                assert_eq!(ok, legal.contains(&cand), "{cand} accepted: {ok}");
                if moves.is_multiple_of(40) {
                    assert_eq!(m.clone().play(cand).is_ok(), ok, "{cand}");
                }
            }
        }
        let choice = legal[rng.below(legal.len() as u32) as usize];
        assert_eq!(choice.to_string().parse::<Move>().unwrap(), choice);
        let out = m.play(choice).unwrap();
        moves += 1;
        if matches!(out, Outcome::DealOver | Outcome::MatchOver) {
            let mut done = deal;
            assert_eq!(done.play(choice).unwrap(), Outcome::DealOver);
            check_scores(&done, m.history().last().unwrap());
        }
    }
    assert!(m.is_over());
    assert_eq!(m.deals_played(), rules.format.deals());
    for s in 0..m.players() {
        let sum: u32 = m.history().iter().map(|h| h.1[s]).sum();
        assert_eq!(m.totals()[s], sum, "totals are the sum of the deals");
    }
    assert!(!m.winners().is_empty());
    assert!(matches!(
        m.play(Move::Decline { seat: 0 }),
        Err(Broken::GameOver)
    ));
    m
}

/// FA-4, FA-10: each player scores the team's points (times the deal's
/// multiplier), doubled by a DoubleYou jolly; dummies score nothing.
fn check_scores(deal: &Deal, (dealer, scores): &(usize, Vec<u32>)) {
    assert_eq!(deal.seat_of(0), *dealer);
    assert_eq!(&deal.scores(), scores);
    let proposal = deal.proposal();
    for team in 0..deal.teams() {
        let mut by_family = [0usize; 5];
        for p in (0..deal.places()).filter(|&p| deal.team_of(p) == team) {
            for c in deal.collected(p).iter() {
                by_family[c.family() as usize] += 1;
            }
        }
        for f in Family::ALL {
            let wanted = proposal.iter().filter(|&&x| x == f).count();
            assert!(
                by_family[f as usize] <= wanted,
                "never more than proposed (FA-3)"
            );
        }
        assert_eq!(by_family.iter().sum::<usize>(), deal.matched(team));
    }
    for p in (0..deal.places()).filter(|&p| !deal.is_dummy(p)) {
        let s = deal.seat_of(p);
        let double = if deal.doubled(s) { 2 } else { 1 };
        assert_eq!(scores[s], deal.team_points(deal.team_of(p)) * double);
    }
    assert!(deal.hand(0).iter().all(|c| !deal.discarded().contains(c)));
}

/// FA-5: every format, with each jolly variant, played at random to the end.
#[test]
fn fa5_random_matches_every_format() {
    for format in Format::ALL {
        for jolly in [Jolly::None, Jolly::DoubleYou, Jolly::Burnin] {
            let rules = Rules { format, jolly };
            for (i, first) in [0, format.players() - 1].into_iter().enumerate() {
                let seed = format!("{format}-{jolly:?}-{i}");
                random_match(rules, &seed, first, i == 0 && jolly != Jolly::DoubleYou);
            }
        }
    }
}

/// FA-5: the candidate-move property with DoubleYou (declarations, FA-10).
#[test]
fn fa10_random_doubleyou_candidates() {
    for format in [Format::Intro, Format::Four] {
        let rules = Rules {
            format,
            jolly: Jolly::DoubleYou,
        };
        random_match(rules, "dy", 1, true);
    }
}

/// FA-4: the introductory game's last deal counts double; DoubleYou doubles
/// again (FA-10).
#[test]
fn fa4_last_intro_deal_doubled() {
    for seed in ["a", "b", "c"] {
        let rules = Rules {
            format: Format::Intro,
            jolly: Jolly::DoubleYou,
        };
        let m = random_match(rules, seed, 0, false);
        let last = &m.history()[2].1;
        for &p in last {
            assert!(p.is_multiple_of(2), "the last deal counts double");
            assert!(p <= 15 * 4);
        }
    }
}

/// Deals are version-stable (`tavolo-deal-v1`): golden vectors for one board.
#[test]
fn golden_deal() {
    let orders = DealOrders::seeded("four", "golden", 1);
    let table = Table::new(DealKind::Four, &[0, 1, 2, 3], Pairing::Alternate).unwrap();
    let setup = Setup::deal(table, &orders, false).unwrap();
    assert_eq!(&orders.deck[..8], GOLDEN_DECK);
    assert_eq!(setup_line(&setup), GOLDEN_LINE);
    assert_eq!(setup.proposal, GOLDEN_PROPOSAL);
    // Four players: the trump is turned from the first subject (FA-5).
    assert_eq!(setup.trump, Some(Trump::Suit(Suit::G)));
}
const GOLDEN_DECK: &[usize] = &[43, 21, 36, 25, 22, 31, 28, 5];
const GOLDEN_LINE: &str =
    "1:6532.KJ765.4.843 2:QJ.QT84321.1.J51 3:971.9.KQT9762.K2 4:KT84..J853.QT976";
const GOLDEN_PROPOSAL: [Family; 5] = [
    Family::Foglie,
    Family::Pesci,
    Family::Farfalle,
    Family::Foglie,
    Family::Conchiglie,
];

/// Bad setups are refused, never a panic (FA-5, FA-8).
#[test]
fn bad_setups_refused() {
    assert_eq!(
        Table::new(DealKind::Four, &[0, 1, 1, 3], Pairing::Alternate).unwrap_err(),
        SetupError::Seats
    );
    assert!(Table::new(DealKind::Four, &[0, 1, 2], Pairing::Alternate).is_err());
    let table = Table::new(DealKind::Three, &[0, 1, 2], Pairing::Alternate).unwrap();
    let good = Setup::deal(table, &DealOrders::seeded("three", "bad", 1), false).unwrap();
    assert!(Deal::new(&good, false).is_ok());
    let mut s = good.clone();
    s.hands[2].layout = None;
    assert_eq!(
        Deal::new(&s, false).unwrap_err(),
        SetupError::Layout { place: 2 }
    );
    let mut s = good.clone();
    s.hands[1].cards[0] = s.hands[0].cards[0];
    assert!(matches!(Deal::new(&s, false), Err(SetupError::Twice(_))));
    let mut s = good.clone();
    s.hands[1].cards.pop();
    assert!(matches!(
        Deal::new(&s, false),
        Err(SetupError::HandSize { place: 1, .. })
    ));
    let mut s = good.clone();
    s.trump = Some(Trump::NoTrump);
    assert_eq!(Deal::new(&s, false).unwrap_err(), SetupError::Trump);
    let mut s = good;
    s.table.places[2].seat = 1;
    assert_eq!(Deal::new(&s, false).unwrap_err(), SetupError::Seats);
    let mut orders = DealOrders::seeded("three", "bad", 1);
    orders.deck[0] = orders.deck[1];
    let table = Table::new(DealKind::Three, &[0, 1, 2], Pairing::Alternate).unwrap();
    assert!(matches!(
        Setup::deal(table, &orders, false),
        Err(SetupError::Order { .. })
    ));
    let rules = Rules::default();
    let short = MatchSetup {
        first_dealer: 0,
        deals: vec![],
    };
    assert!(<Match as Engine>::start(&short, &rules).is_err());
    let far = MatchSetup::seeded(&rules, "x", 5);
    assert!(<Match as Engine>::start(&far, &rules).is_err());
}

/// A setup serializes with its layouts, jolly and proposal for deal output.
#[test]
fn setup_serializes() {
    let table = Table::new(DealKind::Two, &[1, 0], Pairing::Alternate).unwrap();
    let setup = Setup::deal(table, &DealOrders::seeded("two", "ser", 1), false).unwrap();
    assert_eq!(setup.dummies().count(), 2);
    let v = toml::Value::try_from(&setup).unwrap();
    let hands = v["hands"].as_array().unwrap();
    assert_eq!(hands.len(), 4);
    assert!(hands[0].get("layout").is_none());
    assert_eq!(hands[2]["layout"]["down"].as_array().unwrap().len(), 6);
    assert_eq!(v["table"]["kind"].as_str(), Some("two"));
    assert!(setup_line(&setup).starts_with("2:"));
    assert!(setup_line(&setup).contains(" 2d:"));
}
