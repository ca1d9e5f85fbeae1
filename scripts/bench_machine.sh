#!/usr/bin/env bash
# The machine's strength, measured (issue 43): seeded games of strength A against strength B
# at `tavolo table GAME --machine`, each seed played twice with the seats swapped, both seats
# the machine's. Prints A's win rate (a shared win counts half) with a 95% Wilson interval,
# A's and B's points per game where the game keeps score, and the time per move (both seats;
# run A against A for one strength's).
#
#   scripts/bench_machine.sh GAME A B [SEEDS]      e.g. scripts/bench_machine.sh moon greedy random 100
#
# TAVOLO names the binary (default target/release/tavolo); PLAYERS the number of players (2).
set -euo pipefail
game=${1:?usage: bench_machine.sh GAME A B [SEEDS]}
a=${2:?strength A}
b=${3:?strength B}
seeds=${4:-50}
tavolo=${TAVOLO:-target/release/tavolo}
players=${PLAYERS:-2}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

for i in $(seq 1 "$seeds"); do
  for swap in 0 1; do
    if [ "$swap" = 0 ]; then spec="1:$a,2:$b"; else spec="1:$b,2:$a"; fi
    start=$(date +%s%N)
    "$tavolo" table "$game" --seed "bench-$i" -p "$players" -o "$dir/g.toml" --force \
      --machine "$spec" </dev/null >/dev/null
    end=$(date +%s%N)
    "$tavolo" check --json "$dir/g.toml" >"$dir/$i-$swap.json" || true
    echo "$i $swap $(( (end - start) / 1000 ))" >>"$dir/times"
  done
done

python3 - "$dir" "$game" "$a" "$b" <<'PY'
import json, math, os, sys
d, game, a, b = sys.argv[1:]
wins = games = 0.0
pts = {"a": [], "b": []}
moves = micros = 0
for line in open(os.path.join(d, "times")):
    i, swap, us = line.split()
    r = json.load(open(os.path.join(d, f"{i}-{swap}.json")))["records"][0]
    mine, theirs = (0, 1) if swap == "0" else (1, 0)
    names = r["players"]
    res = r["result"] or {}
    winners = res.get("winners") or []
    games += 1
    if names[mine] in winners:
        wins += 1.0 / len(winners)
    for who, seat in (("a", mine), ("b", theirs)):
        for s in res.get("scores") or []:
            if s["player"] == names[seat]:
                pts[who].append(s["points"])
    moves += r["moves"]
    micros += int(us)
p = wins / games
z = 1.96
centre = (p + z * z / (2 * games)) / (1 + z * z / games)
half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
print(f"{game}: {a} against {b}, {int(games)} games (seeds x 2 seats)")
print(f"  {a} wins {p:.1%} (95% interval {centre - half:.1%} to {centre + half:.1%})")
if pts["a"]:
    print(f"  points per game: {a} {sum(pts['a']) / len(pts['a']):.1f}, {b} {sum(pts['b']) / len(pts['b']):.1f}")
print(f"  {moves / games:.1f} moves per game, {micros / max(moves, 1) / 1000:.2f} ms per move (both seats, with the process start)")
PY
