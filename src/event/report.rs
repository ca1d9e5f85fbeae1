//! The results as people read them (text) and as spreadsheets take the
//! standings (CSV); the JSON is [`super::results::Results`] itself.

use super::measure::{wins_text, Counted};
use super::results::{result_text, Results, SectionResults};
use super::standings::Standing;

/// Records, compared boards and standings, section by section.
pub fn results_text(r: &Results) -> String {
    let mut s = format!("{}\n", crate::t!("ev-event-line", event = r.event.as_str()));
    for sec in &r.sections {
        section_text(&mut s, sec);
    }
    s
}

fn section_text(s: &mut String, sec: &SectionResults) {
    s.push_str(&format!(
        "\n{}\n",
        crate::t!(
            "ev-section-line",
            section = sec.section,
            game = sec.game,
            variant = sec.variant.as_str(),
            players = crate::record::players_text(sec.players),
            paired = paired_text(sec)
        )
    ));
    s.push_str(&format!(
        "{}\n",
        crate::t!("ev-records-count", count = sec.records.len())
    ));
    for rec in &sec.records {
        let round = if sec.rounds > 1 && rec.round > 0 {
            format!(" {}", crate::t!("ev-record-round", round = rec.round))
        } else {
            String::new()
        };
        s.push_str(&format!(
            "  {}\n",
            crate::t!(
                "ev-record-line",
                board = rec.board.as_str(),
                table = rec.table,
                round = round,
                file = rec.file.as_str(),
                players = rec.players.join(" v ")
            )
        ));
        let state = match (rec.status, rec.verdict) {
            ("ok", Some(v)) => verdict_text(v),
            ("slip", _) => crate::t!("ev-state-slip-only"),
            (status, _) => format!(
                "{}: {}",
                status_text(status),
                rec.message.as_deref().unwrap_or("")
            ),
        };
        let state = match &rec.illegal {
            Some(i) => format!("{state}: {i}"),
            None => state,
        };
        match &rec.counted {
            Counted::Yes { how, seats } => {
                let each: Vec<String> = seats
                    .iter()
                    .map(|r| format!("{} {}", r.name, result_text(r)))
                    .collect();
                s.push_str(&format!(
                    "    {}\n",
                    crate::t!(
                        "ev-counts",
                        state = state,
                        how = how.as_str(),
                        seats = each.join(", ")
                    )
                ));
            }
            Counted::LeftOut { why } => {
                if rec.status == "ok" {
                    s.push_str(&format!(
                        "    {}\n",
                        crate::t!("ev-left-out-why", state = state, why = why.as_str())
                    ));
                } else {
                    s.push_str(&format!(
                        "    {}\n",
                        crate::t!("ev-left-out-plain", state = state)
                    ));
                }
            }
        }
    }
    for rec in sec.records.iter().filter(|r| r.slip.is_some()) {
        s.push_str(&format!(
            "  {}\n",
            crate::t!(
                "ev-slip-line",
                board = rec.board.as_str(),
                table = rec.table,
                slip = slip_text(rec.slip.as_deref().unwrap_or(""))
            )
        ));
    }
    for b in &sec.byes {
        s.push_str(&format!(
            "  {}\n",
            crate::t!("ev-bye-line", round = b.round, player = b.player.as_str())
        ));
    }
    if !sec.missing.is_empty() {
        s.push_str(&format!(
            "{}\n",
            crate::t!("ev-missing-head", count = sec.missing.len())
        ));
        for m in &sec.missing {
            s.push_str(&format!("  {m}\n"));
        }
    }
    for b in &sec.boards {
        s.push_str(&format!(
            "{}\n",
            crate::t!(
                "ev-board-head",
                board = b.board.as_str(),
                tables = b.tables.len(),
                top = b.top
            )
        ));
        for row in &b.tables {
            let each: Vec<String> = row
                .seats
                .iter()
                .map(|x| {
                    crate::t!(
                        "ev-board-seat",
                        seat = x.seat.as_str(),
                        result = x.result.as_str(),
                        matchpoints = x.matchpoints,
                        percent = x.percent.map(|p| format!(" ({p:.2}%)")).unwrap_or_default()
                    )
                })
                .collect();
            s.push_str(&format!(
                "  {}\n",
                crate::t!("ev-board-table", table = row.table, seats = each.join("; "))
            ));
        }
    }
    s.push_str(&format!(
        "{}\n",
        crate::t!(
            "ev-standings-head",
            provisional = provisional_text(sec),
            criteria = criteria_text(&sec.tie_breaks)
        )
    ));
    let cols = columns(sec);
    let mut rows: Vec<Vec<String>> = vec![cols.iter().map(|c| column_name(c)).collect()];
    for st in &sec.standings {
        rows.push(cols.iter().map(|c| cell(st, c)).collect());
    }
    let widths: Vec<usize> = (0..cols.len())
        .map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0))
        .collect();
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (c, w))| {
                if i == 1 {
                    format!("{c:<w$}")
                } else {
                    format!("{c:>w$}")
                }
            })
            .collect();
        s.push_str(&format!("  {}\n", cells.join("  ").trim_end()));
    }
    s.push_str(&super::crosstable::crosstable_text(sec));
}

