//! One deal as one line of text, in the manner of PBN's `Deal` tag: the
//! places clockwise from the dealer, each `LABEL:hand`, separated by spaces.
//! A hand lists its suits in the order R.G.B.O, separated by dots (an empty
//! suit is empty), each suit's ranks from high to low with one character per
//! rank as PBN writes them: `K` 13, `Q` 12, `J` 11, `T` 10, then `9`..`1`.
//! A label is the seat counted from 1; a dummy's is its partner's seat and
//! `d` (`1d`). Example (four players, seat 1 deals):
//!
//! `1:KT2.Q95.J84.731 2:... 3:... 4:...`
//!
//! Written into a byte buffer with no allocation per deal, for dealing
//! millions of boards.

use std::sync::OnceLock;

use super::table::{DealKind, Setup, Table};
use crate::deal::Boards;

const RANKS: &[u8; 13] = b"123456789TJQK";

/// Each 13-bit suit mask written as its ranks, high to low: the bytes and,
/// in the last byte, how many (built once: 8192 x 16 bytes).
fn suit_table() -> &'static [[u8; 16]] {
    static TABLE: OnceLock<Vec<[u8; 16]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..1u32 << 13)
            .map(|bits| {
                let mut e = [0u8; 16];
                let mut n = 0;
                for r in (0..13).rev() {
                    if bits & (1 << r) != 0 {
                        e[n] = RANKS[r];
                        n += 1;
                    }
                }
                e[15] = n as u8;
                e
            })
            .collect()
    })
}

/// Append `label:hand` for each place, separated by spaces, and a newline,
/// built in one stack buffer from [`suit_table`] and appended at once. The
/// same bytes as [`write_masks`].
#[inline]
pub fn write_line(labels: &[&[u8]], masks: &[u64], out: &mut Vec<u8>) {
    let table = suit_table();
    let mut buf = [0u8; 160];
    let mut n = 0;
    for (i, (label, &m)) in labels.iter().zip(masks).enumerate() {
        if i > 0 {
            buf[n] = b' ';
            n += 1;
        }
        buf[n..n + label.len()].copy_from_slice(label);
        n += label.len();
        buf[n] = b':';
        n += 1;
        for s in 0..4 {
            if s > 0 {
                buf[n] = b'.';
                n += 1;
            }
            let e = &table[((m >> (13 * s)) & 0x1FFF) as usize];
            // Copy the whole entry, keep its length: one fixed-size move.
            buf[n..n + 16].copy_from_slice(e);
            n += e[15] as usize;
        }
    }
    buf[n] = b'\n';
    out.extend_from_slice(&buf[..n + 1]);
}

/// Append one hand (a 52-bit mask of canonical card indices). The hand is
/// built in a stack buffer and appended once (one capacity check per hand).
#[inline]
pub fn write_hand(mask: u64, out: &mut Vec<u8>) {
    let mut buf = [0u8; 56];
    let mut n = 0;
    for s in 0..4 {
        if s > 0 {
            buf[n] = b'.';
            n += 1;
        }
        let mut bits = ((mask >> (13 * s)) & 0x1FFF) as u32;
        while bits != 0 {
            let r = 31 - bits.leading_zeros();
            buf[n] = RANKS[r as usize];
            n += 1;
            bits ^= 1 << r;
        }
    }
    out.extend_from_slice(&buf[..n]);
}

/// Append `label:hand` for each place, separated by spaces, and a newline.
#[inline]
pub fn write_masks(labels: &[&[u8]], masks: &[u64], out: &mut Vec<u8>) {
    for (i, (label, &m)) in labels.iter().zip(masks).enumerate() {
        if i > 0 {
            out.push(b' ');
        }
        out.extend_from_slice(label);
        out.push(b':');
        write_hand(m, out);
    }
    out.push(b'\n');
}

