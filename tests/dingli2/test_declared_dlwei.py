"""鼎立三分2.0's own 魏 characters' declared skills (issue 31; the characters the 24人 pack does not have: 贾诩, 夏侯渊,
司马懿, 钟会, 张郃, 蔡琰), resolved by the engine on 鼎立's night (seed 003's order). Each test states the 8.1 fact in
our words; the table is strict (tests/dingli2/table.py): every draw not forced and every answer not given fails it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.declared_steps import entry, injured, successor, without
from tianting.core.errors import IllegalAction

from .table import Table, act, force_deal, rule


def asked_of_judge(r: Any, skill: str) -> bool:
    return any(skill in w for w in r.warnings if w.startswith("请天庭裁定"))


NIGHT3 = [{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}]
"""徐庶's natural death on night 3 (his successor chosen)."""
NIGHT4 = [{"actor": "周瑜", "skill": "继任", "answer": "陆逊"}]
"""周瑜's natural death on night 4."""


# ---- 夏侯渊 ---------------------------------------------------------------------------------------------------------
@pytest.mark.skill("曹氏宗亲")
def test_caoshizongqin_of_xiahouyuan_makes_him_and_caocao_know_each_other() -> None:
    """夏侯渊【曹氏宗亲】 (as 夏侯惇's): when his 指认 names 曹操 rightly, the two know each other."""
    t = Table()
    t.night(act("夏侯渊", "指认", "曹操", character="曹操"))
    assert t.state.player("曹操").known.get("夏侯渊") == "夏侯渊"
    assert t.state.player("夏侯渊").known.get("曹操") == "曹操"


@pytest.mark.skill("三日五百")
def test_sanriwubai_is_a_stab_of_his_own_from_the_third_night() -> None:
    """夏侯渊【三日五百】: from the third night after he comes into play (a starting character: night 3) he names one
    id for a stab of his own, beside 魏's killers' stabs; before that night the use is refused. 刘备 dies of it and
    刘禅 plays on; the use is the engine's, not the judge's."""
    t = Table()
    with pytest.raises(IllegalAction, match="第3夜起"):
        t.game.check_action(act("夏侯渊", "三日五百", "刘备"), [])
    t.quiet(2)
    r = t.night(act("夏侯渊", "三日五百", "刘备"), act("夏侯惇", "刺杀", "孙坚"), answers=NIGHT3)
    assert t.character("刘备") == "刘禅" and t.character("孙坚") != "孙坚"  # the killers' stab stands beside it
    assert entry(t, "夏侯渊", "三日五百")["state"] == "done"
    assert not asked_of_judge(r, "三日五百")


@pytest.mark.skill("三日五百")
def test_sanriwubai_is_a_killers_stab_checked_for_his_own_country() -> None:
    """夏侯渊【三日五百】: the extra stab is the killer's own (「除魏国杀手正常刺杀外……额外指定1个ID进行刺杀」), so the
    same-country rule 鼎立's killers' stabs follow (seed 001's 「刺杀到本国君主时，刺杀无效」) holds: on 曹操, 魏's 君主, it
    is void (R-dlwei-1)."""
    t = Table()
    t.quiet(2)
    t.night(act("夏侯渊", "三日五百", "曹操"), answers=NIGHT3)
    assert t.character("曹操") == "曹操" and not injured(t, "曹操")


@pytest.mark.skill("六日一千")
def test_liuriyiqian_is_a_stab_of_his_own_from_the_sixth_night() -> None:
    """夏侯渊【六日一千】: as 三日五百, from the sixth night (refused on the fifth)."""
    t = Table()
    t.quiet(2)
    t.night(answers=NIGHT3)
    t.day()
    t.night(answers=NIGHT4)
    t.day()
    with pytest.raises(IllegalAction, match="第6夜起"):
        t.game.check_action(act("夏侯渊", "六日一千", "刘备"), [])
    t.quiet(1)
    r = t.night(act("夏侯渊", "六日一千", "刘备"))
    assert t.character("刘备") == "刘禅"
    assert not asked_of_judge(r, "六日一千")


