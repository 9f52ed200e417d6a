"""鼎立三分2.0: the 在野 skills of coming back, leaving for a while, or a state beyond wound and death, resolved by
the engine (陈寿, 祢衡, 汉献帝; 华佗's are the 24人 ones, R-SG31-7), each test stating the 8.1 fact in our words
(docs/rulings/packs-revival.md, R-revival-*)."""

from __future__ import annotations

import pytest

from tests.declared_steps import entry, successor
from tianting.core.errors import IllegalAction
from tianting.rules.dingli2 import DingliGame, SeatSpec

from .table import Table, act, rule, seats

XUSHU_NIGHT3 = [{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}]
"""徐庶 dies naturally at night 3: his successor is chosen."""
ZHOUYU_NIGHT4 = [{"actor": "周瑜", "skill": "继任", "answer": "陆逊"}]
"""周瑜 dies naturally at night 4."""


def table(*unaligned: str, ex: bool = False) -> Table:
    """A 26-player table whose three 在野 are ``unaligned``, 汉少帝 with ``ex``."""
    t = Table(ex=ex)
    specs = seats(ex=ex)
    countries = [s for s in specs if s.country != "在野"]
    emperor = [s for s in specs if s.character == "汉少帝"]
    t.game = DingliGame.create(countries + [SeatSpec(n, "在野", "平民", n) for n in unaligned] + emperor, 1)
    return t


# ---- 陈寿【直笔修史】 --------------------------------------------------------------------------------------------
@pytest.mark.skill("直笔修史")
def test_zhibixiushi_tells_a_characters_actions_before_tonight() -> None:
    """陈寿【直笔修史】: naming a character, he learns its record of actions before tonight. 刘备's 指认 of night 1 is
    told; 庞统, stabbed to death on night 1 (法正 plays on), can be named: his own actions only, not 法正's
    (R-revival-9)."""
    t = table("陈琳", "华佗", "吕布")
    t.night(act("张辽", "刺杀", "庞统"), act("刘备", "指认", "关羽", character="关羽"), act("庞统", "指认", "张飞",
                                                                                      character="张飞"))
    t.day()
    successor(t, "陈琳")
    assert t.character("陈琳") == "陈寿" and t.character("庞统") == "法正"
    t.night(act("陈琳", "直笔修史", character="刘备"), act("庞统", "指认", "夏侯渊", character="夏侯渊"),
            answers=XUSHU_NIGHT3)
    assert t.said("陈琳") == ["【直笔修史】刘备此夜之前的行动记录：第1夜 刘备【指认】→关羽（character：关羽）"]
    assert entry(t, "陈琳", "直笔修史")["state"] == "done"
    t.day()
    t.night(act("陈琳", "直笔修史", character="庞统"), answers=ZHOUYU_NIGHT4)
    assert t.said("陈琳") == ["【直笔修史】庞统此夜之前的行动记录：第1夜 庞统【指认】→张飞（character：张飞）"]


@pytest.mark.skill("直笔修史")
def test_zhibixiushi_three_uses_and_a_character_name() -> None:
    """陈寿【直笔修史】: three uses; it names a character, not an id; a character with no record: 「无」."""
    t = table("陈琳", "华佗", "吕布")
    successor(t, "陈琳")
    with pytest.raises(IllegalAction):
        t.night(act("陈琳", "直笔修史", "曹操"))
    t.night(act("陈琳", "直笔修史", character="曹操"))
    assert t.said("陈琳") == ["【直笔修史】曹操此夜之前的行动记录：无"]
    t.day()
    t.night(act("陈琳", "直笔修史", character="曹操"), answers=XUSHU_NIGHT3)
    t.day()
    t.night(act("陈琳", "直笔修史", character="曹操"), answers=ZHOUYU_NIGHT4)
    t.day()
    with pytest.raises(IllegalAction):
        t.night(act("陈琳", "直笔修史", character="曹操"))


# ---- 汉献帝 ------------------------------------------------------------------------------------------------------
def emperor_in_shu() -> Table:
    """汉少帝 joins 蜀 at 刘备's 招揽 (he and 刘备 know each other from the next night), then dies by the judge's
    ruling on night 2: 汉献帝 plays on in the same id, in 蜀 (nights 1–2 and their days played)."""
    t = table("王允", "华佗", "吕布", ex=True)
    t.night(act("刘备", "招揽", "汉少帝", character="汉少帝"), answers=[{"actor": "汉少帝", "skill": "入国", "answer": "蜀"}])
    t.day()
    t.night(rulings=(rule("kill", "汉少帝"),))
    t.day()
    assert t.character("汉少帝") == "汉献帝" and t.state.player("汉少帝").country == "蜀"
    return t


