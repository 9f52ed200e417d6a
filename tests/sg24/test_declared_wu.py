"""The 24人 pack's 吴 and 在野 skills the engine resolves (issue 31): each test names the skill, states the 8.1 fact
it rests on in our words, and, where two skills meet, the seed 001 sentence that orders them. Rulings: R-wu-* in
docs/rulings/packs-wu.md.

The table is strict (tests/sg24/table24.py): every draw a test does not force and every answer it does not give
fails it; each id is the seat's starting character."""

from __future__ import annotations

import pytest

from tests.declared_steps import entry, injured, successor
from tianting.core.errors import IllegalAction
from tianting.core.records import Ruling
from tianting.core.state import Status

from .table24 import Table24, act

XUSHU_NIGHT3 = [{"actor": "徐庶", "skill": "继任", "answer": "卧龙"}]
"""徐庶 dies naturally at night 3 (「徐庶是游戏第三夜结算时自然死亡」): his successor is chosen."""


# ---- 孙坚 ---------------------------------------------------------------------------------------------------------
@pytest.mark.skill("兵圣后裔")
def test_bingshenghouyi_stops_one_strategist_harm_once() -> None:
    """孙坚【兵圣后裔】: a passive that stops one 军师负面 effect on him, once a game (黄盖【火船冲阵】 is 军师负面).
    Two such effects the same night (徐庶【击剑长歌】 too): one is stopped, the other wounds him. It is no defence
    against a 武将杀伤 effect (吕蒙【勇贯三军】)."""
    t = Table24()
    r = t.night(act("黄盖", "火船冲阵", "孙坚"))
    assert not injured(t, "孙坚")
    assert t.state.player("孙坚").used.get("兵圣后裔") == 1
    assert "你的【兵圣后裔】已触发并消耗" in t.said("孙坚")
    assert not any("兵圣后裔" in w for w in r.warnings)
    t1 = Table24()
    t1.night(act("黄盖", "火船冲阵", "孙坚"), act("徐庶", "击剑长歌", "孙坚"))
    assert injured(t1, "孙坚")
    assert t1.state.player("孙坚").used.get("兵圣后裔") == 1
    t2 = Table24().force("【勇贯三军】wound 吕蒙→孙坚", True)
    t2.night(act("吕蒙", "勇贯三军", "孙坚"))
    assert injured(t2, "孙坚")
    assert not t2.state.player("孙坚").used.get("兵圣后裔")
    t2.check_unused()


# ---- 太史慈 -------------------------------------------------------------------------------------------------------
@pytest.mark.skill("匹马冲阵", "浑身是胆")
def test_pimachongzhen_triples_the_stab_past_one_defence() -> None:
    """太史慈【匹马冲阵】: used with his stab, the stab has three times its effect (「用以抵消武将保护技能」): 赵云
    【浑身是胆】 stops one harm to 庞统, and the stab still kills him; without 匹马冲阵 the defence stops it."""
    t = Table24()
    r = t.night(act("太史慈", "刺杀", "庞统"), act("太史慈", "匹马冲阵"), act("赵云", "浑身是胆", "庞统"))
    assert t.character("庞统") == "法正"  # 庞统 died; his successor plays on
    assert entry(t, "太史慈", "刺杀")["state"] == "done"
    assert entry(t, "太史慈", "匹马冲阵")["state"] == "done"
    assert not any("匹马冲阵" in w for w in r.warnings)
    t2 = Table24()
    t2.night(act("太史慈", "刺杀", "庞统"), act("赵云", "浑身是胆", "庞统"))
    assert t2.character("庞统") == "庞统" and not injured(t2, "庞统")


@pytest.mark.skill("匹马冲阵")
def test_pimachongzhen_lands_the_stab_once() -> None:
    """R-wu-2: the three copies are one stab: a stab lessened to a wound (a killer's on his own country, 「刺杀到
    本国时，刺杀致死一半概率减轻为致伤」) wounds 张昭 once, it does not sum to a death; without a stab the use fails."""
    t = Table24().force("本国刺杀减轻 太史慈→张昭", True)
    t.night(act("太史慈", "刺杀", "张昭"), act("太史慈", "匹马冲阵"))
    assert injured(t, "张昭") and t.character("张昭") == "张昭"
    t.check_unused()
    t2 = Table24()
    t2.night(act("太史慈", "匹马冲阵"))
    assert entry(t2, "太史慈", "匹马冲阵")["state"] == "failed"


