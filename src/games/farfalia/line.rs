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

use super::table::{DealKind, Setup, Table};
use crate::deal::DealRng;

const RANKS: &[u8; 13] = b"123456789TJQK";

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
        let mut label = [0u8; 20];
        let digits = decimal(place.seat + 1, &mut label);
        out.extend_from_slice(digits);
        if place.dummy {
            out.push(b'd');
        }
        out.push(b':');
        write_hand(hand.cards.iter().fold(0, |m, c| m | 1u64 << c.index()), out);
    }
    out.push(b'\n');
}

/// `n` in decimal, written at the end of `buf`.
fn decimal(mut n: usize, buf: &mut [u8; 20]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return &buf[i..];
        }
    }
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

/// Board `board` of `seed` dealt at `table`, as one line with its newline.
/// Only the deck's shuffle is drawn: it comes first in the board's stream
/// (`DealOrders::seeded`), so the hands are those of the full deal
/// (`tavolo-deal-v1`, game `farfalia`, the record's variant).
pub fn write_board(table: &Table, variant: &str, seed: &str, board: u32, out: &mut Vec<u8>) {
    let mut rng = DealRng::new("farfalia", variant, seed, board);
    let mut deck = [0u8; 52];
    for (i, c) in deck.iter_mut().enumerate() {
        *c = i as u8;
    }
    rng.shuffle(&mut deck);
    let masks = deal_masks(table.kind, &deck);
    for (i, place) in table.places.iter().enumerate() {
        if i > 0 {
            out.push(b' ');
        }
        let mut label = [0u8; 20];
        out.extend_from_slice(decimal(place.seat + 1, &mut label));
        if place.dummy {
            out.push(b'd');
        }
        out.push(b':');
        write_hand(masks[i], out);
    }
    out.push(b'\n');
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
