"""The game server under load: night submissions per second and their latency, against a ceiling.

Run with ``.venv/bin/python benchmarks/bench_server.py [--games 20] [--revisions 5] [--rounds 3]
[--database-url postgresql://user:pass@host/db]``. Not collected by pytest.

The server is started as ``tianting serve`` starts it (a subprocess: uvicorn,
one process, its access log on), on a fresh SQLite file in a temporary
folder, or with ``--database-url`` on a fresh database made on that
PostgreSQL server (the role needs CREATEDB) and dropped afterwards. Durability
is as served: a submission is answered only after its commit (SQLite
``synchronous=FULL``; PostgreSQL's own WAL flush). How long the folder's disk
takes to fsync is printed first: the store's advantage over a naive one
depends on it.

Set-up, not timed: ``--games`` 22-player KK 3.3 games are created through the
API, every player chooses, the judge starts night 1. Each player then finds
one real action (the first of their active skills with a legal target, such
as 刺殺 for killers; tried through the API, so a submission too) or none. One
player a game holds back, so that the night stays open (once all are in, the
night resolves and later revisions are refused).

Timed: every other player (21 a game) is a client of its own, all at once,
each on its own keep-alive connection, and posts ``--revisions`` revisions of
their night actions one after another, alternating their real action and an
empty list. Latency is taken from send to the whole answer; only HTTP 200
counts. Then the ceiling: the same clients, the same number of requests each,
against ``GET /healthz`` of the same app (no database, no game). The two
alternate for ``--rounds`` rounds, so that a change in the machine's load
touches both; the table pools all rounds and shows each round's rate. The
client is a minimal HTTP/1.1 one on asyncio streams, because on a small
machine httpx would spend more CPU per request than the server (it is used
for the set-up only); it still shares the machine with the server, for both
measures alike. Last, every game's 復盤 export is read back to check that
each acknowledged submission is stored.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from tianting.server.db import scratch_database

IDS = [f"玩家{i:02d}" for i in range(1, 23)]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def server(data: Path, database_url: str | None, workers: int = 1) -> Iterator[str]:
    """``tianting serve`` in a subprocess (``workers`` processes); yields its base URL once /healthz answers."""
    port = free_port()
    command = [sys.executable, "-m", "tianting", "serve", "--data", str(data), "--port", str(port),
               "--workers", str(workers), "--no-create-limit"]
    if database_url:
        command += ["--database-url", database_url]
    log = open(data.with_suffix(".log"), "wb")  # noqa: SIM115 - closed below
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise SystemExit(f"the server exited ({process.returncode}); see {log.name}")
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit("the server did not start within 60 s")
            time.sleep(0.05)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


@dataclass
class Player:
    game: int
    pid: str
    token: str
    action: list[dict[str, Any]]
    """Their real action list (empty if they found none)."""


def candidates(view: dict[str, Any]) -> Iterator[list[dict[str, Any]]]:
    """Action lists to try, one skill and one target set each, first the most common kind."""
    living = [p["id"] for p in view.get("players", []) if not p["out"] and p["id"] != view["id"]]
    for row in view.get("skills", []):
        if not row.get("built") or row.get("kind") not in ("active", "主動") or row.get("uses_left") == 0:
            continue
        count = row.get("targets", {}).get("count", 1)
        if row.get("args") or count < 1 or count > 2:
            continue
        for i in range(0, len(living) - count + 1, 3):
            yield [{"skill": row["skill"], "targets": living[i:i + count]}]


class Retrying:
    """An httpx client whose calls are tried again on a dropped connection (the server closes
    idle keep-alive connections after 5 s; every call of the set-up may safely be repeated)."""

    def __init__(self, client: httpx.AsyncClient) -> None:
        self.client = client

    async def get(self, url: str) -> httpx.Response:
        return await self._try(lambda: self.client.get(url))

    async def post(self, url: str, json: Any) -> httpx.Response:
        return await self._try(lambda: self.client.post(url, json=json))

    @staticmethod
    async def _try(call: Callable[[], Awaitable[httpx.Response]]) -> httpx.Response:
        for _ in range(4):
            try:
                return await call()
            except httpx.TransportError:
                await asyncio.sleep(0.1)
        return await call()


async def set_up(client: Retrying, base: str, games: int) -> tuple[list[Player], list[str]]:
    """Create, choose and start ``games`` games; find each player's real action."""

    async def one(index: int) -> tuple[list[Player], str]:
        made = (await client.post(f"{base}/api/games", json={"title": f"壓測{index}", "rules": "kk33",
                                                               "ids": IDS})).json()
        for link in made["players"].values():  # one at a time: characters must not clash
            view = (await client.get(f"{base}/api/p/{link['token']}")).json()
            for character in view["choices"]:
                answer = await client.post(f"{base}/api/p/{link['token']}/choose", json={"character": character})
                if answer.status_code == 200:
                    break
            else:
                raise SystemExit(f"no free character for a player of game {index}")
        answer = await client.post(f"{base}/api/j/{made['judge_token']}/start", json={})
        answer.raise_for_status()
        players = []
        items = list(made["players"].items())
        for pid, link in items[:-1]:  # the last player holds back: the night stays open
            view = (await client.get(f"{base}/api/p/{link['token']}")).json()
            action: list[dict[str, Any]] = []
            for tried in candidates(view):
                if (await client.post(f"{base}/api/p/{link['token']}/actions",
                                      json={"actions": tried})).status_code == 200:
                    action = tried
                    break
            players.append(Player(index, pid, link["token"], action))
        return players, made["judge_token"]

    done = await asyncio.gather(*(one(i) for i in range(games)))
    return [p for players, _ in done for p in players], [judge for _, judge in done]


