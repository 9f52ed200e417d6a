"""鼎立三分2.0's own 吴 characters (issue 31): the skills the engine resolves from their declarations
(src/tianting/rules/dingli2/data/effects/dlwu.json), each test stating the 8.1 fact in our words; rulings
R-dlwu-* in docs/rulings/packs-dlwu.md."""

from __future__ import annotations

import pytest

from tests.declared_steps import injured, without
from tianting.core.errors import IllegalAction
from tianting.core.records import PhaseResult
from tianting.core.state import Status

from .table import Table, act, force_deal, rule

ALLIED = {"吴蜀联盟达成", "蜀吴联盟达成"}
"""The post's line for the alliance (the countries in the order declared, or in 魏蜀吴 order)."""


def states(t: Table) -> dict[tuple[str, str], str]:
    return {(e["actor"], e["skill"]): e["state"] for e in t.state.history[-1]["actions"]}


def judged(r: PhaseResult, skill: str) -> bool:
    """Whether the night's warnings still ask the judge to rule a use of ``skill``."""
    return any(skill in w for w in r.warnings if w.startswith("请天庭裁定"))


def sunshangxiang_table() -> Table:
    """A table where 小乔 has died and 孙尚香 plays on (小乔's one successor)."""
    t = Table()
    t.night(rulings=(rule("kill", "小乔"),))
    t.day()
    assert t.character("小乔") == "孙尚香"
    return t


@pytest.mark.skill("将门虎女")
def test_jiangmenhunv_wounds_one_without_mengjiang_but_no_lord() -> None:
    """孙尚香【将门虎女】: the id named is wounded unless he has the 猛将 evaluation; on a 君主 it does nothing."""
    t = sunshangxiang_table()
    without(t, "曹魏谋主")
    r = t.night(act("小乔", "将门虎女", "郭嘉"))
    assert injured(t, "郭嘉") and not judged(r, "将门虎女")
    t2 = sunshangxiang_table()
    without(t2, "曹魏谋主")
    t2.night(act("小乔", "将门虎女", "张辽"))  # 张辽 is a 猛将
    assert not injured(t2, "张辽") and states(t2)[("小乔", "将门虎女")] == "failed"
    t3 = sunshangxiang_table()
    without(t3, "曹魏谋主")
    t3.night(act("小乔", "将门虎女", "曹操"))  # a 君主 (no 猛将): still nothing
    assert not injured(t3, "曹操") and states(t3)[("小乔", "将门虎女")] == "failed"


@pytest.mark.skill("秀色可餐")
def test_xiusecancan_stops_one_wu_jiang_harm_once() -> None:
    """小乔【秀色可餐】: the first 武将杀伤 effect on her is stopped, once a game (曹操's 亲冒矢石, then 孙坚's 横扫江东:
    the second wounds her); she is told the skill went off and is spent."""
    t = Table()
    t.night(act("曹操", "亲冒矢石", "小乔"))
    assert not injured(t, "小乔") and t.state.player("小乔").used.get("秀色可餐") == 1
    assert "你的【秀色可餐】已触发并消耗" in t.said("小乔")
    t.day()
    t.night(act("孙坚", "横扫江东", "小乔"))
    assert injured(t, "小乔")


@pytest.mark.skill("琴书雅韵")
def test_qinshuyayun_stops_one_negative_skill_once() -> None:
    """周瑜【琴书雅韵】: the first 军师负面 effect on him is stopped, once a game (黄盖's 火船冲阵, a 军师负面 wound,
    then 徐庶's 击剑长歌, another: the second wounds him); a 武将杀伤 effect is not stopped (曹操's 亲冒矢石)."""
    t = Table()
    t.night(act("黄盖", "火船冲阵", "周瑜"))
    assert not injured(t, "周瑜") and "你的【琴书雅韵】已触发并消耗" in t.said("周瑜")
    t.day()
    t.night(act("徐庶", "击剑长歌", "周瑜"))
    assert injured(t, "周瑜")
    t2 = Table()
    t2.night(act("曹操", "亲冒矢石", "周瑜"))
    assert injured(t2, "周瑜") and not t2.state.player("周瑜").used.get("琴书雅韵")


