#!/usr/bin/env bash
# NS-9 (issue 44): what the tournament lexicon removes from each source, a seeded sample of
# 100 removed words with tavolo's reasons (to be judged by hand), and the share of distinct
# words played in machine games that a second source holds, permissive vs tournament.
#
#   scripts/ns9_measure.sh [OUT_DIR] [GAMES]      (default /tmp/ns9, 20 games a mode)
#
# Needs a release build (cargo build --release), Debian's hunspell-it, witalian and aspell-it
# (the second source, expanded by aspell itself), and python3 (wordfreq optional: a second,
# frequency-based source, `pip install wordfreq`).
set -euo pipefail
cd "$(dirname "$0")/.."
T=${TAVOLO:-target/release/tavolo}
out=${1:-/tmp/ns9}
games=${2:-20}
export TAVOLO_CACHE_DIR=${TAVOLO_CACHE_DIR:-$out/cache}
mkdir -p "$out/games"
H=/usr/share/hunspell/it_IT.dic
W=/usr/share/dict/italian

echo "== words of each source and of the union, in each mode"
$T lexicon words --lexicon-only --lexicon $H --lexicon-mode permissive >"$out/hun-permissive.txt"
$T lexicon words --lexicon-only --lexicon $H >"$out/hun-tournament.txt"
$T lexicon words --lexicon-only --lexicon $W --lexicon-mode permissive >"$out/wit-permissive.txt"
$T lexicon words --lexicon-only --lexicon $W >"$out/wit-tournament.txt"
$T lexicon words --lexicon-mode permissive >"$out/union-permissive.txt"
$T lexicon words >"$out/union-tournament.txt"
comm -23 "$out/hun-permissive.txt" "$out/hun-tournament.txt" >"$out/hun-removed.txt"
comm -23 "$out/wit-permissive.txt" "$out/wit-tournament.txt" >"$out/wit-removed.txt"
comm -23 "$out/union-permissive.txt" "$out/union-tournament.txt" >"$out/union-removed.txt"
wc -l "$out"/hun-*.txt "$out"/wit-*.txt "$out"/union-*.txt

echo "== the reasons for a seeded sample of 10,000 words the union loses, by class"
python3 -c "
import random
words = open('$out/union-removed.txt').read().split()
print('\n'.join(sorted(random.Random(9).sample(words, min(10000, len(words))))))
" >"$out/sample-10000.txt"
xargs -a "$out/sample-10000.txt" $T lexicon check --json >"$out/removed.json" || true
python3 - "$out/removed.json" <<'EOF'
import json, re, sys, collections
text = open(sys.argv[1]).read()
classes = collections.Counter()
for doc in re.split(r'(?m)^(?=\{)', text):
    if not doc.strip():
        continue
    for w in json.loads(doc)["words"]:
        r = w["reasons"][0]["reason"] if w["reasons"] else "no reason"
        m = re.search(r"refused \(NS-9\): (.*)", r)
        key = m.group(1) if m else r
        key = re.sub(r"`[^`]*`", "`..`", key)
        classes[key] += 1
for k, n in classes.most_common():
    print(f"{n:8}  {k}")
EOF

echo "== a seeded sample of 100 removed words, with tavolo's reasons"
python3 -c "
import random
words = open('$out/union-removed.txt').read().split()
print('\n'.join(sorted(random.Random(44).sample(words, 100))))
" >"$out/sample.txt"
$T lexicon check $(cat "$out/sample.txt") >"$out/sample-reasons.txt" || true
echo "sample written to $out/sample.txt and $out/sample-reasons.txt"

echo "== machine games: $games a mode"
for i in $(seq 1 "$games"); do
  $T play natura --seed "ns9-$i" --lexicon-mode permissive -o "$out/games/permissive-$i.toml" --force >/dev/null
  $T play natura --seed "ns9-$i" -o "$out/games/tournament-$i.toml" --force >/dev/null
done

echo "== the second source: aspell-it expanded by aspell itself"
aspell -d it dump master | aspell -l it expand | tr ' ' '\n' >"$out/aspell-raw.txt"
python3 - "$out" "$games" "$T" <<'EOF'
import json, subprocess, sys, unicodedata, pathlib
out, games = pathlib.Path(sys.argv[1]), int(sys.argv[2])
def fold(w):
    if "'" in w or any(c.isupper() for c in w):
        return None
    f = ''.join(c for c in unicodedata.normalize('NFD', w) if not unicodedata.combining(c)).upper()
    return f if f.isascii() and f.isalpha() and 2 <= len(f) <= 15 else None
aspell = {f for w in open(out / 'aspell-raw.txt') if (f := fold(w.strip()))}
try:
    import wordfreq
    freq = {f for w in wordfreq.get_frequency_dict('it') if (f := fold(w))}
except ImportError:
    freq = None
for mode in ['permissive', 'tournament']:
    words, played = set(), 0
    for i in range(1, games + 1):
        rec = out / 'games' / f'{mode}-{i}.toml'
        v = json.loads(subprocess.run([sys.argv[3], 'check', '--json', str(rec)],
                                      capture_output=True, text=True).stdout)
        for d in v['records'][0].get('details', []):
            for w in d.get('words', []):
                played += 1
                words.add(w['word'])
    a = sum(w in aspell for w in words)
    line = f"{mode}: {games} games, {played} words played, {len(words)} distinct; in aspell-it {a} ({100*a/len(words):.1f}%)"
    if freq is not None:
        f = sum(w in freq for w in words)
        line += f"; in wordfreq's Italian list {f} ({100*f/len(words):.1f}%)"
    print(line)
    open(out / f'{mode}-words.txt', 'w').write('\n'.join(sorted(words)) + '\n')
EOF
