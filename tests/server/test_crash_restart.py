"""Crash and restart: the real server, killed with SIGKILL at random moments during a stream of
night submissions, loses nothing it acknowledged, and the game goes on identically.

"The game is stored as its inputs (setup, submissions, decisions, judge rulings, edits) and
derived by replay. A submission is acknowledged only after it is durably committed."

The server runs as ``python -m tianting serve`` in a subprocess (SQLite file; PostgreSQL too
when ``TIANTING_TEST_POSTGRES_URL`` is set, on a fresh database of its own: the server is
killed, never PostgreSQL). A 22-player game is created, chosen and started through the API;
21 players then revise their night actions over and over (empty lists and real actions such as
刺殺, each checked valid before the stream) from a few client threads, while another thread
kills the server at random moments and starts it again. The 22nd player holds back, so the
night stays open. The random choices (revisions, kill times) come from a seeded
``random.Random``; only the moments at which requests meet a kill vary between runs, and what
is checked holds for any of them:

- every acknowledged (HTTP 200) submission is stored at the ``seq`` it was answered with, with
  the payload that was sent; each player's stored submissions are their requests in the order
  sent (a request that got no answer may or may not be stored); nothing else is stored;
- every player's current submission is their last acknowledged one;
- the game goes on: the judge resolves and, after one more kill, a fresh server process shows
  the same draft, publishes, and day 2 opens; a fresh fold of the stored events
  (``HostedGame.fold``) gives the same judge view as the running server at each step.

The store commits the writes that queue up behind a commit together (group commit); two
in-process tests at the end pin what that must not change: each write is acknowledged or
refused on its own, and a commit that fails acknowledges none of its writes.
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from tests.server.conftest import IDS, _postgres_database
from tianting.hosting.events import Event
from tianting.hosting.game import HostedGame, Refused
from tianting.hosting.views import judge_view
from tianting.server.db import events as events_table
from tianting.server.db import make_engine
from tianting.server.store import Store

SEED = 20260601
KILLS = 3
"""Kills during the stream (one more comes after the judge resolves)."""
THREADS = 3
"""Client threads; each owns every THREADS-th submitting player and sends one request at a time."""
UPTIME = (0.3, 0.9)
"""Seconds between a restarted server answering /healthz and the next kill (uniform)…"""
LEAST_ACKS = 10
"""…and no kill before this server has acknowledged this many submissions of the stream. On a loaded machine a
server answered few requests in its random uptime (53 acknowledged in all, with 50 required, seen on 2 cores at
load 7): the kills met few requests and ``check_stored``'s floor failed on time alone."""
AFTER = 2
"""Acknowledged submissions each player makes after the last kill of the stream."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``tianting serve`` in a subprocess, started anew on a fresh port after each kill."""

    def __init__(self, tmp: Path, database_url: str | None) -> None:
        self.tmp, self.database_url = tmp, database_url
        self.process: subprocess.Popen[bytes] | None = None
        self.base = ""
        self.starts = 0

    def start(self) -> None:
        port = free_port()
        command = [sys.executable, "-m", "tianting", "serve", "--data", str(self.tmp / "db.sqlite3"),
                   "--port", str(port)]
        if self.database_url:
            command += ["--database-url", self.database_url]
        self.starts += 1
        log = open(self.tmp / f"server-{self.starts}.log", "wb")  # noqa: SIM115 - the child keeps it
        self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        log.close()
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            assert self.process.poll() is None, f"the server exited: {self.log()}"
            try:
                if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, f"the server did not start: {self.log()}"
            time.sleep(0.02)
        self.base = base

    def kill(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.kill()

    def log(self) -> str:
        return (self.tmp / f"server-{self.starts}.log").read_text(errors="replace")[-3000:]


@dataclass
class Sent:
    """One submission request and what came of it."""

    pid: str
    actions: list[dict[str, Any]]
    seq: int | None = None
    """The ``seq`` it was acknowledged with; None if it got no answer."""


@dataclass
class Player:
    pid: str
    token: str
    options: list[list[dict[str, Any]]]
    """Action lists known valid tonight: the empty list and up to two real ones."""
    sent: list[Sent] = field(default_factory=list)


def changes_what_others_may_submit(skill: str) -> bool:
    """A skill whose use tonight changes what other players may submit (厲兵秣馬's extra action lets a killer
    of any country stab once more; 神速, 諸葛連弩 add to a country's 刺殺): a valid submission of another
    would turn invalid when its user revises it away, so the stream below never offers one."""
    from tianting.core.skills import Skill
    from tianting.rules.kk33.characters import CHARACTER_SKILLS

    impl = CHARACTER_SKILLS.get(skill)
    return impl is not None and (impl.stab_bonus is not Skill.stab_bonus or hasattr(impl, "extra_actions")
                                 or hasattr(impl, "extra_targets"))


def candidates(view: dict[str, Any]) -> Iterator[list[dict[str, Any]]]:
    """One-skill action lists to try, 刺殺 first: each built active skill on some living players (none
    that changes what others may submit: 化身 may offer 左慈 厲兵秣馬)."""
    living = [p["id"] for p in view["players"] if not p["out"] and p["id"] != view["id"]]
    rows = sorted(view["skills"], key=lambda row: row["skill"] != "刺殺")
    for row in rows:
        if not row.get("built") or row.get("kind") != "active" or row.get("uses_left") == 0 or row.get("args") \
                or changes_what_others_may_submit(row["skill"]):
            continue
        count = row["targets"]["count"]
        if 1 <= count <= 2:
            for i in range(0, len(living) - count + 1, 4):
                yield [{"skill": row["skill"], "targets": living[i:i + count]}]


def stored_events(url: str, game_id: str) -> list[Event]:
    """The game's events as the database holds them (seed included), read directly."""
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(select(events_table).where(events_table.c.game_id == game_id)
                                .order_by(events_table.c.seq)).all()
            conn.rollback()
    finally:
        engine.dispose()
    return [Event(r.seq, r.kind, r.actor, json.loads(r.payload), r.at) for r in rows]


def fold_view(url: str, game_id: str) -> dict[str, Any]:
    """The judge's view of a fresh fold of the stored events, as JSON would carry it."""
    return json.loads(json.dumps(judge_view(HostedGame.fold(stored_events(url, game_id))), ensure_ascii=False))


def server_view(client: httpx.Client, server: Server, judge: str) -> dict[str, Any]:
    answer = client.get(f"{server.base}/api/j/{judge}")
    assert answer.status_code == 200, answer.text
    view = answer.json()
    view.pop("public_id")
    return view


def post(client: httpx.Client, url: str, body: dict[str, Any]) -> httpx.Response:
    return client.post(url, json=body)


def set_up(client: httpx.Client, server: Server) -> tuple[dict[str, Any], list[Player]]:
    """A started game; each submitting player's valid options (found by submitting them)."""
    answer = post(client, f"{server.base}/api/games", {"title": "斷電測試", "rules": "kk33", "ids": IDS})
    assert answer.status_code == 201, answer.text
    game = answer.json()
    for link in game["players"].values():
        view = client.get(f"{server.base}/api/p/{link['token']}").json()
        assert any(post(client, f"{server.base}/api/p/{link['token']}/choose", {"character": c}).status_code
                   == 200 for c in view["choices"])
    assert post(client, f"{server.base}/api/j/{game['judge_token']}/start", {}).status_code == 200
    players = []
    for pid, link in list(game["players"].items())[:-1]:  # the last player holds back
        view = client.get(f"{server.base}/api/p/{link['token']}").json()
        player = Player(pid, link["token"], [[]])
        for actions in candidates(view):
            answer = post(client, f"{server.base}/api/p/{link['token']}/actions", {"actions": actions})
            if answer.status_code == 200:
                player.options.append(actions)
                player.sent.append(Sent(pid, actions, answer.json()["seq"]))
                if len(player.options) == 3:
                    break
        players.append(player)
    assert sum(len(p.options) > 1 for p in players) >= 10, "too few players found a real action"
    assert any(a["skill"] == "刺殺" for p in players for o in p.options for a in o)
    return game, players


def stream(server: Server, players: list[Player], rng: random.Random) -> list[list[Sent]]:
    """Client threads revise submissions while this thread kills and restarts the server;
    each thread's requests in the order sent."""
    kills_done, stop = threading.Event(), threading.Event()
    acked = threading.Condition()
    count = [0]
    """Submissions of the stream acknowledged so far (the main thread waits on ``acked``)."""
    logs: list[list[Sent]] = [[] for _ in range(THREADS)]
    failures: list[str] = []
    plans = {p.pid: random.Random(rng.random()) for p in players}

    def client_thread(mine: list[Player], log: list[Sent]) -> None:
        after = {p.pid: 0 for p in mine}
        with httpx.Client(timeout=20) as client:
            while not stop.is_set() and not (kills_done.is_set() and min(after.values()) >= AFTER):
                for player in mine:
                    if kills_done.is_set() and after[player.pid] >= AFTER:
                        continue
                    last = player.sent[-1].actions if player.sent else None
                    choices = [o for o in player.options if o != last] or player.options
                    sent = Sent(player.pid, plans[player.pid].choice(choices))
                    player.sent.append(sent)
                    log.append(sent)
                    was_done = kills_done.is_set()
                    try:
                        answer = post(client, f"{server.base}/api/p/{player.token}/actions",
                                      {"actions": sent.actions})
                    except httpx.ConnectError:  # down: this request never left, wait for the restart
                        player.sent.pop()
                        log.pop()
                        time.sleep(0.05)
                        continue
                    except httpx.TransportError:  # killed meanwhile: not acknowledged, maybe stored
                        continue
                    if answer.status_code != 200:
                        raise AssertionError(f"{player.pid}: {answer.status_code} {answer.text}")
                    sent.seq = answer.json()["seq"]
                    with acked:
                        count[0] += 1
                        acked.notify_all()
                    if was_done:
                        after[player.pid] += 1

    def guarded(mine: list[Player], log: list[Sent]) -> None:
        try:
            client_thread(mine, log)
        except BaseException as exc:  # reported by the main thread
            failures.append(repr(exc))
            stop.set()

    threads = [threading.Thread(target=guarded, args=(players[i::THREADS], logs[i])) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    try:
        for _ in range(KILLS):
            since = count[0]
            time.sleep(rng.uniform(*UPTIME))
            with acked:
                enough = acked.wait_for(lambda least=since + LEAST_ACKS: count[0] >= least or stop.is_set(), timeout=120)
            assert enough, f"the server acknowledged {count[0] - since} submissions in 2 minutes"
            server.kill()
            server.start()
    except BaseException:
        stop.set()
        raise
    finally:
        kills_done.set()
        for thread in threads:
            thread.join(120)
    assert not any(thread.is_alive() for thread in threads), "a client thread hung"
    assert not failures, f"a client failed (a valid submission refused?): {failures[:3]}"
    return logs


def check_stored(stored: list[Event], players: list[Player], logs: list[list[Sent]]) -> None:
    """Nothing acknowledged lost, nothing stored that was not sent, the order of sending kept."""
    assert [e.seq for e in stored] == list(range(1, len(stored) + 1))
    start = [e.kind for e in stored].index("start")
    after_start = stored[start + 1:]
    assert {e.kind for e in after_start} == {"submit"}
    assert {e.actor for e in after_start} <= {p.pid for p in players}
    for player in players:
        # a player's requests go one at a time: their stored submissions are the requests that were
        # committed, in the order sent; each acknowledged one at the seq it was answered with
        mine = [e for e in after_start if e.actor == player.pid]
        pinned = {r.seq for r in player.sent if r.seq is not None}
        i = 0
        for request in player.sent:
            event = mine[i] if i < len(mine) else None
            if request.seq is not None:
                assert event is not None and event.seq == request.seq, f"{player.pid}: seq {request.seq} lost"
                assert event.payload == {"actions": request.actions}
                i += 1
            elif event is not None and event.seq not in pinned and event.payload == {"actions": request.actions}:
                i += 1  # answered to no one (the server was killed), yet committed first
        assert i == len(mine), f"{player.pid}: a stored submission was never sent: {mine[i]}"
        assert player.sent[-1].seq == mine[-1].seq  # the last request was acknowledged
    for log in logs:  # one thread's requests, in the order it sent them
        seqs = [r.seq for r in log if r.seq is not None]
        assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
    assert sum(r.seq is not None for log in logs for r in log) > 50


def run_crash_test(tmp: Path, database_url: str | None) -> None:
    rng = random.Random(SEED)
    url = database_url or f"sqlite:///{tmp / 'db.sqlite3'}"
    server = Server(tmp, database_url)
    server.start()
    try:
        with httpx.Client(timeout=20) as client:
            game, players = set_up(client, server)
            judge = game["judge_token"]
            logs = stream(server, players, rng)
            assert server.starts == 1 + KILLS

            stored = stored_events(url, game["game_id"])
            check_stored(stored, players, logs)
            export = client.get(f"{server.base}/api/j/{judge}/export").json()
            assert [(e["seq"], e["kind"], e["actor"]) for e in export["events"]] == [
                (e.seq, e.kind, e.actor) for e in stored]
            console = server_view(client, server, judge)
            assert console == fold_view(url, game["game_id"])
            submissions = console["current"]["submissions"]
            assert set(submissions) == {p.pid for p in players}
            for player in players:  # each player's current submission is their last acknowledged one
                last = player.sent[-1]
                assert [{"skill": a["skill"], "targets": a["targets"]} for a in submissions[player.pid]] == [
                    {"skill": a["skill"], "targets": a["targets"]} for a in last.actions]
            assert console["current"]["expected"] == [list(game["players"])[-1]]

            # the game goes on: resolve, crash once more, a fresh process shows the same draft
            assert post(client, f"{server.base}/api/j/{judge}/resolve", {}).status_code == 200
            drafted = server_view(client, server, judge)
            assert drafted["stage"] == "draft" and drafted["current"]["draft"] is not None
            assert drafted == fold_view(url, game["game_id"])
            server.kill()
            server.start()
            assert server_view(client, server, judge) == drafted
            answer = post(client, f"{server.base}/api/j/{judge}/publish", {"confirm": True})
            assert answer.status_code == 200, answer.text
            day = server_view(client, server, judge)
            assert day["current"]["kind"] == "day" and day["current"]["number"] == 2
            assert day["published"][0]["announcement"] == drafted["current"]["draft"]["announcement"]["text"]
            assert day == fold_view(url, game["game_id"])
    finally:
        server.stop()


def test_killed_server_loses_no_acknowledged_submission_sqlite(tmp_path: Path) -> None:
    run_crash_test(tmp_path, None)


@pytest.fixture
def postgres_url() -> Iterator[str]:
    yield from _postgres_database()


def test_killed_server_loses_no_acknowledged_submission_postgresql(tmp_path: Path, postgres_url: str) -> None:
    run_crash_test(tmp_path, postgres_url)


# ---- group commit, in one process ------------------------------------------------------------------
def _started_store_game(store: Store) -> str:
    made = store.create_game("群組提交", "kk33", IDS, seed=7, salt="鹽")
    with store.game(made.game_id) as game:
        choices = {seat["id"]: seat["choices"] for seat in game.setup["players"]}
    for pid in IDS:
        for character in choices[pid]:
            try:
                store.append(made.game_id, "choose", pid, {"character": character})
                break
            except Refused:
                continue
    store.append(made.game_id, "start", "judge", {"deadline": None})
    return made.game_id


def _hold_first_commit(store: Store, writers: int) -> list[int]:
    """Make the first commit wait until all ``writers`` threads are in it or queued behind it
    (so the second commit takes all the rest at once); the sizes of the batches committed."""
    real, sizes = store._commit, []

    def held(batch: list[Any]) -> None:
        if not sizes:
            deadline = time.monotonic() + 20
            while len(batch) + len(store._queue) < writers and time.monotonic() < deadline:
                time.sleep(0.005)
        sizes.append(len(batch))
        real(batch)

    store._commit = held  # type: ignore[method-assign]
    return sizes


def test_writes_committed_together_are_each_acknowledged_or_refused_on_their_own(db_url: str) -> None:
    """Writes queued behind a commit go into the next one together; a refused write (bad body,
    unknown game) is refused alone, and every acknowledged one is stored at its seq."""
    store = Store(db_url)
    try:
        game_id = _started_store_game(store)
        start_seq = store.events(game_id)[-1].seq
        sizes = _hold_first_commit(store, 13)
        jobs: list[tuple[str, str, dict[str, Any]]] = []
        for i, pid in enumerate(IDS[:-1] * 2):
            if i % 5 == 3:
                jobs.append((game_id, pid, {"actions": "不是列表"}))
            elif i == 7:
                jobs.append(("no-such-game", pid, {"actions": []}))
            else:
                jobs.append((game_id, pid, {"actions": []}))

        def submit(job: tuple[str, str, dict[str, Any]]) -> int | Refused:
            try:
                return store.append(job[0], "submit", job[1], job[2])[0].seq
            except Refused as exc:
                return exc

        with ThreadPoolExecutor(13) as pool:
            results = list(pool.map(submit, jobs))
        assert sizes[1] >= 13 - sizes[0] >= 6  # all the threads waiting behind the first commit
        refused = [r for r in results if isinstance(r, Refused)]
        assert sorted(r.status for r in refused) == [404] + [422] * sum(i % 5 == 3 for i in range(len(jobs)))
        stored = {e.seq: e for e in store.events(game_id) if e.seq > start_seq}
        acknowledged = {r: job for r, job in zip(results, jobs, strict=True) if isinstance(r, int)}
        assert sorted(stored) == sorted(acknowledged) == list(range(start_seq + 1, start_seq + 1 + len(acknowledged)))
        for seq, (_, pid, payload) in acknowledged.items():
            assert (stored[seq].actor, stored[seq].payload) == (pid, payload)
        with store.game(game_id) as game:
            assert judge_view(game) == judge_view(HostedGame.fold(store.events(game_id)))
    finally:
        store.close()


def test_a_commit_that_fails_acknowledges_none_of_its_writes_and_the_next_goes_on(db_url: str) -> None:
    store = Store(db_url)
    try:
        game_id = _started_store_game(store)
        start_seq = store.events(game_id)[-1].seq
        sizes = _hold_first_commit(store, 7)
        real_engine, failures = store.engine, []

        class FailingCommit:
            """The second transaction is rolled back as if the disk had failed at its commit."""

            def __enter__(self) -> Any:
                self.inner = real_engine.begin()
                return self.inner.__enter__()

            def __exit__(self, kind: Any, value: Any, trace: Any) -> Any:
                if kind is None and len(sizes) == 2 and not failures:
                    failures.append(len(sizes))
                    error = OSError("disk I/O error")
                    self.inner.__exit__(OSError, error, None)
                    raise error
                return self.inner.__exit__(kind, value, trace)

        class Engine:
            def __getattr__(self, name: str) -> Any:
                return getattr(real_engine, name)

            def begin(self) -> FailingCommit:
                return FailingCommit()

        store.engine = Engine()  # type: ignore[assignment]

        def submit(pid: str) -> int | BaseException:
            try:
                return store.append(game_id, "submit", pid, {"actions": []})[0].seq
            except (OSError, Refused) as exc:
                return exc

        with ThreadPoolExecutor(7) as pool:
            results = list(pool.map(submit, IDS[:7]))
        store.engine = real_engine
        assert sizes[0] + sizes[1] == 7 and failures == [2]
        ok = [(pid, r) for pid, r in zip(IDS[:7], results, strict=True) if isinstance(r, int)]
        assert [r for _, r in ok] == list(range(start_seq + 1, start_seq + 1 + sizes[0]))
        assert sum(isinstance(r, OSError) for r in results) == sizes[1]
        assert store.events(game_id)[-1].seq == start_seq + sizes[0]
        later = store.append(game_id, "submit", IDS[8], {"actions": []})
        assert later[0].seq == start_seq + sizes[0] + 1
        with store.game(game_id) as game:
            assert judge_view(game) == judge_view(HostedGame.fold(store.events(game_id)))
            assert set(game.current.submissions) == {pid for pid, _ in ok} | {IDS[8]}
    finally:
        store.close()
