//! Events nobody can rig: SquareDeal-style commit and reveal over the
//! version-stable deals of [`crate::deal`]. The procedure and what it
//! guarantees are in `docs/events.md`; this module is the algorithm.
//!
//! # `tavolo-event-v1`
//!
//! 1. **Key.** 32 bytes from the operating system, kept secret until the
//!    event is over. The key file holds them as 64 hex digits ([`key`]).
//! 2. **Commitment.** Before the event the organiser publishes the
//!    description file (which names the games, variants, players, boards,
//!    the public value to come, and holds `key-sha256`, the SHA-256 of the 32
//!    key bytes) and the SHA-256 of the description file's bytes
//!    (`description-sha256`). Both can be checked with `sha256sum`.
//! 3. **Board seed.** For the board labelled `L` (`"3"` for main board 3,
//!    `"R2"` for reserve board 2):
//!    `seed(L) = hex(SHA-256(field("tavolo-event-v1") ‖ field(key) ‖
//!    field(description-sha256) ‖ field(public value) ‖ field(L)))`, lowercase,
//!    where `field(x)` is the byte length of `x` as a 4-byte big-endian integer
//!    followed by the bytes; `key` and `description-sha256` are the raw 32
//!    bytes; the public value is its UTF-8 text with leading and trailing
//!    white space removed.
//! 4. **Deal.** Board `L` of a section is the `tavolo-deal-v1` deal of
//!    (section game, section variant, `seed(L)`, board number), where the
//!    board number is `3` for `"3"` and `2` for `"R2"`.
//!
//! Each board has its own seed, so a record of one board (which names its
//! seed) tells nothing about any other board. Golden vectors below pin the
//! algorithm; any change is a new name.

pub mod boards;
pub mod crosstable;
pub mod description;
pub mod gibson;
pub mod html;
pub mod inputs;
pub mod key;
pub mod manual;
pub mod matchpoints;
pub mod measure;
pub mod movement;
pub mod next;
pub mod pairing;
pub mod print;
pub mod rate;
pub mod report;
pub mod results;
pub mod rounds;
pub mod rules;
pub mod slip;
pub mod spans;
pub mod standings;
pub mod verify;

use sha2::{Digest, Sha256};

pub use boards::{Board, Label};
pub use description::{Description, Section};
pub use key::Key;

/// The name and version of the event algorithm.
pub const ALGORITHM: &str = "tavolo-event-v1";

/// 32 bytes as 64 lowercase hex digits.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// 64 hex digits (either case) as 32 bytes.
pub fn unhex32(s: &str) -> Option<[u8; 32]> {
    let s = s.as_bytes();
    if s.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, pair) in s.chunks(2).enumerate() {
        let text = std::str::from_utf8(pair).ok()?;
        out[i] = u8::from_str_radix(text, 16).ok()?;
    }
    Some(out)
}

/// SHA-256 of some bytes.
pub fn sha256(bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(bytes).into()
}

/// The public value as it enters the seeds: its text without leading and
/// trailing white space (so a value read from a file with a final line break
/// gives the same boards).
pub fn normalise_public(value: &str) -> &str {
    value.trim()
}

/// The public value given on the command line: empty is bad usage (exit 2).
pub fn check_public(value: &str) -> Result<&str, crate::error::Error> {
    let v = normalise_public(value);
    if v.is_empty() {
        return Err(
            crate::error::Error::input("event.public-value", "the public value is empty")
                .help("give the value the description names (--public TEXT), as announced"),
        );
    }
    Ok(v)
}

/// The seed of one board (step 3 of the module doc), as 64 hex digits.
pub fn board_seed(key: &Key, description_sha256: &[u8; 32], public: &str, label: &str) -> String {
    let mut h = Sha256::new();
    let public = normalise_public(public);
    let fields: [&[u8]; 5] = [
        ALGORITHM.as_bytes(),
        key.bytes(),
        description_sha256,
        public.as_bytes(),
        label.as_bytes(),
    ];
    for f in fields {
        // Every field is short (a public value over 4 GiB cannot come from a CLI).
        let len = u32::try_from(f.len()).unwrap_or(u32::MAX);
        h.update(len.to_be_bytes());
        h.update(f);
    }
    hex(&h.finalize())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test_key() -> Key {
        Key::from_bytes([7; 32])
    }

    /// Golden vectors for `tavolo-event-v1`: these seeds must never change.
    /// Cross-checked against an independent Python implementation of the
    /// module doc (hashlib), see docs/events.md.
    #[test]
    fn golden_board_seeds() {
        let desc = sha256(b"description");
        assert_eq!(
            board_seed(&test_key(), &desc, "12 34 56", "1"),
            GOLDEN_BOARD_1
        );
        assert_eq!(
            board_seed(&test_key(), &desc, "12 34 56", "R1"),
            GOLDEN_RESERVE_1
        );
    }

    const GOLDEN_BOARD_1: &str = "91f35163b890de9fa65818aef50eda3438c89b3d9a1af233a56c75f3b98e0fea";
    const GOLDEN_RESERVE_1: &str =
        "cbeff60846407331d1c03c1837d3b66181935ee83f92903d81770bb1fe0005e3";

    #[test]
    fn every_input_changes_the_seed() {
        let d = sha256(b"d");
        let base = board_seed(&test_key(), &d, "p", "1");
        assert_ne!(base, board_seed(&Key::from_bytes([8; 32]), &d, "p", "1"));
        assert_ne!(base, board_seed(&test_key(), &sha256(b"e"), "p", "1"));
        assert_ne!(base, board_seed(&test_key(), &d, "q", "1"));
        assert_ne!(base, board_seed(&test_key(), &d, "p", "2"));
        assert_ne!(base, board_seed(&test_key(), &d, "p", "R1"));
        // White space around the public value does not count; inside it does.
        assert_eq!(base, board_seed(&test_key(), &d, "  p\n", "1"));
        assert_ne!(
            board_seed(&test_key(), &d, "1 2", "1"),
            board_seed(&test_key(), &d, "1  2", "1")
        );
    }

    #[test]
    fn hex_round_trips() {
        let b = sha256(b"x");
        assert_eq!(unhex32(&hex(&b)), Some(b));
        assert_eq!(unhex32(&hex(&b).to_uppercase()), Some(b));
        assert_eq!(unhex32("abc"), None);
        assert_eq!(unhex32(&"g".repeat(64)), None);
        assert_eq!(unhex32(&"é".repeat(32)), None);
    }
}
