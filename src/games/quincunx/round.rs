//! A match: its setup (one deal per round), the moves, and the engine that
//! plays them round after round.
//!
//! Turns: the player left of the dealer starts and play goes clockwise
//! (increasing seat numbers); a player with no cards is passed over. A round
//! ends when the grid is full (QX-5: with 4 players on the fixed grid the
//! 29 cards do not all fit) or when nobody holds a card (the solitaire is
//! then lost, QX-11). After a placement its player draws one card per base sum
//! of 11 or 20 from the top of the pile; with the pile empty the rest of
//! those draws are lost (QX-6). A written setup whose pile is known only in
//! part (`partial`) cannot say what a draw past its known cards gives: such a
//! placement is refused ([`Broken::PileUnknown`], QX-14), never a lost draw.

use std::fmt;
use std::str::FromStr;

use super::cards::penalty;
use super::grid::{Board, Cell, Refusal, Shape};
use super::score::{Breakdown, Scorer};
use super::Rules;
use crate::decktet::Card;
use crate::games::engine::{self, Engine};

pub(crate) mod seen;

/// Cards per hand (QX-1, QX-11): 10/7/6, or 12/8/6 starting from zero; the
/// solitaire 8.
pub fn hand_size(players: usize, start_from_zero: bool) -> Option<usize> {
    Some(match (players, start_from_zero) {
        (1, false) => 8,
        (2, false) => 10,
        (3, false) => 7,
        (4, false) => 6,
        (2, true) => 12,
        (3, true) => 8,
        (4, true) => 6,
        _ => return None,
    })
}

/// A card dealt face up on the grid at the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Start {
    pub cell: Cell,
    pub card: Card,
}

/// One round's deal: who dealt, the cards on the grid, each seat's hand and
/// the pile, top card first. The pile is the rest of the deck (QX-14),
/// unless `partial`: then it is only the top cards a director knows.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RoundSetup {
    pub dealer: usize,
    pub grid: Vec<Start>,
    pub hands: Vec<Vec<Card>>,
    pub pile: Vec<Card>,
    pub partial: bool,
}

/// What a match starts from: the players and one deal per round (a match is
/// one round per player; a record may hold fewer).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Setup {
    pub players: usize,
    pub rounds: Vec<RoundSetup>,
}

impl RoundSetup {
    /// The grid with the round's face-up start cards on it.
    pub fn start_board(&self, shape: Shape) -> Board {
        let mut board = Board::new(shape);
        for s in &self.grid {
            board.put(s.cell, s.card);
        }
        board
    }

    /// The cards the setup names: on the grid, in hand and in the pile.
    fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.grid
            .iter()
            .map(|s| s.card)
            .chain(self.hands.iter().flatten().copied())
            .chain(self.pile.iter().copied())
    }

    /// Deal a round from a permutation of the game's deck (positions in
    /// [`super::Deck::cards`], the canonical order: for the basic and the
    /// extended deck these are the cards' indices, see [`crate::decktet`]):
    /// first the grid's start cards in [`Shape::start_cells`] order, then a
    /// block of cards to each seat from the dealer's left, then the pile.
    /// `None` if `order` is too short or names a position past the deck.
    pub fn deal(
        order: &[usize],
        players: usize,
        dealer: usize,
        rules: &Rules,
    ) -> Option<RoundSetup> {
        let k = hand_size(players, rules.start_from_zero)?;
        let deck: Vec<Card> = rules.deck().cards().collect();
        let mut cards = order.iter().map(|&i| deck.get(i).copied());
        let mut next = || cards.next().flatten();
        let mut grid = Vec::new();
        for cell in rules.shape(players).start_cells(players) {
            grid.push(Start {
                cell,
                card: next()?,
            });
        }
        let mut hands = vec![Vec::new(); players];
        for i in 0..players {
            let seat = (dealer + 1 + i) % players;
            for _ in 0..k {
                hands[seat].push(next()?);
            }
        }
        let mut pile = Vec::new();
        while let Some(c) = next() {
            pile.push(c);
        }
        Some(RoundSetup {
            dealer,
            grid,
            hands,
            pile,
            partial: false,
        })
    }
}

impl Setup {
    /// A whole match from one permutation per round; round `r` is dealt by
    /// seat `r` (seat 0 deals first).
    pub fn deal(orders: &[Vec<usize>], players: usize, rules: &Rules) -> Option<Setup> {
        let rounds = orders
            .iter()
            .enumerate()
            .map(|(r, o)| RoundSetup::deal(o, players, r % players.max(1), rules))
            .collect::<Option<Vec<_>>>()?;
        Some(Setup { players, rounds })
    }

    /// A whole match dealt from `seed` by [`crate::deal::shuffled`] (game
    /// `quincunx`, the variant [`Rules::deal_variant`], board = round number).
    pub fn from_seed(seed: &str, players: usize, rules: &Rules) -> Option<Setup> {
        let n = rules.deck().size();
        let variant = rules.deal_variant(players);
        let orders: Vec<Vec<usize>> = (0..players.max(1))
            .map(|r| crate::deal::shuffled("quincunx", &variant, seed, r as u32, n))
            .collect();
        Setup::deal(&orders, players, rules)
    }

    /// Every check [`Quincunx::start`] makes.
    pub fn validate(&self, rules: &Rules) -> Result<(), SetupError> {
        let n = self.players;
        if !(1..=4).contains(&n) {
            return Err(SetupError::Players(n));
        }
        if n == 1 && rules.start_from_zero {
            return Err(SetupError::Variant("start-from-zero is for 2 to 4 players"));
        }
        if n == 1 && rules.sempliciotto {
            return Err(SetupError::Variant(
                "sempliciotto needs another player to notice",
            ));
        }
        if self.rounds.is_empty() || self.rounds.len() > n {
            return Err(SetupError::Rounds {
                given: self.rounds.len(),
                players: n,
            });
        }
        let wants = hand_size(n, rules.start_from_zero).ok_or(SetupError::Players(n))?;
        let cells = rules.shape(n).start_cells(n);
        for (r, round) in self.rounds.iter().enumerate() {
            let dealer = (self.rounds[0].dealer + r) % n;
            if round.dealer != dealer {
                return Err(SetupError::Dealer {
                    round: r,
                    given: round.dealer,
                    wants: dealer,
                });
            }
            if round.grid.iter().map(|s| s.cell).collect::<Vec<_>>() != cells {
                return Err(SetupError::GridCells {
                    round: r,
                    wants: cells,
                });
            }
            if round.hands.len() != n {
                return Err(SetupError::Hands {
                    round: r,
                    given: round.hands.len(),
                });
            }
            let mut seen = [false; crate::decktet::CARDS];
            for card in round.cards() {
                if !rules.deck().contains(card) {
                    return Err(SetupError::NotInDeck { round: r, card });
                }
                if std::mem::replace(&mut seen[card.index()], true) {
                    return Err(SetupError::Twice { round: r, card });
                }
            }
            for (player, h) in round.hands.iter().enumerate() {
                if h.len() != wants {
                    return Err(SetupError::HandSize {
                        round: r,
                        player,
                        has: h.len(),
                        wants,
                    });
                }
            }
            // QX-14: the pile is the rest of the deck, unless marked partial.
            let missing: Vec<Card> = rules.deck().cards().filter(|c| !seen[c.index()]).collect();
            if !round.partial && !missing.is_empty() {
                return Err(SetupError::PileShort { round: r, missing });
            }
        }
        Ok(())
    }
}

