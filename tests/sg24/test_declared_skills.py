"""The 24人 pack's declared skills, resolved by the engine (issue 31): each test names the skill, states the 8.1
fact it rests on in our words, and, where two skills meet, the seed 001 sentence that orders them.

The table is strict (tests/sg24/table24.py): every draw a test does not force and every answer it does not give
fails it; each id is the seat's starting character."""

from __future__ import annotations

from typing import Any

import pytest

from tests.declared_steps import entry, injured, keep_wounded, successor, without
from tianting.core import pack_edition
from tianting.core.records import Ruling
from tianting.core.state import Status
from tianting.rules.sg24.declared.schema import EffectError, Judged, parse_effect
from tianting.rules.sg24.declared.text import describe
from tianting.rules.sg24.pack import PackError, default_pack, parse_pack

from .table24 import Table24, act


# ---- actives that harm ------------------------------------------------------------------------------------------
@pytest.mark.skill("亲冒矢石")
def test_qinmaoshishi_wounds_a_target_without_mengjiang() -> None:
    """曹操【亲冒矢石】: one id is wounded unless he has the 猛将 evaluation (郭嘉 has none)."""
    t = Table24()
    r = t.night(act("曹操", "亲冒矢石", "郭嘉"))
    assert injured(t, "郭嘉")
    assert entry(t, "曹操", "亲冒矢石")["state"] == "done"
    assert not any("亲冒矢石" in w for w in r.warnings)  # not left to the judge


@pytest.mark.skill("亲冒矢石")
def test_qinmaoshishi_does_nothing_to_a_mengjiang() -> None:
    """曹操【亲冒矢石】: a target with the 猛将 evaluation (张飞) is not wounded; the use failed."""
    t = Table24()
    t.night(act("曹操", "亲冒矢石", "张飞"))
    assert not injured(t, "张飞")
    assert entry(t, "曹操", "亲冒矢石")["state"] == "failed"


@pytest.mark.skill("勇贯三军")
def test_yongguansanjun_halves_on_a_mengjiang_and_wounds_others() -> None:
    """吕蒙【勇贯三军】: a 猛将 is wounded with half chance, anyone else surely."""
    t = Table24().force("【勇贯三军】wound 吕蒙→张飞", False)
    t.night(act("吕蒙", "勇贯三军", "张飞"))
    assert not injured(t, "张飞")
    t.check_unused()
    t2 = Table24().force("【勇贯三军】wound 吕蒙→张飞", True)
    t2.night(act("吕蒙", "勇贯三军", "张飞"))
    assert injured(t2, "张飞")
    t3 = Table24()
    t3.night(act("吕蒙", "勇贯三军", "郭嘉"))  # no 猛将: no draw at all (the table is strict)
    assert injured(t3, "郭嘉")


@pytest.mark.skill("横扫江东", "击剑长歌")
def test_two_wounds_kill_as_the_seed_sums_harms() -> None:
    """孙坚【横扫江东】 and 徐庶【击剑长歌】 each wound; seed 001: 「受到两次及以上致伤伤害则致死」."""
    t = Table24()
    t.night(act("孙坚", "横扫江东", "郭嘉"), act("徐庶", "击剑长歌", "郭嘉"))
    assert t.character("郭嘉") == "荀攸"  # his successor (荀彧, the other, is in play)


@pytest.mark.skill("乱世枭雄")
def test_luanshixiaoxiong_wounds_a_target_without_mengjiang() -> None:
    """刘备【乱世枭雄】: one id is wounded unless he has the 猛将 evaluation."""
    t = Table24()
    t.night(act("刘备", "乱世枭雄", "荀彧"))
    assert injured(t, "荀彧")
    t2 = Table24()
    t2.night(act("刘备", "乱世枭雄", "典韦"))  # 典韦: 猛将
    assert not injured(t2, "典韦")


# ---- information -------------------------------------------------------------------------------------------------
@pytest.mark.skill("洞若观火")
def test_dongruoguanhuo_tells_the_identity() -> None:
    """郭嘉【洞若观火】: he learns the identity of the id he names (张昭: 军师)."""
    t = Table24()
    t.night(act("郭嘉", "洞若观火", "张昭"))
    assert "张昭的身份是军师" in t.said("郭嘉")


# ---- passives set off by 指认 -------------------------------------------------------------------------------------
@pytest.mark.skill("严阵以待")
def test_yanzhenyidai_wounds_zhangfei_recognised() -> None:
    """荀彧【严阵以待】: when his 指认 names 张飞 rightly, 张飞 is wounded (the 指认 itself gives no feedback)."""
    t = Table24()
    t.night(act("荀彧", "指认", "张飞", character="张飞"))
    assert injured(t, "张飞")
    assert "你的【严阵以待】已触发" in t.said("荀彧")


@pytest.mark.skill("严阵以待")
def test_yanzhenyidai_needs_a_right_recognition() -> None:
    """荀彧【严阵以待】: a wrong 指认 sets nothing off."""
    t = Table24()
    t.night(act("荀彧", "指认", "关羽", character="张飞"))
    assert not injured(t, "关羽") and not injured(t, "张飞")


@pytest.mark.skill("曹氏宗亲")
def test_caoshizongqin_makes_them_know_each_other() -> None:
    """夏侯惇【曹氏宗亲】: naming 曹操 rightly makes the two know each other."""
    t = Table24()
    t.night(act("夏侯惇", "指认", "曹操", character="曹操"))
    assert t.state.player("曹操").known.get("夏侯惇") == "夏侯惇"
    assert t.state.player("夏侯惇").known.get("曹操") == "曹操"


