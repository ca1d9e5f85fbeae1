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
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n\
         <p class=\"note\">{}<br>{}</p>\n",
        crate::lang::current().html_code(),
        escape(&r.event),
        escape(&r.event),
        escape(&crate::t!(
            "ev-meta-line",
            algorithm = r.algorithm,
            sha = r.description_sha256.as_str()
        )),
        escape(&crate::t!(
            "ev-public-value",
            value = r.public_value.as_str()
        ))
    );
    for sec in &r.sections {
        section(&mut s, sec);
    }
    s.push_str("</body>\n</html>\n");
    s
}

fn section(s: &mut String, sec: &SectionResults) {
    let paired = report::paired_text(sec);
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
        "<h2>{}</h2>\n<h3>{}</h3>\n\
         <p class=\"note\">{}</p>\n<div class=\"scroll\"><table>\n<thead><tr>\
         {head}</tr></thead>\n<tbody>\n",
        escape(&crate::t!(
            "ev-section-title",
            section = sec.section,
            game = sec.game,
            variant = sec.variant.as_str(),
            paired = paired
        )),
        escape(&crate::t!("ev-standings-title")),
        escape(&crate::t!(
            "ev-ranked-by",
            criteria = report::criteria_text(&sec.tie_breaks)
        ))
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
            "<p class=\"note\">{}</p>\n",
            escape(&crate::t!(
                "ev-bye-note",
                round = b.round,
                player = b.player.as_str()
            ))
        ));
    }
    let cross = super::crosstable::crosstable(sec);
    if !cross.is_empty() {
        let rounds: String = (1..=sec.rounds)
            .map(|r| {
                format!(
                    "<th class=\"t\">{}</th>",
                    escape(&crate::t!("ev-cross-round-title", round = r))
                )
            })
            .collect();
        s.push_str(&format!(
            "<h3>{}</h3>\n<p class=\"note\">{}</p>\n<div class=\"scroll\"><table>\n<thead><tr>\
             <th>#</th><th class=\"t\">{}</th><th>{}</th>{rounds}<th>{}</th></tr></thead>\n\
             <tbody>\n",
            escape(&crate::t!("ev-cross-title")),
            escape(&crate::t!("ev-cross-note")),
            escape(&report::column_title("player")),
            escape(&report::column_title("rank")),
            escape(&report::column_title("wins"))
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
            "<p class=\"bad\">{}</p>\n<ul>\n",
            escape(&crate::t!("ev-provisional-note", count = sec.missing.len()))
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
            "<h3>{}</h3>\n<p class=\"note\">{}</p>\n<div class=\"scroll\"><table>\n\
             <thead><tr><th>{}</th>{}\
             <th class=\"t\">{}</th><th class=\"t\">{}</th><th>{}</th><th>%</th></tr>\
             </thead>\n<tbody>\n",
            escape(&crate::t!("ev-board-title", board = b.board.as_str())),
            escape(&crate::t!(
                "ev-board-note",
                tables = b.tables.len(),
                top = b.top
            )),
            escape(&report::column_title("table")),
            if seats {
                format!(
                    "<th class=\"t\">{}</th>",
                    escape(&report::column_title("seat"))
                )
            } else {
                String::new()
            },
            escape(&report::column_title("player")),
            escape(&report::column_title("result")),
            escape(&report::column_title("mp"))
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
    s.push_str(&format!(
        "<h3>{}</h3>\n<div class=\"scroll\"><table>\n<thead><tr><th>{}</th>\
         <th class=\"t\">{}</th><th>{}</th><th class=\"t\">{}</th>\
         <th class=\"t\">{}</th></tr></thead>\n<tbody>\n",
        escape(&crate::t!("ev-records-title")),
        escape(&report::column_title("board")),
        escape(&report::column_title("players")),
        escape(&report::column_title("table")),
        escape(&report::column_title("verdict")),
        escape(&report::column_title("counts"))
    ));
    for rec in &sec.records {
        let verdict = match (rec.status, rec.verdict) {
            ("ok", Some(v)) => report::verdict_text(v),
            (status, _) => report::status_text(status),
        };
        let bad = rec.status != "ok" && rec.status != "slip" || rec.verdict == Some("illegal");
        let counts = match &rec.counted {
            Counted::Yes { seats, .. } => seats
                .iter()
                .map(|r| format!("{} {}", r.name, result_text(r)))
                .collect::<Vec<_>>()
                .join(", "),
            Counted::LeftOut { .. } => crate::t!("ev-left-out"),
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
            "<p class=\"note{}\">{}</p>\n",
            if slip == "agrees" { "" } else { " bad" },
            escape(&crate::t!(
                "ev-slip-note",
                board = rec.board.as_str(),
                table = rec.table,
                slip = report::slip_text(slip)
            ))
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
