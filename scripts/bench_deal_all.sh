#!/usr/bin/env bash
# Dealing in bulk, every game: one-line (`--format line`) and streamed JSON
# (`--format jsonl`) output of N boards, wall time and peak memory (max RSS),
# with Debian's `dealer` one-line output timed in the same run.
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

# "NAME: wall s, max RSS MB" of a command, its output thrown away (GNU time).
measure() {
    local name=$1; shift
    /usr/bin/time -f "%e %M" -o "$TIMES" "$@" > /dev/null
    awk -v n="$name" '{ printf "%-34s %8.2f s wall %8.1f MB max RSS\n", n, $1, $2 / 1024 }' "$TIMES"
}

echo "cores: $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg); N = $N"
if [ -n "$DEALER" ]; then
    measure "dealer printoneline" "$DEALER" -s 1 "$DESCR"
else
    echo "dealer: not installed (apt-get install dealer)"
fi
for g in $("$TAVOLO" deal --help | sed -n "s/.*possible values: \(.*\)\]/\1/p" | head -1 | tr -d ","); do
    measure "$g line" "$TAVOLO" deal "$g" --seed bench --boards "1..$N" --format line
    measure "$g jsonl" "$TAVOLO" deal "$g" --seed bench --boards "1..$N" --format jsonl
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
