"""The independent fidelity review of the 24人 pack's engine-resolved skills (issue 31; docs/rulings/fidelity-review.md):
each test pins a fix the review made, names the skill, and states the 8.1 fact it rests on in our words."""

from __future__ import annotations

import pytest

from tests.declared_steps import entry, injured, successor
from tests.sg24.test_declared_wei import Seated

from .table24 import Table24, act


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


@pytest.mark.skill("结庐炼丹", "箭无虚发")
def test_jieluliandan_cannot_heal_the_wound_of_jianwuxufa() -> None:
    """葛玄【结庐炼丹】 (8.1): tonight's harm on the id is one step lighter, a wound becoming 痊愈. 丁奉【箭无虚发】's
    wound on 张辽 (8.1) 「不可痊愈」: on the same night it stands, and so does its mark (its own 伤判 follows)."""
    t = Table24()
    successor(t, "华佗")
    successor(t, "太史慈", "丁奉")
    assert t.character("华佗") == "葛玄" and t.character("太史慈") == "丁奉"
    t.night(act("华佗", "结庐炼丹", "张辽"), act("太史慈", "指认", "张辽", character="张辽"),
            answers=[{"actor": "徐庶", "skill": "继任", "answer": "卧龙"}])
    assert entry(t, "华佗", "结庐炼丹")["state"] == "done"
    assert injured(t, "张辽")
    assert t.state.extra.get("marked_checks", {}).get("张辽") == "箭无虚发"
