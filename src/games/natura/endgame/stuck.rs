//! Tiles that can never be placed again: a `Q` in an Italian endgame with no `U` left on
//! either rack and no room for a `Q` before any `U` on the board. A side holding one can
//! never go out, and a side holding nothing else can only pass for the rest of the game.
//!
//! The proof, found once at the search's start, holds in every position after it (the board
//! only fills up and the racks only empty). Wherever a tile is placed, it is in a word of two
//! letters or more along its row or its column (every move joins the tiles already down),
//! and that word, on the board at the game's end, is made of tiles on that line now and tiles
//! from the racks now, put on squares empty now, with empty squares (now) just past its two
//! ends. So a letter is never placed again if no word of the lexicon holding it fits any row
//! or column that way: each of its letters the tile on its square now, or, on an empty
//! square, a tile from the racks (both together, each tile once, the letter itself one of
//! them), the squares just past it not taken. Each tile from a rack also makes a word across
//! the line when it lands next to tiles that way; those tiles are there now, so that word
//! holds them and it: some word of the lexicon must hold that string. (What else the word
//! across may hold later is not asked: the test only needs to be sound, never to find every
//! stuck tile.) A jolly on a rack can be any letter, so with one nothing is called stuck.
//!
//! The words holding a letter `T` are read from the GADDAG: one key per place `T` has in a
//! word, `rev(..T) ◇ rest` (or the word's whole reverse when `T` ends it), so the walk starts
//! with `T`. A common letter fits somewhere at one of its first words; the walk over a rare
//! one's (the `Q`'s few thousand) is cheap; past a budget the letter is taken as placeable.

use super::super::layout::{JOLLY, SIZE};
use super::super::movegen::gaddag::SEP;
use super::super::movegen::Gaddag;
use super::pos::KINDS;

/// Words looked at at most for one letter before giving up (and calling it placeable, the
/// safe answer).
const MAX_WORDS: usize = 200_000;

/// The kinds (bits by kind) that no tile of can ever be placed from now on, on `board` (its
/// rows, 0 for an empty square, else the letter 1-26) with `racks` (counts by kind, both
/// sides): only kinds on a rack are asked about.
pub(super) fn never_placed(
    graph: &Gaddag,
    board: &[[u8; SIZE]; SIZE],
    racks: &[[u8; KINDS]; 2],
) -> u32 {
    let mut held = [0u8; KINDS];
    for (k, n) in held.iter_mut().enumerate() {
        *n = racks[0][k] + racks[1][k];
    }
    if held[usize::from(JOLLY)] > 0 {
        return 0;
    }
    // Every row and every column, as a line of letters, with the letters each of its empty
    // squares allows across it.
    let mut lines = Vec::with_capacity(2 * SIZE);
    for i in 0..SIZE {
        let row = board[i];
        let col = std::array::from_fn(|r| board[r][i]);
        lines.push((
            row,
            std::array::from_fn(|c| allowed(graph, board, i, c, true)),
        ));
        lines.push((
            col,
            std::array::from_fn(|r| allowed(graph, board, r, i, false)),
        ));
    }
    let mut stuck = 0;
    for t in 1..KINDS {
        if held[t] == 0 {
            continue;
        }
        let mut words = 0;
        let mut fits = false;
        each_word_with(graph, t as u8, &mut |word, at| {
            words += 1;
            fits = words > MAX_WORDS
                || lines
                    .iter()
                    .any(|(line, across)| fits_line(word, at, line, across, &held));
            !fits
        });
        if !fits {
            stuck |= 1 << t;
        }
    }
    stuck
}

