#!/usr/bin/env bash
# How many live sessions `tavolo serve` holds per 100 MB of memory (BENCHMARKS.md, issue 24).
#
#   bash bench/serve_memory.sh [N]        (default N = 1000; run from the repository's root
#                                          after `cargo build --release`)
#
# For each game (MOON 2 players, Natura Shakerata 2, Quincunx 2, Farfalia 4): N whole games
# written by `tavolo play` into a sessions folder, a server started on it (it resumes every
# record: N live sessions, each with its whole history), one page asked for, then the
# server's resident memory (VmRSS) read from /proc, against the same server on an empty
# folder. Everything on 127.0.0.1, port 0; each server is stopped before the next starts.
set -euo pipefail

N=${1:-1000}
TAVOLO=${TAVOLO:-target/release/tavolo}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# Start a server on folder $1; print "PID PORT" once it listens.
start() {
    "$TAVOLO" serve --port 0 --dir "$1" > "$WORK/said" 2> "$WORK/err" &
    local pid=$!
    for _ in $(seq 1 600); do
        if grep -q '^stop with' "$WORK/said" 2> /dev/null; then
            local port
            port=$(sed -n 's|^listening on http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$WORK/said")
            echo "$pid $port"
            return
        fi
        sleep 0.1
    done
    echo "the server did not start: $(cat "$WORK/err")" >&2
    kill "$pid"
    exit 1
}

rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }

# The resident memory of a server on folder $1, after a page of its list of tables.
measure() {
    local pid port rss
    read -r pid port < <(start "$1")
    curl -s -o /dev/null "http://127.0.0.1:$port/"
    rss=$(rss_kib "$pid")
    kill "$pid"
    wait "$pid" 2> /dev/null || true
    echo "$rss"
}

mkdir "$WORK/empty"
EMPTY=$(measure "$WORK/empty")
echo "empty folder: ${EMPTY} KiB"
printf '%-10s %8s %12s %14s %22s\n' game sessions "RSS KiB" "KiB a session" "sessions per 100 MB"
for spec in "moon 2" "natura 2" "quincunx 2" "farfalia 4"; do
    set -- $spec
    game=$1
    players=$2
    dir="$WORK/$game"
    mkdir "$dir"
    for i in $(seq 1 "$N"); do
        "$TAVOLO" play "$game" --seed "bench$i" -p "$players" > "$dir/$game-bench$i-1.toml"
    done
    rss=$(measure "$dir")
    awk -v g="$game" -v n="$N" -v r="$rss" -v e="$EMPTY" 'BEGIN {
        per = (r - e) / n
        printf "%-10s %8d %12d %14.1f %22d\n", g, n, r, per, 100 * 1000 * 1000 / 1024 / per
    }'
done
