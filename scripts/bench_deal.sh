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

# Seconds (wall clock) that a command takes, its output thrown away.
seconds() {
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}

DESCR=$(mktemp)
trap 'rm -f "$DESCR"' EXIT
printf 'generate %s\nproduce %s\naction printoneline\n' "$N" "$N" > "$DESCR"

rate() { printf '%.0f' "$(echo "$N / $1" | bc -l)"; }

echo "cores: $(nproc); N = $N"
t_tavolo=$(seconds "$TAVOLO" deal farfalia -p 4 --seed bench --boards "1..$N" --format line)
t_one=$(seconds "$TAVOLO" deal farfalia -p 4 --seed bench --boards "1..$N" --format line --jobs 1)
t_dealer=$(seconds "$DEALER" -s 1 "$DESCR")
r_tavolo=$(rate "$t_tavolo")
r_one=$(rate "$t_one")
r_dealer=$(rate "$t_dealer")
printf 'tavolo deal farfalia -p 4 --seed bench --boards 1..%s --format line: %.2f s, %s deals/s\n' "$N" "$t_tavolo" "$r_tavolo"
printf '  the same with --jobs 1:                                       %.2f s, %s deals/s\n' "$t_one" "$r_one"
printf 'dealer -s 1 (generate/produce %s, action printoneline):       %.2f s, %s deals/s\n' "$N" "$t_dealer" "$r_dealer"
printf 'tavolo / dealer: %.2f\n' "$(echo "$r_tavolo / $r_dealer" | bc -l)"