# ---- defences ----------------------------------------------------------------------------------------------------
@pytest.mark.skill("马跃檀溪")
def test_mayuetanxi_stops_one_general_harm_then_is_spent() -> None:
    """刘备【马跃檀溪】: a passive that stops one 武将杀伤 effect on him, once; the second (孙坚's 横扫江东, the next
    night) wounds him."""
    t = Table24()
    t.night(act("曹操", "亲冒矢石", "刘备"))
    assert not injured(t, "刘备")
    assert t.state.player("刘备").used.get("马跃檀溪") == 1
    assert "你的【马跃檀溪】已触发并消耗" in t.said("刘备")
    t.day()
    t.night(act("孙坚", "横扫江东", "刘备"))
    assert injured(t, "刘备")


@pytest.mark.skill("马跃檀溪")
def test_mayuetanxi_does_not_stop_a_stab() -> None:
    """刘备【马跃檀溪】 names 武将杀伤技能 only: a killer's 刺杀 is no skill of that attribute."""
    t = Table24()
    t.night(act("夏侯惇", "刺杀", "刘备"))
    assert t.character("刘备") == "刘禅"
    assert not t.state.player("刘备").used.get("马跃檀溪")


@pytest.mark.skill("玄门破阵", "火船冲阵")
def test_xuanmenpozhen_stops_a_strategist_harm() -> None:
    """徐庶【玄门破阵】: one 军师负面 effect on him is stopped (黄盖【火船冲阵】 is 军师负面)."""
    t = Table24()
    t.night(act("黄盖", "火船冲阵", "徐庶"))
    assert not injured(t, "徐庶")
    assert t.state.player("徐庶").used.get("玄门破阵") == 1


@pytest.mark.skill("单枪救主")
def test_danqiangjiuzhu_defends_the_own_lord() -> None:
    """赵云【单枪救主】: no target; it stops one 武将杀伤 effect on 蜀's 君主. Seed 001 「本人主动>他人主动>本人被动>
    他人被动」: 赵云's defence (他人主动) is used before 刘备's own 马跃檀溪 (本人被动), which is kept."""
    t = Table24()
    t.night(act("赵云", "单枪救主"), act("曹操", "亲冒矢石", "刘备"))
    assert not injured(t, "刘备")
    assert not t.state.player("刘备").used.get("马跃檀溪")  # the active defence was used, the passive kept


@pytest.mark.skill("浑身是胆")
def test_hunshenshidan_stops_a_stab_on_its_target() -> None:
    """赵云【浑身是胆】: one harm to the id he names is stopped, the greatest (a 刺杀 too)."""
    t = Table24()
    t.night(act("赵云", "浑身是胆", "庞统"), act("夏侯惇", "刺杀", "庞统"))
    assert t.state.player("庞统").alive and not injured(t, "庞统")
    assert entry(t, "夏侯惇", "刺杀")["state"] == "void"


# ---- actions made to fail (结算前) --------------------------------------------------------------------------------
@pytest.mark.skill("水淹七军")
def test_shuiyanqijun_makes_every_action_fail() -> None:
    """关羽【水淹七军】 (结算前): the id he names has all his actions tonight fail (曹操's 亲冒矢石 on 郭嘉)."""
    t = Table24()
    t.state.player("荀彧").used["留侯再世"] = 1  # spent: it would stop this 军师负面 effect on 魏's 君主 (R-learning-6)
    t.night(act("关羽", "水淹七军", "曹操"), act("曹操", "亲冒矢石", "郭嘉"))
    assert not injured(t, "郭嘉")
    assert entry(t, "曹操", "亲冒矢石")["state"] == "void"


@pytest.mark.skill("良苦谏言")
def test_liangkujianyan_stops_only_stabs() -> None:
    """甄姬【良苦谏言】: the id's 刺杀 tonight fails; his other actions stand."""
    t = Table24()
    t.night(act("甄姬", "良苦谏言", "关羽"), act("关羽", "刺杀", "郭嘉"))
    assert t.state.player("郭嘉").alive and t.character("郭嘉") == "郭嘉"
    assert entry(t, "关羽", "刺杀")["state"] == "void"


@pytest.mark.skill("水淹七军", "良苦谏言")
def test_before_skills_aimed_at_each_other_are_ordered_by_contest() -> None:
    """Seed 001: 「结算时优先结算没有成为结算前技能目标的角色的技能，若没有，则进行拼点，决定一个优先结算的角色」 —
    关羽【水淹七军】 on 甄姬 and 甄姬【良苦谏言】 on 关羽: neither is free; the 拼点 picks 关羽, whose use makes 甄姬's fail."""
    t = Table24().force("结算前拼点（优先结算）", "关羽")
    t.night(act("关羽", "水淹七军", "甄姬"), act("甄姬", "良苦谏言", "关羽"))
    assert entry(t, "关羽", "水淹七军")["state"] == "done"
    assert entry(t, "甄姬", "良苦谏言")["state"] == "void"
    t.check_unused()


def test_before_skills_free_actor_resolves_first() -> None:
    """Seed 001's loop: 甄姬 is a target, 关羽 is not: 关羽's 水淹七军 resolves first and 甄姬's fails, whatever
    order they were sent in (no draw)."""
    for order in (0, 1):
        t = Table24()
        uses = [act("关羽", "水淹七军", "甄姬"), act("甄姬", "良苦谏言", "张飞")]
        t.night(*(uses if order == 0 else uses[::-1]))
        assert entry(t, "甄姬", "良苦谏言")["state"] == "void"


# ---- votes -------------------------------------------------------------------------------------------------------
@pytest.mark.skill("巧言善辩")
def test_qiaoyanshanbian_takes_three_votes_off_next_day() -> None:
    """甄姬【巧言善辩】: the id she names has three votes fewer the next day."""
    t = Table24()
    t.night(act("甄姬", "巧言善辩", "庞统"))
    votes = {"曹操": "庞统", "荀彧": "庞统", "郭嘉": "庞统", "张辽": "张昭"}
    t.day(votes)
    assert not injured(t, "庞统")
    assert injured(t, "张昭")