/// Why a setup cannot start a match. Rounds and players count from 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    Players(usize),
    /// An option that this number of players cannot use.
    Variant(&'static str),
    Rounds {
        given: usize,
        players: usize,
    },
    /// The deal rotates clockwise (seat numbers up by one a round).
    Dealer {
        round: usize,
        given: usize,
        wants: usize,
    },
    GridCells {
        round: usize,
        wants: Vec<Cell>,
    },
    Hands {
        round: usize,
        given: usize,
    },
    HandSize {
        round: usize,
        player: usize,
        has: usize,
        wants: usize,
    },
    /// A Court, or the Excuse or a Pawn the variant leaves out (QX-12).
    NotInDeck {
        round: usize,
        card: Card,
    },
    Twice {
        round: usize,
        card: Card,
    },
    /// The pile is not the rest of the deck and the round is not marked
    /// partial (QX-14).
    PileShort {
        round: usize,
        missing: Vec<Card>,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Players(n) => write!(f, "Quincunx is for 1 to 4 players, not {n}"),
            SetupError::Variant(why) => write!(f, "{why}"),
            SetupError::Rounds { given, players } => write!(
                f,
                "{given} rounds dealt; a match of {players} is 1 to {players} rounds (one per player)"
            ),
            SetupError::Dealer { round, given, wants } => write!(
                f,
                "round {} is dealt by player {}; the deal passes clockwise, so player {} deals it",
                round + 1,
                given + 1,
                wants + 1
            ),
            SetupError::GridCells { round, wants } => {
                let names: Vec<String> = wants.iter().map(Cell::to_string).collect();
                write!(
                    f,
                    "round {}: the cards dealt face up go on {} (QX-1)",
                    round + 1,
                    names.join(" ")
                )
            }
            SetupError::Hands { round, given } => {
                write!(f, "round {}: {given} hands dealt, one per player wanted", round + 1)
            }
            SetupError::HandSize {
                round,
                player,
                has,
                wants,
            } => write!(
                f,
                "round {}: player {} has {has} cards; each player gets {wants} (QX-1)",
                round + 1,
                player + 1
            ),
            SetupError::NotInDeck { round, card } => write!(
                f,
                "round {}: {} ({}) is not in this game's deck (QX-8, QX-12: the variant adds the Excuse, the Pawns, or both with `extended`; never the Courts)",
                round + 1,
                card.code(),
                card.name()
            ),
            SetupError::Twice { round, card } => {
                write!(f, "round {}: {} is dealt twice", round + 1, card.code())
            }
            SetupError::PileShort { round, missing } => {
                let codes: Vec<&str> = missing.iter().map(|c| c.code()).collect();
                write!(
                    f,
                    "round {}: the pile is not the rest of the deck: {} card{} missing ({}); \
                     a setup is a possible deal (QX-14), or marks the round `partial = true` \
                     when only the top of the pile is known",
                    round + 1,
                    missing.len(),
                    if missing.len() == 1 { " is" } else { "s are" },
                    codes.join(" ")
                )
            }
        }
    }
}

/// A placement: who, which card, where; with `sempliciotto` the score its
/// player announced and who noticed a wrong announcement (QX-10).
///
/// Notation: `p1 3MW c3`, with `sempliciotto` `p1 3MW c3 =12` and
/// `p1 3MW c3 =12 !p2` (player 2 noticed). Players count from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub player: usize,
    pub card: Card,
    pub cell: Cell,
    pub announced: Option<i32>,
    pub noticed_by: Option<usize>,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "p{} {} {}", self.player + 1, self.card, self.cell)?;
        if let Some(a) = self.announced {
            write!(f, " ={a}")?;
        }
        if let Some(n) = self.noticed_by {
            write!(f, " !p{}", n + 1)?;
        }
        Ok(())
    }
}

/// Why a move's notation cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadMove(pub String);

impl fmt::Display for BadMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn parse_player(s: &str) -> Option<usize> {
    let n: usize = s.strip_prefix(['p', 'P'])?.parse().ok()?;
    n.checked_sub(1)
}

/// The card may be written by its full name too: `p1 The Journey c3`.
impl FromStr for Move {
    type Err = BadMove;
    fn from_str(s: &str) -> Result<Move, BadMove> {
        let bad = |what: &str| BadMove(crate::t!("qx-bad-move", what = what, text = s));
        let mut tokens: Vec<&str> = s.split_whitespace().collect();
        let (mut announced, mut noticed_by) = (None, None);
        while let Some(t) = tokens.last().copied() {
            if let Some(a) = t.strip_prefix('=') {
                if announced.is_some() {
                    return Err(bad(&crate::t!("qx-two-announcements")));
                }
                announced = Some(
                    a.parse()
                        .map_err(|_| bad(&crate::t!("qx-announced-not-number")))?,
                );
            } else if let Some(n) = t.strip_prefix('!') {
                if noticed_by.is_some() {
                    return Err(bad(&crate::t!("qx-two-noticers")));
                }
                noticed_by = Some(parse_player(n).ok_or_else(|| bad(&crate::t!("qx-no-noticer")))?);
            } else {
                break;
            }
            tokens.pop();
        }
        if tokens.len() < 3 {
            return Err(bad(&crate::t!("qx-missing-parts")));
        }
        // The part at fault in backquotes, first: a session points its column there.
        let player = parse_player(tokens[0])
            .ok_or_else(|| bad(&crate::t!("qx-no-player", text = tokens[0])))?;
        let last = tokens[tokens.len() - 1];
        let cell = Cell::parse(last).ok_or_else(|| bad(&crate::t!("qx-no-cell", text = last)))?;
        let name = tokens[1..tokens.len() - 1].join(" ");
        let card = name.parse::<Card>().map_err(|e| bad(&e.to_string()))?;
        Ok(Move {
            player,
            card,
            cell,
            announced,
            noticed_by,
        })
    }
}

