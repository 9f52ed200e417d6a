"""The 24人 skills that turn on a choice its holder makes mid-night (core/decisions.py), and the skills that hang on
those choices (issue 31): each test names the skill, states the 8.1 fact it rests on in our words, and, where two
skills meet, the seed 001 sentence that orders them. Rulings: R-choices-* in docs/rulings/packs-choices.md.

The table is strict (tests/sg24/table24.py): every draw a test does not force and every answer it does not give
fails it; each id is the seat's starting character."""

from __future__ import annotations

import pytest

from tests.declared_steps import injured

from .table24 import Table24, act


def _texts(t: Table24, pid: str) -> list[str]:
    return [str(x) for x in t.said(pid)]


# ---- 典韦 ---------------------------------------------------------------------------------------------------------
def lord_bare() -> Table24:
    """曹操's 【割须弃袍】 spent beforehand, so that it does not stop the first 武将杀伤 attack on him."""
    t = Table24()
    t.state.player("曹操").used["割须弃袍"] = 1
    return t


@pytest.mark.skill("挺身护驾")
def test_tingshenhujia_guards_the_lord_if_he_chooses() -> None:
    """典韦【挺身护驾】: an attack of a 武将杀伤 skill (吕蒙【勇贯三军】; 曹操 is no 猛将, so it surely wounds) would
    still land on 魏's lord: 典韦 is told 「君主受到攻击」 and asked; guarding, the lord is unharmed and 典韦 is wounded;
    declining, the lord is wounded (R-choices-1)."""
    t = lord_bare()
    t.night(act("吕蒙", "勇贯三军", "曹操"), answers=[{"actor": "典韦", "skill": "挺身护驾", "answer": "护驾"}])
    assert not injured(t, "曹操") and injured(t, "典韦")
    assert any("君主受到攻击" in s for s in _texts(t, "典韦"))
    assert not any("挺身护驾" in s for s in _texts(t, "曹操"))
    t2 = lord_bare()
    t2.night(act("吕蒙", "勇贯三军", "曹操"), answers=[{"actor": "典韦", "skill": "挺身护驾", "answer": "不护驾"}])
    assert injured(t2, "曹操") and not injured(t2, "典韦")
    assert any("君主受到攻击" in s for s in _texts(t2, "典韦"))


@pytest.mark.skill("挺身护驾")
def test_tingshenhujia_is_not_asked_when_nothing_lands() -> None:
    """典韦【挺身护驾】 answers an attack that 「经过结算和判定之后仍然要承受伤害」: 曹操's own 【割须弃袍】 stops the
    first 武将杀伤 attack on him, so 典韦 is not asked (the strict table would fail on an unanswered question), nor is
    he asked for a stab (no 武将杀伤 skill)."""
    t = Table24()
    t.night(act("吕蒙", "勇贯三军", "曹操"))
    assert not injured(t, "曹操") and not injured(t, "典韦")
    assert not any("君主受到攻击" in s for s in _texts(t, "典韦"))


# ---- 关羽 / 吕蒙 ----------------------------------------------------------------------------------------------------
@pytest.mark.skill("白衣渡江", "春秋大义")
def test_baiyidujiang_takes_guanyu_out_and_allies_wei_and_wu_unless_he_chooses_chunqiudayi() -> None:
    """吕蒙【白衣渡江】: naming 关羽 rightly takes 关羽 out of the game (脱离游戏: no successor, 黄忠 does not play on)
    and, 关羽 not triggering 【春秋大义】, makes the 魏吴 alliance (the post says so). 关羽 asked and triggering it:
    he still leaves, but no 魏吴 alliance is made, now or later (R-choices-2)."""
    t = Table24()
    r = t.night(act("吕蒙", "指认", "关羽", character="关羽"),
                answers=[{"actor": "关羽", "skill": "春秋大义", "answer": "不触发"}])
    assert t.status("关羽") == "out" and t.character("关羽") == "关羽"
    assert t.state.extra["alliances"] == {"魏吴": 3}
    assert "魏吴联盟达成" in r.announcement["text"]
    assert "你的【白衣渡江】已触发" in " ".join(_texts(t, "吕蒙"))
    t2 = Table24()
    r2 = t2.night(act("吕蒙", "指认", "关羽", character="关羽"),
                  answers=[{"actor": "关羽", "skill": "春秋大义", "answer": "触发"}])
    assert t2.status("关羽") == "out"
    assert "魏吴" not in t2.state.extra.get("alliances", {})
    assert t2.state.extra["alliances_barred"] == {"魏吴": 1}  # 「魏吴联盟无法建立」: from tonight on
    assert "魏吴联盟" not in r2.announcement["text"]
    assert any("春秋大义" in s for s in _texts(t2, "关羽"))
    assert not any("春秋大义" in s for s in _texts(t2, "吕蒙"))  # 吕蒙 is not told 关羽's choice


@pytest.mark.skill("白衣渡江")
def test_baiyidujiang_breaks_the_wu_shu_alliance_and_asks_nothing_on_a_wrong_naming() -> None:
    """吕蒙【白衣渡江】: a standing 吴蜀 alliance breaks (it stands through tonight: 「吴蜀联盟破裂」 in the post); a
    wrong 指认 (naming 张飞 as 关羽) sets nothing off and asks 关羽 nothing (the strict table fails on an unanswered
    question)."""
    t = Table24()
    t.state.extra["alliances"] = {"蜀吴": 4}
    r = t.night(act("吕蒙", "指认", "关羽", character="关羽"),
                answers=[{"actor": "关羽", "skill": "春秋大义", "answer": "不触发"}])
    assert "吴蜀联盟破裂" in r.announcement["text"]
    assert t.state.extra["alliances"]["蜀吴"] == 1
    t2 = Table24()
    t2.night(act("吕蒙", "指认", "张飞", character="关羽"))
    assert t2.status("关羽") == "alive" and t2.status("张飞") == "alive"
    assert "魏吴" not in t2.state.extra.get("alliances", {})
