"""The 24人 pack's skills of group weimisc the engine resolves (issue 31): 曹操【血战官渡】, 荀攸, 曹仁【南郡破敌】,
邓艾, 马良【五溪归蜀】, 黄盖【苦肉诈降】, 法正【盖棺论定】. Each test names the skill, states the 8.1 fact it rests on in
our words and, where two skills meet, the sentence that orders them. Rulings: R-weimisc-* in
docs/rulings/packs-weimisc.md.

The table is strict (tests/sg24/table24.py): every draw a test does not force and every answer it does not give
fails it; each id is the seat's starting character."""

from __future__ import annotations

import pytest

from tests.declared_steps import entry, injured, successor
from tianting.core.decisions import DecisionBook
from tianting.core.errors import IllegalAction
from tianting.core.records import Ruling

from .table24 import Table24, act


def day_with(t: Table24, *actions: object) -> object:
    """A day where nobody votes and ``actions`` are the day's uses (each checked as the script runner checks it)."""
    accepted: list = []
    for a in actions:
        t.game.check_action(a, accepted)
        accepted.append(a)
    result = t.game.resolve_day({}, DecisionBook(strict=True), (), accepted)
    t.results.append(result)
    return result


# ---- 法正 ---------------------------------------------------------------------------------------------------------
@pytest.mark.skill("盖棺论定")
def test_gaiguanlunding_tells_the_identities_of_those_out() -> None:
    """法正【盖棺论定】 (a day's use): he learns from the judge the identity of every player already out of the game,
    and nothing else (R-weimisc-1). 庞统 dies (法正 plays on in his id: that player is not out), 甄姬 and 司马朗 are
    killed: by day 法正 learns 甄姬 was a 女眷 and 司马朗 a 平民; nobody else is told. By night the skill is refused."""
    t = Table24()
    successor(t, "庞统")
    assert t.character("庞统") == "法正"
    with pytest.raises(IllegalAction, match="白天使用"):
        t.game.check_action(act("庞统", "盖棺论定"), [])
    t.night(rulings=(Ruling("kill", "甄姬"), Ruling("kill", "司马朗")))
    r = day_with(t, act("庞统", "盖棺论定"))
    told = t.said("庞统")
    assert told == ["【盖棺论定】已退出游戏的玩家身份：司马朗：平民；甄姬：女眷"], told
    assert entry(t, "庞统", "盖棺论定")["state"] == "done"
    assert not any("盖棺论定" in w for w in r.warnings)
    assert not any("盖棺论定" in f.skill for pid, fs in r.feedback.items() if pid != "庞统" for f in fs)


# ---- 邓艾 ---------------------------------------------------------------------------------------------------------
def dengai_liushan(line: str) -> Table24:
    """Night 1: 张辽, 刘备 and 徐庶 die by the judge's rulings; 邓艾, 刘禅 and ``line`` (马良 or 卧龙) play on."""
    t = Table24()
    t.night(rulings=(Ruling("kill", "张辽"), Ruling("kill", "刘备"), Ruling("kill", "徐庶")),
            answers=[{"actor": "张辽", "skill": "继任", "answer": "邓艾"},
                     {"actor": "徐庶", "skill": "继任", "answer": line}])
    t.day()
    assert (t.character("张辽"), t.character("刘备"), t.character("徐庶")) == ("邓艾", "刘禅", line)
    return t


@pytest.mark.skill("汉祚终焉")
def test_hanzuozhongyan_halves_shu_the_next_night_on_maliangs_line() -> None:
    """邓艾【汉祚终焉】: on 马良's line, naming 刘禅 rightly sets it off (the 24人 pack has no 钟会 to be asked about and
    no 诸葛亮: surely, R-weimisc-5): the post says 「邓钟二士灭汉祚」 and every 蜀 action of the next night is at half
    chance (庞统's 指认 draws and fails); on 卧龙's line it does not go off."""
    t = dengai_liushan("马良")
    r = t.night(act("张辽", "指认", "刘备", character="刘禅"), )
    assert "邓钟二士灭汉祚" in r.announcement["text"]
    assert "你的【汉祚终焉】已触发" in t.said("张辽")
    t.day()
    t.force("成功率减半 庞统【指认】", False)
    t.night(act("庞统", "指认", "关羽", character="关羽"))
    assert entry(t, "庞统", "指认")["state"] == "failed"
    t.check_unused()
    t2 = dengai_liushan("卧龙")
    r2 = t2.night(act("张辽", "指认", "刘备", character="刘禅"), )
    assert "邓钟二士灭汉祚" not in r2.announcement["text"]
    assert "你的【汉祚终焉】已触发" not in t2.said("张辽")