@pytest.mark.skill("割发代首")
def test_gefadaishou_voids_the_first_vote_he_tops() -> None:
    """曹操【割发代首】: the first time he has the most votes, that vote harms no one; the next time it does."""
    t = Table24()
    t.night()
    t.day({"刘备": "曹操", "关羽": "曹操"})
    assert not injured(t, "曹操")
    t.night()
    t.day({"刘备": "曹操", "关羽": "曹操"})
    assert injured(t, "曹操")


@pytest.mark.skill("痛哭流涕")
def test_tongkuliuti_voids_the_first_vote_that_would_wound_him() -> None:
    """刘备【痛哭流涕】: the first time the vote would wound him, it does not; the next time it does."""
    t = Table24()
    t.night()
    t.day({"曹操": "刘备", "荀彧": "刘备"})
    assert not injured(t, "刘备")
    assert t.state.player("刘备").used.get("痛哭流涕") == 1
    t.night()
    t.day({"曹操": "刘备", "荀彧": "刘备"})
    assert injured(t, "刘备")


@pytest.mark.skill("义奉三朝", "勇贯三军")
def test_yifengsanchao_defends_the_wu_lord_from_a_general_harm() -> None:
    """黄盖【义奉三朝】: tonight 吴's 君主 is spared one 武将杀伤 effect (吕蒙【勇贯三军】, its half chance won), but not a
    军师负面 one (徐庶【击剑长歌】; 孙坚's own 【兵圣后裔】, which would stop one, is spent beforehand)."""
    t = Table24().force("【勇贯三军】wound 吕蒙→孙坚", True)
    t.night(act("黄盖", "义奉三朝"), act("吕蒙", "勇贯三军", "孙坚"))
    assert not injured(t, "孙坚")
    t2 = Table24()
    t2.state.player("孙坚").used["兵圣后裔"] = 1
    t2.night(act("黄盖", "义奉三朝"), act("徐庶", "击剑长歌", "孙坚"))
    assert injured(t2, "孙坚")


# ---- successors' skills (the successor enters when the judge's ``kill`` ruling ends the first character) ----------
@pytest.mark.skill("古之恶来")
def test_guzhielai_lets_dianwei_act_while_wounded() -> None:
    """典韦【古之恶来】: while wounded he may still act (a wounded 郭嘉 may not: seed 001's 受伤状态)."""
    t = Table24()
    t.night(act("孙坚", "横扫江东", "典韦"), act("黄盖", "火船冲阵", "郭嘉"))
    assert injured(t, "典韦") and injured(t, "郭嘉")
    t.day(digits=keep_wounded(t, "典韦", "郭嘉"))
    assert injured(t, "典韦") and injured(t, "郭嘉")
    assert t.game.can_act(t.state.player("典韦"))
    assert not t.game.can_act(t.state.player("郭嘉"))
    t.game.check_action(act("典韦", "宛城血战", "曹操"), [])  # accepted: he acts wounded


@pytest.mark.skill("虎痴喋血")
def test_huchidiexue_stabs_a_non_mengjiang_and_wounds_himself_on_one() -> None:
    """许褚【虎痴喋血】: a stab (no killer's) on the id; if he has 猛将, the id is unharmed and 许褚 is wounded."""
    t = Table24()
    successor(t, "典韦")
    assert t.character("典韦") == "许褚"
    t.night(act("典韦", "虎痴喋血", "郭嘉"))
    assert t.character("郭嘉") == "荀攸"  # the stab killed 郭嘉; 荀攸 plays on
    t2 = Table24()  # 虎痴喋血 is used once a game (R53): the 猛将 half on a table of its own
    successor(t2, "典韦")
    t2.night(act("典韦", "虎痴喋血", "张飞"))
    assert not injured(t2, "张飞") and injured(t2, "典韦")


@pytest.mark.skill("裸战马超")
def test_luozhanmachao_wounds_machao_recognised() -> None:
    """许褚【裸战马超】: naming 马超 rightly wounds him."""
    t = Table24()
    t.night(rulings=(Ruling("kill", "典韦"), Ruling("kill", "张飞")))
    t.day()
    assert t.character("典韦") == "许褚" and t.character("张飞") == "马超"
    t.night(act("典韦", "指认", "张飞", character="马超"))
    assert injured(t, "张飞")


@pytest.mark.skill("力开两石")
def test_likailiangshi_wounds() -> None:
    """黄忠【力开两石】: one id is wounded."""
    t = Table24()
    successor(t, "关羽")
    assert t.character("关羽") == "黄忠"
    t.night(act("关羽", "力开两石", "郭嘉"))
    assert injured(t, "郭嘉")


@pytest.mark.skill("坚壁清野", "亚夫之风")
def test_jianbiqingye_defends_one_who_is_no_lord_and_yafuzhifeng_stops_a_strategist_harm() -> None:
    """徐晃【坚壁清野】: one 武将杀伤 or 军师负面 effect on the id is stopped, unless the id is a 君主;
    【亚夫之风】: one 军师负面 effect on 徐晃 is stopped, once."""
    t = Table24()
    successor(t, "张辽", "徐晃")
    t.night(act("张辽", "坚壁清野", "郭嘉"), act("孙坚", "横扫江东", "郭嘉"), act("黄盖", "火船冲阵", "张辽"))
    assert not injured(t, "郭嘉")
    assert not injured(t, "张辽") and t.state.player("张辽").used.get("亚夫之风") == 1
    t2 = Table24()  # 坚壁清野 is used once a game (R53): the 君主 half on a table of its own
    successor(t2, "张辽", "徐晃")
    t2.state.player("曹操").used["割须弃袍"] = 1  # his own 割须弃袍 spent: only 坚壁清野 could stop 乱世枭雄
    t2.night(act("张辽", "坚壁清野", "曹操"), act("刘备", "乱世枭雄", "曹操"),
             answers=[{"actor": "典韦", "skill": "挺身护驾", "answer": "不护驾"}])
    assert injured(t2, "曹操")