@pytest.mark.skill("虎步关右")
def test_hubuguanyou_spends_weizhenxiliang_and_voids_it_that_night() -> None:
    """夏侯渊【虎步关右】: naming 马超 rightly uses up his 威震西凉; sent the same night, that 威震西凉 fails (it is not
    listed for the judge). Named again once it is spent, his active skills that night fail — a stab is no active
    skill and stands."""
    t = Table()
    successor(t, "张飞")
    assert t.character("张飞") == "马超"
    r = t.night(act("夏侯渊", "指认", "张飞", character="马超"), act("张飞", "威震西凉"))
    assert entry(t, "张飞", "威震西凉")["state"] == "void"
    assert not asked_of_judge(r, "威震西凉")
    assert t.state.player("张飞").used.get("威震西凉")
    assert "你的【威震西凉】已被消耗" in t.said("张飞")
    t.day()
    t.night(act("夏侯渊", "指认", "张飞", character="马超"), act("张飞", "刺杀", "孙坚"), answers=NIGHT3)
    assert entry(t, "张飞", "刺杀")["state"] == "done"


# ---- 司马懿 ---------------------------------------------------------------------------------------------------------
def simayi() -> Table:
    """郭嘉 dies on night 1 (荀彧 plays on), 荀彧 on night 2 (司马懿 plays on); night 3 is next."""
    t = Table()
    successor(t, "郭嘉")
    successor(t, "郭嘉")
    assert t.character("郭嘉") == "司马懿"
    return t


@pytest.mark.skill("兵不厌诈", "水淹七军", "亲冒矢石")
def test_bingbuyanzha_makes_every_action_of_the_id_fail_before_it_resolves() -> None:
    """司马懿【兵不厌诈】 (结算前): every action of the id tonight fails. Seed 003 resolves first 「没有被干扰」 uses
    (「在结算过程中，先结算没有被干扰……的技能效果」): nobody aims at 司马懿, so his use goes first, 关羽's 水淹七军 on
    曹操 fails, and 曹操's 亲冒矢石 wounds 荀攸."""
    t = simayi()
    without(t, "曹魏谋主")
    r = t.night(act("郭嘉", "兵不厌诈", "关羽"), act("关羽", "水淹七军", "曹操"), act("曹操", "亲冒矢石", "荀攸"),
                answers=NIGHT3)
    assert entry(t, "关羽", "水淹七军")["state"] == "void"
    assert entry(t, "郭嘉", "兵不厌诈")["state"] == "done"
    assert injured(t, "荀攸")
    assert not asked_of_judge(r, "兵不厌诈")


@pytest.mark.skill("以逸待劳")
def test_yiyidailao_wounds_the_id() -> None:
    """司马懿【以逸待劳】 (军师负面, 结算时): the id is wounded, whatever his evaluations (张飞 is a 猛将); the use is the
    engine's."""
    t = simayi()
    r = t.night(act("郭嘉", "以逸待劳", "张飞"), answers=NIGHT3)
    assert injured(t, "张飞")
    assert not asked_of_judge(r, "以逸待劳")


# ---- 钟会 -----------------------------------------------------------------------------------------------------------
def zhonghui() -> Table:
    """程昱 dies on night 1 (贾诩 plays on); 贾诩's natural death on night 3 lets 钟会 play on from night 4."""
    t = Table()
    successor(t, "程昱")
    assert t.character("程昱") == "贾诩"
    t.night()
    t.day()
    t.night(answers=NIGHT3)
    t.day()
    assert t.character("程昱") == "钟会"
    return t


@pytest.mark.skill("谗言构陷", "亲冒矢石")
def test_chanyangouxian_makes_a_non_lord_fail_and_spares_a_lord() -> None:
    """钟会【谗言构陷】 (结算前): if the id is no 君主, all his actions that night fail — 关羽's 水淹七军 on 曹操 fails;
    on 刘备 (a 君主) the use fails and his 乱世枭雄 wounds 卞氏."""
    t = zhonghui()
    without(t, "曹魏谋主")
    t.night(act("程昱", "谗言构陷", "关羽"), act("关羽", "水淹七军", "曹操"), act("曹操", "亲冒矢石", "卞氏"),
            answers=NIGHT4)
    assert entry(t, "关羽", "水淹七军")["state"] == "void"
    assert injured(t, "卞氏")
    t2 = zhonghui()
    without(t2, "曹魏谋主")
    t2.night(act("程昱", "谗言构陷", "刘备"), act("刘备", "乱世枭雄", "卞氏"), answers=NIGHT4)
    assert entry(t2, "程昱", "谗言构陷")["state"] == "failed"
    assert injured(t2, "卞氏")