# ---- 徐盛 (黄盖's successor) ---------------------------------------------------------------------------------------
@pytest.mark.skill("疑城之计")
def test_yichengzhiji_lessens_the_lords_countrys_stabs() -> None:
    """徐盛【疑城之计】: named id a 君主 (曹操): tonight 魏's killers' stabs are lessened to wounds (夏侯惇's on 刘备);
    another country's killer (太史慈 on 庞统) still kills."""
    t = Table24()
    successor(t, "黄盖", "徐盛")
    assert t.character("黄盖") == "徐盛"
    t.night(act("黄盖", "疑城之计", "曹操"), act("夏侯惇", "刺杀", "刘备"), act("太史慈", "刺杀", "庞统"))
    assert injured(t, "刘备") and t.character("刘备") == "刘备"
    assert t.character("庞统") == "法正"
    assert entry(t, "黄盖", "疑城之计")["state"] == "done"


@pytest.mark.skill("疑城之计")
def test_yichengzhiji_on_one_who_is_no_lord_does_nothing() -> None:
    """徐盛【疑城之计】: 「若其身份为君主」: on 郭嘉 (军师) the use fails and 夏侯惇's stab kills."""
    t = Table24()
    successor(t, "黄盖", "徐盛")
    t.night(act("黄盖", "疑城之计", "郭嘉"), act("夏侯惇", "刺杀", "刘备"))
    assert t.character("刘备") == "刘禅"
    assert entry(t, "黄盖", "疑城之计")["state"] == "failed"


# ---- 华佗 ---------------------------------------------------------------------------------------------------------
@pytest.mark.skill("针灸奇术")
def test_zhenjiuqishu_voids_the_stabs_on_its_target() -> None:
    """华佗【针灸奇术】: the id he names is stabbed tonight: every stab on it fails (夏侯惇's on 庞统)."""
    t = Table24()
    r = t.night(act("华佗", "针灸奇术", "庞统"), act("夏侯惇", "刺杀", "庞统"))
    assert t.character("庞统") == "庞统" and not injured(t, "庞统")
    assert entry(t, "夏侯惇", "刺杀")["state"] == "void"
    assert t.state.player("华佗").used.get("针灸奇术") == 1
    assert not any("针灸奇术" in w for w in r.warnings)


@pytest.mark.skill("针灸奇术")
def test_zhenjiuqishu_second_empty_needle_wounds_the_user_and_three_uses() -> None:
    """华佗【针灸奇术】: a use on an id no one stabs is an empty needle; the second wounds the user (R-wu-5); it may
    be used three times."""
    t = Table24()
    t.night(act("华佗", "针灸奇术", "庞统"))
    assert not injured(t, "华佗")
    t.day()
    t.night(act("华佗", "针灸奇术", "庞统"))
    assert injured(t, "华佗")
    assert t.state.player("华佗").used.get("针灸奇术") == 2
    t.state.player("华佗").used["针灸奇术"] = 3
    t.state.player("华佗").status = Status.ALIVE
    with pytest.raises(IllegalAction):
        t.game.check_action(act("华佗", "针灸奇术", "庞统"), [])


# ---- 葛玄 (华佗's successor) ---------------------------------------------------------------------------------------
@pytest.mark.skill("结庐炼丹")
def test_jieluliandan_lessens_tonights_harm() -> None:
    """葛玄【结庐炼丹】: the id's harm tonight is one level lighter: a wound (黄盖【火船冲阵】 on 郭嘉) comes to nothing,
    a death (太史慈's stab on 庞统) to a wound."""
    t = Table24()
    successor(t, "华佗")
    assert t.character("华佗") == "葛玄"
    r = t.night(act("华佗", "结庐炼丹", "郭嘉"), act("黄盖", "火船冲阵", "郭嘉"))
    assert not injured(t, "郭嘉")
    assert not any("结庐炼丹" in w for w in r.warnings)
    t2 = Table24()  # 结庐炼丹 is used once a game (R53): the death on a table of its own
    successor(t2, "华佗")
    t2.night(act("华佗", "结庐炼丹", "庞统"), act("太史慈", "刺杀", "庞统"))
    assert injured(t2, "庞统") and t2.character("庞统") == "庞统"