def dengai_table() -> Table24:
    """Night 1: 张辽 dies by the judge's ruling and 邓艾 plays on."""
    t = Table24()
    successor(t, "张辽", "邓艾")
    assert t.character("张辽") == "邓艾"
    return t


@pytest.mark.skill("长驱直入", "浑身是胆")
def test_changquzhiru_stabs_the_character_and_breaks_guards_with_the_right_id() -> None:
    """邓艾【长驱直入】: sent with his stab, naming a character: the stab lands on that character's player; when the id
    the stab carries is that player's, the 武将保护 defences on him do not meet it (R-weimisc-7). Right id: 赵云
    【浑身是胆】 on 庞统 does not stop it, 庞统 dies (法正 plays on). Wrong id (刘备): the stab still lands on 庞统, and
    the defence stops it; 刘备 is not harmed."""
    t = dengai_table()
    r = t.night(act("张辽", "刺杀", "庞统"), act("张辽", "长驱直入", character="庞统"), act("赵云", "浑身是胆", "庞统"))
    assert t.character("庞统") == "法正"
    assert entry(t, "张辽", "长驱直入")["state"] == "done"
    assert not any("长驱直入" in w for w in r.warnings)
    t2 = dengai_table()
    t2.night(act("张辽", "刺杀", "刘备"), act("张辽", "长驱直入", character="庞统"), act("赵云", "浑身是胆", "庞统"))
    assert t2.character("庞统") == "庞统" and not injured(t2, "庞统")
    assert t2.character("刘备") == "刘备" and not injured(t2, "刘备")


@pytest.mark.skill("长驱直入")
def test_changquzhiru_on_a_character_not_in_play_fails_and_the_stab_stands() -> None:
    """【长驱直入】 naming a character not in play (卧龙, before 徐庶's line is chosen) fails; the stab goes to the id it
    carries (庞统 dies). A use with no stab beside it fails; one naming no character is refused."""
    t = dengai_table()
    with pytest.raises(IllegalAction, match="角色"):
        t.game.check_action(act("张辽", "长驱直入"), [])
    t.night(act("张辽", "刺杀", "庞统"), act("张辽", "长驱直入", character="卧龙"))
    assert entry(t, "张辽", "长驱直入")["state"] == "failed"
    assert t.character("庞统") == "法正"
    t2 = dengai_table()
    t2.night(act("张辽", "长驱直入", character="庞统"))
    assert entry(t2, "张辽", "长驱直入")["state"] == "failed"
    assert t2.character("庞统") == "庞统"


# ---- 荀攸 ---------------------------------------------------------------------------------------------------------
def xunyou_table() -> Table24:
    """Night 1: 郭嘉 dies by the judge's ruling; 荀攸 plays on (荀彧 is in play already)."""
    t = Table24()
    successor(t, "郭嘉")
    assert t.character("郭嘉") == "荀攸"
    return t


@pytest.mark.skill("曹魏谋主")
def test_caoweimouzhu_stops_one_wounding_skill_on_wei() -> None:
    """荀攸【曹魏谋主】 (2): a 魏 character hit by a skill of 致伤 strength has it stopped once (R-weimisc-8): 黄盖's
    【火船冲阵】 on 甄姬 does not wound her. Two such harms on two 魏 characters the same night: one, drawn, is
    stopped (典韦), the other lands (甄姬)."""
    t = xunyou_table()
    t.night(act("黄盖", "火船冲阵", "甄姬"))
    assert not injured(t, "甄姬")
    t2 = xunyou_table()
    t2.force("【曹魏谋主】郭嘉 随机保护", "典韦←黄盖【火船冲阵】")
    t2.night(act("黄盖", "火船冲阵", "典韦"), act("吕蒙", "勇贯三军", "甄姬"))
    assert not injured(t2, "典韦") and injured(t2, "甄姬")
    t2.check_unused()


