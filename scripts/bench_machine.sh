#!/usr/bin/env bash
# The machine's strength, measured (issue 43): seeded games of strength A against strength B
# at `tavolo table GAME --machine`, each seed played twice with the seats swapped, every seat
# the machine's: with more than two players A and B take turns round the table (A at seats
# 1, 3, ... then B there), so in Farfalia with four each side is one strength. A solitaire
# (PLAYERS=1) plays each seed once at A and once at B, and A "wins" the seed when it ends
# better (solved, or more tiles placed). Prints A's win rate (a shared win counts half, a
# side's win whole) with a 95% Wilson interval, A's and B's points per game and player
# where the game keeps score (a solitaire: tiles placed), and the time per move (both
# strengths; run A against A for one strength's).
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
    spec=""
    for seat in $(seq 1 "$players"); do
      if [ $(( (seat + swap) % 2 )) = 1 ]; then s=$a; else s=$b; fi
      spec="$spec${spec:+,}$seat:$s"
    done
    start=$(date +%s%N)
    "$tavolo" table "$game" --seed "bench-$i" -p "$players" -o "$dir/g.toml" --force \
      --machine "$spec" </dev/null >/dev/null
    end=$(date +%s%N)
    "$tavolo" check --json "$dir/g.toml" >"$dir/$i-$swap.json" || true
    echo "$i $swap $(( (end - start) / 1000 ))" >>"$dir/times"
  done
done

python3 - "$dir" "$game" "$a" "$b" "$players" <<'PY'
import json, math, os, re, sys
d, game, a, b, players = sys.argv[1:]
players = int(players)
wins = games = 0.0
pts = {"a": [], "b": []}
moves = micros = runs = 0
solo = {}
for line in open(os.path.join(d, "times")):
    i, swap, us = line.split()
    r = json.load(open(os.path.join(d, f"{i}-{swap}.json")))["records"][0]
    res = r["result"] or {}
    moves += r["moves"]
    micros += int(us)
    runs += 1
    if players == 1:
        # Tiles placed (or on the new wall), from the verdict's note; solved is all.
        n = 36 if res.get("solved") else 0
        for note in r.get("notes") or []:
            m = re.match(r"(\d+) of (\d+) tiles", note)
            if m and not res.get("solved"):
                n = int(m.group(1))
        solo.setdefault(i, {})["a" if swap == "0" else "b"] = (bool(res.get("solved")), n)
        continue
    names = r["players"]
    mine = [s for s in range(players) if (s + 1 + int(swap)) % 2 == 1]
    winners = res.get("winners") or []
    games += 1
    if winners:
        wins += sum(1 for w in winners if names.index(w) in mine) / len(winners)
    else:
        wins += 0.5
    for s in res.get("scores") or []:
        seat = names.index(s["player"])
        pts["a" if seat in mine else "b"].append(s["points"])
if players == 1:
    for i, both in solo.items():
        (wa, na), (wb, nb) = both["a"], both["b"]
        games += 1
        wins += 1.0 if (wa, na) > (wb, nb) else 0.5 if (wa, na) == (wb, nb) else 0.0
        pts["a"].append(na)
        pts["b"].append(nb)
    solved = {k: sum(1 for v in solo.values() if v[k][0]) for k in ("a", "b")}
p = wins / games
z = 1.96
centre = (p + z * z / (2 * games)) / (1 + z * z / games)
half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
unit = "seeds, each strength once" if players == 1 else "seeds x 2 seatings"
print(f"{game} ({players} players): {a} against {b}, {int(games)} games ({unit})")
print(f"  {a} wins {p:.1%} (95% interval {centre - half:.1%} to {centre + half:.1%})")
if players == 1:
    print(f"  solved: {a} {solved['a']}, {b} {solved['b']} of {int(games)}")
if pts["a"]:
    what = "tiles placed per game" if players == 1 else "points per game and player"
    print(f"  {what}: {a} {sum(pts['a']) / len(pts['a']):.1f}, {b} {sum(pts['b']) / len(pts['b']):.1f}")
print(f"  {moves / runs:.1f} moves per game, {micros / max(moves, 1) / 1000:.2f} ms per move (both strengths, with the process start)")
PY
