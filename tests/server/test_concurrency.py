"""Many writers at once, on SQLite and on PostgreSQL: through the app (threads), through two
stores on one database (two server processes' worth of caches and locks) and through real
processes. Whatever the interleaving, a phase is resolved once, every acknowledged input is
stored, and the sequence numbers have no gap.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections import Counter
from collections.abc import Callable
from typing import Any

from tests.server.conftest import IDS, choose_all
from tests.server.test_api_flow import Api
from tianting.hosting.game import Refused
from tianting.server.store import Store

THREADS = 12


def at_once(jobs: list[Callable[[], Any]]) -> list[Any]:
    """Run ``jobs`` in threads released together; their results (or exceptions) in order."""
    barrier = threading.Barrier(len(jobs))
    results: list[Any] = [None] * len(jobs)

    def run(i: int) -> None:
        barrier.wait()
        try:
            results[i] = jobs[i]()
        except Exception as exc:  # noqa: BLE001 - reported to the test
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads), "a writer hung"
    return results


def started(client: Any) -> Api:
    api = Api.seeded(client, 1)
    choose_all(client, {"players": {pid: {"token": t} for pid, t in api.tokens.items()}})
    api.judge("start")
    return api


def assert_gapless(store: Store, game_id: str) -> list[Any]:
    events = store.events(game_id)
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    return events


def test_concurrent_resolves_through_the_api_store_one(client):
    api = started(client)
    url = f"/api/j/{api.judge_token}/resolve"
    responses = at_once([lambda: client.post(url, json={}) for _ in range(THREADS)])
    statuses = Counter(r.status_code for r in responses)
    assert statuses == {200: 1, 409: THREADS - 1}, [r.text for r in responses]
    assert {r.json()["error"] for r in responses if r.status_code == 409} == {"目前沒有待結算的階段"}
    events = assert_gapless(api.store, api.game_id)
    assert [e.actor for e in events if e.kind == "resolve"] == ["judge"]
    assert api.console()["current"]["resolved_by"] == "judge"


def test_concurrent_resolves_from_two_stores_store_one(client, db_url):
    """Two stores on one database: each with its own cache and lock, as two server processes."""
    api = started(client)
    other = Store(db_url)
    try:
        stores = [api.store, other] * (THREADS // 2)
        payload = {"phase": 0, "why": "judge"}
        results = at_once([lambda s=s: s.append(api.game_id, "resolve", "judge", payload) for s in stores])
        done = [r for r in results if isinstance(r, list)]
        refused = [r for r in results if isinstance(r, Refused)]
        assert len(done) == 1 and len(refused) == THREADS - 1, results
        assert all(r.status == 409 for r in refused)
        events = assert_gapless(other, api.game_id)
        assert [e.kind for e in events].count("resolve") == 1
        # both stores' caches agree with the database afterwards
        for store in (api.store, other):
            with store.game(api.game_id) as game:
                assert game.seq == len(events) and game.stage == "draft"
    finally:
        other.close()


def test_twenty_two_players_submitting_at_once_all_land(client, db_url):
    api = started(client)
    other = Store(db_url)
    try:
        [shu_lord] = api.who("蜀", "君主")
        wei_killer = api.who("魏", "殺手")[0]
        bodies = {pid: {"actions": []} for pid in IDS}
        bodies[wei_killer] = {"actions": [{"skill": "刺殺", "targets": [shu_lord]}]}

        def through_api(pid: str) -> Callable[[], Any]:
            return lambda: client.post(f"/api/p/{api.tokens[pid]}/actions", json=bodies[pid]).json()

        def through_other_store(pid: str) -> Callable[[], Any]:
            return lambda: {"seq": other.append(api.game_id, "submit", pid, bodies[pid])[0].seq}

        jobs = [through_api(pid) if i % 2 else through_other_store(pid) for i, pid in enumerate(IDS)]
        results = at_once(jobs)
        assert all(isinstance(r, dict) and "seq" in r for r in results), results
        events = assert_gapless(api.store, api.game_id)
        by_seq = {e.seq: e for e in events}
        for pid, answer in zip(IDS, results, strict=True):
            stored = by_seq[answer["seq"]]  # the acknowledged submission is stored as it was sent
            assert (stored.kind, stored.actor, stored.payload) == ("submit", pid, bodies[pid])
        resolves = [e for e in events if e.kind == "resolve"]
        assert [(e.actor, e.payload["why"]) for e in resolves] == [("system", "all-in")]
        assert resolves[0].seq == events[-1].seq  # after the last submission, nothing in between
        assert api.draft()["truth"]["deaths"][0]["id"] == shu_lord
    finally:
        other.close()


def test_reads_during_writes_see_whole_events(client):
    api = started(client)
    seen: list[int] = []

    def read() -> None:
        for _ in range(5):
            view = api.client.get(f"/api/j/{api.judge_token}").json()
            seen.append(view["seq"])
            assert len(view["current"]["submissions"]) == view["seq"] - 24

    def write(pid: str) -> Callable[[], Any]:
        return lambda: client.post(f"/api/p/{api.tokens[pid]}/actions", json={"actions": []}).status_code

    results = at_once([write(pid) for pid in IDS[:10]] + [read, read])
    assert results[:10] == [200] * 10 and results[10:] == [None, None]
    assert seen and all(24 <= s <= 34 for s in seen)


def _process_resolve(url: str, game_id: str, barrier: Any, answers: Any) -> None:
    """A forked child: its own store (engine, cache, lock) on the database. It leaves by os._exit so
    that nothing inherited from the parent (its pooled connections) is finalised here."""
    code = 1
    try:
        store = Store(url)
        barrier.wait()
        try:
            answers.put(("ok", store.append(game_id, "resolve", "judge", {"phase": 0, "why": "judge"})[0].seq))
        except Refused as exc:
            answers.put(("refused", exc.status))
        store.close()
        answers.close()
        answers.join_thread()
        code = 0
    finally:
        os._exit(code)


def test_concurrent_resolves_from_separate_processes_store_one(client, db_url):
    api = started(client)
    context = multiprocessing.get_context("fork")  # spawn would re-import everything: seconds a process
    processes_n = 4
    barrier, answers = context.Barrier(processes_n), context.Queue()
    processes = [context.Process(target=_process_resolve, args=(db_url, api.game_id, barrier, answers))
                 for _ in range(processes_n)]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=120)
    assert all(p.exitcode == 0 for p in processes)
    results = sorted(answers.get(timeout=5) for _ in range(processes_n))
    assert [kind for kind, _ in results] == ["ok"] + ["refused"] * (processes_n - 1)
    assert all(status == 409 for kind, status in results if kind == "refused")
    events = assert_gapless(api.store, api.game_id)
    assert [e.kind for e in events].count("resolve") == 1
    with api.store.game(api.game_id) as game:  # this process's cache catches up with the others' write
        assert game.stage == "draft" and game.seq == len(events)


def test_a_slow_write_does_not_hold_up_other_requests(client, monkeypatch):
    """Pins a bug: the async API handlers called the (blocking) store on the event loop, so one
    write waiting for the database lock froze every other request of the server."""
    api = started(client)
    store = api.store
    real_append = store.append
    inside, gate = threading.Event(), threading.Event()

    def slow_append(*args: Any, **kwargs: Any) -> Any:
        inside.set()
        gate.wait(10)
        return real_append(*args, **kwargs)

    monkeypatch.setattr(store, "append", slow_append)
    writer = threading.Thread(target=lambda: client.post(f"/api/j/{api.judge_token}/note", json={"text": "慢"}))
    writer.start()
    assert inside.wait(10)
    timer = threading.Timer(3, gate.set)  # were the loop blocked, the read below would wait for this
    timer.start()
    try:
        response = client.get(f"/api/p/{api.tokens[IDS[0]]}")
        answered_while_writing = not gate.is_set()
    finally:
        gate.set()
        timer.cancel()
        writer.join(10)
    assert response.status_code == 200 and answered_while_writing
    assert [n["text"] for n in api.console()["notes"]] == ["慢"]