@pytest.mark.skill("诱以美色")
def test_youyimeise_makes_every_action_fail_but_the_stab() -> None:
    """周瑜【诱以美色】 (军师负面, 结算前): every action of the id that night fails — 曹操's 亲冒矢石 never lands —
    but a killer's stab is untouched (张辽's stab on 庞统 still kills him: 法正 plays on)."""
    t = Table()
    r = t.night(act("周瑜", "诱以美色", "曹操"), act("曹操", "亲冒矢石", "郭嘉"))
    assert not injured(t, "郭嘉") and states(t)[("曹操", "亲冒矢石")] == "void"
    assert not judged(r, "诱以美色")
    t2 = Table()
    t2.night(act("周瑜", "诱以美色", "张辽"), act("张辽", "刺杀", "庞统"))
    assert t2.character("庞统") == "法正"  # stabbed to death: his successor plays on
    assert states(t2)[("张辽", "刺杀")] != "void"


@pytest.mark.skill("雄才大略")
def test_xiongcaidalue_recognises_and_allies_wu_and_shu() -> None:
    """周瑜【雄才大略】: when his 指认 names 庞统 (or 诸葛亮) rightly, the two know each other and the 吴蜀 alliance
    is made (the night's post says so, R-dlwu-2); a wrong 指认 does nothing."""
    t = Table()
    r = t.night(act("周瑜", "指认", "庞统", character="庞统"))
    assert ALLIED & set(r.announcement["events"])
    assert t.state.extra["alliances"]["蜀吴"] == 3  # made on night 1, two days and nights (R-dlwu-2)
    assert t.state.player("庞统").known["周瑜"] == "周瑜" and t.state.player("周瑜").known["庞统"] == "庞统"
    t2 = Table()
    r2 = t2.night(act("周瑜", "指认", "徐庶", character="庞统"))
    assert not ALLIED & set(r2.announcement["events"]) and not t2.state.extra.get("alliances")


@pytest.mark.skill("义释苏飞", "雄才大略")
def test_yishisufei_voids_ganning_stab_on_own_or_allied_country() -> None:
    """甘宁【义释苏飞】: a stab of his that lands on one of his own country, or of a country allied with it, has no
    effect (黄盖 lives); on 蜀 while 吴蜀 stand apart it kills (庞统: 法正 plays on), and once 周瑜's 雄才大略 has made the 吴蜀
    alliance, his stab on a 蜀 id the next night has none (庞统 lives)."""
    t = Table()
    t.night(act("甘宁", "刺杀", "黄盖"))
    assert t.character("黄盖") == "黄盖" and t.state.player("黄盖").status is Status.ALIVE
    t2 = Table()
    t2.night(act("甘宁", "刺杀", "庞统"))
    assert t2.character("庞统") == "法正"
    t3 = Table()
    t3.night(act("周瑜", "指认", "庞统", character="庞统"))
    t3.day()
    t3.night(act("甘宁", "刺杀", "庞统"))
    assert t3.character("庞统") == "庞统" and t3.state.player("庞统").status is Status.ALIVE


@pytest.mark.skill("鼓舞士气")
def test_guwushiqi_defends_the_unwounded() -> None:
    """鲁肃【鼓舞士气】: on an id not wounded it stops one 武将杀伤 or 军师负面 effect that night (曹操's 亲冒矢石 on
    郭嘉; 黄盖's 火船冲阵 on 吕蒙), but never a stab (张辽's stab on 庞统 kills him: 法正 plays on)."""
    t = Table()
    t.night(act("鲁肃", "鼓舞士气", "郭嘉"), act("曹操", "亲冒矢石", "郭嘉"))
    assert not injured(t, "郭嘉")
    t2 = Table()
    t2.night(act("鲁肃", "鼓舞士气", "吕蒙"), act("黄盖", "火船冲阵", "吕蒙"))
    assert not injured(t2, "吕蒙")
    t3 = Table()
    t3.night(act("鲁肃", "鼓舞士气", "庞统"), act("张辽", "刺杀", "庞统"))
    assert t3.character("庞统") == "法正"


