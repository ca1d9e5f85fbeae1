//! The organiser's secret key: 32 bytes from the operating system, kept in a
//! key file as 64 hex digits (lines starting with `#` are comments).

use std::path::Path;

use crate::error::Error;

/// The secret key of an event.
#[derive(Clone, PartialEq, Eq)]
pub struct Key([u8; 32]);

/// Never print the key by accident (in a panic or a debug line).
impl std::fmt::Debug for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Key(..)")
    }
}

impl Key {
    pub fn from_bytes(bytes: [u8; 32]) -> Key {
        Key(bytes)
    }

    pub fn bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// A fresh key from the operating system.
    pub fn fresh() -> Result<Key, Error> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| {
            Error::failed(
                "event.os-random",
                format!("the operating system gave no random key: {e}"),
            )
        })?;
        Ok(Key(bytes))
    }

    /// The commitment: SHA-256 of the 32 key bytes, as hex
    /// (`xxd -r -p KEY | sha256sum` gives the same).
    pub fn commitment(&self) -> String {
        super::hex(&super::sha256(&self.0))
    }

    /// The key file's text.
    pub fn file_text(&self, event: &str) -> String {
        format!(
            "# The secret key of the tavolo event {event:?} ({}).\n\
             # Keep it secret until the event is over, then publish it.\n{}\n",
            super::ALGORITHM,
            super::hex(&self.0)
        )
    }

    /// Read a key file's text: one line of 64 hex digits, besides blank lines
    /// and `#` comments.
    pub fn parse(path: &Path, text: &str) -> Result<Key, Error> {
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        match lines[..] {
            [line] => super::unhex32(line).map(Key).ok_or_else(|| malformed(path)),
            _ => Err(malformed(path)),
        }
    }

    /// Read a key file. A missing or unreadable file, or one that holds no
    /// key, is bad input (exit 2); a key that does not match its commitment
    /// is for the caller to find (exit 1).
    pub fn read(path: &Path) -> Result<Key, Error> {
        let bytes = std::fs::read(path).map_err(|e| {
            Error::io("event.key-unreadable", path, &e)
                .help("give the key file `tavolo event new` wrote (--key FILE)")
        })?;
        let text = String::from_utf8(bytes).map_err(|_| malformed(path))?;
        Key::parse(path, &text)
    }
}

fn malformed(path: &Path) -> Error {
    Error::input(
        "event.key-unreadable",
        "not a key file: it must hold one line of 64 hex digits",
    )
    .in_file(path)
    .help("give the key file `tavolo event new` wrote (--key FILE)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_files_round_trip_and_bad_ones_are_refused() {
        let k = Key::from_bytes([0xab; 32]);
        let p = Path::new("k.key");
        assert_eq!(Key::parse(p, &k.file_text("club")).unwrap(), k);
        assert_eq!(Key::parse(p, &"AB".repeat(32)).unwrap(), k);
        for bad in [
            "",
            "# only a comment\n",
            "abc\n",
            &"ab".repeat(33),
            "ab\nab",
        ] {
            let e = Key::parse(p, bad).unwrap_err();
            assert_eq!(
                (e.code, e.exit_code()),
                ("event.key-unreadable", 2),
                "{bad}"
            );
        }
        let e = Key::read(Path::new("/no/such/key")).unwrap_err();
        assert_eq!((e.code, e.exit_code()), ("event.key-unreadable", 2));
    }

    #[test]
    fn the_commitment_is_the_sha256_of_the_bytes() {
        // SHA-256 of 32 zero bytes.
        assert_eq!(
            Key::from_bytes([0; 32]).commitment(),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
        assert_eq!(format!("{:?}", Key::from_bytes([1; 32])), "Key(..)");
    }

    #[test]
    fn fresh_keys_differ() {
        assert_ne!(Key::fresh().unwrap(), Key::fresh().unwrap());
    }
}