@pytest.mark.skill("尚方宝剑")
def test_shangfangbaojian_the_character_named_stabs_the_next_night() -> None:
    """汉献帝【尚方宝剑】: the player of the character named is told he holds the sword; the next night he may stab
    once (asked mid-night whom; a skill's stab, no same-country check): 关羽's sword stab kills 张飞, of his own
    country, with no draw of half chance (R-revival-11)."""
    t = emperor_in_shu()
    t.night(act("汉少帝", "尚方宝剑", character="关羽"), answers=XUSHU_NIGHT3)
    assert "你获得【尚方宝剑】：次夜可进行一次刺杀" in t.said("关羽")
    assert entry(t, "汉少帝", "尚方宝剑")["state"] == "done"
    t.day()
    t.night(answers=[{"actor": "关羽", "skill": "尚方宝剑", "answer": "张飞"}, *ZHOUYU_NIGHT4])
    assert t.character("张飞") != "张飞"
    t.check_unused()


@pytest.mark.skill("尚方宝剑")
def test_shangfangbaojian_a_character_off_the_table_fails() -> None:
    """汉献帝【尚方宝剑】: naming a character not in play (貂蝉 is not seated), the use fails and nobody is asked the
    next night."""
    t = emperor_in_shu()
    t.night(act("汉少帝", "尚方宝剑", character="貂蝉"), answers=XUSHU_NIGHT3)
    assert entry(t, "汉少帝", "尚方宝剑")["state"] == "failed"
    t.day()
    r = t.night(answers=ZHOUYU_NIGHT4)
    assert not any("尚方宝剑" in line for line in r.trace)


@pytest.mark.skill("招贤纳才")
def test_zhaoxiannacai_orders_an_unaligned_into_his_country() -> None:
    """汉献帝【招贤纳才】: once he has joined a country, he orders an 在野 into it: the 在野 is told, cannot refuse, and
    joins as the next night begins; the night's post shows it (R-revival-12)."""
    t = emperor_in_shu()
    r = t.night(act("汉少帝", "招贤纳才", "王允"), answers=XUSHU_NIGHT3)
    assert entry(t, "汉少帝", "招贤纳才")["state"] == "done"
    assert "【招贤纳才】你奉诏加入蜀，下夜生效" in t.said("王允")
    assert "王允 奉诏加入蜀" in r.announcement["events"]
    assert t.state.player("王允").country == "在野"
    t.day()
    assert t.state.player("王允").country == "蜀"


@pytest.mark.skill("招贤纳才")
def test_zhaoxiannacai_needs_a_country_and_an_unaligned() -> None:
    """汉献帝【招贤纳才】 is used once he has joined a country (refused before); on an id who is no 在野 it fails,
    telling nobody (the user may not know who is 在野)."""
    t = table("王允", "华佗", "吕布", ex=True)
    t.night(rulings=(rule("kill", "汉少帝"),))
    t.day()
    with pytest.raises(IllegalAction):
        t.night(act("汉少帝", "招贤纳才", "王允"))
    t2 = emperor_in_shu()
    t2.night(act("汉少帝", "招贤纳才", "曹操"), answers=XUSHU_NIGHT3)
    assert entry(t2, "汉少帝", "招贤纳才")["state"] == "failed"
    assert t2.state.player("曹操").country == "魏" and not t2.said("曹操")


@pytest.mark.skill("举国同哀")
def test_juguotongai_those_who_knew_him_act_with_half_chance() -> None:
    """汉献帝【举国同哀】: when he leaves the game at night, every one who knew him mutually (刘备, who recruited him)
    acts the next night with half chance, each action drawn: 刘备's 指认 loses the draw and fails (R-revival-10)."""
    t = emperor_in_shu()
    assert t.game.mutual("汉少帝", "刘备")
    t.night(rulings=(rule("kill", "汉少帝"),), answers=XUSHU_NIGHT3)
    assert t.status("汉少帝") == "out"
    t.day()
    t.force("成功率减半 刘备【指认】", False)
    t.night(act("刘备", "指认", "关羽", character="关羽"), act("曹操", "指认", "郭嘉", character="郭嘉"),
            answers=ZHOUYU_NIGHT4)
    assert entry(t, "刘备", "指认")["state"] == "failed"
    assert entry(t, "曹操", "指认")["state"] == "done"  # 曹操 never knew him: no draw
    t.check_unused()


