"""The store's checkpoints of a game's fold (issue 28, item 1; server/checkpoints.py): "If a checkpoint is stored in
the database, it is a cache: derived, versioned, thrown away and rebuilt when the code changes, never trusted over
the events." On SQLite and PostgreSQL: a cold read after a published phase applies only the events after it; a
checkpoint of other code, or of other events, or one that does not load, is not used, and the game is the same."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select, update

from tianting.hosting import events as ev
from tianting.hosting.game import HostedGame
from tianting.hosting.views import judge_view
from tianting.server import checkpoints as fold_checkpoints
from tianting.server.db import checkpoints
from tianting.server.store import Store

IDS = [f"玩家{i:02d}" for i in range(1, 23)]


def quiet_game(store: Store, nights: int) -> str:
    """A 22-player KK 3.3 game played to night ``nights`` open: everyone sends an empty list, votes for himself."""
    gid = store.create_game("長局", "kk33", IDS, seed=20261207, salt="00" * 16).game_id
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
            if phase.kind == "night" and phase.number == nights:
                return gid
        for pid in who:
            store.append(gid, ev.SUBMIT if phase.kind == "night" else ev.VOTE, pid,
                         {"actions": []} if phase.kind == "night" else {"target": pid})
        with store.game(gid) as g:
            open_ = g.stage == "open"
        if open_:
            store.append(gid, ev.RESOLVE, ev.JUDGE, {"phase": len(g.phases) - 1})
        store.append(gid, ev.PUBLISH, ev.JUDGE, {})


@pytest.fixture
def store(db_url: str) -> Any:
    s = Store(db_url)
    yield s
    s.close()


def row(store: Store, gid: str) -> Any:
    with store.engine.connect() as conn:
        return conn.execute(select(checkpoints).where(checkpoints.c.game_id == gid)).first()


def applied(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    seen: list[int] = []
    original = HostedGame.apply

    def counting(self: HostedGame, event: Any) -> None:
        seen.append(event.seq)
        original(self, event)

    monkeypatch.setattr(HostedGame, "apply", counting)
    return seen


def cold_view(store: Store, gid: str) -> Any:
    store._cache.pop(gid)
    with store.game(gid) as g:
        return judge_view(g), g.seq


def test_a_published_phase_stores_a_checkpoint_and_a_cold_read_applies_only_the_events_after_it(store, monkeypatch):
    gid = quiet_game(store, 3)
    stored = row(store, gid)
    with store.game(gid) as g:
        whole = judge_view(HostedGame.fold(store.events(gid)))
        last_publish = max(e.seq for e in g.events if e.kind == ev.PUBLISH)
    assert stored is not None and stored.seq == last_publish and stored.version == fold_checkpoints.code_version()
    seen = applied(monkeypatch)
    view, seq = cold_view(store, gid)
    assert view == whole
    assert seen == list(range(stored.seq + 1, seq + 1))  # the events after the checkpoint, and no others


@pytest.mark.parametrize("spoil", ["version", "digest", "blob"])
def test_a_checkpoint_of_other_code_or_other_events_or_that_does_not_load_is_not_used(store, monkeypatch, spoil):
    gid = quiet_game(store, 2)
    with store.game(gid) as g:
        whole, seq = judge_view(HostedGame.fold(store.events(gid))), g.seq
    changes = {"version": {"version": "0" * 64}, "digest": {"digest": "0" * 64},
               "blob": {"blob": fold_checkpoints.FORMAT + b"\nnot zlib"}}[spoil]
    with store.engine.begin() as conn:
        conn.execute(update(checkpoints).where(checkpoints.c.game_id == gid).values(**changes))
    seen = applied(monkeypatch)
    view, _ = cold_view(store, gid)
    assert view == whole and seen == list(range(1, seq + 1))  # folded from its first event


def test_a_cold_fold_of_many_events_past_the_checkpoint_stores_a_new_one(store, monkeypatch):
    """A game whose checkpoint was thrown away (another version of the code) is checkpointed again by the first
    cold read that had to fold it from the start."""
    gid = quiet_game(store, 3)
    with store.game(gid) as g:
        assert g.seq >= fold_checkpoints.WORTH
    with store.engine.begin() as conn:
        conn.execute(update(checkpoints).where(checkpoints.c.game_id == gid).values(version="0" * 64))
    cold_view(store, gid)
    again = row(store, gid)
    with store.game(gid) as g:
        assert again.version == fold_checkpoints.code_version() and again.seq == g.seq
    seen = applied(monkeypatch)
    cold_view(store, gid)
    assert seen == []