class Connection:
    """One keep-alive HTTP/1.1 connection: a client as cheap as can be, so that the
    machine's CPU goes to the server (httpx spends more per request than the server)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)

    async def request(self, method: str, path: str, body: Any = None) -> int:
        """Send one request and read the whole answer; its status."""
        assert self.reader is not None and self.writer is not None
        data = b"" if body is None else json.dumps(body, ensure_ascii=False).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
        if body is not None:
            head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        self.writer.write(head.encode() + b"\r\n" + data)
        answer = await self.reader.readuntil(b"\r\n\r\n")
        length = 0
        for line in answer.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        await self.reader.readexactly(length)
        return int(answer.split(b" ", 2)[1])

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def drive(connections: list[Connection], requests: int,
                call: Callable[[Connection, int, int], Awaitable[int]]) -> tuple[float, list[float], int]:
    """Each connection makes ``requests`` calls in turn, all at once; (seconds, latencies of 200s, failures)."""
    latencies: list[float] = []
    failures = 0

    async def client(c: int) -> None:
        nonlocal failures
        for r in range(requests):
            t0 = time.perf_counter()
            try:
                ok = await call(connections[c], c, r) == 200
            except (OSError, asyncio.IncompleteReadError, ValueError):
                ok = False
            if ok:
                latencies.append(time.perf_counter() - t0)
            else:
                failures += 1

    start = time.perf_counter()
    await asyncio.gather(*(client(c) for c in range(len(connections))))
    return time.perf_counter() - start, latencies, failures


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def row(label: str, seconds: float, latencies: list[float], failures: int) -> tuple[str, float]:
    rate = len(latencies) / seconds
    return (f"{label:<30} {len(latencies):>7} {failures:>5} {rate:>8.0f} "
            f"{percentile(latencies, 0.5) * 1000:>8.1f} {percentile(latencies, 0.99) * 1000:>8.1f}"), rate


async def bench(base: str, games: int, revisions: int, rounds: int) -> tuple[float, float, float, float]:
    """Set up, then ``rounds`` times the submissions and the ceiling in turn; (submissions/s, p50 ms,
    p99 ms, ceiling/s)."""
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
    async with httpx.AsyncClient(limits=limits, timeout=120) as client:
        t0 = time.perf_counter()
        players, judges = await set_up(Retrying(client), base, games)
        acting = sum(1 for p in players if p.action)
        print(f"set-up: {games} games started, {len(players)} submitting players ({acting} with a real action) "
              f"in {time.perf_counter() - t0:.1f} s")
        stored_before = await count_submissions(client, base, judges)

        host, port = base.split("//")[1].split(":")
        connections = [Connection(host, int(port)) for _ in players]
        for connection in connections:  # opened and used once before the clock starts
            await connection.open()
        await drive(connections, 1, lambda conn, c, r: conn.request("GET", "/healthz"))

        totals: dict[str, tuple[float, list[float], int]] = {"sub": (0.0, [], 0), "ceiling": (0.0, [], 0)}
        per_round: dict[str, list[float]] = {"sub": [], "ceiling": []}
        for n in range(rounds):
            def submit(conn: Connection, c: int, r: int, n: int = n) -> Awaitable[int]:
                player = players[c]
                actions = player.action if (n * revisions + r) % 2 == 0 else []
                return conn.request("POST", f"/api/p/{player.token}/actions", {"actions": actions})

            def healthz(conn: Connection, c: int, r: int) -> Awaitable[int]:
                return conn.request("GET", "/healthz")

            for key, call in (("sub", submit), ("ceiling", healthz)):
                seconds, latencies, failures = await drive(connections, revisions, call)
                total = totals[key]
                totals[key] = (total[0] + seconds, total[1] + latencies, total[2] + failures)
                per_round[key].append(len(latencies) / seconds)
        for connection in connections:
            connection.close()
        stored = await count_submissions(client, base, judges) - stored_before

    print(f"{len(players)} concurrent clients, each {revisions} requests in turn; {rounds} rounds of "
          f"submissions then the ceiling")
    print(f"{'measure':<30} {'ok':>7} {'fail':>5} {'per s':>8} {'p50 ms':>8} {'p99 ms':>8}  per round")
    line, sub_rate = row("POST /api/p/<token>/actions", *totals["sub"])
    print(line + "  " + " ".join(f"{r:.0f}" for r in per_round["sub"]))
    line, ceiling_rate = row("GET /healthz (ceiling)", *totals["ceiling"])
    print(line + "  " + " ".join(f"{r:.0f}" for r in per_round["ceiling"]))
    print(f"submissions / ceiling: {sub_rate / ceiling_rate:.0%}")
    acknowledged = len(totals["sub"][1])
    print(f"stored: {stored} submissions for {acknowledged} acknowledged"
          + ("" if stored == acknowledged else "  <-- MISMATCH"))
    latencies = totals["sub"][1]
    return sub_rate, percentile(latencies, 0.5) * 1000, percentile(latencies, 0.99) * 1000, ceiling_rate


async def count_submissions(client: httpx.AsyncClient, base: str, judges: list[str]) -> int:
    """Submission events stored in all the games (through each judge's 復盤 export)."""
    total = 0
    for judge in judges:
        answer = await client.get(f"{base}/api/j/{judge}/export")
        answer.raise_for_status()
        total += sum(e["kind"] == "submit" for e in answer.json()["events"])
    return total


def fsync_ms(folder: Path, times: int = 30) -> float:
    """The median time to write and fsync 200 bytes to a file in ``folder`` (what a commit waits for)."""
    path = folder / "fsync-probe"
    spent = []
    with open(path, "wb") as f:
        for _ in range(times):
            f.write(b"x" * 200)
            f.flush()
            t0 = time.perf_counter()
            os.fsync(f.fileno())
            spent.append(time.perf_counter() - t0)
    path.unlink()
    return percentile(spent, 0.5) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games, 22 players each (default 20)")
    parser.add_argument("--revisions", type=int, default=5,
                        help="requests per client in each round (default 5)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds of submissions then the ceiling, taken in turn (default 3)")
    parser.add_argument("--database-url", help="a PostgreSQL server to use (a fresh database is made on it)")
    parser.add_argument("--url", help="drive a server already running there instead (e.g. to profile it)")
    parser.add_argument("--workers", default="1",
                        help="server processes (tianting serve --workers N); a list such as 1,2,4 runs each in "
                             "turn on a fresh database, with the ceiling measured at the same count")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, "
          f"database: {'PostgreSQL' if args.database_url else 'SQLite'}")
    if args.url:
        asyncio.run(bench(args.url.rstrip("/"), args.games, args.revisions, args.rounds))
        return 0
    counts = [int(n) for n in args.workers.split(",")]
    summary = []
    with tempfile.TemporaryDirectory(prefix="tianting-bench-") as tmp:
        print(f"fsync in {tmp}: {fsync_ms(Path(tmp)):.2f} ms (median of 30)")
        for workers in counts:
            print(f"\n== {workers} worker{'s' if workers > 1 else ''} ==")
            data = Path(tmp) / f"bench-{workers}.sqlite3"
            with contextlib.ExitStack() as stack:
                url = (stack.enter_context(scratch_database(args.database_url, "tianting_bench"))
                       if args.database_url else None)
                base = stack.enter_context(server(data, url, workers))
                summary.append((workers, asyncio.run(bench(base, args.games, args.revisions, args.rounds))))
    print("\n| workers | submissions/s | p50 / p99 | ceiling /s | ratio |\n|---|---|---|---|---|")
    for workers, (rate, p50, p99, ceiling) in summary:
        print(f"| {workers} | {rate:.0f} | {p50:.0f} / {p99:.0f} ms | {ceiling:.0f} | **{rate / ceiling:.0%}** |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