# ---- 祢衡【狂悖之徒】, 陈寿【三国终焉】: skills learned ---------------------------------------------------------------
def successors_on_stage() -> Table:
    """孔融 and 陈琳 die by the judge's ruling on night 1: 祢衡 and 陈寿 play on in their ids (华佗 seated)."""
    t = table("孔融", "华佗", "陈琳")
    t.night(rulings=(rule("kill", "孔融"), rule("kill", "陈琳")))
    t.day()
    assert t.character("孔融") == "祢衡" and t.character("陈琳") == "陈寿"
    return t


@pytest.mark.skill("狂悖之徒", "麻沸散")
def test_kuangbeizhitu_learns_an_active_skill_of_an_odd_one_and_uses_it() -> None:
    """祢衡【狂悖之徒】: naming 华佗 (异人) as 异人, he learns one of 华佗's active skills at random (drawn: 麻沸散) and
    is told; the next night he uses it as his own, and it resolves as 华佗's (R-revival-13)."""
    t = successors_on_stage()
    t.force("【狂悖之徒】孔融→华佗", "麻沸散")
    t.night(act("孔融", "狂悖之徒", "华佗"))
    assert t.said("孔融") == ["【狂悖之徒】你学到了技能【麻沸散】"]
    assert entry(t, "孔融", "狂悖之徒")["state"] == "done"
    t.day()
    r = t.night(act("孔融", "麻沸散", "张辽", duration="一日一夜"), answers=XUSHU_NIGHT3)
    assert entry(t, "孔融", "麻沸散")["state"] == "done"
    assert t.status("张辽") == "out" and "张辽 退出游戏" in r.announcement["events"]
    t.check_unused()


@pytest.mark.skill("狂悖之徒")
def test_kuangbeizhitu_on_one_who_is_no_odd_one_learns_nothing() -> None:
    """祢衡【狂悖之徒】: 曹操 has no 异人 evaluation: nothing is learned, and he is told so; he may not name himself."""
    t = successors_on_stage()
    with pytest.raises(IllegalAction):
        t.night(act("孔融", "狂悖之徒", "孔融"))
    t.night(act("孔融", "狂悖之徒", "曹操"))
    assert t.said("孔融") == ["【狂悖之徒】你没有学到技能"]
    assert entry(t, "孔融", "狂悖之徒")["state"] == "failed"
    with pytest.raises(IllegalAction):  # nothing learned: 曹操's skill is not his
        t.day()
        t.night(act("孔融", "亲冒矢石", "张辽"))


@pytest.mark.skill("三国终焉")
def test_sanguozhongyan_learns_a_skill_of_an_id_gone() -> None:
    """陈寿【三国终焉】: by day, naming an id that has left the game (华佗, then 葛玄, both dead), he learns one of
    its last character's active skills at random (drawn: 一叶障目), at once; an id still in the game is refused
    (R-revival-13)."""
    from tianting.core.decisions import DecisionBook

    t = successors_on_stage()
    with pytest.raises(IllegalAction):
        t.game.check_action(act("陈琳", "三国终焉", "华佗"), [])
    t.night(rulings=(rule("kill", "华佗"),))
    t.day()
    t.night(rulings=(rule("kill", "华佗"),), answers=XUSHU_NIGHT3)
    assert t.status("华佗") == "out" and t.character("华佗") == "葛玄"
    t.force("【三国终焉】陈琳→华佗", "一叶障目")
    t.game.check_action(act("陈琳", "三国终焉", "华佗"), [])
    result = t.game.resolve_day({}, DecisionBook(strict=True), (), [act("陈琳", "三国终焉", "华佗")])
    assert [f.text for f in result.feedback["陈琳"]] == ["【三国终焉】你学到了技能【一叶障目】"]
    assert "一叶障目" in t.state.player("陈琳").skills
    t.check_unused()


