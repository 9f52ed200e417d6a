"""The 24人 pack's skills of lasting states the engine resolves (issue 31): 卧龙【武侯八阵】 and 曹仁【八门金锁】's trap,
each test citing the 8.1 fact in our words. Rulings: R-lianhuan-* in docs/rulings/packs-lianhuan.md.

The table is strict (tests/sg24/table24.py): every draw a test does not force and every answer it does not give
fails it; each id is the seat's starting character."""

from __future__ import annotations

import pytest

from tests.declared_steps import entry, injured, successor, without
from tests.declared_steps import keep_wounded as keep
from tianting.core.errors import IllegalAction
from tianting.core.records import Ruling

from .table24 import Table24, act

XUSHU_NIGHT3 = [{"actor": "徐庶", "skill": "继任", "answer": "卧龙"}]
"""徐庶 dies naturally at night 3: his successor is chosen."""
ALL_ON_ZHANGFEI = dict.fromkeys(("曹操", "荀彧", "郭嘉", "张辽", "典韦", "孙坚", "吕蒙", "黄盖"), "张飞")


def pick(pid: str, skill: str, digit: int) -> list[dict[str, object]]:
    return [{"actor": pid, "skill": skill, "answer": digit}]


def caoren() -> Table24:
    """夏侯惇 dies the first night; his id plays 曹仁 (「死亡后以曹仁的角色继续游戏」) from the second."""
    t = Table24()
    successor(t, "夏侯惇")
    assert t.character("夏侯惇") == "曹仁"
    return t


@pytest.mark.skill("八门金锁")
def test_bamenjinsuo_traps_across_nights_until_an_escape() -> None:
    """曹仁【八门金锁】 (a once-only 【武侯八阵】): the id trapped has all his actions fail and every action aimed at
    him void (刘备's 指认 fails; 张辽's stab on him is void). By day he names a digit: 3 means B (still trapped), so
    that day's vote is void (「判定结果为BCD，则次日投票无效」: eight votes on 张飞 harm nobody), and the next night he is
    trapped again; the day after, 1 means A (脱出): the vote counts, and the night after he acts (R-lianhuan-2)."""
    t = caoren()
    t.night(act("夏侯惇", "八门金锁", "刘备", meanings="AABBCCDE"), act("刘备", "指认", "关羽", character="关羽"),
            act("张辽", "刺杀", "刘备"))
    assert entry(t, "刘备", "指认")["state"] == "void"
    assert entry(t, "张辽", "刺杀")["state"] == "void"
    assert not injured(t, "刘备")
    assert "你被【八门金锁】困住：白天须指定1-8中的一个数字" in t.said("刘备")
    assert t.state.player("夏侯惇").used.get("八门金锁") == 1
    t.day(ALL_ON_ZHANGFEI, answers=pick("刘备", "八门金锁", 3))
    assert not injured(t, "张飞")
    assert "【八门金锁】八阵判定：刘备 指定数字3：继续被困" in t.said("夏侯惇")
    assert "【八门金锁】八阵判定：你指定数字3，继续被困" in t.said("刘备")
    t.night(act("刘备", "指认", "关羽", character="关羽"), answers=XUSHU_NIGHT3)
    assert entry(t, "刘备", "指认")["state"] == "void"
    t.day(ALL_ON_ZHANGFEI, answers=pick("刘备", "八门金锁", 1))
    assert injured(t, "张飞")  # 脱出: the vote counts
    t.night(act("刘备", "指认", "关羽", character="关羽"))
    assert entry(t, "刘备", "指认")["state"] != "void"


@pytest.mark.skill("八门金锁")
def test_bamenjinsuo_once_and_death_after_the_vote() -> None:
    """【八门金锁】 is used once (a second use is refused). The trapped names 8, his D (死亡): he dies, the death
    taking effect after the vote (「死亡的结算在投票后生效」), and that day's vote is void (D is one of BCD)."""
    t = caoren()
    t.night(act("夏侯惇", "八门金锁", "张昭", meanings="AABBCCED"))
    t.day(ALL_ON_ZHANGFEI, answers=pick("张昭", "八门金锁", 8))
    assert not t.state.player("张昭").alive
    assert not injured(t, "张飞")
    with pytest.raises(IllegalAction):
        t.game.check_action(act("夏侯惇", "八门金锁", "吕蒙", meanings="AABBCCDE"), [])


@pytest.mark.skill("八门金锁")
def test_bamenjinsuo_refuses_bad_meanings() -> None:
    """The user gives the eight digits five meanings: A, B and C twice each, D and E once (「ABC各2、DE各1」)."""
    t = caoren()
    with pytest.raises(IllegalAction):
        t.game.check_action(act("夏侯惇", "八门金锁", "刘备", meanings="AAABCCDE"), [])
    with pytest.raises(IllegalAction):
        t.game.check_action(act("夏侯惇", "八门金锁", "刘备"), [])


