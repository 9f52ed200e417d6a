"""鼎立三分2.0's skills that turn on a choice its holder makes mid-night (core/decisions.py), and the 24人 ones of that
kind as 鼎立 inherits them (issue 31): each test states the 8.1 fact in our words and pins the reading of
docs/rulings/packs-choices.md (R-choices-*)."""

from __future__ import annotations

import pytest

from tests.declared_steps import entry, injured, without

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


# ---- the 24人 skills as 鼎立 inherits them (R-SG31-7) ---------------------------------------------------------------
@pytest.mark.skill("挺身护驾")
def test_tingshenhujia_in_dingli() -> None:
    """典韦【挺身护驾】 (鼎立 inherits it): a 武将杀伤 attack lands on 曹操 (his 【割须弃袍】 spent): 典韦 is told
    「君主受到攻击」 and, guarding, is wounded in his stead (R-choices-1)."""
    t = Table()
    without(t, "曹魏谋主")  # 荀攸 guards 魏 in 鼎立 (R-weimisc-10): not this test's subject
    t.state.player("曹操").used["割须弃袍"] = 1
    t.night(act("吕蒙", "勇贯三军", "曹操"), answers=[{"actor": "典韦", "skill": "挺身护驾", "answer": "护驾"}])
    assert not injured(t, "曹操") and injured(t, "典韦")
    assert any("君主受到攻击" in s for s in _texts(t, "典韦"))


@pytest.mark.skill("白衣渡江", "春秋大义")
def test_baiyidujiang_and_chunqiudayi_in_dingli() -> None:
    """吕蒙【白衣渡江】 naming 关羽 rightly: 关羽 leaves the game; 关羽 not triggering 【春秋大义】, the 魏吴 alliance is
    made and the post says so; triggering it, none is (R-choices-2)."""
    t = Table()
    r = t.night(act("吕蒙", "指认", "关羽", character="关羽"),
                answers=[{"actor": "关羽", "skill": "春秋大义", "answer": "不触发"}])
    assert t.status("关羽") == "out"
    assert "魏吴联盟达成" in r.announcement["text"]
    t2 = Table()
    r2 = t2.night(act("吕蒙", "指认", "关羽", character="关羽"),
                  answers=[{"actor": "关羽", "skill": "春秋大义", "answer": "触发"}])
    assert t2.status("关羽") == "out" and "魏吴联盟" not in r2.announcement["text"]


@pytest.mark.skill("深明大义")
def test_shenmingdayi_in_dingli_and_huangyueying_acts_that_night() -> None:
    """糜氏【深明大义】 in 鼎立: known to 赵云, her 自杀 naming 曹操 wounds him (his 【割须弃袍】 spent; 典韦 declines to
    guard) and fails 赵云's 【浑身是胆】; her successor 黄月英 acts the same night (「当夜黄月英仍可发动自己的技能」,
    D-A2): her 【木牛流马】 is accepted and resolves (R-choices-5)."""
    t = without(Table(), "曹魏谋主")  # 荀攸 guards 魏 in 鼎立 (R-weimisc-10): not this test's subject
    t.state.player("曹操").used["割须弃袍"] = 1
    t.state.player("糜氏").known["赵云"] = "赵云"
    t.state.player("赵云").known["糜氏"] = "糜氏"
    t.night(act("糜氏", "自杀", "曹操"), act("糜氏", "木牛流马", "糜氏"), act("赵云", "浑身是胆", "刘备"),
            answers=[{"actor": "典韦", "skill": "挺身护驾", "answer": "不护驾"}])
    assert t.character("糜氏") == "黄月英"
    assert injured(t, "曹操")
    assert entry(t, "赵云", "浑身是胆")["state"] == "void"
    assert entry(t, "糜氏", "木牛流马")["state"] != "pending"


@pytest.mark.skill("相夫教子")
def test_xiangfujiaozi_in_dingli_the_committed_check_heals() -> None:
    """糜氏【相夫教子】 in 鼎立: 刘备 wounded the night it is used (吕蒙【勇贯三军】, his 【马跃檀溪】 spent) has his 伤判
    the next day heal whatever digit he sends (digit 9 would keep him wounded unfavoured); the revealed table proves it
    (R-choices-7)."""
    from tianting.rules.dingli2 import wounds

    from .table import force_deal

    t = Table()
    t.state.player("刘备").used["马跃檀溪"] = 1
    force_deal(t, "刘备", 1)
    t.night(act("糜氏", "相夫教子"), act("吕蒙", "勇贯三军", "刘备"))
    assert injured(t, "刘备")
    t.day(digits={"刘备": 9})
    assert not injured(t, "刘备") and t.status("刘备") == "alive"
    assert not wounds.audit(t.results)
    t2 = Table()
    t2.state.player("刘备").used["马跃檀溪"] = 1
    force_deal(t2, "刘备", 1)
    t2.night(act("吕蒙", "勇贯三军", "刘备"))
    t2.day(digits={"刘备": 9})
    assert injured(t2, "刘备")


@pytest.mark.skill("威震西凉")
def test_weizhenxiliang_in_dingli() -> None:
    """马超【威震西凉】 in 鼎立: 华佗 (在野 平民) has his 【针灸奇术】 on 刘备 fail (R-choices-6)."""
    from tianting.core.records import Ruling

    t = Table()
    t.night(rulings=(Ruling("kill", "张飞"),))
    t.day()
    assert t.character("张飞") == "马超"
    t.night(act("张飞", "威震西凉"), act("华佗", "针灸奇术", "刘备"))
    assert entry(t, "华佗", "针灸奇术")["state"] == "failed"