@pytest.mark.skill("五常之最")
def test_wuchangzhizui_defends_one_who_is_no_lord() -> None:
    """马良【五常之最】: as 坚壁清野 — one 武将杀伤 or 军师负面 effect stopped, for an id who is no 君主."""
    t = Table24()
    successor(t, "徐庶", "马良")
    t.night(act("徐庶", "五常之最", "郭嘉"), act("黄盖", "火船冲阵", "郭嘉"))
    assert not injured(t, "郭嘉")


@pytest.mark.skill("火烧博望")
def test_huoshaobowang_wounds_xiahoudun_and_ends_huoshaoxinye() -> None:
    """卧龙【火烧博望】: naming 夏侯惇 rightly wounds him, and 卧龙 loses 【火烧新野】."""
    t = Table24()
    successor(t, "徐庶", "卧龙")
    t.night(act("徐庶", "指认", "夏侯惇", character="夏侯惇"))
    assert injured(t, "夏侯惇")
    assert "火烧新野" not in t.state.player("徐庶").skills


@pytest.mark.skill("力排众议")
def test_lipaizhongyi_voids_every_vote_of_the_next_day_once() -> None:
    """卧龙【力排众议】: used one night, every vote of the next day is void (nobody is harmed); once a game."""
    t = Table24()
    successor(t, "徐庶", "卧龙")
    t.night(act("徐庶", "力排众议"))
    t.day({"刘备": "曹操", "关羽": "曹操", "张飞": "郭嘉"})
    assert not injured(t, "曹操")
    from tianting.core.errors import IllegalAction

    with pytest.raises(IllegalAction, match="只能使用一次"):
        t.game.check_action(act("徐庶", "力排众议"), [])


@pytest.mark.skill("踏营陷阵")
def test_tayingxianzhen_wounds_a_killer_or_guard_only() -> None:
    """魏延【踏营陷阵】: the id is wounded if a 杀手 or 护卫."""
    t = Table24()
    successor(t, "赵云", "魏延")
    t.night(act("赵云", "踏营陷阵", "夏侯惇"))
    assert injured(t, "夏侯惇")
    t2 = Table24()  # 踏营陷阵 is used once a game (R53): the 军师 on a table of its own
    successor(t2, "赵云", "魏延")
    t2.night(act("赵云", "踏营陷阵", "郭嘉"))
    assert not injured(t2, "郭嘉")


@pytest.mark.skill("浪里擒将", "力排众议")
def test_langliqinjiang_voids_all_and_a_voided_limited_use_is_spent() -> None:
    """周泰【浪里擒将】 (结算前): every action of the id fails; seed 001: a failed use counts as used
    (「失败的主动技能不可再用……理解为当前该次使用不可再用」) — 卧龙's once-a-game 力排众议 is gone."""
    t = Table24()
    t.night(rulings=(Ruling("kill", "黄盖"), Ruling("kill", "徐庶")),
            answers=[{"actor": "黄盖", "skill": "继任", "answer": "周泰"}, {"actor": "徐庶", "skill": "继任", "answer": "卧龙"}])
    t.day()
    t.state.player("徐庶").used["玄门破阵"] = 1  # spent: 卧龙 inherits 徐庶's (R-inherit-2), it would stop 浪里擒将
    t.night(act("黄盖", "浪里擒将", "徐庶"), act("徐庶", "力排众议"))
    assert entry(t, "徐庶", "力排众议")["state"] == "void"
    assert t.state.player("徐庶").used.get("力排众议") == 1


@pytest.mark.skill("江东铁壁")
def test_jiangdongtiebi_stops_one_general_harm() -> None:
    """徐盛【江东铁壁】: the greatest 武将杀伤 harm to the id is stopped."""
    t = Table24()
    successor(t, "黄盖", "徐盛")
    t.night(act("黄盖", "江东铁壁", "郭嘉"), act("孙坚", "横扫江东", "郭嘉"))
    assert not injured(t, "郭嘉")


@pytest.mark.skill("木牛流马")
def test_muniuliuma_heals_a_wounded_at_once() -> None:
    """黄月英【木牛流马】 (立刻生效): a wounded id is healed."""
    t = Table24()
    t.night(act("孙坚", "横扫江东", "郭嘉"), rulings=(Ruling("kill", "糜氏"),))
    t.day(digits=keep_wounded(t, "郭嘉"))
    assert injured(t, "郭嘉") and t.character("糜氏") == "黄月英"
    t.night(act("糜氏", "木牛流马", "郭嘉"))
    assert t.state.player("郭嘉").status is Status.ALIVE


# ---- the pack, the texts, games of before --------------------------------------------------------------------------
def test_a_bad_effect_is_refused_naming_character_skill_and_field() -> None:
    data = {"format": "tianting-sg24-pack/2", "characters": [
        {"name": "甲", "country": "魏", "identity": "君主", "skills": [
            {"name": "乙", "kind": "active", "effect": {"do": [{"verb": "explode"}]}}]}]}
    with pytest.raises(PackError) as err:
        parse_pack(data)
    assert "「甲」【乙】.effect.do[0].verb" in str(err.value)