# ---- 蔡琰 -----------------------------------------------------------------------------------------------------------
def caiyan() -> Table:
    """卞氏 dies on night 1 and 蔡琰 plays on."""
    t = Table()
    successor(t, "卞氏", "蔡琰")
    assert t.character("卞氏") == "蔡琰"
    return t


@pytest.mark.skill("文姬归汉", "亲冒矢石")
def test_wenjiguihan_stops_one_general_harm_once() -> None:
    """蔡琰【文姬归汉】: a passive that stops one 武将杀伤 effect on her, once a game: 刘备's 乱世枭雄 is stopped and the
    passive spent (she is told); the next one (吕蒙's 勇贯三军, the next night) wounds her."""
    t = caiyan()
    without(t, "曹魏谋主")
    t.night(act("刘备", "乱世枭雄", "卞氏"))
    assert not injured(t, "卞氏")
    assert t.state.player("卞氏").used.get("文姬归汉") == 1
    assert "你的【文姬归汉】已触发并消耗" in t.said("卞氏")
    t.day()
    t.night(act("吕蒙", "勇贯三军", "卞氏"), answers=NIGHT3)
    assert injured(t, "卞氏")


@pytest.mark.skill("铜墙铁壁", "乱世枭雄", "勇贯三军", "火船冲阵")
def test_tongqiangtiebi_stops_a_general_harm_on_each_wei_strategist_every_night() -> None:
    """钟会【铜墙铁壁】: while 钟会 plays, when a 魏 军师 (钟会 too) meets a 武将杀伤 effect, one is stopped for him, every
    night, no limit: 刘备's 乱世枭雄 on 荀攸 and 吕蒙's 勇贯三军 on 钟会 are both stopped; 黄盖's 火船冲阵 (军师负面) on
    荀彧 is not covered and wounds him; the next night 荀攸 is covered again (曹操's 亲冒矢石)."""
    t = zhonghui()
    r = t.night(act("刘备", "乱世枭雄", "荀攸"), act("吕蒙", "勇贯三军", "程昱"), act("黄盖", "火船冲阵", "郭嘉"),
                answers=NIGHT4)
    assert not injured(t, "荀攸") and not injured(t, "程昱")
    assert injured(t, "郭嘉")
    assert not t.state.player("程昱").used.get("铜墙铁壁")
    assert not asked_of_judge(r, "铜墙铁壁")
    t.day()
    t.night(act("曹操", "亲冒矢石", "荀攸"))
    assert not injured(t, "荀攸")


# ---- 张郃 -----------------------------------------------------------------------------------------------------------
def zhanghe() -> Table:
    """夏侯渊 dies on night 1 and 张郃 plays on."""
    t = Table()
    successor(t, "夏侯渊")
    assert t.character("夏侯渊") == "张郃"
    return t


@pytest.mark.skill("强袭街亭", "水淹七军", "击剑长歌", "亲冒矢石")
def test_qiangxijieting_halves_shu_strategists_and_killers_but_not_stabs() -> None:
    """张郃【强袭街亭】 (结算前): if 蜀's 主军师 tonight is not 诸葛亮, 蜀's 军师 and 杀手 act with half chance, stabs (and
    the skills sent with a stab) excepted. Seed 003 resolves first what nothing interferes with (「先结算没有被干扰……
    的技能效果」): the state stands before 关羽's 水淹七军, which loses its draw and fails, so 曹操's 亲冒矢石 wounds 卞氏;
    徐庶's 击剑长歌 loses its draw; 张飞's stab is not drawn for and kills 鲁肃; 刘备 (君主) is not covered."""
    t = zhanghe()
    without(t, "曹魏谋主")
    t.force("成功率减半 关羽【水淹七军】", False).force("成功率减半 徐庶【击剑长歌】", False)
    r = t.night(act("夏侯渊", "强袭街亭"), act("关羽", "水淹七军", "曹操"), act("曹操", "亲冒矢石", "卞氏"),
                act("徐庶", "击剑长歌", "荀攸"), act("张飞", "刺杀", "鲁肃"), act("刘备", "乱世枭雄", "郭嘉"))
    t.check_unused()
    assert entry(t, "关羽", "水淹七军")["state"] == "failed"
    assert entry(t, "徐庶", "击剑长歌")["state"] == "failed"
    assert injured(t, "卞氏") and not injured(t, "荀攸") and injured(t, "郭嘉")
    assert t.character("鲁肃") != "鲁肃"
    assert not asked_of_judge(r, "强袭街亭")


