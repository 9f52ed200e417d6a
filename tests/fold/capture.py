"""A pytest plugin that records the event list of every hosted game the tests build (``-p tests.fold.capture``,
output file ``TIANTING_FOLD_CAPTURE``): the fixtures of the fold's before/after check (tests/fold/corpus.py).

Every event ``HostedGame.apply`` accepts is recorded with the game it went to; at the end of the session each
game's list is written once (a list that is a prefix of another recorded one is left out: replaying the longer
one event by event goes through it)."""

from __future__ import annotations

import gzip
import json
import os
import weakref
from typing import Any

import pytest

_games: dict[int, tuple[Any, list[dict[str, Any]]]] = {}
_done: list[list[dict[str, Any]]] = []


def pytest_configure(config: pytest.Config) -> None:
    if not os.environ.get("TIANTING_FOLD_CAPTURE"):
        return
    from tianting.hosting.game import HostedGame

    original = HostedGame.apply

    def apply(self: HostedGame, event: Any) -> None:
        original(self, event)
        kept = _games.get(id(self))
        if kept is None or kept[0]() is not self:
            if kept is not None:
                _done.append(kept[1])
            kept = _games[id(self)] = (weakref.ref(self), [])
        kept[1].append(json.loads(json.dumps(event.as_json(), ensure_ascii=False)))

    HostedGame.apply = apply  # type: ignore[method-assign]


def pytest_sessionfinish(session: pytest.Session) -> None:
    path = os.environ.get("TIANTING_FOLD_CAPTURE")
    if not path:
        return
    lists = sorted({json.dumps(events, ensure_ascii=False, sort_keys=True) for events in [*_done, *(e for _, e in _games.values())]})
    kept = [x for x in lists if not any(y != x and y.startswith(x[:-1] + ", ") for y in lists)]
    with gzip.open(path, "wt", encoding="utf-8") as out:
        for line in kept:
            out.write(line + "\n")