/// `provisional, 2 results missing; ` where results are missing, else nothing.
pub(crate) fn provisional_text(sec: &SectionResults) -> String {
    if sec.missing.is_empty() {
        return String::new();
    }
    format!(
        "{}; ",
        crate::t!("ev-provisional", count = sec.missing.len())
    )
}

/// `, swiss over 3 rounds` for a paired section, else nothing.
pub(crate) fn paired_text(sec: &SectionResults) -> String {
    match sec.pairing {
        Some(p) => format!(
            ", {}",
            crate::t!("ev-paired", pairing = pairing_name(p), rounds = sec.rounds)
        ),
        None => String::new(),
    }
}

/// A pairing method in the reader's words (`swiss`, `round-robin`: the description's).
pub(crate) fn pairing_name(p: &str) -> String {
    match p {
        "swiss" => crate::t!("ev-pairing-swiss"),
        "round-robin" => crate::t!("ev-pairing-round-robin"),
        other => other.to_string(),
    }
}

/// The tie-breaks in order, in the reader's words: `wins, then spread`.
pub(crate) fn criteria_text(names: &[&str]) -> String {
    names
        .iter()
        .map(|c| column_name(c))
        .collect::<Vec<_>>()
        .join(&format!(", {} ", crate::t!("ev-then")))
}

/// A referee's verdict (`complete`, `legal-so-far`, `illegal`: data in the JSON) in the
/// reader's words.
pub(crate) fn verdict_text(v: &str) -> String {
    match v {
        "complete" => crate::t!("ev-verdict-complete"),
        "legal-so-far" => crate::t!("ev-verdict-legal-so-far"),
        "illegal" => crate::t!("ev-verdict-illegal"),
        other => other.to_string(),
    }
}

/// A record's status as `verify` gives it (data in the JSON) in the reader's words.
pub(crate) fn status_text(status: &str) -> String {
    match status {
        "unreadable" => crate::t!("ev-status-unreadable"),
        "tampered" => crate::t!("ev-status-tampered"),
        "wrong-board" => crate::t!("ev-status-wrong-board"),
        "wrong-event" => crate::t!("ev-status-wrong-event"),
        "slip" => crate::t!("ev-status-slip"),
        other => other.to_string(),
    }
}

/// A score slip's check (`agrees`, data in the JSON, or its first wrong total, in words).
pub(crate) fn slip_text(slip: &str) -> String {
    if slip == "agrees" {
        crate::t!("ev-slip-agrees")
    } else {
        slip.to_string()
    }
}

/// A column's or a criterion's name in the reader's words (the text's heading row; the
/// description's names in English).
pub(crate) fn column_name(col: &str) -> String {
    match col {
        "rank" => crate::t!("ev-col-rank"),
        "player" => crate::t!("ev-col-player"),
        "played" => crate::t!("ev-col-played"),
        "wins" => crate::t!("ev-col-wins"),
        "spread" => crate::t!("ev-col-spread"),
        "points" => crate::t!("ev-col-points"),
        "percent" => crate::t!("ev-col-percent"),
        "solved" => crate::t!("ev-col-solved"),
        "moves" => crate::t!("ev-col-moves"),
        "head-to-head" => crate::t!("ev-col-head-to-head"),
        "buchholz" => crate::t!("ev-col-buchholz"),
        "median-buchholz" => crate::t!("ev-col-median-buchholz"),
        "sonneborn-berger" => crate::t!("ev-col-sonneborn-berger"),
        "cumulative" => crate::t!("ev-col-cumulative"),
        "round" => crate::t!("ev-col-round"),
        "board" => crate::t!("ev-col-board"),
        "table" => crate::t!("ev-col-table"),
        "seat" => crate::t!("ev-col-seat"),
        "opponent" => crate::t!("ev-col-opponent"),
        "result" => crate::t!("ev-col-result"),
        "players" => crate::t!("ev-col-players"),
        "verdict" => crate::t!("ev-col-verdict"),
        "counts" => crate::t!("ev-col-counts"),
        "matchpoints" => crate::t!("ev-col-matchpoints"),
        other => other.to_string(),
    }
}

/// The standings' columns: rank, player, games, wins, and each criterion's.
pub(crate) fn columns(sec: &SectionResults) -> Vec<&'static str> {
    let mut cols = vec!["rank", "player", "played", "wins"];
    for c in &sec.tie_breaks {
        let col = match *c {
            "spread" => "spread",
            "points" => "points",
            "percent" => "percent",
            "solved" => "solved",
            "moves" => "moves",
            "buchholz" => "buchholz",
            "median-buchholz" => "median-buchholz",
            "sonneborn-berger" => "sonneborn-berger",
            "cumulative" => "cumulative",
            _ => continue,
        };
        cols.push(col);
    }
    cols
}

