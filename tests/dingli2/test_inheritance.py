"""继承 in the 鼎立三分2.0 pack (docs/rulings/packs-inherit.md): a successor keeps those of his predecessor's skills
whose mark lets him (8.1: 「可以被继承」 any successor, 「只可以被X继承」 only X; 「技能默认不可被继承」), with their uses
left, down seed 003's longer lines too. The table is strict (tests/dingli2/table.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.declared_steps import entry, injured, successor, without
from tianting.core.errors import IllegalAction
from tianting.core.records import Ruling
from tianting.rules.dingli2.pack import default_pack, parse_dingli_pack
from tianting.rules.sg24.pack import PackError, bundled_text

from .table import Table, act

NIGHT3 = [{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}]
"""徐庶's natural death on night 3 (his successor chosen)."""
NIGHT4 = [{"actor": "周瑜", "skill": "继任", "answer": "陆逊"}]
"""周瑜's natural death on night 4."""


def told_at_death(t: Table, pid: str) -> list[str]:
    """What ``pid`` was told on the night of :func:`successor` (the phase before its quiet day)."""
    return [f.text for f in t.results[-2].feedback.get(pid, [])]


@pytest.mark.skill("亲冒矢石")
def test_caopi_inherits_qinmaoshishi_and_uses_it() -> None:
    """曹操【亲冒矢石】 (only 曹丕 keeps it): 曹操 dies, 曹丕 holds it, is told so, and wounds 郭嘉 (no 猛将) with it;
    the engine resolves it, the judge is not asked."""
    t = Table()
    without(t, "曹魏谋主")  # 荀攸 guards 魏 in 鼎立 (R-weimisc-10): not this test's subject
    successor(t, "曹操", "曹丕")
    assert t.character("曹操") == "曹丕" and "亲冒矢石" in t.state.player("曹操").skills
    assert "你继承了曹操的技能【亲冒矢石】，可以照常使用" in told_at_death(t, "曹操")
    r = t.night(act("曹操", "亲冒矢石", "郭嘉"))
    assert injured(t, "郭嘉")
    assert entry(t, "曹操", "亲冒矢石")["state"] == "done"
    assert not any("亲冒矢石" in w for w in r.warnings if w.startswith("请天庭裁定"))


@pytest.mark.skill("亲冒矢石")
def test_caozhi_does_not_inherit_what_only_caopi_may() -> None:
    """「只可以被曹丕继承」: 曹植 (曹操's other branch) does not keep 【亲冒矢石】; his use of it is refused."""
    t = Table()
    successor(t, "曹操", "曹植")
    assert "亲冒矢石" not in t.state.player("曹操").skills
    with pytest.raises(IllegalAction, match="没有技能【亲冒矢石】"):
        t.night(act("曹操", "亲冒矢石", "郭嘉"))


@pytest.mark.skill("乱世枭雄")
def test_a_skill_not_to_be_inherited_is_not_kept() -> None:
    """刘备【乱世枭雄】 is not inherited (8.1: 不可被继承): 刘禅 may not use it."""
    t = Table()
    successor(t, "刘备")
    assert t.character("刘备") == "刘禅" and "乱世枭雄" not in t.state.player("刘备").skills
    with pytest.raises(IllegalAction, match="没有技能【乱世枭雄】"):
        t.night(act("刘备", "乱世枭雄", "郭嘉"))


@pytest.mark.skill("兵圣后裔", "火船冲阵")
def test_bingshenghouyi_spent_stays_spent_down_the_line() -> None:
    """孙坚【兵圣后裔】 (any successor keeps it; once a game) spent on night 1 against 徐庶【击剑长歌】 passes spent to
    孙策 at 孙坚's natural death on night 2, who is told so; when 孙策 dies, 孙权 (seed 003: 孙坚——孙策——孙权) keeps
    it too, still spent (R-inherit-3), and 黄盖【火船冲阵】 on night 4 wounds the id (each active used once, R53)."""
    t = Table()
    t.night(act("徐庶", "击剑长歌", "孙坚"))
    assert not injured(t, "孙坚") and t.state.player("孙坚").used.get("兵圣后裔") == 1
    t.day()
    t.night()
    assert t.character("孙坚") == "孙策" and "兵圣后裔" in t.state.player("孙坚").skills
    assert any("【兵圣后裔】" in s and "此前已经消耗，不能再用" in s for s in t.said("孙坚"))
    t.day()
    t.night(rulings=(Ruling("kill", "孙坚"),), answers=NIGHT3)  # 孙策 dies by the judge's ruling
    assert t.character("孙坚") == "孙权" and "兵圣后裔" in t.state.player("孙坚").skills
    t.day()
    t.night(act("黄盖", "火船冲阵", "孙坚"), answers=NIGHT4)
    assert injured(t, "孙坚")