/// The four hands of a four-player deal by place (clockwise from the dealer)
/// from a deck order: the first card to the dealer's left, one at a time.
#[inline]
pub fn four_hands(deck: &[usize]) -> [u64; 4] {
    let mut h = [0u64; 4];
    for (k, &c) in deck.iter().enumerate() {
        h[(k + 1) & 3] |= 1 << c;
    }
    h
}

/// Append a setup's deal as one line (the dealer's hand before the discard).
pub fn write_setup(setup: &Setup, out: &mut Vec<u8>) {
    for (i, (place, hand)) in setup.table.places.iter().zip(&setup.hands).enumerate() {
        if i > 0 {
            out.push(b' ');
        }
        crate::games::line::number(out, place.seat as u64 + 1);
        if place.dummy {
            out.push(b'd');
        }
        out.push(b':');
        write_hand(hand.cards.iter().fold(0, |m, c| m | 1u64 << c.index()), out);
    }
    out.push(b'\n');
}

/// The cards of each place (a mask per place, clockwise from the dealer)
/// from a deck order, as [`Setup::deal`] deals them: one card at a time from
/// the dealer's left, skipping places already full.
#[inline]
pub fn deal_masks(kind: DealKind, deck: &[u8; 52]) -> [u64; 5] {
    let n = kind.places();
    let mut wants = [0usize; 5];
    for (p, w) in wants.iter_mut().enumerate().take(n) {
        *w = kind.cards(p);
    }
    let mut masks = [0u64; 5];
    let mut held = [0usize; 5];
    let mut place = 1 % n;
    for &c in deck {
        while held[place] == wants[place] {
            place = (place + 1) % n;
        }
        masks[place] |= 1 << c;
        held[place] += 1;
        place = (place + 1) % n;
    }
    masks
}

/// The deck order of a board (`keys` of game `farfalia`, the variant and
/// the seed): the first shuffle of its stream, as
/// [`super::DealOrders::seeded`] draws it.
pub fn board_deck(keys: &Boards, board: u32) -> [u8; 52] {
    let mut deck = [0u8; 52];
    keys.shuffle_into(board, &mut deck);
    deck
}

/// Boards of one seed as one line each: the first deal of a match from each
/// board (its dealer rotating with the board number), hands by seat.
pub struct LineDealer {
    keys: Boards,
    /// By first dealer (`(board - 1) mod players`): the place that receives
    /// the `k`-th card dealt ([`deal_masks`] once, as a table) and each
    /// place's label (`2`, a dummy `2d`), clockwise from the dealer.
    tables: Vec<([u8; 52], Vec<Vec<u8>>)>,
}

impl LineDealer {
    /// `tables[d]`: the first table of a match whose first dealer is seat `d`.
    pub fn new(variant: &str, seed: &str, tables: &[Table]) -> LineDealer {
        let tables = tables
            .iter()
            .map(|t| {
                let labels = t
                    .places
                    .iter()
                    .map(|p| {
                        let mut l = (p.seat + 1).to_string().into_bytes();
                        if p.dummy {
                            l.push(b'd');
                        }
                        l
                    })
                    .collect();
                let mut identity = [0u8; 52];
                for (k, c) in identity.iter_mut().enumerate() {
                    *c = k as u8;
                }
                let masks = deal_masks(t.kind, &identity);
                let mut place_of = [0u8; 52];
                for (k, p) in place_of.iter_mut().enumerate() {
                    *p = masks.iter().position(|m| m & (1 << k) != 0).unwrap_or(0) as u8;
                }
                (place_of, labels)
            })
            .collect();
        LineDealer {
            keys: Boards::new("farfalia", variant, seed),
            tables,
        }
    }

    /// Append board `board` as one line with its newline.
    pub fn write(&self, board: u32, out: &mut Vec<u8>) {
        if self.tables.is_empty() {
            return;
        }
        let (place_of, labels) =
            &self.tables[(board.saturating_sub(1) as usize) % self.tables.len()];
        let deck = board_deck(&self.keys, board);
        let mut masks = [0u64; 5];
        for (&c, &p) in deck.iter().zip(place_of) {
            masks[usize::from(p)] |= 1 << c;
        }
        let refs: [&[u8]; 5] = std::array::from_fn(|i| labels.get(i).map_or(&[][..], |l| &l[..]));
        write_line(&refs[..labels.len()], &masks[..labels.len()], out);
    }
}