@pytest.mark.skill("鼓舞士气")
def test_guwushiqi_heals_the_wounded_first() -> None:
    """鲁肃【鼓舞士气】: 「优先治愈受伤」 — on an id already wounded it heals the wound (郭嘉, wounded on night 1 and
    still wounded after his first 伤判, is healed on night 2)."""
    t = Table()
    without(t, "曹魏谋主")
    force_deal(t, "郭嘉", 1)
    t.night(act("曹操", "亲冒矢石", "郭嘉"))
    assert injured(t, "郭嘉")
    t.day(digits={"郭嘉": 6})  # 6: still wounded
    assert injured(t, "郭嘉")
    t.night(act("鲁肃", "鼓舞士气", "郭嘉"))
    assert not injured(t, "郭嘉") and t.state.player("郭嘉").alive
    t.check_unused()


def lingtong_table() -> Table:
    """甘宁 dead (凌统 plays on), 孙坚 and 孙策 dead (孙权 the 吴 君主)."""
    t = Table()
    t.night(rulings=(rule("kill", "甘宁"), rule("kill", "孙坚")),
            answers=[{"actor": "甘宁", "skill": "继任", "answer": "凌统"}])
    t.day()
    t.night(rulings=(rule("kill", "孙坚"),))
    t.day()
    assert t.character("甘宁") == "凌统" and t.character("孙坚") == "孙权"
    return t


@pytest.mark.skill("断后突围")
def test_duanhoutuwei_stops_the_harm_on_sunquan() -> None:
    """凌统【断后突围】: that night the heaviest 武将杀伤 effect on 孙权 (the 吴 君主) is void (曹操's 亲冒矢石);
    before 孙权 has come into play the skill cannot be sent."""
    t = lingtong_table()
    t.night(act("甘宁", "断后突围"), act("曹操", "亲冒矢石", "孙坚"),
            answers=[{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}])  # 徐庶's natural death (night 3)
    assert not injured(t, "孙坚") and t.character("孙坚") == "孙权"
    t3 = lingtong_table()  # without it, the same night wounds him
    t3.night(act("曹操", "亲冒矢石", "孙坚"), answers=[{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}])
    assert injured(t3, "孙坚")
    t2 = Table()
    t2.night(rulings=(rule("kill", "甘宁"),), answers=[{"actor": "甘宁", "skill": "继任", "answer": "凌统"}])
    t2.day()
    with pytest.raises(IllegalAction):
        t2.night(act("甘宁", "断后突围"))


@pytest.mark.skill("百骑劫营")
def test_baiqijieying_guards_himself_or_a_known_countryman() -> None:
    """甘宁【百骑劫营】: that night one 武将杀伤 attack on himself, or on a 吴 player whose character he knows, is
    stopped (孙坚's 横扫江东 on 甘宁; after his 指认 has named 周瑜 rightly, 曹操's 亲冒矢石 on 周瑜); one he does not
    know is not covered (鲁肃 is wounded)."""
    t = Table()
    t.night(act("甘宁", "百骑劫营"), act("孙坚", "横扫江东", "甘宁"))
    assert not injured(t, "甘宁")
    t2 = Table()
    t2.night(act("甘宁", "指认", "周瑜", character="周瑜"))
    t2.day()
    t2.night(act("甘宁", "百骑劫营"), act("曹操", "亲冒矢石", "周瑜"))
    assert not injured(t2, "周瑜")
    t3 = Table()
    t3.night(act("甘宁", "百骑劫营"), act("曹操", "亲冒矢石", "鲁肃"))
    assert injured(t3, "鲁肃")