def test_an_effect_needs_format_2() -> None:
    data = {"format": "tianting-sg24-pack/1", "characters": [
        {"name": "甲", "country": "魏", "identity": "君主", "skills": [
            {"name": "乙", "kind": "active", "effect": {"do": [{"verb": "wound"}]}}]}]}
    with pytest.raises(PackError, match="tianting-sg24-pack/2"):
        parse_pack(data)


@pytest.mark.parametrize("raw, field", [
    ({"trigger": "recognised", "do": [{"verb": "wound"}]}, "of"),
    ({"do": [{"verb": "defend", "against": ["飞行"]}]}, "do[0].against"),
    ({"do": [{"verb": "wound"}], "chance": 2}, "chance"),
    ({"do": [{"verb": "wound", "who": "everyone"}]}, "do[0].who"),
    ({"do": []}, "do"),
    ({"code": ""}, "code"),
])
def test_effect_fields_are_checked(raw: dict[str, Any], field: str) -> None:
    with pytest.raises(EffectError) as err:
        parse_effect(raw, "「甲」【乙】", "passive" if "trigger" in raw else "active")
    assert f"「甲」【乙】.effect.{field}：" in str(err.value)


def test_every_declared_skill_has_a_generated_text() -> None:
    pack = default_pack()
    declared = [(c.name, s) for c in pack.characters.values() for s in c.skills
                if s.effect is not None and not isinstance(s.effect, Judged)]  # a judge entry gives its reason
    assert len(declared) >= 19
    for _, s in declared:
        text = describe(s.effect, s.kind, s.attribute, s.timing)
        assert text.startswith("主动技能" if s.kind == "active" else "被动技能") and "。" in text


def test_a_game_of_before_leaves_every_skill_to_the_judge() -> None:
    """A hosted game created before packs had effects keeps every skill the judge's (its past replays)."""
    t = Table24()
    t.state.extra[pack_edition.STATE_KEY] = pack_edition.FIRST
    r = t.night(act("曹操", "亲冒矢石", "郭嘉"))
    assert not injured(t, "郭嘉")
    assert any("亲冒矢石" in w for w in r.warnings)
    assert entry(t, "曹操", "亲冒矢石")["state"] == "pending"


@pytest.mark.parametrize("rules", ["sg24", "dingli2"])
def test_every_declared_skill_is_pinned_by_a_scenario_test(rules: str) -> None:
    """Issue 31: 「Every pack skill pinned by at least one scenario test」 — each skill the engine resolves."""
    from tianting.coverage import coverage

    rows = [r for r in coverage(rules) if r["character"] and r.get("resolved_by") == "engine"]
    assert rows
    assert [f"{r['character']}【{r['skill']}】" for r in rows if not r["tests"]] == []


# ---- bespoke code -------------------------------------------------------------------------------------------------
@pytest.mark.skill("驱虎吞狼")
def test_quhutunlang_turns_a_countrys_stab_on_the_id_named() -> None:
    """荀彧【驱虎吞狼】 (bespoke): naming 蜀 and 孙坚, 蜀's killer 关羽's stab on 郭嘉 falls on 孙坚 (not of 关羽's
    country), who dies and 孙策 plays on; 郭嘉 is untouched and 关羽 is not told. Once a game."""
    t = Table24()
    t.night(act("荀彧", "驱虎吞狼", "孙坚", country="蜀"), act("关羽", "刺杀", "郭嘉"))
    assert t.character("郭嘉") == "郭嘉" and not injured(t, "郭嘉")
    assert t.character("孙坚") == "孙策"
    assert not any("驱虎吞狼" in f for f in t.said("关羽"))
    from tianting.core.errors import IllegalAction

    t.day()
    with pytest.raises(IllegalAction, match="只能使用一次"):
        t.game.check_action(act("荀彧", "驱虎吞狼", "孙坚", country="蜀"), [])


@pytest.mark.skill("驱虎吞狼")
def test_quhutunlang_on_the_killers_own_country_is_spent_for_nothing() -> None:
    """荀彧【驱虎吞狼】: an id of the killer's own country, or a country that sends no stab: spent, no effect."""
    t = Table24()
    t.night(act("荀彧", "驱虎吞狼", "刘备", country="蜀"), act("关羽", "刺杀", "郭嘉"))
    assert t.character("郭嘉") == "荀攸"  # the stab stayed on 郭嘉
    assert entry(t, "荀彧", "驱虎吞狼")["state"] == "failed"
    assert t.state.player("荀彧").used.get("驱虎吞狼") == 1
    t2 = Table24()
    t2.night(act("荀彧", "驱虎吞狼", "孙坚", country="吴"))
    assert entry(t2, "荀彧", "驱虎吞狼")["state"] == "failed"


def test_a_pack_naming_unregistered_code_is_refused() -> None:
    data = {"format": "tianting-sg24-pack/2", "characters": [
        {"name": "甲", "country": "魏", "identity": "君主", "skills": [
            {"name": "乙", "kind": "active", "effect": {"code": "无此程式"}}]}]}
    with pytest.raises(PackError, match="未注册的专门程式「无此程式」"):
        parse_pack(data)


# ---- 成功率减半 ----------------------------------------------------------------------------------------------------
@pytest.mark.skill("威震逍遥津")
def test_weizhenxiaoyaojin_halves_every_wu_action_and_says_its_line() -> None:
    """张辽【威震逍遥津】 (全局): tonight every action of a 吴 character goes off with half chance; the post says
    「张文远威震逍遥津」 (the 8.1 line), not the generic 「【威震逍遥津】发动」. 孙坚's 横扫江东 loses its draw and fails;
    黄盖's 火船冲阵 wins and lands."""
    t = Table24().force("成功率减半 孙坚【横扫江东】", False).force("成功率减半 黄盖【火船冲阵】", True)
    r = t.night(act("张辽", "威震逍遥津"), act("孙坚", "横扫江东", "郭嘉"), act("黄盖", "火船冲阵", "荀彧"),
                act("刘备", "乱世枭雄", "甄姬"))
    assert not injured(t, "郭嘉") and injured(t, "荀彧") and injured(t, "甄姬")  # 刘备 is 蜀: no draw
    assert entry(t, "孙坚", "横扫江东")["state"] == "failed"
    assert "张文远威震逍遥津" in r.announcement["text"] and "【威震逍遥津】发动" not in r.announcement["text"]
    t.check_unused()


