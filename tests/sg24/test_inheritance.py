"""继承 in the 24人 pack (docs/rulings/packs-inherit.md): a successor keeps those of his predecessor's skills whose
mark lets him (8.1: 「可以被继承」 any successor, 「只可以被X继承」 only X; 「技能默认不可被继承」), with their uses left.

The table is strict (tests/sg24/table24.py): every draw not forced and every answer not given fails a test."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.declared_steps import entry, injured, successor
from tianting.core.errors import IllegalAction
from tianting.rules.sg24.pack import PackError, bundled_text, parse_pack
from tianting.rules.sg24.views import player_view

from .table24 import Table24, act
from .test_declared_wu import once_a_game

XUSHU_NIGHT3 = [{"actor": "徐庶", "skill": "继任", "answer": "卧龙"}]
"""徐庶 dies naturally at night 3 (「徐庶是游戏第三夜结算时自然死亡」): his successor is chosen."""


def told_at_death(t: Table24, pid: str) -> list[str]:
    """What ``pid`` was told on the night of :func:`successor` (the phase before its quiet day)."""
    return [f.text for f in t.results[-2].feedback.get(pid, [])]


def skill_row(t: Table24, pid: str, name: str) -> dict[str, Any] | None:
    return next((r for r in player_view(t.game, pid)["skills"] if r["name"] == name), None)


@pytest.mark.skill("亲冒矢石")
def test_caopi_inherits_qinmaoshishi_and_uses_it() -> None:
    """曹操【亲冒矢石】 is kept by 曹丕 alone (8.1: only 曹丕 inherits it). 曹操 dies, 曹丕 plays on in the same id: he
    is told he keeps the skill, his page lists it (from 曹操), and his use wounds 郭嘉 (no 猛将) by the skill's own
    effect, the engine's and not the judge's."""
    t = Table24()
    successor(t, "曹操", "曹丕")
    assert t.character("曹操") == "曹丕"
    assert "亲冒矢石" in t.state.player("曹操").skills
    assert "你继承了曹操的技能【亲冒矢石】，可以照常使用" in told_at_death(t, "曹操")
    row = skill_row(t, "曹操", "亲冒矢石")
    assert row is not None and row["inherited_from"] == "曹操" and row["kind"] == "active"
    r = t.night(act("曹操", "亲冒矢石", "郭嘉"))
    assert injured(t, "郭嘉")
    assert entry(t, "曹操", "亲冒矢石")["state"] == "done"
    assert not any("亲冒矢石" in w for w in r.warnings)  # not left to the judge


@pytest.mark.skill("亲冒矢石")
def test_caozhi_does_not_inherit_what_only_caopi_may() -> None:
    """「只可以被曹丕继承」: 曹操's other successor 曹植 does not keep 【亲冒矢石】: not held, not listed, refused when
    sent; he is told of no inheritance."""
    t = Table24()
    successor(t, "曹操", "曹植")
    assert t.character("曹操") == "曹植"
    assert "亲冒矢石" not in t.state.player("曹操").skills
    assert skill_row(t, "曹操", "亲冒矢石") is None
    assert not any("继承" in s for s in told_at_death(t, "曹操"))
    with pytest.raises(IllegalAction, match="没有技能【亲冒矢石】"):
        t.night(act("曹操", "亲冒矢石", "郭嘉"))


@pytest.mark.skill("乱世枭雄")
def test_a_skill_not_to_be_inherited_is_not_kept() -> None:
    """刘备【乱世枭雄】 is not inherited (8.1: 不可被继承): 刘禅 plays on without it, and its use is refused. What he does
    keep of 刘备 is only 【五虎封将】 (the one 刘备 skill 8.1 lets any successor keep)."""
    t = Table24()
    successor(t, "刘备")
    assert t.character("刘备") == "刘禅"
    held = t.state.player("刘备").skills
    assert "乱世枭雄" not in held and "割发代首" not in held
    assert "你继承了刘备的技能【五虎封将】，可以照常使用" in told_at_death(t, "刘备")
    with pytest.raises(IllegalAction, match="没有技能【乱世枭雄】"):
        t.night(act("刘备", "乱世枭雄", "郭嘉"))


@pytest.mark.skill("兵圣后裔", "火船冲阵")
def test_bingshenghouyi_spent_by_sunjian_stays_spent_for_sunce() -> None:
    """孙坚【兵圣后裔】 (any successor keeps it) stops one 军师负面 effect on its holder, once a game. Spent by 孙坚 on
    night 1 (徐庶【击剑长歌】), it passes spent to 孙策 at 孙坚's natural death on night 2 (8.1: 孙坚 dies at night 2's
    resolution): 孙策 is told it is spent, and 黄盖【火船冲阵】 on night 3 wounds him (each active used once, R53)."""
    t = Table24()
    t.night(act("徐庶", "击剑长歌", "孙坚"))
    assert not injured(t, "孙坚") and t.state.player("孙坚").used.get("兵圣后裔") == 1
    t.day()
    t.night()
    assert t.character("孙坚") == "孙策"
    assert "兵圣后裔" in t.state.player("孙坚").skills
    assert any("【兵圣后裔】" in s and "此前已经消耗，不能再用" in s for s in t.said("孙坚"))
    t.day()
    t.night(act("黄盖", "火船冲阵", "孙坚"), answers=XUSHU_NIGHT3)
    assert injured(t, "孙坚")


@pytest.mark.skill("兵圣后裔", "火船冲阵")
def test_bingshenghouyi_unspent_guards_sunce_himself() -> None:
    """The same skill not yet used: it passes whole to 孙策, and its 「self」 is now 孙策: 火船冲阵 on him is stopped and
    the skill is spent (he is told)."""
    t = Table24()
    t.quiet(1)
    t.night()  # 孙坚 dies naturally
    assert t.character("孙坚") == "孙策"
    assert not any("此前已经消耗" in s for s in t.said("孙坚"))
    t.day()
    t.night(act("黄盖", "火船冲阵", "孙坚"), answers=XUSHU_NIGHT3)
    assert not injured(t, "孙坚")
    assert t.state.player("孙坚").used.get("兵圣后裔") == 1
    assert "你的【兵圣后裔】已触发并消耗" in t.said("孙坚")


@pytest.mark.skill("英雄相惜")
def test_xuhuang_keeps_yingxiongxiangxi_and_it_acts_for_him() -> None:
    """张辽【英雄相惜】 (only 徐晃 keeps it): its trigger is a stab by its holder on 关羽. Held by 徐晃, his stab on 关羽
    is void by it and he is told 关羽's character; the other successor 邓艾 does not keep it: nothing of it touches his
    stab."""
    t = Table24()
    successor(t, "张辽", "徐晃")
    assert "英雄相惜" in t.state.player("张辽").skills
    t.night(act("张辽", "刺杀", "关羽"))
    assert t.character("关羽") == "关羽" and not injured(t, "关羽")
    assert entry(t, "张辽", "刺杀")["why"] == "张辽【英雄相惜】令该次刺杀失效"
    assert any("关羽" in line for line in t.said("张辽") if "角色" in line)
    t2 = Table24()
    successor(t2, "张辽", "邓艾")
    assert "英雄相惜" not in t2.state.player("张辽").skills
    t2.night(act("张辽", "刺杀", "关羽"))
    assert "英雄相惜" not in (entry(t2, "张辽", "刺杀").get("why") or "")  # (徐庶【披发涂炭】 stops this one)
    assert not any("英雄相惜" in line or "关羽的角色" in line for line in t2.said("张辽"))


def _bundled() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(bundled_text("tianting.rules.sg24"))
    return data


def _skill(data: dict[str, Any], character: str, name: str) -> dict[str, Any]:
    c = next(c for c in data["characters"] if c["name"] == character)
    found: dict[str, Any] = next(s for s in c["skills"] if s["name"] == name)
    return found


@pytest.mark.parametrize(("value", "message"), [
    ("all", "「曹操」【亲冒矢石】.inherit：必须是"),
    ([], "「曹操」【亲冒矢石】.inherit：必须是"),
    ([1], "「曹操」【亲冒矢石】.inherit：必须是"),
    (["刘备"], "「曹操」【亲冒矢石】.inherit：「刘备」不是曹操的继任者"),
])
def test_the_loader_refuses_a_bad_inherit(value: Any, message: str) -> None:
    """A pack's ``inherit`` is "any", a list of the character's successors, or absent; anything else is refused with
    a Chinese message naming the character, the skill and the field."""
    data = _bundled()
    _skill(data, "曹操", "亲冒矢石")["inherit"] = value
    with pytest.raises(PackError, match=message):
        parse_pack(data)


def test_the_bundled_pack_marks_what_8_1_lets_successors_keep() -> None:
    """The bundled pack carries 8.1's marks: 【亲冒矢石】 only 曹丕, 【兵圣后裔】 any, 【割发代首】 none (unmarked)."""
    data = _bundled()
    assert _skill(data, "曹操", "亲冒矢石")["inherit"] == ["曹丕"]
    assert _skill(data, "孙坚", "兵圣后裔")["inherit"] == "any"
    assert "inherit" not in _skill(data, "曹操", "割发代首")
    pack = parse_pack(data)
    assert pack.skill("曹丕", "亲冒矢石") is not None and pack.skill("曹植", "亲冒矢石") is None