@pytest.mark.skill("百骑劫营")
def test_baiqijieying_draws_between_equal_harms() -> None:
    """The 8.1 list's 释疑 of 【百骑劫营】 (R-dlwu-9): when players it covers are hit equally hard, a draw picks the one
    it protects (曹操's 亲冒矢石 on 周瑜 and 刘备's 乱世枭雄 on 鲁肃, both wounds: the draw names 鲁肃, who is spared, and
    周瑜 is wounded)."""
    t = Table()
    t.night(act("甘宁", "指认", "周瑜", character="周瑜"))
    t.day()
    t.night(act("甘宁", "指认", "鲁肃", character="鲁肃"))
    t.day()
    t.force("甘宁【百骑劫营】保护", "鲁肃")
    t.night(act("甘宁", "百骑劫营"), act("曹操", "亲冒矢石", "周瑜"), act("刘备", "乱世枭雄", "鲁肃"),
            answers=[{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}])
    assert not injured(t, "鲁肃") and injured(t, "周瑜")
    t.check_unused()


def lukang_table() -> Table:
    """周瑜's id plays 陆抗 (周瑜 and 陆逊 dead, the 陆逊 line chosen)."""
    t = Table()
    t.night(rulings=(rule("kill", "周瑜"),), answers=[{"actor": "周瑜", "skill": "继任", "answer": "陆逊"}])
    t.day()
    t.night(rulings=(rule("kill", "周瑜"),))
    t.day()
    assert t.character("周瑜") == "陆抗"
    return t


@pytest.mark.skill("西陵克敌")
def test_xilingkedi_stops_a_stab_and_may_wound_the_stabber() -> None:
    """陆抗【西陵克敌】: the first 武将杀伤 effect on him (a stab included) is stopped, once a game; when it stops a
    stab, the stabber is wounded with half chance (张辽's stab: the draw wounds him; a second time, 夏侯渊's stab kills
    陆抗, the skill being spent)."""
    t = lukang_table()
    t.force("【西陵克敌】令来源受伤 周瑜→张辽", True)
    t.night(act("张辽", "刺杀", "周瑜"), answers=[{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}])
    assert t.state.player("周瑜").alive and t.character("周瑜") == "陆抗" and not injured(t, "周瑜")
    assert injured(t, "张辽") and t.state.player("周瑜").used.get("西陵克敌") == 1
    t.day()
    t.night(act("夏侯渊", "刺杀", "周瑜"))
    assert not t.state.player("周瑜").alive
    t.check_unused()


@pytest.mark.skill("西陵克敌")
def test_xilingkedi_guards_a_known_countryman_without_counter_on_a_skill() -> None:
    """陆抗【西陵克敌】: it also covers a 吴 player whose character he knows (鲁肃, once 陆抗's 指认 has named him
    rightly): 曹操's 亲冒矢石 on 鲁肃 is stopped, and no one is wounded back (it was no stab: no draw)."""
    t = lukang_table()
    t.night(act("周瑜", "指认", "鲁肃", character="鲁肃"), answers=[{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}])
    t.day()
    t.night(act("曹操", "亲冒矢石", "鲁肃"))
    assert not injured(t, "鲁肃") and not injured(t, "曹操")


@pytest.mark.skill("秣马厉兵")
def test_momalibing_lets_the_id_act_twice_the_next_night() -> None:
    """鲁肃【秣马厉兵】: the id may act twice the next night — a killer stabs twice (the 8.1 list's 释疑 of
    【驱虎吞狼】: 「受到鲁肃【秣马厉兵】等作用时，当夜可以发动两次刺杀」): 张辽's stabs on 庞统 and 吕蒙 both kill. That
    night itself, and the night after, one action only."""
    t = Table()
    t.night(act("鲁肃", "秣马厉兵", "张辽"))
    t.day()
    t.night(act("张辽", "刺杀", "庞统"), act("张辽", "刺杀", "吕蒙"))
    assert t.character("庞统") == "法正" and t.character("吕蒙") == "朱然"
    t.day()
    with pytest.raises(IllegalAction):
        t.night(act("张辽", "刺杀", "庞统"), act("张辽", "刺杀", "鲁肃"))
    t2 = Table()
    with pytest.raises(IllegalAction):
        t2.night(act("鲁肃", "秣马厉兵", "张辽"), act("张辽", "刺杀", "庞统"), act("张辽", "刺杀", "吕蒙"))