@pytest.mark.skill("一叶障目")
def test_yiyezhangmu_gives_every_evaluation_tonight() -> None:
    """葛玄【一叶障目】: tonight the id has all nine evaluations: 吕蒙's 评价指认 of 郭嘉 as 统帅 says yes, and 曹操
    【亲冒矢石】 (only on one without 猛将) does nothing to him."""
    t = Table24()
    successor(t, "华佗")
    t.night(act("华佗", "一叶障目", "郭嘉"), act("吕蒙", "指认", "郭嘉", evaluation="统帅"),
            act("曹操", "亲冒矢石", "郭嘉"))
    assert "郭嘉是统帅" in t.said("吕蒙")
    assert not injured(t, "郭嘉")
    t.day()
    t.night(act("吕蒙", "指认", "郭嘉", evaluation="统帅"), answers=XUSHU_NIGHT3)
    assert "郭嘉不是统帅" in t.said("吕蒙")


# ---- 孙策 (孙坚's successor) ---------------------------------------------------------------------------------------
@pytest.mark.skill("霸王再世")
def test_bawangzaishi_half_stops_the_first_attack() -> None:
    """孙策【霸王再世】: the first 武将杀伤 attack on him (吕蒙【勇贯三军】, its half chance won) sets it off: with half
    chance it is stopped; it is spent, so the next attack (黄忠【力开两石】, the next night) wounds him."""
    from tests.sg24.test_declared_wei import Seated

    t = Seated(关羽="黄忠")
    successor(t, "孙坚")
    assert t.character("孙坚") == "孙策"
    t.force("【勇贯三军】wound 吕蒙→孙坚", True).force("【霸王再世】孙坚", True)
    r = t.night(act("吕蒙", "勇贯三军", "孙坚"))
    assert not injured(t, "孙坚") and not injured(t, "吕蒙")
    assert "你的【霸王再世】已触发并消耗" in t.said("孙坚")
    assert not any("霸王再世" in w for w in r.warnings)
    t.check_unused()
    t.day()
    t.night(act("黄忠", "力开两石", "孙坚"), answers=XUSHU_NIGHT3)
    assert injured(t, "孙坚")
    t.check_unused()


@pytest.mark.skill("霸王再世")
def test_bawangzaishi_otherwise_wounds_both() -> None:
    """孙策【霸王再世】: the other half: he and the attacker are wounded together (吕蒙 too)."""
    t = Table24()
    successor(t, "孙坚")
    t.force("【勇贯三军】wound 吕蒙→孙坚", True).force("【霸王再世】孙坚", False)
    t.night(act("吕蒙", "勇贯三军", "孙坚"))
    assert injured(t, "孙坚") and injured(t, "吕蒙")
    t.check_unused()


# ---- 周泰 (黄盖's successor) ---------------------------------------------------------------------------------------
def dealt_in_order(t: Table24, pid: str, nth: int) -> None:
    """``pid``'s ``nth`` 伤判 table is dealt in order: digit d picks the table's d-th outcome."""
    for k in range(10):
        t.force(f"伤判表 {pid} 第{nth}次#{k + 1}", str(k))


