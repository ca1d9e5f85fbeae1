//! Fitting a card's name into its box: the name is set as large as the box
//! allows (up to the definition's size), measured with the bundled font's real
//! advance widths, so it never overflows and is never clipped.
//!
//! printpdf sets text glyph by glyph without kerning, so the sum of advance
//! widths is exactly the width drawn. If one line would need a size below the
//! legible minimum, the name breaks at the space that balances two lines best.

use skrifa::instance::{LocationRef, Size};
use skrifa::{FontRef, MetadataProvider};

use crate::error::Error;

/// Millimetres per PostScript point.
pub const MM_PER_PT: f64 = 25.4 / 72.0;

/// The bundled font every kit sets its names in (bold, condensed: long names
/// fit): the bundled face's one copy in the binary (see [`super::fonts::FACES`]).
pub static NAME_FONT: &[u8] = super::fonts::FACES[1].2;

/// Advance widths and vertical extent of one font, in em units (1.0 = font size).
///
/// Widths are read from the font's `cmap` and `hmtx` as they are asked for:
/// a name uses a dozen characters, and a map of all of the font's thousands
/// (built at every start) cost more than every lookup of a 52-card kit.
#[derive(Clone)]
pub struct FontMetrics {
    font: FontRef<'static>,
    upem: f64,
    /// Advance of the glyph drawn for a character the font lacks.
    notdef: f64,
    /// Ascender above and descender below the baseline (both positive), in em.
    pub ascent: f64,
    pub descent: f64,
}

impl FontMetrics {
    /// Read the metrics of a TrueType/OpenType font.
    pub fn new(data: &'static [u8]) -> Result<Self, Error> {
        let font = FontRef::new(data).map_err(|e| {
            Error::failed("kit.font", format!("the bundled font cannot be read: {e}"))
        })?;
        let m = font.metrics(Size::unscaled(), LocationRef::default());
        let upem = f64::from(m.units_per_em.max(1));
        let glyphs = font.glyph_metrics(Size::unscaled(), LocationRef::default());
        let notdef = f64::from(glyphs.advance_width(skrifa::GlyphId::NOTDEF).unwrap_or(0.0)) / upem;
        Ok(FontMetrics {
            font,
            upem,
            notdef,
            ascent: f64::from(m.ascent) / upem,
            descent: f64::from(-m.descent).max(0.0) / upem,
        })
    }

    /// The bundled name font.
    pub fn name_font() -> Result<Self, Error> {
        Self::new(NAME_FONT)
    }

    /// Width of `text` at 1 pt, in em (= pt at size 1).
    pub fn width_em(&self, text: &str) -> f64 {
        let charmap = self.font.charmap();
        let glyphs = self
            .font
            .glyph_metrics(Size::unscaled(), LocationRef::default());
        text.chars()
            .map(|c| match charmap.map(c) {
                Some(gid) => f64::from(glyphs.advance_width(gid).unwrap_or(0.0)) / self.upem,
                None => self.notdef,
            })
            .sum()
    }

    /// Width of `text` set at `size_pt`, in mm.
    pub fn width_mm(&self, text: &str, size_pt: f64) -> f64 {
        self.width_em(text) * size_pt * MM_PER_PT
    }

    /// Height of one line (ascender + descender) at `size_pt`, in mm.
    pub fn line_height_mm(&self, size_pt: f64) -> f64 {
        (self.ascent + self.descent) * size_pt * MM_PER_PT
    }

    /// Characters of `text` the font has no glyph for.
    pub fn missing(&self, text: &str) -> Vec<char> {
        let charmap = self.font.charmap();
        let mut out: Vec<char> = text
            .chars()
            .filter(|c| !c.is_whitespace() && charmap.map(*c).is_none())
            .collect();
        out.dedup();
        out
    }
}

/// The box a name must fit in, and the sizes it may take.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TextBox {
    pub w_mm: f64,
    pub h_mm: f64,
    /// The size the definition asks for; shorter names keep it.
    pub max_pt: f64,
    /// Smallest legible size; below it the name breaks onto two lines.
    pub min_pt: f64,
}

/// A name laid out in its box.
#[derive(Debug, Clone, PartialEq)]
pub struct Fitted {
    pub size_pt: f64,
    /// One or two lines, top to bottom.
    pub lines: Vec<String>,
    /// Distance between baselines, in mm.
    pub line_height_mm: f64,
}

