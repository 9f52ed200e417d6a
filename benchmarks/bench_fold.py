"""A hosted game's fold and pages against the game's length (issue 28): CPU time, cached and not.

    python3 benchmarks/bench_fold.py [--nights 1,2,10,25] [--repeat 7] [--src DIR ...]

For each length, a 22-player KK 3.3 game is played through the server's store on a fresh SQLite file (every
player chooses, the judge starts; each night everyone sends an empty list, each day everyone votes for
themselves: a quiet game that lasts) until night N is open. Then, in CPU time of the process (``time.
process_time``: the app runs in it, through Starlette's test client; a busy machine blurs wall time far more):

- **fold**: ``HostedGame.fold`` of the game's stored events, from nothing;
- **pages**, the judge's console (``/j/…``), a player's page (``/p/…``) and the public page (``/g/…``): each
  **not cached** (the fold thrown out of the store's cache first, as after a restart or a deploy, in another
  worker, or with more active games than ``--cache-games``) and **cached**.

Each figure is the median of ``--repeat`` runs, in milliseconds. Last, the ratios the issue sets targets
for: a page of the N-night game not cached against the same page of the 2-night game not cached (target at
most 3×) and against the same page cached (at most 5×). ``--src``: the trees holding the ``tianting`` package
to compare (e.g. an export of the previous commit: ``git archive HEAD~1 src | tar -x -C /tmp/before``);
default this checkout's. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROGRAM = r'''
import json, statistics, sys, tempfile, time
from pathlib import Path
from fastapi.testclient import TestClient
from tianting.hosting import events as ev
from tianting.hosting.game import HostedGame
from tianting.server.app import create_app

nights, repeat = [int(n) for n in sys.argv[1].split(",")], int(sys.argv[2])
IDS = [f"玩家{i:02d}" for i in range(1, 23)]


def quiet_game(store, night):
    made = store.create_game("長局", "kk33", IDS, seed=20261207, salt="00" * 16)
    gid = made.game_id
    with store.game(gid) as g:
        roster, seats = g._roster(), list(g.setup["players"])
    for seat in seats:
        with store.game(gid) as g:
            taken = g._taken_bases()
        free = [c for c in seat["choices"] if roster.characters[c].base not in taken]
        store.append(gid, ev.CHOOSE, seat["id"], {"character": free[0]})
    store.append(gid, ev.START, ev.JUDGE, {})
    while True:
        with store.game(gid) as g:
            phase, who = g.current, g.participants()
            if phase.kind == "night" and phase.number == night:
                return made
        for pid in who:
            store.append(gid, ev.SUBMIT if phase.kind == "night" else ev.VOTE, pid,
                         {"actions": []} if phase.kind == "night" else {"target": pid})
        with store.game(gid) as g:
            open_ = g.stage == "open"
        if open_:
            store.append(gid, ev.RESOLVE, ev.JUDGE, {"phase": len(g.phases) - 1})
        store.append(gid, ev.PUBLISH, ev.JUDGE, {})


def cpu_ms(work):
    start = time.process_time()
    work()
    return (time.process_time() - start) * 1000


out = {}
with tempfile.TemporaryDirectory() as folder:
    url = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
    with TestClient(create_app(url, scheduler_interval=None)) as client:
        store = client.app.state.store
        for night in nights:
            made = quiet_game(store, night)
            gid = made.game_id
            stored = store.events(gid)
            pages = {"judge": f"/j/{made.judge_token}", "player": f"/p/{made.player_tokens[IDS[0]]}",
                     "public": f"/g/{made.public_id}"}
            row = {"events": len(stored), "fold": statistics.median(
                cpu_ms(lambda: HostedGame.fold(stored)) for _ in range(repeat))}
            for name, path in pages.items():
                assert client.get(path).status_code == 200
                def cold(path=path):
                    store._cache.pop(gid)
                    return cpu_ms(lambda: client.get(path))
                row[f"{name} not cached"] = statistics.median(cold() for _ in range(repeat))
                row[f"{name} cached"] = statistics.median(cpu_ms(lambda: client.get(path)) for _ in range(repeat))
            out[night] = row
print(json.dumps(out))
'''


def measure(src: str, nights: str, repeat: int) -> dict[str, dict[str, float]]:
    env = {**os.environ, "PYTHONPATH": src, "PYTHONHASHSEED": "0"}
    done = subprocess.run([sys.executable, "-c", PROGRAM, nights, str(repeat)], env=env, capture_output=True,
                          text=True, check=True, cwd="/")
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--nights", default="1,2,10,25")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--src", nargs="*", default=[str(ROOT / "src")])
    args = parser.parse_args()
    if "2" not in args.nights.split(","):
        args.nights += ",2"
    for src in args.src:
        found = measure(src, args.nights, args.repeat)
        print(f"{src}  (CPU ms, median of {args.repeat})")
        columns = list(next(iter(found.values())))
        print(f"{'night':>5} " + " ".join(f"{c:>18}" for c in columns))
        for night, row in sorted(found.items(), key=lambda kv: int(kv[0])):
            print(f"{night:>5} " + " ".join(f"{row[c]:>18.1f}" for c in columns))
        longest = max(found, key=int)
        for page in ("judge", "player", "public"):
            cold, two, warm = (found[longest][f"{page} not cached"], found["2"][f"{page} not cached"],
                               found[longest][f"{page} cached"])
            print(f"  {page:>6}: night {longest} not cached = {cold / two:4.1f}× night 2 not cached, "
                  f"{cold / warm:4.1f}× night {longest} cached")
        print(flush=True)


if __name__ == "__main__":
    main()
