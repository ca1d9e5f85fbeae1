//! Writing records: the text of a record (for `tavolo play` and
//! `tavolo deal --record`) and writing a file without ever leaving half of it.

use std::path::Path;

use super::MoveOut;
use crate::deal::Provenance;
use crate::error::Error;

/// A TOML basic string, escaped.
pub fn string(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// A TOML key: bare when it can be, quoted otherwise.
pub fn key(s: &str) -> String {
    let bare = !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if bare {
        s.to_string()
    } else {
        string(s)
    }
}

/// A TOML array of strings on one line.
pub fn string_array<S: AsRef<str>>(items: &[S]) -> String {
    let items: Vec<String> = items.iter().map(|s| string(s.as_ref())).collect();
    format!("[{}]", items.join(", "))
}

/// Each player's hand in the three forms of a [`super::Deal`]: a line
/// `name: tiles` added to `lines`, the `[setup.hands]` table added to
/// `setup_toml`, and the JSON `{player, tiles}` list returned.
pub fn hands(
    players: &[String],
    hands: impl IntoIterator<Item = Vec<String>>,
    lines: &mut Vec<String>,
    setup_toml: &mut String,
) -> Vec<serde_json::Value> {
    setup_toml.push_str("\n[setup.hands]\n");
    let mut json = Vec::new();
    for (name, tiles) in players.iter().zip(hands) {
        lines.push(format!("{name}: {}", tiles.join(" ")));
        setup_toml.push_str(&format!("{} = {}\n", key(name), string_array(&tiles)));
        json.push(serde_json::json!({ "player": name, "tiles": tiles }));
    }
    json
}

/// The header shared by every record: game, variant, players and `[deal]`.
pub fn header(deal: &Provenance, players: &[String]) -> String {
    format!(
        "game = {}\nvariant = {}\nplayers = {}\n\n[deal]\nalgorithm = {}\nseed = {}\nboard = {}\n",
        string(&deal.game),
        string(&deal.variant),
        string_array(players),
        string(deal.algorithm),
        string(&deal.seed),
        deal.board
    )
}

/// One `[[move]]` table.
pub fn move_table(players: &[String], mv: &MoveOut) -> String {
    let mut out = format!("\n[[move]]\nplayer = {}\n", string(&players[mv.player]));
    for (k, v) in &mv.fields {
        out.push_str(&format!("{} = {v}\n", key(k)));
    }
    out
}

/// A complete record: header, setup, moves.
pub fn record(
    deal: &Provenance,
    players: &[String],
    setup_toml: &str,
    moves: &[MoveOut],
) -> String {
    let mut out = header(deal, players);
    out.push('\n');
    out.push_str(setup_toml);
    for mv in moves {
        out.push_str(&move_table(players, mv));
    }
    out
}

/// Write `text` to `path` via a temporary file in the same folder, then rename,
/// so a reader never sees half a file.
pub fn atomic(path: &Path, text: &str) -> Result<(), Error> {
    if path.file_name().is_none() {
        return Err(Error::input(
            "cli.bad-path",
            format!("{} is not a file name", path.display()),
        ));
    }
    crate::output::write_atomic(path, text.as_bytes()).map_err(|e| Error::io("cli.write", path, &e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_strings_are_valid_toml() {
        assert_eq!(key("Anna"), "Anna");
        assert_eq!(key("Anna Maria"), "\"Anna Maria\"");
        let text = format!("{} = {}\n", key("x y"), string_array(&["a", "b\"c"]));
        let v: toml::Table = toml::from_str(&text).unwrap();
        assert_eq!(v["x y"].as_array().unwrap()[1].as_str(), Some("b\"c"));
    }

    #[test]
    fn atomic_write_replaces_the_file_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("r.toml");
        atomic(&p, "one").unwrap();
        atomic(&p, "two").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "two");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        let err = atomic(&dir.path().join("no/such/dir/r.toml"), "x").unwrap_err();
        assert_eq!(err.exit_code(), 2);
    }
}
