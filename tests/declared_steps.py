"""Steps the declared-skill scenario tests of 24人 and 鼎立 share (tests/sg24/test_declared_*.py,
tests/dingli2/test_declared_*.py): read a night's entry, ask whether a player is wounded, let a character die
and its successor play on, keep a wound check 继续受伤. Each works on either table (tests/sg24/table24.py,
tests/dingli2/table.py): both hold the game's ``state`` and play nights and days the same way."""

from __future__ import annotations

from typing import Any

from tianting.core.records import Ruling
from tianting.core.state import Status


def entry(t: Any, actor: str, skill: str) -> dict[str, Any]:
    """The last phase's one action entry of ``actor`` using ``skill``."""
    (found,) = [
        e for e in t.state.history[-1]["actions"] if e["actor"] == actor and e["skill"] == skill
    ]
    return found


def injured(t: Any, pid: str) -> bool:
    return t.state.player(pid).status is Status.INJURED


def successor(t: Any, first: str, answer: str | None = None) -> None:
    """A night where ``first``'s character dies by the judge's ruling and ``answer`` (or the only successor) plays
    on, then a quiet day."""
    answers = [{"actor": first, "skill": "继任", "answer": answer}] if answer else None
    t.night(rulings=(Ruling("kill", first),), answers=answers)
    t.day()


def keep_wounded(t: Any, *pids: str) -> dict[str, int]:
    """The first wound check of each of ``pids`` comes out 继续受伤 (its deal forced in order, its digit 9, the tenth
    outcome of 「第一次伤判有十分之三的概率痊愈，十分之三的概率死亡，其余为继续受伤」); the day's digits."""
    for pid in pids:
        for k in range(10):
            t.force(f"伤判表 {pid} 第1次#{k + 1}", str(k))
    return dict.fromkeys(pids, 9)


def without(t: Any, *skills: str) -> Any:
    """Every player holding one of ``skills`` loses it, for a test about another skill: 荀攸【曹魏谋主】 guards every
    魏 character each night (R-weimisc-8) and would meet harms a test aims at 魏 for another purpose. Returns ``t``."""
    for p in t.state.players.values():
        p.skills[:] = [s for s in p.skills if s not in skills]
    return t


def judge_pack_data(rules: str, *skills: tuple[str, str]) -> dict[str, Any]:
    """The bundled pack of ``rules`` (``sg24`` or ``dingli2``) as data, each (character, skill) of ``skills`` left to
    the judge, as a judge's own pack may leave it (``{"judge": why}``; a script's ``pack`` field takes it)."""
    from tianting.rules.sg24.pack import (
        bundled_data,
        bundled_text,
        effect_table,
        pack_json,
        with_effects,
    )

    if rules == "sg24":
        data: dict[str, Any] = bundled_data("tianting.rules.sg24")
    else:
        from tianting.rules.dingli2.pack import PACK_FORMAT

        data = pack_json(bundled_text("tianting.rules.dingli2"))
        data = with_effects(data, effect_table("tianting.rules.sg24"), strict=False)
        data = with_effects(data, effect_table("tianting.rules.dingli2"))
        data["format"] = PACK_FORMAT
    for character, skill in skills:
        (found,) = [s for c in data["characters"] if c["name"] == character for s in c["skills"] if s["name"] == skill]
        found["effect"] = {"judge": "测试：天庭裁定"}
    return data


def left_to_judge(rules: str, *skills: tuple[str, str]) -> Any:
    """:func:`judge_pack_data` parsed: for tests of the judge's part of a night, whatever the bundled packs' engine
    resolves by now."""
    from tianting.rules.dingli2.pack import parse_dingli_pack
    from tianting.rules.sg24.pack import parse_pack

    data = judge_pack_data(rules, *skills)
    return parse_pack(data) if rules == "sg24" else parse_dingli_pack(data)


def judged_table24(*skills: tuple[str, str]) -> Any:
    """A 24人 table (tests/sg24/table24.py) whose pack leaves each (character, skill) of ``skills`` to the judge."""
    from tianting.rules.sg24 import SeatSpec, SG24Game, seats
    from tianting.rules.sg24.testing import Table24

    t = Table24()
    t.game = SG24Game.create([SeatSpec(ch, c, i, ch) for c, i, ch in seats()], 1, left_to_judge("sg24", *skills))
    return t