impl Fitted {
    /// Widest line, in mm.
    pub fn width_mm(&self, font: &FontMetrics) -> f64 {
        self.lines
            .iter()
            .map(|l| font.width_mm(l, self.size_pt))
            .fold(0.0, f64::max)
    }

    /// Height of the block, in mm.
    pub fn height_mm(&self) -> f64 {
        self.line_height_mm * self.lines.len() as f64
    }
}

/// Largest size (≤ max) at which `lines` fit the box.
fn size_for(font: &FontMetrics, lines: &[&str], b: &TextBox) -> f64 {
    let widest = lines.iter().map(|l| font.width_em(l)).fold(0.0, f64::max);
    let by_width = if widest > 0.0 {
        b.w_mm / (widest * MM_PER_PT)
    } else {
        f64::INFINITY
    };
    let by_height = b.h_mm / ((font.ascent + font.descent) * MM_PER_PT * lines.len() as f64);
    // A hair under the exact bound, so rounding in the PDF never pushes past the box.
    (by_width.min(by_height) * 0.999).min(b.max_pt)
}

/// Set `text` as large as `b` allows: one line if it can be at least `min_pt`,
/// else two lines split at the best space, else wrapped onto as many lines as the box
/// holds (a text with line breaks is always wrapped, its breaks kept); an error if none
/// fits at `min_pt`.
pub fn fit(font: &FontMetrics, text: &str, b: &TextBox) -> Result<Fitted, Error> {
    let text = text.trim();
    let missing = font.missing(text);
    if !missing.is_empty() {
        return Err(Error::input(
            "kit.text-glyph",
            format!("`{text}` uses characters the bundled font lacks: {missing:?}"),
        ));
    }
    let make = |lines: Vec<&str>, size_pt: f64| Fitted {
        size_pt,
        lines: lines.into_iter().map(str::to_string).collect(),
        line_height_mm: font.line_height_mm(size_pt),
    };
    if !text.contains('\n') {
        let one = size_for(font, &[text], b);
        if one >= b.min_pt {
            return Ok(make(vec![text], one));
        }
        let best_two = text
            .match_indices(' ')
            .map(|(i, _)| {
                let (a, c) = (text[..i].trim_end(), text[i..].trim_start());
                (size_for(font, &[a, c], b), a, c)
            })
            .max_by(|x, y| x.0.total_cmp(&y.0));
        if let Some((size, a, c)) = best_two.filter(|t| t.0 >= b.min_pt) {
            return Ok(make(vec![a, c], size));
        }
    }
    // Any number of lines the box allows (issue 45; a line break in the text is kept):
    // the largest size at which the words, wrapped to the box's width, fit its height.
    let fits = |size: f64| {
        let lines = wrap(font, text, b.w_mm, size);
        let ok = lines.iter().all(|l| font.width_mm(l, size) <= b.w_mm)
            && font.line_height_mm(size) * lines.len() as f64 <= b.h_mm;
        ok.then_some(lines)
    };
    if let Some(lines) = fits(b.min_pt) {
        let (mut lo, mut hi, mut best) = (b.min_pt, b.max_pt, lines);
        if let Some(l) = fits(hi) {
            best = l;
            lo = hi;
        }
        for _ in 0..40 {
            if hi - lo < 1e-3 {
                break;
            }
            let mid = (lo + hi) / 2.0;
            match fits(mid) {
                Some(l) => {
                    best = l;
                    lo = mid;
                }
                None => hi = mid,
            }
        }
        let refs: Vec<&str> = best.iter().map(String::as_str).collect();
        let size = size_for(font, &refs, b).max(lo * 0.999).min(b.max_pt);
        return Ok(make(refs, size));
    }
    let shown: String = if text.chars().count() > 40 {
        format!("{}…", text.chars().take(40).collect::<String>().trim_end())
    } else {
        text.to_string()
    };
    Err(Error::input(
        "kit.text-too-long",
        crate::t!(
            "kit-text-too-long",
            text = shown,
            w = format!("{:.1}", b.w_mm),
            h = format!("{:.1}", b.h_mm),
            pt = format!("{:.1}", b.min_pt),
            mm = format!("{:.1}", b.min_pt * MM_PER_PT)
        ),
    )
    .help(crate::t!("kit-text-too-long-help")))
}