@pytest.mark.skill("英雄相惜")
def test_yingxiongxiangxi_halving_stands_while_xuhuang_lives() -> None:
    """张辽【英雄相惜】: once it has gone off, 魏 杀手 stab 关羽 with half chance 「此后张辽/徐晃存活时」. 张辽 dies and
    徐晃, who keeps the skill, plays on: the half chance still stands (夏侯惇's stab loses its draw). Had 邓艾 (who does
    not keep it) come in, it would end with 张辽: no draw is made."""
    t = Table24()
    t.night(act("张辽", "刺杀", "关羽"))
    t.day()
    successor(t, "张辽", "徐晃")
    t.force("成功率减半 夏侯惇【刺杀】", False)
    t.night(act("夏侯惇", "刺杀", "关羽"), answers=XUSHU_NIGHT3)
    assert t.character("关羽") == "关羽"
    assert entry(t, "夏侯惇", "刺杀")["state"] == "failed"
    t.check_unused()
    t2 = Table24()
    t2.night(act("张辽", "刺杀", "关羽"))
    t2.day()
    successor(t2, "张辽", "邓艾")
    t2.night(act("夏侯惇", "刺杀", "关羽"), answers=XUSHU_NIGHT3)
    assert not any(d.purpose == "成功率减半 夏侯惇【刺杀】" for d in t2.state.rng.draws)


@pytest.mark.skill("不耻下问", "火船冲阵")
def test_buchixiawen_does_not_spare_an_inherited_skill() -> None:
    """陆逊【不耻下问】 spares only skills 「非来自于继承」: 周泰 (护卫) keeps 黄盖's 【火船冲阵】 (any successor; here a
    judge's pack makes it once a game). Used on a night 陆逊 names him, it wounds 荀彧 and stays used up."""
    t = Table24()
    successor(t, "吕蒙")
    once_a_game(t, "黄盖", "火船冲阵")
    successor(t, "黄盖", "周泰")
    assert "火船冲阵" in t.state.player("黄盖").skills
    t.night(act("吕蒙", "不耻下问", "黄盖"), act("黄盖", "火船冲阵", "荀彧"), answers=XUSHU_NIGHT3)
    assert injured(t, "荀彧")
    assert t.state.player("黄盖").used.get("火船冲阵") == 1
