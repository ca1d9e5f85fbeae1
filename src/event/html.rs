//! The results as one self-contained HTML page, for a club's web site or a
//! projector: no JavaScript, no external font or style sheet, tables that
//! scroll sideways on a phone. Same results, same bytes.

use super::measure::Counted;
use super::report;
use super::results::{result_text, Results, SectionResults};

pub use crate::html::escape;

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:1rem auto;max-width:60rem;\
padding:0 1rem;line-height:1.4;color:#111;background:#fff}\
h1{font-size:1.6rem}h2{font-size:1.3rem;margin-top:2rem}h3{font-size:1.05rem}\
.scroll{overflow-x:auto}table{border-collapse:collapse;margin:.5rem 0}\
th,td{padding:.25rem .6rem;border-bottom:1px solid #ccc;text-align:right;white-space:nowrap}\
.t{text-align:left}thead th{border-bottom:2px solid #333}\
.note{color:#555;font-size:.9rem;overflow-wrap:anywhere}.bad{color:#a00}\
@media (prefers-color-scheme:dark){body{background:#111;color:#eee}.note{color:#aaa}}";

/// The whole page.
pub fn page(r: &Results) -> String {
    let mut s = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n\
         <p class=\"note\">{} · description SHA-256 {}<br>public value: {}</p>\n",
        escape(&r.event),
        escape(&r.event),
        r.algorithm,
        r.description_sha256,
        escape(&r.public_value)
    );
    for sec in &r.sections {
        section(&mut s, sec);
    }
    s.push_str("</body>\n</html>\n");
    s
}

fn section(s: &mut String, sec: &SectionResults) {
    let paired = sec
        .pairing
        .map(|p| format!(", {p} over {} rounds", sec.rounds))
        .unwrap_or_default();
    // The standings' columns as the text and the printed page have them.
    let cols = report::columns(sec);
    let head: String = cols
        .iter()
        .map(|c| {
            format!(
                "<th{}>{}</th>",
                text_class(*c == "player"),
                report::column_title(c)
            )
        })
        .collect();
    s.push_str(&format!(
        "<h2>Section {}: {} ({}){}</h2>\n<h3>Standings</h3>\n\
         <p class=\"note\">Ranked by {}.</p>\n<div class=\"scroll\"><table>\n<thead><tr>\
         {head}</tr></thead>\n<tbody>\n",
        sec.section,
        escape(sec.game),
        escape(&sec.variant),
        escape(&paired),
        escape(&sec.tie_breaks.join(", then "))
    ));
    for st in &sec.standings {
        let row: String = cols
            .iter()
            .map(|c| {
                format!(
                    "<td{}>{}</td>",
                    text_class(*c == "player"),
                    escape(&report::cell(st, c))
                )
            })
            .collect();
        s.push_str(&format!("<tr>{row}</tr>\n"));
    }
    s.push_str("</tbody>\n</table></div>\n");
    for b in &sec.byes {
        s.push_str(&format!(
            "<p class=\"note\">Round {}: bye for {} (a win).</p>\n",
            b.round,
            escape(&b.player)
        ));
    }
    let cross = super::crosstable::crosstable(sec);
    if !cross.is_empty() {
        let rounds: String = (1..=sec.rounds)
            .map(|r| format!("<th class=\"t\">R{r}</th>"))
            .collect();
        s.push_str(&format!(
            "<h3>Crosstable</h3>\n<p class=\"note\">W won, L lost, T tied against the line \
             number; ? missing; x not counted.</p>\n<div class=\"scroll\"><table>\n<thead><tr>\
             <th>#</th><th class=\"t\">Player</th><th>Rank</th>{rounds}<th>Wins</th></tr></thead>\n\
             <tbody>\n"
        ));
        for row in &cross {
            let cells: String = row
                .rounds
                .iter()
                .map(|c| format!("<td class=\"t\">{}</td>", escape(c)))
                .collect();
            s.push_str(&format!(
                "<tr><td>{}</td><td class=\"t\">{}</td><td>{}</td>{cells}<td>{}</td></tr>\n",
                row.line,
                escape(&row.name),
                escape(&row.rank),
                escape(&row.wins)
            ));
        }
        s.push_str("</tbody>\n</table></div>\n");
    }
    if !sec.missing.is_empty() {
        s.push_str(&format!(
            "<p class=\"bad\">Provisional: {} missing, each counting nothing until it is \
             handed in.</p>\n<ul>\n",
            report::count(sec.missing.len() as u64, "result", "results")
        ));
        for m in &sec.missing {
            s.push_str(&format!("<li>{}</li>\n", escape(&m.to_string())));
        }
        s.push_str("</ul>\n");
    }
    for b in &sec.boards {
        // The seat's column only where a seat is not its player's name.
        let seats = b
            .tables
            .iter()
            .flat_map(|r| &r.seats)
            .any(|x| x.seat != x.player);
        s.push_str(&format!(
            "<h3>Board {}</h3>\n<p class=\"note\">Compared at {} tables; MP: matchpoints, \
             of a top of {}.</p>\n<div class=\"scroll\"><table>\n<thead><tr><th>Table</th>{}\
             <th class=\"t\">Player</th><th class=\"t\">Result</th><th>MP</th><th>%</th></tr>\
             </thead>\n<tbody>\n",
            escape(&b.board),
            b.tables.len(),
            b.top,
            if seats {
                "<th class=\"t\">Seat</th>"
            } else {
                ""
            }
        ));
        for row in &b.tables {
            for x in &row.seats {
                let seat = if seats {
                    format!("<td class=\"t\">{}</td>", escape(&x.seat))
                } else {
                    String::new()
                };
                s.push_str(&format!(
                    "<tr><td>{}</td>{seat}<td class=\"t\">{}</td><td class=\"t\">{}</td>\
                     <td>{}</td><td>{}</td></tr>\n",
                    row.table,
                    escape(&x.player),
                    escape(&x.result),
                    x.matchpoints,
                    x.percent.map_or("–".to_string(), |p| format!("{p:.2}"))
                ));
            }
        }
        s.push_str("</tbody>\n</table></div>\n");
    }
    s.push_str(
        "<h3>Records</h3>\n<div class=\"scroll\"><table>\n<thead><tr><th>Board</th>\
         <th class=\"t\">Players</th><th>Table</th><th class=\"t\">Verdict</th>\
         <th class=\"t\">Counts</th></tr></thead>\n<tbody>\n",
    );
    for rec in &sec.records {
        let verdict = match (rec.status, rec.verdict) {
            ("ok", Some(v)) => v.to_string(),
            (status, _) => status.to_string(),
        };
        let bad = rec.status != "ok" && rec.status != "slip" || rec.verdict == Some("illegal");
        let counts = match &rec.counted {
            Counted::Yes { seats, .. } => seats
                .iter()
                .map(|r| format!("{} {}", r.name, result_text(r)))
                .collect::<Vec<_>>()
                .join(", "),
            Counted::LeftOut { .. } => "left out".to_string(),
        };
        s.push_str(&format!(
            "<tr><td>{}</td><td class=\"t\">{}</td><td>{}</td><td class=\"t{}\">{}</td>\
             <td class=\"t\">{}</td></tr>\n",
            escape(&rec.board),
            escape(&rec.players.join(" v ")),
            rec.table,
            if bad { " bad" } else { "" },
            escape(&verdict),
            escape(&counts)
        ));
    }
    s.push_str("</tbody>\n</table></div>\n");
    // Score slips handed in beside their records: agreeing, or the first
    // wrong total (then the results exit 1).
    for rec in sec.records.iter().filter(|r| r.slip.is_some()) {
        let slip = rec.slip.as_deref().unwrap_or("");
        s.push_str(&format!(
            "<p class=\"note{}\">Board {}, table {}: the score slip: {}</p>\n",
            if slip == "agrees" { "" } else { " bad" },
            escape(&rec.board),
            rec.table,
            escape(slip)
        ));
    }
}

/// Text columns are set flush left, numbers flush right.
fn text_class(text: bool) -> &'static str {
    if text {
        " class=\"t\""
    } else {
        ""
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape("<b>Anna & \"Bruno\"</b>"),
            "&lt;b&gt;Anna &amp; &quot;Bruno&quot;&lt;/b&gt;"
        );
    }
}