@pytest.mark.skill("智算汉中")
def test_zhisuanhanzhong_halves_wei_killers_and_guards_but_not_stabs() -> None:
    """法正【智算汉中】 (结算前): tonight the 魏 杀手 and 护卫 act with half chance, their stabs excepted (「不影响杀手刺杀
    及依赖于刺杀发动的技能」): 典韦 (护卫)'s 宛城血战 loses its draw and fails; 夏侯惇's 刺杀 draws nothing."""
    t = Table24()
    t.night(rulings=(Ruling("kill", "庞统"),))
    t.day()
    assert t.character("庞统") == "法正"
    t.force("成功率减半 典韦【宛城血战】", False)
    t.night(act("庞统", "智算汉中"), act("典韦", "宛城血战", "曹操"), act("夏侯惇", "刺杀", "孙坚"))
    assert entry(t, "典韦", "宛城血战")["state"] == "failed"
    assert entry(t, "夏侯惇", "刺杀")["state"] == "done"
    t.check_unused()


@pytest.mark.skill("截烧粮草", "亲冒矢石")
def test_jieshaoliangcao_fails_general_harm_skills_and_halves_a_killers_stab() -> None:
    """徐晃【截烧粮草】 (结算前): the id's 武将杀伤 skills fail tonight (曹操's 亲冒矢石); a 杀手's stab goes off with half
    chance (关羽's, losing its draw)."""
    t = Table24()
    successor(t, "张辽", "徐晃")
    t.state.player("荀彧").used["留侯再世"] = 1  # spent: it would stop this 军师负面 effect on 魏's 君主 (R-learning-6)
    t.night(act("张辽", "截烧粮草", "曹操"), act("曹操", "亲冒矢石", "郭嘉"))
    assert not injured(t, "郭嘉") and entry(t, "曹操", "亲冒矢石")["state"] == "void"
    t2 = Table24()  # 截烧粮草 is used once a game (R53): the killer's half on a table of its own
    successor(t2, "张辽", "徐晃")
    t2.force("成功率减半 关羽【刺杀】", False)
    t2.night(act("张辽", "截烧粮草", "关羽"), act("关羽", "刺杀", "甄姬"))
    assert t2.character("甄姬") == "甄姬" and entry(t2, "关羽", "刺杀")["state"] == "failed"
    t2.check_unused()


@pytest.mark.skill("濡须破敌")
def test_ruxupodi_halves_the_guards_and_ladies_of_the_ids_country() -> None:
    """徐盛【濡须破敌】 (结算前): the 护卫 and 女眷 of the named id's country act with half chance tonight (魏: 典韦,
    甄姬); 甄姬's 巧言善辩 loses its draw and fails; 魏's 君主 曹操 draws nothing."""
    t = Table24()
    successor(t, "黄盖", "徐盛")
    t.state.player("荀彧").used["留侯再世"] = 1  # spent: it would stop this 军师负面 effect on 魏's 君主 (R-learning-6)
    t.force("成功率减半 甄姬【巧言善辩】", False)
    t.night(act("黄盖", "濡须破敌", "曹操"), act("甄姬", "巧言善辩", "刘备"), act("曹操", "亲冒矢石", "郭嘉"))
    assert entry(t, "甄姬", "巧言善辩")["state"] == "failed"
    assert injured(t, "郭嘉")
    t.check_unused()


# ---- 指认 triggers that recognise, remove, spend; immunities; conditions on the game -----------------------------
def table_with(edit: Any) -> Table24:
    """A table played with the bundled pack as ``edit(data)`` changes it (a judge's own pack)."""
    from tianting.rules.sg24 import SeatSpec, SG24Game, seats
    from tianting.rules.sg24.pack import bundled_data

    data = bundled_data("tianting.rules.sg24")
    edit(data)
    t = Table24()
    t.game = SG24Game.create([SeatSpec(ch, c, i, ch) for c, i, ch in seats()], 1, parse_pack(data))
    return t


@pytest.mark.skill("桃园结义")
def test_taoyuanjieyi_makes_liubei_know_both_brothers() -> None:
    """刘备【桃园结义】: naming 关羽 (or 张飞) rightly, he and both of them know each other."""
    t = Table24()
    t.night(act("刘备", "指认", "关羽", character="关羽"))
    assert t.game.mutual("刘备", "关羽") and t.game.mutual("刘备", "张飞")


@pytest.mark.skill("三顾茅庐")
def test_sangumaolu_makes_liubei_and_wolong_know_each_other() -> None:
    """刘备【三顾茅庐】: naming 卧龙 (or 诸葛亮) rightly, the two know each other."""
    t = Table24()
    successor(t, "徐庶", "卧龙")
    t.night(act("刘备", "指认", "徐庶", character="卧龙"))
    assert t.game.mutual("刘备", "徐庶")