@pytest.mark.skill("兵圣后裔", "火船冲阵")
def test_bingshenghouyi_unspent_guards_sunce_himself() -> None:
    """Not yet used, 【兵圣后裔】 passes whole to 孙策 and guards him now: 火船冲阵 on him is stopped, the skill spent."""
    t = Table()
    t.quiet(1)
    t.night()  # 孙坚 dies naturally
    assert t.character("孙坚") == "孙策"
    t.day()
    t.night(act("黄盖", "火船冲阵", "孙坚"), answers=NIGHT3)
    assert not injured(t, "孙坚")
    assert t.state.player("孙坚").used.get("兵圣后裔") == 1
    assert "你的【兵圣后裔】已触发并消耗" in t.said("孙坚")


@pytest.mark.skill("英雄相惜")
def test_yuejin_does_not_keep_what_only_xuhuang_may() -> None:
    """张辽【英雄相惜】 is 徐晃's alone: 乐进 (seed 003's other branch of 张辽) does not keep it, 徐晃 does."""
    t = Table()
    successor(t, "张辽", "乐进")
    assert "英雄相惜" not in t.state.player("张辽").skills
    t2 = Table()
    successor(t2, "张辽", "徐晃")
    assert "英雄相惜" in t2.state.player("张辽").skills


@pytest.mark.skill("亲冒矢石")
def test_after_a_suicide_caopi_sends_what_he_inherits_that_night() -> None:
    """Seed 003: after 自杀 the id's actions are its successor's, who acts that night (D-A2). 曹操 kills himself and,
    as 曹丕 (his 【继任】), sends 【亲冒矢石】 on 郭嘉: checked as 曹丕 holding it, and it wounds 郭嘉."""
    t = Table()
    without(t, "曹魏谋主")  # 荀攸 guards 魏 in 鼎立 (R-weimisc-10): not this test's subject
    t.night(act("曹操", "自杀"), act("曹操", "亲冒矢石", "郭嘉"),
            answers=[{"actor": "曹操", "skill": "继任", "answer": "曹丕"}])
    assert t.character("曹操") == "曹丕"
    assert injured(t, "郭嘉")


def test_an_inherited_skill_keeps_its_first_holders_seed_003_rank() -> None:
    """诸葛亮【武侯八阵】 (any successor) is seed 003's interference rank (3); held by 姜维 it keeps that rank."""
    pack = default_pack()
    data = pack.skill("姜维", "武侯八阵")
    assert data is not None and pack.interference("姜维", data) == 3
    assert pack.origin("姜维", "武侯八阵") == "诸葛亮"


@pytest.mark.parametrize(("value", "message"), [
    ("曹丕", "「曹操」【亲冒矢石】.inherit：必须是"),
    (["曹睿"], "「曹操」【亲冒矢石】.inherit：「曹睿」不是曹操的继任者"),
])
def test_the_loader_refuses_a_bad_inherit(value: Any, message: str) -> None:
    """``inherit`` is "any", a list of the character's own successors, or absent (曹睿 is 曹丕's, not 曹操's)."""
    data = json.loads(bundled_text("tianting.rules.dingli2"))
    caocao = next(c for c in data["characters"] if c["name"] == "曹操")
    next(s for s in caocao["skills"] if s["name"] == "亲冒矢石")["inherit"] = value
    with pytest.raises(PackError, match=message):
        parse_dingli_pack(data)