/// `text` wrapped at spaces into lines at most `w_mm` wide at `size_pt` (a word wider
/// than that stands alone on its line); each line break of the text starts a new line.
pub fn wrap(font: &FontMetrics, text: &str, w_mm: f64, size_pt: f64) -> Vec<String> {
    let mut lines = Vec::new();
    for para in text.split('\n') {
        let mut line = String::new();
        for word in para.split_whitespace() {
            if line.is_empty() {
                line.push_str(word);
                continue;
            }
            let longer = format!("{line} {word}");
            if font.width_mm(&longer, size_pt) <= w_mm {
                line = longer;
            } else {
                lines.push(std::mem::replace(&mut line, word.to_string()));
            }
        }
        lines.push(line);
    }
    lines
}

/// The bundled name font's metrics, read once.
pub fn name_metrics() -> Result<&'static FontMetrics, Error> {
    static METRICS: std::sync::OnceLock<Result<FontMetrics, Error>> = std::sync::OnceLock::new();
    METRICS
        .get_or_init(FontMetrics::name_font)
        .as_ref()
        .map_err(Clone::clone)
}

/// The metrics of the bundled DejaVu Sans Bold, the face `font-family="DejaVu
/// Sans"` resolves to (captions and labels of pictures), read once.
pub fn sans_metrics() -> Result<&'static FontMetrics, Error> {
    static METRICS: std::sync::OnceLock<Result<FontMetrics, Error>> = std::sync::OnceLock::new();
    METRICS
        .get_or_init(|| FontMetrics::new(crate::kit::fonts::FACES[0].2))
        .as_ref()
        .map_err(Clone::clone)
}

/// The templates' `fit_text(text, box_w, box_h, max_size[, min_size])`, all in
/// the template's units (mm). It returns `size` (the font-size to use),
/// `lines` (one or two) and `line_height` (baseline to baseline), for text set
/// in the bundled condensed bold face (`font-family="DejaVu Sans"
/// font-weight="bold" font-stretch="condensed"`).
pub fn template_fit_text(
    text: String,
    box_w: f64,
    box_h: f64,
    max_size: f64,
    min_size: Option<f64>,
) -> Result<minijinja::Value, minijinja::Error> {
    let fail = |e: Error| minijinja::Error::new(minijinja::ErrorKind::InvalidOperation, e.message);
    let font = name_metrics().map_err(fail)?;
    let b = TextBox {
        w_mm: box_w,
        h_mm: box_h,
        max_pt: max_size / MM_PER_PT,
        min_pt: min_size.unwrap_or(DEFAULT_MIN_MM) / MM_PER_PT,
    };
    let f = fit(font, &text, &b).map_err(fail)?;
    Ok(minijinja::context! {
        size => f.size_pt * MM_PER_PT,
        lines => f.lines,
        line_height => f.line_height_mm,
    })
}

/// Smallest size `fit_text` sets a name in, in mm (about 6 pt).
pub const DEFAULT_MIN_MM: f64 = 2.1;

#[cfg(test)]
mod tests {
    use super::*;

    fn font() -> FontMetrics {
        FontMetrics::name_font().unwrap()
    }

    /// The name box of a poker card's title band (see templates/decktet.toml).
    const NAME_BOX: TextBox = TextBox {
        w_mm: 45.0,
        h_mm: 6.0,
        max_pt: 14.0,
        min_pt: 6.0,
    };

    #[test]
    fn widths_are_the_fonts_real_advances() {
        let f = font();
        // DejaVu Sans Condensed Bold: 'W' is far wider than 'i'; widths add up.
        assert!(f.width_em("W") > 2.0 * f.width_em("i"));
        let (a, b) = (f.width_em("THE "), f.width_em("CASTLE"));
        assert!((f.width_em("THE CASTLE") - a - b).abs() < 1e-12);
        // Sanity: a capital is roughly 0.6-0.8 em in a condensed bold face.
        let m = f.width_em("M");
        assert!(m > 0.5 && m < 0.9, "{m}");
        assert!(f.ascent > 0.7 && f.descent > 0.1);
    }

    #[test]
    fn short_names_keep_the_requested_size() {
        let f = font();
        let fit = fit(&f, "THE SEA", &NAME_BOX).unwrap();
        assert_eq!(fit.size_pt, NAME_BOX.max_pt);
        assert_eq!(fit.lines, vec!["THE SEA"]);
    }