/// A rule broken by a move. Players count from 0 (`describe` names them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Broken {
    /// The match is over (GN-1).
    GameOver,
    NoSuchPlayer {
        player: usize,
    },
    OutOfTurn {
        player: usize,
        expected: usize,
    },
    /// The card is already on the grid.
    OnGrid {
        card: Card,
        cell: Cell,
    },
    NotInHand {
        player: usize,
        card: Card,
    },
    OffGrid {
        cell: Cell,
    },
    Occupied {
        cell: Cell,
        card: Card,
    },
    /// `start-from-zero`: no orthogonal neighbour (QX-1).
    NoContact {
        cell: Cell,
    },
    /// `start-from-zero`: a side of 6 (QX-1).
    TooLong {
        cell: Cell,
    },
    /// `sempliciotto`: every move announces its score (QX-10).
    NoAnnouncement {
        player: usize,
    },
    /// An announcement or a noticer without `sempliciotto`.
    NotSempliciotto,
    /// A player cannot notice their own announcement (QX-10).
    NoticedOwn {
        player: usize,
    },
    /// The placement draws past the known cards of a partial pile: what it
    /// draws is not written, so the round cannot be refereed on (QX-14).
    PileUnknown {
        player: usize,
        draws: u32,
        known: usize,
    },
}

impl engine::Broken for Broken {
    fn code(&self) -> &'static str {
        match self {
            Broken::GameOver => "quincunx.game-over",
            Broken::NoSuchPlayer { .. } => "quincunx.no-such-player",
            Broken::OutOfTurn { .. } => "quincunx.out-of-turn",
            Broken::OnGrid { .. } => "quincunx.on-grid",
            Broken::NotInHand { .. } => "quincunx.not-in-hand",
            Broken::OffGrid { .. } => "quincunx.off-grid",
            Broken::Occupied { .. } => "quincunx.occupied",
            Broken::NoContact { .. } => "quincunx.no-contact",
            Broken::TooLong { .. } => "quincunx.too-long",
            Broken::NoAnnouncement { .. } => "quincunx.no-announcement",
            Broken::NotSempliciotto => "quincunx.not-sempliciotto",
            Broken::NoticedOwn { .. } => "quincunx.noticed-own",
            Broken::PileUnknown { .. } => "quincunx.pile-unknown",
        }
    }

    fn rule(&self) -> &'static str {
        match self {
            Broken::GameOver => "GN-1",
            Broken::NoSuchPlayer { .. } | Broken::OutOfTurn { .. } => "QX-1 (turns go clockwise)",
            Broken::OnGrid { .. } | Broken::NotInHand { .. } => "QX-1 (a card from your hand)",
            Broken::OffGrid { .. } | Broken::Occupied { .. } => "QX-1 (a free square of the grid)",
            Broken::NoContact { .. } | Broken::TooLong { .. } => "QX-1 (start-from-zero)",
            Broken::NoAnnouncement { .. } | Broken::NotSempliciotto | Broken::NoticedOwn { .. } => {
                "QX-10"
            }
            Broken::PileUnknown { .. } => "QX-14",
        }
    }

    fn describe(&self, names: &[String]) -> String {
        let name = |p: usize| crate::games::seat_name(names, p);
        match self {
            Broken::GameOver => crate::t!("quincunx-game-over"),
            Broken::NoSuchPlayer { player } => crate::t!("quincunx-no-player", n = player + 1),
            Broken::OutOfTurn { player, expected } => {
                crate::t!(
                    "quincunx-out-of-turn",
                    player = name(*player),
                    expected = name(*expected)
                )
            }
            Broken::OnGrid { card, cell } => crate::t!(
                "quincunx-on-grid",
                card = card.to_string(),
                cell = cell.to_string()
            ),
            Broken::NotInHand { player, card } => crate::t!(
                "quincunx-not-in-hand",
                player = name(*player),
                card = card.to_string()
            ),
            Broken::OffGrid { cell } => crate::t!("quincunx-off-grid", cell = cell.to_string()),
            Broken::Occupied { cell, card } => crate::t!(
                "quincunx-occupied",
                cell = cell.to_string(),
                card = card.to_string()
            ),
            Broken::NoContact { cell } => {
                crate::t!("quincunx-no-contact", cell = cell.to_string())
            }
            Broken::TooLong { cell } => {
                crate::t!("quincunx-too-long", cell = cell.to_string())
            }
            Broken::NoAnnouncement { player } => {
                crate::t!("quincunx-no-announcement", player = name(*player))
            }
            Broken::NotSempliciotto => {
                crate::t!("quincunx-not-sempliciotto")
            }
            Broken::NoticedOwn { player } => {
                crate::t!("quincunx-noticed-own", player = name(*player))
            }
            Broken::PileUnknown {
                player,
                draws,
                known,
            } => crate::t!(
                "quincunx-pile-unknown",
                player = name(*player),
                draws = *draws,
                known = *known
            ),
        }
    }
}

/// The sheet's rating of a solitaire score (QX-11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rating {
    /// The grid was not filled ("perso").
    Lost,
    /// 0-79 (and below 0).
    Poor,
    /// 80-99.
    Improving,
    /// 100-119.
    Decent,
    /// 120-149.
    Good,
    /// 150 and up.
    Excellent,
}

impl Rating {
    pub fn of(score: Option<i32>) -> Rating {
        match score {
            None => Rating::Lost,
            Some(..=79) => Rating::Poor,
            Some(80..=99) => Rating::Improving,
            Some(100..=119) => Rating::Decent,
            Some(120..=149) => Rating::Good,
            Some(_) => Rating::Excellent,
        }
    }
    /// The band as the sheet writes it.
    pub fn band(self) -> &'static str {
        match self {
            Rating::Lost => "lost",
            Rating::Poor => "0-79",
            Rating::Improving => "80-99",
            Rating::Decent => "100-119",
            Rating::Good => "120-149",
            Rating::Excellent => "150+",
        }
    }
}

/// A finished round. Vectors are per seat.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RoundResult {
    pub round: usize,
    pub dealer: usize,
    /// Points from placements (as credited under sempliciotto, with the
    /// points gained by noticing).
    pub points: Vec<i32>,
    pub left_in_hand: Vec<Vec<Card>>,
    /// Points lost for the cards left (QX-3), as positive numbers.
    pub penalties: Vec<i32>,
    pub totals: Vec<i32>,
    pub grid_full: bool,
    /// The solitaire's rating (QX-11).
    pub rating: Option<Rating>,
}

/// The match's totals and winners (ties share the win).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct MatchResult {
    pub totals: Vec<i32>,
    pub winners: Vec<usize>,
    pub rounds: usize,
    /// One round per player was played (the sheet's match).
    pub complete: bool,
}

