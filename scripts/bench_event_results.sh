#!/usr/bin/env bash
# The results of a big duplicate event (issue 28: 200 tables x 10 boards,
# 2,000 records, aim under 1 s wall): the event is made in a temporary
# folder (nothing is written into the repository), then timed.
#
#   scripts/bench_event_results.sh [TABLES] [BOARDS] [GAME]     (default 200 10 moon)
#
# The event: one section of GAME for 2 players, BOARDS boards at TABLES
# tables, unfinished records counted as played. Each board is played once at
# random (`tavolo play`); every tenth table hands in that game cut 1 to 5
# moves short of its end (unfinished), the others the whole game. Then, for
# each output format:
#   /usr/bin/time tavolo event results ev/event.toml --key ev/event.key --public bench records --format F > /dev/null
#
# TAVOLO=BINARY times that binary instead of building this tree's; KEEP=DIR
# makes the event in DIR and keeps it with each format's output (out.F), to
# compare two builds' bytes on the same records (an event already in DIR is
# timed again as it is, not made again). BASE=BINARY times that build too,
# format by format on the same records, and says whether its output is the
# same bytes (base.F beside out.F).
set -euo pipefail
TABLES="${1:-200}"
BOARDS="${2:-10}"
GAME="${3:-moon}"
cd "$(dirname "$0")/.."
if [ -z "${TAVOLO:-}" ]; then
    cargo build --release --quiet
    TAVOLO="$PWD/target/release/tavolo"
fi
if [ -n "${KEEP:-}" ]; then
    mkdir -p "$KEEP"
    W=$(cd "$KEEP" && pwd)
else
    W=$(mktemp -d)
    trap 'rm -rf "$W"' EXIT
fi
cd "$W"
if [ -f ev/event.toml ] && [ -d records ]; then
    # Its own game and size, whatever the arguments say.
    GAME=$(sed -n 's/^game = "\(.*\)"$/\1/p' ev/event.toml | head -1)
    BOARDS=$(sed -n 's/^boards = \([0-9]*\)$/\1/p' ev/event.toml | head -1)
    TABLES=$(sed -n 's/^tables = \([0-9]*\)$/\1/p' ev/event.toml | head -1)
    echo "timing the event already in $W"
else
cat > draft.toml <<EOF
format = "tavolo-event-v1"
event = "Bench"
public-value-name = "bench"

[[section]]
game = "$GAME"
players = 2
boards = $BOARDS
tables = $TABLES
unfinished = "as-played"
EOF
"$TAVOLO" event new --from draft.toml --dir ev > /dev/null 2>&1
mkdir records
"$TAVOLO" event deal ev/event.toml --key ev/event.key --public bench --format json \
    | sed -n 's/^ *"seed": "\([0-9a-f]*\)",*$/\1/p' > seeds
b=0
while read -r seed; do
    b=$((b + 1))
    "$TAVOLO" play "$GAME" --seed "$seed" --board "$b" -o "full-$b.toml" > /dev/null 2>&1
    awk -v b="$b" -v tables="$TABLES" '
        { line[NR] = $0 } /^\[\[move\]\]/ { start[++moves] = NR }
        END {
            for (t = 1; t <= tables; t++) {
                keep = moves - (t % 10 == 0 ? t / 10 % 5 + 1 : 0); last = (keep < moves) ? start[keep + 1] - 1 : NR
                f = sprintf("records/board-%02d-table-%03d.toml", b, t)
                for (i = 1; i <= last; i++) print line[i] > f
                printf "\n[meta]\nboard = \"%d\"\ntable = %d\n", b, t > f
                close(f)
            }
        }' "full-$b.toml"
done < seeds
fi
echo "cores: $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg); $(ls records | wc -l) $GAME records ($BOARDS boards x $TABLES tables)"
for f in text json csv html; do
    /usr/bin/time -f "%e %U %S %M" -o times "$TAVOLO" event results ev/event.toml --key ev/event.key \
        --public bench records --format "$f" > out.$f || test $? -eq 1
    awk -v f="$f" '{ printf "results --format %-5s %6.2f s wall %6.2f s cpu %7.1f MB max RSS\n", f, $1, $2 + $3, $4 / 1024 }' times
    if [ -n "${BASE:-}" ]; then
        /usr/bin/time -f "%e %U %S %M" -o times "$BASE" event results ev/event.toml --key ev/event.key \
            --public bench records --format "$f" > base.$f || test $? -eq 1
        same=$(cmp -s base.$f out.$f && echo "same bytes" || echo "OUTPUT DIFFERS")
        awk -v f="$f" -v same="$same" '{ printf "  BASE     %-5s %6.2f s wall %6.2f s cpu %7.1f MB max RSS, %s\n", f, $1, $2 + $3, $4 / 1024, same }' times
    fi
done
rm -f results.pdf base.pdf
/usr/bin/time -f "%e %U %S %M" -o times "$TAVOLO" event results ev/event.toml --key ev/event.key \
    --public bench records --pdf results.pdf > /dev/null || test $? -eq 1
awk '{ printf "results --pdf (and text) %6.2f s wall %6.2f s cpu %7.1f MB max RSS\n", $1, $2 + $3, $4 / 1024 }' times
if [ -n "${BASE:-}" ]; then
    /usr/bin/time -f "%e %U %S %M" -o times "$BASE" event results ev/event.toml --key ev/event.key \
        --public bench records --pdf base.pdf > /dev/null || test $? -eq 1
    same=$(cmp -s base.pdf results.pdf && echo "same bytes" || echo "OUTPUT DIFFERS")
    awk -v same="$same" '{ printf "  BASE --pdf (and text) %6.2f s wall %6.2f s cpu %7.1f MB max RSS, %s\n", $1, $2 + $3, $4 / 1024, same }' times
fi
echo "pdf: $(pdfinfo results.pdf 2>/dev/null | sed -n 's/^Pages: *//p') pages, $(stat -c %s results.pdf) bytes"
{ grep -c "legal-so-far" out.text || true; } | sed 's/^/records unfinished: /'
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