def wolong() -> Table24:
    """徐庶's id plays 卧龙 from night 4."""
    t = Table24()
    t.quiet(2)
    t.night(answers=XUSHU_NIGHT3)
    t.day()
    assert t.character("徐庶") == "卧龙"
    return t


@pytest.mark.skill("武侯八阵")
def test_wuhoubazhen_new_digits_each_night_and_a_broken_formation() -> None:
    """卧龙【武侯八阵】: while the trap stands he may give new digits each night (「每一夜都可以更换一次数字」), but not
    trap another id. The trapped 张辽 names 2: under the new digits that is E (破阵): he is free and may act the next
    night, the day's vote counts, and the formation is void — 卧龙 loses the skill (R-lianhuan-2)."""
    t = wolong()
    t.night(act("徐庶", "武侯八阵", "张辽", meanings="AABBCCDE"))
    t.day(answers=pick("张辽", "武侯八阵", 3))  # B: still trapped
    with pytest.raises(IllegalAction):
        t.game.check_action(act("徐庶", "武侯八阵", "郭嘉", meanings="AABBCCDE"), [])
    t.night(act("徐庶", "武侯八阵", "张辽", meanings="AEBBCCDA"), act("张辽", "刺杀", "庞统"))
    assert entry(t, "张辽", "刺杀")["state"] == "void"
    assert not injured(t, "庞统")
    t.day(ALL_ON_ZHANGFEI, answers=pick("张辽", "武侯八阵", 2))
    assert injured(t, "张飞")
    assert "武侯八阵" not in t.state.player("徐庶").skills
    assert "【武侯八阵】八阵判定：张辽 指定数字2：破阵" in t.said("徐庶")
    t.night(act("张辽", "刺杀", "庞统"))
    assert entry(t, "张辽", "刺杀")["state"] == "done"


@pytest.mark.skill("武侯八阵")
def test_wuhoubazhen_not_on_a_known_countryman() -> None:
    """A countryman 卧龙 knows cannot be trapped (「不能对按照规则认识的本国角色使用此技能（自己不算）」); one of another
    country can."""
    t = wolong()
    t.state.player("徐庶").known["刘备"] = "刘备"
    with pytest.raises(IllegalAction):
        t.game.check_action(act("徐庶", "武侯八阵", "刘备", meanings="AABBCCDE"), [])
    t.game.check_action(act("徐庶", "武侯八阵", "郭嘉", meanings="AABBCCDE"), [])


@pytest.mark.skill("八门金锁")
def test_bamenjinsuo_trap_outlives_its_user() -> None:
    """The user's death leaves the trap standing (「卧龙/姜维的死亡不影响已经存在的八阵的效果」; 八门金锁 handled as
    武侯八阵): 曹仁 dies, and the next day the trapped 郭嘉 still names his digit; 7 (D) kills him after the vote."""
    t = caoren()
    t.night(act("夏侯惇", "八门金锁", "郭嘉", meanings="AABBCCDE"))
    t.day(answers=pick("郭嘉", "八门金锁", 4))
    t.night(rulings=(Ruling("kill", "夏侯惇"),), answers=XUSHU_NIGHT3)
    assert not t.state.player("夏侯惇").alive
    r = t.day(answers=pick("郭嘉", "八门金锁", 7))
    assert "郭嘉" in r.announcement["died"]


# ---- 庞统【连环妙计】 -------------------------------------------------------------------------------------------------
GUOJIA_GOES_ON = [{"actor": "郭嘉", "skill": "继任", "answer": "荀攸"}]


@pytest.mark.skill("连环妙计")
def test_lianhuan_an_action_on_one_end_acts_on_both() -> None:
    """庞统【连环妙计】: two ids chained, every action aimed at either by id acts on both (「针对其中任一人以ID为目标的
    行动均对两人同时生效」): 张飞's stab on 郭嘉 stabs 荀彧 too, and both die (郭嘉's id goes on as 荀攸); 庞统 is
    told the chain he made (R-lianhuan-4)."""
    t = Table24()
    t.night(act("庞统", "连环妙计", "郭嘉", "荀彧"), act("张飞", "刺杀", "郭嘉"), answers=GUOJIA_GOES_ON)
    assert t.character("郭嘉") == "荀攸"
    assert not t.state.player("荀彧").alive
    assert "【连环妙计】：连环 郭嘉 与 荀彧" in t.said("庞统")


