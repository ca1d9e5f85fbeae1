#!/usr/bin/env python3
"""The same deck as a tavolo kit and as a protograf script, and both timed.

Usage:
    scripts/kit_vs_protograf.py gen DIR N          # write DIR/tavolo/ and DIR/protograf/ for N cards
    scripts/kit_vs_protograf.py run DIR N [RUNS] [PROGRAM...]
                                                   # gen, then time both (or only the PROGRAMs
                                                   # named: tavolo, protograf), each on its own

N = 52 is a standard deck (13 ranks x 4 suits); any other N is N distinct numbered cards,
cycling through the four suits. Every card is a 63 x 88 mm poker card: a coloured frame, the
card's name at the top, its rank large in the middle, a suit disc, a rule line at the bottom;
every card has the same back (a filled panel with the deck's title). The two programs draw
the same things from the same CSV; tavolo's output is the kit's PDF (A4, 9 cards to a sheet,
duplex backs, crop marks), protograf's its PDF (A4, as many cards as fit, backs on their own
pages). protograf comes from PyPI: PROTOGRAF_PYTHON names the Python that has it (default
/tmp/pgvenv/bin/python, made by `python3 -m venv /tmp/pgvenv && /tmp/pgvenv/bin/pip install
protograf`); TAVOLO names the binary (default target/release/tavolo).

Each program is started and waited for directly, its CPU time its own (os.wait4), not
through /usr/bin/time -v, whose own start added about 1.8 ms to every wall time: 15% of
tavolo's 52-card figure that was not tavolo's (see `timed`). Its peak memory is wait4's too,
but for a program that stays under this script's own peak (which Linux would report in its
place): that one is measured in a run of its own under /usr/bin/time.

Nothing generated here belongs in git: DIR is a scratch folder (e.g. under /tmp).
"""

import csv
import os
import resource
import subprocess
import sys
import tempfile
import time

SUITS = [("hearts", "#b5121b"), ("diamonds", "#c2571a"), ("clubs", "#1d5fa8"), ("spades", "#2e2e2e")]
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def rows(n):
    """(name, rank, suit, colour, rule) for each card."""
    out = []
    if n == 52:
        for suit, colour in SUITS:
            for rank in RANKS:
                out.append((f"{rank} of {suit}", rank, suit, colour, f"Play on a {suit[:-1]}"))
    else:
        for i in range(1, n + 1):
            suit, colour = SUITS[i % 4]
            out.append((f"Card {i:05}", str(i), suit, colour, f"Rule {i}: draw {i % 3 + 1}"))
    return out


TAVOLO_TOML = """name = "bench"
title = "Bench deck"
gutter_mm = 0

[[component]]
name = "cards"
size_mm = [63, 88]
front = "card.svg"
back = "back.svg"
items_from = "cards.csv"
"""

# Sizes in mm; the text sizes are in mm as the SVG's user unit is 1 mm.
TAVOLO_FRONT = """<svg xmlns="http://www.w3.org/2000/svg" width="{{ w }}" height="{{ h }}" viewBox="0 0 {{ w }} {{ h }}">
  <rect x="3" y="3" width="57" height="82" rx="3" fill="#ffffff" stroke="{{ colour }}" stroke-width="0.6"/>
  <text x="31.5" y="13" font-size="5" text-anchor="middle">{{ name }}</text>
  <text x="31.5" y="52" font-size="16" text-anchor="middle" fill="{{ colour }}">{{ rank }}</text>
  <circle cx="31.5" cy="66" r="5" fill="{{ colour }}"/>
  <text x="31.5" y="80" font-size="3.5" text-anchor="middle">{{ rule }}</text>
</svg>
"""

TAVOLO_BACK = """<svg xmlns="http://www.w3.org/2000/svg" width="{{ w }}" height="{{ h }}" viewBox="0 0 {{ w }} {{ h }}">
  <rect x="3" y="3" width="57" height="82" rx="3" fill="#1b2a5c"/>
  <text x="31.5" y="46" font-size="7" text-anchor="middle" fill="#ffffff">BENCH</text>
</svg>
"""

# protograf's units are cm; its text y is the baseline, as in SVG.
PROTOGRAF = """from protograf import *
Create(filename="bench.pdf", margin=1)
Data(filename="cards.csv")
Deck(cards={n}, width=6.3, height=8.8, grid_marks=True)
Card("all",
     rectangle(x=0.3, y=0.3, width=5.7, height=8.2, rounding=0.3, fill="white",
               stroke=T("{{{{ colour }}}}"), stroke_width=1.7),
     text(text=T("{{{{ name }}}}"), x=3.15, y=1.3, font_size=14),
     text(text=T("{{{{ rank }}}}"), x=3.15, y=5.2, font_size=45, stroke=T("{{{{ colour }}}}")),
     circle(cx=3.15, cy=6.6, radius=0.5, fill=T("{{{{ colour }}}}"), stroke=T("{{{{ colour }}}}")),
     text(text=T("{{{{ rule }}}}"), x=3.15, y=8.0, font_size=10))
CardBack("all",
     rectangle(x=0.3, y=0.3, width=5.7, height=8.2, rounding=0.3, fill="#1b2a5c", stroke="#1b2a5c"),
     text(text="BENCH", x=3.15, y=4.6, font_size=20, stroke="white"))
Save()
"""


