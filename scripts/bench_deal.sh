#!/usr/bin/env bash
# Dealing speed, one-line output: tavolo's Farfalia four-hand boards against
# Debian's `dealer` writing one-line bridge deals, in the same run.
#
#   scripts/bench_deal.sh [N]        (default N = 1000000)
#
# Installs `dealer` if missing (apt-get), builds tavolo in release, then times
#   tavolo deal farfalia -p 4 --seed bench --boards 1..N --format line > /dev/null
#   dealer (generate N, produce N, action printoneline) > /dev/null
# and reports deals per second for both and the ratio. Also times tavolo with
# one thread, and the stages of one board (see BENCHMARKS.md, "Farfalia").
set -euo pipefail
N="${1:-1000000}"
cd "$(dirname "$0")/.."

DEALER="$(command -v dealer || true)"
[ -z "$DEALER" ] && [ -x /usr/games/dealer ] && DEALER=/usr/games/dealer
if [ -z "$DEALER" ]; then
    echo "installing dealer (apt-get install -y dealer)" >&2
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO=sudo
    $SUDO apt-get install -y dealer >/dev/null
    DEALER="$(command -v dealer || echo /usr/games/dealer)"
fi

cargo build --release --quiet
TAVOLO=target/release/tavolo

# "wall user+sys" seconds of a command, its output thrown away (GNU time).
measure() {
    /usr/bin/time -f "%e %U %S" -o "$TIMES" "$@" > /dev/null
    awk '{ printf "%s %.2f\n", $1, $2 + $3 }' "$TIMES"
}

DESCR=$(mktemp)
TIMES=$(mktemp)
trap 'rm -f "$DESCR" "$TIMES"' EXIT
printf 'generate %s\nproduce %s\naction printoneline\n' "$N" "$N" > "$DESCR"

rate() { printf '%.0f' "$(echo "$N / $1" | bc -l)"; }
report() { # name, "wall cpu"
    set -- "$1" $2
    printf '%-58s %6.2f s wall (%s deals/s), %6.2f s CPU (%s deals/CPU-s)\n' \
        "$1" "$2" "$(rate "$2")" "$3" "$(rate "$3")"
}

echo "cores: $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg); N = $N"
t_tavolo=$(measure "$TAVOLO" deal farfalia -p 4 --seed bench --boards "1..$N" --format line)
t_one=$(measure "$TAVOLO" deal farfalia -p 4 --seed bench --boards "1..$N" --format line --jobs 1)
t_dealer=$(measure "$DEALER" -s 1 "$DESCR")
report "tavolo deal farfalia -p 4 --boards 1..$N --format line" "$t_tavolo"
report "  the same, --jobs 1" "$t_one"
report "dealer (generate/produce $N, printoneline)" "$t_dealer"
set -- $t_tavolo; tw=$1 tc=$2
set -- $t_one; ow=$1 oc=$2
set -- $t_dealer; dw=$1 dc=$2
printf 'tavolo / dealer, deals per wall second: %.2f (--jobs 1: %.2f); per CPU second: %.2f\n' \
    "$(echo "$dw / $tw" | bc -l)" "$(echo "$dw / $ow" | bc -l)" "$(echo "$dc / $oc" | bc -l)"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
