#!/usr/bin/env python3
"""How long a move takes to reach the standings (`tavolo serve --event`, issue 41): from a
move posted on a seat's page to the standings JSON (`/event/standings.json`) answering
changed, with every seat of a MOON Swiss of 24 (twelve tables, 24 seat pages) polling its
table's state.json and the standings page polling /event/version, as their pages do (here
every second, three times as often as a table's page).

    python3 scripts/bench_serve_event.py [MOVES]     # default 60 moves, spread over the tables

Uses target/release/tavolo (or $TAVOLO). Everything runs on 127.0.0.1 in a temporary folder;
the pollers and the server are stopped at the end; each wait is bounded (5 s). Prints the
count, median, 90th percentile and slowest, in milliseconds.
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TAVOLO = os.environ.get("TAVOLO", os.path.join(ROOT, "target", "release", "tavolo"))
PUBLIC = "2 7 18"
ENTRANTS = ", ".join(f'"Player {n:02}"' for n in range(1, 25))
TWELVE = """format = "tavolo-event-v1"
event = "MOON Swiss of 24"
public-value-name = "three numbers drawn at the start"

[[section]]
game = "moon"
players = 2
boards = 3
tables = 12
entrants = [""" + ENTRANTS + """]
pairing = "swiss"
rounds = 3
unfinished = "loss-to-move"
tie-breaks = ["wins", "buchholz", "sonneborn-berger", "cumulative"]
"""


def get(base, path):
    with urllib.request.urlopen(base + path, timeout=30) as r:
        return r.read().decode()


def post(base, path, form):
    data = urllib.parse.urlencode(form).encode()
    req = urllib.request.Request(base + path, data=data, method="POST")

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *a, **k):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(req, timeout=30) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def token(page):
    return re.search(r'<meta name="tavolo-form" content="([^"]+)"', page).group(1)


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    work = tempfile.mkdtemp(prefix="bench-serve-event-")
    with open(os.path.join(work, "draft.toml"), "w") as f:
        f.write(TWELVE)
    subprocess.run([TAVOLO, "event", "new", "--from", "draft.toml", "--dir", "ev"],
                   cwd=work, check=True, capture_output=True)
    server = subprocess.Popen(
        [TAVOLO, "serve", "--port", "0", "--event", "ev", "--public", PUBLIC],
        cwd=work, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    stop = threading.Event()
    try:
        said = []
        for _ in range(40):
            line = server.stdout.readline()
            said.append(line)
            if line.startswith("stop with"):
                break
        base = "http://" + said[0].split("http://")[1].split("/")[0]
        director = next(l for l in said if l.startswith("the director's page"))
        director = "/" + director.split("http://")[1].strip().split("/", 1)[1]
        page = get(base, director)
        tables = []
        for row in page.split('<tr id="')[1:]:
            tid = row.split('"')[0]
            seats = [h.replace("&amp;", "&") for h in re.findall(r'<a href="([^"]*/seat/[^"]*)"', row)]
            names = re.findall(r'/seat/\d\?k=[0-9a-f]+">([^<]+)<', row)
            record = open(os.path.join(work, "ev", "played", tid + ".toml")).read()
            seed = re.search(r'^seed = "(.*)"', record, re.M).group(1)
            played = subprocess.run(
                [TAVOLO, "play", "moon", "--seed", seed, "--board", "1", "--names", ",".join(names)],
                capture_output=True, text=True, check=True).stdout
            moves = [f"{t} {s}" for t, s in re.findall(r'tile = "(\w+)"\nsquare = "(\w+)"', played)]
            tokens = [token(get(base, s)) for s in seats]
            tables.append({"seats": seats, "moves": moves, "tokens": tokens, "at": 0})

        def poll(path):
            while not stop.is_set():
                try:
                    get(base, path)
                except Exception:
                    pass
                stop.wait(1.0)

        pollers = [threading.Thread(target=poll, args=(s.replace("?", "/state.json?"),), daemon=True)
                   for t in tables for s in t["seats"]]
        pollers.append(threading.Thread(target=poll, args=("/event/version",), daemon=True))
        for p in pollers:
            p.start()
        times = []
        n = 0
        while len(times) < count:
            t = tables[n % len(tables)]
            n += 1
            if t["at"] >= len(t["moves"]):
                if all(x["at"] >= len(x["moves"]) for x in tables):
                    break
                continue
            state = get(base, t["seats"][0].replace("?", "/state.json?"))
            seat = int(re.search(r'"seat":\s*(\d+)', state).group(1)) - 1
            before = get(base, "/event/standings.json")
            start = time.monotonic()
            status = post(base, t["seats"][seat].replace("?", "/move?"),
                          {"move": t["moves"][t["at"]], "at": str(t["at"]), "form": t["tokens"][seat]})
            assert status == 303, status
            t["at"] += 1
            while time.monotonic() - start < 5.0:
                if get(base, "/event/standings.json") != before:
                    break
            else:
                raise SystemExit("the standings did not change within 5 s")
            times.append((time.monotonic() - start) * 1000.0)
        times.sort()
        print(f"moves: {len(times)}, tables polling: {len(tables)} ({len(pollers) - 1} seat pages + the standings page)")
        print(f"move posted -> standings JSON changed: median {statistics.median(times):.1f} ms, "
              f"p90 {times[int(len(times) * 0.9) - 1]:.1f} ms, slowest {times[-1]:.1f} ms")
    finally:
        stop.set()
        server.kill()
        server.wait()


if __name__ == "__main__":
    main()
