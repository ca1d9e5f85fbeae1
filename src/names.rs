//! Player names as tavolo takes them (records, kits, events): a name that holds a
//! control character (C0 or C1, ESC and BEL among them: a terminal acts on them) or a
//! bidirectional override or isolate (U+202A-202E, U+2066-2069, and the marks U+200E,
//! U+200F, U+061C: they reorder the text shown after them) is refused at input, and
//! whatever is printed of such a text is [`escaped`].

/// The first character of `text` a terminal or a bidirectional display would act on
/// rather than show, if there is one.
pub fn unsafe_char(text: &str) -> Option<char> {
    text.chars().find(|&c| is_unsafe(c))
}

/// Is `c` a control character or a bidirectional control?
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}'
        )
}

/// `text` with each [`is_unsafe`] character written as `\u{XXXX}`, safe to print.
pub fn escaped(text: &str) -> std::borrow::Cow<'_, str> {
    escaped_but(text, |_| false)
}

/// [`escaped`], keeping line breaks and tabs (a message's own layout): what
/// [`crate::error::Error::render`] prints.
pub fn escaped_text(text: &str) -> std::borrow::Cow<'_, str> {
    escaped_but(text, |c| c == '\n' || c == '\t')
}

/// Is `c` unsafe to print in a message, where line breaks and tabs are its layout?
pub fn is_unsafe_in_text(c: char) -> bool {
    is_unsafe(c) && c != '\n' && c != '\t'
}

fn escaped_but(text: &str, keep: impl Fn(char) -> bool) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|c| is_unsafe(c) && !keep(c)) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_unsafe(c) && !keep(c) {
            out.push_str(&format!("\\u{{{:04X}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The message for a name refused because of `c`.
pub fn refusal(what: &str, name: &str, c: char) -> String {
    format!(
        "{what} `{}` holds the control character U+{:04X}: names may hold no control or bidirectional-override character",
        escaped(name),
        c as u32
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminal_escapes_and_overrides_are_found_and_escaped() {
        assert_eq!(unsafe_char("Anna"), None);
        assert_eq!(unsafe_char("Zoë Müller-Ōta 李"), None);
        assert_eq!(unsafe_char("a\u{1b}]0;x\u{7}"), Some('\u{1b}'));
        assert_eq!(unsafe_char("a\u{202e}b"), Some('\u{202e}'));
        assert_eq!(unsafe_char("a\u{2067}b"), Some('\u{2067}'));
        assert_eq!(unsafe_char("a\u{85}b"), Some('\u{85}'));
        assert_eq!(unsafe_char("a\u{9b}31m"), Some('\u{9b}'));
        assert_eq!(escaped("a\u{1b}]0;x\u{7}"), "a\\u{001B}]0;x\\u{0007}");
        assert_eq!(escaped("a\u{202e}b"), "a\\u{202E}b");
    }
}