/// What a legal move did.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Outcome {
    pub player: usize,
    /// The true score, explained.
    pub breakdown: Breakdown,
    /// What the player scores (the true score, or per QX-10).
    pub credited: i32,
    /// A noticer and the points they take (QX-10).
    pub stolen: Option<(usize, i32)>,
    pub drawn: Vec<Card>,
    /// Draws lost to an empty pile (QX-6).
    pub draws_lost: u32,
    pub round_over: Option<RoundResult>,
    pub match_over: Option<MatchResult>,
}

/// What a player scores for a placement under sempliciotto (QX-10), and what
/// a noticer takes: `(credited, stolen)`.
pub fn settle(truth: i32, announced: i32, noticed: bool, overcall_true: bool) -> (i32, i32) {
    if !noticed || announced == truth {
        (announced, 0)
    } else if announced < truth {
        (announced, truth - announced)
    } else if overcall_true {
        (truth, 0)
    } else {
        (truth - (announced - truth), 0)
    }
}

/// One round in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Round {
    board: Board,
    hands: Vec<Vec<Card>>,
    pile: Vec<Card>,
    /// Cards of the deck follow the written pile, unknown (QX-14).
    unknown_rest: bool,
    next_draw: usize,
    to_move: Option<usize>,
    points: Vec<i32>,
    dealer: usize,
}

/// A Quincunx match in progress: the engine.
#[derive(Debug, Clone)]
pub struct Quincunx {
    rules: Rules,
    players: usize,
    scorer: Scorer,
    /// Shared: copies of a game in progress (the property tests make
    /// thousands) need not copy every round's deal.
    setup: std::sync::Arc<Setup>,
    round_no: usize,
    round: Round,
    results: Vec<RoundResult>,
    over: bool,
}

impl Round {
    fn new(setup: &RoundSetup, rules: &Rules, players: usize) -> Round {
        Round {
            board: setup.start_board(rules.shape(players)),
            hands: setup.hands.clone(),
            pile: setup.pile.clone(),
            unknown_rest: setup.partial && setup.cards().count() < rules.deck().size(),
            next_draw: 0,
            to_move: Some((setup.dealer + 1) % players),
            points: vec![0; players],
            dealer: setup.dealer,
        }
    }

    /// The next seat clockwise from `after` holding a card, while the grid
    /// has room.
    fn next_player(&self, after: usize) -> Option<usize> {
        if self.board.is_full() {
            return None;
        }
        let n = self.hands.len();
        (1..=n)
            .map(|k| (after + k) % n)
            .find(|&p| !self.hands[p].is_empty())
    }
}

impl Quincunx {
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn players(&self) -> usize {
        self.players
    }
    pub fn scorer(&self) -> &Scorer {
        &self.scorer
    }
    pub fn board(&self) -> &Board {
        &self.round.board
    }
    pub fn hand(&self, seat: usize) -> &[Card] {
        self.round.hands.get(seat).map_or(&[], Vec::as_slice)
    }
    /// The pile still to draw, top first.
    pub fn pile(&self) -> &[Card] {
        &self.round.pile[self.round.next_draw..]
    }
    /// The round being played (0-based), or the last one once over.
    pub fn round_index(&self) -> usize {
        self.round_no
    }
    /// Points scored so far in the current round, per seat.
    pub fn round_points(&self) -> &[i32] {
        &self.round.points
    }
    pub fn results(&self) -> &[RoundResult] {
        &self.results
    }

    /// Check a move without playing it: the breakdown it would score.
    fn check(&self, mv: &Move) -> Result<(), Broken> {
        let r = &self.round;
        let Some(expected) = r.to_move.filter(|_| !self.over) else {
            return Err(Broken::GameOver);
        };
        if mv.player >= self.players {
            return Err(Broken::NoSuchPlayer { player: mv.player });
        }
        if mv.player != expected {
            return Err(Broken::OutOfTurn {
                player: mv.player,
                expected,
            });
        }
        if let Some((cell, _)) = r.board.cards().find(|&(_, c)| c == mv.card) {
            return Err(Broken::OnGrid {
                card: mv.card,
                cell,
            });
        }
        if !r.hands[mv.player].contains(&mv.card) {
            return Err(Broken::NotInHand {
                player: mv.player,
                card: mv.card,
            });
        }
        r.board.check(mv.cell).map_err(|why| match why {
            Refusal::OffGrid => Broken::OffGrid { cell: mv.cell },
            Refusal::Occupied(card) => Broken::Occupied {
                cell: mv.cell,
                card,
            },
            Refusal::NoContact => Broken::NoContact { cell: mv.cell },
            Refusal::TooLong => Broken::TooLong { cell: mv.cell },
        })?;
        if self.rules.sempliciotto {
            if mv.announced.is_none() {
                return Err(Broken::NoAnnouncement { player: mv.player });
            }
            if let Some(n) = mv.noticed_by {
                if n >= self.players {
                    return Err(Broken::NoSuchPlayer { player: n });
                }
                if n == mv.player {
                    return Err(Broken::NoticedOwn { player: n });
                }
            }
        } else if mv.announced.is_some() || mv.noticed_by.is_some() {
            return Err(Broken::NotSempliciotto);
        }
        Ok(())
    }

    fn finish_round(&mut self) -> RoundResult {
        let r = &self.round;
        let penalties: Vec<i32> = r
            .hands
            .iter()
            .map(|h| h.iter().map(|&c| penalty(c)).sum())
            .collect();
        let totals: Vec<i32> = r
            .points
            .iter()
            .zip(&penalties)
            .map(|(p, q)| p - q)
            .collect();
        let grid_full = r.board.is_full();
        let rating = (self.players == 1).then(|| Rating::of(grid_full.then_some(totals[0])));
        let result = RoundResult {
            round: self.round_no,
            dealer: r.dealer,
            points: r.points.clone(),
            left_in_hand: r.hands.clone(),
            penalties,
            totals,
            grid_full,
            rating,
        };
        self.results.push(result.clone());
        result
    }

    /// The totals so far (every finished round).
    pub fn match_result(&self) -> MatchResult {
        let mut totals = vec![0; self.players];
        for r in &self.results {
            for (t, x) in totals.iter_mut().zip(&r.totals) {
                *t += x;
            }
        }
        let best = totals.iter().copied().max().unwrap_or(0);
        MatchResult {
            winners: (0..self.players).filter(|&p| totals[p] == best).collect(),
            totals,
            rounds: self.results.len(),
            complete: self.results.len() == self.players,
        }
    }
}

impl Engine for Quincunx {
    type Setup = Setup;
    type Rules = Rules;
    type Move = Move;
    type Outcome = Outcome;
    type Broken = Broken;
    type SetupError = SetupError;