/// A setup's deal as one line, without the newline.
pub fn setup_line(setup: &Setup) -> String {
    let mut out = Vec::with_capacity(96);
    write_setup(setup, &mut out);
    out.pop();
    String::from_utf8(out).expect("ASCII")
}

#[cfg(test)]
mod tests {
    use super::super::card::Card;
    use super::*;

    #[test]
    fn hands_are_written_high_to_low_by_suit() {
        let cards = ["R13", "R10", "R2", "G12", "O1", "O11"];
        let mask = cards
            .iter()
            .map(|c| 1u64 << c.parse::<Card>().unwrap().index())
            .sum();
        let mut out = Vec::new();
        write_hand(mask, &mut out);
        assert_eq!(out, b"KT2.Q..J1");
        let mut line = Vec::new();
        write_masks(&[b"1", b"2"], &[mask, 0], &mut line);
        assert_eq!(line, b"1:KT2.Q..J1 2:...\n");
        let mut fast = Vec::new();
        write_line(&[b"1", b"2"], &[mask, 0], &mut fast);
        assert_eq!(fast, line);
        let full = (1u64 << 52) - 1;
        let mut a = Vec::new();
        let mut b = Vec::new();
        write_masks(&[b"12d", b"3"], &[full, 0x5555_5555_5555], &mut a);
        write_line(&[b"12d", b"3"], &[full, 0x5555_5555_5555], &mut b);
        assert_eq!(a, b);
    }

    /// The bulk stream deals exactly the decks of `DealOrders::seeded`
    /// (tavolo-deal-v1), and a dealer's line is the setup's line.
    #[test]
    fn bulk_stream_is_the_deal_stream() {
        use super::super::table::{DealOrders, Pairing};
        for board in 1..200 {
            for variant in ["four", "standard", "two-burnin"] {
                let orders = DealOrders::seeded(variant, "bulk", board);
                let deck = board_deck(&Boards::new("farfalia", variant, "bulk"), board);
                let deck: Vec<usize> = deck.iter().map(|&c| c as usize).collect();
                assert_eq!(deck, orders.deck, "{variant} {board}");
            }
        }
        for (kind, seats) in [
            (DealKind::Four, vec![2, 3, 0, 1]),
            (DealKind::Five, vec![4, 0, 1, 2, 3]),
            (DealKind::Three, vec![1, 2, 0]),
            (DealKind::Two, vec![1, 0]),
            (DealKind::ThreeExtra, vec![0, 1, 2]),
        ] {
            let table = Table::new(kind, &seats, Pairing::Alternate).unwrap();
            let n = seats.len();
            let mut tables = vec![table.clone(); n];
            let board = seats[0] as u32 + 1;
            tables[seats[0]] = table.clone();
            let dealer = LineDealer::new("v", "s", &tables);
            let mut out = Vec::new();
            dealer.write(board, &mut out);
            let setup = Setup::deal(table, &DealOrders::seeded("v", "s", board), false).unwrap();
            let mut want = Vec::new();
            write_setup(&setup, &mut want);
            assert_eq!(
                String::from_utf8(out).unwrap(),
                String::from_utf8(want).unwrap()
            );
        }
    }

    #[test]
    fn four_hands_deal_round_from_the_left() {
        let deck: Vec<usize> = (0..52).collect();
        let h = four_hands(&deck);
        assert_eq!(h[1] & 1, 1, "the first card goes left of the dealer");
        assert_eq!(h.iter().map(|m| m.count_ones()).sum::<u32>(), 52);
        assert!(h.iter().all(|m| m.count_ones() == 13));
    }
}