/// A column's name as a heading: `Rank`, `Player`; the tie-breaks named for people as
/// directors write them (`Sonneborn-Berger`, `Median Buchholz`).
pub(crate) fn column_title(col: &str) -> String {
    match col {
        "sonneborn-berger" => return crate::t!("ev-title-sonneborn-berger"),
        "median-buchholz" => return crate::t!("ev-title-median-buchholz"),
        "mp" => return crate::t!("ev-title-mp"),
        _ => {}
    }
    let name = column_name(col);
    let mut c = name.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

pub(crate) fn cell(st: &Standing, col: &str) -> String {
    match col {
        "rank" => format!("{}{}", st.rank, if st.tied { "=" } else { "" }),
        "player" => st.name.clone(),
        "played" => st.played.to_string(),
        "wins" => wins_text(st.halves),
        "spread" => format!("{:+}", st.spread),
        "points" => st.points.to_string(),
        "percent" => st.percent.map_or("-".into(), |p| format!("{p:.2}")),
        "solved" => st.solved.to_string(),
        "moves" => st.moves.to_string(),
        "buchholz" => decimal(st.buchholz),
        "median-buchholz" => decimal(st.median_buchholz),
        "sonneborn-berger" => decimal(st.sonneborn_berger),
        "cumulative" => decimal(st.cumulative),
        _ => String::new(),
    }
}

/// A tie-break in wins as people read it: `4`, `4.5`, `2.75`.
fn decimal(x: f64) -> String {
    let s = format!("{x:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The standings as CSV (RFC 4180), every section, one header line.
pub fn standings_csv(r: &Results) -> String {
    let mut s = String::from(
        "section,game,rank,tied,player,played,wins,points,spread,matchpoints,top,percent,solved,moves\n",
    );
    for sec in &r.sections {
        for st in &sec.standings {
            let fields = [
                sec.section.to_string(),
                sec.game.to_string(),
                st.rank.to_string(),
                st.tied.to_string(),
                csv_text(&st.name),
                st.played.to_string(),
                wins_text(st.halves),
                st.points.to_string(),
                st.spread.to_string(),
                st.matchpoints.to_string(),
                st.top.to_string(),
                st.percent.map_or(String::new(), |p| format!("{p:.2}")),
                st.solved.to_string(),
                st.moves.to_string(),
            ];
            let line: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
            s.push_str(&line.join(","));
            s.push('\n');
        }
    }
    s
}

/// A text cell that a spreadsheet would take as a formula (it starts with
/// `=`, `+`, `-`, `@`, a tab or a carriage return) is written as text: an
/// apostrophe before it, as spreadsheets write text themselves. Numbers are
/// not passed through here (a spread of `-5` stays a number).
pub fn csv_text(f: &str) -> String {
    if f.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{f}")
    } else {
        f.to_string()
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
pub fn csv_field(f: &str) -> String {
    if f.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", f.replace('"', "\"\""))
    } else {
        f.to_string()
    }
}

/// "1 record", "3 records".
pub(crate) fn count(n: u64, singular: &str, plural: &str) -> String {
    format!("{n} {}", if n == 1 { singular } else { plural })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The headings of the standings (HTML, PDF, the wall): the tie-breaks spelt as
    /// directors spell them, the rest capitalised.
    #[test]
    fn column_titles_spell_the_tie_breaks_as_directors_do() {
        assert_eq!(column_title("rank"), "Rank");
        assert_eq!(column_title("buchholz"), "Buchholz");
        assert_eq!(column_title("sonneborn-berger"), "Sonneborn-Berger");
        assert_eq!(column_title("median-buchholz"), "Median Buchholz");
    }

    #[test]
    fn csv_fields_are_quoted_only_when_needed() {
        assert_eq!(csv_field("Anna"), "Anna");
        assert_eq!(csv_field("Rossi, Anna"), "\"Rossi, Anna\"");
        assert_eq!(csv_field("a \"b\""), "\"a \"\"b\"\"\"");
    }

    /// Issue 38: a name a spreadsheet would run as a formula is written as text.
    #[test]
    fn csv_names_that_look_like_formulas_are_text() {
        assert_eq!(
            csv_field(&csv_text("=HYPERLINK(\"http://x\",\"a\")")),
            "\"'=HYPERLINK(\"\"http://x\"\",\"\"a\"\")\""
        );
        for f in ["+1", "-1", "@SUM(A1)"] {
            assert_eq!(csv_text(f), format!("'{f}"));
        }
        assert_eq!(csv_text("Anna"), "Anna");
    }
}
