"""鼎立三分2.0's own 魏 characters' declared skills (issue 31; the characters the 24人 pack does not have: 贾诩, 夏侯渊,
司马懿, 钟会, 张郃, 蔡琰), resolved by the engine on 鼎立's night (seed 003's order). Each test states the 8.1 fact in
our words; the table is strict (tests/dingli2/table.py): every draw not forced and every answer not given fails it."""

from __future__ import annotations

from typing import Any

import pytest

from tianting.core.errors import IllegalAction
from tianting.core.state import Status

from .table import Table, act, rule


def injured(t: Table, pid: str) -> bool:
    return t.state.player(pid).status is Status.INJURED


def entry(t: Table, actor: str, skill: str) -> dict[str, Any]:
    (found,) = [e for e in t.state.history[-1]["actions"] if e["actor"] == actor and e["skill"] == skill]
    return found


def asked_of_judge(r: Any, skill: str) -> bool:
    return any(skill in w for w in r.warnings if w.startswith("请天庭裁定"))


NIGHT3 = [{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}]
"""徐庶's natural death on night 3 (his successor chosen)."""


def successor(t: Table, first: str, answer: str | None = None) -> None:
    """A night where ``first``'s character dies by the judge's ruling and ``answer`` (or the only successor) plays on,
    then a quiet day."""
    answers = [{"actor": first, "skill": "继任", "answer": answer}] if answer else None
    t.night(rulings=(rule("kill", first),), answers=answers)
    t.day()


# ---- 夏侯渊 ---------------------------------------------------------------------------------------------------------
@pytest.mark.skill("曹氏宗亲")
def test_caoshizongqin_of_xiahouyuan_makes_him_and_caocao_know_each_other() -> None:
    """夏侯渊【曹氏宗亲】 (as 夏侯惇's): when his 指认 names 曹操 rightly, the two know each other."""
    t = Table()
    t.night(act("夏侯渊", "指认", "曹操", character="曹操"))
    assert t.state.player("曹操").known.get("夏侯渊") == "夏侯渊"
    assert t.state.player("夏侯渊").known.get("曹操") == "曹操"


@pytest.mark.skill("三日五百")
def test_sanriwubai_is_a_stab_of_his_own_from_the_third_night() -> None:
    """夏侯渊【三日五百】: from the third night after he comes into play (a starting character: night 3) he names one
    id for a stab of his own, beside 魏's killers' stabs; before that night the use is refused. 刘备 dies of it and
    刘禅 plays on; the use is the engine's, not the judge's."""
    t = Table()
    with pytest.raises(IllegalAction, match="第3夜起"):
        t.game.check_action(act("夏侯渊", "三日五百", "刘备"), [])
    t.quiet(2)
    r = t.night(act("夏侯渊", "三日五百", "刘备"), act("夏侯惇", "刺杀", "孙坚"), answers=NIGHT3)
    assert t.character("刘备") == "刘禅" and t.character("孙坚") != "孙坚"  # the killers' stab stands beside it
    assert entry(t, "夏侯渊", "三日五百")["state"] == "done"
    assert not asked_of_judge(r, "三日五百")


@pytest.mark.skill("六日一千")
def test_liuriyiqian_is_a_stab_of_his_own_from_the_sixth_night() -> None:
    """夏侯渊【六日一千】: as 三日五百, from the sixth night (refused on the fifth)."""
    t = Table()
    t.quiet(2)
    t.night(answers=NIGHT3)
    t.day()
    t.quiet(1)
    with pytest.raises(IllegalAction, match="第6夜起"):
        t.game.check_action(act("夏侯渊", "六日一千", "刘备"), [])
    t.quiet(1)
    r = t.night(act("夏侯渊", "六日一千", "刘备"))
    assert t.character("刘备") == "刘禅"
    assert not asked_of_judge(r, "六日一千")
