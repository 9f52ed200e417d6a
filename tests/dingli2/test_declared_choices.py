"""鼎立三分2.0's skills that turn on a choice its holder makes mid-night (core/decisions.py), and the 24人 ones of that
kind as 鼎立 inherits them (issue 31): each test states the 8.1 fact in our words and pins the reading of
docs/rulings/packs-choices.md (R-choices-*)."""

from __future__ import annotations

import pytest

from tests.declared_steps import entry, injured

from .table import Table, act


def _texts(t: Table, pid: str) -> list[str]:
    return [str(x) for x in t.said(pid)]


# ---- 孔融 ---------------------------------------------------------------------------------------------------------
def pangtong_attacked() -> Table:
    """29 seats (孔融 among them); 吕蒙【勇贯三军】 will surely wound 庞统 (no 猛将)."""
    return Table(size=29)


@pytest.mark.skill("君子让梨")
def test_junzirangli_kongrong_takes_the_harm_of_the_id_he_named() -> None:
    """孔融【君子让梨】: the id he names tonight (庞统) is wounded by the night's harms: asked, he takes the harm; 庞统
    is unharmed and 孔融 wounded; told so (R-choices-8)."""
    t = pangtong_attacked()
    t.night(act("吕蒙", "勇贯三军", "庞统"),
            answers=[{"actor": "孔融", "skill": "君子让梨", "answer": "庞统"},
                     {"actor": "孔融", "skill": "君子让梨", "answer": "承担"}])
    assert not injured(t, "庞统") and injured(t, "孔融")
    assert any("承担了庞统的伤害" in s for s in _texts(t, "孔融"))


@pytest.mark.skill("君子让梨")
def test_junzirangli_declined_or_named_elsewhere_leaves_the_harm() -> None:
    """孔融【君子让梨】: declining (「不承担」), 庞统 is wounded; naming another id, unharmed, he is not asked whether to
    take anything (the strict table fails on an unanswered question); and with no harm landing on anyone, he is not
    asked at all."""
    t = pangtong_attacked()
    t.night(act("吕蒙", "勇贯三军", "庞统"),
            answers=[{"actor": "孔融", "skill": "君子让梨", "answer": "庞统"},
                     {"actor": "孔融", "skill": "君子让梨", "answer": "不承担"}])
    assert injured(t, "庞统") and not injured(t, "孔融")
    t2 = pangtong_attacked()
    t2.night(act("吕蒙", "勇贯三军", "庞统"), answers=[{"actor": "孔融", "skill": "君子让梨", "answer": "刘备"}])
    assert injured(t2, "庞统") and not injured(t2, "孔融")
    t3 = pangtong_attacked()
    t3.night(act("吕蒙", "指认", "关羽", character="关羽"),
             answers=[{"actor": "关羽", "skill": "春秋大义", "answer": "不触发"}])
    assert entry(t3, "吕蒙", "指认")["state"] != "failed"