    fn start(setup: &Setup, rules: &Rules) -> Result<Quincunx, SetupError> {
        setup.validate(rules)?;
        Ok(Quincunx {
            rules: *rules,
            players: setup.players,
            scorer: Scorer::new(rules, rules.shape(setup.players)),
            round_no: 0,
            round: Round::new(&setup.rounds[0], rules, setup.players),
            setup: std::sync::Arc::new(setup.clone()),
            results: Vec::new(),
            over: false,
        })
    }

    fn to_move(&self) -> Option<usize> {
        if self.over {
            None
        } else {
            self.round.to_move
        }
    }

    fn legal_moves(&self) -> Vec<Move> {
        let Some(player) = self.to_move() else {
            return Vec::new();
        };
        let mut hand = self.round.hands[player].clone();
        hand.sort();
        let cells = self.round.board.open_cells();
        let mut out = Vec::with_capacity(hand.len() * cells.len());
        for &card in &hand {
            for &cell in &cells {
                let announced = self
                    .rules
                    .sempliciotto
                    .then(|| self.scorer.score(&self.round.board, cell, card).0);
                out.push(Move {
                    player,
                    card,
                    cell,
                    announced,
                    noticed_by: None,
                });
            }
        }
        out
    }

    fn candidate_moves(&self) -> Vec<Move> {
        let Some(player) = self.to_move() else {
            return Vec::new();
        };
        // Only cells of the grid's area and seats that exist: a record cannot
        // name anything else (the adapter refuses it as unreadable).
        let shape = self.round.board.shape();
        let span = if shape == Shape::Zero {
            super::grid::FRAME
        } else {
            shape.side()
        };
        let announce = |card: Card, cell: Cell| {
            self.rules
                .sempliciotto
                .then(|| self.scorer.score(&self.round.board, cell, card).0)
        };
        // The hand on every cell of the area (occupied, no contact, too long),
        // and every other card of the deck on one free cell (on the grid, not
        // in hand): each way a placement can fail, without the whole deck on
        // every cell.
        let mut out = Vec::new();
        let hand = &self.round.hands[player];
        let first_open = self.round.board.open_cells().first().copied();
        for card in self.rules.deck().cards() {
            if !hand.contains(&card) {
                if let Some(cell) = first_open {
                    out.push(Move {
                        player,
                        card,
                        cell,
                        announced: announce(card, cell),
                        noticed_by: None,
                    });
                }
                continue;
            }
            for row in 0..span {
                for col in 0..span {
                    let cell = Cell::new(col, row).expect("inside the frame");
                    out.push(Move {
                        player,
                        card,
                        cell,
                        announced: announce(card, cell),
                        noticed_by: None,
                    });
                }
            }
        }
        // Out of turn.
        if let (Some(&card), Some(&cell)) = (
            self.round.hands[player].first(),
            self.round.board.open_cells().first(),
        ) {
            for p in 0..self.players {
                if p != player {
                    out.push(Move {
                        player: p,
                        card,
                        cell,
                        announced: announce(card, cell),
                        noticed_by: None,
                    });
                }
            }
        }
        out
    }

