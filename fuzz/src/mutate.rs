//! Mutations: byte-level ones (as AFL's havoc stage), text-aware ones (tokens,
//! numbers, whole lines, splices with other inputs) and, for TOML, structural
//! ones on the parsed document (replace a value, drop or rename a key, repeat
//! an array item), written back so the result still parses and reaches the
//! readers' checks beyond the TOML syntax.

use crate::rng::Rng;

/// How a target's inputs are shaped, which decides the structural mutations.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Toml,
    Text,
}

const BYTES: &[u8] = b"\0\xff\n\r\t \"'[]{}=#,.-+:/<>&;\\\xc3\xa8\x80";
const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "2",
    "7",
    "15",
    "16",
    "127",
    "128",
    "255",
    "256",
    "65535",
    "65536",
    "2147483647",
    "-2147483648",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551616",
    "1e308",
    "-0.0",
    "nan",
    "inf",
];

fn number_text(rng: &mut Rng) -> String {
    if rng.chance(3) {
        (rng.next() % 1000).to_string()
    } else {
        rng.pick(NUMBERS).to_string()
    }
}

/// Tokens worth inserting: identifiers, quoted strings and numbers found in the
/// seeds, and the target's own words.
pub fn harvest(seeds: &[Vec<u8>], extra: &[&str]) -> Vec<Vec<u8>> {
    let mut set = std::collections::BTreeSet::new();
    for e in extra {
        set.insert(e.as_bytes().to_vec());
    }
    for s in seeds {
        let text = String::from_utf8_lossy(s);
        for w in text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-')) {
            if (1..=24).contains(&w.chars().count()) {
                set.insert(w.as_bytes().to_vec());
            }
        }
        for q in text.split('"').skip(1).step_by(2) {
            if q.len() <= 40 && !q.contains('\n') {
                set.insert(format!("\"{q}\"").into_bytes());
            }
        }
    }
    set.into_iter().take(4000).collect()
}

pub struct Mutator<'a> {
    pub shape: Shape,
    pub dict: &'a [Vec<u8>],
    pub max_len: usize,
}

impl Mutator<'_> {
    /// A mutant of `input`; `others` is the corpus to splice from.
    pub fn mutate(&self, rng: &mut Rng, input: &[u8], others: &[Vec<u8>]) -> Vec<u8> {
        let mut out = input.to_vec();
        if self.shape == Shape::Toml && rng.chance(3) {
            if let Some(t) = self.toml(rng, &out) {
                out = t;
                if rng.chance(2) {
                    return self.clip(out);
                }
            }
        }
        let n = 1 << rng.below(4);
        for _ in 0..n {
            self.once(rng, &mut out, others);
        }
        self.clip(out)
    }

    fn clip(&self, mut v: Vec<u8>) -> Vec<u8> {
        v.truncate(self.max_len);
        v
    }

    fn token(&self, rng: &mut Rng) -> Vec<u8> {
        if self.dict.is_empty() || rng.chance(8) {
            number_text(rng).into_bytes()
        } else {
            rng.pick(self.dict).clone()
        }
    }

    fn once(&self, rng: &mut Rng, v: &mut Vec<u8>, others: &[Vec<u8>]) {
        let len = v.len();
        let at = rng.below(len + 1);
        match rng.below(12) {
            0 if len > 0 => {
                let i = rng.below(len);
                v[i] ^= 1 << rng.below(8);
            }
            1 if len > 0 => {
                let i = rng.below(len);
                v[i] = *rng.pick(BYTES);
            }
            2 if len > 0 => {
                let i = rng.below(len);
                let n = (1 + rng.below(16)).min(len - i);
                v.drain(i..i + n);
            }
            3 if len > 0 => {
                let i = rng.below(len);
                let n = (1 + rng.below(64)).min(len - i);
                let chunk = v[i..i + n].to_vec();
                v.splice(at..at, chunk);
            }
            4 => {
                let t = self.token(rng);
                v.splice(at..at, t);
            }
            5 => {
                // Replace the word at `at` by a token.
                let (s, e) = word_at(v, at);
                let t = self.token(rng);
                v.splice(s..e, t);
            }
            6 => {
                // Replace a run of digits by an interesting number.
                if let Some((s, e)) = digits_from(v, at) {
                    v.splice(s..e, number_text(rng).into_bytes());
                }
            }
            7 => line_op(rng, v, others),
            8 if !others.is_empty() => {
                let o = rng.pick(others);
                let cut = rng.below(o.len() + 1);
                v.truncate(at);
                v.extend_from_slice(&o[cut..]);
            }
            9 => {
                let i = rng.below(len + 1);
                let n = 1 + rng.below(8);
                let b = *rng.pick(BYTES);
                v.splice(i..i, std::iter::repeat_n(b, n));
            }
            10 if len > 0 => {
                // Grow: repeat a chunk many times (long lines, deep nesting).
                let i = rng.below(len);
                let n = (1 + rng.below(32)).min(len - i);
                let chunk = v[i..i + n].to_vec();
                let times = 1 + rng.below(64);
                let rep: Vec<u8> = chunk.iter().copied().cycle().take(n * times).collect();
                v.splice(at..at, rep);
            }
            _ => {
                let t = self.token(rng);
                let (s, e) = word_at(v, at);
                if s < e {
                    v.splice(e..e, t);
                }
            }
        }
    }

    /// A structural mutation of a TOML document, or `None` if it does not parse.
    fn toml(&self, rng: &mut Rng, input: &[u8]) -> Option<Vec<u8>> {
        let text = std::str::from_utf8(input).ok()?;
        let mut doc: toml::Table = toml::from_str(text).ok()?;
        let mut count = 0;
        count_values(&doc, &mut count);
        if count == 0 {
            return None;
        }
        let mut target = rng.below(count);
        let token = String::from_utf8_lossy(&self.token(rng)).into_owned();
        let choice = rng.below(8);
        let num = number_text(rng);
        edit_table(&mut doc, &mut target, &mut |key, parent, v| match choice {
            0 => *v = toml::Value::String(token.trim_matches('"').to_string()),
            1 => {
                *v = num
                    .parse::<i64>()
                    .map(toml::Value::Integer)
                    .unwrap_or(toml::Value::String(num.clone()))
            }
            2 => *v = toml::Value::Array(vec![]),
            3 => {
                if let toml::Value::Array(a) = v {
                    if let Some(x) = a.first().cloned() {
                        a.push(x);
                    }
                } else {
                    *v = toml::Value::Array(vec![v.clone(), v.clone()]);
                }
            }
            4 => {
                if let (Some(k), Some(p)) = (key, parent) {
                    p.push((k.to_string(), None));
                }
            }
            5 => {
                if let (Some(_), Some(p)) = (key, parent) {
                    p.push((token.trim_matches('"').to_string(), Some(v.clone())));
                }
            }
            6 => *v = toml::Value::Boolean(true),
            _ => {
                if let toml::Value::Array(a) = v {
                    let n = a.len();
                    if n > 1 {
                        a.swap(0, n - 1);
                    }
                    a.pop();
                } else {
                    *v = toml::Value::Table(toml::Table::new());
                }
            }
        });
        toml::to_string(&doc).ok().map(String::into_bytes)
    }
}

