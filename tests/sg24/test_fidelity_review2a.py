"""Fixes of the fidelity review ``review2a`` (docs/rulings/fidelity-review-review2a.md): each test names the skill
and states the 8.1 fact it rests on in our words. The table is strict (tests/sg24/table24.py)."""

from __future__ import annotations

import pytest

from tests.declared_steps import injured, keep_wounded

from .table24 import Table24, act


def _texts(t: Table24, pid: str) -> list[str]:
    return [str(x) for x in t.said(pid)]


@pytest.mark.skill("挺身护驾")
def test_tingshenhujia_guards_the_lord_once_a_game() -> None:
    """典韦【挺身护驾】 (8.1): told his lord is attacked, he may take one attack on himself 「抵御一次」; the text gives
    no count (his own 【古之恶来】 says 「触发次数不限」, this one does not), so it goes off once a game (R53's default,
    read for a defence as 关羽【过关斩将】's 「可为其抵御一次」 is, R-shu-6). Guarded on the first night, the second
    night's attack lands on 曹操 and 典韦 is not asked again (the strict table would fail on an unanswered question)."""
    t = Table24()
    t.state.player("曹操").used["割须弃袍"] = 1
    t.night(act("吕蒙", "勇贯三军", "曹操"), answers=[{"actor": "典韦", "skill": "挺身护驾", "answer": "护驾"}])
    assert not injured(t, "曹操") and injured(t, "典韦")
    assert t.state.player("典韦").used.get("挺身护驾") == 1
    t.day(digits=keep_wounded(t, "典韦"))
    t.state.player("吕蒙").used.pop("勇贯三军", None)  # the same attack again, for the test's sake
    t.night(act("吕蒙", "勇贯三军", "曹操"))
    assert injured(t, "曹操")
    assert not any("君主受到攻击" in s for s in _texts(t, "典韦"))


@pytest.mark.skill("长驱直入", "针灸奇术")
def test_changquzhiru_with_the_right_id_passes_zhenjiuqishu() -> None:
    """邓艾【长驱直入】 (8.1): a stab by character with the player's right id makes every 武将保护 protection fail but
    吕布【天下无双】's. 华佗【针灸奇术】 is a 武将保护技能 (「受到的刺杀均无效」): it does not stop that stab, and 庞统
    dies (法正 plays on). With a wrong id there is no guard-breaking: 针灸奇术 stops the stab (R-review2a-2)."""
    from tests.sg24.test_declared_weimisc import dengai_table

    t = dengai_table()
    t.night(act("张辽", "刺杀", "庞统"), act("张辽", "长驱直入", character="庞统"), act("华佗", "针灸奇术", "庞统"))
    assert t.character("庞统") == "法正"
    t2 = dengai_table()
    t2.night(act("张辽", "刺杀", "刘备"), act("张辽", "长驱直入", character="庞统"), act("华佗", "针灸奇术", "庞统"))
    assert t2.character("庞统") == "庞统" and not injured(t2, "庞统")
    assert t2.character("刘备") == "刘备" and not injured(t2, "刘备")


@pytest.mark.skill("八门金锁", "武侯八阵")
def test_a_trapped_player_whose_pick_kept_him_trapped_cannot_kill_himself() -> None:
    """卧龙【武侯八阵】 (8.1, 释疑 4; 曹仁【八门金锁】 is the same trap once): 「若被困结果为BC，被困者无法自杀」. 张飞,
    trapped, names 3 (B: still trapped); the next night his 自杀 is refused, and he is still 张飞 (R-review2a-3)."""
    from tianting.core.errors import IllegalAction

    from .test_declared_lianhuan import ALL_ON_ZHANGFEI, XUSHU_NIGHT3, caoren, pick

    t = caoren()
    t.night(act("夏侯惇", "八门金锁", "张飞", meanings="AABBCCDE"))
    t.day(ALL_ON_ZHANGFEI, answers=pick("张飞", "八门金锁", 3))
    with pytest.raises(IllegalAction, match="无法自杀"):
        t.night(act("张飞", "自杀"), answers=XUSHU_NIGHT3)
    assert t.character("张飞") == "张飞" and t.status("张飞") == "alive"


@pytest.mark.skill("运筹帷幄", "五溪归蜀", "苦肉诈降")
def test_yunchouweiwo_orders_an_id_wuxiguishu_makes_of_shu_not_one_kurou_does() -> None:
    """庞统【运筹帷幄】 orders 「本国任意角色」. 马良【五溪归蜀】 (8.1) makes its id subject to every skill that reaches 蜀,
    naming 庞统【运筹帷幄】 among them: 典韦, seen as 蜀 tonight, carries out 庞统's order (a 指认 of 曹操, answered to
    him), whichever use is sent first. 黄盖【苦肉诈降】's 释疑 says the opposite for its own change: 太史慈, seen as 蜀 by
    it, cannot be ordered (R-review2a-4)."""
    from tests.declared_steps import entry
    from tianting.core.records import Ruling

    for first_maliang in (True, False):
        t = Table24()
        t.night(rulings=(Ruling("kill", "徐庶"),), answers=[{"actor": "徐庶", "skill": "继任", "answer": "马良"}])
        t.day()
        uses = [act("徐庶", "五溪归蜀", "典韦", country="蜀"),
                act("庞统", "运筹帷幄", "典韦", "曹操", order="指认", character="曹操")]
        t.night(*(uses if first_maliang else uses[::-1]))
        assert entry(t, "庞统", "运筹帷幄")["state"] == "done"
        assert "你当夜被【运筹帷幄】命令：对 曹操 进行【指认】" in t.said("典韦")
    t2 = Table24()
    t2.night(act("黄盖", "苦肉诈降", "太史慈", country="蜀"),
             act("庞统", "运筹帷幄", "太史慈", "曹操", order="指认", character="曹操"))
    assert entry(t2, "庞统", "运筹帷幄")["state"] == "failed"
    assert not any("运筹帷幄" in s for s in _texts(t2, "太史慈"))


@pytest.mark.skill("士别三日")
def test_shibiesanri_does_not_offer_a_skill_spent_by_an_earlier_life() -> None:
    """吕蒙【士别三日】 (8.1): one 「未消耗的」 active of the line is learned. 徐庶 spends 【击剑长歌】 and dies; his id
    plays on as 卧龙. The spent skill stays spent: it is not among what 吕蒙 may learn from the 徐庶 line, though no one
    plays 徐庶 now (R-learning-2: 「whoever plays its character now or before has spent」; R-review2a-6)."""
    from tests.declared_steps import keep_wounded, without
    from tianting.core.records import Ruling
    from tianting.rules.sg24.declared import learned

    t = without(Table24(), "曹魏谋主", "留侯再世")
    t.night(act("徐庶", "击剑长歌", "张辽"))
    assert injured(t, "张辽")
    t.day(digits=keep_wounded(t, "张辽"))
    t.night(rulings=(Ruling("kill", "徐庶"),), answers=[{"actor": "徐庶", "skill": "继任", "answer": "卧龙"}])
    assert t.character("徐庶") == "卧龙"
    game = t.game
    offered = learned.learnable(game, learned.of_lives(game, learned.lives(game, "徐庶")), unspent=True)
    assert ("徐庶", "击剑长歌") not in offered
    assert ("卧龙", "力排众议") in offered
