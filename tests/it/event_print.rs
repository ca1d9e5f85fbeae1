//! The event on paper (issue 28): `event results --pdf` (standings, boards,
//! records) and the score slips of `event pair --slips` and `event deal
//! --slips`, read back with poppler's `pdftotext` to check what is printed
//! where. Skipped, with a note, where poppler is absent (CI has it).

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use super::event_results::{keyed, swiss, tavolo, text};

fn poppler() -> bool {
    let ok = Command::new("pdftotext").arg("-v").output().is_ok();
    if !ok {
        eprintln!("note: pdftotext is absent; the printed pages are not read back");
    }
    ok
}

/// `pdftotext` of pages `first..=last` (`-layout`, or `-bbox` words).
fn pdftotext(pdf: &Path, first: u32, last: u32, mode: &str) -> String {
    let o = Command::new("pdftotext")
        .args([mode, "-f", &first.to_string(), "-l", &last.to_string()])
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

/// The words of `pdftotext -bbox` output: (text, xMin, yMin, xMax), in points.
fn words(bbox: &str) -> Vec<(String, f64, f64, f64)> {
    let attr = |l: &str, k: &str| -> f64 {
        let at = l.find(&format!("{k}=\"")).unwrap() + k.len() + 2;
        l[at..].split('"').next().unwrap().parse().unwrap()
    };
    bbox.lines()
        .filter(|l| l.trim_start().starts_with("<word "))
        .map(|l| {
            let text = l.split('>').nth(1).unwrap().split('<').next().unwrap();
            (
                text.replace("&amp;", "&"),
                attr(l, "xMin"),
                attr(l, "yMin"),
                attr(l, "xMax"),
            )
        })
        .collect()
}

fn pages(pdf: &Path) -> (u32, String) {
    let o = Command::new("pdfinfo").arg(pdf).output().expect("pdfinfo");
    let info = String::from_utf8_lossy(&o.stdout).into_owned();
    let n = info
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let size = info
        .lines()
        .find_map(|l| l.strip_prefix("Page size:"))
        .unwrap()
        .trim()
        .to_string();
    (n, size)
}

#[test]
fn the_results_pdf_prints_the_standings_in_rank_order_in_aligned_columns() {
    if !poppler() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    swiss(d, "");
    let o = tavolo(
        d,
        &keyed(&[
            "event",
            "results",
            "event.toml",
            "played",
            "--json",
            "--pdf",
            "results.pdf",
        ]),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let ranked: Vec<String> = v["sections"][0]["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_string())
        .collect();
    let pdf = d.join("results.pdf");
    let (n, size) = pages(&pdf);
    assert_eq!(n, 2, "the standings, then the boards and records");
    assert!(size.starts_with("595.276 x 841.89"), "A4: {size}");

    // Page 1: the standings, every entrant once, in the JSON's order, each
    // name flush left in one column, each rank flush right in another.
    let page1 = pdftotext(&pdf, 1, 1, "-layout");
    assert!(page1.contains("Swiss"), "{page1}");
    assert!(page1.contains("Standings"), "{page1}");
    assert!(page1.contains("Ranked by wins, then spread."), "{page1}");
    let all = words(&pdftotext(&pdf, 1, 1, "-bbox"));
    // Below the standings, the crosstable (issue 39): each player once, in
    // the standings' order, with round 1's cell (`W2`: won against line 2).
    let cross_y = all
        .iter()
        .find(|x| x.0 == "Crosstable")
        .unwrap_or_else(|| panic!("a crosstable on page 1: {page1}"))
        .2;
    let (w, below): (Vec<_>, Vec<_>) = all.into_iter().partition(|x| x.2 < cross_y);
    let mut last_y = cross_y;
    for (i, name) in ranked.iter().enumerate() {
        let hits: Vec<_> = below.iter().filter(|x| x.0 == *name).collect();
        assert_eq!(hits.len(), 1, "{name} once in the crosstable");
        assert!(hits[0].2 > last_y, "the crosstable in rank order");
        last_y = hits[0].2;
        let cell = below
            .iter()
            .find(|x| (x.2 - hits[0].2).abs() < 0.5 && x.1 > hits[0].3)
            .map(|x| x.0.clone())
            .unwrap_or_default();
        let rank_cell = cell.clone();
        // The rank comes first after the name, then round 1's cell.
        let r1 = below
            .iter()
            .filter(|x| (x.2 - hits[0].2).abs() < 0.5 && x.1 > hits[0].3)
            .nth(1)
            .map(|x| x.0.clone())
            .unwrap_or_default();
        assert!(
            rank_cell.starts_with(&v["sections"][0]["standings"][i]["rank"].to_string()),
            "{name}: rank {rank_cell}"
        );
        assert!(
            r1.len() == 2
                && "WLT".contains(&r1[..1])
                && r1[1..]
                    .parse::<usize>()
                    .is_ok_and(|l| l != i + 1 && l <= ranked.len()),
            "{name}: round 1's cell {r1:?}"
        );
    }
    let at: Vec<&(String, f64, f64, f64)> = ranked
        .iter()
        .map(|name| {
            let hits: Vec<_> = w.iter().filter(|x| x.0 == *name).collect();
            assert_eq!(hits.len(), 1, "{name} once on the standings page");
            hits[0]
        })
        .collect();
    for pair in at.windows(2) {
        assert!((pair[0].1 - pair[1].1).abs() < 0.01, "names in one column");
        assert!(pair[0].2 < pair[1].2, "ranked top to bottom: {pair:?}");
    }
    let header = w.iter().find(|x| x.0 == "Player").unwrap();
    assert!(
        (header.1 - at[0].1).abs() < 0.01,
        "the header over its column"
    );
    assert!(header.2 < at[0].2);
    // The rank of each line ends where the header `Rank` ends (flush right).
    let rank_head = w.iter().find(|x| x.0 == "Rank").unwrap();
    for name in &at {
        let rank = w
            .iter()
            .find(|x| (x.2 - name.2).abs() < 0.5 && x.1 < name.1)
            .unwrap_or_else(|| panic!("a rank on {}'s line", name.0));
        assert!(
            (rank.3 - rank_head.3).abs() < 0.6,
            "{rank:?} v {rank_head:?}"
        );
    }
    // Nothing outside the 15 mm margins of an A4 page.
    for x in &w {
        assert!(x.1 >= 42.0 && x.3 <= 595.3 - 42.0, "{x:?} in the margins");
    }

    // Page 2: both records. A Swiss board is not compared across its
    // tables (issue 39): they held different players.
    let page2 = pdftotext(&pdf, 2, 2, "-layout");
    assert!(!page2.contains("compared at"), "{page2}");
    assert!(!page2.contains("matchpoints"), "{page2}");
    assert!(page2.contains("Records: 2"), "{page2}");
    assert!(page2.contains("Anna v Bruno"), "{page2}");
    assert!(page2.contains("Carla v Dario"), "{page2}");
    assert!(page2.contains("complete"), "{page2}");

    // Same inputs, same bytes; Letter on request.
    let o = tavolo(
        d,
        &keyed(&[
            "event",
            "results",
            "event.toml",
            "played/r1-t2.toml",
            "played/r1-t1.toml",
            "--pdf",
            "again.pdf",
        ]),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(
        std::fs::read(&pdf).unwrap(),
        std::fs::read(d.join("again.pdf")).unwrap()
    );
    let o = tavolo(
        d,
        &keyed(&[
            "event",
            "results",
            "event.toml",
            "played",
            "--pdf",
            "letter.pdf",
            "--paper",
            "letter",
        ]),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(pages(&d.join("letter.pdf")).1.starts_with("612 x 792"));

    // GN-3: an existing file is not written over without --force, and
    // nothing is counted first.
    let before = std::fs::read(&pdf).unwrap();
    let o = tavolo(
        d,
        &keyed(&[
            "event",
            "results",
            "event.toml",
            "played",
            "--pdf",
            "letter.pdf",
        ]),
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("exists already"), "{}", text(&o));
    assert!(o.stdout.is_empty());
    assert_eq!(std::fs::read(&pdf).unwrap(), before);
}

/// An illegal record is printed, in the records table, with its verdict.
#[test]
fn an_illegal_record_is_printed_with_its_verdict() {
    if !poppler() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    swiss(d, "");
    // Table 2's second move written as the first player's again: out of turn.
    let path = d.join("played/r1-t2.toml");
    let t = std::fs::read_to_string(&path).unwrap();
    let bad = t.replacen("player = \"Dario\"", "player = \"Carla\"", 1);
    assert_ne!(bad, t);
    std::fs::write(&path, bad).unwrap();
    let o = tavolo(
        d,
        &keyed(&["event", "results", "event.toml", "played", "--pdf", "r.pdf"]),
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let page2 = pdftotext(&d.join("r.pdf"), 2, 2, "-layout");
    let line = page2
        .lines()
        .find(|l| l.contains("Carla v Dario"))
        .unwrap_or_else(|| panic!("{page2}"));
    assert!(line.contains("illegal"), "{line}");
}

#[test]
fn a_rounds_score_slips_name_its_players_board_and_table() {
    if !poppler() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    swiss(d, "");
    let o = tavolo(
        d,
        &keyed(&[
            "event",
            "pair",
            "event.toml",
            "played",
            "--round",
            "2",
            "--json",
            "--slips",
            "slips.pdf",
        ]),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let round: Value = serde_json::from_slice(&o.stdout).unwrap();
    let tables = round["tables"].as_array().unwrap();
    assert_eq!(tables.len(), 2);
    let pdf = d.join("slips.pdf");
    // MOON keeps no running score: two result slips to a page.
    assert_eq!(pages(&pdf).0, 1);
    let page = pdftotext(&pdf, 1, 1, "-layout");
    let w = words(&pdftotext(&pdf, 1, 1, "-bbox"));
    let mut tops = Vec::new();
    for t in tables {
        let n = t["table"].as_u64().unwrap();
        let heading = format!("Round 2, board 2, table {n}");
        assert!(page.contains(&heading), "{page}");
        let first = t["first"].as_str().unwrap();
        let second = t["second"].as_str().unwrap();
        // The first seat is the first named, who moves first.
        let seat1 = page
            .lines()
            .find(|l| l.contains("Seat 1") && l.contains(first))
            .unwrap_or_else(|| panic!("seat 1: {first}\n{page}"));
        assert!(seat1.contains("moves first"), "{seat1}");
        assert!(page
            .lines()
            .any(|l| l.contains("Seat 2") && l.contains(second)));
        assert!(
            page.contains(&format!("{first}: won / tied / lost")),
            "{page}"
        );
        assert!(page.contains(&format!("signed: {second}")), "{page}");
        // Where the slip is: the table's number in its heading.
        let y = w
            .iter()
            .find(|x| {
                x.0 == n.to_string() && w.iter().any(|h| h.0 == "Round" && (h.2 - x.2).abs() < 1.0)
            })
            .map(|x| x.2)
            .unwrap();
        tops.push(y);
    }
    // Table 1 on the top half of the page, table 2 on the bottom half.
    assert!(tops[0] < 421.0 && tops[1] > 421.0, "{tops:?}");
}

#[test]
fn dealt_slips_keep_a_running_total_column_per_seat() {
    if !poppler() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("draft.toml"),
        "format = \"tavolo-event-v1\"\nevent = \"Pairs\"\npublic-value-name = \"w\"\n\n\
         [[section]]\ngame = \"farfalia\"\nplayers = 4\nnames = [\"N\", \"E\", \"S\", \"W\"]\n\
         boards = 2\ntables = 3\n",
    )
    .unwrap();
    let o = tavolo(d, &["event", "new", "--from", "draft.toml", "--dir", "ev"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let o = tavolo(
        d,
        &[
            "event",
            "deal",
            "ev/event.toml",
            "--key",
            "ev/event.key",
            "--public",
            "p",
            "--slips",
            "slips.pdf",
            "--paper",
            "letter",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let pdf = d.join("slips.pdf");
    let (n, size) = pages(&pdf);
    // Farfalia keeps a running score: a page per board and table.
    assert_eq!(n, 6);
    assert!(size.starts_with("612 x 792"), "{size}");
    let last = pdftotext(&pdf, 6, 6, "-layout");
    assert!(last.contains("Board 2, table 3"), "{last}");
    assert!(last.contains("Each player's total after each of their own moves"));
    // The seats' columns, left to right in seat order, on one line.
    let w = words(&pdftotext(&pdf, 6, 6, "-bbox"));
    // The first line holding the four seats left to right is the grid's
    // header (the signatures come last).
    let on_line = |y: f64, s: &str| w.iter().find(|x| x.0 == s && (x.2 - y).abs() < 0.5);
    let head: Vec<_> = w
        .iter()
        .filter(|x| x.0 == "N")
        .map(|n| ["N", "E", "S", "W"].map(|s| on_line(n.2, s)))
        .find(|line| line.iter().all(Option::is_some))
        .expect("a line of the four seats")
        .map(Option::unwrap)
        .to_vec();
    for pair in head.windows(2) {
        assert!((pair[0].2 - pair[1].2).abs() < 0.5, "one header line");
        assert!(pair[0].1 < pair[1].1, "seat order");
    }
    // Numbered rows under the header: row 1 below it.
    let one = w
        .iter()
        .find(|x| x.0 == "1" && x.2 > head[0].2)
        .expect("row 1");
    assert!(one.3 < head[0].1, "row numbers left of the columns");
}

/// A movement's table that sits a round out plays none of its boards and
/// gets no score slip (issue 39): three pairs over eight boards at two
/// tables, one table playing each round, so eight slips, not sixteen, each
/// naming the movement's players in their seats.
#[test]
fn dealt_slips_skip_a_movements_sit_out_tables() {
    if !poppler() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    super::event_movement::event(d, 3, 8, 2);
    let o = tavolo(
        d,
        &keyed(&["event", "deal", "event.toml", "--slips", "slips.pdf"]),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let pdf = d.join("slips.pdf");
    // Farfalia keeps a running score: a page per board and table that plays.
    assert_eq!(pages(&pdf).0, 8);
    let all = pdftotext(&pdf, 1, 8, "-layout");
    for b in 1..=8 {
        // Round 1 (boards 1-4) at table 1, round 2 (boards 5-8) at table 2.
        let (round, playing, out) = if b <= 4 { (1, 1, 2) } else { (2, 2, 1) };
        assert!(
            all.contains(&format!("Round {round}, board {b}, table {playing}")),
            "board {b}: {all}"
        );
        assert!(
            !all.contains(&format!("board {b}, table {out}")),
            "board {b} at table {out}, which sits out: {all}"
        );
    }
    // The movement's players in their seats: Elena (E-W) meets Carla in round 2.
    let last = pdftotext(&pdf, 8, 8, "-layout");
    for who in ["Carla", "Elena", "Dario", "Fabio"] {
        assert!(last.contains(who), "{who}: {last}");
    }
    assert!(!last.contains("Anna"), "{last}");
}