@pytest.mark.skill("强袭街亭", "击剑长歌")
def test_qiangxijieting_does_nothing_while_zhugeliang_leads_shu() -> None:
    """张郃【强袭街亭】: with 诸葛亮 in play (he is then 蜀's 主军师, the chief line's only one), the use fails and
    nothing is halved: 刘备's 乱世枭雄 wounds 卞氏 with no draw."""
    t = zhanghe()
    without(t, "曹魏谋主")
    t.night()
    t.day()
    t.night(answers=NIGHT3)
    t.day()
    assert t.character("徐庶") == "诸葛亮"
    t.night(act("夏侯渊", "强袭街亭"), act("刘备", "乱世枭雄", "卞氏"), answers=NIGHT4)
    assert entry(t, "夏侯渊", "强袭街亭")["state"] == "failed"
    assert injured(t, "卞氏")


@pytest.mark.skill("胡笳十八拍")
def test_hujiashibapai_lets_a_wei_id_know_her_and_tells_her_nothing() -> None:
    """蔡琰【胡笳十八拍】: on a 魏 id, he comes to know her (her id and character; she does not know him); on anyone
    else, nobody learns anything. Either way she is told nothing of what came of it."""
    t = caiyan()
    t.night(act("卞氏", "胡笳十八拍", "夏侯惇"))
    assert t.state.player("夏侯惇").known.get("卞氏") == "蔡琰"
    assert "夏侯惇" not in t.state.player("卞氏").known
    assert "卞氏的角色是蔡琰" in t.said("夏侯惇")
    assert t.said("卞氏") == []
    t2 = caiyan()  # 胡笳十八拍 is used once a game (R53): the id of another country on a table of its own
    t2.night(act("卞氏", "胡笳十八拍", "关羽"))
    assert "卞氏" not in t2.state.player("关羽").known
    assert t2.said("关羽") == [] and t2.said("卞氏") == []


@pytest.mark.skill("悲愤诗", "乱世枭雄", "亲冒矢石")
def test_beifenshi_lessens_the_night_of_her_own_country() -> None:
    """蔡琰【悲愤诗】 (结算后; aimed at no id): for every player of her own country, the night's summed harm is one step
    lighter — seed 003's 「伤害减轻：即受伤改为状态正常，死亡改为受伤」 on 「当夜该角色受到所有伤害事件进行汇总」: 关羽's
    stab on 夏侯渊 only wounds him, 刘备's 乱世枭雄 on 曹操 does nothing; 曹操's 亲冒矢石 on 徐庶 (蜀) still wounds (夏侯渊, not
    夏侯惇, whose first stab 【拔矢啖睛】 already caps, R-revival-7)."""
    t = caiyan()
    r = t.night(act("卞氏", "悲愤诗"), act("关羽", "刺杀", "夏侯渊"), act("刘备", "乱世枭雄", "曹操"),
                act("曹操", "亲冒矢石", "徐庶"))
    assert t.character("夏侯渊") == "夏侯渊" and injured(t, "夏侯渊")
    assert not injured(t, "曹操")
    assert injured(t, "徐庶")
    assert entry(t, "卞氏", "悲愤诗")["state"] == "done"
    assert not asked_of_judge(r, "悲愤诗")


@pytest.mark.skill("悲愤诗", "水淹七军")
def test_beifenshi_made_to_fail_lessens_nothing() -> None:
    """蔡琰【悲愤诗】 made to fail by 关羽's 水淹七军 (结算前: 「令其所有行动失败」) lessens nothing: 刘备's 乱世枭雄 wounds
    曹操."""
    t = caiyan()
    without(t, "曹魏谋主")
    t.state.player("曹操").used["割须弃袍"] = 1  # spent: it would stop the wound (曹操's own standing defence)
    t.night(act("卞氏", "悲愤诗"), act("关羽", "水淹七军", "卞氏"), act("刘备", "乱世枭雄", "曹操"),
            answers=[{"actor": "典韦", "skill": "挺身护驾", "answer": "不护驾"}])
    assert entry(t, "卞氏", "悲愤诗")["state"] == "void"
    assert injured(t, "曹操")