@pytest.mark.skill("九死一生")
def test_jiusiyisheng_wound_checks_never_kill() -> None:
    """周泰【九死一生】: his 伤判 heal or keep him wounded, half and half (the digit that is a death in the rules'
    first table, 「十分之三的概率死亡」, heals him here); after a 继续受伤, the next check heals him."""
    t = Table24()
    successor(t, "黄盖", "周泰")
    t.night(act("徐庶", "击剑长歌", "黄盖"))
    assert injured(t, "黄盖")
    dealt_in_order(t, "黄盖", 1)
    r = t.day(digits={"黄盖": 3})
    assert t.state.player("黄盖").status is Status.ALIVE and t.character("黄盖") == "周泰"
    assert not any("九死一生" in w for w in r.warnings)
    t.check_unused()
    t.force("【勇贯三军】wound 吕蒙→黄盖", True)  # 击剑长歌 is spent (R53): another wound, its half chance won
    t.night(act("吕蒙", "勇贯三军", "黄盖"), answers=XUSHU_NIGHT3)
    dealt_in_order(t, "黄盖", 1)
    t.day(digits={"黄盖": 9})
    assert injured(t, "黄盖")
    t.night()
    dealt_in_order(t, "黄盖", 2)
    t.day(digits={"黄盖": 9})  # the rules' second table's tenth outcome is a death
    assert t.state.player("黄盖").status is Status.ALIVE and t.character("黄盖") == "周泰"
    t.check_unused()


# ---- 陈登 ---------------------------------------------------------------------------------------------------------
@pytest.mark.skill("固守广陵")
def test_gushouguangling_stops_one_sides_harm_and_its_dealer_next_night() -> None:
    """陈登【固守广陵】: side 魏 and 庞统: tonight the greatest harm 魏's players deal 庞统 is stopped (曹操【亲冒矢石】),
    not another side's (黄盖【火船冲阵】 wounds him); the next night the stopped dealer's 武将杀伤 use on 庞统 (许褚's
    虎痴喋血) goes off but does nothing (R-wu-9)."""
    t = Table24()
    r = t.night(act("陈登", "固守广陵", "庞统", country="魏"), act("曹操", "亲冒矢石", "庞统"),
                act("黄盖", "火船冲阵", "庞统"))
    assert injured(t, "庞统") and t.character("庞统") == "庞统"  # one wound, not two
    assert not any("固守广陵" in w for w in r.warnings)
    from tests.sg24.test_declared_wei import Seated

    # a 武将杀伤 skill used on two nights: 许褚's 虎痴喋血 (a stab that is no killer's), kept unspent the first night
    # by 陆逊's 不耻下问 (a 护卫's skills used that night are not used up; else it is used once a game, R53)
    t2 = Seated(典韦="许褚", 吕蒙="陆逊")
    t2.night(act("陈登", "固守广陵", "庞统", country="魏"), act("许褚", "虎痴喋血", "庞统"),
             act("陆逊", "不耻下问", "许褚"))
    assert t2.state.player("庞统").alive and not injured(t2, "庞统")
    assert not t2.state.player("许褚").used.get("虎痴喋血")
    t2.day()
    t2.night(act("许褚", "虎痴喋血", "庞统"))
    assert t2.state.player("庞统").alive and not injured(t2, "庞统")
    assert entry(t2, "许褚", "虎痴喋血")["state"] == "done"


@pytest.mark.skill("固守广陵")
def test_gushouguangling_needs_a_side() -> None:
    """陈登【固守广陵】 names a 阵营 (魏、蜀、吴 or 在野) and an id: a use without one is refused."""
    t = Table24()
    with pytest.raises(IllegalAction):
        t.game.check_action(act("陈登", "固守广陵", "庞统"), [])


# ---- 丁奉 (太史慈's successor) -------------------------------------------------------------------------------------
@pytest.mark.skill("老当益壮")
def test_laodangyizhuang_two_stabs_after_three_days_on_stage() -> None:
    """丁奉【老当益壮】: once he has been on stage three full days he may stab twice a night (R-wu-10). He enters on
    night 1; on night 3 (two days played) a second stab is refused; on night 4 both stabs resolve."""
    t = Table24()
    successor(t, "太史慈", "丁奉")
    assert t.character("太史慈") == "丁奉"
    t.night()
    t.day()
    first = act("太史慈", "刺杀", "庞统")
    with pytest.raises(IllegalAction):
        t.game.check_action(act("太史慈", "刺杀", "郭嘉"), [first])
    t.night(answers=XUSHU_NIGHT3)
    t.day()
    t.game.check_action(act("太史慈", "刺杀", "甄姬"), [first])  # accepted
    t.night(first, act("太史慈", "刺杀", "甄姬"))
    assert t.character("庞统") == "法正"
    assert not t.state.player("甄姬").alive  # 甄姬 has no successor: the id leaves the game


