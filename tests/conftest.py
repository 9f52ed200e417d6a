"""The honesty check of ``@pytest.mark.interaction(skill, named, …)`` (issue 14's matrix).

A test carrying the marker claims that it seats an owner of ``skill`` and the character
``named`` (or one holding the skill ``named``) at one table. While such a test runs, every KK 3.3
game it creates (``KK33Game.create``: ``Table``, the script runner) is recorded, and after the
test the characters each game seated (at creation, and at the end: 轉生 brings 劉禪, 孫權 …) must
include both, or the test fails naming the pair. ``tests/kk33/test_interactions.py`` checks that
every named pair has such a test.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "interaction(skill, *named): a scenario test seating an owner of skill and a character "
        "its text names (issue 14's interaction matrix)",
    )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    marks = list(item.iter_markers("interaction"))
    if not marks:
        return (yield)
    from tianting.rules.kk33 import game as kk33_game
    from tianting.rules.kk33 import roster
    from tianting.rules.kk33.interactions import marker_pairs, named_pairs, seats_pair

    original = kk33_game.KK33Game.__dict__["create"]
    tables: list[tuple[set[str], Any]] = []

    def create(cls: type, *args: Any, **kwargs: Any) -> Any:
        made = original.__func__(cls, *args, **kwargs)
        tables.append(({p.character for p in made.state.players.values()}, made))
        return made

    kk33_game.KK33Game.create = classmethod(create)  # type: ignore[method-assign, assignment]
    try:
        result = yield
    finally:
        kk33_game.KK33Game.create = original  # type: ignore[method-assign]
    r = roster()
    pairs = {p.key: p for p in named_pairs(r)}
    problems: list[str] = []
    for mark in marks:
        claimed, trouble = marker_pairs(mark.args, r)
        problems += trouble
        for key in sorted(claimed):
            seen = [start | {p.character for p in made.state.players.values()} for start, made in tables]
            if not any(seats_pair(characters, pairs[key], r) for characters in seen):
                problems.append(f"interaction{key}：測試的牌桌沒有同時坐著【{key[0]}】的角色"
                                f"（{'／'.join(pairs[key].owners)}）和{key[1]}")
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)
    return result
