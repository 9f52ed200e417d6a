"""The independent fidelity review of the 24人 pack's engine-resolved skills (issue 31; docs/rulings/fidelity-review.md):
each test pins a fix the review made, names the skill, and states the 8.1 fact it rests on in our words."""

from __future__ import annotations

import pytest

from tests.declared_steps import entry, injured
from tests.sg24.test_declared_wei import Seated

from .table24 import act


@pytest.mark.skill("良苦谏言")
def test_liangkujianyan_stops_a_non_killer_stab_too() -> None:
    """甄姬【良苦谏言】 (8.1): every stab the id makes tonight fails, a 非杀手刺杀 included, and so do the skills that
    go with a stab. 许褚【虎痴喋血】 is such a stab: named by 良苦谏言, it fails and its target (刘备, no 猛将) is
    unharmed; 许褚 is not wounded either (the 猛将 branch never resolves)."""
    t = Seated(典韦="许褚")
    t.night(act("甄姬", "良苦谏言", "许褚"), act("许褚", "虎痴喋血", "刘备"))
    assert entry(t, "许褚", "虎痴喋血")["state"] == "void"
    assert entry(t, "甄姬", "良苦谏言")["state"] == "done"
    assert t.character("刘备") == "刘备" and t.state.player("刘备").alive and not injured(t, "刘备")
    assert not injured(t, "许褚")


@pytest.mark.skill("良苦谏言")
def test_liangkujianyan_leaves_the_ids_other_skills() -> None:
    """甄姬【良苦谏言】 (8.1) names stabs only: a skill of the id that makes no stab (许褚【裸战马超】 is passive; here
    郭嘉【洞若观火】, a 指认技能) still resolves and its owner learns what it tells."""
    t = Seated()
    t.night(act("甄姬", "良苦谏言", "郭嘉"), act("郭嘉", "洞若观火", "张飞"))
    assert entry(t, "郭嘉", "洞若观火")["state"] == "done"
    assert any("杀手" in line for line in t.said("郭嘉"))