/// Pending edits of a table: remove key (`None`) or add key with value.
type Edits = Vec<(String, Option<toml::Value>)>;

fn count_values(t: &toml::Table, n: &mut usize) {
    for v in t.values() {
        count_value(v, n);
    }
}

fn count_value(v: &toml::Value, n: &mut usize) {
    *n += 1;
    match v {
        toml::Value::Table(t) => count_values(t, n),
        toml::Value::Array(a) => a.iter().for_each(|x| count_value(x, n)),
        _ => {}
    }
}

fn edit_table(
    t: &mut toml::Table,
    target: &mut usize,
    f: &mut dyn FnMut(Option<&str>, Option<&mut Edits>, &mut toml::Value),
) -> bool {
    let mut edits: Edits = Vec::new();
    let mut done = false;
    for (k, v) in t.iter_mut() {
        if *target == 0 {
            f(Some(k), Some(&mut edits), v);
            done = true;
            break;
        }
        *target -= 1;
        if edit_value(v, target, f) {
            done = true;
            break;
        }
    }
    for (k, v) in edits {
        match v {
            None => {
                t.remove(&k);
            }
            Some(v) => {
                t.insert(k, v);
            }
        }
    }
    done
}

fn edit_value(
    v: &mut toml::Value,
    target: &mut usize,
    f: &mut dyn FnMut(Option<&str>, Option<&mut Edits>, &mut toml::Value),
) -> bool {
    match v {
        toml::Value::Table(t) => edit_table(t, target, f),
        toml::Value::Array(a) => {
            for x in a.iter_mut() {
                if *target == 0 {
                    f(None, None, x);
                    return true;
                }
                *target -= 1;
                if edit_value(x, target, f) {
                    return true;
                }
            }
            false
        }
        _ => false,
    }
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || b >= 0x80
}

fn word_at(v: &[u8], at: usize) -> (usize, usize) {
    let mut s = at.min(v.len());
    while s > 0 && is_word(v[s - 1]) {
        s -= 1;
    }
    let mut e = at.min(v.len());
    while e < v.len() && is_word(v[e]) {
        e += 1;
    }
    (s, e)
}

fn digits_from(v: &[u8], at: usize) -> Option<(usize, usize)> {
    let s = (at..v.len())
        .chain(0..at.min(v.len()))
        .find(|&i| v[i].is_ascii_digit())?;
    let mut e = s;
    while e < v.len() && v[e].is_ascii_digit() {
        e += 1;
    }
    let mut s = s;
    while s > 0 && (v[s - 1].is_ascii_digit() || v[s - 1] == b'-') {
        s -= 1;
    }
    Some((s, e))
}

fn line_op(rng: &mut Rng, v: &mut Vec<u8>, others: &[Vec<u8>]) {
    let mut lines: Vec<Vec<u8>> = v.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    let n = lines.len();
    let i = rng.below(n);
    match rng.below(4) {
        0 if n > 1 => {
            lines.remove(i);
        }
        1 => {
            let l = lines[i].clone();
            lines.insert(rng.below(n + 1), l);
        }
        2 => {
            let j = rng.below(n);
            lines.swap(i, j);
        }
        _ => {
            if let Some(o) = (!others.is_empty()).then(|| rng.pick(others)) {
                let ol: Vec<&[u8]> = o.split(|&b| b == b'\n').collect();
                let l = ol[rng.below(ol.len())].to_vec();
                lines.insert(rng.below(n + 1), l);
            }
        }
    }
    *v = lines.join(&b'\n');
}
