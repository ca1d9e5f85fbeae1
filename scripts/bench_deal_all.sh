#!/usr/bin/env bash
# Dealing in bulk, every game: one-line (`--format line`) and streamed JSON
# (`--format jsonl`) output of N boards: wall time, CPU time (user + sys) and
# peak memory (max RSS), with Debian's `dealer` one-line output timed in the
# same run, and each game's speed as a multiple of `dealer`'s. On a loaded
# machine the CPU figures (user + sys, and per board) are the steady ones.
#
#   scripts/bench_deal_all.sh [N]        (default N = 1000000)
#
# Runs, for each game G (default variant, fewest players):
#   /usr/bin/time tavolo deal G --seed bench --boards 1..N --format line  > /dev/null
#   /usr/bin/time tavolo deal G --seed bench --boards 1..N --format jsonl > /dev/null
#   /usr/bin/time dealer (generate N, produce N, action printoneline)      > /dev/null
set -euo pipefail
N="${1:-1000000}"
cd "$(dirname "$0")/.."
DEALER="$(command -v dealer || true)"
[ -z "$DEALER" ] && [ -x /usr/games/dealer ] && DEALER=/usr/games/dealer
cargo build --release --quiet
TAVOLO=target/release/tavolo
DESCR=$(mktemp)
TIMES=$(mktemp)
trap 'rm -f "$DESCR" "$TIMES"' EXIT
printf 'generate %s\nproduce %s\naction printoneline\n' "$N" "$N" > "$DESCR"

# One row of a command, its output thrown away (GNU time): wall, CPU
# (user + sys), max RSS, and how many times faster than `dealer` it is in
# wall and in CPU (the fairer figure on a loaded machine). Sets D_WALL and
# D_CPU the first time (dealer's row).
D_WALL=""; D_CPU=""
measure() {
    local name=$1; shift
    /usr/bin/time -f "%e %U %S %M" -o "$TIMES" "$@" > /dev/null
    read -r wall user sys rss < <(tail -1 "$TIMES")
    local cpu
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    if [ -z "$D_WALL" ]; then D_WALL=$wall; D_CPU=$cpu; fi
    awk -v n="$name" -v w="$wall" -v c="$cpu" -v r="$rss" -v dw="$D_WALL" -v dc="$D_CPU" -v N="$N" 'BEGIN {
        printf "%-22s %8.2f s wall %8.2f s CPU (%5.2f us a board) %7.1f MB max RSS   x dealer: wall %5.1f  CPU %5.1f\n",
            n, w, c, c / N * 1e6, r / 1024, (w > 0 ? dw / w : 0), (c > 0 ? dc / c : 0) }'
}

echo "cores: $(nproc); $(uptime); N = $N"
if [ -n "$DEALER" ]; then
    measure "dealer printoneline" "$DEALER" -s 1 "$DESCR"
else
    echo "dealer: not installed (apt-get install dealer); no ratios"
    D_WALL=0; D_CPU=0
fi
for g in $("$TAVOLO" deal --help | sed -n "s/.*possible values: \(.*\)\]/\1/p" | head -1 | tr -d ","); do
    measure "$g line" "$TAVOLO" deal "$g" --seed bench --boards "1..$N" --format line
    measure "$g jsonl" "$TAVOLO" deal "$g" --seed bench --boards "1..$N" --format jsonl
done
echo "after: $(uptime)"