@pytest.mark.skill("曹魏谋主")
def test_caoweimouzhu_prefers_the_stab_on_a_wei_strategist_at_half_chance() -> None:
    """【曹魏谋主】 (1) first: a stab on a 魏 军师 is void with half chance, and then (2) does not go off that night
    (「同时满足两个条件时，优先触发（1）」): 关羽 stabs 荀彧 and 黄盖's 【火船冲阵】 hits 甄姬; the draw wins, 荀彧 lives, and
    甄姬 is wounded. It protects 荀攸 himself too; the draw lost, the stab kills him."""
    t = xunyou_table().force("抵御 荀彧【曹魏谋主】对刺杀", True)
    t.night(act("关羽", "刺杀", "荀彧"), act("黄盖", "火船冲阵", "甄姬"))
    assert t.state.player("荀彧").alive and not injured(t, "荀彧")
    assert injured(t, "甄姬")
    t.check_unused()
    t2 = xunyou_table().force("抵御 郭嘉【曹魏谋主】对刺杀", False)
    t2.night(act("关羽", "刺杀", "郭嘉"))
    assert not t2.state.player("郭嘉").alive
    t2.check_unused()


# ---- 黄盖, 马良: an id seen as of another country ---------------------------------------------------------------
@pytest.mark.skill("苦肉诈降", "披发涂炭")
def test_kurouzhaxiang_makes_an_id_seen_as_of_another_country_tonight() -> None:
    """黄盖【苦肉诈降】: an id of his own country is seen tonight as of the country he names, by the skills that read a
    country (R-weimisc-9; the 24人 pack has no 周瑜, so its 「认识周瑜后」 asks nothing). 太史慈 seen as 蜀 stabs 赵云:
    徐庶【披发涂炭】 (a stab by a non-蜀 killer on a 蜀 杀手/护卫) does not go off, and 太史慈 is not wounded; unseen, it
    goes off (太史慈 wounded, the stab void by its draw). An id of another country is refused."""
    t = Table24()
    with pytest.raises(IllegalAction, match="本国"):
        t.game.check_action(act("黄盖", "苦肉诈降", "赵云", country="魏"), [])
    with pytest.raises(IllegalAction, match="国籍"):
        t.game.check_action(act("黄盖", "苦肉诈降", "太史慈", country="吴"), [])
    r = t.night(act("黄盖", "苦肉诈降", "太史慈", country="蜀"), act("太史慈", "刺杀", "赵云"),
                answers=[{"actor": "赵云", "skill": "继任", "answer": "王平"}])
    assert not injured(t, "太史慈")
    assert entry(t, "黄盖", "苦肉诈降")["state"] == "done"
    assert not any("苦肉诈降" in w for w in r.warnings)
    assert "seen_as" not in t.state.extra  # tonight's only
    t2 = Table24().force("【披发涂炭】stab_void 徐庶→太史慈", True)
    t2.night(act("太史慈", "刺杀", "赵云"))
    assert injured(t2, "太史慈") and not injured(t2, "赵云")
    t2.check_unused()


@pytest.mark.skill("五溪归蜀", "临桥虎吼")
def test_wuxiguishu_makes_an_id_seen_as_of_shu_and_contests_with_kurou() -> None:
    """马良【五溪归蜀】: the id is seen as of 蜀 tonight (R-weimisc-9): 典韦 seen as 蜀, 张飞【临桥虎吼】 (the 指认 of
    non-蜀 players aimed at 蜀 fail) makes 郭嘉's 指认 of 典韦 fail. It is used once a game (R53): on a second table,
    with 黄盖【苦肉诈降】 changing the same id's country the same night, a 拼点 decides which holds; the other's use
    fails and is not spent (「无效的一方可以下次重新发动」, R-once-c2): 马良 may use it the next night."""
    t = Table24()
    t.night(rulings=(Ruling("kill", "徐庶"),), answers=[{"actor": "徐庶", "skill": "继任", "answer": "马良"}])
    with pytest.raises(IllegalAction, match="蜀国国籍"):
        t.game.check_action(act("徐庶", "五溪归蜀", "典韦", country="吴"), [])
    t.day()
    t.night(act("徐庶", "五溪归蜀", "典韦", country="蜀"), act("张飞", "临桥虎吼"),
            act("郭嘉", "指认", "典韦", character="典韦"))
    assert entry(t, "郭嘉", "指认")["state"] == "failed"
    assert entry(t, "徐庶", "五溪归蜀")["state"] == "done"
    t.day()
    with pytest.raises(IllegalAction, match="只能使用一次"):
        t.game.check_action(act("徐庶", "五溪归蜀", "太史慈", country="蜀"), [])
    t2 = Table24()
    t2.night(rulings=(Ruling("kill", "徐庶"),), answers=[{"actor": "徐庶", "skill": "继任", "answer": "马良"}])
    t2.day()
    t2.force("拼点 太史慈 的国籍（徐庶【五溪归蜀】、黄盖【苦肉诈降】）", "黄盖【苦肉诈降】")
    t2.night(act("徐庶", "五溪归蜀", "太史慈", country="蜀"), act("黄盖", "苦肉诈降", "太史慈", country="魏"))
    assert entry(t2, "黄盖", "苦肉诈降")["state"] == "done"
    assert entry(t2, "徐庶", "五溪归蜀")["state"] == "failed"
    assert not t2.state.player("徐庶").used.get("五溪归蜀")
    t2.day()
    t2.game.check_action(act("徐庶", "五溪归蜀", "典韦", country="蜀"), [])
    t2.check_unused()


