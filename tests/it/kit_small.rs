//! Issue 45's small items: a CSV with Windows line endings names the row at fault by its
//! own line; a template's typo names the undefined name at its column; PNG previews are
//! numbered with zero padding. (Watch mode's are in `kit_watch`.)

use std::path::Path;

use crate::kit_common::{stderr, tavolo_in};

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

/// A kit of `items_from = "cards.csv"` with a cost column, drawn by `card.svg`.
fn deck(dir: &Path, card: &str) {
    write(
        dir,
        "cards.toml",
        "name = \"cards\"\n\n[[component]]\nname = \"cards\"\nsize_mm = [63, 88]\n\
         front = \"card.svg\"\nitems_from = \"cards.csv\"\nnumbers = [\"cost\"]\n",
    );
    write(dir, "card.svg", card);
}

const CARD: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{{ w }}\" height=\"{{ h }}\" viewBox=\"0 0 {{ w }} {{ h }}\">\n\
  <text x=\"5\" y=\"14\" font-size=\"6\">{{ name }} {{ cost }}</text>\n</svg>\n";

#[test]
fn a_windows_csv_names_the_row_at_fault_by_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    deck(d, CARD);
    // Row 5 (line 5) holds the bad cost; a quoted line break on line 3 moves nothing.
    write(
        d,
        "cards.csv",
        "name,cost\r\nSole,3\r\n\"Luna\r\nnuova\",1\r\nStella,2\r\nCielo,free\r\n",
    );
    let o = tavolo_in(d, &["kit", "cards.toml"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("cards.csv:6:7: column `cost`: `free` is not a number"),
        "{err}"
    );
    assert!(err.contains("6 | Cielo,free"), "{err}");
    assert!(!d.join("output/cards.pdf").exists());
}

#[test]
fn a_template_typo_names_the_undefined_name_and_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    deck(
        d,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{{ w }}\" height=\"{{ h }}\" viewBox=\"0 0 {{ w }} {{ h }}\">\n\
         {% for i in range(2) %}<rect x=\"{{ i }}\" width=\"1\" height=\"1\"/>{% endfor %}\n\
           {% set t = fit_text(nome, w - 24, 9, 6) %}\n\
           <text font-size=\"{{ t.size }}\">{{ t.lines[0] }}</text>\n</svg>\n",
    );
    write(d, "cards.csv", "name,cost\nSole,3\n");
    let o = tavolo_in(d, &["kit", "cards.toml"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("error[kit.template]: card.svg:3:21: template error: `nome` is undefined"),
        "{err}"
    );
    assert!(err.contains("did you mean `name`?"), "{err}");
    assert!(err.contains("piece 1 of `cards`"), "{err}");
    // A key its table lacks is named with the table.
    write(
        d,
        "card.svg",
        &CARD.replace("{{ cost }}", "{{ data.colour }}"),
    );
    let err = stderr(&tavolo_in(d, &["kit", "cards.toml"]));
    assert!(
        err.contains("card.svg:2:48: template error: `data.colour` is undefined"),
        "{err}"
    );
    // In Italian too.
    let err = stderr(&tavolo_in(d, &["--lang", "it", "kit", "cards.toml"]));
    assert!(err.contains("`data.colour` non è definito"), "{err}");
}

#[test]
fn png_previews_are_numbered_with_zero_padding() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Ten A4 sheets: one 150 x 200 mm piece each.
    write(
        d,
        "cielo.toml",
        "name = \"cielo\"\n\n[[component]]\nname = \"boards\"\nsize_mm = [150, 200]\n\
         front = \"b.svg\"\ncount = 10\nitems = [ { n = 1 } ]\n",
    );
    write(
        d,
        "b.svg",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{{ w }}\" height=\"{{ h }}\" viewBox=\"0 0 {{ w }} {{ h }}\">\
         <rect width=\"{{ w }}\" height=\"{{ h }}\" fill=\"#9cf\"/></svg>",
    );
    let o = tavolo_in(d, &["kit", "cielo.toml", "--png", "--dpi", "10"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let mut names: Vec<String> = std::fs::read_dir(d.join("output"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".png"))
        .collect();
    names.sort();
    let expected: Vec<String> = (1..=10).map(|i| format!("cielo-{i:02}.png")).collect();
    assert_eq!(names, expected);
}

const RULE: &str =
    "Pesca due carte dal mazzo, poi scartane una a tua scelta; se hai scartato un sole, \
                    il giocatore alla tua sinistra salta il turno e tu peschi ancora una carta.";

/// A rule card: `rule` wrapped by fit_text into a 51 x 30 mm box, a `<text>` per line.
fn rule_card(d: &Path, max_mm: f64, min_mm: f64) {
    write(
        d,
        "rules.toml",
        &format!(
            "name = \"rules\"\n\n[[component]]\nname = \"rules\"\nsize_mm = [63, 88]\nrotate = false\n\
             front = \"rule.svg\"\nitems = [ {{ rule = \"{RULE}\" }} ]\n"
        ),
    );
    write(
        d,
        "rule.svg",
        &format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{{{{ w }}}}\" height=\"{{{{ h }}}}\" viewBox=\"0 0 {{{{ w }}}} {{{{ h }}}}\">\n\
             {{% set t = fit_text(rule, 51, 30, {max_mm}, {min_mm}) %}}\n\
             {{% for l in t.lines %}}<text x=\"6\" y=\"{{{{ 40 + t.size * 0.76 + loop.index0 * t.line_height }}}}\" \
             font-size=\"{{{{ t.size }}}}\" font-family=\"DejaVu Sans\" font-weight=\"bold\" \
             font-stretch=\"condensed\">{{{{ l }}}}</text>{{% endfor %}}\n</svg>\n"
        ),
    );
}