@pytest.mark.skill("连环妙计")
def test_lianhuan_lasts_across_nights() -> None:
    """The chain lasts (「此后……」): the second night, with no use of the skill, 黄盖【火船冲阵】 on 荀彧 wounds 郭嘉
    too."""
    t = Table24()
    t.night(act("庞统", "连环妙计", "郭嘉", "荀彧"))
    t.day()
    t.night(act("黄盖", "火船冲阵", "荀彧"))
    assert injured(t, "荀彧") and injured(t, "郭嘉")


@pytest.mark.skill("连环妙计")
def test_lianhuan_move_keeps_one_end() -> None:
    """A move (「可以选择C，使之与A或B相连，但相应地，B或A解开连环」): 张昭 joins 郭嘉 and 荀彧 is let go; 黄盖【火船冲阵】 on 张昭 wounds 郭嘉 and not 荀彧. A move must name
    the new id and one end (R-lianhuan-4)."""
    t = Table24()
    t.night(act("庞统", "连环妙计", "郭嘉", "荀彧"))
    t.day()
    with pytest.raises(IllegalAction):
        t.game.check_action(act("庞统", "连环妙计", "张昭", "吕蒙"), [])
    t.night(act("庞统", "连环妙计", "张昭", "郭嘉"), act("黄盖", "火船冲阵", "张昭"))
    assert "【连环妙计】：连环改为 郭嘉 与 张昭" in t.said("庞统")
    assert injured(t, "张昭") and injured(t, "郭嘉") and not injured(t, "荀彧")


@pytest.mark.skill("连环妙计")
def test_lianhuan_false_end_stops_the_chain_until_moved() -> None:
    """假连环: 曹操's character dies (his id goes on as 曹丕) while 刘备 lives: that end is false and the chain acts on
    neither (徐庶【击剑长歌】's wound on 刘备 stays his). Moved off the false end (孙坚 joins 刘备), it acts again:
    黄盖【火船冲阵】's wound on 刘备 wounds 孙坚 too (释疑 2, R-lianhuan-4). (Each wound a skill once a game, R53.)"""
    t = Table24()
    without(t, "兵圣后裔")  # 孙坚's own guard would meet the wound the chain passes him: not this test's subject
    t.night(act("庞统", "连环妙计", "曹操", "刘备"), rulings=(Ruling("kill", "曹操"),),
            answers=[{"actor": "曹操", "skill": "继任", "answer": "曹丕"}])
    t.day()
    t.night(act("徐庶", "击剑长歌", "刘备"))
    assert injured(t, "刘备") and not injured(t, "曹操")
    t.day(digits=keep(t, "刘备"))
    t.night(act("庞统", "连环妙计", "孙坚", "刘备"), act("黄盖", "火船冲阵", "刘备"), answers=XUSHU_NIGHT3)
    assert "【连环妙计】：连环改为 刘备 与 孙坚" in t.said("庞统")
    assert injured(t, "孙坚")


@pytest.mark.skill("连环妙计")
def test_lianhuan_both_ends_false_breaks_it_and_cancel_ends_it() -> None:
    """Both ends false (both died in the stab that spread), the chain is broken and the skill cannot be used again
    (「当两端都处于假连环状态时，连环断开不可再用」). On another table 庞统 cancels his chain (「使用者自行取消连环后，
    此技能无法再使用」): the chain as it stood still acts that night (「原有的连环状态」 before any change), not after:
    黄盖's wound on 曹操 the next night does not reach 刘备, and a new use is refused (R-lianhuan-4)."""
    t = Table24()
    t.night(act("庞统", "连环妙计", "郭嘉", "荀彧"), act("张飞", "刺杀", "郭嘉"), answers=GUOJIA_GOES_ON)
    t.day()
    t.night()
    assert "连环两端均已失效，连环断开" in " ".join(t.said("庞统"))
    t.day()
    with pytest.raises(IllegalAction):
        t.game.check_action(act("庞统", "连环妙计", "张昭", "吕蒙"), [])
    t2 = Table24()
    without(t2, "曹魏谋主", "留侯再世")  # 荀攸 and 荀彧 guard 魏 and its lord: not this test's subject
    t2.night(act("庞统", "连环妙计", "曹操", "刘备"))
    t2.day()
    t2.night(act("庞统", "连环妙计", cancel=True))
    assert "你取消了【连环妙计】的连环，此技能无法再使用" in t2.said("庞统")
    t2.day()
    t2.night(act("黄盖", "火船冲阵", "曹操"), answers=XUSHU_NIGHT3)
    assert injured(t2, "曹操") and not injured(t2, "刘备")
    with pytest.raises(IllegalAction):
        t2.game.check_action(act("庞统", "连环妙计", "张昭", "吕蒙"), [])