# ---- 贾诩 -----------------------------------------------------------------------------------------------------------
@pytest.mark.skill("韬光养晦")
def test_taoguangyanghui_passes_the_wei_votes_on_the_first_time_he_tops() -> None:
    """贾诩【韬光养晦】: the first time he has the day's most votes, the 魏 players' votes for him go to the day's second
    most voted, and the vote is counted again: 贾诩 (6: four 魏, two 蜀) keeps the two 蜀 votes, 鲁肃 (3) gains the four
    and is wounded (吴 has a 君主); 贾诩 is not. Once a game: topping again, he is wounded."""
    t = Table()
    t.night(rulings=(rule("kill", "程昱"),))
    assert t.character("程昱") == "贾诩"
    votes = {v: "程昱" for v in ("夏侯惇", "夏侯渊", "张辽", "典韦", "关羽", "张飞")} | {"程昱": "鲁肃", "刘备": "鲁肃"}
    t.day(votes=votes)
    assert injured(t, "鲁肃") and not injured(t, "程昱")
    assert t.state.player("程昱").used.get("韬光养晦")
    t.night()
    force_deal(t, "鲁肃", 1)
    t.day(votes=votes, digits={"鲁肃": 9})  # 鲁肃's check: still wounded
    assert injured(t, "程昱")


@pytest.mark.skill("计赚徐庶", "乱世枭雄", "火船冲阵")
def test_jizhuanxushu_removes_xushu_and_halves_other_countries_on_wei() -> None:
    """贾诩【计赚徐庶】: naming 徐庶 rightly takes him out of the game (no successor); that night the other countries'
    武将杀伤 skills and their 军师负面 skills that harm nobody, aimed at 魏, go off with half chance; stabs are not
    touched. 刘备's 乱世枭雄 on 曹操 loses its draw; 黄盖's 火船冲阵 on 荀攸 wounds (it harms: not halved, no draw);
    关羽's stab on 夏侯渊 is not drawn for (夏侯渊, not 夏侯惇, whose first stab 【拔矢啖睛】 caps, R-revival-7)."""
    t = Table()
    without(t, "曹魏谋主")
    successor(t, "程昱")
    t.force("成功率减半 刘备【乱世枭雄】", False)
    r = t.night(act("程昱", "指认", "徐庶", character="徐庶"), act("刘备", "乱世枭雄", "曹操"),
                act("黄盖", "火船冲阵", "荀攸"), act("关羽", "刺杀", "夏侯渊"))
    t.check_unused()
    assert not t.state.player("徐庶").alive
    assert entry(t, "刘备", "乱世枭雄")["state"] == "failed"
    assert not injured(t, "曹操") and injured(t, "荀攸")
    assert t.character("夏侯渊") == "张郃"  # the stab killed 夏侯渊
    assert not asked_of_judge(r, "计赚徐庶")


@pytest.mark.skill("虚虚实实", "曹氏宗亲")
def test_xuxushishi_answers_the_ids_recognitions_wrongly_but_passives_still_go_off() -> None:
    """贾诩【虚虚实实】 (军师负面, 结算时, before the 指认 are answered): the id's 指认 that night are answered wrongly —
    夏侯惇 naming 贾诩 rightly is told he is wrong, and does not come to know him (R-dlwei-10); the passives a right
    指认 sets off are not touched: 夏侯渊, misled, is told 曹操 is not 曹操, yet his 曹氏宗亲 makes them know each
    other."""
    t = Table()
    successor(t, "程昱")
    t.night(act("程昱", "虚虚实实", "夏侯惇"), act("夏侯惇", "指认", "程昱", character="贾诩"))
    assert "程昱 不是贾诩" in t.said("夏侯惇")
    assert "程昱" not in t.state.player("夏侯惇").known
    t2 = Table()
    successor(t2, "程昱")
    t2.night(act("程昱", "虚虚实实", "夏侯渊"), act("夏侯渊", "指认", "曹操", character="曹操"))
    assert "曹操 不是曹操" in t2.said("夏侯渊")
    assert t2.state.player("曹操").known.get("夏侯渊") == "夏侯渊"
    assert t2.state.player("夏侯渊").known.get("曹操") == "曹操"
    t3 = Table()
    successor(t3, "程昱")
    t3.night(act("程昱", "虚虚实实", "典韦"), act("典韦", "指认", "张飞", evaluation="猛将"))
    assert "张飞不是猛将" in t3.said("典韦")  # an evaluation 指认: 是 and 否 swapped
