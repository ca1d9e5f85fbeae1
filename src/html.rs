//! Text made safe for an HTML element or attribute: the results page (`event results
//! --format html`) and the table server's pages escape with this one function.

/// HTML-escape text for an element or an attribute (`&`, `<`, `>`, both quotes).
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