# ---- 庞统【运筹帷幄】 -------------------------------------------------------------------------------------------------
@pytest.mark.skill("运筹帷幄")
def test_yunchouweiwo_orders_a_countryman_s_skill() -> None:
    """庞统【运筹帷幄】: he orders 徐庶 to use 【击剑长歌】 on 曹操. The order is carried out (曹操 is wounded) and
    徐庶's own use, on 张辽, fails (「选择使用的技能将视作发动失败」); 徐庶 is told he was ordered (R-lianhuan-7)."""
    t = Table24()
    without(t, "曹魏谋主", "留侯再世")  # 荀攸 and 荀彧 guard 魏 and its lord: not this test's subject
    t.night(act("庞统", "运筹帷幄", "徐庶", "曹操", order="击剑长歌"), act("徐庶", "击剑长歌", "张辽"))
    assert injured(t, "曹操") and not injured(t, "张辽")
    assert entry(t, "徐庶", "击剑长歌")["state"] == "failed"
    assert "你当夜被【运筹帷幄】命令：对 曹操 进行【击剑长歌】" in t.said("徐庶")


@pytest.mark.skill("运筹帷幄")
def test_yunchouweiwo_orders_a_recognition_not_a_stab() -> None:
    """An order of 指认: 刘备 names 关羽 as 关羽 (his allowance) and is answered; his own 指认 that night is void
    (「当夜其自己进行的指认无效」). A stab cannot be ordered (「不得命令杀手发动刺杀」). 8.1 gives no count: once a game
    (R53), a second use is refused. On another table an order to another country's player fails, 庞统 told
    (R-lianhuan-7)."""
    t = Table24()
    with pytest.raises(IllegalAction):
        t.game.check_action(act("庞统", "运筹帷幄", "关羽", "曹操", order="刺杀"), [])
    t.night(act("庞统", "运筹帷幄", "刘备", "关羽", order="指认", character="关羽"),
            act("刘备", "指认", "张飞", character="张飞"))
    assert entry(t, "刘备", "指认")["state"] == "failed"
    assert "关羽 是关羽，你单方认识了关羽" in t.said("刘备")
    t.day()
    with pytest.raises(IllegalAction, match="【运筹帷幄】只能使用一次，已经消耗"):
        t.game.check_action(act("庞统", "运筹帷幄", "刘备", "张飞", order="指认", character="张飞"), [])
    t2 = Table24()
    t2.night(act("庞统", "运筹帷幄", "孙坚", "曹操", order="横扫江东"))
    assert entry(t2, "庞统", "运筹帷幄")["state"] == "failed"
    assert "【运筹帷幄】命令失败：被命令者不是本国角色" in t2.said("庞统")
    assert not injured(t2, "曹操")


@pytest.mark.skill("武侯八阵", "八门金锁")
def test_a_trapped_user_cannot_trap() -> None:
    """A player still trapped from a night before has every action fail, his own trap too (「使其当夜行动全部发动失败」):
    卧龙, trapped by 曹仁's 八门金锁 and still trapped by his digit (B), cannot trap 曹仁 the next night."""
    t = wolong()
    successor(t, "夏侯惇")
    t.night(act("夏侯惇", "八门金锁", "徐庶", meanings="AABBCCDE"))
    t.day(answers=pick("徐庶", "八门金锁", 3))
    t.night(act("徐庶", "武侯八阵", "夏侯惇", meanings="AABBCCDE"))
    assert entry(t, "徐庶", "武侯八阵")["state"] == "void"
    t.day(answers=pick("徐庶", "八门金锁", 1))
    assert "【八门金锁】八阵判定：你指定数字1，脱出" in t.said("徐庶")


@pytest.mark.skill("武侯八阵", "连环妙计")
def test_a_standing_chain_spreads_a_trap_to_both_ends() -> None:
    """Seed 003 ranks 「原有的连环状态」 before 【武侯八阵】: 卧龙 traps 郭嘉, who stands chained to 荀彧, and both are
    trapped; each names his own digit by day (R-lianhuan-2, R-lianhuan-4)."""
    t = wolong()
    t.night(act("庞统", "连环妙计", "郭嘉", "荀彧"))
    t.day()
    t.night(act("徐庶", "武侯八阵", "郭嘉", meanings="AABBCCDE"), act("郭嘉", "指认", "典韦", character="典韦"),
            act("荀彧", "指认", "张飞", character="张飞"))
    assert entry(t, "郭嘉", "指认")["state"] == "void" and entry(t, "荀彧", "指认")["state"] == "void"
    t.day(answers=pick("郭嘉", "武侯八阵", 1) + pick("荀彧", "武侯八阵", 2))
    assert "【武侯八阵】八阵判定：荀彧 指定数字2：脱出" in t.said("徐庶")