/// The letters (bits by kind) a tile on the empty square (`row`, `col`) may be, for the
/// word it makes across the line (`along_row`: the line is the row, so across is the
/// column): with tiles next to it that way now, its word across will hold them and it, so
/// some word must hold that string (a path from the GADDAG's root spelling it backwards:
/// every path begins a key, and the keys begin with every reversed part of every word).
fn allowed(
    graph: &Gaddag,
    board: &[[u8; SIZE]; SIZE],
    row: usize,
    col: usize,
    along_row: bool,
) -> u32 {
    if board[row][col] != 0 {
        return 0;
    }
    let at = |k: usize| {
        if along_row {
            board[k][col]
        } else {
            board[row][k]
        }
    };
    let here = if along_row { row } else { col };
    let mut lo = here;
    while lo > 0 && at(lo - 1) != 0 {
        lo -= 1;
    }
    let mut hi = here;
    while hi + 1 < SIZE && at(hi + 1) != 0 {
        hi += 1;
    }
    if lo == here && hi == here {
        return u32::MAX;
    }
    let mut mask = 0;
    for l in 1..KINDS as u8 {
        let spelled = (lo..=hi).rev().map(|k| if k == here { l } else { at(k) });
        if graph.walk(graph.root(), spelled).is_some() {
            mask |= 1 << l;
        }
    }
    mask
}

/// Whether `word`, with the letter at `at` from a rack, fits `line` (whose empty squares
/// allow the letters `across` for their words across it) as the module says.
fn fits_line(
    word: &[u8],
    at: usize,
    line: &[u8; SIZE],
    across: &[u32; SIZE],
    held: &[u8; KINDS],
) -> bool {
    let n = word.len();
    if n > SIZE {
        return false;
    }
    'start: for start in 0..=SIZE - n {
        if line[start + at] != 0
            || (start > 0 && line[start - 1] != 0)
            || (start + n < SIZE && line[start + n] != 0)
        {
            continue;
        }
        let mut need = [0u8; KINDS];
        for (j, &l) in word.iter().enumerate() {
            let cell = line[start + j];
            if cell != 0 {
                if cell != l {
                    continue 'start;
                }
            } else {
                let k = usize::from(l);
                if across[start + j] & 1 << k == 0 {
                    continue 'start;
                }
                need[k] += 1;
                if need[k] > held[k] {
                    continue 'start;
                }
            }
        }
        return true;
    }
    false
}

/// Each word holding letter `t`, with the index of one `t` in it (once per `t` it holds),
/// to `each` until it answers false.
fn each_word_with(graph: &Gaddag, t: u8, each: &mut dyn FnMut(&[u8], usize) -> bool) {
    let Some(first) = graph.child(graph.root(), t) else {
        return;
    };
    // The walk: the reversed part read so far (`t` first), then the part after `◇`.
    let mut before = vec![t];
    let mut after = Vec::new();
    let mut word = Vec::new();
    walk(
        graph,
        first.target(),
        &mut before,
        &mut after,
        false,
        &mut word,
        each,
    );
}

/// The keys below `node`: `before` holds the reversed part, `after` the part past `◇`
/// (`crossed` once the separator is taken). False once `each` asked to stop.
fn walk(
    graph: &Gaddag,
    node: u32,
    before: &mut Vec<u8>,
    after: &mut Vec<u8>,
    crossed: bool,
    word: &mut Vec<u8>,
    each: &mut dyn FnMut(&[u8], usize) -> bool,
) -> bool {
    if node == 0 {
        return true;
    }
    for a in graph.arcs_of(node) {
        let tile = a.tile();
        if tile == SEP {
            if crossed {
                continue;
            }
            if a.accepts() {
                // (Not made by the builder: a word ending in `t` is keyed without `◇`.)
                word.clear();
                word.extend(before.iter().rev());
                if !each(word, before.len() - 1) {
                    return false;
                }
            }
            if !walk(graph, a.target(), before, after, true, word, each) {
                return false;
            }
            continue;
        }
        if crossed {
            after.push(tile);
        } else {
            before.push(tile);
        }
        if a.accepts() {
            word.clear();
            word.extend(before.iter().rev());
            word.extend_from_slice(after);
            if !each(word, before.len() - 1) {
                return false;
            }
        }
        let go_on = walk(graph, a.target(), before, after, crossed, word, each);
        if crossed {
            after.pop();
        } else {
            before.pop();
        }
        if !go_on {
            return false;
        }
    }
    true
}