    #[test]
    fn longest_names_shrink_to_fit_never_overflow() {
        let f = font();
        // The longest Decktet and Farfalia names.
        for name in [
            "THE CHANCE MEETING",
            "THE LIGHT KEEPER",
            "THE DISCOVERY",
            "CONCHIGLIE",
            "ARANCIONE · CONCHIGLIE",
        ] {
            let fit = fit(&f, name, &NAME_BOX).unwrap();
            assert!(fit.width_mm(&f) <= NAME_BOX.w_mm, "{name}: {fit:?}");
            assert!(fit.height_mm() <= NAME_BOX.h_mm, "{name}: {fit:?}");
            assert!(fit.size_pt >= NAME_BOX.min_pt, "{name}: {fit:?}");
            // Shrunk only as much as needed: 2% larger would overflow (or it is at max).
            let bigger = fit.size_pt * 1.02;
            assert!(
                fit.size_pt == NAME_BOX.max_pt
                    || fit
                        .lines
                        .iter()
                        .any(|l| f.width_mm(l, bigger) > NAME_BOX.w_mm)
                    || f.line_height_mm(bigger) * fit.lines.len() as f64 > NAME_BOX.h_mm,
                "{name}: {fit:?}"
            );
        }
        let long = fit(&f, "THE CHANCE MEETING", &NAME_BOX).unwrap();
        let short = fit(&f, "THE PACT", &NAME_BOX).unwrap();
        assert!(long.size_pt < short.size_pt);
    }

    #[test]
    fn a_name_too_long_for_one_line_breaks_at_the_balancing_space() {
        let f = font();
        let narrow = TextBox {
            w_mm: 16.0,
            h_mm: 12.0,
            max_pt: 12.0,
            min_pt: 7.0,
        };
        let fit = fit(&f, "THE CHANCE MEETING", &narrow).unwrap();
        assert_eq!(fit.lines, vec!["THE CHANCE", "MEETING"]);
        assert!(fit.width_mm(&f) <= narrow.w_mm && fit.height_mm() <= narrow.h_mm);
    }

    /// Issue 45: a rule text of 150 characters wraps onto as many lines as its box holds
    /// (it stopped at two), each inside the box, as large as they can be.
    #[test]
    fn a_long_text_wraps_onto_as_many_lines_as_the_box_holds() {
        let f = font();
        let rule = "Pesca due carte dal mazzo, poi scartane una a tua scelta; \
                    se hai scartato un sole, il giocatore alla tua sinistra salta il turno.";
        let b = TextBox {
            w_mm: 51.0,
            h_mm: 20.0,
            max_pt: 9.0,
            min_pt: 6.0,
        };
        let fit = fit(&f, rule, &b).unwrap();
        assert!(fit.lines.len() >= 3, "{fit:?}");
        assert!(
            fit.width_mm(&f) <= b.w_mm && fit.height_mm() <= b.h_mm,
            "{fit:?}"
        );
        assert!(
            fit.size_pt >= b.min_pt && fit.size_pt <= b.max_pt,
            "{fit:?}"
        );
        assert_eq!(fit.lines.join(" "), rule);
        // As large as it can be: a little larger no longer fits, wrapped anew.
        let bigger = fit.size_pt * 1.03;
        let again = wrap(&f, rule, b.w_mm, bigger);
        assert!(
            fit.size_pt >= b.max_pt * 0.99
                || again.iter().any(|l| f.width_mm(l, bigger) > b.w_mm)
                || f.line_height_mm(bigger) * again.len() as f64 > b.h_mm,
            "{fit:?}"
        );
        // A line break in the text is kept.
        let fit = super::fit(&f, "Sole\nLuna", &b).unwrap();
        assert_eq!(fit.lines, ["Sole", "Luna"]);
    }

    #[test]
    fn impossible_boxes_are_a_clear_error() {
        let f = font();
        let tiny = TextBox {
            w_mm: 5.0,
            h_mm: 3.0,
            max_pt: 12.0,
            min_pt: 6.0,
        };
        let e = fit(&f, "THE CHANCE MEETING", &tiny).unwrap_err();
        assert_eq!(e.code, "kit.text-too-long");
        assert!(e.message.contains("THE CHANCE MEETING"));
        // The size rounded, in points and mm (issue 45: `5.952755905511812 pt`).
        assert!(
            e.message.contains("at 6.0 pt (2.1 mm) or more"),
            "{}",
            e.message
        );
        let e = fit(&f, "\u{1F98B}", &NAME_BOX).unwrap_err();
        assert_eq!(e.code, "kit.text-glyph");
    }
}
