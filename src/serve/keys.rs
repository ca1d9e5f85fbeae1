//! Who may open which page. Every page of a table carries a key in its URL (`?k=...`): the
//! first 128 bits of SHA-256 over the server's secret, the session and the view, so a seat's
//! link opens that seat's page and no other (another seat's, the director's). The secret is
//! 32 random bytes kept in the sessions folder (`.tavolo-serve-key`, readable by its owner
//! only), so the links handed to the tablets still open after a restart. With `--lan` the
//! operator's pages (the list of tables, a new table) need a token as well, new at every
//! start and printed then.

use std::io::Write;
use std::path::Path;

use sha2::{Digest, Sha256};

use crate::error::Error;
use crate::event::{hex, unhex32};

/// The secret's file in the sessions folder.
pub const SECRET_FILE: &str = ".tavolo-serve-key";

/// The server's secret, read from the sessions folder or made there.
pub struct Keys {
    secret: [u8; 32],
}

fn random() -> Result<[u8; 32], Error> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| {
        Error::failed(
            "serve.random",
            format!("the operating system gave no random bytes: {e}"),
        )
    })?;
    Ok(bytes)
}

impl Keys {
    /// The secret of the sessions folder `dir`, made on its first use.
    pub fn of_folder(dir: &Path) -> Result<Keys, Error> {
        let path = dir.join(SECRET_FILE);
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                let secret = unhex32(text.trim()).ok_or_else(|| {
                    Error::input(
                        "serve.bad-key-file",
                        format!("{} is not 64 hex digits", path.display()),
                    )
                    .help("remove it: a new one is made (the tablets' links change)")
                })?;
                Ok(Keys { secret })
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let secret = random()?;
                let mut options = std::fs::OpenOptions::new();
                options.write(true).create_new(true);
                #[cfg(unix)]
                {
                    use std::os::unix::fs::OpenOptionsExt;
                    options.mode(0o600);
                }
                let mut f = options
                    .open(&path)
                    .map_err(|e| Error::io("serve.key-file", &path, &e))?;
                f.write_all(format!("{}\n", hex(&secret)).as_bytes())
                    .and_then(|()| f.sync_all())
                    .map_err(|e| Error::io("serve.key-file", &path, &e))?;
                Ok(Keys { secret })
            }
            Err(e) => Err(Error::io("serve.key-file", &path, &e)),
        }
    }

    /// The key of `view` (`table`, `director`, `seat-2`) of session `id`.
    pub fn key(&self, id: &str, view: &str) -> String {
        let mut h = Sha256::new();
        for part in [
            b"tavolo-serve-v1".as_slice(),
            &self.secret,
            id.as_bytes(),
            view.as_bytes(),
        ] {
            h.update((part.len() as u32).to_be_bytes());
            h.update(part);
        }
        hex(&h.finalize()[..16])
    }
}

/// A fresh token (128 random bits as hex), for the operator's pages with `--lan`.
pub fn token() -> Result<String, Error> {
    Ok(hex(&random()?[..16]))
}

/// Whether `given` is `want`, compared in time that does not depend on where they differ.
pub fn same(given: Option<&str>, want: &str) -> bool {
    let Some(given) = given else { return false };
    if given.len() != want.len() {
        return false;
    }
    given
        .bytes()
        .zip(want.bytes())
        .fold(0u8, |acc, (a, b)| acc | (a ^ b))
        == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_view_has_its_own_key_and_the_secret_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let k = Keys::of_folder(dir.path()).unwrap();
        let seat1 = k.key("moon-1", "seat-1");
        assert_eq!(seat1.len(), 32);
        assert_ne!(seat1, k.key("moon-1", "seat-2"));
        assert_ne!(seat1, k.key("moon-2", "seat-1"));
        assert_ne!(seat1, k.key("moon-1", "director"));
        // The same folder, the same keys: the links survive a restart.
        assert_eq!(
            Keys::of_folder(dir.path()).unwrap().key("moon-1", "seat-1"),
            seat1
        );
        assert!(same(Some(&seat1), &seat1));
        assert!(!same(Some(&k.key("moon-1", "seat-2")), &seat1));
        assert!(!same(None, &seat1));
        assert!(!same(Some(""), &seat1));
    }
}