# ---- 陆逊 (吕蒙's successor) ---------------------------------------------------------------------------------------
def once_a_game(t: Table24, character: str, skill: str) -> None:
    """A judge's pack where ``character``'s ``skill`` is a wound once a game (the bundled 杀手 and 护卫 have no
    limited skill for 不耻下问 to spare)."""
    from dataclasses import replace

    from tianting.rules.sg24.declared.schema import parse_effect

    ch = t.game.pack.characters[character]
    effect = parse_effect({"do": [{"verb": "wound"}], "limit": "once"}, f"「{character}」【{skill}】", "active")
    skills = tuple(replace(s, effect=effect) if s.name == skill else s for s in ch.skills)
    # the game's own copy: the bundled pack is shared by every game
    t.game.pack = replace(t.game.pack, characters={**t.game.pack.characters, character: replace(ch, skills=skills)})


@pytest.mark.skill("不耻下问")
def test_buchixiawen_the_guards_skill_is_not_used_up() -> None:
    """陆逊【不耻下问】: 黄盖 (护卫) named: the skill he uses that night goes off and is not used up (R-wu-11); named on
    郭嘉 (军师) it does nothing."""
    t = Table24()
    successor(t, "吕蒙")
    assert t.character("吕蒙") == "陆逊"
    once_a_game(t, "黄盖", "火船冲阵")
    r = t.night(act("吕蒙", "不耻下问", "黄盖"), act("黄盖", "火船冲阵", "郭嘉"))
    assert injured(t, "郭嘉")
    assert not t.state.player("黄盖").used.get("火船冲阵")
    assert not any("不耻下问" in w for w in r.warnings)
    t2 = Table24()
    successor(t2, "吕蒙")
    once_a_game(t2, "黄盖", "火船冲阵")
    t2.night(act("吕蒙", "不耻下问", "郭嘉"), act("黄盖", "火船冲阵", "郭嘉"))
    assert t2.state.player("黄盖").used.get("火船冲阵") == 1
    assert entry(t2, "吕蒙", "不耻下问")["state"] == "failed"


@pytest.mark.skill("献计袭徐")
def test_xianjixixu_a_killer_who_agrees_turns_his_stab() -> None:
    """陈登【献计袭徐】: 魏 and 华佗 (an 在野 like 陈登): 夏侯惇, who stabs 庞统, is asked and agrees: his stab is turned on
    华佗; 陈登 is told that he agreed."""
    t = Table24()
    r = t.night(act("陈登", "献计袭徐", "华佗", country="魏"), act("夏侯惇", "刺杀", "庞统"),
                answers=[{"actor": "夏侯惇", "skill": "献计袭徐", "answer": "同意"}])
    assert t.character("庞统") == "庞统" and not injured(t, "庞统")
    assert t.character("华佗") == "葛玄"  # 华佗 died; his successor plays on
    assert "夏侯惇同意将刺杀目标改为华佗" in t.said("陈登")
    assert not any("献计袭徐" in w for w in r.warnings)


@pytest.mark.skill("献计袭徐")
def test_xianjixixu_a_refusal_halves_the_countrys_stabs_and_wounds_the_refuser() -> None:
    """陈登【献计袭徐】: 夏侯惇 refuses: 魏's stabs tonight go off with half chance (his is lost) and he is wounded; named
    on an id of another side (庞统, 蜀) the use fails and cannot be used again."""
    t = Table24().force("成功率减半 夏侯惇【刺杀】", False)
    t.night(act("陈登", "献计袭徐", "华佗", country="魏"), act("夏侯惇", "刺杀", "庞统"),
            answers=[{"actor": "夏侯惇", "skill": "献计袭徐", "answer": "拒绝"}])
    assert t.character("庞统") == "庞统" and not injured(t, "庞统")
    assert injured(t, "夏侯惇")
    assert "夏侯惇拒绝将刺杀目标改为华佗" in t.said("陈登")
    t.check_unused()
    t2 = Table24()
    t2.night(act("陈登", "献计袭徐", "庞统", country="魏"))
    assert entry(t2, "陈登", "献计袭徐")["state"] == "failed"
    t2.day()
    with pytest.raises(IllegalAction):
        t2.game.check_action(act("陈登", "献计袭徐", "华佗", country="魏"), [])