@pytest.mark.skill("经达权变")
def test_jingdaquanbian_cuts_two_ids_off_from_the_others() -> None:
    """荀攸【经达权变】: two ids not of one country act and are acted on only between themselves tonight (R-weimisc-11):
    刘备 and 孙坚 cut off, 黄盖's 【火船冲阵】 on 刘备 fails and 刘备's 指认 of 关羽 fails; 孙坚's 指认 of 黄盖 (his own
    country, across the cut) fails too. Two ids of one country: the use fails and nothing is cut."""
    t = xunyou_table()
    r = t.night(act("郭嘉", "经达权变", "刘备", "孙坚"), act("黄盖", "火船冲阵", "刘备"),
                act("刘备", "指认", "关羽", character="关羽"), act("孙坚", "指认", "黄盖", character="黄盖"))
    assert entry(t, "郭嘉", "经达权变")["state"] == "done"
    assert entry(t, "黄盖", "火船冲阵")["state"] == "void" and not injured(t, "刘备")
    assert entry(t, "刘备", "指认")["state"] == "void"
    assert entry(t, "孙坚", "指认")["state"] == "void"
    assert "isolated" not in t.state.extra
    assert not any("经达权变" in w for w in r.warnings)
    t2 = xunyou_table()
    t2.night(act("郭嘉", "经达权变", "刘备", "关羽"), act("黄盖", "火船冲阵", "刘备"))
    assert entry(t2, "郭嘉", "经达权变")["state"] == "failed"
    assert injured(t2, "刘备")


@pytest.mark.skill("经达权变", "威震逍遥津")
def test_jingdaquanbian_keeps_others_states_off_the_two() -> None:
    """【经达权变】: a state of half chance made by another does not reach the two (「其他角色释放的状态技能对这2个ID无
    效」): 张辽【威震逍遥津】 halves 吴, but 吕蒙, cut off with 刘备, is not drawn for, and his 【勇贯三军】 on 刘备 (the
    other of the two) goes off (his 【马跃檀溪】 meets it); 黄盖 (吴, not cut off) is drawn for."""
    t = xunyou_table().force("成功率减半 黄盖【火船冲阵】", False)
    t.night(act("郭嘉", "经达权变", "刘备", "吕蒙"), act("张辽", "威震逍遥津"), act("吕蒙", "勇贯三军", "刘备"),
            act("黄盖", "火船冲阵", "曹操"))
    assert entry(t, "吕蒙", "勇贯三军")["state"] == "done"
    assert t.state.player("刘备").used.get("马跃檀溪") == 1
    assert entry(t, "黄盖", "火船冲阵")["state"] == "failed"
    t.check_unused()


@pytest.mark.skill("五溪归蜀", "智算汉中")
def test_wuxiguishu_as_a_commoner_keeps_a_guard_out_of_zhisuanhanzhong() -> None:
    """马良【五溪归蜀】 seeing an id as a 平民 (R-weimisc-9): 法正【智算汉中】 halves 魏's 杀手 and 护卫; 典韦 (a 护卫) seen
    as a 平民 is not drawn for: his 【宛城血战】 resolves (and finds no stab on 曹操); 张辽 (a 杀手) still is, and his
    指认 fails on the draw."""
    t = Table24()
    t.night(rulings=(Ruling("kill", "徐庶"), Ruling("kill", "庞统")),
            answers=[{"actor": "徐庶", "skill": "继任", "answer": "马良"}])
    t.day()
    assert t.character("徐庶") == "马良" and t.character("庞统") == "法正"
    t.force("成功率减半 张辽【指认】", False)
    t.night(act("徐庶", "五溪归蜀", "典韦", identity="平民"), act("庞统", "智算汉中"),
            act("典韦", "宛城血战", "曹操"), act("张辽", "指认", "太史慈", character="太史慈"))
    assert entry(t, "典韦", "宛城血战")["why"] == "曹操 当夜未受刺杀"  # not 「成功率减半」
    assert entry(t, "张辽", "指认")["state"] == "failed"
    t.check_unused()