# ---- 祢衡【天纵奇才】 --------------------------------------------------------------------------------------------
@pytest.mark.skill("天纵奇才")
def test_tianzongqicai_turns_a_wise_ones_directed_action() -> None:
    """祢衡【天纵奇才】: naming 庞统 (智者) as 智者, with 周瑜 as the new target: 庞统's 指认 tonight, meant for 张飞,
    is made on 周瑜 (he is answered 「周瑜 不是张飞」); the record keeps what he sent (R-revival-14)."""
    t = successors_on_stage()
    t.night(act("孔融", "天纵奇才", "庞统", "周瑜"), act("庞统", "指认", "张飞", character="张飞"))
    assert entry(t, "孔融", "天纵奇才")["state"] == "done"
    assert t.said("庞统") == ["周瑜 不是张飞"]
    assert entry(t, "庞统", "指认")["targets"] == ["张飞"] and entry(t, "庞统", "指认")["state"] == "done"
    assert not t.said("孔融")


@pytest.mark.skill("天纵奇才")
def test_tianzongqicai_needs_a_wise_one_who_acts() -> None:
    """祢衡【天纵奇才】: 关羽 has no 智者 evaluation: his stab on 周瑜 stays his (周瑜 dies, 陆逊 plays on) and the use
    fails. Two ids are needed, the first not himself."""
    t = successors_on_stage()
    with pytest.raises(IllegalAction):
        t.night(act("孔融", "天纵奇才", "孔融", "周瑜"))
    with pytest.raises(IllegalAction):
        t.night(act("孔融", "天纵奇才", "关羽"))
    t.night(act("孔融", "天纵奇才", "关羽", "曹操"), act("关羽", "刺杀", "周瑜"), answers=ZHOUYU_NIGHT4)
    assert entry(t, "孔融", "天纵奇才")["state"] == "failed"
    assert t.character("曹操") == "曹操" and t.character("周瑜") == "陆逊"


# ---- 陈寿【魂兮归来】 --------------------------------------------------------------------------------------------
def huatuo_gone(t: Table) -> None:
    """华佗 dies (葛玄 plays on), then 葛玄 dies: the id 华佗 is out of the game, its last character 葛玄 (nights 2–3)."""
    t.night(rulings=(rule("kill", "华佗"),))
    t.day()
    t.night(rulings=(rule("kill", "华佗"),), answers=XUSHU_NIGHT3)
    assert t.status("华佗") == "out" and t.character("华佗") == "葛玄"


@pytest.mark.skill("魂兮归来", "一叶障目")
def test_hunxiguilai_a_dead_character_back_for_one_night() -> None:
    """陈寿【魂兮归来】: by day he names 葛玄, dead and out of the game: as the day ends the post says the id is back
    (he does not vote that day); that night 葛玄 sends one action (a skill: 【一叶障目】), nothing reaches him (关羽's
    stab is void), and as the night ends he leaves again, not counted with the dead (R-revival-15)."""
    from tianting.core.decisions import DecisionBook

    t = successors_on_stage()
    huatuo_gone(t)
    day = t.game.resolve_day({}, DecisionBook(strict=True), (), [act("陈琳", "魂兮归来", character="葛玄")])
    assert day.announcement["returned"] == ["华佗"] and "华佗 → 华佗" not in day.announcement["text"]
    assert "今夜可使用一个死亡前未使用或仍可再用的技能" in day.feedback["华佗"][0].text
    assert t.status("华佗") == "alive"
    with pytest.raises(IllegalAction):  # one action only
        t.night(act("华佗", "一叶障目", "曹操"), act("华佗", "指认", "曹操", character="曹操"))
    with pytest.raises(IllegalAction):  # its user uses no other skill that night
        t.night(act("陈琳", "直笔修史", character="曹操"))
    r = t.night(act("华佗", "一叶障目", "曹操"), act("关羽", "刺杀", "华佗"), answers=ZHOUYU_NIGHT4)
    assert entry(t, "华佗", "一叶障目")["state"] == "done"
    assert entry(t, "关羽", "刺杀")["state"] == "void"
    assert t.status("华佗") == "out"
    assert "华佗退出游戏" in r.announcement["text"] and "今夜共计死亡0人" in r.announcement["text"]


@pytest.mark.skill("魂兮归来")
def test_hunxiguilai_on_a_character_still_in_play_fails() -> None:
    """陈寿【魂兮归来】: 曹操 is alive: nothing comes back and the use fails; no id is named (a character's name)."""
    from tianting.core.decisions import DecisionBook

    t = successors_on_stage()
    with pytest.raises(IllegalAction):
        t.game.check_action(act("陈琳", "魂兮归来", "曹操"), [])
    t.night()
    t.game.resolve_day({}, DecisionBook(strict=True), (), [act("陈琳", "魂兮归来", character="曹操")])
    assert t.state.history[-1]["actions"][0]["state"] == "failed"