@pytest.mark.skill("河海豪气")
def test_hehaihaoqi_asked_evaluations_become_his_next_nights_recognition() -> None:
    """陈登【河海豪气】: asked for 统帅 by 吕蒙's 评价指认, he is told so, and the next night he may ask one id for 统帅
    (not for another evaluation); the night after, no more (R-wu-13)."""
    t = Table24()
    r = t.night(act("吕蒙", "指认", "陈登", evaluation="统帅"))
    assert any("统帅" in line and "评价指认" in line for line in t.said("陈登"))
    assert not any("河海豪气" in w for w in r.warnings)
    t.day()
    with pytest.raises(IllegalAction):
        t.game.check_action(act("陈登", "指认", "郭嘉", evaluation="智者"), [])
    t.night(act("陈登", "指认", "郭嘉", evaluation="统帅"))
    assert "郭嘉不是统帅" in t.said("陈登")
    t.day()
    with pytest.raises(IllegalAction):
        t.game.check_action(act("陈登", "指认", "郭嘉", evaluation="统帅"), [])


@pytest.mark.skill("结纳豪俊")
def test_jienahaojun_a_hidden_vote_the_next_day() -> None:
    """孙策【结纳豪俊】: used at night, the next day he casts one vote more, a 暗票 not shown on the ballot (R-wu-14):
    刘备's vote on 郭嘉 and 曹操's on 庞统 would tie; 孙策's 暗票 on 庞统 makes him the most voted, and the post's
    ballot shows the two open votes only. Answering 「不投」 (as a player who names no one does), the tie stands."""
    t = Table24()
    successor(t, "孙坚")
    r = t.night(act("孙坚", "结纳豪俊"))
    assert entry(t, "孙坚", "结纳豪俊")["state"] == "done"
    assert not any("结纳豪俊" in w for w in r.warnings)
    d = t.day({"刘备": "郭嘉", "曹操": "庞统"}, answers=[{"actor": "孙坚", "skill": "结纳豪俊", "answer": "庞统"}])
    assert injured(t, "庞统")
    assert d.announcement["votes"] == {"刘备": "郭嘉", "曹操": "庞统"}
    t2 = Table24()
    successor(t2, "孙坚")
    t2.night(act("孙坚", "结纳豪俊"))
    t2.day({"刘备": "郭嘉", "曹操": "庞统"}, answers=[{"actor": "孙坚", "skill": "结纳豪俊", "answer": "不投"}])
    assert not injured(t2, "庞统") and not injured(t2, "郭嘉")


@pytest.mark.skill("匹马冲阵", "疑城之计", "浑身是胆")
def test_pimachongzhen_and_yichengzhiji_meet_in_either_order() -> None:
    """徐盛【疑城之计】 on 孙坚 lessens 吴's killers' stabs to wounds, 太史慈's tripled one included (R-wu-2, R-wu-3):
    赵云【浑身是胆】 stops one copy, a wound lands once on 庞统. The uses are sent in both orders: the same outcome."""
    outcomes = []
    for first_xusheng in (True, False):
        t = Table24()
        successor(t, "黄盖", "徐盛")
        uses = [act("黄盖", "疑城之计", "孙坚"), act("太史慈", "匹马冲阵")]
        if not first_xusheng:
            uses.reverse()
        t.night(*uses, act("太史慈", "刺杀", "庞统"), act("赵云", "浑身是胆", "庞统"))
        outcomes.append((t.character("庞统"), injured(t, "庞统")))
    assert outcomes == [("庞统", True), ("庞统", True)]


@pytest.mark.skill("霸王再世")
def test_bawangzaishi_is_not_set_off_by_a_stab() -> None:
    """孙策【霸王再世】 names 武将杀伤技能: a killer's 刺杀 is no skill of that attribute (the pack's convention), so a
    stab on him does not spend it."""
    t = Table24()
    successor(t, "孙坚")
    t.night(act("夏侯惇", "刺杀", "孙坚"))
    assert not t.state.player("孙坚").used.get("霸王再世")


