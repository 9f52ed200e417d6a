"""The QQ bridge's settings change atomically in the database, whichever worker serves the request.

Two :class:`Store` objects on one database are two server workers (``uvicorn --workers 2``, or two hosts on
one PostgreSQL): no lock of the process is shared between them. A game's table of bindings is read, changed and
written in one transaction (:meth:`Store.settings_update`), so two bindings at once both stay bound."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

from tests.server.conftest import IDS
from tianting.server import bridge
from tianting.server.store import Store


def two_workers(db_url: str) -> tuple[Store, Store, str]:
    first = Store(db_url)
    game = first.create_game(title="兩個工作行程", rules="kk33", ids=IDS, seed=1, salt="ab" * 16)
    return first, Store(db_url), game.game_id


def test_a_binding_on_one_worker_waits_for_a_change_on_the_other_and_keeps_it(db_url):
    first, second, game_id = two_workers(db_url)
    a, b = IDS[0], IDS[1]
    code_b = bridge.player_code(second, game_id, b)
    done = threading.Event()
    answers: list[dict] = []

    def bind_b() -> None:
        answers.append(bridge.bind(second, "200002", code_b))
        done.set()

    with first.settings_update() as tx:  # the first worker is in the middle of binding a
        data = bridge.settings_of(tx, game_id)
        data["bound"][a] = "100001"
        bridge._save(tx, game_id, data)
        worker = threading.Thread(target=bind_b)
        worker.start()
        time.sleep(0.5)
        assert not done.is_set()  # the second waits for the first's transaction
    worker.join(30)
    assert answers and answers[0]["player"] == b
    bound = bridge.settings_of(first, game_id)["bound"]
    assert bound == {a: "100001", b: "200002"}  # neither overwrote the other


def test_every_seat_bound_at_once_across_two_workers_stays_bound(db_url):
    first, second, game_id = two_workers(db_url)
    codes = {pid: bridge.player_code(first, game_id, pid) for pid in IDS}

    def bind(n: int) -> str:
        pid = IDS[n]
        return str(bridge.bind((first, second)[n % 2], str(300000 + n), codes[pid])["player"])

    with ThreadPoolExecutor(8) as pool:
        bound_by = list(pool.map(bind, range(len(IDS))))
    assert bound_by == IDS
    for store in (first, second):
        assert bridge.settings_of(store, game_id)["bound"] == {pid: str(300000 + n) for n, pid in enumerate(IDS)}
        assert bridge.settings_of(store, game_id)["codes"] == {}


def test_a_code_made_on_two_workers_at_once_is_one_code(db_url):
    first, second, game_id = two_workers(db_url)
    with ThreadPoolExecutor(4) as pool:
        made = list(pool.map(lambda n: bridge.player_code((first, second)[n % 2], game_id, IDS[0]), range(8)))
    assert len(set(made)) == 1