def lingtong_dies_table(*removed: str) -> Table:
    """甘宁 dead (凌统 plays on), then 凌统 dies on night 2 — his id leaves the game (no successor); ``removed``: ids
    the judge takes out of the game the same night."""
    t = Table()
    t.night(rulings=(rule("kill", "甘宁"),), answers=[{"actor": "甘宁", "skill": "继任", "answer": "凌统"}])
    t.day()
    t.night(rulings=(rule("kill", "甘宁"), *(rule("remove", pid) for pid in removed)))
    assert not t.state.player("甘宁").alive
    return t


@pytest.mark.skill("国士之风")
def test_guoshizhifeng_voids_the_next_days_votes_on_wu() -> None:
    """凌统【国士之风】: when his id leaves the game and 吴 is not alone the most numerous of the three (魏 9, 蜀 7,
    吴 6 left), every vote the next day cast for a 吴 player is void: 魏's nine votes on 周瑜 count for nothing and
    周瑜 is not wounded (a tie of single votes harms nobody)."""
    t = lingtong_dies_table()
    wei = ("曹操", "郭嘉", "程昱", "荀攸", "张辽", "夏侯惇", "夏侯渊", "典韦", "卞氏")
    r = t.day(votes={pid: "周瑜" for pid in wei})
    assert not injured(t, "周瑜") and r.announcement["voted"] is None


@pytest.mark.skill("国士之风")
def test_guoshizhifeng_not_when_wu_is_the_most_numerous() -> None:
    """凌统【国士之风】: if 吴 alone has the most living players when he leaves (four 魏 and two 蜀 ids taken out the
    same night: 魏 5, 蜀 5, 吴 6), it is not set off: 魏's votes on 周瑜 count and wound him."""
    t = lingtong_dies_table("郭嘉", "程昱", "荀攸", "夏侯惇", "徐庶", "庞统")
    voters = ("曹操", "张辽", "夏侯渊", "典韦", "卞氏")
    t.day(votes={pid: "周瑜" for pid in voters})
    assert injured(t, "周瑜")


def sunquan_table() -> Table:
    """孙坚 and 孙策 dead: 孙坚's id plays 孙权 from night 3."""
    t = Table()
    t.night(rulings=(rule("kill", "孙坚"),))
    t.day()
    t.night(rulings=(rule("kill", "孙坚"),))
    t.day()
    assert t.character("孙坚") == "孙权"
    return t


XUSHU = [{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}]
"""徐庶's natural death on night 3: his line goes on as 诸葛亮."""


@pytest.mark.skill("父兄之佑")
def test_fuxiongzhiyou_a_countrymans_check_takes_the_better_of_two_digits() -> None:
    """孙权【父兄之佑】: while he is in play, a 吴 player's 伤判 takes the better of two digits (R-dlwu-12: one sent,
    the second drawn among the other nine): 鲁肃's digit 4 would kill him, the second digit 0 heals him; the result is
    read from digit 0, so the revealed table proves it."""
    from tianting.rules.dingli2 import wounds

    t = sunquan_table()
    force_deal(t, "鲁肃", 1)
    t.night(act("曹操", "亲冒矢石", "鲁肃"), answers=XUSHU)
    assert injured(t, "鲁肃")
    t.force("父兄之佑 伤判第二个数字 鲁肃", "0")
    r = t.day(digits={"鲁肃": 4})  # 4: died; 0: healed
    assert t.state.player("鲁肃").status is Status.ALIVE and t.character("鲁肃") == "鲁肃"
    assert r.announcement["wound_checks"]["鲁肃"] == wounds.HEALED
    assert not wounds.audit(t.results)
    t.check_unused()