@pytest.mark.skill("箭无虚发")
def test_jianwuxufa_wounds_zhangliao_with_its_own_check() -> None:
    """丁奉【箭无虚发】: naming 张辽 rightly wounds him; his 伤判 is half death, half 继续受伤 (the digit that heals in
    the rules' table, 0, kills him here), and a 继续受伤 takes the id out as the next night begins (R-wu-15)."""
    t = Table24()
    successor(t, "太史慈", "丁奉")
    r = t.night(act("太史慈", "指认", "张辽", character="张辽"))
    assert injured(t, "张辽")
    assert "你的【箭无虚发】已触发" in t.said("太史慈")
    assert not any("箭无虚发" in w for w in r.warnings)
    dealt_in_order(t, "张辽", 1)
    t.day(digits={"张辽": 0}, answers=[{"actor": "张辽", "skill": "继任", "answer": "徐晃"}])
    assert t.character("张辽") == "徐晃"
    t.check_unused()
    t2 = Table24()
    successor(t2, "太史慈", "丁奉")
    t2.night(act("太史慈", "指认", "张辽", character="张辽"))
    dealt_in_order(t2, "张辽", 1)
    t2.day(digits={"张辽": 9})
    assert injured(t2, "张辽")
    t2.night(answers=XUSHU_NIGHT3)
    assert not t2.state.player("张辽").alive  # out as the night began, no successor
    t2.check_unused()


def lord_and_zhoutai() -> Table24:
    """Night 1: 孙坚 and 黄盖 die by the judge's rulings; 孙策 and 周泰 play on (孙策's 【霸王再世】 spent beforehand,
    so that it does not meet the attack first)."""
    t = Table24()
    t.night(rulings=(Ruling("kill", "孙坚"), Ruling("kill", "黄盖")),
            answers=[{"actor": "黄盖", "skill": "继任", "answer": "周泰"}])
    t.day()
    assert t.character("孙坚") == "孙策" and t.character("黄盖") == "周泰"
    t.state.player("孙坚").used["霸王再世"] = 1
    return t


@pytest.mark.skill("舍身护主")
def test_sheshenhuzhu_takes_the_lords_harm_if_he_chooses() -> None:
    """周泰【舍身护主】: a 武将杀伤 harm that no defence stops lands on 吴's 君主 (the 24人 game has no 孙权): 周泰 is
    asked; protecting, the lord is unharmed and 周泰 is wounded; declining, the lord is wounded (R-wu-16)."""
    t = lord_and_zhoutai().force("【勇贯三军】wound 吕蒙→孙坚", True)
    r = t.night(act("吕蒙", "勇贯三军", "孙坚"), answers=[{"actor": "黄盖", "skill": "舍身护主", "answer": "保护"}])
    assert not injured(t, "孙坚") and injured(t, "黄盖")
    assert not any("舍身护主" in w for w in r.warnings)
    t.check_unused()
    t2 = lord_and_zhoutai().force("【勇贯三军】wound 吕蒙→孙坚", True)
    t2.night(act("吕蒙", "勇贯三军", "孙坚"), answers=[{"actor": "黄盖", "skill": "舍身护主", "answer": "不保护"}])
    assert injured(t2, "孙坚") and not injured(t2, "黄盖")


@pytest.mark.skill("舍身护主", "浑身是胆")
def test_sheshenhuzhu_is_not_asked_when_a_defence_stops_the_harm() -> None:
    """周泰【舍身护主】 answers a harm 「无法躲避」: 赵云【浑身是胆】 stops it first, so 周泰 is not asked (the strict
    table would fail on an unanswered question)."""
    t = lord_and_zhoutai().force("【勇贯三军】wound 吕蒙→孙坚", True)
    t.night(act("吕蒙", "勇贯三军", "孙坚"), act("赵云", "浑身是胆", "孙坚"))
    assert not injured(t, "孙坚") and not injured(t, "黄盖")
    t.check_unused()
