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
