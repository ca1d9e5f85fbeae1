//! `tavolo deal --boards` in bulk: streamed JSON Lines and the one-line form
//! of every game (issue 28, "Boards in bulk for every game").

use std::process::{Command, Output};

use serde_json::Value;

fn tavolo(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(args)
        .output()
        .expect("run tavolo")
}

fn ok(args: &[&str]) -> String {
    let o = tavolo(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

/// `--format jsonl` over boards 1..50 is, line by line, the object that
/// `--board N --format json` prints for each board, for every game.
#[test]
fn jsonl_boards_are_the_single_board_objects() {
    for game in tavolo::games::names() {
        let text = ok(&[
            "deal", game, "--seed", "bulk", "--boards", "1..50", "--format", "jsonl",
        ]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 50, "{game}");
        for (i, line) in lines.iter().enumerate() {
            let n = (i + 1).to_string();
            let got: Value = serde_json::from_str(line).unwrap();
            let one = ok(&[
                "deal", game, "--seed", "bulk", "--board", &n, "--format", "json",
            ]);
            let want: Value = serde_json::from_str(&one).unwrap();
            assert_eq!(got, want, "{game} board {n}");
        }
        // The array form is unchanged: the same objects, without `file`.
        let array = ok(&["deal", game, "--seed", "bulk", "--boards", "1..3", "--json"]);
        let array: Value = serde_json::from_str(&array).unwrap();
        for (k, obj) in array.as_array().unwrap().iter().enumerate() {
            let mut streamed: Value = serde_json::from_str(lines[k]).unwrap();
            streamed.as_object_mut().unwrap().remove("file");
            assert_eq!(obj, &streamed, "{game} board {}", k + 1);
        }
    }
}