@pytest.mark.skill("料事如神")
def test_liaoshirushen_removes_sunce_as_the_next_night_begins() -> None:
    """郭嘉【料事如神】: naming 孙策 rightly, 孙策 leaves the game as the next night begins (the 8.1 釋疑: counted with
    that night's dead, with last words). The pack here gives 郭嘉 an allowance for 孙策 (the bundled one leaves that
    conditional allowance to the judge)."""
    def allow(data: dict[str, Any]) -> None:
        guo = next(c for c in data["characters"] if c["name"] == "郭嘉")
        guo["recognition"].append({"kind": "character", "count": 1, "of": ["孙策"], "feedback": False})

    t = table_with(allow)
    successor(t, "孙坚")
    assert t.character("孙坚") == "孙策"
    t.night(act("郭嘉", "指认", "孙坚", character="孙策"))
    assert t.state.player("孙坚").alive  # not yet
    t.day()
    r = t.night(act("孙坚", "结纳豪俊"), answers=[{"actor": "徐庶", "skill": "继任", "answer": "马良"}],
                last_words={"孙坚": "再见"})
    assert not t.state.player("孙坚").alive and "孙坚" in r.announcement["died"]
    assert r.announcement["last_words"] == {"孙坚": "再见"}
    assert entry(t, "孙坚", "结纳豪俊")["state"] == "failed"  # his action that night was not his to send


@pytest.mark.skill("乐不思蜀")
def test_lebusishu_stabs_on_liushan_go_off_for_nothing_and_his_vote_is_void() -> None:
    """刘禅【乐不思蜀】: tonight every stab on him goes off with no effect; his vote the next day is void."""
    t = Table24()
    successor(t, "刘备")
    assert t.character("刘备") == "刘禅"
    t.night(act("刘备", "乐不思蜀"), act("夏侯惇", "刺杀", "刘备"))
    assert t.state.player("刘备").alive and t.character("刘备") == "刘禅"
    assert entry(t, "夏侯惇", "刺杀")["state"] == "void"
    t.day({"刘备": "曹操", "曹操": "郭嘉", "关羽": "郭嘉"})
    assert injured(t, "郭嘉")  # 2 votes on 郭嘉 against 0: 刘禅's on 曹操 counts for nobody
    assert not injured(t, "曹操")


@pytest.mark.skill("刮骨疗毒")
def test_guagu_liaodu_spares_guanyu_general_harm_tonight() -> None:
    """华佗【刮骨疗毒】: naming 关羽 rightly, 关羽 is untouched by 武将杀伤 skills tonight (孙坚's 横扫江东)."""
    t = Table24()
    t.night(act("华佗", "指认", "关羽", character="关羽"), act("孙坚", "横扫江东", "关羽"))
    assert not injured(t, "关羽")


@pytest.mark.skill("送图问计")
def test_songtuwenji_waits_for_huangzhong_then_fails_a_wu_id() -> None:
    """马良【送图问计】: usable once 黄忠 has come into play; then every action of a 吴 id fails tonight."""
    from tianting.core.errors import IllegalAction

    t = Table24()
    successor(t, "徐庶", "马良")
    with pytest.raises(IllegalAction, match="黄忠已登场"):
        t.game.check_action(act("徐庶", "送图问计", "孙坚"), [])
    t.night(rulings=(Ruling("kill", "关羽"),))
    t.day()
    assert t.character("关羽") == "黄忠"
    t.night(act("徐庶", "送图问计", "黄盖"), act("黄盖", "火船冲阵", "曹操"))
    assert entry(t, "黄盖", "火船冲阵")["state"] == "void" and not injured(t, "曹操")


@pytest.mark.skill("失据白水", "亚夫之风")
def test_shijubaishui_spends_yafuzhifeng_then_fails_xuhuang() -> None:
    """王平【失据白水】: naming 徐晃 rightly spends his 【亚夫之风】; once it is spent, all his actions fail that night."""
    t = Table24()
    t.night(rulings=(Ruling("kill", "赵云"), Ruling("kill", "张辽")),
            answers=[{"actor": "赵云", "skill": "继任", "answer": "王平"}, {"actor": "张辽", "skill": "继任", "answer": "徐晃"}])
    t.day()
    t.night(act("赵云", "指认", "张辽", character="徐晃"))
    assert t.state.player("张辽").used.get("亚夫之风") == 1
    t.day()
    t.night(act("赵云", "指认", "张辽", character="徐晃"), act("张辽", "坚壁清野", "荀彧"),
            answers=[{"actor": "徐庶", "skill": "继任", "answer": "马良"}])
    assert entry(t, "张辽", "坚壁清野")["state"] == "void"


@pytest.mark.skill("复仇之焰")
def test_fuchouzhiyan_spends_gexuqipao_then_removes_caocao() -> None:
    """马超【复仇之焰】: naming 曹操 rightly, 曹操's 【割须弃袍】 stops it (and is spent); once spent, 曹操 leaves the game."""
    t = Table24()
    successor(t, "张飞")
    assert t.character("张飞") == "马超"
    t.night(act("张飞", "指认", "曹操", character="曹操"))
    assert t.state.player("曹操").alive and t.state.player("曹操").used.get("割须弃袍") == 1
    t.day()
    t.night(act("张飞", "指认", "曹操", character="曹操"), answers=[{"actor": "徐庶", "skill": "继任", "answer": "马良"}])
    assert not t.state.player("曹操").alive


@pytest.mark.skill("计赚曹休", "威震逍遥津")
def test_jizhuancaoxiu_after_weizhenxiaoyaojin_wounds_a_wei_id_once() -> None:
    """陆逊【计赚曹休】: usable once 张辽's 【威震逍遥津】 has gone off; a 魏 id is wounded; once a game."""
    from tianting.core.errors import IllegalAction

    t = Table24()
    successor(t, "吕蒙")
    assert t.character("吕蒙") == "陆逊"
    with pytest.raises(IllegalAction, match="威震逍遥津】已发动过"):
        t.game.check_action(act("吕蒙", "计赚曹休", "郭嘉"), [])
    t.night(act("张辽", "威震逍遥津"))
    t.day()
    t.night(act("吕蒙", "计赚曹休", "郭嘉"), answers=[{"actor": "徐庶", "skill": "继任", "answer": "马良"}])
    assert t.character("郭嘉") == "荀攸" or injured(t, "郭嘉")


