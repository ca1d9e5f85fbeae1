//! `tavolo serve` under load on 127.0.0.1: 50 tables, each a whole MOON game, played by 8
//! concurrent clients that also send illegal moves (MN-2: a square taken) and moves for a
//! position already left; bounded in count (every loop ends by itself). Afterwards every
//! record is `tavolo play`'s for the same deal and moves (none accepted is missing, none
//! refused is there) and checks clean, and the server's memory stays within bounds.

use std::sync::Arc;

use super::serve::{action, deal, notations, played, post, state, Server};

const TABLES: usize = 50;
const CLIENTS: usize = 8;

#[test]
fn fifty_tables_played_at_once_keep_every_accepted_move() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let a = Arc::new(server.addr.clone());
    // Each table's deal and the moves of a legal game for it.
    let games: Vec<(String, Vec<String>, String)> = (0..TABLES)
        .map(|i| {
            let seed = format!("load{i}");
            let record = played(&["moon", "--seed", &seed, "-p", "2"]);
            (seed, notations(&record), record)
        })
        .collect();
    let pages: Vec<String> = games
        .iter()
        .map(|(seed, _, _)| deal(&a, &[("game", "moon"), ("seed", seed)]).1)
        .collect();
    let dealt = server.rss_kib();
    let games = Arc::new(games);
    let pages = Arc::new(pages);
    let clients: Vec<_> = (0..CLIENTS)
        .map(|c| {
            let (a, games, pages) = (Arc::clone(&a), Arc::clone(&games), Arc::clone(&pages));
            std::thread::spawn(move || {
                let mut refused = 0;
                // Turn by turn across this client's tables, so that all are in play at once.
                let mine: Vec<usize> = (c..TABLES).step_by(CLIENTS).collect();
                let longest = mine.iter().map(|&t| games[t].1.len()).max().unwrap_or(0);
                for i in 0..longest {
                    for &t in &mine {
                        let Some(m) = games[t].1.get(i) else { continue };
                        let mv = action(&pages[t], "/move");
                        let at = i.to_string();
                        if (t + i) % 3 == 0 && i > 0 {
                            // MN-2: the first move's square is taken.
                            let square = games[t].1[0].split_whitespace().last().unwrap();
                            let tile = m.split_whitespace().nth(1).unwrap();
                            let bad = format!("{tile} {square}");
                            let r = post(&a, &mv, &[("move", &bad), ("at", &at)]);
                            assert_eq!(r.status, 422, "table {t}, move {}: {bad}", i + 1);
                            refused += 1;
                        }
                        if (t + i) % 5 == 0 && i > 0 {
                            let old = (i - 1).to_string();
                            let r = post(&a, &mv, &[("move", m), ("at", &old)]);
                            assert_eq!(r.status, 409, "table {t}, move {}: out of turn", i + 1);
                            refused += 1;
                        }
                        let r = post(&a, &mv, &[("move", m), ("at", &at)]);
                        assert_eq!(r.status, 303, "table {t}, move {}: {m}: {}", i + 1, r.body);
                    }
                }
                refused
            })
        })
        .collect();
    let refused: usize = clients.into_iter().map(|c| c.join().unwrap()).sum();
    assert!(refused > 100, "{refused} refusals sent");
    for (t, (seed, moves, record)) in games.iter().enumerate() {
        let s = state(&a, &pages[t]);
        assert_eq!(s["moves"], moves.len(), "table {t}");
        let file = dir.path().join(format!("moon-{seed}-1.toml"));
        let text = std::fs::read_to_string(&file).unwrap();
        assert_eq!(
            &text, record,
            "table {t}: every accepted move, none refused"
        );
        let r = tavolo::games::check::check_text(&file, text);
        assert_eq!(r.exit_code(), 0, "table {t} checks clean");
    }
    // Memory: what the tables and their requests leave (printed for BENCHMARKS.md).
    if let (Some(dealt), Some(after)) = (dealt, server.rss_kib()) {
        let moves: usize = games.iter().map(|g| g.1.len()).sum();
        println!(
            "serve load: {moves} moves and {refused} refusals; RSS {dealt} KiB with {TABLES} \
             tables dealt, {after} KiB after their games"
        );
        assert!(
            after < dealt + 64 * 1024,
            "memory grew from {dealt} to {after} KiB"
        );
    }
}