def gen(root, n):
    data = rows(n)
    for sub in ("tavolo", "protograf"):
        os.makedirs(os.path.join(root, sub), exist_ok=True)
        with open(os.path.join(root, sub, "cards.csv"), "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow(["name", "rank", "suit", "colour", "rule"])
            w.writerows(data)
    for name, text in (("bench.toml", TAVOLO_TOML), ("card.svg", TAVOLO_FRONT), ("back.svg", TAVOLO_BACK)):
        with open(os.path.join(root, "tavolo", name), "w", encoding="utf-8") as f:
            f.write(text)
    with open(os.path.join(root, "protograf", "bench.py"), "w", encoding="utf-8") as f:
        f.write(PROTOGRAF.format(n=n))


def timed(cmd, cwd):
    """Run `cmd`: (wall s, user+sys s, max RSS KiB), of that one child alone.

    The child is started and waited for directly (os.wait4 gives its own
    resource usage: CPU time, and ru_maxrss in KiB, see below), not through
    /usr/bin/time -v as before: that wrapper's own start (an exec, its
    loader, its report) cost about 1.8 ms of wall (`perf stat -r 30
    /usr/bin/time -v true`), 15% of tavolo's 52-card figure and none of it
    tavolo's. The wall clock runs from just before the start to the wait's
    return, the same for both programs."""
    # stderr to a file, read only on failure: nothing for this process to
    # do while the child runs.
    with tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        if p.returncode != 0:
            err.seek(0)
            sys.exit(f"{' '.join(cmd)} failed in {cwd}:\n{err.read().decode(errors='replace')}")
    rss = usage.ru_maxrss
    # Linux keeps in a child's ru_maxrss the peak of the memory it had before
    # its exec: this process's, which it was forked from. A figure not above
    # our own peak may be ours, not the child's: the child's own is then
    # taken from a run of its own under /usr/bin/time (a few MiB of its own).
    if rss <= resource.getrusage(resource.RUSAGE_SELF).ru_maxrss:
        rss = peak_rss(cmd, cwd)
    return wall, usage.ru_utime + usage.ru_stime, rss


def peak_rss(cmd, cwd):
    """`cmd`'s peak resident memory in KiB, as /usr/bin/time reports it."""
    with tempfile.NamedTemporaryFile(mode="r") as report:
        subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report.name] + cmd, cwd=cwd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        return int(report.read().split()[-1])


def run(root, n, runs, only):
    gen(root, n)
    here = os.path.dirname(os.path.abspath(__file__))
    tavolo = os.path.abspath(os.environ.get("TAVOLO", os.path.join(here, "..", "target", "release", "tavolo")))
    python = os.environ.get("PROTOGRAF_PYTHON", "/tmp/pgvenv/bin/python")
    cmds = {
        "tavolo": ([tavolo, "kit", "bench.toml", "--out", "out"], os.path.join(root, "tavolo")),
        "protograf": ([python, "bench.py"], os.path.join(root, "protograf")),
    }
    if only:
        cmds = {name: cmd for name, cmd in cmds.items() if name in only}
    print(f"{n} cards, {runs} run(s) each, alternating; wall s / CPU s / CPU ms per card / max RSS MiB")
    best = {}
    for _ in range(runs):
        for name, (cmd, cwd) in cmds.items():
            wall, cpu, rss = timed(cmd, cwd)
            print(f"  {name:9} {wall:8.3f} s {cpu:8.3f} s {1000 * cpu / n:8.3f} ms {rss / 1024:7.1f} MiB")
            if name not in best or wall < best[name][0]:
                best[name] = (wall, cpu, rss)
    if len(best) < 2:
        return
    (tw, tc, _), (pw, pc, _) = best["tavolo"], best["protograf"]
    print(f"  best wall: protograf / tavolo = {pw / tw:.0f}x; CPU: {pc / tc:.0f}x")


def main():
    if len(sys.argv) < 4 or sys.argv[1] not in ("gen", "run"):
        sys.exit(__doc__)
    root, n = sys.argv[2], int(sys.argv[3])
    if sys.argv[1] == "gen":
        gen(root, n)
    else:
        run(root, n, int(sys.argv[4]) if len(sys.argv) > 4 else 1, sys.argv[5:])


if __name__ == "__main__":
    main()
