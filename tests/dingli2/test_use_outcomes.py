"""What came of each use in 鼎立三分2.0 (the history's ``state``, rules/sg24/outcomes.py): seed 003 「判定阶段判定行动
是否发动成功，对象是否更改」, kept per action as KK 3.3 keeps it and counted by ``tianting simulate`` (ruling D-A8)."""

from __future__ import annotations

from typing import Any

import pytest

from tianting.rules.sg24.outcomes import skill_uses

from .table import Table, act, rule


def outcome(t: Table, actor: str, skill: str, nth: int = 0) -> tuple[str, str]:
    found = [e for e in t.state.history[-1]["actions"] if e["actor"] == actor and e["skill"] == skill][nth]
    return found["state"], found.get("why", "")


def entry(t: Table, actor: str, skill: str) -> dict[str, Any]:
    (found,) = [e for e in t.state.history[-1]["actions"] if e["actor"] == actor and e["skill"] == skill]
    return found


@pytest.mark.skill("威震逍遥津")
def test_a_global_goes_off_even_when_ruled_void_and_is_counted() -> None:
    """「如果全局的拥有者当夜可以提交行动，并且其提交的行动满足了全局技能的使用条件，则全局发生。全局的使用互不影响，令该
    角色行动失败无法阻挡全局的发生。」 The engine knows a global happens: ``done``, not the judge's, and counted."""
    t = Table()
    t.night(act("张辽", "威震逍遥津"), rulings=(rule("void", action=0),))
    assert outcome(t, "张辽", "威震逍遥津") == ("done", "全局发生")
    assert "judged" not in entry(t, "张辽", "威震逍遥津")
    assert skill_uses(t.state.history) == {"威震逍遥津": [1, 1]}


def test_a_character_skill_is_the_judges_pending_or_void() -> None:
    """A skill the pack gives no effect (not a global; 小乔's 国色天香 is left to the judge) is listed for the judge's ruling: ``pending``, ``judged``; a void
    ruling on it (「令其所有行动失败」) makes it ``void``; ``tianting simulate`` counts neither."""
    t = Table()
    t.night(act("小乔", "国色天香", "刘备"), act("庞统", "连环妙计", "曹操"), rulings=(rule("void", action=1),))
    assert outcome(t, "小乔", "国色天香") == ("pending", "待天庭裁定")
    assert outcome(t, "庞统", "连环妙计") == ("void", "天庭裁定失效：天庭裁定")
    assert all(e["judged"] for e in t.state.history[-1]["actions"])
    assert skill_uses(t.state.history) == {}


@pytest.mark.skill("自杀", "刺杀")
def test_a_suicide_goes_off_and_what_it_leaves_senseless_fails() -> None:
    """「角色自杀在行动提交阶段提交，即时生效」; 「对于不合理的行动，按照没有提交判定」: 张辽's stab sent before his suicide
    was his dead character's (D-A2), and 关羽's stab on 袁绍, who left the game by suicide, has no target: both failed,
    as if not sent. 张飞's stab on 华佗 goes off (吕布, whose 【天下无双】 voids stabs, is not its target: R-dlqun1-8)."""
    t = Table()
    t.night(act("张辽", "刺杀", "刘备"), act("张辽", "自杀"), act("袁绍", "自杀"), act("关羽", "刺杀", "袁绍"),
            act("张飞", "刺杀", "华佗"), answers=[{"actor": "张辽", "skill": "继任", "answer": "徐晃"}])
    assert t.status("刘备") == "alive" and t.status("袁绍") == "out"
    assert outcome(t, "张辽", "自杀") == ("done", "") and outcome(t, "袁绍", "自杀") == ("done", "")
    assert outcome(t, "张辽", "刺杀") == ("failed", "其角色已自杀，按没有提交判定")
    assert outcome(t, "关羽", "刺杀") == ("failed", "袁绍 已退出游戏，按没有提交判定")
    assert outcome(t, "张飞", "刺杀") == ("done", "")
    assert skill_uses(t.state.history) == {"刺杀": [3, 1], "自杀": [2, 2]}


@pytest.mark.skill("刺杀")
def test_a_stab_a_defence_stops_is_void() -> None:
    """The sum of a night's harms, defences first (D-H2): 张辽's stab on 刘备, stopped by the defence the judge finds,
    had no effect."""
    t = Table()
    t.night(act("张辽", "刺杀", "刘备"), rulings=(rule("defend", "刘备", owner="赵云", text="护主"),))
    assert t.status("刘备") == "alive"
    assert outcome(t, "张辽", "刺杀") == ("void", "被抵御：赵云【护主】")


@pytest.mark.skill("招揽", "投奔")
def test_an_application_to_the_country_that_recruited_fails_a_wrong_recruitment_fails() -> None:
    """「如果在野角色同意某国招揽，又被通过该国入国申请，则视为被招揽」: 华佗's application to 蜀 is not put to the 正军师
    (failed), 刘备's 招揽 went off; 曹操's 招揽 of 袁绍 named as 吕布 reached nobody (failed); 吕布's application to 吴
    is put to its 正军师 (went off, though refused)."""
    t = Table()
    t.night()
    t.day()
    t.night(act("刘备", "招揽", "华佗", character="华佗"), act("华佗", "投奔", country="蜀"),
            act("曹操", "招揽", "袁绍", character="吕布"), act("吕布", "投奔", country="吴"),
            answers=[{"actor": "华佗", "skill": "入国", "answer": "蜀"},
                     {"actor": "周瑜", "skill": "投奔", "answer": "拒绝"}])
    assert outcome(t, "华佗", "投奔") == ("failed", "同意蜀招揽，视为被招揽")
    assert outcome(t, "刘备", "招揽") == ("done", "")
    assert outcome(t, "曹操", "招揽") == ("failed", "指认错误，招揽未成")
    assert outcome(t, "吕布", "投奔") == ("done", "")
    assert skill_uses(t.state.history) == {"投奔": [2, 1], "招揽": [2, 1]}
    t.day()
    assert t.state.history[-1] == {"phase": "day", "index": 3, "actions": []}