# ---- R53: an active is used once a game unless its text gives a count --------------------------------------------
@pytest.mark.skill("亲冒矢石", "水淹七军")
def test_an_active_without_a_count_is_used_once_a_game() -> None:
    """R53: 曹操【亲冒矢石】 (8.1 gives no count) used on the first night is refused on a later one, in Chinese; a use
    voided by 关羽【水淹七军】 (「令其所有行动失败」) is spent too (seed 001: 「失败的主动技能不可再用……理解为当前该次使用
    不可再用」)."""
    from tianting.core.errors import IllegalAction

    t = Table24()
    t.night(act("曹操", "亲冒矢石", "庞统"))
    assert injured(t, "庞统") and t.state.player("曹操").used.get("亲冒矢石") == 1
    t.day()
    with pytest.raises(IllegalAction, match="【亲冒矢石】只能使用一次，已经消耗"):
        t.night(act("曹操", "亲冒矢石", "糜氏"))
    t2 = without(Table24(), "留侯再世")  # 荀彧's guard of 魏's 君主 would stop 水淹七军 itself
    t2.night(act("关羽", "水淹七军", "曹操"), act("曹操", "亲冒矢石", "庞统"))
    assert not injured(t2, "庞统") and entry(t2, "曹操", "亲冒矢石")["state"] == "void"
    assert t2.state.player("曹操").used.get("亲冒矢石") == 1
    t2.day()
    with pytest.raises(IllegalAction, match="【亲冒矢石】只能使用一次，已经消耗"):
        t2.game.check_action(act("曹操", "亲冒矢石", "庞统"), [])


@pytest.mark.skill("亲冒矢石")
def test_an_active_with_a_count_is_used_that_many_times() -> None:
    """R53: an active whose text gives a count (「可使用两次」, as 8.1 gives 王平【忠勇严整】) declares it (``"limit": 2``)
    and is used that many times, then refused in Chinese; its text says so. No bundled declared active has an 8.1
    count (those that do are bespoke, 华佗【针灸奇术】 and 孔融【逆天改命】, or left to the judge), so a judge's own pack
    gives 曹操【亲冒矢石】 two uses. A count of 1 is ``once`` and a passive takes none."""
    from tianting.core.errors import IllegalAction

    def twice(data: dict[str, Any]) -> None:
        cao = next(c for c in data["characters"] if c["name"] == "曹操")
        next(s for s in cao["skills"] if s["name"] == "亲冒矢石")["effect"]["limit"] = 2

    t = table_with(twice)
    data = t.game.pack.skill("曹操", "亲冒矢石")
    assert data is not None and "令其受伤，可以使用2次。" in describe(data.effect, "active", data.attribute, data.timing)
    t.night(act("曹操", "亲冒矢石", "庞统"))
    assert injured(t, "庞统")
    t.day()
    t.night(act("曹操", "亲冒矢石", "糜氏"))
    assert injured(t, "糜氏") and t.state.player("曹操").used.get("亲冒矢石") == 2
    t.day()
    with pytest.raises(IllegalAction, match="【亲冒矢石】只能使用2次，已经用完"):
        t.game.check_action(act("曹操", "亲冒矢石", "郭嘉"), [])
    for bad, trigger, kind in ((1, "use", "active"), (0, "use", "active"), (2, "guard", "passive")):
        with pytest.raises(EffectError, match="使用次数只用于主动技能，且至少为2"):
            parse_effect({"trigger": trigger, "limit": bad, "do": [{"verb": "wound", "who": "target"}]}, "x", kind)


@pytest.mark.skill("固守广陵", "针灸奇术", "水淹七军")
def test_a_bespoke_active_without_a_count_is_used_once_a_game() -> None:
    """R53 for a skill of bespoke code: 陈登【固守广陵】 (8.1 gives no count) is used once a game, refused on a later
    night in Chinese; a use voided by 关羽【水淹七军】 is spent too. 华佗【针灸奇术】 (「可使用三次」) declares its
    count: a voided use spends one of the three (seed 001: 「对多次使用的技能来说，意味着消耗一次使用次数」)."""
    from tianting.core.errors import IllegalAction

    t = Table24()
    t.night(act("陈登", "固守广陵", "庞统", country="魏"))
    assert t.state.player("陈登").used.get("固守广陵") == 1
    t.day()
    with pytest.raises(IllegalAction, match="【固守广陵】只能使用一次，已经消耗"):
        t.night(act("陈登", "固守广陵", "庞统", country="魏"))
    t2 = Table24()
    t2.night(act("关羽", "水淹七军", "陈登"), act("陈登", "固守广陵", "庞统", country="魏"),
             act("曹操", "亲冒矢石", "庞统"))
    assert entry(t2, "陈登", "固守广陵")["state"] == "void" and injured(t2, "庞统")
    assert t2.state.player("陈登").used.get("固守广陵") == 1
    t2.day()
    with pytest.raises(IllegalAction, match="【固守广陵】只能使用一次，已经消耗"):
        t2.game.check_action(act("陈登", "固守广陵", "庞统", country="魏"), [])
    t3 = Table24()
    t3.night(act("关羽", "水淹七军", "华佗"), act("华佗", "针灸奇术", "庞统"))
    assert entry(t3, "华佗", "针灸奇术")["state"] == "void" and t3.state.player("华佗").used.get("针灸奇术") == 1
    t3.day()
    t3.game.check_action(act("华佗", "针灸奇术", "庞统"), [])  # two uses left