    fn play(&mut self, mv: Move) -> Result<Outcome, Broken> {
        self.check(&mv)?;
        let breakdown = self.scorer.explain(&self.round.board, mv.cell, mv.card);
        let known = self.pile().len();
        if self.round.unknown_rest && breakdown.draws as usize > known {
            return Err(Broken::PileUnknown {
                player: mv.player,
                draws: breakdown.draws,
                known,
            });
        }
        let truth = breakdown.points;
        let (credited, stolen) = match mv.announced {
            Some(a) => {
                let (c, s) = settle(truth, a, mv.noticed_by.is_some(), self.rules.overcall_true);
                (c, mv.noticed_by.filter(|_| s > 0).map(|n| (n, s)))
            }
            None => (truth, None),
        };
        let r = &mut self.round;
        let at = r.hands[mv.player]
            .iter()
            .position(|&c| c == mv.card)
            .expect("checked");
        r.hands[mv.player].remove(at);
        r.board.put(mv.cell, mv.card);
        r.points[mv.player] += credited;
        if let Some((n, s)) = stolen {
            r.points[n] += s;
        }
        let mut drawn = Vec::new();
        let mut draws_lost = 0;
        for _ in 0..breakdown.draws {
            match r.pile.get(r.next_draw) {
                Some(&c) => {
                    r.next_draw += 1;
                    r.hands[mv.player].push(c);
                    drawn.push(c);
                }
                None => draws_lost += 1,
            }
        }
        r.to_move = r.next_player(mv.player);
        let mut round_over = None;
        let mut match_over = None;
        if r.to_move.is_none() {
            round_over = Some(self.finish_round());
            if self.round_no + 1 < self.setup.rounds.len() {
                self.round_no += 1;
                self.round =
                    Round::new(&self.setup.rounds[self.round_no], &self.rules, self.players);
            } else {
                self.over = true;
                match_over = Some(self.match_result());
            }
        }
        Ok(Outcome {
            player: mv.player,
            breakdown,
            credited,
            stolen,
            drawn,
            draws_lost,
            round_over,
            match_over,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::engine::Broken as _;

    fn c(code: &str) -> Card {
        Card::parse(code).unwrap_or_else(|| panic!("card {code}"))
    }
    fn cards(codes: &str) -> Vec<Card> {
        codes.split_whitespace().map(c).collect()
    }
    fn cell(s: &str) -> Cell {
        Cell::parse(s).unwrap()
    }
    fn mv(s: &str) -> Move {
        s.parse().unwrap()
    }
    /// A one-round setup written out: grid cards in start-cell order, the
    /// top of the pile known (`partial`, QX-14).
    fn written(players: usize, rules: &Rules, grid: &str, hands: &[&str], pile: &str) -> Setup {
        let cells = rules.shape(players).start_cells(players);
        Setup {
            players,
            rounds: vec![RoundSetup {
                dealer: players - 1,
                grid: cells
                    .into_iter()
                    .zip(cards(grid))
                    .map(|(cell, card)| Start { cell, card })
                    .collect(),
                hands: hands.iter().map(|h| cards(h)).collect(),
                pile: cards(pile),
                partial: true,
            }],
        }
    }
    /// The same setup with each round's pile completed by the rest of the
    /// deck in canonical order: a possible deal (QX-14).
    fn completed(mut setup: Setup, rules: &Rules) -> Setup {
        for r in &mut setup.rounds {
            let used: Vec<Card> = r.cards().collect();
            r.pile
                .extend(rules.deck().cards().filter(|c| !used.contains(c)));
            r.partial = false;
        }
        setup
    }
    /// A legal 2-player fixed-grid round: seat 0 moves first (seat 1 dealt).
    fn two_player(rules: &Rules, pile: &str) -> Quincunx {
        let setup = written(
            2,
            rules,
            "AM AS AW AL AY",
            &[
                "2MK 2SY 2WL 3MW 3SK 3LY 4MS 4WL 4YK 5ML",
                "5SW 5YK 6MW 6SY 6LK 7ML 7SK 7WY 8MS 8WL",
            ],
            pile,
        );
        Quincunx::start(&setup, rules).unwrap()
    }

    #[test]
    fn deals_from_seeds_qx1_qx11() {
        for players in 1..=4 {
            for (sfz, ext) in [(false, false), (true, false), (false, true), (true, true)] {
                if players == 1 && sfz {
                    continue;
                }
                let rules = Rules {
                    start_from_zero: sfz,
                    excuse: ext,
                    pawns: ext,
                    ..Rules::default()
                };
                let setup = Setup::from_seed("7", players, &rules).unwrap();
                setup.validate(&rules).unwrap();
                assert_eq!(setup.rounds.len(), players);
                let r = &setup.rounds[0];
                let k = hand_size(players, sfz).unwrap();
                assert!(r.hands.iter().all(|h| h.len() == k));
                let total = r.grid.len() + players * k + r.pile.len();
                assert_eq!(total, if ext { 41 } else { 36 });
                assert!(setup
                    .rounds
                    .iter()
                    .enumerate()
                    .all(|(i, r)| r.dealer == i % players));
                // Deterministic.
                assert_eq!(Setup::from_seed("7", players, &rules), Some(setup));
            }
        }
        let s = Setup::from_seed("7", 2, &Rules::default()).unwrap();
        assert_eq!(s.rounds[0].grid.len(), 5);
        assert_eq!(
            Setup::from_seed("7", 3, &Rules::default()).unwrap().rounds[0]
                .grid
                .len(),
            4
        );
        // Seat 1 (left of the dealer, seat 0) gets the first block.
        let order: Vec<usize> = (0..36).collect();
        let r = RoundSetup::deal(&order, 3, 0, &Rules::default()).unwrap();
        assert_eq!(r.hands[1][0].index(), 4);
        assert_eq!(r.hands[0][0].index(), 4 + 14);
        assert!(RoundSetup::deal(&order[..20], 3, 0, &Rules::default()).is_none());
    }

    #[test]
    fn bad_setups_are_refused() {
        let rules = Rules::default();
        let good = Setup::from_seed("1", 2, &rules).unwrap();
        let mut s = good.clone();
        s.rounds[0].pile[0] = s.rounds[0].hands[0][0];
        assert!(matches!(s.validate(&rules), Err(SetupError::Twice { .. })));
        let mut s = good.clone();
        s.rounds[0].hands[0].pop();
        assert!(matches!(
            s.validate(&rules),
            Err(SetupError::HandSize {
                has: 9,
                wants: 10,
                ..
            })
        ));
        let mut s = good.clone();
        s.rounds[1].dealer = 0;
        assert!(matches!(
            s.validate(&rules),
            Err(SetupError::Dealer { round: 1, .. })
        ));
        // QX-14: a pile short of the rest of the deck, unless partial.
        let mut s = good.clone();
        let gone = s.rounds[0].pile.pop().unwrap();
        assert_eq!(
            s.validate(&rules),
            Err(SetupError::PileShort {
                round: 0,
                missing: vec![gone]
            })
        );
        assert!(SetupError::PileShort {
            round: 0,
            missing: vec![gone]
        }
        .to_string()
        .contains("partial = true"));
        s.rounds[0].partial = true;
        assert_eq!(s.validate(&rules), Ok(()));
        let mut s = good.clone();
        s.rounds[0].grid[0].cell = cell("b1");
        assert!(matches!(
            s.validate(&rules),
            Err(SetupError::GridCells { .. })
        ));
        // The Courts are not in the game; extended cards only with `extended` (QX-8).
        let ext = Rules {
            excuse: true,
            pawns: true,
            ..rules
        };
        let mut s = Setup::from_seed("1", 2, &ext).unwrap();
        s.rounds[0].pile.push(c("TMWK"));
        assert!(matches!(
            s.validate(&ext),
            Err(SetupError::NotInDeck { .. })
        ));
        let mut s = good.clone();
        s.rounds[0].pile.push(c("X"));
        assert!(matches!(
            s.validate(&rules),
            Err(SetupError::NotInDeck { .. })
        ));
        let sfz = Rules {
            start_from_zero: true,
            ..rules
        };
        let solo = Setup::from_seed("1", 1, &rules).unwrap();
        assert!(matches!(solo.validate(&sfz), Err(SetupError::Variant(_))));
        assert!(matches!(
            Setup {
                players: 5,
                rounds: vec![]
            }
            .validate(&rules),
            Err(SetupError::Players(5))
        ));
        assert!(Quincunx::start(&good, &rules).is_ok());
    }

    #[test]
    fn move_notation() {
        for s in ["p1 3MW c3", "p2 AM e5 =12", "p3 CK a1 =-4 !p1"] {
            assert_eq!(mv(s).to_string(), s);
        }
        assert_eq!(mv("P1 the journey c3"), mv("p1 3MW c3"));
        assert_eq!(mv("p1 The Chance Meeting c3 =4"), mv("p1 7ML c3 =4"));
        for bad in [
            "",
            "p1 3MW",
            "p0 3MW c3",
            "p1 ZZ c3",
            "p1 3MW z9",
            "p1 3MW c3 =x",
            "p1 3MW c3 ?",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
        let e = "p1 Jurney c3".parse::<Move>().unwrap_err();
        assert!(e.0.contains("did you mean 3MW"), "{}", e.0);
    }

    #[test]
    fn illegal_placements_qx1() {
        let rules = Rules::default();
        let mut g = two_player(&rules, "9MS 9WY 9LK");
        assert_eq!(g.to_move(), Some(0));
        let err = |g: &mut Quincunx, s: &str| g.play(mv(s)).unwrap_err();
        assert_eq!(
            err(&mut g, "p2 5SW b2"),
            Broken::OutOfTurn {
                player: 1,
                expected: 0
            }
        );
        assert_eq!(err(&mut g, "p3 2MK b2"), Broken::NoSuchPlayer { player: 2 });
        assert_eq!(
            err(&mut g, "p1 5SW b2"),
            Broken::NotInHand {
                player: 0,
                card: c("5SW")
            }
        );
        assert_eq!(
            err(&mut g, "p1 AM b2"),
            Broken::OnGrid {
                card: c("AM"),
                cell: cell("a1")
            }
        );
        assert_eq!(
            err(&mut g, "p1 2MK c3"),
            Broken::Occupied {
                cell: cell("c3"),
                card: c("AY")
            }
        );
        assert_eq!(
            err(&mut g, "p1 2MK f1"),
            Broken::OffGrid { cell: cell("f1") }
        );
        assert_eq!(err(&mut g, "p1 2MK b2 =3"), Broken::NotSempliciotto);
        for b in [
            Broken::OffGrid { cell: cell("f1") },
            Broken::NotSempliciotto,
        ] {
            assert!(b.code().starts_with("quincunx."));
            assert!(b.rule().starts_with("QX-"));
            assert!(!b.describe(&["Ann".into(), "Bob".into()]).is_empty());
        }
        let o = g.play(mv("p1 2MK b2")).unwrap();
        assert_eq!(o.player, 0);
        assert_eq!(g.to_move(), Some(1));
        assert_eq!(
            err(&mut g, "p1 2SY b3"),
            Broken::OutOfTurn {
                player: 0,
                expected: 1
            }
        );
    }

    #[test]
    fn start_from_zero_contact_and_side_qx1() {
        let rules = Rules {
            start_from_zero: true,
            ..Rules::default()
        };
        let setup = Setup::from_seed("3", 2, &rules).unwrap();
        let mut g = Quincunx::start(&setup, &rules).unwrap();
        assert_eq!(g.board().filled(), 1);
        assert!(g.board().get(cell("e5")).is_some());
        // The first move must touch e5 on a side.
        let h = g.hand(1)[0];
        let err = g
            .play(Move {
                player: 1,
                card: h,
                cell: cell("f6"),
                announced: None,
                noticed_by: None,
            })
            .unwrap_err();
        assert_eq!(err, Broken::NoContact { cell: cell("f6") });
        assert_eq!(g.legal_moves().len(), 12 * 4);
        // Grow to the right until the row is 5 long; the sixth is refused.
        for (i, at) in ["f5", "g5", "h5", "i5"].into_iter().enumerate() {
            let p = g.to_move().unwrap();
            assert_eq!(p, (1 + i) % 2);
            let card = g.hand(p)[0];
            g.play(Move {
                player: p,
                card,
                cell: cell(at),
                announced: None,
                noticed_by: None,
            })
            .unwrap();
        }
        let p = g.to_move().unwrap();
        let card = g.hand(p)[0];
        let err = g
            .play(Move {
                player: p,
                card,
                cell: cell("d5"),
                announced: None,
                noticed_by: None,
            })
            .unwrap_err();
        assert_eq!(err, Broken::TooLong { cell: cell("d5") });
    }

    #[test]
    fn announced_scores_qx4_qx10() {
        // Not noticed: the announcement stands, right or wrong.
        assert_eq!(settle(12, 9, false, false), (9, 0));
        assert_eq!(settle(12, 15, false, false), (15, 0));
        // Noticed and too low: the player keeps the announcement, the noticer steals the rest.
        assert_eq!(settle(12, 9, true, false), (9, 3));
        // Noticed and too high: the true score less the excess, or just the truth.
        assert_eq!(settle(12, 15, true, false), (9, 0));
        assert_eq!(settle(12, 15, true, true), (12, 0));
        assert_eq!(settle(-4, 2, true, false), (-10, 0));
        assert_eq!(settle(12, 12, true, false), (12, 0));

        let rules = Rules {
            sempliciotto: true,
            ..Rules::default()
        };
        let mut g = two_player(&rules, "9MS 9WY 9LK");
        assert_eq!(
            g.play(mv("p1 2MK b2")).unwrap_err(),
            Broken::NoAnnouncement { player: 0 }
        );
        assert_eq!(
            g.play(mv("p1 2MK b2 =0 !p1")).unwrap_err(),
            Broken::NoticedOwn { player: 0 }
        );
        // 5ML on b1 beside the Ace of Moons (a1): 1 + 5 = 6, common suit: +6.
        let o = g.play(mv("p1 5ML b1 =2 !p2")).unwrap();
        assert_eq!(
            (o.breakdown.points, o.credited, o.stolen),
            (6, 2, Some((1, 4)))
        );
        assert_eq!(g.round_points(), &[2, 4]);
        // 5SW on e2 beside the Ace of Suns (e1): +6; announced 10, noticed: 6 - 4 = 2.
        let o = g.play(mv("p2 5SW e2 =10 !p1")).unwrap();
        assert_eq!((o.credited, o.stolen), (2, None));
        assert_eq!(g.round_points(), &[2, 6]);
        // Nobody noticed the overcall: it stands.
        let o = g.play(mv("p1 2MK b5 =50")).unwrap();
        assert_eq!(o.credited, 50);
        let over = Rules {
            overcall_true: true,
            ..rules
        };
        let mut g = two_player(&over, "");
        let o = g.play(mv("p1 5ML b1 =10 !p2")).unwrap();
        assert_eq!(o.credited, 6);
        // The legal moves announce the true score.
        assert!(g.legal_moves().iter().all(|m| m.announced.is_some()));
    }

    /// QX-14: with a partial pile, the first draw takes its known card; a
    /// draw past it is refused (its card is unknown), not lost, and the
    /// game is left as it was.
    #[test]
    fn a_draw_past_a_partial_pile_is_refused_qx14() {
        let rules = Rules::default();
        let mut g = two_player(&rules, "9MS");
        g.play(mv("p1 2MK b1")).unwrap();
        g.play(mv("p2 8MS d1")).unwrap();
        // 3SK on c1: 2 + 3 = 5 with b1 (-5), 3 + 8 = 11 with d1: one draw.
        let o = g.play(mv("p1 3SK c1")).unwrap();
        assert_eq!(
            (o.breakdown.draws, o.drawn.clone(), o.draws_lost),
            (1, cards("9MS"), 0)
        );
        assert!(g.hand(0).contains(&c("9MS")));
        assert!(g.pile().is_empty());
        g.play(mv("p2 8WL b2")).unwrap();
        // 3MW on c2: 3 + 8 = 11 with b2 and 3 + 3 = 6 with c1: a draw past the known pile.
        let before = g.clone();
        let e = g.play(mv("p1 3MW c2")).unwrap_err();
        assert_eq!(
            e,
            Broken::PileUnknown {
                player: 0,
                draws: 1,
                known: 0
            }
        );
        assert_eq!((e.code(), e.rule()), ("quincunx.pile-unknown", "QX-14"));
        assert!(e
            .describe(&["Ann".into(), "Bob".into()])
            .contains("Ann draws 1 card"));
        assert_eq!(g.board(), before.board());
        assert_eq!(g.hand(0), before.hand(0));
        // The same deal with its pile complete draws that card.
        let setup = completed(
            written(
                2,
                &rules,
                "AM AS AW AL AY",
                &[
                    "2MK 2SY 2WL 3MW 3SK 3LY 4MS 4WL 4YK 5ML",
                    "5SW 5YK 6MW 6SY 6LK 7ML 7SK 7WY 8MS 8WL",
                ],
                "9MS",
            ),
            &rules,
        );
        let mut g = Quincunx::start(&setup, &rules).unwrap();
        for m in ["p1 2MK b1", "p2 8MS d1", "p1 3SK c1", "p2 8WL b2"] {
            g.play(mv(m)).unwrap();
        }
        let o = g.play(mv("p1 3MW c2")).unwrap();
        assert_eq!((o.drawn.len(), o.draws_lost), (1, 0));
    }

    /// QX-6: a complete pile can run out (4 players: 7 cards for 20
    /// placements); the draws due after that are lost, and only then.
    #[test]
    fn an_exhausted_pile_loses_draws_qx6() {
        let rules = Rules::default();
        let mut lost = 0;
        for seed in 0..12 {
            let setup = Setup::from_seed(&format!("qx6-{seed}"), 4, &rules).unwrap();
            let mut g = Quincunx::start(&setup, &rules).unwrap();
            while let Some(&m) = g.legal_moves().iter().max_by_key(|m| {
                // Prefer draws, to empty the pile.
                let (_, d) = g.scorer().score(g.board(), m.cell, m.card);
                (d, m.card, m.cell)
            }) {
                let left = g.pile().len();
                let o = g.play(m).unwrap();
                assert_eq!(
                    o.drawn.len() + o.draws_lost as usize,
                    o.breakdown.draws as usize
                );
                assert_eq!(o.draws_lost > 0, o.breakdown.draws as usize > left, "{m}");
                if o.draws_lost > 0 {
                    assert_eq!(o.drawn.len(), left, "the pile's last cards first");
                    lost += 1;
                }
            }
        }
        assert!(lost > 0, "no pile ran out");
    }

    /// Play every legal move at random to the end of the match; every move
    /// legal_moves offers is accepted, and every candidate the engine
    /// refuses is not among them (and those it accepts are).
    fn random_match(players: usize, rules: Rules, seed: &str) -> Quincunx {
        let setup = Setup::from_seed(seed, players, &rules).unwrap();
        let mut g = Quincunx::start(&setup, &rules).unwrap();
        let mut rng = crate::deal::DealRng::new("quincunx-test", "random", seed, players as u32);
        let mut step = 0;
        while !g.is_over() {
            let legal = g.legal_moves();
            assert!(!legal.is_empty(), "a player to move always has a move");
            if step % 7 == 0 {
                let cands = g.candidate_moves();
                assert!(legal.iter().all(|m| cands.contains(m)));
                for (i, m) in cands.iter().enumerate() {
                    if i % 5 != step % 5 {
                        continue;
                    }
                    let ok = g.clone().play(*m).is_ok();
                    assert_eq!(ok, legal.contains(m), "{m} at step {step}");
                }
            }
            let m = legal[rng.below(legal.len() as u32) as usize];
            let before: i32 = g.round_points().iter().sum();
            let o = g.play(m).unwrap();
            assert_eq!(o.credited, o.breakdown.points);
            if o.round_over.is_none() {
                assert_eq!(g.round_points().iter().sum::<i32>(), before + o.credited);
            }
            step += 1;
        }
        assert_eq!(
            g.play(g.legal_moves().first().copied().unwrap_or(mv("p1 3MW c3")))
                .unwrap_err(),
            Broken::GameOver
        );
        g
    }

    #[test]
    fn random_play_every_variant() {
        let variants = [
            Rules::default(),
            Rules {
                excuse: true,
                pawns: true,
                colour_bonus: true,
                ..Rules::default()
            },
            Rules {
                start_from_zero: true,
                v_run_once: true,
                ..Rules::default()
            },
            Rules {
                start_from_zero: true,
                excuse: true,
                pawns: true,
                sempliciotto: true,
                ..Rules::default()
            },
        ];
        for players in 1..=4 {
            for (i, rules) in variants.iter().enumerate() {
                if players == 1 && (rules.start_from_zero || rules.sempliciotto) {
                    continue;
                }
                let g = random_match(players, *rules, &format!("r{i}"));
                let m = g.match_result();
                assert_eq!(m.rounds, players);
                assert!(m.complete);
                for r in g.results() {
                    for p in 0..players {
                        assert_eq!(r.totals[p], r.points[p] - r.penalties[p]);
                    }
                    if players > 1 {
                        assert!(
                            r.grid_full,
                            "{players} players: the round ends on a full grid"
                        );
                    }
                }
                let sum: i32 = g.results().iter().map(|r| r.totals[0]).sum();
                assert_eq!(m.totals[0], sum);
                let best = *m.totals.iter().max().unwrap();
                assert!(m.winners.iter().all(|&w| m.totals[w] == best));
            }
        }
    }

    #[test]
    fn four_players_fill_the_grid_early_qx5() {
        let g = random_match(4, Rules::default(), "qx5");
        for r in g.results() {
            assert!(r.grid_full);
            let left: usize = r.left_in_hand.iter().map(Vec::len).sum();
            assert!(
                left >= 4,
                "5 + 24 cards for 25 squares leave 4 or more in hand"
            );
            let pen: i32 = r.left_in_hand.iter().flatten().map(|&c| penalty(c)).sum();
            assert_eq!(pen, r.penalties.iter().sum::<i32>());
        }
        // The dealer rotates clockwise and the player on the dealer's left starts.
        let dealers: Vec<usize> = g.results().iter().map(|r| r.dealer).collect();
        assert_eq!(dealers, [0, 1, 2, 3]);
    }

    #[test]
    fn solitaire_lost_and_rating_qx11() {
        assert_eq!(Rating::of(None), Rating::Lost);
        assert_eq!(Rating::of(Some(-5)).band(), "0-79");
        assert_eq!(Rating::of(Some(79)).band(), "0-79");
        assert_eq!(Rating::of(Some(80)).band(), "80-99");
        assert_eq!(Rating::of(Some(119)).band(), "100-119");
        assert_eq!(Rating::of(Some(120)).band(), "120-149");
        assert_eq!(Rating::of(Some(150)).band(), "150+");
        // No two cards of the hand and grid sum to 11 or 20, so nothing is
        // ever drawn and 8 cards cannot fill the 12 free squares: lost.
        let rules = Rules::default();
        let setup = completed(
            written(
                1,
                &rules,
                "AM AS AW AL",
                &["2MK 2SY 2WL 3MW 3SK 3LY 4MS 4WL"],
                "",
            ),
            &rules,
        );
        let mut g = Quincunx::start(&setup, &rules).unwrap();
        while let Some(m) = g.legal_moves().first().copied() {
            g.play(m).unwrap();
        }
        let r = &g.results()[0];
        assert_eq!((r.grid_full, r.rating), (false, Some(Rating::Lost)));
        assert_eq!(g.board().filled(), 12);
    }
}