/// Issue 45: a rule text wraps onto six lines inside its 51 x 30 mm box (text stopped at
/// two lines), read back from the PDF with `pdftotext -bbox`.
#[test]
fn a_long_rule_wraps_onto_six_lines_inside_its_box() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rule_card(d, 4.0, 2.1);
    let o = tavolo_in(d, &["kit", "rules.toml"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let Ok(o) = std::process::Command::new("pdftotext")
        .args(["-bbox"])
        .arg(d.join("output/rules.pdf"))
        .arg("-")
        .output()
    else {
        eprintln!("note: pdftotext is absent; the PDF is not read back");
        return;
    };
    let bbox = String::from_utf8(o.stdout).unwrap();
    let attr = |l: &str, k: &str| -> f64 {
        let at = l.find(&format!("{k}=\"")).unwrap() + k.len() + 2;
        l[at..].split('"').next().unwrap().parse().unwrap()
    };
    // The rule's words: those below the sheet's label.
    let words: Vec<(String, f64, f64, f64, f64)> = bbox
        .lines()
        .filter(|l| l.trim_start().starts_with("<word "))
        .map(|l| {
            let text = l.split('>').nth(1).unwrap().split('<').next().unwrap();
            let a = |k| attr(l, k);
            (text.to_string(), a("xMin"), a("yMin"), a("xMax"), a("yMax"))
        })
        .filter(|w| w.2 > 40.0)
        .collect();
    let text: Vec<&str> = words.iter().map(|w| w.0.as_str()).collect();
    assert_eq!(text.join(" "), RULE);
    let mut tops: Vec<f64> = words.iter().map(|w| w.2).collect();
    tops.dedup_by(|a, b| (*a - *b).abs() < 0.5);
    assert_eq!(tops.len(), 6, "{bbox}");
    let pt = 72.0 / 25.4;
    let left = words.iter().map(|w| w.1).fold(f64::MAX, f64::min);
    let right = words.iter().map(|w| w.3).fold(0.0, f64::max);
    let top = words.iter().map(|w| w.2).fold(f64::MAX, f64::min);
    let bottom = words.iter().map(|w| w.4).fold(0.0, f64::max);
    assert!(right - left <= 51.0 * pt, "{} mm wide", (right - left) / pt);
    assert!(bottom - top <= 30.0 * pt, "{} mm high", (bottom - top) / pt);
    // Every line starts at the box's left edge.
    for t in &tops {
        let first = words.iter().find(|w| (w.2 - t).abs() < 0.5).unwrap();
        assert!((first.1 - left).abs() < 0.01, "{first:?}");
    }
}

/// A text that cannot fit at the smallest size names its field, the size rounded, the piece.
#[test]
fn a_text_too_long_names_its_field_and_the_size_rounded() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rule_card(d, 9.0, 2.1);
    let svg = std::fs::read_to_string(d.join("rule.svg")).unwrap();
    write(
        d,
        "rule.svg",
        &svg.replace("fit_text(rule, 51, 30,", "fit_text(rule, 20, 8,"),
    );
    let o = tavolo_in(d, &["kit", "rules.toml"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("error[kit.template]: rule.svg:2:"), "{err}");
    assert!(
        err.contains("field `rule`: `Pesca due carte dal mazzo, poi scartane…` does not fit a 20.0 x 8.0 mm box at 6.0 pt (2.1 mm) or more"),
        "{err}"
    );
    assert!(err.contains("piece 1 of `rules`"), "{err}");
    assert!(err.contains("shorten the text, widen its box"), "{err}");
}