@pytest.mark.skill("父兄之佑")
def test_fuxiongzhiyou_sunquans_own_check_is_the_best() -> None:
    """孙权【父兄之佑】: his own 概率判定 reaches the best result — wounded, his 伤判 heals him whatever digit he sends
    (digit 4 would kill him); a 魏 player's check is not favoured (荀攸's digit 4 kills him)."""
    t = sunquan_table()
    without(t, "曹魏谋主")
    force_deal(t, "孙坚", 1)
    force_deal(t, "荀攸", 1)
    t.night(act("曹操", "亲冒矢石", "孙坚"), act("黄盖", "火船冲阵", "荀攸"), answers=XUSHU)
    assert injured(t, "孙坚") and injured(t, "荀攸")
    t.day(digits={"孙坚": 4, "荀攸": 4})
    assert t.state.player("孙坚").status is Status.ALIVE and t.character("孙坚") == "孙权"
    assert t.character("荀攸") == "陈群"  # died of his 伤判: his successor plays on
    t.check_unused()


@pytest.mark.skill("父兄之佑", "威震逍遥津")
def test_fuxiongzhiyou_a_halved_action_gets_a_second_draw() -> None:
    """孙权【父兄之佑】: a 吴 player's own action under a state of half chance (张辽's 威震逍遥津 halves 吴's actions)
    goes off if either of two draws does: 鲁肃's 鼓舞士气 loses the first and wins the second, and 荀攸 is spared."""
    t = sunquan_table()
    t.force("成功率减半 鲁肃【鼓舞士气】", False)
    t.force("成功率减半 鲁肃【鼓舞士气】（父兄之佑）", True)
    t.night(act("张辽", "威震逍遥津"), act("鲁肃", "鼓舞士气", "荀攸"), act("曹操", "亲冒矢石", "荀攸"), answers=XUSHU)
    assert not injured(t, "荀攸") and states(t)[("鲁肃", "鼓舞士气")] == "done"
    t.check_unused()


@pytest.mark.parametrize("raw, field", [
    ({"do": [{"verb": "defend", "among": "everyone"}]}, "among"),
    ({"do": [{"verb": "defend", "counter_on": ["刺杀"]}]}, "counter_on"),
    ({"do": [{"verb": "defend", "counter_chance": "1/2"}]}, "counter_chance"),
    ({"do": [{"verb": "void", "except": "刺杀"}]}, "except"),
    ({"do": [{"verb": "votes_void_on", "country": ["汉"]}]}, "country"),
])
def test_the_new_arguments_are_checked(raw: dict[str, object], field: str) -> None:
    """A pack's bad ``among`` / ``counter_on`` / ``counter_chance`` / ``except`` / ``country`` is refused with a
    message naming the field (docs/dev/packs.md)."""
    from tianting.rules.sg24.declared.schema import EffectError, parse_effect

    with pytest.raises(EffectError, match=field):
        parse_effect(raw, "「某」【某】", "active")


def test_an_exited_passive_takes_only_its_verb_and_condition() -> None:
    """``exited`` (国士之风's trigger) acts on no living owner: only ``votes_void_on``, only ``most_living``."""
    from tianting.rules.sg24.declared.schema import EffectError, parse_effect

    with pytest.raises(EffectError, match="exited"):
        parse_effect({"trigger": "exited", "do": [{"verb": "wound"}]}, "「某」【某】", "passive")
    with pytest.raises(EffectError, match="most_living"):
        parse_effect({"trigger": "exited", "if": [{"wounded": True}], "do": [{"verb": "votes_void_on", "country": ["吴"]}]},
                     "「某」【某】", "passive")
