#!/usr/bin/env bash
# Peak memory of tavolo at each input bound (issue 38), with /usr/bin/time -v.
# Usage: scripts/bench_hostile_inputs.sh [path/to/tavolo]   (default: target/release/tavolo)
# Makes every input in a temporary folder (about 30 MB of files), prints one line per case:
#   case | input bytes | exit code | peak RSS (KB) | wall (s) | first line of the error
set -eu
exe=$(realpath "${1:-target/release/tavolo}")
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"

python3 - "$root" <<'EOF'
import os, sys, zipfile
root = sys.argv[1]
head = open(os.path.join(root, 'tests/fixtures/natura/end-three-passes.toml')).read().split('[[move]]')[0]
mv = '[[move]]\nplayer = "anna"\npass = true\n\n[[move]]\nplayer = "bruno"\npass = true\n\n'
def record(name, size):
    open(name, 'w').write(head + mv * ((size - len(head) - 100) // len(mv)))
record('record-1mib.toml', 1 << 20)       # at the bound
record('record-48mb.toml', 48_000_000)     # 10^6 moves: the issue's record
names = ', '.join('"p%d"' % i for i in range(100_000))  # 100k names: 0.9 MB, under the bound
open('players-100k.toml', 'w').write('game = "quincunx"\nplayers = [%s]\n[deal]\nseed = "x"\n' % names)

def kit(d, items, front):
    os.makedirs(d, exist_ok=True)
    open(os.path.join(d, 'kit.toml'), 'w').write(
        'name = "deck"\ntitle = "Deck"\n\n[[component]]\nname = "cards"\nsize_mm = [63, 88]\n'
        'front = "card.svg"\n' + items + '\n')
    open(os.path.join(d, 'card.svg'), 'w').write(front)
PLAIN = '<svg xmlns="http://www.w3.org/2000/svg" width="{{ w }}" height="{{ h }}"><text x="4" y="10" font-size="3">{{ name }}</text></svg>'
kit('cell-16k', 'items_from = "c.csv"', PLAIN)
open('cell-16k/c.csv', 'w').write('name\n' + 'x' * (16 << 10) + '\n')
kit('cell-5m', 'items_from = "c.csv"', PLAIN)
open('cell-5m/c.csv', 'w').write('name\n' + 'x' * (5 << 20) + '\n')
kit('rows-1m', 'items_from = "c.csv"', PLAIN)
open('rows-1m/c.csv', 'w').write('name\n' + ''.join('r%d\n' % i for i in range(1_000_000)))
kit('bomb', 'items_from = "c.xlsx"', PLAIN)
with zipfile.ZipFile('bomb/c.xlsx', 'w', zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    with z.open('xl/worksheets/sheet1.xml', 'w', force_zip64=True) as f:
        for _ in range(3 << 10):
            f.write(b' ' * (1 << 20))  # 3 GiB of blanks
kit('sst-20m', 'items_from = "c.xlsx"', PLAIN)
with zipfile.ZipFile('sst-20m/c.xlsx', 'w', zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    with z.open('xl/sharedStrings.xml', 'w', force_zip64=True) as f:
        f.write(b'<sst>')
        for _ in range(200):
            f.write(b'<si><t/></si>' * 100_000)
        f.write(b'</sst>')
kit('sst-62m', 'items_from = "c.xlsx"', PLAIN)  # just under the 64 MiB inflated bound
with zipfile.ZipFile('sst-62m/c.xlsx', 'w', zipfile.ZIP_DEFLATED) as z:
    with z.open('xl/sharedStrings.xml', 'w', force_zip64=True) as f:
        f.write(b'<sst>')
        for i in range(249_000):
            f.write(b'<si><t>' + (b'%08d' % i) * 30 + b'</t></si>')
        f.write(b'</sst>')
ONE = 'items = [{ name = "a" }]'
kit('concat-27', ONE, '{% set x = "x" %}' + '{% set x = x ~ x %}' * 27 + PLAIN.replace('{{ name }}', '{{ x }}'))
kit('range-2', ONE, PLAIN.replace('</svg>', '{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}</svg>'))
EOF

run() { # name, folder, the input file (for its size), tavolo's args...
    local name=$1 dir=$2 input=$3
    shift 3
    local size
    size=$(cd "$dir" && stat -c %s "$input")
    (cd "$dir" && /usr/bin/time -v -o "$tmp/time" "$exe" "$@" >"$tmp/out" 2>&1) || true
    local rc rss wall msg
    rc=$(grep -o 'Exit status: [0-9]*' "$tmp/time" | grep -o '[0-9]*$' || echo 0)
    rss=$(grep 'Maximum resident' "$tmp/time" | grep -o '[0-9]*$')
    wall=$(grep 'Elapsed' "$tmp/time" | grep -o '[0-9:.]*$')
    msg=$(grep -m1 -o 'error\[.*' "$tmp/out" | cut -c1-110 || true)
    echo "$name | $size | $rc | $rss | $wall | $msg"
}

run "check: record at the bound (1 MiB)" . record-1mib.toml check record-1mib.toml
run "check: record of 10^6 moves (48 MB)" . record-48mb.toml check record-48mb.toml
run "check: 100,000 player names" . players-100k.toml check players-100k.toml
run "check /dev/zero" . /dev/zero check /dev/zero
run "check /dev/urandom" . /dev/urandom check /dev/urandom
run "score quincunx /dev/zero" . /dev/zero score quincunx /dev/zero
run "lexicon --lexicon /dev/zero" . /dev/zero lexicon check --lexicon-only --lexicon /dev/zero CASA
run "kit: a cell at the bound (16 KiB)" cell-16k c.csv kit kit.toml --out out
run "kit: a 5 MB cell" cell-5m c.csv kit kit.toml --out out
run "kit: a CSV of 10^6 rows" rows-1m c.csv kit kit.toml --out out
run "kit: xlsx zip bomb (3 GiB inflated)" bomb c.xlsx kit kit.toml --out out
run "kit: xlsx of 20M shared strings" sst-20m c.xlsx kit kit.toml --out out
run "kit: xlsx inflating to 62 MB (under the bound)" sst-62m c.xlsx kit kit.toml --out out
run "kit: {% set x = x ~ x %} x27" concat-27 card.svg kit kit.toml --out out
run "kit: range(100000) in range(100000)" range-2 card.svg kit kit.toml --out out
